"""A puzzle written in another format — f-puzzles and SudokuPad links among them — keeping its
title, author and the setter's solution where the format has a place for them; a rule the
format cannot express is named (RuleError), never dropped.

>>> from satdoku.formats import parse_puzzle
>>> text, loss = convert_one(parse_puzzle("1.34 34.2 2.43 43.1"), Target.line, {}, False)
>>> text, bool(loss)
('1.3434.22.4343.1', False)
"""

from __future__ import annotations

import json
from collections import Counter
from enum import Enum

from satdoku.batch.answers import Answer, Handler, OutputFormat
from satdoku.errors import ExitCode, ParseError, RuleError
from satdoku.formats import format_grid, format_json, format_line, puzzle_to_json
from satdoku.formats.fpuzzles_links import dump
from satdoku.formats.fpuzzles_write import fpuzzles_link, to_fpuzzles
from satdoku.formats.givens_only import Loss, givens_only_loss
from satdoku.formats.pencilmarks import pencilmark_line
from satdoku.formats.text import read_cells, read_numbers
from satdoku.puzzle import Puzzle


class Target(str, Enum):
    """The formats ``convert`` writes."""

    fpuzzles = "fpuzzles"
    sudokupad = "sudokupad"
    fpuzzles_json = "fpuzzles-json"
    sudokupad_scl = "sudokupad-scl"
    ipuz = "ipuz"
    json = "json"
    line = "line"
    grid = "grid"


def solution_of(puzzle: Puzzle, text: str | None) -> tuple[int, ...] | None:
    """The setter's solution (``text``, a line of digits) when it solves ``puzzle`` as far as
    the independent checker sees (a full grid keeping the givens, no rule broken), else None.
    """
    if not text:
        return None
    board = puzzle.board
    try:
        if board.multigrid:  # the canvas line format_line writes (or its cells only)
            from satdoku.formats.multigrid import read_on
            grid = read_on(board, text)  # type: ignore[arg-type]
        else:
            numbers = read_numbers(text, 1)
            cells = numbers if numbers is not None and max(numbers.digits, default=0) > 9 \
                else read_cells(text, 1)
            grid = tuple(cells.digits)
    except ParseError:
        return None
    if len(grid) != board.num_cells or not all(1 <= d <= board.n for d in grid):
        return None
    keeps = all(g in (0, d) for g, d in zip(puzzle.givens, grid, strict=True))
    return grid if keeps and not Puzzle(board, grid, puzzle.rules).clashes() else None


def convert_one(puzzle: Puzzle, to: Target, meta: dict[str, str], many: bool,
                givens_only: bool = False) -> tuple[str, Loss]:
    """``puzzle`` in the ``to`` format, and what that format leaves out (RuleError when it
    cannot hold the puzzle)."""
    board = puzzle.board
    text_meta = {k: v for k, v in meta.items() if k != "solution"}
    solution = solution_of(puzzle, meta.get("solution"))
    if to in (Target.fpuzzles, Target.sudokupad):
        return fpuzzles_link(puzzle, to.value, text_meta, solution), Loss()
    if to is Target.fpuzzles_json:
        return dump(to_fpuzzles(puzzle, text_meta, solution)), Loss()
    if to is Target.sudokupad_scl:
        from satdoku.formats.scl_write import scl_link
        return scl_link(puzzle, text_meta, solution), Loss()
    if to is Target.ipuz:
        from satdoku.formats.ipuz import format_ipuz
        return format_ipuz(puzzle, text_meta, solution), Loss()
    if to is Target.json:
        kept = {**text_meta, **({"solution": format_line(board, solution)} if solution else {})}
        if many:
            return json.dumps({**kept, **puzzle_to_json(puzzle)}, ensure_ascii=False), Loss()
        return format_json(puzzle, kept), Loss()
    loss = givens_only_loss(puzzle)
    if loss.dropped and not givens_only:
        raise RuleError(f"--to {to.value} writes the givens only and would lose "
                        f"{loss.dropped_list()}: use --to json or fpuzzles, or --givens-only "
                        "to write the givens anyway")
    if to is Target.line and puzzle.eliminated:
        out = {i: [d for d in range(1, board.n + 1) if (i, d) not in puzzle.eliminated]
               for i in board.cells}
        return pencilmark_line(board, puzzle.givens, out), loss
    if puzzle.eliminated:
        raise RuleError(f"{to.value} has no place for the {len(puzzle.eliminated)} candidates "
                        "that given pencil marks rule out: use --to line (a pencilmark line) "
                        "or an f-puzzles format")
    if to is Target.line:
        return format_line(board, puzzle.givens), loss
    return format_grid(board, puzzle.givens), loss


def loss_note(losses: list[Loss], total: int, to: Target) -> str:
    """One warning line for what the givens-only format left out of the batch."""
    dropped = sum((loss.dropped for loss in losses), Counter[str]())
    options = " or ".join(dict.fromkeys(loss.options for loss in losses if loss.options))
    which = f"{len(losses)} of {total} puzzles: " if total > 1 else ""
    return f"satdoku: warning: {which}{Loss(options, dropped).message(to.value)}"


def convert_answers(to: Target, meta_of: dict[int, dict[str, str]], many: bool,
                    givens_only: bool, losses: list[Loss]) -> Handler:
    """convert's answer for one puzzle (``meta_of``: each puzzle's title, author and solution
    by ``id``; what a givens-only format leaves out is added to ``losses``)."""

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        text, loss = convert_one(p, to, meta_of.get(id(p), {}), many, givens_only)
        if loss:
            losses.append(loss)
        return Answer(ExitCode.OK, "converted", text)

    return handle

"""``satdoku convert``: a puzzle in another format — f-puzzles and SudokuPad links among them."""

from __future__ import annotations

import json
from collections import Counter
from enum import Enum
from typing import Annotated

import typer

from satdoku.analyse.text import pencilmark_line
from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.batch import Answer, run_batch
from satdoku.cli.options import (
    DEFAULTS,
    Box,
    IgnoreUnsupported,
    LayoutOpt,
    Output,
    OutputFormat,
    PuzzleArg,
    Quiet,
    Rules,
)
from satdoku.errors import ExitCode, ParseError, RuleError
from satdoku.formats import format_grid, format_json, format_line, puzzle_to_json
from satdoku.formats.fpuzzles_links import dump
from satdoku.formats.fpuzzles_write import fpuzzles_link, to_fpuzzles
from satdoku.formats.givens_only import Loss, givens_only_loss
from satdoku.formats.loader import read_records
from satdoku.formats.text import read_cells, read_numbers
from satdoku.puzzle import Puzzle
from satdoku.runtime.output import output_stream


class Target(str, Enum):
    fpuzzles = "fpuzzles"
    sudokupad = "sudokupad"
    fpuzzles_json = "fpuzzles-json"
    json = "json"
    line = "line"
    grid = "grid"


To = Annotated[Target, typer.Option(
    "--to", "-t", case_sensitive=False,
    help="fpuzzles: an f-puzzles link (f-puzzles.com/?load=…); sudokupad: a SudokuPad link "
         "(sudokupad.app/fpuzzles…); fpuzzles-json: f-puzzles' JSON (one object per line "
         "for many puzzles, which satdoku reads back); json: satdoku's JSON (one key per "
         "line; one object per line for many puzzles); line; grid (the givens only: see "
         "--givens-only).")]
GivensOnly = Annotated[bool, typer.Option(
    "--givens-only", help="--to line / grid: write the givens even of a puzzle with "
                          "constraints those formats cannot carry (cages, lines, dots, jigsaw "
                          "regions …: lost, and named in a warning). Default: such a puzzle "
                          "is refused (exit code 2). Global rules and other boxes are never "
                          "refused: a warning says which --rules / --box read it back.")]


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


@app.command(epilog=EXIT_CODES)
def convert(puzzle: PuzzleArg, to: To = Target.fpuzzles, box: Box = DEFAULTS["box"],
            layout: LayoutOpt = None,
            rules: Rules = DEFAULTS["rules"], output: Output = None, quiet: Quiet = False,
            ignore_unsupported: IgnoreUnsupported = False,
            givens_only: GivensOnly = False) -> None:
    """Write puzzles in another format: f-puzzles and SudokuPad links, JSON, line, grid.

    Reads everything the other commands read (f-puzzles and SudokuPad links and JSON
    included); one result per puzzle, in order, with its title, author and the setter's
    solution where the format has a place for them. A rule the target format cannot express
    is named (exit code 2), never dropped: line and grid hold the givens only, so a puzzle
    with cages, lines, dots or jigsaw regions is refused unless --givens-only, and a warning
    names the --box / --rules that read a line back.
    Examples: satdoku convert examples/killer.json  ·  satdoku convert LINK --to json  ·
    satdoku convert examples/x-sudoku.json --to line
    """
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    many = len(records) > 1
    meta_of = {id(r.puzzle): dict(r.meta) for r in records if r.meta} if isinstance(
        records, list) else {}
    losses: list[Loss] = []

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        text, loss = convert_one(p, to, meta_of.get(id(p), {}), many, givens_only)
        if loss:
            losses.append(loss)
        return Answer(ExitCode.OK, "converted", text)

    with output_stream(output, keep_partial=many, reading=name) as out:
        code = run_batch(records, name, OutputFormat.line, out, handle, quiet)
    if losses:
        typer.echo(loss_note(losses, len(records), to), err=True)
    raise typer.Exit(int(code))

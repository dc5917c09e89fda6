"""A drawn puzzle's reading turned into a puzzle, and checked against the setter's solution.

A reader that recognises drawings (SudokuPad, Penpa+) may misread one (a dot's colour, a
line's type). When the puzzle carries its published solution, the reading is *verified*:
the solution must keep the givens and break none of the rules read, checked by the rules'
own independent checkers (never the CNF). A solution that breaks one means the reading is
wrong: the puzzle is refused ("read as …, but the published solution breaks … — misread"),
never answered. Without a solution the reading is said to be unverified, in a warning that
goes with every result (stderr, and ``warnings`` in JSON output).

>>> from satdoku.formats.scl_read import Recognition
>>> rec = Recognition({"size": 4, "givens": "1...............",
...                    "white_dots": [["r1c1", "r1c2"]]}, "a 4x4 Sudoku, 1 white dot",
...                   solution="1234341221434321")
>>> checked(rec, "SudokuPad").puzzle.board.n
4
>>> checked(Recognition(rec.obj, rec.summary, solution="1324241331424231"), "SudokuPad")
Traceback (most recent call last):
...
satdoku.errors.ParseError: read as a 4x4 Sudoku, 1 white dot, but the published solution ...
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from satdoku.board import Board
from satdoku.errors import ParseError
from satdoku.formats.json_fields import puzzle_from_json
from satdoku.formats.scl_read import Recognition
from satdoku.formats.text import BoxSpec, read_cells, read_numbers
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule

#: How many refused features a message names before "and N more".
SHOWN = 6


@dataclass(frozen=True)
class Checked:
    """A puzzle read from a drawing, the warnings that go with it, and its solution."""

    puzzle: Puzzle
    warnings: tuple[str, ...]
    solution: tuple[int, ...] | None
    verified: bool


def listed(items: tuple[str, ...] | list[str]) -> str:
    """The first few of ``items``, then how many more."""
    more = len(items) - SHOWN
    return "; ".join(items[:SHOWN]) + (f"; and {more} more" if more > 0 else "")


def solution_grid(text: str, n: int) -> tuple[int, ...] | None:
    """The digits of a published solution: one character a cell, or numbers; None when it is
    no full n×n grid of digits 1..n (then it cannot check anything)."""
    text = text.strip()
    if len(text) == 2 * n * n and text.isdigit() and n > 9:  # SudokuPad pads to two digits
        cells = [int(text[k:k + 2]) for k in range(0, len(text), 2)]
    else:
        try:
            found = read_numbers(text, 1) if " " in text or "," in text else None
            cells = (found or read_cells(text.replace(",", ""), 1)).digits
        except ParseError:
            return None
    if len(cells) != n * n or not all(1 <= d <= n for d in cells):
        return None
    return tuple(cells)


def checked(rec: Recognition, what: str, box: BoxSpec = "auto", rules: tuple[Rule, ...] = (),
            ignore_unsupported: bool = False) -> Checked:
    """The puzzle ``rec`` was read as (``what``: "SudokuPad", "Penpa+"), verified with its
    solution; ParseError when features were refused (unless ``ignore_unsupported``) or when
    the solution shows a misread."""
    warnings: list[str] = []
    if rec.refused and not ignore_unsupported:
        raise ParseError(f"this {what} puzzle has features satdoku cannot interpret: "
                         f"{listed(rec.refused)}; without them the answer may differ, so none "
                         "is given (--ignore-unsupported goes on without them)")
    if rec.refused:
        warnings.append(f"ignored {what} features satdoku cannot interpret: "
                        f"{listed(rec.refused)}")
    try:
        puzzle = puzzle_from_json(rec.obj, box).with_rules(rules)
    except ParseError as err:
        raise ParseError(f"{what}: read as {rec.summary}, which is no valid puzzle: "
                         f"{err.message}") from None
    n = puzzle.board.n
    solution = solution_grid(rec.solution, n) if rec.solution else None
    if solution is None:
        why = ("the puzzle carries no solution" if not rec.solution else
               f"its published solution is not a full {n}x{n} grid")
        warnings.append(f"read as {rec.summary}; unverified ({why} to check the reading with)")
        return Checked(puzzle, tuple(warnings), None, False)
    broken = broken_by(puzzle, solution)
    if broken:
        raise ParseError(f"read as {rec.summary}, but the published solution breaks "
                         f"{listed(broken)} — misread: no answer is given")
    return Checked(puzzle, tuple(warnings), solution, True)


def broken_by(puzzle: Puzzle, solution: tuple[int, ...]) -> list[str]:
    """What a full ``solution`` breaks of ``puzzle``: its givens, then its rules (each
    rule's own checker), one phrase each; empty when it keeps them all."""
    board: Board = puzzle.board
    out = [f"the given {g} in {board.cell_name(i)} (the solution has {d})"
           for i, (g, d) in enumerate(zip(puzzle.givens, solution, strict=True)) if g and g != d]
    filled = replace(puzzle, givens=solution, eliminated=frozenset())
    out += [v.describe(board) for v in filled.clashes()]
    return out

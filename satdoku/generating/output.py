"""A generated puzzle as text: grid (with a header saying how it was made), line, JSON, or a
link that opens it in f-puzzles or SudokuPad.

>>> from satdoku.board import Board
>>> from satdoku.generating import generate
>>> made = generate(Board.classic(4), seed=3)
>>> render(made, GenOutput.json, False).startswith('{"size": 4')
True
>>> undecided_text(3, 1)
'2 orbits and 1 piece or cage merge'
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

from satdoku.formats import format_grid, format_line, puzzle_to_json
from satdoku.formats.fpuzzles_write import fpuzzles_link
from satdoku.generating.stream import Generated


class GenOutput(str, Enum):
    """generate's formats: the common ones, and links that open in f-puzzles or SudokuPad."""

    grid = "grid"
    line = "line"
    json = "json"
    fpuzzles = "fpuzzles"
    sudokupad = "sudokupad"


def render(made: Generated, fmt: GenOutput, with_solution: bool) -> str:
    """One generated puzzle in the chosen format (JSON: one object on one line; a link: one
    line, titled with the seed, carrying the solution with ``with_solution`` so that the
    tools can check it)."""
    board, givens = made.puzzle.board, made.puzzle.givens
    if fmt in (GenOutput.fpuzzles, GenOutput.sudokupad):
        title = f"satdoku generate, seed {made.seed}, puzzle {made.number}"  # remade by seed
        return fpuzzles_link(made.puzzle, fmt.value, meta={"title": title},
                             solution=made.solution if with_solution else None)
    if fmt is GenOutput.json:
        return json.dumps({**puzzle_to_json(made.puzzle), **facts(made), **(
            {"solution": format_line(board, made.solution)} if with_solution else {})})
    if fmt is GenOutput.line:
        between = " " if board.single_char else " | "
        return between.join(format_line(board, g) for g in (
            (givens, made.solution) if with_solution else (givens,)))
    minimal = ("minimal" if made.proven_minimal else
               f"minimality not proven ({undecided_text(made.undecided, made.undecided_pieces)}"
               " undecided)" if made.undecided else "minimality not proven")
    if made.retested:
        minimal += f", {orbits_text(made.retested)} retested with larger budgets"
    head = (f"# puzzle {made.number} (seed {made.seed}): {made.clues} clues, "
            f"{made.symmetry.value}, {minimal}")
    grids = (givens, made.solution) if with_solution else (givens,)
    return head + "\n" + "\n\n".join(format_grid(board, g) for g in grids)


def facts(made: Generated) -> dict[str, Any]:
    """How a puzzle was made, for JSON output."""
    return {"clues": made.clues, "symmetry": made.symmetry.value,
            "minimal": made.proven_minimal, "undecided": made.undecided,
            "seed": made.seed, "number": made.number,
            "seconds": round(made.seconds, 6), "calls": made.calls}


def orbits_text(k: int) -> str:
    """``k`` orbits, in words."""
    return "1 orbit" if k == 1 else f"{k} orbits"


def undecided_text(units: int, pieces: int) -> str:
    """``units`` kept undecided, ``pieces`` of them drawn pieces or cage merges.

    >>> undecided_text(3, 0), undecided_text(2, 2)
    ('3 orbits', '2 pieces or cage merges')
    """
    merges = "1 piece or cage merge" if pieces == 1 else f"{pieces} pieces or cage merges"
    return (orbits_text(units) if not pieces else merges if units == pieces
            else f"{orbits_text(units - pieces)} and {merges}")

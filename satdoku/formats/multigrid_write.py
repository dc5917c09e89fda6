"""Multi-grid puzzles written as text: the canvas row by row, a hole ``*`` (``--format line``)
or left blank (``--format grid``); :mod:`.multigrid` reads both back.

>>> from satdoku.formats import parse_puzzle
>>> puzzle = parse_puzzle("3..2** ..3.** .2..4. .3..1. **.1.. **4..1")
>>> print(format_canvas_grid(puzzle.board, puzzle.givens))
3 . | . 2 |
. . | 3 . |
----+-----+----
. 2 | . . | 4 .
. 3 | . . | 1 .
----+-----+----
    | . 1 | . .
    | 4 . | . 1
>>> format_canvas_line(puzzle.board, puzzle.givens)
'3..2**..3.**.2..4..3..1.**.1..**4..1'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from satdoku.board import Board
from satdoku.formats.records import HOLE
from satdoku.multigrid import MultiBoard
from satdoku.rules import Grid


def _symbols(board: Board, grid: Grid) -> list[str]:
    if board.single_char:
        return [board.symbol(d) for d in grid]
    return [str(d) if d else "." for d in grid]

def format_canvas_line(board: MultiBoard, grid: Grid) -> str:
    """The canvas row by row on one line, ``*`` for a hole (white-space separated numbers
    when digits exceed 61)."""
    symbols, at = _symbols(board, grid), board.cell_at
    places = [at(r, c) for r in range(board.height) for c in range(board.width)]
    cells = [HOLE if i is None else symbols[i] for i in places]
    return "".join(cells) if board.single_char else " ".join(cells)

def canvas_rows(board: MultiBoard, texts: Sequence[str]) -> list[str]:
    """``texts`` (one per cell, right-aligned to a common width) laid out on the canvas:
    ``|`` between boxes, a rule of ``-`` and ``+`` between bands of boxes, holes blank."""
    width = max(map(len, texts), default=1)
    a, b = board.box or (board.n, board.n)
    at = board.cell_at

    def there(r: int, c: int) -> bool:
        return at(r, c) is not None

    def row_text(r: int) -> str:
        tokens = []
        for c in range(board.width):
            if c and c % b == 0:
                tokens.append("|" if there(r, c - 1) or there(r, c) else " ")
            i = at(r, c)
            tokens.append(" " * width if i is None else texts[i].rjust(width))
        return " ".join(tokens).rstrip()

    def rule_text(r: int) -> str:  # between canvas rows r - 1 and r
        tokens = []
        for c in range(board.width):
            if c and c % b == 0:
                near = any(there(rr, cc) for rr in (r - 1, r) for cc in (c - 1, c))
                tokens.append("+" if near else " ")
            tokens.append(("-" if there(r - 1, c) or there(r, c) else " ") * width)
        out = tokens[0]
        for left, right in pairwise(tokens):
            out += ("-" if left[-1] != " " and right[0] != " " else " ") + right
        return out.rstrip()

    lines = []
    for r in range(board.height):
        if r and r % a == 0:
            lines.append(rule_text(r))
        lines.append(row_text(r))
    return lines

def format_canvas_pencilmarks(board: MultiBoard, marks: Sequence[Sequence[int]]) -> str:
    """A pencilmark line on the canvas: for each place, n characters (the k-th ``k`` when
    k is among the cell's ``marks``, else ``.``), n ``*`` at a hole."""
    n, at = board.n, board.cell_at
    return "".join(HOLE * n if (i := at(r, c)) is None else
                   "".join(board.symbol(d) if d in marks[i] else "." for d in range(1, n + 1))
                   for r in range(board.height) for c in range(board.width))

def format_canvas_grid(board: MultiBoard, grid: Grid, mark: frozenset[int] = frozenset()
                       ) -> str:
    """The canvas as a readable grid: box separators, holes blank; cells in ``mark``
    flagged with ``*``."""
    symbols = _symbols(board, grid)
    if mark:
        symbols = [s + ("*" if i in mark else " ") for i, s in enumerate(symbols)]
    return "\n".join(canvas_rows(board, symbols))

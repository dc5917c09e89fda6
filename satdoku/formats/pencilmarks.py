"""Pencilmark (Sukaku) lines: n characters per cell, the digit where it is still a candidate,
else ``.`` — the format that ``satdoku candidates -f line`` writes and every command reads
back (the text reader takes n³ characters as such a line).

>>> from satdoku.board import Board
>>> pencilmark_line(Board.classic(4), (1,) + (0,) * 15, {i: (2, 3) for i in range(1, 16)})[:8]
'1....23.'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from satdoku.board import Board
from satdoku.rules import Grid


def pencilmark_line(board: Board, givens: Grid,
                    candidates: Mapping[int, Collection[int]]) -> str:
    """One line of n characters per cell: the digit where it is a candidate, else ``.``
    (on a multi-grid board, per place of its canvas: n ``*`` at a hole)."""
    if board.multigrid:
        from satdoku.formats.multigrid_write import format_canvas_pencilmarks
        return format_canvas_pencilmarks(board, [  # type: ignore[arg-type]
            (g,) if g else tuple(candidates[i]) for i, g in enumerate(givens)])
    return "".join(board.symbol(d) if (givens[i] == d if givens[i] else d in candidates[i])
                   else "." for i in board.cells for d in range(1, board.n + 1))

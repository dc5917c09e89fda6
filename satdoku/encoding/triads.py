"""Box-line triads: the extra variables and constraints of the *augmented* encoding.

Glossary: a *segment* is the intersection of a box (or jigsaw region) with a row or a column
— on 9×9 a *triad* of three cells. Its variable ``t(segment, d)`` is true exactly when digit
d is in one of its cells. Since each row, column and box holds every digit once:

- in each row (column), d lies in exactly one of the row's segments, one per box it crosses;
- in each box, d lies in exactly one of its row segments and in exactly one of its column
  segments.

These constraints are implied by the extended encoding, but they make the box-line
interactions ("pointing pairs", "claiming") a matter of unit propagation.

>>> from cnf import AMO, Formula
>>> from satdoku.board import Board
>>> f = Formula(reserved=9 ** 3)
>>> add_triads(f, Board.classic(9), AMO.PAIRWISE)
>>> f.num_vars - 9 ** 3     # 9 boxes × 6 segments × 9 digits
486
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

from cnf import AMO, Formula, exactly_one
from satdoku.board import Board, Unit
from satdoku.rules import cell_var


@cache
def segments(board: Board) -> tuple[tuple[Unit, ...], tuple[Unit, ...]]:
    """(row segments, column segments): every non-empty box ∩ line, box by box.

    >>> rows, cols = segments(Board.classic(6))       # 2×3 boxes
    >>> rows[:2], cols[:2]
    (((0, 1, 2), (6, 7, 8)), ((0, 6), (1, 7)))
    """
    by_row: list[tuple[int, ...]] = []
    by_col: list[tuple[int, ...]] = []
    for box in board.boxes:
        for index, found in ((0, by_row), (1, by_col)):
            lines: dict[int, list[int]] = defaultdict(list)
            for cell in box:
                lines[board.row_col(cell)[index]].append(cell)
            found.extend(tuple(cells) for _, cells in sorted(lines.items()))
    return tuple(by_row), tuple(by_col)


@cache
def unit_segments(board: Board, index: int) -> tuple[tuple[Unit, ...], ...]:
    """For each row (``index`` 0) or column (1) unit of the board, the segments inside it:
    on a multi-grid board a segment of a shared box lies in the rows of two grids.

    >>> from satdoku.multigrid import MultiBoard
    >>> [len(s) for s in unit_segments(MultiBoard.layout("twodoku", 4), 0)]
    [2, 2, 2, 2, 2, 2, 2, 2]
    """
    segs = segments(board)[index]
    units = board.rows if index == 0 else board.columns
    return tuple(tuple(seg for seg in segs if set(seg) <= set(unit)) for unit in units)


def add_triads(formula: Formula, board: Board, amo: AMO) -> None:
    """Add the segment variables, their definitions and the line/box exactly-one constraints."""
    row_segments, col_segments = segments(board)
    for d in range(1, board.n + 1):
        lit = {seg: _segment_literal(formula, board, seg, d)
               for seg in row_segments + col_segments}
        formula.group("triads in lines")
        for index, segs in ((0, row_segments), (1, col_segments)):
            if board.multigrid:  # a canvas row holds the rows of several grids
                for line_segs in unit_segments(board, index):
                    exactly_one(formula, [lit[seg] for seg in line_segs], amo)
                continue
            lines: dict[int, list[int]] = defaultdict(list)
            for seg in segs:
                lines[board.row_col(seg[0])[index]].append(lit[seg])
            for line_lits in lines.values():
                exactly_one(formula, line_lits, amo)
        formula.group("triads in boxes")
        for segs in (row_segments, col_segments):
            by_box: dict[int, list[int]] = defaultdict(list)
            for seg in segs:
                by_box[board.box_of[seg[0]]].append(lit[seg])
            for box_lits in by_box.values():
                exactly_one(formula, box_lits, amo)


def _segment_literal(formula: Formula, board: Board, segment: Unit, digit: int) -> int:
    """The literal "digit is in segment": the cell's own for one cell, else a defined var."""
    cells = [cell_var(board, i, digit) for i in segment]
    if len(cells) == 1:
        return cells[0]
    formula.group("triad definitions")
    t = formula.var(("triad", board.cell_name(segment[0]), board.cell_name(segment[-1]), digit))
    formula.extend([-x, t] for x in cells)
    formula.add([-t, *cells])
    return t

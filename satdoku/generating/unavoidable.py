"""Small unavoidable sets of a full grid: cells of which every unique puzzle keeps one.

A set of cells is *unavoidable* when its digits can be rearranged into another grid that
keeps every classic rule: a puzzle whose givens all lie outside the set has both grids as
solutions. Found from the grid alone (no solver), the smallest ones answer many removal
tests at no cost (:mod:`satdoku.generating.removal`: a known second solution). Three kinds, on
boards with boxes or none (jigsaw regions get none):

- two digits a, b in two rows of a band (or two columns of a stack), each where the other
  row has the other: swapped (4 cells, a "rectangle");
- three digits in two rows of a band (or columns of a stack) at the same three positions,
  in a cycle (row 1: a b c, row 2: b c a): exchanged between the rows (6 cells);
- two digits a, b whose three a's of a band of three rows stand in the same three columns
  as its three b's (or the same with the rows of a stack): swapped (6 cells).

Each keeps every row, column and box: the lines exchanged lie in the same boxes.

Sets are bit masks of cells (bit i = cell i).

>>> from satdoku.board import Board
>>> board = Board.classic(4)
>>> grid = (1, 2, 3, 4,  3, 4, 1, 2,  2, 1, 4, 3,  4, 3, 2, 1)
>>> sets = unavoidable_sets(board, grid)
>>> len(sets), cells(sets[0])
(8, [0, 2, 4, 6])
>>> second_grid(board, grid, sets[0])[:8]
(3, 2, 1, 4, 1, 4, 3, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import compress
from operator import add, eq, or_

from satdoku.board import Board
from satdoku.rules import Grid, classic_rules
from satdoku.rules.checker import grid_checker


def unavoidable_sets(board: Board, grid: Grid) -> list[int]:
    """The small unavoidable sets of the full ``grid`` (valid for the classic rules) listed
    in the module's text, as bit masks of cells; none on a jigsaw board."""
    if board.regions is not None:
        return []
    if board.multigrid:
        return _canvas_sets(board, grid)
    n = board.n
    band, stack = board.box or (n, n)
    coords, across_cells, row_bits, column_bits = _tables(n)
    column = [0] * (n * n + n)  # column[d·n + r]: the column of digit d in row r
    row = [0] * (n * n + n)     # row[d·n + c]: the row of digit d in column c
    for (r, c), digit in zip(coords, grid, strict=True):
        column[digit * n + r] = c
        row[digit * n + c] = r
    across = [*map(grid.__getitem__, across_cells)]  # column by column
    sets = _line_cycles(n, grid, column, band, row_bits, 1)
    sets += _line_cycles(n, across, row, stack, column_bits, band)
    if band == 3:
        sets += _same_lines(n, column, row_bits)
    if stack == 3:
        sets += _same_lines(n, row, column_bits)
    return sets


def _canvas_sets(board: Board, grid: Grid) -> list[int]:
    """A multi-grid board's sets: each grid's own (cut out of the canvas), kept when the
    second grid they give keeps the rules of the whole board (a set that meets a box
    shared with another grid may break that grid's rows or columns)."""
    shape = Board(board.n, board.box)
    holds = grid_checker(board, classic_rules(board))
    found: dict[int, None] = {}
    for k, inside in enumerate(board.grid_cells):  # type: ignore[attr-defined]
        own = board.subgrid(grid, k)  # type: ignore[attr-defined]
        for mask in unavoidable_sets(shape, own):
            other = list(grid)
            for j, d in enumerate(second_grid(shape, own, mask)):
                other[inside[j]] = d
            if holds(tuple(other)):
                found[sum(1 << inside[j] for j in cells(mask))] = None
    return list(found)


def _line_cycles(n: int, lines: Sequence[int], where: list[int], band: int,
                 bits: list[int], apart: int) -> list[int]:
    """Digits exchanged between two lines l, m of a band along a cycle of 2 or 3 positions:
    line l's digits at positions k, x (, y) are line m's at x (, y), k. ``lines`` is the
    grid line by line; ``where[d·n + l]`` is the position of d in line l; ``bits[l·n + k]``
    is the bit of the cell at position k of line l. A 2-cycle is skipped when its positions
    are in one block of ``apart`` (across the lines: that rectangle is found both ways)."""
    pairs, m_at, l_at, p_base, positions = _line_layout(n, band)
    # Every pair of lines at once, in C loops (map): for pair p and position k, entry
    # p·n + k of ``step`` is the position in line l of the digit at position k of line m.
    step = [where[lines[j] * n + low] for j, low in zip(m_at, l_at, strict=True)]
    two = [*map(step.__getitem__, map(add, p_base, step))]
    sets = []
    for at in compress(range(len(step)), map(eq, two, positions)):
        k, x = positions[at], step[at]
        if k < x and k // apart != x // apart:
            low, m = pairs[at // n]
            sets.append(bits[low + k] | bits[low + x] | bits[m + k] | bits[m + x])
    three = map(step.__getitem__, map(add, p_base, two))
    for at in compress(range(len(step)), map(eq, three, positions)):
        k, x, y = positions[at], step[at], two[at]
        if k < x and k < y:
            low, m = pairs[at // n]
            sets.append(bits[low + k] | bits[low + x] | bits[low + y]
                        | bits[m + k] | bits[m + x] | bits[m + y])
    return sets


def _same_lines(n: int, where: list[int], bits: list[int]) -> list[int]:
    """Two digits at the same positions in the three lines of a band (``where``, ``bits``:
    as for :func:`_line_cycles`), swapped there: a cycle of 3 lines, since two lines never
    hold a digit at the same position."""
    at = _band_layout(n)
    # per (band, digit): the mask of its three positions, in C loops
    one = [*map((1).__lshift__, where)]
    keys = [*map(or_, map(or_, map(one.__getitem__, at[0]), map(one.__getitem__, at[1])),
                 map(one.__getitem__, at[2]))]
    sets = []
    for first in range(0, n, 3):
        band = keys[first * n // 3:first * n // 3 + n]
        if len(set(band)) == n:
            continue
        having: dict[int, list[int]] = {}  # a mask of positions → the digits there
        for d, key in enumerate(band, 1):
            having.setdefault(key, []).append(d)
        for digits in having.values():
            for i, a in enumerate(digits):
                for b in digits[i + 1:]:
                    sets.append(sum(bits[line * n + where[d * n + line]]
                                    for line in range(first, first + 3) for d in (a, b)))
    return sets


@cache
def _band_layout(n: int) -> list[list[int]]:
    """For each band of three lines and digit d (in that order): the index in ``where`` of
    d in the band's first, second and third line."""
    return [[d * n + first + j for first in range(0, n, 3) for d in range(1, n + 1)]
            for j in range(3)]


@cache
def _tables(n: int) -> tuple[list[tuple[int, int]], list[int], list[int], list[int]]:
    """For n×n boards: each cell's (row, column); the cells column by column; the bit of
    the cell at position k of row l (index l·n + k), and of column l."""
    coords = [divmod(i, n) for i in range(n * n)]
    across = [k * n + c for c in range(n) for k in range(n)]
    return coords, across, [1 << i for i in range(n * n)], [1 << i for i in across]


@cache
def _line_layout(n: int, band: int) -> tuple[list[tuple[int, int]], list[int], list[int],
                                             list[int], list[int]]:
    """Index lists over (pair of lines of a band, position) entries: the pairs (l·n, m·n);
    the index of line m's position, l, the pair's base among the entries, the position."""
    pairs = [(low * n, m * n) for low in range(n) for m in range(low + 1, n)
             if low // band == m // band]
    m_at = [m + k for _, m in pairs for k in range(n)]
    l_at = [low // n for low, _ in pairs for _ in range(n)]
    p_base = [p * n for p in range(len(pairs)) for _ in range(n)]
    return pairs, m_at, l_at, p_base, [*range(n)] * len(pairs)


def cells(mask: int) -> list[int]:
    """The cells of a bit mask, in order.

    >>> cells(0b1010)
    [1, 3]
    """
    return [i for i, bit in enumerate(reversed(bin(mask)[2:])) if bit == "1"]


def second_grid(board: Board, grid: Grid, mask: int) -> Grid:
    """The other grid of an unavoidable set of :func:`unavoidable_sets`: its two digits
    swapped, or its three digits exchanged between its two lines."""
    if board.multigrid:  # in the one grid that holds the set
        shape, inside = Board(board.n, board.box), cells(mask)
        for k, places in enumerate(board.grid_cells):  # type: ignore[attr-defined]
            if set(inside) <= set(places):
                local = sum(1 << places.index(i) for i in inside)
                other = dict(zip(places, second_grid(shape, board.subgrid(grid, k), local),  # type: ignore[attr-defined]
                                 strict=True))
                return tuple(other.get(i, d) for i, d in enumerate(grid))
        raise ValueError("the set lies in no single grid")
    n, inside = board.n, cells(mask)
    digits = {grid[i] for i in inside}
    if len(digits) == 2:
        a, b = digits
        other = {i: a + b - grid[i] for i in inside}
    else:
        rows = {i // n for i in inside}
        if len(rows) == 2:  # exchanged between two rows: column by column
            both = sum(rows)
            other = {i: grid[(both - i // n) * n + i % n] for i in inside}
        else:  # between two columns, row by row
            both = sum({i % n for i in inside})
            other = {i: grid[i - i % n + both - i % n] for i in inside}
    return tuple(other.get(i, d) for i, d in enumerate(grid))

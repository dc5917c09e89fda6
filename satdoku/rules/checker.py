"""A fast yes/no check that a grid is complete and keeps a set of rules, built once per rule set.

Every solution satdoku prints is checked this way first (on the hot path of batch solving);
only when the answer is no are the rules' own ``violations`` asked for the details. The check
never looks at the CNF: the all-different regions of every :class:`RegionRule` are checked in
one C-level pass over the grid, and every other rule answers through its own ``holds``.

How one pass checks every region at once: give each (region k, digit d) pair its own bit,
``k·n + d − 1``. Every cell adds up the bits of the regions it lies in for its digit, so the
grid's total is a sum of one power of two per (region, cell) membership. A sum of m powers
of two has fewer than m one-bits exactly when two of them are equal (equal powers carry
into one), so the total has all m bits set exactly when no region repeats a digit. Each
cell's weights are a dict over 1..n, so a blank or an out-of-range digit fails the look-up.
On boards where that integer would be large (over ``BIT_SUM_LIMIT`` bits), a set of
(region, digit) tags does the same job.

>>> from satdoku.board import Board
>>> from satdoku.rules.base import classic_rules
>>> board = Board.classic(4)
>>> holds = grid_checker(board, classic_rules(board))
>>> holds((1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
True
>>> holds((1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 1, 2))
False
>>> holds((1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0))
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import add, getitem, itemgetter

from satdoku.board import Board
from satdoku.rules.base import Grid, RegionRule, Rule, Unit

BIT_SUM_LIMIT = 1024
"""Largest (regions × n) checked by the bit sum (16×16 classic: 768); the tag set above it."""


@lru_cache(maxsize=64)
def grid_checker(board: Board, rules: tuple[Rule, ...]) -> Callable[[Grid], bool]:
    """``holds(grid)``: whether ``grid`` is complete (a digit in 1..n a cell) and keeps every rule.

    ``rules`` is the full list (classic rules included).
    """
    regions = [region for rule in rules if isinstance(rule, RegionRule)
               for region in rule.regions(board) if len(region) > 1]
    others = tuple(rule for rule in rules if not isinstance(rule, RegionRule))
    cells = board.num_cells
    check = (_bit_sum_check if len(regions) * board.n <= BIT_SUM_LIMIT
             else _tag_set_check)(board.n, regions, cells)

    def holds(grid: Grid) -> bool:
        return (len(grid) == cells and check(grid)
                and all(rule.holds(board, grid) for rule in others))

    def holds_regions(grid: Grid) -> bool:  # (no other rule: the batch of classic puzzles)
        return len(grid) == cells and check(grid)

    return holds if others else holds_regions


def _bit_sum_check(n: int, regions: Sequence[Unit], cells: int) -> Callable[[Grid], bool]:
    """Complete and no region repeats a digit, by the bit sum (see the module's text)."""
    weights = [dict.fromkeys(range(1, n + 1), 0) for _ in range(cells)]
    for k, region in enumerate(regions):
        for i in region:
            for d in range(1, n + 1):
                weights[i][d] += 1 << (k * n + d - 1)
    memberships = sum(map(len, regions))

    def check(grid: Grid) -> bool:
        try:
            total = sum(map(getitem, weights, grid))
        except (KeyError, TypeError):  # a blank, a digit outside 1..n, not a digit
            return False
        return total.bit_count() == memberships

    return check


def _tag_set_check(n: int, regions: Sequence[Unit], size: int) -> Callable[[Grid], bool]:
    """Complete and no region repeats a digit: all (region k, digit d) ↦ k·(n+1) + d distinct
    (``size``: the board's number of cells)."""
    cells = [i for region in regions for i in region]
    tags = tuple(k * (n + 1) for k, region in enumerate(regions) for _ in region)
    gather = itemgetter(*cells) if len(cells) > 1 else None

    def check(grid: Grid) -> bool:
        if not all(type(d) is int and 1 <= d <= n for d in grid):
            return False
        return gather is None or len(set(map(add, tags, gather(grid)))) == len(tags)

    return check

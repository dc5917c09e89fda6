"""A fast yes/no check that a *complete* grid keeps a set of rules, built once per rule set.

Every solution satdoku prints is checked this way first (on the hot path of batch solving);
only when the answer is no are the rules' own ``violations`` asked for the details. The check
never looks at the CNF: all-different regions of every :class:`RegionRule` are merged into one
C-level gather (one ``itemgetter`` and one set of (region, digit) tags), and every other rule
answers through its own ``holds``.

>>> from satdoku.board import Board
>>> from satdoku.rules.base import classic_rules
>>> board = Board.classic(4)
>>> holds = grid_checker(board, classic_rules(board))
>>> holds((1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
True
>>> holds((1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 1, 2))
False
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import add, itemgetter

from satdoku.board import Board
from satdoku.rules.base import Grid, RegionRule, Rule


@lru_cache(maxsize=64)
def grid_checker(board: Board, rules: tuple[Rule, ...]) -> Callable[[Grid], bool]:
    """``holds(grid)``: whether the complete ``grid`` keeps every rule of ``rules``.

    ``rules`` is the full list (classic rules included). The grid must already be known to
    be complete (n² digits in 1..n): this only checks the rules.
    """
    regions = [region for rule in rules if isinstance(rule, RegionRule)
               for region in rule.regions(board) if len(region) > 1]
    others = tuple(rule for rule in rules if not isinstance(rule, RegionRule))
    cells = [i for region in regions for i in region]
    # (region k, digit d) ↦ k·(n+1) + d: all tags distinct iff no region repeats a digit.
    tags = tuple(k * (board.n + 1) for k, region in enumerate(regions) for _ in region)
    gather = itemgetter(*cells) if len(cells) > 1 else None

    def holds(grid: Grid) -> bool:
        if gather is not None and len(set(map(add, tags, gather(grid)))) != len(tags):
            return False
        return all(rule.holds(board, grid) for rule in others)

    return holds

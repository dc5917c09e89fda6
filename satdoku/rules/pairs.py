"""Pair rules: cells a given move apart may not hold digits related in a given way.

One class covers anti-knight (knight's moves × equal digits), anti-king (king's moves ×
equal) and non-consecutive (orthogonal neighbours × digits differing by one): a rule is a
:class:`Move` (a table of offsets) and a :class:`Relation`. It encodes as binary clauses
``¬v(i,a) ∨ ¬v(j,b)`` for every pair of cells (i, j) a move apart and every related (a, b);
its checker tests the relation on the digits directly.

>>> from satdoku.board import Board
>>> rule = PairRule(Move.KNIGHT, Relation.EQUAL, "anti-knight")
>>> b = Board.classic(4)
>>> [(b.cell_name(i), b.cell_name(j)) for i, j in cell_pairs(b.n, Move.KNIGHT)][:2]
[('r1c1', 'r2c3'), ('r1c1', 'r3c2')]
>>> grid = (1, 0, 0, 0,  0, 0, 1, 0) + (0,) * 8
>>> [v.describe(b) for v in rule.violations(b, grid)]
["anti-knight: 1 and 1 are equal and a knight's move apart (r1c1, r2c3)"]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache, partial

from cnf import AMO, Formula
from cnf.budget import Size
from satdoku.board import Board
from satdoku.rules.base import Grid, Rule, Violation, cell_var


class Move(Enum):
    """Offsets (row, column) between paired cells; the opposite offsets are implied."""

    KNIGHT = ("a knight's move apart", ((1, 2), (2, 1), (1, -2), (2, -1)))
    KING = ("a king's move apart", ((0, 1), (1, -1), (1, 0), (1, 1)))
    ORTHOGONAL = ("orthogonally adjacent", ((0, 1), (1, 0)))
    DIAGONAL = ("diagonally adjacent", ((1, 1), (1, -1)))

    def __init__(self, words: str, offsets: tuple[tuple[int, int], ...]) -> None:
        self.words, self.offsets = words, offsets


class Relation(Enum):
    """How two digits must NOT be related: (what the pair then is, the digits in words)."""

    EQUAL = ("equal", "equal digits")
    CONSECUTIVE = ("consecutive", "consecutive digits")
    SUM_5_OR_15 = ("summing to 5 or 15", "digits summing to 5 or 15")

    def __init__(self, adjective: str, digits: str) -> None:
        self.adjective, self.digits = adjective, digits

    def holds(self, a: int, b: int) -> bool:
        """Whether digits a and b are related.

        >>> Relation.CONSECUTIVE.holds(4, 5), Relation.CONSECUTIVE.holds(5, 5)
        (True, False)
        >>> Relation.SUM_5_OR_15.holds(7, 8), Relation.SUM_5_OR_15.holds(2, 2)
        (True, False)
        """
        if self is Relation.EQUAL:
            return a == b
        if self is Relation.CONSECUTIVE:
            return abs(a - b) == 1
        return a + b in (5, 15)

    def pairs(self, n: int) -> tuple[tuple[int, int], ...]:
        """Every related (a, b) with digits 1..n."""
        return tuple((a, b) for a in range(1, n + 1) for b in range(1, n + 1)
                     if self.holds(a, b))


@cache
def cell_pairs(n: int, move: Move) -> tuple[tuple[int, int], ...]:
    """Every pair of cells (i < j) of an n×n board that are ``move`` apart (cached).

    >>> cell_pairs(3, Move.ORTHOGONAL)[:3]
    ((0, 1), (0, 3), (1, 2))
    """
    out = []
    for i in range(n * n):
        r, c = divmod(i, n)
        for dr, dc in move.offsets:
            for sr, sc in ((r + dr, c + dc), (r - dr, c - dc)):
                j = sr * n + sc
                if 0 <= sr < n and 0 <= sc < n and i < j:
                    out.append((i, j))
    return tuple(sorted(set(out)))


@dataclass(frozen=True)
class PairRule(Rule):
    """No two cells ``move`` apart hold digits related by ``relation``."""

    move: Move
    relation: Relation
    name: str = "pair"  # type: ignore[misc]

    @property
    def description(self) -> str:  # type: ignore[override]
        return f"no two cells {self.move.words} hold {self.relation.digits}"

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        related = self.relation.pairs(board.n)
        formula.extend([-cell_var(board, i, a), -cell_var(board, j, b)]
                       for i, j in cell_pairs(board.n, self.move) for a, b in related)

    def estimate(self, board: Board, amo: AMO) -> Size:
        """One binary clause per pair of cells a move apart and related pair of digits."""
        count = len(cell_pairs(board.n, self.move)) * len(self.relation.pairs(board.n))
        return Size(0, count, 2 * count)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for i, j in cell_pairs(board.n, self.move):
            a, b = grid[i], grid[j]
            if a and b and self.relation.holds(a, b):
                yield Violation(self.name, (i, j), f"{a} and {b} are {self.relation.adjective} "
                                                   f"and {self.move.words}")


#: The named pair rules, as PairRule arguments.
PAIR_RULES = (
    (Move.KNIGHT, Relation.EQUAL, "anti-knight"),
    (Move.KING, Relation.EQUAL, "anti-king"),
    (Move.ORTHOGONAL, Relation.CONSECUTIVE, "nonconsecutive"),
    (Move.DIAGONAL, Relation.CONSECUTIVE, "diagonal-nonconsecutive"),
    (Move.KNIGHT, Relation.SUM_5_OR_15, "knightmare"),
)
#: The global rules of this module by name (rows of satdoku.rules.GLOBAL_RULE_TABLE).
GLOBAL: dict[str, Callable[[], Rule]] = {
    name: partial(PairRule, move, relation, name) for move, relation, name in PAIR_RULES}

"""Equal digits forbidden at given offsets: chess moves, taxicab distances, self-taxicab.

Glossary: a *leap* (a, b) is a symmetric chess move — it stands for every (±a, ±b) and
(±b, ±a), so (1, 2) is the knight and (0, 1) with (1, 1) the king; a *chess* constraint is a
set of leaps and, optionally, the digits it applies to (all digits when none are listed);
the *taxicab distance* of two cells is |Δrow| + |Δcolumn|.

- ``chess``: no two cells a leap apart hold the same digit (only the listed digits, if any);
- ``taxicab`` d: no two cells at taxicab distance exactly d hold the same digit;
- ``self-taxicab``: a digit d never sees itself at taxicab distance exactly d.

Anti-knight and anti-king are chess constraints with every digit (and stay global rules of
their own, :mod:`satdoku.rules.pairs`). Each rule is a list of *parts*, (offsets, digits),
encoded as binary clauses ``¬x(i, d) ∨ ¬x(j, d)``; the checker compares the digits.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> sorted(leaps(1, 2))[:3]
[(-2, -1), (-2, 1), (-1, -2)]
>>> rule = Chess((Leap(((1, 2),), (3,)),))          # knight's moves, for 3s only
>>> grid = (1, 0, 0, 0,  0, 0, 1, 0) + (0,) * 8       # two 1s a knight's move apart: fine
>>> list(rule.violations(b, grid))
[]
>>> [v.describe(b) for v in SelfTaxicab().violations(b, (2, 0, 2, 0) + (0,) * 12)]
['self-taxicab: 2 and 2 are 2 apart (taxicab) (r1c1, r1c3)']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from cnf import AMO, Formula
from cnf.budget import Size
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Rule, Violation, cell_var, check_each
from satdoku.rules.data import DataKey, list_schema
from satdoku.rules.json_values import at, checked_at, expect, fail, read_int, read_object

Offset = tuple[int, int]
#: (offsets, digits, words for a violation); digits () means every digit.
Part = tuple[frozenset[Offset], tuple[int, ...], str]


def leaps(a: int, b: int) -> frozenset[Offset]:
    """Every offset of the symmetric leap (a, b)."""
    return frozenset((sa * x, sb * y) for x, y in ((a, b), (b, a))
                     for sa in (1, -1) for sb in (1, -1))


def taxicab(d: int) -> frozenset[Offset]:
    """Every offset at taxicab distance exactly d (d >= 1)."""
    return frozenset((r, s * (d - abs(r))) for r in range(-d, d + 1) for s in (1, -1))


@cache
def pairs_at(n: int, offsets: frozenset[Offset]) -> tuple[tuple[int, int], ...]:
    """Every pair of cells (i < j) of an n×n board ``offsets`` apart (cached)."""
    out = set()
    for i in range(n * n):
        r, c = divmod(i, n)
        for dr, dc in offsets:
            if 0 <= r + dr < n and 0 <= c + dc < n and (dr, dc) != (0, 0):
                out.add(tuple(sorted((i, (r + dr) * n + c + dc))))
    return tuple(sorted(out))  # type: ignore[arg-type]


class EqualAtOffsets(Rule, ABC):
    """No two cells at one of a part's offsets hold the same digit (one of its digits)."""

    @abstractmethod
    def parts(self, board: Board) -> Iterable[Part]:
        """The (offsets, digits, words) this rule forbids equal digits at."""

    def _clauses(self, board: Board) -> Iterator[list[int]]:
        for offsets, digits, _ in self.parts(board):
            for d in digits or range(1, board.n + 1):
                for i, j in pairs_at(board.n, offsets):
                    yield [-cell_var(board, i, d), -cell_var(board, j, d)]

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        formula.extend(self._clauses(board))

    def estimate(self, board: Board, amo: AMO) -> Size:
        """Binary clauses, one per pair of cells and digit of each part."""
        count = sum(len(pairs_at(board.n, offsets)) * len(digits or range(board.n))
                    for offsets, digits, _ in self.parts(board))
        return Size(0, count, 2 * count)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for offsets, digits, words in self.parts(board):
            for i, j in pairs_at(board.n, offsets):
                if grid[i] and grid[i] == grid[j] and (not digits or grid[i] in digits):
                    yield Violation(self.name, (i, j), f"{grid[i]} and {grid[j]} are {words}")


@dataclass(frozen=True)
class Leap:
    """Symmetric chess moves (each (a, b) with 0 <= a <= b) and the digits they forbid to
    repeat (every digit when none are listed)."""

    moves: tuple[Offset, ...]
    digits: tuple[int, ...] = ()

    def words(self) -> str:
        moves = ", ".join(f"({a},{b})" for a, b in self.moves)
        return f"a chess move {moves} apart"


@dataclass(frozen=True)
class Chess(EqualAtOffsets):
    """Chess constraints of a puzzle."""

    leaps: tuple[Leap, ...] = ()
    name: ClassVar[str] = "chess"
    description: ClassVar[str] = "no two cells a chess move apart hold the same digit"

    def check_board(self, board: Board) -> None:
        check_each("chess constraint", self.leaps, lambda leap: check_leap(board, leap))

    def parts(self, board: Board) -> Iterable[Part]:
        return ((frozenset().union(*(leaps(a, b) for a, b in leap.moves)), leap.digits,
                 leap.words()) for leap in self.leaps)


def check_leap(board: Board, leap: Leap) -> None:
    """RuleError unless every move is a real move (not (0, 0)) and every digit on the board."""
    if not leap.moves:
        raise RuleError("no move given; e.g. [1, 2] is the knight's move")
    for a, b in leap.moves:
        if a == b == 0:
            raise RuleError("move (0, 0) goes nowhere")
    for d in leap.digits:
        if not 1 <= d <= board.n:
            raise RuleError(f"digit {d} is out of range 1..{board.n}")


@dataclass(frozen=True)
class Taxicab(EqualAtOffsets):
    """No two cells at one of the taxicab ``distances`` hold the same digit."""

    distances: tuple[int, ...] = ()
    name: ClassVar[str] = "taxicab"
    description: ClassVar[str] = ("no two cells at the given taxicab distance hold the same "
                                  "digit")

    def check_board(self, board: Board) -> None:
        for d in self.distances:
            if not 1 <= d <= 2 * (board.n - 1):
                raise RuleError(f"taxicab distance {d} is out of range 1..{2 * (board.n - 1)} "
                                f"on a {board.n}x{board.n} board")

    def parts(self, board: Board) -> Iterable[Part]:
        return ((taxicab(d), (), f"{d} apart (taxicab)") for d in self.distances)


@dataclass(frozen=True)
class SelfTaxicab(EqualAtOffsets):
    """A digit d never has a copy of itself at taxicab distance exactly d."""

    name: ClassVar[str] = "self-taxicab"
    description: ClassVar[str] = "a digit d never sees itself at taxicab distance exactly d"

    def parts(self, board: Board) -> Iterable[Part]:
        return ((taxicab(d), (d,), f"{d} apart (taxicab)") for d in range(1, board.n + 1))


#: The global rules of this module by name (rows of satdoku.rules.GLOBAL_RULE_TABLE).
GLOBAL: dict[str, Callable[[], Rule]] = {SelfTaxicab.name: SelfTaxicab}


# -- JSON: "chess": [{"moves": [[1, 2]], "digits": [1, 2]}], "taxicab": [3] ---------------------
def _read_move(value: Any, path: str) -> Offset:
    pair = expect(value, list, path, "a move [a, b] like [1, 2]")
    if len(pair) != 2:
        raise fail(path, f"{len(pair)} numbers; a move is two, like [1, 2]")
    a, b = (abs(read_int(x, f"{path}[{k}]", "a whole number", -255, 255))
            for k, x in enumerate(pair))
    return min(a, b), max(a, b)


def _read_chess(board: Board, value: Any, path: str, puzzle: Any) -> Chess:
    out = []
    for k, item in enumerate(value):
        where = f"{path}[{k}]"
        obj = read_object(item, where, 'a chess constraint {"moves": [[1, 2]], "digits": [...]}',
                          ("moves", "digits"), ("moves",))
        moves = expect(obj["moves"], list, f"{where}.moves", "a list of moves like [[1, 2]]")
        leap = Leap(tuple(sorted({_read_move(m, f"{where}.moves[{j}]")
                                  for j, m in enumerate(moves)})),
                    tuple(sorted({read_int(d, f"{where}.digits[{j}]", "a digit", 1, board.n)
                                  for j, d in enumerate(expect(obj.get("digits", []), list,
                                                               f"{where}.digits",
                                                               "a list of digits"))})))
        with at(where):
            check_leap(board, leap)
        out.append(leap)
    return Chess(tuple(out))


def _write_chess(board: Board, rule: Chess) -> list:
    return [{"moves": [list(m) for m in leap.moves], **({"digits": list(leap.digits)}
                                                        if leap.digits else {})}
            for leap in rule.leaps]


def _read_taxicab(board: Board, value: Any, path: str, puzzle: Any) -> Taxicab:
    distances = {read_int(d, f"{path}[{k}]", "a distance", 1) for k, d in enumerate(value)}
    return checked_at(path, board, Taxicab(tuple(sorted(distances))))


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
KEYS.append(DataKey(
    "chess", 'chess: [{"moves": [[1, 2]], "digits": [1, 2]}, ...]; no two cells a move apart '
             "(any sign, either order) hold the same digit (only the digits listed, if any)",
    Chess, _read_chess, _write_chess,
    list_schema({"type": "object", "additionalProperties": False, "required": ["moves"],
                 "properties": {
                     "moves": {"type": "array", "minItems": 1,
                               "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                         "items": {"type": "integer"}}},
                     "digits": {"type": "array", "items": {"type": "integer", "minimum": 1}}}},
                "Chess constraints: cells a symmetric move apart never hold the same digit "
                "(only the listed digits, when some are listed).")))

KEYS.append(DataKey(
    "taxicab", "taxicab distances: [3, ...]; no two cells |Δrow| + |Δcolumn| = d apart hold "
               "the same digit",
    Taxicab, _read_taxicab, lambda board, rule: list(rule.distances),
    list_schema({"type": "integer", "minimum": 1},
                "Taxicab distances at which no two cells hold the same digit.")))


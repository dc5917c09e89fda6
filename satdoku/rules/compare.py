"""Comparisons between neighbouring cells: greater-than signs, minima and maxima.

Glossary: a *greater-than sign* sits between two orthogonal neighbours and points at the
smaller digit; a *minimum* cell holds a digit smaller than the digit of every orthogonal
neighbour that is not itself a minimum (a *maximum*: larger than every neighbour that is not
a maximum). Both reduce to *comparisons* "x is greater (smaller) than y" between two cells.

Each comparison is encoded with order literals (:mod:`satdoku.rules.order`):
``ge(low, k) → ge(high, k+1)`` for every k, and unit clauses removing digit n from the lower
cell and 1 from the higher. The checker reports a comparison whose filled digits break it, or
a lone filled digit no digit can be compared with (a 1 that must be greater).

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = GreaterThan(((0, 1),))
>>> [v.describe(b) for v in rule.violations(b, (2, 3) + (0,) * 14)]
['greater-than: 2 is not greater than 3 (r1c1, r1c2)']
>>> [m.label for m in rule.markings(b)]
['>']
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, check_cells
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import adjacent, checked_at, fail, read_cells, read_pair
from satdoku.rules.order import add_chain, chain_break
from satdoku.rules.pairs import Move, cell_pairs

Pair = tuple[int, int]


class Comparisons(Rule):
    """Comparisons "x is ``word`` than y" between pairs of cells (x, y)."""

    #: "greater" / "larger" (x above y) or "smaller" (x below y).
    word: ClassVar[str] = "greater"

    @abstractmethod
    def comparisons(self, board: Board) -> tuple[Pair, ...]:
        """Every (x, y) where x's digit must be ``word`` than y's."""

    def _low_high(self, x: int, y: int) -> Pair:
        return (x, y) if self.word == "smaller" else (y, x)

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for x, y in self.comparisons(board):
            add_chain(board, formula, self._low_high(x, y), 1)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        alone: set[int] = set()  # lone digits already reported (a 1 that must be greater)
        for x, y in self.comparisons(board):
            low, high = self._low_high(x, y)
            if chain_break(board.n, (grid[low], grid[high]), 1):
                lone = (x if grid[x] else y) if not (grid[x] and grid[y]) else None
                if lone is None or lone not in alone:
                    alone.add(-1 if lone is None else lone)
                    yield Violation(self.name, (x, y), self._problem(grid[x], grid[y]))

    def _problem(self, dx: int, dy: int) -> str:
        if dx and dy:
            return f"{dx} is not {self.word} than {dy}"
        return f"{dx} is {self.word} than no digit" if dx else (
            f"no digit is {self.word} than {dy}")


@dataclass(frozen=True)
class GreaterThan(Comparisons):
    """Greater-than signs: in each pair (a, b) of orthogonal neighbours, a's digit > b's."""

    pairs: tuple[Pair, ...]
    name: ClassVar[str] = "greater-than"
    description: ClassVar[str] = ("a greater-than sign between two cells points at the "
                                  "smaller digit")

    def comparisons(self, board: Board) -> tuple[Pair, ...]:
        return self.pairs

    def check_board(self, board: Board) -> None:
        for k, pair in enumerate(self.pairs, 1):
            try:
                check_cells(board, pair)
                if len(pair) != 2 or not adjacent(board, *pair, diagonal=False):
                    raise RuleError("its two cells are not side by side")
            except RuleError as err:
                raise RuleError(f"sign {k}: {err}") from None

    def markings(self, board: Board) -> Sequence[Marking]:
        # the sign points at the smaller cell b: to the right, left, below or above a
        pointer = {1: ">", -1: "<", board.n: "v", -board.n: "^"}
        return tuple(Marking("text", (a, b), pointer[b - a]) for a, b in self.pairs)


@dataclass(frozen=True)
class Extremes(Comparisons):
    """Minimum (``kind="minimum"``) or maximum cells: each below (above) the digit of every
    orthogonal neighbour that is not listed with it."""

    kind: str
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.kind not in _EXTREMES:
            raise RuleError(f"bad kind {self.kind!r}; use minimum or maximum")

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.kind

    @property
    def word(self) -> str:  # type: ignore[override]
        return _EXTREMES[self.kind]

    @property
    def description(self) -> str:  # type: ignore[override]
        return (f"a {self.kind} cell is {self.word} than each orthogonal neighbour that is "
                f"not a {self.kind}")

    def check_board(self, board: Board) -> None:
        try:
            check_cells(board, self.cells)
        except RuleError as err:
            raise RuleError(f"{self.kind} cells: {err}") from None

    def comparisons(self, board: Board) -> tuple[Pair, ...]:
        listed = set(self.cells)
        return tuple((i, j) if i in listed else (j, i)
                     for i, j in cell_pairs(board.n, Move.ORTHOGONAL)
                     if (i in listed) != (j in listed))

    def markings(self, board: Board) -> Sequence[Marking]:
        return (Marking("shade", self.cells, style=self.kind),)


#: Extreme kind → how its cells compare with their neighbours.
_EXTREMES = {"minimum": "smaller", "maximum": "larger"}


# -- JSON: "greater_than": [["r1c1", "r1c2"], ...] (first > second); "minimum"/"maximum": cells --
def _read_signs(board: Board, value: Any, path: str, puzzle: Any) -> GreaterThan:
    return GreaterThan(tuple(read_pair(board, item, f"{path}[{k}]")
                             for k, item in enumerate(value)))


def _read_extremes(kind: str, board: Board, value: Any, path: str, puzzle: Any) -> Extremes:
    rule = checked_at(path, board, Extremes(kind, read_cells(board, value, path)))
    if kind == "maximum" and isinstance(puzzle.get("minimum"), list):
        both = set(rule.cells) & set(read_cells(board, puzzle["minimum"],
                                                    f"{path.rpartition('.')[0]}.minimum"))
        if both:
            raise fail(path, f"cell {board.cell_name(min(both))} is also listed as minimum")
    return rule


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = [DataKey(
    "greater_than", 'greater-than signs: [["r1c1", "r1c2"], ...]; the first cell\'s digit is '
                    "greater than the second's (orthogonal neighbours)",
    GreaterThan, _read_signs,
    lambda board, rule: [[board.cell_name(a), board.cell_name(b)] for a, b in rule.pairs],
    list_schema({"allOf": [{"$ref": "#/$defs/cells"}, {"minItems": 2, "maxItems": 2}],
                 "description": "Two orthogonal neighbours, the greater digit first."},
                "Greater-than signs between orthogonal neighbours."),
    aliases=("inequality", "inequalities"))]

def _is_kind(kind: str, rule: Rule) -> bool:
    return isinstance(rule, Extremes) and rule.kind == kind


for _kind, _word in _EXTREMES.items():
    KEYS.append(DataKey(
        _kind, f'{_kind} cells: ["r1c1", ...]; each {_word} than every orthogonal neighbour '
               f"not listed as {_kind}",
        Extremes, partial(_read_extremes, _kind),
        lambda board, rule: [board.cell_name(i) for i in rule.cells],
        cells_schema(description=f"Cells {_word} than every orthogonal neighbour not listed "
                                 f"as {_kind}."),
        owns=partial(_is_kind, _kind)))

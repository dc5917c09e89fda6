"""Low, middle and high cells: the digit of each marked cell lies in a third of 1..n.

Glossary: the digits 1..n split into three *ranks* of n/3 digits (9×9: low 1-3, middle 4-6,
high 7-9); a *low* (*middle*, *high*) cell holds a digit of that rank. The board size must be
a multiple of 3.

Encoded as unit clauses ``¬x(i, d)`` for the digits of the other ranks; the checker compares
the digit with the rank's bounds.

>>> from satdoku.board import Board
>>> b = Board.classic(6)
>>> rank_digits(6, "high")
range(5, 7)
>>> [v.describe(b) for v in Rank("low", (0, 7)).violations(b, (2,) + (0,) * 6 + (3,) + (0,) * 28)]
['low: 3 is not low (1..2) (r2c2)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, cell_var, check_cells
from satdoku.rules.data import DataKey, cells_schema
from satdoku.rules.json_values import checked_at, fail, read_cells

RANKS = ("low", "middle", "high")


def rank_digits(n: int, rank: str) -> range:
    """The digits of ``rank`` on an n×n board (n a multiple of 3)."""
    third = n // 3
    k = RANKS.index(rank)
    return range(k * third + 1, (k + 1) * third + 1)


@dataclass(frozen=True)
class Rank(Rule):
    """The digits in ``cells`` are all of one ``rank`` (low, middle or high)."""

    rank: str
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise RuleError(f"bad rank {self.rank!r}; use low, middle or high")

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.rank

    @property
    def description(self) -> str:  # type: ignore[override]
        return f"the marked cells hold {self.rank} digits (9x9: " + "-".join(
            map(str, rank_digits(9, self.rank)[::2])) + ")"

    def check_board(self, board: Board) -> None:
        if board.n % 3:
            raise RuleError(f"{self.rank} cells need the digits 1..n in three equal ranks; "
                            f"{board.n} is not a multiple of 3")
        try:
            check_cells(board, self.cells)
        except RuleError as err:
            raise RuleError(f"{self.rank} cells: {err}") from None

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        self.check_board(board)
        keep = rank_digits(board.n, self.rank)
        formula.extend([-cell_var(board, i, d)] for i in self.cells
                       for d in range(1, board.n + 1) if d not in keep)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        keep = rank_digits(board.n, self.rank)
        for i in self.cells:
            if grid[i] and grid[i] not in keep:
                yield Violation(self.name, (i,), f"{grid[i]} is not {self.rank} "
                                                 f"({keep[0]}..{keep[-1]})")

    def markings(self, board: Board) -> Sequence[Marking]:
        return (Marking("shade", self.cells, style=self.rank),)


# -- JSON: "low": ["r1c1", ...], "middle": [...], "high": [...] ----------------------------------
def _read(rank: str, board: Board, value: Any, path: str, puzzle: Any) -> Rank:
    rule = checked_at(path, board, Rank(rank, read_cells(board, value, path)))
    for other in RANKS:
        if other != rank and isinstance(puzzle.get(other), list) and RANKS.index(other) < \
                RANKS.index(rank):
            both = set(rule.cells) & set(read_cells(
                board, puzzle[other], f"{path.rpartition('.')[0]}.{other}"))
            if both:
                raise fail(path, f"cell {board.cell_name(min(both))} is also listed as {other}")
    return rule


def _of_rank(rank: str, rule: Rule) -> bool:
    return isinstance(rule, Rank) and rule.rank == rank


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
for _rank in RANKS:
    KEYS.append(DataKey(
        _rank, f"cells that hold {_rank} digits (the {_rank} third of 1..n; 9x9: "
               + "-".join(map(str, rank_digits(9, _rank)[::2])) + ")",
        Rank, partial(_read, _rank), lambda board, rule: [board.cell_name(i) for i in rule.cells],
        cells_schema(description=f"Cells that hold {_rank} digits (the {_rank} third of 1..n)."),
        owns=partial(_of_rank, _rank)))

"""Even / odd cells: the digit of each marked cell has the given parity.

Encoded as unit clauses ``¬v(i,d)`` for every digit d of the wrong parity; the checker
tests ``d % 2`` directly.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = Parity("even", (0, 5))
>>> [v.describe(b) for v in rule.violations(b, (2, 0, 0, 0, 0, 3) + (0,) * 10)]
['even: 3 is not even (r2c2)']
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

#: parity name → remainder of its digits modulo 2.
PARITIES = {"even": 0, "odd": 1}


@dataclass(frozen=True)
class Parity(Rule):
    """The digits in ``cells`` are all even (``parity="even"``) or all odd."""

    parity: str
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.parity not in PARITIES:
            raise RuleError(f"bad parity {self.parity!r}; use even or odd")

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.parity

    @property
    def description(self) -> str:  # type: ignore[override]
        return f"the marked cells hold {self.parity} digits"

    def _wrong(self, digit: int) -> bool:
        return digit % 2 != PARITIES[self.parity]

    def check_board(self, board: Board) -> None:
        try:
            check_cells(board, self.cells)
        except RuleError as err:
            raise RuleError(f"{self.parity} cells: {err}") from None
        if all(self._wrong(d) for d in range(1, board.n + 1)):
            raise RuleError(f"{self.parity} cells: a {board.n}x{board.n} board has no "
                            f"{self.parity} digit")

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        formula.extend([-cell_var(board, i, d)] for i in self.cells
                       for d in range(1, board.n + 1) if self._wrong(d))

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for i in self.cells:
            if grid[i] and self._wrong(grid[i]):
                yield Violation(self.name, (i,), f"{grid[i]} is not {self.parity}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return (Marking("shade", self.cells, style=self.parity),)


# -- JSON: "even": ["r1c1", ...], "odd": [...] ----------------------------------------------------
def _read_parity(parity: str, board: Board, value: Any, path: str, puzzle: Any) -> Parity:
    rule = checked_at(path, board, Parity(parity, read_cells(board, value, path)))
    other = "odd" if parity == "even" else "even"
    if parity == "odd" and isinstance(puzzle.get(other), list):
        both = set(rule.cells) & set(read_cells(board, puzzle[other],
                                                    f"{path.rpartition('.')[0]}.{other}"))
        if both:
            raise fail(path, f"cell {board.cell_name(min(both))} is also listed as {other}")
    return rule


def _has_parity(parity: str, rule: Rule) -> bool:
    return isinstance(rule, Parity) and rule.parity == parity


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
for _parity in PARITIES:
    KEYS.append(DataKey(
        _parity, f"cells that hold {_parity} digits", Parity, partial(_read_parity, _parity),
        lambda board, rule: [board.cell_name(i) for i in rule.cells],
        cells_schema(description=f"Cells that hold {_parity} digits."),
        owns=partial(_has_parity, _parity)))

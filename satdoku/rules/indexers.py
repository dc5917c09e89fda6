"""Indexer cells: the digit in a marked cell says where another digit goes.

Glossary: an *indexer* is a marked cell; its *index* is its position in its row, column or
box (1-based, a box's cells in reading order); the digit v it holds points at the *target*,
the cell at position v of the same unit, which must then hold the indexer's own index.

- column indexer at (r, c) holding v: cell (r, v) holds c (the "1-5-9" puzzles mark
  columns 1, 5 and 9);
- row indexer at (r, c) holding v: cell (v, c) holds r;
- box indexer at position p of its box holding v: the box's cell at position v holds p
  (boxes, or jigsaw regions, with their cells in reading order).

Encoded as ``x(i, v) → x(t, p)`` for every indexer i, digit v and its target t, and the
converse ``x(t, p) → x(i, v)``, which the unit implies (if i held another digit w, t and
i's other target would both hold p in the unit) and which lets unit propagation go both ways.
The checker tests the first implication on the digits.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = Indexers("column", ((0, 4),))           # r1c1 and r2c1 index their rows
>>> [v.describe(b) for v in rule.violations(b, (3, 0, 2, 0) + (0,) * 12)]
['column_indexer: r1c1 holds 3, so r1c3 must hold 1, not 2 (r1c1, r1c3)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from cnf import AMO, Formula
from satdoku.board import Board, Unit
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, cell_var, check_cells, check_each
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import checked_at, read_cells

#: kind → (what the digit points along, the JSON key).
KINDS = {"row": "column", "column": "row", "box": "box"}


@dataclass(frozen=True)
class Indexers(Rule):
    """Groups of indexer cells of one ``kind`` (row, column or box)."""

    kind: str
    groups: tuple[Unit, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise RuleError(f"bad indexer kind {self.kind!r}; use row, column or box")

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"{self.kind}_indexer"

    @property
    def description(self) -> str:  # type: ignore[override]
        return f"the digit in a {self.kind} indexer says where in its {KINDS[self.kind]} " \
               f"its own {self.kind} number goes"

    def check_board(self, board: Board) -> None:
        if self.kind == "box" and not board.boxes:
            raise RuleError(f"box indexers need boxes or jigsaw regions; a {board.n}x{board.n} "
                            "Latin square has none")
        check_each(f"{self.kind} indexer group", self.groups,
                   lambda cells: check_cells(board, cells))

    def cells(self) -> tuple[int, ...]:
        """Every indexer cell, each once."""
        return tuple(dict.fromkeys(i for group in self.groups for i in group))

    def target(self, board: Board, cell: int, digit: int) -> tuple[int, int]:
        """(target cell, the digit it must hold) when ``cell`` holds ``digit``."""
        n = board.n
        r, c = divmod(cell, n)
        if self.kind == "column":
            return r * n + digit - 1, c + 1
        if self.kind == "row":
            return (digit - 1) * n + c, r + 1
        box = board.boxes[board.box_of[cell]]
        return box[digit - 1], box.index(cell) + 1

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        self.check_board(board)
        for i in self.cells():
            for v in range(1, board.n + 1):
                t, p = self.target(board, i, v)
                if t != i:
                    x, y = cell_var(board, i, v), cell_var(board, t, p)
                    formula.extend([[-x, y], [-y, x]])

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for i in self.cells():
            if not grid[i]:
                continue
            t, p = self.target(board, i, grid[i])
            if grid[t] and grid[t] != p:
                yield Violation(self.name, (i, t),
                                f"{board.cell_name(i)} holds {grid[i]}, so "
                                f"{board.cell_name(t)} must hold {p}, not {grid[t]}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return (Marking("shade", self.cells(), style=self.name),)


# -- JSON: "column_indexers": [["r1c1", "r2c1", ...], ...] ---------------------------------------
def _read(kind: str, board: Board, value: Any, path: str, puzzle: Any) -> Indexers:
    groups = tuple(read_cells(board, item, f"{path}[{k}]") for k, item in enumerate(value))
    return checked_at(path, board, Indexers(kind, groups))


def _of_kind(kind: str, rule: Rule) -> bool:
    return isinstance(rule, Indexers) and rule.kind == kind


def _write(board: Board, rule: Indexers) -> list:
    return [[board.cell_name(i) for i in group] for group in rule.groups]


_TELL = {"row": "a cell (r, c) holding v puts r in (v, c)",
         "column": 'a cell (r, c) holding v puts c in (r, v) ("159" puzzles)',
         "box": "a cell at box position p holding v puts p at box position v"}

#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
for _kind in KINDS:
    KEYS.append(DataKey(
        f"{_kind}_indexers",
        f"{_kind} indexers: [[\"r1c1\", ...], ...]; {_TELL[_kind]}",
        Indexers, partial(_read, _kind), _write,
        list_schema(cells_schema(1), f"{_kind.capitalize()} indexer cells, in groups: "
                                     f"{_TELL[_kind]}."),
        aliases=(f"{_kind}_indexer", f"{_kind}indexer"),
        owns=partial(_of_kind, _kind)))

"""TEMPLATE for a new per-puzzle constraint: copy this file, rename, fill in (docs/variants.md,
"Adding a constraint"). It is a working rule — *digit bounds*: each listed cell holds a digit
from ``low`` to ``high`` — kept out of the registry tables, so that no puzzle can use it; its
doctests run with the suite, so the template never rots.

A constraint of an existing shape touches four files:

1. this module (renamed): the items, the rule (encode + an independent checker + markings),
   the JSON reader and writer, and its ``KEYS``;
2. ``satdoku/rules/data.py``: a row of ``DATA_KEY_TABLE`` (JSON key → this module's ``KEYS``)
   and, when f-puzzles draws it, a row of ``FPUZZLES_KEYS`` (f-puzzles key, JSON key, shape);
3. ``examples/NAME.json``: a small unique puzzle using it (``test_examples_are_unique_and_verified``
   solves it and checks it with the checkers);
4. ``tests/test_rules_NAME.py``: brute-force agreement on small boards (``tests.variant_oracle``),
   a planted violation caught, bad JSON refused with its path.

Then run ``python scripts/make_schema.py`` (the JSON schema is generated from ``KEYS``). Every
command takes the new key at once: JSON and f-puzzles input, solve, check, count, analyse,
candidates, explain, generate (templates), render (the markings), export, ``satdoku rules``.

Glossary: an *item* is one drawn instance (here a cell with its bounds); the *rule* holds every
item of a puzzle; the *key* is the JSON name of the list of items.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = DigitBounds((Bound(0, 3, 4),))
>>> [v.describe(b) for v in rule.violations(b, (2,) + (0,) * 15)]
['digit bounds: 2 is not in 3..4 (r1c1)']
>>> from satdoku.solving import count
>>> from satdoku.puzzle import Puzzle
>>> count(Puzzle(b, (0,) * 16, (rule,)), limit=1000).count   # 288 grids, half with r1c1 >= 3
144
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, cell_var, check_cells, check_each
from satdoku.rules.data import DataKey, list_schema
from satdoku.rules.json_values import read_cells, read_int, read_object


@dataclass(frozen=True)
class Bound:
    """One item: a cell and the digits it may hold, ``low``..``high``."""

    cell: int
    low: int
    high: int


@dataclass(frozen=True)
class DigitBounds(Rule):
    """Every item of a puzzle. Frozen and hashable: (board, rules) keys the CNF cache."""

    bounds: tuple[Bound, ...] = ()
    name: ClassVar[str] = "digit bounds"
    description: ClassVar[str] = "each listed cell holds a digit within its bounds"

    def check_board(self, board: Board) -> None:
        """RuleError (naming the item) for an item that makes no sense on ``board``."""
        check_each("bound", self.bounds, lambda item: check_bound(board, item))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        """Clauses over the cell variables (``cell_var``): here one unit per digit out of
        bounds. Auxiliary variables come from ``formula.new_var()``."""
        for item in self.bounds:
            formula.extend([-cell_var(board, item.cell, d)] for d in range(1, board.n + 1)
                           if not item.low <= d <= item.high)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        """The independent checker: plain Python over the digits (0 = blank), never the CNF.
        Sound on partial grids (only what is certainly broken)."""
        for item in self.bounds:
            d = grid[item.cell]
            if d and not item.low <= d <= item.high:
                yield Violation(self.name, (item.cell,), f"{d} is not in {item.low}..{item.high}")

    def markings(self, board: Board) -> Sequence[Marking]:
        """What a picture draws (the renderer knows the marking kinds: see render/markings)."""
        return tuple(Marking("text", (item.cell,), f"{item.low}-{item.high}")
                     for item in self.bounds)


def check_bound(board: Board, item: Bound) -> None:
    """RuleError unless ``item`` is a cell of ``board`` with bounds within 1..n."""
    check_cells(board, (item.cell,))
    if not 1 <= item.low <= item.high <= board.n:
        raise RuleError(f"bounds {item.low}..{item.high} are not within 1..{board.n}")


def _read(board: Board, value: Any, path: str, puzzle: Any) -> DigitBounds:
    """JSON value → rule; every error names its JSON path (``$.digit_bounds[2].low``)."""
    items = []
    for k, entry in enumerate(value):
        where = f"{path}[{k}]"
        obj = read_object(entry, where, '{"cell": "r1c1", "low": 1, "high": 4}',
                          ("cell", "low", "high"), ("cell", "low", "high"))
        (cell,) = read_cells(board, [obj["cell"]], f"{where}.cell", 1)
        low = read_int(obj["low"], f"{where}.low", "a digit", 1, board.n)
        high = read_int(obj["high"], f"{where}.high", "a digit", low, board.n)
        items.append(Bound(cell, low, high))
    return DigitBounds(tuple(items))


def _write(board: Board, rule: DigitBounds) -> list:
    """Rule → JSON value (the reader reads it back to an equal rule)."""
    return [{"cell": board.cell_name(b.cell), "low": b.low, "high": b.high}
            for b in rule.bounds]


#: The JSON keys of this family. A real family lists them in DATA_KEY_TABLE
#: (satdoku/rules/data.py); this template stays out of it.
KEYS: list[DataKey] = [DataKey(
    "digit_bounds", 'digit bounds: [{"cell": "r1c1", "low": 1, "high": 4}, ...]',
    DigitBounds, _read, _write,
    list_schema({"type": "object", "additionalProperties": False,
                 "required": ["cell", "low", "high"],
                 "properties": {"cell": {"$ref": "#/$defs/cell"},
                                "low": {"type": "integer", "minimum": 1},
                                "high": {"type": "integer", "minimum": 1}}},
                "Digit bounds: each listed cell holds a digit from low to high."))]

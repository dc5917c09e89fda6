"""Sum dots and product dots: a number on the edge between two cells or on the corner of four.

Glossary: a *dot* touches two orthogonal neighbours (on their shared edge) or the four cells
of a 2×2 square (on their shared corner); on a *sum dot* their digits add up to its value, on
a *product dot* they multiply to it. Digits under a corner dot may repeat (diagonal cells of
the square can, across boxes); under an edge dot they share a row or column.

Encoded as a table: the digit tuples that keep the dot. Two cells: support clauses
(``x(i, a) → ∨ x(j, b)`` over the partners b of a, and back). Four cells: one selector per
tuple, ``y_t → x(i, t_i)``, ``x(i, d) → ∨ y_t`` over the tuples with t_i = d, and at least one
``y_t`` — unit propagation then removes every digit that no remaining tuple uses.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> tuples(4, 2, "sum", 5)
((1, 4), (2, 3), (3, 2), (4, 1))
>>> rule = Dots("product", (Dot((0, 1, 4, 5), 24),))
>>> [v.describe(b) for v in rule.violations(b, (1, 2, 0, 0, 3, 3) + (0,) * 10)]
['product_dot: 1, 2, 3, 3 multiply to 18, not 24 (r1c1, r1c2, r2c1, r2c2)']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, partial
from itertools import product
from math import prod
from typing import Any

from cnf import AMO, Formula, at_least_one
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, cell_var, check_each
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.dots import support_clauses
from satdoku.rules.json_values import adjacent, at, read_cells, read_int, read_object
from satdoku.rules.quadruples import check_square

#: kind → (how the digits combine, the verb).
KINDS: dict[str, tuple[Callable[[Iterable[int]], int], str]] = {
    "sum": (sum, "add up to"), "product": (prod, "multiply to")}


@cache
def tuples(n: int, size: int, kind: str, value: int) -> tuple[tuple[int, ...], ...]:
    """Every tuple of ``size`` digits 1..n that combine (``kind``) to ``value`` (two digits
    of an edge dot differ: they share a row or column)."""
    combine = KINDS[kind][0]
    return tuple(t for t in product(range(1, n + 1), repeat=size)
                 if combine(t) == value and (size != 2 or t[0] != t[1]))


@dataclass(frozen=True)
class Dot:
    """A dot over ``cells`` (two neighbours, or a 2×2 square, ascending) with a value."""

    cells: tuple[int, ...]
    value: int


@dataclass(frozen=True)
class Dots(Rule):
    """The sum dots (``kind="sum"``) or product dots of a puzzle."""

    kind: str
    dots: tuple[Dot, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise RuleError(f"bad dot kind {self.kind!r}; use sum or product")

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"{self.kind}_dot"

    @property
    def description(self) -> str:  # type: ignore[override]
        return f"the digits around a {self.kind} dot {KINDS[self.kind][1]} its value"

    def check_board(self, board: Board) -> None:
        check_each(f"{self.kind} dot", self.dots, lambda dot: check_dot(board, self.kind, dot))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for dot in self.dots:
            allowed = tuples(board.n, len(dot.cells), self.kind, dot.value)
            if len(dot.cells) == 2:
                formula.extend(support_clauses(board, *dot.cells,
                                               partial(_allows, frozenset(allowed))))
            else:
                require_table(board, formula, dot.cells, allowed, f"{self.name} {dot.value}")

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        combine, verb = KINDS[self.kind]
        for dot in self.dots:
            digits = [grid[i] for i in dot.cells]
            if all(digits) and combine(digits) != dot.value:
                yield Violation(self.name, dot.cells, f"{', '.join(map(str, digits))} "
                                                      f"{verb} {combine(digits)}, not {dot.value}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("dot" if len(d.cells) == 2 else "quad", d.cells, str(d.value),
                             f"{self.kind}_dot") for d in self.dots)


def _allows(allowed: frozenset[tuple[int, ...]], a: int, b: int) -> bool:
    return (a, b) in allowed


def require_table(board: Board, formula: Formula, cells: Sequence[int],
                  allowed: Sequence[tuple[int, ...]], name: str) -> None:
    """The digits of ``cells`` form one of the ``allowed`` tuples: one selector per tuple
    (named from ``name``, the cells and the tuple), arc consistent under unit propagation."""
    label = f"{name} at " + ",".join(board.cell_name(i) for i in cells)
    chosen = [formula.var(f"{label} is {''.join(map(str, t))}") for t in allowed]
    support: dict[tuple[int, int], list[int]] = {}
    for y, t in zip(chosen, allowed, strict=True):
        for i, d in zip(cells, t, strict=True):
            formula.add([-y, cell_var(board, i, d)])
            support.setdefault((i, d), []).append(y)
    formula.extend([-cell_var(board, i, d), *support.get((i, d), [])]
                   for i in cells for d in range(1, board.n + 1))
    at_least_one(formula, chosen)


def check_dot(board: Board, kind: str, dot: Dot) -> None:
    """RuleError unless the dot sits on two neighbours or a 2×2 square and can be kept."""
    if len(dot.cells) == 2:
        if not adjacent(board, *dot.cells, diagonal=False):
            raise RuleError("expected two cells side by side or the four cells of a 2x2 square")
    else:
        check_square(board, dot.cells)
    if not tuples(board.n, len(dot.cells), kind, dot.value):
        raise RuleError(f"no {len(dot.cells)} digits 1..{board.n} {KINDS[kind][1]} {dot.value}")


# -- JSON: "sum_dots": [{"cells": ["r1c1", "r1c2"], "value": 7}, ...] ---------------------------
def _read(kind: str, board: Board, value: Any, path: str, puzzle: Any) -> Dots:
    dots = []
    for k, item in enumerate(value):
        where = f"{path}[{k}]"
        obj = read_object(item, where, f'a {kind} dot {{"cells": [2 or 4 cells], "value": 7}}',
                          ("cells", "value"), ("cells", "value"))
        cells = read_cells(board, obj["cells"], f"{where}.cells", 2)
        dot = Dot(tuple(sorted(cells)), read_int(obj["value"], f"{where}.value", "a number", 1))
        with at(where):
            check_dot(board, kind, dot)
        dots.append(dot)
    return Dots(kind, tuple(dots))


def _of_kind(kind: str, rule: Rule) -> bool:
    return isinstance(rule, Dots) and rule.kind == kind


def _write(board: Board, rule: Dots) -> list:
    return [{"cells": [board.cell_name(i) for i in d.cells], "value": d.value} for d in rule.dots]


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
for _kind, (_, _verb) in KINDS.items():
    KEYS.append(DataKey(
        f"{_kind}_dots", f'{_kind} dots: [{{"cells": ["r1c1", "r1c2"], "value": 7}}, ...]; the '
                         f"digits of two neighbours or of a 2x2 square {_verb} the value",
        Dots, partial(_read, _kind), _write,
        list_schema({"type": "object", "additionalProperties": False,
                     "required": ["cells", "value"],
                     "properties": {"cells": cells_schema(2),
                                    "value": {"type": "integer", "minimum": 1}}},
                    f"{_kind.capitalize()} dots: the digits of two neighbours (a dot on their "
                    f"edge) or of a 2x2 square (on its corner) {_verb} the value."),
        aliases=(f"{_kind}_dot",), owns=partial(_of_kind, _kind)))

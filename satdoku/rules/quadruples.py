"""Quadruples: digits that must appear among the four cells around a grid point.

Glossary: a *quadruple* is a circle on the corner shared by the four cells of a 2×2 square,
holding up to four digits; each digit listed appears in those cells (a digit listed twice,
at least twice: the four cells may span boxes, so digits can repeat).

Encoding: "at least m of the 4 cells hold d" is one clause over every set of 5 − m cells
(any 5 − m cells include one holding d), plus an implied "at least t cells hold listed
digits" clause.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = Quadruples((Quadruple((0, 1, 4, 5), (1, 2)),))
>>> [v.describe(b) for v in rule.violations(b, (3, 4, 3, 4) + (0,) * 12)][:1]
[]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, cell_var, check_cells, check_each
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import at, expect, read_cells, read_int, read_object


@dataclass(frozen=True)
class Quadruple:
    """The four cells of a 2×2 square (ascending) and the digits they must hold (a digit
    listed twice must appear twice)."""

    cells: tuple[int, ...]
    digits: tuple[int, ...]


@dataclass(frozen=True)
class Quadruples(Rule):
    """The quadruples of a puzzle."""

    quads: tuple[Quadruple, ...] = ()
    name: ClassVar[str] = "quadruple"
    description: ClassVar[str] = "the digits on a 2x2 square's corner appear in its four cells"

    def check_board(self, board: Board) -> None:
        check_each("quadruple", self.quads, lambda quad: check_quadruple(board, quad))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for quad in self.quads:
            for d, times in Counter(quad.digits).items():  # any 5 - times cells hold a d
                formula.extend([cell_var(board, i, d) for i in cells]
                               for cells in combinations(quad.cells, 5 - times))
            listed, total = sorted(set(quad.digits)), len(quad.digits)
            if total > 1:  # (implied) at least `total` cells hold listed digits
                formula.extend([cell_var(board, i, d) for i in cells for d in listed]
                               for cells in combinations(quad.cells, 5 - total))

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for k, quad in enumerate(self.quads, 1):
            held = Counter(grid[i] for i in quad.cells)
            missing = Counter(quad.digits) - held
            if sum(missing.values()) > held[0]:
                text = ", ".join(map(str, sorted(missing.elements())))
                yield Violation(self.name, quad.cells, f"quadruple {k} can no longer hold "
                                                       f"{text}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("quad", q.cells, quad_label(q.digits)) for q in self.quads)


def quad_label(digits: tuple[int, ...]) -> str:
    """The digits as drawn in the circle: ``1234``, or spaced when one has two figures."""
    return ("" if max(digits) < 10 else " ").join(map(str, digits))


def check_quadruple(board: Board, quad: Quadruple) -> None:
    """RuleError unless ``quad`` is a 2×2 square of ``board`` with 1-4 digits it can hold."""
    check_square(board, quad.cells)
    check_quad_digits(board, quad.digits)


def check_square(board: Board, cells: Sequence[int]) -> None:
    """RuleError unless ``cells`` are the four cells of a 2×2 square of ``board``."""
    check_cells(board, cells)
    n, first = board.n, min(cells, default=0)
    if (len(cells) != 4 or sorted(cells) != [first, first + 1, first + n, first + n + 1]
            or first % n == n - 1):
        raise RuleError("expected the four cells of a 2x2 square, e.g. "
                        '["r1c1", "r1c2", "r2c1", "r2c2"]')


def check_quad_digits(board: Board, digits: Sequence[int]) -> None:
    """RuleError unless a 2×2 square can hold ``digits`` (1-4 of them, each at most twice).

    >>> check_quad_digits(Board.classic(4), (2, 2, 2))
    Traceback (most recent call last):
    ...
    satdoku.errors.RuleError: digit 2 is listed 3 times; a 2x2 square holds a digit at most twice
    """
    if not 1 <= len(digits) <= 4:
        raise RuleError(f"{len(digits)} digits listed; a quadruple lists 1 to 4")
    for d, times in Counter(digits).items():
        if not 1 <= d <= board.n:
            raise RuleError(f"digit {d} is out of range 1..{board.n}")
        if times > 2:  # the square's other cells share a row or a column with any one
            raise RuleError(f"digit {d} is listed {times} times; a 2x2 square holds a digit "
                            "at most twice")



def _read_quadruples(board: Board, value: Any, path: str, puzzle: Any) -> Quadruples:
    quads = []
    for k, item in enumerate(value):
        where = f"{path}[{k}]"
        obj = read_object(item, where, 'a quadruple {"cells": [4 cells], "digits": [1, 2]}',
                          ("cells", "digits"), ("cells", "digits"))
        cells = read_cells(board, obj["cells"], f"{where}.cells", 4)
        with at(f"{where}.cells"):
            check_square(board, cells)
        listed = expect(obj["digits"], list, f"{where}.digits", "a list of digits")
        digits = tuple(read_int(d, f"{where}.digits[{m}]", "a digit", 1, board.n)
                       for m, d in enumerate(listed))
        with at(f"{where}.digits"):
            check_quad_digits(board, digits)
        quads.append(Quadruple(tuple(sorted(cells)), tuple(sorted(digits))))
    return Quadruples(tuple(quads))


def _write_quadruples(board: Board, rule: Quadruples) -> list:
    return [{"cells": [board.cell_name(i) for i in q.cells], "digits": list(q.digits)}
            for q in rule.quads]


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = [DataKey(
    "quadruples", 'quadruples: [{"cells": [4 cells of a 2x2 square], "digits": [1, 2]}, ...]',
    Quadruples, _read_quadruples, _write_quadruples,
    list_schema({"type": "object", "additionalProperties": False,
                 "required": ["cells", "digits"],
                 "properties": {"cells": cells_schema(4),
                                "digits": {"type": "array", "minItems": 1, "maxItems": 4,
                                           "items": {"type": "integer", "minimum": 1}}}},
                "Quadruples: the digits listed appear in the 2x2 square's cells (a digit "
                "listed twice, twice)."), aliases=("quadruple", "quads"))]

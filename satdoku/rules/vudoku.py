"""Vudoku (V sudoku): a V drawn over three cells; its corner is the sum or the difference of
the two others.

Glossary: a *V* covers three cells — its *corner* and the corner's two orthogonal neighbours
that make an L with it (not a straight line); the corner's digit equals the sum of the two
other digits, or their (absolute) difference.

Encoded as a table of the digit triples that keep the V
(:func:`satdoku.rules.sum_dots.require_table`: arc consistent under unit propagation).

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = Vudoku(((1, 0, 4),))                       # r1c2, corner r1c1, r2c1
>>> list(rule.violations(b, (3, 1, 0, 0, 2) + (0,) * 11))   # 3 = 1 + 2
[]
>>> [v.describe(b) for v in rule.violations(b, (4, 1, 0, 0, 2) + (0,) * 11)]
['vudoku: the corner 4 is neither 1 + 2 nor their difference (r1c2, r1c1, r2c1)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, check_cells, check_each
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import adjacent, at, cell_names, read_cells
from satdoku.rules.sum_dots import require_table

V = tuple[int, int, int]


def keeps(corner: int, a: int, b: int) -> bool:
    """Whether the corner digit is the sum or the difference of the two others."""
    return corner in (a + b, abs(a - b))


@cache
def triples(n: int) -> tuple[V, ...]:
    """Every (a, corner, b) of digits 1..n keeping a V (a ≠ corner ≠ b: neighbours)."""
    return tuple((a, c, b) for a in range(1, n + 1) for c in range(1, n + 1)
                 for b in range(1, n + 1) if a != c != b and keeps(c, a, b))


@dataclass(frozen=True)
class Vudoku(Rule):
    """The Vs of a puzzle, each (one end, the corner, the other end)."""

    vs: tuple[V, ...] = ()
    name: ClassVar[str] = "vudoku"
    description: ClassVar[str] = ("the corner of a V is the sum or the difference of its two "
                                  "other cells")

    def check_board(self, board: Board) -> None:
        check_each("V", self.vs, lambda v: check_v(board, v))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for v in self.vs:
            require_table(board, formula, v, triples(board.n), "vudoku")

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for v in self.vs:
            a, c, b = (grid[i] for i in v)
            if a and b and c and not keeps(c, a, b):
                yield Violation(self.name, v, f"the corner {c} is neither {a} + {b} nor their "
                                              "difference")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("line", v, style="vudoku") for v in self.vs)


def check_v(board: Board, v: Sequence[int]) -> None:
    """RuleError unless ``v`` is (end, corner, end) of an L of three cells."""
    check_cells(board, v)
    a, c, b = v
    (ra, ca), (rb, cb) = divmod(a, board.n), divmod(b, board.n)
    if not (adjacent(board, a, c, diagonal=False) and adjacent(board, b, c, diagonal=False)
            and ra != rb and ca != cb):
        raise RuleError("expected three cells of an L with the corner in the middle, e.g. "
                        '["r1c2", "r1c1", "r2c1"]')


def _read(board: Board, value: Any, path: str, puzzle: Any) -> Vudoku:
    vs = []
    for k, item in enumerate(value):
        cells = read_cells(board, item, f"{path}[{k}]", 3)
        with at(f"{path}[{k}]"):
            if len(cells) != 3:
                raise RuleError(f"{len(cells)} cells; a V covers three")
            check_v(board, cells)
        vs.append((cells[0], cells[1], cells[2]))
    return Vudoku(tuple(vs))


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
KEYS.append(DataKey(
    "vudoku", 'V marks: [["r1c2", "r1c1", "r2c1"], ...]; the middle cell (the corner of the L) is '
              "the sum or the difference of the two others",
    Vudoku, _read, lambda board, rule: [cell_names(board, v) for v in rule.vs],
    list_schema(cells_schema(3, "An end, the corner, the other end: three cells of an L."),
                "Vudoku: the corner of each V is the sum or the difference of its two ends."),
    aliases=("v_marks", "vs")))

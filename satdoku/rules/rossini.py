"""Rossini: arrows outside the grid say which way the three digits nearest them increase.

Glossary: a *Rossini arrow* sits outside the grid at the end of a row or column (``r0c3``
is above column 3); it points ``in`` (the three digits nearest it increase going into the
grid) or ``out`` (they increase towards the arrow). The *negative* constraint (every
Rossini puzzle's usual rule) says the arrows given are all there are: the first three digits
from any end without an arrow are not monotonic (the middle one is the largest or the
smallest).

Encoded on the order literals of :mod:`satdoku.rules.order`: an arrow is a chain of three
cells rising by one at least; an end without an arrow gets one variable p ("the middle digit
is the largest") with ``p → a < b``, ``p → c < b``, ``¬p → b < a``, ``¬p → b < c`` (the three
digits share a row or column, so they differ).

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = Rossini((Arrow(-1, 0, True),))            # r0c1, pointing down into column 1
>>> [v.describe(b) for v in rule.violations(b, (2, 0, 0, 0, 1) + (0,) * 11)]
['rossini: r0c1: 2 then 1 do not increase away from the arrow (r1c1, r2c1)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation
from satdoku.rules.data import DataKey, list_schema
from satdoku.rules.json_values import (
    at,
    checked_at,
    expect,
    fail,
    outside_name,
    read_object,
    read_outside_cell,
)
from satdoku.rules.order import add_chain, add_less
from satdoku.rules.outside_lines import line_direction, ray

#: How many digits from the edge an arrow speaks of.
LENGTH = 3
#: Line direction → the arrow drawn when digits increase that way.
_ARROWS = {"D": "↓", "U": "↑", "R": "→", "L": "←"}
_OPPOSITE = {"D": "U", "U": "D", "R": "L", "L": "R"}


@dataclass(frozen=True)
class Arrow:
    """An arrow at the 0-based (``row``, ``col``) outside the grid; ``inward`` when the
    digits increase going into the grid."""

    row: int
    col: int
    inward: bool

    @property
    def place(self) -> str:
        return outside_name(self.row, self.col)


def ends(board: Board) -> tuple[tuple[int, int], ...]:
    """Every place outside the grid at the end of a row or column."""
    n = board.n
    return tuple([(-1, c) for c in range(n)] + [(n, c) for c in range(n)]
                 + [(r, -1) for r in range(n)] + [(r, n) for r in range(n)])


def first_cells(board: Board, row: int, col: int) -> tuple[int, ...]:
    """The three cells nearest the end (row, col), nearest first."""
    return ray(board, row, col, line_direction(board, row, col))[:LENGTH]


@dataclass(frozen=True)
class Rossini(Rule):
    """The Rossini arrows of a puzzle, and whether the negative constraint holds."""

    arrows: tuple[Arrow, ...] = ()
    negative: bool = False
    name: ClassVar[str] = "rossini"
    description: ClassVar[str] = ("Rossini arrows: the three digits nearest an arrow outside "
                                  "the grid increase in its direction")

    def check_board(self, board: Board) -> None:
        if board.n < LENGTH:
            raise RuleError(f"Rossini arrows speak of three digits; a {board.n}x{board.n} "
                            "board has fewer in a row")
        for k, arrow in enumerate(self.arrows, 1):
            try:
                line_direction(board, arrow.row, arrow.col)
            except RuleError as err:
                raise RuleError(f"rossini arrow {k}: {err}") from None

    def rising(self, board: Board, arrow: Arrow) -> tuple[int, ...]:
        """The arrow's three cells in the order their digits increase."""
        cells = first_cells(board, arrow.row, arrow.col)
        return cells if arrow.inward else cells[::-1]

    def unmarked(self, board: Board) -> Iterator[tuple[int, ...]]:
        """The first three cells of every end without an arrow (negative constraint)."""
        marked = {(a.row, a.col) for a in self.arrows}
        return (first_cells(board, r, c) for r, c in ends(board) if (r, c) not in marked)

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        self.check_board(board)
        for arrow in self.arrows:
            add_chain(board, formula, self.rising(board, arrow), gap=1)
        if self.negative:
            for a, b, c in self.unmarked(board):
                p = formula.var("rossini middle of " + ",".join(
                    board.cell_name(i) for i in (a, b, c)) + " is highest")
                for x in (a, c):
                    add_less(board, formula, x, b, guard=[-p])
                    add_less(board, formula, b, x, guard=[p])

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for arrow in self.arrows:
            cells = self.rising(board, arrow)
            for i, j in combinations(cells, 2):
                if grid[i] and grid[j] and grid[i] >= grid[j]:
                    away = "away from" if arrow.inward else "towards"
                    yield Violation(self.name, tuple(sorted((i, j), key=cells.index)),
                                    f"{arrow.place}: {grid[i]} then {grid[j]} do not "
                                    f"increase {away} the arrow")
                    break
        if self.negative:
            for cells in self.unmarked(board):
                a, b, c = (grid[i] for i in cells)
                if a and b and c and (a < b < c or a > b > c):
                    yield Violation(self.name, cells, f"{a}, {b}, {c} are monotonic but no "
                                                      "arrow is there")

    def markings(self, board: Board) -> Sequence[Marking]:
        out = []
        for arrow in self.arrows:
            way = line_direction(board, arrow.row, arrow.col)
            label = _ARROWS[way if arrow.inward else _OPPOSITE[way]]
            out.append(Marking("text", first_cells(board, arrow.row, arrow.col), label, way))
        return tuple(out)


# -- JSON: "rossini": [{"clue": "r0c3", "arrow": "in"}, ..., "negative"] ------------------------
def _read(board: Board, value: Any, path: str, puzzle: Any) -> Rossini:
    arrows: list[Arrow] = []
    negative = False
    for k, item in enumerate(value):
        where = f"{path}[{k}]"
        if item == "negative":
            negative = True
            continue
        obj = read_object(item, where, 'an arrow {"clue": "r0c3", "arrow": "in"} or "negative"',
                          ("clue", "arrow"), ("clue", "arrow"))
        row, col = read_outside_cell(board, obj["clue"], f"{where}.clue")
        way = expect(obj["arrow"], str, f"{where}.arrow", '"in" or "out"').strip().lower()
        if way not in ("in", "out"):
            raise fail(f"{where}.arrow", f"bad arrow {obj['arrow']!r}: use \"in\" (the digits "
                                         "increase into the grid) or \"out\"")
        with at(f"{where}.clue"):
            line_direction(board, row, col)
        if any((a.row, a.col) == (row, col) for a in arrows):
            raise fail(where, f"{outside_name(row, col)} already has an arrow")
        arrows.append(Arrow(row, col, way == "in"))
    return checked_at(path, board, Rossini(tuple(arrows), negative))


def _write(board: Board, rule: Rossini) -> list:
    return [*({"clue": a.place, "arrow": "in" if a.inward else "out"} for a in rule.arrows),
            *(["negative"] if rule.negative else [])]


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
KEYS.append(DataKey(
    "rossini", 'Rossini arrows: [{"clue": "r0c3", "arrow": "in"}, ..., "negative"]; the three '
               "digits nearest an arrow increase its way (\"negative\": nowhere else monotonic)",
    Rossini, _read, _write,
    list_schema({"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["clue", "arrow"],
         "properties": {"clue": {"$ref": "#/$defs/cell"}, "arrow": {"enum": ["in", "out"]}}},
        {"const": "negative"}]},
        "Rossini arrows outside the grid: the three digits nearest the arrow increase in its "
        "direction (in: into the grid). \"negative\": every monotonic end has an arrow."),
    aliases=("rossini_arrows",)))

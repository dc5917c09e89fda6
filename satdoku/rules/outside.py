"""Clues outside the grid: little killers, sandwich sums, X-sums and skyscrapers.

Glossary: a *clue cell* sits just outside the grid, in row or column 0 or n+1 (``r0c3`` is
above column 3); a *line* is the row or column a clue names (its clue cell is in column 0 or
n+1 for a row, row 0 or n+1 for a column), read from the clue's side; a *diagonal* starts
one step from a clue cell in a diagonal direction (``UL``, ``UR``, ``DL``, ``DR``: up or
down, left or right) and runs to the grid's edge. A digit of a line is *seen* when it is
greater than every digit before it (a building taller than those in front).

- little killers: the digits on the diagonal (they may repeat) add up to the clue;
- sandwiches: the digits strictly between the 1 and the n of the line add up to the clue
  (0 when the 1 and the n are neighbours);
- X-sums: X being the line's first digit, its first X digits add up to the clue;
- skyscrapers: the clue is how many digits of the line are seen.

Each kind is a rule holding all its clues of a puzzle, read from its JSON key. What clues
mean (cells, possible values, checkers) is in :mod:`.outside_lines`, the encodings in
:mod:`.outside_cnf` and :mod:`.sums`. The checkers judge a clue once every cell it depends on
is filled (the whole line, the first X cells, the diagonal), plus what partial lines already
settle (a diagonal past its sum, more buildings seen than the clue).

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = Sandwiches((Clue(-1, 0, 3),))   # r0c1: column 1, read downwards, sandwiches 3
>>> column = {0: 1, 4: 2, 8: 4, 12: 3}
>>> [v.describe(b) for v in rule.violations(b, tuple(column.get(i, 0) for i in range(16)))]
['sandwich: r0c1: the digits between the 1 and the 4 add up to 2, not 3 (r1c1, r2c1, r3c1, r4c1)']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation
from satdoku.rules.data import DataKey, list_schema
from satdoku.rules.json_values import (
    at,
    expect,
    fail,
    outside_name,
    read_int,
    read_object,
    read_outside_cell,
)
from satdoku.rules.outside_cnf import encode_sandwich, encode_skyscraper, encode_x_sum
from satdoku.rules.outside_lines import (
    DIAGONALS,
    Problem,
    line_direction,
    little_killer_problem,
    ray,
    sandwich_problem,
    sandwich_sums,
    skyscraper_problem,
    spans,
    x_sum_problem,
    x_sums,
)
from satdoku.rules.sums import require_sum, sum_name


@dataclass(frozen=True)
class Clue:
    """A number at the 0-based (``row``, ``col``) outside the grid (one of them -1 or n);
    ``direction`` is the diagonal of a little killer ("" for the other kinds)."""

    row: int
    col: int
    value: int
    direction: str = ""

    @property
    def place(self) -> str:
        return outside_name(self.row, self.col) + (f" {self.direction}" if self.direction else "")


@lru_cache(maxsize=4096)  # (the checkers ask for every clue's cells at every call)
def _cells(diagonal: bool, board: Board, clue: Clue) -> tuple[int, ...]:
    if diagonal:
        if clue.direction not in DIAGONALS:
            raise RuleError(f"bad direction {clue.direction!r}: use {', '.join(DIAGONALS)}")
        return ray(board, clue.row, clue.col, clue.direction)
    return ray(board, clue.row, clue.col, line_direction(board, clue.row, clue.col))


# -- the rules ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class OutsideClues(Rule, ABC):
    """The clues of one kind outside the grid; subclasses say what a clue means."""

    clues: tuple[Clue, ...] = ()
    #: The JSON key of the clue's number, and whether clues have a diagonal ``direction``.
    value_key: ClassVar[str] = "sum"
    diagonal: ClassVar[bool] = False
    #: The kind in words ("a sandwich"), for messages.
    what: ClassVar[str] = ""
    problem: ClassVar[Callable[..., Problem]]  # (n, digits, clue) → its problem

    @classmethod
    def cells_of(cls, board: Board, clue: Clue) -> tuple[int, ...]:
        """The cells the clue speaks of, in order from the clue."""
        return _cells(cls.diagonal, board, clue)

    @classmethod
    @abstractmethod
    def possible(cls, n: int, length: int) -> Sequence[int]:
        """The clue values that ``length`` cells of an n×n board can satisfy (ascending)."""

    @classmethod
    def check_value(cls, n: int, length: int, value: int) -> None:
        possible = cls.possible(n, length)
        if value not in possible:
            where = (f"on a diagonal of {length} cell{'s' if length > 1 else ''}" if cls.diagonal
                     else f"for {cls.what} on a {n}x{n} board")
            raise RuleError(f"{cls.value_key} {value} is impossible {where} (possible: "
                            f"{spans(possible) or 'none'})")

    def check_board(self, board: Board) -> None:
        for k, clue in enumerate(self.clues, 1):
            try:
                self.check_value(board.n, len(self.cells_of(board, clue)), clue.value)
            except RuleError as err:
                raise RuleError(f"{self.name} {k} ({clue.place}): {err}") from None

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for clue in self.clues:
            self.encode_clue(board, formula, self.cells_of(board, clue), clue.value)

    @abstractmethod
    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        """Add the clauses of one clue over its cells."""

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for clue in self.clues:
            cells = self.cells_of(board, clue)
            found = type(self).problem(board.n, [grid[i] for i in cells], clue.value)
            if found:
                used, message = found
                yield Violation(self.name, cells[:used], f"{clue.place}: {message}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("text", self.cells_of(board, clue), str(clue.value),
                             clue.direction or line_direction(board, clue.row, clue.col))
                     for clue in self.clues)


@dataclass(frozen=True)
class LittleKillers(OutsideClues):
    name: ClassVar[str] = "little-killer"
    what: ClassVar[str] = "a little killer"
    description: ClassVar[str] = ("little killers: the digits on the diagonal an outside "
                                  "clue points along add up to it (digits may repeat)")
    diagonal: ClassVar[bool] = True
    problem = staticmethod(little_killer_problem)

    @classmethod
    def possible(cls, n: int, length: int) -> Sequence[int]:
        return range(length, n * length + 1)

    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        terms = [(i, 1) for i in cells]
        require_sum(board, formula, terms, [value], sum_name(board, terms))


@dataclass(frozen=True)
class Sandwiches(OutsideClues):
    name: ClassVar[str] = "sandwich"
    what: ClassVar[str] = "a sandwich"
    description: ClassVar[str] = ("sandwich sums: the digits between the 1 and the largest "
                                  "digit of a row or column add up to its outside clue")
    problem = staticmethod(sandwich_problem)

    @classmethod
    def possible(cls, n: int, length: int) -> Sequence[int]:
        return sandwich_sums(n)

    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        encode_sandwich(board, formula, cells, value)


@dataclass(frozen=True)
class XSums(OutsideClues):
    name: ClassVar[str] = "x-sum"
    what: ClassVar[str] = "an X-sum"
    description: ClassVar[str] = ("X-sums: the first X digits of a row or column seen from "
                                  "its outside clue add up to it, X being the first digit")
    problem = staticmethod(x_sum_problem)

    @classmethod
    def possible(cls, n: int, length: int) -> Sequence[int]:
        return x_sums(n)

    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        encode_x_sum(board, formula, cells, value)


@dataclass(frozen=True)
class Skyscrapers(OutsideClues):
    name: ClassVar[str] = "skyscraper"
    what: ClassVar[str] = "a skyscraper clue"
    description: ClassVar[str] = ("skyscrapers: an outside clue counts the digits of its row "
                                  "or column greater than every digit before them")
    value_key: ClassVar[str] = "count"
    problem = staticmethod(skyscraper_problem)

    @classmethod
    def possible(cls, n: int, length: int) -> Sequence[int]:
        return range(1, n + 1)

    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        encode_skyscraper(board, formula, cells, value)


# -- JSON: "sandwiches": [{"clue": "r0c3", "sum": 12}, ...] (and the other three keys) ----------
def _read_direction(value: Any, path: str) -> str:
    text = expect(value, str, path, 'a direction: "UL", "UR", "DL" or "DR"').strip().upper()
    if text not in DIAGONALS:
        raise fail(path, f"bad direction {value!r}: use UL, UR, DL or DR (up or down, left or "
                         "right)")
    return text


def clue_reader(rule_type: type[OutsideClues]) -> Callable[[Board, Any, str, Any], OutsideClues]:
    """The JSON reader of one kind of outside clue (``{"clue": "r0c3", <value key>: …}``)."""
    keys = ("clue", "direction", rule_type.value_key) if rule_type.diagonal else (
        "clue", rule_type.value_key)
    shape = "{" + ", ".join(f'"{k}": ...' for k in keys) + "}"

    def read(board: Board, value: Any, path: str, puzzle: Any) -> OutsideClues:
        clues: list[Clue] = []
        first: dict[tuple[int, int, str], tuple[int, int]] = {}  # place → (index, value)
        for k, item in enumerate(value):
            where = f"{path}[{k}]"
            obj = read_object(item, where, f"{rule_type.what} {shape}", keys, keys)
            row, col = read_outside_cell(board, obj["clue"], f"{where}.clue")
            direction = (_read_direction(obj["direction"], f"{where}.direction")
                         if rule_type.diagonal else "")
            number = read_int(obj[rule_type.value_key], f"{where}.{rule_type.value_key}")
            clue = Clue(row, col, number, direction)
            with at(f"{where}.direction" if rule_type.diagonal else f"{where}.clue"):
                cells = rule_type.cells_of(board, clue)
            with at(f"{where}.{rule_type.value_key}"):
                rule_type.check_value(board.n, len(cells), number)
            earlier, said = first.setdefault((row, col, direction), (k, number))
            if said != number:  # (the same clue twice is harmless)
                raise fail(where, f"{clue.place} already has the clue {said} "
                                  f"({path}[{earlier}])")
            clues.append(clue)
        return rule_type(tuple(clues))

    return read


def clue_writer(rule_type: type[OutsideClues]) -> Callable[[Board, Any], list]:
    """The JSON writer of one kind of outside clue (what :func:`clue_reader` reads)."""
    def write(board: Board, rule: OutsideClues) -> list:
        return [{"clue": outside_name(c.row, c.col),
                 **({"direction": c.direction} if rule_type.diagonal else {}),
                 rule_type.value_key: c.value} for c in rule.clues]
    return write


def clue_schema(rule_type: type[OutsideClues], description: str) -> dict[str, Any]:
    """The JSON schema of one kind of outside clue."""
    properties: dict[str, Any] = {"clue": {
        "$ref": "#/$defs/cell",
        "description": "The clue's cell outside the grid: row or column 0 or n+1, e.g. r0c3."}}
    if rule_type.diagonal:
        properties["direction"] = {"enum": list(DIAGONALS), "description": (
            "The diagonal's direction from the clue: up or down, left or right.")}
    properties[rule_type.value_key] = {"type": "integer", "minimum": 0}
    return list_schema({"type": "object", "additionalProperties": False,
                        "required": list(properties), "properties": properties}, description)


#: (JSON key, rule type, summary, other names, schema description).
SPECS = (
    ("little_killers", LittleKillers,
     'little killers: [{"clue": "r0c3", "direction": "DR", "sum": 23}, ...]; digits may repeat',
     ("little_killer",),
     "Little killers: the digits on the diagonal from the clue add up to the sum."),
    ("sandwiches", Sandwiches,
     'sandwich sums: [{"clue": "r0c3", "sum": 12}, ...]; the digits between the 1 and the n',
     ("sandwich",),
     "Sandwich sums: the digits between the 1 and the n of the clue's row or column."),
    ("x_sums", XSums,
     'X-sums: [{"clue": "r0c3", "sum": 12}, ...]; the first X digits, X the first one',
     ("x_sum", "xsums", "x-sums"),
     "X-sums: the first X digits of the row or column from the clue, X being the first."),
    ("skyscrapers", Skyscrapers,
     'skyscrapers: [{"clue": "r0c3", "count": 3}, ...]; how many digits are seen',
     ("skyscraper",),
     "Skyscrapers: how many digits of the row or column, read from the clue, are greater "
     "than every digit before them."),
)

#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS = [DataKey(key, summary, kind, clue_reader(kind), clue_writer(kind),
                clue_schema(kind, description), aliases=aliases)
        for key, kind, summary, aliases, description in SPECS]

"""Thermometers: digits rise along each line from its bulb (the first cell).

Glossary: on a *thermo* the digits strictly increase from the bulb; on a *slow thermo* they
never decrease (equal neighbours allowed). Thermos may branch (several lines sharing a bulb
or cells) and may leave a region, so two cells of one thermo differ only through strictness.

Encoded with order literals (:mod:`satdoku.rules.order`): ``ge(a, k) → ge(b, k+1)`` (slow:
``ge(b, k)``) for each step a → b and every k, plus unit clauses for the bounds a strict
thermo implies (its j-th cell, 0-based, of L lies in ``j+1 .. n−(L−1−j)``). The checker
reports two filled cells that cannot rise enough over the cells between them, or a digit
with too few digits left below or above it for its place.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = Thermos(((0, 1, 2),))
>>> [v.describe(b) for v in rule.violations(b, (2, 0, 3) + (0,) * 13)]
['thermo: thermo 1: 2 then 3 with 1 cell between cannot increase (r1c1, r1c2, r1c3)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, check_cells
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import at, read_lines, write_lines
from satdoku.rules.order import add_chain, chain_break, stretch

Line = tuple[int, ...]


@dataclass(frozen=True)
class Thermos(Rule):
    """The thermometers of a puzzle (``slow``: the slow thermometers), each bulb first."""

    lines: tuple[Line, ...]
    slow: bool = False

    @property
    def name(self) -> str:  # type: ignore[override]
        return "slow thermo" if self.slow else "thermo"

    @property
    def description(self) -> str:  # type: ignore[override]
        rise = "never decrease" if self.slow else "strictly increase"
        return f"digits {rise} along each {self.name} from its bulb"

    @property
    def gap(self) -> int:
        """How much each step must rise at least."""
        return 0 if self.slow else 1

    def check_board(self, board: Board) -> None:
        for k, line in enumerate(self.lines, 1):
            try:
                check_line(board, line, 2)
                self._check_length(board, line)
            except RuleError as err:
                raise RuleError(f"{self.name} {k}: {err}") from None

    def _check_length(self, board: Board, line: Line) -> None:
        if not self.slow and len(line) > board.n:
            raise RuleError(f"{len(line)} cells cannot strictly increase through digits "
                            f"1..{board.n}")

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for line in self.lines:
            add_chain(board, formula, line, self.gap)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for k, line in enumerate(self.lines, 1):
            digits = [grid[i] for i in line]
            found = chain_break(board.n, digits, self.gap)
            if found:
                message = self._problem(board.n, digits, *found)
                yield Violation(self.name, stretch(line, *found),
                                f"{self.name} {k}: {message}")

    def _problem(self, n: int, digits: Sequence[int], p: int, q: int) -> str:
        """Why the digits at positions p < q cannot rise (see :func:`chain_break`)."""
        size = len(digits)
        if p >= 0 and q < size:
            if self.slow:
                return f"{digits[p]} then {digits[q]} decreases"
            if q == p + 1:
                return f"{digits[p]} then {digits[q]} does not increase"
            between = f"{q - p - 1} cell" + ("s" if q - p > 2 else "")
            return f"{digits[p]} then {digits[q]} with {between} between cannot increase"
        if p >= 0:
            return f"{digits[p]} leaves too few digits for the {size - 1 - p} cells after it"
        if q < size:
            return f"{digits[q]} leaves too few digits for the {q} cells before it"
        return f"{size} cells cannot strictly increase through digits 1..{n}"

    def markings(self, board: Board) -> Sequence[Marking]:
        style = "slow_thermo" if self.slow else "thermo"
        return tuple(Marking("line", line, style=style) for line in self.lines)


def check_line(board: Board, line: Sequence[int], least: int) -> None:
    """RuleError unless ``line`` holds at least ``least`` cells of ``board``, each once."""
    check_cells(board, line)
    if len(line) < least:
        raise RuleError(f"{len(line)} cells; a line needs at least {least}")


# -- JSON: "thermos": [["r1c1", "r1c2", ...], ...], "slow_thermos": the same --------------------
def _read_thermos(slow: bool, board: Board, value: Any, path: str, puzzle: Any) -> Thermos:
    rule = Thermos(read_lines(board, value, path), slow)
    for k, line in enumerate(rule.lines):
        with at(f"{path}[{k}]"):
            rule._check_length(board, line)
    return rule


_THERMO_SCHEMA = cells_schema(2, "A line of cells, the bulb first, each a king's move from "
                                 "the one before.")

#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = [DataKey(
    "thermos", 'thermometers: [["r1c1", "r1c2", ...], ...], bulb first; digits strictly '
               "increase from the bulb",
    Thermos, partial(_read_thermos, False), write_lines,
    list_schema(_THERMO_SCHEMA, "Thermometers: digits strictly increase from the bulb."),
    aliases=("thermo", "thermometers"),
    owns=lambda rule: isinstance(rule, Thermos) and not rule.slow)]

KEYS.append(DataKey(
    "slow_thermos", 'slow thermometers: [["r1c1", "r1c2", ...], ...], bulb first; digits '
                    "never decrease from the bulb",
    Thermos, partial(_read_thermos, True), write_lines,
    list_schema(_THERMO_SCHEMA, "Slow thermometers: digits never decrease from the bulb."),
    aliases=("slow_thermo",), owns=lambda rule: isinstance(rule, Thermos) and rule.slow))

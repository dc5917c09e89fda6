"""Lines whose cells are constrained two by two: nabner lines and parity lines.

Glossary: a *nabner* line (renban backwards) holds digits no two of which are equal or
consecutive — any two cells of the line, not only neighbours; on a *parity* line every two
neighbouring cells hold one odd and one even digit.

Nabner: ``¬x(i, a) ∨ ¬x(j, b)`` for every two cells i, j of the line and |a − b| <= 1. A
nabner line holds at most ⌈n/2⌉ cells (digits two apart at least).

Parity: one variable per cell, "holds an even digit", tied to the digit variables
(``x(i, d) → even(i)`` for even d, ``→ ¬even(i)`` for odd d) and alternating along the line
(``even(i) ↔ ¬even(j)``); the variable is shared by every line through the cell.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> [v.describe(b) for v in Nabner(((0, 1, 2),)).violations(b, (1, 0, 2) + (0,) * 13)]
['nabner: 1 and 2 on a nabner line are consecutive (r1c1, r1c3)']
>>> [v.describe(b) for v in ParityLines(((0, 1),)).violations(b, (1, 3) + (0,) * 14)]
['parity-line: 1 and 3 are neighbours of one parity (r1c1, r1c2)']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Violation, cell_var
from satdoku.rules.data import DataKey
from satdoku.rules.lines_set import Line, LineRule, line_keys


@dataclass(frozen=True)
class Nabner(LineRule):
    """No two digits on a line are equal or consecutive."""

    name: ClassVar[str] = "nabner"
    description: ClassVar[str] = "no two digits on the line are equal or consecutive"
    style: ClassVar[str] = "nabner"
    distinct: ClassVar[bool] = True

    def check_line(self, board: Board, line: Line) -> None:
        super().check_line(board, line)
        most = (board.n + 1) // 2
        if len(line) > most:
            raise RuleError(f"{len(line)} cells; a nabner line holds at most {most} on a "
                            f"{board.n}x{board.n} board (its digits are 2 apart or more)")

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        n = board.n
        for line in self.lines:
            for i, j in combinations(line, 2):
                formula.extend([-cell_var(board, i, a), -cell_var(board, j, b)]
                               for a in range(1, n + 1) for b in (a - 1, a, a + 1)
                               if 1 <= b <= n)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for line in self.lines:
            for i, j in combinations(line, 2):
                a, b = grid[i], grid[j]
                if a and b and abs(a - b) <= 1:
                    what = "equal" if a == b else "consecutive"
                    yield Violation(self.name, (i, j),
                                    f"{a} and {b} on a nabner line are {what}")


@dataclass(frozen=True)
class ParityLines(LineRule):
    """Neighbours on a line hold one odd and one even digit."""

    name: ClassVar[str] = "parity-line"
    description: ClassVar[str] = "neighbours on the line alternate between odd and even"
    style: ClassVar[str] = "parity"

    def check_size(self, board: Board) -> None:
        if board.n < 2:
            raise RuleError("parity lines need odd and even digits: a 1x1 board has no even")

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for line in self.lines:
            for i, j in pairwise(line):
                a, b = even(board, formula, i), even(board, formula, j)
                formula.extend([[a, b], [-a, -b]])

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for line in self.lines:
            for i, j in pairwise(line):
                if grid[i] and grid[j] and grid[i] % 2 == grid[j] % 2:
                    yield Violation(self.name, (i, j), f"{grid[i]} and {grid[j]} are "
                                                       "neighbours of one parity")


def even(board: Board, formula: Formula, cell: int) -> int:
    """The variable "``cell`` holds an even digit", tied to its digits on first use."""
    name = f"{board.cell_name(cell)} even"
    known = name in formula.pool.obj2id
    var = formula.var(name)
    if not known:
        formula.extend([-cell_var(board, cell, d), var if d % 2 == 0 else -var]
                       for d in range(1, board.n + 1))
    return var


_KEYS: dict[str, tuple[type[LineRule], str, tuple[str, ...]]] = {
    "nabner": (Nabner, 'nabner lines: [["r1c1", "r1c2", ...], ...]; no two digits on a line are '
                       "equal or consecutive", ("nabner_lines",)),
    "parity_lines": (ParityLines, 'parity lines: [["r1c1", "r1c2", ...], ...]; neighbours on '
                                  "a line alternate between odd and even",
                     ("parity_line", "parity-line")),
}

#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = line_keys(_KEYS)

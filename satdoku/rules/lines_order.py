"""Lines whose digits are compared: whispers and between lines.

Glossary: on a *whisper* line, neighbouring cells (along the line) hold digits that differ
by at least the line's *difference*: by default ⌈n/2⌉ (*German whispers*: 5 on 9×9, 2 on
4×4, 3 on 6×6); a difference of 4 on 9×9 gives *Dutch whispers*. A *between line* joins
two *circles* (its first and last cells); every cell strictly between them along the line
holds a digit strictly between the two circle digits, whichever circle is the lower.

Whispers use the *support* encoding: ``v(i,a) → ∨ {v(j,b) : |a−b| ≥ k}`` for each
neighbouring pair (i, j) on a line, both ways (arc consistent; a digit with no partner, like
5 on a German whisper, becomes a unit clause). docs/variants-order.md compares it with an
order encoding. Between lines use order literals (:mod:`satdoku.rules.order`) and one
variable per line, ``o`` = "the first circle is the lower one": under ``o`` each middle cell m
has ``first < m < last`` (and the circles differ by 2 or more), under ``¬o`` the mirror; the
middle cells lose 1 and n at once.

>>> from satdoku.board import Board
>>> b = Board.classic(9)
>>> rule = Whispers((WhisperLine((0, 1, 2)),))
>>> [v.describe(b) for v in rule.violations(b, (1, 4) + (0,) * 79)]
['whispers: whisper 1: 1 and 4 differ by less than 5 (r1c1, r1c2)']
>>> [v.describe(b) for v in BetweenLines(((0, 1, 2),)).violations(b, (3, 7, 5) + (0,) * 78)]
['between: between line 1: 7 is not between the circles 3 and 5 (r1c1, r1c2, r1c3)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, cell_var, check_each
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import at, read_int, read_line, read_lines, read_object, write_lines
from satdoku.rules.order import add_less, add_range
from satdoku.rules.thermo import Line, check_line


def default_difference(n: int) -> int:
    """The difference of a whisper line that does not give one: ⌈n/2⌉ (German whispers).

    >>> [default_difference(n) for n in (4, 6, 9, 16)]
    [2, 3, 5, 8]
    """
    return (n + 1) // 2


@dataclass(frozen=True)
class WhisperLine:
    """A whisper line's cells and difference (None: the board's default)."""

    cells: Line
    difference: int | None = None

    def gap(self, n: int) -> int:
        """The least difference between neighbours on this line, on an n×n board."""
        return default_difference(n) if self.difference is None else self.difference


def check_whisper(board: Board, line: WhisperLine) -> None:
    """RuleError when ``line`` cannot be filled: bad cells, or a difference too large."""
    check_line(board, line.cells, 2)
    k, n = line.gap(board.n), board.n
    if not 1 <= k <= n - 1:
        raise RuleError(f"difference {k} is impossible: digits 1..{n} differ by 1 to {n - 1}")


@dataclass(frozen=True)
class Whispers(Rule):
    """The whisper lines of a puzzle."""

    lines: tuple[WhisperLine, ...]
    name: ClassVar[str] = "whispers"
    description: ClassVar[str] = ("neighbours along a whisper line differ by at least its "
                                  "difference (default ⌈n/2⌉: 5 on 9x9)")

    def check_board(self, board: Board) -> None:
        check_each("whisper", self.lines, lambda line: check_whisper(board, line))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        n = board.n
        for line in self.lines:
            k = line.gap(n)
            for i, j in pairwise(line.cells):
                for x, y in ((i, j), (j, i)):
                    formula.extend([-cell_var(board, x, a),
                                    *(cell_var(board, y, b) for b in range(1, n + 1)
                                      if abs(a - b) >= k)] for a in range(1, n + 1))

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        n = board.n
        for number, line in enumerate(self.lines, 1):
            k, where = line.gap(n), f"whisper {number}"
            for i in line.cells:
                if grid[i] and grid[i] - k < 1 and grid[i] + k > n:
                    yield Violation(self.name, (i,), f"{where}: {grid[i]} has no digit "
                                                     f"{k} or more away")
            for i, j in pairwise(line.cells):
                if grid[i] and grid[j] and abs(grid[i] - grid[j]) < k:
                    yield Violation(self.name, (i, j), f"{where}: {grid[i]} and {grid[j]} "
                                                       f"differ by less than {k}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("line", line.cells, str(line.gap(board.n)),
                             "whisper" if line.difference is None else "dutch_whisper")
                     for line in self.lines)


@dataclass(frozen=True)
class BetweenLines(Rule):
    """The between lines of a puzzle: circles at both ends, the digits between them."""

    lines: tuple[Line, ...]
    name: ClassVar[str] = "between"
    description: ClassVar[str] = ("the digits along a between line lie strictly between the "
                                  "digits of its two end circles")

    def check_board(self, board: Board) -> None:
        check_each("between line", self.lines, lambda line: check_between(board, line))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for line in self.lines:
            first, last = line[0], line[-1]
            rising = formula.var(("between: first circle lower", line))
            for guard, low, high in (([-rising], first, last), ([rising], last, first)):
                add_less(board, formula, low, high, 2, guard)
                for m in line[1:-1]:
                    add_less(board, formula, low, m, 1, guard)
                    add_less(board, formula, m, high, 1, guard)
            for m in line[1:-1]:
                add_range(board, formula, m, 2, board.n - 1)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for k, line in enumerate(self.lines, 1):
            first, last = grid[line[0]], grid[line[-1]]
            middle = [grid[i] for i in line[1:-1] if grid[i]]
            if not (_fits(board.n, first, last, middle) or _fits(board.n, last, first, middle)):
                message = _between_problem(first, last, middle)
                yield Violation(self.name, tuple(i for i in line if grid[i]),
                                f"between line {k}: {message}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("line", line, style="between") for line in self.lines)


def check_between(board: Board, line: Line) -> None:
    """RuleError when ``line`` cannot be a between line of ``board``."""
    check_line(board, line, 3)
    if board.n < 3:
        raise RuleError(f"digits 1..{board.n} have no digit strictly between two others")


def _fits(n: int, low: int, high: int, middle: Sequence[int]) -> bool:
    """Whether circles holding ``low`` < ``high`` (0: blank) can have the filled ``middle``
    digits (and blanks) strictly between them.

    >>> _fits(9, 0, 0, [1]), _fits(9, 0, 3, [2]), _fits(9, 2, 3, [])
    (False, True, False)
    """
    floor, ceiling = (low + 1 if low else 2), (high - 1 if high else n - 1)
    return floor <= ceiling and all(floor <= m <= ceiling for m in middle)


def _between_problem(first: int, last: int, middle: Sequence[int]) -> str:
    """Why a between line's digits cannot be completed, in words."""
    if first and last:
        low, high = sorted((first, last))
        if high - low < 2:
            return f"the circles {first} and {last} have no digit between them"
        outside = next(m for m in middle if not low < m < high)
        return f"{outside} is not between the circles {first} and {last}"
    digits = ", ".join(map(str, middle))
    circle = f" (one is {first or last})" if first or last else ""
    return f"no two circles{circle} have {digits} strictly between them"


# -- JSON: "whispers": [["r1c1", "r1c2"] or {"cells": [...], "difference": 4}, ...] -------------
def _read_whispers(board: Board, value: Any, path: str, puzzle: Any) -> Whispers:
    return Whispers(tuple(_read_whisper(board, item, f"{path}[{k}]")
                          for k, item in enumerate(value)))


def _read_whisper(board: Board, item: Any, path: str) -> WhisperLine:
    if not isinstance(item, dict):
        return WhisperLine(read_line(board, item, path))
    obj = read_object(item, path, 'a whisper line {"cells": [...], "difference": 4}',
                      ("cells", "difference"), ("cells",))
    cells = read_line(board, obj["cells"], f"{path}.cells")
    difference = None
    if "difference" in obj:
        difference = read_int(obj["difference"], f"{path}.difference", "a whole number",
                              low=1)
        with at(f"{path}.difference"):
            check_whisper(board, WhisperLine(cells, difference))
        if difference == default_difference(board.n):
            difference = None
    return WhisperLine(cells, difference)


def _write_whispers(board: Board, rule: Whispers) -> list:
    return [[board.cell_name(i) for i in line.cells] if line.difference is None else
            {"cells": [board.cell_name(i) for i in line.cells], "difference": line.difference}
            for line in rule.lines]


# -- JSON: "between_lines": [["r1c1", "r1c2", "r1c3"], ...] (circles first and last) ------------
def _read_between(board: Board, value: Any, path: str, puzzle: Any) -> BetweenLines:
    rule = BetweenLines(read_lines(board, value, path, 3))
    for k, line in enumerate(rule.lines):
        with at(f"{path}[{k}]"):
            check_between(board, line)
    return rule


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = [DataKey(
    "whispers", 'whisper lines: [["r1c1", "r1c2", ...] or {"cells": [...], "difference": 4}, '
                "...]; neighbours on a line differ by at least the difference (default ⌈n/2⌉, "
                "5 on 9x9)",
    Whispers, _read_whispers, _write_whispers,
    list_schema({"oneOf": [
        cells_schema(2, "A line of cells; neighbours differ by at least ⌈n/2⌉."),
        {"type": "object", "additionalProperties": False, "required": ["cells"],
         "properties": {"cells": cells_schema(2), "difference": {"type": "integer",
                                                                 "minimum": 1}}}]},
        "Whisper lines: neighbouring cells on a line differ by at least the difference."),
    aliases=("whisper", "german_whispers", "dutch_whispers"))]

KEYS.append(DataKey(
    "between_lines", 'between lines: [["r1c1", "r1c2", "r1c3", ...], ...]; the digits between '
                     "the end circles lie strictly between theirs",
    BetweenLines, _read_between,
    write_lines,
    list_schema(cells_schema(3, "A line of cells from circle to circle."),
                "Between lines: digits strictly between those of the two end circles."),
    aliases=("between", "between_line")))

"""Set lines: lines (and 2×2 squares) that constrain which digits they hold, not their order.

Glossary: a *line* is a list of cells, each a king's move from the one before; a *run* is
three consecutive cells of a line; a *window* is a set of L consecutive digits ``a..a+L-1``;
the *thirds* of the digits 1..n are low, middle and high (1-3, 4-6, 7-9 on 9×9); a digit's
*class* is its third (entropic lines) or its remainder modulo 3 (modular lines).

- renban: a line's digits differ and form a window, in any order;
- palindrome: a line reads the same both ways; clones: the k-th cells of cell lists agree;
- quadruple: the digits listed on a 2×2 square's corner appear in its cells (as often as
  listed);
- entropic / modular line: every run holds one digit of each class.

Encodings (docs/variants-dots.md measures them). Renban: the line is an all-different region
(:meth:`Renban.regions`) plus a window selector ``y_a`` per window, in *support* form:
``∨ y_a``; ``v(i,d) → ∨ {y_a : d ∈ window a}``; ``y_a → ∨ {v(i,d) : d ∈ window a}`` for
each cell i; and ``y_a → ∨_i v(i,d)`` for each d of window a (plus ``∨_i v(i,d)`` for the
digits in every window). The cells are tied to the selector as in a star, so unit propagation
keeps every cell's digits within the windows still possible (generalised arc consistency of
"all digits in one window") with O(n·L) clauses. Equal cells (palindromes, clones):
``v(i,d) ↔ v(j,d)``. Quadruples: "at least m of the 4 cells hold d" as one clause per
subset of 5 − m cells. Entropic and modular lines: a class variable per cell and class
(``c ↔ ∨ v(i,d)``, at most one class per cell), then ``¬c(p) ∨ ¬c(q)`` for cells two or
fewer steps apart and ``c(p) ∨ c(q) ∨ c(r)`` for every run.

>>> from satdoku.board import Board
>>> b = Board.classic(9)
>>> [v.describe(b) for v in Renban(((0, 1, 2),)).violations(b, (1, 4) + (0,) * 79)]
['renban: line 1: 1 and 4 are too far apart for 3 consecutive digits (r1c1, r1c2)']
>>> EntropicLines(((0, 1, 2),)).classes(9)
((1, 2, 3), (4, 5, 6), (7, 8, 9))
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Any, ClassVar

from cnf import AMO, Formula, at_least_one
from satdoku.board import Board, Unit
from satdoku.errors import RuleError
from satdoku.rules.base import (
    Grid,
    Marking,
    Rule,
    Violation,
    cell_var,
    check_cells,
    duplicate_violations,
)
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.dots import support_clauses
from satdoku.rules.json_values import (
    at,
    expect,
    fail,
    read_cells,
    read_line,
    write_lines,
)

Line = tuple[int, ...]


@dataclass(frozen=True)
class LineRule(Rule):
    """A rule over lines of cells, drawn as lines of ``style``."""

    lines: tuple[Line, ...] = ()
    style: ClassVar[str] = ""
    #: Whether a line's digits must differ (then it may be at most n cells long).
    distinct: ClassVar[bool] = False

    def check_size(self, board: Board) -> None:
        """RuleError when no line of this kind makes sense on ``board``."""

    def check_line(self, board: Board, line: Line) -> None:
        """RuleError when ``line`` makes no sense on ``board``."""
        check_cells(board, line, self.distinct)

    def check_board(self, board: Board) -> None:
        self.check_size(board)
        for k, line in enumerate(self.lines, 1):
            try:
                self.check_line(board, line)
            except RuleError as err:
                raise RuleError(f"{self.name} line {k}: {err}") from None

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("line", line, style=self.style) for line in self.lines)


# -- renban -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Renban(LineRule):
    """Each line holds distinct digits forming a set of consecutive numbers."""

    name: ClassVar[str] = "renban"
    description: ClassVar[str] = "a renban line holds distinct consecutive digits, in any order"
    style: ClassVar[str] = "renban"
    distinct: ClassVar[bool] = True

    def regions(self, board: Board) -> Sequence[Unit]:
        return self.lines

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for line in self.lines:
            _encode_window(board, formula, line)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        yield from duplicate_violations(self.name, "renban line", self.lines, grid)
        for k, line in enumerate(self.lines, 1):
            placed = [i for i in line if grid[i]]
            if not placed:
                continue
            low = min(placed, key=grid.__getitem__)
            high = max(placed, key=grid.__getitem__)
            if grid[high] - grid[low] >= len(line):
                yield Violation(self.name, (low, high),
                                f"line {k}: {grid[low]} and {grid[high]} are too far apart "
                                f"for {len(line)} consecutive digits")


def _encode_window(board: Board, formula: Formula, line: Line) -> None:
    """The window-selector encoding of one renban line (see the module docstring)."""
    n, size = board.n, len(line)
    windows = [range(a, a + size) for a in range(1, n - size + 2)]
    everywhere = set(range(n - size + 1, size + 1))  # digits in every window
    for d in sorted(everywhere):
        formula.add([cell_var(board, i, d) for i in line])
    if len(windows) == 1:
        return
    label = "renban " + "-".join(board.cell_name(i) for i in line)
    chosen = [formula.var(f"{label} is {w[0]}..{w[-1]}") for w in windows]
    at_least_one(formula, chosen)
    for i in line:
        for d in range(1, n + 1):
            formula.add([-cell_var(board, i, d),
                         *(y for y, w in zip(chosen, windows, strict=True) if d in w)])
    for y, w in zip(chosen, windows, strict=True):
        formula.extend([-y, *(cell_var(board, i, d) for d in w)] for i in line)
        formula.extend([-y, *(cell_var(board, i, d) for i in line)]
                       for d in w if d not in everywhere)


# -- equal cells: palindromes and clones ------------------------------------------------------
@dataclass(frozen=True)
class EqualCells(Rule):
    """A rule whose cells fall into classes of cells that hold the same digit."""

    what: ClassVar[str] = "class"

    @abstractmethod
    def equal_classes(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """(instance number from 1, cells that hold one digit), for every class."""

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for _, cells in self.equal_classes():
            for j in cells[1:]:
                formula.extend(support_clauses(board, cells[0], j, int.__eq__))

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for k, cells in self.equal_classes():
            placed = [i for i in cells if grid[i]]
            if len({grid[i] for i in placed}) > 1:
                digits = ", ".join(str(grid[i]) for i in placed)
                yield Violation(self.name, tuple(placed),
                                f"{self.what} {k}: {digits} should be equal")


@dataclass(frozen=True)
class Palindromes(LineRule, EqualCells):
    """Each line reads the same both ways."""

    name: ClassVar[str] = "palindrome"
    description: ClassVar[str] = "a palindrome line reads the same both ways"
    what: ClassVar[str] = "palindrome"
    style: ClassVar[str] = "palindrome"

    def equal_classes(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        for k, line in enumerate(self.lines, 1):
            for m in range(len(line) // 2):
                yield k, (line[m], line[-1 - m])


@dataclass(frozen=True)
class Clones(EqualCells):
    """Each group is cell lists of one length whose k-th cells hold the same digit."""

    groups: tuple[tuple[tuple[int, ...], ...], ...] = ()
    name: ClassVar[str] = "clones"
    description: ClassVar[str] = "cells at the same place in clone regions hold the same digit"
    what: ClassVar[str] = "clone group"

    def check_board(self, board: Board) -> None:
        for k, group in enumerate(self.groups, 1):
            for cells in group:
                try:
                    check_cells(board, cells)
                except RuleError as err:
                    raise RuleError(f"clone group {k}: {err}") from None
            if len(group) < 2 or len({len(cells) for cells in group}) != 1:
                raise RuleError(f"clone group {k}: needs two or more cell lists of one length")

    def equal_classes(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        for k, group in enumerate(self.groups, 1):
            yield from ((k, cells) for cells in zip(*group, strict=True))

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("shade", tuple(i for cells in group for i in cells), style="clone")
                     for group in self.groups)


# -- entropic and modular lines ---------------------------------------------------------------
@dataclass(frozen=True)
class ClassLines(LineRule):
    """Lines whose runs of three hold one digit of each of three classes (cells two or fewer
    steps apart along a line are in different classes; a 2-cell line's two cells too)."""

    @staticmethod
    @abstractmethod
    def classes(n: int) -> tuple[tuple[int, ...], ...]:
        """The three classes of the digits 1..n (n a multiple of 3)."""

    def check_size(self, board: Board) -> None:
        if board.n % 3:
            raise RuleError(f"{self.name} lines need the digits 1..n split into three equal "
                            f"classes; {board.n} is not a multiple of 3")

    def close_pairs(self) -> Iterator[tuple[int, int, int]]:
        """(line number, p, q) for cells p, q of a line one or two steps apart."""
        for k, line in enumerate(self.lines, 1):
            for step in (1, 2):
                yield from ((k, p, q) for p, q in zip(line, line[step:], strict=False))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        classes = self.classes(board.n)
        cells = {i for line in self.lines for i in line}
        var = {(i, c): _class_var(board, formula, i, c) for i in cells for c in classes}
        for i, c in var:
            formula.add([-var[i, c], *(cell_var(board, i, d) for d in c)])
            formula.extend([-cell_var(board, i, d), var[i, c]] for d in c)
        for i in cells:  # (implied) one class per cell: a class known rules out the others
            formula.extend([-var[i, c], -var[i, e]] for c, e in combinations(classes, 2))
        for _, p, q in self.close_pairs():
            formula.extend([-var[p, c], -var[q, c]] for c in classes)
        for line in self.lines:
            for run in zip(line, line[1:], line[2:], strict=False):
                formula.extend([var[i, c] for i in run] for c in classes)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        of = {d: c for c in self.classes(board.n) for d in c}
        for k, p, q in self.close_pairs():
            a, b = grid[p], grid[q]
            if a in of and b in of and of[a] == of[b]:
                yield Violation(self.name, (p, q), f"line {k}: {a} and {b} are both "
                                                   f"{self.class_words(of[a])}")

    @staticmethod
    @abstractmethod
    def class_words(digits: tuple[int, ...]) -> str:
        """A class in words."""


def _class_var(board: Board, formula: Formula, cell: int, digits: tuple[int, ...]) -> int:
    """The variable "``cell`` holds one of ``digits``" (named by its digits, so lines of any
    rule through the cell share it)."""
    return formula.var(f"{board.cell_name(cell)} in {{{','.join(map(str, digits))}}}")


@dataclass(frozen=True)
class EntropicLines(ClassLines):
    name: ClassVar[str] = "entropic"
    description: ClassVar[str] = ("every three cells in a row on an entropic line hold a low, "
                                  "a middle and a high digit")
    style: ClassVar[str] = "entropic"

    @staticmethod
    def classes(n: int) -> tuple[tuple[int, ...], ...]:
        third = n // 3
        return tuple(tuple(range(1 + k * third, 1 + (k + 1) * third)) for k in range(3))

    @staticmethod
    def class_words(digits: tuple[int, ...]) -> str:
        return f"in {digits[0]}-{digits[-1]}"


@dataclass(frozen=True)
class ModularLines(ClassLines):
    name: ClassVar[str] = "modular"
    description: ClassVar[str] = ("every three cells in a row on a modular line hold digits "
                                  "with different remainders modulo 3")
    style: ClassVar[str] = "modular"

    @staticmethod
    def classes(n: int) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(range(r, n + 1, 3)) for r in (1, 2, 3))

    @staticmethod
    def class_words(digits: tuple[int, ...]) -> str:
        return f"{digits[0] % 3} modulo 3"


# -- JSON -------------------------------------------------------------------------------------
def read_line_rule(kind: type[LineRule], board: Board, value: Any, path: str,
                   puzzle: Any) -> LineRule:
    """The rule ``kind`` over the JSON list of lines ``value`` (each checked where it is)."""
    checker = kind()
    with at(path):
        checker.check_size(board)
    lines = []
    for k, item in enumerate(value):
        line = read_line(board, item, f"{path}[{k}]")
        with at(f"{path}[{k}]"):
            checker.check_line(board, line)
        lines.append(line)
    return kind(tuple(lines))


def _read_clones(board: Board, value: Any, path: str, puzzle: Any) -> Clones:
    groups = []
    for k, item in enumerate(value):
        where = f"{path}[{k}]"
        lists = expect(item, list, where, 'a group of cell lists [["r1c1"], ["r5c5"]]')
        if len(lists) < 2:
            raise fail(where, f"{len(lists)} cell lists given; a clone group needs 2 or more")
        group = tuple(read_cells(board, cells, f"{where}[{m}]") for m, cells in enumerate(lists))
        for m, cells in enumerate(group):
            if len(cells) != len(group[0]):
                raise fail(f"{where}[{m}]", f"{len(cells)} cells; {where}[0] has "
                                            f"{len(group[0])} (clones have one length)")
        groups.append(group)
    return Clones(tuple(groups))


#: JSON key → (rule type, summary, other names).
_LINE_KEYS: dict[str, tuple[type[LineRule], str, tuple[str, ...]]] = {
    "renban": (Renban, 'renban lines: [["r1c1", "r1c2", ...], ...]; distinct consecutive digits, '
                       "in any order", ("renban_lines",)),
    "palindromes": (Palindromes, 'palindrome lines: [["r1c1", "r1c2", ...], ...]; the digits '
                                 "read the same both ways", ("palindrome",)),
    "entropic_lines": (EntropicLines, 'entropic lines: [["r1c1", "r1c2", ...], ...]; any 3 in '
                                      "a row hold a low, a middle and a high digit (n a "
                                      "multiple of 3)", ("entropic", "entropic_line")),
    "modular_lines": (ModularLines, 'modular lines: [["r1c1", "r1c2", ...], ...]; any 3 in a '
                                    "row differ modulo 3 (n a multiple of 3)",
                      ("modular", "modular_line")),
}

def line_keys(specs: dict[str, tuple[type[LineRule], str, tuple[str, ...]]]
              ) -> list[DataKey]:
    """The data keys of line rules: JSON key → (rule type, summary, other names)."""
    return [DataKey(key, summary, kind, partial(read_line_rule, kind), write_lines,
                    list_schema(cells_schema(2, "A line of cells, each a king's move from the "
                                                "one before."),
                                f"{summary.split(':')[0].capitalize()}: {kind.description}."),
                    aliases=aliases)
            for key, (kind, summary, aliases) in specs.items()]


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = line_keys(_LINE_KEYS)

KEYS.append(DataKey(
    "clones", 'clones: [[["r1c1", "r1c2"], ["r5c5", "r5c6"]], ...]; cells at the same place '
              "hold the same digit",
    Clones, _read_clones,
    lambda board, rule: [[[board.cell_name(i) for i in cells] for cells in group]
                         for group in rule.groups],
    list_schema({"type": "array", "minItems": 2, "items": cells_schema(1)},
                "Clone groups: cell lists of one length; cells at the same place in each list "
                "hold the same digit."), aliases=("clone",)))

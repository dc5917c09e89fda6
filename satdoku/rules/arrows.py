"""Sum lines: arrows, region-sum lines and zipper lines — groups of cells with equal sums.

Glossary: a *line* is a list of cells, each a king's move from the one before; an *arrow* is a
*circle* (one cell, or a *pill*: 2+ orthogonally connected cells read as a number in reading
order, rows then columns) and a line starting next to it; a *segment* of a line is a maximal
run of consecutive line cells in one region (box or jigsaw region); the two cells of a
zipper line equally far from its centre form a *pair*.

- ``arrows``: the digits on the line add up to the circle's number (they may repeat).
- ``region_sum_lines``: every segment of the line has the same sum.
- ``zipper_lines``: every pair adds up to the same total; on a line of odd length that total
  is the centre cell's digit.

Each rule is "these groups of cells have equal sums". Every group's total is one literal per
value (:func:`satdoku.rules.sums.sum_literals`: a decision diagram whose unit propagation
is arc consistent), and consecutive groups are tied by ``a_s ↔ b_s``
(:func:`~satdoku.rules.sums.require_equal`); a pill's total has weights 1, 10, 100….
Groups are named by their terms (``sum r1c1+r1c2``), so two rules summing the same cells in
the same order share the literals. A segment of a region-sum line holds distinct digits, so
totals outside the sums of distinct digits are also removed.

The checkers compare plain sums of digits: an arrow when all its cells are filled, and any
two completely filled groups of a line (segments, pairs) whose sums differ.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = Arrows((Arrow((0,), (1, 2)),))        # circle r1c1, line r1c2-r1c3
>>> [v.describe(b) for v in rule.violations(b, (4, 1, 2) + (0,) * 13)]
['arrow: line 1 adds up to 3, its circle reads 4 (r1c1, r1c2, r1c3)']
>>> segments(b, (0, 1, 2, 3))                     # r1c1-r1c4 crosses from box 1 to box 2
((0, 1), (2, 3))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, check_cells, check_each
from satdoku.rules.cages import sum_range
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import (
    adjacent,
    at,
    cell_names,
    fail,
    read_cells,
    read_line,
    read_lines,
    read_object,
    write_lines,
)
from satdoku.rules.sums import Term, require_equal_sums, weighted_sum

Line = tuple[int, ...]


# -- shared: groups of cells with equal sums -----------------------------------------------------
def check_line(board: Board, cells: Sequence[int], least: int = 1) -> None:
    """RuleError unless ``cells`` are at least ``least`` distinct cells, each a king's move
    from the one before."""
    if len(cells) < least:
        raise RuleError(f"{len(cells)} cells given; at least {least} needed")
    check_cells(board, cells)
    for a, b in pairwise(cells):
        if not adjacent(board, a, b):
            raise RuleError(f"{board.cell_name(b)} is not next to {board.cell_name(a)} (a line "
                            "goes from cell to neighbouring cell)")


def encode_equal_sums(board: Board, formula: Formula,
                      groups: Sequence[Sequence[Term]]) -> list[dict[int, int]]:
    """Clauses making the weighted sums of ``groups`` all equal; returns their totals (none
    when the sums are too big for decision diagrams: see
    :func:`~satdoku.rules.sums.require_equal_sums`)."""
    return require_equal_sums(board, formula, groups)


def unequal_groups(groups: Sequence[Sequence[Term]], grid: Grid) -> tuple[list[int], list[int]]:
    """The sums of the completely filled ``groups`` and their cells, when two of those sums
    differ (no completion can mend that); else two empty lists."""
    sums = [(s, terms) for terms in groups if (s := weighted_sum(terms, grid)) is not None]
    if len({s for s, _ in sums}) < 2:
        return [], []
    return [s for s, _ in sums], [c for _, terms in sums for c, _ in terms]


def ones(cells: Sequence[int]) -> tuple[Term, ...]:
    """Terms of weight 1."""
    return tuple((c, 1) for c in cells)


# -- arrows ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Arrow:
    """A circle (one cell, or a pill of several read in reading order) and its line."""

    circle: Line
    line: Line

    def circle_terms(self) -> tuple[Term, ...]:
        """The circle as terms: a pill's digits weigh 10^k, the last in reading order 1."""
        cells = sorted(self.circle)
        return tuple((c, 10 ** (len(cells) - 1 - k)) for k, c in enumerate(cells))

    def circle_value(self, grid: Grid) -> int | None:
        """The number the circle reads (digits side by side in reading order), or None."""
        digits = [grid[c] for c in sorted(self.circle)]
        return int("".join(map(str, digits))) if all(digits) else None


def check_arrow(board: Board, arrow: Arrow) -> None:
    """RuleError when ``arrow`` is malformed on ``board`` or its sum can never hold.

    >>> check_arrow(Board.classic(4), Arrow((0,), (1, 2, 3, 7, 6)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.errors.RuleError: a line of 5 cells adds up to at least 5, more than the circle ...
    """
    check_cells(board, arrow.circle)
    if not arrow.circle:
        raise RuleError("the circle has no cell")
    check_line(board, arrow.line)
    both = sorted(set(arrow.circle) & set(arrow.line))
    if both:
        raise RuleError(f"{board.cell_name(both[0])} is both in the circle and on the line")
    if len(arrow.circle) > 1:
        if board.n > 9:
            raise RuleError(f"a pill reads its digits as a decimal number: it needs digits "
                            f"1..9, and a {board.n}x{board.n} board has digits up to {board.n}")
        _check_connected(board, arrow.circle)
    if not any(adjacent(board, arrow.line[0], c) for c in arrow.circle):
        raise RuleError(f"the line starts at {board.cell_name(arrow.line[0])}, not next to the "
                        "circle")
    weights = sum(w for _, w in arrow.circle_terms())
    least, most = weights, weights * board.n  # the circle's smallest and largest number
    low, high = len(arrow.line), len(arrow.line) * board.n
    if high < least or low > most:
        relation = (f"at least {low}, more than the circle can hold (at most {most})"
                    if low > most else
                    f"at most {high}, less than the circle holds (at least {least})")
        cells = f"{len(arrow.line)} cell" + "s" * (len(arrow.line) > 1)
        raise RuleError(f"a line of {cells} adds up to {relation}")


def _check_connected(board: Board, cells: Sequence[int]) -> None:
    """RuleError unless ``cells`` form one orthogonally connected piece."""
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        i = todo.pop()
        for j in cells:
            if j not in seen and adjacent(board, i, j, diagonal=False):
                seen.add(j)
                todo.append(j)
    if len(seen) < len(cells):
        apart = next(c for c in cells if c not in seen)
        raise RuleError(f"the pill's cells are not side by side ({board.cell_name(apart)} "
                        f"is apart)")


@dataclass(frozen=True)
class Arrows(Rule):
    """The arrows of a puzzle (several may share a circle)."""

    arrows: tuple[Arrow, ...] = ()
    name: ClassVar[str] = "arrow"
    description: ClassVar[str] = ("arrows: the digits on an arrow add up to the number in "
                                  "its circle (a pill reads as a number)")

    def check_board(self, board: Board) -> None:
        check_each("arrow", self.arrows, lambda arrow: check_arrow(board, arrow))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for arrow in self.arrows:
            encode_equal_sums(board, formula, (arrow.circle_terms(), ones(arrow.line)))

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for k, arrow in enumerate(self.arrows, 1):
            circle, line = arrow.circle_value(grid), weighted_sum(ones(arrow.line), grid)
            if circle is not None and line is not None and circle != line:
                yield Violation(self.name, (*arrow.circle, *arrow.line),
                                f"line {k} adds up to {line}, its circle reads {circle}")

    def markings(self, board: Board) -> Sequence[Marking]:
        lines, pills = [], {}
        for arrow in self.arrows:
            start = min(arrow.circle, key=lambda c: (not adjacent(board, c, arrow.line[0],
                                                                  diagonal=False),
                                                     not adjacent(board, c, arrow.line[0]), c))
            style = "arrow" if len(arrow.circle) == 1 else "pill_arrow"
            lines.append(Marking("line", (start, *arrow.line), style=style))
            if len(arrow.circle) > 1:  # (once for arrows sharing it)
                pills[frozenset(arrow.circle)] = _pill(board, arrow.circle)
        # the pills' outlines, then their insides, drawn over the starts of their arrows
        return (*lines, *(m for pill in pills.values() for m in pill if m.style == "pill_border"),
                *(m for pill in pills.values() for m in pill if m.style == "pill"))


def _pill(board: Board, cells: Sequence[int]) -> list[Marking]:
    """A pill as thick round-capped lines between its side-by-side cells: a border, then a
    white inside."""
    pairs = [(a, b) for a in sorted(cells) for b in sorted(cells)
             if a < b and adjacent(board, a, b, diagonal=False)]
    return [Marking("line", pair, style=style) for style in ("pill_border", "pill")
            for pair in pairs]


# -- region-sum lines ------------------------------------------------------------------------------
def segments(board: Board, line: Sequence[int]) -> tuple[Line, ...]:
    """The line cut into maximal runs of consecutive cells in the same region."""
    out: list[list[int]] = []
    for i in line:
        if out and board.box_of[out[-1][-1]] == board.box_of[i]:
            out[-1].append(i)
        else:
            out.append([i])
    return tuple(map(tuple, out))


@dataclass(frozen=True)
class RegionSumLines(Rule):
    """Lines whose segments (one per region crossed) all have the same sum."""

    lines: tuple[Line, ...] = ()
    name: ClassVar[str] = "region-sum"
    description: ClassVar[str] = ("region-sum lines: where a line crosses regions, each "
                                  "segment in one region has the same sum")

    def check_board(self, board: Board) -> None:
        if not board.boxes:
            raise RuleError(f"region-sum lines need regions, and a {board.n}x{board.n} board "
                            "without boxes has none")
        check_each("region-sum line", self.lines, lambda line: _check_region_sum_line(board, line))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for line in self.lines:
            pieces = segments(board, line)
            totals = encode_equal_sums(board, formula, [ones(p) for p in pieces])
            for piece, total in zip(pieces, totals, strict=False):  # distinct digits
                low, high = sum_range(board.n, len(piece))
                formula.extend([-lit] for s, lit in total.items() if not low <= s <= high)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for k, line in enumerate(self.lines, 1):
            sums, cells = unequal_groups([ones(p) for p in segments(board, line)], grid)
            if sums:
                yield Violation(self.name, tuple(cells), f"line {k}: segments add up to "
                                f"{', '.join(map(str, sums))}, not one total")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("line", line, style="region_sum") for line in self.lines)


def _check_region_sum_line(board: Board, line: Line) -> None:
    check_line(board, line, 2)
    pieces = segments(board, line)
    if len(pieces) < 2:
        raise RuleError("the line stays in one region, so the rule says nothing about it")
    ranges = [sum_range(board.n, len(p)) for p in pieces]
    if max(lo for lo, _ in ranges) > min(hi for _, hi in ranges):
        sizes = sorted({len(p) for p in pieces})
        raise RuleError(f"segments of {sizes[0]} and {sizes[-1]} cells can never have the "
                        f"same sum on a {board.n}x{board.n} board")


# -- zipper lines ----------------------------------------------------------------------------------
def zipper_groups(line: Sequence[int]) -> tuple[tuple[Term, ...], ...]:
    """The pairs of cells equally far from the centre, then the centre cell (odd length).

    >>> zipper_groups((5, 6, 7, 8, 9))
    (((5, 1), (9, 1)), ((6, 1), (8, 1)), ((7, 1),))
    """
    half = len(line) // 2
    pairs = tuple(ones((line[k], line[-1 - k])) for k in range(half))
    return pairs + ((ones((line[half],)),) if len(line) % 2 else ())


@dataclass(frozen=True)
class ZipperLines(Rule):
    """Lines whose cells equally far from the centre add up to one total (the centre's
    digit on a line of odd length)."""

    lines: tuple[Line, ...] = ()
    name: ClassVar[str] = "zipper"
    description: ClassVar[str] = ("zipper lines: cells equally far from a line's centre add "
                                  "up to the same total (the centre digit, if there is one)")

    def check_board(self, board: Board) -> None:
        check_each("zipper line", self.lines, lambda line: check_line(board, line, 2))

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for line in self.lines:
            encode_equal_sums(board, formula, zipper_groups(line))

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for k, line in enumerate(self.lines, 1):
            sums, cells = unequal_groups(zipper_groups(line), grid)
            if sums:
                yield Violation(self.name, tuple(cells), f"line {k}: cells equally far from "
                                f"the centre add up to {', '.join(map(str, sums))}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("line", line, style="zipper") for line in self.lines)


# -- JSON ------------------------------------------------------------------------------------------
# "arrows": [{"circle": ["r1c1"], "line": ["r2c2", "r3c3"]}, ...]
def _read_arrows(board: Board, value: Any, path: str, puzzle: Any) -> Arrows:
    arrows = []
    for k, item in enumerate(value):
        where = f"{path}[{k}]"
        obj = read_object(item, where, 'an arrow {"circle": [...], "line": [...]}',
                          ("circle", "line"), ("circle", "line"))
        arrow = Arrow(read_cells(board, obj["circle"], f"{where}.circle"),
                      read_line(board, obj["line"], f"{where}.line", least=1))
        with at(where):
            check_arrow(board, arrow)
        arrows.append(arrow)
    return Arrows(tuple(arrows))


def _write_arrows(board: Board, rule: Arrows) -> list:
    return [{"circle": cell_names(board, a.circle), "line": cell_names(board, a.line)}
            for a in rule.arrows]


# "region_sum_lines": [["r1c1", "r1c2", ...], ...], and the same for "zipper_lines"
def _read_region_sum_lines(board: Board, value: Any, path: str, puzzle: Any) -> RegionSumLines:
    if not board.boxes:
        raise fail(path, f"region-sum lines need regions, and a {board.n}x{board.n} board "
                         "without boxes has none")
    lines = read_lines(board, value, path)
    for k, line in enumerate(lines):
        with at(f"{path}[{k}]"):
            _check_region_sum_line(board, line)
    return RegionSumLines(lines)


def _read_zipper_lines(board: Board, value: Any, path: str, puzzle: Any) -> ZipperLines:
    return ZipperLines(read_lines(board, value, path))


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = [DataKey(
    "arrows", 'arrows: [{"circle": ["r1c1"], "line": ["r2c2", "r3c3"]}, ...]; the line adds '
    'up to the circle (a pill of cells reads as a number)',
    Arrows, _read_arrows, _write_arrows,
    list_schema({"type": "object", "additionalProperties": False,
                 "required": ["circle", "line"],
                 "properties": {
                     "circle": cells_schema(1, "One cell, or a pill of side-by-side cells "
                                               "read as a number in reading order."),
                     "line": cells_schema(1, "The arrow's cells, from next to the circle, "
                                             "each a king's move from the one before.")}},
                "Arrows: the digits on the line add up to the number in the circle."),
    aliases=("arrow",))]
KEYS.append(DataKey(
    "region_sum_lines", 'region-sum lines: [["r1c1", "r1c2", ...], ...]; each segment in '
    'one region has the same sum',
    RegionSumLines, _read_region_sum_lines, write_lines,
    list_schema(cells_schema(2), "Region-sum lines: the line's segments in each region it "
                                 "crosses have equal sums."),
    aliases=("region_sum", "region-sum")))
KEYS.append(DataKey(
    "zipper_lines", 'zipper lines: [["r1c1", "r1c2", ...], ...]; cells equally far from the '
    'centre add up to one total (the centre digit)',
    ZipperLines, _read_zipper_lines, write_lines,
    list_schema(cells_schema(2), "Zipper lines: cells equally far from the centre add up "
                                 "to the same total, the centre digit on odd lines."),
    aliases=("zipper", "zippers")))

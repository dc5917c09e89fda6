"""Double arrows: a line with a circle at each end; the two circles add up to the line.

Glossary: a *double arrow* is a line of three or more cells; its *ends* are its first and
last cells (the circles), its *middle* the cells between them. The digits of the middle add
up to the sum of the two ends (digits may repeat, as on an arrow).

Encoded as two weighted sums made equal (:func:`satdoku.rules.sums.require_equal_sums`): the
sum of the ends and the sum of the middle, each a decision diagram, so unit propagation keeps
every digit that can still take part in equal totals and no other.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = DoubleArrows(((0, 1, 2, 3),))
>>> list(rule.violations(b, (1, 2, 3, 4) + (0,) * 12))        # 1 + 4 = 2 + 3
[]
>>> [v.describe(b) for v in rule.violations(b, (1, 2, 4, 3) + (0,) * 12)]
['double-arrow: double arrow 1: the ends add up to 4, the middle to 6 (r1c1, r1c2, r1c3, r1c4)']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Violation
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import write_lines
from satdoku.rules.lines_set import Line, LineRule, read_line_rule
from satdoku.rules.sums import require_equal_sums, weighted_sum


@dataclass(frozen=True)
class DoubleArrows(LineRule):
    """Each line's middle adds up to the sum of its two ends."""

    name: ClassVar[str] = "double-arrow"
    description: ClassVar[str] = "the cells between the two circles add up to the circles' sum"
    style: ClassVar[str] = "double_arrow"

    def check_line(self, board: Board, line: Line) -> None:
        super().check_line(board, line)
        if len(line) < 3:
            raise RuleError(f"{len(line)} cells; a double arrow has two ends and at least one "
                            "cell between them")
        middle = len(line) - 2
        if middle > 2 * board.n - 1:
            raise RuleError(f"{middle} cells between the ends add up to at least {middle}; "
                            f"two digits of 1..{board.n} to at most {2 * board.n}")

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for line in self.lines:
            require_equal_sums(board, formula, [[(line[0], 1), (line[-1], 1)],
                                                [(i, 1) for i in line[1:-1]]])

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for k, line in enumerate(self.lines, 1):
            ends = weighted_sum([(line[0], 1), (line[-1], 1)], grid)
            middle = weighted_sum([(i, 1) for i in line[1:-1]], grid)
            if ends is not None and middle is not None and ends != middle:
                yield Violation(self.name, line, f"double arrow {k}: the ends add up to {ends}, "
                                                 f"the middle to {middle}")


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
KEYS.append(DataKey(
    "double_arrows", 'double arrows: [["r1c1", "r1c2", ..., "r1c5"], ...]; the cells between the '
                     "two end circles add up to the circles' sum",
    DoubleArrows, partial(read_line_rule, DoubleArrows), write_lines,
    list_schema(cells_schema(3, "A line of cells, each a king's move from the one before; the "
                                "first and last are the circles."),
                "Double arrows: the middle of each line adds up to its two ends."),
    aliases=("double_arrow", "doublearrow")))

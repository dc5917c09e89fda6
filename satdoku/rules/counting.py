"""Counting circles: a digit in a circle says how many circles hold that digit.

Glossary: a *circle* marks a cell; for every digit d that appears in some circle, exactly d
circles hold d (so a digit larger than the number of circles never appears in one).

Encoded per digit d over the circles' literals ``x(i, d)``: at most d of them are true, and
a variable "d is circled" (implied by each of them) forces at least d (PySAT cardinality
encodings, :func:`satdoku.rules.sums_compact.require_count`).

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = CountingCircles((0, 5, 10))
>>> list(rule.violations(b, (2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1) + (0,) * 5))
[]
>>> for v in rule.violations(b, (2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1) + (0,) * 5):
...     print(v.describe(b))
counting: 2 circles hold 1; a circled 1 says 1 (r1c1, r2c2, r3c3)
counting: 1 circle holds 2; a circled 2 says 2 (r1c1, r2c2, r3c3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.rules.base import Grid, Marking, Rule, Violation, cell_var, check_cells
from satdoku.rules.data import DataKey, cells_schema
from satdoku.rules.json_values import cell_names, checked_at, read_cells
from satdoku.rules.sums_compact import require_count


@dataclass(frozen=True)
class CountingCircles(Rule):
    """The circled cells of a puzzle."""

    cells: tuple[int, ...] = ()
    name: ClassVar[str] = "counting"
    description: ClassVar[str] = "a digit in a circle says how many circles hold that digit"

    def check_board(self, board: Board) -> None:
        check_cells(board, self.cells)

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for d in range(1, board.n + 1):
            lits = [cell_var(board, i, d) for i in self.cells]
            if d > len(lits):
                formula.extend([-x] for x in lits)
                continue
            circled = formula.var(f"counting circles hold {d}")
            formula.extend([-x, circled] for x in lits)
            formula.add([-circled, *lits])
            require_count(formula, lits, d, d, guard=circled)
            require_count(formula, lits, 0, d)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        held = Counter(grid[i] for i in self.cells if grid[i])
        blanks = sum(1 for i in self.cells if not grid[i])
        for d, count in sorted(held.items()):
            if count > d or count + blanks < d:  # (every circle counts: all are named)
                holds = "circle holds" if count == 1 else "circles hold"
                yield Violation(self.name, self.cells, f"{count} {holds} {d}; a circled {d} "
                                                       f"says {d}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return (Marking("shade", self.cells, style="counting"),)


def _read(board: Board, value: Any, path: str, puzzle: Any) -> CountingCircles:
    return checked_at(path, board, CountingCircles(read_cells(board, value, path)))


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
KEYS.append(DataKey(
    "counting_circles", 'counting circles: ["r1c1", ...]; a digit in a circle says how many '
                        "circles hold it",
    CountingCircles, _read, lambda board, rule: cell_names(board, rule.cells),
    cells_schema(description="Counting circles: a circled digit d is in exactly d circles."),
    aliases=("counting", "circles")))

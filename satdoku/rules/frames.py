"""Frame sums: a clue outside the grid is the sum of the first box-depth cells of its line.

Glossary: the *frame* of a clue is the part of its row or column inside the first box from
the clue's side — as many cells as a box is deep in that direction (9×9: three; 6×6 with 2×3
boxes: two down a column, three along a row). Its digits (distinct: they share a row and a
box) add up to the clue.

Encoded as a weighted sum restricted to the clue (:func:`satdoku.rules.sums.require_sum`);
the clue's side, cells and JSON form are those of the other outside clues
(:mod:`satdoku.rules.outside`).

>>> from satdoku.board import Board
>>> from satdoku.rules.outside import Clue
>>> b = Board.classic(4)
>>> [b.cell_name(i) for i in FrameSums.cells_of(b, Clue(1, 4, 3))]   # r2c5: row 2, leftwards
['r2c4', 'r2c3']
>>> [v.describe(b) for v in FrameSums((Clue(-1, 0, 4),)).violations(b, (2, 0, 0, 0, 1) + (0,) * 11)]
['frame: r0c1: the frame adds up to 3, not 4 (r1c1, r2c1)']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cnf import Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.cages import sum_range
from satdoku.rules.data import DataKey
from satdoku.rules.outside import (
    Clue,
    OutsideClues,
    clue_reader,
    clue_schema,
    clue_writer,
    line_direction,
    ray,
)
from satdoku.rules.outside_lines import Problem
from satdoku.rules.sums import require_sum, sum_name


def frame_problem(n: int, digits: Sequence[int], total: int) -> Problem:
    """What is wrong with a frame clue of ``total`` over ``digits`` (0 blank), if settled."""
    placed = [d for d in digits if d]
    blanks = len(digits) - len(placed)
    if not blanks and sum(placed) != total:
        return len(digits), f"the frame adds up to {sum(placed)}, not {total}"
    if blanks and not sum(placed) + blanks <= total <= sum(placed) + blanks * n:
        return len(digits), f"the frame can no longer add up to {total}"
    return None


@dataclass(frozen=True)
class FrameSums(OutsideClues):
    name: ClassVar[str] = "frame"
    what: ClassVar[str] = "a frame sum"
    description: ClassVar[str] = ("frame sums: an outside clue is the sum of the first box "
                                  "depth of cells of its row or column (9x9: three)")
    problem = staticmethod(frame_problem)  # type: ignore[assignment]

    @classmethod
    def cells_of(cls, board: Board, clue: Clue) -> tuple[int, ...]:
        direction = line_direction(board, clue.row, clue.col)
        if board.box is None:
            raise RuleError(f"frame sums need rectangular boxes; a {board.describe()} board "
                            "has none")
        depth = board.box[0] if direction in "UD" else board.box[1]
        return ray(board, clue.row, clue.col, direction)[:depth]

    @classmethod
    def possible(cls, n: int, length: int) -> Sequence[int]:
        low, high = sum_range(n, length)
        return range(low, high + 1)

    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        terms = [(i, 1) for i in cells]
        require_sum(board, formula, terms, [value], sum_name(board, terms))


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
KEYS.append(DataKey(
    "frames", 'frame sums: [{"clue": "r0c3", "sum": 12}, ...]; the first box depth of cells '
              "(9x9: three) of the row or column",
    FrameSums, clue_reader(FrameSums), clue_writer(FrameSums),
    clue_schema(FrameSums, "Frame sums: the digits of the clue's row or column inside the "
                           "first box from the clue add up to it."),
    aliases=("frame", "frame_sums")))

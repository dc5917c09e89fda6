"""Placement variants: fixed extra regions of the 9×9 grid (argyle, asterisk, girandola) and
the centres of the boxes (centre-dot), each holding distinct digits.

Glossary: a *placement* is a fixed set of cells named by a global rule (no data per puzzle);
each of its regions holds every digit at most once (a region of n cells holds each exactly
once).

- ``asterisk``: r2c5 r3c3 r3c7 r5c2 r5c5 r5c8 r7c3 r7c7 r8c5;
- ``girandola``: r1c1 r1c9 r2c5 r5c2 r5c5 r5c8 r8c5 r9c1 r9c9;
- ``argyle``: eight diagonals — four of 8 cells next to the main diagonals (r1c2–r8c9,
  r2c1–r9c8, r1c8–r8c1, r2c9–r9c2) and four of 5 cells joining the middles of the edges
  (r1c5–r5c1, r1c5–r5c9, r9c5–r5c1, r9c5–r5c9);
- ``centre-dot``: the centre cell of every box (boxes of odd height and width).

>>> from satdoku.board import Board
>>> b = Board.classic(9)
>>> [b.cell_name(i) for i in Asterisk().regions(b)[0]][:3]
['r2c5', 'r3c3', 'r3c7']
>>> [len(r) for r in Argyle().regions(b)]
[8, 8, 8, 8, 5, 5, 5, 5]
>>> [b.cell_name(i) for i in CentreDot().regions(b)[0]][:3]
['r2c2', 'r2c5', 'r2c8']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from satdoku.board import Board, Unit
from satdoku.errors import RuleError
from satdoku.rules.base import Marking, RegionRule

#: (row, column) 1-based of the 9×9 placements.
_ASTERISK = ((2, 5), (3, 3), (3, 7), (5, 2), (5, 5), (5, 8), (7, 3), (7, 7), (8, 5))
_GIRANDOLA = ((1, 1), (1, 9), (2, 5), (5, 2), (5, 5), (5, 8), (8, 5), (9, 1), (9, 9))
#: Argyle diagonals: (first cell, row step, column step, length).
_ARGYLE = (((1, 2), 1, 1, 8), ((2, 1), 1, 1, 8), ((1, 8), 1, -1, 8), ((2, 9), 1, -1, 8),
           ((1, 5), 1, -1, 5), ((1, 5), 1, 1, 5), ((9, 5), -1, -1, 5), ((9, 5), -1, 1, 5))


def _cells(board: Board, places: Sequence[tuple[int, int]]) -> Unit:
    return tuple((r - 1) * board.n + c - 1 for r, c in places)


class Placement(RegionRule):
    """Fixed regions of the 9×9 grid."""

    what: ClassVar[str] = "region"

    def check_board(self, board: Board) -> None:
        if board.n != 9:
            raise RuleError(f"rule {self.name} is defined on 9x9 boards only, not "
                            f"{board.n}x{board.n}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("shade", unit, style="region") for unit in self.regions(board))


@dataclass(frozen=True)
class Asterisk(Placement):
    name: ClassVar[str] = "asterisk"
    description: ClassVar[str] = "the nine cells of the asterisk (9x9) hold distinct digits"

    def regions(self, board: Board) -> Sequence[Unit]:
        self.check_board(board)
        return (_cells(board, _ASTERISK),)


@dataclass(frozen=True)
class Girandola(Placement):
    name: ClassVar[str] = "girandola"
    description: ClassVar[str] = "the nine cells of the girandola (9x9) hold distinct digits"

    def regions(self, board: Board) -> Sequence[Unit]:
        self.check_board(board)
        return (_cells(board, _GIRANDOLA),)


@dataclass(frozen=True)
class Argyle(Placement):
    name: ClassVar[str] = "argyle"
    description: ClassVar[str] = "each of the eight argyle diagonals (9x9) holds distinct digits"
    what: ClassVar[str] = "argyle diagonal"

    def regions(self, board: Board) -> Sequence[Unit]:
        self.check_board(board)
        return tuple(_cells(board, [(r + k * dr, c + k * dc) for k in range(length)])
                     for (r, c), dr, dc, length in _ARGYLE)

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("line", unit, style="argyle") for unit in self.regions(board))


@dataclass(frozen=True)
class CentreDot(Placement):
    name: ClassVar[str] = "centre-dot"
    description: ClassVar[str] = "the centre cells of the boxes hold distinct digits"

    def check_board(self, board: Board) -> None:
        if board.box is None or board.box[0] % 2 == 0 or board.box[1] % 2 == 0:
            raise RuleError("rule centre-dot needs boxes with a centre cell (odd height and "
                            f"width); a {board.describe()} board has none")

    def regions(self, board: Board) -> Sequence[Unit]:
        self.check_board(board)
        assert board.box is not None
        r, c = board.box
        return (tuple(box[(r // 2) * c + c // 2] for box in board.boxes),)


#: The global rules of this module by name (rows of satdoku.rules.GLOBAL_RULE_TABLE).
GLOBAL: dict[str, Callable[[], RegionRule]] = {
    rule.name: rule for rule in (Argyle, Asterisk, CentreDot, Girandola)}

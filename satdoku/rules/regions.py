"""Region variants: extra all-different regions on top of rows, columns and boxes.

Glossary: the *positive* diagonal (``diagonal+``) runs from the bottom-left corner to the
top-right one, the *negative* diagonal (``diagonal-``) from the top-left to the bottom-right
(the variant community's names); a *window* is one of the extra box-sized regions of a
windoku; a *disjoint group* is the set of cells at the same position in every box.

Jigsaw boards need no rule here: the :class:`~satdoku.board.Board` carries their region map
and the classic ``boxes`` rule follows it.

>>> from satdoku.board import Board
>>> b = Board.classic(9)
>>> [b.cell_name(i) for i in Windoku().regions(b)[0][:4]]
['r2c2', 'r2c3', 'r2c4', 'r3c2']
>>> Diagonal("+").regions(Board.classic(4))
((12, 9, 6, 3),)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, ClassVar

from satdoku.board import Board, Unit
from satdoku.errors import RuleError
from satdoku.rules.base import Marking, RegionRule, check_cells, check_each
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import at, read_cells

#: Diagonal direction → (name, description).
_DIAGONALS = {
    "+": ("diagonal+", "the diagonal from bottom-left to top-right holds distinct digits"),
    "-": ("diagonal-", "the diagonal from top-left to bottom-right holds distinct digits"),
    "+-": ("diagonal", "each main diagonal holds distinct digits (X-Sudoku)"),
}


@dataclass(frozen=True)
class Diagonal(RegionRule):
    """One or both main diagonals hold distinct digits (X-Sudoku): ``direction`` + - or +-."""

    direction: str = "+-"
    what: ClassVar[str] = "diagonal"

    def __post_init__(self) -> None:
        if self.direction not in _DIAGONALS:
            raise RuleError(f"bad diagonal direction {self.direction!r}; use +, - or +-")

    @property
    def name(self) -> str:  # type: ignore[override]
        return _DIAGONALS[self.direction][0]

    @property
    def description(self) -> str:  # type: ignore[override]
        return _DIAGONALS[self.direction][1]

    def regions(self, board: Board) -> Sequence[Unit]:
        n = board.n
        lines = {"+": tuple((n - 1 - k) * n + k for k in range(n)),
                 "-": tuple(k * n + k for k in range(n))}
        return tuple(lines[d] for d in self.direction)

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("diagonal", unit) for unit in self.regions(board))


def _box_shape(board: Board, rule: str) -> tuple[int, int]:
    """The board's r×c boxes; a RuleError when it has none (Latin square or jigsaw)."""
    if board.box is None:
        kind = "jigsaw regions" if board.regions is not None else "no boxes"
        raise RuleError(f"rule {rule} needs rectangular boxes; a {board.n}x{board.n} board "
                        f"with {kind} has none")
    return board.box


@dataclass(frozen=True)
class Windoku(RegionRule):
    """Extra box-shaped windows, one line apart and one line from each edge.

    On 9×9 these are the four shaded 3×3 regions of a windoku. In general the windows are
    r×c (the box shape) and fit when ``(n - 1)`` is a multiple of ``r + 1`` and of ``c + 1``
    (4×4: one window; 16×16: nine).
    """

    name: ClassVar[str] = "windoku"
    description: ClassVar[str] = ("extra windows hold distinct digits (9x9: four 3x3; "
                                  "in general box-sized, one line apart)")
    what: ClassVar[str] = "window"

    def check_board(self, board: Board) -> None:
        r, c = _box_shape(board, self.name)
        if (board.n - 1) % (r + 1) or (board.n - 1) % (c + 1):
            raise RuleError(f"rule windoku is not defined on a {board.describe()} board: "
                            f"{r}x{c} windows one line apart do not fit in {board.n} lines")

    def regions(self, board: Board) -> Sequence[Unit]:
        self.check_board(board)
        return _windows(board)

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("shade", unit, style="region") for unit in self.regions(board))


@dataclass(frozen=True)
class Disjoint(RegionRule):
    """Cells at the same position in every box hold distinct digits (disjoint groups)."""

    name: ClassVar[str] = "disjoint"
    description: ClassVar[str] = ("cells at the same position in every box hold distinct "
                                  "digits (disjoint groups)")
    what: ClassVar[str] = "disjoint group"

    def check_board(self, board: Board) -> None:
        _box_shape(board, self.name)

    def regions(self, board: Board) -> Sequence[Unit]:
        self.check_board(board)
        return tuple(zip(*board.boxes, strict=True))


@dataclass(frozen=True)
class ExtraRegions(RegionRule):
    """Given cell sets (per puzzle) that hold distinct digits; ``cells`` are cell indices."""

    cells: tuple[Unit, ...] = ()
    name: ClassVar[str] = "extra-regions"
    description: ClassVar[str] = "each extra region of the puzzle holds distinct digits"
    what: ClassVar[str] = "extra region"

    def check_board(self, board: Board) -> None:
        check_each("extra region", self.cells,
                   lambda region: check_cells(board, region, distinct=True))

    def regions(self, board: Board) -> Sequence[Unit]:
        return self.cells

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("shade", unit, style="region") for unit in self.cells)


#: The global rules of this module by name (rows of satdoku.rules.GLOBAL_RULE_TABLE).
GLOBAL: dict[str, Callable[[], RegionRule]] = {
    **{name: partial(Diagonal, kind) for kind, (name, _) in _DIAGONALS.items()},
    "windoku": Windoku, "disjoint": Disjoint}


@cache
def _windows(board: Board) -> tuple[Unit, ...]:
    r, c = board.box  # type: ignore[misc]
    n = board.n
    return tuple(
        tuple((top + dr) * n + left + dc for dr in range(r) for dc in range(c))
        for top in range(1, n - r + 1, r + 1) for left in range(1, n - c + 1, c + 1))


# -- JSON: "extra_regions": [["r1c1", "r1c2", ...], ...] -----------------------------------------
def _read_extra_regions(board: Board, value: Any, path: str, puzzle: Any) -> ExtraRegions:
    regions = []
    for k, item in enumerate(value):
        regions.append(read_cells(board, item, f"{path}[{k}]"))
        with at(f"{path}[{k}]"):
            try:
                ExtraRegions((regions[-1],)).check_board(board)
            except RuleError as err:
                raise RuleError(str(err).removeprefix("extra region 1: ")) from None
    return ExtraRegions(tuple(regions))


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = [DataKey(
    "extra_regions", "extra regions of distinct digits: lists of cells", ExtraRegions,
    _read_extra_regions,
    lambda board, rule: [[board.cell_name(i) for i in region] for region in rule.cells],
    list_schema(cells_schema(), "Extra regions whose digits differ."))]

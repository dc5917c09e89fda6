"""Boards of several overlapping n×n grids on one canvas: samurai, twodoku, butterfly …

Glossary: the *canvas* is the grids' bounding box, ``height × width`` *places* (row, column);
a *grid* is an n×n square of the canvas given by its top-left place, and keeps its own rows,
columns and boxes; a *hole* is a place that no grid covers. Cells are the places that are not
holes, numbered 0, 1, … row by row: a grid of digits has one entry per cell and none for a
hole, and cell variables stay ``v(i, d) = i·n + d`` over the cells that exist. Cells are
named by their canvas place (``r1c13``), as they are drawn.

>>> b = MultiBoard.layout("samurai")
>>> b.num_cells, (b.height, b.width), len(b.rows), len(b.boxes)
(369, (21, 21), 45, 41)
>>> b.cell_name(9), b.cell_at(0, 10), b.describe()
('r1c13', None, 'samurai: 5 grids of 9x9 (3x3 boxes), 369 cells on a 21x21 canvas')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from satdoku.board import Board, Unit
from satdoku.errors import BoardError

Place = tuple[int, int]
#: Largest canvas side (places); the CNF's memory budget bounds the cells in practice.
MAX_CANVAS = 1024
#: Most grids on one board.
MAX_GRIDS = 256

# The named layouts: (box rows a, box columns b, n) → top-left places of the grids.
_Arrange = Callable[[int, int, int], tuple[Place, ...]]
LAYOUTS: dict[str, _Arrange] = {
    # five grids: four corners, the centre one sharing a corner box with each
    "samurai": lambda a, b, n: ((0, 0), (0, n + b), (n - a, n - b), (n + a, 0), (n + a, n + b)),
    # two grids sharing one corner box
    "twodoku": lambda a, b, n: ((0, 0), (n - a, n - b)),
    # four grids one box apart, covering an (n+a)×(n+b) block
    "butterfly": lambda a, b, n: ((0, 0), (0, b), (a, 0), (a, b)),
    # a centre grid and four grids one box apart from it in each direction
    "flower": lambda a, b, n: ((0, b), (a, 0), (a, b), (a, 2 * b), (2 * a, b)),
    # samurai joined side by side: four grids on top and at the bottom, three between
    "shogun": lambda a, b, n: (*((0, k * (n + b)) for k in range(4)),
                               *((n - a, n - b + k * (n + b)) for k in range(3)),
                               *((n + a, k * (n + b)) for k in range(4))),
}


@dataclass(frozen=True)
class MultiBoard(Board):
    """Several n×n grids (top-left places ``grids``) with r×c boxes, or none, on one canvas.

    Every grid keeps its rows, columns and boxes; a box two grids share is one unit. Grids
    stand on multiples of the box shape (each cell lies in one box), the top-most at row 0
    and the left-most at column 0. Immutable and hashable, like every :class:`Board`.

    >>> MultiBoard(4, (2, 2), grids=((0, 0), (2, 2))).num_cells
    28
    >>> MultiBoard(4, (2, 2), grids=((0, 0), (1, 2)))
    Traceback (most recent call last):
    ...
    satdoku.errors.BoardError: grid 2 at r2c3 is not on the 2x2 boxes of the others: ...
    """

    grids: tuple[Place, ...] = ()
    multigrid: ClassVar[bool] = True

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.regions is not None:
            raise BoardError("a multi-grid board has boxes, not jigsaw regions")
        grids = tuple((int(r), int(c)) for r, c in self.grids)
        object.__setattr__(self, "grids", grids)
        if not grids:
            raise BoardError("a multi-grid board needs at least one grid")
        if len(grids) > MAX_GRIDS:
            raise BoardError(f"{len(grids)} grids: at most {MAX_GRIDS}")
        if len(set(grids)) != len(grids):
            twice = next(g for g in grids if grids.count(g) > 1)
            raise BoardError(f"two grids at {_place_name(twice)}")
        if min(r for r, _ in grids) != 0 or min(c for _, c in grids) != 0:
            raise BoardError("the top-most grid must start on row 1 and the left-most on "
                             f"column 1; got {', '.join(map(_place_name, grids))}")
        if max(self.height, self.width) > MAX_CANVAS:
            raise BoardError(f"the canvas is {self.height}x{self.width}: at most "
                             f"{MAX_CANVAS} places a side")
        a, b = self.box or (1, 1)
        for k, (r, c) in enumerate(grids, 1):
            if r % a or c % b:
                raise BoardError(f"grid {k} at {_place_name((r, c))} is not on the {a}x{b} "
                                 "boxes of the others: its row and column must be multiples "
                                 f"of {a} and {b} (counted from 0)")

    # -- constructors --------------------------------------------------------------------
    @classmethod
    def layout(cls, name: str, n: int = 9, box: tuple[int, int] | str | None = "auto",
               ) -> MultiBoard:
        """The named layout (:data:`LAYOUTS`) of n×n grids with the given (or default) boxes.

        >>> MultiBoard.layout("twodoku", 4).grids, MultiBoard.layout("butterfly").num_cells
        (((0, 0), (2, 2)), 144)
        """
        arrange = LAYOUTS.get(name.strip().lower())
        if arrange is None:
            raise BoardError(f"unknown layout {name!r}: choose {', '.join(LAYOUTS)}, or give "
                             "the grids in a JSON file")
        shape = Board.classic(n, box).box  # ("auto": the default boxes; 1xN: none)
        if shape is None:
            raise BoardError(f"the {name} layout needs boxes (its grids share them); "
                             f"{n}x{n} grids with {box} boxes have none")
        a, b = shape
        return cls(n, (a, b), grids=arrange(a, b, n))

    # -- the canvas and its cells -----------------------------------------------------------
    @cached_property
    def height(self) -> int:  # type: ignore[override]
        return max(r for r, _ in self.grids) + self.n

    @cached_property
    def width(self) -> int:  # type: ignore[override]
        return max(c for _, c in self.grids) + self.n

    @cached_property
    def coords(self) -> tuple[Place, ...]:  # type: ignore[override]
        """The canvas place of every cell, row by row."""
        n, covered = self.n, set[Place]()
        for r0, c0 in self.grids:
            covered.update((r, c) for r in range(r0, r0 + n) for c in range(c0, c0 + n))
        return tuple(sorted(covered))

    @cached_property
    def _index(self) -> dict[Place, int]:
        return {place: i for i, place in enumerate(self.coords)}

    @cached_property
    def num_cells(self) -> int:  # type: ignore[override]
        return len(self.coords)

    @cached_property
    def num_cell_vars(self) -> int:  # type: ignore[override]
        return len(self.coords) * self.n

    @property
    def cells(self) -> range:
        return range(self.num_cells)

    def cell_at(self, row: int, col: int) -> int | None:
        """The cell at canvas place (row, col), 0-based; None for a hole or off the canvas."""
        return self._index.get((row, col))

    def row_col(self, cell: int) -> tuple[int, int]:
        return self.coords[cell]

    def cell_name(self, cell: int) -> str:
        return _place_name(self.coords[cell])

    def parse_cell(self, name: str) -> int:
        """``r1c13`` → cell index; a BoardError for a hole or a place off the canvas.

        >>> MultiBoard.layout("samurai").parse_cell("r10c1")
        Traceback (most recent call last):
        ...
        satdoku.errors.BoardError: r10c1 is not a cell of the samurai board: no grid covers it
        """
        match = re.fullmatch(r"\s*[rR](\d{1,9})\s*[cC](\d{1,9})\s*", name)
        if not match:
            raise BoardError(f"bad cell {name!r}: expected r<row>c<column>, e.g. r1c1")
        r, c = int(match[1]), int(match[2])
        if not (1 <= r <= self.height and 1 <= c <= self.width):
            raise BoardError(f"cell {name.strip()} is outside the {self.height}x{self.width} "
                             "canvas")
        cell = self.cell_at(r - 1, c - 1)
        if cell is None:
            raise BoardError(f"{name.strip()} is not a cell of the {self.kind} board: no grid "
                             "covers it")
        return cell

    # -- the grids and their units ----------------------------------------------------------
    @cached_property
    def grid_cells(self) -> tuple[Unit, ...]:
        """The n² cells of each grid, row by row."""
        n, at = self.n, self._index
        return tuple(tuple(at[r, c] for r in range(r0, r0 + n) for c in range(c0, c0 + n))
                     for r0, c0 in self.grids)

    def _units(self, split: Callable[[Board], Sequence[Unit]]) -> tuple[Unit, ...]:
        """The units of a classic n×n board (``split``) in every grid, each once."""
        shape = Board(self.n, self.box)
        units = (tuple(cells[i] for i in unit) for cells in self.grid_cells
                 for unit in split(shape))
        return tuple(dict.fromkeys(units))

    @cached_property
    def rows(self) -> tuple[Unit, ...]:
        return self._units(lambda b: b.rows)

    @cached_property
    def columns(self) -> tuple[Unit, ...]:
        return self._units(lambda b: b.columns)

    @cached_property
    def boxes(self) -> tuple[Unit, ...]:
        return self._units(lambda b: b.boxes)

    @cached_property
    def box_of(self) -> tuple[int, ...]:
        out = [0] * self.num_cells
        for k, unit in enumerate(self.boxes):
            for i in unit:
                out[i] = k
        return tuple(out)

    def unit_name(self, what: str, k: int, unit: Unit) -> str:
        """Rows, columns and boxes named by their place on the canvas (a canvas row holds
        the rows of several grids).

        >>> b = MultiBoard.layout("samurai")
        >>> b.unit_name("row", 0, b.rows[9]), b.unit_name("box", 0, b.boxes[8])
        ('row 1 c13-c21', 'box r7c7-r9c9')
        """
        (r0, c0), (r1, c1) = self.coords[unit[0]], self.coords[unit[-1]]
        if what == "row":
            return f"row {r0 + 1} c{c0 + 1}-c{c1 + 1}"
        if what == "column":
            return f"column {c0 + 1} r{r0 + 1}-r{r1 + 1}"
        if what == "box":
            return f"box r{r0 + 1}c{c0 + 1}-r{r1 + 1}c{c1 + 1}"
        return super().unit_name(what, k, unit)

    def cell_map(self) -> list[str]:
        """Which places of each canvas row are which cells and cell variables (for DIMACS
        headers: ``v(k, d) = k·n + d``).

        >>> MultiBoard.layout("twodoku", 4).cell_map()[4]
        'r5: c3-c6 = cells 20-23 (v 81-96)'
        """
        n, lines = self.n, []
        for r in range(self.height):
            runs, start = [], None
            for c in range(self.width + 1):
                there = c < self.width and self.cell_at(r, c) is not None
                if there and start is None:
                    start = c
                elif not there and start is not None:
                    first, last = self._index[r, start], self._index[r, c - 1]
                    runs.append(f"c{start + 1}-c{c} = cells {first}-{last} "
                                f"(v {first * n + 1}-{last * n + n})")
                    start = None
            lines.append(f"r{r + 1}: " + ", ".join(runs))
        return lines

    def subgrid(self, grid: Sequence[int], k: int) -> tuple[int, ...]:
        """The n² digits of grid ``k`` (from 0) cut out of ``grid``, row by row.

        >>> b = MultiBoard.layout("twodoku", 4)
        >>> b.subgrid(tuple(range(b.num_cells)), 1)[:4]
        (10, 11, 12, 13)
        """
        return tuple(grid[i] for i in self.grid_cells[k])

    # -- names ---------------------------------------------------------------------------------
    @cached_property
    def kind(self) -> str:
        """The layout's name (``samurai`` …), or ``multi-grid`` for another arrangement."""
        return layout_name(self) or "multi-grid"

    def describe(self) -> str:
        """``samurai: 5 grids of 9x9 (3x3 boxes), 369 cells on a 21x21 canvas``."""
        boxes = f"{self.box[0]}x{self.box[1]} boxes" if self.box else "no boxes"
        count = f"{len(self.grids)} grid{'s' if len(self.grids) > 1 else ''}"
        return (f"{self.kind}: {count} of {self.n}x{self.n} ({boxes}), {self.num_cells} "
                f"cells on a {self.height}x{self.width} canvas")

    def grid_names(self) -> list[str]:
        """The top-left cell of each grid, as JSON's ``grids`` lists them.

        >>> MultiBoard.layout("twodoku").grid_names()
        ['r1c1', 'r7c7']
        """
        return [_place_name(g) for g in self.grids]


def _place_name(place: Place) -> str:
    return f"r{place[0] + 1}c{place[1] + 1}"


def layout_name(board: MultiBoard) -> str | None:
    """The name of ``board``'s arrangement in :data:`LAYOUTS`, if it has one."""
    if board.box is None:
        return None
    a, b = board.box
    return next((name for name, arrange in LAYOUTS.items()
                 if arrange(a, b, board.n) == board.grids), None)


def named_layouts(box: tuple[int, int] | str | None = "auto",
                  sizes: Sequence[int] = (4, 9, 16, 25)) -> Iterator[MultiBoard]:
    """Every named layout for each of ``sizes`` (with ``box``, or the default boxes when
    they fit): the boards a text without ``--layout`` may be, tried in this order."""
    for n in sizes:
        for name in LAYOUTS:
            try:
                yield MultiBoard.layout(name, n, box)
            except BoardError:
                continue


def parse_grids(names: Sequence[str]) -> tuple[Place, ...]:
    """Top-left cell names → canvas places (0-based).

    >>> parse_grids(["r1c1", "R7C7"])
    ((0, 0), (6, 6))
    """
    places = []
    for name in names:
        match = re.fullmatch(r"\s*[rR](\d{1,6})\s*[cC](\d{1,6})\s*", name)
        if not match or int(match[1]) < 1 or int(match[2]) < 1:
            raise BoardError(f"bad grid corner {name!r}: expected r<row>c<column>, e.g. r7c7")
        places.append((int(match[1]) - 1, int(match[2]) - 1))
    return tuple(places)

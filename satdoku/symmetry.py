"""Clue-pattern symmetries: the eight maps of the square (dihedral group) and their orbits.

Glossary: a *symmetry* is a group of cell maps; the *orbit* of a cell is the set of its
images under the group; a pattern *has* a symmetry when it is a union of orbits.

>>> from satdoku.board import Board
>>> b = Board.classic(9)
>>> sorted(b.cell_name(i) for i in Symmetry.ROT180.orbit(b, 0))
['r1c1', 'r9c9']
>>> len(Symmetry.DIHEDRAL.orbits(b)), len(Symmetry.NONE.orbits(b))
(15, 81)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from functools import cache

from satdoku.board import Board
from satdoku.errors import BoardError

Map = Callable[[int, int, int], tuple[int, int]]

#: The eight maps of the square on (row, column) for a board of size n (0-based).
MAPS: dict[str, Map] = {
    "identity": lambda r, c, n: (r, c),
    "rot90": lambda r, c, n: (c, n - 1 - r),
    "rot180": lambda r, c, n: (n - 1 - r, n - 1 - c),
    "rot270": lambda r, c, n: (n - 1 - c, r),
    "mirror": lambda r, c, n: (r, n - 1 - c),        # left-right
    "flip": lambda r, c, n: (n - 1 - r, c),          # top-bottom
    "diagonal": lambda r, c, n: (c, r),              # main diagonal
    "antidiagonal": lambda r, c, n: (n - 1 - c, n - 1 - r),
}


class Symmetry(str, Enum):
    """Symmetry groups a clue pattern may have, named by their generators."""

    NONE = "none"
    ROT180 = "rot180"
    ROT90 = "rot90"
    MIRROR = "mirror"
    FLIP = "flip"
    DIAGONAL = "diagonal"
    ANTIDIAGONAL = "antidiagonal"
    DIHEDRAL = "dihedral"

    @property
    def maps(self) -> tuple[str, ...]:
        """The names of the maps in this group (identity included)."""
        return _GROUPS[self]

    def orbit(self, board: Board, cell: int) -> tuple[int, ...]:
        """The cells ``cell`` is sent to by the group (sorted, ``cell`` included)."""
        return _table(board, self)[cell]

    def orbits(self, board: Board) -> list[tuple[int, ...]]:
        """The partition of the board's cells into orbits, in cell order."""
        return sorted(set(_table(board, self)))

    def fits(self, board: Board) -> bool:
        """Whether every map of the group sends the board's cells onto its cells: always on
        a square board; on a multi-grid board, when its holes are symmetric too.

        >>> from satdoku.multigrid import MultiBoard
        >>> [s.value for s in Symmetry if s.fits(MultiBoard.layout("twodoku"))]
        ['none', 'rot180', 'diagonal', 'antidiagonal']
        """
        return not board.multigrid or _canvas_table(board, self) is not None

    def holds_for(self, board: Board, cells: Sequence[int] | set[int]) -> bool:
        """Whether the set of ``cells`` (e.g. the givens) is a union of orbits.

        >>> from satdoku.board import Board
        >>> Symmetry.ROT180.holds_for(Board.classic(4), {0, 15})
        True
        """
        chosen = set(cells)
        return self.fits(board) and all(set(self.orbit(board, i)) <= chosen for i in chosen)


_GROUPS: dict[Symmetry, tuple[str, ...]] = {
    Symmetry.NONE: ("identity",),
    Symmetry.ROT180: ("identity", "rot180"),
    Symmetry.ROT90: ("identity", "rot90", "rot180", "rot270"),
    Symmetry.MIRROR: ("identity", "mirror"),
    Symmetry.FLIP: ("identity", "flip"),
    Symmetry.DIAGONAL: ("identity", "diagonal"),
    Symmetry.ANTIDIAGONAL: ("identity", "antidiagonal"),
    Symmetry.DIHEDRAL: tuple(MAPS),
}


def _table(board: Board, symmetry: Symmetry) -> tuple[tuple[int, ...], ...]:
    """The orbit of every cell; a BoardError when the group does not fit the board."""
    if not board.multigrid:
        return _orbit_table(board.n, symmetry)
    table = _canvas_table(board, symmetry)
    if table is None:
        fitting = ", ".join(s.value for s in Symmetry if s.fits(board))
        raise BoardError(f"the {board.kind} board has no {symmetry.value} symmetry (its "  # type: ignore[attr-defined]
                         f"holes would move); it has: {fitting}")
    return table


def canvas_map(name: str, height: int, width: int) -> Callable[[int, int], tuple[int, int]] | None:
    """The map ``name`` of :data:`MAPS` on a height×width canvas; None for a map that needs
    a square canvas (rotations by 90°, the diagonals) on another one.

    >>> canvas_map("rot180", 2, 3)(0, 0), canvas_map("rot90", 2, 3)
    ((1, 2), None)
    """
    if height == width:
        return lambda r, c: MAPS[name](r, c, height)
    if name not in _RECTANGLE:
        return None
    return lambda r, c: _RECTANGLE[name](r, c, height, width)


_RECTANGLE: dict[str, Callable[[int, int, int, int], tuple[int, int]]] = {
    "identity": lambda r, c, h, w: (r, c),
    "rot180": lambda r, c, h, w: (h - 1 - r, w - 1 - c),
    "mirror": lambda r, c, h, w: (r, w - 1 - c),
    "flip": lambda r, c, h, w: (h - 1 - r, c),
}


@cache
def _canvas_table(board: Board, symmetry: Symmetry) -> tuple[tuple[int, ...], ...] | None:
    """The orbits of a board's cells under the group acting on its canvas; None when some
    map sends a cell onto a hole or off the canvas."""
    maps = [canvas_map(m, board.height, board.width) for m in symmetry.maps]
    if None in maps:
        return None
    table = []
    for r, c in board.coords:
        images = [board.cell_at(*m(r, c)) for m in maps]  # type: ignore[misc]
        cells = {i for i in images if i is not None}
        if len(cells) < len(set(images)):  # (a map sent the cell onto a hole)
            return None
        table.append(tuple(sorted(cells)))
    return tuple(table)


@cache
def _orbit_table(n: int, symmetry: Symmetry) -> tuple[tuple[int, ...], ...]:
    table = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        images = {MAPS[m](r, c, n) for m in symmetry.maps}
        table.append(tuple(sorted(rr * n + cc for rr, cc in images)))
    return tuple(table)


def pattern_symmetries(board: Board, cells: Sequence[int] | set[int]) -> list[Symmetry]:
    """Every symmetry (other than none) that the pattern ``cells`` has.

    >>> from satdoku.board import Board
    >>> [s.value for s in pattern_symmetries(Board.classic(4), {0, 3, 12, 15})]
    ['rot180', 'rot90', 'mirror', 'flip', 'diagonal', 'antidiagonal', 'dihedral']
    """
    return [s for s in Symmetry if s is not Symmetry.NONE and s.holds_for(board, cells)]

"""Board geometry: size, units (rows, columns, boxes or jigsaw regions), cells, digits.

Glossary: a *cell* is an index ``i = r·n + c`` (0-based row r, column c); a *digit* is
``1..n`` (0 means blank); a *unit* is a tuple of cells that must hold distinct digits;
cells are named ``r1c1`` … ``rNcN`` (1-based) in everything users see.

>>> b = Board.classic(9)
>>> b.box, len(b.units), b.cell_name(80)
((3, 3), 27, 'r9c9')
>>> Board.classic(6).box, Board.classic(7).box
((2, 3), None)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from satdoku.errors import BoardError

#: Single-character digits: 1–9, then A–Z, then a–z (61 digits).
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
BLANKS = ".0"
MAX_SIZE = 256

Unit = tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """An n×n board with r×c boxes, jigsaw ``regions`` (a region id per cell), or neither.

    Immutable and hashable: it keys the encoding cache.
    """

    n: int
    box: tuple[int, int] | None = None
    regions: tuple[int, ...] | None = None
    #: Whether the board is several grids on a canvas (:class:`satdoku.multigrid.MultiBoard`).
    multigrid: ClassVar[bool] = False

    def __post_init__(self) -> None:
        if not 1 <= self.n <= MAX_SIZE:
            raise BoardError(f"board size {self.n} is out of range 1..{MAX_SIZE}")
        if self.box is not None and self.regions is not None:
            raise BoardError("a board has boxes or jigsaw regions, not both")
        if self.box is not None:
            r, c = self.box
            if r * c != self.n:
                raise BoardError(f"boxes {r}x{c} do not tile a {self.n}x{self.n} board "
                                 f"({r}*{c} != {self.n})")
            if r == 1 or c == 1:  # 1xN boxes are the rows: a Latin square
                object.__setattr__(self, "box", None)
        if self.regions is not None:
            self._check_regions()

    def _check_regions(self) -> None:
        assert self.regions is not None
        if len(self.regions) != self.n * self.n:
            raise BoardError(f"region map has {len(self.regions)} cells, expected {self.n ** 2}")
        sizes: dict[int, int] = {}
        for region in self.regions:
            sizes[region] = sizes.get(region, 0) + 1
        bad = {k: v for k, v in sizes.items() if v != self.n}
        if len(sizes) != self.n or bad:
            raise BoardError(f"a jigsaw board needs {self.n} regions of {self.n} cells each; "
                             f"got sizes {dict(sorted(sizes.items()))}")

    # -- constructors --------------------------------------------------------------------
    @classmethod
    def classic(cls, n: int, box: tuple[int, int] | str | None = "auto") -> Board:
        """An n×n board with the default boxes (``box="auto"``) or the given ones.

        Default: square boxes when n is a square, else the most square r×c with r ≤ c,
        else none (a Latin square). ``box`` may also be text: ``"2x3"``, ``"none"``.

        >>> Board.classic(6).box, Board.classic(6, "3x2").box, Board.classic(9, "none").box
        ((2, 3), (3, 2), None)
        """
        if isinstance(box, str):
            box = cls.box_spec(box)
        return cls(n, default_box(n) if box == "auto" else box)  # type: ignore[arg-type]

    @classmethod
    def box_spec(cls, text: str) -> tuple[int, int] | str | None:
        """Box text → ``"auto"``, None (no boxes: a Latin square) or (r, c).

        ``auto`` (or nothing) means the default; ``none``, ``latin`` and ``1xN`` mean no boxes,
        and so do ``1x9`` boxes (which a Board turns into none, once it checks they fit).

        >>> Board.box_spec("3x4"), Board.box_spec("1xN"), Board.box_spec(" AUTO ")
        ((3, 4), None, 'auto')
        """
        spec = text.strip().lower()
        if spec in ("auto", ""):
            return "auto"
        if spec in ("none", "latin", "1xn", "nx1"):
            return None
        return cls.parse_box(text)

    @classmethod
    def from_spec(cls, size: int | None = None, box: str = "auto") -> Board:
        """The board of a size and a box text (:meth:`box_spec`); 9x9 with 3x3 boxes when
        neither says otherwise.

        >>> Board.from_spec(None, "2x3").describe(), Board.from_spec(5, "none").describe()
        ('6x6 (2x3 boxes)', '5x5 (no boxes)')
        """
        spec = cls.box_spec(box)
        if spec == "auto":
            return cls.classic(size or 9)
        if spec is None:
            return cls(size or 9)
        assert isinstance(spec, tuple)
        r, c = spec
        if size is not None and size != r * c:
            raise BoardError(f"--size {size} does not match --box {box} ({r}x{c} boxes make "
                             f"a {r * c}x{r * c} board)")
        return cls(r * c, (r, c))

    @classmethod
    def parse_box(cls, text: str) -> tuple[int, int]:
        """Read ``RxC`` (e.g. ``2x3``) into (r, c).

        >>> Board.parse_box("3x4")
        (3, 4)
        """
        match = re.fullmatch(r"\s*(\d{1,9})\s*[xX×*]\s*(\d{1,9})\s*", text)
        if not match:
            raise BoardError(f"bad box size {text.strip()!r}: expected RxC (e.g. 3x3 or 2x3), "
                             "or none")
        return int(match[1]), int(match[2])

    # -- geometry (computed once, cached) ------------------------------------------------
    @property
    def cells(self) -> range:
        return range(self.n * self.n)

    @cached_property
    def num_cells(self) -> int:
        """How many cells the board has (n²; fewer than its canvas on a multi-grid board)."""
        return self.n * self.n

    @cached_property
    def num_cell_vars(self) -> int:
        """How many cell variables its CNF has: ``v(i, d) = i·n + d`` is 1..num_cells·n."""
        return self.n ** 3

    @property
    def height(self) -> int:
        """Rows of the canvas the cells are drawn on (n)."""
        return self.n

    @property
    def width(self) -> int:
        """Columns of the canvas the cells are drawn on (n)."""
        return self.n

    @cached_property
    def coords(self) -> tuple[tuple[int, int], ...]:
        """The (row, column) of every cell, 0-based."""
        return tuple(divmod(i, self.n) for i in self.cells)

    def cell_at(self, row: int, col: int) -> int | None:
        """The cell at (row, col), 0-based; None off the board.

        >>> Board.classic(4).cell_at(1, 2), Board.classic(4).cell_at(4, 0)
        (6, None)
        """
        n = self.n
        return row * n + col if 0 <= row < n and 0 <= col < n else None

    @cached_property
    def rows(self) -> tuple[Unit, ...]:
        n = self.n
        return tuple(tuple(range(r * n, r * n + n)) for r in range(n))

    @cached_property
    def columns(self) -> tuple[Unit, ...]:
        n = self.n
        return tuple(tuple(range(c, n * n, n)) for c in range(n))

    @cached_property
    def boxes(self) -> tuple[Unit, ...]:
        """The boxes, or the jigsaw regions (ordered by region id), or nothing."""
        n = self.n
        if self.regions is not None:
            ids = sorted(set(self.regions))
            return tuple(tuple(i for i in self.cells if self.regions[i] == k) for k in ids)
        if self.box is None:
            return ()
        r, c = self.box
        return tuple(
            tuple((br + dr) * n + bc + dc for dr in range(r) for dc in range(c))
            for br in range(0, n, r) for bc in range(0, n, c)
        )

    @cached_property
    def units(self) -> tuple[Unit, ...]:
        return self.rows + self.columns + self.boxes

    @cached_property
    def box_of(self) -> tuple[int, ...]:
        """The index of the box (or region) of every cell; all 0 without boxes."""
        out = [0] * (self.n * self.n)
        for k, unit in enumerate(self.boxes):
            for i in unit:
                out[i] = k
        return tuple(out)

    def row_col(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.n)

    def cell_name(self, cell: int) -> str:
        r, c = divmod(cell, self.n)
        return f"r{r + 1}c{c + 1}"

    def unit_name(self, what: str, k: int, unit: Unit) -> str:
        """How messages name ``unit``, the k-th (from 0) of its kind: ``row 3``, ``box 5``;
        a main diagonal by its way (``diagonal ↘`` from r1c1, ``diagonal ↗`` from the
        bottom-left corner: numbers would not say which is which)."""
        if what == "diagonal" and len(unit) > 1:
            return f"diagonal {'↘' if unit[1] - unit[0] == self.n + 1 else '↗'}"
        return f"{what} {k + 1}"

    def parse_cell(self, name: str) -> int:
        """``r5c3`` → cell index.

        >>> Board.classic(9).parse_cell("r5c3")
        38
        """
        match = re.fullmatch(r"\s*[rR](\d{1,9})\s*[cC](\d{1,9})\s*", name)
        if not match:
            raise BoardError(f"bad cell {name!r}: expected r<row>c<column>, e.g. r1c1")
        r, c = int(match[1]), int(match[2])
        if not (1 <= r <= self.n and 1 <= c <= self.n):
            raise BoardError(f"cell {name} is outside the {self.n}x{self.n} board")
        return (r - 1) * self.n + c - 1

    # -- digits --------------------------------------------------------------------------
    @property
    def single_char(self) -> bool:
        """Whether every digit has a one-character symbol."""
        return self.n <= len(ALPHABET)

    def symbol(self, digit: int) -> str:
        return "." if digit == 0 else ALPHABET[digit - 1]

    def describe(self) -> str:
        """``9x9 (3x3 boxes)`` — for messages and DIMACS headers."""
        if self.regions is not None:
            kind = "jigsaw regions"
        elif self.box is None:
            kind = "no boxes"
        else:
            kind = f"{self.box[0]}x{self.box[1]} boxes"
        return f"{self.n}x{self.n} ({kind})"


def default_box(n: int) -> tuple[int, int] | None:
    """The default boxes for size n: square if possible, else the most square r×c, r ≤ c.

    >>> default_box(9), default_box(12), default_box(5), default_box(8)
    ((3, 3), (3, 4), None, (2, 4))
    """
    root = math.isqrt(n)
    for r in range(root, 1, -1):
        if n % r == 0:
            return (r, n // r)
    return None

"""Where things go on a picture: the layout of an n×n grid, and SVG elements built as data.

Glossary: *grid units* measure the board in cells, (0, 0) being the top-left corner of r1c1
and (n, n) the bottom-right corner of rNcN; *user units* are the SVG's own (pixels when the
picture is shown at its natural size). A cell is ``cell`` user units wide.

>>> lay = Layout(9, cell=40.0, margin=10.0)
>>> lay.size, lay.centre(0), lay.point(9, 9)
((380.0, 380.0), (30.0, 30.0), (370.0, 370.0))
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

Point = tuple[float, float]

#: Font stack for every text: generic families only, so no font is ever fetched.
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
#: A baseline this far below a centre (in font sizes) centres digits vertically.
BASELINE = 0.36


@dataclass(frozen=True)
class Layout:
    """An n×n grid of ``cell``-wide cells, ``margin`` around it and ``header`` above.

    A multi-grid board's canvas is ``rows × cols`` places, and ``coords`` gives the place of
    each cell (cells are not numbered row by row over the whole canvas there).
    """

    n: int
    cell: float = 40.0
    margin: float = 8.0
    header: float = 0.0
    rows: int = 0
    cols: int = 0
    coords: tuple[tuple[int, int], ...] | None = None

    @property
    def size(self) -> tuple[float, float]:
        """(width, height) of the whole picture in user units."""
        across = (self.cols or self.n) * self.cell + 2 * self.margin
        down = (self.rows or self.n) * self.cell + 2 * self.margin
        return across, down + self.header

    def point(self, row: float, col: float) -> Point:
        """The (x, y) of a point given in grid units (row down, column across)."""
        return (self.margin + col * self.cell, self.header + self.margin + row * self.cell)

    def corner(self, cell: int) -> Point:
        """The top-left corner of a cell."""
        return self.point(*(self.coords[cell] if self.coords else divmod(cell, self.n)))

    def centre(self, cell: int) -> Point:
        """The centre of a cell."""
        r, c = self.coords[cell] if self.coords else divmod(cell, self.n)
        return self.point(r + 0.5, c + 0.5)


def number(value: float) -> str:
    """A coordinate as short text: two decimals at most, no trailing zeros.

    >>> number(12.0), number(1 / 3), number(-0.004)
    ('12', '0.33', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def add(parent: ET.Element, tag: str, text: str | None = None,
        **attrs: float | str) -> ET.Element:
    """Append an SVG element; ``stroke_width=2`` becomes ``stroke-width="2"``, ``class_``
    becomes ``class``.

    >>> g = ET.Element("g")
    >>> ET.tostring(add(g, "circle", cx=1.5, r=2, stroke_width=1, class_="dot"))
    b'<circle cx="1.5" r="2" stroke-width="1" class="dot" />'
    """
    element = ET.SubElement(parent, tag, {
        key.rstrip("_").replace("_", "-"): number(v) if isinstance(v, float | int) else v
        for key, v in attrs.items()})
    element.text = text
    return element


def polyline(points: list[Point], closed: bool = False) -> str:
    """SVG path data through ``points``.

    >>> polyline([(0, 0), (1, 2.5)], closed=True)
    'M0 0L1 2.5Z'
    """
    steps = "L".join(f"{number(x)} {number(y)}" for x, y in points)
    return f"M{steps}{'Z' if closed else ''}"

"""Drawing each kind of :class:`~satdoku.rules.Marking`; rules say *what*, this says *how*.

The renderer never looks at rule classes: a rule returns markings (kind, cells, label,
style) and :data:`DRAW` maps each kind to a function. Styles are looked up in tables
(:data:`SHADES`, :data:`LINES`, :data:`DOTS`); an unknown style falls back to a plain look,
so a new variant draws sensibly before anyone gives it colours.

The order in which kinds are layered is the renderer's business (:mod:`satdoku.render.svg`).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

from satdoku.render.canvas import BASELINE, Layout, Point, add, number, polyline
from satdoku.rules import Marking


@dataclass(frozen=True)
class Shade:
    """How shaded cells look: a ``shape`` (cell, square, circle) of ``size`` (in cells)."""

    shape: str
    size: float
    fill: str


SHADES = {
    "even": Shade("square", 0.7, "#c8c8c8"),
    "odd": Shade("circle", 0.7, "#c8c8c8"),
    "region": Shade("cell", 1.0, "#d6e4f0"),
    "clone": Shade("cell", 1.0, "#f3e3c3"),
    "minimum": Shade("cell", 1.0, "#dce9f7"),
    "maximum": Shade("cell", 1.0, "#f7dcdc"),
    "row_indexer": Shade("cell", 1.0, "#dcefdc"),
    "column_indexer": Shade("cell", 1.0, "#f2dcdc"),
    "box_indexer": Shade("cell", 1.0, "#dcdcf2"),
    "low": Shade("circle", 0.8, "#cfe3f7"),
    "middle": Shade("circle", 0.8, "#e6e6e6"),
    "high": Shade("circle", 0.8, "#f7d9c4"),
    "counting": Shade("circle", 0.8, "#e0e0e0"),
}
PLAIN_SHADE = Shade("cell", 1.0, "#e4e4e4")


@dataclass(frozen=True)
class LineStyle:
    """A line's colour and width (in cells); ``start`` draws a bulb or circle at the first
    cell (``filled`` or hollow), ``both_ends`` at the last one too, and ``head`` an
    arrowhead at the last."""

    colour: str
    width: float
    start: float = 0.0
    filled: bool = True
    head: bool = False
    both_ends: bool = False


LINES = {
    "thermo": LineStyle("#bdbdbd", 0.28, start=0.38),
    "arrow": LineStyle("#9a9a9a", 0.05, start=0.38, filled=False, head=True),
    "whisper": LineStyle("#5cb85c", 0.14),
    "dutch_whisper": LineStyle("#ff8c1a", 0.14),
    "renban": LineStyle("#c78be0", 0.14),
    "palindrome": LineStyle("#9a9a9a", 0.12),
    "slow_thermo": LineStyle("#d4d4d4", 0.28, start=0.38),
    "between": LineStyle("#9a9a9a", 0.06, start=0.38, filled=False, both_ends=True),
    "region_sum": LineStyle("#4f8fd6", 0.12),
    "entropic": LineStyle("#f0a040", 0.14),
    "modular": LineStyle("#3fb3a8", 0.14),
    "zipper": LineStyle("#a98ad6", 0.14),
    "double_arrow": LineStyle("#c54b8b", 0.06, start=0.38, filled=False, both_ends=True),
    "nabner": LineStyle("#c9c883", 0.14),
    "parity": LineStyle("#e09b3d", 0.14),
    "vudoku": LineStyle("#6f6f6f", 0.05),
    "argyle": LineStyle("#9a9a9a", 0.05),
    "pill_arrow": LineStyle("#9a9a9a", 0.05, head=True),  # from inside a pill (arrows)
    "pill_border": LineStyle("#9a9a9a", 0.81),  # a pill: its border, then its inside
    "pill": LineStyle("#ffffff", 0.71),
}
PLAIN_LINE = LineStyle("#9a9a9a", 0.1)

#: Dot style → (fill, stroke).
DOTS = {"white": ("#ffffff", "#000000"), "black": ("#000000", "#000000"),
        "sum_dot": ("#ffffff", "#000000"), "product_dot": ("#ffffff", "#8c3f8c")}
PLAIN_DOT = ("#ffffff", "none")


def _shade(lay: Layout, mark: Marking, group: ET.Element) -> None:
    look = SHADES.get(mark.style, PLAIN_SHADE)
    side = look.size * lay.cell
    for i in mark.cells:
        x, y = lay.centre(i)
        if look.shape == "circle":
            add(group, "circle", cx=x, cy=y, r=side / 2, fill=look.fill)
        else:
            add(group, "rect", x=x - side / 2, y=y - side / 2, width=side, height=side,
                fill=look.fill)


def _toward(a: Point, b: Point, distance: float) -> Point:
    """The point ``distance`` from a on the way to b."""
    length = math.dist(a, b) or 1.0
    return a[0] + (b[0] - a[0]) * distance / length, a[1] + (b[1] - a[1]) * distance / length


def _arrowhead(tip: Point, tail: Point, size: float) -> list[Point]:
    """The two barbs of an arrowhead at ``tip`` for a line coming from ``tail``."""
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    return [(tip[0] - size * math.cos(angle + turn), tip[1] - size * math.sin(angle + turn))
            for turn in (0.5, -0.5)]


def _line(lay: Layout, mark: Marking, group: ET.Element) -> None:
    look = LINES.get(mark.style, PLAIN_LINE)
    points = [lay.centre(i) for i in mark.cells]
    colour, width = look.colour, look.width * lay.cell
    radius = look.start * lay.cell
    ends = (0, -1) if look.both_ends and len(points) > 1 else (0,)
    for end, nxt in ((e, 1 if e == 0 else -2) for e in ends if look.start):
        add(group, "circle", cx=points[end][0], cy=points[end][1], r=radius,
            fill=look.colour if look.filled else "none", stroke=colour, stroke_width=width)
        if not look.filled and len(points) > 1:  # the line leaves from the circle's edge
            points[end] = _toward(points[end], points[nxt], radius)
    if len(points) > 1:
        add(group, "path", d=polyline(points), fill="none", stroke_linecap="round",
            stroke_linejoin="round", stroke=colour, stroke_width=width)
    if look.head and len(points) > 1:
        barbs = _arrowhead(points[-1], points[-2], 0.25 * lay.cell)
        add(group, "path", d=polyline([barbs[0], points[-1], barbs[1]]), fill="none",
            stroke_linejoin="round", stroke=colour, stroke_width=width)


def _diagonal(lay: Layout, mark: Marking, group: ET.Element) -> None:
    (r0, c0), (r1, c1) = divmod(mark.cells[0], lay.n), divmod(mark.cells[-1], lay.n)
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    start = lay.point(r0 + 0.5 - dr / 2, c0 + 0.5 - dc / 2)  # the first cell's outer corner
    end = lay.point(r1 + 0.5 + dr / 2, c1 + 0.5 + dc / 2)
    add(group, "path", d=polyline([start, end]), stroke="#8c8c8c",
        stroke_width=0.04 * lay.cell)


def cage_outline(n: int, cells: tuple[int, ...], inset: float) -> list[list[tuple[float, float]]]:
    """The closed loops (in grid units) around ``cells``, ``inset`` cells inside the border.

    Each cell side on the cage's border gives one segment, walked clockwise; where the
    outline turns inward (a concave corner) the segment runs on past the cell's edge.
    Only the corners of each loop are kept.

    >>> cage_outline(9, (0,), 0.1)
    [[(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)]]
    """
    inside = {divmod(i, n) for i in cells}
    following: dict[tuple[float, float], tuple[float, float]] = {}
    for r, c in sorted(inside):
        for nr, nc in ((-1, 0), (0, 1), (1, 0), (0, -1)):  # outward normals, clockwise
            if (r + nr, c + nc) in inside:
                continue
            dr, dc = nc, -nr  # walking direction: clockwise around the cage
            ends = []
            for sign in (-1, 1):
                ar, ac = r + sign * dr, c + sign * dc
                reach = 0.5 + inset if (ar + nr, ac + nc) in inside else 0.5
                reach = reach if (ar, ac) in inside else 0.5 - inset
                ends.append((round(r + 0.5 + (0.5 - inset) * nr + sign * reach * dr, 6),
                             round(c + 0.5 + (0.5 - inset) * nc + sign * reach * dc, 6)))
            following[ends[0]] = ends[1]
    loops = []
    while following:
        start, loop = next(iter(following)), []
        point = start
        while point in following:
            loop.append(point)
            point = following.pop(point)
        corners = [p for k, p in enumerate(loop) if not _collinear(loop[k - 1], p,
                                                                  loop[(k + 1) % len(loop)])]
        loops.append([(col, row) for row, col in corners])  # as (x, y)
    return loops


def _collinear(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> bool:
    """Whether b lies on the straight (horizontal or vertical) path from a to c."""
    return a[0] == b[0] == c[0] or a[1] == b[1] == c[1]


#: How far a cage's dashed outline runs inside the cell borders, in cells.
CAGE_INSET = 0.09


def _cage(lay: Layout, mark: Marking, group: ET.Element) -> None:
    for loop in cage_outline(lay.n, mark.cells, CAGE_INSET):
        points = [lay.point(y, x) for x, y in loop]
        add(group, "path", d=polyline(points, closed=True), fill="none", stroke="#000000",
            stroke_width=0.025 * lay.cell,
            stroke_dasharray=f"{number(0.08 * lay.cell)} {number(0.06 * lay.cell)}")
    if mark.label:
        _corner_label(lay, group, mark.label, min(mark.cells), "cage-sum")


#: Height of a corner label's patch, in cells (pencil marks keep below it).
CORNER_BAND = 0.28


def corner_cell(mark: Marking, n: int) -> int | None:
    """The cell whose top-left corner holds the marking's label, if it has one there.

    >>> corner_cell(Marking("cage", (10, 2, 3), "12"), 9), corner_cell(Marking("cage", (1,)), 9)
    (2, None)
    """
    if mark.kind == "cage" and mark.label:
        return min(mark.cells)
    if mark.kind == "text" and text_place(n, mark.cells, mark.style) == "corner":
        return mark.cells[0]
    return None


def _corner_label(lay: Layout, group: ET.Element, text: str, cell: int, kind: str) -> None:
    """A small label on a white patch in the top-left corner of a cell (cage sums)."""
    x, y = lay.corner(cell)
    size, pad = (CORNER_BAND - 0.06) * lay.cell, 0.03 * lay.cell
    add(group, "rect", x=x + pad, y=y + pad, width=0.62 * size * len(text) + 2 * pad,
        height=size + pad, fill="#ffffff")
    add(group, "text", text, x=x + 2 * pad, y=y + pad + 0.9 * size, font_size=size,
        class_=kind)


def _between(lay: Layout, cells: tuple[int, ...]) -> Point:
    (x0, y0), (x1, y1) = lay.centre(cells[0]), lay.centre(cells[1])
    return (x0 + x1) / 2, (y0 + y1) / 2


def _dot(lay: Layout, mark: Marking, group: ET.Element) -> None:
    fill, stroke = DOTS.get(mark.style, PLAIN_DOT)
    x, y = _between(lay, mark.cells)
    radius = (0.17 if mark.label else 0.12) * lay.cell
    add(group, "circle", cx=x, cy=y, r=radius, fill=fill, stroke=stroke,
        stroke_width=0.03 * lay.cell)
    if mark.label:  # drawn in the colour that stands out on the dot's fill
        ink = "#ffffff" if fill == "#000000" else "#000000"
        _label(lay, group, mark.label, (x, y), 0.26 * lay.cell, ink)


def _label(lay: Layout, group: ET.Element, text: str, at: Point, size: float,
           ink: str = "#000000") -> None:
    add(group, "text", text, x=at[0], y=at[1] + BASELINE * size, font_size=size,
        text_anchor="middle", fill=ink)


#: ``style`` of a ``text`` marking for a clue outside the grid: the way its cells run from the
#: clue (rows and columns U D L R, diagonals UL UR DL DR) → (row step, column step). It puts
#: even a one-cell diagonal or a two-cell row outside, where the cells alone cannot tell.
OUTSIDE_STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1),
                 "UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def text_place(n: int, cells: tuple[int, ...], style: str = "") -> str:
    """Where a ``text`` marking goes: ``corner`` of its one cell, ``edge`` shared by two
    neighbours, or ``outside``: one step before the first cell, away from the others (always
    when ``style`` is a direction of :data:`OUTSIDE_STEPS`).

    >>> text_place(9, (0,)), text_place(9, (0, 9)), text_place(9, (0, 1, 2))
    ('corner', 'edge', 'outside')
    >>> text_place(9, (0,), "DR")
    'outside'
    """
    if style in OUTSIDE_STEPS:
        return "outside"
    if len(cells) == 1:
        return "corner"
    (r0, c0), (r1, c1) = divmod(cells[0], n), divmod(cells[1], n)
    return "edge" if len(cells) == 2 and abs(r1 - r0) + abs(c1 - c0) == 1 else "outside"


def _text(lay: Layout, mark: Marking, group: ET.Element) -> None:
    """A label at the cells' edge (see :func:`text_place`); a clue outside the grid on a
    diagonal (little killer) gets a small arrow along it."""
    place = text_place(lay.n, mark.cells, mark.style)
    if place == "corner":
        _corner_label(lay, group, mark.label, mark.cells[0], "clue")
        return
    if place == "edge":
        x, y = _between(lay, mark.cells)
        add(group, "circle", cx=x, cy=y, r=0.15 * lay.cell, fill="#ffffff")
        _label(lay, group, mark.label, (x, y), 0.28 * lay.cell)
        return
    (r0, c0), (r1, c1) = divmod(mark.cells[0], lay.n), divmod(mark.cells[-1], lay.n)
    dr, dc = OUTSIDE_STEPS.get(mark.style) or ((r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0))

    def step(back: float) -> Point:
        return lay.point(r0 + 0.5 - back * dr, c0 + 0.5 - back * dc)

    _label(lay, group, mark.label, step(0.8), 0.3 * lay.cell)
    if dr and dc:
        tail, tip = step(0.6), step(0.42)
        barbs = _arrowhead(tip, tail, 0.1 * lay.cell)
        add(group, "path", d=polyline([tail, tip]) + polyline([barbs[0], tip, barbs[1]]),
            fill="none", stroke="#000000", stroke_width=0.025 * lay.cell)


def _quad(lay: Layout, mark: Marking, group: ET.Element) -> None:
    """A circle on the corner shared by four cells, with the digits they must hold."""
    top = min(mark.cells)
    x, y = lay.corner(top + lay.n + 1)  # the bottom-right corner of the top-left cell
    add(group, "circle", cx=x, cy=y, r=0.26 * lay.cell, fill="#ffffff", stroke="#000000",
        stroke_width=0.025 * lay.cell)
    size = 0.2 * lay.cell if len(mark.label) <= 4 else 0.14 * lay.cell
    _label(lay, group, mark.label, (x, y), size)


DRAW: dict[str, Callable[[Layout, Marking, ET.Element], None]] = {
    "shade": _shade, "line": _line, "diagonal": _diagonal,
    "cage": _cage, "dot": _dot, "text": _text, "quad": _quad,
}

"""SVG pictures of a puzzle: grid, givens, solved digits, pencil marks, highlights, markings.

The picture is a stack of layers, each an SVG group (``<g class="…">``) drawn in the order
of :data:`LAYERS`: shading, highlights, lines, the grid (thin cell lines, thick box or
region borders, the frame), cages, dots, texts, digits, pencil marks. Digits are ``<text>``
elements (selectable, searchable); givens and solved digits differ in class and colour.

>>> from satdoku.formats import parse_puzzle
>>> svg = render_svg(parse_puzzle("1.3. ..1. .... ...4"), title="A 4x4")
>>> svg.count('class="given"'), svg.count('<line '), 'viewBox="0 0 166.4 200.32"' in svg
(4, 8, True)
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import cache

from satdoku.board import Board
from satdoku.puzzle import Puzzle
from satdoku.render.canvas import BASELINE, FONT, Layout, add, number
from satdoku.render.markings import CAGE_INSET, CORNER_BAND, DRAW, corner_cell, text_place
from satdoku.rules import Grid, Marking

COLOURS = {"given": "#000000", "solved": "#1c5fb8", "candidate": "#505050",
           "highlight": "#ffe45c", "thin": "#9e9e9e", "border": "#000000"}
#: Pencil marks coloured by their solution count (``candidates --counts``): one solution
#: (placing the digit makes the puzzle unique), then blues from light (2) to dark (the cap).
UNIQUE_COLOUR = "#1a9641"
BLUES = ("#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b")


def count_colour(count: int, cap: int) -> str:
    """The pencil-mark colour of a candidate with ``count`` solutions (counted up to ``cap``).

    >>> count_colour(1, 8), count_colour(2, 8), count_colour(8, 8)
    ('#1a9641', '#6baed6', '#08306b')
    """
    if count == 1:
        return UNIQUE_COLOUR
    if cap <= 2:
        return BLUES[-1]
    return BLUES[round((min(count, cap) - 2) / (cap - 2) * (len(BLUES) - 1))]


#: Line widths, in cells.
THIN, THICK = 0.025, 0.075
#: A (row, column) corner of cells, in grid units.
Place = tuple[int, int]


@dataclass(frozen=True)
class Scene:
    """Everything one picture shows. ``digits`` holds the digit shown in each cell;
    ``cornered`` the cells with a label in their top-left corner (e.g. a cage sum),
    ``caged`` the cells inside a cage's outline."""

    puzzle: Puzzle
    digits: Grid
    candidates: Mapping[int, Collection[int]]
    highlight: frozenset[int]
    markings: tuple[Marking, ...]
    title: str
    cornered: frozenset[int]
    caged: frozenset[int]
    colours: Mapping[tuple[int, int], str]


def render_svg(puzzle: Puzzle, solution: Grid | None = None,
               candidates: Mapping[int, Collection[int]] | None = None,
               highlight: Collection[int] = (), title: str = "", cell: float = 40.0,
               colours: Mapping[tuple[int, int], str] | None = None) -> str:
    """The SVG text of ``puzzle``: its givens, the ``solution`` digits in another colour,
    ``candidates`` (cell → digits) as pencil marks in cells without a digit (each in its
    colour of ``colours``, by (cell, digit), when given), ``highlight`` cells, the rules'
    markings and an optional ``title``; cells are ``cell`` pixels wide.

    >>> from satdoku.board import Board
    >>> svg = render_svg(Puzzle(Board.classic(4), (0,) * 16), candidates={0: (1, 2)})
    >>> svg.count('class="candidates"'), svg.count("</text>")
    (1, 2)
    """
    board = puzzle.board
    digits = tuple(g or (solution[i] if solution else 0) for i, g in enumerate(puzzle.givens))
    markings = tuple(m for rule in puzzle.rules for m in rule.markings(board))
    unknown = sorted({m.kind for m in markings} - set(DRAW))
    if unknown:
        raise ValueError(f"no drawing for marking kind(s) {', '.join(unknown)}; "
                         f"known: {', '.join(DRAW)}")
    cornered = frozenset(i for m in markings if (i := corner_cell(m, board.n)) is not None)
    caged = frozenset(i for m in markings if m.kind == "cage" for i in m.cells)
    scene = Scene(puzzle, digits, candidates or {}, frozenset(highlight), markings, title,
                  cornered, caged, colours or {})
    outside = any(m.kind == "text" and text_place(board.n, m.cells, m.style) == "outside"
                  for m in markings)  # clues outside the grid need room
    margin = cell * (1.0 if outside else 0.08)
    size = _title_size(board.width, cell, margin, title)
    lay = Layout(board.n, cell, margin, 1.6 * size if title else 0.0, board.height, board.width,
                 board.coords if board.multigrid else None)
    width, height = lay.size
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg",
                              "viewBox": f"0 0 {number(width)} {number(height)}",
                              "width": number(width), "height": number(height),
                              "font-family": FONT})
    add(root, "title", title or f"{board.describe()} sudoku")
    add(root, "rect", width=width, height=height, fill="#ffffff")
    for name, draw in LAYERS:
        group = ET.Element("g", {"class": name})
        draw(lay, scene, group)
        if len(group):
            root.append(group)
    if title:
        add(root, "text", title, x=width / 2, y=lay.margin + size, font_size=size,
            text_anchor="middle", class_="title")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def _title_size(n: int, cell: float, margin: float, title: str) -> float:
    """Bigger on bigger boards; smaller when the title would not fit across."""
    wanted = cell * (0.45 + 0.02 * n)
    room = n * cell + 2 * margin - cell * 0.4
    return min(wanted, room / (0.6 * max(len(title), 1)))


def symbol(board: Board, digit: int) -> str:
    """How a digit is written: its letter when the alphabet has one, else its number.

    >>> symbol(Board.classic(16), 10), symbol(Board(64), 10)
    ('A', '10')
    """
    return board.symbol(digit) if board.single_char else str(digit)


def _highlight(lay: Layout, scene: Scene, group: ET.Element) -> None:
    group.set("fill", COLOURS["highlight"])
    group.set("fill-opacity", "0.6")
    for i in sorted(scene.highlight):
        x, y = lay.corner(i)
        add(group, "rect", x=x, y=y, width=lay.cell, height=lay.cell)


@cache
def region_borders(board: Board) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """The thick lines inside the grid: (row, col) end points in grid units of every
    maximal straight run of cell sides between different boxes or jigsaw regions.

    >>> region_borders(Board.classic(4))
    (((2, 0), (2, 4)), ((0, 2), (4, 2)))
    """
    n, box = board.n, board.box_of
    lines: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for k in range(1, n):
        across = [box[(k - 1) * n + c] != box[k * n + c] for c in range(n)]
        down = [box[r * n + k - 1] != box[r * n + k] for r in range(n)]
        lines += [((k, a), (k, b)) for a, b in _runs(across)]
        lines += [((a, k), (b, k)) for a, b in _runs(down)]
    return tuple(lines)


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    """(start, end) of every run of True values, end exclusive.

    >>> _runs([True, True, False, True])
    [(0, 2), (3, 4)]
    """
    runs, start = [], None
    for k, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = k
        elif not flag and start is not None:
            runs.append((start, k))
            start = None
    return runs


def _line(lay: Layout, group: ET.Element, a: tuple[float, float], b: tuple[float, float]) -> None:
    (x1, y1), (x2, y2) = lay.point(*a), lay.point(*b)
    add(group, "line", x1=x1, y1=y1, x2=x2, y2=y2)


def canvas_lines(board: Board) -> tuple[list[tuple[Place, Place]], list[tuple[Place, Place]]]:
    """(thin, thick) lines of a multi-grid board's canvas, (row, col) end points in grid
    units: thick between cells of different boxes and between a cell and a hole (so every
    grid's outline is drawn), thin between cells of one box.

    >>> from satdoku.multigrid import MultiBoard
    >>> thin, thick = canvas_lines(MultiBoard.layout("twodoku", 4))
    >>> len(thin), len(thick)
    (6, 8)
    """
    at, box = board.cell_at, board.box_of
    thin: list[tuple[Place, Place]] = []
    thick: list[tuple[Place, Place]] = []

    def kind(a: int | None, b: int | None) -> str:
        if a is None and b is None:
            return ""
        return "thick" if a is None or b is None or box[a] != box[b] else "thin"

    for k in range(board.height + 1):  # across, above row k
        kinds = [kind(at(k - 1, c), at(k, c)) for c in range(board.width)]
        for name, lines in (("thin", thin), ("thick", thick)):
            lines += [((k, a), (k, b)) for a, b in _runs([x == name for x in kinds])]
    for k in range(board.width + 1):  # down, left of column k
        kinds = [kind(at(r, k - 1), at(r, k)) for r in range(board.height)]
        for name, lines in (("thin", thin), ("thick", thick)):
            lines += [((a, k), (b, k)) for a, b in _runs([x == name for x in kinds])]
    return thin, thick


def _canvas_grid(lay: Layout, scene: Scene, group: ET.Element) -> None:
    """The lines of a multi-grid board, and its canvas as an invisible frame (pictures of
    explanations find the grid by it)."""
    cell, (thin_lines, thick_lines) = lay.cell, canvas_lines(scene.puzzle.board)
    thin = add(group, "g", class_="thin", stroke=COLOURS["thin"], stroke_width=THIN * cell)
    for a, b in thin_lines:
        _line(lay, thin, a, b)
    borders = add(group, "g", class_="borders", stroke=COLOURS["border"],
                  stroke_width=THICK * cell, stroke_linecap="square")
    for a, b in thick_lines:
        _line(lay, borders, a, b)
    x, y = lay.point(0, 0)
    add(group, "rect", x=x, y=y, width=lay.cols * cell, height=lay.rows * cell, fill="none",
        stroke="none", class_="frame")


def _grid(lay: Layout, scene: Scene, group: ET.Element) -> None:
    if lay.coords is not None:
        _canvas_grid(lay, scene, group)
        return
    n, cell = lay.n, lay.cell
    thin = add(group, "g", class_="thin", stroke=COLOURS["thin"], stroke_width=THIN * cell)
    for k in range(1, n):
        _line(lay, thin, (k, 0), (k, n))
        _line(lay, thin, (0, k), (n, k))
    borders = add(group, "g", class_="borders", stroke=COLOURS["border"],
                  stroke_width=THICK * cell, stroke_linecap="square")
    for a, b in region_borders(scene.puzzle.board):
        _line(lay, borders, a, b)
    x, y = lay.point(0, 0)
    add(group, "rect", x=x, y=y, width=n * cell, height=n * cell, fill="none",
        stroke=COLOURS["border"], stroke_width=THICK * cell, class_="frame")


def _digits(lay: Layout, scene: Scene, group: ET.Element) -> None:
    group.set("text-anchor", "middle")
    board, givens = scene.puzzle.board, scene.puzzle.givens
    for i, digit in enumerate(scene.digits):
        if digit:
            text = symbol(board, digit)
            size = lay.cell * (0.62 if len(text) == 1 else 0.48)
            kind = "given" if givens[i] else "solved"
            x, y = lay.centre(i)
            add(group, "text", text, x=x, y=y + BASELINE * size, font_size=size,
                fill=COLOURS[kind], class_=kind)


def _candidates(lay: Layout, scene: Scene, group: ET.Element) -> None:
    """Pencil marks in a small grid: digit d at place d-1 of a ⌈√n⌉-wide grid, inside a
    cage's outline and below a corner label (a cage sum) when the cell has them."""
    group.set("text-anchor", "middle")
    group.set("fill", COLOURS["candidate"])
    board = scene.puzzle.board
    across = math.isqrt(board.n - 1) + 1
    down = -(-board.n // across)
    for i, digits in sorted(scene.candidates.items()):
        if scene.digits[i]:
            continue
        pad = lay.cell * (CAGE_INSET + 0.02 if i in scene.caged else 0.02)
        band = max(pad, CORNER_BAND * lay.cell if i in scene.cornered else 0.0)
        width, height = (lay.cell - 2 * pad) / across, (lay.cell - band - pad) / down
        x, y = lay.corner(i)
        for d in sorted(digits):
            text = symbol(board, d)
            size = min(width, height) * min(0.8, 1.3 / len(text))
            row, col = divmod(d - 1, across)
            mark = add(group, "text", text, x=x + pad + (col + 0.5) * width,
                       y=y + band + (row + 0.5) * height + BASELINE * size, font_size=size)
            if (i, d) in scene.colours:
                mark.set("fill", scene.colours[i, d])


def _markings_of(kind: str) -> Callable[[Layout, Scene, ET.Element], None]:
    def draw(lay: Layout, scene: Scene, group: ET.Element) -> None:
        for mark in scene.markings:
            if mark.kind == kind:
                DRAW[kind](lay, mark, group)
    return draw


LAYERS: tuple[tuple[str, Callable[[Layout, Scene, ET.Element], None]], ...] = (
    ("shade", _markings_of("shade")),
    ("highlight", _highlight),
    ("line", _markings_of("line")),
    ("diagonal", _markings_of("diagonal")),
    ("grid", _grid),
    ("cage", _markings_of("cage")),
    ("dot", _markings_of("dot")),
    ("text", _markings_of("text")),
    ("quad", _markings_of("quad")),
    ("digits", _digits),
    ("candidates", _candidates),
)

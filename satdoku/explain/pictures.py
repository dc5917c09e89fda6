"""Pictures of a path: one SVG per step, the cells involved marked.

Each picture is the puzzle's ordinary drawing (:func:`satdoku.render.render_svg`) as the
grid stood before the step — givens black, earlier placements blue, the candidates still
open as pencil marks — titled with the step's number and name, with a caption below the
grid (what it derives; the constraints and how many facts it cites), and marks on top:

- the constraint groups cited, shaded: blue for a row, column, box, cage, thermometer …,
  lilac for a cell's own constraint (one digit per cell); deeper where groups overlap;
- the facts cited: a placed digit ringed in orange; an eliminated candidate drawn back in
  grey and struck through (it is gone: that is the fact);
- what the step derives: a placement in green on a green cell; an elimination as its
  pencil mark in red, struck through.

The marks are placed by reading the drawing itself (the grid's frame gives the cells, the
pencil marks and digits are found by cell and symbol), so they follow whatever layout the
renderer chose.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.path import explain
>>> svg = step_svg(explain(parse_puzzle("1.34 34.2 2.43 43.1")), 1)
>>> svg.count('class="cited"'), svg.count('class="derived-cell"'), "full house" in svg
(1, 1, True)
"""

from __future__ import annotations

import re
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from satdoku.board import Board
from satdoku.errors import SatdokuError
from satdoku.explain.path import Explanation
from satdoku.explain.steps import Step, cell_digit
from satdoku.explain.text import constraints_text, literals_text
from satdoku.render.canvas import Layout, add, number
from satdoku.render.svg import render_svg, symbol
from satdoku.runtime.atomic import atomic_file

SVG = "http://www.w3.org/2000/svg"
COLOURS = {"group": "#4f8fd6", "cell": "#a66bd6", "derived": "#2e9b3a", "fact": "#f08c00",
           "eliminated": "#d62828", "gone": "#9a9a9a"}
#: Opacity of one group's shade (overlapping groups add up).
SHADE = 0.22

ET.register_namespace("", SVG)


def _tag(name: str) -> str:
    return f"{{{SVG}}}{name}"


def step_svg(e: Explanation, k: int, cell: float = 40.0) -> str:
    """The picture of step ``k`` (counted from 1) of the path ``e``."""
    assert e.groups is not None
    board, step = e.puzzle.board, e.steps[k - 1]
    n = board.n
    known = e.known_after(k - 1)
    digits = [0] * board.num_cells
    for x in (*known, *step.placements):
        if x > 0:
            i, d = cell_digit(board, x)
            digits[i] = d
    gone = {cell_digit(board, x) for x in known if x < 0}
    cited_gone = {cell_digit(board, x) for x in step.facts if x < 0}
    candidates = {i: [d for d in range(1, n + 1) if (i, d) not in gone or (i, d) in cited_gone]
                  for i in board.cells if not digits[i]}
    title = f"{k}. {step.name}"
    root = ET.fromstring(render_svg(e.puzzle, tuple(digits), candidates, title=title, cell=cell))
    marks = _Marks(root, board)
    marks.caption(_caption(e, step))
    marks.shade([e.groups.groups[g] for g in step.groups])
    for x in step.placements:
        marks.placement(*cell_digit(board, x))
    for x in step.facts:
        i, d = cell_digit(board, x)
        if x > 0:
            marks.ring(i)
        else:
            marks.strike(i, symbol(board, d), COLOURS["gone"])
    for x in step.eliminations:
        i, d = cell_digit(board, x)
        marks.strike(i, symbol(board, d), COLOURS["eliminated"])
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def _caption(e: Explanation, step: Step) -> list[str]:
    """What the step derives, then what it cites."""
    assert e.groups is not None
    facts = len(step.facts)
    cited = constraints_text(e.groups, step, None) + (
        f" and {facts} fact{'s' if facts > 1 else ''}" if facts else "")
    unproven = " (not proven optimal)" if step.optimal is False else ""
    return [literals_text(e.puzzle.board, step.derived), f"from {cited}{unproven}"]


class _Marks:
    """Marks drawn over a rendered picture, placed by its grid frame."""

    def __init__(self, root: ET.Element, board: Board) -> None:
        self.root, self.board = root, board
        frame = next(r for r in root.iter(_tag("rect")) if r.get("class") == "frame")
        x, y, side = (float(frame.get(a, 0)) for a in ("x", "y", "width"))
        self.lay = Layout(board.n, side / board.width, x, y - x, board.height, board.width,
                          board.coords if board.multigrid else None)
        self.under = self._layer("cited", before=("line", "diagonal", "grid"))
        self.over = ET.SubElement(root, _tag("g"), {"class": "step-marks"})

    def _layer(self, name: str, before: tuple[str, ...]) -> ET.Element:
        """A new group inserted before the first of the picture's groups named ``before``."""
        layer = ET.Element(_tag("g"), {"class": name})
        kids = list(self.root)
        at = next((k for k, g in enumerate(kids) if g.get("class") in before), len(kids))
        self.root.insert(at, layer)
        return layer

    def _cell_of(self, text: ET.Element) -> int:
        ox, oy = self.lay.point(0, 0)
        col = int((float(text.get("x", 0)) - ox) // self.lay.cell)
        row = int((float(text.get("y", 0)) - oy) // self.lay.cell)
        if self.board.multigrid:
            return self.board.cell_at(row, col)  # type: ignore[return-value]
        return row * self.lay.n + col

    def _texts(self, layer: str) -> Iterator[ET.Element]:
        for g in self.root.iter(_tag("g")):
            if g.get("class") == layer:
                yield from g.iter(_tag("text"))

    def caption(self, paragraphs: list[str]) -> None:
        """Lines of text below the grid (the picture grows to hold them)."""
        width, height = (float(v) for v in self.root.get("viewBox", "").split()[2:])
        size = 0.32 * self.lay.cell
        lines = [ln for text in paragraphs
                 for ln in textwrap.wrap(text, max(20, int(width / (0.58 * size))))]
        top = height
        height += (len(lines) + 0.6) * 1.3 * size
        for key, value in (("viewBox", f"0 0 {number(width)} {number(height)}"),
                           ("height", number(height))):
            self.root.set(key, value)
        background = next(self.root.iter(_tag("rect")))
        background.set("height", number(height))
        for k, text in enumerate(lines):
            add(self.over, "text", text, x=self.lay.margin, y=top + (k + 1) * 1.3 * size,
                font_size=size, class_="caption")

    def shade(self, groups: list) -> None:
        for g in groups:
            colour = COLOURS["cell" if g.kind == "cell" else "group"]
            for i in g.cells:
                x, y = self.lay.corner(i)
                add(self.under, "rect", x=x, y=y, width=self.lay.cell, height=self.lay.cell,
                    fill=colour, fill_opacity=SHADE, class_=f"group-{g.kind}")

    def placement(self, cell: int, digit: int) -> None:
        x, y = self.lay.corner(cell)
        add(self.under, "rect", x=x, y=y, width=self.lay.cell, height=self.lay.cell,
            fill=COLOURS["derived"], fill_opacity=0.35, class_="derived-cell")
        for text in self._texts("digits"):
            if self._cell_of(text) == cell:
                text.set("fill", COLOURS["derived"])
                text.set("class", "derived")

    def ring(self, cell: int) -> None:
        x, y = self.lay.centre(cell)
        add(self.over, "circle", cx=x, cy=y, r=0.4 * self.lay.cell, fill="none",
            stroke=COLOURS["fact"], stroke_width=0.06 * self.lay.cell, class_="fact")

    def strike(self, cell: int, text: str, colour: str) -> None:
        """Colour the pencil mark ``text`` of ``cell`` and strike it through."""
        for mark in self._texts("candidates"):
            if mark.text == text and self._cell_of(mark) == cell:
                mark.set("fill", colour)
                size = float(mark.get("font-size", 10))
                x, y = float(mark.get("x", 0)), float(mark.get("y", 0)) - 0.36 * size
                add(self.over, "line", x1=x - 0.45 * size, y1=y + 0.45 * size,
                    x2=x + 0.45 * size, y2=y - 0.45 * size, stroke=colour,
                    stroke_width=0.12 * size, class_="struck")


#: The names of the pictures :func:`write_step_pictures` writes (``step-001.svg`` …).
STEP_PICTURE = re.compile(r"step-[0-9]+\.svg")


def write_step_pictures(e: Explanation, folder: str | Path) -> list[Path]:
    """One picture per step of ``e`` in ``folder`` (``step-001.svg`` …, each written
    atomically); the folder is made when missing. Returns the files written."""
    target = picture_folder(folder)
    width = max(3, len(str(len(e.steps))))
    written = []
    for k in range(1, len(e.steps) + 1):
        path = target / f"step-{k:0{width}d}.svg"
        with atomic_file(path) as out:
            out.write(step_svg(e, k))
        written.append(path)
    return written


def picture_folder(folder: str | Path) -> Path:
    """``folder`` as a Path, made when missing; a :class:`SatdokuError` when it is a file
    or cannot be made."""
    target = Path(folder)
    if not str(folder).strip():
        raise SatdokuError("--svg-dir needs a folder name")
    if target.exists() and not target.is_dir():
        raise SatdokuError(f"--svg-dir {folder}: it is a file, not a folder")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SatdokuError(f"--svg-dir {folder}: cannot make the folder: {err.strerror}") \
            from None
    return target

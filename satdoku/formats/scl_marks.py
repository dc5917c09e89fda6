"""SudokuPad's shapes (``overlays`` and ``underlays``) recognised one by one, or named.

Glossary: a *shape* is a rectangle or (``rounded``) circle at ``center``, ``width`` ×
``height`` cells, filled with ``backgroundColor``, outlined with ``borderColor``, maybe with
``text``. Recognised here, and nothing else:

- a *kropki dot*: a small circle (0.15–0.5 of a cell) on the edge between two cells, white
  or black by its FILL (``backgroundColor``; its ``color`` is the colour of its text), an
  optional number as its value;
- an *XV sign*: a small shape on such an edge whose text is X or V;
- a *bulb*: a filled circle (0.55–1 of a cell, not white) on a cell's centre, the start of a
  thermometer (:mod:`satdoku.formats.scl_lines` pairs it with its line);
- an *arrow circle*: a white or clear circle (0.55–1) on a cell's centre, or a stretched one
  (a pill) over cells in a row or a column, the sum end of an arrow;
- a *clue*: a number outside the grid, where a little-killer arrow starts;
- clear shapes with no text and no visible outline (SudokuPad's positioning boxes).

Everything else (shading, other circles and squares, letters and numbers in the grid …) is
named with its place, so that the puzzle is refused rather than misread.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from satdoku.formats.scl_shapes import Grid, colour_name, point, rgba, shown

_NUMBER = re.compile(r"\s*(\d{1,4})\s*")


@dataclass
class Marks:
    """The shapes of a puzzle, sorted by what they are."""

    white_dots: list[Any] = field(default_factory=list)
    black_dots: list[Any] = field(default_factory=list)
    xv: list[dict[str, Any]] = field(default_factory=list)
    #: cell → (path, fill colour) of a thermometer bulb there.
    bulbs: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: cell → (path, colour word) of a filled square in it (an even cell, where the rules text
    #: says so: grey squares when it speaks of even digits, others when it names their colour).
    squares: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: path → the cells a shaded rectangle of whole cells covers (a windoku window, where the
    #: rules text says so).
    blocks: dict[str, list[int]] = field(default_factory=dict)
    #: cells whose filled circle is small (at most 0.8 of a cell: an odd cell, where the rules
    #: text says so — grey ones when it speaks of odd digits, others when it names their
    #: colour — and no thermometer starts there).
    small: set[int] = field(default_factory=set)
    #: path → the cells of an arrow circle (one, or a pill's row or column of them).
    circles: dict[str, list[int]] = field(default_factory=dict)
    #: path → ((row, column) outside the grid, the number) of a little-killer clue.
    clues: dict[str, tuple[tuple[int, int], int]] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)


def _round(shape: dict) -> bool:
    """SudokuPad draws a shape round when ``rounded`` is true (or 1)."""
    rounded = shape.get("rounded")
    return rounded is True or (type(rounded) in (int, float) and rounded == 1)


def _size(shape: dict) -> tuple[float, float] | None:
    w, h = shape.get("width", 1), shape.get("height", 1)
    ok = all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
             for v in (w, h))
    return (float(w), float(h)) if ok else None


def _text(shape: dict) -> str:
    text = shape.get("text", "")
    return "" if text is None else str(text).strip()


def _kind(shape: dict) -> str:
    return "circle" if _round(shape) else "square"


def _invisible(shape: dict) -> bool:
    fill = rgba(shape.get("backgroundColor", "transparent"))
    border = rgba(shape.get("borderColor", "transparent"))
    return ((fill is None or fill[3] < 0.1) and (border is None or border[3] < 0.1)
            and not _text(shape))


def sort_shapes(grid: Grid, shapes: list[Any], where: str, marks: Marks) -> None:
    """Put every shape of ``shapes`` (the list at ``where``) in its place in ``marks``."""
    for k, shape in enumerate(shapes):
        path = f"{where}[{k}]"
        if not isinstance(shape, dict):
            marks.refused.append(f"{path}: not a shape object")
            continue
        size = _size(shape)
        kind, at = grid.place(shape.get("center"))
        if size is None or point(shape.get("center")) is None:
            marks.refused.append(f"a shape without a size or a place ({path})")
        elif _invisible(shape):
            continue
        elif kind == "edge" and max(size) <= 0.5:
            _edge_mark(grid, shape, at, path, marks)
        elif kind == "cell" and _round(shape) and min(size) >= 0.55 \
                and max(size) <= 1.0 and abs(size[0] - size[1]) < 0.05:
            _cell_circle(grid, shape, at, path, marks)
        elif _round(shape) and _pill(grid, shape, size, path, marks):
            continue
        elif kind == "cell" and not _round(shape) and min(size) >= 0.55 and max(size) <= 0.8 \
                and (fill := colour_name(shape.get("backgroundColor"))) not in (
                    "white", "transparent") and not _text(shape):
            marks.squares.setdefault(at[0] * grid.n + at[1], (path, fill))
        elif _clue(grid, shape, path, marks):
            continue
        elif (cells := _block(grid, shape, size)) is not None:
            marks.blocks[path] = cells
        else:
            marks.refused.append(_unknown(grid, shape, size, path))


def _edge_mark(grid: Grid, shape: dict, cells: tuple[int, int], path: str,
               marks: Marks) -> None:
    n, text = grid.n, _text(shape)
    names = [grid.name(*divmod(i, n)) for i in cells]
    fill = colour_name(shape.get("backgroundColor", "transparent"))
    if text.upper() in ("X", "V") and fill in ("white", "transparent"):
        marks.xv.append({"cells": names, "sum": 10 if text.upper() == "X" else 5})
        return
    size = _size(shape) or (0, 0)
    if not _round(shape) or min(size) < 0.15:
        where = f"between {names[0]} and {names[1]}"
        marks.refused.append(f"a {_kind(shape)} {_say(text)}{where} ({path})")
        return
    value = _NUMBER.fullmatch(text)
    if text and not value:
        marks.refused.append(f"a dot labelled {text!r} between {names[0]} and {names[1]} "
                             f"({path})")
    elif fill not in ("white", "black"):
        marks.refused.append(f"a dot of colour {shown(shape.get('backgroundColor'))} "
                             f"({fill}) between {names[0]} and {names[1]} ({path})")
    else:
        dots = marks.white_dots if fill == "white" else marks.black_dots
        dots.append({"cells": names, "value": int(value[1])} if value else names)


def _say(text: str) -> str:
    return f"with the text {text!r} " if text else ""


def _cell_circle(grid: Grid, shape: dict, cell: tuple[int, int], path: str,
                 marks: Marks) -> None:
    fill = colour_name(shape.get("backgroundColor", "transparent"))
    i = cell[0] * grid.n + cell[1]
    if _text(shape):
        marks.refused.append(f"a circle with the text {_text(shape)!r} in "
                             f"{grid.name(*cell)} ({path})")
    elif fill in ("white", "transparent"):
        marks.circles[path] = [i]
    else:
        marks.bulbs.setdefault(i, (path, shape.get("backgroundColor", "")))
        if max(_size(shape) or (1, 1)) <= 0.8:
            marks.small.add(i)


def _pill(grid: Grid, shape: dict, size: tuple[float, float], path: str,
          marks: Marks) -> bool:
    """A rounded shape stretched over whole cells in a row or a column (an arrow's circle
    for a number of several digits)."""
    p = point(shape.get("center"))
    w, h = size
    if p is None or _text(shape) or colour_name(
            shape.get("backgroundColor", "transparent")) not in ("white", "transparent"):
        return False
    long, short = (w, h) if w >= h else (h, w)
    k = round(long - short + 1)
    if not (0.55 <= short <= 1.0 and k >= 2 and abs(long - short - (k - 1)) < 0.05):
        return False
    y, x = p
    starts = [(y, x - (k - 1) / 2), (y, x + (k - 1) / 2)] if w >= h else \
        [(y - (k - 1) / 2, x), (y + (k - 1) / 2, x)]
    cells = grid.cells_along(starts)
    if cells is None or len(cells) != k:
        return False
    marks.circles[path] = cells
    return True


def _block(grid: Grid, shape: dict, size: tuple[float, float]) -> list[int] | None:
    """The cells under a shaded, square-cornered rectangle of at least 2x2 whole cells."""
    p, (w, h) = point(shape.get("center")), size
    if p is None or _round(shape) or _text(shape) or colour_name(
            shape.get("backgroundColor")) in ("white", "transparent", "unknown"):
        return None
    if min(w, h) < 2 or abs(w - round(w)) > 0.05 or abs(h - round(h)) > 0.05:
        return None
    top, left = p[0] - h / 2, p[1] - w / 2
    if abs(top - round(top)) > 0.05 or abs(left - round(left)) > 0.05:
        return None
    rows, cols = range(round(top), round(top + h)), range(round(left), round(left + w))
    if not all(grid.inside(r, c) for r in rows for c in cols):
        return None
    return [r * grid.n + c for r in rows for c in cols]


def _clue(grid: Grid, shape: dict, path: str, marks: Marks) -> bool:
    """A number outside the grid (a little-killer clue, once an arrow points from it)."""
    p, text = point(shape.get("center")), _text(shape)
    match = _NUMBER.fullmatch(text)
    if p is None or not match:
        return False
    r, c = math.floor(p[0]), math.floor(p[1])
    if grid.inside(r, c) or not (-1 <= r <= grid.n and -1 <= c <= grid.n):
        return False
    marks.clues[path] = ((r, c), int(match[1]))
    return True


def _unknown(grid: Grid, shape: dict, size: tuple[float, float] | None, path: str) -> str:
    fill = shape.get("backgroundColor")
    what = "circle" if _round(shape) else "square" if size and abs(
        size[0] - size[1]) < 0.05 else "rectangle"
    colour = f"{colour_name(fill)} " if fill else ""
    text = _text(shape)
    label = f"the text {text!r}" if text else f"a {colour}{what}"
    if text:
        label = f"{label} (in a {colour}{what})" if fill or shape.get("borderColor") else label
    kind, _ = grid.place(shape.get("center"))
    where = grid.describe(shape.get("center"))
    return f"{label} {'in ' if kind == 'cell' else ''}{where} ({path})"

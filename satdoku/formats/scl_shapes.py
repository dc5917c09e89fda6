"""Where a SudokuPad drawing sits on the grid, and what colour it is.

Glossary: SudokuPad places drawings by *points* ``[row, column]`` in cell units from the
grid's top-left corner: the centre of cell r1c1 is ``[0.5, 0.5]``, the edge between r1c1 and
r1c2 is at ``[0.5, 1]``; a *place* is what a point is on this n×n grid (a cell's centre, the
middle of the edge between two cells, a corner, or somewhere outside). Colours are CSS
colours (``#rgb``, ``#rrggbb``, ``#rrggbbaa``, ``rgb()``/``rgba()``, a few names), named
here by the word a setter would use for them ("white", "black", "grey", "green" …).

>>> Grid(9).place([0.5, 1.0])
('edge', (0, 1))
>>> Grid(9).describe([4.5, 0.5]), Grid(9).describe([3.0, 4.5])
('r5c1', 'between r3c5 and r4c5')
>>> colour_name("#CFCFCF"), colour_name("#34BBE6"), colour_name("rgba(0, 200, 0, 0.5)")
('grey', 'blue', 'green')
"""

from __future__ import annotations

import colorsys
import math
import re
from dataclasses import dataclass
from typing import Any

#: How far (in cells) a point may be from a centre, edge or corner and still be on it.
EPS = 0.12
_NAMED = {"white": (255, 255, 255, 1.0), "black": (0, 0, 0, 1.0), "red": (255, 0, 0, 1.0),
          "green": (0, 128, 0, 1.0), "blue": (0, 0, 255, 1.0), "grey": (128, 128, 128, 1.0),
          "gray": (128, 128, 128, 1.0), "transparent": (0, 0, 0, 0.0), "none": (0, 0, 0, 0.0)}
_RGBA = re.compile(r"rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)")


def rgba(value: Any) -> tuple[int, int, int, float] | None:
    """(r, g, b, alpha) of a CSS colour, None when it is none we know.

    >>> rgba("#0"), rgba("#fff"), rgba("#FFFFFF00")
    ((0, 0, 0, 1.0), (255, 255, 255, 1.0), (255, 255, 255, 0.0))
    """
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text in _NAMED:
        return _NAMED[text]
    if text in ("#0", "#f"):  # SudokuPad's zipped black and white
        return (0, 0, 0, 1.0) if text == "#0" else (255, 255, 255, 1.0)
    if re.fullmatch(r"#[0-9a-f]{3,4}", text):
        text = "#" + "".join(ch * 2 for ch in text[1:])
    if re.fullmatch(r"#[0-9a-f]{6}(?:[0-9a-f]{2})?", text):
        alpha = int(text[7:9], 16) / 255 if len(text) == 9 else 1.0
        return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16), alpha
    match = _RGBA.fullmatch(text)
    if match:
        r, g, b = (min(255, int(float(x))) for x in match.groups()[:3])
        return r, g, b, float(match[4]) if match[4] is not None else 1.0
    return None


def colour_name(value: Any) -> str:
    """The word for a colour: white, black, grey, red, orange, yellow, green, blue, purple,
    pink; "transparent"; "unknown" for what is not a colour."""
    found = rgba(value)
    if found is None:
        return "unknown"
    r, g, b, alpha = found
    if alpha < 0.1:
        return "transparent"
    h, s, v = colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)
    if s < 0.2:
        return "white" if v > 0.93 else "black" if v < 0.2 else "grey"
    hue = h * 360
    for limit, name in ((15, "red"), (45, "orange"), (70, "yellow"), (165, "green"),
                        (255, "blue"), (290, "purple"), (345, "pink"), (361, "red")):
        if hue < limit:
            return name
    return "red"  # (unreachable)


def shown(value: Any) -> str:
    """A colour as written in a message."""
    return value if isinstance(value, str) else "none"


def point(value: Any) -> tuple[float, float] | None:
    """``[row, column]`` as two finite numbers, else None."""
    if (isinstance(value, list) and len(value) == 2 and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
            for x in value)):
        return float(value[0]), float(value[1])
    return None


def _near(x: float, target: float) -> bool:
    return abs(x - target) <= EPS


@dataclass(frozen=True)
class Grid:
    """An n×n grid of cells (0-based row and column) that drawings are placed on."""

    n: int

    def name(self, r: int, c: int) -> str:
        return f"r{r + 1}c{c + 1}"

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.n and 0 <= c < self.n

    def place(self, at: Any) -> tuple[str, Any]:
        """("cell", (r, c)), ("edge", (cell, cell)) between two orthogonal neighbours (cells
        numbered r·n + c), ("corner", (r, c)) of the grid lines, or ("other", point)."""
        p = point(at)
        if p is None:
            return "other", at
        (y, x), n = p, self.n
        half = lambda v: _near(v - math.floor(v), 0.5)  # noqa: E731 (a tiny test)
        whole = lambda v: _near(v, round(v))  # noqa: E731
        if half(y) and half(x) and self.inside(math.floor(y), math.floor(x)):
            return "cell", (math.floor(y), math.floor(x))
        if whole(y) and half(x) and 0 < round(y) < n and 0 <= math.floor(x) < n:
            c = math.floor(x)
            return "edge", ((round(y) - 1) * n + c, round(y) * n + c)
        if half(y) and whole(x) and 0 < round(x) < n and 0 <= math.floor(y) < n:
            r = math.floor(y)
            return "edge", (r * n + round(x) - 1, r * n + round(x))
        if whole(y) and whole(x):
            return "corner", (round(y), round(x))
        return "other", p

    def describe(self, at: Any) -> str:
        """Where a point is, in words (``r5c1``, ``between r3c5 and r4c5``, …)."""
        kind, where = self.place(at)
        n = self.n
        if kind == "cell":
            return self.name(*where)
        if kind == "edge":
            a, b = where
            return f"between {self.name(*divmod(a, n))} and {self.name(*divmod(b, n))}"
        p = point(at)
        if p is None:
            return f"at {at!r}"
        r, c = math.floor(p[0]), math.floor(p[1])
        if kind == "corner":
            return f"at the corner below and right of r{r}c{c}"
        return f"near r{r + 1}c{c + 1}" + ("" if self.inside(r, c) else " (outside the grid)")

    def cells_along(self, points: list[tuple[float, float]]) -> list[int] | None:
        """The cells a line through cell centres passes, in order (straight or 45° steps
        between its points), or None when a point is no cell centre or a step is neither."""
        out: list[int] = []
        for p in points:
            kind, where = self.place(list(p))
            if kind != "cell":
                return None
            r, c = where
            if out:
                r0, c0 = divmod(out[-1], self.n)
                dr, dc = r - r0, c - c0
                steps = max(abs(dr), abs(dc))
                if steps == 0 or (dr and dc and abs(dr) != abs(dc)):
                    if steps == 0:
                        continue
                    return None
                out += [(r0 + dr * k // steps) * self.n + c0 + dc * k // steps
                        for k in range(1, steps + 1)]
            else:
                out.append(r * self.n + c)
        return out

"""SudokuPad's ``lines`` and ``arrows`` recognised, with the shapes they belong to.

Recognised, and nothing else:

- a *thermometer*: a line through cell centres that starts (or ends) at a bulb of its colour
  (:mod:`satdoku.formats.scl_marks`);
- an *arrow*: an ``arrows`` entry leaving an arrow circle, its shaft through cell centres;
- a *little killer*: an ``arrows`` entry leaving a clue outside the grid diagonally;
- a *diagonal*: a line from corner to corner of the grid, where the rules text speaks of
  diagonals (X-Sudoku);
- a line of one colour through cell centres, where the rules text names the line type of
  that colour unambiguously (:mod:`satdoku.formats.scl_rules_text`);
- lines along the grid's outer border (a frame, no constraint).

Anything else is named with its place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from satdoku.formats.scl_marks import Marks
from satdoku.formats.scl_rules_text import RulesText
from satdoku.formats.scl_shapes import Grid, colour_name, point, shown


@dataclass
class Lines:
    """What the lines and arrows of a puzzle were read as (satdoku JSON items)."""

    data: dict[str, list[Any]] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    used: set[str] = field(default_factory=set)  # paths of shapes a line or arrow took


def _points(line: dict) -> list[tuple[float, float]] | None:
    raw = line.get("wayPoints")
    if not isinstance(raw, list) or len(raw) < 2:
        return None
    points = [point(p) for p in raw]
    return None if any(p is None for p in points) else points  # type: ignore[return-value]


def _names(grid: Grid, cells: list[int]) -> list[str]:
    return [grid.name(*divmod(i, grid.n)) for i in cells]


def _through(grid: Grid, cells: list[int]) -> str:
    names = _names(grid, cells)
    return ", ".join(names[:4]) + (f" … {names[-1]}" if len(names) > 4 else "")


def read_lines(grid: Grid, lines: list[Any], marks: Marks, text: RulesText,
               out: Lines) -> None:
    """Read every entry of ``lines``."""
    colours = {colour_name(line.get("color")) for line in lines if isinstance(line, dict)
               and (points := _points(line)) and (cells := grid.cells_along(points))
               and not any(i in marks.bulbs for i in (cells[0], cells[-1]))}
    for k, line in enumerate(lines):
        path = f"lines[{k}]"
        points = _points(line) if isinstance(line, dict) else None
        if points is None:
            out.refused.append(f"a line without way points ({path})")
            continue
        if line.get("fill") not in (None, "none", "transparent") or "d" in line:
            out.refused.append(f"a filled or drawn shape {grid.describe(list(points[0]))} "
                               f"({path})")
        elif _on_border(grid, points):
            continue
        elif (diagonal := _diagonal(grid, points)) is not None:
            _read_diagonal(diagonal, text, path, out)
        else:
            _read_cell_line(grid, line, points, marks, text, path, out, len(colours) == 1)


def _on_border(grid: Grid, points: list[tuple[float, float]]) -> bool:
    """Whether every segment runs along the grid's outer border (a frame)."""
    n = grid.n
    inside = all(0 <= x <= n for p in points for x in p)
    return inside and all(any(a[k] == b[k] and a[k] in (0, n) for k in (0, 1))
                          for a, b in pairwise(points))


def _diagonal(grid: Grid, points: list[tuple[float, float]]) -> str | None:
    n = float(grid.n)
    ends = {points[0], points[-1]}
    if len(points) == 2 and ends == {(0.0, 0.0), (n, n)}:
        return "diagonal-"
    if len(points) == 2 and ends == {(0.0, n), (n, 0.0)}:
        return "diagonal+"
    return None


def _read_diagonal(name: str, text: RulesText, path: str, out: Lines) -> None:
    which = "top-left to bottom-right" if name == "diagonal-" else "bottom-left to top-right"
    if text.mentions("diagonal"):
        out.rules.append(name)
    else:
        out.refused.append(f"a line along the diagonal {which}, which the rules text does not "
                           f"name ({path})")


def _read_cell_line(grid: Grid, line: dict, points: list[tuple[float, float]],
                    marks: Marks, text: RulesText, path: str, out: Lines,
                    alone: bool) -> None:
    cells = grid.cells_along(points)
    colour = line.get("color")
    if cells is None or len(cells) < 2:
        out.refused.append(f"a {colour_name(colour)} line {grid.describe(list(points[0]))} "
                           f"that does not run through cell centres ({path})")
        return
    for order in (cells, cells[::-1]):
        bulb = marks.bulbs.get(order[0])
        if bulb is not None and colour_name(bulb[1]) == colour_name(colour):
            out.used.add(bulb[0])
            out.data.setdefault("thermos", []).append(_names(grid, order))
            return
    kind = text.line_type(colour_name(colour), alone)
    if isinstance(kind, str):
        out.refused.append(f"a line satdoku cannot interpret: colour {shown(colour)} "
                           f"({colour_name(colour)}) through {_through(grid, cells)} — {kind} "
                           f"({path})")
        return
    key, extra = kind
    names = _names(grid, cells)
    out.data.setdefault(key, []).append({"cells": names, **extra} if extra else names)


def read_arrows(grid: Grid, arrows: list[Any], marks: Marks, out: Lines) -> None:
    """Read every entry of ``arrows``: arrows from circles, little killers from clues."""
    owner = {i: path for path, cells in marks.circles.items() for i in cells}
    for k, arrow in enumerate(arrows):
        path = f"arrows[{k}]"
        points = _points(arrow) if isinstance(arrow, dict) else None
        if points is None:
            out.refused.append(f"an arrow without way points ({path})")
            continue
        r0, c0 = int(points[0][0] // 1), int(points[0][1] // 1)
        if grid.inside(r0, c0) and r0 * grid.n + c0 in owner:
            _arrow(grid, points, marks.circles[owner[r0 * grid.n + c0]],
                   owner[r0 * grid.n + c0], path, out)
        elif not grid.inside(r0, c0) and (clue := _clue_at(marks, (r0, c0))) is not None:
            _little_killer(grid, points, clue, marks, path, out)
        else:
            out.refused.append(f"an arrow {grid.describe(list(points[0]))} that leaves no "
                               f"circle or clue ({path})")


def _arrow(grid: Grid, points: list[tuple[float, float]], circle: list[int], circle_path: str,
           path: str, out: Lines) -> None:
    start = divmod(int(points[0][0] // 1) * grid.n + int(points[0][1] // 1), grid.n)
    cells = grid.cells_along([(start[0] + 0.5, start[1] + 0.5), *points[1:]])
    shaft = [i for i in cells or [] if i not in circle]
    if not shaft or cells is None:
        out.refused.append(f"an arrow from {grid.name(*start)} that does not run through "
                           f"cell centres ({path})")
        return
    out.used.add(circle_path)
    out.data.setdefault("arrows", []).append(
        {"circle": _names(grid, sorted(circle)), "line": _names(grid, shaft)})


def _clue_at(marks: Marks, rc: tuple[int, int]) -> str | None:
    return next((path for path, (at, _) in marks.clues.items() if at == rc), None)


def _little_killer(grid: Grid, points: list[tuple[float, float]], clue_path: str,
                   marks: Marks, path: str, out: Lines) -> None:
    (r, c), total = marks.clues[clue_path]
    dr, dc = points[-1][0] - points[0][0], points[-1][1] - points[0][1]
    if not dr or not dc or abs(abs(dr) - abs(dc)) > 0.05 or not grid.inside(
            r + (1 if dr > 0 else -1), c + (1 if dc > 0 else -1)):
        out.refused.append(f"an arrow from the clue {total} outside the grid near "
                           f"r{r + 1}c{c + 1} that does not point along a diagonal into the "
                           f"grid ({path})")
        return
    out.used.add(clue_path)
    direction = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
    out.data.setdefault("little_killers", []).append(
        {"clue": f"r{r + 1}c{c + 1}", "direction": direction, "sum": total})

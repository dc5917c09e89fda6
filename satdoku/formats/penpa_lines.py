"""Penpa+ lines between cell centres (the ``line`` layer), read by colour and rules text.

A Penpa+ line is stored as segments ``"a,b": style`` between the centres of two neighbouring
cells (orthogonal or diagonal). Segments of one colour (the style's, or the custom colour the
setter gave it) that join end to end make a line; a line's type is read from the rules text,
as for SudokuPad (:mod:`satdoku.formats.scl_rules_text`): "green lines are German whispers",
or a text naming one line type when every line has one colour. Branching lines, double lines,
short marks and crosses are refused by name, and so is a colour the text does not name.

>>> STYLE_COLOURS[3], STYLE_COLOURS[8]
('#208020', '#FF0000')
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Protocol

from satdoku.formats.scl_rules_text import RulesText
from satdoku.formats.scl_shapes import colour_name

#: Penpa+ line styles drawn as one plain line, and their colours (Penpa+'s style table).
STYLE_COLOURS = {2: "#000000", 21: "#000000", 4: "#000000", 80: "#000000", 3: "#208020",
                 5: "#999999", 6: "#999999", 8: "#FF0000", 9: "#187BCD", 12: "#404040"}
#: Styles that are marks, not lines (double line, short line, a cross on a cell).
MARKS = {30: "a double line", 40: "a short line", 98: "a cross"}


class Board(Protocol):
    """What lines need of the board: cell of a centre point, names."""

    def cell(self, k: int) -> int | None: ...
    def name(self, cell: int) -> str: ...
    n: int


def _paths(segments: list[tuple[int, int]]) -> list[list[int]] | None:
    """The segments joined into lines (each an ordered list of cells), None if one branches
    or closes a loop."""
    links: dict[int, list[int]] = defaultdict(list)
    for a, b in segments:
        links[a].append(b)
        links[b].append(a)
    if any(len(v) > 2 for v in links.values()):
        return None
    seen: set[int] = set()
    paths = []
    for start in sorted(c for c, v in links.items() if len(v) == 1):
        if start in seen:
            continue
        path, prev = [start], None
        while True:
            seen.add(path[-1])
            step = [c for c in links[path[-1]] if c != prev]
            if not step:
                break
            prev = path[-1]
            path.append(step[0])
        paths.append(path)
    return paths if len(seen) == len(links) else None  # cells left over lie on a loop


def read_lines(board: Board, lines: dict[str, Any], colours: dict[str, Any], text: RulesText,
               out: dict[str, list[Any]], refused: list[str]) -> None:
    """Read the ``line`` layer into ``out`` (satdoku JSON keys), naming what is refused."""
    by_colour: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for key, style in lines.items():
        found = [board.cell(int(x)) if x.strip().isdigit() else None for x in key.split(",")]
        ends = [c for c in found if c is not None]
        if style in MARKS or len(found) != 2 or len(ends) != 2:
            what = MARKS.get(style, f"a line of style {style}")
            refused.append(f"{what} ({key}) not between two cells of the board")
            continue
        a, b = ends
        (r1, c1), (r2, c2) = divmod(a, board.n), divmod(b, board.n)
        colour = colours.get(key) or STYLE_COLOURS.get(style)
        if colour is None or max(abs(r1 - r2), abs(c1 - c2)) != 1:
            refused.append(f"a line of style {style} between {board.name(a)} and "
                           f"{board.name(b)}")
            continue
        by_colour[colour].append((a, b))
    alone = len({colour_name(c) for c in by_colour}) == 1
    for colour, segments in by_colour.items():
        paths = _paths(segments)
        if paths is None:
            refused.append(f"a {colour_name(colour)} line that branches or loops "
                           f"(through {board.name(segments[0][0])})")
            continue
        kind = text.line_type(colour_name(colour), alone)
        for path in paths:
            names = [board.name(c) for c in path]
            if isinstance(kind, str):
                refused.append(f"a line satdoku cannot interpret: colour {colour} "
                               f"({colour_name(colour)}) through {', '.join(names[:4])}"
                               f"{' …' if len(names) > 4 else ''} — {kind}")
            else:
                key, extra = kind
                out.setdefault(key, []).append({"cells": names, **extra} if extra else names)

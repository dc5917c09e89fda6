"""Penpa+ Sudoku puzzles read by recognising a closed set of features, the rest refused.

Recognised in the problem layer of a square or Sudoku grid (:mod:`penpa_decode`):

- the board: the cells of the puzzle's cell list, an n×n square;
- regions: the cells that thick edge lines (styles 2 and 21) divide the board into, when
  they make n regions of n cells;
- givens: big numbers of style 1 in cells; X and V on the edge between two cells;
- killer cages (``killercages``), each with the small number in a corner of one of its
  cells as its sum;
- thermometers (``thermo``, bulb first), arrows (``arrows``, circle first);
- kropki dots: small circles on an edge, white (styles 1, 8, 10: white with a black rim) or
  black (style 2);
- odd and even cells (grey circles and squares in cells), where the rules text names them;
- the two diagonals of X-Sudoku, drawn corner to corner, where the rules text or the grid's
  X-Sudoku flags name them;
- lines between cell centres whose type the rules text names for their colour
  (:mod:`satdoku.formats.penpa_lines`);
- the Sudoku variants the link names (``&variants=``, :mod:`satdoku.formats.penpa_variants`):
  the default boxes of a ``classic`` grid drawn without them, the regions of the
  ``irregularRegions`` layer, shaded cells as ``extraregion`` groups, and the global rules named.

Everything else (shading, other symbols, numbers elsewhere, free lines, walls …) is named
with its place. The setter's answer (``a=…``), when the link has one,
verifies the reading (:mod:`satdoku.formats.reading_check`).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from satdoku.board import ALPHABET, Board
from satdoku.formats.fpuzzles import board_fields
from satdoku.formats.penpa_decode import PenpaData
from satdoku.formats.penpa_features import Features
from satdoku.formats.penpa_lines import read_lines
from satdoku.formats.penpa_variants import (
    centre_diagonals,
    default_box,
    id_regions,
    named,
    shaded_groups,
    variant_rules,
)
from satdoku.formats.scl_read import Recognition, summary
from satdoku.formats.scl_rules_text import RulesText
from satdoku.formats.text import format_line

THICK = {2, 21}
#: Layers that carry no constraint: the editor's history.
HISTORY = frozenset({"command_redo", "command_undo", "command_replay"})
READ = frozenset({"number", "numberS", "symbol", "thermo", "arrows", "killercages", "lineE",
                  "cage", "line", "irregularRegions"})


class Geometry:
    """Penpa+ points of one puzzle, as board cells (0-based row, column)."""

    def __init__(self, data: PenpaData) -> None:
        self.width = data.columns + 4
        self.count = self.width * (data.rows + 4)
        cells = sorted({divmod(k, self.width) for k in data.centres if 0 <= k < self.count})
        if not cells:
            raise ValueError("the Penpa+ puzzle has no board cells")
        self.top = min(j for j, _ in cells)
        self.left = min(i for _, i in cells)
        rows = max(j for j, _ in cells) - self.top + 1
        cols = max(i for _, i in cells) - self.left + 1
        if rows != cols or len(cells) != rows * cols or rows > 256:
            raise ValueError(f"the Penpa+ board is {rows}x{cols} cells"
                             f"{'' if len(cells) == rows * cols else ' with holes'}: satdoku "
                             "reads square Sudoku grids")
        self.n = rows

    def cell(self, k: int) -> int | None:
        """The board cell whose centre is point ``k``, else None."""
        if not 0 <= k < self.count:
            return None
        j, i = divmod(k, self.width)
        r, c = j - self.top, i - self.left
        return r * self.n + c if 0 <= r < self.n and 0 <= c < self.n else None

    def edge(self, k: int) -> tuple[int, int] | None:
        """The two board cells whose shared edge has point ``k`` at its middle."""
        kind, rest = divmod(k, self.count)
        if kind not in (2, 3):
            return None
        a = self.cell(rest)
        b = self.cell(rest + (self.width if kind == 2 else 1))
        return (a, b) if a is not None and b is not None else None

    def quarter(self, k: int) -> int | None:
        """The board cell of a quarter point (where Penpa+ writes a cage's sum)."""
        if not 4 * self.count <= k < 8 * self.count:
            return None
        return self.cell((k - 4 * self.count) // 4)

    def vertex(self, k: int) -> tuple[int, int] | None:
        """(row, column) of grid-line crossing ``k`` relative to the board's top-left."""
        if not self.count <= k < 2 * self.count:
            return None
        j, i = divmod(k - self.count, self.width)
        return j + 1 - self.top, i + 1 - self.left

    def name(self, cell: int) -> str:
        return f"r{cell // self.n + 1}c{cell % self.n + 1}"

    def point_name(self, key: str) -> str:
        k = int(re.sub(r"\D", "", key) or -1)
        for look in (self.cell, self.quarter):
            if (cell := look(k)) is not None:
                return f"in {self.name(cell)}"
        if (pair := self.edge(k)) is not None:
            return f"between {self.name(pair[0])} and {self.name(pair[1])}"
        return "outside the board"


def _regions(geo: Geometry, edges: dict[str, Any], refused: list[str],
             variants: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The regions the thick lines inside the grid draw (refused unless they divide it into
    n regions of n cells)."""
    n = geo.n
    walls: set[tuple[int, int]] = set()
    for key, style in edges.items():
        ends = [geo.vertex(int(x)) for x in key.split(",") if x.strip().isdigit()]
        if style in THICK and len(ends) == 2 and None not in ends:
            (r1, c1), (r2, c2) = ends  # type: ignore[misc]
            if r1 == r2 and abs(c1 - c2) == 1 and 0 < r1 < n:
                c = min(c1, c2)
                walls.add(((r1 - 1) * n + c, r1 * n + c))
            elif c1 == c2 and abs(r1 - r2) == 1 and 0 < c1 < n:
                r = min(r1, r2)
                walls.add((r * n + c1 - 1, r * n + c1))
    region = list(range(n * n))

    def root(i: int) -> int:
        while region[i] != i:
            region[i] = region[region[i]]
            i = region[i]
        return i

    for i in range(n * n):
        for j in ((i + 1) if (i + 1) % n else None, i + n if i + n < n * n else None):
            if j is not None and (i, j) not in walls:
                region[root(j)] = root(i)
    fields, extra = board_fields([{"region": root(i)} for i in range(n * n)], n)
    sizes = Counter(root(i) for i in range(n * n))
    if extra or len(sizes) != n or set(sizes.values()) != {n}:
        refused.append(_not_regions(n, len(sizes), bool(walls), "classic" in variants))
        return {"box": "none"}
    return fields


def _not_regions(n: int, areas: int, walls: bool, classic: bool) -> str:
    """Why the thick lines give no regions: none inside the grid (the link may lack
    ``&variants=classic``), or the areas they draw."""
    if not walls:
        return "a grid without regions (no thick lines divide it" + (
            ")" if classic else ", and the link names no 'classic' variant: "
            "&variants=classic gives the standard boxes)")
    return (f"thick lines that do not divide the board into {n} regions of {n} cells "
            f"({areas} area{'' if areas == 1 else 's'})")


def _board(geo: Geometry, edges: dict[str, Any], q: dict[str, Any], variants: set[str],
           refused: list[str]) -> dict[str, Any]:
    """``box`` or ``regions``: from the ``irregularRegions`` layer (its thick lines must
    follow it), the default boxes of a ``classic`` grid drawn without thick lines, or the
    thick lines."""
    ids = q.get("irregularRegions")
    if ids:
        fields = id_regions(ids, geo.n, refused)
        if fields is not None:
            drawn = _regions(geo, edges, [])
            if drawn.get("box") != "none" and drawn != fields:
                refused.append("thick lines that do not follow the irregularRegions layer")
            return fields
        return {"box": "none"}
    if "classic" in variants and not any(s in THICK for s in edges.values()):
        return {"box": default_box(geo.n)}
    return _regions(geo, edges, refused, frozenset(variants))


def _diagonals(geo: Geometry, edges: dict[str, Any], data: PenpaData, text: RulesText,
               rules: list[str], refused: list[str]) -> set[str]:
    """The lineE keys that draw the grid's diagonals, read as the rules they are."""
    n, used = geo.n, set()
    found = {"diagonal-": 0, "diagonal+": 0}
    for key in edges:
        ends = [geo.vertex(int(x)) for x in key.split(",") if x.strip().isdigit()]
        if len(ends) != 2 or None in ends:
            continue
        (r1, c1), (r2, c2) = ends  # type: ignore[misc]
        if abs(r1 - r2) == 1 and abs(c1 - c2) == 1:
            if r1 - c1 == 0 and r2 - c2 == 0:
                found["diagonal-"] += 1
                used.add(key)
            elif r1 + c1 == n and r2 + c2 == n:
                found["diagonal+"] += 1
                used.add(key)
    flags = data.header_flags
    for name, count in found.items():
        if count == n and (text.mentions("diagonal") or flags.get(name)):
            rules.append(name)
        elif count:
            refused.append(f"a line along the {name[-1]} diagonal ({count} of {n} steps) that "
                           "the rules text does not name")
    return used


def recognise_penpa(data: PenpaData) -> Recognition:
    """Read a decoded Penpa+ puzzle; ValueError when it has no square board."""
    if data.grid_type not in ("square", "sudoku"):
        raise ValueError(f"a Penpa+ {data.grid_type!r} grid: satdoku reads square grids")
    geo = Geometry(data)
    n, q = geo.n, data.q
    text = RulesText(data.rules)
    refused: list[str] = []
    variants = named(data.variants, refused)
    rules: list[str] = variant_rules(variants)
    shading = "extraregion" in variants and q.get("surface")
    for key, value in q.items():
        if key not in READ and key not in HISTORY and value and not (shading and key == "surface"):
            refused.append(f"the Penpa+ layer {key!r} ({_count(value)})")
    edges = q.get("lineE") or {}
    obj: dict[str, Any] = {"size": n, **_board(geo, edges, q, variants, refused)}
    used = _diagonals(geo, edges, data, text, rules, refused)
    for key, style in edges.items():
        if key not in used and style not in THICK:
            refused.append(f"an edge line of style {style} ({key})")
    givens, data_keys = [0] * (n * n), Features(geo, text, refused)
    data_keys.numbers(q.get("number") or {}, givens)
    data_keys.cages(q.get("killercages") or [], q.get("numberS") or {})
    if q.get("cage") and not q.get("killercages"):
        refused.append("cage outlines without killer cages (Penpa+ layer 'cage')")
    data_keys.paths(q.get("thermo") or [], "thermos")
    data_keys.paths(q.get("arrows") or [], "arrows")
    data_keys.symbols(q.get("symbol") or {}, parity_named="oddeven" in variants)
    lines = dict(q.get("line") or {})
    if "diagonal" in rules:  # the lines that draw the rule the link names
        lines = {k: v for k, v in lines.items() if k not in centre_diagonals(geo, lines)}
    read_lines(geo, lines, (data.colours or {}).get("line") or {}, text, data_keys.out, refused)
    if shading:
        data_keys.out["extra_regions"] = [[geo.name(c) for c in group]
                                          for group in shaded_groups(geo, q["surface"], refused)]
    if {"diagonal-", "diagonal+"} <= set(rules):
        rules = ["diagonal"] + [r for r in rules if not r.startswith("diagonal")]
    obj["givens"] = (format_line(Board(n), tuple(givens)) if n <= len(ALPHABET)
                     else [givens[r * n:r * n + n] for r in range(n)])
    obj.update({"rules": rules} if rules else {})
    obj.update({k: v for k, v in data_keys.out.items() if v})
    meta = {k: v for k, v in (("title", data.title), ("author", data.author),
                              ("comment", data.rules)) if v}
    return Recognition(obj, summary(obj, givens, rules), tuple(refused),
                       _answer(geo, data.answer, givens), meta)


def _count(value: Any) -> str:
    k = len(value) if isinstance(value, (list, dict)) else 1
    return f"{k} item{'s' if k != 1 else ''}"


def _answer(geo: Geometry, answer: Any, givens: list[int]) -> str | None:
    """The setter's answer as a line of digits, with the givens (Penpa+ keeps the digits the
    solver enters, not the givens); 0 where it leaves a cell empty (then it is no full grid)."""
    if not isinstance(answer, list) or len(answer) < 5 or not isinstance(answer[4], list):
        return None
    digits = {cell: str(d) for cell, d in enumerate(givens) if d}
    entered = False
    for entry in answer[4]:
        key, _, value = str(entry).partition(",")
        cell = geo.cell(int(key)) if key.isdigit() else None
        if cell is not None:
            digits[cell] = value.strip()
            entered = True
    return " ".join(digits.get(i, "0") for i in range(geo.n ** 2)) if entered else None

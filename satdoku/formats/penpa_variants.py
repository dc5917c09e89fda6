"""The Sudoku variants a Penpa+ link names (``&variants=classic,killer``), read or refused.

Penpa+'s Sudoku studio writes a puzzle's rules as a list of variant names after the link
instead of (or as well as) a rules text, and draws less: a ``classic`` grid has no box lines
(its boxes are the default ones of its size), ``irregular`` and ``toroidal`` regions are a
layer of region numbers (``irregularRegions``, one per cell, a blank one keeping the cell's
box), an ``extraregion`` is a group of shaded cells. A name is a rule stated by the setter,
so it is read as exactly that rule; a name outside :data:`VARIANTS` is refused by name.

Written from the format's description (Penpa+'s public sources); no code copied.

>>> refused = []
>>> sorted(named(("classic", "Non Consecutive", "odd even", "outside"), refused))
['classic', 'nonconsecutive', 'oddeven']
>>> refused
["the Sudoku variant 'outside' the link names (&variants=)"]
>>> default_box(9), default_box(6), default_box(4)
('3x3', '2x3', 'none')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Protocol

from satdoku.formats.fpuzzles import board_fields
from satdoku.rules.pairs import Move, cell_pairs

#: The variants read, by their canonical name (lower case, letters and digits only), with the
#: global rules each one states; the others state what a layer means (see the module text).
VARIANTS: dict[str, tuple[str, ...]] = {
    "classic": (), "killer": (), "irregular": (), "toroidal": (), "extraregion": (),
    "oddeven": (), "diagonal": ("diagonal",), "nonconsecutive": ("nonconsecutive",),
    "antiknight": ("anti-knight",), "antiking": ("anti-king",),
}
#: Other spellings of a variant's name.
ALIASES = {"extraregions": "extraregion", "xsudoku": "diagonal", "nonconsec": "nonconsecutive"}
#: The studio's default boxes (rows × columns) of a grid with no regions drawn.
BOXES = {6: "2x3", 8: "2x4", 9: "3x3"}


class Board(Protocol):
    """What the variants need of the board: its size, the cell of a point."""

    n: int

    def cell(self, k: int) -> int | None: ...


def canonical(name: str) -> str:
    """A variant name as the studio compares them: lower case, letters and digits only."""
    key = re.sub(r"[^a-z0-9]", "", name.lower())
    return ALIASES.get(key, key)


def named(names: Iterable[str], refused: list[str]) -> set[str]:
    """The known variants among ``names``; each unknown one refused by name."""
    known = set()
    for name in names:
        key = canonical(name)
        if key in VARIANTS:
            known.add(key)
        elif key:
            refused.append(f"the Sudoku variant {name!r} the link names (&variants=)")
    return known


def variant_rules(known: set[str]) -> list[str]:
    """The global rules the known variants state, in a stable order."""
    return [rule for key in VARIANTS if key in known for rule in VARIANTS[key]]


def default_box(n: int) -> str:
    """The studio's boxes for an n×n grid drawn without regions (none but 6, 8 and 9)."""
    return BOXES.get(n, "none")


def id_regions(ids: Any, n: int, refused: list[str]) -> dict[str, Any] | None:
    """``box`` or ``regions`` from the ``irregularRegions`` layer (a region name per cell,
    a blank one keeping the cell's default box); None, refused, when it is not n regions
    of n cells."""
    if not isinstance(ids, list) or len(ids) != n * n:
        refused.append(f"an irregularRegions layer of {len(ids) if isinstance(ids, list) else 0}"
                       f" entries on a {n}x{n} board")
        return None
    box = default_box(n)
    h, w = (int(x) for x in box.split("x")) if box != "none" else (1, n)
    names = [str(v).strip() or f"box {(i // n) // h},{(i % n) // w}" for i, v in enumerate(ids)]
    number = {name: k for k, name in enumerate(dict.fromkeys(names))}
    fields, extra = board_fields([{"region": number[name]} for name in names], n)
    if extra or len(number) != n:
        refused.append(f"irregularRegions that are not {n} regions of {n} cells "
                       f"({len(number)} regions)")
        return None
    return fields


def shaded_groups(geo: Board, surface: dict[str, Any], refused: list[str]) -> list[list[int]]:
    """The shaded board cells (the ``surface`` layer) in orthogonally connected groups: the
    studio's extra regions; shading off the board is refused."""
    n = geo.n
    shaded = {key: geo.cell(int(key)) if key.isdigit() else None
              for key, style in surface.items() if style}
    refused += [f"shading outside the board (surface {key})"
                for key, c in shaded.items() if c is None]
    cells = {c for c in shaded.values() if c is not None}
    touching: dict[int, list[int]] = {c: [] for c in cells}
    for i, j in cell_pairs(n, Move.ORTHOGONAL):
        if i in cells and j in cells:
            touching[i].append(j)
            touching[j].append(i)
    groups, seen = [], set()
    for start in sorted(cells):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            group.append(c := todo.pop())
            todo += [j for j in touching[c] if j not in seen]
            seen.update(touching[c])
        groups.append(sorted(group))
    return groups


def centre_diagonals(geo: Board, lines: dict[str, Any]) -> set[str]:
    """The ``line`` segments (cell centre to cell centre) that draw a whole main diagonal."""
    n = geo.n
    found: dict[str, set[str]] = {"-": set(), "+": set()}
    for key in lines:
        ends = [c for x in key.split(",") if x.strip().isdigit()
                and (c := geo.cell(int(x))) is not None]
        if len(ends) != 2 or len(key.split(",")) != 2:
            continue
        (r1, c1), (r2, c2) = divmod(ends[0], n), divmod(ends[1], n)
        if abs(r1 - r2) == 1 and abs(c1 - c2) == 1:
            if r1 == c1 and r2 == c2:
                found["-"].add(key)
            elif r1 + c1 == n - 1 and r2 + c2 == n - 1:
                found["+"].add(key)
    return {key for keys in found.values() if len(keys) == n - 1 for key in keys}

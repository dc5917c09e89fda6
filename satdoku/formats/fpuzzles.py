"""f-puzzles JSON read into satdoku puzzles: a translation into satdoku's own JSON.

Glossary: *f-puzzles JSON* is the puzzle object of f-puzzles.com (``{"size": 9, "grid":
[[{"value": 5, "given": true}, {}, …], …], "killercage": […], …}``); a *given* is a grid cell
with ``"given": true`` (a value without it was entered by a solver and is not part of the
puzzle); a cell's ``region`` is a region number, absent for the default regions (boxes of
:func:`default_height` rows) and null for none.

This module only translates: f-puzzles JSON becomes a satdoku JSON object (the per-key table
is :mod:`satdoku.formats.fpuzzles_keys`), which
:func:`~satdoku.formats.json_fields.puzzle_from_json` reads, so rules never see f-puzzles.
Writing is :mod:`satdoku.formats.fpuzzles_write`, links :mod:`satdoku.formats.fpuzzles_links`.
A constraint that satdoku cannot express is never dropped silently: :class:`Translation`
names it, and reading refuses the puzzle unless told to go on without it. Cosmetic keys
(text, lines, shapes, colours, title) do not change the answer and are ignored.

>>> grid = [[{"value": 1, "given": True}, {}, {}, {}]] + [[{}, {}, {}, {}]] * 3
>>> t = to_satdoku({"size": 4, "grid": grid, "antiking": True,
...                 "killercage": [{"cells": ["R4C3", "R4C4"], "value": "7"}]})
>>> t.obj["givens"], t.obj["rules"], t.obj["cages"]
(['1...', '....', '....', '....'], ['anti-king'], [{'cells': ['r4c3', 'r4c4'], 'sum': 7}])
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from satdoku.board import ALPHABET, Board
from satdoku.errors import ParseError, RuleError
from satdoku.formats.fpuzzles_keys import (
    BY_SATDOKU,
    KEYS,
    Unsupported,
    fail,
    route,
    switch,
)
from satdoku.formats.json_fields import puzzle_from_json
from satdoku.formats.limits import text_field_error
from satdoku.formats.text import BoxSpec, format_line
from satdoku.puzzle import Puzzle
from satdoku.rules import DATA_KEYS, Disjoint, RegionRule, Rule, Windoku

#: Global f-puzzles switches and the satdoku rule each one is.
GLOBAL = {"diagonal+": "diagonal+", "diagonal-": "diagonal-", "antiknight": "anti-knight",
          "antiking": "anti-king", "disjointgroups": "disjoint"}
#: Keys that do not change the answer: drawings, words, colours, the solver's own notes.
COSMETIC = frozenset({
    "title", "author", "ruleset", "solution", "text", "line", "rectangle", "circle", "cage",
    "disabledlogic", "truecandidatesoptions", "successMessage", "fogofwar", "foglight",
    "triggereffect", "metadata", "version", "activeConstraints"})
#: Rules that f-puzzles draws as extra regions (windoku always; disjoint groups of boxes other
#: than its default ones), read back as the rule when all their regions are there.
DRAWN: dict[str, RegionRule] = {"windoku": Windoku(), "disjoint": Disjoint()}
#: satdoku's ``negative`` names ↔ f-puzzles' ``negative`` names.
NEGATIVE = {"ratio": ("black",), "xv": ("x", "v")}
META = {"title": "title", "author": "author", "ruleset": "comment"}


# -- reading: f-puzzles JSON → satdoku JSON ------------------------------------------------------
@dataclass
class Translation:
    """A satdoku JSON object for an f-puzzles puzzle, and what did not fit in it."""

    obj: dict[str, Any]
    #: (cell, digit) candidates that the given pencil marks rule out.
    eliminated: set[tuple[int, int]] = field(default_factory=set)
    #: What satdoku cannot express, with how many times it occurs.
    unsupported: Counter[str] = field(default_factory=Counter)
    #: (satdoku key, index) → the f-puzzles path it came from (for error messages).
    origins: dict[tuple[str, int], str] = field(default_factory=dict)
    solution: tuple[int, ...] | None = None


def default_height(n: int) -> int:
    """The height of f-puzzles' default regions: the largest divisor of n at most √n
    (1 when n is prime, making the rows the regions).

    >>> default_height(9), default_height(6), default_height(12), default_height(7)
    (3, 2, 3, 1)
    """
    return max(h for h in range(1, n + 1) if n % h == 0 and h * h <= n)


def default_region(n: int, i: int) -> int:
    h = default_height(n)
    r, c = divmod(i, n)
    return (r // h) * h + c // (n // h)


def _grid(fobj: dict) -> tuple[int, list[dict]]:
    """The size and the n² cell objects, row by row."""
    grid = fobj.get("grid")
    if not isinstance(grid, list) or not grid:
        raise fail("grid", "expected a list of rows of cells")
    n = fobj.get("size", len(grid))
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 256:
        raise fail("size", f"expected a board size 1..256, got {n!r}")
    if len(grid) != n:
        raise fail("grid", f"{len(grid)} rows for size {n}")
    cells = []
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != n:
            raise fail(f"grid[{r}]", f"expected a row of {n} cells")
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise fail(f"grid[{r}][{c}]", "expected a cell object {...}")
            cells.append(cell)
    return n, cells


def _digit(value: Any, n: int, path: str) -> int:
    if isinstance(value, str) and re.fullmatch(r"\s*\d{1,9}\s*", value):  # ("²" isdigit)
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= n:
        raise fail(path, f"{value!r} is not a digit 1..{n}")
    return value


def _givens(cells: list[dict], n: int) -> tuple[list[int], set[tuple[int, int]]]:
    """Given digits (entered ones are a solver's, not the puzzle's) and the candidates that
    given pencil marks rule out."""
    givens, eliminated = [0] * (n * n), set()
    for i, cell in enumerate(cells):
        path = f"grid[{i // n}][{i % n}]"
        if switch(cell, "given", f"{path}.given") and cell.get("value") not in (None, ""):
            givens[i] = _digit(cell["value"], n, f"{path}.value")
        marks = cell.get("givenPencilMarks")
        if marks and not givens[i]:
            if not isinstance(marks, list):
                raise fail(f"{path}.givenPencilMarks", "expected a list of digits")
            keep = {_digit(d, n, f"{path}.givenPencilMarks[{k}]") for k, d in enumerate(marks)}
            eliminated |= {(i, d) for d in range(1, n + 1) if d not in keep}
    return givens, eliminated


def partition(units: list[list[int]]) -> set[frozenset[int]]:
    return {frozenset(u) for u in units}


def board_fields(cells: list[dict], n: int) -> tuple[dict[str, Any], list[list[str]]]:
    """``box`` or ``regions`` from the cells' regions, and extra regions when the regions do
    not tile the grid (some cells in no region)."""
    groups: dict[Any, list[int]] = {}
    for i, cell in enumerate(cells):
        region = cell.get("region", default_region(n, i))
        if region is None:
            continue
        if isinstance(region, str) and re.fullmatch(r"\s*-?\d{1,9}\s*", region):
            region = int(region)
        if not isinstance(region, int) or isinstance(region, bool):
            raise fail(f"grid[{i // n}][{i % n}].region", f"expected a region number or "
                                                          f"null, got {region!r}")
        groups.setdefault(region, []).append(i)
    units = list(groups.values())
    name = Board(n).cell_name
    if len(units) != n or any(len(u) != n for u in units):
        return {"box": "none"}, [[name(i) for i in u] for u in units if len(u) > 1]
    shapes = [(r, n // r) for r in range(1, n + 1) if n % r == 0]
    for r, c in shapes:  # boxes (f-puzzles' default ones, or drawn as regions)
        if partition(units) == partition([list(b) for b in Board(n, (r, c)).boxes or
                                          Board(n).rows]):
            return {"box": f"{r}x{c}" if 1 < r < n else "none"}, []
    if n <= len(ALPHABET):
        symbol = {i: ALPHABET[k] for k, unit in enumerate(units) for i in unit}
        return {"regions": ["".join(symbol[r * n + c] for c in range(n))
                            for r in range(n)]}, []
    return {"regions": [[name(i) for i in unit] for unit in units]}, []


def _solution(fobj: dict, n: int) -> tuple[int, ...] | None:
    """The solution a setter put in the JSON, when it is complete."""
    raw = fobj.get("solution")
    if isinstance(raw, str):
        raw = raw.split(",") if "," in raw else list(raw)
    if not isinstance(raw, list) or len(raw) != n * n:
        return None
    try:
        digits = tuple(int(d) for d in raw)
    except (TypeError, ValueError):
        return None
    return digits if all(1 <= d <= n for d in digits) else None


def to_satdoku(fobj: Any) -> Translation:
    """The satdoku JSON object of f-puzzles JSON ``fobj`` (ParseError when malformed)."""
    if not isinstance(fobj, dict):
        raise fail("$", "expected an f-puzzles object {...}")
    n, cells = _grid(fobj)
    for key in META:
        if (error := text_field_error(fobj.get(key), key)) is not None:
            raise error
    obj: dict[str, Any] = {META[k]: fobj[k] for k in META
                           if isinstance(fobj.get(k), str) and fobj[k].strip()}
    fields, extra_regions = board_fields(cells, n)
    givens, eliminated = _givens(cells, n)
    rows = [givens[r * n:r * n + n] for r in range(n)]
    obj.update(size=n, **fields, givens=[format_line(Board(n), tuple(row)) for row in rows]
               if n <= len(ALPHABET) else rows)
    t = Translation(obj, eliminated, solution=_solution(fobj, n))
    data: dict[str, list] = {"extra_regions": list(extra_regions)} if extra_regions else {}
    t.origins.update({("extra_regions", k): "grid (its regions)" for k in range(len(data.get(
        "extra_regions", [])))})
    for fkey, value in fobj.items():
        if fkey in COSMETIC or fkey in GLOBAL or fkey in ("size", "grid", "nonconsecutive",
                                                          "negative") or not value:
            continue
        if fkey not in KEYS:
            t.unsupported[fkey] += len(value) if isinstance(value, list) else 1
            continue
        if not isinstance(value, list):
            raise fail(fkey, f"expected a list of {fkey} entries")
        for k, entry in enumerate(value):
            try:
                row, items = route(KEYS[fkey], entry, f"{fkey}[{k}]", n)
            except Unsupported as problem:
                t.unsupported[problem.what] += 1
                continue
            for item in items:
                t.origins[row.skey, len(data.setdefault(row.skey, []))] = f"{fkey}[{k}]"
                data[row.skey].append(item)
    rules = _global_rules(fobj, n, data, t)
    if rules:
        obj["rules"] = rules
    for key in [*DATA_KEYS, *sorted(set(data) - set(DATA_KEYS))]:
        if key not in data:
            continue
        if key in DATA_KEYS:
            obj[key] = data[key]
        else:
            fkey = BY_SATDOKU[key].fkey if key in BY_SATDOKU else key
            t.unsupported[f"{fkey} (this satdoku has no '{key}' rule yet)"] += len(data[key])
    if t.solution and n <= len(ALPHABET):
        obj["solution"] = format_line(Board(n), t.solution)
    return t


def _global_rules(fobj: dict, n: int, data: dict[str, list], t: Translation) -> list[str]:
    """The rule names of the global switches; ``negative`` goes into ``data``."""
    rules = [name for key, name in GLOBAL.items() if switch(fobj, key)]
    if "diagonal+" in rules and "diagonal-" in rules:
        rules = ["diagonal"] + [r for r in rules if not r.startswith("diagonal")]
    rules += [name for name in _drawn(n, t.obj, data) if name not in rules]
    dots = bool(data.get("white_dots") or data.get("black_dots"))
    nonconsecutive = switch(fobj, "nonconsecutive")
    negative = ["white"] if nonconsecutive and dots else []
    if nonconsecutive and not dots:
        rules.append("nonconsecutive")
    names = fobj.get("negative") or []
    if not isinstance(names, list):
        raise fail("negative", "expected a list like [\"ratio\", \"xv\"]")
    for name in names:
        if name == "ratio" and any(isinstance(d, dict) and d.get("value", 2) != 2
                                   for d in data.get("black_dots", [])):
            t.unsupported["negative ratio with ratio dots other than 2"] += 1
        elif name in NEGATIVE:
            negative += NEGATIVE[name]
        else:
            t.unsupported[f"negative {name}"] += 1
    if negative:
        data["negative"] = negative
    return rules


def _drawn(n: int, obj: dict, data: dict[str, list]) -> list[str]:
    """The rules of :data:`DRAWN` whose regions are all among the extra regions (the way
    f-puzzles draws a windoku, and satdoku other boxes' disjoint groups); those extra regions
    are then left out."""
    shape = obj.get("box", "none")
    if shape == "none" or not data.get("extra_regions"):
        return []
    r, c = map(int, shape.split("x"))
    board = Board(n, (r, c))
    regions = [sorted(region) for region in data["extra_regions"]]
    found, drawn = [], []
    for name, rule in DRAWN.items():
        try:
            units = [sorted(board.cell_name(i) for i in u) for u in rule.regions(board)]
        except RuleError:
            continue
        if all(u in regions for u in units):
            found.append(name)
            drawn += units
    data["extra_regions"] = [x for x in data["extra_regions"] if sorted(x) not in drawn]
    if not data["extra_regions"]:
        del data["extra_regions"]
    return found


@dataclass(frozen=True)
class Reading:
    """An f-puzzles puzzle read: the puzzle, its satdoku JSON, and what was left out."""

    puzzle: Puzzle
    obj: dict[str, Any]
    ignored: str = ""
    solution: tuple[int, ...] | None = None


def unsupported_list(found: Counter[str]) -> str:
    """``"lockout ×2, fogofwar"``."""
    return ", ".join(f"{what} ×{k}" if k > 1 else what for what, k in sorted(found.items()))


def read_fpuzzles(fobj: Any, box: BoxSpec = "auto", rules: tuple[Rule, ...] = (),
                  ignore_unsupported: bool = False) -> Reading:
    """A satdoku puzzle from f-puzzles JSON. Constraints satdoku cannot express make it a
    ParseError, unless ``ignore_unsupported`` (then :attr:`Reading.ignored` names them)."""
    if not (box is None or isinstance(box, (str, tuple))):  # --layout
        raise ParseError("f-puzzles holds one square grid: --layout does not apply to it")
    t = to_satdoku(fobj)
    ignored = unsupported_list(t.unsupported)
    if ignored and not ignore_unsupported:
        raise ParseError(f"this f-puzzles puzzle has constraints satdoku cannot express: "
                         f"{ignored}; without them the answer may differ, so none is given "
                         "(--ignore-unsupported goes on without them)")
    try:
        puzzle = puzzle_from_json(t.obj, box)
    except ParseError as err:
        raise ParseError(_relocate(err.message, t.origins)) from None
    puzzle = replace(puzzle.with_rules(rules), eliminated=frozenset(t.eliminated))
    return Reading(puzzle, t.obj, ignored, t.solution)


def _relocate(message: str, origins: dict[tuple[str, int], str]) -> str:
    """A satdoku JSON path in ``message`` told as the f-puzzles entry it came from."""
    match = re.match(r"\$\.(\w+)\[(\d+)\]", message)
    if match and (match[1], int(match[2])) in origins:
        return f"f-puzzles {origins[match[1], int(match[2])]}{message[match.end():]}"
    match = re.match(r"\$\.(givens|regions|box|size)", message)
    if match:
        return "f-puzzles grid" + message[match.end():]
    return message.replace("$.", "f-puzzles ", 1) if message.startswith("$.") else message

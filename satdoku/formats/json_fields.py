"""The fields of a JSON puzzle object, each read and checked with its JSON path.

:func:`puzzle_from_json` turns one decoded object into a :class:`~satdoku.puzzle.Puzzle`;
:mod:`satdoku.formats.puzzle_json` handles whole documents and writing.

>>> p = puzzle_from_json({"size": 4, "rules": ["diagonal"],
...                       "cages": [{"cells": ["r1c1", "r1c2"], "sum": 3}]})
>>> p.board.n, [r.name for r in p.rules]
(4, ['diagonal', 'killer'])
>>> puzzle_from_json({"size": 4, "cages": [{"cells": ["r1c1", "r5c1"]}]})
Traceback (most recent call last):
...
satdoku.errors.ParseError: $.cages[0].cells[1]: cell r5c1 is outside the 4x4 board
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from satdoku.board import Board, default_box
from satdoku.errors import BoardError, ParseError, RuleError
from satdoku.formats.multigrid_json import is_multigrid, multigrid_board_and_givens
from satdoku.formats.records import BoxSpec
from satdoku.formats.text import read_cells, read_numbers
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule, parse_rules
from satdoku.rules.base import require_multigrid
from satdoku.rules.data import DATA_KEYS, Reader
from satdoku.rules.json_values import check_keys as _check_keys
from satdoku.rules.json_values import expect
from satdoku.rules.json_values import fail as _fail
from satdoku.rules.json_values import read_cells as read_cell_list

#: Every key of a puzzle object, with what it says.
KEYS = {
    "size": "board size n (optional when givens or regions show it)",
    "box": 'box shape "RxC", e.g. "3x3" or "2x3"; "none" for a Latin square',
    "regions": "jigsaw regions replacing the boxes: n strings of n region symbols, "
               "or n lists of cells",
    "layout": "several overlapping grids, by name: samurai, twodoku, butterfly, flower, "
              "shogun (givens on the canvas, holes *)",
    "grids": "several overlapping n×n grids, by the top-left cell of each on the canvas, "
             'e.g. ["r1c1", "r7c7"]',
    "givens": "the digits placed: one string, a list of row strings, or a list of rows "
              "of numbers (0 or '.' blank)",
    "rules": "global rules by name, e.g. [\"anti-knight\"]; --rules adds more",
    **{key: entry.summary for key, entry in DATA_KEYS.items()},
    "title": "free text (ignored)",
    "author": "free text (ignored)",
    "comment": "free text (ignored)",
    "$schema": "the schema's address, for editors (ignored)",
    "solution": "the solution, as 'satdoku generate --with-solution' writes it (ignored)",
    **dict.fromkeys(("clues", "symmetry", "minimal", "undecided", "seed", "number", "seconds",
                     "calls"), "how 'satdoku generate' made the puzzle (ignored)"),
}


# -- reading --------------------------------------------------------------------------------
def _read_row(text: str, path: str) -> list[int]:
    """Cells of a string in the text notation: characters, or white-space separated numbers
    when some have two digits or more."""
    numbers = read_numbers(text, 1)
    if numbers is not None and len(numbers.digits) > 1 and max(numbers.digits) > 9:
        return numbers.digits
    try:
        return read_cells(text, 1).digits
    except ParseError as err:
        raise _fail(path, f"{err.message} at character {err.column}") from None


def _read_givens(value: Any, path: str) -> list[int]:
    """The cells of ``givens``: one string, or rows (strings or lists of numbers)."""
    if isinstance(value, str):
        return _read_row(value, path)
    rows = []
    for k, row in enumerate(expect(value, list, path, "a string or a list of rows")):
        where = f"{path}[{k}]"
        if isinstance(row, str):
            rows.append(_read_row(row, where))
        else:
            cells = expect(row, list, where, "a row (a string or a list of numbers)")
            rows.append([expect(d, int, f"{where}[{j}]", "a number (0 blank)")
                         for j, d in enumerate(cells)])
        if len(rows[-1]) != len(value):
            raise _fail(where, f"this row has {len(rows[-1])} cells; {len(value)} rows need "
                               f"{len(value)} each")
    return [d for row in rows for d in row]


def _size_and_givens(obj: dict, path: str) -> tuple[int, tuple[int, ...]]:
    size = obj.get("size")
    if size is not None and not 1 <= expect(size, int, f"{path}.size", "a number") <= 256:
        raise _fail(f"{path}.size", f"size {size} is out of range 1..256")
    if "givens" not in obj:
        size = size or (len(obj["regions"]) if isinstance(obj.get("regions"), list) else None)
        if not size:
            raise _fail(path, "give the board 'size' (or 'givens', or 'regions')")
        return size, (0,) * (size * size)
    where = f"{path}.givens"
    cells = _read_givens(obj["givens"], where)
    n = size or math.isqrt(len(cells))
    if len(cells) != n * n or not cells:
        raise _fail(where, f"{len(cells)} cells do not fill a {n}x{n} board ({n * n} cells)")
    for i, d in enumerate(cells):
        if not 0 <= d <= n:
            raise _fail(where, f"digit {d} at r{i // n + 1}c{i % n + 1} is out of range "
                               f"for a {n}x{n} board (0..{n}, 0 blank)")
    return n, tuple(cells)


def _region_map(n: int, value: Any, path: str) -> tuple[int, ...]:
    """The jigsaw ``regions`` value → a region id per cell."""
    rows = expect(value, list, path, "a list of n strings or n lists of cells")
    if len(rows) != n:
        raise _fail(path, f"{len(rows)} regions or rows given; a {n}x{n} board needs {n}")
    if all(isinstance(row, str) for row in rows):
        symbols = [ch for k, row in enumerate(rows) for ch in _region_row(row, n, f"{path}[{k}]")]
        sizes = Counter(symbols)
        if len(sizes) != n:
            raise _fail(path, f"{len(sizes)} region symbols ({''.join(sizes)}); a {n}x{n} "
                              f"board needs {n} regions")
        for symbol, size in sizes.items():
            if size != n:
                raise _fail(path, f"region {symbol!r} has {size} cells; each region needs {n}")
        ids = {s: k for k, s in enumerate(sizes)}
        return tuple(ids[s] for s in symbols)
    region_of: dict[int, int] = {}
    latin = Board(n)
    for k, region in enumerate(rows):
        cells = read_cell_list(latin, region, f"{path}[{k}]")
        if len(cells) != n:
            raise _fail(f"{path}[{k}]", f"{len(cells)} cells; each region needs {n}")
        for i in cells:
            if i in region_of:
                raise _fail(f"{path}[{k}]", f"cell {latin.cell_name(i)} is also in region "
                                            f"{region_of[i] + 1}")
            region_of[i] = k
    missing = [latin.cell_name(i) for i in latin.cells if i not in region_of]
    if missing:
        raise _fail(path, f"cell {missing[0]} is in no region")
    return tuple(region_of[i] for i in latin.cells)


def _region_row(row: str, n: int, path: str) -> str:
    symbols = "".join(row.split())
    if len(symbols) != n:
        raise _fail(path, f"{len(symbols)} region symbols; a row of a {n}x{n} board has {n}")
    return symbols


def _board(obj: dict, n: int, box: BoxSpec, path: str) -> Board:
    """The board: jigsaw ``regions``, the object's ``box``, or else ``box`` (``--box``).

    A ``--box`` that contradicts the object's own box or regions is an error, not ignored.
    """
    regions, where = None, path
    if "regions" in obj:
        if "box" in obj:
            raise _fail(f"{path}.box", "a jigsaw puzzle has 'regions' instead of boxes")
        if box != "auto":
            raise ParseError(f"--box does not apply: {path} has jigsaw regions")
        where = f"{path}.regions"
        regions, shape = _region_map(n, obj["regions"], where), None
    elif "box" in obj:
        where = f"{path}.box"
        text = expect(obj["box"], str, where, 'a box shape like "3x3", or "none"')
        shape = _box_shape(text, where, n)
        if box != "auto" and _normal(box) != _normal(shape):
            raise ParseError(f"--box {_named(box)} differs from {where} {text!r}")
    else:
        where = "--box"
        shape = default_box(n) if box == "auto" else box  # type: ignore[assignment]
    try:
        return Board(n, shape, regions)
    except BoardError as err:
        raise _fail(where, str(err)) from None


def _normal(box: BoxSpec) -> tuple[int, int] | None:
    """1xN boxes are no boxes."""
    return None if box is None or 1 in box else box  # type: ignore[return-value,operator]


def _named(box: BoxSpec) -> str:
    return "none" if box is None else f"{box[0]}x{box[1]}"  # type: ignore[index]


def _box_shape(text: str, path: str, n: int) -> tuple[int, int] | None:
    try:
        spec = Board.box_spec(text)
    except BoardError as err:
        raise _fail(path, str(err)) from None
    return default_box(n) if spec == "auto" else spec  # type: ignore[return-value]


def _global_rules(board: Board, value: Any, path: str) -> list[Rule]:
    rules: list[Rule] = []
    for k, name in enumerate(expect(value, list, path, 'a list of rule names')):
        try:
            for rule in parse_rules(expect(name, str, f"{path}[{k}]", "a rule name")):
                rule.check_board(board)
                rules += [rule] if rule not in rules else []
        except RuleError as err:
            raise _fail(f"{path}[{k}]", str(err)) from None
    return rules


#: Per-puzzle constraint keys → reader (board, JSON value, path, puzzle object) → rule.
READERS: dict[str, Reader] = {key: entry.read for key, entry in DATA_KEYS.items()}


def puzzle_from_json(obj: Any, box: BoxSpec = "auto", path: str = "$") -> Puzzle:
    """A puzzle from a decoded JSON object; ``box`` applies when the object gives none."""
    _check_keys(expect(obj, dict, path, "a puzzle object {...}"), KEYS, path)
    board: Board
    if is_multigrid(obj, box):  # several grids on a canvas: satdoku.formats.multigrid_json
        board, givens = multigrid_board_and_givens(obj, box, path)
    else:
        n, givens = _size_and_givens(obj, path)
        board = _board(obj, n, box, path)
    rules = _global_rules(board, obj.get("rules", []), f"{path}.rules")
    rules += [_read_data(board, obj, key, path) for key in DATA_KEYS
              if key in obj and _has_items(obj, key, path)]
    for key in ("title", "author", "comment"):
        if key in obj:
            expect(obj[key], str, f"{path}.{key}", "text")
    try:
        require_multigrid(board, rules)
    except RuleError as err:
        raise _fail(path, str(err)) from None
    return Puzzle(board, givens, tuple(rules))


def _has_items(obj: dict, key: str, path: str) -> bool:
    """Whether per-puzzle key ``key`` of ``obj`` holds anything: a ParseError naming the key
    when its value is not a list (``"cages": {}`` is no empty list of cages)."""
    summary = DATA_KEYS[key].summary.split(':')[0]
    return bool(expect(obj[key], list, f"{path}.{key}", f"a list ({summary})"))


def _read_data(board: Board, obj: dict, key: str, path: str) -> Rule:
    """The rule of one per-puzzle key (its value a list, as every data key's is)."""
    return DATA_KEYS[key].read(board, obj[key], f"{path}.{key}", obj)

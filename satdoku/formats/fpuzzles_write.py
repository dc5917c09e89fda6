"""satdoku puzzles written as f-puzzles JSON (and so as f-puzzles and SudokuPad links).

Starts from :func:`~satdoku.formats.puzzle_json.puzzle_to_json`, moves what f-puzzles has no
key for but can carry exactly into keys it has (:mod:`satdoku.formats.fpuzzles_equiv`:
greater-than signs and slow thermometers as thermometers, XV sums other than 5 and 10 as
killer cages), and translates each key back with the table of
:mod:`satdoku.formats.fpuzzles_keys`. Regions are written only where f-puzzles' default
regions differ from the board's; a Latin square's regions are its rows. Windoku windows, and
disjoint groups of boxes other than the default ones, are written as extra regions. A rule
f-puzzles cannot express (a slow thermometer with a step between cells that may be equal, a
negative constraint of X or V alone, …) is named in a RuleError, never dropped.

>>> from satdoku.formats import parse_json_puzzle
>>> fobj = to_fpuzzles(parse_json_puzzle('{"size": 4, "rules": ["diagonal"], "odd": ["r1c1"]}'))
>>> fobj["diagonal+"], fobj["odd"], fobj["grid"][0]
(True, [{'cell': 'R1C1'}], [{}, {}, {}, {}])
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.formats.fpuzzles import (
    DRAWN,
    GLOBAL,
    META,
    default_region,
    partition,
    unsupported_list,
)
from satdoku.formats.fpuzzles_equiv import rewrite
from satdoku.formats.fpuzzles_keys import BY_SATDOKU, Unsupported, upper, write_items
from satdoku.formats.fpuzzles_links import to_link
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.puzzle import Puzzle
from satdoku.rules import DATA_KEYS


def _units(board: Board) -> list[list[int]]:
    """The regions f-puzzles must hold: the boxes, the jigsaw regions, or (a Latin square)
    the rows, which are all-different anyway."""
    return [list(u) for u in (board.boxes or board.rows)]


def _regions(board: Board) -> list[int] | None:
    """A region number per cell, or None when f-puzzles' default regions are the board's."""
    n, units = board.n, _units(board)
    default = [[i for i in board.cells if default_region(n, i) == k] for k in range(n)]
    if partition(units) == partition(default):
        return None
    ids = [0] * (n * n)
    for k, unit in enumerate(units):
        for i in unit:
            ids[i] = k
    return ids


def _grid_out(puzzle: Puzzle) -> list[list[dict]]:
    board, n = puzzle.board, puzzle.board.n
    regions = _regions(board)
    out: list[list[dict]] = [[{} for _ in range(n)] for _ in range(n)]
    eliminated: dict[int, set[int]] = {}
    for i, d in puzzle.eliminated:
        eliminated.setdefault(i, set()).add(d)
    for i in board.cells:
        cell = out[i // n][i % n]
        if puzzle.givens[i]:
            cell.update(value=puzzle.givens[i], given=True)
        elif i in eliminated:
            cell["givenPencilMarks"] = [d for d in range(1, n + 1) if d not in eliminated[i]]
        if regions is not None:
            cell["region"] = regions[i]
    return out


def to_fpuzzles(puzzle: Puzzle, meta: dict[str, str] | None = None,
                solution: tuple[int, ...] | None = None) -> dict[str, Any]:
    """f-puzzles JSON for ``puzzle``; RuleError naming every rule f-puzzles cannot express.

    ``meta`` may hold a title, an author and a comment (written as f-puzzles' ruleset).
    """
    board, n = puzzle.board, puzzle.board.n
    if board.multigrid:
        raise RuleError(f"f-puzzles has one square grid and no holes: a {board.kind} board "  # type: ignore[attr-defined]
                        "(several grids) cannot be written for f-puzzles or SudokuPad; use "
                        "satdoku's json, line or grid")
    try:
        obj = puzzle_to_json(puzzle)
    except ValueError as err:
        raise RuleError(f"f-puzzles: {err}") from None
    meta = meta or {}
    fobj: dict[str, Any] = {"size": n}
    fobj.update({fkey: meta[skey] for fkey, skey in META.items() if meta.get(skey)})
    fobj["grid"] = _grid_out(puzzle)
    problems = rewrite(board, obj)
    _write_rules(board, obj, fobj, problems)
    for key, items in obj.items():
        if key not in DATA_KEYS or key == "negative":
            continue
        row = BY_SATDOKU.get(key)
        if row is None:
            problems[f"{key} (f-puzzles has no such constraint)"] += len(items)
            continue
        try:
            fobj.setdefault(row.fkey, []).extend(write_items(row, items, n))
        except Unsupported as problem:
            problems[problem.what] += 1
    if problems:
        raise RuleError(f"f-puzzles cannot express {unsupported_list(problems)}")
    if solution is not None:
        fobj["solution"] = list(solution)
    return fobj


def _consecutive_dots(obj: dict) -> bool:
    """Whether a dot lets its pair be consecutive (a white dot of 1, a black dot of 2): the
    global non-consecutive rule forbids that, f-puzzles' exempts dotted pairs."""
    return any((item.get("value", default) if isinstance(item, dict) else default) == default
               for key, default in (("white_dots", 1), ("black_dots", 2))
               for item in obj.get(key, []))


def _write_rules(board: Board, obj: dict, fobj: dict, problems: Counter[str]) -> None:
    """Global rules and the negative constraints of dots and XV."""
    for name in obj.get("rules", []):
        if name == "diagonal":
            fobj.update({"diagonal+": True, "diagonal-": True})
        elif name in DRAWN and (name == "windoku" or _regions(board) is not None):
            fobj.setdefault("extraregion", []).extend(  # its own switch: default boxes only
                {"cells": [upper(board.cell_name(i)) for i in unit]}
                for unit in DRAWN[name].regions(board))
        elif name in GLOBAL.values():
            fobj[next(k for k, v in GLOBAL.items() if v == name)] = True
        elif name == "nonconsecutive" and not _consecutive_dots(obj):
            fobj["nonconsecutive"] = True  # dotted pairs (exempt there) are never consecutive
        elif name == "nonconsecutive":
            problems["nonconsecutive with a white dot of 1 or a black dot of 2 (f-puzzles "
                     "exempts dotted pairs)"] += 1
        else:
            problems[name] += 1
    negative = set(obj.get("negative", []))
    if "white" in negative:
        fobj["nonconsecutive"] = True
    if "black" in negative:
        if any(isinstance(d, dict) and d.get("value", 2) != 2 for d in obj.get("black_dots", [])):
            problems["negative black with black dots other than 2"] += 1
        fobj.setdefault("negative", []).append("ratio")
    if negative & {"x", "v"}:
        if not {"x", "v"} <= negative:
            problems["negative x or v alone (f-puzzles' negative XV is both)"] += 1
        fobj.setdefault("negative", []).append("xv")


def fpuzzles_link(puzzle: Puzzle, site: str = "fpuzzles", meta: dict[str, str] | None = None,
                  solution: tuple[int, ...] | None = None) -> str:
    """The f-puzzles (or SudokuPad) link of ``puzzle``."""
    return to_link(to_fpuzzles(puzzle, meta, solution), site)

"""satdoku puzzles written as SudokuPad's own puzzles (``scl`` links).

The puzzle is drawn the way SudokuPad draws the same constraints itself, so that
:mod:`satdoku.formats.scl_read` recognises every drawing again: kropki dots as small circles
on edges (filled white or black), XV as letters on edges, thermometers as a grey bulb and a
thick line, arrows as a circle (a pill for several cells) and an arrow, little killers as a
number outside the grid and a short diagonal arrow, killer cages as cages with their sum.
Lines (whispers, renban, …) get a colour each and a sentence of the rules text that names
their type for that colour ("Green lines are German whispers …"), as setters write it, and
the diagonals of X-Sudoku a sentence too; anti-knight and anti-king are metadata flags. The
title, author, comment and the setter's solution go into ``metadata``. A constraint
SudokuPad has no drawing for here (even/odd cells, sandwich sums, …) is named in a
RuleError, never dropped.

>>> from satdoku.formats import parse_json_puzzle
>>> p = parse_json_puzzle('{"size": 4, "white_dots": [["r1c1", "r1c2"]]}')
>>> to_sudokupad(p)["overlays"][0]["backgroundColor"], scl_link(p)[:26]
('#FFFFFF', 'https://sudokupad.app/sclN')
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from satdoku.errors import RuleError
from satdoku.formats.lzstring import compress_to_base64
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.formats.scl_zip import zip_puzzle
from satdoku.puzzle import Puzzle
from satdoku.rules import Windoku

SITE = "https://sudokupad.app/scl"
#: Line keys: (colour, the rules sentence naming them for that colour).
LINES = {
    "whispers": ("#60C060", "Green lines are {kind} whispers: neighbouring digits on a line "
                            "differ by at least {d}."),
    "renban": ("#A040E0", "Purple lines are renban lines: a line holds distinct consecutive "
                          "digits in any order."),
    "palindromes": ("#FF70C0", "Pink lines are palindromes: a line reads the same both ways."),
    "region_sum_lines": ("#2ECBFF", "Blue lines are region sum lines: each part of a line in "
                                    "one region has the same sum."),
    "entropic_lines": ("#FF9A00", "Orange lines are entropic lines: any three neighbouring "
                                  "digits on a line hold a low, a middle and a high digit."),
    "modular_lines": ("#E03030", "Red lines are modular lines: any three neighbouring digits "
                                 "on a line differ modulo 3."),
    "zipper_lines": ("#F0D000", "Yellow lines are zipper lines: digits equally far from a "
                                "line's centre add up to the same total."),
}
SENTENCES = {"cages": "Digits in a cage do not repeat and add up to its sum.",
             "white_dots": "Digits joined by a white dot are consecutive.",
             "black_dots": "Digits joined by a black dot have the ratio 1:2.",
             "xv": "Digits joined by an X add up to 10; by a V, to 5.",
             "thermos": "Digits increase along a thermometer from its bulb.",
             "arrows": "Digits on an arrow add up to the digits in its circle.",
             "odd": "A grey circle holds an odd digit.",
             "even": "A grey square holds an even digit.",
             "little_killers": "A number outside the grid is the sum of the diagonal its arrow "
                               "points along (digits may repeat)."}
NEGATIVE = {"white": "All possible white dots are given.",
            "black": "All possible black dots are given.",
            "x": "All possible Xs and Vs are given.", "v": "All possible Xs and Vs are given."}


def _rc(name: str) -> list[int]:
    r, c = map(int, re.findall(r"\d+", name))
    return [r - 1, c - 1]


def _centre(names: list[str]) -> list[float]:
    cells = [_rc(x) for x in names]
    return [sum(r for r, _ in cells) / len(cells) + 0.5, sum(c for _, c in cells) / len(cells)
            + 0.5]


def _cells(item: Any) -> tuple[list[str], dict]:
    return (list(item["cells"]), item) if isinstance(item, dict) else (list(item), {})


def _dot(item: Any, fill: str, default: int) -> dict:
    cells, obj = _cells(item)
    value = obj.get("value", default)
    return {"center": _centre(cells), "width": 0.3, "height": 0.3, "rounded": True,
            "borderColor": "#000000", "backgroundColor": fill,
            "text": "" if value == default else str(value)}


def _arrow(item: dict, shapes: list, arrows: list) -> None:
    circle, line = item["circle"], item["line"]
    (r0, c0), (r1, c1) = _centre(circle), _centre(line[:1])
    rows, cols = {_rc(x)[0] for x in circle}, {_rc(x)[1] for x in circle}
    shapes.append({"center": [r0, c0], "width": 0.75 + len(cols) - 1,
                   "height": 0.75 + len(rows) - 1, "rounded": True,
                   "borderColor": "#A1A1A1", "backgroundColor": "#FFFFFF"})
    start = min((_centre([x]) for x in circle), key=lambda p: abs(p[0] - r1) + abs(p[1] - c1))
    dr, dc = (r1 > start[0]) - (r1 < start[0]), (c1 > start[1]) - (c1 < start[1])
    way = [[start[0] + 0.3 * dr, start[1] + 0.3 * dc]] + [_centre([x]) for x in line]
    arrows.append({"wayPoints": way, "color": "#A1A1A1", "thickness": 5, "headLength": 0.3})


def _little_killer(item: dict, shapes: list, arrows: list) -> None:
    r, c = _rc(item["clue"])
    dr, dc = (1 if item["direction"][0] == "D" else -1), (1 if item["direction"][1] == "R"
                                                           else -1)
    y, x = r + 0.5, c + 0.5
    shapes.append({"center": [y, x], "width": 0.25, "height": 0.25,
                   "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                   "text": str(item["sum"])})
    arrows.append({"wayPoints": [[y + 0.3 * dr, x + 0.3 * dc], [y + 0.48 * dr, x + 0.48 * dc]],
                   "color": "#000000", "thickness": 2})


def to_sudokupad(puzzle: Puzzle, meta: dict[str, str] | None = None,
                 solution: tuple[int, ...] | None = None) -> dict[str, Any]:
    """SudokuPad's puzzle object of ``puzzle``; RuleError naming what it cannot draw."""
    board, n = puzzle.board, puzzle.board.n
    if board.multigrid:
        raise RuleError(f"satdoku writes SudokuPad (scl) links of one square grid: a "
                        f"{getattr(board, 'kind', 'multi-grid')} board (several grids) cannot "
                        "be written as one; use satdoku's json, line or grid")
    obj = puzzle_to_json(puzzle)
    cells = [[{"value": d} if d else {} for d in puzzle.givens[r * n:r * n + n]]
             for r in range(n)]
    units = board.boxes or board.rows
    out: dict[str, Any] = {"cellSize": 50, "cells": cells,
                           "regions": [[list(divmod(i, n)) for i in unit] for unit in units]}
    overlays: list[dict] = []
    underlays: list[dict] = []
    lines: list[dict] = []
    arrows: list[dict] = []
    cages: list[dict] = []
    sentences = ["Normal Sudoku rules apply."]
    metadata: dict[str, Any] = {}
    problems: Counter[str] = Counter()
    for name in obj.get("rules", []):
        if name in ("anti-knight", "anti-king"):
            metadata[name.replace("-", "")] = True
            sentences.append(f"Digits a {name[5:]}'s move apart are not equal ({name}).")
        elif name == "windoku":
            for unit in Windoku().regions(board):
                (r0, c0), (r1, c1) = divmod(min(unit), n), divmod(max(unit), n)
                underlays.append({"center": [(r0 + r1 + 1) / 2, (c0 + c1 + 1) / 2],
                                  "width": c1 - c0 + 1, "height": r1 - r0 + 1,
                                  "backgroundColor": "#CFCFCF"})
            sentences.append("Each grey window holds distinct digits (windoku).")
        elif name in ("diagonal", "diagonal+", "diagonal-"):
            ends = {"diagonal+": [[[n, 0], [0, n]]], "diagonal-": [[[0, 0], [n, n]]]}
            for way in ends.get(name, ends["diagonal+"] + ends["diagonal-"]):
                lines.append({"wayPoints": way, "color": "#34BBE6", "thickness": 2})
            sentences.append("Digits do not repeat on the marked diagonals.")
        else:
            problems[name] += 1
    for key, items in obj.items():
        if key in ("size", "box", "regions", "givens", "rules", "negative"):
            continue
        if key == "cages":
            cages += [{"cells": [_rc(x) for x in _cells(c)[0]], "unique": True,
                       **({"value": c["sum"]} if isinstance(c, dict) and "sum" in c else {})}
                      for c in items]
        elif key in ("white_dots", "black_dots"):
            fill, default = ("#FFFFFF", 1) if key == "white_dots" else ("#000000", 2)
            overlays += [_dot(item, fill, default) for item in items]
        elif key == "xv" and all(i["sum"] in (5, 10) for i in items):
            overlays += [{"center": _centre(i["cells"]), "width": 0.25, "height": 0.25,
                          "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                          "text": "X" if i["sum"] == 10 else "V"} for i in items]
        elif key == "thermos":
            for line in items:
                underlays.append({"center": _centre(line[:1]), "width": 0.85, "height": 0.85,
                                  "rounded": True, "borderColor": "#CFCFCF",
                                  "backgroundColor": "#CFCFCF"})
                lines.append({"wayPoints": [_centre([x]) for x in line], "color": "#CFCFCF",
                              "thickness": 21})
        elif key in ("odd", "even"):
            underlays += [{"center": _centre([x]), "width": 0.7, "height": 0.7,
                           "rounded": key == "odd", "borderColor": "#CFCFCF",
                           "backgroundColor": "#CFCFCF"} for x in items]
        elif key == "arrows":
            for item in items:
                _arrow(item, overlays, arrows)
        elif key == "little_killers":
            for item in items:
                _little_killer(item, overlays, arrows)
        elif key in LINES and _one_difference(key, items, n):
            colour, sentence = LINES[key]
            lines += [{"wayPoints": [_centre([x]) for x in _cells(i)[0]], "color": colour,
                       "thickness": 9} for i in items]
            d = _difference(items, n)
            sentences.append(sentence.format(d=d, kind="German" if d == (n + 1) // 2 else
                                             "Dutch"))
            continue
        else:
            problems[f"{key} (no SudokuPad drawing here)"] += len(items)
            continue
        if key in SENTENCES:
            sentences.append(SENTENCES[key])
    negative = set(obj.get("negative", []))
    if len(negative & {"x", "v"}) == 1:
        problems["a negative constraint of X or V alone"] += 1
    for name in sorted(negative):
        if NEGATIVE[name] not in sentences:
            sentences.append(NEGATIVE[name])
    if problems:
        raise RuleError("SudokuPad (scl) cannot express " + ", ".join(
            f"{k} ×{v}" if v > 1 else k for k, v in sorted(problems.items())))
    meta = meta or {}
    metadata.update({k: meta[k] for k in ("title", "author") if meta.get(k)})
    rules = " ".join(sentences)
    metadata["rules"] = f"{meta['comment']}\n\n{rules}" if meta.get("comment") else rules
    if solution is not None:
        metadata["solution"] = "".join(str(d) if n <= 9 else f"{d:02d}" for d in solution)
    out.update(cages=cages, lines=lines, arrows=arrows, overlays=overlays,
               underlays=underlays, metadata=metadata)
    return out


def _difference(items: list, n: int) -> int:
    return next((i["difference"] for i in items if isinstance(i, dict)), (n + 1) // 2)


def _one_difference(key: str, items: list, n: int) -> bool:
    """Whisper lines that all share one difference, the default or (9x9) Dutch whispers' 4:
    one colour and one sentence that names their kind."""
    found = {i.get("difference", (n + 1) // 2) if isinstance(i, dict) else (n + 1) // 2
             for i in items}
    return key != "whispers" or (len(found) == 1 and found <= {(n + 1) // 2, 4 if n == 9 else 0})


def scl_link(puzzle: Puzzle, meta: dict[str, str] | None = None,
             solution: tuple[int, ...] | None = None) -> str:
    """The ``sudokupad.app/scl…`` link of ``puzzle``."""
    return SITE + compress_to_base64(zip_puzzle(to_sudokupad(puzzle, meta, solution)))

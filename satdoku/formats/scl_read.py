"""SudokuPad puzzles (``scl``/``ctc`` links) read by recognising a closed set of features.

Glossary: a SudokuPad puzzle (unzipped by :mod:`satdoku.formats.scl_zip`) is a drawing, not
a list of rules; satdoku reads it as a puzzle only where a drawing is one it knows: givens
(``cells[r][c].value``), regions (``regions``), killer cages (a cage with cells and a numeric
``value``, or ``unique`` without one), kropki dots, XV signs, arrow circles, thermometer
bulbs and little-killer clues (:mod:`satdoku.formats.scl_marks`), thermometers, arrows,
little killers, diagonals and lines named by the rules text (:mod:`satdoku.formats.scl_lines`),
anti-knight / anti-king flags. Every other drawing, key or flag is *refused*: named with its
place (``a grey circle in r4c1 (underlays[0])``). The result is a satdoku JSON object, a
one-line summary of what was read, and the setter's solution when the puzzle carries one
(:mod:`satdoku.formats.reading_check` verifies the reading with it).

>>> rec = recognise({"cells": [[{"value": 1}, {}, {}, {}]] + [[{}, {}, {}, {}]] * 3,
...                  "regions": [[[r, c] for r in rr for c in cc] for rr in ((0, 1), (2, 3))
...                              for cc in ((0, 1), (2, 3))],
...                  "overlays": [{"center": [0.5, 1], "width": 0.3, "height": 0.3,
...                                "rounded": True, "backgroundColor": "#FFFFFF"}]})
>>> rec.summary, rec.obj["white_dots"], rec.refused
('a 4x4 Sudoku (2x2 boxes), 1 given, 1 white dot', [['r1c1', 'r1c2']], ())
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from satdoku.board import ALPHABET, Board
from satdoku.errors import SatdokuError
from satdoku.formats.fpuzzles import board_fields
from satdoku.formats.json_fields import puzzle_from_json
from satdoku.formats.scl_lines import Lines, read_arrows, read_lines
from satdoku.formats.scl_marks import Marks, sort_shapes
from satdoku.formats.scl_rules_text import RulesText
from satdoku.formats.scl_shapes import Grid, colour_name
from satdoku.formats.text import format_line
from satdoku.rules import Windoku

#: Top-level keys that change nothing about the answer.
COSMETIC = frozenset({"id", "cellSize", "settings", "videos", "duration", "fogofwar",
                      "foglight", "triggereffect", "cellsize"})
READ = frozenset({"cells", "regions", "cages", "lines", "arrows", "overlays", "underlays",
                  "metadata", "metaData"})
#: Metadata: descriptive keys, and the flags that are global rules.
META_TEXT = frozenset({"title", "author", "rules", "solution", "source", "msgcorrect",
                       "msgincorrect", "copyright", "description", "difficulty", "date",
                       "bgimageopacity", "version", "id", "puzzleid", "customstyle"})
META_RULES = {"antiknight": "anti-knight", "antiking": "anti-king"}
_META_CAGE = re.compile(r"([^:\s]+):\s*(.*)", re.DOTALL)
#: How each read feature is counted in a summary: key -> (one, many).
NAMES = {"cages": ("killer cage", "killer cages"), "white_dots": ("white dot", "white dots"),
         "black_dots": ("black dot", "black dots"), "xv": ("XV sign", "XV signs"),
         "thermos": ("thermometer", "thermometers"), "arrows": ("arrow", "arrows"),
         "little_killers": ("little killer", "little killers"),
         "whispers": ("whisper line", "whisper lines"), "renban": ("renban", "renbans"),
         "palindromes": ("palindrome", "palindromes"),
         "region_sum_lines": ("region-sum line", "region-sum lines"),
         "entropic_lines": ("entropic line", "entropic lines"),
         "modular_lines": ("modular line", "modular lines"),
         "zipper_lines": ("zipper line", "zipper lines"), "odd": ("odd cell", "odd cells"),
         "even": ("even cell", "even cells")}


@dataclass(frozen=True)
class Recognition:
    """What a drawn puzzle was read as."""

    obj: dict[str, Any]
    summary: str
    refused: tuple[str, ...] = ()
    solution: str | None = None
    #: Title, author, rules text (as satdoku's ``comment``).
    meta: dict[str, str] = field(default_factory=dict)


def _digit(value: Any, n: int) -> int | None:
    if isinstance(value, str) and re.fullmatch(r"\s*\d{1,3}\s*", value):
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= n:
        return value
    return None


def _cells(puzzle: dict, refused: list[str]) -> tuple[int, list[int]]:
    rows = puzzle.get("cells")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise ValueError("the puzzle has no grid of cells ('cells')")
    n = len(rows)
    if any(len(row) != n for row in rows) or n > 256:
        widths = sorted({len(row) for row in rows})
        raise ValueError(f"the grid is {n} rows of {'/'.join(map(str, widths))} cells: "
                         "satdoku reads square Sudoku grids")
    givens = [0] * (n * n)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                refused.append(f"cells[{r}][{c}]: not a cell object")
                continue
            for key, value in cell.items():
                if key == "value" and value not in (None, "", 0):
                    if (d := _digit(value, n)) is None:
                        refused.append(f"the given {value!r} in r{r + 1}c{c + 1}, not a "
                                       f"digit 1..{n}")
                    givens[r * n + c] = d or 0
                elif key in ("pencilMarks", "centremarks", "cornermarks", "candidates") and value:
                    refused.append(f"pencil marks in r{r + 1}c{c + 1} (given candidates, or "
                                   "notes: satdoku cannot tell)")
                elif key not in ("value", "pencilMarks", "centremarks", "cornermarks",
                                 "candidates", "color", "highlight"):
                    refused.append(f"the cell key {key!r} in r{r + 1}c{c + 1}")
    return n, givens


def _regions(puzzle: dict, n: int, refused: list[str]) -> dict[str, Any]:
    regions = puzzle.get("regions")
    if not isinstance(regions, list) or not regions:
        refused.append("a grid without regions ('regions' is empty): satdoku reads Sudoku "
                       "grids, whose regions each hold 1..n")
        return {"box": "none"}
    region_of: dict[int, int] = {}
    for k, region in enumerate(regions):
        for rc in region if isinstance(region, list) else [None]:
            ok = (isinstance(rc, list) and len(rc) == 2 and all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in rc))
            if not ok or rc[0] * n + rc[1] in region_of:  # type: ignore[index]
                refused.append(f"regions[{k}]: {rc!r} is no cell of the grid, or one in two "
                               "regions")
                return {"box": "none"}
            region_of[rc[0] * n + rc[1]] = k  # type: ignore[index]
    fields, extra = board_fields([{"region": region_of.get(i)} for i in range(n * n)], n)
    if extra or len(region_of) != n * n:
        refused.append(f"regions that do not divide the grid into {n} regions of {n} cells")
        return {"box": "none"}
    return fields


def _meta(puzzle: dict, rules: list[str], refused: list[str]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for where in ("metadata", "metaData"):
        block = puzzle.get(where)
        if isinstance(block, dict):
            found.update({str(k).lower(): (v, f"{where}.{k}") for k, v in block.items()})
        elif block is not None:
            refused.append(f"{where}: not an object")
    for k, cage in enumerate(puzzle.get("cages") or []):
        if (isinstance(cage, dict) and not cage.get("cells") and isinstance(cage.get("value"), str)
                and (match := _META_CAGE.fullmatch(cage["value"].strip()))):
            found.setdefault(match[1].lower(), (match[2], f"cages[{k}]"))
    meta: dict[str, Any] = {}
    for key, (value, path) in found.items():
        if key in META_RULES and value in (True, "true"):
            rules.append(META_RULES[key])
        elif key == "bgimage" and value:
            refused.append(f"a background picture ({path}), which may draw constraints "
                           "satdoku cannot see")
        elif key in META_TEXT:
            meta[key] = value
        elif key not in META_RULES:
            refused.append(f"the metadata {key!r} ({path})")
    return meta


def _cages(grid: Grid, puzzle: dict, refused: list[str]) -> list[Any]:
    out: list[Any] = []
    for k, cage in enumerate(puzzle.get("cages") or []):
        if not isinstance(cage, dict) or not cage.get("cells"):
            continue  # metadata (read above), or nothing
        cells = cage["cells"]
        if not isinstance(cells, list) or not all(
                isinstance(rc, list) and len(rc) == 2 and all(isinstance(x, int) for x in rc)
                and grid.inside(*rc) for rc in cells):
            refused.append(f"a cage over cells outside the grid (cages[{k}])")
            continue
        names = [grid.name(*rc) for rc in cells]
        value, unique = cage.get("value"), cage.get("unique")
        where = f"at {names[0]}" + (f" … {names[-1]}" if len(names) > 1 else "")
        if value in (None, "") and unique is False and cage.get("hidden"):
            continue  # SudokuPad's marker of cells in no region (the regions say it)
        if isinstance(value, str) and re.fullmatch(r"\s*\d{1,4}\s*", value):
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool):
            if unique is False:
                refused.append(f"a cage of sum {value} whose digits may repeat {where} "
                               f"(cages[{k}])")
            else:
                out.append({"cells": names, "sum": value})
        elif value in (None, "") and unique is True:
            out.append({"cells": names})
        elif value in (None, ""):
            refused.append(f"a cage outline without a sum {where} (cages[{k}])")
        else:
            refused.append(f"a cage labelled {value!r} {where} (cages[{k}])")
    return out


def recognise(puzzle: Any) -> Recognition:
    """Read a SudokuPad puzzle object; ValueError when it is no grid at all."""
    if not isinstance(puzzle, dict):
        raise ValueError("the data is not a SudokuPad puzzle object")
    refused: list[str] = [f"the key {key!r}" for key in puzzle
                          if key not in READ and key not in COSMETIC]
    rules: list[str] = []
    n, givens = _cells(puzzle, refused)
    grid = Grid(n)
    obj: dict[str, Any] = {"size": n, **_regions(puzzle, n, refused)}
    meta = _meta(puzzle, rules, refused)
    rules_text = meta.get("rules")
    text = RulesText(rules_text if isinstance(rules_text, str) else "")
    marks = Marks()
    for where in ("underlays", "overlays"):
        if isinstance(puzzle.get(where), list):
            sort_shapes(grid, puzzle[where], where, marks)
    lines = Lines()
    read_lines(grid, puzzle.get("lines") or [], marks, text, lines)
    read_arrows(grid, puzzle.get("arrows") or [], marks, lines)
    parity = _parity(grid, marks, lines, text)
    rules += _windows(obj, marks, text)
    refused += marks.refused + lines.refused + _leftovers(grid, marks, lines)
    data: dict[str, list[Any]] = {"cages": _cages(grid, puzzle, refused),
                                  "white_dots": marks.white_dots,
                                  "black_dots": marks.black_dots, "xv": marks.xv, **lines.data,
                                  **parity}
    rules += [r for r in lines.rules if r not in rules]
    refused += [f"the rules text names an {name} constraint that is not in the puzzle's data"
                for name in text.unread_globals(rules)]
    if "diagonal-" in rules and "diagonal+" in rules:
        rules = ["diagonal"] + [r for r in rules if not r.startswith("diagonal")]
    obj["givens"] = (format_line(Board(n), tuple(givens)) if n <= len(ALPHABET)
                     else [givens[r * n:r * n + n] for r in range(n)])
    obj.update({"rules": rules} if rules else {})
    obj.update({k: v for k, v in data.items() if v})
    negative = text.negatives()
    obj.update({"negative": negative} if negative else {})
    solution = meta.get("solution")
    return Recognition(obj, summary(obj, givens, rules), tuple(refused),
                       solution if isinstance(solution, str) and solution.strip() else None,
                       {k: str(meta[m]) for k, m in (("title", "title"), ("author", "author"),
                                                      ("comment", "rules"))
                        if isinstance(meta.get(m), str) and meta[m].strip()})


def _parity(grid: Grid, marks: Marks, lines: Lines, text: RulesText) -> dict[str, list[str]]:
    """Odd cells (small filled circles no thermometer starts at) and even cells (filled
    squares): grey ones where the rules text speaks of odd (even) digits, others where a
    sentence names their colour, their shape and odd (even) alone ("the yellow circles
    contain odd digits"); the shapes are taken."""
    out: dict[str, list[str]] = {}

    def says(colour: str, shape: str, parity: str) -> bool:
        return (colour == "grey" and text.mentions(parity)) or \
            text.parity(colour, shape) == parity

    for i in sorted(marks.small):
        path, fill = marks.bulbs[i]
        if path not in lines.used and says(colour_name(fill), "circle", "odd"):
            lines.used.add(path)
            out.setdefault("odd", []).append(grid.name(*divmod(i, grid.n)))
    for i, (_, colour) in sorted(marks.squares.items()):
        if says(colour, "square", "even"):
            out.setdefault("even", []).append(grid.name(*divmod(i, grid.n)))
            del marks.squares[i]
    return out


def _windows(obj: dict[str, Any], marks: Marks, text: RulesText) -> list[str]:
    """Windoku, when shaded rectangles are exactly its windows and the rules text speaks of
    windows (or windoku); the rectangles are taken."""
    if not marks.blocks or not (text.mentions("window") or text.mentions("windoku")):
        return []
    try:
        board = puzzle_from_json({"size": obj["size"], "box": obj.get("box", "none")}
                                 if "regions" not in obj else obj).board
        units = {tuple(sorted(u)) for u in Windoku().regions(board)}
    except SatdokuError:
        return []
    drawn = {tuple(sorted(cells)): path for path, cells in marks.blocks.items()}
    if not units or not units <= set(drawn):
        return []
    for unit in units:
        del marks.blocks[drawn[unit]]
    return ["windoku"]


def _leftovers(grid: Grid, marks: Marks, lines: Lines) -> list[str]:
    """Shapes that looked like part of a thermometer, an arrow or a little killer, but that
    no line or arrow took."""
    out = [f"a filled circle in {grid.name(*divmod(i, grid.n))} that starts no line of its "
           f"colour ({path})" for i, (path, _) in marks.bulbs.items() if path not in lines.used]
    out += [f"a {colour} square in {grid.name(*divmod(i, grid.n))} ({path})"
            for i, (path, colour) in marks.squares.items()]
    out += [f"a shaded rectangle over {grid.name(*divmod(cells[0], grid.n))} … "
            f"{grid.name(*divmod(cells[-1], grid.n))} ({path})"
            for path, cells in marks.blocks.items()]
    out += [f"a white circle in {grid.name(*divmod(cells[0], grid.n))} that no arrow leaves "
            f"({path})"
            for path, cells in marks.circles.items() if path not in lines.used]
    out += [f"the number {total} outside the grid near r{r + 1}c{c + 1} that no arrow leaves "
            f"({path})" for path, ((r, c), total) in marks.clues.items()
            if path not in lines.used]
    return out


def summary(obj: dict[str, Any], givens: list[int], rules: list[str]) -> str:
    """What a satdoku JSON object read from a drawing holds, in one line."""
    n = obj["size"]
    shape = obj.get("box")
    board = ("jigsaw regions" if "regions" in obj else "no boxes" if shape == "none"
             else f"{shape} boxes")
    given = sum(1 for d in givens if d)
    parts = [f"a {n}x{n} Sudoku ({board})", f"{given} given{'' if given == 1 else 's'}"]
    parts += rules
    parts += [f"negative constraint ({', '.join(obj['negative'])})"] if obj.get("negative") else []
    counts = Counter({k: len(v) for k, v in obj.items() if k in NAMES})
    parts += [f"{k} {NAMES[key][k != 1]}" for key, k in counts.items()]
    return ", ".join(parts)

"""ipuz Sudoku files (``http://ipuz.org/sudoku#1``), read and written.

Glossary: *ipuz* is an open JSON format for puzzles (ipuz.org); a Sudoku file has
``version``, ``kind``, the ``puzzle`` grid (rows of values; ``empty``, 0 by default, for a
blank cell; a value may be ``{"given": v}``), optional ``solution``, ``charset`` (the symbols,
"123456789" by default), ``boxes`` (whether the standard boxes apply, true by default),
``zones`` (more regions that hold every symbol once, each a GroupSpec: ``cells`` or a
``rect``) and ``cages`` (CalcSpec: ``cells``, ``value``, ``operator``). Cells are
``[column, row]``, counted from 1. JSONP (``ipuz({...})``) reads too.

Read: givens, boxes, zones (jigsaw regions when ``boxes`` is false and they divide the grid,
else extra regions; the two diagonals and the windoku windows as those rules), killer cages
(a cage with a ``value`` and operator ``+`` or none). Anything else (another operator, a cage
without a value, a field satdoku does not know) is refused by name. A ``solution`` is kept,
and checked against the reading (a solution that breaks it is an error). Written: the same
fields; a constraint ipuz cannot hold is named in a RuleError.

>>> p = read_ipuz('{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"], '
...               '"charset": "1234", "puzzle": [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,2]]}')
>>> p.puzzle.givens[:4], p.puzzle.board.box
((1, 0, 0, 0), (2, 2))
>>> to_ipuz(p.puzzle)["kind"]
['http://ipuz.org/sudoku#1']
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from satdoku.board import ALPHABET, default_box
from satdoku.errors import ParseError, RuleError
from satdoku.formats.fpuzzles import DRAWN, board_fields
from satdoku.formats.json_fields import puzzle_from_json
from satdoku.formats.limits import load_json
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.formats.records import BoxSpec, Record
from satdoku.formats.text import format_line
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule

KIND = "http://ipuz.org/sudoku#1"
VERSION = "http://ipuz.org/v2"
#: Fields that say nothing about the answer (ipuz's common fields, the Sudoku display ones).
DESCRIPTIVE = frozenset({
    "version", "kind", "copyright", "publisher", "publication", "url", "uniqueid", "title",
    "intro", "explanation", "annotation", "author", "editor", "date", "notes", "difficulty",
    "origin", "block", "styles", "volatile", "checksum", "displaycharset", "showoperators",
    "cageborder",
    "saved", "empty", "charset", "boxes", "puzzle", "solution", "zones", "cages"})
_JSONP = re.compile(r"\s*[A-Za-z_$][\w$]*\s*\((.*)\)\s*;?\s*", re.DOTALL)


@dataclass(frozen=True)
class IpuzReading:
    """An ipuz puzzle read: the puzzle, its title/author/notes, its solution if any."""

    puzzle: Puzzle
    meta: dict[str, str]
    solution: tuple[int, ...] | None


def _document(text: str) -> dict:
    match = _JSONP.fullmatch(text)
    try:
        doc = load_json(match[1] if match and not text.lstrip().startswith("{") else text)
    except json.JSONDecodeError as err:
        raise ParseError(f"ipuz: not JSON ({err.msg} at character {err.pos})") from None
    if not isinstance(doc, dict):
        raise ParseError("ipuz: expected an object {...}")
    kinds = doc.get("kind")
    if not isinstance(kinds, list) or not any(
            isinstance(k, str) and k.startswith("http://ipuz.org/sudoku") for k in kinds):
        raise ParseError(f"ipuz: kind {kinds!r} is no Sudoku (http://ipuz.org/sudoku#1): "
                         "satdoku reads ipuz Sudoku only")
    return doc


def _symbols(doc: dict, n: int) -> dict[Any, int]:
    charset = doc.get("charset", "123456789"[:n] if n <= 9 else ALPHABET[1:n + 1])
    if not isinstance(charset, str) or len(charset) != n or len(set(charset)) != n:
        raise ParseError(f"ipuz charset: expected {n} distinct symbols for a {n}x{n} grid, "
                         f"got {charset!r}")
    out: dict[Any, int] = {ch: k + 1 for k, ch in enumerate(charset)}
    out.update({k: k for k in range(1, n + 1)})
    return out


def _grid(doc: dict, key: str, n: int, symbols: dict[Any, int], empty: Any) -> list[int]:
    rows = doc.get(key)
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise ParseError(f"ipuz {key}: expected a list of rows, each a list of cells")
    if len(rows) != n or not all(len(r) == n for r in rows):
        shape = sorted({len(r) for r in rows})
        raise ParseError(f"ipuz {key}: expected {n} rows of {n} cells (a {n}x{n} grid), got "
                         f"{len(rows)} rows of {' or '.join(map(str, shape)) or 'no'} cells")
    cells = []
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if isinstance(value, dict):
                value = value.get("given", empty)
            if value in (empty, None, "", 0, "0", ".", "#"):
                cells.append(0)
            elif value in symbols and not isinstance(value, bool):
                cells.append(symbols[value])
            else:
                raise ParseError(f"ipuz {key}[{r}][{c}]: {value!r} is no symbol of the "
                                 "charset (nor the empty value)")
    return cells


def _cells(spec: Any, n: int, where: str) -> list[str]:
    """The cells of a GroupSpec or CalcSpec: ``cells`` [[column, row], …] or a ``rect``."""
    if not isinstance(spec, dict):
        raise ParseError(f"ipuz {where}: expected an object with cells")
    out = []
    if isinstance(spec.get("rect"), list) and len(spec["rect"]) == 4:
        x1, y1, x2, y2 = spec["rect"]
        spec = {"cells": [[x, y] for y in range(y1, y2 + 1) for x in range(x1, x2 + 1)]}
    for k, xy in enumerate(spec.get("cells") or []):
        if not (isinstance(xy, list) and len(xy) == 2 and all(
                isinstance(v, int) and 1 <= v <= n for v in xy)):
            raise ParseError(f"ipuz {where}.cells[{k}]: {xy!r} is no [column, row] of the "
                             f"{n}x{n} grid")
        out.append(f"r{xy[1]}c{xy[0]}")
    if not out:
        raise ParseError(f"ipuz {where}: no cells")
    return out


def _regions(obj: dict, doc: dict, n: int, refused: list[str]) -> None:
    zones = [sorted(_cells(z, n, f"zones[{k}]")) for k, z in enumerate(doc.get("zones") or [])]
    diagonals = {"diagonal-": sorted(f"r{k}c{k}" for k in range(1, n + 1)),
                 "diagonal+": sorted(f"r{k}c{n + 1 - k}" for k in range(1, n + 1))}
    rules = [name for name, cells in diagonals.items() if cells in zones]
    zones = [z for z in zones if z not in diagonals.values()]
    boxes = doc.get("boxes", True)
    if boxes is False and zones and sum(map(len, zones)) == n * n and all(
            len(z) == n for z in zones) and len({c for z in zones for c in z}) == n * n:
        region_of = {_index(c, n): k for k, zone in enumerate(zones) for c in zone}
        obj.update(board_fields([{"region": region_of[i]} for i in range(n * n)], n)[0])
        zones = []
    elif boxes is False:
        obj["box"] = "none"
    elif boxes is not True:
        refused.append(f"boxes {boxes!r} (expected true or false)")
    if len(rules) == 2:
        rules = ["diagonal"]
    rules += _drawn(obj, n, zones)
    obj.update({"rules": rules} if rules else {})
    obj.update({"extra_regions": zones} if zones else {})


def _units(name: str, obj: dict, n: int) -> list[list[str]] | None:
    """The regions of rule ``name`` (windoku, disjoint) on the board of ``obj``."""
    try:
        board = puzzle_from_json({**obj, "rules": []}).board
        return [sorted(board.cell_name(i) for i in u) for u in DRAWN[name].regions(board)]
    except (ParseError, RuleError):
        return None


def _drawn(obj: dict, n: int, zones: list[list[str]]) -> list[str]:
    """Rules whose regions are all among the zones (taken out of them): windoku, disjoint."""
    found = []
    for name in DRAWN:
        units = _units(name, obj, n)
        if units and all(u in zones for u in units):
            found.append(name)
            zones[:] = [z for z in zones if z not in units]
    return found


def _cages(doc: dict, n: int, refused: list[str]) -> list[dict]:
    out = []
    for k, cage in enumerate(doc.get("cages") or []):
        cells = _cells(cage, n, f"cages[{k}]")
        op, value = cage.get("operator", "+"), cage.get("value")
        if op != "+":
            refused.append(f"a cage with operator {op!r} at {cells[0]} (cages[{k}]; "
                           "calcudoku, satdoku has killer cages)")
        elif not isinstance(value, int) or isinstance(value, bool):
            refused.append(f"a cage without a sum at {cells[0]} (cages[{k}])")
        else:
            out.append({"cells": cells, "sum": value})
    return out


def read_ipuz(text: str, box: BoxSpec = "auto", rules: tuple[Rule, ...] = ()) -> IpuzReading:
    """An ipuz Sudoku document read; ParseError naming what is refused or malformed."""
    doc = _document(text)
    puzzle_rows = doc.get("puzzle")
    n = len(puzzle_rows) if isinstance(puzzle_rows, list) else 0
    if not 1 <= n <= 256:
        raise ParseError("ipuz puzzle: expected the grid's rows")
    symbols, empty = _symbols(doc, n), doc.get("empty", 0)
    givens = _grid(doc, "puzzle", n, symbols, empty)
    refused = [f"the field {k!r}" for k in doc if k not in DESCRIPTIVE]
    obj: dict[str, Any] = {"size": n}
    _regions(obj, doc, n, refused)
    obj.update({"cages": c} if (c := _cages(doc, n, refused)) else {})
    if refused:
        raise ParseError(f"this ipuz puzzle has what satdoku cannot interpret: "
                         f"{'; '.join(refused)}; without it the answer may differ, so none "
                         "is given")
    obj["givens"] = [givens[r * n:r * n + n] for r in range(n)]
    try:
        puzzle = puzzle_from_json(obj, box).with_rules(rules)
    except ParseError as err:
        raise ParseError(f"ipuz: {err.message}") from None
    solution = tuple(_grid(doc, "solution", n, symbols, None)) if "solution" in doc else None
    if solution is not None:
        _check(puzzle, solution)
    meta = {k: doc[src] for k, src in (("title", "title"), ("author", "author"),
                                       ("comment", "notes")) if isinstance(doc.get(src), str)}
    return IpuzReading(puzzle, meta, solution)


def ipuz_records(text: str, source: str | None = None, box: BoxSpec = "auto",
                 rules: tuple[Rule, ...] = ()) -> list[Record]:
    """The input records of an ipuz document (the puzzle, or the error that stopped it), or
    of ipuz documents one per line, as ``convert --to ipuz`` writes many puzzles (``#``
    lines and blank lines left out: the notes of puzzles it could not write)."""
    lines = [(k, ln) for k, ln in enumerate(text.splitlines(), 1)
             if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) > 1 and all(ln.lstrip().startswith("{") and ln.rstrip().endswith("}")
                              for _, ln in lines):
        try:
            load_json(lines[0][1])
        except json.JSONDecodeError:
            pass  # (one document over several lines)
        else:
            return [_record(k, ln, source, box, rules, True) for k, ln in lines]
    return [_record(1, text, source, box, rules, False)]


def _record(line: int, text: str, source: str | None, box: BoxSpec,
            rules: tuple[Rule, ...], many: bool) -> Record:
    try:
        reading = read_ipuz(text, box, rules)
    except ParseError as err:
        return Record(line, "", error=ParseError(err.message, source, line if many else None))
    meta = tuple(reading.meta.items())
    if reading.solution is not None and 0 not in reading.solution:
        meta += (("solution", format_line(reading.puzzle.board, reading.solution)),)
    return Record(line, "", reading.puzzle, meta=meta)


def _check(puzzle: Puzzle, solution: tuple[int, ...]) -> None:
    from satdoku.formats.reading_check import broken_by

    if 0 in solution:
        return  # a partial solution checks nothing
    broken = broken_by(puzzle, solution)
    if broken:
        raise ParseError(f"ipuz: the file's solution breaks {'; '.join(broken[:4])}: the "
                         "puzzle and its solution disagree, so no answer is given")


def to_ipuz(puzzle: Puzzle, meta: dict[str, str] | None = None,
            solution: tuple[int, ...] | None = None) -> dict[str, Any]:
    """The ipuz Sudoku document of ``puzzle``; RuleError naming what ipuz cannot hold."""
    board, n = puzzle.board, puzzle.board.n
    obj = puzzle_to_json(puzzle)
    doc: dict[str, Any] = {"version": VERSION, "kind": [KIND]}
    meta = meta or {}
    doc.update({k: meta[m] for k, m in (("title", "title"), ("author", "author"),
                                        ("notes", "comment")) if meta.get(m)})
    doc["charset"] = "123456789"[:n] if n <= 9 else ALPHABET[1:n + 1]
    standard = board.regions is None and board.box is not None and board.box == default_box(
        n) and math.isqrt(n) ** 2 == n
    doc["boxes"] = standard
    zones = [] if standard or (board.box is None and board.regions is None) else \
        [list(unit) for unit in board.boxes]
    problems = []
    for name in obj.get("rules", []):
        if name in ("diagonal", "diagonal+", "diagonal-"):
            zones += [[k * n + k for k in range(n)]] if name != "diagonal+" else []
            zones += [[k * n + n - 1 - k for k in range(n)]] if name != "diagonal-" else []
        elif name in DRAWN:
            zones += [list(unit) for unit in DRAWN[name].regions(board)]
        else:
            problems.append(name)
    zones += [[_index(c, n) for c in unit] for unit in obj.get("extra_regions", [])]
    doc["puzzle"] = [list(puzzle.givens[r * n:r * n + n]) for r in range(n)]
    if solution is not None:
        doc["solution"] = [list(solution[r * n:r * n + n]) for r in range(n)]
    if zones:
        doc["zones"] = [{"cells": [[i % n + 1, i // n + 1] for i in zone]} for zone in zones]
    cages = obj.get("cages", [])
    if any("sum" not in c for c in cages):
        problems.append("cages without a sum")
    if cages:
        doc["cages"] = [{"cells": [[int(x) for x in re.findall(r"\d+", c)][::-1]
                                   for c in cage["cells"]], "value": cage["sum"],
                         "operator": "+"} for cage in cages if "sum" in cage]
    problems += [k for k in obj if k not in ("size", "box", "regions", "givens", "rules",
                                             "cages", "extra_regions")]
    if problems or puzzle.eliminated:
        raise RuleError("ipuz cannot express " + ", ".join(
            problems + (["given pencil marks"] if puzzle.eliminated else [])))
    return doc


def format_ipuz(puzzle: Puzzle, meta: dict[str, str] | None = None,
                solution: tuple[int, ...] | None = None) -> str:
    """The ipuz document as JSON text."""
    return json.dumps(to_ipuz(puzzle, meta, solution), ensure_ascii=False)


def _index(name: str, n: int) -> int:
    r, c = map(int, re.findall(r"\d+", name))
    return (r - 1) * n + c - 1

"""The per-puzzle constraints of f-puzzles and their satdoku JSON keys, as one table.

Glossary: an f-puzzles *entry* is one element of a key's list (``{"cells": ["R1C1", "R1C2"],
"value": "12"}``); a satdoku *item* is one element of the matching satdoku key's list
(``{"cells": ["r1c1", "r1c2"], "sum": 12}``). Each :class:`Key` row says how one becomes the
other; the *kind* is the shape of the entry:

- ``cell``: ``{"cell": "R1C1"}`` ↔ ``"r1c1"`` (even, odd, minimum, maximum);
- ``cells``: ``{"cells": [...], "value"?}`` ↔ the cells, or an object with the value
  (killer cages, kropki dots, XV, extra regions, quadruples);
- ``lines``: ``{"lines": [[...], ...], "value"?}`` ↔ one item per line (thermometers, …);
- ``outside``: ``{"cell": "R0C3", "value": "12"}`` ↔ ``{"clue": "r0c3", "sum": 12}``;
- ``arrow``: ``{"cells": circle, "lines": [[circle cell, line…], …]}`` ↔ one item per line;
- ``clone``: ``{"cells": A, "cloneCells": B}`` ↔ ``[A, B]``.

Reading raises :class:`Unsupported` for an entry satdoku cannot express (a killer cage whose
label is not a number) and ParseError (naming the f-puzzles path) for a malformed one.

>>> read_entry(KEYS["killercage"], {"cells": ["R1C1", "R1C2"], "value": "3"}, "killercage[0]", 9)
[{'cells': ['r1c1', 'r1c2'], 'sum': 3}]
>>> write_items(KEYS["killercage"], [{'cells': ['r1c1', 'r1c2'], 'sum': 3}], 9)
[{'cells': ['R1C1', 'R1C2'], 'value': '3'}]
"""

from __future__ import annotations

import re
from typing import Any

from satdoku.errors import ParseError
from satdoku.rules.data import FPUZZLES_KEYS
from satdoku.rules.data import FpuzzlesKey as Key  # (its readers and writers are here)


class Unsupported(Exception):
    """An entry (or rule) that the other format cannot express; ``what`` names it."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


#: f-puzzles key → row.
KEYS: dict[str, Key] = {row.fkey: row for row in FPUZZLES_KEYS if not row.routed}
#: satdoku key → row.
BY_SATDOKU: dict[str, Key] = {row.skey: row for row in FPUZZLES_KEYS}
DIRECTIONS = ("UL", "UR", "DL", "DR")
_CELL = re.compile(r"\s*[rR](\d{1,9})\s*[cC](\d{1,9})\s*")  # (int() refuses 4,300+ digits)


# -- small readers (f-puzzles → satdoku) ---------------------------------------------------------
def fail(path: str, message: str) -> ParseError:
    return ParseError(f"f-puzzles {path}: {message}")


def switch(obj: dict, key: str, path: str = "") -> bool:
    """A true/false key (absent or null: false). Anything else is a ParseError rather than
    JavaScript's truthiness, under which "false" and "no" would be true."""
    value = obj.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    raise fail(path or key, f"expected true or false, got {value!r}")


def _expect(value: Any, kind: type, path: str, what: str) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool):
        found = "null" if value is None else type(value).__name__.replace("dict", "object")
        raise fail(path, f"expected {what}, got {found}")
    return value


def _row_col(value: Any, path: str) -> tuple[int, int]:
    text = _expect(value, str, path, 'a cell like "R1C1"')
    match = _CELL.fullmatch(text)
    if not match:
        raise fail(path, f"bad cell {text!r}: expected R<row>C<column>, e.g. R1C1")
    return int(match[1]), int(match[2])


def cell(value: Any, path: str, n: int) -> str:
    """``"R1C1"`` → ``"r1c1"``, a cell of the n×n grid."""
    r, c = _row_col(value, path)
    if not (1 <= r <= n and 1 <= c <= n):
        raise fail(path, f"cell {value} is outside the {n}x{n} grid")
    return f"r{r}c{c}"


def outside(value: Any, path: str, n: int) -> str:
    """``"R0C3"`` → ``"r0c3"``, a clue cell just outside the grid."""
    r, c = _row_col(value, path)
    if 1 <= r <= n and 1 <= c <= n:
        raise fail(path, f"clue cell {value} is inside the grid (clues sit in row or column 0 "
                         f"or {n + 1})")
    if not (0 <= r <= n + 1 and 0 <= c <= n + 1):
        raise fail(path, f"clue cell {value} is not next to the {n}x{n} grid")
    return f"r{r}c{c}"


def cells(value: Any, path: str, n: int) -> list[str]:
    return [cell(v, f"{path}[{k}]", n)
            for k, v in enumerate(_expect(value, list, path, "a list of cells"))]


def number(value: Any, what: str, path: str = "") -> int | None:
    """A clue value: a number or a numeric string; None when empty; ParseError (at ``path``)
    for a number too long to be a clue; Unsupported otherwise (a label such as "?")."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,9}\s*", value):
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        digits = value.strip()
        shown = digits if len(digits) <= 20 else digits[:20] + "…"
        raise fail(f"{path or what}.value", f"{shown} is too large for a clue ({len(digits)} "
                                             "digits)")
    raise Unsupported(f"{what} (value {value!r} is not a number)")


#: A killer cage labelled DR1..DR9: its sum has that digital root (multisum_cages).
_DIGITAL_ROOT = re.compile(r"\s*DR\s*([1-9])\s*", re.IGNORECASE)


def route(key: Key, entry: Any, path: str, n: int) -> tuple[Key, list[Any]]:
    """The row an f-puzzles entry of ``key`` belongs to, and its satdoku items: a killer cage
    labelled ``DR5`` is a digital-root cage (any other label is read by ``key``'s row).

    >>> row, items = route(KEYS["killercage"], {"cells": ["R1C1"], "value": "dr5"}, "k[0]", 9)
    >>> row.skey, items
    ('multisum_cages', [{'cells': ['r1c1'], 'digital_root': 5}])
    """
    value = entry.get("value") if isinstance(entry, dict) else None
    root = _DIGITAL_ROOT.fullmatch(value) if isinstance(value, str) else None
    if key.fkey == "killercage" and root:
        row = BY_SATDOKU["multisum_cages"]
        assert row.field is not None
        return row, [{"cells": cells(entry.get("cells"), f"{path}.cells", n),
                      row.field: int(root[1])}]
    return key, read_entry(key, entry, path, n)


def _value(key: Key, entry: dict, path: str) -> Any:
    raw = entry.get("values" if key.fkey == "quadruple" else "value")
    if key.fkey == "quadruple":
        digits = _expect(raw, list, f"{path}.values", "a list of digits")
        return [_expect(d, int, f"{path}.values[{k}]", "a digit") for k, d in enumerate(digits)]
    if key.letters and isinstance(raw, str) and raw.strip():
        letter = raw.strip().upper()
        if letter not in key.letters:
            raise Unsupported(f"{key.fkey} (value {raw!r})")
        return key.letters[letter]
    return number(raw, key.fkey, path) if key.field else None


def read_entry(key: Key, entry: Any, path: str, n: int) -> list[Any]:
    """The satdoku items of one f-puzzles entry (none for an empty clue)."""
    obj = _expect(entry, dict, path, f"an object (an entry of {key.fkey})")
    if key.kind == "cell":
        return [cell(obj.get("cell"), f"{path}.cell", n)]
    if key.kind == "outside":
        return _read_outside(key, obj, path, n)
    if key.kind == "arrow":
        return _read_arrow(obj, path, n)
    if key.kind == "clone":
        a, b = cells(obj.get("cells"), f"{path}.cells", n), cells(obj.get("cloneCells"),
                                                                   f"{path}.cloneCells", n)
        if len(a) != len(b):
            raise fail(path, f"{len(a)} cells and {len(b)} clone cells: a clone has the "
                             "same shape")
        return [[a, b]]
    value = _value(key, obj, path)
    if key.kind == "lines":
        lines = _expect(obj.get("lines"), list, f"{path}.lines", "a list of lines")
        groups = [cells(line, f"{path}.lines[{k}]", n) for k, line in enumerate(lines)]
    else:
        groups = [cells(obj.get("cells"), f"{path}.cells", n)]
    if value is None and key.needs_value:
        return []
    return [_item(key, group, value) for group in groups]


def _item(key: Key, group: list[str], value: Any) -> Any:
    if key.plain and (value is None or value == key.default):
        return group
    return {"cells": group, **({} if value is None else {key.field: value})}


def _read_outside(key: Key, obj: dict, path: str, n: int) -> list[Any]:
    clue = outside(obj.get("cell"), f"{path}.cell", n)
    value = number(obj.get("value"), key.fkey, path)
    if value is None:
        return []
    item: dict[str, Any] = {"clue": clue}
    if key.fkey == "littlekillersum":
        direction = obj.get("direction")
        if direction not in DIRECTIONS:
            raise fail(f"{path}.direction", f"expected one of {', '.join(DIRECTIONS)}, got "
                                            f"{direction!r}")
        item["direction"] = direction
    assert key.field is not None
    item[key.field] = value
    return [item]


def _read_arrow(obj: dict, path: str, n: int) -> list[Any]:
    circle = cells(obj.get("cells"), f"{path}.cells", n)
    lines = _expect(obj.get("lines", []), list, f"{path}.lines", "a list of lines")
    reading = sorted(circle, key=lambda name: tuple(map(int, re.findall(r"\d+", name))))
    items = []
    for k, line in enumerate(lines):
        shaft = cells(line, f"{path}.lines[{k}]", n)
        while shaft and shaft[0] in circle:  # lines start at (or inside) the circle
            shaft.pop(0)
        if shaft:
            items.append({"circle": reading, "line": shaft})
    if not items:  # a circle alone says nothing satdoku knows; the setter meant something
        raise Unsupported("arrow without a line (a circle alone)")
    return items


# -- writing (satdoku → f-puzzles) ---------------------------------------------------------------
def upper(name: str) -> str:
    """``"r1c1"`` → ``"R1C1"``."""
    return name.upper()


def _cells_of(item: Any) -> tuple[list[str], Any]:
    """(cells, the object or None) of a plain or object item."""
    if isinstance(item, dict):
        return list(item["cells"]), item
    return list(item), None


def _write_value(key: Key, value: int) -> Any:
    if key.letters:
        letter = next((k for k, v in key.letters.items() if v == value), None)
        if letter is None:
            raise Unsupported(f"{key.skey} with sum {value} (f-puzzles has X = 10 and V = 5)")
        return letter
    return f"{key.prefix}{value}" if key.text else value


def write_items(key: Key, items: list[Any], n: int) -> list[dict]:
    """The f-puzzles entries of a satdoku key's items."""
    if key.kind == "arrow":
        return _write_arrows(items)
    out: list[dict] = []
    for item in items:
        if key.kind == "cell":
            out.append({"cell": upper(item)})
        elif key.kind == "outside":
            out.append(_write_outside(key, item, n))
        elif key.kind == "clone":
            first, *others = item
            out += [{"cells": [upper(c) for c in first], "cloneCells": [upper(c) for c in o]}
                    for o in others]
        else:
            group, obj = _cells_of(item)
            entry: dict[str, Any] = ({"lines": [[upper(c) for c in group]]}
                                     if key.kind == "lines" else
                                     {"cells": [upper(c) for c in group]})
            value = None if obj is None or key.field is None else obj.get(key.field)
            if key.routed and value is None:
                raise Unsupported(f"{key.skey} without a {key.field} (f-puzzles labels "
                                  f"{key.prefix}1..{key.prefix}9 only)")
            if key.fkey == "quadruple":
                entry["values"] = list(value or [])
            elif value is not None and value != key.default:
                entry["value"] = _write_value(key, value)
            out.append(entry)
    return out


def _write_outside(key: Key, item: dict, n: int) -> dict:
    assert key.field is not None
    entry: dict[str, Any] = {"cell": upper(item["clue"])}
    if key.fkey == "littlekillersum":
        entry["cells"] = diagonal(item["clue"], item["direction"], n)
        entry["direction"] = item["direction"]
    entry["value"] = str(item[key.field])
    return entry


def diagonal(clue: str, direction: str, n: int) -> list[str]:
    """The cells a little killer clue points along, from the clue outward.

    >>> diagonal("r0c1", "DR", 4)
    ['R1C2', 'R2C3', 'R3C4']
    """
    r, c = map(int, re.findall(r"\d+", clue))
    dr, dc = (-1 if direction[0] == "U" else 1), (-1 if direction[1] == "L" else 1)
    out = []
    r, c = r + dr, c + dc
    while 1 <= r <= n and 1 <= c <= n:
        out.append(f"R{r}C{c}")
        r, c = r + dr, c + dc
    return out


def _touching(a: str, b: str) -> bool:
    (r0, c0), (r1, c1) = (map(int, re.findall(r"\d+", x)) for x in (a, b))
    return max(abs(r0 - r1), abs(c0 - c1)) == 1


def _write_arrows(items: list[dict]) -> list[dict]:
    """Arrows sharing a circle become one f-puzzles arrow with several lines, each line
    starting at the circle cell it leaves from."""
    by_circle: dict[tuple[str, ...], list[list[str]]] = {}
    for item in items:
        circle, line = item["circle"], item["line"]
        start = next((c for c in circle if _touching(c, line[0])), circle[0])
        by_circle.setdefault(tuple(circle), []).append([start, *line])
    return [{"cells": [upper(c) for c in circle],
             "lines": [[upper(c) for c in line] for line in lines]}
            for circle, lines in by_circle.items()]

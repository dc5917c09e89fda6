"""What a request's ``data`` says: the f-puzzles puzzle, read the way each command reads it.

Glossary: the *givens* reading keeps only cells marked ``given`` and their
``givenPencilMarks`` (truecandidates, solve, check, count); the *state* reading is the
solving state on screen: every digit placed (given or typed), and in the other cells the
centre marks — or, without them, the given pencil marks — as the cell's remaining
candidates (step, solvepath, estimate). *Options* ride in the f-puzzles JSON:
``truecandidatesoptions`` (the cap of the per-candidate counts, ``logical``) and
``disabledlogic`` (families of techniques turned off).

Hostile data is refused before it costs much: the payload is decoded with a limit on what
it may inflate to, the board size is checked before any rule is read, and every other
problem is a :class:`~satdoku.errors.ParseError` whose message a setter understands
(unsupported constraints named, as the CLI names them).

>>> from satdoku.formats.lzstring import compress_to_base64
>>> cell = {"value": 1, "given": True}
>>> fobj = {"size": 4, "grid": [[cell, {"value": 2}, {"centerPencilMarks": [3, 4]}, {}]]
...         + [[{}, {}, {}, {}]] * 3, "truecandidatesoptions": ["truecandidatesnumsolutions=8"]}
>>> r = read(compress_to_base64(__import__("json").dumps(fobj)))
>>> r.puzzle("givens").givens[:4], r.puzzle("state").givens[:4], r.options.cap
((1, 0, 0, 0), (1, 2, 0, 0), 8)
>>> sorted(r.puzzle("state").eliminated)
[(2, 1), (2, 2)]
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from satdoku.errors import ParseError
from satdoku.formats.fpuzzles import read_fpuzzles
from satdoku.formats.fpuzzles_links import link_payload
from satdoku.formats.limits import fpuzzles_bound, load_json
from satdoku.formats.lzstring import decompress_from_base64
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule

_BASE64 = re.compile(r"[A-Za-z0-9+/]+=*")
#: Characters a payload may inflate to (real puzzles: well under 100,000).
MAX_DECODED = 4 * 1024 * 1024
#: The largest board served (f-puzzles' editor makes boards up to 16x16).
MAX_SIZE = 16
#: The cap that the legacy option ``colored`` stands for.
LEGACY_CAP = 8
#: The families of techniques the editor can turn off (``disabledlogic``).
FAMILIES = ("tuples", "pointing", "fishes", "wings", "aic", "contradictions")
#: The highest cap served (the editor offers far less; a count beyond is not a colour).
MAX_CAP = 1000


@dataclass(frozen=True)
class Options:
    """The per-candidate cap (1: plain true candidates), the ``logical`` option, and the
    families of techniques turned off."""

    cap: int = 1
    logical: bool = False
    disabled: frozenset[str] = frozenset()


@dataclass
class Reading:
    """A request's f-puzzles object and options; the puzzle of each reading, made once."""

    fobj: dict[str, Any]
    options: Options
    rules: tuple[Rule, ...] = ()
    ignore_unsupported: bool = False
    _made: dict[str, Puzzle] = field(default_factory=dict)

    def puzzle(self, kind: str) -> Puzzle:
        """The puzzle of the ``givens`` or the ``state`` reading (ParseError when it cannot
        be read: unsupported constraints, bad cells …)."""
        if kind not in self._made:
            fobj = self.fobj if kind == "givens" else state_of(self.fobj)
            self._made[kind] = read_fpuzzles(fobj, rules=self.rules,
                                             ignore_unsupported=self.ignore_unsupported).puzzle
        return self._made[kind]


def read(data: Any, rules: tuple[Rule, ...] = (), ignore_unsupported: bool = False,
         max_size: int = MAX_SIZE) -> Reading:
    """The reading of a request's ``data``: an lz-string payload (or a link holding one)."""
    if not isinstance(data, str) or not data.strip():
        raise ParseError("the request holds no puzzle ('data' is missing or empty)")
    fobj = decode(data)
    _check_size(fobj, max_size)
    return Reading(fobj, options_of(fobj), rules, ignore_unsupported)


def decode(data: str) -> dict[str, Any]:
    """The f-puzzles object of a payload, refused when it would inflate past
    :data:`MAX_DECODED` characters (an lz-string bomb) or is not f-puzzles JSON."""
    try:
        data = data.strip()
        # (else a link holding the payload; damaged data without a '/' is no link)
        bare = _BASE64.fullmatch(data) is not None or "/" not in data
        text = decompress_from_base64(data if bare else link_payload(data), MAX_DECODED,
                                      fpuzzles_bound)
        fobj = load_json(text)
    except ParseError:
        raise
    except ValueError as err:  # (json.JSONDecodeError too)
        raise ParseError(f"the puzzle data is damaged ({err}): it is not an f-puzzles "
                         "puzzle compressed as the editor sends it") from None
    if not isinstance(fobj, dict) or not isinstance(fobj.get("grid"), list):
        raise ParseError("the puzzle data is not an f-puzzles puzzle (an object with a grid)")
    return fobj


def _check_size(fobj: dict[str, Any], max_size: int) -> None:
    size = fobj.get("size", len(fobj["grid"]))
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise ParseError(f"f-puzzles size: expected a board size, got {size!r}")
    if size > max_size or len(fobj["grid"]) > max_size:
        n = max(size, len(fobj["grid"]))
        raise ParseError(f"a {n}x{n} board is larger than this server answers (at most "
                         f"{max_size}x{max_size}; satdoku serve --max-size)")


def options_of(fobj: dict[str, Any]) -> Options:
    """The options riding in the f-puzzles JSON (anything unreadable: the default)."""
    raw = fobj.get("truecandidatesoptions")
    names = [x for x in raw if isinstance(x, str)] if isinstance(raw, list) else []
    cap = 1
    for name in names:
        match = re.fullmatch(r"\s*truecandidatesnumsolutions\s*=\s*(\d{1,9})\s*", name)
        if match:
            cap = max(1, min(MAX_CAP, int(match[1])))
        elif name.strip() == "colored":
            cap = max(cap, LEGACY_CAP)
    off = fobj.get("disabledlogic")
    disabled = frozenset(x for x in off if x in FAMILIES) if isinstance(off, list) else frozenset()
    return Options(cap, "logical" in names, disabled)


def state_of(fobj: dict[str, Any]) -> dict[str, Any]:
    """The f-puzzles object of the solving state: every placed digit a given, the centre
    marks (else the given pencil marks) of the other cells as their given pencil marks."""
    grid = []
    for row in fobj["grid"]:
        if not isinstance(row, list):
            return fobj  # (malformed: reading it says where)
        cells = []
        for cell in row:
            if not isinstance(cell, dict):
                return fobj
            if cell.get("value") not in (None, "", 0):
                cells.append({**cell, "given": True})
                continue
            marks = cell.get("centerPencilMarks") or cell.get("givenPencilMarks")
            cells.append({**{k: v for k, v in cell.items() if k != "value"}, "given": False,
                          "givenPencilMarks": marks})
        grid.append(cells)
    return {**fobj, "grid": grid}


def dumps(obj: Any) -> str:
    """A response as compact JSON text."""
    return json.dumps(obj, separators=(",", ":"))

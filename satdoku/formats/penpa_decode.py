"""Penpa+ links decoded: the drawing data of a ``penpa-edit/?m=…&p=…`` link.

Glossary: a Penpa+ link's ``p`` parameter is the puzzle, its ``a`` parameter (optional) the
setter's answer, each base64 of raw DEFLATE data. The puzzle is text lines: [0] a header
(grid type, columns, rows, …, "Title: …", "Author: …", source, rules text with ``%2C`` for
",", ``%2D`` a new line, ``%2E`` "&", ``%2F`` "="), [1] the white space around the grid
([top, bottom, left, right]), [3] the problem layer ``pu_q`` as JSON whose common words are
abbreviated (``"number"`` → ``zN`` …; :data:`WORDS`), [5] the list of board cells,
difference-coded, [17] genre tags. A *point* numbers every place of a grid with a margin of
2 around it: ``N`` = (columns+4)·(rows+4); a cell's centre is ``row·(columns+4) + column``
(both counted with the margin), a vertex ``N`` more, the middle of a cell's bottom edge
``2N`` more, of its right edge ``3N`` more, a cell's four quarter points ``4N + 4·cell + q``.

Written from the format's description (Penpa+'s public sources); no code copied.

>>> import base64, zlib
>>> raw = "square,4,4,38,0,1,1\\n[0,0,0,0]\\n{}\\n{zN:{}}\\n\\n[18,1,1,1,5,1,1,1,5,1,1,1,5,1,1,1]"
>>> z = zlib.compressobj(9, zlib.DEFLATED, -15)
>>> p = base64.b64encode(z.compress(raw.encode()) + z.flush()).decode()
>>> d = decode_link("https://swaroopg92.github.io/penpa-edit/#m=solve&p=" + p)
>>> d.columns, d.rows, d.centres[:3], d.q["number"]
(4, 4, [18, 19, 20], {})
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from satdoku.errors import ParseError
from satdoku.formats.limits import MAX_DECODED, load_json

#: Penpa+'s abbreviations of its JSON words (``zZ`` is a ``z`` of the text itself).
WORDS = {"z9": '"qa"', "zQ": '"pu_q"', "zA": '"pu_a"', "zG": '"grid"', "zM": '"edit_mode"',
         "zS": '"surface"', "zL": '"line"', "zE": '"lineE"', "zW": '"wall"', "zC": '"cage"',
         "zN": '"number"', "zY": '"symbol"', "zP": '"special"', "zB": '"board"',
         "zR": '"command_redo"', "zU": '"command_undo"', "z8": '"command_replay"',
         "z1": '"numberS"', "zF": '"freeline"', "z2": '"freelineE"', "zT": '"thermo"',
         "z3": '"arrows"', "zD": '"direction"', "z0": '"squareframe"', "z5": '"polygon"',
         "z4": '"deletelineE"', "z6": '"killercages"', "z7": '"nobulbthermo"', "z_": '"__a"',
         "zO": "null", "zZ": "z"}
_LINK = re.compile(r"(?i)(?:https?:/*)?[^\s?#]*penpa[^\s?#]*[?#](\S*)")
#: A Penpa+ copy served elsewhere (a fork, a local server): its own ``m=…&…p=`` parameters.
_ANY_HOST = re.compile(r"(?i)https?://[^\s?#]*[?#](m=[a-z]+&\S*)")
_ESCAPES = {"%2C": ",", "%2D": "\n", "%2E": "&", "%2F": "="}


@dataclass
class PenpaData:
    """A Penpa+ puzzle's drawing: grid type and size, board cells, problem layer, texts."""

    grid_type: str
    columns: int
    rows: int
    space: list[int]
    centres: list[int]
    q: dict[str, Any]
    colours: dict[str, Any] = field(default_factory=dict)
    title: str = ""
    author: str = ""
    rules: str = ""
    tags: list[str] = field(default_factory=list)
    answer: Any = None
    #: The Sudoku variants a link of the Penpa+ Sudoku studio names (``&variants=classic,
    #: killer``), lower case; empty when it names none.
    variants: tuple[str, ...] = ()
    #: The grid's X-Sudoku option (the header's Sudoku flags 1 and 4, set when the grid was
    #: made with its diagonals), per diagonal.
    header_flags: dict[str, bool] = field(default_factory=dict)


def _inflate(data: str, what: str) -> str:
    data = unquote(data).replace(" ", "+")
    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4), validate=False)
        z = zlib.decompressobj(-15)
        text = z.decompress(raw, MAX_DECODED)
        if z.unconsumed_tail:
            raise ParseError(f"the Penpa+ link's {what} inflates to more than "
                             f"{MAX_DECODED:,} bytes, more than any puzzle")
        return text.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError) as err:
        raise ParseError(f"the Penpa+ link's {what} is damaged ({err}): copy the whole link "
                         "again") from None


def expand(text: str) -> str:
    """Penpa+'s abbreviated JSON text with its words back, in one left-to-right pass.

    >>> expand('{zN:{"1":["5",1,"1"]},zT:[],a:zO,b:"zZ9"}')
    '{"number":{"1":["5",1,"1"]},"thermo":[],a:null,b:"z9"}'
    """
    return re.sub(r"z.", lambda m: WORDS.get(m[0], m[0]), text)


def _json(text: str, what: str) -> Any:
    try:
        return load_json(text)
    except json.JSONDecodeError as err:
        raise ParseError(f"the Penpa+ puzzle's {what} is not JSON ({err.msg} at character "
                         f"{err.pos})") from None


def params(link: str) -> dict[str, str]:
    """The ``m``, ``p``, ``a`` … parameters of a Penpa+ link."""
    match = _LINK.match(link.strip()) or _ANY_HOST.match(link.strip())
    if match is None:
        raise ParseError("not a Penpa+ link (…/penpa-edit/?m=…&p=…)")
    out = {}
    for part in re.split(r"[&?#]", match[1]):
        key, _, value = part.partition("=")
        out[key] = value
    if not out.get("p"):
        raise ParseError("the Penpa+ link has no puzzle (p=…): copy the whole link again")
    return out


def is_penpa(text: str) -> bool:
    """Whether ``text`` (one line) is a Penpa+ link."""
    text = text.strip()
    return (_LINK.match(text) is not None or _ANY_HOST.match(text) is not None) \
        and "p=" in text


def decode_link(link: str) -> PenpaData:
    """The drawing data of a Penpa+ link; ParseError naming what is wrong."""
    found = params(link)
    lines = _inflate(found["p"], "puzzle").split("\n")
    if len(lines) < 6:
        raise ParseError(f"the Penpa+ puzzle has {len(lines)} line{'s' * (len(lines) != 1)} "
                         "of data; a puzzle has at "
                         "least 6 (an old format satdoku does not read, or a damaged link)")
    head = lines[0].replace("zO", "null").split(",")
    try:
        columns, rows = int(head[1]), int(head[2])
    except (IndexError, ValueError):
        raise ParseError(f"the Penpa+ puzzle's header {lines[0][:40]!r} names no grid size") \
            from None
    centres = _json(lines[5], "cell list")
    if not isinstance(centres, list) or not all(isinstance(k, int) for k in centres):
        raise ParseError("the Penpa+ puzzle's cell list is not a list of numbers")
    for k in range(1, len(centres)):
        centres[k] += centres[k - 1]
    q = _json(expand(lines[3]), "problem layer")
    colours = _json(expand(lines[14]), "colours") if len(lines) > 14 and lines[14].strip() \
        .startswith("{") else {}
    data = PenpaData(head[0], columns, rows, _json(lines[1].replace("zO", "null"), "spaces"),
                     centres, q if isinstance(q, dict) else {}, colours or {},
                     _text(head, 15, "Title: "), _text(head, 16, "Author: "), _text(head, 18))
    flagged = any(len(head) > k and head[k] == "1" for k in (11, 14))
    data.header_flags = {"diagonal-": flagged, "diagonal+": flagged}
    if len(lines) > 17 and lines[17].strip().startswith("["):
        tags = _json(lines[17], "genre tags")
        data.tags = [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []
    data.variants = tuple(v.strip().lower() for v in unquote(found.get("variants", "")).split(",")
                          if v.strip())
    if found.get("a"):
        data.answer = _json(_inflate(found["a"], "answer"), "answer")
    return data


def _text(head: list[str], k: int, prefix: str = "") -> str:
    if len(head) <= k:
        return ""
    text = head[k]
    for code, ch in _ESCAPES.items():
        text = text.replace(code, ch)
    return text.removeprefix(prefix).strip()

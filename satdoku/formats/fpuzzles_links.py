"""f-puzzles and SudokuPad links: found in what people paste, decoded, and made.

Glossary: a *payload* is f-puzzles JSON compressed by lz-string's ``compressToBase64``
(:mod:`satdoku.formats.lzstring`); an *f-puzzles link* carries it as
``f-puzzles.com/?load=PAYLOAD``, a *SudokuPad link* as ``sudokupad.app/fpuzzlesPAYLOAD`` (or
``?puzzleid=fpuzzlesPAYLOAD``). A *short link* (``?id=``, a SudokuPad id, tinyurl) holds no
payload: the puzzle is on a server, and satdoku does not use the network. Also here: the
input records of the commands (one per link, or per f-puzzles JSON object).

>>> from satdoku.formats.fpuzzles_write import to_fpuzzles
>>> from satdoku.formats.fpuzzles import read_fpuzzles
>>> grid = [[{"value": 1, "given": True}, {}, {}, {}]] + [[{}, {}, {}, {}]] * 3
>>> link = to_link(to_fpuzzles(read_fpuzzles({"size": 4, "grid": grid}).puzzle))
>>> link[:40], read_link(link)["grid"][0][0]
('https://f-puzzles.com/?load=N4IgzglgXgpi', {'value': 1, 'given': True})
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.drawn_records import penpa_record, scf_record, scl_record
from satdoku.formats.limits import (
    MAX_DECODED,
    count_error,
    declared_size,
    fpuzzles_bound,
    fpuzzles_limit,
    load_json,
)
from satdoku.formats.lzstring import TooLong, compress_to_base64, decompress_from_base64
from satdoku.formats.penpa_decode import is_penpa
from satdoku.formats.records import BoxSpec, Record
from satdoku.formats.sudokupad_links import link_kind
from satdoku.formats.text import LineRecords, text_lines
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule

#: Where the links point.
SITES = {"fpuzzles": "https://f-puzzles.com/?load=", "sudokupad": "https://sudokupad.app/fpuzzles"}


# -- links ---------------------------------------------------------------------------------------
_URL = re.compile(r"(?i)^(?:https?:/*)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)")
_BARE = re.compile(r"N4Ig[A-Za-z0-9+/ ]*=*")  # an f-puzzles payload: '{"' compresses to N4Ig
_PAYLOAD = re.compile(r"(?i)(?:[?&]load=|fpuz(?:zles)?)([^&#]*)")
_BASE64 = re.compile(r"[A-Za-z0-9+/=]*")
_HOSTS = re.compile(r"(?i)(?:www\.|beta\.|app\.)?(?:f-puzzles\.com|sudokupad\.app|"
                    r"crackingthecryptic\.com|tinyurl\.com|bit\.ly)\b")


def is_link(text: str) -> bool:
    """Whether ``text`` (one line) is a web address (``http…``, or a host that f-puzzles
    links use) or a bare f-puzzles payload — not a file name like ``puzzles.txt``."""
    text = _unwrap(text)
    if not text or _BARE.fullmatch(text):
        return bool(text)
    if link_kind(text) is not None or is_penpa(text):  # SudokuPad's own payloads too
        return True  # (sclN4Sw…), and Penpa+ on any host (http://localhost:5174/#m=solve&p=…)
    return _URL.match(text) is not None and (
        re.match(r"(?i)https?:", text) is not None or _HOSTS.match(text) is not None
        or _PAYLOAD.search(text) is not None)


_MARKDOWN = re.compile(r"^\[[^\]]*\]\((.*)\)$")  # [text](link)
_ESCAPED = re.compile(r"(?i)^(?:https?)?%3A")  # https%3A%2F%2F… : the whole link %-escaped
_AROUND = "<>\"'`“”‘’„«»()[]{}"


def _unwrap(text: str) -> str:
    """A pasted link without what is around it: angle brackets, quotes (smart ones too),
    parentheses, a Markdown link's text, a full stop after it; a link %-escaped as a whole
    is unescaped (the payload's own ``%2B`` stay escaped once).

    >>> _unwrap("“[puzzle](https%3A%2F%2Ff-puzzles.com%2F%3Fload%3DN4Ig%252B)”.")
    'https://f-puzzles.com/?load=N4Ig%2B'
    """
    text = text.strip().rstrip(".,;:!?").strip("“”‘’„«»\"'`").strip()
    match = _MARKDOWN.match(text)
    text = (match[1] if match else text).strip().strip(_AROUND).strip()
    return unquote(text) if _ESCAPED.match(text) else text


def link_payload(text: str) -> str:
    """The lz-string payload of an f-puzzles or SudokuPad link (or a bare payload), cleaned of
    what mail and chat do to links; ParseError for links that need the network.

    >>> link_payload("<https:/f-puzzles.com/?load=N4Ig%2Bab cd&utm=x>")
    'N4Ig+ab+cd'
    """
    text, kind = _unwrap(text), ""
    if not _BARE.fullmatch(text):
        link = unquote(text)
        match = _PAYLOAD.search(link)
        if match is None:
            raise ParseError(_needs_network(link))
        kind = match[0][:len(match[0]) - len(match[1])].lstrip("?&")  # load=, fpuz, fpuzzles
        if not match[1].strip():
            raise ParseError(f"the link is empty after {kind!r} (cut short?): copy the whole "
                             "link again")
        text = match[1]
    payload = _BASE64.match(text.replace(" ", "+"))
    if payload is None or not payload[0]:  # (a bare payload starts N4Ig: only links)
        raise ParseError(f"the link is damaged: after {kind!r} comes no Base64 data; copy "
                         "the whole link again")
    return payload[0]


def _needs_network(link: str) -> str:
    host = re.sub(r"(?i)^(?:https?:/*)?", "", link).split("/")[0].split("?")[0]
    sudokupad = re.search(r"(?i)sudokupad|crackingthecryptic", host)
    if sudokupad:
        return (f"this {host} link names a puzzle that SudokuPad keeps on its server, and "
                "satdoku does not use the network: give satdoku a link that carries the "
                "puzzle itself (sudokupad.app/scl…, …/ctc…, …/fpuzzles…, or the setter's "
                "f-puzzles link) or the puzzle's f-puzzles JSON: in SudokuPad, the share "
                "button's long link")
    return (f"the link to {host} names a puzzle kept on a server, and satdoku does not use the "
            "network: open it in a browser and give satdoku the full link it leads to "
            "(f-puzzles.com/?load=… or sudokupad.app/fpuzzles…), or the puzzle's f-puzzles "
            "JSON (f-puzzles: Export)")


def decode_payload(payload: str) -> dict:
    """The f-puzzles JSON object inside a payload; ParseError naming what is wrong, and for
    a payload that decodes to more than its board can hold (:func:`fpuzzles_limit`:
    refused while it is decoded when the JSON starts with its size)."""
    try:
        text = decompress_from_base64(payload, MAX_DECODED, fpuzzles_bound)
        obj = load_json(text)
    except TooLong as err:
        raise ParseError(f"the f-puzzles link decodes to more than {err.limit:,} "
                         f"characters, more than {_board_of(err)} can hold") from None
    except ValueError as err:  # JSONDecodeError is a ValueError
        what = (f"{err.msg} at character {err.pos}" if isinstance(err, json.JSONDecodeError)
                else str(err))
        raise ParseError(f"the f-puzzles link is damaged or does not hold f-puzzles JSON "
                         f"({what}): copy the whole link again") from None
    if not isinstance(obj, dict) or "grid" not in obj:
        raise ParseError("the f-puzzles link does not hold an f-puzzles puzzle (an object "
                         "with 'size' and 'grid')")
    n = obj.get("size")
    if not isinstance(n, int) or n < 1:
        n = len(obj["grid"]) if isinstance(obj["grid"], list) else 1
    if len(text) > fpuzzles_limit(n):
        raise ParseError(f"the f-puzzles link decodes to {len(text):,} characters, more than "
                         f"a {n}x{n} puzzle can hold (at most {fpuzzles_limit(n):,})")
    return obj


def _board_of(err: TooLong) -> str:
    """'a 9x9 puzzle' when the board's size set the limit, else 'any puzzle'."""
    n = declared_size(err.start)
    return f"a {n}x{n} puzzle" if n is not None and err.limit < MAX_DECODED else "any puzzle"


def read_link(text: str) -> dict:
    """The f-puzzles JSON object of an f-puzzles or SudokuPad link."""
    return decode_payload(link_payload(text))


def to_link(fobj: dict, site: str = "fpuzzles") -> str:
    """The link that opens f-puzzles JSON ``fobj`` in f-puzzles or SudokuPad (``site``)."""
    return SITES[site] + compress_to_base64(dump(fobj))


def dump(fobj: dict) -> str:
    """f-puzzles JSON text as JavaScript's ``JSON.stringify`` writes it."""
    return json.dumps(fobj, ensure_ascii=False, separators=(",", ":"))


# -- input records for the commands --------------------------------------------------------------
def _lines(text: str) -> list[tuple[int, str]]:
    """The numbered lines that are not blank or comments, a link wrapped over several lines
    joined again (:func:`_continues`; never across a blank or comment line)."""
    lines: list[tuple[int, str]] = []
    joinable = False  # whether the line before was a record's (no blank or comment line)
    for k, line in enumerate(text_lines(text), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            joinable = False
            continue
        if joinable and _continues(lines[-1][1], line):
            lines[-1] = (lines[-1][0], lines[-1][1] + line)
        else:
            lines.append((k, line))
        joinable = True
    return lines


_PIECE = re.compile(r"[A-Za-z0-9+/=&%,]+")  # Base64, and a query's '&a=', '%2C', ','
_CELLS = re.compile(r"[0-9,]{16,}")  # a text puzzle, its blanks 0 (4x4 or more)


def _continues(link: str, line: str) -> bool:
    """Whether ``line`` is the next piece of ``link`` wrapped over lines: Base64, and the
    ``&``, ``%``, ``,`` of a link's query (a Penpa+ link's ``&a=``, ``&variants=``), that is
    no link or bare payload of its own (``scl…``, ``N4Ig…``, a Penpa+ link …) and no line of
    digits (a text puzzle).

    >>> _continues("https://sudokupad.app/sclN4Ig", "KFsBmAA"), _continues(
    ...     "https://swaroopg92.github.io/penpa-edit/?m=solve&p=zVld", "RZ&variants=classic%2C")
    (True, True)
    >>> _continues("https://sudokupad.app/sclN4Ig", "sclN4IglgJiBcIM4A84F")
    False
    """
    return (_PIECE.fullmatch(line) is not None and not _BARE.match(line)
            and not _CELLS.fullmatch(line) and not is_link(line) and is_link(link))


def _is_fobj(x: Any) -> bool:
    return isinstance(x, dict) and "grid" in x and "givens" not in x


def _fpuzzles_json(text: str) -> list[tuple[int, Any]] | None:
    """The f-puzzles objects of a JSON text (one object, an array of them, or one per line as
    ``convert --to fpuzzles-json`` writes many), each with its line (or index in the array),
    else None. A line of JSON Lines that is not JSON is a ParseError in the list."""
    if not text.lstrip().startswith(("{", "[")) or '"grid"' not in text:
        return None
    try:
        doc = load_json(text)
    except json.JSONDecodeError:
        return _fpuzzles_json_lines(text)
    items = doc if isinstance(doc, list) else [doc]
    if (error := count_error(len(items), None)) is not None:
        raise error
    if items and all(_is_fobj(x) for x in items):
        return list(enumerate(items, 1))
    return None


def _fpuzzles_json_lines(text: str) -> list[tuple[int, Any]] | None:
    """The objects of JSON Lines whose every line that is JSON is an f-puzzles object."""
    found: list[tuple[int, Any]] = []
    for k, line in _lines(text):
        try:
            obj = load_json(line)
        except json.JSONDecodeError as err:
            obj = ParseError(f"not JSON ({err.msg} at character {err.pos})")
        if not isinstance(obj, ParseError) and not _is_fobj(obj):
            return None
        found.append((k, obj))
    return found if any(not isinstance(o, ParseError) for _, o in found) else None


def is_fpuzzles(text: str) -> bool:
    """Whether an input is f-puzzles: links (one per line; among its first
    :data:`LINKS_SEEN` lines at least one link) or f-puzzles JSON."""
    lines = _lines(text)
    if lines and any(is_link(line) for _, line in lines[:LINKS_SEEN]):
        return True
    return _fpuzzles_json(text) is not None


#: How far :func:`is_fpuzzles` looks for a link (a file of text puzzles is not searched to
#: its end, at ~35 µs a line).
LINKS_SEEN = 1000


def records(text: str, source: str | None = None, box: BoxSpec = "auto",
            rules: tuple[Rule, ...] = (), ignore_unsupported: bool = False) -> list[Record]:
    """One record per link (one per line) or per f-puzzles object of the input; each line
    is read on its own, whatever its kind (a line that is no link as a line of text)."""
    objects = _fpuzzles_json(text)
    if objects is not None:
        located = len(objects) > 1
        return [_record(k if located else 1, "" if isinstance(o, ParseError) else dump(o),
                        lambda o=o: _raise(o) if isinstance(o, ParseError) else o, source,
                        located, box, rules, ignore_unsupported) for k, o in objects]
    lines = _lines(text)
    many = len(lines) > 1
    return [_link_record(k, line.strip(), source, many, box, rules, ignore_unsupported)
            if not many or is_link(line) else _text_record(k, line, source, box, rules)
            for k, line in lines]


def _text_record(k: int, line: str, source: str | None, box: BoxSpec,
                 rules: tuple[Rule, ...]) -> Record:
    """Line ``k`` of a file of links that is no link, read on its own as a line of text (a
    bad one is that line's error, not the file's)."""
    return LineRecords([(k, line)], box, rules, source)[0]


def _link_record(k: int, line: str, source: str | None, many: bool, box: BoxSpec,
                 rules: tuple[Rule, ...], ignore_unsupported: bool) -> Record:
    """The record of one link, read by the reader its kind needs."""
    kind = link_kind(_unwrap(line))
    if kind is not None and kind[0] == "scl":
        return scl_record(k, line, kind[1], source, many, box, rules, ignore_unsupported)
    if kind is not None and kind[0] == "scf":
        return scf_record(k, line, kind[1], source, many, box, rules)
    if is_penpa(_unwrap(line)):
        return penpa_record(k, _unwrap(line), source, many, box, rules, ignore_unsupported)
    return _record(k, line, lambda: read_link(line), source, many, box, rules,
                   ignore_unsupported)


def _solution_warning(puzzle: Puzzle, solution: tuple[int, ...]) -> tuple[str, ...]:
    """A warning when the setter's solution in the f-puzzles data breaks the puzzle as read
    (a constraint read differently, or a solution left from an earlier version)."""
    from satdoku.formats.reading_check import broken_by, listed

    broken = broken_by(puzzle, solution)
    return (f"the solution in the f-puzzles data breaks {listed(broken)}: the puzzle as read "
            "and the setter's solution disagree (a constraint read differently, or a "
            "solution left from an earlier version)",) if broken else ()


def _raise(error: ParseError) -> Any:
    raise error


def _record(line: int, raw: str, get: Any, source: str | None, located: bool, box: BoxSpec,
            rules: tuple[Rule, ...], ignore_unsupported: bool) -> Record:
    from satdoku.formats.fpuzzles import META, read_fpuzzles  # the variant rules: only if needed

    try:
        fobj = get()
        reading = read_fpuzzles(fobj, box, rules, ignore_unsupported)
    except SatdokuError as err:
        message = err.message if isinstance(err, ParseError) else str(err)
        return Record(line, raw, error=ParseError(message, source, line if located else None))
    warnings: tuple[str, ...] = (
        f"ignored f-puzzles constraints satdoku cannot express: {reading.ignored}",
    ) if reading.ignored else ()
    if reading.solution is not None:
        warnings += _solution_warning(reading.puzzle, reading.solution)
    drawn = fobj.get("line") if isinstance(fobj, dict) else None
    if isinstance(drawn, list) and drawn:
        warnings += (f"the puzzle draws {len(drawn)} plain line"
                     f"{'' if len(drawn) == 1 else 's'} (f-puzzles' 'line', a drawing), read "
                     "as decoration: if its rules give them a meaning (a renban, whispers …), "
                     "the answer may differ",)
    meta = tuple((k, v) for k, v in reading.obj.items() if k in (*META.values(), "solution"))
    return Record(line, raw, reading.puzzle, warnings=warnings, meta=meta)

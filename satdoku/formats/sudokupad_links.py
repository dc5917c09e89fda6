"""SudokuPad links by kind: ``fpuz``/``fpuzzles``, ``scl``/``ctc``, ``scf``, and server ids.

Glossary: a SudokuPad link names a *puzzle id* (``sudokupad.app/ID``,
``…/?puzzleid=ID``, ``crackingthecryptic.com/sudoku/ID``, ``beta.``/``app.`` hosts); the id's
prefix says how the rest holds the puzzle, as SudokuPad reads it:

- ``fpuzzles`` or ``fpuz``: f-puzzles JSON, lz-string compressed (the f-puzzles reader);
- ``scl`` or ``ctc``: SudokuPad's own puzzle, zipped (:mod:`satdoku.formats.scl_zip`) and
  lz-string compressed, or zipped only (SudokuPad takes the text as it is when it does not
  decompress to something longer);
- ``scf``: a 9x9 classic puzzle in the compact classic code (:mod:`satdoku.formats.scf`);
- no prefix: a short id of a puzzle kept on SudokuPad's server (satdoku does not use the
  network).

A bare ``scl…``/``ctc…``/``scf…``/``fpuz…``/``fpuzzles…`` payload (as data sets list them)
reads the same.

>>> link_kind("https://sudokupad.app/ctcN4Ig?setting-x=1")
('scl', 'N4Ig')
>>> link_kind("sudokupad.app/?puzzleid=fpuzN4Ig"), link_kind("https://sudokupad.app/abc123")
(('fpuzzles', 'N4Ig'), ('server', 'abc123'))
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from satdoku.errors import ParseError
from satdoku.formats.limits import MAX_DECODED
from satdoku.formats.lzstring import decompress_from_base64

_HOST = re.compile(r"(?i)^(?:https?:/*)?(?:[a-z0-9-]+\.)*(?:sudokupad\.app|"
                   r"sudokupad\.svencodes\.com|crackingthecryptic\.com)(?::\d+)?(/[^#]*)?")
_ID = re.compile(r"(?i)(?:[?&]puzzleid=)([^&#]*)")
_PREFIX = re.compile(r"(scl|ctc|fpuz|scf)(?:zles)?(.*)", re.DOTALL)
_BARE = re.compile(r"(?:scl|ctc|scf)[A-Za-z0-9+/=%_.\-]{8,}"
                   r"|fpuz(?:zles)?N4Ig[A-Za-z0-9+/=%]*")  # (f-puzzles JSON compresses to N4Ig…)
KINDS = {"scl": "scl", "ctc": "scl", "fpuz": "fpuzzles", "scf": "scf"}


def link_kind(text: str) -> tuple[str, str] | None:
    """(kind, payload) of a SudokuPad link or bare payload: kind ``fpuzzles``, ``scl``,
    ``scf``, or ``server`` (a short id: the payload is the id); None for other text."""
    text = text.strip()
    if _BARE.fullmatch(text):
        match = _PREFIX.fullmatch(text)
        assert match is not None
        return KINDS[match[1]], match[2]
    host = _HOST.match(text)
    if host is None:
        return None
    path = host[1] or ""
    query = _ID.search(text)
    ident = unquote(query[1]) if query else path.split("?")[0].lstrip("/")
    ident = re.sub(r"(?i)^sudoku/", "", ident)  # crackingthecryptic.com/sudoku/ID
    match = _PREFIX.match(ident)
    if match is None:
        return "server", ident
    payload = re.split(r"[?&]setting-|[?&]solved", match[2])[0].split("?")[0]
    return KINDS[match[1]], payload


def scl_text(payload: str) -> str:
    """The zipped text an ``scl`` payload holds: %-escapes undone, then lz-string base64
    decompressed, unless that fails or gives something shorter (then the payload is the
    text, as SudokuPad takes it)."""
    if not payload.strip():
        raise ParseError("the SudokuPad link is empty after 'scl' or 'ctc' (cut short?): copy the "
                         "whole link again")
    decoded = unquote(payload)
    data = decoded if len(decoded) < len(payload) else payload
    try:
        text = decompress_from_base64(data.replace(" ", "+"), MAX_DECODED)
    except ValueError as err:
        if "more than" in str(err):
            raise ParseError(f"the SudokuPad link decodes to more than {MAX_DECODED:,} "
                             "characters, more than any puzzle") from None
        return data
    return text if len(text) >= len(data) else data


def scl_object(payload: str) -> Any:
    """The SudokuPad puzzle object of an ``scl`` payload; ParseError naming what is wrong."""
    from satdoku.formats.scl_zip import unzip

    text = scl_text(payload)
    try:
        return unzip(text)
    except ParseError as err:
        raise ParseError(f"the SudokuPad link is damaged or holds no SudokuPad puzzle "
                         f"({err.message}): copy the whole link again") from None

"""SudokuPad's key-compacted JSON ("zipped" puzzles), read and written.

Glossary: SudokuPad keeps a puzzle as a JSON object of drawings (``cells``, ``regions``,
``cages``, ``lines``, ``arrows``, ``overlays``, ``underlays``, ``metadata``); an ``scl`` link
carries it *zipped*: long keys replaced by short ones (:data:`KEYS`), empty arrays and empty
objects inside arrays dropped, keys unquoted, ``true``/``false`` as ``t``/``f``, black and
white as ``#0``/``#F``, other ``#rrggbb`` colours without ``#`` or quotes, and ``'`` for ``"``.
Unzipping repeats SudokuPad's own steps: text substitutions over the whole text, then
``JSON.parse``, then the long keys back, then ``#`` back before six-hex-digit strings.

Written from the format's description (SudokuPad's public puzzle zipper); no code copied.

>>> unzip("{ce:[[{v:5},,],[,,]],c:#0,r:t,te:'it\\\\'s'}")  # doctest: +NORMALIZE_WHITESPACE
{'cells': [[{'value': 5}, {}, {}], [{}, {}, {}]], 'color': '#000000', 'rounded': True,
 'text': "it's"}
>>> unzip(zip_puzzle({"cells": [[{"value": "5"}, {}]], "lines": [], "color": "#34BBE6"}))
{'cells': [[{'value': 5}, {}]], 'color': '#34BBE6'}
"""

from __future__ import annotations

import json
import re
from typing import Any

from satdoku.errors import ParseError
from satdoku.formats.limits import load_json

#: Long key -> short key, as SudokuPad zips them (``d`` is an SVG path, kept apart from
#: ``duration`` by newer versions as ``d2``).
KEYS = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2",
    "cells": "ce", "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u",
    "width": "w", "height": "h", "value": "v", "videos": "vd", "lines": "l", "rounded": "r",
    "regions": "re", "fontSize": "fs", "thickness": "th", "headLength": "hl",
    "wayPoints": "wp", "title": "t", "text": "te", "duration": "d", "d": "d2",
}
LONG = {short: long for long, short in KEYS.items()}
_HEX6 = re.compile(r"[0-9a-fA-F]{6}")

# The unzipping passes, in SudokuPad's order (each over the whole text).
_UNZIP = (
    (re.compile(r"([,{\[])([a-zA-Z0-9]+):"), r'\1"\2":'),
    (re.compile(r"([,{\[])(?=[,}\]])"), r"\1_"),
    (re.compile(r"\{_\}"), "{}"),
    (re.compile(r"([,{\[])_"), r"\1{}"),
    (re.compile(r"(:)f([,}\]])"), r"\1false\2"),
    (re.compile(r"(:)t([,}\]])"), r"\1true\2"),
    (re.compile(r"(:)#0([,}\]])"), r'\1"#000000"\2'),
    (re.compile(r"(:)#F([,}\]])"), r'\1"#FFFFFF"\2'),
    (re.compile(r"(:)([0-9a-fA-F]{6})([,}\]])"), r'\1"#\2"\3'),
)
_ZIP = (
    (re.compile(r'([,{\[])"([a-zA-Z0-9]+)":'), r"\1\2:"),
    (re.compile(r"([,{\[])\{\}(?=[,}\]])"), r"\1"),
    (re.compile(r"(:)false([,}\]])"), r"\1f\2"),
    (re.compile(r"(:)true([,}\]])"), r"\1t\2"),
    (re.compile(r'(:)"#000000"([,}\]])'), r"\1#0\2"),
    (re.compile(r'(:)"#FFFFFF"([,}\]])'), r"\1#F\2"),
    (re.compile(r'(:)"#([0-9a-fA-F]{6})"([,}\]])'), r"\1\2\3"),
)


def _unzip_quotes(text: str) -> str:
    if '"' in text:  # plain JSON: nothing was swapped
        return text
    return text.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")


def _rename(obj: Any, names: dict[str, str]) -> Any:
    """``obj`` with keys renamed by ``names`` at every depth; a renamed key that meets a key
    already there is an error (SudokuPad refuses such a puzzle too)."""
    if isinstance(obj, list):
        return [_rename(v, names) for v in obj]
    if not isinstance(obj, dict):
        return obj
    out: dict[str, Any] = dict(obj)
    for key in list(obj):
        new = names.get(key)
        if new is not None:
            if new in out:
                raise ParseError(f"SudokuPad data: key {key!r} and key {new!r} mean the same")
            out[new] = out.pop(key)
    return {k: _rename(v, names) for k, v in out.items()}


def _hash_colours(obj: Any) -> Any:
    if isinstance(obj, list):
        return [_hash_colours(v) for v in obj]
    if isinstance(obj, dict):
        return {k: _hash_colours(v) for k, v in obj.items()}
    if isinstance(obj, str) and _HEX6.fullmatch(obj):
        return "#" + obj
    return obj


def unzip(text: str) -> Any:
    """The SudokuPad puzzle object of zipped text, or of plain JSON (taken as it is, as
    SudokuPad does); ParseError when it is neither."""
    try:
        return load_json(text)
    except json.JSONDecodeError:
        pass
    try:
        return _unzipped(text)
    except json.JSONDecodeError as err:
        raise ParseError(f"no zipped puzzle: {err.msg.lower()} at character {err.pos} of the "
                         "unzipped text") from None


def _unzipped(text: str) -> Any:
    text = _unzip_quotes(text)
    for pattern, replacement in _UNZIP:
        text = pattern.sub(replacement, text)
    return _hash_colours(_rename(load_json(text), LONG))


def _clear_empty(obj: Any) -> Any:
    if isinstance(obj, list):
        return [_clear_empty(v) for v in obj]
    if isinstance(obj, dict):
        return {k: c for k, v in obj.items() if (c := _clear_empty(v)) != [] or
                not isinstance(v, list)}
    return obj


def _numbers(obj: Any) -> Any:
    """Strings that are integers written plainly ("12", "-3") become numbers."""
    if isinstance(obj, list):
        return [_numbers(v) for v in obj]
    if isinstance(obj, dict):
        return {k: _numbers(v) for k, v in obj.items()}
    if isinstance(obj, str) and re.fullmatch(r"-?(?:0|[1-9]\d{0,14})", obj) and obj != "-0":
        return int(obj)
    return obj


def zip_puzzle(puzzle: dict[str, Any]) -> str:
    """The zipped text of a SudokuPad puzzle object (what an ``scl`` link compresses)."""
    obj = _numbers(_rename(_clear_empty(puzzle), KEYS))
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    for pattern, replacement in _ZIP:
        text = pattern.sub(replacement, text)
    return text.replace("'", "\\'").replace('"', "'")

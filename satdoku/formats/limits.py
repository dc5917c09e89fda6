"""How much satdoku reads: limits that turn absurd input into a one-line error, not a crash.

Every limit is far beyond any real puzzle, and each error names the place:

- an input (a file, standard input, an f-puzzles JSON document) of at most
  :data:`MAX_INPUT_BYTES` (256 MiB, about three million 81-cell puzzles), checked before it
  is read; a big file of one puzzle per line is memory-mapped instead, with no limit
  (:mod:`satdoku.formats.line_file`);
- a line of puzzle text or a link of at most :data:`MAX_LINE` characters (1 MiB; the longest
  real line, a 61x61 pencilmark line, has 226,981);
- an f-puzzles link that decodes to at most :data:`MAX_DECODED` characters (lz-string
  expands a link of n characters to up to ~n² in the worst case), and to no more than a
  board of its size can hold (:func:`fpuzzles_limit`: 1.1 MiB for a 9x9), refused while it
  is decoded when the JSON starts with its ``"size"``, as f-puzzles and satdoku write it;
- a title, author or rules text of at most :data:`MAX_TEXT_FIELD` characters;
- a JSON document of at most :data:`MAX_JSON_BYTES` characters and
  :data:`MAX_JSON_PUZZLES` puzzles (JSON is read whole, at up to ~30 bytes a character);
- JSON nested at most a few hundred levels deep (Python's recursion limit), and numbers of at
  most 4,300 digits (Python's limit for reading an integer); digits in a grid of numbers at
  most 9 digits long (no board has more than 256 digits).

>>> read_limited(__import__("io").BytesIO(b"\\xef\\xbb\\xbf1.3. ..1."), "<stdin>")
'1.3. ..1.'
>>> load_json('[' * 5000 + ']' * 5000)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
satdoku.errors.ParseError: malformed JSON: nested too deeply ...
"""

from __future__ import annotations

import os
import re
from typing import IO, TYPE_CHECKING, Any

from satdoku.errors import ParseError

if TYPE_CHECKING:
    import json

MAX_INPUT_BYTES = 256 * 1024 * 1024
MAX_LINE = 1024 * 1024
MAX_DECODED = 4 * 1024 * 1024
_CHUNK = 1024 * 1024
#: The largest JSON document (8 MiB: one giant puzzle, or some 80,000 9x9 puzzles): parsed,
#: JSON takes up to ~30 bytes of memory a character.
MAX_JSON_BYTES = 8 * 1024 * 1024
#: The most puzzles in one JSON document (each a Python object of a few KiB once read).
MAX_JSON_PUZZLES = 100_000
#: The longest title, author or rules text of a puzzle (64 Ki characters: a long rules text
#: has a few thousand).
MAX_TEXT_FIELD = 64 * 1024
#: What an f-puzzles puzzle holds besides its cells: its texts, cosmetic lines and shapes.
_FPUZZLES_BASE = 1024 * 1024
_SIZE_FIRST = re.compile(r'\s*\{\s*"size"\s*:\s*(\d{1,9})\s*[,}]')


def fpuzzles_limit(n: int) -> int:
    """The most characters of f-puzzles JSON a board of side ``n`` can need: its texts and
    drawings (1 MiB) and, per cell, its object (three lists of up to n pencil marks) and
    its share of the constraints (1 KiB); never more than :data:`MAX_DECODED`.

    >>> fpuzzles_limit(9), fpuzzles_limit(16), fpuzzles_limit(256) == MAX_DECODED
    (1143184, 1376256, True)
    """
    return min(MAX_DECODED, _FPUZZLES_BASE + n * n * (1024 + 16 * n))


def declared_size(start: str) -> int | None:
    """The board size n of f-puzzles JSON that opens with ``{"size": n``, else None."""
    match = _SIZE_FIRST.match(start)
    return int(match[1]) if match else None


def fpuzzles_bound(start: str) -> int | None:
    """The limit the start of f-puzzles JSON sets when it opens with ``{"size": n``
    (:func:`fpuzzles_limit`), else None."""
    n = declared_size(start)
    return None if n is None else fpuzzles_limit(n)


def text_field_error(value: object, path: str) -> ParseError | None:
    """The error for a text (title, author, rules) longer than :data:`MAX_TEXT_FIELD`."""
    if not isinstance(value, str) or len(value) <= MAX_TEXT_FIELD:
        return None
    return ParseError(f"{path}: a text of {len(value):,} characters is longer than any "
                      f"puzzle's (at most {MAX_TEXT_FIELD:,})")


def read_limited(stream: IO, name: str, errors: str = "strict") -> str:
    """All of ``stream`` (bytes, or text) as text, refused beyond :data:`MAX_INPUT_BYTES`
    before it is read where the size is known, and after at most that much otherwise; a
    UTF-8 byte-order mark is dropped. ParseError naming ``name`` for what cannot be text
    (with ``errors="replace"``, bytes that are not UTF-8 become U+FFFD instead)."""
    try:
        size = os.fstat(stream.fileno()).st_size
    except (OSError, ValueError, AttributeError):  # (io.StringIO and the like)
        size = 0
    if size > MAX_INPUT_BYTES:
        raise ParseError(_too_big(name, size))
    try:
        chunks: list = []
        total = 0
        while chunk := stream.read(_CHUNK):
            if not chunks:
                _no_nul(chunk, name)
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_INPUT_BYTES:
                raise ParseError(_too_big(name, None))
    except OSError as err:
        raise ParseError(f"cannot read {name}: {err.strerror or err}") from None
    if chunks and isinstance(chunks[0], str):
        return "".join(chunks).removeprefix("\ufeff")
    return _utf8(b"".join(chunks), name, errors)


def _no_nul(chunk: str | bytes, name: str) -> None:
    """A NUL at the start of an input: a binary file (or /dev/zero), not puzzle text."""
    nul, newline = ("\0", "\n") if isinstance(chunk, str) else (b"\0", b"\n")
    if (k := chunk.find(nul)) >= 0:  # type: ignore[arg-type]
        line = chunk.count(newline, 0, k) + 1  # type: ignore[arg-type]
        raise ParseError(f"{name} is not text: it holds a NUL character (line {line})")


def _utf8(data: bytes, name: str, errors: str) -> str:
    try:
        return data.decode("utf-8-sig", errors)
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise ParseError(f"cannot read {name}: not UTF-8 text ({err.reason} at byte "
                         f"{err.start:,}, line {line})") from None


def _too_big(name: str, size: int | None) -> str:
    what = f"{size:,} bytes, more than" if size is not None else "more than"
    return (f"{name} is too large to read: {what} the limit of {MAX_INPUT_BYTES:,} bytes "
            "(about 3 million puzzles); split it, e.g. split -l 1000000")


def json_error(text: str, name: str) -> ParseError | None:
    """The error for a JSON document (text that starts with ``{`` or ``[``) longer than
    :data:`MAX_JSON_BYTES`, else None."""
    if len(text) <= MAX_JSON_BYTES or text.lstrip()[:1] not in ("{", "["):
        return None
    return ParseError(f"{name} is JSON of {len(text):,} characters, more than the limit of "
                      f"{MAX_JSON_BYTES:,} for a JSON document: split it, or give many "
                      "puzzles one per line (satdoku convert -t line)")


def count_error(count: int, source: str | None) -> ParseError | None:
    """The error for a JSON document of more than :data:`MAX_JSON_PUZZLES` puzzles."""
    if count <= MAX_JSON_PUZZLES:
        return None
    return ParseError(f"more than {MAX_JSON_PUZZLES:,} puzzles in one JSON document: split "
                      "it, or give them one per line", source)


def line_error(line: str, number: int, source: str | None = None) -> ParseError | None:
    """The error for a line of puzzle text longer than :data:`MAX_LINE`, else None (a line
    of ``MAX_LINE + 1`` characters may be the start of a longer one, cut where it was read)."""
    if len(line) <= MAX_LINE:
        return None
    length = f"{len(line):,}" if len(line) > MAX_LINE + 1 else f"more than {MAX_LINE:,}"
    return ParseError(f"a line of {length} characters is longer than any puzzle "
                      f"(at most {MAX_LINE:,})", source, number)


def load_json(text: str, decoder: json.JSONDecoder | None = None) -> Any:
    """One JSON document; nesting and numbers beyond reason are ParseErrors, not crashes
    (``json.JSONDecodeError`` still reports malformed JSON)."""
    import json  # only JSON input pays for it

    try:
        return (decoder or json.JSONDecoder()).decode(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise ParseError("malformed JSON: nested too deeply (lists or objects hundreds of "
                         "levels deep)") from None
    except ValueError as err:  # int() of a number with thousands of digits
        raise ParseError(f"malformed JSON: {str(err).split(';')[0]}") from None


"""lz-string's ``compressToBase64`` / ``decompressFromBase64``, as f-puzzles links use them.

Glossary: lz-string (a JavaScript library, MIT) compresses a string with an LZW variant whose
codes grow from 2 bits up; *Base64* packs the bit stream 6 bits per character of
``A–Z a–z 0–9 + /``, padded with ``=`` to a multiple of four characters. JavaScript strings are
UTF-16, so the algorithm runs over UTF-16 code units: a character outside the Basic
Multilingual Plane (an emoji) is two units, and a link made by the JavaScript library
decodes here to the same text.

Written from the algorithm's description; tests/data/fpuzzles/lzstring_vectors.json holds
vectors made by the reference JavaScript library (lz-string 1.5.0) that this module must
reproduce character for character.

>>> compress_to_base64("hello")
'BYUwNmD2Q==='
>>> decompress_from_base64(compress_to_base64('{"size":9,"title":"Ünïcödé 💡"}'))
'{"size":9,"title":"Ünïcödé 💡"}'
>>> decompress_from_base64("not_base64")
Traceback (most recent call last):
...
ValueError: character '_' at 3 is not Base64
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: k for k, ch in enumerate(ALPHABET)}


def _units(text: str) -> str:
    """``text`` as a string of UTF-16 code units (one Python character per unit)."""
    if not text or max(text) < "\U00010000":
        return text  # (every character is one unit)
    units = array("H", text.encode("utf-16-le", "surrogatepass"))
    return array("I", units).tobytes().decode("utf-32-le", "surrogatepass")


def _text(units: str) -> str:
    """The inverse of :func:`_units` (a lone surrogate is an error)."""
    if not units or max(units) < "\ud800":
        return units  # (no surrogates: every unit is one character)
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le")


class _BitWriter:
    """Bits, least significant first within each value, packed ``width`` to a character."""

    def __init__(self, width: int, symbol: Callable[[int], str]) -> None:
        self.width, self.symbol = width, symbol
        self.out: list[str] = []
        self.value = self.position = 0

    def bit(self, bit: int) -> None:
        self.value = (self.value << 1) | bit
        self.position += 1
        if self.position == self.width:
            self.out.append(self.symbol(self.value))
            self.value = self.position = 0

    def bits(self, value: int, count: int) -> None:
        for _ in range(count):
            self.bit(value & 1)
            value >>= 1

    def flush(self) -> str:
        """Pad the last character with zeros; like the reference, a stream that ends on a
        character boundary still gets one more (all-zero) character."""
        self.value <<= self.width - self.position
        self.out.append(self.symbol(self.value))
        return "".join(self.out)


def _compress(units: str, writer: _BitWriter) -> str:
    """LZW over ``units``; the dictionary maps (code of w, next unit) to the code of w + unit,
    so that no string longer than one unit is ever built (a long run stays linear)."""
    singles: dict[str, int] = {}
    pairs: dict[tuple[int, str], int] = {}
    fresh: set[str] = set()  # single units not yet sent as literals
    size, bits, enlarge = 3, 2, 2
    w, unit = -1, ""  # the code of the current string (-1: none), its unit if it is one

    def grow() -> None:
        nonlocal enlarge, bits
        enlarge -= 1
        if enlarge == 0:
            enlarge, bits = 1 << bits, bits + 1

    def emit(w: int, unit: str) -> None:
        if unit in fresh:
            code = ord(unit)
            wide = code >= 256
            writer.bits(int(wide), bits)   # marker: 0 = 8-bit literal, 1 = 16-bit literal
            writer.bits(code, 16 if wide else 8)
            grow()
            fresh.discard(unit)
        else:
            writer.bits(w, bits)
        grow()

    for c in units:
        if c not in singles:
            singles[c] = size
            size += 1
            fresh.add(c)
        if w < 0:
            w, unit = singles[c], c
            continue
        longer = pairs.get((w, c))
        if longer is not None:
            w, unit = longer, ""
            continue
        emit(w, unit)
        pairs[w, c] = size
        size += 1
        w, unit = singles[c], c
    if w >= 0:
        emit(w, unit)
    writer.bits(2, bits)  # end of stream
    return writer.flush()


class _BitReader:
    """Codes read from ``values`` (``width`` bits each, most significant first); a code's
    bits come least significant first. The stream is held as a string of '0'/'1', so that a
    code is one slice (reversed) rather than a loop over its bits: the hot path of reading
    a link in ``satdoku serve``."""

    def __init__(self, values: list[int], width: int) -> None:
        low = (1 << width) - 1  # (the padding '=' is 64: no bits of its own)
        self.stream = "".join(format(v & low, f"0{width}b") for v in values)
        self.index = 0

    def bits(self, count: int) -> int:
        start, self.index = self.index, self.index + count
        if self.index > len(self.stream):
            raise ValueError("the data ends in the middle of a code (truncated)")
        return int(self.stream[start:self.index][::-1], 2)


class TooLong(ValueError):
    """The data decodes to more than the limit (``limit``: that limit; ``start``: the first
    :data:`PEEK` units decoded, which may say what set it)."""

    def __init__(self, limit: int, start: str = "") -> None:
        super().__init__(f"the data decodes to more than {limit:,} characters")
        self.limit, self.start = limit, start


#: How many decoded units :func:`decompress_from_base64` shows its ``bound``.
PEEK = 64


def _decompress(reader: _BitReader, limit: int | None = None,
                bound: Callable[[str], int | None] | None = None) -> str:
    dictionary: list[str] = ["", "", ""]
    bits, enlarge, size = 3, 4, 0

    def literal(kind: int) -> str:
        if kind == 2:
            raise EOFError
        if kind not in (0, 1):
            raise ValueError(f"bad literal marker {kind}")
        return chr(reader.bits(16 if kind else 8))

    try:
        w = literal(reader.bits(2))
    except EOFError:
        return ""
    dictionary.append(w)
    out = [w]
    while True:
        code = reader.bits(bits)
        if code in (0, 1):
            dictionary.append(literal(code))
            code = len(dictionary) - 1
            enlarge -= 1
        elif code == 2:
            return "".join(out)
        if enlarge == 0:
            enlarge, bits = 1 << bits, bits + 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise ValueError(f"code {code} refers to no entry yet (corrupt data)")
        out.append(entry)
        size += len(entry)
        if bound is not None and size >= PEEK:  # the limit the start of the text sets
            tighter = bound("".join(out)[:PEEK])
            if tighter is not None and (limit is None or tighter < limit):
                limit = tighter
            bound = None
        if limit is not None and size > limit:
            raise TooLong(limit, "".join(out)[:PEEK])
        dictionary.append(w + entry[0])
        enlarge -= 1
        w = entry
        if enlarge == 0:
            enlarge, bits = 1 << bits, bits + 1


def compress_to_base64(text: str) -> str:
    """``LZString.compressToBase64(text)``."""
    out = _compress(_units(text), _BitWriter(6, ALPHABET.__getitem__))
    return out + "=" * (-len(out) % 4)


def decompress_from_base64(data: str, limit: int | None = None,
                           bound: Callable[[str], int | None] | None = None) -> str:
    """``LZString.decompressFromBase64(data)``; ValueError for data that is not a complete
    lz-string stream (a bad character, truncation, a corrupt code), and :class:`TooLong`
    for data that would decode to more than ``limit`` UTF-16 units (n characters can
    decode to ~n² units). ``bound``, given the first :data:`PEEK` units, may set a lower
    limit (or None) as soon as they are decoded: the text stops growing there."""
    values = []
    for k, ch in enumerate(data):
        if ch not in _VALUE:
            raise ValueError(f"character {ch!r} at {k} is not Base64")
        values.append(_VALUE[ch])
    if not values:
        raise ValueError("no data")
    try:
        return _text(_decompress(_BitReader(values, 6), limit, bound))
    except UnicodeDecodeError:
        raise ValueError("the data decodes to broken UTF-16 (corrupt data)") from None

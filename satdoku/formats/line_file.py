"""Big files of one puzzle per line, read through a memory map instead of into memory.

A producer's file of ten million 81-cell puzzles is 820 MB of text; read as Python strings
and (line number, line) pairs it would take several GB. :class:`MappedLines` keeps only two
arrays (line number and byte offset of every line that holds cells: 16 bytes a line) and
slices the text out of a read-only memory map when a line is used, so a batch over such a
file holds just the window of chunks it is working on. :func:`mapped_lines` decides whether a
file is such a file: big (:data:`BIG_FILE`), plain one-puzzle lines (not JSON, not
f-puzzles, no lone ``\\r`` line ends), and returns None otherwise (the file is then read whole,
within :data:`satdoku.formats.limits.MAX_INPUT_BYTES`).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "p.txt")
>>> _ = open(path, "wb").write(b"# two puzzles\\n1.3...2...4.3.1.\\r\\n\\n..3...2...4.3.1.\\n")
>>> lines = MappedLines(path)
>>> len(lines), lines[1], lines[0:1]
(2, (4, '..3...2...4.3.1.'), [(2, '1.3...2...4.3.1.')])
"""

from __future__ import annotations

import mmap
import os
from array import array
from collections.abc import Iterator, Sequence
from typing import overload

from satdoku.formats.limits import MAX_LINE
from satdoku.formats.text import SEPARATORS

#: Files from this size on (64 MiB, ~800,000 81-cell puzzles) are mapped, not read.
BIG_FILE = 64 * 1024 * 1024
#: How much of a file is looked at to decide that it is plain lines.
_HEAD = 1024 * 1024
_SEPARATOR_BYTES = bytes(ord(s) for s in SEPARATORS if ord(s) < 128)


class MappedLines(Sequence[tuple[int, str]]):
    """(line number, line) of the lines of a file that hold cells (comments, blank lines and
    lines of separators only are left out, as :func:`satdoku.formats.text.text_lines` and the
    text reader do), sliced out of a memory map when used. Lines end at ``\\n`` (a ``\\r``
    before it is dropped); a line that is not UTF-8 reads with U+FFFD in place of its bad
    bytes, so that it is that line's error, not the file's."""

    def __init__(self, path: str | os.PathLike) -> None:
        with open(path, "rb") as stream:
            self._map = mmap.mmap(stream.fileno(), 0, access=mmap.ACCESS_READ)
        self._numbers, self._starts = array("Q"), array("Q")
        self._index()

    def _index(self) -> None:
        data, numbers, starts = self._map, self._numbers, self._starts
        start = 3 if data[:3] == b"\xef\xbb\xbf" else 0  # a byte-order mark
        end, number = len(data), 0
        while start < end:
            number += 1
            stop = data.find(b"\n", start)
            stop = end if stop < 0 else stop
            line = data[start:stop]
            if line.translate(None, _SEPARATOR_BYTES).strip() and not line.lstrip(
                    ).startswith(b"#"):
                numbers.append(number)
                starts.append(start)
            start = stop + 1

    def __len__(self) -> int:
        return len(self._starts)

    def _line(self, k: int) -> tuple[int, str]:
        start = self._starts[k]
        stop = self._map.find(b"\n", start)
        raw = self._map[start:stop if stop >= 0 else len(self._map)].removesuffix(b"\r")
        return self._numbers[k], raw[:MAX_LINE + 1].decode("utf-8", "replace")

    @overload
    def __getitem__(self, k: int) -> tuple[int, str]: ...

    @overload
    def __getitem__(self, k: slice) -> list[tuple[int, str]]: ...

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self._line(i) for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(k)
        return self._line(k)

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return (self._line(k) for k in range(len(self)))


def mapped_lines(path: str) -> MappedLines | None:
    """The lines of ``path`` through a memory map when it is a big file of plain lines
    (see the module's text), else None."""
    try:
        if not os.path.isfile(path) or os.path.getsize(path) < BIG_FILE:
            return None
        with open(path, "rb") as stream:
            head = stream.read(_HEAD)
    except OSError:
        return None
    body = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if body.startswith((b"{", b"[")) or b"\x00" in head:
        return None  # JSON (read whole, within the limit) or not text
    if b"\r" in head.replace(b"\r\n", b""):
        return None  # lone \r line ends: the general reader knows them
    first = next((line for line in body.split(b"\n")
                  if line.strip() and not line.lstrip().startswith(b"#")), b"")
    if b"://" in first or b"fpuzzles" in first:
        return None  # links: the f-puzzles reader
    return MappedLines(path)

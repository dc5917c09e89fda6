"""Big files of one puzzle per line, indexed, and each line read from the file when used.

A producer's file of ten million 81-cell puzzles is 820 MB of text; read as Python strings
and (line number, line) pairs it would take several GB. :class:`MappedLines` keeps only two
arrays (line number and byte offset of every line that holds cells: 16 bytes a line, for at
most :data:`MAX_LINES` lines) and reads a line from the file (``pread``) when it is used, so a
batch over such a file holds just the window of chunks it is working on. The file is indexed
a line at a time: a line of gigabytes is read in 1 MiB pieces and is that line's error
("longer than any puzzle"), never held whole. :func:`mapped_lines` decides whether a file is
such a file: big (:data:`BIG_FILE`), plain one-puzzle lines (not JSON, not f-puzzles, no
lone ``\\r`` line ends), and returns None otherwise (the file is then read whole, within
:data:`satdoku.formats.limits.MAX_INPUT_BYTES`).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "p.txt")
>>> _ = open(path, "wb").write(b"# two puzzles\\n1.3...2...4.3.1.\\r\\n\\n..3...2...4.3.1.\\n")
>>> lines = MappedLines(path)
>>> len(lines), lines[1], lines[0:1]
(2, (4, '..3...2...4.3.1.'), [(2, '1.3...2...4.3.1.')])
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterator, Sequence
from typing import BinaryIO, overload

from satdoku.errors import ParseError
from satdoku.formats.limits import MAX_LINE
from satdoku.formats.text import SEPARATORS

#: Files from this size on (64 MiB, ~800,000 81-cell puzzles) are mapped, not read.
BIG_FILE = 64 * 1024 * 1024
#: The most puzzle lines a file may have (16.7 million: an index of 256 MiB).
MAX_LINES = 1 << 24
#: How much of a file is looked at to decide that it is plain lines.
_HEAD = 1024 * 1024
#: How much is read for a line at first (an 81-cell line needs 82 bytes).
_FIRST_READ = 4096
_SEPARATOR_BYTES = bytes(ord(s) for s in SEPARATORS if ord(s) < 128)


class MappedLines(Sequence[tuple[int, str]]):
    """(line number, line) of the lines of a file that hold cells (comments, blank lines and
    lines of separators only are left out, as :func:`satdoku.formats.text.text_lines` and the
    text reader do), read from the file when used. Lines end at ``\\n`` (a ``\\r``
    before it is dropped); a line that is not UTF-8 reads with U+FFFD in place of its bad
    bytes, so that it is that line's error, not the file's. A line longer than
    :data:`MAX_LINE` is read as its first ``MAX_LINE + 1`` bytes (its error says so): the
    file is read a line at a time, in at most 1 MiB, never whole."""

    def __init__(self, path: str | os.PathLike) -> None:
        self._numbers, self._starts = array("Q"), array("Q")
        self._file = open(path, "rb")  # noqa: SIM115 - open while the lines are used
        self._index(self._file)

    def _index(self, stream: BinaryIO) -> None:
        """Every line's number and offset; ParseError past :data:`MAX_LINES` lines."""
        numbers, starts = self._numbers, self._starts
        start = 3 if stream.read(3) == b"\xef\xbb\xbf" else 0  # a byte-order mark
        stream.seek(start)
        number = 0
        while line := stream.readline(MAX_LINE + 2):
            number += 1
            if len(line) > MAX_LINE + 1 and not line.endswith(b"\n"):
                numbers.append(number)  # too long: its error; read on to its end
                starts.append(start)
                start += len(line) + _skip_line(stream)
                continue
            if line.translate(None, _SEPARATOR_BYTES).strip() and not line.lstrip(
                    ).startswith(b"#"):
                if len(starts) == MAX_LINES:
                    raise ParseError(f"{stream.name} holds more than {MAX_LINES:,} puzzles "
                                     f"(line {number:,}): split it, e.g. split -l 10000000")
                numbers.append(number)
                starts.append(start)
            start += len(line)

    def __len__(self) -> int:
        return len(self._starts)

    def _line(self, k: int) -> tuple[int, str]:
        start, size = self._starts[k], _FIRST_READ
        while True:
            raw = os.pread(self._file.fileno(), size, start)
            stop = raw.find(b"\n")
            if stop >= 0 or len(raw) < size or size > MAX_LINE:
                break
            size = MAX_LINE + 2
        raw = raw[:stop if stop >= 0 else MAX_LINE + 1].removesuffix(b"\r")
        return self._numbers[k], raw.decode("utf-8", "replace")

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


def _skip_line(stream: BinaryIO) -> int:
    """Read on to the end of the line (in 1 MiB at a time); how many bytes that was."""
    skipped = 0
    while chunk := stream.readline(_HEAD):
        skipped += len(chunk)
        if chunk.endswith(b"\n"):
            break
    return skipped


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

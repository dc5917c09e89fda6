"""Where results go: standard output (in pieces a signal cannot cut), or a file written
atomically (:mod:`satdoku.runtime.atomic`). (That no output is an input is checked for
every command before it starts: :mod:`satdoku.cli.paths`.) Messages go to standard error,
which never fails a command (:func:`forgiving_stderr`).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from typing import TextIO

from satdoku.errors import OutputClosed, OutputError


@contextlib.contextmanager
def output_stream(path: str | None, keep_partial: bool = True) -> Iterator[TextIO]:
    """stdout, or an atomic file (with ``keep_partial``: partial results kept on interrupt).

    An existing file is only ever replaced once the command stops, never half-way, and never
    by empty output. A reader that closes standard output early ends the command quietly;
    a full disk is an :class:`OutputError`.
    """
    if path not in (None, "-"):
        from satdoku.runtime.atomic import atomic_file
        with atomic_file(path, keep_partial=keep_partial) as out:
            yield out  # type: ignore[misc]
        return
    try:
        yield InPieces(sys.stdout)  # type: ignore[misc]
        sys.stdout.flush()
    except BrokenPipeError:
        raise OutputClosed from None
    except OSError as err:  # (> /dev/full): what went out before stays written
        from satdoku.runtime.atomic import describe, is_write_error
        if not is_write_error(err):
            raise
        raise OutputError(f"cannot write the results to standard output: {describe(err)}"
                          ) from None


class InPieces:
    """A text stream written :data:`PIECE` characters at a time.

    Python's buffered writer (CPython 3.11, measured here) drops the rest of a write larger
    than its buffer when a signal arrives while a slow pipe has taken only part of it, even
    with a handler that raises nothing (``interrupts_held``): Ctrl-C on ``satdoku solve
    FILE -j 2 | slow-reader`` lost a block of results in the middle of the output. Pieces no
    larger than the buffer go through its flush, which keeps what the pipe did not take.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        write = self.stream.write
        for start in range(0, len(text), PIECE):
            write(text[start:start + PIECE])
        return len(text)

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


#: Characters per piece of :class:`InPieces` (Python's write buffer is 8 KiB).
PIECE = 4096


@contextlib.contextmanager
def forgiving_stderr() -> Iterator[None]:
    """Standard error, for the time of the block, as a stream whose failed writes are
    dropped: a message that cannot be written (``2>/dev/full``, a closed pipe) is lost, but
    the command's work and exit code are not (exit 1 stays 1, never 74). Only the process's
    own descriptor 2 is replaced (a stream the caller put in its place is left alone)."""
    real = sys.stderr
    try:
        usable = real is sys.__stderr__ and real is not None and real.fileno() == 2
    except (OSError, ValueError):
        usable = False
    if not usable:
        yield
        return
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(_Dropping(2)), encoding=real.encoding,
                                  errors="backslashreplace", line_buffering=True)
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        sys.stderr = real


class _Dropping(io.RawIOBase):
    """A file descriptor written to as far as it takes; what it refuses is dropped."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return os.isatty(self.fd)

    def write(self, data: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        try:
            return os.write(self.fd, data)
        except OSError:
            return len(data)

    def close(self) -> None:  # (descriptor 2 stays open: it is the process's)
        super().close()

"""Where results go: standard output (in pieces a signal cannot cut), or a file written
atomically (:mod:`satdoku.runtime.atomic`). (That no output is an input is checked for
every command before it starts: :mod:`satdoku.cli.paths`.)
"""

from __future__ import annotations

import contextlib
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


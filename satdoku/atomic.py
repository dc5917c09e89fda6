"""Atomic file output: write beside the target, then rename onto it.

An existing file is only ever replaced by a finished one (or, with ``keep_partial``, by
everything written before an interrupt or error: batch jobs keep their partial results), and
with ``keep_partial`` never by nothing: a command that failed before writing a single result
leaves the file as it was. A target that is not a regular file (``/dev/null``, a FIFO) is
written to directly: renaming onto it would replace the device or pipe.
The new file gets the ordinary permissions (0666 less the umask, or the mode of the file it
replaces), not the 0600 of a temporary file.

>>> import pathlib, tempfile
>>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
>>> with atomic_file(target) as out:
...     _ = out.write("hello\\n")
>>> target.read_text()
'hello\\n'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from satdoku.errors import SatdokuError


@contextlib.contextmanager
def atomic_file(path: str | Path, binary: bool = False,
                keep_partial: bool = False) -> Iterator[IO]:
    """A file object whose content lands on ``path`` only when the block ends.

    Without ``keep_partial`` an exception discards what was written; with it, the partial
    output replaces the target as well (and the exception still propagates), but output
    that is empty replaces nothing, whether the block failed or not.
    """
    target = _writable_target(path)
    if target.exists() and not target.is_file():  # /dev/null, a FIFO: write to it, never replace
        try:
            with open(target, "wb" if binary else "w",
                      encoding=None if binary else "utf-8") as stream:
                yield stream
        except OSError as err:
            raise SatdokuError(f"cannot write {target}: {err.strerror}") from None
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as err:
        raise SatdokuError(f"cannot write {target}: {err.strerror}") from None
    try:
        with os.fdopen(fd, "wb" if binary else "w", encoding=None if binary else "utf-8") as out:
            try:
                yield out
            except BaseException:
                if keep_partial and out.tell() > 0:
                    _publish(out, tmp, target)
                raise
            if not keep_partial or out.tell() > 0:
                _publish(out, tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _writable_target(path: str | Path) -> Path:
    """``path`` as a Path, or a :class:`SatdokuError` saying why no file can be written there."""
    if str(path).strip() == "":
        raise SatdokuError("the output file name is empty")
    target = Path(path)
    if target.is_dir():
        raise SatdokuError(f"cannot write {target}: it is a directory")
    if not target.parent.is_dir():
        what = "is not a folder" if target.parent.exists() else "does not exist"
        raise SatdokuError(f"cannot write {target}: {target.parent} {what}")
    return target


def _publish(out: IO, tmp: str, target: Path) -> None:
    out.flush()
    os.fsync(out.fileno())
    os.chmod(tmp, _file_mode(target))
    os.replace(tmp, target)


def _file_mode(target: Path) -> int:
    """The mode ``target`` already has, or the one a new file gets (0666 less the umask)."""
    if target.exists():
        return target.stat().st_mode & 0o7777
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask

"""Output that never loses what the user had: atomic files, and the errors of writing.

:func:`atomic_file` writes beside the target, then renames onto it. An existing file is only
ever replaced by a finished one (or, with ``keep_partial``, by everything written before an
interrupt or error: batch jobs keep their partial results), and with ``keep_partial`` never
by nothing: a command that failed before writing a single result leaves the file as it was.
A target that is not a regular file (``/dev/null``, a FIFO, ``/dev/stdout``) is written to
directly: renaming onto it would replace the device, pipe or link; a symbolic link to a file
has that file replaced, and stays a link. The new file gets the ordinary permissions (0666
less the umask, or the mode of the file it replaces), not the 0600 of a temporary file.

When writing fails (:class:`~satdoku.errors.OutputError`, exit code 74), the message says
why in a user's words (``disk full``) and what became of the output: with ``keep_partial``
the complete lines that reached the disk replace the target; a target that cannot be
replaced (an immutable file) is left as it was and the results go to ``NAME.new`` beside it.
No temporary file is ever left behind.

>>> import pathlib, tempfile
>>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
>>> with atomic_file(target) as out:
...     _ = out.write("hello\\n")
>>> target.read_text()
'hello\\n'
>>> describe(OSError(28, "No space left on device"))
'disk full (No space left on device)'
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TypeGuard

from satdoku.errors import OutputError, SatdokuError

#: Errors that only writing gives (reading never fills a disk): a stream that raises one of
#: these was being written to.
WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})
#: The OS's reasons that say more in a user's words.
_MEANING = {errno.ENOSPC: "disk full", errno.EDQUOT: "disk quota exceeded"}


def describe(err: OSError) -> str:
    """Why a write failed, in a user's words with the OS's own in brackets."""
    reason = err.strerror or str(err)
    meaning = _MEANING.get(err.errno or 0)
    return f"{meaning} ({reason})" if meaning else reason


def is_write_error(err: BaseException) -> TypeGuard[OSError]:
    """Whether ``err`` is an error only writing can give (a full disk, a quota)."""
    return isinstance(err, OSError) and err.errno in WRITE_ERRORS


@contextlib.contextmanager
def atomic_file(path: str | Path, binary: bool = False,
                keep_partial: bool = False) -> Iterator[IO]:
    """A file object whose content lands on ``path`` only when the block ends.

    Without ``keep_partial`` an exception discards what was written; with it, the partial
    output replaces the target as well (and the exception still propagates). Output that is
    empty replaces nothing and makes no file, whether the block failed or not. A write that fails
    (disk full) becomes an :class:`OutputError` saying what was kept.
    """
    import tempfile  # (the error helpers below are imported by every command)

    target = _writable_target(path)
    if target.is_symlink():  # replace the file it leads to, never the link itself
        real = _link_end(target)
        if real is None:  # /dev/stdout, /dev/fd/3: a descriptor, written to as it is
            yield from _direct(target, binary)
            return
        target = _writable_target(real)
    if target.exists() and not target.is_file():  # /dev/null, a FIFO: write to it, never replace
        yield from _direct(target, binary)
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as err:
        raise OutputError(f"cannot write {target}: no file can be made in {target.parent} "
                          f"({describe(err)})") from None
    out = os.fdopen(fd, "wb" if binary else "w", encoding=None if binary else "utf-8")
    try:
        try:
            yield out
        except BaseException as err:
            if is_write_error(err):
                raise _failed(out, tmp, target, err, keep_partial) from None
            if keep_partial and _written(out):
                _publish(out, tmp, target, keep_partial)
            raise
        if _written(out):  # (output that is empty replaces nothing: a refused convert)
            _publish(out, tmp, target, keep_partial)
    finally:
        with contextlib.suppress(OSError):  # (after a failed write its buffer cannot go out)
            out.close()
        if os.path.exists(tmp):
            os.unlink(tmp)


def _direct(target: Path, binary: bool) -> Iterator[IO]:
    """Write straight to a device or FIFO (what was written before an error stays written)."""
    try:
        stream = open(target, "wb" if binary else "w",  # noqa: SIM115 - closed below
                      encoding=None if binary else "utf-8")
    except OSError as err:
        raise OutputError(f"cannot write {target}: {describe(err)}") from None
    try:
        yield stream
        stream.flush()
    except OSError as err:
        if not is_write_error(err):
            raise
        raise OutputError(f"cannot write {target}: {describe(err)}") from None
    finally:
        with contextlib.suppress(OSError):
            stream.close()


def check_file_name(path: str | Path) -> None:
    """A :class:`SatdokuError` when ``path`` cannot name a file: empty, a directory, or a
    name ending in '/' (which ``Path`` would drop: ``out.txt/`` is not ``out.txt``)."""
    if str(path).strip() == "":
        raise SatdokuError("the output file name is empty")
    target = Path(path)
    if target.is_dir():
        raise SatdokuError(f"cannot write {target}: it is a directory")
    if str(path).endswith((os.sep, f"{os.sep}.")):
        raise SatdokuError(f"cannot write {path}: a name ending in '/' names a folder; "
                           f"leave the '/' out to write the file {target}")


def _writable_target(path: str | Path) -> Path:
    """``path`` as a Path, or a :class:`SatdokuError` saying why no file can be written there."""
    check_file_name(path)
    target = Path(path)
    if not target.parent.is_dir():
        what = "is not a folder" if target.parent.exists() else "does not exist"
        raise SatdokuError(f"cannot write {target}: {target.parent} {what}")
    return target


def _link_end(link: Path) -> Path | None:
    """The path a symbolic link leads to, or None when it leads through ``/proc`` or
    ``/dev`` (``/dev/stdout`` → ``/proc/self/fd/1``: an open descriptor, not a file to
    replace)."""
    path = str(link)
    for _ in range(40):  # (the OS's own limit on links followed)
        if not os.path.islink(path):
            return Path(path)
        path = os.path.join(os.path.dirname(path), os.readlink(path))
        if os.path.normpath(path).startswith(("/proc/", "/dev/")):
            return None
    return None


def _written(out: IO) -> bool:
    try:
        return out.tell() > 0
    except OSError:  # tell() flushes: the disk filled up just now
        return True


def _publish(out: IO, tmp: str, target: Path, keep_partial: bool) -> None:
    try:
        out.flush()
        os.fsync(out.fileno())
    except OSError as err:
        raise _failed(out, tmp, target, err, keep_partial) from None
    _rename(tmp, target)


def _rename(tmp: str, target: Path) -> None:
    """Move the finished ``tmp`` onto ``target``; if the target cannot be replaced, next to
    it as ``NAME.new``, and an :class:`OutputError` says so."""
    try:
        os.chmod(tmp, _file_mode(target))
        os.replace(tmp, target)
    except OSError as err:
        spare = _spare_name(target)
        try:
            os.replace(tmp, spare)
        except OSError:
            kept = "the results are lost"
        else:
            kept = f"the results are in {spare}"
        raise OutputError(f"cannot replace {target}: {describe(err)}; it was left as it "
                          f"was and {kept}") from None


def _untouched(target: Path) -> str:
    return f"{target} was left as it was" if target.exists() else f"{target} was not written"


def _spare_name(target: Path) -> Path:
    """``NAME.new`` beside ``target`` (``NAME.new2``, … if that exists)."""
    names = (target.with_name(f"{target.name}.new{k if k > 1 else ''}") for k in range(1, 100))
    return next((name for name in names if not name.exists()),
                target.with_name(f"{target.name}.new"))


def _failed(out: IO, tmp: str, target: Path, err: OSError, keep_partial: bool) -> OutputError:
    """The error for a write to ``tmp`` that failed; with ``keep_partial`` the complete
    lines that reached the disk first replace ``target`` (as an interrupt's would)."""
    with contextlib.suppress(OSError):
        out.close()
    kept = _untouched(target)
    if keep_partial:
        try:
            lines = _complete_lines(tmp)
            if lines:
                _rename(tmp, target)
                kept = f"the {lines:,} complete lines written before are in {target}"
        except OSError:
            pass
    return OutputError(f"cannot write {target}: {describe(err)}; {kept}")


def _complete_lines(tmp: str) -> int:
    """Cut ``tmp`` after its last line break (a write cut short may end mid-line); the
    number of lines left."""
    end = lines = position = 0
    with open(tmp, "r+b") as f:
        while chunk := f.read(1 << 20):
            if (k := chunk.rfind(b"\n")) >= 0:
                end, lines = position + k + 1, lines + chunk.count(b"\n")
            position += len(chunk)
        f.truncate(end)
        f.flush()
        os.fsync(f.fileno())
    return lines


def _file_mode(target: Path) -> int:
    """The mode ``target`` already has, or the one a new file gets (0666 less the umask)."""
    with contextlib.suppress(OSError):
        if target.exists():
            return target.stat().st_mode & 0o7777
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask

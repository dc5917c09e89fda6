"""Every file a command reads and writes, gathered in one place and checked before any work.

A command's options are named alike in every command (``puzzle``, ``model``, ``output``,
``picture`` …): :data:`READS` and :data:`WRITES` say, by option name, which files an option's
value stands for (``--certify FILE`` writes FILE and the CNF beside it; ``--svg-dir FOLDER``
the ``step-NNN.svg`` pictures in FOLDER). :func:`checked` wraps every command once
(:class:`~satdoku.cli.lazy.LazyCommands`), so that before the command starts, an output that
names an input, or another output of the same command, is refused (exit code 2): the
puzzles, or the other result, would be lost. Two names are the same file when they lead to
the same device and inode once links are followed, or, for a file not made yet, to the same
resolved path. Devices and FIFOs (``/dev/null``, ``/dev/stdout``) are written to, never
replaced, and are not compared. ``tests/test_output_paths.py`` checks that every option of
every command taking a string is listed here or known not to be a path.

>>> try:
...     check_paths({"puzzle": "-", "output": "a.txt", "picture": "a.txt"})
... except SatdokuError as err:
...     print(str(err).partition(":")[0])
--svg a.txt is the same file as -o a.txt
"""

from __future__ import annotations

import functools
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from satdoku.errors import SatdokuError


@dataclass(frozen=True)
class Claim:
    """A file a command reads or writes: ``option`` names it to the user (``-o out.txt``);
    with ``names`` (a pattern), the files of folder ``path`` whose names match it."""

    option: str
    path: str
    names: re.Pattern[str] | None = None

    def __str__(self) -> str:
        return f"{self.option} {self.path}"


def _file(option: str) -> Callable[[str], Iterator[Claim]]:
    def claims(value: str) -> Iterator[Claim]:
        yield Claim(option, value)
    return claims


def _input(option: str) -> Callable[[str], Iterator[Claim]]:
    """An option that is a file only when one exists by that name (a puzzle argument is
    also the puzzle itself; ``--layout samurai`` a layout's name); ``-`` is standard input."""
    def claims(value: str) -> Iterator[Claim]:
        if value == "-" or (len(value) < 4096 and os.path.lexists(value)):
            yield Claim(option, value)
    return claims


def _certificate(value: str) -> Iterator[Claim]:
    from pathlib import Path

    from satdoku.analyse.answers import certificate_paths
    _, cnf = certificate_paths(Path(value))
    yield Claim("--certify", value)
    yield Claim("--certify's CNF", str(cnf))


def _step_pictures(value: str) -> Iterator[Claim]:
    from satdoku.explain.pictures import STEP_PICTURE
    yield Claim("--svg-dir", value, STEP_PICTURE)


#: Option name → the files its value reads.
READS: dict[str, Callable[[str], Iterator[Claim]]] = {
    "puzzle": _input("puzzle"), "model": _input("model"), "layout": _input("--layout"),
    "multigrid": _input("--layout"), "template": _file("--template"),
    "dask": _input("--dask"),  # (a scheduler file)
}
#: Option name → the files its value writes.
WRITES: dict[str, Callable[[str], Iterator[Claim]]] = {
    "output": _file("-o"), "picture": _file("--svg"), "certify_to": _certificate,
    "svg_dir": _step_pictures,
}


def checked(callback: Callable[..., Any]) -> Callable[..., Any]:
    """``callback`` (a command, called with its options by name) that first runs
    :func:`check_paths` on its options."""
    @functools.wraps(callback)
    def command(**params: Any) -> Any:
        check_paths(params)
        return callback(**params)
    return command


def check_paths(params: Mapping[str, Any]) -> None:
    """A :class:`SatdokuError` (exit code 2) when an output of ``params`` is an input or
    another output, or a name that cannot be a file (``out.txt/``); nothing otherwise."""
    from satdoku.runtime.atomic import check_file_name
    inputs = list(_claims(params, READS))
    outputs = [c for c in _claims(params, WRITES) if c.path != "-"]
    for out in outputs:
        if out.names is None:
            check_file_name(out.path)
    for k, out in enumerate(outputs):
        for other in inputs:
            if _same(out, other):
                what = ("the file standard input reads" if other.path == "-" else
                        f"the input file ({other})")
                raise SatdokuError(f"{out} is {what}: it would be lost; write the results "
                                   "to another file")
        for other in outputs[:k]:
            if _same(out, other):
                raise SatdokuError(f"{_both(out, other)}: one would overwrite the other; "
                                   "give another file name")


def _both(a: Claim, b: Claim) -> str:
    """Two outputs that are the same file, in words."""
    if a.names is None and b.names is None:
        return f"{a} is the same file as {b}"
    folder, file = (a, b) if a.names is not None else (b, a)
    return f"{file} is one of the pictures {folder} writes"


def _claims(params: Mapping[str, Any],
            table: Mapping[str, Callable[[str], Iterator[Claim]]]) -> Iterator[Claim]:
    for name, claims in table.items():
        value = params.get(name)
        if isinstance(value, str) and value.strip():
            yield from claims(value)


def _same(a: Claim, b: Claim) -> bool:
    if a.names is not None or b.names is not None:
        folder, file = (a, b) if a.names is not None else (b, a)
        return file.names is None and _in_folder(file.path, folder)
    key = _identity(a.path)
    return key is not None and key == _identity(b.path)


def _identity(path: str) -> tuple[Any, ...] | None:
    """What makes ``path`` the file it is: its device and inode (links followed), the
    resolved path of a file not made yet, or None for a device, FIFO or folder (written to
    as they are, never replaced) and for standard input that is not a file."""
    try:
        info = os.fstat(sys.stdin.fileno()) if path == "-" else os.stat(path)
    except (OSError, ValueError, AttributeError):
        return None if path == "-" else ("path", os.path.realpath(path))
    return ("file", info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def _in_folder(path: str, folder: Claim) -> bool:
    """Whether ``path`` is (or leads to, or is a hard link of) one of the files ``folder``
    claims."""
    assert folder.names is not None
    if path == "-":
        return False
    real = os.path.realpath(path)
    if (os.path.dirname(real) == os.path.realpath(folder.path)
            and folder.names.fullmatch(os.path.basename(real))):
        return True
    key = _identity(path)
    if key is None or key[0] != "file":
        return False
    try:
        with os.scandir(folder.path) as entries:
            return any(folder.names.fullmatch(entry.name) and _identity(entry.path) == key
                       for entry in entries)
    except OSError:  # (no folder yet: it holds nothing)
        return False

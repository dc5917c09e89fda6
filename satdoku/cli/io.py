"""Where puzzles come from and where results go: files, stdin, literals; atomic output."""

from __future__ import annotations

import contextlib
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from satdoku.atomic import atomic_file
from satdoku.board import Board
from satdoku.errors import BoardError, ParseError
from satdoku.formats import Record, read_json_puzzles, read_puzzles
from satdoku.formats.text import BoxSpec
from satdoku.rules import Rule, parse_rules


def box_spec(text: str) -> BoxSpec:
    """``--box`` value → box spec ("auto", None for Latin squares, or (r, c))."""
    text = text.strip().lower()
    if text in ("auto", ""):
        return "auto"
    if text in ("none", "latin"):
        return None
    r, c = Board.parse_box(text)
    return None if 1 in (r, c) else (r, c)


_PATH_LIKE = re.compile(r"[\w\-./\\~]*\.[A-Za-z][A-Za-z0-9]{0,4}|.*[/\\].*")


def read_source(puzzle: str) -> tuple[str, str]:
    """(text, name): the contents of a file, of stdin for '-', or the argument itself.

    >>> read_source("1.3. ..1. .... ...4")
    ('1.3. ..1. .... ...4', '<argument>')
    """
    if puzzle == "-":
        return sys.stdin.read(), "<stdin>"
    path = Path(puzzle)
    if "\n" not in puzzle and len(puzzle) < 4096:
        try:
            if path.is_file():
                return path.read_text(encoding="utf-8"), puzzle
            if path.is_dir():
                raise ParseError(f"{puzzle} is a directory, not a puzzle file")
        except (OSError, UnicodeDecodeError) as err:
            raise ParseError(f"cannot read {puzzle}: {err}") from None
        if len(puzzle) < 64 and _PATH_LIKE.fullmatch(puzzle):
            raise ParseError(f"no such file: {puzzle}")
    return puzzle, "<argument>"


def load(puzzle: str, box: str, rules: str) -> tuple[list[Record], str]:
    """Every record of the input named by ``puzzle``, and the input's name."""
    text, name = read_source(puzzle)
    try:
        spec = box_spec(box)
    except BoardError as err:
        raise ParseError(f"--box: {err}") from None
    extra: tuple[Rule, ...] = parse_rules(rules)
    source = None if name == "<argument>" else name
    is_json = name.lower().endswith(".json") or text.lstrip().startswith(("{", "["))
    read = read_json_puzzles if is_json else read_puzzles  # JSON: --rules add to the file's
    records = list(read(text, source, spec, extra))
    if not records:
        raise ParseError(f"no puzzle found in {name}")
    return records, name


@contextlib.contextmanager
def output_stream(path: str | None) -> Iterator[TextIO]:
    """stdout, or an atomic file that keeps partial results on interrupt or error.

    An existing file is only ever replaced once the command stops, never half-way.
    """
    if path in (None, "-"):
        yield sys.stdout
        sys.stdout.flush()
        return
    with atomic_file(path, keep_partial=True) as out:
        yield out  # type: ignore[misc]


class Progress:
    """A one-line progress report on stderr, only when stderr is a terminal."""

    def __init__(self, total: int | None, what: str, quiet: bool = False) -> None:
        self.total, self.what = total, what
        self.enabled = not quiet and sys.stderr.isatty()
        self.start = self.last = time.monotonic()
        self.shown = False

    def update(self, done: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.last < 0.25 or now - self.start < 0.5:
            return
        self.last, self.shown = now, True
        rate = done / max(now - self.start, 1e-9)
        of = f"/{self.total}" if self.total else ""
        sys.stderr.write(f"\r{done}{of} {self.what} ({rate:,.0f}/s)   ")
        sys.stderr.flush()

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()

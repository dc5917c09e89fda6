"""Where puzzles come from and where results go: files, stdin, literals; atomic output."""

from __future__ import annotations

import contextlib
import errno
import re
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from satdoku.board import Board
from satdoku.errors import BoardError, OutputClosed, ParseError
from satdoku.formats import Record
from satdoku.formats.text import BoxSpec, puzzle_records
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule, parse_rules


def box_spec(text: str) -> BoxSpec:
    """``--box`` value → box spec ("auto", None for Latin squares, or (r, c))."""
    return Board.box_spec(text)


#: Text that cannot be f-puzzles (links need letters; f-puzzles JSON needs braces): the cells
#: of classic puzzles, separators and white space. Such text skips the f-puzzles reader.
_PLAIN = re.compile(r"[0-9.\s|\-+=:,;]*")
_WORD = re.compile(r"[A-Za-z][\w\-]{1,40}")  # a mistyped file name more than a puzzle
_PATH_LIKE = re.compile(r"[\w\-./\\~]*\.[A-Za-z][A-Za-z0-9]{0,4}|.*[/\\].*")


def _fpuzzles():  # imported only for input that may be f-puzzles
    from satdoku.formats import fpuzzles_links
    return fpuzzles_links


def _is_link(text: str) -> bool:
    return _fpuzzles().is_link(text)


def read_source(puzzle: str) -> tuple[str, str]:
    """(text, name): the contents of a file, of stdin for '-', or the argument itself.

    >>> read_source("1.3. ..1. .... ...4")
    ('1.3. ..1. .... ...4', '<argument>')
    """
    if puzzle == "-":
        return sys.stdin.read().removeprefix("\ufeff"), "<stdin>"
    if not puzzle.strip():
        raise ParseError("the puzzle argument is empty: give a puzzle, a file, or '-'")
    path = Path(puzzle)
    if "\n" not in puzzle and len(puzzle) < 4096:
        try:
            if path.is_file():  # utf-8-sig: a byte-order mark (Windows editors) is dropped
                return path.read_text(encoding="utf-8-sig"), puzzle
            if path.is_dir():
                raise ParseError(f"{puzzle} is a directory, not a puzzle file")
        except OSError as err:
            if err.errno != errno.ENAMETOOLONG:  # too long for a file name: a puzzle
                raise ParseError(f"cannot read {puzzle}: {err.strerror}") from None
        except UnicodeDecodeError as err:
            raise ParseError(f"cannot read {puzzle}: not UTF-8 text ({err.reason})") from None
        if len(puzzle) < 64 and _PATH_LIKE.fullmatch(puzzle) and not _is_link(puzzle):
            raise ParseError(f"no such file: {puzzle}")
    return puzzle, "<argument>"


def load(puzzle: str, box: str, rules: str,
         ignore_unsupported: bool = False) -> tuple[Sequence[Record], str]:
    """Every record of the input named by ``puzzle``, and the input's name.

    f-puzzles and SudokuPad links (one per line) and f-puzzles JSON are read too; a puzzle with
    constraints satdoku cannot express is an error unless ``ignore_unsupported``.
    """
    text, name = read_source(puzzle)
    try:
        spec = box_spec(box)
    except BoardError as err:
        raise ParseError(f"--box: {err}") from None
    extra: tuple[Rule, ...] = parse_rules(rules)
    source = None if name == "<argument>" else name
    is_json = name.lower().endswith(".json") or text.lstrip().startswith(("{", "["))
    # JSON: --rules add to the file's. Text: a file of many puzzles is parsed as it is used.
    if not _PLAIN.fullmatch(text) and _fpuzzles().is_fpuzzles(text):
        records: Sequence[Record] = _fpuzzles().records(
            text, source, spec, extra, ignore_unsupported)
    elif is_json:
        from satdoku.formats.puzzle_json import read_json_puzzles  # with every variant rule
        records = list(read_json_puzzles(text, source, spec, extra))
    else:
        records = puzzle_records(text, source, spec, extra)
    if not records:
        raise ParseError(f"no puzzle found in {name}")
    if source is None and len(records) == 1 and records[0].error and _WORD.fullmatch(text):
        raise ParseError(f"no file named {text!r}, and as a puzzle: {records[0].error}")
    return records, name


def one_puzzle(records: Sequence[Record], name: str, command: str, warn: bool = True) -> Puzzle:
    """The single puzzle of an input, for commands that take one (export, decode, render);
    its warnings go to stderr (unless ``warn`` is False: a batch will say them)."""
    if len(records) > 1:
        raise ParseError(f"{command} takes one puzzle; {name} holds {len(records)} "
                         f"(lines {records[0].line}, {records[1].line}, …)")
    if records[0].error is not None:
        raise records[0].error
    assert records[0].puzzle is not None
    for warning in records[0].warnings if warn else ():
        print(f"satdoku: warning: {warning}", file=sys.stderr)
    return records[0].puzzle


@contextlib.contextmanager
def output_stream(path: str | None, keep_partial: bool = True,
                  reading: str | None = None) -> Iterator[TextIO]:
    """stdout, or an atomic file (with ``keep_partial``: partial results kept on interrupt).

    An existing file is only ever replaced once the command stops, never half-way, and never
    by empty output, nor ever the input file ``reading`` (as :func:`load` names it). A
    reader that closes standard output early ends the command quietly.
    """
    if path not in (None, "-"):
        if reading and _same_file(path, reading):
            raise ParseError(f"-o {path} is the input file: the puzzles would be lost; "
                             "write the results to another file")
        from satdoku.atomic import atomic_file
        with atomic_file(path, keep_partial=keep_partial) as out:
            yield out  # type: ignore[misc]
        return
    try:
        yield sys.stdout
        sys.stdout.flush()
    except BrokenPipeError:
        raise OutputClosed from None


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).is_file() and Path(b).is_file() and Path(a).samefile(b)
    except OSError:
        return False


class Progress:
    """A one-line progress report on stderr, only when stderr is a terminal and the results
    do not go to that same terminal (``out``: where they go, when they stream)."""

    def __init__(self, total: int | None, what: str, quiet: bool = False,
                 out: TextIO | None = None) -> None:
        self.total, self.what = total, what
        shared = out is sys.stdout and sys.stdout.isatty()
        self.enabled = not quiet and sys.stderr.isatty() and not shared
        self.start = self.last = time.monotonic()
        self.shown, self.done, self._width = False, 0, 0

    def update(self, done: int) -> None:
        self.done = done
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.25 or now - self.start < 0.5:
            return
        self.last, self.shown = now, True
        self._show(now)

    def _show(self, now: float) -> None:
        rate = self.done / max(now - self.start, 1e-9)
        speed = f"{rate:,.0f}/s" if rate >= 1 else f"{1 / max(rate, 1e-9):,.1f} s each"
        of = f"/{self.total:,}" if self.total else ""
        text = f"{self.done:,}{of} {self.what} ({speed})"
        self._width = len(text)
        sys.stderr.write(f"\r{text}   ")
        sys.stderr.flush()

    def clear(self) -> None:
        """Blank the progress line, so that a message can take its place (it comes back
        with the next update)."""
        if self.shown:
            sys.stderr.write("\r" + " " * (self._width + 3) + "\r")

    def close(self) -> None:
        """End the line, showing the final count."""
        if self.shown:
            self._show(time.monotonic())
            sys.stderr.write("\n")
            sys.stderr.flush()

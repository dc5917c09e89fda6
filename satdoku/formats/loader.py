"""Where puzzles come from: a file, standard input, or the argument itself — and which format it
holds. :func:`load` is the one input sniffer (text lines, f-puzzles, SudokuPad and Penpa+
links, f-puzzles JSON, ipuz, JSON), used by the command line and the API alike.

>>> records, name = read_records("1.34 34.2 2.43 43.1")
>>> name, len(records), records[0].puzzle.num_givens
('<argument>', 1, 12)
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from satdoku.board import Board
from satdoku.errors import BoardError, ParseError
from satdoku.formats import Record
from satdoku.formats.limits import json_error
from satdoku.formats.records import BoxSpec
from satdoku.formats.text import puzzle_records
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


def _is_ipuz(text: str) -> bool:
    """Whether ``text`` looks like an ipuz document (any kind: the ipuz reader names others)."""
    head = text.lstrip()[:4000]
    return '"kind"' in head and "ipuz.org/" in head


def _is_link(text: str) -> bool:
    return _fpuzzles().is_link(text)


def _mostly_cells(text: str) -> bool:
    """Whether ``text`` reads more as a puzzle with a typo than as a file name: at least half
    of it digits and dots ("4...3..x" is a puzzle with a stray x, "nosuch.txt" a file)."""
    return 2 * sum(c.isdigit() or c == "." for c in text) >= len(text)


def read_source(puzzle: str) -> tuple[str, str]:
    """(text, name): the contents of a file, of stdin for '-', or the argument itself.

    Inputs beyond :mod:`satdoku.formats.limits` (256 MiB) are refused before being read.

    >>> read_source("1.3. ..1. .... ...4")
    ('1.3. ..1. .... ...4', '<argument>')
    """
    from satdoku.formats.limits import read_limited

    if puzzle == "-":
        if sys.stdin is None:  # (satdoku solve - <&-)
            raise ParseError("standard input is closed, and '-' reads the puzzle from it")
        return read_limited(getattr(sys.stdin, "buffer", sys.stdin), "<stdin>"), "<stdin>"
    if not puzzle.strip():
        raise ParseError("the puzzle argument is empty: give a puzzle, a file, or '-'")
    path = Path(puzzle)
    if len(puzzle) < 4096 and ("\n" not in puzzle or os.path.lexists(puzzle)):
        name = shown_name(puzzle)  # (a file name with a line break: still one line)
        try:
            if path.is_dir():
                raise ParseError(f"{name} is a directory, not a puzzle file")
            if path.exists():  # a file, or a pipe (<(…)): a byte-order mark is dropped
                with path.open("rb") as stream:
                    return read_limited(stream, name), name
            if path.is_symlink():  # never its name taken for a puzzle
                raise ParseError(_broken_link(puzzle))
        except OSError as err:
            if err.errno != errno.ENAMETOOLONG:  # too long for a file name: a puzzle
                raise ParseError(f"cannot read {name}: {err.strerror}") from None
        if (len(puzzle) < 64 and _PATH_LIKE.fullmatch(puzzle) and not _mostly_cells(puzzle)
                and not _is_link(puzzle)):
            raise ParseError(f"no such file: {puzzle}")
    return puzzle, "<argument>"


def shown_name(path: str) -> str:
    r"""A file name as messages show it: line breaks and other control characters escaped.

    >>> shown_name("new\nline.txt")
    'new\\nline.txt'
    """
    if path.isprintable():
        return path
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in path)


def _broken_link(path: str) -> str:
    """What is wrong with symbolic link ``path``, which leads to no file."""
    try:
        os.stat(path)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return f"{shown_name(path)} is a symbolic link that leads round in a loop"
    return (f"{shown_name(path)} is a symbolic link to {shown_name(os.readlink(path))}, "
            "which does not exist")


def read_records(puzzle: str, box: str = "auto", rules: str | tuple[Rule, ...] = "",
                 ignore_unsupported: bool = False, layout: str | None = None,
                 ) -> tuple[Sequence[Record], str]:
    """Every record of the input named by ``puzzle`` (a puzzle, or its reading error, with
    its line), and the input's name; ``rules`` (names, or rule objects) add to each puzzle's.

    f-puzzles, SudokuPad and Penpa+ links (one per line), f-puzzles JSON and ipuz are read too
    (docs/formats.md); a puzzle with constraints satdoku cannot express is an error unless
    ``ignore_unsupported``. ``layout`` (``--layout``: a name or a JSON file) reads text as
    that multi-grid layout (:mod:`satdoku.formats.multigrid`).
    """
    try:
        spec: BoxSpec = box_spec(box)
    except BoardError as err:
        raise ParseError(f"--box: {err}") from None
    if layout is not None:
        spec = _layout(layout, spec)
    extra: tuple[Rule, ...] = parse_rules(rules) if isinstance(rules, str) else tuple(rules)
    if puzzle != "-" and "\n" not in puzzle and len(puzzle) < 4096:
        from satdoku.formats.line_file import mapped_lines
        if (lines := mapped_lines(puzzle)) is not None:  # millions of lines: not read whole
            if not len(lines):  # (only comments and blank lines)
                raise ParseError(f"no puzzle found in {shown_name(puzzle)}")
            from satdoku.formats.text import LineRecords
            return LineRecords(lines, spec, extra, puzzle), puzzle
    text, name = read_source(puzzle)
    if (too_big := json_error(text, name)) is not None:
        raise too_big
    source = None if name == "<argument>" else name
    is_json = name.lower().endswith(".json") or text.lstrip().startswith(("{", "["))
    # JSON: --rules add to the file's. Text: a file of many puzzles is parsed as it is used.
    if name.lower().endswith(".ipuz") or _is_ipuz(text):
        from satdoku.formats.ipuz import ipuz_records
        records: Sequence[Record] = ipuz_records(text, source, spec, extra)
    elif not _PLAIN.fullmatch(text) and _fpuzzles().is_fpuzzles(text):
        records = _fpuzzles().records(text, source, spec, extra, ignore_unsupported)
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


def _layout(text: str, box: BoxSpec) -> BoxSpec:
    """``--layout``: a layout's name, or a JSON puzzle file whose board has several grids."""
    from satdoku.formats.multigrid import LAYOUTS, layout_of_board, layout_spec
    try:
        if text.strip().lower() in LAYOUTS or not Path(text).is_file():
            return layout_spec(text, box)  # type: ignore[arg-type]
        from satdoku.formats.puzzle_json import parse_json_puzzle
        board = parse_json_puzzle(Path(text).read_text(encoding="utf-8"), source=text).board
        return layout_of_board(board, text)
    except BoardError as err:
        raise ParseError(f"--layout: {err}") from None


def layout_board(layout: str, size: int | None = None, box: str = "auto") -> Board:
    """The board of ``--layout``: a name, with ``size`` (default 9) and ``box``; or a JSON
    file's board (then neither ``size`` nor ``box`` may say otherwise).

    >>> layout_board("samurai").describe()
    'samurai: 5 grids of 9x9 (3x3 boxes), 369 cells on a 21x21 canvas'
    """
    from satdoku.formats.multigrid import LayoutSpec
    from satdoku.multigrid import MultiBoard
    spec = _layout(layout, Board.box_spec(box))
    assert isinstance(spec, LayoutSpec)
    if spec.board is not None:
        if (size is not None and size != spec.board.n) or box.strip().lower() not in ("auto", ""):
            raise BoardError(f"--layout {layout} sets the board: its grids are "
                             f"{spec.board.n}x{spec.board.n}; leave out --size and --box")
        return spec.board
    assert spec.name is not None
    return MultiBoard.layout(spec.name, size or 9, spec.box)  # type: ignore[arg-type]


def load(source: str, box: str = "auto", rules: str | tuple[Rule, ...] = "",
         ignore_unsupported: bool = False, layout: str | None = None) -> Puzzle:
    """The one puzzle of ``source`` (text, a link, a file name, '-' for standard input);
    ParseError when it holds several, or its reading error.

    >>> link = ("https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNC"
    ...         "ImAOwQBcMqBfZYH48lQQBmeoxbtOMfiFKVqKdONbwO3ALrJCswdVFKmKtdN475CRQ0OTuvGXKHwAT"
    ...         "GOuqpXTdofUXBie62fKY+Fq4Bxva6IuFGHl4C5kixNiaJjvpWER52IdG0KYHS6upcQA")
    >>> load(link).num_givens, load("1.34 34.2 2.43 43.1").num_givens
    (12, 12)
    """
    records, name = read_records(source, box, rules, ignore_unsupported, layout)
    return one_puzzle(records, name, "load", warn=False)


def load_all(source: str, box: str = "auto", rules: str | tuple[Rule, ...] = "",
             ignore_unsupported: bool = False, layout: str | None = None) -> list[Puzzle]:
    """Every puzzle of ``source``; ParseError (naming its line) at the first bad one.

    >>> [p.num_givens for p in load_all("1.34 34.2 2.43 43.1\\n.... .... .... ...1")]
    [12, 1]
    """
    records, _ = read_records(source, box, rules, ignore_unsupported, layout)
    puzzles = []
    for record in records:
        if record.error is not None:
            raise record.error
        assert record.puzzle is not None
        puzzles.append(record.puzzle)
    return puzzles


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
        print(f"satdoku: warning: {records[0].where(warning, name, False)}{warning}",
              file=sys.stderr)
    return records[0].puzzle

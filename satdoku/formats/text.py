"""Puzzle text: 81-character lines, n²-character lines, multi-line grids, numbers for big grids.

Input rules: ``.`` or ``0`` is a blank; digits are ``1–9`` then ``A–Z`` then ``a–z``; in
grids, white space and ``| - + = : , ;`` only separate cells; big grids may be written as
white-space separated numbers (``12 . 3 …``); pencilmark (Sukaku) lines of n characters per
cell (729 for 9x9: the k-th character of a cell is ``k`` when k is a candidate, else ``.``),
as ``satdoku candidates -f line`` writes them. A file holds one grid, or many puzzles one
per line; ``#`` comment lines and blank lines are ignored. L lines of L cells (L ≤ 61) are
one grid, unless they read better as L puzzles (each line a √L×√L puzzle, see
:func:`_lines_are_puzzles`).

>>> p = parse_puzzle("1.3. ..1. .... ...4")
>>> p.board.n, p.num_givens
(4, 4)
>>> print(format_grid(p.board, p.givens))
1 . | 3 .
. . | 1 .
----+----
. . | . .
. . | . 4
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from satdoku.board import ALPHABET, BLANKS, Board
from satdoku.errors import BoardError, ParseError, SatdokuError
from satdoku.formats.limits import line_error
from satdoku.formats.records import HOLE, BoxSpec, Record
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, Rule

SEPARATORS = frozenset(" \t\r\x0b\x0c|-+=:,;")
_DIGIT_OF = {ch: k + 1 for k, ch in enumerate(ALPHABET)}
_VALUE_OF = {**_DIGIT_OF, **dict.fromkeys(BLANKS, 0)}
#: ... and the full-width forms of them (１２３．, as Japanese input methods type them), read
#: as in --box, cell names and grids of numbers (where Python's int() reads them).
_WIDE_VALUE = {**_VALUE_OF, **{chr(ord(ch) + 0xFEE0): value for ch, value in _VALUE_OF.items()
                               if "!" <= ch <= "~"}}
_SYMBOLS = "." + ALPHABET  # digit → its character (0 → blank)
# Byte tables for the fast paths: an ASCII cell character → its digit (255: not a cell), and
# a digit → its character.
_NO_SEPARATORS = str.maketrans("", "", "".join(SEPARATORS))
_READ_TABLE = bytes(_VALUE_OF.get(chr(b), 255) for b in range(256))
_WRITE_TABLE = bytes(ord(_SYMBOLS[b]) if b < len(_SYMBOLS) else ord("?") for b in range(256))
_NUMBER_TOKEN = re.compile(r"\d+|\.")
_SEPARATOR_TOKEN = re.compile(r"[|\-+=:,;]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Cells:
    """Raw cells read from text: digits (0 blank) with the (line, column) of each."""

    digits: list[int]
    places: Sequence[tuple[int, int]]


def read_numbers(line: str, number: int, source: str | None = None) -> Cells | None:
    """The cells of a line of white-space separated numbers, or None if it is not one.

    The number notation is chosen only where some number has two or more digits (see
    :func:`_multi_digit`): otherwise the character notation reads the same cells.
    """
    if line_error(line, number):  # (the character reading reports it)
        return None
    tokens = line.split()
    if len(tokens) < 2:  # one token reads the same in character notation
        return None
    tokens = [t for t in tokens if not _SEPARATOR_TOKEN.fullmatch(t)]
    if not tokens or not all(_NUMBER_TOKEN.fullmatch(t) for t in tokens):
        return None
    digits, places, column = [], [], 0
    for token in tokens:
        column = line.index(token, column)
        if len(token) > 9:  # no board has a digit that large (and int() refuses 4,300+ digits)
            raise ParseError(f"number {token[:12]}… ({len(token):,} digits) is too large for "
                             "a digit", source, number, column + 1)
        digits.append(0 if token == "." else int(token))
        places.append((number, column + 1))
        column += len(token)
    return Cells(digits, places)


class _Columns(Sequence):
    """The places (line, 1..length) of a line read without separators, made on demand."""

    def __init__(self, line: int, length: int) -> None:
        self.line, self.length = line, length

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [(self.line, c + 1) for c in range(self.length)[k]]
        if not -self.length <= k < self.length:
            raise IndexError(k)
        return (self.line, k % self.length + 1)


def read_cells(line: str, number: int, source: str | None = None) -> Cells:
    """The cells of one line of text in character notation."""
    if line.isascii():  # fast path: a plain line of cells (e.g. 81 characters)
        values = line.encode().translate(_READ_TABLE)
        if 255 not in values:
            return Cells(list(values), _Columns(number, len(line)))
    digits, places = [], []
    for column, ch in enumerate(line, 1):
        value = _WIDE_VALUE.get(ch)
        if value is not None:
            digits.append(value)
        elif ch in SEPARATORS:
            continue
        else:
            raise ParseError(f"unexpected character {ch!r} (digits are 1-9, A-Z, a-z; "
                             "blanks . or 0)", source, number, column)
        places.append((number, column))
    return Cells(digits, places)


def _fits(cells: Cells | None, n: int, count: int) -> bool:
    return cells is not None and len(cells.digits) == count and max(cells.digits) <= n


def _multi_digit(cells: Cells | None) -> bool:
    """Whether numbers read from a line include one of two or more digits (e.g. 12)."""
    return cells is not None and max(cells.digits) > 9


def pencilmarks(digits: Sequence[int]) -> tuple[int, list[int], set[tuple[int, int]]] | None:
    """A pencilmark line (Sukaku: n characters per cell, the k-th one ``k`` or blank) →
    (n, givens, eliminated candidates); None when ``digits`` is not one.

    A cell left with one candidate becomes a given. Lines whose length is also a square
    (729 = 27²) are read as pencilmarks only when every cell keeps a candidate and every
    character sits at its own digit's place, which an ordinary puzzle practically never does.

    >>> n, givens, eliminated = pencilmarks([1, 0, 0, 0,  0, 2, 0, 4] + [1, 2, 3, 4] * 14)
    >>> n, givens[:3], sorted(eliminated)
    (4, [1, 0, 0], [(1, 1), (1, 3)])
    """
    count = len(digits)
    n = round(count ** (1 / 3))
    if n < 2 or n ** 3 != count or any(d and d != k % n + 1 for k, d in enumerate(digits)):
        return None
    marks = [digits[i * n:i * n + n] for i in range(n * n)]
    if not all(any(cell) for cell in marks):
        return None
    givens = [next(d for d in cell if d) if sum(1 for d in cell if d) == 1 else 0
              for cell in marks]
    eliminated = {(i, d) for i, cell in enumerate(marks) if not givens[i]
                  for d in range(1, n + 1) if not cell[d - 1]}
    return n, givens, eliminated


def make_puzzle(cells: Cells, box: BoxSpec = "auto", rules: tuple[Rule, ...] = (),
                source: str | None = None) -> Puzzle:
    """Check the cell count and digit range, and build the puzzle (or a pencilmark one)."""
    count = len(cells.digits)
    n = math.isqrt(count)
    line = cells.places[0][0] if cells.places else None
    if n * n != count or count >= 64:
        marked = pencilmarks(cells.digits)
        if marked is not None:
            return _pencilmark_puzzle(*marked, box, rules, source, line)
    if count == 0:
        raise ParseError("no cells found", source, line)
    if n * n != count:
        root = round(count ** (1 / 3))
        near = [k for k in (root - 1, root, root + 1) if k > 1 and abs(k ** 3 - count) <= k]
        marks = (f"; a {near[0]}x{near[0]} pencil-mark line has {near[0] ** 3}"
                 if near else "")
        raise ParseError(f"{count} cells is not a square board "
                         f"(a {n}x{n} board has {n * n}, {n + 1}x{n + 1} has {(n + 1) ** 2}"
                         f"{marks})", source, line)
    for digit, (row, column) in ([] if max(cells.digits) <= n else
                                 zip(cells.digits, cells.places, strict=True)):
        if digit > n:
            symbol = ALPHABET[digit - 1] if digit <= len(ALPHABET) else str(digit)
            value = "" if symbol == str(digit) else f" ({digit})"
            raise ParseError(f"digit {symbol!r}{value} is too large for a {n}x{n} board "
                             f"(digits run 1..{n})", source, row, column)
    return Puzzle(_board(n, box, source, line), tuple(cells.digits), rules)


def _pencilmark_puzzle(n: int, givens: list[int], eliminated: set[tuple[int, int]],
                       box: BoxSpec, rules: tuple[Rule, ...], source: str | None,
                       line: int | None) -> Puzzle:
    return Puzzle(_board(n, box, source, line), tuple(givens), rules, frozenset(eliminated))


def _board(n: int, box: BoxSpec, source: str | None, line: int | None) -> Board:
    """The board of n×n cells and ``box`` (spec or text); a ParseError where it cannot be."""
    try:
        return _shared_board(n, box)
    except BoardError as err:
        raise ParseError(str(err), source, line) from None


@lru_cache(maxsize=64)
def _shared_board(n: int, box: BoxSpec) -> Board:
    """One Board object per shape, so its cached geometry is computed once per file."""
    return Board.classic(n, box)  # type: ignore[arg-type]  # (a layout never comes here)


def text_lines(text: str) -> list[str]:
    """The lines of ``text``, ended by ``\\n``, ``\\r\\n`` or ``\\r`` only (a form feed or
    U+2028 inside a line does not end it, so line numbers are those of any editor).

    >>> text_lines("a\\x0cb\\r\\nc")
    ['a\\x0cb', 'c']
    """
    return _LINE_BREAK.split(text)


def _rows(text: str) -> list[tuple[int, str]]:
    """(line number, line) of the lines that hold cells (or characters that are not
    separators): comments, blank lines and lines of separators only are left out."""
    return [(k, raw) for k, raw in enumerate(text_lines(text), 1)
            if raw.translate(_NO_SEPARATORS).strip() and not raw.lstrip().startswith("#")]


def read_puzzles(text: str, source: str | None = None, box: BoxSpec = "auto",
                 rules: tuple[Rule, ...] = ()) -> Iterator[Record]:
    """Every puzzle in ``text``: one grid, or one puzzle per line. Bad ones come as errors.

    A text of L lines that each hold L cells is one grid (unless L > 61, or the lines read
    better as L puzzles of √L×√L); otherwise each line is a puzzle.
    """
    return iter(puzzle_records(text, source, box, rules))


def puzzle_records(text: str, source: str | None = None, box: BoxSpec = "auto",
                   rules: tuple[Rule, ...] = ()) -> Sequence[Record]:
    """The records of :func:`read_puzzles` as a sequence. When the lines cannot be one grid
    (more than 61 rows, and too few numbers on the first for a grid of numbers) each is
    parsed only as it is used, so a file of millions of puzzles is never held parsed.

    >>> records = puzzle_records("12..\\n" * 100)
    >>> len(records), records[99].line, records[99].error
    (100, 100, None)
    """
    rows = _rows(text)
    if len(rows) > len(ALPHABET) and len(rows[0][1].split()) < len(rows):
        return LineRecords(rows, box, rules, source)
    return list(_read_all(rows, box, rules, source))


class LineRecords(Sequence[Record]):
    """One puzzle per line, each line parsed when its record is used (and not kept)."""

    def __init__(self, lines: Sequence[tuple[int, str]], box: BoxSpec, rules: tuple[Rule, ...],
                 source: str | None) -> None:
        self._lines, self._box, self._rules, self._source = lines, box, rules, source
        self._plain = not _is_layout(box)  # (a --layout line is never a plain square one)

    def __len__(self) -> int:
        return len(self._lines)

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [self._record(*line) for line in self._lines[k]]
        return self._record(*self._lines[k])

    def part(self, start: int, stop: int) -> LineRecords:
        """Records ``start:stop`` as LineRecords of their own: still unparsed lines, cheap
        to send to a worker process (which parses them)."""
        return LineRecords(self._lines[start:stop], self._box, self._rules, self._source)

    def __iter__(self) -> Iterator[Record]:
        return (self._record(number, raw) for number, raw in self._lines)

    def _record(self, number: int, raw: str) -> Record:
        try:
            puzzle = plain_line_puzzle(raw, self._box, self._rules, self._source,
                                       number) if self._plain else None
        except SatdokuError:  # (a bad --box) reported by the general reader below
            puzzle = None
        if puzzle is not None:
            return Record(number, raw, puzzle)
        return _line_record(number, raw, _line_cells(number, raw, self._source), self._box,
                            self._rules, self._source)


def plain_line_puzzle(text: str, box: BoxSpec = "auto", rules: tuple[Rule, ...] = (),
                      source: str | None = None, number: int = 1) -> Puzzle | None:
    """The puzzle of a plain line of cells — one character per cell and nothing else (an
    81-character line) — read in one byte translation; None for any other text, which the
    general reader then reads (and reports on) as always.

    >>> plain_line_puzzle("1.3...2...4.3.1.").givens[:4], plain_line_puzzle("1.3. ...")
    ((1, 0, 3, 0), None)
    """
    if not text.isascii():
        return None
    values = text.encode().translate(_READ_TABLE)
    count = len(values)
    n = math.isqrt(count)
    if (255 in values or n < 2 or n * n != count or max(values) > n
            or (count >= 64 and round(count ** (1 / 3)) ** 3 == count)):  # maybe pencilmarks
        return None
    return Puzzle(_board(n, box, source, number), tuple(values), rules)


def _line_cells(number: int, raw: str, source: str | None) -> Cells | ParseError:
    return _pick(_chars(number, raw, source), _numbers(number, raw, source))


def _numbers(number: int, raw: str, source: str | None) -> Cells | ParseError | None:
    """:func:`read_numbers`, with a number too large as this line's error (not the file's)."""
    try:
        return read_numbers(raw, number, source)
    except ParseError as err:
        return err


def _chars(number: int, raw: str, source: str | None) -> Cells | ParseError:
    """A line read in character notation, or the error reading it (or its length)."""
    if too_long := line_error(raw, number, source):
        return too_long
    try:
        return read_cells(raw, number, source)
    except ParseError as err:
        return err


def _pick(chars: Cells | ParseError, nums: Cells | ParseError | None) -> Cells | ParseError:
    """A puzzle line's cells: its numbers when they fit a board and one has two digits."""
    if isinstance(nums, ParseError):
        return nums
    n = math.isqrt(len(nums.digits)) if nums else 0
    return nums if _fits(nums, n, n * n) and _multi_digit(nums) else chars  # type: ignore


def _read_all(lines: list[tuple[int, str]], box: BoxSpec, rules: tuple[Rule, ...],
              source: str | None) -> Iterator[Record]:
    """The records of lines (each with cells) that may be one grid: every line is read
    first."""
    if len(lines) > 1 and (_is_layout(box) or any(HOLE in raw for _, raw in lines)):
        from satdoku.formats.multigrid import canvas_record
        record = canvas_record(lines, box, rules, source)  # (a multi-grid board)
        if record is not None:
            yield record
            return
    rows = [(number, raw, _chars(number, raw, source), _numbers(number, raw, source))
            for number, raw in lines]
    size = len(rows)
    if size > 1:
        if _number_grid([nums for *_, nums in rows], size):
            yield _grid_record([(num, raw, nums or _not_numbers(raw, num, size, source))
                                for num, raw, _, nums in rows], box, rules, source)
            return
        counts = Counter(len(c.digits) for _, _, c, _ in rows if isinstance(c, Cells))
        if len(counts) > 1 and not _is_layout(box):  # rows of several lengths: the rows of
            from satdoku.formats.multigrid import canvas_record
            record = canvas_record(lines, box, rules, source)  # a multi-grid canvas that
            if record is not None:  # list their cells only (its holes left blank)?
                yield record
                return
        if (counts and counts.most_common(1)[0][0] == size and size <= len(ALPHABET)
                and (any("|" in raw for _, raw, _, _ in rows)  # boxes drawn: one grid
                     or not _lines_are_puzzles([c for _, _, c, _ in rows], size))):
            yield _grid_record([(num, raw, c) for num, raw, c, _ in rows], box, rules, source)
            return
    for number, raw, chars, nums in rows:
        yield _line_record(number, raw, _pick(chars, nums), box, rules, source)


def _number_grid(numbers: list[Cells | ParseError | None], size: int) -> bool:
    """Whether rows are one grid of numbers: all but at most one read as numbers, most hold
    ``size`` of them, and one has two digits or more. A row of the wrong length, a number
    too large or a stray token is then reported at its place, not as ``size`` bad puzzles."""
    read = [nums for nums in numbers if isinstance(nums, Cells)]
    counts = Counter(len(nums.digits) for nums in read)
    return (len(read) >= len(numbers) - 1 and bool(counts)
            and counts.most_common(1)[0][0] == size and any(map(_multi_digit, read)))


def _not_numbers(raw: str, number: int, size: int, source: str | None) -> ParseError:
    """Why the row ``raw`` of a grid of numbers cannot be read as numbers."""
    column = 0
    tokens = raw.split()
    for token in tokens:
        column = raw.index(token, column)
        if not (_SEPARATOR_TOKEN.fullmatch(token) or _NUMBER_TOKEN.fullmatch(token)):
            return ParseError(f"{token!r} is not a number (a grid of numbers holds numbers, "
                              "and . for a blank)", source, number, column + 1)
        column += len(token)
    return ParseError(f"this row has {len(tokens)} cells; a grid of {size} rows needs {size}",
                      source, number)


def _lines_are_puzzles(rows: list[Cells | ParseError], size: int) -> bool:
    """Whether L lines of L cells are L puzzles of √L×√L rather than one L×L grid.

    Both readings fit when L is a square (16 lines of 16 cells: sixteen 4x4 puzzles or one
    16x16 grid). The lines are puzzles when every line is a fine √L×√L puzzle on its own and,
    as rows of one grid, some row repeats a digit — which no row of a grid may do.
    """
    root = math.isqrt(size)
    if root * root != size or not all(isinstance(c, Cells) for c in rows):
        return False
    digits = [c.digits for c in rows]  # type: ignore[union-attr]
    if any(max(row) > root for row in digits):
        return False
    return any(len(set(row) - {0}) < sum(1 for d in row if d) for row in digits)


def _is_layout(box: BoxSpec) -> bool:
    """Whether ``box`` is a ``--layout`` (not a box shape)."""
    return not (box is None or isinstance(box, (str, tuple)))


def _line_record(number: int, raw: str, cells: Cells | ParseError, box: BoxSpec,
                 rules: tuple[Rule, ...], source: str | None) -> Record:
    if _is_layout(box) or (isinstance(cells, ParseError) and HOLE in raw):
        from satdoku.formats.multigrid import canvas_line_record
        return canvas_line_record(number, raw, box, rules, source)
    if isinstance(cells, ParseError):
        return Record(number, raw.strip(), error=cells)
    try:
        return Record(number, raw.strip(), puzzle=make_puzzle(cells, box, rules, source))
    except SatdokuError as err:
        return Record(number, raw.strip(), error=err)


def _grid_record(rows: list, box: BoxSpec, rules: tuple[Rule, ...],
                 source: str | None) -> Record:
    first, text, size = rows[0][0], "\n".join(raw for _, raw, _ in rows), len(rows)
    for number, _, cells in rows:
        if isinstance(cells, ParseError):
            return Record(first, text, error=cells)
        if len(cells.digits) != size:
            return Record(first, text, error=ParseError(
                f"this row has {len(cells.digits)} cells; a grid of {size} rows needs {size}",
                source, number))
    merged = Cells([d for *_, c in rows for d in c.digits],
                   [p for *_, c in rows for p in c.places])
    return _line_record(first, text, merged, box, rules, source)


def parse_puzzle(text: str, box: BoxSpec = "auto", rules: tuple[Rule, ...] = (),
                 source: str | None = None) -> Puzzle:
    """Exactly one puzzle from ``text``; :class:`ParseError` otherwise.

    >>> parse_puzzle("123").board
    Traceback (most recent call last):
    ...
    satdoku.errors.ParseError: line 1: 3 cells is not a square board (a 1x1 board has 1, 2x2 has 4)
    """
    plain = box is None or isinstance(box, (str, tuple))  # (not a --layout: inlined)
    puzzle = plain_line_puzzle(text, box, rules, source) if plain else None
    if puzzle is not None:
        return puzzle
    records = list(read_puzzles(text, source, box, rules))
    if not records:
        raise ParseError("no puzzle found (empty input)", source)
    if len(records) > 1:
        raise ParseError(f"expected one puzzle, found {len(records)} lines of puzzles",
                         source, records[1].line)
    if records[0].error:
        raise records[0].error
    assert records[0].puzzle is not None
    return records[0].puzzle


# -- output --------------------------------------------------------------------------------
def format_line(board: Board, grid: Grid) -> str:
    """One line: a character per cell (``.`` blank), or numbers when digits exceed 61.

    >>> format_line(Board.classic(4), (1, 2, 0, 4) * 4)
    '12.412.412.412.4'
    """
    if board.multigrid:  # the canvas, holes written *
        from satdoku.formats.multigrid_write import format_canvas_line
        return format_canvas_line(board, grid)  # type: ignore[arg-type]
    if board.single_char:  # digits 0..61: one byte each
        return bytes(grid).translate(_WRITE_TABLE).decode()
    return " ".join(str(d) if d else "." for d in grid)


def format_grid(board: Board, grid: Grid, mark: frozenset[int] = frozenset()) -> str:
    """A readable grid with box separators; cells in ``mark`` are flagged with ``*``."""
    if board.multigrid:  # the canvas, holes blank
        from satdoku.formats.multigrid_write import format_canvas_grid
        return format_canvas_grid(board, grid, mark)  # type: ignore[arg-type]
    n = board.n
    symbols = [board.symbol(d) if board.single_char else (str(d) if d else ".") for d in grid]
    width = max(len(s) for s in symbols)
    flag = (lambda i: "*" if i in mark else " ") if mark else (lambda i: "")
    cells = [s.rjust(width) + flag(i) for i, s in enumerate(symbols)]
    r, c = board.box if board.box else (n, n)
    rows = [" | ".join(" ".join(cells[row * n + k: row * n + k + c]) for k in range(0, n, c))
            for row in range(n)]
    rule = "".join("+" if ch == "|" else "-" for ch in rows[0])
    lines = []
    for row, text in enumerate(rows):
        if row and row % r == 0:
            lines.append(rule)
        lines.append(text.rstrip())
    return "\n".join(lines)

"""Multi-grid puzzles as text: the canvas row by row, holes written ``*`` (or left out).

A samurai is written on its 21×21 canvas: 21 rows of 21 characters, a ``*`` where no grid
covers the place (a *hole*), ``.`` or ``0`` for a blank; or on one line of 441 characters.
A text is read as the named layout (:data:`satdoku.multigrid.LAYOUTS`) whose holes are
exactly its ``*``; rows may also list only the cells they have (holes left as spaces, as
samurai sites print them), matched by the number of cells in each row. ``--layout`` names the
layout (or a JSON file holding one): holes may then hold any blank (``.``, ``0``), as in the
dumps that write ``0`` for a blank and ``.`` for a hole; and a line of the existing cells
only (369 for a samurai) is read too.

>>> puzzle = read_canvas_line("3..2** ..3.** .2..4. .3..1. **.1.. **4..1", 1)
>>> puzzle.board.describe(), puzzle.num_givens
('twodoku: 2 grids of 4x4 (2x2 boxes), 28 cells on a 6x6 canvas', 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from satdoku.board import ALPHABET, BLANKS, Board
from satdoku.errors import BoardError, ParseError
from satdoku.formats.records import HOLE, Record
from satdoku.multigrid import LAYOUTS, MultiBoard, named_layouts
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule

#: Characters between cells (ignored), as in :mod:`satdoku.formats.text`.
_SEPARATORS = frozenset(" \t\r\n\x0b\x0c|-+=:,;")
_VALUE_OF = {**{ch: k + 1 for k, ch in enumerate(ALPHABET)}, **dict.fromkeys(BLANKS, 0)}
#: Grid sizes a named layout is tried with when the text does not say (``--layout``).
SIZES = (4, 9, 16, 25)


@dataclass(frozen=True)
class LayoutSpec:
    """``--layout``: a named layout (its grid size read from the text) or a fixed board."""

    name: str | None = None
    board: MultiBoard | None = None
    box: tuple[int, int] | str | None = "auto"

    def boards(self) -> list[MultiBoard]:
        """The boards a text read with this layout may be."""
        if self.board is not None:
            return [self.board]
        assert self.name is not None
        found = []
        for n in SIZES:
            try:
                found.append(MultiBoard.layout(self.name, n, self.box))
            except BoardError:
                continue
        return found

    def describe(self) -> str:
        return self.name or (self.board.describe() if self.board else "?")


def read_on(board: MultiBoard, text: str) -> tuple[int, ...]:
    """The digits of a line written for ``board`` (its canvas, or its cells only); () when
    the line is not one.

    >>> read_on(MultiBoard.layout("twodoku", 4), "1" * 28)[:3]
    (1, 1, 1)
    """
    puzzle = read_canvas_line(text, 1, LayoutSpec(board=board))
    return () if puzzle is None else puzzle.givens


def layout_spec(text: str, box: tuple[int, int] | str | None = "auto") -> LayoutSpec:
    """``--layout`` text → a :class:`LayoutSpec`, for a name of :data:`LAYOUTS` (a JSON file
    of a layout is read by :func:`satdoku.formats.loader.read_records`).

    >>> layout_spec("Samurai").name
    'samurai'
    """
    name = text.strip().lower()
    if name not in LAYOUTS:
        raise ParseError(f"--layout {text!r}: not a layout ({', '.join(LAYOUTS)}) nor a file")
    return LayoutSpec(name, box=box)


def layout_of_board(board: Board, text: str) -> LayoutSpec:
    """The :class:`LayoutSpec` of the board of a layout file ``text`` (ParseError when the
    board is one grid)."""
    if not board.multigrid:
        raise ParseError(f"--layout {text}: its board is one grid ({board.describe()}); "
                         "a layout file gives 'layout' or 'grids'")
    return LayoutSpec(board=board)  # type: ignore[arg-type]


def _candidates(spec: object) -> list[MultiBoard]:
    if isinstance(spec, LayoutSpec):
        return spec.boards()
    box = spec if spec == "auto" or isinstance(spec, tuple) else "auto"
    return list(named_layouts(box, SIZES))  # type: ignore[arg-type]


# -- reading ---------------------------------------------------------------------------------
def _tokens(raw: str) -> list[tuple[int, str]]:
    """(column, character) of the characters of a row that are not separators."""
    return [(k, ch) for k, ch in enumerate(raw, 1) if ch not in _SEPARATORS]


def _value(ch: str, column: int, line: int, board: Board, source: str | None) -> int:
    value = _VALUE_OF.get(ch)
    if value is None:
        raise ParseError(f"unexpected character {ch!r} (digits are 1-9, A-Z, a-z; blanks . "
                         f"or 0; {HOLE} for a hole)", source, line, column)
    if value > board.n:
        raise ParseError(f"digit {ch!r} ({value}) is too large for {board.n}x{board.n} grids",
                         source, line, column)
    return value


def _holes_fit(board: MultiBoard, places: Sequence[tuple[int, int]],
               tokens: Sequence[str], forced: bool) -> bool:
    """Whether ``tokens`` at canvas ``places`` have holes where the board has them: a
    ``*`` exactly there, or (``forced``: --layout) any blank there and no ``*`` elsewhere."""
    for (r, c), ch in zip(places, tokens, strict=True):
        hole = board.cell_at(r, c) is None
        if hole != (ch == HOLE) and not (forced and hole and ch in BLANKS):
            return False
    return True


def _digits(board: MultiBoard, rows: Sequence[list[tuple[int, str]]], numbers: Sequence[int],
            forced: bool, source: str | None) -> list[int] | None:
    """The givens of ``rows`` (each a row of the canvas: every place, or its cells only) on
    ``board``; None when the rows do not have its shape."""
    givens = [0] * board.num_cells
    for r, (row, line) in enumerate(zip(rows, numbers, strict=True)):
        cells = [c for c in range(board.width) if board.cell_at(r, c) is not None]
        if len(row) == board.width and _holes_fit(
                board, [(r, c) for c in range(board.width)], [ch for _, ch in row], forced):
            row = [row[c] for c in cells]
        elif len(row) != len(cells) or any(ch == HOLE for _, ch in row):
            return None
        for c, (column, ch) in zip(cells, row, strict=True):
            givens[board.cell_at(r, c)] = _value(ch, column, line, board, source)  # type: ignore[index]
    return givens


def read_canvas_rows(rows: Sequence[tuple[int, str]], spec: object = "auto",
                     rules: tuple[Rule, ...] = (), source: str | None = None) -> Puzzle | None:
    """The puzzle of ``rows`` ((line number, text) of each canvas row) on the first board
    of ``spec`` (a :class:`LayoutSpec`, or the named layouts) whose shape they have; None when
    none fits. A digit too large or a stray character is a ParseError at its place.

    >>> rows = ["3..2**", "..3.**", ".2..4.", ".3..1.", "**.1..", "**4..1"]
    >>> read_canvas_rows(list(enumerate(rows, 1))).board.kind
    'twodoku'
    >>> rows = ["3..2", "..3.", ".2..4.", ".3..1.", ".1..", "4..1"]  # (the holes left out)
    >>> read_canvas_rows(list(enumerate(rows, 1))).num_givens
    10
    """
    tokens = [_tokens(raw) for _, raw in rows]
    numbers = [number for number, _ in rows]
    forced = isinstance(spec, LayoutSpec)
    for board in _candidates(spec):
        if board.height != len(rows):
            continue
        givens = _digits(board, tokens, numbers, forced, source)
        if givens is not None:
            return Puzzle(board, tuple(givens), rules)
    return None


def read_canvas_line(raw: str, number: int, spec: object = "auto",
                     rules: tuple[Rule, ...] = (), source: str | None = None) -> Puzzle | None:
    """The puzzle of one line holding a whole canvas (row after row), or with ``--layout``
    also its cells only; None when no board of ``spec`` fits it."""
    tokens = _tokens(raw)
    forced = isinstance(spec, LayoutSpec)
    for board in _candidates(spec):
        if len(tokens) == board.height * board.width * board.n and board.n > 1:
            marked = _pencilmarks(board, tokens, number, rules, source)
            if marked is not None:
                return marked
        if len(tokens) == board.height * board.width:
            width = board.width
            rows = [tokens[r * width:(r + 1) * width] for r in range(board.height)]
            givens = _digits(board, rows, [number] * board.height, forced, source)
            if givens is not None:
                return Puzzle(board, tuple(givens), rules)
        elif forced and len(tokens) == board.num_cells and HOLE not in raw:
            return Puzzle(board, tuple(_value(ch, column, number, board, source)
                                       for column, ch in tokens), rules)
    return None


def _pencilmarks(board: MultiBoard, tokens: list[tuple[int, str]], number: int,
                 rules: tuple[Rule, ...], source: str | None) -> Puzzle | None:
    """A pencilmark line on the canvas (:func:`format_canvas_pencilmarks`): n characters a
    place, the k-th ``k`` when k is a candidate, else ``.``; n ``*`` at a hole. A cell left
    with one candidate is a given. None when the line is not one."""
    n, givens, out = board.n, [0] * board.num_cells, set[tuple[int, int]]()
    for k in range(board.height * board.width):
        marks = [ch for _, ch in tokens[k * n:(k + 1) * n]]
        cell = board.cell_at(*divmod(k, board.width))
        if cell is None:
            if marks != [HOLE] * n:
                return None
            continue
        if any(ch not in (".", ALPHABET[j]) for j, ch in enumerate(marks)) or marks == ["."] * n:
            return None
        kept = [j + 1 for j, ch in enumerate(marks) if ch != "."]
        if len(kept) == 1:
            givens[cell] = kept[0]
        else:
            out.update((cell, d) for d in range(1, n + 1) if d not in kept)
    return Puzzle(board, tuple(givens), rules, frozenset(out))


def no_layout(what: str, lines: Sequence[tuple[int, str]], source: str | None) -> ParseError:
    """The error for text with holes that fits no named layout, at its first ``*``."""
    line, raw = next((number, raw) for number, raw in lines if HOLE in raw)
    return ParseError(f"{HOLE} is a hole, but {what} fits none of the multi-grid layouts "
                      f"({', '.join(LAYOUTS)}, of {SIZES[0]}x{SIZES[0]} to "
                      f"{SIZES[-1]}x{SIZES[-1]} grids): a typo, or give the layout with "
                      "--layout FILE.json", source, line, raw.index(HOLE) + 1)


def not_this_layout(spec: LayoutSpec, what: str, source: str | None, line: int | None
                    ) -> ParseError:
    """The error for text that fits no board of ``--layout``."""
    shapes = "; ".join(f"{b.n}x{b.n} grids: {b.height}x{b.width} = {b.height * b.width} "
                       f"places, {b.num_cells} cells" for b in spec.boards())
    return ParseError(f"{what} is not a {spec.describe()} puzzle, which is written as its "
                      f"canvas row by row (holes {HOLE} or a blank) or its cells only "
                      f"({shapes})", source, line)


# -- records of the text reader -------------------------------------------------------
def canvas_record(lines: list[tuple[int, str]], box: object, rules: tuple[Rule, ...],
                  source: str | None) -> Record | None:
    """The record of ``lines`` read as the rows of a multi-grid canvas; None when they do not
    have the shape of one (of the ``--layout``, or of a named layout)."""
    first, text = lines[0][0], "\n".join(raw for _, raw in lines)
    try:
        puzzle = read_canvas_rows(lines, box, rules, source)
    except ParseError as err:
        return Record(first, text, error=err)
    if puzzle is None and not isinstance(box, LayoutSpec) and HOLE in text and any(
            HOLE not in raw for _, raw in lines):  # (lines all with holes: a file of lines)
        return Record(first, text, error=no_layout(f"this grid of {len(lines)} rows", lines,
                                                   source))
    return None if puzzle is None else Record(first, text, puzzle=puzzle)


def canvas_line_record(number: int, raw: str, box: object, rules: tuple[Rule, ...],
                       source: str | None) -> Record:
    """A line read as a whole multi-grid canvas (or, with --layout, its cells only)."""
    try:
        puzzle = read_canvas_line(raw, number, box, rules, source)
    except ParseError as err:
        return Record(number, raw.strip(), error=err)
    if puzzle is not None:
        return Record(number, raw.strip(), puzzle=puzzle)
    if isinstance(box, LayoutSpec):
        return Record(number, raw.strip(), error=not_this_layout(
            box, f"this line of {len(raw.strip())} characters", source, number))
    return Record(number, raw.strip(), error=no_layout(
        f"this line of {len(raw.strip())} characters", [(number, raw)], source))

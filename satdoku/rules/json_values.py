"""Reading the JSON values of per-puzzle constraints, each error naming its JSON path.

Glossary: a *path* is where a value sits in the JSON document (``$.thermos[2][0]``); a
*line* is a list of cells in order, each a king's move from the one before; an *outside
cell* is a clue cell just beyond the grid (row or column 0 or n+1), where setters write
little killer, sandwich, X-sum and skyscraper clues.

Every reader returns plain Python values (cell indices, ints) or raises
:class:`~satdoku.errors.ParseError` whose message starts with the path.

>>> from satdoku.board import Board
>>> b = Board.classic(9)
>>> read_line(b, ["r1c1", "r2c2", "r2c3"], "$.thermos[0]")
(0, 10, 11)
>>> read_line(b, ["r1c1", "r3c1"], "$.thermos[0]")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
satdoku.errors.ParseError: $.thermos[0][1]: r3c1 is not next to r1c1 (a line goes from ...
>>> read_outside_cell(b, "r0c3", "$.sandwiches[0].clue")
(-1, 2)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from satdoku.board import Board
from satdoku.errors import BoardError, ParseError, RuleError


def fail(path: str, message: str) -> ParseError:
    """A ParseError at ``path``."""
    return ParseError(f"{path}: {message}")


def expect(value: Any, kind: type | tuple[type, ...], path: str, what: str) -> Any:
    """``value`` if it has JSON type ``kind`` (booleans are not numbers); else a ParseError.

    >>> expect(3, int, "$.sum", "a number")
    3
    >>> expect("3", int, "$.sum", "a number")
    Traceback (most recent call last):
    ...
    satdoku.errors.ParseError: $.sum: expected a number, got str
    """
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        found = "null" if value is None else type(value).__name__.replace("dict", "object")
        raise fail(path, f"expected {what}, got {found}")
    return value


def check_keys(obj: dict, allowed: Collection[str], path: str) -> None:
    """A ParseError naming the first key of ``obj`` not in ``allowed`` (with a suggestion)."""
    for key in obj:
        if key not in allowed:
            close = difflib.get_close_matches(key, list(allowed), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            known = (f"known keys: {', '.join(allowed)}" if len(allowed) <= 12 else
                     "'satdoku rules' lists the keys")
            raise fail(f"{path}.{key}", f"unknown key {key!r}{hint}; {known}")


def read_object(value: Any, path: str, what: str, allowed: Collection[str],
                required: Collection[str] = ()) -> dict:
    """A JSON object with only ``allowed`` keys and every ``required`` one."""
    obj = expect(value, dict, path, what)
    check_keys(obj, allowed, path)
    for key in required:
        if key not in obj:
            raise fail(path, f"missing key {key!r}; expected {what}")
    return obj


def read_int(value: Any, path: str, what: str = "a whole number", low: int | None = None,
             high: int | None = None) -> int:
    """An integer, optionally within ``low..high``."""
    number = expect(value, int, path, what)
    if (low is not None and number < low) or (high is not None and number > high):
        span = f"{low}..{high}" if low is not None and high is not None else (
            f">= {low}" if low is not None else f"<= {high}")
        raise fail(path, f"{number} is out of range ({span})")
    return number


@contextmanager
def at(path: str) -> Iterator[None]:
    """Turn a RuleError or BoardError raised inside into a ParseError at ``path``."""
    try:
        yield
    except (RuleError, BoardError) as err:
        raise fail(path, str(err)) from None


class _Checked(Protocol):
    def check_board(self, board: Board) -> None: ...


CheckedRule = TypeVar("CheckedRule", bound=_Checked)


def checked_at(path: str, board: Board, rule: CheckedRule) -> CheckedRule:
    """``rule``, once it has passed its check on ``board`` (a failure is reported at
    ``path``): the last line of most rules' JSON readers."""
    with at(path):
        rule.check_board(board)
    return rule


def read_cell(board: Board, value: Any, path: str) -> int:
    """A cell name (``"r1c1"``) → its index."""
    with at(path):
        return board.parse_cell(expect(value, str, path, 'a cell like "r1c1"'))


def read_cells(board: Board, value: Any, path: str, least: int = 1) -> tuple[int, ...]:
    """A list of at least ``least`` cell names → cell indices, each cell once."""
    names = expect(value, list, path, 'a list of cells like ["r1c1", "r1c2"]')
    if len(names) < least:
        raise fail(path, f"{len(names)} cells given; at least {least} needed")
    cells = tuple(read_cell(board, name, f"{path}[{k}]") for k, name in enumerate(names))
    seen: dict[int, int] = {}
    for k, i in enumerate(cells):
        if i in seen:
            raise fail(f"{path}[{k}]", f"cell {board.cell_name(i)} is listed twice")
        seen[i] = k
    return cells


def adjacent(board: Board, i: int, j: int, diagonal: bool = True) -> bool:
    """Whether cells i and j touch (by a side, or also by a corner when ``diagonal``)."""
    (r0, c0), (r1, c1) = divmod(i, board.n), divmod(j, board.n)
    dr, dc = abs(r0 - r1), abs(c0 - c1)
    return dr + dc == 1 or (diagonal and dr == dc == 1)


def read_line(board: Board, value: Any, path: str, least: int = 2) -> tuple[int, ...]:
    """A line: cells in order, each touching the one before (a king's move), none twice."""
    cells = read_cells(board, value, path, least)
    for k in range(1, len(cells)):
        if not adjacent(board, cells[k - 1], cells[k]):
            raise fail(f"{path}[{k}]", f"{board.cell_name(cells[k])} is not next to "
                                       f"{board.cell_name(cells[k - 1])} (a line goes from "
                                       "cell to neighbouring cell)")
    return cells


def read_lines(board: Board, value: list, path: str, least: int = 2) -> tuple[tuple[int, ...], ...]:
    """A JSON list of lines (each a list of cells, see :func:`read_line`)."""
    return tuple(read_line(board, item, f"{path}[{k}]", least) for k, item in enumerate(value))


def cell_names(board: Board, cells: Sequence[int]) -> list[str]:
    """Cell indices → their names, the JSON form of a list of cells."""
    return [board.cell_name(i) for i in cells]


def write_lines(board: Board, rule: Any) -> list:
    """The JSON value of a rule's ``lines``: lists of cell names (what :func:`read_lines`
    reads back)."""
    return [cell_names(board, line) for line in rule.lines]


def read_pair(board: Board, value: Any, path: str) -> tuple[int, int]:
    """Two orthogonally adjacent cells (where a dot or sign sits between them)."""
    cells = read_cells(board, value, path, 2)
    if len(cells) != 2 or not adjacent(board, *cells, diagonal=False):
        raise fail(path, "expected two cells side by side, e.g. [\"r1c1\", \"r1c2\"]")
    return cells[0], cells[1]


_OUTSIDE = re.compile(r"\s*[rR](\d{1,9})\s*[cC](\d{1,9})\s*")


def read_outside_cell(board: Board, value: Any, path: str) -> tuple[int, int]:
    """A clue cell just outside the grid (``r0c3``, ``r10c3``, ``r3c0``, ``r3c10`` on 9×9)
    → its 0-based (row, column), one of them -1 or n."""
    text = expect(value, str, path, 'a cell outside the grid like "r0c3"')
    match = _OUTSIDE.fullmatch(text)
    if not match:
        raise fail(path, f"bad cell {text!r}: expected r<row>c<column>, e.g. r0c3")
    r, c, n = int(match[1]) - 1, int(match[2]) - 1, board.n
    inside_r, inside_c = 0 <= r < n, 0 <= c < n
    if inside_r and inside_c:
        raise fail(path, f"{text} is inside the grid; a clue outside it is in row 0 or "
                         f"{n + 1}, or column 0 or {n + 1}")
    if not (-1 <= r <= n and -1 <= c <= n):
        raise fail(path, f"{text} is not next to the {n}x{n} grid (rows and columns "
                         f"0..{n + 1})")
    return r, c


def outside_name(r: int, c: int) -> str:
    """The name of a 0-based (row, column), inside or outside the grid.

    >>> outside_name(-1, 2)
    'r0c3'
    """
    return f"r{r + 1}c{c + 1}"

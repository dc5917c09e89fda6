"""JSON puzzle files: one puzzle object, or an array of them; read and written.

Cells are named ``r1c1`` … as in the variant community; the keys of a puzzle object are in
:data:`~satdoku.formats.json_fields.KEYS` (and ``satdoku/schema/puzzle.schema.json``).
Every error names its JSON path (``$[3].cages[2].sum``) and, for a file, the line.

>>> p = parse_json_puzzle('{"size": 4, "givens": "1...", "rules": ["diagonal"], '
...                       '"even": ["r4c4"]}')
Traceback (most recent call last):
...
satdoku.errors.ParseError: $.givens: 4 cells do not fill a 4x4 board (16 cells)
>>> p = parse_json_puzzle('{"givens": "1..............2", "odd": ["r2c2"]}')
>>> print(format_json(p))
{
  "size": 4,
  "box": "2x2",
  "givens": "1..............2",
  "odd": ["r2c2"]
}
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from satdoku.board import ALPHABET, Board
from satdoku.errors import ParseError
from satdoku.formats.json_fields import KEYS, READERS, puzzle_from_json
from satdoku.formats.limits import count_error, load_json
from satdoku.formats.records import BoxSpec, Record
from satdoku.formats.text import format_line, text_lines
from satdoku.puzzle import Puzzle
from satdoku.rules import CATALOGUE, Rule
from satdoku.rules.data import writer_for

__all__ = ["KEYS", "READERS", "format_json", "parse_json_puzzle", "puzzle_from_json",
           "puzzle_to_json", "read_json_puzzles"]


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    for key in keys:
        if keys.count(key) > 1:
            raise ParseError(f"malformed JSON: key {key!r} appears twice in one object")
    return dict(pairs)


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys)


def _decode(text: str) -> Any:
    """One JSON document; nesting and numbers beyond reason are ParseErrors, not crashes."""
    return load_json(text, _DECODER)


def _documents(text: str, source: str | None) -> Iterator[tuple[int, str, Any, bool]]:
    """(line, JSON path, object, whether an error needs the line to be found) for the one
    puzzle object, each element of an array, or each line of JSON Lines (one object per
    line, as ``--format json`` writes)."""
    try:
        doc = _decode(text)
    except json.JSONDecodeError as err:
        if err.msg == "Extra data" and text.lstrip().startswith("{"):
            yield from _json_lines(text, source)
            return
        raise ParseError(_json_message(err), source, err.lineno, err.colno) from None
    except ParseError as err:
        raise ParseError(err.message, source) from None
    if not isinstance(doc, list):
        yield text[:len(text) - len(text.lstrip())].count("\n") + 1, "$", doc, False
        return
    if (error := count_error(len(doc), source)) is not None:
        raise error
    where, line = text.index("[") + 1, 1
    for k, item in enumerate(doc):
        start = _skip_blank(text, where)
        line += text.count("\n", where, start)
        yield line, f"$[{k}]", item, True
        line += text.count("\n", start, where := _DECODER.raw_decode(text, start)[1])
        where = _skip_blank(text, where) + 1  # past the comma


def _json_lines(text: str, source: str | None) -> Iterator[tuple[int, str, Any, bool]]:
    """Each line's object, or the ParseError of a malformed line (the others still count)."""
    count = 0
    for number, line in enumerate(text_lines(text), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        count += 1
        if (error := count_error(count, source)) is not None:
            raise error
        try:
            yield number, "$", _decode(line), True
        except json.JSONDecodeError as err:
            yield number, "$", ParseError(_json_message(err), source, number, err.colno), True
        except ParseError as err:
            yield number, "$", ParseError(err.message, source, number), True


def _json_message(err: json.JSONDecodeError) -> str:
    """json's message, completed where it ends in "at" ("Unterminated string starting at"):
    the error's line and column say where."""
    msg = err.msg[:-3] + " here" if err.msg.endswith(" at") else err.msg
    return f"malformed JSON: {msg}"


def _skip_blank(text: str, k: int) -> int:
    while text[k] in " \t\r\n":
        k += 1
    return k


_META = ("title", "author", "comment", "solution")  # carried over by convert


def read_json_puzzles(text: str, source: str | None = None, box: BoxSpec = "auto",
                      rules: tuple[Rule, ...] = ()) -> Iterator[Record]:
    """Every puzzle of a JSON document (bad ones as errors), with ``rules`` added to each.

    Malformed JSON raises :class:`ParseError` at once (no puzzle of the file can be trusted),
    except in JSON Lines, where only that line is in error.

    >>> [(r.line, r.puzzle.board.n) for r in read_json_puzzles('[{"size": 4},\\n{"size": 9}]')]
    [(1, 4), (2, 9)]
    """
    for line, path, obj, located in list(_documents(text, source)):
        if isinstance(obj, ParseError):  # a malformed line of JSON Lines
            yield Record(line, "", error=obj)
            continue
        raw = json.dumps(obj)
        try:
            puzzle = puzzle_from_json(obj, box, path).with_rules(rules)
        except ParseError as err:
            at_line = line if located else None  # one object: the path is enough
            yield Record(line, raw, error=ParseError(err.message, source, at_line))
        else:
            yield Record(line, raw, puzzle=puzzle, meta=tuple(
                (k, obj[k]) for k in _META if isinstance(obj.get(k), str)))


def parse_json_puzzle(text: str, box: BoxSpec = "auto", rules: tuple[Rule, ...] = (),
                      source: str | None = None) -> Puzzle:
    """Exactly one puzzle from JSON ``text``; :class:`ParseError` otherwise."""
    records = list(read_json_puzzles(text, source, box, rules))
    if len(records) != 1:
        raise ParseError(f"expected one puzzle, found {len(records)}", source)
    if records[0].error:
        raise records[0].error
    assert records[0].puzzle is not None
    return records[0].puzzle


# -- writing --------------------------------------------------------------------------------
def _cell_names(board: Board, cells: tuple[int, ...]) -> list[str]:
    return [board.cell_name(i) for i in cells]


def _board_fields(board: Board) -> dict[str, Any]:
    if board.multigrid:
        from satdoku.formats.multigrid_json import multigrid_fields
        return multigrid_fields(board)  # type: ignore[arg-type]
    n = board.n
    if board.regions is None:
        return {"size": n, "box": f"{board.box[0]}x{board.box[1]}" if board.box else "none"}
    if n <= len(ALPHABET):
        ids = {k: ALPHABET[j] for j, k in enumerate(dict.fromkeys(board.regions))}
        symbols = [ids[k] for k in board.regions]
        return {"size": n, "regions": ["".join(symbols[r * n:r * n + n]) for r in range(n)]}
    return {"size": n, "regions": [_cell_names(board, unit) for unit in board.boxes]}


def puzzle_to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON object of ``puzzle`` (what :func:`puzzle_from_json` reads back).

    >>> puzzle_to_json(Puzzle(Board(2), (1, 0, 0, 0)))
    {'size': 2, 'box': 'none', 'givens': '1...'}
    """
    board = puzzle.board
    obj = _board_fields(board)
    n = board.n
    if board.single_char:
        obj["givens"] = format_line(board, puzzle.givens)
    elif board.multigrid:
        from satdoku.formats.multigrid_json import canvas_number_rows
        obj["givens"] = canvas_number_rows(board, puzzle.givens)  # type: ignore[arg-type]
    else:
        obj["givens"] = [list(puzzle.givens[r * n:r * n + n]) for r in range(n)]
    names = [r.name for r in puzzle.rules if r.name in CATALOGUE and CATALOGUE[r.name]() == r]
    if names:
        obj["rules"] = names
    for rule in puzzle.rules:
        if rule.name in names:
            continue
        entry = writer_for(rule)
        if entry is None:
            raise ValueError(f"rule {rule.name} has no JSON form")
        obj.setdefault(entry.key, []).extend(entry.write(board, rule))
    return obj


def format_json(puzzle: Puzzle, meta: dict[str, str] | None = None) -> str:
    """``puzzle`` as a JSON object, one key per line; ``meta`` (title, author, comment) first."""
    obj = {**(meta or {}), **puzzle_to_json(puzzle)}
    fields = [f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
              for k, v in obj.items()]
    return "{\n" + ",\n".join(fields) + "\n}"

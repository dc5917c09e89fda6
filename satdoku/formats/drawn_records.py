"""Input records of drawn puzzles: SudokuPad (``scl``/``ctc``, ``scf``) and Penpa+ links.

Each link is read by its reader, the reading checked (:mod:`satdoku.formats.reading_check`),
and turned into a :class:`~satdoku.formats.text.Record`: the puzzle with its warnings ("read
as …; unverified") and its title, author, rules text and verified solution, or the one-line
error that stopped it (a refused feature, a misread, a damaged link).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.records import BoxSpec, Record
from satdoku.rules import Rule


def scl_record(line: int, raw: str, payload: str, source: str | None, located: bool,
               box: BoxSpec = "auto", rules: tuple[Rule, ...] = (),
               ignore_unsupported: bool = False) -> Record:
    """The input record of one ``scl`` link: the puzzle read and checked, or the error."""
    from satdoku.formats.scl_read import recognise
    from satdoku.formats.sudokupad_links import scl_object

    return _drawn(line, raw, lambda: recognise(scl_object(payload)), "SudokuPad", source,
                  located, box, rules, ignore_unsupported)


def penpa_record(line: int, raw: str, source: str | None, located: bool,
                 box: BoxSpec = "auto", rules: tuple[Rule, ...] = (),
                 ignore_unsupported: bool = False) -> Record:
    """The input record of one Penpa+ link."""
    from satdoku.formats.penpa_decode import decode_link
    from satdoku.formats.penpa_read import recognise_penpa

    return _drawn(line, raw, lambda: recognise_penpa(decode_link(raw)), "Penpa+", source,
                  located, box, rules, ignore_unsupported)


def _drawn(line: int, raw: str, read: Any, what: str, source: str | None, located: bool,
           box: BoxSpec, rules: tuple[Rule, ...], ignore_unsupported: bool) -> Record:
    from satdoku.formats.reading_check import checked

    where = line if located else None
    try:
        rec = read()
        result = checked(rec, what, box, rules, ignore_unsupported)
    except SatdokuError as err:
        message = err.message if isinstance(err, ParseError) else str(err)
        return Record(line, raw, error=ParseError(message, source, where))
    except ValueError as err:
        return Record(line, raw, error=ParseError(f"{what}: {err}", source, where))
    return Record(line, raw, result.puzzle, warnings=result.warnings,
                  meta=_meta(rec.meta, result.solution, result.puzzle.board))


def _meta(meta: dict[str, str], solution: tuple[int, ...] | None,
          board: Any) -> tuple[tuple[str, str], ...]:
    from satdoku.formats.text import format_line

    kept = [(k, v) for k, v in meta.items() if v]
    if solution is not None:
        kept.append(("solution", format_line(board, solution)))
    return tuple(kept)


def scf_record(line: int, raw: str, payload: str, source: str | None, located: bool,
               box: BoxSpec = "auto", rules: tuple[Rule, ...] = ()) -> Record:
    """The input record of one ``scf`` link (a classic 9x9 puzzle, maybe X or windoku)."""
    from satdoku.board import Board
    from satdoku.formats.scf import read_scf
    from satdoku.puzzle import Puzzle
    from satdoku.rules import parse_rules

    try:
        givens, names = read_scf(unquote(payload))
        board = Board(9, (3, 3)) if box == "auto" else Board(9, box)  # type: ignore[arg-type]
        extra = tuple(r for name in names for r in parse_rules(name))
        puzzle = Puzzle(board, givens, extra + tuple(r for r in rules if r not in extra))
    except SatdokuError as err:
        message = err.message if isinstance(err, ParseError) else str(err)
        return Record(line, raw, error=ParseError(message, source, line if located else None))
    return Record(line, raw, puzzle)

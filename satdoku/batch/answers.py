"""What one puzzle of a batch produced, and how it is written.

Glossary: an :class:`Answer` is one puzzle's outcome — an exit code, a short status, the text
for the chosen :class:`OutputFormat`, JSON fields, and for failures a message for stderr; a
*handler* turns a puzzle into its answer (each command has one: ``solving.answers``,
``analyse.answers``, ``explain.answers`` …). :func:`emit` writes an answer exactly as every
batch writes it, on one process or many.

>>> import io
>>> from satdoku.formats.text import puzzle_records
>>> record = puzzle_records("1.34 34.2 2.43 43.1", None, "auto", ())[0]
>>> out = io.StringIO()
>>> emit(record, Answer(ExitCode.OK, "unique", "unique 1234"), OutputFormat.json, out,
...      print, many=False, name="<argument>")
>>> out.getvalue()
'{"line": 1, "status": "unique"}\\n'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, TextIO

from cnf.budget import free_deferred
from cnf.errors import native_interrupt
from satdoku.errors import ExitCode, Interrupted, SatdokuError, shorten
from satdoku.formats import Record
from satdoku.puzzle import Puzzle
from satdoku.runtime.clock import puzzle_done, puzzle_started

if TYPE_CHECKING:
    from satdoku.runtime.progress import Progress


class OutputFormat(str, Enum):
    """How answers are written: a pretty grid, one line each, or one JSON object each."""

    grid = "grid"
    line = "line"
    json = "json"


@dataclass
class Answer:
    """What one puzzle produced: exit code, a short status, payload for the formats."""

    code: ExitCode
    status: str
    text: str = ""                       # grid/line rendering of the result
    data: dict[str, Any] = field(default_factory=dict)   # JSON fields beyond line/status
    message: str = ""                    # for stderr (failures)
    brief: str = ""                      # the message without its location, for stdout notes
    interrupted: bool = False            # Ctrl-C cut it short: written, then the batch stops


#: A command's answer for one puzzle in the chosen format.
Handler = Callable[[Puzzle, OutputFormat], Answer]


def answer_record(record: Record, fmt: OutputFormat, handler: Handler) -> Answer:
    """The answer for one record (its reading error, or what the handler makes of it)."""
    free_deferred()  # (what the last puzzle's time limit cut short: before this one's clock)
    puzzle_started()  # (the handler's time limit counts from here, or the command's start)
    if record.error is not None:
        return Answer(record.error.exit_code, "error", message=str(record.error),
                      brief=getattr(record.error, "message", ""))
    assert record.puzzle is not None
    try:
        return handler(record.puzzle, fmt)
    except SatdokuError as err:
        return Answer(err.exit_code, "error", message=str(err))
    except TimeoutError as err:  # (the time limit ran out before the handler could say so)
        return Answer(ExitCode.TIME_LIMIT, "unknown", message=str(err))
    except Exception as err:
        if native_interrupt(err):  # (Ctrl-C inside a PySAT call made outside a Session)
            raise KeyboardInterrupt from None
        raise
    finally:
        puzzle_done()


def emit(record: Record, answer: Answer, fmt: OutputFormat, out: TextIO,
         note: Callable[[str], None], many: bool, name: str) -> None:
    """Write one answer: its text to ``out``, its messages through ``note`` (stderr)."""
    for warning in record.warnings:  # also kept in the output: JSON, and grid text
        note(f"satdoku: warning: {record.where(warning, name, many)}{warning}")
    if record.warnings and answer.text and fmt is OutputFormat.grid:
        answer.text = "".join(f"# warning: {w}\n" for w in record.warnings) + answer.text
    if answer.message and not (answer.interrupted and many):  # (the batch's own line says it)
        where = record.where(answer.message, name, many)
        prefix = "satdoku: error: " if answer.code in (ExitCode.BAD_INPUT, ExitCode.OUTPUT,
                                                     ExitCode.INTERNAL) else "satdoku: "
        note(f"{prefix}{where}{shorten(answer.message)}")
    if fmt is OutputFormat.json:
        obj = {"line": record.line, "status": answer.status, **answer.data}
        if record.warnings:
            obj["warnings"] = list(record.warnings)
        if answer.message:
            obj["message"] = answer.message
        import json  # only JSON output pays for it
        out.write(json.dumps(obj) + "\n")
    elif answer.text and fmt is OutputFormat.grid and many:  # say which puzzle each is
        out.write(f"# line {record.line}\n{answer.text}\n\n")
    elif answer.text:
        out.write(answer.text + "\n")
    elif many:
        out.write(f"# line {record.line}: {answer.brief or answer.message or answer.status}\n")


def stopped(progress: Progress, out: TextIO, done: str | None) -> Interrupted:
    """End a batch on Ctrl-C or TERM: what is written stays; the Interrupted to raise (exit
    code 130; ``done``: how far it went, None when the interrupted answer's own message said
    it)."""
    progress.close()
    out.flush()
    return Interrupted("" if done is None else
                       f"interrupted after {done}; results so far were written")

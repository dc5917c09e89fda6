"""Run one command over every puzzle of an input, keeping going past bad ones.

Each puzzle's outcome is an :class:`Answer`: an exit code, the text for stdout (in the
chosen format) and, for failures, a message for stderr. Output goes out puzzle by puzzle, so
an interrupt keeps every finished result. With ``--jobs N`` or ``--dask ADDRESS`` the same
answers are made by worker processes, chunk by chunk (:mod:`satdoku.cli.chunks`), and
written in input order: the output is the same whatever N.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import typer

from satdoku.cli.options import OutputFormat
from satdoku.cli.progress import Progress
from satdoku.errors import ExitCode, SatdokuError, shorten, worst
from satdoku.formats import Record
from satdoku.puzzle import Puzzle
from satdoku.runtime.pool import Work
from satdoku.runtime.signals import WritesHeld


@dataclass
class Answer:
    """What one puzzle produced: exit code, a short status, payload for the formats."""

    code: ExitCode
    status: str
    text: str = ""                       # grid/line rendering of the result
    data: dict = field(default_factory=dict)   # JSON fields beyond line/status
    message: str = ""                    # for stderr (failures)
    brief: str = ""                      # the message without its location, for stdout notes
    interrupted: bool = False            # Ctrl-C cut it short: written, then the batch stops


Handler = Callable[[Puzzle, OutputFormat], Answer]
#: A handler, or the :class:`Work` that builds it (needed to run on several processes).
HandlerWork = Handler | Work


def run_batch(records: Sequence[Record], name: str, fmt: OutputFormat, out: TextIO,
              handler: HandlerWork, quiet: bool = False, jobs: int = 1,
              dask: str | None = None) -> ExitCode:
    """Apply ``handler`` to every record; write results; return the worst exit code.

    ``jobs`` (0: one per core) and ``dask`` spread a file of many puzzles over processes
    or a Dask cluster; ``handler`` must then be a :class:`Work`.
    """
    many = len(records) > 1
    if many and (jobs != 1 or dask) and isinstance(handler, Work):
        from satdoku.cli.chunks import run_chunks
        return run_chunks(records, name, fmt, out, handler, quiet, jobs, dask)
    handle = handler.build() if isinstance(handler, Work) else handler
    codes: list[ExitCode] = []
    progress, said = Progress(len(records), "puzzles", quiet or not many, out), False
    try:
        with WritesHeld() as held:  # (a result written and its count go together)
            for record in records:
                answer = answer_record(record, fmt, handle)
                held.busy = True
                codes.append(answer.code)
                emit(record, answer, fmt, out, progress.note, many, name)
                held.busy = False
                held.check()
                progress.advance()
                if answer.interrupted:  # (its message said so: of one puzzle, all there is)
                    said = not many and bool(answer.message)
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        stopped(progress, out, None if said else f"{len(codes):,} of {len(records):,} puzzles")
    finally:  # (a bar left on screen would keep the cursor hidden)
        progress.close()
    return worst(codes)


def stopped(progress: Progress, out: TextIO, done: str | None) -> None:
    """End a batch on Ctrl-C or TERM: what is written stays; exit code 130 (``done``: how
    far it went, None when the interrupted answer's own message said it)."""
    progress.close()
    out.flush()
    if done is not None:
        typer.echo(f"satdoku: interrupted after {done}; results so far were written", err=True)
    raise typer.Exit(130) from None


def answer_record(record: Record, fmt: OutputFormat, handler: Handler) -> Answer:
    """The answer for one record (its reading error, or what the handler makes of it)."""
    if record.error is not None:
        return Answer(record.error.exit_code, "error", message=str(record.error),
                      brief=getattr(record.error, "message", ""))
    assert record.puzzle is not None
    try:
        return handler(record.puzzle, fmt)
    except SatdokuError as err:
        return Answer(err.exit_code, "error", message=str(err))


def _where(record: Record, message: str, name: str, many: bool) -> str:
    """The input and line a message is about, unless it already says so."""
    if message.startswith((name, "line ")):
        return ""
    if many:
        return f"{name}, line {record.line}: "
    return "" if name == "<argument>" else f"{name}: "


def emit(record: Record, answer: Answer, fmt: OutputFormat, out: TextIO,
         note: Callable[[str], None], many: bool, name: str) -> None:
    """Write one answer: its text to ``out``, its messages through ``note`` (stderr)."""
    for warning in record.warnings:  # also kept in the output: JSON, and grid text
        note(f"satdoku: warning: {_where(record, warning, name, many)}{warning}")
    if record.warnings and answer.text and fmt is OutputFormat.grid:
        answer.text = "".join(f"# warning: {w}\n" for w in record.warnings) + answer.text
    if answer.message:
        where = _where(record, answer.message, name, many)
        prefix = "satdoku: error: " if answer.code in (ExitCode.BAD_INPUT,
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

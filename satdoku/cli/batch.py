"""Run one command over every puzzle of an input, keeping going past bad ones.

Each puzzle's outcome is an :class:`Answer`: an exit code, the text for stdout (in the
chosen format) and, for failures, a message for stderr. Output goes out puzzle by puzzle,
so an interrupt keeps every finished result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

import typer

from satdoku.cli.io import Progress
from satdoku.cli.options import OutputFormat
from satdoku.errors import ExitCode, SatdokuError, worst
from satdoku.formats import Record
from satdoku.puzzle import Puzzle


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


def run_batch(records: Sequence[Record], name: str, fmt: OutputFormat, out: TextIO,
              handler: Handler, quiet: bool = False) -> ExitCode:
    """Apply ``handler`` to every record; write results; return the worst exit code."""
    many = len(records) > 1
    codes: list[ExitCode] = []
    progress = Progress(len(records), "puzzles", quiet or not many, out)
    try:
        for k, record in enumerate(records, 1):
            answer = _answer(record, fmt, handler)
            codes.append(answer.code)
            if answer.message:
                progress.clear()
            _emit(record, answer, fmt, out, many, name)
            progress.update(k)
            if answer.interrupted:
                raise KeyboardInterrupt
    except KeyboardInterrupt:
        progress.close()
        out.flush()
        typer.echo(f"satdoku: interrupted after {len(codes)} of {len(records)} puzzles; "
                   "results so far were written", err=True)
        raise typer.Exit(130) from None
    progress.close()
    return worst(codes)


def _answer(record: Record, fmt: OutputFormat, handler: Handler) -> Answer:
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


def _emit(record: Record, answer: Answer, fmt: OutputFormat, out: TextIO, many: bool,
          name: str) -> None:
    for warning in record.warnings:  # also kept in the output: JSON, and grid text
        typer.echo(f"satdoku: warning: {_where(record, warning, name, many)}{warning}",
                   err=True)
    if record.warnings and answer.text and fmt is OutputFormat.grid:
        answer.text = "".join(f"# warning: {w}\n" for w in record.warnings) + answer.text
    if answer.message:
        where = _where(record, answer.message, name, many)
        prefix = "satdoku: error: " if answer.code in (ExitCode.BAD_INPUT,
                                                     ExitCode.INTERNAL) else "satdoku: "
        typer.echo(f"{prefix}{where}{answer.message}", err=True)
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

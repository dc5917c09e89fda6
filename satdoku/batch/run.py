"""Run one command's handler over every puzzle of an input, keeping going past bad ones.

Each puzzle's outcome is an :class:`~satdoku.batch.answers.Answer`: an exit code, the text for
stdout (in the chosen format) and, for failures, a message for stderr. Output goes out puzzle
by puzzle, so an interrupt keeps every finished result (:class:`~satdoku.errors.Interrupted`).
With ``jobs`` > 1 (0: one per core) or a Dask scheduler the same answers are made by worker
processes, chunk by chunk (:mod:`satdoku.batch.chunks`), and written in input order: the
output is the same whatever the number of workers.

>>> import io
>>> from satdoku.formats.loader import read_records
>>> records, name = read_records("1.34 34.2 2.43 43.1\\n...1 .... .... ....")
>>> out = io.StringIO()
>>> run_batch(records, name, OutputFormat.line, out,
...           lambda p, fmt: Answer(ExitCode.OK, "read", str(p.num_givens)), quiet=True)
<ExitCode.OK: 0>
>>> out.getvalue()
'12\\n1\\n'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from satdoku.batch.answers import Answer, Handler, OutputFormat, answer_record, emit, stopped
from satdoku.errors import ExitCode, worst
from satdoku.formats import Record
from satdoku.runtime.pool import Work
from satdoku.runtime.progress import Progress
from satdoku.runtime.signals import WritesHeld

#: A handler, or the :class:`Work` that builds it (needed to run on several processes).
HandlerWork = Handler | Work

__all__ = ["Answer", "HandlerWork", "OutputFormat", "run_batch"]


def run_batch(records: Sequence[Record], name: str, fmt: OutputFormat, out: TextIO,
              handler: HandlerWork, quiet: bool = False, jobs: int = 1,
              dask: str | None = None) -> ExitCode:
    """Apply ``handler`` to every record; write results; return the worst exit code.

    ``jobs`` (0: one per core) and ``dask`` (a scheduler address) spread a file of many
    puzzles over processes or a Dask cluster; ``handler`` must then be a :class:`Work`.
    Ctrl-C or TERM raise :class:`~satdoku.errors.Interrupted` once what was finished is
    written.
    """
    many = len(records) > 1
    if many and (jobs != 1 or dask) and isinstance(handler, Work):
        from satdoku.batch.chunks import FIRST, run_chunks
        from satdoku.runtime.backends import backend_for
        backend = backend_for(jobs, dask, most=-(-len(records) // FIRST))  # (work for all)
        if backend is not None:
            return run_chunks(records, name, fmt, out, handler, quiet, backend)
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
        raise stopped(progress, out, None if said else
                      f"{len(codes):,} of {len(records):,} puzzles") from None
    finally:  # (a bar left on screen would keep the cursor hidden)
        progress.close()
    return worst(codes)

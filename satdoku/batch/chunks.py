"""A batch on worker processes (``jobs`` N) or a Dask cluster (a scheduler address).

The records go out in chunks (:func:`chunks`): unparsed lines for a text file, so that the
workers parse them too. A worker builds the command's handler once (:class:`Work`: the CNF
is built once per worker per board and rules), answers the chunk's puzzles exactly as one
process would (:func:`~satdoku.batch.answers.answer_record`, :func:`~satdoku.batch.answers.emit`)
and sends back the text made. The parent writes chunks in input order as soon as each and
those before it are done, so the output is byte for byte that of ``-j 1``.

Chunk sizes adapt (:class:`Sizer`): a few puzzles first, then about a quarter of a second
of work each (a second on Dask) at the rate measured, so that the cost of a chunk (~0.1 ms
locally) stays small; hard puzzles and big boards make small chunks, easy 9×9 ones large.
Near the end chunks shrink with the puzzles left (guided scheduling), so that the workers
finish together instead of one finishing a large last chunk alone.

>>> sizer = Sizer(total=100_000, workers=2, seconds=0.25)
>>> sizer.next(100_000)
8
>>> sizer.measured(8, 0.001)
>>> sizer.next(100_000), sizer.next(2_000), sizer.next(100)
(2000, 500, 200)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from satdoku.batch.answers import Handler, OutputFormat, answer_record, emit, stopped
from satdoku.errors import ExitCode, worst
from satdoku.formats import Record
from satdoku.runtime.pool import Backend, Ordered, Work, WorkerDied
from satdoku.runtime.progress import Progress, silence
from satdoku.runtime.signals import interrupts_held

#: The first chunks' size, before any rate is known; the largest chunk.
FIRST, LARGEST = 8, 5_000
#: Near the end, a chunk is at most a TAIL_SPLIT-th of a worker's share of what is left, and
#: at least TAIL_FRACTION of a full chunk's seconds (guided self-scheduling).
TAIL_SPLIT, TAIL_FRACTION = 2, 0.1


@dataclass
class Chunk:
    """What a worker made of a chunk: stdout text and stderr lines in the order one process
    would have written them, the worst exit code, and the seconds it took."""

    count: int = 0
    writes: list[tuple[bool, str]] = field(default_factory=list)  # (to stderr?, text)
    code: ExitCode = ExitCode.OK
    seconds: float = 0.0
    _text: list[str] = field(default_factory=list)  # stdout text since the last note

    def write(self, text: str) -> None:
        self._text.append(text)

    def note(self, text: str) -> None:
        self.flush()
        self.writes.append((True, text))

    def flush(self) -> None:
        if self._text:
            self.writes.append((False, "".join(self._text)))
            self._text.clear()


def answerer(handler: Work, fmt: OutputFormat, name: str) -> Callable[[Sequence[Record]],
                                                                         Chunk]:
    """The worker's function of a chunk of records (a :class:`Work` factory)."""
    silence()  # the parent shows the progress
    handle: Handler = handler.build()

    def answer(records: Sequence[Record]) -> Chunk:
        start, chunk, codes = time.perf_counter(), Chunk(), []
        for record in records:
            answer = answer_record(record, fmt, handle)
            codes.append(answer.code)
            emit(record, answer, fmt, chunk, chunk.note, True, name)  # type: ignore[arg-type]
        chunk.flush()
        chunk.count, chunk.code = len(codes), worst(codes)
        chunk.seconds = time.perf_counter() - start
        return chunk

    return answer


class Sizer:
    """Chunk sizes: :data:`FIRST` until a rate is measured, then about ``seconds`` of work,
    never more than :data:`LARGEST` nor a quarter of each worker's share (so that all
    workers get work), and near the end no more than a :data:`TAIL_SPLIT`-th of each
    worker's share of the puzzles left, down to :data:`TAIL_FRACTION` of ``seconds`` of work
    (so that they finish together)."""

    def __init__(self, total: int, workers: int, seconds: float) -> None:
        self.seconds, self.size, self.workers = seconds, FIRST, workers
        self.cap = max(1, min(LARGEST, total // (4 * workers)))
        self.per_puzzle: float | None = None

    def next(self, left: int) -> int:
        """The size of the next chunk, ``left`` puzzles not yet sent."""
        size = min(self.size, self.cap)
        if self.per_puzzle is not None:
            share = -(-left // (TAIL_SPLIT * self.workers))
            smallest = round(self.seconds * TAIL_FRACTION / max(self.per_puzzle, 1e-9))
            size = min(size, max(share, smallest))
        return max(1, size)

    def measured(self, count: int, seconds: float) -> None:
        """A chunk of ``count`` puzzles took ``seconds`` (a running average of the rate)."""
        if not count:
            return
        rate = seconds / count
        self.per_puzzle = rate if self.per_puzzle is None else (self.per_puzzle + rate) / 2
        self.size = round(self.seconds / max(self.per_puzzle, 1e-9))


def chunks(records: Sequence[Record], sizer: Sizer) -> Iterator[Sequence[Record]]:
    """Consecutive slices of ``records``, sized by ``sizer`` when each is taken: text lines
    stay unparsed (``LineRecords.part``), other records (JSON) go parsed."""
    part = getattr(records, "part", None)
    start, total = 0, len(records)
    while start < total:
        stop = min(total, start + sizer.next(total - start))
        yield part(start, stop) if part else list(records[start:stop])
        start = stop


def run_chunks(records: Sequence[Record], name: str, fmt: OutputFormat, out: TextIO,
               handler: Work, quiet: bool, backend: Backend) -> ExitCode:
    """:func:`~satdoku.batch.run.run_batch` on worker processes or a Dask cluster
    (``backend``, closed on the way out)."""
    total = len(records)
    sizer = Sizer(total, backend.workers, backend.chunk_seconds)
    progress, codes, done, abort = Progress(total, "puzzles", quiet, out), [], 0, True
    run: Ordered[Chunk] = Ordered(backend, Work(answerer, handler=handler, fmt=fmt, name=name),
                                  chunks(records, sizer), note=progress.note)

    def write(chunk: Chunk) -> None:
        nonlocal done
        with interrupts_held():  # (all of a chunk and its count, or none)
            for to_stderr, text in chunk.writes:
                if to_stderr:
                    progress.note(text)
                else:
                    out.write(text)
            codes.append(chunk.code)
            done += chunk.count
        sizer.measured(chunk.count, chunk.seconds)
        progress.advance(chunk.count)

    try:
        for chunk in run:
            write(chunk)
        abort = False
    except KeyboardInterrupt:
        for chunk in run.finished():  # every chunk done before the first one not done
            write(chunk)
        raise stopped(progress, out, f"{done:,} of {total:,} puzzles") from None
    except WorkerDied as err:
        progress.close()
        out.flush()
        raise WorkerDied(f"{err}; the first {done:,} of {total:,} puzzles were answered and "
                         "written") from None
    finally:
        backend.close(abort=abort)
        progress.close()
    return worst(codes)

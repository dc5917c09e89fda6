"""``solve --all``: solutions written as they are found, counted, and a warning when the list
may not end.

An empty 9x9 grid has 6,670,903,752,021,072,936,960 solutions, so ``--all`` without
``--limit`` may list until stopped. For one puzzle each solution goes out as soon as it is
found and verified (none is held: memory stays flat); the count so far shows on stderr when
someone watches (:mod:`satdoku.runtime.progress`); and once :data:`WARN_AFTER` solutions have
come with no ``--limit``, one line on stderr says that the list may not end and what to use
instead. Ctrl-C (or TERM) stops it with every solution written so far kept.

>>> import io
>>> from satdoku import SudokuSolver, parse_puzzle
>>> p = parse_puzzle("12.. 34.. .... ....")
>>> out = io.StringIO()
>>> result, interrupted, written = write_all(SudokuSolver(p.board), p, None, None,
...                                          line=True, out=out, quiet=True)
>>> written, len(out.getvalue().splitlines()), result.status.value
(12, 12, 'solved')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from satdoku.formats import format_grid, format_line
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid
from satdoku.runtime.progress import Progress
from satdoku.solving.solver import Result, Status, SudokuSolver

#: Solutions found, with no --limit, before the warning that the list may not end.
WARN_AFTER = 1_000
WARNING = ("satdoku: warning: {count:,} solutions so far, and --all without --limit lists "
           "every one: on a puzzle with few givens that may never end (an empty 9x9 has "
           "6.7e21). Stop with Ctrl-C (what was written is kept), or use --limit N, or "
           "satdoku count")


def counted(solutions: Iterator[Grid], limit: int | None, quiet: bool,
            out: TextIO | None = None) -> Iterator[Grid]:
    """``solutions`` passed on as they come, counted on stderr for someone watching, with
    the warning once :data:`WARN_AFTER` have come and no ``limit`` bounds them."""
    with Progress(limit, "solutions", quiet, out) as progress:
        for k, grid in enumerate(solutions, 1):
            if k == WARN_AFTER and limit is None:
                progress.note(WARNING.format(count=k))
            progress.update(k)
            yield grid


def write_all(solver: SudokuSolver, puzzle: Puzzle, limit: int | None,
              time_limit: float | None, line: bool, out: TextIO,
              quiet: bool = False) -> tuple[Result, bool, int]:
    """Write every solution of ``puzzle`` (up to ``limit``) to ``out`` as it is found — one
    line each, or grids separated by blank lines — and return (the result with the first
    solution only, whether Ctrl-C stopped it, how many were written). A result without
    solutions says why there were none (INVALID, NO_SOLUTION, or UNKNOWN: time ran out)."""
    first: tuple[Grid, ...] = ()
    written, status, interrupted = 0, Status.SOLVED, False
    try:
        for grid in counted(solver.solutions(puzzle, limit, time_limit), limit, quiet, out):
            text = format_line(puzzle.board, grid) if line else format_grid(puzzle.board, grid)
            text = ("\n" if written and not line else "") + text + "\n"
            # counted first: Ctrl-C is raised after a call returns (out.write's too), so
            # never between a write and its count
            first, written = first or (grid,), written + 1
            out.write(text)
            out.flush()  # seen as soon as found, even through a pipe
    except TimeoutError:
        status = Status.UNKNOWN
    except KeyboardInterrupt:
        status, interrupted = Status.UNKNOWN, True
    if not written and status is Status.SOLVED:
        return solver.check(puzzle), False, 0  # distinguishes INVALID from NO_SOLUTION
    return Result(status, first), interrupted, written

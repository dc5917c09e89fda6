"""``satdoku solve | check | count``: parse, one library call (a batch of the answers of
:mod:`satdoku.solving.answers`), format."""

from __future__ import annotations

from typing import Annotated

import typer

from satdoku.batch import run_batch
from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.groups import grouped
from satdoku.cli.options import (
    Batch,
    External,
    Format,
    OutputFormat,
    Picture,
    SolverOptions,
    Source,
    docs,
)
from satdoku.render.target import picture_target
from satdoku.runtime.output import output_stream
from satdoku.runtime.pool import Work
from satdoku.solving.answers import (
    check_answers,
    count_answers,
    estimate_answers,
    solve_answers,
)

Limit = Annotated[int | None, typer.Option("--limit", min=1, help="Stop after this many.")]
AllSolutions = Annotated[bool, typer.Option(
    "--all", help="Print every solution (up to --limit), each as it is found. Without --limit "
                  "a puzzle with few givens may have billions (a warning says so after "
                  "1,000).")]


@app.command(epilog=EXIT_CODES)
@grouped
def solve(source: Source, *, all_solutions: AllSolutions = False, limit: Limit = None,
          solver: SolverOptions, fmt: Format = None, batch: Batch,
          external: External = None, picture: Picture = None) -> None:
    """Solve puzzles: print a solution of each (every one verified independently).

    Examples: satdoku solve "4...3.......6..8....."  ·  satdoku solve puzzles.txt -o out.txt
    ·  satdoku solve big.txt -j 0 -o out.txt  (every core; the same output)
    """
    records, name = source.read()
    picture = picture_target(picture, records)
    fmt_ = fmt or (OutputFormat.grid if len(records) == 1 else OutputFormat.line)
    with output_stream(batch.output) as out:
        stream = out if len(records) == 1 and fmt_ is not OutputFormat.json else None
        work = Work(solve_answers, options=solver, many=len(records) > 1,
                    enumerate_all=all_solutions or limit is not None, limit=limit,
                    external=external, picture=picture, quiet=batch.quiet, stream=stream)
        code = run_batch(records, name, fmt_, out, work, batch.quiet, batch.jobs, batch.dask)
    raise typer.Exit(int(code))


@app.command(epilog=EXIT_CODES)
@grouped
def check(source: Source, *, solver: SolverOptions, fmt: Format = None,
          batch: Batch, picture: Picture = None) -> None:
    """Is the puzzle unique? If not, show two solutions and mark (*) where they differ.

    Exit code 0 when unique, 3 when it has several solutions, 1 when none.
    Example: satdoku check big.txt -j 4 -f json -o report.jsonl
    """
    records, name = source.read()
    work = Work(check_answers, options=solver, picture=picture_target(picture, records))
    fmt_ = fmt or (OutputFormat.grid if len(records) == 1 else OutputFormat.line)
    with output_stream(batch.output) as out:
        code = run_batch(records, name, fmt_, out, work, batch.quiet, batch.jobs, batch.dask)
    raise typer.Exit(int(code))


EstimateOpt = Annotated[bool, typer.Option(
    "--estimate", help="An approximate count instead, with a 95 % bound (ApproxMC, epsilon "
                       "0.5: the count is within a factor 1.5 of the estimate with probability "
                       "at least 95 %; exact when small). Needs the serve extra (pyapproxmc). "
                       f"Past about a million solutions it takes minutes ({docs('serve.md')}).")]


@app.command(epilog=EXIT_CODES)
@grouped
def count(source: Source, *, limit: Limit = None, solver: SolverOptions,
          fmt: Format = None, batch: Batch, estimate: EstimateOpt = False) -> None:
    """Count the solutions, exactly or up to --limit (progress shown on long counts).

    Prints the count, or 'at least N' when --limit or --time-limit cut the count short;
    with --estimate, 'about N (95 %: LOW to HIGH)'.
    Exit code 0 when there is a solution, 1 when the count is 0.
    Example: satdoku count --box 2x2 "................"   # 288
    """
    records, name = source.read()
    work = (Work(estimate_answers, time_limit=solver.time_limit) if estimate else
            Work(count_answers, options=solver, limit=limit, quiet=batch.quiet))
    with output_stream(batch.output) as out:
        code = run_batch(records, name, fmt or OutputFormat.line, out, work, batch.quiet,
                         batch.jobs, batch.dask)
    raise typer.Exit(int(code))

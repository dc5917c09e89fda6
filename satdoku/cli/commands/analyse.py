"""``satdoku analyse | candidates``: the analyser's report, and true candidates alone
(answers: :mod:`satdoku.analyse.answers`)."""

from __future__ import annotations

from typing import Annotated

import typer

from satdoku.analyse.answers import analyse_answers, candidates_answers
from satdoku.analyse.difficulty import MAX_LEVEL
from satdoku.analyse.report import COUNT_LIMIT
from satdoku.batch import run_batch
from satdoku.cli.app import EXIT_CODES, app, fail
from satdoku.cli.groups import grouped
from satdoku.cli.options import (
    Batch,
    Format,
    OutputFormat,
    Picture,
    SolverOptions,
    Source,
    docs,
    positive_seconds,
)
from satdoku.render.target import picture_target
from satdoku.runtime.output import output_stream
from satdoku.runtime.pool import Work

Json = Annotated[bool, typer.Option("--json", help="One JSON object per puzzle (schema in "
                                                   f"{docs('analyser.md')}).")]
Certify = Annotated[str | None, typer.Option(
    "--certify", metavar="FILE", help="Write a DRAT proof of uniqueness (or of no solution) "
    "to FILE and the CNF it refers to beside it (FILE with .cnf), and check the proof with "
    "dratify when installed. One puzzle only.")]
Limit = Annotated[int, typer.Option("--limit", min=2, help="Count solutions up to this many.")]
MaxLevel = Annotated[int, typer.Option("--max-level", min=0,
                                       help="Deepest probing level tried for the difficulty.")]
GradeTime = Annotated[float | None, typer.Option(
    "--grade", metavar="SECONDS", callback=positive_seconds,
    help="Also grade a unique puzzle from its solving path (satdoku explain), when the path "
         "takes at most SECONDS.")]


@app.command(name="analyse", epilog=EXIT_CODES)
@grouped
def analyse_command(source: Source, *, json_: Json = False, certify_to: Certify = None,
                    limit: Limit = COUNT_LIMIT, max_level: MaxLevel = MAX_LEVEL,
                    solver: SolverOptions, batch: Batch, picture: Picture = None,
                    grade: GradeTime = None) -> None:
    """Why a puzzle is (not) unique, what is forced, what is redundant, how hard it is.

    Exit code 0 unique, 3 several solutions, 1 none, 2 givens that clash. --svg draws the
    solution (unique), the true candidates with the differing cells (several) or the
    clashing givens (none). With --time-limit, sections not finished in time are reported
    as unknown (JSON: 'unknown' lists them); exit 4 only when the status itself is unknown.
    Examples: satdoku analyse puzzle.txt --certify proof.drat  ·  satdoku analyse many.txt
    --json -j 0  (every core; the same output)  ·  satdoku analyse big.txt --time-limit 10
    """
    records, name = source.read()
    if certify_to is not None and (len(records) > 1 or certify_to == "-"):
        raise fail("--certify needs one puzzle and a file name")
    work = Work(analyse_answers, options=solver, limit=limit, max_level=max_level,
                grade=grade, certify_to=certify_to, picture=picture_target(picture, records))
    fmt = OutputFormat.json if json_ else OutputFormat.grid
    with output_stream(batch.output) as out:
        code = run_batch(records, name, fmt, out, work, batch.quiet, batch.jobs, batch.dask)
    raise typer.Exit(int(code))


Counts = Annotated[int | None, typer.Option(
    "--counts", metavar="N", min=1, max=1_000_000,
    help="Also count, for each candidate, the solutions that put it there, up to N (1: the "
         "candidate alone makes the puzzle unique). Listed after the grid ('5:1' = digit 5, "
         "one solution; '5:8+' = N or more), in JSON as 'counts'; --svg colours the marks: "
         "green = unique, light to dark blue = 2 to N.")]


@app.command(epilog=EXIT_CODES)
@grouped
def candidates(source: Source, *, solver: SolverOptions, fmt: Format = None, batch: Batch,
               picture: Picture = None, counts: Counts = None) -> None:
    """True candidates: the digits that some solution puts in each blank cell.

    Formats: grid (default for one puzzle), line (a pencilmark line of n characters per
    cell, '.' where a digit is impossible; default for many), json. --svg draws them as
    pencil marks. --counts N also counts each candidate's solutions up to N.
    Example: satdoku candidates PUZZLE --counts 8 --svg counts.svg
    """
    records, name = source.read()
    work = Work(candidates_answers, options=solver, picture=picture_target(picture, records),
                counts=counts)
    fmt_ = fmt or (OutputFormat.grid if len(records) == 1 else OutputFormat.line)
    with output_stream(batch.output) as out:
        code = run_batch(records, name, fmt_, out, work, batch.quiet, batch.jobs, batch.dask)
    raise typer.Exit(int(code))

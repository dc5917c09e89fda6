"""``satdoku explain | hint``: a solving path step by step, or the next step only (answers:
:mod:`satdoku.explain.answers`)."""

from __future__ import annotations

from typing import Annotated

import typer

from satdoku.batch import run_batch
from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.groups import grouped
from satdoku.cli.options import (
    Batch,
    OutputFormat,
    Source,
    TimeLimit,
    docs,
    positive_seconds,
)
from satdoku.errors import SatdokuError
from satdoku.explain.answers import disabled_families, explain_answers
from satdoku.runtime.output import output_stream
from satdoku.runtime.pool import Work

Json = Annotated[bool, typer.Option("--json", help="One JSON object per puzzle (schema in "
                                                   f"{docs('explain.md')}).")]
Optimal = Annotated[float | None, typer.Option(
    "--optimal", metavar="SECONDS", callback=positive_seconds,
    help="Make each step the one citing the fewest constraints (PySAT's OptUx over every "
         "open candidate), searching up to SECONDS per step; when time runs out the best "
         "step found is used and marked 'not proven optimal'. Default: the ordinary, fast "
         "search (cheapest first, a heuristic).")]
Teach = Annotated[bool, typer.Option(
    "--teach", help="Say why each step holds, in one or two sentences with its digits and "
                    "cells (chains in order, cage arithmetic), and name every constraint.")]
Disable = Annotated[str, typer.Option(
    "--disable", metavar="FAMILIES",
    help="Techniques not to use, by the editor's families, comma-separated: tuples, "
         f"pointing, fishes, wings, aic, contradictions ({docs('explain.md')} lists "
         "which technique is in which). Singles and variant sums are always used.")]
SvgDir = Annotated[str | None, typer.Option(
    "--svg-dir", metavar="FOLDER",
    help="Also draw one picture per step into FOLDER (made when missing): step-001.svg … "
         "with the cited constraints shaded, the cited facts marked and what the step "
         "derives in green (placement) or red (elimination). One puzzle only.")]


def _run(kind: str, source: Source, json_: bool, time_limit: float | None, batch: Batch,
         optimal: float | None, svg_dir: str | None = None, teach: bool = False,
         disable: str = "") -> None:
    disabled = disabled_families(disable)
    records, name = source.read()
    if svg_dir is not None:
        from satdoku.explain.pictures import picture_folder
        if len(records) > 1:
            raise SatdokuError(f"--svg-dir draws one puzzle's path, but the input holds "
                               f"{len(records)}")
        picture_folder(svg_dir)
    fmt = OutputFormat.json if json_ else OutputFormat.grid
    work = Work(explain_answers, kind=kind, time_limit=time_limit, optimal=optimal,
                svg_dir=svg_dir, teach=teach, disabled=disabled, quiet=batch.quiet)
    with output_stream(batch.output) as out:
        code = run_batch(records, name, fmt, out, work, batch.quiet, batch.jobs, batch.dask)
    raise typer.Exit(int(code))


@app.command(name="explain", epilog=EXIT_CODES)
@grouped
def explain_command(source: Source, *, json_: Json = False, time_limit: TimeLimit = None,
                    batch: Batch, optimal: Optimal = None, svg_dir: SvgDir = None,
                    teach: Teach = False, disable: Disable = "") -> None:
    """A solving path: one line per step, then the verified solution and a grade.

    Each step derives placements or eliminations from known facts and a few constraints
    (rows, boxes, cages …); the SAT solver proves it, and no cited fact or constraint can
    go. Easiest steps first, by the human scale (singles, locked candidates, subsets,
    fish, wings, chains … forcing chains), then a grade: score, minutes and band.
    A puzzle with several solutions gets the path as far as logic goes, then
    "No logical steps found." (exit 3). Exit code 0 unique, 3 several solutions, 1 none,
    2 givens that clash, 4 time limit (the steps found so far are printed), 5 the
    techniques left by --disable stop before the end of a unique puzzle.
    Examples: satdoku explain examples/puzzle.txt --teach  ·  satdoku explain
    examples/killer.json --svg-dir steps/  ·  satdoku explain PUZZLE --disable aic,wings
    """
    _run("explain", source, json_, time_limit, batch, optimal, svg_dir, teach, disable)


@app.command(name="hint", epilog=EXIT_CODES)
@grouped
def hint_command(source: Source, *, json_: Json = False, time_limit: TimeLimit = None,
                 batch: Batch, optimal: Optimal = None, teach: Teach = False,
                 disable: Disable = "") -> None:
    """The next step only, with every fact and constraint it cites.

    PUZZLE may carry pencil marks (a Sukaku line, as 'satdoku candidates -f line' writes
    it): eliminated candidates are known facts. Exit codes as for explain.
    Examples: satdoku hint examples/puzzle.txt --teach  ·  satdoku hint PUZZLE --optimal 30
    """
    _run("hint", source, json_, time_limit, batch, optimal, None, teach, disable)

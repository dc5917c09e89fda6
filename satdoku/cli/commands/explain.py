"""``satdoku explain | hint``: a solving path step by step, or the next step only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.batch import Answer, Handler, run_batch
from satdoku.cli.options import (
    DEFAULTS,
    Box,
    Dask,
    IgnoreUnsupported,
    Jobs,
    Output,
    OutputFormat,
    PuzzleArg,
    Quiet,
    Rules,
    TimeLimit,
    positive_seconds,
)
from satdoku.errors import ExitCode, SatdokuError
from satdoku.explain import Explanation, explain, hint
from satdoku.explain.catalogue import EDITOR_FAMILIES
from satdoku.explain.text import render_hint, render_path, to_json
from satdoku.formats.loader import read_records
from satdoku.puzzle import Puzzle, clash_message
from satdoku.runtime.output import output_stream
from satdoku.runtime.pool import Work
from satdoku.solving.solver import Status

Json = Annotated[bool, typer.Option("--json", help="One JSON object per puzzle (schema in "
                                                   "docs/explain.md).")]
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
         "pointing, fishes, wings, aic, contradictions (docs/explain.md lists which "
         "technique is in which). Singles and variant sums are always used.")]
SvgDir = Annotated[str | None, typer.Option(
    "--svg-dir", metavar="FOLDER",
    help="Also draw one picture per step into FOLDER (made when missing): step-001.svg … "
         "with the cited constraints shaded, the cited facts marked and what the step "
         "derives in green (placement) or red (elimination). One puzzle only.")]


def _answer(e: Explanation, text: Callable[[Explanation], str],
            time_limit: float | None, path: bool = True) -> Answer:
    """Exit code, text and data of one explanation."""
    board = e.puzzle.board
    if e.status in (Status.UNIQUE, Status.MULTIPLE):
        unique = e.status is Status.UNIQUE
        answer = Answer(ExitCode.OK if unique else ExitCode.MULTIPLE, e.status.value, text(e),
                        to_json(e))
        if not e.complete and not e.stuck and (path or not e.steps):
            answer.code = ExitCode.TIME_LIMIT
            answer.message = f"time limit of {time_limit:g} s reached after {len(e.steps)} steps"
        elif not unique:
            answer.message = (f"not unique: the puzzle has several solutions; logic goes "
                              f"{len(e.steps)} steps, each holding in every solution "
                              f"(satdoku check shows two)")
        return answer
    if e.status is Status.INVALID:
        return Answer(ExitCode.BAD_INPUT, "invalid",
                      message=clash_message(board, e.puzzle.clashes()))
    if e.status is Status.NO_SOLUTION:
        return Answer(ExitCode.NO_SOLUTION, "no_solution", message="no solution")
    return Answer(ExitCode.TIME_LIMIT, "unknown",
                  message=f"time limit of {time_limit:g} s reached before the puzzle was checked")


#: What explain and hint make of a puzzle, and how they write it (plain, taught).
KINDS: dict[str, tuple[Callable[..., Explanation], Callable[..., str]]] = {
    "explain": (explain, render_path), "hint": (hint, render_hint)}


def explain_handler(kind: str, time_limit: float | None, optimal: float | None = None,
                    svg_dir: str | None = None, teach: bool = False,
                    disabled: tuple[str, ...] = ()) -> Handler:
    """explain's or hint's answer for one puzzle (``kind``: a key of :data:`KINDS`)."""
    make, render = KINDS[kind]

    def text(e: Explanation) -> str:
        return render(e, teach)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        e = make(p, time_limit, optimal=optimal, disabled=disabled)
        if svg_dir is not None and e.steps:
            from satdoku.explain.pictures import write_step_pictures
            write_step_pictures(e, svg_dir)
        return _answer(e, text, time_limit, kind == "explain")

    return handle


def _run(kind: str, puzzle: str, json_: bool, time_limit: float | None, box: str, rules: str,
         output: str | None, quiet: bool, ignore_unsupported: bool, jobs: int,
         dask: str | None, optimal: float | None, svg_dir: str | None = None,
         teach: bool = False, disable: str = "") -> None:
    disabled = tuple(x.strip() for x in disable.split(",") if x.strip())
    unknown = [x for x in disabled if x not in EDITOR_FAMILIES]
    if unknown:
        raise SatdokuError(f"--disable: unknown family {unknown[0]!r} (known: "
                           f"{', '.join(EDITOR_FAMILIES)})")
    records, name = read_records(puzzle, box, rules, ignore_unsupported)
    if svg_dir is not None:
        from satdoku.explain.pictures import picture_folder
        if len(records) > 1:
            raise SatdokuError(f"--svg-dir draws one puzzle's path, but the input holds "
                               f"{len(records)}")
        picture_folder(svg_dir)
    fmt = OutputFormat.json if json_ else OutputFormat.grid
    work = Work(explain_handler, kind=kind, time_limit=time_limit, optimal=optimal,
                svg_dir=svg_dir, teach=teach, disabled=disabled)
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt, out, work, quiet, jobs, dask)
    raise typer.Exit(int(code))


@app.command(name="explain", epilog=EXIT_CODES)
def explain_command(puzzle: PuzzleArg, json_: Json = False, time_limit: TimeLimit = None,
                    box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
                    output: Output = None, quiet: Quiet = False,
                    ignore_unsupported: IgnoreUnsupported = False, jobs: Jobs = 1,
                    dask: Dask = None, optimal: Optimal = None,
                    svg_dir: SvgDir = None, teach: Teach = False,
                    disable: Disable = "") -> None:
    """A solving path: one line per step, then the verified solution and a grade.

    Each step derives placements or eliminations from known facts and a few constraints
    (rows, boxes, cages …); the SAT solver proves it, and no cited fact or constraint can
    go. Easiest steps first, by the human scale (singles, locked candidates, subsets,
    fish, wings, chains … forcing chains), then a grade: score, minutes and band.
    A puzzle with several solutions gets the path as far as logic goes, then
    "No logical steps found." (exit 3). Exit code 0 unique, 3 several solutions, 1 none,
    2 givens that clash, 4 time limit (the steps found so far are printed).
    Examples: satdoku explain examples/puzzle.txt --teach  ·  satdoku explain
    examples/killer.json --svg-dir steps/  ·  satdoku explain PUZZLE --disable aic,wings
    """
    _run("explain", puzzle, json_, time_limit, box, rules, output, quiet, ignore_unsupported,
         jobs, dask, optimal, svg_dir, teach, disable)


@app.command(name="hint", epilog=EXIT_CODES)
def hint_command(puzzle: PuzzleArg, json_: Json = False, time_limit: TimeLimit = None,
                 box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
                 output: Output = None, quiet: Quiet = False,
                 ignore_unsupported: IgnoreUnsupported = False, jobs: Jobs = 1,
                 dask: Dask = None, optimal: Optimal = None, teach: Teach = False,
                 disable: Disable = "") -> None:
    """The next step only, with every fact and constraint it cites.

    PUZZLE may carry pencil marks (a Sukaku line, as 'satdoku candidates -f line' writes
    it): eliminated candidates are known facts. Exit codes as for explain.
    Examples: satdoku hint examples/puzzle.txt --teach  ·  satdoku hint PUZZLE --optimal 30
    """
    _run("hint", puzzle, json_, time_limit, box, rules, output, quiet, ignore_unsupported,
         jobs, dask, optimal, None, teach, disable)

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
    LayoutOpt,
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
SvgDir = Annotated[str | None, typer.Option(
    "--svg-dir", metavar="FOLDER",
    help="Also draw one picture per step into FOLDER (made when missing): step-001.svg … "
         "with the cited constraints shaded, the cited facts marked and what the step "
         "derives in green (placement) or red (elimination). One puzzle only.")]


def _answer(e: Explanation, text: Callable[[Explanation], str],
            time_limit: float | None) -> Answer:
    """Exit code, text and data of one explanation."""
    board = e.puzzle.board
    if e.status is Status.UNIQUE:
        answer = Answer(ExitCode.OK, "unique", text(e), to_json(e))
        if not e.complete and (text is render_path or not e.steps):
            answer.code = ExitCode.TIME_LIMIT
            answer.message = f"time limit of {time_limit:g} s reached after {len(e.steps)} steps"
        return answer
    if e.status is Status.MULTIPLE:
        return Answer(ExitCode.MULTIPLE, "multiple", data=to_json(e),
                      message="not unique: the puzzle has several solutions, so no step can "
                              "be proved for every cell (satdoku check shows two)")
    if e.status is Status.INVALID:
        return Answer(ExitCode.BAD_INPUT, "invalid",
                      message=clash_message(board, e.puzzle.clashes()))
    if e.status is Status.NO_SOLUTION:
        return Answer(ExitCode.NO_SOLUTION, "no_solution", message="no solution")
    return Answer(ExitCode.TIME_LIMIT, "unknown",
                  message=f"time limit of {time_limit:g} s reached before the puzzle was checked")


#: What explain and hint make of a puzzle, and how they write it.
KINDS: dict[str, tuple[Callable[..., Explanation], Callable[[Explanation], str]]] = {
    "explain": (explain, render_path), "hint": (hint, render_hint)}


def explain_handler(kind: str, time_limit: float | None, optimal: float | None = None,
                    svg_dir: str | None = None) -> Handler:
    """explain's or hint's answer for one puzzle (``kind``: a key of :data:`KINDS`)."""
    make, text = KINDS[kind]

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        e = make(p, time_limit, optimal=optimal)
        if svg_dir is not None and e.steps:
            from satdoku.explain.pictures import write_step_pictures
            write_step_pictures(e, svg_dir)
        return _answer(e, text, time_limit)

    return handle


def _run(kind: str, puzzle: str, json_: bool, time_limit: float | None, box: str, rules: str,
         output: str | None, quiet: bool, ignore_unsupported: bool, jobs: int,
         dask: str | None, optimal: float | None, svg_dir: str | None = None,
         layout: str | None = None) -> None:
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    if svg_dir is not None:
        from satdoku.explain.pictures import picture_folder
        if len(records) > 1:
            raise SatdokuError(f"--svg-dir draws one puzzle's path, but the input holds "
                               f"{len(records)}")
        picture_folder(svg_dir)
    fmt = OutputFormat.json if json_ else OutputFormat.grid
    work = Work(explain_handler, kind=kind, time_limit=time_limit, optimal=optimal,
                svg_dir=svg_dir)
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt, out, work, quiet, jobs, dask)
    raise typer.Exit(int(code))


@app.command(name="explain", epilog=EXIT_CODES)
def explain_command(puzzle: PuzzleArg, json_: Json = False, time_limit: TimeLimit = None,
                    box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
                    layout: LayoutOpt = None,
                    output: Output = None, quiet: Quiet = False,
                    ignore_unsupported: IgnoreUnsupported = False, jobs: Jobs = 1,
                    dask: Dask = None, optimal: Optimal = None,
                    svg_dir: SvgDir = None) -> None:
    """A solving path: one line per step, then the verified solution and a grade.

    Each step derives placements or eliminations from known facts and a few constraints
    (rows, boxes, cages …); the SAT solver proves it, and no cited fact or constraint can
    go. Cheapest steps first: singles, then steps citing two, three … constraints.
    Exit code 0 unique, 3 several solutions, 1 none, 2 givens that clash, 4 time limit
    (the steps found so far are printed).
    Examples: satdoku explain examples/puzzle.txt --json  ·  satdoku explain
    examples/killer.json --svg-dir steps/  ·  satdoku explain PUZZLE --optimal 10
    """
    _run("explain", puzzle, json_, time_limit, box, rules, output, quiet, ignore_unsupported,
         jobs, dask, optimal, svg_dir, layout)


@app.command(name="hint", epilog=EXIT_CODES)
def hint_command(puzzle: PuzzleArg, json_: Json = False, time_limit: TimeLimit = None,
                 box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
                 layout: LayoutOpt = None,
                 output: Output = None, quiet: Quiet = False,
                 ignore_unsupported: IgnoreUnsupported = False, jobs: Jobs = 1,
                 dask: Dask = None, optimal: Optimal = None) -> None:
    """The next step only, with every fact and constraint it cites.

    PUZZLE may carry pencil marks (a Sukaku line, as 'satdoku candidates -f line' writes
    it): eliminated candidates are known facts. Exit codes as for explain.
    Examples: satdoku hint examples/puzzle.txt  ·  satdoku hint PUZZLE --optimal 30
    """
    _run("hint", puzzle, json_, time_limit, box, rules, output, quiet, ignore_unsupported,
         jobs, dask, optimal, layout=layout)

"""``satdoku explain | hint``: a solving path step by step, or the next step only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.batch import Answer, run_batch
from satdoku.cli.io import load, output_stream
from satdoku.cli.options import (
    DEFAULTS,
    Box,
    IgnoreUnsupported,
    Output,
    OutputFormat,
    PuzzleArg,
    Quiet,
    Rules,
    TimeLimit,
)
from satdoku.errors import ExitCode
from satdoku.explain import Explanation, explain, hint
from satdoku.explain.text import render_hint, render_path, to_json
from satdoku.puzzle import Puzzle, clash_message
from satdoku.solver import Status

Json = Annotated[bool, typer.Option("--json", help="One JSON object per puzzle (schema in "
                                                   "docs/explain.md).")]


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


def _run(puzzle: str, json_: bool, time_limit: float | None, box: str, rules: str,
         output: str | None, quiet: bool, ignore_unsupported: bool,
         make: Callable[[Puzzle], Explanation], text: Callable[[Explanation], str]) -> None:
    records, name = load(puzzle, box, rules, ignore_unsupported)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        return _answer(make(p), text, time_limit)

    fmt = OutputFormat.json if json_ else OutputFormat.grid
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt, out, handle, quiet)
    raise typer.Exit(int(code))


@app.command(name="explain", epilog=EXIT_CODES)
def explain_command(puzzle: PuzzleArg, json_: Json = False, time_limit: TimeLimit = None,
                    box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
                    output: Output = None, quiet: Quiet = False,
                    ignore_unsupported: IgnoreUnsupported = False) -> None:
    """A solving path: one line per step, then the verified solution and a grade.

    Each step derives placements or eliminations from known facts and a few constraints
    (rows, boxes, cages …); the SAT solver proves it, and no cited fact or constraint can
    go. Cheapest steps first: singles, then steps citing two, three … constraints.
    Exit code 0 unique, 3 several solutions, 1 none, 2 givens that clash, 4 time limit
    (the steps found so far are printed).
    Example: satdoku explain examples/puzzle.txt --json
    """
    _run(puzzle, json_, time_limit, box, rules, output, quiet, ignore_unsupported,
         lambda p: explain(p, time_limit), render_path)


@app.command(name="hint", epilog=EXIT_CODES)
def hint_command(puzzle: PuzzleArg, json_: Json = False, time_limit: TimeLimit = None,
                 box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
                 output: Output = None, quiet: Quiet = False,
                 ignore_unsupported: IgnoreUnsupported = False) -> None:
    """The next step only, with every fact and constraint it cites.

    PUZZLE may carry pencil marks (a Sukaku line, as 'satdoku candidates -f line' writes
    it): eliminated candidates are known facts. Exit codes as for explain.
    Example: satdoku hint examples/puzzle.txt
    """
    _run(puzzle, json_, time_limit, box, rules, output, quiet, ignore_unsupported,
         lambda p: hint(p, time_limit), render_hint)

"""``satdoku export | decode``: DIMACS CNF for any SAT solver, and its model back to a grid."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from cnf import AMO
from cnf.dimacs import stats_table
from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.batch import Answer, run_batch
from satdoku.cli.options import (
    DEFAULTS,
    AmoOpt,
    Box,
    EncodingOpt,
    Format,
    IgnoreUnsupported,
    LayoutOpt,
    Output,
    OutputFormat,
    PuzzleArg,
    Rules,
)
from satdoku.encoding import Encoding
from satdoku.errors import ExitCode, ParseError
from satdoku.formats import format_grid, format_line
from satdoku.formats.loader import one_puzzle, read_records
from satdoku.puzzle import Puzzle, clash_message
from satdoku.runtime.output import output_stream
from satdoku.solving.external import cnf_formula, decode, solve_external, write_cnf
from satdoku.solving.solver import Result, Status

Stats = Annotated[bool, typer.Option(
    "--stats", help="Print variables, clauses and literals by constraint group (on stderr "
                    "when the CNF goes to standard output).")]
ModelArg = Annotated[str, typer.Argument(
    help="The solver's output ('s SATISFIABLE' and 'v …' lines, or MiniSat's result file); "
         "'-' for standard input.", show_default=False)]


@app.command(epilog=EXIT_CODES)
def export(puzzle: PuzzleArg, output: Output = None, box: Box = DEFAULTS["box"],
           layout: LayoutOpt = None,
           rules: Rules = DEFAULTS["rules"], encoding: EncodingOpt = DEFAULTS["encoding"],
           amo: AmoOpt = DEFAULTS["amo"], stats: Stats = False,
           ignore_unsupported: IgnoreUnsupported = False) -> None:
    """Write a puzzle as DIMACS CNF for any SAT solver: the rules, then the givens as units.

    The header comments carry the board, rules, encoding and the variable map
    v(r,c,d) = (r*n + c)*n + d + 1 (from 0). Example: satdoku export p.txt -o p.cnf
    """
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    p = one_puzzle(records, name, "export")
    formula = cnf_formula(p, encoding, amo)  # fails before any file is touched
    with output_stream(output, keep_partial=False, reading=name) as out:
        write_cnf(p, out, encoding, amo)
    if stats:
        typer.echo("\n".join(stats_table(formula)), err=output in (None, "-"))


def answer_of(puzzle: Puzzle, result: Result, fmt: OutputFormat) -> Answer:
    """How a decoded (or externally solved) result is shown and what it exits with."""
    status = result.status
    if status is Status.SOLVED:
        grid = result.solutions[0]
        text = (format_grid(puzzle.board, grid) if fmt is OutputFormat.grid
                else format_line(puzzle.board, grid))
        return Answer(ExitCode.OK, status.value, text,
                      {"solutions": [format_line(puzzle.board, grid)]})
    if status is Status.INVALID:
        return Answer(ExitCode.BAD_INPUT, status.value,
                      message=clash_message(puzzle.board, result.clashes))
    if status is Status.NO_SOLUTION:
        return Answer(ExitCode.NO_SOLUTION, status.value, message="no solution")
    return Answer(ExitCode.TIME_LIMIT, status.value, message="the solver gave no answer "
                  "(time limit or unknown)")


@app.command("decode", epilog=EXIT_CODES)
def decode_command(puzzle: PuzzleArg, model: ModelArg, box: Box = DEFAULTS["box"],
                   layout: LayoutOpt = None,
                   rules: Rules = DEFAULTS["rules"], fmt: Format = None,
                   output: Output = None, ignore_unsupported: IgnoreUnsupported = False) -> None:
    """Read an external solver's answer for a puzzle exported by 'satdoku export'.

    The model's cell literals become a grid that satdoku's own checkers verify.
    Example: minisat p.cnf out.txt; satdoku decode p.txt out.txt
    """
    if puzzle == "-" == model:
        raise ParseError("the puzzle and the model cannot both come from standard input")
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    one_puzzle(records, name, "decode", warn=False)
    text = _read_model(model, puzzle)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        return answer_of(p, decode(p, text), fmt)

    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt or OutputFormat.grid, out, handle, quiet=True)
    raise typer.Exit(int(code))


def _read_model(model: str, puzzle: str) -> str:
    from satdoku.formats.limits import read_limited  # (size limit, byte-order mark)

    if model == "-":
        if sys.stdin is None:
            raise ParseError("standard input is closed, and '-' reads the model from it")
        return read_limited(getattr(sys.stdin, "buffer", sys.stdin), "the model", "replace")
    try:
        with Path(model).open("rb") as stream:
            return read_limited(stream, f"the model {model}", "replace")
    except OSError as err:
        raise ParseError(f"cannot read the model {model}: {err.strerror}") from None


def external_answer(puzzle: Puzzle, command: str, encoding: Encoding, amo: AMO,
                    time_limit: float | None, fmt: OutputFormat, many: bool) -> Answer:
    """``solve --external``: one solution from a DIMACS solver binary, verified."""
    if many:
        raise ParseError("--external finds one solution; --all and --limit need a PySAT "
                         "back-end")
    return answer_of(puzzle, solve_external(puzzle, command, encoding, amo, time_limit), fmt)

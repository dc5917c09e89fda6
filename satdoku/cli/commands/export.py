"""``satdoku export | decode``: DIMACS CNF for any SAT solver, and its model back to a grid."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from cnf.dimacs import stats_table
from satdoku.batch import run_batch
from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.groups import grouped
from satdoku.cli.options import (
    DEFAULT_AMO,
    DEFAULT_ENCODING,
    AmoOpt,
    EncodingOpt,
    Format,
    Output,
    OutputFormat,
    Source,
)
from satdoku.errors import ParseError
from satdoku.formats.loader import one_puzzle
from satdoku.runtime.output import output_stream
from satdoku.solving.answers import decode_answers
from satdoku.solving.external import cnf_formula, write_cnf

Stats = Annotated[bool, typer.Option(
    "--stats", help="Print variables, clauses and literals by constraint group (on stderr "
                    "when the CNF goes to standard output).")]
ModelArg = Annotated[str, typer.Argument(
    help="The solver's output ('s SATISFIABLE' and 'v …' lines, or MiniSat's result file); "
         "'-' for standard input.", show_default=False)]


@app.command(epilog=EXIT_CODES)
@grouped
def export(source: Source, *, output: Output = None,
           encoding: EncodingOpt = DEFAULT_ENCODING, amo: AmoOpt = DEFAULT_AMO,
           stats: Stats = False) -> None:
    """Write a puzzle as DIMACS CNF for any SAT solver: the rules, then the givens as units.

    The header comments carry the board, rules, encoding and the variable map
    v(r,c,d) = (r*n + c)*n + d + 1 (from 0). Example: satdoku export p.txt -o p.cnf
    """
    records, name = source.read()
    p = one_puzzle(records, name, "export")
    formula = cnf_formula(p, encoding, amo)  # fails before any file is touched
    with output_stream(output, keep_partial=False) as out:
        write_cnf(p, out, encoding, amo)
    if stats:
        typer.echo("\n".join(stats_table(formula)), err=output in (None, "-"))


@app.command("decode", epilog=EXIT_CODES)
@grouped
def decode_command(source: Source, model: ModelArg, *, fmt: Format = None,
                   output: Output = None) -> None:
    """Read an external solver's answer for a puzzle exported by 'satdoku export'.

    The model's cell literals become a grid that satdoku's own checkers verify.
    Example: minisat p.cnf out.txt; satdoku decode p.txt out.txt
    """
    if source.puzzle == "-" == model:
        raise ParseError("the puzzle and the model cannot both come from standard input")
    records, name = source.read()
    one_puzzle(records, name, "decode", warn=False)
    text = _read_model(model)
    with output_stream(output) as out:
        code = run_batch(records, name, fmt or OutputFormat.grid, out, decode_answers(text),
                         quiet=True)
    raise typer.Exit(int(code))


def _read_model(model: str) -> str:
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


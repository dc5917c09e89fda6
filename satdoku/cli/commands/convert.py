"""``satdoku convert``: a puzzle in another format — f-puzzles and SudokuPad links among them
(answers: :mod:`satdoku.formats.convert`)."""

from __future__ import annotations

from typing import Annotated

import typer

from satdoku.batch import run_batch
from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.groups import grouped
from satdoku.cli.options import Output, OutputFormat, Quiet, Source
from satdoku.formats.convert import Target, convert_answers, loss_note
from satdoku.formats.givens_only import Loss
from satdoku.runtime.output import output_stream

To = Annotated[Target, typer.Option(
    "--to", "-t", case_sensitive=False,
    help="fpuzzles: an f-puzzles link (f-puzzles.com/?load=…); sudokupad: a SudokuPad link "
         "(sudokupad.app/fpuzzles…); fpuzzles-json: f-puzzles' JSON (one object per line "
         "for many puzzles, which satdoku reads back); sudokupad-scl: a link in SudokuPad's "
         "own format (sudokupad.app/scl…); ipuz: an ipuz Sudoku file (one per line for "
         "many); json: satdoku's JSON (one key per line; one object per line for many "
         "puzzles); line; grid (the givens only: see --givens-only).")]
GivensOnly = Annotated[bool, typer.Option(
    "--givens-only", help="--to line / grid: write the givens even of a puzzle with "
                          "constraints those formats cannot carry (cages, lines, dots, jigsaw "
                          "regions …: lost, and named in a warning). Default: such a puzzle "
                          "is refused (exit code 2). Global rules and other boxes are never "
                          "refused: a warning says which --rules / --box read it back.")]


@app.command(epilog=EXIT_CODES)
@grouped
def convert(source: Source, *, to: To = Target.fpuzzles, output: Output = None,
            quiet: Quiet = False, givens_only: GivensOnly = False) -> None:
    """Write puzzles in another format: f-puzzles and SudokuPad links, ipuz, JSON, line, grid.

    Reads everything the other commands read (f-puzzles and SudokuPad links and JSON
    included); one result per puzzle, in order, with its title, author and the setter's
    solution where the format has a place for them. A rule the target format cannot express
    is named (exit code 2), never dropped: line and grid hold the givens only, so a puzzle
    with cages, lines, dots or jigsaw regions is refused unless --givens-only, and a warning
    names the --box / --rules that read a line back.
    Examples: satdoku convert examples/killer.json  ·  satdoku convert LINK --to json  ·
    satdoku convert examples/x-sudoku.json --to line
    """
    records, name = source.read()
    many = len(records) > 1
    meta_of = {id(r.puzzle): dict(r.meta) for r in records if r.meta} if isinstance(
        records, list) else {}
    losses: list[Loss] = []
    handler = convert_answers(to, meta_of, many, givens_only, losses)
    with output_stream(output, keep_partial=many) as out:
        code = run_batch(records, name, OutputFormat.line, out, handler, quiet)
    if losses:
        typer.echo(loss_note(losses, len(records), to), err=True)
    raise typer.Exit(int(code))

"""``satdoku render``: a picture (SVG, or PNG with the png extra) of one puzzle."""

from __future__ import annotations

from typing import Annotated

import typer

from satdoku.analyse import true_candidates
from satdoku.cli.app import EXIT_CODES, app, fail
from satdoku.cli.options import (
    DEFAULTS,
    Backend,
    Box,
    IgnoreUnsupported,
    LayoutOpt,
    PuzzleArg,
    Rules,
)
from satdoku.cli.solvers import Solvers
from satdoku.errors import BoardError, ExitCode
from satdoku.formats.loader import one_puzzle, read_records
from satdoku.puzzle import Puzzle, clash_message
from satdoku.render import write_picture
from satdoku.solving.solver import Status

PictureOut = Annotated[str, typer.Option(
    "--output", "-o", help="Picture file: .svg, or .png (needs the png extra); "
                           "'-' writes SVG to standard output.")]
Solve = Annotated[bool, typer.Option(
    "--solve", help="Draw a solution: givens in black, solved digits in blue.")]
Candidates = Annotated[bool, typer.Option(
    "--candidates", help="Pencil marks: the true candidates of every blank cell "
                         "(the digits some solution puts there).")]
Highlight = Annotated[str, typer.Option(
    "--highlight", help="Cells to highlight, comma-separated, e.g. r5c3,r6c7.")]
Title = Annotated[str, typer.Option("--title", help="A title above the grid.")]
Cell = Annotated[float, typer.Option("--cell", min=4, max=400, help="Cell size in pixels.")]


@app.command(epilog=EXIT_CODES)
def render(puzzle: PuzzleArg, output: PictureOut = "-", solve: Solve = False,
           candidates: Candidates = False, highlight: Highlight = "", title: Title = "",
           cell: Cell = 40.0, box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
           layout: LayoutOpt = None,
           backend: Backend = DEFAULTS["backend"],
           ignore_unsupported: IgnoreUnsupported = False) -> None:
    """Draw one puzzle: givens, a solution, true candidates, highlights, variant markings.

    Examples: satdoku render puzzle.txt -o puzzle.svg  ·  satdoku render p.txt --solve -o s.png
    """
    if solve and candidates:
        raise fail("--solve fills every cell, leaving no room for --candidates: choose one")
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    p = one_puzzle(records, name, "render")
    cells = _cells(p, highlight)
    solution, marks = None, None
    if solve or candidates:
        solver = Solvers(backend=backend)(p)
        result = solver.check(p)
        if result.status is Status.INVALID:
            raise fail(clash_message(p.board, result.clashes))
        if not result.solutions:
            raise fail("no solution: nothing to draw for --solve or --candidates",
                       ExitCode.NO_SOLUTION)
        if solve and result.status is Status.MULTIPLE:
            typer.echo("satdoku: note: the puzzle has several solutions; drawing one "
                       "('satdoku check' shows where they differ)", err=True)
        solution = result.solutions[0] if solve else None
        marks = true_candidates(solver, p, result.solutions) if candidates else None
    elif clashes := p.clashes():
        typer.echo(f"satdoku: note: drawing a puzzle whose {clash_message(p.board, clashes)}",
                   err=True)
    write_picture(output, p, solution, marks, cells, title, cell)


def _cells(puzzle: Puzzle, names: str) -> list[int]:
    try:
        return [puzzle.board.parse_cell(name) for name in names.split(",") if name.strip()]
    except BoardError as err:
        raise fail(f"--highlight: {err}") from None

"""``satdoku render``: a picture (SVG, or PNG with the png extra) of one puzzle."""

from __future__ import annotations

from typing import Annotated

import typer

from satdoku.cli.app import EXIT_CODES, app, fail
from satdoku.cli.groups import grouped
from satdoku.cli.options import DEFAULT_BACKEND, Backend, Source, number_between
from satdoku.errors import BoardError
from satdoku.formats.loader import one_puzzle
from satdoku.render import write_picture
from satdoku.render.target import what_to_draw

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
Cell = Annotated[float, typer.Option(
    "--cell", callback=number_between(4, 400, "a cell size in pixels"),
    help="Cell size in pixels, from 4 to 400.")]


@app.command(epilog=EXIT_CODES)
@grouped
def render(source: Source, *, output: PictureOut = "-", solve: Solve = False,
           candidates: Candidates = False, highlight: Highlight = "", title: Title = "",
           cell: Cell = 40.0, backend: Backend = DEFAULT_BACKEND) -> None:
    """Draw one puzzle: givens, a solution, true candidates, highlights, variant markings.

    Examples: satdoku render puzzle.txt -o puzzle.svg  ·  satdoku render p.txt --solve -o s.png
    """
    if solve and candidates:
        raise fail("--solve fills every cell, leaving no room for --candidates: choose one")
    records, name = source.read()
    p = one_puzzle(records, name, "render")
    try:
        cells = [p.board.parse_cell(name) for name in highlight.split(",") if name.strip()]
    except BoardError as err:
        raise fail(f"--highlight: {err}") from None
    solution, marks, note = what_to_draw(p, solve, candidates, backend)
    if note:
        typer.echo(f"satdoku: note: {note}", err=True)
    write_picture(output, p, solution, marks, cells, title, cell)

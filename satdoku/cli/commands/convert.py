"""``satdoku convert``: a puzzle in another format — f-puzzles and SudokuPad links among them."""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated

import typer

from satdoku.analyse.text import pencilmark_line
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
)
from satdoku.errors import ExitCode, RuleError
from satdoku.formats import format_grid, format_json, format_line, puzzle_to_json
from satdoku.formats.fpuzzles_links import dump
from satdoku.formats.fpuzzles_write import fpuzzles_link, to_fpuzzles
from satdoku.puzzle import Puzzle


class Target(str, Enum):
    fpuzzles = "fpuzzles"
    sudokupad = "sudokupad"
    fpuzzles_json = "fpuzzles-json"
    json = "json"
    line = "line"
    grid = "grid"


To = Annotated[Target, typer.Option(
    "--to", "-t", case_sensitive=False,
    help="fpuzzles: an f-puzzles link (f-puzzles.com/?load=…); sudokupad: a SudokuPad link "
         "(sudokupad.app/fpuzzles…); fpuzzles-json: f-puzzles' JSON; json: satdoku's JSON "
         "(one key per line; one object per line for many puzzles); line; grid.")]


def convert_one(puzzle: Puzzle, to: Target, meta: dict[str, str], many: bool) -> str:
    """``puzzle`` in the ``to`` format (RuleError when that format cannot hold it)."""
    board = puzzle.board
    if to in (Target.fpuzzles, Target.sudokupad):
        return fpuzzles_link(puzzle, to.value, meta)
    if to is Target.fpuzzles_json:
        return dump(to_fpuzzles(puzzle, meta))
    if to is Target.line and puzzle.eliminated:
        out = {i: [d for d in range(1, board.n + 1) if (i, d) not in puzzle.eliminated]
               for i in board.cells}
        return pencilmark_line(board, puzzle.givens, out)
    if puzzle.eliminated:
        raise RuleError(f"{to.value} has no place for the {len(puzzle.eliminated)} candidates "
                        "that given pencil marks rule out: use --to line (a pencilmark line) "
                        "or an f-puzzles format")
    if to is Target.line:
        return format_line(board, puzzle.givens)
    if to is Target.grid:
        return format_grid(board, puzzle.givens)
    if many:
        return json.dumps({**meta, **puzzle_to_json(puzzle)}, ensure_ascii=False)
    return format_json(puzzle, meta)


@app.command(epilog=EXIT_CODES)
def convert(puzzle: PuzzleArg, to: To = Target.fpuzzles, box: Box = DEFAULTS["box"],
            rules: Rules = DEFAULTS["rules"], output: Output = None, quiet: Quiet = False,
            ignore_unsupported: IgnoreUnsupported = False) -> None:
    """Write puzzles in another format: f-puzzles and SudokuPad links, JSON, line, grid.

    Reads everything the other commands read (f-puzzles and SudokuPad links and JSON
    included); one result per puzzle, in order. A rule the target format cannot express is
    named (exit code 2), never dropped.
    Examples: satdoku convert examples/killer.json  ·  satdoku convert LINK --to json
    """
    records, name = load(puzzle, box, rules, ignore_unsupported)
    many = len(records) > 1
    meta_of = {id(r.puzzle): dict(r.meta) for r in records if r.meta} if isinstance(
        records, list) else {}

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        text = convert_one(p, to, meta_of.get(id(p), {}), many)
        return Answer(ExitCode.OK, "converted", text)

    with output_stream(output, keep_partial=many, reading=name) as out:
        code = run_batch(records, name, OutputFormat.line, out, handle, quiet)
    raise typer.Exit(int(code))

"""``--svg FILE``: any command that has a result for one puzzle can also draw it."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sized
from typing import Annotated

import typer

from satdoku.errors import SatdokuError
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid

Picture = Annotated[str | None, typer.Option(
    "--svg", help="Also draw the result into this picture file (.svg, or .png with the png "
                  "extra): givens black, solved digits blue, pencil marks for candidates, "
                  "differing or clashing cells highlighted. One puzzle only.")]


def picture_target(picture: str | None, records: Sized) -> str | None:
    """``--svg``'s file, after checking it can be drawn (one puzzle, not standard output)."""
    if picture is not None and not picture.strip():
        raise SatdokuError("--svg needs a file name")
    if picture and len(records) > 1:
        raise SatdokuError(f"--svg draws one puzzle, but the input holds {len(records)}")
    if picture == "-":
        raise SatdokuError("--svg -: standard output carries the results; give a file name")
    return picture


def draw(picture: str | None, puzzle: Puzzle, solution: Grid | None = None,
         candidates: Mapping[int, Collection[int]] | None = None,
         highlight: Collection[int] = (),
         colours: Mapping[tuple[int, int], str] | None = None) -> None:
    """Write the picture when ``--svg`` was given (nothing otherwise)."""
    if picture:
        from satdoku.render import write_picture  # only commands that draw pay for it
        write_picture(picture, puzzle, solution, candidates, highlight, colours=colours)

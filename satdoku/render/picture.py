"""A picture of a puzzle written to a file (SVG or PNG by its suffix) or to standard output."""

from __future__ import annotations

import sys
from collections.abc import Collection, Mapping
from pathlib import Path

from satdoku.errors import SatdokuError
from satdoku.puzzle import Puzzle
from satdoku.render.png import svg_to_png
from satdoku.render.svg import render_svg
from satdoku.rules import Grid
from satdoku.runtime.atomic import atomic_file

#: File suffix → how to turn SVG text into the file's bytes.
FORMATS = {".svg": lambda svg: svg.encode("utf-8"), ".png": svg_to_png}


def write_picture(path: str, puzzle: Puzzle, solution: Grid | None = None,
                  candidates: Mapping[int, Collection[int]] | None = None,
                  highlight: Collection[int] = (), title: str = "", cell: float = 40.0,
                  colours: Mapping[tuple[int, int], str] | None = None) -> None:
    """Draw ``puzzle`` (see :func:`render_svg`) into ``path``: SVG or PNG by its suffix,
    SVG on standard output for ``-``. Files are written atomically (temp file + rename).
    """
    convert = None if path == "-" else FORMATS.get(Path(path).suffix.lower())
    if path != "-" and convert is None:
        raise SatdokuError(f"cannot tell the picture format of {path}: name it .svg or .png "
                           "(or use - for SVG on standard output)")
    svg = render_svg(puzzle, solution, candidates, highlight, title, cell, colours)
    if convert is None:
        sys.stdout.write(svg)
        sys.stdout.flush()
    else:
        with atomic_file(path, binary=True) as out:
            out.write(convert(svg))


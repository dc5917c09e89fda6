"""Pictures of puzzles: SVG always, PNG when the ``png`` extra (CairoSVG) is installed.

Each rule draws its own markings as data (:meth:`Rule.markings`); :mod:`.markings` turns
each kind into SVG, :mod:`.svg` lays out the grid and digits, :mod:`.png` converts.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.render import render_svg
>>> render_svg(parse_puzzle("1.3. ..1. .... ...4")).startswith("<?xml")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from satdoku.lazy import module_face

if TYPE_CHECKING:
    from satdoku.render.picture import write_picture
    from satdoku.render.png import MissingExtraError, svg_to_png
    from satdoku.render.svg import render_svg

# imported on first use: a command that may draw (--svg) pays for the renderer only when it does
__getattr__, __dir__ = module_face(__name__, {
    "MissingExtraError": "satdoku.render.png:MissingExtraError",
    "render_svg": "satdoku.render.svg:render_svg",
    "svg_to_png": "satdoku.render.png:svg_to_png",
    "write_picture": "satdoku.render.picture:write_picture",
})

__all__ = ["MissingExtraError", "render_svg", "svg_to_png", "write_picture"]

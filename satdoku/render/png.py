"""PNG through CairoSVG, an optional extra (``pip install 'satdoku[png]'``)."""

from __future__ import annotations

from satdoku.errors import SatdokuError


class MissingExtraError(SatdokuError):
    """An optional dependency is not installed (exit code 2, with the command to fix it)."""


def svg_to_png(svg: str) -> bytes:
    """The PNG image of an SVG text, one pixel per user unit.

    Raises :class:`MissingExtraError` when CairoSVG (or the cairo library it needs) is absent.
    """
    try:
        import cairosvg
    except (ImportError, OSError) as err:  # OSError: cairocffi found no libcairo
        raise MissingExtraError(
            "PNG output needs the png extra: pip install 'satdoku[png]' (CairoSVG and the "
            f"cairo library, e.g. apt install libcairo2) — {err}; write a .svg file instead"
        ) from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))

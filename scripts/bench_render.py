#!/usr/bin/env python3
"""Time to draw a picture: SVG text, then PNG through CairoSVG, for several board sizes.

Each board is a complete grid (shifted-rows pattern) with 40 % of its cells as givens,
drawn once with the solution and once with *every* digit as a pencil mark in every blank
cell (the worst case for pencil marks). The PNG column is skipped without the png extra.

    python scripts/bench_render.py --sizes 9 16 25 36
"""

from __future__ import annotations

import argparse
import time

from satdoku.board import Board
from satdoku.puzzle import Puzzle
from satdoku.render import MissingExtraError, render_svg, svg_to_png


def pattern_grid(board: Board) -> tuple[int, ...]:
    n = board.n
    rows, cols = board.box or (1, n)
    return tuple((cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n))


def timed(action, *args, **kwargs):
    """(result, seconds) of ``action(*args, **kwargs)``."""
    start = time.perf_counter()
    result = action(*args, **kwargs)
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 25, 36])
    parser.add_argument("--no-png", action="store_true", help="SVG only")
    args = parser.parse_args()
    print("| board | drawn | SVG | SVG size | PNG |\n|---|---|---|---|---|")
    for n in args.sizes:
        board = Board.classic(n)
        grid = pattern_grid(board)
        puzzle = Puzzle(board, tuple(d if k * 7 % 10 < 4 else 0 for k, d in enumerate(grid)))
        pencil = {i: tuple(range(1, n + 1)) for i, d in enumerate(puzzle.givens) if not d}
        for label, extra in (("solution", {"solution": grid}),
                             ("every pencil mark", {"candidates": pencil})):
            svg, svg_time = timed(render_svg, puzzle, **extra)
            png = "-"
            if not args.no_png:
                try:
                    png = f"{timed(svg_to_png, svg)[1] * 1000:,.0f} ms"
                except MissingExtraError:
                    png = "no png extra"
            print(f"| {n}x{n} | {label} | {svg_time * 1000:,.0f} ms | "
                  f"{len(svg) / 1024:,.0f} KiB | {png} |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Big sums: the decision diagram (arc consistent, ~k²n²/2 transitions) against the compact
encoding (order literals + one cardinality constraint), to see where the switch pays.

Puzzles come from random full grids (satdoku.generating.fill.random_grid), with a fraction of the
grid's digits as givens:

- ``killer k``: the grid cut into cages of 2..k cells (every cell caged); cages with more
  than satdoku.rules.cages.MAX_SETS digit sets are weighted sums (the others use digit sets
  whatever the method, so they do not count in the comparison);
- ``diagonals``: two little killers, along the main diagonal and the anti-diagonal (two sums
  of n cells, digits may repeat);
- ``long little killers``: a clue on every diagonal of at least n/2 cells going down-right
  from the top edge.

Each puzzle is solved once per method, with a fresh solver (the CNF built and loaded: the
"build" time) and one call for a first solution (the "solve" time), under a time limit.
Methods: ``diagram`` and ``compact:<encoding>`` for each PySAT cardinality encoding named.
Ratios are against the diagram, in the same run.

    python scripts/bench_big_sums.py --sizes 9,16,25 --puzzles 3 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from bench_cages import random_cages

from satdoku import Board, Puzzle, SudokuSolver
from satdoku.encoding import build, estimate
from satdoku.generating.fill import random_grid
from satdoku.rules import KillerCages, Rule, sums, sums_compact
from satdoku.rules.outside import Clue, LittleKillers
from satdoku.rules.outside_lines import ray
from satdoku.solving.solver import Status

Grid = tuple[int, ...]


def killer(k: int) -> Callable[[Board, Grid, random.Random], Rule]:
    def make(board: Board, grid: Grid, rng: random.Random) -> Rule:
        return KillerCages(random_cages(board, grid, rng, k))
    return make


def little_killers(board: Board, grid: Grid, places: list[tuple[int, int, str]]) -> Rule:
    """Little killers at (row, col) outside the grid, pointing ``direction``, read off ``grid``."""
    return LittleKillers(tuple(Clue(row, col, sum(grid[i] for i in ray(board, row, col, way)),
                                    way) for row, col, way in places))


def diagonals(board: Board, grid: Grid, rng: random.Random) -> Rule:
    return little_killers(board, grid, [(-1, -1, "DR"), (-1, board.n, "DL")])


def long_little_killers(board: Board, grid: Grid, rng: random.Random) -> Rule:
    return little_killers(board, grid, [(-1, c, "DR") for c in range(-1, board.n // 2)])


@contextmanager
def method(name: str) -> Iterator[None]:
    """Force the diagram or the compact encoding (with a cardinality encoding) for sums."""
    saved = sums.COMPACT_ABOVE, sums_compact.CARD_ENCODING
    if name == "diagram":
        sums.COMPACT_ABOVE = 10 ** 18
    else:
        sums.COMPACT_ABOVE, sums_compact.CARD_ENCODING = 0, name.split(":")[1]
    build.cache_clear()
    estimate.cache_clear()
    try:
        yield
    finally:
        sums.COMPACT_ABOVE, sums_compact.CARD_ENCODING = saved
        build.cache_clear()
        estimate.cache_clear()


def run(puzzle: Puzzle, time_limit: float) -> dict[str, float]:
    start = time.perf_counter()
    solver = SudokuSolver(puzzle.board, puzzle.rules).prepare()
    built = time.perf_counter()
    result = solver.solve(puzzle, time_limit)
    done = time.perf_counter()
    rule = solver.formula.group_stats().get(puzzle.rules[0].name, {})
    return {"build s": built - start, "solve s": done - built, "total s": done - start,
            "rule clauses": rule.get("clauses", 0),
            "conflicts": solver.stats().get("conflicts", 0),
            "timeouts": result.status is Status.UNKNOWN}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="9,16,25", help="board sizes, comma-separated")
    parser.add_argument("--puzzles", type=int, default=3, help="puzzles per size and family")
    parser.add_argument("--givens", type=float, default=0.4, help="fraction of cells given")
    parser.add_argument("--cage", type=int, default=0, help="largest cage (default: n/2)")
    parser.add_argument("--encodings", default="kmtotalizer,seqcounter",
                        help="cardinality encodings of the compact method to compare")
    parser.add_argument("--families", default="diagonals,long,killer",
                        help="which families (diagonals, long, killer)")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    methods = ["diagram"] + [f"compact:{e}" for e in args.encodings.split(",")]
    print(f"seed {args.seed}, {args.puzzles} puzzles per row, givens {args.givens:.0%}, "
          f"first solution, time limit {args.time_limit:g} s; means; ratio = total / diagram")
    print("| board | family | method | build s | solve s | total s | rule clauses | "
          "conflicts | timeouts | ratio |")
    print("|---" * 10 + "|")
    for n in map(int, args.sizes.split(",")):
        board, rng = Board.classic(n), random.Random(args.seed)
        grids = [random_grid(board, seed=rng.random()) for _ in range(args.puzzles)]
        families = {"diagonals": diagonals, "long little killers": long_little_killers,
                    f"killer {args.cage or n // 2}": killer(args.cage or n // 2)}
        chosen = args.families.split(",")
        for family, make in families.items():
            if family.split()[0] not in chosen:
                continue
            puzzles = []
            for grid in grids:
                rule = make(board, grid, rng)
                givens = tuple(d if rng.random() < args.givens else 0 for d in grid)
                puzzles.append(Puzzle(board, givens, (rule,)))
            base = None
            for name in methods:
                with method(name):
                    rows = [run(p, args.time_limit) for p in puzzles]
                mean = {key: statistics.mean(r[key] for r in rows) for key in rows[0]}
                base = base or mean["total s"]
                print(f"| {n}x{n} | {family} | {name} | {mean['build s']:.2f} | "
                      f"{mean['solve s']:.2f} | {mean['total s']:.2f} | "
                      f"{mean['rule clauses']:,.0f} | {mean['conflicts']:,.0f} | "
                      f"{sum(r['timeouts'] for r in rows)} | {mean['total s'] / base:.2f} |",
                      flush=True)


if __name__ == "__main__":
    main()

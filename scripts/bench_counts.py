#!/usr/bin/env python3
"""Per-candidate solution counts: satdoku's tally (analyse.counts) against the naive way (run by
hand).

The naive way counts each candidate on its own: the puzzle with that digit placed, counted
up to the cap (``SudokuSolver.count(limit=cap)``), one enumeration per candidate — on the
same warm solver, so the ratio is the algorithm's. Both answers are compared; they must be
equal. Puzzles: top1465 puzzles with two rows of givens removed (rows 1 and 5), the setter's
"half-built" 9x9 with many solutions.

    python scripts/bench_counts.py --puzzles 8 --caps 1 8
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace
from pathlib import Path

from satdoku.analyse.counts import candidate_counts
from satdoku.formats import parse_puzzle
from satdoku.puzzle import Puzzle
from satdoku.solving import SudokuSolver

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "top1465-100.txt"


def two_rows_removed(line: str, rows: tuple[int, ...] = (0, 4)) -> Puzzle:
    cells = list(line)
    for r in rows:
        cells[r * 9:r * 9 + 9] = "." * 9
    return parse_puzzle("".join(cells))


def naive(solver: SudokuSolver, puzzle: Puzzle, cap: int) -> dict[int, tuple[int, ...]]:
    """Each candidate counted on its own, up to ``cap``."""
    n, out = puzzle.board.n, {}
    for i, given in enumerate(puzzle.givens):
        if given:
            continue
        row = []
        for d in range(1, n + 1):
            givens = list(puzzle.givens)
            givens[i] = d
            row.append(solver.count(replace(puzzle, givens=tuple(givens)), limit=cap).count)
        out[i] = tuple(row)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=8)
    parser.add_argument("--caps", type=int, nargs="+", default=[1, 8])
    args = parser.parse_args()
    lines = [ln.strip() for ln in DATA.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")][:args.puzzles]
    puzzles = [two_rows_removed(line) for line in lines]
    solver = SudokuSolver(puzzles[0].board).prepare()
    print(f"{len(puzzles)} top1465 puzzles, rows 1 and 5 removed; one warm solver")
    for cap in args.caps:
        fast, slow = [], []
        for puzzle in puzzles:
            start = time.perf_counter()
            found = candidate_counts(solver, puzzle, cap)
            middle = time.perf_counter()
            expected = naive(solver, puzzle, cap)
            slow.append(time.perf_counter() - middle)
            fast.append(middle - start)
            assert found.counts == expected, "the two ways disagree"
        ratio = statistics.median(s / f for s, f in zip(slow, fast, strict=True))
        print(f"cap {cap:>4}: tally median {1000 * statistics.median(fast):7.1f} ms "
              f"(max {1000 * max(fast):7.1f}) · naive median "
              f"{1000 * statistics.median(slow):7.1f} ms (max {1000 * max(slow):7.1f}) · "
              f"naive / tally {ratio:.1f}x")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How fast ApproxMC's estimates converge on half-built 9x9 puzzles, and where they are
hopeless (run by hand).

A half-built puzzle keeps K cells of a solution of a 17-clue puzzle (K = 40, 30, 25, 22, 20,
chosen at random with a seed). For each, the exact count where enumeration finishes in the
time given (else "more than"), then ApproxMC runs with epsilon 0.8, 0.5, 0.3 (delta 0.05),
each in a forked child stopped after SECONDS: the estimate, its 95 % bound and its time.

    python scripts/bench_estimate.py --seconds 60
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from satdoku.analyse.estimate import approximate_count
from satdoku.formats import parse_puzzle
from satdoku.puzzle import Puzzle
from satdoku.runtime.forked import run_streamed
from satdoku.solving import count, solve

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "17clue-300.txt"


def half_built(keep: int, seed: int) -> Puzzle:
    line = next(ln.strip() for ln in DATA.read_text().splitlines()
                if ln.strip() and not ln.startswith("#"))
    puzzle = parse_puzzle(line)
    solution = solve(puzzle).solutions[0]
    cells = set(random.Random(seed).sample(range(81), keep))
    return Puzzle(puzzle.board, tuple(d if i in cells else 0 for i, d in enumerate(solution)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=int, nargs="+", default=[40, 30, 25, 22, 20])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for keep in args.keep:
        puzzle = half_built(keep, args.seed)
        start = time.perf_counter()
        exact = count(puzzle, limit=1_000_000, time_limit=args.seconds)
        what = (f"{exact.count:,}" if exact.complete else f"more than {exact.count:,}")
        print(f"{keep} cells kept: exact count {what} "
              f"({time.perf_counter() - start:.1f} s by enumeration)")
        for epsilon in (0.8, 0.5, 0.3):
            start = time.perf_counter()
            found, _ = run_streamed(
                lambda report, p=puzzle, e=epsilon: report(approximate_count(p, e)),
                args.seconds)
            seconds = time.perf_counter() - start
            if not found:
                print(f"  epsilon {epsilon}: no estimate within {args.seconds:g} s")
                break
            e = found[0]
            bound = "exact" if e.exact else f"95 %: {e.lower:,.0f} to {e.upper:,.0f}"
            print(f"  epsilon {epsilon}: {e.value:,} ({bound}) in {seconds:.1f} s")
            if e.exact:
                break


if __name__ == "__main__":
    main()

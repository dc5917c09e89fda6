#!/usr/bin/env python3
"""Solving paths, hints and grades on samples of puzzle datasets (run by hand).

For each dataset, a random sample of puzzles is explained in full (``satdoku explain``):
the time per path and its number of steps, the grades, and the time of a hint — asked at
the start and at three points along the path (25, 50, 75 % of its steps), each time from a
pencil-marked puzzle holding what the path knew there (``satdoku hint`` on a Sukaku line).
Beside them, as a baseline from the same run, the time of a plain uniqueness check. Times
are CPU seconds of this process (the solvers run in it), which a machine shared with other
jobs leaves unchanged; the wall-clock median of the paths is shown too.
``--min-level K`` keeps only puzzles that failed-literal probing rates at level K or more
(the hardest ones: they need trial and error).

    python scripts/bench_explain.py --sample 20 --seed 1 tests/data/17clue-300.txt \\
        tests/data/top1465-100.txt
    python scripts/bench_explain.py --sample 6 --min-level 2 ../shared/data/top1465.txt
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from pathlib import Path

from satdoku.analyse.difficulty import rate
from satdoku.explain import explain, hint
from satdoku.explain.path import EXTREME, GRADES, Explanation
from satdoku.explain.steps import cell_digit
from satdoku.formats import parse_puzzle
from satdoku.puzzle import Puzzle
from satdoku.solver import solver_for

LABELS = [name for name, _ in GRADES] + [EXTREME]


def sample(path: Path, size: int, seed: int, min_level: int) -> list[str]:
    lines = [ln.strip() for ln in path.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    if min_level:
        lines = [ln for ln in lines if (rate(parse_puzzle(ln)).level or 99) >= min_level]
    return random.Random(seed).sample(lines, min(size, len(lines)))


def state_after(e: Explanation, k: int) -> Puzzle:
    """The puzzle with pencil marks that holds what the path knew after ``k`` steps."""
    board = e.puzzle.board
    known = set(e.start)
    for step in e.steps[:k]:
        known.update(step.derived)
        known.update(step.consequences)
    givens = [0] * (board.n * board.n)
    eliminated = set()
    for x in known:
        cell, digit = cell_digit(board, x)
        if x > 0:
            givens[cell] = digit
        else:
            eliminated.add((cell, digit))
    eliminated = {(i, d) for i, d in eliminated if not givens[i]}
    return Puzzle(board, tuple(givens), e.puzzle.rules, frozenset(eliminated))


def bench(lines: list[str]) -> dict:
    puzzles = [parse_puzzle(ln) for ln in lines]
    solver = solver_for(puzzles[0].board)
    explain(puzzles[0], max_steps=1)  # warm-up: encodings, groups
    out: dict = {"check": [], "path": [], "wall": [], "steps": [], "grades": [], "hint": []}
    for p in puzzles:
        start = time.process_time()
        solver.check(p)
        out["check"].append(time.process_time() - start)
        start, wall = time.process_time(), time.perf_counter()
        e = explain(p)
        out["path"].append(time.process_time() - start)
        out["wall"].append(time.perf_counter() - wall)
        assert e.complete and e.solution is not None  # verified by explain
        out["steps"].append(len(e.steps))
        out["grades"].append(e.grade)
        for k in (0, len(e.steps) // 4, len(e.steps) // 2, 3 * len(e.steps) // 4):
            state = state_after(e, k)
            start = time.process_time()
            h = hint(state)
            out["hint"].append(time.process_time() - start)
            assert h.steps
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("datasets", nargs="+", type=Path)
    parser.add_argument("--sample", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-level", type=int, default=0)
    args = parser.parse_args()
    print("| dataset | puzzles | path median / max s | wall median s | steps median | "
          "hint median / max s | check ms | " + " | ".join(LABELS)
          + " | hardest step median (max) |")
    print("|---" * (8 + len(LABELS)) + "|")
    for path in args.datasets:
        r = bench(sample(path, args.sample, args.seed, args.min_level))
        n = len(r["path"])
        grades = Counter(g.label for g in r["grades"])
        hardest = [g.hardest for g in r["grades"]]
        name = path.name + (f" (level ≥ {args.min_level})" if args.min_level else "")
        print(f"| {name} | {n} | {statistics.median(r['path']):.2f} / {max(r['path']):.2f} | "
              f"{statistics.median(r['wall']):.2f} | {statistics.median(r['steps']):.0f} | "
              f"{statistics.median(r['hint']):.3f} / "
              f"{max(r['hint']):.3f} | {1000 * statistics.median(r['check']):.1f} | "
              + " | ".join(f"{100 * grades.get(x, 0) / n:.0f} %" for x in LABELS)
              + f" | {statistics.median(hardest):.0f} ({max(hardest)}) |", flush=True)


if __name__ == "__main__":
    main()

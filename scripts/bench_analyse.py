#!/usr/bin/env python3
"""Difficulty ratings and analysis time on samples of puzzle datasets (run by hand).

For each dataset, a random sample of puzzles is analysed in full (every section but the
certificate). Reported: the distribution of difficulty levels (and of probing rounds within
level 1), the median solver statistics, and the time per analysis — next to the time of a
plain uniqueness check in the same run, so the ratio survives a noisy machine.

    python scripts/bench_analyse.py --sample 300 --seed 6 \\
        ../shared/data/17-clue.txt ../shared/data/top1465.txt
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from pathlib import Path

from satdoku.analyse import analyse
from satdoku.analyse.difficulty import MAX_LEVEL
from satdoku.formats import parse_puzzle
from satdoku.solving.solver import Status, solver_for

DEFAULT_DATA = [Path("/work/shared/data/17-clue.txt"), Path("/work/shared/data/top1465.txt")]


def sample(path: Path, size: int, seed: int) -> list[str]:
    lines = [ln.strip() for ln in path.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    return random.Random(seed).sample(lines, min(size, len(lines)))


def bench(lines: list[str], max_level: int) -> dict:
    """Analyse every puzzle; time the analyses and, as the baseline, plain checks."""
    puzzles = [parse_puzzle(ln) for ln in lines]
    solver = solver_for(puzzles[0].board)
    analyse(puzzles[0], solver)  # warm-up: encoding, sessions
    check_times, analyse_times, reports = [], [], []
    for p in puzzles:
        start = time.perf_counter()
        solver.check(p)
        check_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        reports.append(analyse(p, solver, max_level=max_level))
        analyse_times.append(time.perf_counter() - start)
    assert all(r.status is Status.UNIQUE for r in reports)
    return {"reports": reports, "check": check_times, "analyse": analyse_times}


def row(name: str, result: dict) -> dict[str, str]:
    reports, times = result["reports"], result["analyse"]
    levels = Counter(r.difficulty.level for r in reports)
    rounds = Counter(r.difficulty.rounds for r in reports if r.difficulty.level == 1)
    n = len(reports)

    def share(counter: Counter, key: object) -> str:
        return f"{100 * counter.get(key, 0) / n:.1f} %"

    median = statistics.median
    return {
        "dataset": name, "puzzles": str(n),
        "level 0": share(levels, 0), "level 1": share(levels, 1), "level 2": share(levels, 2),
        "beyond": share(levels, None),
        "level 1 rounds 1/2/3+": " / ".join(
            [share(rounds, 1), share(rounds, 2),
             f"{100 * sum(v for k, v in rounds.items() if k >= 3) / n:.1f} %"]),
        "median conflicts": f"{median(r.stats['conflicts'] for r in reports):.0f}",
        "median probes": f"{median(r.difficulty.probes for r in reports):.0f}",
        "analysis ms median / max": f"{1000 * median(times):.1f} / {1000 * max(times):.0f}",
        "under 1 s": f"{100 * sum(t < 1 for t in times) / n:.1f} %",
        "vs check": f"{median(times) / median(result['check']):.0f}×",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("datasets", nargs="*", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sample", type=int, default=300, help="puzzles per dataset")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--max-level", type=int, default=MAX_LEVEL)
    args = parser.parse_args()
    rows = [row(path.name, bench(sample(path, args.sample, args.seed), args.max_level))
            for path in args.datasets]
    print("| " + " | ".join(rows[0]) + " |")
    print("|" + "---|" * len(rows[0]))
    for r in rows:
        print("| " + " | ".join(r.values()) + " |")


if __name__ == "__main__":
    main()

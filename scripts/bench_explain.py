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

``--optimal SECONDS``: instead, at every step of each sampled path that cites two groups or
more, the optimal step is asked for (``hint --optimal``) from that position: how often it
cites fewer groups, how often it is proven within SECONDS, its time (wall clock: OptUx runs
in a child process, whose CPU time this process does not see).
``--generate N``: instead, N new 9×9 puzzles (``satdoku generate``, seeded) are graded: the
share of each grade and so the attempts ``generate --difficulty`` needs per puzzle of it.
``--examples FOLDER``: instead, every puzzle of every file in FOLDER explained in full (as
``satdoku explain FILE --time-limit T``, T from ``--time-limit``, default 60): CPU s per
file (the sum over its puzzles), steps, whether the path is complete, its grade, and the
steps that needed search; then the 16×16 path of issue 28 (``satdoku generate --box 4x4
--seed 1``, then ``explain``) unless ``--no-big``.

    python scripts/bench_explain.py --sample 20 --seed 1 tests/data/17clue-300.txt \\
        tests/data/top1465-100.txt
    python scripts/bench_explain.py --sample 6 --min-level 2 ../shared/data/top1465.txt
    python scripts/bench_explain.py --optimal 5 --sample 6 tests/data/17clue-300.txt
    python scripts/bench_explain.py --generate 100 --seed 1
    python scripts/bench_explain.py --examples examples --time-limit 60
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from satdoku.analyse.difficulty import rate
from satdoku.board import Board
from satdoku.explain import explain, hint
from satdoku.explain.grades import EXTREME, GRADES
from satdoku.formats import parse_puzzle
from satdoku.formats.loader import read_records
from satdoku.generating.many import generate_many
from satdoku.solving.solver import solver_for

LABELS = [name for name, _ in GRADES] + [EXTREME]


def sample(path: Path, size: int, seed: int, min_level: int) -> list[str]:
    lines = [ln.strip() for ln in path.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    if min_level:
        lines = [ln for ln in lines if (rate(parse_puzzle(ln)).level or 99) >= min_level]
    return random.Random(seed).sample(lines, min(size, len(lines)))


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
            state = e.position(k)
            start = time.process_time()
            h = hint(state)
            out["hint"].append(time.process_time() - start)
            assert h.steps
    return out


def bench_optimal(lines: list[str], seconds: float) -> None:
    """Greedy against optimal steps at every position where the greedy step cites ≥ 2."""
    rows = []  # (greedy groups, optimal groups, proven, wall s)
    for line in lines:
        e = explain(parse_puzzle(line))
        for k, step in enumerate(e.steps):
            if len(step.groups) < 2:
                continue
            start = time.perf_counter()
            best = hint(e.position(k), optimal=seconds).steps[0]
            rows.append((len(step.groups), len(best.groups), best.optimal,
                         time.perf_counter() - start))
    n = len(rows)
    fewer = [r for r in rows if r[1] < r[0]]
    wall = [r[3] for r in rows]
    print(f"| positions | fewer groups | proven optimal | groups greedy → optimal (mean) | "
          f"hint --optimal {seconds:g}: wall s median / max |")
    print("|---|---|---|---|---|")
    print(f"| {n} | {len(fewer)} ({100 * len(fewer) / n:.0f} %) | "
          f"{sum(1 for r in rows if r[2])} ({100 * sum(1 for r in rows if r[2]) / n:.0f} %) | "
          f"{statistics.mean(r[0] for r in rows):.2f} → {statistics.mean(r[1] for r in rows):.2f}"
          f" | {statistics.median(wall):.2f} / {max(wall):.2f} |")
    for g, o, proven, t in rows:
        if o < g:
            print(f"  {g} → {o} groups ({'proven' if proven else 'not proven'}, {t:.2f} s)")


def bench_generate(count: int, seed: int) -> None:
    """Grades of new 9×9 puzzles, and the attempts per puzzle of each grade."""
    grades: Counter[str] = Counter()
    start = time.process_time()
    for made in generate_many(Board.classic(9), seed=seed, count=count):
        e = explain(made.puzzle)
        grades[e.grade.label] += 1
    cpu = (time.process_time() - start) / count
    print("| grade | puzzles | share | attempts per puzzle |")
    print("|---|---|---|---|")
    for label in LABELS:
        k = grades.get(label, 0)
        print(f"| {label} | {k} | {100 * k / count:.0f} % | "
              f"{f'{count / k:.1f}' if k else f'> {count}'} |")
    print(f"\n{count} puzzles (seed {seed}), {cpu:.2f} CPU s each to generate and grade")


def bench_examples(folder: Path, time_limit: float, big: bool) -> None:
    """Every example explained (CPU s per file, steps, complete, grade), then a 16×16 path."""
    print("| example | CPU s | wall s | steps | complete | grade | trial steps |")
    print("|---|---|---|---|---|---|---|")
    files = sorted(f for f in folder.iterdir() if f.is_file())
    for f in files:
        records, _ = read_records(str(f))
        _explain_row(f.name, [r.puzzle for r in records if r.puzzle is not None], time_limit)
    if big:
        line = subprocess.run([sys.executable, "-m", "satdoku", "generate", "--box", "4x4",
                               "--seed", "1", "-f", "line"], check=True, capture_output=True,
                              text=True).stdout.strip()
        _explain_row("16×16 (generate --box 4x4 --seed 1)", [parse_puzzle(line)], time_limit)


def _explain_row(name: str, puzzles: list, time_limit: float) -> None:
    cpu, wall, steps, trials, complete, grades = 0.0, 0.0, 0, 0, 0, []
    for p in puzzles:
        start, w = time.process_time(), time.perf_counter()
        e = explain(p, time_limit=time_limit)
        cpu += time.process_time() - start
        wall += time.perf_counter() - w
        steps += len(e.steps)
        trials += sum(1 for s in e.steps if s.method == "trial")
        complete += e.complete
        if e.grade is not None:
            grades.append(f"{e.grade.label} {e.grade.score:g}")
    print(f"| {name} ({len(puzzles)}) | {cpu:.1f} | {wall:.1f} | {steps} | "
          f"{complete}/{len(puzzles)} | {', '.join(sorted(set(grades)))} | {trials} |",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("datasets", nargs="*", type=Path)
    parser.add_argument("--sample", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-level", type=int, default=0)
    parser.add_argument("--optimal", type=float, metavar="SECONDS")
    parser.add_argument("--generate", type=int, metavar="N")
    parser.add_argument("--examples", type=Path, metavar="FOLDER")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--no-big", action="store_true")
    args = parser.parse_args()
    if args.examples:
        return bench_examples(args.examples, args.time_limit, not args.no_big)
    if args.generate:
        return bench_generate(args.generate, args.seed)
    if args.optimal:
        for path in args.datasets:
            bench_optimal(sample(path, args.sample, args.seed, args.min_level), args.optimal)
        return None
    print("| dataset | puzzles | path median / max s | wall median s | steps median | "
          "hint median / max s | check ms | " + " | ".join(LABELS)
          + " | score median (max) |")
    print("|---" * (8 + len(LABELS)) + "|")
    for path in args.datasets:
        r = bench(sample(path, args.sample, args.seed, args.min_level))
        n = len(r["path"])
        grades = Counter(g.label for g in r["grades"])
        hardest = [g.score for g in r["grades"]]
        name = path.name + (f" (level ≥ {args.min_level})" if args.min_level else "")
        print(f"| {name} | {n} | {statistics.median(r['path']):.2f} / {max(r['path']):.2f} | "
              f"{statistics.median(r['wall']):.2f} | {statistics.median(r['steps']):.0f} | "
              f"{statistics.median(r['hint']):.3f} / "
              f"{max(r['hint']):.3f} | {1000 * statistics.median(r['check']):.1f} | "
              + " | ".join(f"{100 * grades.get(x, 0) / n:.0f} %" for x in LABELS)
              + f" | {statistics.median(hardest):.1f} ({max(hardest):.1f}) |", flush=True)


if __name__ == "__main__":
    main()

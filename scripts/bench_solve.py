#!/usr/bin/env python3
"""Throughput of solving a dataset: one incremental session vs. a fresh solver per puzzle.

Reports puzzles/s and µs/puzzle for (a) the public API with the cached incremental session
(givens as assumptions, every solution verified), (b) the baseline in the same run: a new
solver loaded with the CNF for every puzzle (givens as assumptions too), and (c) the CLI
``satdoku solve FILE --format line`` end to end (process start included) and its
steady-state rate, (N − 10) puzzles / (time for N − time for 10), which leaves out the fixed
cost of starting Python and building the CNF. Each figure is the best of ``--repeat`` runs,
and ratios are the point: they survive noisy machines.

    python scripts/bench_solve.py --dataset ../shared/data/17-clue.txt --limit 5000
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cnf import Session
from satdoku import SudokuSolver, parse_puzzle
from satdoku.formats import format_line


def load_lines(path: Path, limit: int) -> list[str]:
    lines = [ln.strip() for ln in path.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    return lines[:limit]


def bench_incremental(lines: list[str], backend: str) -> float:
    puzzles = [parse_puzzle(ln) for ln in lines]
    solver = SudokuSolver(puzzles[0].board, backend=backend)
    start = time.perf_counter()
    for p in puzzles:
        result = solver.solve(p)  # verifies the solution independently
        assert result.solutions, p
    return time.perf_counter() - start


def bench_api_end_to_end(lines: list[str], backend: str) -> float:
    """Parse text, solve, verify, format: what the CLI does per puzzle, without process start."""
    start = time.perf_counter()
    solver = None
    for ln in lines:
        p = parse_puzzle(ln)
        solver = solver or SudokuSolver(p.board, backend=backend)
        format_line(p.board, solver.solve(p).solutions[0])
    return time.perf_counter() - start


def bench_rebuild(lines: list[str], backend: str) -> float:
    puzzles = [parse_puzzle(ln) for ln in lines]
    formula = SudokuSolver(puzzles[0].board).formula
    start = time.perf_counter()
    for p in puzzles:
        with Session(formula, backend) as session:
            assert session.solve(p.assumptions()).value == "sat"
    return time.perf_counter() - start


def bench_cli(lines: list[str], backend: str) -> float:
    """Wall-clock time of the CLI on a file of ``lines``, process start included."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "satdoku", "solve", f.name, "--format", "line",
                    "--backend", backend, "-o", f.name + ".out"], check=True)
    elapsed = time.perf_counter() - start
    Path(f.name).unlink()
    Path(f.name + ".out").unlink()
    return elapsed


def best_of(repeat: int, fn, *args) -> float:
    """The smallest time of ``repeat`` runs (others lose to noise from the shared machine)."""
    return min(fn(*args) for _ in range(repeat))


def row(name: str, count: int, seconds: float, base: float | None) -> str:
    ratio = f"{base / seconds:.1f}×" if base else "1.0× (baseline)"
    return (f"| {name} | {count} | {count / seconds:,.0f} | {seconds / count * 1e6:,.0f} "
            f"| {ratio} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", type=Path, required=True)
    ap.add_argument("--limit", type=int, default=5000, help="puzzles to use (default 5000)")
    ap.add_argument("--rebuild-limit", type=int, default=500,
                    help="puzzles for the slow rebuild baseline (default 500)")
    ap.add_argument("--backend", default="cadical195")
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs (default 3)")
    args = ap.parse_args()
    lines = load_lines(args.dataset, args.limit)
    rebuild = lines[: args.rebuild_limit]
    t_rebuild = best_of(args.repeat, bench_rebuild, rebuild, args.backend)
    base = t_rebuild / len(rebuild)
    print(f"dataset {args.dataset.name}, backend {args.backend}, best of {args.repeat}\n")
    print("| method | puzzles | puzzles/s | µs/puzzle | speed-up vs rebuild |")
    print("|---|---|---|---|---|")
    print(row("fresh solver per puzzle (baseline)", len(rebuild), t_rebuild, None))
    for name, fn in [("incremental session, API (solve + verify)", bench_incremental),
                     ("API end to end (parse + solve + verify + format)",
                      bench_api_end_to_end),
                     ("CLI `satdoku solve FILE --format line`, process start included",
                      bench_cli)]:
        seconds = best_of(args.repeat, fn, lines, args.backend)
        print(row(name, len(lines), seconds, base * len(lines)))
    start_up = best_of(args.repeat, bench_cli, lines[:10], args.backend)
    steady = seconds - start_up
    print(row("CLI steady state (time for N − time for 10 puzzles)", len(lines) - 10, steady,
              base * (len(lines) - 10)))
    print(f"\nCLI start-up (10 puzzles): {start_up * 1e3:.0f} ms")


if __name__ == "__main__":
    main()

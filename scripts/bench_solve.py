#!/usr/bin/env python3
"""Throughput of solving a dataset: satdoku against the floor of PySAT, and a fresh solver.

Reports puzzles/s and µs/puzzle for

- the **floor**: a bare PySAT loop over the same CNF with the same CaDiCaL options —
  ``solve(assumptions)`` then ``get_model()`` on assumption lists built beforehand; no
  parsing, decoding or verification; renewed after the same share of solving time as
  satdoku's session (:data:`cnf.session.RENEW_FACTOR`), so that the ratio to it measures
  satdoku's own work (building assumptions, decoding the model, verifying, result objects);
- the floor plus decoding each model into a grid and verifying it (satdoku's decoder and
  independent checker, nothing else): the most any verified answer can reach;
- the public API on one incremental session: ``solve`` (every solution verified), ``check``
  (uniqueness) and end to end (parse + solve + verify + format);
- the CLI ``satdoku solve FILE --format line``, process start included, and its steady state
  (N − 10) puzzles / (time for N − time for 10), without starting Python and building the CNF;
- the old baseline: a fresh solver loaded with the CNF for every puzzle (``--rebuild-limit``
  puzzles).

Times are CPU time (the process's own, or the CLI child's user + sys), which other jobs on a
shared machine disturb far less than the clock on the wall. Each figure is the best of
``--repeat`` rounds; the rounds run every method in turn, so that a load spike does not favour
one of them. Ratios are the point.

    python scripts/bench_solve.py --dataset ../shared/data/17-clue.txt --limit 5000
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pysat.solvers import Solver

from cnf import Session
from cnf.session import RENEW_FACTOR
from satdoku import SudokuSolver, parse_puzzle
from satdoku.formats import format_line
from satdoku.solving.solver import BACKEND_OPTIONS


def load_lines(path: Path, limit: int) -> list[str]:
    lines = [ln.strip() for ln in path.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    return lines[:limit]


def bench_floor(lines: list[str], backend: str) -> float:
    """The bare PySAT loop (see the module's text)."""
    return _floor(lines, backend, checked=False)


def bench_floor_checked(lines: list[str], backend: str) -> float:
    """The bare loop plus what no verified answer can skip: each model decoded into a grid
    and the grid verified, by satdoku's own decoder and independent checker."""
    return _floor(lines, backend, checked=True)


def _floor(lines: list[str], backend: str, checked: bool) -> float:
    puzzles = [parse_puzzle(ln) for ln in lines]
    sudoku = SudokuSolver(puzzles[0].board, backend=backend)
    clauses = sudoku.formula.clauses
    decode, holds = sudoku.grid_of, sudoku._holds
    assumptions = [p.assumptions() for p in puzzles]
    options = BACKEND_OPTIONS.get(backend)

    def fresh() -> tuple[Solver, float]:
        start = time.perf_counter()
        solver = Solver(name=backend)
        if options:
            solver.solver.configure(dict(options))
        solver.append_formula(clauses)
        return solver, RENEW_FACTOR * (time.perf_counter() - start)

    solver, wear = fresh()
    solving = 0.0
    start = time.process_time()
    for puzzle, lits in zip(puzzles, assumptions, strict=True):
        started = time.perf_counter()  # (wear measured as cnf.Session measures it)
        solver.solve(assumptions=lits)
        solving += time.perf_counter() - started
        model = solver.get_model()
        if checked:
            puzzle.verify(decode(model), holds)
        if solving >= wear:
            solver.delete()
            solver, wear = fresh()
            solving = 0.0
    total = time.process_time() - start
    solver.delete()
    return total


def bench_solve(lines: list[str], backend: str) -> float:
    return _api(lines, backend, SudokuSolver.solve)


def bench_check(lines: list[str], backend: str) -> float:
    return _api(lines, backend, SudokuSolver.check)


def _api(lines: list[str], backend: str, call: Callable) -> float:
    puzzles = [parse_puzzle(ln) for ln in lines]
    solver = SudokuSolver(puzzles[0].board, backend=backend).prepare()
    start = time.process_time()
    for p in puzzles:
        assert call(solver, p).solutions, p  # solve verifies the solution independently
    return time.process_time() - start


def bench_api_end_to_end(lines: list[str], backend: str) -> float:
    """Parse text, solve, verify, format: what the CLI does per puzzle, without process start."""
    start = time.process_time()
    solver = None
    for ln in lines:
        p = parse_puzzle(ln)
        solver = solver or SudokuSolver(p.board, backend=backend)
        format_line(p.board, solver.solve(p).solutions[0])
    return time.process_time() - start


def bench_rebuild(lines: list[str], backend: str) -> float:
    puzzles = [parse_puzzle(ln) for ln in lines]
    formula = SudokuSolver(puzzles[0].board).formula
    start = time.process_time()
    for p in puzzles:
        with Session(formula, backend) as session:
            assert session.solve(p.assumptions()).value == "sat"
    return time.process_time() - start


def bench_cli(lines: list[str], backend: str) -> float:
    """CPU time of the CLI on a file of ``lines``, process start included."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "satdoku", "solve", f.name, "--format", "line",
                    "--backend", backend, "-o", f.name + ".out"], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    elapsed = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    Path(f.name).unlink()
    Path(f.name + ".out").unlink()
    return elapsed


def row(name: str, count: int, seconds: float, floor: float | None,
        rebuild: float | None) -> str:
    """One table row; ``floor`` and ``rebuild`` are seconds per puzzle of those baselines."""
    per = seconds / count
    of_floor = f"{floor / per:.1%}" if floor else "–"
    ratio = f"{rebuild / per:.1f}×" if rebuild else "1.0× (baseline)"
    return (f"| {name} | {count} | {count / seconds:,.0f} | {per * 1e6:,.0f} | {of_floor} "
            f"| {ratio} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", type=Path, required=True)
    ap.add_argument("--limit", type=int, default=5000, help="puzzles to use (default 5000)")
    ap.add_argument("--rebuild-limit", type=int, default=500,
                    help="puzzles for the slow rebuild baseline (default 500)")
    ap.add_argument("--backend", default="cadical195")
    ap.add_argument("--repeat", type=int, default=3, help="best of this many rounds (default 3)")
    args = ap.parse_args()
    lines = load_lines(args.dataset, args.limit)
    rebuild_lines = lines[: args.rebuild_limit]
    methods: list[tuple[str, Callable, list[str]]] = [
        ("fresh solver per puzzle (baseline)", bench_rebuild, rebuild_lines),
        ("bare PySAT loop: solve + get_model (the floor)", bench_floor, lines),
        ("the floor + decode + verify (what a verified answer cannot skip)",
         bench_floor_checked, lines),
        ("incremental session, API `solve` (solve + verify)", bench_solve, lines),
        ("API `check` (unique? two calls, or one when forced)", bench_check, lines),
        ("API end to end (parse + solve + verify + format)", bench_api_end_to_end, lines),
        ("CLI `satdoku solve FILE --format line`, process start included", bench_cli, lines),
        ("CLI start-up (10 puzzles)", bench_cli, lines[:10]),
    ]
    best = [float("inf")] * len(methods)
    for _ in range(args.repeat):
        for k, (_, fn, data) in enumerate(methods):
            best[k] = min(best[k], fn(data, args.backend))
    rebuild = best[0] / len(rebuild_lines)
    floor = best[1] / len(lines)
    print(f"dataset {args.dataset.name}, backend {args.backend}, best of {args.repeat}\n")
    print("| method | puzzles | puzzles/s | µs/puzzle | of the floor | speed-up vs rebuild |")
    print("|---|---|---|---|---|---|")
    print(row(methods[0][0], len(rebuild_lines), best[0], None, None))
    for (name, _, data), seconds in list(zip(methods, best, strict=True))[1:-1]:
        print(row(name, len(data), seconds, floor, rebuild))
    start_up, steady = best[-1], best[-2] - best[-1]
    print(row("CLI steady state (time for N − time for 10 puzzles)", len(lines) - 10, steady,
              floor, rebuild))
    print(f"\n`check` runs at {best[3] / best[4]:.1%} of `solve`; "
          f"CLI start-up (10 puzzles): {start_up * 1e3:.0f} ms of CPU")


if __name__ == "__main__":
    main()

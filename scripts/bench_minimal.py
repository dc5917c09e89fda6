"""Benchmark proven-minimal generation (``--minimal``): CPU and wall seconds per puzzle, per
variant and number of forked proof processes.

Run by hand; a 25x25 puzzle takes one to five CPU minutes with the baseline, so run one
variant at a time when others share the machine:

    python scripts/bench_minimal.py --size 25 --seeds 1,2 --variants before,after
    python scripts/bench_minimal.py --size 25 --seeds 1 --variants restrict
    python scripts/bench_minimal.py --size 16 --seeds 1,2,3 --rules anti-knight
    nice -n 10 python scripts/bench_minimal.py --size 25 --seeds 1,2,3 --proof-jobs 0,1,2

Variants of :func:`satdoku.generating.minimal.decide_all` (the re-tests after the first pass):
``before`` re-tests the undecided units together with growing budgets (the old way);
``restrict`` first looks for witnesses by restriction; ``fresh`` re-tests once more in the
session, then decides each unit left in a new solver with the givens as unit clauses;
``after`` does both (the default); ``after0`` goes to new solvers without that round.
``--proof-jobs``: how many of those new-solver tests run at once, each in a child forked
from one loaded solver (:func:`satdoku.generating.minimal.decide_fresh`); 0 runs them the way before
forking, in this process, each loading its own solver. Several values (``0,1,2``) run each
seed with each in turn; the script stops if they do not give the same puzzle.
Each line: seed, variant, proof jobs, CPU seconds (this process and its forked children)
and wall seconds in all, the same in the re-tests, clues, proven minimal, units re-tested,
solver calls (of the removal session and the filler). Every puzzle is checked unique by a
fresh solver (not timed). The summary gives medians, and their ratio to the first
``--proof-jobs`` value measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import satdoku.generating as generate_module
import satdoku.generating.minimal as minimal_module
from satdoku.board import Board
from satdoku.generating.givens import Generator
from satdoku.generating.minimal import decide_all
from satdoku.generating.options import GenerateOptions
from satdoku.rules import parse_rules
from satdoku.runtime.forked import can_fork
from satdoku.solving.solver import Status, SudokuSolver

#: variant → (restrict, fresh_after) of :func:`satdoku.generating.minimal.decide_all`
VARIANTS = {"before": (False, None), "restrict": (True, None), "fresh": (False, 1),
            "after": (True, 1), "after0": (True, 0)}


def cpu() -> float:
    """CPU seconds of this process and of its children waited for (the forked tests)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(size: int, seed: int, variant: str, rules: str, jobs: int) -> dict:
    """One proven-minimal puzzle with ``variant`` and ``jobs`` proof processes; its
    figures."""
    restrict, fresh_after = VARIANTS[variant]
    spent = [0.0, 0.0]

    def decide(removal, board, target, growth, jobs=1):  # timed stand-in for generate's hook
        start, wall = cpu(), time.perf_counter()
        try:
            return decide_all(removal, board, target, growth, restrict, fresh_after, jobs)
        finally:
            spent[0] += cpu() - start
            spent[1] += time.perf_counter() - wall

    generate_module.decide_units = decide
    minimal_module.can_fork = (lambda: False) if jobs == 0 else can_fork
    board, parsed = Board.classic(size), parse_rules(rules)
    options = GenerateOptions(minimal=True, proof_jobs=max(1, jobs))
    with Generator(board, parsed, options, seed=seed) as generator:
        start, wall = cpu(), time.perf_counter()
        made = generator.puzzle()
        used, wall = cpu() - start, time.perf_counter() - wall
    status = SudokuSolver(board, parsed).check(made.puzzle).status
    if status is not Status.UNIQUE:
        raise SystemExit(f"seed {seed} {variant}: the puzzle is {status.value}")
    return {"cpu": used, "wall": wall, "retests": spent[0], "retests_wall": spent[1],
            "clues": made.clues, "proven": made.proven_minimal, "retested": made.retested,
            "calls": made.calls, "givens": made.puzzle.givens}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=25)
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--variants", default="before,after")
    parser.add_argument("--rules", default="", help="variant rules, e.g. anti-knight")
    parser.add_argument("--proof-jobs", default="1",
                        help="forked proof processes at once, comma-separated (0: no fork)")
    args = parser.parse_args()
    jobs_list = [int(j) for j in args.proof_jobs.split(",")]
    print("| seed | variant | proof jobs | CPU s | wall s | re-tests CPU s | re-tests wall s "
          "| clues | proven | re-tested | calls |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    totals: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for seed in map(int, args.seeds.split(",")):
        for variant in args.variants.split(","):
            puzzles = set()
            for jobs in jobs_list:
                r = run(args.size, seed, variant, args.rules, jobs)
                puzzles.add(r["givens"])
                totals.setdefault((variant, jobs), []).append((r["cpu"], r["wall"]))
                print(f"| {seed} | {variant} | {jobs} | {r['cpu']:.1f} | {r['wall']:.1f} "
                      f"| {r['retests']:.1f} | {r['retests_wall']:.1f} | {r['clues']} "
                      f"| {r['proven']} | {r['retested']} | {r['calls']} |", flush=True)
            if len(puzzles) > 1:
                raise SystemExit(f"seed {seed} {variant}: the proof jobs gave different puzzles")
    for (variant, jobs), runs in totals.items():
        base = totals[variant, jobs_list[0]]
        medians = [statistics.median(x[i] for x in runs) for i in (0, 1)]
        ratios = [m / statistics.median(x[i] for x in base) for i, m in enumerate(medians)]
        print(f"{variant}, proof jobs {jobs}: median {medians[0]:.1f} CPU s "
              f"({ratios[0]:.2f}x), {medians[1]:.1f} wall s ({ratios[1]:.2f}x) over "
              f"{len(runs)} seeds")


if __name__ == "__main__":
    main()

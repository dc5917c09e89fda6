"""Benchmark proven-minimal generation (``--minimal``): CPU seconds per puzzle, per variant.

Run by hand; a 25x25 puzzle takes one to five CPU minutes with the baseline, so run one
variant at a time when others share the machine:

    python scripts/bench_minimal.py --size 25 --seeds 1,2 --variants before,after
    python scripts/bench_minimal.py --size 25 --seeds 1 --variants restrict
    python scripts/bench_minimal.py --size 16 --seeds 1,2,3 --rules anti-knight

Variants of :func:`satdoku.minimal.decide_all` (the re-tests after the first pass):
``before`` re-tests the undecided units together with growing budgets (the old way);
``restrict`` first looks for witnesses by restriction; ``fresh`` re-tests once more in the
session, then decides each unit left in a new solver with the givens as unit clauses;
``after`` does both (the default); ``after0`` goes to new solvers without that round.
Each line: seed, variant, CPU seconds in all and in the re-tests, clues, proven minimal,
units re-tested, solver calls (of the removal session and the filler).
Every puzzle is checked unique by a fresh solver (not timed).
"""

from __future__ import annotations

import argparse
import statistics
import time

import satdoku.generate as generate_module
from satdoku.board import Board
from satdoku.generate import GenerateOptions, Generator
from satdoku.minimal import decide_all
from satdoku.rules import parse_rules
from satdoku.solver import Status, SudokuSolver

#: variant → (restrict, fresh_after) of :func:`satdoku.minimal.decide_all`
VARIANTS = {"before": (False, None), "restrict": (True, None), "fresh": (False, 1),
            "after": (True, 1), "after0": (True, 0)}


def run(size: int, seed: int, variant: str, rules: str) -> dict[str, float]:
    """One proven-minimal puzzle with ``variant``; its figures."""
    restrict, fresh_after = VARIANTS[variant]
    spent = [0.0]

    def decide(removal, board, target, growth):  # timed stand-in for generate's hook
        start = time.process_time()
        try:
            return decide_all(removal, board, target, growth, restrict, fresh_after)
        finally:
            spent[0] += time.process_time() - start

    generate_module.decide_units = decide
    board, parsed = Board.classic(size), parse_rules(rules)
    with Generator(board, parsed, GenerateOptions(minimal=True), seed=seed) as generator:
        start = time.process_time()
        made = generator.puzzle()
        cpu = time.process_time() - start
    status = SudokuSolver(board, parsed).check(made.puzzle).status
    if status is not Status.UNIQUE:
        raise SystemExit(f"seed {seed} {variant}: the puzzle is {status.value}")
    return {"cpu": cpu, "retests": spent[0], "clues": made.clues,
            "proven": made.proven_minimal, "retested": made.retested, "calls": made.calls}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=25)
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--variants", default="before,after")
    parser.add_argument("--rules", default="", help="variant rules, e.g. anti-knight")
    args = parser.parse_args()
    print("| seed | variant | CPU s | re-tests CPU s | clues | proven | re-tested | calls |")
    print("|---|---|---|---|---|---|---|---|")
    totals: dict[str, list[float]] = {}
    for seed in map(int, args.seeds.split(",")):
        for variant in args.variants.split(","):
            r = run(args.size, seed, variant, args.rules)
            totals.setdefault(variant, []).append(r["cpu"])
            print(f"| {seed} | {variant} | {r['cpu']:.1f} | {r['retests']:.1f} | {r['clues']} "
                  f"| {r['proven']} | {r['retested']} | {r['calls']} |", flush=True)
    for variant, cpus in totals.items():
        print(f"{variant}: median {statistics.median(cpus):.1f} CPU s over {len(cpus)} seeds")


if __name__ == "__main__":
    main()

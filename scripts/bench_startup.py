#!/usr/bin/env python3
"""CPU time of one command from the shell: start-up included, as a setter pays it.

Runs each command in a fresh ``python -m satdoku`` process and reports the best user + sys
time of ``--repeat`` runs (the rounds take the commands in turn). For scale it also times
``python -c pass`` and a bare script that imports typer and PySAT, builds the 9x9 CNF, loads
it into CaDiCaL and solves one puzzle: the floor of a typer + PySAT command.

Python caches compiled modules (``__pycache__``), as every installation does; a sandbox that
sets ``PYTHONDONTWRITEBYTECODE`` compiles every module on every run instead. By default the
cache goes to a temporary directory (``PYTHONPYCACHEPREFIX``: nothing is written into the
tree), warmed by one run of each command; ``--no-cache`` measures without it.

    python scripts/bench_startup.py --repeat 15
    python scripts/bench_startup.py --tree /path/to/another/checkout   # e.g. the last commit
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PUZZLE_17 = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
TOP1465_1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
COMMANDS = {
    "satdoku check PUZZLE (17-clue)": ["-m", "satdoku", "check", PUZZLE_17],
    "satdoku solve PUZZLE (17-clue)": ["-m", "satdoku", "solve", PUZZLE_17],
    "satdoku analyse PUZZLE (top1465 #1)": ["-m", "satdoku", "analyse", TOP1465_1],
    "satdoku --help": ["-m", "satdoku", "--help"],
    "python -c pass": ["-c", "pass"],
    "floor: import typer + PySAT, build, load, solve": ["-c", f"""
import typer
from itertools import combinations
from pysat.solvers import Solver
units = ([[r * 9 + c for c in range(9)] for r in range(9)]
         + [[r * 9 + c for r in range(9)] for c in range(9)]
         + [[(b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3)]
            for b in range(9)])
clauses = []
for lits in ([[i * 9 + d for d in range(1, 10)] for i in range(81)]
             + [[i * 9 + d for i in u] for u in units for d in range(1, 10)]):
    clauses.append(lits)
    clauses.extend([-a, -b] for a, b in combinations(lits, 2))
solver = Solver(name="cadical195")
solver.append_formula(clauses)
solver.solve(assumptions=[i * 9 + int(c) for i, c in enumerate({PUZZLE_17!r}) if c != "."])
solver.get_model()
"""],
}


def cpu_seconds(args: list[str], env: dict[str, str], cwd: Path) -> float:
    """User + sys time of one run of ``python ARGS``."""
    proc = subprocess.Popen([sys.executable, *args], env=env, cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15, help="best of this many runs (15)")
    ap.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent,
                    help="the checkout to measure (default: this one)")
    ap.add_argument("--no-cache", action="store_true",
                    help="no bytecode cache: every module compiled on every run")
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env["PYTHONPATH"] = str(args.tree)
    with tempfile.TemporaryDirectory() as cache:
        if args.no_cache:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env["PYTHONPYCACHEPREFIX"] = cache
            for command in COMMANDS.values():  # fill the cache
                cpu_seconds(command, env, args.tree)
        best = dict.fromkeys(COMMANDS, float("inf"))
        for _ in range(args.repeat):
            for name, command in COMMANDS.items():
                best[name] = min(best[name], cpu_seconds(command, env, args.tree))
    print(f"{args.tree}, {'no bytecode cache' if args.no_cache else 'bytecode cached'}, "
          f"best of {args.repeat}\n")
    print("| command | CPU ms |\n|---|---|")
    for name, seconds in best.items():
        print(f"| {name} | {seconds * 1e3:.0f} |")


if __name__ == "__main__":
    main()

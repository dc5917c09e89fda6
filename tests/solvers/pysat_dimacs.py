#!/usr/bin/env python3
"""A tiny DIMACS solver for the tests: reads a CNF file, answers in the competition format.

    pysat_dimacs.py FILE [MODEL]      # 's SATISFIABLE' + 'v … 0' on stdout, exit 10 / 20;
                                      # with MODEL, MiniSat's 'SAT' + model line go there
Misbehaviours on demand, to test how satdoku copes: ``--crash`` (exit 3 with a message),
``--sleep S`` (sleep first), ``--wrong`` (negate the model), ``--silent`` (print nothing).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pysat.solvers import Solver

from cnf import parse_dimacs


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("cnf")
    ap.add_argument("model", nargs="?")
    ap.add_argument("--crash", action="store_true")
    ap.add_argument("--sleep", type=float, default=0.0)
    ap.add_argument("--wrong", action="store_true")
    ap.add_argument("--silent", action="store_true")
    args = ap.parse_args()
    time.sleep(args.sleep)
    if args.crash:
        print("pysat_dimacs: simulated crash", file=sys.stderr)
        return 3
    num_vars, clauses = parse_dimacs(Path(args.cnf).read_text())
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        sat = solver.solve()
        model = solver.get_model() or []
    if args.silent:
        return 0
    model = [-lit for lit in model] if args.wrong else model
    model += [v for v in range(len(model) + 1, num_vars + 1)]  # unconstrained variables
    if args.model:
        text = ("SAT\n" + " ".join(map(str, model)) + " 0\n") if sat else "UNSAT\n"
        Path(args.model).write_text(text)
    else:
        print("s SATISFIABLE" if sat else "s UNSATISFIABLE")
        for start in range(0, len(model), 10):
            print("v " + " ".join(map(str, model[start:start + 10])))
        if sat:
            print("v 0")
    return 10 if sat else 20


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark the generator: puzzles/s, median and worst time, clues, proven-minimal share.

Run by hand (bounded by --plan; 25x25 and 36x36 take seconds to minutes per puzzle):

    python scripts/bench_generate.py                         # 9x9 x 1000, 16x16 x 50
    python scripts/bench_generate.py --plan 25:3,36:1 --time-limit 600
    python scripts/bench_generate.py --plan 9:300 --baseline # vs one solver call per orbit
    python scripts/bench_generate.py --fill 9,16             # fill back-ends compared
    python scripts/bench_generate.py --plan 9:1000 --against /tmp/gen_before --rounds 3

``--against DIR`` runs the same plan with the packages copied in DIR (e.g. ``cp -r satdoku
cnf /tmp/gen_before`` before a change) and with this tree, alternately, ``--rounds`` times
each, and compares the best rates (wall clock and CPU time): best-of rounds, in turn, keep
the comparison fair when other jobs share the machine. DIR may be a whole checkout (``git
worktree add /tmp/before COMMIT``): its own ``scripts/bench_generate.py`` then times it, so
a tree from before a move of modules is measured with the imports it knows.

Times are wall-clock seconds of one process; the set-up (building and loading the CNF
into two solvers) is reported apart. The baseline removes the same orbits, in the same
order, from the same grids with one call per orbit, and checks both give the same puzzle.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from cnf import Session, SolveResult
from satdoku.board import Board
from satdoku.encoding import Encoding, build
from satdoku.generating.fill import Filler
from satdoku.generating.givens import Generator
from satdoku.generating.options import GenerateOptions
from satdoku.generating.removal import Removal
from satdoku.rules import parse_rules
from satdoku.symmetry import Symmetry


def plan(text: str) -> list[tuple[int, int]]:
    """``9:1000,16:50`` → [(9, 1000), (16, 50)]."""
    return [(int(size), int(count)) for size, count in
            (item.split(":") for item in text.split(",") if item)]


def generation(size: int, count: int, args: argparse.Namespace) -> str:
    options = GenerateOptions(symmetry=Symmetry(args.symmetry), strict=args.strict,
                              time_limit=args.time_limit, conflicts=args.budget,
                              backend=args.backend)
    start = time.perf_counter()
    with Generator(Board.classic(size), parse_rules(args.rules), options,
                   seed=args.seed) as generator:
        setup = time.perf_counter() - start
        start = time.perf_counter()
        made = [generator.puzzle() for _ in range(count)]
        total = time.perf_counter() - start
    times = [m.seconds for m in made]
    clues = [m.clues for m in made]
    proven = sum(m.proven_minimal for m in made)
    return (f"| {size}x{size} | {count} | {count / total:,.1f} | {statistics.median(times):.4f} "
            f"| {max(times):.4f} | {statistics.median(clues):g} ({min(clues)}–{max(clues)}) "
            f"| {proven}/{count} | {statistics.mean(m.calls for m in made):.1f} "
            f"| {setup:.2f} |")


def rate(size: int, count: int, args: argparse.Namespace) -> tuple[float, float]:
    """(wall-clock, CPU-time) puzzles per second of one generator making ``count``."""
    options = GenerateOptions(symmetry=Symmetry(args.symmetry), strict=args.strict,
                              time_limit=args.time_limit, conflicts=args.budget,
                              backend=args.backend)
    with Generator(Board.classic(size), parse_rules(args.rules), options,
                   seed=args.seed) as generator:
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(count):
            generator.puzzle()
        return count / (time.perf_counter() - wall), count / (time.process_time() - cpu)


def against(size: int, count: int, args: argparse.Namespace) -> str:
    """This tree against the packages in ``args.against``, best of ``args.rounds`` each."""
    command = [sys.executable, __file__, "--rate", f"{size}:{count}", "--seed", str(args.seed),
               "--symmetry", args.symmetry, "--rules", args.rules, "--backend", args.backend]
    command += ["--strict"] * args.strict
    command += [] if args.budget is None else ["--budget", str(args.budget)]
    command += [] if args.time_limit is None else ["--time-limit", str(args.time_limit)]
    here = str(Path(__file__).resolve().parent.parent)
    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.rounds):
        for name, path in (("before", args.against), ("after", here)):
            env = {**os.environ, "PYTHONPATH": path}
            own = Path(path) / "scripts" / "bench_generate.py"  # its imports match its tree
            command[1] = str(own if own.exists() else __file__)
            out = subprocess.run(command, env=env, capture_output=True, text=True, check=True,
                                 cwd=path).stdout.split()
            wall, cpu = float(out[0]), float(out[1])
            old = best.get(name, (0.0, 0.0))
            best[name] = (max(old[0], wall), max(old[1], cpu))
    (bw, bc), (aw, ac) = best["before"], best["after"]
    return (f"| {size}x{size} | {count} | {bw:,.0f}/s ({bc:,.0f}/s) | {aw:,.0f}/s ({ac:,.0f}/s) "
            f"| {aw / bw:.2f}x ({ac / bc:.2f}x) |")


def one_call_per_orbit(session: Session, board: Board, solution: tuple[int, ...],
                       orbits: list[tuple[int, ...]]) -> list[int]:
    """The textbook loop: for each orbit, one call under the givens without it."""
    n, act = board.n, session.activation()
    lits = [i * n + d for i, d in enumerate(solution)]
    session.add_guarded(act, [-v for v in lits])
    given = set(range(n * n))
    for orbit in orbits:
        trial = given - set(orbit)
        if session.solve([*(lits[i] for i in sorted(trial)), act]) is SolveResult.UNSAT:
            given = trial
    session.retire(act)
    return sorted(given)


def baseline(size: int, count: int, args: argparse.Namespace) -> str:
    board, rng = Board.classic(size), random.Random(args.seed)
    symmetry = Symmetry(args.symmetry)
    with Filler(board) as filler, Session(build(board), args.backend) as session:
        jobs = []
        for _ in range(count):
            orbits = symmetry.orbits(board)
            rng.shuffle(orbits)
            jobs.append((filler.grid(rng), orbits))
        start, calls = time.perf_counter(), session.calls
        ours = []
        for solution, orbits in jobs:
            removal = Removal(session, board, solution)
            removal.remove(orbits, first=len(orbits) // 2)
            removal.close()
            ours.append(removal.givens())
        fast, fast_calls = time.perf_counter() - start, session.calls - calls
        start, calls = time.perf_counter(), session.calls
        plain = [one_call_per_orbit(session, board, s, o) for s, o in jobs]
        slow, slow_calls = time.perf_counter() - start, session.calls - calls
    assert ours == plain, "galloping removal and one call per orbit disagree"
    return (f"| {size}x{size} | {count} | {count / slow:,.0f}/s, {slow_calls / count:.1f} calls "
            f"| {count / fast:,.0f}/s, {fast_calls / count:.1f} calls | {slow / fast:.2f}x |")


def backtracking_grid(session: Session, board: Board, rng: random.Random) -> tuple[int, ...]:
    """Reference fill: cells in random order, each given its first consistent digit in a
    random order (a random backtracking search, one solver call per try: slow)."""
    n, chosen, model = board.n, [], None
    order = list(board.cells)
    rng.shuffle(order)
    for cell in order:
        for digit in rng.sample(range(1, n + 1), n):
            lit = cell * n + digit
            if model is not None and model[lit - 1] > 0:
                break
            if session.solve([*chosen, lit]) is SolveResult.SAT:
                model = session.model
                break
        chosen.append(lit)
    return tuple((v - 1) % n + 1 for v in sorted(chosen))


def minimal_clues(session: Session, board: Board, grid: tuple[int, ...],
                  rng: random.Random) -> int:
    """Clues of a minimal puzzle (no symmetry) made from ``grid``."""
    cells = [(cell,) for cell in board.cells]
    rng.shuffle(cells)
    removal = Removal(session, board, grid)
    removal.remove(cells, first=len(cells) // 2)
    removal.close()
    return len(removal.givens())


def fill(size: int, count: int, seed: int) -> None:
    """Fill back-ends and encodings: time, distinct grids, and the mean clues of minimal
    puzzles made from their grids, against the random backtracking reference."""
    board, rng = Board.classic(size), random.Random(seed)
    with Session(build(board)) as remover, Session(build(board), "minisat22") as reference:
        start = time.perf_counter()
        grids = [backtracking_grid(reference, board, rng) for _ in range(count)]
        rows = [("random backtracking", "extended", time.perf_counter() - start, grids)]
        for backend, encoding in (("minisat22", "extended"), ("glucose4", "extended"),
                                  ("cadical195", "extended"), ("minisat22", "augmented")):
            with Filler(board, encoding=Encoding(encoding), backend=backend) as filler:
                start = time.perf_counter()
                grids = [filler._solve(rng, None) for _ in range(count)]  # no transforms
                rows.append((backend, encoding, time.perf_counter() - start, grids))
        for backend, encoding, seconds, grids in rows:
            clues = [minimal_clues(remover, board, g, rng) for g in grids]
            print(f"| {size}x{size} | {backend} | {encoding} | {seconds / count * 1000:.2f} "
                  f"| {len(set(grids))}/{count} | {statistics.mean(clues):.1f} "
                  f"± {statistics.stdev(clues):.1f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plan", default="9:1000,16:50", help="size:count,... to generate")
    parser.add_argument("--symmetry", default="rot180", choices=[s.value for s in Symmetry])
    parser.add_argument("--rules", default="", help="extra rules, e.g. anti-knight")
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per puzzle")
    parser.add_argument("--budget", type=int, default=None,
                        help="conflicts per removal test (default: by size; 0: none)")
    parser.add_argument("--backend", default="cadical195")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", action="store_true",
                        help="compare with one call per orbit on the --plan sizes")
    parser.add_argument("--fill", default="", help="sizes for comparing fill back-ends")
    parser.add_argument("--fill-count", type=int, default=30, help="grids per fill back-end")
    parser.add_argument("--against", default="",
                        help="a directory holding older satdoku and cnf packages to compare with")
    parser.add_argument("--rounds", type=int, default=3,
                        help="runs of each side with --against (best one kept; default 3)")
    parser.add_argument("--rate", default="", help=argparse.SUPPRESS)  # one side of --against
    args = parser.parse_args()
    if args.rate:
        (size, count), = plan(args.rate)
        print(*rate(size, count, args))
        return
    if args.against:
        print("| board | puzzles | before: puzzles/s (CPU time) | after | speed-up |")
        print("|---|---|---|---|---|")
        for size, count in plan(args.plan):
            print(against(size, count, args), flush=True)
        return
    if args.fill:
        print("| board | fill | encoding | ms per grid | distinct grids "
              "| clues of minimal puzzles (no symmetry) |\n|---|---|---|---|---|---|")
        for size in map(int, args.fill.split(",")):
            fill(size, args.fill_count, args.seed)
        return
    if args.baseline:
        print("| board | puzzles | one call per orbit | galloping removal | speed-up |")
        print("|---|---|---|---|---|")
        for size, count in plan(args.plan):
            print(baseline(size, count, args), flush=True)
        return
    budget = "by size" if args.budget is None else args.budget
    print(f"symmetry {args.symmetry}, budget {budget} conflicts per test, "
          f"time limit {args.time_limit} s per puzzle, back-end {args.backend}")
    print("| board | puzzles | puzzles/s | median s | worst s | clues median (range) "
          "| proven minimal | calls/puzzle | set-up s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size, count in plan(args.plan):
        print(generation(size, count, args), flush=True)


if __name__ == "__main__":
    main()

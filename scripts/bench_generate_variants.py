"""Benchmark variant generation: templates, random jigsaw regions, random killer cages, drawn
thermos, arrows and dots.

    python scripts/bench_generate_variants.py                    # 9x9, 100 / 30 puzzles
    python scripts/bench_generate_variants.py --size 6 --count 200 --killers 100
    python scripts/bench_generate_variants.py --draw thermos,arrows,dots,xv  # what --draw draws
    python scripts/bench_generate_variants.py --reach 5 --seed 3  # --givens 0 reached, by kind
    python scripts/bench_generate_variants.py --minimal 12:20,16:10   # proven minimality

Every row is one process generating puzzles one after another (wall-clock seconds per
puzzle, set-up included in the first). Baselines measured in the same run, so that the
ratios survive a busy machine:

- classic 9x9 generation, the reference of the "vs classic" column;
- zero-given killers made by the same cut-and-merge loop, but with every uniqueness test on
  a CNF rebuilt from scratch with the current cages (what the selectors of
  satdoku.solving.guarded avoid), from the same grids and the same first cages;
- with --minimal PLAN: default budgets against --minimal from the same seeds (the same
  grids and first pass); the last column is how many orbits the default budgets left
  undecided (what --minimal then decides).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from cnf import Session, SolveResult
from satdoku.board import Board
from satdoku.encoding import build
from satdoku.formats import parse_json_puzzle
from satdoku.generating.cages import CageSession, random_cages
from satdoku.generating.drawing import Draw, default_count
from satdoku.generating.fill import Filler
from satdoku.generating.make import make_generator
from satdoku.generating.options import GenerateOptions
from satdoku.rules import Rule, parse_rules

ROOT = Path(__file__).resolve().parent.parent


def row(name: str, board: Board, rules: tuple[Rule, ...], options: GenerateOptions,
        count: int, seed: int, reference: float | None) -> tuple[str, float]:
    start = time.perf_counter()
    with make_generator(board, rules, options, seed) as generator:
        made = [generator.puzzle() for _ in range(count)]
    total = time.perf_counter() - start
    times = sorted(m.seconds for m in made)
    clues = [m.clues for m in made]
    median = statistics.median(times)
    ratio = f"{median / reference:.1f}x" if reference else "1.0x"
    return (f"| {name} | {count} | {count / total:,.1f} | {median:.4f} | {times[-1]:.4f} "
            f"| {ratio} | {statistics.median(clues):g} ({min(clues)}–{max(clues)}) "
            f"| {sum(m.proven_minimal for m in made)}/{count} "
            f"| {statistics.mean(m.calls for m in made):.1f} |"), median


class Rebuilt(CageSession):
    """The baseline: each test loads a new solver with the CNF of the current cages."""

    def test(self, cages, conflicts=None):
        self.tests = getattr(self, "tests", 0) + 1
        formula = build(self.board, (self.rule(cages),))
        n = self.board.n
        with Session(formula, self.session.backend) as session:
            session.add_clause([-(i * n + d) for i, d in enumerate(self.solution)])
            answer = session.solve([], conflict_budget=conflicts)
            self._model = session.model if answer is SolveResult.SAT else None
        return answer

    def model(self):
        return self._model


class Counted(CageSession):
    def test(self, cages, conflicts=None):
        self.tests = getattr(self, "tests", 0) + 1
        return super().test(cages, conflicts)


def incremental_vs_rebuilt(n: int, count: int, seed: int, sizes: tuple[int, int]) -> str:
    board, rng = Board.classic(n), random.Random(seed)
    with Filler(board) as filler:
        jobs = [(grid, random_cages(n, grid, rng, *sizes))
                for grid in (filler.grid(rng) for _ in range(count))]
    out = []
    for kind in (Rebuilt, Counted):
        start, tests = time.perf_counter(), 0
        for k, (grid, cages) in enumerate(jobs):
            with Session(build(board)) as session:
                maker = kind(session, board, grid, conflicts=1_000)
                unique, _ = maker.make_unique(cages, random.Random(k), sizes[1])
                assert unique
                tests += maker.tests
        seconds = time.perf_counter() - start
        out.append((seconds / count, 1000 * seconds / tests, tests / count))
    (slow, slow_ms, slow_tests), (fast, fast_ms, fast_tests) = out
    return (f"| {n}x{n} zero-given killers | {count} | {slow:.3f} s, {slow_tests:.1f} tests "
            f"({slow_ms:.1f} ms each) | {fast:.3f} s, {fast_tests:.1f} tests ({fast_ms:.1f} ms "
            f"each) | {slow / fast:.1f}x |")


def minimality(size: int, count: int, seed: int, time_limit: float | None,
               rules: tuple[Rule, ...]) -> list[str]:
    """Default budgets (the baseline) against --minimal, from the same seeds: the same
    grids, and the same first pass."""
    out = []
    for minimal in (False, True):
        options = GenerateOptions(minimal=minimal, time_limit=time_limit)
        cpu = time.process_time()
        with make_generator(Board.classic(size), rules, options, seed) as generator:
            made = [generator.puzzle() for _ in range(count)]
        cpu = time.process_time() - cpu
        times = sorted(m.seconds for m in made)
        undecided = [m.retested if minimal else m.undecided for m in made]
        out.append(f"| {size}x{size} | {'--minimal' if minimal else 'default budgets'} "
                   f"| {count} | {statistics.median(times):.3f} | {times[-1]:.3f} "
                   f"| {cpu / count:.3f} | {statistics.median(m.clues for m in made):g} "
                   f"| {sum(m.proven_minimal for m in made)}/{count} "
                   f"| {statistics.median(undecided):g} ({min(undecided)}–{max(undecided)}) |")
    return out


#: The kinds (alone and mixed) whose zero-given success --reach counts.
REACH = ("thermos", "arrows", "dots", "xv", "thermos,arrows", "thermos,arrows,dots")


def reach(n: int, count: int, seed: int) -> str:
    """How many of ``count`` puzzles drawn with --givens 0 end with no givens, per kind."""
    cells = []
    for kinds in REACH:
        draw = tuple(Draw(kind, default_count(kind, n)) for kind in kinds.split(","))
        options = GenerateOptions(draw=draw, clues=0)
        with make_generator(Board.classic(n), (), options, seed) as generator:
            made = [generator.puzzle() for _ in range(count)]
        cells.append(f"{sum(m.clues == 0 for m in made)}/{count}")
    return f"| {n}x{n} ({count} puzzles) | " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--count", type=int, default=100, help="puzzles per row")
    parser.add_argument("--killers", type=int, default=30, help="zero-given killers per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cage-size", default="2-5")
    parser.add_argument("--template", default="examples/thermo.json")
    parser.add_argument("--draw", default="thermos,arrows,dots",
                        help="kinds drawn by the --draw rows (default counts)")
    parser.add_argument("--minimal", metavar="PLAN",
                        help="only compare --minimal with default budgets, e.g. 16:20,25:1")
    parser.add_argument("--time-limit", type=float, help="seconds per puzzle (--minimal)")
    parser.add_argument("--rules", default="", help="global rules (--minimal)")
    parser.add_argument("--reach", type=int, metavar="COUNT",
                        help="only count, for COUNT puzzles per kind on 6x6 and 9x9, how "
                             "often --draw with --givens 0 reaches zero givens")
    args = parser.parse_args()
    if args.reach:
        print(f"seed {args.seed}, default counts, --givens 0: puzzles with no givens left")
        print("| board | " + " | ".join(REACH) + " |")
        print("|---" * (len(REACH) + 1) + "|")
        for n in (6, 9):
            print(reach(n, args.reach, args.seed), flush=True)
        return
    if args.minimal:
        print(f"seed {args.seed}, rot180, rules {args.rules or 'none'}, time limit "
              f"{args.time_limit} s per puzzle")
        print("| board | removal | puzzles | median s | worst s | CPU s per puzzle | clues "
              "median | proven minimal | orbits undecided by the first pass, median "
              "(range) |")
        print("|---|---|---|---|---|---|---|---|---|")
        for item in args.minimal.split(","):
            size, count = map(int, item.split(":"))
            print("\n".join(minimality(size, count, args.seed, args.time_limit,
                                        parse_rules(args.rules))), flush=True)
        return
    n, count, killers, seed = args.size, args.count, args.killers, args.seed
    sizes = tuple(map(int, args.cage_size.split("-")))
    board = Board.classic(n)
    template = parse_json_puzzle((ROOT / args.template).read_text())
    draw = tuple(Draw(kind, default_count(kind, n)) for kind in args.draw.split(","))
    print(f"{n}x{n}, seed {seed}, cage sizes {args.cage_size}, template {args.template}, "
          f"drawn {args.draw}, default budgets")
    print("| puzzles | count | puzzles/s | median s | worst s | median vs classic | clues "
          "median (range) | proven minimal | solver calls |")
    print("|---|---|---|---|---|---|---|---|---|")
    line, classic = row("classic (baseline)", board, (), GenerateOptions(), count, seed, None)
    print(line)
    plans = [
        ("template, givens dropped", template.board, template.rules,
         GenerateOptions(), count),
        ("jigsaw", board, (), GenerateOptions(jigsaw=True), count),
        ("killer, givens removed", board, (), GenerateOptions(cages=sizes), count),
        ("killer, zero givens", board, (), GenerateOptions(cages=sizes, clues=0), killers),
        ("killer + jigsaw, zero givens", board, (),
         GenerateOptions(cages=sizes, clues=0, jigsaw=True), killers),
        ("drawn, givens removed", board, (), GenerateOptions(draw=draw), count),
        ("drawn, zero givens", board, (), GenerateOptions(draw=draw, clues=0), killers),
        ("kropki: every dot, negative", board, (),
         GenerateOptions(draw=(Draw("dots", None),)), count),
        ("killer + 2 thermos, zero givens", board, (),
         GenerateOptions(cages=sizes, clues=0, draw=(Draw("thermos", 2),)), killers),
    ]
    for name, plan_board, rules, options, k in plans:
        print(row(name, plan_board, rules, options, k, seed, classic)[0])
    print()
    print("| cut-and-merge loop | puzzles | CNF rebuilt per test (baseline) | selectors in one "
          "session | speed-up |")
    print("|---|---|---|---|---|")
    print(incremental_vs_rebuilt(n, killers, seed, sizes))


if __name__ == "__main__":
    main()

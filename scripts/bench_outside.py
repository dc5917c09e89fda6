#!/usr/bin/env python3
"""Clues outside the grid: satdoku's encodings against an alternative each, in the same run.

- sandwiches: *digit sets* of each stretch between two positions of the 1 and the n
  (satdoku, while the sets can be listed) against *reading the line* as an automaton over
  partial sums (satdoku's encoding for big boards);
- X-sums: *digit sets* of the first X cells for each first digit X (satdoku) against a
  *weighted sum* of them for each X (satdoku.rules.sums, satdoku's encoding for big boards);
- skyscrapers: the *automaton* over (tallest so far, digits seen) (satdoku) against a
  *decomposition*: order literals "the tallest of the first k digits is at least d", a
  "seen" literal per cell, and sequential counters for "exactly count seen" (written here);
- little killers: the *MDD* of satdoku.rules.sums (satdoku) against *partial sums*
  (``s(j, t)`` = "the first j cells add up to t", forward implications only; written here).

Each puzzle comes from a random full grid (satdoku.generating.fill.random_grid): ``--clues``
clues of the family at random places, their values read off the grid, and ``--givens`` givens
of the grid. Both encodings check the same puzzles for uniqueness with a fresh solver
(CaDiCaL), so the ratios survive a noisy machine.

    python scripts/bench_outside.py --puzzles 20 --clues 10 --givens 6 --seed 1
    python scripts/bench_outside.py --puzzles 20 --clues 20 --givens 0 --seed 1 \
        --families sandwiches,x-sums,skyscrapers
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

from benchkit import measure_checks

from cnf import AMO, Formula, at_most_k
from satdoku import Board, Puzzle
from satdoku.generating.fill import random_grid
from satdoku.rules import cell_var
from satdoku.rules.outside import Clue, LittleKillers, OutsideClues, Sandwiches, Skyscrapers, XSums
from satdoku.rules.outside_cnf import encode_reading, live_transitions, sandwich_step
from satdoku.rules.outside_lines import DIAGONALS, line_direction, ray
from satdoku.rules.sums import require_sum
from satdoku.solving.solver import Status


@dataclass(frozen=True)
class ReadSandwiches(Sandwiches):
    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        edges = live_transitions(board.n, len(cells), "before", sandwich_step(board.n, value),
                                 lambda s: s == "after")
        encode_reading(board, formula, cells, edges, f"bench sandwich {cells} {value}")


@dataclass(frozen=True)
class SumXSums(XSums):
    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        for x in range(1, board.n + 1):
            first = cell_var(board, cells[0], x)
            if x == 1:
                if value != 1:
                    formula.add([-first])
                continue
            require_sum(board, formula, [(i, 1) for i in cells[1:x]], [value - x],
                        f"bench x-sum {cells} {x}", guard=first)


@dataclass(frozen=True)
class CountedSkyscrapers(Skyscrapers):
    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        n = board.n
        tallest: list[dict[int, int]] = []  # tallest[k][d]: "max of cells[0..k] >= d"
        seen = []
        for k, cell in enumerate(cells):
            here = {d: formula.var(("bench sky", cells, k, d)) for d in range(2, n + 1)}
            for d, m in here.items():
                above = [cell_var(board, cell, e) for e in range(d, n + 1)]
                formula.extend([-v, m] for v in above)
                before = [tallest[-1][d]] if tallest else []
                if before:
                    formula.add([-before[0], m])
                formula.add([-m, *before, *above])
            if tallest:
                s = formula.var(("bench seen", cells, k))
                for d in range(1, n + 1):
                    v, below = cell_var(board, cell, d), tallest[-1].get(d)
                    if below is None:  # d = 1: never seen after the first cell
                        formula.add([-v, -s])
                    else:
                        formula.extend([[-v, below, s], [-v, -below, -s]])
                seen.append(s)
            tallest.append(here)
        at_most_k(formula, seen, value - 1, AMO.SEQUENTIAL)              # the first is seen
        at_most_k(formula, [-s for s in seen], len(seen) - (value - 1), AMO.SEQUENTIAL)


@dataclass(frozen=True)
class PartialSumKillers(LittleKillers):
    def encode_clue(self, board: Board, formula: Formula, cells: tuple[int, ...],
                    value: int) -> None:
        reach: dict[int, int | None] = {0: None}
        last = len(cells) - 1
        for j, cell in enumerate(cells):
            step: dict[int, int | None] = {}
            for t, before in reach.items():
                for d in range(1, board.n + 1):
                    lit, total = cell_var(board, cell, d), t + d
                    guard = [] if before is None else [-before]
                    if total + (last - j) > value or (j == last and total != value) or (
                            total + (last - j) * board.n < value):
                        formula.add([*guard, -lit])
                    elif j < last:
                        if total not in step:
                            step[total] = formula.var(("bench psum", cells, j, total))
                        formula.add([*guard, -lit, step[total]])
            reach = step


FAMILIES = {
    "sandwiches": (Sandwiches, ReadSandwiches, "digit sets", "line automaton"),
    "x-sums": (XSums, SumXSums, "digit sets", "weighted sums"),
    "skyscrapers": (Skyscrapers, CountedSkyscrapers, "automaton", "decomposition"),
    "little killers": (LittleKillers, PartialSumKillers, "MDD (sums.py)", "partial sums"),
}


def clue_value(kind: type[OutsideClues], n: int, digits: list[int]) -> int:
    if kind is LittleKillers:
        return sum(digits)
    if kind is Sandwiches:
        a, b = sorted((digits.index(1), digits.index(n)))
        return sum(digits[a + 1:b])
    if kind is XSums:
        return sum(digits[:digits[0]])
    return sum(1 for k, d in enumerate(digits) if all(d > e for e in digits[:k]))


def places(board: Board, kind: type[OutsideClues]) -> list[tuple[int, int, str]]:
    n = board.n
    ring = [(r, c) for r in range(-1, n + 1) for c in range(-1, n + 1)
            if r in (-1, n) or c in (-1, n)]
    if not kind.diagonal:
        return [(r, c, "") for r, c in ring if (r in (-1, n)) != (c in (-1, n))]
    out = []
    for r, c in ring:
        for d in DIAGONALS:
            try:
                if len(ray(board, r, c, d)) >= 3:
                    out.append((r, c, d))
            except Exception:  # the direction does not enter the grid
                continue
    return out


def puzzles(board: Board, kind: type[OutsideClues], args: argparse.Namespace,
            rng: random.Random) -> list[tuple[tuple[Clue, ...], tuple[int, ...]]]:
    made = []
    for _ in range(args.puzzles):
        grid = random_grid(board, (), rng.randrange(10 ** 9))
        clues = []
        for r, c, d in rng.sample(places(board, kind), args.clues):
            cells = ray(board, r, c, d or line_direction(board, r, c))
            clues.append(Clue(r, c, clue_value(kind, board.n, [grid[i] for i in cells]), d))
        shown = set(rng.sample(range(board.n ** 2), args.givens))
        made.append((tuple(clues), tuple(d if i in shown else 0 for i, d in enumerate(grid))))
    return made


def measure(board: Board, kind: type[OutsideClues], made, limit: float) -> dict[str, float]:
    return measure_checks((Puzzle(board, givens, (kind(clues),)) for clues, givens in made),
                          ("timed out", Status.UNKNOWN), limit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzles", type=int, default=30)
    parser.add_argument("--clues", type=int, default=10)
    parser.add_argument("--givens", type=int, default=6)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds per check")
    parser.add_argument("--families", default=",".join(FAMILIES),
                        help=f"comma-separated, of: {', '.join(FAMILIES)} (default: all)")
    args = parser.parse_args()
    board = Board.classic(args.size)
    chosen = [f.strip() for f in args.families.split(",")]
    unknown = set(chosen) - set(FAMILIES)
    if unknown:
        parser.error(f"unknown families: {', '.join(sorted(unknown))}")
    print(f"{args.puzzles} puzzles per family, {args.size}x{args.size}, {args.clues} clues and "
          f"{args.givens} givens each, seed {args.seed}; uniqueness check, CaDiCaL, "
          f"{args.time_limit:g} s limit")
    keys: list[str] = []
    for family, (ours, other, our_name, other_name) in FAMILIES.items():
        if family not in chosen:
            continue
        made = puzzles(board, ours, args, random.Random(args.seed))
        rows = {our_name: measure(board, ours, made, args.time_limit),
                other_name: measure(board, other, made, args.time_limit)}
        if not keys:
            keys = list(rows[our_name])
            print("| family | encoding | " + " | ".join(keys) + " |")
            print("|---" * (len(keys) + 2) + "|")
        for name, row in rows.items():
            print(f"| {family} | {name} | " + " | ".join(
                f"{v:,.1f}" if isinstance(v, float) else f"{v:,}" for v in row.values()) + " |")
        a, b = rows[our_name], rows[other_name]
        ratio = b["check ms (mean)"] / max(a["check ms (mean)"], 1e-9)
        print(f"| {family} | {other_name} / {our_name} | check time x{ratio:.2f}, conflicts "
              f"x{b['conflicts (mean)'] / max(a['conflicts (mean)'], 1e-9):.2f} |"
              + " |" * (len(keys) - 1))


if __name__ == "__main__":
    main()

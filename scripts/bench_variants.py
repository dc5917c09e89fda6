#!/usr/bin/env python3
"""Variant puzzles: how long uniqueness and true candidates take with 20+ constraints.

Each puzzle is drawn from a random full 9×9 grid: lines, dots and clues outside the grid that
the grid satisfies (thermometers, whispers, between lines, arrows, kropki dots, XV, greater-than
signs, little killers, sandwiches, X-sums, skyscrapers, killer cages — every kind that is
registered), ``--constraints`` of them, and ``--givens`` givens of the grid. It is read through
the JSON reader like a user's file, then checked for uniqueness (``SudokuSolver.check``) and its
true candidates are computed (``true_candidates``), both through the API.

The baseline in the same run: checking plain 17-clue puzzles (``--seventeen``) with the same
code, so the figures are ratios that survive a noisy machine.

    python scripts/bench_variants.py --puzzles 50 --constraints 24 --seed 1 \
        --seventeen ../shared/data/17-clue.txt
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from satdoku import Board, SudokuSolver
from satdoku.analyse.candidates import true_candidates
from satdoku.formats import parse_puzzle
from satdoku.formats.json_fields import puzzle_from_json
from satdoku.generating.fill import random_grid
from satdoku.rules import DATA_KEYS

N = 9
BOARD = Board.classic(N)
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
Grid = tuple[int, ...]


def name(i: int) -> str:
    return BOARD.cell_name(i)


def walk(grid: Grid, rng: random.Random, ok: Callable[[list[int], int], bool],
         length: int) -> list[int]:
    """A random king's-move path of up to ``length`` cells, each step allowed by ``ok``."""
    path = [rng.randrange(N * N)]
    while len(path) < length:
        r, c = divmod(path[-1], N)
        steps = [(r + dr) * N + c + dc for dr, dc in KING
                 if 0 <= r + dr < N and 0 <= c + dc < N]
        steps = [j for j in steps if j not in path and ok(path, j)]
        if not steps:
            break
        path.append(rng.choice(steps))
    return path


def pairs() -> list[tuple[int, int]]:
    return [(i, i + 1) for i in range(N * N) if i % N < N - 1] + [
        (i, i + N) for i in range(N * N - N)]


def thermo(grid, rng):
    path = walk(grid, rng, lambda p, j: grid[j] > grid[p[-1]], rng.randint(3, 6))
    return ("thermos", [name(i) for i in path]) if len(path) >= 3 else None


def whisper(grid, rng):
    path = walk(grid, rng, lambda p, j: abs(grid[j] - grid[p[-1]]) >= 5, rng.randint(3, 6))
    return ("whispers", [name(i) for i in path]) if len(path) >= 3 else None


def between(grid, rng):
    path = walk(grid, rng, lambda p, j: True, rng.randint(3, 5))
    lo, hi = sorted((grid[path[0]], grid[path[-1]]))
    inside = all(lo < grid[i] < hi for i in path[1:-1])
    return ("between_lines", [name(i) for i in path]) if len(path) >= 3 and inside else None


def arrow(grid, rng):
    circle = rng.randrange(N * N)
    line: list[int] = []
    here = circle
    while sum(grid[i] for i in line) < grid[circle]:
        steps = [j for j in range(N * N) if _touch(here, j) and j != circle and j not in line]
        if not steps:
            return None
        here = rng.choice(steps)
        line.append(here)
    if len(line) < 2 or sum(grid[i] for i in line) != grid[circle]:
        return None
    return "arrows", {"circle": [name(circle)], "line": [name(i) for i in line]}


def _touch(i: int, j: int) -> bool:
    return max(abs(i // N - j // N), abs(i % N - j % N)) == 1


def dot(grid, rng):
    i, j = rng.choice(pairs())
    a, b = sorted((grid[i], grid[j]))
    if b - a == 1:
        return ("white_dots", [name(i), name(j)])
    if b == 2 * a:
        return ("black_dots", [name(i), name(j)])
    if a + b in (5, 10):
        return ("xv", {"cells": [name(i), name(j)], "sum": a + b})
    return ("greater_than", [name(i), name(j)] if grid[i] > grid[j] else [name(j), name(i)])


def outside(grid, rng):
    k = rng.randrange(N)
    line = [k * N + c for c in range(N)] if rng.random() < 0.5 else [r * N + k for r in range(N)]
    clue = f"r{k + 1}c0" if line[1] - line[0] == 1 else f"r0c{k + 1}"
    digits = [grid[i] for i in line]
    kind = rng.choice(["sandwiches", "x_sums", "skyscrapers"])
    if kind == "sandwiches":
        a, b = sorted((digits.index(1), digits.index(N)))
        return kind, {"clue": clue, "sum": sum(digits[a + 1:b])}
    if kind == "x_sums":
        return kind, {"clue": clue, "sum": sum(digits[:digits[0]])}
    seen = sum(1 for j, d in enumerate(digits) if d > max(digits[:j], default=0))
    return kind, {"clue": clue, "count": seen}


def little_killer(grid, rng):
    c = rng.randrange(1, N)
    cells = [k * N + c + k for k in range(N - c)]
    return "little_killers", {"clue": f"r0c{c}", "direction": "DR",
                              "sum": sum(grid[i] for i in cells)}


def cage(grid, rng):
    path = walk(grid, rng, lambda p, j: j - p[-1] in (1, -1, N, -N) and
                grid[j] not in [grid[i] for i in p], rng.randint(2, 4))
    return "cages", {"cells": [name(i) for i in path], "sum": sum(grid[i] for i in path)}


MAKERS = [thermo, whisper, between, arrow, dot, dot, outside, little_killer, cage]


def variant_puzzle(seed: int, constraints: int, givens: int) -> dict:
    rng = random.Random(seed)
    grid = random_grid(BOARD, seed=seed)
    makers = [m for m in MAKERS if _registered(m, grid, rng)]
    obj: dict = {"size": N}
    placed = 0
    while placed < constraints:
        made = rng.choice(makers)(grid, rng)
        if made and made[1] not in obj.get(made[0], []):
            obj.setdefault(made[0], []).append(made[1])
            placed += 1
    shown = set(rng.sample(range(N * N), givens))
    obj["givens"] = "".join(str(d) if i in shown else "." for i, d in enumerate(grid))
    return obj


def _registered(maker, grid, rng) -> bool:
    for _ in range(50):
        made = maker(grid, rng)
        if made:
            return made[0] in DATA_KEYS
    return False


def timed(call: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=30)
    parser.add_argument("--constraints", type=int, default=24)
    parser.add_argument("--givens", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seventeen", type=Path, help="17-clue file for the baseline")
    args = parser.parse_args()

    rows: list[tuple[float, float, float, str]] = []
    kinds: set[str] = set()
    for k in range(args.puzzles):
        obj = variant_puzzle(args.seed * 100_000 + k, args.constraints, args.givens)
        kinds.update(key for key in obj if key in DATA_KEYS)
        puzzle = puzzle_from_json(obj)
        build, solver = timed(lambda p=puzzle: SudokuSolver(p.board, p.rules).prepare())
        check, result = timed(lambda p=puzzle, s=solver: s.check(p))
        cands, _ = timed(lambda p=puzzle, s=solver, r=result: true_candidates(
            s, p, r.solutions))
        rows.append((build, check, cands, result.status.value))
    print(f"{args.puzzles} random 9x9 puzzles, {args.constraints} constraints and "
          f"{args.givens} givens each; kinds: {', '.join(sorted(kinds))}")
    statuses = statistics.multimode([r[3] for r in rows])
    print("status:", {s: sum(r[3] == s for r in rows) for s in {r[3] for r in rows}},
          "(most:", ", ".join(statuses) + ")")
    for label, col in (("build CNF + load solver", 0), ("uniqueness check", 1),
                       ("true candidates", 2)):
        times = sorted(r[col] for r in rows)
        print(f"{label:<24} median {statistics.median(times) * 1000:8.1f} ms   "
              f"max {times[-1] * 1000:8.1f} ms")
    if args.seventeen:
        lines = [ln.strip() for ln in args.seventeen.read_text().splitlines()
                 if ln.strip() and not ln.startswith("#")]
        plain = [parse_puzzle(ln) for ln in lines[:1000]]
        solver = SudokuSolver(BOARD)
        total, _ = timed(lambda: [solver.check(p) for p in plain])
        base = total / len(plain)
        median = statistics.median(r[1] for r in rows)
        print(f"baseline: plain 17-clue uniqueness check {base * 1e6:.0f} us "
              f"(variant check median = {median / base:.0f}x that)")


if __name__ == "__main__":
    main()

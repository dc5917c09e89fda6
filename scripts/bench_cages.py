#!/usr/bin/env python3
"""Killer cage sums: the digit-set encoding (satdoku's) against a partial-sum encoding.

Both are exact. *digit sets* (``satdoku.rules.cages``): a selector per set of digits that
can fill the cage, linked to "digit d is in the cage" variables. *partial sums* (the usual
textbook alternative, written here only for comparison): ``s(j, t)`` = "the first j cells
add up to t", with ``s(j-1, t) ∧ v(c_j, d) → s(j, t+d)`` and every wrong final total
forbidden. Random killer puzzles are made from random full grids cut into random cages
(every cell caged, no givens); each is checked for uniqueness with a fresh solver.

    python scripts/bench_cages.py --puzzles 40 --seed 1 --max-cage 5
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

from benchkit import measure_checks

from cnf import AMO, Formula
from satdoku import Board, Puzzle, SudokuSolver
from satdoku.rules import Cage, KillerCages, cell_var


@dataclass(frozen=True)
class PartialSumCages(KillerCages):
    """Killer cages whose sums use the partial-sum encoding (benchmark baseline)."""

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for cage in self.cages:
            if cage.total is None:
                continue
            reach = {0: None}  # partial sums reachable so far → their variable (0: none)
            last = len(cage.cells) - 1
            for j, cell in enumerate(cage.cells):
                step: dict[int, int | None] = {}
                for t, before in reach.items():
                    for d in range(1, board.n + 1):
                        lit, total = cell_var(board, cell, d), t + d
                        guard = [] if before is None else [-before]
                        if total > cage.total or (j == last and total != cage.total):
                            formula.add([*guard, -lit])
                        elif j < last:
                            if total not in step:
                                step[total] = formula.var(("psum", cage.cells, j, total))
                            formula.add([*guard, -lit, step[total]])
                reach = step


def random_grid(board: Board, rng: random.Random) -> tuple[int, ...]:
    solver = SudokuSolver(board)
    while True:
        givens = [0] * board.n ** 2
        for i in rng.sample(list(board.cells), board.n):
            givens[i] = rng.randint(1, board.n)
        puzzle = Puzzle(board, tuple(givens))
        if not puzzle.clashes():
            result = solver.solve(puzzle)
            if result.solutions:
                return result.solutions[0]


def random_cages(board: Board, grid: tuple[int, ...], rng: random.Random,
                 largest: int) -> tuple[Cage, ...]:
    """Cut the grid into connected cages of distinct digits, sizes 1..largest."""
    n, left, cages = board.n, set(board.cells), []
    for start in rng.sample(list(board.cells), n * n):
        if start not in left:
            continue
        cage, target = [start], rng.randint(2, largest)
        left.discard(start)
        while len(cage) < target:
            near = [j for i in cage for j in (i - n, i + n) + ((i - 1,) if i % n else ())
                    + ((i + 1,) if (i + 1) % n else ())
                    if j in left and grid[j] not in {grid[k] for k in cage}]
            if not near:
                break
            cage.append(rng.choice(near))
            left.discard(cage[-1])
        cages.append(Cage(tuple(sorted(cage)), sum(grid[i] for i in cage)))
    return tuple(cages)


def measure(puzzles: list[tuple[Board, tuple[Cage, ...]]], kind: type) -> dict[str, float]:
    return measure_checks(Puzzle(board, (0,) * board.n ** 2, (kind(cages),))
                          for board, cages in puzzles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzles", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--max-cage", type=int, default=5, help="largest cage size")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    board = Board.classic(args.size)
    puzzles = [(board, random_cages(board, random_grid(board, rng), rng, args.max_cage))
               for _ in range(args.puzzles)]
    rows = {"digit sets": measure(puzzles, KillerCages),
            "partial sums": measure(puzzles, PartialSumCages)}
    keys = list(next(iter(rows.values())))
    print(f"{args.puzzles} killer puzzles {args.size}x{args.size}, cages up to "
          f"{args.max_cage} cells, seed {args.seed}; uniqueness check, CaDiCaL")
    print("| encoding | " + " | ".join(keys) + " |")
    print("|---" * (len(keys) + 1) + "|")
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(f"{v:,.1f}" if isinstance(v, float) else f"{v:,}"
                                           for v in row.values()) + " |")


if __name__ == "__main__":
    main()

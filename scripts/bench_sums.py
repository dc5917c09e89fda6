#!/usr/bin/env python3
"""Arrow sums: the decision-diagram encoding (satdoku's) against two simpler exact ones.

All three are exact; they differ in size and in what unit propagation finds.

- *diagram* (``satdoku.rules.sums``): partial-sum states with transition variables and
  support both ways; unit propagation is arc consistent.
- *forward sums*: ``s(j, t)`` = "the first j cells of the line add up to t", with only
  ``s(j-1, t) ∧ v(c_j, d) → s(j, t+d)`` and the last layer tied to the circle
  (``s(L, t) → circle = t``); the usual textbook encoding, propagating forwards only.
- *tuples*: one clause per tuple of line digits, ``¬v(c_1, d_1) ∨ … ∨ ¬v(c_L, d_L) ∨
  circle = Σd`` (n^L clauses per arrow); propagates once all but one cell is known.

Random arrow puzzles: arrows (single circles, lines of 2–4 cells) drawn to agree with a
random full grid, then givens of that grid added (by the diagram solver) until the puzzle is
unique. Each puzzle is checked for uniqueness with a fresh solver per encoding.

    python scripts/bench_sums.py --puzzles 20 --seed 1
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
from dataclasses import dataclass

from benchkit import measure_checks

from cnf import AMO, Formula
from satdoku import Board, Puzzle, SudokuSolver
from satdoku.generating.fill import random_grid
from satdoku.rules import cell_var
from satdoku.rules.arrows import Arrow, Arrows
from satdoku.rules.json_values import adjacent
from satdoku.solving.solver import Status


@dataclass(frozen=True)
class ForwardArrows(Arrows):
    """Arrows with forward partial sums only (benchmark baseline; single circles)."""

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        n = board.n
        for k, arrow in enumerate(self.arrows):
            (circle,), reach = arrow.circle, {0: None}
            for j, cell in enumerate(arrow.line):
                step: dict[int, int] = {}
                for t, before in reach.items():
                    for d in range(1, n + 1):
                        guard = [] if before is None else [-before]
                        if t + d > n:  # beyond any circle digit
                            formula.add([*guard, -cell_var(board, cell, d)])
                            continue
                        if t + d not in step:
                            step[t + d] = formula.var(("fwd", k, j, t + d))
                        formula.add([*guard, -cell_var(board, cell, d), step[t + d]])
                reach = step
            formula.extend([-lit, cell_var(board, circle, t)] for t, lit in reach.items())


@dataclass(frozen=True)
class TupleArrows(Arrows):
    """Arrows as one clause per tuple of line digits (benchmark baseline; single circles)."""

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        n = board.n
        for arrow in self.arrows:
            (circle,) = arrow.circle
            for digits in itertools.product(range(1, n + 1), repeat=len(arrow.line)):
                clause = [-cell_var(board, c, d) for c, d in zip(arrow.line, digits, strict=True)]
                if sum(digits) <= n:
                    clause.append(cell_var(board, circle, sum(digits)))
                formula.add(clause)


def random_arrows(board: Board, grid: tuple[int, ...], rng: random.Random,
                  count: int) -> tuple[Arrow, ...]:
    """Up to ``count`` arrows that ``grid`` satisfies, on cells used once each."""
    n, used, arrows = board.n, set(), []
    for _ in range(50_000):
        if len(arrows) == count:
            break
        circle = rng.randrange(n * n)
        line = [circle]
        for _ in range(rng.randint(2, 4)):
            near = [j for j in range(n * n) if adjacent(board, line[-1], j)
                    and j not in used and j not in line]
            if not near:
                break
            line.append(rng.choice(near))
        cells = set(line)
        if len(line) < 3 or cells & used or sum(grid[i] for i in line[1:]) != grid[circle]:
            continue
        arrows.append(Arrow((circle,), tuple(line[1:])))
        used |= cells
    return tuple(arrows)


def make_puzzle(board: Board, seed: int, rng: random.Random, count: int) -> Puzzle:
    grid = random_grid(board, seed=seed)
    rule = Arrows(random_arrows(board, grid, rng, count))
    solver, givens = SudokuSolver(board, (rule,)), [0] * board.n ** 2
    while (result := solver.check(Puzzle(board, tuple(givens), (rule,)))).status is not \
            Status.UNIQUE:
        first, second = result.solutions
        cell = rng.choice([i for i in board.cells if first[i] != second[i]])
        givens[cell] = grid[cell]
    return Puzzle(board, tuple(givens), (rule,))


def measure(puzzles: list[Puzzle], kind: type) -> dict[str, float]:
    return measure_checks(Puzzle(p.board, p.givens, (kind(p.rules[0].arrows),))
                          for p in puzzles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--arrows", type=int, default=12, help="arrows per puzzle")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    board = Board.classic(9)
    puzzles = [make_puzzle(board, args.seed * 1000 + k, rng, args.arrows)
               for k in range(args.puzzles)]
    rows = {"diagram": measure(puzzles, Arrows), "forward sums": measure(puzzles, ForwardArrows),
            "tuples": measure(puzzles, TupleArrows)}
    keys = list(rows["diagram"])
    givens = statistics.mean(p.num_givens for p in puzzles)
    print(f"{args.puzzles} arrow puzzles 9x9, {args.arrows} arrows, {givens:.1f} givens on "
          f"average, seed {args.seed}; uniqueness check, CaDiCaL")
    print("| encoding | " + " | ".join(keys) + " |")
    print("|---" * (len(keys) + 1) + "|")
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(f"{v:,.1f}" if isinstance(v, float) else f"{v:,}"
                                           for v in row.values()) + " |")
    base = rows["diagram"]["check ms (mean)"]
    print("mean check time relative to the diagram: " + ", ".join(
        f"{name} {row['check ms (mean)'] / base:.2f}x" for name, row in rows.items()))


if __name__ == "__main__":
    main()

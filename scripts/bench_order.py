#!/usr/bin/env python3
"""Whisper lines: the support encoding (satdoku's) against an order encoding.

Both are arc consistent for one pair of neighbours. *support* (``satdoku.rules.lines_order``):
``v(i,a) → ∨ {v(j,b) : |a−b| ≥ k}``. *order* (written here only for comparison): with the
order literals ``ge(j,t)`` "digit of j ≥ t" (``satdoku.rules.order``),
``v(i,a) → ge(j, a+k) ∨ ¬ge(j, a−k+1)`` — three literals instead of up to n, plus the
channelling of every cell on a line. Random whisper puzzles are made from random full grids:
whisper lines that the grid satisfies, then givens from the grid until the puzzle is unique,
then givens removed while it stays unique (a minimal puzzle). Each puzzle is checked for
uniqueness by a fresh solver with each encoding, in the same run.

    python scripts/bench_order.py --puzzles 12 --seed 1
    python scripts/bench_order.py --puzzles 12 --seed 2 --difference 4    # Dutch whispers
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from itertools import pairwise

from bench_cages import random_grid  # the same random full grids as the killer benchmark

from cnf import AMO, Formula
from satdoku import Board, Puzzle, SudokuSolver
from satdoku.encoding import build
from satdoku.rules import cell_var
from satdoku.rules.json_values import adjacent
from satdoku.rules.lines_order import WhisperLine, Whispers, default_difference
from satdoku.rules.order import add_clause, ge, negate


@dataclass(frozen=True)
class OrderWhispers(Whispers):
    """Whisper lines through order literals (benchmark alternative)."""

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for line in self.lines:
            k = line.gap(board.n)
            for i, j in pairwise(line.cells):
                for x, y in ((i, j), (j, i)):
                    for a in range(1, board.n + 1):
                        add_clause(formula, [-cell_var(board, x, a), ge(board, formula, y, a + k),
                                             negate(ge(board, formula, y, a - k + 1))])


def whisper_lines(board: Board, grid: tuple[int, ...], rng: random.Random, count: int,
                  k: int | None) -> tuple[WhisperLine, ...]:
    """Up to ``count`` lines of 3..8 cells (no cell on two lines) that ``grid`` satisfies."""
    gap, used, lines = k or default_difference(board.n), set(), []
    for _ in range(40 * count):
        line = [rng.choice([i for i in board.cells if i not in used])]
        for _ in range(rng.randint(2, 7)):
            near = [j for j in board.cells if j not in used and j not in line
                    and adjacent(board, line[-1], j) and abs(grid[j] - grid[line[-1]]) >= gap]
            if not near:
                break
            line.append(rng.choice(near))
        if len(line) >= 3:
            lines.append(WhisperLine(tuple(line), k))
            used.update(line)
        if len(lines) == count:
            break
    return tuple(lines)


def minimal_puzzle(board: Board, grid: tuple[int, ...], rule: Whispers,
                   rng: random.Random) -> Puzzle:
    """Givens of ``grid`` added until the puzzle is unique, then removed while it stays so."""
    solver, givens = SudokuSolver(board, (rule,)), [0] * board.n ** 2
    while True:
        result = solver.check(Puzzle(board, tuple(givens), (rule,)))
        if result.status.value == "unique":
            break
        first, second = result.solutions[:2]
        i = rng.choice([c for c in board.cells if first[c] != second[c]])
        givens[i] = grid[i]
    for i in rng.sample(list(board.cells), board.n ** 2):
        if givens[i]:
            givens[i] = 0
            if solver.check(Puzzle(board, tuple(givens), (rule,))).status.value != "unique":
                givens[i] = grid[i]
    return Puzzle(board, tuple(givens), (rule,))


def measure(puzzles: list[Puzzle], kind: type) -> dict[str, float]:
    build.cache_clear()  # (the CNF of each encoding is built afresh, and timed)
    making, check, conflicts, clauses = [], [], [], []
    for puzzle in puzzles:
        rule = kind(puzzle.rules[0].lines)
        start = time.perf_counter()
        solver = SudokuSolver(puzzle.board, (rule,)).prepare()
        middle = time.perf_counter()
        result = solver.check(Puzzle(puzzle.board, puzzle.givens, (rule,)))
        check.append(time.perf_counter() - middle)
        making.append(middle - start)
        assert result.status.value == "unique"
        stats = solver.stats()
        conflicts.append(stats.get("conflicts", 0))
        clauses.append(stats["clauses"])
    return {"build ms": 1000 * statistics.mean(making),
            "check ms (median)": 1000 * statistics.median(check),
            "check ms (mean)": 1000 * statistics.mean(check),
            "conflicts (mean)": statistics.mean(conflicts),
            "clauses": statistics.mean(clauses)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzles", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=10, help="whisper lines per puzzle")
    parser.add_argument("--difference", type=int, default=None, help="default: ⌈n/2⌉")
    parser.add_argument("--rounds", type=int, default=3, help="best of this many timings")
    args = parser.parse_args()
    rng, board = random.Random(args.seed), Board.classic(9)
    puzzles = []
    for _ in range(args.puzzles):
        grid = random_grid(board, rng)
        rule = Whispers(whisper_lines(board, grid, rng, args.lines, args.difference))
        puzzles.append(minimal_puzzle(board, grid, rule, rng))
    rows: dict[str, dict[str, float]] = {}
    for _ in range(args.rounds):  # alternate, keep each figure's best (a noisy machine)
        for name, kind in (("support", Whispers), ("order", OrderWhispers)):
            row = measure(puzzles, kind)
            rows[name] = {key: min(value, rows.get(name, row)[key]) for key, value in row.items()}
    givens = statistics.mean(p.num_givens for p in puzzles)
    print(f"{args.puzzles} whisper puzzles 9x9, {args.lines} lines, difference "
          f"{args.difference or 5}, {givens:.1f} givens (minimal), seed {args.seed}; "
          "uniqueness check, CaDiCaL, best of " + str(args.rounds))
    keys = list(rows["support"])
    print("| encoding | " + " | ".join(keys) + " |")
    print("|---" * (len(keys) + 1) + "|")
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(f"{v:,.1f}" for v in row.values()) + " |")
    ratio = {key: rows["order"][key] / rows["support"][key] for key in keys
             if rows["support"][key]}
    print("| order / support | " + " | ".join(f"{ratio[key]:.2f}" if key in ratio else "–"
                                             for key in keys) + " |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Time to generate multi-grid puzzles (samurai by default), each verified afresh.

For each seed, one puzzle from a new :class:`~satdoku.generating.givens.Generator` (building the CNF
and loading the solvers included: what ``satdoku generate --layout samurai`` does once), timed
in CPU seconds; then, outside the timing, checked independently of the generator:

- unique: a new solver (another back-end, MiniSat) finds exactly one solution;
- every grid cut out of the canvas by its offset is a complete classic grid (the classic
  checker on each n×n grid, not the multi-grid board's units);
- the clue pattern has the symmetry, and removing any orbit of givens leaves a second
  solution (minimal for its symmetry).

    python scripts/bench_multigrid.py --layout samurai --seeds 21
"""

from __future__ import annotations

import argparse
import statistics
import time

from satdoku.board import Board
from satdoku.generating.givens import Generator
from satdoku.generating.options import GenerateOptions
from satdoku.multigrid import MultiBoard
from satdoku.puzzle import Puzzle
from satdoku.rules import classic_rules
from satdoku.rules.checker import grid_checker
from satdoku.solving.solver import count
from satdoku.symmetry import Symmetry


def grids_hold(board: MultiBoard, grid: tuple[int, ...]) -> bool:
    """Each n×n grid, cut out of the canvas by its offset, is a complete classic grid."""
    shape = Board(board.n, board.box)
    holds = grid_checker(shape, classic_rules(shape))
    at = dict(zip(board.coords, grid, strict=True))
    n = board.n
    return all(holds(tuple(at[r0 + r, c0 + c] for r in range(n) for c in range(n)))
               for r0, c0 in board.grids)


def verify(board: MultiBoard, puzzle: Puzzle, solution: tuple[int, ...],
           symmetry: Symmetry) -> list[str]:
    """What is wrong with a generated puzzle (nothing: [])."""
    problems = []
    if count(puzzle, limit=2, backend="minisat22").count != 1:
        problems.append("not unique")
    if not grids_hold(board, solution):
        problems.append("a grid of the solution breaks the classic rules")
    given = {i for i, d in enumerate(puzzle.givens) if d}
    if not symmetry.holds_for(board, given):
        problems.append(f"not {symmetry.value}-symmetric")
    for orbit in {symmetry.orbit(board, i) for i in given}:
        fewer = tuple(0 if i in orbit else d for i, d in enumerate(puzzle.givens))
        if count(Puzzle(board, fewer), limit=2, backend="minisat22").count < 2:
            problems.append(f"not minimal: {orbit} can go")
            break
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", default="samurai")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--symmetry", default="rot180")
    parser.add_argument("--seeds", type=int, default=21)
    args = parser.parse_args()
    board = MultiBoard.layout(args.layout, args.size)
    symmetry = Symmetry(args.symmetry)
    options = GenerateOptions(symmetry=symmetry, minimal=True)
    times, clues, bad = [], [], 0
    for seed in range(1, args.seeds + 1):
        start = time.process_time()
        with Generator(board, options=options, seed=seed) as generator:
            made = generator.puzzle()
        times.append(time.process_time() - start)
        clues.append(made.clues)
        problems = verify(board, made.puzzle, made.solution, symmetry)
        if problems or not made.proven_minimal:
            bad += 1
            print(f"seed {seed}: {'; '.join(problems) or 'minimality not proven'}")
    print(f"{board.describe()}, {symmetry.value}, {args.seeds} seeds: CPU seconds a puzzle "
          f"(new generator each) median {statistics.median(times):.3f}, max {max(times):.3f}; "
          f"clues median {statistics.median(clues)} ({min(clues)}-{max(clues)}); "
          f"{args.seeds - bad} of {args.seeds} verified unique, symmetric, minimal")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

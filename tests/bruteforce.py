"""A tiny brute-force solver for small boards, written straight from the rules' checkers.

It never touches the CNF: it places digits cell by cell and backtracks as soon as any
rule's ``violations`` reports a clash on the partial grid. Differential oracle for 4×4 and
6×6 boards.
"""

from __future__ import annotations

from collections.abc import Iterator

from satdoku.puzzle import Puzzle
from satdoku.rules import all_rules


def brute_solutions(puzzle: Puzzle, limit: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every solution of ``puzzle`` by plain backtracking (use on small boards only)."""
    board = puzzle.board
    rules = all_rules(board, puzzle.rules)
    grid = list(puzzle.givens)
    if any(v for r in rules for v in r.violations(board, tuple(grid))):
        return
    blanks = [i for i, d in enumerate(grid) if d == 0]
    found = 0

    def place(k: int) -> Iterator[tuple[int, ...]]:
        nonlocal found
        if k == len(blanks):
            found += 1
            yield tuple(grid)
            return
        cell = blanks[k]
        for d in range(1, board.n + 1):
            if (cell, d) in puzzle.eliminated:
                continue
            grid[cell] = d
            snapshot = tuple(grid)
            if not any(True for r in rules for v in r.violations(board, snapshot)
                       if cell in v.cells):
                yield from place(k + 1)
                if limit is not None and found >= limit:
                    grid[cell] = 0
                    return
        grid[cell] = 0

    yield from place(0)

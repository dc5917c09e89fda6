"""Shared oracles for the tests of variant rules: brute-force agreement and random grids.

``agree(puzzle)`` solves a puzzle through the CNF and by plain backtracking over the rules'
own checkers (:mod:`tests.bruteforce`), asserts both find the same solutions and that every
solution passes every checker, and returns their number. ``random_solution`` gives a random
completed grid of a board (classic rules only), from which random rule instances that the
grid satisfies can be drawn.
"""

from __future__ import annotations

import random

from satdoku import Board, Puzzle
from satdoku.rules import all_rules
from satdoku.solving.solver import SudokuSolver
from tests.bruteforce import brute_solutions


def agree(puzzle: Puzzle) -> int:
    """The number of solutions, after checking CNF and brute force find the same ones."""
    expected = set(brute_solutions(puzzle))
    got = list(SudokuSolver(puzzle.board, puzzle.rules).solutions(puzzle))
    assert len(got) == len(set(got)), "duplicate solutions"
    assert set(got) == expected, f"{len(got)} vs brute force {len(expected)}: {puzzle}"
    board = puzzle.board
    for solution in got:
        for rule in all_rules(board, puzzle.rules):
            assert not list(rule.violations(board, solution)), (rule, solution)
    return len(got)


def random_solution(board: Board, rng: random.Random) -> tuple[int, ...]:
    """A random completed grid of ``board`` under its classic rules (digits relabelled at
    random from a solution whose first cells are random)."""
    n = board.n
    givens = [0] * (n * n)
    for i, d in zip(rng.sample(range(n * n), 2), rng.sample(range(1, n + 1), 2), strict=True):
        givens[i] = d
    found = next(brute_solutions(Puzzle(board, tuple(givens)), limit=1), None)
    if found is None:  # two random givens can clash with the boxes
        found = next(brute_solutions(Puzzle(board, (0,) * (n * n)), limit=1))
    relabel = dict(zip(range(1, n + 1), rng.sample(range(1, n + 1), n), strict=True))
    return tuple(relabel[d] for d in found)

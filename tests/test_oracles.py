"""Known counts as oracles, and differential testing against brute force."""

from __future__ import annotations

import random

import pytest

from bruteforce import brute_solutions
from cnf import AMO
from satdoku import Board, Puzzle, SudokuSolver, count, parse_puzzle
from satdoku.encoding import Encoding


def test_288_completed_4x4_grids():
    result = count(parse_puzzle("." * 16))
    assert (result.count, result.complete) == (288, True)


def test_count_limit_is_honest():
    result = count(parse_puzzle("." * 16), limit=100)
    assert (result.count, result.complete) == (100, False)


def reduced_latin(n: int) -> Puzzle:
    """First row and first column fixed to 1..n; no boxes."""
    givens = [0] * (n * n)
    for k in range(n):
        givens[k] = givens[k * n] = k + 1
    return Puzzle(Board(n), tuple(givens))


@pytest.mark.parametrize("n, expected", [(1, 1), (2, 1), (3, 1), (4, 4), (5, 56), (6, 9408)])
def test_reduced_latin_squares(n, expected):
    assert count(reduced_latin(n)).count == expected


@pytest.mark.parametrize("amo", [AMO.PAIRWISE, AMO.SEQUENTIAL])
@pytest.mark.parametrize("encoding", list(Encoding))
def test_every_encoding_counts_288(encoding, amo):
    solver = SudokuSolver(Board.classic(4), encoding=encoding, amo=amo)
    assert solver.count(parse_puzzle("." * 16)).count == 288


def random_puzzle(rng: random.Random, n: int, keep: float) -> Puzzle:
    """A random full grid with a fraction ``keep`` of its cells given."""
    board = Board.classic(n)
    solver = SudokuSolver(board)
    empty = Puzzle(board, (0,) * (n * n))
    seed = rng.randrange(n * n)
    givens = [0] * (n * n)
    givens[seed] = rng.randint(1, n)
    full = solver.solve(Puzzle(board, tuple(givens))).solutions[0]
    assert solver.solve(empty).solutions
    return Puzzle(board, tuple(d if rng.random() < keep else 0 for d in full))


@pytest.mark.parametrize("n, keep", [(4, 0.3), (6, 0.45)])
def test_counts_agree_with_brute_force(n, keep):
    rng = random.Random(n)
    for _ in range(15):
        puzzle = random_puzzle(rng, n, keep)
        expected = sum(1 for _ in brute_solutions(puzzle, limit=500))
        got = count(puzzle, limit=500).count
        assert got == expected, puzzle.givens

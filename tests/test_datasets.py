"""Real puzzles: samples of the public datasets, every solution independently verified."""

from __future__ import annotations

import random

import pytest

from conftest import DATA
from satdoku import Board, Puzzle, Status, SudokuSolver, read_puzzles
from satdoku.rules import classic_rules


def load(name: str) -> list[Puzzle]:
    records = list(read_puzzles((DATA / name).read_text(), name))
    assert all(r.puzzle for r in records)
    return [r.puzzle for r in records]


def independent_check(puzzle: Puzzle, grid: tuple[int, ...]) -> None:
    """Checked from the rule definitions directly, not through satdoku's own verify."""
    n = puzzle.board.n
    assert sorted(set(grid)) == list(range(1, n + 1))
    for unit in puzzle.board.units:
        assert sorted(grid[i] for i in unit) == list(range(1, n + 1))
    assert all(g == d for g, d in zip(grid, puzzle.givens, strict=True) if d)
    for rule in classic_rules(puzzle.board):
        assert not list(rule.violations(puzzle.board, grid))


def test_17_clue_sample_all_unique():
    puzzles = load("17clue-300.txt")
    assert len(puzzles) == 300 and all(p.num_givens == 17 for p in puzzles)
    solver = SudokuSolver(Board.classic(9))
    for p in puzzles:
        result = solver.check(p)
        assert result.status is Status.UNIQUE, p.givens
        independent_check(p, result.solutions[0])


def test_a_worn_session_is_renewed_between_puzzles_and_stats_add_up():
    """Renewal (thousands of calls slow a session down) is invisible but in the speed."""
    puzzles = load("17clue-300.txt")[:40]
    solver = SudokuSolver(Board.classic(9))
    sessions = []  # kept alive, so that no two are ever the same object
    for k, p in enumerate(puzzles):
        if k % 10 == 0:
            solver.session._worn_at = 0.0  # as after much solving
        result = solver.check(p)
        if not any(solver.session is seen for seen in sessions):
            sessions.append(solver.session)
        assert result.status is Status.UNIQUE
        independent_check(p, result.solutions[0])
    assert len(sessions) == 4
    # one or two calls per uniqueness check (one when CaDiCaL needed no decision), added up
    # over the four sessions (the last one alone made at most 20 calls: 40 or more means the
    # counts of the closed sessions were kept)
    assert len(puzzles) <= solver.stats()["calls"] <= 2 * len(puzzles)


def test_top1465_sample_unique_on_two_backends():
    puzzles = load("top1465-100.txt")
    for backend in ("cadical195", "glucose4"):
        solver = SudokuSolver(Board.classic(9), backend=backend)
        for p in puzzles:
            result = solver.check(p)
            assert result.status is Status.UNIQUE, p.givens
            independent_check(p, result.solutions[0])


def test_benchmark_set_has_several_solutions():
    solver = SudokuSolver(Board.classic(9))
    for p in load("serg-100.txt"):
        result = solver.check(p)
        assert result.status is Status.MULTIPLE
        first, second = result.solutions
        assert first != second
        independent_check(p, first)
        independent_check(p, second)


@pytest.mark.parametrize("n, keep", [(16, 0.45), (25, 0.5)])
def test_big_boards(n, keep):
    board = Board.classic(n)
    solver = SudokuSolver(board)
    rng = random.Random(n)
    seed = [0] * (n * n)
    for k, cell in enumerate(rng.sample(range(n), n)):  # a random first row
        seed[cell] = k + 1
    full = solver.solve(Puzzle(board, tuple(seed)), time_limit=60).solutions[0]
    independent_check(Puzzle(board, tuple(seed)), full)
    puzzle = Puzzle(board, tuple(d if rng.random() < keep else 0 for d in full))
    result = solver.solve(puzzle, time_limit=60)
    assert result.status is Status.SOLVED
    independent_check(puzzle, result.solutions[0])

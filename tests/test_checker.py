"""The fast yes/no grid checker agrees with the rules' own ``violations`` on every grid.

The checker (satdoku/rules/checker.py) vouches for every solution satdoku prints, so it is
held against the slow, plainly written definition: complete (n² digits in 1..n) and no rule
reports a violation. Grids are valid solutions and small damages of them (one cell changed,
two cells swapped, digits relabelled, a blank, out-of-range values), on boards that take both
of its paths: the bit sum (up to BIT_SUM_LIMIT) and the tag set (forced here with limit 0).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satdoku.rules.checker as checker
from satdoku import Board, Puzzle
from satdoku.rules import Cage, Diagonal, ExtraRegions, KillerCages, all_rules, parse_rules
from satdoku.solving.solver import SudokuSolver
from tests.conftest import JIGSAW6

SETTINGS = {
    "4x4": (Board.classic(4), ()),
    "9x9": (Board.classic(9), ()),
    "9x9 diagonal + extra regions (3 cells)": (
        Board.classic(9), (Diagonal(), ExtraRegions(((0, 10, 20), (80, 70, 60))))),
    "9x9 anti-knight (not a region rule)": (Board.classic(9), parse_rules("anti-knight")),
    "9x9 killer cages": (Board.classic(9), (KillerCages((Cage((0, 1), 3),)),)),
    "6x6 jigsaw": (JIGSAW6, ()),
    "5x5 Latin square": (Board.classic(5, "1x5"), ()),
    "16x16": (Board.classic(16), ()),
}


def solution(board: Board, rules: tuple) -> tuple[int, ...]:
    puzzle = Puzzle(board, (0,) * board.n ** 2, rules)
    return SudokuSolver(board, rules).solve(puzzle).solutions[0]


def keeps_rules(board: Board, rules: tuple, grid: tuple[int, ...]) -> bool:
    """The definition, written plainly: complete, and no rule reports a violation."""
    if len(grid) != board.n ** 2 or not all(1 <= d <= board.n for d in grid):
        return False
    return not any(v for rule in all_rules(board, rules) for v in rule.violations(board, grid))


def checkers(board: Board, rules: tuple, monkeypatch: pytest.MonkeyPatch) -> list:
    """The checker on both of its paths (uncached: the limit is read when it is built)."""
    full = all_rules(board, rules)
    built = [checker.grid_checker.__wrapped__(board, full)]
    monkeypatch.setattr(checker, "BIT_SUM_LIMIT", 0)
    built.append(checker.grid_checker.__wrapped__(board, full))
    monkeypatch.undo()
    return built


damage = st.one_of(
    st.tuples(st.just("set"), st.integers(0, 10 ** 6), st.integers(-2, 18)),
    st.tuples(st.just("swap"), st.integers(0, 10 ** 6), st.integers(0, 10 ** 6)),
    st.tuples(st.just("relabel"), st.randoms(use_true_random=False), st.none()),
    st.tuples(st.just("cut"), st.integers(0, 10 ** 6), st.none()),
    st.tuples(st.just("none"), st.none(), st.none()),
)


def damaged(grid: tuple[int, ...], n: int, how: tuple) -> tuple[int, ...]:
    kind, a, b = how
    cells = list(grid)
    if kind == "set":
        cells[a % len(cells)] = b
    elif kind == "swap":
        i, j = a % len(cells), b % len(cells)
        cells[i], cells[j] = cells[j], cells[i]
    elif kind == "relabel":
        digits = list(range(1, n + 1))
        a.shuffle(digits)
        cells = [digits[d - 1] if 1 <= d <= n else d for d in cells]
    elif kind == "cut":
        del cells[a % len(cells)]
    return tuple(cells)


@pytest.mark.parametrize("name", SETTINGS)
@settings(max_examples=150, deadline=None)
@given(how=st.lists(damage, min_size=1, max_size=2))
def test_checker_agrees_with_the_rules_definitions(name, how):
    board, rules = SETTINGS[name]
    grid = _solutions[name]
    for change in how:
        grid = damaged(grid, board.n, change)
    expected = keeps_rules(board, rules, grid)
    with pytest.MonkeyPatch.context() as mp:
        for holds in checkers(board, rules, mp):
            assert holds(grid) is expected, (name, how)


_solutions = {name: solution(*setting) for name, setting in SETTINGS.items()}


@pytest.mark.parametrize("name", SETTINGS)
def test_the_agreement_is_not_vacuous(name, monkeypatch):
    """A solution passes; every single-cell change and a swap in a row fail (both paths)."""
    board, rules = SETTINGS[name]
    grid = _solutions[name]
    for holds in checkers(board, rules, monkeypatch):
        assert holds(grid)
        for d in (0, -1, board.n + 1, grid[1]):
            assert not holds((d, *grid[1:]))
        assert not holds((grid[1], grid[0], *grid[2:]))
        assert not holds(grid[:-1])


def test_big_boards_take_the_tag_set():
    """25x25 exceeds the bit-sum limit: the tag set is what checks it."""
    board = Board.classic(25)
    assert checker.BIT_SUM_LIMIT < 3 * 25 * 25
    grid = solution(board, ())
    holds = checker.grid_checker(board, all_rules(board, ()))
    assert holds(grid) and not holds((grid[1], grid[0], *grid[2:]))


def test_one_repeated_digit_in_one_region_is_caught(monkeypatch):
    """The smallest damage the bit sum can see (one carry): a grid that keeps every classic
    rule and repeats a digit only in one extra region of two cells."""
    board = Board.classic(9)
    grid = _solutions["9x9"]
    peers = {(i, j) for unit in board.rows + board.columns + board.boxes
             for i in unit for j in unit}
    for digit in range(1, 10):
        same = [i for i in range(81) if grid[i] == digit]
        pair = next((i, j) for i in same for j in same if i < j and (i, j) not in peers)
        other = next(j for j in range(81) if (pair[0], j) not in peers and grid[j] != digit)
        for holds in checkers(board, (ExtraRegions((pair,)),), monkeypatch):
            assert not holds(grid), pair
        for holds in checkers(board, (ExtraRegions(((pair[0], other),)),), monkeypatch):
            assert holds(grid)

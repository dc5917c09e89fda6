"""The analyser's sections against independent oracles: brute force, known facts, re-checks."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from bruteforce import brute_solutions
from conftest import DATA
from satdoku.analyse import (
    Given,
    analyse,
    minimal_conflict,
    rate,
    redundant_givens,
    to_json,
    true_candidates,
)
from satdoku.board import Board
from satdoku.formats import parse_puzzle
from satdoku.puzzle import Puzzle
from satdoku.rules import parse_rules
from satdoku.solving.solver import Status, SudokuSolver, solver_for
from satdoku.symmetry import Symmetry


def lines(name: str, k: int) -> list[str]:
    rows = [r.strip() for r in (DATA / name).read_text().splitlines()]
    return [r for r in rows if r and not r.startswith("#")][:k]


def place(board: Board, **cells: int) -> tuple[int, ...]:
    """Givens from keyword cells: place(b, r1c1=1, r2c9=1)."""
    grid = [0] * board.n ** 2
    for name, digit in cells.items():
        grid[board.parse_cell(name)] = digit
    return tuple(grid)


def random_puzzles(board: Board, rules: tuple = (), count: int = 12, keep: float = 0.45,
                   seed: int = 6) -> list[Puzzle]:
    """Puzzles made by keeping a random share of a random solution's cells (often ambiguous)."""
    rng = random.Random(seed)
    solver = SudokuSolver(board, rules)  # fresh, so the grids do not depend on earlier tests
    empty = Puzzle(board, (0,) * board.n ** 2, rules)
    grids = list(islice(solver.solutions(empty), 50))
    out = []
    for _ in range(count):
        grid = rng.choice(grids)
        out.append(Puzzle(board, tuple(d if rng.random() < keep else 0 for d in grid), rules))
    return out


SMALL = [(Board.classic(4), ()), (Board.classic(6), ()),
         (Board.classic(6), parse_rules("anti-king")), (Board.classic(4), parse_rules("diagonal"))]


# -- conflict -------------------------------------------------------------------------------
def test_hidden_contradiction_of_three_givens_is_reported_exactly():
    board = Board.classic(4)
    # Box 2 has no room for a 1 (row 1 has it, row 2 is full there); r4c1, r3c2 take no part.
    p = Puzzle(board, place(board, r1c1=1, r2c3=2, r2c4=3, r4c1=2, r3c2=4))
    assert analyse(p).status is Status.NO_SOLUTION and not p.clashes()
    names = [g.name(board) for g in minimal_conflict(solver_for(board), p)]
    assert names == ["r1c1=1", "r2c3=2", "r2c4=3"]


def test_hidden_contradiction_on_9x9_is_reported_exactly():
    board = Board.classic(9)
    # Box 2 has no room for a 1: rows 1 and 2 hold one, row 3 is full there. Plus distractors.
    core = dict(r1c1=1, r2c9=1, r3c4=2, r3c5=3, r3c6=4)
    p = Puzzle(board, place(board, **core, r9c9=9, r7c2=5, r5c5=7))
    solver = solver_for(board)
    found = analyse(p, solver)
    assert found.status is Status.NO_SOLUTION
    assert sorted(g.name(board) for g in found.conflict) == sorted(
        f"{k}={v}" for k, v in core.items())
    # Each of them is necessary: dropping it from the whole puzzle leaves a solution.
    for cell in core:
        rest = list(p.givens)
        rest[board.parse_cell(cell)] = 0
        assert solver.solve(Puzzle(board, tuple(rest))).solutions


def test_eliminated_candidates_take_part_in_a_conflict():
    board = Board.classic(4)
    p = Puzzle(board, place(board, r1c2=4), eliminated=frozenset({(0, 1), (0, 2), (0, 3)}))
    conflict = analyse(p).conflict
    assert [g.name(board) for g in conflict] == ["r1c1!=1", "r1c1!=2", "r1c1!=3", "r1c2=4"]
    assert to_json(analyse(p))["conflict"][0] == {"cell": "r1c1", "digit": 1,
                                                  "eliminated": True}


def test_direct_clash_is_invalid_with_the_clashing_pair():
    p = parse_puzzle("5...5" + "." * 76)
    a = analyse(p)
    assert a.status is Status.INVALID
    assert [g.name(p.board) for g in a.conflict] == ["r1c1=5", "r1c5=5"]


@pytest.mark.parametrize(("board", "rules"), SMALL)
def test_conflicts_are_minimal_by_brute_force(board, rules):
    solver, tested = solver_for(board, rules), 0
    for p in random_puzzles(board, rules, count=40, keep=0.5, seed=11):
        bad = list(p.givens)  # put a wrong digit in a random blank: often no solution
        blank = next((i for i, d in enumerate(bad) if not d), None)
        if blank is None:
            continue
        bad[blank] = random.Random(blank).randint(1, board.n)
        q = Puzzle(board, tuple(bad), rules)
        if next(brute_solutions(q, 1), None) is not None:
            continue
        conflict, tested = minimal_conflict(solver, q), tested + 1
        subset = [(g.cell, g.digit) for g in conflict]
        assert next(brute_solutions(_only(q, subset), 1), None) is None, q.givens
        for k in range(len(subset)):
            assert next(brute_solutions(_only(q, subset[:k] + subset[k + 1:]), 1), None)
    assert tested >= 5


def _only(p: Puzzle, pairs: list[tuple[int, int]]) -> Puzzle:
    grid = [0] * len(p.givens)
    for cell, digit in pairs:
        grid[cell] = digit
    return Puzzle(p.board, tuple(grid), p.rules)


# -- several solutions, candidates, backbone -----------------------------------------------
@pytest.mark.parametrize(("board", "rules"), SMALL)
def test_multiple_solutions_candidates_and_fix_agree_with_brute_force(board, rules):
    tested = 0
    for p in random_puzzles(board, rules, keep=0.3):
        truth = list(brute_solutions(p, 301))
        if not 2 <= len(truth) <= 300:
            continue
        a = analyse(p, limit=len(truth) + 1)
        assert a.status is Status.MULTIPLE and (a.count, a.count_complete) == (len(truth), True)
        first, second = a.solutions
        assert first in truth and second in truth and first != second
        assert a.differences == tuple(i for i in board.cells if first[i] != second[i])
        blanks = [i for i, d in enumerate(p.givens) if not d]
        union = {i: tuple(sorted({s[i] for s in truth})) for i in blanks}
        assert a.candidates == union
        assert a.backbone == {i: ds[0] for i, ds in union.items() if len(ds) == 1}
        _check_fix(a.fix, p, truth)
        tested += 1
    assert tested >= 3


def _check_fix(fix, p: Puzzle, truth: list) -> None:
    if fix.given is not None:
        assert p.givens[fix.given.cell] == 0
        assert sum(s[fix.given.cell] == fix.given.digit for s in truth) == 1
    elif fix.exhaustive:
        for i in (i for i, d in enumerate(p.givens) if not d):
            for d in range(1, p.board.n + 1):
                assert sum(s[i] == d for s in truth) != 1


def test_candidates_by_calls_when_the_enumeration_is_cut_short():
    board, tested = Board.classic(6), 0
    for p in random_puzzles(board, count=8, keep=0.3):
        truth = list(brute_solutions(p, 201))
        if not 3 <= len(truth) <= 200:
            continue
        tested += 1
        a = analyse(p, limit=2)  # the count stops at 2: candidates need their own calls
        assert (a.count, a.count_complete) == (2, False)
        assert a.candidates == {i: tuple(sorted({s[i] for s in truth}))
                                for i, d in enumerate(p.givens) if not d}
        if a.fix is not None and a.fix.given is not None:
            fixed = list(p.givens)
            fixed[a.fix.given.cell] = a.fix.given.digit
            assert len(list(brute_solutions(Puzzle(board, tuple(fixed)), 2))) == 1
    assert tested >= 3


def test_unique_puzzle_candidates_are_the_solution():
    p = parse_puzzle(lines("17clue-300.txt", 1)[0])
    a = analyse(p)
    assert a.status is Status.UNIQUE
    assert a.backbone == {i: a.solutions[0][i] for i, d in enumerate(p.givens) if not d}
    assert true_candidates(solver_for(p.board), p) == a.candidates  # the same by calls


# -- redundancy ----------------------------------------------------------------------------
def test_seventeen_clue_puzzles_have_no_redundant_given():
    for line in lines("17clue-300.txt", 10):  # 16 clues never suffice: each 17 is minimal
        a = analyse(parse_puzzle(line))
        assert a.status is Status.UNIQUE and a.redundant == ()


def test_redundancy_agrees_with_removing_each_given_and_rechecking():
    solver = solver_for(Board.classic(9))
    for line in lines("top1465-100.txt", 3):
        p = parse_puzzle(line)
        solution = solver.check(p).solutions[0]
        expected = []
        for i, d in enumerate(p.givens):
            if d:
                rest = Puzzle(p.board, (*p.givens[:i], 0, *p.givens[i + 1:]))
                if solver.check(rest).status is Status.UNIQUE:
                    expected.append(i)
        assert redundant_givens(solver, p, solution) == tuple(expected)


@pytest.mark.parametrize(("board", "rules"), SMALL)
def test_redundancy_by_brute_force_on_small_boards(board, rules):
    tested = 0
    for p in random_puzzles(board, rules, count=20, keep=0.7, seed=3):
        if len(list(brute_solutions(p, 2))) != 1:
            continue
        a = analyse(p)
        expected = tuple(i for i, d in enumerate(p.givens) if d and len(list(brute_solutions(
            Puzzle(board, (*p.givens[:i], 0, *p.givens[i + 1:]), rules), 2))) == 1)
        assert a.redundant == expected
        tested += 1
    assert tested >= 2


# -- symmetry, difficulty ------------------------------------------------------------------
def test_clue_pattern_symmetry():
    board = Board.classic(9)
    p = Puzzle(board, place(board, r1c1=1, r9c9=2, r2c3=3, r8c7=4))
    a = analyse(p, limit=2)
    assert Symmetry.ROT180 in a.symmetries and Symmetry.ROT90 not in a.symmetries
    assert to_json(a)["symmetry"] == {"givens": 4, "symmetries": ["rot180"]}


def singles_fill(board: Board, givens: tuple[int, ...]) -> bool:
    """Independent naked + hidden singles solver (plain Python): does it fill the grid?"""
    n = board.n
    cands = [({d} if d else set(range(1, n + 1))) for d in givens]
    peers = [{j for u in board.units if i in u for j in u} - {i} for i in board.cells]
    placed: set[int] = set()
    changed = True
    while changed:
        changed = False
        for i in board.cells:
            if len(cands[i]) == 1 and i not in placed:
                placed.add(i)
                changed = True
                for j in peers[i]:
                    cands[j] -= cands[i]
        for unit in board.units:
            for d in range(1, n + 1):
                where = [i for i in unit if d in cands[i]]
                if len(where) == 1 and len(cands[where[0]]) > 1:
                    cands[where[0]] = {d}
                    changed = True
    return all(len(c) == 1 for c in cands)


def test_level_zero_exactly_when_singles_solve_it():
    puzzles = lines("17clue-300.txt", 30) + lines("top1465-100.txt", 5)
    levels = []
    for line in puzzles:
        p = parse_puzzle(line)
        d = rate(p)
        levels.append(d.level)
        assert (d.level == 0) == singles_fill(p.board, p.givens), line
    assert 0 in levels and 1 in levels  # the sample has both kinds


def test_difficulty_of_a_singles_only_puzzle_and_of_non_unique_ones():
    full = list(analyse(parse_puzzle(lines("17clue-300.txt", 1)[0])).solutions[0])
    for i in (0, 10, 20, 30, 40):  # a solved grid with a few holes: naked singles only
        full[i] = 0
    assert rate(Puzzle(Board.classic(9), tuple(full))).level == 0
    assert analyse(parse_puzzle("." * 16)).difficulty is None  # several solutions: no rating
    stalled = rate(parse_puzzle("1... ..1. .2.. ...2"), max_level=1)
    assert (stalled.level, stalled.at_least, stalled.exhausted) == (None, 2, False)


def test_probing_budget_is_reported_not_mistaken_for_a_level():
    d = rate(parse_puzzle(lines("top1465-100.txt", 1)[0]), budget=5)
    assert (d.level, d.exhausted, d.at_least) == (None, True, 1)


# -- variants and session hygiene ----------------------------------------------------------
def test_any_rules_tuple_with_a_variant_rule():
    rules = parse_rules("anti-knight")
    board = Board.classic(6)
    for p in random_puzzles(board, rules, count=4, keep=0.4, seed=9):
        truth = list(brute_solutions(p))
        a = analyse(p)
        assert a.count == len(truth)
        for s in a.solutions:
            assert s in truth


def test_the_shared_session_is_left_clean():
    board = Board.classic(4)
    for text in ("..34 3412 ..43 4321", "1... ..23 .... ....", "1.34 34.2 2.43 43.1"):
        analyse(parse_puzzle(text))
    assert solver_for(board).count(parse_puzzle("." * 16)).count == 288


def test_given_literals_round_trip():
    board = Board.classic(9)
    g = Given(board.parse_cell("r5c3"), 7, eliminated=True)
    assert Given.of_literal(board, g.literal(board)) == g
    assert g.name(board) == "r5c3!=7"

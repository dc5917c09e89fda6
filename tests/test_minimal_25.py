"""Proving minimality cheaply (satdoku.generating.minimal): witnesses by restriction are real second
solutions (checked by the independent rule checker, not the CNF), and every way of deciding
the undecided units gives a unique puzzle whose every given orbit is needed (checked by a
fresh solver). Small boards only: the 25x25 figures are in scripts/bench_minimal.py."""

from __future__ import annotations

import random

import pytest

from cnf import Session
from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.encoding import build
from satdoku.generating.fill import random_grid
from satdoku.generating.givens import Generator, remove_clues
from satdoku.generating.minimal import candidates, decide_all, reduced, restricted_witness
from satdoku.generating.options import GenerateOptions
from satdoku.generating.removal import Removal
from satdoku.puzzle import Puzzle
from satdoku.rules import parse_rules
from satdoku.solving.solver import Status, SudokuSolver
from satdoku.symmetry import Symmetry

VARIANTS = [(True, 1), (True, None), (False, 0), (False, None)]  # (restrict, fresh_after)


def without(board: Board, grid: tuple[int, ...], cells: tuple[int, ...], rules=()) -> Puzzle:
    return Puzzle(board, tuple(0 if i in cells else d for i, d in enumerate(grid)), rules)


def minimal_removal(board: Board, seed: int, conflicts: int = 1):
    """A session and a Removal whose first pass left units undecided (budget ``conflicts``)."""
    solution = random_grid(board, seed=seed)
    session = Session(build(board))
    removal = Removal(session, board, solution, conflicts=conflicts)
    options = GenerateOptions(symmetry=Symmetry.ROT180)
    remove_clues(removal, board, options, random.Random(seed))
    return session, removal, solution


@pytest.mark.parametrize("n,seed", [(9, 1), (9, 2), (16, 3)])
def test_witnesses_are_second_solutions(n, seed):
    board = Board.classic(n)
    session, removal, solution = minimal_removal(board, seed, conflicts=None)
    solver = SudokuSolver(board)
    puzzle = Puzzle(board, tuple(d if removal.given[i] else 0 for i, d in enumerate(solution)))
    assert solver.check(puzzle).status is Status.UNIQUE
    found = 0
    for orbit in sorted({Symmetry.ROT180.orbit(board, c) for c in removal.givens()}):
        digits = candidates(board, removal, orbit)
        assert {solution[c] for c in orbit} <= digits  # S's own digits are candidates
        witness = restricted_witness(board, removal, orbit)
        if witness is None:
            continue
        found += 1
        smaller = without(board, puzzle.givens, orbit)
        smaller.verify(witness)  # every rule kept, every other given kept
        assert any(witness[c] != solution[c] for c in orbit), orbit
        changed = {solution[i] for i in board.cells if witness[i] != solution[i]}
        assert changed <= digits  # the restriction held
    removal.close()
    session.close()
    assert found > 0  # (measured: about a third of the orbits have such a witness)


@pytest.mark.parametrize("restrict,fresh_after", VARIANTS)
@pytest.mark.parametrize("n,seed,rules", [(9, 5, ""), (16, 6, ""), (9, 7, "anti-knight")])
def test_decided_puzzles_are_unique_and_minimal(n, seed, rules, restrict, fresh_after):
    board, parsed = Board.classic(n), parse_rules(rules)
    session = Session(build(board, parsed))
    solution = random_grid(board, parsed, seed=seed)
    removal = Removal(session, board, solution, conflicts=1)
    rng = random.Random(seed)
    orbits = Symmetry.ROT180.orbits(board)
    rng.shuffle(orbits)
    removal.remove(orbits)
    undecided = len(removal.undecided)
    assert undecided > 0  # the path under test is taken
    assert decide_all(removal, board, restrict=restrict, fresh_after=fresh_after)
    assert removal.proven and removal.retested == undecided
    removal.close()
    session.close()
    givens = tuple(d if removal.given[i] else 0 for i, d in enumerate(solution))
    fresh = SudokuSolver(board, parsed)
    assert fresh.check(Puzzle(board, givens, parsed)).status is Status.UNIQUE
    for orbit in {Symmetry.ROT180.orbit(board, c) for c in removal.givens()}:
        smaller = without(board, givens, orbit, parsed)
        assert fresh.check(smaller).status is Status.MULTIPLE, orbit


def test_same_puzzle_whatever_the_variant():
    """Deciding needs no luck: with unlimited re-test budgets a unit's fate depends only on
    the givens, so every variant removes the same orbits (restriction and phases change
    the cost, not the answer)."""
    board = Board.classic(9)
    results = set()
    for restrict, fresh_after in VARIANTS:
        session = Session(build(board))
        removal = Removal(session, board, random_grid(board, seed=8), conflicts=1)
        orbits = Symmetry.ROT180.orbits(board)
        random.Random(8).shuffle(orbits)
        removal.remove(orbits)
        removal.conflicts = None  # the re-tests: no budget
        assert decide_all(removal, board, restrict=restrict, fresh_after=fresh_after)
        results.add(tuple(removal.givens()))
        removal.close()
        session.close()
    assert len(results) == 1


def test_time_limit_leaves_units_undecided():
    board = Board.classic(9)
    session, removal, _ = minimal_removal(board, 9)
    left = list(removal.undecided)
    assert left
    removal.deadline = Deadline(0)  # already passed
    assert not decide_all(removal, board)
    assert removal.undecided == left and not removal.proven
    removal.close()
    session.close()


def test_generator_hook_with_extra_rules():
    """Through the generator's hook (``minimal=True``), with an extra rule."""
    board, rules = Board.classic(9), parse_rules("anti-knight")
    with Generator(board, rules, GenerateOptions(minimal=True, conflicts=1), seed=2) as gen:
        made = gen.puzzle()
    assert made.proven_minimal and made.retested > 0
    fresh = SudokuSolver(board, rules)
    assert fresh.check(made.puzzle).status is Status.UNIQUE


@pytest.mark.parametrize("box,seed", [(2, 1), (2, 2), (3, 3)])
def test_reduced_formula_has_the_same_solutions(box, seed):
    """The givens as assumptions on the whole formula, or as units of the reduced one: the
    same grids (4x4: all of them; 9x9: the first 50 of the reduced one, each checked by the
    independent checker)."""
    board = Board.classic(box * box)
    n = board.n
    solution = random_grid(board, seed=seed)
    cells = set(random.Random(seed).sample(range(n * n), n * n // 3))
    true = [cell * n + solution[cell] for cell in sorted(cells)]
    formula = build(board)
    small = reduced(formula, true)
    assert len(small.clauses) < len(formula.clauses)
    primary = range(1, n ** 3 + 1)
    limit = None if box == 2 else 50
    with Session(formula) as whole, Session(small) as cut:
        found = [{SudokuSolver(board).grid_of(m) for m in s.enumerate(primary, a, limit)}
                 for s, a in ((whole, true), (cut, []))]
    puzzle = Puzzle(board, tuple(d if i in cells else 0 for i, d in enumerate(solution)))
    for grid in found[1]:
        puzzle.verify(grid)
    if box == 2:
        assert found[0] == found[1] and len(found[0]) > 1
    else:
        assert len(found[1]) == 50

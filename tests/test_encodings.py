"""The classic Sudoku encodings × every AMO encoding give the same solutions; triads help UP."""

from __future__ import annotations

import itertools

import pytest

from cnf import AMO, Session
from satdoku import Board, Encoding, Puzzle, SudokuSolver, parse_puzzle
from satdoku.encoding import build
from satdoku.encoding.triads import segments
from tests.bruteforce import brute_solutions
from tests.conftest import DATA, JIGSAW6

COMBOS = list(itertools.product(Encoding, AMO))


def solver(board: Board, encoding: Encoding, amo: AMO) -> SudokuSolver:
    backend = "minicard" if amo is AMO.NATIVE else "cadical195"
    return SudokuSolver(board, (), encoding, amo, backend)


def sample_puzzle(board: Board, keep_every: int) -> Puzzle:
    """A puzzle with several solutions: a full grid with most cells blanked."""
    full = solver(board, Encoding.EXTENDED, AMO.PAIRWISE).solve(
        Puzzle(board, (0,) * board.n ** 2)).solutions[0]
    givens = tuple(d if i % keep_every == 0 else 0 for i, d in enumerate(full))
    return Puzzle(board, givens)


@pytest.mark.parametrize(("encoding", "amo"), COMBOS, ids=[f"{e.value}-{a.value}"
                                                           for e, a in COMBOS])
def test_all_288_grids_of_4x4(encoding, amo):
    board = Board.classic(4)
    assert solver(board, encoding, amo).count(Puzzle(board, (0,) * 16)).count == 288


@pytest.mark.parametrize("board", [Board.classic(6), JIGSAW6, Board.classic(6, None)],
                         ids=["6x6-2x3", "6x6-jigsaw", "6x6-latin"])
def test_same_solution_sets_on_6x6(board):
    puzzle = sample_puzzle(board, keep_every=4)
    expected = set(brute_solutions(puzzle))
    assert len(expected) > 1, puzzle.givens
    for encoding, amo in COMBOS:
        found = list(solver(board, encoding, amo).solutions(puzzle))
        assert len(found) == len(set(found)), (encoding, amo)
        assert set(found) == expected, (encoding, amo, puzzle.givens)


def test_segments_of_9x9_are_the_54_triads():
    rows, cols = segments(Board.classic(9))
    assert len(rows) == len(cols) == 27
    assert all(len(s) == 3 for s in rows + cols)
    every_row_cell = sorted(i for s in rows for i in s)
    assert every_row_cell == list(range(81)) == sorted(i for s in cols for i in s)


def test_augmented_adds_one_variable_per_segment_and_digit():
    for board, segs in ((Board.classic(9), 54), (Board.classic(6), 12 + 18)):
        extended = build(board, (), Encoding.EXTENDED, AMO.PAIRWISE)
        augmented = build(board, (), Encoding.AUGMENTED, AMO.PAIRWISE)
        assert augmented.num_vars - extended.num_vars == segs * board.n


def test_augmented_is_extended_on_a_latin_square():
    board = Board.classic(5, None)
    assert (build(board, (), Encoding.AUGMENTED).stats()
            == build(board, (), Encoding.EXTENDED).stats())


def solved_by_propagation(encoding: Encoding, puzzles: list[Puzzle]) -> list[bool]:
    formula = build(puzzles[0].board, (), encoding, AMO.PAIRWISE)
    n3 = puzzles[0].board.n ** 3
    with Session(formula) as s:
        out = []
        for p in puzzles:
            ok, lits = s.propagate(p.assumptions())
            out.append(ok and sum(1 for v in lits if 0 < v <= n3) == 81)
    return out


def test_triads_make_box_line_reasoning_unit_propagation():
    lines = [ln for ln in (DATA / "17clue-300.txt").read_text().split("\n")
             if ln and not ln.startswith("#")][:100]
    puzzles = [parse_puzzle(ln) for ln in lines]
    plain = solved_by_propagation(Encoding.EXTENDED, puzzles)
    triads = solved_by_propagation(Encoding.AUGMENTED, puzzles)
    assert all(t for p, t in zip(plain, triads, strict=True) if p)  # never weaker
    assert sum(triads) > sum(plain)                                   # and strictly stronger
    assert sum(solved_by_propagation(Encoding.MINIMAL, puzzles)) <= sum(plain)

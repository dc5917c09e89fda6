"""Per-candidate solution counts (:mod:`satdoku.analyse.counts`) against independent
brute-force counts: the generic backtracker of tests/bruteforce.py on 4x4 and 6x6 boards
(variants too), and a bitmask backtracker written here for classic 9x9 puzzles with a
few thousand solutions. Neither touches the CNF."""

from __future__ import annotations

from functools import cache

import pytest

from bruteforce import brute_solutions
from conftest import JIGSAW6
from satdoku.analyse.counts import candidate_counts, candidates
from satdoku.board import Board
from satdoku.formats import parse_puzzle
from satdoku.puzzle import Puzzle
from satdoku.render.svg import count_colour
from satdoku.rules import parse_rules
from satdoku.solving import solver_for

#: Classic 9x9 puzzles (top1465 with a row of givens removed) and their solution counts.
NINES = {
    ".5.3.2........16..8..5...7..7....3.....95...2...2.37.9.4...58..6..82............."
    : 1012,
    "7...5.......784.3......1....4.....71..7.....9.294...5.8...16....3....6.5........."
    : 1932,
}


def brute_tally(puzzle: Puzzle, solutions) -> tuple[dict[int, list[int]], int]:
    n = puzzle.board.n
    tally = {i: [0] * n for i, d in enumerate(puzzle.givens) if not d}
    total = 0
    for grid in solutions:
        total += 1
        for i in tally:
            tally[i][grid[i] - 1] += 1
    return tally, total


def classic9_solutions(line: str):
    """Every solution of a classic 9x9 puzzle: bitmasks per row, column and box, and the
    cell with the fewest digits left first."""
    grid = [0 if ch in ".0" else int(ch) for ch in line]
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    box = [(i // 27) * 3 + (i % 9) // 3 for i in range(81)]
    for i, d in enumerate(grid):
        if d:
            bit = 1 << d
            rows[i // 9] |= bit
            cols[i % 9] |= bit
            boxes[box[i]] |= bit

    def search():
        best, free = -1, 0
        for i in range(81):
            if not grid[i]:
                left = ~(rows[i // 9] | cols[i % 9] | boxes[box[i]]) & 0x3FE
                if best < 0 or left.bit_count() < free.bit_count():
                    best, free = i, left
                    if not left:
                        return
        if best < 0:
            yield tuple(grid)
            return
        r, c, b = best // 9, best % 9, box[best]
        for d in range(1, 10):
            bit = 1 << d
            if free & bit:
                grid[best] = d
                rows[r] |= bit
                cols[c] |= bit
                boxes[b] |= bit
                yield from search()
                rows[r] ^= bit
                cols[c] ^= bit
                boxes[b] ^= bit
                grid[best] = 0

    yield from search()


@cache
def nine(line: str) -> tuple:
    return tuple(classic9_solutions(line))


def assert_counts(puzzle: Puzzle, solutions, cap: int) -> None:
    tally, total = brute_tally(puzzle, solutions)
    found = candidate_counts(solver_for(puzzle.board, puzzle.rules), puzzle, cap)
    assert found.total == min(cap, total), puzzle
    assert found.counts == {i: tuple(min(cap, k) for k in row) for i, row in tally.items()}
    for grid in found.solutions:
        puzzle.verify(grid)


@pytest.mark.parametrize("cap", [1, 2, 8, 100])
@pytest.mark.parametrize("line", ["12.. 34.. .... ....", ". . . . " * 4, "1... ..2. .3.. ...."])
def test_4x4_counts_equal_brute_force(line, cap):
    puzzle = parse_puzzle(line)
    assert_counts(puzzle, brute_solutions(puzzle), cap)


#: 6x6 puzzles: (board, givens, rules) with 86, 8 and a few hundred solutions.
SIXES = {
    "classic": (Board.classic(6), "4...6.1.6.2................246...53.", ""),
    "anti-king": (Board.classic(6), "......4...3..3...66.23........3...6.", "anti-king"),
    "jigsaw": (JIGSAW6, "1.............3............5.....2.4", ""),
}


@cache
def six(name: str) -> tuple[Puzzle, tuple]:
    board, line, rules = SIXES[name]
    givens = tuple(0 if ch == "." else int(ch) for ch in line)
    puzzle = Puzzle(board, givens, parse_rules(rules))
    return puzzle, tuple(brute_solutions(puzzle))


@pytest.mark.parametrize("cap", [1, 8, 1000])
@pytest.mark.parametrize("name", sorted(SIXES))
def test_6x6_counts_equal_brute_force(name, cap):
    puzzle, solutions = six(name)
    assert_counts(puzzle, solutions, cap)


@pytest.mark.parametrize("cap", [1, 8, 5000])
@pytest.mark.parametrize("line", sorted(NINES))
def test_9x9_counts_equal_brute_force(line, cap):
    solutions = nine(line)
    assert len(solutions) == NINES[line]
    assert_counts(parse_puzzle(line), solutions, cap)


def test_known_solutions_and_impossible_candidates_change_nothing():
    puzzle = parse_puzzle("12.. 34.. .... ....")
    plain = candidates(puzzle, cap=8)
    solver = solver_for(puzzle.board)
    seeded = candidate_counts(solver, puzzle, 8, known=plain.solutions[:3],
                              impossible=plain.impossible())
    assert seeded.counts == plain.counts and seeded.total == plain.total


def test_a_puzzle_without_solution_counts_zero_everywhere():
    puzzle = Puzzle(Board.classic(4), (1, 2, 0, 0) + (0, 0, 1, 2) + (0,) * 8,
                    eliminated=frozenset({(2, 3), (2, 4)}))
    found = candidates(puzzle, cap=8)
    assert found.total == 0 and all(k == 0 for row in found.counts.values() for k in row)


def test_the_cap_must_be_positive():
    with pytest.raises(ValueError):
        candidates(parse_puzzle("." * 16), cap=0)


def test_the_cli_lists_counts_and_colours_the_picture(tmp_path):
    import json

    from conftest import run_cli
    line = "12.. 34.. .... ...."
    picture = tmp_path / "counts.svg"
    run = run_cli("candidates", line, "--counts", "8", "-f", "json", "--svg", str(picture))
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["cap"] == 8 and data["solutions"] == 8
    expected = candidates(parse_puzzle(line), cap=8).counts
    assert data["counts"]["r1c3"] == {str(d): k for d, k in enumerate(expected[2], 1) if k}
    svg = picture.read_text()
    assert count_colour(6, 8) in svg and count_colour(1, 8) not in svg  # (6 each)
    text = run_cli("candidates", "1.34 34.2 2.4. 4...", "--counts", "3")
    assert text.code == 0 and "r3c4  1:1  3:1" in text.out

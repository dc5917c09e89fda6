"""Shared oracles for the tests of variant rules: brute-force agreement and random grids.

``agree(puzzle)`` solves a puzzle through the CNF and by plain backtracking over the rules'
own checkers (:mod:`tests.bruteforce`), asserts both find the same solutions and that every
solution passes every checker, and returns their number. ``random_solution`` gives a random
completed grid of a board (classic rules only), from which random rule instances that the
grid satisfies can be drawn. ``agree_on(board, make, count, seed)`` runs ``agree`` on
random puzzles whose constraints a family's ``make`` draws (kept by a random solution for half
of them, blind for the others): the brute-force oracle of every variant family.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable

from satdoku import Board, Puzzle
from satdoku.formats import parse_json_puzzle
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.generating.fill import random_grid
from satdoku.rules import all_rules, parse_rules
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


# -- random instances of per-puzzle constraints ----------------------------------------------------
#: ``make(board, rng, solution)`` → JSON keys of constraints (cells named r1c1), all kept by
#: ``solution`` when it is given, random otherwise.
Make = Callable[[Board, random.Random, "tuple[int, ...] | None"], dict]


def names(board: Board, cells: Iterable[int]) -> list[str]:
    """Cell indices → names."""
    return [board.cell_name(i) for i in cells]


def walk(board: Board, rng: random.Random, length: int, diagonal: bool = True) -> list[int]:
    """A random line of up to ``length`` cells, each a king's (``diagonal``) or rook's step
    from the one before, none twice."""
    n = board.n
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
             if (dr or dc) and (diagonal or not dr or not dc)]
    line = [rng.randrange(n * n)]
    while len(line) < length:
        r, c = divmod(line[-1], n)
        nxt = [(r + dr) * n + c + dc for dr, dc in steps
               if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in line]
        if not nxt:
            break
        line.append(rng.choice(nxt))
    return line


def random_case(board: Board, rng: random.Random, make: Make, satisfied: bool,
                givens: float = 0.0, rules: tuple[str, ...] = ()) -> Puzzle:
    """A random puzzle of ``board`` (and global ``rules``) with the constraints ``make``
    draws, and ``givens`` (a share of the cells) of a random solution: one of the board and
    every rule (``satisfied``; ``make`` keeps to it), or of the classic rules only (``make``
    draws blind)."""
    base = parse_rules(",".join(rules))
    solution = random_grid(board, base if satisfied else (), seed=rng.randrange(1 << 30))
    obj = puzzle_to_json(Puzzle(board, tuple(d if rng.random() < givens else 0
                                             for d in solution), base))
    obj.update(make(board, rng, solution if satisfied else None))
    return parse_json_puzzle(json.dumps(obj))


def agree_on(board: Board, make: Make, count: int, seed: int, givens: float = 0.0,
             rules: tuple[str, ...] = ()) -> tuple[int, int]:
    """How many of ``count`` random puzzles (half drawn kept by a solution) are solvable and
    how many are not, after CNF and brute force agreed on every one."""
    rng = random.Random(seed)
    counts = [agree(random_case(board, rng, make, k % 2 == 0, givens, rules))
              for k in range(count)]
    return sum(c > 0 for c in counts), sum(c == 0 for c in counts)

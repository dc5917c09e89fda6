"""Approximate counts (satdoku.analyse.estimate, ``satdoku count --estimate``): ApproxMC's
bound holds the exact count, small counts are exact, and the time limit stops it."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pyapproxmc")

from conftest import run_cli
from satdoku.analyse.estimate import approximate_count, approximate_counts
from satdoku.formats import parse_puzzle

#: top1465 no. 3 without its last row: 1,012 solutions (brute force, tests/test_counts.py).
WIDE = ".5.3.2........16..8..5...7..7....3.....95...2...2.37.9.4...58..6..82............."


def test_the_bound_holds_the_exact_count():
    found = approximate_count(parse_puzzle(WIDE), epsilon=0.5)
    assert not found.exact and found.lower <= 1012 <= found.upper
    assert found.upper / found.lower == pytest.approx(1.5 ** 2)


def test_small_counts_are_exact_and_end_the_stream():
    found = list(approximate_counts(parse_puzzle("12.. 34.. .... ....")))
    assert len(found) == 1 and found[0].exact and found[0].value == 12


def test_count_estimate_on_the_command_line():
    run = run_cli("count", "--estimate", WIDE, "-f", "json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["lower"] <= 1012 <= data["upper"] and data["delta"] == 0.05
    empty = run_cli("count", "--estimate", "." * 81, "--time-limit", "1")
    assert empty.code == 4 and "before ApproxMC had an estimate" in empty.err


def test_the_installed_approxmc_counts_negated_pairs():
    """pyapproxmc 4.3 and 4.4 count (x ∨ y)(¬x ∨ ¬y) — two candidates left in a cell — as
    one model, halving Sudoku counts; pyproject.toml pins a version that counts it right."""
    import pyapproxmc
    chain = [[i, i + 1] for i in range(3, 22)]  # 17,711 models over 20 variables
    counter = pyapproxmc.Counter(seed=1, epsilon=0.5, delta=0.05)
    for clause in [[1, 2], [-1, -2], *chain]:
        counter.add_clause(clause)
    cells, hashes = counter.count(list(range(1, 23)))
    assert 2 * 17711 / 1.5 <= cells * 2 ** hashes <= 2 * 17711 * 1.5


def test_a_multi_grid_board_is_projected_on_all_its_cells():
    """ApproxMC counts the assignments of every canvas cell (num_cell_vars), not of the
    first n² cells: an empty twodoku of 4x4 grids has 288 x 12 = 3,456 solutions (past the
    exact count), a count of its first grid's cells alone would be 288."""
    from satdoku.multigrid import MultiBoard
    from satdoku.puzzle import Puzzle

    board = MultiBoard.layout("twodoku", 4)
    found = approximate_count(Puzzle(board, (0,) * board.num_cells), epsilon=0.8)
    assert not found.exact and found.lower <= 288 * 12 <= found.upper

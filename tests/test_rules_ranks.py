"""Low, middle and high cells (satdoku.rules.ranks) and counting circles
(satdoku.rules.counting): checkers, brute-force agreement, JSON errors and round trips,
markings, examples."""

from __future__ import annotations

import json
import random

import pytest

import satdoku
from satdoku import Board, Puzzle, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.rules.counting import CountingCircles
from satdoku.rules.ranks import RANKS, Rank, rank_digits
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree_on, names

B4, B6 = Board.classic(4), Board.classic(6)


def test_rank_digits():
    assert [list(rank_digits(9, r)) for r in RANKS] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert [list(rank_digits(6, r)) for r in RANKS] == [[1, 2], [3, 4], [5, 6]]


def ranks(board, rng, solution):
    out: dict[str, list[str]] = {}
    for i in rng.sample(range(board.n ** 2), rng.randint(1, 6)):
        rank = (next(r for r in RANKS if solution[i] in rank_digits(board.n, r))
                if solution else rng.choice(RANKS))
        out.setdefault(rank, []).append(board.cell_name(i))
    return out


def circles(board, rng, solution):
    if solution is None:
        return {"counting_circles": names(board, rng.sample(range(board.n ** 2),
                                                            rng.randint(1, 6)))}
    cells: list[int] = []
    for d in rng.sample(range(1, board.n + 1), rng.randint(1, 3)):
        where = [i for i, x in enumerate(solution) if x == d]
        if d <= len(where):
            cells += rng.sample(where, d)
    return {"counting_circles": names(board, cells)} if cells else {}


@pytest.mark.parametrize(("make", "board", "givens", "count"), [
    (ranks, B6, 0.4, 30), (ranks, JIGSAW6, 0.4, 20), (ranks, Board(3), 0.0, 30),
    (circles, B4, 0.1, 80), (circles, B6, 0.45, 20),
], ids=["ranks6", "ranks-jigsaw6", "ranks-latin3", "counting4", "counting6"])
def test_agree_with_brute_force(make, board, givens, count):
    solvable, unsolvable = agree_on(board, make, count, seed=13, givens=givens)
    assert solvable >= count // 5 and unsolvable >= 1


def test_counting_oracle():
    """One circle: it holds a 1 (a circled d says d circles hold d). 4x4: 288 grids, a
    quarter with a 1 in a given cell."""
    assert satdoku.count(Puzzle(B4, (0,) * 16, (CountingCircles((0,)),))).count == 72


def test_checkers():
    low = Rank("low", (0,))
    assert list(low.violations(B6, (2,) + (0,) * 35)) == []
    assert len(list(low.violations(B6, (3,) + (0,) * 35))) == 1
    rule = CountingCircles((0, 1, 2))
    assert list(rule.violations(B4, (2, 2, 1) + (0,) * 13)) == []
    assert len(list(rule.violations(B4, (2, 1, 1) + (0,) * 13))) == 2


@pytest.mark.parametrize(("obj", "message"), [
    ({"size": 4, "low": ["r1c1"]}, "$.low: low cells need the digits 1..n in three equal ranks"),
    ({"size": 6, "low": ["r1c1"], "high": ["r1c1"]}, "$.high: cell r1c1 is also listed as low"),
    ({"size": 6, "middle": ["r1c1", "r1c1"]}, "$.middle[1]: cell r1c1 is listed twice"),
    ({"size": 6, "counting_circles": ["r9c9"]}, "$.counting_circles[0]: cell r9c9 is outside"),
])
def test_malformed_json_names_the_path(obj, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(json.dumps(obj))
    assert message in str(err.value)


def test_json_round_trip():
    rng = random.Random(14)
    for _ in range(20):
        obj = {"size": 6, **ranks(B6, rng, None), **circles(B6, rng, None)}
        try:
            puzzle = parse_json_puzzle(json.dumps(obj))
        except ParseError:  # a cell drawn for two ranks
            continue
        assert parse_json_puzzle(json.dumps(puzzle_to_json(puzzle))) == puzzle


def test_markings():
    assert Rank("high", (0, 1)).markings(B6)[0].style == "high"
    assert CountingCircles((3,)).markings(B6)[0].style == "counting"


def test_rules_that_make_no_sense_are_errors():
    with pytest.raises(RuleError, match="multiple of 3"):
        build(B4, (Rank("low", (0,)),))
    with pytest.raises(RuleError, match="bad rank"):
        Rank("top", ())


@pytest.mark.parametrize("name", ["ranks", "counting"])
def test_example_is_unique(name):
    run = run_cli("check", str(ROOT / "examples" / f"{name}.json"))
    assert run.code == 0 and run.out.startswith("unique"), run.err

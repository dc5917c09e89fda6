"""Equal digits forbidden at offsets (satdoku.rules.chess: chess, taxicab, self-taxicab) and
the pair rules knightmare and diagonal non-consecutive (satdoku.rules.pairs): checkers,
brute-force agreement, counts, JSON errors and round trips, f-puzzles refusals, examples."""

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
from satdoku.rules import parse_rules
from satdoku.rules.chess import Chess, Leap, SelfTaxicab, Taxicab, leaps, pairs_at, taxicab
from tests.conftest import ROOT, run_cli
from tests.variant_oracle import agree_on

B4, B6 = Board.classic(4), Board.classic(6)


def grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


def test_offsets():
    assert leaps(1, 2) == leaps(2, 1) and len(leaps(1, 2)) == 8 and len(leaps(0, 1)) == 4
    assert taxicab(1) == leaps(0, 1) and taxicab(2) == leaps(0, 2) | leaps(1, 1)
    assert all(abs(r) + abs(c) == 3 for r, c in taxicab(3)) and len(taxicab(3)) == 12
    # every pair once, both cells on the board
    pairs = pairs_at(4, leaps(1, 2))
    assert len(pairs) == len(set(pairs)) == 4 * 3 * 2


@pytest.mark.parametrize(("rule", "good", "bad", "pair"), [
    (Chess((Leap(((1, 2),)),)), "3... ..1. .... ....", "3... ..3. .... ....", (0, 6)),
    (Chess((Leap(((1, 2),), (3,)),)), "1... ..1. .... ....", "3... ..3. .... ....", (0, 6)),
    (Chess((Leap(((0, 3),)),)), "1..2 .... .... ....", "1..1 .... .... ....", (0, 3)),
    (Taxicab((2,)), "12.. 3... .... ....", "1.1. .... .... ....", (0, 2)),
    (SelfTaxicab(), "1.1. .... .... ....", "2.2. .... .... ....", (0, 2)),
])
def test_checkers_catch_a_planted_violation(rule, good, bad, pair):
    assert list(rule.violations(B4, grid(good))) == []
    assert [v.cells for v in rule.violations(B4, grid(bad))] == [pair]
    assert list(rule.violations(B4, (0,) * 16)) == []


@pytest.mark.parametrize(("name", "good", "bad", "pair"), [
    ("knightmare", "1... ..2. .... ....", "1... ..4. .... ....", (0, 6)),
    ("diagonal-nonconsecutive", "1... .3.. .... ....", "1... .2.. .... ....", (0, 5)),
])
def test_pair_rules_catch_a_planted_violation(name, good, bad, pair):
    (rule,) = parse_rules(name)
    assert list(rule.violations(B4, grid(good))) == []
    assert [v.cells for v in rule.violations(B4, grid(bad))] == [pair]


def test_chess_with_knight_and_king_moves_is_anti_knight_and_anti_king():
    """On 4x4 and 5x5 Latin squares the chess moves (1, 2) and (0, 1)+(1, 1) count as many
    grids as anti-knight and anti-king."""
    knight = Chess((Leap(((1, 2),)),))
    king = Chess((Leap(((0, 1), (1, 1))),))
    for board in (B4, Board(5)):
        for ours, theirs in ((knight, "anti-knight"), (king, "anti-king")):
            a = Puzzle(board, (0,) * board.n ** 2, (ours,))
            b = Puzzle(board, (0,) * board.n ** 2, parse_rules(theirs))
            assert satdoku.count(a).count == satdoku.count(b).count


def _chess(board, rng, solution):
    moves = [[rng.randint(0, 2), rng.randint(1, 3)] for _ in range(rng.randint(1, 2))]
    digits = rng.sample(range(1, board.n + 1), rng.randint(0, 2))
    return {"chess": [{"moves": moves, **({"digits": digits} if digits else {})}]}


def _taxicab(board, rng, solution):
    return {"taxicab": sorted(rng.sample(range(1, 5), rng.randint(1, 2)))}


def _nothing(board, rng, solution):
    return {}


@pytest.mark.parametrize(("make", "board", "givens", "rules"), [
    (_chess, B4, 0.1, ()), (_taxicab, B4, 0.1, ()),
    (_chess, B6, 0.45, ()), (_taxicab, Board(5), 0.3, ()),
    (_nothing, B6, 0.5, ("self-taxicab",)), (_nothing, Board(5), 0.3, ("self-taxicab",)),
    (_nothing, B4, 0.15, ("knightmare",)), (_nothing, B6, 0.45, ("knightmare",)),
    (_nothing, B4, 0.15, ("diagonal-nonconsecutive",)),
    (_nothing, B6, 0.45, ("diagonal-nonconsecutive",)),
], ids=["chess4", "taxicab4", "chess6", "taxicab-latin5", "self-taxicab6",
        "self-taxicab-latin5", "knightmare4", "knightmare6", "dnc4", "dnc6"])
def test_agree_with_brute_force(make, board, givens, rules):
    count = 60 if board.n == 4 else 24
    solvable, unsolvable = agree_on(board, make, count, seed=3, givens=givens, rules=rules)
    assert solvable >= count // 6 and unsolvable >= 1


def test_rules_that_make_no_sense_are_errors():
    with pytest.raises(RuleError, match="goes nowhere"):
        build(B4, (Chess((Leap(((0, 0),)),)),))
    with pytest.raises(RuleError, match="digit 7 is out of range"):
        build(B4, (Chess((Leap(((1, 2),), (7,)),)),))
    with pytest.raises(RuleError, match=r"out of range 1\.\.6"):
        build(B4, (Taxicab((7,)),))


@pytest.mark.parametrize(("obj", "message"), [
    ({"size": 4, "chess": [{"moves": [1, 2]}]}, "$.chess[0].moves[0]: expected a move [a, b]"),
    ({"size": 4, "chess": [{"moves": [[1, 2, 3]]}]}, "$.chess[0].moves[0]: 3 numbers"),
    ({"size": 4, "chess": [{"moves": [[0, 0]]}]}, "$.chess[0]: move (0, 0) goes nowhere"),
    ({"size": 4, "chess": [{"moves": [[1, 2]], "digits": [5]}]},
     "$.chess[0].digits[0]: 5 is out of range (1..4)"),
    ({"size": 4, "chess": [{"move": [[1, 2]]}]}, "$.chess[0].move: unknown key 'move'"),
    ({"size": 4, "taxicab": [0]}, "$.taxicab[0]: 0 is out of range (>= 1)"),
    ({"size": 4, "taxicab": [9]}, "$.taxicab: taxicab distance 9 is out of range 1..6"),
])
def test_malformed_json_names_the_path(obj, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(json.dumps(obj))
    assert message in str(err.value)


def test_json_round_trip():
    rng = random.Random(5)
    for _ in range(20):
        obj = {"size": 6, "rules": ["self-taxicab", "knightmare"], **_chess(B6, rng, None),
               **_taxicab(B6, rng, None)}
        puzzle = parse_json_puzzle(json.dumps(obj))
        assert parse_json_puzzle(json.dumps(puzzle_to_json(puzzle))) == puzzle


def test_fpuzzles_refuses_them_by_name():
    from satdoku.formats.fpuzzles_write import to_fpuzzles
    puzzle = parse_json_puzzle(json.dumps({"size": 9, "rules": ["knightmare"],
                                           "taxicab": [3]}))
    with pytest.raises(RuleError, match="knightmare") as err:
        to_fpuzzles(puzzle)
    assert "taxicab" in str(err.value)


@pytest.mark.parametrize("name", ["chess", "taxicab"])
def test_example_is_unique(name):
    run = run_cli("check", str(ROOT / "examples" / f"{name}.json"))
    assert run.code == 0 and run.out.startswith("unique"), run.err

"""Row, column and box indexers (satdoku.rules.indexers): checkers, brute-force agreement on
random instances, propagation, JSON errors and round trips, f-puzzles, the "159" puzzles."""

from __future__ import annotations

import json
import random

import pytest

from satdoku import Board, Puzzle, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.rules.indexers import Indexers
from satdoku.solving.solver import Status, SudokuSolver
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree_on, names

B4, B6 = Board.classic(4), Board.classic(6)
KEYS = {"row": "row_indexers", "column": "column_indexers", "box": "box_indexers"}


def grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


@pytest.mark.parametrize(("kind", "cell", "good", "bad", "pair"), [
    ("column", 0, "31.. " + "." * 12, "3.2. " + "." * 12, (0, 2)),   # r1c1=3: r1c3 = 1
    ("row", 1, ".3.. .... .1.. ....", ".3.. .... .4.. ....", (1, 9)),  # r1c2=3: r3c2 = 1
    ("box", 5, ".4.. .2.. .... ....", ".3.. .2.. .... ....", (5, 1)),  # pos 4 holds 2: pos 2=4
])
def test_checkers_catch_a_planted_violation(kind, cell, good, bad, pair):
    rule = Indexers(kind, ((cell,),))
    assert list(rule.violations(B4, grid(good))) == []
    found = [v.cells for v in rule.violations(B4, grid(bad))]
    assert found == [pair]
    assert list(rule.violations(B4, (0,) * 16)) == []


def _indexer_groups(kind: str):
    def make(board, rng, solution):
        n = board.n
        if rng.random() < 0.3:  # a whole row, column or box of indexers, as setters draw them
            unit = rng.choice({"row": board.rows, "column": board.columns,
                               "box": board.boxes}[kind])
            groups = [list(unit)]
        else:
            groups = [rng.sample(range(n * n), rng.randint(1, 3)) for _ in range(2)]
        if solution is not None:  # keep only indexers the solution agrees with
            groups = [[i for i in g if not list(Indexers(kind, ((i,),)).violations(
                board, solution))] for g in groups]
        return {KEYS[kind]: [names(board, g) for g in groups if g]}
    return make


@pytest.mark.parametrize("kind", ["row", "column", "box"])
def test_agree_with_brute_force_on_4x4(kind):
    solvable, unsolvable = agree_on(B4, _indexer_groups(kind), 80, seed=1, givens=0.1)
    assert solvable >= 40 and unsolvable >= 2


@pytest.mark.parametrize(("kind", "board"), [("row", B6), ("column", B6), ("box", B6),
                                             ("box", JIGSAW6), ("column", Board(6))],
                         ids=["row6", "column6", "box6", "box-jigsaw6", "column-latin6"])
def test_agree_with_brute_force_on_6x6(kind, board):
    count = 12 if board.box is None else 20
    solvable, unsolvable = agree_on(board, _indexer_groups(kind), count, seed=2, givens=0.45)
    assert solvable >= count // 2 and unsolvable >= 1


def test_indexing_propagates_both_ways():
    from cnf import Session
    from satdoku.rules import cell_var
    rule = Indexers("column", ((0,),))
    f = build(B4, (rule,))
    with Session(f) as s:
        _, implied = s.propagate([cell_var(B4, 0, 3)])       # r1c1 = 3 → r1c3 = 1
        assert cell_var(B4, 2, 1) in implied
        _, implied = s.propagate([cell_var(B4, 3, 1)])       # r1c4 = 1 → r1c1 = 4
        assert cell_var(B4, 0, 4) in implied


def test_rules_that_make_no_sense_are_errors():
    with pytest.raises(RuleError, match="box indexers need boxes"):
        Indexers("box", ((0,),)).check_board(Board(5))
    with pytest.raises(RuleError, match="outside the 4x4 board"):
        build(B4, (Indexers("row", ((16,),)),))
    with pytest.raises(RuleError, match="bad indexer kind"):
        Indexers("diagonal", ())


@pytest.mark.parametrize(("obj", "message"), [
    ({"size": 4, "column_indexers": ["r1c1"]}, "$.column_indexers[0]: expected a list of cells"),
    ({"size": 4, "row_indexers": [["r1c9"]]}, "$.row_indexers[0][0]: cell r1c9 is outside"),
    ({"size": 5, "box": "none", "box_indexers": [["r1c1"]]},
     "$.box_indexers: box indexers need boxes"),
])
def test_malformed_json_names_the_path(obj, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(json.dumps(obj))
    assert message in str(err.value)


def test_json_round_trip():
    rng = random.Random(3)
    for kind in KEYS:
        for board in (B4, B6, JIGSAW6):
            obj = {"size": board.n, **_indexer_groups(kind)(board, rng, None)}
            if board is JIGSAW6:
                obj.update(puzzle_to_json(Puzzle(board, (0,) * 36)))
            puzzle = parse_json_puzzle(json.dumps(obj))
            assert parse_json_puzzle(json.dumps(puzzle_to_json(puzzle))) == puzzle


def test_markings():
    (mark,) = Indexers("column", ((0, 9), (4,))).markings(Board.classic(9))
    assert (mark.kind, mark.cells, mark.style) == ("shade", (0, 9, 4), "column_indexer")


def test_example_is_unique():
    puzzle = parse_json_puzzle((ROOT / "examples" / "indexers.json").read_text())
    result = SudokuSolver(puzzle.board, puzzle.rules).check(puzzle)
    assert result.status is Status.UNIQUE
    puzzle.verify(result.solutions[0])


def test_example_through_the_cli():
    run = run_cli("check", str(ROOT / "examples" / "indexers.json"))
    assert run.code == 0 and run.out.startswith("unique")

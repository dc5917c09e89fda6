"""Placement variants (satdoku.rules.placements): argyle, asterisk, girandola and centre-dot —
their cells, brute-force agreement on random 9x9 puzzles, errors, f-puzzles, examples."""

from __future__ import annotations

import json

import pytest

from satdoku import Board, RuleError
from satdoku.encoding import build
from satdoku.formats import parse_json_puzzle
from satdoku.rules import parse_rules
from tests.conftest import ROOT, run_cli
from tests.variant_oracle import agree_on

B9 = Board.classic(9)
NAMES = ("argyle", "asterisk", "girandola", "centre-dot")


def cells(name: str, board: Board = B9) -> list[list[str]]:
    (rule,) = parse_rules(name)
    return [[board.cell_name(i) for i in unit] for unit in rule.regions(board)]


def test_the_cells_are_the_published_ones():
    assert cells("asterisk") == [["r2c5", "r3c3", "r3c7", "r5c2", "r5c5", "r5c8", "r7c3",
                                  "r7c7", "r8c5"]]
    assert cells("girandola") == [["r1c1", "r1c9", "r2c5", "r5c2", "r5c5", "r5c8", "r8c5",
                                   "r9c1", "r9c9"]]
    assert cells("centre-dot") == [["r2c2", "r2c5", "r2c8", "r5c2", "r5c5", "r5c8", "r8c2",
                                    "r8c5", "r8c8"]]
    argyle = cells("argyle")
    assert [len(d) for d in argyle] == [8, 8, 8, 8, 5, 5, 5, 5]
    assert argyle[0] == ["r1c2", "r2c3", "r3c4", "r4c5", "r5c6", "r6c7", "r7c8", "r8c9"]
    assert argyle[4] == ["r1c5", "r2c4", "r3c3", "r4c2", "r5c1"]
    assert {d[0] for d in argyle[4:]} | {d[-1] for d in argyle[4:]} == {"r1c5", "r5c1",
                                                                        "r5c9", "r9c5"}


def test_centre_dot_on_other_odd_boxes():
    assert len(cells("centre-dot", Board.classic(15, "3x5"))[0]) == 15


@pytest.mark.parametrize("name", NAMES)
def test_agree_with_brute_force_on_9x9(name):
    solvable, unsolvable = agree_on(B9, lambda board, rng, solution: {}, 16, seed=4,
                                    givens=0.62, rules=(name,))
    assert solvable >= 4 and unsolvable >= 2


def test_checker_names_the_region():
    (rule,) = parse_rules("girandola")
    grid = [0] * 81
    grid[0] = grid[8] = 5                                        # r1c1 and r1c9
    (found,) = rule.violations(B9, tuple(grid))
    assert found.cells == (0, 8) and "girandola" in found.describe(B9)


@pytest.mark.parametrize(("name", "board", "words"), [
    ("argyle", Board.classic(4), "9x9 boards only"), ("asterisk", Board.classic(16), "9x9"),
    ("girandola", Board.classic(8), "9x9"),
    ("centre-dot", Board.classic(6), "odd height and width"),
    ("centre-dot", Board.classic(4), "odd height and width"),
])
def test_rules_that_make_no_sense_are_errors(name, board, words):
    with pytest.raises(RuleError, match=words):
        build(board, parse_rules(name))


def test_wrong_board_through_the_cli_is_one_line():
    run = run_cli("check", json.dumps({"size": 4, "rules": ["argyle"]}))
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1 and "9x9" in run.err


def test_json_round_trip_and_fpuzzles_refusal():
    from satdoku.formats.fpuzzles_write import to_fpuzzles
    from satdoku.formats.puzzle_json import puzzle_to_json
    puzzle = parse_json_puzzle(json.dumps({"size": 9, "rules": list(NAMES)}))
    assert puzzle_to_json(puzzle)["rules"] == list(NAMES)
    with pytest.raises(RuleError, match="argyle"):
        to_fpuzzles(puzzle)


@pytest.mark.parametrize("name", NAMES)
def test_example_is_unique(name):
    run = run_cli("check", str(ROOT / "examples" / f"{name}.json"))
    assert run.code == 0 and run.out.startswith("unique"), run.err

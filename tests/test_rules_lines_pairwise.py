"""Nabner and parity lines (satdoku.rules.lines_pairwise), double arrows
(satdoku.rules.double_arrows): checkers, brute-force agreement, propagation, JSON errors,
round trips through JSON and f-puzzles, markings and examples."""

from __future__ import annotations

import json
import random
from itertools import combinations, pairwise

import pytest

from satdoku import Board, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.fpuzzles import read_fpuzzles
from satdoku.formats.fpuzzles_write import to_fpuzzles
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.rules.double_arrows import DoubleArrows
from satdoku.rules.lines_pairwise import Nabner, ParityLines
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree_on, names, walk

B4, B6 = Board.classic(4), Board.classic(6)
OK = {"nabner": lambda ds: all(abs(a - b) > 1 for a, b in combinations(ds, 2)),
      "parity_lines": lambda ds: all(a % 2 != b % 2 for a, b in pairwise(ds)),
      "double_arrows": lambda ds: ds[0] + ds[-1] == sum(ds[1:-1])}


def lines_of(key: str, lengths: tuple[int, ...]):
    def make(board, rng, solution):
        out = []
        for _ in range(rng.randint(1, 3)):
            for _ in range(100):
                line = walk(board, rng, rng.choice(lengths))
                if len(line) >= min(lengths) and (solution is None or OK[key](
                        [solution[i] for i in line])):
                    out.append(names(board, line))
                    break
        return {key: out} if out else {}
    return make


def grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


@pytest.mark.parametrize(("rule", "good", "bad", "cells"), [
    (Nabner(((0, 5),)), "1... .3.." + "." * 8, "1... .2.." + "." * 8, (0, 5)),
    (Nabner(((0, 10),)), "3" + "." * 15, "3" + "." * 9 + "3" + "." * 5, (0, 10)),
    (ParityLines(((0, 1, 2),)), "123." + "." * 12, "124." + "." * 12, (1, 2)),
    (DoubleArrows(((0, 1, 2),)), "132." + "." * 12, "142." + "." * 12, (0, 1, 2)),
])
def test_checkers_catch_a_planted_violation(rule, good, bad, cells):
    assert list(rule.violations(B4, grid(good))) == []
    assert [v.cells for v in rule.violations(B4, grid(bad))] == [cells]
    assert list(rule.violations(B4, (0,) * 16)) == []


@pytest.mark.parametrize(("key", "board", "lengths", "givens", "count"), [
    ("nabner", B4, (2,), 0.1, 80), ("nabner", B6, (2, 3), 0.45, 24),
    ("parity_lines", B4, (2, 3, 4, 5), 0.1, 80), ("parity_lines", JIGSAW6, (3, 5, 6), 0.45, 24),
    ("double_arrows", B4, (3, 4, 5), 0.1, 80), ("double_arrows", B6, (3, 4, 6), 0.45, 24),
    ("double_arrows", Board(5), (3, 4), 0.3, 24),
], ids=["nabner4", "nabner6", "parity4", "parity-jigsaw6", "darrow4", "darrow6", "darrow-latin5"])
def test_agree_with_brute_force(key, board, lengths, givens, count):
    solvable, unsolvable = agree_on(board, lines_of(key, lengths), count, seed=5, givens=givens)
    assert solvable >= count // 4 and unsolvable >= 1


def test_parity_shares_one_variable_per_cell():
    a = build(B4, (ParityLines(((0, 1, 2),)),))
    b = build(B4, (ParityLines(((0, 1, 2), (2, 1, 0))),))
    assert b.num_vars == a.num_vars


@pytest.mark.parametrize(("rule", "board", "words"), [
    (Nabner(((0, 1, 2),)), B4, "holds at most 2"),
    (Nabner(((0, 0),)), B4, "listed twice"),
    (DoubleArrows(((0, 1),)), B4, "at least one cell between"),
    (DoubleArrows((tuple(range(16)),)), B4, "add up to at least 14"),
])
def test_rules_that_make_no_sense_are_errors(rule, board, words):
    with pytest.raises(RuleError, match=words):
        build(board, (rule,))


@pytest.mark.parametrize(("obj", "message"), [
    ({"size": 9, "nabner": [["r1c1", "r1c3"]]}, "$.nabner[0][1]: r1c3 is not next to r1c1"),
    ({"size": 9, "double_arrows": [["r1c1", "r1c2"]]},
     "$.double_arrows[0]: 2 cells; a double arrow has two ends"),
    ({"size": 4, "nabner": [["r1c1", "r1c2", "r1c3"]]},
     "$.nabner[0]: 3 cells; a nabner line holds at most 2"),
    ({"size": 9, "parity_lines": "r1c1"}, "$.parity_lines: expected a list"),
])
def test_malformed_json_names_the_path(obj, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(json.dumps(obj))
    assert message in str(err.value)


def test_round_trips_through_json_and_fpuzzles():
    rng = random.Random(6)
    for _ in range(15):
        obj = {"size": 6, **lines_of("nabner", (2, 3))(B6, rng, None),
               **lines_of("double_arrows", (3, 4))(B6, rng, None),
               **lines_of("parity_lines", (2, 4))(B6, rng, None)}
        puzzle = parse_json_puzzle(json.dumps(obj))
        assert parse_json_puzzle(json.dumps(puzzle_to_json(puzzle))) == puzzle
        if "parity_lines" in obj:  # f-puzzles has no parity line
            with pytest.raises(RuleError, match="parity_lines"):
                to_fpuzzles(puzzle)
            puzzle = parse_json_puzzle(json.dumps({k: v for k, v in obj.items()
                                                   if k != "parity_lines"}))
        assert read_fpuzzles(to_fpuzzles(puzzle)).puzzle == puzzle


def test_fpuzzles_keys_read_as_the_editor_writes_them():
    fobj = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)],
            "doublearrow": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
            "nabner": [{"lines": [["R3C1", "R4C2"]]}]}
    obj = read_fpuzzles(fobj).obj
    assert obj["double_arrows"] == [["r1c1", "r1c2", "r1c3"]]
    assert obj["nabner"] == [["r3c1", "r4c2"]]


def test_markings():
    b = Board.classic(9)
    assert [(m.kind, m.style) for m in DoubleArrows(((0, 1, 2),)).markings(b)] == [
        ("line", "double_arrow")]
    assert Nabner(((0, 1),)).markings(b)[0].style == "nabner"
    assert ParityLines(((0, 1),)).markings(b)[0].style == "parity"


@pytest.mark.parametrize("name", ["nabner", "parity-lines", "double-arrows"])
def test_example_is_unique(name):
    run = run_cli("check", str(ROOT / "examples" / f"{name}.json"))
    assert run.code == 0 and run.out.startswith("unique"), run.err

"""Multisum and digital-root cages (satdoku.rules.multisum): sums of a digital root,
checkers, brute-force agreement, JSON errors and round trips, f-puzzles DR cages, example."""

from __future__ import annotations

import json
import random

import pytest

from satdoku import Board, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.fpuzzles import read_fpuzzles
from satdoku.formats.fpuzzles_write import to_fpuzzles
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.rules.cages import sum_range
from satdoku.rules.multisum import MultisumCages, SumCage, digital_root_sums
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree_on, names, walk

B4, B6 = Board.classic(4), Board.classic(6)


def test_digital_root_sums():
    assert digital_root_sums(9, 2, 1) == (10,) and digital_root_sums(9, 9, 9) == (45,)
    for n in (4, 9, 16):
        for size in (1, 2, 3):
            low, high = sum_range(n, size)
            every = sorted(s for root in range(1, 10) for s in digital_root_sums(n, size, root))
            assert every == list(range(low, high + 1))  # each total has exactly one root


def cages(board, rng, solution):
    out = []
    for _ in range(rng.randint(1, 3)):
        cells = walk(board, rng, rng.randint(1, 3), diagonal=False)
        if solution is not None and len({solution[i] for i in cells}) < len(cells):
            continue
        low, high = sum_range(board.n, len(cells))
        total = sum(solution[i] for i in cells) if solution else rng.randint(low, high)
        item: dict = {"cells": names(board, cells)}
        if rng.random() < 0.5:
            item["digital_root"] = (total - 1) % 9 + 1
        else:
            item["sums"] = sorted({total, rng.randint(low, high)})
        out.append(item)
    return {"multisum_cages": out} if out else {}


@pytest.mark.parametrize(("board", "givens", "count"), [
    (B4, 0.1, 100), (B6, 0.45, 24), (JIGSAW6, 0.45, 20)], ids=["4x4", "6x6", "jigsaw6"])
def test_agree_with_brute_force(board, givens, count):
    solvable, unsolvable = agree_on(board, cages, count, seed=7, givens=givens)
    assert solvable >= count // 4 and unsolvable >= 1


def test_checker():
    rule = MultisumCages((SumCage((0, 1), (4, 6)),))
    assert list(rule.violations(B4, (1, 3) + (0,) * 14)) == []
    assert [v.cells for v in rule.violations(B4, (2, 3) + (0,) * 14)] == [(0, 1)]
    assert [v.cells for v in rule.violations(B4, (2, 2) + (0,) * 14)] == [(0, 1)]  # repeat


def test_impossible_cages_are_errors():
    with pytest.raises(RuleError, match="impossible for 2 distinct digits"):
        build(B4, (MultisumCages((SumCage((0, 1), (20,)),)),))


@pytest.mark.parametrize(("obj", "message"), [
    ({"size": 4, "multisum_cages": [{"cells": ["r1c1"]}]},
     '$.multisum_cages[0]: give either "sums" or "digital_root"'),
    ({"size": 4, "multisum_cages": [{"cells": ["r1c1"], "sums": [1], "digital_root": 1}]},
     '$.multisum_cages[0]: give either'),
    ({"size": 4, "multisum_cages": [{"cells": ["r1c1"], "digital_root": 10}]},
     "$.multisum_cages[0].digital_root: 10 is out of range (1..9)"),
    ({"size": 4, "multisum_cages": [{"cells": ["r1c1"], "sums": []}]},
     "$.multisum_cages[0].sums: no sum listed"),
    ({"size": 4, "multisum_cages": [{"cells": ["r1c1", "r1c2"], "digital_root": 9}]},
     "$.multisum_cages[0]: digital root 9: impossible for 2 distinct digits 1..4"),
])
def test_malformed_json_names_the_path(obj, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(json.dumps(obj))
    assert message in str(err.value)


def test_json_round_trip():
    rng = random.Random(8)
    for _ in range(30):
        puzzle = parse_json_puzzle(json.dumps({"size": 6, **cages(B6, rng, None)}))
        assert parse_json_puzzle(json.dumps(puzzle_to_json(puzzle))) == puzzle


def test_fpuzzles_dr_cages_both_ways():
    grid = [[{} for _ in range(9)] for _ in range(9)]
    fobj = {"size": 9, "grid": grid, "killercage": [
        {"cells": ["R1C1", "R1C2"], "value": "DR5"}, {"cells": ["R2C1"], "value": "7"},
        {"cells": ["R3C1", "R3C2"], "value": "dr 1"}]}
    reading = read_fpuzzles(fobj)
    assert reading.obj["multisum_cages"] == [
        {"cells": ["r1c1", "r1c2"], "digital_root": 5},
        {"cells": ["r3c1", "r3c2"], "digital_root": 1}]
    assert reading.obj["cages"] == [{"cells": ["r2c1"], "sum": 7}]
    back = to_fpuzzles(reading.puzzle)
    assert {"cells": ["R1C1", "R1C2"], "value": "DR5"} in back["killercage"]
    assert read_fpuzzles(back).puzzle == reading.puzzle


@pytest.mark.parametrize("value", ["DR0", "DR10", "DRX"])
def test_fpuzzles_dr_labels_it_cannot_mean_are_refused_by_name(value):
    grid = [[{} for _ in range(9)] for _ in range(9)]
    fobj = {"size": 9, "grid": grid, "killercage": [{"cells": ["R1C1"], "value": value}]}
    with pytest.raises(ParseError, match=f"killercage \\(value '{value}' is not a number\\)"):
        read_fpuzzles(fobj)


def test_fpuzzles_refuses_a_list_of_sums():
    puzzle = parse_json_puzzle(json.dumps({"size": 9, "multisum_cages": [
        {"cells": ["r1c1", "r1c2"], "sums": [5, 7]}]}))
    with pytest.raises(RuleError, match="multisum_cages without a digital_root"):
        to_fpuzzles(puzzle)


def test_markings():
    rule = MultisumCages((SumCage((0, 1), (5, 14), 5), SumCage((2,), (1, 3))))
    assert [(m.kind, m.label) for m in rule.markings(Board.classic(9))] == [
        ("cage", "DR5"), ("cage", "1/3")]


def test_example_is_unique():
    run = run_cli("check", str(ROOT / "examples" / "multisum.json"))
    assert run.code == 0 and run.out.startswith("unique"), run.err

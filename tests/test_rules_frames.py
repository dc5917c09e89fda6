"""Frame sums (satdoku.rules.frames) and Rossini arrows (satdoku.rules.rossini): cells,
checkers, brute-force agreement, JSON errors and round trips, markings, examples."""

from __future__ import annotations

import json
import random

import pytest

from satdoku import Board, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.rules.frames import FrameSums
from satdoku.rules.outside import Clue
from satdoku.rules.rossini import Arrow, Rossini, ends, first_cells
from tests.conftest import ROOT, run_cli
from tests.variant_oracle import agree_on

B4, B6, B9 = Board.classic(4), Board.classic(6), Board.classic(9)


def test_frame_cells_follow_the_box_depth():
    assert FrameSums.cells_of(B9, Clue(-1, 4, 0)) == (4, 13, 22)
    assert FrameSums.cells_of(B6, Clue(-1, 0, 0)) == (0, 6)           # 2x3 boxes: 2 down
    assert FrameSums.cells_of(B6, Clue(0, 6, 0)) == (5, 4, 3)         # and 3 along a row
    with pytest.raises(RuleError, match="need rectangular boxes"):
        FrameSums.cells_of(Board(5), Clue(-1, 0, 0))


def frames(board, rng, solution):
    out: dict[str, dict] = {}
    for _ in range(rng.randint(1, 3)):
        row, col = rng.choice(ends(board))
        cells = FrameSums.cells_of(board, Clue(row, col, 0))
        low, high = FrameSums.possible(board.n, len(cells))[0], FrameSums.possible(
            board.n, len(cells))[-1]
        total = sum(solution[i] for i in cells) if solution else rng.randint(low, high)
        out.setdefault(f"r{row + 1}c{col + 1}", {"clue": f"r{row + 1}c{col + 1}", "sum": total})
    return {"frames": list(out.values())}


def rossini(board, rng, solution):
    negative, out = rng.random() < 0.5, []
    for row, col in ends(board):
        clue = f"r{row + 1}c{col + 1}"
        if solution is None:
            if rng.random() < 0.2:
                out.append({"clue": clue, "arrow": rng.choice(["in", "out"])})
            continue
        a, b, c = (solution[i] for i in first_cells(board, row, col))
        way = "in" if a < b < c else "out" if a > b > c else None
        if way and (negative or rng.random() < 0.5):
            out.append({"clue": clue, "arrow": way})
    return {"rossini": out + (["negative"] if negative else [])}


@pytest.mark.parametrize(("make", "board", "givens", "count"), [
    (frames, B4, 0.1, 80), (frames, B6, 0.45, 20), (rossini, B4, 0.1, 80),
    (rossini, B6, 0.45, 20), (rossini, Board(5), 0.3, 20),
], ids=["frames4", "frames6", "rossini4", "rossini6", "rossini-latin5"])
def test_agree_with_brute_force(make, board, givens, count):
    solvable, unsolvable = agree_on(board, make, count, seed=11, givens=givens)
    assert solvable >= count // 4 and unsolvable >= 1


def test_checkers():
    frame = FrameSums((Clue(-1, 0, 4),))
    assert list(frame.violations(B4, (1, 0, 0, 0, 3) + (0,) * 11)) == []
    assert len(list(frame.violations(B4, (2, 0, 0, 0, 1) + (0,) * 11))) == 1
    arrow = Rossini((Arrow(0, 4, False),))          # r1c5, "out": rises towards the arrow
    assert list(arrow.violations(B4, (0, 1, 2, 3) + (0,) * 12)) == []
    assert len(list(arrow.violations(B4, (0, 3, 2, 1) + (0,) * 12))) == 1
    negative = Rossini((), negative=True)
    found = list(negative.violations(B4, (1, 2, 3, 4) + (0,) * 12))
    assert [v.cells for v in found] == [(0, 1, 2), (3, 2, 1)]   # both ends of row 1


@pytest.mark.parametrize(("obj", "message"), [
    ({"size": 4, "frames": [{"clue": "r0c1", "sum": 9}]},
     "$.frames[0].sum: sum 9 is impossible for a frame sum on a 4x4 board (possible: 3..7)"),
    ({"size": 4, "frames": [{"clue": "r1c1", "sum": 3}]}, "$.frames[0].clue: r1c1 is inside"),
    ({"size": 4, "rossini": [{"clue": "r0c1", "arrow": "up"}]},
     '$.rossini[0].arrow: bad arrow \'up\': use "in"'),
    ({"size": 4, "rossini": [{"clue": "r0c0", "arrow": "in"}]},
     "$.rossini[0].clue: r0c0 is a corner"),
    ({"size": 4, "rossini": [{"clue": "r0c1", "arrow": "in"}, {"clue": "r0c1", "arrow": "out"}]},
     "$.rossini[1]: r0c1 already has an arrow"),
    ({"size": 4, "rossini": ["positive"]}, "$.rossini[0]: expected an arrow"),
    ({"size": 2, "rossini": ["negative"]}, "$.rossini: Rossini arrows speak of three digits"),
])
def test_malformed_json_names_the_path(obj, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(json.dumps(obj))
    assert message in str(err.value)


def test_json_round_trip():
    rng = random.Random(12)
    for _ in range(20):
        obj = {"size": 6, **frames(B6, rng, None), **rossini(B6, rng, None)}
        puzzle = parse_json_puzzle(json.dumps(obj))
        assert parse_json_puzzle(json.dumps(puzzle_to_json(puzzle))) == puzzle


def test_markings():
    (arrow,) = Rossini((Arrow(-1, 2, True),)).markings(B9)
    assert (arrow.kind, arrow.cells, arrow.label, arrow.style) == ("text", (2, 11, 20), "↓", "D")
    (out,) = Rossini((Arrow(3, 9, False),)).markings(B9)
    assert (out.label, out.style) == ("→", "L")
    (frame,) = FrameSums((Clue(-1, 0, 12),)).markings(B9)
    assert (frame.kind, frame.label, frame.cells) == ("text", "12", (0, 9, 18))


def test_rules_that_make_no_sense_are_errors():
    with pytest.raises(RuleError, match="is a corner"):
        build(B4, (Rossini((Arrow(-1, -1, True),)),))


@pytest.mark.parametrize("name", ["frames", "rossini"])
def test_example_is_unique(name):
    run = run_cli("check", str(ROOT / "examples" / f"{name}.json"))
    assert run.code == 0 and run.out.startswith("unique"), run.err

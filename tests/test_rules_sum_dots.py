"""Sum and product dots (satdoku.rules.sum_dots) and Vudoku (satdoku.rules.vudoku): tables,
checkers, brute-force agreement, propagation, JSON errors and round trips, examples."""

from __future__ import annotations

import json
import math
import random

import pytest

from cnf import Session
from satdoku import Board, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.rules import cell_var
from satdoku.rules.sum_dots import Dot, Dots, tuples
from satdoku.rules.vudoku import Vudoku, keeps, triples
from tests.conftest import ROOT, run_cli
from tests.variant_oracle import agree_on, names

B4, B6 = Board.classic(4), Board.classic(6)
COMBINE = {"sum": sum, "product": math.prod}


def test_tables():
    assert tuples(4, 2, "product", 4) == ((1, 4), (4, 1))        # (2, 2): neighbours differ
    assert (2, 2, 1, 1) in tuples(4, 4, "product", 4)            # a square may repeat
    assert all(keeps(c, a, b) for a, c, b in triples(9)) and (4, 3, 1) in triples(9)
    assert (2, 4, 2) in triples(9) and (3, 3, 1) not in triples(9)  # ends may repeat


def dots(kind):
    def make(board, rng, solution):
        n, out = board.n, []
        for _ in range(rng.randint(1, 3)):
            r, c = rng.randrange(n - 1), rng.randrange(n - 1)
            i = r * n + c
            cells = ([i, i + 1, i + n, i + n + 1] if rng.random() < 0.5
                     else rng.choice([[i, i + 1], [i, i + n]]))
            if solution is not None:
                value = COMBINE[kind](solution[j] for j in cells)
            else:
                value = rng.choice([v for v in range(1, n ** 4 + 1)
                                    if tuples(n, len(cells), kind, v)])
            out.append({"cells": names(board, cells), "value": value})
        return {f"{kind}_dots": out}
    return make


def vs(board, rng, solution):
    n, out = board.n, []
    for _ in range(rng.randint(1, 3)):
        corner = rng.randrange(n * n)
        r, c = divmod(corner, n)
        a = rng.choice([(r + d) * n + c for d in (-1, 1) if 0 <= r + d < n])
        b = rng.choice([r * n + c + d for d in (-1, 1) if 0 <= c + d < n])
        if solution is None or keeps(solution[corner], solution[a], solution[b]):
            out.append(names(board, [a, corner, b]))
    return {"vudoku": out} if out else {}


@pytest.mark.parametrize(("make", "board", "givens", "count"), [
    (dots("sum"), B4, 0.1, 80), (dots("product"), B4, 0.1, 80), (dots("sum"), B6, 0.45, 20),
    (dots("product"), B6, 0.45, 20), (vs, B4, 0.2, 80), (vs, B6, 0.45, 20),
], ids=["sum4", "product4", "sum6", "product6", "vudoku4", "vudoku6"])
def test_agree_with_brute_force(make, board, givens, count):
    solvable, unsolvable = agree_on(board, make, count, seed=9, givens=givens)
    assert solvable >= count // 4 and unsolvable >= 1


def test_checkers():
    rule = Dots("sum", (Dot((0, 1, 4, 5), 10),))
    assert list(rule.violations(B4, (1, 2, 0, 0, 3, 4) + (0,) * 10)) == []
    assert len(list(rule.violations(B4, (1, 2, 0, 0, 3, 3) + (0,) * 10))) == 1
    v = Vudoku(((1, 0, 4),))
    assert list(v.violations(B4, (1, 3, 0, 0, 2) + (0,) * 11)) == []     # 1 = 3 - 2
    assert len(list(v.violations(B4, (4, 3, 0, 0, 2) + (0,) * 11))) == 1


def test_table_encoding_propagates():
    rule = Dots("product", (Dot((0, 1, 4, 5), 24),))
    with Session(build(B4, (rule,))) as s:                      # 4 · 3 · 2 · x = 24: x = 1
        _, implied = s.propagate([cell_var(B4, 0, 4), cell_var(B4, 1, 3), cell_var(B4, 4, 2)])
    assert cell_var(B4, 5, 1) in implied


@pytest.mark.parametrize(("obj", "message"), [
    ({"size": 4, "sum_dots": [{"cells": ["r1c1", "r1c3"], "value": 4}]},
     "$.sum_dots[0]: expected two cells side by side or the four cells of a 2x2 square"),
    ({"size": 4, "sum_dots": [{"cells": ["r1c1", "r1c2", "r2c1"], "value": 4}]},
     "$.sum_dots[0]: expected the four cells of a 2x2 square"),
    ({"size": 4, "product_dots": [{"cells": ["r1c1", "r1c2"], "value": 5}]},
     "$.product_dots[0]: no 2 digits 1..4 multiply to 5"),
    ({"size": 4, "sum_dots": [{"cells": ["r1c1", "r1c2"]}]}, "missing key 'value'"),
    ({"size": 4, "vudoku": [["r1c1", "r1c2", "r1c3"]]},
     "$.vudoku[0]: expected three cells of an L"),
    ({"size": 4, "vudoku": [["r1c1", "r1c2"]]}, "$.vudoku[0]: 2 cells given; at least 3"),
])
def test_malformed_json_names_the_path(obj, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(json.dumps(obj))
    assert message in str(err.value)


def test_json_round_trip():
    rng = random.Random(10)
    for _ in range(20):
        obj = {"size": 6, **dots("sum")(B6, rng, None), **dots("product")(B6, rng, None),
               **vs(B6, rng, None)}
        puzzle = parse_json_puzzle(json.dumps(obj))
        assert parse_json_puzzle(json.dumps(puzzle_to_json(puzzle))) == puzzle


def test_markings():
    b = Board.classic(9)
    edge, corner = Dots("sum", (Dot((0, 1), 7), Dot((0, 1, 9, 10), 20))).markings(b)
    assert (edge.kind, edge.label, edge.style) == ("dot", "7", "sum_dot")
    assert (corner.kind, corner.label) == ("quad", "20")
    assert Vudoku(((1, 0, 9),)).markings(b)[0].cells == (1, 0, 9)


def test_rules_that_make_no_sense_are_errors():
    with pytest.raises(RuleError):
        build(B4, (Dots("sum", (Dot((0, 5), 3),)),))
    with pytest.raises(RuleError, match="bad dot kind"):
        Dots("difference", ())


@pytest.mark.parametrize("name", ["sum-dots", "product-dots", "vudoku"])
def test_example_is_unique(name):
    run = run_cli("check", str(ROOT / "examples" / f"{name}.json"))
    assert run.code == 0 and run.out.startswith("unique"), run.err

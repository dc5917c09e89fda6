"""Dots, XV and the negative constraint (satdoku.rules.dots): checkers, brute-force agreement
on random instances (4x4, 6x6, jigsaw, Latin squares), propagation, JSON errors and round
trips, markings and the kropki example."""

from __future__ import annotations

import json
import random

import pytest

from cnf import Session
from satdoku import Board, Puzzle, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle, read_json_puzzles
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.generating.fill import random_grid
from satdoku.rules import all_rules, cell_var
from satdoku.rules.dots import (
    NEGATIVE_KINDS,
    BlackDots,
    Mark,
    NegativeConstraint,
    WhiteDots,
    XVSums,
)
from satdoku.rules.pairs import Move, cell_pairs
from satdoku.solving.solver import Status, SudokuSolver
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree

B4, B9 = Board.classic(4), Board.classic(9)


def grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


def found(rule, board, text):
    return [v.cells for v in rule.violations(board, grid(text))]


# -- checkers ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "good", "bad", "cells"), [
    (WhiteDots((Mark((0, 1), 1),)), "12.. " + "." * 12, "13.. " + "." * 12, (0, 1)),
    (WhiteDots((Mark((0, 4), 3),)), "1... 4..." + "." * 8, "1... 3..." + "." * 8, (0, 4)),
    (BlackDots((Mark((0, 1), 2),)), "42.. " + "." * 12, "43.. " + "." * 12, (0, 1)),
    (BlackDots((Mark((1, 2), 3),)), ".31. " + "." * 12, ".32. " + "." * 12, (1, 2)),
    (XVSums((Mark((0, 1), 5),)), "14.. " + "." * 12, "13.. " + "." * 12, (0, 1)),
    (NegativeConstraint(("white",)), "13.. " + "." * 12, "12.. " + "." * 12, (0, 1)),
    (NegativeConstraint(("white",), dotted=((0, 1),)), "12.. " + "." * 12, "1... 2..." + "." * 8,
     (0, 4)),
    (NegativeConstraint(("black",)), "13.. " + "." * 12, "1... 2..." + "." * 8, (0, 4)),
    (NegativeConstraint(("v",)), "13.. " + "." * 12, ".... .23." + "." * 8, (5, 6)),
    (NegativeConstraint(("v",), dotted=((5, 6),)), "13.. " + "." * 12, ".... .23." + "." * 8,
     (5, 6)),
    (NegativeConstraint(("v",), signed=((5, 6),)), ".... .23." + "." * 8, ".... .2.. .3.. ....",
     (5, 9)),
])
def test_checkers_catch_a_planted_violation(rule, good, bad, cells):
    assert found(rule, B4, good) == []
    assert found(rule, B4, bad) == [cells]
    assert rule.name in next(iter(rule.violations(B4, grid(bad)))).describe(B4)
    assert found(rule, B4, "." * 16) == []


@pytest.mark.parametrize(("rule", "lonely", "fine"), [
    (BlackDots((Mark((0, 1), 2),)), 3, (1, 2, 4)),   # 3 has no double nor half in 1..4
    (WhiteDots((Mark((0, 1), 3),)), 2, (1, 4)),      # 2 ± 3 is outside 1..4
    (XVSums((Mark((0, 1), 7),)), 2, (3, 4)),         # 7 = 3 + 4 only
])
def test_a_digit_without_a_partner_is_reported_at_once(rule, lonely, fine):
    for first in (True, False):
        def one(d, first=first):
            return (d, 0) + (0,) * 14 if first else (0, d) + (0,) * 14
        assert [v.cells for v in rule.violations(B4, one(lonely))] == [(0, 1)]
        assert all(not list(rule.violations(B4, one(d))) for d in fine)


def test_negative_x_and_the_kinds_together():
    board = Board.classic(6)
    rule = NegativeConstraint(("black", "x"), dotted=((0, 1),), signed=((1, 2),))
    assert found(rule, board, "364" + "." * 33) == []        # 3:6 dotted, 6+4 signed
    assert found(rule, board, "36" + "." * 4 + "6" + "." * 29) == [(0, 6)]   # 3:6, no dot
    assert found(rule, board, ".6" + "." * 5 + "4" + "." * 28) == [(1, 7)]   # 6+4, no X


def test_negative_white_without_dots_is_nonconsecutive():
    board = Board.classic(6)
    rules = (NegativeConstraint(("white",)),)
    result = SudokuSolver(board, rules).count(Puzzle(board, (0,) * 36, rules))
    assert (result.count, result.complete) == (48, True)       # the 6x6 nonconsecutive count


def test_checkers_are_sound_on_parts_of_real_solutions():
    rng = random.Random(3)
    for _ in range(40):
        puzzle = random_puzzle(B4, rng, satisfied=True)
        solution = puzzle_solution(puzzle)
        for _ in range(5):
            part = tuple(d if rng.random() < 0.5 else 0 for d in solution)
            for rule in puzzle.rules:
                assert not list(rule.violations(B4, part)), (rule, part)


# -- random instances --------------------------------------------------------------------------
MARK_KEYS = ("white_dots", "black_dots", "xv")


def _value(key: str, a: int, b: int) -> int | None:
    """The number of a mark of ``key`` that digits a, b keep (None when there is none)."""
    if key == "white_dots":
        return abs(a - b)
    if key == "black_dots":
        return max(a, b) // min(a, b) if max(a, b) % min(a, b) == 0 else None
    return a + b


def _random_value(key: str, n: int, rng: random.Random) -> int:
    low, high, default = {"white_dots": (1, n - 1, 1), "black_dots": (2, n, 2),
                          "xv": (3, 2 * n - 1, rng.choice((5, 10)))}[key]
    return default if rng.random() < 0.5 and default <= high else rng.randint(low, high)


def _item(board: Board, key: str, pair, value: int):
    cells = [board.cell_name(i) for i in pair]
    if key != "xv" and value == (1 if key == "white_dots" else 2):
        return cells
    return {"cells": cells, "sum" if key == "xv" else "value": value}


def random_object(board: Board, rng: random.Random, solution=None, givens=0.0) -> dict:
    """A random JSON puzzle of marks and maybe a negative constraint; every mark (and the
    negative constraint) kept by ``solution`` when one is given."""
    obj = puzzle_to_json(Puzzle(board, tuple(d if rng.random() < givens else 0
                                             for d in solution or (0,) * board.n ** 2)))
    pairs = list(cell_pairs(board.n, Move.ORTHOGONAL))
    kinds = rng.sample(list(NEGATIVE_KINDS), rng.randint(0, 3)) if rng.random() < 0.6 else []
    marks: dict[str, dict] = {key: {} for key in MARK_KEYS}
    if solution:  # every pair the negative constraint would forbid gets its mark
        for pair in pairs:
            a, b = (solution[i] for i in pair)
            for kind in kinds:
                spec = NEGATIVE_KINDS[kind]
                if spec.relation(a, b, spec.value):
                    key = {"white": "white_dots", "black": "black_dots"}.get(kind, "xv")
                    marks[key][pair] = _value(key, a, b)
    for key in rng.sample(MARK_KEYS, rng.randint(1, 3)):
        for pair in rng.sample(pairs, rng.randint(1, 5)):
            value = _value(key, *(solution[i] for i in pair)) if solution else \
                _random_value(key, board.n, rng)
            if value is not None:
                marks[key][pair] = value
    for key, found_marks in marks.items():
        if found_marks:
            obj[key] = [_item(board, key, pair, v) for pair, v in found_marks.items()]
    if kinds:
        obj["negative"] = kinds
    return obj


def random_puzzle(board: Board, rng: random.Random, satisfied: bool, givens=0.0) -> Puzzle:
    solution = random_grid(board, seed=rng.randrange(1 << 30)) if satisfied or givens else None
    obj = random_object(board, rng, solution if satisfied else None, givens)
    if not satisfied and givens:
        obj["givens"] = puzzle_to_json(Puzzle(board, tuple(
            d if rng.random() < givens else 0 for d in solution)))["givens"]
    return parse_json_puzzle(json.dumps(obj))


def puzzle_solution(puzzle: Puzzle) -> tuple[int, ...]:
    result = SudokuSolver(puzzle.board, puzzle.rules).solve(puzzle)
    assert result.solutions, puzzle
    return result.solutions[0]


def _agree_on(board: Board, seed: int, count: int, givens: float = 0.0) -> tuple[int, int]:
    rng = random.Random(seed)
    counts = [agree(random_puzzle(board, rng, satisfied=k % 2 == 0, givens=givens))
              for k in range(count)]
    return sum(c > 0 for c in counts), sum(c == 0 for c in counts)


def test_agree_with_brute_force_on_4x4():
    solvable, unsolvable = _agree_on(B4, 1, 200, givens=0.12)
    assert solvable >= 100 and unsolvable > 30


@pytest.mark.parametrize("board", [Board.classic(6), JIGSAW6], ids=["6x6", "jigsaw6"])
def test_agree_with_brute_force_on_6x6(board):
    solvable, unsolvable = _agree_on(board, 2, 24, givens=0.4)
    assert solvable >= 12 and unsolvable > 3


@pytest.mark.parametrize("n", [4, 5])
def test_agree_with_brute_force_on_latin_squares(n):
    solvable, unsolvable = _agree_on(Board(n), 3, 24, givens=0.3 if n == 5 else 0.0)
    assert solvable >= 12 and unsolvable > 3


def test_big_boards_solve_and_check():
    for board, seed in ((Board.classic(16), 1), (Board.classic(12), 2)):
        solution = random_grid(board, seed=seed)
        rng = random.Random(seed)
        puzzle = parse_json_puzzle(json.dumps(random_object(board, rng, solution, givens=0.5)))
        found_solution = puzzle_solution(puzzle)
        for rule in all_rules(board, puzzle.rules):
            assert not list(rule.violations(board, found_solution)), rule.name


# -- encoding ----------------------------------------------------------------------------------
def test_support_encoding_removes_digits_without_a_partner():
    black = BlackDots((Mark((0, 1), 2),))
    formula = build(B9, (black,))
    for i in (0, 1):
        assert all([-cell_var(B9, i, d)] in formula.clauses for d in (5, 7, 9))
    with Session(formula) as session:
        ok, implied = session.propagate([cell_var(B9, 0, 3)])   # 3 ⇒ 6 beside it
        assert ok and cell_var(B9, 1, 6) in implied
        ok, implied = session.propagate([-cell_var(B9, 1, d) for d in (1, 2, 3)])
        assert ok and {-cell_var(B9, 0, 1), -cell_var(B9, 0, 6)} <= set(implied)
        assert -cell_var(B9, 0, 4) not in implied                # 4 still has 8 beside it
    x_mark = build(B9, (XVSums((Mark((0, 9), 10),)),))
    assert [-cell_var(B9, 0, 5)] in x_mark.clauses                  # 5 + 5 cannot be
    with Session(x_mark) as session:
        ok, implied = session.propagate([cell_var(B9, 0, 2)])
        assert ok and cell_var(B9, 9, 8) in implied


def test_negative_constraint_is_binary_conflicts_on_unmarked_pairs():
    rule = NegativeConstraint(("white",), dotted=((0, 1),))
    formula = build(B9, (rule,))
    with Session(formula) as session:
        ok, implied = session.propagate([cell_var(B9, 10, 5)])
        assert ok and {-cell_var(B9, j, d) for j in (1, 9, 11, 19) for d in (4, 6)} <= set(implied)
        ok, implied = session.propagate([cell_var(B9, 0, 5)])
        assert ok and -cell_var(B9, 9, 4) in implied
        assert -cell_var(B9, 1, 4) not in implied                # the dotted pair is exempt
    pairs = len(cell_pairs(9, Move.ORTHOGONAL)) - 1
    assert formula.groups["negative"] == pairs * 2 * 8           # (1,2) … (8,9), both ways


# -- board checks and JSON ---------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "words"), [
    (WhiteDots((Mark((0, 2), 1),)), "not orthogonally adjacent"),
    (WhiteDots((Mark((0, 1), 4),)), "no two digits 1..4 differ by 4"),
    (BlackDots((Mark((0, 1), 5),)), "possible: 2..4"),
    (XVSums((Mark((0, 1), 10),)), "add up to 10"),
    (NegativeConstraint(("y",)), "unknown kind"),
    (NegativeConstraint(("x",), signed=((0, 5),)), "not orthogonally adjacent"),
])
def test_rules_that_make_no_sense_are_errors(rule, words):
    with pytest.raises(RuleError, match=words):
        rule.check_board(B4)


def _parse(**keys) -> Puzzle:
    return parse_json_puzzle(json.dumps({"size": 9, **keys}))


@pytest.mark.parametrize(("keys", "message"), [
    ({"white_dots": [["r1c1", "r1c3"]]}, "$.white_dots[0]: expected two cells side by side"),
    ({"white_dots": [["r1c1", "r10c1"]]}, "$.white_dots[0][1]: cell r10c1 is outside"),
    ({"white_dots": [{"cells": ["r1c1", "r1c2"], "value": 9}]},
     "$.white_dots[0].value: no two digits 1..9 differ by 9 (possible: 1..8)"),
    ({"white_dots": [["r1c1", "r1c2"], ["r1c2", "r1c1"]]},
     "$.white_dots[1]: r1c1-r1c2 is already marked by $.white_dots[0]"),
    ({"white_dots": "r1c1"}, "$.white_dots: expected a list"),
    ({"black_dots": [{"cells": ["r1c1", "r1c2"], "value": 1}]},
     "$.black_dots[0].value: no two digits 1..9 have ratio 1:1 (possible: 2..9)"),
    ({"black_dots": [{"cells": ["r1c1", "r1c2"], "valeu": 3}]},
     "$.black_dots[0].valeu: unknown key 'valeu' (did you mean 'value'?)"),
    ({"black_dots": [{"cells": ["r1c1", "r1c2"], "value": "3"}]},
     "$.black_dots[0].value: expected a whole number, got str"),
    ({"xv": [{"cells": ["r1c1", "r1c2"]}]}, "$.xv[0]: missing key 'sum'"),
    ({"xv": [["r1c1", "r1c2"]]}, '$.xv[0]: expected {"cells"'),
    ({"xv": [{"cells": ["r1c1", "r2c2"], "sum": 5}]},
     "$.xv[0].cells: expected two cells side by side"),
    ({"xv": [{"cells": ["r1c1", "r1c2"], "sum": 18}]},
     "$.xv[0].sum: no two digits 1..9 add up to 18 (possible: 3..17)"),
    ({"negative": ["whit"]}, "$.negative[0]: unknown kind 'whit' (did you mean 'white'?)"),
    ({"negative": ["x", 5]}, "$.negative[1]: expected a kind of mark"),
    ({"negative": ["x"], "xv": [["r1c1", "r1c2"]]}, "$.xv[0]: expected"),
])
def test_malformed_json_names_the_path(keys, message):
    with pytest.raises(ParseError) as err:
        _parse(**keys)
    assert message in str(err.value)


def test_negative_reads_the_marks_of_its_own_puzzle_in_an_array():
    text = json.dumps([{"size": 4, "negative": ["white"]},
                       {"size": 4, "white_dots": [["r1c2", "r1c1"]], "xv": [
                           {"cells": ["r2c1", "r2c2"], "sum": 5}], "negative": ["v", "white"]}])
    first, second = (r.puzzle for r in read_json_puzzles(text))
    assert first.rules == (NegativeConstraint(("white",)),)
    assert second.rules[-1] == NegativeConstraint(("white", "v"), ((0, 1),), ((4, 5),))


def test_malformed_json_through_the_cli():
    run = run_cli("check", json.dumps({"size": 4, "negative": ["blak"]}))
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1
    assert "$.negative[0]: unknown kind 'blak' (did you mean 'black'?)" in run.err


def test_json_round_trip():
    rng = random.Random(9)
    for board in (B4, Board.classic(6), JIGSAW6, Board(5)):
        for _ in range(30):
            puzzle = random_puzzle(board, rng, satisfied=rng.random() < 0.5)
            again = parse_json_puzzle(json.dumps(puzzle_to_json(puzzle)))
            assert again == puzzle


def test_markings():
    board = B9
    white = WhiteDots((Mark((0, 1), 1), Mark((1, 2), 3))).markings(board)
    assert [(m.kind, m.cells, m.label, m.style) for m in white] == [
        ("dot", (0, 1), "", "white"), ("dot", (1, 2), "3", "white")]
    black = BlackDots((Mark((0, 9), 2), Mark((1, 10), 3))).markings(board)
    assert [(m.label, m.style) for m in black] == [("", "black"), ("3", "black")]
    xv = XVSums(tuple(Mark((k, k + 1), s) for k, s in enumerate((10, 5, 7)))).markings(board)
    assert [(m.kind, m.label) for m in xv] == [("text", "X"), ("text", "V"), ("text", "7")]
    assert NegativeConstraint(("white",)).markings(board) == ()


def test_kropki_example_is_unique():
    path = ROOT / "examples" / "kropki.json"
    puzzle = parse_json_puzzle(path.read_text())
    assert {type(r) for r in puzzle.rules} == {WhiteDots, BlackDots, NegativeConstraint}
    result = SudokuSolver(puzzle.board, puzzle.rules).check(puzzle)
    assert result.status is Status.UNIQUE
    for rule in all_rules(puzzle.board, puzzle.rules):
        assert not list(rule.violations(puzzle.board, result.solutions[0])), rule.name
    run = run_cli("check", str(path))
    assert run.code == 0 and run.out.startswith("unique")

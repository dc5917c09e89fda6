"""Variant rules: counting oracles, brute-force agreement, checkers, board checks, examples."""

from __future__ import annotations

import os
import random

import pytest

from cnf import Session
from satdoku import Board, Puzzle, RuleError
from satdoku.encoding import build
from satdoku.formats import parse_json_puzzle
from satdoku.rules import (
    CATALOGUE,
    Cage,
    Diagonal,
    Disjoint,
    ExtraRegions,
    KillerCages,
    Move,
    PairRule,
    Parity,
    Relation,
    Windoku,
    all_rules,
    cell_var,
    parse_rules,
)
from satdoku.rules.cages import combinations
from satdoku.rules.pairs import cell_pairs
from satdoku.solving.solver import Status, SudokuSolver
from tests.bruteforce import brute_solutions
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree

MIRACLE = parse_rules("anti-king,anti-knight,nonconsecutive")
EXAMPLES = ROOT / "examples"


def count(board: Board, rules, givens=None) -> int:
    puzzle = Puzzle(board, givens or (0,) * board.n ** 2, tuple(rules))
    result = SudokuSolver(board, puzzle.rules).count(puzzle)
    assert result.complete
    return result.count


def grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


# -- counting oracles (MISSION.md, SAT-FACTS.md) ---------------------------------------------
@pytest.mark.parametrize(("n", "rules", "expected"), [
    (4, "diagonal", 48),
    (6, "nonconsecutive", 48),
    (9, "anti-king,anti-knight,nonconsecutive", 72),
])
def test_counting_oracles(n, rules, expected):
    assert count(Board.classic(n), parse_rules(rules)) == expected


@pytest.mark.parametrize(("rules", "expected"), [
    ("anti-knight", 11_520), ("anti-king", 74_160), ("diagonal", 8_640)])
def test_6x6_oracles_by_digit_symmetry(rules, expected):
    """These rules only forbid equal digits, so renaming digits maps solutions to solutions:
    the count is 6! × the count with the first row fixed to 1 2 3 4 5 6."""
    first_row = (1, 2, 3, 4, 5, 6) + (0,) * 30
    assert 720 * count(Board.classic(6), parse_rules(rules), first_row) == expected


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SATDOKU_SLOW"), reason="set SATDOKU_SLOW=1 (≈ 25 s)")
@pytest.mark.parametrize(("n", "rules", "expected"), [
    (6, "anti-knight", 11_520),      # ≈ 2.5 s
    (6, "anti-king", 74_160),        # ≈ 22 s
])
def test_slow_counting_oracles(n, rules, expected):
    assert count(Board.classic(n), parse_rules(rules)) == expected


def test_miracle_is_unique_and_passes_every_checker():
    board = Board.classic(9)
    givens = [0] * 81
    givens[board.parse_cell("r5c3")], givens[board.parse_cell("r6c7")] = 1, 2
    puzzle = Puzzle(board, tuple(givens), MIRACLE)
    result = SudokuSolver(board, MIRACLE).check(puzzle)
    assert result.status is Status.UNIQUE
    solution = result.solutions[0]
    for rule in all_rules(board, MIRACLE):
        assert list(rule.violations(board, solution)) == [], rule.name
    # the checkers are not vacuous: swapping two digits of a row breaks some rule
    broken = (solution[1], solution[0], *solution[2:])
    assert any(list(r.violations(board, broken)) for r in MIRACLE)


# -- brute-force agreement: same solution sets from CNF and from plain backtracking ------------
DIFFERENTIAL = {
    "4x4 diagonal": (Board.classic(4), "diagonal", None),
    # none: rows 1-2 are forced to "a b c d / c d a b", then r3c2 has no candidate left
    "4x4 anti-king": (Board.classic(4), "anti-king", None),
    "5x5 latin anti-king": (Board(5), "anti-king", None),
    "5x5 latin diagonal+ nonconsecutive": (Board(5), "diagonal+,nonconsecutive", None),
    "5x5 latin diagonal- anti-knight": (Board(5), "diagonal-,anti-knight", grid("1" + "." * 24)),
    "4x4 windoku disjoint": (Board.classic(4), "windoku,disjoint", None),
    "6x6 jigsaw": (JIGSAW6, "", grid("1.2... ...... ..3... ...... ...4.. ....5.")),
    "6x6 jigsaw anti-king": (JIGSAW6, "anti-king", grid("1.2... ...... ..3..." + "." * 18)),
}


@pytest.mark.parametrize("case", DIFFERENTIAL)
def test_global_rules_agree_with_brute_force(case):
    board, names, givens = DIFFERENTIAL[case]
    found = agree(Puzzle(board, givens or (0,) * board.n ** 2, parse_rules(names)))
    assert (found == 0) == (case == "4x4 anti-king"), "agreeing on nothing proves little"


def test_per_puzzle_rules_agree_with_brute_force():
    board = Board.classic(4)
    rules = (KillerCages((Cage((0, 1), 3), Cage((5, 6, 10), 7), Cage((15, 14)))),
             Parity("even", (3, 12)), Parity("odd", (9,)), ExtraRegions(((2, 7, 8, 13),)))
    assert agree(Puzzle(board, (0,) * 16, rules)) > 0



# -- geometry and checkers ---------------------------------------------------------------------
@pytest.mark.parametrize("n", [4, 5, 9, 12])
def test_pair_counts_follow_closed_forms(n):
    assert len(cell_pairs(n, Move.KNIGHT)) == 4 * (n - 1) * (n - 2)
    assert len(cell_pairs(n, Move.KING)) == 2 * n * (n - 1) + 2 * (n - 1) ** 2
    assert len(cell_pairs(n, Move.ORTHOGONAL)) == 2 * n * (n - 1)


def test_windows():
    nine = Windoku().regions(Board.classic(9))
    assert [Board.classic(9).cell_name(w[0]) for w in nine] == ["r2c2", "r2c6", "r6c2", "r6c6"]
    assert len(Windoku().regions(Board.classic(4))) == 1
    assert len(Windoku().regions(Board.classic(16))) == 9
    assert all(len(w) == 16 for w in Windoku().regions(Board.classic(16)))


def test_disjoint_groups_are_box_positions():
    groups = Disjoint().regions(Board.classic(6))
    assert len(groups) == 6 and all(len(g) == 6 for g in groups)
    assert groups[0] == (0, 3, 12, 15, 24, 27)


@pytest.mark.parametrize(("rule", "partial", "cells"), [
    (Diagonal(), "1... .... ..1. ....", (0, 10)),
    (Diagonal("+"), "...2 .... .2.. ....", (9, 3)),
    (PairRule(Move.KNIGHT, Relation.EQUAL, "anti-knight"), "3... ..3. .... ....", (0, 6)),
    (PairRule(Move.KING, Relation.EQUAL, "anti-king"), ".... .4.. 4... ....", (5, 8)),
    (PairRule(Move.ORTHOGONAL, Relation.CONSECUTIVE, "nonconsecutive"), "34.. .... .... ....",
     (0, 1)),
    (Parity("odd", (5,)), ".... .2.. .... ....", (5,)),
    (KillerCages((Cage((0, 1, 2), 6),)), "41.. .... .... ....", (0, 1, 2)),
    (KillerCages((Cage((0, 4)),)), "2... 2... .... ....", (0, 4)),
    (ExtraRegions(((0, 5, 10, 15),)), "3... .... .... ...3", (0, 15)),
])
def test_checkers_catch_a_planted_violation(rule, partial, cells):
    board = Board.classic(4)
    found = list(rule.violations(board, grid(partial)))
    assert [v.cells for v in found] == [cells]
    assert rule.name in found[0].describe(board)
    assert not list(rule.violations(board, (0,) * 16))


def test_cage_checker_is_sound_and_useful_on_partial_grids():
    board = Board.classic(4)
    rule = KillerCages((Cage((0, 1, 2), 6), Cage((4, 8), 5)))       # {1,2,3} and {1,4}/{2,3}
    assert [v.cells for v in rule.violations(board, grid("4... .... .... ...."))] == [(0, 1, 2)]
    solutions = list(brute_solutions(Puzzle(board, (0,) * 16, (rule,))))
    assert solutions
    rng = random.Random(5)
    for solution in solutions:  # never a violation on a part of a real solution
        partial = tuple(d if rng.random() < 0.5 else 0 for d in solution)
        assert not list(rule.violations(board, partial)), partial


# -- board checks ------------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "board", "words"), [
    (Windoku(), Board.classic(6), "not defined on a 6x6"),
    (Windoku(), Board(9), "needs rectangular boxes"),
    (Disjoint(), JIGSAW6, "jigsaw regions"),
    (KillerCages((Cage((0, 1), 18),)), Board.classic(9), "sum 18 is impossible"),
    (KillerCages((Cage((0, 81)),)), Board.classic(9), "outside the 9x9 board"),
    (KillerCages((Cage(tuple(range(5))),)), Board.classic(4), "cannot hold distinct"),
    (ExtraRegions(((0, 0),)), Board.classic(4), "listed twice"),
    (Parity("even", (0,)), Board(1), "no even digit"),
])
def test_rules_that_make_no_sense_on_a_board_are_errors(rule, board, words):
    with pytest.raises(RuleError, match=words):
        rule.check_board(board)
    with pytest.raises(RuleError):
        build(board, (rule,))


# -- encodings ---------------------------------------------------------------------------------
def test_cage_combinations():
    assert combinations(9, 2, 10) == ((1, 9), (2, 8), (3, 7), (4, 6))
    assert combinations(9, 9, 45) == ((1, 2, 3, 4, 5, 6, 7, 8, 9),)
    assert combinations(9, 3, 5) == ()
    assert all(len(set(s)) == 4 and sum(s) == 20 for s in combinations(9, 4, 20))


def test_cage_sum_encoding_propagates_like_a_combination_table():
    board = Board.classic(9)
    cage = Cage((0, 1), 10)                      # {1,9} {2,8} {3,7} {4,6}
    formula = build(board, (KillerCages((cage,)),))
    assert all([-cell_var(board, i, 5)] in formula.clauses for i in cage.cells)  # in no set
    with Session(formula) as session:
        no_nine = [-cell_var(board, i, 9) for i in cage.cells]
        ok, implied = session.propagate(no_nine)   # 9 gone ⇒ {1,9} gone ⇒ 1 gone
        assert ok and {-cell_var(board, i, 1) for i in cage.cells} <= set(implied)
        ok, implied = session.propagate([cell_var(board, 0, 3)])  # 3 placed ⇒ 7 beside it
        assert ok and cell_var(board, 1, 7) in implied


def test_rules_are_hashable_cache_keys():
    for name, make in CATALOGUE.items():
        assert make() == make() and hash(make()) == hash(make()), name
        assert make().name == name and make().description
    cages = KillerCages((Cage((0, 1), 3),))
    assert {cages: 1}[KillerCages((Cage((0, 1), 3),))] == 1


def test_markings_for_the_renderer():
    board = Board.classic(9)
    assert [m.kind for m in Diagonal().markings(board)] == ["diagonal", "diagonal"]
    assert {m.style for m in Windoku().markings(board)} == {"region"}
    (cage,) = KillerCages((Cage((0, 1), 3),)).markings(board)
    assert (cage.kind, cage.cells, cage.label) == ("cage", (0, 1), "3")
    assert Parity("even", (4,)).markings(board)[0].style == "even"


# -- examples ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("*.json")))
def test_examples_are_unique_and_verified(name):
    """Every JSON example (a new constraint's among them) is unique, and its solution
    passes every rule's checker."""
    puzzle = parse_json_puzzle((EXAMPLES / f"{name}.json").read_text())
    result = SudokuSolver(puzzle.board, puzzle.rules).check(puzzle)
    assert result.status is Status.UNIQUE, name
    for rule in all_rules(puzzle.board, puzzle.rules):
        assert not list(rule.violations(puzzle.board, result.solutions[0])), rule.name


# -- CLI ---------------------------------------------------------------------------------------
def test_cli_counts_miracle_grids_and_lists_rules():
    run = run_cli("count", "--rules", "anti-king,anti-knight,nonconsecutive", "." * 81)
    assert (run.code, run.out.strip()) == (0, "72")
    listing = run_cli("rules")
    assert listing.code == 0
    for name, make in CATALOGUE.items():
        assert f"  {name} " in listing.out and make().description in listing.out
    assert "cages" in listing.out and "regions" in listing.out


def test_cli_solves_the_miracle_text_file_with_rules():
    run = run_cli("check", "--rules", "anti-knight,anti-king,nonconsecutive", "-f", "line",
                  str(EXAMPLES / "miracle.txt"))
    assert run.code == 0 and run.out.startswith("unique 483726159")


def test_cli_rule_errors_exit_2():
    run = run_cli("solve", "--rules", "windoku", "." * 36)
    assert run.code == 2 and "windoku is not defined" in run.err
    assert len(run.err.strip().splitlines()) == 1
    run = run_cli("solve", "--rules", "anti-night", "." * 16)
    assert run.code == 2 and "did you mean 'anti-knight'" in run.err


def test_help_names_the_rules():
    text = " ".join(run_cli("solve", "--help").out.split())
    assert "anti-knight" in text and "nonconsecutive" in text

"""Clues outside the grid (satdoku.rules.outside): little killers, sandwiches, X-sums and
skyscrapers. Checkers on planted violations and partial grids, brute-force agreement on random
instances (4x4, Latin squares, 6x6 with givens, jigsaw), the fall-back encodings, propagation,
JSON errors and round trips, markings and the examples."""

from __future__ import annotations

import json
import random

import pytest

from cnf import Session
from satdoku import Board, Puzzle, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.generating.fill import random_grid
from satdoku.render.markings import text_place
from satdoku.render.svg import render_svg
from satdoku.rules import all_rules, cell_var, outside_cnf
from satdoku.rules.outside import (
    Clue,
    LittleKillers,
    OutsideClues,
    Sandwiches,
    Skyscrapers,
    XSums,
)
from satdoku.rules.outside_lines import (
    DIAGONALS,
    line_direction,
    ray,
    sandwich_sums,
    spans,
    x_sums,
)
from satdoku.solving.solver import Status, SudokuSolver
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree

B4, B9 = Board.classic(4), Board.classic(9)
KINDS = (LittleKillers, Sandwiches, XSums, Skyscrapers)
#: A 4x4 solution: rows 1234 / 3412 / 2143 / 4321.
SOLVED = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


# -- the definitions, written again in the plainest way (the oracle for clue values) -------------
def value(kind: type[OutsideClues], n: int, digits: list[int]) -> int:
    """The clue a full line (or diagonal) of distinct digits deserves."""
    if kind is LittleKillers:
        return sum(digits)
    if kind is Sandwiches:
        a, b = sorted((digits.index(1), digits.index(n)))
        return sum(digits[a + 1:b])
    if kind is XSums:
        return sum(digits[:digits[0]])
    return sum(1 for k, d in enumerate(digits) if all(d > e for e in digits[:k]))


def places(kind: type[OutsideClues], n: int) -> list[tuple[int, int, str]]:
    """Every place a clue of ``kind`` can sit on an n×n board: (row, col, direction)."""
    if kind.diagonal:
        ring = [(r, c) for r in range(-1, n + 1) for c in range(-1, n + 1)
                if r in (-1, n) or c in (-1, n)]
        return [(r, c, d) for r, c in ring for d in DIAGONALS
                if 0 <= r + (1 if "D" in d else -1) < n and 0 <= c + (1 if "R" in d else -1) < n]
    return ([(-1, c, "") for c in range(n)] + [(n, c, "") for c in range(n)]
            + [(r, -1, "") for r in range(n)] + [(r, n, "") for r in range(n)])


def random_rule(kind, board, rng, solution=None, clues=2):
    """``clues`` clues of ``kind`` at random places: the values ``solution`` gives them, or
    random possible values (then the puzzle is often unsolvable)."""
    chosen = []
    for r, c, d in rng.sample(places(kind, board.n), clues):
        cells = ray(board, r, c, d or line_direction(board, r, c))
        number = (value(kind, board.n, [solution[i] for i in cells]) if solution else
                  rng.choice(list(kind.possible(board.n, len(cells)))))
        chosen.append(Clue(r, c, number, d))
    return kind(tuple(chosen))


def givens_from(solution, rng, count):
    cells = set(rng.sample(range(len(solution)), count))
    return tuple(d if i in cells else 0 for i, d in enumerate(solution))


def grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


# -- checkers ----------------------------------------------------------------------------------
# SOLVED seen from each side: column 1 downwards 1 3 2 4, row 2 from the right 2 1 4 3, ...
@pytest.mark.parametrize(("rule", "good", "cells"), [
    (Sandwiches((Clue(-1, 0, 5),)), 5, (0, 4, 8, 12)),        # 1 [3 2] 4
    (Sandwiches((Clue(1, 4, 0),)), 0, (7, 6, 5, 4)),           # 2 1 4 3: 1 and 4 adjacent
    (XSums((Clue(1, 4, 3),)), 3, (7, 6)),                      # X = 2: 2 + 1
    (XSums((Clue(4, 2, 6),)), 6, (14, 10)),                    # 2 4 1 3 upwards: 2 + 4
    (Skyscrapers((Clue(-1, 0, 3),)), 3, (0, 4, 8, 12)),       # 1 3 2 4: 1, 3, 4 seen
    (Skyscrapers((Clue(2, -1, 2),)), 2, (8, 9, 10)),           # 2 1 4 3: 2, 4 (then stop)
    (LittleKillers((Clue(-1, -1, 10, "DR"),)), 10, (0, 5, 10, 15)),  # 1 4 4 1
    (LittleKillers((Clue(4, 1, 5, "UR"),)), 5, (14, 11)),      # 2 + 3
])
def test_checkers_catch_a_planted_violation(rule, good, cells):
    clue = rule.clues[0]
    right, wrong = (type(rule)((Clue(clue.row, clue.col, v, clue.direction),))
                    for v in (good, good + 1))
    assert list(right.violations(B4, SOLVED)) == []
    found = list(wrong.violations(B4, SOLVED))
    assert [v.cells for v in found] == [cells]
    assert found[0].describe(B4).startswith(f"{rule.name}: {clue.place}: ")
    assert list(wrong.violations(B4, (0,) * 16)) == []


@pytest.mark.parametrize(("rule", "partial", "cells"), [
    (Skyscrapers((Clue(-1, 0, 1),)), "3... 4... .... ....", (0, 4)),      # 2 seen already
    (Skyscrapers((Clue(0, -1, 3),)), "24.. .... .... ....", (0, 1)),      # 4 ends it at 2
    (LittleKillers((Clue(-1, -1, 5, "DR"),)), "3... .3.. .... ....", (0, 5, 10, 15)),  # 6 + ≥2
    (LittleKillers((Clue(-1, -1, 14, "DR"),)), "1... .1.. .... ....", (0, 5, 10, 15)),  # ≤ 10
    (XSums((Clue(0, -1, 5),)), "22.. .... .... ....", (0, 1)),  # (repeated digits add up too)
    (Sandwiches((Clue(0, -1, 2),)), "1234 .... .... ....", (0, 1, 2, 3)),
])
def test_partial_lines_that_no_completion_can_fix(rule, partial, cells):
    assert [v.cells for v in rule.violations(B4, grid(partial))] == [cells]


@pytest.mark.parametrize("rule", [
    Sandwiches((Clue(0, -1, 5),)),     # the 4 is not placed yet
    XSums((Clue(0, -1, 6),)),          # X = 3, the third digit is missing
    Skyscrapers((Clue(0, -1, 2),)),    # 3 2 . . : the 4 is still to come
    LittleKillers((Clue(-1, -1, 8, "DR"),)),
])
def test_open_lines_are_not_reported(rule):
    assert list(rule.violations(B4, grid("32.. .... .... ...."))) == []


def test_a_line_without_its_1_and_n_has_no_sandwich():
    rule = Sandwiches((Clue(0, -1, 0),))
    assert [v.message for v in rule.violations(B4, grid("2233 .... .... ...."))] == [
        "r1c0: no sandwich: the line needs one 1 and one 4"]


@pytest.mark.parametrize("kind", KINDS)
def test_checkers_never_flag_part_of_a_real_solution(kind):
    rng = random.Random(11)
    for board in (B4, Board(5), JIGSAW6, B9):
        solution = random_grid(board, (), rng.randrange(1000))
        rule = random_rule(kind, board, rng, solution, clues=len(places(kind, board.n)) // 2)
        assert list(rule.violations(board, solution)) == []
        for _ in range(20):
            partial = givens_from(solution, rng, rng.randrange(board.n ** 2))
            assert list(rule.violations(board, partial)) == [], partial


# -- brute-force agreement ------------------------------------------------------------------------
def _agreement(kind, board, seed, rounds, givens, clues=(1, 3)):
    """Random instances, half drawn from a random solution (solvable), half fully random
    (often not): CNF and brute force find the same solutions. Returns the counts."""
    rng = random.Random(seed)
    counts = []
    for k in range(rounds):
        solution = random_grid(board, (), rng.randrange(10 ** 6))
        rule = random_rule(kind, board, rng, solution if k % 2 else None, rng.randint(*clues))
        found = agree(Puzzle(board, givens_from(solution, rng, givens), (rule,)))
        assert found or not k % 2, rule
        counts.append(found)
    return counts


@pytest.mark.parametrize("kind", KINDS)
def test_4x4_agrees_with_brute_force(kind):
    counts = _agreement(kind, B4, 1, 48, givens=2, clues=(1, 4))
    counts += _agreement(kind, B4, 2, 6, givens=0, clues=(1, 2))
    assert 0 in counts and max(counts) > 1


@pytest.mark.parametrize("kind", KINDS)
def test_latin_squares_agree_with_brute_force(kind):
    counts = _agreement(kind, Board(4), 3, 16, givens=3)
    counts += _agreement(kind, Board(5), 4, 8, givens=8)
    assert 0 in counts and max(counts) > 1


@pytest.mark.parametrize("board", [Board.classic(6), JIGSAW6], ids=["6x6", "jigsaw"])
@pytest.mark.parametrize("kind", KINDS)
def test_6x6_with_givens_agrees_with_brute_force(kind, board):
    assert any(_agreement(kind, board, 5, 8, givens=16, clues=(2, 5)))


@pytest.fixture
def fallback(monkeypatch):
    """Pretend no digit sets can be listed: sandwiches read the line as an automaton and
    X-sums use the weighted sums of satdoku.rules.sums (the encodings of big boards)."""
    monkeypatch.setattr(outside_cnf, "MAX_SETS", -1)
    build.cache_clear()
    yield
    build.cache_clear()


@pytest.mark.parametrize("kind", [Sandwiches, XSums])
def test_the_big_board_encodings_agree_with_brute_force(kind, fallback):
    counts = _agreement(kind, B4, 6, 30, givens=2, clues=(1, 4))
    counts += _agreement(kind, JIGSAW6, 7, 4, givens=16, clues=(2, 5))
    assert 0 in counts and max(counts) > 1


def test_big_boards_choose_the_smaller_encodings():
    assert outside_cnf.digit_sets(9, range(2, 9), 4, 20) is not None
    assert outside_cnf.digit_sets(25, range(2, 25), 11, 140) is None  # 10^4 sets or more
    assert outside_cnf.digit_sets(25, range(2, 25), 2, 10) == [(2, 8), (3, 7), (4, 6)]


# -- propagation ---------------------------------------------------------------------------------
def forced(board, rules, cell, digit, assumed=()):
    """Whether unit propagation alone (after the ``assumed`` placements) puts ``digit`` in
    ``cell``: assuming it is not there fails at once."""
    with Session(build(board, tuple(rules))) as session:
        ok, _ = session.propagate([cell_var(board, i, d) for i, d in assumed]
                                  + [-cell_var(board, cell, digit)])
    return not ok


def test_propagation_places_what_a_solver_of_the_variant_would():
    assert forced(B9, [Skyscrapers((Clue(-1, 0, 1),))], 0, 9)               # 1 seen: 9 first
    staircase = [Skyscrapers((Clue(0, -1, 9),))]                            # 9 seen: 1..9
    assert all(forced(B9, staircase, k, k + 1) for k in range(9))
    assert not forced(B9, [Skyscrapers((Clue(0, -1, 8),))], 0, 1)
    assert forced(B9, [XSums((Clue(0, -1, 1),))], 0, 1)                     # X-sum 1: X = 1
    assert forced(B9, [XSums((Clue(0, -1, 45),))], 0, 9)                    # 45: X = 9
    assert forced(B9, [XSums((Clue(0, -1, 3),))], 1, 1, [(0, 2)])           # 2 + 1
    assert forced(B9, [Sandwiches((Clue(0, -1, 35),))], 8, 1, [(0, 9)])     # 35: at the ends
    assert forced(B9, [Sandwiches((Clue(0, -1, 0),))], 1, 9, [(0, 1)])      # 0: side by side
    assert forced(B9, [LittleKillers((Clue(-1, 1, 3, "DL"),))], 0, 3)       # r1c1 alone
    pair = [LittleKillers((Clue(-1, 2, 3, "DL"),))]                         # r1c2 + r2c1 = 3
    assert forced(B9, pair, 9, 2, [(1, 1)])


# -- board checks and JSON -------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "words"), [
    (Sandwiches((Clue(-1, -1, 0),)), "r0c0 is a corner"),
    (Skyscrapers((Clue(2, 2, 1),)), "r3c3 is inside the grid"),
    (LittleKillers((Clue(-1, 3, 4, "DR"),)), "going DR from r0c4 does not enter"),
    (LittleKillers((Clue(-1, 0, 4, "D"),)), "bad direction 'D'"),
    (Skyscrapers((Clue(-1, 0, 5),)), "count 5 is impossible"),
    (Sandwiches((Clue(-1, 0, 4),)),
     r"sum 4 is impossible for a sandwich on a 4x4 board \(possible: 0, 2..3, 5\)"),
])
def test_rules_that_make_no_sense_on_the_board_are_errors(rule, words):
    with pytest.raises(RuleError, match=words):
        rule.check_board(B4)


def test_possible_values():
    assert sandwich_sums(9) == (0, *range(2, 34), 35)
    assert spans(x_sums(9)) == "1, 3, 5..45" and spans(x_sums(3)) == "1, 3, 5..6"
    assert LittleKillers.possible(9, 3) == range(3, 28)


def _json(**keys) -> str:
    return json.dumps({"size": 9, **keys})


@pytest.mark.parametrize(("key", "item", "message"), [
    ("sandwiches", {"clue": "r0c0", "sum": 3}, "$.sandwiches[0].clue: r0c0 is a corner"),
    ("sandwiches", {"clue": "r1c1", "sum": 3}, "$.sandwiches[0].clue: r1c1 is inside the grid"),
    ("sandwiches", {"clue": "r0c3", "sum": 1},
     "$.sandwiches[0].sum: sum 1 is impossible for a sandwich on a 9x9 board (possible: 0, "
     "2..33, 35)"),
    ("sandwiches", {"clue": "r0c3"}, "$.sandwiches[0]: missing key 'sum'"),
    ("sandwiches", {"clue": "r0c3", "sum": 3, "count": 1}, "$.sandwiches[0].count: unknown key"),
    ("x_sums", {"clue": "r11c3", "sum": 3}, "$.x_sums[0].clue: r11c3 is not next to the 9x9"),
    ("x_sums", {"clue": "r0c3", "sum": 2},
     "$.x_sums[0].sum: sum 2 is impossible for an X-sum on a 9x9 board (possible: 1, 3, 5..45)"),
    ("x_sums", {"clue": "r0c3", "sum": "12"}, "$.x_sums[0].sum: expected a whole number, got str"),
    ("skyscrapers", {"clue": "r3c10", "count": 10}, "$.skyscrapers[0].count: count 10 is "),
    ("skyscrapers", {"clue": "r3c10", "sum": 3}, "$.skyscrapers[0].sum: unknown key 'sum'"),
    ("little_killers", {"clue": "r0c3", "direction": "UL", "sum": 3},
     "$.little_killers[0].direction: going UL from r0c3 does not enter the grid"),
    ("little_killers", {"clue": "r0c3", "direction": "down", "sum": 3},
     "$.little_killers[0].direction: bad direction 'down': use UL, UR, DL or DR"),
    ("little_killers", {"clue": "r0c2", "direction": "DL", "sum": 10},
     "$.little_killers[0].sum: sum 10 is impossible on a diagonal of 1 cell (possible: 1..9)"),
    ("little_killers", {"clue": "r0c3", "direction": "DR", "sum": 2},
     "$.little_killers[0].sum: sum 2 is impossible"),
    ("little_killers", {"clue": "r0c3", "sum": 20}, "$.little_killers[0]: missing key "),
])
def test_bad_json_names_the_path(key, item, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(_json(**{key: [item]}))
    assert str(err.value).startswith(message), str(err.value)


def test_two_clues_at_one_place_must_agree():
    text = _json(skyscrapers=[{"clue": "r0c3", "count": 3}, {"clue": "r0c3", "count": 4}])
    with pytest.raises(ParseError, match=r"\$.skyscrapers\[1\]: r0c3 already has the clue 3 "
                                         r"\(\$.skyscrapers\[0\]\)"):
        parse_json_puzzle(text)
    twice = _json(skyscrapers=[{"clue": "r0c3", "count": 3}, {"clue": "r0c3", "count": 3}])
    assert len(parse_json_puzzle(twice).rules[0].clues) == 2
    both_ways = _json(little_killers=[{"clue": "r0c3", "direction": "DR", "sum": 30},
                                      {"clue": "r0c3", "direction": "DL", "sum": 10}])
    assert len(parse_json_puzzle(both_ways).rules[0].clues) == 2


def test_bad_json_through_the_cli_is_one_line_and_exit_code_2():
    run = run_cli("check", _json(little_killers=[{"clue": "r0c3", "direction": "UL", "sum": 3}]))
    assert run.code == 2
    assert run.err.strip().count("\n") == 0
    assert "$.little_killers[0].direction: going UL from r0c3 does not enter" in run.err


def test_json_round_trip():
    rules = (LittleKillers((Clue(-1, 3, 20, "DR"), Clue(9, 9, 45, "UL"))),
             Sandwiches((Clue(-1, 2, 0), Clue(4, 9, 35))), XSums((Clue(9, 0, 45),)),
             Skyscrapers((Clue(3, -1, 4),)))
    puzzle = Puzzle(B9, (0,) * 81, rules)
    obj = puzzle_to_json(puzzle)
    assert obj["little_killers"][0] == {"clue": "r0c4", "direction": "DR", "sum": 20}
    assert obj["skyscrapers"] == [{"clue": "r4c0", "count": 4}]
    assert parse_json_puzzle(json.dumps(obj)).rules == rules


def test_lower_case_directions_are_read():
    rule = parse_json_puzzle(_json(little_killers=[{"clue": "r0c3", "direction": "dr",
                                                     "sum": 30}])).rules[0]
    assert rule.clues == (Clue(-1, 2, 30, "DR"),)


# -- markings, pictures and the examples ---------------------------------------------------------
def test_markings_run_from_the_clue_and_sit_outside():
    rules = (Sandwiches((Clue(2, 4, 3),)), Skyscrapers((Clue(4, 1, 2),)),
             LittleKillers((Clue(2, -1, 3, "UR"),)))
    marks = [m for rule in rules for m in rule.markings(B4)]
    assert [(m.cells, m.label, m.style) for m in marks] == [
        ((11, 10, 9, 8), "3", "L"), ((13, 9, 5, 1), "2", "U"), ((4, 1), "3", "UR")]
    one_cell = LittleKillers((Clue(-1, 1, 1, "DL"),)).markings(B4)
    assert one_cell[0].cells == (0,)
    assert all(text_place(4, m.cells, m.style) == "outside" for m in (*marks, *one_cell))


@pytest.mark.parametrize(("name", "kind"), [("sandwich.json", Sandwiches),
                                            ("little-killer.json", LittleKillers)])
def test_the_examples_are_unique(name, kind):
    puzzle = parse_json_puzzle((ROOT / "examples" / name).read_text())
    assert [type(r) for r in puzzle.rules] == [kind]
    result = SudokuSolver(puzzle.board, puzzle.rules).check(puzzle)
    assert result.status is Status.UNIQUE
    for rule in all_rules(puzzle.board, puzzle.rules):
        assert list(rule.violations(puzzle.board, result.solutions[0])) == []
    svg = render_svg(puzzle)
    for clue in puzzle.rules[0].clues:
        assert f">{clue.value}</text>" in svg

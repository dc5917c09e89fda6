"""Arrows, region-sum lines and zipper lines: checkers, CNF vs brute force on random
instances, board checks, JSON (errors, CLI, round trip), markings and the example."""

from __future__ import annotations

import json
import random

import pytest

from satdoku import Board, Puzzle, RuleError
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.rules.arrows import (
    Arrow,
    Arrows,
    RegionSumLines,
    ZipperLines,
    segments,
    zipper_groups,
)
from satdoku.rules.json_values import adjacent
from satdoku.solving.solver import Status, SudokuSolver
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree, random_solution

B4, B6, B9 = Board.classic(4), Board.classic(6), Board.classic(9)


def grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


def names(board, cells):
    return [board.cell_name(i) for i in cells]


# -- random instances -----------------------------------------------------------------------------
def random_line(board: Board, rng: random.Random, length: int, start: int | None = None,
                avoid=()) -> tuple[int, ...]:
    """A random king's-move walk of up to ``length`` cells (shorter when it gets stuck)."""
    n = board.n
    cell = rng.randrange(n * n) if start is None else start
    line = [cell]
    while len(line) < length:
        options = [j for j in range(n * n) if adjacent(board, line[-1], j)
                   and j not in line and j not in avoid]
        if not options:
            break
        line.append(rng.choice(options))
    return tuple(line)


def random_arrow(board: Board, rng: random.Random) -> Arrow | None:
    n = board.n
    circle: tuple[int, ...] = (rng.randrange(n * n),)
    if n <= 9 and rng.random() < 0.25:  # a 2-cell pill
        r, c = divmod(circle[0], n)
        other = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0))
                 if r + dr < n and c + dc < n]
        circle += tuple(rng.sample(other, min(1, len(other))))
    starts = [j for j in range(n * n) if j not in circle and any(adjacent(board, j, c)
                                                                    for c in circle)]
    line = random_line(board, rng, rng.randint(1, 5 if len(circle) == 1 else 7),
                       rng.choice(starts), avoid=circle)
    arrow = Arrow(circle, line)
    try:
        Arrows((arrow,)).check_board(board)
    except RuleError:
        return None
    return arrow


def random_region_sum_line(board: Board, rng: random.Random) -> tuple[int, ...] | None:
    line = random_line(board, rng, rng.randint(2, 6))
    try:
        RegionSumLines((line,)).check_board(board)
    except RuleError:
        return None
    return line


def random_zipper(board: Board, rng: random.Random) -> tuple[int, ...] | None:
    line = random_line(board, rng, rng.randint(2, 7))
    return line if len(line) >= 2 else None


MAKERS = {
    "arrows": (random_arrow, lambda xs: Arrows(tuple(xs))),
    "region_sum": (random_region_sum_line, lambda xs: RegionSumLines(tuple(xs))),
    "zipper": (random_zipper, lambda xs: ZipperLines(tuple(xs))),
}


def random_rule(kind: str, board: Board, rng: random.Random, count: int,
                solution: tuple[int, ...] | None = None, tries: int = 400):
    """A rule of ``count`` random instances (all satisfied by ``solution`` when given)."""
    make, wrap = MAKERS[kind]
    found = []
    for _ in range(tries):
        if len(found) == count:
            break
        item = make(board, rng)
        if item is None or item in found:
            continue
        if solution is None or wrap([item]).holds(board, solution):
            found.append(item)
    return wrap(found) if found else None


def givens_from(solution, rng, keep: float) -> tuple[int, ...]:
    return tuple(d if rng.random() < keep else 0 for d in solution)


# -- checkers -------------------------------------------------------------------------------------
FULL4 = grid("1234 3412 2143 4321")


def test_arrow_checker_catches_a_wrong_sum():
    rule = Arrows((Arrow((0,), (5, 10)), Arrow((3,), (2,))))  # 1 vs 4+4; 4 vs 3
    found = list(rule.violations(B4, FULL4))
    assert [v.cells for v in found] == [(0, 5, 10), (3, 2)]
    assert found[0].message == "line 1 adds up to 8, its circle reads 1"
    ok = Arrows((Arrow((6,), (9,)), Arrow((10,), (5,))))  # 1 = 1; 4 = 4
    assert not list(ok.violations(B4, FULL4))


def test_arrow_checker_reads_a_pill_as_a_number():
    solved = grid("123456789 456789123 789123456 234567891 567891234 891234567 "
                  "345678912 678912345 912345678")
    # pill r1c1-r1c2 reads 12; the line r2c1..r2c3 holds 4+5+6 = 15, r2c2..r3c1: 5+7=12
    assert list(Arrows((Arrow((1, 0), (9, 10, 11)),)).violations(B9, solved))
    assert not list(Arrows((Arrow((1, 0), (10, 18)),)).violations(B9, solved))
    # a vertical pill r1c1, r2c1 reads 14 (reading order: rows first)
    assert not list(Arrows((Arrow((9, 0), (10, 20)),)).violations(B9, solved))  # 5 + 9
    [broken] = Arrows((Arrow((9, 0), (18, 27)),)).violations(B9, solved)  # 7 + 2
    assert broken.message.endswith("adds up to 9, its circle reads 14")


def test_checkers_on_partial_grids_report_only_what_cannot_be_mended():
    partial = grid("1... .... .... ....")
    assert not list(Arrows((Arrow((0,), (5, 10)),)).violations(B4, partial))
    zipper = ZipperLines(((0, 1, 2, 3, 7),))  # pairs r1c1+r2c4, r1c2+r1c4; centre r1c3
    assert not list(zipper.violations(B4, grid("12.. .... .... ....")))
    broken = list(zipper.violations(B4, grid("1.24 ...2 .... ....")))  # 1+2 vs 4 (blank r1c2)
    assert [(v.cells, v.message) for v in broken] == [
        ((0, 7, 2), "line 1: cells equally far from the centre add up to 3, 2")]
    region = RegionSumLines(((0, 1, 2, 3),))  # r1c1+r1c2 | r1c3+r1c4
    assert not list(region.violations(B4, grid("12.. .... .... ....")))
    assert [v.cells for v in region.violations(B4, grid("1234 .... .... ...."))] == [
        (0, 1, 2, 3)]


def test_zipper_and_region_sum_checkers_on_full_grids():
    assert not list(ZipperLines(((0, 1, 2, 3),)).violations(B4, FULL4))  # 1+4 = 2+3
    assert list(ZipperLines(((0, 1, 2),)).violations(B4, FULL4))  # 1+3 is not 2
    assert not list(ZipperLines(((0, 5, 2),)).violations(B4, FULL4))  # 1+3 = 4
    assert list(RegionSumLines(((1, 2),)).violations(B4, FULL4))  # 2 | 3
    assert list(RegionSumLines(((4, 1, 2, 6),)).violations(B4, FULL4))  # 3+2 | 3+1
    assert not list(RegionSumLines(((5, 10),)).violations(B4, FULL4))  # 4 | 4


# -- CNF vs brute force ---------------------------------------------------------------------------
KINDS = list(MAKERS)


@pytest.mark.parametrize("kind", KINDS)
def test_agree_with_brute_force_on_4x4(kind):
    """Random instances, half satisfied by a random grid and half fully random; a few givens
    (from that grid) keep brute force fast, and some puzzles have none."""
    rng = random.Random(f"4x4 {kind}")
    solvable = unsat = 0
    for trial in range(130):
        solution = random_solution(B4, rng)
        rule = random_rule(kind, B4, rng, rng.randint(1, 3), solution if trial % 2 else None)
        if rule is None:
            continue
        givens = (0,) * 16 if trial < 6 else givens_from(solution, rng, 0.25)
        found = agree(Puzzle(B4, givens, (rule,)))
        solvable += found > 0
        unsat += found == 0
    assert solvable > 60 and unsat > 15, (solvable, unsat)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("board", [B6, JIGSAW6], ids=["6x6", "jigsaw6"])
def test_agree_with_brute_force_on_6x6(kind, board):
    rng = random.Random(f"{board.n} {kind} {board.regions is None}")
    for trial in range(9):
        solution = random_solution(board, rng)
        rule = random_rule(kind, board, rng, rng.randint(2, 4),
                           solution if trial % 3 else None)
        if rule is not None:
            agree(Puzzle(board, givens_from(solution, rng, 0.6), (rule,)))


@pytest.mark.parametrize("kind", ["arrows", "zipper"])
@pytest.mark.parametrize("n", [4, 5])
def test_agree_with_brute_force_on_latin_squares(kind, n):
    board = Board(n)
    rng = random.Random(f"latin {n} {kind}")
    for trial in range(16):
        solution = random_solution(board, rng)
        rule = random_rule(kind, board, rng, rng.randint(1, 3), solution if trial % 2 else None)
        if rule is not None:
            agree(Puzzle(board, givens_from(solution, rng, 0.15 if n == 4 else 0.45), (rule,)))


def test_big_boards_solve_and_check():
    """A 16x16 board: a consistent random instance of each rule is solved, and the solution
    passes the checkers (the encodings scale)."""
    board = Board.classic(16)
    rng = random.Random(16)
    from satdoku.generating.fill import random_grid
    solution = random_grid(board, seed=16)
    rules = tuple(random_rule(kind, board, rng, 4, solution) for kind in KINDS)
    puzzle = Puzzle(board, givens_from(solution, rng, 0.5), rules)
    result = SudokuSolver(board, rules).solve(puzzle)
    assert result.status is Status.SOLVED
    assert all(r.holds(board, result.solutions[0]) for r in rules)


# -- board checks ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "board", "message"), [
    (Arrows((Arrow((0,), (2,)),)), B4, "arrow 1: the line starts at r1c3, not next to the circle"),
    (Arrows((Arrow((0,), (1, 0)),)), B4, "arrow 1: r1c1 is both in the circle and on the line"),
    (Arrows((Arrow((0, 5), (1,)),)), B4, "arrow 1: the pill's cells are not side by side"),
    (Arrows((Arrow((0, 1), (2,)),)), Board.classic(16), "a pill reads its digits as a decimal"),
    (Arrows((Arrow((0,), (1, 2, 3, 7, 6)),)), B4, "adds up to at least 5, more than the circle"),
    (Arrows((Arrow((0, 1), (2,)),)), B9, "adds up to at most 9, less than the circle holds "
                                         "(at least 11)"),
    (RegionSumLines(((0, 1),)), B4, "stays in one region"),
    (RegionSumLines(((0, 1, 2),)), Board(4), "need regions"),
    (RegionSumLines(((0, 2),)), B4, "r1c3 is not next to r1c1"),
    (ZipperLines(((0,),)), B4, "at least 2 needed"),
])
def test_check_board(rule, board, message):
    with pytest.raises(RuleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        rule.check_board(board)


def test_region_sum_segments_that_can_never_agree():
    # a 1-cell segment (at most 4) against a 3-cell segment (at least 1+2+3 = 6) on 4x4
    with pytest.raises(RuleError, match="segments of 1 and 3 cells can never"):
        RegionSumLines(((2, 1, 5, 4),)).check_board(B4)  # r1c3 | r1c2 r2c2 r2c1


def test_segments_follow_jigsaw_regions():
    # JIGSAW6 row 1: regions 0 0 0 1 1 1; r2c3 is region 2
    assert segments(JIGSAW6, (0, 1, 2, 3, 4)) == ((0, 1, 2), (3, 4))
    assert segments(JIGSAW6, (1, 8, 2, 3)) == ((1,), (8,), (2,), (3,))
    assert zipper_groups((0, 1, 2, 3)) == (((0, 1), (3, 1)), ((1, 1), (2, 1)))


# -- JSON -----------------------------------------------------------------------------------------
def puzzle_json(size=4, **keys) -> str:
    return json.dumps({"size": size, **keys})


@pytest.mark.parametrize(("keys", "message"), [
    ({"arrows": [{"circle": ["r1c1"]}]}, "$.arrows[0]: missing key 'line'"),
    ({"arrows": [{"circle": ["r1c1"], "line": ["r1c2"], "sum": 3}]},
     "$.arrows[0].sum: unknown key 'sum'"),
    ({"arrows": [{"circle": [], "line": ["r1c2"]}]}, "$.arrows[0].circle: 0 cells given"),
    ({"arrows": [{"circle": ["r1c1"], "line": ["r1c2", "r1c4"]}]},
     "$.arrows[0].line[1]: r1c4 is not next to r1c2"),
    ({"arrows": [{"circle": ["r1c1"], "line": ["r3c3"]}]},
     "$.arrows[0]: the line starts at r3c3, not next to the circle"),
    ({"arrows": [{"circle": ["r1c1", "r2c2"], "line": ["r1c2"]}]},
     "$.arrows[0]: the pill's cells are not side by side"),
    ({"arrows": [{"circle": ["r1c1"], "line": ["r1c2", "r1c3", "r1c4", "r2c4", "r2c3"]}]},
     "$.arrows[0]: a line of 5 cells adds up to at least 5"),
    ({"arrows": [{"circle": "r1c1", "line": ["r1c2"]}]}, "$.arrows[0].circle: expected a list"),
    ({"arrows": [["r1c1", "r1c2"]]}, "$.arrows[0]: expected an arrow"),
    ({"region_sum_lines": [["r1c1", "r1c2"]]}, "$.region_sum_lines[0]: the line stays in one"),
    ({"region_sum_lines": [["r1c1", "r5c2"]]}, "$.region_sum_lines[0][1]: cell r5c2 is outside"),
    ({"region_sum_lines": [["r1c1"]]}, "$.region_sum_lines[0]: 1 cells given; at least 2"),
    ({"box": "none", "region_sum_lines": [["r1c2", "r1c3"]]},
     "$.region_sum_lines: region-sum lines need regions"),
    ({"zipper_lines": [["r1c1", "r1c1"]]}, "$.zipper_lines[0][1]: cell r1c1 is listed twice"),
    ({"zipper_lines": ["r1c1"]}, "$.zipper_lines[0]: expected a list of cells"),
])
def test_malformed_json(keys, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(puzzle_json(**keys))
    assert message in str(err.value)


def test_malformed_json_through_the_cli():
    run = run_cli("check", puzzle_json(arrows=[{"circle": ["r1c1"], "line": ["r3c3"]}]))
    assert run.code == 2
    assert run.err.count("\n") == 1 and "$.arrows[0]: the line starts at r3c3" in run.err


def test_json_round_trip():
    rng = random.Random("round trip")
    rules = tuple(random_rule(kind, B9, rng, 3) for kind in KINDS)
    rules += (Arrows((Arrow((10, 11), (3, 4, 5)),)),)  # a pill, listed in reading order
    puzzle = Puzzle(B9, (0,) * 81, rules)
    obj = puzzle_to_json(puzzle)
    assert set(obj) >= {"arrows", "region_sum_lines", "zipper_lines"}
    back = parse_json_puzzle(json.dumps(obj))
    merged = {type(r): r for r in back.rules}
    assert merged[Arrows].arrows == rules[0].arrows + rules[3].arrows
    assert merged[RegionSumLines] == rules[1] and merged[ZipperLines] == rules[2]
    assert puzzle_to_json(back) == obj


def test_jigsaw_region_sum_line_from_json():
    regions = ["".join("abcdef"[JIGSAW6.regions[r * 6 + c]] for c in range(6))
               for r in range(6)]
    text = json.dumps({"size": 6, "regions": regions,
                       "region_sum_lines": [["r1c1", "r1c2", "r1c3", "r1c4", "r1c5"]]})
    rule = next(r for r in parse_json_puzzle(text).rules if isinstance(r, RegionSumLines))
    assert segments(JIGSAW6, rule.lines[0]) == ((0, 1, 2), (3, 4))


# -- markings -------------------------------------------------------------------------------------
def test_markings():
    rule = Arrows((Arrow((0,), (1, 2)), Arrow((10, 9), (19, 20))))  # pill r2c1-r2c2 (9x9)
    marks = rule.markings(B9)
    assert [(m.kind, m.cells, m.style) for m in marks] == [
        ("line", (0, 1, 2), "arrow"), ("line", (10, 19, 20), "pill_arrow"),
        ("line", (9, 10), "pill_border"), ("line", (9, 10), "pill")]
    assert RegionSumLines(((0, 1, 2, 3),)).markings(B4)[0].style == "region_sum"
    assert ZipperLines(((0, 1),)).markings(B4)[0].style == "zipper"


# -- the example ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["arrows.json", "sum-lines.json"])
def test_examples_are_unique(name):
    run = run_cli("check", str(ROOT / "examples" / name))
    assert run.code == 0 and run.out.startswith("unique"), run.err

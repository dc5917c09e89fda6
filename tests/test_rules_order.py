"""The order family: thermos, slow thermos, greater-than signs, minima/maxima, whispers and
between lines — checkers, brute-force agreement, propagation, JSON and pictures."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from itertools import pairwise

import pytest

from cnf import Formula, Session
from satdoku import Board, ParseError, Puzzle, RuleError
from satdoku.encoding import build
from satdoku.formats import parse_json_puzzle, puzzle_to_json
from satdoku.rules import Rule, cell_var
from satdoku.rules.compare import Extremes, GreaterThan
from satdoku.rules.json_values import adjacent
from satdoku.rules.lines_order import BetweenLines, WhisperLine, Whispers, default_difference
from satdoku.rules.order import chain_break, ge
from satdoku.rules.pairs import Move, cell_pairs
from satdoku.rules.thermo import Thermos
from satdoku.solving.solver import Status, SudokuSolver
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree, random_solution

Grid = tuple[int, ...]


def grid(text: str) -> Grid:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


# -- the rules from their definitions (full grids), for the checkers to agree with ----------------
def holds(board: Board, rule: Rule, g: Grid) -> bool:
    """Whether the full grid ``g`` satisfies ``rule``, straight from the rule's definition."""
    if isinstance(rule, Thermos):
        return all(g[a] < g[b] or (rule.slow and g[a] == g[b])
                   for line in rule.lines for a, b in pairwise(line))
    if isinstance(rule, GreaterThan):
        return all(g[a] > g[b] for a, b in rule.pairs)
    if isinstance(rule, Extremes):
        sign = 1 if rule.kind == "minimum" else -1
        return all(sign * (g[j] - g[i]) > 0 for i in rule.cells for j in neighbours(board, i)
                   if j not in rule.cells)
    if isinstance(rule, Whispers):
        return all(abs(g[a] - g[b]) >= line.gap(board.n)
                   for line in rule.lines for a, b in pairwise(line.cells))
    assert isinstance(rule, BetweenLines)
    return all(min(g[line[0]], g[line[-1]]) < g[m] < max(g[line[0]], g[line[-1]])
               for line in rule.lines for m in line[1:-1])


def neighbours(board: Board, i: int) -> list[int]:
    return [b if a == i else a for a, b in cell_pairs(board.n, Move.ORTHOGONAL) if i in (a, b)]


# -- random instances: drawn satisfied by a grid (when given) or fully at random ---------------
def walk(board: Board, rng: random.Random, length: int, g: Grid | None = None,
         step: Callable[[int, int], bool] = lambda a, b: True,
         start: int | None = None) -> tuple[int, ...]:
    """A random line (king's moves, no cell twice) of at most ``length`` cells; with a grid,
    each step from digit a to digit b satisfies ``step(a, b)``."""
    cells = [rng.randrange(board.n ** 2) if start is None else start]
    while len(cells) < length:
        options = [j for j in board.cells if j not in cells and adjacent(board, cells[-1], j)
                   and (g is None or step(g[cells[-1]], g[j]))]
        if not options:
            break
        cells.append(rng.choice(options))
    return tuple(cells)


def lines(board, rng, g, step, least, count=2, most=4):
    """``count`` lines of ``least`` or more cells (the second may share the first's start)."""
    found: list[tuple[int, ...]] = []
    for _ in range(50):
        start = found[0][0] if found and rng.random() < 0.3 else None
        line = walk(board, rng, rng.randint(least, most), g, step, start)
        if len(line) >= least:
            found.append(line)
            if len(found) == count:
                break
    return tuple(found)


def make_thermos(board, rng, g, slow=False):
    step = (lambda a, b: a <= b) if slow else (lambda a, b: a < b)
    return Thermos(lines(board, rng, g, step, 2, most=min(board.n, 5)), slow)


def make_signs(board, rng, g):
    pairs = rng.sample(cell_pairs(board.n, Move.ORTHOGONAL), rng.randint(1, 4))
    keep = [(g[a] > g[b]) if g else rng.random() < 0.5 for a, b in pairs]
    return GreaterThan(tuple(p if k else p[::-1] for p, k in zip(pairs, keep, strict=True)))


def make_extremes(board, rng, g, kind):
    if g is None:  # minima on even cells, maxima on odd ones: never both (a JSON error)
        cells = [i for i in board.cells if i % 2 == (kind == "maximum")]
        return Extremes(kind, tuple(rng.sample(cells, rng.randint(1, 4))))
    sign = 1 if kind == "minimum" else -1
    extreme = [i for i in board.cells if all(sign * (g[j] - g[i]) > 0
                                              for j in neighbours(board, i))]
    return Extremes(kind, tuple(rng.sample(extreme, min(len(extreme), rng.randint(1, 3)))))


def make_whispers(board, rng, g):
    n, found = board.n, []
    for _ in range(2):
        gap = rng.choice([default_difference(n)] * 2 + list(range(1, n)))
        k = None if gap == default_difference(n) else gap  # (as the JSON reader has it)
        line = walk(board, rng, rng.randint(2, 5), g, lambda a, b, gap=gap: abs(a - b) >= gap)
        if len(line) >= 2:
            found.append(WhisperLine(line, k))
    return Whispers(tuple(found) or (WhisperLine((0, 1), 1),))  # (one row: digits differ)


def make_between(board, rng, g):
    for _ in range(200):
        line = walk(board, rng, rng.randint(3, 5))
        rule = BetweenLines((line,))
        if len(line) >= 3 and (g is None or holds(board, rule, g)):
            return rule
    return BetweenLines((walk(board, rng, 3),))


MAKERS = {
    "thermos": make_thermos,
    "slow_thermos": lambda b, rng, g: make_thermos(b, rng, g, slow=True),
    "greater_than": make_signs,
    "minimum": lambda b, rng, g: make_extremes(b, rng, g, "minimum"),
    "maximum": lambda b, rng, g: make_extremes(b, rng, g, "maximum"),
    "whispers": make_whispers,
    "between_lines": make_between,
}


@cache
def _jigsaw_solution(board: Board) -> Grid:
    return random_solution(board, random.Random(1))  # (quick to find for JIGSAW6)


def solution(board: Board, rng: random.Random) -> Grid:
    """A random solution of ``board``; on a jigsaw one solution's digits renamed at random
    (brute force can take a second to fill an empty jigsaw)."""
    if board.regions is None:
        return random_solution(board, rng)
    rename = [0, *rng.sample(range(1, board.n + 1), board.n)]
    return tuple(rename[d] for d in _jigsaw_solution(board))


def instance(board: Board, rng: random.Random, kinds, satisfied: bool,
             givens: int = 0) -> Puzzle:
    """A puzzle with one rule of each kind, drawn satisfied by a random grid or at random;
    ``givens`` digits of a random grid are placed (keeping brute force quick)."""
    g = solution(board, rng) if satisfied or givens else None
    rules = tuple(MAKERS[kind](board, rng, g if satisfied else None) for kind in kinds)
    placed = [0] * board.n ** 2
    for i in rng.sample(list(board.cells), givens):
        placed[i] = g[i]
    return Puzzle(board, tuple(placed), rules)


# -- brute-force agreement ------------------------------------------------------------------------
@pytest.mark.parametrize("kind", MAKERS)
def test_each_rule_agrees_with_brute_force_on_4x4(kind):
    rng, board, counts = random.Random(kind), Board.classic(4), []
    for k in range(36):
        satisfied = k % 2 == 0
        puzzle = instance(board, rng, [kind], satisfied, givens=rng.randint(1, 3))
        counts.append((satisfied, agree(puzzle)))
    assert all(found for satisfied, found in counts if satisfied)
    assert any(not found for _, found in counts)  # (random ones: some unsatisfiable)


@pytest.mark.parametrize("seed", range(4))
def test_rules_sharing_cells_agree_with_brute_force(seed):
    """Several rules on one board share order literals (channelled once per cell)."""
    rng, board, counts = random.Random(seed), Board.classic(4), []
    for k in range(30):
        kinds = rng.sample(list(MAKERS), 3)
        counts.append(agree(instance(board, rng, kinds, k % 3 == 0, givens=rng.randint(0, 2))))
    assert any(counts) and not all(counts)


@pytest.mark.parametrize(("board", "givens"), [
    (Board.classic(6), 18), (JIGSAW6, 16), (Board(5), 8), (Board(4), 3)],
    ids=["6x6", "jigsaw6", "latin5", "latin4"])
def test_rules_agree_with_brute_force_on_other_boards(board, givens):
    rng = random.Random(board.n)
    for kind in MAKERS:
        for satisfied in (True, False, True):
            found = agree(instance(board, rng, [kind], satisfied, givens))
            assert found or not satisfied


# -- checkers: definitions, planted violations, soundness on partial grids ---------------------
def test_checkers_match_the_definitions_on_full_grids():
    rng = random.Random(3)
    for n in (4, 6, 9):
        board = Board.classic(n)
        for _ in range(150):
            g = tuple(rng.randint(1, n) for _ in range(n * n))  # any digits, not a Sudoku
            rule = rng.choice(list(MAKERS.values()))(board, rng, None)
            assert (not list(rule.violations(board, g))) == holds(board, rule, g), (rule, g)


def test_checkers_are_silent_on_parts_of_solutions():
    rng = random.Random(8)
    for board in (Board.classic(4), Board.classic(6), Board(5)):
        for _ in range(30):
            g = solution(board, rng)
            for make in MAKERS.values():
                rule = make(board, rng, g)
                assert holds(board, rule, g)
                part = tuple(d if rng.random() < 0.6 else 0 for d in g)
                assert not list(rule.violations(board, part)), (rule, part)


PLANTED = [
    (Thermos(((0, 1, 2),)), "3 2 . . " + "." * 12, (0, 1), "thermo 1: 3 then 2 does not"),
    (Thermos(((0, 1, 2),)), "2 . 3 . " + "." * 12, (0, 1, 2), "2 then 3 with 1 cell between"),
    (Thermos(((0, 1, 5),)), "4 . . . " + "." * 12, (0, 1, 5), "leaves too few digits for "
                                                             "the 2 cells after it"),
    (Thermos(((0, 1, 5),)), ". 1 . . " + "." * 12, (0, 1), "too few digits for the 1 cells "
                                                          "before it"),
    (Thermos(((0, 1, 2),), slow=True), "3 3 2 . " + "." * 12, (1, 2), "slow thermo 1: 3 then "
                                                                     "2 decreases"),
    (GreaterThan(((0, 1),)), "2 3 . . " + "." * 12, (0, 1), "2 is not greater than 3"),
    (GreaterThan(((0, 4),)), "1 . . . " + "." * 12, (0, 4), "1 is greater than no digit"),
    (GreaterThan(((0, 4),)), ". . . . 4 . . . " + "." * 8, (0, 4), "no digit is greater "
                                                                  "than 4"),
    (Extremes("minimum", (5,)), ". 2 . . . 3 . . " + "." * 8, (5, 1), "3 is not smaller "
                                                                     "than 2"),
    (Extremes("maximum", (5,)), ". . . . . 1 . . " + "." * 8, (5, 1), "1 is larger than no "
                                                                     "digit"),
    (Whispers((WhisperLine((0, 1, 2)),)), "1 2 . . " + "." * 12, (0, 1), "1 and 2 differ by "
                                                                        "less than 2"),
    (Whispers((WhisperLine((0, 1), 3),)), "2 . . . " + "." * 12, (0,), "2 has no digit 3 or "
                                                                      "more away"),
    (BetweenLines(((0, 1, 2),)), "2 . 3 . " + "." * 12, (0, 2), "the circles 2 and 3 have no "
                                                              "digit between them"),
    (BetweenLines(((0, 1, 2),)), "1 4 . . " + "." * 12, (0, 1), "no two circles (one is 1) "
                                                              "have 4 strictly between them"),
    (BetweenLines(((0, 1, 2, 3),)), ". 1 3 . " + "." * 12, (1, 2), "have 1, 3 strictly"),
    (BetweenLines(((0, 1, 2, 3),)), ". 3 2 3 " + "." * 12, (1, 2, 3), "no two circles (one is "
                                                                    "3) have 3, 2 strictly"),
]


@pytest.mark.parametrize(("rule", "partial", "cells", "words"), PLANTED)
def test_checkers_catch_a_planted_violation(rule, partial, cells, words):
    board = Board.classic(4)
    found = list(rule.violations(board, grid(partial)))
    assert [v.cells for v in found] == [cells]
    assert words in found[0].describe(board)
    assert not list(rule.violations(board, (0,) * 16))


def test_chain_break_reports_the_shortest_stretch():
    assert chain_break(9, (1, 5, 0, 5), 1) == (1, 3)
    assert chain_break(9, (1, 5, 0, 5), 0) is None
    assert chain_break(4, (0, 0, 0, 0, 0), 1) == (-1, 5)  # longer than the digits allow


# -- encoding: propagation and shared order literals ------------------------------------------
@contextmanager
def propagation(board: Board, *rules: Rule) -> Iterator[Callable[..., bool]]:
    """A test: whether unit propagation alone refutes placements (cell name, digit)."""
    with Session(build(board, rules)) as session:
        yield lambda *placed: not session.propagate(
            [cell_var(board, board.parse_cell(c), d) for c, d in placed])[0]


def test_thermo_bounds_and_transitivity_propagate():
    board = Board.classic(9)
    with propagation(board, Thermos(((0, 1, 2, 3, 4),))) as refuted:   # r1c1 .. r1c5
        assert refuted(("r1c2", 7)) and not refuted(("r1c2", 6))
        assert refuted(("r1c1", 3), ("r1c5", 6))                       # 3 < · < · < · < 6
        assert not refuted(("r1c1", 3), ("r1c5", 7))
    with propagation(board, Thermos((tuple(range(9)),))) as refuted:
        assert all(refuted((f"r1c{c}", d)) == (d != c) for c in range(1, 10)
                   for d in range(1, 10))


def test_whispers_and_between_lines_propagate():
    board = Board.classic(9)
    with propagation(board, Whispers((WhisperLine((0, 1)),))) as refuted:
        assert refuted(("r1c1", 5)) and refuted(("r1c1", 4), ("r1c2", 8))
        assert not refuted(("r1c1", 4), ("r1c2", 9))
    with propagation(board, BetweenLines(((0, 1, 2),))) as refuted:
        assert refuted(("r1c2", 9)) and refuted(("r1c2", 1))
        assert refuted(("r1c1", 1), ("r1c3", 2))                  # nothing between 1 and 2
        assert refuted(("r1c1", 6), ("r1c2", 7), ("r1c3", 3))
        assert refuted(("r1c1", 2), ("r1c3", 5), ("r1c2", 6))
        assert not refuted(("r1c1", 6), ("r1c2", 4))


def test_signs_and_extremes_propagate_along_chains():
    board = Board.classic(4)
    with propagation(board, GreaterThan(((0, 1), (1, 2), (2, 3)))) as refuted:  # r1c1 > .. > r1c4
        assert all(refuted((f"r1c{c}", d)) == (d != 5 - c) for c in range(1, 5)
                   for d in range(1, 5))
    with propagation(board, Extremes("minimum", (5,))) as refuted:
        assert refuted(("r2c2", 4)) and refuted(("r2c1", 1)) and not refuted(("r2c2", 2))
        assert refuted(("r2c2", 3))     # its four neighbours would all be 4


def test_order_literals_are_shared_and_channelled_once():
    board, formula = Board.classic(4), Formula(reserved=64)
    first = ge(board, formula, 7, 3)
    size = len(formula.clauses)
    assert ge(board, formula, 7, 3) == first and len(formula.clauses) == size
    assert (ge(board, formula, 7, 1), ge(board, formula, 7, 5)) == (True, False)
    both = build(board, (Thermos(((0, 1, 2),)), GreaterThan(((1, 0),)), BetweenLines(((0, 1, 2),))))
    names = [name for name in both.names().values() if isinstance(name, tuple)]
    order = [name for name in names if name[0] == "ge"]
    assert len(order) == len(set(order)) == 3 * 3       # 3 cells × ge(·, 2..4)


@pytest.mark.parametrize("n", [8, 12, 16])
def test_every_rule_solves_on_bigger_boards(n):
    board = Board.classic(n)
    rules = (Thermos((tuple(range(n)),)), Thermos(((n, 2 * n, 3 * n),), slow=True),
             GreaterThan(((n + 1, n + 2),)), Extremes("minimum", (2 * n + 5,)),
             Extremes("maximum", (3 * n + 5,)),
             Whispers((WhisperLine(tuple(range(4 * n, 4 * n + 4))),
                       WhisperLine(tuple(range(5 * n, 5 * n + 3)), 2))),
             BetweenLines((tuple(range(6 * n, 6 * n + 4)),)))
    result = SudokuSolver(board, rules).solve(Puzzle(board, (0,) * n * n, rules))
    assert result.status is Status.SOLVED
    assert all(holds(board, rule, result.solutions[0]) for rule in rules)
    assert result.solutions[0][:n] == tuple(range(1, n + 1))


def test_rules_that_make_no_sense_on_a_board_are_errors():
    with pytest.raises(RuleError, match="thermo 1: 5 cells cannot strictly increase"):
        build(Board.classic(4), (Thermos(((0, 1, 2, 3, 7),)),))
    with pytest.raises(RuleError, match="whisper 1: difference 4 is impossible"):
        build(Board.classic(4), (Whispers((WhisperLine((0, 1), 4),)),))
    with pytest.raises(RuleError, match=r"between line 1: digits 1\.\.2 have no digit"):
        build(Board(2), (BetweenLines(((0, 1, 3),)),))
    with pytest.raises(RuleError, match="sign 1: its two cells are not side by side"):
        build(Board.classic(4), (GreaterThan(((0, 5),)),))
    with pytest.raises(RuleError, match="bad kind"):
        Extremes("median", (0,))


# -- JSON: errors with paths, round trips, the CLI -------------------------------------------------
BAD = [
    ('"thermos": [["r1c1", "r1c3"]]', "$.thermos[0][1]: r1c3 is not next to r1c1"),
    ('"thermos": [["r1c1", "r1c2", "r1c3", "r1c4", "r2c4"]]',
     "$.thermos[0]: 5 cells cannot strictly increase through digits 1..4"),
    ('"thermos": [["r1c1"]]', "$.thermos[0]: 1 cells given; at least 2 needed"),
    ('"slow_thermos": [["r1c1", "r1c1"]]', "$.slow_thermos[0][1]: cell r1c1 is listed twice"),
    ('"slow_thermos": {"cells": []}', "$.slow_thermos: expected a list (slow thermometers)"),
    ('"greater_than": [["r1c1", "r2c2"]]', "$.greater_than[0]: expected two cells side by side"),
    ('"greater_than": [["r1c1", "r1c2", "r1c3"]]', "$.greater_than[0]: expected two cells"),
    ('"greater_than": [["r1c1", "r5c1"]]', "$.greater_than[0][1]: cell r5c1 is outside"),
    ('"minimum": ["r1c1"], "maximum": ["r2c2", "r1c1"]',
     "$.maximum: cell r1c1 is also listed as minimum"),
    ('"minimum": ["r1c1", "r1c1"]', "$.minimum[1]: cell r1c1 is listed twice"),
    ('"whispers": [{"cells": ["r1c1", "r1c2"], "difference": 4}]',
     "$.whispers[0].difference: difference 4 is impossible: digits 1..4 differ by 1 to 3"),
    ('"whispers": [{"cells": ["r1c1", "r1c2"], "difference": 0}]',
     "$.whispers[0].difference: 0 is out of range (>= 1)"),
    ('"whispers": [{"cells": ["r1c1", "r1c2"], "difference": "2"}]',
     "$.whispers[0].difference: expected a whole number, got str"),
    ('"whispers": [{"cells": ["r1c1", "r1c2"], "diference": 2}]',
     "$.whispers[0].diference: unknown key 'diference' (did you mean 'difference'?)"),
    ('"whispers": [{"difference": 2}]', "$.whispers[0]: missing key 'cells'"),
    ('"whispers": [["r1c1", "r2c2"], {"cells": ["r1c1", "r3c1"]}]',
     "$.whispers[1].cells[1]: r3c1 is not next to r1c1"),
    ('"whispers": ["r1c1"]', "$.whispers[0]: expected a list of cells"),
    ('"between_lines": [["r1c1", "r1c2"]]', "$.between_lines[0]: 2 cells given; at least 3"),
    ('"between_lines": [["r1c1", "r1c2", "r1c4"]]', "$.between_lines[0][2]: r1c4 is not next"),
]


@pytest.mark.parametrize(("fragment", "message"), BAD)
def test_malformed_json_names_the_path(fragment, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle('{"size": 4, ' + fragment + "}")
    assert str(err.value).startswith(message), str(err.value)


def test_between_lines_need_three_digits():
    with pytest.raises(ParseError, match=r"\$.between_lines\[0\]: digits 1..2 have no digit"):
        parse_json_puzzle('{"size": 2, "box": "none", "between_lines": [["r1c1", "r1c2", '
                          '"r2c2"]]}')


def test_cli_reports_bad_json_in_one_line():
    for fragment, message in (BAD[1], BAD[10]):
        run = run_cli("check", '{"size": 4, ' + fragment + "}")
        assert run.code == 2 and run.err == f"satdoku: error: {message}\n", run.err


def test_json_round_trip():
    rng = random.Random(11)
    for board, satisfied, givens in ((Board.classic(4), True, 3), (Board.classic(9), False, 0),
                                     (JIGSAW6, False, 3)):
        for _ in range(10):
            puzzle = instance(board, rng, list(MAKERS), satisfied, givens)
            obj = puzzle_to_json(puzzle)
            back = parse_json_puzzle(json.dumps(obj))
            assert set(back.rules) == set(puzzle.rules) and back.givens == puzzle.givens
            assert puzzle_to_json(back) == obj


def test_whisper_difference_is_written_only_when_not_the_default():
    text = ('{"size": 9, "whispers": [["r1c1", "r1c2"], {"cells": ["r2c1", "r2c2"], '
            '"difference": 5}, {"cells": ["r3c1", "r3c2"], "difference": 4}]}')
    puzzle = parse_json_puzzle(text)
    assert puzzle_to_json(puzzle)["whispers"] == [
        ["r1c1", "r1c2"], ["r2c1", "r2c2"], {"cells": ["r3c1", "r3c2"], "difference": 4}]
    assert [line.gap(9) for line in puzzle.rules[0].lines] == [5, 5, 4]


def test_json_keys_read_the_documented_shapes():
    puzzle = parse_json_puzzle(
        '{"size": 4, "thermos": [["r1c1", "r2c2"]], "slow_thermos": [["r3c3", "r3c4"]], '
        '"greater_than": [["r4c1", "r4c2"]], "minimum": ["r2c4"], "maximum": ["r3c1"], '
        '"between_lines": [["r1c3", "r1c4", "r2c3"]]}')
    by_name = {rule.name: rule for rule in puzzle.rules}
    assert by_name["thermo"] == Thermos(((0, 5),))
    assert by_name["slow thermo"] == Thermos(((10, 11),), slow=True)
    assert by_name["greater-than"] == GreaterThan(((12, 13),))
    assert by_name["minimum"] == Extremes("minimum", (7,))
    assert by_name["maximum"] == Extremes("maximum", (8,))
    assert by_name["between"] == BetweenLines(((2, 3, 6),))


@pytest.mark.parametrize("name", ["thermo", "whispers", "order", "order-6x6"])
def test_examples_are_unique(name):
    puzzle = parse_json_puzzle((ROOT / "examples" / f"{name}.json").read_text())
    result = SudokuSolver(puzzle.board, puzzle.rules).check(puzzle)
    assert result.status is Status.UNIQUE
    assert all(holds(puzzle.board, rule, result.solutions[0]) for rule in puzzle.rules)


def test_thermo_example_is_unique_and_clashes_are_named():
    run = run_cli("check", str(ROOT / "examples" / "thermo.json"))
    assert run.code == 0 and run.out.startswith("unique"), run.out + run.err
    run = run_cli("check", '{"size": 4, "givens": "3...............", "thermos": [["r1c1", "r2c2", '
                           '"r3c3"]]}')
    assert run.code == 2 and "givens clash: thermo: thermo 1: 3 leaves too few digits" in run.err


# -- pictures --------------------------------------------------------------------------------------
def test_markings():
    board = Board.classic(4)
    signs = GreaterThan(((0, 1), (1, 0), (0, 4), (4, 0)))
    assert [m.label for m in signs.markings(board)] == [">", "<", "v", "^"]
    assert {m.kind for m in signs.markings(board)} == {"text"}
    assert [m.style for m in Thermos(((0, 1),)).markings(board)] == ["thermo"]
    assert [m.style for m in Thermos(((0, 1),), slow=True).markings(board)] == ["slow_thermo"]
    whispers = Whispers((WhisperLine((0, 1)), WhisperLine((2, 3), 3)))
    assert [(m.style, m.label) for m in whispers.markings(board)] == [
        ("whisper", "2"), ("dutch_whisper", "3")]
    assert BetweenLines(((0, 1, 2),)).markings(board)[0].style == "between"
    assert Extremes("maximum", (0, 5)).markings(board)[0].style == "maximum"

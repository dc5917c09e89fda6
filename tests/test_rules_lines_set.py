"""Set lines (satdoku.rules.lines_set): renban, palindromes, clones, quadruples, entropic and
modular lines — checkers, brute-force agreement on random instances, propagation of the
encodings, JSON errors and round trips, markings and the example."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from cnf import Formula, Session, exactly_one
from satdoku import Board, Puzzle, RuleError
from satdoku.encoding import build
from satdoku.errors import ParseError
from satdoku.formats import parse_json_puzzle
from satdoku.formats.puzzle_json import puzzle_to_json
from satdoku.generating.fill import random_grid
from satdoku.rules import all_rules, cell_var
from satdoku.rules.lines_set import (
    Clones,
    EntropicLines,
    ModularLines,
    Palindromes,
    Renban,
)
from satdoku.rules.quadruples import Quadruple, Quadruples
from satdoku.solving.solver import Status, SudokuSolver
from tests.conftest import JIGSAW6, ROOT, run_cli
from tests.variant_oracle import agree

B4, B6, B9 = Board.classic(4), Board.classic(6), Board.classic(9)


def grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text.replace(" ", ""))


def found(rule, board, text):
    return [v.cells for v in rule.violations(board, grid(text))]


# -- checkers ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "board", "good", "bad", "cells"), [
    (Renban(((0, 1, 2),)), B4, "213. " + "." * 12, "214. " + "." * 12, (1, 2)),
    (Renban(((0, 1, 2),)), B4, "3.1. " + "." * 12, "4.1. " + "." * 12, (2, 0)),
    (Renban(((0, 5),)), B4, "3... .4.." + "." * 8, "3... .3.." + "." * 8, (0, 5)),
    (Palindromes(((0, 1, 6),)), B4, "21.. ..2." + "." * 8, "21.. ..3." + "." * 8, (0, 6)),
    (Clones((((0, 1), (10, 11)), ((2,), (7,), (13,)))), B4, "12.. .... ..12 ....",
     "12.. .... ..32 ....", (0, 10)),
    (Clones((((2,), (7,), (13,)),)), B4, "..3. .... .... .3..", "..3. ...4 .... ....", (2, 7)),
    (Clones((((2,), (7,), (13,)),)), B4, "..3. .... .... .3..", ".... ...4 .... .3..",
     (7, 13)),
    (Quadruples((Quadruple((0, 1, 4, 5), (1, 2)),)), B4, "1... ...." + "." * 8,
     "34.. 13.." + "." * 8, (0, 1, 4, 5)),
    (Quadruples((Quadruple((1, 2, 5, 6), (3, 3)),)), B4, ".3.. ..3." + "." * 8,
     ".34. .12." + "." * 8, (1, 2, 5, 6)),
    (EntropicLines(((0, 1, 2, 3),)), B6, "135." + "." * 32, "13.4" + "." * 32, (1, 3)),
    (EntropicLines(((0, 7),)), B6, "1..... .5" + "." * 27, "1..... .2" + "." * 27, (0, 7)),
    (ModularLines(((0, 1, 2, 3),)), B6, "1234" + "." * 32, "12.5" + "." * 32, (1, 3)),
])
def test_checkers_catch_a_planted_violation(rule, board, good, bad, cells):
    assert found(rule, board, good) == []
    assert found(rule, board, bad) == [cells]
    assert rule.name in next(iter(rule.violations(board, grid(bad)))).describe(board)
    assert found(rule, board, "." * board.n ** 2) == []


def test_renban_repeats_are_reported_as_duplicates():
    assert found(Renban(((0, 5, 10),)), B4, "2... .2.. ...." + "." * 4) == [(0, 5)]


def test_checkers_are_sound_on_parts_of_real_solutions():
    rng = random.Random(4)
    for board in (B4, B6):
        for _ in range(20):
            puzzle = random_puzzle(board, rng, satisfied=True)
            solution = SudokuSolver(board, puzzle.rules).solve(puzzle).solutions[0]
            for _ in range(5):
                part = tuple(d if rng.random() < 0.5 else 0 for d in solution)
                for rule in puzzle.rules:
                    assert not list(rule.violations(board, part)), (rule, part)


# -- random instances --------------------------------------------------------------------------
def _walk(board: Board, rng: random.Random, length: int) -> list[int]:
    """A random line: cells each a king's move from the one before (maybe shorter)."""
    n = board.n
    line = [rng.randrange(n * n)]
    while len(line) < length:
        r, c = divmod(line[-1], n)
        steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in line]
        if not steps:
            break
        line.append(rng.choice(steps))
    return line


def _line(board, rng, solution, ok, lengths) -> list[int] | None:
    """A random line (of one of ``lengths``) that ``solution`` keeps by ``ok``, if one is found
    soon; any random line without a solution."""
    for _ in range(200):
        line = _walk(board, rng, rng.choice(lengths))
        if len(line) >= 2 and (solution is None or ok([solution[i] for i in line])):
            return line
    return None


def _classes_ok(kind, n):
    of = {d: c for c in kind.classes(n) for d in c}
    return lambda ds: all(
        of[a] != of[b] for step in (1, 2) for a, b in zip(ds, ds[step:], strict=False))


def _clone(board, rng, solution):
    size = rng.randint(1, 3)
    first = rng.sample(range(board.n ** 2), size)
    if solution is None:
        return [first, rng.sample(range(board.n ** 2), size)]
    second: list[int] = []
    for i in first:
        same = [j for j in range(board.n ** 2) if solution[j] == solution[i] and j not in second]
        second.append(rng.choice(same))
    return [first, second]


def _quad(board, rng, solution):
    r, c = rng.randrange(board.n - 1), rng.randrange(board.n - 1)
    cells = [r * board.n + c, r * board.n + c + 1, (r + 1) * board.n + c, (r + 1) * board.n + c + 1]
    if solution is None:
        digits = [rng.randint(1, board.n) for _ in range(rng.randint(1, 4))]
        digits = [d for d in digits if digits.count(d) <= 2]
    else:
        digits = rng.sample([solution[i] for i in cells], rng.randint(1, 4))
    return {"cells": cells, "digits": digits or [1]}


def _items(key: str, board: Board, rng: random.Random, solution):
    n = board.n
    if key == "renban":
        ok = lambda ds: len(set(ds)) == len(ds) and max(ds) - min(ds) == len(ds) - 1  # noqa: E731
        return _line(board, rng, solution, ok, range(2, min(n, 5) + 1))
    if key == "palindromes":
        return _line(board, rng, solution, lambda ds: ds == ds[::-1], (2, 3, 4, 5))
    if key in ("entropic_lines", "modular_lines"):
        kind = EntropicLines if key == "entropic_lines" else ModularLines
        return _line(board, rng, solution, _classes_ok(kind, n), (2, 3, 4, 5, 6))
    return (_clone if key == "clones" else _quad)(board, rng, solution)


def _names(board, value):
    if isinstance(value, dict):
        return {**value, "cells": [board.cell_name(i) for i in value["cells"]]}
    if value and isinstance(value[0], list):
        return [_names(board, part) for part in value]
    return [board.cell_name(i) for i in value]


SET_KEYS = ("renban", "palindromes", "clones", "quadruples")
CLASS_KEYS = ("entropic_lines", "modular_lines")


def random_object(board: Board, rng: random.Random, solution=None, givens=0.0,
                  keys=SET_KEYS + CLASS_KEYS) -> dict:
    """A random JSON puzzle of set-line constraints (of ``keys``), all kept by ``solution``
    when given."""
    obj = puzzle_to_json(Puzzle(board, tuple(d if rng.random() < givens else 0
                                             for d in solution or (0,) * board.n ** 2)))
    keys = [key for key in keys if board.n % 3 == 0 or key not in CLASS_KEYS]
    for key in rng.sample(keys, rng.randint(1, min(3, len(keys)))):
        items = [_items(key, board, rng, solution) for _ in range(rng.randint(1, 3))]
        items = [_names(board, item) for item in items if item]
        if items:
            obj[key] = items
    return obj


def random_puzzle(board: Board, rng: random.Random, satisfied: bool, givens=0.0,
                  keys=SET_KEYS + CLASS_KEYS) -> Puzzle:
    solution = random_grid(board, seed=rng.randrange(1 << 30))
    obj = random_object(board, rng, solution if satisfied else None, givens, keys)
    if givens:
        obj["givens"] = puzzle_to_json(Puzzle(board, tuple(
            d if rng.random() < givens else 0 for d in solution)))["givens"]
    return parse_json_puzzle(json.dumps(obj))


def _agree_on(board: Board, seed: int, count: int, givens: float = 0.0,
              keys=SET_KEYS + CLASS_KEYS) -> tuple[int, int]:
    rng = random.Random(seed)
    counts = [agree(random_puzzle(board, rng, satisfied=k % 2 == 0, givens=givens, keys=keys))
              for k in range(count)]
    return sum(c > 0 for c in counts), sum(c == 0 for c in counts)


def test_agree_with_brute_force_on_4x4():
    solvable, unsolvable = _agree_on(B4, 1, 200, givens=0.12)
    assert solvable >= 100 and unsolvable > 30


@pytest.mark.parametrize(("board", "givens"), [(B6, 0.45), (JIGSAW6, 0.45), (Board(6), 0.5)],
                         ids=["6x6", "jigsaw6", "latin6"])
def test_agree_with_brute_force_on_6x6(board, givens):
    solvable, unsolvable = _agree_on(board, 2, 30, givens)
    assert solvable >= 15 and unsolvable > 3


@pytest.mark.parametrize(("board", "givens"), [(Board(6), 0.5), (B6, 0.5)],
                         ids=["latin6", "6x6"])
def test_class_lines_agree_with_brute_force(board, givens):
    solvable, unsolvable = _agree_on(board, 5, 60, givens, keys=CLASS_KEYS)
    assert solvable >= 30 and unsolvable > 10


@pytest.mark.parametrize(("n", "count", "givens"), [(3, 100, 0.0), (5, 40, 0.3)])
def test_agree_with_brute_force_on_latin_squares(n, count, givens):
    solvable, unsolvable = _agree_on(Board(n), 3, count, givens)
    assert solvable >= count // 3 and unsolvable > 3


def test_big_boards_solve_and_check():
    for board, seed in ((Board.classic(12), 1), (Board.classic(16), 2), (Board(15), 3)):
        solution = random_grid(board, seed=seed)
        puzzle = parse_json_puzzle(json.dumps(random_object(board, random.Random(seed), solution,
                                                            givens=0.5)))
        result = SudokuSolver(board, puzzle.rules).solve(puzzle)
        for rule in all_rules(board, puzzle.rules):
            assert not list(rule.violations(board, result.solutions[0])), rule.name


# -- encodings ---------------------------------------------------------------------------------
def _only(board: Board, rule, cells) -> Formula:
    """Cells exactly-one, the rule's own clauses and all-different regions: no Sudoku."""
    formula = Formula(reserved=board.n ** 3)
    for i in cells:
        exactly_one(formula, [cell_var(board, i, d) for d in range(1, board.n + 1)])
    for region in rule.regions(board):
        for d in range(1, board.n + 1):
            for i, j in itertools.combinations(region, 2):
                formula.add([-cell_var(board, i, d), -cell_var(board, j, d)])
    rule.encode(board, formula, None)
    return formula


@pytest.mark.parametrize("size", [2, 3, 4, 6])
def test_renban_propagation_keeps_digits_within_the_possible_windows(size):
    """Unit propagation removes every digit of a cell that lies in no window still open to
    the line (generalised arc consistency of "all digits in one window"), and never removes a
    digit that a valid filling of the line within the domains uses."""
    board, rng = B9, random.Random(size)
    line = tuple(range(size))
    with Session(_only(board, Renban((line,)), line)) as session:
        for _ in range(60):
            domains = [set(rng.sample(range(1, 10), rng.randint(2, 9))) for _ in line]
            removed = [-cell_var(board, i, d) for i in line for d in range(1, 10)
                       if d not in domains[i]]
            ok, implied = session.propagate(removed)
            fillings = [f for f in itertools.product(*map(sorted, domains))
                        if len(set(f)) == size and max(f) - min(f) == size - 1]
            if not ok:
                assert not fillings
                continue
            windows = [a for a in range(1, 11 - size)
                       if all(domains[i] & set(range(a, a + size)) for i in line)]
            for i in line:
                for d in domains[i]:
                    if not any(a <= d < a + size for a in windows):
                        assert -cell_var(board, i, d) in implied, (domains, i, d)
                    if any(f[i] == d for f in fillings):
                        assert -cell_var(board, i, d) not in implied, (domains, i, d)


def test_renban_digits_every_window_holds_are_placed():
    board, line = B9, (0, 1, 2, 3, 4)                  # every window of five digits holds 5
    with Session(build(board, (Renban((line,)),))) as session:
        ok, implied = session.propagate([-cell_var(board, i, 5) for i in line[1:]])
        assert ok and cell_var(board, 0, 5) in implied
        ok, implied = session.propagate([cell_var(board, 0, 9)])     # window 5..9
        assert ok and all(-cell_var(board, i, d) in implied for i in line[1:] for d in (1, 4))


def test_quadruple_encoding_is_exact():
    board = B4
    cells = (0, 1, 4, 5)
    for digits in ((1,), (1, 1), (1, 2), (1, 1, 2), (1, 1, 2, 2), (1, 2, 3, 4), (2, 3, 3)):
        rule = Quadruples((Quadruple(cells, digits),))
        with Session(_only(board, rule, cells)) as session:
            for filling in itertools.product(range(1, 5), repeat=4):
                lits = [cell_var(board, i, d) for i, d in zip(cells, filling, strict=True)]
                holds = all(filling.count(d) >= digits.count(d) for d in digits)
                assert session.solve(lits).value == ("sat" if holds else "unsat")


def test_class_lines_propagate_along_the_line():
    board, line = B9, (0, 1, 2, 3, 4)
    for kind, placed, same in ((EntropicLines, 1, (1, 2, 3)), (ModularLines, 4, (1, 4, 7))):
        with Session(build(board, (kind((line,)),))) as session:
            ok, implied = session.propagate([cell_var(board, 0, placed)])
            others = [d for d in range(1, 10) if d not in same]
            assert ok and all(-cell_var(board, 3, d) in implied for d in others)  # 3 steps on
            assert all(-cell_var(board, i, d) in implied for i in (1, 2) for d in same)


def test_equal_cells_propagate_both_ways():
    board = B9
    rule = Palindromes(((2, 12, 22),))                 # r1c3 … r3c5: other rows, columns, boxes
    with Session(build(board, (rule,))) as session:
        ok, implied = session.propagate([cell_var(board, 22, 7)])
        assert ok and cell_var(board, 2, 7) in implied
        ok, implied = session.propagate([-cell_var(board, 2, 3)])
        assert ok and -cell_var(board, 22, 3) in implied


# -- board checks and JSON ---------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "board", "words"), [
    (Renban((tuple(range(5)),)), B4, "renban line 1: 5 cells cannot hold distinct digits"),
    (EntropicLines(((0, 1, 2),)), B4, "entropic lines need .* 4 is not a multiple of 3"),
    (ModularLines(((0, 1, 2),)), Board(5), "5 is not a multiple of 3"),
    (Palindromes(((0, 0),)), B4, "listed twice"),
    (Clones((((0, 1), (2,)),)), B4, "clone group 1: needs two or more cell lists of one length"),
    (Clones((((0, 1),),)), B4, "two or more"),
    (Quadruples((Quadruple((0, 1, 4, 6), (1,)),)), B4, "2x2 square"),
    (Quadruples((Quadruple((3, 4, 7, 8), (1,)),)), B4, "2x2 square"),
    (Quadruples((Quadruple((0, 1, 4, 5), (5,)),)), B4, "out of range"),
    (Quadruples((Quadruple((0, 1, 4, 5), (1, 2, 3, 4, 1)),)), B4, "1 to 4"),
])
def test_rules_that_make_no_sense_are_errors(rule, board, words):
    with pytest.raises(RuleError, match=words):
        rule.check_board(board)
    with pytest.raises(RuleError):
        build(board, (rule,))


@pytest.mark.parametrize(("keys", "message"), [
    ({"size": 4, "renban": [["r1c1", "r1c2", "r1c3", "r1c4", "r2c4"]]},
     "$.renban[0]: 5 cells cannot hold distinct digits"),
    ({"size": 9, "renban": [["r1c1", "r1c3"]]}, "$.renban[0][1]: r1c3 is not next to r1c1"),
    ({"size": 9, "renban": [["r1c1"]]}, "$.renban[0]: 1 cells given; at least 2 needed"),
    ({"size": 9, "renban": ["r1c1"]}, "$.renban[0]: expected a list of cells"),
    ({"size": 9, "palindromes": [["r1c1", "r1c2", "r1c1"]]},
     "$.palindromes[0][2]: cell r1c1 is listed twice"),
    ({"size": 4, "entropic_lines": [["r1c1", "r1c2", "r1c3"]]},
     "$.entropic_lines: entropic lines need the digits 1..n split into three equal classes; "
     "4 is not a multiple of 3"),
    ({"size": 8, "modular_lines": [["r1c1", "r1c2", "r1c3"]]},
     "$.modular_lines: modular lines need"),
    ({"size": 9, "clones": [[["r1c1"]]]}, "$.clones[0]: 1 cell lists given"),
    ({"size": 9, "clones": [[["r1c1", "r1c2"], ["r5c5"]]]},
     "$.clones[0][1]: 1 cells; $.clones[0][0] has 2"),
    ({"size": 9, "clones": [["r1c1", "r1c2"]]}, "$.clones[0][0]: expected a list of cells"),
    ({"size": 9, "clones": [[["r1c1"], ["r0c2"]]]}, "$.clones[0][1][0]: cell r0c2 is outside"),
    ({"size": 9, "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c3"], "digits": [1]}]},
     "$.quadruples[0].cells: expected the four cells of a 2x2 square"),
    ({"size": 9, "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1"], "digits": [1]}]},
     "$.quadruples[0].cells: 3 cells given; at least 4 needed"),
    ({"size": 9, "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"]}]},
     "$.quadruples[0]: missing key 'digits'"),
    ({"size": 9, "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digits": [0]}]},
     "$.quadruples[0].digits[0]: 0 is out of range (1..9)"),
    ({"size": 9, "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"],
                                 "digits": [4, 4, 4]}]},
     "$.quadruples[0].digits: digit 4 is listed 3 times"),
    ({"size": 9, "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digits": []}]},
     "$.quadruples[0].digits: 0 digits listed; a quadruple lists 1 to 4"),
    ({"size": 9, "quadruples": [{"cells": ["r1c1", "r1c2", "r2c1", "r2c2"], "digit": [1]}]},
     "$.quadruples[0].digit: unknown key 'digit' (did you mean 'digits'?)"),
])
def test_malformed_json_names_the_path(keys, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(json.dumps(keys))
    assert message in str(err.value)


def test_malformed_json_through_the_cli():
    run = run_cli("check", json.dumps({"size": 4, "entropic_lines": [["r1c1", "r1c2", "r1c3"]]}))
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1
    assert "$.entropic_lines: entropic lines need" in run.err


def test_json_round_trip():
    rng = random.Random(9)
    for board in (B4, B6, JIGSAW6, Board(5)):
        for _ in range(25):
            puzzle = random_puzzle(board, rng, satisfied=rng.random() < 0.5)
            assert parse_json_puzzle(json.dumps(puzzle_to_json(puzzle))) == puzzle


def test_markings():
    board = B9
    assert [(m.kind, m.style) for m in Renban(((0, 1),)).markings(board)] == [("line", "renban")]
    assert Palindromes(((0, 1),)).markings(board)[0].style == "palindrome"
    assert EntropicLines(((0, 1),)).markings(board)[0].style == "entropic"
    assert ModularLines(((0, 1),)).markings(board)[0].style == "modular"
    (clone,) = Clones((((0, 1), (40, 41)),)).markings(board)
    assert (clone.kind, clone.cells, clone.style) == ("shade", (0, 1, 40, 41), "clone")
    (quad,) = Quadruples((Quadruple((0, 1, 9, 10), (1, 3, 3)),)).markings(board)
    assert (quad.kind, quad.cells, quad.label) == ("quad", (0, 1, 9, 10), "133")
    wide = Quadruples((Quadruple((0, 1, 16, 17), (2, 12)),)).markings(Board.classic(16))
    assert wide[0].label == "2 12"


def test_example_is_unique():
    path = ROOT / "examples" / "set-lines.json"
    puzzle = parse_json_puzzle(path.read_text())
    assert {r.name for r in puzzle.rules} == {"renban", "palindrome", "entropic", "modular",
                                              "clones", "quadruple"}
    result = SudokuSolver(puzzle.board, puzzle.rules).check(puzzle)
    assert result.status is Status.UNIQUE
    for rule in all_rules(puzzle.board, puzzle.rules):
        assert not list(rule.violations(puzzle.board, result.solutions[0])), rule.name

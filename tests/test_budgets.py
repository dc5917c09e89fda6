"""Budgets (issue 18): CNF sizes known before they are spent, refusals over the memory budget,
compact encodings of big sums, time limits that cover building the CNF, and analyse's budget.
"""

from __future__ import annotations

import itertools
import json
import random
import time

import pytest

from cnf import AMO, Formula, Session, exactly_one
from cnf.budget import Deadline, Size, SizeCounter, memory
from cnf.cardinality import amo_size, at_most_one
from satdoku import Board, Puzzle
from satdoku.analyse import analyse, to_json
from satdoku.analyse.text import render
from satdoku.cli.app import run
from satdoku.encoding import Encoding, build, estimate
from satdoku.encoding.budget import BudgetError, parse_bytes, total
from satdoku.formats import format_line, parse_json_puzzle, parse_puzzle
from satdoku.rules import Cage, KillerCages, cages, cell_var, parse_rules, sums, sums_compact
from satdoku.solving.solver import Status, SudokuSolver
from tests.conftest import ROOT
from tests.test_rules_arrows import MAKERS
from tests.test_rules_arrows import random_rule as random_line_rule
from tests.test_rules_outside import _agreement
from tests.variant_oracle import agree, random_solution

B4, B6 = Board.classic(4), Board.classic(6)
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))


def real_size(formula: Formula) -> Size:
    """The size of a built formula, native constraints counted as clauses."""
    stats = formula.stats()
    native = sum(len(lits) for lits, _ in formula.atmosts)
    return Size(stats["variables"], stats["clauses"] + stats["native_atmost"],
                stats["literals"] + native)


# -- estimates against real sizes -----------------------------------------------------------------
@pytest.mark.parametrize("n", [4, 6, 9, 16])
@pytest.mark.parametrize("encoding", list(Encoding))
@pytest.mark.parametrize("amo", [AMO.PAIRWISE, AMO.SEQUENTIAL, AMO.BIMANDER, AMO.NATIVE])
def test_classic_estimates_are_exact(n, encoding, amo):
    board = Board.classic(n)
    assert total(board, estimate(board, (), encoding, amo)) == real_size(
        build(board, (), encoding, amo))


@pytest.mark.parametrize("k", [2, 3, 9, 36])
@pytest.mark.parametrize("amo", [a for a in AMO if a is not AMO.NATIVE])
def test_amo_sizes_are_those_of_the_encodings(k, amo):
    formula = Formula(reserved=k)
    at_most_one(formula, range(1, k + 1), amo)
    stats = formula.stats()
    assert amo_size(k, amo) == Size(stats["variables"] - k, stats["clauses"], stats["literals"])


#: Each estimate is at least the real size and within this factor of it: exact for a rule
#: alone; rules of one puzzle that share variables by name (sums, order chains) count them
#: once each (order-6x6.json: +2.8 % variables).
FACTOR = 1.1


def rule_cases():
    """(id, board, rules): every example puzzle file (each rule family, 6x6 and 9x9), the
    global rules on 4x4 … 16x16, and big cages on 16x16 and 25x25."""
    for path in EXAMPLES:
        puzzle = parse_json_puzzle(path.read_text())
        yield path.stem, puzzle.board, puzzle.rules
    for n in (4, 9, 16):
        for names in ("anti-knight,anti-king,nonconsecutive", "diagonal,windoku,disjoint"):
            yield f"{names}-{n}", Board.classic(n), parse_rules(names)
    for n, size, total_ in ((16, 10, 90), (25, 12, 160)):
        cells = tuple(range(size))
        yield f"cage{size}-{n}", Board.classic(n), (KillerCages((Cage(cells, total_),)),)


@pytest.mark.parametrize(("board", "rules"), [c[1:] for c in rule_cases()],
                         ids=[c[0] for c in rule_cases()])
def test_rule_estimates_against_real_sizes(board, rules):
    estimated = total(board, estimate(board, rules))
    real = real_size(build(board, rules))
    for field in ("variables", "clauses", "literals"):
        got, want = getattr(estimated, field), getattr(real, field)
        assert want <= got <= FACTOR * want, (field, estimated, real)


def test_estimates_of_giant_boards_are_instant():
    # CPU time: the estimate is pure computation, and a busy machine (xdist workers beside
    # it) stretched its wall time past the bound (1.33 s) without it doing more work.
    start = time.process_time()
    parts = dict(estimate(Board.classic(100), parse_rules("anti-knight,nonconsecutive")))
    assert time.process_time() - start < 1.0
    assert parts["cells"].clauses == 10_000 * (1 + 4950)
    assert parts["rule 'anti-knight'"].clauses > 0


def test_memory_model():
    """Calibrated on this machine: an empty 49x49 board peaked at 3.6 GB RSS (built, loaded
    into CaDiCaL and solved once); 36x36 at 1.0 GB."""
    for n, measured in ((49, 3.6e9), (36, 1.0e9)):
        board = Board.classic(n)
        assert 0.8 * measured < memory(total(board, estimate(board))) < 1.2 * measured
    assert memory(Size(0, 10, 20)) == 10 * memory(Size(0, 1, 2))
    counter = SizeCounter(reserved=3)
    counter.extend([[1, 2], [-3]])
    assert counter.size == Size(0, 2, 3) and counter.clauses == []


# -- the budget ------------------------------------------------------------------------------------
def test_a_cnf_over_the_budget_is_refused_before_it_is_built():
    board = Board.classic(16)
    build.cache_clear()
    with pytest.raises(BudgetError) as caught:
        build(board, (), memory_budget=10_000)
    message = str(caught.value)
    assert message.startswith("16x16 board: the CNF would take about 123,904 clauses")
    assert "the largest part, " in message and "--memory-budget" in message
    assert "\n" not in message
    with pytest.raises(BudgetError):
        SudokuSolver(board, memory_budget=10_000)
    assert SudokuSolver(board, memory_budget=parse_bytes("1G")).solve(
        Puzzle(board, (0,) * 256)).status is Status.SOLVED


def test_the_sequential_amo_is_suggested_when_it_would_fit():
    board = Board.classic(49)
    with pytest.raises(BudgetError, match=r"or use --amo sequential \(about"):
        build(board, (), memory_budget=parse_bytes("2G"))


@pytest.mark.parametrize(("text", "value"), [("8G", 8 * 2 ** 30), ("512m", 512 * 2 ** 20),
                                             ("1.5GiB", 3 * 2 ** 29), ("100", 100)])
def test_parse_bytes(text, value):
    assert parse_bytes(text) == value


@pytest.mark.parametrize("text", ["", "G", "-1G", "nan", "inf", "8X", "1e30"])
def test_parse_bytes_refuses(text):
    with pytest.raises(ValueError, match="is not a size"):
        parse_bytes(text)


def cli(capsys, *argv: str) -> tuple[int, str, str, float]:
    """Run the CLI in this process: exit code, stdout, stderr, seconds."""
    start = time.perf_counter()
    code = run(list(argv))
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    return code, out, err, elapsed


def test_an_empty_100x100_board_is_refused_at_once(capsys, tmp_path):
    path = tmp_path / "empty100.txt"
    path.write_text("." * 10_000 + "\n")
    code, out, err, elapsed = cli(capsys, "solve", str(path), "--time-limit", "30")
    assert code == 2 and out == "" and elapsed < 1.0
    assert err.count("\n") == 1 and err.startswith("satdoku: error: ")
    assert "100x100 board" in err and "55.1 GiB" in err and "largest part, cells" in err


@pytest.mark.parametrize("command", ["solve", "check", "count", "analyse", "candidates"])
def test_memory_budget_option(capsys, command):
    code, _, err, _ = cli(capsys, command, "." * 256, "--memory-budget", "1M")
    assert code == 2 and "16x16 board" in err and "memory budget of 1 MiB" in err
    assert err.count("\n") == 1


def test_memory_budget_option_refuses_a_bad_size(capsys):
    code, _, err, _ = cli(capsys, "solve", "." * 16, "--memory-budget", "lots")
    assert code == 2 and "'lots' is not a size" in err and err.count("\n") == 1


def test_memory_budget_from_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("SATDOKU_MEMORY_BUDGET", "100K")
    code, _, err, _ = cli(capsys, "solve", "." * 256)
    assert code == 2 and "memory budget of 100 KiB" in err
    monkeypatch.setenv("SATDOKU_MEMORY_BUDGET", "plenty")
    code, _, err, _ = cli(capsys, "solve", "." * 256)
    assert code == 2 and "SATDOKU_MEMORY_BUDGET: 'plenty' is not a size" in err


# -- compact sums ----------------------------------------------------------------------------------
def fresh(board: Board, cells) -> Formula:
    formula = Formula(reserved=board.n ** 3)
    for cell in cells:
        exactly_one(formula, [cell_var(board, cell, d) for d in range(1, board.n + 1)])
    return formula


@pytest.mark.parametrize("encoding", ["cardnetwrk", "kmtotalizer", "seqcounter"])
@pytest.mark.parametrize("terms", [((0, 1), (1, 1)), ((0, 2), (5, 1), (10, 1)),
                                   ((3, 10), (7, 1)), ((0, 1), (1, 1), (2, 1))])
def test_compact_range_is_exact(monkeypatch, encoding, terms):
    """For every digit assignment: satisfiable iff the weighted sum is in range (guarded:
    always satisfiable with the guard off)."""
    monkeypatch.setattr(sums_compact, "CARD_ENCODING", encoding)
    cells = [c for c, _ in terms]
    rng = random.Random(len(terms))
    low = rng.randint(sum(w for _, w in terms), 3 * sum(w for _, w in terms))
    high = low + rng.randint(0, 2)
    formula = fresh(B4, cells)
    guard = formula.var("guard")
    sums_compact.require_range(B4, formula, terms, low, high, guard)
    with Session(formula) as session:
        for digits in itertools.product(range(1, 5), repeat=len(cells)):
            fixed = [cell_var(B4, c, d) for c, d in zip(cells, digits, strict=True)]
            value = sum(w * d for (_, w), d in zip(terms, digits, strict=True))
            assert (session.solve([*fixed, guard]).value == "sat") == (low <= value <= high)
            assert session.solve([*fixed, -guard]).value == "sat"


def test_compact_equal_pair_is_exact():
    a, b = ((0, 1), (1, 2)), ((2, 1), (3, 1), (4, 1))
    cells = [c for c, _ in a + b]
    formula = fresh(Board.classic(4), cells)
    sums_compact.require_equal_pair(B4, formula, a, b)
    with Session(formula) as session:
        for digits in itertools.product(range(1, 5), repeat=len(cells)):
            fixed = [cell_var(B4, c, d) for c, d in zip(cells, digits, strict=True)]
            left = digits[0] + 2 * digits[1]
            assert (session.solve(fixed).value == "sat") == (left == sum(digits[2:]))


@pytest.fixture
def compact(monkeypatch):
    """Every sum compact: cages skip their digit sets, sums skip their diagrams."""
    monkeypatch.setattr(sums, "COMPACT_ABOVE", 0)
    monkeypatch.setattr(cages, "MAX_SETS", -1)
    cages.digit_sets.cache_clear()
    build.cache_clear()
    yield
    cages.digit_sets.cache_clear()
    build.cache_clear()


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_compact_line_sums_agree_with_brute_force(compact, kind):
    rng, counts = random.Random(11), []
    for board, keep in ((B4, 0.3), (B6, 0.6)):
        for _ in range(6):
            solution = random_solution(board, rng)
            rule = random_line_rule(kind, board, rng, rng.randint(1, 3), solution)
            if rule is not None:
                givens = tuple(d if rng.random() < keep else 0 for d in solution)
                counts.append(agree(Puzzle(board, givens, (rule,))))
    assert counts and all(counts) and max(counts) > 1
    assert sums.method(4, [(0, 1), (1, 1)]) is sums.SumMethod.COMPACT


def test_compact_cages_agree_with_brute_force(compact):
    rng, counts = random.Random(5), []
    for board, keep in ((B4, 0.2), (B6, 0.5)):
        for _ in range(6):
            solution = random_solution(board, rng)
            cells = tuple(sorted(rng.sample(board.rows[rng.randrange(board.n)], 3)))
            rule = KillerCages((Cage(cells, sum(solution[i] for i in cells)),))
            givens = tuple(d if rng.random() < keep else 0 for d in solution)
            counts.append(agree(Puzzle(board, givens, (rule,))))
    assert all(counts) and max(counts) > 1


def test_compact_little_killers_and_x_sums_agree_with_brute_force(compact):
    from satdoku.rules.outside import LittleKillers, XSums
    for kind in (LittleKillers, XSums):
        counts = _agreement(kind, B4, 8, 16, givens=2, clues=(1, 3))
        assert 0 in counts and max(counts) > 1


def test_a_big_cage_is_compact_and_small():
    """An 18-cell cage on 36x36 (billions of digit sets) costs ~110,000 clauses, at once."""
    board = Board.classic(36)
    start = time.perf_counter()
    assert cages.digit_sets(36, 18, 333) is None
    rule = KillerCages((Cage(tuple(range(18)), 333),))
    size = rule.estimate(board, AMO.PAIRWISE)
    assert time.perf_counter() - start < 2.0
    assert 50_000 < size.clauses < 150_000


# -- time limits covering the build ---------------------------------------------------------
def test_build_stops_at_the_deadline_and_caches_nothing():
    board, rules = Board.classic(36), parse_rules("anti-knight")
    build.cache_clear()
    start = time.perf_counter()
    with pytest.raises(TimeoutError):
        build(board, rules, deadline=Deadline(0.2))
    assert time.perf_counter() - start < 0.8
    with pytest.raises(TimeoutError):  # (not cached: it would have returned at once)
        build(board, rules, deadline=Deadline(0.0))


def test_loading_stops_at_the_deadline():
    formula = build(Board.classic(16))
    with pytest.raises(TimeoutError, match="loading"):
        Session(formula, deadline=Deadline(0.0))


@pytest.mark.parametrize("call", ["solve", "check", "solutions"])
def test_api_time_limit_covers_the_build(call):
    board = Board.classic(36)
    rules = parse_rules("anti-knight,nonconsecutive")
    build.cache_clear()
    solver = SudokuSolver(board, rules)
    puzzle = Puzzle(board, (0,) * 36 ** 2, rules)
    start = time.perf_counter()
    if call == "solutions":
        with pytest.raises(TimeoutError):
            list(solver.solutions(puzzle, 2, time_limit=0.5))
    else:
        assert getattr(solver, call)(puzzle, time_limit=0.5).status is Status.UNKNOWN
    assert time.perf_counter() - start < 1.5


def test_cli_time_limit_covers_the_build(capsys, tmp_path):
    path = tmp_path / "empty36.txt"
    path.write_text("." * 36 ** 2 + "\n")
    build.cache_clear()
    code, _, err, elapsed = cli(capsys, "check", str(path), "--rules",
                                  "anti-knight,nonconsecutive", "--time-limit", "1")
    assert code == 4 and "time limit of 1 s reached" in err
    assert elapsed < 2.0


# -- analyse within a time budget -----------------------------------------------------------------
#: Easter Monster, a forum-hardest puzzle: about 2 s for the whole report (difficulty level 2).
HARD = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"


def test_analyse_without_time_limit_has_no_unknown():
    report = analyse(parse_puzzle("1.34 34.2 2.43 43.1"), time_limit=60)
    assert report.status is Status.UNIQUE and report.unknown == ()
    assert "unknown" not in to_json(report) and "unknown" not in render(report)


def test_analyse_time_limit_reports_what_is_unknown():
    puzzle = parse_puzzle(HARD)
    start = time.perf_counter()
    report = analyse(puzzle, SudokuSolver(puzzle.board), time_limit=0.5)
    assert time.perf_counter() - start < 1.5
    assert report.status is Status.UNIQUE and "difficulty" in report.unknown
    assert report.difficulty is None and report.stats is None
    data = to_json(report)
    assert data["unknown"] == list(report.unknown) and data["time_limit"] == 0.5
    assert data["difficulty"] is None and data["solution"] == format_line(
        puzzle.board, report.solutions[0])
    assert "unknown (time limit of 0.5 s reached): " in render(report)
    puzzle.verify(report.solutions[0])  # what it found still passes the checker


def test_analyse_time_limit_before_the_status_is_known():
    board = Board.classic(36)
    report = analyse(Puzzle(board, (0,) * 36 ** 2), SudokuSolver(board), time_limit=0.3)
    assert report.status is Status.UNKNOWN and report.solutions == ()
    assert {"count", "candidates"} <= set(report.unknown)
    assert render(report).startswith("status: unknown: the time limit ran out")
    assert to_json(report)["status"] == "unknown"


def test_analyse_time_limit_on_a_giant_board(capsys, tmp_path):
    """25x25 with a third of a random grid given: the report is cut at the limit."""
    board = Board.classic(25)
    solution = SudokuSolver(board).solve(Puzzle(board, (0,) * 625)).solutions[0]
    rng = random.Random(3)
    givens = [str(d) if rng.random() < 0.33 else "0" for d in solution]
    path = tmp_path / "p25.txt"
    path.write_text(" ".join(givens) + "\n")
    code, out, err, elapsed = cli(capsys, "analyse", str(path), "--json", "--time-limit", "1")
    data = json.loads(out)
    assert elapsed < 2.0
    assert data["unknown"] and data["time_limit"] == 1
    assert "time limit of 1 s reached; unknown: " in err
    assert code in (0, 3, 4)


def test_candidates_time_limit_holds():
    """candidates had no time limit: nonconsecutive on an empty 9x9 takes ~30 s."""
    import time

    from conftest import run_cli

    start = time.monotonic()
    run = run_cli("candidates", "--rules", "nonconsecutive", "." * 81, "--time-limit", "0.5")
    assert run.code == 4 and "time limit of 0.5 s reached" in run.err
    assert time.monotonic() - start < 0.5 + 3  # (Python start-up included)
    assert len(run.err.strip().splitlines()) == 1

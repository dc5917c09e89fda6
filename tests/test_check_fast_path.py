"""The uniqueness check's fast path: a first solution found without a decision is the only one.

CaDiCaL does not count assumptions as decisions, so when its ``decisions`` statistic is
unchanged over the first call, every value came by unit propagation from the givens: the
puzzle is unique and the second call is skipped. This holds only when no variable is
eliminated (``elim=0``). Here: the statistic behaves as claimed, and the fast check agrees
with a check that never takes the fast path on thousands of puzzles, both where it fires and
where it does not (several solutions, none, hard puzzles, small boards, variants).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cnf import Formula, Session, exactly_one
from satdoku import Board, SudokuSolver, parse_puzzle, parse_rules
from satdoku.puzzle import Puzzle
from satdoku.rules import KillerCages
from satdoku.rules.cages import Cage
from satdoku.solving.solver import BACKEND_OPTIONS, Status
from tests.variant_oracle import random_solution

DATA = Path(__file__).parent / "data"
SEVENTEEN = [ln.strip() for ln in (DATA / "17clue-300.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
HARD = [ln.strip() for name in ("top1465-100.txt", "serg-100.txt")
        for ln in (DATA / name).read_text().splitlines() if ln.strip() and not ln.startswith("#")]


def decisions(session: Session) -> int:
    return session._solver.accum_stats()["decisions"]


def test_assumptions_are_not_counted_as_decisions():
    solution = SudokuSolver(Board.classic(9)).solve(parse_puzzle(SEVENTEEN[0])).solutions[0]
    session = SudokuSolver(Board.classic(9)).session
    full = [i * 9 + d for i, d in enumerate(solution)]  # 81 assumptions, nothing to decide
    before = decisions(session)
    assert session.solve(full).value == "sat"
    assert decisions(session) == before
    assert session.solve([1]).value == "sat"  # one given: the solver must decide
    assert decisions(session) > before


def test_a_tiny_formula_decided_by_its_assumptions():
    f = Formula(reserved=3)
    exactly_one(f, [1, 2, 3])
    with Session(f, options={"chrono": 0, "elim": 0}) as s:
        assert s.sees_forced
        assert list(s.enumerate([1, 2, 3], [2], stop_when_forced=True)) == [[2]]
        assert s.calls == 1  # forced: no second call
        assert sorted(s.enumerate([1, 2, 3], stop_when_forced=True)) == [[1], [2], [3]]


def test_only_without_variable_elimination_on_known_back_ends():
    f = Formula(reserved=1)
    assert BACKEND_OPTIONS["cadical195"]["elim"] == 0
    for backend, options, sees in [("cadical195", {"elim": 0}, True),
                                   ("cadical195", {"chrono": 0}, False),
                                   ("cadical195", None, False),
                                   ("cadical153", {"elim": 0}, True),
                                   ("minisat22", None, False)]:
        with Session(f, backend, options=options) as s:
            assert s.sees_forced is sees, (backend, options)


def _puzzles(rng: random.Random) -> list[Puzzle]:
    """Unique, multiple and unsolvable puzzles of several kinds."""
    out = [parse_puzzle(ln) for ln in SEVENTEEN + HARD]
    for line in SEVENTEEN:
        given = [k for k, ch in enumerate(line) if ch != "."]
        out.append(parse_puzzle(_with(line, rng.choice(given), ".")))  # one given less
    solver = SudokuSolver(Board.classic(9))
    for line in SEVENTEEN[:150]:  # one wrong digit more: no solution (no clash, though)
        solution = solver.solve(parse_puzzle(line)).solutions[0]
        for k in rng.sample([k for k, ch in enumerate(line) if ch == "."], 20):
            wrong = [d for d in range(1, 10) if d != solution[k]]
            puzzle = parse_puzzle(_with(line, k, str(rng.choice(wrong))))
            if not puzzle.clashes():
                out.append(puzzle)
                break
    for n in (4, 6):  # random givens of random grids: every count of solutions
        board = Board.classic(n)
        for _ in range(100):
            grid = random_solution(board, rng)
            for _ in range(8):
                cells = set(rng.sample(range(n * n), rng.randint(0, n * n // 2)))
                out.append(Puzzle(board, tuple(d if i in cells else 0
                                               for i, d in enumerate(grid))))
    board = Board.classic(6)  # a variant with a cage: more clauses, auxiliary variables
    rules = parse_rules("anti-knight")
    cells = (0, 1, 6)
    for total in range(6, 16):
        cages = (KillerCages((Cage(cells, total),)), *rules)
        solutions = SudokuSolver(board, cages).solutions(Puzzle(board, (0,) * 36, cages), 20)
        for grid in solutions:
            for _ in range(5):
                given = set(rng.sample(range(36), rng.randint(3, 12)))
                out.append(Puzzle(board, tuple(d if i in given else 0
                                               for i, d in enumerate(grid)), cages))
    return out


def _with(line: str, k: int, ch: str) -> str:
    return line[:k] + ch + line[k + 1:]


def test_fast_check_agrees_with_the_full_check():
    rng = random.Random(16)
    puzzles = _puzzles(rng)
    assert len(puzzles) >= 2500
    fast: dict[tuple, SudokuSolver] = {}
    full: dict[tuple, SudokuSolver] = {}
    fired = {status: 0 for status in Status}
    seen = {status: 0 for status in Status}
    for p in puzzles:
        if p.clashes():
            continue
        key = (p.board, p.rules)
        if key not in fast:
            fast[key] = SudokuSolver(p.board, p.rules)
            full[key] = SudokuSolver(p.board, p.rules, backend="cadical153")
        a, b = fast[key], full[key]
        assert a.session.sees_forced and not b.session.sees_forced
        session, calls = a.session, a.session.calls
        got, want = a.check(p), b.check(p)
        assert got.status is want.status, p
        if want.status is Status.UNIQUE:
            assert got.solutions == want.solutions
        assert all(p.board.n ** 2 == len(s) for s in got.solutions)
        seen[want.status] += 1
        if a.session is session and session.calls == calls + 1:  # (not renewed meanwhile)
            fired[got.status] += 1
    # the fast path fired on hundreds of unique puzzles, and never claimed uniqueness wrongly
    assert fired[Status.UNIQUE] >= 200
    assert seen[Status.MULTIPLE] >= 500 and seen[Status.NO_SOLUTION] >= 100
    assert seen[Status.UNIQUE] - fired[Status.UNIQUE] >= 200  # unique, fast path not taken


def test_count_takes_the_fast_path_too():
    solver = SudokuSolver(Board.classic(9))
    puzzle = next(p for p in map(parse_puzzle, SEVENTEEN)
                  if _forced(solver, p))
    calls = solver.session.calls
    count = solver.count(puzzle)
    assert (count.count, count.complete, count.status) == (1, True, Status.UNIQUE)
    assert solver.session.calls == calls + 1
    limited = solver.count(puzzle, limit=1)  # "at least 1": the limit still speaks first
    assert (limited.count, limited.complete, limited.status) == (1, False, Status.SOLVED)


def _forced(solver: SudokuSolver, puzzle: Puzzle) -> bool:
    calls = solver.session.calls
    solver.check(puzzle)
    return solver.session.calls == calls + 1


@pytest.mark.parametrize("line", SEVENTEEN[:3])
def test_public_solutions_still_prove_uniqueness(line):
    # solutions() is the plain enumeration: it always makes the proving call
    solver = SudokuSolver(Board.classic(9))
    puzzle = parse_puzzle(line)
    calls = solver.session.calls
    assert len(list(solver.solutions(puzzle))) == 1
    assert solver.session.calls == calls + 2

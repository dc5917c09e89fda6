"""The hardest minimality tests in forked children (satdoku.runtime.forked,
satdoku.generating.minimal's decide_fresh): the same puzzle for any number of children and
without fork, a unit found removable while later tests were under way tested again, every
child killed and reaped on Ctrl-C, a child without an answer an error. Every puzzle is
checked unique, and every given orbit needed, by a fresh solver (never the CNF of the generator)."""

from __future__ import annotations

import os
import signal
import threading
import time
import warnings

import pytest

import satdoku.generating.many as many
import satdoku.runtime.forked as forked
import satdoku.runtime.pool as parallel
from cnf import Session
from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.encoding import build
from satdoku.generating.fill import random_grid
from satdoku.generating.givens import Generator
from satdoku.generating.minimal import decide_fresh
from satdoku.generating.options import GenerateOptions
from satdoku.generating.removal import Removal
from satdoku.puzzle import Puzzle
from satdoku.runtime.forked import Children
from satdoku.runtime.pool import WorkerDied
from satdoku.solving.solver import Status, SudokuSolver
from satdoku.symmetry import Symmetry

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")


@pytest.fixture
def launches(monkeypatch):
    """The keys of every task started in a child, and the pids of the children."""
    seen: dict[str, list] = {"keys": [], "pids": []}
    start, fork = Children.start, os.fork

    def counted(self, key, task):
        seen["keys"].append(key)
        return start(self, key, task)

    def recorded():
        pid = fork()
        if pid:
            seen["pids"].append(pid)
        return pid

    monkeypatch.setattr(Children, "start", counted)
    monkeypatch.setattr(os, "fork", recorded)
    return seen


def assert_gone(pids: list[int]) -> None:
    """Each child was reaped (not a zombie, not running on)."""
    assert pids
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def assert_minimal(board: Board, givens: tuple[int, ...], units) -> None:
    """Unique, and each unit still given is needed (a fresh solver, not the CNF)."""
    fresh = SudokuSolver(board)
    assert fresh.check(Puzzle(board, givens)).status is Status.UNIQUE
    kept = [unit for unit in units if givens[unit[0]]]
    assert kept
    for unit in kept:
        smaller = tuple(0 if i in unit else d for i, d in enumerate(givens))
        assert fresh.check(Puzzle(board, smaller)).status is Status.MULTIPLE, unit


def made_16(seed: int, proof_jobs: int):
    options = GenerateOptions(conflicts=1, minimal=True, proof_jobs=proof_jobs)
    with Generator(Board.classic(16), options=options, seed=seed) as generator:
        return generator.puzzle()


def test_same_puzzle_for_any_proof_jobs_and_without_fork(launches, monkeypatch):
    made = {jobs: made_16(1, jobs) for jobs in (1, 2)}
    assert launches["keys"]  # the forked tests ran (a budget of 1 conflict leaves them work)
    assert_gone(launches["pids"])
    launches["keys"].clear()
    monkeypatch.delattr(os, "fork")
    assert not forked.can_fork()
    made[0] = made_16(1, 2)  # (no fork: each test in this process, the jobs ignored)
    assert not launches["keys"]
    assert len({m.puzzle.givens for m in made.values()}) == 1
    assert all(m.proven_minimal and m.retested > 0 for m in made.values())
    board = Board.classic(16)
    assert_minimal(board, made[1].puzzle.givens, Symmetry.ROT180.orbits(board))


def decided(board: Board, seed: int, jobs: int, deadline: Deadline | None = None):
    """Every cell of a full grid decided one by one by decide_fresh: the givens left, and
    whether all were decided. Each test is short (a 9x9 grid), so tests launched together
    come back together: a cell found removable leaves the later ones to be tested again."""
    solution = random_grid(board, seed=seed)
    units = [(cell,) for cell in board.cells]
    with Session(build(board)) as session:
        removal = Removal(session, board, solution, deadline=deadline)
        complete = decide_fresh(removal, units, None, 10, jobs)
        removal.close()
    givens = tuple(d if removal.given[i] else 0 for i, d in enumerate(solution))
    return givens, complete, removal


def test_a_unit_dropped_sends_the_tests_under_way_again(launches):
    board = Board.classic(9)
    one, complete, _ = decided(board, 3, 1)
    assert complete and len(launches["keys"]) == 81  # one test a cell
    launches["keys"].clear()
    two, complete, _ = decided(board, 3, 2)
    assert complete and len(launches["keys"]) > 81  # stale "removable" answers: again
    assert two == one
    assert_minimal(board, two, [(cell,) for cell in board.cells])
    assert_gone(launches["pids"])


def test_deadline_leaves_the_units_undecided(launches):
    board = Board.classic(9)
    givens, complete, removal = decided(board, 4, 2, deadline=Deadline(0))
    assert not complete and len(removal.undecided) == 81 and all(givens)
    assert_gone(launches["pids"])


def test_ctrl_c_while_tests_run_leaves_no_child(launches, monkeypatch):
    def interrupted(self, timeout=None):
        assert self.running == 2
        raise KeyboardInterrupt

    monkeypatch.setattr(Children, "wait", interrupted)
    with pytest.raises(KeyboardInterrupt):
        decided(Board.classic(9), 5, 2)
    assert len(launches["pids"]) == 2
    assert_gone(launches["pids"])


def test_real_sigint_kills_long_children_at_once(launches):
    """SIGINT to this process while two children sleep for a minute (with a thread running,
    and warnings as errors: no DeprecationWarning about fork with threads gets out)."""
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt), Children(2) as children:
                for key in "ab":
                    children.start(key, lambda: time.sleep(60) or b"")
                children.wait()
        finally:
            timer.cancel()
    assert time.perf_counter() - start < 5
    assert_gone(launches["pids"])


def test_children_give_answers_errors_and_timeouts(launches):
    with Children(2) as children:
        children.start("slow", lambda: time.sleep(60) or b"")
        assert children.wait(0.05) is None  # (the timeout: the child runs on)
        children.start("quick", lambda: b"x" * 200_000)  # (more than a pipe holds)
        assert children.wait() == ("quick", b"x" * 200_000)
        with pytest.raises(RuntimeError):
            children.start("too many", lambda: b"")  # (one still running, one slot left)
            children.start("too many", lambda: b"")
    assert_gone(launches["pids"])


@pytest.mark.parametrize("task,message", [
    (lambda: os.kill(os.getpid(), signal.SIGKILL) or b"", "ended without its answer"),
    (lambda: 1 // 0 or b"", "ZeroDivisionError"),
])
def test_a_child_without_an_answer_is_an_error(task, message):
    with Children(1) as children, pytest.raises(WorkerDied, match=message):
        children.start("k", task)
        children.wait()


def test_proof_jobs_are_the_cores_left_by_the_workers(monkeypatch):
    monkeypatch.setattr(many, "cores", lambda: 4)
    monkeypatch.setattr(parallel, "cores", lambda: 4)  # (workers() counts with it)
    # (--jobs, blocks) → one worker in this process, two, four, three of four cores, one block
    assert [many.proof_jobs(*a) for a in ((1, 9), (2, 9), (0, 9), (3, 9), (0, 1))
            ] == [4, 2, 1, 1, 4]
    with pytest.raises(ValueError, match="proof_jobs"):
        GenerateOptions(proof_jobs=0)


def test_the_library_sets_proof_jobs_unless_given(monkeypatch, cli_here):
    """generate_many gives --minimal's tests the cores its workers leave (the CLI passes no
    number: the policy is the library's); a number given is kept."""
    seen = []
    real = many.make_generator

    def spy(board, rules, options, seed):
        seen.append(options.proof_jobs)
        return real(board, rules, options, seed)

    monkeypatch.setattr(many, "cores", lambda: 3)
    monkeypatch.setattr(many, "make_generator", spy)
    for flags, expected in ((["--minimal"], 3), ([], None)):
        code, out, _ = cli_here("generate", "--box", "2x2", "--seed", "1", *flags)
        assert code == 0 and out.count("\n") == 6  # (a header, a 4x4 grid with a rule)
        assert seen.pop() == expected
    options = GenerateOptions(minimal=True, proof_jobs=2)
    next(many.generate_many(Board.classic(4), (), options, seed=1))
    assert seen.pop() == 2

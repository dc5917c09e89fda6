"""Solving: one incremental session per (board, rules, encoding, AMO, back-end).

The CNF is built once and cached; each puzzle's givens are *assumptions*, never clauses, so
thousands of puzzles run through one solver. Every solution returned has passed the
independent checker (:meth:`Puzzle.verify`).

Budgets: a solver estimates its CNF when it is made and refuses one over the memory budget
(BudgetError, :mod:`satdoku.encoding.budget`); it builds the CNF on first use, so that a call's
``time_limit`` covers building the CNF, loading it into the SAT solver and solving.

>>> from satdoku.formats import parse_puzzle
>>> p = parse_puzzle("1.34" "34.2" "2.43" "43.1")
>>> r = check(p)
>>> r.status, r.solutions[0][:4]
(<Status.UNIQUE: 'unique'>, (1, 2, 3, 4))
>>> count(parse_puzzle("." * 16), limit=1000).count
288
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from cnf import AMO, Formula, Session, SolveResult
from cnf.budget import Deadline
from cnf.session import DEFAULT_BACKEND, CapabilityError, check_backend
from satdoku.board import Board
from satdoku.encoding import (
    DEFAULT_AMO,
    DEFAULT_ENCODING,
    Encoding,
    build,
    grid_of_model,
    require_budget,
)
from satdoku.errors import BackendError
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, Rule, Violation, all_rules
from satdoku.rules.checker import grid_checker

#: Back-end settings for many incremental calls: CaDiCaL with chronological backtracking off
#: needs 4–10 % fewer instructions per 9x9 puzzle, 5–19 % per check on 16x16 to 36x36; and
#: without variable elimination (as fast here), a model found without a decision is known to
#: be the only one, which spares ``check`` its second call (docs/encodings.md).
BACKEND_OPTIONS: dict[str, dict[str, int]] = {"cadical195": {"chrono": 0, "elim": 0}}


class Status(str, Enum):
    """What is known about a puzzle's solutions."""

    INVALID = "invalid"          # the givens break a rule outright
    NO_SOLUTION = "no_solution"
    SOLVED = "solved"            # a solution found; uniqueness not asked
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    UNKNOWN = "unknown"          # a time limit ran out first


@dataclass(frozen=True)
class Result:
    """Status, the solutions found (verified), and the clashing givens when INVALID."""

    status: Status
    solutions: tuple[Grid, ...] = ()
    clashes: tuple[Violation, ...] = ()
    stats: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Count:
    """A solution count; ``complete`` is False when a limit or time limit cut it short."""

    count: int
    complete: bool
    status: Status


class SudokuSolver:
    """An incremental solver for every puzzle on one board with one set of rules.

    >>> s = SudokuSolver(Board.classic(4))
    >>> from satdoku.formats import parse_puzzle
    >>> s.solve(parse_puzzle("12..34..........")).status
    <Status.SOLVED: 'solved'>
    """

    def __init__(self, board: Board, rules: tuple[Rule, ...] = (),
                 encoding: Encoding = DEFAULT_ENCODING, amo: AMO = DEFAULT_AMO,
                 backend: str = DEFAULT_BACKEND, memory_budget: int | None = None) -> None:
        self.board, self.rules = board, tuple(rules)
        self.encoding, self.amo, self.backend = Encoding(encoding), AMO(amo), backend
        self.memory_budget = memory_budget
        try:
            check_backend(backend)
        except CapabilityError as err:
            raise BackendError(str(err)) from None
        #: The estimated size of the CNF (BudgetError now when over the memory budget).
        self.size = require_budget(board, self.rules, self.encoding, self.amo, memory_budget)
        self._formula: Formula | None = None
        self._session: Session | None = None
        self.cell_vars = range(1, board.num_cell_vars + 1)
        self._n, self._count = board.n, board.num_cells  # (for grid_of: read once)
        self._holds = grid_checker(board, all_rules(board, self.rules))
        self._past_stats: dict[str, float] = {}  # of the sessions renewed so far

    @property
    def formula(self) -> Formula:
        """The CNF (built now if it was not yet)."""
        self.prepare()
        assert self._formula is not None
        return self._formula

    @property
    def session(self) -> Session:
        """The incremental SAT solver, loaded with the CNF (built now if it was not yet)."""
        self.prepare()
        assert self._session is not None
        return self._session

    def prepare(self, time_limit: float | None = None) -> SudokuSolver:
        """Build the CNF and load it into the SAT solver now (else the first call does it,
        within its own time limit); TimeoutError when ``time_limit`` runs out first."""
        self._prepare(Deadline(time_limit))
        return self

    def _prepare(self, deadline: Deadline) -> None:
        if self._session is not None:
            return
        if self._formula is None:
            self._formula = build(self.board, self.rules, self.encoding, self.amo,
                                  self.memory_budget, deadline)
        try:
            self._session = Session(self._formula, self.backend, deadline=deadline,
                                    options=BACKEND_OPTIONS.get(self.backend))
        except CapabilityError as err:
            raise BackendError(str(err)) from None

    def _ready(self, puzzle: Puzzle, deadline: Deadline) -> Session:
        """Check ``puzzle`` is for this solver, build the CNF if needed (TimeoutError when
        ``deadline`` passes first), and renew the session when it is worn (slowed down by
        thousands of calls) or spoiled by Ctrl-C inside a call (the API lives on); the
        session to use."""
        if (puzzle.board is not self.board and puzzle.board != self.board) or (
                puzzle.rules != self.rules and set(puzzle.rules) != set(self.rules)):
            raise ValueError("this solver was built for another board or other rules")
        self._prepare(deadline)
        session = self._session
        assert session is not None
        if session.spoiled or session.worn:  # spoiled: CaDiCaL takes no more clauses
            self._past_stats = self._sum_stats(session)
            session = self._session = session.renewed()
        return session

    def grid_of(self, model: list[int]) -> Grid:
        """Decode a model (or any list of true literals) into a grid
        (:func:`~satdoku.encoding.grid_of_model`)."""
        return grid_of_model(model, self._n, self._count)

    def _failure(self, puzzle: Puzzle, answer: SolveResult) -> Result:
        if answer is SolveResult.UNKNOWN:
            return Result(Status.UNKNOWN)
        clashes = tuple(puzzle.clashes())
        return Result(Status.INVALID if clashes else Status.NO_SOLUTION, clashes=clashes)

    def solve(self, puzzle: Puzzle, time_limit: float | None = None) -> Result:
        """The first solution found (uniqueness not checked)."""
        deadline = Deadline(time_limit)
        try:
            session = self._ready(puzzle, deadline)
        except TimeoutError:
            return Result(Status.UNKNOWN)
        try:
            answer = session.solve(puzzle.assumptions(), time_limit=deadline.left())
        except CapabilityError as err:
            raise BackendError(str(err)) from None
        if answer is not SolveResult.SAT:
            return self._failure(puzzle, answer)
        solution = self.grid_of(session.model)
        puzzle.verify(solution, self._holds)
        return Result(Status.SOLVED, (solution,))

    def solutions(self, puzzle: Puzzle, limit: int | None = None,
                  time_limit: float | None = None) -> Iterator[Grid]:
        """Every solution (up to ``limit``), each verified; TimeoutError when time runs out."""
        return self._solutions(puzzle, limit, Deadline(time_limit))

    def _solutions(self, puzzle: Puzzle, limit: int | None, deadline: Deadline,
                   stop_when_forced: bool = False) -> Iterator[Grid]:
        """:meth:`solutions`; ``stop_when_forced``: a first solution forced by propagation
        from the givens is the only one (the enumeration ends without proving it again)."""
        session = self._ready(puzzle, deadline)
        models = session.enumerate(self.cell_vars, puzzle.assumptions(), limit, deadline.left(),
                                   block_true_only=True, stop_when_forced=stop_when_forced)
        try:
            for true_vars in models:
                solution = self.grid_of(true_vars)
                puzzle.verify(solution, self._holds)
                yield solution
        except CapabilityError as err:
            raise BackendError(str(err)) from None

    def check(self, puzzle: Puzzle, time_limit: float | None = None) -> Result:
        """UNIQUE, MULTIPLE (with two solutions), NO_SOLUTION, INVALID or UNKNOWN."""
        found: list[Grid] = []
        try:
            found.extend(self._solutions(puzzle, 2, Deadline(time_limit),
                                         stop_when_forced=True))
        except TimeoutError:
            return Result(Status.UNKNOWN, tuple(found))
        if not found:
            return self._failure(puzzle, SolveResult.UNSAT)
        return Result(Status.UNIQUE if len(found) == 1 else Status.MULTIPLE, tuple(found))

    def count(self, puzzle: Puzzle, limit: int | None = None, time_limit: float | None = None,
              on_solution: Callable[[int], None] | None = None) -> Count:
        """Count solutions exactly, or up to ``limit``; ``on_solution(k)`` after each one."""
        k = 0
        try:
            for _ in self._solutions(puzzle, limit, Deadline(time_limit),
                                     stop_when_forced=True):
                k += 1
                if on_solution:
                    on_solution(k)
        except TimeoutError:
            return Count(k, False, Status.UNKNOWN)
        if k == 0:
            return Count(0, True, self._failure(puzzle, SolveResult.UNSAT).status)
        complete = limit is None or k < limit
        if complete:
            status = Status.UNIQUE if k == 1 else Status.MULTIPLE
        else:
            status = Status.MULTIPLE if k > 1 else Status.SOLVED
        return Count(k, complete, status)

    def stats(self) -> dict[str, float]:
        """Formula sizes and solver statistics so far (over every session it has used)."""
        return {**self.formula.stats(), **self._sum_stats(self.session)}

    def _sum_stats(self, session: Session) -> dict[str, float]:
        past = self._past_stats
        return {key: past.get(key, 0) + value for key, value in session.stats().items()}


@lru_cache(maxsize=8)
def solver_for(board: Board, rules: tuple[Rule, ...] = (),
               encoding: Encoding = DEFAULT_ENCODING, amo: AMO = DEFAULT_AMO,
               backend: str = DEFAULT_BACKEND, memory_budget: int | None = None) -> SudokuSolver:
    """A cached :class:`SudokuSolver`: one per board, rules and options."""
    return SudokuSolver(board, rules, encoding, amo, backend, memory_budget)


def _solver(puzzle: Puzzle, options: dict) -> SudokuSolver:
    return solver_for(puzzle.board, puzzle.rules, **options)


def solve(puzzle: Puzzle, time_limit: float | None = None, **options) -> Result:
    """First solution of ``puzzle`` (options: encoding, amo, backend, memory_budget)."""
    return _solver(puzzle, options).solve(puzzle, time_limit)


def check(puzzle: Puzzle, time_limit: float | None = None, **options) -> Result:
    """Is ``puzzle`` unique? Two solutions when it is not."""
    return _solver(puzzle, options).check(puzzle, time_limit)


def count(puzzle: Puzzle, limit: int | None = None, time_limit: float | None = None,
          **options) -> Count:
    """Number of solutions of ``puzzle``, exact or up to ``limit``."""
    return _solver(puzzle, options).count(puzzle, limit, time_limit)


def solutions(puzzle: Puzzle, limit: int | None = None, time_limit: float | None = None,
              **options) -> Iterator[Grid]:
    """Iterate over the verified solutions of ``puzzle``."""
    return _solver(puzzle, options).solutions(puzzle, limit, time_limit)

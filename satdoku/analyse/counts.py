"""Per-candidate solution counts up to a cap: how many solutions put each digit in each cell.

Glossary: the *count* of a candidate (cell, digit) is the number of solutions with that digit
there, capped at ``cap`` (cap 1: 1 for a true candidate, 0 otherwise); a candidate whose
count is 1 makes the puzzle unique when it is placed. A candidate is *needy* while its tally
is below the cap and not known to be exact.

One incremental solver does it all. First one enumeration tallies the candidates of every
solution it finds (when it ends before ``cap`` solutions, every count is exact and nothing
more is asked). Then, cell by cell, one call asks "a solution not found yet, with a needy
digit here?" — a guarded clause over the cell's needy digits, under the assumptions of the
givens. Every solution found, wherever, is blocked (behind one activation literal, retired
at the end) and tallies all of its candidates, so no solution is counted twice and each
call either raises some tally or proves the cell's needy tallies exact (UNSAT). Candidates
that unit propagation rules out, and those the caller knows impossible, cost nothing.
Every solution is verified by the independent checker before it is counted.

>>> from satdoku.formats import parse_puzzle
>>> c = candidates(parse_puzzle("12.. 34.. .... ...."), cap=8)
>>> c.total, c.counts[2], c.counts[15]
(8, (0, 0, 6, 6), (3, 3, 3, 3))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cnf import SolveResult
from cnf.budget import Deadline
from satdoku.analyse.status import solve_within
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, cell_var, grid_literals
from satdoku.solving import SudokuSolver, solver_for


@dataclass(frozen=True)
class CandidateCounts:
    """Each blank cell's count per digit (index digit − 1), each at most :attr:`cap`; the
    number of solutions capped likewise (0: none); the verified solutions found."""

    cap: int
    counts: dict[int, tuple[int, ...]]
    total: int
    solutions: tuple[Grid, ...]

    def impossible(self) -> set[tuple[int, int]]:
        """The (cell, digit) candidates of blank cells that no solution uses."""
        return {(i, d) for i, row in self.counts.items()
                for d, k in enumerate(row, 1) if k == 0}


def candidates(puzzle: Puzzle, cap: int = 1, time_limit: float | None = None,
               **options: object) -> CandidateCounts:
    """The per-candidate counts of ``puzzle`` up to ``cap`` (options as for
    :func:`satdoku.solving.solve`); TimeoutError when ``time_limit`` runs out first."""
    solver = solver_for(puzzle.board, puzzle.rules, **options)  # type: ignore[arg-type]
    return candidate_counts(solver, puzzle, cap, deadline=Deadline(time_limit))


def candidate_counts(solver: SudokuSolver, puzzle: Puzzle, cap: int,
                     known: Iterable[Grid] = (), impossible: Iterable[tuple[int, int]] = (),
                     deadline: Deadline | None = None) -> CandidateCounts:
    """The per-candidate counts of ``puzzle`` up to ``cap`` (≥ 1).

    ``known`` are solutions already found (verified again here); ``impossible`` are (cell,
    digit) candidates known to be in no solution (e.g. from a puzzle this one narrows).
    TimeoutError when ``deadline`` passes first.
    """
    if cap < 1:
        raise ValueError("the cap must be at least 1")
    return _Tally(solver, puzzle, cap, deadline).run(known, set(impossible))


class _Tally:
    """One count: the solutions found, blocked behind one activation literal."""

    def __init__(self, solver: SudokuSolver, puzzle: Puzzle, cap: int,
                 deadline: Deadline | None) -> None:
        self.solver, self.puzzle, self.cap, self.deadline = solver, puzzle, cap, deadline
        self.session = solver.session
        self.base = puzzle.assumptions()
        self.blanks = [i for i, d in enumerate(puzzle.givens) if not d]
        self.tally: dict[int, int] = {}  # by cell variable
        self.found: dict[Grid, None] = {}
        self.act = 0

    def run(self, known: Iterable[Grid], impossible: set[tuple[int, int]]) -> CandidateCounts:
        session, board = self.session, self.puzzle.board
        self.act = session.activation()
        try:
            for grid in known:
                self.puzzle.verify(grid)
                self._add(grid)
            complete = self._enumerate()
            if not complete and self.found:
                _, implied = session.propagate(self.base)
                out = {-lit for lit in implied if lit < 0} | {
                    cell_var(board, i, d) for i, d in (*self.puzzle.eliminated, *impossible)}
                for i in self.blanks:
                    self._top_up(i, out)
        finally:
            session.retire(self.act)
        return self._result()

    def _add(self, grid: Grid) -> None:
        """Count a new solution and block it."""
        if grid in self.found:
            return
        self.found[grid] = None
        tally = self.tally
        true_vars = grid_literals(self.puzzle.board, grid)
        for v in true_vars:
            tally[v] = tally.get(v, 0) + 1
        self.session.add_guarded(self.act, [-v for v in true_vars])

    def _solution(self, extra: list[int]) -> bool:
        """A new solution under the givens and ``extra``, counted; False when none."""
        result = solve_within(self.session, [*self.base, self.act, *extra], self.deadline)
        if result is not SolveResult.SAT:
            return False
        grid = self.solver.grid_of(self.session.model)
        self.puzzle.verify(grid)
        self._add(grid)
        return True

    def _enumerate(self) -> bool:
        """Find solutions until ``cap`` are known: whether they are all of them."""
        while len(self.found) < self.cap:
            if not self._solution([]):
                return True
        return False

    def _top_up(self, cell: int, out: set[int]) -> None:
        """Solutions with a needy digit in ``cell`` until none is left."""
        n, tally, session = self.puzzle.board.n, self.tally, self.session
        while needy := [v for v in range(cell * n + 1, cell * n + n + 1)
                        if tally.get(v, 0) < self.cap and v not in out]:
            act = session.activation()
            session.add_guarded(act, needy)
            try:
                if not self._solution([act]):
                    return
            finally:
                session.retire(act)

    def _result(self) -> CandidateCounts:
        n, cap, tally = self.puzzle.board.n, self.cap, self.tally
        counts = {i: tuple(min(cap, tally.get(i * n + d, 0)) for d in range(1, n + 1))
                  for i in self.blanks}
        total = min(cap, len(self.found))  # (fewer than cap only when all are found)
        return CandidateCounts(cap, counts, total, tuple(self.found))

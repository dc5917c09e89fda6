"""Status of a puzzle (invalid / no solution / unique / multiple) and its minimal conflict.

Glossary: a *given literal* is one assumption of the puzzle — "cell holds digit" for a
placed digit, "cell does not hold digit" for an eliminated candidate (pencilmark puzzles);
a *conflict* is a set of given literals that admits no solution, *minimal* when dropping
any one of them makes it satisfiable.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.solving.solver import solver_for
>>> p = parse_puzzle("1... ..23 .... ....")     # box 2 has no room for its 1
>>> s = survey(solver_for(p.board), p, limit=10)
>>> s.status.value, [g.name(p.board) for g in minimal_conflict(solver_for(p.board), p)]
('no_solution', ['r1c1=1', 'r2c3=2', 'r2c4=3'])
"""

from __future__ import annotations

from dataclasses import dataclass

from cnf import Session, SolveResult
from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, cell_var
from satdoku.solving.solver import Status, SudokuSolver


@dataclass(frozen=True, order=True)
class Given:
    """One given literal: ``digit`` placed in ``cell``, or eliminated from it."""

    cell: int
    digit: int
    eliminated: bool = False

    @classmethod
    def of_literal(cls, board: Board, lit: int) -> Given:
        """The given that the assumption literal ``lit`` stands for."""
        cell, digit = divmod(abs(lit) - 1, board.n)
        return cls(cell, digit + 1, lit < 0)

    def literal(self, board: Board) -> int:
        var = cell_var(board, self.cell, self.digit)
        return -var if self.eliminated else var

    def name(self, board: Board) -> str:
        """``r1c1=5`` for a placed digit, ``r1c1!=5`` for an eliminated one."""
        return f"{board.cell_name(self.cell)}{'!=' if self.eliminated else '='}{self.digit}"

    def to_json(self, board: Board) -> dict[str, object]:
        """``{"cell": "r1c1", "digit": 5}`` (plus ``"eliminated": true`` for a pencilmark)."""
        extra = {"eliminated": True} if self.eliminated else {}
        return {"cell": board.cell_name(self.cell), "digit": self.digit, **extra}


@dataclass(frozen=True)
class Survey:
    """The status, the solutions found (each verified) and whether they are all of them
    (UNKNOWN: the deadline passed before the status was known)."""

    status: Status
    solutions: tuple[Grid, ...] = ()
    complete: bool = True


def solve_within(session: Session, assumptions: list[int],
                 deadline: Deadline | None) -> SolveResult:
    """``session.solve(assumptions)`` within ``deadline``: TimeoutError when it passes first."""
    if deadline is None or deadline.at is None:
        return session.solve(assumptions)
    deadline.check("analysing")
    result = session.solve(assumptions, time_limit=deadline.left())
    if result is SolveResult.UNKNOWN:
        raise TimeoutError("time limit reached while analysing")
    return result


def survey(solver: SudokuSolver, puzzle: Puzzle, limit: int,
           deadline: Deadline | None = None) -> Survey:
    """Enumerate up to ``limit`` (≥ 2) solutions: the status and the solutions found.

    When ``deadline`` passes first: MULTIPLE (not complete) if two solutions were found,
    else UNKNOWN with the solution found, if any.
    """
    found: list[Grid] = []
    time_limit = None if deadline is None else deadline.left()
    try:
        found.extend(solver.solutions(puzzle, limit=max(limit, 2), time_limit=time_limit))
    except TimeoutError:
        status = Status.MULTIPLE if len(found) > 1 else Status.UNKNOWN
        return Survey(status, tuple(found), complete=False)
    if not found:
        return Survey(Status.INVALID if puzzle.clashes() else Status.NO_SOLUTION)
    status = Status.UNIQUE if len(found) == 1 else Status.MULTIPLE
    return Survey(status, tuple(found), len(found) < max(limit, 2))


def minimal_conflict(solver: SudokuSolver, puzzle: Puzzle,
                     deadline: Deadline | None = None) -> tuple[Given, ...]:
    """A minimal set of given literals with no solution (empty: the rules alone have none).

    The solver's unsat core over the given assumptions, shrunk by deletion: each literal is
    dropped in turn and kept out whenever the rest is still unsatisfiable (the new core then
    replaces the set). Raises ValueError when the puzzle has a solution, TimeoutError when
    ``deadline`` passes first.
    """
    session = solver.session
    if solve_within(session, puzzle.assumptions(), deadline) is not SolveResult.UNSAT:
        raise ValueError("the puzzle has a solution: there is no conflict")
    core = _restrict(puzzle.assumptions(), session.core())
    k = 0
    while k < len(core):
        trial = core[:k] + core[k + 1:]
        if solve_within(session, trial, deadline) is SolveResult.UNSAT:
            core = _restrict(trial, session.core())
        else:
            k += 1
    return tuple(sorted(Given.of_literal(puzzle.board, lit) for lit in core))


def _restrict(lits: list[int], core: list[int]) -> list[int]:
    """``lits`` (in their order) that are in ``core``."""
    keep = set(core)
    return [lit for lit in lits if lit in keep]

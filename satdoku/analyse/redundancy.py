"""Redundant givens: those the puzzle stays unique without.

One guarded clause "the grid differs from the solution somewhere" serves every test: with it
switched on, the puzzle minus one given is UNSAT exactly when that given is redundant. The
clause is retired afterwards, so the shared session stays clean.

Each given is tested alone: two redundant givens need not be removable together.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.solving.solver import solver_for
>>> p = parse_puzzle("1234 3412 2143 4321")
>>> [p.board.cell_name(i) for i in redundant_givens(solver_for(p.board), p, p.givens)][:3]
['r1c1', 'r1c2', 'r1c3']
"""

from __future__ import annotations

from cnf import SolveResult
from cnf.budget import Deadline
from satdoku.analyse.status import solve_within
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, cell_var
from satdoku.solving.solver import SudokuSolver


def redundant_givens(solver: SudokuSolver, puzzle: Puzzle, solution: Grid,
                     deadline: Deadline | None = None) -> tuple[int, ...]:
    """The cells whose given can go with the puzzle still unique (``solution``: its only one).

    Eliminated candidates of pencilmark puzzles always stay; only placed digits are tested.
    TimeoutError when ``deadline`` passes first.
    """
    board, session = puzzle.board, solver.session
    base = puzzle.assumptions()
    act = session.activation()
    session.add_guarded(act, [-cell_var(board, i, d) for i, d in enumerate(solution)])
    try:
        return tuple(i for i, d in enumerate(puzzle.givens) if d and solve_within(
            session, [lit for lit in base if lit != cell_var(board, i, d)] + [act],
            deadline) is SolveResult.UNSAT)
    finally:
        session.retire(act)

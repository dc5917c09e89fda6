"""Solving: one incremental solver per board and rules, givens as assumptions
(:mod:`.solver`); rules switched on and off by selectors (:mod:`.guarded`); any DIMACS solver
through files (:mod:`.external`).

>>> from satdoku.formats import parse_puzzle
>>> check(parse_puzzle("1.34 34.2 2.43 43.1")).status.value
'unique'
"""

from satdoku.solving.solver import (
    Count,
    Result,
    Status,
    SudokuSolver,
    check,
    count,
    solutions,
    solve,
    solver_for,
)

__all__ = ["Count", "Result", "Status", "SudokuSolver", "check", "count", "solutions", "solve",
           "solver_for"]

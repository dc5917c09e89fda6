"""True candidates (digits some solution puts in a blank cell) and the backbone.

Model reuse: every solution already known marks all of its (cell, digit) pairs, and each
solution found on the way marks its own, so only pairs no solution has shown yet cost a call
— most of them answered UNSAT at once. When the known solutions are *all* the solutions
(a complete enumeration, e.g. a unique puzzle), no call is made at all.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.solving.solver import solver_for
>>> p = parse_puzzle("12.. 34.. .... ....")
>>> cands = true_candidates(solver_for(p.board), p)
>>> cands[2], cands[15]
((3, 4), (1, 2, 3, 4))
>>> backbone({3: (4,), 6: (1, 2)})
{3: 4}
"""

from __future__ import annotations

from collections.abc import Iterable

from cnf import SolveResult
from cnf.budget import Deadline
from satdoku.analyse.status import solve_within
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, cell_var
from satdoku.solving.solver import SudokuSolver

Candidates = dict[int, tuple[int, ...]]


def true_candidates(solver: SudokuSolver, puzzle: Puzzle, known: Iterable[Grid] = (),
                    complete: bool = False, deadline: Deadline | None = None) -> Candidates:
    """Blank cell → the digits it holds in at least one solution (empty: no solution).

    ``known`` are solutions already found; ``complete`` says they are all of them.
    TimeoutError when ``deadline`` passes first.
    """
    board, session = puzzle.board, solver.session
    seen: set[tuple[int, int]] = set()
    for grid in known:
        seen.update(enumerate(grid))
    blanks = [i for i, d in enumerate(puzzle.givens) if not d]
    if not complete:
        base = puzzle.assumptions()

        def found(extra: list[int]) -> bool:
            if solve_within(session, base + extra, deadline) is not SolveResult.SAT:
                return False
            grid = solver.grid_of(session.model)
            puzzle.verify(grid)
            seen.update(enumerate(grid))
            return True

        if seen or found([]):
            ruled_out = {-lit for lit in session.propagate(base)[1] if lit < 0} | {
                cell_var(board, i, d) for i, d in puzzle.eliminated}
            for i in blanks:  # one call per cell: "a digit not seen yet here?"
                while unseen := [v for d in range(1, board.n + 1) if (i, d) not in seen
                                 and (v := cell_var(board, i, d)) not in ruled_out]:
                    act = session.activation()
                    session.add_guarded(act, unseen)
                    try:
                        if not found([act]):
                            break
                    finally:
                        session.retire(act)
    return {i: tuple(d for d in range(1, board.n + 1) if (i, d) in seen) for i in blanks}


def backbone(candidates: Candidates) -> dict[int, int]:
    """Blank cells holding the same digit in every solution → that digit."""
    return {i: ds[0] for i, ds in candidates.items() if len(ds) == 1}

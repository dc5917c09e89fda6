"""True candidates: every digit that some solution places in a blank cell.

One incremental session, the givens as assumptions: each solution found marks all of its
(cell, digit) pairs as candidates (model reuse). Then, cell by cell, one call asks for a
solution placing a digit *not yet seen* there (a clause guarded by an activation literal,
retired after the call): SAT shows new candidates (and many more through its model), UNSAT
closes the cell. So the calls number about one per blank cell plus one per candidate found
late, not one per (cell, digit); digits that unit propagation already rules out are never
asked about, so cells that propagation fills cost nothing.

>>> from satdoku.formats import parse_puzzle
>>> true_candidates(parse_puzzle("1... ..1. .... ...."))[1]
(2, 3, 4)
"""

from __future__ import annotations

from cnf import SolveResult
from satdoku.puzzle import Puzzle
from satdoku.rules import cell_var
from satdoku.solver import SudokuSolver, solver_for


def true_candidates(puzzle: Puzzle, solver: SudokuSolver | None = None
                    ) -> dict[int, tuple[int, ...]]:
    """Blank cell → the digits it holds in at least one solution (all empty: no solution).

    ``solver`` defaults to the cached solver for the puzzle's board and rules.
    """
    board = puzzle.board
    solver = solver or solver_for(board, puzzle.rules)
    session, base = solver.session, puzzle.assumptions()
    seen: set[tuple[int, int]] = set()

    def found(extra: list[int]) -> bool:
        if session.solve(base + extra) is not SolveResult.SAT:
            return False
        solution = solver.grid_of(session.model)
        puzzle.verify(solution)
        seen.update(enumerate(solution))
        return True

    blanks = [i for i, d in enumerate(puzzle.givens) if not d]
    if found([]):
        ruled_out = {-lit for lit in session.propagate(base)[1] if lit < 0} | {
            cell_var(board, i, d) for i, d in puzzle.eliminated}
        for i in blanks:
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

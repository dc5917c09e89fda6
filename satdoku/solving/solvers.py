"""A command's solver options turned into a cached incremental solver per puzzle.

>>> from satdoku.formats import parse_puzzle
>>> solvers = Solvers(SolverOptions())
>>> p = parse_puzzle("1.34 34.2 2.43 43.1")
>>> solvers(p) is solvers(parse_puzzle("...4 .... .... ...."))   # same board, same rules
True
"""

from __future__ import annotations

from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule
from satdoku.runtime.clock import began
from satdoku.solving.options import SolverOptions
from satdoku.solving.solver import SudokuSolver, solver_for


class Solvers:
    """``solvers(puzzle)``: the :func:`~satdoku.solving.solver.solver_for` the puzzle's board
    and rules, built with ``options``.

    Before the CNF of a board and rules is built for the first time, the puzzle's givens are
    checked for clashes (unless ``precheck`` is off: the analyser reports them itself): a
    clash is reported at once (ClashError) instead of after building a CNF that may take
    seconds (36x36) or gigabytes (giant boards). A new solver estimates its CNF within the
    puzzle's time limit (``options.time_limit`` from :func:`~satdoku.runtime.clock.began`:
    a rule's estimate costs as much as encoding it, 2.8 s for the cages of a 25x25 killer);
    TimeoutError when it runs out first.
    """

    def __init__(self, options: SolverOptions | None = None, precheck: bool = True) -> None:
        self.options = (options or SolverOptions()).solver_args()
        self.time_limit = options.time_limit if options is not None else None
        self._built: set[tuple[Board, tuple[Rule, ...]]] = set()
        self.precheck = precheck
        self._last: tuple[Board, tuple[Rule, ...], SudokuSolver] | None = None

    def __call__(self, puzzle: Puzzle) -> SudokuSolver:
        last = self._last  # the puzzles of a file share their board and rules objects
        if last and puzzle.board is last[0] and puzzle.rules is last[1]:
            return last[2]
        key = (puzzle.board, puzzle.rules)
        if key not in self._built and self.precheck:
            puzzle.require_no_clash()
            self._built.add(key)
        with Deadline(self.time_limit, began()).applies():
            solver = solver_for(puzzle.board, puzzle.rules, **self.options)
        self._last = (puzzle.board, puzzle.rules, solver)
        return solver

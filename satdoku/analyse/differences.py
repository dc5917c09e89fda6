"""Several solutions: where two of them differ, and one extra given that fixes the puzzle.

A given (cell, digit) makes the puzzle unique exactly when one solution alone has that
digit there. When the enumeration is complete this is read off the solutions with no call.
Otherwise the rarest pairs are tried first, each with one uniqueness check: true candidates
that none of the known solutions shows (so few solutions have them: a puzzle missing one
clue gets that clue back this way), then pairs shown by exactly one known solution. The
search stops after a number of checks, and the answer says it was not exhaustive.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.solving.solver import solver_for
>>> p = parse_puzzle("..34 3412 ..43 4321")     # a deadly pattern: two solutions
>>> sols = tuple(solver_for(p.board).solutions(p))
>>> [p.board.cell_name(i) for i in differing_cells(sols[0], sols[1])]
['r1c1', 'r1c2', 'r3c1', 'r3c2']
>>> fix = find_fix(solver_for(p.board), p, sols, complete=True)
>>> fix.given.name(p.board), fix.exhaustive
('r1c1=1', True)
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cnf.budget import Deadline
from satdoku.analyse.candidates import Candidates
from satdoku.analyse.status import Given
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid
from satdoku.solving.solver import SudokuSolver

#: Uniqueness checks spent on a fix when the enumeration was cut short (≈ 1 ms each at 9x9).
FIX_TRIES = 200


@dataclass(frozen=True)
class Fix:
    """One extra given that makes the puzzle unique (None: none found), and whether the
    search covered every possible given."""

    given: Given | None
    exhaustive: bool


def differing_cells(first: Grid, second: Grid) -> tuple[int, ...]:
    """The cells where two grids differ."""
    return tuple(i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b)


def find_fix(solver: SudokuSolver, puzzle: Puzzle, solutions: Sequence[Grid],
             complete: bool, candidates: Candidates | None = None,
             tries: int = FIX_TRIES, deadline: Deadline | None = None) -> Fix:
    """An extra given that leaves exactly one solution, first in cell order when exact.

    ``solutions`` are the known ones (at least two); ``complete`` says they are all of them;
    ``candidates`` (the true candidates, when known) widen the search when it is not.
    TimeoutError when ``deadline`` passes first.
    """
    blanks = [i for i, d in enumerate(puzzle.givens) if not d]
    seen = Counter((i, grid[i]) for grid in solutions for i in blanks)
    once = sorted(pair for pair, k in seen.items() if k == 1)
    if complete:
        return Fix(Given(*once[0]) if once else None, True)
    unseen = sorted((i, d) for i, digits in (candidates or {}).items() for d in digits
                    if (i, d) not in seen)
    for cell, digit in (unseen + once)[:tries]:
        givens = (*puzzle.givens[:cell], digit, *puzzle.givens[cell + 1:])
        fixed = dataclasses.replace(puzzle, givens=givens)
        left = None if deadline is None else deadline.left()
        if len(list(solver.solutions(fixed, limit=2, time_limit=left))) == 1:
            return Fix(Given(cell, digit), False)
    return Fix(None, False)

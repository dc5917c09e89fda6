"""A solving path: steps from the givens to the solution, and the grade it earns.

Glossary: the *path* applies the cheapest step found (:mod:`.search`) again and again until
every cell is placed; its last grid is checked by the independent checker
(:meth:`Puzzle.verify`). The *grade* reads the path: how many constraint groups its hardest
step cites, how many steps cite three or more, whether some step needed search.

========= ===================================================================
grade     hardest step
========= ===================================================================
easy      one constraint (singles, a cage's combinations)
medium    two constraints (locked candidates, two variant constraints)
hard      three or four (naked and hidden pairs and triples, X-wing)
expert    five to eight (quads, swordfish, jellyfish, short chains)
extreme   more than eight (long contradiction chains), or trial and error
========= ===================================================================

>>> from satdoku.formats import parse_puzzle
>>> e = explain(parse_puzzle("1.34 34.2 2.43 43.1"))
>>> e.status.value, len(e.steps), e.grade.label, e.steps[0].name
('unique', 4, 'easy', 'full house')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from satdoku.explain.grades import EXTREME, GRADES
from satdoku.explain.groups import Groups, constraint_groups
from satdoku.explain.names import name_step
from satdoku.explain.search import Search
from satdoku.explain.steps import TRIAL, Step, cell_digit
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid
from satdoku.solving.solver import Status, solver_for

#: Steps citing at least this many groups count as hard steps.
HARD = 3


@dataclass(frozen=True)
class Grade:
    """The grade of a path: its label, the groups of its hardest step, the number of hard
    steps (≥ 3 groups), of steps that needed search, and of all steps."""

    label: str
    hardest: int
    hard_steps: int
    trial_steps: int
    steps: int


@dataclass(frozen=True)
class Explanation:
    """A puzzle's status and, when it is unique, its path (``complete`` False when the
    time limit or the step limit cut it short; ``solution`` is the verified last grid of a
    complete path)."""

    puzzle: Puzzle
    status: Status
    groups: Groups | None = None
    steps: tuple[Step, ...] = ()
    complete: bool = False
    solution: Grid | None = None
    solutions: tuple[Grid, ...] = ()
    seconds: float = 0.0
    start: tuple[int, ...] = ()     # facts before the first step (givens, their consequences)

    @property
    def grade(self) -> Grade | None:
        """The grade of a complete path (None otherwise)."""
        return grade(self.steps) if self.complete else None

    def known_after(self, k: int) -> set[int]:
        """The facts known after the first ``k`` steps (the start facts, then each step's
        derived literals and consequences)."""
        known = set(self.start)
        for step in self.steps[:k]:
            known.update(step.derived)
            known.update(step.consequences)
        return known

    def position(self, k: int) -> Puzzle:
        """The puzzle with pencil marks that holds what the path knew after ``k`` steps:
        its placements as givens, its eliminations in open cells as removed candidates."""
        board = self.puzzle.board
        givens, out = [0] * board.num_cells, []
        for x in self.known_after(k):
            cell, digit = cell_digit(board, x)
            if x > 0:
                givens[cell] = digit
            else:
                out.append((cell, digit))
        return Puzzle(board, tuple(givens), self.puzzle.rules,
                      frozenset((i, d) for i, d in out if not givens[i]))


def grade(steps: tuple[Step, ...]) -> Grade:
    """The grade of a path of ``steps``.

    >>> grade((Step((1,), (0,), (), "single"), Step((-2,), (3, 4, 5), (), "deduction")))
    Grade(label='hard', hardest=3, hard_steps=1, trial_steps=0, steps=2)
    """
    hardest = max((len(s.groups) for s in steps), default=0)
    trials = sum(1 for s in steps if s.method == TRIAL)
    label = next((name for name, most in GRADES if hardest <= most), EXTREME)
    return Grade(EXTREME if trials else label, hardest,
                 sum(1 for s in steps if len(s.groups) >= HARD), trials, len(steps))


def explain(puzzle: Puzzle, time_limit: float | None = None,
            max_steps: int | None = None, optimal: float | None = None) -> Explanation:
    """The solving path of ``puzzle`` (its first ``max_steps`` steps), within
    ``time_limit`` seconds. A puzzle without exactly one solution gets no path.

    With ``optimal`` (seconds per step), each step is the one citing the fewest
    constraint groups (:mod:`.optimal`), as far as that search gets in the time."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    check = solver_for(puzzle.board, puzzle.rules).check(puzzle, time_limit)
    if check.status is not Status.UNIQUE:
        return Explanation(puzzle, check.status, solutions=check.solutions,
                           seconds=time.perf_counter() - start)
    groups = constraint_groups(puzzle.board, puzzle.rules)
    solution = check.solutions[0]
    search = Search(groups, puzzle, solution)
    steps: list[Step] = []
    try:
        while not search.solved:
            if (max_steps is not None and len(steps) >= max_steps) or (
                    deadline is not None and time.perf_counter() > deadline):
                break
            step = search.next_step(deadline)
            assert step is not None
            if optimal is not None:
                step = _optimal(search, step, optimal, deadline)
            steps.append(replace(step, name=name_step(groups, step, search.placed)))
            search.apply(step)
        done = search.solved
        final = tuple(search.placed) if done else None
    finally:
        search.close()
    if final is not None:
        puzzle.verify(final)
    return Explanation(puzzle, check.status, groups, tuple(steps), done, final,
                       check.solutions, time.perf_counter() - start, search.start)


def _optimal(search: Search, step: Step, seconds: float, deadline: float | None) -> Step:
    from satdoku.explain.optimal import optimal_step  # on request only: OptUx, RC2 …
    limit = time.perf_counter() + seconds
    return optimal_step(search, step, limit if deadline is None else min(limit, deadline)).step


def hint(puzzle: Puzzle, time_limit: float | None = None,
         optimal: float | None = None) -> Explanation:
    """The next step only (the puzzle may carry pencil marks: eliminated candidates);
    ``optimal`` as for :func:`explain`."""
    return explain(puzzle, time_limit, max_steps=1, optimal=optimal)

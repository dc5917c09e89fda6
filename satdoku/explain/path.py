"""A solving path: steps from the givens to the solution, and the grade it earns.

Glossary: the *path* applies the cheapest step found (:mod:`.search`) again and again until
every cell is placed; its last grid is checked by the independent checker
(:meth:`Puzzle.verify`). The *grade* reads the path (:mod:`.grades`): a score (the weight
of its hardest step on the human scale), estimated minutes, and a band (easy … extreme).

A puzzle that is not unique (yet) still gets a path: every step holds in every solution
(its conclusion follows from the cited constraints and facts, whatever the count), and the
path ends where no step is found (``stuck``). ``disabled`` switches families of techniques
off (the editor's ``disabledlogic``: :data:`~.catalogue.EDITOR_FAMILIES`).

>>> from satdoku.formats import parse_puzzle
>>> e = explain(parse_puzzle("1.34 34.2 2.43 43.1"))
>>> e.status.value, len(e.steps), e.grade.label, e.steps[0].name
('unique', 4, 'easy', 'full house')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from cnf.budget import Deadline
from satdoku.errors import SatdokuError
from satdoku.explain.catalogue import EDITOR_FAMILIES
from satdoku.explain.grades import HARD_WEIGHT, band, minutes
from satdoku.explain.groups import Groups, constraint_groups
from satdoku.explain.search import Search
from satdoku.explain.steps import TRIAL, Step, cell_digit
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid
from satdoku.solving.solver import Status, solver_for


class PathInterrupted(KeyboardInterrupt):
    """Ctrl-C (or TERM) while a path was being found: a KeyboardInterrupt that carries the
    steps found so far (``explanation``, neither complete nor stuck), so that the shell
    can print them before it stops."""

    def __init__(self, explanation: Explanation) -> None:
        super().__init__()
        self.explanation = explanation


@dataclass(frozen=True)
class Grade:
    """The grade of a path: its band, score (weight of the hardest step), estimated
    minutes, the hardest step's name, the number of hard steps (weight ≥ 3.0), of steps
    that needed search, and of all steps."""

    label: str
    score: float
    minutes: int
    hardest: str
    hard_steps: int
    trial_steps: int
    steps: int


@dataclass(frozen=True)
class Explanation:
    """A puzzle's status and its path (``complete`` when the path reached the solution;
    ``stuck`` when no step was found before that: a puzzle that is not unique, or disabled
    techniques; neither: the time limit or the step limit cut it short). ``solution`` is
    the verified last grid of a complete path."""

    puzzle: Puzzle
    status: Status
    groups: Groups | None = None
    steps: tuple[Step, ...] = ()
    complete: bool = False
    solution: Grid | None = None
    solutions: tuple[Grid, ...] = ()
    seconds: float = 0.0
    start: tuple[int, ...] = ()     # facts before the first step (givens, their consequences)
    stuck: bool = False
    interrupted: bool = False      # Ctrl-C (or TERM) cut the path short

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
    """The grade of a path of ``steps`` (:mod:`.grades`).

    >>> grade((Step((1,), (0,), (), "single", "hidden single", weight=1.5),
    ...        Step((-2,), (3, 4, 5), (), "technique", "naked pair", weight=3.0)))
    Grade(label='easy', score=3.0, minutes=1, hardest='naked pair', hard_steps=1, \
trial_steps=0, steps=2)
    """
    hardest = max(steps, key=lambda s: s.weight, default=None)
    score = 0.0 if hardest is None else hardest.weight
    return Grade(band(score), score, minutes([s.weight for s in steps]),
                 "" if hardest is None else hardest.name,
                 sum(1 for s in steps if s.weight >= HARD_WEIGHT),
                 sum(1 for s in steps if s.method == TRIAL), len(steps))


def explain(puzzle: Puzzle, time_limit: float | None = None,
            max_steps: int | None = None, optimal: float | None = None,
            disabled: Iterable[str] = (), start: float | None = None,
            on_step: Callable[[int], None] | None = None) -> Explanation:
    """The solving path of ``puzzle`` (its first ``max_steps`` steps), within
    ``time_limit`` seconds. A puzzle with several solutions gets the path as far as
    logic goes (``stuck`` then); one with none, or givens that clash, gets no path.

    With ``optimal`` (seconds per step), each step is the one citing the fewest
    constraint groups (:mod:`.optimal`), as far as that search gets in the time.
    ``disabled``: editor families of techniques not to use (:data:`EDITOR_FAMILIES`).
    ``start``: when the work on the puzzle began (a :func:`time.perf_counter` reading; None:
    now): ``time_limit`` counts from it. ``on_step``: called after each step with the number
    of steps so far (progress). Ctrl-C during the search raises :class:`PathInterrupted`
    with the steps found before it (a plain KeyboardInterrupt before the first)."""
    start = time.perf_counter() if start is None else start
    deadline = Deadline(time_limit, start)
    off = frozenset(disabled)
    unknown = sorted(off - set(EDITOR_FAMILIES))
    if unknown:
        raise SatdokuError(f"unknown logic family {unknown[0]!r} (known: "
                           f"{', '.join(EDITOR_FAMILIES)})")
    try:
        with deadline.applies():  # (a new solver estimates its CNF)
            solver = solver_for(puzzle.board, puzzle.rules)
    except TimeoutError:
        return Explanation(puzzle, Status.UNKNOWN, seconds=time.perf_counter() - start)
    check = solver.check(puzzle, deadline.left())
    if check.status not in (Status.UNIQUE, Status.MULTIPLE):
        return Explanation(puzzle, check.status, solutions=check.solutions,
                           seconds=time.perf_counter() - start)
    solution = check.solutions[0] if check.status is Status.UNIQUE else None
    try:
        groups = constraint_groups(puzzle.board, puzzle.rules, deadline)
        search = Search(groups, puzzle, solution, off, deadline,
                        unique=check.status is Status.UNIQUE)
    except TimeoutError:  # (no step yet: the path is empty, cut short by the time limit)
        return Explanation(puzzle, check.status, solutions=check.solutions,
                           seconds=time.perf_counter() - start)
    steps: list[Step] = []
    stuck = interrupted = False
    try:
        while not search.solved:
            if (max_steps is not None and len(steps) >= max_steps) or deadline.expired:
                break
            try:
                step = search.next_step(deadline)
                if (step is not None and optimal is not None and solution is not None
                        and not step.deadly):  # (the optimum is of steps without premise)
                    step = _optimal(search, step, optimal, deadline)
            except TimeoutError:
                break
            except KeyboardInterrupt:
                if not steps:
                    raise
                interrupted = True
                break
            if step is None:  # (no step: stuck, unless a search gave up at the deadline)
                stuck = not deadline.expired
                break
            steps.append(step)
            search.apply(step)
            if on_step is not None:
                on_step(len(steps))
        done = search.solved
        final = tuple(search.placed) if done else None
    finally:
        search.close()
    if final is not None:
        puzzle.verify(final)
    e = Explanation(puzzle, check.status, groups, tuple(steps), done, final,
                    check.solutions, time.perf_counter() - start, search.start, stuck,
                    interrupted)
    if interrupted:
        raise PathInterrupted(e)
    return e


def _optimal(search: Search, step: Step, seconds: float, deadline: Deadline) -> Step:
    from satdoku.explain.optimal import optimal_step  # on request only: OptUx, RC2 …
    found = optimal_step(search, step, deadline.within(seconds)).step
    return found if found is step else search.named(replace(found, name=""))


def hint(puzzle: Puzzle, time_limit: float | None = None,
         optimal: float | None = None, disabled: Iterable[str] = (),
         start: float | None = None) -> Explanation:
    """The next step only (the puzzle may carry pencil marks: eliminated candidates);
    ``optimal``, ``disabled`` and ``start`` as for :func:`explain`."""
    return explain(puzzle, time_limit, max_steps=1, optimal=optimal, disabled=disabled,
                   start=start)

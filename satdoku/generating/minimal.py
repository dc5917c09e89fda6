"""Proving a puzzle minimal: the units a first removal pass left undecided, decided cheaply.

A unit kept by removal is *necessary* when the givens without it have a second solution (a
*witness*). Measured on 25x25 (scripts/bench_minimal.py), almost every undecided unit is
necessary, and its test is a hard satisfiable call. Two things make it cheaper:

* **Witnesses by restriction.** Before the normal test of unit X, a restricted problem is
  solved: every cell that is not given, and whose digit in the solution S is not a candidate
  of X's cells (by the givens without X), is also fixed to S. Any model of it is a model of
  the full problem, so SAT proves X necessary (sound); UNSAT or UNKNOWN proves nothing and the
  normal test follows. It finds the second solutions that differ from S in a few digits
  (rectangles and other small unavoidable sets) in about 2 ms, where the full test took
  thousands of conflicts. The others differ from S in most cells and digits: no restriction
  by digits (nor around an earlier witness) found them.
* **A new solver for the hard tests.** Under ~270 given assumptions the removal session
  manages about 3,000 conflicts a second at 25x25; a new solver with the same givens as unit
  clauses about 20,000, and loads in 0.08 s from the formula :func:`reduced` by the givens
  that no re-test removes. After one more round of re-tests in the session (which also
  removes the units that are easily removable: a new solver, without the session's learned
  clauses, proves them removable slowly), each unit left is decided so (:func:`fresh_test`),
  its budget growing in the same solver, its phases on the last second solution found.

Necessity is monotone (fewer givens keep a second solution), so a unit shown necessary stays
so, whatever is removed after it.

>>> from satdoku.board import Board
>>> from satdoku.generating import GenerateOptions, generate
>>> made = generate(Board.classic(9), options=GenerateOptions(conflicts=1, minimal=True),
...                 seed=4)
>>> made.proven_minimal, made.undecided
(True, 0)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache, partial
from math import isqrt

from cnf import Formula, Session, SolveResult
from satdoku.board import Board
from satdoku.encoding import grid_of_model
from satdoku.generating.removal import Removal, Unit
from satdoku.rules import Grid
from satdoku.runtime.forked import Children, can_fork

#: Conflicts for a restricted problem: measured, those that are satisfiable need 0-2
#: conflicts (25x25), and the rest are mostly refuted by propagation alone.
RESTRICTED_CONFLICTS = 100


@cache
def peers(board: Board) -> tuple[frozenset[int], ...]:
    """The cells sharing a unit (row, column, box or region) with each cell.

    >>> len(peers(Board.classic(9))[0])
    20
    """
    found: list[set[int]] = [set() for _ in board.cells]
    for unit in board.units:
        for cell in unit:
            found[cell].update(unit)
    return tuple(frozenset(cells - {i}) for i, cells in enumerate(found))


def candidates(board: Board, removal: Removal, unit: Unit) -> set[int]:
    """The candidates of ``unit``'s cells (the digits given in none of a cell's peers, by the
    givens without ``unit``), all together."""
    n, lits, given, near = board.n, removal.lits, removal.given, peers(board)
    digits: set[int] = set()
    for cell in unit:
        seen = {lits[p] - p * n for p in near[cell] if given[p] and p not in unit}
        digits.update(d for d in range(1, n + 1) if d not in seen)
    return digits


def restricted_witness(board: Board, removal: Removal, unit: Unit,
                       conflicts: int = RESTRICTED_CONFLICTS) -> Grid | None:
    """A second solution of the givens without ``unit`` in which every non-given cell whose
    digit is not a candidate of ``unit`` keeps S's digit; None when none was found (which
    proves nothing). Only called on a puzzle whose solution is unique."""
    n, lits, given = board.n, removal.lits, removal.given
    digits = candidates(board, removal, unit)
    free = set(unit)
    assumptions = [lit for cell, lit in enumerate(lits)
                   if cell not in free and (given[cell] or lit - cell * n not in digits)]
    left = removal.deadline.left()
    if left == 0:
        return None
    answer = removal.session.solve([*assumptions, *removal.tail], time_limit=left,
                                   conflict_budget=conflicts)
    if answer is not SolveResult.SAT:
        return None
    model = removal.session.model
    if all(model[lits[c] - 1] > 0 for c in unit):  # (S was unique: cannot happen)
        return None
    return grid_of_model(model, n, board.num_cells)


def reduced(formula: Formula, true: Sequence[int]) -> Formula:
    """``formula`` with the literals ``true`` (and those they force through binary clauses,
    in one pass) as unit clauses, the clauses these satisfy left out and the literals they
    falsify removed: the same models. At 25x25 with half the givens fixed: 752k clauses →
    176k, loaded in 0.08 s instead of 0.3 s (0.6 s to make, once).

    >>> from cnf import Formula
    >>> f = Formula(reserved=3); f.extend([[-1, -2], [2, 3], [1, 2, 3]])
    >>> reduced(f, [1]).clauses
    [[1], [-2], [3]]
    """
    if formula.atmosts:  # (native cardinality constraints: left as they are)
        return formula
    value = bytearray(formula.num_vars + 1)  # 0 free, 1 true, 2 false
    for lit in true:
        value[abs(lit)] = 1 if lit > 0 else 2
    for clause in formula.clauses:
        if len(clause) == 2:
            a, b = clause
            if value[abs(a)] == (2 if a > 0 else 1):
                value[abs(b)] = 1 if b > 0 else 2
            elif value[abs(b)] == (2 if b > 0 else 1):
                value[abs(a)] = 1 if a > 0 else 2
    kept = []
    for clause in formula.clauses:
        if any(value[abs(lit)] == (1 if lit > 0 else 2) for lit in clause):
            continue
        kept.append([lit for lit in clause if not value[abs(lit)]])
    kept += [[v if value[v] == 1 else -v] for v in range(1, len(value)) if value[v]]
    out = Formula(reserved=formula.num_vars)
    out.add_owned(kept)
    return out


def fresh_test(removal: Removal, unit: Unit, growth: int, base: Formula,
               phases: list[int] | None = None) -> SolveResult:
    """Is S the only solution without ``unit``? Asked of a new solver on ``base`` (the
    formula, or :func:`reduced` by givens that stay), with the other givens as unit clauses
    (not assumptions), its conflict budget growing ``growth``-fold from
    ``removal.conflicts`` until it answers (or the time limit runs out).

    S is excluded by a clause over ``unit``'s cells alone: the givens with ``unit`` have S as
    their only solution, so any other solution of the givens without it must change a digit
    of ``unit``. Same models as the clause ¬S over every cell; measured at 25x25
    (scripts/bench_minimal.py, seeds 1-5, the old way in the same conditions): 45.3 against
    54.4 CPU s (seed 1), 6.3/7.3, 17.2/18.0, 20.8/21.1, but 86.1/79.8 on seed 2. Two or
    four literals propagate at once where ¬S waits for hundreds of cells.

    ``phases``: the solver's preferred literals (else S's); a list is replaced by the cell
    literals of the second solution found, if any (measured: following the last second
    solution so took 3-14 % less time than S's phases at 25x25).

    Measured at 25x25: the removal session, under ~270 given assumptions, manages 3,000
    conflicts a second; such a solver about 20,000.
    """
    with Session(base, removal.session.backend) as fresh:
        pose(fresh, removal, unit, phases)
        answer = grown(fresh, removal, growth)
        if answer is SolveResult.SAT and phases is not None:
            phases[:] = cell_lits(fresh.model, removal)
        return answer


def pose(fresh: Session, removal: Removal, unit: Unit, phases: Sequence[int] | None) -> None:
    """Put the test of ``unit`` (:func:`fresh_test`) to ``fresh``, a solver loaded with the
    base formula: the other givens as unit clauses, S excluded over ``unit``'s cells, the
    preferred phases (``phases``, else S's)."""
    lits, given, inside = removal.lits, removal.given, set(unit)
    for cell, lit in enumerate(lits):
        if given[cell] and cell not in inside:
            fresh.add_clause([lit])
    fresh.add_clause([-lits[cell] for cell in unit])  # a second solution changes X
    fresh.set_phases(phases or lits)


def grown(fresh: Session, removal: Removal, growth: int, timed: bool = True) -> SolveResult:
    """``fresh`` solved with a conflict budget growing ``growth``-fold from
    ``removal.conflicts`` until it answers, or UNKNOWN once ``removal.deadline`` passed.
    ``timed``: each call also stops at the deadline (a timer thread); else the deadline is
    only checked between calls (in a forked child, which its parent kills at the deadline)."""
    budget = removal.conflicts
    while True:
        left = removal.deadline.left()
        if left == 0:
            return SolveResult.UNKNOWN
        answer = fresh.solve(time_limit=left if timed else None, conflict_budget=budget)
        if answer is not SolveResult.UNKNOWN or budget is None:
            return answer
        budget *= growth


def cell_lits(model: Sequence[int], removal: Removal) -> list[int]:
    """The cell literals of a model (its first n³: the phases of the next test)."""
    cells = len(removal.lits)
    return list(model[: cells * isqrt(cells)])


def decide_all(removal: Removal, board: Board, target: int | None = None, growth: int = 10,
               restrict: bool = True, fresh_after: int | None = 1, jobs: int = 1) -> bool:
    """Decide every unit in ``removal.undecided``: shown necessary or removed.

    Each round tries :func:`restricted_witness` on every unit left (with ``restrict``), then
    re-tests the others together (:meth:`Removal.remove`) with the conflict budget multiplied
    by ``growth``. After ``fresh_after`` such rounds (None: never), each unit left is decided
    by :func:`fresh_test` instead (:func:`decide_fresh`, up to ``jobs`` at once). False when
    the time limit or the clue target stopped it first (the units not reached then stay
    undecided).
    """
    removal.retested += len(removal.undecided)
    rounds = 0
    while removal.undecided:
        units, removal.undecided = removal.undecided, []
        if restrict:
            units = [u for u in units if restricted_witness(board, removal, u) is None]
        if removal.conflicts is not None:
            removal.conflicts *= growth
        if fresh_after is not None and rounds >= fresh_after:
            return decide_fresh(removal, units, target, growth, jobs)
        rounds += 1
        if not removal.remove(units, target):
            return False
    return True


def decide_fresh(removal: Removal, units: Sequence[Unit], target: int | None,
                 growth: int, jobs: int = 1) -> bool:
    """Decide ``units`` in order with :func:`fresh_test`'s test (a unit shown removable is
    dropped from ``removal`` without a second test); False when the time limit or the clue
    target stopped it first (the units not reached stay undecided).

    Where processes can fork, the base formula is loaded once, here, and each test runs in
    a forked child that gets the loaded solver for free (:func:`decide_forked`, up to
    ``jobs`` at once); elsewhere each test loads its own solver, one after the other.
    """
    inside = {cell for unit in units for cell in unit}
    stay = [lit for cell, lit in enumerate(removal.lits)
            if removal.given[cell] and cell not in inside]
    base = reduced(removal.session.formula, [*stay, *removal.tail[:-1]])  # (-1: activation)
    if can_fork():
        with Session(base, removal.session.backend) as loaded, Children(jobs) as children:
            return decide_forked(removal, units, target, growth, loaded, children)
    phases: list[int] = []  # the last second solution found (its cell literals)
    for k, unit in enumerate(units):
        answer = SolveResult.UNKNOWN
        if target is None or removal.count > target:
            answer = fresh_test(removal, unit, growth, base, phases)
        if answer is SolveResult.UNKNOWN:
            removal.undecided += units[k:]
            return False
        if answer is SolveResult.UNSAT:
            removal.drop(unit)
    return True


def decide_forked(removal: Removal, units: Sequence[Unit], target: int | None, growth: int,
                  loaded: Session, children: Children) -> bool:
    """:func:`decide_fresh` with each test in a child forked from ``loaded`` (the base
    formula, never solved here), up to ``children.jobs`` at once, launched in order with
    the givens as they are then, and committed in order, so that the outcome is that of
    one test after the other: SAT (necessary) stays true whatever is dropped later
    (necessity is monotone); UNSAT stands only when no unit was dropped since its launch
    (else the unit is tested again); UNKNOWN (the deadline) stops with the rest undecided.
    Each launch follows the last second solution come back (its phases)."""
    phases: list[int] = []
    launched: dict[int, int] = {}  # unit → the givens count at its launch
    answers: dict[int, SolveResult] = {}
    k = later = 0  # the next unit to commit, and to launch

    def launch(i: int) -> None:
        launched[i] = removal.count  # (it only falls, as units are dropped)
        children.start(i, partial(forked_test, loaded, removal, units[i], growth, phases))

    while k < len(units) and (target is None or removal.count > target):
        answer = answers.pop(k, None)
        if answer is SolveResult.UNKNOWN:
            break
        if answer is SolveResult.UNSAT and launched[k] != removal.count:
            launch(k)  # a unit was dropped since its launch: tested again, as it is now
        elif answer is not None:
            if answer is SolveResult.UNSAT:
                removal.drop(units[k])
            k += 1
        else:
            while later < len(units) and children.running < children.jobs:
                launch(later)
                later += 1
            left = removal.deadline.left()
            done = children.wait(left)
            if done is None:  # (the deadline: the children are killed on the way out)
                break
            answers[done[0]], model = answer_of(done[1])
            phases = model or phases
    if k == len(units):
        return True
    removal.undecided += units[k:]
    return False


#: A child's answer: its first byte, then (SAT) the model's cell literals.
ANSWER_CODES = {SolveResult.SAT: b"s", SolveResult.UNSAT: b"u", SolveResult.UNKNOWN: b"?"}
ANSWERS = {code: answer for answer, code in ANSWER_CODES.items()}


def forked_test(loaded: Session, removal: Removal, unit: Unit, growth: int,
                phases: Sequence[int]) -> bytes:
    """In a forked child: :func:`fresh_test`'s test of ``unit`` in ``loaded`` (the child's
    copy), as bytes (:func:`answer_of` reads them)."""
    pose(loaded, removal, unit, phases)
    answer = grown(loaded, removal, growth, timed=False)
    model = cell_lits(loaded.model, removal) if answer is SolveResult.SAT else []
    return ANSWER_CODES[answer] + array("i", model).tobytes()


def answer_of(data: bytes) -> tuple[SolveResult, list[int]]:
    """A forked test's answer and second solution (cell literals; empty unless SAT).

    >>> answer_of(ANSWER_CODES[SolveResult.SAT] + array("i", [1, -2]).tobytes())
    (<SolveResult.SAT: 'sat'>, [1, -2])
    """
    model = array("i")
    model.frombytes(data[1:])
    return ANSWERS[data[:1]], model.tolist()

"""Clue removal: take givens away from a solved grid while its solution stays the only one.

The known solution S is blocked by one clause ``(¬act ∨ ¬S)`` under an activation literal;
removing clues is tested by one incremental call under assumptions = the remaining givens +
``act``: UNSAT means S is still the only solution, SAT gives a second one.

Units are taken in order and each is removed when the puzzle stays unique. Removing several
units at once and getting UNSAT proves each of them removable one after the other (fewer
givens, same unique solution), so runs of removable units are found by galloping and
bisection, and a second solution names the last unit of the run it needs. The outcome is
exactly that of one test per unit, with fewer calls. A test that runs out of budget or time
keeps its unit: uniqueness is never at risk, but minimality is then not proven.

Glossary: a *unit* is what one step removes (an orbit of cells, or a single cell); the
puzzle is *minimal* for a set of units when none of its units can be removed.

>>> from satdoku.board import Board
>>> from satdoku.encoding import build
>>> from cnf import Session
>>> board = Board.classic(4)
>>> solution = (1, 2, 3, 4,  3, 4, 1, 2,  2, 1, 4, 3,  4, 3, 2, 1)
>>> with Session(build(board)) as session:
...     removal = Removal(session, board, solution)
...     removal.remove([(i,) for i in board.cells]), removal.proven
...     removal.close()
(True, True)
>>> len(removal.givens()) < 16
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from itertools import compress

from cnf import Session, SolveResult
from satdoku.board import Board
from satdoku.rules import Grid

Unit = tuple[int, ...]


class Removal:
    """The removal passes of one puzzle in ``session`` (a session of the board's formula).

    ``deadline`` is a :func:`time.perf_counter` instant; ``conflicts`` bounds each test;
    ``extra`` literals are assumed in every test (selectors of guarded rules).
    Call :meth:`close` when done: it retires the blocking clause.
    """

    def __init__(self, session: Session, board: Board, solution: Grid,
                 deadline: float | None = None, conflicts: int | None = None,
                 extra: Sequence[int] = ()) -> None:
        n = board.n
        self.session, self.deadline, self.conflicts = session, deadline, conflicts
        self.lits = [i * n + d for i, d in enumerate(solution)]  # cell_var, inlined
        self.given = [True] * len(solution)
        self.count = len(solution)
        #: Units kept because their test ran out of budget or time (in the order met).
        self.undecided: list[Unit] = []
        self.retested = 0  # units tested again after being left undecided (for reports)
        self.witnesses: list[set[int]] = []  # where known second solutions differ from S
        self.act = session.activation()
        session.add_guarded(self.act, [-v for v in self.lits])
        self.tail = [*extra, self.act]  # assumed in every test (``extra``: e.g. selectors)

    def close(self) -> None:
        """Retire the blocking clause (the session can serve other puzzles)."""
        self.session.retire(self.act)

    @property
    def proven(self) -> bool:
        """Whether every unit kept so far was shown not removable (none undecided)."""
        return not self.undecided

    def givens(self) -> list[int]:
        """The cells still given."""
        return list(compress(range(len(self.given)), self.given))

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def remove(self, units: Sequence[Unit], target: int | None = None, first: int = 1) -> bool:
        """Remove, in order, every unit whose removal keeps the puzzle unique.

        Stops once at most ``target`` givens remain. ``first`` is how many units the first
        test removes (a guess at the first run: it changes the calls made, not the result).
        Returns whether every unit was tested (False when stopped by the target or the
        deadline first); units kept untested at the deadline, or whose test ran out of
        budget, are in :attr:`undecided`.
        """
        i, step = 0, max(1, first)
        while i < len(units):
            cap = self._cap(units[i:], target)
            if cap == 0:
                return False
            if self.expired():
                self.undecided += units[i:]
                return False
            lo, hi, hi_proven = 0, cap + 1, False  # prefixes: lo removable, hi not (cap+1: ?)
            while hi - lo > 1:
                m = min(lo + step, cap) if hi > cap else (lo + hi) // 2
                answer, last = self._test(units[i:i + m])
                if answer is SolveResult.UNSAT:
                    lo, step = m, step * 2
                elif answer is SolveResult.SAT:
                    hi, hi_proven = last + 1, True
                else:
                    hi, hi_proven = m, False
                    if self.expired():
                        break
            self._drop(units[i:i + lo])
            if hi > cap:
                i += lo
                continue
            if hi != lo + 1:  # the deadline passed mid-search
                self.undecided += units[i + lo:]
                return False
            if not hi_proven:
                self.undecided.append(units[i + lo])
            kept = set(units[i + lo])
            self.witnesses = [w for w in self.witnesses if kept.isdisjoint(w)]
            i, step = i + hi, max(1, lo // 2)
        return True

    def _cap(self, units: Sequence[Unit], target: int | None) -> int:
        """How many of ``units`` to try at most: the shortest prefix reaching ``target``."""
        if target is None:
            return len(units)
        count = self.count
        for k, unit in enumerate(units):
            if count <= target:
                return k
            count -= len(unit)
        return len(units)

    def _set(self, units: Sequence[Unit], value: bool) -> None:
        for unit in units:
            for cell in unit:
                self.given[cell] = value

    def _drop(self, units: Sequence[Unit]) -> None:
        self._set(units, False)
        self.count -= sum(map(len, units))

    def _test(self, chunk: Sequence[Unit]) -> tuple[SolveResult, int]:
        """Is S still the only solution without ``chunk``? On SAT, also the index of the last
        unit of ``chunk`` where the second solution differs from S.

        A second solution found earlier answers SAT without a call when it differs from S
        only in cells that are no longer given.
        """
        self._set(chunk, False)
        try:
            for differs in self.witnesses:
                if not any(self.given[c] for c in differs):
                    return SolveResult.SAT, self._last(chunk, differs)
            assumptions = [*compress(self.lits, self.given), *self.tail]
        finally:
            self._set(chunk, True)
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if left is not None and left <= 0:
            return SolveResult.UNKNOWN, -1
        answer = self.session.solve(assumptions, time_limit=left,
                                    conflict_budget=self.conflicts)
        if answer is not SolveResult.SAT:
            return answer, -1
        if len(chunk) == 1:  # that unit will be kept: the witness can serve no later test
            return answer, 0
        model, lits = self.session.model, self.lits
        differs = {c for unit in chunk for c in unit if model[lits[c] - 1] < 0}
        self.witnesses.append(differs)
        return answer, self._last(chunk, differs)

    @staticmethod
    def _last(chunk: Sequence[Unit], differs: set[int]) -> int:
        """The index of the last unit of ``chunk`` that meets ``differs``."""
        for k in range(len(chunk) - 1, -1, -1):
            if not differs.isdisjoint(chunk[k]):
                return k
        # the givens before the test had S as their only solution: this cannot happen
        raise AssertionError("a second solution agrees with every removed clue")

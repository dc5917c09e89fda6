"""Clue removal: take givens away from a solved grid while its solution stays the only one.

The known solution S is blocked by one clause ``(¬act ∨ ¬S)`` under an activation literal;
removing clues is tested by one incremental call under assumptions = the remaining givens +
``act``: UNSAT means S is still the only solution, SAT gives a second one.

Units are taken in order and each is removed when the puzzle stays unique. Removing several
units at once and getting UNSAT proves each of them removable one after the other (fewer
givens, same unique solution), so runs of removable units are found by galloping and
bisection, and a second solution names the last unit of the run it needs (the run often
ends just before it: that prefix is tried next). The outcome is exactly that of one test
per unit, with fewer calls. Second solutions known in advance (*witnesses*: the cells
where they differ from S, e.g. the grid's unavoidable sets) answer tests without a call
when none of their cells is given any more. A test that runs out of budget or time keeps
its unit: uniqueness is never at risk, but minimality is then not proven.

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

from collections.abc import Iterable, Sequence
from functools import reduce
from itertools import accumulate, compress, repeat
from operator import add, and_, neg, not_, or_

from cnf import Session, SolveResult
from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.rules import Grid

Unit = tuple[int, ...]
#: A second solution found for a chunk of at least this many units becomes a witness (and
#: names the last unit it needs); for smaller chunks its model is not fetched (~15 µs at 9x9,
#: a list of every variable): measured the same 9x9 rate, 1 call a puzzle more.
LEARN_FROM = 5


def mask_of(cells: Iterable[int]) -> int:
    """The bit mask of ``cells`` (bit i = cell i).

    >>> mask_of((0, 3))
    9
    """
    return reduce(or_, map((1).__lshift__, cells), 0)


class Removal:
    """The removal passes of one puzzle in ``session`` (a session of the board's formula).

    ``deadline`` (:class:`~cnf.budget.Deadline`) bounds the whole pass; ``conflicts`` each test;
    ``extra`` literals are assumed in every test (selectors of guarded rules);
    ``witnesses`` are bit masks of cells (:func:`mask_of`) on which known second solutions
    differ from S (e.g. :func:`satdoku.generating.unavoidable.unavoidable_sets`): a test that leaves
    one of them without a given answers "not unique" without a call.
    Call :meth:`close` when done: it retires the blocking clause.
    """

    def __init__(self, session: Session, board: Board, solution: Grid,
                 deadline: Deadline | None = None, conflicts: int | None = None,
                 extra: Sequence[int] = (), witnesses: Iterable[int] = ()) -> None:
        n = board.n
        self.session, self.conflicts = session, conflicts
        self.deadline = deadline or Deadline(None)
        self.lits = [*map(add, range(0, len(solution) * n, n), solution)]  # cell_var, inlined
        self.given = [True] * len(solution)
        #: Units kept because their test ran out of budget or time (in the order met).
        self.undecided: list[Unit] = []
        self.retested = 0  # units tested again after being left undecided (for reports)
        self.witnesses = list(witnesses)  # masks of cells where second solutions differ
        self.act = session.activation()
        session.add_guarded(self.act, [*map(neg, self.lits)])
        self.tail = [*extra, self.act]  # assumed in every test (``extra``: e.g. selectors)

    @property
    def given(self) -> list[bool]:
        """Whether each cell is still given."""
        return self._given

    @given.setter
    def given(self, given: list[bool]) -> None:
        self._given = given
        self._mask = mask_of(compress(range(len(given)), given))
        self.count = sum(given)

    def close(self) -> None:
        """Retire the blocking clause (the session can serve other puzzles)."""
        self.session.retire(self.act)

    @property
    def proven(self) -> bool:
        """Whether every unit kept so far was shown not removable (none undecided)."""
        return not self.undecided

    def givens(self) -> list[int]:
        """The cells still given."""
        return list(compress(range(len(self._given)), self._given))

    def expired(self) -> bool:
        return self.deadline.expired

    def drop(self, unit: Unit) -> None:
        """Take ``unit`` away without a test: the caller proved S stays the only solution
        (:func:`satdoku.generating.minimal.decide_fresh`, in another solver)."""
        given = list(self.given)
        for cell in unit:
            given[cell] = False
        self.given = given  # (the setter recounts)

    def remove(self, units: Sequence[Unit], target: int | None = None, first: int = 1) -> bool:
        """Remove, in order, every unit whose removal keeps the puzzle unique.

        ``units`` share no cell. Stops once at most ``target`` givens remain. ``first`` is
        how many units the first test removes (a guess at the first run: it changes the
        calls made, not the result). Returns whether every unit was tested (False when
        stopped by the target or the deadline first); units kept untested at the deadline,
        or whose test ran out of budget, are in :attr:`undecided`.
        """
        self._start(units)
        i, step, count = 0, max(1, first), len(units)
        while i < count:
            cap = count - i if target is None else self._cap(units[i:], target)
            if cap == 0:
                return False
            if self.expired():
                self.undecided += units[i:]
                return False
            lo, hi, hi_proven = 0, cap + 1, False  # prefixes: lo removable, hi not (cap+1: ?)
            top = False
            while hi - lo > 1:
                if hi > cap:
                    m = min(lo + step, cap)
                elif top:  # a second solution needs every unit up to hi - 1: often the
                    m = hi - 1  # run ends just there (measured: 15 calls a puzzle, not 18)
                else:
                    m = (lo + hi) // 2
                answer, last = self._test(i, i + m)
                top = answer is SolveResult.SAT
                if answer is SolveResult.UNSAT:
                    lo, step = m, step * 2
                elif top:
                    hi, hi_proven = last + 1, True
                else:
                    hi, hi_proven = m, False
                    if self.expired():
                        break
            self._drop(i, i + lo)
            if hi > cap:
                i += lo
                continue
            if hi != lo + 1:  # the deadline passed mid-search
                self.undecided += units[i + lo:]
                return False
            if not hi_proven:
                self.undecided.append(units[i + lo])
            self._keep(i + lo)
            i, step = i + hi, max(1, lo)
        return True

    def _start(self, units: Sequence[Unit]) -> None:
        """Set up the tests of ``units``. Assumptions are built by slicing: the tail, the
        givens outside ``units`` and those kept since (:attr:`front`), then the untested
        units last to first (:attr:`backward`): those after a test's chunk are a prefix."""
        self._units, self._masks = units, [*map(mask_of, units)]
        self._cum = [*accumulate(self._masks, or_, initial=0)]  # [k]: the cells of units[:k]
        cells = [c for unit in reversed(units) for c in reversed(unit)]
        if self._cum[-1].bit_count() != len(cells):
            raise ValueError("units must not share cells")
        lits, inside = self.lits, self._cum[-1]
        self.front = [lits[c] for c in self.givens() if not inside >> c & 1]
        self._backward_cells, self._backward = cells, [*map(lits.__getitem__, cells)]
        # [k]: how many cells units[k:] have
        self._after = [len(cells) - k for k in accumulate(map(len, units), initial=0)]

    def _keep(self, k: int) -> None:
        """Unit k is kept: given for good, so a witness meeting it can never serve."""
        self.front += map(self.lits.__getitem__, self._units[k])
        witnesses = self.witnesses
        self.witnesses = [*compress(witnesses, map(not_, map(and_, witnesses,
                                                                repeat(self._masks[k]))))]

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
        given = self._given
        for unit in units:
            for cell in unit:
                given[cell] = value

    def _drop(self, start: int, end: int) -> None:
        """Units ``start`` to ``end`` − 1 are removed."""
        units = self._units[start:end]
        self._set(units, False)
        self._mask &= ~(self._cum[end] ^ self._cum[start])
        self.count -= sum(map(len, units))

    def _test(self, start: int, end: int) -> tuple[SolveResult, int]:
        """Is S still the only solution without units ``start`` to ``end`` − 1 (the chunk)?
        On SAT, also the index (from ``start``) of the last unit of the chunk where the
        second solution differs from S.

        A second solution known before (:attr:`witnesses`) answers SAT without a call when
        it differs from S only in cells that are no longer given.
        """
        left = self._mask & ~(self._cum[end] ^ self._cum[start])
        if self.witnesses:
            meets = [*map(and_, self.witnesses, repeat(left))]  # 0: nothing given there
            if 0 in meets:
                return SolveResult.SAT, self._last(start, end, self.witnesses[meets.index(0)])
        after = self._after
        assumptions = [*self.tail, *self.front, *self._backward[:after[end]]]
        time_left = self.deadline.left()
        if time_left == 0:
            return SolveResult.UNKNOWN, -1
        answer = self.session.solve(assumptions, time_limit=time_left,
                                    conflict_budget=self.conflicts)
        if answer is not SolveResult.SAT:
            return answer, -1
        if end - start < LEARN_FROM:  # no model fetched: bisection finds the unit
            return answer, end - start - 1
        model, chunk = self.session.model, slice(after[end], after[start])
        differs = mask_of(c for c, v in zip(self._backward_cells[chunk], self._backward[chunk],
                                            strict=True) if model[v - 1] < 0)
        self.witnesses.append(differs)
        return answer, self._last(start, end, differs)

    def _last(self, start: int, end: int, differs: int) -> int:
        """The index (from ``start``) of the last unit of the chunk that meets ``differs``."""
        masks = self._masks
        for k in range(end - 1, start - 1, -1):
            if masks[k] & differs:
                return k - start
        # the givens before the test had S as their only solution: this cannot happen
        raise AssertionError("a second solution agrees with every removed clue")

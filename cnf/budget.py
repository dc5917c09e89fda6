"""Budgets for building and solving a CNF: its size before it is spent, and a deadline.

Glossary: a :class:`Size` is (variables, clauses, literals) — of a whole formula, or of what
one step adds to it (then ``variables`` counts the auxiliary variables it allocates); a
:class:`SizeCounter` is a formula that counts what is added to it and keeps nothing, so that
encoding into it measures an encoding exactly without holding its clauses; :func:`memory`
turns a size into bytes (the formula held in Python plus the same clauses loaded into a
CDCL solver); a :class:`Deadline` is a point in time that work must end by.

>>> from cnf import at_most_one
>>> counter = SizeCounter(reserved=4)
>>> at_most_one(counter, [1, 2, 3, 4], "sequential")
>>> counter.size
Size(variables=3, clauses=8, literals=16)
>>> counter.clauses                    # nothing kept
[]
>>> memory(Size(0, 1_000_000, 2_000_000)) // 2 ** 20   # one million binary clauses, MiB
282
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from cnf.formula import Clause, Formula, Lit, no_collection


@dataclass(frozen=True)
class Size:
    """Variables, clauses and literals (``+`` adds sizes; ``*`` an int repeats one)."""

    variables: int = 0
    clauses: int = 0
    literals: int = 0

    def __add__(self, other: Size) -> Size:
        return Size(self.variables + other.variables, self.clauses + other.clauses,
                    self.literals + other.literals)

    def __mul__(self, times: int) -> Size:
        return Size(self.variables * times, self.clauses * times, self.literals * times)

    def __rmul__(self, times: int) -> Size:
        return self * times


#: Bytes per variable, clause and literal of a CNF built in Python (a list of ints per
#: clause, named auxiliary variables in the pool) and loaded into CaDiCaL, measured on this
#: machine (RSS before and after, on formulas of binary clauses, of 30-literal clauses and of
#: a million named variables; docs/encodings.md). They overestimate classic Sudoku CNFs by
#: 0–10 % (49x49: 3.4 GB estimated, 3.6 GB peak RSS including the first solve).
BYTES = Size(variables=400, clauses=200, literals=48)


def memory(size: Size) -> int:
    """Bytes that a formula of ``size`` takes in Python plus in the solver (see :data:`BYTES`)."""
    return (size.variables * BYTES.variables + size.clauses * BYTES.clauses
            + size.literals * BYTES.literals)


class SizeCounter(Formula):
    """A :class:`Formula` that counts the clauses and literals added, and keeps none.

    Variables are allocated from its pool as usual (names are kept: encodings that share
    variables by name behave as they would in a real formula). Counting costs as much time
    as encoding: made while a deadline :meth:`~Deadline.applies`, it raises TimeoutError
    once that deadline has passed (checked every :data:`_EVERY` additions).
    """

    def __init__(self, reserved: int = 0) -> None:
        super().__init__(reserved)
        self._clauses = self._literals = 0
        self._deadline, self._calls = applying(), 0

    def add(self, clause: Iterable[Lit]) -> None:
        self._count([clause if isinstance(clause, Sequence) else list(clause)])

    def extend(self, clauses: Iterable[Sequence[Lit]]) -> None:
        self._count(clauses)

    def add_owned(self, clauses: list[Clause]) -> None:
        self._count(clauses)

    def add_atmost(self, lits: Sequence[Lit], k: int) -> None:
        self._count([lits])

    def _count(self, clauses: Iterable[Sequence[Lit]]) -> None:
        if self._deadline is not None:
            self._calls += 1
            if self._calls % _EVERY == 0:
                self._deadline.check("estimating the CNF")
        count = literals = 0
        for clause in clauses:
            count += 1
            literals += len(clause)
        self._clauses += count
        self._literals += literals
        self._tally(count, literals)

    @property
    def size(self) -> Size:
        """What was added: auxiliary variables (beyond ``reserved``), clauses, literals."""
        return Size(self.num_vars - self.reserved, self._clauses, self._literals)


#: Freeing a formula cut short takes about this share of the time building it took (0.1 s
#: per second of building with the garbage collector on, 0.25 s off: measured on a 36x36
#: board): :meth:`Deadline.building` stops a build early enough for it.
FREE_SHARE = 0.3
#: Additions to a :class:`SizeCounter` between two looks at the deadline that applies.
_EVERY = 256
_APPLYING = threading.local()


def applying() -> Deadline | None:
    """The deadline that applies here (:meth:`Deadline.applies`), if any."""
    return getattr(_APPLYING, "deadline", None)


class Deadline:
    """The time by which work must end (``seconds`` from now, or from ``start``, an earlier
    :func:`time.perf_counter` reading when the work began; None: no deadline).

    >>> Deadline(None).left() is None, Deadline(60).expired
    (True, False)
    >>> Deadline(60, start=time.perf_counter() - 60).expired   # (began a minute ago)
    True
    >>> Deadline(0).check("building the CNF")
    Traceback (most recent call last):
    ...
    TimeoutError: time limit reached while building the CNF
    """

    def __init__(self, seconds: float | None, start: float | None = None) -> None:
        self.seconds = seconds
        if start is None:
            start = time.perf_counter()
        self.at = None if seconds is None else start + seconds

    def left(self) -> float | None:
        """Seconds left (never below 0), or None without a deadline."""
        return None if self.at is None else max(0.0, self.at - time.perf_counter())

    @property
    def expired(self) -> bool:
        return self.at is not None and time.perf_counter() >= self.at

    def check(self, what: str = "working") -> None:
        """Raise TimeoutError when the deadline has passed."""
        if self.expired:
            raise TimeoutError(f"time limit reached while {what}")

    @contextmanager
    def applies(self) -> Iterator[Deadline]:
        """Within the block, work that cannot be given a deadline by argument (a rule's
        estimate, counted into a :class:`SizeCounter`) is bound by this one.

        >>> with Deadline(0).applies():
        ...     counter = SizeCounter()
        ...     for _ in range(1000):
        ...         counter.add([1, 2])
        Traceback (most recent call last):
        ...
        TimeoutError: time limit reached while estimating the CNF
        """
        before = applying()
        _APPLYING.deadline = self if self.at is not None else before
        try:
            yield self
        finally:
            _APPLYING.deadline = before

    def afford(self, seconds: float, what: str = "working") -> None:
        """Raise TimeoutError now when work that cannot be interrupted, estimated to take
        ``seconds``, would end past the deadline (better to stop before than overrun).

        >>> Deadline(None).afford(1e9); Deadline(60).afford(1)
        >>> Deadline(1).afford(5, "encoding a rule")
        Traceback (most recent call last):
        ...
        TimeoutError: time limit reached while encoding a rule (it would take about 5 s)
        """
        left = self.left()
        if left is not None and seconds > left:
            raise TimeoutError(f"time limit reached while {what} (it would take about "
                               f"{seconds:.2g} s)")

    def leaving(self, share: float) -> Deadline:
        """The deadline for work that is undone when it is cut short (what it built freed:
        ``share`` of the time it took to build): early enough for the undoing to end by this
        one. A formula of lists takes ~0.25 s to free per second spent building it.

        >>> Deadline(None).leaving(0.25).at is None
        True
        >>> round(Deadline(10).leaving(0.25).left())
        8
        """
        left = self.left()
        return self if left is None else Deadline(left / (1 + share))

    @contextmanager
    def building(self) -> Iterator[Deadline]:
        """The deadline for a build of millions of small objects (a formula, constraint
        groups): within the block the garbage collector does not run
        (:func:`~cnf.formula.no_collection`: its passes paused such builds past a deadline);
        the deadline it gives stops early enough for freeing what was built
        (:data:`FREE_SHARE`) to end by this one; and a build cut short keeps what it made
        until :func:`free_deferred`, so that its caller answers first.

        >>> with Deadline(None).building() as within:
        ...     within.at is None
        True
        """
        try:
            with no_collection():
                yield self.leaving(FREE_SHARE)
        except TimeoutError as err:
            defer_freeing(err)
            raise

    def within(self, seconds: float) -> Deadline:
        """This deadline or ``seconds`` from now, whichever comes first.

        >>> Deadline(None).within(5).seconds, Deadline(1).within(5).seconds
        (5, 1)
        """
        if self.at is not None and self.at <= time.perf_counter() + seconds:
            return self
        return Deadline(seconds)



#: What the last piece of work cut short by its deadline had built (its exception, whose
#: traceback holds the frames that hold it): see :func:`defer_freeing`.
_deferred: list[BaseException] = []


def defer_freeing(err: BaseException) -> None:
    """Keep what the work that raised ``err`` had built (:meth:`Deadline.building`) until
    :func:`free_deferred` (or the next call): freeing a formula of millions of lists takes
    ~0.3 s per second spent building it, time that would run past the deadline that stopped
    the build. The caller answers first and frees afterwards (a command line that ends at
    once never frees it).
    At most one such piece is kept.

    >>> try:
    ...     Deadline(0).check("building")
    ... except TimeoutError as err:
    ...     defer_freeing(err)
    >>> len(_deferred), free_deferred(), len(_deferred)
    (1, None, 0)
    """
    _deferred[:] = [err]


def free_deferred() -> None:
    """Free what :func:`defer_freeing` kept."""
    _deferred.clear()

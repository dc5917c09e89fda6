"""One incremental SAT solver behind a small interface.

Glossary: *assumptions* are literals held true for one call only; an *activation literal*
``a`` guards a retractable clause ``(¬a ∨ C)``: assuming ``a`` switches C on, adding the unit
``¬a`` retires it for good. *Projected enumeration* blocks models on *primary* variables only,
so auxiliary variables of an encoding never produce duplicate solutions. A model is *forced*
when the solver found it without a single decision of its own: every value then follows by
unit propagation from the formula and the assumptions, so no other model exists (see
:meth:`Session.enumerate`).

>>> from cnf import Formula, exactly_one
>>> f = Formula(reserved=3)
>>> exactly_one(f, [1, 2, 3])
>>> with Session(f, backend="minisat22") as s:
...     s.solve([2]), s.true_among([1, 2, 3])
(<SolveResult.SAT: 'sat'>, [2])
"""

from __future__ import annotations

import atexit
import contextlib
import threading
import time
import weakref
from collections.abc import Iterator, Mapping, Sequence
from enum import Enum
from functools import cache
from typing import NoReturn

import pysolvers
from pysat.solvers import Solver, SolverNames

from cnf.budget import Deadline
from cnf.errors import CapabilityError, native_interrupt
from cnf.formula import Formula, Lit

DEFAULT_BACKEND = "cadical195"
#: Back-ends that ignore assumptions (unusable incrementally).
_ONE_SHOT = ("kissat",)
#: Back-ends with no interrupt(): time limits run as a loop of conflict budgets.
_NO_INTERRUPT = ("cadical",)
#: Back-ends that can neither be interrupted nor given a budget (no time limits at all).
_NO_LIMITS = ("lingeling",)
_FIRST_BUDGET = 2_000
#: Clauses loaded into the solver between two looks at the deadline (about 25 ms).
_LOAD_BLOCK = 50_000
#: Deleting a solver takes about this share of the time loading it took (CaDiCaL, 36x36:
#: 0.3 s for 3.6 s): a load cut short stops early enough for it.
_DELETE_SHARE = 0.1

#: Every session not yet closed, closed at exit while PySAT's module still stands (freed
#: later, in the interpreter's teardown, PySAT's ``__del__`` finds its C functions gone and
#: prints "Exception ignored … 'NoneType' object is not callable").
_OPEN: weakref.WeakSet[Session] = weakref.WeakSet()


@atexit.register
def _close_open_sessions() -> None:
    for session in list(_OPEN):
        session.close()


def leave_open_at_exit() -> None:
    """Close no session at exit: for a process that ends by :func:`os._exit` (no teardown,
    so no message), where closing a solver of millions of clauses would cost a second."""
    _OPEN.clear()
#: A session is worn (:attr:`Session.worn`) once its solving time reaches this many times
#: the time it took to build: renewing it then costs at most 1/40 of the time spent solving.
RENEW_FACTOR = 40
#: Back-ends whose ``decisions`` statistic counts the solver's own decisions only (CaDiCaL
#: assigns assumptions as pseudo-decisions that it does not count: ``decide()`` in
#: decide.cpp, 1.5.3 and 1.9.5), so that a call without a new decision found a forced model
#: — provided no variable took its value from variable elimination, which reconstructs
#: eliminated variables with values that are not forced: the option ``elim`` must be 0.
FORCED_MODELS = ("cadical153", "cadical195")


class SolveResult(str, Enum):
    """The answer of one call: SAT, UNSAT, or UNKNOWN when a budget ran out."""

    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


@cache
def backends() -> list[str]:
    """The back-ends this PySAT installation can run (``cadical195``, ``glucose4`` …).

    PySAT names some solvers that a build may lack (CryptoMiniSat needs an extra package):
    each name is tried once.

    >>> "cadical195" in backends()
    True
    """
    return [name for name in sorted(_names()) if _runs(name)]


@cache
def _names() -> frozenset[str]:
    """Every solver name PySAT knows (some may be missing from this build)."""
    return frozenset(name for name, aliases in vars(SolverNames).items()
                     if not name.startswith("_") and isinstance(aliases, tuple))


def _unknown(backend: str) -> CapabilityError:
    return CapabilityError(f"unknown SAT back-end {backend!r}; "
                           f"choose one of: {', '.join(backends())}")


def check_backend(backend: str) -> None:
    """CapabilityError unless PySAT knows ``backend`` and it can be used incrementally
    (cheap: no solver is made; a build lacking a solver PySAT knows fails later).

    >>> check_backend("kissat404")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cnf.errors.CapabilityError: back-end 'kissat404' ignores assumptions and cannot be ...
    """
    if backend not in _names():
        raise _unknown(backend)
    if backend.startswith(_ONE_SHOT):
        raise CapabilityError(f"back-end {backend!r} ignores assumptions and cannot be "
                              "used incrementally")


def _runs(name: str) -> bool:
    try:
        Solver(name=name).delete()
    except Exception:  # PySAT raises several kinds of error for a missing solver
        return False
    return True


@contextlib.contextmanager
def calls_end_before_interrupt() -> Iterator[None]:
    """Within the block, Ctrl-C (in the main thread) waits for the SAT call under way to
    return instead of cutting it: for work made of short calls (conflict budgets). PySAT
    otherwise makes Ctrl-C leave CaDiCaL by a long jump, after which even freeing the solver
    crashed the process now and then (SIGSEGV). Nested blocks are fine.

    >>> with calls_end_before_interrupt():
    ...     pass
    """
    from pysat import solvers

    check = solvers.MainThread.check
    solvers.MainThread.check = staticmethod(lambda: False)  # type: ignore[method-assign]
    try:
        yield
    finally:
        solvers.MainThread.check = check  # type: ignore[method-assign]


class Session:
    """An incremental solver loaded with a :class:`~cnf.Formula`.

    ``backend`` is any PySAT solver name; the default is CaDiCaL 1.9.5. ``options`` are
    the back-end's own settings by name (CaDiCaL's ``options.hpp``, e.g. ``{"chrono": 0}``);
    only back-ends PySAT can configure take them. Loading stops with TimeoutError (the solver
    freed) when ``deadline`` passes: it is checked between blocks of clauses.
    """

    def __init__(self, formula: Formula, backend: str = DEFAULT_BACKEND,
                 proof: bool = False, options: Mapping[str, int] | None = None,
                 deadline: Deadline | None = None) -> None:
        check_backend(backend)
        start = time.perf_counter()
        self.backend, self._proof, self._options = backend, proof, options
        self._can_stop = not backend.startswith(_NO_LIMITS)
        self._can_interrupt = not backend.startswith(_NO_INTERRUPT)
        self.formula = formula
        try:  # (trying every back-end first, as backends() does, would cost 5 ms)
            self._solver = Solver(name=backend, with_proof=proof)
            _OPEN.add(self)
        except Exception:  # PySAT raises several kinds of error for a missing solver
            if backend not in backends():
                raise _unknown(backend) from None
            raise
        if options:  # settings must precede the first clause
            configure = getattr(self._solver.solver, "configure", None)
            if configure is None:
                self._solver.delete()
                raise CapabilityError(f"back-end {backend!r} takes no options")
            configure(dict(options))
        self._load(formula.clauses, deadline)
        if formula.atmosts:
            if not self._solver.supports_atmost():
                self._solver.delete()
                raise CapabilityError(f"back-end {backend!r} has no native cardinality "
                                      "constraints; use minicard, gluecard3 or gluecard4")
            for lits, k in formula.atmosts:
                self._solver.add_atmost(lits, k)
        self.calls = 0
        self.solve_seconds = 0.0
        #: True after Ctrl-C inside a solver call: no more clauses (CaDiCaL would abort).
        self.spoiled = False
        self._top = formula.num_vars  # activation literals follow; the formula is not touched
        self._model: list[Lit] | None = None
        self._model_pending = False  # SAT, model not fetched yet (fetching costs ~20 µs)
        #: Whether :meth:`enumerate` can tell a forced model (see :data:`FORCED_MODELS`).
        self.sees_forced = backend in FORCED_MODELS and (options or {}).get("elim") == 0
        self.build_seconds = time.perf_counter() - start
        self._worn_at = RENEW_FACTOR * self.build_seconds

    def _load(self, clauses: list[list[Lit]], deadline: Deadline | None) -> None:
        if deadline is None or deadline.at is None:
            self._solver.append_formula(clauses)
            return
        deadline = deadline.leaving(_DELETE_SHARE)  # (deleting the solver cut short)
        for start in range(0, len(clauses), _LOAD_BLOCK):
            if deadline.expired:
                self._solver.delete()
                raise TimeoutError("time limit reached while loading the CNF into the solver")
            self._solver.append_formula(clauses[start:start + _LOAD_BLOCK])

    # -- lifecycle -----------------------------------------------------------------------
    def close(self) -> None:
        """Free the solver."""
        if self._solver is not None:
            self._solver.delete()
            self._solver = None  # type: ignore[assignment]

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def worn(self) -> bool:
        """Whether a new session on the same formula would now pay for itself.

        Over thousands of calls CaDiCaL slows down as learned clauses and retired activation
        variables pile up (9x9 puzzles one after another: 80 µs each at first, 140 µs after
        40,000; a fresh session stays at 80). Worn means the solving time so far has reached
        ``RENEW_FACTOR`` times the build time, so renewing costs little either way.

        Also worn: once the activation literals made (:meth:`activation`, e.g. one per
        enumeration that blocked a model) outnumber half the formula's variables. Each stays
        in every model fetched, which grows with them (9x9 checks one after another: a model
        of 729 variables became 1,400 on average, 2,300 at most, at ~20 ns a variable to fetch).
        """
        return (self.solve_seconds >= self._worn_at
                or self._top - self.formula.num_vars > self.formula.num_vars // 2)

    def renewed(self) -> Session:
        """A new session on the same formula, back-end and options (this one is closed).

        Clauses added to this session (not to the formula) are not carried over.
        """
        self.close()
        return Session(self.formula, self.backend, self._proof, self._options)

    # -- clauses and activation literals -------------------------------------------------
    def add_clause(self, clause: Sequence[Lit]) -> None:
        """Add a permanent clause (to the solver only, not to the formula)."""
        self._usable()
        self._solver.add_clause(list(clause))

    def activation(self) -> int:
        """A fresh activation literal, numbered right after the variables in use.

        (Far-away indices make solvers grow their arrays: measured 24× slower with CaDiCaL.)
        """
        self._top += 1
        return self._top

    def add_guarded(self, act: int, clause: Sequence[Lit]) -> None:
        """Add ``(¬act ∨ clause)``: active only while ``act`` is assumed."""
        self._usable()
        self._solver.add_clause([-act, *clause])

    def retire(self, act: int) -> None:
        """Switch off every clause guarded by ``act`` for good (nothing to do, and nothing
        done, on a spoiled session)."""
        if not self.spoiled:
            self._settle()
            self._solver.add_clause([-act])

    def _usable(self) -> None:
        if self.spoiled:
            raise CapabilityError("this session was interrupted inside a solver call and can "
                                  "take no more clauses; make a new one")
        self._settle()

    # -- solving -------------------------------------------------------------------------
    def solve(self, assumptions: Sequence[Lit] = (), time_limit: float | None = None,
              conflict_budget: int | None = None) -> SolveResult:
        """Solve under ``assumptions``; UNKNOWN when ``time_limit``/``conflict_budget`` ran out.

        CaDiCaL (conflict budgets sized to the deadline) and MiniSat (interrupt) stop on time;
        Glucose reads its interrupt flag and budgets only at restarts and may overrun.

        >>> from cnf import Formula
        >>> f = Formula(reserved=1); f.add([1])
        >>> with Session(f) as s:
        ...     s.solve([-1])
        <SolveResult.UNSAT: 'unsat'>
        """
        if (time_limit is not None or conflict_budget is not None) and not self._can_stop:
            raise CapabilityError(f"back-end {self.backend!r} cannot stop early: no time limit "
                                  "or budget; choose another back-end (e.g. cadical195)")
        start = time.perf_counter()
        self.calls += 1
        if not isinstance(assumptions, list):
            assumptions = list(assumptions)
        try:
            if time_limit is None and conflict_budget is None:
                answer: bool | None = self._solver.solve(assumptions=assumptions)
            elif time_limit is None:
                self._solver.conf_budget(conflict_budget)
                answer = self._solver.solve_limited(assumptions=assumptions)
            else:
                answer = self._solve_timed(assumptions, time_limit, conflict_budget)
        except pysolvers.error as err:
            self._interrupted(err)
        finally:
            self.solve_seconds += time.perf_counter() - start
        self._model, self._model_pending = None, bool(answer)
        if answer is None:
            return SolveResult.UNKNOWN
        return SolveResult.SAT if answer else SolveResult.UNSAT

    def _solve_timed(self, assumptions: list[Lit], time_limit: float,
                     conflict_budget: int | None) -> bool | None:
        if time_limit <= 0:  # (no time left: not even a first round of conflicts)
            return None
        deadline = Deadline(time_limit)
        if self._can_interrupt:
            timer = threading.Timer(max(time_limit, 0.0), self._solver.interrupt)
            timer.start()
            try:
                if conflict_budget is not None:
                    self._solver.conf_budget(conflict_budget)
                return self._solver.solve_limited(assumptions=assumptions,
                                                  expect_interrupt=True)
            finally:
                timer.cancel()
                self._solver.clear_interrupt()
        # No interrupt(): a loop of conflict budgets, each sized from the conflict rate
        # measured so far so that it ends near the deadline instead of overshooting it.
        budget, spent = _FIRST_BUDGET, 0
        while True:
            if conflict_budget is not None:
                budget = min(budget, conflict_budget - spent)
            started = time.perf_counter()
            self._solver.conf_budget(budget)
            answer = self._solver.solve_limited(assumptions=assumptions)
            spent += budget
            left = deadline.left()
            if answer is not None or not left:
                return answer
            if conflict_budget is not None and spent >= conflict_budget:
                return None
            rate = budget / max(time.perf_counter() - started, 1e-6)  # conflicts/s, last round
            budget = max(100, min(budget * 2, int(rate * left)))

    @property
    def model(self) -> list[Lit]:
        """The model of the last SAT call (fetched from the solver on first use)."""
        self._settle()
        if self._model is None:
            raise RuntimeError("no model: the last call was not SAT")
        return self._model

    def _settle(self) -> None:
        """Fetch a pending model before the solver changes (CaDiCaL forgets it on add)."""
        if self._model_pending:
            self._model, self._model_pending = self._solver.get_model(), False

    def true_among(self, variables: Sequence[int]) -> list[int]:
        """The variables among ``variables`` that are true in the last model."""
        model = self.model
        return [v for v in variables if model[v - 1] > 0]

    def core(self) -> list[Lit]:
        """The failed assumptions of the last UNSAT call (an unsat core, not minimal)."""
        return list(self._solver.get_core() or [])

    def propagate(self, assumptions: Sequence[Lit] = ()) -> tuple[bool, list[Lit]]:
        """Unit propagation only: (no conflict?, implied literals)."""
        self._settle()
        try:
            ok, lits = self._solver.propagate(assumptions=list(assumptions))
        except pysolvers.error as err:
            self._interrupted(err)
        return bool(ok), list(lits)

    def _interrupted(self, err: Exception) -> NoReturn:
        """Raise KeyboardInterrupt for PySAT's error for Ctrl-C inside a native call (the
        session is then spoiled: CaDiCaL aborts on any new clause), else ``err``."""
        if native_interrupt(err):
            self.spoiled = True
            raise KeyboardInterrupt from None
        raise err

    def stats(self) -> dict[str, float]:
        """Solver statistics (conflicts, decisions, propagations, restarts) and call counts."""
        out: dict[str, float] = dict(self._solver.accum_stats() or {})
        out["calls"] = self.calls
        out["solve_seconds"] = round(self.solve_seconds, 6)
        return out

    def set_phases(self, lits: Sequence[Lit]) -> None:
        """Prefer these polarities in later decisions (a hint to the search, not a constraint).

        Measured through PySAT: MiniSat and Glucose follow them (random phases, random
        models); CaDiCaL 1.9.5 returned the same model whatever the phases.
        """
        self._solver.set_phases(list(lits))

    def proof(self) -> list[str]:
        """The DRAT proof lines (only for sessions created with ``proof=True``)."""
        try:
            return list(self._solver.get_proof() or [])
        except NotImplementedError as err:
            raise CapabilityError(f"back-end {self.backend!r} produces no proofs") from err

    # -- enumeration ---------------------------------------------------------------------
    def enumerate(self, primary: Sequence[int], assumptions: Sequence[Lit] = (),
                  limit: int | None = None, time_limit: float | None = None,
                  block_true_only: bool = False,
                  stop_when_forced: bool = False) -> Iterator[list[int]]:
        """Yield the distinct projections onto ``primary`` of the models, as true variables.

        Blocking clauses mention ``primary`` only and sit behind one activation literal that
        is retired afterwards, so the session is as good as new for later calls.
        ``block_true_only`` blocks with the true primary variables alone — shorter clauses,
        valid when every model sets the same number of them (e.g. one digit per cell). Raises
        :class:`TimeoutError` when ``time_limit`` runs out before the enumeration ends.

        ``stop_when_forced``: when the session :attr:`sees_forced` models and the first one
        came without a decision (every variable propagated from the formula and the
        assumptions), it is the only one: the enumeration ends after it, without the call
        that would prove it.

        >>> from cnf import Formula, at_most_one
        >>> f = Formula(reserved=3)
        >>> at_most_one(f, [1, 2, 3], "sequential")
        >>> with Session(f) as s:
        ...     sorted(s.enumerate([1, 2, 3]))
        [[], [1], [2], [3]]
        """
        # The blocking clauses sit behind an activation literal, made when the first one is
        # added: a call that finds no model or a forced one (a unique puzzle) leaves no
        # variable behind. (A call without assumptions gets it from the start: with none,
        # CaDiCaL may try "lucky" assignments, decisions it does not count.)
        assumptions = list(assumptions)
        act = None if assumptions else self.activation()
        deadline = Deadline(time_limit)
        # Primary variables 1..k (the usual case) are the first k entries of a model (PySAT
        # puts ±v at index v − 1): one pass over them, not k look-ups.
        first = (isinstance(primary, range) and primary.start == 1 and primary.step == 1
                 and primary.stop - 1)
        decisions = None
        if stop_when_forced and self.sees_forced:
            decisions = self._solver.accum_stats()["decisions"]
        try:
            found = 0
            while limit is None or found < limit:
                left = deadline.left()
                if left == 0:
                    raise TimeoutError("time limit reached during enumeration")
                result = self.solve([*assumptions, act] if act else assumptions,
                                    time_limit=left)
                if result is SolveResult.UNKNOWN:
                    raise TimeoutError("time limit reached during enumeration")
                if result is SolveResult.UNSAT:
                    return
                model = self.model
                if first:
                    true_vars = [v for v in (model if len(model) == first else model[:first])
                                 if v > 0]
                else:
                    true_vars = [v for v in primary if model[v - 1] > 0]
                if decisions is not None and not found:
                    if self._solver.accum_stats()["decisions"] == decisions:
                        yield true_vars  # forced: the only model
                        return
                    decisions = None
                found += 1
                if limit is not None and found >= limit:
                    yield true_vars  # the last one wanted: nothing to block
                    return
                act = act or self.activation()
                if block_true_only:
                    self.add_guarded(act, [-v for v in true_vars])
                else:
                    self.add_guarded(act, [-v if model[v - 1] > 0 else v for v in primary])
                yield true_vars
        finally:
            if act:
                self.retire(act)

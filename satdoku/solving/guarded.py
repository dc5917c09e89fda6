"""Rules switched on and off in a running solver: each one behind its own selector literal.

A rule is encoded on its own (its regions and its clauses, exactly as the encoding pipeline
would) into a scratch formula, and every clause goes into the session as ``(¬s ∨ C)`` with a
fresh *selector* s; its auxiliary variables are renumbered to fresh session variables. A
call that assumes s has the rule; a call that does not, has not: adding, dropping or
replacing a rule (a killer cage split in two, say) costs no rebuild.

:class:`GuardedSession` adds the question generators ask: with the known solution S blocked
behind an activation literal, "do these rules leave S as the only solution?" is one call
under their selectors (UNSAT: yes; SAT: :meth:`GuardedSession.second` is another solution).

Glossary: a *selector* is an activation literal (:meth:`cnf.Session.activation`) that
guards one rule's clauses; assume it to switch the rule on.

>>> from cnf import Session, SolveResult
>>> from satdoku.board import Board
>>> from satdoku.encoding import build
>>> from satdoku.rules import Cage, KillerCages
>>> board = Board.classic(4)
>>> with Session(build(board)) as session:
...     s = add_guarded_rule(session, board, KillerCages((Cage((0, 1), 3),)))
...     with_cage = session.solve([s, cell_var(board, 0, 4)])
...     without = session.solve([cell_var(board, 0, 4)])
>>> with_cage.value, without.value
('unsat', 'sat')
"""

from __future__ import annotations

from collections.abc import Sequence

from cnf import AMO, Formula, Session, SolveResult
from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, Encoding, add_region_constraints
from satdoku.rules import Grid, Rule, cell_var, grid_literals

__all__ = ["GuardedSession", "add_guarded_rule", "cell_var"]


def add_guarded_rule(session: Session, board: Board, rule: Rule,
                     encoding: Encoding = DEFAULT_ENCODING, amo: AMO = DEFAULT_AMO) -> int:
    """Add ``rule`` to ``session`` behind a new selector and return the selector.

    ``session`` must hold a formula of ``board`` (cell variables ``1..n³``). Several rules
    added this way share no auxiliary variables, whatever their names.
    """
    rule.check_board(board)
    cells = board.num_cell_vars
    scratch = Formula(reserved=cells)
    add_region_constraints(scratch, board, (rule,), Encoding(encoding), AMO(amo))
    rule.encode(board, scratch, AMO(amo))
    if scratch.atmosts:  # native cardinality (amo="native") cannot be guarded clause-wise
        raise ValueError("guarded rules need a clausal at-most-one (not amo=native)")
    selector = session.activation()
    fresh: dict[int, int] = {}
    for clause in scratch.clauses:
        out = [-selector]
        for lit in clause:
            var = abs(lit)
            if var > cells:
                if var not in fresh:
                    fresh[var] = session.activation()
                var = fresh[var]
            out.append(var if lit > 0 else -var)
        session.add_clause(out)
    return selector


class GuardedSession:
    """Rules of the grid ``solution`` switched on and off in ``session`` (a session of the
    board's formula), with ``solution`` blocked: :meth:`unique` tests a set of rules.

    ``deadline`` (:class:`~cnf.budget.Deadline`) bounds every test; ``conflicts`` each test by
    default. ``givens`` (cells) keep their digits of ``solution`` in every test (a template's
    kept givens), and so do the rules whose selectors are in :attr:`extra`.

    >>> from satdoku.encoding import build
    >>> from satdoku.rules import Cage, KillerCages
    >>> board = Board.classic(4)
    >>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    >>> with Session(build(board)) as session:
    ...     guarded = GuardedSession(session, board, grid, givens=range(8))
    ...     alone = guarded.unique([])                            # rows 3-4: 2 ways
    ...     sums = guarded.unique([KillerCages((Cage((12, 13), 7),))])  # 4+3, not 2+1
    >>> alone.value, sums.value
    ('sat', 'unsat')
    """

    def __init__(self, session: Session, board: Board, solution: Grid,
                 encoding: Encoding = DEFAULT_ENCODING, amo: AMO = DEFAULT_AMO,
                 deadline: Deadline | None = None, conflicts: int | None = None,
                 givens: Sequence[int] = ()) -> None:
        self.session, self.board, self.solution = session, board, solution
        self.givens: list[int] = []  # assumed in every test
        self.keep_givens(givens)
        self.encoding, self.amo = encoding, AMO.PAIRWISE if amo is AMO.NATIVE else amo
        self.deadline, self.conflicts = deadline or Deadline(None), conflicts
        #: Conflicts of a test that drops a rule or merges two (the generators' last passes,
        #: whose tests are nearly all SAT): ``conflicts`` unless set; None for no limit.
        self.drop_conflicts = conflicts
        #: Selectors assumed in every test (rules that stay whatever is tested).
        self.extra: list[int] = []
        self._selectors: dict[Rule, int] = {}
        self.act = session.activation()  # S blocked: UNSAT means S is the only solution
        session.add_guarded(self.act, [-lit for lit in grid_literals(board, solution)])

    def keep_givens(self, cells: Sequence[int]) -> None:
        """From now on, ``cells`` keep their digits of the solution in every test (instead of
        the givens so far)."""
        n = self.board.n
        self.givens = [i * n + self.solution[i] for i in cells]

    def guard(self, rule: Rule) -> int:
        """The selector of ``rule`` (its clauses are added on first use)."""
        if rule not in self._selectors:
            self._selectors[rule] = add_guarded_rule(self.session, self.board, rule,
                                                     self.encoding, self.amo)
        return self._selectors[rule]

    def left(self) -> float | None:
        """Seconds to the deadline (None: no deadline)."""
        return self.deadline.left()

    def expired(self) -> bool:
        return self.deadline.expired

    def unique(self, rules: Sequence[Rule], conflicts: int | None = None) -> SolveResult:
        """Is S the only solution with ``rules`` (and the session's, and :attr:`extra`)?
        UNSAT: yes; SAT: no (:meth:`second`); UNKNOWN: ``conflicts`` (default: the
        session's budget) or the deadline ran out."""
        return self.solve([self.guard(rule) for rule in rules],
                          self.conflicts if conflicts is None else conflicts)

    def solve(self, selectors: Sequence[int], conflicts: int | None) -> SolveResult:
        """One test under ``selectors`` (see :meth:`unique`)."""
        left = self.left()
        if left == 0:
            return SolveResult.UNKNOWN
        return self.session.solve([*self.givens, *self.extra, *selectors, self.act],
                                  time_limit=left, conflict_budget=conflicts)

    def model(self) -> list[int]:
        """The model of the last SAT test."""
        return self.session.model

    def second(self) -> Grid:
        """The other solution found by the last SAT test."""
        model, n = self.model(), self.board.n
        return tuple(next(d for d in range(1, n + 1) if model[i * n + d - 1] > 0)
                     for i in self.board.cells)

    def close(self) -> None:
        """Retire the blocking clause (the selectors stay usable)."""
        self.session.retire(self.act)

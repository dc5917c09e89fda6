"""Difficulty: how strong an inference solves the puzzle with no search at all.

Glossary: *level 0* is unit propagation on the extended encoding — naked and hidden
singles; *level k* is failed-literal probing nested k deep: a candidate whose placement
leads to a contradiction under level k−1 is struck out, until nothing more fails (the
fixpoint does not depend on the order of the probes). A puzzle's level is the lowest one
that fills the grid. *Rounds* count how often, at that level, every open candidate had to be
probed against the same grid before the grid filled — starting from where level k−1
stalled: a finer grade within a level.

The solver statistics (conflicts, decisions, propagations) come from one solve by a fresh
solver on the user's encoding and back-end, so they do not depend on what the shared
session learnt from earlier puzzles (loading it costs ≈ 5 ms at 9×9).

The probes run on a session of their own, built with the extended encoding whatever the
user's encoding, on which nothing is ever solved: clauses learnt by solving would make unit
propagation stronger than the encoding and the rating would depend on the puzzles analysed
before. Its back-end is MiniSat, whose ``propagate`` measured 9× faster than CaDiCaL 1.9.5's.

>>> from satdoku.formats import parse_puzzle
>>> rate(parse_puzzle("1.34 34.2 2.43 43.1")).level       # singles only
0
>>> d = rate(parse_puzzle("1... ..1. .2.. ...2"))         # four solutions: no grade
>>> d.level, d.at_least
(None, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cnf import AMO, Formula, Session
from cnf.budget import Deadline
from satdoku.analyse.status import solve_within
from satdoku.board import Board
from satdoku.encoding import Encoding, build
from satdoku.puzzle import Puzzle
from satdoku.rules import Rule

#: The statistics a solve reports.
STAT_KEYS = ("conflicts", "decisions", "propagations")
PROBE_BACKEND = "minisat22"
MAX_LEVEL = 2
#: Unit propagations a rating may spend (≈ 20 µs each on a 9×9 board).
PROBE_BUDGET = 50_000


@dataclass(frozen=True)
class Difficulty:
    """The level (None: not determined), the lowest level not ruled out, the rounds at
    that level, the unit propagations spent, and whether the budget ran out."""

    level: int | None
    at_least: int
    rounds: int
    probes: int
    exhausted: bool = False


class _OutOfBudget(Exception):
    pass


@lru_cache(maxsize=8)
def probe_session(board: Board, rules: tuple[Rule, ...] = ()) -> Session:
    """The propagation-only session for ``board`` and ``rules`` (cached; never solved on).

    >>> probe_session(Board.classic(4)).propagate([1])[0]
    True
    """
    return Session(build(board, rules, Encoding.EXTENDED, AMO.PAIRWISE), PROBE_BACKEND)


class _Prober:
    """Nested failed-literal probing over one puzzle's cell variables."""

    def __init__(self, session: Session, board: Board, budget: int,
                 deadline: Deadline | None = None) -> None:
        self.session, self.budget = session, budget
        self.deadline = deadline or Deadline(None)
        self.cells = range(1, board.num_cell_vars + 1)
        self.count = board.num_cells
        self.calls = 0
        # Literals fixed by unit clauses: solvers leave them out of what propagate() reports
        # (a 1x1 board is nothing but units).
        self.fixed = {c[0] for c in session.formula.clauses if len(c) == 1}

    def propagate(self, lits: list[int]) -> tuple[bool, set[int]]:
        self.calls += 1
        if self.calls > self.budget:
            raise _OutOfBudget
        self.deadline.check("rating the difficulty")
        ok, implied = self.session.propagate(lits)
        return ok, {*implied, *lits, *self.fixed}

    def solved(self, implied: set[int]) -> bool:
        return sum(1 for v in self.cells if v in implied) == self.count

    def open(self, implied: set[int]) -> list[int]:
        return [v for v in self.cells if v not in implied and -v not in implied]

    def closure(self, lits: list[int], level: int) -> set[int] | None:
        """The literals known once probing at ``level`` from ``lits`` stalls (None: a
        contradiction)."""
        ok, implied = self.propagate(lits)
        if not ok or level == 0:
            return implied if ok else None
        lits, changed = list(lits), True
        while changed:
            changed, safe = False, set()
            for v in self.open(implied):
                if v in safe or v in implied or -v in implied:
                    continue
                after = self.closure([*lits, v], level - 1)
                if after is not None:
                    safe.update(after)  # see failed()
                    continue
                lits.append(-v)
                ok, implied = self.propagate(lits)
                if not ok:
                    return None
                changed, safe = True, set()
        return implied

    def failed(self, lits: list[int], implied: set[int], level: int) -> list[int]:
        """The open candidates whose placement fails at ``level``, all against ``lits``.

        A candidate that some non-failing probe implied is skipped: what it implies, that
        probe implied too, so it cannot fail either.
        """
        found: list[int] = []
        safe: set[int] = set()
        for v in self.open(implied):
            if v in safe:
                continue
            after = self.closure([*lits, v], level)
            if after is None:
                found.append(v)
            else:
                safe.update(after)
        return found

    def rounds(self, lits: list[int], level: int) -> tuple[int | None, list[int]]:
        """Rounds of probing at ``level`` that fill the grid (None when it stalls), and the
        literals known at the end (the fixpoint, where it stalled)."""
        rounds, (ok, implied) = 0, self.propagate(lits)
        while ok and not self.solved(implied):
            failed = self.failed(lits, implied, level - 1) if level else []
            if not failed:
                return None, lits
            lits = lits + [-v for v in failed]
            rounds += 1
            ok, implied = self.propagate(lits)
        return (rounds if ok else None), lits


def rate(puzzle: Puzzle, max_level: int = MAX_LEVEL, budget: int = PROBE_BUDGET,
         deadline: Deadline | None = None) -> Difficulty:
    """The lowest probing level (0 … ``max_level``) that solves ``puzzle`` with no search.

    A puzzle without exactly one solution never fills by inference: its level stays None.
    TimeoutError when ``deadline`` passes first.
    """
    prober = _Prober(probe_session(puzzle.board, puzzle.rules), puzzle.board, budget,
                     deadline)
    lits = puzzle.assumptions()
    for level in range(max_level + 1):
        try:  # each level starts where the one below stalled
            rounds, lits = prober.rounds(lits, level)
        except _OutOfBudget:
            return Difficulty(None, level, 0, budget, exhausted=True)
        if rounds is not None:
            return Difficulty(level, level, rounds, prober.calls)
    return Difficulty(None, max_level + 1, 0, prober.calls)


def solve_stats(puzzle: Puzzle, formula: Formula, backend: str,
                deadline: Deadline | None = None) -> dict[str, int]:
    """Conflicts, decisions and propagations of one solve of ``puzzle`` by a fresh solver
    (TimeoutError when ``deadline`` passes first).

    >>> from satdoku.formats import parse_puzzle
    >>> from satdoku.solving.solver import solver_for
    >>> p = parse_puzzle("1.34 34.2 2.43 43.1")
    >>> solve_stats(p, solver_for(p.board).formula, "cadical195")["conflicts"]
    0
    """
    with Session(formula, backend, deadline=deadline) as session:
        solve_within(session, puzzle.assumptions(), deadline)
        stats = session.stats()
    return {key: int(stats.get(key, 0)) for key in STAT_KEYS}

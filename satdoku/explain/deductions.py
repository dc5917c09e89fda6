"""The generic search over several groups: layers 2 (deductions, searched by size) and 3
(trial and error) of the step search (:mod:`.search`, whose docstring and docs/explain.md,
*How the next step is found*, describe them), as a mixin of
:class:`~satdoku.explain.search.Search`: its state (facts, sessions, the growth kept per
position) lives on the search.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.groups import constraint_groups
>>> from satdoku.explain.search import Search
>>> p = parse_puzzle("1... .... .... ...1")
>>> s = Search(constraint_groups(p.board), p, None)
>>> s.refutes(s.orders(1)[0], -5)  # (r1c2≠1: its row holds the 1)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cnf import Formula, Session, SolveResult
from cnf.budget import Deadline
from satdoku.explain.groups import Group, Groups
from satdoku.explain.steps import (
    DEDUCTION,
    TRIAL,
    Step,
    cell_digit,
    guarded,
    minimal_subset,
    unsat_core,
)
from satdoku.rules import Grid

if TYPE_CHECKING:
    from satdoku.board import Board

#: Propagation and cores: MiniSat (its propagate measured 9× faster than CaDiCaL's).
BACKEND = "minisat22"
#: Sets of groups found in the same round that are shrunk to minimal subsets, per step.
SHORTLIST = 6
#: Past steps of this many groups, only the ``BEAM`` most promising literals (the fewest
#: groups left to choose from) keep growing.
SMALL, BEAM = 4, 40
#: Boards this big (digits) prove a deduction's minimal subset on a session of its groups
#: only (:meth:`Deductions._session_of`); smaller ones on the session of every group, where a
#: satisfiable call is cheap (9×9) and loading a variant's groups is not (17 ms a step on
#: examples/chess.json, whose anti-knight and anti-king groups are large).
SMALL_SESSION_SIZE = 12
#: Trial steps: literals proved by search, and the conflicts each may spend.
TRIAL_CANDIDATES = 12
TRIAL_BUDGET = 20_000
#: Trial steps: the smallest cores shrunk to minimal subsets. One: a trial core on a variant
#: puzzle holds ~100 groups and ~270 facts, and shrinking it is a hundred solver calls that
#: each need search (32 s CPU on examples/little-killer.json); the second smallest core was
#: shrunk too before issue 28's limits, doubling that for a possibly lighter step.
TRIAL_SHORTLIST = 1


class Inconsistent(Exception):
    """The facts contradict a constraint (wrong pencil marks, or no solution)."""


class Deductions:
    """Deductions and trial steps, for :class:`~satdoku.explain.search.Search` (a mixin:
    the attributes and methods declared here are the search's)."""

    board: Board
    groups: Groups
    solution: Grid | None
    facts: set[int]
    n: int
    bare: Session
    known: Session
    mus: Session
    selector_of: dict[int, int]
    _refuted: tuple[int, list[int]] | None
    _ever_refuted: set[int]
    _banned: tuple[int, set[int]]
    _growth: tuple[int, list[_Progression], list[int], list] | None
    _order: dict[int, tuple[list[int], list[int]]]
    _guarded: dict[int, list[list[int]]]

    if TYPE_CHECKING:
        def proof(self, deadline: Deadline | None) -> Session: ...
        def facts_in(self, cells: tuple[int, ...]) -> list[int]: ...
        def open_literals(self) -> list[int]: ...
        def reading(self, groups: Sequence[Group]) -> list[Group]: ...
        def finish(self, groups: list[Group], facts: list[int], lit: int, method: str,
                   others: list[int], deadline: Deadline | None = None) -> Step: ...

    def orders(self, cell: int) -> tuple[list[int], list[int]]:
        """Two preference orders over every group's selector for a literal of ``cell``:
        the groups through the cell, then those sharing a cell with them, then the rest;
        within each ring, constraints other than cells first (one order) or last (other)."""
        if cell in self._order:
            return self._order[cell]
        groups, of_cell = self.groups.groups, self.groups.of_cell
        ring0 = set(of_cell[cell])
        ring1 = {h for g in ring0 for i in groups[g].cells for h in of_cell[i]} - ring0
        rings = [sorted(ring0, key=lambda gi: (groups[gi].kind != "cell", gi)), sorted(ring1),
                 sorted(set(range(len(groups))) - ring0 - ring1)]
        out = []
        for cells_last in (True, False):
            order = list(rings[0])
            for ring in rings[1:]:
                order += sorted(ring, key=lambda gi: (groups[gi].kind == "cell") == cells_last)
            out.append([groups[gi].selector for gi in order])
        self._order[cell] = (out[0], out[1])
        return self._order[cell]

    def refutes(self, sels: list[int], lit: int) -> bool:
        """Whether unit propagation refutes ``¬lit`` from the facts and the groups ``sels``.

        ``¬lit`` is assumed first, then the selectors in order: MiniSat propagates after
        each assumption and stops at the first conflict, so the groups after the ones that
        suffice are never switched on (switching a group on visits its clauses: this call
        is the search's main cost). Whether propagation conflicts does not depend on the
        order (its fixpoint is the same)."""
        return not self.known.propagate([-lit, *sels])[0]

    def shortest_refuting(self, lit: int, chosen: list[int], order: list[int]) -> int | None:
        """The length of the shortest prefix of ``order`` (selectors) that refutes ``¬lit``
        by unit propagation together with the groups ``chosen`` and the facts; None when
        all of ``order`` does not.

        One propagation call: ``¬lit``, ``chosen``, then ``order`` are assumed one after
        the other, MiniSat propagating to the fixpoint after each and stopping at the first
        conflict, so the last selector it switched on ends the shortest refuting prefix
        (propagation is monotone and its fixpoint does not depend on the order). A selector
        that propagation already set false (a clause of its group is false) is the end too:
        switching it on conflicts at once. The same answer as a binary search over the
        prefixes, in one call instead of a dozen."""
        assumed = [-lit, *chosen, *order]
        ok, trail = self.known.propagate(assumed)
        if ok:
            return None
        seen = set(trail)
        # The assumptions it switched on are a prefix of ``assumed`` (a selector is never
        # set true by propagation): the first one missing, by bisection.
        lo, hi = 0, len(assumed)
        while lo < hi:
            mid = (lo + hi) // 2
            if assumed[mid] in seen:
                lo = mid + 1
            else:
                hi = mid
        if lo == len(assumed):
            return len(order)
        switched = max(0, lo - 1 - len(chosen))  # the selectors of ``order`` switched on
        if -assumed[lo] in seen:
            # Set false by the last propagation: either it conflicted (those switched on
            # refute) or it reached its fixpoint and then this selector could not be
            # switched on (one more refutes). The call does not say which.
            return switched if self.refutes([*chosen, *order[:switched]], lit) \
                else switched + 1
        return switched

    def _deduction(self, deadline: Deadline | None, most: int | None = None) -> Step | None:
        """Refutable literals, searched by size: every candidate grows its minimal set by
        one group per round (in both preference orders); the first round that completes
        some sets gives the steps with the fewest groups this search can find. With
        ``most``, None when no set completes within ``most`` groups."""
        candidates = self.open_literals()
        if self._refuted is None or self._refuted[0] != len(self.facts):
            # A literal refuted once stays refuted (facts only grow, propagation is
            # monotone): only the others are tried again.
            before = self._ever_refuted
            refuted: list[int] = []
            for k, x in enumerate(candidates):  # (thousands on a 16x16 that is not unique)
                if k % 256 == 0 and deadline is not None:
                    deadline.check("looking for the next step")
                # (in a preference order: propagation stops at the conflict, early)
                if x in before or self.refutes(self.orders(cell_digit(self.board, x)[0])[0], x):
                    refuted.append(x)
            before.update(refuted)
            self._refuted = (len(self.facts), refuted)
        refuted = self._refuted[1]
        if self._banned[0] == len(self.facts):
            refuted = [x for x in refuted if x not in self._banned[1]]
            candidates = [x for x in candidates if x not in self._banned[1]]
        if not refuted:
            if most is not None or self.solution is None or not candidates:
                return None  # no trial steps without a solution to aim at
            return self._trial(candidates, deadline)
        # The growth is kept per position, so that a search capped at ``most`` groups
        # (variant puzzles: 2, then 4) goes on where it stopped when asked again.
        if self._growth is None or self._growth[0] != len(self.facts):
            growing = [_Progression(self, x, order) for x in refuted
                       for order in self.orders(cell_digit(self.board, x)[0])]
            self._growth = (len(self.facts), growing, [0], [])
        _, growing, rounds, found = self._growth
        while not found:
            # The sets of this size that refute are done (the shortest refuting prefix of
            # their order is empty): the first round that completes some gives the step.
            found.extend((p.lit, p.chosen) for p in growing if p.end() == 0)
            if found:
                break
            if rounds[0] >= SMALL and len(growing) > BEAM:  # past small steps: a beam
                growing[:] = sorted(growing, key=lambda p: len(p.rest))[:BEAM]
            if most is not None and rounds[0] >= most:
                return None
            rounds[0] += 1
            for p in growing:
                p.grow()
            if deadline is not None and deadline.expired:
                first = (min(growing, key=lambda p: len(p.rest))
                         if rounds[0] >= SMALL and len(growing) > BEAM else growing[0])
                found.append((first.lit, first.chosen + first.rest))
        if most is not None and min(len(c) for _, c in found) > most:
            return None
        by_sel = self.selector_of
        unique = {(x, tuple(sorted(c))): c for x, c in found}
        return self._cheapest([(x, [by_sel[s] for s in c]) for (x, _), c in unique.items()],
                              DEDUCTION, refuted, deadline)

    def _cheapest(self, found: list[tuple[int, list[int]]], method: str,
                  others: list[int], deadline: Deadline | None = None) -> Step:
        """Shrink each (literal, group indices) to a minimal subset of groups and facts; the
        cheapest one, with the other literals it refutes, is the step.

        Deductions are shrunk by propagation first (:meth:`_followable`: ~30 µs a call),
        ranked by what is left, and only the cheapest is shrunk by the SAT solver (proving
        each kept item needed is a satisfiable call, ~0.5 ms on a 16×16 board: shrinking
        every shortlisted set that way was half of a 16×16 path). Trial steps are shrunk by
        the solver, on :meth:`proof`."""
        best: tuple | None = None
        for x, gis in found[:SHORTLIST]:
            gs = sorted((self.groups.groups[gi] for gi in gis),
                        key=lambda g: (-len(g.cells), g.index))
            cells = tuple(sorted({i for g in gs for i in g.cells}))
            if method == DEDUCTION:
                if deadline is not None:
                    deadline.check("proving a step")
                gs, fs, core = self._followable(x, gs, self.facts_in(cells))
                key = ((len(gs), len(fs)), x < 0, abs(x))
                shrunk = (gs, core)
            else:
                found_subset = minimal_subset(self.mus, gs, self.facts_in(cells), [x], deadline,
                                              self.proof(deadline), reading=self.reading)
                assert found_subset is not None, "groups that do not imply the literal"
                shrunk = found_subset
                key = ((len(shrunk[0]), len(shrunk[1])), x < 0, abs(x))
            if best is None or key < best[0]:
                best = (key, x, shrunk)
        assert best is not None
        _, x, (gs, fs) = best
        if method == DEDUCTION:  # its groups, and the facts of the core: minimal for the solver
            if self.n >= SMALL_SESSION_SIZE:
                with self._session_of(gs) as small:
                    proved = minimal_subset(small, gs, fs, [x], deadline, reading=self.reading)
            else:
                proved = minimal_subset(self.mus, gs, fs, [x], deadline, reading=self.reading)
            assert proved is not None, "a refutation the solver does not confirm"
            gs, fs = proved
        return self.finish(gs, fs, x, method, others, deadline)

    def _session_of(self, gs: list[Group]) -> Session:
        """A session holding only ``gs`` and their reading, guarded, over the puzzle's
        variables: a minimal subset of a deduction (a few tens of groups) is proved there.
        Each satisfiable call (an item proved needed) assigns only these groups' variables:
        the 16×16 path took 38.1 s CPU with the session of every group, 32.9 s with these
        (loaded once a step), both runs at the same time."""
        small = Formula(reserved=self.groups.formula.num_vars)
        for g in [*gs, *self.reading(gs)]:
            if g.index not in self._guarded:
                self._guarded[g.index] = guarded([g])
            small.add_owned(self._guarded[g.index])  # (shared, never changed)
        return Session(small, BACKEND)

    def _followable(self, x: int, gs: list[Group], facts: list[int]
                    ) -> tuple[list[Group], list[int], list[int]]:
        """A subset of ``gs`` and ``facts`` from which unit propagation refutes ``¬x`` and
        none of whose groups or facts can go without breaking that: a forcing net a person
        can follow; and the facts of the solver's unsat core. The facts are first cut to
        that core (one call, settled by propagation), then groups (all those facts on) and
        then facts (the kept groups and their reading on, :meth:`reading`) are dropped in
        turn while propagation still refutes. Groups go first, as in
        :func:`~.steps.minimal_subset`, which takes the groups kept and the core's facts
        (the groups need them without the reading)."""
        core = set(unsat_core(self.mus, [x], [*(g.selector for g in gs), *facts]) or ())
        sels = [g.selector for g in gs if g.selector in core]
        kept = [f for f in facts if f in core]

        def refuted(selectors: list[int], fs: list[int]) -> bool:
            return not self.bare.propagate([*selectors, *fs, -x])[0]

        sels = _drop_while(sels, lambda rest: refuted(rest, kept))
        chosen = set(sels)
        groups = [g for g in gs if g.selector in chosen]
        read = [g.selector for g in self.reading(groups)]
        core_facts = kept
        kept = _drop_while(kept, lambda rest: refuted([*sels, *read], rest))
        return groups, kept, core_facts

    def _trial(self, candidates: list[int], deadline: Deadline | None) -> Step:
        """No literal is refuted by propagation: among the literals the SAT solver refutes
        within a conflict budget (cells with the fewest candidates first), the ones with
        the smallest cores are shrunk (:data:`TRIAL_SHORTLIST`: the smallest one), and the
        cheapest is the step; its groups are shrunk on ``proof``, which holds the facts as
        unit clauses (:func:`~.steps.minimal_subset`)."""
        by_sel = self.selector_of
        left = {i: sum(1 for x in candidates if cell_digit(self.board, x)[0] == i)
                for i in self.board.cells}
        candidates = sorted(candidates, key=lambda x: (left[cell_digit(self.board, x)[0]], x > 0))
        cores: list[tuple[int, int, list[int]]] = []
        proof = self.proof(deadline)
        for k, x in enumerate(candidates):
            order = self.orders(cell_digit(self.board, x)[0])[0]
            budget = None if k == len(candidates) - 1 and not cores else TRIAL_BUDGET
            if proof.solve([-x, *order], conflict_budget=budget) is SolveResult.UNSAT:
                core = set(proof.core())
                gis = [by_sel[s] for s in order if s in core]
                cores.append((len(gis), x, gis))
            if len(cores) >= TRIAL_CANDIDATES or (
                    deadline is not None and deadline.expired and cores):
                break
        if not cores:
            raise Inconsistent("no literal could be proved")
        cores.sort()
        return self._cheapest([(x, gis) for _, x, gis in cores[:TRIAL_SHORTLIST]], TRIAL, [],
                              deadline)


def _drop_while(items: list[int], holds: Callable[[list[int]], bool]) -> list[int]:
    """``items`` with each one dropped in turn while ``holds`` of the rest (deletion)."""
    k = 0
    while k < len(items):
        rest = items[:k] + items[k + 1:]
        if holds(rest):
            items = rest
        else:
            k += 1
    return items


class _Progression:
    """A minimal set of groups whose propagation refutes ``¬lit``, grown one group at a
    time, the groups earliest in ``order`` preferred.

    Insertion: the shortest prefix of the order that refutes (with the groups chosen so
    far) ends with a necessary group; it is chosen, the order is cut before it, and so on
    until the chosen groups refute alone (the shortest prefix is then empty). (The whole
    order refutes: ``lit`` was found refutable with every group on.) The shortest prefix
    is found by one propagation call (:meth:`Search.shortest_refuting`), not a binary
    search, and it also tells whether the chosen groups are done.
    """

    def __init__(self, search: Deductions, lit: int, order: list[int]) -> None:
        self.search, self.lit = search, lit
        self.chosen: list[int] = []
        self.rest = order
        self._end: int | None = None

    def end(self) -> int:
        """The length of the shortest prefix of ``rest`` that refutes with the groups
        chosen (0: they refute alone)."""
        if self._end is None:
            found = self.search.shortest_refuting(self.lit, self.chosen, self.rest)
            assert found is not None, "groups that no longer refute"
            self._end = found
        return self._end

    def grow(self) -> None:
        """Add one group: the last of the shortest refuting prefix."""
        hi = self.end()
        assert hi, "a set grown after it refuted"
        self.chosen.append(self.rest[hi - 1])
        self.rest = self.rest[:hi - 1]
        self._end = None

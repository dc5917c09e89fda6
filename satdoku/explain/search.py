"""The step search: from the facts known so far, the cheapest next step.

Layers, cheapest first (each runs only when the ones before found nothing):

1. **Singles** — unit propagation on one group at a time, from the facts in its cells: a
   placement or eliminations that one constraint forces (full house, hidden and naked
   singles, a cage's digit combinations …). One propagation call per group whose cells
   changed since the last scan.
2. **Deductions**, searched by size — the literals whose negation unit propagation refutes
   once the facts and every group are switched on (failed-literal probing). For each, a
   minimal set of groups that still refutes it grows by one group per round (insertion
   over a preference order: groups through its cell first, then their
   neighbours …), all literals in step, so the first round that completes a set gives the
   fewest groups this search finds; those sets are shrunk to minimal subsets of groups and
   facts by the SAT solver and the cheapest wins.
3. **Trial** — nothing is refuted by propagation alone: the literal whose refutation needs
   search is proved by the SAT solver, and the smallest of a few minimal subsets is the
   step (a contradiction from one assumption, found by search: trial and error).

(Layers 2 and 3 are :mod:`.deductions`, a mixin of :class:`Search`.)

Every step is a minimal subset of facts ∪ groups ∪ {¬derived} (see :mod:`.steps`), then
extended by every other new literal that the same facts and groups refute by propagation.
Placing a digit also applies its *consequences*: what the placement alone forces through
each group of its cell (the digit leaves the cell's other candidates, its row, column,
box …).

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.groups import constraint_groups
>>> p = parse_puzzle("1.34 34.2 2.43 43.1")
>>> s = Search(constraint_groups(p.board), p, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
>>> step = s.next_step()
>>> step.method, [s.groups.groups[g].label for g in step.groups], len(step.facts)
('single', ['row 1'], 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from cnf import Formula, Session
from cnf.budget import Deadline
from satdoku.explain.candidates import (
    Candidates,
    Finding,
    classic_only,
    houses,
    is_pair_of_differents,
)
from satdoku.explain.catalogue import family_of, weight
from satdoku.explain.deductions import BACKEND, Deductions, Inconsistent
from satdoku.explain.groups import Group, Groups
from satdoku.explain.names import name_and_weight
from satdoku.explain.steps import (
    DEDUCTION,
    SINGLE,
    TECHNIQUE,
    Step,
    cell_digit,
    deadly_pairs,
    implies,
    minimal_subset,
    premise,
    read_in,
)
from satdoku.explain.techniques import STAGES, stage_findings
from satdoku.explain.trace import step_teach
from satdoku.explain.uniqueness import swappable
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid

#: With ``contradictions`` disabled, generic steps named into a disabled family set aside
#: at one position before the search gives up there: every generic step that is left must
#: be named (an XY-wing the finders missed …), and most are forcing chains.
SET_ASIDE = 16


def _sessions(formula: Formula, count: int, deadline: Deadline | None) -> list[Session]:
    """``count`` sessions on ``formula``; TimeoutError (those made closed) when ``deadline``
    passes while they load."""
    made: list[Session] = []
    try:
        for _ in range(count):
            made.append(Session(formula, BACKEND, deadline=deadline))
    except TimeoutError:
        for session in made:
            session.close()
        raise
    return made


class Search(Deductions):
    """The facts known about one puzzle, and the search for its next step."""

    def __init__(self, groups: Groups, puzzle: Puzzle, solution: Grid | None,
                 disabled: frozenset[str] = frozenset(),
                 deadline: Deadline | None = None, unique: bool = False) -> None:
        """``deadline``: TimeoutError when it passes while the solvers load the groups (four
        copies: 3.3 million clauses took 14 s on a 25x25 anti-knight board)."""
        self.groups, self.board, self.solution = groups, puzzle.board, solution
        #: Editor families (:data:`~.catalogue.EDITOR_FAMILIES`) whose steps are not taken.
        self.disabled = disabled
        #: The puzzle is known to have one solution (checked by the caller): uniqueness
        #: techniques (:mod:`.uniqueness`) may be used. Never assumed from ``solution``.
        self.unique = unique
        #: Variant constraints take part: generic steps compete with the techniques.
        self.variant = not classic_only(groups)
        self._refuted: tuple[int, list[int]] | None = None
        self._ever_refuted: set[int] = set()  # (by propagation, at some position so far)
        #: Literals whose cheapest generic step fell in a disabled family, at this many
        #: facts: the generic search looks past them (:meth:`_generic`).
        self._banned: tuple[int, set[int]] = (-1, set())
        self._set_aside = 0
        self._guarded: dict[int, list[list[int]]] = {}  # group index → its clauses, guarded
        self._grid: tuple[int, Candidates] | None = None
        #: Cells, houses and pairs of cells that must differ (anti-knight …): the groups
        #: whose consequences come with a placement, as a person takes them for granted.
        self.plain = {g.index for g in groups.groups if g.kind == "cell"
                      or is_pair_of_differents(puzzle.board, g)} | {
            h.group for h in houses(groups)}
        self._growth = None  # (the deduction search's sets, kept per position)
        self.n = puzzle.board.n
        self.top = puzzle.board.num_cell_vars
        # Propagation only, never solved on (learnt clauses would strengthen propagation):
        # ``bare`` knows no facts, ``known`` holds every fact as a unit clause. ``proof``
        # holds them too, for trial steps (solving): loaded when the first one is searched
        # (:meth:`proof`). ``mus``: minimal subsets, solved, no facts.
        self.bare, self.known, self.mus = _sessions(groups.formula, 3, deadline)
        self._proof: Session | None = None
        self.selector_of = {g.selector: g.index for g in groups.groups}
        self.facts: set[int] = set()
        self._in_order: list[int] = []  # the facts as they were added
        self.by_cell: list[set[int]] = [set() for _ in puzzle.board.cells]
        self.placed: list[int] = [0] * puzzle.board.num_cells
        self.pending: dict[int, list[int]] = {}
        self.dirty: set[int] = set(range(len(groups.groups)))
        self._order: dict[int, tuple[list[int], list[int]]] = {}
        start = puzzle.assumptions()
        self.add(start)
        self.add(self.consequences([x for x in start if x > 0]))
        #: The facts known before the first step: the givens (placements and eliminated
        #: candidates) and the consequences of the placed ones.
        self.start = tuple(sorted(self.facts, key=abs))

    def close(self) -> None:
        for session in (self.bare, self.known, self._proof, self.mus):
            if session is not None:
                session.close()

    def proof(self, deadline: Deadline | None) -> Session:
        """The session of trial steps: every group, every fact as a unit clause (in the
        order they came), solved on. Loaded when first asked: most paths need no trial
        step, and loading is the cost of a session (0.6 s CPU on a 16x16 board)."""
        if self._proof is None:
            (self._proof,) = _sessions(self.groups.formula, 1, deadline)
            for x in self._in_order:
                self._proof.add_clause([x])
        return self._proof

    # -- state ---------------------------------------------------------------------------
    @property
    def solved(self) -> bool:
        return all(self.placed)

    def add(self, lits: list[int]) -> None:
        """Make ``lits`` known facts."""
        for x in lits:
            if x in self.facts:
                continue
            cell, d = cell_digit(self.board, x)
            self.facts.add(x)
            self._in_order.append(x)
            self.known.add_clause([x])
            if self._proof is not None:
                self._proof.add_clause([x])
            self.by_cell[cell].add(x)
            if x > 0:
                self.placed[cell] = d
            self.dirty.update(self.groups.of_cell[cell])

    def facts_in(self, cells: tuple[int, ...]) -> list[int]:
        return [x for i in cells for x in self.by_cell[i]]

    def open_literals(self) -> list[int]:
        """Every literal not known yet that the solution makes true, in cell order:
        the solution's digit of each open cell, and the eliminations still to make.
        Without a solution (a puzzle that is not unique), every open candidate's placement
        and elimination: only those that follow from the facts are ever refuted."""
        out: list[int] = []
        n = self.n
        if self.solution is None:
            for i in self.board.cells:
                if not self.placed[i]:
                    for e in range(1, n + 1):
                        if -(i * n + e) not in self.by_cell[i]:
                            out += [-(i * n + e), i * n + e]
            return out
        for i, d in enumerate(self.solution):
            if self.placed[i]:
                continue
            out += [-(i * n + e) for e in range(1, n + 1)
                    if e != d and -(i * n + e) not in self.by_cell[i]]
            out.append(i * n + d)
        return out

    def consequences(self, placements: list[int]) -> list[int]:
        """The eliminations each placement alone forces through its cell and the houses
        through it (the digit leaves its row, column, box …). What it forces through a
        variant constraint (a thermometer, a cage) is left to steps of their own, so that
        a path shows it ("thermometer: r2c2≠1 … from the 7 at r1c3")."""
        out: list[int] = []
        for x in placements:
            cell, _ = cell_digit(self.board, x)
            for gi in self.groups.of_cell[cell]:
                if gi not in self.plain:
                    continue
                ok, implied = self.bare.propagate([self.groups.groups[gi].selector, x])
                if not ok:
                    raise Inconsistent(f"a placement breaks {self.groups.groups[gi].label}")
                out += [y for y in implied if -self.top <= y < 0 and y not in self.facts]
        return list(dict.fromkeys(out))

    # -- the search ----------------------------------------------------------------------
    def next_step(self, deadline: Deadline | None = None) -> Step | None:
        """The lightest step found from the facts known, named (None when the grid is full,
        or when no step is found: a puzzle that is not unique, or disabled families)."""
        if self.solved:
            return None
        self._scan()
        if self.pending:
            return self.named(self._single(deadline))
        best: Step | None = None
        for lowest, stage in self._stages():
            if best is not None and best.weight <= lowest:
                break
            found = stage(deadline, best)
            if found is not None and (best is None or found.weight < best.weight):
                best = found
        return best

    def _stages(self) -> list[tuple[float, Callable[[Deadline | None, Step | None], Step | None]]]:
        """The technique stages and the generic search, by the lowest weight each can give."""
        out: list[tuple[float, Callable[[Deadline | None, Step | None], Step | None]]] = [
            (lowest, partial(self._technique, k)) for k, (lowest, _) in enumerate(STAGES)]
        generic = ([(weight("", 2), 2), (weight("", 3), 4), (weight("", 5), None)]
                   if self.variant else [(weight("forcing chain"), None)])
        out += [(lowest, partial(self._generic_stage, most)) for lowest, most in generic]
        return sorted(out, key=lambda s: s[0])

    def _generic_stage(self, most: int | None, deadline: Deadline | None,
                       best: Step | None) -> Step | None:
        """The generic search as a stage (groups up to ``most``; ``best`` is not needed)."""
        return self._generic(deadline, most)

    def _technique(self, stage: int, deadline: Deadline | None, best: Step | None) -> Step | None:
        """The lightest proposal of one technique stage that the solver proves."""
        if self._grid is None:
            self._grid = (len(self.facts), Candidates(self.groups, self.facts))
        elif self._grid[0] != len(self.facts):  # (the facts since: at the end of the list)
            self._grid = (len(self.facts), Candidates(self.groups, self._in_order[
                self._grid[0]:], self._grid[1]))
        for f in stage_findings(self._grid[1], stage, self.disabled, self.unique):
            if best is not None and f.weight >= best.weight:
                return None
            step = self._prove_unique(f, deadline) if f.deadly else self._prove(f, deadline)
            if step is not None and family_of(step.name) not in self.disabled:
                return step  # (a smaller pattern, renamed, may belong to a disabled family)
        return None

    def _prove(self, f: Finding, deadline: Deadline | None) -> Step | None:
        gs = sorted((self.groups.groups[g] for g in set(f.groups)),
                    key=lambda g: (-len(g.cells), g.index))
        derived = [x for x in f.derived if x not in self.facts]
        if not derived:
            return None
        cells = tuple(sorted({i for g in gs for i in g.cells}))
        shrunk = minimal_subset(self.mus, gs, self.facts_in(cells), derived, deadline,
                                reading=self.reading)
        if shrunk is None:  # a proposal the groups do not imply: never a step
            return None
        kept, facts = shrunk
        step = Step(tuple(sorted(derived, key=abs)), tuple(sorted(g.index for g in kept)),
                    tuple(sorted(facts, key=abs)), TECHNIQUE, f.technique, weight=f.weight,
                    teach=f.teach, chain=f.chain)
        if len(kept) != len(gs):  # a smaller pattern: named by what it cites
            return self.named(replace(step, method=DEDUCTION, name="", teach="", chain=()))
        return step

    def _prove_unique(self, f: Finding, deadline: Deadline | None) -> Step | None:
        """A uniqueness finding proved: only on a puzzle known to be unique and a pattern
        that is deadly (:func:`~.uniqueness.swappable`, checked again here), by a minimal
        subset of its groups and of the facts in their cells and the pattern's, with
        :func:`~.steps.premise` as a clause taken as true. A conclusion that the cited
        groups and facts imply without the premise is no uniqueness step (never offered)."""
        assert self._grid is not None
        c = self._grid[1]
        derived = [x for x in f.derived if x not in self.facts]
        pattern = {i: frozenset(ds) for i, ds in deadly_pairs(self.n, f.deadly).items()}
        if not self.unique or not derived or not swappable(c, pattern):
            return None
        gs = sorted((self.groups.groups[g] for g in set(f.groups)),
                    key=lambda g: (-len(g.cells), g.index))
        cells = tuple(sorted({i for g in gs for i in g.cells} | set(pattern)))
        clause = [premise(self.n, f.deadly)]
        shrunk = minimal_subset(self.mus, gs, self.facts_in(cells), derived, deadline,
                                premises=clause)
        if shrunk is None or implies(*shrunk, derived):  # (no premise needed: no such step)
            return None
        kept, facts = shrunk
        placements = [x for x in derived if x > 0]
        return Step(tuple(sorted(derived, key=abs)), tuple(sorted(g.index for g in kept)),
                    tuple(sorted(facts, key=abs)), TECHNIQUE, f.technique, weight=f.weight,
                    teach=f.teach, deadly=f.deadly,
                    consequences=tuple(self.consequences(placements)))

    def _generic(self, deadline: Deadline | None, most: int | None) -> Step | None:
        """The cheapest generic step whose name is in no disabled family. A step named
        into a disabled family (an X-wing found as a deduction, with fishes off) is not
        taken: its literals are set aside and the search goes on with the others, so that
        the families left (forcing chains …) still make progress."""
        self._set_aside = 0
        while True:
            step = self._deduction(deadline, most)
            if step is None:
                return None
            step = self.named(step)
            if family_of(step.name) not in self.disabled:
                return step
            if self._banned[0] != len(self.facts):
                self._banned = (len(self.facts), set())
            self._banned[1].update(step.derived)
            self._growth = None  # (grown again without them)
            self._set_aside += 1
            if "contradictions" in self.disabled and self._set_aside >= SET_ASIDE:
                return None  # (every generic step is named: a bounded look for others)

    def named(self, step: Step) -> Step:
        """The step with its name, weight and teach text (from what it cites)."""
        if step.name:
            return step
        name, w = name_and_weight(self.groups, step, self.placed, self.facts)
        teach = step_teach(self.groups, step, name, self.placed, self.facts)
        return replace(step, name=name, weight=w, teach=teach)

    def reading(self, groups: Sequence[Group]) -> list[Group]:
        """What a person reading ``groups`` takes as given: each cell of a variant
        constraint among them holds one digit … (:func:`~.steps.read_in`). Steps shrink
        their facts under it; their groups are chosen without it."""
        return read_in(self.groups, groups) if self.variant else []

    def apply(self, step: Step) -> None:
        self.add(list(step.derived))
        self.add(list(step.consequences))

    def _scan(self) -> None:
        """Propagate every group whose cells changed, alone, from the facts."""
        for gi in sorted(self.dirty):
            g = self.groups.groups[gi]
            ok, implied = self.known.propagate([g.selector])
            if not ok:
                raise Inconsistent(f"the facts break {g.label}")
            new = [y for y in implied if 0 < abs(y) <= self.top and y not in self.facts]
            if new:
                self.pending[gi] = new
            else:
                self.pending.pop(gi, None)
        self.dirty.clear()

    def _rank(self, g: Group, lit: int) -> tuple[int, int]:
        """Order of singles: full house (from its unit), hidden single in a box, in a row
        or column, naked single, other one-constraint placements, then eliminations."""
        if lit < 0:
            return (6, abs(lit))
        cell, _ = cell_digit(self.board, lit)
        if g.is_unit and all(self.placed[j] for j in g.cells if j != cell):
            return (0, lit)
        return ({"box": 1, "region": 1, "row": 2, "column": 2, "cell": 3}.get(g.kind, 4), lit)

    def _single(self, deadline: Deadline | None = None) -> Step:
        gi, lit = min(((gi, x) for gi, xs in self.pending.items() for x in xs),
                      key=lambda p: self._rank(self.groups.groups[p[0]], p[1]))
        g = self.groups.groups[gi]
        found = minimal_subset(self.mus, [g], self.facts_in(g.cells), [lit], deadline,
                               reading=self.reading)
        assert found is not None, "a single that its group does not imply"
        return self.finish([g], found[1], lit, SINGLE, self.pending[gi], deadline)

    def finish(self, groups: list[Group], facts: list[int], lit: int, method: str,
               others: list[int], deadline: Deadline | None = None) -> Step:
        """The step for ``lit``, with the other literals of ``others`` that its facts and
        groups refute by propagation, and the consequences of its placements.

        An elimination takes along every other elimination of ``others`` that its groups
        refute from all known facts, citing the facts the whole set needs (a new minimal
        subset: "r1c5≠2, r1c5≠3 because r1c6≠9, r1c6≠8" is one step, not two).
        """
        sels = [g.selector for g in groups]
        more = [y for y in dict.fromkeys(others) if y != lit and y not in self.facts]
        if lit > 0:  # a placement is a step of its own (its consequences come along)
            more = []
        elif method != SINGLE:  # one digit pattern per step
            digit = cell_digit(self.board, lit)[1]
            more = [y for y in more if y < 0 and cell_digit(self.board, y)[1] == digit]
        else:
            more = [y for y in more if y < 0]
        derived = [lit]
        if lit < 0:
            along = [y for y in more if y < 0 and self.refutes(sels, y)]
            if along:
                cells = tuple(sorted({i for g in groups for i in g.cells}))
                shrunk = minimal_subset(self.mus, groups, self.facts_in(cells), [lit, *along],
                                        deadline, reading=self.reading)
                assert shrunk is not None, "eliminations their groups do not imply"
                groups, facts = shrunk
                sels = [g.selector for g in groups]
                derived += along  # the subset is minimal for all of them together
        sels += [g.selector for g in self.reading(groups)]
        derived += [y for y in more if y not in derived
                    and not self.bare.propagate([*sels, *facts, -y])[0]]
        derived = sorted(derived, key=lambda y: (y != lit, abs(y)))
        fresh = [y for y in self.consequences([y for y in derived if y > 0])
                 if y not in derived]
        order = sorted(groups, key=lambda g: g.index)
        return Step(tuple(derived), tuple(g.index for g in order), tuple(sorted(facts, key=abs)),
                    method, consequences=tuple(fresh))

"""A step of an explanation, and the SAT checks behind it.

Glossary: a *fact* is a literal over the cell variables already known — a placement
``v(i,d)`` ("r1c1=5") or an elimination ``¬v(i,d)`` ("r1c1≠5"); a *step* cites facts and
constraint groups (:mod:`satdoku.explain.groups`) and *derives* new facts. A step is *sound*
when its facts and groups imply every derived literal, and *non-redundant* when dropping any
cited fact or group breaks that: facts ∪ groups ∪ {¬derived} is a minimal unsatisfiable
subset (MUS), extracted by deletion with the solver's unsat cores (:func:`minimal_subset`);
:func:`implies` and :func:`non_redundant` re-check a step with a fresh solver.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> literal_name(b, 1), literal_name(b, -6)
('r1c1=1', 'r1c2≠2')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pysat.solvers import Solver

from cnf import Session, SolveResult
from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.explain.candidates import houses
from satdoku.explain.groups import Group, Groups

#: The ways a step is found (see :mod:`satdoku.explain.search`): one group alone, a
#: technique seen in the candidates (:mod:`.patterns`, :mod:`.chains`), the generic search
#: by propagation, search by the SAT solver.
SINGLE, TECHNIQUE, DEDUCTION, TRIAL = "single", "technique", "deduction", "trial"


#: The back-end of the checks by fresh solvers.
MUS_BACKEND = "m22"


@dataclass(frozen=True)
class Step:
    """One step: what it derives, from which facts and groups, how it was found, its name.

    ``derived`` are the new literals the cited facts and groups imply (the first one is
    the step's *primary* literal, the one the minimal subset was extracted for);
    ``consequences`` are the eliminations each new placement makes through one group
    alone (its cell's other digits, its row, column, box …), applied with the step.
    """

    derived: tuple[int, ...]
    groups: tuple[int, ...]
    facts: tuple[int, ...]
    method: str
    name: str = ""
    consequences: tuple[int, ...] = ()
    #: Only when the optimal step was asked for (:mod:`.optimal`): True when it is proven
    #: to cite the fewest groups, False when the time limit cut that search short.
    optimal: bool | None = None
    #: Its weight on the human scale (:mod:`.catalogue`): the cost steps are chosen by.
    weight: float = 0.0
    #: One or two sentences that say why, with the digits and cells (:mod:`.teach`).
    teach: str = ""
    #: A chain's nodes in order (literals), for chain techniques.
    chain: tuple[int, ...] = ()
    #: Uniqueness steps only (:mod:`.uniqueness`): the deadly pattern, as the literals "cell
    #: holds digit" of each pattern cell and each digit of its pair. The step follows from
    #: its groups and facts together with :func:`premise` (the pattern is not all there),
    #: which holds because the puzzle has one solution.
    deadly: tuple[int, ...] = ()

    @property
    def cost(self) -> tuple[int, int]:
        """(constraint groups cited, facts cited): the cost model, compared in this order."""
        return (len(self.groups), len(self.facts))

    @property
    def placements(self) -> tuple[int, ...]:
        return tuple(x for x in self.derived if x > 0)

    @property
    def eliminations(self) -> tuple[int, ...]:
        return tuple(x for x in self.derived if x < 0)


def cell_digit(board: Board, lit: int) -> tuple[int, int]:
    """(cell, digit) of a cell literal (either sign)."""
    cell, d = divmod(abs(lit) - 1, board.n)
    return cell, d + 1


def literal_name(board: Board, lit: int) -> str:
    """``r1c1=5`` for a placement, ``r1c1≠5`` for an elimination."""
    cell, d = cell_digit(board, lit)
    digit = board.symbol(d) if board.single_char else str(d)
    return f"{board.cell_name(cell)}{'=' if lit > 0 else '≠'}{digit}"


def premise(n: int, deadly: Sequence[int]) -> list[int]:
    """The clause a uniqueness step rests on: some cell of the deadly pattern ``deadly``
    (literals "cell holds digit", two per cell) holds a digit outside its pair. A unique
    puzzle's solution makes it true (else the pattern's digits could be swapped: a second
    solution, :func:`satdoku.explain.uniqueness.swappable`).

    >>> premise(4, (1, 2, 5, 6))            # r1c1 and r1c2 within {1,2}
    [3, 4, 7, 8]
    """
    pairs = deadly_pairs(n, deadly)
    return [cell * n + d for cell in sorted(pairs) for d in range(1, n + 1)
            if d not in pairs[cell]]


def deadly_pairs(n: int, deadly: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """A deadly pattern's literals as cell → its pair of digits (cells in order).

    >>> deadly_pairs(4, (1, 2, 5, 6))
    {0: (1, 2), 1: (1, 2)}
    """
    pairs: dict[int, tuple[int, ...]] = {}
    for x in sorted(deadly):
        cell, d = divmod(x - 1, n)
        pairs[cell] = (*pairs.get(cell, ()), d + 1)
    return pairs


def read_in(groups: Groups, cited: Iterable[Group]) -> list[Group]:
    """The groups that the human reading of ``cited`` takes for granted, when they hold a
    variant constraint (not a cell, not a house): every cell they touch holds exactly one
    digit — those cells' groups —, and a variant constraint on a whole row (column …), such
    as a sandwich clue, reads it as that row — the row's group. A cage's clauses do not say
    the first (the cell groups do), a sandwich clue's do not say its row holds a 1 and a 9:
    without them a step would cite a fact that only rules out a second digit in a cell, or
    places the 9 the row must hold. Steps on cells and houses alone read nothing in: they
    cite their cell groups.

    >>> from satdoku.board import Board
    >>> from satdoku.explain.groups import constraint_groups
    >>> from satdoku.rules import Cage, KillerCages
    >>> g = constraint_groups(Board.classic(4), (KillerCages((Cage((0, 1), 3),)),))
    >>> cage = next(x for x in g.groups if x.kind == "killer")
    >>> row = g.groups[16]
    >>> [x.label for x in read_in(g, [cage])], len(read_in(g, [cage, row])), read_in(g, [row])
    (['cell r1c1', 'cell r1c2'], 4, [])
    """
    cited = list(cited)
    by_cells, plain = _houses_by_cells(groups)
    variant = [g for g in cited if g.kind != "cell" and g.index not in plain]
    if not variant:
        return []
    cells = {i for g in cited if g.kind != "cell" for i in g.cells}
    rows = {by_cells[frozenset(g.cells)] for g in variant if len(g.cells) == groups.board.n
            and frozenset(g.cells) in by_cells}
    return [groups.groups[k] for k in sorted(cells | rows)]


#: The houses of the last groups read (:func:`read_in` runs for every step shrunk).
_HOUSES_BY_CELLS: dict[int, tuple[Groups, dict[frozenset[int], int], frozenset[int]]] = {}


def _houses_by_cells(groups: Groups) -> tuple[dict[frozenset[int], int], frozenset[int]]:
    """Each house's cells → its group index, and those indices (for the last few groups
    objects)."""
    found = _HOUSES_BY_CELLS.get(id(groups))
    if found is None or found[0] is not groups:
        if len(_HOUSES_BY_CELLS) > 8:
            _HOUSES_BY_CELLS.clear()
        by_cells = {frozenset(h.cells): h.group for h in houses(groups)}
        found = (groups, by_cells, frozenset(by_cells.values()))
        _HOUSES_BY_CELLS[id(groups)] = found
    return found[1], found[2]


def human_reading(groups: Groups, cited: Iterable[Group]) -> list[list[int]]:
    """The clauses of :func:`read_in`: what a step's groups and facts imply its conclusion
    with (for a check by a fresh solver, as ``premises``)."""
    return [list(c) for g in read_in(groups, cited) for c in g.clauses]


#: The groups a reading of the kept groups takes as given (:func:`read_in`).
Reading = Callable[[Sequence[Group]], Sequence[Group]]


def guarded(groups: Iterable[Group]) -> list[list[int]]:
    """The clauses of ``groups``, each guarded by its group's selector."""
    return [[-g.selector, *c] for g in groups for c in g.clauses]


def minimal_subset(session: Session, groups: Sequence[Group], facts: Sequence[int],
                   derived: Sequence[int], deadline: Deadline | None = None,
                   known: Session | None = None, premises: Sequence[Sequence[int]] = (),
                   reading: Reading | None = None) -> tuple[list[Group], list[int]] | None:
    """A minimal subset of ``groups`` and ``facts`` that implies ``derived`` (a MUS of
    groups ∪ facts ∪ {¬derived}), or None when they do not imply it. ``premises`` are
    clauses taken as true throughout (a uniqueness step's :func:`premise`), never cited.
    ``reading`` gives, for the kept groups, groups switched on (never cited) while the
    *facts* are shrunk (:func:`read_in`: each cell of a cited variant constraint holds one
    digit …), not while the groups are — so a cell group stays cited where its clauses are
    needed, and a fact stays only when the conclusion needs it under that reading.

    ``session`` holds every group, guarded, and no facts. "Not every derived literal" is
    added under an activation literal, retired afterwards. Deletion with the solver's cores
    (:func:`_deletion`): the unsat core of all items, then each item is dropped in turn and
    kept out whenever the rest stays unsatisfiable (the new core then replaces the rest).
    Groups go first (put the ones to avoid first), then facts — so a group goes whenever
    facts can stand in for it.

    With ``known`` — a session holding every group, guarded, and every fact of ``facts`` (at
    least) as a unit clause — the groups are shrunk there, with all the facts on, and only
    the facts on ``session``. The result is the same kind of minimal subset: a group that
    is needed with all the facts is needed with fewer of them, so dropping facts afterwards
    never makes a kept group superfluous. It is cheaper: facts as unit clauses are settled
    once, not assumed anew at each of hundreds of solver calls (a trial step on a variant
    puzzle cites tens of groups and hundreds of facts).

    (PySAT's MUSX does the same deletion but loads a new solver with the clauses of every
    candidate group for each call: on 16×16 boards that loading took a third of a path.)
    Past ``deadline`` it raises :class:`TimeoutError`:
    a step is never left half-shrunk.
    """
    sels = [g.selector for g in groups]
    fixed: list[int] = []
    if known is not None:
        kept = _guarded_deletion(known, derived, [], sels, deadline, premises)
        if kept is None:
            return None
        sels, fixed = [], kept
        needed = set(kept)
        groups = [g for g in groups if g.selector in needed]
        if reading is not None:  # (the facts are shrunk next, under the reading)
            fixed = [*fixed, *(g.selector for g in reading(groups))]
            reading = None
    chosen = _guarded_deletion(session, derived, fixed, [*sels, *facts], deadline, premises)
    if chosen is None:
        return None
    kept_items = set(chosen) | set(fixed)
    cited = [g for g in groups if g.selector in kept_items]
    kept_facts = [f for f in facts if f in kept_items]
    given = reading(cited) if reading is not None and kept_facts else ()
    if given:  # the facts again, the kept groups on, under the reading
        fewer = _guarded_deletion(session, derived, [g.selector for g in [*cited, *given]],
                                  kept_facts, deadline, premises)
        assert fewer is not None, "more clauses, less satisfiable"
        kept_facts = [f for f in kept_facts if f in set(fewer)]
    return cited, kept_facts


def unsat_core(session: Session, derived: Sequence[int], items: Sequence[int]
               ) -> list[int] | None:
    """The items (assumptions) of the solver's unsat core of ``items`` ∪ {not every derived
    literal}, in their order, or None when that is satisfiable (``session`` as in
    :func:`minimal_subset`)."""
    act = session.activation()
    session.add_guarded(act, [-x for x in derived])
    try:
        if session.solve([act, *items]) is not SolveResult.UNSAT:
            return None
        core = set(session.core())
        return [x for x in items if x in core]
    finally:
        session.retire(act)


def _guarded_deletion(session: Session, derived: Sequence[int], fixed: Sequence[int],
                      items: Sequence[int], deadline: Deadline | None,
                      premises: Sequence[Sequence[int]] = ()) -> list[int] | None:
    """:func:`_deletion` under "not every derived literal" (and ``premises``), guarded by a
    fresh activation literal that is retired afterwards."""
    act = session.activation()
    session.add_guarded(act, [-x for x in derived])
    for clause in premises:
        session.add_guarded(act, list(clause))
    try:
        return _deletion(session, [act, *fixed], items, deadline)
    finally:
        session.retire(act)


def _deletion(session: Session, fixed: Sequence[int], items: Sequence[int],
              deadline: Deadline | None) -> list[int] | None:
    """A minimal subset of ``items`` that is unsatisfiable with the assumptions ``fixed``
    (None when all of them are not): the unsat core of all, then each item dropped in turn
    and kept out whenever the rest stays unsatisfiable (the new core replaces the rest)."""
    if session.solve([*fixed, *items]) is not SolveResult.UNSAT:
        return None
    core = set(session.core())
    chosen = [x for x in items if x in core]
    k = 0
    while k < len(chosen):
        if deadline is not None:
            deadline.check("proving a step")
        rest = chosen[:k] + chosen[k + 1:]
        if session.solve([*fixed, *rest]) is SolveResult.UNSAT:
            core = set(session.core())
            chosen = [x for x in rest if x in core]
        else:
            k += 1
    return chosen


def implies(groups: Iterable[Group], facts: Iterable[int], derived: Sequence[int],
            premises: Sequence[Sequence[int]] = ()) -> bool:
    """Whether the clauses of ``groups`` and the literals ``facts`` (and the clauses
    ``premises``) imply every literal of ``derived`` (checked by a fresh solver)."""
    groups, facts = list(groups), list(facts)
    with _checker(groups, derived, premises) as s:
        return not s.solve(assumptions=[*(g.selector for g in groups), *facts])


def non_redundant(groups: Sequence[Group], facts: Sequence[int],
                  derived: Sequence[int], premises: Sequence[Sequence[int]] = ()) -> bool:
    """Whether dropping any one cited group or fact breaks the implication (one fresh
    solver: every item is switched off in turn; ``premises`` stay on)."""
    items = [*(g.selector for g in groups), *facts]
    with _checker(groups, derived, premises) as s:
        return all(s.solve(assumptions=items[:k] + items[k + 1:]) for k in range(len(items)))


def _checker(groups: Sequence[Group], derived: Sequence[int],
             premises: Sequence[Sequence[int]] = ()) -> Solver:
    """A fresh solver holding the guarded groups, "not every derived literal" and the
    ``premises``."""
    solver = Solver(name=MUS_BACKEND, bootstrap_with=guarded(groups))
    solver.add_clause([-x for x in derived])
    for clause in premises:
        solver.add_clause(list(clause))
    return solver

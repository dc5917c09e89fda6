"""The optimal step, on request: the fewest constraint groups that any step can cite.

The step search (:mod:`.search`) grows sets of groups one at a time by unit propagation: it
is fast, but a heuristic — a step citing fewer groups may exist (measured on the README's
17-clue puzzle: at its 15th step the search cites four groups where column 8 and box 6
suffice). This module finds the cheapest step by the cost model of :class:`.Step`
(constraint groups cited, then facts cited), with PySAT's ``OptUx`` (a minimum-cost minimal
unsatisfiable subset, by implicit hitting sets), under a time limit:

1. The ordinary search's step is the first *best*: it cites b groups.
2. Steps of one or two groups are searched exhaustively: every group alone, then every pair
   of groups sharing a variable, with the facts in their cells, against each open literal
   of their cells (one solver call each; about a second on 9×9).
3. When b > 3 and no such step exists, for each open literal x (the step's own first, then
   the cells with the fewest candidates first): ``OptUx`` over the groups as soft clauses
   (weight 1 each, whatever their kind), the known facts and ¬x as hard ones, its hitting
   sets held to at most b − 1 groups (a cardinality constraint in the hitting-set solver,
   Minicard). A subset it finds is a step with fewer groups: it becomes the best, b
   shrinks, and the search stops once b is 3.
4. The facts of the best step: ``OptUx`` again, over the facts in its groups' cells (soft,
   weight 1) with the groups fixed: the fewest facts these groups need.

When every open literal was searched the step is proven optimal in groups (``optimal`` is
True); when the time limit cuts the search short the best step found so far is used (the
ordinary one if nothing cheaper turned up) and ``optimal`` is False. The limit is looked at
between solver calls: one ``OptUx`` call may overrun it (measured on 9×9: at most 4 s).

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.path import hint
>>> step = hint(parse_puzzle("1.34 34.2 2.43 43.1"), optimal=5).steps[0]
>>> step.cost, step.optimal
((1, 3), True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from pysat.examples.optux import OptUx
from pysat.formula import WCNF

from cnf import SolveResult
from cnf.budget import Deadline
from satdoku.explain.groups import Group
from satdoku.explain.search import Search
from satdoku.explain.steps import DEDUCTION, SINGLE, TRIAL, Step, cell_digit, minimal_subset
from satdoku.runtime.forked import Report, run_streamed

#: Conflicts OptUx may spend shrinking each correction set (its ``reduce`` option). Measured
#: at one position of a 17-clue puzzle: 0.8 s per literal with it, 200 s without.
REDUCE = 100
#: Steps of this many groups or fewer are searched exhaustively, set by set (cheaper than
#: OptUx: measured 55 s for OptUx to prove that no 2-group step exists at one position).
FEW = 2
#: The SAT solver of OptUx: Minicard holds the bound on the hitting sets natively.
SOLVER = "mc"


@dataclass(frozen=True)
class Optimum:
    """The best step found, and whether it is proven to cite the fewest groups."""

    step: Step
    proven: bool


def optimal_step(search: Search, greedy: Step, deadline: Deadline | None = None) -> Optimum:
    """The step citing the fewest groups from the facts ``search`` knows (``greedy``: the
    ordinary search's step, the first best), searched until ``deadline``."""
    deadline = deadline or Deadline(None)
    literals = _ordered(search, greedy)
    bound = len(greedy.groups) - 1
    best = _few_groups(search, literals, min(bound, FEW), deadline)
    proven = best is not None
    if best == () and bound > FEW:  # none with FEW groups or fewer: OptUx, in a child
        clauses = _simplified(search)
        found, proven = run_streamed(lambda report: _fewest_steps(clauses, literals, bound,
                                                                  report), deadline.left())
        best = (found[-1][0], [search.groups.groups[g] for g in found[-1][1]]) if found else ()
    x, groups = best or (greedy.derived[0], [search.groups.groups[g] for g in greedy.groups])
    step = _step(search, groups, x, deadline)
    if step.cost >= greedy.cost:
        step = greedy
    return Optimum(replace(step, optimal=proven), proven)


def _fewest_steps(clauses: list[tuple[Group, list[list[int]]]], literals: list[int],
                  bound: int, report: Report) -> None:
    """Report (literal, group indices) for each step found with fewer groups than the
    last (OptUx for each literal in turn), down to FEW + 1 groups."""
    for x in literals:
        if bound <= FEW:
            return
        fewest = _fewest_groups(clauses, x, bound)
        if fewest is not None:
            report((x, [g.index for g in fewest]))
            bound = len(fewest) - 1


def _ordered(search: Search, greedy: Step) -> list[int]:
    """The open literals: the greedy step's first, then by cells with fewest candidates."""
    board, known = search.board, search.facts
    left = [search.n - sum(1 for x in search.by_cell[i] if x < 0) for i in board.cells]
    rest = sorted((x for x in search.open_literals() if x not in greedy.derived),
                  key=lambda x: (left[cell_digit(board, x)[0]], abs(x)))
    return [x for x in greedy.derived if x not in known] + rest


def _simplified(search: Search) -> list[tuple[Group, list[list[int]]]]:
    """Each group with its clauses under the known facts (satisfied clauses dropped, false
    literals removed); groups the facts satisfy entirely are left out."""
    known = search.facts
    out = []
    for g in search.groups.groups:
        kept = [[x for x in c if -x not in known] for c in g.clauses
                if not any(x in known for x in c)]
        if kept:
            out.append((g, kept))
    return out


def _fewest_groups(clauses: list[tuple[Group, list[list[int]]]], x: int,
                   bound: int) -> list[Group] | None:
    """The fewest groups that imply ``x`` from the known facts, when at most ``bound`` do;
    else None (OptUx, the groups soft, at most ``bound`` of them in a hitting set)."""
    wcnf = WCNF()
    for g, cs in clauses:
        for c in cs:
            wcnf.append([-g.selector, *c])
    wcnf.append([-x])
    for g, _ in clauses:
        wcnf.append([g.selector], weight=1)
    sels = [g.selector for g, _ in clauses]
    with OptUx(wcnf, solver=SOLVER, reduce=REDUCE, cover=[[sels, bound]]) as opt:
        found = opt.compute()
    if found is None:
        return None
    return [clauses[k - 1][0] for k in found]


def _few_groups(search: Search, literals: list[int], most: int,
               deadline: Deadline) -> tuple[int, list[Group]] | tuple[()] | None:
    """A literal that ``most`` groups or fewer imply from the known facts, with the fewest
    such groups; () when there is none; None when the deadline came first.

    Exhaustive, one solver call per set of groups and open literal of their cells: single
    groups first, then pairs of groups sharing a variable (the groups of a minimal subset
    are linked through shared variables, or one of them could go).
    """
    by_cell: dict[int, list[int]] = {}
    for x in literals:
        by_cell.setdefault(cell_digit(search.board, x)[0], []).append(x)
    for size in range(1, most + 1):
        for groups in _linked(search.groups.groups, size):
            if deadline.expired:
                return None
            cells = tuple(sorted({i for g in groups for i in g.cells}))
            sels = [*(g.selector for g in groups), *search.facts_in(cells)]
            for x in (x for i in cells for x in by_cell.get(i, ())):
                if search.mus.solve([*sels, -x]) is SolveResult.UNSAT:
                    return x, list(groups)
    return ()


def _linked(groups: tuple[Group, ...], size: int) -> Iterator[tuple[Group, ...]]:
    """Every group (``size`` 1), or every pair of groups sharing a variable (``size`` 2)."""
    if size == 1:
        yield from ((g,) for g in groups)
        return
    holders: dict[int, list[int]] = {}
    for g in groups:
        for v in {abs(x) for c in g.clauses for x in c}:
            holders.setdefault(v, []).append(g.index)
    pairs = {(a, b) for hs in holders.values() for a in hs for b in hs if a < b}
    yield from ((groups[a], groups[b]) for a, b in sorted(pairs))


def _step(search: Search, groups: list[Group], x: int, deadline: Deadline) -> Step:
    """The step for ``x`` from ``groups``, citing the fewest facts they need (by OptUx, in a
    child; when the deadline comes first, a minimal set of them), with the other literals
    they refute (as any step)."""
    cells = sorted({i for g in groups for i in g.cells})
    facts = search.facts_in(tuple(cells))
    found, done = ([], False) if deadline.expired else run_streamed(
        lambda report: report(_fewest_facts(groups, facts, x)), deadline.left())
    if done:
        cited = found[0]
    else:
        shrunk = minimal_subset(search.mus, groups, facts, [x])
        assert shrunk is not None, "groups that do not imply the literal"
        cited = shrunk[1]
    sels = [g.selector for g in groups]
    propagated = not search.bare.propagate([*sels, *cited, -x])[0]
    method = SINGLE if len(groups) == 1 else DEDUCTION if propagated else TRIAL
    return search.finish(groups, cited, x, method, search.open_literals())


def _fewest_facts(groups: list[Group], facts: list[int], x: int) -> list[int]:
    """The fewest of ``facts`` that imply ``x`` with ``groups`` (OptUx, the facts soft)."""
    wcnf = WCNF()
    for g in groups:
        for c in g.clauses:
            wcnf.append(list(c))
    wcnf.append([-x])
    for f in facts:
        wcnf.append([f], weight=1)
    with OptUx(wcnf, solver=SOLVER, reduce=REDUCE) as opt:
        found = opt.compute()
    assert found is not None, "groups that do not imply the literal"
    return [facts[k - 1] for k in found]

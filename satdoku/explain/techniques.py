"""The technique layer of the step search: the finders of :mod:`.patterns` and
:mod:`.chains` run on the candidate grid in stages, cheapest weight first, and the lightest
proposal that the SAT solver proves becomes the step.

Stages (each with the lowest weight it can give, so that a later stage runs only when it
might beat what was found): locked candidates, subsets and basic fish; short chains
(skyscraper, 2-string kite, turbot fish, XY-wing, W-wing), XYZ-wing, finned fish, unique
rectangles, hidden rectangles and BUG+1 (:mod:`.uniqueness`, only on puzzles known to be
unique), simple colouring (:mod:`.colouring`); long
chains (X-chain, XY-chain, AIC). A proposal is proved by a minimal subset of its groups and
of the facts in their cells (:func:`~satdoku.explain.steps.minimal_subset`): one the groups
do not imply is dropped, and a step whose minimal subset lost a group is named afresh from
what it cites (:mod:`.names`).

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.path import explain
>>> e = explain(parse_puzzle("4...3.......6..8..........1....5..9..8....6...7.2........"
...                          "1.27..5.3....4.9........"), max_steps=20)
>>> c = Candidates(e.groups, e.known_after(20))
>>> [f.technique for f in stage_findings(c, 0)], next(stage_findings(c, 1)).technique
([], 'skyscraper')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from heapq import heappop, heappush

import satdoku.explain.als as als
import satdoku.explain.chains as chains
import satdoku.explain.colouring as colouring
import satdoku.explain.patterns as patterns
import satdoku.explain.uniqueness as uniqueness
from satdoku.explain.candidates import Candidates, Finding
from satdoku.explain.catalogue import family_of, weight

Finder = Callable[[Candidates], Iterable[Finding]]


def _w(name: str) -> float:
    return weight(name)


#: (lowest weight the stage can give, its finders with the lowest weight each can give).
STAGES: tuple[tuple[float, tuple[tuple[float, Finder], ...]], ...] = (
    (2.6, ((_w("locked candidates (pointing)"), patterns.locked_candidates),
           *((_w(f"naked {patterns.SIZES[k]}"), lambda c, k=k: patterns.naked_subsets(c, k))
             for k in (2, 3, 4)),
           *((_w(f"hidden {patterns.SIZES[k]}"), lambda c, k=k: patterns.hidden_subsets(c, k))
             for k in (2, 3, 4)),
           *((_w(patterns.FISH[k]), lambda c, k=k: patterns.fish(c, k)) for k in (2, 3, 4)))),
    (4.0, ((4.0, lambda c: chains.aic(c, 3, 2)), (_w("XYZ-wing"), chains.xyz_wing),
           (_w("empty rectangle"), patterns.empty_rectangles),
           *((_w(f"finned {patterns.FISH[k]}"), lambda c, k=k: patterns.finned_fish(c, k))
             for k in (2, 3)),
           (_w("unique rectangle"), uniqueness.unique_rectangles),
           (_w("hidden rectangle"), uniqueness.more_rectangles),
           (_w(colouring.TRAP), colouring.simple_colouring),
           (_w("BUG+1"), uniqueness.bug_plus_one))),
    (6.5, ((6.5, lambda c: chains.aic(c, chains.MOST_STRONG, 4)),
           (_w("ALS-XZ"), als.als_xz), (_w("ALS-XY-wing"), als.als_xy_wing))),
)


#: Finders that rest on the puzzle having one solution: run only when it is known to.
UNIQUENESS: tuple[Finder, ...] = (uniqueness.unique_rectangles, uniqueness.more_rectangles,
                                  uniqueness.bug_plus_one)


def stage_findings(c: Candidates, stage: int, disabled: frozenset[str] = frozenset(),
                   unique: bool = False) -> Iterator[Finding]:
    """Every proposal of one stage, lightest first (families in ``disabled`` left out;
    uniqueness techniques only when the puzzle is ``unique``); at equal weight, the ones
    deriving more first, then citing fewer groups, then in the finders' order.

    Lazily: the finders run by the lowest weight each can give, and a proposal is given as
    soon as no finder left to run could give a lighter one — so when the first proposal
    is proved (a locked candidates step), the subsets and fish are never looked for.

    >>> from satdoku.formats import parse_puzzle
    >>> from satdoku.explain.groups import constraint_groups
    >>> p = parse_puzzle("1.34 34.2 2.43 43.1")
    >>> c = Candidates(constraint_groups(p.board), p.assumptions())
    >>> [f.technique for f in stage_findings(c, 0)]
    ['hidden pair', 'hidden pair']
    """
    finders = sorted((low, k, finder) for k, (low, finder) in enumerate(STAGES[stage][1])
                     if unique or finder not in UNIQUENESS)
    waiting: list[tuple[tuple[float, int, int], int, int, Finding]] = []
    for low, k, finder in finders:
        while waiting and waiting[0][0][0] < low:
            yield heappop(waiting)[-1]
        for pos, f in enumerate(finder(c)):
            if family_of(f.technique) not in disabled:
                heappush(waiting, ((f.weight, -len(f.derived), len(f.groups)), k, pos, f))
    while waiting:
        yield heappop(waiting)[-1]

"""The technique layer of the step search: the finders of :mod:`.patterns` and
:mod:`.chains` run on the candidate grid in stages, cheapest weight first, and the lightest
proposal that the SAT solver proves becomes the step.

Stages (each with the lowest weight it can give, so that a later stage runs only when it
might beat what was found): locked candidates, subsets and basic fish; short chains
(skyscraper, 2-string kite, turbot fish, XY-wing, W-wing), XYZ-wing, finned fish, unique
rectangles and BUG+1 (:mod:`.uniqueness`, only on puzzles known to be unique); long
chains (X-chain, XY-chain, AIC). A proposal is proved by a minimal subset of its groups and
of the facts in their cells (:func:`~satdoku.explain.steps.minimal_subset`): one the groups
do not imply is dropped, and a step whose minimal subset lost a group is named afresh from
what it cites (:mod:`.names`).

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.path import explain
>>> e = explain(parse_puzzle("4...3.......6..8..........1....5..9..8....6...7.2........"
...                          "1.27..5.3....4.9........"), max_steps=20)
>>> c = Candidates(e.groups, e.known_after(20))
>>> [f.technique for f in stage_findings(c, 0)], stage_findings(c, 1)[0].technique
([], 'skyscraper')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import satdoku.explain.als as als
import satdoku.explain.chains as chains
import satdoku.explain.patterns as patterns
import satdoku.explain.uniqueness as uniqueness
from satdoku.explain.candidates import Candidates, Finding
from satdoku.explain.catalogue import family_of

Finder = Callable[[Candidates], Iterable[Finding]]

#: (lowest weight the stage can give, its finders).
STAGES: tuple[tuple[float, tuple[Finder, ...]], ...] = (
    (2.6, (patterns.locked_candidates,
           *(lambda c, k=k: patterns.naked_subsets(c, k) for k in (2, 3, 4)),
           *(lambda c, k=k: patterns.hidden_subsets(c, k) for k in (2, 3, 4)),
           *(lambda c, k=k: patterns.fish(c, k) for k in (2, 3, 4)))),
    (4.0, (lambda c: chains.aic(c, 3, 2), chains.xyz_wing, patterns.empty_rectangles,
           *(lambda c, k=k: patterns.finned_fish(c, k) for k in (2, 3)),
           uniqueness.unique_rectangles, uniqueness.bug_plus_one)),
    (6.5, (lambda c: chains.aic(c, chains.MOST_STRONG, 4), als.als_xz, als.als_xy_wing)),
)


#: Finders that rest on the puzzle having one solution: run only when it is known to.
UNIQUENESS: tuple[Finder, ...] = (uniqueness.unique_rectangles, uniqueness.bug_plus_one)


def stage_findings(c: Candidates, stage: int, disabled: frozenset[str] = frozenset(),
                   unique: bool = False) -> list[Finding]:
    """Every proposal of one stage, lightest first (families in ``disabled`` left out;
    uniqueness techniques only when the puzzle is ``unique``)."""
    out = [f for finder in STAGES[stage][1] if unique or finder not in UNIQUENESS
           for f in finder(c) if family_of(f.technique) not in disabled]
    out.sort(key=lambda f: (f.weight, -len(f.derived), len(f.groups)))
    return out

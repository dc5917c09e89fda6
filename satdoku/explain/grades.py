"""The grade of a solving path: a score on the human scale, estimated minutes, and a band.

The *score* is the weight of the path's hardest step (:mod:`.catalogue`: the scale of
Sudoku Explainer, 1.0 full house … 2.3 naked single … 3.2 X-wing … 4.2 XY-wing … 6.5+
chains … 7.5+ forcing chains … 9.5+ trial and error), so a setter can publish it as an
SE-like number. The *minutes* add up a time per step by the weight of the step (a person
finds a hidden single in seconds and a chain in minutes; the table is an estimate, see
docs/explain.md). The *band* reads the score:

========= ============== =====================================================
band      score at most  hardest technique
========= ============== =====================================================
easy      3.0            singles, locked candidates, naked pair
medium    4.0            X-wing, hidden pair, triples, swordfish, skyscraper
hard      5.6            wings, kites, turbots, finned fish, quads, jellyfish
expert    7.4            X-chains, XY-chains, AICs
extreme   above          forcing chains and nets, trial and error
========= ============== =====================================================

This module holds only the scale and the arithmetic, so that reading an option costs no
import of the explainer.

>>> [d.value for d in Difficulty]
['easy', 'medium', 'hard', 'expert', 'extreme']
>>> band(2.6), band(4.2), band(7.8)
('easy', 'hard', 'extreme')
>>> minutes([1.5] * 40 + [3.0])
6
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

#: Bands by the score of the hardest step (at most …).
GRADES = (("easy", 3.0), ("medium", 4.0), ("hard", 5.6), ("expert", 7.4))
#: Beyond the last of :data:`GRADES`.
EXTREME = "extreme"
#: Steps weighing this much or more count as hard steps.
HARD_WEIGHT = 3.0
#: Seconds a person spends on a step, by its weight (at most …): an estimate.
SECONDS = ((1.0, 5), (1.5, 8), (2.3, 12), (3.0, 30), (4.0, 60), (5.6, 120), (7.4, 240),
           (9.4, 420))
#: Seconds of a step weighing more than the last of :data:`SECONDS` (trial and error).
LONGEST = 900

#: The grades as a choice (``generate --difficulty``), easiest first.
_NAMES = {name: name for name in [*dict(GRADES), EXTREME]}
Difficulty = Enum("Difficulty", _NAMES, type=str)  # type: ignore[misc]  # (from the table)


def band(score: float) -> str:
    """The band of a score."""
    return next((name for name, most in GRADES if score <= most + 1e-9), EXTREME)


def minutes(weights: Sequence[float]) -> int:
    """Estimated minutes for a person to walk a path of steps of these weights."""
    total = sum(next((s for w, s in SECONDS if x <= w + 1e-9), LONGEST) for x in weights)
    return max(1, round(total / 60))

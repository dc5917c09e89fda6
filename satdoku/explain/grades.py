"""The difficulty scale of a solving path: its grades, easiest first, and where each ends.

A path's grade comes from its hardest step, counted in constraint groups
(:func:`satdoku.explain.path.grade_of`); it is used by ``explain``, ``analyse --grade`` and
``generate --difficulty``. This module holds only the scale, so that reading an option
costs no import of the explainer.

>>> [d.value for d in Difficulty]
['easy', 'medium', 'hard', 'expert', 'extreme']
"""

from __future__ import annotations

from enum import Enum

#: Grades by the number of constraint groups of the hardest step (at most …).
GRADES = (("easy", 1), ("medium", 2), ("hard", 4), ("expert", 8))
#: Beyond the last of :data:`GRADES`, or any trial and error.
EXTREME = "extreme"

#: The grades as a choice (``generate --difficulty``), easiest first.
_NAMES = {name: name for name in [*dict(GRADES), EXTREME]}
Difficulty = Enum("Difficulty", _NAMES, type=str)  # type: ignore[misc]  # (from the table)

"""Explanations: a step-by-step solving path, hints and a grade, all derived from the CNF.

Every step cites known facts (givens, earlier placements and eliminations) and a few
constraint groups (a row, a box, a cage …) that imply what it derives — checked by the SAT
solver and minimal: without any one of them the implication fails. The cheapest step comes
first by a human scale (:mod:`.catalogue`: Sudoku Explainer's weights); techniques seen in
the candidate grid (:mod:`.patterns`, :mod:`.chains`) are proposals the solver proves.

Modules: :mod:`.groups` (the constraint groups of a puzzle), :mod:`.steps` (a step, its
minimal subset and checks), :mod:`.search` (the step search), :mod:`.optimal` (the step
citing the fewest groups, on request; its OptUx calls run under a deadline in a forked
child: :func:`satdoku.runtime.forked.run_streamed`), :mod:`.names` (technique names),
:mod:`.candidates` (the pencil-marked grid and its houses), :mod:`.patterns` and
:mod:`.chains` (technique finders), :mod:`.uniqueness` (unique rectangles and BUG+1, on
puzzles known to be unique), :mod:`.techniques` (their stages), :mod:`.catalogue`
(names, weights, editor families), :mod:`.trace` (forcing chains replayed, teach text),
:mod:`.path` (the path), :mod:`.grades` (score, minutes, bands), :mod:`.text` (text and
JSON), :mod:`.pictures` (one SVG per step).

>>> from satdoku.formats import parse_puzzle
>>> hint(parse_puzzle("1.34 34.2 2.43 43.1")).steps[0].name
'full house'
"""

from satdoku.explain.groups import Group, Groups, constraint_groups
from satdoku.explain.path import Explanation, Grade, explain, grade, hint
from satdoku.explain.steps import Step, implies, literal_name, non_redundant

__all__ = ["Explanation", "Grade", "Group", "Groups", "Step", "constraint_groups", "explain",
           "grade", "hint", "implies", "literal_name", "non_redundant"]

"""The rule catalogue: classic constraints and variants, by name.

Global rules (a name says it all) are in :data:`CATALOGUE`; rules with per-puzzle data
(killer cages, extra regions, even/odd cells) are built from a JSON puzzle file, and jigsaw
regions are part of the :class:`~satdoku.board.Board`.

>>> [r.name for r in parse_rules("anti-knight, diagonal")]
['anti-knight', 'diagonal']
>>> parse_rules("non-consecutive")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
satdoku.errors.RuleError: unknown rule 'non-consecutive' (did you mean 'nonconsecutive'?); ...
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from functools import partial

from satdoku.errors import RuleError
from satdoku.rules.base import (
    Boxes,
    Columns,
    Grid,
    Marking,
    RegionRule,
    Rows,
    Rule,
    Violation,
    cell_var,
    classic_rules,
    completeness_violations,
)
from satdoku.rules.cages import Cage, KillerCages
from satdoku.rules.pairs import PAIR_RULES, Move, PairRule, Relation
from satdoku.rules.parity import Parity
from satdoku.rules.regions import Diagonal, Disjoint, ExtraRegions, Windoku

#: Global rules that a name alone selects (variants register here).
CATALOGUE: dict[str, Callable[[], Rule]] = {}


#: Constraints that need data of each puzzle (a JSON puzzle's keys), by the names people try.
PER_PUZZLE = {"cages": "cages", "killer": "cages", "extra_regions": "extra_regions",
              "even": "even", "odd": "odd", "regions": "regions", "jigsaw": "regions"}


def register(name: str, factory: Callable[[], Rule]) -> None:
    """Make ``factory()`` available as ``--rules name``."""
    CATALOGUE[name] = factory


def parse_rules(text: str) -> tuple[Rule, ...]:
    """``"anti-knight,anti-king"`` → rule objects, in the order given, duplicates dropped."""
    rules: list[Rule] = []
    for raw in text.split(","):
        name = raw.strip().lower()
        if not name:
            continue
        if name in PER_PUZZLE:
            raise RuleError(f"{name!r} needs data of each puzzle: give it as the key "
                            f"{PER_PUZZLE[name]!r} of a JSON puzzle (see 'satdoku rules')")
        if name not in CATALOGUE:
            close = difflib.get_close_matches(name, CATALOGUE, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RuleError(f"unknown rule {name!r}{hint}; run 'satdoku rules' to list them")
        rule = CATALOGUE[name]()
        if rule not in rules:
            rules.append(rule)
    return tuple(rules)


for _factory in (partial(Diagonal, "+-"), partial(Diagonal, "+"), partial(Diagonal, "-"),
                 Windoku, Disjoint, *(partial(PairRule, *spec) for spec in PAIR_RULES)):
    register(_factory().name, _factory)


__all__ = [
    "CATALOGUE",
    "Boxes",
    "Cage",
    "Columns",
    "Diagonal",
    "Disjoint",
    "ExtraRegions",
    "Grid",
    "KillerCages",
    "Marking",
    "Move",
    "PairRule",
    "Parity",
    "RegionRule",
    "Relation",
    "Rows",
    "Rule",
    "Violation",
    "Windoku",
    "cell_var",
    "classic_rules",
    "completeness_violations",
    "parse_rules",
    "register",
]

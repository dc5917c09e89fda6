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
from satdoku.rules.data import DATA_KEYS, DataKey, lookup, register_data_key
from satdoku.rules.pairs import PAIR_RULES, Move, PairRule, Relation
from satdoku.rules.parity import Parity
from satdoku.rules.regions import Diagonal, Disjoint, ExtraRegions, Windoku

#: Global rules that a name alone selects (variants register here).
CATALOGUE: dict[str, Callable[[], Rule]] = {}


#: Board keys of a JSON puzzle, by the names people try (data rules: :mod:`.data`).
BOARD_KEYS = {"regions": "regions", "jigsaw": "regions"}


def per_puzzle_key(name: str) -> str | None:
    """The JSON key of the per-puzzle constraint people call ``name``, if there is one."""
    entry = lookup(name) or lookup(name.replace("-", "_"))
    return entry.key if entry else BOARD_KEYS.get(name)


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
        key = per_puzzle_key(name)
        if key and name not in CATALOGUE:
            raise RuleError(f"{name!r} needs data of each puzzle: give it as the key "
                            f"{key!r} of a JSON puzzle (see 'satdoku rules')")
        if name not in CATALOGUE:
            close = difflib.get_close_matches(name, CATALOGUE, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RuleError(f"unknown rule {name!r}{hint}; run 'satdoku rules' to list them")
        rule = CATALOGUE[name]()
        if rule not in rules:
            rules.append(rule)
    return tuple(rules)


# Each family of per-puzzle constraints registers its JSON keys (satdoku.rules.data) on import,
# in this order (the order of 'satdoku rules', the schema and the reader).
# isort: off
from satdoku.rules import thermo, lines_order, compare, arrows, dots, lines_set  # noqa: E402, F401
from satdoku.rules import outside  # noqa: E402, F401
# isort: on

for _factory in (partial(Diagonal, "+-"), partial(Diagonal, "+"), partial(Diagonal, "-"),
                 Windoku, Disjoint, *(partial(PairRule, *spec) for spec in PAIR_RULES)):
    register(_factory().name, _factory)


__all__ = [
    "CATALOGUE",
    "DATA_KEYS",
    "Boxes",
    "Cage",
    "Columns",
    "DataKey",
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
    "register_data_key",
]

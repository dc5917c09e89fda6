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
from typing import TYPE_CHECKING

from satdoku.errors import RuleError
from satdoku.lazy import Registry, module_face
from satdoku.rules.base import (
    Boxes,
    Columns,
    Grid,
    Marking,
    RegionRule,
    Rows,
    Rule,
    Violation,
    all_rules,
    cell_var,
    classic_rules,
    completeness_violations,
    grid_literals,
)

#: Every global rule (a name says it all: ``--rules anti-knight``) → the family that defines
#: it (a module's ``GLOBAL`` mapping of names to factories), in the order ``satdoku rules``
#: lists them. Read without imports; a family is imported on the first look-up of one of its
#: names (solving a classic puzzle needs none). A new global rule adds its row here.
GLOBAL_RULE_TABLE: dict[str, str] = {
    **dict.fromkeys(("diagonal", "diagonal+", "diagonal-", "windoku", "disjoint"),
                    "satdoku.rules.regions:GLOBAL"),
    **dict.fromkeys(("anti-knight", "anti-king", "nonconsecutive", "diagonal-nonconsecutive",
                     "knightmare"), "satdoku.rules.pairs:GLOBAL"),
    **dict.fromkeys(("self-taxicab",), "satdoku.rules.chess:GLOBAL"),
    **dict.fromkeys(("argyle", "asterisk", "centre-dot", "girandola"),
                    "satdoku.rules.placements:GLOBAL"),
}

#: Global rules that a name alone selects, name → factory (:func:`register` adds more).
CATALOGUE: Registry[Callable[[], Rule]] = Registry(GLOBAL_RULE_TABLE)


#: Board keys of a JSON puzzle, by the names people try (data rules: :mod:`.data`).
BOARD_KEYS = {"regions": "regions", "jigsaw": "regions"}


def per_puzzle_key(name: str) -> str | None:
    """The JSON key of the per-puzzle constraint people call ``name``, if there is one."""
    from satdoku.rules.data import lookup
    entry = lookup(name) or lookup(name.replace("-", "_"))
    return entry.key if entry else BOARD_KEYS.get(name)


def register(name: str, factory: Callable[[], Rule]) -> None:
    """Make ``factory()`` available as ``--rules name`` (a rule defined outside satdoku)."""
    CATALOGUE.add(name, factory)


def parse_rules(text: str) -> tuple[Rule, ...]:
    """``"anti-knight,anti-king"`` → rule objects, in the order given, duplicates dropped."""
    rules: list[Rule] = []
    for raw in text.split(","):
        name = raw.strip().lower()
        if not name:
            continue
        if name not in CATALOGUE and (key := per_puzzle_key(name)):
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


# Names exported here but defined in modules imported on first use: the global rules, the
# registry of per-puzzle constraints and some of their families.
if TYPE_CHECKING:
    from satdoku.rules.cages import Cage, KillerCages
    from satdoku.rules.data import DATA_KEYS, DataKey, lookup, register_data_key
    from satdoku.rules.pairs import PAIR_RULES, Move, PairRule, Relation
    from satdoku.rules.parity import Parity
    from satdoku.rules.regions import Diagonal, Disjoint, ExtraRegions, Windoku

_LAZY = {
    **{name: f"satdoku.rules.data:{name}"
       for name in ("DATA_KEYS", "DataKey", "lookup", "register_data_key")},
    **{name: f"satdoku.rules.pairs:{name}"
       for name in ("PAIR_RULES", "Move", "PairRule", "Relation")},
    **{name: f"satdoku.rules.regions:{name}"
       for name in ("Diagonal", "Disjoint", "ExtraRegions", "Windoku")},
    **{name: f"satdoku.rules.cages:{name}" for name in ("Cage", "KillerCages")},
    "Parity": "satdoku.rules.parity:Parity",
}
__getattr__, __dir__ = module_face(__name__, _LAZY)


__all__ = [
    "CATALOGUE",
    "DATA_KEYS",
    "GLOBAL_RULE_TABLE",
    "PAIR_RULES",
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
    "all_rules",
    "cell_var",
    "classic_rules",
    "completeness_violations",
    "grid_literals",
    "lookup",
    "parse_rules",
    "register",
    "register_data_key",
]

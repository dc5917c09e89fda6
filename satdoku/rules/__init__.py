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
import importlib
from collections.abc import Callable, Iterator, Mapping
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
    all_rules,
    cell_var,
    classic_rules,
    completeness_violations,
)


class _Catalogue(Mapping[str, Callable[[], Rule]]):
    """Rule name → factory. The built-in global rules (diagonals, windoku, disjoint groups,
    anti-knight …) are imported on first use: solving a classic puzzle needs none of them."""

    def __init__(self) -> None:
        self._factories: dict[str, Callable[[], Rule]] = {}
        self._loaded = False

    def _all(self) -> dict[str, Callable[[], Rule]]:
        if not self._loaded:
            self._loaded = True
            from satdoku.rules.pairs import PAIR_RULES, PairRule
            from satdoku.rules.regions import Diagonal, Disjoint, Windoku
            built_in = (partial(Diagonal, "+-"), partial(Diagonal, "+"), partial(Diagonal, "-"),
                        Windoku, Disjoint, *(partial(PairRule, *spec) for spec in PAIR_RULES))
            added, self._factories = self._factories, {}
            for factory in built_in:
                self._factories[factory().name] = factory
            self._factories.update(added)
        return self._factories

    def add(self, name: str, factory: Callable[[], Rule]) -> None:
        self._all()[name] = factory

    def __getitem__(self, name: str) -> Callable[[], Rule]:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: Global rules that a name alone selects, name → factory (variants register here).
CATALOGUE = _Catalogue()


#: Board keys of a JSON puzzle, by the names people try (data rules: :mod:`.data`).
BOARD_KEYS = {"regions": "regions", "jigsaw": "regions"}


def per_puzzle_key(name: str) -> str | None:
    """The JSON key of the per-puzzle constraint people call ``name``, if there is one."""
    from satdoku.rules.data import lookup
    entry = lookup(name) or lookup(name.replace("-", "_"))
    return entry.key if entry else BOARD_KEYS.get(name)


def register(name: str, factory: Callable[[], Rule]) -> None:
    """Make ``factory()`` available as ``--rules name``."""
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
# registry of per-puzzle constraints (satdoku.rules.data, which imports every family of them —
# killer cages, thermometers, dots … — on its first look-up) and some of those families.
_LAZY = {
    **dict.fromkeys(("DATA_KEYS", "DataKey", "lookup", "register_data_key"), "data"),
    **dict.fromkeys(("PAIR_RULES", "Move", "PairRule", "Relation"), "pairs"),
    **dict.fromkeys(("Diagonal", "Disjoint", "ExtraRegions", "Windoku"), "regions"),
    **dict.fromkeys(("Cage", "KillerCages"), "cages"),
    "Parity": "parity",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        module = importlib.import_module(f"{__name__}.{_LAZY[name]}")
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    "all_rules",
    "cell_var",
    "classic_rules",
    "completeness_violations",
    "parse_rules",
    "register",
    "register_data_key",
]

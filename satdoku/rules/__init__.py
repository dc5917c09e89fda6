"""The rule catalogue: classic constraints and variants, by name.

>>> [r.name for r in parse_rules("")]
[]
>>> parse_rules("nonsense")
Traceback (most recent call last):
...
satdoku.errors.RuleError: unknown rule 'nonsense'; run 'satdoku rules' to list them
"""

from __future__ import annotations

from collections.abc import Callable

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

#: Global rules that a name alone selects (variants register here).
CATALOGUE: dict[str, Callable[[], Rule]] = {}


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
        if name not in CATALOGUE:
            raise RuleError(f"unknown rule {name!r}; run 'satdoku rules' to list them")
        rule = CATALOGUE[name]()
        if rule not in rules:
            rules.append(rule)
    return tuple(rules)


__all__ = [
    "CATALOGUE",
    "Boxes",
    "Columns",
    "Grid",
    "Marking",
    "RegionRule",
    "Rows",
    "Rule",
    "Violation",
    "cell_var",
    "classic_rules",
    "completeness_violations",
    "parse_rules",
    "register",
]

"""A guard for the teach texts of variant steps: do the digits a text says each cell keeps
follow from the rule and the cited facts, and do they account for every literal the step
derives?

The rules are written here directly, as predicates over a filling of their cells (plain
Python, independent of the CNF and of the text's own arithmetic), and checked by brute force
over the digits the cited facts leave (``cand``). A text passes when, for every cell it
speaks of, (1) what it keeps lies within the digits left, (2) every filling that keeps the
rule puts there a digit it keeps (so "keeps" never drops a digit that can stay), and (3)
what it keeps rules out every elimination the step derives and forces every placement.

Glossary: a *filling* gives each cell one of its digits left; *prune* says whether a
filling's first cells can still be completed (a rule's definition on a prefix); the
*projection* is, per cell, the digits some filling that keeps the rule puts there.

>>> cand = {0: {1, 2, 3}, 1: {1, 2, 3}}
>>> rising = RuleCheck((0, 1), lambda w: w[0] < w[1])
>>> projection(rising, cand)
{0: {1, 2}, 1: {2, 3}}
>>> keeps_follow(rising, cand, {0: {1, 2}, 1: {2, 3}}, [(0, 3)], [])
True
>>> keeps_follow(rising, cand, {0: {1}, 1: {2, 3}}, [], [])   # 2 can stay in cell 0
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import pairwise

#: Fillings (and prefixes) tried before the guard gives up (and the text falls back).
MOST_TRIED = 200_000

Filling = tuple[int, ...]


@dataclass(frozen=True)
class RuleCheck:
    """A rule over ``cells`` as a predicate on a whole filling (``holds``) and, to prune the
    search, on a filling's first cells (``prune``: may they still be completed?)."""

    cells: tuple[int, ...]
    holds: Callable[[Filling], bool]
    prune: Callable[[Filling], bool] = lambda prefix: True


def projection(rule: RuleCheck, cand: Mapping[int, AbstractSet[int]]
               ) -> dict[int, set[int]] | None:
    """The digits each cell of ``rule`` takes in some filling that keeps it (None: more than
    :data:`MOST_TRIED` prefixes to try)."""
    cells = rule.cells
    seen: dict[int, set[int]] = {c: set() for c in cells}
    tried = 0

    def grow(prefix: Filling) -> bool:
        nonlocal tried
        tried += 1
        if tried > MOST_TRIED:
            return False
        if len(prefix) == len(cells):
            if rule.holds(prefix):
                for c, d in zip(cells, prefix, strict=True):
                    seen[c].add(d)
            return True
        return all(grow(p) for d in sorted(cand[cells[len(prefix)]])
                   if rule.prune(p := (*prefix, d)))
    return seen if grow(()) else None


def keeps_follow(rule: RuleCheck, cand: Mapping[int, AbstractSet[int]],
                 keep: Mapping[int, AbstractSet[int]], struck: Sequence[tuple[int, int]],
                 placed: Sequence[tuple[int, int]]) -> bool:
    """Whether ``keep`` (cell → the digits a text says it keeps) is true of ``rule`` with the
    digits left ``cand``, and rules out each (cell, digit) ``struck`` and forces each
    ``placed``; a cell of the rule the text does not speak of keeps its digits left."""
    real = projection(rule, cand)
    if real is None or any(c not in cand or not set(keep[c]) <= set(cand[c]) or
                           not real[c] <= set(keep[c]) for c in keep if c in real):
        return False
    said = {c: set(keep[c]) if c in keep else set(cand.get(c, ())) for c in rule.cells}
    return (all(c in said and d not in said[c] for c, d in struck)
            and all(c in said and said[c] == {d} for c, d in placed))


# -- the rules, written directly -----------------------------------------------------------
def rising(cells: Sequence[int], slow: bool = False) -> RuleCheck:
    """A thermometer from its bulb: each digit above (slow: not below) the one before.

    >>> rising((0, 1)).holds((2, 2)), rising((0, 1), slow=True).holds((2, 2))
    (False, True)
    """
    def ok(w: Filling) -> bool:
        return all(a <= b if slow else a < b for a, b in pairwise(w))
    return RuleCheck(tuple(cells), ok, ok)


def arrow_sum(circle: int, line: Sequence[int]) -> RuleCheck:
    """An arrow: the circle (first) equal to the sum of its line's digits (which may repeat).

    >>> arrow_sum(0, (1, 2)).holds((5, 2, 3))
    True
    """
    return RuleCheck((circle, *line), lambda w: w[0] == sum(w[1:]),
                     lambda p: sum(p[1:]) + (len(line) + 1 - len(p)) <= p[0])


def apart_by(cells: Sequence[int], gap: int) -> RuleCheck:
    """A whisper line: neighbours differ by at least ``gap``."""
    def ok(w: Filling) -> bool:
        return all(abs(a - b) >= gap for a, b in pairwise(w))
    return RuleCheck(tuple(cells), ok, ok)


def run_of(cells: Sequence[int]) -> RuleCheck:
    """A renban line: different digits that make a run of consecutive ones."""
    def ok(w: Filling) -> bool:
        return len(set(w)) == len(w) and max(w) - min(w) == len(w) - 1

    def prune(p: Filling) -> bool:
        return len(set(p)) == len(p) and max(p) - min(p) < len(cells)
    return RuleCheck(tuple(cells), ok, prune)


def cage(cells: Sequence[int], sums: Sequence[int]) -> RuleCheck:
    """A killer cage: different digits adding up to one of ``sums``."""
    def ok(w: Filling) -> bool:
        return len(set(w)) == len(w) and sum(w) in sums
    return RuleCheck(tuple(cells), ok,
                     lambda p: len(set(p)) == len(p) and sum(p) <= max(sums))

"""The technique catalogue: each name, its family, its weight on the human scale, and the
editor's logic family it belongs to.

The weights follow the scale of Sudoku Explainer (SE), the rating the solving community
publishes puzzles with (1.0 full house … 2.3 naked single … 3.2 X-wing … 4.2 XY-wing …
6.5+ chains … 7.5+ forcing chains), so that a path's hardest step reads as an SE-like
number; the values were then checked against SE ratings of public puzzles (docs/explain.md,
``scripts/bench_explain_names.py``). Steps on variant constraints have no SE value: they
are weighted like the classic steps of the same size (one constraint like a single, two
like locked candidates …).

``EDITOR_FAMILY`` maps each technique to one of the editor's ``disabledlogic`` families
(``tuples pointing fishes wings aic contradictions``); singles belong to none and can never
be switched off.

>>> weight("naked pair"), family_of("XY-wing"), family_of("hidden single")
(3.0, 'wings', None)
>>> family_of("forcing chain"), family_of("cage combinations")
('contradictions', None)
>>> weight("kropki chain", 3), weight("cage combinations")
(3.2, 1.8)
"""

from __future__ import annotations

#: name → (weight, editor family or None). Data, easiest first.
TECHNIQUES: dict[str, tuple[float, str | None]] = {
    "full house": (1.0, None),
    "hidden single": (1.5, None),
    "naked single": (2.3, None),
    "locked candidates (pointing)": (2.6, "pointing"),
    "locked candidates (claiming)": (2.8, "pointing"),
    "locked candidates": (2.8, "pointing"),
    "naked pair": (3.0, "tuples"),
    "X-wing": (3.2, "fishes"),
    "hidden pair": (3.4, "tuples"),
    "naked triple": (3.6, "tuples"),
    "swordfish": (3.8, "fishes"),
    "hidden triple": (4.0, "tuples"),
    "skyscraper": (4.0, "fishes"),
    "2-string kite": (4.1, "fishes"),
    "XY-wing": (4.2, "wings"),
    "turbot fish": (4.2, "fishes"),
    "empty rectangle": (4.3, "fishes"),
    "finned X-wing": (4.3, "fishes"),
    "W-wing": (4.4, "wings"),
    "XYZ-wing": (4.4, "wings"),
    "unique rectangle": (4.5, "contradictions"),
    "hidden rectangle": (4.5, "contradictions"),
    "finned swordfish": (4.6, "fishes"),
    "naked quad": (5.0, "tuples"),
    "jellyfish": (5.2, "fishes"),
    "hidden quad": (5.4, "tuples"),
    "finned jellyfish": (5.6, "fishes"),
    "BUG+1": (5.6, "contradictions"),
    "simple colouring (trap)": (5.5, "aic"),
    "simple colouring (wrap)": (5.5, "aic"),
    "X-chain": (6.5, "aic"),
    "XY-chain": (6.6, "aic"),
    "AIC": (7.0, "aic"),
    "ALS-XZ": (7.3, "aic"),
    "ALS-XY-wing": (7.6, "aic"),
    "forcing chain": (7.8, "contradictions"),
    "forcing net": (8.8, "contradictions"),
    "nested forcing net": (9.4, "contradictions"),
    "trial and error": (9.8, "contradictions"),
    # variant and generic steps (no SE value: weighted by size)
    "innies/outies": (2.8, None),
    "45 rule": (2.8, None),
    "deduction": (3.6, "contradictions"),
    "contradiction chain": (7.8, "contradictions"),
}

#: Weight of a one-constraint variant step (cage sum, thermometer …): a single.
VARIANT_SINGLE = 1.8
#: Weight of a variant step citing k constraints: this base plus STEP per constraint.
VARIANT_BASE, VARIANT_STEP = 2.0, 0.4
#: Names of variant techniques (:data:`.names.VARIANT_SHAPES`, :data:`.names.RULE_PHRASES`):
#: no SE value and no editor family, weighted by size like every variant step (so naming a
#: step never changes its weight); listed so that no prefix of a classic name claims them.
VARIANT_TECHNIQUES = frozenset({
    "cage combinations", "thermometer bounds", "arrow sum", "little killer sum",
    "sandwich sum", "white dot", "black dot", "XV sum", "negative constraint",
    "whisper bounds", "renban window", "skyscraper clue", "kropki chain", "cage overlap",
    "thermometer chain", "whisper chain", "renban chain", "arrow chain", "whisper parity",
    "sandwich placements", "arrow pill"})
#: Chains: weight grows with the number of links past the shortest (SE adds about this).
CHAIN_STEP = 0.1

#: The editor's logic families (``disabledlogic`` of the f-puzzles protocol).
EDITOR_FAMILIES = ("tuples", "pointing", "fishes", "wings", "aic", "contradictions")


def weight(name: str, groups: int = 1) -> float:
    """The weight of a step named ``name`` citing ``groups`` constraints."""
    if name in TECHNIQUES:
        return TECHNIQUES[name][0]
    if groups <= 1:
        return VARIANT_SINGLE
    return round(VARIANT_BASE + VARIANT_STEP * groups, 2)


def family_of(name: str) -> str | None:
    """The editor family a step named ``name`` belongs to (None: singles, variant sums …)."""
    if name in TECHNIQUES:
        return TECHNIQUES[name][1]
    if name.split(" + ")[0] in VARIANT_TECHNIQUES:
        return None
    for base, (_, fam) in TECHNIQUES.items():
        if name.startswith(base + " ") or name.startswith(base + "("):
            return fam
    return None

"""Cardinality constraints over literals, with a selectable encoding.

Every encoding has one signature: ``at_most_one(formula, lits, encoding)`` adds clauses (and
auxiliary variables from ``formula.pool``) to ``formula``. PySAT's :class:`pysat.card.CardEnc`
provides pairwise, sequential counter, ladder, bitwise and the totalizer family; commander,
product and bimander are written in :mod:`cnf.amo`; ``native`` keeps the constraint as a
native cardinality constraint for Minicard/Gluecard.

Sizes of at-most-one over n ≥ 3 inputs (auxiliary variables; clauses), as in the papers:

- pairwise: 0; n(n−1)/2
- sequential counter (Sinz 2005): n − 1; 3n − 4
- ladder (Gent & Nightingale 2004, over the inputs plus a "none" value): n + 1; 4n
- bitwise (Frisch et al. 2005): ⌈log₂ n⌉; n·⌈log₂ n⌉
- commander (Klieber & Kwon 2007), groups of 3: (n − 3)/2; 3.5n − 7.5 for n = 3^k
- product (Chen 2010): 2√n + O(n^¼); 2n + 4√n + O(n^¼)
- bimander (Nguyen & Mai 2015), m = ⌈√n⌉ groups of g: ⌈log₂ m⌉; n(g − 1)/2 + n⌈log₂ m⌉
- totalizer (Bailleux & Boufkhad 2003): O(n log n); O(n log n)
- native: 0; one native constraint (Minicard/Gluecard only, no DIMACS form)

>>> from cnf import Formula
>>> f = Formula(reserved=3)
>>> at_most_one(f, [1, 2, 3], AMO.PAIRWISE)
>>> f.clauses
[[-1, -2], [-1, -3], [-2, -3]]
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from functools import cache
from itertools import combinations

from cnf.budget import Size, SizeCounter
from cnf.formula import Formula, Lit


class AMO(str, Enum):
    """At-most-one encodings, by the names used in the literature."""

    PAIRWISE = "pairwise"
    SEQUENTIAL = "sequential"
    LADDER = "ladder"
    BITWISE = "bitwise"
    COMMANDER = "commander"
    PRODUCT = "product"
    BIMANDER = "bimander"
    TOTALIZER = "totalizer"
    NATIVE = "native"


#: PySAT's ``EncType`` names of the encodings it writes (pysat.card is imported on first use).
_CARDENC = {
    AMO.PAIRWISE: "pairwise",
    AMO.SEQUENTIAL: "seqcounter",
    AMO.LADDER: "ladder",
    AMO.BITWISE: "bitwise",
    AMO.TOTALIZER: "totalizer",
}
#: The encodings written in :mod:`cnf.amo` (imported on first use), by function name.
_HANDWRITTEN = {AMO.COMMANDER: "commander", AMO.PRODUCT: "product", AMO.BIMANDER: "bimander"}


def at_most_one(formula: Formula, lits: Sequence[Lit], encoding: AMO = AMO.PAIRWISE) -> None:
    """Add "at most one of ``lits`` is true" to ``formula``.

    >>> f = Formula(reserved=4)
    >>> at_most_one(f, [1, 2, 3, 4], AMO.SEQUENTIAL)
    >>> f.num_vars > 4
    True
    """
    lits = list(lits)
    if len(lits) <= 1:
        return
    encoding = AMO(encoding)
    if encoding is AMO.PAIRWISE:  # the same clauses, in the same order, as PySAT's
        formula.add_owned([[-a, -b] for a, b in combinations(lits, 2)])
    elif encoding is AMO.NATIVE:
        formula.add_atmost(lits, 1)
    elif encoding in _HANDWRITTEN:
        import cnf.amo as amo
        getattr(amo, _HANDWRITTEN[encoding])(formula, lits)
    else:
        _add_cardenc(formula, lits, 1, encoding)


def at_least_one(formula: Formula, lits: Sequence[Lit]) -> None:
    """Add the clause "at least one of ``lits``"."""
    formula.add(lits)


def exactly_one(formula: Formula, lits: Sequence[Lit], encoding: AMO = AMO.PAIRWISE) -> None:
    """Add "exactly one of ``lits``": the at-least-one clause plus at-most-one.

    >>> f = Formula(reserved=2)
    >>> exactly_one(f, [1, 2])
    >>> f.clauses
    [[1, 2], [-1, -2]]
    """
    at_least_one(formula, lits)
    at_most_one(formula, lits, encoding)


def at_most_k(formula: Formula, lits: Sequence[Lit], k: int,
              encoding: AMO = AMO.SEQUENTIAL) -> None:
    """Add "at most ``k`` of ``lits``" (pairwise/bitwise/ladder exist only for k = 1).

    >>> f = Formula(reserved=3)
    >>> at_most_k(f, [1, 2, 3], 2, AMO.PAIRWISE)
    Traceback (most recent call last):
    ...
    ValueError: the pairwise encoding handles k = 1 only; use sequential or totalizer
    """
    encoding = AMO(encoding)
    if k == 1:
        at_most_one(formula, lits, encoding)
    elif encoding is AMO.NATIVE:
        formula.add_atmost(list(lits), k)
    elif encoding in (AMO.SEQUENTIAL, AMO.TOTALIZER):
        _add_cardenc(formula, list(lits), k, encoding)
    else:
        raise ValueError(f"the {encoding.value} encoding handles k = 1 only; "
                         "use sequential or totalizer")


@cache
def amo_size(k: int, encoding: AMO = AMO.PAIRWISE) -> Size:
    """The size of :func:`at_most_one` over ``k`` literals: auxiliary variables, clauses,
    literals (a native constraint counts as one clause of k literals).

    Pairwise and native by formula; the others by encoding k literals into a
    :class:`~cnf.budget.SizeCounter` once (they grow about linearly: cheap, and exact).

    >>> amo_size(36), amo_size(36, AMO.SEQUENTIAL)
    (Size(variables=0, clauses=630, literals=1260), Size(variables=35, clauses=104, literals=208))
    """
    encoding = AMO(encoding)
    if k <= 1:
        return Size()
    if encoding is AMO.PAIRWISE:
        return Size(0, k * (k - 1) // 2, k * (k - 1))
    if encoding is AMO.NATIVE:
        return Size(0, 1, k)
    counter = SizeCounter(reserved=k)
    at_most_one(counter, range(1, k + 1), encoding)
    return counter.size


def _add_cardenc(formula: Formula, lits: list[Lit], k: int, encoding: AMO) -> None:
    if k >= len(lits):
        return
    from pysat.card import CardEnc, EncType
    cnf = CardEnc.atmost(lits, k, vpool=formula.pool,
                         encoding=getattr(EncType, _CARDENC[encoding]))
    formula.extend(cnf.clauses)

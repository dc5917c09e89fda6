"""Hand-written at-most-one encodings that PySAT's ``CardEnc`` lacks.

- **commander** (Klieber & Kwon 2007): split the inputs into groups of ``g`` (3), pairwise
  inside each group, a commander variable per group (``x → c`` and ``c → ∨ group``), then
  at-most-one over the commanders, recursively. For n = 3^k: ``(n − 3)/2`` auxiliaries and
  ``3.5 n − 7.5`` clauses.
- **product** (Chen 2010): place the inputs on a p × q grid (p = ⌈√n⌉, q = ⌈n/p⌉) with a
  row variable u_i and a column variable v_j; ``x_ij → u_i``, ``x_ij → v_j``, then
  at-most-one over the u's and over the v's, recursively: ``p + q`` auxiliaries and
  ``2n`` clauses per level.
- **bimander** (Nguyen & Mai 2015): m = ⌈√n⌉ groups, pairwise inside each, and the index of
  the group that holds the true input written in ⌈log₂ m⌉ bits: ``x → (±b_j)``.

Every function adds its clauses to ``formula`` and takes auxiliaries from ``formula.pool``.
Two inputs or fewer always give the single pairwise clause (as PySAT does).

>>> from cnf.formula import Formula
>>> f = Formula(reserved=9)
>>> commander(f, range(1, 10))
>>> f.num_vars - 9, len(f.clauses)
(3, 24)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

from cnf.formula import Formula, Lit

COMMANDER_GROUP = 3
#: Product encoding: inputs at or below this count get pairwise clauses.
PRODUCT_BASE = 4


def pairwise(formula: Formula, lits: Sequence[Lit]) -> None:
    """``¬a ∨ ¬b`` for every two of ``lits``: n(n−1)/2 clauses, no auxiliaries.

    >>> f = Formula(reserved=3); pairwise(f, [1, 2, 3]); f.clauses
    [[-1, -2], [-1, -3], [-2, -3]]
    """
    formula.extend([-a, -b] for a, b in combinations(lits, 2))


def commander(formula: Formula, lits: Sequence[Lit], group: int = COMMANDER_GROUP) -> None:
    """At most one of ``lits``, by commander variables over groups of ``group`` inputs.

    >>> f = Formula(reserved=4); commander(f, [1, 2, 3, 4]); f.clauses[-1]
    [-5, -4]
    """
    lits = list(lits)
    while len(lits) > group:
        commanders = []
        for start in range(0, len(lits), group):
            chunk = lits[start:start + group]
            if len(chunk) == 1:
                commanders.append(chunk[0])
                continue
            c = formula.new_var()
            pairwise(formula, chunk)
            formula.extend([-x, c] for x in chunk)
            formula.add([-c, *chunk])
            commanders.append(c)
        lits = commanders
    pairwise(formula, lits)


def product(formula: Formula, lits: Sequence[Lit]) -> None:
    """At most one of ``lits``, by Chen's two-dimensional product encoding.

    >>> f = Formula(reserved=9); product(f, range(1, 10))
    >>> f.num_vars - 9, len(f.clauses)
    (6, 24)
    """
    lits = list(lits)
    n = len(lits)
    if n <= PRODUCT_BASE:
        pairwise(formula, lits)
        return
    p = math.isqrt(n - 1) + 1
    q = -(-n // p)
    rows = [formula.new_var() for _ in range(p)]
    cols = [formula.new_var() for _ in range(q)]
    for k, x in enumerate(lits):
        i, j = divmod(k, q)
        formula.extend([[-x, rows[i]], [-x, cols[j]]])
    product(formula, rows)
    product(formula, cols)


def bimander(formula: Formula, lits: Sequence[Lit]) -> None:
    """At most one of ``lits``: pairwise inside ⌈√n⌉ groups, the group index in binary.

    >>> f = Formula(reserved=9); bimander(f, range(1, 10))
    >>> f.num_vars - 9, len(f.clauses)
    (2, 27)
    """
    lits = list(lits)
    n = len(lits)
    if n <= 2:
        pairwise(formula, lits)
        return
    m = math.isqrt(n - 1) + 1
    size = -(-n // m)
    groups = [lits[k:k + size] for k in range(0, n, size)]
    bits = [formula.new_var() for _ in range((len(groups) - 1).bit_length())]
    for index, chunk in enumerate(groups):
        pairwise(formula, chunk)
        formula.extend([-x, b if index >> j & 1 else -b]
                       for x in chunk for j, b in enumerate(bits))

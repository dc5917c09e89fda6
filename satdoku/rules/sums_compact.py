"""Compact weighted sums: each digit in order encoding, a sum as one cardinality constraint.

Glossary: the *order literal* ``o(c, v)`` (v = 1..n−1) is true exactly when the digit of
cell c is greater than v, so ``digit(c) = 1 + Σ_v o(c, v)``; a *term* ``(cell, weight)``
counts each of its order literals ``weight`` times. A weighted sum of digits is then a
number of true literals, which PySAT's cardinality encodings (:mod:`pysat.card`) bound:

- ``Σ w·digit ∈ [low, high]``  ⇔  ``low − W ≤ #true(o, each w times) ≤ high − W`` with
  ``W = Σ w``;
- ``Σ_A w·digit = Σ_B w·digit``  ⇔  ``#true(o_A, ¬o_B) = n·W_B − W_A`` (each w times),
  since ``Σ_B w·Σ_v ¬o(b, v) = (n−1)·W_B − Σ_B w·Σ_v o(b, v)``.

The order literals of a cell cost ``4n − 4`` clauses once (shared by every compact sum over
the cell, by name ``r1c1>v``); a sum costs what its cardinality encoding costs over
``Σ w·(n−1)`` inputs — :data:`CARD_ENCODING`, chosen by scripts/bench_big_sums.py. Unlike the
decision diagram of :mod:`satdoku.rules.sums` (arc consistent, about ``k²n²/2``
transitions for k cells), unit propagation here is not complete, but the size grows far more
slowly (about N·log²N for N inputs): a cage of 18 cells on 36x36 needs 111,566 clauses
instead of 224,656–280,278 (by its sum), a sum along a 25x25 diagonal half as many.

With a guard g, every clause of the cardinality encoding gets ``¬g`` (the order literals'
definitions hold always).

>>> from cnf import Formula, Session
>>> from satdoku.board import Board
>>> from satdoku.rules.base import cell_var
>>> b = Board.classic(4)
>>> f = Formula(reserved=64)
>>> f.extend([[cell_var(b, i, d) for d in range(1, 5)] for i in range(16)])
>>> require_range(b, f, [(0, 1), (1, 1)], 7, 7)               # r1c1 + r1c2 = 7
>>> digits = [cell_var(b, i, d) for i in (0, 1) for d in range(1, 5)]
>>> with Session(f) as s:
...     sorted(sorted((v - 1) % 4 + 1 for v in m) for m in s.enumerate(digits))
[[3, 4], [3, 4]]
"""

from __future__ import annotations

from collections.abc import Sequence

from cnf import Formula
from satdoku.board import Board
from satdoku.rules.base import cell_var

Term = tuple[int, int]
Lit = int
#: The cardinality encoding of PySAT's ``EncType`` used for compact sums: cardinality
#: networks (Asín et al. 2011). The k-modulo totalizer is 2–4× smaller but propagated so
#: little that 25x25 diagonals took 170× the conflicts (docs/encodings.md).
CARD_ENCODING = "cardnetwrk"


def order_literals(board: Board, formula: Formula, cell: int) -> list[Lit]:
    """``o(cell, v)`` for v = 1..n−1 (true when the digit is greater than v), defined on
    first use by 4n − 4 clauses over the cell's digit variables."""
    n, name = board.n, board.cell_name(cell)
    first = f"{name}>1"
    defined = first in formula.pool.obj2id
    order = [formula.var(f"{name}>{v}") for v in range(1, n)]
    if defined or n < 2:
        return order
    x = [0] + [cell_var(board, cell, d) for d in range(1, n + 1)]  # x[d]
    o = [0, *order]                                                   # o[v], v = 1..n−1
    formula.extend([-o[v], o[v - 1]] for v in range(2, n))           # o_v → o_{v−1}
    formula.extend([-x[d], o[d - 1]] for d in range(2, n + 1))       # d > d − 1
    formula.extend([-x[d], -o[d]] for d in range(1, n))              # not d > d
    formula.add([o[1], x[1]])                                         # not > 1: it is 1
    formula.extend([-o[v - 1], o[v], x[v]] for v in range(2, n))     # > v−1, not > v: v
    formula.add([-o[n - 1], x[n]])                                    # > n − 1: it is n
    return order


def _inputs(board: Board, formula: Formula, terms: Sequence[Term], sign: int = 1) -> list[Lit]:
    """The order literals of ``terms``, each ``weight`` times (negated when sign is −1)."""
    return [sign * o for cell, weight in terms
            for o in order_literals(board, formula, cell) for _ in range(weight)]


def require_count(formula: Formula, lits: Sequence[Lit], low: int, high: int,
                  guard: Lit | None = None) -> None:
    """``guard`` → between ``low`` and ``high`` of ``lits`` are true (PySAT's
    :data:`CARD_ENCODING`; repeated literals count as many times as they appear)."""
    from pysat.card import CardEnc, EncType
    low, high = max(low, 0), min(high, len(lits))
    when = [] if guard is None else [-guard]
    if low > high:
        formula.add(when)
        return
    encoding = getattr(EncType, CARD_ENCODING)
    parts = []
    if low == high:
        parts.append(CardEnc.equals(list(lits), low, vpool=formula.pool, encoding=encoding))
    else:
        if low > 0:
            parts.append(CardEnc.atleast(list(lits), low, vpool=formula.pool,
                                         encoding=encoding))
        if high < len(lits):
            parts.append(CardEnc.atmost(list(lits), high, vpool=formula.pool,
                                        encoding=encoding))
    for cnf in parts:
        formula.add_owned([[*clause, *when] for clause in cnf.clauses])


def require_range(board: Board, formula: Formula, terms: Sequence[Term], low: int, high: int,
                  guard: Lit | None = None) -> None:
    """``guard`` → ``low ≤ Σ weight·digit(cell) ≤ high``."""
    offset = sum(w for _, w in terms)
    require_count(formula, _inputs(board, formula, terms), low - offset, high - offset, guard)


def require_equal_pair(board: Board, formula: Formula, a: Sequence[Term],
                       b: Sequence[Term]) -> None:
    """``Σ_a weight·digit = Σ_b weight·digit`` as one cardinality constraint."""
    lits = _inputs(board, formula, a) + _inputs(board, formula, b, -1)
    target = board.n * sum(w for _, w in b) - sum(w for _, w in a)
    require_count(formula, lits, target, target)


def inputs(n: int, terms: Sequence[Term]) -> int:
    """How many inputs the cardinality constraint of ``terms`` has: ``Σ w·(n−1)``."""
    return sum(w for _, w in terms) * (n - 1)

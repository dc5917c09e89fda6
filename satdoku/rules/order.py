"""The order encoding of digits, shared by the rules that compare digits (thermometers,
greater-than signs, minima and maxima, between lines).

Glossary: an *order literal* ``ge(i, k)`` is the CNF variable "the digit of cell i is at
least k" (2 ≤ k ≤ n; ``ge(i, 1)`` is the constant True and ``ge(i, n+1)`` the constant False,
which :func:`ge` returns as Python booleans); a *chain* is a sequence of cells whose digits
rise by at least ``gap`` at each step (gap 1: strictly, as on a thermometer; gap 0: never
decreasing, as on a slow thermometer).

Order literals are named pool variables ``("ge", cell, k)``, so every rule that asks for
them gets the same variables; the first request for a cell adds its *channelling* clauses
(once per cell, whatever the number of rules):

- ``ge(i, k+1) → ge(i, k)`` (the ladder);
- ``v(i, d) → ge(i, d)`` and ``v(i, d) → ¬ge(i, d+1)``;
- ``ge(i, d) ∧ ¬ge(i, d+1) → v(i, d)``.

Unit propagation then keeps digits and bounds in step both ways: removing digits 1..k-1
makes ``ge(i, k)`` true, and a false ``ge(i, k)`` removes digits k..n. "d_b ≥ d_a + gap" is
then one clause per k, ``ge(a, k) → ge(b, k + gap)``, which propagates bounds both ways
(arc consistent for a single comparison) and transitively along a chain.

>>> from cnf import Formula
>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> f = Formula(reserved=4 ** 3)
>>> ge(b, f, 0, 1), ge(b, f, 0, 5)
(True, False)
>>> add_less(b, f, 0, 1)                        # r1c1 < r1c2: 2 × 12 channelling + 4
>>> len(f.clauses), f.clauses[-1]            # the last: ge(r1c1, 4) → ge(r1c2, 5), false
(28, [-70])
>>> chain_break(4, (3, 0, 2), gap=1)            # 3 ... 2 cannot rise: positions 0 and 2
(0, 2)
>>> chain_break(4, (0, 0, 1), gap=0) is None    # 1 ≤ 1 ≤ 1 is fine when never decreasing
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from cnf import Formula
from satdoku.board import Board
from satdoku.rules.base import cell_var

#: A literal, or a constant (True / False) that clauses simplify away.
Literal = int | bool


def ge(board: Board, formula: Formula, cell: int, k: int) -> Literal:
    """The literal "the digit of ``cell`` is at least k": True for k ≤ 1, False for k > n.

    Give the result to :func:`add_clause` (which folds the constants), never straight to
    ``formula.add``: Python's True is the integer 1, a cell variable.

    >>> from cnf import Formula
    >>> f = Formula(reserved=4 ** 3)
    >>> ge(Board.classic(4), f, 5, 3), len(f.clauses)   # 3 variables, channelled once
    (66, 12)
    """
    if k <= 1:
        return True
    if k > board.n:
        return False
    if ("ge", cell, 2) not in formula.pool.obj2id:
        _channel(board, formula, cell)
    return formula.var(("ge", cell, k))


def _channel(board: Board, formula: Formula, cell: int) -> None:
    """Link the order literals of ``cell`` to its digit variables (see the module doc)."""
    n = board.n
    order = {k: formula.var(("ge", cell, k)) for k in range(2, n + 1)}

    def at_least(k: int) -> Literal:
        return True if k <= 1 else order.get(k, False)

    for k in range(3, n + 1):
        formula.add([-order[k], order[k - 1]])
    for d in range(1, n + 1):
        v = cell_var(board, cell, d)
        add_clause(formula, [-v, at_least(d)])
        add_clause(formula, [-v, negate(at_least(d + 1))])
        add_clause(formula, [negate(at_least(d)), at_least(d + 1), v])


def negate(lit: Literal) -> Literal:
    """The negation of a literal or a constant."""
    return not lit if isinstance(lit, bool) else -lit


def add_clause(formula: Formula, lits: Iterable[Literal]) -> None:
    """Add the clause ``lits`` with constants simplified: a True makes it vanish, a False is
    dropped (all False: the empty clause, which makes the formula unsatisfiable)."""
    clause: list[int] = []
    for lit in lits:
        if lit is True:
            return
        if lit is not False:
            clause.append(lit)
    formula.add(clause)


def add_less(board: Board, formula: Formula, a: int, b: int, gap: int = 1,
             guard: Sequence[int] = ()) -> None:
    """Clauses for "d_b ≥ d_a + gap" (gap 1: d_a < d_b, gap 0: d_a ≤ d_b): for every k,
    ``ge(a, k) → ge(b, k + gap)``; each clause is weakened by the literals ``guard`` (the
    comparison holds only when they are all false)."""
    for k in range(1, board.n + 1):
        add_clause(formula, [*guard, negate(ge(board, formula, a, k)),
                             ge(board, formula, b, k + gap)])


def add_range(board: Board, formula: Formula, cell: int, low: int, high: int) -> None:
    """Unit clauses removing every digit of ``cell`` outside ``low..high``."""
    formula.extend([-cell_var(board, cell, d)] for d in range(1, board.n + 1)
                   if not low <= d <= high)


def add_chain(board: Board, formula: Formula, cells: Sequence[int], gap: int) -> None:
    """A chain: each cell's digit at least ``gap`` above the one before, with the bounds
    this implies removed at once (the j-th of L cells lies in ``1 + gap·j .. n − gap·(L−1−j)``,
    0-based j)."""
    last = len(cells) - 1
    for j, cell in enumerate(cells):
        add_range(board, formula, cell, 1 + gap * j, board.n - gap * (last - j))
    for a, b in pairwise(cells):
        add_less(board, formula, a, b, gap)


def chain_break(n: int, digits: Sequence[int], gap: int) -> tuple[int, int] | None:
    """The first two points of a chain's (partial) digits that no filling of the blanks can
    make rise by ``gap`` a step within 1..n, as positions (p, q), p < q; None when the digits
    can still be completed. (The chain alone: other rules are ignored.)

    Filled digits at positions p < q need ``d_q − d_p ≥ gap·(q − p)``. Position −1 stands
    for the floor 0 below the first cell and position L (the length) for the ceiling n + 1
    above the last, so a digit too small or too large for its place is caught too.

    >>> chain_break(9, (0, 1, 0), gap=1)          # 1 cannot be second: nothing below it
    (-1, 1)
    >>> chain_break(9, (8, 0, 0), gap=1)          # two digits above 8 are needed
    (0, 3)
    >>> chain_break(9, (2, 0, 3), gap=1)
    (0, 2)
    """
    size = len(digits)
    points = [(-1, 0), *((p, d) for p, d in enumerate(digits) if d), (size, n + 1)]
    best_at, best = -1, gap  # the point with the largest d_p − gap·p so far (the floor)
    for q, d in points[1:]:
        if d - gap * q < best:
            return best_at, q
        best_at, best = q, d - gap * q  # (not below best: a new maximum, or a later tie)
    return None


def stretch(cells: Sequence[int], p: int, q: int) -> tuple[int, ...]:
    """The cells from position p to q of a chain, the floor (−1) and ceiling (L) left out."""
    return tuple(cells[max(p, 0):q + 1])

"""Weighted sums of cell digits as CNF: a layered decision diagram (MDD) over the cells.

Glossary: a *term* is ``(cell, weight)`` with weight >= 1; the *sum* of terms is
``Σ weight·digit(cell)`` (cells may be anywhere: their digits may repeat); a *layer* k holds
the *states* after the first k terms — the partial sums that are reachable from 0 and can
still reach an allowed total; a *transition* is (state p of layer k, digit d of term k) going
to state ``p + w_k·d`` of layer k+1; a *guard* is a literal that switches a constraint on.

:func:`sum_literals` returns one literal per reachable total, true exactly when the terms add
up to it (exactly one is true in every model); :func:`require_sum` restricts the total to a
set of allowed values, optionally only when a guard literal is true; :func:`require_equal`
makes two such totals equal; :func:`require_equal_sums` makes several sums equal. Rules
build on these (arrows, region-sum lines, zipper lines, little killers, sandwiches, x-sums,
big killer cages).

Big sums: the diagram grows as about ``k²n²/2`` transitions for k cells on an n×n board
(an 18-cell cage on 36x36: 280,000 clauses; a 35-cell little killer: 1.1 million). A sum
whose diagram would have more than :data:`COMPACT_ABOVE` transitions (:func:`transitions`,
an upper bound computed without building anything) is encoded compactly instead — order
literals and one cardinality constraint (:mod:`satdoku.rules.sums_compact`), not arc
consistent but an order of magnitude smaller; :func:`require_sum` does so when the allowed
totals form one range, :func:`require_equal_sums` always. :func:`sum_literals` (one literal
per total) is always a diagram. scripts/bench_big_sums.py measured where the switch pays
(docs/encodings.md).

The encoding (Bacchus 2007, "GAC via unit propagation", for the regular constraint) gives
each state ``s`` and each transition ``t`` a variable, with ``x`` the digit variable:

- ``t → s(k, p)``, ``t → x(cell_k, d)``, ``t → s(k+1, p + w·d)``;
- ``s(k, p) → ∨ outgoing t`` and ``s(k+1, q) → ∨ incoming t`` (support both ways);
- ``x(cell_k, d) → ∨ t`` over the transitions labelled d (with ``¬guard ∨`` when guarded);
- with a guard g as the root state: ``g → ∨ s(k, ·)`` for every layer.

Unit propagation on it is complete (generalised arc consistency): a digit is removed from a
cell as soon as no allowed total remains reachable with it, and a total as soon as no digits
left can make it. States that cannot reach an allowed total are never created, so a required
sum prunes digits before search. Without a guard the first layer costs nothing: the states
after one term are the digit variables of its cell.

Size for L terms with states S_k per layer and T_k transitions (T_k <= n·S_k):
``Σ S_k + T_k`` variables and about ``Σ 3·T_k + S_k + S_{k+1} + n`` clauses. For weights 1 on
an n×n board, S_k <= (n−1)·k + 1: a sum over 3 cells on 9×9 costs about 280 variables and
790 clauses, over 9 cells about 3,000 variables and 8,700 clauses (a tuple enumeration
would need 9^9 clauses). Names of the auxiliary variables start with ``name``, so a second
call with the same name and terms returns the same literals and adds nothing.

>>> from cnf import Session
>>> from satdoku.encoding import build
>>> b = Board.classic(4)
>>> f = build(b).copy()                 # a copy: the cached CNF is never changed
>>> total = sum_literals(b, f, [(0, 1), (1, 2)], "r1c1+2*r1c2")  # digit(r1c1) + 2·digit(r1c2)
>>> sorted(total)
[3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
>>> digits = [cell_var(b, cell, d) for cell in (0, 1) for d in range(1, 5)]
>>> with Session(f) as s:                # total 7: r1c1, r1c2 = 1, 3 or 3, 2
...     sorted([(v - 1) % 4 + 1 for v in m] for m in s.enumerate(digits, [total[7]]))
[[1, 3], [3, 2]]
>>> require_sum(b, f, [(0, 1), (4, 1)], [7], "r1c1+r2c1")    # r1c1 + r2c1 = 7: 3+4 or 4+3
>>> [-cell_var(b, 0, 1)] in f.clauses, [-cell_var(b, 0, 2)] in f.clauses  # removed at once
(True, True)
>>> with Session(f) as s:                # r1c1 = 3 places 4 in r2c1 by unit propagation
...     [d for d in range(1, 5) if cell_var(b, 4, d) in s.propagate([cell_var(b, 0, 3)])[1]]
[4]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import Enum
from itertools import pairwise

import satdoku.rules.sums_compact as sums_compact
from cnf import Formula
from satdoku.board import Board
from satdoku.rules.base import Grid, cell_var

Term = tuple[int, int]
Lit = int


class SumMethod(str, Enum):
    """How a weighted sum is encoded."""

    DIAGRAM = "diagram"   # the decision diagram of this module: arc consistent
    COMPACT = "compact"   # order literals + a cardinality constraint (sums_compact)


#: A sum whose decision diagram would have more transitions than this is encoded compactly
#: (measured by scripts/bench_big_sums.py, see docs/encodings.md). 0 forces the compact
#: encoding everywhere (tests do), a huge number the diagram.
COMPACT_ABOVE = 20_000


def transitions(n: int, terms: Sequence[Term]) -> int:
    """An upper bound on the transitions of the decision diagram of ``terms`` on an n×n
    board: a layer after terms of weights w_1..w_k holds at most min((n−1)·Σw + 1, n^k)
    partial sums, each with n transitions (no layer is built: cheap).

    >>> transitions(9, [(0, 1), (1, 1), (2, 1)]), transitions(36, [(i, 1) for i in range(18)])
    (243, 193428)
    """
    total, weight, states = 0, 0, 1
    for _, w in terms:
        total += min((n - 1) * weight + 1, states) * n
        weight, states = weight + w, states * n
    return total


def method(n: int, terms: Sequence[Term]) -> SumMethod:
    """The encoding :func:`require_sum` and :func:`require_equal_sums` use for ``terms``.

    >>> method(9, [(i, 1) for i in range(9)]).value, method(36, [(i, 1) for i in range(18)]).value
    ('diagram', 'compact')
    """
    return SumMethod.COMPACT if transitions(n, terms) > COMPACT_ABOVE else SumMethod.DIAGRAM


def merge_terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    """Terms with each cell once (weights of a repeated cell added), in first-seen order.

    >>> merge_terms([(3, 1), (5, 2), (3, 10)])
    ((3, 11), (5, 2))
    """
    weights: dict[int, int] = {}
    for cell, weight in terms:
        if weight < 1:
            raise ValueError(f"weight {weight} of cell {cell}: weights must be >= 1")
        weights[cell] = weights.get(cell, 0) + weight
    return tuple(weights.items())


def weighted_sum(terms: Iterable[Term], grid: Grid) -> int | None:
    """``Σ weight·digit`` over a grid, or None while a cell of the terms is blank.

    >>> weighted_sum([(0, 10), (1, 1)], (1, 6, 0))
    16
    """
    total = 0
    for cell, weight in terms:
        if not grid[cell]:
            return None
        total += weight * grid[cell]
    return total


def sum_name(board: Board, terms: Iterable[Term]) -> str:
    """A readable name for the sum of ``terms`` (a good ``name`` to share literals by).

    >>> sum_name(Board.classic(9), [(0, 10), (1, 1)])
    'sum 10*r1c1+r1c2'
    """
    return "sum " + "+".join(board.cell_name(c) if w == 1 else f"{w}*{board.cell_name(c)}"
                             for c, w in terms)


def reachable(n: int, terms: Sequence[Term],
              targets: Collection[int] | None = None) -> list[list[int]]:
    """The states of every layer (0..len(terms)): partial sums reachable from 0 with digits
    1..n that can still end in one of ``targets`` (any total when None).

    >>> reachable(4, [(0, 1), (1, 1)], targets=[7])
    [[0], [3, 4], [7]]
    """
    forward = [{0}]
    for _, weight in terms:
        forward.append({p + weight * d for p in forward[-1] for d in range(1, n + 1)})
    alive = forward[-1] if targets is None else forward[-1] & set(targets)
    layers = [sorted(alive)]
    for k in range(len(terms) - 1, -1, -1):
        weight = terms[k][1]
        alive = {p for p in forward[k] if any(p + weight * d in alive for d in range(1, n + 1))}
        layers.append(sorted(alive))
    return layers[::-1]


def _diagram(board: Board, formula: Formula, terms: Sequence[Term],
             targets: Collection[int] | None, name: str, root: Lit | None) -> dict[int, Lit]:
    """Encode the MDD of the sum of ``terms`` limited to ``targets`` and switched on by
    ``root`` (None: always on). Returns the literals of the last layer's states."""
    n = board.n
    layers = reachable(n, terms, targets)
    state: dict[tuple[int, int], Lit] = {}  # (layer, partial sum) -> literal
    if root is not None:
        state[0, 0] = root
    else:  # no guard: the states after one term are its cell's digit variables
        cell, weight = terms[0]
        for p in layers[1]:
            state[1, p] = cell_var(board, cell, p // weight)
        formula.extend([-cell_var(board, cell, d)] for d in range(1, n + 1)
                       if weight * d not in layers[1])
    last = len(terms)

    def state_lit(k: int, p: int) -> Lit:
        if (k, p) not in state:
            label = f"= {p}" if k == last else f"after {k} terms = {p}"
            state[k, p] = formula.var(f"{name} {label}")
        return state[k, p]

    first = 0 if root is not None else 1
    for k in range(first, last):
        cell, weight = terms[k]
        outgoing: dict[int, list[Lit]] = {p: [] for p in layers[k]}
        incoming: dict[int, list[Lit]] = {q: [] for q in layers[k + 1]}
        labelled: dict[int, list[Lit]] = {d: [] for d in range(1, n + 1)}
        targets_next = set(layers[k + 1])
        for p in layers[k]:
            for d in range(1, n + 1):
                q = p + weight * d
                if q not in targets_next:
                    continue
                t = formula.var(f"{name} {board.cell_name(cell)}={d} after {p}")
                x = cell_var(board, cell, d)
                formula.extend([[-t, state_lit(k, p)], [-t, x], [-t, state_lit(k + 1, q)]])
                outgoing[p].append(t)
                incoming[q].append(t)
                labelled[d].append(t)
        formula.extend([-state_lit(k, p), *ts] for p, ts in outgoing.items())
        formula.extend([-state_lit(k + 1, q), *ts] for q, ts in incoming.items())
        off = [] if root is None else [-root]
        formula.extend([-cell_var(board, cell, d), *off, *ts] for d, ts in labelled.items())
        if root is not None:
            formula.add([-root, *(state_lit(k + 1, q) for q in layers[k + 1])])
    return {q: state_lit(last, q) for q in layers[last]}


def sum_literals(board: Board, formula: Formula, terms: Sequence[Term],
                 name: str) -> dict[int, Lit]:
    """{total: literal} for every total the weighted sum of ``terms`` can reach; the literal
    is true exactly when ``Σ weight·digit(cell) == total`` (one of them in every model).

    Auxiliary variables are named from ``name``: the same name (with the same terms) gives
    the same literals and adds no clauses again. One term of weight 1 costs nothing: its
    literals are the cell's digit variables.
    """
    terms = merge_terms(terms)
    if not terms:
        _seen(formula, f"{name} = 0", mark=True)
        return {0: formula.var(f"{name} = 0")}
    layers = reachable(board.n, terms)
    totals = layers[-1]
    if len(terms) > 1 and _seen(formula, f"{name} = {totals[0]}"):
        cell, _ = terms[-1]  # the last transition to the smallest total names the last cell
        if not _seen(formula, f"{name} {board.cell_name(cell)}=1 after {layers[-2][0]}"):
            raise ValueError(f"sum name {name!r} is already used for other terms")
        return {s: formula.var(f"{name} = {s}") for s in totals}
    return _diagram(board, formula, terms, None, name, None)


def require_sum(board: Board, formula: Formula, terms: Sequence[Term], allowed: Iterable[int],
                name: str, guard: Lit | None = None) -> None:
    """The weighted sum of ``terms`` is one of the ``allowed`` totals (only when ``guard`` is
    true, if a guard is given).

    States that cannot reach an allowed total are left out, so digits that cannot take part
    are removed at once (unit clauses, or ``¬guard ∨ ¬x`` when guarded). Variables are named
    from ``name``, the allowed totals and the guard; calling again with the same arguments
    adds nothing.
    """
    terms = merge_terms(terms)
    allowed = sorted(set(allowed))
    label = f"{name} in {spans(allowed)}" + ("" if guard is None else f" if {guard}")
    if _seen(formula, label, mark=True):
        return
    if not terms:
        if 0 not in allowed:
            formula.add([] if guard is None else [-guard])
        return
    if (method(board.n, terms) is SumMethod.COMPACT and allowed
            and len(allowed) == allowed[-1] - allowed[0] + 1):  # one range of totals
        sums_compact.require_range(board, formula, terms, allowed[0], allowed[-1], guard)
        return
    _diagram(board, formula, terms, allowed, label, guard)


def require_equal_sums(board: Board, formula: Formula,
                       groups: Sequence[Sequence[Term]]) -> list[dict[int, Lit]]:
    """The weighted sums of ``groups`` are all equal. Returns each group's totals
    (:func:`sum_literals`) when they are decision diagrams; an empty list when one of them is
    too big (:func:`method`) and consecutive groups are tied compactly instead, one
    cardinality constraint per pair.
    """
    merged = [merge_terms(g) for g in groups]
    if any(method(board.n, g) is SumMethod.COMPACT for g in merged):
        for a, b in pairwise(merged):
            sums_compact.require_equal_pair(board, formula, a, b)
        return []
    totals = [sum_literals(board, formula, g, sum_name(board, g)) for g in merged]
    for x, y in pairwise(totals):
        require_equal(formula, x, y)
    return totals


def require_equal(formula: Formula, a: Mapping[int, Lit], b: Mapping[int, Lit]) -> None:
    """Two totals (as returned by :func:`sum_literals`) are equal: ``a_s ↔ b_s`` for totals
    both can reach, ``¬a_s`` (``¬b_s``) for totals only one can."""
    for s in sorted(set(a) | set(b)):
        if s in a and s in b:
            if a[s] != b[s]:
                formula.extend([[-a[s], b[s]], [-b[s], a[s]]])
        else:
            formula.add([-(a[s] if s in a else b[s])])


def _seen(formula: Formula, key: str, mark: bool = False) -> bool:
    """Whether ``key`` names a variable of the pool already; with ``mark``, record it (as a
    variable fixed true, so that the record costs one unit clause and changes no count)."""
    if key in formula.pool.obj2id:
        return True
    if mark:
        formula.add([formula.var(key)])
    return False


def spans(values: Sequence[int], sep: str = ",") -> str:
    """Sorted ints as compact spans (in variable names; ``sep=", "`` for messages).

    >>> spans([1, 2, 3, 7, 9, 10]), spans([0, 2, 3, 4, 6], ", ")
    ('1..3,7,9..10', '0, 2..4, 6')
    """
    runs: list[list[int]] = []
    for v in values:
        if runs and runs[-1][1] == v - 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    return sep.join(str(a) if a == b else f"{a}..{b}" for a, b in runs)

"""Every at-most-one encoding, proved exhaustively for 1…8 inputs, and sized as in its paper."""

from __future__ import annotations

import itertools
import math

import pytest

from cnf import AMO, Formula, Session, SolveResult, at_most_k, at_most_one, exactly_one
from cnf.session import CapabilityError

SIZES = range(1, 9)


def session_for(formula: Formula) -> Session:
    return Session(formula, "minicard" if formula.atmosts else "cadical195")


def encoded(encoding: AMO, n: int, exactly: bool = False) -> Formula:
    f = Formula(reserved=n)
    (exactly_one if exactly else at_most_one)(f, list(range(1, n + 1)), encoding)
    return f


@pytest.mark.parametrize("encoding", list(AMO))
@pytest.mark.parametrize("exactly", [False, True], ids=["at-most-one", "exactly-one"])
def test_satisfiable_exactly_when_the_constraint_holds(encoding, exactly):
    for n in SIZES:
        f = encoded(encoding, n, exactly)
        with session_for(f) as s:
            for values in itertools.product([False, True], repeat=n):
                ones = sum(values)
                expected = ones == 1 if exactly else ones <= 1
                assumptions = [v if on else -v for v, on in enumerate(values, 1)]
                answer = s.solve(assumptions)
                assert answer is (SolveResult.SAT if expected else SolveResult.UNSAT), (
                    f"{encoding.value} n={n} inputs={values}")


@pytest.mark.parametrize("encoding", list(AMO))
def test_projected_model_counts(encoding):
    # at-most-one over n inputs has n + 1 models on the inputs, exactly-one has n
    for n in SIZES:
        for exactly, models in ((False, n + 1), (True, n)):
            with session_for(encoded(encoding, n, exactly)) as s:
                assert len(list(s.enumerate(range(1, n + 1)))) == models, (encoding, n)


# -- sizes from the papers ----------------------------------------------------------------
def log2_ceil(n: int) -> int:
    return math.ceil(math.log2(n)) if n > 1 else 0


def commander_size(n: int, group: int = 3) -> tuple[int, int]:
    """Klieber & Kwon: per group of s ≥ 2 inputs one commander and C(s,2) + s + 1 clauses;
    recurse on the commanders until at most ``group`` remain, then pairwise."""
    if n <= group:
        return 0, math.comb(n, 2)
    sizes = [min(group, n - k) for k in range(0, n, group)]
    aux = sum(1 for s in sizes if s > 1)
    clauses = sum(math.comb(s, 2) + s + 1 for s in sizes if s > 1)
    up_aux, up_clauses = commander_size(len(sizes), group)
    return aux + up_aux, clauses + up_clauses


def product_size(n: int) -> tuple[int, int]:
    """Chen: p = ⌈√n⌉ rows, q = ⌈n/p⌉ columns, 2n clauses, recurse on both (pairwise ≤ 4)."""
    if n <= 4:
        return 0, math.comb(n, 2)
    p = math.ceil(math.sqrt(n))
    q = math.ceil(n / p)
    (a1, c1), (a2, c2) = product_size(p), product_size(q)
    return p + q + a1 + a2, 2 * n + c1 + c2


def bimander_size(n: int) -> tuple[int, int]:
    """Nguyen & Mai: groups of g = ⌈n/m⌉ (m = ⌈√n⌉), pairwise inside, ⌈log₂ groups⌉ bits."""
    g = math.ceil(n / math.ceil(math.sqrt(n)))
    groups = [min(g, n - k) for k in range(0, n, g)]
    bits = log2_ceil(len(groups))
    return bits, sum(math.comb(s, 2) for s in groups) + n * bits


PAPER = {
    AMO.PAIRWISE: lambda n: (0, n * (n - 1) // 2),
    AMO.SEQUENTIAL: lambda n: (n - 1, 3 * n - 4),
    AMO.LADDER: lambda n: (n + 1, 4 * n),
    AMO.BITWISE: lambda n: (log2_ceil(n), n * log2_ceil(n)),
    AMO.COMMANDER: commander_size,
    AMO.PRODUCT: product_size,
    AMO.BIMANDER: bimander_size,
    AMO.NATIVE: lambda n: (0, 0),
}


@pytest.mark.parametrize("encoding", list(PAPER))
def test_sizes_match_the_papers(encoding):
    for n in [*SIZES, 9, 16, 25, 36]:
        f = encoded(encoding, n)
        size = (f.num_vars - n, len(f.clauses))
        expected = (0, math.comb(n, 2)) if n <= 2 and encoding is not AMO.NATIVE else (
            PAPER[encoding](n))
        assert size == expected, (encoding, n)


@pytest.mark.parametrize("n", [9, 27, 81])
def test_commander_closed_form(n):
    # Klieber & Kwon, groups of 3 and n = 3^k: (n − 3)/2 commanders, 3.5 n − 7.5 clauses
    f = encoded(AMO.COMMANDER, n)
    assert (f.num_vars - n, len(f.clauses)) == ((n - 3) // 2, int(3.5 * n - 7.5))


def test_native_needs_a_cardinality_solver():
    with pytest.raises(CapabilityError, match="native cardinality"):
        Session(encoded(AMO.NATIVE, 3), "cadical195")


@pytest.mark.parametrize("encoding", [AMO.COMMANDER, AMO.PRODUCT, AMO.BIMANDER, AMO.LADDER])
def test_at_most_k_refuses_encodings_of_k_one(encoding):
    with pytest.raises(ValueError, match="k = 1 only"):
        at_most_k(Formula(reserved=4), [1, 2, 3, 4], 2, encoding)

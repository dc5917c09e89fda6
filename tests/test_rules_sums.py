"""The weighted-sum encoding (satdoku.rules.sums): exhaustive on small cases, and propagation
complete (generalised arc consistency) on random partial domains."""

from __future__ import annotations

import itertools
import random

import pytest

from cnf import Formula, Session, exactly_one
from satdoku import Board
from satdoku.rules import cell_var
from satdoku.rules.sums import (
    merge_terms,
    reachable,
    require_equal,
    require_sum,
    sum_literals,
    sum_name,
    weighted_sum,
)

B4 = Board.classic(4)


def fresh(board: Board, cells) -> Formula:
    """Only "each cell holds one digit" for ``cells`` (digits may repeat between them)."""
    f = Formula(reserved=board.n ** 3)
    for cell in cells:
        exactly_one(f, [cell_var(board, cell, d) for d in range(1, board.n + 1)])
    return f


def digit_lits(board, cells, digits):
    return [cell_var(board, c, d) for c, d in zip(cells, digits, strict=True)]


TERM_CASES = [
    ((0, 1), (1, 1)),              # two cells of a row
    ((0, 1), (5, 1)),              # diagonal neighbours
    ((0, 1), (15, 2)),             # a weight
    ((3, 10), (7, 1)),             # a pill-like weight 10
    ((0, 1), (1, 1), (2, 1)),
    ((0, 3), (6, 1), (12, 2)),
    ((4, 1), (9, 1), (14, 5)),
]


@pytest.mark.parametrize("terms", TERM_CASES)
def test_sum_literal_fixed_is_satisfiable_iff_digits_add_up(terms):
    cells = [c for c, _ in terms]
    f = fresh(B4, cells)
    total = sum_literals(B4, f, terms, "t")
    assert sorted(total) == reachable(4, terms)[-1]
    with Session(f) as s:
        for digits in itertools.product(range(1, 5), repeat=len(cells)):
            real = sum(w * d for (_, w), d in zip(terms, digits, strict=True))
            fixed = digit_lits(B4, cells, digits)
            for value, lit in total.items():
                assert s.solve([*fixed, lit]).value == ("sat" if value == real else "unsat")
            # the digits alone decide every total literal by unit propagation
            ok, implied = s.propagate(fixed)
            assert ok and total[real] in implied
            assert all(-lit in implied for v, lit in total.items() if v != real)


@pytest.mark.parametrize("terms", TERM_CASES)
def test_exactly_one_total_in_every_model(terms):
    cells = [c for c, _ in terms]
    f = fresh(B4, cells)
    total = sum_literals(B4, f, terms, "t")
    primary = sorted({cell_var(B4, c, d) for c in cells for d in range(1, 5)} | set(total.values()))
    with Session(f) as s:
        models = list(s.enumerate(primary))
    assert len(models) == 4 ** len(cells)  # the auxiliaries add no freedom
    for model in models:
        assert len(set(model) & set(total.values())) == 1


@pytest.mark.parametrize("guarded", [False, True])
@pytest.mark.parametrize("terms", TERM_CASES)
def test_require_sum_exhaustive(terms, guarded):
    cells = [c for c, _ in terms]
    rng = random.Random(hash(terms) + guarded)
    top = reachable(4, terms)[-1]
    allowed = set(rng.sample(top, max(1, len(top) // 3))) | {max(top) + 5}  # one unreachable
    f = fresh(B4, cells)
    guard = f.var("guard") if guarded else None
    require_sum(B4, f, terms, allowed, "t", guard)
    with Session(f) as s:
        for digits in itertools.product(range(1, 5), repeat=len(cells)):
            real = sum(w * d for (_, w), d in zip(terms, digits, strict=True))
            on = [guard] if guarded else []
            assert (s.solve([*digit_lits(B4, cells, digits), *on]).value == "sat") == (
                real in allowed)
            if guarded:  # switched off, anything goes
                assert s.solve([*digit_lits(B4, cells, digits), -guard]).value == "sat"


def test_require_sum_nothing_allowed_is_unsatisfiable_or_switches_the_guard_off():
    f = fresh(B4, (0, 1))
    require_sum(B4, f, [(0, 1), (1, 1)], [1, 100], "t")
    with Session(f) as s:
        assert s.solve().value == "unsat"
    f = fresh(B4, (0, 1))
    g = f.var("g")
    require_sum(B4, f, [(0, 1), (1, 1)], [1], "t", g)
    with Session(f) as s:
        assert s.solve([g]).value == "unsat" and s.solve().value == "sat"


def supported(n, terms, domains, totals):
    """Brute force: for each cell the digits (and the totals) that some tuple within the
    domains, with an allowed total, uses."""
    digits = [set() for _ in terms]
    used = set()
    for combo in itertools.product(*domains):
        s = sum(w * d for (_, w), d in zip(terms, combo, strict=True))
        if s in totals:
            used.add(s)
            for k, d in enumerate(combo):
                digits[k].add(d)
    return digits, used


@pytest.mark.parametrize("guarded", [False, True])
@pytest.mark.parametrize("n", [4, 6])
def test_unit_propagation_is_arc_consistent(n, guarded):
    """On random domains and allowed totals, unit propagation removes exactly the digits and
    totals no tuple supports (or fails exactly when none is left): sum_literals with totals
    ruled out, or require_sum under its guard."""
    board = Board.classic(n)
    rng = random.Random(n + 10 * guarded)
    for trial in range(120):
        size = rng.randint(2, 4)
        cells = rng.sample(range(n * n), size)
        terms = [(c, rng.choice((1, 1, 1, 2, 3))) for c in cells]
        f = fresh(board, cells)
        domains = [sorted(rng.sample(range(1, n + 1), rng.randint(1, n))) for _ in cells]
        assumptions = [-cell_var(board, c, d) for c, dom in zip(cells, domains, strict=True)
                       for d in range(1, n + 1) if d not in dom]
        if guarded:
            total = {}
            keep = set(rng.sample(reachable(n, terms)[-1], 3))
            guard = f.var("guard")
            require_sum(board, f, terms, keep, f"t{trial}", guard)
            assumptions.append(guard)
        else:
            total = sum_literals(board, f, terms, f"t{trial}")
            keep = {s for s in total if rng.random() < 0.4}
            assumptions += [-lit for s, lit in total.items() if s not in keep]
        digits, used = supported(n, terms, domains, keep)
        with Session(f) as s:
            ok, implied = s.propagate(assumptions)
        if not used:
            assert not ok, (terms, domains, keep)
            continue
        assert ok
        for c, expected in zip(cells, digits, strict=True):
            left = {d for d in range(1, n + 1) if -cell_var(board, c, d) not in implied
                    and -cell_var(board, c, d) not in assumptions}
            assert left == expected, (terms, domains, keep)
        assert {s for s, lit in total.items() if -lit not in implied
                and -lit not in assumptions} == (set() if guarded else used)


def test_guarded_propagation_prunes_once_the_guard_holds():
    f = fresh(B4, (0, 1))
    g = f.var("g")
    require_sum(B4, f, [(0, 1), (1, 1)], [7], "t", g)
    with Session(f) as s:
        _, off = s.propagate([])
        _, on = s.propagate([g])
    assert -cell_var(B4, 0, 1) not in off
    assert {-cell_var(B4, c, d) for c in (0, 1) for d in (1, 2)} <= set(on)


def test_same_name_is_idempotent():
    f = fresh(B4, (0, 1, 2))
    terms = [(0, 1), (1, 1), (2, 2)]
    first = sum_literals(B4, f, terms, "t")
    size = (f.num_vars, len(f.clauses))
    assert sum_literals(B4, f, terms, "t") == first
    assert sum_literals(B4, f, [(0, 1), (1, 1), (2, 1), (2, 1)], "t") == first
    with pytest.raises(ValueError, match="already used for other terms"):
        sum_literals(B4, f, [(0, 1), (1, 1), (3, 2)], "t")
    require_sum(B4, f, terms, [9, 10], "r")
    size = (f.num_vars, len(f.clauses))
    require_sum(B4, f, terms, [10, 9], "r")
    assert (f.num_vars, len(f.clauses)) == size
    g = f.var("g")
    require_sum(B4, f, terms, [9, 10], "r", g)  # another guard: another constraint
    assert len(f.clauses) > size[1]


def test_one_term_costs_nothing():
    f = fresh(B4, (5,))
    size = (f.num_vars, len(f.clauses))
    assert sum_literals(B4, f, [(5, 1)], "t") == {d: cell_var(B4, 5, d) for d in range(1, 5)}
    assert sum_literals(B4, f, [(5, 3)], "u") == {3 * d: cell_var(B4, 5, d) for d in range(1, 5)}
    assert (f.num_vars, len(f.clauses)) == size


def test_empty_sum_is_zero():
    f = Formula(reserved=64)
    zero = sum_literals(B4, f, [], "nothing")
    with Session(f) as s:
        assert s.solve([-zero[0]]).value == "unsat"


def test_require_equal():
    f = fresh(B4, (0, 1, 2))
    a = sum_literals(B4, f, [(0, 1), (1, 1)], "a")
    b = sum_literals(B4, f, [(2, 2)], "b")
    require_equal(f, a, b)
    cells = [cell_var(B4, c, d) for c in (0, 1, 2) for d in range(1, 5)]
    with Session(f) as s:
        found = {tuple((v - 1) % 4 + 1 for v in m) for m in s.enumerate(cells)}
    assert found == {t for t in itertools.product(range(1, 5), repeat=3) if t[0] + t[1] == 2 * t[2]}


def test_helpers():
    assert merge_terms([(1, 1), (1, 1)]) == ((1, 2),)
    with pytest.raises(ValueError, match="weights must be >= 1"):
        merge_terms([(1, 0)])
    assert weighted_sum([(0, 1), (1, 1)], (3, 0)) is None
    assert sum_name(B4, [(0, 1), (5, 2)]) == "sum r1c1+2*r2c2"
    assert reachable(4, [(0, 1), (1, 1)], [2, 8]) == [[0], [1, 4], [2, 8]]


def test_sizes_on_9x9_stay_small():
    board = Board.classic(9)
    f = Formula(reserved=729)
    sum_literals(board, f, [(c, 1) for c in range(9)], "row")
    assert f.num_vars - 729 < 6000 and len(f.clauses) < 20000

"""cnf.Session: assumptions, projected enumeration, reuse, budgets, back-ends."""

from __future__ import annotations

import itertools
import time

import pytest

from cnf import AMO, Formula, Session, SolveResult, at_most_one, exactly_one
from cnf.session import CapabilityError, backends


def pigeonhole(holes: int) -> Formula:
    """holes+1 pigeons into ``holes`` holes: unsatisfiable and hard for resolution."""
    f = Formula()
    x = {(p, h): f.var((p, h)) for p in range(holes + 1) for h in range(holes)}
    for p in range(holes + 1):
        f.add([x[p, h] for h in range(holes)])
    for h in range(holes):
        at_most_one(f, [x[p, h] for p in range(holes + 1)])
    return f


@pytest.mark.parametrize("encoding", [AMO.PAIRWISE, AMO.SEQUENTIAL, AMO.LADDER, AMO.BITWISE,
                                      AMO.TOTALIZER])
def test_projected_enumeration_ignores_auxiliaries(encoding):
    # at-most-one over 6 inputs has exactly 7 models on the inputs, whatever the aux vars do
    f = Formula(reserved=6)
    at_most_one(f, range(1, 7), encoding)
    with Session(f) as s:
        models = list(s.enumerate(range(1, 7)))
    assert sorted(map(tuple, models)) == [()] + [(v,) for v in range(1, 7)]


def test_enumeration_is_retracted_and_session_reusable():
    f = Formula(reserved=4)
    exactly_one(f, [1, 2, 3, 4])
    with Session(f) as s:
        assert len(list(s.enumerate([1, 2, 3, 4]))) == 4
        assert len(list(s.enumerate([1, 2, 3, 4], assumptions=[-1]))) == 3
        assert s.solve([2]) is SolveResult.SAT  # nothing blocked for good
        assert s.true_among([1, 2, 3, 4]) == [2]


def test_enumeration_limit_and_block_true_only():
    f = Formula(reserved=5)
    exactly_one(f, range(1, 6))
    with Session(f) as s:
        assert len(list(s.enumerate(range(1, 6), limit=2))) == 2
        assert len(list(s.enumerate(range(1, 6), block_true_only=True))) == 5


def test_activation_literals_follow_the_formula():
    f = Formula(reserved=3)
    f.add([1, 2, 3])
    with Session(f) as s:
        a, b = s.activation(), s.activation()
        assert (a, b) == (4, 5)
        s.add_guarded(a, [-1])
        assert s.solve([a, 1]) is SolveResult.UNSAT
        assert a in s.core() or -a in s.core() or 1 in s.core()
        s.retire(a)
        assert s.solve([1]) is SolveResult.SAT
    assert f.num_vars == 3  # the cached formula is untouched


@pytest.mark.parametrize("backend", ["cadical195", "minisat22", "glucose4"])
def test_time_limit_reports_unknown(backend):
    # Glucose looks at its interrupt flag (and budgets) only when it restarts, and on this
    # pigeonhole formula it goes 44,000 conflicts (~1.2 s) without a restart: measured
    # overrun of a 0.4 s limit to 1.6-1.8 s. The others stop on time.
    overrun = 3.0 if backend.startswith("glucose") else 0.2
    with Session(pigeonhole(11), backend) as s:
        start = time.perf_counter()
        assert s.solve(time_limit=0.4) is SolveResult.UNKNOWN
        assert time.perf_counter() - start < 0.4 * 1.5 + overrun
        assert s.solve(conflict_budget=50) is SolveResult.UNKNOWN


def test_small_unsat_is_proved_within_a_limit():
    with Session(pigeonhole(4)) as s:
        assert s.solve(time_limit=5) is SolveResult.UNSAT


def test_enumeration_time_limit_raises():
    f = Formula(reserved=30)  # 2^30 models: cannot finish
    with Session(f) as s, pytest.raises(TimeoutError):
        for _ in s.enumerate(range(1, 31), time_limit=0.2):
            pass


def test_native_cardinality_needs_a_capable_backend():
    f = Formula(reserved=4)
    exactly_one(f, [1, 2, 3, 4], AMO.NATIVE)
    with pytest.raises(CapabilityError, match="native cardinality"):
        Session(f, "cadical195")
    with Session(f, "minicard") as s:
        assert len(list(s.enumerate([1, 2, 3, 4]))) == 4


def test_unknown_and_one_shot_backends_are_refused():
    with pytest.raises(CapabilityError, match="unknown SAT back-end"):
        Session(Formula(), "nosuchsolver")
    kissat = next((b for b in backends() if b.startswith("kissat")), None)
    if kissat:
        with pytest.raises(CapabilityError, match="ignores assumptions"):
            Session(Formula(), kissat)


def test_backend_options_reach_the_solver():
    """CaDiCaL's own settings by name: the initial phase decides this model (lucky off)."""
    models = []
    for phase in (0, 1):
        f = Formula(reserved=4)
        f.add([1, 2, 3, 4])
        f.add([-1, -2])
        with Session(f, options={"phase": phase, "lucky": 0}) as s:
            assert s.solve() is SolveResult.SAT
            models.append(s.model)
    assert models[0] != models[1]
    with pytest.raises(CapabilityError, match="takes no options"):
        Session(Formula(), "minisat22", options={"phase": 0})


def test_a_worn_session_is_renewed_on_the_same_formula_and_options():
    f = Formula(reserved=4)
    f.add([1, 2, 3, 4])
    f.add([-1, -2])
    s = Session(f, options={"phase": 0, "lucky": 0})
    assert s.build_seconds > 0 and not s.worn
    s.solve()
    first = s.model
    s.add_clause([-first[0]])  # the session's own clause: not carried over
    s.solve()
    assert s.model != first
    s._worn_at = 0.0  # as after RENEW_FACTOR x the build time spent solving
    assert s.worn
    fresh = s.renewed()
    assert s._solver is None and not fresh.worn and fresh.calls == 0
    fresh.solve()
    assert fresh.model == first  # same options: the same model; the added clause is gone
    fresh.close()


def test_a_session_is_worn_once_activation_literals_outnumber_half_its_variables():
    f = Formula(reserved=10)
    f.add([1, 2])
    with Session(f) as s:
        s._worn_at = float("inf")  # (time alone would never wear it)
        for _ in range(5):  # 5 of 10: models of 15 variables, not yet worn
            s.add_guarded(s.activation(), [1])
        assert not s.worn
        s.retire(s.activation())
        assert s.worn
        assert s.solve() is SolveResult.SAT and len(s.model) == 16  # every one fetched


def test_propagate_and_stats():
    f = Formula(reserved=3)
    f.add([-1, 2])
    f.add([-2, 3])
    with Session(f) as s:
        ok, lits = s.propagate([1])
        assert ok and {1, 2, 3} <= set(lits)
        s.solve()
        assert s.stats()["calls"] == 1


def test_exactly_one_truth_table():
    # exhaustive: exactly_one(x1..x4) holds exactly for the 4 one-hot assignments
    f = Formula(reserved=4)
    exactly_one(f, [1, 2, 3, 4])
    with Session(f) as s:
        for bits in itertools.product([False, True], repeat=4):
            lits = [v if b else -v for v, b in zip(range(1, 5), bits, strict=True)]
            expected = sum(bits) == 1
            assert (s.solve(lits) is SolveResult.SAT) == expected

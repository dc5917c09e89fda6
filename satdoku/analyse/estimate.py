"""Approximate solution counts with a stated error bound, by ApproxMC (``pyapproxmc``).

ApproxMC counts the models of a CNF projected on chosen variables — here the cell
variables, so auxiliary variables of variant encodings never multiply the count — with a
PAC guarantee: with probability at least 1 − δ, the true count c satisfies
c / (1 + ε) ≤ estimate ≤ c · (1 + ε). When the count is below ApproxMC's threshold it
counts exactly (no hash): the bound is then the count itself. Each run is one call (it
cannot be interrupted: callers with a deadline run it in a forked child);
:func:`approximate_counts` runs with a shrinking ε, each run a better bound.

Measured (docs/serve.md): a 9x9 classic puzzle with 25 of a solution's cells kept (~1,600
solutions) takes ~0.9 s; with 20 kept (~8 million) one run at ε = 0.8 took 328 s — past
about a million solutions an estimate is a matter of minutes, and an almost empty 9x9 is
hopeless.

>>> from satdoku.formats import parse_puzzle
>>> e = approximate_count(parse_puzzle("12.. 34.. .... ...."))
>>> e.value, e.exact, e.lower, e.upper
(12, True, 12.0, 12.0)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from satdoku.encoding import build
from satdoku.errors import SatdokuError
from satdoku.puzzle import Puzzle

#: The ε of the successive runs of :func:`approximate_counts`.
EPSILONS = (0.8, 0.5, 0.3, 0.2, 0.1)
#: The δ of every run: each bound holds with probability at least 95 %.
DELTA = 0.05


@dataclass(frozen=True)
class Estimate:
    """An approximate count and its bound: with probability ≥ 1 − ``delta`` the count is in
    [``lower``, ``upper``]; ``exact`` when ApproxMC counted every solution."""

    value: int
    lower: float
    upper: float
    epsilon: float
    delta: float
    exact: bool


def approximate_count(puzzle: Puzzle, epsilon: float = 0.8, delta: float = DELTA,
                      seed: int = 1) -> Estimate:
    """One ApproxMC run on ``puzzle`` (SatdokuError when pyapproxmc is not installed)."""
    try:
        import pyapproxmc
    except ImportError:
        raise SatdokuError("an estimate needs pyapproxmc: pip install 'satdoku[serve]'"
                           ) from None
    counter = pyapproxmc.Counter(seed=seed, epsilon=epsilon, delta=delta)
    for clause in build(puzzle.board, puzzle.rules).clauses:
        counter.add_clause(clause)
    for lit in puzzle.assumptions():
        counter.add_clause([lit])
    cells, hashes = counter.count(list(range(1, puzzle.board.n ** 3 + 1)))
    value = cells * 2 ** hashes
    if hashes == 0:
        return Estimate(value, float(value), float(value), 0.0, delta, True)
    return Estimate(value, value / (1 + epsilon), value * (1 + epsilon), epsilon, delta, False)


def approximate_counts(puzzle: Puzzle, epsilons: Sequence[float] = EPSILONS,
                       delta: float = DELTA, seed: int = 1) -> Iterator[Estimate]:
    """One estimate per ε in turn (each tighter, each slower); stops after an exact one."""
    for k, epsilon in enumerate(epsilons):
        found = approximate_count(puzzle, epsilon, delta, seed + k)
        yield found
        if found.exact:
            return

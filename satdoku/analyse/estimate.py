"""Approximate solution counts with a stated error bound, by ApproxMC (``pyapproxmc``).

Small counts are exact: satdoku's own enumeration counts up to :data:`EXACT_UP_TO` solutions
first (milliseconds), and ApproxMC runs only past that. ApproxMC counts the models of a CNF
projected on chosen variables — here the cell
variables, so auxiliary variables of variant encodings never multiply the count — with a
PAC guarantee: with probability at least 1 − δ, the true count c satisfies
c / (1 + ε) ≤ estimate ≤ c · (1 + ε). Each run is one call (it
cannot be interrupted: callers with a deadline run it in a forked child);
:func:`approximate_counts` runs with a shrinking ε, each run a better bound.

Measured (docs/serve.md): past about a million solutions one run takes minutes (20 cells
of a solution kept, ~8 million solutions: 328 s at ε = 0.8), and an almost empty 9x9 is
hopeless.

>>> from satdoku.formats import parse_puzzle
>>> e = approximate_count(parse_puzzle("12.. 34.. .... ...."))
>>> e.value, e.exact, e.lower, e.upper
(12, True, 12.0, 12.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from satdoku.encoding import build
from satdoku.errors import SatdokuError
from satdoku.puzzle import Puzzle

#: The ε of the successive runs of :func:`approximate_counts`.
EPSILONS = (0.8, 0.5, 0.3, 0.2, 0.1)
#: The δ of every run: each bound holds with probability at least 95 %.
DELTA = 0.05
#: Counts up to this many are made exactly, by enumeration, before ApproxMC is asked.
EXACT_UP_TO = 1000
#: Measured: pyapproxmc 4.3.x and 4.4.0 lose a factor 2 for each pair of variables that
#: are each other's negation (x ≡ ¬y, as two candidates of a cell that are left): 2 models
#: of (x ∨ y)(¬x ∨ ¬y) counted as 1, a Sudoku with two solutions as one. 4.1.24 counts them
#: right; pyproject.toml asks for 4.1 and refuses 4.3 and later, and tests/test_estimate.py
#: checks such a puzzle.


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
    """An exact count when there are at most :data:`EXACT_UP_TO` solutions, else one
    ApproxMC run on ``puzzle`` (SatdokuError when pyapproxmc is not installed)."""
    return _exact(puzzle) or _approxmc(puzzle, epsilon, delta, seed)


def approximate_counts(puzzle: Puzzle, epsilons: Sequence[float] = EPSILONS,
                       delta: float = DELTA, seed: int = 1,
                       many: Callable[[int], None] | None = None) -> Iterator[Estimate]:
    """One estimate per ε in turn (each tighter, each slower); an exact count alone when
    there are at most :data:`EXACT_UP_TO` solutions. ``many`` hears, before the first
    ApproxMC run, that the count is past that (its argument: the solutions counted)."""
    exact = _exact(puzzle)
    if exact is not None:
        yield exact
        return
    if many is not None:
        many(EXACT_UP_TO + 1)
    for k, epsilon in enumerate(epsilons):
        yield _approxmc(puzzle, epsilon, delta, seed + k)


def _exact(puzzle: Puzzle) -> Estimate | None:
    """The count by enumeration when it is at most :data:`EXACT_UP_TO`, else None."""
    from satdoku.solving import count
    small = count(puzzle, limit=EXACT_UP_TO + 1)
    if not small.complete:
        return None
    return Estimate(small.count, float(small.count), float(small.count), 0.0, 0.0, True)


def _approxmc(puzzle: Puzzle, epsilon: float, delta: float, seed: int) -> Estimate:
    """One ApproxMC run, projected on the cell variables (every canvas cell of a
    multi-grid board: ``num_cell_vars``, not n³)."""
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
    cells, hashes = counter.count(list(range(1, puzzle.board.num_cell_vars + 1)))
    value = cells * 2 ** hashes
    return Estimate(value, value / (1 + epsilon), value * (1 + epsilon), epsilon, delta, False)

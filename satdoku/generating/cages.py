"""Killer cages made unique without givens: cut cages a second solution slips through, then
merge neighbours while the puzzle stays unique.

Every cage sits behind its own selector (:mod:`satdoku.solving.guarded`) in one incremental session,
and the full grid S is blocked behind an activation literal, so "do these cages have S as
their only solution?" is one call under the cages' selectors: UNSAT means unique, SAT gives
a second solution S2. Then a cage where S2 differs from S is cut in two connected parts,
preferably a cut whose part sums S2 does not match (so S2 is gone) and as even as possible;
the parts become new guarded cages and the old selector is simply no longer assumed. Each
cut makes one more cage, so the loop ends after fewer than n² cuts (n² one-cell cages would
be the grid itself). Last, neighbouring cages whose union holds distinct digits and fits the
size limit are merged, each merge kept when the puzzle stays unique (one call each), in
rounds until one merges none: fewer, larger cages, and no two left that could merge.

Glossary: a *cut* splits one cage into two; a *merge* joins two neighbouring cages.

>>> import random
>>> from cnf import Session
>>> from satdoku.board import Board
>>> from satdoku.encoding import build
>>> from satdoku.generating.fill import random_grid
>>> board = Board.classic(4)
>>> grid = random_grid(board, seed=3)
>>> rng = random.Random(3)
>>> with Session(build(board)) as session:
...     cages = CageSession(session, board, grid)
...     unique, made = cages.make_unique(random_cages(4, grid, rng, 2, 4), rng)
>>> unique, sorted(i for cage in made for i in cage) == list(range(16))
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from cnf import SolveResult
from satdoku.board import Unit
from satdoku.generating.regions import connected, neighbours
from satdoku.rules import Cage, Grid, KillerCages
from satdoku.solving.guarded import GuardedSession


# -- cages drawn over a grid ----------------------------------------------------------------
def random_cages(n: int, grid: Grid, rng: random.Random, low: int, high: int) -> list[Unit]:
    """Cages covering every cell, each connected and holding distinct digits of ``grid``,
    sizes in ``low..high`` where the grid allows (a small cage that no neighbour can take is
    left as it is). Sorted by first cell.

    >>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    >>> cages = random_cages(4, grid, random.Random(2), 2, 3)
    >>> sorted(i for cage in cages for i in cage) == list(range(16))
    True
    >>> all(len({grid[i] for i in cage}) == len(cage) for cage in cages)
    True
    """
    nb = neighbours(n)
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    order = list(range(n * n))
    rng.shuffle(order)
    for start in order:
        if owner[start] >= 0:
            continue
        size, cage, digits = rng.randint(low, high), [start], {grid[start]}
        owner[start] = len(cages)
        while len(cage) < size:
            # a cell touching several cage cells comes up several times: compact cages
            options = [j for i in cage for j in nb[i] if owner[j] < 0 and grid[j] not in digits]
            if not options:
                break
            j = rng.choice(options)
            cage.append(j)
            digits.add(grid[j])
            owner[j] = len(cages)
        cages.append(cage)
    for k, cage in enumerate(cages):  # too small: join a neighbouring cage that has room
        if len(cage) >= low or not cage:
            continue
        digits = {grid[i] for i in cage}
        hosts = sorted({owner[j] for i in cage for j in nb[i]} - {k})
        hosts = [h for h in hosts if len(cages[h]) + len(cage) <= high
                 and digits.isdisjoint(grid[i] for i in cages[h])]
        if hosts:
            host = rng.choice(hosts)
            cages[host] += cage
            for i in cage:
                owner[i] = host
            cages[k] = []
    return sorted(tuple(sorted(cage)) for cage in cages if cage)


def splits(cage: Sequence[int], n: int, rng: random.Random,
           most: int = 4096) -> list[tuple[Unit, Unit]]:
    """Ways to cut ``cage`` into two connected parts (each pair once, the part holding the
    first cell first). Cages of more than 12 cells get up to ``most`` random tries instead
    of every subset.

    >>> splits((0, 1, 2), 3, random.Random(0))
    [((0,), (1, 2)), ((0, 1), (2,))]
    """
    cells, k = tuple(cage), len(cage)
    if k < 2:
        return []
    top = (1 << (k - 1)) - 1  # mask top would leave nothing for the second part
    masks = range(top) if k <= 12 else sorted({rng.randrange(top) for _ in range(most)})
    out = []
    for mask in masks:
        # bit j set: cell j+1 goes with the first cell
        first = (cells[0], *(cells[j + 1] for j in range(k - 1) if mask >> j & 1))
        rest = tuple(c for c in cells if c not in first)
        if rest and connected(first, n) and connected(rest, n):
            out.append((first, rest))
    return sorted(out, key=lambda pair: (len(pair[0]), pair))


def mergeable(cages: Sequence[Unit], grid: Grid, n: int, high: int) -> list[tuple[int, int]]:
    """Pairs (a, b), a < b, of neighbouring cages whose union holds distinct digits and has
    at most ``high`` cells.

    >>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    >>> mergeable([(0, 1), (2, 3), (4, 5)], grid, 4, 4)  # (2, 3) and (4, 5) do not touch
    [(0, 1), (0, 2)]
    """
    nb = neighbours(n)
    owner = {i: k for k, cage in enumerate(cages) for i in cage}
    touching = sorted({(min(k, owner[j]), max(k, owner[j])) for k, cage in enumerate(cages)
                       for i in cage for j in nb[i] if owner.get(j, k) != k})
    return [(a, b) for a, b in touching if len(cages[a]) + len(cages[b]) <= high
            and {grid[i] for i in cages[a]}.isdisjoint(grid[i] for i in cages[b])]


# -- cages made unique -----------------------------------------------------------------------
class CageSession(GuardedSession):
    """Cages of the grid ``solution`` (sums taken from it), each switchable in ``session``
    (the arguments are :class:`~satdoku.solving.guarded.GuardedSession`'s).

    A uniqueness test that runs out of its budget is answered by cutting a largest cage
    (smaller cages make easier tests), a merge test that runs out keeps the cages apart.
    """

    #: Merges of the last round of :meth:`merge` whose test ran out of budget or time.
    undecided = 0

    def total(self, cage: Unit) -> int:
        return sum(self.solution[i] for i in cage)

    def cage_rule(self, cage: Unit) -> KillerCages:
        """The killer rule of one cage, with the grid's sum."""
        return KillerCages((Cage(cage, self.total(cage)),))

    def rule(self, cages: Sequence[Unit]) -> KillerCages:
        """The killer rule of ``cages``, with the grid's sums."""
        return KillerCages(tuple(Cage(cage, self.total(cage)) for cage in sorted(cages)))

    def selector(self, cage: Unit) -> int:
        """The selector of ``cage`` (its clauses are added on first use)."""
        return self.guard(self.cage_rule(cage))

    def selectors(self, cages: Sequence[Unit]) -> list[int]:
        return [self.selector(cage) for cage in sorted(cages)]

    def test(self, cages: Sequence[Unit], conflicts: int | None = None) -> SolveResult:
        """Is S the only solution of ``cages`` (and the session's rules)? UNSAT: yes.
        ``conflicts`` None: no budget."""
        return self.solve(self.selectors(cages), conflicts)

    def make_unique(self, cages: Sequence[Unit], rng: random.Random,
                    high: int | None = None) -> tuple[bool, list[Unit]]:
        """Cut cages until S is the only solution, then merge neighbours up to ``high``
        cells (default: the largest cage at the start). (unique?, the cages): not unique
        only when the deadline passed first."""
        current = sorted(cages)
        high = high or max(map(len, current))
        while True:
            answer = self.test(current, self.conflicts)
            if answer is SolveResult.UNSAT:
                return True, self.merge(current, rng, high)
            if self.expired():
                return False, current
            if answer is SolveResult.SAT:
                second: Grid | None = self.second()
            else:  # out of budget, no second solution known: any cut of a largest cage
                second = None
            current = self.cut(current, second, rng)

    def cut(self, cages: list[Unit], second: Grid | None, rng: random.Random) -> list[Unit]:
        """``cages`` with one cage where ``second`` differs from S cut in two: a cut that
        ``second`` breaks and as even as possible; random among equals. Without ``second``,
        an even cut of a largest cage."""
        n, best = self.board.n, (-1, -1)
        chosen: list[tuple[Unit, Unit, Unit]] = []
        largest = max(map(len, cages))
        for cage in cages:
            if len(cage) < 2 or (len(cage) < largest if second is None else
                                 all(second[i] == self.solution[i] for i in cage)):
                continue
            for first, rest in splits(cage, n, rng):
                breaks = (second is not None
                          and sum(second[i] for i in first) != self.total(first))
                score = (int(breaks), min(len(first), len(rest)))
                if score > best:
                    best, chosen = score, []
                if score == best:
                    chosen.append((cage, first, rest))
        cage, first, rest = rng.choice(chosen)  # S2 differs from S in some cage of 2+ cells
        return sorted([c for c in cages if c != cage] + [first, rest])

    def merge(self, cages: list[Unit], rng: random.Random, high: int) -> list[Unit]:
        """Merge neighbouring cages (distinct digits, at most ``high`` cells) in random
        order, each merge kept when S stays the only solution, in rounds until one merges
        none: then no two neighbouring cages can merge. (A merge adds a distinctness that the
        two cages lack, so one refused may work after other merges: it is tried again unless
        the second solution that refused it still fits.) Each test has
        :attr:`drop_conflicts`; those of the last round that ran out are :attr:`undecided`."""
        current = sorted(cages)
        seconds: dict[tuple[Unit, Unit], Grid] = {}  # the second solution refusing a merge
        while True:
            pairs = mergeable(current, self.solution, self.board.n, high)
            rng.shuffle(pairs)
            left, self.undecided = set(current), 0
            for one, other in pairs:
                a, b = current[one], current[other]
                if a not in left or b not in left:
                    continue
                trial = (left - {a, b}) | {tuple(sorted(a + b))}
                if (a, b) in seconds and self.fits(seconds[a, b], trial):
                    continue
                answer = self.test(sorted(trial), self.drop_conflicts)
                if answer is SolveResult.UNSAT:
                    left = trial
                elif answer is SolveResult.SAT:
                    seconds[a, b] = self.second()
                self.undecided += answer is SolveResult.UNKNOWN
            if len(left) == len(current):
                return current
            current = sorted(left)

    def fits(self, grid: Grid, cages: Collection[Unit]) -> bool:
        """Whether ``grid`` (a solution of the session's other rules) keeps the sums of S in
        ``cages``, with distinct digits in each."""
        return all(len({grid[i] for i in cage}) == len(cage)
                   and sum(grid[i] for i in cage) == self.total(cage) for cage in cages)

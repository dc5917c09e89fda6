"""An oracle for multi-grid boards written from the layout's definition alone.

It knows grids only as their top-left places on the canvas, and a grid's rule as the classic
one (each row, column and box of the grid holds distinct digits). It never looks at
:class:`satdoku.multigrid.MultiBoard`'s cells, units or CNF: puzzles and solutions are
dicts place → digit, and the tests translate them to satdoku's cell order themselves.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

Place = tuple[int, int]


def layout_units(n: int, box: tuple[int, int], grids: Sequence[Place]) -> list[list[Place]]:
    """Every row, column and box of every grid, as lists of canvas places."""
    a, b = box
    units = []
    for r0, c0 in grids:
        units += [[(r0 + r, c0 + c) for c in range(n)] for r in range(n)]
        units += [[(r0 + r, c0 + c) for r in range(n)] for c in range(n)]
        units += [[(r0 + br + r, c0 + bc + c) for r in range(a) for c in range(b)]
                  for br in range(0, n, a) for bc in range(0, n, b)]
    return units


class Oracle:
    """Brute-force solving of one layout: places, their peers, backtracking."""

    def __init__(self, n: int, box: tuple[int, int], grids: Sequence[Place]) -> None:
        self.n = n
        self.units = layout_units(n, box, grids)
        self.places = sorted({p for unit in self.units for p in unit})
        self.peers: dict[Place, set[Place]] = {p: set() for p in self.places}
        for unit in self.units:
            for p in unit:
                self.peers[p].update(q for q in unit if q != p)

    def valid(self, grid: dict[Place, int]) -> bool:
        """Whether a complete grid keeps every unit of every grid."""
        return all(len({grid[p] for p in unit}) == self.n for unit in self.units) and all(
            1 <= grid[p] <= self.n for p in self.places)

    def solutions(self, givens: dict[Place, int], limit: int,
                  rng: random.Random | None = None) -> Iterator[dict[Place, int]]:
        """Up to ``limit`` solutions (digits tried in random order with ``rng``)."""
        grid = dict(givens)
        if any(grid.get(q) == d for p, d in givens.items() for q in self.peers[p]):
            return
        found = 0

        def search() -> Iterator[dict[Place, int]]:
            nonlocal found
            open_places = [p for p in self.places if p not in grid]
            if not open_places:
                found += 1
                yield dict(grid)
                return
            options = {p: [d for d in range(1, self.n + 1)
                            if all(grid.get(q) != d for q in self.peers[p])]
                       for p in open_places}
            place = min(open_places, key=lambda p: len(options[p]))
            digits = options[place]
            if rng is not None:
                rng.shuffle(digits)
            for d in digits:
                grid[place] = d
                yield from search()
                del grid[place]
                if found >= limit:
                    return

        yield from search()

    def random_solution(self, rng: random.Random) -> dict[Place, int]:
        return next(self.solutions({}, 1, rng))

"""Random jigsaw regions of equal size, and connected sets of cells.

Glossary: a *region map* gives each cell the id of its jigsaw region (``Board.regions``); a
set of cells is *connected* when its cells are joined through orthogonal neighbours.

Jigsaw regions come from a random walk over region maps that always stays valid: start from
the boxes (or the rows when n has no boxes) and repeat a *swap*: a cell on the border of
region A joins its neighbour B while a cell of B next to A joins A; the swap is kept only
when both regions stay connected, so sizes never change.

>>> import random
>>> regions = random_regions(9, random.Random(1))
>>> sorted(regions.count(k) for k in set(regions)) == [9] * 9
True
>>> all(connected([i for i in range(81) if regions[i] == k], 9) for k in set(regions))
True
"""

from __future__ import annotations

import random
from collections.abc import Collection
from functools import cache

from satdoku.board import Board, default_box

#: Accepted swaps per cell: measured, regions look as mixed after 3 swaps per cell as after
#: 30 (no box left whole at 9x9), and 9x9 maps take ~4 ms.
SWAPS_PER_CELL = 3


@cache
def neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """The orthogonal neighbours of every cell of an n×n board.

    >>> neighbours(3)[4]
    (1, 3, 5, 7)
    """
    out = []
    for i in range(n * n):
        r, c = divmod(i, n)
        out.append(tuple(rr * n + cc for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1),
                                                     (r + 1, c)) if 0 <= rr < n and 0 <= cc < n))
    return tuple(out)


def connected(cells: Collection[int], n: int) -> bool:
    """Whether ``cells`` form one orthogonally connected piece (an empty set does not).

    >>> connected([0, 1, 4], 3), connected([0, 2], 3)
    (True, False)
    """
    todo = set(cells)
    if not todo:
        return False
    nb, stack = neighbours(n), [todo.pop()]
    while stack:
        for j in nb[stack.pop()]:
            if j in todo:
                todo.remove(j)
                stack.append(j)
    return not todo


def start_regions(n: int) -> list[int]:
    """The region map the walk starts from: the default boxes, else the rows."""
    board = Board(n, default_box(n))
    return list(board.box_of) if board.box else [i // n for i in range(n * n)]


def random_regions(n: int, rng: random.Random, swaps: int | None = None) -> tuple[int, ...]:
    """A random map of n connected regions of n cells each (``swaps`` accepted swaps;
    default :data:`SWAPS_PER_CELL` per cell), regions numbered in the order of their first
    cell. From 4x4 on, no region is a whole row or column (it would add nothing): the walk
    goes on until none is. Not every map has a solution: :mod:`satdoku.generating.layouts`
    lets the SAT solver reject those."""
    region = start_regions(n)
    members: list[set[int]] = [set() for _ in range(n)]
    for i, k in enumerate(region):
        members[k].add(i)
    _walk(region, members, n, rng, SWAPS_PER_CELL * n * n if swaps is None else swaps)
    lines = {frozenset(u) for u in (*Board(n).rows, *Board(n).columns)} if n >= 4 else set()
    for _ in range(100):
        if not any(frozenset(m) in lines for m in members):
            break
        _walk(region, members, n, rng, n)
    ids = {k: j for j, k in enumerate(dict.fromkeys(region))}  # numbered as first met,
    return tuple(ids[k] for k in region)                        # as the JSON reader does


def _walk(region: list[int], members: list[set[int]], n: int, rng: random.Random,
          wanted: int) -> None:
    """``wanted`` random swaps that keep every region connected (see the module doc)."""
    nb, done, tries = neighbours(n), 0, 0
    while done < wanted and tries < 100 * wanted and n > 2:
        tries += 1
        a = rng.randrange(n * n)
        home = region[a]
        across = [region[j] for j in nb[a] if region[j] != home]
        if not across:
            continue
        other = rng.choice(across)
        # a cell of the other region that touches what stays of a's region
        takers = [c for c in sorted(members[other])
                  if any(region[j] == home and j != a for j in nb[c])]
        if not takers:
            continue
        c = rng.choice(takers)
        new_home, new_other = (members[home] - {a}) | {c}, (members[other] - {c}) | {a}
        if connected(new_home, n) and connected(new_other, n):
            members[home], members[other] = new_home, new_other
            region[a], region[c] = other, home
            done += 1

"""Almost locked sets: the ALS-XZ rule over the candidate grid.

Glossary: an *almost locked set* (ALS) is N open cells of one house holding N + 1
candidates between them (a bivalue cell is the smallest); take one digit away and the rest
are locked in those cells. Two ALSs A and B that share no cell have a *restricted common*
digit X when every X of A sees every X of B: X sits in A or in B, not both, so one of them
is locked without X. For any other digit Z common to both, one of A and B then holds Z for
sure, and every cell seeing all the Z candidates of A and B loses Z (ALS-XZ).

The finder proposes; the step search proves the proposal by a minimal subset of the cited
groups (the houses of the two sets, their cells, a house linking each pair of X
candidates and each target to the Z candidates) and renames it when the proof needs less.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.path import explain
>>> e = explain(parse_puzzle("4...3.......6..8..........1....5..9..8....6...7.2........"
...                          "1.27..5.3....4.9........"), max_steps=60)
>>> c = Candidates(e.groups, e.known_after(60))
>>> f = next(als_xz(c))
>>> f.technique, f.weight, len(f.derived) >= 1
('ALS-XZ', 7.1, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from satdoku.explain.candidates import Candidates, Finding, House
from satdoku.explain.catalogue import weight
from satdoku.explain.chains import linking_house

#: The largest ALS searched, in cells, by board size (a 16×16 house has 1,820 sets of 4).
MOST_CELLS = {4: 4, 9: 4, 16: 2}
#: At most this many ALSs per position (smallest first): the pairs grow as their square.
MOST_SETS = 400


@dataclass(frozen=True)
class ALS:
    """N cells of ``house`` holding N + 1 ``digits``; ``where``: digit → its cells there.
    Bit sets for the pair search: ``mask`` (the cells), ``seen[d]`` (the cells that see
    every ``d`` of the set)."""

    house: House
    cells: frozenset[int]
    digits: frozenset[int]
    where: dict[int, frozenset[int]]
    mask: int
    seen: dict[int, int]
    digit_mask: int
    where_mask: dict[int, int]

    def label(self, c: Candidates) -> str:
        return f"{c.names(sorted(self.cells))} {c.digit_set(self.digits)}"


def almost_locked_sets(c: Candidates) -> list[ALS]:
    """Every ALS of up to :data:`MOST_CELLS` cells (each set of cells once), smallest first."""
    most = MOST_CELLS.get(c.n, 2 if c.n > 9 else 4)
    peers = {i: _bits(c.peers(i)) for i in range(len(c.placed)) if not c.placed[i]}
    seen: set[frozenset[int]] = set()
    out: list[ALS] = []
    for size in range(1, most + 1):
        for h in c.houses:
            free = [i for i in h.cells if not c.placed[i] and len(c.cand[i]) <= size + 1]
            for cells in combinations(free, size):
                digits = frozenset().union(*(c.cand[i] for i in cells))
                key = frozenset(cells)
                if len(digits) != size + 1 or key in seen:
                    continue
                seen.add(key)
                where = {d: frozenset(i for i in cells if d in c.cand[i]) for d in digits}
                sees = {d: _all_of(peers[i] for i in ws) for d, ws in where.items()}
                out.append(ALS(h, key, digits, where, _bits(cells), sees, _bits(digits),
                               {d: _bits(ws) for d, ws in where.items()}))
                if len(out) >= MOST_SETS:
                    return out
    return out


@lru_cache(maxsize=4096)
def _digits(mask: int) -> tuple[int, ...]:
    return tuple(d for d in range(mask.bit_length()) if mask >> d & 1)


def _bits(cells) -> int:
    return sum(1 << i for i in cells)


def _all_of(masks) -> int:
    out = -1
    for m in masks:
        out &= m
    return out


def als_xz(c: Candidates) -> Iterator[Finding]:
    """ALS-XZ eliminations, the pairs of smallest sets first (pairs of two bivalue cells
    are left to the wings and subsets)."""
    sets = almost_locked_sets(c)
    open_with = {d: _bits(i for i in range(len(c.placed)) if not c.placed[i] and d in c.cand[i])
                 for d in range(1, c.n + 1)}
    found: list[Finding] = []
    done: set[tuple[int, ...]] = set()
    for k, a in enumerate(sets):
        for b in sets[k + 1:]:
            both = a.digit_mask & b.digit_mask
            if not both & (both - 1) or a.mask & b.mask or len(a.cells) + len(b.cells) < 3:
                continue  # (fewer than two digits in common, or a shared cell)
            digits = _digits(both)
            for x in digits:
                if b.where_mask[x] & ~a.seen[x]:
                    continue  # (some x of b does not see every x of a)
                for z in digits:
                    if z == x:
                        continue
                    hit = a.seen[z] & b.seen[z] & open_with[z] & ~(a.mask | b.mask)
                    if not hit:
                        continue
                    targets = [i for i in range(hit.bit_length()) if hit >> i & 1]
                    derived = tuple(sorted(-c.lit(i, z) for i in targets))
                    if derived not in done:
                        done.add(derived)
                        found.append(_finding(c, a, b, x, z, targets, derived))
    found.sort(key=lambda f: (len(f.groups), f.derived))
    yield from found


def _finding(c: Candidates, a: ALS, b: ALS, x: int, z: int, targets: list[int],
             derived: tuple[int, ...]) -> Finding:
    groups = {c.cell_group[i] for i in a.cells | b.cells}
    groups.update(s.house.group for s in (a, b) if len(s.cells) > 1)
    links = [(i, j) for i in a.where[x] for j in b.where[x]]
    links += [(t, j) for t in targets for j in a.where[z] | b.where[z]]
    for i, j in links:
        h = linking_house(c, i, j)
        if h is not None:
            groups.add(h)
    sx, sz = c.symbol(x), c.symbol(z)
    teach = (f"ALS-XZ: {a.label(c)} and {b.label(c)} are almost locked sets (one digit more "
             f"than cells). Every {sx} of the one sees every {sx} of the other, so {sx} sits "
             f"in at most one of them and the other is locked without it: one of the two "
             f"holds {sz}. So {c.names(targets)}, which {_verb(targets, 'see')} every {sz} of "
             f"both, {_verb(targets, 'lose')} {sz}.")
    return Finding("ALS-XZ", weight("ALS-XZ"), derived, tuple(sorted(groups)), teach)


def _verb(subjects: list[int], verb: str) -> str:
    return verb + "s" if len(subjects) == 1 else verb


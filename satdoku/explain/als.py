"""Almost locked sets: the ALS-XZ and ALS-XY-wing rules over the candidate grid.

Glossary: an *almost locked set* (ALS) is N open cells of one house holding N + 1
candidates between them (a bivalue cell is the smallest); take one digit away and the rest
are locked in those cells. Two ALSs A and B that share no cell have a *restricted common*
digit X when every X of A sees every X of B: X sits in A or in B, not both, so one of them
is locked without X. For any other digit Z common to both, one of A and B then holds Z for
sure, and every cell seeing all the Z candidates of A and B loses Z (ALS-XZ). A pivot set C
with restricted commons X with A and Y with B holds X or Y, so A or B is locked, and a
digit Z of both (neither X nor Y) goes the same way (ALS-XY-wing).

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
('ALS-XZ', 7.3, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from satdoku.explain.candidates import (
    Candidates,
    Finding,
    House,
    bit_cells,
    combinations_spanning,
)
from satdoku.explain.catalogue import weight
from satdoku.explain.chains import linking_house

#: The largest ALS searched, in cells, by board size (a 16×16 house has 1,820 sets of 4).
MOST_CELLS = {4: 4, 9: 4, 16: 2}
#: At most this many ALSs per position (smallest first): the pairs grow as their square.
MOST_SETS = 400
#: ALS-XY-wing: pivots with more restricted commons than this are skipped (wings pair up).
MOST_WINGS = 60


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
    """Every ALS of up to :data:`MOST_CELLS` cells (each set of cells once), smallest first
    (found once per grid: both ALS finders read them)."""
    return c.memo("als", lambda: _almost_locked_sets(c))


def _almost_locked_sets(c: Candidates) -> list[ALS]:
    most = MOST_CELLS.get(c.n, 2 if c.n > 9 else 4)
    peers = c.layout.peer_bits
    masks = c.digit_bits()
    seen: set[int] = set()
    out: list[ALS] = []
    for size in range(1, most + 1):
        for h in c.houses:
            free = [i for i in h.cells if not c.placed[i] and len(c.cand[i]) <= size + 1]
            for cells in combinations_spanning(free, size, masks, size + 1):
                key = _bits(cells)
                if key in seen:
                    continue
                seen.add(key)
                digits = frozenset().union(*(c.cand[i] for i in cells))
                where = {d: frozenset(i for i in cells if d in c.cand[i]) for d in digits}
                sees = {d: _all_of(peers[i] for i in ws) for d, ws in where.items()}
                out.append(ALS(h, frozenset(cells), digits, where, key, sees, _bits(digits),
                               {d: _bits(ws) for d, ws in where.items()}))
                if len(out) >= MOST_SETS:
                    return out
    return out


@lru_cache(maxsize=4096)
def _digits(mask: int) -> tuple[int, ...]:
    return tuple(d for d in range(mask.bit_length()) if mask >> d & 1)


def _bits(cells) -> int:
    out = 0
    for i in cells:
        out |= 1 << i
    return out


def _all_of(masks) -> int:
    out = -1
    for m in masks:
        out &= m
    return out


def restricted_commons(c: Candidates) -> list[tuple[int, int, int]]:
    """(k, j, x) for each pair of disjoint sets ``sets[k]``, ``sets[j]`` (k < j) of
    :func:`almost_locked_sets` and each restricted common digit x of theirs (every x of the
    one sees every x of the other), in that order (found once per grid).

    Over bit sets of the sets' indices: for set k and its digit x, the sets holding x in a
    cell that does not see every x of set k are left out, and so are those sharing a cell
    with set k."""
    return c.memo("als commons", lambda: _restricted_commons(almost_locked_sets(c)))


def _restricted_commons(sets: list[ALS]) -> list[tuple[int, int, int]]:
    holding: dict[tuple[int, int], int] = {}  # (cell, x) → the sets with x in that cell
    with_x: dict[int, int] = {}  # x → the sets holding x
    in_cell: dict[int, int] = {}  # cell → the sets holding that cell
    for k, a in enumerate(sets):
        bit = 1 << k
        for x, ws in a.where.items():
            with_x[x] = with_x.get(x, 0) | bit
            for i in ws:
                holding[i, x] = holding.get((i, x), 0) | bit
        for i in a.cells:
            in_cell[i] = in_cell.get(i, 0) | bit
    cells_with: dict[int, list[int]] = {}  # x → the cells where some set holds x
    for i, x in holding:
        cells_with.setdefault(x, []).append(i)
    unseen: dict[tuple[int, int], int] = {}  # (x, cells) → the sets with x elsewhere
    out = []
    for k, a in enumerate(sets):
        later = -1 << (k + 1)
        for i in a.cells:
            later &= ~in_cell[i]
        for x in _digits(a.digit_mask):
            seen = a.seen[x]
            bad = unseen.get((x, seen))
            if bad is None:
                bad = 0
                for i in cells_with[x]:
                    if not seen >> i & 1:
                        bad |= holding[i, x]
                unseen[x, seen] = bad
            fits = with_x[x] & later & ~bad
            while fits:
                j = (fits & -fits).bit_length() - 1
                out.append((k, j, x))
                fits &= fits - 1
    out.sort()
    return out


def als_xz(c: Candidates) -> Iterator[Finding]:
    """ALS-XZ eliminations, the pairs with the fewest cited groups first (pairs of two
    bivalue cells are left to the wings and subsets)."""
    sets, reach = almost_locked_sets(c), _reach(c)
    found: dict[tuple[int, ...], Finding] = {}
    for k, j, x in restricted_commons(c):
        a, b = sets[k], sets[j]
        if len(a.cells) + len(b.cells) < 3:
            continue
        for z in _digits(a.digit_mask & b.digit_mask):
            if z != x and (hit := reach[k][z] & reach[j][z]):
                derived, targets = _wiped(c, z, hit)
                if derived not in found:
                    found[derived] = _finding(c, (a, b), ((a, b, x),), z, targets, derived)
    yield from sorted(found.values(), key=lambda f: (len(f.groups), f.derived))


def als_xy_wing(c: Candidates) -> Iterator[Finding]:
    """ALS-XY-wing: a pivot set C with restricted commons x with set A and y with set B
    (x ≠ y): C holds x or y, so A or B is locked and holds its digits; a digit z of A and B
    (neither x nor y) leaves the cells that see every z of both.

    Around each pivot, the pairs of wings are met digit by digit, among the wings that
    some cell outside could lose z with, then taken in the order of the pairs."""
    sets, reach = almost_locked_sets(c), _reach(c)
    around: dict[int, list[tuple[int, int]]] = {}
    for k, j, x in restricted_commons(c):
        around.setdefault(k, []).append((j, x))
        around.setdefault(j, []).append((k, x))
    found: dict[tuple[int, ...], Finding] = {}
    done: set[tuple[int, int]] = set()  # (z, hit) met
    for pivot, wings in around.items():
        if len(wings) > MOST_WINGS:
            continue
        with_z: dict[int, list[tuple[int, int, int]]] = {}  # z → [(wing, its x, reach)]
        for w, (k, x) in enumerate(wings):
            for z, cells in reach[k].items():
                if cells and z != x:
                    with_z.setdefault(z, []).append((w, x, cells))
        meets = [(v, w, z, hit) for z, ws in with_z.items()
                 for (v, x, one), (w, y, other) in combinations(ws, 2)
                 if x != y and (hit := one & other)
                 and not sets[wings[v][0]].mask & sets[wings[w][0]].mask]
        for v, w, z, hit in sorted(meets):
            if (z, hit) in done:
                continue  # (the same eliminations: found already)
            done.add((z, hit))
            derived, targets = _wiped(c, z, hit)
            if derived not in found:
                (ka, x), (kb, y) = wings[v], wings[w]
                a, b, p = sets[ka], sets[kb], sets[pivot]
                found[derived] = _finding(c, (a, b, p), ((a, p, x), (b, p, y)), z, targets,
                                          derived)
    yield from sorted(found.values(), key=lambda f: (len(f.groups), f.derived))


def _reach(c: Candidates) -> list[dict[int, int]]:
    """For each set of :func:`almost_locked_sets`, digit z → the open cells outside it
    with z that see every z of it, as bits (found once per grid): a cell loses z to two
    sets when both reach it."""
    def make() -> list[dict[int, int]]:
        return [{z: seen & c.open_with(z) & ~s.mask for z, seen in s.seen.items()}
                for s in almost_locked_sets(c)]
    return c.memo("als reach", make)


def _wiped(c: Candidates, z: int, hit: int) -> tuple[tuple[int, ...], list[int]]:
    """(eliminations, target cells) of digit z from the cells of ``hit`` (bits)."""
    targets = bit_cells(hit)
    return tuple(sorted(-c.lit(i, z) for i in targets)), targets


def _finding(c: Candidates, sets: tuple[ALS, ...], commons: tuple[tuple[ALS, ALS, int], ...],
             z: int, targets: list[int], derived: tuple[int, ...]) -> Finding:
    """ALS-XZ (two sets, one restricted common) or ALS-XY-wing (wings a, b and a pivot)."""
    groups = {c.cell_group[i] for s in sets for i in s.cells}
    groups.update(s.house.group for s in sets if len(s.cells) > 1)
    links = [(i, j) for a, b, x in commons for i in a.where[x] for j in b.where[x]]
    links += [(t, j) for t in targets for j in sets[0].where[z] | sets[1].where[z]]
    for i, j in links:
        h = linking_house(c, i, j)
        if h is not None:
            groups.add(h)
    sz = c.symbol(z)
    lose = (f"So {c.names(targets)}, which {_verb(targets, 'see')} every {sz} of both, "
            f"{_verb(targets, 'lose')} {sz}.")
    if len(sets) == 2:
        a, b, x = commons[0]
        sx = c.symbol(x)
        teach = (f"ALS-XZ: {a.label(c)} and {b.label(c)} are almost locked sets (one digit "
                 f"more than cells). Every {sx} of the one sees every {sx} of the other, so "
                 f"{sx} sits in at most one of them and the other is locked without it: one "
                 f"of the two holds {sz}. {lose}")
        return Finding("ALS-XZ", weight("ALS-XZ"), derived, tuple(sorted(groups)), teach)
    (a, p, x), (b, _, y) = commons
    sx, sy = c.symbol(x), c.symbol(y)
    teach = (f"ALS-XY-wing: the almost locked set {p.label(c)} ({len(p.digits)} digits in "
             f"{len(p.cells)} cells: it lacks one at most) holds {sx} or {sy}. If it holds "
             f"{sx}, every {sx} of {a.label(c)} sees it, so that set is locked without {sx} "
             f"and holds {sz}; if it holds {sy}, the same goes for {b.label(c)}. {lose}")
    return Finding("ALS-XY-wing", weight("ALS-XY-wing"), derived, tuple(sorted(groups)), teach)


def _verb(subjects: list[int], verb: str) -> str:
    return verb + "s" if len(subjects) == 1 else verb


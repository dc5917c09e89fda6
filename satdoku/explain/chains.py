"""Chains over the candidate grid: alternating inference chains (AIC) and the patterns
that are short AICs (skyscraper, 2-string kite, turbot fish, XY-wing, W-wing), plus the
XYZ-wing.

Glossary: a *node* is a candidate (cell, digit), as its literal ``cell·n + digit``. A
*strong link* joins two nodes of which one at least is true: the two digits of a bivalue
cell, or the two places of a digit in a house (a conjugate pair). A *weak link* joins two
nodes that cannot both be true: two digits of one cell, or one digit in two cells that share
a house. An AIC alternates them, strong first and last: a₀ = a₁ − a₂ = … = aₖ, so a₀ or aₖ
is true, and every candidate weakly linked to both ends is false.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.path import explain
>>> e = explain(parse_puzzle("4...3.......6..8..........1....5..9..8....6...7.2........"
...                          "1.27..5.3....4.9........"), max_steps=20)
>>> c = Candidates(e.groups, e.known_after(20))
>>> f = next(aic(c, 2))
>>> f.technique, len(f.derived)
('skyscraper', 2)
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from satdoku.explain.candidates import Candidates, Finding
from satdoku.explain.catalogue import CHAIN_STEP, weight

#: The longest chains searched, in strong links.
MOST_STRONG = 6


class Links:
    """The strong and weak links of a candidate grid (built once per position)."""

    def __init__(self, c: Candidates) -> None:
        self.c = c
        n = c.n
        self.strong: dict[int, list[tuple[int, int]]] = {}   # node → [(node, group)]
        for i in range(len(c.placed)):
            if not c.placed[i] and len(c.cand[i]) == 2:
                a, b = (c.lit(i, d) for d in sorted(c.cand[i]))
                self._add(a, b, c.cell_group[i])
        for h in c.houses:
            places = c.places(h)[0]
            for d in range(1, n + 1):
                w = places[d]
                if len(w) == 2 and not c.placed_in(h, d):
                    self._add(c.lit(w[0], d), c.lit(w[1], d), h.group)

        self._weak: dict[int, dict[int, int]] = {}
        #: Weak links between nodes that have strong links (the inside of a chain), with
        #: the group of each.
        self.inner: dict[int, list[tuple[int, int]]] = {
            x: [(z, g) for z, g in self.weak(x).items() if z in self.strong]
            for x in self.strong}

    def _add(self, a: int, b: int, g: int) -> None:
        for x, y in ((a, b), (b, a)):
            out = self.strong.setdefault(x, [])
            if all(z != y for z, _ in out):
                out.append((y, g))

    def weak(self, x: int) -> dict[int, int]:
        """node → group, for each node weakly linked to ``x``."""
        out = self._weak.get(x)
        if out is not None:
            return out
        c = self.c
        n = c.n
        cell, d = divmod(x - 1, n)
        d += 1
        out = {cell * n + e: c.cell_group[cell] for e in c.cand[cell] if e != d}
        for h in c.houses_of[cell]:
            for j in c.places(h)[0][d]:
                if j != cell:
                    out.setdefault(j * n + d, h.group)
        self._weak[x] = out
        return out


def linking_house(c: Candidates, a: int, b: int) -> int | None:
    """The house through which ``a`` sees ``b`` (boxes first), as wings cite it."""
    hs = [h for h in c.houses_of[a] if b in h.cells]
    hs.sort(key=lambda h: h.kind in ("row", "column"))
    return hs[0].group if hs else None


def aic(c: Candidates, most: int = MOST_STRONG, least: int = 2) -> Iterator[Finding]:
    """AICs, shortest first (by strong links, ``least`` … ``most``), named by their shape:
    from every node, a breadth-first search over alternating links (the shortest chain to
    each node), each chain ending in a strong link tried for eliminations."""
    links = c.memo("links", lambda: Links(c))
    by_length: dict[int, list[Finding]] = {}
    seen: set[tuple[int, int, int]] = set()
    for a in sorted(links.strong):
        for k, b, parent in _ends(links, a, most, least, seen):
            path, groups = _unwind(parent, b)
            if len(set(path)) != len(path):
                continue
            found = _conclude(c, links, path, groups)
            if found is not None:
                seen.add((k, min(a, b), max(a, b)))
                by_length.setdefault(k, []).append(found)
    for k in sorted(by_length):
        yield from sorted(by_length[k], key=lambda f: (f.weight, -len(f.derived)))


#: A breadth-first search's way back: state → (the state before it, the link's group); a
#: state is a node reached "on" (the node) or "off" (minus the node); the start has None.
Parents = dict[int, tuple[int, int] | None]


def _ends(links: Links, a: int, most: int, least: int, seen: set[tuple[int, int, int]]
          ) -> Iterator[tuple[int, int, Parents]]:
    """(strong links, node, the search's parents) for each node b that the shortest
    alternating chain from ``a`` reaches "on" (after a strong link) in ``least`` strong
    links or more, when some candidate is weakly linked to both ends (else the chain
    concludes nothing: most do) and (k, ends in order) is not in ``seen``. The chain is
    read back with :func:`_unwind` (only for these)."""
    parent: Parents = {-a: None, a: None}  # (a itself is never reached "on")
    strong, inner, weak = links.strong, links.inner, links._weak  # (every strong node's)
    near = links.weak(a).keys()
    frontier = [a]
    for k in range(1, most + 1):
        on = []
        for x in frontier:
            for y, g in strong[x]:
                if y not in parent:
                    parent[y] = (-x, g)
                    on.append(y)
        if k >= least:
            for y in on:
                if not near.isdisjoint(weak[y]) and (k, min(a, y), max(a, y)) not in seen:
                    yield k, y, parent
        if k == most:
            return
        frontier = []
        for y in on:
            for z, g in inner[y]:
                if -z not in parent:
                    parent[-z] = (y, g)
                    frontier.append(z)
        if not frontier:
            return


def _unwind(parent: Parents, node: int) -> tuple[list[int], list[int]]:
    """The chain to ``node`` (on) and the groups of its links, from the start."""
    path, groups = [node], []
    state = parent[node]
    while state is not None:
        node, g = state
        path.append(abs(node))
        groups.append(g)
        state = parent[node]
    return path[::-1], groups[::-1]


def _conclude(c: Candidates, links: Links, path: list[int], groups: list[int]) -> Finding | None:
    a, b = path[0], path[-1]
    wa, wb = links.weak(a), links.weak(b)
    targets = []
    cited = set(groups)
    for x in wa.keys() & wb.keys():
        if x not in path:
            targets.append(x)
            cited.update((wa[x], wb[x]))
    if not targets:
        return None
    name = _shape(c, path, groups)
    strong = (len(path)) // 2
    w = weight(name) + (CHAIN_STEP * (strong - 3) if name in ("X-chain", "XY-chain", "AIC")
                        and strong > 3 else 0)
    derived = tuple(sorted(-x for x in targets))
    return Finding(name, round(w, 2), derived, tuple(sorted(cited)),
                   _teach(c, name, path, groups, derived), tuple(path))


def _shape(c: Candidates, path: list[int], groups: list[int]) -> str:
    n = c.n
    cells = [(x - 1) // n for x in path]
    digits = {(x - 1) % n + 1 for x in path}
    strong_in_cell = [cells[i] == cells[i + 1] for i in range(0, len(path), 2)]
    gs = c.groups.groups  # (by index)
    if len(digits) == 1:
        if len(path) == 4:
            k1, k2 = gs[groups[0]].kind, gs[groups[2]].kind
            lines = ("row", "column")
            if k1 == k2 and k1 in lines:
                return "skyscraper"
            if {k1, k2} == set(lines) and gs[groups[1]].kind not in lines:
                return "2-string kite"
            return "turbot fish"
        return "X-chain"
    if all(strong_in_cell):
        return "XY-wing" if len(path) == 6 and cells[0] != cells[-1] else "XY-chain"
    if len(path) == 6 and strong_in_cell == [True, False, True] and \
            set(c.cand[cells[0]]) == set(c.cand[cells[-1]]):
        return "W-wing"
    return "AIC"


def _node(c: Candidates, x: int) -> str:
    cell, d = divmod(x - 1, c.n)
    return f"({c.symbol(d + 1)}){c.name(cell)}"


def _is(c: Candidates, x: int, true: bool) -> str:
    cell, d = divmod(x - 1, c.n)
    return f"{c.name(cell)} {'is' if true else 'is not'} {c.symbol(d + 1)}"


def _teach(c: Candidates, name: str, path: list[int], groups: list[int],
           derived: tuple[int, ...]) -> str:
    """The chain in AIC notation, then in words, link by link with its constraint."""
    notation = "".join(("=" if k % 2 else "-") + _node(c, x) if k else _node(c, x)
                       for k, x in enumerate(path))
    words = [f"If {_is(c, path[0], False)}"]
    for k in range(1, len(path)):
        words.append(f"{_is(c, path[k], k % 2 == 1)} ({c.groups.groups[groups[k - 1]].label})")
    lost = ", ".join(_is(c, -x, False).replace(" is not ", "≠") for x in derived)
    return (f"{name}: {notation}. {', then '.join(words)}. So {_is(c, path[0], True)} or "
            f"{_is(c, path[-1], True)}, and what sees both goes: {lost}.")


def xyz_wing(c: Candidates) -> Iterator[Finding]:
    """A pivot holding {x,y,z} and two cells it sees holding {x,z} and {y,z}: z is in one
    of the three, so a cell seeing all three loses z."""
    for p in range(c.n * c.n):
        if c.placed[p] or len(c.cand[p]) != 3:
            continue
        wings = [i for i in c.peers(p) if not c.placed[i] and len(c.cand[i]) == 2
                 and c.cand[i] <= c.cand[p]]
        for a, b in combinations(wings, 2):
            if c.cand[a] == c.cand[b]:
                continue
            (z,) = c.cand[a] & c.cand[b]
            targets = [i for i in (c.peers(p) & c.peers(a) & c.peers(b))
                       if not c.placed[i] and z in c.cand[i]]
            if not targets:
                continue
            derived = tuple(sorted(-c.lit(i, z) for i in targets))
            groups = {c.cell_group[p], c.cell_group[a], c.cell_group[b]}
            firsts = [linking_house(c, p, x) for x in (a, b)]
            firsts += [linking_house(c, t, x) for t in targets for x in (p, a, b)]
            groups.update(g for g in firsts if g is not None)
            s = c.symbol(z)
            yield Finding("XYZ-wing", weight("XYZ-wing"), derived, tuple(sorted(groups)),
                          f"{c.name(p)} holds {c.digit_set(c.cand[p])}, {c.name(a)} "
                          f"{c.digit_set(c.cand[a])} and {c.name(b)} {c.digit_set(c.cand[b])}: "
                          f"whichever digit {c.name(p)} takes, one of the three cells is {s}, "
                          f"so {c.names(sorted(targets))}, which see all three, lose {s}.")

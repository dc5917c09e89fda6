"""Simple colouring: one digit's conjugate pairs, coloured in two colours.

Glossary: a *conjugate pair* is a house where a digit has exactly two places (a strong
link: one of them holds it); a *cluster* is a connected set of cells joined by conjugate
pairs of one digit. Colour a cluster's cells alternately: the two cells of each pair get
opposite colours, so one colour holds the digit in all its cells and the other in none.

- **colour trap**: a cell outside the cluster that sees a cell of each colour loses the
  digit (one of the two holds it);
- **colour wrap**: two cells of one colour share a house: that colour cannot be the true
  one, so every cell of that colour loses the digit.

Both are X-chains whose links are all conjugate pairs; the finder names them by the
colouring and cites only the pairs the conclusion needs (the shortest ways between the
cells that decide it).

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.groups import constraint_groups
>>> p = parse_puzzle("1.34 34.2 2.43 43.1")
>>> list(simple_colouring(Candidates(constraint_groups(p.board), p.assumptions())))
[]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from satdoku.explain.candidates import Candidates, Finding
from satdoku.explain.catalogue import weight

TRAP, WRAP = "simple colouring (trap)", "simple colouring (wrap)"

#: cell → [(cell, group of the conjugate pair)], one digit's strong links.
Graph = dict[int, list[tuple[int, int]]]


def _graph(c: Candidates, d: int) -> Graph:
    graph: Graph = {}
    for h in c.houses:
        w = c.where(h, d)
        if len(w) == 2 and not c.placed_in(h, d):
            p, q = w
            graph.setdefault(p, []).append((q, h.group))
            graph.setdefault(q, []).append((p, h.group))
    return graph


def _clusters(graph: Graph) -> Iterator[dict[int, tuple[int, int, int]]]:
    """Each cluster as cell → (colour 0/1, the cell before it, the link's group) of a
    breadth-first search from its first cell (the start has itself before it, group -1);
    a cluster that cannot be two-coloured (an odd loop: no solution) is left out."""
    done: set[int] = set()
    for start in sorted(graph):
        if start in done:
            continue
        tree = {start: (0, start, -1)}
        queue, odd = [start], False
        for x in queue:
            for y, g in graph[x]:
                if y not in tree:
                    tree[y] = (1 - tree[x][0], x, g)
                    queue.append(y)
                elif tree[y][0] == tree[x][0]:
                    odd = True
        done.update(tree)
        if not odd:
            yield tree


def _way(tree: dict[int, tuple[int, int, int]], a: int, b: int) -> set[int]:
    """The groups of the tree's links between cells ``a`` and ``b``."""
    def up(x: int) -> list[int]:
        out = [x]
        while tree[x][1] != x:
            x = tree[x][1]
            out.append(x)
        return out
    pa, pb = up(a), up(b)
    meet = next(x for x in pa if x in set(pb))
    return {tree[x][2] for path in (pa, pb) for x in path[:path.index(meet)]}


def simple_colouring(c: Candidates) -> Iterator[Finding]:
    """Colour wraps and colour traps, one finding per cluster (see the module's docstring):
    a wrap when two cells of one colour share a house, else a trap when some cell sees
    both colours."""
    for d in range(1, c.n + 1):
        graph = _graph(c, d)
        for tree in _clusters(graph):
            if len(tree) < 4:  # (two cells: locked candidates at most)
                continue
            found = _wrap(c, d, tree) or _trap(c, d, tree)
            if found is not None:
                yield found


def _colours(c: Candidates, tree: dict[int, tuple[int, int, int]]) -> tuple[list[int], ...]:
    return tuple(sorted(i for i in tree if tree[i][0] == k) for k in (0, 1))


def _wrap(c: Candidates, d: int, tree: dict[int, tuple[int, int, int]]) -> Finding | None:
    colours = _colours(c, tree)
    for k, cells in enumerate(colours):
        for i, p in enumerate(cells):
            q = next((q for q in cells[i + 1:] if c.sees(p, q)), None)
            if q is None:
                continue
            house = c.common_house(p, q)
            assert house is not None
            groups = {house.group} | _way(tree, p, q)
            for x in cells:  # every cell of the colour, joined to the clash
                groups |= _way(tree, p, x)
            out = tuple(-c.lit(x, d) for x in cells)
            s = c.symbol(d)
            teach = (_colouring(c, s, cells, colours[1 - k])
                     + f"{c.name(p)} and {c.name(q)} have the same "
                     f"colour and share {house.label}: were it right, {s} would be there "
                     f"twice. So the other colour holds {s}, and "
                     + ", ".join(f"{c.name(x)}≠{s}" for x in cells) + ".")
            return Finding(WRAP, weight(WRAP), out, tuple(sorted(groups)), teach)
    return None


def _colouring(c: Candidates, s: str, one: Sequence[int], other: Sequence[int]) -> str:
    """The opening of a colouring text: the two colours and that one of them is right."""
    return (f"Colour the conjugate pairs of {s}: one colour holds {s} in {c.names(one)}, the "
            f"other in {c.names(other)}, and one of the two colours is right. ")


def _trap(c: Candidates, d: int, tree: dict[int, tuple[int, int, int]]) -> Finding | None:
    colours = _colours(c, tree)
    targets, groups = [], set()
    for t in range(len(c.placed)):
        if c.placed[t] or t in tree or d not in c.cand[t]:
            continue
        seen = [[x for x in cells if c.sees(t, x)] for cells in colours]
        if not seen[0] or not seen[1]:
            continue
        a, b = min(((a, b) for a in seen[0] for b in seen[1]),
                   key=lambda ab: len(_way(tree, *ab)))
        targets.append(t)
        groups |= _way(tree, a, b)
        groups |= {h.group for x in (a, b) for h in c.houses_of[t] if x in h.cells}
    if not targets:
        return None
    out = tuple(-c.lit(t, d) for t in targets)
    s = c.symbol(d)
    teach = (_colouring(c, s, colours[0], colours[1])
             + f"{c.names(targets)} {'sees' if len(targets) == 1 else 'see'} a "
             f"cell of each colour, so "
             f"{', '.join(f'{c.name(t)}≠{s}' for t in targets)}.")
    return Finding(TRAP, weight(TRAP), out, tuple(sorted(groups)), teach)

"""Uniqueness techniques: unique rectangles (types 1 to 6), hidden rectangles and BUG+1.

Glossary: a *deadly pattern* is a set of open cells, each with a *pair* of its candidates,
such that any solution in which every pattern cell holds a digit of its pair gives a second
solution: every pattern cell takes the other digit of its pair (:func:`swappable` says when
that holds). A puzzle with one solution therefore never fills the pattern from its pairs,
and a uniqueness step concludes what keeps it from doing so:

- **unique rectangle**: four cells in two rows and two columns, each pair of them in one
  row, column or box (two rows, two columns, two boxes on a classic grid), all with the pair
  {a,b}. Type 1: three cells hold only {a,b}: the fourth loses a and b. Type 2: two cells
  hold only {a,b}, the other two (in one row or column) only {a,b} and the same x: one of
  them is x, so x leaves every cell that sees both. Type 3: two cells hold only {a,b}; one
  of the other two (in one house) holds one of their extra digits, so with k − 1 more cells
  of that house whose digits are those extras and k − 1 more, they form a naked subset of k
  digits, which leave the house's other cells (weighed as the naked subset when that is
  heavier). Type 4: two cells hold only {a,b}, and
  in a house holding the other two, a can go only there: one of them is a, so neither can
  be b.
  Rectangles with one bivalue corner or more (:func:`more_rectangles`): type 5: the cells
  that are not bivalue (two diagonal ones, or three) hold {a,b} and the same one extra x:
  one of them is x, so x leaves every cell that sees them all. Type 6: two diagonal cells
  hold only {a,b}, and in both rows and both columns a can go only in the rectangle: were
  one of the other two a, the other would be a too and the bivalue ones b, so neither is
  a. **Hidden rectangle**: a corner holds only {a,b}, and in the row and in the column of
  the opposite corner a can go only in the rectangle: were the opposite corner b, the two
  cells beside it would be a, and the bivalue corner b — so it is not b.
- **BUG+1** (bivalue universal grave plus one): every open cell holds two candidates but
  one, which holds three; were it not the digit x that its houses hold three times, every
  digit would have exactly two places in each house — a deadly pattern (each cell takes its
  other candidate and each house still holds each digit once): so that cell is x.

Sound only when the puzzle is known to have one solution: the step search offers these
only then (:class:`~satdoku.explain.search.Search`, ``unique``), and only where every
constraint through a pattern cell is its cell's or a house's — a variant constraint there
(a cage, a thermometer, a knight's move …) could tell the swapped digits apart. Each step
is still proved by the SAT solver, with the premise "the pattern is not all there"
(:func:`satdoku.explain.steps.premise`) as an extra clause, and cut to a minimal subset.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.groups import constraint_groups
>>> p = parse_puzzle("1.34 34.2 2.43 43.1")
>>> c = Candidates(constraint_groups(p.board), p.assumptions())
>>> list(unique_rectangles(c)), list(more_rectangles(c)), list(bug_plus_one(c))
([], [], [])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from satdoku.explain.candidates import Candidates, Finding, House
from satdoku.explain.catalogue import weight
from satdoku.explain.patterns import LINES, SIZES


def swappable(c: Candidates, pattern: dict[int, frozenset[int]]) -> bool:
    """Whether ``pattern`` (open cell → pair of its candidates) is deadly: every solution
    in which each pattern cell holds a digit of its pair stays a solution when each takes
    its pair's other digit instead.

    Conservative conditions, each checked here: every pattern cell is open and holds both
    digits of its pair as candidates (so no given and no removed pencil mark stands in the
    way); every constraint group through a pattern cell is that cell's or a house (no
    variant constraint); and in every house, each digit lies in the pairs of no pattern cell
    or of exactly two — two with the same pair (they differ, so one holds the digit), or
    two outside which the digit has no place in the house (so one of them holds it). Then
    in every house each digit moves between those two cells, and the house still holds it
    once.
    """
    groups, n = c.groups, c.n
    house_groups = {h.group for h in c.houses}
    for cell, pair in pattern.items():
        if len(pair) != 2 or c.placed[cell] or not pair <= c.cand[cell]:
            return False
        for gi in groups.of_cell[cell]:
            if groups.groups[gi].kind != "cell" and gi not in house_groups:
                return False
    touched = {h.group: h for cell in pattern for h in c.houses_of[cell]}
    for h in touched.values():
        inside = [i for i in h.cells if i in pattern]
        for d in range(1, n + 1):
            holders = [i for i in inside if d in pattern[i]]
            if not holders:
                continue
            if len(holders) != 2:
                return False
            if pattern[holders[0]] == pattern[holders[1]]:
                continue
            if c.placed_in(h, d) or any(d in c.cand[i] for i in h.cells
                                        if i not in pattern and not c.placed[i]):
                return False
    return True


def deadly_literals(c: Candidates, pattern: dict[int, frozenset[int]]) -> tuple[int, ...]:
    """The pattern as literals "cell holds digit" (:attr:`.steps.Step.deadly`)."""
    return tuple(c.lit(i, d) for i in sorted(pattern) for d in sorted(pattern[i]))


def _rectangles(c: Candidates) -> Iterator[tuple[tuple[int, ...], frozenset[int]]]:
    """(cells in order, pair) of every rectangle of open cells (two rows, two columns)
    holding the pair, two of whose cells in one row or column hold only that pair (every
    type has such a floor: a cheap start)."""
    lines = {kind: [h for h in c.houses if h.kind == kind] for kind in LINES}
    line_of = c.layout.line_of
    seen: set[tuple[tuple[int, ...], frozenset[int]]] = set()
    for kind, across in (("row", "column"), ("column", "row")):
        along = line_of[kind]
        for h in lines[kind]:
            two = [i for i in h.cells if not c.placed[i] and len(c.cand[i]) == 2]
            for p, q in combinations(two, 2):
                cp, cq = line_of[across].get(p), line_of[across].get(q)
                if c.cand[p] != c.cand[q] or cp is None or cq is None:
                    continue
                pair = frozenset(c.cand[p])
                facing = {along[j].group: j for j in cq.cells if j != q and j in along}
                for r in cp.cells:
                    s = facing.get(along[r].group) if r != p and r in along else None
                    if s is None or c.placed[r] or c.placed[s] or not (
                            pair <= c.cand[r] and pair <= c.cand[s]):
                        continue
                    key = (tuple(sorted((p, q, r, s))), pair)
                    if key not in seen:
                        seen.add(key)
                        yield key


def _line(c: Candidates, a: int, b: int) -> House | None:
    """The row or column holding both cells."""
    return next((h for h in c.houses_of[a] if h.kind in LINES and b in h.cells), None)


def _two_boxes(c: Candidates, cells: tuple[int, ...]) -> bool:
    """The classic shape: besides their rows and columns, exactly two houses (boxes,
    jigsaw regions …) hold the four cells, two of them each, in one row or column."""
    others = {h.group: h for i in cells for h in c.houses_of[i] if h.kind not in LINES}
    return len(others) == 2 and all(
        len(inside := [i for i in h.cells if i in cells]) == 2 and _line(c, *inside)
        is not None for h in others.values())


def unique_rectangles(c: Candidates) -> Iterator[Finding]:
    """Unique rectangles of types 1 to 4 (see the module's docstring)."""
    for cells, pair in _rectangles(c):
        pattern = dict.fromkeys(cells, pair)
        if not _two_boxes(c, cells) or not swappable(c, pattern):
            continue
        floor = [i for i in cells if c.cand[i] == pair]
        roof = [i for i in cells if c.cand[i] != pair]
        if len(floor) == 3:
            yield _type1(c, pattern, pair, floor, roof[0])
        elif len(floor) == 2 and _line(c, *roof) is not None:
            yield from _type2(c, pattern, pair, floor, roof)
            yield from _type3(c, pattern, pair, floor, roof)
            yield from _type4(c, pattern, pair, floor, roof)


def _deadly_words(c: Candidates, pattern: dict[int, frozenset[int]], pair: frozenset[int]
                  ) -> str:
    return (f"{c.names(sorted(pattern))} would be a deadly pattern {c.digit_set(pair)}: the "
            f"two digits could swap in those four cells, and the puzzle would have two "
            f"solutions; it has one")


def _finding(c: Candidates, kind: str, pattern: dict[int, frozenset[int]],
             out: tuple[int, ...], teach: str, groups: set[int]) -> Finding:
    """A uniqueness finding citing ``groups`` (what its argument needs besides the facts
    in the pattern's cells: the minimal subset starts from them)."""
    return Finding(kind, weight(kind.split(" type")[0]), out, tuple(sorted(groups)), teach,
                   deadly=deadly_literals(c, pattern))


def _elims_text(c: Candidates, out: tuple[int, ...]) -> str:
    return ", ".join(f"{c.name((abs(x) - 1) // c.n)}≠{c.symbol((abs(x) - 1) % c.n + 1)}"
                     for x in out)


def _type1(c: Candidates, pattern: dict[int, frozenset[int]], pair: frozenset[int],
           floor: list[int], corner: int) -> Finding:
    out = tuple(-c.lit(corner, d) for d in sorted(pair))
    ds = " or ".join(c.symbol(d) for d in sorted(pair))
    teach = (f"{c.names(floor)} hold only {c.digit_set(pair)}. Were {c.name(corner)} "
             f"{ds} too, {_deadly_words(c, pattern, pair)}, so {_elims_text(c, out)}.")
    return _finding(c, "unique rectangle type 1", pattern, out, teach, {c.cell_group[corner]})


def _type2(c: Candidates, pattern: dict[int, frozenset[int]], pair: frozenset[int],
           floor: list[int], roof: list[int]) -> Iterator[Finding]:
    extra = [c.cand[i] - pair for i in roof]
    if len(extra[0]) != 1 or extra[0] != extra[1]:
        return
    (x,) = extra[0]
    seen = c.peers(roof[0]) & c.peers(roof[1])
    targets = [i for i in sorted(seen) if not c.placed[i] and x in c.cand[i]]
    if not targets:
        return
    out = tuple(-c.lit(i, x) for i in targets)
    links = {h.group for i in targets for r in roof for h in c.houses_of[i] if r in h.cells}
    s = c.symbol(x)
    teach = (f"{c.names(floor)} hold only {c.digit_set(pair)}, and {c.names(roof)} only "
             f"{c.digit_set(pair)} and {s}. Were neither of them {s}, "
             f"{_deadly_words(c, pattern, pair)}, so one of {c.names(roof)} is {s}, and "
             f"what sees both loses it: {_elims_text(c, out)}.")
    yield _finding(c, "unique rectangle type 2", pattern, out, teach, links)


def _type3(c: Candidates, pattern: dict[int, frozenset[int]], pair: frozenset[int],
           floor: list[int], roof: list[int]) -> Iterator[Finding]:
    """The roof's extra digits, as one more cell, in a naked subset of a house that holds
    both roof cells: the subset's digits leave the house's other cells."""
    extra = (c.cand[roof[0]] | c.cand[roof[1]]) - pair
    for h in c.houses_of[roof[0]]:
        if roof[1] not in h.cells:
            continue
        small = [i for i in h.cells if i not in pattern and not c.placed[i]
                 and 2 <= len(c.cand[i]) <= 4]
        for k in range(1, 4):
            for others in combinations(small, k):
                digits = extra.union(*(c.cand[i] for i in others))
                if len(digits) != k + 1:
                    continue
                rest = [i for i in h.cells if i not in pattern and i not in others]
                out = tuple(-c.lit(i, d) for i in rest for d in sorted(digits)
                            if not c.placed[i] and d in c.cand[i])
                if not out:
                    continue
                ds = c.digit_set(digits)
                teach = (f"{c.names(floor)} hold only {c.digit_set(pair)}, so one of "
                         f"{c.names(roof)} holds one of {c.digit_set(extra)} (else "
                         f"{_deadly_words(c, pattern, pair)}); with {c.names(others)} they "
                         f"make a naked subset {ds} in {h.label}, so {ds} leave its other "
                         f"cells: {_elims_text(c, out)}.")
                found = _finding(c, "unique rectangle type 3", pattern, out, teach,
                                 {h.group, *(c.cell_group[i] for i in (*roof, *others))})
                # no lighter than the naked subset it makes (a quad: 5.0)
                yield replace(found, weight=max(found.weight,
                                                weight(f"naked {SIZES[k + 1]}")))


def _type4(c: Candidates, pattern: dict[int, frozenset[int]], pair: frozenset[int],
           floor: list[int], roof: list[int]) -> Iterator[Finding]:
    for h in c.houses_of[roof[0]]:
        if roof[1] not in h.cells:
            continue
        for d in sorted(pair):
            if c.where(h, d) != sorted(roof):
                continue
            (e,) = pair - {d}
            out = tuple(-c.lit(i, e) for i in roof)
            teach = (f"{c.names(floor)} hold only {c.digit_set(pair)}; in {h.label}, "
                     f"{c.symbol(d)} can only go in {c.names(roof)}, so one of them is "
                     f"{c.symbol(d)}. Were either {c.symbol(e)}, both would hold "
                     f"{c.digit_set(pair)} and {_deadly_words(c, pattern, pair)}, so "
                     f"{_elims_text(c, out)}.")
            yield _finding(c, "unique rectangle type 4", pattern, out, teach,
                           {h.group, *(c.cell_group[i] for i in roof)})
            return


Rectangle = tuple[int, int, int, int]


def _corner_rectangles(c: Candidates) -> Iterator[tuple[Rectangle, frozenset[int]]]:
    """((a, b, e, d), pair) of every rectangle of open cells holding the pair, in the
    classic shape and deadly (:func:`swappable`), with a bivalue corner a: b in a's row, e
    in a's column, d opposite a (b's column, e's row). A rectangle with several bivalue
    corners comes once from each."""
    rows, cols = c.layout.line_of["row"], c.layout.line_of["column"]
    at = c.layout.memo("line_meets", lambda: {
        (rows[i].group, cols[i].group): i for i in rows if i in cols})
    deadly: dict[tuple[tuple[int, ...], frozenset[int]], bool] = {}
    for a in range(len(c.placed)):
        if c.placed[a] or len(c.cand[a]) != 2 or a not in rows or a not in cols:
            continue
        pair = frozenset(c.cand[a])
        holders = [[i for i in line.cells if i != a and not c.placed[i] and pair <= c.cand[i]]
                   for line in (rows[a], cols[a])]
        for b in holders[0]:
            for e in holders[1]:
                d = at.get((rows[e].group, cols[b].group)) if b in cols and e in rows else None
                if d is None or c.placed[d] or not pair <= c.cand[d]:
                    continue
                key = (tuple(sorted((a, b, e, d))), pair)
                if key not in deadly:
                    deadly[key] = _two_boxes(c, key[0]) and swappable(
                        c, dict.fromkeys(key[0], pair))
                if deadly[key]:
                    yield (a, b, e, d), pair


def more_rectangles(c: Candidates) -> Iterator[Finding]:
    """Unique rectangles of types 5 and 6 and hidden rectangles (see the module's
    docstring), each rectangle once per type."""
    said: set[tuple[str, int, tuple[int, ...], frozenset[int]]] = set()
    for rect, pair in _corner_rectangles(c):
        for kind, find in (("hidden rectangle", _hidden), ("unique rectangle type 5", _type5),
                           ("unique rectangle type 6", _type6)):
            # (a hidden rectangle, from each bivalue corner; the others once)
            key = (kind, rect[0] if find is _hidden else -1, tuple(sorted(rect)), pair)
            if key in said:
                continue
            for found in find(c, rect, pair):
                said.add(key)
                yield found


def _hidden(c: Candidates, rect: Rectangle, pair: frozenset[int]) -> Iterator[Finding]:
    """A bivalue corner a; in the row and the column of the opposite corner d, digit x
    only in the rectangle: d is not the pair's other digit."""
    a, b, e, d = rect
    rows, cols = c.layout.line_of["row"], c.layout.line_of["column"]
    pattern = dict.fromkeys(rect, pair)
    for x in sorted(pair):
        if c.where(rows[d], x) != sorted((d, e)) or c.where(cols[d], x) != sorted((d, b)):
            continue
        (y,) = pair - {x}
        out = (-c.lit(d, y),)
        sx, sy = c.symbol(x), c.symbol(y)
        teach = (f"{c.name(a)} holds only {c.digit_set(pair)}; in {rows[d].label}, {sx} can "
                 f"only go in {c.names(sorted((d, e)))}, in {cols[d].label} only in "
                 f"{c.names(sorted((d, b)))}. Were {c.name(d)} {sy}, {c.name(e)} and "
                 f"{c.name(b)} would be {sx}, {c.name(a)} {sy}, and "
                 f"{_deadly_words(c, pattern, pair)}, so {_elims_text(c, out)}.")
        yield _finding(c, "hidden rectangle", pattern, out, teach,
                       {rows[d].group, cols[d].group, *(c.cell_group[i] for i in rect)})
        return


def _type5(c: Candidates, rect: Rectangle, pair: frozenset[int]) -> Iterator[Finding]:
    """The corners that are not bivalue (diagonal two, or three) hold the pair and one
    same extra x: x leaves the cells that see them all (two in a line: type 2)."""
    floor = [i for i in sorted(rect) if c.cand[i] == pair]
    roof = [i for i in sorted(rect) if c.cand[i] != pair]
    extra = {frozenset(c.cand[i] - pair) for i in roof}
    if len(roof) not in (2, 3) or len(extra) != 1 or len(x_set := extra.pop()) != 1 or (
            len(roof) == 2 and _line(c, *roof) is not None):
        return
    (x,) = x_set
    seen = frozenset.intersection(*(c.peers(i) for i in roof))
    targets = [i for i in sorted(seen) if not c.placed[i] and x in c.cand[i]]
    if not targets:
        return
    out = tuple(-c.lit(i, x) for i in targets)
    links = {h.group for i in targets for r in roof for h in c.houses_of[i] if r in h.cells}
    pattern = dict.fromkeys(rect, pair)
    s = c.symbol(x)
    teach = (f"{c.names(floor)} hold only {c.digit_set(pair)}, and {c.names(roof)} only "
             f"{c.digit_set(pair)} and {s}. Were none of them {s}, "
             f"{_deadly_words(c, pattern, pair)}, so one of {c.names(roof)} is {s}, and "
             f"what sees them all loses it: {_elims_text(c, out)}.")
    yield _finding(c, "unique rectangle type 5", pattern, out, teach, links)


def _type6(c: Candidates, rect: Rectangle, pair: frozenset[int]) -> Iterator[Finding]:
    """Two diagonal bivalue corners; x only in the rectangle in both its rows and both its
    columns: the other two corners are not x."""
    a, b, e, d = rect
    if c.cand[d] != pair or c.cand[b] == pair or c.cand[e] == pair or a > d:
        return  # (the other bivalue corner yields the same rectangle)
    rows, cols = c.layout.line_of["row"], c.layout.line_of["column"]
    lines = (rows[a], rows[d], cols[a], cols[d])
    pattern = dict.fromkeys(rect, pair)
    for x in sorted(pair):
        if not all(set(c.where(h, x)) <= set(rect) for h in lines):
            continue
        (y,) = pair - {x}
        out = tuple(-c.lit(i, x) for i in sorted((b, e)))
        sx = c.symbol(x)
        teach = (f"{c.names(sorted((a, d)))} hold only {c.digit_set(pair)}, and in "
                 f"{', '.join(h.label for h in lines)}, {sx} can only go in "
                 f"{c.names(sorted(rect))}. Were {c.name(b)} or {c.name(e)} {sx}, both would "
                 f"be {sx} and {c.names(sorted((a, d)))} {c.symbol(y)}: "
                 f"{_deadly_words(c, pattern, pair)}, so {_elims_text(c, out)}.")
        yield _finding(c, "unique rectangle type 6", pattern, out, teach,
                       {h.group for h in lines} | {c.cell_group[i] for i in rect})
        return


def bug_plus_one(c: Candidates) -> Iterator[Finding]:
    """BUG+1: every open cell bivalue but one with three candidates, which takes the digit
    that its houses hold three times (see the module's docstring)."""
    open_cells = [i for i in range(len(c.placed)) if not c.placed[i]]
    odd = [i for i in open_cells if len(c.cand[i]) != 2]
    if len(odd) != 1 or len(c.cand[odd[0]]) != 3:
        return
    (cell,) = odd
    for x in sorted(c.cand[cell]):
        pattern = {i: frozenset(c.cand[i]) for i in open_cells}
        pattern[cell] = frozenset(c.cand[cell] - {x})
        if not swappable(c, pattern):
            continue
        s = c.symbol(x)
        teach = (f"Every open cell holds two candidates but {c.name(cell)}, which holds "
                 f"{c.digit_set(c.cand[cell])}. Were it not {s}, every digit would have "
                 f"exactly two places in each house: a deadly pattern (a bivalue universal "
                 f"grave: each cell could take its other candidate, and the puzzle would "
                 f"have two solutions); it has one, so {c.name(cell)}={s}.")
        yield Finding("BUG+1", weight("BUG+1"), (c.lit(cell, x),),
                      (c.cell_group[cell],), teach, deadly=deadly_literals(c, pattern))
        return

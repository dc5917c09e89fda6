"""Technique finders over the candidate grid: locked candidates, subsets, fish.

Each finder yields :class:`~satdoku.explain.candidates.Finding` proposals, easiest first;
the step search proves the one it takes (SAT, minimal subset). Houses are any groups that
hold every digit once (rows, columns, boxes, jigsaw regions, diagonals …), so the same
finders serve jigsaw and X-Sudoku.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.groups import constraint_groups
>>> p = parse_puzzle("1.34 34.2 2.43 43.1")
>>> c = Candidates(constraint_groups(p.board), p.assumptions())
>>> next(naked_subsets(c, 2), None) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

from satdoku.explain.candidates import (
    Candidates,
    Finding,
    House,
    bit_cells,
    combinations_spanning,
)
from satdoku.explain.catalogue import weight

SIZES = {2: "pair", 3: "triple", 4: "quad"}
FISH = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
LINES = ("row", "column")


def _elims(c: Candidates, cells, digits) -> tuple[int, ...]:
    return tuple(-c.lit(i, d) for i in sorted(cells) for d in sorted(digits)
                 if not c.placed[i] and d in c.cand[i])


def locked_candidates(c: Candidates) -> Iterator[Finding]:
    """A digit that, inside one house, lies only where it meets a second house: it leaves
    the rest of the second house. Pointing (box → line) first, then claiming."""
    meets = list(zip(c.layout.meets, c.layout.meet_bits, strict=True))
    for pointing in (True, False):
        for (a, b, meet), inside in meets:  # (houses sharing two cells or more)
            if (a.kind not in LINES) != pointing or (pointing and b.kind not in LINES):
                continue
            places = c.places(a)[1]
            for d in range(1, c.n + 1):
                spots = places[d]
                if not spots & (spots - 1) or spots & ~inside:
                    continue  # (fewer than two cells, or some outside the meeting)
                where = c.where(a, d)
                out = _elims(c, set(b.cells) - meet, [d])
                if out:
                    kind = "pointing" if pointing else "claiming"
                    yield Finding(
                        f"locked candidates ({kind})", weight(f"locked candidates ({kind})"),
                        out, (a.group, b.group),
                        f"In {a.label}, {c.symbol(d)} can only go in {c.names(where)}, "
                        f"which lie in {b.label} too; so {c.symbol(d)} leaves the other "
                        f"cells of {b.label}: {_cells_of(c, out)}.")


def _cells_of(c: Candidates, out: tuple[int, ...]) -> str:
    return c.names(sorted({(abs(x) - 1) // c.n for x in out}))


def naked_subsets(c: Candidates, k: int) -> Iterator[Finding]:
    """k open cells of a house holding only k digits between them: those digits leave the
    house's other cells."""
    masks = c.digit_bits()
    for h in c.houses:
        small = [i for i in h.cells if not c.placed[i] and 2 <= len(c.cand[i]) <= k]
        for cells in combinations_spanning(small, k, masks, k):
            digits = set().union(*(c.cand[i] for i in cells))
            out = _elims(c, set(h.cells) - set(cells), digits)
            if not out:
                continue
            name = f"naked {SIZES[k]}"
            ds = c.digit_set(digits)
            yield Finding(name, weight(name), out,
                          (h.group, *(c.cell_group[i] for i in cells)),
                          f"{c.names(cells)} hold only {ds} between them, so those {k} "
                          f"digits fill these {k} cells of {h.label}; {ds} leave the "
                          f"other cells of {h.label}: {_cells_of(c, out)}.")


def hidden_subsets(c: Candidates, k: int) -> Iterator[Finding]:
    """k digits that, in a house, fit only in the same k cells: those cells hold nothing
    else."""
    for h in c.houses:
        where, masks = c.places(h)
        placed = c.placed_digits(h)
        spots = {d: where[d] for d in range(1, c.n + 1) if d not in placed}
        few = [d for d, w in spots.items() if 1 <= len(w) <= k]
        for digits in combinations_spanning(few, k, masks, k):
            cells = sorted(set().union(*(spots[d] for d in digits)))
            others = set(range(1, c.n + 1)) - set(digits)
            out = _elims(c, cells, others)
            if not out:
                continue
            name = f"hidden {SIZES[k]}"
            ds = c.digit_set(digits)
            yield Finding(name, weight(name), out,
                          (h.group, *(c.cell_group[i] for i in cells)),
                          f"In {h.label}, the digits {ds} fit only in {c.names(cells)}, so "
                          f"those {k} cells hold {ds} and nothing else: " +
                          ", ".join(_lit(c, x) for x in out) + ".")


def _lit(c: Candidates, x: int) -> str:
    cell, d = divmod(abs(x) - 1, c.n)
    return f"{c.name(cell)}{'=' if x > 0 else '≠'}{c.symbol(d + 1)}"


def fish(c: Candidates, k: int) -> Iterator[Finding]:
    """Basic fish: in k rows digit d fits only in k columns (or the other way): the k
    columns have their d in those rows, so d leaves the rest of the columns."""
    lines = {kind: [h for h in c.houses if h.kind == kind] for kind in LINES}
    bits = c.layout.bits  # (each house's cells)
    for base_kind, cover_kind in (("row", "column"), ("column", "row")):
        covers = lines[cover_kind]
        masks = _cover_masks(covers)
        for d in range(1, c.n + 1):
            spots = [(h, c.where(h, d)) for h in lines[base_kind]]
            bases = [(h, w, _mask(masks, w)) for h, w in spots if 2 <= len(w) <= k]
            # (k base lines whose cells meet k cover lines)
            for picked in combinations_spanning(range(len(bases)), k, [m for *_, m in bases], k):
                chosen = [bases[j] for j in picked]
                whole = 0
                for _, _, m in chosen:
                    whole |= m
                cover = [h for m, h in enumerate(covers) if whole >> m & 1]
                hit = c.open_with(d)  # (in a cover line, in no base line)
                covered = 0
                for h in cover:
                    covered |= bits[h.group]
                hit &= covered
                for h, _, _ in chosen:
                    hit &= ~bits[h.group]
                if not hit:
                    continue
                out = tuple(-c.lit(i, d) for i in bit_cells(hit))
                yield _fish_finding(c, k, d, [h for h, _, _ in chosen], cover, out, "")


def _cover_masks(covers: list[House]) -> dict[int, int]:
    """cell → the bit mask of the lines of ``covers`` through it."""
    out: dict[int, int] = {}
    for m, h in enumerate(covers):
        for i in h.cells:
            out[i] = out.get(i, 0) | 1 << m
    return out


def _mask(masks: dict[int, int], cells: list[int]) -> int:
    out = 0
    for i in cells:
        out |= masks.get(i, 0)
    return out


def finned_fish(c: Candidates, k: int) -> Iterator[Finding]:
    """Finned (and sashimi) fish: a fish but for one or two extra candidates (the fin) in
    one box of one base line; the cells that both a cover line and the fin's box see
    lose the digit."""
    for base_kind, cover_kind in (("row", "column"), ("column", "row")):
        fins_at = c.layout.memo(f"fins {cover_kind}", partial(_fin_boxes, c.houses, cover_kind))
        covers, index = fins_at.covers, fins_at.index
        for d in range(1, c.n + 1):
            bases = []
            for h in fins_at.lines[base_kind]:
                w = c.where(h, d)
                if 1 <= len(w) <= k + 2:
                    m = 0
                    for i in w:
                        m |= 1 << index[i]
                    bases.append((h, w, m))
            splits: dict[int, list[tuple[House, list[int], int]]] = {}  # (by fin line)
            # (a plain fish, or none, meets k cover lines; a fin's cells add one or two)
            for picked in combinations_spanning(range(len(bases)), k, [m for *_, m in bases],
                                                k + 2, k + 1):
                chosen = tuple(bases[j] for j in picked)
                for j in picked:  # (the fin's line)
                    rest = 0
                    for other in picked:
                        if other != j:
                            rest |= bases[other][2]
                    if rest.bit_count() > k:
                        continue
                    if j not in splits:
                        splits[j] = _fin_splits(bases[j][1], fins_at)
                    for box, fins, body in splits[j]:
                        if (rest | body).bit_count() == k:
                            found = _finned(c, k, d, chosen, box, fins, rest | body, covers)
                            if found is not None:
                                yield found


@dataclass(frozen=True)
class _FinBoxes:
    """The boxes a fin may sit in (in order), their cells as sets, the boxes through each
    cell, and the first cover line through each cell; the lines of each kind, the cover
    lines, and the (last) cover line through each cell (built once per layout)."""

    boxes: list[House]
    cells: list[frozenset[int]]
    of_cell: dict[int, list[int]]
    first_cover: dict[int, int]
    lines: dict[str, list[House]]
    covers: list[House]
    index: dict[int, int]


def _fin_boxes(houses: tuple[House, ...], cover_kind: str) -> _FinBoxes:
    """The :class:`_FinBoxes` of finned fish whose cover lines are of ``cover_kind``."""
    lines = {kind: [h for h in houses if h.kind == kind] for kind in LINES}
    boxes = [h for h in houses if h.kind in ("box", "region")]
    boxes_of: dict[int, list[int]] = {}
    for m, box in enumerate(boxes):
        for i in box.cells:
            boxes_of.setdefault(i, []).append(m)
    covers = lines[cover_kind]
    first: dict[int, int] = {}  # cell → the first cover line through it
    for m, h in enumerate(covers):
        for i in h.cells:
            first.setdefault(i, m)
    return _FinBoxes(boxes, [frozenset(b.cells) for b in boxes], boxes_of, first, lines,
                     covers, {i: m for m, h in enumerate(covers) for i in h.cells})


def _fin_splits(w: list[int], at: _FinBoxes) -> list[tuple[House, list[int], int]]:
    """(box, fins, the cover lines through the other cells as bits) of each box, in
    order, holding one or two of the cells ``w`` of a base line but not all of them."""
    out = []
    for b in sorted({m for i in w for m in at.of_cell.get(i, ())}):  # (boxes holding a fin)
        inside = at.cells[b]
        fins = [i for i in w if i in inside]
        body = [i for i in w if i not in inside]
        if not fins or len(fins) > 2 or not body:
            continue
        mask = 0
        for i in body:
            mask |= 1 << at.first_cover[i]
        out.append((at.boxes[b], fins, mask))
    return out


def _finned(c: Candidates, k: int, d: int, chosen, box: House, fins: list[int], mask: int,
            covers: list[House]) -> Finding | None:
    """The finned fish on the base lines ``chosen``, its fin ``fins`` in ``box``, cover
    lines ``mask`` (bits over ``covers``), if it eliminates something."""
    bits = c.layout.bits  # (each house's cells)
    cover = [cv for m, cv in enumerate(covers) if mask >> m & 1]
    covered = 0
    for cv in cover:
        covered |= bits[cv.group]
    hit = covered & bits[box.group] & c.open_with(d)  # (box cells in a cover line …)
    for h, _, _ in chosen:
        hit &= ~bits[h.group]  # (… and in no base line)
    if not hit:
        return None
    out = tuple(-c.lit(i, d) for i in bit_cells(hit))
    return _fish_finding(c, k, d, [b for b, _, _ in chosen], cover, out, "finned ", box, fins)


def _fish_finding(c: Candidates, k: int, d: int, base: list[House], cover: list[House],
                  out: tuple[int, ...], kind: str, box: House | None = None,
                  fins: list[int] | None = None) -> Finding:
    name = f"{kind}{FISH[k]}"
    s = c.symbol(d)
    base_l = ", ".join(h.label for h in base)
    cover_l = ", ".join(h.label for h in cover)
    text = (f"In {base_l}, {s} fits only in {cover_l}: each of those {k} lines takes one "
            f"of the {k} {s}s of {base_l}")
    groups = [h.group for h in (*base, *cover)]
    if box is not None and fins:
        text += (f", unless the fin {c.names(fins)} holds {s}; either way {s} is in "
                 f"{box.label} or in the fish, so the cells seeing both lose it: ")
        groups.append(box.group)
    else:
        text += f", so {s} leaves their other cells: "
    text += ", ".join(_lit(c, x) for x in out) + "."
    return Finding(name, weight(name), out, tuple(groups), text)


def empty_rectangles(c: Candidates) -> Iterator[Finding]:
    """Empty rectangle: in a box, digit d lies only in one row R and one column C (not in
    one line alone); a strong link of d in a line crossing R (or C) outside the box, from
    the cell it shares with R to a second cell, puts d in R or in that second cell. So the
    cell where C meets the second cell's line cannot be d: it would leave the box no d."""
    line_of = c.layout.line_of
    boxes = [h for h in c.houses if h.kind == "box"]
    for d in range(1, c.n + 1):
        ends: dict[str, int] | None = None  # (found when first needed)
        for box in boxes:
            spots = c.where(box, d)
            if len(spots) < 2 or c.placed_in(box, d):
                continue
            if any(len({line_of[k][i].group for i in spots}) == 1 for k in LINES):
                continue  # (one line: locked candidates)
            if ends is None:
                ends = {kind: _pair_ends(c, d, kind) for kind in LINES}
            yield from _empty_rectangle(c, d, box, line_of, ends)


def _pair_ends(c: Candidates, d: int, kind: str) -> int:
    """The cells (bits) where ``d`` has one of its two places in a line of ``kind``."""
    out = 0
    for h in c.houses:
        if h.kind == kind:
            w = c.where_bits(h, d)
            if w and (w & (w - 1)).bit_count() == 1 and not c.placed_in(h, d):
                out |= w
    return out


def _empty_rectangle(c: Candidates, d: int, box: House, line_of: dict[str, dict[int, House]],
                     pair_ends: dict[str, int]) -> Iterator[Finding]:
    bits = c.layout.bits  # (each house's cells)
    inside, where = bits[box.group], c.where_bits(box, d)
    for i in box.cells:  # the crossing of the rectangle's row and column
        row, col = line_of["row"].get(i), line_of["column"].get(i)
        if row is None or col is None or where & ~(bits[row.group] | bits[col.group]):
            continue
        for near, far, cross_kind in ((row, col, "column"), (col, row, "row")):
            # a strong link in a line of ``cross_kind`` from ``near`` (outside the box) …
            for a in near.cells:
                if inside >> a & 1 or not pair_ends[cross_kind] >> a & 1:
                    continue
                link = line_of[cross_kind][a]
                ends = c.where(link, d)
                if len(ends) != 2 or a not in ends or c.placed_in(link, d):
                    continue
                b = ends[1] if ends[0] == a else ends[0]
                other = line_of[near.kind][b]   # … to b, whose line meets ``far`` at the target
                if bits[other.group] & inside:
                    continue
                target = _meeting(other, far, bits[other.group] & bits[far.group])
                if target is None or c.placed[target] or d not in c.cand[target]:
                    continue
                yield _er_finding(c, d, box, near, far, link, other, a, b, target)


def _meeting(a: House, b: House, both: int) -> int | None:
    """A cell of two lines (``both``: their common cells as bits), as the first in a set
    of their common cells (one, but on a board whose lines meet twice)."""
    if not both & (both - 1):
        return both.bit_length() - 1 if both else None
    return next(iter(set(a.cells) & set(b.cells)))


def _er_finding(c: Candidates, d: int, box: House, near: House, far: House, link: House,
                other: House, a: int, b: int, target: int) -> Finding:
    s = c.symbol(d)
    return Finding(
        "empty rectangle", weight("empty rectangle"), (-c.lit(target, d),),
        tuple(sorted({box.group, near.group, far.group, link.group, other.group})),
        f"In {box.label}, {s} lies only in {near.label} and {far.label} (an empty "
        f"rectangle). If {c.name(target)} were {s}, {c.name(b)} would not be ({other.label}), "
        f"so {c.name(a)} would be ({link.label}'s other place); then {box.label} would have "
        f"no place for {s}: {near.label} taken by {c.name(a)}, {far.label} by "
        f"{c.name(target)}. So {c.name(target)}≠{s}.")

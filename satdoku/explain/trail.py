"""A refutation's trail as a person reads it: each implication with what it rests on.

:func:`.trace.trace` replays propagation in the order it happens. Read in that order with
only each literal's group, ``a → b`` would claim that b follows from a when it follows
from something earlier (the supposition, or a literal two links back). Here each literal
keeps its real antecedents — the other literals of the clause that forced it — and the
trail is written so that a literal comes right after what it rests on wherever it can
(:func:`trail`). Every ``→`` is then a true implication (with the facts known):

- ``a → b (row 1)``: b follows from a by row 1;
- ``a → b (row 1, with c)``: b follows from a and c by row 1;
- ``a; b (row 1, from c)``: b follows from c (not from a) by row 1;
- ``b, c (box 1)``: both follow, from the same literals, by box 1;
- ``→ contradiction in row 1 (with c)``: the item before and c break row 1.

What a reader takes for granted is looked through: a cell's other digits, gone once it
holds one (``r1c1=5`` stands for ``r1c1≠4``), the encodings' auxiliary variables (their
groups are named with the literal they lead to), and literals already known.

>>> from satdoku.board import Board
>>> from satdoku.explain.groups import constraint_groups
>>> from satdoku.explain.trace import trace
>>> g = constraint_groups(Board.classic(4))
>>> cited = [x for x in g.groups if x.label in ("row 1", "column 2", "box 1")]
>>> facts = [-37, -53]              # r3c2≠1, r4c2≠1
>>> links, conflict = trace(cited, facts, 1)  # suppose r1c1=1
>>> trail_text(g, links, conflict, known=facts)
'r1c2≠1 (row 1) → r2c2=1 (column 2) → contradiction in box 1 (with r1c1=1)'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from satdoku.explain.groups import Groups
from satdoku.explain.steps import cell_digit, literal_name

#: A replayed implication: the literal, the group that forced it (None: the supposition),
#: the literals it rests on (:func:`.trace.trace`).
Link = tuple[int, int | None, tuple[int, ...]]


@dataclass
class Item:
    """Literals of a trail (``lits``; none for the contradiction) that follow by the same
    groups (``groups``, indices) from the item before (``after``) and the literals
    ``rests`` (or, not ``after``, from ``rests`` alone)."""

    lits: tuple[int, ...]
    groups: tuple[int, ...]
    after: bool
    rests: tuple[int, ...]


def trail(groups: Groups, links: Sequence[Link], conflict: tuple[int, tuple[int, ...]],
          words: Collection[int] = (), known: Collection[int] = ()
          ) -> tuple[list[Item], Item]:
    """The items of the trail in reading order, and the contradiction. ``links`` start
    with the supposition; ``words``: the auxiliary variables to show (a whisper cell's
    side); ``known``: the facts known (a literal of the trail among them, replayed from
    fewer facts, is no step of it).

    The order: a literal that follows from the same literals by the same groups as the
    item being written joins it; else the earliest literal that follows from that item;
    else the earliest whose antecedents are all written."""
    top = groups.board.n ** 3
    reason = {x: (gi, rests) for x, gi, rests in links}
    position = {x: k for k, (x, _, _) in enumerate(links)}
    memo: dict[int, tuple[frozenset[int], tuple[int, ...]]] = {}

    def hidden(x: int) -> str:
        """'aux' (an auxiliary variable not shown), 'echo' (a cell's digit gone as the
        cell holds another), 'fact' (known) or '' (shown)."""
        gi, rests = reason[x]
        if gi is None:
            return ""
        if x in known:
            return "fact"
        if abs(x) > top and abs(x) not in words:
            return "aux"
        if (x < 0 and len(rests) == 1 and rests[0] > 0 and 0 <= gi < len(groups.groups)
                and groups.groups[gi].kind == "cell"
                and cell_digit(groups.board, rests[0])[0] == cell_digit(groups.board, x)[0]):
            return "echo"
        return ""

    def support(gi: int | None, rests: tuple[int, ...]) -> tuple[frozenset[int], tuple[int, ...]]:
        """The shown literals under ``rests``, and the groups used (``gi`` first)."""
        shown: set[int] = set()
        used = [] if gi is None else [gi]
        for r in rests:
            why = hidden(r)
            if not why:
                shown.add(r)
            elif why != "fact":
                if r not in memo:
                    memo[r] = support(*reason[r])
                below, their = memo[r]
                shown |= below
                if why == "aux":
                    used += [g for g in their if g not in used]
        return frozenset(shown), tuple(used)

    start = links[0][0]
    why_of: dict[int, tuple[frozenset[int], tuple[int, ...]]] = {}
    todo = list(support(*conflict)[0])
    while todo:
        x = todo.pop()
        if x != start and x not in why_of:
            why_of[x] = support(*reason[x])
            todo += why_of[x][0]

    def item(lits: tuple[int, ...], why: tuple[frozenset[int], tuple[int, ...]],
             before: set[int]) -> Item:
        after = bool(why[0] & before)
        rests = sorted(why[0] - before if after else why[0], key=position.__getitem__)
        return Item(lits, why[1], after, tuple(rests))

    left = sorted(why_of, key=position.__getitem__)
    written, before = {start}, {start}
    items: list[Item] = []
    while left:
        ready = [x for x in left if why_of[x][0] <= written]
        last = items[-1] if items else None
        x = next((x for x in ready if last and not why_of[x][0] & set(last.lits)
                  and item(last.lits, why_of[x], before) == last), 0)
        if last and x:
            last.lits += (x,)
        else:
            if last:
                before = set(last.lits)
            x = next((x for x in ready if why_of[x][0] & before), ready[0])
            items.append(item((x,), why_of[x], before))
        written.add(x)
        left.remove(x)
    return items, item((), support(*conflict), set(items[-1].lits) if items else before)


def trail_text(groups: Groups, links: Sequence[Link], conflict: tuple[int, tuple[int, ...]],
               labels: dict[int, str] | None = None,
               words: dict[int, tuple[str, str]] | None = None,
               known: Collection[int] = ()) -> str:
    """The trail from the supposition ``links[0]`` to ``conflict``, in words (module
    docstring); ``labels``: the labels of groups that are none of ``groups`` (by index);
    ``words``: an auxiliary variable's words when true and when false, to show it;
    ``known``: the facts known (not said again)."""
    board, top = groups.board, groups.board.n ** 3
    aux = words or {}

    def name(x: int) -> str:
        return literal_name(board, x) if abs(x) <= top else aux[abs(x)][x < 0]

    def label(gi: int) -> str:
        return labels[gi] if labels and gi in labels else groups.groups[gi].label

    items, clash = trail(groups, links, conflict, aux, known)
    out = "" if items else name(links[0][0])
    for item in [*items, clash]:
        by = " and ".join(label(g) for g in item.groups)
        said = ", ".join(name(x) for x in item.lits) if item.lits else f"contradiction in {by}"
        why = [by] if item.lits else []
        if item.rests:
            why.append(("with " if item.after else "from ") +
                       ", ".join(name(x) for x in item.rests))
        elif not item.after:
            why.append("from the digits left")
        gap = "" if not out else " → " if item.after else "; "
        out += gap + said + (f" ({', '.join(why)})" if why else "")
    return out

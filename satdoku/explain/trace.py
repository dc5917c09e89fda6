"""Why a step holds, in order: the propagation behind a step replayed from its cited groups,
the forcing chains named by its shape, and the sentences of the teach level.

A step found by the generic search is a refutation: assume the opposite of what it derives
and unit propagation through its cited groups, from its cited facts, reaches a
contradiction. :func:`trace` replays that propagation in plain Python (no solver) and keeps
only the implications the contradiction needs, in the order they happen — the chain a person
follows. A chain where every implication rests on one earlier one is a *forcing chain*; one
that needs two or more at some point is a *forcing net*.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.path import hint
>>> e = hint(parse_puzzle("1.34 34.2 2.43 43.1"))
>>> e.steps[0].teach
'r1c2 is the last open cell of row 1, so it takes the digit row 1 still lacks: 2.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from satdoku.board import Board
from satdoku.explain.groups import Group, Groups, cage_total
from satdoku.explain.line_arithmetic import first_true, one_constraint_said, pair_text
from satdoku.explain.steps import TRIAL, Step, cell_digit, literal_name
from satdoku.explain.trail import Link, trail_text
from satdoku.explain.variant_reading import variant_text
from satdoku.explain.variant_text import parity_groups, parity_text, side_var


def trace(groups: Sequence[Group], facts: Iterable[int], assume: int
          ) -> tuple[list[Link], tuple[int, tuple[int, ...]] | None]:
    """The implications the contradiction needs (in order) and the contradiction
    (group, literals it rests on), from ``assume`` and ``facts`` through ``groups``;
    the contradiction is None when propagation does not reach one."""
    facts = tuple(facts)
    key = (tuple(g.index for g in groups), facts, assume, id(groups[0]) if groups else 0)
    if key in _MEMO:
        return _MEMO[key]
    found = _trace(groups, facts, assume)
    if len(_MEMO) > 16:
        _MEMO.clear()
    _MEMO[key] = found
    return found


#: The last traces (naming a step and teaching it replay the same propagation).
_MEMO: dict[tuple, tuple[list[Link], tuple[int, tuple[int, ...]] | None]] = {}


def _trace(groups: Sequence[Group], facts: tuple[int, ...], assume: int
           ) -> tuple[list[Link], tuple[int, tuple[int, ...]] | None]:
    # true[x]: whether literal x holds (both signs stored: no abs() in the inner loop).
    true: dict[int, bool] = {}
    for f in facts:
        true[f], true[-f] = True, False
    if assume in true:
        return [], None
    clauses = [(g.index, c) for g in groups for c in g.clauses]
    watch: dict[int, list[int]] = {}
    for k, (_, c) in enumerate(clauses):
        for x in c:
            watch.setdefault(-x, []).append(k)
    order: list[Link] = []
    reason: dict[int, tuple[int | None, tuple[int, ...]]] = {}
    queue = [assume]
    true[assume], true[-assume] = True, False
    reason[assume] = (None, ())
    order.append((assume, None, ()))
    todo = list(range(len(clauses)))  # first pass: every clause
    conflict = None
    while conflict is None and (todo or queue):
        ks = todo or watch.get(queue.pop(0), [])
        todo = []
        for k in ks:
            gi, c = clauses[k]
            free = []
            for x in c:
                v = true.get(x)
                if v is None:
                    free.append(x)
                elif v:
                    break
            else:
                if len(free) > 1:
                    continue
                rests = tuple(-x for x in c if -x in reason)
                if not free:
                    conflict = (gi, rests)
                    break
                x = free[0]
                true[x], true[-x] = True, False
                reason[x] = (gi, rests)
                order.append((x, gi, rests))
                queue.append(x)
    if conflict is None:
        return order, None
    need: set[int] = set()
    stack = list(conflict[1])
    while stack:
        x = stack.pop()
        if x not in need:
            need.add(x)
            stack.extend(reason[x][1])
    return [link for link in order if link[0] in need], conflict


def forcing_name(links: list[Link], top: int) -> str:
    """``forcing chain`` when each implication rests on one earlier one, else
    ``forcing net`` (cell literals only; auxiliary variables are looked through)."""
    branching = any(len([y for y in rests if abs(y) <= top]) > 1
                    for x, _, rests in links[1:] if abs(x) <= top)
    return "forcing net" if branching else "forcing chain"


def generic_teach(groups: Groups, step: Step, name: str, facts: Iterable[int]) -> str:
    """The teach text of a step found by the generic search (or the solver)."""
    board = groups.board
    x = step.derived[0]
    cited = [groups.groups[g] for g in step.groups]
    what = ", ".join(literal_name(board, y) for y in step.derived)
    if step.method == TRIAL:
        return (f"No single chain shows it: assuming {literal_name(board, -x)}, the solver "
                f"needs search over {len(cited)} constraints and {len(step.facts)} facts to "
                f"reach a contradiction; so {what}.")
    cells = {i for g in cited for i in g.cells}
    facts = set(facts)
    known = [y for y in facts if (abs(y) - 1) // board.n in cells] or step.facts
    links, conflict = trace(cited, known, -x)
    if conflict is None:
        return (f"Suppose {literal_name(board, -x)}. No single line of consequences breaks, "
                f"but every case that follows does: {', '.join(g.label for g in cited)} "
                f"cannot all hold with the digits left in their cells (cases within cases, "
                f"checked by the solver). So {what}.")
    others = ", ".join(literal_name(board, y) for y in step.derived[1:])
    more = f" The same constraints also give {others}." if others else ""
    chain = trail_text(groups, links, conflict, known=facts)
    lead = sum_rule_text(board, cited) + " " if name in SUM_RULES else ""
    return (f"{lead}Suppose {literal_name(board, -x)}. Then {chain}. "
            f"So {literal_name(board, x)}.{more}")


#: The names of steps read as the 45 rule (:func:`.names._innies_outies`).
SUM_RULES = ("innies/outies", "45 rule")


def sum_rule_text(board: Board, cited: Sequence[Group]) -> str:
    """The arithmetic of the 45 rule: what the houses add up to, what the cages add up to,
    and so what the innies (cells of the houses in no cage) and the outies (caged cells
    outside the houses) add up to."""
    full = board.n * (board.n + 1) // 2
    houses = [g for g in cited if g.is_unit]
    cages = [g for g in cited if g.kind == "killer"]
    totals = [cage_total(g) or 0 for g in cages]
    inside = {i for g in houses for i in g.cells}
    caged = {i for g in cages for i in g.cells}
    total, cage_sum = full * len(houses), sum(totals)
    names = ", ".join(g.label for g in houses)
    said = (f"{names} add{'s' if len(houses) == 1 else ''} up to "
            + (f"{full}" if len(houses) == 1 else f"{len(houses)}×{full} = {total}"))
    sums = (f"the cage{'s' if len(cages) > 1 else ''} {', '.join(g.label for g in cages)} "
            f"add{'s' if len(cages) == 1 else ''} up to "
            + ("+".join(map(str, totals)) + f" = {cage_sum}" if len(cages) > 1 else
               f"{cage_sum}"))
    innies = ", ".join(board.cell_name(i) for i in sorted(inside - caged))
    outies = ", ".join(board.cell_name(i) for i in sorted(caged - inside))
    if innies and outies:
        rest = (f"the innies {innies} minus the outies {outies} make {total} − {cage_sum} = "
                f"{total - cage_sum}")
    elif innies:
        rest = f"the innies {innies} add up to {total} − {cage_sum} = {total - cage_sum}"
    else:
        rest = f"the outies {outies} add up to {cage_sum} − {total} = {cage_sum - total}"
    return f"45 rule: {said}; {sums}; so {rest}."


def step_teach(groups: Groups, step: Step, name: str, placed: Sequence[int],
               facts: Iterable[int]) -> str:
    """The teach text of a step the generic search found: a one-constraint step's, or one
    variant constraint's arithmetic when it cites cells' own constraints besides (a renban
    window, a cage's combinations, read from the digits left), else the chain."""
    cited = [groups.groups[k] for k in step.groups]
    variant = [g for g in cited if g.kind != "cell" and not g.is_unit]
    houses = [g for g in cited if g.is_unit]
    if len(cited) == 1:
        return single_teach(groups, step, name, placed)
    what = ", ".join(literal_name(groups.board, y) for y in step.derived)
    if name.startswith("whisper parity"):
        return parity_teach(groups, step, variant, houses, facts)
    # a house inside the constraint's cells is part of reading it (a sandwich's line)
    inside = all(any(set(h.cells) <= set(v.cells) for v in variant) for h in houses)
    if len(variant) == 1 and inside:
        extra = "" if houses else variant_arithmetic(groups, variant[0], step, placed)
        extra = extra or variant_text(groups, variant, houses, step)
        if extra:
            return f"{variant[0].label}: {extra}so {what}."
    extra = variant_text(groups, variant, houses, step) if variant else ""
    if extra:
        return f"{', '.join(dict.fromkeys(g.label for g in variant))}: {extra}so {what}."
    return generic_teach(groups, step, name, facts)


def parity_teach(groups: Groups, step: Step, whispers: Sequence[Group],
                 houses: Sequence[Group], facts: Iterable[int]) -> str:
    """A whisper parity step: the sides of each line, then the chain through the lines'
    parity and the houses that breaks when the step's conclusion is denied."""
    board = groups.board
    x = step.derived[0]
    facts = set(facts)
    relaxed = parity_groups(groups, whispers)
    cells = {i for g in [*whispers, *houses] for i in g.cells}
    own = [groups.groups[k] for i in sorted(cells) for k in groups.of_cell[i]
           if groups.groups[k].kind == "cell"]
    links, conflict = trace([*houses, *own, *relaxed], step.facts, -x)
    lines = [(g.label, g.rule.lines[0]) for g in whispers]  # type: ignore[union-attr]
    sides = " ".join(f"{label}: {parity_text(board, line.cells, line.gap(board.n))}"
                     for label, line in lines)
    if conflict is None:
        return sides + generic_teach(groups, step, "deduction", facts)
    labels = {g.index: g.label for g in [*houses, *own, *relaxed]}
    words = {side_var(groups, i): (f"{board.cell_name(i)} high", f"{board.cell_name(i)} low")
             for g in whispers for i in g.cells}
    chain = trail_text(groups, links, conflict, labels, words, facts)
    what = ", ".join(literal_name(board, y) for y in step.derived)
    return f"{sides}Suppose {literal_name(board, -x)}. Then {chain}. So {what}."


def single_teach(groups: Groups, step: Step, name: str, placed: Sequence[int]) -> str:
    """The teach text of a one-constraint step (singles, a cage's combinations …)."""
    board = groups.board
    g = groups.groups[step.groups[0]]
    x = step.derived[0]
    cell, d = cell_digit(board, x)
    where, digit = board.cell_name(cell), board.symbol(d) if board.single_char else str(d)
    if name == "full house":
        unit = next((u for u in groups.groups if u.is_unit and cell in u.cells
                     and all(placed[j] for j in u.cells if j != cell)), g)
        return (f"{where} is the last open cell of {unit.label}, so it takes the digit "
                f"{unit.label} still lacks: {digit}.")
    if name == "hidden single":
        return (f"In {g.label}, {digit} fits only in {where}: each other cell of {g.label} "
                f"is filled or has lost {digit}.")
    if name == "naked single":
        return f"{where} has only {digit} left: every other digit is eliminated there."
    what = ", ".join(literal_name(board, y) for y in step.derived)
    extra = variant_arithmetic(groups, g, step, placed) or variant_text(groups, [g], [], step)
    if extra:
        return f"{g.label}: {extra}so {what}."
    return pair_text(board, g, step) or (
        f"{g.label} alone, with the digits left in its cells, allows no other way: {what}.")


def variant_arithmetic(groups: Groups, g: Group, step: Step, placed: Sequence[int]) -> str:
    """The arithmetic behind a one-constraint variant step (cage combinations, thermometer
    bounds …) when what it says each cell keeps accounts for every literal the step derives
    (checked by brute force, :func:`.line_arithmetic.accounts_for`), else ''."""
    if g.rule is None:
        return ""
    board = groups.board
    cand = {i: set(range(1, board.n + 1)) for i in g.cells}
    for y in step.facts:
        cell, d = cell_digit(board, y)
        if cell in cand:
            cand[cell] = {d} if y > 0 else cand[cell] - {d}
    return first_true(board, one_constraint_said(board, g.rule, cand), cand, step)

"""The arithmetic of a one-constraint variant step for the teach level (a killer cage's
combinations, a thermometer's or a whisper's bounds, a renban's runs, an arrow's sum), given
only when what it says each cell keeps accounts for every literal the step derives.

Each reader takes the constraint's rule and the digits the step's facts leave in its cells
(``cand``) and returns a :class:`Said`: the sentence (ending in ``; `` for the caller's
``so r1c1≠5.``), what it says each cell keeps, and the rule written directly
(:mod:`.teach_guard`), which checks by brute force that the keeps are true and imply the
step. A cell with one digit left is named as placed (``r1c3 is 7``), never as a range.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> said = thermo_said(b, (0, 1, 2), {0: {1, 2, 3, 4}, 1: {1, 2, 4}, 2: {1, 2, 3, 4}})
>>> print(said.text)  # doctest: +NORMALIZE_WHITESPACE
from the bulb r1c1 the digits rise along r1c1, r1c2, r1c3, so a digit stays only with a
smaller one left in the cell before it and a larger one in the cell after it; the facts
leave r1c2 1,2,4; so r1c1 is 1, r1c2 is 2, r1c3 keeps 3,4;
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any

from satdoku.board import Board
from satdoku.explain import teach_guard as guard
from satdoku.explain.sandwich_text import matches
from satdoku.explain.steps import Step, cell_digit, literal_name
from satdoku.explain.variant_text import _reachable, keeps, names, spans

Cand = dict[int, set[int]]


@dataclass(frozen=True)
class Said:
    """A teach sentence, what it says each cell keeps, and the rule to check that against."""

    text: str
    keep: Mapping[int, AbstractSet[int]]
    rule: guard.RuleCheck
    #: A longer sentence saying more, for when this one does not account for the step.
    fuller: Said | None = None


def first_true(board: Board, said: Said | None, cand: Mapping[int, AbstractSet[int]],
               step: Step) -> str:
    """The text of ``said``, or of its fuller sentence, that accounts for the step; ''."""
    while said is not None:
        if accounts_for(board, said, cand, step):
            return said.text
        said = said.fuller
    return ""


def accounts_for(board: Board, said: Said, cand: Mapping[int, AbstractSet[int]],
                 step: Step) -> bool:
    """Whether ``said`` is true of its rule with the digits left and implies every literal
    the step derives (:func:`.teach_guard.keeps_follow`)."""
    lits = [(x, *cell_digit(board, x)) for x in step.derived]
    return guard.keeps_follow(said.rule, cand, said.keep,
                              [(c, d) for x, c, d in lits if x < 0],
                              [(c, d) for x, c, d in lits if x > 0])


def kept_text(board: Board, cells: Sequence[int], keep: Mapping[int, AbstractSet[int]]) -> str:
    """``r1c1 is 1, r1c2 keeps 2,3``: what each cell keeps, one digit as placed.

    >>> kept_text(Board.classic(4), (0, 1), {0: {1}, 1: {2, 3}})
    'r1c1 is 1, r1c2 keeps 2,3'
    """
    return ", ".join(keeps(board, c, keep[c]) for c in cells)


def left_text(board: Board, cells: Sequence[int], cand: Mapping[int, AbstractSet[int]]) -> str:
    """``; the facts leave r2c4 1–3,9, r1c3 is 7``: the cells the cited facts narrow ('' if
    none); a cell with one digit left is placed."""
    narrowed = [c for c in cells if len(cand[c]) < board.n]
    if not narrowed:
        return ""
    placed = [c for c in narrowed if len(cand[c]) == 1]
    open_ = [c for c in narrowed if len(cand[c]) > 1]
    said = [f"the facts leave {', '.join(f'{board.cell_name(c)} {spans(cand[c])}' for c in open_)}"
            ] if open_ else []
    said += [f"{board.cell_name(c)} is {next(iter(cand[c]))}" for c in placed]
    return "; " + ", ".join(said)


# -- thermometers --------------------------------------------------------------------------
def thermo_said(board: Board, line: Sequence[int], cand: Cand, slow: bool = False) -> Said:
    """A thermometer: a digit stays when the cell before it keeps a smaller one (slow: no
    larger) and the cell after it a larger one — forward, then backward along the line."""
    def below(a: int, b: int) -> bool:
        return a <= b if slow else a < b
    keep = {c: set(cand[c]) for c in line}
    for a, b in pairwise(line):
        keep[b] = {d for d in keep[b] if any(below(e, d) for e in keep[a])}
    for b, a in pairwise(line[::-1]):
        keep[a] = {d for d in keep[a] if any(below(d, e) for e in keep[b])}
    rise, small, large = (("never fall", "no larger", "no smaller") if slow else
                          ("rise", "smaller", "larger"))
    text = (f"from the bulb {board.cell_name(line[0])} the digits {rise} along "
            f"{names(board, line)}, so a digit stays only with a {small} one left in the cell "
            f"before it and a {large} one in the cell after it{left_text(board, line, cand)}; "
            f"so {kept_text(board, line, keep)}; ")
    return Said(text, keep, guard.rising(line, slow))


# -- arrows --------------------------------------------------------------------------------
def arrow_said(board: Board, circle: int, line: Sequence[int], cand: Cand) -> Said:
    """An arrow: the circle keeps the totals its line can make; a line cell keeps the digits
    that leave the other line cells a total the circle keeps."""
    made = _reachable(cand, line)
    keep = {circle: cand[circle] & made}
    for c in line:
        rest = _reachable(cand, [x for x in line if x != c])
        keep[c] = {d for d in cand[c] if any(t - d in rest for t in keep[circle])}
    cells = (circle, *line)
    plus = "+".join(board.cell_name(c) for c in line)
    kept = ", ".join(kept_text(board, [c], keep) + _bounds(c, line, keep[circle], keep, cand)
                     for c in line)
    text = (f"the circle {board.cell_name(circle)} = {plus}{left_text(board, cells, cand)}; "
            f"with the digits left the line makes {spans(made)}, so "
            f"{kept_text(board, [circle], keep)}; a line cell keeps the digits that leave "
            f"the other line cells a total the circle keeps: {kept}; ")
    return Said(text, keep, guard.arrow_sum(circle, line))


def _bounds(c: int, line: Sequence[int], totals: AbstractSet[int], keep: Cand,
            cand: Cand) -> str:
    """`` (at most 9 − 6 = 3)``: the bound a line cell's digits left break — the circle's
    most less the least the other line cells keep (at least: its least less their most) —
    when the bounds alone say what the cell keeps, else ''.

    >>> _bounds(1, (1, 2), {7, 8, 9}, {1: {1, 2, 3}, 2: {6}}, {1: set(range(1, 10))})
    ' (at most 9 − 6 = 3)'
    """
    others = [x for x in line if x != c]
    if not totals or not others or not all(keep[x] for x in line):
        return ""
    least, most = (sum(f(keep[x]) for x in others) for f in (min, max))
    hi, lo = max(totals) - least, min(totals) - most
    if keep[c] != {d for d in cand[c] if lo <= d <= hi}:
        return ""
    said = []
    if min(cand[c]) < lo:
        said.append(f"at least {min(totals)} − {most} = {lo}")
    if max(cand[c]) > hi:
        said.append(f"at most {max(totals)} − {least} = {hi}")
    return f" ({', '.join(said)})" if said else ""


# -- whispers ------------------------------------------------------------------------------
def whisper_said(board: Board, line: Sequence[int], gap: int, cand: Cand) -> Said:
    """``neighbours differ by at least 5; r1c2 keeps 1,2,8 …``: what each cell keeps once
    every digit with no neighbour's digit far enough away is struck, round by round."""
    keep = {i: set(cand[i]) for i in line}
    changed = True
    while changed:
        changed = False
        for k, i in enumerate(line):
            near = [line[j] for j in (k - 1, k + 1) if 0 <= j < len(line)]
            ok = {d for d in keep[i] if all(any(abs(d - e) >= gap for e in keep[j])
                                            for j in near)}
            changed |= ok != keep[i]
            keep[i] = ok
    kept = "; ".join(f"{board.cell_name(i)} {','.join(map(str, sorted(keep[i])))}"
                     for i in line)
    return Said(f"neighbours along the line differ by at least {gap}, so with the digits "
                f"left the cells keep {kept}; ", keep, guard.apart_by(line, gap))


# -- sets of different digits: renban runs, cage combinations ------------------------------
def sets_said(board: Board, cells: Sequence[int], sets: Sequence[Sequence[int]], cand: Cand,
              head: str, rule: guard.RuleCheck) -> Said:
    """``head`` (the sets ``cells`` can be, in words), then — when the sets alone do not
    say it — what each cell keeps: a digit of a set that the other cells can fill up."""
    loose = {c: cand[c] & {d for s in sets for d in s} for c in cells}
    exact = {c: {d for d in cand[c] for s in sets if d in s and matches(
        [x for x in cells if x != c], sorted(set(s) - {d}), cand)} for c in cells}
    fuller = Said(f"{head.removesuffix('; ')}, so {kept_text(board, cells, exact)}; ", exact,
                  rule)
    return Said(head, loose, rule, None if loose == exact else fuller)


def renban_said(board: Board, line: Sequence[int], cand: Cand) -> Said:
    """``4 consecutive digits … can only be 2–5 or 3–6``: the runs of consecutive digits
    that the digits left in the line's cells can still make."""
    size = len(line)
    runs = [range(a, a + size) for a in range(1, board.n - size + 2)
            if matches(line, list(range(a, a + size)), cand)]
    listed = " or ".join(f"{r[0]}–{r[-1]}" for r in runs) or "nothing"
    return sets_said(board, line, runs, cand,
                     f"{size} different consecutive digits, with the digits left in "
                     f"{names(board, line)}, can only be {listed}; ", guard.run_of(line))


def cage_said(board: Board, cells: Sequence[int], sums: Sequence[int], cand: Cand) -> Said:
    """``3 different digits adding to 10, with the digits left in …, can only be {1+2+7} or
    …``: the combinations the digits left can fill."""
    combos = [s for s in combinations(range(1, board.n + 1), len(cells))
              if sum(s) in sums and matches(cells, s, cand)]
    listed = " or ".join("{" + "+".join(map(str, s)) + "}" for s in combos) or "nothing"
    return sets_said(board, cells, combos, cand,
                     f"{len(cells)} different digits adding to {' or '.join(map(str, sums))}, "
                     f"with the digits left in {names(board, cells)}, can only be {listed}; ",
                     guard.cage(cells, sums))


def one_constraint_said(board: Board, rule: Any, cand: Cand) -> Said | None:
    """The :class:`Said` of one variant rule instance (a cage, a line, an arrow), or None
    when it has no arithmetic here."""
    cages: Sequence[Any] = getattr(rule, "cages", ())
    sums = _cage_sums(cages[0]) if len(cages) == 1 else ()
    if sums and len(cages[0].cells) <= 6:
        return cage_said(board, tuple(cages[0].cells), sums, cand)
    lines: Sequence[Any] = getattr(rule, "lines", ())
    line_readers: dict[str, Callable[[], Said]] = {
        "thermo": lambda: thermo_said(board, tuple(lines[0]), cand),
        "slow thermo": lambda: thermo_said(board, tuple(lines[0]), cand, slow=True),
        "whispers": lambda: whisper_said(board, lines[0].cells, lines[0].gap(board.n), cand),
        "renban": lambda: renban_said(board, tuple(lines[0]), cand)}
    if rule.name in line_readers and len(lines) == 1:
        return line_readers[rule.name]()
    arrows: Sequence[Any] = getattr(rule, "arrows", ())
    if len(arrows) == 1 and len(arrows[0].circle) == 1:
        (circle,) = tuple(arrows[0].circle)
        return arrow_said(board, circle, tuple(arrows[0].line), cand)
    return None


def _cage_sums(cage: Any) -> tuple[int, ...]:
    """The sums a cage may add up to: a killer cage's total, a multisum cage's sums (none
    for a cage without a sum)."""
    total = getattr(cage, "total", None)
    return (total,) if total is not None else tuple(getattr(cage, "sums", ()))


# -- pair rules (anti-knight, anti-king, non-consecutive …) ---------------------------------
#: What a placed digit d forbids in a cell paired with it, by the pair rule's relation.
FORBIDS = {"EQUAL": "the same digit", "CONSECUTIVE": "a digit consecutive to {d}",
           "SUM_5_OR_15": "a digit adding up with {d} to 5 or 15"}


def pair_text(board: Board, g: Any, step: Step) -> str:
    """``r1c7 and r3c6 are a knight's move apart; r3c6 is 4, so r1c7 cannot hold the same
    digit: r1c7≠4.``: a two-cell group of a pair rule (its move and relation) one cell of
    which the facts place, when that accounts for the step; else ''."""
    move, relation = getattr(g.source, "move", None), getattr(g.source, "relation", None)
    if move is None or relation is None or len(g.cells) != 2:
        return ""
    cand = {i: set(range(1, board.n + 1)) for i in g.cells}
    for y in step.facts:
        cell, d = cell_digit(board, y)
        if cell in cand:
            cand[cell] = {d} if y > 0 else cand[cell] - {d}
    placed = [c for c in g.cells if len(cand[c]) == 1]
    if not placed:
        return ""
    p = placed[0]
    o = g.cells[1 - g.cells.index(p)]
    (d,) = cand[p]
    keep = {p: {d}, o: {e for e in cand[o] if not relation.holds(d, e)}}
    rule = guard.RuleCheck((p, o), lambda w: not relation.holds(w[0], w[1]))
    if not accounts_for(board, Said("", keep, rule), cand, step):
        return ""
    what = ", ".join(literal_name(board, y) for y in step.derived)
    return (f"{board.cell_name(o)} and {board.cell_name(p)} are {move.words}; "
            f"{board.cell_name(p)} is {d}, so {board.cell_name(o)} cannot hold "
            f"{FORBIDS[relation.name].format(d=d)}: {what}.")

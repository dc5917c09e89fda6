"""Which arithmetic explains a variant step: the text of :mod:`.variant_text` or
:mod:`.clue_text` for the constraint a step cites, when it accounts for every literal the
step derives (:func:`.variant_text.explains`), else ''.

Each reader takes the step's variant groups, the houses it cites (rows, columns, boxes:
their placed digits leave the constraint's cells; the cells of a constraint sharing one
hold different digits) and the step; what it says a cell keeps is worked out from the
rule's data and the step's facts, so a text never claims more than the step knows.
Eliminations outside the constraint's cells are read through a house: every way the
constraint can go puts that digit in the house among its cells.

Glossary: *spots* are the houses as (label, cells); *keep* maps a cell of the constraint to
the digits the text says it keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import partial
from typing import Any

from satdoku.explain import clue_text as clue
from satdoku.explain.groups import Group, Groups
from satdoku.explain.sandwich_text import line_name, sandwich_fits, sandwich_text
from satdoku.explain.steps import Step, cell_digit
from satdoku.explain.variant_text import (
    KROPKI_WORDS,
    allowed_by,
    apart,
    candidates,
    chain_order,
    explains,
    filling_puts,
    fillings,
    house_digits,
    kropki_text,
    line_keep,
    line_puts,
    little_killer_keep,
    little_killer_text,
    outside_text,
    pill_numbers,
    pill_text,
    spans,
)
from satdoku.rules.dots import FAMILIES, NEGATIVE_KINDS

Spots = list[tuple[str, Sequence[int]]]


def variant_text(groups: Groups, variant: Sequence[Group], houses: Sequence[Group],
                 step: Step) -> str:
    """The arithmetic of the variant constraints ``variant`` (one, or marks between cells)
    when it accounts for every literal the step derives, else ''."""
    kinds = {g.kind for g in variant}
    if variant[0].rule is None and kinds != {"negative"}:
        return ""
    if kinds <= set(KROPKI_WORDS):
        return _marks(groups, variant, houses, step)
    read = READERS.get(variant[0].kind)
    return read(groups, variant[0], houses, step) if read and len(variant) == 1 else ""


def _outside(board: Any, step: Step, cells: Sequence[int]) -> list[tuple[int, int]]:
    """The (cell, digit) the step eliminates outside ``cells``."""
    return [cell_digit(board, x) for x in step.derived
            if x < 0 and cell_digit(board, x)[0] not in cells]


def _little_killer(groups: Groups, g: Group, houses: Sequence[Group], step: Step) -> str:
    board, rule = groups.board, g.rule
    clue_ = rule.clues[0]  # type: ignore[union-attr]
    cells = rule.cells_of(board, clue_)  # type: ignore[union-attr]
    cand = candidates(board, g.cells, step.facts, houses)
    spots: Spots = [(h.label, h.cells) for h in houses]
    pairs = apart(cells, spots)
    keep = little_killer_keep(cells, clue_.value, cand, pairs)
    outside = _outside(board, step, cells)
    ways = fillings(cells, [], pairs, cand, clue_.value) if outside else []
    if keep is None:
        return ""
    puts = filling_puts(cells, ways)
    if not explains(board, step, allowed_by(keep, puts, spots)):
        return ""
    return (house_digits(board, cells, step.facts, houses)
            + little_killer_text(board, cells, clue_.value, cand, spots)
            + outside_text(board, cells, puts, spots, outside))


def _line_clue(text: Callable[..., str], keep: Callable[..., Mapping[int, AbstractSet[int]]],
               groups: Groups, g: Group, houses: Sequence[Group], step: Step) -> str:
    """A clue over a whole row or column (sandwich, X-sum, skyscraper): ``keep(n, line,
    value, cand)`` what each cell keeps, ``text(board, line, value, cand)`` why; a digit
    the line keeps only inside a house leaves the house's other cells."""
    board, rule = groups.board, g.rule
    clue_ = rule.clues[0]  # type: ignore[union-attr]
    line = rule.cells_of(board, clue_)  # type: ignore[union-attr]
    cand = candidates(board, line, step.facts, houses)
    kept = keep(board.n, line, clue_.value, cand)
    spots: Spots = [(h.label, h.cells) for h in houses if not set(h.cells) <= set(line)]
    puts = line_puts(line, kept)
    if not explains(board, step, allowed_by(kept, puts, spots)):
        return ""
    outside = _outside(board, step, line)
    return (house_digits(board, line, step.facts, houses) + text(board, line, clue_.value, cand)
            + outside_text(board, line, puts, spots, outside, (line_name(board, line), kept)))


def _sandwich_keep(n: int, line: Sequence[int], total: int, cand: Any
                   ) -> Mapping[int, AbstractSet[int]]:
    return clue.KeepByTrial(line, cand, lambda c: sandwich_fits(n, line, total, c))


def _skyscraper(groups: Groups, g: Group, houses: Sequence[Group], step: Step) -> str:
    """The bound k + n − d when it alone rules out what the step eliminates, else what the
    line keeps (:func:`.clue_text.skyscraper_text`)."""
    board, rule = groups.board, g.rule
    clue_ = rule.clues[0]  # type: ignore[union-attr]
    line = rule.cells_of(board, clue_)  # type: ignore[union-attr]
    bound = clue.skyscraper_bound(board.n, line, clue_.value)
    if not houses and explains(board, step, allowed_by(bound, lambda h, d: False, [])):
        struck = [cell_digit(board, x) for x in step.derived]
        said = clue.skyscraper_text(board, line, clue_.value, {}, struck)
        return f"from {clue.side_name(board, clue_.row, clue_.col)}, {said}"
    shown = [c for c in line if any(cell_digit(board, x)[0] == c for x in step.derived)]
    text = partial(clue.skyscraper_text, struck=(), shown=shown)
    return _line_clue(_sided(text, clue_), clue.skyline_keep, groups, g, houses, step)


def _sided(text: Callable[..., str], clue_: Any) -> Callable[..., str]:
    """``text`` opened by where the clue stands (``from the left of row 3, …``)."""
    return lambda board, *args: (f"from {clue.side_name(board, clue_.row, clue_.col)}, "
                                 + text(board, *args))


def _x_sum(groups: Groups, g: Group, houses: Sequence[Group], step: Step) -> str:
    clue_ = g.rule.clues[0]  # type: ignore[union-attr]
    return _line_clue(_sided(clue.x_sum_text, clue_), clue.x_sum_keep, groups, g, houses,
                      step)


def _arrow(groups: Groups, g: Group, houses: Sequence[Group], step: Step) -> str:
    """An arrow: its circle equal to its line's sum (:func:`_sides`), or a pill's reading
    (the pill's digits side by side)."""
    board = groups.board
    arrows: Sequence[Any] = getattr(g.rule, "arrows", ())
    if len(arrows) != 1:
        return ""
    if len(arrows[0].circle) == 1:
        return _sides(groups, tuple(arrows[0].circle), tuple(arrows[0].line), houses, step)
    if houses:
        return ""
    pill, line = sorted(arrows[0].circle), arrows[0].line
    cand = candidates(board, g.cells, step.facts, houses)
    reads = pill_numbers(pill, line, cand)
    keep = line_keep(line, reads, cand)
    keep.update({c: {int(str(r)[k]) for r in reads} for k, c in enumerate(pill)})
    if not explains(board, step, allowed_by(keep, lambda h, d: False, [])):
        return ""
    return pill_text(board, pill, line, cand)


def _double_arrow(groups: Groups, g: Group, houses: Sequence[Group], step: Step) -> str:
    line = tuple(g.rule.lines[0])  # type: ignore[union-attr]
    return _sides(groups, (line[0], line[-1]), line[1:-1], houses, step)


def _sides(groups: Groups, left: Sequence[int], right: Sequence[int],
           houses: Sequence[Group], step: Step) -> str:
    """Two sides adding up alike (a double arrow's ends and middle, an arrow's circle and
    line), digits repeating but within a cited house: their fillings."""
    board = groups.board
    cells = (*left, *right)
    cand = candidates(board, cells, step.facts, houses)
    spots: Spots = [(h.label, h.cells) for h in houses]
    found = clue.sum_ways(left, right, cand, apart(cells, spots))
    if found is None:
        return ""
    ways, needed = _needed(board, cells, found, step, houses)
    puts = filling_puts(cells, ways)
    if not explains(board, step, allowed_by(clue.keep_of(cells, ways), puts, spots)):
        return ""
    shared = [lab for lab, hc in spots if len(set(hc) & set(cells)) > 1]
    return (house_digits(board, cells, step.facts, houses) + needed
            + clue.sum_text(board, left, right, ways, shared)
            + outside_text(board, cells, puts, spots, _outside(board, step, cells)))


#: A house's digit whose every cell left in the house lies on a constraint: (house, digit,
#: those cells).
Need = tuple[str, int, tuple[int, ...]]


def house_needs(board: Any, cells: Sequence[int], facts: Sequence[int],
                houses: Sequence[Group]) -> list[Need]:
    """The digits of full ``houses`` (every digit once) that, with the digits the facts
    leave, fit only in ``cells`` of the house: a filling of the cells must hold them."""
    inside = [h for h in houses if len(h.cells) == board.n]
    every = list(dict.fromkeys([*cells, *(c for h in inside for c in h.cells)]))
    cand = candidates(board, every, facts, houses)
    out = []
    for h in inside:
        for d in range(1, board.n + 1):
            room = tuple(c for c in h.cells if d in cand[c] and len(cand[c]) > 1)
            placed = any(cand[c] == {d} for c in h.cells)
            if room and not placed and set(room) <= set(cells):
                out.append((h.label, d, room))
    return out


def _needed(board: Any, cells: Sequence[int], found: Sequence[tuple[int, ...]], step: Step,
            houses: Sequence[Group]) -> tuple[list[tuple[int, ...]], str]:
    """The fillings ``found`` that hold the digits the cited houses can put only in
    ``cells`` (:func:`house_needs`), and the text saying so when that rules some out."""
    needs = house_needs(board, cells, step.facts, houses)
    ways = [w for w in found if _meets(cells, w, needs)]
    return ways, _needs_text(board, needs, found, ways)


def _meets(cells: Sequence[int], way: tuple[int, ...], needs: Sequence[Need]) -> bool:
    """Whether a filling puts each needed digit in one of its cells."""
    return all(any(way[cells.index(c)] == d for c in room) for _, d, room in needs)


def _needs_text(board: Any, needs: Sequence[Need], found: Sequence[tuple[int, ...]],
                ways: Sequence[tuple[int, ...]]) -> str:
    """``box 2 has its 1 only at r1c5, r2c5; ``: the needs that rule a filling out."""
    if len(ways) == len(found):
        return ""
    return "".join(f"{label} has its {d} only at {', '.join(map(board.cell_name, room))}; "
                   for label, d, room in needs)


def _marks(groups: Groups, marks_: Sequence[Group], houses: Sequence[Group],
           step: Step) -> str:
    """Kropki dots and chains, X and V: the fillings of the marked cells."""
    board = groups.board
    rules: list[Any] = [g.rule for g in marks_]  # white or black dots, XV (PairMarks)
    marks = [(g.kind, m) for g, rule in zip(marks_, rules, strict=True) for m in rule.marks]
    cells = chain_order(list(dict.fromkeys(c for _, m in marks for c in m.cells)),
                        [m.cells for _, m in marks])
    cand = candidates(board, cells, step.facts, houses)
    spots: Spots = [(h.label, h.cells) for h in houses]
    keeps = [(m.cells[0], m.cells[1], partial(rule.keeps, k=m.value))  # the rule's own
             for rule in rules for m in rule.marks]
    found = fillings(cells, keeps, apart(cells, spots), cand)
    if found is None:
        return ""
    ways, needed = _needed(board, cells, found, step, houses)
    puts = filling_puts(cells, ways)
    if not explains(board, step, allowed_by(clue.keep_of(cells, ways), puts, spots)):
        return ""
    return (house_digits(board, cells, step.facts, houses) + needed
            + kropki_text(board, marks, spots, cells, ways, _outside(board, step, cells)))


#: The negative constraint's kinds in words: (verb, what), e.g. "are" + "consecutive".
NEGATIVE_WORDS = {"white": ("are", "consecutive"), "black": ("are", "in ratio 1:2"),
                  "x": ("add up to", "10"), "v": ("add up to", "5")}


def _negative(groups: Groups, g: Group, houses: Sequence[Group], step: Step) -> str:
    """Two neighbours with no mark between them, of the kinds the negative constraint says
    are all given: ``r1c1 and r2c1 have no X or V between them, so they do not add up to
    10 or 5``, then what the digits left leave each."""
    board, rule = groups.board, g.source
    if rule is None or len(g.cells) != 2:
        return ""
    a, b = g.cells
    kinds = [k for k in rule.kinds  # type: ignore[attr-defined]
             if (a, b) not in getattr(rule, NEGATIVE_KINDS[k].family)]
    if not kinds:
        return ""

    def keeps(x: int, y: int) -> bool:
        return x != y and not any(NEGATIVE_KINDS[k].relation(x, y, NEGATIVE_KINDS[k].value)
                                  for k in kinds)
    cand = candidates(board, g.cells, step.facts, houses)
    ways = fillings(g.cells, [(a, b, keeps)], [], cand)
    if ways is None or not explains(board, step, allowed_by(
            clue.keep_of(g.cells, ways), lambda h, d: False, [])):
        return ""
    struck = [cell_digit(board, x) for x in step.derived]
    return negative_text(board, (a, b), kinds, cand, struck) if all(
        x < 0 for x in step.derived) else ""


def negative_text(board: Any, pair: tuple[int, int], kinds: Sequence[str], cand: Any,
                  struck: Sequence[tuple[int, int]]) -> str:
    """``r1c1 and r2c1 have no X or V between them, so they do not add up to 10 or 5; r2c1
    is 6, so r1c1 is not 4``: for each (cell, digit) ``struck``, the digits the other cell
    keeps, none of which goes with it."""
    names_ = {c: board.cell_name(c) for c in pair}
    marks = " or ".join(dict.fromkeys(FAMILIES[NEGATIVE_KINDS[k].family][1] for k in kinds))
    said = []
    for verb in dict.fromkeys(NEGATIVE_WORDS[k][0] for k in kinds):
        what = " or ".join(NEGATIVE_WORDS[k][1] for k in kinds if NEGATIVE_WORDS[k][0] == verb)
        said.append(f"are not {what}" if verb == "are" else f"do not {verb} {what}")
    text = f"{names_[pair[0]]} and {names_[pair[1]]} have no {marks} between them, so they "
    text += ", ".join(said)
    for c in dict.fromkeys(c for c, _ in struck):
        other = pair[1 - pair.index(c)]
        lost = spans(sorted(d for x, d in struck if x == c))
        left = cand[other]
        text += (f"; {names_[other]} is {next(iter(left))}, so {names_[c]} is not {lost}"
                 if len(left) == 1 else
                 f"; {names_[other]} keeps {spans(left)}, and none goes with {names_[c]}={lost}"
                 if len(lost) == 1 else
                 f"; {names_[other]} keeps {spans(left)}, and none goes with {lost} in "
                 f"{names_[c]}")
    return text + "; "


#: A reader per kind of variant group: (groups, group, houses, step) → text or ''.
READERS: dict[str, Callable[[Groups, Group, Sequence[Group], Step], str]] = {
    "little-killer": _little_killer,
    "sandwich": partial(_line_clue, sandwich_text, _sandwich_keep),
    "x-sum": _x_sum,
    "skyscraper": _skyscraper,
    "arrow": _arrow,
    "double-arrow": _double_arrow,
    "negative": _negative,
}

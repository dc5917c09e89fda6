"""The arithmetic of variant steps for the teach level: little killer diagonals, kropki
dots and chains, arrow pills and whisper parity (sandwiches: :mod:`.sandwich_text`).

Each function reads one variant constraint (or a few) with the digits left in its cells
(``cand``: cell → digits still possible, from the step's facts) and says, with the digits
and cells named, what that leaves — the sentence ends in ``; `` so that the caller can add
``so r1c1≠5.``. The texts are worked out afresh in plain Python from the rule's own data
(the clue, the dots, the line), never from the CNF, so they state the arithmetic a person
would do; the step itself is proved by the solver (:mod:`.steps`).

Glossary: ``cand`` maps a cell to its digits left; a *filling* gives each cell of a
constraint one of its digits; a kropki *chain* is dots linked cell to cell.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> cand = {0: {1, 2, 3, 4}, 5: {2}, 10: {1, 2, 3, 4}}
>>> print(little_killer_text(b, (0, 5, 10), 6, cand))  # doctest: +NORMALIZE_WHITESPACE
r1c1, r2c2, r3c3 add up to 6; r2c2=2 is placed, so the others add up
to 4; with the digits left, r1c1 keeps 1–3, r3c3 keeps 1–3;
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import combinations, pairwise, product
from typing import Any

from satdoku.board import Board
from satdoku.explain.groups import Group, Groups
from satdoku.explain.steps import Step, cell_digit
from satdoku.rules import cell_var
from satdoku.rules.dots import XV_LETTERS

Cand = Mapping[int, set[int]]
#: Fillings listed in full before the text only counts them.
MOST_LISTED = 6


def spans(digits: Iterable[int]) -> str:
    """``1–3,6``: digits in runs.

    >>> spans({1, 2, 3, 6, 8, 9})
    '1–3,6,8,9'
    """
    out: list[str] = []
    ds = sorted(digits)
    k = 0
    while k < len(ds):
        j = k
        while j + 1 < len(ds) and ds[j + 1] == ds[j] + 1:
            j += 1
        out.append(f"{ds[k]}–{ds[j]}" if j > k + 1 else
                   ",".join(map(str, ds[k:j + 1])))
        k = j + 1
    return ",".join(out) or "nothing"


def keeps(board: Board, cell: int, digits: Iterable[int]) -> str:
    """``r1c2 keeps 2,3``, or ``r1c2 is 8`` for one digit (never ``8–8``).

    >>> keeps(Board.classic(4), 1, {2, 3}), keeps(Board.classic(4), 1, {4})
    ('r1c2 keeps 2,3', 'r1c2 is 4')
    """
    ds = sorted(digits)
    return (f"{board.cell_name(cell)} is {ds[0]}" if len(ds) == 1 else
            f"{board.cell_name(cell)} keeps {spans(ds)}")


def names(board: Board, cells: Sequence[int]) -> str:
    return ", ".join(board.cell_name(i) for i in cells)


# -- little killers ------------------------------------------------------------------------
def _reachable(cand: Cand, cells: Sequence[int]) -> set[int]:
    """The totals the digits left in ``cells`` can make (digits may repeat)."""
    sums = {0}
    for i in cells:
        sums = {s + d for s in sums for d in cand[i]}
    return sums


def little_killer_keep(cells: Sequence[int], total: int, cand: Cand,
                       apart: Sequence[tuple[int, int]] = ()) -> dict[int, set[int]] | None:
    """The digits each cell of a diagonal adding up to ``total`` keeps: a digit stays when
    the other cells can make the rest (digits may repeat, but not within a pair of
    ``apart``); None when the fillings are too many to list."""
    if not apart:
        return {i: {d for d in cand[i] if total - d in _reachable(
            cand, [j for j in cells if j != i])} for i in cells}
    ways = fillings(cells, [], apart, cand, total)
    if ways is None:
        return None
    return {c: {w[k] for w in ways} for k, c in enumerate(cells)}


def little_killer_text(board: Board, cells: Sequence[int], total: int, cand: Cand,
                       houses: Sequence[tuple[str, Sequence[int]]] = ()) -> str:
    """What a diagonal adding up to ``total`` leaves each open cell (placed cells
    subtracted first; cells sharing one of ``houses`` (label, cells) differ); '' when the
    fillings are too many to list."""
    placed = [i for i in cells if len(cand[i]) == 1]
    open_ = [i for i in cells if i not in placed]
    rest = total - sum(next(iter(cand[i])) for i in placed)
    shared = [lab for lab, hc in houses if len(set(hc) & set(cells)) > 1]
    head = f"{names(board, cells)} add up to {total}{repeat_note(board, cells, shared)}; "
    if placed:
        fixed = ", ".join(f"{board.cell_name(i)}={next(iter(cand[i]))}" for i in placed)
        head += (f"{fixed} {'is' if len(placed) == 1 else 'are'} placed, so the "
                 f"{'other adds' if len(open_) == 1 else 'others add'} up to {rest}; ")
    keep = little_killer_keep(cells, total, cand, apart(cells, houses))
    if keep is None:
        return ""
    kept = ", ".join(keeps(board, i, keep[i]) for i in open_)
    return head + (f"with the digits left, {kept}; " if open_ else "")


def repeat_note(board: Board, cells: Sequence[int], shared: Sequence[str]) -> str:
    """`` (digits may repeat)`` when no two of ``cells`` share a row, column or box; with
    ``shared`` (the cited houses holding two of them), `` (digits may repeat, but not within
    box 3)``; else '' (the step does not need them to differ, but saying that digits may
    repeat in one house would read as a wrong rule).

    >>> b = Board.classic(4)
    >>> repeat_note(b, (0, 5), []), repeat_note(b, (0, 6), []), repeat_note(b, (0, 5), ["box 1"])
    ('', ' (digits may repeat)', ' (digits may repeat, but not within box 1)')
    """
    if shared:
        return f" (digits may repeat, but not within {', '.join(shared)})"
    if any(len(set(u) & set(cells)) > 1 for u in board.units):
        return ""
    return " (digits may repeat)"


def apart(cells: Sequence[int], houses: Sequence[tuple[str, Sequence[int]]]
           ) -> list[tuple[int, int]]:
    """The pairs of ``cells`` that share one of ``houses`` (so hold different digits)."""
    return [(a, b) for a, b in combinations(cells, 2)
            if any(a in hc and b in hc for _, hc in houses)]


# -- kropki dots and chains ----------------------------------------------------------------
#: A dot: its two cells and whether two digits keep it.
Dot = tuple[int, int, Callable[[int, int], bool]]

#: What a mark between two cells (a kropki dot, an X or a V) says of them, {a} and {b} the
#: cells, {k} its number, {sign} its letter: (the default number, its words, the words of
#: another number).
KROPKI_WORDS = {"white dots": (1, "{a} and {b} are consecutive", "{a} and {b} differ by {k}"),
                "black dots": (2, "of {a} and {b} one is twice the other",
                               "of {a} and {b} one is {k} times the other"),
                "xv": (None, "", "the {sign} says {a}+{b} = {k}")}


def dot_phrase(board: Board, kind: str, mark: Any) -> str:
    """``r1c1 and r1c2 are consecutive``: what one mark says of its two cells, in words.

    >>> from satdoku.rules.dots import Mark
    >>> dot_phrase(Board.classic(9), "xv", Mark((0, 1), 10))
    'the X says r1c1+r1c2 = 10'
    """
    default, plain, numbered = KROPKI_WORDS[kind]
    a, b = (board.cell_name(i) for i in mark.cells)
    sign = XV_LETTERS.get(mark.value, "mark")
    return (plain if mark.value == default else numbered).format(a=a, b=b, k=mark.value,
                                                                 sign=sign)


def fillings(cells: Sequence[int], dots: Sequence[Dot], apart: Sequence[tuple[int, int]],
             cand: Cand, total: int | None = None) -> list[tuple[int, ...]] | None:
    """Every filling of ``cells`` with the digits left that keeps every dot, gives the
    cells of each pair of ``apart`` (sharing a house) different digits, and adds up to
    ``total`` (if given); None when there are more than :data:`MOST_FILLINGS`.

    >>> fillings((0, 1), [], [(0, 1)], {0: {1, 2, 3}, 1: {1, 2, 3}}, total=4)
    [(1, 3), (3, 1)]
    """
    at = {c: k for k, c in enumerate(cells)}
    low = [sum(min(cand[c], default=0) for c in cells[k:]) for k in range(len(cells) + 1)]
    high = [sum(max(cand[c], default=0) for c in cells[k:]) for k in range(len(cells) + 1)]
    out: list[tuple[int, ...]] = []

    def fits(k: int, d: int, got: list[int]) -> bool:
        c = cells[k]
        for a, b, keeps in dots:
            if c in (a, b) and at[b if a == c else a] < k:
                other = got[at[b if a == c else a]]
                if not (keeps(d, other) if a == c else keeps(other, d)):
                    return False
        return all(got[at[b if a == c else a]] != d for a, b in apart
                   if c in (a, b) and at[b if a == c else a] < k)

    def grow(k: int, got: list[int], so_far: int) -> bool:
        if total is not None and not low[k] <= total - so_far <= high[k]:
            return True
        if k == len(cells):
            out.append(tuple(got))
            return len(out) <= MOST_FILLINGS
        return all(grow(k + 1, [*got, d], so_far + d) for d in sorted(cand[cells[k]])
                   if fits(k, d, got))
    return out if grow(0, [], 0) else None


#: Fillings enumerated before a text gives up (it then says nothing of its own).
MOST_FILLINGS = 5000


def kropki_text(board: Board, dots: Sequence[tuple[str, Any]],
                houses: Sequence[tuple[str, Sequence[int]]], cells: Sequence[int],
                ways: Sequence[tuple[int, ...]], outside: Sequence[tuple[int, int]]) -> str:
    """The fillings ``ways`` of the ``cells`` of a dot or a chain of dots (kind, mark), the
    cells sharing one of ``houses`` (label, cells) taking different digits; and for each
    derived (cell, digit) ``outside`` the chain, the house where every filling puts that
    digit among the chain's cells."""
    said = "; ".join(dot_phrase(board, kind, m) for kind, m in dots)
    shared = [lab for lab, hc in houses if len(set(hc) & set(cells)) > 1]
    said += f" (and {', '.join(shared)} holds each digit once)" if shared else ""
    if len(cells) == 2:
        pairs = sorted({tuple(sorted(w)) for w in ways})
        listed = ", ".join("{" + ",".join(map(str, p)) + "}" for p in pairs) or "nothing"
        kept = ", ".join(keeps(board, c, {w[k] for w in ways}) for k, c in enumerate(cells))
        text = f"{said}: with the digits left the pair can only be {listed}: {kept}"
    elif len(ways) <= MOST_LISTED:
        listed = " or ".join("-".join(map(str, w)) for w in ways) or "nothing"
        text = f"{said}: with the digits left, {names(board, cells)} can only be {listed}"
    else:
        kept = ", ".join(f"{board.cell_name(c)} {spans({w[k] for w in ways})}"
                         for k, c in enumerate(cells))
        text = f"{said}: with the digits left, {len(ways)} fillings keep {kept}"
    return text + "; " + outside_text(board, cells, filling_puts(cells, ways), houses, outside)


#: "Every way puts the digit in the house": (house's cells, digit) → bool.
Puts = Callable[[Sequence[int], int], bool]


def outside_text(board: Board, cells: Sequence[int], puts: Puts,
                 houses: Sequence[tuple[str, Sequence[int]]],
                 outside: Sequence[tuple[int, int]],
                 line: tuple[str, Mapping[int, AbstractSet[int]]] | None = None) -> str:
    """``every filling puts a 4 in box 1 among r1c1, r1c2; `` for each (cell, digit) of
    ``outside`` (eliminations outside the constraint's cells): the house that shows why;
    for a whole row or column ``line`` (its name, the digits each cell keeps), ``in row 5,
    4 fits only at r5c5, r5c6, in box 5; ``."""
    said = {}
    for c, d in sorted(set(outside)):
        house = next(((lab, hc) for lab, hc in houses if c in hc and puts(hc, d)), None)
        if house is None:
            continue
        label, inside = house[0], [x for x in cells if x in house[1]]
        if line:
            spots = [x for x in cells if d in line[1][x]]
            said[label, d] = f"in {line[0]}, {d} fits only at {names(board, spots)}, in {label}; "
        else:
            said[label, d] = (f"every filling puts a {d} in {label} among "
                              f"{names(board, inside)}; ")
    return "".join(said.values())


def filling_puts(cells: Sequence[int], ways: Sequence[tuple[int, ...]] | None) -> Puts:
    """Whether every filling of ``cells`` puts a digit in a house (no fillings: unknown)."""
    return lambda house, d: ways is not None and _puts(cells, ways, house, d)


def line_puts(line: Sequence[int], keep: Mapping[int, AbstractSet[int]]) -> Puts:
    """Whether a whole row or column (every digit once) has a digit only where ``keep``
    lets it in a house."""
    return lambda house, d: all(c in house for c in line if d in keep[c])


def allowed_by(keep: Mapping[int, AbstractSet[int]], puts: Puts,
               houses: Sequence[tuple[str, Sequence[int]]]) -> Callable[[int, int], bool]:
    """What a text says a cell may hold: in the constraint's cells, the digits ``keep``s;
    elsewhere, a digit not put in a house of that cell (:func:`explains`)."""
    def allowed(c: int, d: int) -> bool:
        if c in keep:
            return d in keep[c]
        return not any(c in hc and puts(hc, d) for _, hc in houses)
    return allowed


def chain_order(cells: Sequence[int], links: Sequence[tuple[int, int]]) -> list[int]:
    """``cells`` from one end of the chain ``links`` to the other (as given when they
    do not make one path).

    >>> chain_order([5, 6, 4], [(5, 6), (4, 5)])
    [4, 5, 6]
    """
    near: dict[int, list[int]] = {c: [] for c in cells}
    for a, b in links:
        near[a].append(b)
        near[b].append(a)
    ends = [c for c in cells if len(near[c]) == 1]
    if len(ends) != 2 or any(len(v) > 2 for v in near.values()):
        return list(cells)
    path = [min(ends)]
    while len(path) < len(cells):
        path.append(next(c for c in near[path[-1]] if c not in path))
    return path


def _puts(cells: Sequence[int], ways: Sequence[tuple[int, ...]], house: Sequence[int],
          d: int) -> bool:
    """Whether every filling puts ``d`` in a cell of ``house``."""
    return all(any(w[k] == d for k, x in enumerate(cells) if x in house) for w in ways)


# -- arrow pills ---------------------------------------------------------------------------
def pill_text(board: Board, circle: Sequence[int], line: Sequence[int], cand: Cand) -> str:
    """The numbers a pill can read: its digits side by side (reading order), equal to the
    line's sum, which lies between the least and the most the digits left can make."""
    pill = sorted(circle)
    low = sum(min(cand[i]) for i in line)
    high = sum(max(cand[i]) for i in line)
    numbers = pill_numbers(pill, line, cand)
    keep = line_keep(line, numbers, cand)
    kept = ", ".join(keeps(board, i, keep[i]) for i in line)
    return (f"the pill {names(board, pill)} reads a {len(pill)}-digit number, the sum of "
            f"{names(board, line)}, which lies between {low} and {high} with the digits "
            f"left there: the pill reads {spans(numbers)}, and {kept}; ")


def pill_numbers(pill: Sequence[int], line: Sequence[int], cand: Cand) -> list[int]:
    """The numbers the ``pill`` (cells in reading order) can read with the digits left that
    the line can add up to (digits may repeat); all have as many digits as the pill."""
    sums = _reachable(cand, line)
    numbers = (int("".join(map(str, ds))) for ds in product(*(sorted(cand[i]) for i in pill)))
    return sorted(x for x in numbers if x in sums)


def line_keep(line: Sequence[int], totals: Sequence[int], cand: Cand) -> dict[int, set[int]]:
    """The digits each cell of an arrow's line keeps when the line adds up to one of
    ``totals`` (digits may repeat)."""
    return {i: {d for d in cand[i] if any(t - d in _reachable(cand, [j for j in line
                                                                      if j != i])
                                          for t in totals)} for i in line}


# -- whisper parity ------------------------------------------------------------------------
def whisper_sides(n: int, gap: int) -> tuple[range, range] | None:
    """The low and high digits of a whisper line when its digits must alternate between
    them (no digit is within ``gap`` of both 1 and n), else None.

    >>> whisper_sides(9, 5), whisper_sides(9, 4)
    ((range(1, 5), range(6, 10)), None)
    """
    if 2 * gap < n:
        return None
    return range(1, n - gap + 1), range(gap + 1, n + 1)


def parity_text(board: Board, line: Sequence[int], gap: int) -> str:
    """``5 never appears and the digits alternate low (1–4) and high (6–9): r1c1, r1c3 on
    one side, r1c2 on the other``."""
    sides = whisper_sides(board.n, gap)
    assert sides is not None
    low, high = sides
    middle = [d for d in range(1, board.n + 1) if d not in low and d not in high]
    never = (f"{spans(middle)} never appear{'s' if len(middle) == 1 else ''} and "
             if middle else "")
    return (f"neighbours along the line differ by at least {gap}, so {never}the digits "
            f"alternate low ({spans(low)}) and high ({spans(high)}): "
            f"{names(board, line[0::2])} on one side, {names(board, line[1::2])} on the "
            f"other. ")


def parity_groups(groups: Groups, whispers: Sequence[Group]) -> list[Group]:
    """Each alternating whisper line of ``whispers`` relaxed to its parity, as groups to
    propagate through (:func:`.trace.trace`): a variable per cell "holds a high digit",
    the middle digits struck, neighbours on opposite sides. Their indices are negative
    (they are no group of the puzzle)."""
    board, n = groups.board, groups.board.n
    out = []
    for g in whispers:
        line = g.rule.lines[0].cells  # type: ignore[union-attr]
        low, high = whisper_sides(n, g.rule.lines[0].gap(n))  # type: ignore[union-attr,misc]
        high_var = {i: side_var(groups, i) for i in line}
        clauses: list[tuple[int, ...]] = []
        for i in line:
            h = high_var[i]
            clauses += [(-cell_var(board, i, d),) for d in range(1, n + 1)
                        if d not in low and d not in high]
            clauses += [(-cell_var(board, i, d), h) for d in high]
            clauses += [(-cell_var(board, i, d), -h) for d in low]
            clauses += [(-h, *(cell_var(board, i, d) for d in high)),
                        (h, *(cell_var(board, i, d) for d in low))]
        for i, j in pairwise(line):
            clauses += [(high_var[i], high_var[j]), (-high_var[i], -high_var[j])]
        out.append(Group(-1 - g.index, "whisper parity", f"parity of {g.label}", g.cells, 0,
                         tuple(clauses)))
    return out


def house_digits(board: Board, cells: Sequence[int], facts: Sequence[int],
                 houses: Sequence[Group]) -> str:
    """``box 3 has its 7 at r2c9; ``: the digits placed in ``houses`` outside ``cells``
    that :func:`candidates` takes out of the cells sharing the house."""
    said = []
    for y in sorted(x for x in facts if x > 0):
        cell, d = cell_digit(board, y)
        hit = [h.label for h in houses if cell in h.cells and cell not in cells
               and set(h.cells) & set(cells)]
        if hit:
            said.append(f"{' and '.join(hit)} {'has' if len(hit) == 1 else 'have'} its {d} "
                        f"at {board.cell_name(cell)}")
    return "".join(f"{x}; " for x in said)


def side_var(groups: Groups, cell: int) -> int:
    """The variable "``cell`` holds a high digit" of :func:`parity_groups` (past every
    variable of the puzzle's groups)."""
    return groups.formula.num_vars + 1 + cell


def candidates(board: Board, cells: Sequence[int], facts: Sequence[int],
               houses: Sequence[Group] = ()) -> dict[int, set[int]]:
    """The digits ``facts`` leave in each of ``cells``, a digit placed in one of ``houses``
    leaving the house's other cells."""
    cand = {i: set(range(1, board.n + 1)) for i in cells}
    for y in facts:
        cell, d = cell_digit(board, y)
        if cell in cand:
            cand[cell] = {d} & cand[cell] if y > 0 else cand[cell] - {d}
        elif y > 0:
            for h in houses:
                if cell in h.cells:
                    for i in set(h.cells) & set(cand):
                        cand[i].discard(d)
    return cand


def explains(board: Board, step: Step, allowed: Callable[[int, int], bool]) -> bool:
    """Whether every derived literal follows from ``allowed(cell, digit)`` (what a text
    says the cell may still hold)."""
    for x in step.derived:
        cell, d = cell_digit(board, x)
        if x < 0 and allowed(cell, d):
            return False
        if x > 0 and any(allowed(cell, e) for e in range(1, board.n + 1) if e != d):
            return False
    return True

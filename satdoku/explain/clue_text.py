"""The arithmetic of more variant steps for the teach level: X-sums and skyscrapers (clues
outside the grid) and double arrows, in the manner of :mod:`.variant_text`.

Each text reads one constraint with the digits left in its cells (``cand``) and ends in
``; `` for the caller's ``so r1c1≠5.``; the numbers are worked out in plain Python from the
rule's own data (the clue, the line), never from the CNF. A row or column holds every digit
once, so the first X digits of an X-sum are different and a skyscraper line is a
permutation.

Glossary: a *line* is the row or column a clue reads, ``line[0]`` next to the clue; the
*side* is where the clue stands (``the left of row 3``); a *skyline* is the cells seen from
the clue (each taller than every digit before it) with their digits.

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> cand = {i: {1, 2, 3, 4} for i in range(4)}
>>> x_sum_text(b, (0, 1, 2, 3), 6, {**cand, 0: {3}})
'r1c1 is 3, so r1c1+r1c2+r1c3 = 6 and r1c2+r1c3 = 6 − 3 = 3 = {1+2}; '
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import combinations

from satdoku.board import Board
from satdoku.explain.sandwich_text import matches, sets_text
from satdoku.explain.variant_text import (
    MOST_LISTED,
    Cand,
    fillings,
    keeps,
    names,
    repeat_note,
    spans,
)

#: Whether the digits left (cell → digits) still allow a constraint.
Possible = Callable[[Cand], bool]


class KeepByTrial(Mapping[int, AbstractSet[int]]):
    """The digits each of ``cells`` keeps: those that, put there, leave the constraint
    ``possible`` with the digits left — each digit tried when first asked about.

    >>> keep = KeepByTrial((0, 1), {0: {1, 2}, 1: {2}}, lambda c: c[0] != c[1])
    >>> 2 in keep[0], sorted(keep[0]), sorted(keep[1])
    (False, [1], [2])
    """

    def __init__(self, cells: Sequence[int], cand: Cand, possible: Possible) -> None:
        self.cells, self.cand, self.possible = tuple(cells), cand, possible
        self.tried: dict[tuple[int, int], bool] = {}

    def holds(self, c: int, d: int) -> bool:
        """Whether ``c`` keeps ``d``."""
        if (c, d) not in self.tried:
            self.tried[c, d] = d in self.cand[c] and self.possible({**self.cand, c: {d}})
        return self.tried[c, d]

    def __getitem__(self, c: int) -> AbstractSet[int]:
        if c not in self.cells:
            raise KeyError(c)
        return _Kept(self, c)

    def __contains__(self, c: object) -> bool:
        return c in self.cells

    def __iter__(self) -> Iterator[int]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)


class _Kept(AbstractSet[int]):
    """The digits one cell of a :class:`KeepByTrial` keeps, tried as asked."""

    def __init__(self, keep: KeepByTrial, cell: int) -> None:
        self.keep, self.cell = keep, cell

    def __contains__(self, d: object) -> bool:
        return isinstance(d, int) and self.keep.holds(self.cell, d)

    def __iter__(self) -> Iterator[int]:
        return (d for d in sorted(self.keep.cand[self.cell]) if self.keep.holds(self.cell, d))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def side_name(board: Board, row: int, col: int) -> str:
    """``the left of row 3``: where an outside clue at 0-based (``row``, ``col``) stands.

    >>> side_name(Board.classic(9), 2, -1), side_name(Board.classic(9), 9, 4)
    ('the left of row 3', 'the bottom of column 5')
    """
    n = board.n
    if col in (-1, n):
        return f"the {'left' if col < 0 else 'right'} of row {row + 1}"
    return f"the {'top' if row < 0 else 'bottom'} of column {col + 1}"


def sum_of(board: Board, cells: Sequence[int]) -> str:
    """``r1c2+r1c3``, or ``r1c2+…+r1c6`` for more than three cells."""
    shown = cells if len(cells) <= 3 else [cells[0], cells[-1]]
    return ("+" if len(cells) <= 3 else "+…+").join(board.cell_name(i) for i in shown)


# -- X-sums --------------------------------------------------------------------------------
def x_sum_ways(n: int, line: Sequence[int], total: int, cand: Cand
               ) -> list[tuple[int, list[tuple[int, ...]]]]:
    """For each first digit X left: the sets of X−1 other digits adding up to ``total`` − X
    that the next X−1 cells can take, the rest of the line taking the digits left over."""
    ways = []
    for x in sorted(cand[line[0]]):
        if x > len(line):
            continue
        others = [d for d in range(1, n + 1) if d != x]
        inner, outer = line[1:x], line[x:]
        ways.append((x, [s for s in combinations(others, x - 1) if sum(s) == total - x
                         and matches(inner, s, cand)
                         and matches(outer, sorted(set(others) - set(s)), cand)]))
    return ways


def x_sum_keep(n: int, line: Sequence[int], total: int, cand: Cand
               ) -> Mapping[int, AbstractSet[int]]:
    """The digits each cell of an X-sum's line keeps."""
    return KeepByTrial(line, cand, lambda c: any(s for _, s in x_sum_ways(n, line, total, c)))


def x_sum_text(board: Board, line: Sequence[int], total: int, cand: Cand) -> str:
    """``r3c1 is 3, so r3c1+r3c2+r3c3 = 17 and r3c2+r3c3 = 17 − 3 = 14 = {5+9} or {6+8}``:
    each first digit X left and what it leaves the next X−1 cells; the X that cannot make
    the sum, by the least and the most X different digits starting with X add up to."""
    first = board.cell_name(line[0])
    ways = x_sum_ways(board.n, line, total, cand)
    if not ways:
        return f"the first X digits add up to {total}, X being {first}, which has no X left; "
    if len(ways) == 1:
        x, sets = ways[0]
        head = f"{first} is {x}, so {sum_of(board, line[:x])} = {total}"
        if x == 1:
            return head + "; "
        return head + f" and {_rest(board, line, x, total, sets, cand)}; " + "".join(
            _only(board, line[1:x], sets, cand))
    fit = [(x, sets) for x, sets in ways if sets]
    said = ([f"X = {x}: " + (_rest(board, line, x, total, sets, cand) if x > 1 else
                              f"{first} alone makes 1") for x, sets in fit]
            if len(fit) <= MOST_LISTED else [f"X = {spans([x for x, _ in fit])} fit"])
    said += _misses(board.n, [x for x, sets in ways if not sets], total)
    return f"the first X digits add up to {total}, X being {first}: {'; '.join(said)}; "


def _misses(n: int, xs: Sequence[int], total: int) -> list[str]:
    """Why each first digit X of ``xs`` makes no sum: X and the X−1 greatest other digits
    fall short, X and the X−1 least overshoot, or the digits left fit no set."""
    def most(x: int) -> list[int]:
        return [x, *sorted((d for d in range(1, n + 1) if d != x), reverse=True)[:x - 1]]

    def least(x: int) -> list[int]:
        return [x, *[d for d in range(1, n + 1) if d != x][:x - 1]]
    short = [x for x in xs if sum(most(x)) < total]
    over = [x for x in xs if sum(least(x)) > total]
    rest = [x for x in xs if x not in short and x not in over]
    out = []
    if short:
        out.append(f"X = {spans(short)} {_verb(short, 'fall')} short "
                   f"({_plus(most(max(short)), 'at most')})")
    if over:
        out.append(f"X = {spans(over)} {_verb(over, 'overshoot')} "
                   f"({_plus(least(min(over)), 'at least')})")
    if rest:
        out.append(f"X = {spans(rest)} leave{'s' if len(rest) == 1 else ''} no set that "
                   "the digits left can take")
    return out


def _only(board: Board, cells: Sequence[int], sets: Sequence[tuple[int, ...]],
          cand: Cand) -> list[str]:
    """``every set holds a 3, which only r1c7 can take; ``: each open cell that alone can
    take a digit every set holds."""
    common = set.intersection(*map(set, sets)) if sets else set()
    out = []
    for d in sorted(common):
        room = [c for c in cells if d in cand[c]]
        if len(room) == 1 and len(cand[room[0]]) > 1:
            out.append(f"every set holds a {d}, which only {board.cell_name(room[0])} can "
                       "take; ")
    return out


def _plus(digits: Sequence[int], bound: str) -> str:
    """``at most 6+9+8+7+5+4 = 39``: the first X digits' greatest (or least) sum, every
    term written; ``1 alone`` for one digit.

    >>> _plus([1], "at most"), _plus([2, 9], "at most")
    ('1 alone', 'at most 2+9 = 11')
    """
    if len(digits) == 1:
        return f"{digits[0]} alone"
    return f"{bound} {'+'.join(map(str, digits))} = {sum(digits)}"


def _verb(xs: Sequence[int], verb: str) -> str:
    """``falls`` for one X, ``fall`` for several."""
    return verb + ("s" if len(xs) == 1 else "")


def _rest(board: Board, line: Sequence[int], x: int, total: int,
          sets: Sequence[tuple[int, ...]], cand: Cand) -> str:
    """``r3c2+r3c3 = 17 − 3 = 14 = {5+9} or {6+8}``, the placed cells subtracted first."""
    inner = line[1:x]
    placed = [c for c in inner if len(cand[c]) == 1]
    open_ = [c for c in inner if c not in placed]
    text = f"{sum_of(board, inner)} = {total} − {x} = {total - x}"
    if placed and open_:
        got = {next(iter(cand[c])) for c in placed}
        fixed = ", ".join(f"{board.cell_name(c)}={next(iter(cand[c]))}" for c in placed)
        others = "the other adds" if len(open_) == 1 else "the others add"
        text += (f"; {fixed} {'is' if len(placed) == 1 else 'are'} placed, so {others} up "
                 f"to {total - x - sum(got)}")
        sets = sorted({tuple(sorted(set(s) - got)) for s in sets})
    return text + f" = {sets_text(sets) if sets else 'nothing with the digits left'}"


# -- skyscrapers ---------------------------------------------------------------------------
def skyline_keep(n: int, line: Sequence[int], seen: int, cand: Cand) -> dict[int, set[int]]:
    """The digits each cell of a full line keeps when exactly ``seen`` digits are seen
    (each a permutation of 1..n over the digits left): forward, the (digits used, digits
    seen) reachable before each cell; backward, those from which the count can end right."""
    full = (1 << n) - 1
    ahead: list[set[tuple[int, int]]] = [{(0, 0)}]
    for c in line:
        ahead.append({_after(s, d) for s in ahead[-1] for d in cand[c] if _fits(s, d)})
    back: set[tuple[int, int]] = {(full, seen)}
    keep: dict[int, set[int]] = {c: set() for c in line}
    for k in range(len(line) - 1, -1, -1):
        live = set()
        for s in ahead[k]:
            for d in cand[line[k]]:
                if _fits(s, d) and _after(s, d) in back:
                    keep[line[k]].add(d)
                    live.add(s)
        back = live
    return keep


def _fits(state: tuple[int, int], d: int) -> bool:
    return not state[0] >> (d - 1) & 1


def _after(state: tuple[int, int], d: int) -> tuple[int, int]:
    used, count = state
    return used | 1 << (d - 1), count + (d > used.bit_length())


def skyscraper_bound(n: int, line: Sequence[int], seen: int) -> dict[int, set[int]]:
    """The digits each cell may hold by the count alone: a d in the k-th cell leaves at most
    k + n − d digits seen (k up to it, then only the n − d taller ones).

    >>> skyscraper_bound(4, (0, 1, 2, 3), 3)[0]
    {1, 2}
    """
    return {c: {d for d in range(1, n + 1) if k + n - d >= seen}
            for k, c in enumerate(line, 1)}


def skyscraper_text(board: Board, line: Sequence[int], seen: int, cand: Cand,
                    struck: Sequence[tuple[int, int]] = (), shown: Sequence[int] = ()) -> str:
    """``a digit d in the k-th cell leaves at most k + 9 − d seen: r1c3=8 at most 1+9−8 = 2``
    for the ``struck`` (cell, digit) the bound rules out; else where the n can go and what
    the cells ``shown`` keep with the digits left."""
    n = board.n
    head = f"{seen} digit{'s are' if seen > 1 else ' is'} seen (each taller than all before it)"
    at = {c: k for k, c in enumerate(line, 1)}
    if struck:
        said = ", ".join(f"{board.cell_name(c)}={d} at most {at[c]}+{n}−{d} = {at[c] + n - d}"
                         for c, d in struck)
        return (f"{head}; a digit d in the k-th cell from the clue leaves at most k + {n} − d "
                f"seen (k up to it, then only taller digits): {said}; ")
    keep = skyline_keep(n, line, seen, cand)
    tops = [c for c in line if n in keep[c]]
    if not tops:
        return f"{head}; no order of the digits left shows that many; "
    where = (f" the {n} can only be at {names(board, tops)}, and"
             if len(tops) < sum(n in cand[c] for c in line) else "")
    kept = ", ".join(keeps(board, c, keep[c]) for c in shown)
    return f"{head}; with the digits left{where} {kept}; "


# -- double arrows and arrows: two sides adding up alike ------------------------------------
def sum_ways(left: Sequence[int], right: Sequence[int], cand: Cand,
             apart: Sequence[tuple[int, int]]) -> list[tuple[int, ...]] | None:
    """Every filling of ``left`` then ``right`` with the digits left where both add up
    alike (the ends and the middle of a double arrow; an arrow's circle and its line), the
    cells of each pair of ``apart`` different; None when there are too many.

    >>> sum_ways((0,), (1, 2), {0: {3}, 1: {1, 2}, 2: {1, 2}}, [(1, 2)])
    [(3, 1, 2), (3, 2, 1)]
    """
    cells = (*left, *right)
    spot = {c: k for k, c in enumerate(cells)}
    ways: list[tuple[int, ...]] = []
    for total in range(len(left), len(left) * max(max(cand[c]) for c in left) + 1):
        one = fillings(left, [], apart_of(left, apart), cand, total)
        other = fillings(right, [], apart_of(right, apart), cand, total)
        if one is None or other is None:
            return None
        ways += [(*a, *b) for a in one for b in other
                 if all((*a, *b)[spot[x]] != (*a, *b)[spot[y]] for x, y in apart)]
    return ways


def apart_of(cells: Sequence[int], apart: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pairs of ``apart`` within ``cells``."""
    return [(a, b) for a, b in apart if a in cells and b in cells]


def sum_text(board: Board, left: Sequence[int], right: Sequence[int],
             ways: Sequence[tuple[int, ...]], shared: Sequence[str]) -> str:
    """``r2c9+r1c8 = r1c9 (digits may repeat): with the digits left, 2+3 = 5 or 2+4 = 6``:
    the fillings of two sides adding up alike (or, when many, the totals they can make and
    the digits each cell keeps)."""
    k = len(left)
    rule = (f"{sum_of(board, left)} = {sum_of(board, right)}"
            + repeat_note(board, (*left, *right), shared))
    if not ways:
        return f"{rule}: with the digits left nothing fits; "
    if len(ways) <= MOST_LISTED:
        listed = " or ".join(f"{'+'.join(map(str, w[:k]))} = {'+'.join(map(str, w[k:]))}"
                             for w in ways)
        return f"{rule}: with the digits left, {listed}; "
    kept = ", ".join(keeps(board, c, {w[i] for w in ways}) for i, c in enumerate((*left, *right)))
    totals = {sum(w[k:]) for w in ways}
    return (f"{rule}: with the digits left both sides add up to {spans(totals)}, and {kept}; "
            if len(totals) > 2 else f"{rule}: with the digits left, {kept}; ")


def keep_of(cells: Sequence[int], ways: Sequence[tuple[int, ...]]) -> dict[int, set[int]]:
    """The digits the fillings ``ways`` put in each of ``cells``."""
    return {c: {w[k] for w in ways} for k, c in enumerate(cells)}


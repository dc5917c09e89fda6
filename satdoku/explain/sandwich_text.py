"""The arithmetic of sandwich clues for the teach level, in the manner of
:mod:`.variant_text`: where the 1 and the n of a row or column can go with the digits left
(``cand``) and the digit sets between them; and :func:`sets_text`, the digit sets of any
sum listed in full.

Glossary: a *line* is the clue's whole row or column; the *middle* digits are 2..n−1.

>>> sandwich_fits(4, (0, 1, 2, 3), 5, {0: {1}, 1: {4}, 2: {2, 3}, 3: {2, 3}})
False
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from satdoku.board import Board
from satdoku.explain.variant_text import MOST_LISTED, Cand, names


def matches(cells: Sequence[int], digits: Sequence[int], cand: Cand) -> bool:
    """Whether ``cells`` can take the distinct ``digits`` (as many), each a digit left."""
    def place(k: int, free: frozenset[int]) -> bool:
        return k == len(cells) or any(place(k + 1, free - {d})
                                      for d in free & cand[cells[k]])
    return len(cells) == len(digits) and place(0, frozenset(digits))


def sandwich_ways(n: int, line: Sequence[int], total: int, cand: Cand
                  ) -> list[tuple[int, int, list[tuple[int, ...]]]]:
    """Where the 1 and the n of a line (every digit once) can go with the digits left:
    (position of the 1, position of the n, the digit sets between them), every set of
    2..n−1 adding up to ``total`` that its cells and the cells outside can take."""
    ways = [(a, b, list(sets)) for a, b, sets in _sandwich_sets(n, line, total, cand)]
    return [w for w in ways if w[2]]


def sandwich_fits(n: int, line: Sequence[int], total: int, cand: Cand) -> bool:
    """Whether the 1 and the n of a line can go anywhere with the digits left (the first
    way found is enough).

    >>> sandwich_fits(4, (0, 1, 2, 3), 5, {0: {1}, 1: {4}, 2: {2, 3}, 3: {2, 3}})
    False
    """
    return any(next(sets, None) is not None for _, _, sets in _sandwich_sets(n, line, total,
                                                                             cand))


def _sandwich_sets(n: int, line: Sequence[int], total: int, cand: Cand
                   ) -> Iterator[tuple[int, int, Iterator[tuple[int, ...]]]]:
    """Per placement of the 1 (position a) and the n (position b) left: the digit sets
    between them, lazily."""
    middle = range(2, n)
    for a, b in product(range(len(line)), repeat=2):
        if a == b or 1 not in cand[line[a]] or n not in cand[line[b]]:
            continue
        lo, hi = min(a, b), max(a, b)
        inner = line[lo + 1:hi]
        outer = [line[k] for k in range(len(line)) if k not in (a, b) and not lo < k < hi]
        yield a, b, (s for s in combinations(middle, len(inner)) if sum(s) == total
                     and matches(inner, s, cand)
                     and matches(outer, sorted(set(middle) - set(s)), cand))


def sets_text(sets: Sequence[tuple[int, ...]]) -> str:
    """``{2+3} or {1+4}``: every digit set, counted first when there are more than 3 (the
    teach level never writes "and 3 more").

    >>> sets_text([(1, 4), (2, 3)]), sets_text([(1,), (2,), (3,), (4,)])
    ('{1+4} or {2+3}', 'one of 4 sets, {1} or {2} or {3} or {4}')
    """
    shown = " or ".join("{" + "+".join(map(str, s)) + "}" if s else "nothing" for s in sets)
    return f"one of {len(sets)} sets, {shown}" if len(sets) > 3 else shown


def line_name(board: Board, line: Sequence[int]) -> str:
    """``column 1`` for a whole row or column, else its cells.

    >>> line_name(Board.classic(4), (0, 4, 8, 12)), line_name(Board.classic(4), (0, 1))
    ('column 1', 'r1c1, r1c2')
    """
    n = board.n
    if len(line) == n and len({i // n for i in line}) == 1:
        return f"row {line[0] // n + 1}"
    if len(line) == n and len({i % n for i in line}) == 1:
        return f"column {line[0] % n + 1}"
    return names(board, line)


def sandwich_text(board: Board, line: Sequence[int], total: int, cand: Cand) -> str:
    """``the digits between the 1 and the 9 of column 1 add up to 27; with the digits left
    the 1 and the 9 can only go …``: every placement of the 1 and the n left, with the
    digit sets between them (or, when there are many, the cells each can take)."""
    n = board.n
    ways = sandwich_ways(n, line, total, cand)
    head = (f"the digits between the 1 and the {n} of {line_name(board, line)} add up to "
            f"{total}; with the digits left ")
    if not ways:
        return head + f"the 1 and the {n} fit nowhere; "
    rest = "the other cells hold the digits left over; "
    if len(ways) <= MOST_LISTED:
        listed = "; ".join(f"1 at {board.cell_name(line[a])} and {n} at "
                           f"{board.cell_name(line[b])}" + (
                               f" with {sets_text(sets)} between" if total else "")
                           for a, b, sets in ways)
        return head + f"the 1 and the {n} can only go: {listed}; {rest}"
    ones = sorted({a for a, _, _ in ways})
    tops = sorted({b for _, b, _ in ways})
    gaps = sorted({abs(a - b) - 1 for a, b, _ in ways})
    sets = sorted({s for _, _, ss in ways for s in ss}, key=lambda s: (len(s), s))
    where = (f"the 1 can only be at {names(board, [line[a] for a in ones])}, the {n} at "
             f"{names(board, [line[b] for b in tops])}")
    if not total:
        return head + f"{where}, side by side; "
    return (head + f"{where}, with {' or '.join(map(str, gaps))} cells between them "
            f"holding {sets_text(sets)}; {rest}")

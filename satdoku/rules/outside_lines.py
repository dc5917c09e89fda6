"""What outside clues mean: the cells a clue reads, the values it can take, and checkers.

Glossary (as in :mod:`.outside`): a *clue cell* is just outside the grid, 0-based row or
column -1 or n; a *line* is the row or column a clue names, read from the clue's side; a
*diagonal* runs from one step beyond the clue cell in a direction ``UL``, ``UR``, ``DL`` or
``DR`` to the grid's edge; a digit is *seen* when it exceeds every digit before it.

The checkers are plain Python over a line's digits (0 = blank), written from the
definitions. Each returns None, or what is wrong and how many leading cells of the line that
concerns, once no way of filling the blanks can put it right.

>>> sandwich_problem(4, [1, 2, 4, 3], 3)
(4, 'the digits between the 1 and the 4 add up to 2, not 3')
>>> skyscraper_problem(4, [2, 4, 0, 0], 1)     # 2 and 4 are seen, whatever follows
(2, '2 digits are seen, not 1')
>>> x_sum_problem(4, [3, 1, 0, 0], 7) is None    # the first 3 digits are not known yet
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.json_values import outside_name
from satdoku.rules.sums import spans as compact_spans

#: Direction name → (row step, column step): the diagonals of little killers, and the way a
#: row or column is read from its clue (the ``style`` of the markings, for the renderer).
STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1),
         "U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
DIAGONALS = ("UL", "UR", "DL", "DR")


def check_outside(board: Board, row: int, col: int) -> None:
    """RuleError unless the 0-based (row, col) is a cell just outside the grid."""
    n, name = board.n, outside_name(row, col)
    if 0 <= row < n and 0 <= col < n:
        raise RuleError(f"{name} is inside the grid; a clue outside it is in row 0 or {n + 1}, "
                        f"or column 0 or {n + 1}")
    if not (-1 <= row <= n and -1 <= col <= n):
        raise RuleError(f"{name} is not next to the {n}x{n} grid (rows and columns 0..{n + 1})")


def line_direction(board: Board, row: int, col: int) -> str:
    """The way a row or column is read from its clue cell (a corner names neither).

    >>> line_direction(Board.classic(9), -1, 2), line_direction(Board.classic(9), 4, 9)
    ('D', 'L')
    """
    check_outside(board, row, col)
    n = board.n
    sides = [d for d, hit in (("D", row == -1), ("U", row == n), ("R", col == -1),
                              ("L", col == n)) if hit]
    if len(sides) != 1:
        raise RuleError(f"{outside_name(row, col)} is a corner: a clue names a row from column "
                        f"0 or {n + 1}, or a column from row 0 or {n + 1}")
    return sides[0]


def ray(board: Board, row: int, col: int, direction: str) -> tuple[int, ...]:
    """The cells met stepping ``direction`` from the clue cell (row, col) to the grid's edge.

    >>> ray(Board.classic(4), -1, -1, "DR"), ray(Board.classic(4), 1, 4, "L")  # r0c0, r2c5
    ((0, 5, 10, 15), (7, 6, 5, 4))
    """
    check_outside(board, row, col)
    n, (dr, dc) = board.n, STEPS[direction]
    cells, r, c = [], row + dr, col + dc
    while 0 <= r < n and 0 <= c < n:
        cells.append(r * n + c)
        r, c = r + dr, c + dc
    if not cells:
        raise RuleError(f"going {direction} from {outside_name(row, col)} does not enter the "
                        "grid")
    return tuple(cells)


def spans(values: Sequence[int]) -> str:
    """Sorted ints as short text for messages.

    >>> spans([0, 2, 3, 4, 6])
    '0, 2..4, 6'
    """
    return compact_spans(values, ", ")


def _bits(mask: int) -> list[int]:
    return [k for k in range(mask.bit_length()) if mask >> k & 1]


@cache
def sandwich_sums(n: int) -> tuple[int, ...]:
    """Every sandwich sum on an n×n board: sums of distinct digits 2..n-1 (0 for none).

    >>> spans(sandwich_sums(9))
    '0, 2..33, 35'
    """
    mask = 1
    for d in range(2, n):
        mask |= mask << d
    return tuple(_bits(mask)) if n >= 2 else ()


#: Beyond this size the X-sums a reader accepts are checked by range only (see x_sums).
EXACT_X_SUMS = 36


@cache
def x_sums(n: int) -> tuple[int, ...]:
    """Every X-sum on an n×n board: X plus X-1 distinct digits other than X (exact up to
    :data:`EXACT_X_SUMS`; beyond, every sum from 1 to n(n+1)/2, an impossible one then making
    the puzzle unsolvable rather than an error).

    >>> spans(x_sums(4))
    '1, 3, 5..6, 8..10'
    """
    if n > EXACT_X_SUMS:
        return tuple(range(1, n * (n + 1) // 2 + 1))
    found = 0
    for x in range(1, n + 1):
        reach = [1] + [0] * (x - 1)  # reach[k]: bit t when k digits other than x sum to t
        for d in range(1, n + 1):
            if d != x:
                for k in range(x - 1, 0, -1):
                    reach[k] |= reach[k - 1] << d
        found |= reach[x - 1] << x
    return tuple(_bits(found))


# -- the checkers: plain Python over a line's digits (0 = blank) --------------------------------
#: A checker's verdict: (how many leading cells of the line it concerns, what is wrong).
Problem = tuple[int, str] | None


def sandwich_problem(n: int, digits: Sequence[int], total: int) -> Problem:
    """What is wrong with a sandwich clue of ``total`` over ``digits``, if it is settled."""
    ones = [k for k, d in enumerate(digits) if d == 1]
    tops = [k for k, d in enumerate(digits) if d == n]
    if len(ones) == 1 and len(tops) == 1:
        a, b = sorted((ones[0], tops[0]))
        inner = digits[a + 1:b]
        if all(inner) and sum(inner) != total:
            return len(digits), (f"the digits between the 1 and the {n} add up to "
                                 f"{sum(inner)}, not {total}")
    elif all(digits):
        return len(digits), f"no sandwich: the line needs one 1 and one {n}"
    return None


def x_sum_problem(n: int, digits: Sequence[int], total: int) -> Problem:
    """What is wrong with an X-sum clue of ``total`` over ``digits``, if it is settled."""
    first = digits[:digits[0]]
    if first and all(first) and sum(first) != total:
        return len(first), f"the first {len(first)} digits add up to {sum(first)}, not {total}"
    return None


def skyscraper_problem(n: int, digits: Sequence[int], seen: int) -> Problem:
    """What is wrong with a skyscraper clue over ``digits``, if it is settled: the digits
    before the first blank or the n (nothing after the n is seen) are seen already."""
    count, tallest, length = 0, 0, 0
    for d in digits:
        if not d:
            break
        length += 1
        if d > tallest:
            count, tallest = count + 1, d
        if d == n:
            break
    done = length == len(digits) or tallest == n
    if count > seen or (done and count != seen):
        return length, f"{count} digits are seen, not {seen}"
    return None


def little_killer_problem(n: int, digits: Sequence[int], total: int) -> Problem:
    """What is wrong with a little killer of ``total`` over ``digits``, if it is settled."""
    placed, blanks = sum(digits), digits.count(0)
    if blanks == 0 and placed != total:
        return len(digits), f"the diagonal adds up to {placed}, not {total}"
    if placed + blanks > total or placed + n * blanks < total:
        return len(digits), f"the diagonal can no longer add up to {total}"
    return None



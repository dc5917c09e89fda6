"""CNF of the clues outside the grid: sandwiches, X-sums and skyscrapers (see :mod:`.outside`).

Glossary: a *line* is a row or column read from the clue's side, ``cells[0]`` nearest the
clue; a *digit set* is a set of distinct digits that can fill some cells (killer-cage style);
a *guard* is a literal under which a requirement holds (``None``: always).

- :func:`require_digit_set` — guard → the cells hold exactly one of the given digit sets:
  the digit-set encoding of :mod:`.cages`, with a guard. Rows and columns are rules of every
  board, so the digits of a line are distinct and sandwiches and X-sums are sums of distinct
  digits, where this encoding is strong (a digit leaves the cells as soon as every set
  holding it is ruled out; a digit that every remaining set needs is placed).
- :func:`encode_sandwich` — for each pair of positions (a, b) of the 1 and the n, a guard
  "1 and n at a and b" → the cells strictly between hold a digit set of 2..n-1 adding up to
  the sum; a pair that no set fits is forbidden outright (two binary clauses).
- :func:`encode_x_sum` — for each first digit X, ``v(first, X)`` → the rest of the first X
  cells hold a digit set of the other digits adding up to sum − X; an X that none fits is
  removed (a unit clause).
- :func:`encode_skyscraper` — the line read by an automaton over (tallest so far, digits
  seen), :func:`encode_reading`: a variable per live state and per transition (Bacchus'
  encoding of the *regular* constraint, on which unit propagation removes every digit that no
  accepted reading uses).

Big boards: when the digit sets of some requirement are too many to list (more than
:data:`MAX_SETS`), a sandwich reads its line with an automaton over partial sums instead
(:func:`sandwich_step`), and an X-sum requires a weighted sum of its cells for each X
(:func:`satdoku.rules.sums.require_sum`); both grow with the sum, not with the number of sets.
docs/variants-outside.md compares each choice with the other (scripts/bench_outside.py).

>>> from cnf import Formula
>>> from satdoku.board import Board
>>> f = Formula(reserved=64)
>>> encode_x_sum(Board.classic(4), f, (0, 1, 2, 3), 3)  # r1c1..r1c4 from the left: 3 = 2 + 1
>>> sorted(c for c in f.clauses if len(c) == 1)      # so r1c1 is not 1, 3 or 4
[[-4], [-3], [-1]]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from typing import Any

from cnf import Formula, at_least_one
from satdoku.board import Board
from satdoku.rules.base import cell_var
from satdoku.rules.cages import combinations
from satdoku.rules.sums import require_sum, sum_name

#: Above this many digit sets, a sum is encoded by :mod:`.sums` instead.
MAX_SETS = 600
#: Digit sets are listed only when choosing the cells' digits from 1..n has at most this many
#: ways (every C(n, k) on boards up to 16x16, short runs on bigger ones).
MAX_LISTED = 20_000


def digit_sets(n: int, digits: Collection[int], size: int,
               total: int) -> list[tuple[int, ...]] | None:
    """The sets of ``size`` distinct ``digits`` (of 1..n) adding up to ``total``; None when
    there may be more than :data:`MAX_SETS` (then a weighted sum is the better encoding).

    >>> digit_sets(9, range(2, 9), 2, 10), digit_sets(9, range(2, 9), 1, 10)
    ([(2, 8), (3, 7), (4, 6)], [])
    >>> digit_sets(25, range(1, 26), 12, 150) is None
    True
    """
    if total < 0 or math.comb(n, size) > MAX_LISTED:
        return None if total >= 0 else []
    allowed = set(digits)
    sets = [s for s in combinations(n, size, total) if allowed.issuperset(s)]
    return sets if len(sets) <= MAX_SETS else None


def _names(board: Board, cells: Sequence[int]) -> str:
    return ",".join(board.cell_name(i) for i in sorted(cells))


def _ends(board: Board, cells: Sequence[int]) -> str:
    return f"{board.cell_name(cells[0])}..{board.cell_name(cells[-1])}"


def require_digit_set(board: Board, formula: Formula, cells: Sequence[int],
                      sets: Sequence[tuple[int, ...]], guard: int | None) -> None:
    """Add: ``guard`` → the (distinct) digits of ``cells`` are exactly one of ``sets``.

    ``p_d`` ↔ "d is in the cells" and a selector ``y_S`` per set, with ``y_S → p_d`` (d in S),
    ``y_S → ¬p_d`` (other digits of any set), guard → some ``y_S``, guard ∧ ``p_d`` → some
    ``y_S`` holding d, and guard → no cell holds a digit of no set. Variables are named after
    the cells (sorted), so clues over the same cells share them: each one's clauses hold when
    ``p_d`` and ``y_S`` mean what their names say, whatever the guards.
    """
    when = [] if guard is None else [-guard]
    if not sets:
        formula.add(when)
        return
    used = sorted({d for s in sets for d in s})
    formula.extend([*when, -cell_var(board, i, d)] for i in cells
                   for d in range(1, board.n + 1) if d not in used)
    if not cells:
        return
    label = f"outside: {_names(board, cells)}"
    present = {d: formula.var(f"{label} has {d}") for d in used}
    chosen = [formula.var(f"{label} is {'+'.join(map(str, s))}") for s in sets]
    for d, p in present.items():
        formula.extend([-cell_var(board, i, d), p] for i in cells)
        formula.add([-p, *(cell_var(board, i, d) for i in cells)])
        formula.add([*when, -p, *(y for y, s in zip(chosen, sets, strict=True) if d in s)])
    for y, s in zip(chosen, sets, strict=True):
        formula.extend([-y, p if d in s else -p] for d, p in present.items())
    formula.add([*when, *chosen])


def _require_sum(board: Board, formula: Formula, cells: Sequence[int],
                 digits: Collection[int], total: int, guard: int | None) -> None:
    """guard → the cells (distinct digits, all from ``digits``) add up to ``total``: by digit
    sets when there are few, else by the shared weighted-sum encoding."""
    sets = digit_sets(board.n, digits, len(cells), total)
    if sets is not None:
        require_digit_set(board, formula, cells, sets, guard)
        return
    when = [] if guard is None else [-guard]
    formula.extend([*when, -cell_var(board, i, d)] for i in cells
                   for d in range(1, board.n + 1) if d not in digits)
    require_sum(board, formula, [(i, 1) for i in cells], [total],
                sum_name(board, [(i, 1) for i in sorted(cells)]), guard=guard)


def encode_sandwich(board: Board, formula: Formula, cells: Sequence[int], total: int) -> None:
    """The digits strictly between the 1 and the n of ``cells`` add up to ``total``: by the
    digit sets of each stretch between two positions when all can be listed, else by reading
    the line (:func:`sandwich_step`)."""
    n, middle = board.n, range(2, board.n)
    sets = {k: digit_sets(n, middle, k, total) for k in range(len(cells) - 1)}
    if None in sets.values():
        edges = live_transitions(n, len(cells), "before", sandwich_step(n, total),
                                 lambda s: s == "after")
        encode_reading(board, formula, cells, edges, f"outside: sandwich {_ends(board, cells)} "
                                                     f"{total}")
        return
    for a in range(len(cells)):
        for b in range(a + 1, len(cells)):
            ends = [(cell_var(board, cells[a], x), cell_var(board, cells[b], y))
                    for x, y in ((1, n), (n, 1))]
            inner = cells[a + 1:b]
            if sets[len(inner)] == []:
                formula.extend([-x, -y] for x, y in ends)
            elif inner:
                guard = formula.var(f"outside: 1 and {n} at {_names(board, (cells[a], cells[b]))}")
                formula.extend([-x, -y, guard] for x, y in ends)
                require_digit_set(board, formula, inner, sets[len(inner)] or (), guard)


def encode_x_sum(board: Board, formula: Formula, cells: Sequence[int], total: int) -> None:
    """The first digit X of ``cells``, and the first X digits add up to ``total``."""
    n = board.n
    for x in range(1, n + 1):
        first = cell_var(board, cells[0], x)
        others = [d for d in range(1, n + 1) if d != x]
        if (total != 1) if x == 1 else digit_sets(n, others, x - 1, total - x) == []:
            formula.add([-first])
        elif x > 1:
            _require_sum(board, formula, cells[1:x], others, total - x, first)


State = Any  # hashable
#: (position k in the line, state before it, digit there) → the state after it, or None.
Step = Callable[[int, State, int], "State | None"]


def live_transitions(n: int, length: int, start: State, step: Step,
                     accept: Callable[[State], bool]) -> list[list[tuple[State, int, State]]]:
    """Per position of a line, the transitions (state, digit, next state) that lie on some
    reading from ``start`` over ``length`` digits 1..n ending in an accepted state.

    >>> live_transitions(3, 3, (0, 0), skyline_step(3), lambda s: s == (3, 3))
    [[((0, 0), 1, (1, 1))], [((1, 1), 2, (2, 2))], [((2, 2), 3, (3, 3))]]
    """
    edges: list[list[tuple[State, int, State]]] = []
    states: dict[State, None] = {start: None}  # (dicts, not sets: a fixed variable order)
    for k in range(length):
        edges.append([(s, d, t) for s in states for d in range(1, n + 1)
                      if (t := step(k, s, d)) is not None])
        states = dict.fromkeys(t for _, _, t in edges[-1])
    alive = {s for s in states if accept(s)}
    for k in reversed(range(length)):
        edges[k] = [e for e in edges[k] if e[2] in alive]
        alive = {s for s, _, _ in edges[k]}
    return edges


def encode_reading(board: Board, formula: Formula, cells: Sequence[int],
                   edges: list[list[tuple[State, int, State]]], label: str) -> None:
    """Reading ``cells`` in order follows one of the ``edges`` (from :func:`live_transitions`)
    at every position: Bacchus' encoding of the regular constraint, on which unit propagation
    removes every digit that no accepted reading uses.

    A variable q(k, s) per live state after cell k and t per transition (at the first cell,
    the digit variable itself), with t → its digit, t → its states before and after, and
    q(k−1, s) ∧ digit → t; each state needs an incoming transition and, before the last cell,
    an outgoing one; each digit of a cell needs a transition reading it (else it is removed);
    some state holds after each cell.
    """
    previous: dict[State, int] = {}  # (none before the first cell)
    for k, cell in enumerate(cells):
        state = {t: formula.var(f"{label} after {k + 1}: {t}")
                 for t in dict.fromkeys(t for _, _, t in edges[k])}
        incoming: dict[State, list[int]] = {t: [] for t in state}
        outgoing: dict[State, list[int]] = {s: [] for s in previous}
        reading: dict[int, list[int]] = {d: [] for d in range(1, board.n + 1)}
        for s, d, t in edges[k]:
            v = cell_var(board, cell, d)
            if k == 0:
                formula.add([-v, state[t]])
                reading[d].append(v)
            else:
                move = formula.var(f"{label} cell {k + 1}: {s} reads {d}")
                formula.extend([[-move, v], [-move, previous[s]], [-move, state[t]],
                                [-previous[s], -v, move]])
                reading[d].append(move)
                outgoing[s].append(move)
            incoming[t].append(reading[d][-1])
        formula.extend([-q, *outgoing[s]] for s, q in previous.items())
        formula.extend([-q, *incoming[t]] for t, q in state.items())
        formula.extend([-cell_var(board, cell, d), *ts] for d, ts in reading.items()
                       if ts != [cell_var(board, cell, d)])
        at_least_one(formula, list(state.values()))
        previous = state


def skyline_step(seen: int) -> Step:
    """Skyscrapers, in states (tallest so far, digits seen): a digit above the tallest is
    seen. Distinct digits prune: after k+1 of them the tallest is at least k+1, and no digit
    equals the tallest."""
    def step(k: int, state: State, d: int) -> State | None:
        top, count = state
        after = (d, count + 1) if d > top else (top, count)
        return None if d == top or after[0] < k + 1 or after[1] > seen else after
    return step


def encode_skyscraper(board: Board, formula: Formula, cells: Sequence[int], seen: int) -> None:
    """Reading ``cells`` in order, exactly ``seen`` digits exceed every digit before them."""
    n = board.n
    edges = live_transitions(n, len(cells), (0, 0), skyline_step(seen),
                             lambda s: s == (n, seen))
    encode_reading(board, formula, cells, edges, f"outside: skyline {_ends(board, cells)} {seen}")


def sandwich_step(n: int, total: int) -> Step:
    """Sandwiches, in states "before" (no 1 or n yet), partial sums (inside) and "after".
    Distinct digits let the inside forget which end opened it: the next 1 or n closes it."""
    def step(k: int, state: State, d: int) -> State | None:
        end = d in (1, n)
        if state == "before":
            return 0 if end else state
        if state == "after":
            return None if end else state
        if end:
            return "after" if state == total else None
        return state + d if state + d <= total else None
    return step

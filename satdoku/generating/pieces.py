"""Drawn pieces made unique without givens: add pieces that a second solution breaks, then
drop the pieces the puzzle does not need.

Every piece (a thermo, an arrow, a dot, an XV sign: :mod:`satdoku.generating.drawing`) sits behind
its own selector in one incremental session (:class:`~satdoku.solving.guarded.GuardedSession`), with
the grid S blocked, so "do these pieces leave S as the only solution?" is one call under
their selectors. While a second solution S2 comes back, a new piece is drawn through a cell
where S2 differs from S, one that S2 breaks (so S2 cannot come back); a test that runs out
of its budget adds a random piece (:func:`add_until_unique`). Once the puzzle is unique (with
the givens it keeps when pieces alone could not make it so), each piece in turn (random
order) is dropped when the puzzle stays unique without it (:func:`drop_redundant`): no piece
left is redundant, and the givens stay needed (fewer pieces make a weaker puzzle, so a given
that could not go still cannot). (Keeping the second solutions met on the way, to show a
piece needed without a call, saved 1.6 of 33 calls per 9x9 puzzle: not done.) Almost every
drop test is SAT and costs ~10 ms at 9x9 (a second solution of a puzzle with no givens); a
drop test that runs out of its budget keeps its piece, and the puzzle is then not proven
minimal.

Adding fails (not unique) when no piece of the kinds asked for breaks S2 (every mark is
drawn already, no line through the cells S2 changes fits), or the deadline passed: the
generator then keeps givens.

Glossary: *pieces* as in :mod:`satdoku.generating.drawing`; a piece is *redundant* when the
puzzle stays unique without it.

>>> import random
>>> from cnf import Session
>>> from satdoku.board import Board
>>> from satdoku.encoding import build
>>> from satdoku.generating.fill import random_grid
>>> from satdoku.solving.guarded import GuardedSession
>>> from satdoku.generating.drawing import Drawing
>>> board = Board.classic(6)
>>> grid = random_grid(board, seed=2)
>>> with Session(build(board)) as session:
...     guarded = GuardedSession(session, board, grid)
...     added = add_until_unique(guarded, Drawing(board, grid, random.Random(2)), ["dots",
...                              "thermos"], [], random.Random(2))
...     made = drop_redundant(guarded, added.pieces, random.Random(2))
>>> made.unique, made.undecided, len(made.pieces) <= len(added.pieces)
(True, 0, True)
>>> all(piece.holds(board, grid) for piece in made.pieces)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cnf import SolveResult
from satdoku.generating.drawing import Drawing
from satdoku.rules import Rule
from satdoku.solving.guarded import GuardedSession

#: Drop tests get this many times the removal budget (:func:`satdoku.generating.options.budget`):
#: measured at 9x9 (thermos, arrows, dots), 1,000 conflicts left 0–5 pieces per puzzle
#: undecided, 10,000 none in 8 puzzles (the hardest test took 0.08 s).
DROP_GROWTH = 10


def drop_budget(conflicts: int | None, minimal: bool, growth: int = DROP_GROWTH) -> int | None:
    """The conflicts of a drop test: ``growth`` times the removal budget; none with
    ``minimal`` (or when the removal budget is none).

    >>> drop_budget(1000, False), drop_budget(1000, True), drop_budget(None, False)
    (10000, None, None)
    """
    return None if minimal or conflicts is None else conflicts * growth


@dataclass
class Pieces:
    """The outcome: the pieces, whether they make S the only solution, and how many were
    kept because their test ran out of budget (minimality not proven)."""

    pieces: list[Rule]
    unique: bool
    undecided: int = 0


def add_until_unique(guarded: GuardedSession, drawing: Drawing, kinds: Sequence[str],
                     start: Sequence[Rule], rng: random.Random) -> Pieces:
    """Pieces of ``kinds`` added to ``start`` until S is the only solution (not unique: no
    piece left that breaks the second solution, or the deadline passed); none dropped."""
    current = list(start)
    while True:
        answer = guarded.unique(current)
        if answer is SolveResult.UNSAT:
            return Pieces(current, True)
        if guarded.expired():
            return Pieces(current, False)
        if answer is SolveResult.SAT:
            piece = drawing.against(kinds, guarded.second())
        else:  # out of budget, no second solution known: any new piece
            piece = next(filter(None, (drawing.draw(kind) for kind in
                                       rng.sample(list(kinds), len(kinds)))), None)
        if piece is None:
            return Pieces(current, False)
        drawing.take(piece)
        current.append(piece)


def drop_redundant(guarded: GuardedSession, pieces: Sequence[Rule],
                   rng: random.Random) -> Pieces:
    """Drop, in random order, each piece without which S stays the only solution (with the
    session's givens and :attr:`~GuardedSession.extra` rules; S must be the only solution
    with all ``pieces``). Each test has :attr:`~GuardedSession.drop_conflicts`; one that runs
    out keeps its piece, counted in ``undecided``."""
    order = list(pieces)
    rng.shuffle(order)
    kept, undecided = set(pieces), 0
    for piece in order:
        rest = [guarded.guard(p) for p in pieces if p in kept and p != piece]
        answer = guarded.solve(rest, guarded.drop_conflicts)
        if answer is SolveResult.UNSAT:
            kept.discard(piece)
        elif answer is SolveResult.UNKNOWN:
            undecided += 1
    return Pieces([p for p in pieces if p in kept], True, undecided)

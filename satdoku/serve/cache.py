"""What the server remembers between requests: answers, solutions, impossible candidates.

Glossary: an *exact* hit is a request whose puzzle and options equal an earlier one's — the
puzzle as satdoku reads it, so titles, colours and lines drawn for looks (the cosmetics)
never enter the key, and a cosmetic edit is answered at once. A puzzle *narrows* another
when it has the same board, at least its rules, at least its givens and at least its
eliminated candidates: its solutions are some of the other's, so a candidate no solution of
the other uses stays impossible. And any solution found earlier that the independent
checker accepts for the new puzzle is one of its solutions (a *known* one), whatever the
two puzzles have in common.

Everything is bounded: at most :data:`ANSWERS` answers, :data:`SOLUTIONS` solutions and
:data:`ZEROS` sets of impossible candidates, the oldest dropped first.

>>> from satdoku.formats import parse_puzzle
>>> wide, narrow = parse_puzzle("1... .... .... ...."), parse_puzzle("1... ..2. .... ....")
>>> narrows(narrow, wide), narrows(wide, narrow)
(True, False)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterable
from typing import Any

from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, all_rules
from satdoku.rules.checker import grid_checker

ANSWERS = 256
SOLUTIONS = 512
ZEROS = 32


def narrows(new: Puzzle, old: Puzzle) -> bool:
    """Whether every solution of ``new`` is a solution of ``old``, seen from their data."""
    if new.board != old.board or not set(old.rules) <= set(new.rules):
        return False
    if any(d and new.givens[i] != d for i, d in enumerate(old.givens)):
        return False
    return all((i, d) in new.eliminated or new.givens[i] not in (0, d)
               for i, d in old.eliminated)


class Memory:
    """Bounded answers by exact key, solutions found, impossible candidates by puzzle."""

    def __init__(self) -> None:
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        self._solutions: OrderedDict[tuple[Any, Grid], None] = OrderedDict()
        self._zeros: OrderedDict[Puzzle, frozenset[tuple[int, int]]] = OrderedDict()

    def answer(self, key: Hashable) -> Any:
        """The answer kept for ``key`` (None when there is none)."""
        if key in self._answers:
            self._answers.move_to_end(key)
            return self._answers[key]
        return None

    def keep(self, key: Hashable, answer: Any) -> None:
        _bounded(self._answers, key, answer, ANSWERS)

    def learn(self, puzzle: Puzzle, solutions: Iterable[Grid],
              impossible: Iterable[tuple[int, int]] | None = None) -> None:
        """Remember the solutions of ``puzzle`` and, when known, every candidate of its
        blank cells that no solution uses."""
        for grid in solutions:
            _bounded(self._solutions, (puzzle.board, grid), None, SOLUTIONS)
        if impossible is not None:
            _bounded(self._zeros, puzzle, frozenset(impossible), ZEROS)

    def known(self, puzzle: Puzzle) -> list[Grid]:
        """The solutions found so far that the independent checker accepts for ``puzzle``."""
        holds = grid_checker(puzzle.board, all_rules(puzzle.board, puzzle.rules))
        givens, out = puzzle.givens, puzzle.eliminated
        return [grid for board, grid in self._solutions if board == puzzle.board
                and all(g in (0, d) for g, d in zip(givens, grid, strict=True))
                and not any(grid[i] == d for i, d in out) and holds(grid)]

    def impossible(self, puzzle: Puzzle) -> set[tuple[int, int]]:
        """Candidates impossible in ``puzzle`` because they are in a puzzle it narrows."""
        found: set[tuple[int, int]] = set()
        for old, zeros in self._zeros.items():
            if narrows(puzzle, old):
                found |= {(i, d) for i, d in zeros if not puzzle.givens[i]}
        return found


def _bounded(store: OrderedDict, key: Hashable, value: Any, most: int) -> None:
    store[key] = value
    store.move_to_end(key)
    while len(store) > most:
        store.popitem(last=False)

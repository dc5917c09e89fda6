"""A puzzle: a board, its variant rules, and the givens (digits placed, candidates removed).

>>> from satdoku.board import Board
>>> p = Puzzle(Board.classic(4), givens=(1, 2, 3, 4) + (0,) * 12)
>>> p.num_givens, p.clashes()
(4, [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress

from satdoku.board import Board
from satdoku.errors import ClashError, VerificationError
from satdoku.rules import (
    Grid,
    Rule,
    Violation,
    all_rules,
    cell_var,
    completeness_violations,
    grid_literals,
)
from satdoku.rules.base import require_multigrid
from satdoku.rules.checker import grid_checker


@dataclass(frozen=True)
class Puzzle:
    """Board + rules + givens. ``eliminated`` holds (cell, digit) candidates ruled out."""

    board: Board
    givens: Grid
    rules: tuple[Rule, ...] = ()
    eliminated: frozenset[tuple[int, int]] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if len(self.givens) != self.board.num_cells:
            raise ValueError(f"{len(self.givens)} givens for a board of {self.board.num_cells} "
                             "cells")
        if self.rules and self.board.multigrid:
            require_multigrid(self.board, self.rules)

    @property
    def num_givens(self) -> int:
        return sum(1 for d in self.givens if d)

    def with_rules(self, extra: Iterable[Rule]) -> Puzzle:
        """The same puzzle with ``extra`` rules added (duplicates ignored)."""
        rules = list(self.rules)
        rules += [r for r in extra if r not in rules]
        return Puzzle(self.board, self.givens, tuple(rules), self.eliminated)

    def assumptions(self) -> list[int]:
        """The givens as literals: placed digits true, eliminated candidates false."""
        lits = grid_literals(self.board, self.givens)
        if self.eliminated:
            lits += [-cell_var(self.board, i, d) for i, d in sorted(self.eliminated)]
        return lits

    def clashes(self) -> list[Violation]:
        """Rules the givens already break, found without solving."""
        board, givens = self.board, self.givens
        found = [v for rule in all_rules(board, self.rules)
                 for v in rule.violations(board, givens)]
        found += [Violation("cells", (i,), f"digit {d} is both given and eliminated")
                  for i, d in sorted(self.eliminated) if givens[i] == d]
        return found

    def require_no_clash(self) -> None:
        """Raise :class:`ClashError` naming the clashes, if the givens clash."""
        clashes = self.clashes()
        if clashes:
            raise ClashError(clash_message(self.board, clashes))

    def verify(self, solution: Grid, holds: Callable[[Grid], bool] | None = None) -> None:
        """Check ``solution`` independently of the CNF: complete, keeps the givens, no rule broken.

        Raises :class:`VerificationError` (a satdoku bug) otherwise. The common case (all is
        well) is one fast yes/no pass; the detailed violations are computed only on failure.
        ``holds`` is this puzzle's :func:`~satdoku.rules.checker.grid_checker` when the caller
        keeps it at hand (a solver does), saving two cache look-ups per call.
        """
        board, givens = self.board, self.givens
        if holds is None:
            holds = grid_checker(board, all_rules(board, self.rules))
        # C-level: the solution's digits at the given cells are the given digits
        if (holds(solution) and list(compress(solution, givens)) == list(filter(None, givens))
                and not (self.eliminated
                         and any(solution[i] == d for i, d in self.eliminated))):
            return
        if len(solution) != board.num_cells:
            raise VerificationError(f"internal error: a solution of {len(solution)} cells "
                                    f"for a board of {board.num_cells}")
        problems = list(completeness_violations(board, solution))
        if not problems:
            problems = [Violation("givens", (i,), f"given {d} changed to {solution[i]}")
                        for i, d in enumerate(givens) if d and solution[i] != d]
            problems += [Violation("givens", (i,), f"eliminated digit {d} placed")
                         for i, d in self.eliminated if solution[i] == d]
        if not problems:
            problems = [v for rule in all_rules(board, self.rules)
                        for v in rule.violations(board, solution)]
        raise VerificationError("internal error: a solution failed independent "
                                f"verification: {problems[0].describe(board)}"
                                if problems else "internal error: a solution failed "
                                "independent verification")


def clash_message(board: Board, clashes: Sequence[Violation], most: int = 3) -> str:
    """One line naming the first ``most`` clashes and how many more there are.

    >>> b = Board.classic(4)
    >>> clash_message(b, Puzzle(b, (1, 1, 2, 2) + (0,) * 12).clashes(), most=1)
    'givens clash: rows: 1 twice in row 1 (r1c1, r1c2) (and 3 more)'
    """
    named = "; ".join(v.describe(board) for v in clashes[:most])
    more = f" (and {len(clashes) - most} more)" if len(clashes) > most else ""
    return f"givens clash: {named}{more}"

"""Covering problems compiled to CNF: choose options so that constraints are covered once.

Glossary: a *choice* (any hashable) covers some *constraints* (any hashable). A solution is a
set of choices covering each *required* constraint exactly once and each *optional* one at
most once — exact cover with Knuth's secondary items. Sudoku is this with choices
(row, column, digit) covering a cell, a row-digit, a column-digit and a box-digit; n-queens
with choices (row, column) covering a row, a column and two diagonals, the diagonals optional.

Choice k (in the order added) is the primary variable k, so enumeration is projected on the
choices and never repeats a solution whatever the at-most-one encoding adds.

>>> queens = Cover()
>>> for r in range(4):
...     for c in range(4):
...         _ = queens.add((r, c), [("row", r), ("col", c), ("diag", r + c), ("anti", r - c)])
>>> queens.optional(*[("diag", k) for k in range(7)], *[("anti", k) for k in range(-3, 4)])
>>> sorted(queens.solutions())
[[(0, 1), (1, 3), (2, 0), (3, 2)], [(0, 2), (1, 0), (2, 3), (3, 1)]]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator

from cnf.cardinality import AMO, at_most_one, exactly_one
from cnf.formula import Formula
from cnf.session import DEFAULT_BACKEND, Session


class Cover:
    """Choices, the constraints each covers, and which constraints are optional."""

    def __init__(self) -> None:
        self.choices: dict[Hashable, tuple[Hashable, ...]] = {}
        self.constraints: dict[Hashable, list[int]] = {}  # constraint → choice variables
        self.optionals: set[Hashable] = set()

    def add(self, choice: Hashable, covers: Iterable[Hashable]) -> int:
        """Add ``choice`` covering ``covers``; returns its variable."""
        if choice in self.choices:
            raise ValueError(f"choice {choice!r} added twice")
        covers = tuple(dict.fromkeys(covers))
        self.choices[choice] = covers
        var = len(self.choices)
        for constraint in covers:
            self.constraints.setdefault(constraint, []).append(var)
        return var

    def optional(self, *constraints: Hashable) -> None:
        """Mark ``constraints`` as covered at most once (the others: exactly once)."""
        self.optionals.update(constraints)

    def formula(self, amo: AMO = AMO.PAIRWISE) -> Formula:
        """The CNF: variables 1..k are the choices, auxiliaries of ``amo`` follow.

        >>> c = Cover(); c.add("a", [1]); c.add("b", [1, 2])
        1
        2
        >>> c.formula().clauses
        [[1, 2], [-1, -2], [2]]
        """
        formula = Formula(reserved=len(self.choices))
        for constraint, lits in self.constraints.items():
            formula.group("optional" if constraint in self.optionals else "required")
            if constraint in self.optionals:
                at_most_one(formula, lits, amo)
            else:
                exactly_one(formula, lits, amo)
        return formula

    def solutions(self, limit: int | None = None, amo: AMO = AMO.PAIRWISE,
                  backend: str = DEFAULT_BACKEND) -> Iterator[list[Hashable]]:
        """Yield each solution (the chosen choices, in the order added), up to ``limit``."""
        names = list(self.choices)
        with Session(self.formula(amo), backend) as session:
            for true_vars in session.enumerate(range(1, len(names) + 1), limit=limit):
                yield [names[v - 1] for v in true_vars]

    def count(self, limit: int | None = None, amo: AMO = AMO.PAIRWISE,
              backend: str = DEFAULT_BACKEND) -> int:
        """The number of solutions (at most ``limit``)."""
        return sum(1 for _ in self.solutions(limit, amo, backend))

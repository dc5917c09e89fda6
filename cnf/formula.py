"""A CNF formula: clauses over a pool of variables, some of them named.

Glossary: a *variable* is a positive int; a *literal* (Lit) is a non-zero int whose sign
says the polarity; a *clause* is a list of literals (their disjunction).

Variables ``1..reserved`` are *primary*: the caller numbers them itself (e.g. by arithmetic on
its own coordinates); every variable allocated through the pool comes after them. Native
cardinality constraints (``atmosts``) are kept apart from clauses: only solvers with native
cardinality support (Minicard, Gluecard) accept them.
"""

from __future__ import annotations

import gc
from collections.abc import Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pysat.formula import IDPool

Lit = int
Clause = list[Lit]


@contextmanager
def no_collection() -> Iterator[None]:
    """Building a formula makes millions of lists that hold no cycle: the garbage
    collector's full passes over them find nothing and pause the build (0.3–0.4 s each on a
    36x36 CNF, past a deadline checked between steps). Within the block it does not run.

    >>> with no_collection():
    ...     gc.isenabled()
    False
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Formula:
    """Clauses, native at-most-k constraints and a variable pool.

    >>> f = Formula(reserved=4)        # variables 1..4 are the caller's own
    >>> f.var("aux")                   # named auxiliaries follow
    5
    >>> f.add([1, -5]); f.add([2, 5])
    >>> f.num_vars, len(f.clauses)
    (5, 2)
    """

    def __init__(self, reserved: int = 0) -> None:
        self.reserved = reserved
        self._pool: IDPool | None = None  # made on first use (a pairwise CNF needs none)
        self.clauses: list[Clause] = []
        self.atmosts: list[tuple[list[Lit], int]] = []
        self.groups: dict[str, int] = {}  # clauses (and native constraints) per group
        self.group_literals: dict[str, int] = {}
        self.group_vars: dict[str, int] = {}  # pooled variables allocated under each group
        self._group = "clauses"
        self._counted_top = reserved

    @property
    def pool(self) -> IDPool:
        """PySAT's pool of the variables after the reserved ones (named or anonymous)."""
        if self._pool is None:
            from pysat.formula import IDPool
            self._pool = IDPool(start_from=self.reserved + 1)
        return self._pool

    @pool.setter
    def pool(self, pool: IDPool) -> None:
        self._pool = pool

    # -- variables -----------------------------------------------------------------------
    def var(self, name: Hashable) -> int:
        """The variable for ``name``, allocated on first use."""
        return self.pool.id(name)

    def new_var(self) -> int:
        """A fresh anonymous variable."""
        return self.pool.id(object())

    @property
    def num_vars(self) -> int:
        """The largest variable in use (primary or pooled)."""
        return self.reserved if self._pool is None else max(self.reserved, self._pool.top)

    def names(self) -> dict[int, Hashable]:
        """Variable → name for the pooled variables (anonymous ones map to None)."""
        return {v: (n if type(n) is not object else None) for v, n in self.pool.id2obj.items()}

    # -- clauses -------------------------------------------------------------------------
    def group(self, name: str) -> Formula:
        """Attribute the following clauses to ``name`` (for statistics); returns self."""
        self._group = name
        return self

    def add(self, clause: Iterable[Lit]) -> None:
        """Add one clause."""
        clause = list(clause)
        self.clauses.append(clause)
        self._tally(1, len(clause))

    def extend(self, clauses: Iterable[Sequence[Lit]]) -> None:
        """Add many clauses."""
        before = len(self.clauses)
        self.clauses.extend(list(c) for c in clauses)
        self._tally(len(self.clauses) - before, sum(map(len, self.clauses[before:])))

    def add_owned(self, clauses: list[Clause]) -> None:
        """Add many clauses that the formula may keep as they are (no copies are made: the
        caller gives them up)."""
        self.clauses += clauses
        self._tally(len(clauses), sum(map(len, clauses)))

    def add_atmost(self, lits: Sequence[Lit], k: int) -> None:
        """Add a native cardinality constraint ``sum(lits) <= k``."""
        self.atmosts.append((list(lits), k))
        self._tally(1, len(lits))

    def _tally(self, clauses: int, literals: int) -> None:
        group = self._group
        self.groups[group] = self.groups.get(group, 0) + clauses
        self.group_literals[group] = self.group_literals.get(group, 0) + literals
        pool = self._pool
        if pool is not None and pool.top > self._counted_top:
            self.group_vars[group] = (self.group_vars.get(group, 0)
                                      + pool.top - self._counted_top)
            self._counted_top = pool.top

    def copy(self) -> Formula:
        """An independent copy (clauses copied shallowly: clause lists are never mutated).

        >>> f = Formula(reserved=2); _ = f.var("a"); g = f.copy()
        >>> g.var("a"), g.var("b"), f.num_vars
        (3, 4, 3)
        """
        other = Formula(self.reserved)
        if self._pool is not None:
            other.pool.top = self._pool.top
            other.pool.obj2id.update(self._pool.obj2id)  # keep its defaultdict: new names work
            other.pool.id2obj = dict(self._pool.id2obj)
        other.clauses = list(self.clauses)
        other.atmosts = list(self.atmosts)
        other.groups = dict(self.groups)
        other.group_literals = dict(self.group_literals)
        other.group_vars = dict(self.group_vars)
        other._counted_top = self._counted_top
        return other

    def stats(self) -> dict[str, int]:
        """Sizes: variables, clauses, literals, native constraints."""
        return {
            "variables": self.num_vars,
            "clauses": len(self.clauses),
            "literals": sum(map(len, self.clauses)),
            "native_atmost": len(self.atmosts),
        }

    def group_stats(self) -> dict[str, dict[str, int]]:
        """Per group: auxiliary variables allocated, clauses, literals.

        >>> f = Formula(reserved=2); f.group("pair").add([1, 2]); f.group_stats()
        {'pair': {'variables': 0, 'clauses': 1, 'literals': 2}}
        """
        return {g: {"variables": self.group_vars.get(g, 0), "clauses": count,
                    "literals": self.group_literals.get(g, 0)}
                for g, count in self.groups.items()}

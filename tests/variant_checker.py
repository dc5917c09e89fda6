"""An independent check of explanation steps on variant constraints, from the rules' own
checking code (``Rule.violations``), not from satdoku's CNF or its solvers.

The human reading of a step: every cell holds exactly one digit (taken for granted, so a
cited cell group states nothing more); a house (row, column, box, region, and a rule's
all-different regions such as a diagonal) holds each digit at most once; a variant group
holds its rule: its one-instance rule (one cage, one thermometer …) or, for a global rule
cut into components (one knight pair), the puzzle's whole rule on a grid where only the
component's cells are filled; a clue on a whole row or column (a sandwich) reads that row as
a row, its digits distinct (its clauses assume that: a sandwich's inner digits are distinct
there), so citing the row with it adds nothing. The cited facts narrow the cells' digits.

A small backtracking search assigns the step's cells digits from those domains, checks each
constraint on the digits known so far (the rules' ``violations`` read a partial grid: a
violation there is one every completion keeps, which the tests verify against each
group's clauses), prunes a variant constraint's open cells to the digits some completion
allows once their combinations are few, and looks for an assignment that keeps every cited
constraint and fact and breaks a derived literal:

- **sound**: there is none;
- **nothing superfluous**: dropping any cited group other than a cell (or a clue's own row),
  or any cited fact, lets one exist.

>>> from satdoku import parse_puzzle
>>> from satdoku.explain import constraint_groups
>>> p = parse_puzzle("1.34 34.2 2.43 43.1")
>>> g = constraint_groups(p.board)
>>> row1 = next(x for x in g.groups if x.label == "row 1")
>>> c = Checker(p.board, p.rules)
>>> c.follows([row1], [1, 11, 16], [6])      # r1c1=1, r1c3=3, r1c4=4: r1c2=2
True
>>> c.follows([row1], [1, 11], [6])          # r1c4 might hold 2
False
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from satdoku.board import Board
from satdoku.explain.groups import Group
from satdoku.rules import Rule, all_rules

#: A variant constraint's open cells are pruned to supported digits when their digits
#: combine in at most this many ways.
SUPPORT = 400


class TooSlow(Exception):
    """The search for one step went past its time limit."""


@dataclass(frozen=True)
class Constraint:
    """What one cited group says: ``distinct`` digits on ``cells``, or ``holds`` (a test of
    the digits of ``cells``, in order) when it is a variant constraint."""

    label: str
    cells: tuple[int, ...]
    distinct: bool = False
    holds: Callable[[tuple[int, ...]], bool] | None = None

    def ok(self, digits: tuple[int, ...]) -> bool:
        if self.distinct:  # (0: a blank)
            known = [d for d in digits if d]
            return len(set(known)) == len(known)
        assert self.holds is not None
        return self.holds(digits)


class Checker:
    """The reading of the groups of one board and rule set."""

    def __init__(self, board: Board, rules: tuple[Rule, ...]) -> None:
        self.board, self.n = board, board.n
        self.rules = all_rules(board, rules)
        self.regions = {frozenset(r) for rule in self.rules for r in rule.regions(board)}
        self.by_name = {rule.name: rule for rule in self.rules}
        self.deadline = float("inf")

    # -- what a group says ---------------------------------------------------------------------
    def constraints(self, g: Group) -> list[Constraint]:
        """The constraints ``g`` states (none for a cell: one digit per cell is given)."""
        if g.kind == "cell":
            return []
        if g.rule is not None:  # one instance of a rule, and the rule's regions through it
            out = [Constraint(g.label, tuple(r), distinct=True) for r in g.rule.regions(self.board)]
            if frozenset(g.cells) in self.regions:  # a clue on a whole row reads it as a row
                out.append(Constraint(g.label, g.cells, distinct=True))
            return [*out, self._rule(g.label, g.rule, g.cells)]
        if frozenset(g.cells) in self.regions:  # a house, or a rule's all-different region
            return [Constraint(g.label, g.cells, distinct=True)]
        return [self._rule(g.label, self.by_name[g.kind], g.cells)]

    def _rule(self, label: str, rule: Rule, cells: tuple[int, ...]) -> Constraint:
        """``rule`` checked on a grid where only ``cells`` hold digits."""
        board, size = self.board, self.board.num_cells

        def holds(digits: tuple[int, ...]) -> bool:
            grid = [0] * size
            for i, d in zip(cells, digits, strict=True):
                grid[i] = d
            return next(iter(rule.violations(board, tuple(grid))), None) is None

        return Constraint(label, cells, holds=holds)

    # -- the search ---------------------------------------------------------------------------
    def counter_model(self, constraints: Sequence[Constraint], domains: dict[int, set[int]]
                      ) -> dict[int, int] | None:
        """An assignment of a digit from its domain to every cell that keeps every
        constraint, or None."""
        cells = set(domains) | {i for c in constraints for i in c.cells}
        doms = {i: set(domains.get(i, range(1, self.n + 1))) for i in cells}
        of_cell: dict[int, list[Constraint]] = {i: [] for i in cells}
        for c in constraints:
            for i in c.cells:
                of_cell[i].append(c)
        for c in constraints:  # a constraint on cells whose digits are all known already
            if not self._prune(c, doms):
                return None
        return self._search(doms, {}, of_cell, [c for c in constraints if not c.distinct])

    def _search(self, doms, value, of_cell, variant) -> dict[int, int] | None:
        if time.process_time() > self.deadline:
            raise TooSlow
        open_ = [i for i in doms if i not in value]
        if not open_:
            return dict(value)

        def rank(i: int) -> tuple[int, int]:  # variant cells with the fewest left, then MRV
            left = min((sum(j not in value for j in c.cells) for c in of_cell[i]
                        if not c.distinct), default=99)
            return (len(doms[i]), left)

        cell = min(open_, key=rank)
        for d in sorted(doms[cell]):
            new = {i: set(ds) for i, ds in doms.items()}
            new[cell] = {d}
            if self._assign(cell, new, of_cell):
                found = self._search(new, {**value, cell: d}, of_cell, variant)
                if found is not None:
                    return found
        return None

    def _assign(self, cell: int, doms, of_cell) -> bool:
        """Propagate a cell whose domain became one digit: the constraints through it."""
        todo = [cell]
        while todo:
            i = todo.pop()
            for c in of_cell[i]:
                before = {j: len(doms[j]) for j in c.cells}
                if not self._prune(c, doms):
                    return False
                todo += [j for j in c.cells if len(doms[j]) == 1 and before[j] > 1]
        return True

    def _prune(self, c: Constraint, doms) -> bool:
        """Narrow the domains of ``c``'s cells: a digit fixed in one cell leaves the others
        of a distinct group, and a house's digit with one place left goes there; a variant
        constraint's cells keep the digits some completion allows once their combinations
        are few, else its rule is checked on the digits known. False when ``c`` cannot
        hold."""
        if c.distinct:
            fixed = [next(iter(doms[i])) for i in c.cells if len(doms[i]) == 1]
            if len(set(fixed)) < len(fixed):
                return False
            for i in c.cells:
                if len(doms[i]) > 1:
                    doms[i] -= set(fixed)
                    if not doms[i]:
                        return False
            if len(c.cells) == self.n:  # a house: each digit somewhere in it
                for d in range(1, self.n + 1):
                    places = [i for i in c.cells if d in doms[i]]
                    if not places:
                        return False
                    if len(places) == 1:
                        doms[places[0]] = {d}
            return True
        ways = 1
        for i in c.cells:
            ways *= len(doms[i])
        if ways > SUPPORT:  # the rule on the digits known so far (blanks: 0)
            return c.ok(tuple(next(iter(doms[i])) if len(doms[i]) == 1 else 0
                              for i in c.cells))
        seen: list[set[int]] = [set() for _ in c.cells]
        for digits in product(*(sorted(doms[i]) for i in c.cells)):
            if c.ok(digits):
                for k, d in enumerate(digits):
                    seen[k].add(d)
        for k, i in enumerate(c.cells):
            doms[i] &= seen[k]
            if not doms[i]:
                return False
        return True

    def within(self, house: Group, groups: Sequence[Group]) -> bool:
        """Whether ``house`` is the whole row (column …) of a cited variant constraint, which
        reads it in (a sandwich clue's own row; the step names only the clue)."""
        return frozenset(house.cells) in self.regions and any(
            g.rule is not None and set(house.cells) == set(g.cells) for g in groups)

    # -- steps --------------------------------------------------------------------------------
    def domains(self, facts: Sequence[int]) -> dict[int, set[int]] | None:
        """Each fact's cell and the digits the facts leave it (None: they contradict)."""
        n = self.n
        doms: dict[int, set[int]] = {}
        for x in facts:
            cell, d = divmod(abs(x) - 1, n)
            ds = doms.setdefault(cell, set(range(1, n + 1)))
            if x > 0:
                ds &= {d + 1}
            else:
                ds.discard(d + 1)
            if not ds:
                return None
        return doms

    def follows(self, groups: Sequence[Group], facts: Sequence[int], derived: Sequence[int]
                ) -> bool:
        """No assignment keeps ``groups`` and ``facts`` and breaks a literal of ``derived``."""
        constraints = [c for g in groups for c in self.constraints(g)]
        for x in derived:
            doms = self.domains([*facts, -x])
            if doms is not None and self.counter_model(constraints, doms) is not None:
                return False
        return True

    def superfluous(self, groups: Sequence[Group], facts: Sequence[int],
                    derived: Sequence[int]) -> list[str]:
        """The cited groups (not cells) and facts whose removal keeps the step sound."""
        out = []
        for k, g in enumerate(groups):
            if g.kind == "cell" or self.within(g, groups):
                continue
            if self.follows([*groups[:k], *groups[k + 1:]], facts, derived):
                out.append(g.label)
        for k, x in enumerate(facts):
            if self.follows(groups, [*facts[:k], *facts[k + 1:]], derived):
                out.append(f"fact {x}")
        return out

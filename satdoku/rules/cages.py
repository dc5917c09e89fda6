"""Killer cages: the digits in a cage differ and, when the cage has a sum, add up to it.

The sum is encoded exactly through the *digit sets* that can fill the cage: k distinct
digits of 1..n adding up to s (``combinations(n, k, s)``). With ``p_d`` = "digit d is in the
cage" and one selector ``y_S`` per set S:

- ``v(i,d) → p_d`` for every cell i, and ``p_d → ∨_i v(i,d)``;
- ``y_S → p_d`` for d in S and ``y_S → ¬p_d`` for the other digits of any set;
- at least one ``y_S``; ``p_d → ∨_{S ∋ d} y_S``;
- digits in no set are removed from every cell of the cage (unit clauses).

Unit propagation then removes a digit from the cage as soon as every set holding it is
ruled out, places a digit that every remaining set needs, and detects a cage that can no
longer reach its sum — the reasoning a solver does with a table of killer combinations.
docs/variants.md compares it with a weaker encoding.

Big cages: the sets are listed only while there are at most :data:`MAX_SETS` of them (the
listing stops there: an 18-cell cage on 36x36 has billions); a cage with more is a weighted
sum of :mod:`satdoku.rules.sums`, which is itself compact when its decision diagram would
be too big (docs/encodings.md).

>>> combinations(9, 2, 4), combinations(9, 3, 24)
(((1, 3),), ((7, 8, 9),))
>>> len(digit_sets(9, 4, 20)), digit_sets(36, 18, 333)   # too many to list: None
(12, None)
>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = KillerCages((Cage((0, 1), 7),))
>>> [v.describe(b) for v in rule.violations(b, (4, 2) + (0,) * 14)]
['killer: cage 1 sums to 6, not 7 (r1c1, r1c2)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Any, ClassVar

from cnf import AMO, Formula, at_least_one
from satdoku.board import Board, Unit
from satdoku.errors import RuleError
from satdoku.rules.base import (
    Grid,
    Marking,
    Rule,
    Violation,
    cell_var,
    check_cells,
    check_each,
    duplicate_violations,
)
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import at, read_cells, read_int, read_object
from satdoku.rules.sums import require_sum, sum_name

#: Cages with more digit sets than this are encoded as weighted sums (600 sets of 36 digits
#: are ~22,000 clauses; outside clues use the same bound, satdoku.rules.outside_cnf).
MAX_SETS = 600


@cache
def combinations(n: int, k: int, total: int, low: int = 1) -> tuple[tuple[int, ...], ...]:
    """Every set of ``k`` distinct digits in ``low..n`` adding up to ``total``, ascending.

    >>> combinations(9, 2, 10)
    ((1, 9), (2, 8), (3, 7), (4, 6))
    """
    return tuple(_sets(n, k, total, low))


def _sets(n: int, k: int, total: int, low: int) -> Iterator[tuple[int, ...]]:
    """The sets of :func:`combinations`, one by one (every branch explored yields a set:
    the k distinct digits from d can make every sum between their smallest and largest)."""
    if k == 0:
        if total == 0:
            yield ()
        return
    for d in range(low, n + 1):
        if k * d + k * (k - 1) // 2 > total:  # the k smallest from d already exceed it
            break
        if d + (k - 1) * n - (k - 1) * (k - 2) // 2 >= total:  # the largest can reach it
            for rest in _sets(n, k - 1, total - d, d + 1):
                yield (d, *rest)


@cache
def digit_sets(n: int, k: int, total: int) -> tuple[tuple[int, ...], ...] | None:
    """The sets of :func:`combinations`, or None when there are more than :data:`MAX_SETS`
    (found without listing them all)."""
    sets = tuple(islice(_sets(n, k, total, 1), MAX_SETS + 1))
    return sets if len(sets) <= MAX_SETS else None


def sum_range(n: int, k: int) -> tuple[int, int]:
    """The smallest and largest sums of k distinct digits 1..n (every sum between occurs).

    >>> sum_range(9, 2)
    (3, 17)
    """
    return k * (k + 1) // 2, k * n - k * (k - 1) // 2


@dataclass(frozen=True)
class Cage:
    """Cells (indices) whose digits differ and, if ``total`` is given, add up to it."""

    cells: Unit
    total: int | None = None


@dataclass(frozen=True)
class KillerCages(Rule):
    """The killer cages of a puzzle."""

    cages: tuple[Cage, ...] = ()
    name: ClassVar[str] = "killer"
    description: ClassVar[str] = ("killer cages: digits in a cage differ and add up to the "
                                  "cage's sum when it has one")

    def check_board(self, board: Board) -> None:
        check_each("cage", self.cages, lambda cage: check_cage(board, cage))

    def regions(self, board: Board) -> Sequence[Unit]:
        return tuple(cage.cells for cage in self.cages)

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for cage in self.cages:
            if cage.total is not None:
                _encode_sum(board, formula, cage)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        yield from duplicate_violations(self.name, "cage", self.regions(board), grid)
        for k, cage in enumerate(self.cages, 1):
            if cage.total is not None:
                message = _sum_problem(board.n, [grid[i] for i in cage.cells], cage.total)
                if message:
                    yield Violation(self.name, cage.cells, f"cage {k} {message}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("cage", cage.cells, "" if cage.total is None else str(cage.total))
                     for cage in self.cages)


def check_cage(board: Board, cage: Cage) -> None:
    """RuleError when ``cage`` cannot be filled on ``board`` (bad cells, impossible sum).

    >>> check_cage(Board.classic(9), Cage((0, 1), 18))
    Traceback (most recent call last):
    ...
    satdoku.errors.RuleError: sum 18 is impossible for 2 distinct digits 1..9 (possible: 3..17)
    """
    check_cells(board, cage.cells, distinct=True)
    size = len(cage.cells)
    low, high = sum_range(board.n, size)
    if cage.total is not None and not low <= cage.total <= high:
        digits = "distinct digits" if size > 1 else "digit"
        raise RuleError(f"sum {cage.total} is impossible for {size} {digits} "
                        f"1..{board.n} (possible: {low}..{high})")


def _sum_problem(n: int, digits: list[int], total: int) -> str:
    """Why these (partial) cage digits cannot add up to ``total``; "" when they still can."""
    placed = [d for d in digits if d]
    blanks = len(digits) - len(placed)
    if not blanks:
        return "" if sum(placed) == total else f"sums to {sum(placed)}, not {total}"
    free = sorted(set(range(1, n + 1)) - set(placed))
    if len(free) < blanks:
        return ""  # repeated digits: reported as duplicates
    low, high = sum(free[:blanks]), sum(free[-blanks:])
    if not sum(placed) + low <= total <= sum(placed) + high:
        return f"can no longer sum to {total}"
    return ""


def _encode_sum(board: Board, formula: Formula, cage: Cage) -> None:
    """The digit-set encoding of one cage's sum (see the module docstring), or a weighted
    sum when the sets are too many to list."""
    assert cage.total is not None
    sets = digit_sets(board.n, len(cage.cells), cage.total)
    if sets is None:
        terms = [(i, 1) for i in cage.cells]
        require_sum(board, formula, terms, [cage.total], sum_name(board, terms))
        return
    used = sorted({d for s in sets for d in s})
    var = {(i, d): cell_var(board, i, d) for i in cage.cells for d in range(1, board.n + 1)}
    formula.extend([-v] for (i, d), v in var.items() if d not in used)
    label = "cage " + ",".join(board.cell_name(i) for i in cage.cells)  # names: DIMACS map
    present = {d: formula.var(f"{label} has {d}") for d in used}
    chosen = [formula.var(f"{label} is {'+'.join(map(str, s))}") for s in sets]
    for d, p in present.items():
        formula.extend([-var[i, d], p] for i in cage.cells)
        formula.add([-p, *(var[i, d] for i in cage.cells)])
        formula.add([-p, *(y for y, s in zip(chosen, sets, strict=True) if d in s)])
    for y, s in zip(chosen, sets, strict=True):
        formula.extend([-y, p if d in s else -p] for d, p in present.items())
    at_least_one(formula, chosen)


# -- JSON: "cages": [{"cells": ["r1c1", "r1c2"], "sum": 3}, ...] ---------------------------------
def _read_cages(board: Board, value: Any, path: str, puzzle: Any) -> KillerCages:
    cages = []
    for k, item in enumerate(value):
        where = f"{path}[{k}]"
        obj = read_object(item, where, 'a cage {"cells": [...], "sum": ...}', ("cells", "sum"),
                          ("cells",))
        total = obj.get("sum")
        cage = Cage(read_cells(board, obj["cells"], f"{where}.cells"),
                    None if total is None else read_int(total, f"{where}.sum"))
        with at(where):
            check_cage(board, cage)
        cages.append(cage)
    return KillerCages(tuple(cages))


def _write_cages(board: Board, rule: KillerCages) -> list:
    return [{"cells": [board.cell_name(i) for i in c.cells],
             **({} if c.total is None else {"sum": c.total})} for c in rule.cages]


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = [DataKey(
    "cages", 'killer cages: [{"cells": ["r1c1", "r1c2"], "sum": 3}, ...]; sum optional',
    KillerCages, _read_cages, _write_cages,
    list_schema({"type": "object", "additionalProperties": False, "required": ["cells"],
                 "properties": {"cells": cells_schema(1),
                                "sum": {"type": ["integer", "null"], "minimum": 1}}},
                "Killer cages: distinct digits adding up to the sum when there is one."),
    aliases=("killer",))]

"""Multisum and digital-root cages: killer cages whose sum is one of several totals.

Glossary: a *multisum cage* holds distinct digits whose sum is one of its listed *sums*; a
*digital-root cage* (f-puzzles label ``DR5``) holds distinct digits whose sum has the given
digital root — the root of 23 is 2 + 3 = 5 — which is a multisum cage of the totals k,
k + 9, k + 18 … (k = 1..9) that its digits can reach.

Encoded as the cage's all-different region plus one weighted sum of its cells restricted to
the allowed totals (:func:`satdoku.rules.sums.require_sum`, a decision diagram: digits that
reach no allowed total are removed at once).

>>> digital_root_sums(9, 3, 5)
(14, 23)
>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = MultisumCages((SumCage((0, 1), (4, 6)),))
>>> [v.describe(b) for v in rule.violations(b, (2, 3) + (0,) * 14)]
['multisum: cage 1 sums to 5, not one of 4, 6 (r1c1, r1c2)']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board, Unit
from satdoku.errors import RuleError
from satdoku.rules.base import (
    Grid,
    Marking,
    Rule,
    Violation,
    check_cells,
    check_each,
    duplicate_violations,
)
from satdoku.rules.cages import sum_range
from satdoku.rules.data import DataKey, cells_schema, list_schema
from satdoku.rules.json_values import at, expect, fail, read_cells, read_int, read_object
from satdoku.rules.sums import require_sum, sum_name


def digital_root_sums(n: int, size: int, root: int) -> tuple[int, ...]:
    """The totals of ``size`` distinct digits 1..n whose digital root is ``root``."""
    low, high = sum_range(n, size)
    return tuple(s for s in range(low, high + 1) if (s - 1) % 9 + 1 == root)


@dataclass(frozen=True)
class SumCage:
    """Cells whose distinct digits add up to one of ``sums``; ``root`` (1..9) when the sums
    are those of a digital-root cage (kept to write the cage back as it was given)."""

    cells: Unit
    sums: tuple[int, ...]
    root: int | None = None

    def label(self) -> str:
        return f"DR{self.root}" if self.root else "/".join(map(str, self.sums))


@dataclass(frozen=True)
class MultisumCages(Rule):
    """The multisum and digital-root cages of a puzzle."""

    cages: tuple[SumCage, ...] = ()
    name: ClassVar[str] = "multisum"
    description: ClassVar[str] = ("multisum cages: distinct digits adding up to one of the "
                                  "listed sums (or to a sum of the given digital root)")

    def check_board(self, board: Board) -> None:
        check_each("cage", self.cages, lambda cage: check_sum_cage(board, cage))

    def regions(self, board: Board) -> Sequence[Unit]:
        return tuple(cage.cells for cage in self.cages)

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for cage in self.cages:
            terms = [(i, 1) for i in cage.cells]
            require_sum(board, formula, terms, cage.sums, sum_name(board, terms))

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        yield from duplicate_violations(self.name, "cage", self.regions(board), grid)
        for k, cage in enumerate(self.cages, 1):
            digits = [grid[i] for i in cage.cells]
            if all(digits) and sum(digits) not in cage.sums:
                sums = ", ".join(map(str, cage.sums))
                yield Violation(self.name, cage.cells,
                                f"cage {k} sums to {sum(digits)}, not one of {sums}")

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("cage", cage.cells, cage.label()) for cage in self.cages)


def check_sum_cage(board: Board, cage: SumCage) -> None:
    """RuleError unless the cage's cells can hold distinct digits adding up to a listed sum."""
    check_cells(board, cage.cells, distinct=True)
    low, high = sum_range(board.n, len(cage.cells))
    if not any(low <= s <= high for s in cage.sums):
        what = f"digital root {cage.root}" if cage.root else "sums " + ", ".join(
            map(str, cage.sums))
        raise RuleError(f"{what}: impossible for {len(cage.cells)} distinct digits "
                        f"1..{board.n} (possible sums: {low}..{high})")


# -- JSON: "multisum_cages": [{"cells": [...], "sums": [10, 15]} or {..., "digital_root": 5}] ---
def _read_cage(board: Board, item: Any, where: str) -> SumCage:
    obj = read_object(item, where, 'a cage {"cells": [...], "sums": [10, 15]} or {"cells": '
                                   '[...], "digital_root": 5}', ("cells", "sums", "digital_root"),
                      ("cells",))
    cells = read_cells(board, obj["cells"], f"{where}.cells")
    if ("sums" in obj) == ("digital_root" in obj):
        raise fail(where, 'give either "sums" or "digital_root"')
    if "digital_root" in obj:
        root = read_int(obj["digital_root"], f"{where}.digital_root", "a digital root", 1, 9)
        cage = SumCage(cells, digital_root_sums(board.n, len(cells), root), root)
    else:
        listed = expect(obj["sums"], list, f"{where}.sums", "a list of sums")
        if not listed:
            raise fail(f"{where}.sums", "no sum listed")
        cage = SumCage(cells, tuple(sorted({read_int(s, f"{where}.sums[{k}]", "a sum", 1)
                                            for k, s in enumerate(listed)})))
    with at(where):
        check_sum_cage(board, cage)
    return cage


def _write(board: Board, rule: MultisumCages) -> list:
    return [{"cells": [board.cell_name(i) for i in cage.cells],
             **({"digital_root": cage.root} if cage.root else {"sums": list(cage.sums)})}
            for cage in rule.cages]


#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
KEYS.append(DataKey(
    "multisum_cages", 'multisum cages: [{"cells": [...], "sums": [10, 15]} or {"cells": [...], '
                      '"digital_root": 5}, ...]; distinct digits adding up to one of the sums',
    MultisumCages,
    lambda board, value, path, puzzle: MultisumCages(tuple(
        _read_cage(board, item, f"{path}[{k}]") for k, item in enumerate(value))),
    _write,
    list_schema({"type": "object", "additionalProperties": False, "required": ["cells"],
                 "properties": {"cells": cells_schema(1),
                                "sums": {"type": "array", "minItems": 1,
                                         "items": {"type": "integer", "minimum": 1}},
                                "digital_root": {"type": "integer", "minimum": 1,
                                                 "maximum": 9}}},
                "Multisum cages: distinct digits adding up to one of the sums, or to a sum "
                "with the given digital root."),
    aliases=("multisum", "digital_root_cages", "multisum_cage")))

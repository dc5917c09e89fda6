"""satdoku constraints that f-puzzles has no key for, written as f-puzzles constraints that
mean the same, before the key-by-key translation of :mod:`satdoku.formats.fpuzzles_write`.

f-puzzles (its keys: killer cages, thermometers, dots, XV with X and V only, …; no
greater-than sign, no slow thermometer) can still carry three of them exactly:

- a *greater-than sign* a > b is a two-cell thermometer from b (its bulb) to a;
- a *slow thermometer* whose every step joins two cells that never hold equal digits (same
  row, column, box or region; king's-move neighbours under anti-king) is a thermometer: its
  digits never decrease and never repeat, so they increase;
- an *XV sign with another sum* s is a two-cell killer cage of sum s: its cells are orthogonal
  neighbours, so their digits differ anyway, and a pair adding up to s (not 5, not 10) obeys
  f-puzzles' negative XV constraint too.

What has no equivalent (a slow thermometer with a step between cells that may be equal) stays
in the returned counter, named, and is never written.

>>> from collections import Counter
>>> from satdoku.board import Board
>>> obj = {"greater_than": [["r1c2", "r1c1"]], "xv": [{"cells": ["r2c1", "r2c2"], "sum": 7}],
...        "slow_thermos": [["r3c1", "r3c2"], ["r3c3", "r4c4"]]}
>>> list(rewrite(Board.classic(9), obj))
['slow_thermos[1] (r3c3 and r4c4 may hold equal digits: f-puzzles has no slow thermometer)']
>>> obj
{'thermos': [['r1c1', 'r1c2'], ['r3c1', 'r3c2']], 'cages': [{'cells': ['r2c1', 'r2c2'], 'sum': 7}]}
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

from satdoku.board import Board

#: The XV sums f-puzzles has signs for.
XV_SIGNS = (5, 10)
#: The satdoku keys without an f-puzzles key that :func:`rewrite` writes as equivalents.
EQUIVALENT_KEYS = ("greater_than", "slow_thermos")
SLOW = "slow_thermos[{k}] ({a} and {b} may hold equal digits: f-puzzles has no slow thermometer)"


def _never_equal(board: Board, a: str, b: str, anti_king: bool) -> bool:
    """Whether the cells named ``a`` and ``b`` always hold different digits."""
    i, j = board.parse_cell(a), board.parse_cell(b)
    (ri, ci), (rj, cj) = board.row_col(i), board.row_col(j)
    same_box = bool(board.boxes) and board.box_of[i] == board.box_of[j]
    king = max(abs(ri - rj), abs(ci - cj)) == 1
    return ri == rj or ci == cj or same_box or (anti_king and king)


def rewrite(board: Board, obj: dict[str, Any]) -> Counter[str]:
    """Move what f-puzzles can carry exactly into keys it has (``thermos``, ``cages``), in
    place; return what it cannot carry, with counts."""
    problems: Counter[str] = Counter()
    thermos: list[Any] = [[b, a] for a, b in obj.pop("greater_than", [])]
    anti_king = "anti-king" in obj.get("rules", [])
    for k, line in enumerate(obj.pop("slow_thermos", [])):
        step = next(((a, b) for a, b in pairwise(line)
                     if not _never_equal(board, a, b, anti_king)), None)
        if step is None:
            thermos.append(line)
        else:
            problems[SLOW.format(k=k, a=step[0], b=step[1])] += 1
    cages = [item for item in obj.get("xv", []) if item["sum"] not in XV_SIGNS]
    if cages:
        obj["xv"] = [item for item in obj["xv"] if item["sum"] in XV_SIGNS]
        if not obj["xv"]:
            del obj["xv"]
    for key, items in (("thermos", thermos), ("cages", cages)):
        if items:
            obj[key] = [*obj.get(key, []), *items]
    return problems

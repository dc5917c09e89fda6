"""Generic covering problems: n-queens and Sudoku as covers, counted against known oracles."""

from __future__ import annotations

import pytest

from cnf import AMO
from cnf.cover import Cover


def queens(n: int) -> Cover:
    """Rows and columns exactly once, diagonals at most once."""
    cover = Cover()
    for r in range(n):
        for c in range(n):
            cover.add((r, c), [("row", r), ("col", c), ("diag", r + c), ("anti", r - c)])
    cover.optional(*[("diag", k) for k in range(2 * n - 1)],
                   *[("anti", k) for k in range(1 - n, n)])
    return cover


def attacks(solution: list[tuple[int, int]]) -> bool:
    return any(a != b and (a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1]))
               for a in solution for b in solution)


@pytest.mark.parametrize(("n", "count"), [(1, 1), (2, 0), (3, 0), (4, 2), (6, 4), (8, 92),
                                          (10, 724)])
def test_n_queens_counts(n, count):
    solutions = list(queens(n).solutions())
    assert len(solutions) == count
    assert len({tuple(s) for s in solutions}) == count
    assert not any(attacks(s) or len(s) != n for s in solutions)


@pytest.mark.parametrize("amo", [AMO.SEQUENTIAL, AMO.COMMANDER, AMO.PRODUCT, AMO.BIMANDER,
                                 AMO.LADDER, AMO.BITWISE])
def test_eight_queens_with_every_amo_encoding(amo):
    # auxiliary variables never yield duplicates: enumeration is projected on the choices
    assert queens(8).count(amo=amo) == 92


def test_eight_queens_with_native_cardinality():
    assert queens(8).count(amo=AMO.NATIVE, backend="minicard") == 92


def test_sudoku_4x4_as_an_exact_cover_has_288_grids():
    cover = Cover()
    for r in range(4):
        for c in range(4):
            for d in range(4):
                box = (r // 2) * 2 + c // 2
                cover.add((r, c, d), [("cell", r, c), ("row", r, d), ("col", c, d),
                                      ("box", box, d)])
    assert cover.count() == 288
    assert cover.formula().num_vars == 64


def test_limit_and_a_small_cover():
    assert queens(8).count(limit=5) == 5
    cover = Cover()
    cover.add("a", ["x", "y"])
    cover.add("b", ["x", "y"])
    cover.add("c", ["y"])  # x needs a or b, and y then rules out c
    assert sorted(cover.solutions()) == [["a"], ["b"]]
    with pytest.raises(ValueError, match="added twice"):
        cover.add("a", ["z"])

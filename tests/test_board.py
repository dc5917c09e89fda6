"""Board geometry and its errors."""

from __future__ import annotations

import pytest

from satdoku.board import Board, default_box
from satdoku.errors import BoardError


@pytest.mark.parametrize("n, box", [(1, None), (4, (2, 2)), (6, (2, 3)), (8, (2, 4)),
                                    (9, (3, 3)), (12, (3, 4)), (16, (4, 4)), (25, (5, 5)),
                                    (36, (6, 6)), (7, None), (13, None), (10, (2, 5))])
def test_default_boxes(n, box):
    assert default_box(n) == box


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
def test_units_partition_every_cell(n):
    b = Board.classic(n)
    for group in (b.rows, b.columns, b.boxes):
        assert len(group) == n
        assert sorted(i for unit in group for i in unit) == list(range(n * n))


def test_latin_square_has_no_boxes():
    assert Board(5, (1, 5)).box is None
    assert Board.classic(5).boxes == ()
    assert len(Board.classic(5).units) == 10


def test_bad_boards():
    with pytest.raises(BoardError, match="do not tile"):
        Board(9, (2, 3))
    with pytest.raises(BoardError, match="out of range"):
        Board(0)
    with pytest.raises(BoardError, match="expected RxC"):
        Board.parse_box("3by3")
    with pytest.raises(BoardError, match="regions of 4 cells"):
        Board(4, regions=(0,) * 16)


def test_jigsaw_regions_replace_boxes():
    regions = (0, 0, 1, 1,
               0, 0, 1, 1,
               2, 3, 3, 3,
               2, 2, 2, 3)
    b = Board(4, regions=regions)
    assert b.boxes == ((0, 1, 4, 5), (2, 3, 6, 7), (8, 12, 13, 14), (9, 10, 11, 15))


def test_cell_names_round_trip():
    b = Board.classic(16)
    for cell in (0, 17, 255):
        assert b.parse_cell(b.cell_name(cell)) == cell
    with pytest.raises(BoardError, match="outside"):
        b.parse_cell("r17c1")

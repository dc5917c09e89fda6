"""Reading and writing puzzle text: every notation, errors with line and column."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.board import Board
from satdoku.errors import ParseError
from satdoku.formats import format_grid, format_line, parse_puzzle, read_puzzles

LINE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_81_character_line_with_dots_or_zeros():
    a = parse_puzzle(LINE)
    b = parse_puzzle(LINE.replace(".", "0"))
    assert a == b
    assert a.board.n == 9 and a.board.box == (3, 3)
    assert a.num_givens == sum(ch != "." for ch in LINE) and a.givens[0] == 4


def test_multi_line_grid_with_separators():
    text = """
    # a comment
    4 . . | . 3 . | . . .
    . . . | 6 . . | 8 . .
    . . . | . . . | . . 1
    ------+-------+------
    . . . | . 5 . | . 9 .
    . 8 . | . . . | 6 . .
    . 7 . | 2 . . | . . .
    ------+-------+------
    . . . | 1 . 2 | 7 . .
    5 . 3 | . . . | . 4 .
    9 . . | . . . | . . .
    """
    assert parse_puzzle(text) == parse_puzzle(LINE)


def test_numbers_for_big_grids():
    grid = [[0] * 16 for _ in range(16)]
    grid[0][0], grid[3][7], grid[15][15] = 12, 16, 1
    text = "\n".join(" ".join(str(d) if d else "." for d in row) for row in grid)
    p = parse_puzzle(text)
    assert p.board.n == 16 and p.givens[0] == 12 and p.givens[3 * 16 + 7] == 16
    line = " ".join(str(d) if d else "." for row in grid for d in row)
    assert parse_puzzle(line) == p


def test_letters_above_nine():
    p = parse_puzzle("G" + "." * 255)
    assert p.board.n == 16 and p.givens[0] == 16


def test_rows_separated_by_spaces_on_one_line():
    p = parse_puzzle("12345 2.... 3.... 4.... 5....")
    assert p.board.n == 5 and p.board.box is None and p.givens[5] == 2


def test_many_puzzles_one_per_line():
    text = f"# header\n{LINE}\n\n{LINE.replace('4', '.', 1)}\n"
    records = list(read_puzzles(text))
    assert [r.line for r in records] == [2, 4]
    assert all(r.puzzle for r in records)


def test_bad_line_in_a_file_is_reported_and_the_rest_kept():
    text = f"{LINE}\n{LINE[:-1]}\n{LINE[:10]}x{LINE[11:]}\n{LINE}\n"
    records = list(read_puzzles(text, source="f.txt"))
    assert [bool(r.puzzle) for r in records] == [True, False, False, True]
    assert "f.txt, line 2" in str(records[1].error) and "80 cells" in str(records[1].error)
    assert "line 3, column 11" in str(records[2].error)
    assert "'x'" in str(records[2].error)


@pytest.mark.parametrize("text, message", [
    ("", "no puzzle"),
    ("123", "3 cells is not a square"),
    ("1.3?" + "." * 12, "column 4: unexpected character '?'"),
    ("5" + "." * 15, "column 1: digit '5' is too large for a 4x4 board (digits run 1..4)"),
])
def test_errors_name_what_and_where(text, message):
    with pytest.raises(ParseError, match=message.replace("?", r"\?").replace("(", r"\(")
                       .replace(")", r"\)")):
        parse_puzzle(text)


def test_ragged_grid_names_the_row():
    rows = ["1 . . .", ". . .", ". . . .", ". . . 4"]
    with pytest.raises(ParseError, match="line 2: this row has 3 cells"):
        parse_puzzle("\n".join(rows))


def test_explicit_box_option():
    p = parse_puzzle("." * 36, box=(3, 2))
    assert p.board.box == (3, 2)
    with pytest.raises(ParseError, match="do not tile"):
        parse_puzzle("." * 36, box=(4, 2))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([4, 6, 9, 16, 25]), st.data())
def test_line_and_grid_round_trip(n, data):
    board = Board.classic(n)
    grid = tuple(data.draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n)))
    for text in (format_line(board, grid), format_grid(board, grid)):
        p = parse_puzzle(text)
        assert p.givens == grid and p.board == board


def test_a_drawn_grid_whose_row_repeats_a_digit_stays_one_grid():
    """Four lines of four cells whose last row repeats a digit read as four 2x2 puzzles
    when nothing else tells them apart; drawn box borders do (found by hypothesis)."""
    text = ". . | . .\n. . | . .\n----+----\n. . | . .\n. . | 1 1"
    assert parse_puzzle(text).givens == (0,) * 14 + (1, 1)
    assert len(list(read_puzzles("..11\n....\n....\n...."))) == 4


def test_grid_shows_boxes_and_marks():
    board = Board.classic(4)
    text = format_grid(board, (1, 2, 3, 4) * 4, mark=frozenset({0}))
    assert text.splitlines()[0] == "1* 2  | 3  4"
    assert text.splitlines()[2].startswith("------+")


def test_pencilmark_lines_read_back_as_the_same_puzzle():
    """`satdoku candidates -f line` output is a Sukaku line: it reads back with the same
    solutions (single candidates become givens, the others eliminations)."""
    from satdoku import count
    from satdoku.analyse import true_candidates
    from satdoku.formats.pencilmarks import pencilmark_line
    from satdoku.solving.solver import solver_for

    puzzle = parse_puzzle("1... ..2. .... ...3")
    marks = true_candidates(solver_for(puzzle.board), puzzle)
    line = pencilmark_line(puzzle.board, puzzle.givens, marks)
    assert len(line) == 64
    again = parse_puzzle(line)
    assert again.board == puzzle.board and again.eliminated
    assert again.givens[0] == 1 and again.givens[6] == 2
    assert count(again).count == count(puzzle).count > 1


def test_ordinary_lines_are_not_taken_for_pencilmarks():
    # 64 characters are also an 8x8 puzzle; it reads as one unless the pencilmark pattern
    # (every cell of 4 characters keeps a candidate at its own place) holds throughout.
    assert parse_puzzle("1" + "." * 63).board.n == 8
    assert parse_puzzle("12345678" + "." * 56).board.n == 8
    assert parse_puzzle("1234" * 16).eliminated == frozenset()  # all candidates: 4x4, empty
    assert parse_puzzle("1234" * 16).board.n == 4


# -- files of many puzzles are read lazily ---------------------------------------------------
def _seen(records) -> list:
    return [(r.line, r.text, r.puzzle, str(r.error)) for r in records]


_line_kinds = st.sampled_from([
    LINE, LINE.replace(".", "0"), LINE[:-1], LINE[:10] + "x" + LINE[11:], "# a comment", "",
    "12 . . . . . . . . . . . . . . . " * 16, "1.3. ..1. .... ...4", "1 2 3 4", "----+----",
    "G" + "." * 255, "1" * 729,
])


@settings(max_examples=40, deadline=None)
@given(st.lists(_line_kinds, min_size=62, max_size=90))
def test_lazy_records_read_every_line_as_the_full_reading_does(kinds):
    from satdoku.formats.text import LineRecords, _read_all, _rows, puzzle_records
    text = "\n".join(kinds)
    lines = _rows(text)
    records = puzzle_records(text, "f.txt")
    expected = _seen(_read_all(lines, "auto", (), "f.txt"))
    rows = [k for k in kinds if k and not k.startswith("#") and k != "----+----"]
    lazy = len(rows) > 61 and len(rows[0].split()) < len(rows)  # no grid of numbers either
    assert isinstance(records, LineRecords) is lazy
    assert _seen(records) == expected
    assert _seen([records[k] for k in range(len(records))]) == expected
    assert len(records) == len(expected)


def test_big_grids_stay_one_grid_past_61_lines():
    """64 rows of numbers, and 36 rows with a separator line after each: one grid each."""
    rows = [" ".join(["."] * 64) for _ in range(64)]
    rows[0] = "64 " + " ".join(["."] * 63)
    (record,) = read_puzzles("\n".join(rows))
    assert record.puzzle is not None and record.puzzle.board.n == 64
    ruled = "\n--------\n".join("." * 36 for _ in range(36))
    (record,) = read_puzzles(ruled)
    assert record.puzzle is not None and record.puzzle.board.n == 36

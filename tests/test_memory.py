"""Memory stays proportional to what a puzzle can use (issue 27, items 4 and 5).

An f-puzzles link is refused as soon as it decodes to more than a board of its size can hold,
and decoding costs a few bytes per character, not a Python object per character; a line of a
big file is read a piece at a time, so a line of gigabytes costs a megabyte. Peak memory is
measured with tracemalloc here (fast, in this process); tests/test_memory_caps.py measures
the peak RSS of whole commands.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable

import pytest
from fuzz_strategies import lz_bomb

from satdoku.errors import ParseError
from satdoku.formats import line_file
from satdoku.formats.fpuzzles import read_fpuzzles
from satdoku.formats.fpuzzles_links import decode_payload
from satdoku.formats.limits import MAX_LINE, MAX_TEXT_FIELD, fpuzzles_limit
from satdoku.formats.loader import read_records
from satdoku.formats.lzstring import compress_to_base64, decompress_from_base64

MiB = 1024 * 1024
GRID9 = [[{} for _ in range(9)] for _ in range(9)]


def peak(work: Callable[[], object]) -> tuple[object, int]:
    """(what ``work`` returned or raised, the peak of memory it allocated, in bytes)."""
    tracemalloc.start()
    try:
        result: object = work()
    except Exception as err:  # (the error is the result)
        result = err
    finally:
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return result, top


@pytest.fixture(scope="module")
def long_title() -> str:
    """A 9x9 f-puzzles payload, size first (as f-puzzles writes it), with a title of
    1.3 M characters: a little over what a 9x9 can hold."""
    return compress_to_base64(json.dumps(
        {"size": 9, "title": "a" * 1_300_000, "grid": GRID9}, separators=(",", ":")))


def test_a_link_is_refused_as_soon_as_it_outgrows_its_board(long_title):
    error, top = peak(lambda: decode_payload(long_title))
    assert isinstance(error, ParseError)
    assert f"more than {fpuzzles_limit(9):,} characters, more than a 9x9 puzzle" in str(error)
    assert top < 8 * MiB  # (the 15 MB title of the issue: 2.1 GB before)


def test_a_link_without_its_size_first_is_measured_against_its_board_after_decoding():
    payload = compress_to_base64(json.dumps({"grid": GRID9, "title": "a" * 1_300_000}))
    with pytest.raises(ParseError, match=r"decodes to 1,300,\d+ characters, more than a 9x9"):
        decode_payload(payload)


def test_decoding_costs_a_few_bytes_a_character():
    """A 4.5 M-character bomb (ASCII) decodes within 4 bytes a character (a 2-byte object
    per character before: over 40)."""
    bomb = lz_bomb(3000)
    text, top = peak(lambda: decompress_from_base64(bomb))
    assert isinstance(text, str) and len(text) == 3001 * 3002 // 2
    assert top < 4 * len(text)


def test_a_title_or_rules_text_is_capped():
    fobj = {"size": 4, "grid": [[{}] * 4] * 4, "ruleset": "x" * (MAX_TEXT_FIELD + 1)}
    with pytest.raises(ParseError, match=r"ruleset: a text of 65,537 characters is longer"):
        read_fpuzzles(fobj)
    fobj["ruleset"] = "x" * MAX_TEXT_FIELD
    assert read_fpuzzles(fobj).puzzle.board.n == 4


def test_a_line_of_many_megabytes_in_a_big_file_is_read_a_piece_at_a_time(tmp_path,
                                                                          monkeypatch):
    """The line is that line's error, the puzzles around it are read, and indexing the file
    holds a megabyte or two, not the line (three copies of it before)."""
    monkeypatch.setattr(line_file, "BIG_FILE", 10)
    path = tmp_path / "long.txt"
    with path.open("w") as stream:
        stream.write("1.3...2...4.3.1.\n")
        stream.write("1." * (16 * MiB) + "\n")
        stream.write("..3...2...4.3.1.\n")
    result, top = peak(lambda: read_records(str(path)))
    assert top < 6 * MiB
    assert not isinstance(result, Exception)
    records, _ = result  # type: ignore[misc]
    assert [r.line for r in records] == [1, 2, 3]
    assert records[0].puzzle is not None and records[2].puzzle is not None
    assert f"more than {MAX_LINE:,} characters" in str(records[1].error)


def test_a_big_file_of_more_lines_than_the_cap_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(line_file, "BIG_FILE", 10)
    monkeypatch.setattr(line_file, "MAX_LINES", 3)
    path = tmp_path / "many.txt"
    path.write_text("# four puzzles\n" + "1.3...2...4.3.1.\n" * 4)
    with pytest.raises(ParseError, match=r"more than 3 puzzles \(line 5\): split it"):
        read_records(str(path))

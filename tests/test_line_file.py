"""Big files of one puzzle per line are memory-mapped, and read exactly as a file read whole."""

from __future__ import annotations

import pytest

from satdoku.formats import line_file
from satdoku.formats.line_file import MappedLines, mapped_lines
from satdoku.formats.loader import read_records
from satdoku.puzzle import Puzzle

LINES = [
    "\ufeff# a comment, then a blank line and separators only",
    "",
    "--- | ---",
    "1.3...2...4.3.1.",
    "12343412214....3\r",
    "11..............",            # clashing givens: that line's error
    "1.3...2...4.3.1.xyz",         # garbage: that line's error
    "1...",                        # a 2x2 Latin square
]


@pytest.fixture
def big(tmp_path, monkeypatch):
    """A file of 4x4 puzzles (every line above, 20 times) that counts as big."""
    path = tmp_path / "many.txt"
    body = "\n".join(LINES[3:]) + "\n"
    path.write_bytes(("\n".join(LINES[:3]) + "\n" + body * 20).encode())
    monkeypatch.setattr(line_file, "BIG_FILE", 10)
    return path


def _summary(records) -> list[tuple[int, str, str]]:
    return [(r.line, r.text, str(r.error) if r.error else "") for r in records]


def test_mapped_file_reads_as_the_file_read_whole(big, monkeypatch):
    mapped, _ = read_records(str(big), "auto", "")
    assert isinstance(mapped._lines, MappedLines)
    monkeypatch.setattr(line_file, "BIG_FILE", 1 << 60)
    whole, _ = read_records(str(big), "auto", "")
    assert not isinstance(whole._lines, MappedLines)
    assert len(mapped) == len(whole) == 5 * 20
    assert _summary(mapped) == _summary(whole)
    assert isinstance(mapped[0].puzzle, Puzzle) and mapped[0].line == 4
    assert [r.line for r in mapped.part(5, 7)] == [9, 10]


def test_bytes_that_are_not_utf8_are_that_lines_error(big):
    big.write_bytes(big.read_bytes() + b"\xff\xfe\n")
    records, _ = read_records(str(big), "auto", "")
    assert len(records) == 101 and records[99].error is None
    assert records[100].error is not None and records[100].line == 104


def test_json_links_and_small_files_are_not_mapped(tmp_path, big):
    for name, text in [("a.json", "[" + "{}," * 20 + "{}]"),
                       ("links.txt", "https://f-puzzles.com/?load=N4Ig\n" * 10),
                       ("cr.txt", "1.3...2...4.3.1.\r" * 10)]:
        (tmp_path / name).write_text(text)
        assert mapped_lines(str(tmp_path / name)) is None, name
    assert mapped_lines(str(tmp_path / "missing.txt")) is None


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_big_file_solved_through_the_cli_as_when_read_whole(big, monkeypatch, jobs):
    """End to end (in this process, where the threshold is lowered; -j 2 forks it): the same
    output as the file read whole, every line answered in order, bad lines named."""
    from satdoku.cli.app import run

    outputs = []
    for threshold in (10, 1 << 60):
        monkeypatch.setattr(line_file, "BIG_FILE", threshold)
        out = big.with_name(f"out-{threshold}.txt")
        assert run(["check", str(big), "-o", str(out), "-q", "-j", jobs, "-f", "json"]) == 2
        outputs.append(out.read_text())
    assert outputs[0] == outputs[1]
    lines = outputs[0].splitlines()
    assert len(lines) == 100 and '"line": 6, "status": "invalid"' in lines[2]

"""Files and arguments of links as the command line reads them: one result per link line
(bare SudokuPad payloads among full links), links wrapped over lines joined again (SudokuPad
and Penpa+), bare ``fpuz…`` payloads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
SUDOKUPAD = {p["title"]: p for p in
             json.loads((DATA / "sudokupad" / "public.json").read_text())["puzzles"]}
PENPA = {p["title"]: p for p in json.loads((DATA / "penpa" / "public.json").read_text())["puzzles"]}
CLOVER = SUDOKUPAD["June 8, 2021: Killer clover!"]["link"]  # https://sudokupad.app/fpuz…
KILLER_4 = SUDOKUPAD["Introduction to Killer Sudoku"]["link"]  # a bare scl…, 4x4
TENDRIL = SUDOKUPAD["Tendril Battle"]["link"]  # a bare scl…
KNIGHTS = SUDOKUPAD["Knights of the QS Example"]["link"]  # a bare fpuz…
PENPA_KILLER = PENPA["WSC 2026 R01-02 Killer Sudoku"]["link"]


def _rows(cli_here, path: Path) -> list[tuple[int, str]]:
    code, out, err = cli_here("check", str(path), "-f", "json")
    assert code in (0, 3), err
    return [(row["line"], row["status"]) for row in map(json.loads, out.splitlines())]


def test_bare_payloads_after_links_are_each_their_own_line(tmp_path, cli_here) -> None:
    """A bare scl/scf payload is all Base64, like the piece of a wrapped link: after a link
    (even past a blank or comment line) it was glued onto it, and its result was lost."""
    lines = [CLOVER, KILLER_4, "", TENDRIL, "# the next one again", KILLER_4,
             "scfoooooooooooook", PENPA_KILLER, "scfoooooooooooook", "1034340220434301"]
    path = tmp_path / "links.txt"
    path.write_text("\n".join(lines) + "\n")
    assert _rows(cli_here, path) == [
        (1, "unique"), (2, "unique"), (4, "unique"), (6, "unique"), (7, "multiple"),
        (8, "unique"), (9, "multiple"), (10, "unique")]
    code, out, _ = cli_here("check", str(path), "-f", "line")
    assert code == 3 and out.count("\n") == 8


def test_two_bare_scl_payloads_are_two_puzzles(tmp_path, cli_here) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{TENDRIL}\n{KILLER_4}\n")
    assert _rows(cli_here, path) == [(1, "unique"), (2, "unique")]


@pytest.mark.parametrize("between", ["", "# a comment"])
def test_a_wrapped_link_is_not_continued_past_a_blank_or_comment_line(
        tmp_path, cli_here, between: str) -> None:
    path = tmp_path / "cut.txt"
    path.write_text(f"{TENDRIL[:300]}\n{between}\n{TENDRIL[300:]}\n")
    code, out, _ = cli_here("check", str(path), "-f", "line")
    assert code == 2 and [row[:9] for row in out.splitlines()] == ["# line 1:", "# line 3:"]


@pytest.mark.parametrize("prefix", ["", "fpuzzles", "https://sudokupad.app/"])
def test_a_bare_fpuz_payload_is_read_as_an_argument_from_stdin_and_in_a_file(
        tmp_path, cli_here, prefix: str) -> None:
    """``fpuz…`` as data sets list it (Sudoku-Bench): only ``records()`` read it, the command
    line took it for a line of text."""
    link = prefix + KNIGHTS if prefix != "fpuzzles" else "fpuzzles" + KNIGHTS[len("fpuz"):]
    path = tmp_path / "fpuz.txt"
    path.write_text(link + "\n")
    for args, stdin in (((link,), None), (("-",), link), ((str(path),), None)):
        code, out, err = cli_here("check", *args, "-f", "line", stdin=stdin)
        assert code == 3 and out.startswith("multiple "), err
        assert "unexpected character" not in err


def test_a_wrapped_penpa_link_is_joined_again(tmp_path, cli_here) -> None:
    """A Penpa+ link cut into 76-character lines (as mail does): its pieces hold '&a=',
    '&variants=' and '%2C', which are not Base64."""
    path = tmp_path / "wrapped.txt"
    pieces = [PENPA_KILLER[k:k + 76] for k in range(0, len(PENPA_KILLER), 76)]
    assert any("&" in p or "%" in p for p in pieces[1:])
    path.write_text("\n".join(pieces) + "\n" + KILLER_4 + "\n")
    code, out, err = cli_here("check", str(path), "-f", "line")
    _, whole, _ = cli_here("check", PENPA_KILLER, "-f", "line")
    assert (code, err) == (0, "") and out.splitlines() == [whole.strip(), "unique 3214142323414132"]


@pytest.mark.parametrize("command", ["solve", "check", "count", "candidates", "explain",
                                     "analyse", "hint", "render", "export", "convert"])
def test_every_commands_help_names_the_links_and_files_it_reads(cli_here, command) -> None:
    """PUZZLE and --ignore-unsupported named only f-puzzles and SudokuPad."""
    code, out, _ = cli_here(command, "--help")
    words = " ".join(out.split())
    assert code == 0 and "SudokuPad or Penpa+ link, f-puzzles JSON or ipuz" in words
    assert "--ignore-unsupported f-puzzles, SudokuPad and Penpa+ input" in words


@pytest.mark.parametrize("command", ["render", "export", "check"])
def test_the_unverified_warning_names_the_file_in_every_command(tmp_path, cli_here,
                                                                  command) -> None:
    """render and export said it without the file name, the other commands with it."""
    path = tmp_path / "noanswer.txt"
    path.write_text(re.sub(r"&a=[^&]*", "", PENPA_KILLER) + "\n")
    out = tmp_path / ("out.svg" if command == "render" else "out.txt")
    code, _, err = cli_here(command, str(path), "-o", str(out))
    assert code == 0 and err.startswith(f"satdoku: warning: {path}: read as a 9x9 Sudoku"), err
    assert "unverified" in err

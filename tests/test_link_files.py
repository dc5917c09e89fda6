"""Files and arguments of links as the command line reads them: one result per link line
(bare SudokuPad payloads among full links), links wrapped over lines joined again (SudokuPad
and Penpa+), bare ``fpuz…`` payloads."""

from __future__ import annotations

import json
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


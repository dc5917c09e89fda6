"""SudokuPad links: link kinds, scl reading by recognition, verification, scf, writing scl."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from satdoku.errors import ParseError, RuleError
from satdoku.formats.drawn_records import scl_record
from satdoku.formats.fpuzzles_links import is_link, records
from satdoku.formats.lzstring import compress_to_base64
from satdoku.formats.puzzle_json import puzzle_to_json, read_json_puzzles
from satdoku.formats.reading_check import checked, solution_grid
from satdoku.formats.scf import read_scf, write_scf
from satdoku.formats.scl_read import recognise
from satdoku.formats.scl_write import scl_link, to_sudokupad
from satdoku.formats.scl_zip import unzip, zip_puzzle
from satdoku.formats.sudokupad_links import link_kind, scl_object
from satdoku.solving import Status, check

DATA = Path(__file__).parent / "data" / "sudokupad"
EXAMPLES = Path(__file__).parent.parent / "examples"
FROM_FPUZZLES = json.loads((DATA / "from-fpuzzles.json").read_text())["puzzles"]
PUBLIC = {p["title"]: p for p in json.loads((DATA / "public.json").read_text())["puzzles"]}


@pytest.mark.parametrize("entry", FROM_FPUZZLES, ids=lambda e: e["title"])
def test_sudokupad_conversions_of_public_puzzles(entry: dict) -> None:
    """SudokuPad's own drawings of public f-puzzles puzzles: read and solved to the published
    solution, verified by it where the puzzle carries it; or refused by name."""
    (record,) = records("https://sudokupad.app/scl" + entry["scl"])
    if "refused" in entry["expect"]:
        assert record.error is not None
        assert entry["expect"]["refused"] in record.error.message, record.error.message
        return
    assert record.error is None, record.error
    result = check(record.puzzle)
    assert result.status is Status.UNIQUE
    n = record.puzzle.board.n
    if n <= 9:
        assert result.solutions[0] == solution_grid(entry["solution"], n)
        assert dict(record.meta)["solution"]  # verified, kept for convert
        assert not any("unverified" in w for w in record.warnings)


@pytest.mark.parametrize("entry", PUBLIC.values(), ids=lambda e: e["title"])
def test_every_public_link_is_read_to_its_published_answer_or_refused_by_name(entry: dict) -> None:
    """Each public link of ``public.json``: refused naming the feature, or read and checked —
    its status, and its published solution (or answer key) where the source gives one, which
    the puzzle's own rule checkers must accept (``Puzzle.verify``, not the CNF)."""
    (record,) = records(entry["link"])
    kind = {"ctc": "scl", "fpuz": "fpuzzles"}.get(entry["kind"], entry["kind"])
    url = entry["link"] if "://" in entry["link"] else "https://sudokupad.app/" + entry["link"]
    assert link_kind(url)[0] == kind
    expect = entry["expect"]
    if "refused" in expect:
        assert record.error is not None and expect["refused"] in record.error.message
        return
    assert record.error is None, record.error
    result = check(record.puzzle)
    assert result.status.value == expect["status"]
    n = record.puzzle.board.n
    if "givens" in expect:
        assert sum(map(bool, record.puzzle.givens)) == expect["givens"]
    published = entry.get("solution")
    if published:  # the published solution keeps every rule read
        record.puzzle.verify(solution_grid(published, n))
        if result.status is Status.UNIQUE:
            assert result.solutions[0] == solution_grid(published, n)
    if "answer_key" in entry:  # a row of the solution, as the source publishes it
        key, row = entry["answer_key"], entry["answer_key"]["row"] - 1
        assert "".join(map(str, result.solutions[0][row * n:(row + 1) * n])) == key["digits"]
    if result.status is Status.MULTIPLE:  # two different solutions, both keeping every rule
        for grid in result.solutions[:2]:
            record.puzzle.verify(grid)
        assert result.solutions[0] != result.solutions[1]


def test_ctc_fpuz_and_fpuzzles_prefixes_are_read() -> None:
    payload = FROM_FPUZZLES[0]["scl"]
    assert link_kind(f"https://sudokupad.app/ctc{payload}") == ("scl", payload)
    assert link_kind(f"https://beta.sudokupad.app/?puzzleid=scl{payload}&x=1")[0] == "scl"
    assert link_kind("crackingthecryptic.com/sudoku/fpuzN4IgzglgXgpiBcBOA") == (
        "fpuzzles", "N4IgzglgXgpiBcBOA")
    assert link_kind("https://sudokupad.app/psxczr0jpr") == ("server", "psxczr0jpr")
    fpuz = ("N4IgzglgXgpiBcBOANCALhNAbO8QA0BaAZQFcATAewGtSRUBDUtAC0oCcEQBzGAOxjsGaGOQAEAd0wsx"
            "YYVVr0e7COQQBtdcAC+yUADcGWUrgBsqbhH38Eadid069jl87c6Ausi0hDx3ADMFlY28HYO7o6+RiYI5"
            "jwhfLb2MK5O6dH+CCgJ1klhKVF+sfAAjMF5yQ5eWmmZJeW5oeGpevW4OZaVBREZxbgALBXNhZFt/XHD+"
            "S3aNQYxg1NVrelpa+7tCACsSz2pc0ULCABMuzNjqxez3pe3m0hno3cT8EFN00/XtRsvO+/L61uLgOPyO"
            "8FO/z2gPuby6I169z+cI+vUOWXgAHZHtUbtDftiVoC0SVOokAR4vCByBAGNxKHwjABqZaoam0+lGQgAo"
            "A===")
    a, b = (records(f"https://sudokupad.app/{p}{fpuz}")[0] for p in ("fpuz", "fpuzzles"))
    assert a.error is None and a.puzzle == b.puzzle


def test_a_server_id_needs_the_network_and_says_so() -> None:
    (record,) = records("https://sudokupad.app/psxczr0jpr")
    assert "network" in record.error.message and "scl" in record.error.message


def test_parity_fish_is_refused_for_its_background_picture() -> None:
    """The issue's puzzle: its parity lines are drawn only in a background picture."""
    entry = PUBLIC["Parity Fish"]
    (record,) = records(entry["link"])
    assert entry["expect"]["refused"] in record.error.message


def _parity_fish() -> dict:
    puzzle = scl_object(PUBLIC["Parity Fish"]["link"].split("/scl", 1)[1])
    del puzzle["metadata"]["bgimage"]
    return puzzle


def test_dots_are_read_by_their_fill_and_verified_by_the_solution() -> None:
    rec = recognise(_parity_fish())
    assert (len(rec.obj["white_dots"]), len(rec.obj["black_dots"])) == (16, 5)
    assert checked(rec, "SudokuPad").verified


def test_a_forged_dot_colour_is_caught_as_a_misread() -> None:
    puzzle = _parity_fish()
    white = next(o for o in puzzle["overlays"] if o["backgroundColor"] == "#FFFFFF")
    white["backgroundColor"] = "#000000"
    with pytest.raises(ParseError, match=r"published solution breaks black dots.*— misread"):
        checked(recognise(puzzle), "SudokuPad")


def test_the_peers_misread_reading_dots_by_text_colour_is_caught() -> None:
    """All 21 dots black, as a reader that takes ``color`` (the text colour) for the fill."""
    puzzle = _parity_fish()
    for dot in puzzle["overlays"]:
        dot["backgroundColor"] = "#000000"
    with pytest.raises(ParseError, match="misread"):
        checked(recognise(puzzle), "SudokuPad")


def test_a_reading_without_a_solution_is_unverified_in_every_output() -> None:
    puzzle = _parity_fish()
    del puzzle["metadata"]["solution"]
    payload = compress_to_base64(zip_puzzle(puzzle))
    record = scl_record(1, "link", payload, None, False)
    assert any(w.startswith("read as a 9x9 Sudoku (3x3 boxes), 0 givens, 16 white dots, 5 black "
                            "dots; unverified") for w in record.warnings)


@pytest.mark.parametrize("title", ["Introduction to Counting Circles", "Round and Round"])
def test_unknown_drawings_are_refused_by_name_and_place(title: str) -> None:
    entry = PUBLIC[title]
    (record,) = records(entry["link"])
    assert entry["expect"]["refused"] in record.error.message
    assert "--ignore-unsupported" in record.error.message


def test_unknown_features_are_each_named() -> None:
    base = _parity_fish()
    base["lines"] = [{"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#FF0000", "thickness": 8}]
    base["overlays"].append({"center": [4.5, 4.5], "width": 0.6, "height": 0.6,
                             "backgroundColor": "#FFD700", "text": "?"})
    base["fogofwar"] = True
    base["sparkles"] = 1
    refused = recognise(base).refused
    assert any("colour #FF0000 (red) through r1c1, r1c2, r1c3" in r and "no line type for red"
               in r for r in refused), refused
    assert any("the text '?'" in r and "r5c5" in r for r in refused), refused
    assert "the key 'sparkles'" in refused


def test_lines_are_read_by_colour_where_the_rules_text_names_them() -> None:
    base = _parity_fish()
    del base["metadata"]["solution"]
    base["metadata"]["rules"] += " Green lines are German whispers."
    base["lines"] = [{"wayPoints": [[0.5, 0.5], [2.5, 2.5]], "color": "#40C040", "thickness": 8}]
    assert recognise(base).obj["whispers"] == [["r1c1", "r2c2", "r3c3"]]


@pytest.mark.parametrize(("rules", "said"), [
    (" Green lines are not German whispers.", "green lines are not whispers"),
    (" Purple lines are German whispers.", "no line type for green lines")])
def test_a_line_the_text_denies_or_gives_another_colour_is_refused(rules, said) -> None:
    """(a new user's trial: both were read as whispers, the only line type the text names)"""
    base = _parity_fish()
    del base["metadata"]["solution"]
    base["metadata"]["rules"] += rules
    base["lines"] = [{"wayPoints": [[0.5, 0.5], [2.5, 2.5]], "color": "#40C040", "thickness": 8}]
    reading = recognise(base)
    assert "whispers" not in reading.obj
    assert any(said in r for r in reading.refused), reading.refused


def test_compact64_payloads_read_the_same() -> None:
    """SudokuPad's other compressor packs the same bit stream 16 bits at a time."""
    import base64

    from satdoku.formats import lzstring

    text = zip_puzzle(_parity_fish())
    units = lzstring._compress(lzstring._units(text), lzstring._BitWriter(16, chr))
    packed = base64.b64encode(b"".join(ord(u).to_bytes(2, "big") for u in units)).decode()
    assert scl_object(packed) == scl_object(compress_to_base64(text))


def test_payloads_inflating_past_the_limit_are_one_line_errors(monkeypatch) -> None:
    import satdoku.formats.sudokupad_links as links

    monkeypatch.setattr(links, "MAX_DECODED", 1000)
    (record,) = records("scl" + compress_to_base64("{ce:[" + "[,,]," * 500 + "]}"))
    assert "more than 1,000 characters" in record.error.message
    assert "\n" not in str(record.error)


def test_nesting_and_garbage_are_one_line_errors() -> None:
    for payload in (compress_to_base64("[" * 100000), "%%%notbase64", compress_to_base64("{a:")):
        (record,) = records("https://sudokupad.app/scl" + payload)
        assert record.error is not None and "\n" not in str(record.error)


def test_zip_is_unzips_inverse_on_awkward_text() -> None:
    obj = {"cells": [[{}, {"value": 3}]], "metadata": {"rules": "it's [t,f] {}"},
           "lines": [{"color": "#34BBE6", "wayPoints": [[0, 0], [1, 1]], "thickness": 2}],
           "overlays": [], "flag": False}
    assert unzip(zip_puzzle(obj)) == {k: v for k, v in obj.items() if v != []}
    # as in SudokuPad, a double quote in a text comes back as an apostrophe
    assert unzip(zip_puzzle({"t": 'say "x"'})) == {"title": "say 'x'"}


def test_scf_reads_and_writes_classic_puzzles() -> None:
    givens = tuple(int(c) for c in "000000010400000000020000000000050407008000300001090000"
                                   "300400200050100000000806000")
    payload = write_scf(givens, ("diagonal",))
    assert read_scf(payload) == (givens, ("diagonal",))
    (record,) = records("https://sudokupad.app/scf" + payload)
    assert record.puzzle.givens == givens and [r.name for r in record.puzzle.rules] == ["diagonal"]
    with pytest.raises(ParseError, match="codes 5 cells"):
        read_scf("scf12345")
    assert is_link("scf" + payload)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_every_example_round_trips_through_scl_or_is_refused_by_name(path: Path) -> None:
    for rec in read_json_puzzles(path.read_text(), str(path)):
        try:
            link = scl_link(rec.puzzle, dict(rec.meta))
        except RuleError as err:
            assert "SudokuPad (scl) cannot express" in str(err)
            continue
        (back,) = records(link)
        assert back.error is None, back.error
        assert puzzle_to_json(back.puzzle) == puzzle_to_json(rec.puzzle)


def test_written_solution_verifies_the_reading_back() -> None:
    (rec,) = read_json_puzzles((EXAMPLES / "killer.json").read_text())
    solution = check(rec.puzzle).solutions[0]
    (back,) = records(scl_link(rec.puzzle, solution=solution))
    assert dict(back.meta)["solution"] and not back.warnings
    assert to_sudokupad(rec.puzzle)["cages"][0]["unique"] is True


@pytest.mark.parametrize("kind", ["scl", "ctc"])
def test_a_link_cut_after_its_kind_says_so(kind: str) -> None:
    run = run_cli("check", f"https://sudokupad.app/{kind}")
    assert run.code == 2 and "empty after 'scl' or 'ctc'" in run.err


def test_an_fpuzzles_payload_with_drawn_lines_warns_that_they_are_read_as_decoration() -> None:
    """f-puzzles' plain 'line' is a drawing; setters draw renbans and whispers with it and
    name them only in the rules text (a public clover puzzle): the reading says so instead
    of answering as if the lines meant nothing."""
    puzzles = json.loads((Path(__file__).parent / "data" / "sudokupad" / "public.json")
                         .read_text(encoding="utf-8"))["puzzles"]
    clover = next(p for p in puzzles if p["title"].startswith("June 7 2021"))
    run = run_cli("check", clover["link"], "-f", "line")
    assert run.code == 3 and "draws 12 plain lines" in run.err and "may differ" in run.err

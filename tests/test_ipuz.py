"""ipuz Sudoku files: read, written, validated by the ipuz library, round-tripped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satdoku.errors import ParseError, RuleError
from satdoku.formats.ipuz import format_ipuz, read_ipuz, to_ipuz
from satdoku.formats.puzzle_json import puzzle_to_json, read_json_puzzles
from satdoku.solving import Status, check

ipuz = pytest.importorskip("ipuz")
EXAMPLES = Path(__file__).parent.parent / "examples"
HEAD = '{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"], '


PUBLIC = Path(__file__).parent / "data" / "ipuz"


@pytest.mark.parametrize("path", sorted(PUBLIC.glob("*.ipuz")), ids=lambda p: p.name)
def test_public_ipuz_files_are_solved_to_their_published_solution(path: Path) -> None:
    """Public ipuz files (README.md says where from): valid by the ipuz library, read,
    unique, and the answer is the file's own solution, which the rules' checkers accept."""
    text = path.read_text()
    ipuz.read(text)
    rec = read_ipuz(text)
    assert rec.solution is not None
    rec.puzzle.verify(rec.solution)  # the published solution keeps the givens and the rules
    result = check(rec.puzzle)
    assert result.status is Status.UNIQUE and result.solutions[0] == rec.solution


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_examples_round_trip_through_ipuz_valid_by_the_ipuz_library(path: Path) -> None:
    for rec in read_json_puzzles(path.read_text(), str(path)):
        try:
            text = format_ipuz(rec.puzzle, dict(rec.meta))
        except RuleError as err:
            assert "ipuz cannot express" in str(err)
            continue
        ipuz.read(text)  # raises IPUZException when the document breaks the spec
        back = read_ipuz(text)
        assert puzzle_to_json(back.puzzle) == puzzle_to_json(rec.puzzle)
        assert back.meta.get("title") == dict(rec.meta).get("title")


def test_solution_is_written_and_checked_on_reading() -> None:
    (rec,) = read_json_puzzles((EXAMPLES / "killer.json").read_text())
    solution = check(rec.puzzle).solutions[0]
    doc = to_ipuz(rec.puzzle, solution=solution)
    ipuz.read(json.dumps(doc))
    assert read_ipuz(json.dumps(doc)).solution == solution
    doc["solution"][0][0], doc["solution"][0][1] = doc["solution"][0][1], doc["solution"][0][0]
    with pytest.raises(ParseError, match="solution breaks"):
        read_ipuz(json.dumps(doc))


def test_charset_letters_empty_values_jsonp_and_rects() -> None:
    text = ("ipuz(" + HEAD + '"charset": "ABCD", "empty": "-", "boxes": false, '
            '"zones": [{"rect": [1, 1, 2, 2]}, {"rect": [3, 1, 4, 2]}, {"rect": [1, 3, 2, 4]},'
            ' {"rect": [3, 3, 4, 4]}], "puzzle": [["A","-","-","-"],["-","-","-","-"],'
            '["-","-","-","-"],["-","-","-","D"]]})')
    reading = read_ipuz(text)
    assert reading.puzzle.givens[0] == 1 and reading.puzzle.givens[15] == 4
    assert reading.puzzle.board.box == (2, 2)


def test_cages_are_column_row_and_calcudoku_is_refused() -> None:
    grid = json.dumps([[0] * 4 for _ in range(4)])
    doc = HEAD + f'"charset": "1234", "puzzle": {grid}, '
    reading = read_ipuz(doc + '"cages": [{"cells": [[2, 1], [3, 1]], "value": 7}]}')
    assert puzzle_to_json(reading.puzzle)["cages"] == [{"cells": ["r1c2", "r1c3"], "sum": 7}]
    with pytest.raises(ParseError, match=r"operator '\*'.*calcudoku"):
        read_ipuz(doc + '"cages": [{"cells": [[1, 1], [1, 2]], "value": 2, "operator": "*"}]}')
    with pytest.raises(ParseError, match=r"the field 'com\.example:arrows'"):
        read_ipuz(doc + '"com.example:arrows": []}')


def test_not_sudoku_and_damage_are_one_line_errors() -> None:
    for text in ('{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"]}',
                 HEAD + '"puzzle": [[1, 2]]}', HEAD + '"puzzle": [[9]]}', HEAD + '"puzzle": '):
        with pytest.raises(ParseError) as err:
            read_ipuz(text)
        assert "\n" not in str(err.value)


def test_a_grid_that_is_not_square_says_what_it_has() -> None:
    rows = [[0] * 9 for _ in range(8)]
    with pytest.raises(ParseError, match=r"expected 8 rows of 8 cells \(a 8x8 grid\), got "
                                         r"8 rows of 9 cells"):
        read_ipuz(HEAD + f'"puzzle": {rows}}}')


def test_many_puzzles_written_one_document_a_line_read_back(tmp_path: Path) -> None:
    """`convert FILE --to ipuz` writes one document per line; each reads back as its line's
    puzzle, and a bad line is named by its number (a new user's trial: 'not JSON')."""
    from conftest import ROOT, run_cli

    many = tmp_path / "many.ipuz"
    assert run_cli("convert", str(ROOT / "examples" / "puzzles.txt"), "--to", "ipuz",
                   "-o", str(many)).code == 0
    solved = run_cli("solve", str(many), "-f", "line")
    direct = run_cli("solve", str(ROOT / "examples" / "puzzles.txt"), "-f", "line")
    assert solved.code == 0 and solved.out == direct.out and len(solved.out.split()) == 5
    many.write_text(many.read_text() + '{"kind": ["http://ipuz.org/crossword#1"]}\n')
    run = run_cli("solve", str(many), "-f", "line")
    assert run.code == 2 and "line 6: ipuz: kind" in run.err
    assert run.out.count("\n") == 6  # five solutions and the line's note


def test_the_common_checksum_field_is_not_refused() -> None:
    doc = to_ipuz(next(read_json_puzzles('{"givens": "1' + "." * 15 + '"}')).puzzle)
    doc["checksum"] = ["3bf10d2b0a2f25bc"]
    assert read_ipuz(json.dumps(doc)).puzzle.givens[0] == 1

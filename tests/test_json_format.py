"""The JSON puzzle format: reading, writing, round trips, the schema, and errors with paths."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from satdoku import Board, ParseError, Puzzle, RuleError
from satdoku.formats import format_json, parse_json_puzzle, puzzle_to_json, read_json_puzzles
from satdoku.formats.json_fields import KEYS
from satdoku.rules import CATALOGUE, DATA_KEYS, Cage, ExtraRegions, KillerCages, Parity, parse_rules
from satdoku.solving.solver import count
from tests.conftest import ROOT, run_cli

EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
SCHEMA = json.loads((resources.files("satdoku") / "schema" / "puzzle.schema.json").read_text())


def parse(obj) -> Puzzle:
    return parse_json_puzzle(json.dumps(obj))


# -- reading -----------------------------------------------------------------------------------
def test_every_key_is_read():
    p = parse({"size": 4, "box": "2x2", "givens": ["1...", "....", "....", "...."],
               "rules": ["diagonal", "anti-knight"],
               "cages": [{"cells": ["r1c2", "r1c3"], "sum": 5}, {"cells": ["r4c4"]}],
               "extra_regions": [["r2c1", "r3c2"]], "even": ["r2c2"], "odd": ["r3c3"],
               "title": "t", "author": "a", "comment": "c", "$schema": "s"})
    assert p.board == Board(4, (2, 2)) and p.givens[0] == 1 and p.num_givens == 1
    assert set(p.rules) == {*parse_rules("diagonal,anti-knight"), ExtraRegions(((4, 9),)),
                            KillerCages((Cage((1, 2), 5), Cage((15,)))),
                            Parity("even", (5,)), Parity("odd", (10,))}


@pytest.mark.parametrize("givens", [
    "1" + "." * 15,
    ["1...", "....", "....", "...."],
    ["1 . | . .", ". . | . .", ". . | . .", ". . | . ."],
    [[1, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4],
])
def test_givens_as_a_line_rows_or_numbers(givens):
    assert parse({"givens": givens}).givens == (1,) + (0,) * 15


def test_big_boards_take_numbers():
    p = parse({"givens": " ".join(["16"] + ["."] * 255)})
    assert p.board.n == 16 and p.givens[0] == 16
    assert parse({"size": 16}).board.box == (4, 4)


def test_jigsaw_regions_as_symbols_or_cell_lists_are_the_same_board():
    rows = ["AABB", "AABB", "CCDD", "CCDD"]
    lists = [["r1c1", "r1c2", "r2c1", "r2c2"], ["r1c3", "r1c4", "r2c3", "r2c4"],
             ["r3c1", "r3c2", "r4c1", "r4c2"], ["r3c3", "r3c4", "r4c3", "r4c4"]]
    a, b = parse({"regions": rows}), parse({"regions": lists})
    assert a.board == b.board and a.board.regions is not None
    assert sorted(a.board.boxes) == sorted(Board.classic(4).boxes)


def test_box_none_and_the_default_box():
    assert parse({"size": 6, "box": "none"}).board.box is None
    assert parse({"size": 6}).board.box == (2, 3)
    assert parse_json_puzzle('{"size": 6}', box=(3, 2)).board.box == (3, 2)  # --box


def test_an_array_is_many_puzzles_with_their_lines():
    text = '[\n  {"size": 4},\n\n  {"size": 4, "cages": [{"cells": ["r9c9"]}]},\n  {"size": 9}\n]'
    records = list(read_json_puzzles(text, "f.json"))
    assert [r.line for r in records] == [2, 4, 5]
    assert records[0].puzzle and records[2].puzzle and records[1].error
    assert str(records[1].error) == ("f.json, line 4: $[1].cages[0].cells[0]: "
                                     "cell r9c9 is outside the 4x4 board")


def test_extra_rules_add_to_the_file():
    (record,) = read_json_puzzles('{"size": 4, "rules": ["diagonal"]}',
                                  rules=parse_rules("anti-king,diagonal"))
    assert record.puzzle.rules == parse_rules("diagonal,anti-king")


# -- errors name the JSON path -------------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    ('{"size": 4,}', "line 1, column 12: malformed JSON: Expecting property name"),
    ('{"size": 4, "size": 9}', "key 'size' appears twice"),
    ('[1]', "$[0]: expected a puzzle object {...}, got int"),
    ('{"sise": 4}', "$.sise: unknown key 'sise' (did you mean 'size'?)"),
    ('{"size": "9"}', "$.size: expected a number, got str"),
    ('{"size": 0}', "$.size: size 0 is out of range"),
    ('{}', "$: give the board 'size'"),
    ('{"givens": "12345"}', "$.givens: 5 cells do not fill a 2x2 board"),
    ('{"givens": "1..!"}', "$.givens: unexpected character '!' (digits are"),
    ('{"givens": "1..x"}', "$.givens: digit 59 at r2c2 is out of range for a 2x2 board"),
    ('{"givens": ["1.", "."]}', "$.givens[1]: this row has 1 cells"),
    ('{"givens": [[5, 0], [0, 0]]}', "$.givens: digit 5 at r1c1 is out of range"),
    ('{"givens": [[true, 0], [0, 0]]}', "$.givens[0][0]: expected a number (0 blank), got bool"),
    ('{"size": 4, "box": "3x3"}', "$.box: boxes 3x3 do not tile a 4x4 board"),
    ('{"size": 4, "box": "2x2", "regions": []}', "$.box: a jigsaw puzzle has 'regions'"),
    ('{"regions": ["AAAB", "AABB", "CCDD", "CCDD"]}',
     "$.regions: region 'A' has 5 cells; each region needs 4"),
    ('{"regions": ["AAB", "AABB", "CCDD", "CCDD"]}', "$.regions[0]: 3 region symbols"),
    ('{"size": 2, "regions": [["r1c1", "r1c2"], ["r2c1", "r1c1"]]}',
     "$.regions[1]: cell r1c1 is also in region 1"),
    ('{"size": 4, "rules": ["anti-night"]}',
     "$.rules[0]: unknown rule 'anti-night' (did you mean 'anti-knight'?)"),
    ('{"size": 6, "rules": ["windoku"]}', "$.rules[0]: rule windoku is not defined on a 6x6"),
    ('{"size": 4, "rules": "diagonal"}', "$.rules: expected a list of rule names, got str"),
    ('{"size": 9, "cages": [{"cells": ["r1c1", "r1c2"], "sum": 18}]}',
     "$.cages[0]: sum 18 is impossible for 2 distinct digits 1..9 (possible: 3..17)"),
    ('{"size": 9, "cages": [{"cells": ["r1c1", "r10c1"]}]}',
     "$.cages[0].cells[1]: cell r10c1 is outside the 9x9 board"),
    ('{"size": 9, "cages": [{"cells": ["r1c1", "x"]}]}', "$.cages[0].cells[1]: bad cell 'x'"),
    ('{"size": 9, "cages": [{"cells": ["r1c1", "r1c1"]}]}',
     "$.cages[0].cells[1]: cell r1c1 is listed twice"),
    ('{"size": 9, "cages": [{"cells": ["r1c1"], "total": 3}]}',
     "$.cages[0].total: unknown key 'total'"),
    ('{"size": 9, "cages": [{"sum": 3}]}', "$.cages[0]: missing key 'cells'"),
    ('{"size": 9, "cages": [{"cells": ["r1c1"], "sum": "3"}]}',
     "$.cages[0].sum: expected a whole number, got str"),
    ('{"size": 2, "extra_regions": [["r1c1", "r1c2", "r2c1"]]}',
     "$.extra_regions[0]: 3 cells cannot hold distinct digits"),
    ('{"size": 1, "even": ["r1c1"]}', "$.even: even cells: a 1x1 board has no even digit"),
])
def test_bad_input_names_the_json_path(text, message):
    with pytest.raises(ParseError) as err:
        parse_json_puzzle(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


# -- writing and round trips -------------------------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_round_trip(path):
    puzzle = parse_json_puzzle(path.read_text())
    assert parse_json_puzzle(format_json(puzzle)) == puzzle


def test_random_puzzles_round_trip():
    rng = random.Random(7)
    for _ in range(40):
        n = rng.choice([4, 6, 9, 16])
        board = Board.classic(n, rng.choice(["auto", None]))
        givens = tuple(rng.choice([0, 0, rng.randint(1, n)]) for _ in board.cells)
        cells = rng.sample(range(n * n), 6)
        fits = [name for name, make in CATALOGUE.items() if _fits(make(), board)]
        rules = (*parse_rules(",".join(rng.sample(fits, 2))),
                 KillerCages((Cage(tuple(cells[:2]), 3), Cage((cells[2],)))),
                 ExtraRegions((tuple(cells[3:5]),)), Parity("odd", (cells[5],)))
        puzzle = Puzzle(board, givens, rules)
        back = parse_json_puzzle(format_json(puzzle))
        assert (back.board, back.givens, set(back.rules)) == (board, givens, set(rules))


def _fits(rule, board: Board) -> bool:
    try:
        rule.check_board(board)
    except RuleError:
        return False
    return True


def test_big_jigsaw_round_trip_uses_cell_lists():
    n = 64
    regions = tuple(c for r in range(n) for c in [(r + k) % n for k in range(n)])
    puzzle = Puzzle(Board(n, regions=regions), (0,) * n * n)
    obj = puzzle_to_json(puzzle)
    assert isinstance(obj["regions"][0], list) and isinstance(obj["givens"][0], list)
    assert parse_json_puzzle(json.dumps(obj)).board.boxes == puzzle.board.boxes


# -- the schema says what the reader reads --------------------------------------------------------
def test_schema_keys_and_rule_names_match_the_reader():
    puzzle = SCHEMA["$defs"]["puzzle"]
    assert set(puzzle["properties"]) == set(KEYS)
    assert puzzle["properties"]["rules"]["items"]["enum"] == list(CATALOGUE)
    for key, entry in DATA_KEYS.items():  # written by scripts/make_schema.py
        assert puzzle["properties"][key] == entry.schema, f"{key}: run scripts/make_schema.py"


def test_examples_validate_against_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for path in EXAMPLES:
        assert not list(validator.iter_errors(json.loads(path.read_text()))), path.name
    assert list(validator.iter_errors({"size": 4, "colour": "red"}))
    assert list(validator.iter_errors({"size": 4, "box": "2x2", "regions": ["AB"]}))


# -- CLI -----------------------------------------------------------------------------------------
def test_cli_reads_json_files_and_arguments_and_adds_rules(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"size": 6, "rules": ["nonconsecutive"]}')
    assert run_cli("count", str(path)).out.strip() == "48"
    both = count(Puzzle(Board.classic(6), (0,) * 36, parse_rules("nonconsecutive,diagonal")))
    run = run_cli("count", "--rules", "diagonal", str(path))
    assert (run.code, run.out.strip()) == (0 if both.count else 1, str(both.count))
    run = run_cli("check", "-f", "line", '{"size": 4, "givens": "1234341221434321"}')
    assert (run.code, run.out.split()[0]) == (0, "unique")


@pytest.mark.parametrize(("content", "words"), [
    ('{"size": 9,', "line 1, column 12: malformed JSON"),
    ('{"size": 9, "rules": ["anti-bishop"]}', "$.rules[0]: unknown rule 'anti-bishop'"),
    ('{"size": 9, "cages": [{"cells": ["r1c1", "r0c1"]}]}', "$.cages[0].cells[1]: cell r0c1"),
    ('{"size": 9, "cages": [{"cells": ["r1c1"], "sum": 10}]}',
     "$.cages[0]: sum 10 is impossible"),
])
def test_cli_bad_json_is_one_line_and_exit_2(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    run = run_cli("solve", str(path))
    assert run.code == 2
    assert words in run.err and str(path) in run.err
    assert len(run.err.strip().splitlines()) == 1

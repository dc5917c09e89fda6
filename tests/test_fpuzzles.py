"""f-puzzles and SudokuPad links and JSON: lz-string, translation both ways, real puzzles, CLI."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import quote

import pytest

import satdoku
from conftest import DATA, ROOT, run_cli
from satdoku.board import ALPHABET, Board
from satdoku.cli import run
from satdoku.errors import ParseError, RuleError
from satdoku.formats import format_line, parse_json_puzzle, puzzle_to_json
from satdoku.formats.fpuzzles import DRAWN, GLOBAL, read_fpuzzles, to_satdoku
from satdoku.formats.fpuzzles_equiv import EQUIVALENT_KEYS
from satdoku.formats.fpuzzles_keys import BY_SATDOKU
from satdoku.formats.fpuzzles_links import dump, link_payload, read_link, to_link
from satdoku.formats.fpuzzles_write import to_fpuzzles
from satdoku.formats.loader import read_records
from satdoku.formats.lzstring import compress_to_base64, decompress_from_base64
from satdoku.generating.make import generate
from satdoku.generating.options import GenerateOptions
from satdoku.puzzle import Puzzle
from satdoku.rules import DATA_KEYS, parse_rules
from satdoku.symmetry import Symmetry

FP = DATA / "fpuzzles"
REAL = sorted(p for p in FP.glob("*.json") if p.name not in ("lzstring_vectors.json",
                                                             "links.json", "solver-tests.json"))
LINKS = json.loads((FP / "links.json").read_text(encoding="utf-8"))
#: Real puzzles with published solutions from Rangsk's solvers' tests (README.md there).
SOLVER_TESTS = json.loads((FP / "solver-tests.json").read_text(encoding="utf-8"))["puzzles"]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
#: Examples f-puzzles cannot express, and what the refusal names.
#: Examples refused for what they hold, though f-puzzles has their keys: the message expected.
REFUSED_FOR_CONTENT = {
    "order": "slow_thermos[1] (r3c8 and r4c7 may hold equal digits",
    "multisum": "multisum_cages without a digital_root (f-puzzles labels DR1..DR9 only)",
}
#: The global rules f-puzzles has a switch for, or draws as extra regions.
FPUZZLES_RULES = {*GLOBAL.values(), *DRAWN, "diagonal", "nonconsecutive"}


def untranslatable(obj: dict) -> list[str]:
    """What of a satdoku JSON puzzle f-puzzles has no form for, as the writer names it: keys
    with no f-puzzles row, and global rules with no f-puzzles switch (derived from the
    tables, so that a new family needs no entry here)."""
    keys = [f"{key} (f-puzzles has no such constraint)" for key in obj
            if key in DATA_KEYS and key not in (*BY_SATDOKU, *EQUIVALENT_KEYS, "negative")]
    return keys + [name for name in obj.get("rules", []) if name not in FPUZZLES_RULES]


def needs(*keys: str) -> None:
    """Skip when a satdoku key is not registered (yet) in this tree."""
    missing = [k for k in keys if k not in DATA_KEYS]
    if missing:
        pytest.skip(f"satdoku keys not registered: {', '.join(missing)}")


def empty_grid(n: int, cells: dict[tuple[int, int], dict] | None = None) -> list[list[dict]]:
    grid: list[list[dict]] = [[{} for _ in range(n)] for _ in range(n)]
    for (r, c), cell in (cells or {}).items():
        grid[r - 1][c - 1] = cell
    return grid


def answers(p: Puzzle, limit: int = 300) -> set[tuple[int, ...]]:
    """All solutions of ``p`` (fewer than ``limit``), each accepted by the independent checker."""
    found = set(satdoku.solutions(p, limit=limit))
    assert 0 < len(found) < limit
    for grid in found:
        p.verify(grid)
    return found


def canon(p: Puzzle) -> tuple:
    """A puzzle up to the order of its rules and of the items of each key."""
    obj = puzzle_to_json(p)
    keyed = {k: sorted(json.dumps(x, sort_keys=True) for x in v) if isinstance(v, list) else v
             for k, v in obj.items()}
    return p.board, p.givens, p.eliminated, keyed


def cli(*args: str, capsys) -> tuple[int, str, str]:
    """The CLI in this process (fast); ``run_cli`` runs it as a user would."""
    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# -- lz-string -----------------------------------------------------------------------------------
VECTORS = json.loads((FP / "lzstring_vectors.json").read_text(encoding="utf-8"))["vectors"]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{len(v['text'])}chars")
def test_lzstring_matches_the_reference_javascript(vector):
    assert compress_to_base64(vector["text"]) == vector["base64"]
    if vector["text"]:
        assert decompress_from_base64(vector["base64"]) == vector["text"]


def test_lzstring_round_trips_random_unicode():
    rng = random.Random(13)
    alphabet = "ab{}\":,[]0123456789 é数💡🧩\u0000\uffff"
    for _ in range(200):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 300)))
        assert decompress_from_base64(compress_to_base64(text)) == text


@pytest.mark.parametrize("data", ["", "abc!", "N4IgzglgXgpiBcBOANCA5gJwgEwQbT",
                                  "/////////////"])
def test_lzstring_rejects_broken_data(data):
    with pytest.raises(ValueError):
        decompress_from_base64(data)


# -- real public puzzles -------------------------------------------------------------------------
@pytest.mark.parametrize("path", REAL, ids=lambda p: p.stem)
def test_real_puzzle_has_the_published_solution(path):
    fobj = json.loads(path.read_text(encoding="utf-8"))
    reading = read_fpuzzles(fobj)
    assert reading.solution is not None and not reading.ignored
    reading.puzzle.verify(reading.solution)  # the independent checker accepts it
    result = satdoku.check(reading.puzzle)
    assert result.status.value == "unique"
    assert result.solutions[0] == reading.solution


def test_real_puzzles_cover_the_families():
    keys = set()
    for path in REAL:
        keys |= set(to_satdoku(json.loads(path.read_text(encoding="utf-8"))).obj)
    assert {"regions", "thermos", "white_dots", "black_dots", "xv", "quadruples",
            "clones"} <= keys


def test_real_link_killer_is_unique():
    link = next(x for x in LINKS if x["family"] == "killer")
    puzzle = read_fpuzzles(read_link(link["link"])).puzzle
    assert [r.name for r in puzzle.rules] == ["killer"] and puzzle.num_givens == 0
    assert satdoku.check(puzzle).status.value == "unique"


@pytest.mark.parametrize("link", [x for x in LINKS if "givens" in x["expect"]],
                         ids=lambda x: x["family"])
def test_real_link_decodes_as_its_source_expects(link):
    fobj = read_link(link["link"])
    if "json" in link["expect"]:
        assert fobj == json.loads(link["expect"]["json"])
    reading = read_fpuzzles(fobj)
    givens = link["expect"]["givens"].replace(" ", "").replace("-", ".")
    assert format_line(reading.puzzle.board, reading.puzzle.givens) == givens
    assert reading.obj["rules"] == link["expect"]["rules"]


def published(entry: dict, board: Board) -> tuple[int, ...] | None:
    """The published solution of a solver-tests entry; None for a 16x16, whose source runs the
    numbers 1..16 together (that one is compared as the same run of digits)."""
    digits = entry["solution"]
    return tuple(map(int, digits)) if len(digits) == board.n ** 2 else None


@pytest.mark.parametrize("entry", SOLVER_TESTS,
                         ids=lambda e: e["title"][:24])
def test_solver_tests_puzzle_has_exactly_the_published_solution(entry):
    reading = read_fpuzzles(read_link(entry["payload"]))
    assert not reading.ignored
    result = satdoku.check(reading.puzzle)
    assert result.status.value == "unique"
    found = result.solutions[0]
    reading.puzzle.verify(found)  # the independent checker accepts it
    solution = published(entry, reading.puzzle.board)
    if solution is not None:
        reading.puzzle.verify(solution)
        assert found == solution
    assert "".join(map(str, found)) == entry["solution"]


def test_the_159_puzzles_read_their_column_indexers():
    """"159 Arrows" and "Dab" (columnindexer on columns 1, 5 and 9) solve like the others
    above; here: the indexers are read whole, as the editor drew them."""
    for title in ("159 Arrows", "Dab"):
        entry = next(e for e in SOLVER_TESTS if e["title"] == title)
        obj = read_fpuzzles(read_link(entry["payload"])).obj
        assert [group[0] for group in obj["column_indexers"]] == ["r1c1", "r1c5", "r1c9"]
        assert all(len(group) == 9 for group in obj["column_indexers"])


def test_solver_tests_cover_the_issue_families():
    """Killer, arrows, kropki with negatives, thermos, little killers, sandwiches, irregular
    regions, a 6x6 and a 16x16, read from the decoded payloads (not from the titles)."""
    keys, sizes, irregular, negatives = set(), set(), set(), set()
    for entry in SOLVER_TESTS:
        fobj = read_link(entry["payload"])
        keys |= {k for k, v in fobj.items() if v}
        sizes.add(fobj["size"])
        negatives |= set(fobj.get("negative", []))
        if any("region" in cell for row in fobj["grid"] for cell in row):
            irregular.add(fobj["size"])
    assert {"killercage", "arrow", "thermometer", "littlekillersum", "sandwichsum", "ratio",
            "difference", "xv", "nonconsecutive", "columnindexer"} <= keys
    assert {"ratio", "xv"} <= negatives and {6, 16} <= sizes and 16 in irregular
    assert len(SOLVER_TESTS) == 33


def test_the_16x16_through_the_command_line(capsys):
    entry = next(e for e in SOLVER_TESTS if e["title"] == "Behemoth")
    code, out, _ = cli("check", f"https://sudokupad.app/fpuzzles{entry['payload']}", "-f",
                       "json", capsys=capsys)
    result = json.loads(out)
    assert code == 0 and result["status"] == "unique", out
    digits = [ALPHABET.index(symbol) + 1 for symbol in result["solutions"][0]]  # G = 16
    assert len(digits) == 256 and "".join(map(str, digits)) == entry["solution"]


# -- round trips ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_round_trip_through_links(path):
    """Every example f-puzzles can express comes back with the same solutions (and the same
    keys, unless some were written as equivalent f-puzzles constraints); the others are
    refused, naming what f-puzzles cannot express."""
    puzzle = parse_json_puzzle(path.read_text(encoding="utf-8"))
    named = ([REFUSED_FOR_CONTENT[path.stem]] if path.stem in REFUSED_FOR_CONTENT
             else untranslatable(json.loads(path.read_text(encoding="utf-8"))))
    if named:
        with pytest.raises(RuleError) as refused:
            to_fpuzzles(puzzle)
        assert all(what in str(refused.value) for what in named), (named, refused.value)
        return
    for site in ("fpuzzles", "sudokupad"):
        back = read_fpuzzles(read_link(to_link(to_fpuzzles(puzzle), site))).puzzle
        keys = set(json.loads(path.read_text(encoding="utf-8")))
        if keys & {"greater_than", "slow_thermos"}:  # written as thermometers
            assert (back.board, back.givens) == (puzzle.board, puzzle.givens)
            assert answers(back) == answers(puzzle)
        else:
            assert canon(back) == canon(puzzle)


@pytest.mark.parametrize(("size", "rules"), [(4, ""), (6, "anti-king"), (9, "anti-knight"),
                                             (8, "diagonal"), (7, ""), (12, "")])
def test_generated_puzzles_round_trip(size, rules):
    board = Board.classic(size)
    made = generate(board, parse_rules(rules), GenerateOptions(Symmetry.NONE, clues=size * 3),
                    seed=size)
    fobj = to_fpuzzles(made.puzzle, solution=made.solution)
    back = read_fpuzzles(json.loads(dump(fobj)))
    assert canon(back.puzzle) == canon(made.puzzle)
    assert back.solution == made.solution


@pytest.mark.parametrize("path", sorted(p for p in (ROOT / "examples").iterdir()
                                         if p.is_file() and p.suffix != ".json"),
                         ids=lambda p: p.name)
def test_text_and_fpuzzles_examples_round_trip(path, tmp_path, capsys):
    """Text grids, files of links and f-puzzles files, converted to links: the same verdicts,
    the same unique solutions, and every solution shown solves the original (the files'
    lines that do not read stay errors)."""
    records = read_records(str(path), "auto", "")[0]
    originals = [r.puzzle for r in records if r.puzzle is not None]
    code, out, _ = cli("convert", str(path), "--to", "fpuzzles", capsys=capsys)
    assert code == (0 if len(originals) == len(records) else 2)  # two.txt has a bad line
    links = tmp_path / "links.txt"
    links.write_text(out)
    before, after = (cli("check", str(p), "-f", "line", capsys=capsys)[1].splitlines()
                     for p in (path, links))
    before = [line for line in before if not line.startswith("#")]
    assert len(originals) == len(before) == len(after) == out.count("?load=") > 0
    for puzzle, old, new in zip(originals, before, after, strict=True):
        status, *grids = new.split()
        assert status == old.split()[0] and (status != "unique" or new == old)
        for grid in grids:  # a puzzle with many solutions may show another two
            puzzle.verify(tuple(ALPHABET.index(symbol) + 1 for symbol in grid))


@pytest.mark.parametrize("args", [
    ("--killer", "--givens", "0", "--size", "6"), ("--jigsaw", "--size", "6"),
    ("--draw", "thermos,arrows,dots:all,xv:all", "--size", "6", "--givens", "0"),
    ("--size", "6", "--box", "3x2", "--rules", "disjoint,anti-knight"),
], ids=lambda a: " ".join(a))
def test_generated_variants_round_trip(args, capsys):
    """The same seed gives the same puzzle in satdoku JSON and as an f-puzzles link."""
    code, out, _ = cli("generate", "--seed", "5", *args, "-f", "json", capsys=capsys)
    assert code == 0
    made = parse_json_puzzle(out)
    code, out, _ = cli("generate", "--seed", "5", *args, "-f", "fpuzzles", capsys=capsys)
    assert code == 0 and canon(read_fpuzzles(read_link(out.strip())).puzzle) == canon(made)


RICH = {
    "size": 9, "box": "3x3", "givens": "1" + "." * 80,
    "cages": [{"cells": ["r1c2", "r1c3"], "sum": 7}, {"cells": ["r9c8", "r9c9"]}],
    "extra_regions": [["r5c5", "r5c6", "r6c5"]], "even": ["r2c2"], "odd": ["r2c3"],
    "minimum": ["r4c4"], "maximum": ["r4c6"], "thermos": [["r7c1", "r7c2", "r7c3"]],
    "whispers": [["r8c1", "r8c2", "r8c3"], {"cells": ["r6c1", "r6c2"], "difference": 4}],
    "between_lines": [["r3c7", "r3c8", "r3c9"]], "renban": [["r5c1", "r5c2", "r5c3"]],
    "palindromes": [["r6c7", "r6c8", "r6c9"]], "entropic_lines": [["r1c7", "r2c7", "r3c6"]],
    "modular_lines": [["r7c7", "r7c8", "r7c9"]], "region_sum_lines": [["r3c3", "r3c4"]],
    "zipper_lines": [["r8c7", "r8c8", "r8c9"]],
    "white_dots": [["r9c1", "r9c2"], {"cells": ["r9c3", "r9c4"], "value": 3}],
    "black_dots": [["r9c5", "r9c6"]],
    "xv": [{"cells": ["r2c8", "r2c9"], "sum": 10}, {"cells": ["r1c8", "r1c9"], "sum": 5}],
    "negative": ["white", "black", "x", "v"], "clones": [[["r1c4"], ["r9c7"]]],
    "quadruples": [{"cells": ["r4c7", "r4c8", "r5c7", "r5c8"], "digits": [1, 2]}],
    "arrows": [{"circle": ["r2c5"], "line": ["r3c5", "r4c5"]},
               {"circle": ["r2c5"], "line": ["r2c6", "r3c6"]},
               {"circle": ["r8c4", "r8c5"], "line": ["r7c4", "r7c5"]}],
    "little_killers": [{"clue": "r0c1", "direction": "DR", "sum": 20}],
    "sandwiches": [{"clue": "r0c3", "sum": 12}], "x_sums": [{"clue": "r10c5", "sum": 15}],
    "skyscrapers": [{"clue": "r4c10", "count": 3}],
}


def test_every_key_round_trips():
    needs(*(k for k in RICH if k not in ("size", "box", "givens")))
    puzzle = parse_json_puzzle(json.dumps(RICH))
    fobj = to_fpuzzles(puzzle)
    assert fobj["nonconsecutive"] is True and fobj["negative"] == ["ratio", "xv"]
    assert fobj["arrow"][0]["lines"] == [["R2C5", "R3C5", "R4C5"], ["R2C5", "R2C6", "R3C6"]]
    assert fobj["littlekillersum"][0]["cells"][:2] == ["R1C2", "R2C3"]
    assert canon(read_fpuzzles(read_link(to_link(fobj))).puzzle) == canon(puzzle)


@pytest.mark.parametrize(("extra", "named"), [
    ({"slow_thermos": [["r3c3", "r4c4"]]}, "slow_thermos[0] (r3c3 and r4c4 may hold equal"),
    ({"xv": [{"cells": ["r1c1", "r1c2"], "sum": 10}], "negative": ["x"]}, "negative x or v"),
    ({"xv": [{"cells": ["r1c1", "r1c2"], "sum": 5}], "negative": ["v"]}, "negative x or v"),
    ({"black_dots": [["r1c1", "r1c2"]], "rules": ["nonconsecutive"]}, "nonconsecutive with"),
    ({"white_dots": [["r1c1", "r1c2"]], "rules": ["nonconsecutive"]}, "nonconsecutive with"),
    ({"black_dots": [{"cells": ["r1c1", "r1c2"], "value": 3}], "negative": ["black"]},
     "other than 2"),
])
def test_writing_names_what_fpuzzles_cannot_express(extra, named, capsys, tmp_path):
    needs(*(k for k in extra if k != "rules"))
    puzzle = parse_json_puzzle(json.dumps({"size": 9, **extra}))
    with pytest.raises(RuleError, match=re.escape(named)):
        to_fpuzzles(puzzle)
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"size": 9, **extra}))
    code, out, err = cli("convert", str(path), "--to", "fpuzzles", capsys=capsys)
    assert code == 2 and not out and err.count("\n") == 1 and named in err


#: Constraints f-puzzles has no key for, each written as one it has (fpuzzles_equiv), on
#: boards small enough to compare every solution (4x4 unless told).
EQUIVALENT = {
    "greater-than sign: a thermometer": ({"greater_than": [["r1c1", "r1c2"], ["r2c2", "r3c2"]]},
                                         "thermometer"),
    "slow thermometer seeing itself": ({"slow_thermos": [["r1c1", "r1c2", "r2c2", "r3c2"]]},
                                       "thermometer"),
    "slow thermometer under anti-king": ({"size": 5, "box": "none", "rules": ["anti-king"],
                                          "slow_thermos": [["r2c2", "r3c3"]]}, "thermometer"),
    "XV sums 3, 7 beside a V: killer cages": (
        {"xv": [{"cells": ["r1c1", "r1c2"], "sum": 3}, {"cells": ["r2c1", "r2c2"], "sum": 7},
                {"cells": ["r3c3", "r4c3"], "sum": 5}]}, "killercage"),
    "XV sums 6, 7 under negative XV: killer cages": (
        {"size": 5, "box": "none", "negative": ["x", "v"],
         "xv": [{"cells": ["r1c1", "r1c2"], "sum": 6}, {"cells": ["r3c3", "r4c3"], "sum": 7}]},
        "killercage"),
    "nonconsecutive, dots that are never consecutive": (
        {"size": 6, "box": "none", "white_dots": [{"cells": ["r1c1", "r1c2"], "value": 2}],
         "black_dots": [{"cells": ["r2c1", "r2c2"], "value": 3}], "rules": ["nonconsecutive"]},
        "nonconsecutive"),
}


@pytest.mark.parametrize("case", EQUIVALENT, ids=str)
def test_equivalent_constraints_keep_every_solution(case):
    needs(*(k for k in EQUIVALENT[case][0] if k not in ("size", "rules", "box")))
    extra, fkey = EQUIVALENT[case]
    puzzle = parse_json_puzzle(json.dumps({"size": 4, **extra}))
    fobj = to_fpuzzles(puzzle)
    assert fobj[fkey]
    back = read_fpuzzles(read_link(to_link(fobj))).puzzle
    assert answers(back) == answers(puzzle)


def test_equivalents_written_as_expected():
    fobj = to_fpuzzles(parse_json_puzzle(json.dumps(
        {"size": 9, "greater_than": [["r1c1", "r1c2"]], "thermos": [["r5c5", "r5c6"]],
         "xv": [{"cells": ["r9c1", "r9c2"], "sum": 12}, {"cells": ["r9c3", "r9c4"], "sum": 10}],
         "cages": [{"cells": ["r8c8", "r8c9"]}]})))
    assert fobj["thermometer"] == [{"lines": [["R5C5", "R5C6"]]}, {"lines": [["R1C2", "R1C1"]]}]
    assert fobj["xv"] == [{"cells": ["R9C3", "R9C4"], "value": "X"}]
    assert fobj["killercage"][-1] == {"cells": ["R9C1", "R9C2"], "value": "12"}


def test_boxes_other_than_the_default():
    puzzle = parse_json_puzzle('{"size": 6, "box": "3x2", "rules": ["anti-king"]}')
    fobj = to_fpuzzles(puzzle)
    assert fobj["grid"][0][0]["region"] == 0 and fobj["grid"][0][2]["region"] == 1
    assert canon(read_fpuzzles(fobj).puzzle) == canon(puzzle)
    disjoint = parse_json_puzzle('{"size": 6, "box": "3x2", "rules": ["disjoint"]}')
    fobj = to_fpuzzles(disjoint)  # f-puzzles' disjoint groups follow its default boxes
    assert "disjointgroups" not in fobj and len(fobj["extraregion"]) == 6
    assert canon(read_fpuzzles(fobj).puzzle) == canon(disjoint)


# -- semantics of reading ------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "box"), [(4, "2x2"), (6, "2x3"), (7, "none"), (8, "2x4"),
                                        (9, "3x3"), (12, "3x4"), (16, "4x4")])
def test_default_regions(n, box):
    assert to_satdoku({"size": n, "grid": empty_grid(n)}).obj["box"] == box


def test_regions_null_and_jigsaw():
    grid = empty_grid(4)
    for c in range(4):
        grid[0][c]["region"] = None
    obj = to_satdoku({"size": 4, "grid": grid}).obj
    assert obj["box"] == "none" and len(obj["extra_regions"]) == 4  # r1 is in no region
    jig = [[{"region": r} for _ in range(4)] for r in (0, 1, 2, 3)]  # rows as regions
    jig[0][0]["region"], jig[1][0]["region"] = 1, 0
    assert to_satdoku({"size": 4, "grid": jig}).obj["regions"][:2] == ["1222", "2111"]


def test_givens_entered_values_and_pencil_marks():
    grid = empty_grid(4, {(1, 1): {"value": 1, "given": True}, (1, 2): {"value": 2},
                          (2, 2): {"givenPencilMarks": [3, 4], "centerPencilMarks": [1]}})
    reading = read_fpuzzles({"size": 4, "grid": grid})
    assert reading.puzzle.givens[:2] == (1, 0)  # an entered digit is no given
    assert reading.puzzle.eliminated == {(5, 1), (5, 2)}
    back = read_fpuzzles(to_fpuzzles(reading.puzzle)).puzzle
    assert back.eliminated == reading.puzzle.eliminated


def test_cage_is_a_drawing_killercage_a_constraint():
    fobj = {"size": 4, "grid": empty_grid(4), "cage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
            "killercage": [{"cells": ["R2C1", "R2C2"], "value": 3}, {"cells": ["R3C1", "R3C2"]}]}
    assert to_satdoku(fobj).obj["cages"] == [{"cells": ["r2c1", "r2c2"], "sum": 3},
                                             {"cells": ["r3c1", "r3c2"]}]


def test_nonconsecutive_and_negative_constraints():
    needs("white_dots", "black_dots", "xv", "negative")
    base = {"size": 9, "grid": empty_grid(9), "nonconsecutive": True}
    assert to_satdoku(base).obj["rules"] == ["nonconsecutive"]
    dotted = {**base, "ratio": [{"cells": ["R1C1", "R1C2"]}], "negative": ["ratio", "xv"]}
    assert to_satdoku(dotted).obj["negative"] == ["white", "black", "x", "v"]
    odd = {**dotted, "ratio": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}
    assert "negative ratio" in str(to_satdoku(odd).unsupported)


def test_arrows_outside_clues_and_empty_clues():
    needs("arrows", "little_killers", "sandwiches", "skyscrapers")
    fobj = {"size": 9, "grid": empty_grid(9),
            "arrow": [{"cells": ["R1C2", "R1C1"], "lines": [["R1C2", "R2C3", "R3C4"],
                                                           ["R1C1", "R2C1"]]}],
            "littlekillersum": [{"cell": "R0C1", "cells": ["R1C2"], "direction": "DR",
                                 "value": "30"}],
            "sandwichsum": [{"cell": "R0C3", "value": ""}, {"cell": "R3C0", "value": "12"}],
            "skyscraper": [{"cell": "R10C4", "value": 3}]}
    obj = to_satdoku(fobj).obj
    assert obj["arrows"] == [{"circle": ["r1c1", "r1c2"], "line": ["r2c3", "r3c4"]},
                             {"circle": ["r1c1", "r1c2"], "line": ["r2c1"]}]
    assert obj["little_killers"] == [{"clue": "r0c1", "direction": "DR", "sum": 30}]
    assert obj["sandwiches"] == [{"clue": "r3c0", "sum": 12}]
    assert obj["skyscrapers"] == [{"clue": "r10c4", "count": 3}]


def test_unsupported_refused_or_ignored_with_a_warning():
    fobj = {"size": 4, "grid": empty_grid(4), "lockout": [{"lines": [["R1C1", "R1C2"]]}] * 2,
            "killercage": [{"cells": ["R1C1"], "value": "2+"}], "text": [{"value": "hi"}],
            "line": [{"lines": [["R1C1", "R2C2"]]}], "antiknight": False}
    with pytest.raises(ParseError, match=r"killercage \(value '2\+'.*lockout ×2"):
        read_fpuzzles(fobj)
    reading = read_fpuzzles(fobj, ignore_unsupported=True)
    assert "lockout ×2" in reading.ignored and reading.puzzle.rules == ()


def test_windoku_read_from_extra_regions():
    fobj = to_fpuzzles(parse_json_puzzle((ROOT / "examples" / "windoku.json").read_text()))
    assert len(fobj["extraregion"]) == 4
    assert to_satdoku(fobj).obj["rules"] == ["windoku"]


def test_semantic_errors_name_the_fpuzzles_entry():
    needs("thermos")
    fobj = {"size": 4, "grid": empty_grid(4),
            "thermometer": [{"lines": [["R1C1", "R1C2"]]}, {"lines": [["R1C1", "R3C1"]]}]}
    with pytest.raises(ParseError, match=r"^f-puzzles thermometer\[1\]"):
        read_fpuzzles(fobj)


# -- links as people paste them ------------------------------------------------------------------
KILLER = parse_json_puzzle((ROOT / "examples" / "killer.json").read_text())
LINK = to_link(to_fpuzzles(KILLER))
PAYLOAD = LINK.split("load=")[1]


@pytest.mark.parametrize("text", [
    LINK, LINK.replace("https://", "http://"), LINK.replace("https://", "https:/"),
    f"<{LINK}>", f"{LINK}&utm_source=chat", LINK.replace("+", " "),
    LINK.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    f"https://sudokupad.app/fpuzzles{PAYLOAD}", f"https://beta.sudokupad.app/fpuzzles{PAYLOAD}",
    f"sudokupad.app/?puzzleid=fpuzzles{PAYLOAD}",
    f"https://crackingthecryptic.com/sudoku/?puzzleid=fpuzzles{PAYLOAD}", PAYLOAD,
    f"  '{LINK}'  ", f"https://sudokupad.app//fpuzzles{PAYLOAD}",
    f"https:sudokupad.app/fpuzzles{PAYLOAD}",
])
def test_links_as_pasted(text):
    assert link_payload(text) == PAYLOAD


# -- the command line ----------------------------------------------------------------------------
SOLUTION = satdoku.check(KILLER).solutions[0]


def test_every_command_reads_a_link(tmp_path, capsys):
    line = format_line(KILLER.board, SOLUTION)
    assert cli("solve", LINK, "-f", "line", capsys=capsys)[:2] == (0, line + "\n")
    assert cli("check", LINK, "-f", "line", capsys=capsys)[:2] == (0, f"unique {line}\n")
    assert cli("count", LINK, capsys=capsys)[:2] == (0, "1\n")
    assert cli("analyse", LINK, "--json", capsys=capsys)[0] == 0
    assert cli("candidates", LINK, "-f", "line", capsys=capsys)[0] == 0
    assert cli("render", LINK, "-o", str(tmp_path / "k.svg"), capsys=capsys)[0] == 0
    assert "<svg" in (tmp_path / "k.svg").read_text()
    cnf = tmp_path / "k.cnf"
    assert cli("export", LINK, "-o", str(cnf), capsys=capsys)[0] == 0
    n = KILLER.board.n
    model = "s SATISFIABLE\nv " + " ".join(str(i * n + d) for i, d in enumerate(SOLUTION)) + " 0\n"
    (tmp_path / "model.txt").write_text(model)
    code, out, _ = cli("decode", LINK, str(tmp_path / "model.txt"), "-f", "line", capsys=capsys)
    assert (code, out) == (0, line + "\n")


def test_fpuzzles_json_file_and_stdin_and_a_file_of_links(tmp_path, capsys):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(to_fpuzzles(KILLER)))
    assert cli("check", str(path), "-f", "line", capsys=capsys)[0] == 0
    links = tmp_path / "links.txt"
    links.write_text(f"# two links\n{LINK}\n\nhttps://sudokupad.app/fpuzzles{PAYLOAD}\n")
    code, out, _ = cli("check", str(links), "-f", "line", capsys=capsys)
    assert code == 0 and out.count("unique") == 2
    done = run_cli("count", "-", stdin=json.dumps(to_fpuzzles(KILLER)))
    assert (done.code, done.out) == (0, "1\n")


def test_convert_to_every_format(capsys):
    code, out, _ = cli("convert", str(ROOT / "examples" / "killer.json"), capsys=capsys)
    meta = {"title": "Killer Sudoku", "author": "generated with satdoku"}
    assert (code, out) == (0, to_link(to_fpuzzles(KILLER, meta)) + "\n")
    for target in ("sudokupad", "fpuzzles-json", "json", "line", "grid"):
        code, out, _ = cli("convert", LINK, "--to", target, "--givens-only", capsys=capsys)
        assert code == 0 and out
    code, out, _ = cli("convert", LINK, "--to", "json", capsys=capsys)
    assert canon(parse_json_puzzle(out)) == canon(KILLER)


def test_convert_of_a_title_keeps_it(capsys):
    fobj = {"size": 4, "title": "Tïtle ✓", "author": "me", "grid": empty_grid(4)}
    code, out, _ = cli("convert", to_link(fobj), "--to", "json", capsys=capsys)
    assert code == 0 and json.loads(out)["title"] == "Tïtle ✓"
    code, out, _ = cli("convert", to_link(fobj), "--to", "fpuzzles-json", capsys=capsys)
    assert json.loads(out)["title"] == "Tïtle ✓"


def test_generate_writes_links(capsys):
    code, out, _ = cli("generate", "--seed", "3", "--box", "2x2", "-n", "2", "-f", "sudokupad",
                       "--with-solution", capsys=capsys)
    lines = out.split()
    assert code == 0 and len(lines) == 2 and all("sudokupad.app/fpuzzles" in x for x in lines)
    reading = read_fpuzzles(read_link(lines[0]))
    assert satdoku.check(reading.puzzle).solutions[0] == reading.solution


def test_ignore_unsupported_keeps_the_warning(capsys):
    fobj = {"size": 4, "grid": empty_grid(4, {(1, 1): {"value": 1, "given": True}}),
            "lockout": [{"lines": [["R1C1", "R1C2"]]}]}
    link = to_link(fobj)
    code, out, err = cli("solve", link, capsys=capsys)
    assert code == 2 and "lockout" in err and "--ignore-unsupported" in err and not out
    code, out, err = cli("solve", link, "--ignore-unsupported", capsys=capsys)
    assert code == 0 and out.startswith("# warning: ignored f-puzzles") and "lockout" in err
    code, out, _ = cli("check", link, "--ignore-unsupported", "-f", "json", capsys=capsys)
    assert "lockout" in json.loads(out)["warnings"][0]


FPZ = "https://f-puzzles.com/?load="


@pytest.mark.parametrize(("text", "message"), [
    ("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOAN", "damaged"),
    (LINK[:-40], "damaged"),
    ("https://f-puzzles.com/?load=@@@", "after 'load=' comes no Base64 data"),
    ("https://f-puzzles.com/?load=", "the link is empty after 'load='"),
    ("https://sudokupad.app/fpuz", "the link is empty after 'fpuz' (cut short?)"),
    ("https://sudokupad.app/?puzzleid=fpuzzles", "the link is empty after 'fpuzzles'"),
    ("https://sudokupad.app/fpuz%%", "after 'fpuz' comes no Base64 data"),
    ("https://f-puzzles.com/?load=" + compress_to_base64("not json"), "Expecting value"),
    ("https://f-puzzles.com/?load=" + compress_to_base64('{"size": 9}'), "'size' and 'grid'"),
    ("https://f-puzzles.com/?load=" + compress_to_base64('{"size": 2, "grid": [[{}]]}'),
     "grid: 1 rows"),
    ("https://f-puzzles.com/?load=" + compress_to_base64(
        '{"size": 1, "grid": [[{}]], "killercage": [{"cells": "R1C1"}]}'), "killercage[0]"),
    ("https://f-puzzles.com/?load=" + compress_to_base64(
        '{"size": 1, "grid": [[{}]], "odd": [{"cell": "R2C9"}]}'), "outside the 1x1 grid"),
    ("https://f-puzzles.com/?load=N4Igzg!!glXgpiBcBOANCALhNAbO8QGEsIAHYmAExFQ", "damaged"),
    ("https://f-puzzles.com/?load=AAAAAAAAAAAA", "damaged"),
    ("https://f-puzzles.com/?load=====", "damaged"),
    ("https://sudokupad.app/fpuzzles", "the link is empty"),
    (FPZ + compress_to_base64("[1, 2]"), "does not hold an f-puzzles puzzle"),
    (FPZ + compress_to_base64('"a string"'), "does not hold an f-puzzles puzzle"),
    (FPZ + compress_to_base64('{"size": 4, "grid": "x"}'), "grid: expected a list of rows"),
    (FPZ + compress_to_base64('{"size": 1, "grid": [[[]]]}'), "grid[0][0]: expected a cell"),
    (FPZ + compress_to_base64('{"size": "9", "grid": [[{}]]}'), "size: expected a board size"),
    (FPZ + compress_to_base64('{"size": 1, "grid": [[{"value": [1], "given": true}]]}'),
     "grid[0][0].value: [1] is not a digit 1..1"),
    (FPZ + compress_to_base64('{"size": 1, "grid": [[{}]], "negative": "ratio"}'),
     "negative: expected a list"),
    (FPZ + compress_to_base64('{"size": 1, "grid": [[{}]], "thermometer": {"lines": []}}'),
     "thermometer: expected a list of thermometer entries"),
    (FPZ + compress_to_base64('{"size": 1, "grid": [[{}]], "littlekillersum": [{"cell": "R0C1",'
                              ' "direction": "XX", "value": "3"}]}'), "littlekillersum[0].direc"),
    ("https://f-puzzles.com/?id=x1y2z3", "network"),
    ("https://tinyurl.com/29ky3dfn", "network"),
    ("https://sudokupad.app/kx8rpq7m1w", "SudokuPad keeps on its server"),
])
def test_malformed_links_are_one_line_and_exit_2(text, message, capsys):
    code, out, err = cli("check", text, capsys=capsys)
    assert code == 2 and not out
    assert err.count("\n") == 1 and message in err, err


def test_every_cut_and_corruption_of_a_real_link_is_a_parse_error_or_a_puzzle():
    """Links cut anywhere, or with characters changed, never raise anything but ParseError."""
    payload = next(e for e in SOLVER_TESTS if e["title"] == "Clipped")["payload"]
    rng = random.Random(13)
    damaged = [payload[:k] for k in range(0, len(payload), 3)]
    for _ in range(150):
        chars = list(payload)
        for _ in range(rng.randrange(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"
                                                          "klmnopqrstuvwxyz0123456789+/")
        damaged.append("".join(chars))
    refused = 0
    for text in damaged:
        try:
            read_fpuzzles(read_link(text))
        except ParseError:
            refused += 1
    assert refused > len(damaged) // 2  # most damage is noticed; the rest reads as a puzzle


def test_malformed_links_as_a_user_runs_them():
    for text in (LINK[:-40], "https://tinyurl.com/29ky3dfn"):
        done = run_cli("solve", text)  # asserts that no traceback reaches the user
        assert done.code == 2 and done.err.count("\n") == 1


def test_readme_and_docs_mention_the_command():
    docs = (ROOT / "docs" / "fpuzzles.md").read_text(encoding="utf-8")
    assert "satdoku convert" in docs and "fpuzzles.md" in (ROOT / "README.md").read_text()


def test_solutions_of_real_files_through_the_cli(capsys):
    path = next(p for p in REAL if p.stem == "piggly-wiggly")
    fobj = json.loads(path.read_text())
    code, out, _ = cli("check", to_link(fobj, "sudokupad"), "-f", "line", capsys=capsys)
    assert (code, out.split()[1]) == (0, "".join(map(str, fobj["solution"])))


def test_module_files_are_small():
    for name in ("fpuzzles.py", "fpuzzles_keys.py", "fpuzzles_links.py", "fpuzzles_write.py",
                 "fpuzzles_equiv.py", "lzstring.py"):
        lines = (ROOT / "satdoku" / "formats" / name).read_text().count("\n")
        assert lines < 350, (name, lines)


# -- issue 13: what a new user met ---------------------------------------------------------------
@pytest.mark.parametrize(("name", "lost"), [("killer", "cages ×26"), ("jigsaw", "jigsaw regions"),
                                            ("arrows", "arrows ×11")])
def test_convert_to_line_refuses_to_drop_constraints(name, lost, capsys):
    path = str(ROOT / "examples" / f"{name}.json")
    for target in ("line", "grid"):
        code, out, err = cli("convert", path, "--to", target, capsys=capsys)
        assert (code, out) == (2, "") and lost in err and "--givens-only" in err
        assert err.count("\n") == 1
    code, out, err = cli("convert", path, "--to", "line", "--givens-only", capsys=capsys)
    given = parse_json_puzzle((ROOT / "examples" / f"{name}.json").read_text()).givens
    assert code == 0 and out == format_line(Board.classic(9), given) + "\n"
    assert err.startswith("satdoku: warning: line writes the givens only: loses") and lost in err


def test_convert_to_line_names_the_rules_and_boxes_to_read_it_back(capsys):
    code, out, err = cli("convert", str(ROOT / "examples" / "x-sudoku.json"), "--to", "line",
                         capsys=capsys)
    assert code == 0 and "read it back with --rules diagonal" in err
    x_sudoku = parse_json_puzzle((ROOT / "examples" / "x-sudoku.json").read_text())
    back = read_records(out.strip(), "auto", "diagonal")[0][0].puzzle
    assert canon(back) == canon(x_sudoku)
    assert satdoku.check(back).solutions == satdoku.check(x_sudoku).solutions


@pytest.mark.parametrize(("args", "box"), [(("--box", "3x2"), "3x2"),
                                           (("--box", "none", "--size", "6"), "none")])
def test_a_line_of_other_boxes_says_how_to_read_it_back(args, box, capsys):
    code, line, err = cli("generate", *args, "--seed", "1", "-f", "line", capsys=capsys)
    assert code == 0 and f"read it back with --box {box}" in err
    assert cli("check", line.strip(), capsys=capsys)[0] in (1, 2)  # the default 2x3 boxes
    code, out, _ = cli("check", line.strip(), "--box", box, "-f", "line", capsys=capsys)
    assert code == 0 and out.startswith("unique ")
    puzzle = read_records(line.strip(), box, "")[0][0].puzzle
    puzzle.verify(tuple(int(d) for d in out.split()[1]))
    code, _, err = cli("convert", line.strip(), "--box", box, "--to", "grid", capsys=capsys)
    assert code == 0 and f"--box {box}" in err
    assert cli("generate", "--seed", "1", "-n", "2", capsys=capsys)[2] == ""  # classic: quiet


def test_fpuzzles_json_of_many_puzzles_reads_back(tmp_path, capsys):
    readable = [e["payload"] for e in SOLVER_TESTS][:6]
    links = tmp_path / "links.txt"
    links.write_text("\n".join(f"https://f-puzzles.com/?load={p}" for p in readable) + "\n")
    for source in (links, ROOT / "examples" / "puzzles.txt"):
        written = tmp_path / "many.json"
        code, _, _ = cli("convert", str(source), "--to", "fpuzzles-json", "-o", str(written),
                         capsys=capsys)
        assert code == 0 and written.read_text().count("\n") > 1
        before = [canon(r.puzzle) for r in read_records(str(source), "auto", "")[0]]
        after = [canon(r.puzzle) for r in read_records(str(written), "auto", "")[0]]
        assert after == before
    lines = written.read_text().splitlines()
    written.write_text("\n".join([lines[0], '{"size": 9, "grid": [oops', *lines[1:]]) + "\n")
    code, out, err = cli("check", str(written), "-f", "line", capsys=capsys)
    assert code == 2 and "line 2: not JSON" in err and out.count("unique") == len(lines)


def test_convert_keeps_the_setters_solution(capsys):
    frost = json.loads((FP / "frost.json").read_text())
    solution = "".join(map(str, frost["solution"]))
    code, out, _ = cli("convert", str(FP / "frost.json"), "--to", "json", capsys=capsys)
    assert code == 0 and json.loads(out)["solution"] == solution
    code, out, _ = cli("convert", str(FP / "frost.json"), "--to", "fpuzzles-json", capsys=capsys)
    assert [int(d) for d in json.loads(out)["solution"]] == [int(d) for d in solution]
    code, link, _ = cli("generate", "--seed", "3", "--box", "2x2", "-f", "fpuzzles",
                        "--with-solution", capsys=capsys)
    made = read_fpuzzles(read_link(link.strip())).solution
    assert made == satdoku.check(read_fpuzzles(read_link(link.strip())).puzzle).solutions[0]
    for target in ("fpuzzles", "sudokupad"):
        code, out, _ = cli("convert", link.strip(), "--to", target, capsys=capsys)
        assert read_fpuzzles(read_link(out.strip())).solution == made
    code, out, _ = cli("convert", link.strip(), "--to", "json", capsys=capsys)
    obj = json.loads(out)
    assert obj["solution"] == "".join(map(str, made))
    obj["solution"] = "1" * 16  # not a solution: not carried into a link that would check it
    assert "solution" not in to_fpuzzles_via_cli(obj, capsys)


def to_fpuzzles_via_cli(obj: dict, capsys) -> dict:
    done = run_cli("convert", "-", "--to", "fpuzzles-json", stdin=json.dumps(obj))
    assert done.code == 0
    return json.loads(done.out)


@pytest.mark.parametrize("wrap", [
    lambda link: quote(link, safe=""), lambda link: link.replace("https://", "https%3A//"),
    lambda link: f"“{link}”", lambda link: f"‘{link}’.", lambda link: f"[the puzzle]({link})",
    lambda link: f"({link})", lambda link: f"<{link}>,"])
def test_pasted_links_are_read(wrap):
    assert read_link(_unwrapped(wrap(LINK))) == read_link(LINK)
    records = read_records(wrap(LINK), "auto", "")[0]
    assert canon(records[0].puzzle) == canon(KILLER)


def _unwrapped(text: str) -> str:
    from satdoku.formats.fpuzzles_links import _unwrap
    return _unwrap(text)


def test_a_link_wrapped_over_lines_is_joined(tmp_path, capsys):
    path = tmp_path / "wrapped.txt"
    path.write_text(f"{LINK[:50]}\n{LINK[50:200]}\n{LINK[200:]}\n{LINK}\n")
    code, out, _ = cli("check", str(path), "-f", "line", capsys=capsys)
    assert code == 0 and out.count("unique") == 2


def test_sudokupad_scl_links_are_read_and_a_damaged_one_named(capsys):
    """scl links are read (tests/test_sudokupad.py); a damaged one is one line, exit 2."""
    code, _, err = cli("check", "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCALhNAbO8QA",
                         capsys=capsys)
    assert code == 2 and "SudokuPad link is damaged" in err
    assert "server" not in err and err.count("\n") == 1


@pytest.mark.parametrize(("extra", "says"), [
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "99999999999999999999"}]},
     "killercage[0].value: 99999999999999999999 is too large"),
    ({"diagonal+": "yes"}, "diagonal+: expected true or false, got 'yes'"),
    ({"nonconsecutive": 1}, "nonconsecutive: expected true or false, got 1"),
])
def test_bad_values_are_errors_even_when_ignoring_unsupported(extra, says, capsys):
    link = to_link({"size": 4, "grid": empty_grid(4), **extra})
    code, out, err = cli("check", link, "--ignore-unsupported", capsys=capsys)
    assert (code, out) == (2, "") and says in err and err.count("\n") == 1
    given = {"size": 4, "grid": empty_grid(4, {(1, 1): {"value": 1, "given": "no"}})}
    code, _, err = cli("check", to_link(given), capsys=capsys)
    assert code == 2 and "grid[0][0].given: expected true or false" in err
    fine = {"size": 4, "grid": empty_grid(4), "diagonal+": False, "antiking": None}
    assert to_satdoku(fine).obj.get("rules") is None


@pytest.mark.parametrize("arrow", [{"cells": ["R1C1"]}, {"cells": ["R1C1"], "lines": [["R1C1"]]}])
def test_an_arrow_without_a_line_is_named(arrow, capsys):
    link = to_link({"size": 4, "grid": empty_grid(4), "arrow": [arrow]})
    code, _, err = cli("check", link, capsys=capsys)
    assert code == 2 and "arrow without a line" in err
    code, _, err = cli("check", link, "--ignore-unsupported", capsys=capsys)
    assert code == 3 and "warning" in err and "arrow without a line" in err


def test_the_setters_solution_is_checked_against_the_reading(tmp_path):
    """f-puzzles data may carry the setter's solution: one that breaks the puzzle as read
    is said (a misread constraint, or a solution left from an earlier version); one that
    keeps it says nothing."""
    solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    grid = empty_grid(4, {(1, 1): {"value": 1, "given": True}, (4, 4): {"value": 1, "given": True}})
    good = {"size": 4, "grid": grid, "solution": solution}
    stale = {**good, "solution": [2, 1, 4, 3, *solution[4:]]}  # r1c1: 2, not the given 1
    for obj, warned in ((good, False), (stale, True)):
        path = tmp_path / "p.fpuzzles"
        path.write_text(json.dumps(obj))
        run = run_cli("solve", str(path))
        assert run.code in (0, 1), run.err  # (4x4, two givens: not unique)
        said = "the solution in the f-puzzles data breaks the given 1 in r1c1" in run.err
        assert said is warned, run.err
        if warned:
            assert "the setter's solution disagree" in run.err

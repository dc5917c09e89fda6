"""Input faults of issue 27: list-typed JSON keys given something else (15), messages and
names (18), a file of links with one bad line (8), a big file of comments (10). Each is one
line and a documented exit code, or the right answers."""

from __future__ import annotations

import json

import pytest
from fuzz_checks import violations_of
from test_hostile import cli, one_error

from satdoku import parse_puzzle
from satdoku.formats.json_fields import KEYS
from satdoku.rules import DATA_KEYS

P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: The keys of satdoku's JSON whose value is a list (every per-puzzle constraint, and these).
LIST_KEYS = sorted({*DATA_KEYS, "regions", "rules", "grids"})


def test_the_list_keys_are_those_of_the_schema():
    assert set(LIST_KEYS) <= set(KEYS)


@pytest.mark.parametrize("value", [{}, None, 3])
@pytest.mark.parametrize("key", LIST_KEYS)
def test_a_list_key_given_anything_else_is_refused_naming_it(tmp_path, key, value):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"size": 9, "givens": P, key: value}))
    code, out, err = cli("solve", str(path))
    assert code == 2 and out == "" and one_error(err, f"$.{key}", "expected a list"), err


@pytest.mark.parametrize("key", sorted(DATA_KEYS))
def test_an_empty_list_is_still_no_constraint(tmp_path, key):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"size": 9, "givens": P, key: []}))
    code, _, err = cli("check", str(path))
    assert code == 0, err


# -- 18: messages and names ----------------------------------------------------------------
@pytest.mark.parametrize(("argv", "words"), [
    (["render", P, "--cell", "nan"], ("nan is not a number",)),
    (["render", P, "--cell", "401"], ("401 is out of range", "from 4 to 400")),
    (["analyse", P, "--grade", "nan"], ("nan is not a time",)),
])
def test_a_number_option_given_nan_says_it_is_not_a_number(argv, words):
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and one_error(err, *words), err


def test_a_file_name_with_a_line_break_is_read_as_a_file(tmp_path):
    path = tmp_path / "new\nline.txt"
    path.write_text(P + "\n")
    code, out, err = cli("solve", "-f", "line", str(path))
    assert code == 0 and len(out.split()) == 1, err
    path.write_text("x\n")  # and its messages stay one line, naming it
    code, out, err = cli("solve", str(path))
    assert code == 2 and one_error(err, "new\\nline.txt", "line 1"), err


def test_a_dangling_or_looping_link_is_named_not_read_as_a_puzzle(tmp_path):
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    code, _, err = cli("solve", str(tmp_path / "dangling"))
    assert code == 2 and one_error(err, "dangling is a symbolic link to", "does not exist"), err
    code, _, err = cli("solve", str(tmp_path / "a"))
    assert code == 2 and one_error(err, "is a symbolic link that leads round in a loop"), err


def _wide(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) for c in text)


def test_full_width_digits_are_read_in_grids_as_in_box_sizes(tmp_path):
    """Japanese input methods type １２３．: read everywhere a digit goes, as int() does."""
    code, out, err = cli("solve", "-f", "line", "--box", "３x３", _wide(P))
    assert code == 0, err
    expected = cli("solve", "-f", "line", P)[1]
    assert out == expected
    code, out, _ = cli("check", "-f", "line", "--box", "２x２", _wide("12..34.........."))
    assert code == 3


# -- 8: a file of links with one bad line ----------------------------------------------------
def test_one_bad_line_does_not_sink_a_file_of_links(tmp_path):
    puzzles = [P, P.replace("4", ".", 1), P[::-1]]
    links = []
    for p in puzzles:
        code, out, err = cli("convert", p, "--to", "fpuzzles")
        assert code == 0 and out.startswith("https://f-puzzles.com/?load="), err
        links.append(out.strip())
    for bad_at in (0, 2, 3):
        lines = [*links]
        lines.insert(bad_at, "hello world")
        path = tmp_path / "links.txt"
        path.write_text("\n".join(lines) + "\n")
        code, out, err = cli("solve", "-f", "line", str(path))
        rows = out.splitlines()
        assert code == 2 and len(rows) == 4, (out, err)
        assert rows[bad_at].startswith(f"# line {bad_at + 1}:")
        assert one_error(err, f"line {bad_at + 1}")
        answers = [r for k, r in enumerate(rows) if k != bad_at]
        for p, answer in zip(puzzles, answers, strict=True):
            assert violations_of(parse_puzzle(p), parse_puzzle(answer).givens) == []


# -- 10: a big file of comments ----------------------------------------------------------
@pytest.mark.parametrize("big", [False, True])
def test_a_file_of_only_comments_has_no_puzzle_whatever_its_size(tmp_path, monkeypatch, big):
    """From 64 MiB a file is memory-mapped (satdoku/formats/line_file.py): the threshold is
    lowered here so that a small file takes that path."""
    if big:
        monkeypatch.setattr("satdoku.formats.line_file.BIG_FILE", 1000)
    path = tmp_path / "comments.txt"
    path.write_text("# a comment, and no puzzle\n\n" * 200)
    code, out, err = cli("solve", str(path))
    assert code == 2 and out == "" and one_error(err, "no puzzle found in", str(path)), err

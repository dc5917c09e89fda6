"""Penpa+ links: decoding, recognise-or-refuse, verification with the setter's answer."""

from __future__ import annotations

import base64
import json
import zlib
from itertools import pairwise
from pathlib import Path

import pytest

from satdoku.formats.fpuzzles_links import is_link, records
from satdoku.formats.penpa_decode import decode_link, expand
from satdoku.formats.penpa_read import recognise_penpa
from satdoku.formats.reading_check import checked
from satdoku.solving import Status, check

PUBLIC = {p["title"]: p for p in json.loads(
    (Path(__file__).parent / "data" / "penpa" / "public.json").read_text())["puzzles"]}


def _deflate(text: str) -> str:
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(z.compress(text.encode()) + z.flush()).decode()


def _link(q: dict, rules: str = "", answer: list | None = None, size: int = 4) -> str:
    """A Penpa+ link of a size×size Sudoku grid with problem layer ``q``."""
    width = size + 4
    cells = [(j + 2) * width + i + 2 for j in range(size) for i in range(size)]
    deltas = [cells[0]] + [b - a for a, b in pairwise(cells)]
    rules = rules.replace(",", "%2C")  # as Penpa+ writes it
    header = f"sudoku,{size},{size},38,0,1,1,0,0,0,0,0,0,0,0,Title: T,Author: A,,{rules},ON,false"
    text = "\n".join([header, "[0,0,0,0]", "{}", json.dumps(q), "", json.dumps(deltas)])
    link = f"https://swaroopg92.github.io/penpa-edit/#m=solve&p={_deflate(text)}"
    return link + (f"&a={_deflate(json.dumps(answer))}" if answer else "")


def _boxes(size: int = 4) -> dict[str, int]:
    """Thick edge lines around 2x2 boxes of a 4x4 grid (vertex points)."""
    width, count, out = size + 4, (size + 4) ** 2, {}
    vertex = lambda r, c: count + (r + 1) * width + c + 1  # noqa: E731 (grid corner r, c)
    for k in range(size):
        out[f"{vertex(2, k)},{vertex(2, k + 1)}"] = 2
        out[f"{vertex(k, 2)},{vertex(k + 1, 2)}"] = 2
    return out


SOLUTION = "1234341221434321"


def _answer() -> list:
    width = 8
    return [[], [], [], [], [f"{(r + 2) * width + c + 2},{SOLUTION[r * 4 + c]}"
                             for r in range(4) for c in range(4)]]


def test_abbreviations_expand_in_one_pass() -> None:
    assert expand('{zN:{},zZN:1}') == '{"number":{},zN:1}'


def test_a_public_penpa_sudoku_reads_as_its_published_decoding() -> None:
    """lisudoku's Penpa transformer test expects these constraints of this link; its grey
    circle and square (odd/even) are refused here: the puzzle has no rules text to say so."""
    entry = PUBLIC["lisudoku transformer test puzzle"]
    rec = recognise_penpa(decode_link(entry["link"]))
    assert rec.refused[0] == entry["expect"]["refused"]
    want = entry["expect"]["read_ignoring"]
    givens = {f"r{i // 9 + 1}c{i % 9 + 1}": int(d) for i, d in enumerate(rec.obj["givens"])
              if d != "."}
    assert givens == want.pop("givens")
    for key, value in want.items():
        assert rec.obj[key] == value, key


def test_public_penpa_links_with_answer_key_labels_read_when_told_to_ignore_them() -> None:
    entry = PUBLIC["Diagonal 9x9"]
    (record,) = records(entry["link"])
    assert entry["expect"]["refused"] in record.error.message
    (record,) = records(entry["link"], ignore_unsupported=True)
    assert check(record.puzzle).status is Status.UNIQUE
    assert [r.name for r in record.puzzle.rules] == ["diagonal"]
    kropki = PUBLIC["Kropki 9x9"]
    rec = recognise_penpa(decode_link(kropki["link"]))
    assert sorted(map(sorted, rec.obj["white_dots"])) == sorted(
        map(sorted, kropki["expect"]["ignoring"]["white_dots"]))  # a row of space above


@pytest.mark.parametrize("entry", PUBLIC.values(), ids=lambda e: e["title"])
def test_every_public_penpa_link_is_solved_to_its_published_solution_or_refused_by_name(
        entry: dict) -> None:
    """Each public Penpa+ link of ``public.json`` is read and has one solution, the published
    one (accepted by the rules' own checkers, and the setter's ``a=`` answer verified the
    reading); or it is refused naming the feature (and its place), or damaged, on one line."""
    (record,) = records(entry["link"])
    if entry["expect"].get("status") == "unique":
        assert record.error is None, record.error
        published = tuple(int(d) for d in entry["solution"])
        record.puzzle.verify(published)  # independent checkers, not the CNF
        result = check(record.puzzle)
        assert result.status is Status.UNIQUE and result.solutions[0] == published
        assert dict(record.meta)["solution"].replace(" ", "") == entry["solution"]
        assert not record.warnings  # verified by the setter's answer: no "unverified"
        return
    assert record.error is not None and "\n" not in str(record.error)
    want = entry["expect"].get("refused") or entry["expect"]["error"]
    assert want in record.error.message, record.error.message


def test_penpa_givens_regions_and_dots_verified_by_the_answer() -> None:
    width, count = 8, 64
    q = {"number": {str(2 * width + 2): ["1", 1, "1"]}, "lineE": _boxes(),
         "symbol": {str(2 * count + 2 * width + 2): [1, "circle_SS", 2]}}  # r1c1 | r2c1: 1, 3
    link = _link(q, answer=_answer())
    with pytest.raises(Exception, match=r"breaks white dots.*misread"):
        checked(recognise_penpa(decode_link(link)), "Penpa+")
    q["symbol"] = {str(3 * count + 2 * width + 2): [1, "circle_SS", 2]}  # r1c1 - r1c2: 1, 2
    (record,) = records(_link(q, answer=_answer()))
    assert record.error is None and dict(record.meta)["solution"] == SOLUTION
    assert is_link(_link(q))


def test_penpa_without_an_answer_is_unverified() -> None:
    (record,) = records(_link({"lineE": _boxes()}))
    assert any("read as a 4x4 Sudoku (2x2 boxes), 0 givens; unverified" in w
               for w in record.warnings)


def test_penpa_answer_that_fills_part_of_the_grid_is_named_as_such() -> None:
    """An ``a=`` with some digits is a published solution that is no full grid, not none."""
    (record,) = records(_link({"lineE": _boxes()}, answer=[[], [], [], [], _answer()[4][:9]]))
    assert any("unverified (its published solution is not a full 4x4 grid" in w
               for w in record.warnings), record.warnings


def test_penpa_grid_without_box_lines_or_classic_variant_says_so() -> None:
    """No thick lines and no ``&variants=classic``: "a grid without regions", with the hint,
    not "thick lines that do not divide the board … (1 areas)"."""
    (record,) = records(_link({}))
    assert "a grid without regions (no thick lines divide it, and the link names no " \
        "'classic' variant" in record.error.message, record.error.message
    one_wall = dict(list(_boxes().items())[:1])  # a thick line that divides nothing
    (record,) = records(_link({"lineE": one_wall}))
    assert "into 4 regions of 4 cells (1 area)" in record.error.message, record.error.message


def test_penpa_unknown_layers_and_symbols_are_named() -> None:
    width = 8
    q = {"lineE": _boxes(), "surface": {"18": 1}, "symbol": {str(2 * width + 3): [1, "star", 1]}}
    (record,) = records(_link(q))
    assert "the Penpa+ layer 'surface'" in record.error.message
    assert "a star symbol of style 1 in r1c2" in record.error.message


def test_penpa_odd_even_read_where_the_rules_text_names_them() -> None:
    width = 8
    q = {"lineE": _boxes(), "symbol": {str(2 * width + 2): [3, "circle_L", 2],
                                       str(2 * width + 3): [3, "square_L", 2]}}
    rec = recognise_penpa(decode_link(_link(q, rules="Grey circles are odd, squares even.")))
    assert (rec.obj["odd"], rec.obj["even"]) == (["r1c1"], ["r1c2"])


def test_penpa_bombs_and_damage_are_one_line_errors(monkeypatch) -> None:
    import satdoku.formats.penpa_decode as decode

    monkeypatch.setattr(decode, "MAX_DECODED", 10_000)
    bomb = f"https://swaroopg92.github.io/penpa-edit/?m=solve&p={_deflate('x' * 200_000)}"
    for link in (bomb, "https://swaroopg92.github.io/penpa-edit/?m=solve&p=%%%",
                 "https://swaroopg92.github.io/penpa-edit/?m=solve&p=" + _deflate("a\nb")):
        (record,) = records(link)
        assert record.error is not None and "\n" not in str(record.error), link


def test_a_real_deflate_bomb_stops_at_the_default_limit() -> None:
    """17 MiB of zeros deflate to about 17 KiB; reading stops at 4 MiB, one line."""
    bomb = f"https://swaroopg92.github.io/penpa-edit/?m=solve&p={_deflate('0' * (17 << 20))}"
    (record,) = records(bomb)
    assert "inflates to more than 4,194,304 bytes" in record.error.message


def test_penpa_lines_are_read_by_colour_where_the_rules_text_names_them() -> None:
    width = 8
    centre = lambda r, c: (r + 2) * width + c + 2  # noqa: E731
    line = {f"{centre(0, 0)},{centre(1, 1)}": 3, f"{centre(1, 1)},{centre(1, 2)}": 3,
            f"{centre(3, 0)},{centre(3, 1)}": 8}
    q = {"lineE": _boxes(), "line": line}
    rec = recognise_penpa(decode_link(_link(q, rules="Green lines are renbans.")))
    assert rec.obj["renban"] == [["r1c1", "r2c2", "r2c3"]]
    assert any("colour #FF0000 (red) through r4c1, r4c2" in r for r in rec.refused)


def test_penpa_variants_are_read_as_the_rules_they_name_and_unknown_ones_refused() -> None:
    """Penpa+'s Sudoku studio names its rules after the link (``&variants=``): a classic 6x6
    grid drawn without box lines has the default 2x3 boxes; an unknown name is refused."""
    link = _link({}, size=6) + "&variants=classic%2Canti%20knight%2Cfoo"
    rec = recognise_penpa(decode_link(link.replace("https://swaroopg92.github.io/penpa-edit/",
                                                   "http://localhost:5174/")))
    assert (rec.obj["box"], rec.obj["rules"]) == ("2x3", ["anti-knight"])
    assert rec.refused == ("the Sudoku variant 'foo' the link names (&variants=)",)
    assert recognise_penpa(decode_link(_link({}, size=6))).refused[0].startswith(
        "a grid without regions")  # no variants: no boxes taken for granted


def test_penpa_irregular_regions_layer_is_read_and_its_lines_must_follow_it() -> None:
    ids = list("1122" "1122" "3344" "3344")  # the 2x2 boxes of a 4x4 grid, as region names
    rec = recognise_penpa(decode_link(_link({"irregularRegions": ids, "lineE": _boxes()})))
    assert rec.obj["box"] == "2x2" and not rec.refused
    ids = list("1112" "3122" "3342" "3444")
    rec = recognise_penpa(decode_link(_link({"irregularRegions": ids, "lineE": _boxes()})))
    assert rec.obj["regions"] == ["1112", "3122", "3342", "3444"]
    assert rec.refused == ("thick lines that do not follow the irregularRegions layer",)


def test_penpa_extra_regions_are_shaded_groups_and_shading_off_the_board_is_refused() -> None:
    width = 8
    centre = lambda r, c: (r + 2) * width + c + 2  # noqa: E731
    surface = {str(centre(0, 0)): 1, str(centre(1, 1)): 1, str(centre(1, 2)): 1, "0": 1}
    link = _link({"lineE": _boxes(), "surface": surface}) + "&variants=classic%2Cextraregion"
    rec = recognise_penpa(decode_link(link))
    assert rec.obj["extra_regions"] == [["r1c1"], ["r2c2", "r2c3"]]
    assert rec.refused == ("shading outside the board (surface 0)",)


def test_a_penpa_link_on_a_host_without_a_dot_is_read_from_a_file(tmp_path: Path) -> None:
    """The WSC links point to the fork's own server (``http://localhost:5174/#m=solve&p=…``):
    a file holding one is a link, not a line of digits ("unexpected character '/'")."""
    from satdoku.formats.loader import load

    entry = PUBLIC["WSC 2026 R01-02 Killer Sudoku"]
    path = tmp_path / "killer.txt"
    path.write_text(entry["link"] + "\n")
    puzzle = load(str(path))
    puzzle.verify(tuple(int(d) for d in entry["solution"]))
    assert check(puzzle).solutions[0] == tuple(int(d) for d in entry["solution"])

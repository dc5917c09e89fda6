"""Pictures: the SVG is valid XML with the right texts, lines and markings; PNG has its size;
the pencil marks of ``render --candidates`` agree with brute force; files are written
atomically."""

from __future__ import annotations

import os
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bruteforce import brute_solutions
from conftest import run_cli
from satdoku.board import Board
from satdoku.cli import run
from satdoku.formats import parse_puzzle
from satdoku.puzzle import Puzzle
from satdoku.render import MissingExtraError, render_svg, svg_to_png
from satdoku.render.markings import DRAW, cage_outline
from satdoku.rules import Cage, Diagonal, KillerCages, Marking, Parity, Rule, Violation, Windoku
from satdoku.solving.solver import solve

NS = {"s": "http://www.w3.org/2000/svg"}
CELL = 40.0


def _have_cairo() -> bool:
    """Whether the png extra works here (CairoSVG and the cairo library it loads)."""
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


HAVE_CAIRO = _have_cairo()
PUZZLE_9 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def texts(root: ET.Element, kind: str) -> list[ET.Element]:
    return root.findall(f".//s:text[@class='{kind}']", NS)


def group(root: ET.Element, name: str) -> ET.Element | None:
    return root.find(f".//s:g[@class='{name}']", NS)


def lines(root: ET.Element, name: str) -> list[tuple[float, float, float, float]]:
    found = group(root, name)
    return [] if found is None else [
        tuple(float(e.get(k)) for k in ("x1", "y1", "x2", "y2"))
        for e in found.findall("s:line", NS)]


def cell_box(root: ET.Element, n: int, cell: int) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a cell, from the frame's position."""
    frame = root.find(".//s:rect[@class='frame']", NS)
    x0, y0 = float(frame.get("x")), float(frame.get("y"))
    side = float(frame.get("width")) / n
    r, c = divmod(cell, n)
    return x0 + c * side, y0 + r * side, x0 + (c + 1) * side, y0 + (r + 1) * side


def inside(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    left, top, right, bottom = box
    return left <= x <= right and top <= y <= bottom


def full_grid(board: Board) -> tuple[int, ...]:
    """A complete grid by the shifted-rows pattern, checked by the rules' own checkers."""
    n = board.n
    rows, cols = board.box or (1, n)
    solution = tuple((cols * (r % rows) + r // rows + c) % n + 1
                     for r in range(n) for c in range(n))
    Puzzle(board, solution).verify(solution)
    return solution


def some_givens(solution: tuple[int, ...], share: float, seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    return tuple(d if rng.random() < share else 0 for d in solution)


# -- the grid: sizes, texts, lines --------------------------------------------------------
@pytest.mark.parametrize(("n", "box"), [(4, (2, 2)), (6, (2, 3)), (9, (3, 3)), (12, (3, 4)),
                                        (16, (4, 4)), (36, (6, 6)), (5, None)])
def test_grid_texts_and_lines(n: int, box: tuple[int, int] | None) -> None:
    board = Board(n, box)
    solution = full_grid(board)
    givens = some_givens(solution, 0.4, n)
    puzzle = Puzzle(board, givens)
    root = parse(render_svg(puzzle, solution, cell=CELL))
    side = n * CELL + 2 * 0.08 * CELL
    assert root.get("viewBox") == f"0 0 {side:g} {side:g}"
    shown = texts(root, "given") + texts(root, "solved")
    assert len(texts(root, "given")) == sum(1 for d in givens if d)
    assert len(shown) == n * n
    assert sorted(e.text for e in shown) == sorted(board.symbol(d) for d in solution)
    assert len(lines(root, "thin")) == 2 * (n - 1)
    thick = lines(root, "borders")
    r, c = box or (n, n)
    assert len(thick) == (n // r - 1) + (n // c - 1)
    assert all(abs(x2 - x1) + abs(y2 - y1) == pytest.approx(n * CELL) for x1, y1, x2, y2 in thick)


def test_digits_sit_in_their_cells_and_use_the_alphabet() -> None:
    board = Board.classic(16)
    solution = full_grid(board)
    root = parse(render_svg(Puzzle(board, solution)))
    for i, element in enumerate(texts(root, "given")):  # drawn in cell order
        assert element.text == "123456789ABCDEFG"[solution[i] - 1]
        assert inside(cell_box(root, 16, i), float(element.get("x")), float(element.get("y")))


def test_jigsaw_borders_follow_the_regions() -> None:
    regions = list(Board.classic(9).box_of)
    for a, b in ((20, 3), (26, 33), (50, 30), (80, 70)):  # swap cells between boxes
        regions[a], regions[b] = regions[b], regions[a]
    board = Board(9, regions=tuple(regions))
    root = parse(render_svg(Puzzle(board, (0,) * 81), cell=CELL))
    neighbours = [(i, i + 1) for i in board.cells if (i + 1) % 9] + [
        (i, i + 9) for i in board.cells if i + 9 < 81]
    differing = sum(1 for i, j in neighbours if regions[i] != regions[j])
    thick = lines(root, "borders")
    assert sum(abs(x2 - x1) + abs(y2 - y1) for x1, y1, x2, y2 in thick) == pytest.approx(
        differing * CELL)
    assert len(thick) < differing  # collinear cell sides merged into longer lines


def test_givens_and_solved_digits_differ() -> None:
    puzzle = parse_puzzle(PUZZLE_9)
    root = parse(render_svg(puzzle, solve(puzzle).solutions[0]))
    given, solved = texts(root, "given"), texts(root, "solved")
    assert len(given) == puzzle.num_givens and len(solved) == 81 - puzzle.num_givens
    assert {e.get("fill") for e in given}.isdisjoint({e.get("fill") for e in solved})


def test_highlight_title_and_escaping() -> None:
    puzzle = parse_puzzle(PUZZLE_9)
    svg = render_svg(puzzle, highlight=[38, 51], title='a <tricky> & "quoted" title')
    root = parse(svg)
    rects = group(root, "highlight").findall("s:rect", NS)
    assert len(rects) == 2
    assert inside(cell_box(root, 9, 38), float(rects[0].get("x")) + 1, float(rects[0].get("y")) + 1)
    assert texts(root, "title")[0].text == 'a <tricky> & "quoted" title'
    assert root.find("s:title", NS).text == 'a <tricky> & "quoted" title'
    assert "@import" not in svg and "url(" not in svg  # no external fonts or resources


# -- pencil marks -----------------------------------------------------------------------
def test_pencil_marks_sit_in_a_sub_grid_of_their_cell() -> None:
    puzzle = parse_puzzle("1... ..1. .... ....")
    candidates = {1: (2, 3, 4), 5: (1, 4), 15: (1, 2, 3, 4), 0: (1,)}  # cell 0 has a given
    root = parse(render_svg(puzzle, candidates=candidates))
    marks = group(root, "candidates").findall("s:text", NS)
    assert len(marks) == sum(len(ds) for i, ds in candidates.items() if i)
    k = 0
    for i, digits in sorted(candidates.items())[1:]:
        left, top, right, bottom = cell_box(root, 4, i)
        for d in digits:
            x, y = float(marks[k].get("x")), float(marks[k].get("y"))
            assert marks[k].text == str(d)
            row, col = divmod(d - 1, 2)  # 2x2 sub-grid on a 4x4 board
            assert left + col * (right - left) / 2 <= x <= left + (col + 1) * (right - left) / 2
            assert top + row * (bottom - top) / 2 <= y <= top + (row + 1) * (bottom - top) / 2
            k += 1


# -- markings ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Drawn(Rule):
    """A rule that only draws (a stand-in for variants not written yet)."""

    marks: tuple[Marking, ...] = ()

    def violations(self, board: Board, grid: tuple[int, ...]) -> Iterator[Violation]:
        return iter(())

    def markings(self, board: Board) -> tuple[Marking, ...]:
        return self.marks


def test_cage_sums_are_placed_in_the_top_left_cell() -> None:
    board = Board.classic(9)
    cages = (Cage((10, 11, 19), 15), Cage((40, 41, 49, 50)), Cage((79, 80, 71), 21))
    root = parse(render_svg(Puzzle(board, (0,) * 81, (KillerCages(cages),))))
    assert len(group(root, "cage").findall("s:path", NS)) == 3  # one outline per cage
    sums = texts(root, "cage-sum")
    assert [e.text for e in sums] == ["15", "21"]
    for element, top_left in zip(sums, (10, 71), strict=True):
        left, top, right, bottom = cell_box(root, 9, top_left)
        x, y = float(element.get("x")), float(element.get("y"))
        assert left < x < (left + right) / 2 and top < y < (top + bottom) / 2


@pytest.mark.parametrize("cells", [(0,), (0, 1, 10), (3, 4, 5, 13, 21, 22, 23), (0, 10),
                                   (*range(9), 9, 18, 27)])
def test_cage_outline_has_the_cage_perimeter(cells: tuple[int, ...]) -> None:
    """With no inset, the outline's length is the number of cell sides on the border."""
    border = sum(1 for i in cells for r, c in [divmod(i, 9)]
                 for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                 if not (0 <= nr < 9 and 0 <= nc < 9 and nr * 9 + nc in cells))
    loops = cage_outline(9, cells, 0.0)
    length = sum(abs(x1 - x0) + abs(y1 - y0) for loop in loops
                 for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1], strict=True))
    assert length == pytest.approx(border)
    inset = cage_outline(9, cells, 0.1)
    assert len(inset) == len(loops)
    assert all(min(x % 1, y % 1) > 0.05 for loop in inset for x, y in loop)  # off the lines


def test_every_marking_kind_draws_and_unknown_kinds_are_refused() -> None:
    board = Board.classic(9)
    marks = (Marking("line", (0, 9, 18, 19), style="thermo"),
             Marking("line", (2, 12, 22), style="arrow"),
             Marking("line", (36, 37, 46), style="whisper"),
             Marking("line", (60, 61), style="some-new-line"),
             Marking("dot", (7, 8), style="white"), Marking("dot", (16, 25), style="black"),
             Marking("text", (43, 44), label="X"),
             Marking("text", tuple(range(3, 81, 9)), label="15"),
             Marking("text", tuple(range(1, 81, 10))[:8], label="41"),
             Marking("shade", (30, 31), style="even"), Marking("shade", (32,), style="odd"),
             Marking("diagonal", tuple(range(0, 81, 10))),
             Marking("quad", (60, 61, 69, 70), label="1234"),
             Marking("line", (72, 73, 74), style="between"))
    assert {m.kind for m in marks} == set(DRAW) - {"cage"}
    root = parse(render_svg(Puzzle(board, (0,) * 81, (Drawn(marks),)), cell=CELL))
    for kind in {m.kind for m in marks}:
        assert len(group(root, kind)) > 0, kind
    labels = [e.text for e in root.findall(".//s:g[@class='text']/s:text", NS)]
    assert labels == ["X", "15", "41"]
    sandwich = root.findall(".//s:g[@class='text']/s:text", NS)[1]
    frame = cell_box(root, 9, 0)
    assert float(sandwich.get("y")) < frame[1]  # a clue for a column sits above the grid
    with pytest.raises(ValueError, match="squiggle"):
        render_svg(Puzzle(board, (0,) * 81, (Drawn((Marking("squiggle", (0,)),)),)))


def test_real_variant_rules_draw_their_markings() -> None:
    board = Board.classic(9)
    rules = (KillerCages((Cage((0, 1), 3),)), Diagonal("+-"), Windoku(), Parity("even", (4,)),
             Parity("odd", (5,)))
    root = parse(render_svg(Puzzle(board, (0,) * 81, rules)))
    assert len(group(root, "diagonal")) == 2
    assert len(group(root, "shade").findall("s:rect", NS)) == 4 * 9 + 1  # windows + even
    assert len(group(root, "shade").findall("s:circle", NS)) == 1  # odd
    assert [e.text for e in texts(root, "cage-sum")] == ["3"]


def pencil_marks(root: ET.Element, n: int) -> dict[int, tuple[int, ...]]:
    """Cell → the pencil-mark digits drawn in it (found by position)."""
    marks: dict[int, list[int]] = {}
    for element in group(root, "candidates").findall("s:text", NS):
        x, y = float(element.get("x")), float(element.get("y"))
        cell = next(i for i in range(n * n) if inside(cell_box(root, n, i), x, y))
        marks.setdefault(cell, []).append(int(element.text))
    return {i: tuple(sorted(ds)) for i, ds in marks.items()}


def brute_candidates(puzzle: Puzzle) -> dict[int, tuple[int, ...]]:
    """Blank cell → digits some solution puts there, by brute force."""
    seen: dict[int, set[int]] = {i: set() for i, d in enumerate(puzzle.givens) if not d}
    for solution in brute_solutions(puzzle):
        for i in seen:
            seen[i].add(solution[i])
    return {i: tuple(sorted(ds)) for i, ds in seen.items()}


# -- PNG and files ----------------------------------------------------------------------------
@pytest.mark.skipif(not HAVE_CAIRO, reason="the png extra (cairosvg) is not installed")
def test_png_has_the_picture_size() -> None:
    svg = render_svg(parse_puzzle(PUZZLE_9), cell=30.0)
    png = svg_to_png(svg)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (round(9 * 30 + 2 * 0.08 * 30),) * 2


def test_png_without_the_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "cairosvg", None)  # import now fails
    with pytest.raises(MissingExtraError, match=re.escape("pip install 'satdoku[png]'")):
        svg_to_png("<svg/>")


def test_render_command_writes_files(tmp_path) -> None:
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    done = run_cli("render", PUZZLE_9, "--solve", "--highlight", "r5c3,r6c7", "-o", str(svg))
    assert done.code == 0, done.err
    root = parse(svg.read_text(encoding="utf-8"))
    assert len(texts(root, "solved")) == 81 - parse_puzzle(PUZZLE_9).num_givens
    assert len(group(root, "highlight")) == 2
    out = run_cli("render", "1... ..1. .... ....", "--candidates", "-o", "-")
    assert out.code == 0
    drawn = pencil_marks(parse(out.out), 4)
    assert drawn == brute_candidates(parse_puzzle("1... ..1. .... ....")) and len(drawn) == 14
    made = run_cli("render", PUZZLE_9, "-o", str(png))
    if HAVE_CAIRO:
        assert made.code == 0 and png.read_bytes()[:4] == b"\x89PNG"
    else:
        assert made.code == 2 and "pip install" in made.err
    assert sorted(p.name for p in tmp_path.iterdir()) == (["p.png", "p.svg"] if HAVE_CAIRO
                                                          else ["p.svg"])  # no temp files
    umask = os.umask(0)
    os.umask(umask)
    assert svg.stat().st_mode & 0o777 == 0o666 & ~umask  # not mkstemp's private 0600


def render_here(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run ``satdoku render ARGS`` in this process (fast); (exit code, stderr)."""
    code = run(["render", *args])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("args", "code", "message"), [
    (("--highlight", "r10c1"), 2, "--highlight: cell r10c1 is outside the 9x9 board"),
    (("-o", "picture.jpg"), 2, "name it .svg or .png"),
    (("-o", "missing/p.svg"), 2, "missing does not exist"),
])
def test_render_command_errors(tmp_path, monkeypatch: pytest.MonkeyPatch, capsys,
                               args: tuple[str, ...], code: int, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    done, err = render_here(capsys, PUZZLE_9, *args)
    assert (done, err.count("\n")) == (code, 1) and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_render_command_refuses_puzzles_without_solution_and_files_of_many(tmp_path,
                                                                           capsys) -> None:
    code, err = render_here(capsys, "1.3. ..1. .... ...4", "--solve")
    assert code == 1 and "no solution" in err
    code, err = render_here(capsys, "11.. .... .... ....", "--candidates")
    assert code == 2 and "givens clash" in err
    many = tmp_path / "many.txt"
    many.write_text(f"{PUZZLE_9}\n{PUZZLE_9}\n")
    code, err = render_here(capsys, str(many))
    assert code == 2 and "holds 2" in err

"""Multi-grid boards (samurai, twodoku, butterfly …): solving against an oracle written from
the layouts alone, a published samurai, formats, generation, export, pictures, the CLI."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET

import pytest
from multigrid_oracle import Oracle
from test_budgets import real_size

from cnf import AMO
from conftest import DATA, ROOT, run_cli
from satdoku.board import Board
from satdoku.encoding import Encoding, build, estimate
from satdoku.encoding.budget import total
from satdoku.errors import BoardError, ParseError, RuleError
from satdoku.formats import format_grid, format_json, format_line, parse_json_puzzle, parse_puzzle
from satdoku.formats.multigrid import LayoutSpec, layout_spec
from satdoku.generating.givens import Generator
from satdoku.generating.options import GenerateOptions
from satdoku.multigrid import LAYOUTS, MultiBoard
from satdoku.puzzle import Puzzle
from satdoku.render import render_svg
from satdoku.rules import classic_rules, parse_rules
from satdoku.rules.checker import grid_checker
from satdoku.solving.external import decode, write_cnf
from satdoku.solving.solver import Status, check, count, solutions
from satdoku.symmetry import Symmetry

SAMURAI = DATA / "samurai-puzzle-solver.txt"
SOLUTION = DATA / "samurai-puzzle-solver.solution.txt"
#: Small boards for brute force: every named layout of 4x4 grids, a twodoku of 6x6 grids
#: with 2x3 boxes (its canvas is 10x9: not square), and an arrangement of no name.
SMALL = [MultiBoard.layout(name, 4) for name in LAYOUTS if name != "shogun"] + [
    MultiBoard.layout("twodoku", 6), MultiBoard(4, (2, 2), grids=((0, 2), (2, 0), (4, 4)))]


def places(board: MultiBoard, grid: tuple[int, ...]) -> dict[tuple[int, int], int]:
    return {board.coords[i]: d for i, d in enumerate(grid) if d}


def cells(board: MultiBoard, grid: dict[tuple[int, int], int]) -> tuple[int, ...]:
    return tuple(grid.get(board.coords[i], 0) for i in board.cells)


def classic_check(board: MultiBoard, grid: tuple[int, ...]) -> bool:
    """Each grid cut out of the canvas (by its offset, not by the board's units) is a
    complete classic grid."""
    shape = Board(board.n, board.box)
    holds = grid_checker(shape, classic_rules(shape))
    n = board.n
    at = dict(zip(board.coords, grid, strict=True))
    return all(holds(tuple(at[r0 + r, c0 + c] for r in range(n) for c in range(n)))
               for r0, c0 in board.grids)


# -- the board -----------------------------------------------------------------------------
def test_named_layouts_have_their_published_shapes():
    shapes = {name: (b.height, b.width, b.num_cells, len(b.grids))
              for name in LAYOUTS for b in [MultiBoard.layout(name)]}
    assert shapes == {"samurai": (21, 21, 369, 5), "twodoku": (15, 15, 153, 2),
                      "butterfly": (12, 12, 144, 4), "flower": (15, 15, 189, 5),
                      "shogun": (21, 45, 783, 11)}


def test_units_are_each_grids_rows_columns_and_boxes_shared_boxes_once():
    b = MultiBoard.layout("samurai")
    assert (len(b.rows), len(b.columns), len(b.boxes)) == (45, 45, 41)
    assert all(len(u) == 9 for u in b.units)
    assert sorted(i for box in b.boxes for i in box) == list(b.cells)  # one box a cell


@pytest.mark.parametrize("grids, message", [
    (((0, 0), (0, 0)), "two grids at r1c1"),
    (((0, 0), (1, 2)), "not on the 2x2 boxes"),
    (((1, 0), (3, 2)), "top-most grid must start on row 1"),
    ((), "at least one grid"),
])
def test_bad_arrangements_are_refused_by_name(grids, message):
    with pytest.raises(BoardError, match=message):
        MultiBoard(4, (2, 2), grids=grids)


def test_holes_are_not_cells():
    b = MultiBoard.layout("samurai")
    assert b.cell_at(0, 9) is None and b.parse_cell("r1c13") == 9
    with pytest.raises(BoardError, match="no grid covers it"):
        b.parse_cell("r1c10")


def test_one_grid_at_the_corner_counts_as_the_classic_board():
    assert count(Puzzle(MultiBoard(4, (2, 2), grids=((0, 0),)), (0,) * 16)).count == 288


# -- solving against the oracle ------------------------------------------------------------
@pytest.mark.parametrize("board", SMALL, ids=lambda b: f"{b.kind}-{b.n}-{b.grids}")
def test_counts_agree_with_brute_force_on_random_puzzles(board):
    """Hundreds of random puzzles over the small boards: givens kept from a random solution
    (a few of them changed, so that some have none), counted up to a cap both ways; every
    solution satdoku prints keeps every grid (cut out by its offset)."""
    rng = random.Random(f"multigrid {board.grids} {board.n}")
    oracle = Oracle(board.n, board.box, board.grids)
    assert sorted(oracle.places) == sorted(board.coords)
    cap = 20
    for _ in range(60):
        full = oracle.random_solution(rng)
        keep = rng.uniform(0.25, 0.7)
        givens = {p: d for p, d in full.items() if rng.random() < keep}
        if givens and rng.random() < 0.25:  # a wrong digit now and then
            givens[rng.choice(sorted(givens))] = rng.randint(1, board.n)
        expected = list(oracle.solutions(givens, cap))
        puzzle = Puzzle(board, cells(board, givens))
        found = list(solutions(puzzle, limit=cap))
        assert len(found) == len(expected), puzzle
        assert all(classic_check(board, s) for s in found)
        if len(expected) < cap:
            assert {cells(board, g) for g in expected} == set(found)


@pytest.mark.parametrize("encoding", list(Encoding))
@pytest.mark.parametrize("amo", [AMO.PAIRWISE, AMO.SEQUENTIAL, AMO.NATIVE])
def test_every_encoding_counts_alike_and_is_estimated_exactly(encoding, amo):
    """The triads of the augmented encoding are per row unit: a canvas row of a samurai
    holds the rows of two or three grids."""
    board = MultiBoard.layout("samurai", 4)
    assert total(board, estimate(board, (), encoding, amo)) == real_size(
        build(board, (), encoding, amo))
    backend = "minicard" if amo is AMO.NATIVE else "cadical195"
    rng = random.Random(7)
    oracle = Oracle(board.n, board.box, board.grids)
    for _ in range(5):
        givens = {p: d for p, d in oracle.random_solution(rng).items() if rng.random() < 0.4}
        puzzle = Puzzle(board, cells(board, givens))
        assert count(puzzle, limit=30, encoding=encoding, amo=amo, backend=backend).count == \
            len(list(oracle.solutions(givens, 30)))


def test_an_empty_twodoku_of_4x4_grids_has_288_times_12_grids():
    # 288 grids for the first 4x4; the second shares a box, fixed: 288 / 4! = 12 each
    assert count(Puzzle(MultiBoard.layout("twodoku", 4), (0,) * 28)).count == 288 * 12


def test_a_published_samurai_solves_to_its_published_solution():
    puzzle = parse_puzzle(SAMURAI.read_text(), source=str(SAMURAI))
    published = parse_puzzle(SOLUTION.read_text())
    assert puzzle.board == MultiBoard.layout("samurai") == published.board
    result = check(puzzle)
    assert result.status is Status.UNIQUE
    assert result.solutions[0] == published.givens
    assert classic_check(puzzle.board, result.solutions[0])


# -- formats ---------------------------------------------------------------------------------
def _random_puzzle(board: MultiBoard, seed: int) -> Puzzle:
    """Random digits and blanks (formats need no solvable puzzle)."""
    rng = random.Random(seed)
    return Puzzle(board, tuple(rng.randint(1, board.n) if rng.random() < 0.4 else 0
                               for _ in board.cells))


@pytest.mark.parametrize("name", [n for n in LAYOUTS if n != "butterfly"])
@pytest.mark.parametrize("n", [4, 9])
def test_line_and_grid_read_back_as_the_layout_by_its_holes(name, n):
    puzzle = _random_puzzle(MultiBoard.layout(name, n), n)
    line = format_line(puzzle.board, puzzle.givens)
    assert line.count("*") == puzzle.board.height * puzzle.board.width - puzzle.board.num_cells
    assert parse_puzzle(line) == puzzle
    assert parse_puzzle(format_grid(puzzle.board, puzzle.givens)) == puzzle
    assert parse_puzzle("\n".join(re.findall("." * puzzle.board.width, line))) == puzzle


@pytest.mark.parametrize("board", [MultiBoard.layout("butterfly"), SMALL[-1]],
                         ids=["butterfly", "unnamed"])
def test_boards_without_telling_holes_round_trip_through_json_and_layout(board):
    puzzle = _random_puzzle(board, 5)
    assert parse_json_puzzle(format_json(puzzle)) == puzzle
    spec = LayoutSpec(board=board) if board.kind == "multi-grid" else layout_spec(board.kind)
    assert parse_puzzle(format_line(board, puzzle.givens), box=spec) == puzzle
    assert parse_puzzle(format_grid(board, puzzle.givens), box=spec) == puzzle


def test_layout_reads_dumps_with_other_hole_characters_and_cells_only():
    puzzle = parse_puzzle(SAMURAI.read_text())
    dots = "\n".join(row.replace(".", "0").replace("*", ".")
                     for row in SAMURAI.read_text().splitlines() if not row.startswith("#"))
    spec = layout_spec("samurai")
    assert parse_puzzle(dots, box=spec) == puzzle  # 0 blank, . hole
    assert parse_puzzle(format_line(puzzle.board, puzzle.givens).replace("*", ""),
                        box=spec) == puzzle  # the 369 cells only


@pytest.mark.parametrize("text, message", [
    ("1" + "." * 440, "21x21 board"),  # no holes: read as what it is
    ("**" + "." * 439, "fits none of the multi-grid layouts"),
    ("Z" + "." * 8 + "***" + "." * 429, "too large for 9x9 grids"),  # (holes: samurai)
])
def test_text_with_holes_that_fits_no_layout_is_an_error_not_a_guess(text, message):
    try:
        puzzle = parse_puzzle(text)
    except ParseError as err:
        assert message in str(err)
    else:
        assert message == "21x21 board" and puzzle.board == Board.classic(21)


def test_a_wrong_digit_in_a_canvas_is_reported_at_its_place():
    rows = SAMURAI.read_text().splitlines()
    rows[5] = rows[5][:3] + "X" + rows[5][4:]
    with pytest.raises(ParseError, match=r"line 6, column 4: digit 'X' \(33\) is too large"):
        parse_puzzle("\n".join(rows))


def test_json_gives_layout_or_grids_and_refuses_what_has_no_meaning():
    puzzle = parse_json_puzzle('{"layout": "twodoku", "size": 4}')
    assert puzzle.board == MultiBoard.layout("twodoku", 4) and puzzle.num_givens == 0
    same = parse_json_puzzle('{"grids": ["r1c1", "r3c3"], "givens": "' + "." * 28 + '"}')
    assert same.board == puzzle.board
    for text, message in [
        ('{"layout": "samurai", "rules": ["anti-knight"]}', "not supported on a samurai"),
        ('{"layout": "hexagon"}', "unknown layout 'hexagon'"),
        ('{"grids": ["r1c1", "r2c2"], "size": 9}', "not on the 3x3 boxes"),
        ('{"layout": "samurai", "givens": "123"}', "do not fill the samurai board"),
    ]:
        with pytest.raises(ParseError, match=message):
            parse_json_puzzle(text)


# -- generation ------------------------------------------------------------------------------
@pytest.mark.parametrize("board, symmetry", [
    (MultiBoard.layout("samurai"), Symmetry.ROT180),
    (MultiBoard.layout("twodoku", 6), Symmetry.ROT180),
    (MultiBoard.layout("flower", 4), Symmetry.DIHEDRAL),
])
def test_generated_puzzles_are_unique_symmetric_and_minimal(board, symmetry):
    """Checked afresh: one solution (which keeps every grid), the clue pattern has the
    symmetry, and removing any orbit of givens leaves a second solution."""
    with Generator(board, options=GenerateOptions(symmetry), seed=11) as generator:
        made = generator.puzzle()
    puzzle = made.puzzle
    assert made.proven_minimal and made.symmetry is symmetry
    assert count(puzzle, limit=2).count == 1
    assert classic_check(board, made.solution)
    given = {i for i, d in enumerate(puzzle.givens) if d}
    assert symmetry.holds_for(board, given)
    for orbit in {symmetry.orbit(board, i) for i in given}:
        fewer = tuple(0 if i in orbit else d for i, d in enumerate(puzzle.givens))
        assert count(Puzzle(board, fewer), limit=2).count == 2


def test_a_symmetry_the_layout_lacks_is_refused():
    twodoku = MultiBoard.layout("twodoku")
    assert [s for s in Symmetry if s.fits(twodoku)] == [
        Symmetry.NONE, Symmetry.ROT180, Symmetry.DIAGONAL, Symmetry.ANTIDIAGONAL]
    with pytest.raises(BoardError, match="no mirror symmetry"):
        Symmetry.MIRROR.orbits(twodoku)


# -- export, pictures ----------------------------------------------------------------------
def test_dimacs_export_maps_each_canvas_row_and_a_model_decodes():
    puzzle = parse_puzzle(SAMURAI.read_text())
    out = io.StringIO()
    formula = write_cnf(puzzle, out)
    text = out.getvalue()
    assert "c   r10: c7-c15 = cells 171-179 (v 1540-1620)" in text
    assert f"p cnf {369 * 9} " in text and formula.num_vars == 369 * 9
    solution = check(puzzle).solutions[0]
    model = " ".join(str(i * 9 + d) for i, d in enumerate(solution))
    assert decode(puzzle, f"s SATISFIABLE\nv {model} 0").solutions == (solution,)


def test_the_picture_draws_cells_only_where_grids_are():
    puzzle = parse_puzzle(SAMURAI.read_text())
    svg = render_svg(puzzle, solution=check(puzzle).solutions[0])
    root = ET.fromstring(svg)
    texts = [t for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert len(texts) == 369 + 0  # every cell has a digit, and no hole has one
    holes = {(r, c) for r in range(21) for c in range(21)} - set(puzzle.board.coords)
    for t in texts:
        x, y = float(t.get("x")), float(t.get("y"))
        place = (int((y - 3) // 40), int((x - 3) // 40))
        assert place not in holes


# -- the command line ------------------------------------------------------------------------
def test_cli_solves_checks_and_generates_samurai(tmp_path):
    solved = run_cli("check", str(SAMURAI), "-f", "line")
    assert solved.code == 0 and solved.out.split()[-1] == format_line(
        MultiBoard.layout("samurai"), parse_puzzle(SOLUTION.read_text()).givens)
    made = run_cli("generate", "--layout", "samurai", "--seed", "3", "-f", "line")
    assert made.code == 0 and check(parse_puzzle(made.out)).status is Status.UNIQUE


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "layouts").glob("*.json")),
                         ids=lambda p: p.stem)
def test_example_layout_files_generate_unique_puzzles(path):
    """The layout files in examples/layouts/ (docs/multigrid.md) make unique puzzles whose
    solution passes the oracle's own rows, columns and boxes."""
    made = run_cli("generate", "--layout", str(path), "--seed", "1", "-f", "json")
    assert made.code == 0, made.err
    puzzle = parse_json_puzzle(made.out)
    result = check(puzzle)
    assert result.status is Status.UNIQUE
    assert classic_check(puzzle.board, result.solutions[0])


@pytest.mark.parametrize("args, message", [
    (("generate", "--layout", "samurai", "--rules", "anti-knight"), "not supported on a"),
    (("generate", "--layout", "twodoku", "--symmetry", "mirror"), "no mirror symmetry"),
    (("generate", "--layout", "hexagon"), "not a layout"),
    (("convert", str(SAMURAI), "--to", "fpuzzles"), "cannot be written for f-puzzles"),
    (("convert", str(SAMURAI), "--to", "sudokupad-scl"), "samurai board (several grids) cannot"),
    (("generate", "--layout", "samurai", "-f", "fpuzzles"), "cannot be written for f-puzzles"),
    (("generate", "--layout", "twodoku", "--size", "4", "-f", "sudokupad"), "several grids"),
    (("solve", str(SAMURAI), "--rules", "diagonal"), "not supported on a samurai board"),
])
def test_cli_refuses_what_a_multi_grid_board_cannot_have(args, message):
    run = run_cli(*args)
    assert run.code == 2 and message in run.err and len(run.err.splitlines()) == 1


def test_rules_other_than_rows_columns_boxes_are_refused_on_the_api_too():
    with pytest.raises(RuleError, match="not supported"):
        Puzzle(MultiBoard.layout("twodoku"), (0,) * 153, parse_rules("anti-king"))


def test_explain_goes_as_far_as_logic_on_a_twodoku_that_is_not_unique():
    """The technique finders index cells up to the canvas's cell count, not n² (an
    IndexError once a step past the singles was looked for); every conclusion of the path
    holds in every solution, which the oracle lists."""
    from satdoku.explain import explain
    from satdoku.explain.steps import cell_digit

    puzzle = parse_puzzle("....**.2..**4..........1**.24.**....")
    e = explain(puzzle)
    every = list(solutions(puzzle))
    assert e.stuck and e.steps and len(every) > 1
    assert all(classic_check(puzzle.board, grid) for grid in every)
    for step in e.steps:
        for x in step.derived:
            cell, digit = cell_digit(puzzle.board, x)
            assert all((grid[cell] == digit) == (x > 0) for grid in every)

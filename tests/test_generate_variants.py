"""Variant generation: templates, random jigsaw regions, random killer cages (with givens
and with none). Every puzzle is re-checked unique by a fresh solver (or the brute-force
solver on small boards), keeps its layout's rules, and is reproducible from its seed."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import combinations

import pytest

from bruteforce import brute_solutions
from cnf import Session
from conftest import ROOT, run_cli
from satdoku.board import Board
from satdoku.encoding import build
from satdoku.errors import RuleError
from satdoku.formats import parse_json_puzzle, puzzle_to_json
from satdoku.generating.cages import mergeable, random_cages, splits
from satdoku.generating.drawing import Draw
from satdoku.generating.make import generate
from satdoku.generating.many import generate_many
from satdoku.generating.options import GenerateOptions
from satdoku.generating.regions import connected, random_regions
from satdoku.generating.stream import Generated
from satdoku.puzzle import Puzzle
from satdoku.rules import Cage, KillerCages, parse_rules
from satdoku.rules.thermo import Thermos
from satdoku.solving.guarded import add_guarded_rule
from satdoku.solving.solver import Status, SudokuSolver
from satdoku.symmetry import Symmetry

EXAMPLES = ROOT / "examples"


def template(name: str) -> Puzzle:
    return parse_json_puzzle((EXAMPLES / name).read_text())


def assert_unique(made: Generated) -> None:
    """Unique with the generator's solution, checked from scratch; JSON round trip."""
    puzzle = made.puzzle
    puzzle.verify(made.solution)
    assert all(g in (0, s) for g, s in zip(puzzle.givens, made.solution, strict=True))
    if puzzle.board.n <= 4 or (puzzle.board.n <= 6 and made.clues >= 6):  # brute force: fast
        assert list(brute_solutions(puzzle, limit=2)) == [made.solution]
    else:
        result = SudokuSolver(puzzle.board, puzzle.rules).check(puzzle)
        assert result.status is Status.UNIQUE and result.solutions[0] == made.solution
    again = parse_json_puzzle(json.dumps(puzzle_to_json(puzzle)))
    assert again.board == puzzle.board and again.givens == puzzle.givens
    assert set(again.rules) == set(puzzle.rules)


def assert_minimal(made: Generated, symmetry: Symmetry, fixed: frozenset[int] = frozenset()):
    """No orbit of removable givens can go (checked by fresh solvers)."""
    puzzle, board = made.puzzle, made.puzzle.board
    solver = SudokuSolver(board, puzzle.rules)
    for orbit in {symmetry.orbit(board, i) for i, d in enumerate(puzzle.givens) if d}:
        orbit = tuple(i for i in orbit if i not in fixed)
        if not orbit:
            continue
        fewer = tuple(0 if i in orbit else d for i, d in enumerate(puzzle.givens))
        assert solver.check(Puzzle(board, fewer, puzzle.rules)).status is Status.MULTIPLE


def assert_no_merge(made: Generated, high: int) -> None:
    """No two neighbouring cages (distinct digits, at most ``high`` cells together) can be
    merged with the puzzle still unique (checked by fresh solvers): what ``minimal`` means
    for cages that cover the grid."""
    puzzle, board, n = made.puzzle, made.puzzle.board, made.puzzle.board.n
    rule = cages_of(made)
    others, cages = [r for r in puzzle.rules if r is not rule], rule.cages
    for a, b in combinations(range(len(cages)), 2):
        cells = (*cages[a].cells, *cages[b].cells)
        touch = any(abs(i // n - j // n) + abs(i % n - j % n) == 1
                    for i in cages[a].cells for j in cages[b].cells)
        if not touch or len(cells) > high or len({made.solution[i] for i in cells}) < len(cells):
            continue
        merged = Cage(tuple(sorted(cells)), cages[a].total + cages[b].total)
        rest = (c for k, c in enumerate(cages) if k not in (a, b))
        rules = (*others, KillerCages((*rest, merged)))
        check = SudokuSolver(board, rules).check(Puzzle(board, puzzle.givens, rules))
        assert check.status is Status.MULTIPLE, (cages[a], cages[b], puzzle_to_json(puzzle))


# -- layouts --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 9, 10, 12])
def test_random_regions_are_connected_and_equal(n):
    for seed in range(12):
        regions = random_regions(n, random.Random(seed))
        assert sorted(regions.count(k) for k in set(regions)) == [n] * n
        board = Board(n, regions=regions)  # the board accepts it
        for region in board.boxes:
            assert connected(region, n)
            assert n < 4 or region not in (*board.rows, *board.columns)


def test_random_regions_mix_the_boxes_and_reproduce():
    boxes = Board.classic(9).box_of
    maps = {random_regions(9, random.Random(seed)) for seed in range(30)}
    assert len(maps) == 30 and boxes not in maps
    assert random_regions(9, random.Random(4)) == random_regions(9, random.Random(4))


@pytest.mark.parametrize(("n", "low", "high"), [(4, 2, 3), (6, 1, 4), (9, 2, 5), (9, 3, 9)])
def test_random_cages_cover_are_connected_and_distinct(n, low, high):
    board = Board.classic(n)
    rng = random.Random(n + high)
    for _ in range(30):
        grid = tuple(rng.choice(_GRIDS[n]))
        cages = random_cages(n, grid, rng, low, high)
        assert sorted(i for cage in cages for i in cage) == list(board.cells)
        for cage in cages:
            assert connected(cage, n) and len(cage) <= high
            assert len({grid[i] for i in cage}) == len(cage)


def test_splits_and_merges():
    rng = random.Random(1)
    cage = (0, 1, 2, 9, 10)  # 9x9: an L of five cells
    cuts = splits(cage, 9, rng)
    assert cuts and all(connected(a, 9) and connected(b, 9) and sorted(a + b) == list(cage)
                        for a, b in cuts)
    assert len({frozenset(a) for a, _ in cuts}) == len(cuts)
    grid = _GRIDS[9][0]
    pairs = mergeable([(0, 1), (2, 3), (9, 10)], grid, 9, 4)
    assert all(len({grid[i] for i in (*[(0, 1), (2, 3), (9, 10)][a],
                                      *[(0, 1), (2, 3), (9, 10)][b])}) == 4
               for a, b in pairs)


# -- rules behind selectors ------------------------------------------------------------------
def test_guarded_rules_have_the_solutions_of_compiled_rules():
    """A rule behind a selector: assumed, the solutions of the CNF with the rule compiled in;
    not assumed, those of the CNF without it. 4x4, random cages and thermometers."""
    board, rng = Board.classic(4), random.Random(7)
    grids = _GRIDS[4]
    with Session(build(board)) as session:
        for k in range(20):
            grid = grids[k % len(grids)] if k % 2 else tuple(rng.sample(range(1, 5), 4)) * 4
            cages = random_cages(4, grid, rng, 1, 3)
            rule = KillerCages(tuple(Cage(c, sum(grid[i] for i in c)) for c in cages[:3]))
            thermo = Thermos(((0, 1, 2),)) if k % 3 == 0 else Thermos(((5, 9),))
            for made in (rule, thermo):
                selector = add_guarded_rule(session, board, made)
                got = sorted(map(sorted, session.enumerate(range(1, 65), [selector])))
                with Session(build(board, (made,))) as alone:
                    want = sorted(map(sorted, alone.enumerate(range(1, 65))))
                assert got == want
        assert len(list(session.enumerate(range(1, 65)))) == 288  # nothing assumed


# -- templates ------------------------------------------------------------------------------
def test_template_killer_and_lines_keep_every_rule():
    for name in ("killer.json", "thermo.json", "arrows.json", "kropki.json"):
        puzzle = template(name)
        options = GenerateOptions(symmetry=Symmetry.NONE)
        made = generate(puzzle.board, puzzle.rules, options, seed=2)
        assert made.puzzle.rules == puzzle.rules
        assert_unique(made)


def test_template_givens_keep_removable_drop():
    puzzle = template("order-6x6.json")  # 6x6: brute force re-checks
    fixed = frozenset(i for i, d in enumerate(puzzle.givens) if d)
    board, rules = puzzle.board, puzzle.rules
    keep = GenerateOptions(symmetry=Symmetry.NONE, givens=puzzle.givens)
    for seed in range(3):
        made = generate(board, rules, keep, seed=seed)
        assert all(made.puzzle.givens[i] == puzzle.givens[i] for i in fixed)
        assert_unique(made)
        assert_minimal(made, Symmetry.NONE, fixed)
    removable = GenerateOptions(symmetry=Symmetry.NONE, givens=puzzle.givens, keep_givens=False)
    for seed in range(3):
        made = generate(board, rules, removable, seed=seed)
        assert all(made.solution[i] == puzzle.givens[i] for i in fixed)
        assert_unique(made)
        assert_minimal(made, Symmetry.NONE)


def test_template_givens_no_grid_fits_is_a_rule_error():
    puzzle = Puzzle(Board.classic(4), (1, 1) + (0,) * 14)
    with pytest.raises(RuleError, match="with these givens"):
        generate(puzzle.board, (), GenerateOptions(givens=puzzle.givens))


# -- jigsaw ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "count"), [(4, 5), (5, 3), (6, 5), (9, 4)])
def test_jigsaw_puzzles_are_unique_and_minimal(n, count):
    options = GenerateOptions(jigsaw=True)
    for made in generate_many(Board.classic(n), (), options, seed=n, count=count):
        assert made.puzzle.board.regions is not None and made.proven_minimal
        assert_unique(made)
    assert_minimal(made, Symmetry.ROT180)


def test_jigsaw_with_a_global_rule_and_a_rule_needing_boxes():
    options = GenerateOptions(jigsaw=True, symmetry=Symmetry.NONE)
    made = generate(Board.classic(9), parse_rules("anti-king"), options, seed=1)
    assert made.puzzle.rules == parse_rules("anti-king")
    assert_unique(made)
    with pytest.raises(RuleError, match="windoku"):
        generate(Board.classic(9), parse_rules("windoku"), options, seed=1)


# -- killer ---------------------------------------------------------------------------------
def cages_of(made: Generated) -> KillerCages:
    return next(r for r in made.puzzle.rules if isinstance(r, KillerCages))


@pytest.mark.parametrize(("n", "jigsaw"), [(4, False), (6, False), (6, True), (9, False),
                                           (9, True)])
def test_zero_given_killers_are_unique(n, jigsaw):
    options = GenerateOptions(cages=(2, 5), clues=0, jigsaw=jigsaw)
    for made in generate_many(Board.classic(n), (), options, seed=n, count=3):
        assert made.clues == 0 and made.reached_target and made.proven_minimal
        rule = cages_of(made)
        cells = sorted(i for cage in rule.cages for i in cage.cells)
        assert cells == list(made.puzzle.board.cells)
        assert all(cage.total == sum(made.solution[i] for i in cage.cells)
                   for cage in rule.cages)
        assert_unique(made)
        assert_no_merge(made, 5)


def test_zero_given_killers_claimed_minimal_have_no_merge_left():
    """Merges run in rounds until one merges none: one pass left mergeable cages in 2 of
    these 20 puzzles (seed 11) although they said minimal."""
    options = GenerateOptions(cages=(2, 5), clues=0)
    made = list(generate_many(Board.classic(6), (), options, seed=11, count=20))
    assert all(m.proven_minimal and m.undecided == 0 for m in made)
    for one in made:
        assert_no_merge(one, 5)


def test_zero_given_killer_merges_out_of_budget_are_not_minimal():
    tight = GenerateOptions(cages=(2, 5), clues=0, conflicts=5)
    made = list(generate_many(Board.classic(6), (), tight, seed=1, count=3))
    assert any(m.undecided_pieces for m in made)  # a merge test ran out: said so
    for one in made:
        assert one.proven_minimal == (one.undecided == 0)
        assert one.undecided == one.undecided_pieces  # (no givens: no orbit)
        assert_unique(one)
    proven = list(generate_many(Board.classic(6), (), replace(tight, minimal=True), seed=1,
                                count=3))
    for one in proven:
        assert one.proven_minimal and one.undecided == 0
        assert_no_merge(one, 5)


def test_killers_with_givens_are_unique_and_minimal():
    options = GenerateOptions(cages=(2, 6), symmetry=Symmetry.NONE)
    for made in generate_many(Board.classic(9), parse_rules("diagonal"), options, seed=5,
                              count=3):
        assert made.puzzle.rules[0] == parse_rules("diagonal")[0]
        assert_unique(made)
        if made.proven_minimal:
            assert_minimal(made, Symmetry.NONE)


def test_zero_given_killer_on_a_template_keeps_its_givens():
    puzzle = template("x-sudoku.json")  # unique already: the cages only have to agree
    fixed = [i for i, d in enumerate(puzzle.givens) if d]
    options = GenerateOptions(cages=(2, 4), clues=0, givens=puzzle.givens)
    made = generate(puzzle.board, puzzle.rules, options, seed=1)
    assert [i for i, d in enumerate(made.puzzle.givens) if d] == fixed
    assert made.puzzle.rules[:-1] == puzzle.rules and isinstance(made.puzzle.rules[-1],
                                                                 KillerCages)
    assert_unique(made)


@pytest.mark.parametrize("options", [
    GenerateOptions(cages=(2, 5), clues=0, jigsaw=True),
    GenerateOptions(draw=(Draw("thermos", 3), Draw("arrows", 3), Draw("dots", 4),
                          Draw("xv", 2)), clues=0)],
                         ids=["killer-jigsaw", "drawn"])
def test_layouts_reproduce_from_the_seed(options):
    def run(seed):
        return [puzzle_to_json(m.puzzle) for m in generate_many(Board.classic(6), (), options,
                                                                seed=seed, count=2)]
    assert run(3) == run(3) != run(4)


# -- the command line (in-process as satdoku.cli.run; one real subprocess) -------------------
@pytest.fixture
def cli(cli_here):
    """``satdoku ARGS`` in this process (tests/conftest.py): (code, out, err)."""
    return cli_here


def test_cli_jigsaw_and_killer_read_back_unique(cli, tmp_path):
    for args in (["--jigsaw"], ["--killer", "--givens", "0"], ["--killer", "--jigsaw"]):
        code, out, err = cli("generate", *args, "-n", "2", "--seed", "1")
        assert code == 0 and len(out.splitlines()) == 2, err
        assert all(json.loads(line)["seed"] == 1 for line in out.splitlines())
        (tmp_path / "made.jsonl").write_text(out)
        code, out, _ = cli("check", str(tmp_path / "made.jsonl"))
        assert code == 0 and out.split()[::2] == ["unique", "unique"], out


def test_cli_template_fpuzzles_link_and_formats(cli):
    code, link, _ = cli("generate", "--template", "examples/jigsaw.fpuzzles", "--seed", "2",
                        "-f", "fpuzzles")
    assert code == 0 and link.startswith("https://f-puzzles.com/?load=")
    assert cli("check", link.strip())[1].startswith("unique")
    code, out, err = cli("generate", "--killer", "--seed", "2", "-f", "line")
    assert code == 0 and len(out.strip()) == 81 and "shows the givens only" in err
    code, out, err = cli("generate", "--template", "examples/thermo.json", "--seed", "2")
    assert code == 0 and "thermos" in json.loads(out) and not err  # JSON by default


def test_cli_subprocess_killer_template():
    made = run_cli("generate", "--template", str(EXAMPLES / "killer.json"),
                   "--template-givens", "drop", "--seed", "4", "-f", "json")
    assert made.code == 0 and json.loads(made.out)["cages"]
    assert run_cli("check", "-", stdin=made.out).out.startswith("unique")


@pytest.mark.parametrize(("args", "message"), [
    (["--jigsaw", "--box", "3x3"], "--jigsaw replaces the boxes"),
    (["--jigsaw", "--template", "examples/killer.json"], "do not go together"),
    (["--killer", "--cage-size", "2-10"], "holds at most 9 cells"),
    (["--killer", "--cage-size", "x"], "expected MIN-MAX"),
    (["--killer", "--template", "examples/killer.json"], "has cages already"),
    (["--template", "examples/killer.json", "--template-givens", "all"], "keep, removable"),
    (["--template", "examples/killer.json", "--size", "6"], "does not match the template"),
    (["--template", "nowhere.json"], "no such file"),
])
def test_cli_layout_option_errors(cli, args, message):
    code, out, err = cli("generate", *args)
    assert code == 2 and message in err and not out, err


def _grids(n: int, count: int) -> list[tuple[int, ...]]:
    from satdoku.generating.fill import Filler
    with Filler(Board.classic(n)) as filler:
        rng = random.Random(n)
        return [filler.grid(rng) for _ in range(count)]


_GRIDS = {n: _grids(n, 5) for n in (4, 6, 9)}


# -- --minimal: undecided orbits decided with growing budgets --------------------------------
def test_minimal_decides_every_orbit_a_tiny_budget_left():
    board = Board.classic(9)
    loose = generate(board, options=GenerateOptions(conflicts=1), seed=6)
    assert not loose.proven_minimal and loose.undecided > 0 and loose.retested == 0
    made = generate(board, options=GenerateOptions(conflicts=1, minimal=True), seed=6)
    assert made.proven_minimal and made.undecided == 0 and made.retested > 0
    assert made.clues <= loose.clues
    assert_unique(made)
    assert_minimal(made, Symmetry.ROT180)


def test_minimal_with_strict_and_a_template():
    puzzle = template("thermo.json")
    options = GenerateOptions(conflicts=1, minimal=True, strict=True, symmetry=Symmetry.NONE)
    made = generate(puzzle.board, puzzle.rules, options, seed=2)
    assert made.proven_minimal and made.undecided == 0
    assert_unique(made)
    assert_minimal(made, Symmetry.NONE)


def test_cli_minimal_reports_undecided_orbits(cli):
    code, out, err = cli("generate", "--box", "3x4", "--budget", "1", "--seed", "3")
    assert code == 0 and "minimality not proven (" in out.splitlines()[0]
    assert "orbits in all were kept undecided" in err and "--minimal decides them" in err
    code, out, err = cli("generate", "--box", "3x4", "--budget", "1", "--seed", "3",
                         "--minimal")
    head = out.splitlines()[0]
    assert code == 0 and ", minimal, " in head and "retested with larger budgets" in head
    assert not err


def test_cli_minimal_stopped_by_the_time_limit_points_to_the_time_limit(cli):
    # (found by a new-user trial: the note advised --minimal, which was already given)
    code, out, err = cli("generate", "--box", "4x4", "--budget", "1", "--seed", "3",
                         "--minimal", "--time-limit", "0.05", "-f", "line")
    if "not proven minimal" not in err:  # (a very fast machine decided every orbit in time)
        pytest.skip("every orbit was decided within the time limit")
    assert code == 0 and len(out.split()) == 1  # the puzzle, unique, still written
    assert "a larger --time-limit, or none, decides them" in err
    assert "--minimal decides them" not in err


def test_a_line_of_a_variant_says_which_rules_read_it_back():
    """A bare line holds no rules: generate says which --rules read it back (explain on the
    line without them found the puzzle not unique, with no hint why)."""
    run = run_cli("generate", "--rules", "anti-knight", "--seed", "3", "-f", "line")
    assert run.code == 0 and run.err == ("satdoku: note: line writes the givens only: read it "
                                         "back with --rules anti-knight\n")
    line = run.out.strip()
    assert run_cli("check", line, "--rules", "anti-knight").code == 0
    assert run_cli("check", line).code == 3

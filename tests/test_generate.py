"""The generator: every puzzle unique (re-checked by a fresh, independent solver), with the
requested symmetry, minimal unless it says otherwise, reproducible from its seed."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time

import pytest

from bruteforce import brute_solutions
from cnf import Session
from conftest import run_cli
from satdoku.board import Board
from satdoku.cli import run
from satdoku.encoding import build
from satdoku.formats import parse_puzzle
from satdoku.generating.fill import TRANSFORMS, Filler, random_grid, transformed
from satdoku.generating.givens import Generator
from satdoku.generating.make import generate
from satdoku.generating.many import generate_many
from satdoku.generating.options import GenerateOptions
from satdoku.generating.removal import Removal
from satdoku.generating.stream import Generated
from satdoku.generating.unavoidable import cells, second_grid, unavoidable_sets
from satdoku.puzzle import Puzzle
from satdoku.rules import parse_rules
from satdoku.solving.solver import Status, SudokuSolver
from satdoku.symmetry import Symmetry

BRUTE_MAX = 6  # boards small enough for the brute-force oracle


def without(puzzle: Puzzle, cells: tuple[int, ...]) -> Puzzle:
    givens = list(puzzle.givens)
    for cell in cells:
        givens[cell] = 0
    return Puzzle(puzzle.board, tuple(givens), puzzle.rules)


def is_unique(puzzle: Puzzle, solver: SudokuSolver | None) -> bool:
    """Uniqueness by the brute-force solver (small boards) or a fresh SudokuSolver."""
    if puzzle.board.n <= BRUTE_MAX:
        return len(list(brute_solutions(puzzle, limit=2))) == 1
    assert solver is not None
    return solver.check(puzzle).status is Status.UNIQUE


def assert_good(made: Generated, symmetry: Symmetry, minimal_units: str = "orbits") -> None:
    """Unique, right solution, symmetric, and no unit removable (when proven minimal)."""
    puzzle, board = made.puzzle, made.puzzle.board
    puzzle.verify(made.solution)
    assert all(g in (0, s) for g, s in zip(puzzle.givens, made.solution, strict=True))
    solver = SudokuSolver(board, puzzle.rules)  # fresh: shares nothing with the generator
    if board.n <= BRUTE_MAX:
        assert list(brute_solutions(puzzle, limit=2)) == [made.solution], puzzle.givens
    else:
        result = solver.check(puzzle)
        assert result.status is Status.UNIQUE and result.solutions[0] == made.solution
    givens = [i for i, d in enumerate(puzzle.givens) if d]
    assert made.clues == len(givens)
    assert symmetry.holds_for(board, givens) == (made.symmetry is symmetry)
    if made.proven_minimal:
        units = ({symmetry.orbit(board, i) for i in givens} if minimal_units == "orbits"
                 else {(i,) for i in givens})
        for unit in units:
            assert not is_unique(without(puzzle, unit), solver), (puzzle.givens, unit)


SIZES = [((2, 2), Symmetry.ROT90, 4), ((2, 3), Symmetry.ROT180, 4), ((2, 4), Symmetry.MIRROR, 3),
         ((3, 3), Symmetry.ROT180, 4), ((3, 4), Symmetry.DIAGONAL, 2),
         ((4, 4), Symmetry.ROT180, 1)]


@pytest.mark.parametrize(("box", "symmetry", "count"), SIZES)
def test_generated_puzzles_are_unique_symmetric_and_minimal(box, symmetry, count):
    board = Board(box[0] * box[1], box)
    options = GenerateOptions(symmetry=symmetry)
    with Generator(board, options=options, seed=11) as generator:
        for _ in range(count):
            made = generator.puzzle()
            assert made.symmetry is symmetry and made.proven_minimal
            assert_good(made, symmetry)


@pytest.mark.parametrize("symmetry", list(Symmetry))
def test_every_symmetry_on_9x9(symmetry):
    made = generate(Board.classic(9), options=GenerateOptions(symmetry=symmetry), seed=5)
    assert made.symmetry is symmetry
    assert_good(made, symmetry)


def test_strict_leaves_no_single_removable_given():
    options = GenerateOptions(symmetry=Symmetry.DIHEDRAL, strict=True)
    with Generator(Board.classic(9), options=options, seed=2) as generator:
        for _ in range(3):
            made = generator.puzzle()
            assert made.proven_minimal
            assert_good(made, Symmetry.DIHEDRAL, minimal_units="cells")


def test_variant_rules_anti_knight_anti_king():
    rules = parse_rules("anti-knight,anti-king")
    options = GenerateOptions(symmetry=Symmetry.NONE)
    with Generator(Board.classic(9), rules, options, seed=4) as generator:
        made = generator.puzzle()
    assert made.puzzle.rules == rules and made.proven_minimal
    assert_good(made, Symmetry.NONE)
    # without the variant rules the same givens have other solutions
    classic = Puzzle(made.puzzle.board, made.puzzle.givens)
    assert SudokuSolver(classic.board).check(classic).status is Status.MULTIPLE


def test_small_variant_and_latin_square_against_brute_force():
    made = generate(Board.classic(6), parse_rules("anti-king"), seed=8)
    assert_good(made, Symmetry.ROT180)
    latin = generate(Board(5), options=GenerateOptions(symmetry=Symmetry.FLIP), seed=8)
    assert latin.puzzle.board.boxes == ()
    assert_good(latin, Symmetry.FLIP)


#: A 6x6 jigsaw board's regions, cell by cell.
JIGSAW_6 = (0, 0, 0, 1, 1, 1,
            0, 0, 2, 1, 1, 1,
            0, 2, 2, 2, 3, 3,
            4, 4, 2, 2, 3, 3,
            4, 4, 4, 5, 3, 3,
            4, 5, 5, 5, 5, 5)


def test_jigsaw_board_against_brute_force():
    regions = JIGSAW_6
    with Generator(Board(6, regions=regions), seed=1) as generator:
        for _ in range(3):
            assert_good(generator.puzzle(), Symmetry.ROT180)


def test_unsatisfiable_rules_are_a_rule_error():
    from satdoku.errors import RuleError
    with pytest.raises(RuleError, match="no 4x4"):
        generate(Board.classic(4), parse_rules("anti-knight,anti-king"))


def test_seeds_reproduce_and_differ():
    board = Board.classic(9)

    def lines(seed, count=3, jobs=1):
        return [m.puzzle.givens for m in generate_many(board, seed=seed, count=count, jobs=jobs)]

    assert lines(1) == lines(1)
    assert lines(1) != lines(2)
    assert lines(1, count=2) == lines(1)[:2]  # a longer run starts with the same puzzles


def test_target_clues_stop_and_unreachable_target():
    board = Board.classic(6)
    made = generate(board, options=GenerateOptions(symmetry=Symmetry.NONE, clues=14), seed=3)
    assert made.clues == 14 and made.reached_target and not made.proven_minimal
    assert_good(made, Symmetry.NONE)
    low = generate(Board.classic(9), options=GenerateOptions(clues=10), seed=3)
    assert not low.reached_target and low.clues > 16 and low.proven_minimal


def test_a_tiny_budget_keeps_orbits_and_says_so():
    options = GenerateOptions(conflicts=1)
    made = generate(Board.classic(12), options=options, seed=6)
    full = generate(Board.classic(12), seed=6)
    assert not made.proven_minimal and made.clues >= full.clues
    assert_good(made, Symmetry.ROT180)


@pytest.mark.parametrize("known", [False, True])
def test_removal_gives_the_puzzle_of_one_test_per_orbit(known):
    """Galloping, bisection and reused second solutions (``known``: the unavoidable sets
    too) change the calls, not the result."""
    board, rng = Board.classic(9), random.Random(4)
    solver = SudokuSolver(board)  # the one-test-per-orbit reference, with its own session
    with Filler(board) as filler, Session(build(board)) as session:
        for symmetry in (Symmetry.NONE, Symmetry.ROT180, Symmetry.MIRROR):
            solution = filler.grid(rng)
            orbits = symmetry.orbits(board)
            rng.shuffle(orbits)
            witnesses = unavoidable_sets(board, solution) if known else ()
            removal = Removal(session, board, solution, witnesses=witnesses)
            assert removal.remove(orbits, first=len(orbits) // 2) and removal.proven
            removal.close()
            givens = Puzzle(board, solution)
            for orbit in orbits:
                if is_unique(without(givens, orbit), solver):
                    givens = without(givens, orbit)
            assert removal.givens() == [i for i, d in enumerate(givens.givens) if d]


def test_fill_grids_are_valid_distinct_and_transforms_keep_classic_grids_valid():
    board = Board.classic(9)
    rng = random.Random(0)
    with Filler(board) as filler:
        grids = {filler.grid(rng) for _ in range(20)}
    assert len(grids) == 20
    empty = Puzzle(board, (0,) * 81)
    for grid in grids:
        for transform in TRANSFORMS:
            empty.verify(transform(board, grid, rng))
    knights = parse_rules("anti-knight")
    grid = random_grid(board, knights, seed=3)
    Puzzle(board, (0,) * 81, knights).verify(grid)


# -- the command line (in-process, as `satdoku.cli.run`; one real subprocess at the end) ---
@pytest.fixture
def gen(capsys):
    """Run ``satdoku generate ARGS`` in this process: (exit code, stdout, stderr)."""
    def call(*args: str) -> tuple[int, str, str]:
        code = run(["generate", *args])
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        return code, out, err
    return call


def test_cli_default_is_a_unique_9x9_grid(gen):
    code, out, _ = gen("--seed", "3")
    assert code == 0 and out.startswith("# puzzle 1 (seed 3):")
    puzzle = parse_puzzle(out)
    assert puzzle.board.n == 9 and SudokuSolver(puzzle.board).check(puzzle).status is Status.UNIQUE


def test_cli_file_is_reproducible_json_has_the_facts(gen, tmp_path):
    out = tmp_path / "p.txt"
    args = ("-n", "4", "--seed", "9", "--box", "2x3", "-o", str(out))
    assert gen(*args)[0] == 0
    first = out.read_text()
    assert gen(*args)[0] == 0 and out.read_text() == first
    lines = first.split()
    assert len(lines) == 4 and all(is_unique(parse_puzzle(line), None) for line in lines)
    code, text, _ = gen("-n", "2", "--seed", "9", "--box", "2x3", "-f", "json", "--with-solution")
    objs = [json.loads(line) for line in text.splitlines()]
    assert code == 0 and [o["givens"] for o in objs] == lines[:2]
    assert {"clues", "symmetry", "minimal", "seed", "seconds", "calls", "solution"} <= set(objs[0])


def test_cli_jobs_and_variants(gen):
    code, out, _ = gen("-n", "6", "--seed", "1", "-j", "2", "--box", "2x2")
    assert code == 0 and gen("-n", "6", "--seed", "1", "-j", "2", "--box", "2x2")[1] == out
    assert len(out.split()) == 6 and all(is_unique(parse_puzzle(p), None) for p in out.split())
    code, out, _ = gen("--rules", "anti-knight,anti-king", "--symmetry", "none", "-f", "line",
                       "--with-solution", "--seed", "2")
    givens, solution = out.split()
    rules = parse_rules("anti-knight,anti-king")
    puzzle = parse_puzzle(givens, rules=rules)
    puzzle.verify(parse_puzzle(solution).givens)
    assert SudokuSolver(puzzle.board, rules).check(puzzle).status is Status.UNIQUE


@pytest.mark.parametrize(("args", "words"), [
    (("--box", "3x"), "bad box size"),
    (("--size", "7", "--box", "3x3"), "--size 7 does not match"),
    (("--rules", "anti-nite"), "did you mean 'anti-knight'"),
    (("--symmetry", "spiral"), "spiral"),
    (("--count", "0"), "--count"),
    (("--box", "2x2", "--rules", "anti-knight,anti-king"), "no 4x4 (2x2 boxes) grid satisfies"),
])
def test_cli_bad_options_are_one_line_errors(gen, args, words):
    code, _, err = gen(*args)
    assert code == 2 and words in err


def test_cli_interrupt_keeps_the_puzzles_made(tmp_path):
    out = tmp_path / "many.txt"
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "generate", "-n", "100000",
                             "--seed", "1", "-o", str(out)], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while not list(tmp_path.glob(".many.txt.*")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in err and "were written" in err
    lines = out.read_text().splitlines()
    assert lines and all(len(line) == 81 for line in lines)
    assert run_cli("check", str(out)).code == 0


def test_removal_rejects_units_sharing_a_cell():
    board = Board.classic(4)
    solution = random_grid(board, seed=1)
    with Session(build(board)) as session:
        removal = Removal(session, board, solution)
        with pytest.raises(ValueError, match="share"):
            removal.remove([(0, 1), (1, 2)])
        removal.close()


BOARDS = [Board.classic(4), Board.classic(6), Board.classic(6, "3x2"), Board.classic(8),
          Board.classic(9), Board(5)]


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.describe())
def test_unavoidable_sets_have_a_second_grid(board):
    """Each set's other grid keeps every classic rule (the independent checker) and
    differs from the grid exactly on the set; on small boards the brute-force solver finds
    two solutions once the set's cells are blanked."""
    rng, empty = random.Random(2), Puzzle(board, (0,) * board.n ** 2)
    with Filler(board) as filler:
        for _ in range(5):
            grid = filler.grid(rng)
            sets = unavoidable_sets(board, grid)
            assert sets and len(set(sets)) == len(sets)
            for mask in sets:
                other = second_grid(board, grid, mask)
                empty.verify(other)
                assert [i for i in board.cells if other[i] != grid[i]] == cells(mask)
                assert len(cells(mask)) in (4, 6)
            if board.n <= BRUTE_MAX:
                mask = sets[-1]
                blanked = tuple(0 if mask >> i & 1 else d for i, d in enumerate(grid))
                assert len(list(brute_solutions(Puzzle(board, blanked), limit=2))) == 2


@pytest.mark.parametrize("board", BOARDS[:5], ids=lambda b: b.describe())
def test_every_rectangle_is_found(board):
    """The 4-cell sets are every two digits swapped in two rows and two columns that the
    checker accepts, found by brute force."""
    n, rng, empty = board.n, random.Random(3), Puzzle(board, (0,) * board.n ** 2)
    with Filler(board) as filler:
        grid = filler.grid(rng)
    found = set()
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    a, b = r1 * n + c1, r1 * n + c2
                    c, d = r2 * n + c1, r2 * n + c2
                    if grid[a] == grid[d] and grid[b] == grid[c]:
                        other = list(grid)
                        other[a], other[b], other[c], other[d] = grid[b], grid[a], grid[d], grid[c]
                        if _valid(empty, tuple(other)):
                            found.add(1 << a | 1 << b | 1 << c | 1 << d)
    ours = {m for m in unavoidable_sets(board, grid) if len(cells(m)) == 4}
    assert ours == found and found


def _valid(empty: Puzzle, grid: tuple[int, ...]) -> bool:
    from satdoku.errors import VerificationError
    try:
        empty.verify(grid)
    except VerificationError:
        return False
    return True


def test_jigsaw_boards_get_no_unavoidable_sets():
    regions = JIGSAW_6
    board = Board(6, regions=regions)
    assert unavoidable_sets(board, random_grid(board, seed=1)) == []


def test_variant_rules_keep_only_the_sets_they_allow():
    knights = parse_rules("anti-knight")
    board = Board.classic(9)
    with Generator(board, knights, seed=3) as generator:
        grid = generator.filler.grid(random.Random(1))
        kept = generator._unavoidable(grid)
    every = unavoidable_sets(board, grid)
    assert set(kept) <= set(every)
    for mask in every:
        other = second_grid(board, grid, mask)
        allowed = _valid(Puzzle(board, (0,) * 81, knights), other)
        assert (mask in kept) == allowed


@pytest.mark.parametrize("board", [Board.classic(9), Board.classic(6, "3x2"), Board(5)],
                         ids=lambda b: b.describe())
def test_transforms_at_once_are_the_transforms_in_turn(board):
    grid = random_grid(board, seed=4)
    for seed in range(5):
        chained, rng = grid, random.Random(seed)
        for transform in TRANSFORMS:
            chained = transform(board, chained, rng)
        assert transformed(board, grid, random.Random(seed)) == chained

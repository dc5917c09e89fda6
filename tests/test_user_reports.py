"""Regression tests for problems that new users reported (each one fixed since).

Every test states the promise a user relies on. Expected answers are never solver output
copied in here: they are checked independently (``Puzzle.verify``, the brute-force solver,
an XML parser) or come from known counts (288 4x4 grids, 56 reduced 5x5 Latin squares).
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

import pytest

import satdoku
import satdoku.solving.solvers
from bruteforce import brute_solutions
from conftest import DATA, ROOT, run_cli
from satdoku import Board, Puzzle, SudokuSolver, parse_puzzle
from satdoku.analyse import analyse
from satdoku.errors import ClashError
from satdoku.generating.options import GenerateOptions
from satdoku.runtime.pool import Local, Ordered, Work, WorkerDied
from satdoku.symmetry import Symmetry

EXAMPLES = ROOT / "examples"
NO_SOLUTION_4X4 = "1... ..23 .... ...."  # box 1 needs a 4 in both r2c1 and r2c2
ONE_CLUE_9X9 = "1" + "." * 80


def puzzles(name: str) -> list[str]:
    """The puzzles of a data file (one 81-character puzzle a line, '#' comments)."""
    lines = (DATA / name).read_text().splitlines()
    return [ln for ln in lines if ln.strip() and not ln.startswith("#")]


SEVENTEEN = puzzles("17clue-300.txt")
P = SEVENTEEN[0]


def one_error_line(err: str) -> bool:
    lines = err.splitlines()
    return len(lines) == 1 and lines[0].startswith("satdoku: error:")


def repeats_a_digit(line: str) -> bool:
    digits = [ch for ch in line if ch not in ".0"]
    return len(set(digits)) < len(digits)


@pytest.fixture(scope="module")
def puzzle16() -> str:
    """A generated 16x16 puzzle as one 256-character line."""
    r = run_cli("generate", "--box", "4x4", "--seed", "2", "-f", "line", "-q")
    assert r.code == 0
    line = r.out.strip()
    assert len(line) == 256
    return line


def test_no_solution_4x4_has_none():
    """The puzzle the tests below use as 'no solution' really has none (brute force)."""
    assert list(brute_solutions(parse_puzzle(NO_SOLUTION_4X4))) == []


# -- 1. -o keeps an existing file when a command produced nothing --------------------------

@pytest.mark.parametrize("args, code", [
    (["solve", P[:80]], 2),
    (["solve", NO_SOLUTION_4X4], 1),
    (["generate", "--rules", "anti-knight,anti-king", "--box", "2x2"], 2),
], ids=["80-cells", "no-solution", "no-grid"])
def test_output_file_kept_when_nothing_was_produced(tmp_path, args, code):
    """A failed command with -o FILE leaves the old FILE as it was."""
    target = tmp_path / "f.txt"
    target.write_text("old content\n")
    r = run_cli(*args, "-o", str(target))
    assert r.code == code, r.err
    assert target.read_text() == "old content\n"


def test_output_file_kept_when_decode_has_no_model(tmp_path):
    """decode of an empty model file with -o FILE leaves the old FILE as it was."""
    target, model = tmp_path / "f.txt", tmp_path / "model.txt"
    target.write_text("old content\n")
    model.write_text("")
    r = run_cli("decode", P, str(model), "-o", str(target))
    assert r.code == 2
    assert target.read_text() == "old content\n"


@pytest.mark.parametrize("where", ["dir", "empty"])
def test_output_to_a_directory_or_empty_name_is_a_usage_error(tmp_path, where):
    """-o DIRECTORY and -o '' are one-line errors (exit 2), not tracebacks."""
    r = run_cli("solve", P, "-o", str(tmp_path) if where == "dir" else "")
    assert r.code == 2
    assert one_error_line(r.err), r.err


# -- 2. reading files: many puzzles versus one grid -----------------------------------------

def solves_line_by_line(tmp_path, given: list[str]) -> None:
    """A file of these puzzles, one per line, gets one verified solution line each."""
    f = tmp_path / "puzzles.txt"
    f.write_text("\n".join(given) + "\n")
    r = run_cli("solve", str(f), "-f", "line")
    assert r.code == 0, r.err
    out = r.out.splitlines()
    assert len(out) == len(given)
    for puzzle, line in zip(given, out, strict=True):
        parse_puzzle(puzzle).verify(parse_puzzle(line).givens)


def test_81_lines_of_81_cells_are_81_puzzles(tmp_path):
    """81 puzzles of 81 cells are 81 puzzles, not one 81x81 grid."""
    solves_line_by_line(tmp_path, SEVENTEEN[:81])


def test_16_lines_of_4x4_puzzles_are_16_puzzles(tmp_path):
    """16 lines of 16 cells whose rows clash as a grid are sixteen 4x4 puzzles."""
    r = run_cli("generate", "--size", "4", "-n", "16", "--seed", "1", "-q")
    assert r.code == 0
    given = r.out.split()
    assert len(given) == 16 and all(len(g) == 16 for g in given)
    assert any(repeats_a_digit(g) for g in given)  # as one 16x16 grid, a row would clash
    solves_line_by_line(tmp_path, given)


def test_16x16_grid_in_16_lines_is_one_grid(tmp_path, puzzle16):
    """A 16x16 puzzle written as 16 rows of 16 characters is still one grid."""
    f = tmp_path / "grid16.txt"
    f.write_text("\n".join(puzzle16[k:k + 16] for k in range(0, 256, 16)) + "\n")
    r = run_cli("solve", str(f), "-f", "line")
    assert r.code == 0, r.err
    out = r.out.splitlines()
    assert len(out) == 1 and len(out[0]) == 256
    parse_puzzle(puzzle16).verify(parse_puzzle(out[0]).givens)


def test_9x9_grid_in_9_lines_is_one_grid(tmp_path):
    """A 9x9 puzzle written as 9 rows of 9 characters is one grid."""
    f = tmp_path / "grid9.txt"
    f.write_text("\n".join(P[k:k + 9] for k in range(0, 81, 9)) + "\n")
    r = run_cli("solve", str(f), "-f", "line")
    assert r.code == 0, r.err
    out = r.out.splitlines()
    assert len(out) == 1
    parse_puzzle(P).verify(parse_puzzle(out[0]).givens)


# -- 3. back-ends ------------------------------------------------------------------------

def test_backend_without_time_limits_is_a_one_line_error():
    """A back-end that cannot stop early, with --time-limit: one line naming it."""
    r = run_cli("solve", P, "--backend", "lingeling", "--time-limit", "5")
    assert r.code == 2
    assert len(r.err.splitlines()) == 1 and "lingeling" in r.err


def test_listed_backends_can_all_be_created():
    """Every back-end offered is one this PySAT can actually run."""
    from pysat.solvers import Solver

    from cnf.session import backends

    names = backends()
    assert "cadical195" in names
    for name in names:
        Solver(name=name).delete()


def test_unknown_backend_raises_backend_error():
    """The API reports an unknown back-end as a satdoku error, not a bare exception."""
    board = parse_puzzle("." * 16).board
    with pytest.raises(satdoku.BackendError) as caught:
        satdoku.SudokuSolver(board, backend="nosuch")
    assert isinstance(caught.value, satdoku.SatdokuError)


# -- 4. clashing givens are reported before any CNF is built -------------------------------

def test_clash_found_before_building_a_solver(monkeypatch):
    """Clashing givens raise ClashError without ever building a solver."""
    def no_build(*args, **kwargs):
        raise AssertionError("a solver was built for clashing givens")

    monkeypatch.setattr(satdoku.solving.solvers, "solver_for", no_build)
    puzzle = parse_puzzle("11" + "." * 79)
    with pytest.raises(ClashError):
        satdoku.solving.solvers.Solvers()(puzzle)


@pytest.mark.parametrize("notation", ["numbers", "characters"])
def test_36x36_clash_reported_quickly(tmp_path, notation):
    """Two 1s in row 1 of a 36x36 puzzle: 'givens clash' at once, not after a huge CNF."""
    cells = ["1", "1"] + ["."] * (36 * 36 - 2)
    f = tmp_path / "p36.txt"
    f.write_text((" ".join(cells) if notation == "numbers" else "".join(cells)) + "\n")
    start = time.monotonic()
    r = run_cli("solve", str(f), timeout=60)
    assert time.monotonic() - start < 20
    assert r.code == 2 and "givens clash" in r.err


# -- 5. box text ---------------------------------------------------------------------------

def test_box_text_forms():
    """--box none, RxC and 1xN mean what they say."""
    assert parse_puzzle(P, box="none").board.box is None
    assert parse_puzzle("." * 36, box="3x2").board.box == (3, 2)
    assert Board.classic(9, "1x9").box is None
    r = run_cli("count", "12345 2.... 3.... 4.... 5....", "--box", "1xN")
    assert (r.code, r.out.strip()) == (0, "56")  # reduced 5x5 Latin squares


# -- 6. count of an impossible puzzle -------------------------------------------------------

def test_count_of_no_solution_is_zero_exit_1():
    """count prints 0 and exits 1 for a puzzle with no solution."""
    r = run_cli("count", NO_SOLUTION_4X4)
    assert (r.code, r.out.strip()) == (1, "0")


# -- 7. a closed pipe ----------------------------------------------------------------------

def test_reader_closing_the_pipe_ends_quietly():
    """`satdoku solve big.txt | head -1`: exit 0, no traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "solve",
                             str(DATA / "top1465-100.txt")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()
    proc.stdout.close()
    code = proc.wait(timeout=60)
    err = proc.stderr.read()
    proc.stderr.close()
    assert first.strip()
    assert code == 0, err
    assert "Traceback" not in err


# -- 8. usage errors are one line -----------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["solve", "x", "--limit", "0"],
    ["generate", "--count", "0"],
    ["solve", "x", "--time-limit", "0"],
])
def test_bad_option_values_are_one_line(args):
    """Out-of-range option values: exit 2 and a single 'satdoku: error:' line."""
    r = run_cli(*args)
    assert r.code == 2
    assert one_error_line(r.err), r.err


# -- 9. puzzle arguments and files ----------------------------------------------------------

def test_256_character_argument_solves(puzzle16):
    """A 16x16 puzzle pasted as an argument is a puzzle, not a file name."""
    r = run_cli("solve", puzzle16, "-f", "line")
    assert r.code == 0, r.err
    parse_puzzle(puzzle16).verify(parse_puzzle(r.out.strip()).givens)


def test_file_with_byte_order_mark_solves(tmp_path):
    """A file saved with a UTF-8 BOM (Windows editors) reads like any other."""
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbf" + P.encode() + b"\n")
    r = run_cli("solve", str(f), "-f", "line")
    assert r.code == 0, r.err
    parse_puzzle(P).verify(parse_puzzle(r.out.strip()).givens)


def test_missing_file_named_like_a_word(tmp_path):
    """`satdoku solve puzzles` with no such file says so, by name."""
    r = run_cli("solve", "puzzles", cwd=tmp_path)
    assert r.code == 2
    assert "no file named 'puzzles'" in r.err


# -- 10. export / decode --------------------------------------------------------------------

def test_decode_both_from_stdin_is_refused():
    """decode - - cannot read the puzzle and the model from the same stdin."""
    r = run_cli("decode", "-", "-", stdin="")
    assert r.code == 2
    assert "cannot both come from standard input" in r.err


def test_export_header_gives_the_decode_command():
    """The DIMACS header says how to decode, with the same --box and --rules."""
    r = run_cli("export", ONE_CLUE_9X9, "--box", "none", "--rules", "anti-knight")
    assert r.code == 0, r.err
    header = [ln for ln in r.out.splitlines() if ln.startswith("c")]
    expected = "c decode a model with: satdoku decode PUZZLE MODEL --box none --rules anti-knight"
    assert expected in header


# -- 11. the analyser ---------------------------------------------------------------------

@pytest.mark.parametrize("k", [0, 1, 2])
def test_analyser_fix_makes_the_puzzle_unique(k):
    """With a given removed, the analyser names one extra given that makes it unique."""
    full = parse_puzzle(SEVENTEEN[k])
    gone = [i for i, d in enumerate(full.givens) if d][k]
    givens = list(full.givens)
    givens[gone] = 0
    puzzle = dataclasses.replace(full, givens=tuple(givens))
    fix = analyse(puzzle).fix
    assert fix is not None and fix.given is not None
    assert puzzle.givens[fix.given.cell] == 0
    givens[fix.given.cell] = fix.given.digit
    fixed = dataclasses.replace(puzzle, givens=tuple(givens))
    assert satdoku.check(fixed).status is satdoku.Status.UNIQUE


def test_one_by_one_is_level_0():
    """The 1x1 puzzle '1' is solved by propagation alone: difficulty level 0."""
    difficulty = analyse(parse_puzzle("1")).difficulty
    assert difficulty is not None and difficulty.level == 0


def test_analyse_names_a_triple_clash():
    """Three 5s in row 1 are reported as three, with all their cells."""
    r = run_cli("analyse", "55..5" + "." * 76)
    assert r.code == 2  # givens that clash are bad input
    assert "5 three times in row 1 (r1c1, r1c2, r1c5)" in r.out


# -- 12. pictures -------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["analyse", "candidates"])
def test_svg_pictures_are_xml(tmp_path, command):
    """analyse/candidates --svg FILE write a well-formed SVG."""
    picture = tmp_path / "f.svg"
    r = run_cli(command, P, "--svg", str(picture))
    assert r.code == 0, r.err
    assert ET.parse(picture).getroot().tag == "{http://www.w3.org/2000/svg}svg"


def test_svg_to_stdout_is_refused():
    """solve --svg - would mix the picture with the results: exit 2."""
    r = run_cli("solve", P, "--svg", "-")
    assert r.code == 2 and one_error_line(r.err), r.err


def test_render_solve_and_candidates_conflict(tmp_path):
    """render --solve --candidates is contradictory: exit 2, nothing drawn."""
    picture = tmp_path / "f.svg"
    r = run_cli("render", P, "--solve", "--candidates", "-o", str(picture))
    assert r.code == 2
    assert not picture.exists()


def test_render_solve_of_non_unique_puzzle_notes_it(tmp_path):
    """render --solve of a puzzle with several solutions draws one and says so."""
    picture = tmp_path / "f.svg"
    r = run_cli("render", "." * 16, "--solve", "-o", str(picture))
    assert r.code == 0, r.err
    assert "several solutions" in r.err
    ET.parse(picture)


# -- 13. JSON puzzles ---------------------------------------------------------------------

def test_box_option_against_json_box():
    """--box that contradicts a JSON puzzle's box (or its jigsaw regions) is an error."""
    r = run_cli("count", str(EXAMPLES / "killer.json"), "--box", "2x2")
    assert r.code == 2 and "--box" in r.err
    r = run_cli("count", str(EXAMPLES / "jigsaw.json"), "--box", "3x3")
    assert r.code == 2


@pytest.mark.parametrize("obj, message", [
    ({"size": 4, "regions": ["AAAB", "AABB", "CCDD", "CCDD"]}, "region 'A' has 5 cells"),
    ({"size": 9, "even": ["r1c1"], "odd": ["r1c1"]}, "$.odd"),
    ({"size": 4, "rules": ["even"]}, "needs data of each puzzle"),
    ({"size": 4, "title": 5}, "$.title"),
], ids=["region-size", "even-and-odd", "rule-is-a-key", "title-type"])
def test_bad_json_is_named_precisely(tmp_path, obj, message):
    """A bad JSON puzzle: exit 2 and a message that points at the problem."""
    f = tmp_path / "p.json"
    f.write_text(json.dumps(obj))
    r = run_cli("count", str(f))
    assert r.code == 2
    assert message in r.err and one_error_line(r.err), r.err


def test_json_lines_file_counts_each_object(tmp_path):
    """A JSON Lines file of two empty 4x4 puzzles counts 288 twice."""
    f = tmp_path / "two.jsonl"
    f.write_text('{"size": 4}\n{"size": 4, "box": "2x2"}\n')
    r = run_cli("count", str(f), "--limit", "1000")
    assert r.code == 0, r.err
    assert r.out.split() == ["288", "288"]


def test_generated_json_reads_back(tmp_path):
    """generate -f json --with-solution output can be checked again as a file."""
    r = run_cli("generate", "--seed", "7", "-n", "3", "-f", "json", "--with-solution", "-q")
    assert r.code == 0, r.err
    objects = [json.loads(ln) for ln in r.out.splitlines()]
    assert len(objects) == 3
    f = tmp_path / "generated.json"
    f.write_text(r.out)
    r = run_cli("check", str(f), "-f", "line")
    assert r.code == 0, r.err
    lines = r.out.splitlines()
    assert len(lines) == 3
    for obj, line in zip(objects, lines, strict=True):
        status, solution = line.split()
        assert status == "unique" and solution == obj["solution"]
        parse_puzzle(obj["givens"]).verify(parse_puzzle(solution).givens)


# -- 14. generator API --------------------------------------------------------------------

def test_generate_options_are_checked():
    """Symmetry names are accepted as text; a negative clue target is refused."""
    assert GenerateOptions(symmetry="rot90").symmetry is Symmetry.ROT90
    with pytest.raises(ValueError):
        GenerateOptions(clues=-1)


def test_dead_worker_is_reported():
    """A worker process killed before its puzzle is reported, not waited on forever."""
    with pytest.raises(WorkerDied), Local(1) as pool:
        list(Ordered(pool, Work(_killed), iter([1])))


def _killed():  # a worker's function of a chunk that kills its own process
    return lambda chunk: os.kill(os.getpid(), signal.SIGKILL)


# -- 15. SIGTERM keeps the partial output -------------------------------------------------

def test_sigterm_keeps_the_puzzles_made(tmp_path):
    """TERM during a long generate -o: exit 130, the puzzles made are kept, no temp file."""
    target = tmp_path / "out.txt"
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "generate", "--box", "4x4",
                             "-n", "100000", "--seed", "1", "-q", "-o", str(target)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path)
    try:
        deadline = time.monotonic() + 30
        while not list(tmp_path.glob(".out.txt.*.tmp")) and time.monotonic() < deadline:
            time.sleep(0.1)  # started and writing
        time.sleep(3)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    lines = target.read_text().splitlines()
    assert lines
    for line in [*lines[:2], lines[-1]]:
        result = satdoku.check(parse_puzzle(line))
        assert result.status is satdoku.Status.UNIQUE
    assert list(tmp_path.glob(".out.txt.*.tmp")) == []


# -- final round of reports ----------------------------------------------------------------

def test_output_to_a_fifo_writes_into_it_and_keeps_it(tmp_path):
    """-o onto a FIFO (or /dev/null) writes to it; renaming onto it would replace it."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    r = run_cli("solve", P, "-f", "line", "-o", str(fifo))
    out, _ = reader.communicate(timeout=60)
    assert r.code == 0 and stat.S_ISFIFO(fifo.stat().st_mode)
    parse_puzzle(P).verify(parse_puzzle(out.strip()).givens)


def test_ctrl_c_inside_a_count_leaves_the_api_usable():
    """Ctrl-C inside a solver call spoils that session (CaDiCaL aborts on any later clause);
    the next call gets a new one instead of crashing the interpreter."""
    empty = parse_puzzle("." * 81)
    for delay in (0.2, 0.3):
        threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT)).start()
        with pytest.raises(KeyboardInterrupt):
            satdoku.count(empty, limit=10 ** 7)
    assert satdoku.count(parse_puzzle("." * 16)).count == 288
    assert satdoku.count(empty, limit=5).count == 5


def test_interrupted_count_writes_its_lower_bound(tmp_path):
    """An interrupted count says 'at least N' (a true lower bound), exit 130."""
    target = tmp_path / "count.txt"
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "count", "." * 81, "-o",
                             str(target)], stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err
    words = target.read_text().split()
    assert words[:2] == ["at", "least"] and int(words[2]) > 0


# -- second round of new-user reports (lazy reading, grids of numbers, JSON Lines) ------------
def test_separator_lines_and_odd_line_breaks_in_a_file_of_puzzles(tmp_path):
    """Lines of separators only are skipped like blank ones; only \\n, \\r\\n and \\r end a
    line (a form feed or U+2028 in a comment no longer shifts every later line number)."""
    bad = P[:-1]
    text = "\n".join(["# a \x0c b \u2028 c \x1c d", P, "---------", "|", bad, "===", P])
    path = tmp_path / "many.txt"
    path.write_text(text)
    r = run_cli("solve", str(path), "-f", "line")
    out = r.out.splitlines()
    assert r.code == 2 and len(out) == 3, r.out
    assert out[1] == "# line 5: 80 cells is not a square board (a 8x8 board has 64, 9x9 has 81)"
    assert f"{path}, line 5: 80 cells" in r.err and "no cells found" not in r.err
    for line in (out[0], out[2]):
        parse_puzzle(P).verify(parse_puzzle(line).givens)


def test_one_bad_entry_in_a_grid_of_numbers_is_named_at_its_place(tmp_path):
    """A 25x25 grid of numbers with one bad entry: one error at that row, not 25 puzzles."""
    board = Board.classic(25)
    grid = SudokuSolver(board).solve(Puzzle(board, (0,) * 625)).solutions[0]
    rows = [[str(d) for d in grid[r * 25:(r + 1) * 25]] for r in range(25)]
    for change, expected in [("26", "line 4, column 16: digit 'Q' (26) is too large"),
                             ("x", "line 4, column 16: 'x' is not a number"),
                             (None, "line 4: this row has 24 cells; a grid of 25 rows")]:
        edited = [list(row) for row in rows]
        if change is None:
            del edited[3][5]
        else:
            edited[3][5] = change
        path = tmp_path / "big.txt"
        path.write_text("\n".join(" ".join(row) for row in edited) + "\n")
        r = run_cli("check", str(path))
        assert r.code == 2 and r.err.count("\n") == 1 and expected in r.err, r.err


def test_a_malformed_json_line_is_reported_and_the_others_solved(tmp_path):
    path = tmp_path / "puzzles.jsonl"
    path.write_text(f'{{"givens": "{P}"}}\n{{"givens": "1.3\n{{"givens": "{P}"}}\n')
    r = run_cli("solve", str(path), "-f", "line")
    out = r.out.splitlines()
    assert r.code == 2 and len(out) == 3
    assert out[1] == "# line 2: malformed JSON: Unterminated string starting here"
    assert "line 2, column 12" in r.err
    parse_puzzle(P).verify(parse_puzzle(out[2]).givens)


def test_output_onto_the_input_file_is_refused(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(P + "\n")
    r = run_cli("solve", str(path), "-o", str(tmp_path / "." / "puzzles.txt"))
    assert r.code == 2 and "is the input file" in r.err
    assert path.read_text() == P + "\n"
    assert "130 interrupted" in run_cli("solve", "--help").out


# -- hostile input (issue 18): a one-line error, exit 2, never a traceback ---------------------
@pytest.mark.parametrize(("args", "message"), [
    (("count", "--time-limit", "nan", "." * 16), "nan is not a time"),
    (("count", "--time-limit", "inf", "." * 16), "inf is not a time"),
    (("count", "--time-limit", "1e12", "." * 16), "at most 1,000,000"),
    (("check", '{"size": 4, "x": ' + "[" * 3000 + "]" * 3000 + "}"), "nested too deeply"),
    (("check", '{"size": ' + "9" * 5000 + "}"), "4300 digits"),
    (("check", "1 2 3 " + "9" * 5000), "too large for a digit"),
])
def test_hostile_input_is_one_line_and_exit_2(args, message):
    run = run_cli(*args)
    assert run.code == 2 and message in run.err and len(run.err.strip().splitlines()) == 1, run


def test_a_puzzle_with_a_stray_letter_is_read_as_a_puzzle_not_a_file_name(cli):
    """"4...3..x" looked like a file name with the extension .x: "no such file" misled."""
    r = cli("solve", "4...3..x")
    assert r.code == 2 and "no such file" not in r.err and "cells" in r.err
    assert cli("solve", "nosuch.txt").err.strip() == "satdoku: error: no such file: nosuch.txt"

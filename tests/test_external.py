"""External DIMACS solvers: decode their answers, run them with --external, real binaries."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from cnf import AMO
from satdoku import Encoding, parse_puzzle, solve
from satdoku.solving.external import (
    ExternalSolverError,
    ModelError,
    decode,
    grid_of,
    solve_external,
    write_cnf,
)
from satdoku.solving.solver import Status
from tests.conftest import ROOT, run_cli

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
SCRIPT = f"{sys.executable} {ROOT / 'tests' / 'solvers' / 'pysat_dimacs.py'}"
NO_SOLUTION = "12345678." + "........9" + "." * 63  # r1c9 can hold nothing; no clash


@pytest.fixture
def puzzle_file(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    return path


def export_and_run(tmp_path, puzzle_file, solver_argv, *export_args):
    """Export (with the CLI when ``export_args`` are given), run ``solver_argv`` with the CNF
    path appended, and return the CLI's decode of its answer."""
    cnf = tmp_path / "p.cnf"
    if export_args:
        assert run_cli("export", str(puzzle_file), "-o", str(cnf), *export_args).code == 0
    else:
        with cnf.open("w") as out:
            write_cnf(parse_puzzle(PUZZLE), out, Encoding.EFFICIENT, AMO.SEQUENTIAL)
    proc = subprocess.run([*solver_argv, str(cnf)], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 10, proc.stderr
    answer = tmp_path / "answer.txt"
    answer.write_text(proc.stdout)
    return run_cli("decode", str(puzzle_file), str(answer), "-f", "line")


def test_decode_the_answer_of_another_program(tmp_path, puzzle_file):
    script = SCRIPT.split()
    run = export_and_run(tmp_path, puzzle_file, script, "--encoding", "augmented",
                         "--amo", "product")
    assert (run.code, run.out.strip()) == (0, SOLUTION)


def test_decode_minisat_style_result_file_from_stdin(tmp_path, puzzle_file):
    cnf, result = tmp_path / "p.cnf", tmp_path / "result.txt"
    with cnf.open("w") as out:
        write_cnf(parse_puzzle(PUZZLE), out)
    subprocess.run([*SCRIPT.split(), str(cnf), str(result)], check=False, timeout=60)
    assert result.read_text().startswith("SAT\n")
    run = run_cli("decode", str(puzzle_file), "-", "-f", "line", stdin=result.read_text())
    assert (run.code, run.out.strip()) == (0, SOLUTION)


@pytest.mark.parametrize(("answer", "code", "message"), [
    ("s UNSATISFIABLE\n", 1, "no solution"),
    ("s UNKNOWN\n", 4, "no answer"),
    ("s SATISFIABLE\nv 4 0\n", 2, "sets no digit for r1c2"),
])
def test_decode_reports_each_kind_of_answer(tmp_path, puzzle_file, answer, code, message):
    path = tmp_path / "answer.txt"
    path.write_text(answer)
    run = run_cli("decode", str(puzzle_file), str(path))
    assert run.code == code and message in run.err, run.err


def test_a_model_for_another_puzzle_fails_verification():
    puzzle = parse_puzzle(PUZZLE)
    rotated = SOLUTION[9:] + SOLUTION[:9]  # a valid grid, but not with these givens
    model = " ".join(str(i * 9 + int(d)) for i, d in enumerate(rotated))
    assert grid_of(puzzle, list(map(int, model.split()))) == tuple(
        map(int, rotated))
    with pytest.raises(ModelError, match="not a solution of this puzzle: givens: given 4"):
        decode(puzzle, "v " + model + " 0")
    with pytest.raises(ModelError, match="line 2: not a literal"):
        decode(puzzle, "s SATISFIABLE\nv 4 x 0\n")


def test_decode_needs_a_readable_model(puzzle_file, tmp_path):
    run = run_cli("decode", str(puzzle_file), str(tmp_path / "missing.txt"))
    assert run.code == 2 and "cannot read the model" in run.err


@pytest.mark.parametrize(("encoding", "amo"), [(Encoding.EXTENDED, AMO.PAIRWISE),
                                               (Encoding.MINIMAL, AMO.COMMANDER),
                                               (Encoding.AUGMENTED, AMO.BITWISE)])
def test_solve_external_with_the_test_solver(encoding, amo):
    puzzle = parse_puzzle(PUZZLE)
    result = solve_external(puzzle, SCRIPT, encoding, amo, time_limit=30)
    assert result.status is Status.SOLVED
    assert result.solutions == solve(puzzle).solutions


def test_solve_external_minisat_style_placeholders():
    result = solve_external(parse_puzzle(PUZZLE), SCRIPT + " {cnf} {model}")
    assert result.status is Status.SOLVED


def test_solve_external_unsatisfiable():
    assert solve_external(parse_puzzle(NO_SOLUTION), SCRIPT).status is Status.NO_SOLUTION


@pytest.mark.parametrize(("flags", "message"), [
    ("--crash", "exit code 3: pysat_dimacs: simulated crash"),
    ("--wrong", "puts both"),
    ("--silent", "holds no answer"),
])
def test_solve_external_reports_misbehaving_solvers(flags, message):
    with pytest.raises(ExternalSolverError, match=message):
        solve_external(parse_puzzle(PUZZLE), f"{SCRIPT} {flags}")


def test_cli_external_time_limit_and_missing_binary(puzzle_file):
    run = run_cli("solve", str(puzzle_file), "--external", f"{SCRIPT} --sleep 20",
                  "--time-limit", "0.5")
    assert run.code == 4, run.err
    run = run_cli("solve", str(puzzle_file), "--external", "no-such-solver-xyz -q")
    assert run.code == 2 and "solver not found: no-such-solver-xyz" in run.err
    run = run_cli("solve", str(puzzle_file), "--external", SCRIPT, "--all")
    assert run.code == 2 and "--all" in run.err


def test_cli_solve_external(puzzle_file):
    run = run_cli("solve", str(puzzle_file), "--external", SCRIPT, "--amo", "ladder",
                  "-f", "line")
    assert (run.code, run.out.strip()) == (0, SOLUTION)


# -- real solver binaries (Debian packages picosat, minisat, cadical; installed by .ci/run) ---
def binary(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (apt-get install {name})")
    return path


@pytest.mark.parametrize(("name", "args"), [("picosat", []), ("cadical", ["-q"])])
def test_real_solver_binaries(tmp_path, puzzle_file, name, args):
    run = export_and_run(tmp_path, puzzle_file, [binary(name), *args])
    assert (run.code, run.out.strip()) == (0, SOLUTION)


def test_real_minisat_result_file(tmp_path, puzzle_file):
    cnf, result = tmp_path / "p.cnf", tmp_path / "out.txt"
    exe = binary("minisat")
    with cnf.open("w") as out:
        write_cnf(parse_puzzle(PUZZLE), out, Encoding.EXTENDED, AMO.COMMANDER)
    assert subprocess.run([exe, str(cnf), str(result)], capture_output=True,
                          timeout=60).returncode == 10
    run = run_cli("decode", str(puzzle_file), str(result), "-f", "line")
    assert (run.code, run.out.strip()) == (0, SOLUTION)


@pytest.mark.parametrize("command", ["picosat", "cadical -q", "minisat {cnf} {model}"])
def test_real_solvers_through_external(command):
    binary(command.split()[0])
    puzzle = parse_puzzle(PUZZLE)
    assert solve_external(puzzle, command, time_limit=60).solutions == solve(puzzle).solutions
    assert solve_external(parse_puzzle(NO_SOLUTION), command).status is Status.NO_SOLUTION

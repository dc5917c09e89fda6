"""DIMACS export: header, variable map, givens as units, determinism, streaming, solver output."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from pysat.solvers import Solver

from cnf import AMO, Formula, parse_dimacs, parse_model, write_dimacs
from cnf.dimacs import DimacsError
from satdoku import Encoding, parse_puzzle, solve
from satdoku.solving.external import decode, write_cnf
from satdoku.solving.solver import Status
from tests.conftest import ROOT, run_cli

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def exported(text: str = PUZZLE, **options) -> tuple[str, list[str], int, list[list[int]]]:
    """(CNF text, comment lines, number of variables, clauses) of an export."""
    out = io.StringIO()
    write_cnf(parse_puzzle(text), out, **options)
    cnf = out.getvalue()
    num_vars, clauses = parse_dimacs(cnf)
    comments = [ln[2:] for ln in cnf.splitlines() if ln.startswith("c ")]
    return cnf, comments, num_vars, clauses


def test_header_names_board_rules_encoding_and_variable_map():
    _, comments, num_vars, _ = exported(encoding=Encoding.AUGMENTED, amo=AMO.SEQUENTIAL)
    text = "\n".join(comments)
    for expected in ("board: 9x9 (3x3 boxes)", "rules: rows, columns, boxes",
                     "encoding: augmented, at-most-one: sequential", f"puzzle: {PUZZLE}",
                     "givens: 17 unit clauses", "v(r,c,d) = (r*9 + c)*9 + d + 1",
                     f"730..{num_vars} are auxiliary"):
        assert expected in text, expected
    total = next(c for c in comments if c.startswith("total"))
    assert int(total.split()[1]) == num_vars


def test_givens_are_unit_clauses_on_the_documented_variables():
    _, _, _, clauses = exported()
    units = [c[0] for c in clauses if len(c) == 1]
    n = 9
    expected = [(r * n + c) * n + (int(ch) - 1) + 1
                for i, ch in enumerate(PUZZLE) if ch != "."
                for r, c in [divmod(i, n)]]
    assert units == expected
    assert units[0] == 4  # r1c1 holds 4: v(0,0,3) = 4


@pytest.mark.parametrize(("encoding", "amo"), [(Encoding.MINIMAL, AMO.PAIRWISE),
                                               (Encoding.EXTENDED, AMO.COMMANDER),
                                               (Encoding.AUGMENTED, AMO.BIMANDER),
                                               (Encoding.EFFICIENT, AMO.LADDER)])
def test_another_solver_solves_the_export_and_the_model_decodes(encoding, amo):
    _, _, _, clauses = exported(encoding=encoding, amo=amo)
    with Solver(name="glucose4", bootstrap_with=clauses) as other:
        assert other.solve()
        model = other.get_model()
    puzzle = parse_puzzle(PUZZLE)
    result = decode(puzzle, "s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    assert result.status is Status.SOLVED
    assert result.solutions == solve(puzzle).solutions  # the puzzle is unique


def test_an_unsolvable_puzzle_exports_an_unsatisfiable_cnf():
    # no two givens clash, yet r1c9 can hold nothing: 1..8 in its row, 9 in its column
    text = "12345678." + "........9" + "." * 63
    _, _, _, clauses = exported(text)
    with Solver(name="minisat22", bootstrap_with=clauses) as other:
        assert not other.solve()
    assert decode(parse_puzzle(text), "s UNSATISFIABLE\n").status is Status.NO_SOLUTION


def test_export_is_deterministic_across_processes(tmp_path):
    outputs = []
    for seed in ("1", "2"):
        target = tmp_path / f"p{seed}.cnf"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "satdoku", "export", PUZZLE, "-o", str(target),
                        "--rules", "anti-knight,diagonal", "--encoding", "augmented", "--amo",
                        "product"], check=True, env=env, cwd=ROOT, capture_output=True)
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1]
    assert b"rules: rows, columns, boxes, anti-knight, diagonal" in outputs[0]


class CountingWriter(io.StringIO):
    largest = 0

    def write(self, text: str) -> int:
        self.largest = max(self.largest, len(text))
        return super().write(text)


def test_large_exports_are_written_in_chunks():
    out = CountingWriter()
    write_cnf(parse_puzzle("." * 256), out)
    assert out.largest < len(out.getvalue()) / 5


def test_cli_export_with_stats(tmp_path):
    target, source = tmp_path / "p16.cnf", tmp_path / "p16.txt"
    source.write_text("." * 256 + "\n")
    run = run_cli("export", "--box", "4x4", str(source), "-o", str(target), "--stats",
                  "--amo", "bitwise")
    assert run.code == 0, run.err
    num_vars, clauses = parse_dimacs(target.read_text())
    total = run.out.splitlines()[-1].split()
    assert total[0] == "total" and int(total[1]) == num_vars and int(total[2]) == len(clauses)
    assert "cell at-most-one" in run.out and "boxes at-least-one" in run.out


def test_cli_export_to_stdout_puts_stats_on_stderr():
    run = run_cli("export", "1.34 34.2 2.43 43.1", "--stats")
    assert run.code == 0
    assert run.out.splitlines()[-1] == "61 0"  # the last given: r4c4 = 1, (3*4 + 3)*4 + 1
    assert "total" in run.err


@pytest.mark.parametrize(("args", "message"), [
    (("--amo", "native"), "native cardinality"),
    (("--encoding", "nonsense"), "nonsense"),
])
def test_cli_export_refuses_bad_options_and_writes_nothing(tmp_path, args, message):
    target = tmp_path / "p.cnf"
    run = run_cli("export", PUZZLE, "-o", str(target), *args)
    assert run.code == 2 and message in run.err
    assert not target.exists() and not list(tmp_path.iterdir())


def test_cli_export_refuses_clashing_givens_and_many_puzzles(tmp_path):
    run = run_cli("export", "11" + "." * 79)
    assert run.code == 2 and "givens clash" in run.err
    many = tmp_path / "many.txt"
    many.write_text(PUZZLE + "\n" + PUZZLE + "\n")
    run = run_cli("export", str(many))
    assert run.code == 2 and "export takes one puzzle" in run.err and "holds 2" in run.err


# -- solver output ------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("c comment\ns SATISFIABLE\nv 1 -2\nv 3 0\n", ("SAT", [1, -2, 3])),
    ("SAT\n1 -2 3 0\n", ("SAT", [1, -2, 3])),
    ("UNSAT\n", ("UNSAT", [])),
    ("s UNKNOWN\n", ("UNKNOWN", [])),
    ("", ("UNKNOWN", [])),
])
def test_parse_model_formats(text, expected):
    assert parse_model(text) == expected


def test_parse_model_names_the_bad_line():
    with pytest.raises(DimacsError, match="line 2: not a literal"):
        parse_model("s SATISFIABLE\nv 1 x 0\n")


def test_write_then_parse_round_trip():
    f = Formula(reserved=3)
    f.extend([[1, -2], [2, 3], [-1, -3]])
    out = io.StringIO()
    write_dimacs(f, out, comments=["two\nlines"], units=[2])
    assert out.getvalue().startswith("c two\nc lines\np cnf 3 4\n")
    assert parse_dimacs(out.getvalue()) == (3, [[1, -2], [2, 3], [-1, -3], [2]])

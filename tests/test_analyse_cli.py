"""``satdoku analyse`` / ``candidates`` end to end, the JSON schema, and DRAT certificates."""

from __future__ import annotations

import json

import pytest
from pysat.solvers import Solver

from cnf import parse_dimacs
from conftest import DATA, run_cli
from satdoku.analyse import Verdict, certify
from satdoku.analyse.certificate import check
from satdoku.formats import parse_puzzle
from satdoku.solving.solver import solver_for

UNIQUE = next(line for line in (DATA / "top1465-100.txt").read_text().splitlines()
              if line and not line.startswith("#"))
AMBIGUOUS = "..34 3412 ..43 4321"          # a deadly pattern: exactly two solutions
HIDDEN = "1... ..23 .... ...."             # box 2 has no room for its 1
CLASH = "11.. .... .... ...."

#: The documented top-level keys (docs/analyser.md); ``line`` comes from batch output.
KEYS = {"line", "status", "count", "count_complete", "solution", "conflict", "differences",
        "candidates", "backbone", "redundant", "symmetry", "difficulty"}


def one_line(text: str) -> str:
    return text.replace(" ", "")


def test_json_schema_for_every_status(tmp_path):
    path = tmp_path / "four.txt"
    path.write_text("\n".join(map(one_line, (UNIQUE, AMBIGUOUS, HIDDEN, CLASH))) + "\n")
    run = run_cli("analyse", str(path), "--json")
    rows = [json.loads(line) for line in run.out.splitlines()]
    assert run.code == 2  # the worst of 0, 3, 1, 2
    assert all(set(row) - {"message"} == KEYS for row in rows)
    seen = {row["status"]: row for row in rows}
    assert list(seen) == ["unique", "multiple", "no_solution", "invalid"]
    unique = seen["unique"]
    assert set(unique["difficulty"]) == {"level", "at_least", "rounds", "probes",
                                         "budget_exhausted", "stats"}
    assert set(unique["difficulty"]["stats"]) == {"conflicts", "decisions", "propagations"}
    assert isinstance(unique["difficulty"]["level"], int) and unique["redundant"] == []
    assert parse_puzzle(UNIQUE).num_givens == unique["symmetry"]["givens"]
    multiple = seen["multiple"]["differences"]
    assert set(multiple) == {"cells", "solutions", "fix", "fix_exhaustive"}
    assert sorted(multiple["cells"]) == ["r1c1", "r1c2", "r3c1", "r3c2"]
    assert seen["no_solution"]["conflict"] == [
        {"cell": "r1c1", "digit": 1}, {"cell": "r2c3", "digit": 2}, {"cell": "r2c4", "digit": 3}]
    assert seen["invalid"]["candidates"] is None and "clash" in seen["invalid"]["message"]


def test_two_solutions_shown_are_verified_and_differ_where_reported():
    data = json.loads(run_cli("analyse", AMBIGUOUS, "--json").out)
    p = parse_puzzle(AMBIGUOUS)
    first, second = (parse_puzzle(s).givens for s in data["differences"]["solutions"])
    for grid in (first, second):
        p.verify(grid)  # the independent checker raises on a bad solution
    cells = [p.board.cell_name(i) for i in p.board.cells if first[i] != second[i]]
    assert cells == data["differences"]["cells"] and data["count"] == 2


def test_text_report_sections_and_exit_codes():
    run = run_cli("analyse", AMBIGUOUS)
    assert run.code == 3
    assert "two of them differ in 4 cells" in run.out and "fix: the extra given" in run.out
    assert "true candidates:" in run.out
    run = run_cli("analyse", UNIQUE)
    assert run.code == 0 and "difficulty: level" in run.out and "solution:" in run.out
    run = run_cli("analyse", HIDDEN)
    assert run.code == 1 and "r1c1=1, r2c3=2, r2c4=3" in run.out
    run = run_cli("analyse", CLASH)
    assert run.code == 2 and run.err.startswith("satdoku: error: givens clash: rows: 1 twice")


def test_candidates_command_formats(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(f"{one_line(AMBIGUOUS)}\n{one_line(HIDDEN)}\n")
    run = run_cli("candidates", str(path), "-f", "json")
    first, second = map(json.loads, run.out.splitlines())
    assert run.code == 1 and second["status"] == "no_solution"
    assert first["candidates"] == {c: [1, 2] for c in ("r1c1", "r1c2", "r3c1", "r3c2")}
    line = run_cli("candidates", AMBIGUOUS, "-f", "line").out.strip()
    assert len(line) == 64 and line.startswith("12..12....3....4")


def test_a_file_of_puzzles_reports_each(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(f"{UNIQUE}\n{'.' * 81}\n")
    run = run_cli("analyse", str(path), "--json", "--limit", "5")
    rows = [json.loads(r) for r in run.out.splitlines()]
    assert [r["status"] for r in rows] == ["unique", "multiple"] and run.code == 3
    assert rows[1]["count"] == 5 and rows[1]["count_complete"] is False


# -- certificates ----------------------------------------------------------------------------
def test_certify_writes_a_checked_proof_and_its_cnf(tmp_path):
    proof = tmp_path / "proof.drat"
    run = run_cli("analyse", UNIQUE, "--certify", str(proof))
    assert run.code == 0, run.err
    cnf = tmp_path / "proof.cnf"
    assert proof.stat().st_size and cnf.stat().st_size
    assert "checked: dratify" in run.out and "not checked by the proof" in run.out
    # The CNF is not UNSAT for a silly reason: without its last clause the solution is a model.
    _, clauses = parse_dimacs(cnf.read_text())
    p = parse_puzzle(UNIQUE)
    solution = solver_for(p.board).solve(p).solutions[0]
    lits = [i * 9 + d for i, d in enumerate(solution)]
    with Solver(name="minisat22", bootstrap_with=clauses[:-1]) as s:
        assert s.solve(assumptions=lits)
    with Solver(name="minisat22", bootstrap_with=clauses) as s:
        assert not s.solve()


def test_certify_a_puzzle_without_solution_and_refuse_two_puzzles(tmp_path):
    data = json.loads(run_cli("analyse", HIDDEN, "--json", "--certify",
                              str(tmp_path / "p.drat")).out)
    assert data["certificate"]["claim"] == "no_solution"
    assert data["certificate"]["verdict"] == "accepted"
    both = tmp_path / "two.txt"
    both.write_text(f"{UNIQUE}\n{UNIQUE}\n")
    run = run_cli("analyse", str(both), "--certify", str(tmp_path / "x.drat"))
    assert run.code == 2 and run.err.count("\n") == 1


def test_the_checker_rejects_a_damaged_proof():
    dratify = pytest.importorskip("dratify")
    p = parse_puzzle(UNIQUE)
    solver = solver_for(p.board)
    cert = certify(p, solver.formula, solver.solve(p).solutions[0])
    assert cert.verdict is Verdict.ACCEPTED and dratify.__version__ in cert.checker
    lemmas = [line for line in cert.proof.splitlines() if not line.startswith("d")]
    damaged = "\n".join(lemmas[-1:]) + "\n"  # only the final empty clause: not implied by UP
    assert check(cert.cnf, damaged)[0] is Verdict.REJECTED
    # Without the blocking clause the CNF has a model, so no proof can be accepted.
    cnf_lines = cert.cnf.rstrip("\n").splitlines()
    header = next(k for k, line in enumerate(cnf_lines) if line.startswith("p "))
    nvars, ncls = cnf_lines[header].split()[2:]
    cnf_lines[header] = f"p cnf {nvars} {int(ncls) - 1}"
    assert check("\n".join(cnf_lines[:-1]) + "\n", cert.proof)[0] is Verdict.REJECTED


def test_rules_that_admit_no_solution_are_named(tmp_path):
    """A setter's puzzle whose constraints clash without any given: analyse names a minimal
    set of them (a 2-cell cage of 17 is 8 and 9, which the white-dot negative forbids)."""
    path = tmp_path / "clash.json"
    path.write_text('{"size": 9, "negative": ["white"], "white_dots": [["r1c1", "r1c2"]], '
                    '"cages": [{"cells": ["r9c8", "r9c9"], "sum": 17}]}')
    run = run_cli("analyse", str(path))
    assert run.code == 1
    clash = next(line for line in run.out.splitlines() if line.startswith("conflict:"))
    assert "constraints clash (a minimal set)" in clash and "killer 17 at r9c8" in clash
    assert "negative" in clash and "white dot" not in clash, clash  # the dot plays no part
    data = json.loads(run_cli("analyse", str(path), "--json").out)
    assert data["conflict"] == [] and data["rule_conflict"]["minimal"] is True
    assert "killer 17 at r9c8" in data["rule_conflict"]["constraints"]
    assert any(c.startswith("negative") for c in data["rule_conflict"]["constraints"])

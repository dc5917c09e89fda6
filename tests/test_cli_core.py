"""The solve / check / count commands as a user runs them: output, exit codes, errors."""

from __future__ import annotations

import json

import pytest

from conftest import DATA, run_cli
from satdoku import parse_puzzle
from satdoku.formats import read_puzzles

HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def solved_line(out: str) -> str:
    return "".join(ch for ch in out if ch.isdigit())


def test_solve_prints_a_verified_grid():
    r = run_cli("solve", HARD)
    assert r.code == 0
    solution = parse_puzzle(r.out)
    puzzle = parse_puzzle(HARD)
    puzzle.verify(solution.givens)
    assert "+" in r.out and "|" in r.out  # the pretty grid with box separators


def test_solve_file_line_format_same_order(tmp_path):
    lines = (DATA / "top1465-100.txt").read_text().splitlines()[1:21]
    f = tmp_path / "p.txt"
    f.write_text("\n".join(lines) + "\n")
    r = run_cli("solve", str(f))
    assert r.code == 0
    out = r.out.splitlines()
    assert len(out) == 20
    for given, solution in zip(lines, out, strict=True):
        parse_puzzle(given).verify(parse_puzzle(solution).givens)


def test_stdin_and_json():
    r = run_cli("solve", "-", "--format", "json", stdin=HARD + "\n")
    obj = json.loads(r.out)
    assert r.code == 0 and obj["status"] == "solved" and len(obj["solutions"][0]) == 81


def test_count_prints_56_and_288():
    assert run_cli("count", "12345 2.... 3.... 4.... 5....").out.strip() == "56"
    r = run_cli("count", "--box", "2x2", "................", "--limit", "1000")
    assert (r.code, r.out.strip()) == (0, "288")
    r = run_cli("count", "................", "--limit", "10")
    assert (r.code, r.out.strip()) == (0, "at least 10")


def test_check_unique_multiple_none():
    r = run_cli("check", HARD)
    assert r.code == 0 and r.out.startswith("unique")
    r = run_cli("check", "." * 16)
    assert r.code == 3 and "differ in" in r.out and "*" in r.out
    grids = [ln for ln in r.out.split("\n\n")[1:]]
    assert len(grids) == 2
    r = run_cli("check", "1.3." "..1." "...." "...4")  # hidden contradiction
    assert r.code == 1 and "no solution" in r.err


def test_givens_that_clash_are_named():
    r = run_cli("solve", "55" + "." * 79)
    assert r.code == 2
    assert "givens clash" in r.err and "r1c1" in r.err and "r1c2" in r.err
    assert len(r.err.strip().splitlines()) == 1


@pytest.mark.parametrize("args, code, message", [
    (["solve", "nosuch.txt"], 2, "no such file: nosuch.txt"),
    (["solve", "123"], 2, "3 cells is not a square"),
    (["solve", "1.3?" + "." * 12], 2, "column 4"),
    (["solve", "." * 16, "--box", "3x3"], 2, "do not tile"),
    (["solve", "." * 16, "--rules", "nosuchrule"], 2, "unknown rule"),
    (["solve", "." * 16, "--backend", "nosuchsolver"], 2, "unknown SAT back-end"),
    (["solve", "." * 16, "--encoding", "bogus"], 2, "bogus"),
    (["count", "." * 81, "--time-limit", "0.3"], 4, "time limit"),
])
def test_bad_input_one_line_and_exit_code(args, code, message):
    r = run_cli(*args)
    assert r.code == code, r.err
    assert message in r.err or message in r.out


def test_batch_keeps_going_and_reports_the_worst(tmp_path):
    f = tmp_path / "mixed.txt"
    f.write_text(f"{HARD}\n{HARD[:-1]}\n{'55' + '.' * 79}\n{HARD}\n")
    r = run_cli("solve", str(f))
    assert r.code == 2
    out = r.out.splitlines()
    assert len(out) == 4
    assert out[1].startswith("# line 2") and out[2].startswith("# line 3")
    parse_puzzle(HARD).verify(parse_puzzle(out[3]).givens)
    assert "mixed.txt, line 2" in r.err and "line 3" in r.err


def test_output_file_is_written_atomically(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("precious\n")
    r = run_cli("solve", "nosuch.txt", "-o", str(target))
    assert r.code == 2 and target.read_text() == "precious\n"  # untouched on failure
    r = run_cli("solve", HARD, "-o", str(target), "--format", "line")
    assert r.code == 0 and len(target.read_text().strip()) == 81
    assert list(tmp_path.iterdir()) == [target]  # no temporary left behind


def test_all_solutions_and_limit():
    r = run_cli("solve", "." * 16, "--all", "--limit", "5", "--format", "line")
    sols = r.out.split()
    assert r.code == 0 and len(sols) == len(set(sols)) == 5
    for s in sols:
        parse_puzzle("." * 16).verify(parse_puzzle(s).givens)


def test_check_file_line_format(tmp_path):
    f = tmp_path / "s.txt"
    f.write_text("\n".join((DATA / "serg-100.txt").read_text().splitlines()[1:4]))
    r = run_cli("check", str(f))
    assert r.code == 3
    assert all(ln.startswith("multiple ") for ln in r.out.splitlines())


def test_help_documents_exit_codes():
    for command in ([], ["solve"], ["check"], ["count"]):
        r = run_cli(*command, "--help")
        assert r.code == 0 and "Exit codes" in r.out


def test_sample_records_parse():
    assert all(r.puzzle for r in read_puzzles((DATA / "serg-100.txt").read_text()))


def test_solve_and_check_draw_their_result(tmp_path):
    import xml.etree.ElementTree as ET

    picture = tmp_path / "solved.svg"
    r = run_cli("solve", HARD, "--svg", str(picture), "-f", "line")
    assert r.code == 0
    texts = [t.text for t in ET.parse(picture).iter("{http://www.w3.org/2000/svg}text")]
    digits = "".join(t for t in texts if t and t.isdigit())
    assert sorted(digits) == sorted(r.out.strip())  # the 81 digits printed are the ones drawn
    r = run_cli("check", "...............1", "--svg", str(tmp_path / "two.svg"))
    assert r.code == 3 and (tmp_path / "two.svg").stat().st_size > 0
    r = run_cli("solve", f"{HARD}\n{HARD}", "--svg", str(tmp_path / "many.svg"))
    assert r.code == 2 and "one puzzle" in r.err and not (tmp_path / "many.svg").exists()


def test_version_is_the_installed_one(cli):
    from importlib.metadata import version

    for flag in ("--version", "-V"):
        run = cli(flag)
        assert run.code == 0 and run.out == f"satdoku {version('satdoku')}\n"

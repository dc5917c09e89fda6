"""Output faults of issue 27: a full disk under --certify (11), a name ending in '/' (13), a
standard error that cannot be written (14). Exit codes: docs/robustness.md."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from test_hostile import FillsUp, cli, one_error

import satdoku.runtime.atomic

P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
NO_SOLUTION = "12....3.....4..."  # 4x4: no solution, yet no two givens clash


@pytest.mark.parametrize("room", [0, 3_000, 20_000])
def test_certify_on_a_full_disk_leaves_no_truncated_file(tmp_path, monkeypatch, room):
    """The disk fills up while the proof (~6 KB) or its CNF (~57 KB) is written: neither
    file is left (and an older certificate stays as it was); the message is an error's."""
    def fdopen(fd, mode, encoding=None):
        raw = FillsUp(fd, room)
        return (io.BufferedWriter(raw) if "b" in mode else
                io.TextIOWrapper(io.BufferedWriter(raw, 4096), encoding=encoding))

    (tmp_path / "old.cnf").write_text("old cnf\n")
    monkeypatch.setattr(satdoku.runtime.atomic.os, "fdopen", fdopen)
    for proof in ("new.drat", "old.drat"):
        code, _, err = cli("analyse", P, "--certify", str(tmp_path / proof))
        assert code == 74 and one_error(err, "disk full", "no certificate was written"), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.cnf"]
    assert (tmp_path / "old.cnf").read_text() == "old cnf\n"


def test_certify_writes_both_files_when_there_is_room(tmp_path):
    code, _, err = cli("analyse", P, "--certify", str(tmp_path / "p.drat"))
    assert code == 0, err
    assert (tmp_path / "p.drat").stat().st_size > 0
    assert (tmp_path / "p.cnf").read_text().startswith(("c ", "p cnf"))


@pytest.mark.parametrize("option", [["solve", P, "-o"], ["solve", P, "--svg"],
                                    ["analyse", P, "--certify"], ["render", P, "-o"],
                                    ["export", P, "-o"], ["generate", "--box", "2x2", "-o"]])
def test_a_name_ending_in_a_slash_is_refused(tmp_path, option):
    code, _, err = cli(*option, f"{tmp_path / 'out.txt'}/")
    assert code == 2 and one_error(err, "ending in '/'"), err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize(("argv", "code"), [(["solve", "--box", "2x2", NO_SOLUTION], 1),
                                            (["solve", "no-such-file.txt"], 2),
                                            (["count", "--box", "2x2", "1..." + "." * 12], 0)])
def test_a_standard_error_that_cannot_be_written_keeps_the_exit_code(argv, code):
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "satdoku", *argv], stderr=full,
                             stdout=subprocess.PIPE, text=True, timeout=60)
    assert run.returncode == code

"""A memory budget above what the machine has never aborts (issue 27, item 6).

The CNF's estimate is checked against the real ceiling (the address-space limit, the cgroup
limit, the memory available) whatever ``--memory-budget`` says, and refused in one line
before anything is built; a MemoryError that slips by is one line too, exit code 2.
"""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

from satdoku.cli import run
from satdoku.encoding import budget
from satdoku.encoding.ceiling import Ceiling, memory_ceiling

GiB = 2 ** 30


def test_the_ceiling_knows_the_address_space_limit():
    """In a child with ``ulimit -v`` of 3 GiB, the ceiling is under 3 GiB and says why."""
    code = ("from satdoku.encoding.ceiling import memory_ceiling; c = memory_ceiling(); "
            "print(c.bytes, c.limit, c.what)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, preexec_fn=lambda: resource.setrlimit(
                             resource.RLIMIT_AS, (3 * GiB, 3 * GiB))).stdout.split(maxsplit=2)
    assert 2 * GiB < int(out[0]) < 3 * GiB and int(out[1]) == 3 * GiB
    assert out[2].strip() == "the address-space limit (ulimit -v)"


def test_the_ceiling_is_at_most_the_memory_available():
    ceiling = memory_ceiling()
    assert ceiling is not None
    with open("/proc/meminfo") as meminfo:
        available = next(int(line.split()[1]) * 1024 for line in meminfo
                         if line.startswith("MemAvailable:"))
    assert ceiling.bytes <= available * 1.1


def test_a_budget_above_the_ceiling_is_refused_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(budget, "memory_ceiling",
                        lambda: Ceiling(100 * 2 ** 20, "the address-space limit (ulimit -v)",
                                        GiB))
    code = run(["solve", '{"size": 25}', "--memory-budget", "100G"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("satdoku: error: 25x25 board:")
    assert ("more than this process can have: 100 MiB is left under the address-space "
            "limit (ulimit -v) of 1 GiB") in err


def test_a_budget_within_the_ceiling_still_solves(capsys, monkeypatch):
    monkeypatch.setattr(budget, "memory_ceiling", lambda: Ceiling(GiB, "test"))
    assert run(["solve", '{"size": 9}', "--memory-budget", "100G", "-f", "line"]) == 0
    assert len(capsys.readouterr().out.strip()) == 81


def test_a_64x64_board_under_ulimit_is_refused_before_it_is_built():
    """``prlimit --as=2G satdoku solve e64 --memory-budget 100G``: one line, exit 2, at once
    (it built for a minute and then aborted with std::bad_alloc, exit 134)."""
    proc = subprocess.run(
        [sys.executable, "-m", "satdoku", "solve", '{"size": 64}', "--memory-budget", "100G"],
        capture_output=True, text=True, timeout=60, preexec_fn=lambda: resource.setrlimit(
            resource.RLIMIT_AS, (2 * GiB, 2 * GiB)))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1
    assert "64x64 board" in proc.stderr and "address-space limit" in proc.stderr


def test_a_memory_error_is_one_line_with_exit_code_2(capsys, monkeypatch):
    import satdoku.cli.commands.solving as solving

    def starved(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(solving, "solve_answers", starved)
    code = run(["solve", '{"size": 4}'])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("satdoku: error: out of memory")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("limit", [None, 12 * GiB])
def test_a_cnf_that_fits_everything_passes(monkeypatch, limit):
    monkeypatch.setattr(budget, "memory_ceiling",
                        lambda: Ceiling(10 * GiB, "test", limit))
    from satdoku import Board
    size = budget.require_fits(Board(9), [], None)
    assert size.variables == 729

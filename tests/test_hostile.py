"""The hostile cases of issue 18 (input and streams), each a one-line error with a documented
exit code, or a correct answer — never a traceback, a hang or lost work.

Streams need a real process (a closed standard output is a property of the process), so
those cases start one; the others run in-process (fast). Exit codes: 2 bad input or usage,
74 the output could not be written (docs/robustness.md).
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzz_checks import run_cli_in_process, violations_of
from fuzz_strategies import CliCase, lz_bomb

import satdoku.runtime.atomic
from conftest import ROOT
from satdoku import parse_puzzle
from satdoku.errors import OutputError
from satdoku.formats.limits import MAX_INPUT_BYTES, MAX_LINE
from satdoku.runtime.atomic import atomic_file

P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
EMPTY9 = "." * 81


def cli(*argv: str, stdin: str | None = None, tmp: Path | None = None):
    """The CLI in this process: (exit code, stdout, stderr)."""
    run = run_cli_in_process(CliCase(list(argv), stdin=stdin), tmp or Path("."), 60)
    return run.code, run.out, run.err


def one_error(err: str, *words: str) -> bool:
    lines = err.strip().splitlines()
    return (len(lines) == 1 and lines[0].startswith("satdoku: error: ")
            and all(w in lines[0] for w in words))


def process(*argv: str, close: tuple[int, ...] = (), stdout=subprocess.PIPE,
            timeout: float = 60) -> subprocess.CompletedProcess:
    """``python -m satdoku ARGV`` with the file descriptors ``close`` closed, as the shell's
    ``<&-`` / ``>&-`` / ``2>&-`` leave them."""
    def closing() -> None:
        for fd in close:
            os.close(fd)

    return subprocess.run([sys.executable, "-m", "satdoku", *argv], preexec_fn=closing,
                          stdin=subprocess.DEVNULL if 0 not in close else None, stdout=stdout,
                          stderr=subprocess.PIPE if 2 not in close else None, text=True,
                          timeout=timeout, cwd=ROOT)


# -- input: numbers, nesting, lines, sizes, bombs ------------------------------------------
HUGE = "9" * 5000
DEEP = "[" * 2000 + "]" * 2000


@pytest.mark.parametrize(("text", "words"), [
    ("1 2 3 " + HUGE, ("line 1, column 7", "5,000 digits", "too large for a digit")),
    ('{"size": 4, "cages": [{"cells": ["r1c1"], "sum": ' + HUGE + "}]}", ("4300 digits",)),
    ('{"size": 4, "x": ' + DEEP + "}", ("nested too deeply",)),
    ('{"size": 4, "x": ' + '{"a": ' * 2000 + "1" + "}" * 2000 + "}", ("nested too deeply",)),
    ('{"size": 4, "grid": ' + DEEP + "}", ("nested too deeply",)),  # f-puzzles JSON
    ('{"size": 4, "grid": [], "x": ' + HUGE + "}", ("4300 digits",)),
    ("https://f-puzzles.com/?load=" + lz_bomb(7000), ("decodes to more than 4,194,304",)),
])
def test_absurd_input_is_one_line_and_exit_2(tmp_path, text, words):
    path = tmp_path / "puzzle.txt"
    path.write_text(text)
    code, out, err = cli("check", str(path))
    assert code == 2 and out == "" and one_error(err, *words), err


def test_a_line_of_10_mb_is_refused_by_its_length_with_its_line(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(P + "\n" + "1." * (5 * 1024 * 1024) + "\n" + P + "\n")
    start = time.monotonic()
    code, out, err = cli("solve", str(path), "-f", "line")
    assert time.monotonic() - start < 10
    assert code == 2 and "line 2: a line of 10,485,760 characters" in err
    assert f"(at most {MAX_LINE:,})" in err
    lines = out.splitlines()  # the puzzles around it are still solved
    assert len(lines) == 3 and lines[1].startswith("# line 2")
    for line in (lines[0], lines[2]):
        assert violations_of(parse_puzzle(P), parse_puzzle(line).givens) == []


def test_a_2_gb_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.txt"
    with path.open("wb") as f:  # sparse: takes no disk space
        f.truncate(2 * 1024 ** 3)
    start = time.monotonic()
    code, _, err = cli("solve", str(path))
    assert time.monotonic() - start < 5
    assert code == 2 and one_error(err, "too large to read", "2,147,483,648 bytes",
                                   f"{MAX_INPUT_BYTES:,}"), err


def test_binary_and_non_utf8_input_are_one_line(tmp_path):
    code, _, err = cli("solve", "/dev/zero")
    assert code == 2 and one_error(err, "/dev/zero is not text", "NUL"), err
    path = tmp_path / "latin1.txt"
    path.write_bytes(P.encode() + b"\n\xe9\n")
    code, _, err = cli("solve", str(path))
    assert code == 2 and one_error(err, "not UTF-8", "line 2"), err


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e12"])
def test_count_with_an_absurd_time_limit_is_refused(value):
    code, out, err = cli("count", "--time-limit", value, EMPTY9)
    assert code == 2 and out == "" and one_error(err, "--time-limit"), err


# -- streams: closed, full, broken, unreplaceable -------------------------------------------
def test_closed_standard_input():
    run = process("solve", "-", close=(0,))
    assert run.returncode == 2 and one_error(run.stderr, "standard input is closed")


def test_closed_standard_output(tmp_path):
    run = process("solve", P, close=(1,), stdout=None)
    assert run.returncode == 74 and one_error(run.stderr, "standard output is closed", "-o")
    target = tmp_path / "out.txt"
    run = process("solve", P, "-f", "line", "-o", str(target), close=(1,), stdout=None)
    assert run.returncode == 0 and run.stderr == ""
    assert violations_of(parse_puzzle(P), parse_puzzle(target.read_text()).givens) == []


def test_closed_standard_error_keeps_messages_out_of_the_output_file(tmp_path):
    """With fd 2 closed, a file opened later must not take its number: the error of the bad
    line would be written into the results."""
    source, target = tmp_path / "in.txt", tmp_path / "out.txt"
    source.write_text(P + "\n" + P[:80] + "\n")
    run = process("solve", str(source), "-o", str(target), close=(2,))
    assert run.returncode == 2
    lines = target.read_text().splitlines()
    assert len(lines) == 2 and lines[1].startswith("# line 2: 80 cells")
    assert "satdoku:" not in target.read_text()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_disk_says_so(tmp_path):
    with open("/dev/full", "w") as full:
        run = process("solve", P, stdout=full)
    assert run.returncode == 74 and one_error(run.stderr, "standard output", "disk full")
    run = process("solve", P, "-o", "/dev/full")
    assert run.returncode == 74 and one_error(run.stderr, "/dev/full", "disk full")


class FillsUp(io.RawIOBase):
    """A file on a disk that is full after ``room`` bytes: the write that crosses it is cut
    short, the next one fails with ENOSPC, as the kernel does."""

    def __init__(self, fd: int, room: int) -> None:
        self.fd, self.room = fd, room

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = os.write(self.fd, bytes(data[:self.room]))
        self.room -= written
        return written

    def fileno(self) -> int:
        return self.fd

    def close(self) -> None:
        if not self.closed:
            os.close(self.fd)
        super().close()


def test_a_full_disk_keeps_the_complete_lines_written_before(tmp_path, monkeypatch):
    def fdopen(fd, mode, encoding=None):
        return io.TextIOWrapper(io.BufferedWriter(FillsUp(fd, 10_000), 4096),
                                encoding=encoding)

    monkeypatch.setattr(satdoku.runtime.atomic.os, "fdopen", fdopen)
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    lines = [f"{k:07d} {P}\n" for k in range(500)]  # 45,000 bytes: more than there is room for
    with pytest.raises(OutputError, match="disk full") as caught, \
            atomic_file(target, keep_partial=True) as out:
        for line in lines:
            out.write(line)
    kept = target.read_text()
    assert kept and kept.endswith("\n") and "".join(lines).startswith(kept)
    assert f"the {kept.count(chr(10)):,} complete lines written before are in" in str(caught.value)
    assert sorted(tmp_path.iterdir()) == [target]  # no temporary file left


def test_a_file_that_cannot_be_replaced_is_left_and_the_results_kept_beside(tmp_path,
                                                                           monkeypatch):
    """An immutable file (chattr +i: even root cannot replace it) simulated at os.replace."""
    target = tmp_path / "out.txt"
    target.write_text("precious\n")
    real = os.replace

    def immutable(src, dst):
        if Path(dst) == target:
            raise PermissionError(errno.EPERM, "Operation not permitted")
        real(src, dst)

    monkeypatch.setattr(satdoku.runtime.atomic.os, "replace", immutable)
    code, out, err = cli("solve", P, "-f", "line", "-o", str(target))
    assert code == 74 and out == "" and one_error(err, f"cannot replace {target}", "not permitted",
                                    f"{target}.new"), err
    assert target.read_text() == "precious\n"
    rescued = Path(f"{target}.new").read_text()
    assert violations_of(parse_puzzle(P), parse_puzzle(rescued).givens) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt", "out.txt.new"]


@pytest.mark.parametrize("where", ["parent is missing", "parent is a file", "a directory",
                                   "under /proc"])
def test_output_paths_that_cannot_be_written(tmp_path, where):
    (tmp_path / "file").write_text("x")
    path = {"parent is missing": tmp_path / "no" / "out.txt",
            "parent is a file": tmp_path / "file" / "out.txt",
            "a directory": tmp_path, "under /proc": Path("/proc/version")}[where]
    code, out, err = cli("solve", P, "-o", str(path))
    assert code in (2, 74) and out == "" and one_error(err, "cannot write", str(path)), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_a_picture_that_cannot_be_written_is_one_line(tmp_path):
    code, _, err = cli("render", P, "-o", str(tmp_path / "no" / "p.svg"))
    assert code == 2 and one_error(err, "does not exist"), err


# -- --all without --limit: it streams, it warns, it stops cleanly --------------------------
def test_all_without_limit_streams_warns_and_keeps_what_it_wrote():
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "solve", "--all", "-f", "line",
                             EMPTY9], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    try:
        first = [proc.stdout.readline() for _ in range(1500)]  # before the command ends
        proc.terminate()
        rest, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert "1,000 solutions so far" in err and "--limit" in err and "Traceback" not in err
    solutions = [line for line in first + rest.splitlines() if line.strip()]
    assert len(solutions) >= 1500 and len(set(solutions)) == len(solutions)
    empty = parse_puzzle(EMPTY9)
    for line in solutions[:200] + solutions[-5:]:
        assert violations_of(empty, parse_puzzle(line).givens) == []


def test_a_reader_that_stops_early_ends_it_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "solve", "--all", "-f", "line",
                             EMPTY9], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    first = proc.stdout.readline()  # like `| head -1`
    proc.stdout.close()
    try:
        err = proc.stderr.read()
        proc.wait(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "error" not in err and "Traceback" not in err
    assert violations_of(parse_puzzle(EMPTY9), parse_puzzle(first).givens) == []

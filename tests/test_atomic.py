"""Atomic output: complete-or-untouched, partial results kept when asked, normal permissions."""

from __future__ import annotations

import os

import pytest

from satdoku.errors import SatdokuError
from satdoku.runtime.atomic import atomic_file


def test_failure_leaves_the_old_file(tmp_path):
    target = tmp_path / "f.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_file(target) as out:
        out.write("half")
        raise RuntimeError("boom")
    assert target.read_text() == "old"
    assert list(tmp_path.iterdir()) == [target]


def test_keep_partial_publishes_what_was_written(tmp_path):
    target = tmp_path / "f.txt"
    with pytest.raises(KeyboardInterrupt), atomic_file(target, keep_partial=True) as out:
        out.write("done so far\n")
        raise KeyboardInterrupt
    assert target.read_text() == "done so far\n"


def test_new_files_get_ordinary_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        with atomic_file(tmp_path / "new.txt") as out:
            out.write("x")
    finally:
        os.umask(old)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o644
    existing = tmp_path / "kept.txt"
    existing.write_text("x")
    existing.chmod(0o640)
    with atomic_file(existing, binary=True) as out:
        out.write(b"y")
    assert existing.stat().st_mode & 0o777 == 0o640 and existing.read_bytes() == b"y"


def test_missing_folder_is_a_clear_error(tmp_path):
    with pytest.raises(SatdokuError, match="does not exist"), atomic_file(
            tmp_path / "no" / "f.txt"):
        pass


def test_a_link_to_a_file_has_the_file_replaced_and_stays_a_link(tmp_path):
    real, link = tmp_path / "real.txt", tmp_path / "link.txt"
    real.write_text("old\n")
    link.symlink_to("real.txt")
    with atomic_file(link) as out:
        out.write("new\n")
    assert link.is_symlink() and real.read_text() == "new\n"


def test_a_link_to_a_descriptor_is_written_through_never_replaced(tmp_path):
    """``-o /dev/stdout``: the link leads to /proc/self/fd/1 (a link of our own here, so that
    a failure cannot harm the machine's /dev/stdout)."""
    import subprocess
    import sys

    link, into = tmp_path / "stdout", tmp_path / "into.txt"
    link.symlink_to("/proc/self/fd/1")
    command = [sys.executable, "-m", "satdoku", "solve", "1.3...2...4.3.1.", "-f", "line"]
    with into.open("w") as stream:
        done = subprocess.run([*command, "-o", str(link)], stdout=stream, timeout=60)
    assert done.returncode == 0 and link.is_symlink()
    expected = subprocess.run(command, capture_output=True, text=True, timeout=60).stdout
    assert len(expected) == 17 and into.read_text() == expected


@pytest.mark.parametrize("keep_partial", [False, True])
def test_empty_output_replaces_nothing_and_makes_no_file(tmp_path, keep_partial):
    old = tmp_path / "old.txt"
    old.write_text("kept\n")
    with atomic_file(old, keep_partial=keep_partial):
        pass
    assert old.read_text() == "kept\n"
    with atomic_file(tmp_path / "new.txt", keep_partial=keep_partial):
        pass
    assert not (tmp_path / "new.txt").exists()


@pytest.mark.parametrize("to", ["ipuz", "fpuzzles", "sudokupad-scl"])
def test_a_refused_convert_leaves_the_file_it_would_have_replaced(tmp_path, to):
    """(a new user's trial: `convert argyle.json --to ipuz -o exist.ipuz` emptied the file)"""
    from conftest import ROOT, run_cli

    target = tmp_path / "exist.out"
    target.write_text("old\n")
    run = run_cli("convert", str(ROOT / "examples" / "argyle.json"), "--to", to,
                  "-o", str(target))
    assert run.code == 2 and "cannot express" in run.err
    assert target.read_text() == "old\n"

"""Shared test helpers: run the CLI as a user would, in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from satdoku import Board

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
#: A 6x6 jigsaw board (six irregular regions), shared by the tests of every rule and encoding.
JIGSAW6 = Board(6, regions=(0, 0, 0, 1, 1, 1,
                            0, 0, 2, 2, 1, 1,
                            0, 2, 2, 3, 3, 1,
                            4, 2, 2, 3, 5, 5,
                            4, 4, 3, 3, 5, 5,
                            4, 4, 4, 3, 5, 5))


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str, stdin: str | None = None, cwd: Path | None = None,
            timeout: float = 120) -> Run:
    """Run ``python -m satdoku ARGS``; assert no traceback reached the user."""
    proc = subprocess.run([sys.executable, "-m", "satdoku", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=timeout)
    assert "Traceback" not in proc.stderr, proc.stderr
    return Run(proc.returncode, proc.stdout, proc.stderr)


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def cli_here(capsys, monkeypatch):
    """Run ``satdoku ARGS`` in this process (fast: no interpreter start), from the project
    folder, with ``stdin`` as standard input: (code, out, err); no traceback allowed."""
    from satdoku.cli import run

    monkeypatch.chdir(ROOT)

    def call(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            import io
            monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = run(list(args))
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        return code, out, err
    return call


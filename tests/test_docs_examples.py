"""The console examples of README and docs/ run as written and print what they show.

Each ```console block (README.md, docs/*.md) is a shell session: ``$ command`` lines (a
trailing ``  # comment`` is dropped), each followed by the output the page promises.
Commands run in order, in a scratch folder holding ``examples/`` and ``tests/data/``, with
``satdoku`` (this interpreter's package) first on PATH. (Slow examples, e.g. benchmarks, sit
in plain ``` blocks, which are not run.) stdout and stderr are compared together, line by line
ignoring blank lines and the order between the two streams (they are buffered
differently). A block that needs a program this machine lacks (minisat, cadical) stops there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

COMMENT = re.compile(r"\s{2,}#.*$")


def console_blocks(text: str) -> list[list[tuple[str, list[str]]]]:
    """Every ```console block as [(command, expected output lines)]."""
    blocks = []
    for body in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        steps: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((COMMENT.sub("", line[2:]).strip(), []))
            elif steps:
                steps[-1][1].append(line)
        blocks.append(steps)
    return blocks


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCKS = [(page.relative_to(ROOT).as_posix(), k, steps) for page in PAGES
          for k, steps in enumerate(console_blocks(page.read_text(encoding="utf-8")))]


def programs(command: str) -> list[str]:
    """The programs a shell command line runs (first word of each pipeline stage)."""
    return [part.split()[0] for part in re.split(r"[|;]", command) if part.split()]


def satdoku_command(tmp_path: Path) -> Path:
    """A folder with a ``satdoku`` that runs this interpreter's package (``python -m``), so
    the examples run even where the console script is not installed, and never skip."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "satdoku"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m satdoku "$@"\n')
    script.chmod(0o755)
    return folder


@pytest.mark.parametrize(("page", "block", "steps"), BLOCKS,
                         ids=[f"{page}#{k + 1}" for page, k, _ in BLOCKS])
def test_console_block(page, block, steps, tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copytree(ROOT / "tests" / "data", tmp_path / "tests" / "data")
    env = {**os.environ, "PATH": f"{satdoku_command(tmp_path)}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}"}
    for command, expected in steps:
        missing = [p for p in programs(command) if shutil.which(p, path=env["PATH"]) is None]
        if missing:
            pytest.skip(f"{missing[0]} is not installed")
        run = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
        got = [ln.rstrip() for ln in (run.stdout + run.stderr).splitlines() if ln.strip()]
        want = [ln.rstrip() for ln in expected if ln.strip()]
        assert "Traceback" not in run.stderr, run.stderr
        assert sorted(got) == sorted(want), f"{page}: $ {command}\n{run.stdout}{run.stderr}"

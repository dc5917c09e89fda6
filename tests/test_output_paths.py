"""No command writes over its own input, or one of its outputs over another (issue 27, 1).

The cases are made from the commands themselves: for every command and every option that
writes a file (:data:`satdoku.cli.paths.WRITES`, found among the command's parameters), an
output naming every input it reads — by the same name, ``./name``, an absolute path,
``sub/../name``, a symbolic link, a hard link, in turn — and two outputs naming one file
are refused with one line and exit code 2, before any work, and every file is
byte-identical afterwards. A new string option must be declared a path or not
(:func:`test_every_string_option_is_known`), so a new output cannot slip past.
"""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from satdoku.cli import run
from satdoku.cli.app import app
from satdoku.cli.commands import COMMANDS
from satdoku.cli.lazy import LazyCommands
from satdoku.cli.paths import READS, WRITES

P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: String options that are not file names.
NOT_PATHS = {"box", "rules", "backend", "memory_budget", "external", "disable",
             "template_givens", "cage_size", "draw", "highlight", "title", "allow_origin"}

_COMMANDS = LazyCommands(app)


def params(command: str) -> dict[str, list[str]]:
    """Option name → its flags (``[]`` for an argument) of ``command``."""
    return {p.name: [o for o in p.opts if o.startswith("-")] for p in _COMMANDS[command].params}


def test_every_string_option_is_known():
    for command in COMMANDS:
        for p in _COMMANDS[command].params:
            if p.type_descriptor.annotation in (str, list[str]):
                assert p.name in READS or p.name in WRITES or p.name in NOT_PATHS, (command,
                                                                                    p.name)


# How an output option is made to write the file ``target`` (None: it cannot be).
AIMS: dict[str, list[Callable[[Path], str | None]]] = {
    "output": [str], "picture": [str],
    "certify_to": [str, lambda t: str(t.with_suffix("")) if t.suffix == ".cnf" else None],
    "svg_dir": [lambda t: str(t.parent) if re.fullmatch(r"step-\d+\.svg", t.name) else None],
}
TARGETS = ("in.txt", "in.cnf", "step-001.svg")
# How the input is named: the same file by another name.
ALIASES: dict[str, Callable[[Path, Path], str]] = {
    "same": lambda f, tmp: f.name,
    "dot": lambda f, tmp: f"./{f.name}",
    "absolute": lambda f, tmp: str(f),
    "updir": lambda f, tmp: f"sub/../{f.name}",
    "symlink": lambda f, tmp: _link(f, tmp / "sub" / "link", os.symlink),
    "hardlink": lambda f, tmp: _link(f, tmp / "sub" / "hard", os.link),
}


def _link(f: Path, at: Path, how: Callable[[Path, Path], None]) -> str:
    how(f, at)
    return str(at)


def _base(command: str, reads: str, value: str) -> list[str]:
    """A command line of ``command`` whose input ``reads`` is the file ``value``."""
    if command == "generate":
        return [command, "--template" if reads == "template" else "--layout", value]
    args = [command, value if reads == "puzzle" else P]
    if command == "decode":
        args.append(value if reads == "model" else "model.txt")
    if reads == "layout":
        args += ["--layout", value]
    return args


def _input_cases():
    """Every command x output option x input x target, each under one of the aliases in
    turn (all six for ``solve -o`` and ``analyse --certify``, the first cases)."""
    k = 0
    for command in COMMANDS:
        names = params(command)
        for reads in (r for r in READS if r in names and r != "dask"):
            for writes in (w for w in WRITES if w in names):
                for target, aim in itertools.product(TARGETS, AIMS[writes]):
                    if aim(Path("/x") / target) is None:
                        continue
                    every = (command, reads, writes) in (("solve", "puzzle", "output"),
                                                         ("analyse", "puzzle", "certify_to"))
                    for alias in list(ALIASES) if every else [list(ALIASES)[k % len(ALIASES)]]:
                        k += 1
                        yield pytest.param(command, reads, writes, target, aim, alias,
                                           id=f"{command}-{reads}-{writes}-{target}-{alias}")


def _cli(tmp: Path, argv: list[str], capsys, monkeypatch) -> tuple[int, str]:
    monkeypatch.chdir(tmp)
    code = run(argv)
    return code, capsys.readouterr().err


def _snapshot(tmp: Path) -> dict[str, bytes]:
    return {str(p.relative_to(tmp)): p.read_bytes() for p in sorted(tmp.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize(("command", "reads", "writes", "target", "aim", "alias"),
                         list(_input_cases()))
def test_an_output_naming_an_input_is_refused(tmp_path, capsys, monkeypatch, command, reads,
                                              writes, target, aim, alias):
    (tmp_path / "sub").mkdir()
    (tmp_path / "model.txt").write_text("s SATISFIABLE\nv 1 0\n")
    given = tmp_path / target
    given.write_text(P + "\n")
    value = ALIASES[alias](given, tmp_path)
    before = _snapshot(tmp_path)
    flag = params(command)[writes][0]
    argv = [*_base(command, reads, value), flag, aim(given)]
    code, err = _cli(tmp_path, argv, capsys, monkeypatch)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, (argv, err)
    assert lines[0].startswith("satdoku: error: ") and "it would be lost" in lines[0], err
    assert _snapshot(tmp_path) == before


def _pair_cases():
    for command in COMMANDS:
        names = params(command)
        writes = [w for w in WRITES if w in names]
        for a, b in itertools.permutations(writes, 2):
            for target in TARGETS:
                for aim_a, aim_b in itertools.product(AIMS[a], AIMS[b]):
                    t = Path("/x") / target
                    if aim_a(t) is not None and aim_b(t) is not None and (
                            aim_a(t), a) != (aim_b(t), b):
                        yield pytest.param(command, a, b, target, aim_a, aim_b,
                                           id=f"{command}-{a}-{b}-{target}")


@pytest.mark.parametrize(("command", "a", "b", "target", "aim_a", "aim_b"),
                         list(_pair_cases()))
def test_two_outputs_naming_one_file_are_refused(tmp_path, capsys, monkeypatch, command, a, b,
                                                 target, aim_a, aim_b):
    (tmp_path / "p.txt").write_text(P + "\n")
    (tmp_path / "model.txt").write_text("s SATISFIABLE\nv 1 0\n")
    before = _snapshot(tmp_path)
    t = tmp_path / target
    flags = params(command)
    argv = [*_base(command, "puzzle", "p.txt"), flags[a][0], aim_a(t), flags[b][0], aim_b(t)]
    code, err = _cli(tmp_path, argv, capsys, monkeypatch)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "would overwrite the other" in lines[0], (argv,
                                                                                       err)
    assert _snapshot(tmp_path) == before


def test_every_command_with_a_file_is_covered():
    """The generated cases reach every command that writes a file, and every output option."""
    covered = {(c.values[0], c.values[2]) for c in _input_cases()}
    assert {c.values[5] for c in _input_cases()} == set(ALIASES)
    expected = {(command, w) for command in COMMANDS for w in WRITES if w in params(command)}
    assert covered == expected
    assert {"solve", "analyse", "explain", "render", "export", "generate", "convert",
            "decode"} <= {c for c, _ in covered}


def test_distinct_outputs_still_work(tmp_path, capsys, monkeypatch):
    (tmp_path / "p.txt").write_text(P + "\n")
    code, err = _cli(tmp_path, ["analyse", "p.txt", "-o", "report.txt", "--certify",
                                "proof.drat", "--svg", "p.svg"], capsys, monkeypatch)
    assert code == 0, err
    assert {"report.txt", "proof.drat", "proof.cnf", "p.svg"} <= {
        p.name for p in tmp_path.iterdir()}
    assert (tmp_path / "p.txt").read_text() == P + "\n"


def test_an_output_naming_the_file_on_standard_input_is_refused(tmp_path):
    """``satdoku solve - -o p.txt < p.txt``: standard input is that file."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(P + "\n")
    with puzzle.open() as stdin:
        proc = subprocess.run([sys.executable, "-m", "satdoku", "solve", "-", "-o", "p.txt"],
                              stdin=stdin, capture_output=True, text=True, cwd=tmp_path,
                              timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "standard input reads" in proc.stderr
    assert puzzle.read_text() == P + "\n"


def test_devices_are_not_compared(tmp_path, capsys, monkeypatch):
    """/dev/null is written to, never replaced: two outputs may both go there."""
    (tmp_path / "p.txt").write_text(P + "\n")
    code, err = _cli(tmp_path, ["check", "p.txt", "-o", "/dev/null", "--svg", "x.svg"],
                     capsys, monkeypatch)
    assert code == 0, err
    code, err = _cli(tmp_path, ["export", "p.txt", "-o", "/dev/null"], capsys, monkeypatch)
    assert code == 0, err

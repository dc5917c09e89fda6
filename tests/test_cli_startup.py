"""Start-up: the API and each command import only what they need; the lazy command table.

Timing tests would be flaky on a shared machine; what is tested is what makes start-up fast
(docs/encodings.md, "Start-up"): which modules a command imports, that ``satdoku --help``
imports no command, and that the shortcuts taken (the command table, option values
converted without pydantic) say and do exactly what the slow way would.
"""

from __future__ import annotations

import json
import subprocess
import sys
from enum import Enum

import pytest
import typer.main

from satdoku.cli.app import app
from satdoku.cli.commands import COMMANDS, help_line, load_command_module, load_commands
from satdoku.cli.lazy import _FastValue, fast_options
from satdoku.cli.options import GLOBAL_RULES
from satdoku.lazy import resolve
from satdoku.rules import CATALOGUE, GLOBAL_RULE_TABLE
from satdoku.rules.data import DATA_KEY_TABLE

PUZZLE = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
#: Never needed to solve or check a classic puzzle given on the command line.
HEAVY = ("pydantic", "rich", "click", "satdoku.generating", "satdoku.analyse", "satdoku.render.svg",
         "satdoku.render.png", "satdoku.render.markings", "satdoku.render.picture",
         "satdoku.solving.external", "satdoku.formats.puzzle_json", "satdoku.formats.fpuzzles",
         "satdoku.formats.fpuzzles_links", "satdoku.rules.cages", "satdoku.rules.thermo",
         "satdoku.rules.dots", "satdoku.rules.outside", "satdoku.rules.regions",
         "satdoku.rules.data", "satdoku.cli.commands.analyse", "satdoku.cli.commands.generate",
         "satdoku.cli.commands.export", "satdoku.cli.commands.render", "pysat.card",
         "importlib.metadata", "json")


def modules_after(code: str) -> set[str]:
    """The modules loaded by a fresh interpreter after running ``code`` (its stdout aside)."""
    script = (f"import sys, io, contextlib\nwith contextlib.redirect_stdout(io.StringIO()):\n"
              f"    {code}\nprint(repr(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    return set(eval(out.splitlines()[-1]))  # a list of names


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in sorted(modules) for name in names if m == name or m.startswith(name + ".")]


def test_the_api_imports_no_cli():
    modules = modules_after("import satdoku; satdoku.check(satdoku.parse_puzzle("
                            f"{PUZZLE!r}))")
    assert "satdoku.solving.solver" in modules
    assert not loaded(modules, ("typer", "rich", "click", "pydantic", "satdoku.cli"))
    assert not loaded(modules, ("satdoku.cli", "typer"))
    assert not loaded(modules_after("import satdoku"), ("typer", "rich", "click", "pysat",
                                                         "satdoku.cli", "satdoku.solving.solver"))


def test_check_imports_what_solving_needs_only():
    modules = modules_after(f"from satdoku.cli import run; run(['check', {PUZZLE!r}])")
    assert {"satdoku.cli.commands.solving", "pysat.solvers", "typer"} <= modules
    assert not loaded(modules, HEAVY)


def test_help_imports_no_command():
    modules = modules_after("from satdoku.cli import run; run(['--help'])")
    commands = [m for m in modules if m.startswith("satdoku.cli.commands.")]
    assert not commands
    assert not loaded(modules, (*HEAVY, "pysat", "satdoku.solving.solver", "satdoku.board"))


def test_help_lists_every_command_with_its_line(cli):
    run = cli("--help")
    assert run.code == 0
    listed = run.out.split("Commands:")[1].split("Exit codes")[0]
    for name in COMMANDS:
        line = help_line(name)
        assert line and f"  {name} " in listed
        assert " ".join(line.split()) in " ".join(listed.split())
    bare = cli()  # no command: the same help, exit code 2
    assert bare.code == 2 and bare.out.strip() == run.out.strip()


def _registered() -> dict[str, tuple[str, str]]:
    load_commands()
    out = {}
    for info in app.registered_commands:
        name = info.name or typer.main.get_command_name(info.callback.__name__)
        target = f"{info.callback.__module__}:{info.callback.__name__}"
        out[name] = (target, (info.help or info.callback.__doc__ or "").strip().splitlines()[0])
    return out


def test_the_command_table_is_the_commands():
    # a new command: its module here, and a row in COMMANDS (name, module:function); the
    # help line read from the source is the one typer shows
    assert {name: (target, help_line(name)) for name, target in COMMANDS.items()} == (
        _registered())


def test_a_command_loads_its_own_module():
    load_command_module("rules")
    assert "satdoku.cli.commands.rules" in sys.modules


def test_global_rules_listed_in_the_help_are_the_catalogue():
    assert GLOBAL_RULES.split(", ") == list(CATALOGUE)
    assert [CATALOGUE[name]().name for name in CATALOGUE] == list(GLOBAL_RULE_TABLE)


def test_every_family_key_has_its_row_in_the_table():
    """A rule family's KEYS and GLOBAL are exactly its rows of the static tables."""
    families = {target for table in (DATA_KEY_TABLE, GLOBAL_RULE_TABLE)
                for target in table.values()}
    for target in families:
        family = resolve(target)
        names = list(family) if isinstance(family, dict) else [entry.key for entry in family]
        rows = [n for table in (DATA_KEY_TABLE, GLOBAL_RULE_TABLE)
                for n, t in table.items() if t == target]
        assert sorted(names) == sorted(rows), target  # (listed in the table's order)


def _samples(annotation: type) -> list:
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [*annotation, *(m.value for m in annotation),
                *(str(m.value).upper() for m in annotation), "nonsense", ""]
    return ["0", "1", "2", "7", "10", "007", "-1", "+3", " 5", "5 ", "1.0", "0.5", ".5", "2.",
            "1e3", "inf", "nan", "x", "", "3x3", "１", 0, 1, 7, 40.0, True, False]


def _outcome(convert, value, param, ctx):
    try:
        return "ok", repr(convert.coerce(value, param=param, ctx=ctx))
    except Exception as err:  # the message the user would read
        return type(err).__name__, str(err)


def test_fast_option_values_are_typer_s_values():
    from typer._coercion import build_runtime_param
    checked = 0
    for name in COMMANDS:
        load_command_module(name)
        info = next(i for i in app.registered_commands
                    if (i.name or typer.main.get_command_name(i.callback.__name__)) == name)
        command = fast_options(typer.main.get_command_from_info(
            info, pretty_exceptions_short=True, rich_markup_mode=None))
        ctx = command.context_class(command)
        for param in command.params:
            fast = getattr(param, "_runtime_param", None)
            if not isinstance(fast, _FastValue):
                continue
            slow = build_runtime_param(param.type_descriptor)
            for value in _samples(param.type_descriptor.annotation):
                assert _outcome(fast, value, param, ctx) == _outcome(slow, value, param, ctx), \
                    (name, param.name, value)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize(("args", "err"), [
    (["solve", "--limit", "0"], "Invalid value for '--limit': Input should be greater than or "
                                "equal to 1 (see 'satdoku solve --help')"),
    (["solve", "--limit", "x"], "Invalid value for '--limit': Input should be a valid integer, "
                                "unable to parse string as an integer (see 'satdoku solve "
                                "--help')"),
    (["check", "--format", "csv"], "Invalid value for '--format' / '-f': Value error, 'csv' is "
                                   "not one of 'grid', 'line', 'json'. (see 'satdoku check "
                                   "--help')"),
    (["render", "--cell", "3"], "Invalid value for '--cell': 3 is out of range: give a cell "
                                "size in pixels from 4 to 400 (see 'satdoku render --help')"),
    (["solve", "--time-limit", "0"], "Invalid value for '--time-limit': 0 is not a time: give a "
                                     "number of seconds > 0 and at most 1,000,000 (leave it out "
                                     "for no limit) (see 'satdoku solve --help')"),
])
def test_bad_option_values_read_as_typer_says(cli, args, err):
    # (the messages typer gives through pydantic: the fast conversion hands bad values over)
    run = cli(*args, PUZZLE)
    assert (run.code, run.err) == (2, f"satdoku: error: {err}\n")


def test_case_insensitive_choices_still_work(cli):
    run = cli("check", "--amo", "PAIRWISE", "--encoding", "Extended", PUZZLE, "-f", "line")
    assert run.code == 0 and run.out.startswith("unique ")


def test_json_output_still_works(cli):
    run = cli("check", PUZZLE, "-f", "json")
    assert json.loads(run.out)["status"] == "unique"

"""One module per command (or family of commands); each registers its commands on ``app``.

A command's module is imported only when that command runs (or shows its help), so that
``satdoku check PUZZLE`` does not pay for the generator, the renderer or the analyser.
:data:`COMMANDS` is what ``satdoku --help`` lists without importing anything.

Adding a command: write its module here (``@app.command()`` on the function, docstring
first line = its one-line help), and add a row to :data:`COMMANDS` — the command's name and
``module:function``. The help lines are read from the functions' docstrings in the modules'
source (:func:`help_line`), never copied; ``tests/test_cli_startup.py`` checks that the table
and the modules agree (every command of every module listed).
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from functools import cache
from pathlib import Path

#: Every command, in the order ``satdoku --help`` lists them: name → ``module:function``.
COMMANDS: dict[str, str] = {
    "analyse": "satdoku.cli.commands.analyse:analyse_command",
    "candidates": "satdoku.cli.commands.analyse:candidates",
    "explain": "satdoku.cli.commands.explain:explain_command",
    "hint": "satdoku.cli.commands.explain:hint_command",
    "convert": "satdoku.cli.commands.convert:convert",
    "export": "satdoku.cli.commands.export:export",
    "decode": "satdoku.cli.commands.export:decode_command",
    "generate": "satdoku.cli.commands.generate:generate",
    "render": "satdoku.cli.commands.render:render",
    "rules": "satdoku.cli.commands.rules:list_rules",
    "solve": "satdoku.cli.commands.solving:solve",
    "check": "satdoku.cli.commands.solving:check",
    "count": "satdoku.cli.commands.solving:count",
    "serve": "satdoku.cli.commands.serve:serve_command",
}


def load_command_module(name: str) -> None:
    """Import the module of command ``name`` (registering its commands on ``app``)."""
    importlib.import_module(COMMANDS[name].partition(":")[0])


def load_commands() -> None:
    """Import every command module of this package (registering all the commands)."""
    import pkgutil
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")


def help_line(name: str) -> str:
    """Command ``name``'s one-line help: the first line of its function's docstring, read
    from its module's source without importing it.

    >>> help_line("count")
    'Count the solutions, exactly or up to --limit (progress shown on long counts).'
    """
    module, function = COMMANDS[name].split(":")
    return _docstring_lines(module).get(function, "")


@cache
def _docstring_lines(module: str) -> dict[str, str]:
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise LookupError(f"no module {module} for the command table")
    source = Path(spec.origin).read_text(encoding="utf-8")
    return {m["name"]: m["line"].strip() for m in _FIRST_DOC_LINE.finditer(source)}


#: A top-level function and its docstring's first line: the signature may span lines but not
#: reach the next definition (a function without a docstring matches nothing). A scan, not
#: ``ast.parse``: ``satdoku --help`` would pay ~20 ms of CPU to parse the command modules.
_FIRST_DOC_LINE = re.compile(
    r'^def (?P<name>\w+)\((?:(?!\n(?:def |class |@))[\s\S])*?\)(?: -> [^\n]*)?:\n[ \t]+"""'
    r'(?P<line>[^\n]*?)(?:"""|\n)', re.M)

"""One module per command (or family of commands); each registers its commands on ``app``.

A command's module is imported only when that command runs (or shows its help), so that
``satdoku check PUZZLE`` does not pay for the generator, the renderer or the analyser.
:data:`COMMANDS` is what ``satdoku --help`` lists without importing anything.

Adding a command: write its module here (``@app.command()`` on the function, docstring
first line = its one-line help), and add a row to :data:`COMMANDS` — the command's name, its
module, and that same first line. ``tests/test_cli_startup.py`` checks that the table and
the modules agree (every command of every module listed, help lines identical).
"""

from __future__ import annotations

import importlib

#: Every command, in the order ``satdoku --help`` lists them: name → (module of this
#: package, one-line help: the first line of the command's docstring).
COMMANDS: dict[str, tuple[str, str]] = {
    "analyse": ("analyse", "Why a puzzle is (not) unique, what is forced, what is redundant, "
                           "how hard it is."),
    "candidates": ("analyse", "True candidates: the digits that some solution puts in each "
                              "blank cell."),
    "explain": ("explain", "A solving path: one line per step, then the verified solution and "
                           "a grade."),
    "hint": ("explain", "The next step only, with every fact and constraint it cites."),
    "convert": ("convert", "Write puzzles in another format: f-puzzles and SudokuPad links, "
                           "JSON, line, grid."),
    "export": ("export", "Write a puzzle as DIMACS CNF for any SAT solver: the rules, then the "
                         "givens as units."),
    "decode": ("export", "Read an external solver's answer for a puzzle exported by 'satdoku "
                         "export'."),
    "generate": ("generate", "Generate unique puzzles, minimal for their clue symmetry (rot180 "
                             "by default)."),
    "render": ("render", "Draw one puzzle: givens, a solution, true candidates, highlights, "
                         "variant markings."),
    "rules": ("rules", "List the rules: global ones by name (--rules), per-puzzle ones by JSON "
                       "key."),
    "solve": ("solving", "Solve puzzles: print a solution of each (every one verified "
                         "independently)."),
    "check": ("solving", "Is the puzzle unique? If not, show two solutions and mark (*) where "
                         "they differ."),
    "count": ("solving", "Count the solutions, exactly or up to --limit (progress shown on long "
                         "counts)."),
}


def load_command_module(name: str) -> None:
    """Import the module of command ``name`` (registering its commands on ``app``)."""
    importlib.import_module(f"{__name__}.{COMMANDS[name][0]}")


def load_commands() -> None:
    """Import every command module of this package (registering all the commands)."""
    import pkgutil
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")

"""``satdoku rules``: every rule, with a one-line description."""

from __future__ import annotations

import typer

from satdoku.cli.app import app
from satdoku.formats.json_fields import KEYS
from satdoku.rules import CATALOGUE, DATA_KEYS

#: The JSON keys that put constraints on the board (the rest is board, givens and notes).
_BOARD_KEYS = ("regions",)


@app.command(name="rules")
def list_rules() -> None:
    """List the rules: global ones by name (--rules), per-puzzle ones by JSON key.

    Example: satdoku solve --rules anti-knight,anti-king,nonconsecutive miracle.txt
    """
    width = max(map(len, [*CATALOGUE, *DATA_KEYS, *_BOARD_KEYS])) + 2
    lines = ["Global rules (--rules NAME,NAME or \"rules\": [...] in a JSON puzzle):"]
    lines += [f"  {name:<{width}}{make().description}" for name, make in CATALOGUE.items()]
    lines += ["", "Per-puzzle constraints (keys of a JSON puzzle, cells named r1c1):"]
    lines += [f"  {key:<{width}}{KEYS[key]}" for key in (*_BOARD_KEYS, *DATA_KEYS)]
    lines += ["", "Every board also has rows, columns and boxes (or jigsaw regions)."]
    typer.echo("\n".join(lines))

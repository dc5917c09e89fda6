"""The ``satdoku`` command line: thin commands over the API, errors mapped in one place."""

from __future__ import annotations

import sys

from satdoku.cli.app import app, run
from satdoku.cli.commands import load_commands

load_commands()

__all__ = ["app", "main", "run"]


def main() -> None:
    """Entry point of the ``satdoku`` console script and ``python -m satdoku``."""
    sys.exit(run())

"""The ``satdoku`` command line: thin commands over the API, errors mapped in one place."""

from __future__ import annotations

import signal
import sys

from satdoku.cli.app import app, run
from satdoku.cli.commands import load_commands

load_commands()

__all__ = ["app", "main", "run"]


def main() -> None:
    """Entry point of the ``satdoku`` console script and ``python -m satdoku``."""
    signal.signal(signal.SIGTERM, _terminate)
    sys.exit(run())


def _terminate(signum: int, frame: object) -> None:
    """TERM (``kill``, ``timeout``) ends a command like Ctrl-C: partial results are kept.

    A second TERM kills at once (the first one waits for a running solver call to return).
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise KeyboardInterrupt

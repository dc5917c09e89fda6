"""The ``satdoku`` command line: thin commands over the API, errors mapped in one place.

A command's module is imported only when the command runs (:mod:`satdoku.cli.commands`),
and this package imports typer only when :func:`run` is first used.
"""

from __future__ import annotations

import gc
import signal
import sys

__all__ = ["main", "run"]


def main() -> None:
    """Entry point of the ``satdoku`` console script and ``python -m satdoku``."""
    # Start-up (typer, the command's modules) makes ~100k objects that live to the end:
    # collecting garbage among them costs ~10 ms and finds none. Collect again afterwards,
    # with the start-up's objects frozen out of the collector's way.
    gc.disable()
    signal.signal(signal.SIGTERM, _terminate)
    from satdoku.cli.app import run
    from satdoku.cli.commands import COMMANDS, load_command_module

    if len(sys.argv) > 1 and sys.argv[1] in COMMANDS:
        load_command_module(sys.argv[1])
    gc.freeze()
    gc.enable()
    sys.exit(run())


def _terminate(signum: int, frame: object) -> None:
    """TERM (``kill``, ``timeout``) ends a command like Ctrl-C: partial results are kept.

    A second TERM kills at once (the first one waits for a running solver call to return).
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise KeyboardInterrupt


def __getattr__(name: str) -> object:
    if name == "run":  # (the typer app is satdoku.cli.app.app)
        from satdoku.cli.app import run
        return run
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

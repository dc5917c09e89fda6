"""The ``satdoku`` command line: thin commands over the API, errors mapped in one place.

A command's module is imported only when the command runs (:mod:`satdoku.cli.commands`),
and this package imports typer only when :func:`run` is first used.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import sys
from typing import TYPE_CHECKING

from satdoku.lazy import module_face
from satdoku.runtime.signals import stop_on_signals

__all__ = ["main", "run"]


def main() -> None:
    """Entry point of the ``satdoku`` console script and ``python -m satdoku``."""
    # Start-up (typer, the command's modules) makes ~100k objects that live to the end:
    # collecting garbage among them costs ~10 ms and finds none. Collect again afterwards,
    # with the start-up's objects frozen out of the collector's way.
    gc.disable()
    stop_on_signals()  # (TERM and HUP as Ctrl-C)
    try:  # (Ctrl-C while the modules load: nothing was done yet)
        from satdoku.cli.app import run
        from satdoku.cli.commands import COMMANDS, load_command_module

        if len(sys.argv) > 1 and sys.argv[1] in COMMANDS:
            load_command_module(sys.argv[1])
    except KeyboardInterrupt:
        print("satdoku: interrupted", file=sys.stderr)
        _exit_now(130)  # (sys.exit could end in SIGINT: "unhandled" in an import)
    gc.freeze()
    gc.enable()
    code = run()
    parallel = sys.modules.get("satdoku.runtime.pool")
    if code == 130 or (parallel is not None and parallel.aborted()):
        _exit_now(code)  # (interrupted: freeing a big CNF would take seconds)
    _leave(code)


def _leave(code: int) -> None:
    """End after a command that ran to its end: the exit hooks run (pools and clusters are
    shut down), but not Python's teardown, which would free every object one by one — a
    36x36 CNF of five million clauses and its loaded solver took 2 s, on top of a time limit
    already spent (the output is complete and renamed by then; solvers are dropped with the
    process, not closed)."""
    from cnf.session import leave_open_at_exit
    leave_open_at_exit()
    atexit._run_exitfuncs()
    _exit_now(code)


def _exit_now(code: int) -> None:
    """End at once, past Python's exit hooks: after Ctrl-C stopped a pool of workers, the
    hooks of ``concurrent.futures`` and ``multiprocessing`` would join its threads, which
    may never end; and after any interrupt, freeing what was built (a CNF of millions of
    clauses, a loaded solver) would take seconds. The output file is already complete
    (renamed) by then."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


if TYPE_CHECKING:
    from satdoku.cli.app import run

# run() from satdoku.cli.app, imported on first use (with typer); the typer app is
# satdoku.cli.app.app
__getattr__, __dir__ = module_face(__name__, {"run": "satdoku.cli.app:run"})

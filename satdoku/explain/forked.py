"""Work that cannot be interrupted, under a deadline: run in a forked child process.

PySAT's ``OptUx`` has no time limit, and the solvers inside it (its hitting-set solver, its
SAT oracle) cannot be interrupted: one call can take minutes. So the work runs in a child
process forked from this one — it sees everything this process holds, and nothing is
pickled but what it reports. Each item it reports comes back through a pipe as it is sent;
when the deadline passes the child is killed and the items reported so far are kept. The
child leaves Ctrl-C to this process (which kills it on the way out) and dies quietly on
TERM; an exception in the work comes back here as a :class:`RuntimeError`. Where ``fork``
does not exist (Windows) the work runs here, to its end.

>>> run_forked(lambda report: [report(k) for k in range(3)], None)
([0, 1, 2], True)
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

Report = Callable[[Any], None]


def run_forked(work: Callable[[Report], None], deadline: float | None) -> tuple[list, bool]:
    """``work(report)`` run until it ends or ``deadline`` (a :func:`time.perf_counter`
    time) passes: the items it reported, and whether it ended."""
    if "fork" not in multiprocessing.get_all_start_methods():
        items: list = []
        work(items.append)
        return items, True
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    for stream in (sys.stdout, sys.stderr):  # the child must not write them again
        stream.flush()
    child = context.Process(target=_child, args=(work, send), daemon=True)
    child.start()
    send.close()
    try:
        return _collect(receive, deadline)
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()


def _child(work: Callable[[Report], None], send: Connection) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        work(lambda item: send.send(("item", item)))
    except Exception as err:  # reported, raised again in the parent
        send.send(("error", f"{type(err).__name__}: {err}"))
        return
    send.send(("done", None))


def _collect(receive: Connection, deadline: float | None) -> tuple[list, bool]:
    items: list = []
    while True:
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and (left <= 0 or not receive.poll(left)):
            return items, False
        try:
            kind, item = receive.recv()
        except EOFError:  # the child died without saying it was done
            return items, False
        if kind == "done":
            return items, True
        if kind == "error":
            raise RuntimeError(f"the work in a forked process failed: {item}")
        items.append(item)

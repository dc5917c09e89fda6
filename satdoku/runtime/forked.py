"""Tasks run in forked children, a few at once: what the parent holds (a loaded solver) comes
to each child for free, copy-on-write, and only the answer (bytes) comes back.

Glossary: a *task* is a function of nothing that returns bytes, run in a child made by
:func:`os.fork`; its *key* names it when its *answer* comes back. :class:`Children` runs up
to ``jobs`` tasks at once and reads their pipes while they run (a child never blocks on a
full pipe). A child blocks SIGINT and SIGTERM (the parent owns them: it kills its children
on Ctrl-C), dies with its parent (Linux), does nothing but its task and its pipe, and leaves
by :func:`os._exit` (no exit hooks run, no buffer of the parent's is flushed again). Leaving
the ``with`` — normally, on Ctrl-C or on any error — kills and reaps every child still
running. A child that ends without an answer (killed, out of memory), or whose task raised,
raises :class:`~satdoku.runtime.pool.WorkerDied` here: never a silent wrong answer.

It knows nothing of Sudoku or SAT, so it lives beside :mod:`satdoku.runtime.pool` (processes and
signals), not in ``cnf`` (formulas and solver sessions). Only where ``os.fork`` exists
(:func:`can_fork`): elsewhere the caller does the work in its own process.

>>> if can_fork():
...     with Children(2) as children:
...         children.start("a", lambda: b"1")
...         children.start("b", lambda: b"22")
...         sorted(children.wait() for _ in range(2))
... else:
...     [("a", b"1"), ("b", b"22")]
[('a', b'1'), ('b', b'22')]
"""

from __future__ import annotations

import contextlib
import gc
import os
import selectors
import signal
import sys
import time
import warnings
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from satdoku.runtime.pool import WorkerDied
from satdoku.runtime.signals import interrupts_held

#: The first byte of a child's message: its task's answer follows, or the error it raised.
ANSWER, FAILED = b"\x00", b"\x01"
#: Signals a child never takes (blocked from its first instruction: the parent owns them).
PARENT_SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: Linux's prctl option that sends a signal to a process when its parent dies.
PR_SET_PDEATHSIG = 1


def can_fork() -> bool:
    """Whether tasks can run in forked children here (not on Windows)."""
    return hasattr(os, "fork")


@dataclass
class _Child:
    key: Hashable
    pid: int
    data: bytearray = field(default_factory=bytearray)


class Children:
    """Up to ``jobs`` tasks at once, each in a forked child; :meth:`wait` gives each answer
    (with its key) as its child ends. Use it in a ``with``: leaving kills the rest."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs
        self._running: dict[int, _Child] = {}  # by the read end of its pipe
        self._selector = selectors.DefaultSelector()
        self._parent = os.getpid()
        self._closed = False
        _death_signal()  # (loaded here, once: a child only calls it)

    @property
    def running(self) -> int:
        """How many children are running (or done and not yet waited for)."""
        return len(self._running)

    def start(self, key: Hashable, task: Callable[[], bytes]) -> None:
        """Run ``task`` in a new child (its answer comes from :meth:`wait` with ``key``)."""
        if len(self._running) >= self.jobs:
            raise RuntimeError(f"{self.jobs} children are running already")
        read, write = os.pipe()
        with interrupts_held(), _signals_blocked():  # (Ctrl-C waits until the pid is kept)
            with warnings.catch_warnings():  # (Python 3.12+: "multi-threaded, use of fork()")
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
            if pid == 0:
                _child(task, write, self._parent)  # (never returns)
            os.close(write)
            self._running[read] = _Child(key, pid)
            self._selector.register(read, selectors.EVENT_READ)

    def wait(self, timeout: float | None = None) -> tuple[Any, bytes] | None:
        """The key and answer of the next child to end; None when ``timeout`` seconds passed
        first (the children go on). Raises WorkerDied for a child without an answer."""
        if not self._running:
            raise RuntimeError("no child is running")
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if end is None else max(0.0, end - time.monotonic())
            ready = self._selector.select(left)
            if not ready and left is not None and left <= 0:
                return None
            for event, _ in ready:
                chunk = os.read(event.fd, 1 << 16)
                if not chunk:
                    return self._ended(event.fd)
                self._running[event.fd].data += chunk

    def _ended(self, fd: int) -> tuple[Any, bytes]:
        """The child of pipe ``fd`` closed it: reap it, and its answer."""
        self._selector.unregister(fd)
        os.close(fd)
        child = self._running.pop(fd)
        _, status = os.waitpid(child.pid, 0)
        data = bytes(child.data)
        if data[:1] == FAILED:
            raise WorkerDied(f"a task in a forked child failed: {data[1:].decode()}")
        if data[:1] != ANSWER or not os.WIFEXITED(status) or os.WEXITSTATUS(status):
            how = (f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status)
                   else f"exit code {os.waitstatus_to_exitcode(status)}")
            raise WorkerDied(f"a forked child (pid {child.pid}) ended without its answer "
                             f"({how}: killed, or out of memory?)")
        return child.key, data[1:]

    def close(self) -> None:
        """Kill and reap every child still running (Ctrl-C waits until they are gone)."""
        if self._closed:
            return
        with interrupts_held():
            for fd, child in self._running.items():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(child.pid, signal.SIGKILL)
                self._selector.unregister(fd)
                os.close(fd)
            for child in self._running.values():
                os.waitpid(child.pid, 0)
            self._running.clear()
            self._selector.close()
            self._closed = True

    def __enter__(self) -> Children:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def _signals_blocked() -> Iterator[None]:
    """SIGINT and SIGTERM blocked in this thread (a child forked meanwhile keeps them so)."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, PARENT_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@cache
def _death_signal() -> Callable[..., int] | None:
    """Linux's ``prctl`` (to die with the parent), looked up in the parent; else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def _child(task: Callable[[], bytes], write: int, parent: int) -> None:
    """In the child: run ``task``, write its answer (or its error) to ``write``, leave."""
    code = 1
    try:
        gc.disable()  # (no collection: nothing of the parent's is finalised here)
        prctl = _death_signal()
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))
        if os.getppid() != parent:  # (the parent died before that)
            return
        try:
            message = ANSWER + task()
        except BaseException as err:  # reported to the parent, raised there
            message = FAILED + f"{type(err).__name__}: {err}".encode(errors="replace")
        view = memoryview(message)
        while view:
            view = view[os.write(write, view):]
        code = 0
    finally:
        os._exit(code)

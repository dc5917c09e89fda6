"""Tasks run in forked children, a few at once: what the parent holds (a loaded solver) comes
to each child for free, copy-on-write, and only what the task sends and answers (bytes) comes
back. The project's one runner of forked children: the minimality tests of the generator, the
uninterruptible searches of the explainer and the jobs of the live server all run here.

Glossary: a *task* is a function run in a child made by :func:`os.fork`; its *key* names it
when its *events* come back: the *messages* it sends on the way (a task started with
``streams=True`` is given a ``send`` function) and, last, its *answer* (the bytes it
returns). :class:`Children` runs up to ``jobs`` tasks at once and reads their pipes while they
run (a child never blocks on a full pipe): :meth:`Children.next` gives every event,
:meth:`Children.wait` only answers, :meth:`Children.kill` stops one task at once. A child
blocks SIGINT, SIGTERM and SIGHUP (the parent owns them: it kills its children on Ctrl-C), dies with
its parent (Linux), does nothing but its task and its pipe, and leaves by :func:`os._exit` (no
exit hooks run, no buffer of the parent's is flushed again). Leaving the ``with`` — normally,
on Ctrl-C or on any error — kills and reaps every child still running. A child that ends
without an answer (killed, out of memory), or whose task raised, raises
:class:`~satdoku.runtime.pool.WorkerDied` here: never a silent wrong answer.
:func:`run_streamed` runs one streaming task under a deadline and keeps what it sent.

It knows nothing of Sudoku or SAT, so it lives beside :mod:`satdoku.runtime.pool` (processes
and signals), not in ``cnf`` (formulas and solver sessions). Only where ``os.fork`` exists
(:func:`can_fork`): elsewhere the caller does the work in its own process
(:func:`run_streamed` does so itself).

>>> if can_fork():
...     with Children(2) as children:
...         children.start("a", lambda: b"1")
...         children.start("b", lambda: b"22")
...         sorted(children.wait() for _ in range(2))
... else:
...     [("a", b"1"), ("b", b"22")]
[('a', b'1'), ('b', b'22')]
>>> run_streamed(lambda report: [report(k) for k in range(3)], None)
([0, 1, 2], True)
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import selectors
import signal
import struct
import sys
import time
import warnings
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from satdoku.runtime.pool import WorkerDied
from satdoku.runtime.signals import STOP_SIGNALS, interrupts_held

#: The kind of a frame on a child's pipe: a message sent on the way, the task's answer, or
#: the error it raised. A frame is its kind (1 byte), its length (8 bytes), its data.
MESSAGE, ANSWER, FAILED = b"\x02", b"\x00", b"\x01"
_HEAD = struct.Struct("=cQ")
#: Signals a child never takes (blocked from its first instruction: the parent owns them).
PARENT_SIGNALS = STOP_SIGNALS
#: Linux's prctl option that sends a signal to a process when its parent dies.
PR_SET_PDEATHSIG = 1

#: What a streaming task is given: a function that sends one message to the parent.
Send = Callable[[bytes], None]


class TaskDied(WorkerDied):
    """WorkerDied for one task of :class:`Children`: ``key`` names it, ``signal`` is the
    signal that ended its child (None when the child exited, or its task raised)."""

    def __init__(self, message: str, key: Any, signal: int | None = None) -> None:
        super().__init__(message)
        self.key, self.signal = key, signal


def can_fork() -> bool:
    """Whether tasks can run in forked children here (not on Windows)."""
    return hasattr(os, "fork")


@dataclass(frozen=True)
class Event:
    """What came back from a task: a message it sent (``final`` False) or its answer."""

    key: Any
    data: bytes
    final: bool


@dataclass
class _Child:
    key: Hashable
    pid: int
    data: bytearray = field(default_factory=bytearray)
    answered: bool = False


class Children:
    """Up to ``jobs`` tasks at once, each in a forked child; :meth:`next` gives each event,
    :meth:`wait` each answer (with its key) as its child ends. Use it in a ``with``: leaving
    kills the rest."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs
        self._running: dict[int, _Child] = {}  # by the read end of its pipe
        self._events: list[Event] = []  # read, not yet given out
        self._selector = selectors.DefaultSelector()
        self._parent = os.getpid()
        self._closed = False
        self._dying: list[int] = []  # killed or answered, not reaped yet (see reap)
        _death_signal()  # (loaded here, once: a child only calls it)

    @property
    def running(self) -> int:
        """How many children are running (or done and not yet waited for)."""
        return len(self._running) + sum(event.final for event in self._events)

    def start(self, key: Hashable, task: Callable[..., bytes], streams: bool = False,
              memory: int | None = None) -> None:
        """Run ``task`` in a new child: ``task()``, or with ``streams`` ``task(send)``; its
        messages and answer come from :meth:`next` (the answer also from :meth:`wait`).
        With ``memory`` (bytes) the child's address space may grow that much past its size
        at the fork, no more: beyond, allocations fail in the child (its task raises
        MemoryError, or the solver aborts) and never in this process."""
        if len(self._running) >= self.jobs:
            raise RuntimeError(f"{self.jobs} children are running already")
        read, write = os.pipe()
        with interrupts_held(), _signals_blocked():  # (Ctrl-C waits until the pid is kept)
            with warnings.catch_warnings():  # (Python 3.12+: "multi-threaded, use of fork()")
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
            if pid == 0:
                _child(task, streams, write, self._parent, memory)  # (never returns)
            os.close(write)
            self._running[read] = _Child(key, pid)
            self._selector.register(read, selectors.EVENT_READ)

    def fileno(self) -> int:
        """A file descriptor that is readable whenever some child has sent something (or
        ended): an event loop watches it and calls :meth:`next` with timeout 0 (epoll or
        kqueue, where the platform has them)."""
        return self._selector.fileno()  # type: ignore[attr-defined]

    def next(self, timeout: float | None = None) -> Event | None:
        """The next event of any task; None when ``timeout`` seconds passed first (the
        children go on). Raises WorkerDied for a child that ended without an answer."""
        if not self._events and not self._running:
            raise RuntimeError("no child is running")
        end = None if timeout is None else time.monotonic() + timeout
        while not self._events:
            left = None if end is None else max(0.0, end - time.monotonic())
            ready = self._selector.select(left)
            if not ready and left is not None and left <= 0:
                return None
            for event, _ in ready:
                self._read(event.fd)
                if self._events:  # (the other children are read next time)
                    break
        return self._events.pop(0)

    def wait(self, timeout: float | None = None) -> tuple[Any, bytes] | None:
        """The key and answer of the next child to end (messages are dropped); None when
        ``timeout`` seconds passed first. Raises WorkerDied for a child without an answer."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if end is None else max(0.0, end - time.monotonic())
            event = self.next(left)
            if event is None:
                return None
            if event.final:
                return event.key, event.data

    def kill(self, key: Hashable, wait: bool = True) -> bool:
        """Stop the task ``key`` at once (its child killed, its events not read yet dropped);
        whether it was still running. The child is reaped now, or with ``wait`` False by a
        later :meth:`reap` (an event loop must not wait for a dying process's memory to be
        freed: on a busy machine that takes a while)."""
        self._events = [e for e in self._events if e.key != key]
        for fd, child in list(self._running.items()):
            if child.key == key:
                with interrupts_held():
                    self._stop(fd, child, wait)
                    del self._running[fd]
                return True
        return False

    @property
    def dying(self) -> int:
        """How many children were killed (or answered) and are not reaped yet."""
        return len(self._dying)

    def reap(self) -> int:
        """Reap the children that ended since :meth:`kill` without waiting (never blocks);
        how many are still dying."""
        for pid in list(self._dying):
            if os.waitpid(pid, os.WNOHANG)[0]:
                self._dying.remove(pid)
        return len(self._dying)

    def _read(self, fd: int) -> None:
        chunk = os.read(fd, 1 << 16)
        child = self._running[fd]
        if not chunk:
            self._ended(fd)
            return
        child.data += chunk
        while len(child.data) >= _HEAD.size:
            kind, size = _HEAD.unpack_from(child.data)
            if len(child.data) < _HEAD.size + size:
                break
            data = bytes(child.data[_HEAD.size:_HEAD.size + size])
            del child.data[:_HEAD.size + size]
            if kind == MESSAGE:
                self._events.append(Event(child.key, data, False))
                continue
            child.answered = True  # (the child leaves right after its answer: reaped now)
            self._ended(fd, failed=data if kind == FAILED else None)
            self._events.append(Event(child.key, data, True))
            return

    def _ended(self, fd: int, failed: bytes | None = None) -> None:
        """The child of pipe ``fd`` closed it (or reported its error): reap it."""
        child = self._running.pop(fd)
        self._selector.unregister(fd)
        os.close(fd)
        if child.answered and failed is None:  # (whole: the child only has to exit now)
            pid, status = os.waitpid(child.pid, os.WNOHANG)
            if not pid:
                self._dying.append(child.pid)
                return
        else:
            _, status = os.waitpid(child.pid, 0)
        if failed is not None:
            raise TaskDied(f"a task in a forked child failed: {failed.decode()}", child.key)
        if not child.answered or not os.WIFEXITED(status) or os.WEXITSTATUS(status):
            signalled = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
            how = (f"signal {signalled}" if signalled is not None
                   else f"exit code {os.waitstatus_to_exitcode(status)}")
            raise TaskDied(f"a forked child (pid {child.pid}) ended without its answer "
                           f"({how}: killed, or out of memory?)", child.key, signalled)

    def _stop(self, fd: int, child: _Child, wait: bool = True) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child.pid, signal.SIGKILL)
        self._selector.unregister(fd)
        os.close(fd)
        if wait:
            os.waitpid(child.pid, 0)
        else:
            self._dying.append(child.pid)

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
            for pid in [child.pid for child in self._running.values()] + self._dying:
                os.waitpid(pid, 0)
            self._running.clear()
            self._dying.clear()
            self._events.clear()
            self._selector.close()
            self._closed = True

    def __enter__(self) -> Children:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


Report = Callable[[Any], None]


def run_streamed(work: Callable[[Report], None],
                 seconds: float | None) -> tuple[list[Any], bool]:
    """``work(report)`` run in a forked child until it ends or ``seconds`` pass: the items it
    reported (picklable objects, kept as they came), and whether it ended. For work that
    cannot be interrupted (a solver call without a time limit): the child is killed when the
    time is up. Without ``fork`` the work runs here, to its end.
    """
    if not can_fork():
        items: list[Any] = []
        work(items.append)
        return items, True

    def task(send: Send) -> bytes:
        work(lambda item: send(pickle.dumps(item)))
        return b""

    end = None if seconds is None else time.monotonic() + seconds
    found: list[Any] = []
    with Children(1) as children:
        children.start(0, task, streams=True)
        while True:
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                return found, False
            event = children.next(left)
            if event is None:
                return found, False
            if event.final:
                return found, True
            found.append(pickle.loads(event.data))


@contextlib.contextmanager
def _signals_blocked() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP blocked in this thread (a child forked meanwhile keeps
    them so)."""
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


def _limit_memory(extra: int) -> None:
    """Let this process's address space grow by ``extra`` bytes at most from now on."""
    import resource
    try:
        with open("/proc/self/statm") as statm:
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return  # (no /proc: no budget rather than a wrong one)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = size + extra if hard == resource.RLIM_INFINITY else min(hard, size + extra)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _child(task: Callable[..., bytes], streams: bool, write: int, parent: int,
           memory: int | None = None) -> None:
    """In the child: run ``task`` (its address space limited to ``memory`` bytes more than
    now, when given), write its messages and answer (or its error) to ``write`` as frames,
    leave."""
    code = 1
    try:
        gc.disable()  # (no collection: nothing of the parent's is finalised here)
        prctl = _death_signal()
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))
        if os.getppid() != parent:  # (the parent died before that)
            return
        if memory is not None:
            _limit_memory(memory)
        try:
            answer = task(lambda data: _send(write, MESSAGE, data)) if streams else task()
            frame = ANSWER, answer
        except BaseException as err:  # reported to the parent, raised there
            frame = FAILED, f"{type(err).__name__}: {err}".encode(errors="replace")
        _send(write, *frame)
        code = 0
    finally:
        os._exit(code)


def _send(write: int, kind: bytes, data: bytes) -> None:
    view = memoryview(_HEAD.pack(kind, len(data)) + data)
    while view:
        view = view[os.write(write, view):]

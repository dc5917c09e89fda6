"""Ordered parallel map: chunks of work on local processes (or a Dask cluster: :mod:`.cluster`).

Glossary: a *chunk* is a payload of work (a slice of a puzzle file, a block of puzzles to
generate); a :class:`Work` is the picklable recipe that turns a chunk into its result — a
factory function and its options, built once per worker process and thread
(:meth:`Work.build`, cached), so that whatever the factory sets up (a solver and its CNF)
serves every chunk that worker runs. A *backend* runs chunks: :class:`Local` (a
``concurrent.futures`` process pool) or :class:`~satdoku.runtime.cluster.Dask`;
:func:`~satdoku.runtime.backends.backend_for` chooses. :class:`Ordered` keeps a bounded window
of chunks in flight (backpressure: an input of millions of chunks is never held at once) and
yields the results in input order, each as soon as it and every chunk before it are done.

>>> with Local(2) as pool:
...     list(Ordered(pool, Work(scaled, factor=10), iter(range(5))))
[0, 10, 20, 30, 40]
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from typing import Any, Generic, Protocol, TypeVar

from satdoku.errors import ExitCode, SatdokuError
from satdoku.runtime.signals import (
    WRAP_UP_SIGNAL,
    _asked_to_wrap_up,
    ignore_stop_signals,
    interrupts_held,
)

C = TypeVar("C")  # a chunk


R = TypeVar("R")  # its result
F = TypeVar("F", bound=Callable[..., Any])  # what a Work builds


#: Works kept built per process and thread (a long-lived Dask worker may serve many).
KEEP_BUILT = 4


#: Seconds between a local worker's checks that its parent is still there.
ORPHAN_CHECK = 0.5


class WorkerDied(SatdokuError):
    """A worker process ended without its chunk's result (killed, out of memory), or a Dask
    task lost too many workers to be tried again."""

    exit_code = ExitCode.INTERNAL


class Work(Generic[F]):
    """``factory(**options)``: a function (of a chunk, or a command's handler of a puzzle),
    rebuilt from its name in each worker.

    ``factory`` must be a module-level function (pickled by name) and the options picklable;
    hashable options let a worker find the work it already built.
    """

    __slots__ = ("factory", "options")

    def __init__(self, factory: Callable[..., F], **options: Any) -> None:
        self.factory = factory
        self.options = tuple(sorted(options.items()))

    def __reduce__(self) -> tuple:
        return _work, (self.factory, self.options)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Work) and self.factory is other.factory
                and self.options == other.options)

    def __hash__(self) -> int:
        return hash((self.factory, self.options))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options)
        return f"Work({self.factory.__qualname__}, {args})"

    def build(self) -> F:
        """The function of a chunk, built once per process and thread (kept for the next
        chunks: the CNF is built once per worker per board and rules)."""
        built: OrderedDict[object, Any] = _built_here()
        key: object = self
        try:
            hash(self)
        except TypeError:  # unhashable options: compared by their pickle
            import pickle
            key = pickle.dumps(self)
        if key in built:
            built.move_to_end(key)
            return built[key]
        function = built[key] = self.factory(**dict(self.options))
        while len(built) > KEEP_BUILT:
            built.popitem(last=False)
        return function


def _work(factory: Callable, options: tuple) -> Work:
    return Work(factory, **dict(options))


_local = threading.local()


def _built_here() -> OrderedDict:
    if not hasattr(_local, "built"):
        _local.built = OrderedDict()
    return _local.built


def execute(work: Work[Callable[[C], R]], chunk: C) -> R:
    """What a worker runs for one chunk."""
    return work.build()(chunk)


def scaled(factor: int) -> Callable[[int], int]:
    """A tiny work factory (for examples and tests): multiply by ``factor``."""
    return lambda x: x * factor


class Backend(Protocol):
    """Where chunks run. ``workers``: how many run at once; ``chunk_seconds``: how long a
    chunk should take for the backend's own cost per chunk to stay small."""

    workers: int
    chunk_seconds: float

    def submit(self, work: Work, chunk: Any) -> Any: ...

    def result(self, future: Any) -> Any: ...

    def ready(self, future: Any) -> bool: ...

    def wait(self, future: Any, seconds: float) -> bool: ...

    def stopped(self) -> list[int]: ...

    def wrap_up(self) -> None: ...

    def close(self, abort: bool = False) -> None: ...


#: Whether a pool was aborted in this process (see :meth:`Local.close`).
_aborted = False


def aborted() -> bool:
    """Whether a pool of this process was stopped in the middle of its work (Ctrl-C): its
    threads may still be winding down, so the process should end with ``os._exit`` once
    its output is written and flushed, not through Python's exit hooks."""
    return _aborted


def _forget(manager: threading.Thread | None) -> None:
    """Keep ``concurrent.futures``' exit hook away from an aborted pool's manager thread
    (it would wake it through a pipe the thread may be closing: "Bad file descriptor")."""
    from concurrent.futures import process
    wakeups = getattr(process, "_threads_wakeups", None)
    if manager is not None and wakeups is not None:
        wakeups.pop(manager, None)


def cores() -> int:
    """The cores this process may use (``--jobs 0``)."""
    if hasattr(os, "process_cpu_count"):  # Python 3.13
        return os.process_cpu_count() or 1
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _worker_started() -> None:
    """A local worker leaves INT, TERM and HUP to its parent (which stops it), ends when
    its parent is gone (killed: nobody would read its results), and takes SIGUSR1 as the
    parent's request to wrap up (:meth:`Local.wrap_up`)."""
    ignore_stop_signals()
    if WRAP_UP_SIGNAL is not None:
        signal.signal(WRAP_UP_SIGNAL, _asked_to_wrap_up)
    threading.Thread(target=_orphaned, args=(os.getppid(),), daemon=True).start()


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(1)


class Local:
    """A pool of ``jobs`` worker processes (``concurrent.futures``), forked on Linux so
    that they start with the parent's modules already imported."""

    chunk_seconds = 0.25

    def __init__(self, jobs: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.workers = jobs
        context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
        for stream in (sys.stdout, sys.stderr):  # a forked child must not write them again
            stream.flush()
        self._pool = ProcessPoolExecutor(jobs, mp_context=context,
                                         initializer=_worker_started)
        self._forked = False

    def submit(self, work: Work, chunk: Any) -> Any:
        if self._forked:
            return self._pool.submit(execute, work, chunk)
        with interrupts_held():  # the first forks the workers: Ctrl-C in a fork hook is lost
            self._forked = True
            return self._pool.submit(execute, work, chunk)

    def result(self, future: Any) -> Any:
        from concurrent.futures.process import BrokenProcessPool
        try:
            return future.result()
        except BrokenProcessPool:
            raise WorkerDied("a worker process ended before its work was done (killed, "
                             "or out of memory?)") from None

    def ready(self, future: Any) -> bool:
        return future.done() and not future.cancelled() and future.exception() is None

    def wait(self, future: Any, seconds: float) -> bool:
        """Whether ``future`` is done within ``seconds``."""
        from concurrent.futures import wait
        return bool(wait([future], timeout=seconds).done)

    def stopped(self) -> list[int]:
        """The pids of the workers that are stopped (SIGSTOP, SIGTSTP: state T in /proc)."""
        pids = [process.pid for process in
                list((getattr(self._pool, "_processes", None) or {}).values())]
        return [pid for pid in pids if _state(pid) in ("T", "t")]

    def wrap_up(self) -> None:
        """Ask every worker to return its chunk as made so far (:func:`wrapping_up`)."""
        if WRAP_UP_SIGNAL is None:
            return
        for process in list((getattr(self._pool, "_processes", None) or {}).values()):
            with contextlib.suppress(OSError, ValueError, AttributeError, TypeError):
                os.kill(process.pid, WRAP_UP_SIGNAL)

    def close(self, abort: bool = False) -> None:
        """Stop the pool; with ``abort`` the workers are killed in the middle of their
        chunks (Ctrl-C), otherwise they finish them.

        An abort waits for nothing: the pool's queue feeder may be stuck writing chunks to
        a pipe that no worker reads any more, so it is not joined (now, or at exit), and
        the pool's manager thread winds down by itself, unknown to ``concurrent.futures``'
        exit hook (which would race it for a closed pipe). :func:`aborted` then tells the
        CLI to end without Python's exit hooks.
        """
        if not abort:
            self._pool.shutdown(wait=True, cancel_futures=True)
            return
        global _aborted
        _aborted = True
        pool = self._pool
        queue = getattr(pool, "_call_queue", None)
        if queue is not None:
            queue.cancel_join_thread()
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                process.kill()
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        _forget(manager)

    def __enter__(self) -> Local:
        return self

    def __exit__(self, kind: type | None, *rest: object) -> None:
        self.close(abort=kind is not None)


class Ordered(Generic[R]):
    """The results of ``chunks`` run by ``backend``, in order, with at most ``window``
    chunks in flight (default: three per worker). The chunks are taken from their iterator
    only as the window has room, so a chunk may be shaped by the results before it."""

    def __init__(self, backend: Backend, work: Work, chunks: Iterator,
                 window: int | None = None, note: Callable[[str], None] | None = None
                 ) -> None:
        self.backend, self.work, self.chunks = backend, work, chunks
        self.window = window or 3 * backend.workers
        self.note = note or _to_stderr
        self._pending: deque = deque()
        self._exhausted = False
        self._told: set[int] = set()

    def _fill(self) -> None:
        while not self._exhausted and len(self._pending) < self.window:
            chunk = next(self.chunks, _END)
            if chunk is _END:
                self._exhausted = True
            else:
                self._pending.append(self.backend.submit(self.work, chunk))

    def __iter__(self) -> Iterator[R]:
        self._fill()
        while self._pending:
            while not self.backend.wait(self._pending[0], HEARTBEAT_SECONDS):
                self._heartbeat()
            result = self.backend.result(self._pending[0])
            self._pending.popleft()
            yield result
            self._fill()

    def _heartbeat(self) -> None:
        """The batch waits for a chunk: say once of each stopped worker that it is stopped
        (the batch waits for it: nothing is lost, ``kill -CONT`` resumes it)."""
        for pid in self.backend.stopped():
            if pid not in self._told:
                self._told.add(pid)
                self.note(f"satdoku: note: worker process {pid} is stopped (SIGSTOP or "
                          f"SIGTSTP) and the batch waits for it: 'kill -CONT {pid}' resumes "
                          "it, Ctrl-C ends the batch (the results so far are kept)")

    def finished(self, wait: float = 0.0) -> Iterator[R]:
        """The results made, in order, up to the first chunk not done within ``wait``
        seconds (none: no waiting): after an interrupt, everything before the first gap."""
        deadline = time.monotonic() + wait
        while self._pending:
            if self.backend.ready(self._pending[0]):
                yield self.backend.result(self._pending.popleft())
            elif self._pending[0].done() or time.monotonic() >= deadline:
                return  # (done without a result: failed or cancelled)
            else:
                time.sleep(0.005)


_END = object()

#: Seconds between two looks at the workers while the batch waits for a chunk (a stopped
#: worker is reported within that time).
HEARTBEAT_SECONDS = 2.0


def _to_stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _state(pid: int) -> str:
    """The state letter of process ``pid`` (``R``, ``S``, ``T`` …; ``?`` unknown)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "?"


def workers(jobs: int = 1, most: int | None = None) -> int:
    """How many processes ``--jobs`` ``jobs`` works in (0 = one per core), no more than
    ``most`` (the chunks there are); 1 is this process alone.

    >>> workers(4, most=2), workers(1, most=9)
    (2, 1)
    """
    return min(jobs or cores(), most or jobs or cores())

"""Interrupts that wait for a result to be written, and the request to wrap up.

INT (Ctrl-C), TERM (``kill``, ``timeout``) and HUP (the terminal closed) all stop a command
the same way (:data:`STOP_SIGNALS`, :func:`stop_on_signals`): what was done is kept, exit code
130. Ctrl-C and TERM must never split a result from its count (the count an interrupt reports
is what the output holds): :class:`WritesHeld` and :func:`interrupts_held` hold them while a
result is written. A parent asks its local workers to *wrap up* (:data:`WRAP_UP_SIGNAL`): a
chunk made of slow items then returns the items made so far (:func:`wrapping_up`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any

#: The signals that stop a command as Ctrl-C does (those this platform has).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))

#: The signal by which a parent asks its local workers to wrap up (none off POSIX).
WRAP_UP_SIGNAL = getattr(signal, "SIGUSR1", None)


_wrap_up = False


def stop_on_signals() -> None:
    """TERM and HUP stop this process as Ctrl-C does (partial results kept, exit code 130),
    also in the middle of a long native solver call, and within a fraction of a second.

    Python runs its signal handlers only between bytecodes, so a TERM handler waits for a
    native call (a CaDiCaL solve holds the interpreter for minutes) to return; PySAT cuts a
    call only on SIGINT (its own handler, installed for the call). So a small *relay*
    process, forked here, turns each TERM and HUP into a SIGINT to this process: Python's
    C-level handler writes the signal's number to a pipe (:func:`signal.set_wakeup_fd`)
    even while a native call runs, the relay reads it and sends SIGINT, and from then on it
    is Ctrl-C — held while a result is written (:class:`WritesHeld`), cutting a solver
    call, the same message and exit code. The relay ignores every stop signal and ends
    when this process is gone (its pipe closed). A signal that this process's parent had
    set to be ignored (``nohup`` ignores HUP) stays ignored. Without ``fork`` (Windows),
    TERM raises KeyboardInterrupt itself, between bytecodes. In the main thread only.
    """
    global _relaying
    wanted = [signum for signum in STOP_SIGNALS if signum != signal.SIGINT
              and signal.getsignal(signum) is not signal.SIG_IGN]
    if not wanted:
        return
    _relaying = _start_relay(wanted)
    if _relaying:
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # (a job started with &)
            signal.signal(signal.SIGINT, signal.default_int_handler)
        for signum in wanted:
            signal.signal(signum, _relayed)
    else:
        for signum in wanted:
            signal.signal(signum, _stop)


_relaying = False


def held_signals() -> tuple[int, ...]:
    """The signals :class:`WritesHeld` holds: SIGINT alone when TERM and HUP come as SIGINT
    (:func:`stop_on_signals`), else all of :data:`STOP_SIGNALS`."""
    return (signal.SIGINT,) if _relaying else STOP_SIGNALS


def _relayed(signum: int, frame: object) -> None:
    """Nothing: the relay sends SIGINT for it (see :func:`stop_on_signals`)."""


def _stop(signum: int, frame: object) -> None:
    signal.signal(signum, signal.SIG_DFL)
    raise KeyboardInterrupt


def _start_relay(signals: list[int]) -> bool:
    """Fork the relay of :func:`stop_on_signals`; whether it runs."""
    if not hasattr(os, "fork"):
        return False
    read, write = os.pipe()
    os.set_blocking(write, False)
    parent = os.getpid()
    for stream in (sys.stdout, sys.stderr):  # (a child must not write them again)
        with contextlib.suppress(AttributeError, OSError, ValueError):  # (closed: None)
            stream.flush()
    pid = os.fork()
    if pid == 0:  # the relay
        try:
            for signum in STOP_SIGNALS:
                signal.signal(signum, signal.SIG_IGN)
            os.close(write)
            _call_me(RELAY_NAME)
            wanted = bytes(int(signum) for signum in signals)
            while data := os.read(read, 64):
                if any(byte in wanted for byte in data):
                    os.kill(parent, signal.SIGINT)
        finally:
            os._exit(0)
    os.close(read)
    signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    return True


#: The relay's process name (``/proc/PID/comm``, ``ps -o comm``; its command line is its
#: parent's).
RELAY_NAME = "satdoku-relay"


def _call_me(name: str) -> None:
    """Name this process ``name`` (Linux's /proc/self/comm, as prctl PR_SET_NAME does, without
    importing ctypes: 10 ms of every command; elsewhere nothing)."""
    with contextlib.suppress(OSError), open("/proc/self/comm", "w") as comm:
        comm.write(name)


def forget_relay() -> None:
    """In a forked worker: no part in the relay of its parent (its stop signals ignored)."""
    old = signal.set_wakeup_fd(-1)
    if old >= 0:
        os.close(old)


def ignore_stop_signals() -> None:
    """In a worker process: INT, TERM and HUP are left to the parent (sent to the whole
    process group by a terminal or by ``timeout``, they would otherwise kill the workers
    under a parent that is keeping its partial results); the parent stops its workers with
    SIGKILL, and a worker whose parent is gone ends by itself."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    forget_relay()


def _asked_to_wrap_up(signum: int, frame: object) -> None:
    global _wrap_up
    _wrap_up = True


def wrapping_up() -> bool:
    """Whether this worker was asked to wrap up (Ctrl-C in its parent): a chunk made of
    items that each take long (a block of generated puzzles) then returns the items made so
    far, after the one in hand, so that the parent can keep them."""
    return _wrap_up


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C, TERM and HUP wait until the block is done, then act: a result written and its
    count go together (the count an interrupt reports is what the output holds). In the
    main thread only, where Python runs signal handlers (:class:`WritesHeld`, busy for the
    whole block)."""
    with WritesHeld() as held:
        held.busy = True
        try:
            yield
        finally:
            held.busy = False
            held.check()


class WritesHeld:
    """Ctrl-C, TERM and HUP over a whole batch, at the cost of two assignments a result: they act
    at once, except while :attr:`busy` (a result being written and counted), when they wait
    for :meth:`check` (installing the handlers around each result instead, as
    :func:`interrupts_held` does per block, costs ~13 µs: a tenth of a 9x9 solve).
    In the main thread only; elsewhere it does nothing.

    >>> with WritesHeld() as held:
    ...     held.busy = True
    ...     held.busy = False
    ...     held.check()
    """

    def __init__(self) -> None:
        self.busy = False
        self.caught: list[int] = []
        self.before: dict[int, Any] = {}

    def __enter__(self) -> WritesHeld:
        if threading.current_thread() is threading.main_thread():
            self.before = {s: signal.signal(s, self._signalled)
                           for s in held_signals()}
        return self

    def __exit__(self, *exc: object) -> None:
        for s, handler in self.before.items():
            signal.signal(s, handler)

    def _signalled(self, signum: int, frame: object) -> None:
        if self.busy:
            self.caught.append(signum)
        else:
            self._act(signum)

    def check(self) -> None:
        """Act on an interrupt that came while busy."""
        if self.caught:
            self._act(self.caught.pop(0))

    def _act(self, signum: int) -> None:
        self.__exit__()
        self.before = {}
        signal.raise_signal(signum)  # (what the command had: KeyboardInterrupt, or the end)

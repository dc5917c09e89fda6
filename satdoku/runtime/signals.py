"""Interrupts that wait for a result to be written, and the request to wrap up.

Ctrl-C and TERM must never split a result from its count (the count an interrupt reports
is what the output holds): :class:`WritesHeld` and :func:`interrupts_held` hold them while a
result is written. A parent asks its local workers to *wrap up* (:data:`WRAP_UP_SIGNAL`): a
chunk made of slow items then returns the items made so far (:func:`wrapping_up`).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

#: The signal by which a parent asks its local workers to wrap up (none off POSIX).
WRAP_UP_SIGNAL = getattr(signal, "SIGUSR1", None)


_wrap_up = False


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
    """Ctrl-C and TERM wait until the block is done, then act: a result written and its
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
    """Ctrl-C and TERM over a whole batch, at the cost of two assignments a result: they act
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
                           for s in (signal.SIGINT, signal.SIGTERM)}
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

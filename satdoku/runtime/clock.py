"""When the work on the current puzzle began: the moment a per-puzzle time limit counts from.

``--time-limit T`` bounds the whole of a command's work on one puzzle: reading and parsing
it, building the CNF, solving, verifying, writing. The first puzzle of a command began when
the command did (:func:`command_started`, called before the input is read: its reading
counts); every later one when its record is taken up (:func:`puzzle_started`, called by the
batch before its handler, and :func:`puzzle_done` after it). A handler asks :func:`began` (or
:func:`left`) for the moment its deadline counts from: outside a batch, that is now. Python's
own start-up (the interpreter and the command's modules, ~0.3 s) comes before the command and
is not counted.

The moment is kept per thread and per process: a worker process (forked after the command
began) starts its first puzzle's clock when it takes it up, not at the command's start.

>>> command_started(); first = puzzle_started(); puzzle_done()
>>> second = puzzle_started()
>>> first <= second and began() == second
True
>>> puzzle_done(); began() > second
True
"""

from __future__ import annotations

import os
import threading
import time


class _Clock(threading.local):
    command: tuple[int, float] | None = None   # (the process, the moment the command began)
    puzzle: float | None = None


_clock = _Clock()


def command_started() -> None:
    """The command begins (before it reads its input): its first puzzle's clock starts now."""
    _clock.command, _clock.puzzle = (os.getpid(), time.perf_counter()), None


def take_start() -> float:
    """The moment a piece of work's clock starts: the command's start for the first one
    taken up in the process that began the command (it is taken then), now for the others.
    For work outside a batch's records (a generator's first puzzle)."""
    now, command = time.perf_counter(), _clock.command
    if command is None:  # (every puzzle but the first: no system call)
        return now
    _clock.command = None
    return command[1] if command[0] == os.getpid() else now


def puzzle_started() -> float:
    """A puzzle is taken up: the moment its clock starts (:func:`take_start`)."""
    _clock.puzzle = take_start()
    return _clock.puzzle


def puzzle_done() -> None:
    """The current puzzle's work is over (a handler called later, outside a batch, counts
    from its own start)."""
    _clock.puzzle = None


def began() -> float:
    """The moment the current puzzle's clock started (now when no puzzle was taken up: a
    call from the API)."""
    return time.perf_counter() if _clock.puzzle is None else _clock.puzzle


def left(seconds: float | None) -> float | None:
    """What is left of ``seconds`` counted from :func:`began` (never below 0; None: no
    limit)."""
    if seconds is None:
        return None
    return max(0.0, seconds - (time.perf_counter() - began()))

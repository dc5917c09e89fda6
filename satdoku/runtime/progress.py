"""Progress on stderr: a ``rich`` progress bar, shown only to someone watching.

A bar appears once its work has taken half a second (quick runs never import rich), only
when stderr is a terminal that the results themselves do not go to, never with ``--quiet``
and never in a worker process (its parent shows the progress). Bars opened while another is
shown (the solutions counted for one puzzle of a batch) appear under it. Lines for stderr go
through :meth:`Progress.note`, which prints them above the bar instead of across it.

>>> bar = Progress(3, "puzzles", quiet=True)
>>> bar.advance(2); bar.update(3); bar.close()
>>> bar.done
3
"""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

#: A bar shows after this many seconds of work, and is redrawn at most this often.
DELAY, REFRESH = 0.5, 0.1

_silent = False        # set in worker processes
_live: Any = None      # the rich Progress on screen, shared by the bars open
_open: list[Progress] = []


def silence() -> None:
    """No progress from this process (a worker: its parent shows the batch's progress)."""
    global _silent
    _silent = True


def watched(quiet: bool = False, out: TextIO | None = None) -> bool:
    """Whether progress would be seen: stderr is a terminal, the results (``out``) do not go
    to that terminal, and neither ``--quiet`` nor a worker process says otherwise."""
    stdout = sys.stdout
    shared = stdout is not None and stdout.isatty() and getattr(out, "stream", out) is stdout
    return not (quiet or _silent or shared) and sys.stderr is not None and sys.stderr.isatty()


class Progress:
    """How many ``what`` are done (of ``total``, when known), drawn as a rich bar."""

    def __init__(self, total: int | None, what: str, quiet: bool = False,
                 out: TextIO | None = None) -> None:
        self.total, self.what, self.done = total, what, 0
        self.shown = watched(quiet, out)
        self.start = time.monotonic()
        self._next = self.start + DELAY
        self._task: Any = None

    def advance(self, count: int = 1) -> None:
        self.update(self.done + count)

    def update(self, done: int) -> None:
        self.done = done
        if self.shown and time.monotonic() >= self._next:
            self._draw()

    def _draw(self) -> None:
        now = time.monotonic()
        self._next = now + REFRESH
        if self._task is None:
            self._task = _live_progress().add_task(self.what, total=self.total, rate="",
                                                   elapsed="")
            _open.append(self)
        rate = self.done / max(now - self.start, 1e-9)
        speed = f"{rate:,.0f}/s" if rate >= 1 else f"{1 / max(rate, 1e-9):,.1f} s each"
        _live.update(self._task, completed=self.done, rate=speed,
                     elapsed=clock(now - self.start))
        _live.refresh()

    def note(self, text: str) -> None:
        """A line (or lines) for stderr, printed above the bars shown."""
        if _live is not None:
            _live.console.print(text, markup=False, highlight=False, emoji=False,
                                soft_wrap=True)
        else:
            print(text, file=sys.stderr, flush=True)

    def close(self) -> None:
        """Show the final count; the last bar closed stays on screen, others go."""
        global _live
        if self._task is None:
            return
        self._draw()
        _open.remove(self)
        if _open:
            _live.remove_task(self._task)
        else:
            _live.stop()
            _live = None
        self._task = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def clock(seconds: float) -> str:
    """``seconds`` as h:mm:ss. The time elapsed is counted from the start of the work, not
    from the bar's first drawing (half a second later, or at the very end when one long
    item is the whole work).

    >>> clock(9.3), clock(3725)
    ('0:00:09', '1:02:05')
    """
    whole = int(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def _live_progress() -> Any:
    """The rich Progress on screen, started on first use (redrawn by hand: no thread, so
    worker processes forked later inherit no lock held by one)."""
    global _live
    if _live is None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as RichProgress
        _live = RichProgress(TextColumn("{task.description}"), BarColumn(),
                             MofNCompleteColumn(), TextColumn("{task.fields[rate]}"),
                             TextColumn("{task.fields[elapsed]}", style="progress.elapsed"),
                             TimeRemainingColumn(),
                             console=Console(stderr=True), auto_refresh=False,
                             redirect_stdout=False, redirect_stderr=False)
        _live.start()
    return _live

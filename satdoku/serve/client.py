"""One client of the live server: its messages, its one job, its replies in order.

A message is first checked (JSON text, an object with an integer nonce, a known command, f-puzzles
data) — anything else is answered ``invalid`` and the client keeps being served. ``cancel`` is
answered at once; other commands are read in the worker thread, answered from the cache
when the same puzzle was answered before, else run as a job in a forked child. Every message
first kills the client's running job, and a request overtaken by a newer one while it was
being read is dropped (the editor drops answers to old nonces anyway).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pickle
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from satdoku.errors import ParseError, SatdokuError
from satdoku.formats.limits import load_json
from satdoku.serve import jobs
from satdoku.serve.reading import Reading

if TYPE_CHECKING:
    from satdoku.serve.server import Server

#: What each command reads: the givens only, or the solving state.
READS = {"truecandidates": "givens", "solve": "givens", "check": "givens", "count": "givens",
         "estimate": "state", "solvepath": "state", "step": "state"}
COMMANDS = (*READS, "cancel")
#: Response types that are a job's whole answer (counts and estimates stream instead).
ANSWERS = ("logical", "solved", "truecandidates", "invalid")
#: How much lower than the server's own a job's scheduling priority is: with more jobs than
#: cores, the event loop (reading, cached answers, cancels) goes first. Small: against other
#: programs a job keeps nearly its share (measured on a busy machine, nice 10 made variant
#: true candidates 2.5x slower through the socket, 239 vs 94 ms p50; nice 2 did not).
JOB_NICENESS = 2
#: Requests up to this many characters are read in the event loop (a real puzzle's payload
#: is 0.4-3 KB and reads in 1-2 ms: less than a hop to the worker thread and back on a busy
#: machine); longer ones in the worker thread, so that a large one never stalls the loop.
INLINE_READ = 16 * 1024

@dataclass
class Job:
    """One client's running job: its id (its key among the children), the request's nonce,
    and how to cache its answer."""

    id: int
    client: Client
    nonce: int | None  # (None: the request had none; answers then carry none)
    command: str
    key: Any
    timer: asyncio.TimerHandle | None = None
    last: dict[str, Any] = field(default_factory=dict)


class Client:
    """One websocket: its messages, its one job, its replies (in order)."""

    def __init__(self, server: Server, websocket: Any) -> None:
        self.server, self.ws = server, websocket
        self.job: Job | None = None
        self.seq = 0
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()

    async def serve(self) -> None:
        """Read messages until the socket closes; replies go out through one writer."""
        writer = asyncio.ensure_future(self._write())
        tasks: set[asyncio.Task] = set()
        from websockets.exceptions import ConnectionClosed
        try:
            async for message in self.ws:
                self.seq += 1
                self.stop()
                task = asyncio.ensure_future(self.handle(message, self.seq))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        except ConnectionClosed:  # (closed without a close frame: the same to us)
            pass
        finally:
            self.seq += 1
            self.stop()
            for task in tasks:
                task.cancel()
            self.outbox.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def _write(self) -> None:
        while (text := await self.outbox.get()) is not None:
            try:
                await self.ws.send(text)
            except Exception:  # (the socket closed: nothing more to say)
                return

    def send(self, nonce: int | None, response: dict[str, Any]) -> None:
        message = {**({"nonce": nonce} if nonce is not None else {}), **response}
        self.outbox.put_nowait(json.dumps(message, separators=(",", ":")))

    def invalid(self, nonce: int | None, message: str) -> None:
        self.send(nonce, {"type": "invalid", "message": message})

    # -- requests --------------------------------------------------------------------
    async def handle(self, message: str | bytes, seq: int) -> None:
        """One message: cancel answered at once, others read, cached or started."""
        request = self._request(message)
        if request is None:
            return
        nonce, command, data = request
        if command == "cancel":
            self.send(nonce, {"type": "canceled"})
            return
        try:
            if isinstance(data, str) and len(data) <= INLINE_READ:
                puzzle, reading = self._read(data, READS[command], seq)
            else:
                puzzle, reading = await self.server.warm.run(self._read, data, READS[command],
                                                             seq)
            if seq != self.seq:
                return
            key = _cache_key(command, puzzle, reading)
            cached = key is not None and self.server.memory.answer(key)
            if cached:
                self.send(nonce, cached)
                return
            solver = await self.server.warm.solver(puzzle.board, puzzle.rules)
        except SatdokuError as err:
            if seq == self.seq:
                self.invalid(nonce, err.message if isinstance(err, ParseError) else str(err))
            return
        except _Stale:
            return
        if seq == self.seq:
            self._start(nonce, command, key, _task(command, solver, puzzle, reading,
                                                   self.server))

    def _request(self, message: str | bytes) -> tuple[int | None, str, Any] | None:
        """(nonce, command, data) of a well-formed request; else None, after ``invalid``."""
        if not isinstance(message, str):
            self.invalid(None, "binary frames are not part of the protocol: send the request "
                               "as JSON text")
            return None
        try:
            request = load_json(message)
        except (ValueError, SatdokuError) as err:
            self.invalid(None, f"the request is not JSON: {err}")
            return None
        if not isinstance(request, dict):
            self.invalid(None, "the request is not a JSON object {nonce, command, data}")
            return None
        nonce = request.get("nonce")
        if not isinstance(nonce, int) or isinstance(nonce, bool):
            self.invalid(None, "the request has no integer 'nonce'")
            return None
        command = request.get("command")
        if command not in COMMANDS:
            self.invalid(nonce, f"unknown command {str(command)[:40]!r}: satdoku serve "
                                f"answers {', '.join(COMMANDS)}")
            return None
        if command != "cancel" and request.get("dataType", "fpuzzles") != "fpuzzles":
            self.invalid(nonce, f"dataType {str(request.get('dataType'))[:40]!r} is not "
                                "served: satdoku serve reads f-puzzles data only")
            return None
        return nonce, command, request.get("data")

    def _read(self, data: Any, kind: str, seq: int) -> tuple[Any, Reading]:
        """In the worker thread: the puzzle of the command's reading."""
        if seq != self.seq:
            raise _Stale
        reading = self.server.reading(data)
        return reading.puzzle(kind), reading

    # -- jobs ------------------------------------------------------------------------
    def _start(self, nonce: int | None, command: str, key: Any, task: Any) -> None:
        server = self.server
        self.job = Job(next(server.ids), self, nonce, command, key)
        server.start(self.job, task)

    def message(self, job: Job, message: tuple) -> None:
        """A message from ``job``'s child: a reply to forward, or something to remember."""
        if message[0] in ("reply", "partial"):
            response = message[1]
            job.last = response
            self.send(job.nonce, response)
            if message[0] == "reply" and job.key is not None and not response.get("inProgress"):
                self.server.memory.keep(job.key, response)
        elif message[0] == "learn":
            self.server.memory.learn(*message[1:])

    def ended(self, job: Job, death: str | None) -> None:
        """``job``'s child ended (``death`` says how, when it did without an answer)."""
        if job.timer is not None:
            job.timer.cancel()
        if self.job is job:
            self.job = None
        if death is not None or not job.last or job.last.get("inProgress"):
            self.invalid(job.nonce, death or "the job ended without an answer")

    def timeout(self, job: Job) -> None:
        """``job`` reached the time limit: stopped, and the setter told, unless its answer
        was sent already (a path the limit cut short says so itself)."""
        if self.job is not job:
            return
        if _answered(job.last):
            self.stop()
            return
        limit = self.server.settings.time_limit
        so_far = (f"; {job.last['count']:,} solutions found so far"
                  if job.last.get("type") == "count" else "")
        self.stop()
        self.invalid(job.nonce, f"time limit of {limit:g} s reached{so_far} (satdoku serve "
                                "--time-limit)")

    def stop(self) -> None:
        """Kill this client's job, if any."""
        job, self.job = self.job, None
        if job is not None:
            self.server.kill(job)


class _Stale(Exception):
    """A request overtaken by a newer one from the same client before it was read."""


def _answered(response: dict[str, Any]) -> bool:
    """Whether ``response`` is its job's whole answer (not progress nor an estimate).

    >>> _answered({"type": "count", "count": 1, "inProgress": False}), _answered({})
    (True, False)
    """
    kind = response.get("type")
    return kind in ANSWERS or (kind == "count" and not response.get("inProgress"))


def _cache_key(command: str, puzzle: Any, reading: Reading) -> Any:
    """The exact-cache key of a request (None: never cached: random or streamed)."""
    options = reading.options
    if command == "truecandidates":
        return command, puzzle, options.cap, options.logical
    if command in ("check", "count"):
        return command, puzzle
    if command in ("step", "solvepath"):
        return command, puzzle, options.disabled
    return None


def _task(command: str, solver: Any, puzzle: Any, reading: Reading, server: Server) -> Any:
    """The function the child runs for ``command``: sends each message pickled."""
    options, memory = reading.options, server.memory

    def task(send: Any) -> bytes:
        began = time.perf_counter()  # (a path's time limit counts from here)

        def emit(message: tuple) -> None:
            send(pickle.dumps(message))
        os.nice(JOB_NICENESS)  # (the event loop stays quick when jobs fill every core)
        if command == "truecandidates":
            jobs.true_candidates(solver, puzzle, options, memory, emit)
        elif command == "solve":
            jobs.solve(solver, puzzle, emit)
        elif command == "check":
            jobs.check(solver, puzzle, emit)
        elif command == "count":
            jobs.count(solver, puzzle, emit)
        elif command == "estimate":
            jobs.estimate(puzzle, emit)
        else:
            jobs.logical(puzzle, command == "step", options, emit, server.settings.time_limit,
                         began)
        return b""

    return task

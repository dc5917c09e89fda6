"""The live server: the f-puzzles editor's websocket solver protocol, on localhost.

The event loop (asyncio, ``websockets``) only reads, writes and schedules: requests are read
and CNFs built in one worker thread (:mod:`.warm`), and every job runs in a child forked from
this process (:class:`~satdoku.runtime.forked.Children`) with its solver already loaded. Each
client has at most one job: any newer message from it, a ``cancel``, a closed socket or the
job's time limit kills the child at once (SIGKILL: PySAT holds the GIL and cannot be asked
to stop), and reaped at once, so none is left behind.

Safe by default: it listens on 127.0.0.1 and ::1 only, accepts websockets from f-puzzles'
origins (and ``--allow-origin``; clients that send no Origin are programs, not web pages)
and answers others HTTP 403, closes the connection of a frame over :data:`MAX_FRAME` bytes
(code 1009), and answers malformed JSON, binary frames, unknown commands and unreadable
puzzles with an ``invalid`` message while it keeps serving everyone.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pickle
import sys
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from satdoku.errors import SatdokuError
from satdoku.rules import Rule
from satdoku.runtime.forked import Children, TaskDied, can_fork
from satdoku.serve.cache import Memory
from satdoku.serve.client import Client, Job
from satdoku.serve.reading import MAX_SIZE, Reading, read

DEFAULT_PORT = 4545
#: Origins of the f-puzzles editor (None: a client that sends no Origin, i.e. not a page).
ORIGINS = ("https://f-puzzles.com", "https://www.f-puzzles.com")
#: The largest frame read (bytes); a larger one closes the connection (1009).
MAX_FRAME = 1024 * 1024
#: Jobs running at once, all clients together (one per client at most).
MAX_JOBS = 64
#: Seconds a job counts against the slots (then it runs on, sharing the cores).
FRESH = 1.0
#: Seconds between two looks for children that were killed and have now ended.
REAP_EVERY = 0.05


@dataclass(frozen=True)
class Settings:
    """How the server runs (the options of ``satdoku serve``)."""

    port: int = DEFAULT_PORT
    hosts: tuple[str, ...] = ("127.0.0.1", "::1")
    allow_origins: tuple[str, ...] = ()
    time_limit: float | None = None
    memory_budget: int | None = None
    rules: tuple[Rule, ...] = ()
    ignore_unsupported: bool = False
    max_size: int = MAX_SIZE


class Server:
    """Everything the clients share: warm solvers, memory, the forked children."""

    def __init__(self, settings: Settings) -> None:
        from satdoku.serve.warm import Warm
        if not can_fork():
            raise SatdokuError("satdoku serve runs each job in a forked process: it needs "
                               "os.fork (Linux, macOS), not available here")
        self.settings = settings
        self.memory = Memory()
        self.warm = Warm(settings.memory_budget)
        self.clients: set[Client] = set()
        self.children = Children(MAX_JOBS)
        self.jobs: dict[int, Job] = {}
        #: Jobs started less than FRESH seconds ago (at most ``slots`` of them).
        self.fresh: set[int] = set()
        self.slots = 2 * (os.cpu_count() or 1)
        #: Jobs waiting for a slot, one per client, oldest first.
        self.waiting: OrderedDict[Client, tuple[Job, Any]] = OrderedDict()
        self._reaping = False
        #: Jobs forked so far (a cached answer forks none).
        self.jobs_started = 0
        self.ids = itertools.count()  # (of the jobs: their keys among the children)
        self._readings: dict[str, Reading] = {}  # the last few by raw data

    # -- children --------------------------------------------------------------------
    def start(self, job: Job, task: Any) -> None:
        """Fork ``job``'s child now if a slot is free, else when one frees (a client's
        newer job replaces its waiting one). Slots bound the jobs started less than
        :data:`FRESH` seconds ago: quick answers share the cores instead of all crawling,
        and a long count never keeps the others waiting."""
        client = job.client
        self.waiting.pop(client, None)
        if len(self.fresh) < self.slots and len(self.jobs) < MAX_JOBS:
            self._fork(job, task)
        else:
            self.waiting[client] = (job, task)

    def _fork(self, job: Job, task: Any) -> None:
        self.children.start(job.id, task, streams=True, memory=self.settings.memory_budget)
        self.jobs[job.id] = job
        self.fresh.add(job.id)
        self.jobs_started += 1
        loop = asyncio.get_running_loop()
        loop.call_later(FRESH, self._aged, job.id)
        limit = self.settings.time_limit
        if limit is not None:
            job.timer = loop.call_later(limit, job.client.timeout, job)

    def _aged(self, job_id: int) -> None:
        self.fresh.discard(job_id)
        self._next()

    def _next(self) -> None:
        """Start waiting jobs while slots are free."""
        while self.waiting and len(self.fresh) < self.slots and len(self.jobs) < MAX_JOBS:
            _, (job, task) = self.waiting.popitem(last=False)
            self._fork(job, task)

    def kill(self, job: Job) -> None:
        """Stop ``job`` now (its child killed at once, reaped soon: :meth:`reap`; or taken
        off the waiting list)."""
        if self.waiting.get(job.client, (None,))[0] is job:
            del self.waiting[job.client]
        if self.jobs.pop(job.id, None) is not None:
            self.children.kill(job.id, wait=False)
            self._reap_soon()
        self.fresh.discard(job.id)
        if job.timer is not None:
            job.timer.cancel()
        self._next()

    def _reap_soon(self) -> None:
        if self.children.dying and not self._reaping:
            self._reaping = True
            asyncio.get_running_loop().call_later(REAP_EVERY, self.reap)

    def reap(self) -> None:
        """Reap the children that have ended; again soon while some are still dying."""
        self._reaping = False
        self.children.reap()
        self._reap_soon()

    def readable(self) -> None:
        """Some child sent something or ended: every event that is there, handled."""
        while self.children.running:
            try:
                event = self.children.next(0)
            except TaskDied as died:
                job = self.jobs.pop(died.key, None)
                self.fresh.discard(died.key)
                if job is not None:
                    job.client.ended(job, _death(died, self.settings))
                self._next()
                continue
            if event is None:
                return
            job = self.jobs.get(event.key)
            if job is None:
                continue
            if event.final:
                del self.jobs[event.key]
                self.fresh.discard(event.key)
                job.client.ended(job, None)
                self._reap_soon()
                self._next()
            else:
                job.client.message(job, pickle.loads(event.data))

    def close(self) -> None:
        """Kill every job and reap every child (the server is stopping)."""
        self.children.close()
        self.jobs.clear()
        self.warm.close()

    # -- reading ---------------------------------------------------------------------
    def reading(self, data: Any) -> Reading:
        """The reading of ``data`` (in the worker thread; the last few are kept)."""
        if isinstance(data, str) and data in self._readings:
            return self._readings[data]
        s = self.settings
        found = read(data, s.rules, s.ignore_unsupported, s.max_size)
        self._readings[data] = found
        while len(self._readings) > 64:
            self._readings.pop(next(iter(self._readings)))
        return found

    def origins(self) -> list[str | None]:
        return [*ORIGINS, *self.settings.allow_origins, None]


def _death(died: TaskDied, settings: Settings) -> str:
    """What to tell the setter of a job whose child ended without an answer."""
    if died.signal is None:
        return f"satdoku failed on this puzzle: {died}"
    if settings.memory_budget is not None:
        return (f"the job stopped: it needed more memory than --memory-budget allows "
                f"({settings.memory_budget / 2 ** 20:,.0f} MiB), or it crashed (signal "
                f"{died.signal})")
    return f"the solver process ended without an answer (signal {died.signal}; out of memory?)"


async def _plain_http(connection: Any, request: Any) -> Any:
    """A plain HTTP request (no websocket upgrade): a short page saying what this is."""
    if request.headers.get("Upgrade", "").lower() == "websocket":
        return None
    return connection.respond(HTTPStatus.OK, "satdoku serve: the f-puzzles editor's solver "
                                             "protocol on this websocket (ws://localhost).\n")


async def run(settings: Settings, ready: asyncio.Future | None = None,
              stop: asyncio.Event | None = None) -> None:
    """Serve until ``stop`` is set (or forever); ``ready`` gets the port and the
    :class:`Server` once it listens."""
    from websockets.asyncio.server import serve

    server = Server(settings)
    loop = asyncio.get_running_loop()
    loop.add_reader(server.children.fileno(), server.readable)

    async def handler(websocket: Any) -> None:
        client = Client(server, websocket)
        server.clients.add(client)
        try:
            await client.serve()
        finally:
            server.clients.discard(client)

    try:
        ws_server = await _listen(serve, handler, server, settings)
        async with ws_server:
            port = next(iter(ws_server.sockets)).getsockname()[1]
            if ready is not None:
                ready.set_result((port, server))
            await (stop.wait() if stop is not None else asyncio.Future())
    finally:
        loop.remove_reader(server.children.fileno())
        server.close()


async def _listen(serve: Any, handler: Any, server: Server, settings: Settings) -> Any:
    """The websocket server on every host that can be bound (IPv6 may be missing), all on
    one port (port 0: a free one, the same for every host)."""
    import socket
    options = dict(origins=server.origins(), max_size=MAX_FRAME, process_request=_plain_http,
                   compression=None, server_header=None, close_timeout=2)
    port = settings.port
    if port == 0:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    hosts: Iterable[list[str]] = [list(settings.hosts)] + [[h] for h in settings.hosts]
    error: OSError | None = None
    for group in hosts:
        try:
            return await serve(handler, group, port, **options)
        except OSError as err:
            error = error or err
    assert error is not None
    raise SatdokuError(f"cannot listen on port {port}: {error.strerror or error} "
                       f"(another solver running? {_port_hint(port)})")


def _port_hint(port: int) -> str:
    """What to do when ``port`` is taken: the editor's userscript knows no other port.

    >>> _port_hint(4546)
    'satdoku serve --port N'
    """
    if port != DEFAULT_PORT:
        return "satdoku serve --port N"
    return (f"stop it: the editor's userscript connects to port {DEFAULT_PORT} only; "
            "satdoku serve --port N serves other clients")


def listening(port: int) -> str:
    """The line printed once the server listens: where, and who can connect.

    >>> for part in listening(4545).split(" ("):
    ...     print(part)
    satdoku serve: listening on ws://localhost:4545
    press Connect in the f-puzzles editor; Ctrl-C stops it)
    """
    who = ("press Connect in the f-puzzles editor" if port == DEFAULT_PORT else
           f"for your own clients: the editor's userscript connects to {DEFAULT_PORT} only")
    return f"satdoku serve: listening on ws://localhost:{port} ({who}; Ctrl-C stops it)"


def main(settings: Settings) -> None:
    """``satdoku serve``: print where it listens, serve until Ctrl-C, TERM or HUP (every
    job killed, every child reaped on the way out)."""
    from satdoku.runtime.signals import STOP_SIGNALS

    async def go() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for signum in STOP_SIGNALS:
            loop.add_signal_handler(signum, stop.set)
        ready: asyncio.Future = loop.create_future()
        ready.add_done_callback(lambda f: print(listening(f.result()[0]), file=sys.stderr,
                                                flush=True))
        await run(settings, ready, stop)
        print("satdoku serve: stopped", file=sys.stderr, flush=True)

    asyncio.run(go())

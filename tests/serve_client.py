"""A websocket client of the f-puzzles solver protocol, written for the tests (not the
editor's userscript), and a server running in a thread of the test process.

The server runs in its own thread with its own event loop; its jobs are children of the
test process, so the tests can see that none is left (:func:`children`).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from satdoku.formats.lzstring import compress_to_base64
from satdoku.serve.server import Server, Settings, run

ORIGIN = "https://f-puzzles.com"


def payload(fobj: dict[str, Any]) -> str:
    """The ``data`` of a request: f-puzzles JSON compressed as the editor does."""
    return compress_to_base64(json.dumps(fobj, separators=(",", ":")))


def fgrid(line: str, n: int = 9, given: bool = True) -> list[list[dict[str, Any]]]:
    """The f-puzzles grid of a puzzle line ('.' blank)."""
    def cell(ch: str) -> dict[str, Any]:
        if ch in ".0":
            return {}
        return {"value": int(ch, 36), **({"given": True} if given else {})}
    return [[cell(line[r * n + c]) for c in range(n)] for r in range(n)]


def fpuzzle(line: str, n: int = 9, **keys: Any) -> dict[str, Any]:
    return {"size": n, "grid": fgrid(line, n), **keys}


@contextmanager
def serving(**settings: Any) -> Iterator[tuple[int, Server]]:
    """A server on 127.0.0.1 (a free port) in a thread; stopped and its children reaped
    when the block ends."""
    note_children()  # (another test's leftovers are not this server's)
    settings.setdefault("hosts", ("127.0.0.1",))
    loop = asyncio.new_event_loop()
    ready: asyncio.Future = loop.create_future()
    stop = asyncio.Event()

    def main() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(run(Settings(port=0, **settings), ready, stop))

    thread = threading.Thread(target=main, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not ready.done():
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield ready.result()
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)
        loop.close()


class Client:
    """One editor tab: requests with increasing nonces, replies read back."""

    def __init__(self, port: int, origin: str | None = ORIGIN) -> None:
        self._connect = connect(f"ws://127.0.0.1:{port}", origin=origin, max_size=None,
                                open_timeout=10)
        self.ws: ClientConnection = self._connect.__enter__()
        self.nonce = 0

    def send(self, command: str, fobj: dict[str, Any] | None = None, **extra: Any) -> int:
        self.nonce += 1
        message: dict[str, Any] = {"nonce": self.nonce, "command": command, **extra}
        if fobj is not None:
            message.update(dataType="fpuzzles", data=payload(fobj))
        self.ws.send(json.dumps(message))
        return self.nonce

    def recv(self, timeout: float = 60) -> dict[str, Any]:
        return json.loads(self.ws.recv(timeout))

    def final(self, nonce: int, timeout: float = 60) -> dict[str, Any]:
        """The last reply to ``nonce`` (progress messages skipped; older nonces dropped, as
        the userscript drops them)."""
        end = time.monotonic() + timeout
        while True:
            reply = self.recv(max(0.01, end - time.monotonic()))
            if reply.get("nonce") == nonce and not reply.get("inProgress"):
                return reply

    def ask(self, command: str, fobj: dict[str, Any] | None = None,
            timeout: float = 60) -> dict[str, Any]:
        return self.final(self.send(command, fobj), timeout)

    def close(self) -> None:
        self.ws.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def children() -> list[int]:
    """The live (not zombie: zombies are listed too, to be caught) child processes of this
    process, from /proc."""
    me, found = os.getpid(), []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == me:
            found.append(int(entry.name))
    return found


#: Children this process had before any server started (another test's leftovers are not
#: the server's: only the children made since count).
BEFORE: set[int] = set()


def note_children() -> None:
    """Remember the children this process has now (:func:`wait_no_children` ignores them)."""
    BEFORE.update(children())


def wait_no_children(timeout: float = 5) -> list[int]:
    """The children made since :func:`note_children` that are still there after up to
    ``timeout`` seconds (empty: none left)."""
    end = time.monotonic() + timeout
    while (left := [p for p in children() if p not in BEFORE]) and time.monotonic() < end:
        time.sleep(0.02)
    return left

#!/usr/bin/env python3
"""``satdoku serve`` through its socket: the latency targets, and a bounded load test (run by hand).

Starts ``python -m satdoku serve`` on a free loopback port, talks to it as the editor does
(f-puzzles JSON, lz-string, nonces) and stops it with TERM at the end; loopback only.

``targets``: one client, one request at a time — true candidates of 9x9 classic and variant
puzzles (each request a new edit: a given added or removed), the same after a cosmetic edit
(answered from the cache), per-candidate counts with cap 8 on 9x9 puzzles with two rows of
givens removed, and ``step``. ``load``: CLIENTS clients each sending MESSAGES messages at the
editor's 250 ms cadence (true candidates of edits, checks, cosmetic edits, and every 40th a
cancel storm: a count of the empty 9x9 and five cancels at once); latency percentiles of
what was answered, the server's peak memory (its own and its children's), and a check that
no child process is left.

    python scripts/bench_serve.py targets --edits 40
    python scripts/bench_serve.py load --clients 20 --messages 200
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import queue
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from satdoku.formats.fpuzzles_links import decode_payload
from satdoku.formats.lzstring import compress_to_base64

ROOT = Path(__file__).resolve().parent.parent
LINES = [ln.strip() for ln in (ROOT / "tests/data/top1465-100.txt").read_text().splitlines()
         if ln.strip() and not ln.startswith("#")]
VARIANTS = [p for p in json.loads((ROOT / "tests/data/fpuzzles/solver-tests.json").read_text())
            ["puzzles"] if p["title"] in ("Clipped", "Killer Blister", "Black Kropki X",
                                          "Tangled Arrows", "Hay Fever")]
EMPTY = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]}


def fobj_of(line: str, **keys: object) -> dict:
    return {"size": 9, "grid": [[{"value": int(ch), "given": True} if ch not in ".0" else {}
                                 for ch in line[r * 9:r * 9 + 9]] for r in range(9)], **keys}


def solution_of(fobj: dict) -> tuple[int, ...]:
    """A solution of the f-puzzles puzzle (the library's, verified)."""
    from satdoku.formats.fpuzzles import read_fpuzzles
    from satdoku.solving import solve
    return solve(read_fpuzzles(fobj).puzzle).solutions[0]


def edited(fobj: dict, solution: tuple[int, ...], rng: random.Random) -> dict:
    """``fobj`` with one given removed, or (half the time, and always when none is left) one
    blank cell given its digit of ``solution``: the editor's next state, still solvable."""
    grid = [[dict(cell) for cell in row] for row in fobj["grid"]]
    given = [(r, c) for r in range(9) for c in range(9) if grid[r][c].get("given")]
    blank = [(r, c) for r in range(9) for c in range(9) if not grid[r][c].get("given")]
    if given and (rng.random() < 0.5 or not blank):
        r, c = rng.choice(given)
        grid[r][c] = {}
    else:
        r, c = rng.choice(blank)
        grid[r][c] = {"value": solution[r * 9 + c], "given": True}
    return {**fobj, "grid": grid}


class Server:
    """``satdoku serve`` in a subprocess on a free port."""

    def __init__(self, *args: str) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.proc = subprocess.Popen([sys.executable, "-m", "satdoku", "serve", "--port",
                                      str(self.port), *args], stderr=subprocess.PIPE, text=True)
        assert "listening" in self.proc.stderr.readline()

    def children(self) -> list[int]:
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat[stat.rindex(")") + 2:].split()[1]) == self.proc.pid:
                    found.append(int(entry.name))
        return found

    def rss(self) -> tuple[int, int]:
        """(the server's resident memory, its children's together), in KiB."""
        def of(pid: int, key: str = "VmRSS") -> int:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith(key + ":"):
                        return int(line.split()[1])
            except OSError:
                pass
            return 0
        return of(self.proc.pid), sum(of(pid) for pid in self.children())

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(30)


class Editor:
    """One editor tab: requests with nonces; ``ask`` waits for the final answer."""

    def __init__(self, port: int) -> None:
        self.ws = connect(f"ws://127.0.0.1:{port}", origin="https://f-puzzles.com",
                          max_size=None).__enter__()
        # (as browsers do: without it a frame written in two pieces waits for the ACK of
        # the first, and the server's delayed ACK adds up to 40 ms to a round trip)
        self.ws.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.nonce = 0

    def message(self, command: str, fobj: dict | None = None) -> str:
        """The next request's text (the nonce taken), compressed as the editor does."""
        self.nonce += 1
        message: dict = {"nonce": self.nonce, "command": command}
        if fobj is not None:
            message.update(dataType="fpuzzles",
                           data=compress_to_base64(json.dumps(fobj, separators=(",", ":"))))
        return json.dumps(message)

    def send(self, command: str, fobj: dict | None = None) -> int:
        self.ws.send(self.message(command, fobj))
        return self.nonce

    def ask(self, command: str, fobj: dict | None = None) -> tuple[float, dict]:
        """The final answer, and the seconds from sending to receiving it (compressing
        the request, which the editor does in JavaScript, is not counted)."""
        text = self.message(command, fobj)
        nonce, start = self.nonce, time.perf_counter()
        self.ws.send(text)
        while True:
            reply = json.loads(self.ws.recv(120))
            if reply.get("nonce") == nonce and not reply.get("inProgress"):
                return time.perf_counter() - start, reply


def percentiles(times: list[float]) -> str:
    if not times:
        return "none"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"p50 {1000 * statistics.median(ordered):6.1f} ms · p95 {1000 * p95:6.1f} ms · "
            f"max {1000 * ordered[-1]:6.1f} ms (n={len(ordered)})")


def targets(edits: int, seed: int) -> None:
    rng = random.Random(seed)
    server = Server()
    editor = Editor(server.port)
    editor.ask("check", fobj_of(LINES[0]))  # (start-up: the classic solver built)
    rows: dict[str, list[float]] = {}
    for name, bases in (("classic", [fobj_of(line) for line in LINES[:5]]),
                        ("variant", [decode_payload(p["payload"]) for p in VARIANTS])):
        for base in bases:
            state, solution = base, solution_of(base)
            for _ in range(edits // len(bases)):
                state = edited(state, solution, rng)
                seconds, reply = editor.ask("truecandidates", state)
                rows.setdefault(f"true candidates, {name}", []).append(seconds)
                seconds, again = editor.ask("truecandidates", {**state, "title": str(rng.random())})
                assert again["solutionsPerCandidate"] == reply["solutionsPerCandidate"]
                rows.setdefault("cached (a cosmetic edit)", []).append(seconds)
    for line in LINES[:8]:
        cells = list(line)
        for r in (0, 4):
            cells[r * 9:r * 9 + 9] = "." * 9
        seconds, reply = editor.ask("truecandidates", fobj_of(
            "".join(cells), truecandidatesoptions=["truecandidatesnumsolutions=8"]))
        assert reply["type"] == "truecandidates"
        rows.setdefault("counts cap 8, two rows removed", []).append(seconds)
    for _ in range(20):  # the floor: a round trip that reads and computes nothing
        rows.setdefault("cancel (the socket's round trip)", []).append(editor.ask("cancel")[0])
    for line in LINES[:10]:
        seconds, reply = editor.ask("step", fobj_of(line))
        assert reply["type"] == "logical"
        rows.setdefault("step (unique 9x9)", []).append(seconds)
    editor.ws.close()
    for name, times in rows.items():
        print(f"{name:<34} {percentiles(times)}")
    print(f"server exit code {server.stop()}")


def script(messages: int, seed: int, solutions: dict[str, tuple[int, ...]]) -> list[list[str]]:
    """One editor's requests, compressed beforehand (the editor compresses in JavaScript;
    here it would cost the load generator more CPU than the server): per tick, the texts
    sent at once (a cancel storm is six)."""
    rng = random.Random(seed)
    editor = Editor.__new__(Editor)
    editor.nonce = 0
    line = rng.choice(LINES)
    state, solution = fobj_of(line), solutions[line]
    ticks = []
    for k in range(messages):
        if k % 40 == 39:  # a cancel storm
            ticks.append([editor.message("count", EMPTY)] + [editor.message("cancel")] * 5)
        elif k % 25 == 24:
            ticks.append([editor.message("truecandidates", {**state, "title": str(k)})])
        elif k % 10 == 9:
            ticks.append([editor.message("check", state)])
        else:
            if rng.random() < 0.9:
                state = edited(state, solution, rng)
            else:
                line = rng.choice(LINES)
                state, solution = fobj_of(line), solutions[line]
            ticks.append([editor.message("truecandidates", state)])
    return ticks


def client(port: int, ticks: list[list[str]], results: Any) -> None:
    """One editor at the 250 ms cadence, in a process of its own (a browser tab); the
    latencies of what is answered before the next send (a newer send supersedes, as in the
    editor) go to ``results``."""
    editor = Editor(port)
    pending: dict[int, tuple[str, float]] = {}
    found: dict[str, list[float]] = {}
    next_send = time.monotonic()
    for k, texts in enumerate(ticks):
        for text in texts:
            request = json.loads(text)
            kind = "cached" if "title" in text and request["command"] == "truecandidates" \
                else request["command"]
            pending[request["nonce"]] = (kind, time.monotonic())
            editor.ws.send(text)
        last = k == len(ticks) - 1
        next_send += 0.25
        while (left := next_send - time.monotonic()) > 0 or last:
            try:
                reply = json.loads(editor.ws.recv(5 if last else left))
            except TimeoutError:
                break
            nonce = reply.get("nonce")
            if nonce in pending and not reply.get("inProgress"):
                command, sent = pending.pop(nonce)
                found.setdefault(command, []).append(time.monotonic() - sent)
                if last and not pending:
                    break
    editor.ws.close()
    results.put((found, len(pending)))


def load(clients: int, messages: int, seed: int) -> None:
    solutions = {line: solution_of(fobj_of(line)) for line in LINES}
    scripts = [script(messages, seed + k, solutions) for k in range(clients)]
    server = Server()
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    processes = [context.Process(target=client, args=(server.port, ticks, results))
                 for ticks in scripts]
    start = time.monotonic()
    for process in processes:
        process.start()
    peak_own = peak_all = peak_children = 0
    out: dict[str, list[float]] = {}
    superseded = 0
    while len(out.get("done", [])) < len(processes):
        with contextlib.suppress(queue.Empty):
            found, left = results.get(timeout=0.1)
            superseded += left
            out.setdefault("done", []).append(0.0)
            for command, times in found.items():
                out.setdefault(command, []).extend(times)
        own, kids = server.rss()
        peak_own, peak_children = max(peak_own, own), max(peak_children, len(server.children()))
        peak_all = max(peak_all, own + kids)
    seconds = time.monotonic() - start
    for process in processes:
        process.join(30)
    time.sleep(0.5)
    left = server.children()
    print(f"{clients} clients x {messages} messages in {seconds:.1f} s")
    for command in ("truecandidates", "check", "cached", "cancel"):
        print(f"{command:<15} {percentiles(out.get(command, []))}")
    print(f"answers superseded by a newer message: {superseded}")
    print(f"peak RSS: server {peak_own / 1024:.0f} MiB, server + children "
          f"{peak_all / 1024:.0f} MiB; children at once at most {peak_children}")
    print(f"children left after the clients closed: {len(left)}; server exit code "
          f"{server.stop()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("targets", "load"))
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.mode == "targets":
        targets(args.edits, args.seed)
    else:
        load(args.clients, args.messages, args.seed)


if __name__ == "__main__":
    main()

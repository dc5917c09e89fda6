"""The one runner of forked children (satdoku.runtime.forked): messages streamed while a task
runs, a task killed on demand, work under a deadline keeping what it reported, and no child
left behind in any of these."""

from __future__ import annotations

import os
import time

import pytest

from satdoku.runtime.forked import Children, can_fork, run_streamed
from satdoku.runtime.pool import WorkerDied

pytestmark = pytest.mark.skipif(not can_fork(), reason="needs os.fork")


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_run_streamed_keeps_reports_and_kills_at_the_deadline():
    def work(report):
        report("first")
        time.sleep(30)
        report("never")

    start = time.perf_counter()
    assert run_streamed(work, 0.3) == (["first"], False)
    assert time.perf_counter() - start < 5
    assert run_streamed(lambda report: report(7), None) == ([7], True)
    with pytest.raises(WorkerDied, match="ZeroDivisionError"):
        run_streamed(lambda report: report(1 / 0), None)


def test_messages_come_in_order_before_the_answer():
    def task(send):
        for k in range(3):
            send(b"m%d" % k)
        return b"done"

    with Children(1) as children:
        children.start("t", task, streams=True)
        events = [children.next(5) for _ in range(4)]
    assert [(e.data, e.final) for e in events] == [
        (b"m0", False), (b"m1", False), (b"m2", False), (b"done", True)]


def test_a_large_message_crosses_the_pipe_whole():
    with Children(1) as children:
        children.start("big", lambda send: send(b"x" * 300_000) or b"", streams=True)
        first = children.next(10)
        assert first is not None and first.data == b"x" * 300_000 and not first.final
        assert children.wait(10) == ("big", b"")


def test_kill_stops_one_task_at_once_and_the_others_go_on():
    pids = {}

    def slow(send):
        send(str(os.getpid()).encode())
        time.sleep(60)
        return b"late"

    with Children(2) as children:
        children.start("slow", slow, streams=True)
        children.start("quick", lambda send: (time.sleep(0.3), b"ok")[1], streams=True)
        event = children.next(5)
        assert event is not None and event.key == "slow"
        pids["slow"] = int(event.data)
        start = time.perf_counter()
        assert children.kill("slow") is True
        assert time.perf_counter() - start < 0.2 and _gone(pids["slow"])
        assert children.running == 1 and children.kill("slow") is False
        assert children.wait(5) == ("quick", b"ok")


def test_two_answers_read_at_once_are_both_counted_as_running():
    with Children(2) as children:
        children.start(1, lambda: b"a")
        children.start(2, lambda: b"b")
        time.sleep(0.3)  # (both pipes are ready when the first wait looks)
        first = children.wait(5)
        assert first is not None and children.running == 1
        second = children.wait(5)
        assert {first, second} == {(1, b"a"), (2, b"b")} and children.running == 0


def test_a_dead_task_is_named_and_a_memory_budget_holds_in_the_child():
    from satdoku.runtime.forked import TaskDied

    def hungry(send):
        hoard = bytearray(400 * 2 ** 20)  # more than the budget below
        return bytes(hoard[:1])

    with Children(2) as children:
        children.start("hungry", hungry, streams=True, memory=100 * 2 ** 20)
        children.start("fed", lambda send: bytes(bytearray(10 * 2 ** 20)[:2]), streams=True,
                       memory=100 * 2 ** 20)
        outcomes = {}
        for _ in range(2):
            try:
                event = children.next(10)
                outcomes[event.key] = event.data
            except TaskDied as died:
                outcomes[died.key] = str(died)
    assert outcomes["fed"] == b"\0\0"
    assert "MemoryError" in outcomes["hungry"]
    assert len(bytearray(400 * 2 ** 20)) > 0  # (the parent is not limited)


def test_an_event_loop_can_watch_the_children():
    import selectors

    with Children(1) as children, selectors.DefaultSelector() as loop:
        loop.register(children.fileno(), selectors.EVENT_READ)
        assert loop.select(0) == []
        children.start("t", lambda send: send(b"hello") or b"bye", streams=True)
        assert loop.select(5)
        events = []
        while children.running:
            event = children.next(0)
            if event is not None:
                events.append((event.data, event.final))
            elif not loop.select(5):
                break
    assert events == [(b"hello", False), (b"bye", True)]


def test_kill_without_waiting_leaves_the_child_to_a_later_reap():
    def slow(send):
        send(str(os.getpid()).encode())
        time.sleep(60)
        return b""

    with Children(1) as children:
        children.start("slow", slow, streams=True)
        pid = int(children.next(5).data)
        start = time.perf_counter()
        assert children.kill("slow", wait=False) and time.perf_counter() - start < 0.05
        assert children.running == 0
        end = time.monotonic() + 5
        while children.reap() and time.monotonic() < end:
            time.sleep(0.01)
        assert children.dying == 0 and _gone(pid)

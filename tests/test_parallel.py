"""--jobs and --dask: the same bytes, order and exit code as one process; interrupts and lost
workers keep a gap-free prefix of the results.

The batches run in this process (``satdoku.cli.run``: -j 2 forks it) except where a signal
or a killed worker needs a process of their own. The Dask tests need dask.distributed
(``pip install "satdoku[dask]"``) and are skipped without it; they run after the -j tests,
so that no process is forked while the cluster's threads run.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from conftest import DATA
from satdoku import format_line, parse_puzzle
from satdoku.board import Board
from satdoku.cli import run
from satdoku.formats.json_fields import puzzle_from_json
from satdoku.generating.givens import Generator
from satdoku.generating.many import block_maker, generate_many
from satdoku.runtime.pool import Local, Ordered, Work, scaled
from satdoku.runtime.signals import RELAY_NAME

TOP = (DATA / "top1465-100.txt").read_text().splitlines()[1:]       # unique
SERG = (DATA / "serg-100.txt").read_text().splitlines()[1:]         # several solutions
CLUE17 = (DATA / "17clue-300.txt").read_text().splitlines()[1:]
ODD = ["4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.......",  # 80
       "55" + "." * 79,                                  # givens that clash
       "12345678." + "........9" + "." * 63,            # no solution (r1c9), no clash
       "1.3...2...4.3.1.",                               # a 4x4 puzzle among 9x9 ones
       "x" * 81]                                         # unreadable
#: Puzzles with several solutions: which one solve prints (and which two check and analyse
#: show) depends on the solver's history, so on which puzzles a worker solved before.
AMBIGUOUS = [*SERG[:25], "." * 16]


def _file(rows: list[str]) -> str:
    return "# good, ambiguous, unsolvable and bad puzzles\n" + "\n".join(rows) + "\n"


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """Inputs of many lines (read as used) and of a few (read at once), with and without
    puzzles of several solutions; JSON Lines."""
    root = tmp_path_factory.mktemp("parallel")
    sure = [*TOP[:30], ODD[0], ODD[1], "", ODD[2], *TOP[30:45], ODD[3], ODD[4], *TOP[45:60]]
    made = [format_line(m.puzzle.board, m.puzzle.givens)
            for m in generate_many(Board.classic(9), seed=7, count=2)]  # quick to explain
    objects = [json.dumps({"givens": line}) for line in TOP[:12]]
    texts = {"sure": _file(sure),
             "many": _file([*sure[:20], *AMBIGUOUS[:12], *sure[20:], *AMBIGUOUS[12:]]),
             "few_sure": _file([made[0], *ODD, made[1]]),
             "few": _file([made[0], *ODD, AMBIGUOUS[0], AMBIGUOUS[-1], made[1]]),
             "jsonl": "\n".join([*objects[:5], "{not json", *objects[5:]]) + "\n"}
    for name, text in texts.items():
        (root / f"{name}.txt").write_text(text)
    return {name: root / f"{name}.txt" for name in texts}


def cli(*args: str) -> tuple[int, bytes, str]:
    """Exit code, the -o file's bytes and stderr of ``satdoku ARGS -o FILE``, in-process."""
    with tempfile.TemporaryDirectory() as tmp:
        out, err = Path(tmp) / "out.txt", io.StringIO()
        with contextlib.redirect_stderr(err):
            code = run([*args, "-o", str(out), "-q"])
        data = out.read_bytes() if out.exists() else b""
    assert "Traceback" not in err.getvalue()
    return code, data, err.getvalue()


def _given(path: Path, line: int) -> str:
    text = path.read_text().splitlines()[line - 1]
    return json.loads(text)["givens"] if text.startswith("{") else text


def verified(path: Path, data: bytes) -> int:
    """Every solution of a JSON output solves its puzzle (by the independent checker, not
    the CNF); how many there are."""
    count = 0
    for obj in map(json.loads, data.decode().splitlines()):
        differences = obj.get("differences")
        shown = [*(obj.get("solutions") or ()), *([obj["solution"]] if obj.get("solution")
                                                  else ()),
                 *(differences.get("solutions", ()) if isinstance(differences, dict) else ())]
        for solution in shown:
            parse_puzzle(_given(path, obj["line"])).verify(parse_puzzle(solution).givens)
            count += 1
    return count


def canonical(path: Path, data: bytes) -> list[dict]:
    """A JSON output without the solutions chosen among several (history-dependent), and
    without the times taken."""
    objects = [json.loads(line) for line in data.decode().splitlines()]
    for obj in objects:
        obj.pop("seconds", None)
        if _given(path, obj["line"]) in AMBIGUOUS:
            obj.pop("solutions", None)
            obj.pop("differences", None)
    return objects


# command, input, options, the exit code expected (the worst met), the formats whose bytes
# are all the same (no puzzle of several solutions, or answers that are canonical; no times)
BOTH = ("line", "json")
CASES = [
    ("solve", "sure", (), 2, BOTH), ("check", "sure", (), 2, BOTH),
    ("solve", "jsonl", (), 2, BOTH), ("count", "many", ("--limit", "20"), 2, BOTH),
    ("candidates", "few", (), 2, BOTH), ("explain", "few", (), 2, ("line",)),
    ("analyse", "few_sure", (), 2, BOTH),
    ("solve", "many", (), 2, ()), ("check", "many", (), 2, ()), ("analyse", "few", (), 2, ()),
]
#: JSON is compared less the solutions chosen among several, and times.
RUNS = [(case, fmt) for case in CASES for fmt in BOTH if fmt in case[4] or fmt == "json"]


def _args(case: tuple, fmt: str, files: dict[str, Path]) -> list[str]:
    command, name, options = case[:3]
    if command in ("analyse", "explain"):
        return [command, str(files[name]), *options, *(["--json"] if fmt == "json" else [])]
    return [command, str(files[name]), *options, "-f", fmt]


@pytest.fixture(scope="module")
def reference(files) -> dict:
    """One process's answers: what every other run must give."""
    return {(case, fmt): cli(*_args(case, fmt, files)) for case, fmt in RUNS}


def same(case: tuple, fmt: str, files: dict[str, Path], reference: dict, *options: str) -> None:
    """``satdoku ... OPTIONS`` writes what one process writes: exit code, stderr, output
    (less the solutions chosen among several, every one of them verified)."""
    code, data, err = cli(*_args(case, fmt, files), *options)
    ref = reference[(case, fmt)]
    if fmt in case[4]:
        assert (code, data, err) == ref, (case, fmt, options)
        return
    path = files[case[1]]
    assert (code, err) == (ref[0], ref[2])
    assert canonical(path, data) == canonical(path, ref[1])
    assert verified(path, data) == verified(path, ref[1])


@pytest.mark.parametrize(("case", "fmt"), RUNS, ids=[f"{c[0]}-{c[1]}-{f}" for c, f in RUNS])
def test_two_jobs_write_what_one_writes(case, fmt, files, reference):
    code, data, _ = reference[(case, fmt)]
    assert code == case[3]
    if fmt == "json":
        lines = [json.loads(line)["line"] for line in data.decode().splitlines()]
        assert lines == sorted(lines) and len(lines) > 5  # every puzzle, in input order
        assert verified(files[case[1]], data) > 0 or case[0] in ("count", "candidates")
    same(case, fmt, files, reference, "-j", "2")


@pytest.mark.parametrize(("rows", "code"), [([*TOP[:40], *SERG[:30]], 3),
                                             ([*TOP[:40], *SERG[:30], ODD[2]], 1)])
def test_the_exit_code_is_the_worst_met(rows, code, tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(_file(rows))
    assert cli("check", str(path))[0] == cli("check", str(path), "-j", "2")[0] == code


def test_every_core_and_more_jobs_than_puzzles(files, reference):
    same(CASES[0], "line", files, reference, "-j", "0")


def test_jobs_beyond_the_cores_are_capped_with_a_note(files, reference):
    """-j is capped at the cores (issue 27, defect 17: -j 200 on 2 cores started 122
    workers and ran slower than -j 16), in one note on stderr; the output is unchanged."""
    from satdoku.runtime.backends import backend_for
    from satdoku.runtime.pool import cores

    code, data, err = cli(*_args(CASES[0], "line", files), "-j", "500")
    note, *rest = err.splitlines(keepends=True)
    assert note == (f"satdoku: note: -j 500 is more than the {cores()} cores here: "
                    f"{cores()} workers are used\n")
    ref = reference[(CASES[0], "line")]
    assert code == ref[0] and "".join(rest) == ref[2] and len(data) == len(ref[1])
    pool = backend_for(500, most=10_000)
    try:
        assert pool is None if cores() == 1 else pool.workers == cores()
    finally:
        if pool is not None:
            pool.close()


def test_jobs_and_dask_together_are_refused(files):
    code, _, err = cli("solve", str(files["many"]), "-j", "2", "--dask", "tcp://127.0.0.1:1")
    assert code == 2 and err.startswith("satdoku: error: give --jobs or --dask, not both")


def test_ordered_keeps_order_and_a_window():
    with Local(2) as pool:
        run_ = Ordered(pool, Work(scaled, factor=3), iter(range(200)), window=4)
        assert list(run_) == [3 * k for k in range(200)]


def _big(tmp_path: Path, copies: int) -> tuple[Path, list[str]]:
    lines = CLUE17 * copies
    path = tmp_path / "big.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, lines


def _started(tmp_path: Path, *args: str) -> subprocess.Popen:
    """``satdoku solve ... -o out.txt`` in its own process, once it has written results."""
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "solve", *args, "-q",
                             "-o", str(tmp_path / "out.txt")], stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path)
    if not _wait_for_results(tmp_path, lambda: proc.poll() is None):
        proc.kill()
        pytest.fail("no result was written")
    return proc


def _wait_for_results(tmp_path: Path, running) -> bool:
    """Wait until out.txt's temporary file holds results (False if the run ended first)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and running():
        if any(p.stat().st_size for p in tmp_path.glob(".out.txt.*.tmp")):
            return True
        time.sleep(0.01)
    return False


def _prefix(tmp_path: Path, lines: list[str]) -> int:
    """The output holds solutions of the first puzzles, in order, with no gap; how many."""
    out = (tmp_path / "out.txt").read_text().splitlines()
    for given, solution in zip(lines, out, strict=False):  # (out: the shorter)
        parse_puzzle(given).verify(parse_puzzle(solution).givens)
    assert not list(tmp_path.glob(".out.txt.*.tmp"))
    return len(out)


def test_ctrl_c_keeps_a_prefix_without_gap(tmp_path):
    path, lines = _big(tmp_path, 100)
    proc = _started(tmp_path, str(path), "-j", "2")
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    done = _prefix(tmp_path, lines)
    assert proc.returncode == 130 and 0 < done < len(lines)
    assert err == (f"satdoku: interrupted after {done:,} of {len(lines):,} puzzles; results "
                   "so far were written\n")


@pytest.mark.parametrize("delay", [0.1, 0.4, 0.8])
def test_ctrl_c_at_any_time_ends_cleanly(tmp_path, delay):
    """Interrupted while chunks wait in a full pipe to the workers (issue 15: 2 runs in 60
    hung joining the pool's feeder; others printed "Bad file descriptor" at exit)."""
    path, lines = _big(tmp_path, 100)
    proc = _started(tmp_path, str(path), "-j", "2")
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    done = _prefix(tmp_path, lines)
    assert proc.returncode == 130 and 0 < done < len(lines)
    assert err.count("\n") == 1 and err.startswith("satdoku: interrupted after ")


def test_an_interrupt_waits_for_a_write_and_its_count():
    from satdoku.runtime.signals import interrupts_held
    done = []
    with pytest.raises(KeyboardInterrupt), interrupts_held():
        signal.raise_signal(signal.SIGINT)
        time.sleep(0.01)  # (a call: where Python would raise it)
        done.append("written and counted")
    assert done == ["written and counted"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupt_with_a_slow_reader_keeps_a_whole_prefix(tmp_path, jobs):
    """Ctrl-C while standard output is a full pipe: Python's buffered writer dropped the rest
    of a large write cut by the signal (a block of results gone from the middle, -j 2), and
    -j 1 counted a result whose write the interrupt cut."""
    puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    (tmp_path / "many.txt").write_text((puzzle + "\n") * 30_000)
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "solve", "many.txt", "-j", jobs,
                             "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tmp_path)
    time.sleep(2.5)  # the pipe (64 KiB) is full long before: the command waits in a write
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    lines = out.decode().split("\n")
    assert proc.returncode == 130 and lines[-1] == ""  # whole lines only
    solution = lines[0]
    parse_puzzle(puzzle).verify(parse_puzzle(solution).givens)
    assert set(lines[:-1]) == {solution}
    assert err.decode() == (f"satdoku: interrupted after {len(lines) - 1:,} of 30,000 puzzles;"
                            " results so far were written\n")


def sleepy(seconds: float):
    """A slow work factory: its chunks wait in the pool's pipe."""
    def run_(chunk: bytes) -> int:
        time.sleep(seconds)
        return len(chunk)
    return run_


def test_an_aborted_pool_waits_for_nothing():
    from satdoku.runtime import pool as parallel
    pool = Local(2)
    futures = [pool.submit(Work(sleepy, seconds=30), b"x" * 300_000) for _ in range(6)]
    time.sleep(0.3)  # the workers sleep; chunks fill the pipe (64 KiB) behind them
    start = time.monotonic()
    pool.close(abort=True)
    assert time.monotonic() - start < 2 and parallel.aborted()
    assert not any(f.done() and not f.cancelled() and f.exception() is None for f in futures)


def test_ctrl_c_in_solve_all_says_it_once(tmp_path):
    few = "." * 79 + "68"  # billions of solutions
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "solve", "--all", few, "-f",
                             "line", "-q", "-o", str(tmp_path / "out.txt")],
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert _wait_for_results(tmp_path, lambda: proc.poll() is None)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    found = (tmp_path / "out.txt").read_text().splitlines()
    for solution in found[:: max(1, len(found) // 50)]:
        parse_puzzle(few).verify(parse_puzzle(solution).givens)
    assert proc.returncode == 130 and len(set(found)) == len(found) > 1
    assert err.splitlines()[-1:] == [f"satdoku: interrupted after {len(found):,} solutions; "
                                     "those found were written"]
    assert "puzzles" not in err and "Traceback" not in err


def _workers(pid: int) -> list[int]:
    """The worker processes of ``pid`` (forked: the same command line; not the relay of
    its stop signals, satdoku.runtime.signals.stop_on_signals)."""
    def cmdline(p: int) -> bytes:
        return Path(f"/proc/{p}/cmdline").read_bytes()
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children if cmdline(int(c)) == cmdline(pid)
            and Path(f"/proc/{c}/comm").read_text().strip() != RELAY_NAME]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_a_killed_worker_is_reported_at_once(tmp_path):
    path, lines = _big(tmp_path, 100)
    proc = _started(tmp_path, str(path), "-j", "2")
    os.kill(_workers(proc.pid)[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=60)
    done = _prefix(tmp_path, lines)
    assert proc.returncode == 70 and done < len(lines)
    assert err.count("\n") == 1 and err.startswith("satdoku: error: a worker process ended")
    assert f"the first {done:,} of {len(lines):,} puzzles were answered and written" in err


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_a_stopped_worker_is_named_and_the_batch_resumes(tmp_path):
    """A worker stopped by SIGSTOP holds the batch up: within the heartbeat a note names its
    pid and says what to do (issue 27, defect 16: no message at all); CONT resumes it and
    the batch ends with every answer."""
    from satdoku.runtime.pool import HEARTBEAT_SECONDS

    path, lines = _big(tmp_path, 30)
    proc = _started(tmp_path, str(path), "-j", "2")
    stopped = _workers(proc.pid)[0]
    os.kill(stopped, signal.SIGSTOP)
    assert proc.stderr is not None
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(proc.stderr), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + HEARTBEAT_SECONDS + 20
        while not said and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert said, "no note"
    finally:
        os.kill(stopped, signal.SIGCONT)
    proc.wait(timeout=60)
    reader.join(10)
    err = "".join(said)
    assert proc.returncode == 0
    assert err == (f"satdoku: note: worker process {stopped} is stopped (SIGSTOP or SIGTSTP) "
                   f"and the batch waits for it: 'kill -CONT {stopped}' resumes it, Ctrl-C "
                   "ends the batch (the results so far are kept)\n")
    assert _prefix(tmp_path, lines) == len(lines)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_workers_end_with_a_killed_parent(tmp_path):
    path, _ = _big(tmp_path, 100)
    proc = _started(tmp_path, str(path), "-j", "2")
    workers = _workers(proc.pid)
    proc.kill()  # no Ctrl-C to pass on: the workers notice they are orphans
    proc.communicate(timeout=60)
    deadline = time.monotonic() + 10
    while any(_running(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(workers) == 2 and not any(_running(w) for w in workers)


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_generate_gives_the_same_puzzles_whatever_the_jobs():
    board = Board.classic(4)
    one = [m.puzzle.givens for m in generate_many(board, seed=5, count=230)]
    assert [m.puzzle.givens for m in generate_many(board, seed=5, count=230, jobs=2)] == one
    with Generator(board, seed=5) as generator:  # the first block: one generator of the seed
        assert [generator.puzzle().puzzle.givens for _ in range(100)] == one[:100]
    numbers = [(m.seed, m.number) for m in generate_many(board, seed=5, count=230, jobs=2)]
    assert numbers == [(5, k) for k in range(1, 231)]


def test_generate_keeps_every_finished_block_when_interrupted():
    board = Board.classic(4)
    one = [m.puzzle.givens for m in generate_many(board, seed=5, count=400)]
    made = generate_many(board, seed=5, count=400, jobs=2)
    kept = [next(made).puzzle.givens]
    kept += [m.puzzle.givens for m in _until_interrupted(made)]
    assert len(kept) >= 100 and kept == one[:len(kept)]  # the whole first block at least


def test_generate_keeps_the_puzzles_of_a_block_cut_short_when_interrupted():
    board = Board.classic(9)  # blocks of 100 puzzles, a few ms each
    made = generate_many(board, seed=5, count=10_000, jobs=2)
    kept = [next(made).puzzle.givens]  # block 0 is done; blocks 1, 2 and 3 are under way
    time.sleep(0.1)
    kept += [m.puzzle.givens for m in _until_interrupted(made)]
    assert len(kept) > 100 and len(kept) % 100  # the puzzles of a block cut short, kept
    assert kept == [m.puzzle.givens for m in generate_many(board, seed=5, count=len(kept))]


def test_a_block_asked_to_wrap_up_returns_what_it_made(monkeypatch):
    make = block_maker(Board.classic(4), (), None, seed=3, size=10)
    calls = iter(range(100))
    monkeypatch.setattr("satdoku.generating.many.wrapping_up", lambda: next(calls) >= 4)
    made = make((0, 10))
    assert [m.number for m in made] == [1, 2, 3, 4]
    assert [m.puzzle.givens for m in made] == [
        m.puzzle.givens for m in generate_many(Board.classic(4), seed=3, count=4)]


def _until_interrupted(made):
    """What a generator gives once Ctrl-C is thrown into it, until it raises it again."""
    with pytest.raises(KeyboardInterrupt):
        yield made.throw(KeyboardInterrupt)
        yield from made


def test_generate_blocks_are_made_as_needed():
    start = time.monotonic()
    made = generate_many(Board.classic(4), seed=1, count=10 ** 12, jobs=2)
    assert [m.number for m in (next(made), next(made))] == [1, 2]
    made.close()
    assert time.monotonic() - start < 10


def test_generate_interrupted_with_jobs_keeps_its_puzzles(tmp_path):
    args = ["generate", "--killer", "--size", "6", "--seed", "7", "--with-solution"]
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", *args, "-n", "100000", "-j", "2",
                             "-q", "-o", str(tmp_path / "out.txt")], stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path)
    assert _wait_for_results(tmp_path, lambda: proc.poll() is None)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    lines = (tmp_path / "out.txt").read_text().splitlines()
    made = "the puzzle made was" if len(lines) == 1 else f"the {len(lines):,} puzzles made were"
    assert proc.returncode == 130 and err == f"satdoku: interrupted; {made} written\n"
    assert not list(tmp_path.glob(".out.txt.*.tmp"))
    first = min(len(lines), 20)
    code, data, _ = cli(*args, "-n", str(first))  # one process: the same puzzles
    assert code == 0 and _puzzles(data.decode().splitlines()) == _puzzles(lines[:first])


def _puzzles(lines: list[str]) -> list[dict]:
    """Generated JSON puzzles less how long each took (and the solver calls it made), each
    solution checked by the rules' own checker."""
    objects = [json.loads(line) for line in lines]
    for obj in objects:
        obj.pop("seconds"), obj.pop("calls")
        puzzle_from_json(obj).verify(parse_puzzle(obj["solution"]).givens)
    return objects


# -- Dask ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield local


def test_dask_writes_what_one_process_writes(files, reference, cluster):
    for case, fmt in RUNS:
        same(case, fmt, files, reference, "--dask", cluster.scheduler_address)


def test_an_empty_dask_address_is_one_line(files):
    code, _, err = cli("solve", str(files["sure"]), "--dask", "")
    assert (code, err) == (2, "satdoku: error: Invalid value for '--dask': it is empty: give "
                              "a scheduler address (tcp://HOST:PORT) or a scheduler file (see "
                              "'satdoku solve --help')\n")


def test_dask_missing_or_unreachable_is_one_line(files, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    code, _, err = cli("solve", str(files["sure"]), "--dask", "tcp://127.0.0.1:1")
    assert (code, err) == (2, 'satdoku: error: --dask needs dask.distributed: pip install '
                              '"satdoku[dask]"\n')
    monkeypatch.undo()
    pytest.importorskip("distributed")
    import satdoku.runtime.cluster
    monkeypatch.setattr(satdoku.runtime.cluster, "CONNECT_SECONDS", 0.5)
    code, data, err = cli("solve", str(files["sure"]), "--dask", "tcp://127.0.0.1:1")
    assert (code, data) == (2, b"") and err.count("\n") == 1
    assert err.startswith("satdoku: error: --dask tcp://127.0.0.1:1: cannot reach a Dask "
                          "scheduler there")


@pytest.mark.parametrize(("value", "says"), [
    ("garbage", "not a scheduler address (missing port number in address 'garbage') nor a "
                "file; give a scheduler address, tcp://HOST:PORT or HOST:PORT, or the "
                "scheduler file that 'dask scheduler --scheduler-file FILE' wrote"),
    ("nonexist.json", "no such scheduler file"),
    ("{empty}", "not a scheduler file (no \"address\" in it); give a scheduler address"),
    ("{not_json}", "not a scheduler file (not JSON); give a scheduler address")])
def test_a_wrong_dask_value_is_one_line_at_once(value, says, files, tmp_path):
    pytest.importorskip("distributed")
    (tmp_path / "empty.json").write_text("{}")
    (tmp_path / "not.json").write_text("tcp://127.0.0.1:8786")
    value = value.format(empty=tmp_path / "empty.json", not_json=tmp_path / "not.json")
    start = time.monotonic()
    code, data, err = cli("solve", str(files["sure"]), "--dask", value)
    assert (code, data, err.count("\n")) == (2, b"", 1) and time.monotonic() - start < 5
    assert err.startswith(f"satdoku: error: --dask {value}: {says}")


def test_dask_generate_is_the_same(cluster, tmp_path):
    args = ("generate", "-n", "230", "--box", "2x2", "--seed", "9")
    assert cli(*args, "--dask", cluster.scheduler_address) == cli(*args)


def test_dask_loses_a_worker_and_nothing_else(cluster, tmp_path):
    from distributed import Client
    path, lines = _big(tmp_path, 20)
    out = tmp_path / "out.txt"
    batch = threading.Thread(target=lambda: results.append(
        run(["solve", str(path), "--dask", cluster.scheduler_address, "-q", "-o", str(out)])))
    results: list[int] = []
    with Client(cluster.scheduler_address) as client:
        pids = list(client.run(os.getpid).values())
        batch.start()
        assert _wait_for_results(tmp_path, batch.is_alive) and batch.is_alive()
        os.kill(pids[0], signal.SIGKILL)  # in the middle of the batch
        batch.join(timeout=120)
    assert results == [0]
    assert _prefix(tmp_path, lines) == len(lines)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def _dask_cluster(folder: Path):
    """A real ``dask scheduler`` and one ``dask worker`` on loopback: (address, scheduler);
    both stopped afterwards."""
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{_free_port()}"
    dask = [sys.executable, "-m", "dask"]  # the 'dask' command
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": folder}
    scheduler = subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port",
                                  address.rsplit(":", 1)[1], "--no-dashboard"], **quiet)
    worker = subprocess.Popen([*dask, "worker", address, "--nthreads", "1", "--no-nanny",
                               "--no-dashboard"], **quiet)
    try:
        yield address, scheduler
    finally:
        for proc in (worker, scheduler):
            proc.kill()
            proc.wait(timeout=30)


def test_a_real_scheduler_and_worker(files, reference, tmp_path):
    with _dask_cluster(tmp_path) as (address, _):
        same(CASES[0], "line", files, reference, "--dask", address)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_a_killed_scheduler_ends_the_batch_in_one_line(tmp_path):
    """kill -9 of the Dask scheduler mid-batch: one line, exit code 70 (as a dead worker),
    the answers written before kept (issue 27, defect 7: Dask's log and a traceback, exit
    1)."""
    with _dask_cluster(tmp_path) as (address, scheduler):
        path, lines = _big(tmp_path, 100)
        proc = _started(tmp_path, str(path), "--dask", address)
        scheduler.kill()
        _, err = proc.communicate(timeout=60)
    done = _prefix(tmp_path, lines)
    assert proc.returncode == 70 and 0 < done < len(lines), err
    assert err.count("\n") == 1, err
    assert err.startswith(f"satdoku: error: lost the Dask scheduler {address} (")
    assert f"the first {done:,} of {len(lines):,} puzzles were answered and written" in err

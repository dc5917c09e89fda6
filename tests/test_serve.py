"""``satdoku serve``: the editor's solver protocol over real loopback sockets.

Every command and response type, the two ways of reading cells, answers checked against
independent oracles (brute force, published solutions, the rules' own checkers), cancel and
closed sockets killing their jobs, the Origin check, and hostile frames.
"""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("websockets")

from serve_client import (
    Client,
    fgrid,
    fpuzzle,
    payload,
    serving,
    wait_no_children,
)
from test_counts import nine
from websockets.exceptions import ConnectionClosed, InvalidStatus

from bruteforce import brute_solutions
from conftest import DATA, ROOT
from satdoku.formats import parse_puzzle
from satdoku.formats.fpuzzles import read_fpuzzles
from satdoku.formats.fpuzzles_links import decode_payload
from satdoku.formats.lzstring import ALPHABET, _BitWriter
from satdoku.runtime.forked import can_fork

pytestmark = pytest.mark.skipif(not can_fork(), reason="serve forks its jobs")

#: A unique 4x4 puzzle, a 4x4 with 12 solutions, a 6x6 with a few hundred.
UNIQUE4 = "1.34" "34.2" "2.43" "43.1"
TWELVE4 = "12.." "34.." "...." "...."
SIX = "4...6.1.6.2................246...53."  # (86 solutions)
#: top1465 no. 7 without its last row: 1,932 solutions (by brute force, tests/test_counts.py).
WIDE9 = "7...5.......784.3......1....4.....71..7.....9.294...5.8...16....3....6.5........."


def counts_by_brute_force(line: str, n: int, cap: int) -> list[int]:
    """solutionsPerCandidate as the protocol defines it, from brute-force solutions."""
    puzzle = parse_puzzle(line)
    tally = [0] * n ** 3
    total = 0
    for grid in brute_solutions(puzzle):
        total += 1
        for i, d in enumerate(grid):
            if not puzzle.givens[i]:
                tally[i * n + d - 1] += 1
    for i, d in enumerate(puzzle.givens):
        if d:
            tally[i * n + d - 1] = total
    return [min(cap, k) for k in tally]


@pytest.fixture(scope="module")
def server():
    with serving() as (port, srv):
        yield port, srv
    assert wait_no_children() == []


@pytest.fixture
def client(server):
    with Client(server[0]) as c:
        yield c


# -- every command and response type -------------------------------------------------------
@pytest.mark.parametrize(("line", "n", "cap"), [(TWELVE4, 4, 1), (TWELVE4, 4, 8),
                                                (SIX, 6, 8), (SIX, 6, 1000)])
def test_truecandidates_equal_brute_force_counts(client, line, n, cap):
    options = [f"truecandidatesnumsolutions={cap}"] if cap > 1 else []
    reply = client.ask("truecandidates", fpuzzle(line, n, truecandidatesoptions=options))
    assert reply["type"] == "truecandidates"
    assert reply["solutionsPerCandidate"] == counts_by_brute_force(line, n, cap)


def test_truecandidates_read_given_pencil_marks_and_ignore_typed_digits(client):
    fobj = fpuzzle(TWELVE4, 4)
    fobj["grid"][3][3] = {"givenPencilMarks": [1, 2]}          # r4c4: 1 or 2
    fobj["grid"][2][2] = {"value": 4}                           # typed, not given: ignored
    values = client.ask("truecandidates", fobj)["solutionsPerCandidate"]
    r4c4 = values[15 * 4:16 * 4]
    r3c3 = values[10 * 4:11 * 4]
    assert r4c4 == [1, 1, 0, 0] and r3c3 == [1, 1, 1, 1]


def test_logical_option_marks_candidates_only_logic_keeps(client):
    fobj = fpuzzle(WIDE9, truecandidatesoptions=["logical", "truecandidatesnumsolutions=8"])
    values = client.ask("truecandidates", fobj)["solutionsPerCandidate"]
    plain = client.ask("truecandidates", fpuzzle(
        WIDE9, truecandidatesoptions=["truecandidatesnumsolutions=8"]))["solutionsPerCandidate"]
    assert -1 in values
    assert [max(v, 0) for v in values] == plain  # -1 only where no solution puts the digit


def test_solve_gives_random_verified_solutions(client):
    puzzle = parse_puzzle(SIX)
    seen = set()
    for _ in range(6):
        reply = client.ask("solve", fpuzzle(SIX, 6))
        assert reply["type"] == "solved"
        grid = tuple(reply["solution"])
        puzzle.verify(grid)  # the rules' own checker, not the CNF
        seen.add(grid)
    assert len(seen) > 1


@pytest.mark.parametrize(("line", "expected"), [(UNIQUE4, 1), (TWELVE4, 2), ("11.." + "." * 12, 0)])
def test_check_counts_up_to_two(client, line, expected):
    reply = client.ask("check", fpuzzle(line, 4))
    if expected == 0:
        assert reply == {"nonce": reply["nonce"], "type": "invalid",
                         "message": reply["message"]} and "twice in row 1" in reply["message"]
    else:
        assert reply == {"nonce": reply["nonce"], "type": "count", "count": expected,
                         "inProgress": False}


def test_count_sends_progress_then_the_exact_count(client):
    nonce = client.send("count", fpuzzle(WIDE9))
    progress, final = [], None
    while final is None:
        reply = client.recv()
        assert reply["nonce"] == nonce and reply["type"] == "count"
        (progress if reply["inProgress"] else [final := reply]).append(reply)
    expected = len(nine(WIDE9))
    assert final["count"] == expected
    counts = [p["count"] for p in progress]
    assert counts == sorted(counts) and all(c <= expected for c in counts)


def test_estimate_of_a_small_count_is_exact(client):
    pytest.importorskip("pyapproxmc")
    reply = client.ask("estimate", fpuzzle(TWELVE4, 4))
    assert reply["type"] == "estimate"
    assert reply["estimate"] == 12 and reply["ci95_lower"] == reply["ci95_upper"] == 12
    assert set(reply) >= {"stderr", "iterations", "relErrPercent"}


@pytest.mark.parametrize("n", [9, 16])
def test_estimate_of_many_solutions_says_what_is_known_and_where_it_is_hopeless(client, n):
    """Past the exact count, the first answer comes before ApproxMC's first run: the count
    enumerated, a sure upper bound (n to the blank cells: 16^256 is past a float, so sent
    exact), stderr and relative error that follow from them (the userscript prints those),
    and where ApproxMC is hopeless; Cancel then stops it."""
    pytest.importorskip("pyapproxmc")
    nonce = client.send("estimate", fpuzzle("." * n * n, n))
    first = client.recv(60)
    assert first["nonce"] == nonce and first["type"] == "estimate", first
    upper = n ** (n * n)
    assert first["ci95_lower"] == first["estimate"] == 1001
    assert first["ci95_upper"] == (float(upper) if n == 9 else upper)
    assert first["relErrPercent"] > 1e70 and first["stderr"] > 1e70  # (nothing known)
    assert first["iterations"] == 0
    assert "more than 1,000 solutions" in first["message"]
    assert "never answers" in first["message"]
    client.send("cancel")
    assert client.final(client.nonce, 10)["type"] == "canceled"


def test_step_reads_the_solving_state(client):
    fobj = fpuzzle(UNIQUE4, 4)
    fobj["grid"][0][1] = {"value": 2}                                # typed: counts for step
    fobj["grid"][1][2] = {"centerPencilMarks": [1, 2]}
    reply = client.ask("step", fobj)
    assert reply["type"] == "logical" and reply["isValid"] is True
    cells = reply["cells"]
    assert len(cells) == 16 and cells[1] == {"value": 2}
    placed = [k for k, c in enumerate(cells)
              if c["value"] and not fobj["grid"][k // 4][k % 4].get("value")]
    assert len(placed) == 1 and len(reply["message"].splitlines()) == 1


def test_solvepath_solves_a_unique_puzzle(client):
    reply = client.ask("solvepath", fpuzzle(UNIQUE4, 4))
    grid = tuple(c["value"] for c in reply["cells"])
    parse_puzzle(UNIQUE4).verify(grid)
    assert len(reply["message"].splitlines()) == 4


def test_step_on_a_puzzle_with_several_solutions_says_so(client):
    reply = client.ask("step", fpuzzle(TWELVE4, 4))
    assert reply["type"] == "logical" and reply["isValid"] is True
    assert reply["message"].endswith("No logical steps found.")


def test_step_on_a_broken_state_says_the_board_is_invalid(client):
    fobj = fpuzzle(UNIQUE4, 4)
    fobj["grid"][0][1] = {"value": 1}                                # two 1s in row 1
    reply = client.ask("step", fobj)
    assert reply["isValid"] is False and reply["message"].endswith("Board is invalid!")


def test_no_solution_is_invalid_with_the_protocol_message(client):
    fobj = fpuzzle("12.." "...." "...." "...3", 4)
    fobj["grid"][0][2] = {"givenPencilMarks": [4]}                   # r1c3 = 4 …
    fobj["grid"][0][3] = {"givenPencilMarks": [4]}                   # … and r1c4 = 4
    assert client.ask("truecandidates", fobj) == {
        "nonce": client.nonce, "type": "invalid", "message": "No solutions found."}
    assert client.ask("solve", fobj)["message"] == "No solutions found."


def test_unsupported_constraints_are_named(client):
    """A killer cage labelled with letters: named, never dropped (the column indexer of the
    public "Dab" puzzle, once the example, is now a rule of satdoku's)."""
    fobj = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)],
            "killercage": [{"cells": ["R1C1", "R1C2"], "value": "ab"}]}
    reply = client.ask("truecandidates", fobj)
    assert reply["type"] == "invalid" and "killercage (value 'ab'" in reply["message"]


def test_fpuzzles_test_data_is_solved_correctly(client):
    """Each unique puzzle of tests/data/fpuzzles: the solution served is the published one,
    and passes the rules' checkers."""
    cases = [json.loads(p.read_text()) for p in sorted((DATA / "fpuzzles").glob("*.json"))
             if "solution" in p.read_text()[:100000] and p.name not in
             ("links.json", "lzstring_vectors.json", "solver-tests.json")]
    tests = json.loads((DATA / "fpuzzles" / "solver-tests.json").read_text())["puzzles"]
    cases += [decode_payload(t["payload"]) | {"solution": t["solution"]} for t in tests
              if t["title"] not in ("Dab", "159 Arrows", "Behemoth")][:12]
    for fobj in cases:
        expected = fobj["solution"]
        expected = [int(d) for d in (expected.split(",") if isinstance(expected, str)
                                     and "," in expected else expected)]
        reply = client.ask("solve", fobj)
        assert reply["type"] == "solved", (fobj.get("title"), reply)
        assert reply["solution"] == expected, fobj.get("title")
        read_fpuzzles(fobj).puzzle.verify(tuple(reply["solution"]))
        assert client.ask("check", fobj)["count"] == 1, fobj.get("title")


# -- cancel, supersede, close ---------------------------------------------------------------
def test_cancel_stops_a_count_of_the_empty_9x9_within_0_2_s(client):
    client.send("count", fpuzzle("." * 81))
    first = client.recv()
    assert first["inProgress"] is True  # (it is counting)
    start = time.monotonic()
    nonce = client.send("cancel")
    reply = client.final(nonce)
    assert reply == {"nonce": nonce, "type": "canceled"}
    assert time.monotonic() - start < 0.2
    assert wait_no_children(2) == []


def test_a_newer_message_kills_the_running_job(client):
    client.send("count", fpuzzle("." * 81))
    assert client.recv()["inProgress"]
    reply = client.ask("check", fpuzzle(UNIQUE4, 4))
    assert reply["count"] == 1
    assert wait_no_children(2) == []


def test_a_closed_socket_kills_its_job(server):
    c = Client(server[0])
    c.send("count", fpuzzle("." * 81))
    assert c.recv()["inProgress"]
    c.close()
    assert wait_no_children(3) == []


def test_cosmetic_edits_are_answered_from_the_cache(client, server):
    srv = server[1]
    fobj = fpuzzle(SIX, 6, title="first")
    first = client.ask("truecandidates", fobj)
    started = srv.jobs_started
    again = client.ask("truecandidates", fpuzzle(SIX, 6, title="renamed", text=[
        {"cells": ["R1C1"], "value": "hello"}]))
    assert again["solutionsPerCandidate"] == first["solutionsPerCandidate"]
    assert srv.jobs_started == started


def test_a_narrower_puzzle_inherits_impossible_candidates(client, server):
    client.ask("truecandidates", fpuzzle(SIX, 6))
    narrow = parse_puzzle(SIX[:1] + "2" + SIX[2:])
    impossible = server[1].memory.impossible(narrow)
    assert impossible and all(not s[i] or True for s in [narrow.givens] for i, _ in impossible)
    reply = client.ask("truecandidates", fpuzzle(SIX[:1] + "2" + SIX[2:], 6))
    values = reply["solutionsPerCandidate"]
    assert all(values[i * 6 + d - 1] == 0 for i, d in impossible)


# -- safety -------------------------------------------------------------------------------
def test_other_origins_are_refused_with_403(server):
    with pytest.raises(InvalidStatus) as info:
        Client(server[0], origin="https://evil.example")
    assert info.value.response.status_code == 403


def test_allowed_origin_and_dual_stack_binding():
    hosts = ("127.0.0.1", "::1")
    with serving(allow_origins=("https://example.org",), hosts=hosts) as (port, _), \
            Client(port, origin="https://example.org") as c:
        assert c.ask("check", fpuzzle(UNIQUE4, 4))["count"] == 1


def lz_bomb(codes: int) -> str:
    """An lz-string payload of ~5 KB that inflates to codes²/2 characters."""
    writer, state = _BitWriter(6, ALPHABET.__getitem__), {"bits": 2, "enlarge": 2}

    def grow() -> None:
        state["enlarge"] -= 1
        if state["enlarge"] == 0:
            state["enlarge"], state["bits"] = 1 << state["bits"], state["bits"] + 1

    writer.bits(0, state["bits"])
    writer.bits(ord("a"), 8)
    grow()
    grow()
    for code in range(4, 4 + codes):
        writer.bits(code, state["bits"])
        grow()
    writer.bits(2, state["bits"])
    out = writer.flush()
    return out + "=" * (-len(out) % 4)


HOSTILE = {
    "malformed JSON": ('{"nonce": 1, "command": ', "not JSON"),
    "not an object": ("[1, 2, 3]", "not a JSON object"),
    "no nonce": ('{"command": "check"}', "nonce"),
    "unknown command": ('{"nonce": 1, "command": "rm -rf"}', "unknown command"),
    "other data type": ('{"nonce": 1, "command": "check", "dataType": "sudokupad", '
                        '"data": "x"}', "f-puzzles data only"),
    "no data": ('{"nonce": 1, "command": "check", "dataType": "fpuzzles"}', "no puzzle"),
    "damaged payload": ('{"nonce": 1, "command": "check", "dataType": "fpuzzles", '
                        '"data": "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9lC"}', "damaged"),
    "not Base64": ('{"nonce": 1, "command": "check", "dataType": "fpuzzles", '
                   '"data": "!!!notlz"}', "damaged (character '!' at 0 is not Base64)"),
    "deep JSON": ("[" * 100000 + "]" * 100000, "nested too deeply"),
    "lz-string bomb": (json.dumps({"nonce": 1, "command": "check", "dataType": "fpuzzles",
                                   "data": lz_bomb(3000)}), "more than 4,194,304"),
    "100x100 grid": (json.dumps({"nonce": 1, "command": "truecandidates",
                                 "dataType": "fpuzzles", "data": payload(
                                     {"size": 100, "grid": fgrid("." * 10000, 100)})}),
                     "100x100 board is larger"),
    "binary frame": (b"\x00\x01binary", "binary frames"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_frames_get_invalid_and_others_are_still_served(server, name):
    frame, said = HOSTILE[name]
    with Client(server[0]) as attacker, Client(server[0]) as other:
        attacker.ws.send(frame)
        reply = attacker.recv(30)
        assert reply["type"] == "invalid" and said in reply["message"], reply
        assert other.ask("check", fpuzzle(UNIQUE4, 4))["count"] == 1
        assert attacker.ask("check", fpuzzle(UNIQUE4, 4))["count"] == 1  # still served


def test_a_frame_over_the_size_limit_closes_with_a_reason(server):
    with Client(server[0]) as attacker, Client(server[0]) as other:
        attacker.ws.send("x" * (2 << 20))
        with pytest.raises(ConnectionClosed) as info:
            attacker.recv(10)
        assert info.value.rcvd is not None and info.value.rcvd.code == 1009
        assert other.ask("check", fpuzzle(UNIQUE4, 4))["count"] == 1


def test_time_limit_stops_a_job_with_a_clear_message():
    """The time limit's message gives the count so far once the job has sent one (a loaded
    machine may stop the job before its first progress message: then it says none)."""
    with serving(time_limit=0.5) as (port, _), Client(port) as c:
        nonce = c.send("count", fpuzzle("." * 81))
        progress = 0
        while (reply := c.recv(10)).get("inProgress"):
            progress += reply.get("nonce") == nonce and reply.get("type") == "count"
        assert reply["type"] == "invalid" and "time limit of 0.5 s" in reply["message"]
        assert ("solutions found so far" in reply["message"]) == (progress > 0), reply
    assert wait_no_children() == []


def test_time_limit_keeps_the_steps_of_a_cut_solving_path():
    """solvepath of a puzzle whose path takes minutes: within the time limit the steps found
    so far come back with the board after them and a last line saying the limit stopped it
    (never the bare time-limit message, never cached, no message after it)."""
    from satdoku.formats import parse_json_puzzle
    from satdoku.formats.fpuzzles_write import to_fpuzzles
    from satdoku.solving import solver_for

    puzzle = parse_json_puzzle((ROOT / "examples" / "little-killer.json").read_text())
    solution = solver_for(puzzle.board, puzzle.rules).check(puzzle).solutions[0]
    with serving(time_limit=3) as (port, srv), Client(port) as c:
        for asked in (1, 2):  # (the second is not answered from the cache)
            started = time.monotonic()
            reply = c.ask("solvepath", to_fpuzzles(puzzle), timeout=30)
            assert reply["type"] == "logical" and reply["isValid"] is True, reply
            took = time.monotonic() - started  # (3.1 s alone; a loaded 2-core CI run adds)
            assert took < 4.5 and srv.jobs_started == asked, took
            *steps, last = reply["message"].splitlines()
            found = {0: "no step", 1: "1 step"}.get(len(steps), f"{len(steps)} steps")
            assert last == (f"Time limit of 3 s reached after {found} (satdoku serve "
                            "--time-limit): the board shows the candidates left."), last
            assert all(line.startswith(f"{k}. ") for k, line in enumerate(steps, 1))
            for cell, digit in zip(reply["cells"], solution, strict=True):
                assert cell["value"] == digit or digit in cell.get("candidates", ())
            with pytest.raises(TimeoutError):  # (the killed job says nothing more)
                c.recv(1.0)
    assert wait_no_children() == []


def test_rules_add_to_every_puzzle_the_editor_sends():
    """serve --rules adds its rules to the editor's constraints (12 solutions, 1 with
    anti-knight), as its --help says."""
    from satdoku.rules import parse_rules
    with serving(rules=parse_rules("anti-knight")) as (port, _), Client(port) as c:
        assert c.ask("count", fpuzzle(TWELVE4, 4))["count"] == 1


def test_help_describes_serve_and_points_where_a_pip_user_finds_the_docs():
    from conftest import run_cli
    text = " ".join(run_cli("serve", "--help").out.split())
    assert "add to the constraints of every puzzle the editor sends" in text
    assert "JSON file" not in text and "ipuz" not in text
    assert "docs/serve.md in the source repository" in text


def test_memory_budget_refuses_what_does_not_fit():
    with serving(memory_budget=1 << 20) as (port, _), Client(port) as c:
        reply = c.ask("check", fpuzzle("." * 81))
        assert reply["type"] == "invalid" and "budget" in reply["message"]


def test_plain_http_gets_a_short_page(server):
    import urllib.request
    with urllib.request.urlopen(f"http://127.0.0.1:{server[0]}/", timeout=10) as page:
        assert b"satdoku serve" in page.read()


# -- the command ------------------------------------------------------------------------------
def test_the_command_serves_until_term_and_leaves_no_process(tmp_path):
    import signal
    import socket
    import subprocess
    import sys

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "satdoku", "serve", "--port", str(port)],
                            stderr=subprocess.PIPE, text=True)
    try:
        assert "listening on ws://localhost" in proc.stderr.readline()
        with Client(port) as c:
            c.send("count", fpuzzle("." * 81))
            assert c.recv()["inProgress"]
            busy = subprocess.run([sys.executable, "-m", "satdoku", "serve", "--port",
                                   str(port)], capture_output=True, text=True, timeout=60)
            assert busy.returncode == 2 and "Traceback" not in busy.stderr
            assert f"cannot listen on port {port}" in busy.stderr
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(30) == 0
    finally:
        proc.kill()
    err = proc.stderr.read()
    assert "stopped" in err and "Traceback" not in err
    assert not [pid for pid in _all_pids() if _parent(pid) == proc.pid]


def _all_pids() -> list[int]:
    from pathlib import Path
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def _parent(pid: int) -> int:
    from pathlib import Path
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return -1
    return int(stat[stat.rindex(")") + 2:].split()[1])


def test_disabledlogic_keeps_every_step_of_a_family_out(client):
    """The editor's families reach the explainer: with pointing and tuples off, the path
    has neither (the README puzzle's path uses both when they are on)."""
    line = ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9"
            "........")
    names = {"locked candidates", "naked pair", "hidden pair", "naked triple",
             "hidden triple", "naked quad", "hidden quad"}
    def used(fobj: dict) -> set[str]:
        message = client.ask("solvepath", fobj)["message"]
        return {n for n in names if n in message}
    assert used(fpuzzle(line, 9)) & {"locked candidates"}
    assert not used({**fpuzzle(line, 9), "disabledlogic": ["pointing", "tuples"]})
    # (forcing chains finish what the families left cannot: this path stopped after 24)
    off = {**fpuzzle(line, 9), "disabledlogic": ["pointing", "tuples"]}
    assert "No logical steps found." not in client.ask("solvepath", off)["message"]


@pytest.mark.parametrize("origin", ["not a url", "https://example.org/", "example.org",
                                    "https://example.org/page"])
def test_an_allowed_origin_must_be_an_origin(origin):
    from conftest import run_cli
    run = run_cli("serve", "--allow-origin", origin)
    assert run.code == 2 and "is not an origin" in run.err and len(run.err.splitlines()) == 1

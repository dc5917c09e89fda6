"""What any input must lead to, at the API and at the command line: one input's verdict.

API (:func:`api_verdict`): reading raises nothing but satdoku's own errors; every puzzle read
(up to 9x9) is solved, and each solution passes the independent checker
(:func:`violations_of`: the rules' own ``violations``, never the CNF); on 4x4 the number of
solutions agrees with brute force (:mod:`bruteforce`).
CLI (:func:`cli_verdict`, in-process through :func:`satdoku.cli.app.run`): the exit code is a
documented one, no exception escapes, every stderr line is satdoku's (an error is one line
for a single puzzle), and every solution printed in JSON passes the checker.
Either way an input that runs past its time cap is a hang (:func:`capped`).

Verdicts: ``ok`` and ``error`` (a satdoku error: input rejected as it should be) are fine;
:data:`FAILURES` are not.
"""

from __future__ import annotations

import contextlib
import io
import json
import signal
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from fuzz_strategies import CliCase

from bruteforce import brute_solutions
from satdoku.errors import SatdokuError
from satdoku.formats.records import Record
from satdoku.formats.text import read_cells, read_numbers
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, all_rules

#: Exit codes an input may give (70: a solution failed verification; 74: output failed).
ALLOWED_CODES = frozenset({0, 1, 2, 3, 4})
FAILURES = ("traceback", "hang", "unverified", "bad-exit", "bad-stderr")
BRUTE_LIMIT = 50


@dataclass
class Verdict:
    """One input's verdict and what to show for it (a traceback, the bad solution)."""

    kind: str
    detail: str = ""

    @property
    def failed(self) -> bool:
        return self.kind in FAILURES


class Hang(BaseException):
    """The time cap of one input ran out (a BaseException: no handler of satdoku's takes it)."""


@contextlib.contextmanager
def capped(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in this (main) thread after ``seconds`` of wall time. A call into
    the SAT solver's C code is stopped when it returns (its own time limit stops it)."""
    def ring(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def violations_of(puzzle: Puzzle, grid: Grid) -> list[str]:
    """Why ``grid`` is not a solution of ``puzzle``, from the rules' checkers alone."""
    board, n = puzzle.board, puzzle.board.n
    if len(grid) != n * n or any(not 1 <= d <= n for d in grid):
        return [f"not a complete {n}x{n} grid"]
    problems = [f"given {d} at {i} changed" for i, d in enumerate(puzzle.givens)
                if d and grid[i] != d]
    problems += [f"eliminated {d} at {i} placed" for i, d in puzzle.eliminated if grid[i] == d]
    return problems + [str(v) for rule in all_rules(board, puzzle.rules)
                       for v in rule.violations(board, grid)]


# -- API -----------------------------------------------------------------------------------
def read_records(fmt: str, text: str) -> list[Record]:
    """The records of ``text`` read as format ``fmt`` by the API."""
    from satdoku.formats import fpuzzles_links as links
    from satdoku.formats import read_puzzles
    from satdoku.formats.puzzle_json import read_json_puzzles

    if fmt == "json":
        return list(read_json_puzzles(text))
    if fmt == "drawn":  # (through the one input sniffer, as the command line reads them)
        from satdoku.formats.loader import read_records as load
        return list(load(text)[0])
    if fmt in ("fpuzzles", "links") and links.is_fpuzzles(text):
        return links.records(text)
    return list(read_puzzles(text))


def check_solving(puzzle: Puzzle, cap: float) -> str:
    """Why solving ``puzzle`` went wrong ("" when it did not): a solution the checker
    rejects, or (4x4) a count that brute force does not confirm."""
    from satdoku.solving.solver import solver_for

    solver = solver_for(puzzle.board, puzzle.rules)
    try:
        found = list(solver.solutions(puzzle, 2, cap))
    except TimeoutError:
        return ""
    for grid in found:
        if problems := violations_of(puzzle, grid):
            return f"solution {grid} of {puzzle}: {problems[:3]}"
    if puzzle.board.n <= 4:
        count = solver.count(puzzle, BRUTE_LIMIT, cap)
        brute = sum(1 for _ in brute_solutions(puzzle, BRUTE_LIMIT))
        if not (count.count == brute if count.complete else brute >= count.count):
            return f"count {count} but brute force finds {brute}: {puzzle}"
    return ""


def api_verdict(fmt: str, text: str, cap: float = 5.0) -> Verdict:
    """The verdict on reading ``text`` (and, for ``dimacs``, a puzzle and model pair
    joined by a NUL) and solving what it holds."""
    try:
        with capped(cap * 3):
            return _api(fmt, text, cap)
    except Hang:
        return Verdict("hang", f"more than {cap * 3:g} s")
    except SatdokuError as err:
        return Verdict("error", str(err))
    except Exception:
        return Verdict("traceback", traceback.format_exc())


def _api(fmt: str, text: str, cap: float) -> Verdict:
    if fmt == "dimacs":
        from satdoku.formats import parse_puzzle
        from satdoku.solving.external import decode
        from satdoku.solving.solver import Status

        puzzle_text, model = text.split("\0", 1)
        puzzle = parse_puzzle(puzzle_text)
        result = decode(puzzle, model)
        for grid in result.solutions:
            if problems := violations_of(puzzle, grid):
                return Verdict("unverified", f"decoded {grid}: {problems[:3]}")
        return Verdict("ok" if result.status is Status.SOLVED else "error", result.status.value)
    records = read_records(fmt, text)
    for record in records[:3]:
        if record.puzzle is not None and record.puzzle.board.n <= 9:
            try:
                if why := check_solving(record.puzzle, cap):
                    return Verdict("unverified", why)
            except SatdokuError:
                pass  # (rules that make no sense on the board are refused when built)
    return Verdict("ok" if any(r.puzzle for r in records) else "error")


# -- CLI -----------------------------------------------------------------------------------
@dataclass
class CliRun:
    code: int
    out: str
    err: str


def run_cli_in_process(case: CliCase, folder: Path, cap: float) -> CliRun:
    """Run the case's command line in this process (stdin, stdout and stderr captured)."""
    from satdoku.cli.app import run

    argv = list(case.argv)
    if case.file_text is not None:
        path = folder / "input.txt"
        path.write_text(case.file_text, encoding="utf-8")
        argv = [str(path) if a == "{file}" else a for a in argv]
    stdin = io.TextIOWrapper(io.BytesIO((case.stdin or "").encode("utf-8")), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            _stdin(stdin), contextlib.chdir(folder), capped(cap):
        code = run(argv)  # (in the scratch folder: an option may name an output file)
    return CliRun(code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def _stdin(stream: io.TextIOBase) -> Iterator[None]:
    import sys
    saved, sys.stdin = sys.stdin, stream
    try:
        yield
    finally:
        sys.stdin = saved


def _lines(case: CliCase) -> int:
    """How many puzzles the case's input may hold, at most: its lines that are not blank
    (1 for an argument; at most 20)."""
    text = case.file_text if case.file_text is not None else case.stdin
    return max(1, min(20, sum(1 for ln in (text or "").splitlines() if ln.strip())))


def cli_verdict(case: CliCase, folder: Path, cap: float = 10.0) -> Verdict:
    """The verdict on one command line (see the module's docstring)."""
    cap *= _lines(case)  # (--time-limit is per puzzle: a file of k puzzles may take k limits)
    try:
        result = run_cli_in_process(case, folder, cap)
    except Hang:
        return Verdict("hang", f"more than {cap:g} s")
    except BaseException:
        return Verdict("traceback", traceback.format_exc())
    if result.code not in ALLOWED_CODES:
        kind = "unverified" if result.code == 70 else "bad-exit"
        return Verdict(kind, f"exit code {result.code}: {result.err[-500:]}")
    lines = [ln for ln in result.err.splitlines() if ln.strip()]
    if bad := [ln for ln in lines if not ln.startswith("satdoku:")]:
        return Verdict("bad-stderr", "\n".join(bad[:5]))
    errors = [ln for ln in lines if ln.startswith("satdoku: error:")]
    if result.code == 2 and (not errors or (len(errors) > 1 and _single(case, folder))):
        return Verdict("bad-stderr", f"exit code 2 with {len(errors)} error lines: {lines}")
    if why := _printed_solutions_wrong(case, folder, result.out):
        return Verdict("unverified", why)
    return Verdict("ok" if result.code in (0, 1, 3) else "error", result.err[:200])


def _records(case: CliCase, folder: Path) -> list[Record]:
    """The records the command read (as :func:`satdoku.formats.loader.read_records` reads
    them)."""
    from satdoku.formats.loader import read_records as read_input

    source = case.argv[-1] if case.argv[0] != "decode" else case.argv[1]
    if source == "-":
        (folder / "stdin.txt").write_text(case.stdin or "", encoding="utf-8")
        source = str(folder / "stdin.txt")
    elif source == "{file}":
        source = str(folder / "input.txt")
    option = {k: v for k, v in zip(case.argv, case.argv[1:], strict=False)}
    records, _ = read_input(source, option.get("--box", "auto"), option.get("--rules", ""))
    return list(records)


def _single(case: CliCase, folder: Path) -> bool:
    try:
        return len(_records(case, folder)) == 1
    except SatdokuError:
        return True


def _printed_solutions_wrong(case: CliCase, folder: Path, out: str) -> str:
    """Why a solution printed in JSON output (``-f json``) fails the checker ("" if none)."""
    if "json" not in case.argv or case.argv[0] not in ("solve", "check") or not out.strip():
        return ""
    try:
        records = _records(case, folder)
    except SatdokuError:
        return ""
    printed = out.splitlines()  # one JSON object per record, in order
    if len(printed) != len(records):
        return f"{len(printed)} JSON lines printed for {len(records)} puzzles"
    for text, record in zip(printed, records, strict=True):
        obj, puzzle = json.loads(text), record.puzzle
        for solution in obj.get("solutions", []):
            if puzzle is None:
                return f"a solution printed for line {obj.get('line')}, which holds no puzzle"
            cells = read_cells(solution, 1) if puzzle.board.single_char else \
                read_numbers(solution, 1)
            grid = tuple(cells.digits) if cells else ()
            if problems := violations_of(puzzle, grid):
                return f"printed {solution} for {puzzle}: {problems[:3]}"
    return ""

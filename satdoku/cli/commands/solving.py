"""``satdoku solve | check | count``: parse, one API call per puzzle, format."""

from __future__ import annotations

from typing import Annotated, TextIO

import typer

from cnf import AMO
from satdoku.cli.all_solutions import counted, write_all
from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.batch import Answer, Handler, run_batch
from satdoku.cli.options import (
    DEFAULTS,
    AmoOpt,
    Backend,
    Box,
    Dask,
    EncodingOpt,
    External,
    Format,
    IgnoreUnsupported,
    Jobs,
    LayoutOpt,
    MemoryBudget,
    Output,
    OutputFormat,
    PuzzleArg,
    Quiet,
    Rules,
    TimeLimit,
)
from satdoku.cli.picture import Picture, draw, picture_target
from satdoku.cli.progress import Progress
from satdoku.cli.solvers import Solvers
from satdoku.encoding import Encoding
from satdoku.errors import ExitCode
from satdoku.formats import format_grid, format_line, parse_puzzle
from satdoku.formats.loader import read_records
from satdoku.puzzle import Puzzle, clash_message
from satdoku.rules import Grid
from satdoku.runtime.output import output_stream
from satdoku.runtime.pool import Work
from satdoku.solving.solver import Count, Result, Status, SudokuSolver

Limit = Annotated[int | None, typer.Option("--limit", min=1, help="Stop after this many.")]
def _render(puzzle: Puzzle, grids: tuple[Grid, ...], fmt: OutputFormat,
            mark: frozenset[int] = frozenset()) -> str:
    board = puzzle.board
    if fmt is OutputFormat.grid:
        return "\n\n".join(format_grid(board, g, mark) for g in grids)
    return "\n".join(format_line(board, g) for g in grids)


def _failure(puzzle: Puzzle, result: Result | Count, time_limit: float | None) -> Answer:
    status = result.status
    if status is Status.INVALID:
        assert isinstance(result, Result)
        return Answer(ExitCode.BAD_INPUT, status.value,
                      message=clash_message(puzzle.board, result.clashes))
    if status is Status.NO_SOLUTION:
        return Answer(ExitCode.NO_SOLUTION, status.value, message="no solution")
    return Answer(ExitCode.TIME_LIMIT, status.value,
                  message=f"time limit of {time_limit:g} s reached before an answer")


@app.command(epilog=EXIT_CODES)
def solve(puzzle: PuzzleArg, all_solutions: Annotated[bool, typer.Option(
              "--all", help="Print every solution (up to --limit), each as it is found. "
                            "Without --limit a puzzle with few givens may have billions "
                            "(a warning says so after 1,000).")] = False,
          limit: Limit = None, box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
          layout: LayoutOpt = None,
          encoding: EncodingOpt = DEFAULTS["encoding"], amo: AmoOpt = DEFAULTS["amo"],
          backend: Backend = DEFAULTS["backend"], time_limit: TimeLimit = None,
          fmt: Format = None, output: Output = None, quiet: Quiet = False,
          external: External = None, picture: Picture = None,
          ignore_unsupported: IgnoreUnsupported = False, jobs: Jobs = 1,
          dask: Dask = None, memory_budget: MemoryBudget = None) -> None:
    """Solve puzzles: print a solution of each (every one verified independently).

    Examples: satdoku solve "4...3.......6..8....."  ·  satdoku solve puzzles.txt -o out.txt
    ·  satdoku solve big.txt -j 0 -o out.txt  (every core; the same output)
    """
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    picture = picture_target(picture, records)
    fmt_ = fmt or (OutputFormat.grid if len(records) == 1 else OutputFormat.line)
    with output_stream(output, reading=name) as out:
        stream = out if len(records) == 1 and fmt_ is not OutputFormat.json else None
        work = Work(solve_handler, many=len(records) > 1,
                    enumerate_all=all_solutions or limit is not None, limit=limit,
                    encoding=encoding, amo=amo, backend=backend, time_limit=time_limit,
                    external=external, picture=picture, quiet=quiet, stream=stream,
                    memory_budget=memory_budget)
        code = run_batch(records, name, fmt_, out, work, quiet, jobs, dask)
    raise typer.Exit(int(code))


def solve_handler(many: bool, enumerate_all: bool, limit: int | None, encoding: Encoding,
                  amo: AMO, backend: str, time_limit: float | None, external: str | None,
                  picture: str | None, quiet: bool = False,
                  stream: TextIO | None = None, memory_budget: int | None = None) -> Handler:
    """solve's answer for one puzzle (built once per process: see satdoku.runtime.pool.Work).
    With ``stream`` (one puzzle) ``--all`` writes each solution there as it is found."""
    solvers = Solvers(encoding, amo, backend, memory_budget=memory_budget)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        if external:
            from satdoku.cli.commands.export import external_answer
            answer = external_answer(p, external, encoding, amo, time_limit, fmt,
                                     enumerate_all)
            if picture and answer.data.get("solutions"):
                draw(picture, p, parse_puzzle(answer.data["solutions"][0]).givens)
            return answer
        solver = solvers(p)
        interrupted, written = False, 0
        if not enumerate_all:
            result = solver.solve(p, time_limit)
        elif stream is not None:  # (none held: there may be billions)
            result, interrupted, written = write_all(solver, p, limit, time_limit,
                                                     fmt is OutputFormat.line, stream, quiet)
        else:
            result, interrupted = _enumerate(solver, p, limit, time_limit, quiet)
        if interrupted and not result.solutions:
            raise KeyboardInterrupt
        if not result.solutions:
            return _failure(p, result, time_limit)
        draw(picture, p, result.solutions[0])
        lines = [format_line(p.board, g) for g in result.solutions]
        between = " " if many else "\n"  # many puzzles: one line each
        text = between.join(lines) if fmt is OutputFormat.line else _render(
            p, result.solutions, fmt)
        if written:  # (each one was written as it was found)
            text, lines = "", []
        answer = Answer(ExitCode.OK, result.status.value, text, {"solutions": lines})
        if result.status is Status.UNKNOWN:
            answer.code, answer.interrupted = ExitCode.TIME_LIMIT, interrupted
            found = written or len(result.solutions)
            answer.message = ("interrupted" if interrupted else "time limit reached") + (
                f" after {found:,} solution{'s' * (found != 1)}; "
                f"{'those' if found != 1 else 'it'} found {'were' if found != 1 else 'was'} "
                "written")
        return answer

    return handle


def _enumerate(solver: SudokuSolver, puzzle: Puzzle, limit: int | None,
               time_limit: float | None, quiet: bool = False) -> tuple[Result, bool]:
    """The solutions (up to ``limit``), and whether Ctrl-C cut the enumeration short (the
    solutions found so far are kept, to be written before the command stops)."""
    found: list[Grid] = []
    try:
        found.extend(counted(solver.solutions(puzzle, limit, time_limit), limit, quiet))
    except TimeoutError:
        return Result(Status.UNKNOWN, tuple(found)), False
    except KeyboardInterrupt:
        return Result(Status.UNKNOWN, tuple(found)), True
    if not found:
        return solver.check(puzzle), False  # distinguishes INVALID from NO_SOLUTION
    return Result(Status.SOLVED, tuple(found)), False


@app.command(epilog=EXIT_CODES)
def check(puzzle: PuzzleArg, box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
          layout: LayoutOpt = None,
          encoding: EncodingOpt = DEFAULTS["encoding"], amo: AmoOpt = DEFAULTS["amo"],
          backend: Backend = DEFAULTS["backend"], time_limit: TimeLimit = None,
          fmt: Format = None, output: Output = None, quiet: Quiet = False,
          picture: Picture = None, ignore_unsupported: IgnoreUnsupported = False,
          jobs: Jobs = 1, dask: Dask = None, memory_budget: MemoryBudget = None) -> None:
    """Is the puzzle unique? If not, show two solutions and mark (*) where they differ.

    Exit code 0 when unique, 3 when it has several solutions, 1 when none.
    Example: satdoku check big.txt -j 4 -f json -o report.jsonl
    """
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    picture = picture_target(picture, records)
    work = Work(check_handler, encoding=encoding, amo=amo, backend=backend,
                time_limit=time_limit, picture=picture, memory_budget=memory_budget)
    fmt_ = fmt or (OutputFormat.grid if len(records) == 1 else OutputFormat.line)
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt_, out, work, quiet, jobs, dask)
    raise typer.Exit(int(code))


def check_handler(encoding: Encoding, amo: AMO, backend: str, time_limit: float | None,
                  picture: str | None, memory_budget: int | None = None) -> Handler:
    """check's answer for one puzzle."""
    solvers = Solvers(encoding, amo, backend, memory_budget=memory_budget)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        result = solvers(p).check(p, time_limit)
        if not result.solutions or result.status is Status.UNKNOWN:
            return _failure(p, result, time_limit)
        lines = [format_line(p.board, g) for g in result.solutions]
        if result.status is Status.UNIQUE:
            draw(picture, p, result.solutions[0])
            text = ("unique\n" + _render(p, result.solutions, fmt) if fmt is OutputFormat.grid
                    else f"unique {lines[0]}")
            return Answer(ExitCode.OK, "unique", text, {"solutions": lines})
        first, second = result.solutions
        differ = frozenset(i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b)
        cells = [p.board.cell_name(i) for i in sorted(differ)]
        draw(picture, p, first, highlight=differ)
        if fmt is OutputFormat.grid:
            text = (f"multiple solutions; two of them differ in {len(cells)} cells "
                    f"(marked *): {', '.join(cells)}\n\n"
                    + _render(p, result.solutions, fmt, differ))
        else:
            text = f"multiple {lines[0]} {lines[1]}"
        return Answer(ExitCode.MULTIPLE, "multiple", text,
                      {"solutions": lines, "differences": cells})

    return handle


@app.command(epilog=EXIT_CODES)
def count(puzzle: PuzzleArg, limit: Limit = None, box: Box = DEFAULTS["box"],
          layout: LayoutOpt = None,
          rules: Rules = DEFAULTS["rules"], encoding: EncodingOpt = DEFAULTS["encoding"],
          amo: AmoOpt = DEFAULTS["amo"], backend: Backend = DEFAULTS["backend"],
          time_limit: TimeLimit = None, fmt: Format = None, output: Output = None,
          quiet: Quiet = False, ignore_unsupported: IgnoreUnsupported = False,
          jobs: Jobs = 1, dask: Dask = None, memory_budget: MemoryBudget = None) -> None:
    """Count the solutions, exactly or up to --limit (progress shown on long counts).

    Prints the count, or 'at least N' when --limit or --time-limit cut the count short.
    Exit code 0 when there is a solution, 1 when the count is 0.
    Example: satdoku count --box 2x2 "................"   # 288
    """
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    work = Work(count_handler, limit=limit, encoding=encoding, amo=amo, backend=backend,
                time_limit=time_limit, quiet=quiet, memory_budget=memory_budget)
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt or OutputFormat.line, out, work, quiet, jobs, dask)
    raise typer.Exit(int(code))


def count_handler(limit: int | None, encoding: Encoding, amo: AMO, backend: str,
                  time_limit: float | None, quiet: bool,
                  memory_budget: int | None = None) -> Handler:
    """count's answer for one puzzle (solutions counted on stderr as they come)."""
    solvers = Solvers(encoding, amo, backend, memory_budget=memory_budget)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        progress = Progress(None, "solutions so far", quiet)
        try:
            result = solvers(p).count(p, limit, time_limit, progress.update)
        except KeyboardInterrupt:  # keep the count so far: a lower bound
            return Answer(ExitCode.TIME_LIMIT, Status.UNKNOWN.value,
                          f"at least {progress.done}",
                          {"count": progress.done, "complete": False},
                          "interrupted; the count is a lower bound", interrupted=True)
        finally:
            progress.close()
        data = {"count": result.count, "complete": result.complete}
        if result.status is Status.INVALID:
            return _failure(p, solvers(p).check(p), time_limit)
        text = str(result.count) if result.complete else f"at least {result.count}"
        if result.status is Status.UNKNOWN:
            return Answer(ExitCode.TIME_LIMIT, result.status.value, text, data,
                          "time limit reached; the count is a lower bound")
        code = ExitCode.NO_SOLUTION if result.count == 0 else ExitCode.OK
        return Answer(code, result.status.value, text, data)

    return handle

"""``satdoku solve | check | count``: parse, one API call per puzzle, format."""

from __future__ import annotations

from typing import Annotated

import typer

from satdoku.cli.app import EXIT_CODES, app
from satdoku.cli.batch import Answer, run_batch
from satdoku.cli.io import Progress, load, output_stream
from satdoku.cli.options import (
    DEFAULTS,
    AmoOpt,
    Backend,
    Box,
    EncodingOpt,
    External,
    Format,
    IgnoreUnsupported,
    Output,
    OutputFormat,
    PuzzleArg,
    Quiet,
    Rules,
    TimeLimit,
)
from satdoku.cli.picture import Picture, draw, picture_target
from satdoku.cli.solvers import Solvers
from satdoku.errors import ExitCode
from satdoku.formats import format_grid, format_line, parse_puzzle
from satdoku.puzzle import Puzzle, clash_message
from satdoku.rules import Grid
from satdoku.solver import Count, Result, Status, SudokuSolver

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
              "--all", help="Print every solution (up to --limit).")] = False,
          limit: Limit = None, box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
          encoding: EncodingOpt = DEFAULTS["encoding"], amo: AmoOpt = DEFAULTS["amo"],
          backend: Backend = DEFAULTS["backend"], time_limit: TimeLimit = None,
          fmt: Format = None, output: Output = None, quiet: Quiet = False,
          external: External = None, picture: Picture = None,
          ignore_unsupported: IgnoreUnsupported = False) -> None:
    """Solve puzzles: print a solution of each (every one verified independently).

    Examples: satdoku solve "4...3.......6..8....."  ·  satdoku solve puzzles.txt -o out.txt
    """
    records, name = load(puzzle, box, rules, ignore_unsupported)
    picture = picture_target(picture, records)
    solvers = Solvers(encoding, amo, backend)
    enumerate_all = all_solutions or limit is not None

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        if external:
            from satdoku.cli.commands.export import external_answer
            answer = external_answer(p, external, encoding, amo, time_limit, fmt,
                                     enumerate_all)
            if picture and answer.data.get("solutions"):
                draw(picture, p, parse_puzzle(answer.data["solutions"][0]).givens)
            return answer
        solver = solvers(p)
        interrupted = False
        if not enumerate_all:
            result = solver.solve(p, time_limit)
        else:
            result, interrupted = _enumerate(solver, p, limit, time_limit)
        if interrupted and not result.solutions:
            raise KeyboardInterrupt
        if not result.solutions:
            return _failure(p, result, time_limit)
        draw(picture, p, result.solutions[0])
        lines = [format_line(p.board, g) for g in result.solutions]
        between = " " if len(records) > 1 else "\n"  # many puzzles: one line each
        text = between.join(lines) if fmt is OutputFormat.line else _render(
            p, result.solutions, fmt)
        answer = Answer(ExitCode.OK, result.status.value, text, {"solutions": lines})
        if result.status is Status.UNKNOWN:
            answer.code, answer.interrupted = ExitCode.TIME_LIMIT, interrupted
            answer.message = ("interrupted" if interrupted else "time limit reached") + (
                f" after {len(result.solutions)} solutions")
        return answer

    fmt_ = fmt or (OutputFormat.grid if len(records) == 1 else OutputFormat.line)
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt_, out, handle, quiet)
    raise typer.Exit(int(code))


def _enumerate(solver: SudokuSolver, puzzle: Puzzle, limit: int | None,
               time_limit: float | None) -> tuple[Result, bool]:
    """The solutions (up to ``limit``), and whether Ctrl-C cut the enumeration short (the
    solutions found so far are kept, to be written before the command stops)."""
    found: list[Grid] = []
    try:
        found.extend(solver.solutions(puzzle, limit, time_limit))
    except TimeoutError:
        return Result(Status.UNKNOWN, tuple(found)), False
    except KeyboardInterrupt:
        return Result(Status.UNKNOWN, tuple(found)), True
    if not found:
        return solver.check(puzzle), False  # distinguishes INVALID from NO_SOLUTION
    return Result(Status.SOLVED, tuple(found)), False


@app.command(epilog=EXIT_CODES)
def check(puzzle: PuzzleArg, box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
          encoding: EncodingOpt = DEFAULTS["encoding"], amo: AmoOpt = DEFAULTS["amo"],
          backend: Backend = DEFAULTS["backend"], time_limit: TimeLimit = None,
          fmt: Format = None, output: Output = None, quiet: Quiet = False,
          picture: Picture = None, ignore_unsupported: IgnoreUnsupported = False) -> None:
    """Is the puzzle unique? If not, show two solutions and mark (*) where they differ.

    Exit code 0 when unique, 3 when it has several solutions, 1 when none.
    """
    records, name = load(puzzle, box, rules, ignore_unsupported)
    picture = picture_target(picture, records)
    solvers = Solvers(encoding, amo, backend)

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

    fmt_ = fmt or (OutputFormat.grid if len(records) == 1 else OutputFormat.line)
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt_, out, handle, quiet)
    raise typer.Exit(int(code))


@app.command(epilog=EXIT_CODES)
def count(puzzle: PuzzleArg, limit: Limit = None, box: Box = DEFAULTS["box"],
          rules: Rules = DEFAULTS["rules"], encoding: EncodingOpt = DEFAULTS["encoding"],
          amo: AmoOpt = DEFAULTS["amo"], backend: Backend = DEFAULTS["backend"],
          time_limit: TimeLimit = None, fmt: Format = None, output: Output = None,
          quiet: Quiet = False, ignore_unsupported: IgnoreUnsupported = False) -> None:
    """Count the solutions, exactly or up to --limit (progress shown on long counts).

    Prints the count, or 'at least N' when --limit or --time-limit cut the count short.
    Exit code 0 when there is a solution, 1 when the count is 0.
    Example: satdoku count --box 2x2 "................"   # 288
    """
    records, name = load(puzzle, box, rules, ignore_unsupported)
    solvers = Solvers(encoding, amo, backend)

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

    fmt_ = fmt or OutputFormat.line
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt_, out, handle, quiet)
    raise typer.Exit(int(code))

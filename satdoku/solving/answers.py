"""The answers of ``solve``, ``check`` and ``count`` for one puzzle (handlers of a batch:
:mod:`satdoku.batch`), and of a model read back from an external solver.

Each factory is built once per process (:class:`~satdoku.runtime.pool.Work`), with the
command's options; its handler turns a puzzle into an :class:`~satdoku.batch.Answer`: exit
code, status, text in the chosen format and JSON fields. Every solution shown has passed the
independent checker.

>>> from satdoku.formats import parse_puzzle
>>> answer = check_answers(SolverOptions())(parse_puzzle("1.34 34.2 2.43 43.1"),
...                                         OutputFormat.line)
>>> answer.code, answer.text
(<ExitCode.OK: 0>, 'unique 1234341221434321')
"""

from __future__ import annotations

from typing import TextIO

from satdoku.batch.answers import Answer, Handler, OutputFormat
from satdoku.errors import ExitCode, ParseError
from satdoku.formats import format_grid, format_line, parse_puzzle
from satdoku.puzzle import Puzzle, clash_message
from satdoku.render.target import draw
from satdoku.rules import Grid
from satdoku.runtime.clock import left
from satdoku.solving.listing import counted, write_all
from satdoku.solving.options import SolverOptions
from satdoku.solving.solver import Count, Result, Status, SudokuSolver
from satdoku.solving.solvers import Solvers


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


def solve_answers(options: SolverOptions, many: bool = False, enumerate_all: bool = False,
                  limit: int | None = None, external: str | None = None,
                  picture: str | None = None, quiet: bool = False,
                  stream: TextIO | None = None) -> Handler:
    """solve's answer for one puzzle. With ``stream`` (one puzzle) ``enumerate_all`` writes
    each solution there as it is found; ``external``: a DIMACS solver command instead of
    PySAT (:func:`external_answer`)."""
    solvers, time_limit = Solvers(options), options.time_limit

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        if external:
            answer = external_answer(p, external, options, fmt, enumerate_all)
            if picture and answer.data.get("solutions"):
                draw(picture, p, parse_puzzle(answer.data["solutions"][0]).givens)
            return answer
        solver = solvers(p)
        interrupted, written = False, 0
        if not enumerate_all:
            result = solver.solve(p, left(time_limit))
        elif stream is not None:  # (none held: there may be billions)
            result, interrupted, written = write_all(solver, p, limit, left(time_limit),
                                                     fmt is OutputFormat.line, stream, quiet)
        else:
            result, interrupted = _enumerate(solver, p, limit, left(time_limit), quiet)
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


def check_answers(options: SolverOptions, picture: str | None = None) -> Handler:
    """check's answer for one puzzle."""
    solvers, time_limit = Solvers(options), options.time_limit

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        result = solvers(p).check(p, left(time_limit))
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


def count_answers(options: SolverOptions, limit: int | None = None,
                  quiet: bool = False) -> Handler:
    """count's answer for one puzzle (solutions counted on stderr as they come)."""
    from satdoku.runtime.progress import Progress
    solvers, time_limit = Solvers(options), options.time_limit

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        progress = Progress(None, "solutions so far", quiet)
        try:
            result = solvers(p).count(p, limit, left(time_limit), progress.update)
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


def estimate_answers(time_limit: float | None) -> Handler:
    """count --estimate's answer for one puzzle: one ApproxMC run (epsilon 0.5), in a forked
    child so that the time limit stops it (ApproxMC cannot be interrupted)."""
    from satdoku.analyse.estimate import approximate_count
    from satdoku.runtime.forked import run_streamed

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        if p.clashes():
            return _failure(p, Result(Status.INVALID, clashes=tuple(p.clashes())), time_limit)
        found, ended = run_streamed(lambda report: report(approximate_count(p, 0.5)),
                                    left(time_limit))
        if not found:
            return Answer(ExitCode.TIME_LIMIT, Status.UNKNOWN.value, message=(
                f"time limit of {time_limit:g} s reached before ApproxMC had an estimate"
                if not ended else "ApproxMC ended without an estimate"))
        e = found[0]
        data = {"estimate": e.value, "lower": e.lower, "upper": e.upper,
                "epsilon": e.epsilon, "delta": e.delta, "exact": e.exact}
        text = (f"{e.value}" if e.exact else
                f"about {e.value} (95 %: {e.lower:.0f} to {e.upper:.0f}; ApproxMC)")
        code = ExitCode.NO_SOLUTION if e.value == 0 else ExitCode.OK
        status = Status.NO_SOLUTION if e.value == 0 else (
            Status.UNIQUE if e.exact and e.value == 1 else Status.MULTIPLE)
        return Answer(code, status.value, text, data)

    return handle


def answer_of(puzzle: Puzzle, result: Result, fmt: OutputFormat) -> Answer:
    """How a decoded (or externally solved) result is shown and what it exits with."""
    status = result.status
    if status is Status.SOLVED:
        grid = result.solutions[0]
        text = (format_grid(puzzle.board, grid) if fmt is OutputFormat.grid
                else format_line(puzzle.board, grid))
        return Answer(ExitCode.OK, status.value, text,
                      {"solutions": [format_line(puzzle.board, grid)]})
    if status is Status.INVALID:
        return Answer(ExitCode.BAD_INPUT, status.value,
                      message=clash_message(puzzle.board, result.clashes))
    if status is Status.NO_SOLUTION:
        return Answer(ExitCode.NO_SOLUTION, status.value, message="no solution")
    return Answer(ExitCode.TIME_LIMIT, status.value, message="the solver gave no answer "
                  "(time limit or unknown)")


def decode_answers(model: str) -> Handler:
    """decode's answer: the external solver's ``model`` text read back for the puzzle."""
    from satdoku.solving.external import decode

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        return answer_of(p, decode(p, model), fmt)

    return handle


def external_answer(puzzle: Puzzle, command: str, options: SolverOptions, fmt: OutputFormat,
                    many: bool) -> Answer:
    """``solve --external``: one solution from a DIMACS solver binary, verified."""
    from satdoku.solving.external import solve_external
    if many:
        raise ParseError("--external finds one solution; --all and --limit need a PySAT "
                         "back-end")
    return answer_of(puzzle, solve_external(puzzle, command, options.encoding, options.amo,
                                            left(options.time_limit)), fmt)

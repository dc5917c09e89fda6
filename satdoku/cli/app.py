"""The typer application, the exit codes, and the one place where errors become messages."""

from __future__ import annotations

import contextlib
import io
import os
import sys

import typer

from cnf.errors import CapabilityError, DimacsError, native_interrupt
from satdoku.cli.lazy import LazyGroup
from satdoku.errors import ExitCode, Interrupted, OutputClosed, OutputError, SatdokuError
from satdoku.runtime.atomic import describe, is_write_error
from satdoku.runtime.clock import command_started
from satdoku.runtime.output import forgiving_stderr

HELP = ("Sudoku of any size and its variants, solved, counted and checked with a SAT solver. "
        "'satdoku --version' prints the version.")
CONTEXT = {"help_option_names": ["-h", "--help"]}
EXIT_CODES = (
    "Exit codes: 0 solved / unique · 1 no solution · 2 bad input or usage (including givens "
    "that already clash, and a puzzle too big for the memory) · 3 more than one solution "
    "where uniqueness was asked · "
    "4 time limit reached · 70 internal error (please report), or a worker or the Dask "
    "scheduler lost mid-batch · 74 the output could not be "
    "written (disk full, standard output closed, a file that cannot be replaced; what was "
    "written before is kept) · 130 interrupted (Ctrl-C, TERM or HUP; results so far are kept). "
    "For a file of many puzzles the exit code is the worst one met."
)

#: The commands register here (``@app.command()``, one module each, imported when needed:
#: :mod:`satdoku.cli.commands`); :func:`run` serves them through a :class:`LazyGroup`.
app = typer.Typer(
    name="satdoku",
    help=HELP,
    epilog=EXIT_CODES,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=CONTEXT,
)


# Recent typer vendors click (its exceptions derive from typer.TyperException, and click need
# not be installed); older typer re-exports click's own classes.
if not typer.Exit.__module__.startswith("click"):
    _EXIT: tuple[type[BaseException], ...] = (typer.Exit,)
    _ABORT: tuple[type[BaseException], ...] = (typer.Abort,)
    _USAGE: tuple[type[BaseException], ...] = (typer.TyperException,)  # type: ignore[attr-defined]
else:  # pragma: no cover - depends on the typer version installed
    import click
    _EXIT, _ABORT, _USAGE = (typer.Exit,), (typer.Abort,), (click.ClickException,)


def fail(message: str, code: ExitCode = ExitCode.BAD_INPUT) -> typer.Exit:
    """Print ``satdoku: error: message`` on stderr; return the Exit to raise."""
    typer.echo(f"satdoku: error: {message}", err=True)
    return typer.Exit(int(code))


def _usage_message(err: BaseException) -> str:
    """click's usage error in one line, with where to read more ("" when it has nothing to
    say: a bare 'satdoku', whose help was shown)."""
    message = " ".join((err.format_message() if hasattr(err, "format_message")
                        else str(err)).split())
    ctx = getattr(err, "ctx", None)
    where = ctx.command_path if ctx is not None else "satdoku"
    return f"{message} (see '{where} --help')" if message else ""


def _version() -> int:
    """``satdoku --version``: the installed distribution's version."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        typer.echo(f"satdoku {version('satdoku')}")
    except PackageNotFoundError:  # (a source tree that was never installed)
        typer.echo("satdoku (not installed: version unknown)")
    return 0


def run(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code. User errors become one line on stderr, and so do
    failures to write the results (a full disk, a closed standard output: exit code 74)."""
    _hold_closed_descriptors()
    if sys.stdout is None:  # (satdoku … >&-): writing a result is then the error
        sys.stdout = ClosedOutput()
    if sys.stderr is None:  # (2>&-): messages go nowhere, and nothing fails for it
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - to the end
    if (sys.argv[1:] if argv is None else argv) in (["--version"], ["-V"]):
        return _version()
    try:
        with forgiving_stderr():  # (2>/dev/full: the messages are lost, not the exit code)
            code = _run(argv)
        sys.stdout.flush()  # what print() left in the buffer: a full disk shows here
        return code
    except (OutputClosed, BrokenPipeError):  # the reader of stdout stopped reading: fine
        discard_stdout()
        return 0
    except OSError as err:  # (any left: the files are checked where they are opened)
        discard_stdout()
        with contextlib.suppress(OSError):  # (stderr itself may be what failed)
            typer.echo(f"satdoku: error: {_os_message(err)}", err=True)
        return int(ExitCode.OUTPUT if is_write_error(err) else ExitCode.BAD_INPUT)


def _run(argv: list[str] | None) -> int:
    command_started()  # (a --time-limit counts from here: reading the input included)
    try:
        group = LazyGroup(app, name="satdoku", help=HELP, epilog=EXIT_CODES,
                          no_args_is_help=True, context_settings=CONTEXT, rich_markup_mode=None)
        result = group.main(args=argv, prog_name="satdoku", standalone_mode=False)
        return int(result or 0)
    except _EXIT as done:
        return int(getattr(done, "exit_code", 0))
    except _ABORT:
        typer.echo("satdoku: interrupted", err=True)
        return 130
    except _USAGE as err:
        if message := _usage_message(err):
            typer.echo(f"satdoku: error: {message}", err=True)
        return int(ExitCode.BAD_INPUT)
    except Interrupted as err:  # (a batch stopped by Ctrl-C or TERM: its results are written)
        if str(err):
            typer.echo(f"satdoku: {err}", err=True)
        return int(err.exit_code)
    except SatdokuError as err:
        if isinstance(err, OutputError):
            discard_stdout()
        typer.echo(f"satdoku: error: {err}", err=True)
        return int(err.exit_code)
    except (CapabilityError, DimacsError) as err:  # cnf knows nothing of satdoku's errors
        typer.echo(f"satdoku: error: {err}", err=True)
        return int(ExitCode.BAD_INPUT)
    except KeyboardInterrupt:
        typer.echo("satdoku: interrupted", err=True)
        return 130
    except MemoryError:  # (the budget's estimate is refused first; this is what slips by)
        typer.echo(f"satdoku: error: {OUT_OF_MEMORY}", err=True)
        return int(ExitCode.BAD_INPUT)
    except Exception as err:
        if not native_interrupt(err):
            raise
        typer.echo("satdoku: interrupted", err=True)  # (Ctrl-C inside a PySAT call)
        return 130


#: The message of a MemoryError (exit code 2, as for a CNF over the memory budget).
OUT_OF_MEMORY = ("out of memory: the puzzle needs more memory than this process can have "
                 "(the machine's, its control group's or ulimit -v's limit); try a lighter "
                 "encoding (--amo sequential) or a smaller --memory-budget")


def _os_message(err: OSError) -> str:
    where = f"{err.filename}: " if err.filename else ""
    if is_write_error(err) and not where:
        where = "cannot write the output: "
    return f"{where}{describe(err)}"


def _hold_closed_descriptors() -> None:
    """Standard streams the shell closed (``<&- >&- 2>&-``) get /dev/null under their
    number, so that no file opened later takes it (a message for stderr would land in the
    output file); a closed or read-only standard output becomes a :class:`ClosedOutput`."""
    for fd in (0, 1, 2):
        if _usable(fd):
            continue
        null = os.open(os.devnull, os.O_RDWR)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        if fd == 1:
            sys.stdout = ClosedOutput()


def _usable(fd: int) -> bool:
    """Whether ``fd`` is open (and, for stdout and stderr, open for writing)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return True
    try:
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    except OSError:
        return False
    return fd == 0 or flags & os.O_ACCMODE != os.O_RDONLY


def discard_stdout() -> None:
    """Point standard output at /dev/null, so that what is still buffered for a stream that
    failed (full disk, closed pipe) is dropped quietly at exit, not reported again."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class ClosedOutput(io.TextIOBase):
    """Standard output when the shell closed it (``>&-``): writing is an OutputError."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OutputError("standard output is closed (>&-), so there is nowhere to write: "
                          "give -o FILE, or leave standard output open")

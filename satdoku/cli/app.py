"""The typer application, the exit codes, and the one place where errors become messages."""

from __future__ import annotations

import os
import sys

import typer

from cnf.dimacs import DimacsError
from cnf.session import CapabilityError
from satdoku.cli.io import OutputClosed
from satdoku.errors import ExitCode, SatdokuError

EXIT_CODES = (
    "Exit codes: 0 solved / unique · 1 no solution · 2 bad input or usage (including givens "
    "that already clash) · 3 more than one solution where uniqueness was asked · "
    "4 time limit reached · 70 internal error (please report) · 130 interrupted (Ctrl-C "
    "or TERM; results so far are kept). "
    "For a file of many puzzles the exit code is the worst one met."
)

app = typer.Typer(
    name="satdoku",
    help="Sudoku of any size and its variants, solved, counted and checked with a SAT solver.",
    epilog=EXIT_CODES,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


# Recent typer vendors click (and does not install it); older typer re-exports click's
# classes. Accept whichever are present.
try:
    import click
    _CLICK: tuple[type[BaseException], ...] = (click.exceptions.Exit, click.exceptions.Abort,
                                               click.ClickException)
except ImportError:  # pragma: no cover - depends on the typer version installed
    _CLICK = ()
_EXIT = (typer.Exit, *_CLICK[:1])
_ABORT = (typer.Abort, *_CLICK[1:2])
_USAGE = (*_CLICK[2:], *((typer.TyperException,) if hasattr(typer, "TyperException") else ()))


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


def run(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code. User errors become one line on stderr."""
    try:
        result = app(args=argv, prog_name="satdoku", standalone_mode=False)
        return int(result or 0)
    except _EXIT as done:
        return int(done.exit_code)
    except _ABORT:
        typer.echo("satdoku: interrupted", err=True)
        return 130
    except _USAGE as err:
        if message := _usage_message(err):
            typer.echo(f"satdoku: error: {message}", err=True)
        return int(ExitCode.BAD_INPUT)
    except SatdokuError as err:
        typer.echo(f"satdoku: error: {err}", err=True)
        return int(err.exit_code)
    except (CapabilityError, DimacsError) as err:  # cnf knows nothing of satdoku's errors
        typer.echo(f"satdoku: error: {err}", err=True)
        return int(ExitCode.BAD_INPUT)
    except KeyboardInterrupt:
        typer.echo("satdoku: interrupted", err=True)
        return 130
    except (OutputClosed, BrokenPipeError):  # the reader of stdout stopped reading: fine
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 0

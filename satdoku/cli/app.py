"""The typer application, the exit codes, and the one place where errors become messages."""

from __future__ import annotations

import os
import sys

import typer

from cnf.errors import CapabilityError, DimacsError
from satdoku.cli.lazy import LazyGroup
from satdoku.errors import ExitCode, OutputClosed, SatdokuError

HELP = "Sudoku of any size and its variants, solved, counted and checked with a SAT solver."
CONTEXT = {"help_option_names": ["-h", "--help"]}
EXIT_CODES = (
    "Exit codes: 0 solved / unique · 1 no solution · 2 bad input or usage (including givens "
    "that already clash) · 3 more than one solution where uniqueness was asked · "
    "4 time limit reached · 70 internal error (please report) · 130 interrupted (Ctrl-C "
    "or TERM; results so far are kept). "
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


def run(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit code. User errors become one line on stderr."""
    try:
        group = LazyGroup(app, name="satdoku", help=HELP, epilog=EXIT_CODES,
                          no_args_is_help=True, context_settings=CONTEXT, rich_markup_mode=None)
        result = group.main(args=argv, prog_name="satdoku", standalone_mode=False)
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

"""One exception hierarchy, each error carrying where it happened, and the CLI exit codes."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """Exit codes of every ``satdoku`` command (documented in ``--help``)."""

    OK = 0            # solved / unique
    NO_SOLUTION = 1   # the puzzle has no solution
    BAD_INPUT = 2     # unreadable input, bad option, givens that already clash
    MULTIPLE = 3      # more than one solution where uniqueness was asked
    TIME_LIMIT = 4    # a time limit ran out before an answer
    STUCK = 5         # explain/hint: the techniques left (--disable) stop before the end
    INTERNAL = 70     # a bug: e.g. a solution failed independent verification
    OUTPUT = 74       # the output could not be written: disk full, stream closed, no rights
    INTERRUPTED = 130  # Ctrl-C or TERM: what was done is written


#: For a batch, the exit code is the worst one met, in this order (worst last).
SEVERITY = [ExitCode.OK, ExitCode.STUCK, ExitCode.MULTIPLE, ExitCode.NO_SOLUTION,
            ExitCode.TIME_LIMIT,            ExitCode.BAD_INPUT, ExitCode.OUTPUT, ExitCode.INTERNAL]


def worst(codes: list[ExitCode]) -> ExitCode:
    """The worst of ``codes`` (OK for none).

    >>> worst([ExitCode.OK, ExitCode.NO_SOLUTION, ExitCode.MULTIPLE])
    <ExitCode.NO_SOLUTION: 1>
    """
    return max(codes, key=SEVERITY.index, default=ExitCode.OK)


#: The longest message a terminal gets: hostile input (a cell name of 5,000 digits) is
#: quoted in part, not whole.
MESSAGE_WIDTH = 400


def shorten(message: str, width: int = MESSAGE_WIDTH) -> str:
    """``message`` cut in its middle to at most ``width`` characters.

    >>> shorten("bad cell 'r1c" + "9" * 1000 + "' at line 3", 40)
    "bad cell 'r1c99999 … 99999999' at line 3"
    """
    if len(message) <= width:
        return message
    head = (width - 3) // 2
    return f"{message[:head]} … {message[len(message) - (width - 3 - head):]}"


class SatdokuError(Exception):
    """Base of every error satdoku reports to a user."""

    exit_code = ExitCode.BAD_INPUT


class ParseError(SatdokuError):
    """Unreadable puzzle text; carries the source, line and column (1-based) when known."""

    def __init__(self, message: str, source: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.message, self.source, self.line, self.column = message, source, line, column
        parts = [source] if source else []
        parts += [f"line {line}"] if line is not None else []
        parts += [f"column {column}"] if column is not None else []
        where = ", ".join(parts)
        super().__init__(f"{where}: {message}" if where else message)


class BoardError(SatdokuError):
    """A board that cannot exist (bad size, boxes that do not tile, bad region map)."""


class RuleError(SatdokuError):
    """An unknown rule, or a rule that makes no sense on the board it is given."""


class BackendError(SatdokuError):
    """The chosen SAT back-end is unknown or lacks a capability (time limits, cardinality…)."""


class ClashError(SatdokuError):
    """The givens break a rule before any solving (e.g. two 5s in a row)."""


class NoSolutionError(SatdokuError):
    """Work that needs a solution was asked of a puzzle that has none."""

    exit_code = ExitCode.NO_SOLUTION


class VerificationError(SatdokuError):
    """A solution failed the independent checker: a bug in satdoku, never user error."""

    exit_code = ExitCode.INTERNAL


class OutputError(SatdokuError):
    """The results could not be written (disk full, standard output closed, a file that
    cannot be replaced): the environment's fault, not the input's. What was written before
    is kept."""

    exit_code = ExitCode.OUTPUT


class Interrupted(SatdokuError):
    """Ctrl-C or TERM stopped a batch; every result finished before it is written. The
    message says how far it went (empty when the interrupted answer's own message said it)."""

    exit_code = ExitCode.INTERRUPTED


class OutputClosed(Exception):
    """Standard output was closed by its reader (``satdoku solve big.txt | head``): not an
    error, the command ends quietly."""

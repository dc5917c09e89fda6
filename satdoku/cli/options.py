"""Options shared by several commands (one definition each, reused everywhere), and the groups
that commands take whole (:mod:`satdoku.cli.groups`): :class:`SolverOptions` (encoding, AMO,
back-end, time limit, memory budget), :class:`Source` (the puzzle and how to read it) and
:class:`Batch` (where results go, and on how many processes).
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated

import typer

from cnf import AMO
from cnf.session import DEFAULT_BACKEND
from satdoku.batch.answers import OutputFormat
from satdoku.cli.groups import group
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, Encoding
from satdoku.formats import Record
from satdoku.rules import GLOBAL_RULE_TABLE
from satdoku.solving.options import SolverOptions

#: The names of the global rules, from the catalogue's table (no rule is imported to show them).
GLOBAL_RULES = ", ".join(GLOBAL_RULE_TABLE)


def docs(page: str) -> str:
    """Where a documentation page is, for a help text: the docs are not installed with the
    package (pyproject.toml names no project URL yet).

    >>> docs("serve.md")
    'docs/serve.md in the source repository'
    """
    return f"docs/{page} in the source repository"

__all__ = ["Batch", "OutputFormat", "SolverOptions", "Source"]


#: The links and files of other programs every input reads (docs/formats.md), as helps say.
SHARED_INPUT = "an f-puzzles, SudokuPad or Penpa+ link, f-puzzles JSON or ipuz"

PuzzleArg = Annotated[str, typer.Argument(
    help="A puzzle file (text, or JSON with cages, jigsaw regions, even/odd cells…: see "
         f"'satdoku rules'; {SHARED_INPUT} too), '-' for standard input, or the puzzle "
         "itself (e.g. an 81-character line; '.' or '0' for blanks; a link).",
    show_default=False, metavar="PUZZLE")]
Box = Annotated[str, typer.Option(
    "--box", help="Box size RxC, e.g. 3x3, 2x3, 4x4; '1xN' or 'none' for a Latin square. "
                  "Default: square boxes when the size is a square, else the most square "
                  "factorisation (6 → 2x3, 12 → 3x4), else none.")]
LayoutOpt = Annotated[str | None, typer.Option(
    "--layout", metavar="LAYOUT",
    help="Several overlapping grids on one canvas: samurai, twodoku, butterfly, flower, "
         "shogun, or a JSON file giving 'grids' (its board is used). Text is then read as "
         "that layout: its canvas row by row (a hole written * or any blank), or its cells "
         "only. Without --layout, a text whose holes (*) match a named layout is read as it; "
         "JSON says its own layout. --box sets the boxes of each grid.")]
Rules = Annotated[str, typer.Option(
    "--rules", help=f"Extra rules, comma-separated: {GLOBAL_RULES}; they add to a "
                    "JSON file's rules. 'satdoku rules' describes them.")]
EncodingOpt = Annotated[Encoding, typer.Option(
    "--encoding", help="Sudoku CNF encoding.", case_sensitive=False)]
AmoOpt = Annotated[AMO, typer.Option(
    "--amo", help="At-most-one encoding ('native' needs a minicard/gluecard back-end).",
    case_sensitive=False)]
Backend = Annotated[str, typer.Option(
    "--backend", help="PySAT solver: cadical195, cadical153, glucose4, glucose42, "
                      "minisat22, minicard, lingeling, …")]
def positive_seconds(value: float | None) -> float | None:
    """A time limit callback: None or a number of seconds > 0 (and at most a million)."""
    if value is not None and not 0 < value <= MAX_SECONDS:  # also refuses nan
        raise typer.BadParameter(f"{value:g} is not a time: give a number of seconds > 0 "
                                 f"and at most {MAX_SECONDS:,} (leave it out for no limit)")
    return value


def number_between(low: float, high: float, what: str) -> Callable[[float | None], float | None]:
    """An option callback: None, or a number from ``low`` to ``high`` (``nan`` is said to be
    no number, not to be out of range). ``what``: the value in a user's words."""
    def check(value: float | None) -> float | None:
        if value is not None and not low <= value <= high:
            why = "is not a number" if math.isnan(value) else "is out of range"
            raise typer.BadParameter(f"{value:g} {why}: give {what} from {low:g} to {high:g}")
        return value
    return check


#: The longest time limit accepted (11.6 days); beyond it timers overflow or never matter.
MAX_SECONDS = 1_000_000


TimeLimit = Annotated[float | None, typer.Option(
    "--time-limit", callback=positive_seconds,
    help="Seconds of work per puzzle, building the CNF included (the same in every "
         "command); running out is reported (exit 4), never taken for 'no solution'. "
         "CaDiCaL and MiniSat stop on time; Glucose checks only when it restarts and may "
         "overrun; Lingeling cannot stop.")]


def memory_size(value: str | None) -> int | None:
    """A memory budget callback: None, or a size such as 8G or 512M, in bytes."""
    if value is None:
        return None
    from satdoku.encoding.budget import parse_bytes
    try:
        return parse_bytes(value)
    except ValueError as err:
        raise typer.BadParameter(str(err)) from None


MemoryBudget = Annotated[str | None, typer.Option(
    "--memory-budget", metavar="SIZE", callback=memory_size,
    help="Memory the CNF may take (in Python and in the SAT solver), e.g. 8G or 512M: a "
         "puzzle whose CNF is estimated above it is refused before it is built (exit 2). "
         "Default 8G, or the environment variable SATDOKU_MEMORY_BUDGET.")]
Format = Annotated[OutputFormat | None, typer.Option(
    "--format", "-f", help="Output: grid (pretty; default for one puzzle), line (default for "
                           "a file of many), json (one object per puzzle per line).")]
Output = Annotated[str | None, typer.Option(
    "--output", "-o", help="Write results to this file (atomically; partial results are "
                           "kept on interrupt) instead of standard output.")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr.")]
Jobs = Annotated[int, typer.Option(
    "--jobs", "-j", min=0, help="Worker processes for a file of many puzzles; 0 = one per "
                                "core, and no more than one per core (a note says so). "
                                "Default 1: this process alone. The output (in input "
                                "order) and exit code are those of -j 1, except that a puzzle "
                                "with several solutions may show others of them.")]
def scheduler(value: str | None) -> str | None:
    """A --dask callback: an empty address is an error, not a run on this machine."""
    if value is not None and not value.strip():
        raise typer.BadParameter("it is empty: give a scheduler address (tcp://HOST:PORT) or "
                                 "a scheduler file")
    return value


Dask = Annotated[str | None, typer.Option(
    "--dask", metavar="ADDRESS", callback=scheduler,
    help="Run the batch on a dask.distributed cluster: its scheduler's address (e.g. "
         "tcp://127.0.0.1:8786) or scheduler file. Same output as -j 1. Needs pip install "
         f"'satdoku[dask]'; see {docs('parallel.md')}.")]
External = Annotated[str | None, typer.Option(
    "--external", help="Solve with this DIMACS solver command instead of PySAT, e.g. "
                       "'kissat -q' or 'minisat {cnf} {model}' ({cnf}: the CNF file, appended "
                       "when absent; {model}: a file the solver writes its model to).")]
Picture = Annotated[str | None, typer.Option(
    "--svg", help="Also draw the result into this picture file (.svg, or .png with the png "
                  "extra): givens black, solved digits blue, pencil marks for candidates, "
                  "differing or clashing cells highlighted. One puzzle only.")]
IgnoreUnsupported = Annotated[bool, typer.Option(
    "--ignore-unsupported", help="f-puzzles, SudokuPad and Penpa+ input: go on without the "
                                 "constraints satdoku cannot express (named in a warning "
                                 "that the output keeps) instead of refusing the puzzle "
                                 "(ipuz fields satdoku cannot interpret are always refused).")]

__all__ += ["DEFAULT_AMO", "DEFAULT_BACKEND", "DEFAULT_ENCODING"]


@dataclass(frozen=True)
class Source:
    """The puzzle argument and how to read it (``--box``, ``--layout``, ``--rules``,
    ``--ignore-unsupported``)."""

    puzzle: str
    box: str = "auto"
    rules: str = ""
    ignore_unsupported: bool = False
    layout: str | None = None

    def read(self) -> tuple[Sequence[Record], str]:
        """Every record of the input, and its name
        (:func:`~satdoku.formats.loader.read_records`)."""
        from satdoku.formats.loader import read_records
        return read_records(self.puzzle, self.box, self.rules, self.ignore_unsupported,
                            self.layout)


@dataclass(frozen=True)
class Batch:
    """Where the results of a batch go and on how many processes it runs."""

    output: str | None = None
    quiet: bool = False
    jobs: int = 1
    dask: str | None = None


group(SolverOptions, encoding=(EncodingOpt, DEFAULT_ENCODING), amo=(AmoOpt, DEFAULT_AMO),
      backend=(Backend, DEFAULT_BACKEND), time_limit=(TimeLimit, None),
      memory_budget=(MemoryBudget, None))
group(Source, puzzle=(PuzzleArg, inspect.Parameter.empty),  # (an argument: no default)
      box=(Box, "auto"), layout=(LayoutOpt, None), rules=(Rules, ""),
      ignore_unsupported=(IgnoreUnsupported, False))
group(Batch, output=(Output, None), quiet=(Quiet, False), jobs=(Jobs, 1), dask=(Dask, None))

"""Sudoku CNF for any DIMACS solver: export with a readable header, read models back, run one.

The cell variables are ``v(r,c,d) = (r·n + c)·n + d + 1`` (0-based r, c, d), auxiliaries
follow; the givens are unit clauses at the end. A model read back is decoded into a grid
and checked by the rules' own checkers, never trusted.

>>> import io
>>> from satdoku.formats import parse_puzzle
>>> p = parse_puzzle("1.34 34.2 2.43 43.1")
>>> out = io.StringIO(); _ = write_cnf(p, out)
>>> [line for line in out.getvalue().splitlines() if line.startswith("p ")]
['p cnf 64 460']
>>> solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
>>> model = " ".join(str(i * 4 + d) for i, d in enumerate(solution))
>>> decode(p, "s SATISFIABLE\\nv " + model + " 0").status
<Status.SOLVED: 'solved'>
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import tempfile
from importlib import metadata
from pathlib import Path
from typing import TextIO

from cnf import AMO, Formula, parse_model, write_dimacs
from cnf.dimacs import DimacsError, stats_table
from satdoku.board import Board, default_box
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, Encoding, build
from satdoku.errors import ParseError, SatdokuError, VerificationError
from satdoku.formats import format_line
from satdoku.puzzle import Puzzle
from satdoku.rules import CATALOGUE, Grid, all_rules
from satdoku.solving.solver import Result, Status


class ExternalSolverError(SatdokuError):
    """An external solver that cannot be run, crashed, or printed something unreadable."""


class ModelError(SatdokuError):
    """A model that does not encode a solution of the puzzle it is decoded against."""


# -- export ------------------------------------------------------------------------------
def header(puzzle: Puzzle, encoding: Encoding, amo: AMO, formula: Formula) -> list[str]:
    """The comment lines of an exported CNF: generator, board, rules, options, variable map."""
    board, n = puzzle.board, puzzle.board.n
    try:
        version = metadata.version("satdoku")
    except metadata.PackageNotFoundError:
        version = "unknown"
    lines = [f"satdoku {version}: Sudoku as SAT",
             f"board: {board.describe()}"]
    if board.regions is not None:
        lines.append("regions: " + " ".join(map(str, board.regions)))
    if board.multigrid:
        lines.append("grids (top-left cells): " + " ".join(board.grid_names()))  # type: ignore[attr-defined]
    variables = _multigrid_variables(board, formula) if board.multigrid else [
        f"variables: v(r,c,d) = (r*{n} + c)*{n} + d + 1 for row r, column c, digit d+1, "
        "all counted from 0",
        f"  i.e. 1..{n ** 3} are the cells (v = {n} means r1c1 holds {n}); "
        + (f"{n ** 3 + 1}..{formula.num_vars} are auxiliary" if formula.num_vars > n ** 3
           else "there are no auxiliary variables")]
    lines += [
        "rules: " + ", ".join(rule.name for rule in all_rules(board, puzzle.rules)),
        f"encoding: {Encoding(encoding).value}, at-most-one: {AMO(amo).value}",
        f"puzzle: {format_line(board, puzzle.givens)}",
        f"givens: {puzzle.num_givens} unit clause{'' if puzzle.num_givens == 1 else 's'} "
        "at the end"
        + (f", plus {len(puzzle.eliminated)} eliminated candidates as negative units"
           if puzzle.eliminated else ""),
        *variables,
        f"decode a model with: {decode_command(puzzle)}",
        "",
        *stats_table(formula),
    ]
    return lines


def _multigrid_variables(board: Board, formula: Formula) -> list[str]:
    """The variable map of a multi-grid board: cells counted over the cells that exist,
    row by row, and for each canvas row which columns are which cells and variables."""
    n, top = board.n, board.num_cell_vars
    return [f"variables: v(k,d) = k*{n} + d + 1 for the k-th cell and digit d+1, both "
            "counted from 0; cells are counted row by row over the places a grid covers "
            "(holes have none):",
            f"  i.e. 1..{top} are the cells; " + (
                f"{top + 1}..{formula.num_vars} are auxiliary" if formula.num_vars > top
                else "there are no auxiliary variables"),
            *(f"  {line}" for line in board.cell_map())]  # type: ignore[attr-defined]


def decode_command(puzzle: Puzzle) -> str:
    """The ``satdoku decode`` command line that reads this puzzle's model back.

    >>> from satdoku.formats import parse_puzzle
    >>> from satdoku.rules import parse_rules
    >>> decode_command(parse_puzzle("." * 81, box="none", rules=parse_rules("anti-knight")))
    'satdoku decode PUZZLE MODEL --box none --rules anti-knight'
    """
    board, words = puzzle.board, ["satdoku decode PUZZLE MODEL"]
    if board.multigrid:
        name = board.kind  # type: ignore[attr-defined]
        words.append(f"--layout {name}" if name != "multi-grid" else "--layout LAYOUT.json")
    if board.regions is None and board.box != default_box(board.n):
        words.append("--box " + (f"{board.box[0]}x{board.box[1]}" if board.box else "none"))
    named = [rule.name for rule in puzzle.rules if rule.name in CATALOGUE]
    if named:
        words.append("--rules " + ",".join(named))
    return " ".join(words)


def write_cnf(puzzle: Puzzle, out: TextIO, encoding: Encoding = DEFAULT_ENCODING,
              amo: AMO = DEFAULT_AMO) -> Formula:
    """Stream the puzzle's CNF (rules + givens as units) to ``out``; returns the formula.

    Deterministic: the same puzzle and options give the same bytes.
    """
    formula = cnf_formula(puzzle, encoding, amo)
    write_dimacs(formula, out, header(puzzle, encoding, amo, formula), puzzle.assumptions())
    return formula


def cnf_formula(puzzle: Puzzle, encoding: Encoding = DEFAULT_ENCODING,
                amo: AMO = DEFAULT_AMO) -> Formula:
    """The (cached) rules' CNF for ``puzzle``, after checking that it can be exported."""
    puzzle.require_no_clash()
    formula = build(puzzle.board, puzzle.rules, Encoding(encoding), AMO(amo))
    if formula.atmosts:
        raise ParseError(f"--amo {AMO(amo).value} keeps native cardinality constraints, which "
                         "DIMACS CNF cannot hold; choose a clause encoding")
    return formula


# -- decode ------------------------------------------------------------------------------
def grid_of(puzzle: Puzzle, lits: list[int]) -> Grid:
    """The grid a model's true cell literals describe; :class:`ModelError` if incomplete.

    >>> from satdoku.formats import parse_puzzle
    >>> grid_of(parse_puzzle("." * 16), [1, -2, 6, 11, 16])
    Traceback (most recent call last):
    ...
    satdoku.solving.external.ModelError: the model sets no digit for r2c1 and 11 more
    """
    board, n = puzzle.board, puzzle.board.n
    cells = [0] * board.num_cells
    for lit in lits:
        if 0 < lit <= board.num_cell_vars:
            cell, digit = divmod(lit - 1, n)
            if cells[cell] and cells[cell] != digit + 1:
                raise ModelError(f"the model puts both {cells[cell]} and {digit + 1} "
                                 f"in {board.cell_name(cell)}")
            cells[cell] = digit + 1
    missing = [board.cell_name(i) for i, d in enumerate(cells) if not d]
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise ModelError(f"the model sets no digit for {missing[0]}{more}")
    return tuple(cells)


def decode(puzzle: Puzzle, text: str) -> Result:
    """Read a solver's output for ``puzzle``: SOLVED (verified), NO_SOLUTION/INVALID or UNKNOWN."""
    try:
        status, lits = parse_model(text)
    except DimacsError as err:
        raise ModelError(f"unreadable solver output: {err}") from None
    if not any(line.strip() and not line.lstrip().startswith("c") for line in text.splitlines()):
        raise ModelError("the solver output holds no answer: no 's' line and no model")
    if status == "UNSAT":
        clashes = tuple(puzzle.clashes())
        return Result(Status.INVALID if clashes else Status.NO_SOLUTION, clashes=clashes)
    if status != "SAT":
        return Result(Status.UNKNOWN)
    grid = grid_of(puzzle, lits)
    try:
        puzzle.verify(grid)
    except VerificationError as err:
        reason = str(err).split("verification: ", 1)[-1]
        raise ModelError(f"the model is not a solution of this puzzle: {reason}") from None
    return Result(Status.SOLVED, (grid,))


# -- run ---------------------------------------------------------------------------------
def command_line(command: str, cnf: Path, model: Path) -> tuple[list[str], bool]:
    """(argv, whether the model goes to the ``{model}`` file rather than standard output).

    ``{cnf}`` stands for the CNF file (appended when absent), ``{model}`` for a file the
    solver writes its answer to (MiniSat style).

    >>> command_line("minisat {cnf} {model}", Path("p.cnf"), Path("m.txt"))
    (['minisat', 'p.cnf', 'm.txt'], True)
    >>> command_line("kissat -q", Path("p.cnf"), Path("m.txt"))
    (['kissat', '-q', 'p.cnf'], False)
    """
    try:
        argv = shlex.split(command)
    except ValueError as err:
        raise ExternalSolverError(f"--external {command!r}: {err}") from None
    if not argv:
        raise ExternalSolverError("--external needs a command, e.g. 'kissat -q'")
    uses_file = any("{model}" in arg for arg in argv)
    if not any("{cnf}" in arg for arg in argv):
        argv.append("{cnf}")
    argv = [arg.replace("{cnf}", str(cnf)).replace("{model}", str(model)) for arg in argv]
    return argv, uses_file


def solve_external(puzzle: Puzzle, command: str, encoding: Encoding = DEFAULT_ENCODING,
                   amo: AMO = DEFAULT_AMO, time_limit: float | None = None) -> Result:
    """Write the CNF to a temporary file, run ``command`` on it, decode and verify the model."""
    with tempfile.TemporaryDirectory(prefix="satdoku-") as folder:
        cnf, model = Path(folder, "puzzle.cnf"), Path(folder, "model.txt")
        with cnf.open("w", encoding="ascii") as out:
            write_cnf(puzzle, out, encoding, amo)
        argv, uses_file = command_line(command, cnf, model)
        finished, code, stdout, stderr = _run(argv, time_limit)
        if not finished:
            return Result(Status.UNKNOWN)
        text = model.read_text() if uses_file and model.exists() else ("" if uses_file
                                                                        else stdout)
        try:
            result = decode(puzzle, text)
        except ModelError as err:
            raise ExternalSolverError(f"{argv[0]}: {err}{_exit_note(code, stderr)}") from None
    if result.status is Status.UNKNOWN and (code not in (0, 10, 20) or not _says_unknown(text)):
        raise ExternalSolverError(f"{argv[0]} gave no answer{_exit_note(code, stderr)}")
    return result


def _says_unknown(text: str) -> bool:
    """Whether a solver's output says it gave up (rather than saying nothing)."""
    words = {line.strip().removeprefix("s ").strip().upper() for line in text.splitlines()}
    return bool(words & {"UNKNOWN", "INDETERMINATE", "INDET"})


def _run(argv: list[str], time_limit: float | None) -> tuple[bool, int, str, str]:
    """(finished in time, exit code, stdout, stderr); the whole process group is killed."""
    try:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, text=True, start_new_session=True)
    except FileNotFoundError:
        raise ExternalSolverError(f"solver not found: {argv[0]} (is it installed and on "
                                  "PATH?)") from None
    except OSError as err:
        raise ExternalSolverError(f"cannot run {argv[0]}: {err.strerror}") from None
    try:
        stdout, stderr = proc.communicate(timeout=time_limit)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return False, proc.returncode, "", ""
    return True, proc.returncode, stdout, stderr


def _exit_note(code: int, stderr: str) -> str:
    last = next((ln.strip() for ln in reversed(stderr.splitlines()) if ln.strip()), "")
    how = f"killed by signal {-code}" if code < 0 else f"exit code {code}"
    return f" ({how}{': ' + last if last else ''})"

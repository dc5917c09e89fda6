"""``satdoku generate``: unique, minimal, symmetric puzzles of any size and rules."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from typing import Annotated, TextIO

import typer

from satdoku.board import Board
from satdoku.cli.app import app
from satdoku.cli.options import (
    DEFAULT_AMO,
    DEFAULT_BACKEND,
    DEFAULT_ENCODING,
    SHARED_INPUT,
    AmoOpt,
    Backend,
    Dask,
    EncodingOpt,
    LayoutOpt,
    Output,
    Quiet,
    TimeLimit,
)
from satdoku.errors import BoardError, ExitCode
from satdoku.formats.givens_only import givens_only_loss
from satdoku.formats.loader import layout_board
from satdoku.generating.by_grade import Difficulty
from satdoku.generating.many import generate_many
from satdoku.generating.options import GenerateOptions
from satdoku.generating.output import GenOutput, render, undecided_text
from satdoku.generating.stream import Generated
from satdoku.puzzle import Puzzle
from satdoku.runtime.output import output_stream
from satdoku.runtime.progress import Progress
from satdoku.runtime.signals import interrupts_held
from satdoku.symmetry import Symmetry

GENERATE_EXIT_CODES = (
    "Exit codes: 0 puzzles made · 2 bad input or usage (e.g. rules that no grid satisfies) · "
    "4 a time limit ran out before a full grid was found (that puzzle is skipped, the others "
    "are written; also when --difficulty found fewer than --count puzzles in --attempts) · "
    "70 internal error (please report) · 130 interrupted (Ctrl-C or TERM): "
    "the puzzles made so far are written, in order."
)
Count = Annotated[int, typer.Option("--count", "-n", min=1, help="How many puzzles.")]
#: The most digits of a --seed; the largest --budget (conflicts per removal test).
SEED_DIGITS, MAX_BUDGET = 100, 10 ** 12


def seed_of(value: int | None) -> int | None:
    """A --seed callback: at most :data:`SEED_DIGITS` digits."""
    if value is not None and len(str(abs(value))) > SEED_DIGITS:
        raise typer.BadParameter(f"a seed of {len(str(abs(value))):,} digits: give at most "
                                 f"{SEED_DIGITS}")
    return value


Seed = Annotated[int | None, typer.Option(
    "--seed", callback=seed_of,
    help="Seed (an integer of at most 100 digits): the same seed and options give the same "
         "puzzles (unless a time limit ran out). Default: a random seed, shown in every "
         "puzzle's header (grid) or 'seed' (JSON).")]
Size = Annotated[int | None, typer.Option(
    "--size", min=1, help="Board size when --box does not give it (default 9).")]
GenBox = Annotated[str, typer.Option(
    "--box", help="Box size RxC (3x3, 2x3, 4x4, 5x5…); 'none' for a Latin square of --size.")]
GenRules = Annotated[str, typer.Option(
    "--rules", help="Extra rules, comma-separated (e.g. anti-knight,anti-king); "
                    "'satdoku rules' lists them.")]
SymmetryOpt = Annotated[Symmetry, typer.Option(
    "--symmetry", case_sensitive=False,
    help="Symmetry of the clue pattern: rot180 (half-turn), rot90 (quarter-turn), mirror "
         "(left-right), flip (top-bottom), diagonal, antidiagonal, dihedral (all eight), "
         "none.")]
Clues = Annotated[int | None, typer.Option(
    "--clues", "--givens", min=0,
    help="Stop removing clues once at most this many are left (a whole orbit goes at a time, "
         "so a puzzle may end a little below; a note says when one could not get that "
         "low). With --killer, 0 makes zero-given killers: cages are cut and merged until "
         "their sums alone make the puzzle unique; with --draw, drawn constraints are added "
         "until unique (if they cannot be, the puzzle keeps a few givens and a note says "
         "so).")]
Template = Annotated[str | None, typer.Option(
    "--template", metavar="PUZZLE",
    help="Generate on this puzzle's board and rules: a JSON puzzle (cages, lines, dots, "
         f"jigsaw regions …), {SHARED_INPUT}, or a plain grid. Each grid satisfies every "
         "rule of the template, then clues are removed as usual; --rules add to the "
         "template's.")]
TemplateGivensOpt = Annotated[str, typer.Option(
    "--template-givens", metavar="keep|removable|drop",
    help="The template's givens: keep (in every puzzle, never removed), removable (every "
         "grid keeps them, but removal may take them like any clue), drop (ignored).")]
Jigsaw = Annotated[bool, typer.Option(
    "--jigsaw", help="Random connected jigsaw regions of equal size (a new map for each "
                     "puzzle, the size from --size) instead of boxes.")]
Killer = Annotated[bool, typer.Option(
    "--killer", help="Random killer cages covering the grid (a new layout for each puzzle; "
                     "sums from the grid, digits in a cage distinct). With --givens 0: no "
                     "givens at all.")]
CageSize = Annotated[str | None, typer.Option(
    "--cage-size", metavar="MIN-MAX", show_default=False,
    help="Cage sizes for --killer (cells). Default: 2-5, at most the board size.")]
DrawOpt = Annotated[str | None, typer.Option(
    "--draw", metavar="KIND[:COUNT],…", show_default=False,
    help="Constraints drawn over each grid (a new layout for each puzzle): thermos, arrows, "
         "dots (kropki white and black), xv. COUNT defaults to half the size for thermos "
         "and arrows, the size for dots and xv; dots:all or xv:all draw every one, with the "
         "negative constraint. Givens are then removed; with --givens 0, more are drawn "
         "until the puzzle is unique, then any not needed are dropped. E.g. --draw "
         "thermos:6,arrows:4,dots.")]
Budget = Annotated[int | None, typer.Option(
    "--budget", min=0, max=MAX_BUDGET,
    help="Conflicts per removal test, at most 10^12 (default 1000 up to 16x16, 100 above; "
         "0: none); a test that runs out keeps its clues.")]
Minimal = Annotated[bool, typer.Option(
    "--minimal", help="Prove every puzzle minimal: orbits whose removal test ran out of its "
                      "budget are tested again, budgets growing tenfold, until each one is "
                      "decided (on 25x25 this takes minutes instead of seconds). Without it, "
                      "such orbits stay and the output says how many. With --givens 0, the "
                      "tests of drawn pieces and killer cage merges then have no budget. The "
                      "hardest tests run in processes of their own, on the cores the --jobs "
                      "workers leave free (cores / workers, at least 1; 1 with --dask).")]
Strict = Annotated[bool, typer.Option(
    "--strict", help="Finish with single cells: no given at all can be removed (this may "
                     "break the symmetry).")]
WithSolution = Annotated[bool, typer.Option(
    "--with-solution", help="Print the solution too (line: after a space; JSON: 'solution').")]
GenFormat = Annotated[GenOutput | None, typer.Option(
    "--format", "-f", help="Output: grid (default for one puzzle), line (default for "
                           "--count > 1; both show the givens only, so --template with "
                           "rules, --jigsaw, --killer and --draw default to json), json "
                           "(one object per line, with all constraints, clue count, "
                           "symmetry, minimality, seed, time and solver calls; "
                           "'satdoku check' reads it back), fpuzzles or sudokupad (a link "
                           "per line that opens the puzzle in f-puzzles or SudokuPad).")]
Jobs = Annotated[int, typer.Option(
    "--jobs", "-j", min=0, help="Worker processes, 0 = one per core, and no more than one "
                                "per core (a note says so); default 1: this process "
                                "alone. The puzzles are the same whatever N (each block of "
                                "puzzles has a seed of its own, derived from --seed).")]

DifficultyOpt = Annotated[Difficulty | None, typer.Option(
    "--difficulty", help="Keep only puzzles of this grade (the grade of 'satdoku explain': "
                         "the hardest step of the solving path): puzzles are made, explained "
                         "and graded until --count of them match or --attempts run out.")]
Attempts = Annotated[int, typer.Option(
    "--attempts", min=1, help="With --difficulty: at most this many puzzles made and graded.")]


@app.command(epilog=GENERATE_EXIT_CODES)
def generate(count: Count = 1, seed: Seed = None, size: Size = None, box: GenBox = "auto",
             rules: GenRules = "", symmetry: SymmetryOpt = Symmetry.ROT180,
             clues: Clues = None, strict: Strict = False, minimal: Minimal = False,
             time_limit: TimeLimit = None,
             budget: Budget = None, with_solution: WithSolution = False,
             encoding: EncodingOpt = DEFAULT_ENCODING, amo: AmoOpt = DEFAULT_AMO,
             backend: Backend = DEFAULT_BACKEND, fmt: GenFormat = None,
             output: Output = None, jobs: Jobs = 1, quiet: Quiet = False,
             template: Template = None, template_givens: TemplateGivensOpt = "keep",
             jigsaw: Jigsaw = False, killer: Killer = False,
             cage_size: CageSize = None, draw: DrawOpt = None, dask: Dask = None,
             difficulty: DifficultyOpt = None, attempts: Attempts = 200,
             multigrid: LayoutOpt = None) -> None:
    """Generate unique puzzles, minimal for their clue symmetry (rot180 by default).

    When a removal test runs out of its budget, minimality is not proven: the output says so
    and names the orbits left undecided; --minimal decides them. When --time-limit runs out,
    the puzzle keeps its remaining clues (unique, minimality not proven); a puzzle with no
    full grid by then (or no CNF: building it is part of the first puzzle's time) is skipped
    (exit 4).

    Examples: satdoku generate  ·  satdoku generate -n 1000 --seed 7 -o puzzles.txt  ·
    satdoku generate --box 4x4 --symmetry rot90 -f grid  ·  satdoku generate --box 2x3
    --symmetry none --clues 12  ·  satdoku generate --rules anti-knight,anti-king  ·
    satdoku generate --with-solution -f json  ·  satdoku generate --box 5x5 --time-limit 60
    ·  satdoku generate --template my-layout.json -n 10  ·  satdoku generate --jigsaw -n 5
    ·  satdoku generate --killer --givens 0  ·  satdoku generate --killer --jigsaw -f
    fpuzzles  ·  satdoku generate --draw thermos:6,arrows:4,dots  ·  satdoku generate
    --draw dots,xv --givens 0 --size 6  ·  satdoku generate -n 100000 -j 0 -o puzzles.txt
    ·  satdoku generate --difficulty hard -n 5  ·  satdoku generate --layout samurai
    """
    from satdoku.generating.setup import TemplateGivens, check_fpuzzles, setup

    try:
        kept = TemplateGivens(template_givens.strip().lower())
    except ValueError:
        raise typer.BadParameter("choose keep, removable or drop",
                                 param_hint="--template-givens") from None
    if multigrid is not None and (template or jigsaw or killer or draw):
        raise BoardError("--layout sets the board: it goes with --size, --box and --symmetry, "
                         "not with --template, --jigsaw, --killer or --draw")
    board = (Board.from_spec(size, box) if multigrid is None else
             layout_board(multigrid, size, box))
    layout = setup(None if template else board, template, kept, jigsaw, killer, cage_size,
                   size, box, rules, draw)
    board, extra = layout.board, layout.rules
    if clues is not None and clues >= board.num_cells:
        what = board.describe() if board.multigrid else f"{board.n}x{board.n}"
        raise BoardError(f"--clues {clues}: a {what} board has only {board.num_cells} cells; "
                         "give fewer")
    if fmt in (GenOutput.fpuzzles, GenOutput.sudokupad):  # what f-puzzles cannot say, first
        check_fpuzzles(layout, fmt.value, rules)
    options = GenerateOptions(symmetry=symmetry, clues=clues, strict=strict, minimal=minimal,
                              time_limit=time_limit, conflicts=budget,
                              encoding=encoding, amo=amo, backend=backend, **layout.options)
    seed = secrets.randbelow(2 ** 31) if seed is None else seed
    made = generate_many(board, extra, options, seed, attempts if difficulty else count,
                         jobs, dask)
    if difficulty is not None:
        from satdoku.generating.by_grade import GradePick
        tried = Progress(attempts, "attempts", quiet)
        pick = GradePick(difficulty, count, time_limit, tried.update)
        made = pick.filter(made)
    if not layout.plain and not board.multigrid and fmt in (GenOutput.grid, GenOutput.line):
        typer.echo(f"satdoku: note: --format {fmt.value} shows the givens only; the rules, "
                   "regions, cages and other constraints are in --format json, fpuzzles or "
                   "sudokupad", err=True)
    chosen = fmt or (GenOutput.json if not layout.plain else
                     GenOutput.grid if count == 1 else GenOutput.line)
    if (layout.plain or board.multigrid) and chosen in (GenOutput.grid, GenOutput.line) and (
            loss := givens_only_loss(Puzzle(board, (0,) * board.num_cells, extra))):
        # (other boxes, a layout, --rules: the options that read the line back)
        typer.echo(f"satdoku: note: {loss.message(chosen.value)}", err=True)
    with output_stream(output) as out:
        code = write_all(made, count, out, chosen, with_solution, quiet, minimal)
    if difficulty is not None and code != 130:
        tried.close()
        typer.echo(f"satdoku: {pick.message()}", err=True)
        code = code if pick.reached else max(code, ExitCode.TIME_LIMIT)
    raise typer.Exit(int(code))


def write_all(made: Iterator[Generated | TimeoutError], count: int, out: TextIO,
              fmt: GenOutput, with_solution: bool, quiet: bool,
              minimal: bool = False) -> int:
    """Write each puzzle as it comes; notes on stderr; the exit code (130 on Ctrl-C, after
    which the output file still gets every puzzle made). ``minimal``: --minimal was given
    (then only the time limit leaves anything undecided)."""
    progress, code = Progress(count, "puzzles", quiet, out), ExitCode.OK
    written, short, unproven, undecided, pieces, zero, k = 0, [], 0, 0, 0, False, 0

    def take(item: Generated | TimeoutError) -> None:
        nonlocal written, unproven, undecided, pieces, zero, code, k
        k += 1
        progress.update(k)
        if isinstance(item, TimeoutError):
            progress.note(f"satdoku: puzzle {k}: {item}")
            code = ExitCode.TIME_LIMIT
            return
        gap = "\n" if written and fmt is GenOutput.grid else ""
        text = gap + render(item, fmt, with_solution) + "\n"
        with interrupts_held():  # (a puzzle written is counted)
            out.write(text)
            written += 1
        if not item.reached_target:
            short.append(item.clues)
        zero = item.target == 0
        # (a clue target reached stops removal by request; a zero-given layout's pieces not)
        if not item.proven_minimal and (item.target is None or not item.reached_target
                                        or item.undecided_pieces):
            unproven, undecided = unproven + 1, undecided + item.undecided
            pieces += item.undecided_pieces

    try:
        for item in made:
            take(item)
    except KeyboardInterrupt:
        for item in _finished(made):  # (the workers' puzzles done before the interrupt)
            take(item)
        progress.close()
        typer.echo(f"satdoku: interrupted; {_made(written)}", err=True)
        return 130
    finally:
        progress.close()
    if short:
        typer.echo(f"satdoku: note: {len(short)} of {written} puzzles stopped above the clue "
                   f"target (fewest {min(short)} clues)" + (
                       ": the constraints alone (drawn or the template's) did not make them "
                       "unique, or not within --time-limit, so they keep the givens that do"
                       if zero else ""), err=True)
    if unproven:
        typer.echo(f"satdoku: note: {unproven} of {written} puzzles are unique but not proven "
                   f"minimal: {undecided_text(undecided, pieces)} in all "
                   f"{'was' if undecided == 1 else 'were'} kept undecided when a "
                   f"{'test' if pieces else 'removal test'} " + (
                       "ran out of the time limit (a larger --time-limit, or none, decides "
                       "them)" if minimal else
                       "ran out of its budget or the time limit (--minimal decides them; "
                       "--budget 0 lifts the budget)"), err=True)
    return code


def _finished(made: Iterator[Generated | TimeoutError]) -> Iterator[Generated | TimeoutError]:
    """After Ctrl-C in the writing: the puzzles ``made`` has finished (told of the interrupt,
    :func:`~satdoku.generating.many.generate_many` gives them up to its first block not done)."""
    throw = getattr(made, "throw", None)
    if throw is None:
        return
    try:
        first = throw(KeyboardInterrupt)
    except (KeyboardInterrupt, StopIteration):  # (it had ended, or kept nothing)
        return
    yield first
    with contextlib.suppress(KeyboardInterrupt):
        yield from made


def _made(k: int) -> str:
    return "no puzzle was made" if k == 0 else (
        "the puzzle made was written" if k == 1 else f"the {k:,} puzzles made were written")

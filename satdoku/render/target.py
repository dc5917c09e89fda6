"""A picture beside a command's result (``--svg FILE``): any command that has a result for one
puzzle can also draw it.

>>> picture_target(None, [1, 2]) is None
True
>>> picture_target("out.svg", [1, 2])
Traceback (most recent call last):
...
satdoku.errors.SatdokuError: --svg draws one puzzle, but the input holds 2
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sized

from satdoku.errors import SatdokuError
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid


def picture_target(picture: str | None, records: Sized) -> str | None:
    """``--svg``'s file, after checking it can be drawn (one puzzle, not standard output)."""
    if picture is not None and not picture.strip():
        raise SatdokuError("--svg needs a file name")
    if picture and len(records) > 1:
        raise SatdokuError(f"--svg draws one puzzle, but the input holds {len(records)}")
    if picture == "-":
        raise SatdokuError("--svg -: standard output carries the results; give a file name")
    return picture


def draw(picture: str | None, puzzle: Puzzle, solution: Grid | None = None,
         candidates: Mapping[int, Collection[int]] | None = None,
         highlight: Collection[int] = (),
         colours: Mapping[tuple[int, int], str] | None = None) -> None:
    """Write the picture when ``--svg`` was given (nothing otherwise)."""
    if picture:
        from satdoku.render import write_picture  # only commands that draw pay for it
        write_picture(picture, puzzle, solution, candidates, highlight, colours=colours)


def what_to_draw(puzzle: Puzzle, solve: bool, candidates: bool, backend: str | None = None
                 ) -> tuple[Grid | None, dict[int, tuple[int, ...]] | None, str]:
    """A solution (``solve``) or the true candidates (``candidates``) to draw on ``puzzle``'s
    picture, and a note for the user ("" for none). ClashError or SatdokuError (exit 1) when
    there is nothing to draw.

    >>> from satdoku.formats import parse_puzzle
    >>> solution, marks, note = what_to_draw(parse_puzzle("12.. .... .... ...."), True, False)
    >>> solution[:2], marks, note[:30]
    ((1, 2), None, 'the puzzle has several solutio')
    """
    from satdoku.errors import ClashError, NoSolutionError
    from satdoku.puzzle import clash_message
    from satdoku.solving.options import SolverOptions
    from satdoku.solving.solver import Status
    from satdoku.solving.solvers import Solvers

    if not (solve or candidates):
        clashes = puzzle.clashes()
        return None, None, (f"drawing a puzzle whose {clash_message(puzzle.board, clashes)}"
                            if clashes else "")
    options = SolverOptions(backend=backend) if backend else SolverOptions()
    solver = Solvers(options)(puzzle)
    result = solver.check(puzzle)
    if result.status is Status.INVALID:
        raise ClashError(clash_message(puzzle.board, result.clashes))
    if not result.solutions:
        raise NoSolutionError("no solution: nothing to draw for --solve or --candidates")
    note = ("the puzzle has several solutions; drawing one ('satdoku check' shows where they "
            "differ)" if solve and result.status is Status.MULTIPLE else "")
    if candidates:
        from satdoku.analyse.candidates import true_candidates
        return None, true_candidates(solver, puzzle, result.solutions), note
    return result.solutions[0], None, note

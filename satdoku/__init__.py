"""satdoku — Sudoku of any size and its variants as SAT.

The API an app needs is here, one import and one call per task; a puzzle may be given as a
:class:`Puzzle` or as text (a line, a grid, JSON, an f-puzzles / SudokuPad / Penpa+ link, ipuz,
a file name):

>>> import satdoku
>>> satdoku.check("1.34 34.2 2.43 43.1").status.value
'unique'
>>> satdoku.solve("1.34 34.2 2.43 43.1").solutions[0][:4]
(1, 2, 3, 4)
>>> satdoku.count("." * 16).count
288
>>> satdoku.candidates("1... ..3. .... ....")[1]  # r1c2: box 1 needs its 3 in row 1
(3,)
>>> [made.clues < 16 for made in satdoku.generate(size=4, count=2, seed=1)]
[True, True]

Names are imported on first use (``import satdoku`` stays cheap); the type checker sees them
all (``satdoku`` ships ``py.typed``). The packages: :mod:`satdoku.formats` (reading and
writing), :mod:`satdoku.solving`, :mod:`satdoku.analyse`, :mod:`satdoku.explain`,
:mod:`satdoku.generating`, :mod:`satdoku.render`; docs/python.md shows each from Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, overload

from satdoku.lazy import module_face

__version__ = "0.1.0"

if TYPE_CHECKING:
    from collections.abc import Iterator

    from satdoku.analyse.counts import CandidateCounts
    from satdoku.board import Board
    from satdoku.encoding import Encoding
    from satdoku.errors import BackendError, ParseError, RuleError, SatdokuError
    from satdoku.formats import format_grid, format_line, parse_puzzle, read_puzzles
    from satdoku.generating import Generated, GenerateOptions
    from satdoku.multigrid import MultiBoard
    from satdoku.puzzle import Puzzle
    from satdoku.rules import Grid, Rule, parse_rules
    from satdoku.solving import Count, Result, Status, SudokuSolver

#: Where each name of the API lives, imported on its first use (read without importing).
API = {
    "Board": "satdoku.board:Board",
    "CandidateCounts": "satdoku.analyse.counts:CandidateCounts",
    "Count": "satdoku.solving:Count",
    "Encoding": "satdoku.encoding:Encoding",
    "GenerateOptions": "satdoku.generating:GenerateOptions",
    "Generated": "satdoku.generating:Generated",
    "MultiBoard": "satdoku.multigrid:MultiBoard",
    "Puzzle": "satdoku.puzzle:Puzzle",
    "Result": "satdoku.solving:Result",
    "Status": "satdoku.solving:Status",
    "SudokuSolver": "satdoku.solving:SudokuSolver",
    "BackendError": "satdoku.errors:BackendError",
    "ParseError": "satdoku.errors:ParseError",
    "RuleError": "satdoku.errors:RuleError",
    "SatdokuError": "satdoku.errors:SatdokuError",
    "format_grid": "satdoku.formats:format_grid",
    "format_line": "satdoku.formats:format_line",
    "parse_puzzle": "satdoku.formats:parse_puzzle",
    "parse_rules": "satdoku.rules:parse_rules",
    "read_puzzles": "satdoku.formats:read_puzzles",
}
__getattr__, __dir__ = module_face(__name__, API)


def load(source: str, box: str = "auto", rules: str | tuple[Rule, ...] = "",
         ignore_unsupported: bool = False, layout: str | None = None) -> Puzzle:
    """The one puzzle of ``source``: its text (a line, a grid, JSON, an f-puzzles or
    SudokuPad link), a file name, or '-' for standard input; ParseError when it holds none,
    several, or a bad one (:func:`satdoku.formats.loader.load_all` reads many). ``layout``
    reads text as a multi-grid layout ("samurai" …, or a JSON file); a samurai written with
    its holes as ``*`` says so itself.

    >>> load("1.34 34.2 2.43 43.1").num_givens
    12
    """
    from satdoku.formats.loader import load as load_one
    return load_one(source, box, rules, ignore_unsupported, layout)


def _puzzle(puzzle: Puzzle | str) -> Puzzle:
    return load(puzzle) if isinstance(puzzle, str) else puzzle


def solve(puzzle: Puzzle | str, time_limit: float | None = None, **options: Any) -> Result:
    """A solution of ``puzzle``, verified (options: encoding, amo, backend, memory_budget)."""
    from satdoku.solving import solve as solve_puzzle
    return solve_puzzle(_puzzle(puzzle), time_limit, **options)


def check(puzzle: Puzzle | str, time_limit: float | None = None, **options: Any) -> Result:
    """Is ``puzzle`` unique? Two verified solutions when it is not."""
    from satdoku.solving import check as check_puzzle
    return check_puzzle(_puzzle(puzzle), time_limit, **options)


def count(puzzle: Puzzle | str, limit: int | None = None, time_limit: float | None = None,
          **options: Any) -> Count:
    """The number of solutions of ``puzzle``, exact or up to ``limit``."""
    from satdoku.solving import count as count_puzzle
    return count_puzzle(_puzzle(puzzle), limit, time_limit, **options)


def solutions(puzzle: Puzzle | str, limit: int | None = None,
              time_limit: float | None = None, **options: Any) -> Iterator[Grid]:
    """The verified solutions of ``puzzle`` (up to ``limit``), as they are found."""
    from satdoku.solving import solutions as all_solutions
    return all_solutions(_puzzle(puzzle), limit, time_limit, **options)


@overload
def candidates(puzzle: Puzzle | str, time_limit: float | None = None, *, cap: None = None,
               **options: Any) -> dict[int, tuple[int, ...]]: ...


@overload
def candidates(puzzle: Puzzle | str, time_limit: float | None = None, *, cap: int,
               **options: Any) -> CandidateCounts: ...


def candidates(puzzle: Puzzle | str, time_limit: float | None = None, *,
               cap: int | None = None,
               **options: Any) -> dict[int, tuple[int, ...]] | CandidateCounts:
    """True candidates: each blank cell (index r·n + c; on a multi-grid board
    ``board.cell_at(r, c)``) → the digits some solution puts there (empty when the puzzle has
    no solution). TimeoutError when ``time_limit`` runs out.

    With ``cap=N``, how many solutions each candidate has, up to N (a setter's "which digit
    here makes it unique": a count of 1), as :class:`~satdoku.analyse.counts.CandidateCounts`:

    >>> counted = candidates("1... ..3. .... ....", cap=8)
    >>> counted.counts[1], counted.total  # r1c2 is a 3 in all of the (at least 8) solutions
    ((0, 0, 8, 0), 8)
    """
    p = _puzzle(puzzle)
    if cap is not None:
        from satdoku.analyse.counts import candidates as counted
        return counted(p, cap, time_limit, **options)
    from satdoku.analyse.candidates import true_candidates
    from satdoku.solving import solver_for
    return dict(true_candidates(solver_for(p.board, p.rules, **options), p,
                                deadline=_deadline(time_limit)))


def _deadline(seconds: float | None) -> Any:
    from cnf.budget import Deadline
    return Deadline(seconds)


def generate(size: int = 9, count: int = 1, seed: int | str = 0, box: str = "auto",
             rules: str | tuple[Rule, ...] = "", jobs: int = 1,
             options: GenerateOptions | None = None, layout: str | None = None,
             ) -> list[Generated]:
    """``count`` new puzzles of ``size`` (boxes ``box``: "auto", "RxC" or "none"), unique and
    minimal for their clue symmetry, reproducible from ``seed``; ``jobs`` worker processes
    (0: one per core) give the same puzzles. ``options`` (:class:`GenerateOptions`):
    symmetry, clue target, time limit, layouts … ``layout`` ("samurai", "twodoku", …, or a
    JSON file) makes a multi-grid board of ``size``×``size`` grids.

    >>> [len(made.puzzle.givens) for made in generate(size=6, count=2, seed=3)]
    [36, 36]
    >>> generate(size=4, layout="twodoku", seed=1)[0].puzzle.board.num_cells
    28
    """
    from satdoku.board import Board
    from satdoku.generating import generate_many
    from satdoku.rules import parse_rules
    if layout is not None:
        from satdoku.formats.loader import layout_board
        board: Board = layout_board(layout, size, box)
    else:
        board = Board.from_spec(size, box)
    extra = parse_rules(rules) if isinstance(rules, str) else tuple(rules)
    made: list[Generated] = []
    for item in generate_many(board, extra, options, seed, count, jobs):
        if isinstance(item, TimeoutError):  # (options.time_limit ran out before a grid)
            raise item
        made.append(item)
    return made


__all__ = [
    "BackendError",
    "Board",
    "CandidateCounts",
    "Count",
    "Encoding",
    "GenerateOptions",
    "Generated",
    "MultiBoard",
    "ParseError",
    "Puzzle",
    "Result",
    "RuleError",
    "SatdokuError",
    "Status",
    "SudokuSolver",
    "__version__",
    "candidates",
    "check",
    "count",
    "format_grid",
    "format_line",
    "generate",
    "load",
    "parse_puzzle",
    "parse_rules",
    "read_puzzles",
    "solutions",
    "solve",
]

"""Random complete grids for any board and rules, reproducible from a seed.

A grid comes from a SAT solver steered by random preferred phases (one preferred digit per
cell), then goes through random transforms: digit relabelling, row and column shuffles
within bands and stacks (and of the bands and stacks), and one of the eight maps of the
square. Each transform is kept only when the new grid still passes every rule's independent
checker, so whatever a rule set allows is used and nothing else: classic boards get all
transforms, anti-knight keeps relabelling and the maps of the square, killer cages keep
(almost) none and rely on the phases alone.

Glossary: a *phase* is the value a solver tries first for a variable it decides.

>>> import random
>>> from satdoku.board import Board
>>> with Filler(Board.classic(4)) as filler:
...     grid = filler.grid(random.Random(7))
>>> sorted(grid[:4]), len(set(grid))
([1, 2, 3, 4], 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from itertools import chain

from cnf import AMO, Session, SolveResult
from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, Encoding, build, grid_of_model
from satdoku.errors import RuleError
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, Rule, all_rules, grid_literals
from satdoku.rules.checker import grid_checker
from satdoku.symmetry import MAPS, canvas_map

#: Chosen by measurement (scripts/bench_generate.py --fill): MiniSat and Glucose follow
#: random phases (every grid distinct), and minimal puzzles made from their grids have the
#: clue counts of a random backtracking fill; CaDiCaL 1.9.5 ignored the phases (one grid).
#: MiniSat takes 0.2 ms per grid at 9x9, 2 ms at 16x16, ~20 ms at 25x25, 0.5 s at 36x36.
FILL_BACKEND = "minisat22"


def _line_order(size: int, block: int, rng: random.Random) -> list[int]:
    """A random order of ``size`` lines keeping blocks of ``block`` lines together."""
    blocks = [list(range(b, b + block)) for b in range(0, size, block)]
    rng.shuffle(blocks)
    for lines in blocks:
        rng.shuffle(lines)
    return [line for lines in blocks for line in lines]


def relabel(board: Board, grid: Grid, rng: random.Random) -> Grid:
    """The digits renamed by a random permutation."""
    names = [0, *rng.sample(range(1, board.n + 1), board.n)]
    return tuple(map(names.__getitem__, grid))


def shuffle_rows(board: Board, grid: Grid, rng: random.Random) -> Grid:
    """Rows shuffled within bands, and bands shuffled (bands are box-high; one band if no box)."""
    n = board.n
    rows = _line_order(n, board.box[0] if board.box else n, rng)
    return tuple(chain.from_iterable(grid[r * n:r * n + n] for r in rows))


def shuffle_columns(board: Board, grid: Grid, rng: random.Random) -> Grid:
    """Columns shuffled within stacks, and stacks shuffled."""
    n = board.n
    cols = _line_order(n, board.box[1] if board.box else n, rng)
    return tuple(map(grid.__getitem__, [row + c for row in range(0, n * n, n) for c in cols]))


def map_square(board: Board, grid: Grid, rng: random.Random) -> Grid:
    """The grid under a random one of the eight maps of the square (rotations, mirrors)."""
    return tuple(map(grid.__getitem__, _sources(board.n, rng.choice(sorted(MAPS)))))


@cache
def _sources(n: int, name: str) -> tuple[int, ...]:
    """For each cell, the cell that the map ``name`` sends onto it."""
    sources = [0] * (n * n)
    for i in range(n * n):
        r, c = MAPS[name](*divmod(i, n), n)
        sources[r * n + c] = i
    return tuple(sources)


Transform = Callable[[Board, Grid, random.Random], Grid]
#: Applied in this order, each kept only if the rules still hold.
TRANSFORMS: tuple[Transform, ...] = (relabel, shuffle_rows, shuffle_columns, map_square)


def transformed(board: Board, grid: Grid, rng: random.Random) -> Grid:
    """Every transform of :data:`TRANSFORMS` in turn, composed into one pass over the grid
    (the same random draws, the same grid: a third of the time).

    >>> from satdoku.board import Board
    >>> board, grid = Board.classic(4), (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    >>> chained, rng = grid, random.Random(5)
    >>> for transform in TRANSFORMS:
    ...     chained = transform(board, chained, rng)
    >>> transformed(board, grid, random.Random(5)) == chained
    True
    """
    if board.multigrid:
        return canvas_transformed(board, grid, rng)
    n = board.n
    names = [0, *rng.sample(range(1, n + 1), n)]
    rows = _line_order(n, board.box[0] if board.box else n, rng)
    cols = _line_order(n, board.box[1] if board.box else n, rng)
    sources = _sources(n, rng.choice(sorted(MAPS)))
    # cell k of the shuffled grid comes from cell at[k] (a row of rows, a column of cols)
    at = [row * n + c for row in rows for c in cols]
    return tuple(map(names.__getitem__, map(grid.__getitem__, map(at.__getitem__, sources))))


def canvas_transformed(board: Board, grid: Grid, rng: random.Random) -> Grid:
    """A multi-grid board's grid under random transforms that keep its layout: digits
    renamed, the rows of each band of boxes shuffled (bands stay: the holes would move), the
    columns of each stack, and a map of the square that sends the grids onto the grids.

    >>> from satdoku.multigrid import MultiBoard
    >>> board = MultiBoard.layout("twodoku", 4)
    >>> with Filler(board) as filler:
    ...     grid = filler.grid(random.Random(2))
    >>> from satdoku.rules.checker import grid_checker
    >>> from satdoku.rules import classic_rules
    >>> grid_checker(board, classic_rules(board))(canvas_transformed(board, grid, random.Random(3)))
    True
    """
    n = board.n
    names = [0, *rng.sample(range(1, n + 1), n)]
    a, b = board.box or (1, 1)
    rows = [r for band in range(0, board.height, a) for r in _shuffled(band, a, rng)]
    cols = [c for stack in range(0, board.width, b) for c in _shuffled(stack, b, rng)]
    move = rng.choice(_grid_maps(board))
    at = board.cell_at
    # the cell at place p takes the digit of the cell at (rows × cols)(move(p))
    sources = [at(rows[r], cols[c]) for r, c in (move(*p) for p in board.coords)]
    return tuple(names[grid[i]] for i in sources)  # type: ignore[index]


def _shuffled(start: int, size: int, rng: random.Random) -> list[int]:
    lines = list(range(start, start + size))
    rng.shuffle(lines)
    return lines


@cache
def _grid_maps(board: Board) -> list[Callable[[int, int], tuple[int, int]]]:
    """The maps of the square (on the board's canvas) that send its grids onto its grids."""
    found = []
    grids = set(board.grids)  # type: ignore[attr-defined]
    n = board.n
    for name in sorted(MAPS):
        move = canvas_map(name, board.height, board.width)
        if move is None:
            continue
        images = set()
        for r, c in grids:
            corners = [move(r, c), move(r + n - 1, c + n - 1)]
            images.add((min(p[0] for p in corners), min(p[1] for p in corners)))
        if images == grids:
            found.append(move)
    return found


class Filler:
    """Random full grids for one board and rule set, from one incremental solver.

    ``backend`` defaults to :data:`FILL_BACKEND`; a formula with native cardinality
    constraints (``amo="native"``) needs a back-end that has them. ``deadline`` bounds
    building and loading the CNF (TimeoutError).
    """

    def __init__(self, board: Board, rules: tuple[Rule, ...] = (),
                 encoding: Encoding = DEFAULT_ENCODING, amo: AMO = DEFAULT_AMO,
                 backend: str = FILL_BACKEND, deadline: Deadline | None = None) -> None:
        self.board, self.rules = board, tuple(rules)
        self.checks = all_rules(board, self.rules)
        self.holds = grid_checker(board, self.checks)  # every rule, one fast pass
        self.session = Session(build(board, self.rules, encoding, amo, deadline=deadline),
                               backend, deadline=deadline)
        self._negative = list(range(-1, -board.num_cell_vars - 1, -1))  # every digit: false

    def close(self) -> None:
        self.session.close()

    def __enter__(self) -> Filler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def grid(self, rng: random.Random, time_limit: float | None = None,
             givens: Grid | None = None, conflicts: int | None = None) -> Grid:
        """A random complete grid, verified by the rules' checkers; with ``givens`` (0 =
        blank), one that keeps them.

        Raises :class:`RuleError` when no grid satisfies the rules (and givens),
        :class:`TimeoutError` when ``time_limit`` seconds or ``conflicts`` run out first.
        """
        grid = self._solve(rng, time_limit, givens, conflicts)
        moved = transformed(self.board, grid, rng)
        if self._valid(moved, givens):  # (checked: no need to check the solver's grid too)
            return moved
        Puzzle(self.board, givens or grid, self.rules).verify(grid, self.holds)
        for transform in TRANSFORMS[:1] if self.board.multigrid else TRANSFORMS:
            # some transform breaks a rule: keep the others (relabelling alone on a canvas)
            moved = transform(self.board, grid, rng)
            if self._valid(moved, givens):
                grid = moved
        return grid

    def _valid(self, grid: Grid, givens: Grid | None = None) -> bool:
        return (self.holds(grid)
                and (givens is None or all(g in (0, d) for g, d in zip(givens, grid, strict=True))))

    def _solve(self, rng: random.Random, time_limit: float | None,
               givens: Grid | None = None, conflicts: int | None = None) -> Grid:
        n, random = self.board.n, rng.random
        phases = self._negative.copy()  # all of them, each time (MiniSat saves the phases
        for var in range(0, len(phases), n):  # of its search over them): one true per cell
            phases[var + int(random() * n)] *= -1
        self.session.set_phases(phases)
        assumptions = grid_literals(self.board, givens or ())
        answer = self.session.solve(assumptions, time_limit=time_limit,
                                    conflict_budget=conflicts)
        if answer is SolveResult.UNKNOWN:
            raise TimeoutError("time limit reached before a full grid was found")
        if answer is SolveResult.UNSAT:
            names = ", ".join(rule.name for rule in self.rules) or "classic rules"
            those = " with these givens" if assumptions else ""
            raise RuleError(f"no {self.board.describe()} grid satisfies {names}{those}")
        # (several digits a cell: the first)
        return grid_of_model(self.session.model, n, self.board.num_cells)


def random_grid(board: Board, rules: tuple[Rule, ...] = (), seed: int | str = 0) -> Grid:
    """One random full grid for ``board`` and ``rules`` (a new solver each call).

    >>> from satdoku.board import Board
    >>> random_grid(Board.classic(4), seed=1) == random_grid(Board.classic(4), seed=1)
    True
    """
    with Filler(board, rules) as filler:
        return filler.grid(random.Random(seed))

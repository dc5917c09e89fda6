"""Unique, minimal, symmetric puzzles: clue orbits removed from a random full grid.

A random full grid (:mod:`satdoku.generating.fill`) loses clue orbits of the chosen symmetry in
random order, each removed when the puzzle stays unique (:mod:`satdoku.generating.removal`: the
known solution blocked under an activation literal, one incremental call per test). ``strict``
adds a pass over single cells. One incremental session serves every puzzle of a
:class:`Generator`.

>>> from satdoku.board import Board
>>> with Generator(Board.classic(4), seed=3) as gen:
...     made = gen.puzzle()
>>> made.proven_minimal, made.symmetry.value, made.puzzle.num_givens == made.clues
(True, 'rot180', True)
"""

from __future__ import annotations

import random
import time
from functools import cache
from operator import mul

from cnf import Session
from cnf.budget import Deadline
from satdoku.board import Board
from satdoku.encoding import build
from satdoku.generating.fill import Filler
from satdoku.generating.minimal import decide_all as decide_units
from satdoku.generating.options import MINIMAL_GROWTH, GenerateOptions, budget
from satdoku.generating.removal import Removal
from satdoku.generating.stream import Generated, PuzzleStream
from satdoku.generating.unavoidable import second_grid, unavoidable_sets
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, Rule, all_rules, classic_rules
from satdoku.rules.checker import grid_checker
from satdoku.runtime.clock import take_start
from satdoku.runtime.pool import cores
from satdoku.symmetry import Symmetry

#: From this size on, the solver's phases are set to the known solution before removal:
#: measured 20 % faster at 16x16, 7 % at 12x12, 10 % slower at 9x9.
PHASE_HINT_FROM = 12


#: Each puzzle leaves a retired activation variable in the session, and CaDiCaL's calls slow
#: down as they pile up (9x9: 3.5 s per 1000 puzzles at first, 8.6 s after 8000), so the
#: session is renewed every max(RENEW_EVERY, n³/8) puzzles (reloading 9x9 costs ~5 ms).
#: Measured better here than :attr:`cnf.Session.worn`'s time rule (9x9: 518 vs 452-494/s);
#: 200 rather than 100 since removal makes fewer calls (valgrind, 9x9: 1.6 % fewer
#: instructions; 400: 0.4 % more than 200).
RENEW_EVERY = 200


#: Back-end options of the removal session. CaDiCaL's chronological backtracking costs
#: here: 10 % more instructions in its calls (valgrind, 500 9x9 puzzles' calls replayed).
SESSION_OPTIONS: dict[str, dict[str, int]] = {"cadical195": {"chrono": 0}}


class Generator(PuzzleStream):
    """Puzzles for one board and rule set, all from one incremental session and one seed.

    The same board, rules, options and seed give the same puzzles in the same order, unless
    a time limit runs out (conflict budgets are counted, so they reproduce). The CNF is
    built and loaded here, within the first puzzle's time limit (TimeoutError when it runs
    out first: ``options.time_limit`` covers a puzzle's whole work, building included).
    """

    def __init__(self, board: Board, rules: tuple[Rule, ...] = (),
                 options: GenerateOptions | None = None, seed: int | str = 0) -> None:
        self.board, self.rules, self.seed = board, tuple(rules), seed
        self.options = options = options or GenerateOptions()
        #: The first puzzle's deadline, running from now (from the command's start in the
        #: command line's process): building is part of its work.
        self.first: Deadline | None = Deadline(options.time_limit, take_start())
        formula = build(board, self.rules, options.encoding, options.amo, deadline=self.first)
        # Grids always come from the default encoding: measured, their minimal puzzles have
        # the clue counts of a random backtracking fill; augmented-encoding grids need more.
        self.filler = Filler(board, self.rules, deadline=self.first)
        extra = all_rules(board, self.rules)[len(classic_rules(board)):]
        self.holds_extra = grid_checker(board, extra) if extra else None
        self.session = Session(formula, options.backend, deadline=self.first,
                               options=SESSION_OPTIONS.get(options.backend))
        self.rng = random.Random(seed)
        self.made = 0

    def close(self) -> None:
        self.session.close()
        self.filler.close()

    def _unavoidable(self, solution: Grid) -> list[int]:
        """Small unavoidable sets of ``solution`` (known second solutions): all of them for
        the classic rules, else those whose second grid keeps the extra rules too."""
        sets = unavoidable_sets(self.board, solution)
        if self.holds_extra is None:
            return sets
        board, holds = self.board, self.holds_extra
        return [mask for mask in sets if holds(second_grid(board, solution, mask))]

    def _calls(self) -> int:
        return self.session.calls + self.filler.session.calls

    def puzzle(self) -> Generated:
        """The next puzzle: unique; minimal unless a budget, the time limit or the target
        stopped removal first. Raises TimeoutError when no full grid was found in time."""
        opts, board = self.options, self.board
        if self.made and self.made % max(RENEW_EVERY, board.n ** 3 // 8) == 0:
            self.session = self.session.renewed()
        start, calls = time.perf_counter(), self._calls()
        deadline, self.first = self.first or Deadline(opts.time_limit), None
        solution = self.filler.grid(self.rng, deadline.left(), opts.givens)
        removal = Removal(self.session, board, solution, deadline, budget(board, opts),
                          witnesses=self._unavoidable(solution))
        if board.n >= PHASE_HINT_FROM:
            self.session.set_phases(removal.lits)
        complete = remove_clues(removal, board, opts, self.rng)
        # Not in a `finally`: after Ctrl-C inside a call, CaDiCaL aborts the process on any
        # later clause, so an interrupted session is only ever deleted.
        removal.close()
        self.made += 1
        return generated(removal, board, self.rules, solution, complete, opts, self.seed,
                         self.made, time.perf_counter() - start, self._calls() - calls)


def remove_clues(removal: Removal, board: Board, options: GenerateOptions,
                 rng: random.Random) -> bool:
    """Remove the symmetry's orbits in random order (then single cells with ``strict``),
    never the ``options.fixed`` cells; whether every orbit was decided."""
    orbits = [*_orbits(options.symmetry, board)]
    fixed = options.fixed
    if fixed:
        orbits = [u for orbit in orbits if (u := tuple(c for c in orbit if c not in fixed))]
    rng.shuffle(orbits)
    # measured: trying 5/8 of the orbits first (9x9: 14.7 calls a puzzle; 1/2: 15.0, 1/4: 15.7)
    complete = removal.remove(orbits, options.clues, first=len(orbits) * 5 // 8)
    if complete and options.minimal:
        complete = decide_all(removal, board, options.clues, proof_jobs(options))
    if complete and options.strict:
        cells = [(cell,) for cell in removal.givens() if cell not in fixed]
        rng.shuffle(cells)
        complete = removal.remove(cells, options.clues)
        if complete and options.minimal:
            complete = decide_all(removal, board, options.clues, proof_jobs(options))
    return complete


def proof_jobs(options: GenerateOptions) -> int:
    """How many minimality tests run at once: the option, or every core of this process."""
    return options.proof_jobs or cores()


@cache
def _orbits(symmetry: Symmetry, board: Board) -> tuple[tuple[int, ...], ...]:
    return tuple(symmetry.orbits(board))


def decide_all(removal: Removal, board: Board, target: int | None = None,
               jobs: int = 1) -> bool:
    """Test the undecided units again, with budgets growing :data:`MINIMAL_GROWTH`-fold
    (witnesses by restriction first, then new solvers, ``jobs`` at once:
    :func:`satdoku.generating.minimal.decide_all`), until none is left; False when the time limit or
    the clue target stopped it first."""
    return decide_units(removal, board, target, MINIMAL_GROWTH, jobs=jobs)


def generated(removal: Removal, board: Board, rules: tuple[Rule, ...], solution: Grid,
              complete: bool, options: GenerateOptions, seed: int | str, number: int,
              seconds: float, calls: int) -> Generated:
    """The :class:`Generated` of a finished removal."""
    givens = removal.givens()
    grid = tuple(map(mul, solution, removal.given))  # (False × d = 0)
    # whole orbits only (no strict pass, no template cell cut out of one): symmetric as made
    symmetric = ((not options.strict and not options.fixed)
                 or options.symmetry.holds_for(board, givens))
    return Generated(Puzzle(board, grid, rules), solution,
                     options.symmetry if symmetric else Symmetry.NONE,
                     complete and removal.proven, options.clues, seed, number, seconds, calls,
                     len(removal.undecided), removal.retested)

"""Puzzles on a new layout each time: random jigsaw regions, random killer cages, or both.

For each puzzle: (jigsaw) random regions (:func:`satdoku.layouts.random_regions`) until the
SAT solver fills them (a map no grid fits is dropped after at most
:data:`LAYOUT_CONFLICTS` conflicts, and another one drawn); a random full grid; (killer)
random cages over that grid (:func:`satdoku.layouts.random_cages`), their sums taken from
it, each cage behind its own selector (:mod:`satdoku.guarded`) in one session of the
board's formula. Then either givens are removed as for any puzzle, the cages' selectors
assumed in every test, or, for zero-given killers (``clues=0``), the cages are cut and
merged until they alone make the puzzle unique (:mod:`satdoku.killer_generate`).

>>> from satdoku.board import Board
>>> from satdoku.generate import GenerateOptions
>>> options = GenerateOptions(jigsaw=True, cages=(2, 4), clues=0)
>>> with LayoutGenerator(Board.classic(6), (), options, seed=1) as gen:
...     made = gen.puzzle()
>>> made.clues, made.puzzle.board.regions is not None, made.puzzle.rules[-1].name
(0, True, 'killer')
"""

from __future__ import annotations

import random
import time

from cnf import Session
from satdoku.board import Board
from satdoku.encoding import build
from satdoku.errors import RuleError
from satdoku.fill import Filler
from satdoku.generate import (
    PHASE_HINT_FROM,
    Generated,
    GenerateOptions,
    PuzzleStream,
    budget,
    generated,
    remove_clues,
)
from satdoku.killer_generate import CageSession
from satdoku.layouts import random_cages, random_regions
from satdoku.removal import Removal
from satdoku.rules import Grid, Rule

#: Conflicts allowed to fill a random jigsaw map before it is dropped as (probably) having
#: no grid: 9x9 maps are decided in well under 100; reproducible, unlike a time limit.
LAYOUT_CONFLICTS = 20_000
#: Random jigsaw maps tried for one puzzle before giving up (a rule set no map fits).
LAYOUT_TRIES = 200


class LayoutGenerator(PuzzleStream):
    """Like :class:`~satdoku.generate.Generator` (same interface), but each puzzle gets a new
    layout; ``board`` gives the size (and the boxes when not ``options.jigsaw``)."""

    def __init__(self, board: Board, rules: tuple[Rule, ...] = (),
                 options: GenerateOptions | None = None, seed: int | str = 0) -> None:
        self.board, self.rules, self.seed = board, tuple(rules), seed
        self.options = options or GenerateOptions()
        if self.options.jigsaw and self.options.givens is not None:
            raise ValueError("random jigsaw regions take no givens")
        self.filler = None if self.options.jigsaw else Filler(board, self.rules)
        self.rng = random.Random(seed)
        self.made = 0
        #: Jigsaw maps dropped because no grid fits them (or none was found in budget).
        self.dropped = 0
        self._fills = 0  # fill calls of the current puzzle

    def close(self) -> None:
        if self.filler is not None:
            self.filler.close()

    def puzzle(self) -> Generated:
        """The next puzzle (see the module docstring). Raises TimeoutError when no full grid
        was found in time, RuleError when no jigsaw map fits the rules."""
        opts, start = self.options, time.perf_counter()
        deadline = None if opts.time_limit is None else start + opts.time_limit
        self._fills = 0
        board, solution = self._grid(deadline)
        rules = self.rules
        session = Session(build(board, rules, opts.encoding, opts.amo), opts.backend)
        try:
            if board.n >= PHASE_HINT_FROM:
                session.set_phases([i * board.n + d for i, d in enumerate(solution)])
            selectors: list[int] = []
            zero = False
            if opts.cages:
                cages = CageSession(session, board, solution, opts.encoding, opts.amo,
                                    deadline, budget(board, opts), sorted(opts.fixed))
                layout = random_cages(board.n, solution, self.rng, *opts.cages)
                if opts.clues == 0:
                    zero, layout = cages.make_unique(layout, self.rng, opts.cages[1])
                cages.close()
                rules = (*rules, cages.rule(layout))
                selectors = cages.selectors(layout)
            removal = Removal(session, board, solution, deadline, budget(board, opts),
                              selectors)
            if zero:  # the cages alone make it unique: no givens (but a template's kept)
                removal.given = [i in opts.fixed for i in board.cells]
                complete = True
            else:
                complete = remove_clues(removal, board, opts, self.rng)
        finally:
            session.close()  # never reused: also safe after Ctrl-C inside a call
        self.made += 1
        return generated(removal, board, rules, solution, complete, opts, self.seed,
                         self.made, time.perf_counter() - start, session.calls + self._fills)

    def _grid(self, deadline: float | None) -> tuple[Board, Grid]:
        """The board (a new jigsaw map, or the fixed board) and a random full grid."""
        left = None if deadline is None else max(deadline - time.perf_counter(), 1e-3)
        if self.filler is not None:
            self._fills += 1
            return self.board, self.filler.grid(self.rng, left, self.options.givens)
        n = self.board.n
        for _ in range(LAYOUT_TRIES):
            board = Board(n, regions=random_regions(n, self.rng))
            for rule in self.rules:
                rule.check_board(board)  # e.g. windoku needs boxes: an error, not a retry
            with Filler(board, self.rules) as filler:
                self._fills += 1
                try:
                    return board, filler.grid(self.rng, left, conflicts=LAYOUT_CONFLICTS)
                except (RuleError, TimeoutError):
                    if deadline is not None and time.perf_counter() >= deadline:
                        raise TimeoutError("time limit reached before a full grid was "
                                           "found") from None
                    self.dropped += 1
        names = ", ".join(rule.name for rule in self.rules) or "classic rules"
        raise RuleError(f"no random {n}x{n} jigsaw map out of {LAYOUT_TRIES} has a grid "
                        f"satisfying {names}")

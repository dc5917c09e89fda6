"""Puzzles on a new layout each time: random jigsaw regions, random killer cages, drawn
thermos, arrows, dots and XV signs, or several of these.

For each puzzle: (jigsaw) random regions (:func:`satdoku.layouts.random_regions`) until the
SAT solver fills them (a map no grid fits is dropped after at most
:data:`LAYOUT_CONFLICTS` conflicts, and another one drawn); a random full grid; (killer)
random cages over that grid (:func:`satdoku.layouts.random_cages`), their sums taken from
it; (draw) thermos, arrows, dots, XV signs that hold in the grid
(:mod:`satdoku.line_layouts`). Each cage and each drawn piece sits behind its own selector
(:mod:`satdoku.guarded`) in one session of the board's formula. Then either givens are
removed as for any puzzle, every selector assumed in every test, or, with ``clues=0``, the
layout is made unique by itself: cages cut and merged (:mod:`satdoku.killer_generate`), or
else pieces added and the redundant ones dropped (:mod:`satdoku.line_generate`). When that
fails (no piece left that a second solution breaks, or the time limit), givens are removed
as far as uniqueness allows, and the puzzle keeps some.

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
from dataclasses import dataclass, replace

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
from satdoku.guarded import GuardedSession
from satdoku.killer_generate import CageSession
from satdoku.layouts import random_cages, random_regions
from satdoku.line_generate import add_until_unique, drop_budget
from satdoku.line_layouts import Drawing, merge
from satdoku.removal import Removal
from satdoku.rules import Grid, Rule

#: Conflicts allowed to fill a random jigsaw map before it is dropped as (probably) having
#: no grid: 9x9 maps are decided in well under 100; reproducible, unlike a time limit.
LAYOUT_CONFLICTS = 20_000
#: Random jigsaw maps tried for one puzzle before giving up (a rule set no map fits).
LAYOUT_TRIES = 200


@dataclass(frozen=True)
class Layout:
    """One puzzle's rules (the board's, a template's, cages, drawn pieces), the selectors to
    assume for those that are guarded, whether they make the grid unique without givens,
    and how many pieces were kept undecided (their test ran out of budget)."""

    rules: tuple[Rule, ...]
    selectors: list[int]
    unique: bool
    undecided: int = 0


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
        session = Session(build(board, self.rules, opts.encoding, opts.amo), opts.backend)
        try:
            # drawn pieces too: 20 9x9 zero-given puzzles took 8.3 s with, 11.1 s without
            if board.n >= PHASE_HINT_FROM or opts.draw:
                session.set_phases([i * board.n + d for i, d in enumerate(solution)])
            layout = self._layout(session, board, solution, deadline)
            removal = Removal(session, board, solution, deadline, budget(board, opts),
                              layout.selectors)
            if layout.unique:  # no givens (but a template's kept ones)
                removal.given = [i in opts.fixed for i in board.cells]
                complete = True
            else:
                complete = remove_clues(removal, board, opts, self.rng)
        finally:
            session.close()  # never reused: also safe after Ctrl-C inside a call
        self.made += 1
        made = generated(removal, board, layout.rules, solution, complete, opts, self.seed,
                         self.made, time.perf_counter() - start, session.calls + self._fills)
        if opts.clues is not None and opts.clues < len(opts.fixed):  # those never go
            made = replace(made, target=len(opts.fixed))
        if not layout.undecided:
            return made
        return replace(made, proven_minimal=False, undecided=made.undecided + layout.undecided)

    def _layout(self, session: Session, board: Board, solution: Grid,
                deadline: float | None) -> Layout:
        """Random cages and drawn pieces over ``solution``, each behind a selector in
        ``session``; with ``clues=0``, made unique by themselves where they can be."""
        opts, rng = self.options, self.rng
        if not opts.cages and not opts.draw:
            return Layout(self.rules, [], False)
        zero = opts.clues == 0
        kind = CageSession if opts.cages else GuardedSession
        guarded = kind(session, board, solution, opts.encoding, opts.amo, deadline,
                       budget(board, opts), sorted(opts.fixed))
        cages = random_cages(board.n, solution, rng, *opts.cages) if opts.cages else []
        drawing = Drawing(board, solution, rng, self.rules) if opts.draw else None
        pieces, fixed = drawing.initial(opts.draw) if drawing else ([], [])
        guarded.extra = [guarded.guard(rule) for rule in fixed]
        unique, undecided = False, 0
        if isinstance(guarded, CageSession) and opts.cages:
            guarded.extra += [guarded.guard(piece) for piece in pieces]
            if zero:
                unique, cages = guarded.make_unique(cages, rng, opts.cages[1])
        elif zero and drawing:
            made = add_until_unique(guarded, drawing, [d.kind for d in opts.draw], pieces, rng,
                                    drop_budget(guarded.conflicts, opts.minimal))
            unique, pieces, undecided = made.unique, made.pieces, made.undecided
        guarded.close()
        drawn = [*fixed, *pieces]
        selectors = [guarded.guard(rule) for rule in drawn]
        rules = merge(self.rules, drawn)
        if isinstance(guarded, CageSession):
            selectors += guarded.selectors(cages)
            rules = (*rules, guarded.rule(cages))
        return Layout(rules, selectors, unique, undecided)

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

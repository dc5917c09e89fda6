"""Puzzles on a new layout each time: random jigsaw regions, random killer cages, drawn
thermos, arrows, dots and XV signs, or several of these.

For each puzzle: (jigsaw) random regions (:func:`satdoku.generating.regions.random_regions`)
until the SAT solver fills them (a map no grid fits is dropped after at most
:data:`LAYOUT_CONFLICTS` conflicts, and another one drawn); a random full grid; (killer)
random cages over that grid (:func:`satdoku.generating.cages.random_cages`), their sums taken
from it; (draw) thermos, arrows, dots, XV signs that hold in the grid
(:mod:`satdoku.generating.drawing`). Each cage and each drawn piece sits behind its own selector
(:mod:`satdoku.solving.guarded`) in one session of the board's formula. Then either givens are
removed as for any puzzle, every selector assumed in every test, or, with ``clues=0``, the
layout is made unique by itself: cages cut and merged (:mod:`satdoku.generating.cages`), or
else pieces added (:mod:`satdoku.generating.pieces`). When that fails (no piece left that a
second solution breaks, or the time limit), givens are removed as far as uniqueness allows,
and the puzzle keeps some. Last (``clues=0``), the drawn pieces the puzzle does not need,
with its givens, are dropped: nothing it claims minimal can go (docs/generator.md, "What
'minimal' means").

>>> from satdoku.board import Board
>>> from satdoku.generating import GenerateOptions
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
from cnf.budget import Deadline
from satdoku.board import Board, Unit
from satdoku.encoding import build
from satdoku.errors import RuleError
from satdoku.generating.cages import CageSession, random_cages
from satdoku.generating.drawing import Drawing, merge
from satdoku.generating.fill import Filler
from satdoku.generating.givens import PHASE_HINT_FROM, generated, remove_clues
from satdoku.generating.options import GenerateOptions, budget
from satdoku.generating.pieces import add_until_unique, drop_budget, drop_redundant
from satdoku.generating.regions import random_regions
from satdoku.generating.removal import Removal
from satdoku.generating.stream import Generated, PuzzleStream
from satdoku.rules import Grid, Rule, grid_literals
from satdoku.runtime.clock import take_start
from satdoku.solving.guarded import GuardedSession

#: Conflicts allowed to fill a random jigsaw map before it is dropped as (probably) having
#: no grid: 9x9 maps are decided in well under 100; reproducible, unlike a time limit.
LAYOUT_CONFLICTS = 20_000
#: Random jigsaw maps tried for one puzzle before giving up (a rule set no map fits).
LAYOUT_TRIES = 200
#: Cage merge tests get this many times the removal budget (drop tests of drawn pieces get
#: :data:`~satdoku.generating.pieces.DROP_GROWTH`). Measured (zero-given killers, seed 5): 10x
#: left no merge undecided in 10 9x9 puzzles (+25 % time) but made 12x12 8x slower (25-32 s
#: a puzzle) and still left 4-6 undecided; 1x (the budget of the old single merge pass)
#: leaves 3 in 20 9x9 puzzles and 10-13 per 12x12 undecided (the puzzle then says so), for
#: 15-35 % more time than that pass.
MERGE_GROWTH = 1


@dataclass
class Layout:
    """One puzzle's layout while it is made: the drawn rules that always stay (``fixed``:
    every mark with the negative constraint), the drawn ``pieces``, the killer ``cages``,
    all behind selectors of ``guarded``; whether they make the grid unique without givens,
    and how many pieces or merges were kept undecided (their test ran out of budget)."""

    guarded: GuardedSession
    fixed: list[Rule]
    pieces: list[Rule]
    cages: list[Unit]
    unique: bool
    undecided: int = 0

    def selectors(self, pieces: bool = True) -> list[int]:
        """The selectors to assume for the whole layout (the pieces' only with ``pieces``)."""
        guarded = self.guarded
        out = [guarded.guard(rule) for rule in (*self.fixed, *(self.pieces if pieces else ()))]
        if isinstance(guarded, CageSession):
            out += guarded.selectors(self.cages)
        return out

    def rules(self, rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
        """``rules`` with the layout's joined in."""
        out = merge(rules, [*self.fixed, *self.pieces])
        if isinstance(self.guarded, CageSession):
            out = (*out, self.guarded.rule(self.cages))
        return out


class LayoutGenerator(PuzzleStream):
    """Like :class:`~satdoku.generating.Generator` (same interface), but each puzzle gets a new
    layout; ``board`` gives the size (and the boxes when not ``options.jigsaw``)."""

    def __init__(self, board: Board, rules: tuple[Rule, ...] = (),
                 options: GenerateOptions | None = None, seed: int | str = 0) -> None:
        self.board, self.rules, self.seed = board, tuple(rules), seed
        self.options = options or GenerateOptions()
        if self.options.jigsaw and self.options.givens is not None:
            raise ValueError("random jigsaw regions take no givens")
        #: The first puzzle's deadline (from the command's start in the command line's
        #: process): building the filler's CNF is part of its work.
        self.first: Deadline | None = Deadline(self.options.time_limit, take_start())
        self.filler = None if self.options.jigsaw else Filler(
            board, self.rules, deadline=self.first)
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
        deadline, self.first = self.first or Deadline(opts.time_limit), None
        self._fills = 0
        board, solution = self._grid(deadline)
        session = Session(build(board, self.rules, opts.encoding, opts.amo, deadline=deadline),
                          opts.backend, deadline=deadline)
        try:
            # drawn pieces too: 20 9x9 zero-given puzzles took 8.3 s with, 11.1 s without
            if board.n >= PHASE_HINT_FROM or opts.draw:
                session.set_phases(grid_literals(board, solution))
            layout = self._layout(session, board, solution, deadline)
            removal = Removal(session, board, solution, deadline, budget(board, opts),
                              layout.selectors() if layout else [])
            if layout and layout.unique:  # no givens (but a template's kept ones)
                removal.given = [i in opts.fixed for i in board.cells]
                complete = True
            else:
                complete = remove_clues(removal, board, opts, self.rng)
            if layout and opts.clues == 0:
                self._drop_pieces(layout, removal.givens())
        finally:
            session.close()  # never reused: also safe after Ctrl-C inside a call
        self.made += 1
        rules = layout.rules(self.rules) if layout else self.rules
        made = generated(removal, board, rules, solution, complete, opts, self.seed,
                         self.made, time.perf_counter() - start, session.calls + self._fills)
        if opts.clues is not None and opts.clues < len(opts.fixed):  # those never go
            made = replace(made, target=len(opts.fixed))
        if not layout or not layout.undecided:
            return made
        return replace(made, proven_minimal=False, undecided=made.undecided + layout.undecided,
                       undecided_pieces=layout.undecided)

    def _layout(self, session: Session, board: Board, solution: Grid,
                deadline: Deadline) -> Layout | None:
        """Random cages and drawn pieces over ``solution``, each behind a selector in
        ``session``; with ``clues=0``, made unique by themselves where they can be (cages
        cut and merged, pieces added). None without cages or pieces."""
        opts, rng = self.options, self.rng
        if not opts.cages and not opts.draw:
            return None
        zero = opts.clues == 0
        kind = CageSession if opts.cages else GuardedSession
        guarded = kind(session, board, solution, opts.encoding, opts.amo, deadline,
                       budget(board, opts), sorted(opts.fixed))
        guarded.drop_conflicts = drop_budget(guarded.conflicts, opts.minimal, MERGE_GROWTH)
        cages = random_cages(board.n, solution, rng, *opts.cages) if opts.cages else []
        drawing = Drawing(board, solution, rng, self.rules) if opts.draw else None
        pieces, fixed = drawing.initial(opts.draw) if drawing else ([], [])
        layout = Layout(guarded, fixed, pieces, cages, False)
        guarded.extra = [guarded.guard(rule) for rule in fixed]
        if isinstance(guarded, CageSession) and opts.cages:
            guarded.extra += [guarded.guard(piece) for piece in pieces]
            if zero:
                layout.unique, layout.cages = guarded.make_unique(cages, rng, opts.cages[1])
                layout.undecided = guarded.undecided
        elif zero and drawing:
            added = add_until_unique(guarded, drawing, [d.kind for d in opts.draw], pieces, rng)
            layout.unique, layout.pieces = added.unique, added.pieces
        guarded.drop_conflicts = drop_budget(guarded.conflicts, opts.minimal)  # (pieces)
        return layout

    def _drop_pieces(self, layout: Layout, givens: list[int]) -> None:
        """The drawn pieces the puzzle (with ``givens`` and the rest of its layout) does not
        need, dropped: the last step of a zero-given puzzle, so that every piece left is
        needed. (Fewer pieces make a weaker puzzle: the givens and merges that could not
        go still cannot.)"""
        guarded = layout.guarded
        guarded.keep_givens(givens)
        guarded.extra = layout.selectors(pieces=False)
        kept = drop_redundant(guarded, layout.pieces, self.rng)
        layout.pieces, layout.undecided = kept.pieces, layout.undecided + kept.undecided

    def _grid(self, deadline: Deadline) -> tuple[Board, Grid]:
        """The board (a new jigsaw map, or the fixed board) and a random full grid."""
        left = deadline.left()
        left = None if left is None else max(left, 1e-3)
        if self.filler is not None:
            self._fills += 1
            return self.board, self.filler.grid(self.rng, left, self.options.givens)
        n = self.board.n
        for _ in range(LAYOUT_TRIES):
            board = Board(n, regions=random_regions(n, self.rng))
            for rule in self.rules:
                rule.check_board(board)  # e.g. windoku needs boxes: an error, not a retry
            with Filler(board, self.rules, deadline=deadline) as filler:
                self._fills += 1
                try:
                    return board, filler.grid(self.rng, left, conflicts=LAYOUT_CONFLICTS)
                except (RuleError, TimeoutError):
                    if deadline.expired:
                        raise TimeoutError("time limit reached before a full grid was "
                                           "found") from None
                    self.dropped += 1
        names = ", ".join(rule.name for rule in self.rules) or "classic rules"
        raise RuleError(f"no random {n}x{n} jigsaw map out of {LAYOUT_TRIES} has a grid "
                        f"satisfying {names}")

"""How to generate: :class:`GenerateOptions` (symmetry, target clue count, strictness, budgets,
solver options, layouts) and the conflict budget of a removal test by board size.

>>> GenerateOptions(symmetry="rot90").symmetry.value, default_conflicts(9)
('rot90', 1000)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cnf import AMO
from cnf.session import DEFAULT_BACKEND
from satdoku.board import Board
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, Encoding
from satdoku.rules import Grid
from satdoku.symmetry import Symmetry

if TYPE_CHECKING:
    from satdoku.generating.drawing import Draw


#: Default conflicts per removal test, by board size (up to 16, then larger). Measured
#: (scripts/bench_generate.py): 9x9 and 16x16 need at most a few hundred, so 1,000 proves
#: every puzzle minimal; at 25x25 a test can take thousands (0.4 ms each): 20,000 gave
#: 277 clues in 200-280 s per puzzle, 100 gave 283 clues in 6 s (minimality not proven).
DEFAULT_CONFLICTS = (1_000, 100)


#: With ``minimal``, each round of re-tests multiplies the conflict budget by this.
MINIMAL_GROWTH = 10


def default_conflicts(n: int) -> int:
    """The default conflict budget of one removal test on an n×n board.

    >>> default_conflicts(9), default_conflicts(25)
    (1000, 100)
    """
    return DEFAULT_CONFLICTS[0] if n <= 16 else DEFAULT_CONFLICTS[1]


@dataclass(frozen=True)
class GenerateOptions:
    """How to generate: symmetry, target clue count, strictness, budgets, solver options.

    ``clues``: stop removing as soon as the puzzle has at most this many givens.
    ``time_limit``: seconds per puzzle (fill and removal). ``conflicts``: per removal test;
    None for the size's default (:func:`default_conflicts`), 0 for no limit. ``minimal``:
    units whose test ran out of budget are tested again with budgets growing
    :data:`MINIMAL_GROWTH`-fold until every one is decided (or the time limit runs out).
    ``givens`` (a template's, 0 = blank): every grid keeps them; they stay in every puzzle
    when ``keep_givens``, else they are removable like any clue.
    ``jigsaw``: random jigsaw regions for each puzzle; ``cages`` = (smallest, largest): random
    killer cages covering the grid for each puzzle, and with ``clues=0`` no givens at all
    (see :mod:`satdoku.generating.layouts`); ``draw``: thermos, arrows, dots, XV signs drawn
    over each grid (:class:`satdoku.generating.drawing.Draw`), with ``clues=0`` added until unique.
    ``proof_jobs``: with ``minimal``, how many of the hardest re-tests run at once, each in
    a forked child (:func:`satdoku.generating.minimal.decide_fresh`); the puzzles are the same
    for any. None (the default): the cores this process may use, or, in
    :func:`~satdoku.generating.many.generate_many`, those its worker processes leave free.
    """

    symmetry: Symmetry = Symmetry.ROT180
    clues: int | None = None
    strict: bool = False
    time_limit: float | None = None
    conflicts: int | None = None
    minimal: bool = False
    encoding: Encoding = DEFAULT_ENCODING
    amo: AMO = DEFAULT_AMO
    backend: str = DEFAULT_BACKEND
    givens: Grid | None = None
    keep_givens: bool = True
    jigsaw: bool = False
    cages: tuple[int, int] | None = None
    draw: tuple[Draw, ...] = ()
    proof_jobs: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "symmetry", Symmetry(self.symmetry))  # "rot90" works too
        for name in ("clues", "conflicts"):
            if (getattr(self, name) or 0) < 0:
                raise ValueError(f"{name} must not be negative")
        if self.time_limit is not None and self.time_limit <= 0:
            raise ValueError("time_limit must be positive (seconds)")
        if self.cages is not None and not 1 <= self.cages[0] <= self.cages[1]:
            raise ValueError("cages must be (smallest, largest) sizes, 1 <= smallest <= largest")
        if self.proof_jobs is not None and self.proof_jobs < 1:
            raise ValueError("proof_jobs must be at least 1")

    @property
    def fixed(self) -> frozenset[int]:
        """The cells that stay given in every puzzle (a template's kept givens)."""
        if not self.keep_givens or self.givens is None:
            return frozenset()
        return frozenset(i for i, d in enumerate(self.givens) if d)


def budget(board: Board, options: GenerateOptions) -> int | None:
    """Conflicts per removal test: the option, or the size's default; None: no limit."""
    conflicts = default_conflicts(board.n) if options.conflicts is None else options.conflicts
    return conflicts or None

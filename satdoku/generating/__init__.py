"""Every way to make a puzzle: unique, minimal, symmetric, any size and rules.

- :mod:`.options` (how to generate) and :mod:`.stream` (what comes out);
- :mod:`.givens` (clue orbits removed from a full grid: :class:`Generator`), with
  :mod:`.fill` (random full grids), :mod:`.removal` (removal tests), :mod:`.unavoidable`
  (second solutions known in advance) and :mod:`.minimal` (undecided units decided);
- :mod:`.layouts` (a new layout per puzzle), with :mod:`.regions` (jigsaw regions),
  :mod:`.cages` (killer cages drawn, cut and merged), :mod:`.drawing` (thermos, arrows, dots,
  XV drawn over a grid) and :mod:`.pieces` (pieces added until unique, then dropped);
- :mod:`.make` (one puzzle; the generator that suits the options), :mod:`.many` (many
  puzzles in reproducible blocks, on worker processes) and :mod:`.by_grade` (a difficulty).

>>> from satdoku.board import Board
>>> made = generate(Board.classic(4), seed=1)
>>> made.proven_minimal, made.clues < 16
(True, True)
"""

from satdoku.generating.givens import Generator
from satdoku.generating.make import generate, make_generator
from satdoku.generating.many import generate_many
from satdoku.generating.options import GenerateOptions, default_conflicts
from satdoku.generating.stream import Generated, PuzzleStream

__all__ = ["GenerateOptions", "Generated", "Generator", "PuzzleStream", "default_conflicts",
           "generate", "generate_many", "make_generator"]

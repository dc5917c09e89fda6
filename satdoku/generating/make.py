"""One puzzle, or the generator that suits the options:
:class:`~satdoku.generating.givens.Generator` for a fixed layout,
:class:`~satdoku.generating.layouts.LayoutGenerator` for a new layout per puzzle (jigsaw
regions, killer cages, drawn pieces).
"""

from __future__ import annotations

from satdoku.board import Board
from satdoku.generating.givens import Generator
from satdoku.generating.options import GenerateOptions
from satdoku.generating.stream import Generated, PuzzleStream
from satdoku.rules import Rule


def make_generator(board: Board, rules: tuple[Rule, ...] = (),
                   options: GenerateOptions | None = None,
                   seed: int | str = 0) -> PuzzleStream:
    """A :class:`Generator`, or for new layouts per puzzle (jigsaw regions, killer cages)
    a :class:`~satdoku.generating.layouts.LayoutGenerator` (same interface)."""
    if options is not None and (options.jigsaw or options.cages or options.draw):
        from satdoku.generating.layouts import LayoutGenerator
        return LayoutGenerator(board, rules, options, seed)
    return Generator(board, rules, options, seed)


def generate(board: Board, rules: tuple[Rule, ...] = (), options: GenerateOptions | None = None,
             seed: int | str = 0) -> Generated:
    """One puzzle for ``board`` and ``rules`` (a new generator each call: use
    :class:`Generator` for many).

    >>> from satdoku.board import Board
    >>> from satdoku.symmetry import Symmetry
    >>> made = generate(Board.classic(6), options=GenerateOptions(Symmetry.NONE), seed=1)
    >>> made.clues < 36, made.symmetry.value
    (True, 'none')
    """
    with make_generator(board, rules, options, seed) as generator:
        return generator.puzzle()

"""What generators make: :class:`Generated` (a puzzle and how it was made) and the
:class:`PuzzleStream` interface every generator has (``with``, iterate, ``close``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from satdoku.puzzle import Puzzle
from satdoku.rules import Grid
from satdoku.symmetry import Symmetry


@dataclass(frozen=True)
class Generated:
    """A generated puzzle and how it was made.

    ``symmetry`` is the requested one when the clue pattern has it (a strict pass may break
    it: then ``none``); ``proven_minimal`` is False when a test ran out of budget or time
    (``undecided`` says how many units were kept so), or removal stopped at the target;
    ``number`` counts the generator's puzzles from 1.
    """

    puzzle: Puzzle
    solution: Grid
    symmetry: Symmetry
    proven_minimal: bool
    target: int | None
    seed: int | str
    number: int
    seconds: float
    calls: int
    #: Units (orbits) left undecided: their test ran out of budget or time and they stayed.
    undecided: int = 0
    #: Units that the first pass left undecided and ``minimal`` decided with larger budgets.
    retested: int = 0
    #: Of ``undecided``, the drawn pieces and cage merges of a zero-given layout (not orbits).
    undecided_pieces: int = 0

    @property
    def clues(self) -> int:
        return self.puzzle.num_givens

    @property
    def reached_target(self) -> bool:
        return self.target is None or self.clues <= self.target


_Stream = TypeVar("_Stream", bound="PuzzleStream")


class PuzzleStream:
    """An endless stream of puzzles that holds solvers: ``with``, iterate, ``close``."""

    def puzzle(self) -> Generated:
        raise NotImplementedError

    def close(self) -> None:
        """Release the solvers."""

    def __enter__(self: _Stream) -> _Stream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[Generated]:
        while True:
            yield self.puzzle()

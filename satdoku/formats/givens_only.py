"""What a line or a grid of digits leaves out of a puzzle, and how to read it back.

Glossary: a *givens-only* format (``line``, ``grid``) carries the size and the givens. Read
back, a puzzle gets the default boxes (:meth:`~satdoku.board.Board.classic`) and no rules,
unless the reader is told otherwise: ``--box`` and ``--rules`` *restore* other boxes and the
global rules; nothing restores per-puzzle data (cages, lines, dots, …) or jigsaw regions,
which are *dropped*. ``convert`` and ``generate`` say both, in one line.

>>> from satdoku.board import Board
>>> from satdoku.puzzle import Puzzle
>>> from satdoku.rules import KillerCages, parse_rules
>>> loss = givens_only_loss(Puzzle(Board(6, (3, 2)), (0,) * 36, parse_rules("diagonal")))
>>> loss.options, dict(loss.dropped)
('--box 3x2 --rules diagonal', {})
>>> print(loss.message("line"))
line writes the givens only: read it back with --box 3x2 --rules diagonal
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from satdoku.board import default_box
from satdoku.puzzle import Puzzle
from satdoku.rules import CATALOGUE
from satdoku.rules.data import writer_for


@dataclass(frozen=True)
class Loss:
    """What a givens-only format leaves out: ``options`` restore some of it, ``dropped`` (a
    count per satdoku JSON key, or per rule) is lost for good."""

    options: str = ""
    dropped: Counter[str] = field(default_factory=Counter)

    def __bool__(self) -> bool:
        return bool(self.options or self.dropped)

    def dropped_list(self) -> str:
        """``"cages ×12, jigsaw regions"``."""
        return ", ".join(f"{key} ×{k}" if k > 1 else key for key, k in self.dropped.items())

    def message(self, fmt: str) -> str:
        """One line saying what ``fmt`` loses and how to read it back ('' when nothing)."""
        parts = []
        if self.dropped:
            keeper = ("satdoku's JSON" if "grids" in self.dropped  # (f-puzzles: one grid)
                      else "satdoku's JSON or an f-puzzles link")
            parts.append(f"loses {self.dropped_list()} ({keeper} keeps them)")
        if self.options:
            parts.append(f"read it back with {self.options}")
        return f"{fmt} writes the givens only: {'; '.join(parts)}" if parts else ""


def givens_only_loss(puzzle: Puzzle) -> Loss:
    """What a line or grid of ``puzzle``'s givens leaves out (see the module's glossary)."""
    board, dropped = puzzle.board, Counter[str]()
    options = []
    if board.multigrid:
        from satdoku.formats.multigrid_options import layout_option
        option = layout_option(board)  # type: ignore[arg-type]
        if option is None:
            dropped["grids"] += 1  # (an arrangement with no name: in JSON only)
        elif option:
            options.append(option)
    elif board.regions is not None:
        dropped["jigsaw regions"] += 1
    elif board.box != default_box(board.n):
        options.append("--box " + ("x".join(map(str, board.box)) if board.box else "none"))
    names = []
    for rule in puzzle.rules:
        if rule.name in CATALOGUE and CATALOGUE[rule.name]() == rule:
            names.append(rule.name)
        elif (entry := writer_for(rule)) is not None:
            dropped[entry.key] += max(1, len(entry.write(board, rule)))
        else:
            dropped[rule.name] += 1
    if names:
        options.append("--rules " + ",".join(names))
    return Loss(" ".join(options), dropped)

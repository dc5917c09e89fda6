"""Rules: small objects that both encode themselves and check a grid on their own.

Glossary: a *grid* is a tuple of n² digits (0 = blank) in cell order; a *region* is a set of
cells whose digits must all differ; a *violation* names the rule and the cells that break it.

``violations(board, grid)`` is plain Python over digits — it never looks at the CNF — and
works on partial grids (blanks are ignored), so the same checker catches clashing givens
before solving and verifies every solution after.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from cnf import AMO, Formula
from cnf.budget import Size, SizeCounter
from satdoku.board import Board, Unit
from satdoku.errors import RuleError

Grid = tuple[int, ...]


def cell_var(board: Board, cell: int, digit: int) -> int:
    """The CNF variable "cell holds digit": ``v(r,c,d) = (r·n + c)·n + d`` with d in 1..n.

    >>> cell_var(Board.classic(9), 0, 1), cell_var(Board.classic(9), 80, 9)
    (1, 729)
    """
    return cell * board.n + digit


def grid_literals(board: Board, grid: Grid) -> list[int]:
    """:func:`cell_var` of every filled cell of ``grid`` with its digit, in cell order (one
    comprehension: this is on hot paths — givens as assumptions, models, phases).

    >>> grid_literals(Board.classic(4), (1, 0, 0, 4) + (0,) * 12)
    [1, 16]
    """
    n = board.n
    return [i * n + d for i, d in enumerate(grid) if d]


@dataclass(frozen=True)
class Violation:
    """One broken rule: which rule, which cells, in words."""

    rule: str
    cells: tuple[int, ...]
    message: str

    def describe(self, board: Board) -> str:
        cells = ", ".join(board.cell_name(i) for i in self.cells)
        return f"{self.rule}: {self.message} ({cells})"


@dataclass(frozen=True)
class Marking:
    """What a rule draws on a picture, as data; the renderer draws each ``kind``.

    Kinds: ``cage`` (dashed outline, ``label`` = sum), ``line`` (through cell centres, in
    order; ``style`` names it: thermo, arrow, whisper, renban, palindrome…), ``shade``
    (cells filled; ``style`` even/odd/region), ``diagonal`` (corner to corner), ``dot``
    (between two cells; ``style`` white/black), ``text`` (``label`` at the cells' edge).
    """

    kind: str
    cells: tuple[int, ...]
    label: str = ""
    style: str = ""


class Rule(ABC):
    """A constraint on a board. Subclasses are frozen dataclasses (hashable: cache keys).

    ``regions`` returns all-different regions; the encoding pipeline encodes those with the
    chosen Sudoku encoding and AMO scheme. ``encode`` adds any other clauses.
    """

    name: ClassVar[str] = "rule"
    description: ClassVar[str] = ""
    #: Whether the rule holds its meaning on a multi-grid board (its geometry comes from the
    #: board's units or its own cells, never from n×n arithmetic); other rules are refused
    #: there (:func:`require_multigrid`), never applied wrongly.
    multigrid: ClassVar[bool] = False

    def check_board(self, board: Board) -> None:
        """Raise :class:`~satdoku.errors.RuleError` when the rule makes no sense on ``board``."""

    def regions(self, board: Board) -> Sequence[Unit]:
        """All-different regions this rule adds (none by default)."""
        return ()

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        """Add the clauses this rule needs beyond its regions (none by default)."""

    def estimate(self, board: Board, amo: AMO) -> Size:
        """The size of what :meth:`encode` adds (auxiliary variables, clauses, literals),
        known before it is built (the pipeline estimates the regions itself).

        By default the rule is encoded into a counter that keeps no clause: exact, and as
        slow as encoding (fine for rules whose CNF grows with their data). A rule whose CNF
        grows with the board, or combinatorially, overrides it with a formula.
        """
        counter = SizeCounter(reserved=board.num_cell_vars)
        self.encode(board, counter, amo)
        return counter.size

    def markings(self, board: Board) -> Sequence[Marking]:
        """What to draw for this rule on a picture (nothing by default)."""
        return ()

    @abstractmethod
    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        """Every place where ``grid`` (possibly partial) breaks the rule."""

    def holds(self, board: Board, grid: Grid) -> bool:
        """Whether the *complete* ``grid`` satisfies the rule (a fast yes/no)."""
        return next(iter(self.violations(board, grid)), None) is None


def duplicate_violations(rule: str, what: str, regions: Sequence[Unit], grid: Grid,
                         board: Board | None = None) -> Iterator[Violation]:
    """Violations for a digit repeated inside any of ``regions`` (blanks ignored): one per
    region and digit, naming every cell that holds it (and the region as ``board`` names
    it: :meth:`Board.unit_name`)."""
    for k, region in enumerate(regions):
        cells_of: dict[int, list[int]] = {}
        for i in region:
            if grid[i]:
                cells_of.setdefault(grid[i], []).append(i)
        for d, cells in cells_of.items():
            if len(cells) > 1:
                times = _TIMES.get(len(cells), f"{len(cells)} times")
                name = board.unit_name(what, k, region) if board else f"{what} {k + 1}"
                yield Violation(rule, tuple(cells), f"{d} {times} in {name}")


_TIMES = {2: "twice", 3: "three times"}


def require_multigrid(board: Board, rules: Iterable[Rule]) -> None:
    """RuleError naming the first of ``rules`` that has no meaning on the multi-grid
    ``board`` (nothing on a board of one grid).

    >>> from satdoku.multigrid import MultiBoard
    >>> from satdoku.rules import parse_rules
    >>> require_multigrid(MultiBoard.layout("twodoku"), parse_rules("anti-knight"))
    Traceback (most recent call last):
    ...
    satdoku.errors.RuleError: rule 'anti-knight' is not supported on a twodoku board (only ...
    """
    if not board.multigrid:
        return
    for rule in rules:
        if not rule.multigrid:
            raise RuleError(f"rule {rule.name!r} is not supported on a "
                            f"{board.kind} board (only the rows, columns and boxes of its "  # type: ignore[attr-defined]
                            "grids are)")


class RegionRule(Rule, ABC):
    """A rule that is nothing but all-different regions."""

    what: ClassVar[str] = "region"

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        return duplicate_violations(self.name, self.what, self.regions(board), grid, board)

    def holds(self, board: Board, grid: Grid) -> bool:
        from satdoku.rules.checker import grid_checker  # (it builds on this module)
        return grid_checker(board, (self,))(grid)


@dataclass(frozen=True)
class Rows(RegionRule):
    name: ClassVar[str] = "rows"
    description: ClassVar[str] = "each row holds every digit once"
    what: ClassVar[str] = "row"
    multigrid: ClassVar[bool] = True

    def regions(self, board: Board) -> Sequence[Unit]:
        return board.rows


@dataclass(frozen=True)
class Columns(RegionRule):
    name: ClassVar[str] = "columns"
    description: ClassVar[str] = "each column holds every digit once"
    what: ClassVar[str] = "column"
    multigrid: ClassVar[bool] = True

    def regions(self, board: Board) -> Sequence[Unit]:
        return board.columns


@dataclass(frozen=True)
class Boxes(RegionRule):
    name: ClassVar[str] = "boxes"
    description: ClassVar[str] = "each box (or jigsaw region) holds every digit once"
    what: ClassVar[str] = "box"
    multigrid: ClassVar[bool] = True

    def regions(self, board: Board) -> Sequence[Unit]:
        return board.boxes


def classic_rules(board: Board) -> tuple[Rule, ...]:
    """The rules every board has: rows, columns, and boxes or regions when it has them."""
    return (Rows(), Columns(), Boxes()) if board.boxes else (Rows(), Columns())


@lru_cache(maxsize=64)
def all_rules(board: Board, rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The board's classic rules followed by the variant ``rules`` (cached)."""
    classic = classic_rules(board)
    return classic + tuple(r for r in rules if r not in classic)


def completeness_violations(board: Board, grid: Grid) -> Iterator[Violation]:
    """Blank cells and digits out of range (a solution must have neither)."""
    for i, d in enumerate(grid):
        if not 1 <= d <= board.n:
            yield Violation("cells", (i,), "blank" if d == 0 else f"digit {d} out of range")


def check_cells(board: Board, cells: Sequence[int], distinct: bool = False) -> None:
    """RuleError unless ``cells`` are cells of ``board``, each once, and (``distinct``) few
    enough to hold distinct digits.

    >>> check_cells(Board.classic(4), (0, 16))
    Traceback (most recent call last):
    ...
    satdoku.errors.RuleError: cell index 16 is outside the 4x4 board
    """
    for i in cells:
        if not 0 <= i < board.num_cells:
            raise RuleError(f"cell index {i} is outside the {board.n}x{board.n} board"
                            if not board.multigrid else
                            f"cell index {i} is not one of the board's {board.num_cells}")
    if len(set(cells)) != len(cells):
        twice = next(i for i in cells if cells.count(i) > 1)
        raise RuleError(f"cell {board.cell_name(twice)} is listed twice")
    if distinct and len(cells) > board.n:
        raise RuleError(f"{len(cells)} cells cannot hold distinct digits: a "
                        f"{board.n}x{board.n} board has {board.n}")


def check_each(what: str, items: Iterable[Any], check: Callable[[Any], None]) -> None:
    """``check(item)`` for every item; a RuleError names the item: ``cage 3: …``.

    >>> check_each("cage", [(0, 1), (2, 2)], lambda cells: check_cells(Board.classic(4), cells))
    Traceback (most recent call last):
    ...
    satdoku.errors.RuleError: cage 2: cell r1c3 is listed twice
    """
    for k, item in enumerate(items, 1):
        try:
            check(item)
        except RuleError as err:
            raise RuleError(f"{what} {k}: {err}") from None

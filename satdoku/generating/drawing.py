"""Thermometers, arrows, kropki dots and XV signs drawn over a full grid.

Glossary: a *piece* is one drawn constraint (a thermo, an arrow, one dot, one XV sign) as a
rule of its own (``Thermos((line,))``, ``WhiteDots((mark,))`` …), so that a generator can
switch it on and off (:mod:`satdoku.solving.guarded`); :func:`merge` joins pieces, and a template's
rules of the same kind, into one rule per kind. A :class:`Draw` asks for a *kind* and a
count; ``all`` (dots, XV) asks for every mark the grid has, with the negative constraint.

Every piece holds in the grid it is drawn over:

- thermo: a path of 3–6 cells, each a king's move from the one before, digits rising from
  the bulb;
- arrow: a one-cell circle and a path of 2–5 cells starting next to it, whose digits add up
  to the circle's;
- dot: white between orthogonal neighbours whose digits are consecutive, black when one is
  twice the other (1 and 2: either colour, at random);
- xv: X between orthogonal neighbours adding up to 10, V adding up to 5.

Lines never share a cell (with each other or with a template's lines), and no two diagonal
steps cross; a pair of cells carries at most one dot and one XV sign. Lines grow by random
walks (a thermo at both ends, an arrow by a depth-first search for its sum), so a draw may
fail (None) where the grid leaves no room.

>>> import random
>>> from satdoku.board import Board
>>> from satdoku.generating.fill import random_grid
>>> board = Board.classic(9)
>>> grid = random_grid(board, seed=1)
>>> drawing = Drawing(board, grid, random.Random(1))
>>> pieces, fixed = drawing.initial((Draw("thermos", 3), Draw("dots", 5)))
>>> len(pieces), fixed, all(piece.holds(board, grid) for piece in pieces)
(8, [], True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass, is_dataclass, replace
from functools import cache
from itertools import pairwise

from satdoku.board import Board
from satdoku.rules import Grid, Rule
from satdoku.rules.arrows import Arrow, Arrows
from satdoku.rules.dots import (
    NEGATIVE_KINDS,
    BlackDots,
    Mark,
    NegativeConstraint,
    PairMarks,
    WhiteDots,
    XVSums,
)
from satdoku.rules.pairs import Move, cell_pairs
from satdoku.rules.thermo import Thermos

#: The kinds a :class:`Draw` names, each with its singular and other accepted spellings.
KINDS = {"thermos": ("thermo",), "arrows": ("arrow",), "dots": ("dot", "kropki"),
         "xv": ("x", "v")}
#: The kinds whose count may be ``all`` (every mark, with the negative constraint).
MARK_KINDS = ("dots", "xv")
THERMO_CELLS = (3, 6)
ARROW_CELLS = (2, 5)
#: Random tries to draw one line piece before giving up (each a random walk).
TRIES = 30
#: Cells a depth-first search for an arrow's sum visits at most.
ARROW_SEARCH = 400

Pair = tuple[int, int]


@dataclass(frozen=True)
class Draw:
    """``count`` pieces of ``kind`` (None: every mark of the grid, with the negative
    constraint; dots and xv only)."""

    kind: str
    count: int | None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r}; choose {', '.join(KINDS)}")
        if self.count is None and self.kind not in MARK_KINDS:
            raise ValueError(f"{self.kind}: 'all' is for {' and '.join(MARK_KINDS)}")


def default_count(kind: str, n: int) -> int:
    """Pieces of ``kind`` when no count is given: n // 2 lines, n marks.

    >>> default_count("thermos", 9), default_count("dots", 9)
    (4, 9)
    """
    return n if kind in MARK_KINDS else n // 2


@cache
def king_neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """The cells a king's move from each cell of an n×n board.

    >>> king_neighbours(3)[0]
    (1, 3, 4)
    """
    pairs = cell_pairs(n, Move.KING)
    out: list[list[int]] = [[] for _ in range(n * n)]
    for i, j in pairs:
        out[i].append(j)
        out[j].append(i)
    return tuple(tuple(sorted(cells)) for cells in out)


def crossing(n: int, a: int, b: int) -> int | None:
    """The 2×2 square (its top-left cell) that a diagonal step a → b crosses; None for an
    orthogonal step.

    >>> crossing(9, 0, 10), crossing(9, 1, 9), crossing(9, 0, 1)
    (0, 0, None)
    """
    (r0, c0), (r1, c1) = divmod(a, n), divmod(b, n)
    return min(r0, r1) * n + min(c0, c1) if r0 != r1 and c0 != c1 else None


def mark_family(rule: Rule) -> str | None:
    """``dots`` for white and black dots, ``xv`` for XV signs, else None."""
    return ("dots" if isinstance(rule, WhiteDots | BlackDots) else
            "xv" if isinstance(rule, XVSums) else None)


class Drawing:
    """Random pieces over ``grid`` for one puzzle. What ``rules`` (a template's) already
    draw is taken: their lines' cells and steps, their marked pairs; :meth:`take` adds a
    piece's."""

    def __init__(self, board: Board, grid: Grid, rng: random.Random,
                 rules: Sequence[Rule] = ()) -> None:
        self.board, self.grid, self.rng, n = board, grid, rng, board.n
        self.cells: set[int] = set()      # cells on lines
        self.squares: set[int] = set()    # 2x2 squares crossed by a diagonal step
        self.marked: dict[str, set[Pair]] = {kind: set() for kind in MARK_KINDS}
        for rule in rules:
            for marking in rule.markings(board):
                if marking.kind == "line":
                    self._take_line(marking.cells)
            if (family := mark_family(rule)) is not None:
                self.marked[family].update(m.cells for m in rule.marks)  # type: ignore
        self.marks = {kind: self._marks(kind) for kind in MARK_KINDS}
        self.lines = (min(THERMO_CELLS[0], n), min(THERMO_CELLS[1], n))

    def _marks(self, kind: str) -> dict[Pair, Rule]:
        """Every mark of ``kind`` the grid has, as a piece, by pair."""
        out: dict[Pair, Rule] = {}
        for pair in cell_pairs(self.board.n, Move.ORTHOGONAL):
            a, b = self.grid[pair[0]], self.grid[pair[1]]
            if kind == "dots":
                options: list[Rule] = []
                if abs(a - b) == 1:
                    options.append(WhiteDots((Mark(pair, 1),)))
                if a == 2 * b or b == 2 * a:
                    options.append(BlackDots((Mark(pair, 2),)))
            else:
                options = [XVSums((Mark(pair, a + b),))] if a + b in (5, 10) else []
            if options:
                out[pair] = self.rng.choice(options)
        return out

    # -- what is taken ------------------------------------------------------------------
    def _take_line(self, cells: Sequence[int]) -> None:
        self.cells.update(cells)
        for a, b in pairwise(cells):
            square = crossing(self.board.n, a, b)
            if square is not None:
                self.squares.add(square)

    def take(self, piece: Rule) -> None:
        """Mark ``piece``'s cells, steps or pair as taken."""
        family = mark_family(piece)
        if family is not None:
            self.marked[family].update(m.cells for m in piece.marks)  # type: ignore
        elif isinstance(piece, Thermos):
            for line in piece.lines:
                self._take_line(line)
        elif isinstance(piece, Arrows):
            for arrow in piece.arrows:
                self._take_line((*arrow.circle, *arrow.line))

    def _free(self, cell: int, path: Sequence[int]) -> bool:
        return cell not in self.cells and cell not in path

    def _step_ok(self, a: int, b: int, squares: set[int]) -> bool:
        square = crossing(self.board.n, a, b)
        return square is None or (square not in self.squares and square not in squares)

    # -- drawing ------------------------------------------------------------------------
    def initial(self, draws: Iterable[Draw]) -> tuple[list[Rule], list[Rule]]:
        """The pieces ``draws`` ask for (fewer where the grid has no room), and the fixed
        rules of ``all`` draws (every mark, and the negative constraint), all taken."""
        pieces: list[Rule] = []
        fixed: list[Rule] = []
        for draw in draws:
            if draw.count is None:
                fixed += self.every_mark(draw.kind)
                continue
            for _ in range(draw.count):
                piece = self.draw(draw.kind)
                if piece is None:
                    break
                self.take(piece)
                pieces.append(piece)
        return pieces, fixed

    def every_mark(self, kind: str) -> list[Rule]:
        """Every free mark of ``kind`` as one rule per type, then the negative constraint of
        the kind (all marks are given); all taken."""
        marks = [piece for pair, piece in self.marks[kind].items()
                 if pair not in self.marked[kind]]
        for piece in marks:
            self.take(piece)
        pairs = tuple(sorted(self.marked[kind]))  # with a template's marks of the kind
        return [*merge((), marks), NegativeConstraint(("white", "black"), dotted=pairs)
                if kind == "dots" else NegativeConstraint(("x", "v"), signed=pairs)]

    def draw(self, kind: str, through: int | None = None) -> Rule | None:
        """A random piece of ``kind`` (through, or next to, cell ``through``), not taken
        yet; None when none was found."""
        if kind in MARK_KINDS:
            options = self.free_marks(kind, through)
            return self.rng.choice(options) if options else None
        make = self._thermo if kind == "thermos" else self._arrow
        for _ in range(TRIES if through is None else TRIES // 3):
            piece = make(through)
            if piece is not None:
                return piece
        return None

    def free_marks(self, kind: str, through: int | None = None) -> list[Rule]:
        """The marks of ``kind`` on free pairs (that hold ``through``)."""
        return [piece for pair, piece in self.marks[kind].items()
                if pair not in self.marked[kind] and (through is None or through in pair)]

    def against(self, kinds: Sequence[str], other: Grid) -> Rule | None:
        """A random new piece of one of ``kinds`` that the grid ``other`` breaks (it goes
        through a cell where ``other`` differs), or None when none was found."""
        board = self.board
        differ = [i for i in board.cells if other[i] != self.grid[i]]
        for kind in self.rng.sample(list(kinds), len(kinds)):
            if kind in MARK_KINDS:
                options = [p for p in self.free_marks(kind) if not p.holds(board, other)]
                if options:
                    return self.rng.choice(options)
                continue
            for _ in range(TRIES):
                piece = self.draw(kind, self.rng.choice(differ))
                if piece is not None and not piece.holds(board, other):
                    return piece
        return None

    def _start(self, through: int | None) -> int | None:
        if through is not None:
            return None if through in self.cells else through
        free = [i for i in self.board.cells if i not in self.cells]
        return self.rng.choice(free) if free else None

    def _thermo(self, through: int | None) -> Thermos | None:
        """A thermo grown from a cell at both ends: down to the bulb, up to the tip."""
        start = self._start(through)
        if start is None:
            return None
        nb, grid, rng = king_neighbours(self.board.n), self.grid, self.rng
        path, length = [start], rng.randint(*self.lines)
        squares: set[int] = set()
        while len(path) < length:
            options = [(0, j) for j in nb[path[0]] if self._free(j, path)
                       and grid[j] < grid[path[0]] and self._step_ok(j, path[0], squares)]
            options += [(1, j) for j in nb[path[-1]] if self._free(j, path)
                        and grid[j] > grid[path[-1]] and self._step_ok(path[-1], j, squares)]
            if not options:
                break
            end, j = rng.choice(options)
            a, b = (j, path[0]) if end == 0 else (path[-1], j)
            if (square := crossing(self.board.n, a, b)) is not None:
                squares.add(square)
            path.insert(len(path) if end else 0, j)
        return Thermos((tuple(path),)) if len(path) >= self.lines[0] else None

    def _arrow(self, through: int | None) -> Arrows | None:
        """An arrow whose circle is ``through`` or a cell near it (then the line goes
        through it), or a random free cell."""
        start = self._start(through)
        if start is None:
            return None
        circle = start
        if through is not None and self.rng.random() < 0.5:
            near = [j for j in king_neighbours(self.board.n)[through] if j not in self.cells]
            circle = self.rng.choice(near) if near else through
        need = None if circle == start else through
        line = self._sum_path(circle, need)
        return Arrows((Arrow((circle,), tuple(line)),)) if line else None

    def _sum_path(self, circle: int, need: int | None) -> list[int] | None:
        """A random free path of 2–5 cells from next to ``circle`` whose digits add up to
        the circle's (holding ``need``), by depth-first search."""
        nb, grid, rng = king_neighbours(self.board.n), self.grid, self.rng
        target, budget = grid[circle], [ARROW_SEARCH]

        def search(path: list[int], total: int, squares: set[int]) -> list[int] | None:
            if total == target:
                ok = len(path) > ARROW_CELLS[0] and (need is None or need in path)
                return path[1:] if ok else None
            if len(path) > ARROW_CELLS[1] or budget[0] <= 0:
                return None
            budget[0] -= 1
            for j in rng.sample(nb[path[-1]], len(nb[path[-1]])):
                if (self._free(j, path) and total + grid[j] <= target
                        and self._step_ok(path[-1], j, squares)):
                    square = crossing(self.board.n, path[-1], j)
                    found = search([*path, j], total + grid[j],
                                   squares | ({square} if square is not None else set()))
                    if found:
                        return found
            return None

        return search([circle], 0, set())


# -- one rule per kind ------------------------------------------------------------------------
#: The field holding the elements of each drawn rule type.
ELEMENTS: dict[type, str] = {Thermos: "lines", Arrows: "arrows", WhiteDots: "marks",
                             BlackDots: "marks", XVSums: "marks"}


def _order(element: object) -> tuple:
    return astuple(element) if is_dataclass(element) else tuple(element)  # type: ignore


def merge(rules: Sequence[Rule], pieces: Iterable[Rule]) -> tuple[Rule, ...]:
    """``rules`` with ``pieces`` joined in: each piece's elements go into the rule of the
    same kind (a template's thermos, say), or a new rule, in order of their cells; a
    negative constraint among the pieces becomes one, over every pair marked in the end.

    >>> merge((Thermos(((0, 1),)),), [Thermos(((5, 6),)), Thermos(((3, 4),))])
    (Thermos(lines=((0, 1), (3, 4), (5, 6)), slow=False),)
    """
    out = list(rules)
    added: dict[int, list] = {}
    kinds: list[str] = []
    order = list(ELEMENTS)
    for piece in sorted(pieces, key=lambda p: order.index(type(p)) if type(p) in order else 9):
        if isinstance(piece, NegativeConstraint):
            kinds += piece.kinds
            continue
        name = ELEMENTS[type(piece)]
        empty = replace(piece, **{name: ()})  # type: ignore[call-overload,type-var]
        at = next((k for k, rule in enumerate(out) if type(rule) is type(piece)
                   and replace(rule, **{name: ()}) == empty), None)  # type: ignore
        if at is None:
            at = len(out)
            out.append(empty)
        added.setdefault(at, []).extend(getattr(piece, name))
    for at, elements in added.items():
        name = ELEMENTS[type(out[at])]
        both = (*getattr(out[at], name), *sorted(elements, key=_order))
        out[at] = replace(out[at], **{name: both})  # type: ignore[call-overload,type-var]
    if kinds:
        out.append(negative(out, kinds))
    return tuple(out)


def negative(rules: Sequence[Rule], kinds: Iterable[str]) -> NegativeConstraint:
    """The negative constraint of ``kinds`` over the pairs ``rules`` mark (as the JSON
    reader makes it)."""
    marked: dict[str, set[Pair]] = {"dotted": set(), "signed": set()}
    for rule in rules:
        family = mark_family(rule)
        if family is not None:
            assert isinstance(rule, PairMarks)
            marked["dotted" if family == "dots" else "signed"].update(m.cells for m in rule.marks)
    chosen = set(kinds)
    return NegativeConstraint(tuple(k for k in NEGATIVE_KINDS if k in chosen),
                              tuple(sorted(marked["dotted"])), tuple(sorted(marked["signed"])))

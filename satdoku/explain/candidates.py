"""The candidate grid a person pencils in, read from the facts, and the houses it lives in.

Glossary: a *house* is a constraint group that says "every digit exactly once" over n cells
(rows, columns, boxes, jigsaw regions, and variant regions such as the diagonals of
X-Sudoku or windoku's windows); a *candidate* is a digit not yet eliminated from an open
cell; a *finding* is a pattern a technique finder (:mod:`.patterns`, :mod:`.chains`) saw in
the candidates: what it eliminates or places, the groups it rests on, its name, its weight
on the human scale (:mod:`.catalogue`) and a sentence or two saying why.

Findings are proposals only: the step search proves each with the SAT solver and keeps a
minimal subset of the groups and facts (:func:`satdoku.explain.steps.minimal_subset`), so
a finder's mistake can never make an unsound step.

>>> from satdoku.board import Board
>>> from satdoku.explain.groups import constraint_groups
>>> g = constraint_groups(Board.classic(4))
>>> c = Candidates(g, {1})               # r1c1 = 1
>>> c.digits(0), sorted(c.digits(1))
((1,), [1, 2, 3, 4])
>>> len(houses(g))
12
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar
from weakref import ref

from satdoku.board import Board
from satdoku.explain.groups import Group, Groups, region_clauses


@dataclass(frozen=True)
class House:
    """A group that holds every digit exactly once: its index, kind, label and cells."""

    group: int
    kind: str
    label: str
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Finding:
    """A pattern seen in the candidates: a proposal for a step (proved afterwards)."""

    technique: str
    weight: float
    derived: tuple[int, ...]
    groups: tuple[int, ...]
    teach: str
    #: The chain in order, when the technique is one (literals: placements "on").
    chain: tuple[int, ...] = field(default=())
    #: Uniqueness techniques only: the deadly pattern (:attr:`.steps.Step.deadly`).
    deadly: tuple[int, ...] = field(default=())


def _is_house(board: Board, g: Group) -> bool:
    """Whether ``g`` says "every digit once" over n cells: its clauses are a region's, in
    whatever order the rule listed the cells (an anti-diagonal runs from r9c1 up)."""
    if len(g.cells) != board.n or g.kind == "cell":
        return False
    if g.is_unit:
        return True
    return {tuple(sorted(c)) for c in g.clauses} == region_clauses_cached(board, g.cells)


def is_pair_of_differents(board: Board, g: Group) -> bool:
    """Whether ``g`` says only that its two cells differ (an anti-knight or anti-king pair,
    a pair of cells a rule keeps distinct): a placement's digit leaves the other cell as
    it leaves a house."""
    if len(g.cells) != 2 or g.kind == "cell":
        return False
    return {tuple(sorted(c)) for c in g.clauses} == region_clauses_cached(board, g.cells)


@lru_cache(maxsize=4096)
def region_clauses_cached(board: Board, cells: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """A region's clauses, each with its literals sorted."""
    return frozenset(tuple(sorted(c)) for c in region_clauses(board, cells))


_HOUSES: dict[int, tuple[House, ...]] = {}


def houses(groups: Groups) -> tuple[House, ...]:
    """Every house among ``groups`` (computed once per groups object)."""
    key = id(groups)
    found = _HOUSES.get(key)
    if found is None or (found and groups.groups[found[0].group].cells != found[0].cells):
        found = tuple(House(g.index, g.kind, g.label, g.cells) for g in groups.groups
                      if _is_house(groups.board, g))
        _HOUSES[key] = found
    return found


def classic_only(groups: Groups) -> bool:
    """Whether every group is a cell or a house (no variant constraint)."""
    hs = {h.group for h in houses(groups)}
    return all(g.kind == "cell" or g.index in hs for g in groups.groups)


T = TypeVar("T")


@dataclass(frozen=True)
class Layout:
    """What a candidate grid reads from its groups alone (built once per groups object and
    shared by the grids of every position: building it was a tenth of the finders' time
    on a 16x16 board)."""

    houses: tuple[House, ...]
    #: Each cell's houses (read only).
    houses_of: list[list[House]]
    #: Each cell's own group.
    cell_group: dict[int, int]
    #: Pairs of houses sharing two cells or more, and those cells (locked candidates).
    meets: tuple[tuple[House, House, frozenset[int]], ...]
    #: The cells sharing a house with each cell, filled as asked.
    peers: dict[int, frozenset[int]] = field(default_factory=dict)
    #: Each house's cells as a bit set (bit i: cell i), by its group.
    bits: dict[int, int] = field(default_factory=dict)
    #: The cells of each meeting as a bit set (bit i: cell i), in the order of ``meets``.
    meet_bits: tuple[int, ...] = ()
    #: The cells sharing a house with each cell as bit sets, every cell's.
    peer_bits: tuple[int, ...] = ()
    #: "row" and "column": cell → its line of that kind (the last listed, if several).
    line_of: dict[str, dict[int, House]] = field(default_factory=dict)
    #: What finders derive from the layout alone, by their key (:meth:`memo`).
    derived: dict[str, Any] = field(default_factory=dict)

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """What ``make`` builds from the layout, built once per groups object."""
        if key not in self.derived:
            self.derived[key] = make()
        out: T = self.derived[key]
        return out


_LAYOUTS: dict[int, tuple[ref, Layout]] = {}


def layout(groups: Groups) -> Layout:
    """The :class:`Layout` of ``groups`` (cached while the groups object lives)."""
    found = _LAYOUTS.get(id(groups))
    if found is not None and found[0]() is groups:
        return found[1]
    hs = houses(groups)
    houses_of: list[list[House]] = [[] for _ in range(groups.board.num_cells)]
    for h in hs:
        for i in h.cells:
            houses_of[i].append(h)
    meets = tuple((a, b, frozenset(a.cells) & frozenset(b.cells)) for a in hs for b in hs
                  if a.group != b.group and len(set(a.cells) & set(b.cells)) >= 2)
    bits = {h.group: sum(1 << i for i in h.cells) for h in hs}
    peer_bits = []
    for i, mine in enumerate(houses_of):
        seen = 0
        for h in mine:
            seen |= bits[h.group]
        peer_bits.append(seen & ~(1 << i))
    out = Layout(hs, houses_of, {g.cells[0]: g.index for g in groups.groups if g.kind == "cell"},
                 meets, bits=bits, meet_bits=tuple(sum(1 << i for i in m) for _, _, m in meets),
                 peer_bits=tuple(peer_bits),
                 line_of={kind: {i: h for h in hs if h.kind == kind for i in h.cells}
                          for kind in ("row", "column")})
    for key in [k for k, (r, _) in _LAYOUTS.items() if r() is None]:
        del _LAYOUTS[key]
    _LAYOUTS[id(groups)] = (ref(groups), out)
    return out


class Candidates:
    """The digits still possible in each cell, by the known facts (never changed once
    built: what finders derive from them is kept, :meth:`memo`)."""

    def __init__(self, groups: Groups, facts: Iterable[int],
                 start: Candidates | None = None) -> None:
        """The grid of ``facts``; with ``start`` (a grid of the same groups), the grid of
        its facts and ``facts`` (the candidates copied, not read again from every fact).

        >>> from satdoku.board import Board
        >>> from satdoku.explain.groups import constraint_groups
        >>> g = constraint_groups(Board.classic(4))
        >>> Candidates(g, [-2], Candidates(g, [1])).cand[:2] == Candidates(g, [1, -2]).cand[:2]
        True
        """
        self.groups = groups
        self.board = groups.board
        n = self.n = groups.board.n
        cells = groups.board.num_cells  # (n² but on a multi-grid board)
        if start is None:
            self.cand: list[set[int]] = [set(range(1, n + 1)) for _ in range(cells)]
            self.placed = [0] * cells
        else:
            self.cand = [set(ds) for ds in start.cand]
            self.placed = list(start.placed)
        for x in facts:
            cell, d = divmod(abs(x) - 1, n)
            if x > 0:
                self.placed[cell] = d + 1
                self.cand[cell] = {d + 1}
            else:
                self.cand[cell].discard(d + 1)
        self.layout = layout(groups)
        self.houses = self.layout.houses
        self.houses_of = self.layout.houses_of
        self.cell_group = self.layout.cell_group
        self._peers = self.layout.peers
        #: house → digit → the open cells of the house where it is a candidate, as a
        #: list and as a bit set (both filled for a house when first asked).
        self._where: dict[int, tuple[list[list[int]], list[int]]] = {}
        self._placed_in: dict[int, set[int]] = {}
        self._memo: dict[str, Any] = {}

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """What ``make`` builds from this grid, built once (the chains' links, the
        almost locked sets: each serves several finders of one position).

        >>> from satdoku.board import Board
        >>> from satdoku.explain.groups import constraint_groups
        >>> c = Candidates(constraint_groups(Board.classic(4)), [1])
        >>> c.memo("x", list) is c.memo("x", list)
        True
        """
        if key not in self._memo:
            self._memo[key] = make()
        out: T = self._memo[key]
        return out

    def digits(self, cell: int) -> tuple[int, ...]:
        return tuple(sorted(self.cand[cell]))

    def open(self, cell: int) -> bool:
        return not self.placed[cell]

    def lit(self, cell: int, digit: int) -> int:
        return cell * self.n + digit

    def where(self, house: House, digit: int) -> list[int]:
        """The open cells of ``house`` where ``digit`` is a candidate."""
        found = self._where.get(house.group)  # (asked a million times on a 16x16 path)
        return (self.places(house) if found is None else found)[0][digit]

    def digit_bits(self) -> list[int]:
        """Each cell's candidates as a bit set (bit d: digit d).

        >>> from satdoku.board import Board
        >>> from satdoku.explain.groups import constraint_groups
        >>> c = Candidates(constraint_groups(Board.classic(4)), [1, -6])
        >>> [bin(m) for m in c.digit_bits()[:2]]
        ['0b10', '0b11010']
        """
        return self.memo("digit_bits", lambda: [sum(1 << d for d in ds) for ds in self.cand])

    def open_with(self, digit: int) -> int:
        """The open cells where ``digit`` is a candidate, as a bit set (bit i: cell i).

        >>> from satdoku.board import Board
        >>> from satdoku.explain.groups import constraint_groups
        >>> c = Candidates(constraint_groups(Board.classic(4)), [1, -6])  # r1c1=1, r1c2≠2
        >>> bit_cells(c.open_with(2))[:3]
        [2, 3, 4]
        """
        return self.memo("open_with", self._open_with)[digit]

    def _open_with(self) -> list[int]:
        out = [0] * (self.n + 1)
        for i, ds in enumerate(self.cand):
            if not self.placed[i]:
                for d in ds:
                    out[d] |= 1 << i
        return out

    def where_bits(self, house: House, digit: int) -> int:
        """:meth:`where` as a bit set (bit i: cell i).

        >>> from satdoku.board import Board
        >>> from satdoku.explain.groups import constraint_groups
        >>> c = Candidates(constraint_groups(Board.classic(4)), [1, -6])  # r1c1=1, r1c2≠2
        >>> row = c.houses[0]
        >>> c.where(row, 1), c.where(row, 2), bin(c.where_bits(row, 2))
        ([1, 2, 3], [2, 3], '0b1100')
        """
        found = self._where.get(house.group)
        return (self.places(house) if found is None else found)[1][digit]

    def places(self, house: House) -> tuple[list[list[int]], list[int]]:
        """:meth:`where` and :meth:`where_bits` of every digit (by digit; found for all
        at once, in one pass over the house's cells: read only)."""
        found = self._where.get(house.group)
        if found is not None:
            return found
        lists: list[list[int]] = [[] for _ in range(self.n + 1)]
        bits = [0] * (self.n + 1)
        for i in house.cells:
            if not self.placed[i]:
                for d in self.cand[i]:
                    lists[d].append(i)
                    bits[d] |= 1 << i
        out = self._where[house.group] = (lists, bits)
        return out

    def placed_in(self, house: House, digit: int) -> bool:
        """Whether ``digit`` is placed in ``house`` (the digits placed per house cached:
        the finders ask this for every house and digit, several times a step)."""
        return digit in self.placed_digits(house)

    def placed_digits(self, house: House) -> set[int]:
        """The digits placed in ``house`` (and 0 if a cell is open; read only)."""
        out = self._placed_in.get(house.group)
        if out is None:
            out = self._placed_in[house.group] = {self.placed[i] for i in house.cells}
        return out

    def peers(self, cell: int) -> frozenset[int]:
        """The cells sharing a house with ``cell``."""
        out = self._peers.get(cell)
        if out is None:
            out = frozenset(i for h in self.houses_of[cell] for i in h.cells) - {cell}
            self._peers[cell] = out
        return out

    def sees(self, a: int, b: int) -> bool:
        return a != b and b in self.peers(a)

    def common_house(self, a: int, b: int) -> House | None:
        return next((h for h in self.houses_of[a] if b in h.cells), None)

    def name(self, cell: int) -> str:
        return self.board.cell_name(cell)

    def names(self, cells: Iterable[int]) -> str:
        return ", ".join(self.name(i) for i in cells)

    def symbol(self, d: int) -> str:
        return self.board.symbol(d) if self.board.single_char else str(d)

    def digit_set(self, ds: Iterable[int]) -> str:
        return "{" + ",".join(self.symbol(d) for d in sorted(ds)) + "}"


def combinations_spanning(items: Sequence[int], size: int, masks: Sequence[int],
                          most: int, least: int | None = None) -> list[tuple[int, ...]]:
    """The ``size``-item combinations of ``items`` whose bit sets (``masks[item]``) join
    into ``least`` to ``most`` bits (None: exactly ``most``), in the order of
    :func:`itertools.combinations`; grown an item at a time, a start with too many bits
    already is not grown (subsets: k cells with k digits; almost locked sets: k cells with
    k + 1; fish: k base lines meeting k cover lines).

    >>> combinations_spanning([0, 1, 2], 2, [0b110, 0b1100, 0b111000], 3)
    [(0, 1)]
    >>> combinations_spanning([0, 1, 2], 2, [0b110, 0b1100, 0b111000], 4, 3)
    [(0, 1), (1, 2)]
    """
    least = most if least is None else least
    ms = [masks[i] for i in items]
    n = len(ms)
    # (places in items, their bits), in order; a start leaves room for the rest
    starts: list[tuple[tuple[int, ...], int]] = [
        ((j,), ms[j]) for j in range(n - size + 1) if ms[j].bit_count() <= most]
    for depth in range(1, size):
        stop = n - size + depth + 1
        starts = [((*p, j), grown) for p, m in starts for j in range(p[-1] + 1, stop)
                  if (grown := m | ms[j]).bit_count() <= most]
    return [tuple(items[j] for j in p) for p, m in starts if m.bit_count() >= least]


def bit_cells(bits: int) -> list[int]:
    """The cells of a bit set, ascending.

    >>> bit_cells(0b10110)
    [1, 2, 4]
    """
    out = []
    while bits:
        out.append((bits & -bits).bit_length() - 1)
        bits &= bits - 1
    return out

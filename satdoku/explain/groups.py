"""The constraint groups of a puzzle: the pieces a step of an explanation may cite.

Glossary: a *group* is a set of clauses that a person would name as one constraint — a
cell's "exactly one digit", a row's (column's, box's, region's) "every digit once", one
killer cage, one thermometer, one pair of cells a knight's move apart. Every clause of a
group is guarded by the group's *selector* ``s``: ``(¬s ∨ C)``, so assuming ``s`` switches
the group on. A group's *cells* are the cells its clauses mention.

Groups are built from the board and the rules' own encoders (extended encoding, pairwise
at-most-one, whatever the user's options), so every rule satdoku encodes can be explained:

- each cell: at least one and at most one digit;
- each all-different region of a rule (rows, columns, boxes or jigsaw regions, diagonals,
  windows, extra regions …): every digit at most once, and at least once when the region
  has n cells;
- each *instance* of a variant rule: a rule holds all its instances (every cage of a
  killer), so it is encoded once per instance — the same rule class holding one instance,
  made with :func:`dataclasses.replace` — into a fresh formula. The split is used only when
  the instances' clauses together are exactly the rule's own clauses (and regions); a rule
  that does not split so (global rules such as anti-knight, or rules whose instances
  depend on each other) is cut into *components*: clauses linked through shared auxiliary
  variables, bucketed by the cells they mention (anti-knight: one group per knight pair).

Auxiliary variables keep their names across groups (one pool, as in the solver's own
formula), so the union of all groups is the rule set's encoding.

>>> from satdoku.board import Board
>>> g = constraint_groups(Board.classic(4))
>>> len(g.groups), [x.label for x in g.groups[:2]], g.groups[16].label, g.groups[-1].label
(28, ['cell r1c1', 'cell r1c2'], 'row 1', 'box 4')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cnf import AMO, Formula, at_least_one, at_most_one
from cnf.budget import Deadline, applying
from satdoku.board import Board
from satdoku.rules import Rule, all_rules, cell_var
from satdoku.rules.chess import EqualAtOffsets

Clause = tuple[int, ...]


@dataclass(frozen=True)
class Group:
    """One named constraint: its kind (``cell``, ``row``, ``column``, ``box``, ``region``
    or a rule's name), a label for people, the cells it mentions, its selector literal and
    its clauses (unguarded)."""

    index: int
    kind: str
    label: str
    cells: tuple[int, ...]
    selector: int
    clauses: tuple[Clause, ...]
    #: The one-instance rule of a variant group (one cage, one thermometer …), else None.
    rule: Rule | None = field(default=None, compare=False, repr=False)
    #: The rule whose encoding made the group (a whole rule, e.g. the negative constraint
    #: one of whose pairs the group is); None for a cell.
    source: Rule | None = field(default=None, compare=False, repr=False)

    @property
    def is_unit(self) -> bool:
        """A row, column, box or jigsaw region (the classic houses)."""
        return self.kind in UNIT_KINDS


UNIT_KINDS = ("row", "column", "box", "region")


def cage_total(g: Group) -> int | None:
    """The total of a killer cage's group (None: a cage without one, or not one cage)."""
    cages: Sequence[Any] = getattr(g.rule, "cages", ()) if g.kind == "killer" else ()
    return cages[0].total if len(cages) == 1 else None


@dataclass(frozen=True)
class Groups:
    """Every group of a board and its rules, and one formula holding them all guarded."""

    board: Board
    groups: tuple[Group, ...]
    formula: Formula
    of_cell: tuple[tuple[int, ...], ...]   # indices of the groups that mention each cell


class _Pool:
    """Auxiliary variables of every group, by name (anonymous ones stay distinct)."""

    def __init__(self, reserved: int) -> None:
        self.formula = Formula(reserved=reserved)

    def rename(self, fresh: Formula) -> dict[int, int]:
        """Fresh formula's pooled variable → the shared pool's: named ones by name, the others
        (anonymous, or taken from the pool's counter by PySAT's cardinality encodings, which
        leave no entry in it) as new variables."""
        names = fresh.pool.id2obj
        out: dict[int, int] = {}
        for v in range(fresh.reserved + 1, fresh.num_vars + 1):
            name = names.get(v)
            out[v] = (self.formula.new_var() if name is None or type(name) is object
                      else self.formula.var(name))
        return out


def _clauses(fresh: Formula, mapping: dict[int, int], reserved: int) -> list[Clause]:
    def lit(x: int) -> int:
        v = abs(x)
        if v <= reserved:
            return x
        return mapping[v] if x > 0 else -mapping[v]
    return [tuple(lit(x) for x in c) for c in fresh.clauses]


def _cells(board: Board, clauses: Iterable[Clause]) -> tuple[int, ...]:
    top, n = board.num_cell_vars, board.n
    return tuple(sorted({(abs(x) - 1) // n for c in clauses for x in c if abs(x) <= top}))


def region_clauses(board: Board, region: Sequence[int]) -> list[Clause]:
    """Every digit at most once in ``region`` (pairwise), at least once when it is full."""
    f = Formula(reserved=board.num_cell_vars)
    for d in range(1, board.n + 1):
        lits = [cell_var(board, i, d) for i in region]
        at_most_one(f, lits, AMO.PAIRWISE)
        if len(region) == board.n:
            at_least_one(f, lits)
    return [tuple(c) for c in f.clauses]


def _cell_clauses(board: Board, cell: int) -> list[Clause]:
    f = Formula(reserved=board.num_cell_vars)
    lits = [cell_var(board, cell, d) for d in range(1, board.n + 1)]
    at_least_one(f, lits)
    at_most_one(f, lits, AMO.PAIRWISE)
    return [tuple(c) for c in f.clauses]


# -- splitting a rule into instances ------------------------------------------------------------
def instances(rule: Rule) -> list[Rule] | None:
    """The rule split into one rule per instance, when it holds its instances in one tuple
    field (cages, lines, dots …); None otherwise."""
    if not dataclasses.is_dataclass(rule):
        return None
    fields = [f.name for f in dataclasses.fields(rule)
              if f.init and isinstance(getattr(rule, f.name), tuple) and getattr(rule, f.name)
              and not any(isinstance(x, (int, str, bool)) for x in getattr(rule, f.name))]
    if len(fields) != 1:
        return None
    name = fields[0]
    try:
        return [dataclasses.replace(rule, **{name: (item,)}) for item in getattr(rule, name)]
    except Exception:  # a rule that refuses one instance alone: not split
        return None


def _encode(board: Board, rule: Rule, pool: _Pool) -> list[Clause]:
    fresh = Formula(reserved=board.num_cell_vars)
    rule.encode(board, fresh, AMO.PAIRWISE)
    return _clauses(fresh, pool.rename(fresh), board.num_cell_vars)


def _canonical(clauses: Iterable[Clause], top: int, names: dict[int, Hashable]) -> set:
    """Clauses as comparable values: cell literals as they are, auxiliary ones by name."""
    def key(x: int) -> Hashable:
        if abs(x) <= top:
            return x
        name = names.get(abs(x))
        return (x > 0, "?" if name is None or type(name) is object else repr(name))
    return {tuple(sorted(map(key, c), key=repr)) for c in clauses}


def _split(board: Board, rule: Rule, pool: _Pool) -> list[tuple[Rule, list[Clause]]] | None:
    """Per instance: (the one-instance rule, its clauses), when the instances together are
    exactly the rule (same clauses, same regions); None otherwise."""
    parts = instances(rule)
    if parts is None:
        return None
    probe = _Pool(board.num_cell_vars)
    whole = _encode(board, rule, probe)
    split = [_encode(board, part, pool) for part in parts]
    top = board.num_cell_vars
    same_clauses = _canonical(whole, top, probe.formula.names()) == _canonical(
        (c for cs in split for c in cs), top, pool.formula.names())
    same_regions = ({frozenset(r) for r in rule.regions(board)}
                    == {frozenset(r) for p in parts for r in p.regions(board)})
    if not (same_clauses and same_regions):
        return None
    return list(zip(parts, split, strict=True))


def _components(clauses: list[Clause], top: int, board: Board) -> list[list[Clause]]:
    """Clauses linked through shared auxiliary variables, then bucketed by their cells."""
    parent = list(range(len(clauses)))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner: dict[int, int] = {}
    for k, c in enumerate(clauses):
        for x in c:
            if abs(x) > top:
                if abs(x) in owner:
                    parent[find(k)] = find(owner[abs(x)])
                else:
                    owner[abs(x)] = k
    linked: dict[int, list[Clause]] = {}
    for k, c in enumerate(clauses):
        linked.setdefault(find(k), []).append(c)
    buckets: dict[tuple[int, ...], list[Clause]] = {}
    for part in linked.values():
        buckets.setdefault(_cells(board, part), []).extend(part)
    return list(buckets.values())


# -- naming ----------------------------------------------------------------------------------
def _region_kind(board: Board, rule: Rule) -> str:
    what = getattr(rule, "what", "") or rule.name
    if what == "box" and board.regions is not None:
        return "region"
    return what


#: Where an outside clue reads its line from (the way it reads: ``Marking.style``), and the
#: arrow of a diagonal's way: two clues' lines may start at one cell (the clue left of row
#: 1 and the one above column 1 both start at r1c1), so a label says which.
LINE_SIDES = {"D": "above column", "U": "below column", "R": "left of row", "L": "right of row"}
DIAGONAL_ARROWS = {"DR": "↘", "DL": "↙", "UR": "↗", "UL": "↖"}


def _instance_label(board: Board, rule: Rule, cells: Sequence[int]) -> str:
    """``killer 16 at r1c1``: the rule, its marking's label, where its marking starts; an
    outside clue says its side (``sandwich 10 left of row 3``) or its diagonal's way
    (``little-killer 15 at r1c6 ↘``)."""
    marks = [m for m in rule.markings(board) if m.cells]
    if not marks and isinstance(rule, EqualAtOffsets):  # (over the whole board: its moves)
        words = [words for _, _, words in rule.parts(board)]
        if len(words) == 1:
            return f"{rule.name}: {words[0]}"
    first = marks[0].cells[0] if len(marks) == 1 else min(cells, default=0)
    label = f" {marks[0].label}" if len(marks) == 1 and marks[0].label else ""
    way = marks[0].style if len(marks) == 1 and marks[0].kind == "text" else ""
    if way in LINE_SIDES:
        r, c = divmod(first, board.n)
        return f"{rule.name}{label} {LINE_SIDES[way]} {c + 1 if way in 'DU' else r + 1}"
    arrow = f" {DIAGONAL_ARROWS[way]}" if way in DIAGONAL_ARROWS else ""
    return f"{rule.name}{label} at {board.cell_name(first)}{arrow}"


def _route(board: Board, rule: Rule, cells: Sequence[int]) -> tuple[int, ...]:
    """The cells of an instance's marking in its own order (a thermometer from its bulb, a
    dot's two cells …), else its cells: what tells apart instances that start at one cell."""
    marks = [m for m in rule.markings(board) if m.cells]
    return tuple(marks[0].cells) if len(marks) == 1 else tuple(cells)


#: Cells of its route a label may name to tell an instance apart; past them, a number.
ROUTE_CELLS = 4


def _distinct(board: Board, labels: list[str], routes: list[tuple[int, ...]]) -> list[str]:
    """``labels`` made distinct where two instances share one (two dots at one cell,
    branching thermometers, arrows from one circle): each of those says the next cells of
    its route, as far as needed (``white dots at r2c6→r3c6``, ``thermo at r1c1→r2c1``),
    and a number where even the routes are the same.

    >>> from satdoku.board import Board
    >>> _distinct(Board(9), ["dot at r1c1", "dot at r1c1", "cage at r5c5"],
    ...           [(0, 1), (0, 9), (40, 41)])
    ['dot at r1c1→r1c2', 'dot at r1c1→r2c1', 'cage at r5c5']
    """
    out = list(labels)
    same: dict[str, list[int]] = {}
    for k, label in enumerate(labels):
        same.setdefault(label, []).append(k)
    for label, ks in same.items():
        if len(ks) < 2:
            continue
        longest = min(max(len(routes[k]) for k in ks), ROUTE_CELLS)
        for length in range(2, longest + 1):
            tried = {k: label + "".join(f"→{board.cell_name(i)}" for i in routes[k][1:length])
                     for k in ks}
            if len(set(tried.values())) == len(ks) or length == longest:
                break
        counts: dict[str, int] = {}
        for k in ks:
            counts[tried[k]] = counts.get(tried[k], 0) + 1
        seen: dict[str, int] = {}
        for k in ks:
            seen[tried[k]] = seen.get(tried[k], 0) + 1
            out[k] = tried[k] + (f" #{seen[tried[k]]}" if counts[tried[k]] > 1 else "")
    return out


def _cells_label(board: Board, name: str, cells: Sequence[int]) -> str:
    if len(cells) <= 3:
        return f"{name} {', '.join(board.cell_name(i) for i in cells)}"
    return f"{name} at {board.cell_name(cells[0])} ({len(cells)} cells)"


# -- building ------------------------------------------------------------------------------
#: Groups and regions made between two looks at the deadline (a 25x25 board has 2,000 regions
#: and digits, 60,000 groups: each look costs ~0.1 µs, each group ~50 µs).
_EVERY = 64


def constraint_groups(board: Board, rules: tuple[Rule, ...] = (),
                      deadline: Deadline | None = None) -> Groups:
    """Every constraint group of ``board`` under its classic rules plus ``rules`` (cached).

    TimeoutError when ``deadline`` passes first (checked between regions, rules and blocks
    of groups; a 25x25 anti-knight board takes ~10 s); nothing is cached then."""
    with (deadline or Deadline(None)).applies():  # (to the cached build, not its key)
        return _cached_groups(board, rules)


@lru_cache(maxsize=16)
def _cached_groups(board: Board, rules: tuple[Rule, ...]) -> Groups:
    with (applying() or Deadline(None)).building() as deadline:
        return _constraint_groups(board, rules, deadline)


constraint_groups.cache_clear = _cached_groups.cache_clear  # type: ignore[attr-defined]


def _constraint_groups(board: Board, rules: tuple[Rule, ...], deadline: Deadline) -> Groups:
    for rule in rules:
        rule.check_board(board)
    top = board.num_cell_vars
    pool = _Pool(top)
    specs: list[tuple[str, str, list[Clause], Rule | None, Rule | None]] = [
        ("cell", f"cell {board.cell_name(i)}", _cell_clauses(board, i), None, None)
        for i in board.cells]
    for rule in all_rules(board, rules):
        deadline.check("building the constraint groups")
        specs += [(*spec, rule) for spec in _rule_specs(board, rule, pool, deadline)]
    formula = pool.formula
    groups: list[Group] = []
    for k, (kind, label, clauses, part, source) in enumerate(specs):
        if k % _EVERY == 0:
            deadline.check("building the constraint groups")
        if not clauses:
            continue
        selector = formula.new_var()
        formula.group(label).extend([-selector, *c] for c in clauses)
        groups.append(Group(len(groups), kind, label, _cells(board, clauses), selector,
                            tuple(clauses), part, source))
    of_cell: list[list[int]] = [[] for _ in board.cells]
    for g in groups:
        for i in g.cells:
            of_cell[i].append(g.index)
    return Groups(board, tuple(groups), formula, tuple(map(tuple, of_cell)))


def _rule_specs(board: Board, rule: Rule, pool: _Pool, deadline: Deadline
                ) -> list[tuple[str, str, list[Clause], Rule | None]]:
    """(kind, label, clauses) of every group of one rule."""
    split = _split(board, rule, pool)
    out: list[tuple[str, str, list[Clause], Rule | None]] = []
    if split is not None:
        routes: list[tuple[int, ...]] = []
        for k, (part, own) in enumerate(split):
            if k % _EVERY == 0:
                deadline.check("building the constraint groups")
            clauses = [c for r in part.regions(board) for c in region_clauses(board, r)] + own
            cells = _cells(board, clauses)
            out.append((rule.name, _instance_label(board, part, cells), clauses, part))
            routes.append(_route(board, part, cells))
        labels = _distinct(board, [label for _, label, _, _ in out], routes)
        return [(kind, label, clauses, part)
                for (kind, _, clauses, part), label in zip(out, labels, strict=True)]
    kind = _region_kind(board, rule)
    for k, region in enumerate(rule.regions(board)):
        deadline.check("building the constraint groups")
        out.append((kind, board.unit_name(kind, k, region), region_clauses(board, region),
                    None))
    own = _encode(board, rule, pool)
    deadline.check("building the constraint groups")
    for component in _components(own, board.num_cell_vars, board):
        out.append((rule.name, _cells_label(board, rule.name, _cells(board, component)),
                    component, None))
    return out

"""Board + rules → CNF, as a visible pipeline of pure steps, cached per (board, rules, options).

Cell variables are ``v(r,c,d) = (r·n + c)·n + d`` (1..n³); auxiliaries follow. The classic
Sudoku encodings differ only in which cell and region constraints they add:

========== ================= ================= ==================== =====================
encoding   cell ≥1 digit     cell ≤1 digit     region: digit ≤1     region: digit ≥1
========== ================= ================= ==================== =====================
minimal    yes               –                 yes                  –
efficient  yes               yes               yes                  –
extended   yes               yes               yes                  yes (full regions)
augmented  as extended, plus box-line triads (see :mod:`satdoku.encoding.triads`)
========== ================= ================= ==================== =====================

Before building, :func:`estimate` gives the size of every step without building it (by
formula, or by the rule's own :meth:`~satdoku.rules.Rule.estimate`), and :func:`build`
refuses a CNF whose estimate is over the memory budget (:mod:`satdoku.encoding.budget`). A
:class:`~cnf.budget.Deadline` is checked between steps (every block of cells, every region,
every rule): building stops with TimeoutError when it passes, and nothing is cached. A rule's
own clauses are encoded in one call that cannot be interrupted: before it, its estimated
literals times the time per literal of the build so far (:data:`SECONDS_PER_LITERAL` until
there is enough to measure) must fit in what is left, else building stops at once.

>>> from satdoku.board import Board
>>> f = build(Board.classic(4), (), Encoding.EXTENDED, AMO.PAIRWISE)
>>> f.num_vars, len(f.clauses)
(64, 448)
>>> dict(estimate(Board.classic(4)))["cells"]
Size(variables=0, clauses=112, literals=256)
"""

from __future__ import annotations

import time
from collections import OrderedDict, defaultdict
from collections.abc import Sequence
from enum import Enum
from functools import lru_cache

from cnf import AMO, Formula, at_least_one, at_most_one
from cnf.budget import Deadline, Size
from cnf.cardinality import amo_size
from satdoku.board import Board
from satdoku.encoding.budget import Part, require_fits
from satdoku.rules import Grid, Rule, all_rules, cell_var
from satdoku.rules.base import require_multigrid


class Encoding(str, Enum):
    """The classic Sudoku encodings, named as in the literature."""

    MINIMAL = "minimal"
    EFFICIENT = "efficient"
    EXTENDED = "extended"
    AUGMENTED = "augmented"


DEFAULT_ENCODING = Encoding.EXTENDED
DEFAULT_AMO = AMO.PAIRWISE


@lru_cache(maxsize=16)
def _digit_of_var(n: int, count: int) -> list[int]:
    """The digit of each cell variable 1..count·n (index 0 unused)."""
    return [0] + [(v - 1) % n + 1 for v in range(1, count * n + 1)]


def grid_of_model(model: Sequence[int], n: int, count: int | None = None) -> Grid:
    """Decode a model (or any list of true literals) into a grid: the one decoder of models.

    ``count`` is the board's number of cells (:attr:`Board.num_cells`; n² by default).
    As many true cell literals are read in cell order (the CNF puts exactly one in each cell);
    otherwise a cell with several keeps the first and one with none stays blank. Whatever
    the case, the grid is then verified independently by its caller: a CNF bug can only
    make that fail, never print a wrong grid.

    >>> grid_of_model([-1, 2, 3, -4, 5, -6, -7, 8], 2)  # (n = 2: 4 cells, 2 digits each)
    (2, 1, 1, 2)
    >>> grid_of_model([2, 3, 5, 8], 2), grid_of_model([1, 2, 8], 2)  # (true literals)
    ((2, 1, 1, 2), (1, 0, 0, 2))
    """
    if count is None:
        count = n * n
    top, digit = count * n, _digit_of_var(n, count)
    if len(model) > top:
        model = model[:top]
    if len(model) == top:  # a whole model: the fast path of batch solving
        grid = tuple([digit[v] for v in model if v > 0])
        if len(grid) == count:
            return grid
    if len(model) == count and model[0] > 0 and model[-1] <= top:  # (true cells, sorted)
        return tuple(map(digit.__getitem__, model))
    true_cells = [v for v in model if 0 < v <= top]
    if len(true_cells) == count:
        return tuple(map(digit.__getitem__, true_cells))
    cells = [0] * count
    for v in true_cells:
        if cells[(v - 1) // n] == 0:
            cells[(v - 1) // n] = digit[v]
    return tuple(cells)


Key = tuple[Board, tuple[Rule, ...], Encoding, AMO]
#: The formulas built last (at most 16), most recently used last.
_BUILT: OrderedDict[Key, Formula] = OrderedDict()
_CACHED = 16


def build(board: Board, rules: tuple[Rule, ...] = (), encoding: Encoding = DEFAULT_ENCODING,
          amo: AMO = DEFAULT_AMO, memory_budget: int | None = None,
          deadline: Deadline | None = None) -> Formula:
    """The CNF of ``board`` under its classic rules plus ``rules``. Cached: do not mutate.

    BudgetError when the estimate is over ``memory_budget`` bytes (None: the default of
    :mod:`satdoku.encoding.budget`); TimeoutError when ``deadline`` passes while building.
    """
    encoding, amo = Encoding(encoding), AMO(amo)
    deadline = deadline or Deadline(None)
    with deadline.applies():  # (a rule's estimate may cost as much as encoding it)
        require_budget(board, rules, encoding, amo, memory_budget)
    key = (board, rules, encoding, amo)
    if key in _BUILT:
        _BUILT.move_to_end(key)
        return _BUILT[key]
    with deadline.building() as within:
        formula = _build(board, rules, encoding, amo, within)
    _BUILT[key] = formula
    if len(_BUILT) > _CACHED:
        _BUILT.popitem(last=False)
    return formula


build.cache_clear = _BUILT.clear  # type: ignore[attr-defined]  # (as functools' caches)


def require_budget(board: Board, rules: tuple[Rule, ...], encoding: Encoding,
                   amo: AMO, memory_budget: int | None) -> Size:
    """The estimated size of the CNF; BudgetError when it is over the memory budget (a
    pairwise CNF that would fit with the sequential at-most-one says so)."""
    encoding, amo = Encoding(encoding), AMO(amo)
    parts = estimate(board, rules, encoding, amo)
    lighter = None
    if amo is AMO.PAIRWISE:
        lighter = ("--amo sequential",
                   lambda: estimate(board, rules, encoding, AMO.SEQUENTIAL))
    return require_fits(board, parts, memory_budget, lighter)


#: Seconds per literal of a CNF built in Python, until a build has made enough to measure
#: its own pace (:data:`_MEASURED` literals): 0.6–0.8 µs measured on this machine for cells,
#: regions and the pair rules of 36x36 boards; taken high.
SECONDS_PER_LITERAL = 1e-6
_MEASURED = 100_000


def _build(board: Board, rules: tuple[Rule, ...], encoding: Encoding, amo: AMO,
           deadline: Deadline) -> Formula:
    started = time.perf_counter()
    formula = Formula(reserved=board.num_cell_vars)
    add_cell_constraints(formula, board, encoding, amo, deadline)
    rule_list = all_rules(board, rules)
    add_region_constraints(formula, board, rule_list, encoding, amo, deadline)
    parts = estimate(board, rules, encoding, amo) if deadline.at is not None else ()

    def afford(literals: int, what: str) -> None:  # (a step that cannot be interrupted)
        built = sum(formula.group_literals.values())
        pace = ((time.perf_counter() - started) / built if built >= _MEASURED
                else SECONDS_PER_LITERAL)
        deadline.afford(literals * pace, what)

    if encoding is Encoding.AUGMENTED:
        from satdoku.encoding.triads import add_triads
        if parts:
            afford(parts[-1][1].literals, "building the CNF (triads)")
        add_triads(formula, board, amo)
    for k, rule in enumerate(rule_list, 1):
        deadline.check("building the CNF")
        if parts:
            own = parts[k][1].literals - _regions_size(board, rule, encoding, amo).literals
            afford(own, f"building the CNF (rule {rule.name!r})")
        formula.group(rule.name)
        rule.encode(board, formula, amo)
    deadline.check("building the CNF")
    return formula


@lru_cache(maxsize=64)
def estimate(board: Board, rules: tuple[Rule, ...] = (), encoding: Encoding = DEFAULT_ENCODING,
             amo: AMO = DEFAULT_AMO) -> tuple[Part, ...]:
    """The size of each step of :func:`build` without building it: the cell constraints,
    every rule (its regions, then its own clauses: :meth:`Rule.estimate`), the triads.

    Checks the rules against the board first (RuleError), as building does.
    """
    encoding, amo = Encoding(encoding), AMO(amo)
    require_multigrid(board, rules)
    for rule in rules:
        rule.check_board(board)
    n = board.n
    per_cell = Size(0, 1, n) + (amo_size(n, amo) if encoding is not Encoding.MINIMAL
                                else Size())
    parts: list[Part] = [("cells", len(board.cells) * per_cell)]
    for rule in all_rules(board, rules):
        parts.append((f"rule {rule.name!r}", _regions_size(board, rule, encoding, amo)
                      + rule.estimate(board, amo)))
    if encoding is Encoding.AUGMENTED:
        parts.append(("triads", triads_size(board, amo)))
    return tuple(parts)


def _regions_size(board: Board, rule: Rule, encoding: Encoding, amo: AMO) -> Size:
    """The size of a rule's regions (:func:`add_region_constraints`)."""
    n, regions = board.n, Size()
    with_alo = encoding in (Encoding.EXTENDED, Encoding.AUGMENTED)
    for region in rule.regions(board):
        alo = Size(0, 1, len(region)) if with_alo and len(region) == n else Size()
        regions += n * (amo_size(len(region), amo) + alo)
    return regions


def triads_size(board: Board, amo: AMO) -> Size:
    """The size of :func:`satdoku.encoding.triads.add_triads`: per digit, a variable defined by
    len + 1 clauses for each segment of 2+ cells, and an exactly-one over the segments of
    each row, column and box (twice per box: its row segments and its column segments)."""
    from satdoku.encoding.triads import segments
    rows, cols = segments(board)
    defined = sum((Size(1, len(s) + 1, 3 * len(s) + 1) for s in rows + cols if len(s) > 1),
                  Size())
    groups: dict[tuple[str, int], int] = defaultdict(int)
    for kind, segs in (("row", rows), ("col", cols)):
        for seg in segs:
            if not board.multigrid:  # (on a canvas, a line is a unit: counted below)
                groups[kind, board.row_col(seg[0])[kind == "col"]] += 1
            groups[f"box {kind}", board.box_of[seg[0]]] += 1
    if board.multigrid:
        from satdoku.encoding.triads import unit_segments
        for index, kind in enumerate(("row", "col")):
            for k, inside in enumerate(unit_segments(board, index)):
                groups[kind, k] = len(inside)
    exactly = sum((Size(0, 1, k) + amo_size(k, amo) for k in groups.values()), Size())
    return board.n * (defined + exactly)


def add_cell_constraints(formula: Formula, board: Board, encoding: Encoding,
                         amo: AMO, deadline: Deadline | None = None) -> None:
    """Every cell holds at least one digit; at most one unless the encoding is minimal."""
    n = board.n
    for cell in board.cells:
        if deadline is not None and cell % 64 == 0:
            deadline.check("building the CNF")
        lits = [cell_var(board, cell, d) for d in range(1, n + 1)]
        formula.group("cell at-least-one")
        at_least_one(formula, lits)
        if encoding is not Encoding.MINIMAL:
            formula.group("cell at-most-one")
            at_most_one(formula, lits, amo)


def add_region_constraints(formula: Formula, board: Board, rules: tuple[Rule, ...],
                           encoding: Encoding, amo: AMO,
                           deadline: Deadline | None = None) -> None:
    """Each digit at most once per region; at least once per full region (extended+)."""
    n = board.n
    with_alo = encoding in (Encoding.EXTENDED, Encoding.AUGMENTED)
    for rule in rules:
        for region in rule.regions(board):
            for d in range(1, n + 1):
                if deadline is not None:
                    deadline.check("building the CNF")
                lits = [cell_var(board, i, d) for i in region]
                formula.group(f"{rule.name} at-most-one")
                at_most_one(formula, lits, amo)
                if with_alo and len(region) == n:
                    formula.group(f"{rule.name} at-least-one")
                    at_least_one(formula, lits)

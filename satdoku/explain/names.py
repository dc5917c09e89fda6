"""Names of steps: labels that people know, put on steps the SAT solver already proved.

A name never decides anything: the step search (:mod:`.search`) finds and proves a step
from the CNF alone; this module only looks at the shape of what the step cites (which kinds
of constraint groups, where the derived literals lie) and says which textbook technique
that shape is. Steps of no known shape keep a plain name: a *deduction* (a few
constraints), a *contradiction chain* (propagation through many), *trial and error* (the
solver had to search).

=========================== =============================================================
name                        shape
=========================== =============================================================
full house                  a placement in a cell that is the last open cell of a unit
naked single                a placement from the cell's own constraint
hidden single               a placement from one row, column, box or region
locked candidates           a box and a line, eliminating digits from the line outside
(pointing / claiming)       the box (pointing) or from the box outside the line (claiming)
naked pair / triple / quad  k cells and one unit holding them; eliminations in the unit
                            outside the cells
hidden pair / triple / quad the same groups; eliminations in the k cells themselves
X-wing / swordfish /        k rows and k columns, eliminating one digit
jellyfish
cage combinations,          one variant constraint alone (or with cells' own constraints),
thermometer bounds, arrow   by the technique it is (:data:`RULE_PHRASES`): a killer cage's
sum, whisper bounds …       combinations, a thermometer's ranges, an arrow's sum …
innies/outies               killer cages and one house (row, column, box, region; cells'
                            own constraints may join): the derived cells lie where the
                            house and the cages differ, and that difference is small (at
                            most n/2 cells) — the house adds up to a known total, the cages
                            to their sums, so the cells left over (innies) or sticking out
                            (outies) add up to the rest
45 rule                     the same over two or more disjoint houses
kropki chain …              several variant constraints of one shape (:data:`VARIANT_SHAPES`):
                            two or more kropki dots linked cell to cell …
<technique> + <unit> …      a few constraints, some of them variant ones (cells not named):
                            ``cage combinations + box``
=========================== =============================================================

>>> from satdoku.board import Board
>>> from satdoku.explain.groups import constraint_groups
>>> from satdoku.explain.steps import Step
>>> g = constraint_groups(Board.classic(4))
>>> name_step(g, Step((2,), (16,), (-3,), "single"), (0,) * 16)      # row 1 places r1c1=2
'hidden single'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from satdoku.explain.catalogue import weight
from satdoku.explain.groups import Group, Groups, cage_total
from satdoku.explain.steps import TRIAL, Step, cell_digit
from satdoku.explain.variant_text import parity_groups, whisper_sides

#: Forcing chains and nets: weight grows with the implications they need, up to a cap.
FORCING = {"forcing chain": (7.5, 0.05, 8.4), "forcing net": (8.5, 0.03, 9.4),
           "nested forcing net": (9.2, 0.05, 9.9), "trial and error": (9.5, 0.05, 10.5)}

#: Names of the rules' own one-constraint deductions, by the technique a solver would name
#: (other rules: their own name). A rule named like a classic technique (the skyscraper
#: clue) must be renamed here, or it would take that technique's weight and family.
RULE_PHRASES = {"killer": "cage combinations", "thermo": "thermometer bounds",
                "slow thermo": "thermometer bounds", "arrow": "arrow sum",
                "little-killer": "little killer sum", "sandwich": "sandwich sum",
                "white dots": "white dot", "black dots": "black dot", "xv": "XV sum",
                "negative": "negative constraint", "whispers": "whisper bounds",
                "renban": "renban window", "skyscraper": "skyscraper clue"}


@dataclass(frozen=True)
class Shape:
    """A variant technique read from the variant constraints a step cites: their kinds
    (all of them among ``kinds``), how many (at least ``least``), and whether they must
    form one chain, each sharing a cell with the next (houses and cells may join)."""

    name: str
    kinds: frozenset[str]
    least: int = 2
    chain: bool = True


#: The variant techniques of several constraints, first match wins (data: a new shape is a
#: row here, and a name in :data:`.catalogue.VARIANT_TECHNIQUES`).
VARIANT_SHAPES = (
    Shape("kropki chain", frozenset({"white dots", "black dots"})),
)
SUBSETS = {2: "pair", 3: "triple", 4: "quad"}
FISH = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
#: Unnamed deductions citing more groups than this are called contradiction chains.
CHAIN = 4


def name_step(groups: Groups, step: Step, placed: Sequence[int]) -> str:
    """The name of ``step`` (``placed``: the digit of each cell before it, 0 = open)."""
    board = groups.board
    cited = [groups.groups[g] for g in step.groups]
    kinds = {g.kind for g in cited}
    if step.method == TRIAL:
        return "trial and error"
    if len(cited) == 1:
        return _single(board, cited[0], step, placed)
    cells = {cell_digit(board, x)[0] for x in step.derived}
    digits = {cell_digit(board, x)[1] for x in step.derived}
    units = [g for g in cited if g.is_unit]
    houses = _innies_outies(board.n, cited, cells)
    if houses:
        return "innies/outies" if houses == 1 else "45 rule"
    if not kinds <= {"cell", "row", "column", "box", "region"}:
        return _variant(groups, cited, step, digits)
    if step.placements:
        return _plain(cited)
    one_digit = len(digits) == 1
    if len(cited) == 2 and len(units) == 2:
        box = [g for g in units if g.kind in ("box", "region")]
        line = [g for g in units if g.kind in ("row", "column")]
        if len(box) == 1 and len(line) == 1:
            inside_box, inside_line = set(box[0].cells), set(line[0].cells)
            if cells <= inside_line - inside_box:
                return "locked candidates (pointing)"
            if cells <= inside_box - inside_line:
                return "locked candidates (claiming)"
    subset = _subset(cited, units, cells)
    if subset:
        return subset
    rows = [g for g in units if g.kind == "row"]
    cols = [g for g in units if g.kind == "column"]
    k = len(rows)
    if one_digit and len(cited) == 2 * k and k == len(cols) and k in FISH:
        return FISH[k]
    return _plain(cited)


def name_and_weight(groups: Groups, step: Step, placed: Sequence[int],
                    facts: Sequence[int] | set[int] = ()) -> tuple[str, float]:
    """The name of ``step`` and its weight on the human scale (:mod:`.catalogue`).

    Steps on classic constraints that no textbook shape fits (``deduction``,
    ``contradiction chain``) are read from their propagation (:mod:`.trace`): a forcing
    chain, or a forcing net when the chain branches; trial and error stays so named."""
    from satdoku.explain.trace import forcing_name, trace  # trace imports steps only
    name = name_step(groups, step, placed)
    cited = [groups.groups[g] for g in step.groups]
    size = 0
    if name == "trial and error":
        size = len(step.facts) + len(cited)
    elif name in ("deduction", "contradiction chain"):
        cells = {i for g in cited for i in g.cells}
        known = [x for x in facts if (abs(x) - 1) // groups.board.n in cells] or step.facts
        links, conflict = trace(cited, known, -step.derived[0])
        if conflict is not None:
            name = forcing_name(links, groups.board.n ** 3)
            size = len(links)
        else:  # propagation cannot follow the cited groups: cases within cases
            name, size = "nested forcing net", len(cited)
    if name in FORCING:
        base, per, cap = FORCING[name]
        return name, round(min(cap, base + per * size), 2)
    return name, weight(name, len(cited))


def _single(board, group: Group, step: Step, placed: Sequence[int]) -> str:
    if step.placements:
        cell, _ = cell_digit(board, step.placements[0])
        if any(cell in unit and all(placed[j] for j in unit if j != cell)
               for unit in board.units):
            return "full house"
        if group.kind == "cell":
            return "naked single"
        if group.is_unit:
            return "hidden single"
    if group.is_unit:
        return "elimination"
    return phrase(board.n, group, {cell_digit(board, x)[1] for x in step.derived})


def _subset(cited: list[Group], units: list[Group], cells: set[int]) -> str:
    """Naked or hidden pair/triple/quad: k cell groups inside one unit."""
    cell_groups = [g for g in cited if g.kind == "cell"]
    k = len(cell_groups)
    if len(units) != 1 or k + 1 != len(cited) or k not in SUBSETS:
        return ""
    inside = {g.cells[0] for g in cell_groups}
    if not inside <= set(units[0].cells):
        return ""
    if cells <= set(units[0].cells) - inside:
        return f"naked {SUBSETS[k]}"
    if cells <= inside:
        return f"hidden {SUBSETS[k]}"
    return ""


def _innies_outies(n: int, cited: list[Group], cells: set[int]) -> int:
    """How many houses, when the step is killer cages (with sums) and disjoint houses (and
    cells), the derived cells in the small difference of the houses' and the cages' cells;
    else 0."""
    cages = [g for g in cited if g.kind == "killer"]
    houses = [g for g in cited if g.is_unit]
    if not cages or not houses or len(cages) + len(houses) + sum(
            g.kind == "cell" for g in cited) != len(cited):
        return 0
    if any(cage_total(g) is None for g in cages):
        return 0
    inside = [i for g in houses for i in g.cells]
    if len(inside) != len(set(inside)):  # houses overlap: no plain total
        return 0
    caged = {i for g in cages for i in g.cells}
    if any(not set(g.cells) & set(inside) for g in cages):
        return 0
    difference = set(inside) ^ caged
    ok = bool(cells) and cells <= difference and len(difference) <= n // 2
    return len(houses) if ok else 0


def phrase(n: int, g: Group, digits: set[int]) -> str:
    """The technique of one variant constraint (:data:`RULE_PHRASES`), refined by what the
    step derives (:data:`REFINED`): ``sandwich placements`` when it only moves the 1 and
    the n of a sandwich's line, ``arrow pill`` on an arrow whose circle is a pill."""
    for kind, name, test in REFINED:
        if g.kind == kind and test(n, g, digits):
            return name
    return RULE_PHRASES.get(g.kind, g.kind)


#: (kind, name, test(n, group, derived digits)): one constraint's phrase refined, first
#: match wins (data: a new refinement is a row here and a name in
#: :data:`.catalogue.VARIANT_TECHNIQUES`).
REFINED: tuple[tuple[str, str, Callable[[int, Group, set[int]], bool]], ...] = (
    ("sandwich", "sandwich placements", lambda n, g, ds: bool(ds) and ds <= {1, n}),
    ("arrow", "arrow pill",
     lambda n, g, ds: any(len(a.circle) > 1 for a in getattr(g.rule, "arrows", ()))),
)


def _variant(groups: Groups, cited: list[Group], step: Step, digits: set[int]) -> str:
    """``cage combinations + box``: the technique of the variant constraints (whisper
    parity, one of :data:`VARIANT_SHAPES`, or each by its phrase) first, then the houses by
    kind (few constraints in all)."""
    if len(cited) > CHAIN:
        return _plain(cited)
    variant = [g for g in cited if g.kind != "cell" and not g.is_unit]
    houses = [g for g in cited if g.is_unit and not _within(g, variant)]
    shape = next((s for s in VARIANT_SHAPES if _fits(s, variant)), None)
    if houses and _whisper_parity(groups, variant, houses, step):
        techniques = ["whisper parity"]
    elif shape:
        techniques = [shape.name]
    else:
        techniques = [phrase(groups.board.n, g, digits) for g in variant]
    return " + ".join(dict.fromkeys(techniques + [g.kind for g in houses]))


def _whisper_parity(groups: Groups, variant: list[Group], houses: list[Group],
                    step: Step) -> bool:
    """Whether the step holds by the high/low alternation of its whisper lines alone: every
    line alternates (its difference is at least n/2) and propagation through the lines'
    parity, the houses and their cells' own constraints refutes each derived literal."""
    from satdoku.explain.trace import trace  # (as in name_and_weight)
    n = groups.board.n
    if not variant or any(g.kind != "whispers" or len(g.rule.lines) != 1  # type: ignore[union-attr]
                          or whisper_sides(n, g.rule.lines[0].gap(n)) is None  # type: ignore[union-attr]
                          for g in variant):
        return False
    cells = {i for g in [*variant, *houses] for i in g.cells}
    own = [groups.groups[k] for i in sorted(cells) for k in groups.of_cell[i]
           if groups.groups[k].kind == "cell"]
    relaxed = [*houses, *own, *parity_groups(groups, variant)]
    return all(trace(relaxed, step.facts, -x)[1] is not None for x in step.derived)


def _within(house: Group, variant: list[Group]) -> bool:
    """Whether ``house`` lies inside one variant constraint's cells, so reading that
    constraint takes it in (a sandwich clue's own row: ``sandwich sum``, not ``+ row``)."""
    return any(set(house.cells) <= set(g.cells) for g in variant)


def _fits(shape: Shape, variant: list[Group]) -> bool:
    """Whether the variant groups of a step are ``shape``."""
    if len(variant) < shape.least or any(g.kind not in shape.kinds for g in variant):
        return False
    return not shape.chain or _linked(variant)


def _linked(groups: list[Group]) -> bool:
    """Whether ``groups`` are joined into one piece by the cells they share."""
    reached, todo = {groups[0].index}, [groups[0]]
    while todo:
        g = todo.pop()
        for h in groups:
            if h.index not in reached and set(g.cells) & set(h.cells):
                reached.add(h.index)
                todo.append(h)
    return len(reached) == len(groups)


def _plain(cited: list[Group]) -> str:
    return "contradiction chain" if len(cited) > CHAIN else "deduction"

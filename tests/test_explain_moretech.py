"""Hidden rectangles, unique rectangles of types 5 and 6, and simple colouring (trap and
wrap): each found where its textbook shape is, proved by the solver, and checked from the
rules — the pencil marks and the classic houses, never the CNF — by backtracking over the
completions of the position (uniqueness steps: every completion that breaks the
conclusion fills the deadly pattern from its pair, so the puzzle would not be unique);
and not proposed where the shape is absent."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import product

import pytest
from test_explain_soundness import as_key, classic_houses, count_solutions

from satdoku import parse_puzzle
from satdoku.board import Board
from satdoku.explain import explain, implies
from satdoku.explain.candidates import Candidates
from satdoku.explain.catalogue import family_of, weight
from satdoku.explain.colouring import simple_colouring
from satdoku.explain.groups import constraint_groups
from satdoku.explain.steps import deadly_pairs, literal_name, premise
from satdoku.explain.techniques import stage_findings
from satdoku.explain.uniqueness import more_rectangles

N = 9
HOUSES = classic_houses(N)
PEERS = [{j for h in HOUSES if i in h for j in h} - {i} for i in range(N * N)]

#: name → (puzzle, the step's number on the path (None: a proposal at the position after
#: that many steps, ``position``), its derived literals by name).
ON_PATH = {
    "hidden rectangle": (
        "85..3.....3....5.61..2.......91....85..7.8.......4....6..9.7.5..2.....1.....2..7.",
        7),
    "unique rectangle type 6": (
        "85..3.....3....5.61..2.......91....85..7.8.......4....6..9.7.5..2.....1.....2..7.",
        30),
    "simple colouring (trap)": (
        ".9....7..27.4..9..8.43........5713.6.......8......9.....7.3.1......64....6......5",
        25),
}
#: A colour wrap at the start of a puzzle (lighter steps come first on the path).
WRAP = ("5...6..........583..3.9.4..6...4.1.....71.....7...2....5...1.2.4..5..6...89......", 0)


@cache
def path(text: str):
    return explain(parse_puzzle(text))


def marks(known) -> list[set[int]]:
    """Each cell's candidates from the facts: a placed cell holds its digit; an open one
    the digits neither eliminated nor placed in a house it shares."""
    cand = [set(range(1, N + 1)) for _ in range(N * N)]
    for x in known:
        (cell, d), on = as_key(N, x)
        cand[cell] = {d} if on else cand[cell] - {d}
    for i in range(N * N):
        if len(cand[i]) == 1:
            for j in PEERS[i]:
                if len(cand[j]) > 1:
                    cand[j] -= cand[i]
    return cand


def conjugates(cand: list[set[int]], d: int) -> list[tuple[int, int]]:
    """The houses where ``d`` has two places (no placed d): those places."""
    out = []
    for h in HOUSES:
        places = [i for i in h if d in cand[i]]
        if len(places) == 2 and all(len(cand[i]) > 1 for i in places):
            out.append((places[0], places[1]))
    return out


def local_assignments(cand: list[set[int]], cells: list[int]) -> Iterator[dict[int, int]]:
    """Every way to give ``cells`` digits from their candidates such that cells sharing a
    house differ and, in each house, a digit whose every place is among ``cells`` goes in
    one of them (the rules of the houses, over these cells only)."""
    musts = [(d, [i for i in h if d in cand[i]]) for h in HOUSES for d in range(1, N + 1)
             if any(d in cand[i] for i in h) and not any(cand[i] == {d} for i in h)
             and all(i in cells for i in h if d in cand[i])]
    for digits in product(*(sorted(cand[i]) for i in cells)):
        grid = dict(zip(cells, digits, strict=True))
        if any(b in PEERS[a] and grid[a] == grid[b] for a in cells for b in cells):
            continue
        if all(any(grid[i] == d for i in places) for d, places in musts):
            yield grid


def check_uniqueness_conclusion(cand: list[set[int]], derived, deadly) -> None:
    """From the rules: over the pattern's cells and the derived ones, every assignment
    that keeps the houses' rules there and breaks a derived literal fills the pattern from
    its pairs (so swapping them would give a second solution)."""
    pairs = deadly_pairs(N, deadly)
    cells = sorted(set(pairs) | {as_key(N, x)[0][0] for x in derived})
    for x in derived:
        (cell, d), on = as_key(N, x)
        assert not on
        broken = [set(c) for c in cand]
        broken[cell] = {d}
        for grid in local_assignments(broken, cells):
            assert all(grid[i] in pairs[i] for i in pairs), "an assignment escapes the pattern"


def rectangle(cells) -> tuple[list[int], list[int]]:
    rows = sorted({i // N for i in cells})
    cols = sorted({i % N for i in cells})
    boxes = {(i // N // 3, i % N // 3) for i in cells}
    assert len(cells) == 4 and len(rows) == len(cols) == len(boxes) == 2
    return rows, cols


def check_definition(name: str, cand: list[set[int]], derived, deadly) -> None:
    """The shape of each technique, read from the pencil marks."""
    pairs = deadly_pairs(N, deadly)
    cells = sorted(pairs)
    pair = set(pairs[cells[0]])
    assert all(set(p) == pair for p in pairs.values())
    rows, cols = rectangle(cells)
    assert all(pair <= cand[i] and len(cand[i]) > 1 for i in cells)
    floor = [i for i in cells if cand[i] == pair]
    roof = [i for i in cells if cand[i] != pair]
    out = {as_key(N, x)[0] for x in derived}
    row_cells = [[i for i in range(r * N, r * N + N)] for r in rows]
    col_cells = [[r * N + c for r in range(N)] for c in cols]
    if name == "hidden rectangle":
        ((d_cell, y),) = out
        opposite = next(i for i in floor if i // N != d_cell // N and i % N != d_cell % N)
        (x,) = pair - {y}
        for line in ([i for i in range(N * N) if i // N == d_cell // N],
                     [i for i in range(N * N) if i % N == d_cell % N]):
            assert {i for i in line if x in cand[i]} <= set(cells)
        assert opposite in floor
    elif name == "unique rectangle type 5":
        extra = {frozenset(cand[i] - pair) for i in roof}
        assert len(roof) in (2, 3) and len(extra) == 1
        (x,) = next(iter(extra))
        assert all(d == x and all(j in PEERS[i] for j in roof) for i, d in out)
    elif name == "unique rectangle type 6":
        assert len(floor) == 2 and floor[0] // N != floor[1] // N
        assert floor[0] % N != floor[1] % N
        (x,) = {d for _, d in out}
        assert {i for i, _ in out} == set(roof)
        for line in row_cells + col_cells:
            assert {i for i in line if x in cand[i]} <= set(cells)
    else:
        raise AssertionError(name)


def check_colouring(name: str, cand: list[set[int]], derived) -> None:
    """The colouring, done again: the clusters of one digit's conjugate pairs, two
    colours; a wrap's eliminations are one whole colour with two cells sharing a house, a
    trap's are cells outside the cluster that see both colours."""
    (d,) = {as_key(N, x)[0][1] for x in derived}
    cells = {as_key(N, x)[0][0] for x in derived}
    links = conjugates(cand, d)
    colour: dict[int, int] = {}
    for start in sorted({i for p in links for i in p}):
        if start in colour:
            continue
        colour[start], todo = 0, [start]
        cluster = [start]
        while todo:
            x = todo.pop()
            for p, q in links:
                for a, b in ((p, q), (q, p)):
                    if a == x and b not in colour:
                        colour[b] = 1 - colour[x]
                        todo.append(b)
                        cluster.append(b)
        sides = [[i for i in cluster if colour[i] == k] for k in (0, 1)]
        if name.endswith("(wrap)") and cells <= set(cluster):
            side = next(s for s in sides if cells == set(s))
            assert any(b in PEERS[a] for a in side for b in side)
            return
        if name.endswith("(trap)") and not cells & set(cluster) and all(
                any(j in PEERS[i] for j in sides[0]) and any(j in PEERS[i] for j in sides[1])
                for i in cells):
            assert all(d in cand[i] for i in cells)
            return
    raise AssertionError(f"no cluster of {d} makes this {name}")


@pytest.mark.parametrize("name", sorted(ON_PATH))
def test_step_on_the_path(name):
    text, number = ON_PATH[name]
    e = path(text)
    assert e.complete
    step = e.steps[number - 1]
    assert step.name == name and step.method == "technique"
    assert step.weight == weight(name.split(" type")[0])
    cand = marks(e.known_after(number - 1))
    solution = e.solution
    for x in step.derived:  # right: the solution agrees
        (cell, d), _ = as_key(N, x)
        assert solution[cell] != d
    board = e.puzzle.board
    for x in step.derived:  # the teach text names the digits and cells
        assert literal_name(board, x) in step.teach
    if step.deadly:
        assert family_of(name) == "contradictions"
        assert count_solutions(N, e.puzzle.givens) == 1
        check_definition(name, cand, step.derived, step.deadly)
        check_uniqueness_conclusion(cand, step.derived, step.deadly)
        for i in deadly_pairs(N, step.deadly):
            assert board.cell_name(i) in step.teach
        assert "deadly pattern" in step.teach and "it has one" in step.teach
        cited = [e.groups.groups[k] for k in step.groups]
        clause = [premise(N, step.deadly)]
        assert implies(cited, step.facts, step.derived, clause)
        assert not implies(cited, step.facts, step.derived)
    else:
        assert family_of(name) == "aic"
        check_colouring(name, cand, step.derived)
        assert "Colour the conjugate pairs of" in step.teach


def test_colour_wrap_proposed_and_proved():
    text, k = WRAP
    e = path(text)
    c = Candidates(e.groups, e.known_after(k))
    (f,) = [f for f in simple_colouring(c) if f.technique == "simple colouring (wrap)"]
    cand = marks(e.known_after(k))
    check_colouring(f.technique, cand, f.derived)
    for x in f.derived:
        (cell, d), _ = as_key(N, x)
        assert e.solution[cell] != d
        assert literal_name(e.puzzle.board, x) in f.teach
    assert f.technique in {g.technique for g in stage_findings(c, 1, unique=True)}
    off = stage_findings(c, 1, disabled=frozenset({"aic"}), unique=True)
    assert not any(g.technique.startswith("simple colouring") for g in off)  # --disable aic
    cited = [e.groups.groups[g] for g in f.groups]
    assert implies(cited, e.known_after(k), f.derived)  # the solver proves it


def pencilled(marks_of: dict[str, set[int]]) -> tuple[object, list[int]]:
    """An empty classic grid's groups, and eliminations leaving each named cell the
    digits given (the others keep all nine)."""
    board = Board.classic(N)
    facts = [-(board.parse_cell(name) * N + d) for name, ds in marks_of.items()
             for d in range(1, N + 1) if d not in ds]
    return constraint_groups(board), facts


@pytest.mark.parametrize("roof", [("r1c4", "r2c1"), ("r1c4", "r2c1", "r2c4")])
def test_type5_proposed_and_proved(roof):
    """Two diagonal corners (or three) hold {1,2} and 3; the rest of the grid is open."""
    corners = ("r1c1", "r1c4", "r2c1", "r2c4")
    groups, facts = pencilled({i: {1, 2, 3} if i in roof else {1, 2} for i in corners})
    c = Candidates(groups, facts)
    found = [f for f in more_rectangles(c) if f.technique == "unique rectangle type 5"]
    assert len(found) == 1
    (f,) = found
    board = groups.board
    targets = {"r2c5", "r2c6"} | (set() if len(roof) == 3 else {"r1c2", "r1c3"})
    assert {literal_name(board, x) for x in f.derived} == {f"{t}≠3" for t in targets}
    cand = marks(facts)
    check_definition(f.technique, cand, f.derived, f.deadly)
    check_uniqueness_conclusion(cand, f.derived, f.deadly)
    for name in (*corners, *targets):
        assert name in f.teach
    assert "{1,2}" in f.teach and "deadly pattern" in f.teach
    assert f in stage_findings(c, 1, unique=True)
    assert f not in stage_findings(c, 1, unique=False)
    assert f not in stage_findings(c, 1, disabled=frozenset({"contradictions"}), unique=True)
    cited = [groups.groups[g] for g in f.groups]
    clause = [premise(N, f.deadly)]
    assert implies(cited, facts, f.derived, clause)  # the solver proves it, with the premise
    assert not implies(cited, facts, f.derived)
    # two roof cells in one row: type 2, not 5; a fourth digit on one roof cell: neither
    for other in ({"r1c4": {1, 2, 3}, "r1c1": {1, 2, 3}, "r2c1": {1, 2}, "r2c4": {1, 2}},
                  {"r1c4": {1, 2, 3}, "r2c1": {1, 2, 4}, "r1c1": {1, 2}, "r2c4": {1, 2}}):
        c = Candidates(*pencilled(other))
        assert not [f for f in more_rectangles(c) if f.technique == "unique rectangle type 5"]


def test_nothing_where_the_shape_is_absent():
    text, number = ON_PATH["hidden rectangle"]
    e = path(text)
    step = e.steps[number - 1]
    known = e.known_after(number - 1)
    c = Candidates(e.groups, known)
    assert any(f.derived == step.derived for f in more_rectangles(c))
    # one more place for the digit in the opposite corner's row: no longer conjugate
    cells = set(deadly_pairs(N, step.deadly))
    (cell, y), _ = as_key(N, step.derived[0])
    (x,) = set(deadly_pairs(N, step.deadly)[cell]) - {y}
    back = next(f for f in known if f < 0 and as_key(N, f)[0][1] == x
                and as_key(N, f)[0][0] // N == cell // N and as_key(N, f)[0][0] not in cells
                and not any(as_key(N, g)[0][0] == as_key(N, f)[0][0] for g in known if g > 0))
    looser = Candidates(e.groups, [f for f in known if f != back])
    assert not any(f.technique == "hidden rectangle" and f.derived == step.derived
                   for f in more_rectangles(looser))
    # a solved grid: no pattern at all
    full = Candidates(e.groups, [i * N + d for i, d in enumerate(e.solution)])
    assert list(more_rectangles(full)) == [] and list(simple_colouring(full)) == []


def test_the_checks_refuse_a_wrong_conclusion():
    """The rule-based checks have teeth: the other digit of the hidden rectangle's corner,
    or a trap on a cell that does not see both colours, is refused."""
    text, number = ON_PATH["hidden rectangle"]
    e = path(text)
    step = e.steps[number - 1]
    cand = marks(e.known_after(number - 1))
    (cell, y), _ = as_key(N, step.derived[0])
    (x,) = set(deadly_pairs(N, step.deadly)[cell]) - {y}
    wrong = (-(cell * N + x),)
    with pytest.raises(AssertionError):
        check_definition(step.name, cand, wrong, step.deadly)
    with pytest.raises(AssertionError):
        check_uniqueness_conclusion(cand, wrong, step.deadly)
    text, number = ON_PATH["simple colouring (trap)"]
    e = path(text)
    step = e.steps[number - 1]
    cand = marks(e.known_after(number - 1))
    (_, d), _ = as_key(N, step.derived[0])
    far = next(i for i in range(N * N) if d in cand[i] and len(cand[i]) > 1
               and -(i * N + d) not in step.derived and i not in
               {j for p in conjugates(cand, d) for j in p})
    with pytest.raises(AssertionError):
        check_colouring(step.name, cand, (-(far * N + d),))

"""An independent soundness check of explanation steps, written from the rules of Sudoku
(not through satdoku's CNF or its solvers): for every step on classic constraints, the
cited constraints and facts leave no way for a derived literal to be false (sound), and
dropping any cited constraint or fact leaves one (nothing cited is superfluous).

The reading of the rules: a *cell* constraint says the cell holds exactly one digit; a
*house* (row, column, box, region of n cells) says each digit sits in at most one of its
cells, and in one of them. "Cell r1c1 holds 5" is a yes/no question per cell and digit; a
small backtracking search in this file looks for an answer to all those questions that
keeps the cited constraints and facts and breaks the step's conclusion.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest

from conftest import DATA
from satdoku import parse_puzzle
from satdoku.explain import explain
from satdoku.explain.candidates import houses

PUZZLES = [ln.strip() for ln in (DATA / "17clue-300.txt").read_text().splitlines()
           if ln.strip() and not ln.startswith("#")]
PUZZLE_17 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
TOP = [ln.strip() for ln in (DATA / "top1465-100.txt").read_text().splitlines()
       if ln.strip() and not ln.startswith("#")]


def rule_constraints(n: int, kind: str, cells: tuple[int, ...]) -> list[tuple[str, list]]:
    """The constraints a cited group states, from the rules: ("exactly", keys) for a
    cell's digits, ("at most one" / "at least one", keys) per digit of a house."""
    if kind == "cell":
        return [("exactly", [(cells[0], d) for d in range(1, n + 1)])]
    out = []
    for d in range(1, n + 1):
        keys = [(i, d) for i in cells]
        out.append(("at most one", keys))
        if len(cells) == n:
            out.append(("at least one", keys))
    return out


def counter_model(constraints: list[tuple[str, list]], fixed: dict) -> bool:
    """Whether some yes/no answer per (cell, digit) keeps every constraint and ``fixed``."""
    keys = sorted({k for _, ks in constraints for k in ks} | set(fixed))
    return _search(constraints, dict(fixed), keys)


def _search(constraints, value, keys) -> bool:
    changed = True
    while changed:  # propagate
        changed = False
        for what, ks in constraints:
            yes = [k for k in ks if value.get(k) is True]
            free = [k for k in ks if k not in value]
            if what in ("exactly", "at most one") and len(yes) > 1:
                return False
            if what in ("exactly", "at most one") and len(yes) == 1 and free:
                for k in free:
                    value[k] = False
                changed = True
            if what in ("exactly", "at least one") and not yes:
                if not free:
                    return False
                if len(free) == 1:
                    value[free[0]] = True
                    changed = True
    open_ = [[k for k in ks if k not in value] for what, ks in constraints
             if what != "at most one" and not any(value.get(k) for k in ks)]
    if not open_:  # every "one of" holds: the rest may all be "no"
        return True
    choice = min(open_, key=len)  # branch where the choice is smallest
    return any(_search(constraints, {**value, k: True}, keys) for k in choice)


def as_key(n: int, lit: int) -> tuple[tuple[int, int], bool]:
    cell, d = divmod(abs(lit) - 1, n)
    return (cell, d + 1), lit > 0


def follows(n: int, groups: list, facts: list[int], derived: tuple[int, ...]) -> bool:
    """No answer keeps ``groups`` and ``facts`` and makes some derived literal false."""
    constraints = [c for g in groups for c in rule_constraints(n, g.kind, g.cells)]
    fixed = dict(as_key(n, x) for x in facts)
    for x in derived:
        key, value = as_key(n, x)
        if fixed.get(key) is (not value):
            continue
        if fixed.get(key) is None and counter_model(constraints, {**fixed, key: not value}):
            return False
    return True


def check_step(e, step) -> None:
    n = e.puzzle.board.n
    cited = [e.groups.groups[k] for k in step.groups]
    assert follows(n, cited, list(step.facts), step.derived), f"unsound: {step}"
    for k in range(len(cited)):
        assert not follows(n, cited[:k] + cited[k + 1:], list(step.facts), step.derived), \
            f"{cited[k].label} is superfluous in {step.name}: {step}"
    for k in range(len(step.facts)):
        facts = list(step.facts[:k] + step.facts[k + 1:])
        assert not follows(n, cited, facts, step.derived), \
            f"fact {step.facts[k]} is superfluous in {step.name}: {step}"


@cache
def path(text: str):
    return explain(parse_puzzle(text))


def classic_steps(e):
    hs = {h.group for h in houses(e.groups)}
    return [s for s in e.steps if all(g in hs or e.groups.groups[g].kind == "cell"
                                      for g in s.groups)]


@pytest.mark.parametrize("text", [PUZZLE_17, TOP[0], TOP[1], TOP[3]])
def test_technique_steps_follow_from_what_they_cite(text):
    e = path(text)
    steps = [s for s in classic_steps(e) if s.method != "single"]
    assert steps
    rng = random.Random(len(text))
    for step in rng.sample(steps, min(12, len(steps))):
        if step.deadly:  # rests on uniqueness: checked from its definition
            check_uniqueness_step(e, e.steps.index(step))
        else:
            check_step(e, step)


def test_singles_follow_from_what_they_cite():
    e = path(PUZZLES[2])
    for step in random.Random(2).sample(classic_steps(e), 10):
        check_step(e, step)


def test_the_checker_catches_a_wrong_step():
    e = path(TOP[0])
    step = next(s for s in e.steps if s.method == "technique")
    cited = [e.groups.groups[k] for k in step.groups]
    n = e.puzzle.board.n
    wrong = tuple(-x for x in step.derived[:1])  # the opposite conclusion
    assert not follows(n, cited, list(step.facts), wrong)
    assert not follows(n, cited[1:], list(step.facts), step.derived)


# -- uniqueness steps, from their definitions ----------------------------------------------------
def classic_houses(side: int) -> list[tuple[int, ...]]:
    """The rows, columns and boxes of a classic ``side``×``side`` grid (square boxes)."""
    box = int(side ** 0.5)
    rows = [tuple(r * side + c for c in range(side)) for r in range(side)]
    cols = [tuple(r * side + c for r in range(side)) for c in range(side)]
    boxes = [tuple((br + r) * side + bc + c for r in range(box) for c in range(box))
             for br in range(0, side, box) for bc in range(0, side, box)]
    return rows + cols + boxes


def pencil_marks(e, k: int) -> list[set[int]]:
    """The candidates of each cell after ``k`` steps, from the facts known then."""
    n = e.puzzle.board.n
    cand = [set(range(1, n + 1)) for _ in range(n * n)]
    for x in e.known_after(k):
        (cell, d), on = as_key(n, x)
        cand[cell] = {d} if on else cand[cell] - {d}
    return cand


def expected_uniqueness(n: int, cand: list[set[int]], placed: set[int], name: str,
                        cells: list[int], pair: set[int]) -> list[set[int]]:
    """What a unique rectangle of type ``name`` (or a hidden rectangle) on ``cells`` with
    ``pair`` may conclude (type 3: one conclusion per naked subset), read from the
    definitions; asserts the pattern is one."""
    houses_ = classic_houses(n)
    rows = {i // n for i in cells}
    cols = {i % n for i in cells}
    boxes = {h for h, hs in enumerate(houses_[2 * n:]) for i in cells if i in hs}
    assert len(cells) == 4 and len(rows) == len(cols) == len(boxes) == 2, "not a rectangle"
    assert all(i not in placed and pair <= cand[i] for i in cells)
    floor = [i for i in cells if cand[i] == pair]
    roof = [i for i in cells if cand[i] != pair]

    def sees(a: int, b: int) -> bool:
        return a != b and any(a in h and b in h for h in houses_)

    def lit(i: int, d: int) -> int:
        return i * n + d

    lines = [[i for i in range(n * n) if i // n == r] for r in rows] + [
        [i for i in range(n * n) if i % n == c] for c in cols]

    def only_in_rectangle(line: list[int], d: int) -> bool:
        return {i for i in line if i not in placed and d in cand[i]} <= set(cells)

    if name == "hidden rectangle":  # a bivalue corner; x only in the rectangle in the
        made = []                   # row and the column of the opposite corner: not y
        for a in floor:
            far = next(i for i in cells if i // n != a // n and i % n != a % n)
            for x in pair:
                if all(only_in_rectangle(line, x) for line in lines if far in line):
                    made.append({-lit(far, y) for y in pair - {x}})
        return made
    if name.endswith("type 5"):  # the corners not bivalue hold the pair and one same x
        extra = {frozenset(cand[i] - pair) for i in roof}
        assert len(roof) in (2, 3) and len(extra) == 1
        (x,) = next(iter(extra))
        return [{-lit(i, x) for i in range(n * n) if i not in placed and x in cand[i]
                 and i not in cells and all(sees(i, r) for r in roof)}]
    if name.endswith("type 6"):  # diagonal bivalue corners; x only in the rectangle in
        assert len(floor) == 2 and not sees(floor[0], floor[1])  # its rows and columns
        return [{-lit(i, x) for i in roof} for x in pair
                if all(only_in_rectangle(line, x) for line in lines)]
    if name.endswith("type 1"):
        assert len(floor) == 3
        return [{-lit(roof[0], d) for d in pair}]
    assert len(floor) == 2 and (roof[0] // n == roof[1] // n or roof[0] % n == roof[1] % n)
    if name.endswith("type 2"):
        extra = [cand[i] - pair for i in roof]
        assert extra[0] == extra[1] and len(extra[0]) == 1
        (x,) = extra[0]
        return [{-lit(i, x) for i in range(n * n) if i not in placed and x in cand[i]
                 and i not in roof and sees(i, roof[0]) and sees(i, roof[1])}]
    if name.endswith("type 3"):  # the roof's extras and k more cells: a naked subset
        extra = (cand[roof[0]] | cand[roof[1]]) - pair
        made = []
        for h in houses_:
            others = [i for i in h if roof[0] in h and roof[1] in h and i not in cells
                      and i not in placed]
            for k in range(1, 4):
                for subset in combinations(others, k):
                    digits = extra.union(*(cand[i] for i in subset))
                    if len(digits) == k + 1:
                        made.append({-lit(i, d) for i in others if i not in subset
                                     for d in digits & cand[i]})
        return [m for m in made if m]
    assert name.endswith("type 4")
    for h in houses_:
        if roof[0] in h and roof[1] in h:
            for d in pair:
                if {i for i in h if i not in placed and d in cand[i]} == set(roof):
                    return [{-lit(i, e) for i in roof for e in pair - {d}}]
    raise AssertionError("no house where a digit of the pair is locked in the roof")


def count_solutions(n: int, givens: tuple[int, ...], limit: int = 2) -> int:
    """Solutions of a classic grid, up to ``limit``: backtracking on the cell with the
    fewest digits left by its row, column and box."""
    peers = [{j for h in classic_houses(n) if i in h for j in h} - {i} for i in range(n * n)]
    grid = list(givens)

    def count() -> int:
        best, left = None, set()
        for i in range(n * n):
            if not grid[i]:
                ds = set(range(1, n + 1)) - {grid[j] for j in peers[i]}
                if best is None or len(ds) < len(left):
                    best, left = i, ds
        if best is None:
            return 1
        found = 0
        for d in sorted(left):
            grid[best] = d
            found += count()
            if found >= limit:
                break
        grid[best] = 0
        return found

    return count()


def check_uniqueness_step(e, k: int) -> None:
    """Step ``k`` (from 0) is the uniqueness step its name says, concluding what its
    definition implies, on a puzzle with one solution (counted by backtracking)."""
    step, n = e.steps[k], e.puzzle.board.n
    assert count_solutions(n, e.puzzle.givens) == 1
    cand = pencil_marks(e, k)
    placed = {as_key(n, x)[0][0] for x in e.known_after(k) if x > 0}
    pattern: dict[int, set[int]] = {}
    for x in step.deadly:
        (cell, d), _ = as_key(n, x)
        pattern.setdefault(cell, set()).add(d)
    if step.name == "BUG+1":
        (x,) = step.derived
        (cell, d), on = as_key(n, x)
        open_ = [i for i in range(n * n) if i not in placed]
        assert on and len(cand[cell]) == 3 and d in cand[cell]
        assert all(len(cand[i]) == 2 for i in open_ if i != cell)
        assert set(pattern) == set(open_) and pattern[cell] == cand[cell] - {d}
        for h in classic_houses(n):  # a bivalue universal grave: each digit twice a house
            for digit in set(range(1, n + 1)) - {min(cand[i]) for i in h if i in placed}:
                assert sum(digit in pattern[i] for i in h if i in pattern) == 2
        return
    pairs = {frozenset(p) for p in pattern.values()}
    assert len(pairs) == 1
    wants = expected_uniqueness(n, cand, placed, step.name, sorted(pattern),
                                set(next(iter(pairs))))
    known = e.known_after(k)
    assert set(step.derived) in [{x for x in want if x not in known} for want in wants]

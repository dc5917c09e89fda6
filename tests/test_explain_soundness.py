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

"""Variant steps checked from the rules (``variant_checker``), not through the CNF: every
checked step of several example paths is sound, and nothing it cites (other than a cell,
whose one digit the reading takes for granted) is superfluous.

The checker reads a global rule cut into components (one knight pair of anti-knight) as the
puzzle's whole rule on a grid where only the component's cells hold digits: that holds when
the rule's ``violations`` report only constraints whose cells are all filled, which
:func:`test_the_reading_of_each_group_is_its_clauses` verifies group by group against the
group's clauses (the one place this file uses the CNF: to test the reading, not the steps),
and that a violation reported on a partial grid is one every completion keeps (the checker
prunes with it).
"""

from __future__ import annotations

import random
import time
from functools import cache
from itertools import product

import pytest
from pysat.solvers import Solver
from test_explain_soundness import check_step, classic_steps
from variant_checker import Checker, TooSlow

from conftest import ROOT
from satdoku import check
from satdoku.explain import constraint_groups, explain
from satdoku.explain.candidates import houses
from satdoku.explain.groups import region_clauses
from satdoku.explain.steps import Step
from satdoku.formats import parse_json_puzzle
from satdoku.rules import cell_var

EXAMPLES = ROOT / "examples"
#: (example, steps of its path explained, variant steps checked at most). The paths are
#: cut short to keep the file near 20 s CPU; the whole paths are measured by
#: ``scripts/variant_steps.py`` (sandwich steps too: a clue over a whole row gives the
#: search little to prune with, so most of them take longer than a test should). X-Sudoku's
#: steps cite cells and houses only: :func:`test_steps_on_variant_houses_read_as_classic_steps`.
PATHS = [("killer", 70, 14), ("thermo", 60, 8), ("kropki", 45, 8), ("miracle", 40, 8),
         ("arrows", 25, 6), ("whispers", 40, 6)]
#: CPU seconds one step's check may take (a step over several houses and lines can need a
#: long search in plain Python: it is counted, not failed).
STEP_LIMIT = 1.0
#: Groups a checked step cites at most (trial steps cite ~100).
MOST = 6


@cache
def puzzle(name: str):
    return parse_json_puzzle((EXAMPLES / f"{name}.json").read_text())


@cache
def path(name: str, steps: int):
    return explain(puzzle(name), max_steps=steps)


def is_variant(e, cited) -> bool:
    """Whether a step cites a constraint other than a cell or a house (a diagonal is one)."""
    plain = {h.group for h in houses(e.groups)}
    return any(g.kind != "cell" and g.index not in plain for g in cited)


@pytest.mark.parametrize(("name", "steps", "most"), PATHS)
def test_variant_steps_follow_and_cite_nothing_superfluous(name, steps, most):
    e = path(name, steps)
    checker = Checker(e.puzzle.board, e.puzzle.rules)
    variant = [s for s in e.steps if len(s.groups) <= MOST
               and is_variant(e, [e.groups.groups[k] for k in s.groups])]
    assert variant, f"no variant step in the first {steps} steps of {name}"
    checked = 0
    for step in random.Random(name).sample(variant, min(most, len(variant))):
        cited = [e.groups.groups[k] for k in step.groups]
        checker.deadline = time.process_time() + STEP_LIMIT
        try:
            assert checker.follows(cited, list(step.facts), step.derived), f"unsound: {step}"
            extra = checker.superfluous(cited, list(step.facts), step.derived)
        except TooSlow:
            continue
        assert not extra, f"{', '.join(extra)} superfluous in {step.name}: {step}"
        checked += 1
    assert checked >= min(most, len(variant)) // 2, "most checks took too long"


def test_steps_on_variant_houses_read_as_classic_steps():
    """X-Sudoku: a step on cells and houses, a diagonal among them, is a classic step (the
    classic checker's reading: a cell holds one digit only where its group is cited)."""
    e = path("x-sudoku", 40)
    steps = [s for s in classic_steps(e) if any(
        e.groups.groups[k].kind == "diagonal" for k in s.groups) and len(s.groups) <= 4]
    assert steps
    for step in random.Random(3).sample(steps, min(6, len(steps))):
        check_step(e, step)


def test_the_checker_catches_a_wrong_step():
    e = path("killer", 70)
    checker = Checker(e.puzzle.board, e.puzzle.rules)
    step = next(s for s in e.steps if s.method == "single" and e.groups.groups[
        s.groups[0]].kind == "killer" and s.facts)
    cited = [e.groups.groups[k] for k in step.groups]
    assert checker.follows(cited, list(step.facts), step.derived)
    assert not checker.follows(cited, list(step.facts), [-x for x in step.derived[:1]])
    assert not checker.follows([], list(step.facts), step.derived)  # the cage is needed
    padded = Step(step.derived, step.groups, (*step.facts, *_other_facts(e, step)), "single")
    assert checker.superfluous(cited, list(padded.facts), padded.derived)


def _other_facts(e, step: Step) -> list[int]:
    """A known fact on a cell of the step's cage that it does not cite."""
    known = e.known_after(e.steps.index(step))
    cells = set(e.groups.groups[step.groups[0]].cells)
    n = e.puzzle.board.n
    return [x for x in sorted(known) if (abs(x) - 1) // n in cells
            and x not in step.facts][:1] or [cell_var(e.puzzle.board, min(cells), 1)]


# -- the reading of a group is its clauses --------------------------------------------------------
#: Examples whose variant groups are compared with their clauses: one-instance rules
#: (cages, thermometers, dots, lines, sandwich clues) and components of global rules
#: (miracle's anti-knight, anti-king and nonconsecutive pairs; kropki's negative constraint).
READINGS = ["miracle", "kropki", "killer", "thermo", "arrows", "whispers", "sandwich",
            "little-killer", "x-sudoku"]
#: Digit tuples tried per group: all of them up to this many, else a random sample.
TUPLES = 100


@pytest.mark.parametrize("name", READINGS)
def test_the_reading_of_each_group_is_its_clauses(name):
    """For digits on a variant group's cells (one per cell): the checker's reading holds
    exactly when the group's clauses can be satisfied with them."""
    p = puzzle(name)
    board, n = p.board, p.board.n
    groups = constraint_groups(board, p.rules)
    checker = Checker(board, p.rules)
    solution = check(p).solutions[0]
    rng = random.Random(name)
    variant = [g for g in groups.groups if g.kind != "cell" and not g.is_unit]
    assert variant
    for g in rng.sample(variant, min(12, len(variant))):
        constraints = checker.constraints(g)
        cells = g.cells
        whole = frozenset(cells) in checker.regions
        every = list(product(range(1, n + 1), repeat=len(cells)))[:TUPLES + 1] \
            if n ** len(cells) <= TUPLES else None
        tries = every or [tuple(rng.randint(1, n) for _ in cells) for _ in range(TUPLES)]
        right = tuple(solution[i] for i in cells)  # the solution, and one cell changed
        tries += [right] + [(*right[:k], d, *right[k + 1:]) for k in range(len(cells))
                            for d in range(1, n + 1)]
        # the group, each of its cells one digit, and a row it covers holds distinct digits
        clauses = [*g.clauses, *(c for i in cells for c in groups.groups[i].clauses),
                   *(region_clauses(board, cells) if whole else [])]
        with Solver(name="minisat22", bootstrap_with=[list(c) for c in clauses]) as s:
            for digits in tries:
                assert read(constraints, cells, digits) == s.solve(
                    assumptions=units(board, cells, digits)), (g.label, digits)
                # some digits blank: a violation the rule reports is kept by every completion
                partial = tuple(d if rng.random() < 0.6 else 0 for d in digits)
                if not read(constraints, cells, partial):
                    assert not s.solve(assumptions=units(board, cells, partial)), \
                        (g.label, partial)


def read(constraints, cells: tuple[int, ...], digits: tuple[int, ...]) -> bool:
    """Whether the checker's constraints hold on ``digits`` (0: blank) of ``cells``."""
    given = dict(zip(cells, digits, strict=True))
    return all(c.ok(tuple(given[i] for i in c.cells)) for c in constraints)


def units(board, cells: tuple[int, ...], digits: tuple[int, ...]) -> list[int]:
    """The cell literals of ``digits`` on ``cells`` (a blank says nothing)."""
    return [cell_var(board, i, d) if d == e else -cell_var(board, i, d)
            for i, e in zip(cells, digits, strict=True) if e for d in range(1, board.n + 1)]

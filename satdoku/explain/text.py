"""An explanation as readable text (a path, or one hint) and as JSON.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.explain.path import explain
>>> e = explain(parse_puzzle("1.34 34.2 2.43 43.1"))
>>> print(render_path(e).splitlines()[0])
  1. full house: r1c2=2 (row 1)
>>> step_json(e.groups, e.steps[0])["constraints"]
[{'label': 'row 1', 'kind': 'row', 'cells': ['r1c1', 'r1c2', 'r1c3', 'r1c4']}]
"""

from __future__ import annotations

from typing import Any

from satdoku.board import Board
from satdoku.explain.groups import Groups
from satdoku.explain.path import Explanation, Grade
from satdoku.explain.steps import TRIAL, Step, cell_digit, literal_name
from satdoku.formats import format_grid, format_line
from satdoku.solving.solver import Status

#: Constraints named on a step's line of a path before "and k more".
MOST_NAMED = 4


def literals_text(board: Board, lits: tuple[int, ...]) -> str:
    """Literals in cell order, then digit order: ``r1c2≠1, r1c2≠5, r2c2≠1``."""
    return ", ".join(literal_name(board, x) for x in sorted(lits, key=abs))


def constraints_text(groups: Groups, step: Step, most: int | None = MOST_NAMED) -> str:
    labels = [groups.groups[g].label for g in step.groups]
    if most is not None and len(labels) > most:
        return f"{', '.join(labels[:most])} and {len(labels) - most} more"
    return ", ".join(labels)


def step_line(groups: Groups, step: Step, number: int) -> str:
    """``  3. hidden single: r1c2=2 (row 1)`` — one line of a path."""
    facts = f"; {len(step.facts)} facts" if len(step.groups) > 1 else ""
    unproven = "; not proven optimal" if step.optimal is False else ""
    return (f"{number:>3}. {step.name}: {literals_text(groups.board, step.derived)} "
            f"({constraints_text(groups, step)}{facts}{unproven})")


def grade_text(g: Grade) -> str:
    """``grade: hard — hardest step cites 4 constraints; 3 hard steps of 52``."""
    trials = f"; {g.trial_steps} needed trial and error" if g.trial_steps else ""
    return (f"grade: {g.label} — hardest step cites {g.hardest} constraint"
            f"{'' if g.hardest == 1 else 's'}; {g.hard_steps} of {g.steps} steps cite 3 or "
            f"more{trials}")


def render_path(e: Explanation) -> str:
    """The whole path, the solution and the grade."""
    assert e.groups is not None
    lines = [step_line(e.groups, s, k) for k, s in enumerate(e.steps, 1)]
    board = e.puzzle.board
    if not e.complete:
        lines.append(f"... stopped after {len(e.steps)} steps: the time limit ran out")
        return "\n".join(lines)
    if not e.steps:
        lines.append("nothing to explain: every cell is given")
    assert e.solution is not None and e.grade is not None
    lines += ["", "solution (verified):", format_grid(board, e.solution), "", grade_text(e.grade)]
    return "\n".join(lines)


def render_hint(e: Explanation) -> str:
    """The next step in full: what it derives, from which constraints and facts."""
    if not e.steps:
        return ("nothing to do: every cell is placed" if e.complete else
                "no step found: the time limit ran out")
    assert e.groups is not None
    step, board = e.steps[0], e.puzzle.board
    lines = [f"{step.name}: {literals_text(board, step.derived)}",
             f"constraints: {constraints_text(e.groups, step, None)}",
             f"facts: {literals_text(board, step.facts) or 'none'}"]
    if step.method == TRIAL:
        lines.insert(0, "no small step: propagation refutes no candidate; this one needs "
                        "search (assume its opposite and the solver finds a contradiction)")
    if step.consequences:
        lines.append(f"then: {literals_text(board, step.consequences)}")
    if step.optimal is not None:
        lines.append(OPTIMAL[step.optimal])
    return "\n".join(lines)


#: What ``hint --optimal`` says of its step.
OPTIMAL = {True: "optimal: proven — no step cites fewer constraints",
           False: "optimal: not proven — the time ran out first; this is the cheapest step "
                  "found"}


def _given(board: Board, lit: int) -> dict[str, object]:
    """``{"cell": "r1c1", "digit": 5}`` (plus ``"eliminated": true``), as analyse writes."""
    cell, digit = cell_digit(board, lit)
    return {"cell": board.cell_name(cell), "digit": digit, **({"eliminated": True}
                                                                if lit < 0 else {})}


def step_json(groups: Groups, step: Step) -> dict[str, Any]:
    """One step as data (literals as ``{"cell", "digit"}``, ``"eliminated": true`` for an
    elimination)."""
    board = groups.board
    return {
        "name": step.name, "method": step.method,
        "derived": [_given(board, x) for x in step.derived],
        "constraints": [{"label": g.label, "kind": g.kind,
                         "cells": [board.cell_name(i) for i in g.cells]}
                        for g in (groups.groups[k] for k in step.groups)],
        "facts": [_given(board, x) for x in step.facts],
        "cost": {"constraints": len(step.groups), "facts": len(step.facts)},
        "consequences": [_given(board, x) for x in step.consequences],
        **({} if step.optimal is None else {"optimal": step.optimal}),
    }


def grade_json(g: Grade | None) -> dict[str, Any] | None:
    return None if g is None else {"label": g.label, "hardest": g.hardest,
                                   "hard_steps": g.hard_steps, "trial_steps": g.trial_steps,
                                   "steps": g.steps}


def to_json(e: Explanation) -> dict[str, Any]:
    """The explanation as JSON-ready data (schema in docs/explain.md)."""
    board = e.puzzle.board
    return {
        "complete": e.complete,
        "steps": [] if e.groups is None else [step_json(e.groups, s) for s in e.steps],
        "solution": None if e.solution is None else format_line(board, e.solution),
        "grade": grade_json(e.grade),
        "seconds": round(e.seconds, 3),
        "solutions": ([format_line(board, g) for g in e.solutions]
                      if e.status is Status.MULTIPLE else None),
    }

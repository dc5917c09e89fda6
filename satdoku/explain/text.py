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
from satdoku.explain.catalogue import family_of
from satdoku.explain.grades import HARD_WEIGHT
from satdoku.explain.groups import Groups
from satdoku.explain.path import Explanation, Grade
from satdoku.explain.steps import TRIAL, Step, cell_digit, deadly_pairs, literal_name
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


def deadly_text(board: Board, deadly: tuple[int, ...]) -> str:
    """The deadly pattern of a uniqueness step: ``r1c1, r1c4, r3c1, r3c4 {3,7}`` when its
    cells share one pair, else ``24 cells, two candidates each`` (BUG+1)."""
    pairs = deadly_pairs(board.n, deadly)
    kinds = set(pairs.values())
    if len(kinds) > 1:
        return f"{len(pairs)} cells, two candidates each"
    digits = ",".join(board.symbol(d) if board.single_char else str(d) for d in kinds.pop())
    return f"{', '.join(board.cell_name(i) for i in pairs)} {{{digits}}}"


def step_line(groups: Groups, step: Step, number: int, teach: bool = False) -> str:
    """``  3. hidden single: r1c2=2 (row 1)`` — one line of a path; with ``teach``, every
    constraint named and the step's sentences on the next line. A uniqueness step says
    its deadly pattern: ``(cell r3c4; 21 facts; uniqueness: r1c1, r1c4, r3c1, r3c4 {3,7})``."""
    facts = f"; {len(step.facts)} facts" if len(step.groups) > 1 or step.deadly else ""
    unproven = "; not proven optimal" if step.optimal is False else ""
    unique = f"; uniqueness: {deadly_text(groups.board, step.deadly)}" if step.deadly else ""
    cited = constraints_text(groups, step, None if teach else MOST_NAMED)
    line = (f"{number:>3}. {step.name}: {literals_text(groups.board, step.derived)} "
            f"({cited}{facts}{unique}{unproven})".replace("(; ", "("))
    return f"{line}\n     {step.teach}" if teach and step.teach else line


def grade_text(g: Grade) -> str:
    """``grade: medium — score 3.4 (hidden pair), about 19 minutes; 4 of 81 steps weigh
    3.0 or more``."""
    trials = f"; {g.trial_steps} needed trial and error" if g.trial_steps else ""
    return (f"grade: {g.label} — score {g.score:.1f} ({g.hardest or 'no step'}), about "
            f"{g.minutes} minute{'' if g.minutes == 1 else 's'}; {g.hard_steps} of {g.steps} "
            f"steps weigh {HARD_WEIGHT:.1f} or more{trials}")


#: The last line of a path that logic cannot take further.
STUCK = "No logical steps found."


def render_path(e: Explanation, teach: bool = False) -> str:
    """The whole path, the solution and the grade (``teach``: the why of each step)."""
    lines: list[str] = []
    if e.steps:  # (the time limit may cut a path short before its groups were built)
        assert e.groups is not None
        lines = [step_line(e.groups, s, k, teach) for k, s in enumerate(e.steps, 1)]
    board = e.puzzle.board
    if e.stuck:
        lines.append(STUCK)
        return "\n".join(lines)
    if not e.complete:
        why = "interrupted" if e.interrupted else "the time limit ran out"
        lines.append(f"... stopped after {len(e.steps)} steps: {why}")
        return "\n".join(lines)
    if not e.steps:
        lines.append("nothing to explain: every cell is given")
    assert e.solution is not None and e.grade is not None
    lines += ["", "solution (verified):", format_grid(board, e.solution), "", grade_text(e.grade)]
    return "\n".join(lines)


def render_hint(e: Explanation, teach: bool = False) -> str:
    """The next step in full: what it derives, from which constraints and facts (with
    ``teach``: why, in words)."""
    if not e.steps:
        return ("nothing to do: every cell is placed" if e.complete else STUCK if e.stuck
                else "no step found: the time limit ran out")
    assert e.groups is not None
    step, board = e.steps[0], e.puzzle.board
    lines = [f"{step.name}: {literals_text(board, step.derived)}",
             f"constraints: {constraints_text(e.groups, step, None)}",
             f"facts: {literals_text(board, step.facts) or 'none'}"]
    if step.method == TRIAL:
        lines.insert(0, "no small step: propagation refutes no candidate; this one needs "
                        "search (assume its opposite and the solver finds a contradiction)")
    if step.deadly:
        lines.append(f"uniqueness: rests on the puzzle having one solution (deadly pattern: "
                     f"{deadly_text(board, step.deadly)})")
    if step.consequences:
        lines.append(f"then: {literals_text(board, step.consequences)}")
    if step.optimal is not None:
        lines.append(OPTIMAL[step.optimal])
    if teach and step.teach:
        lines.append(f"why: {step.teach}")
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


def _deadly_json(board: Board, deadly: tuple[int, ...]) -> list[dict[str, Any]]:
    """The deadly pattern: ``[{"cell": "r1c1", "digits": [3, 7]}, …]``."""
    return [{"cell": board.cell_name(i), "digits": list(ds)}
            for i, ds in deadly_pairs(board.n, deadly).items()]


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
        "weight": step.weight, "family": family_of(step.name), "teach": step.teach,
        **({"chain": [literal_name(board, x) for x in step.chain]} if step.chain else {}),
        **({"uniqueness": _deadly_json(board, step.deadly)} if step.deadly else {}),
        "consequences": [_given(board, x) for x in step.consequences],
        **({} if step.optimal is None else {"optimal": step.optimal}),
    }


def grade_json(g: Grade | None) -> dict[str, Any] | None:
    return None if g is None else {"label": g.label, "score": g.score,
                                   "minutes": g.minutes, "hardest": g.hardest,
                                   "hard_steps": g.hard_steps, "trial_steps": g.trial_steps,
                                   "steps": g.steps}


def to_json(e: Explanation) -> dict[str, Any]:
    """The explanation as JSON-ready data (schema in docs/explain.md)."""
    board = e.puzzle.board
    return {
        "complete": e.complete,
        "stuck": e.stuck,
        "steps": [] if e.groups is None else [step_json(e.groups, s) for s in e.steps],
        "solution": None if e.solution is None else format_line(board, e.solution),
        "grade": grade_json(e.grade),
        "seconds": round(e.seconds, 3),
        "solutions": ([format_line(board, g) for g in e.solutions]
                      if e.status is Status.MULTIPLE else None),
    }

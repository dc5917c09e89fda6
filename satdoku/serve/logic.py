"""``step`` and ``solvepath``: satdoku's explanations (:mod:`satdoku.explain`) as the editor's
``logical`` answers.

The editor turns off *families* of techniques (``disabledlogic``); the explainer takes them
as they are (:data:`satdoku.explain.catalogue.EDITOR_FAMILIES`, each technique's family in
:data:`~satdoku.explain.catalogue.TECHNIQUES`) and searches around them, so a step of a
turned-off family is never shown. A puzzle that is not (yet) unique gets the steps that hold
in every solution, then ``No logical steps found.``
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from satdoku.explain import Explanation, explain
from satdoku.explain.steps import Step
from satdoku.explain.text import constraints_text, literals_text
from satdoku.puzzle import Puzzle, clash_message
from satdoku.solving import Status

NO_STEP = "No logical steps found."
INVALID = "Board is invalid!"


def logical(puzzle: Puzzle, one: bool, disabled: Iterable[str] = (),
            seconds: float | None = None) -> dict[str, Any]:
    """The ``logical`` answer (without nonce) for ``step`` (``one``) or ``solvepath``."""
    if puzzle.clashes():
        return _answer(puzzle, puzzle, [clash_message(puzzle.board, puzzle.clashes()),
                                        INVALID], False)
    e = explain(puzzle, seconds, max_steps=1 if one else None, disabled=frozenset(disabled))
    if e.status is Status.NO_SOLUTION:
        return _answer(puzzle, puzzle, ["no solution: the digits and marks on the board "
                                        "contradict the rules", INVALID], False)
    if e.groups is None:  # (the time ran out before the puzzle was checked)
        return _answer(puzzle, puzzle, ["the time limit ran out before the puzzle was "
                                        "checked", NO_STEP], True)
    lines = [_line(e, s, k, one) for k, s in enumerate(e.steps, 1)]
    if (not e.steps and 0 in puzzle.givens) or (not one and not e.complete):
        lines.append(NO_STEP)
    return _answer(puzzle, e.position(len(e.steps)), lines, True)


def _line(e: Explanation, step: Step, number: int, one: bool) -> str:
    assert e.groups is not None
    text = (f"{step.name}: {literals_text(e.puzzle.board, step.derived)} "
            f"({constraints_text(e.groups, step)})")
    return text if one else f"{number}. {text}"


def _answer(puzzle: Puzzle, position: Puzzle, lines: list[str], valid: bool) -> dict[str, Any]:
    """The ``logical`` response: each cell's digit, or its candidates left."""
    n = puzzle.board.n
    out = set(puzzle.eliminated) | set(position.eliminated)
    cells: list[dict[str, Any]] = []
    for i, d in enumerate(position.givens):
        if d:
            cells.append({"value": d})
        else:
            cells.append({"value": 0, "candidates": [x for x in range(1, n + 1)
                                                     if (i, x) not in out]})
    return {"type": "logical", "cells": cells, "message": "\n".join(lines), "isValid": valid}


def logical_kept(puzzle: Puzzle, seconds: float) -> set[tuple[int, int]] | None:
    """The (cell, digit) candidates of blank cells that satdoku's logic keeps, running its
    path for at most ``seconds``; None when explain gives no path (no solution, or the time
    ran out before the check: the caller falls back on propagation)."""
    e = explain(puzzle, seconds)
    if e.groups is None:
        return None
    after = e.position(len(e.steps))
    n = puzzle.board.n
    out = set(puzzle.eliminated) | set(after.eliminated)
    return {(i, d) for i, g in enumerate(puzzle.givens) if not g for d in range(1, n + 1)
            if (i, d) not in out and after.givens[i] in (0, d)}

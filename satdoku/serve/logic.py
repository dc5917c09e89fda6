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
#: The last line of a path cut short by the server's ``--time-limit``.
TIMED_OUT = ("Time limit of {limit:g} s reached after {steps} (satdoku serve --time-limit): "
             "the board shows the candidates left.")
#: The part of the time limit the path leaves for answering (the job is killed at the limit).
MARGIN = 0.1


def logical(puzzle: Puzzle, one: bool, disabled: Iterable[str] = (),
            time_limit: float | None = None,
            start: float | None = None) -> tuple[dict[str, Any], bool]:
    """The ``logical`` answer (without nonce) for ``step`` (``one``) or ``solvepath``, and
    whether it is final (False: ``time_limit``, the server's, counted from ``start`` (a
    :func:`time.perf_counter` reading; None: now), cut the path short; the steps found are
    kept, the board after them, and a last line says so).

    >>> from satdoku.formats import parse_puzzle
    >>> answer, final = logical(parse_puzzle("1.34 34.2 2.43 43.1"), one=False)
    >>> final, answer["message"].splitlines()[0], answer["cells"][1]
    (True, '1. full house: r1c2=2 (row 1)', {'value': 2})
    """
    if puzzle.clashes():
        return _answer(puzzle, puzzle, [clash_message(puzzle.board, puzzle.clashes()),
                                        INVALID], False), True
    e = explain(puzzle, _own_seconds(time_limit), max_steps=1 if one else None,
                disabled=frozenset(disabled), start=start)
    if e.status is Status.NO_SOLUTION:
        return _answer(puzzle, puzzle, ["no solution: the digits and marks on the board "
                                        "contradict the rules", INVALID], False), True
    lines = [_line(e, s, k, one) for k, s in enumerate(e.steps, 1)] if e.groups else []
    timed_out = time_limit is not None and (
        e.groups is None or not (e.complete or e.stuck or (one and e.steps)))
    if timed_out:
        lines.append(TIMED_OUT.format(limit=time_limit, steps=_steps(len(e.steps))))
    elif (not e.steps and 0 in puzzle.givens) or e.groups is None or (not one and not e.complete):
        lines.append(NO_STEP)
    after = e.position(len(e.steps)) if e.groups else puzzle
    return _answer(puzzle, after, lines, True), not timed_out


def _own_seconds(time_limit: float | None) -> float | None:
    """The seconds the path may take within the server's ``time_limit``: it stops
    :data:`MARGIN` of it early (at most a second) to answer before the job is killed."""
    if time_limit is None:
        return None
    return time_limit - min(1.0, MARGIN * time_limit)


def _steps(k: int) -> str:
    return "no step" if k == 0 else "1 step" if k == 1 else f"{k:,} steps"


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

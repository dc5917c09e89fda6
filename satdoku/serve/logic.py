"""``step`` and ``solvepath``: satdoku's explanations (:mod:`satdoku.explain`) as the editor's
``logical`` answers, and the editor's ``disabledlogic`` families mapped onto step names.

The editor turns off *families* of techniques; satdoku's steps carry *names* (labels put on
steps the solver proved, :mod:`satdoku.explain.names`). The mapping, as data:

============== =====================================================================
family         satdoku step names
============== =====================================================================
tuples         naked pair/triple/quad, hidden pair/triple/quad
pointing       locked candidates (pointing), locked candidates (claiming)
fishes         X-wing, swordfish, jellyfish (and finned/Franken variants when named)
wings          XY-wing, XYZ-wing, W-wing when named; until then, the unnamed
               ``deduction`` steps (a few constraints, no textbook name)
aic            contradiction chain, X-chain, XY-chain, AIC when named
contradictions trial and error, forcing chain
============== =====================================================================

A step of a turned-off family is never shown: where :func:`satdoku.explain.explain`
takes ``disabled`` families itself it searches around them; otherwise the path stops
before such a step and says which step it would have been.

>>> family_of("X-wing"), family_of("locked candidates (pointing)"), family_of("hidden single")
('fishes', 'pointing', None)
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any

from satdoku.explain import Explanation, explain
from satdoku.explain.steps import Step
from satdoku.explain.text import constraints_text, literals_text
from satdoku.puzzle import Puzzle, clash_message
from satdoku.solving import Status

#: Step names (their first words, lower case) of each family of ``disabledlogic``.
FAMILY_NAMES: dict[str, tuple[str, ...]] = {
    "tuples": ("naked pair", "naked triple", "naked quad", "hidden pair", "hidden triple",
               "hidden quad"),
    "pointing": ("locked candidates", "pointing", "claiming"),
    "fishes": ("x-wing", "swordfish", "jellyfish", "finned", "franken", "sashimi"),
    "wings": ("xy-wing", "xyz-wing", "w-wing", "wing", "deduction"),
    "aic": ("contradiction chain", "x-chain", "xy-chain", "aic", "chain"),
    "contradictions": ("trial and error", "forcing chain", "contradiction"),
}
NO_STEP = "No logical steps found."
INVALID = "Board is invalid!"


def family_of(name: str) -> str | None:
    """The ``disabledlogic`` family of a step name (None: a family that cannot be
    turned off, e.g. singles and variant constraints)."""
    low = name.lower()
    for family, names in FAMILY_NAMES.items():
        if any(low.startswith(prefix) for prefix in names):
            return family
    return None


def _takes_disabled() -> bool:
    """Whether :func:`satdoku.explain.explain` takes the disabled families itself."""
    return "disabled" in inspect.signature(explain).parameters


def _explained(puzzle: Puzzle, one: bool, seconds: float | None,
               disabled: frozenset[str]) -> Explanation:
    """explain's path (or its first step), handing it the disabled families when it
    takes them (the integration point with the explainer of non-unique puzzles)."""
    kwargs: dict[str, Any] = {"max_steps": 1} if one else {}
    if disabled and _takes_disabled():
        kwargs["disabled"] = disabled
    return explain(puzzle, seconds, **kwargs)


def logical(puzzle: Puzzle, one: bool, disabled: Iterable[str] = (),
            seconds: float | None = None) -> dict[str, Any]:
    """The ``logical`` answer (without nonce) for ``step`` (``one``) or ``solvepath``."""
    disabled = frozenset(disabled)
    if puzzle.clashes():
        return _answer(puzzle, puzzle, [clash_message(puzzle.board, puzzle.clashes()),
                                        INVALID], False)
    e = _explained(puzzle, one, seconds, disabled)
    if e.status is Status.NO_SOLUTION:
        return _answer(puzzle, puzzle, ["no solution: the digits and marks on the board "
                                        "contradict the rules", INVALID], False)
    if e.groups is None:  # explain refused: several solutions (or the time ran out)
        why = ("satdoku's logic works on puzzles with exactly one solution for now, and this "
               "one has several (Check shows how many)" if e.status is Status.MULTIPLE
               else "the time limit ran out before the puzzle was checked")
        return _answer(puzzle, puzzle, [why, NO_STEP], True)
    steps, stopped = ((list(e.steps), None) if _takes_disabled()  # (explain kept off them)
                      else _allowed(e.steps, disabled))
    lines = [_line(e, s, k, one) for k, s in enumerate(steps, 1)]
    if stopped is not None:
        lines += [f"(next: {stopped.name}, of a family turned off: {family_of(stopped.name)})",
                  NO_STEP]
    elif (not steps and 0 in puzzle.givens) or (not one and not e.complete):
        lines.append(NO_STEP)
    return _answer(puzzle, e.position(len(steps)), lines, True)


def _allowed(steps: tuple[Step, ...], disabled: frozenset[str]) -> tuple[list[Step],
                                                                        Step | None]:
    """The steps before the first one of a disabled family, and that one (or None)."""
    for k, step in enumerate(steps):
        if family_of(step.name) in disabled:
            return list(steps[:k]), step
    return list(steps), None


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
    path for at most ``seconds``; None when explain refuses the puzzle (several solutions:
    the caller falls back on propagation)."""
    e = explain(puzzle, seconds)
    if e.groups is None:
        return None
    after = e.position(len(e.steps))
    n = puzzle.board.n
    out = set(puzzle.eliminated) | set(after.eliminated)
    return {(i, d) for i, g in enumerate(puzzle.givens) if not g for d in range(1, n + 1)
            if (i, d) not in out and after.givens[i] in (0, d)}

"""The whole analysis of one puzzle, as one dataclass and as JSON.

Every section runs on the puzzle's cached incremental session (givens as assumptions, any
added clause guarded and retired); difficulty probes on a propagation-only session. A
section that does not apply to the status is None (``null`` in JSON):

=============== ======= =========== ====== ========
section         invalid no_solution unique multiple
=============== ======= =========== ====== ========
conflict        yes     yes         –      –
differences     –       –           –      yes
candidates      –       –           yes    yes
backbone        –       –           yes    yes
redundant       –       –           yes    –
difficulty      –       –           yes    –
symmetry        yes     yes         yes    yes
=============== ======= =========== ====== ========

A time limit bounds the whole report (building the CNF included): the sections run in the
order above, each within what is left, and those not finished when it runs out are None and
named in ``unknown`` (JSON: ``"unknown"`` and ``"time_limit"``, present only then). When it
runs out before the status is known, the status is UNKNOWN (with the solution found, if
any); two solutions found make it MULTIPLE with an incomplete count.

>>> from satdoku.formats import parse_puzzle
>>> a = analyse(parse_puzzle("1.34 34.2 2.43 43.1"))
>>> a.status.value, a.difficulty.level, len(a.redundant)
('unique', 0, 12)
>>> sorted(to_json(a))  # doctest: +NORMALIZE_WHITESPACE
['backbone', 'candidates', 'conflict', 'count', 'count_complete', 'differences',
 'difficulty', 'redundant', 'solution', 'status', 'symmetry']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cnf.budget import Deadline
from satdoku.analyse.candidates import Candidates, backbone, true_candidates
from satdoku.analyse.differences import Fix, differing_cells, find_fix
from satdoku.analyse.difficulty import MAX_LEVEL, Difficulty, rate, solve_stats
from satdoku.analyse.redundancy import redundant_givens
from satdoku.analyse.rule_conflict import RuleConflict, rule_conflict
from satdoku.analyse.status import Given, Survey, minimal_conflict, survey
from satdoku.formats import format_line
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid
from satdoku.solving.solver import Status, SudokuSolver, solver_for
from satdoku.symmetry import Symmetry, pattern_symmetries

#: Solutions counted before the count is reported as "at least".
COUNT_LIMIT = 1000


@dataclass(frozen=True)
class Analysis:
    """Every section of the report (None where it does not apply, see the module table)."""

    puzzle: Puzzle
    status: Status
    solutions: tuple[Grid, ...]          # the first two found, each verified
    count: int                           # solutions found, up to the count limit
    count_complete: bool                 # False: there are more than ``count``
    symmetries: tuple[Symmetry, ...]
    conflict: tuple[Given, ...] | None = None
    rule_conflict: RuleConflict | None = None  # when the rules alone admit no solution
    fix: Fix | None = None
    candidates: Candidates | None = None
    redundant: tuple[int, ...] | None = None
    difficulty: Difficulty | None = None
    stats: dict[str, int] | None = None  # one solve by a fresh solver (unique only)
    grade: Any = None                    # explain.Grade from the path, on request (unique)
    unknown: tuple[str, ...] = ()        # sections the time limit cut off (JSON keys)
    time_limit: float | None = None

    @property
    def differences(self) -> tuple[int, ...] | None:
        """The cells where the two solutions shown differ (multiple only)."""
        if self.status is not Status.MULTIPLE:
            return None
        return differing_cells(*self.solutions[:2])

    @property
    def backbone(self) -> dict[int, int] | None:
        """Blank cells with the same digit in every solution."""
        return None if self.candidates is None else backbone(self.candidates)


def analyse(puzzle: Puzzle, solver: SudokuSolver | None = None, limit: int = COUNT_LIMIT,
            max_level: int = MAX_LEVEL, grade_time: float | None = None,
            time_limit: float | None = None, start: float | None = None) -> Analysis:
    """Analyse ``puzzle``: status, then the sections that apply to it.

    ``solver`` defaults to the cached one for its board and rules; ``limit`` caps the
    solution count; ``max_level`` caps the probing depth of the difficulty rating;
    ``grade_time`` (seconds), when given, grades a unique puzzle from its solving path
    (:mod:`satdoku.explain`; no grade when the path takes longer); ``time_limit`` (seconds)
    bounds the whole analysis (see the module docstring), counted from ``start`` (a
    :func:`time.perf_counter` reading when the work on the puzzle began; None: now).
    """
    deadline = Deadline(time_limit, start)
    solver = solver or solver_for(puzzle.board, puzzle.rules)
    found = survey(solver, puzzle, limit, deadline)
    givens = [i for i, d in enumerate(puzzle.givens) if d]
    base = Analysis(puzzle, found.status, found.solutions[:2], len(found.solutions),
                    found.complete, tuple(pattern_symmetries(puzzle.board, givens)),
                    time_limit=time_limit)
    sections: dict[str, Any] = {}
    try:
        _sections(sections, solver, puzzle, found, max_level, grade_time, deadline)
    except TimeoutError:
        wanted = _SECTIONS[found.status] + (("grade",) if grade_time is not None else ())
        unknown = [_KEY.get(key, key) for key in wanted if key not in sections]
        return _replace(base, **sections, unknown=tuple(dict.fromkeys(unknown)))
    return _replace(base, **sections)


#: The sections of each status, in the order they are computed (as Analysis fields), and
#: their JSON keys where the name differs.
_SECTIONS = {Status.INVALID: ("conflict",), Status.NO_SOLUTION: ("conflict",),
             Status.MULTIPLE: ("candidates", "fix"),
             Status.UNIQUE: ("candidates", "redundant", "difficulty", "stats"),
             Status.UNKNOWN: ("count", "conflict", "candidates", "fix", "redundant",
                              "difficulty")}
_KEY = {"fix": "differences", "stats": "difficulty"}


def _sections(out: dict[str, Any], solver: SudokuSolver, puzzle: Puzzle, found: Survey,
              max_level: int, grade_time: float | None, deadline: Deadline) -> None:
    """Compute the sections that apply to ``found.status`` into ``out``, one by one, within
    ``deadline`` (TimeoutError when it passes: ``out`` holds those finished)."""
    if found.status is Status.UNKNOWN:
        raise TimeoutError("time limit reached before the status was known")
    if not found.solutions:
        out["conflict"] = minimal_conflict(solver, puzzle, deadline)
        if not out["conflict"]:
            out["rule_conflict"] = rule_conflict(puzzle, 2.0, deadline)
        return
    out["candidates"] = true_candidates(solver, puzzle, found.solutions, found.complete,
                                        deadline)
    if found.status is Status.MULTIPLE:
        out["fix"] = find_fix(solver, puzzle, found.solutions, found.complete,
                              out["candidates"], deadline=deadline)
        return
    out["redundant"] = redundant_givens(solver, puzzle, found.solutions[0], deadline)
    out["difficulty"] = rate(puzzle, max_level, deadline=deadline)
    out["stats"] = solve_stats(puzzle, solver.formula, solver.session.backend, deadline)
    if grade_time is not None:
        out["grade"] = _grade(puzzle, grade_time, deadline)


def _grade(puzzle: Puzzle, seconds: float, deadline: Deadline) -> Any:
    """The grade from the solving path within ``seconds`` (None when the path takes longer);
    TimeoutError when what is left of ``deadline`` was too short to find it."""
    from satdoku.explain import explain  # imported only when a grade is asked for
    left = deadline.left()
    grade = explain(puzzle, seconds if left is None else min(seconds, left)).grade
    if grade is None and left is not None and left < seconds:
        raise TimeoutError("time limit reached while grading")
    return grade


def _replace(analysis: Analysis, **sections: Any) -> Analysis:
    return Analysis(**{**analysis.__dict__, **sections})


def to_json(a: Analysis) -> dict[str, Any]:
    """The analysis as JSON-ready data (the schema is documented in docs/analyser.md)."""
    board = a.puzzle.board
    name = board.cell_name
    out: dict[str, Any] = {
        "status": a.status.value,
        "count": a.count,
        "count_complete": a.count_complete,
        "solution": format_line(board, a.solutions[0]) if a.status is Status.UNIQUE else None,
        "conflict": None if a.conflict is None else [g.to_json(board) for g in a.conflict],
        **({} if a.rule_conflict is None else {"rule_conflict": {  # rules alone: no solution
            "constraints": list(a.rule_conflict.labels), "minimal": a.rule_conflict.minimal}}),
        "differences": None,
        "candidates": None if a.candidates is None else {
            name(i): list(ds) for i, ds in a.candidates.items()},
        "backbone": None if a.backbone is None else {
            name(i): d for i, d in a.backbone.items()},
        "redundant": None if a.redundant is None else [name(i) for i in a.redundant],
        "symmetry": {"givens": a.puzzle.num_givens,
                     "symmetries": [s.value for s in a.symmetries]},
        "difficulty": None,
    }
    if a.differences is not None and a.fix is not None:
        out["differences"] = {
            "cells": [name(i) for i in a.differences],
            "solutions": [format_line(board, g) for g in a.solutions],
            "fix": None if a.fix.given is None else a.fix.given.to_json(board),
            "fix_exhaustive": a.fix.exhaustive}
    if a.difficulty is not None:
        d = a.difficulty
        out["difficulty"] = {"level": d.level, "at_least": d.at_least, "rounds": d.rounds,
                             "probes": d.probes, "budget_exhausted": d.exhausted,
                             "stats": a.stats}
    if a.grade is not None:
        from satdoku.explain.text import grade_json
        out["grade"] = grade_json(a.grade)
    if a.unknown:  # cut short by the time limit: these sections are null, not empty
        out["unknown"], out["time_limit"] = list(a.unknown), a.time_limit
    return out

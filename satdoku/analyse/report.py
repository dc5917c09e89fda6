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

from satdoku.analyse.candidates import Candidates, backbone, true_candidates
from satdoku.analyse.differences import Fix, differing_cells, find_fix
from satdoku.analyse.difficulty import MAX_LEVEL, Difficulty, rate, solve_stats
from satdoku.analyse.redundancy import redundant_givens
from satdoku.analyse.rule_conflict import RuleConflict, rule_conflict
from satdoku.analyse.status import Given, minimal_conflict, survey
from satdoku.formats import format_line
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid
from satdoku.solver import Status, SudokuSolver, solver_for
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
            max_level: int = MAX_LEVEL, grade_time: float | None = None) -> Analysis:
    """Analyse ``puzzle``: status, then the sections that apply to it.

    ``solver`` defaults to the cached one for its board and rules; ``limit`` caps the
    solution count; ``max_level`` caps the probing depth of the difficulty rating;
    ``grade_time`` (seconds), when given, grades a unique puzzle from its solving path
    (:mod:`satdoku.explain`; no grade when the path takes longer).
    """
    solver = solver or solver_for(puzzle.board, puzzle.rules)
    found = survey(solver, puzzle, limit)
    givens = [i for i, d in enumerate(puzzle.givens) if d]
    base = Analysis(puzzle, found.status, found.solutions[:2], len(found.solutions),
                    found.complete, tuple(pattern_symmetries(puzzle.board, givens)))
    if not found.solutions:
        conflict = minimal_conflict(solver, puzzle)
        return _replace(base, conflict=conflict,
                        rule_conflict=None if conflict else rule_conflict(puzzle))
    candidates = true_candidates(solver, puzzle, found.solutions, found.complete)
    if found.status is Status.MULTIPLE:
        return _replace(base, candidates=candidates,
                        fix=find_fix(solver, puzzle, found.solutions, found.complete,
                                             candidates))
    solution = found.solutions[0]
    return _replace(base, candidates=candidates,
                    redundant=redundant_givens(solver, puzzle, solution),
                    difficulty=rate(puzzle, max_level),
                    stats=solve_stats(puzzle, solver.formula, solver.session.backend),
                    grade=None if grade_time is None else _grade(puzzle, grade_time))


def _grade(puzzle: Puzzle, seconds: float) -> Any:
    from satdoku.explain import explain  # imported only when a grade is asked for
    return explain(puzzle, seconds).grade


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
    return out

"""Shared by the encoding benchmarks of scripts/: one uniqueness check per puzzle, summed up.

Each puzzle gets a new solver for its own rules (the CNF is built and loaded: that is the
"build" time), then one uniqueness check (the "check" time).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable

from satdoku import Puzzle, SudokuSolver
from satdoku.solving.solver import Status


def measure_checks(puzzles: Iterable[Puzzle], tally: tuple[str, Status] = ("unique",
                   Status.UNIQUE), time_limit: float | None = None) -> dict[str, float]:
    """Build ms (mean), check ms (median, mean), conflicts and clauses (mean), and under
    ``tally[0]`` how many checks ended with status ``tally[1]``."""
    build, check, conflicts, clauses, counted = [], [], [], [], 0
    for puzzle in puzzles:
        start = time.perf_counter()
        solver = SudokuSolver(puzzle.board, puzzle.rules).prepare()  # (built on first use)
        middle = time.perf_counter()
        result = solver.check(puzzle, time_limit=time_limit)
        check.append(time.perf_counter() - middle)
        build.append(middle - start)
        stats = solver.stats()
        conflicts.append(stats.get("conflicts", 0))
        clauses.append(stats["clauses"])
        counted += result.status is tally[1]
    return {"build ms": 1000 * statistics.mean(build),
            "check ms (median)": 1000 * statistics.median(check),
            "check ms (mean)": 1000 * statistics.mean(check),
            "conflicts (mean)": statistics.mean(conflicts),
            "clauses": statistics.mean(clauses), tally[0]: counted}

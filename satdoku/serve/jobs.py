"""What a forked child computes for each command, and the messages it sends back.

A job runs in a child forked from the server (:mod:`satdoku.runtime.forked`), with the
warm solver of its board and rules already loaded, copy-on-write. It sends *messages*
(pickled tuples) as it goes: ``("reply", response)`` — a protocol response, without its
nonce, forwarded to the client at once (count progress, estimate updates, answers);
``("partial", response)`` — the same, but an answer cut short by the time limit, so never
cached — and ``("learn", puzzle, solutions, impossible)`` — what the server keeps for later requests
(:mod:`.cache`). The server kills the child when the client sends anything newer,
cancels, closes the socket, or the job's time runs out: nothing here needs to stop itself.

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.solving import solver_for
>>> p = parse_puzzle("12.. 34.. .... ....")
>>> sent = []
>>> true_candidates(solver_for(p.board), p, Options(cap=2), Memory(), sent.append)
>>> reply = [m for m in sent if m[0] == "reply"][0][1]
>>> reply["solutionsPerCandidate"][:8], reply["solutionsPerCandidate"][8:12]
([2, 0, 0, 0, 0, 2, 0, 0], [0, 0, 2, 2])
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from cnf import SolveResult
from satdoku.analyse.counts import candidate_counts
from satdoku.puzzle import Puzzle, clash_message
from satdoku.serve.cache import Memory
from satdoku.serve.reading import Options
from satdoku.solving import SudokuSolver

Emit = Callable[[tuple], None]
NO_SOLUTION = "No solutions found."
#: Seconds between two progress messages of a count.
PROGRESS = 0.25
#: Seconds the ``logical`` option of true candidates gives satdoku's logic.
LOGIC_SECONDS = 2.0


def _reply(emit: Emit, response: dict[str, Any]) -> None:
    emit(("reply", response))


def _invalid(emit: Emit, message: str) -> None:
    _reply(emit, {"type": "invalid", "message": message})


def _clashing(puzzle: Puzzle, emit: Emit) -> bool:
    """Send ``invalid`` naming the clashes when the givens already break a rule."""
    clashes = puzzle.clashes()
    if clashes:
        _invalid(emit, clash_message(puzzle.board, clashes))
    return bool(clashes)


def true_candidates(solver: SudokuSolver, puzzle: Puzzle, options: Options, memory: Memory,
                    emit: Emit) -> None:
    """``truecandidates``: per-candidate counts up to the cap (given cells: their digit
    with the number of solutions); with ``logical``, -1 where only logic keeps a digit."""
    if _clashing(puzzle, emit):
        return
    kept = _logical_only(solver, puzzle) if options.logical else set()
    counts = candidate_counts(solver, puzzle, options.cap, memory.known(puzzle),
                              memory.impossible(puzzle))
    emit(("learn", puzzle, counts.solutions, counts.impossible()))
    if counts.total == 0:
        _invalid(emit, NO_SOLUTION)
        return
    n = puzzle.board.n
    values = [0] * n ** 3
    for i, d in enumerate(puzzle.givens):
        if d:
            values[i * n + d - 1] = counts.total
        else:
            values[i * n:i * n + n] = counts.counts[i]
    for i, d in kept:
        if values[i * n + d - 1] == 0:
            values[i * n + d - 1] = -1
    _reply(emit, {"type": "truecandidates", "solutionsPerCandidate": values})


def _logical_only(solver: SudokuSolver, puzzle: Puzzle) -> set[tuple[int, int]]:
    """The candidates satdoku's logic keeps: its path as far as it goes (within
    :data:`LOGIC_SECONDS`), or unit propagation where explain refuses the puzzle. Run it
    first: propagation on a session that has solved sees what it learned (implied clauses
    that make it stronger, and the answer would depend on the session's past)."""
    from satdoku.serve.logic import logical_kept
    _, implied = solver.session.propagate(puzzle.assumptions())
    n = puzzle.board.n
    out = {-lit for lit in implied if lit < 0} | {i * n + d for i, d in puzzle.eliminated}
    propagated = {(i, d) for i, g in enumerate(puzzle.givens) if not g
                  for d in range(1, n + 1) if i * n + d not in out}
    kept = logical_kept(puzzle, LOGIC_SECONDS)
    return propagated if kept is None else kept


def solve(solver: SudokuSolver, puzzle: Puzzle, emit: Emit,
          rng: random.Random | None = None) -> None:
    """``solve``: a random solution (each cell in random order takes a random digit among
    those that still leave a solution)."""
    if _clashing(puzzle, emit):
        return
    grid = random_solution(solver, puzzle, rng or random.Random())
    if grid is None:
        _invalid(emit, NO_SOLUTION)
        return
    emit(("learn", puzzle, (grid,), None))
    _reply(emit, {"type": "solved", "solution": list(grid)})


def random_solution(solver: SudokuSolver, puzzle: Puzzle,
                    rng: random.Random) -> tuple[int, ...] | None:
    """A random solution of ``puzzle`` (verified), None when it has none."""
    session, n = solver.session, puzzle.board.n
    fixed = puzzle.assumptions()
    if session.solve(fixed) is not SolveResult.SAT:
        return None
    grid = solver.grid_of(session.model)
    cells = [i for i, d in enumerate(puzzle.givens) if not d]
    rng.shuffle(cells)
    for i in cells:
        digits = list(range(1, n + 1))
        rng.shuffle(digits)
        for d in digits:
            if (i, d) in puzzle.eliminated:
                continue
            if d != grid[i]:
                if session.solve([*fixed, i * n + d]) is not SolveResult.SAT:
                    continue
                grid = solver.grid_of(session.model)
            fixed.append(i * n + d)
            break
    puzzle.verify(grid)
    return grid


def check(solver: SudokuSolver, puzzle: Puzzle, emit: Emit) -> None:
    """``check``: the count of solutions, stopping at 2."""
    if _clashing(puzzle, emit):
        return
    result = solver.check(puzzle)
    emit(("learn", puzzle, result.solutions, None))
    _reply(emit, {"type": "count", "count": len(result.solutions), "inProgress": False})


def count(solver: SudokuSolver, puzzle: Puzzle, emit: Emit) -> None:
    """``count``: every solution counted, with a progress message every :data:`PROGRESS`
    seconds, then the final count."""
    if _clashing(puzzle, emit):
        return
    last = time.perf_counter()

    def progress(k: int) -> None:
        nonlocal last
        now = time.perf_counter()
        if now - last >= PROGRESS:
            last = now
            _reply(emit, {"type": "count", "count": k, "inProgress": True})

    result = solver.count(puzzle, on_solution=progress)
    _reply(emit, {"type": "count", "count": result.count, "inProgress": False})


#: The first ``estimate`` answer of a puzzle past the exact count: what is known, and where
#: ApproxMC is hopeless (measured, docs/serve.md).
MANY_SOLUTIONS = ("more than {floor:,} solutions (counted); ApproxMC is estimating: up to "
                  "about 100,000 solutions a run takes seconds, past that minutes, and an "
                  "almost empty grid never answers (Solution Count or true candidates with "
                  "counts tell more mid-construction)")


def estimate(puzzle: Puzzle, emit: Emit) -> None:
    """``estimate``: ApproxMC runs, each a tighter 95 % bound, until the count is exact
    or the job is cancelled (the last ε is then repeated with new seeds)."""
    from satdoku.analyse.estimate import EPSILONS, approximate_counts
    if _clashing(puzzle, emit):
        return
    epsilons = (*EPSILONS, *([EPSILONS[-1]] * 1000))

    def many(floor: int) -> None:  # (before the first run, which may take minutes)
        upper = puzzle.board.n ** (puzzle.board.num_cells - puzzle.num_givens)
        _reply(emit, {"type": "estimate", **sure_bounds(floor, upper),
                      "message": MANY_SOLUTIONS.format(floor=floor - 1)})

    for runs, found in enumerate(approximate_counts(puzzle, epsilons, many=many), 1):
        spread = (found.upper - found.lower) / 2
        _reply(emit, {"type": "estimate", "estimate": found.value,
                      "stderr": round(spread / 1.96, 3), "iterations": runs,
                      "ci95_lower": round(found.lower, 3), "ci95_upper": round(found.upper, 3),
                      "relErrPercent": round(100 * found.epsilon, 3)})
        if found.value == 0:
            return


def sure_bounds(lower: int, upper: int) -> dict[str, Any]:
    """The numbers of an ``estimate`` answer that knows only sure bounds (no ApproxMC run
    yet): the estimate is ``lower``; ``stderr`` and ``relErrPercent`` follow from the bounds
    as for a run (half the width / 1.96; 100·ε where upper = estimate·(1 + ε)), so they
    say how little is known (the userscript prints these numbers, not the message; it
    needs every one of them). Exact integers where a float cannot hold them (JavaScript
    reads those as Infinity).

    >>> b = sure_bounds(1001, 4004)
    >>> b["stderr"], b["relErrPercent"], b["ci95_lower"], b["ci95_upper"]
    (766.0, 300.0, 1001, 4004.0)
    >>> sure_bounds(1001, 16 ** 256)["ci95_upper"] == 16 ** 256
    True
    """
    return {"estimate": lower, "stderr": _number((upper - lower) * 25 // 98),
            "iterations": 0, "ci95_lower": lower, "ci95_upper": _number(upper),
            "relErrPercent": _number(100 * (upper - lower) // lower)}


def _number(x: int) -> float | int:
    """``x`` as a float when one holds it, else the exact integer."""
    try:
        return float(x)
    except OverflowError:
        return x


def logical(puzzle: Puzzle, one: bool, options: Options, emit: Emit,
            time_limit: float | None = None, start: float | None = None) -> None:
    """``step`` (``one``) or ``solvepath``: the ``logical`` answer; a path that the server's
    ``time_limit`` (counted from ``start``, when the job began) cuts short is sent as far as
    it got, as a ``partial`` (never cached)."""
    from satdoku.serve.logic import logical as answer  # (0.1 s when cold: within the limit)
    response, final = answer(puzzle, one, options.disabled, time_limit, start)
    emit(("reply" if final else "partial", response))

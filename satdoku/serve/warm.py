"""Warm solvers: the CNF of each (board, rules) built and loaded once, kept for the next jobs.

Building a variant CNF and loading it takes 40–300 ms in Python (more than most answers),
so it happens in one worker thread, never in the event loop, and at most once per (board,
rules) at a time: a second request for a solver being built waits for the same build.
Reading long requests (lz-string, JSON, the f-puzzles translation) runs in that thread too.
The solvers are :func:`~satdoku.solving.solver_for`'s, so explanations run in a child find
them warm as well. At most :data:`KEEP` are kept; the CNF's estimated size is checked against
the memory budget before anything is built (a BudgetError names it).

>>> import asyncio
>>> from satdoku.board import Board
>>> async def demo():
...     warm = Warm()
...     solver = await warm.solver(Board.classic(4), ())
...     again = await warm.solver(Board.classic(4), ())
...     warm.close()
...     return solver is again, solver.formula.num_vars
>>> asyncio.run(demo())
(True, 64)
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from satdoku.board import Board
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, require_budget
from satdoku.rules import Rule
from satdoku.solving import SudokuSolver, solver_for

T = TypeVar("T")
#: Warm solvers kept (the least recently used goes first).
KEEP = 8
Key = tuple[Board, tuple[Rule, ...]]


class Warm:
    """The warm solvers, and the one thread that builds them and reads requests."""

    def __init__(self, memory_budget: int | None = None) -> None:
        self.memory_budget = memory_budget
        self._solvers: OrderedDict[Key, SudokuSolver] = OrderedDict()
        self._building: dict[Key, asyncio.Future] = {}
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="satdoku-serve")

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, work, *args)

    async def solver(self, board: Board, rules: tuple[Rule, ...]) -> SudokuSolver:
        """The warm solver of ``board`` and ``rules`` (built now if needed)."""
        key = (board, rules)
        if key in self._solvers:
            self._solvers.move_to_end(key)
            return self._solvers[key]
        if key not in self._building:
            self._building[key] = asyncio.ensure_future(self.run(self._build, board, rules))
        try:
            solver = await asyncio.shield(self._building[key])
        finally:
            if self._building.get(key) is not None and self._building[key].done():
                del self._building[key]
        self._solvers[key] = solver
        while len(self._solvers) > KEEP:
            self._solvers.popitem(last=False)
        return solver

    def _build(self, board: Board, rules: tuple[Rule, ...]) -> SudokuSolver:
        require_budget(board, rules, DEFAULT_ENCODING, DEFAULT_AMO, self.memory_budget)
        return solver_for(board, rules).prepare()

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)

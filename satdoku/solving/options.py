"""The solver options every command takes, as one bundle: encoding, at-most-one encoding,
back-end, time limit and memory budget.

``time_limit`` means one thing everywhere: the wall time of a command's work on one puzzle,
building the CNF included (seconds; None: no limit). On the command line it counts from the
command's start for the first puzzle (reading the input included) and from its record for
the others (:mod:`satdoku.runtime.clock`).

>>> sorted(SolverOptions(backend="glucose4", time_limit=5).solver_args().items())[:2]
[('amo', <AMO.PAIRWISE: 'pairwise'>), ('backend', 'glucose4')]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from cnf import AMO
from cnf.session import DEFAULT_BACKEND
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, Encoding


@dataclass(frozen=True)
class SolverOptions:
    """How to build and solve a puzzle's CNF (picklable and hashable: a work unit's key)."""

    encoding: Encoding = DEFAULT_ENCODING
    amo: AMO = DEFAULT_AMO
    backend: str = DEFAULT_BACKEND
    time_limit: float | None = None
    memory_budget: int | None = None

    def solver_args(self) -> dict[str, Any]:
        """The keyword arguments of :func:`~satdoku.solving.solver.solver_for`."""
        args = asdict(self)
        del args["time_limit"]
        return args

"""cnf — a small, generic toolkit for building CNF formulas and solving them with PySAT.

It knows nothing of Sudoku. The pieces:

- :class:`Formula` — clauses over a variable pool (optionally named variables), DIMACS I/O.
- :mod:`cnf.cardinality` — at-most-one / exactly-one / at-most-k with a choice of encoding.
- :class:`Session` — one incremental solver: assumptions, budgets, cores, projected enumeration.

>>> from cnf import Formula, Session, exactly_one
>>> f = Formula()
>>> xs = [f.var(("x", i)) for i in range(3)]
>>> exactly_one(f, xs)
>>> with Session(f) as s:
...     len(list(s.enumerate(xs)))
3
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cnf.cardinality import AMO, at_least_one, at_most_k, at_most_one, exactly_one
    from cnf.dimacs import parse_dimacs, parse_model, write_dimacs
    from cnf.formula import Formula
    from cnf.session import Session, SolveResult

#: Where each name lives; a module is imported on the first use of one of its names (the
#: command line imports cnf's errors without paying for PySAT's solvers and encodings).
_MODULE_OF = {
    **dict.fromkeys(("AMO", "at_least_one", "at_most_k", "at_most_one", "exactly_one"),
                    "cnf.cardinality"),
    **dict.fromkeys(("parse_dimacs", "parse_model", "write_dimacs"), "cnf.dimacs"),
    "Formula": "cnf.formula",
    "Session": "cnf.session",
    "SolveResult": "cnf.session",
}


def __getattr__(name: str) -> object:
    if name not in _MODULE_OF:
        raise AttributeError(f"module 'cnf' has no attribute {name!r}")
    value = getattr(importlib.import_module(_MODULE_OF[name]), name)
    globals()[name] = value
    return value


__all__ = [
    "AMO",
    "Formula",
    "Session",
    "SolveResult",
    "at_least_one",
    "at_most_k",
    "at_most_one",
    "exactly_one",
    "parse_dimacs",
    "parse_model",
    "write_dimacs",
]

"""satdoku — Sudoku of any size and its variants as SAT.

>>> import satdoku
>>> p = satdoku.parse_puzzle("1.34 34.2 2.43 43.1")
>>> r = satdoku.check(p)
>>> r.status.value, satdoku.format_line(p.board, r.solutions[0])
('unique', '1234341221434321')
"""

import importlib

#: Where each name of the API lives; a module is imported on the first use of one of its names,
#: so ``import satdoku`` (and the command line, which imports the package first) stays cheap.
_API = {
    "satdoku.board": ("Board",),
    "satdoku.encoding": ("Encoding",),
    "satdoku.errors": ("BackendError", "ParseError", "RuleError", "SatdokuError"),
    "satdoku.formats": ("format_grid", "format_line", "parse_puzzle", "read_puzzles"),
    "satdoku.puzzle": ("Puzzle",),
    "satdoku.rules": ("parse_rules",),
    "satdoku.solving.solver": ("Count", "Result", "Status", "SudokuSolver", "check", "count",
                       "solutions", "solve"),
}
_MODULE_OF = {name: module for module, names in _API.items() for name in names}


def __getattr__(name: str) -> object:
    if name not in _MODULE_OF:
        raise AttributeError(f"module 'satdoku' has no attribute {name!r}")
    value = getattr(importlib.import_module(_MODULE_OF[name]), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_MODULE_OF])


__all__ = [
    "BackendError",
    "Board",
    "Count",
    "Encoding",
    "ParseError",
    "Puzzle",
    "Result",
    "RuleError",
    "SatdokuError",
    "Status",
    "SudokuSolver",
    "check",
    "count",
    "format_grid",
    "format_line",
    "parse_puzzle",
    "parse_rules",
    "read_puzzles",
    "solutions",
    "solve",
]

"""satdoku — Sudoku of any size and its variants as SAT.

>>> import satdoku
>>> p = satdoku.parse_puzzle("1.34 34.2 2.43 43.1")
>>> r = satdoku.check(p)
>>> r.status.value, satdoku.format_line(p.board, r.solutions[0])
('unique', '1234341221434321')
"""

from satdoku.board import Board
from satdoku.encoding import Encoding
from satdoku.errors import BackendError, ParseError, RuleError, SatdokuError
from satdoku.formats import format_grid, format_line, parse_puzzle, read_puzzles
from satdoku.puzzle import Puzzle
from satdoku.rules import parse_rules
from satdoku.solver import Count, Result, Status, SudokuSolver, check, count, solutions, solve

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

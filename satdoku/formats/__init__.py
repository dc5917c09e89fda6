"""Reading and writing puzzles (each format a parse/format pair in its own module)."""

from satdoku.formats.puzzle_json import (
    format_json,
    parse_json_puzzle,
    puzzle_to_json,
    read_json_puzzles,
)
from satdoku.formats.text import (
    Record,
    format_grid,
    format_line,
    parse_puzzle,
    read_puzzles,
)

__all__ = ["Record", "format_grid", "format_json", "format_line", "parse_json_puzzle",
           "parse_puzzle", "puzzle_to_json", "read_json_puzzles", "read_puzzles"]

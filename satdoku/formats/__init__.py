"""Reading and writing puzzles (each format a parse/format pair in its own module)."""

from satdoku.formats.text import (
    Record,
    format_grid,
    format_line,
    parse_puzzle,
    read_puzzles,
)

__all__ = ["Record", "format_grid", "format_line", "parse_puzzle", "read_puzzles"]

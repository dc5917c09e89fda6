"""Reading and writing puzzles (each format a parse/format pair in its own module).

The text format is imported with the package; JSON (and the variant rules it reads) only
when one of its names is first used.
"""

import importlib

from satdoku.formats.text import (
    Record,
    format_grid,
    format_line,
    parse_puzzle,
    read_puzzles,
)

_JSON = ("format_json", "parse_json_puzzle", "puzzle_to_json", "read_json_puzzles")


def __getattr__(name: str) -> object:
    if name in _JSON:
        return getattr(importlib.import_module("satdoku.formats.puzzle_json"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Record", "format_grid", "format_json", "format_line", "parse_json_puzzle",
           "parse_puzzle", "puzzle_to_json", "read_json_puzzles", "read_puzzles"]

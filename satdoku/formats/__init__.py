"""Reading and writing puzzles (each format a parse/format pair in its own module).

The text format is imported with the package; JSON (and the variant rules it reads) only
when one of its names is first used.
"""

from typing import TYPE_CHECKING

from satdoku.formats.records import Record
from satdoku.formats.text import (
    format_grid,
    format_line,
    parse_puzzle,
    read_puzzles,
)
from satdoku.lazy import module_face

if TYPE_CHECKING:
    from satdoku.formats.puzzle_json import (
        format_json,
        parse_json_puzzle,
        puzzle_to_json,
        read_json_puzzles,
    )

_JSON = {name: f"satdoku.formats.puzzle_json:{name}" for name in (
    "format_json", "parse_json_puzzle", "puzzle_to_json", "read_json_puzzles")}
__getattr__, __dir__ = module_face(__name__, _JSON)


__all__ = ["Record", "format_grid", "format_json", "format_line", "parse_json_puzzle",
           "parse_puzzle", "puzzle_to_json", "read_json_puzzles", "read_puzzles"]

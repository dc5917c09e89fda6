"""What reading an input gives, before any format's details: a :class:`Record` per puzzle
(or the error that stopped it), and the few constants every reader shares.

>>> Record(3, "1.34 34.2 2.43 43.1").line
3
"""

from __future__ import annotations

from dataclasses import dataclass

from satdoku.errors import SatdokuError
from satdoku.puzzle import Puzzle

#: How a multi-grid text writes a hole (a place no grid covers): :mod:`.multigrid`.
HOLE = "*"

#: ``--box``: "auto", None (no boxes), (r, c); or a multi-grid layout (``--layout``:
#: :class:`satdoku.formats.multigrid.LayoutSpec`), which reads the text as that layout's canvas.
BoxSpec = tuple[int, int] | None | str | object


@dataclass(frozen=True)
class Record:
    """One puzzle of a file, or the error that stopped it; ``line`` is where it starts."""

    line: int
    text: str
    puzzle: Puzzle | None = None
    error: SatdokuError | None = None
    #: Said with every result of the puzzle (e.g. constraints of another format left out).
    warnings: tuple[str, ...] = ()
    #: Title, author, comment: carried over when the puzzle is converted.
    meta: tuple[tuple[str, str], ...] = ()

    def where(self, message: str, name: str, many: bool) -> str:
        """The input (``name``) and line ``message`` is about, as a prefix of it, unless it
        already says so; none for a puzzle given as the argument.

        >>> Record(3, "").where("unverified", "a.txt", True), Record(1, "").where("x", "a", False)
        ('a.txt, line 3: ', 'a: ')
        """
        if message.startswith((name, "line ")):
            return ""
        if many:
            return f"{name}, line {self.line}: "
        return "" if name == "<argument>" else f"{name}: "

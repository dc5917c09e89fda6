"""Which options read a multi-grid board's text back (``--layout``, ``--box``): a line or grid
written for it is read as it is only when its holes say its layout.
"""

from __future__ import annotations

from satdoku.board import Board
from satdoku.errors import ParseError
from satdoku.formats.multigrid_write import format_canvas_line
from satdoku.formats.text import parse_puzzle
from satdoku.multigrid import MultiBoard, layout_name


def layout_option(board: MultiBoard) -> str | None:
    """The options that read a line or grid of ``board`` back: "" when its holes say its
    layout, ``--layout NAME`` (and ``--box``) when they do not (butterfly has none); None
    for an arrangement with no name (only JSON holds its grids).

    >>> layout_option(MultiBoard.layout("samurai")), layout_option(MultiBoard.layout("butterfly"))
    ('', '--layout butterfly')
    """
    name = layout_name(board)
    if name is None:
        return None
    try:
        if parse_puzzle(format_canvas_line(board, (0,) * board.num_cells)).board == board:
            return ""
    except ParseError:
        pass
    box = "" if board.box == Board.classic(board.n).box else \
        f" --box {board.box[0]}x{board.box[1]}"  # type: ignore[index]
    return f"--layout {name}{box}"

"""The board and givens of a multi-grid puzzle in JSON: ``layout`` or ``grids``.

``"layout": "samurai"`` names an arrangement of :data:`satdoku.multigrid.LAYOUTS`; any other
is ``"grids": ["r1c1", "r7c7", …]``, the top-left cell of each n×n grid on the canvas.
``size`` (n) and ``box`` apply to every grid; ``size`` may be left out when the givens show
it (else 9). ``givens`` is the canvas on one line (holes ``*``), a list of its rows, the
cells only (one character each, row by row), or rows of numbers (``null`` or 0 at a hole).

>>> from satdoku.formats.json_fields import puzzle_from_json
>>> p = puzzle_from_json({"grids": ["r1c1", "r3c3"], "givens": [
...     "12..**", "....**", "......", "......", "**....", "**...4"]})
>>> p.board.kind, p.board.num_cells, p.num_givens, multigrid_fields(p.board)
('twodoku', 28, 3, {'size': 4, 'box': '2x2', 'layout': 'twodoku'})
"""

from __future__ import annotations

from typing import Any

from satdoku.board import Board
from satdoku.errors import BoardError, ParseError
from satdoku.formats.multigrid import SIZES, LayoutSpec, read_canvas_line, read_canvas_rows
from satdoku.multigrid import LAYOUTS, MultiBoard, layout_name, parse_grids
from satdoku.rules.json_values import expect
from satdoku.rules.json_values import fail as _fail

#: The grid size when neither ``size`` nor the givens say it.
DEFAULT_SIZE = 9


def is_multigrid(obj: dict, box: object) -> bool:
    """Whether the object (or ``--layout``: ``box`` a :class:`LayoutSpec`) is a multi-grid one."""
    return "layout" in obj or "grids" in obj or isinstance(box, LayoutSpec)


def _boards(obj: dict, box: object, path: str) -> list[MultiBoard]:
    """The boards the object may be (several sizes when it gives none), largest last."""
    if "regions" in obj:
        raise _fail(f"{path}.regions", "a multi-grid board has boxes, not jigsaw regions")
    if "layout" in obj and "grids" in obj:
        raise _fail(f"{path}.grids", "give 'layout' or 'grids', not both")
    shape: Any = box.box if isinstance(box, LayoutSpec) else box
    if "box" in obj:
        try:
            shape = Board.box_spec(expect(obj["box"], str, f"{path}.box", 'a box like "3x3"'))
        except BoardError as err:
            raise _fail(f"{path}.box", str(err)) from None
    size = obj.get("size")
    sizes = (expect(size, int, f"{path}.size", "a number"),) if size is not None else SIZES
    if "layout" in obj:
        where = f"{path}.layout"
        name = expect(obj["layout"], str, where, "a layout name").strip().lower()
        if name not in LAYOUTS:
            raise _fail(where, f"unknown layout {name!r}: choose {', '.join(LAYOUTS)}, or "
                               "give 'grids'")
        make = lambda n: MultiBoard.layout(name, n, shape)  # noqa: E731
    elif "grids" in obj:
        where = f"{path}.grids"
        names = expect(obj["grids"], list, where, 'a list of top-left cells, e.g. ["r1c1"]')
        try:
            grids = parse_grids([expect(g, str, f"{where}[{k}]", "a cell name")
                                 for k, g in enumerate(names)])
        except BoardError as err:
            raise _fail(where, str(err)) from None
        make = lambda n: MultiBoard(n, Board.classic(n, shape).box, grids=grids)  # noqa: E731
    else:
        assert isinstance(box, LayoutSpec)
        where = "--layout"
        boards = box.boards()
        if size is not None:
            boards = [b for b in boards if b.n == size]
        if not boards:
            raise _fail(where, f"no {box.describe()} board of {size}x{size} grids")
        return boards
    boards, error = [], None
    for n in sizes:
        try:
            boards.append(make(n))
        except BoardError as err:
            error = error or err
    if not boards:
        raise _fail(where, str(error))
    return boards


def multigrid_board_and_givens(obj: dict, box: object, path: str
                               ) -> tuple[MultiBoard, tuple[int, ...]]:
    """The board and givens of a multi-grid puzzle object."""
    boards = _boards(obj, box, path)
    if "givens" not in obj:
        board = next((b for b in boards if b.n == DEFAULT_SIZE), boards[0])
        return board, (0,) * board.num_cells
    where, value = f"{path}.givens", obj["givens"]
    for board in boards:
        givens = _givens(board, value, where)
        if givens is not None:
            return board, givens
    shapes = "; ".join(f"{b.height} rows of {b.width} or {b.num_cells} cells for {b.n}x{b.n} "
                       "grids" for b in boards)
    raise _fail(where, f"these givens do not fill the {boards[0].kind} board ({shapes}; "
                       "holes written * or null)")


def _givens(board: MultiBoard, value: Any, where: str) -> tuple[int, ...] | None:
    """The givens on ``board``, None when they have another shape; a bad digit: an error."""
    spec = LayoutSpec(board=board)
    try:
        if isinstance(value, str):
            puzzle = read_canvas_line(value, 1, spec)
        elif all(isinstance(row, str) for row in expect(value, list, where, "rows")):
            puzzle = read_canvas_rows(list(enumerate(value, 1)), spec)
        else:
            return _number_rows(board, value, where)
    except ParseError as err:
        at = f" (row {err.line}, character {err.column})" if isinstance(value, list) else \
            f" (character {err.column})"
        raise _fail(where, err.message + at) from None
    return None if puzzle is None else puzzle.givens


def _number_rows(board: MultiBoard, rows: list, where: str) -> tuple[int, ...] | None:
    """Rows of numbers on the canvas: a whole row (``null`` or 0 at a hole) or its cells."""
    if len(rows) != board.height:
        return None
    givens = [0] * board.num_cells
    for r, row in enumerate(rows):
        row = expect(row, list, f"{where}[{r}]", "a row of numbers")
        cells = [c for c in range(board.width) if board.cell_at(r, c) is not None]
        if len(row) == board.width:
            row = [row[c] for c in cells]
        elif len(row) != len(cells):
            return None
        for c, d in zip(cells, row, strict=True):
            spot = f"{where}[{r}]"
            d = expect(d, int, spot, "numbers (0 blank, null at a hole)")
            if not 0 <= d <= board.n:
                raise _fail(spot, f"digit {d} is out of range for {board.n}x{board.n} grids")
            givens[board.cell_at(r, c)] = d  # type: ignore[index]
    return tuple(givens)


def multigrid_fields(board: MultiBoard) -> dict[str, Any]:
    """``size``, ``box`` and ``layout`` (or ``grids``) of a multi-grid board."""
    out: dict[str, Any] = {"size": board.n,
                           "box": f"{board.box[0]}x{board.box[1]}" if board.box else "none"}
    name = layout_name(board)
    if name:
        out["layout"] = name
    else:
        out["grids"] = board.grid_names()
    return out


def canvas_number_rows(board: MultiBoard, givens: tuple[int, ...]) -> list[list[int | None]]:
    """The givens as rows of numbers on the canvas, ``None`` at a hole (digits beyond 61)."""
    return [[None if (i := board.cell_at(r, c)) is None else givens[i]
             for c in range(board.width)] for r in range(board.height)]

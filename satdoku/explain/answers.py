"""The answers of ``explain`` and ``hint`` for one puzzle (handlers of a batch:
:mod:`satdoku.batch`).

>>> from satdoku.formats import parse_puzzle
>>> answer = explain_answers("hint", None)(parse_puzzle("1.34 34.2 2.43 43.1"),
...                                        OutputFormat.grid)
>>> answer.code, answer.data["steps"][0]["name"]
(<ExitCode.OK: 0>, 'full house')
"""

from __future__ import annotations

from collections.abc import Callable

from satdoku.batch.answers import Answer, Handler, OutputFormat
from satdoku.errors import ExitCode
from satdoku.explain.path import Explanation, explain, hint
from satdoku.explain.text import render_hint, render_path, to_json
from satdoku.puzzle import Puzzle, clash_message
from satdoku.solving.solver import Status


def _answer(e: Explanation, text: Callable[[Explanation], str],
            time_limit: float | None) -> Answer:
    """Exit code, text and data of one explanation."""
    board = e.puzzle.board
    if e.status is Status.UNIQUE:
        answer = Answer(ExitCode.OK, "unique", text(e), to_json(e))
        if not e.complete and (text is render_path or not e.steps):
            answer.code = ExitCode.TIME_LIMIT
            answer.message = f"time limit of {time_limit:g} s reached after {len(e.steps)} steps"
        return answer
    if e.status is Status.MULTIPLE:
        return Answer(ExitCode.MULTIPLE, "multiple", data=to_json(e),
                      message="not unique: the puzzle has several solutions, so no step can "
                              "be proved for every cell (satdoku check shows two)")
    if e.status is Status.INVALID:
        return Answer(ExitCode.BAD_INPUT, "invalid",
                      message=clash_message(board, e.puzzle.clashes()))
    if e.status is Status.NO_SOLUTION:
        return Answer(ExitCode.NO_SOLUTION, "no_solution", message="no solution")
    return Answer(ExitCode.TIME_LIMIT, "unknown",
                  message=f"time limit of {time_limit:g} s reached before the puzzle was checked")


#: What explain and hint make of a puzzle, and how they write it.
KINDS: dict[str, tuple[Callable[..., Explanation], Callable[[Explanation], str]]] = {
    "explain": (explain, render_path), "hint": (hint, render_hint)}


def explain_answers(kind: str, time_limit: float | None, optimal: float | None = None,
                    svg_dir: str | None = None) -> Handler:
    """explain's or hint's answer for one puzzle (``kind``: a key of :data:`KINDS`)."""
    make, text = KINDS[kind]

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        e = make(p, time_limit, optimal=optimal)
        if svg_dir is not None and e.steps:
            from satdoku.explain.pictures import write_step_pictures
            write_step_pictures(e, svg_dir)
        return _answer(e, text, time_limit)

    return handle

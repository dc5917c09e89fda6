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
from satdoku.errors import ExitCode, SatdokuError
from satdoku.explain.catalogue import EDITOR_FAMILIES
from satdoku.explain.path import Explanation, PathInterrupted, explain, hint
from satdoku.explain.text import render_hint, render_path, to_json
from satdoku.puzzle import Puzzle, clash_message
from satdoku.runtime.clock import began
from satdoku.solving.solver import Status


def _answer(e: Explanation, text: Callable[[Explanation], str],
            time_limit: float | None, path: bool = True,
            disabled: tuple[str, ...] = ()) -> Answer:
    """Exit code, text and data of one explanation (``path``: a whole path, not a hint;
    ``disabled``: the families switched off, named when they leave a unique puzzle stuck)."""
    board = e.puzzle.board
    if e.status in (Status.UNIQUE, Status.MULTIPLE):
        unique = e.status is Status.UNIQUE
        answer = Answer(ExitCode.OK if unique else ExitCode.MULTIPLE, e.status.value, text(e),
                        to_json(e))
        if e.interrupted:  # (the steps so far are written, then the batch stops)
            steps = f"{len(e.steps)} step" + ("" if len(e.steps) == 1 else "s")
            answer.code, answer.interrupted = ExitCode.TIME_LIMIT, True
            answer.message = f"interrupted after {steps}; the steps found so far were written"
        elif not e.complete and not e.stuck and (path or not e.steps):
            answer.code = ExitCode.TIME_LIMIT
            answer.message = f"time limit of {time_limit:g} s reached after {len(e.steps)} steps"
        elif unique and e.stuck:
            steps = f"{len(e.steps)} step" + ("" if len(e.steps) == 1 else "s")
            answer.code = ExitCode.STUCK
            left = f" left (--disable {','.join(disabled)})" if disabled else ""
            answer.message = (f"the techniques{left} stop after {steps}; the puzzle has "
                              f"one solution")
        elif not unique:
            steps = f"{len(e.steps)} step" + ("" if len(e.steps) == 1 else "s")
            answer.message = (f"not unique: the puzzle has several solutions; logic goes "
                              f"{steps}, each holding in every solution "
                              f"(satdoku check shows two)")
        return answer
    if e.status is Status.INVALID:
        return Answer(ExitCode.BAD_INPUT, "invalid",
                      message=clash_message(board, e.puzzle.clashes()))
    if e.status is Status.NO_SOLUTION:
        return Answer(ExitCode.NO_SOLUTION, "no_solution", message="no solution")
    return Answer(ExitCode.TIME_LIMIT, "unknown",
                  message=f"time limit of {time_limit:g} s reached before the puzzle was checked")


#: What explain and hint make of a puzzle, and how they write it (plain, taught).
KINDS: dict[str, tuple[Callable[..., Explanation], Callable[..., str]]] = {
    "explain": (explain, render_path), "hint": (hint, render_hint)}


def disabled_families(text: str) -> tuple[str, ...]:
    """``--disable`` text → the editor's families named (SatdokuError for an unknown one).

    >>> disabled_families("aic, wings")
    ('aic', 'wings')
    """
    disabled = tuple(x.strip() for x in text.split(",") if x.strip())
    unknown = [x for x in disabled if x not in EDITOR_FAMILIES]
    if unknown:
        raise SatdokuError(f"--disable: unknown family {unknown[0]!r} (known: "
                           f"{', '.join(EDITOR_FAMILIES)})")
    return disabled


def explain_answers(kind: str, time_limit: float | None, optimal: float | None = None,
                    svg_dir: str | None = None, teach: bool = False,
                    disabled: tuple[str, ...] = (), quiet: bool = True) -> Handler:
    """explain's or hint's answer for one puzzle (``kind``: a key of :data:`KINDS`;
    ``teach``: say why each step holds; ``disabled``: families of techniques not used;
    ``quiet``: no progress bar of the cells placed). Ctrl-C keeps the steps found so far:
    they are written, then the batch stops (exit 130)."""
    make, render = KINDS[kind]

    def text(e: Explanation) -> str:
        return render(e, teach)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        from satdoku.runtime.progress import Progress
        progress = Progress(None, "steps", quiet or kind != "explain")
        try:
            e = make(p, time_limit, optimal=optimal, disabled=disabled, start=began(),
                     **({"on_step": progress.update} if kind == "explain" else {}))
        except PathInterrupted as stop:
            return _answer(stop.explanation, text, time_limit, True, disabled)
        finally:
            progress.close()
        if svg_dir is not None and e.steps:
            from satdoku.explain.pictures import write_step_pictures
            write_step_pictures(e, svg_dir)
        return _answer(e, text, time_limit, kind == "explain", disabled)

    return handle

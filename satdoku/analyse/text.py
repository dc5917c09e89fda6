"""The analysis as readable text, and true candidates as a grid or a pencilmark line
(:func:`~satdoku.formats.pencilmarks.pencilmark_line`).

>>> from satdoku.formats import parse_puzzle
>>> p = parse_puzzle("12.. 34.. .... ....")
>>> from satdoku.analyse.report import analyse
>>> a = analyse(p)
>>> print(candidate_grid(p.board, p.givens, a.candidates))
   1    2 |   34   34
   3    4 |   12   12
----------+----------
  24   13 | 1234 1234
  24   13 | 1234 1234
>>> from satdoku.formats.pencilmarks import pencilmark_line
>>> pencilmark_line(p.board, p.givens, a.candidates)[:12]
'1....2....34'
"""

from __future__ import annotations

from satdoku.analyse.candidates import Candidates
from satdoku.analyse.report import Analysis
from satdoku.board import Board
from satdoku.formats import format_grid
from satdoku.rules import CATALOGUE, Grid
from satdoku.solving.solver import Status

_STATUS = {
    Status.INVALID: "invalid: the givens break a rule outright",
    Status.NO_SOLUTION: "no solution",
    Status.UNIQUE: "unique: exactly one solution (verified)",
    Status.MULTIPLE: "multiple solutions",
    Status.UNKNOWN: "unknown: the time limit ran out before the status was known",
}
#: The sections of a report, as named in its ``unknown`` list, in words.
_SECTION_WORDS = {"count": "the solution count", "conflict": "the conflict",
                  "candidates": "true candidates", "differences": "differences and fix",
                  "redundant": "redundant givens", "difficulty": "difficulty",
                  "grade": "grade"}


def _digits(board: Board, digits: tuple[int, ...]) -> str:
    if board.single_char:
        return "".join(board.symbol(d) for d in digits)
    return ",".join(map(str, digits))


def candidate_grid(board: Board, givens: Grid, candidates: Candidates) -> str:
    """Givens and the candidates of each blank cell, laid out like the board."""
    texts = [_digits(board, (d,)) if d else _digits(board, candidates[i]) or "-"
             for i, d in enumerate(givens)]
    if board.multigrid:  # laid out on the canvas, holes blank
        from satdoku.formats.multigrid_write import canvas_rows
        return "\n".join(canvas_rows(board, texts))  # type: ignore[arg-type]
    width = max(map(len, texts))
    n = board.n
    r, c = board.box if board.box else (n, n)
    rows = [" | ".join(" ".join(t.rjust(width) for t in texts[row * n + k: row * n + k + c])
                       for k in range(0, n, c)) for row in range(n)]
    rule = "".join("+" if ch == "|" else "-" for ch in rows[0])
    return _join(rows, rule, r)


def _join(rows: list[str], rule: str, box_rows: int) -> str:
    lines: list[str] = []
    for k, text in enumerate(rows):
        if k and k % box_rows == 0:
            lines.append(rule)
        lines.append(text)
    return "\n".join(lines)


def count_lines(board: Board, counts: dict[int, tuple[int, ...]], cap: int,
                total: int) -> str:
    """Solutions per candidate, one line per blank cell: ``r1c2  3:1  5:8+``.

    >>> print(count_lines(Board.classic(4), {1: (0, 0, 1, 2)}, 2, 2))
    solutions per candidate (counted up to 2; 2+ = 2 or more): at least 2 in all
    r1c2  3:1  4:2+
    """
    def count(k: int) -> str:
        return f"{k}+" if k >= cap else str(k)

    head = (f"solutions per candidate (counted up to {cap}; {cap}+ = {cap} or more): "
            + (f"at least {total} in all" if total >= cap else f"{total} in all"))
    width = max((len(board.cell_name(i)) for i in counts), default=0)
    lines = [head] + [f"{board.cell_name(i):<{width}}  " + "  ".join(
        f"{board.symbol(d) if board.single_char else d}:{count(k)}"
        for d, k in enumerate(row, 1) if k) for i, row in sorted(counts.items())]
    return "\n".join(lines)


def render(a: Analysis) -> str:
    """The analysis as a readable report, one section per paragraph.

    >>> from satdoku.analyse.report import analyse
    >>> from satdoku.formats import parse_puzzle
    >>> print(render(analyse(parse_puzzle("1... ..23 .... ...."))).splitlines()[0])
    status: no solution
    """
    board, name = a.puzzle.board, a.puzzle.board.cell_name
    sections = [f"status: {_STATUS[a.status]}"]
    if a.status is Status.INVALID:
        sections[0] += "\n" + "\n".join(f"clash: {v.describe(board)}"
                                        for v in a.puzzle.clashes())
    if a.conflict is not None:
        sections.append(_conflict(a))
    if a.status is Status.MULTIPLE:
        sections.append(_multiple(a))
    if a.redundant is not None:
        listed = ", ".join(name(i) for i in a.redundant)
        sections.append(_redundant(a, listed))
    symmetries = ", ".join(s.value for s in a.symmetries) or "none"
    sections.append(f"clue pattern: {_count(a.puzzle.num_givens, 'given')}; "
                    f"symmetries: {symmetries}")
    if a.difficulty is not None:
        sections.append(_difficulty(a))
    if a.grade is not None:
        from satdoku.explain.text import grade_text
        sections.append(grade_text(a.grade))
    if a.status is Status.UNIQUE:
        sections.append("solution:\n" + format_grid(board, a.solutions[0]))
    elif a.status is Status.UNKNOWN and a.solutions:
        sections.append("a solution (verified; uniqueness unknown):\n"
                        + format_grid(board, a.solutions[0]))
    if a.unknown:
        sections.append(f"unknown (time limit of {a.time_limit:g} s reached): "
                        + ", ".join(_SECTION_WORDS.get(k, k) for k in a.unknown))
    return "\n\n".join(sections)


def _count(k: int, noun: str) -> str:
    """``1 given``, ``2 givens``."""
    return f"{k:,} {noun}{'' if k == 1 else 's'}"


def _redundant(a: Analysis, listed: str) -> str:
    assert a.redundant is not None
    with_data = [r.name for r in a.puzzle.rules if r.name not in CATALOGUE]  # cages, …
    constraints = (f"; the {', '.join(with_data)} constraints are not tested, only givens"
                   if with_data else "")
    if a.redundant:
        return (f"redundant givens ({len(a.redundant)}; each alone can go, the puzzle "
                f"staying unique{constraints}): {listed}")
    if not a.puzzle.num_givens:
        return f"redundant givens: none (the puzzle has no givens{constraints})"
    return f"redundant givens: none (no given can go{constraints})"


def _conflict(a: Analysis) -> str:
    assert a.conflict is not None
    if not a.conflict:
        clash = a.rule_conflict
        if clash is None:
            return "conflict: the rules alone admit no solution on this board"
        which = "a minimal set" if clash.minimal else "not proven minimal"
        return ("conflict: the rules alone admit no solution on this board; these "
                f"{len(clash.labels)} constraints clash ({which}): {', '.join(clash.labels)}")
    names = ", ".join(g.name(a.puzzle.board) for g in a.conflict)
    if len(a.conflict) == 1:
        return f"conflict: this given alone admits no solution: {names}"
    return (f"conflict: these {len(a.conflict)} givens alone admit no solution; without any "
            f"one of them they would (a minimal set; other clashes may remain): {names}")


def _multiple(a: Analysis) -> str:
    board, name = a.puzzle.board, a.puzzle.board.cell_name
    differ = a.differences or ()
    count = f"{a.count}" if a.count_complete else f"at least {a.count}"
    lines = [f"solutions: {count}",
             f"two of them differ in {len(differ)} cells (marked *): "
             + ", ".join(name(i) for i in differ),
             "\n\n".join(format_grid(board, g, frozenset(differ)) for g in a.solutions)]
    fix = a.fix
    if fix is not None and fix.given is not None:
        lines.append(f"fix: the extra given {fix.given.name(board)} makes it unique")
    elif fix is not None:
        lines.append("fix: no single extra given makes it unique" if fix.exhaustive else
                     "fix: none found among the extra givens tried (the search was partial)")
    if a.candidates is not None and a.backbone is not None:
        lines += [f"backbone: {len(a.backbone)} of {len(a.candidates)} blank cells hold the "
                  "same digit in every solution (single digits below)",
                  "true candidates:\n" + candidate_grid(board, a.puzzle.givens, a.candidates)]
    return "\n".join(lines)


def _difficulty(a: Analysis) -> str:
    d = a.difficulty
    assert d is not None
    if d.level is None:
        why = "the probing budget ran out" if d.exhausted else "deeper probing is needed"
        level = f"level ≥ {d.at_least} ({why})"
    else:
        rounds = f"{d.rounds} round{'' if d.rounds == 1 else 's'}"
        level = f"level {d.level} (" + (
            "singles: unit propagation alone fills the grid" if d.level == 0 else
            f"failed-literal probing nested {d.level} deep, {rounds}" if d.level > 1 else
            f"failed-literal probing, {rounds}") + ")"
    stats = ", ".join(f"{v:,} {k}" for k, v in (a.stats or {}).items())
    return (f"difficulty: {level}; {_count(d.probes, 'unit propagation call')}\n"
            f"solver statistics (one solve, fresh solver): {stats}")

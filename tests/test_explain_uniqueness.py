"""Uniqueness steps (unique rectangles of types 1 to 4, BUG+1): found where the textbook
finds them, checked from their definitions (not through the CNF), proved by the solver with
their premise, and never offered where they would be unsound: a puzzle that is not unique,
a rectangle that a variant constraint touches, or the family switched off."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest
from test_explain_soundness import check_uniqueness_step

from conftest import run_cli
from satdoku import Puzzle, parse_puzzle
from satdoku.explain import explain, hint, implies, non_redundant
from satdoku.explain.candidates import Candidates
from satdoku.explain.catalogue import family_of
from satdoku.explain.steps import cell_digit, deadly_pairs, literal_name, premise
from satdoku.explain.text import step_json, step_line
from satdoku.explain.uniqueness import unique_rectangles
from satdoku.formats.pencilmarks import pencilmark_line
from satdoku.rules import Cage, KillerCages
from satdoku.solving.solver import Status

#: Puzzles (Sudoku Exchange, SE-rated; top1465) and the step of each kind: its number on
#: the path, the pattern's cells and digits, what it concludes.
CASES = {
    "unique rectangle type 1": (
        "000000000001050200004803100002000500700000003500070006028000690600102008090706010",
        31, ("r1c4", "r1c9", "r2c4", "r2c9"), (4, 9), ("r1c4≠4", "r1c4≠9")),
    "unique rectangle type 2": (
        "896.4..........7.2...9...6..18..9.246..3...8..3..1.......4..2..3....6.....5.3..1.",
        13, ("r1c4", "r1c6", "r9c4", "r9c6"), (2, 7),
        ("r7c5≠8", "r8c5≠8", "r9c2≠8", "r9c7≠8")),
    "unique rectangle type 3": (
        "83.....5....9.1...5....72...8.4...97...5....4....1.6....8......67...2.4.3....5.1.",
        25, ("r3c4", "r3c5", "r8c4", "r8c5"), (3, 8), ("r8c7≠9",)),
    "unique rectangle type 4": (
        "050040030307050904408000605001905400900302006000000000000010000105000708080000090",
        18, ("r7c2", "r7c8", "r8c2", "r8c8"), (4, 6), ("r7c2≠6", "r8c2≠6")),
    "BUG+1": (
        ".32....6....6.9...9..2...437...849....4.....6.5..1.....9.8......2...37..5......9.",
        54, None, None, ("r6c8=7",)),
}
TYPE1 = CASES["unique rectangle type 1"][0]


@cache
def path(text: str):
    return explain(parse_puzzle(text))


def pattern_names(e, step) -> tuple[tuple[str, ...], set[tuple[int, ...]]]:
    """The pattern's cells by name, and the pairs they hold."""
    pairs = deadly_pairs(e.puzzle.board.n, step.deadly)
    return (tuple(e.puzzle.board.cell_name(i) for i in pairs), set(pairs.values()))


@pytest.mark.parametrize("name", sorted(CASES))
def test_uniqueness_step_where_the_textbook_has_it(name):
    text, number, cells, digits, derived = CASES[name]
    e = path(text)
    assert e.complete and e.status is Status.UNIQUE
    step = e.steps[number - 1]
    board = e.puzzle.board
    assert step.name == name and step.method == "technique"
    assert tuple(literal_name(board, x) for x in step.derived) == derived
    assert step.weight == (5.6 if name == "BUG+1" else 4.5)
    assert family_of(step.name) == "contradictions"
    where, pairs = pattern_names(e, step)
    if cells is not None:
        assert where == cells and pairs == {digits}
    else:  # BUG+1: every open cell, two candidates each
        assert len(where) == 24 and all(len(p) == 2 for p in pairs)
    check_uniqueness_step(e, number - 1)  # from the definitions, not through the CNF
    # proved by the solver with the premise, minimal; not without it
    cited = [e.groups.groups[k] for k in step.groups]
    clause = [premise(board.n, step.deadly)]
    assert implies(cited, step.facts, step.derived, clause)
    assert non_redundant(cited, step.facts, step.derived, clause)
    assert not implies(cited, step.facts, step.derived)
    # the teach text names the digits and cells, and says what it rests on
    for cell in where if cells is not None else ():
        assert cell in step.teach
    for x in step.derived:
        assert literal_name(board, x) in step.teach
    assert "deadly pattern" in step.teach and "it has one" in step.teach
    line = step_line(e.groups, step, number, teach=True)
    assert "uniqueness: " in line and step.teach in line
    data = step_json(e.groups, step)
    assert data["name"] == name and data["family"] == "contradictions"
    assert [u["cell"] for u in data["uniqueness"]] == list(where)


def test_the_checker_refuses_a_wrong_uniqueness_step():
    e = path(TYPE1)
    k = CASES["unique rectangle type 1"][1] - 1
    step = e.steps[k]
    check_uniqueness_step(e, k)  # the step itself passes
    half = replace(step, derived=step.derived[:1])  # r1c4≠4 only: type 1 takes 9 as well
    wrong = replace(e, steps=(*e.steps[:k], half, *e.steps[k + 1:]))
    with pytest.raises(AssertionError):
        check_uniqueness_step(wrong, k)
    renamed = replace(e, steps=(*e.steps[:k], replace(step, name="unique rectangle type 4"),
                                *e.steps[k + 1:]))
    with pytest.raises(AssertionError):
        check_uniqueness_step(renamed, k)


def candidates(p: Puzzle, cell: int) -> set[int]:
    """The candidates of an open cell of a pencil-marked puzzle (its digit when placed)."""
    if p.givens[cell]:
        return {p.givens[cell]}
    return {d for d in range(1, p.board.n + 1) if (cell, d) not in p.eliminated}


def _position_before(name: str) -> tuple[Puzzle, tuple]:
    """The pencil-marked puzzle just before the step of ``name``, and that step."""
    text, number, *_ = CASES[name]
    e = path(text)
    return e.position(number - 1), e.steps[number - 1]


def _second_solution(position: Puzzle, solution: tuple[int, ...], avoid: set[int]
                     ) -> Puzzle:
    """``position`` with a deadly rectangle of the solution opened again (four placed cells
    in two rows, columns and boxes holding a, b / b, a, outside ``avoid``): their digits
    can swap, so the puzzle has two solutions."""
    board, n = position.board, position.board.n
    placed = [i for i, d in enumerate(position.givens) if d and i not in avoid]
    for p in placed:
        for q in placed:
            r, s = p // n * n + q % n, q // n * n + p % n
            box = {board.box_of[i] for i in (p, q, r, s)}
            if (p // n < q // n and p % n < q % n and len(box) == 2 and r in placed
                    and s in placed and solution[p] == solution[q]
                    and solution[r] == solution[s] != solution[p]):
                givens = list(position.givens)
                for i in (p, q, r, s):
                    givens[i] = 0
                a, b = solution[p], solution[r]
                out = {(i, d) for i in (p, q, r, s) for d in range(1, n + 1)
                       if d not in (a, b)}
                return Puzzle(board, tuple(givens), position.rules,
                              position.eliminated | out)
    raise AssertionError("no deadly rectangle among the placed cells")


def test_a_puzzle_that_is_not_unique_gets_no_uniqueness_step():
    position, step = _position_before("unique rectangle type 1")
    first = hint(position)
    assert first.steps[0].name == "unique rectangle type 1"  # the unique position: taken
    e = path(TYPE1)
    cells = set(deadly_pairs(9, step.deadly))
    twice = _second_solution(position, e.solution, cells)
    other = hint(twice)
    assert other.status is Status.MULTIPLE
    assert other.steps and not other.steps[0].deadly
    assert other.steps[0].name != "unique rectangle type 1"
    # the same rectangle is still in the pencil marks: only the count keeps it out
    for i in cells:
        assert candidates(position, i) == candidates(twice, i)
    run = run_cli("explain", TYPE1, "--json")
    assert run.code == 0 and any("uniqueness" in s for s in json.loads(run.out)["steps"])


def test_a_rectangle_touched_by_a_variant_constraint_gets_no_uniqueness_step():
    position, step = _position_before("unique rectangle type 1")
    e = path(TYPE1)
    board = position.board
    cells = frozenset(deadly_pairs(board.n, step.deadly))
    beside = (board.parse_cell("r1c8"), board.parse_cell("r1c9"))  # r1c9: a floor cell
    far = (board.parse_cell("r9c8"), board.parse_cell("r9c9"))
    for touch, expect in ((beside, False), (far, True)):
        cage = KillerCages((Cage(touch, sum(e.solution[i] for i in touch)),))
        caged = Puzzle(board, position.givens, (*position.rules, cage), position.eliminated)
        got = hint(caged)
        assert got.status is Status.UNIQUE and got.steps
        assert bool(got.steps[0].deadly) is expect, got.steps[0]
        # the finder itself refuses the rectangle that the cage reads
        seen = {frozenset(deadly_pairs(board.n, f.deadly))
                for f in unique_rectangles(Candidates(got.groups, got.start))}
        assert (cells in seen) is expect


def test_disabled_contradictions_keep_uniqueness_steps_out():
    text = CASES["unique rectangle type 4"][0]
    assert any(s.deadly for s in path(text).steps)
    e = explain(parse_puzzle(text), disabled=("contradictions",))
    assert not any(s.deadly for s in e.steps)
    assert all(family_of(s.name) != "contradictions" for s in e.steps)
    run = run_cli("explain", text, "--disable", "contradictions", "--json")
    assert not any("uniqueness" in s for s in json.loads(run.out)["steps"])


def test_hint_says_what_a_uniqueness_step_rests_on():
    position, _ = _position_before("unique rectangle type 4")
    marks = {i: candidates(position, i) for i in position.board.cells}
    run = run_cli("hint", pencilmark_line(position.board, position.givens, marks), "--teach")
    assert run.code == 0, run.err
    assert run.out.startswith("unique rectangle type 4: r7c2≠6, r8c2≠6")
    assert "uniqueness: rests on the puzzle having one solution (deadly pattern: r7c2, " \
           "r7c8, r8c2, r8c8 {4,6})" in run.out


def test_bug_plus_one_applies_the_consequences_of_its_placement():
    """BUG+1 places its digit and applies its consequences like any placement."""
    text, number, *_ = CASES["BUG+1"]
    step = path(text).steps[number - 1]
    board = path(text).puzzle.board
    cell, d = cell_digit(board, step.derived[0])
    assert step.name == "BUG+1" and step.placements and step.consequences
    assert all(cell_digit(board, x)[1] == d or cell_digit(board, x)[0] == cell
               for x in step.consequences)


def test_optimal_leaves_a_uniqueness_step_as_it_is():
    """--optimal minimises steps without a premise: a uniqueness step is kept, unmarked
    (the optimum search would look for its conclusion in the groups alone)."""
    position, step = _position_before("unique rectangle type 4")
    got = hint(position, optimal=5).steps[0]
    assert got.deadly == step.deadly and got.derived == step.derived
    assert got.optimal is None

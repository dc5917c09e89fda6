"""Explanations, continued: step pictures, the optimal step, innies/outies and other names,
generating puzzles of a chosen grade."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from test_explain import EASY, PUZZLE_17, example, lines

from cnf import Session
from conftest import DATA, ROOT, run_cli
from satdoku import Board, Puzzle, check, parse_puzzle
from satdoku.explain import constraint_groups, explain, hint, implies, non_redundant
from satdoku.explain.names import RULE_PHRASES, name_step
from satdoku.explain.pictures import step_svg
from satdoku.explain.steps import Step, cell_digit, minimal_subset
from satdoku.explain.text import render_hint
from satdoku.generating.by_grade import Difficulty, GradePick
from satdoku.generating.many import generate_many
from satdoku.rules import Cage, KillerCages, cell_var

SVG = "{http://www.w3.org/2000/svg}"


@cache
def path_of(text: str):
    return explain(parse_puzzle(text))


def sound_and_minimal(e, step: Step) -> bool:
    cited = [e.groups.groups[k] for k in step.groups]
    return implies(cited, step.facts, step.derived) and non_redundant(cited, step.facts,
                                                                      step.derived)


# -- pictures ------------------------------------------------------------------------------------
def _picture(e, k: int):
    """Step ``k``'s picture: its elements by class, and the cell under an element."""
    root = ET.fromstring(step_svg(e, k))
    marks: dict[str, list[ET.Element]] = {}
    for el in root.iter():
        marks.setdefault(el.get("class", ""), []).append(el)
    frame = marks["frame"][0]
    n = e.puzzle.board.n
    side = float(frame.get("width")) / n

    def cell_at(el: ET.Element) -> int:  # by its centre (a line's: its middle)
        def at(a: str) -> float:
            if el.get(f"{a}1") is not None:
                return (float(el.get(f"{a}1")) + float(el.get(f"{a}2"))) / 2
            extent = el.get("width" if a == "x" else "height")
            return float(el.get(a, el.get(f"c{a}", 0))) + float(extent or 0) / 2
        x, y = at("x"), at("y")
        return (int((y - float(frame.get("y"))) // side) * n
                + int((x - float(frame.get("x"))) // side))

    return marks, cell_at


def _placed(e, k: int) -> set[int]:
    """The cells holding a digit after ``k`` steps."""
    return {cell_digit(e.puzzle.board, x)[0] for x in e.known_after(k) if x > 0}


def test_picture_of_a_placement():
    e = path_of(EASY)
    step = e.steps[0]  # hidden single r8c1=3 from box 7 and eight eliminations
    marks, cell_at = _picture(e, 1)
    assert [t.text for t in marks[""] if t.tag == f"{SVG}title"] == ["1. hidden single"]
    box = e.groups.groups[step.groups[0]]
    assert sorted(cell_at(r) for r in marks["group-box"]) == sorted(box.cells)
    placed, digit = cell_digit(e.puzzle.board, step.derived[0])
    assert [cell_at(r) for r in marks["derived-cell"]] == [placed]
    assert [t.text for t in marks["derived"]] == [str(digit)]
    struck = sorted(cell_at(s) for s in marks["struck"])  # facts drawn in open cells
    assert struck == sorted(i for i in (cell_digit(e.puzzle.board, f)[0] for f in step.facts)
                            if i not in _placed(e, 0)) and len(struck) >= 4
    assert "r8c1=3" in "".join(t.text for t in marks["caption"])


def test_picture_of_eliminations():
    e = path_of(PUZZLE_17)
    k, step = next((k, s) for k, s in enumerate(e.steps, 1) if len(s.groups) == 2)
    marks, cell_at = _picture(e, k)
    red = [s for s in marks["struck"] if s.get("stroke") == "#d62828"]
    assert sorted(cell_at(s) for s in red) == sorted(
        cell_digit(e.puzzle.board, x)[0] for x in step.eliminations)
    assert len(marks["struck"]) == len(step.derived) + sum(
        1 for f in step.facts if f < 0 and cell_digit(e.puzzle.board, f)[0] not in
        _placed(e, k - 1))
    assert "derived-cell" not in marks
    shaded = {cell_at(r) for c, rs in marks.items() if c.startswith("group-") for r in rs}
    assert shaded == {i for g in step.groups for i in e.groups.groups[g].cells}


def test_svg_dir(tmp_path):
    steps = tmp_path / "new" / "steps"
    run = run_cli("explain", "1.34 34.2 2.43 43.1", "--svg-dir", str(steps))
    assert run.code == 0, run.err
    files = sorted(p.name for p in steps.iterdir())
    assert files == [f"step-00{k}.svg" for k in range(1, 5)]  # and no temporary file left
    assert all(ET.parse(steps / f).getroot().tag == f"{SVG}svg" for f in files)
    (steps / "step-001.svg").write_text("old")
    assert run_cli("explain", "1.34 34.2 2.43 43.1", "--svg-dir", str(steps)).code == 0
    assert (steps / "step-001.svg").read_text().startswith("<?xml")
    run = run_cli("explain", "1.34 34.2 2.43 43.1", "--svg-dir", str(steps / "step-001.svg"))
    assert run.code == 2 and "is a file, not a folder" in run.err
    assert len(run.err.strip().splitlines()) == 1
    run = run_cli("explain", str(ROOT / "examples" / "puzzles.txt"), "--svg-dir", str(steps))
    assert run.code == 2 and "one puzzle" in run.err and len(run.err.splitlines()) == 1


# -- the optimal step ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "least"), [
    (PUZZLE_17, 2), *((t, 2) for t in lines(DATA / "17clue-300.txt", 6)[1:]),
    # a step of five groups, past FEW: OptUx in a child (PUZZLE_17's first took 16-30 s)
    (lines(DATA / "17clue-300.txt", 4)[3], 5)])
def test_optimal_step_is_no_dearer_and_proved(text, least):
    """At the first step citing ``least`` groups or more (else the first): the optimal
    step cites no more groups than the path's (which weighs the human scale first)."""
    e = path_of(text)
    k = next((j for j, s in enumerate(e.steps) if len(s.groups) >= least), 0)
    h = hint(e.position(k), optimal=60)
    step, greedy = h.steps[0], e.steps[k]
    assert step.optimal is True and step.cost <= greedy.cost
    assert sound_and_minimal(h, step)
    solution = check(e.puzzle).solutions[0]
    assert all((solution[cell_digit(h.puzzle.board, x)[0]] ==
                cell_digit(h.puzzle.board, x)[1]) == (x > 0) for x in step.derived)


def test_optimal_step_under_a_time_limit():
    e = path_of(PUZZLE_17)
    k = next(j for j, s in enumerate(e.steps) if len(s.groups) >= 8)
    start = time.perf_counter()
    h = hint(e.position(k), optimal=0.3)
    assert time.perf_counter() - start < 3
    step = h.steps[0]
    assert step.optimal is False and step.cost <= e.steps[k].cost
    assert sound_and_minimal(h, step)
    assert "optimal: not proven" in render_hint(h)


def test_cli_optimal():
    run = run_cli("hint", EASY, "--optimal", "5", "--json")
    step = json.loads(run.out)["steps"][0]
    assert run.code == 0 and step["optimal"] is True and step["cost"]["constraints"] == 1
    run = run_cli("hint", EASY, "--optimal", "0")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1


# -- names ---------------------------------------------------------------------------------------
B4 = Board.classic(4)


def _killer_step(cages: list[tuple[tuple[int, ...], int]], lit: int, labels: set[str],
                 board: Board = B4) -> tuple[str, bool]:
    """The name of the minimal subset, among the houses named and every cage and cell, that
    implies ``lit`` on an empty board with these cages; and whether it is sound and minimal."""
    g = constraint_groups(board, (KillerCages(tuple(Cage(c, t) for c, t in cages)),))
    pool = [x for x in g.groups if x.label in labels or x.kind in ("killer", "cell")]
    with Session(g.formula, "minisat22") as s:
        found = minimal_subset(s, pool, [], [lit])
    assert found is not None
    groups, facts = found
    step = Step((lit,), tuple(x.index for x in groups), tuple(facts), "deduction")
    ok = implies(groups, facts, [lit]) and non_redundant(groups, facts, [lit])
    return name_step(g, step, (0,) * board.n ** 2), ok


def test_innies_and_outies():
    # innie: row 1 adds up to 10, the cage r1c1-r1c3 to 6, so r1c4 = 4
    assert _killer_step([((0, 1, 2), 6)], cell_var(B4, 3, 4), {"row 1"}) == \
        ("innies/outies", True)
    # outie: cages r1c1+r1c2+r2c1 = 6 and r1c3+r1c4 = 7 cover row 1 (10), so r2c1 = 3
    assert _killer_step([((0, 1, 4), 6), ((2, 3), 7)], cell_var(B4, 4, 3), {"row 1"}) == \
        ("innies/outies", True)


def test_cage_locked_in_a_box_is_no_innie():
    b9 = Board.classic(9)
    name, ok = _killer_step([((0, 1), 3)], -cell_var(b9, 2, 1), {"box 1"}, b9)
    assert ok and name == "cage combinations + box"  # 1 and 2 sit in the cage: not in r1c3


@pytest.mark.parametrize(("name", "phrases"), [
    ("thermo", {"thermometer bounds"}), ("kropki", {"white dot", "black dot"}),
    ("arrows", {"arrow sum"}), ("little-killer", {"little killer sum"}),
    ("sandwich", {"sandwich sum"})])
def test_variant_names_occur(name, phrases):
    e = explain(example(name, every=3))
    assert e.complete and phrases <= {s.name for s in e.steps}
    assert phrases <= set(RULE_PHRASES.values())


# -- generate --difficulty -------------------------------------------------------------------
def test_grade_pick_keeps_the_grade():
    tried = []
    pick = GradePick(Difficulty.expert, 2, on_try=tried.append)
    kept = list(pick.filter(generate_many(Board.classic(9), seed=1, count=60)))
    assert len(kept) == 2 and pick.reached and tried == list(range(1, pick.tried + 1))
    assert sum(pick.seen.values()) == pick.tried and pick.seen["expert"] == 2
    assert pick.tried > 2  # some other grade came first, and was dropped
    for made in kept:
        assert explain(made.puzzle).grade.label == "expert"


def test_cli_difficulty():
    run = run_cli("generate", "--difficulty", "medium", "--seed", "3", "-f", "line")
    assert run.code == 0, run.err
    puzzle = parse_puzzle(run.out.strip())
    assert check(puzzle).status.value == "unique"
    assert explain(puzzle).grade.label == "medium"
    assert "1 puzzle graded medium in" in run.err
    run = run_cli("generate", "--box", "2x2", "--difficulty", "extreme", "--attempts", "5",
                  "--seed", "1")
    assert run.code == 4 and run.out == ""
    assert run.err.strip().splitlines() == [
        "satdoku: no puzzle graded extreme in 5 attempts (grades seen: easy 5); raise "
        "--attempts or choose another --difficulty"]


def test_position_holds_what_the_path_knew():
    e = path_of(EASY)
    p = e.position(10)
    assert isinstance(p, Puzzle) and check(p).solutions == (e.solution,)
    assert set(p.assumptions()) <= e.known_after(10)


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.json")),
                         ids=lambda p: p.stem)
def test_teach_arithmetic_reads_every_constraint_of_every_example(path):
    """The teach text's arithmetic (cage combinations, thermometer bounds, arrow sums) takes
    each constraint group of every example without failing — a multisum cage has sums, not
    a total, and once stopped `explain --teach` with a traceback."""
    from satdoku.explain.trace import variant_arithmetic
    from satdoku.formats import parse_json_puzzle
    puzzle = parse_json_puzzle(path.read_text())
    groups = constraint_groups(puzzle.board, puzzle.rules)
    step = Step((), (), (), "deduction", "")
    texts = [variant_arithmetic(groups, g, step, puzzle.givens) for g in groups.groups]
    assert all(isinstance(t, str) for t in texts)
    if path.stem in ("killer", "multisum"):
        assert any("different digits adding to" in t for t in texts)


def test_both_diagonals_are_houses_and_their_givens_act_at_once():
    """X-Sudoku's diagonals are houses whatever order the rule lists their cells in (the
    anti-diagonal runs from r9c1 up): the finders use them, and a given's consequences
    along them come with the givens, not as a later 'diagonal' step."""
    from satdoku.explain.candidates import houses

    p = example("x-sudoku")
    groups = constraint_groups(p.board, p.rules)
    diagonals = [g for g in groups.groups if g.kind == "diagonal"]
    assert len(diagonals) == 2
    assert {g.index for g in diagonals} <= {h.group for h in houses(groups)}
    e = explain(p, max_steps=5)
    board = p.board
    anti = [i for i in board.cells if i // 9 + i % 9 == 8]
    for i in anti:  # every given on the anti-diagonal leaves its other cells at the start
        if p.givens[i]:
            gone = {x for x in e.start if x < 0}
            assert all(-(j * 9 + p.givens[i]) in gone for j in anti if not p.givens[j])
    assert all(s.name != "diagonal" for s in e.steps)

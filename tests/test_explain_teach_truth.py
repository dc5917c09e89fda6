"""The teach texts of one-constraint variant steps are true and account for the step.

Every thermometer, arrow, whisper, cage and renban step of the example paths that teaches with
arithmetic is read back (:mod:`teach_reader`): what it says each cell keeps must lie within
the digits the cited facts leave, hold every digit some filling of the rule (written in
the reader, by brute force) puts there, and rule out every elimination the step derives.
Before, "thermometer bounds" gave min/max ranges that ignored the holes the facts leave
(thermo.json step 6: "r2c4 2–8" where the facts leave 2,3) and "arrow sum" the line's
trivial range ("between 2 and 18"). Then the phrases of the trial report: a placed digit
said as placed (not "7–7"), "(digits may repeat)" never said of cells in one house, one
short sentence for a trial step, a pair rule's placed cell named, no "N more".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from teach_reader import checked_steps

from satdoku import Board
from satdoku.explain import constraint_groups, explain
from satdoku.explain.clue_text import _misses
from satdoku.explain.sandwich_text import sets_text
from satdoku.explain.steps import TRIAL, Step
from satdoku.explain.trace import generic_teach, step_teach
from satdoku.formats import parse_json_puzzle
from satdoku.rules import cell_var, parse_rules

ROOT = Path(__file__).resolve().parent.parent
#: Whole paths of these examples (steps: all), else their first steps: arrows 60 of 212
#: (the whole path, 7 s, in a slow test), whispers 80 of 276, set-lines 45 of 179 (its
#: renban steps are 7–43).
PATHS = {"thermo": None, "arrows": 60, "killer": None, "whispers": 80, "set-lines": 45}


@pytest.fixture(scope="module")
def paths():
    out = {}
    for name, steps in PATHS.items():
        p = parse_json_puzzle((ROOT / "examples" / f"{name}.json").read_text())
        out[name] = explain(p, max_steps=steps) if steps else explain(p)
    return out


@pytest.mark.parametrize("name", list(PATHS))
def test_every_stated_keep_is_true_and_accounts_for_the_step(paths, name):
    checked = checked_steps(paths[name])
    assert checked, name
    wrong = [(k, p) for k, p in checked if p]
    assert not wrong, f"{name}: {wrong[:3]}"


@pytest.mark.slow
def test_every_arrow_step_of_the_whole_path():
    e = explain(parse_json_puzzle((ROOT / "examples" / "arrows.json").read_text()))
    checked = checked_steps(e)
    assert len(checked) == 29 and not [(k, p) for k, p in checked if p]


def test_the_trial_report_steps_now_say_the_holes(paths):
    """thermo.json steps 6 and 53, arrows.json step 50 (the trial report's B1, B5)."""
    thermo_, arrows = paths["thermo"].steps, paths["arrows"].steps
    assert "the facts leave r2c4 1–3,9" in thermo_[5].teach
    assert "r3c3 keeps 1,2, r2c4 keeps 2,3" in thermo_[5].teach
    assert "r7c2 is 5, r7c3 is 6" in thermo_[52].teach
    assert "lies between" not in arrows[49].teach
    assert "r9c2 keeps" in arrows[49].teach and "r8c3 keeps" in arrows[49].teach


def test_a_single_kept_digit_is_said_as_placed(paths):
    """T1: "r1c3 is 7", never "r1c3 7–7"."""
    for e in paths.values():
        for step in e.steps:
            assert not re.search(r"\b(\d+)–\1\b", step.teach), step.teach
    assert "r1c3 is 7, r2c2 is 8, r3c2 is 9" in paths["thermo"].steps[0].teach


def test_digits_may_repeat_is_never_said_of_cells_in_one_house():
    """T2: the double arrow r2c9-r1c8-r1c9 lies in box 3; the little killer r1c6 ↘ has
    r2c7 and r3c8 in box 3."""
    for name, steps in (("double-arrows", 3), ("little-killer", 1)):
        e = explain(parse_json_puzzle((ROOT / "examples" / f"{name}.json").read_text()),
                    max_steps=steps)
        board = e.puzzle.board
        for step in e.steps:
            for said in re.findall(r"((?:r\d+c\d+[+, ]+)+(?:r\d+c\d+)?[^(;]*)\(digits may "
                                   r"repeat\)", step.teach):
                cells = {board.parse_cell(c) for c in re.findall(r"r\d+c\d+", said)}
                assert all(len(set(u) & cells) < 2 for u in board.units), step.teach
        assert "(digits may repeat)" not in e.steps[0].teach


def test_a_trial_step_says_one_short_sentence(paths):
    """T4: the count of constraints and facts, not every label again."""
    e = paths["thermo"]
    step = Step(derived=(-1,), groups=tuple(range(37)), facts=tuple(range(2, 30)),
                method=TRIAL, name="trial and error")
    text = generic_teach(e.groups, step, step.name, step.facts)
    assert text == ("No single chain shows it: assuming r1c1=1, the solver needs search over "
                    "37 constraints and 28 facts to reach a contradiction; so r1c1≠1.")


@pytest.mark.parametrize(("rule", "pair", "placed", "struck", "said"), [
    ("anti-knight", ("r1c7", "r3c6"), 4, (4,),
     "r1c7 and r3c6 are a knight's move apart; r3c6 is 4, so r1c7 cannot hold the same "
     "digit: r1c7≠4."),
    ("nonconsecutive", ("r1c1", "r1c2"), 5, (4, 6),
     "r1c1 and r1c2 are orthogonally adjacent; r1c2 is 5, so r1c1 cannot hold a digit "
     "consecutive to 5: r1c1≠4, r1c1≠6."),
    ("anti-king", ("r1c1", "r2c2"), 3, (3, 4),  # r1c1≠4 is no anti-king reason: generic
     "anti-king r1c1, r2c2 alone, with the digits left in its cells, allows no other way: "
     "r1c1≠3, r1c1≠4."),
], ids=["anti-knight", "nonconsecutive", "anti-king, not explained"])
def test_a_pair_rule_names_the_placed_cell(rule, pair, placed, struck, said):
    """T6: a pair rule's step whose other cell the facts place names it, from the rule's own
    move and relation ("r3c6 is 4 and r1c7 is a knight's move away"); a step the pair does
    not explain so keeps the generic sentence. (Since placements' consequences go through
    pair rules, such steps come from pencil marks, as in ``hint`` of a Sukaku line.)"""
    board = Board.classic(9)
    groups = constraint_groups(board, tuple(parse_rules(rule)))
    a, b = (board.parse_cell(c) for c in pair)
    (g,) = [g for g in groups.groups if set(g.cells) == {a, b}]
    facts = tuple(-cell_var(board, b, d) for d in range(1, 10) if d != placed)
    step = Step(tuple(-cell_var(board, a, d) for d in struck), (g.index,), facts, "single",
                rule)
    assert step_teach(groups, step, rule, [0] * 81, facts) == said


def test_no_text_counts_what_it_leaves_out():
    """N4, N5: every digit set listed; "X = 1 falls short (1 alone)"."""
    assert sets_text([(1, 9), (2, 8), (3, 7), (4, 6)]) == (
        "one of 4 sets, {1+9} or {2+8} or {3+7} or {4+6}")
    assert _misses(9, [1], 20) == ["X = 1 falls short (1 alone)"]
    assert _misses(9, [5, 6], 40) == ["X = 5,6 fall short (at most 6+9+8+7+5+4 = 39)"]

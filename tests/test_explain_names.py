"""Names of variant steps (issue 28, item 3): a step on variant constraints is named by the
technique a solver would name — cage combinations, the 45 rule over several houses,
thermometer bounds, whisper bounds, renban windows, kropki chains — with the weight and
the editor family every variant step has, and a teach sentence with its arithmetic."""

from __future__ import annotations

import json

from cnf import Session
from conftest import ROOT
from satdoku.explain import constraint_groups, hint, implies, non_redundant
from satdoku.explain.catalogue import (
    VARIANT_BASE,
    VARIANT_SINGLE,
    VARIANT_STEP,
    family_of,
    weight,
)
from satdoku.explain.names import name_and_weight
from satdoku.explain.steps import Step, minimal_subset
from satdoku.explain.trace import step_teach
from satdoku.formats import parse_json_puzzle
from satdoku.rules import cell_var


def _puzzle(**rules: object):
    """A puzzle with no givens on a 9x9 board (4x4 with ``size=4``) and these rules."""
    spec = {"size": 9, "box": "3x3", **rules}
    if spec["size"] == 4:
        spec["box"] = "2x2"
    return parse_json_puzzle(json.dumps(spec))


def _step(puzzle, lit: int, labels: set[str], facts: tuple[int, ...] = ()):
    """The minimal step, among the houses labelled, every variant group and every cell,
    that derives ``lit`` from ``facts``: (groups, step, name, weight, teach); sound and
    minimal checked by fresh solvers."""
    g = constraint_groups(puzzle.board, puzzle.rules)
    pool = [x for x in g.groups if x.label in labels or not x.is_unit]
    with Session(g.formula, "minisat22") as s:
        found = minimal_subset(s, pool, list(facts), [lit])
    assert found is not None
    groups, kept = found
    assert implies(groups, kept, [lit]) and non_redundant(groups, kept, [lit])
    step = Step((lit,), tuple(sorted(x.index for x in groups)), tuple(kept), "deduction")
    placed = [0] * puzzle.board.n ** 2
    for x in facts:
        if x > 0:
            placed[(x - 1) // puzzle.board.n] = (x - 1) % puzzle.board.n + 1
    name, w = name_and_weight(g, step, placed, facts)
    teach = step_teach(g, step, name, placed, facts)
    return [g.groups[k].label for k in step.groups], name, w, teach


def test_a_cage_alone_is_named_cage_combinations():
    e = hint(parse_json_puzzle((ROOT / "examples" / "killer.json").read_text()))
    step = e.steps[0]
    assert step.name == "cage combinations" and step.weight == VARIANT_SINGLE
    assert [e.groups.groups[k].label for k in step.groups] == ["killer 11 at r1c5"]
    assert "can only be {2+9} or {3+8} or {4+7} or {5+6}; so r1c5≠1, r1c6≠1." in step.teach
    assert family_of(step.name) is None


def test_the_45_rule_over_two_rows():
    # rows 1-2 of a 4x4 (20 in all) hold the cages r1c1+r1c2+r2c1 = 6 and
    # r1c3+r2c2+r2c3 = 8: the innies r1c4, r2c4 add up to 6, so r1c4 is not 1
    p = _puzzle(size=4, cages=[{"cells": ["r1c1", "r1c2", "r2c1"], "sum": 6},
                               {"cells": ["r1c3", "r2c2", "r2c3"], "sum": 8}])
    labels, name, w, teach = _step(p, -cell_var(p.board, 3, 1), {"row 1", "row 2"})
    assert name == "45 rule" and w == weight("innies/outies")
    assert sorted(labels) == ["killer 6 at r1c1", "killer 8 at r1c3", "row 1", "row 2"]
    assert teach.startswith("45 rule: row 1, row 2 add up to 2×10 = 20; the cages killer 6 "
                            "at r1c1, killer 8 at r1c3 add up to 6+8 = 14; so the innies "
                            "r1c4, r2c4 add up to 20 − 14 = 6.")
    assert teach.endswith("So r1c4≠1.")


def test_one_house_stays_innies_outies_with_its_arithmetic():
    p = _puzzle(size=4, cages=[{"cells": ["r1c1", "r1c2", "r1c3"], "sum": 6}])
    labels, name, _, teach = _step(p, cell_var(p.board, 3, 4), {"row 1"})
    assert name == "innies/outies" and sorted(labels) == ["killer 6 at r1c1", "row 1"]
    assert teach.startswith("45 rule: row 1 adds up to 10; the cage killer 6 at r1c1 adds "
                            "up to 6; so the innies r1c4 add up to 10 − 6 = 4.")


def test_a_thermometer_alone_names_its_bounds():
    p = _puzzle(thermos=[["r1c1", "r1c2", "r1c3", "r1c4"]])
    labels, name, w, teach = _step(p, -cell_var(p.board, 1, 1), set())
    assert (labels, name, w) == (["thermo at r1c1"], "thermometer bounds", VARIANT_SINGLE)
    assert "r1c2 keeps 2–7" in teach and teach.endswith("so r1c2≠1.")


def test_a_whisper_line_alone_names_its_bounds():
    p = _puzzle(whispers=[["r1c1", "r1c2", "r1c3"]])
    labels, name, w, teach = _step(p, -cell_var(p.board, 1, 5), set())
    assert (labels, name, w) == (["whispers 5 at r1c1"], "whisper bounds", VARIANT_SINGLE)
    assert ("neighbours along the line differ by at least 5, so with the digits left the "
            "cells keep r1c1 1,2,3,4,6,7,8,9; r1c2 1,2,3,4,6,7,8,9") in teach


def test_a_renban_line_alone_names_its_windows():
    p = _puzzle(renban=[["r1c1", "r1c2", "r1c3"]])
    given = cell_var(p.board, 0, 1)  # r1c1 = 1: the run is 1-3
    labels, name, w, teach = _step(p, -cell_var(p.board, 1, 4), set(), (given,))
    # the window r1c1 = 1 opens holds r1c2 to 1-3; that it is not 4 needs its one digit
    assert (labels, name) == (["cell r1c2", "renban at r1c1"], "renban window")
    assert w == round(VARIANT_BASE + 2 * VARIANT_STEP, 2)
    assert "3 different consecutive digits, with the digits left in r1c1, r1c2, r1c3, can " \
           "only be 1–3; so r1c2≠4." in teach


def test_two_black_dots_in_a_row_are_a_kropki_chain():
    # r1c1 - r1c2 - r1c3 joined by black dots on a 4x4: the middle cell is 2 (1 or 4
    # would need 2 on both sides, twice in row 1)
    p = _puzzle(size=4, black_dots=[["r1c1", "r1c2"], ["r1c2", "r1c3"]])
    labels, name, w, _ = _step(p, cell_var(p.board, 1, 2), {"row 1"})
    assert name == "kropki chain + row" and family_of(name) is None
    assert sum(x.startswith("black dots") for x in labels) == 2
    assert w == round(VARIANT_BASE + VARIANT_STEP * len(labels), 2)  # as every variant step


def test_a_skyscraper_clue_is_no_skyscraper_technique():
    # one clue of 4 on a 4x4 column: 1, 2, 3, 4 from the top; before, the step was named
    # like the fish pattern (weight 4.0, the editor's family "fishes")
    p = _puzzle(size=4, skyscrapers=[{"clue": "r0c1", "count": 4}])
    labels, name, w, _ = _step(p, cell_var(p.board, 0, 1), set())
    assert labels == ["skyscraper 4 above column 1"]
    assert (name, w, family_of(name)) == ("skyscraper clue", VARIANT_SINGLE, None)
    assert family_of("skyscraper clue + row") is None


def test_a_sandwich_with_its_own_line_is_a_sandwich_sum():
    # a 4x4 column sandwiching 5 between 1 and 4 is 1,{2,3},4 or 4,{2,3},1: r2c1 is not 1;
    # the column the clue reads is part of reading it (before: "column + sandwich sum");
    # a step moving only the 1 and the 4 is named for their placements
    p = _puzzle(size=4, sandwiches=[{"clue": "r0c1", "sum": 5}])
    labels, name, w, _ = _step(p, -cell_var(p.board, 4, 1), {"column 1"})
    assert "column 1" in labels and name == "sandwich placements"
    assert w == round(VARIANT_BASE + VARIANT_STEP * len(labels), 2)

"""The teach level: a sentence or two per step, for every kind of step, naming the digits
and cells the step is about (chains in order, cage arithmetic), and the CLI/JSON that
carry it."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from conftest import DATA, ROOT, run_cli
from satdoku import parse_puzzle
from satdoku.explain import explain
from satdoku.explain.catalogue import EDITOR_FAMILIES, family_of
from satdoku.explain.steps import cell_digit, literal_name
from satdoku.formats import parse_json_puzzle

TOP = [ln.strip() for ln in (DATA / "top1465-100.txt").read_text().splitlines()
       if ln.strip() and not ln.startswith("#")]
#: Every classic kind of step, and the top1465-100 puzzle whose path was seen holding it
#: (looked at first; the next puzzles after it when a change of the search moved it).
KINDS = {"full house": 0, "hidden single": 0, "naked single": 0,
         "locked candidates (pointing)": 0, "locked candidates (claiming)": 0,
         "naked pair": 0, "hidden pair": 1, "naked triple": 2, "hidden triple": 0,
         "X-wing": 12, "swordfish": 19, "finned X-wing": 2, "finned swordfish": 2,
         "skyscraper": 3, "2-string kite": 2, "turbot fish": 8, "X-chain": 7,
         "XY-wing": 0, "W-wing": 12, "XYZ-wing": 0, "XY-chain": 2, "AIC": 0,
         "forcing chain": 0, "forcing net": 0, "nested forcing net": 2, "ALS-XZ": 0,
         "ALS-XY-wing": 2, "empty rectangle": 3}
#: How many paths of top1465-100 are looked through for a kind.
LOOKED_AT = 25


@cache
def path(k: int):
    return explain(parse_puzzle(TOP[k]))


def digit_named(text: str, d: int) -> bool:
    return re.search(rf"(?<![0-9r]){d}(?![0-9])", text) is not None


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_teach_names_the_digits_and_cells(kind):
    first = KINDS[kind]
    e = next((path(k) for k in [first, *range(LOOKED_AT)]
              if any(s.name == kind for s in path(k).steps)), None)
    assert e is not None, f"no {kind} on the first {LOOKED_AT} paths of top1465-100"
    steps = [s for s in e.steps if s.name == kind]
    board = e.puzzle.board
    for s in steps[:3]:
        assert s.teach and "and 1 more" not in s.teach
        for x in s.derived[:1] if kind.startswith(("forcing", "nested")) else s.derived:
            cell, d = cell_digit(board, x)
            assert board.cell_name(cell) in s.teach, (kind, s.teach)
            assert digit_named(s.teach, d), (kind, s.teach)
        if s.chain:  # the chain's nodes, in order
            where = [s.teach.index(f"{board.cell_name(cell_digit(board, x)[0])}")
                     for x in s.chain]
            assert s.teach.startswith(kind) and "=" in s.teach and "-" in s.teach
            assert all(w >= 0 for w in where)
        if kind.startswith(("naked", "hidden")) and "single" not in kind:
            assert re.search(r"\{\d(,\d)+\}", s.teach)
        if kind.startswith(("forcing", "nested")):
            assert s.teach.startswith(f"Suppose {literal_name(board, -s.derived[0])}")
        if kind.startswith(("forcing chain", "forcing net")):
            assert "contradiction in" in s.teach and "→" in s.teach


def test_a_forcing_step_with_several_conclusions_names_each_once():
    e = path(2)
    board = e.puzzle.board
    steps = [s for s in e.steps if s.name.startswith("forcing") and len(s.derived) > 1]
    assert steps
    for s in steps:
        first = literal_name(board, s.derived[0])
        assert s.teach.startswith(f"Suppose {literal_name(board, -s.derived[0])}")
        also = s.teach.partition("also give ")[2]  # the other conclusions, not the first again
        assert first not in also
        assert all(literal_name(board, y) in also for y in s.derived[1:])


def test_teach_of_a_cage_gives_its_combinations():
    p = parse_json_puzzle((ROOT / "examples" / "killer.json").read_text())
    e = explain(p, max_steps=3)
    s = e.steps[0]
    assert s.name == "cage combinations" and "can only be" in s.teach
    combos = re.findall(r"\{(\d(?:\+\d)+)\}", s.teach)
    cage = next(g for g in e.groups.groups if g.index == s.groups[0]).rule.cages[0]
    assert combos and all(sum(map(int, c.split("+"))) == cage.total for c in combos)
    for x in s.derived:
        assert e.puzzle.board.cell_name(cell_digit(e.puzzle.board, x)[0]) in s.teach


def test_given_forced_variant_steps_are_shown_with_their_bounds():
    p = parse_json_puzzle((ROOT / "examples" / "thermo.json").read_text())
    e = explain(p, max_steps=2)
    first = e.steps[0]  # the 7 at r1c3 pushes the thermometer's next cells up
    assert first.name == "thermometer bounds" and first.derived == (cell_digit_lit(p, "r2c2", 8),)
    assert "from the bulb r1c3" in first.teach and "r2c2 is 8" in first.teach  # (not "8–8")


def cell_digit_lit(p, name: str, d: int) -> int:
    return p.board.parse_cell(name) * p.board.n + d


def test_teach_in_cli_and_json():
    run = run_cli("hint", TOP[0], "--teach")
    assert run.code == 0 and "why: " in run.out
    run = run_cli("explain", TOP[0], "--teach", "--json")
    data = json.loads(run.out)
    assert run.code == 0 and all(s["teach"] for s in data["steps"])
    assert {s["family"] for s in data["steps"]} >= {None, "pointing", "contradictions"}
    run = run_cli("explain", TOP[0], "--teach")
    assert " and 1 more" not in run.out and "\n     In box" in run.out


def test_disabled_families_are_not_used():
    p = parse_puzzle(TOP[0])
    e = explain(p, disabled=("wings", "aic"))
    names = {s.name for s in e.steps}
    assert not names & {"XY-wing", "XYZ-wing", "W-wing", "AIC", "XY-chain", "X-chain"}
    assert e.complete  # forcing chains take over
    stuck = explain(p, disabled=("contradictions", "aic", "wings", "fishes"))
    assert stuck.stuck and not stuck.complete and stuck.steps
    run = run_cli("explain", TOP[0], "--disable", "wingz")
    assert run.code == 2 and "unknown family 'wingz'" in run.err
    assert len(run.err.strip().splitlines()) == 1


README_PUZZLE = ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9"
                 "........")


@pytest.mark.parametrize("family", EDITOR_FAMILIES)
def test_a_disabled_family_names_no_step(family):
    """No step of a disabled family, also when a technique's proof shrinks to a smaller
    pattern of that family (a fish proved by a box and a line alone was named claiming,
    with pointing disabled)."""
    e = explain(parse_puzzle(README_PUZZLE), disabled=(family,))
    assert e.complete or (e.stuck and family == "contradictions")
    assert all(family_of(s.name) != family for s in e.steps)


@pytest.mark.parametrize("families", ["pointing,fishes", "pointing,tuples",
                                      "pointing,tuples,wings,aic"])
def test_forcing_chains_finish_what_disabled_families_leave(families):
    """A generic step named into a disabled family (a fish found as a deduction) is set
    aside and the search goes on: while contradictions are allowed, a unique puzzle always
    finishes (these runs stopped after 18, 24 and 1 steps, exit 0, before)."""
    off = tuple(families.split(","))
    e = explain(parse_puzzle(README_PUZZLE), disabled=off)
    assert e.complete and not e.stuck
    assert not {family_of(s.name) for s in e.steps} & set(off)


def test_a_stuck_unique_puzzle_exits_5_and_says_why():
    off = "contradictions,pointing,fishes,tuples,wings,aic"
    run = run_cli("explain", README_PUZZLE, "--disable", off)
    assert run.code == 5 and run.out.rstrip().endswith("No logical steps found.")
    assert run.err.strip() == (f"satdoku: the techniques left (--disable {off}) stop after "
                               f"1 step; the puzzle has one solution")
    data = json.loads(run_cli("explain", README_PUZZLE, "--disable", off, "--json").out)
    assert data["stuck"] and not data["complete"] and data["status"] == "unique"


def test_not_unique_in_cli():
    run = run_cli("explain", "..34 3412 ..4. 43.1", "--json")
    data = json.loads(run.out)
    assert run.code == 3 and data["stuck"] and len(data["steps"]) == 2
    run = run_cli("explain", "..34 3412 ..4. 43.1")
    assert run.code == 3 and run.out.rstrip().endswith("No logical steps found.")
    assert "logic goes 2 steps" in run.err
    assert "logic goes 1 step," in run_cli("hint", "..34 3412 ..4. 43.1").err
    assert "not unique" in run.err and len(run.err.strip().splitlines()) == 1

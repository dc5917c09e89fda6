"""Teach texts with the arithmetic of variant steps (issue 28, items 2 and 3): little killer
sums, sandwich sums and placements, kropki dots and chains, arrow pills, whisper parity.

Each test builds a small puzzle whose minimal step is of one kind (:func:`_step`: proved
sound and minimal by fresh solvers), then checks its name, its weight (as every variant
step: by size) and that its teach text states the digits, cells and arithmetic — the
expected numbers worked out here by brute force over the digits, not read from the program.
"""

from __future__ import annotations

from itertools import pairwise, permutations, product

import pytest
from test_explain_names import _puzzle, _step

from conftest import ROOT
from satdoku.explain import constraint_groups
from satdoku.explain.catalogue import VARIANT_BASE, VARIANT_SINGLE, VARIANT_STEP, family_of
from satdoku.explain.steps import Step
from satdoku.explain.variant_reading import variant_text
from satdoku.explain.variant_text import parity_groups, whisper_sides
from satdoku.formats import parse_json_puzzle
from satdoku.rules import cell_var


def _size_weight(labels: list[str]) -> float:
    return VARIANT_SINGLE if len(labels) == 1 else round(VARIANT_BASE + VARIANT_STEP *
                                                         len(labels), 2)


def _variant(labels: list[str]) -> list[str]:
    """The labels of a step's constraints but its cells' own (in any step's reading)."""
    return sorted(x for x in labels if not x.startswith("cell "))


def _at(p, name: str, d: int) -> int:
    """The literal "cell ``name`` holds ``d``"."""
    return cell_var(p.board, p.board.parse_cell(name), d)


def _spans(ds: set[int]) -> str:
    """``1–3`` for a run of three or more digits (as the texts write ranges)."""
    lo, hi = min(ds), max(ds)
    assert ds == set(range(lo, hi + 1))
    return f"{lo}–{hi}"


def test_a_little_killer_gives_what_the_placed_digit_leaves():
    # the diagonal r1c3, r2c2, r3c1 adds up to 6 and r2c2 = 2: the other two add up to 4
    p = _puzzle(little_killers=[{"clue": "r0c4", "direction": "DL", "sum": 6}])
    facts = (_at(p, "r2c2", 2),)
    labels, name, w, teach = _step(p, -_at(p, "r3c1", 4), set(), facts)
    assert _variant(labels) == ["little-killer 6 at r1c3 ↙"] and name == "little killer sum"
    assert w == _size_weight(labels) and family_of(name) is None
    keep = {a for a, b in product(range(1, 10), repeat=2) if a + b == 6 - 2}  # r3c1, r1c3
    assert "r1c3, r2c2, r3c1 add up to 6" in teach
    assert "r2c2=2 is placed, so the others add up to 4" in teach
    assert f"r3c1 keeps {_spans(keep)}" in teach and f"r1c3 keeps {_spans(keep)}" in teach
    assert teach.endswith("so r3c1≠4.")


def test_a_little_killer_in_one_box_has_different_digits():
    # the same diagonal lies in box 1: three different digits adding up to 6 are 1, 2, 3,
    # so box 1's other cells have no 1 (nor 2, 3)
    p = _puzzle(little_killers=[{"clue": "r0c4", "direction": "DL", "sum": 6}])
    fills = [t for t in product(range(1, 10), repeat=3) if sum(t) == 6 and len(set(t)) == 3]
    assert {d for t in fills for d in t} == {1, 2, 3}
    labels, name, w, teach = _step(p, -_at(p, "r1c3", 4), {"box 1"})
    assert _variant(labels) == ["box 1", "little-killer 6 at r1c3 ↙"]
    assert name == "little killer sum + box" and w == _size_weight(labels)
    assert "(digits may repeat, but not within box 1)" in teach
    assert "r1c3 keeps 1–3" in teach and teach.endswith("so r1c3≠4.")
    labels, name, _, teach = _step(p, -_at(p, "r1c1", 1), {"box 1"})
    assert name == "little killer sum + box"
    assert "every filling puts a 1 in box 1 among r1c3, r2c2, r3c1" in teach
    assert teach.endswith("so r1c1≠1.")


def test_a_little_killer_says_the_digit_its_box_already_has():
    # r1c3 + r2c2 + r3c1 = 9 in box 1, which has its 1 at r3c3: three different digits
    # but 1 adding up to 9 are 2, 3, 4 — so r1c3 is not 5
    p = _puzzle(little_killers=[{"clue": "r0c4", "direction": "DL", "sum": 9}])
    fills = [t for t in product(range(2, 10), repeat=3) if sum(t) == 9 and len(set(t)) == 3]
    keep = {t[0] for t in fills}
    _, name, _, teach = _step(p, -_at(p, "r1c3", 5), {"box 1"}, (_at(p, "r3c3", 1),))
    assert name == "little killer sum + box"
    assert teach.startswith("little-killer 9 at r1c3 ↙: box 1 has its 1 at r3c3; ")
    assert f"r1c3 keeps {_spans(keep)}" in teach and teach.endswith("so r1c3≠5.")


def _sandwich_ways(n: int, total: int, top: int = 0) -> set[tuple[int, int, tuple[int, ...]]]:
    """(row of the 1, row of the n, digits between) of every column 1..n (starting with
    ``top`` if given) whose digits between the 1 and the n add up to ``total``: by brute
    force over the permutations."""
    ways = set()
    for col in permutations(range(1, n + 1)):
        a, b = col.index(1), col.index(n)
        between = col[min(a, b) + 1:max(a, b)]
        if sum(between) == total and top in (0, col[0]):
            ways.add((a + 1, b + 1, tuple(sorted(between))))
    return ways


def test_a_sandwich_lists_where_its_1_and_4_go_and_what_lies_between():
    # 4x4, column 1 sandwiches 2 and starts with 3: 1, 2, 4 follow with the 2 between the
    # 1 and the 4, so r3c1 = 2 — a step on a middle digit: a sandwich sum
    p = _puzzle(size=4, sandwiches=[{"clue": "r0c1", "sum": 2}])
    labels, name, w, teach = _step(p, _at(p, "r3c1", 2), {"column 1"}, (_at(p, "r1c1", 3),))
    assert _variant(labels) == ["column 1", "sandwich 2 above column 1"]
    assert name == "sandwich sum" and w == _size_weight(labels)
    ways = _sandwich_ways(4, 2, top=3)
    assert {between for _, _, between in ways} == {(2,)} and len(ways) == 2
    assert "the digits between the 1 and the 4 of column 1 add up to 2" in teach
    for one, four, _ in ways:
        assert f"1 at r{one}c1 and 4 at r{four}c1 with {{2}} between" in teach
    assert teach.count(" between") == len(ways) + 1 and teach.endswith("so r3c1=2.")


def test_a_step_moving_only_the_1_and_9_is_sandwich_placements():
    # 4x4, column 1 sandwiches 5 = 2 + 3: the 1 and the 4 are at the two ends
    p = _puzzle(size=4, sandwiches=[{"clue": "r0c1", "sum": 5}])
    labels, name, w, teach = _step(p, -_at(p, "r2c1", 1), {"column 1"})
    assert name == "sandwich placements" and family_of(name) is None
    assert w == _size_weight(labels)
    ways = _sandwich_ways(4, 5)
    assert {(a, b) for a, b, _ in ways} == {(1, 4), (4, 1)}
    assert "1 at r1c1 and 4 at r4c1 with {2+3} between" in teach
    assert "1 at r4c1 and 4 at r1c1 with {2+3} between" in teach
    assert teach.endswith("so r2c1≠1.")


def test_a_black_dot_lists_the_pairs_left():
    p = _puzzle(black_dots=[["r1c1", "r1c2"]])
    labels, name, w, teach = _step(p, -_at(p, "r1c1", 5), set())
    assert (labels, name, w) == (["black dots at r1c1"], "black dot", VARIANT_SINGLE)
    pairs = sorted({tuple(sorted((a, b))) for a, b in product(range(1, 10), repeat=2)
                    if a == 2 * b})
    listed = ", ".join("{" + f"{a},{b}" + "}" for a, b in pairs)
    assert "of r1c1 and r1c2 one is twice the other" in teach
    assert f"the pair can only be {listed}:" in teach
    kept = sorted({d for pair in pairs for d in pair})
    assert 5 not in kept and teach.endswith("so r1c1≠5.")


def test_a_white_dot_with_its_number_says_the_difference():
    p = _puzzle(white_dots=[{"cells": ["r1c1", "r1c2"], "value": 7}])
    _, name, _, teach = _step(p, -_at(p, "r1c1", 5), set())
    assert name == "white dot"
    pairs = sorted({tuple(sorted((a, b))) for a, b in product(range(1, 10), repeat=2)
                    if abs(a - b) == 7})
    assert pairs == [(1, 8), (2, 9)]
    assert "r1c1 and r1c2 differ by 7" in teach and "{1,8}, {2,9}" in teach


def test_a_kropki_chain_lists_its_fillings():
    # r1c1 - r1c2 - r1c3 joined by black dots on a 4x4, all in row 1: 4-2-1 or 1-2-4
    p = _puzzle(size=4, black_dots=[["r1c1", "r1c2"], ["r1c2", "r1c3"]])
    labels, name, w, teach = _step(p, _at(p, "r1c2", 2), {"row 1"})
    assert name == "kropki chain + row" and w == _size_weight(labels)
    fills = [t for t in product(range(1, 5), repeat=3) if len(set(t)) == 3
             and all(max(a, b) == 2 * min(a, b) for a, b in pairwise(t))]
    assert sorted(fills) == [(1, 2, 4), (4, 2, 1)]
    assert "of r1c1 and r1c2 one is twice the other; of r1c2 and r1c3 one is twice" in teach
    assert "(and row 1 holds each digit once)" in teach
    for t in fills:
        assert "-".join(map(str, t)) in teach
    assert teach.endswith("so r1c2=2.")


def test_an_arrow_pill_reads_a_number_in_reach_of_its_line():
    # the pill r1c1 r1c2 reads the sum of r2c1 + r2c2, at most 18: its first digit is 1
    p = _puzzle(arrows=[{"circle": ["r1c1", "r1c2"], "line": ["r2c1", "r2c2"]}])
    labels, name, w, teach = _step(p, -_at(p, "r1c1", 2), set())
    assert (labels, name, w) == (["arrow at r1c1"], "arrow pill", VARIANT_SINGLE)
    sums = {a + b for a, b in product(range(1, 10), repeat=2)}
    reads = {10 * a + b for a, b in product(range(1, 10), repeat=2) if 10 * a + b in sums}
    assert "the pill r1c1, r1c2 reads a 2-digit number, the sum of r2c1, r2c2" in teach
    assert f"between {min(sums)} and {max(sums)}" in teach
    keep = {d for d in range(1, 10) if any(1 <= r - d <= 9 for r in reads)}  # r2c1, r2c2
    assert f"the pill reads {_spans(reads)}, and r2c1 keeps {_spans(keep)}" in teach
    assert teach.endswith("so r1c1≠2.")


def test_whisper_parity_alternates_low_and_high():
    # whispers of difference 5 along r1c1..r1c5: the digits alternate low (1-4) and high
    # (6-9); with 1 and 2 placed in row 1, r1c1, r1c3, r1c5 cannot all be low
    p = _puzzle(whispers=[["r1c1", "r1c2", "r1c3", "r1c4", "r1c5"]])
    facts = (_at(p, "r1c8", 1), _at(p, "r1c9", 2))
    labels, name, w, teach = _step(p, -_at(p, "r1c1", 4), {"row 1"}, facts)
    assert "row 1" in labels and name == "whisper parity + row"
    assert w == _size_weight(labels) and family_of(name) is None
    low = [d for d in range(1, 10) if d + 5 <= 9]
    high = [d for d in range(1, 10) if d - 5 >= 1]
    assert (low, high) == ([1, 2, 3, 4], [6, 7, 8, 9])
    assert ("5 never appears and the digits alternate low (1–4) and high (6–9): r1c1, r1c3, "
            "r1c5 on one side, r1c2, r1c4 on the other.") in teach
    assert "Suppose r1c1=4." in teach and teach.endswith("So r1c1≠4.")
    assert "r1c1 low" in teach and "r1c3 low" in teach and "r1c5 low" in teach


def test_a_whisper_step_that_needs_more_than_parity_keeps_its_name():
    # r1c2 = 4 would need 9 on both sides, twice in row 1: not a matter of high and low
    p = _puzzle(whispers=[["r1c1", "r1c2", "r1c3"]])
    _, name, _, _ = _step(p, -_at(p, "r1c2", 4), {"row 1"})
    assert name == "whisper bounds + row"


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.json")),
                         ids=lambda p: p.stem)
def test_variant_texts_read_every_constraint_of_every_example(path):
    """Each variant group of every example, read alone from the givens (a step deriving
    nothing), gives a text or '' without failing; whisper lines give their parity groups."""
    puzzle = parse_json_puzzle(path.read_text())
    groups = constraint_groups(puzzle.board, puzzle.rules)
    facts = tuple(cell_var(puzzle.board, i, d) for i, d in enumerate(puzzle.givens) if d)
    step = Step((), (), facts, "deduction", "")
    texts = {g.kind: variant_text(groups, [g], [], step) for g in groups.groups
             if g.rule is not None and not g.is_unit}
    assert all(isinstance(t, str) for t in texts.values())
    wanted = {"little-killer": "add up to", "sandwich": "the digits between the 1",
              "white dots": "the pair can only be", "black dots": "the pair can only be"}
    for kind, words in wanted.items():
        if kind in texts:
            assert words in texts[kind], (kind, texts[kind])
    whispers = [g for g in groups.groups if g.kind == "whispers"]
    assert len(parity_groups(groups, [g for g in whispers if whisper_sides(
        puzzle.board.n, g.rule.lines[0].gap(puzzle.board.n))])) <= len(whispers)

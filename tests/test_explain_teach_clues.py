"""Teach texts with the arithmetic of more variant steps: XV marks and the negative
constraint, X-sums, skyscrapers, double arrows, and an arrow or a sandwich read with a box.

Each test walks a real path (an example, or a puzzle made here from a solved grid with every
clue worked out by the rule's definition) to the first step of its kind — no step numbers
pinned — and checks that the text names the right cells and digits: the expected numbers
are worked out here by brute force over the digits the step's facts leave, never through
the CNF or the program's own helpers.
"""

from __future__ import annotations

import json
import re
from itertools import combinations, permutations, product

import pytest
from test_explain_names import _puzzle, _step

from conftest import ROOT
from satdoku.explain import constraint_groups, explain, implies
from satdoku.explain.names import name_and_weight
from satdoku.explain.steps import Step
from satdoku.explain.trace import step_teach
from satdoku.formats import parse_json_puzzle
from satdoku.rules import cell_var

#: A solved grid (examples/double-arrows.json) to draw outside clues from.
GRID = "795812346186347952243569718358796421417285693629431875564923187932178564871654239"
#: ``satdoku generate --draw xv:all --seed 3``: every X and V given (negative x, v).
XV = {"size": 9, "box": "3x3",
      "givens": ".........6............2...................................4............4.........",
      "negative": ["x", "v"],
      "xv": [{"cells": [a, b], "sum": s} for a, b, s in (
          ("r1c4", "r2c4", 10), ("r2c3", "r2c4", 5), ("r2c5", "r3c5", 10), ("r2c6", "r2c7", 5),
          ("r3c1", "r4c1", 10), ("r3c6", "r4c6", 10), ("r4c3", "r4c4", 10),
          ("r4c8", "r5c8", 10), ("r5c2", "r6c2", 10), ("r5c4", "r5c5", 10),
          ("r5c5", "r5c6", 5), ("r5c7", "r6c7", 10), ("r5c9", "r6c9", 10),
          ("r6c1", "r7c1", 10), ("r6c6", "r6c7", 10), ("r6c6", "r7c6", 10),
          ("r6c9", "r7c9", 5), ("r7c5", "r8c5", 5), ("r8c4", "r9c4", 5))]}


def _path(spec: dict | str, steps: int):
    p = parse_json_puzzle(spec if isinstance(spec, str) else json.dumps(spec))
    return explain(p, max_steps=steps)


def _first(e, name: str, words: str = "", test=lambda step: True):
    """The first step of the path named ``name`` whose text has ``words`` (and that passes
    ``test``)."""
    return next(s for s in e.steps if s.name == name and words in s.teach and test(s))


def _cand(n: int, facts, cells) -> dict[int, set[int]]:
    """The digits the facts leave each cell: a placement fixes its cell, an elimination
    strikes its digit (plain arithmetic on the literals: cell·n + digit)."""
    cand = {c: set(range(1, n + 1)) for c in cells}
    for x in facts:
        cell, d = divmod(abs(x) - 1, n)
        if cell in cand:
            cand[cell] = {d + 1} if x > 0 else cand[cell] - {d + 1}
    return cand


def _literal(n: int, x: int) -> tuple[int, int]:
    cell, d = divmod(abs(x) - 1, n)
    return cell, d + 1


def _name(cell: int, n: int = 9) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def _lines(n: int = 9):
    """(clue cell, cells from the clue) of every row and column side."""
    for r in range(n):
        row = [r * n + c for c in range(n)]
        yield f"r{r + 1}c0", row
        yield f"r{r + 1}c{n + 1}", row[::-1]
    for c in range(n):
        col = [r * n + c for r in range(n)]
        yield f"r0c{c + 1}", col
        yield f"r{n + 1}c{c + 1}", col[::-1]


def _seen(digits) -> int:
    top = count = 0
    for d in digits:
        if d > top:
            top, count = d, count + 1
    return count


def _grid_puzzle(key: str, value: str, clue) -> dict:
    """No givens, and the clue of every side of ``GRID`` worked out by ``clue(digits)``."""
    digits = [int(x) for x in GRID]
    return {"size": 9, "box": "3x3", key: [
        {"clue": at, value: clue([digits[i] for i in cells])} for at, cells in _lines()]}


def _clue_line(e, step) -> list[int]:
    """The cells, from the clue, of the one outside clue a step cites."""
    (g,) = [e.groups.groups[k] for k in step.groups if e.groups.groups[k].rule is not None]
    return list(g.rule.cells_of(e.groups.board, g.rule.clues[0])), g.rule.clues[0].value


# -- XV and the negative constraint --------------------------------------------------------
def test_an_xv_step_lists_the_pairs_that_add_up():
    e = _path(XV, 8)
    step = _first(e, "XV sum")
    (g,) = [e.groups.groups[k] for k in step.groups if e.groups.groups[k].kind == "xv"]
    (mark,) = g.rule.marks
    a, b = mark.cells
    cand = _cand(9, step.facts, (a, b))
    pairs = [(x, y) for x, y in product(cand[a], cand[b]) if x + y == mark.value and x != y]
    sign = {10: "X", 5: "V"}[mark.value]
    assert f"the {sign} says {_name(a)}+{_name(b)} = {mark.value}" in step.teach
    listed = ", ".join("{" + f"{min(p)},{max(p)}" + "}" for p in sorted(
        {tuple(sorted(p)) for p in pairs}))
    assert f"the pair can only be {listed}:" in step.teach
    for x in step.derived:  # what it derives is what the pairs leave
        cell, d = _literal(9, x)
        left = {p[(a, b).index(cell)] for p in pairs}
        assert (left == {d}) if x > 0 else (d not in left)


def test_a_negative_step_says_what_the_placed_neighbour_strikes():
    # every X and V is given: two neighbours without one add up to neither 10 nor 5
    e = _path(XV, 6)
    step = _first(e, "negative constraint", " is ")
    (g,) = [e.groups.groups[k] for k in step.groups if e.groups.groups[k].kind == "negative"]
    cand = _cand(9, step.facts, g.cells)
    (placed,) = [c for c in g.cells if len(cand[c]) == 1]
    (other,) = [c for c in g.cells if c != placed]
    p = next(iter(cand[placed]))
    struck = sorted(d for d in cand[other] if d + p in (5, 10))
    assert (f"{_name(g.cells[0])} and {_name(g.cells[1])} have no X or V between them, so "
            "they do not add up to 10 or 5") in step.teach
    assert f"{_name(placed)} is {p}, so {_name(other)} is not" in step.teach
    derived = sorted(_literal(9, x)[1] for x in step.derived)
    assert all(x < 0 and _literal(9, x)[0] == other for x in step.derived)
    assert set(derived) <= set(struck)
    assert f"is not {','.join(map(str, derived))};" in step.teach


# -- X-sums --------------------------------------------------------------------------------
def _x_sets(n: int, x: int, total: int, cells_cand) -> list[tuple[int, ...]]:
    """The sets of x−1 different digits but x adding up to total − x that the cells (their
    digits left, in order) can take."""
    others = [d for d in range(1, n + 1) if d != x]
    return [s for s in combinations(others, x - 1) if sum(s) == total - x
            and any(all(d in c for d, c in zip(q, cells_cand, strict=True))
                    for q in permutations(s))]


def _x_sum(digits) -> int:
    return sum(digits[:digits[0]])


def test_an_x_sum_step_gives_each_first_digit_and_its_sets():
    e = _path(_grid_puzzle("x_sums", "sum", _x_sum), 3)
    step = _first(e, "x-sum", "X = ")
    line, total = _clue_line(e, step)
    cand = _cand(9, step.facts, line)
    fit = {x: _x_sets(9, x, total, [cand[c] for c in line[1:x]]) for x in cand[line[0]]}
    assert f"the first X digits add up to {total}, X being {_name(line[0])}:" in step.teach
    for x, sets in fit.items():
        if sets:
            shown = "{" + "+".join(map(str, sets[0])) + "}"
            assert f"X = {x}: " in step.teach and f"= {total} − {x} = {total - x} = {shown}" \
                in step.teach
    dead = sorted(x for x, sets in fit.items() if not sets)
    assert sorted(_literal(9, x)[1] for x in step.derived) == dead
    assert all(x < 0 and _literal(9, x)[0] == line[0] for x in step.derived)
    short = [x for x in dead if x + sum(sorted(set(range(1, 10)) - {x})[-(x - 1):]
                                        if x > 1 else []) < total]
    if short:
        assert f"X = {short[0]}" in step.teach and "fall short" in step.teach


def test_an_x_sum_with_its_first_digit_placed_lists_the_rest():
    e = _path(_grid_puzzle("x_sums", "sum", _x_sum), 25)
    step = _first(e, "x-sum", test=lambda s: "X being" not in s.teach)
    line, total = _clue_line(e, step)
    cand = _cand(9, step.facts, line)
    (x,) = cand[line[0]]
    sets = _x_sets(9, x, total, [cand[c] for c in line[1:x]])
    cells = "+".join(_name(c) for c in line[:x]) if x <= 3 else \
        f"{_name(line[0])}+…+{_name(line[x - 1])}"
    assert f"{_name(line[0])} is {x}, so {cells} = {total}" in step.teach
    assert f" = {total} − {x} = {total - x} = " in step.teach
    for s in sets[:3]:
        assert "{" + "+".join(map(str, s)) + "}" in step.teach
    for lit in step.derived:
        cell, d = _literal(9, lit)
        k = line.index(cell)
        assert 0 < k < x
        held = {q[k - 1] for s in sets for q in permutations(s)
                if all(dd in cand[c] for dd, c in zip(q, line[1:x], strict=True))}
        assert (held == {d}) if lit > 0 else d not in held
        if lit > 0 and all(d in s for s in sets) and [
                c for c in line[1:x] if d in cand[c]] == [cell]:  # the one cell left for d
            assert f"every set holds a {d}, which only {_name(cell)} can take" in step.teach


# -- skyscrapers ---------------------------------------------------------------------------
def test_a_skyscraper_step_by_the_bound_says_how_many_can_be_seen():
    e = _path(_grid_puzzle("skyscrapers", "count", _seen), 8)
    step = _first(e, "skyscraper clue", "at most")
    line, seen = _clue_line(e, step)
    assert f"{seen} digits are seen" in step.teach
    for x in step.derived:
        cell, d = _literal(9, x)
        k = line.index(cell)
        most = max(_seen((*p[:k], d, *p[k:])) for p in permutations(
            [y for y in range(1, 10) if y != d]))
        assert x < 0 and most < seen
        assert f"{_name(cell)}={d} at most {k + 1}+9−{d} = {most}" in step.teach


def _can(cands, seen: int) -> bool:
    """Whether some order of 1..9 that each cell's digits left allow shows ``seen`` digits
    (a search over the cells in turn, remembering what was tried)."""
    tried: set[tuple[int, frozenset[int], int]] = set()

    def grow(k: int, used: frozenset[int], count: int) -> bool:
        if count > seen or (k, used, count) in tried:
            return False
        tried.add((k, used, count))
        if k == len(cands):
            return count == seen
        top = max(used, default=0)
        return any(grow(k + 1, used | {d}, count + (d > top))
                   for d in sorted(cands[k] - used))
    return grow(0, frozenset(), 0)


def test_a_skyscraper_step_says_what_the_cells_keep():
    e = _path(_grid_puzzle("skyscrapers", "count", _seen), 6)
    step = _first(e, "skyscraper clue", "with the digits left")
    line, seen = _clue_line(e, step)
    cand = _cand(9, step.facts, line)

    def held(cell: int) -> set[int]:
        return {d for d in cand[cell]
                if _can([cand[c] if c != cell else {d} for c in line], seen)}
    for x in step.derived:
        cell, d = _literal(9, x)
        kept = held(cell)
        assert (kept == {d}) if x > 0 else d not in kept
        said = f"{_name(cell)} is {d}" if len(kept) == 1 else f"{_name(cell)} keeps {_spans(kept)}"
        assert said in step.teach  # one digit kept is said as placed
    tops = [c for c in line if 9 in held(c)]
    if len(tops) < sum(9 in cand[c] for c in line):
        assert f"the 9 can only be at {', '.join(_name(c) for c in tops)}" in step.teach


def _spans(ds: set[int]) -> str:
    """``1–3,6``: digits in runs of three or more written as ranges (as the texts do)."""
    out, run = [], []
    for d in [*sorted(ds), 0]:
        if run and d != run[-1] + 1:
            out.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ",".join(map(str, run)))
            run = []
        run.append(d)
    return ",".join(out)


# -- double arrows -------------------------------------------------------------------------
DOUBLE = (ROOT / "examples" / "double-arrows.json").read_text()


def _arrow_fills(line, cand, apart=()):
    """Every filling of a double arrow (ends first and last) whose middle adds up to its
    ends, cells of each pair of ``apart`` different."""
    return [w for w in product(*(sorted(cand[c]) for c in line))
            if w[0] + w[-1] == sum(w[1:-1])
            and all(w[line.index(a)] != w[line.index(b)] for a, b in apart)]


def test_a_double_arrow_lists_its_fillings():
    e = _path(DOUBLE, 1)
    step = _first(e, "double-arrow")
    (g,) = [e.groups.groups[k] for k in step.groups]
    line = list(g.rule.lines[0])
    cand = _cand(9, step.facts, line)
    fills = _arrow_fills(line, cand)
    ends = f"{_name(line[0])}+{_name(line[-1])}"
    # all in one box: no "(digits may repeat)", which would read as a wrong rule
    assert len({e.puzzle.board.box_of[c] for c in line}) == 1
    assert f"{ends} = {'+'.join(_name(c) for c in line[1:-1])}: with" in step.teach
    assert len(fills) <= 6
    for w in fills:
        assert f"{w[0]}+{w[-1]} = {'+'.join(map(str, w[1:-1]))}" in step.teach
    for x in step.derived:
        cell, d = _literal(9, x)
        held = {w[line.index(cell)] for w in fills}
        assert (held == {d}) if x > 0 else d not in held


def test_a_double_arrow_in_a_box_puts_a_digit_there():
    e = _path(DOUBLE, 10)
    step = _first(e, "double-arrow + box", "every filling puts")
    arrow, box = sorted((e.groups.groups[k] for k in step.groups),
                        key=lambda g: g.kind != "double-arrow")
    line = list(arrow.rule.lines[0])
    cand = _cand(9, step.facts, line)
    inside = [c for c in line if c in box.cells]
    fills = _arrow_fills(line, cand, list(combinations(inside, 2)))
    digits = {_literal(9, x)[1] for x in step.derived}
    assert len(digits) == 1
    (d,) = digits
    assert all(any(w[line.index(c)] == d for c in inside) for w in fills)
    ends_first = [line[0], line[-1], *line[1:-1]]  # as the sum reads: ends = middle
    assert (f"every filling puts a {d} in {box.label} among "
            f"{', '.join(_name(c) for c in ends_first if c in inside)};") in step.teach
    assert all(x < 0 and _literal(9, x)[0] in box.cells and _literal(9, x)[0] not in line
               for x in step.derived)


def test_a_double_arrow_takes_the_digit_its_house_can_put_only_on_it():
    # r1c6 + r2c4 = r1c5 + r2c5, all in box 2, whose 8 is at r1c4 and whose 1 the facts
    # (those of a step of examples/double-arrows.json) leave only at r1c5, r2c5: on the
    # arrow; fillings with that 1 all hold a 3 somewhere on it, so box 2's others lose 3
    p = _puzzle(double_arrows=[["r1c6", "r1c5", "r2c5", "r2c4"]])

    def at(name: str, d: int) -> int:
        return cell_var(p.board, p.board.parse_cell(name), d)
    facts = (at("r1c4", 8), -at("r1c5", 6), -at("r1c6", 1), -at("r2c4", 1), -at("r2c4", 2),
             -at("r2c4", 4), -at("r2c4", 6), -at("r2c5", 6), -at("r2c6", 1), -at("r3c4", 1),
             -at("r3c5", 1), -at("r3c6", 1))
    derived = tuple(-at(c, 3) for c in ("r2c6", "r1c5", "r2c5", "r3c4", "r3c6"))
    name, teach = _replay(p, derived, {"box 2", "double-arrow at r1c6"}, facts)
    assert name == "double-arrow + box"
    box = [r * 9 + c for r in range(3) for c in range(3, 6)]
    line = [p.board.parse_cell(x) for x in ("r1c6", "r1c5", "r2c5", "r2c4")]
    cand = _cand(9, facts, box)
    for c in box:
        cand[c] = {8} if c == 3 else cand[c] - {8}
    room = [c for c in box if 1 in cand[c]]
    assert room == [4, 13] and set(room) <= set(line)  # r1c5, r2c5
    assert "box 2 has its 1 only at r1c5, r2c5;" in teach
    fills = [w for w in _arrow_fills(line, cand, list(combinations(line, 2)))
             if any(w[line.index(c)] == 1 for c in room)]
    assert fills and all(3 in w for w in fills)
    threes = [c for c in line if any(w[line.index(c)] == 3 for w in fills)]
    assert "every filling puts a 3 in box 2 among r1c6, r2c4, r1c5, r2c5;" in teach
    assert teach.endswith("so r2c6≠3, r1c5≠3, r2c5≠3, r3c4≠3, r3c6≠3.")
    assert {4, 13}.isdisjoint(threes)  # r1c5, r2c5 (the 1 and its partner) hold no 3
    for k, c in enumerate(line):
        assert f"{_name(c)} keeps {_spans({w[k] for w in fills})}" in teach


def _replay(p, derived, labels: set[str], facts):
    """(name, teach) of the step deriving ``derived`` from the groups labelled and
    ``facts`` (as a path found it, the cells' own constraints on), checked sound by a fresh
    solver."""
    g = constraint_groups(p.board, p.rules)
    cited = [x for x in g.groups if x.label in labels]
    cells = [x for x in g.groups if x.kind == "cell"]
    assert implies([*cited, *cells], list(facts), list(derived))
    step = Step(derived, tuple(x.index for x in cited), tuple(facts), "deduction")
    placed = [0] * 81
    for x in facts:
        if x > 0:
            placed[(x - 1) // 9] = (x - 1) % 9 + 1
    name, _ = name_and_weight(g, step, placed, facts)
    return name, step_teach(g, step, name, placed, facts)


def test_an_arrow_with_its_box_adds_up_different_digits():
    # an arrow's circle is its line's sum; the line's cells in one box differ, so they
    # make at least 1+2+3: the arithmetic of "arrow sum + box", not a chain
    e = _path((ROOT / "examples" / "arrows.json").read_text(), 16)
    step = _first(e, "arrow sum + box")
    arrow, box = sorted((e.groups.groups[k] for k in step.groups),
                        key=lambda g: g.kind != "arrow")
    (a,) = arrow.rule.arrows
    (circle,), line = tuple(a.circle), list(a.line)
    cells = [circle, *line]
    cand = _cand(9, step.facts, cells)
    inside = [c for c in cells if c in box.cells]
    fills = [w for w in product(*(sorted(cand[c]) for c in cells)) if w[0] == sum(w[1:])
             and len({w[cells.index(c)] for c in inside}) == len(inside)]
    assert (f"{_name(circle)} = {'+'.join(map(_name, line))} (digits may repeat, but not "
            f"within {box.label})") in step.teach
    totals = sorted({w[0] for w in fills})
    if len(fills) > 6:
        assert f"both sides add up to {totals[0]}–{totals[-1]}" in step.teach
    for x in step.derived:
        cell, d = _literal(9, x)
        held = {w[cells.index(cell)] for w in fills}
        assert (held == {d}) if x > 0 else d not in held
        assert f"{_name(cell)} keeps {_spans(held)}" in step.teach


# -- a sandwich read with its box ----------------------------------------------------------
def test_a_sandwich_with_a_box_confines_a_digit_to_it():
    # row 5 sandwiches 19 between its 1 at r5c2 and 9 at r5c7, r5c4 = 5 and r5c3 ≠ 4
    # (the facts of the path of examples/sandwich.json): the 4 lies between, in box 5
    p = _puzzle(sandwiches=[{"clue": "r5c0", "sum": 19}])

    def at(name: str, d: int) -> int:
        return cell_var(p.board, p.board.parse_cell(name), d)
    facts = (at("r5c2", 1), -at("r5c3", 4), at("r5c4", 5), at("r5c7", 9))
    labels, name, _, teach = _step(p, -at("r4c5", 4), {"box 5"}, facts)
    assert name == "sandwich sum + box" and "box 5" in labels
    row = [36 + c for c in range(9)]
    cand = _cand(9, facts, row)
    fills = [w for w in permutations(range(1, 10)) if all(w[k] in cand[c]
                                                          for k, c in enumerate(row))
             and sum(w[min(w.index(1), w.index(9)) + 1:max(w.index(1), w.index(9))]) == 19]
    fours = sorted({row[w.index(4)] for w in fills})
    assert fours and all(c in (40, 41) for c in fours)  # r5c5, r5c6: box 5
    spots = ", ".join(_name(c) for c in fours)
    assert f"in row 5, 4 fits only at {spots}, in box 5;" in teach
    assert re.search(r"so r4c5≠4\.$", teach)


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "examples").glob("*.json")))
def test_every_constraint_of_an_example_has_its_own_label(name):
    """Labels name one constraint each, also where several start at one cell (two kropki
    dots at r2c6 were both `white dots at r2c6`: now `white dots at r2c6→r2c7` and
    `…→r3c6`)."""
    from collections import Counter

    from satdoku import load

    p = load(str(ROOT / "examples" / name))
    labels = Counter(g.label for g in constraint_groups(p.board, p.rules).groups)
    assert [x for x, k in labels.items() if k > 1] == []
    assert max(map(len, labels)) <= 60  # (two whole-board chess groups named 81 cells each)


def test_instances_that_share_a_start_say_their_way():
    from satdoku import load

    text = json.dumps({"size": 9, "givens": "." * 81,
                       "thermos": [["r1c1", "r1c2", "r1c3"], ["r1c1", "r2c1", "r3c1"]],
                       "arrows": [{"circle": ["r5c5"], "line": ["r5c6", "r5c7"]},
                                  {"circle": ["r5c5"], "line": ["r5c6", "r6c6"]}]})
    p = load(text)
    labels = {g.label for g in constraint_groups(p.board, p.rules).groups}
    assert {"thermo at r1c1→r1c2", "thermo at r1c1→r2c1", "arrow at r5c5→r5c6→r5c7",
            "arrow at r5c5→r5c6→r6c6"} <= labels

"""Every link of a forcing chain's (net's, whisper parity chain's) teach text holds: read
from the text alone and checked from the rules (``variant_checker``), not through the CNF.

A trail reads ``Suppose r8c2=3. Then r8c3≠3 (row 8) → r8c3 high (parity of whispers 5 at
r8c3) → r9c2 low (…); r8c2 low (…, from r8c2=3) → contradiction in … (with r9c2 low)``.
Each item names literals (``r1c1=5``, ``r1c1≠5``, ``r1c1 high``/``low``: a digit of the
upper/lower side of a whisper line), the constraints they follow by, and what they follow
from: the item before when joined by ``→`` (the supposition for the first), plus the
literals after ``with``; after ``;`` only the literals after ``from``. The test parses that
and checks, by a search over the digits the facts known at the step leave, that those
literals and constraints imply every literal of the item — and that the last item's break
its constraint. A parity constraint is read as its definition: no middle digit, and
neighbours along the line on opposite sides.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise

import pytest
from variant_checker import Checker, Constraint

from conftest import DATA, ROOT
from satdoku import parse_puzzle
from satdoku.explain import explain
from satdoku.explain.groups import Group
from satdoku.formats import parse_json_puzzle

TOP = [ln.strip() for ln in (DATA / "top1465-100.txt").read_text().splitlines()
       if ln.strip() and not ln.startswith("#")]
#: name → (puzzle, steps of its path explained). The whisper path is cut after its two
#: parity chains (steps 55 and 139); top1465 #0 holds forcing chains and nets.
PATHS = {
    "whispers": (lambda: parse_json_puzzle((ROOT / "examples/whispers.json").read_text()), 140),
    "top1465-0": (lambda: parse_puzzle(TOP[0]), None),
    "killer": (lambda: parse_json_puzzle((ROOT / "examples/killer.json").read_text()), 50),
    "thermo": (lambda: parse_json_puzzle((ROOT / "examples/thermo.json").read_text()), 45),
}
LITERAL = re.compile(r"r(\d+)c(\d+)(?:([=≠])(\d+)| (high|low))$")


@cache
def path(name: str):
    make, steps = PATHS[name]
    return explain(make(), max_steps=steps)


def trails(name: str) -> list[tuple[int, str]]:
    """(step index, teach text) of the steps whose text is a trail."""
    return [(k, s.teach) for k, s in enumerate(path(name).steps)
            if "Suppose " in s.teach and ". Then " in s.teach]


class Reader:
    """Reads the literals and constraints of one path's texts."""

    def __init__(self, e) -> None:
        self.board = board = e.puzzle.board
        self.n = board.n
        self.checker = Checker(board, e.puzzle.rules)
        self.groups: dict[str, Group] = {}
        for g in e.groups.groups:
            assert g.label not in self.groups, f"two groups named {g.label}"
            self.groups[g.label] = g

    def sides(self, gap: int) -> tuple[set[int], set[int]]:
        """The low and the high digits of a whisper line of ``gap`` (n/2 or more)."""
        return ({d for d in range(1, self.n + 1) if d + gap <= self.n},
                {d for d in range(1, self.n + 1) if d - gap >= 1})

    def literal(self, text: str) -> tuple[int, list[int]]:
        """A literal's cell, and the cell literals it states (``cell·n + digit``, negative:
        not that digit)."""
        m = LITERAL.match(text)
        assert m, f"not a literal: {text!r}"
        cell = (int(m[1]) - 1) * self.n + int(m[2]) - 1
        if m[3]:
            x = cell * self.n + int(m[4])
            return cell, [x if m[3] == "=" else -x]
        gaps = {g.rule.lines[0].gap(self.n) for g in self.groups.values()  # type: ignore[union-attr]
                if g.kind == "whispers" and cell in g.cells}
        assert len(gaps) == 1, text
        low, high = self.sides(gaps.pop())
        side = high if m[5] == "high" else low
        return cell, [-(cell * self.n + d) for d in range(1, self.n + 1) if d not in side]

    def constraint(self, label: str) -> tuple[list[Constraint], tuple[int, ...]]:
        """What a named constraint says, and its cells."""
        if label.startswith("parity of "):
            g = self.groups[label.removeprefix("parity of ")]
            line = tuple(g.rule.lines[0].cells)  # type: ignore[union-attr]
            low, high = self.sides(g.rule.lines[0].gap(self.n))  # type: ignore[union-attr]

            def holds(digits: tuple[int, ...]) -> bool:
                if any(d and d not in low | high for d in digits):
                    return False
                return all(not a or not b or (a in high) != (b in high)
                           for a, b in pairwise(digits))
            return [Constraint(label, line, holds=holds)], line
        assert label in self.groups, f"no constraint {label!r}"
        g = self.groups[label]
        return self.checker.constraints(g), g.cells

    def follows(self, labels: list[str], facts: list[int], derived: list[int] | None) -> bool:
        """Whether ``labels`` with ``facts`` imply every literal of ``derived`` (None: break,
        no digits at all)."""
        said = [self.constraint(label) for label in labels]
        constraints = [c for cs, _ in said for c in cs]
        cells = {i for _, cells in said for i in cells}
        for y in [None] if derived is None else derived:
            doms = self.checker.domains([*facts, *([] if y is None else [-y])])
            if doms is None:
                continue
            if y is not None:
                cells.add((abs(y) - 1) // self.n)
            doms = {i: ds for i, ds in doms.items() if i in cells}
            if self.checker.counter_model(constraints, doms) is not None:
                return False
        return True


def items(chain: str) -> list[tuple[str, str]]:
    """(separator before it, item) for each item of a trail."""
    parts = re.split(r"( → |; )", chain)
    return [("", parts[0]), *zip(parts[1::2], parts[2::2], strict=True)]


def parse(item: str) -> tuple[str, list[str], list[str], str]:
    """(literals, constraint labels, literals it follows from, 'with'/'from'/'') of an item;
    the literals are '' for the contradiction."""
    how, rests = "", []
    if item.startswith("contradiction in "):
        said, body = "", item.removeprefix("contradiction in ")
        for word in ("with", "from"):
            if body.endswith(")") and f" ({word} " in body:
                body, _, tail = body[:-1].rpartition(f" ({word} ")
                how, rests = word, tail.split(", ")
    else:
        assert item.endswith(")"), item
        said, _, body = item[:-1].partition(" (")
        for word in ("with", "from"):
            if f", {word} " in body:
                body, _, tail = body.rpartition(f", {word} ")
                how, rests = word, tail.split(", ")
    if rests == ["the digits left"]:
        rests = []
    return said, body.split(" and "), rests, how


def check_trail(reader: Reader, facts: list[int], teach: str) -> int:
    """Check each link of ``teach``'s trail; the number of links checked."""
    supposed = teach.split("Suppose ", 1)[1].split(". Then ", 1)[0]
    chain = teach.split(". Then ", 1)[1].split(". So ", 1)[0]
    stated = {supposed: reader.literal(supposed)[1]}
    before = [supposed]
    checked = 0
    for k, (gap, item) in enumerate(items(chain)):
        if k == 0 and item == supposed and gap == "":
            continue  # (the chain opens on the supposition: a clash at once)
        said, labels, rests, how = parse(item)
        assert gap or k == 0, item
        assert (how == "from") == (gap == "; ") or gap == "", item  # "; " names all it rests on
        for x in rests:
            assert x in stated, f"{x} is named before it is stated: {teach}"
        grounds = [*rests, *(before if how != "from" else [])]
        lits = [y for x in grounds for y in stated[x]]
        if not said:
            assert k == len(items(chain)) - 1, teach
            assert reader.follows(labels, [*facts, *lits], None), \
                f"{', '.join(grounds)} do not break {labels}: {teach}"
            return checked + 1
        names = said.split(", ")
        derived = [y for x in names for y in reader.literal(x)[1]]
        assert reader.follows(labels, [*facts, *lits], derived), \
            f"{said} does not follow from {', '.join(grounds)} by {labels}: {teach}"
        checked += 1
        stated.update({x: reader.literal(x)[1] for x in names})
        before = names
    raise AssertionError(f"no contradiction at the end: {teach}")


@pytest.mark.parametrize("name", sorted(PATHS))
def test_every_link_of_a_trail_holds(name):
    e = path(name)
    reader = Reader(e)
    found = trails(name)
    assert found, f"no trail on the {name} path"
    links = 0
    for k, teach in found:
        links += check_trail(reader, sorted(e.known_after(k)), teach)
    assert links >= len(found)


def test_the_whisper_parity_chain_names_each_link_s_ground():
    """trial.md T5: r8c2 is low because it is 3, r9c2 because r8c3 is high."""
    teach = path("whispers").steps[54].teach
    assert "Suppose r8c2=3. Then r8c3≠3 (row 8) → r8c3 high" in teach
    assert "→ r9c2 low (parity of whispers 5 at r8c3)" in teach
    assert "r8c2 low (parity of whispers 5 at r8c3, from r8c2=3)" in teach
    assert teach.endswith("→ contradiction in parity of whispers 5 at r8c3 "
                          "(with r9c2 low). So r8c2≠3.")


def test_a_wrong_link_is_caught():
    """The reading is no rubber stamp: the old text's "r8c3 high → r8c2 low" fails."""
    e = path("whispers")
    reader = Reader(e)
    facts = sorted(e.known_after(54))
    wrong = ("Suppose r8c2=3. Then r8c3≠3 (row 8) → r8c3 high (parity of whispers 5 at "
             "r8c3) → r8c2 low (parity of whispers 5 at r8c3) → contradiction in parity of "
             "whispers 5 at r8c3. So r8c2≠3.")
    with pytest.raises(AssertionError, match="r8c2 low does not follow"):
        check_trail(reader, facts, wrong)

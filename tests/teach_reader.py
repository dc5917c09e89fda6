"""Reading a one-constraint variant teach text back, and checking it by brute force.

What a text says each cell keeps (``r3c3 keeps 1,2``, ``r2c2 is 8``, a whisper's ``r1c2
1,2,8``), what it says the facts leave (``the facts leave r2c4 1–3,9``) and what an arrow's
line makes are parsed from the words, then compared with every filling of the rule's cells,
the rule written here directly (independent of ``satdoku.explain``): each stated keep must
lie within the digits the cited facts leave, hold every digit some filling puts there, and
rule out each elimination of the step (or force its placement).

Used by ``tests/test_explain_teach_truth.py`` and ``scripts/teach_arithmetic.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise

CELL = r"r\d+c\d+"
SPANS = r"\d+(?:–\d+)?(?:,\d+(?:–\d+)?)*"


def digits(spans: str) -> set[int]:
    """``1–3,9`` → {1, 2, 3, 9}."""
    out: set[int] = set()
    for part in spans.split(","):
        a, _, b = part.partition("–")
        out |= set(range(int(a), int(b or a) + 1))
    return out


def stated_keeps(text: str) -> dict[str, set[int]]:
    """Cell name → the digits the text says it keeps (the last statement wins)."""
    keeps = {c: digits(s) for c, s in re.findall(rf"({CELL}) keeps ({SPANS})", text)}
    keeps.update({c: {int(d)} for c, d in re.findall(rf"({CELL}) is (\d+)\b", text)})
    whisper = re.search(r"the cells keep (.*?); so ", text)
    if whisper:
        keeps.update({c: digits(s) for c, s in re.findall(rf"({CELL}) ({SPANS})",
                                                          whisper.group(1))})
    return keeps


def stated_sets(text: str) -> dict[str, set[int]]:
    """Cell name → the digits of the sets a cage's text says its cells can be (each cell
    keeps those of its digits left)."""
    sets = re.search(rf"with the digits left in ((?:{CELL}, )*{CELL}), can only be "
                     r"((?:\{[\d+]+\}|\d+–\d+)(?: or (?:\{[\d+]+\}|\d+–\d+))*)", text)
    if not sets:
        return {}
    union: set[int] = set()
    for one in sets.group(2).split(" or "):  # {1+2+6} (a cage) or 2–5 (a renban run)
        union |= digits(one) if "–" in one else {int(d) for d in re.findall(r"\d+", one)}
    return {c: union for c in sets.group(1).split(", ")}


def stated_left(text: str) -> dict[str, set[int]]:
    """Cell name → the digits the text says the facts leave it."""
    m = re.search(r"the facts leave (.*?);", text)
    return {} if not m else {c: digits(s) for c, s in re.findall(rf"({CELL}) ({SPANS})",
                                                                  m.group(1))}


#: The names of the steps read here (one variant constraint, maybe with cells' own).
NAMES = ("thermometer bounds", "arrow sum", "whisper bounds", "cage combinations",
         "renban window")

#: A rule over a filling (a tuple of digits, the cells in order), also tried on prefixes
#: to prune: (whole filling → holds, prefix → may still hold).
Rule = tuple[Callable[[tuple[int, ...]], bool], Callable[[tuple[int, ...]], bool]]


def thermo(slow: bool) -> Rule:
    def ok(w: tuple[int, ...]) -> bool:
        return all(a <= b if slow else a < b for a, b in pairwise(w))
    return ok, ok


def arrow(line_len: int) -> Rule:  # the circle first
    return (lambda w: w[0] == sum(w[1:]),
            lambda p: sum(p[1:]) + line_len + 1 - len(p) <= p[0])


def whisper(gap: int) -> Rule:
    def ok(w: tuple[int, ...]) -> bool:
        return all(abs(a - b) >= gap for a, b in pairwise(w))
    return ok, ok


def cage(sums: Sequence[int]) -> Rule:
    return (lambda w: len(set(w)) == len(w) and sum(w) in sums,
            lambda p: len(set(p)) == len(p) and sum(p) <= max(sums))


def renban(size: int) -> Rule:
    def ok(w: tuple[int, ...]) -> bool:
        return len(set(w)) == len(w) and max(w) - min(w) < size
    return ok, ok


def projection(cells: Sequence[int], cand: dict[int, set[int]], rule: Rule
               ) -> dict[int, set[int]]:
    """The digits some filling that keeps ``rule`` puts in each cell."""
    holds, prune = rule
    seen: dict[int, set[int]] = {c: set() for c in cells}

    def grow(prefix: tuple[int, ...]) -> None:
        if len(prefix) == len(cells):
            if holds(prefix):
                for c, d in zip(cells, prefix, strict=True):
                    seen[c].add(d)
            return
        for d in sorted(cand[cells[len(prefix)]]):
            if prune((*prefix, d)):
                grow((*prefix, d))
    grow(())
    return seen


def problems(board, cells: Sequence[int], rule: Rule, facts: Sequence[int],
             derived: Sequence[int], text: str) -> list[str]:
    """What is wrong with ``text`` (empty: it is true and accounts for the step)."""
    n = board.n
    cand = {c: set(range(1, n + 1)) for c in cells}
    for y in facts:
        c, d = divmod(abs(y) - 1, n)
        if c in cand:
            cand[c] = {d + 1} if y > 0 else cand[c] - {d + 1}
    real = projection(cells, cand, rule)
    name = {board.cell_name(c): c for c in cells}
    keeps = {k: v & cand[name[k]] for k, v in stated_sets(text).items() if k in name}
    keeps |= stated_keeps(text)
    out = [f"{k} keeps {sorted(v)}, but the facts leave {sorted(cand[name[k]])}"
           for k, v in keeps.items() if k in name and not v <= cand[name[k]]]
    out += [f"{k} keeps {sorted(v)}, but a filling puts {sorted(real[name[k]] - v)} there"
            for k, v in keeps.items() if k in name and not real[name[k]] <= v]
    out += [f"the facts leave {k} {sorted(cand[name[k]])}, not {sorted(v)}"
            for k, v in stated_left(text).items() if cand[name[k]] != v]
    made = re.search(rf"the line makes ({SPANS})", text)
    if made and len(cells) > 1:
        sums = {sum(w) for w in _fillings(cells[1:], cand)}
        if digits(made.group(1)) != sums:
            out.append(f"the line makes {sorted(sums)}, not {made.group(1)}")
    for x in derived:
        c, d = divmod(abs(x) - 1, n)
        said = keeps.get(board.cell_name(c))
        if said is None or (d + 1 in said if x < 0 else said != {d + 1}):
            out.append(f"the text does not show {board.cell_name(c)}"
                       f"{'≠' if x < 0 else '='}{d + 1}")
    return out


def _fillings(cells: Sequence[int], cand: dict[int, set[int]]) -> list[tuple[int, ...]]:
    """Every filling of ``cells`` with the digits left (no rule)."""
    out: list[tuple[int, ...]] = [()]
    for c in cells:
        out = [(*w, d) for w in out for d in sorted(cand[c])]
    return out


def rule_of(g, n: int = 9):
    """(cells in the rule's order, the rule as written here) of a group of one of
    :data:`NAMES`' rules."""
    rule = g.rule
    lines, arrows, cages = (getattr(rule, k, ()) for k in ("lines", "arrows", "cages"))
    if rule.name in ("thermo", "slow thermo") and len(lines) == 1:
        return tuple(lines[0]), thermo(rule.name == "slow thermo")
    if rule.name == "whispers" and len(lines) == 1:
        return tuple(lines[0].cells), whisper(lines[0].gap(n))
    if len(arrows) == 1 and len(arrows[0].circle) == 1:
        return (*arrows[0].circle, *arrows[0].line), arrow(len(arrows[0].line))
    if rule.name == "renban" and len(lines) == 1:
        return tuple(lines[0]), renban(len(lines[0]))
    if len(cages) == 1 and cages[0].total is not None:
        return tuple(cages[0].cells), cage((cages[0].total,))
    return None


def checked_steps(e):
    """(step number, problems) of each step of :data:`NAMES` citing one variant constraint
    (and maybe cells' own "one digit" constraints, which every filling keeps)."""
    out = []
    for k, step in enumerate(e.steps, 1):
        variant = [e.groups.groups[g] for g in step.groups
                   if e.groups.groups[g].kind != "cell"]
        if step.name in NAMES and len(variant) == 1:
            cells, rule = rule_of(variant[0], e.puzzle.board.n)
            out.append((k, problems(e.puzzle.board, cells, rule, step.facts, step.derived,
                                    step.teach)))
    return out

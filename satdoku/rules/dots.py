"""Dots and XV signs between neighbouring cells, and the negative constraint.

Glossary: a *pair* is two orthogonally adjacent cells; a *mark* sits on a pair's shared
edge with a number k and relates the pair's two digits: a *white dot* says they differ by k
(default 1, consecutive), a *black dot* that one is k times the other (default 2), an *XV
sign* that they add up to k (X = 10, V = 5). The *negative constraint* names kinds of mark
(white, black, x, v) that are all given: a pair carrying no mark of that family (no dot at
all for white/black, no XV sign at all for x/v) must NOT be related by the kind's default
relation (not consecutive; neither twice the other; not summing to 10; not to 5).

Encoding. A mark is a binary relation R between two cells; it is encoded by *support
clauses*: for each digit a of one cell, ``v(i,a) → ∨ {v(j,b) : b ≠ a, R(a,b)}`` (a unit
clause ``¬v(i,a)`` when no b fits), in both directions. Unit propagation then removes every
digit that has lost all its partners (arc consistency), e.g. 5 from both cells of a 1:2
black dot on 9×9 at once. The negative constraint forbids few related pairs per cell, so it
is encoded as binary conflict clauses ``¬v(i,a) ∨ ¬v(j,b)`` per unmarked pair and related
(a, b), as :class:`~satdoku.rules.pairs.PairRule` does (a support clause there would list
almost every digit and propagate almost nothing).

>>> from satdoku.board import Board
>>> b = Board.classic(4)
>>> rule = BlackDots((Mark((0, 1), 2),))
>>> [v.describe(b) for v in rule.violations(b, (3, 4) + (0,) * 14)]
['black dots: 3 and 4 do not have ratio 1:2 (r1c1, r1c2)']
>>> XVSums((Mark((0, 1), 10),)).markings(b)[0].label
'X'
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from cnf import AMO, Formula
from satdoku.board import Board
from satdoku.errors import RuleError
from satdoku.rules.base import Grid, Marking, Rule, Violation, cell_var
from satdoku.rules.data import DATA_KEYS, DataKey, list_schema
from satdoku.rules.json_values import (
    adjacent,
    at,
    expect,
    fail,
    read_int,
    read_object,
    read_pair,
)
from satdoku.rules.pairs import Move, cell_pairs

Pair = tuple[int, int]
#: A relation between two digits with a parameter k: ``related(a, b, k)``.
DigitRelation = Callable[[int, int, int], bool]


def differ_by(a: int, b: int, k: int) -> bool:
    return abs(a - b) == k


def in_ratio(a: int, b: int, k: int) -> bool:
    return a == k * b or b == k * a


def add_up_to(a: int, b: int, k: int) -> bool:
    return a + b == k


def support_clauses(board: Board, i: int, j: int,
                    related: Callable[[int, int], bool]) -> Iterator[list[int]]:
    """The support encoding of a relation between the digits of cells i and j: for every
    digit a of i, ``v(i,a) → ∨ v(j,b)`` over the b with ``related(a, b)``; then from j to i.

    >>> list(support_clauses(Board(2), 0, 1, lambda a, b: a == b))
    [[-1, 3], [-2, 4], [-3, 1], [-4, 2]]
    """
    digits = range(1, board.n + 1)
    for x, y, rel in ((i, j, related), (j, i, lambda a, b: related(b, a))):
        for a in digits:
            yield [-cell_var(board, x, a), *(cell_var(board, y, b) for b in digits if rel(a, b))]


def check_pair(board: Board, pair: Pair) -> None:
    """RuleError unless ``pair`` is two orthogonally adjacent cells of ``board``."""
    if not all(0 <= i < board.n * board.n for i in pair):
        raise RuleError(f"cell index {max(pair)} is outside the {board.n}x{board.n} board")
    if not adjacent(board, *pair, diagonal=False):
        raise RuleError(f"{board.cell_name(pair[0])} and {board.cell_name(pair[1])} are "
                        "not orthogonally adjacent")


def related_digits(relation: DigitRelation, k: int, n: int) -> tuple[Pair, ...]:
    """Every (a, b) of distinct digits 1..n that ``relation`` relates with parameter k
    (orthogonal neighbours share a row or column, so their digits always differ).

    >>> related_digits(add_up_to, 5, 4)
    ((1, 4), (2, 3), (3, 2), (4, 1))
    """
    return tuple((a, b) for a in range(1, n + 1) for b in range(1, n + 1)
                 if a != b and relation(a, b, k))


@dataclass(frozen=True)
class Mark:
    """A mark with number ``value`` on the edge between ``cells`` (i < j)."""

    cells: Pair
    value: int


@dataclass(frozen=True)
class PairMarks(Rule):
    """Every mark of one family (white dots, black dots or XV signs) of a puzzle."""

    marks: tuple[Mark, ...] = ()
    relation: ClassVar[DigitRelation]
    #: The relation in words after "do not", with ``{k}`` for the mark's number.
    phrase: ClassVar[str]
    default: ClassVar[int | None] = None
    style: ClassVar[str] = ""

    def check_board(self, board: Board) -> None:
        for k, mark in enumerate(self.marks, 1):
            try:
                check_pair(board, mark.cells)
                check_value(board, type(self), mark.value)
            except RuleError as err:
                raise RuleError(f"{self.name} {k}: {err}") from None

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for mark in self.marks:
            formula.extend(support_clauses(board, *mark.cells,
                                           partial(self.keeps, k=mark.value)))

    def keeps(self, a: int, b: int, k: int) -> bool:
        """Whether digits a and b (of two neighbours, so a ≠ b) keep a mark of number k."""
        return a != b and type(self).relation(a, b, k)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for mark in self.marks:
            (i, j), k = mark.cells, mark.value
            a, b = grid[i], grid[j]
            if a and b and not self.keeps(a, b, k):
                yield Violation(self.name, (i, j), f"{a} and {b} do not {self.phrase.format(k=k)}")
            elif bool(a) != bool(b) and not any(self.keeps(a or b, d, k)
                                                for d in range(1, board.n + 1)):
                yield Violation(self.name, (i, j), f"{a or b} and no digit 1..{board.n} "
                                                   f"{self.phrase.format(k=k)}")

    def label(self, value: int) -> str:
        """The text drawn with a mark of number ``value``."""
        return "" if value == self.default else str(value)

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("dot", m.cells, self.label(m.value), self.style) for m in self.marks)


@dataclass(frozen=True)
class WhiteDots(PairMarks):
    name: ClassVar[str] = "white dots"
    description: ClassVar[str] = "digits joined by a white dot differ by its number (1)"
    relation: ClassVar[DigitRelation] = staticmethod(differ_by)  # type: ignore[assignment]
    phrase: ClassVar[str] = "differ by {k}"
    default: ClassVar[int | None] = 1
    style: ClassVar[str] = "white"


@dataclass(frozen=True)
class BlackDots(PairMarks):
    name: ClassVar[str] = "black dots"
    description: ClassVar[str] = ("of two digits joined by a black dot, one is its "
                                  "number (2) times the other")
    relation: ClassVar[DigitRelation] = staticmethod(in_ratio)  # type: ignore[assignment]
    phrase: ClassVar[str] = "have ratio 1:{k}"
    default: ClassVar[int | None] = 2
    style: ClassVar[str] = "black"


#: XV sums drawn as a letter.
XV_LETTERS = {10: "X", 5: "V"}


@dataclass(frozen=True)
class XVSums(PairMarks):
    name: ClassVar[str] = "xv"
    description: ClassVar[str] = "digits joined by an X add up to 10, by a V to 5 (or the number)"
    relation: ClassVar[DigitRelation] = staticmethod(add_up_to)  # type: ignore[assignment]
    phrase: ClassVar[str] = "add up to {k}"

    def label(self, value: int) -> str:
        return XV_LETTERS.get(value, str(value))

    def markings(self, board: Board) -> Sequence[Marking]:
        return tuple(Marking("text", m.cells, self.label(m.value)) for m in self.marks)


def check_value(board: Board, kind: type[PairMarks], value: int) -> None:
    """RuleError unless two distinct digits 1..n can keep a mark of number ``value``."""
    if not related_digits(kind.relation, value, board.n):
        possible = [k for k in range(2 * board.n) if related_digits(kind.relation, k, board.n)]
        raise RuleError(f"no two digits 1..{board.n} {kind.phrase.format(k=value)} "
                        f"(possible: {possible[0]}..{possible[-1]})")


# -- the negative constraint ------------------------------------------------------------------
@dataclass(frozen=True)
class NegativeKind:
    """A kind of mark whose absence means something: a pair with no mark of its ``family``
    (``dotted`` or ``signed``) must not have ``relation`` with number ``value``."""

    family: str
    relation: DigitRelation
    value: int
    words: str


NEGATIVE_KINDS: Mapping[str, NegativeKind] = {
    "white": NegativeKind("dotted", differ_by, 1, "are consecutive"),
    "black": NegativeKind("dotted", in_ratio, 2, "are in ratio 1:2"),
    "x": NegativeKind("signed", add_up_to, 10, "add up to 10"),
    "v": NegativeKind("signed", add_up_to, 5, "add up to 5"),
}
#: Family → (the JSON keys of its marks, what its marks are called).
FAMILIES = {"dotted": (("white_dots", "black_dots"), "dot"), "signed": (("xv",), "X or V")}


@dataclass(frozen=True)
class NegativeConstraint(Rule):
    """Pairs without a mark of each family in ``kinds`` are not related by its default:
    ``dotted`` are the pairs with a white or black dot, ``signed`` those with an XV sign."""

    kinds: tuple[str, ...]
    dotted: tuple[Pair, ...] = ()
    signed: tuple[Pair, ...] = ()
    name: ClassVar[str] = "negative"
    description: ClassVar[str] = ("every dot / X / V of the kinds named is given: unmarked "
                                  "neighbours are not so related")

    def __post_init__(self) -> None:  # pairs in one order, so that equal rules compare equal
        for family in FAMILIES:
            pairs = {(min(p), max(p)) for p in getattr(self, family)}
            object.__setattr__(self, family, tuple(sorted(pairs)))

    def check_board(self, board: Board) -> None:
        for kind in self.kinds:
            if kind not in NEGATIVE_KINDS:
                raise RuleError(f"negative: unknown kind {kind!r}; use white, black, x or v")
        for pair in (*self.dotted, *self.signed):
            check_pair(board, pair)

    def unmarked(self, board: Board, kind: str) -> Iterator[Pair]:
        """The orthogonal pairs of ``board`` that carry no mark of ``kind``'s family."""
        marked = set(getattr(self, NEGATIVE_KINDS[kind].family))
        return (p for p in cell_pairs(board.n, Move.ORTHOGONAL) if p not in marked)

    def encode(self, board: Board, formula: Formula, amo: AMO) -> None:
        for kind in self.kinds:
            spec = NEGATIVE_KINDS[kind]
            related = related_digits(spec.relation, spec.value, board.n)
            formula.extend([-cell_var(board, i, a), -cell_var(board, j, b)]
                           for i, j in self.unmarked(board, kind) for a, b in related)

    def violations(self, board: Board, grid: Grid) -> Iterator[Violation]:
        for kind in self.kinds:
            spec = NEGATIVE_KINDS[kind]
            for i, j in self.unmarked(board, kind):
                a, b = grid[i], grid[j]
                if a and b and a != b and spec.relation(a, b, spec.value):
                    mark = FAMILIES[spec.family][1]
                    yield Violation(self.name, (i, j),
                                    f"{a} and {b} {spec.words} but have no {mark} between them")


# -- JSON -------------------------------------------------------------------------------------
#: JSON key → (rule type, the name of the number in an object, whether a bare pair may
#: stand for a mark with the default number).
MARK_KEYS: dict[str, tuple[type[PairMarks], str, bool]] = {
    "white_dots": (WhiteDots, "value", True),
    "black_dots": (BlackDots, "value", True),
    "xv": (XVSums, "sum", False),
}


def _read_sorted_pair(board: Board, value: Any, path: str) -> Pair:
    i, j = read_pair(board, value, path)
    return (i, j) if i < j else (j, i)


def _read_mark(key: str, board: Board, item: Any, where: str) -> Mark:
    kind, number, bare = MARK_KEYS[key]
    if bare and isinstance(item, list):
        assert kind.default is not None
        return Mark(_read_sorted_pair(board, item, where), kind.default)
    shape = f'{{"cells": ["r1c1", "r1c2"], "{number}": k}}'
    obj = read_object(item, where, ("a pair of cells or " if bare else "") + shape,
                      ("cells", number), ("cells",) if bare else ("cells", number))
    pair = _read_sorted_pair(board, obj["cells"], f"{where}.cells")
    value = read_int(obj.get(number, kind.default), f"{where}.{number}")
    with at(f"{where}.{number}"):
        check_value(board, kind, value)
    return Mark(pair, value)


def _read_marks(key: str, board: Board, value: Any, path: str, puzzle: Any) -> PairMarks:
    marks: list[Mark] = []
    first: dict[Pair, int] = {}
    for k, item in enumerate(value):
        mark = _read_mark(key, board, item, f"{path}[{k}]")
        if mark.cells in first:
            raise fail(f"{path}[{k}]", f"{'-'.join(map(board.cell_name, mark.cells))} is "
                                       f"already marked by {path}[{first[mark.cells]}]")
        first[mark.cells] = k
        marks.append(mark)
    return MARK_KEYS[key][0](tuple(marks))


def _write_marks(key: str, board: Board, rule: PairMarks) -> list:
    _, number, bare = MARK_KEYS[key]
    out: list = []
    for mark in rule.marks:
        cells = [board.cell_name(i) for i in mark.cells]
        out.append(cells if bare and mark.value == rule.default else
                   {"cells": cells, number: mark.value})
    return out


def _marked_pairs(board: Board, keys: tuple[str, ...], path: str,
                  puzzle: Mapping[str, Any]) -> tuple[Pair, ...]:
    """The pairs marked under ``keys`` of the puzzle object (read by their own readers)."""
    base = path.rpartition(".")[0]
    pairs: set[Pair] = set()
    for key in keys:
        if puzzle.get(key):
            where = f"{base}.{key}"
            rule = DATA_KEYS[key].read(board, expect(puzzle[key], list, where, "a list"),
                                       where, puzzle)
            pairs.update(m.cells for m in rule.marks)  # type: ignore[attr-defined]
    return tuple(sorted(pairs))


def _read_negative(board: Board, value: Any, path: str,
                   puzzle: Mapping[str, Any]) -> NegativeConstraint:
    kinds = set()
    for k, item in enumerate(value):
        name = expect(item, str, f"{path}[{k}]", "a kind of mark: white, black, x or v")
        if name not in NEGATIVE_KINDS:
            close = difflib.get_close_matches(name, NEGATIVE_KINDS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise fail(f"{path}[{k}]", f"unknown kind {name!r}{hint}; use white, black, x or v")
        kinds.add(name)
    marked = {family: _marked_pairs(board, keys, path, puzzle)
              for family, (keys, _) in FAMILIES.items()}
    return NegativeConstraint(tuple(k for k in NEGATIVE_KINDS if k in kinds), **marked)


PAIR_SCHEMA = {"type": "array", "items": {"$ref": "#/$defs/cell"}, "minItems": 2,
               "maxItems": 2, "description": "Two orthogonally adjacent cells."}


def _mark_schema(number: str, bare: bool, description: str) -> dict[str, Any]:
    obj = {"type": "object", "additionalProperties": False,
           "required": ["cells"] if bare else ["cells", number],
           "properties": {"cells": PAIR_SCHEMA, number: {"type": "integer"}}}
    return list_schema({"anyOf": [PAIR_SCHEMA, obj]} if bare else obj, description)


_SUMMARIES = {
    "white_dots": ('white dots: [["r1c1", "r1c2"], {"cells": [...], "value": 3}, ...]; the '
                   "digits differ by value (1)"),
    "black_dots": ('black dots: [["r1c1", "r1c2"], {"cells": [...], "value": 3}, ...]; one '
                   "digit is value (2) times the other"),
    "xv": 'XV sums: [{"cells": ["r1c1", "r1c2"], "sum": 10}, ...]; X = 10, V = 5',
}

#: The JSON keys of this family (listed in satdoku.rules.data.DATA_KEY_TABLE).
KEYS: list[DataKey] = []
for _key, (_kind, _number, _bare) in MARK_KEYS.items():
    KEYS.append(DataKey(
        _key, _SUMMARIES[_key], _kind, partial(_read_marks, _key), partial(_write_marks, _key),
        _mark_schema(_number, _bare, _SUMMARIES[_key].split(":")[0].capitalize() + ": "
                     + _kind.description + "."),
        aliases=(_key[:-1],) if _key.endswith("s") else ()))

KEYS.append(DataKey(
    "negative", 'negative constraint: ["white", "black", "x", "v"]; unmarked neighbours are '
                "not consecutive / 1:2 / summing to 10 / 5",
    NegativeConstraint, _read_negative, lambda board, rule: list(rule.kinds),
    list_schema({"enum": list(NEGATIVE_KINDS)},
                "Kinds of mark that are all given: white (no dot: not consecutive), black "
                "(no dot: not 1:2), x (no X or V: sum not 10), v (no X or V: sum not 5).")))

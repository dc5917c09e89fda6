"""What to generate for: a template, jigsaw regions, killer cages and drawn pieces (``generate``'s
``--template``, ``--jigsaw``, ``--killer``, ``--cage-size`` and ``--draw``) turned into the
board, the rules and the generator's options.

A *template* is any puzzle satdoku reads (JSON with cages, lines, dots, regions …, an
f-puzzles link or JSON, a plain grid): its board and every rule are kept, and its givens are
kept in every puzzle (``keep``), kept in the grid but removable (``removable``), or dropped
(``drop``). A puzzle is *plain* when a line of digits and the command line say all of it
(boxes or a Latin square, no template rules, no per-puzzle data): then grid and line are the
default formats, else JSON.

Before any puzzle is made, :func:`check_fpuzzles` tells whether f-puzzles (``-f fpuzzles``,
``-f sudokupad``) can write what the options draw: a sample puzzle holding one piece of each
type they can add is written, so that a clash is refused at once, not at the first puzzle
that meets it (perhaps after minutes, and after other puzzles were written).

>>> cage_sizes("2-5"), cage_sizes("3")
((2, 5), (3, 3))
>>> [(d.kind, d.count) for d in draws("thermos:6,arrow,dots:all", 9)]
[('thermos', 6), ('arrows', 4), ('dots', None)]
>>> made = setup(Board.classic(9), None, TemplateGivens.keep, False, False, None, None, "auto",
...              "nonconsecutive", "thermos,dots")
>>> check_fpuzzles(made, "fpuzzles", "nonconsecutive")
Traceback (most recent call last):
...
satdoku.errors.RuleError: -f fpuzzles with --rules nonconsecutive and --draw dots: f-puzzles ...
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from satdoku.board import Board
from satdoku.errors import BoardError, ParseError, RuleError
from satdoku.formats.multigrid_options import layout_option
from satdoku.generating.drawing import KINDS, MARK_KINDS, Draw, default_count, merge, negative
from satdoku.generating.regions import random_regions
from satdoku.rules import Cage, KillerCages, Rule, parse_rules
from satdoku.rules.arrows import Arrow, Arrows
from satdoku.rules.base import require_multigrid
from satdoku.rules.data import writer_for
from satdoku.rules.dots import (
    NEGATIVE_KINDS,
    BlackDots,
    Mark,
    NegativeConstraint,
    WhiteDots,
    XVSums,
)
from satdoku.rules.thermo import Thermos


class TemplateGivens(str, Enum):
    """What becomes of a template's givens."""

    keep = "keep"
    removable = "removable"
    drop = "drop"


@dataclass
class Setup:
    """The board and rules to generate for, and the :class:`GenerateOptions` fields the
    layout options set."""

    board: Board
    rules: tuple[Rule, ...]
    options: dict[str, Any] = field(default_factory=dict)
    template: bool = False

    @property
    def plain(self) -> bool:
        """Whether a line of digits (and the command line) says the whole puzzle."""
        if self.board.multigrid and layout_option(self.board) is None:  # type: ignore[arg-type]
            return False  # (an arrangement with no name: its grids are in JSON only)
        return (self.board.regions is None and not self.options.get("jigsaw")
                and not self.options.get("cages") and not self.options.get("draw")
                and not (self.template and self.rules)
                and all(writer_for(rule) is None for rule in self.rules))


def cage_sizes(text: str) -> tuple[int, int]:
    """``--cage-size`` text, ``MIN-MAX`` or ``N``, → (smallest, largest)."""
    low, _, high = text.strip().partition("-")
    try:
        sizes = int(low), int(high or low)
    except ValueError:
        raise BoardError(f"--cage-size {text!r}: expected MIN-MAX (e.g. 2-5) or one "
                         "size") from None
    if not 1 <= sizes[0] <= sizes[1]:
        raise BoardError(f"--cage-size {text}: sizes must satisfy 1 <= MIN <= MAX")
    return sizes


def draws(text: str, n: int) -> tuple[Draw, ...]:
    """``--draw`` text, comma-separated ``KIND[:COUNT]``, → what to draw on an n×n board."""
    aliases = {name: kind for kind, names in KINDS.items() for name in (kind, *names)}
    out: dict[str, Draw] = {}
    for item in text.split(","):
        name, _, count = (part.strip().lower() for part in item.partition(":"))
        if name not in aliases:
            raise BoardError(f"--draw {text}: unknown kind {name!r}; choose "
                             f"{', '.join(KINDS)} (each as KIND or KIND:COUNT)")
        kind = aliases[name]
        if kind in out:
            raise BoardError(f"--draw {text}: {kind} named twice")
        if count == "all" and kind in MARK_KINDS:
            out[kind] = Draw(kind, None)
        elif count.isdigit() or not count:
            out[kind] = Draw(kind, int(count) if count else default_count(kind, n))
        else:
            every = f", or all (every mark{'' if kind in MARK_KINDS else ': dots, xv only'})"
            raise BoardError(f"--draw {text}: {kind}:{count}: expected a count{every}")
    return tuple(out.values())


def _check_draws(wanted: tuple[Draw, ...], rules: tuple[Rule, ...]) -> None:
    """RuleError when a negative constraint of ``rules`` says every mark of a drawn kind is
    given already."""
    for rule in rules:
        if isinstance(rule, NegativeConstraint):
            for draw in (d for d in wanted if d.kind in MARK_KINDS):
                family = "dotted" if draw.kind == "dots" else "signed"
                if any(NEGATIVE_KINDS[k].family == family for k in rule.kinds):
                    raise RuleError(f"--draw {draw.kind}: the template's negative constraint "
                                    f"says every mark of that kind is given already")


def setup(board: Board | None, template: str | None, template_givens: TemplateGivens, jigsaw: bool,
          killer: bool, cage_size: str | None, size: int | None, box: str,
          rules: str, draw: str | None = None) -> Setup:
    """The board, rules and options of one ``generate`` run (``board`` comes from --size and
    --box and is replaced by the template's). Errors name the options at fault."""
    if template is None:
        assert board is not None, "no template: the board of --size and --box"
        made = Setup(board, parse_rules(rules))
    else:
        if jigsaw:
            raise BoardError("--jigsaw and --template do not go together: the template sets "
                             "the board")
        made = _template(template, template_givens, size, box, rules)
    if jigsaw:
        if box.strip().lower() not in ("auto", ""):
            raise BoardError(f"--box {box}: --jigsaw replaces the boxes by random regions; "
                             "give --size")
        made.options["jigsaw"] = True
    if killer:
        if any(isinstance(rule, KillerCages) for rule in made.rules):
            raise RuleError("--killer: the template has cages already")
        n = made.board.n
        low, high = cage_sizes(cage_size) if cage_size else (min(2, n), min(5, n))
        if high > n:
            raise BoardError(f"--cage-size {cage_size}: a cage of a {n}x{n} board holds at "
                             f"most {n} cells (its digits differ)")
        made.options["cages"] = (low, high)
    if draw:
        made.options["draw"] = draws(draw, made.board.n)
        _check_draws(made.options["draw"], made.rules)
    require_multigrid(made.board, made.rules)
    for rule in made.rules:
        if not jigsaw:  # a jigsaw board is drawn later: its generator checks each one
            rule.check_board(made.board)
    return made


def _template(template: str, mode: TemplateGivens, size: int | None, box: str,
              rules: str) -> Setup:
    from satdoku.formats.loader import one_puzzle, read_records

    records, name = read_records(template, box, rules)
    puzzle = one_puzzle(records, name, "generate --template")
    board = puzzle.board
    if size is not None and size != board.n:
        raise BoardError(f"--size {size} does not match the template's {board.n}x{board.n} "
                         "board")
    if puzzle.eliminated:
        raise ParseError(f"{name}: a template with eliminated candidates (pencil marks) is "
                         "not supported")
    made = Setup(board, puzzle.rules, template=True)
    if mode is not TemplateGivens.drop and any(puzzle.givens):
        made.options.update(givens=puzzle.givens, keep_givens=mode is TemplateGivens.keep)
    return made


#: One piece of each type a ``--draw`` kind makes (values as drawn: white dots 1, black 2,
#: X 10 and V 5), on the first two rows of an n×n board; and the negative constraint of
#: ``KIND:all``.
SAMPLES: dict[str, Callable[[int], list[Rule]]] = {
    "thermos": lambda n: [Thermos(((0, 1),))],
    "arrows": lambda n: [Arrows((Arrow((0,), (1,)),))],
    "dots": lambda n: [WhiteDots((Mark((0, 1), 1),)), BlackDots((Mark((n, n + 1), 2),))],
    "xv": lambda n: [XVSums((Mark((0, 1), 5), Mark((n, n + 1), 10)))],
}
NEGATIVE = {"dots": ("white", "black"), "xv": ("x", "v")}


def check_fpuzzles(made: Setup, site: str, rules: str) -> None:
    """RuleError (one line: the clashing options, what f-puzzles cannot express, what to use
    instead) when the f-puzzles writer would refuse puzzles of these options; ``site`` is the
    format asked for, ``rules`` the --rules text."""
    from satdoku.formats.fpuzzles_write import to_fpuzzles
    from satdoku.puzzle import Puzzle

    board, n = made.board, made.board.n
    if made.options.get("jigsaw"):  # a sample map: regions change how some rules are written
        board = Board(n, regions=random_regions(n, random.Random(0)))
        for rule in made.rules:
            rule.check_board(board)  # (windoku needs boxes: that error first)
    for names, trial in _trials(made, rules):
        try:
            to_fpuzzles(Puzzle(board, (0,) * board.num_cells, trial))
        except RuleError as err:
            said = " and ".join(names) if len(names) < 3 else ", ".join(names)
            raise RuleError(f"-f {site}{' with ' + said if said else ''}: {err}; use "
                            "-f json, which carries every constraint"
                            + (", or leave out one of those options" if len(names) > 1
                               else "")) from None


def _trials(made: Setup, rules: str) -> list[tuple[list[str], tuple[Rule, ...]]]:
    """The sample rule sets to write, each with the options that make it: the template's
    rules, with --rules, then with each option's sample pieces, then with all of them."""
    extra = parse_rules(rules) if rules.strip() else ()
    named = [f"--rules {rules}"] if extra else []
    trials = []
    if made.template:
        named.insert(0, "--template")
        trials.append((["--template"], tuple(r for r in made.rules if r not in extra)))
    trials.append((named, made.rules))
    parts: dict[str, list[Rule]] = {}
    n = made.board.n
    if made.options.get("cages"):
        parts["--killer"] = [KillerCages((Cage((0, 1), 3),))]
    for draw in made.options.get("draw", ()):
        pieces = SAMPLES[draw.kind](n) if n > 1 else []
        if draw.count is None:
            pieces.append(negative(pieces, NEGATIVE[draw.kind]))
        parts[f"--draw {draw.kind}{':all' if draw.count is None else ''}"] = pieces
    together = [piece for pieces in parts.values() for piece in pieces]
    for names, pieces in [*((([*named, k], v) for k, v in parts.items())),
                          ([*named, *parts], together)]:
        drawn = [p for p in pieces if not isinstance(p, KillerCages)]  # (cages: their own)
        trials.append((names, (*merge(made.rules, drawn), *(p for p in pieces
                                                           if p not in drawn))))
    return trials

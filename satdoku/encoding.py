"""Board + rules → CNF, as a visible pipeline of pure steps, cached per (board, rules, options).

Cell variables are ``v(r,c,d) = (r·n + c)·n + d`` (1..n³); auxiliaries follow. The classic
Sudoku encodings differ only in which cell and region constraints they add:

========== ================= ================= ==================== =====================
encoding   cell ≥1 digit     cell ≤1 digit     region: digit ≤1     region: digit ≥1
========== ================= ================= ==================== =====================
minimal    yes               –                 yes                  –
efficient  yes               yes               yes                  –
extended   yes               yes               yes                  yes (full regions)
augmented  as extended, plus box-line triads (see :mod:`satdoku.triads`)
========== ================= ================= ==================== =====================

>>> from satdoku.board import Board
>>> f = build(Board.classic(4), (), Encoding.EXTENDED, AMO.PAIRWISE)
>>> f.num_vars, len(f.clauses)
(64, 448)
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache

from cnf import AMO, Formula, at_least_one, at_most_one
from satdoku.board import Board
from satdoku.rules import Rule, cell_var, classic_rules


class Encoding(str, Enum):
    """The classic Sudoku encodings, named as in the literature."""

    MINIMAL = "minimal"
    EFFICIENT = "efficient"
    EXTENDED = "extended"
    AUGMENTED = "augmented"


DEFAULT_ENCODING = Encoding.EXTENDED
DEFAULT_AMO = AMO.PAIRWISE


@lru_cache(maxsize=64)
def all_rules(board: Board, rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The board's classic rules followed by the variant ``rules`` (cached)."""
    classic = classic_rules(board)
    return classic + tuple(r for r in rules if r not in classic)


@lru_cache(maxsize=16)
def build(board: Board, rules: tuple[Rule, ...] = (), encoding: Encoding = DEFAULT_ENCODING,
          amo: AMO = DEFAULT_AMO) -> Formula:
    """The CNF of ``board`` under its classic rules plus ``rules``. Cached: do not mutate."""
    encoding, amo = Encoding(encoding), AMO(amo)
    for rule in rules:
        rule.check_board(board)
    n = board.n
    formula = Formula(reserved=n ** 3)
    add_cell_constraints(formula, board, encoding, amo)
    rule_list = all_rules(board, rules)
    add_region_constraints(formula, board, rule_list, encoding, amo)
    if encoding is Encoding.AUGMENTED:
        from satdoku.triads import add_triads
        add_triads(formula, board, amo)
    for rule in rule_list:
        formula.group(rule.name)
        rule.encode(board, formula, amo)
    return formula


def add_cell_constraints(formula: Formula, board: Board, encoding: Encoding,
                         amo: AMO) -> None:
    """Every cell holds at least one digit; at most one unless the encoding is minimal."""
    n = board.n
    for cell in board.cells:
        lits = [cell_var(board, cell, d) for d in range(1, n + 1)]
        formula.group("cell at-least-one")
        at_least_one(formula, lits)
        if encoding is not Encoding.MINIMAL:
            formula.group("cell at-most-one")
            at_most_one(formula, lits, amo)


def add_region_constraints(formula: Formula, board: Board, rules: tuple[Rule, ...],
                           encoding: Encoding, amo: AMO) -> None:
    """Each digit at most once per region; at least once per full region (extended+)."""
    n = board.n
    with_alo = encoding in (Encoding.EXTENDED, Encoding.AUGMENTED)
    for rule in rules:
        for region in rule.regions(board):
            for d in range(1, n + 1):
                lits = [cell_var(board, i, d) for i in region]
                formula.group(f"{rule.name} at-most-one")
                at_most_one(formula, lits, amo)
                if with_alo and len(region) == n:
                    formula.group(f"{rule.name} at-least-one")
                    at_least_one(formula, lits)

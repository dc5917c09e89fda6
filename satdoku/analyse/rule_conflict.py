"""When the rules alone admit no solution: which constraints clash.

Glossary: a *constraint group* is one constraint a setter would name — a cell's "one digit",
a row, a box, one killer cage, one thermometer, one dot (:mod:`satdoku.explain.groups`);
a *rule conflict* is a set of groups that together admit no solution even with no given,
*minimal* when dropping any one of them leaves a solution.

Every group's clauses are guarded by a selector literal, so one solver answers for any subset:
the unsat core over the selectors (all switched on), shrunk by deletion as
:func:`~satdoku.analyse.status.minimal_conflict` does for givens. The shrinking stops at
``seconds``; the set is then still a conflict, only not proven minimal.

>>> from satdoku.formats import parse_json_puzzle
>>> p = parse_json_puzzle('{"size": 4, "cages": [{"cells": ["r1c1", "r1c2"], "sum": 3}], '
...                       '"even": ["r1c1", "r1c2"]}')
>>> found = rule_conflict(p)
>>> found.minimal, found.labels          # a cage of 3 is 1 + 2: not both even
(True, ('killer 3 at r1c1', 'even r1c1', 'even r1c2'))
"""

from __future__ import annotations

from dataclasses import dataclass

from cnf import Session, SolveResult
from cnf.budget import Deadline
from satdoku.puzzle import Puzzle


@dataclass(frozen=True)
class RuleConflict:
    """The labels of a set of constraint groups with no solution, and whether it is minimal."""

    labels: tuple[str, ...]
    minimal: bool


def rule_conflict(puzzle: Puzzle, seconds: float = 2.0,
                  within: Deadline | None = None) -> RuleConflict | None:
    """A (minimal, time permitting: ``seconds`` to shrink it) set of constraints of
    ``puzzle`` that admit no solution without any given; None when the rules do admit one.
    TimeoutError when ``within`` passes before that is known."""
    from satdoku.explain.groups import constraint_groups  # only for unsolvable rules

    within = within or Deadline(None)
    groups = constraint_groups(puzzle.board, puzzle.rules, within)
    label = {g.selector: g.label for g in groups.groups}
    with Session(groups.formula, deadline=within) as session:
        answer = session.solve(list(label), time_limit=within.left())
        if answer is SolveResult.UNKNOWN:
            raise TimeoutError("time limit reached while looking for the rules' conflict")
        if answer is SolveResult.SAT:
            return None
        deadline = within.within(seconds)
        first = set(session.core())
        core = [s for s in label if s in first]
        k = 0
        while k < len(core) and not deadline.expired:
            trial = core[:k] + core[k + 1:]
            if session.solve(trial) is SolveResult.UNSAT:
                keep = set(session.core())
                core = [s for s in trial if s in keep]
            else:
                k += 1
        return RuleConflict(tuple(label[s] for s in core), minimal=k >= len(core))

"""Rules switched on and off in a running solver: each one behind its own selector literal.

A rule is encoded on its own (its regions and its clauses, exactly as the encoding pipeline
would) into a scratch formula, and every clause goes into the session as ``(¬s ∨ C)`` with a
fresh *selector* s; its auxiliary variables are renumbered to fresh session variables. A
call that assumes s has the rule; a call that does not, has not: adding, dropping or
replacing a rule (a killer cage split in two, say) costs no rebuild.

Glossary: a *selector* is an activation literal (:meth:`cnf.Session.activation`) that
guards one rule's clauses; assume it to switch the rule on.

>>> from cnf import Session, SolveResult
>>> from satdoku.board import Board
>>> from satdoku.encoding import build
>>> from satdoku.rules import Cage, KillerCages
>>> board = Board.classic(4)
>>> with Session(build(board)) as session:
...     s = add_guarded_rule(session, board, KillerCages((Cage((0, 1), 3),)))
...     with_cage = session.solve([s, cell_var(board, 0, 4)])
...     without = session.solve([cell_var(board, 0, 4)])
>>> with_cage.value, without.value
('unsat', 'sat')
"""

from __future__ import annotations

from cnf import AMO, Formula, Session
from satdoku.board import Board
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, Encoding, add_region_constraints
from satdoku.rules import Rule, cell_var

__all__ = ["add_guarded_rule", "cell_var"]


def add_guarded_rule(session: Session, board: Board, rule: Rule,
                     encoding: Encoding = DEFAULT_ENCODING, amo: AMO = DEFAULT_AMO) -> int:
    """Add ``rule`` to ``session`` behind a new selector and return the selector.

    ``session`` must hold a formula of ``board`` (cell variables ``1..n³``). Several rules
    added this way share no auxiliary variables, whatever their names.
    """
    rule.check_board(board)
    cells = board.n ** 3
    scratch = Formula(reserved=cells)
    add_region_constraints(scratch, board, (rule,), Encoding(encoding), AMO(amo))
    rule.encode(board, scratch, AMO(amo))
    if scratch.atmosts:  # native cardinality (amo="native") cannot be guarded clause-wise
        raise ValueError("guarded rules need a clausal at-most-one (not amo=native)")
    selector = session.activation()
    fresh: dict[int, int] = {}
    for clause in scratch.clauses:
        out = [-selector]
        for lit in clause:
            var = abs(lit)
            if var > cells:
                if var not in fresh:
                    fresh[var] = session.activation()
                var = fresh[var]
            out.append(var if lit > 0 else -var)
        session.add_clause(out)
    return selector

"""Certificates: a DRAT proof that a puzzle has no second solution (or none at all).

A proof of UNSAT *under assumptions* refutes nothing on its own, so the certificate is built
by a **fresh** proof-logging solver (CaDiCaL) on a self-contained CNF: the rules' encoding,
the givens as unit clauses and, for a unique puzzle, the clause "some blank cell differs from
the solution". That CNF is UNSAT exactly when no other solution exists. When the pure-Python
checker ``dratify`` is installed (``pip install satdoku[proof]``) it replays the proof
against the CNF text as written, sharing no code with the solver.

What the check does not cover: that the CNF encodes the rules faithfully (the solution itself
was verified by the rules' independent checkers, the encodings by the test suite).

>>> from satdoku.formats import parse_puzzle
>>> from satdoku.solving.solver import solver_for
>>> p = parse_puzzle("1.34 34.2 2.43 43.1")
>>> c = certify(p, solver_for(p.board).formula, (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
>>> c.claim, c.verdict in (Verdict.ACCEPTED, Verdict.NOT_CHECKED)
('unique', True)
"""

from __future__ import annotations

import io
import time
from dataclasses import dataclass
from enum import Enum

from cnf import Formula, Session, SolveResult, write_dimacs
from satdoku.encoding import Encoding, build
from satdoku.errors import VerificationError
from satdoku.formats import format_line
from satdoku.puzzle import Puzzle
from satdoku.rules import Grid, cell_var

PROOF_BACKEND = "cadical195"


class Verdict(str, Enum):
    """What the independent checker said about the proof."""

    ACCEPTED = "accepted"
    REJECTED = "rejected"
    NOT_CHECKED = "not checked"


@dataclass(frozen=True)
class Certificate:
    """The claim proved, the CNF and DRAT proof texts, and the checker's verdict."""

    claim: str            # "unique" or "no_solution"
    cnf: str
    proof: str
    verdict: Verdict
    checker: str          # which checker gave the verdict, or why none did
    check_seconds: float = 0.0


def certify(puzzle: Puzzle, formula: Formula, solution: Grid | None) -> Certificate:
    """Prove that ``puzzle`` has no solution other than ``solution`` (None: no solution).

    ``formula`` is the rules' CNF (native cardinality constraints are re-encoded as clauses).
    """
    claim_formula = _claim(puzzle, formula, solution)
    with Session(claim_formula, PROOF_BACKEND, proof=True) as session:
        if session.solve() is not SolveResult.UNSAT:
            raise VerificationError("internal error: the certificate's CNF has a model")
        proof = "\n".join(session.proof()) + "\n"
    out = io.StringIO()
    write_dimacs(claim_formula, out, _header(puzzle, solution))
    cnf_text = out.getvalue()
    verdict, checker, seconds = check(cnf_text, proof)
    return Certificate("unique" if solution else "no_solution", cnf_text, proof, verdict,
                       checker, seconds)


def _claim(puzzle: Puzzle, formula: Formula, solution: Grid | None) -> Formula:
    """The rules' clauses, the givens as units and, for a solution, its blocking clause."""
    if formula.atmosts:
        formula = build(puzzle.board, puzzle.rules, Encoding.EXTENDED)
    claim = formula.copy()
    for lit in puzzle.assumptions():
        claim.add([lit])
    if solution is not None:
        claim.add([-cell_var(puzzle.board, i, d) for i, d in enumerate(solution)
                   if not puzzle.givens[i]])
    return claim


def _header(puzzle: Puzzle, solution: Grid | None) -> list[str]:
    board = puzzle.board
    lines = [f"satdoku certificate: {board.describe()}, rules "
             f"{', '.join(r.name for r in puzzle.rules) or 'classic'}",
             f"puzzle {format_line(board, puzzle.givens)}",
             *([f"variables: v(k,d) = k*{board.n} + d for the k-th cell (0-based, row by "
                f"row over the cells that exist), d in 1..{board.n}; auxiliaries follow",
                *board.cell_map()] if board.multigrid else  # type: ignore[attr-defined]
               [f"variables: v(r,c,d) = (r*{board.n} + c)*{board.n} + d, 0-based r and c, "
                f"d in 1..{board.n}; auxiliaries follow"]),
             "the givens are unit clauses"]
    if solution is not None:
        lines += [f"solution {format_line(board, solution)}",
                  "the last clause says: some blank cell differs from that solution",
                  "UNSAT (see the DRAT proof) means the solution is unique"]
    else:
        lines += ["UNSAT (see the DRAT proof) means the puzzle has no solution"]
    return lines


def check(cnf_text: str, proof: str) -> tuple[Verdict, str, float]:
    """Replay ``proof`` against ``cnf_text`` with dratify, when it is installed.

    >>> check("p cnf 1 2\\n1 0\\n-1 0\\n", "0\\n")[0] in (Verdict.ACCEPTED, Verdict.NOT_CHECKED)
    True
    """
    try:
        import dratify
    except ImportError:
        return Verdict.NOT_CHECKED, "dratify is not installed (pip install satdoku[proof])", 0.0
    engine = "native" if dratify.native_available() else "python"
    start = time.perf_counter()
    result = dratify.check_proof(dratify.parse_dimacs(cnf_text), proof, engine=engine)
    seconds = time.perf_counter() - start
    name = f"dratify {dratify.__version__} ({engine} engine, forward DRAT check)"
    if result.ok:
        return Verdict.ACCEPTED, name, seconds
    return Verdict.REJECTED, f"{name}: {result.reason}", seconds

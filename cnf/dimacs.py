"""DIMACS CNF output and input, and solver output (``s …`` / ``v …`` lines) parsing.

>>> import io
>>> from cnf import Formula
>>> f = Formula(reserved=2); f.add([1, -2])
>>> out = io.StringIO(); write_dimacs(f, out, comments=["hello"]); print(out.getvalue(), end="")
c hello
p cnf 2 1
1 -2 0
>>> parse_model("s SATISFIABLE\\nv 1 -2 0\\n")
('SAT', [1, -2])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TextIO

from cnf.errors import DimacsError
from cnf.formula import Clause, Formula, Lit


def write_dimacs(formula: Formula, out: TextIO, comments: Iterable[str] = (),
                 units: Sequence[Lit] = ()) -> None:
    """Stream ``formula`` (plus unit clauses ``units``) to ``out`` as DIMACS CNF.

    Native cardinality constraints have no DIMACS CNF form: encode them as clauses first.
    """
    if formula.atmosts:
        raise ValueError("native cardinality constraints cannot be written as DIMACS CNF; "
                         "choose a clause encoding")
    for comment in comments:
        for line in str(comment).splitlines() or [""]:
            out.write(f"c {line}\n" if line else "c\n")
    out.write(f"p cnf {formula.num_vars} {len(formula.clauses) + len(units)}\n")
    chunk: list[str] = []
    for clause in formula.clauses:
        chunk.append(" ".join(map(str, clause)) + " 0\n")
        if len(chunk) >= 10_000:
            out.write("".join(chunk))
            chunk.clear()
    out.write("".join(chunk))
    for lit in units:
        out.write(f"{lit} 0\n")


def stats_table(formula: Formula) -> list[str]:
    """Variables, clauses and literals per constraint group, as aligned text lines.

    >>> f = Formula(reserved=3); f.group("demo").add([1, -2, 3])
    >>> for line in stats_table(f): print(line)
    group                    variables    clauses   literals
    primary variables                3          0          0
    demo                             0          1          3
    total                            3          1          3
    """
    rows = [("primary variables", formula.reserved, 0, 0)]
    rows += [(g, s["variables"], s["clauses"], s["literals"])
             for g, s in formula.group_stats().items()]
    total = formula.stats()
    rows.append(("total", total["variables"], len(formula.clauses) + len(formula.atmosts),
                 total["literals"] + sum(len(lits) for lits, _ in formula.atmosts)))
    width = max(24, *(len(r[0]) for r in rows))
    head = f"{'group':<{width}} {'variables':>9} {'clauses':>10} {'literals':>10}"
    return [head] + [f"{g:<{width}} {v:>9} {c:>10} {lit:>10}" for g, v, c, lit in rows]


def parse_dimacs(text: str) -> tuple[int, list[Clause]]:
    """Read DIMACS CNF text: (number of variables, clauses).

    >>> parse_dimacs("c x\\np cnf 3 2\\n1 -3 0\\n2 0\\n")
    (3, [[1, -3], [2]])
    """
    num_vars: int | None = None
    declared = 0
    clauses: list[Clause] = []
    current: list[Lit] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("c", "%")):
            continue
        if line.startswith("p"):
            parts = line.split()
            if len(parts) != 4 or parts[1] != "cnf":
                raise DimacsError(f"bad header {line!r} (expected 'p cnf VARS CLAUSES')", number)
            try:
                num_vars, declared = int(parts[2]), int(parts[3])
            except ValueError:
                raise DimacsError(f"bad header {line!r}", number) from None
            continue
        if num_vars is None:
            raise DimacsError("clause before the 'p cnf' header", number)
        for token in line.split():
            try:
                lit = int(token)
            except ValueError:
                raise DimacsError(f"not a literal: {token!r}", number) from None
            if abs(lit) > num_vars:
                raise DimacsError(f"literal {lit} exceeds the declared {num_vars} variables",
                                  number)
            if lit == 0:
                clauses.append(current)
                current = []
            else:
                current.append(lit)
    if num_vars is None:
        raise DimacsError("no 'p cnf' header")
    if current:
        clauses.append(current)
    if len(clauses) != declared:
        raise DimacsError(f"header declares {declared} clauses, found {len(clauses)}")
    return num_vars, clauses


def parse_model(text: str) -> tuple[str, list[Lit]]:
    """Read a solver's output: ('SAT' | 'UNSAT' | 'UNKNOWN', model literals).

    Accepts the competition format (``s SATISFIABLE`` and ``v … 0`` lines) and MiniSat's
    result file (``SAT`` then a bare model line).

    >>> parse_model("SAT\\n1 -2 3 0\\n")
    ('SAT', [1, -2, 3])
    >>> parse_model("s UNSATISFIABLE\\n")
    ('UNSAT', [])
    """
    status, lits = "UNKNOWN", []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        word = line.removeprefix("s ").strip().upper()
        if word in ("SATISFIABLE", "SAT"):
            status = "SAT"
            continue
        if word in ("UNSATISFIABLE", "UNSAT"):
            status = "UNSAT"
            continue
        if word in ("UNKNOWN", "INDETERMINATE", "INDET"):
            continue
        body = line[1:] if line.startswith("v") else line
        for token in body.split():
            try:
                lit = int(token)
            except ValueError:
                raise DimacsError(f"not a literal in the model: {token!r}", number) from None
            if lit:
                lits.append(lit)
    if lits and status == "UNKNOWN":
        status = "SAT"
    return status, lits

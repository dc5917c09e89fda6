"""The answers of ``analyse`` and ``candidates`` for one puzzle (handlers of a batch:
:mod:`satdoku.batch`), the certificate of uniqueness included.

>>> from satdoku.formats import parse_puzzle
>>> answer = candidates_answers(SolverOptions())(parse_puzzle("1... ..3. .... ...."),
...                                              OutputFormat.json)
>>> answer.code, answer.data["candidates"]["r1c2"]
(<ExitCode.OK: 0>, [3])
"""

from __future__ import annotations

import os
from pathlib import Path

from cnf.budget import Deadline
from satdoku.analyse.candidates import backbone, true_candidates
from satdoku.analyse.certificate import PROOF_BACKEND, Certificate, Verdict, certify
from satdoku.analyse.report import Analysis, analyse, to_json
from satdoku.analyse.status import survey
from satdoku.analyse.text import candidate_grid, render
from satdoku.batch.answers import Answer, Handler, OutputFormat
from satdoku.errors import ExitCode, OutputError
from satdoku.formats.pencilmarks import pencilmark_line
from satdoku.puzzle import Puzzle, clash_message
from satdoku.render.target import draw
from satdoku.runtime.clock import began
from satdoku.runtime.output import output_stream
from satdoku.solving.options import SolverOptions
from satdoku.solving.solver import Status, SudokuSolver
from satdoku.solving.solvers import Solvers

#: The exit code of each status.
EXIT_OF = {Status.UNIQUE: ExitCode.OK, Status.MULTIPLE: ExitCode.MULTIPLE,
           Status.NO_SOLUTION: ExitCode.NO_SOLUTION, Status.INVALID: ExitCode.BAD_INPUT,
           Status.UNKNOWN: ExitCode.TIME_LIMIT}


def _message(puzzle: Puzzle, status: Status, report: Analysis | None = None) -> str:
    """The stderr line for a puzzle without solutions or a report cut short (else empty)."""
    if status is Status.INVALID:
        return clash_message(puzzle.board, puzzle.clashes())
    if report is not None and report.unknown:
        return (f"time limit of {report.time_limit:g} s reached; unknown: "
                + ", ".join(report.unknown))
    return "no solution" if status is Status.NO_SOLUTION else ""


def analyse_answers(options: SolverOptions, limit: int, max_level: int, grade: float | None,
                    certify_to: str | None = None, picture: str | None = None) -> Handler:
    """analyse's answer for one puzzle (``options.time_limit``: for the whole report;
    sections not finished by then are reported unknown)."""
    solvers = Solvers(options, precheck=False)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        solver = solvers(p)
        report = analyse(p, solver, limit, max_level, grade, options.time_limit, began())
        answer = Answer(EXIT_OF[report.status], report.status.value, render(report),
                        {k: v for k, v in to_json(report).items() if k != "status"},
                        _message(p, report.status, report))
        if certify_to is not None and report.status is not Status.UNKNOWN:
            _certify(report, solver, Path(certify_to), answer)
        _draw_report(picture, report)
        return answer

    return handle


def _draw_report(picture: str | None, report: Analysis) -> None:
    if report.status is Status.UNIQUE:
        draw(picture, report.puzzle, report.solutions[0])
    elif report.status is Status.MULTIPLE:
        draw(picture, report.puzzle, candidates=report.candidates,
             highlight=report.differences or ())
    else:
        draw(picture, report.puzzle, highlight=[g.cell for g in report.conflict or ()])


def certificate_paths(path: Path) -> tuple[Path, Path]:
    """Where ``--certify PATH`` writes the proof and the CNF it refers to."""
    return path, path.with_suffix(".cnf") if path.suffix != ".cnf" else Path(f"{path}.cnf")


def _certify(report: Analysis, solver: SudokuSolver, path: Path, answer: Answer) -> None:
    """Write the certificate's proof and CNF, and add what was checked to ``answer``."""
    if report.status is Status.MULTIPLE:
        answer.data["certificate"] = {"written": False, "reason": "several solutions"}
        answer.text += ("\n\ncertificate: none written — the two verified solutions above "
                        "already show the puzzle is not unique")
        return
    solution = report.solutions[0] if report.solutions else None
    cert = certify(report.puzzle, solver.formula, solution)
    path, cnf_path = certificate_paths(path)
    _write_both(path, cert.proof, cnf_path, cert.cnf)
    answer.data["certificate"] = {
        "written": True, "claim": cert.claim, "proof": str(path), "cnf": str(cnf_path),
        "verdict": cert.verdict.value, "checker": cert.checker, "prover": PROOF_BACKEND,
        "not_checked": _caveat(cert)}
    answer.text += "\n\n" + _certificate_text(cert, path, cnf_path)
    if cert.verdict is Verdict.REJECTED:
        answer.code = ExitCode.INTERNAL
        answer.message = f"internal error: the DRAT proof was rejected: {cert.checker}"


def _write_both(path: Path, proof: str, cnf_path: Path, cnf: str) -> None:
    """Write the proof and its CNF whole, or neither: a full disk leaves no truncated file
    (each goes to a temporary file first, and both are on the disk before either is renamed
    into place)."""
    try:
        with output_stream(str(path), keep_partial=False) as proof_out, \
                output_stream(str(cnf_path), keep_partial=False) as cnf_out:
            for out, text in ((proof_out, proof), (cnf_out, cnf)):
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
    except OutputError as err:
        raise OutputError(f"{err}; no certificate was written (the proof needs its CNF)"
                          ) from None


def _caveat(cert: Certificate) -> str:
    """What the proof cannot vouch for."""
    if cert.claim == "unique":
        return ("that the CNF encodes the rules faithfully (the solution itself passed the "
                "rules' independent checkers)")
    return ("that the CNF is no stronger than the rules (with no solution, there is nothing "
            "the independent checkers can test)")


def _certificate_text(cert: Certificate, path: Path, cnf_path: Path) -> str:
    claim = ("no second solution exists" if cert.claim == "unique" else "no solution exists")
    lines = [f"certificate: DRAT proof in {path} ({cert.proof.count(chr(10)):,} lines) that "
             f"the CNF in {cnf_path} (rules + givens as units"
             + (" + 'differs from the solution somewhere')" if cert.claim == "unique" else ")")
             + f" is unsatisfiable: {claim}"]
    if cert.verdict is Verdict.ACCEPTED:
        lines.append(f"checked: {cert.checker} accepted the proof against that CNF "
                     f"in {cert.check_seconds:.2f} s")
    else:
        lines.append(f"not checked: {cert.checker}" if cert.verdict is Verdict.NOT_CHECKED
                     else f"REJECTED by {cert.checker}")
    lines.append(f"proof written by {PROOF_BACKEND} (a fresh solver, whatever --backend says)")
    lines.append(f"not checked by the proof: {_caveat(cert)}")
    return "\n".join(lines)


def candidates_answers(options: SolverOptions, picture: str | None = None,
                       counts: int | None = None) -> Handler:
    """candidates' answer for one puzzle (exit 4 when ``options.time_limit`` runs out first);
    with ``counts``, each candidate's solutions counted up to it."""
    solvers, time_limit = Solvers(options, precheck=False), options.time_limit

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        solver, deadline = solvers(p), Deadline(time_limit, began())
        if counts is not None:
            return _counted(solver, p, fmt, counts, deadline, picture, time_limit)
        found = survey(solver, p, limit=2, deadline=deadline)
        if found.status is Status.UNKNOWN:
            return Answer(ExitCode.TIME_LIMIT, found.status.value,
                          message=f"time limit of {time_limit:g} s reached before the "
                                  "solutions were known")
        if not found.solutions:
            return Answer(EXIT_OF[found.status], found.status.value,
                          message=_message(p, found.status))
        try:
            cands = true_candidates(solver, p, found.solutions, found.complete, deadline)
        except TimeoutError:
            return Answer(ExitCode.TIME_LIMIT, Status.UNKNOWN.value,
                          message=f"time limit of {time_limit:g} s reached before every "
                                  "candidate was decided")
        draw(picture, p, candidates=cands)
        text = (candidate_grid(p.board, p.givens, cands) if fmt is OutputFormat.grid
                else pencilmark_line(p.board, p.givens, cands))
        name_of = p.board.cell_name
        data = {"candidates": {name_of(i): list(ds) for i, ds in cands.items()},
                "backbone": {name_of(i): d for i, d in backbone(cands).items()}}
        return Answer(ExitCode.OK, found.status.value, text, data)

    return handle


def _counted(solver: SudokuSolver, p: Puzzle, fmt: OutputFormat, cap: int, deadline: Deadline,
             picture: str | None, time_limit: float | None) -> Answer:
    """candidates --counts: the candidates with each one's solution count up to ``cap``."""
    from satdoku.analyse.counts import candidate_counts
    from satdoku.analyse.text import count_lines
    from satdoku.render.svg import count_colour
    if p.clashes():
        return Answer(ExitCode.BAD_INPUT, Status.INVALID.value,
                      message=_message(p, Status.INVALID))
    try:
        found = candidate_counts(solver, p, cap, deadline=deadline)
    except TimeoutError:
        return Answer(ExitCode.TIME_LIMIT, Status.UNKNOWN.value,
                      message=f"time limit of {time_limit:g} s reached before every "
                              "candidate was counted")
    if found.total == 0:
        return Answer(ExitCode.NO_SOLUTION, Status.NO_SOLUTION.value, message="no solution")
    cands = {i: tuple(d for d, k in enumerate(row, 1) if k) for i, row in found.counts.items()}
    draw(picture, p, candidates=cands, colours={
        (i, d): count_colour(k, cap) for i, row in found.counts.items()
        for d, k in enumerate(row, 1) if k})
    status = Status.UNIQUE if found.total == 1 else Status.MULTIPLE
    name_of = p.board.cell_name
    text = (candidate_grid(p.board, p.givens, cands) if fmt is OutputFormat.grid
            else pencilmark_line(p.board, p.givens, cands))
    if fmt is OutputFormat.grid:
        text += "\n\n" + count_lines(p.board, found.counts, cap, found.total)
    data = {"candidates": {name_of(i): list(ds) for i, ds in cands.items()},
            "counts": {name_of(i): {str(d): k for d, k in enumerate(row, 1) if k}
                       for i, row in found.counts.items()},
            "cap": cap, "solutions": found.total, "solutions_complete": found.total < cap}
    return Answer(ExitCode.OK, status.value, text, data)

"""``satdoku analyse | candidates``: the analyser's report, and true candidates alone."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cnf import AMO
from cnf.budget import Deadline
from satdoku.analyse import Analysis, Certificate, Verdict, analyse, certify, to_json
from satdoku.analyse.candidates import backbone, true_candidates
from satdoku.analyse.certificate import PROOF_BACKEND
from satdoku.analyse.difficulty import MAX_LEVEL
from satdoku.analyse.report import COUNT_LIMIT
from satdoku.analyse.status import survey
from satdoku.analyse.text import candidate_grid, pencilmark_line, render
from satdoku.cli.app import EXIT_CODES, app, fail
from satdoku.cli.batch import Answer, Handler, run_batch
from satdoku.cli.options import (
    DEFAULTS,
    AmoOpt,
    Backend,
    Box,
    Dask,
    EncodingOpt,
    Format,
    IgnoreUnsupported,
    Jobs,
    LayoutOpt,
    MemoryBudget,
    Output,
    OutputFormat,
    PuzzleArg,
    Quiet,
    Rules,
    TimeLimit,
    positive_seconds,
)
from satdoku.cli.picture import Picture, draw, picture_target
from satdoku.cli.solvers import Solvers
from satdoku.encoding import Encoding
from satdoku.errors import ExitCode
from satdoku.formats.loader import read_records
from satdoku.puzzle import Puzzle, clash_message
from satdoku.runtime.output import output_stream
from satdoku.runtime.pool import Work
from satdoku.solving.solver import Status, SudokuSolver

EXIT_OF = {Status.UNIQUE: ExitCode.OK, Status.MULTIPLE: ExitCode.MULTIPLE,
           Status.NO_SOLUTION: ExitCode.NO_SOLUTION, Status.INVALID: ExitCode.BAD_INPUT,
           Status.UNKNOWN: ExitCode.TIME_LIMIT}

Json = Annotated[bool, typer.Option("--json", help="One JSON object per puzzle (schema in "
                                                   "docs/analyser.md).")]
Certify = Annotated[str | None, typer.Option(
    "--certify", metavar="FILE", help="Write a DRAT proof of uniqueness (or of no solution) "
    "to FILE and the CNF it refers to beside it (FILE with .cnf), and check the proof with "
    "dratify when installed. One puzzle only.")]
Limit = Annotated[int, typer.Option("--limit", min=2, help="Count solutions up to this many.")]
MaxLevel = Annotated[int, typer.Option("--max-level", min=0,
                                       help="Deepest probing level tried for the difficulty.")]
GradeTime = Annotated[float | None, typer.Option(
    "--grade", metavar="SECONDS", min=0.001, help="Also grade a unique puzzle from its "
    "solving path (satdoku explain), when the path takes at most SECONDS.")]
ReportTime = Annotated[float | None, typer.Option(
    "--time-limit", callback=positive_seconds,
    help="Seconds for each puzzle's whole report, building the CNF included. Sections not "
         "finished by then are reported as unknown (JSON: 'unknown' lists them); exit 4 "
         "only when the status itself is unknown. Default: no limit.")]


def _message(puzzle: Puzzle, status: Status, report: Analysis | None = None) -> str:
    """The stderr line for a puzzle without solutions or a report cut short (else empty)."""
    if status is Status.INVALID:
        return clash_message(puzzle.board, puzzle.clashes())
    if report is not None and report.unknown:
        return (f"time limit of {report.time_limit:g} s reached; unknown: "
                + ", ".join(report.unknown))
    return "no solution" if status is Status.NO_SOLUTION else ""


@app.command(name="analyse", epilog=EXIT_CODES)
def analyse_command(
        puzzle: PuzzleArg, json_: Json = False, certify_to: Certify = None,
        limit: Limit = COUNT_LIMIT, max_level: MaxLevel = MAX_LEVEL, box: Box = DEFAULTS["box"],
        layout: LayoutOpt = None,
        rules: Rules = DEFAULTS["rules"], encoding: EncodingOpt = DEFAULTS["encoding"],
        amo: AmoOpt = DEFAULTS["amo"], backend: Backend = DEFAULTS["backend"],
        output: Output = None, quiet: Quiet = False, picture: Picture = None,
        ignore_unsupported: IgnoreUnsupported = False, grade: GradeTime = None,
        jobs: Jobs = 1, dask: Dask = None, time_limit: ReportTime = None,
        memory_budget: MemoryBudget = None) -> None:
    """Why a puzzle is (not) unique, what is forced, what is redundant, how hard it is.

    Exit code 0 unique, 3 several solutions, 1 none, 2 givens that clash. --svg draws the
    solution (unique), the true candidates with the differing cells (several) or the
    clashing givens (none).
    Examples: satdoku analyse puzzle.txt --certify proof.drat  ·  satdoku analyse many.txt
    --json -j 0  (every core; the same output)  ·  satdoku analyse big.txt --time-limit 10
    """
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    if certify_to is not None and (len(records) > 1 or certify_to == "-"):
        raise fail("--certify needs one puzzle and a file name")
    picture = picture_target(picture, records)
    work = Work(analyse_handler, limit=limit, max_level=max_level, grade=grade,
                encoding=encoding, amo=amo, backend=backend, certify_to=certify_to,
                picture=picture, time_limit=time_limit,
                memory_budget=memory_budget)
    fmt = OutputFormat.json if json_ else OutputFormat.grid
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt, out, work, quiet, jobs, dask)
    raise typer.Exit(int(code))


def analyse_handler(limit: int, max_level: int, grade: float | None, encoding: Encoding,
                    amo: AMO, backend: str, certify_to: str | None,
                    picture: str | None, time_limit: float | None = None,
                    memory_budget: int | None = None) -> Handler:
    """analyse's answer for one puzzle (built once per process: see satdoku.runtime.pool.Work)."""
    solvers = Solvers(encoding, amo, backend, precheck=False, memory_budget=memory_budget)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        solver = solvers(p)
        report = analyse(p, solver, limit, max_level, grade, time_limit)
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


def _certify(report: Analysis, solver: SudokuSolver, path: Path, answer: Answer) -> None:
    """Write the certificate's proof and CNF, and add what was checked to ``answer``."""
    if report.status is Status.MULTIPLE:
        answer.data["certificate"] = {"written": False, "reason": "several solutions"}
        answer.text += ("\n\ncertificate: none written — the two verified solutions above "
                        "already show the puzzle is not unique")
        return
    solution = report.solutions[0] if report.solutions else None
    cert = certify(report.puzzle, solver.formula, solution)
    cnf_path = path.with_suffix(".cnf") if path.suffix != ".cnf" else Path(f"{path}.cnf")
    for target, text in ((path, cert.proof), (cnf_path, cert.cnf)):
        with output_stream(str(target)) as out:
            out.write(text)
    answer.data["certificate"] = {
        "written": True, "claim": cert.claim, "proof": str(path), "cnf": str(cnf_path),
        "verdict": cert.verdict.value, "checker": cert.checker, "prover": PROOF_BACKEND,
        "not_checked": _caveat(cert)}
    answer.text += "\n\n" + _certificate_text(cert, path, cnf_path)
    if cert.verdict is Verdict.REJECTED:
        answer.code = ExitCode.INTERNAL
        answer.message = f"internal error: the DRAT proof was rejected: {cert.checker}"


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


@app.command(epilog=EXIT_CODES)
def candidates(puzzle: PuzzleArg, box: Box = DEFAULTS["box"], rules: Rules = DEFAULTS["rules"],
               layout: LayoutOpt = None,
               encoding: EncodingOpt = DEFAULTS["encoding"], amo: AmoOpt = DEFAULTS["amo"],
               backend: Backend = DEFAULTS["backend"], fmt: Format = None,
               output: Output = None, quiet: Quiet = False, picture: Picture = None,
               ignore_unsupported: IgnoreUnsupported = False, jobs: Jobs = 1,
               dask: Dask = None, memory_budget: MemoryBudget = None,
               time_limit: TimeLimit = None) -> None:
    """True candidates: the digits that some solution puts in each blank cell.

    Formats: grid (default for one puzzle), line (a pencilmark line of n characters per
    cell, '.' where a digit is impossible; default for many), json. --svg draws them as
    pencil marks.
    """
    records, name = read_records(puzzle, box, rules, ignore_unsupported, layout)
    picture = picture_target(picture, records)
    work = Work(candidates_handler, encoding=encoding, amo=amo, backend=backend,
                picture=picture, memory_budget=memory_budget, time_limit=time_limit)
    fmt_ = fmt or (OutputFormat.grid if len(records) == 1 else OutputFormat.line)
    with output_stream(output, reading=name) as out:
        code = run_batch(records, name, fmt_, out, work, quiet, jobs, dask)
    raise typer.Exit(int(code))


def candidates_handler(encoding: Encoding, amo: AMO, backend: str,
                       picture: str | None, memory_budget: int | None = None,
                       time_limit: float | None = None) -> Handler:
    """candidates' answer for one puzzle (exit 4 when ``time_limit`` runs out first)."""
    solvers = Solvers(encoding, amo, backend, precheck=False, memory_budget=memory_budget)

    def handle(p: Puzzle, fmt: OutputFormat) -> Answer:
        solver, deadline = solvers(p), Deadline(time_limit)
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

"""Fuzzing, briefly: every input format through the API and command lines through the CLI.

The same inputs and properties run at volume in ``scripts/fuzz.py`` (docs/robustness.md has
its last figures). Here a few dozen examples each keep the suite fast, and the harness itself
is tested: its checker rejects a wrong grid, its cap stops a hang, its bomb is a bomb.
"""

from __future__ import annotations

import time

import pytest
from fuzz_checks import Hang, api_verdict, capped, cli_verdict, violations_of
from fuzz_strategies import CLI_CASES, GENERATORS, INPUTS, lz_bomb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satdoku import parse_puzzle, solve
from satdoku.formats.lzstring import decompress_from_base64
from satdoku.rules import parse_rules

BRIEF = settings(max_examples=25, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("fmt", sorted(GENERATORS))
@BRIEF
@given(data=st.data())
def test_api_raises_only_satdoku_errors_and_answers_are_verified(fmt, data):
    text = data.draw(INPUTS[fmt])
    verdict = api_verdict(fmt, text, cap=5.0)
    assert not verdict.failed, f"{fmt} {text!r}: {verdict.kind}\n{verdict.detail}"


@settings(BRIEF, max_examples=40)
@given(case=CLI_CASES)
def test_cli_exit_codes_stderr_and_printed_solutions(case, tmp_path_factory):
    verdict = cli_verdict(case, tmp_path_factory.mktemp("cli"), cap=20.0)
    assert not verdict.failed, f"{case}: {verdict.kind}\n{verdict.detail}"


# -- the harness itself ---------------------------------------------------------------------
def test_the_checker_rejects_a_wrong_grid_and_accepts_a_solution():
    puzzle = parse_puzzle("1... .... .... ....", rules=parse_rules("diagonal"))
    solution = solve(puzzle).solutions[0]
    assert violations_of(puzzle, solution) == []
    swapped = (solution[1], solution[0], *solution[2:])  # a given changed, rows still fine
    assert any("given" in v for v in violations_of(puzzle, swapped))
    assert violations_of(puzzle, (1,) * 16)  # rows, columns and boxes broken
    assert violations_of(puzzle, solution[:-1]) == ["not a complete 4x4 grid"]


def test_the_cap_stops_a_hang():
    start = time.monotonic()
    with pytest.raises(Hang), capped(0.2):
        while True:
            pass
    assert time.monotonic() - start < 2


def test_the_bomb_decodes_to_the_square_of_its_length():
    codes = 300
    assert len(decompress_from_base64(lz_bomb(codes))) == (codes + 1) * (codes + 2) // 2
    with pytest.raises(ValueError, match="more than 1,000"):
        decompress_from_base64(lz_bomb(codes), 1000)


def test_a_wrong_answer_is_reported_as_unverified(monkeypatch):
    """The API verdict catches a solver that returns a wrong grid."""
    import satdoku.solving.solver

    def wrong(self, puzzle, limit=None, time_limit=None):
        yield (1,) * puzzle.board.n ** 2

    monkeypatch.setattr(satdoku.solving.solver.SudokuSolver, "solutions", wrong)
    assert api_verdict("text", "1... .... .... ....").kind == "unverified"

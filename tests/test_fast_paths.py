"""Shortcuts on the hot paths say exactly what the general code says.

- A plain puzzle line is read by one byte translation (``plain_line_puzzle``), else by the
  general reader: same puzzle, or no shortcut at all.
- Pairwise at-most-one is written directly: PySAT's ``CardEnc`` clauses, in the same order.
- The registries of rules load their families on first use, in a fixed order whatever was
  imported first.
"""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from cnf import AMO, Formula, at_most_one
from satdoku.formats.text import parse_puzzle, plain_line_puzzle, puzzle_records, read_puzzles
from satdoku.rules import GLOBAL_RULE_TABLE

LINE_CHARS = "0123456789.ABCDEFGHIJ abc#|-\t"


def general(text: str):
    """The general reader's puzzle (or error message) for ``text``."""
    records = list(read_puzzles(text))
    if len(records) != 1:
        return None
    return records[0].puzzle if records[0].error is None else str(records[0].error)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(LINE_CHARS, max_size=90),
                 st.integers(2, 9).flatmap(lambda n: st.text("0123456789.", min_size=n * n,
                                                             max_size=n * n))))
def test_a_plain_line_reads_as_the_general_reader_reads_it(text):
    puzzle = plain_line_puzzle(text)
    if puzzle is not None:
        assert general(text) == puzzle
        assert parse_puzzle(text) == puzzle


def test_plain_lines_of_the_usual_sizes_take_the_shortcut():
    rng = random.Random(3)
    for n in (4, 9, 16, 25):
        symbols = ".0" + "123456789ABCDEFGHIJKLMNOP"[:n]
        for _ in range(50):
            line = "".join(rng.choice(symbols) for _ in range(n * n))
            puzzle = plain_line_puzzle(line)
            assert puzzle is not None and puzzle == general(line)
    assert plain_line_puzzle("1" * 64) is None  # 4x4 pencilmarks or 8x8: the general reader
    assert plain_line_puzzle("1.3. ..1. .... ...4") is None  # separators
    assert plain_line_puzzle("9" * 16) is None  # digit too large: the general error message


def test_a_file_of_plain_lines_reads_as_before():
    rng = random.Random(5)
    lines = ["".join(rng.choice(".123456789") for _ in range(81)) for _ in range(70)]
    lines[3] = lines[3][:80]  # a bad line among them
    lines[7] = " " + lines[7]  # not plain: read by the general reader
    records = puzzle_records("\n".join(lines))
    assert [r.line for r in records] == list(range(1, 71))
    assert records[3].error is not None and "80 cells" in str(records[3].error)
    for record, line in zip(records, lines, strict=True):
        if record.error is None:
            assert record.puzzle == general(line)
            assert record.text == line.strip()
    bad_box = puzzle_records("\n".join(lines), box=(2, 2))
    assert all(r.error is not None for r in bad_box)


def test_pairwise_is_cardenc_s_pairwise():
    rng = random.Random(7)
    for size in range(2, 40):
        lits = rng.sample([v for v in range(-120, 121) if v], size)
        f = Formula(reserved=150)
        at_most_one(f, lits, AMO.PAIRWISE)
        pool = IDPool(start_from=151)
        assert f.clauses == CardEnc.atmost(lits, 1, vpool=pool,
                                           encoding=EncType.pairwise).clauses
        assert f.clauses == [[-a, -b] for a, b in combinations(lits, 2)]
        assert f.num_vars == 150 and f.group_stats()["clauses"]["literals"] == size * (size - 1)


def _in_fresh_interpreter(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_data_keys_keep_their_order_whatever_is_imported_first():
    listing = "from satdoku.rules import DATA_KEYS; print(list(DATA_KEYS))"
    plain = _in_fresh_interpreter(listing)
    for first in ("satdoku.rules.regions", "satdoku.rules.outside", "satdoku.rules.parity",
                  "satdoku.formats.puzzle_json"):
        assert _in_fresh_interpreter(f"import {first}; {listing}") == plain
    keys = eval(plain)
    assert keys[:4] == ["cages", "even", "odd", "extra_regions"] and len(keys) >= 28


def test_the_catalogue_loads_its_rules_on_first_use():
    code = ("import sys; import satdoku.rules as r; before = 'satdoku.rules.pairs' in "
            "sys.modules; names = list(r.CATALOGUE); print(before, names[0], names[-1])")
    names = list(GLOBAL_RULE_TABLE)
    assert _in_fresh_interpreter(code) == f"False {names[0]} {names[-1]}"

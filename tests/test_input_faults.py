"""Input faults of issue 27: list-typed JSON keys given something else (15), messages and
names (18), a file of links with one bad line (8), a big file of comments (10). Each is one
line and a documented exit code, or the right answers."""

from __future__ import annotations

import json

import pytest
from test_hostile import cli, one_error

from satdoku.formats.json_fields import KEYS
from satdoku.rules import DATA_KEYS

P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: The keys of satdoku's JSON whose value is a list (every per-puzzle constraint, and these).
LIST_KEYS = sorted({*DATA_KEYS, "regions", "rules", "grids"})


def test_the_list_keys_are_those_of_the_schema():
    assert set(LIST_KEYS) <= set(KEYS)


@pytest.mark.parametrize("value", [{}, None, "x", 3, {"cells": ["r1c1"]}])
@pytest.mark.parametrize("key", LIST_KEYS)
def test_a_list_key_given_anything_else_is_refused_naming_it(tmp_path, key, value):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"size": 9, "givens": P, key: value}))
    code, out, err = cli("solve", str(path))
    assert code == 2 and out == "" and one_error(err, f"$.{key}", "expected a list"), err


@pytest.mark.parametrize("key", sorted(DATA_KEYS))
def test_an_empty_list_is_still_no_constraint(tmp_path, key):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"size": 9, "givens": P, key: []}))
    code, _, err = cli("check", str(path))
    assert code == 0, err

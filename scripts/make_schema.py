#!/usr/bin/env python3
"""Write the per-puzzle constraint keys and the rule names into the JSON schema.

The schema's board, givens and note keys are written by hand in
``satdoku/schema/puzzle.schema.json``; the constraint keys come from the registry
(:data:`satdoku.rules.DATA_KEYS`) and the global rule names from the catalogue, so the schema
cannot drift from the reader (``tests/test_json_format.py`` checks that it has not).

    python scripts/make_schema.py            # rewrite the schema file
    python scripts/make_schema.py --check    # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from satdoku.rules import CATALOGUE, DATA_KEYS

SCHEMA = Path(__file__).resolve().parent.parent / "satdoku" / "schema" / "puzzle.schema.json"


def updated(schema: dict) -> dict:
    """``schema`` with the data keys (after the hand-written keys) and rule names of now."""
    properties = schema["$defs"]["puzzle"]["properties"]
    kept = {k: v for k, v in properties.items() if k not in DATA_KEYS}
    kept["rules"]["items"]["enum"] = list(CATALOGUE)
    schema["$defs"]["puzzle"]["properties"] = {
        **kept, **{key: entry.schema for key, entry in DATA_KEYS.items()}}
    return schema


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether it is current")
    args = parser.parse_args()
    current = SCHEMA.read_text()
    fresh = render(updated(json.loads(current)))
    if args.check:
        print("up to date" if fresh == current else "out of date: run scripts/make_schema.py")
        return 0 if fresh == current else 1
    SCHEMA.write_text(fresh)
    print(f"wrote {SCHEMA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

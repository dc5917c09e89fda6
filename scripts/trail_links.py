"""How many links of the trails (forcing chains and nets, whisper parity chains …) of whole
example paths hold, read from their teach texts and checked from the rules
(``tests/test_explain_trails.py``, which checks cut paths).

    python scripts/trail_links.py whispers killer thermo top0 top2 --time-limit 60

A name is an example (``examples/NAME.json``) or ``topK``, the K-th puzzle of
``tests/data/top1465-100.txt``. One line per path: its steps, its trails, the links checked,
the trails where a link failed (the first two printed), the CPU seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_explain_trails import TOP, Reader, check_trail  # noqa: E402

from satdoku import parse_puzzle  # noqa: E402
from satdoku.explain import explain  # noqa: E402
from satdoku.formats import parse_json_puzzle  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="+")
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args()
    for name in args.names:
        start = time.process_time()
        puzzle = (parse_puzzle(TOP[int(name[3:])]) if name.startswith("top") else
                  parse_json_puzzle((ROOT / "examples" / f"{name}.json").read_text()))
        e = explain(puzzle, time_limit=args.time_limit)
        reader = Reader(e)
        trails = [(k, s.teach) for k, s in enumerate(e.steps)
                  if "Suppose " in s.teach and ". Then " in s.teach]
        links = bad = 0
        for k, teach in trails:
            try:
                links += check_trail(reader, sorted(e.known_after(k)), teach)
            except AssertionError as error:
                bad += 1
                if bad <= 2:
                    print(f"  step {k + 1}: {str(error)[:300]}")
        print(f"{name}: {len(e.steps)} steps, {len(trails)} trails, {links} links checked, "
              f"{bad} failing, {time.process_time() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main()

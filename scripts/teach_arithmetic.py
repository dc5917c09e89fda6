"""How many variant steps of the example paths teach with arithmetic, and whether the
arithmetic of the one-constraint ones is true (read back and checked by brute force,
``tests/teach_reader.py``).

    python scripts/teach_arithmetic.py thermo arrows killer --time-limit 120

A step teaches with arithmetic when its text is not a generic one (a "Suppose …" chain,
"… alone … allows no other way", "No single chain shows it"). Per step name: the steps,
those with arithmetic, and, for the names the reader knows, those whose stated keeps are
true and account for every derived literal.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from teach_reader import checked_steps  # noqa: E402

from satdoku.explain import explain  # noqa: E402
from satdoku.formats import parse_json_puzzle  # noqa: E402

#: The openings of the texts that give no arithmetic.
GENERIC = ("Suppose ", "No single chain shows it")


def arithmetic(teach: str) -> bool:
    """Whether a teach text states arithmetic of its own."""
    return not teach.startswith(GENERIC) and "allows no other way" not in teach


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="+", help="example names (examples/NAME.json)")
    ap.add_argument("--time-limit", type=float, default=120, help="per path (wall s)")
    args = ap.parse_args()
    for name in args.names:
        p = parse_json_puzzle((ROOT / "examples" / f"{name}.json").read_text())
        e = explain(p, time_limit=args.time_limit)
        steps, said = Counter[str](), Counter[str]()
        for s in e.steps:
            if any(e.groups.groups[g].kind not in ("cell", "row", "column", "box", "region")
                   for g in s.groups):
                steps[s.name] += 1
                said[s.name] += arithmetic(s.teach)
        checked = checked_steps(e)
        wrong = [k for k, problems in checked if problems]
        print(f"{name}.json ({len(e.steps)} steps{'' if e.complete else ', cut short'}): "
              + "; ".join(f"{k} {said[k]} of {v}" for k, v in sorted(steps.items()))
              + f"; read back {len(checked)}, wrong {len(wrong)} {wrong[:10]}")


if __name__ == "__main__":
    main()

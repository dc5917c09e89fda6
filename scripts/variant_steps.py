"""How many variant steps of the example paths are sound and cite nothing superfluous, by
the checker written from the rules (``tests/variant_checker.py``).

    python scripts/variant_steps.py killer thermo --time-limit 60 --step-limit 2

A *variant step* cites at least one constraint other than a cell or a house (a cage, a
thermometer, a knight pair …); steps on cells and houses alone, an X-Sudoku diagonal among
them, are read as classic steps (``tests/test_explain_soundness.py``). Steps citing
more than ``--most`` groups (trial steps: ~100) are not checked; a step whose check takes
more than ``--step-limit`` CPU seconds is counted as not checked.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from variant_checker import Checker, TooSlow  # noqa: E402

from satdoku.explain import explain  # noqa: E402
from satdoku.explain.candidates import houses  # noqa: E402
from satdoku.explain.steps import literal_name  # noqa: E402
from satdoku.formats import parse_json_puzzle  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="+", help="example names (examples/NAME.json)")
    ap.add_argument("--time-limit", type=float, default=60, help="per path (wall s)")
    ap.add_argument("--step-limit", type=float, default=2, help="per step check (CPU s)")
    ap.add_argument("--most", type=int, default=8, help="groups a checked step cites at most")
    ap.add_argument("--show", type=int, default=3, help="superfluous steps shown per file")
    args = ap.parse_args()
    total: Counter[str] = Counter()
    for name in args.names:
        p = parse_json_puzzle((ROOT / "examples" / f"{name}.json").read_text())
        t0 = time.process_time()
        e = explain(p, time_limit=args.time_limit)
        spent = time.process_time() - t0
        checker = Checker(p.board, p.rules)
        plain = {h.group for h in houses(e.groups)}
        count: Counter[str] = Counter()
        shown = 0
        for step in e.steps:
            cited = [e.groups.groups[k] for k in step.groups]
            if all(g.kind == "cell" or g.index in plain for g in cited):
                continue  # cells and houses (a diagonal too): the classic reading
            count["variant"] += 1
            if len(cited) > args.most:
                count["too many groups"] += 1
                continue
            checker.deadline = time.process_time() + args.step_limit
            try:
                if not checker.follows(cited, list(step.facts), step.derived):
                    count["UNSOUND"] += 1
                    print("  unsound:", step.name, step)
                    continue
                extra = checker.superfluous(cited, list(step.facts), step.derived)
            except TooSlow:
                count["too slow"] += 1
                continue
            count["checked"] += 1
            if extra:
                count["superfluous"] += 1
                if shown < args.show:
                    shown += 1
                    names = [x if not x.startswith("fact ") else
                             literal_name(p.board, int(x[5:])) for x in extra]
                    made = ", ".join(literal_name(p.board, x) for x in step.derived)
                    labels = ", ".join(g.label for g in cited)
                    print(f"  {step.name}: {made} ({labels}; {len(step.facts)} facts):"
                          f" superfluous {', '.join(names)}")
        total.update(count)
        share = count["superfluous"] / max(1, count["checked"])
        print(f"{name}: {len(e.steps)} steps ({spent:.1f} s), {dict(count)}, "
              f"superfluous {100 * share:.0f} % of checked", flush=True)
    share = total["superfluous"] / max(1, total["checked"])
    print(f"all: {dict(total)}, superfluous {100 * share:.1f} % of checked")


if __name__ == "__main__":
    main()

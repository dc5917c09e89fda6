#!/usr/bin/env python3
"""Fuzz satdoku at volume: generated, then damaged, input of every format through the API,
and (fewer) whole command lines through the CLI, counting tracebacks, hangs, unverified
answers and, for the CLI, undocumented exit codes and stray stderr.

The inputs and the properties are those of the test suite (tests/fuzz_strategies.py,
tests/fuzz_checks.py); here they run by the thousand. Input k of seed s is
``GENERATORS[format](Random(f"{s}:{format}:{k}"))``: ``--only K`` runs that one again.

    python scripts/fuzz.py --inputs 100000 --seed 1              # API, every format
    python scripts/fuzz.py --level cli --inputs 5000 --seed 1    # command lines, in-process
    python scripts/fuzz.py --formats json,links --inputs 2000 --save fuzz-failures
    python scripts/fuzz.py --formats links --seed 1 --only 1234  # show one input and verdict

Each failing input is saved in ``--save`` (default ``fuzz-failures/``) as one JSON file:
level, format, seed, index, the input, the verdict and its detail (a traceback). The exit
code is 1 when any input failed, else 0.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import fuzz_checks as checks  # noqa: E402 - found through the path above
import fuzz_strategies as inputs  # noqa: E402

KINDS = ("ok", "error", *checks.FAILURES)


def one(level: str, fmt: str, seed: int, k: int, cap: float, folder: Path) -> tuple:
    """(the input, its verdict) for input ``k`` of ``fmt`` and ``seed``."""
    rng = random.Random(f"{seed}:{fmt}:{k}")
    if level == "cli":
        case = inputs.cli_case(rng)
        return case.__dict__, checks.cli_verdict(case, folder, cap)
    text = inputs.GENERATORS[fmt](rng)
    return text, checks.api_verdict(fmt, text, cap)


def save(folder: Path, record: dict) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{record['level']}-{record['format']}-{record['seed']}-{record['index']}.json"
    (folder / name).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")


def report(tally: Counter, formats: list[str], elapsed: float, total: int, args) -> None:
    print(f"level {args.level}, seed {args.seed}: {total:,} inputs in {elapsed:,.0f} s "
          f"({total / max(elapsed, 1e-9):,.0f}/s), time cap {args.time_per_input:g} s per input")
    print(f"{'format':<10}" + "".join(f"{kind:>12}" for kind in ("inputs", *KINDS)))
    for fmt in [*formats, "total"]:
        row = {kind: sum(n for (f, k), n in tally.items() if k == kind and fmt in (f, "total"))
               for kind in KINDS}
        print(f"{fmt:<10}{sum(row.values()):>12,}" + "".join(f"{row[k]:>12,}" for k in KINDS))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="how many (default 10,000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=("api", "cli"), default="api")
    parser.add_argument("--formats", default=",".join(inputs.GENERATORS),
                        help="API level: comma-separated, of " + ", ".join(inputs.GENERATORS))
    parser.add_argument("--time-per-input", type=float, default=5.0,
                        help="solver time limit per input; 3x this (API) or this (CLI) is "
                             "a hang (default 5)")
    parser.add_argument("--save", type=Path, default=Path("fuzz-failures"),
                        help="folder for the failing inputs (default fuzz-failures/)")
    parser.add_argument("--only", type=int, help="run input K alone and show it")
    args = parser.parse_args()
    formats = ["cli"] if args.level == "cli" else args.formats.split(",")
    tally: Counter = Counter()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="satdoku-fuzz-") as tmp:
        indices = [args.only] if args.only is not None else range(args.inputs)
        for done, k in enumerate(indices, 1):
            fmt = formats[k % len(formats)]
            given, verdict = one(args.level, fmt, args.seed, k, args.time_per_input, Path(tmp))
            tally[fmt, verdict.kind] += 1
            if args.only is not None:
                print(repr(given), verdict, sep="\n")
            if verdict.failed:
                save(args.save, {"level": args.level, "format": fmt, "seed": args.seed,
                                 "index": k, "input": given, "verdict": verdict.kind,
                                 "detail": verdict.detail})
            if done % 1000 == 0:
                failed = sum(n for (_, kind), n in tally.items() if kind in checks.FAILURES)
                print(f"  {done:,} inputs, {failed:,} failed, {time.monotonic() - start:,.0f} s",
                      file=sys.stderr)
    report(tally, formats, time.monotonic() - start, sum(tally.values()), args)
    return 1 if any(kind in checks.FAILURES for _, kind in tally) else 0


if __name__ == "__main__":
    sys.exit(main())

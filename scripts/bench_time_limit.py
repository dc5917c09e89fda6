"""How well ``--time-limit T`` holds, command by command, on heavy inputs made here.

Each case runs ``satdoku <command> ... --time-limit T`` as a child process and prints its wall
time, its CPU time (user + system, from ``getrusage(RUSAGE_CHILDREN)``), the exit code and the
ratios elapsed / T. The start-up of Python and the command's modules (the same command on a 4x4
puzzle, no time limit; the least of three runs) is shown too, and ``net`` is (wall − start-up)
/ T: the time limit counts from the command's start, after that start-up (``netcpu``: the
same in CPU time). On a machine shared with other work judge by CPU (``cpu/T``, ``netcpu``); on
an idle core by wall. The load average is printed first. Each case is run ``--runs`` times and
the run with the least wall time is kept.

    python scripts/bench_time_limit.py                 # every case, T as listed
    python scripts/bench_time_limit.py --only solve,hint --runs 3
    python scripts/bench_time_limit.py --compare /tmp/old   # each case also run with the
                                                            # satdoku of another source tree
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EMPTY = "."


def _inputs(folder: Path) -> dict[str, str]:
    """The heavy inputs: boards whose build or search alone outlasts the limits below."""
    six = ["diagonal", "windoku", "disjoint", "anti-knight", "anti-king", "nonconsecutive"]
    files = {
        # 36x36, six global rules, empty: building the CNF takes ~10 s, searching longer
        "six36": {"size": 36, "box": "6x6", "givens": [EMPTY * 36] * 36, "rules": six},
        # 25x25 anti-knight: built in ~1 s, then a long search (explain's groups are big)
        "ak25": {"size": 25, "box": "5x5", "givens": [EMPTY * 25] * 25,
                 "rules": ["anti-knight", "diagonal"]},
        # 16x16 empty with two rules: many solutions, a long count / candidates / analyse
        "x16": {"size": 16, "box": "4x4", "givens": [EMPTY * 16] * 16,
                "rules": ["diagonal", "anti-knight"]},
    }
    paths = {}
    for name, data in files.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        paths[name] = str(path)
    paths["tiny"] = "1.34 34.2 2.43 43.1"
    return paths


#: (name, argv after ``satdoku``, T): {name} is replaced by the input's path.
CASES = [
    ("solve 36x36 six rules", ["solve", "{six36}"], 1),
    ("solve 36x36 six rules", ["solve", "{six36}"], 10),
    ("check 36x36 six rules", ["check", "{six36}"], 3),
    ("count 16x16 x+knight", ["count", "{x16}"], 2),
    ("candidates 16x16", ["candidates", "{x16}"], 2),
    ("analyse 36x36 six rules", ["analyse", "{six36}"], 3),
    ("hint 36x36 six rules", ["hint", "{six36}"], 5),
    ("hint 25x25 knight", ["hint", "{ak25}"], 3),
    ("explain 25x25 knight", ["explain", "{ak25}"], 3),
    ("explain 16x16", ["explain", "{x16}"], 2),
    ("generate --box 5x5", ["generate", "--box", "5x5", "--seed", "1"], 2),
    ("generate --box 6x6", ["generate", "--box", "6x6", "--seed", "1"], 3),
    ("count --estimate 16x16", ["count", "--estimate", "{x16}"], 2),
]


def run(argv: list[str], tree: str | None = None) -> tuple[float, float, int, str]:
    """Wall s, CPU s (user + system of the child), exit code, last line of stderr; ``tree``:
    the source tree whose satdoku runs (PYTHONPATH), else this environment's."""
    env = dict(os.environ, PYTHONPATH=tree) if tree else None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "satdoku", *argv], capture_output=True,
                          text=True, check=False, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = done.stderr.strip().splitlines()[-1:] or [""]
    return wall, cpu, done.returncode, last[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per case (least wall kept)")
    parser.add_argument("--only", default="", help="commands to run, e.g. solve,hint")
    parser.add_argument("--compare", metavar="TREE", default=None,
                        help="also run each case with the satdoku of this source tree (e.g. "
                             "an older commit unpacked by git archive), right before")
    args = parser.parse_args()
    only = {c for c in args.only.split(",") if c}
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        paths = _inputs(Path(tmp))
        trees = [("", None)] if args.compare is None else [("old", args.compare), ("new", None)]
        startup = {}
        for label, tree in trees:
            for command in ("solve", "check", "count", "candidates", "analyse", "hint",
                            "explain"):
                startup[label, command] = min(run([command, paths["tiny"]], tree)[:2]
                                              for _ in range(3))
            startup[label, "generate"] = min(
                run(["generate", "--size", "4", "--seed", "1"], tree)[:2] for _ in range(3))
        print(f"{'case':32} {'T':>4} {'wall':>6} {'cpu':>6} {'start':>6} {'wall/T':>6} "
              f"{'cpu/T':>6} {'net':>6} {'netcpu':>6} exit  message")
        for name, argv, limit in CASES:
            if only and argv[0] not in only:
                continue
            full = [a.format(**paths) for a in argv] + ["--time-limit", str(limit)]
            for label, tree in trees:
                wall, cpu, code, last = min((run(full, tree) for _ in range(args.runs)),
                                            key=lambda r: r[0])
                start, start_cpu = startup[label, argv[0]]
                print(f"{(label + ' ' if label else '') + name:32} {limit:>4} {wall:6.2f} "
                      f"{cpu:6.2f} {start:6.2f} {wall / limit:6.2f} {cpu / limit:6.2f} "
                      f"{(wall - start) / limit:6.2f} {(cpu - start_cpu) / limit:6.2f} "
                      f"{code:>4}  {last[-60:]}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

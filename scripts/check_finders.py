#!/usr/bin/env python3
"""The technique finders' proposals along whole solving paths, recorded to compare two
versions of the finders (a speed-up must leave every proposal and every step as it was).

``record OUT``: each puzzle's path is explained; at every position of it (the facts
known before each step) every finder of every stage (:data:`.techniques.STAGES`, the
uniqueness ones too) runs on the candidate grid, and the repr of each finding is kept, in
order; with the path's steps and the CPU seconds of the path and of the finders alone.
``compare A B``: the first difference between two records (or "identical"), and the CPU
seconds of each. ``paths``: the CPU seconds of each puzzle's whole path and of the finders
inside it (the time spent in :func:`.techniques.stage_findings`, which runs them lazily).

    PYTHONPATH=$PWD python scripts/check_finders.py record /tmp/new.pkl
    PYTHONPATH=$PWD python scripts/check_finders.py paths --top 0 --only knightmare
    PYTHONPATH=/tmp/base python scripts/check_finders.py record /tmp/base.pkl
    python scripts/check_finders.py compare /tmp/base.pkl /tmp/new.pkl

Puzzles: the first ``--top`` (default 4) of tests/data/top1465-100.txt, examples/jigsaw.json,
examples/x-sudoku.json, examples/knightmare.json, the first puzzle of each ``--extra FILE``
(repeated) and ``--big`` (a 16×16 line, made by ``satdoku generate --box 4x4 --seed 1 -f
line``; skipped when not given). ``--only A,B`` keeps the puzzles whose name holds A or B;
``--no-path``: the finders only, on the positions of a record given by ``--positions``
(for timing the finders alone).
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path

import satdoku.explain.search as search
from satdoku.explain import explain
from satdoku.explain.candidates import Candidates
from satdoku.explain.groups import constraint_groups
from satdoku.explain.techniques import STAGES
from satdoku.formats.loader import read_records


def puzzles(args):
    """(name, puzzle) of every puzzle checked."""
    lines = [s.strip() for s in Path("tests/data/top1465-100.txt").read_text().splitlines()
             if s.strip() and not s.startswith("#")]
    out = []
    for k, line in enumerate(lines[:args.top]):
        recs, _ = read_records(line)
        out.append((f"top1465-{k}", recs[0].puzzle))
    for name in ("jigsaw", "x-sudoku", "knightmare"):
        recs, _ = read_records(f"examples/{name}.json")
        out.append((name, recs[0].puzzle))
    for path in args.extra:
        recs, _ = read_records(path)
        out.append((Path(path).stem, recs[0].puzzle))
    if args.big:
        recs, _ = read_records(args.big, box="4x4")
        out.append(("16x16", recs[0].puzzle))
    keep = args.only.split(",") if args.only else None
    return [(n, p) for n, p in out if keep is None or any(k in n for k in keep)]


def findings(groups, facts) -> tuple[list[list[str]], float]:
    """The reprs of every finder's findings at one position, and their CPU seconds."""
    t = time.process_time()
    c = Candidates(groups, facts)
    out = [[repr(f) for f in finder(c)] for _, finders in STAGES for _, finder in finders]
    return out, time.process_time() - t


def record(args) -> None:
    old = pickle.loads(Path(args.positions).read_bytes()) if args.positions else {}
    result = {}
    for name, puzzle in puzzles(args):
        if args.no_path:
            steps, positions, path_s = old[name]["steps"], old[name]["positions"], 0.0
        else:
            t = time.process_time()
            e = explain(puzzle, time_limit=1000)
            path_s = time.process_time() - t
            steps = [repr(s) for s in e.steps]
            positions = [sorted(e.known_after(k)) for k in range(len(e.steps))]
        groups = constraint_groups(puzzle.board, puzzle.rules)
        found, finders_s = [], 0.0
        for facts in positions:
            f, s = findings(groups, facts)
            found.append(f)
            finders_s += s
        result[name] = {"steps": steps, "positions": positions, "found": found,
                        "path_s": path_s, "finders_s": finders_s}
        print(f"{name}: {len(steps)} steps, path {path_s:.2f} s CPU, finders "
              f"{finders_s:.2f} s CPU", flush=True)
    Path(args.out).write_bytes(pickle.dumps(result))


def paths(args) -> None:
    """Whole paths, timing the finders inside them."""
    spent = [0.0]
    stage_findings = search.stage_findings

    def timed(*a, **k):
        found = stage_findings(*a, **k)
        while True:
            t = time.process_time()
            f = next(found, None)
            spent[0] += time.process_time() - t
            if f is None:
                return
            yield f
    search.stage_findings = timed
    for name, puzzle in puzzles(args):
        spent[0] = 0.0
        t = time.process_time()
        e = explain(puzzle, time_limit=1000)
        print(f"{name}: {len(e.steps)} steps, path {time.process_time() - t:.2f} s CPU, "
              f"finders {spent[0]:.2f} s CPU", flush=True)


def compare(args) -> int:
    a = pickle.loads(Path(args.a).read_bytes())
    b = pickle.loads(Path(args.b).read_bytes())
    bad = 0
    for name in a.keys() & b.keys():
        ra, rb = a[name], b[name]
        print(f"{name}: path {ra['path_s']:.2f} → {rb['path_s']:.2f} s, finders "
              f"{ra['finders_s']:.2f} → {rb['finders_s']:.2f} s CPU")
        if ra["steps"] != rb["steps"] and ra["path_s"] and rb["path_s"]:
            pairs = enumerate(zip(ra["steps"], rb["steps"], strict=False))
            k = next((k for k, (x, y) in pairs if x != y), min(len(ra["steps"]), len(rb["steps"])))
            print(f"  steps differ from step {k}")
            bad += 1
        for k, (fa, fb) in enumerate(zip(ra["found"], rb["found"], strict=False)):
            if fa != fb:
                j = next(j for j, (x, y) in enumerate(zip(fa, fb, strict=False)) if x != y)
                print(f"  position {k}, finder {j}: findings differ\n    {fa[j][:3]}\n"
                      f"    {fb[j][:3]}")
                bad += 1
                break
    print("identical" if not bad else f"{bad} differences")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out")
    t = sub.add_parser("paths")
    for p in (r, t):
        p.add_argument("--top", type=int, default=4)
        p.add_argument("--big")
        p.add_argument("--extra", action="append", default=[])
        p.add_argument("--only")
    r.add_argument("--positions")
    r.add_argument("--no-path", action="store_true")
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    args = ap.parse_args()
    if args.cmd == "record":
        record(args)
        return 0
    if args.cmd == "paths":
        paths(args)
        return 0
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())

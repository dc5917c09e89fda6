#!/usr/bin/env python3
"""Throughput of ``--jobs 2`` and of a 2-worker Dask cluster against ``-j 1``, and a model
of what 16 or 64 cores would give.

For each dataset (default: the 49,158 17-clue puzzles and top1465) the CLI runs
``satdoku solve FILE -o OUT -q`` with ``-j 1``, ``-j 2`` and ``--dask`` on a
``LocalCluster(n_workers=2, threads_per_worker=1)`` that this script starts. Figures are
wall-clock (a parallel run saves wall time, not CPU time):

- **throughput**: puzzles/s end to end (process start, imports, pool or client start
  included), and in the steady state, (N − k) / (time(N) − time(k)) with k a small sample
  of the same file, which takes the fixed costs out; ratios against ``-j 1`` in the same run;
- **CPU**: user + sys of the command and its workers, so that the cost of parallelism shows
  as CPU spent beyond ``-j 1``'s;
- **per chunk**: the round trip of an empty chunk through the process pool and through Dask
  (the cost a chunk adds), and the parent's own CPU per puzzle (reading, sending, writing:
  what one parent can feed at most);
- **model**: for C cores, min(C workers' rate with the per-chunk cost spread over a chunk of
  about ``chunk_seconds``, the parent's ceiling), and the time the dataset would take.

Rounds run every mode in turn and each figure is the best of ``--repeat`` rounds, so that a
load spike does not favour one mode; the outputs of all modes are compared byte for byte.
On a shared machine the figures mean little: run it on a quiet one.

    python scripts/bench_parallel.py                          # the targets: ~2 minutes
    python scripts/bench_parallel.py --sample 3000 --repeat 1 # a quick check that it works
    python scripts/bench_parallel.py --dataset ../shared/data/top1465.txt --times 10
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from satdoku.batch.chunks import LARGEST
from satdoku.runtime.pool import Local, Ordered, Work, scaled

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
DEFAULTS = [DATA / "17-clue.txt", DATA / "top1465.txt"]
#: Puzzles in the small run whose time is taken off (start-up, imports, first chunks).
SMALL = 200


def puzzles_of(path: Path, sample: int | None, times: int = 1) -> list[str]:
    lines = [ln for ln in path.read_text().splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    return (lines[:sample] if sample else lines) * times


def timed(args: list[str]) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds (the command and its workers) and output of ``satdoku``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.txt"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "satdoku", *args, "-o", str(out), "-q"],
                       check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        data = out.read_bytes() if out.exists() else b""
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, data


def parent_cpu(args: list[str]) -> float:
    """CPU seconds of the parent process alone (its workers aside) for ``satdoku ARGS``."""
    code = ("import resource, sys; from satdoku.cli import run\n"
            "before = resource.getrusage(resource.RUSAGE_SELF)\n"
            f"run({args!r})\n"
            "after = resource.getrusage(resource.RUSAGE_SELF)\n"
            "print(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return float(out.split()[-1])


def chunk_cost(backend, chunks: int = 2000) -> float:
    """Seconds per chunk of an empty chunk's round trip (pipelined, as in a batch)."""
    start = time.perf_counter()
    for _ in Ordered(backend, Work(scaled, factor=1), iter(range(chunks))):
        pass
    return (time.perf_counter() - start) / chunks


def measure(path: Path, sample: int | None, modes: dict[str, list[str]], repeat: int,
            command: str, times: int = 1) -> dict:
    """Best wall and CPU times per mode for the whole sample and for a small one."""
    lines = puzzles_of(path, sample, times)
    with tempfile.TemporaryDirectory() as tmp:
        big, small = Path(tmp) / "big.txt", Path(tmp) / "small.txt"
        big.write_text("\n".join(lines) + "\n")
        small.write_text("\n".join(lines[:SMALL]) + "\n")
        best: dict = {}
        outputs: dict[str, bytes] = {}
        for _ in range(repeat):
            for mode, options in modes.items():
                wall, cpu, data = timed([command, str(big), *options])
                small_wall, _, _ = timed([command, str(small), *options])
                outputs[mode] = data
                old = best.get(mode, (float("inf"),) * 3)
                best[mode] = (min(old[0], wall), min(old[1], cpu), min(old[2], small_wall))
        parent = {mode: (parent_cpu([command, str(big), *opts, "-o", str(Path(tmp) / "o"),
                                     "-q"])
                         - parent_cpu([command, str(small), *opts, "-o", str(Path(tmp) / "o"),
                                       "-q"])) / max(len(lines) - SMALL, 1)
                  for mode, opts in modes.items() if mode != "-j 1"}
    same = len(set(outputs.values())) == 1
    return {"n": len(lines), "best": best, "same": same, "parent": parent}


def report(name: str, m: dict) -> None:
    n, best = m["n"], m["best"]
    base_wall, base_cpu, base_small = best["-j 1"]
    base_steady = (n - SMALL) / max(base_wall - base_small, 1e-9)
    print(f"\n### {name}: {n:,} puzzles (outputs identical across modes: {m['same']})\n")
    print("| mode | wall s | puzzles/s | ratio | steady puzzles/s | steady ratio | CPU s |"
          " CPU vs -j 1 |")
    print("|---|---|---|---|---|---|---|---|")
    for mode, (wall, cpu, small) in best.items():
        steady = (n - SMALL) / max(wall - small, 1e-9)
        print(f"| {mode} | {wall:.2f} | {n / wall:,.0f} | {base_wall / wall:.2f}× | "
              f"{steady:,.0f} | {steady / base_steady:.2f}× | {cpu:.2f} | "
              f"{cpu / base_cpu:.2f}× |")
    for mode, per in m["parent"].items():  # (noise can make it negative on a busy machine)
        print(f"\nparent CPU per puzzle ({mode}): {per * 1e6:.1f} µs "
              f"(one parent feeds at most {1 / max(per, 1e-9):,.0f} puzzles/s)")
    m["steady"] = base_steady


def model(name: str, m: dict, costs: dict[str, tuple[float, float]]) -> None:
    """Predicted steady throughput on C cores for a large input (see the module's text),
    and the time this dataset would take (start-up, as measured, plus N / rate)."""
    per_puzzle = 1 / m["steady"]  # one worker's seconds per puzzle
    start = {"local": m["best"]["-j 2"][2], "dask": m["best"].get("dask", (0, 0, 0))[2]}
    print(f"\nmodel for {name} ({per_puzzle * 1e6:.0f} µs per puzzle per worker):\n")
    print("| backend | cores | chunk | per-chunk cost | worker-bound/s | parent-bound/s |"
          " predicted/s | this dataset s |")
    print("|---|---|---|---|---|---|---|---|")
    for backend, (chunk_seconds, cost) in costs.items():
        parent = max(m["parent"].get("-j 2" if backend == "local" else "dask", 0.0), 0.0)
        size = max(1, min(LARGEST, round(chunk_seconds / per_puzzle)))
        for cores in (2, 16, 64):
            workers = cores / (per_puzzle + cost / size)
            ceiling = 1 / max(parent + cost / size, 1e-12)
            rate = min(workers, ceiling)
            print(f"| {backend} | {cores} | {size:,} | {cost * 1e3:.2f} ms | {workers:,.0f} | "
                  f"{ceiling:,.0f} | {rate:,.0f} | {start[backend] + m['n'] / rate:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", type=Path, nargs="+", default=DEFAULTS)
    parser.add_argument("--sample", type=int, help="only the first N puzzles of each")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the best is kept")
    parser.add_argument("--command", default="solve", choices=("solve", "check"))
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    parser.add_argument("--times", type=int, default=1,
                        help="each dataset's puzzles this many times over in one file: a run "
                             "of seconds, where top1465 alone takes half a second, most of it "
                             "start-up")
    args = parser.parse_args()
    modes = {"-j 1": ["-j", "1"], "-j 2": ["-j", "2"]}
    with Local(2) as pool:
        costs = {"local": (Local.chunk_seconds, chunk_cost(pool))}
    cluster = None
    if not args.no_dask:
        from distributed import LocalCluster

        from satdoku.runtime.cluster import Dask
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        modes["dask"] = ["--dask", cluster.scheduler_address]
        with Dask(cluster.scheduler_address) as dask:
            costs["dask"] = (Dask.chunk_seconds, chunk_cost(dask, 300))
    print(f"# satdoku {args.command}: -j 1, -j 2, Dask (2 workers); best of {args.repeat}")
    print("\nper-chunk cost (empty chunk, round trip): " + ", ".join(
        f"{k} {c * 1e3:.3f} ms" for k, (_, c) in costs.items()))
    try:
        for path in args.dataset:
            result = measure(path, args.sample, modes, args.repeat, args.command, args.times)
            report(path.name + (f" ×{args.times}" if args.times > 1 else ""), result)
            model(path.name, result, costs)
    finally:
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    main()

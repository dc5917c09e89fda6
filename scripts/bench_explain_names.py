#!/usr/bin/env python3
"""The figures of issue 28 (run by hand): named techniques, grades against a human-style
rating, and path times.

1. ``--named FILE``: every puzzle of FILE (e.g. ``tests/data/top1465-100.txt``) is
   explained; the share of steps that carry a named technique (not ``deduction``,
   ``contradiction chain`` or ``trial and error``), the share of paths with no unnamed step,
   how often each technique occurs, and the CPU time per path (median, max).
2. ``--rated FILE``: lines ``PUZZLE RATING`` (``tests/data/se-rated-102.txt``: puzzles of
   the public-domain Sudoku Exchange puzzle bank with their Sukaku Explainer rating, the SE
   scale); each puzzle is explained and graded, and the Spearman rank correlation of the
   grade's score with the rating is printed, with the mean score and the bands per rating.

    python scripts/bench_explain_names.py --named tests/data/top1465-100.txt
    python scripts/bench_explain_names.py --rated tests/data/se-rated-102.txt
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path

from satdoku.explain import explain
from satdoku.formats import parse_puzzle

#: Names that are no named technique.
UNNAMED = {"deduction", "contradiction chain", "trial and error"}
#: Named, but computer-style: contradictions found by propagation (or cases) from one
#: assumption, which a person finds much harder than a textbook pattern.
FORCING = {"forcing chain", "forcing net", "nested forcing net"}


def puzzles(path: str) -> list[str]:
    return [ln.strip() for ln in Path(path).read_text().splitlines()
            if ln.strip() and not ln.startswith("#")]


def ranks(xs: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda k: xs[k])
    out = [0.0] * len(xs)
    k = 0
    while k < len(order):
        j = k
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[k]]:
            j += 1
        for m in range(k, j + 1):
            out[order[m]] = (k + j) / 2 + 1
        k = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (Pearson's on the ranks; ties share ranks)."""
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    return cov / (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5


def named(path: str) -> None:
    steps = unnamed = clean = forcing = textbook = 0
    times: list[float] = []
    names: Counter[str] = Counter()
    texts = puzzles(path)
    for text in texts:
        t = time.process_time()
        e = explain(parse_puzzle(text))
        times.append(time.process_time() - t)
        bad = sum(1 for s in e.steps if s.name in UNNAMED)
        steps, unnamed, clean = steps + len(e.steps), unnamed + bad, clean + (bad == 0)
        computer = sum(1 for s in e.steps if s.name in FORCING)
        forcing, textbook = forcing + computer, textbook + (computer == 0 and bad == 0)
        names.update(s.name for s in e.steps)
    print(f"{len(texts)} puzzles, {steps} steps: {100 * (steps - unnamed) / steps:.1f} % of "
          f"steps named; {100 * clean / len(texts):.0f} % of paths with no unnamed step")
    print(f"of them forcing chains/nets: {100 * forcing / steps:.1f} % of steps; "
          f"{100 * textbook / len(texts):.0f} % of paths use textbook patterns only")
    print(f"path CPU s: median {statistics.median(times):.2f}, max {max(times):.2f}")
    for name, k in names.most_common():
        print(f"  {k:6}  {name}")


def rated(path: str) -> None:
    scores, ratings = [], []
    by_rating: dict[float, list[tuple[float, str]]] = defaultdict(list)
    for line in puzzles(path):
        text, rating = line.split()[:2]
        e = explain(parse_puzzle(text))
        assert e.grade is not None, text
        scores.append(e.grade.score)
        ratings.append(float(rating))
        by_rating[float(rating)].append((e.grade.score, e.grade.label))
    print(f"{len(scores)} puzzles: Spearman rank correlation of the score with the rating "
          f"{spearman(scores, ratings):.3f}")
    for r in sorted(by_rating):
        got = by_rating[r]
        print(f"  SE {r:4.1f}: score mean {statistics.fmean(s for s, _ in got):.2f}, bands "
              f"{dict(Counter(label for _, label in got))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--named", metavar="FILE")
    parser.add_argument("--rated", metavar="FILE")
    args = parser.parse_args()
    if args.named:
        named(args.named)
    if args.rated:
        rated(args.rated)


if __name__ == "__main__":
    main()

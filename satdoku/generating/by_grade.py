"""Puzzles of a chosen difficulty: generate, grade each by its solving path, keep the matches.

The grade is the one ``satdoku explain`` and ``analyse --grade`` give (:mod:`satdoku.explain.path`:
easy, medium, hard, expert, extreme, from the hardest step of the path). Nothing steers the
generator toward a grade: puzzles are made as usual, each is explained and graded, and
those of another grade are dropped. A grade the generator seldom makes therefore takes many
attempts (measured in docs/explain.md), and a cap on the attempts ends the search.

>>> from satdoku.board import Board
>>> from satdoku.generating import generate_many
>>> pick = GradePick(Difficulty.easy, count=2)
>>> kept = list(pick.filter(generate_many(Board.classic(4), seed=1, count=10)))
>>> len(kept), pick.reached, pick.message()
(2, True, 'note: 2 puzzles graded easy in 2 attempts')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from satdoku.explain.grades import Difficulty
from satdoku.generating.stream import Generated

__all__ = ["Difficulty", "GradePick"]


class GradePick:
    """Keeps the first ``count`` puzzles of grade ``wanted``, and counts what it saw.

    ``time_limit`` bounds each puzzle's path (a path cut short has no grade: dropped);
    ``on_try(tried)`` is called after each puzzle graded (a progress count).
    """

    def __init__(self, wanted: Difficulty, count: int, time_limit: float | None = None,
                 on_try: Callable[[int], None] | None = None) -> None:
        self.wanted, self.count, self.time_limit = wanted, count, time_limit
        self.on_try = on_try
        self.tried, self.kept = 0, 0
        self.seen: Counter[str] = Counter()

    def filter(self, made: Iterable[Generated | TimeoutError]
               ) -> Iterator[Generated | TimeoutError]:
        """The puzzles of ``made`` that have the wanted grade (time-outs of the generator
        pass through), until ``count`` of them came."""
        from satdoku.explain import explain  # only --difficulty pays for it

        for item in made:
            if self.kept >= self.count:
                return
            if isinstance(item, TimeoutError):
                yield item
                continue
            e = explain(item.puzzle, self.time_limit)
            label = e.grade.label if e.grade is not None else "ungraded (time limit)"
            self.tried += 1
            self.seen[label] += 1
            if self.on_try is not None:
                self.on_try(self.tried)
            if label == self.wanted.value:
                self.kept += 1
                yield item

    @property
    def reached(self) -> bool:
        return self.kept >= self.count

    def message(self) -> str:
        """One line: how many were kept of how many tried; when fewer than ``count``, what
        was seen instead."""
        if self.reached:
            return (f"note: {self.kept} puzzle{'s' if self.kept > 1 else ''} graded "
                    f"{self.wanted.value} in {self.tried} attempts")
        found = "no puzzle" if self.kept == 0 else f"only {self.kept} of {self.count} puzzles"
        seen = ", ".join(f"{label} {k}" for label, k in sorted(
            self.seen.items(), key=lambda item: _order(item[0])))
        return (f"{found} graded {self.wanted.value} in {self.tried} attempts (grades seen: "
                f"{seen or 'none'}); raise --attempts or choose another --difficulty")


def _order(label: str) -> int:
    names = [d.value for d in Difficulty]
    return names.index(label) if label in names else len(names)

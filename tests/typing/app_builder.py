"""An app builder's five tasks, type-checked with ``mypy --strict`` in CI (.ci/run): the
package face is typed although its names are imported on first use."""

import satdoku

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

solution: tuple[int, ...] = satdoku.solve(PUZZLE).solutions[0]
unique: bool = satdoku.check(satdoku.load(PUZZLE)).status is satdoku.Status.UNIQUE
made: list[satdoku.Generated] = satdoku.generate(count=10, seed=1)
givens: int = satdoku.load("https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcAWANCA5g").num_givens
marks: dict[int, tuple[int, ...]] = satdoku.candidates(PUZZLE)

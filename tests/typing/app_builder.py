"""An app builder's five tasks, type-checked with ``mypy --strict`` in CI (.ci/run): the
package face is typed although its names are imported on first use. (Run: ``python
tests/typing/app_builder.py``; the same tasks are executed by docs/python.md's doctests.)"""

import satdoku

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
LINK = ("https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOw"
        "QBcMqBfZYH48lQQBmeoxbtOMfiFKVqKdONbwO3ALrJCswdVFKmKtdN475CRQ0OTuvGXKHwATGOuqpXTdofUX"
        "Bie62fKY+Fq4Bxva6IuFGHl4C5kixNiaJjvpWER52IdG0KYHS6upcQA")


def main() -> None:
    solution: tuple[int, ...] = satdoku.solve(PUZZLE).solutions[0]
    unique: bool = satdoku.check(satdoku.load(PUZZLE)).status is satdoku.Status.UNIQUE
    made: list[satdoku.Generated] = satdoku.generate(count=10, seed=1)
    givens: int = satdoku.load(LINK).num_givens
    marks: dict[int, tuple[int, ...]] = satdoku.candidates(PUZZLE)
    counted: satdoku.CandidateCounts = satdoku.candidates(PUZZLE, cap=2)
    print(solution[:9], unique, len(made), givens, len(marks), counted.total)


if __name__ == "__main__":
    main()

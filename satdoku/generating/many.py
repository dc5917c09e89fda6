"""Many puzzles, reproducibly: blocks of puzzles, each from a generator with its own seed, made
here or by worker processes (:mod:`satdoku.runtime`), yielded in order.

The puzzles of a seed do not depend on the number of workers: blocks have a size fixed by
the board and options (:func:`block_size`), block b is seeded by :func:`block_seed`.
"""

from __future__ import annotations

import collections.abc
import contextlib
import dataclasses
import random
from collections import deque
from collections.abc import Callable, Iterator

from cnf.session import calls_end_before_interrupt
from satdoku.board import Board
from satdoku.generating.make import make_generator
from satdoku.generating.options import GenerateOptions
from satdoku.generating.stream import Generated, PuzzleStream
from satdoku.rules import Rule
from satdoku.runtime.backends import backend_for
from satdoku.runtime.pool import Backend, Ordered, Work, cores, workers
from satdoku.runtime.signals import wrapping_up

#: After Ctrl-C, how long to wait for the workers' blocks cut short (the puzzle in hand).
WRAP_UP_SECONDS = 2.0


def derive_seed(base: int | str, stream: int) -> int:
    """The seed of block ``stream`` of a run seeded with ``base`` (see :func:`block_seed`).

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    return random.Random(f"{base}:{stream}").getrandbits(63)


def _attempt(generator: PuzzleStream) -> Generated | TimeoutError:
    try:
        return generator.puzzle()
    except TimeoutError as err:
        return err


def block_size(board: Board, rules: tuple[Rule, ...] = (),
               options: GenerateOptions | None = None) -> int:
    """Puzzles per block of :func:`generate_many`: a fixed function of the board and the
    options (never of the jobs), so that the puzzles of a seed stay what they are.

    A new generator costs a few puzzles' time (measured: 9x9 8 ms ≈ 4 puzzles, 16x16 0.13 s
    ≈ 2), so plain blocks stay large enough for it not to matter, and giant boards (seconds
    per puzzle) go one by one. Slower kinds make smaller blocks, since an interrupt with
    ``-j N`` loses the blocks not finished: extra rules (a template's, anti-knight …; 9x9
    ≈ 30-60 ms per puzzle) a tenth, and a new layout per puzzle (jigsaw, killer, drawn
    constraints; 9x9 40-200 ms per puzzle, a new CNF each, so nothing is shared) one by one.

    >>> [block_size(Board.classic(n)) for n in (9, 16, 25)]
    [100, 20, 1]
    >>> block_size(Board.classic(9), options=GenerateOptions(jigsaw=True))
    1
    """
    n = board.n
    if options is not None and (options.jigsaw or options.cages or options.draw):
        return 1
    size = 100 if n <= 12 else 20 if n <= 16 else 1
    return max(1, size // 10) if rules else size


def block_seed(seed: int | str, block: int) -> int | str:
    """The seed of block ``block``: ``seed`` itself for the first, so that a short run's
    puzzles are those of one :class:`Generator` seeded with ``seed``."""
    return seed if block == 0 else derive_seed(seed, block)


def blocks(count: int, size: int) -> Iterator[tuple[int, int]]:
    """The (block, length) of ``count`` puzzles in blocks of ``size``, made as needed (a
    count of 10¹² costs nothing up front).

    >>> list(blocks(250, 100))
    [(0, 100), (1, 100), (2, 50)]
    """
    block = 0
    while block * size < count:
        yield block, min(size, count - block * size)
        block += 1


def generate_many(board: Board, rules: tuple[Rule, ...] = (),
                  options: GenerateOptions | None = None, seed: int | str = 0, count: int = 1,
                  jobs: int = 1, dask: str | None = None,
                  ) -> Iterator[Generated | TimeoutError]:
    """``count`` puzzles, in an order fixed by the seed; a puzzle whose time limit ran out
    before a full grid was found comes as a :class:`TimeoutError`.

    The puzzles come in blocks of :func:`block_size`, block b made by a generator seeded
    with :func:`block_seed`; each puzzle's ``number`` counts from 1 over the whole run and
    its ``seed`` is ``seed``. With ``jobs`` > 1 (0: one per core) or ``dask`` (a scheduler
    address or file: :mod:`satdoku.runtime.cluster`) worker processes make the blocks,
    yielded in order: the same puzzles as with one job. With ``minimal`` and no
    ``proof_jobs`` set, the hardest tests run in forked children on the cores the workers
    leave free (:func:`proof_jobs`). Ctrl-C waits for the SAT call under way (short: conflict
    budgets). On KeyboardInterrupt — raised here, or thrown in by the consumer (``throw``) —
    the puzzles already made are yielded (up to the first block not done) before the
    interrupt goes on.

    >>> from satdoku.board import Board
    >>> [m.clues > 0 for m in generate_many(Board.classic(4), seed=2, count=2)]
    [True, True]
    """
    rules = tuple(rules)
    size = block_size(board, rules, options)
    total = -(-count // size)
    if options is not None and options.minimal and options.proof_jobs is None:
        options = dataclasses.replace(options, proof_jobs=1 if dask else proof_jobs(jobs, total))
    pool = backend_for(jobs, dask, most=total)
    with calls_end_before_interrupt():
        if pool is None:
            for block, length in blocks(count, size):
                yield from block_puzzles(board, rules, options, seed, size, block, length)
            return
        yield from _on_workers(pool, Work(block_maker, board=board, rules=rules,
                                          options=options, seed=seed, size=size),
                               blocks(count, size))


def proof_jobs(jobs: int, blocks: int) -> int:
    """Minimality tests at once in each worker: the cores left by the workers that
    :func:`generate_many` runs for ``blocks`` blocks with ``jobs`` (one worker: this process).

    >>> from satdoku.runtime.pool import cores
    >>> proof_jobs(1, 5) == cores(), proof_jobs(0, 5) == max(1, cores() // min(cores(), 5))
    (True, True)
    """
    return max(1, cores() // workers(jobs, blocks))


def _on_workers(pool: Backend, work: Work, sizes: Iterator[tuple[int, int]]
                ) -> Iterator[Generated | TimeoutError]:
    """The blocks made by ``pool``'s workers, in order (the pool closed on the way out)."""
    lengths: deque[int] = deque()  # of the blocks sent, in order

    def sent() -> Iterator[tuple[int, int]]:
        for block in sizes:
            lengths.append(block[1])
            yield block

    run: Ordered[list[Generated | TimeoutError]] = Ordered(pool, work, sent())
    done, current = False, deque[Generated | TimeoutError]()
    try:
        for made in run:
            lengths.popleft()
            current.extend(made)
            while current:
                yield current.popleft()
        done = True
    except KeyboardInterrupt:
        yield from current  # the rest of the block being taken
        pool.wrap_up()  # local workers return their blocks so far, after the puzzle in hand
        for made in run.finished(wait=WRAP_UP_SECONDS):
            yield from made
            if len(made) < lengths.popleft():
                break  # a block cut short: the puzzles after it would leave a gap
        raise
    finally:
        pool.close(abort=not done)


def block_puzzles(board: Board, rules: tuple[Rule, ...], options: GenerateOptions | None,
                  seed: int | str, size: int, block: int,
                  length: int
                  ) -> collections.abc.Generator[Generated | TimeoutError, None, None]:
    """The first ``length`` puzzles of block ``block`` (of ``size``), numbered in the run;
    each a TimeoutError when the generator's CNF could not be built within the first
    puzzle's time limit."""
    try:
        made_by = make_generator(board, rules, options, block_seed(seed, block))
    except TimeoutError as err:
        yield from (err for _ in range(length))
        return
    with made_by as generator:
        for k in range(length):
            made = _attempt(generator)
            yield made if isinstance(made, TimeoutError) else dataclasses.replace(
                made, seed=seed, number=block * size + k + 1)


def block_maker(board: Board, rules: tuple[Rule, ...], options: GenerateOptions | None,
                seed: int | str, size: int) -> Callable[[tuple[int, int]], list]:
    """A worker's function of a (block, length): its puzzles (a :class:`Work` factory),
    fewer when the parent asks the worker to wrap up (Ctrl-C: the puzzles made are kept)."""

    def make(block: tuple[int, int]) -> list:
        made: list = []
        with contextlib.closing(block_puzzles(board, rules, options, seed, size,
                                              *block)) as puzzles:
            while not wrapping_up():
                item = next(puzzles, None)
                if item is None:
                    break
                made.append(item)
        return made

    return make

"""Unique, minimal, symmetric puzzles: clue orbits removed from a random full grid.

A random full grid (:mod:`satdoku.fill`) loses clue orbits of the chosen symmetry in random
order, each removed when the puzzle stays unique (:mod:`satdoku.removal`: the known solution
blocked under an activation literal, one incremental call per test). ``strict`` adds a pass
over single cells. One incremental session serves every puzzle of a :class:`Generator`.

>>> from satdoku.board import Board
>>> with Generator(Board.classic(4), seed=3) as gen:
...     made = gen.puzzle()
>>> made.proven_minimal, made.symmetry.value, made.puzzle.num_givens == made.clues
(True, 'rot180', True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from operator import mul
from typing import TYPE_CHECKING, TypeVar

from cnf import AMO, Session
from cnf.session import DEFAULT_BACKEND
from satdoku.board import Board
from satdoku.encoding import DEFAULT_AMO, DEFAULT_ENCODING, Encoding, all_rules, build
from satdoku.fill import Filler
from satdoku.minimal import decide_all as decide_units
from satdoku.parallel import Backend, Ordered, Work, backend_for, wrapping_up
from satdoku.puzzle import Puzzle
from satdoku.removal import Removal
from satdoku.rules import Grid, Rule, classic_rules
from satdoku.rules.checker import grid_checker
from satdoku.symmetry import Symmetry
from satdoku.unavoidable import second_grid, unavoidable_sets

if TYPE_CHECKING:
    from satdoku.line_layouts import Draw

#: Default conflicts per removal test, by board size (up to 16, then larger). Measured
#: (scripts/bench_generate.py): 9x9 and 16x16 need at most a few hundred, so 1,000 proves
#: every puzzle minimal; at 25x25 a test can take thousands (0.4 ms each): 20,000 gave
#: 277 clues in 200-280 s per puzzle, 100 gave 283 clues in 6 s (minimality not proven).
DEFAULT_CONFLICTS = (1_000, 100)
#: From this size on, the solver's phases are set to the known solution before removal:
#: measured 20 % faster at 16x16, 7 % at 12x12, 10 % slower at 9x9.
PHASE_HINT_FROM = 12
#: Each puzzle leaves a retired activation variable in the session, and CaDiCaL's calls slow
#: down as they pile up (9x9: 3.5 s per 1000 puzzles at first, 8.6 s after 8000), so the
#: session is renewed every max(RENEW_EVERY, n³/8) puzzles (reloading 9x9 costs ~5 ms).
#: Measured better here than :attr:`cnf.Session.worn`'s time rule (9x9: 518 vs 452-494/s);
#: 200 rather than 100 since removal makes fewer calls (valgrind, 9x9: 1.6 % fewer
#: instructions; 400: 0.4 % more than 200).
RENEW_EVERY = 200
#: Back-end options of the removal session. CaDiCaL's chronological backtracking costs
#: here: 10 % more instructions in its calls (valgrind, 500 9x9 puzzles' calls replayed).
SESSION_OPTIONS: dict[str, dict[str, int]] = {"cadical195": {"chrono": 0}}
#: With ``minimal``, each round of re-tests multiplies the conflict budget by this.
MINIMAL_GROWTH = 10
#: After Ctrl-C, how long to wait for the workers' blocks cut short (the puzzle in hand).
WRAP_UP_SECONDS = 2.0


def default_conflicts(n: int) -> int:
    """The default conflict budget of one removal test on an n×n board.

    >>> default_conflicts(9), default_conflicts(25)
    (1000, 100)
    """
    return DEFAULT_CONFLICTS[0] if n <= 16 else DEFAULT_CONFLICTS[1]


@dataclass(frozen=True)
class GenerateOptions:
    """How to generate: symmetry, target clue count, strictness, budgets, solver options.

    ``clues``: stop removing as soon as the puzzle has at most this many givens.
    ``time_limit``: seconds per puzzle (fill and removal). ``conflicts``: per removal test;
    None for the size's default (:func:`default_conflicts`), 0 for no limit. ``minimal``:
    units whose test ran out of budget are tested again with budgets growing
    :data:`MINIMAL_GROWTH`-fold until every one is decided (or the time limit runs out).
    ``givens`` (a template's, 0 = blank): every grid keeps them; they stay in every puzzle
    when ``keep_givens``, else they are removable like any clue.
    ``jigsaw``: random jigsaw regions for each puzzle; ``cages`` = (smallest, largest): random
    killer cages covering the grid for each puzzle, and with ``clues=0`` no givens at all
    (see :mod:`satdoku.layout_generate`); ``draw``: thermos, arrows, dots, XV signs drawn
    over each grid (:class:`satdoku.line_layouts.Draw`), with ``clues=0`` added until unique.
    ``proof_jobs``: with ``minimal``, how many of the hardest re-tests run at once, each in
    a forked child (:func:`satdoku.minimal.decide_fresh`); the puzzles are the same for any.
    """

    symmetry: Symmetry = Symmetry.ROT180
    clues: int | None = None
    strict: bool = False
    time_limit: float | None = None
    conflicts: int | None = None
    minimal: bool = False
    encoding: Encoding = DEFAULT_ENCODING
    amo: AMO = DEFAULT_AMO
    backend: str = DEFAULT_BACKEND
    givens: Grid | None = None
    keep_givens: bool = True
    jigsaw: bool = False
    cages: tuple[int, int] | None = None
    draw: tuple[Draw, ...] = ()
    proof_jobs: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "symmetry", Symmetry(self.symmetry))  # "rot90" works too
        for name in ("clues", "conflicts"):
            if (getattr(self, name) or 0) < 0:
                raise ValueError(f"{name} must not be negative")
        if self.time_limit is not None and self.time_limit <= 0:
            raise ValueError("time_limit must be positive (seconds)")
        if self.cages is not None and not 1 <= self.cages[0] <= self.cages[1]:
            raise ValueError("cages must be (smallest, largest) sizes, 1 <= smallest <= largest")
        if self.proof_jobs < 1:
            raise ValueError("proof_jobs must be at least 1")

    @property
    def fixed(self) -> frozenset[int]:
        """The cells that stay given in every puzzle (a template's kept givens)."""
        if not self.keep_givens or self.givens is None:
            return frozenset()
        return frozenset(i for i, d in enumerate(self.givens) if d)


@dataclass(frozen=True)
class Generated:
    """A generated puzzle and how it was made.

    ``symmetry`` is the requested one when the clue pattern has it (a strict pass may break
    it: then ``none``); ``proven_minimal`` is False when a test ran out of budget or time
    (``undecided`` says how many units were kept so), or removal stopped at the target;
    ``number`` counts the generator's puzzles from 1.
    """

    puzzle: Puzzle
    solution: Grid
    symmetry: Symmetry
    proven_minimal: bool
    target: int | None
    seed: int | str
    number: int
    seconds: float
    calls: int
    #: Units (orbits) left undecided: their test ran out of budget or time and they stayed.
    undecided: int = 0
    #: Units that the first pass left undecided and ``minimal`` decided with larger budgets.
    retested: int = 0
    #: Of ``undecided``, the drawn pieces and cage merges of a zero-given layout (not orbits).
    undecided_pieces: int = 0

    @property
    def clues(self) -> int:
        return self.puzzle.num_givens

    @property
    def reached_target(self) -> bool:
        return self.target is None or self.clues <= self.target


_Stream = TypeVar("_Stream", bound="PuzzleStream")


class PuzzleStream:
    """An endless stream of puzzles that holds solvers: ``with``, iterate, ``close``."""

    def puzzle(self) -> Generated:
        raise NotImplementedError

    def close(self) -> None:
        """Release the solvers."""

    def __enter__(self: _Stream) -> _Stream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[Generated]:
        while True:
            yield self.puzzle()


class Generator(PuzzleStream):
    """Puzzles for one board and rule set, all from one incremental session and one seed.

    The same board, rules, options and seed give the same puzzles in the same order, unless
    a time limit runs out (conflict budgets are counted, so they reproduce).
    """

    def __init__(self, board: Board, rules: tuple[Rule, ...] = (),
                 options: GenerateOptions | None = None, seed: int | str = 0) -> None:
        self.board, self.rules, self.seed = board, tuple(rules), seed
        self.options = options = options or GenerateOptions()
        formula = build(board, self.rules, options.encoding, options.amo)
        # Grids always come from the default encoding: measured, their minimal puzzles have
        # the clue counts of a random backtracking fill; augmented-encoding grids need more.
        self.filler = Filler(board, self.rules)
        extra = all_rules(board, self.rules)[len(classic_rules(board)):]
        self.holds_extra = grid_checker(board, extra) if extra else None
        self.session = Session(formula, options.backend,
                               options=SESSION_OPTIONS.get(options.backend))
        self.rng = random.Random(seed)
        self.made = 0

    def close(self) -> None:
        self.session.close()
        self.filler.close()

    def _unavoidable(self, solution: Grid) -> list[int]:
        """Small unavoidable sets of ``solution`` (known second solutions): all of them for
        the classic rules, else those whose second grid keeps the extra rules too."""
        sets = unavoidable_sets(self.board, solution)
        if self.holds_extra is None:
            return sets
        board, holds = self.board, self.holds_extra
        return [mask for mask in sets if holds(second_grid(board, solution, mask))]

    def _calls(self) -> int:
        return self.session.calls + self.filler.session.calls

    def puzzle(self) -> Generated:
        """The next puzzle: unique; minimal unless a budget, the time limit or the target
        stopped removal first. Raises TimeoutError when no full grid was found in time."""
        opts, board = self.options, self.board
        if self.made and self.made % max(RENEW_EVERY, board.n ** 3 // 8) == 0:
            self.session = self.session.renewed()
        start, calls = time.perf_counter(), self._calls()
        solution = self.filler.grid(self.rng, opts.time_limit, opts.givens)
        deadline = None if opts.time_limit is None else start + opts.time_limit
        removal = Removal(self.session, board, solution, deadline, budget(board, opts),
                          witnesses=self._unavoidable(solution))
        if board.n >= PHASE_HINT_FROM:
            self.session.set_phases(removal.lits)
        complete = remove_clues(removal, board, opts, self.rng)
        # Not in a `finally`: after Ctrl-C inside a call, CaDiCaL aborts the process on any
        # later clause, so an interrupted session is only ever deleted.
        removal.close()
        self.made += 1
        return generated(removal, board, self.rules, solution, complete, opts, self.seed,
                         self.made, time.perf_counter() - start, self._calls() - calls)


def budget(board: Board, options: GenerateOptions) -> int | None:
    """Conflicts per removal test: the option, or the size's default; None: no limit."""
    conflicts = default_conflicts(board.n) if options.conflicts is None else options.conflicts
    return conflicts or None


def remove_clues(removal: Removal, board: Board, options: GenerateOptions,
                 rng: random.Random) -> bool:
    """Remove the symmetry's orbits in random order (then single cells with ``strict``),
    never the ``options.fixed`` cells; whether every orbit was decided."""
    orbits = [*_orbits(options.symmetry, board)]
    fixed = options.fixed
    if fixed:
        orbits = [u for orbit in orbits if (u := tuple(c for c in orbit if c not in fixed))]
    rng.shuffle(orbits)
    # measured: trying 5/8 of the orbits first (9x9: 14.7 calls a puzzle; 1/2: 15.0, 1/4: 15.7)
    complete = removal.remove(orbits, options.clues, first=len(orbits) * 5 // 8)
    if complete and options.minimal:
        complete = decide_all(removal, board, options.clues, options.proof_jobs)
    if complete and options.strict:
        cells = [(cell,) for cell in removal.givens() if cell not in fixed]
        rng.shuffle(cells)
        complete = removal.remove(cells, options.clues)
        if complete and options.minimal:
            complete = decide_all(removal, board, options.clues, options.proof_jobs)
    return complete


@cache
def _orbits(symmetry: Symmetry, board: Board) -> tuple[tuple[int, ...], ...]:
    return tuple(symmetry.orbits(board))


def decide_all(removal: Removal, board: Board, target: int | None = None,
               jobs: int = 1) -> bool:
    """Test the undecided units again, with budgets growing :data:`MINIMAL_GROWTH`-fold
    (witnesses by restriction first, then new solvers, ``jobs`` at once:
    :func:`satdoku.minimal.decide_all`), until none is left; False when the time limit or
    the clue target stopped it first."""
    return decide_units(removal, board, target, MINIMAL_GROWTH, jobs=jobs)


def generated(removal: Removal, board: Board, rules: tuple[Rule, ...], solution: Grid,
              complete: bool, options: GenerateOptions, seed: int | str, number: int,
              seconds: float, calls: int) -> Generated:
    """The :class:`Generated` of a finished removal."""
    givens = removal.givens()
    grid = tuple(map(mul, solution, removal.given))  # (False × d = 0)
    # whole orbits only (no strict pass, no template cell cut out of one): symmetric as made
    symmetric = ((not options.strict and not options.fixed)
                 or options.symmetry.holds_for(board, givens))
    return Generated(Puzzle(board, grid, rules), solution,
                     options.symmetry if symmetric else Symmetry.NONE,
                     complete and removal.proven, options.clues, seed, number, seconds, calls,
                     len(removal.undecided), removal.retested)


def make_generator(board: Board, rules: tuple[Rule, ...] = (),
                   options: GenerateOptions | None = None,
                   seed: int | str = 0) -> Generator:
    """A :class:`Generator`, or for new layouts per puzzle (jigsaw regions, killer cages)
    a :class:`~satdoku.layout_generate.LayoutGenerator` (same interface)."""
    if options is not None and (options.jigsaw or options.cages or options.draw):
        from satdoku.layout_generate import LayoutGenerator
        return LayoutGenerator(board, rules, options, seed)  # type: ignore[return-value]
    return Generator(board, rules, options, seed)


def generate(board: Board, rules: tuple[Rule, ...] = (), options: GenerateOptions | None = None,
             seed: int | str = 0) -> Generated:
    """One puzzle for ``board`` and ``rules`` (a new generator each call: use
    :class:`Generator` for many).

    >>> from satdoku.board import Board
    >>> made = generate(Board.classic(6), options=GenerateOptions(Symmetry.NONE), seed=1)
    >>> made.clues < 36, made.symmetry.value
    (True, 'none')
    """
    with make_generator(board, rules, options, seed) as generator:
        return generator.puzzle()


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
                  jobs: int = 1, backend: Backend | None = None,
                  ) -> Iterator[Generated | TimeoutError]:
    """``count`` puzzles, in an order fixed by the seed; a puzzle whose time limit ran out
    before a full grid was found comes as a :class:`TimeoutError`.

    The puzzles come in blocks of :func:`block_size`, block b made by a generator seeded
    with :func:`block_seed`; each puzzle's ``number`` counts from 1 over the whole run and
    its ``seed`` is ``seed``. With ``jobs`` > 1 (0: one per core) or a ``backend``
    (:mod:`satdoku.parallel`: a Dask cluster) worker processes make the blocks, yielded in
    order: the same puzzles as with one job. On KeyboardInterrupt — raised here, or thrown
    in by the consumer (``throw``) — the puzzles already made are yielded (up to the first
    block not done) before the interrupt goes on.

    >>> from satdoku.board import Board
    >>> [m.clues > 0 for m in generate_many(Board.classic(4), seed=2, count=2)]
    [True, True]
    """
    size = block_size(board, tuple(rules), options)
    pool = backend or backend_for(jobs, most=-(-count // size))
    if pool is None:
        for block, length in blocks(count, size):
            yield from block_puzzles(board, tuple(rules), options, seed, size, block, length)
        return
    work = Work(block_maker, board=board, rules=tuple(rules), options=options, seed=seed,
                size=size)
    lengths: deque[int] = deque()  # of the blocks sent, in order

    def sent() -> Iterator[tuple[int, int]]:
        for block in blocks(count, size):
            lengths.append(block[1])
            yield block

    run, done, current = Ordered(pool, work, sent()), False, deque()
    try:
        for made in run:
            lengths.popleft()
            current.extend(made)
            while current:
                yield current.popleft()
        done = True
    except KeyboardInterrupt:
        yield from current  # the rest of the block being taken
        if backend is None:  # (a pool of ours, closed next: its workers can stop short)
            pool.wrap_up()  # they return their blocks so far, after the puzzle in hand
        for made in run.finished(wait=WRAP_UP_SECONDS):
            yield from made
            if len(made) < lengths.popleft():
                break  # a block cut short: the puzzles after it would leave a gap
        raise
    finally:
        if backend is None:
            pool.close(abort=not done)


def block_puzzles(board: Board, rules: tuple[Rule, ...], options: GenerateOptions | None,
                  seed: int | str, size: int, block: int,
                  length: int) -> Iterator[Generated | TimeoutError]:
    """The first ``length`` puzzles of block ``block`` (of ``size``), numbered in the run."""
    with make_generator(board, rules, options, block_seed(seed, block)) as generator:
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

"""The memory budget: a CNF whose estimated size is over it is refused before it is built.

Glossary: a *part* is one step of the encoding pipeline with its estimated
:class:`~cnf.budget.Size` — the cell constraints, a rule (its regions and its own clauses),
the triads; the *budget* is a number of bytes, compared with :func:`cnf.budget.memory` of the
whole estimate (the formula in Python plus the same clauses in the SAT solver; the solver's
learned clauses come on top while it searches).

The default is :data:`DEFAULT_MEMORY_BUDGET` (8 GiB: a third of this 24 GiB machine), or
the environment variable ``SATDOKU_MEMORY_BUDGET`` when set; ``--memory-budget`` (CLI) and
``memory_budget`` (API, in bytes) override both.

>>> parse_bytes("8G"), parse_bytes("1.5g"), parse_bytes("512M"), parse_bytes("4096")
(8589934592, 1610612736, 536870912, 4096)
>>> human(3 * 2 ** 30 + 2 ** 29), human(5 * 2 ** 20)
('3.5 GiB', '5 MiB')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from cnf.budget import Size, memory
from satdoku.board import Board
from satdoku.encoding.ceiling import memory_ceiling
from satdoku.errors import SatdokuError

GiB = 2 ** 30
#: The budget when none is given: well inside a 24 GiB machine shared with other work. An
#: empty 64x64 board (pairwise, about 10 GiB) needs more; 100x100 (about 58 GiB) is refused.
DEFAULT_MEMORY_BUDGET = 8 * GiB
ENV_VAR = "SATDOKU_MEMORY_BUDGET"
_UNITS = {"": 1, "K": 2 ** 10, "M": 2 ** 20, "G": GiB, "T": 2 ** 40}

Part = tuple[str, Size]
#: How much more than its estimate a CNF must find free under the machine's ceiling (the
#: estimate counts the formula, not the interpreter's own overhead and fragmentation).
ROOM = 1.25


class BudgetError(SatdokuError):
    """The CNF a puzzle needs would not fit in the memory budget (exit code 2)."""


def parse_bytes(text: str) -> int:
    """``8G``, ``512M``, ``1.5G`` or a number of bytes → bytes (K, M, G, T: powers of 1024;
    a trailing ``B`` or ``iB`` is allowed). ValueError for anything else."""
    value = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = value[-1:] if value[-1:] in _UNITS else ""
    number = value[: len(value) - len(unit)].strip()
    try:
        amount = float(number)
    except ValueError:
        raise ValueError(f"{text!r} is not a size: give e.g. 8G, 512M or a number of "
                         "bytes") from None
    if not 0 < amount * _UNITS[unit] < 2 ** 62:  # also refuses nan and inf
        raise ValueError(f"{text!r} is not a size: give a positive size, e.g. 8G or 512M")
    return int(amount * _UNITS[unit])


def default_budget() -> int:
    """The budget when none is given: ``SATDOKU_MEMORY_BUDGET`` when set, else 8 GiB."""
    text = os.environ.get(ENV_VAR)
    if not text:
        return DEFAULT_MEMORY_BUDGET
    try:
        return parse_bytes(text)
    except ValueError as err:
        raise BudgetError(f"{ENV_VAR}: {err}") from None


def human(size: int) -> str:
    """Bytes in GiB / MiB / KiB, one decimal at most."""
    for unit, scale in (("GiB", GiB), ("MiB", 2 ** 20), ("KiB", 2 ** 10)):
        if size >= scale:
            return f"{size / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{size} bytes"


def total(board: Board, parts: Sequence[Part]) -> Size:
    """The whole formula's size: the n³ cell variables plus every part."""
    return sum((size for _, size in parts), Size(board.num_cell_vars, 0, 0))


def require_fits(board: Board, parts: Sequence[Part], budget: int | None,
                 alternative: tuple[str, Callable[[], Sequence[Part]]] | None = None) -> Size:
    """The estimated total size; BudgetError (one line: the board, the largest part and
    the estimate) when its memory is over ``budget`` (None: :func:`default_budget`), or
    when it would not fit, with :data:`ROOM` to spare, in the memory this process can
    really have (:func:`satdoku.encoding.ceiling.memory_ceiling`: the address-space limit,
    the cgroup limit, the memory available), whatever the budget.

    ``alternative``: (an option, a function giving the parts with it) — suggested when it
    would fit (estimated only then).
    """
    budget = default_budget() if budget is None else budget
    size = total(board, parts)
    need = memory(size)
    ceiling = memory_ceiling() if need <= budget else None
    if need <= budget and (ceiling is None or need * ROOM <= ceiling.bytes):
        return size
    name, part = max(parts, key=lambda p: memory(p[1]))
    if ceiling is None:
        over, hint, room = f"over the memory budget of {human(budget)}", \
            "raise the budget (--memory-budget)", budget
    else:
        limit = f" of {human(ceiling.limit)}" if ceiling.limit is not None else ""
        over = (f"more than this process can have: {human(ceiling.bytes)} is left under "
                f"{ceiling.what}{limit}")
        hint, room = "free memory or raise that limit", int(ceiling.bytes / ROOM)
    if alternative is not None:
        other = memory(total(board, alternative[1]()))
        if other <= room:
            hint += f" or use {alternative[0]} (about {human(other)})"
    raise BudgetError(
        f"{board.n}x{board.n} board: the CNF would take about {size.clauses:,} clauses, "
        f"{size.literals:,} literals and {size.variables:,} variables, {human(need)} with the "
        f"solver, {over}; the largest part, {name}, has {part.clauses:,} clauses; {hint}")

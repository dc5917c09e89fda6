"""The memory this process can really still have, whatever budget it is given.

Glossary: the *ceiling* is the least of what the operating system will let this process
allocate: its address-space limit (``ulimit -v``, RLIMIT_AS) less what it has mapped
already, its control group's memory limit less the group's usage (cgroup v2 ``memory.max``,
v1 ``memory.limit_in_bytes``), and the memory the machine has available (``MemAvailable``).
A CNF estimated over it is refused before it is built (:func:`satdoku.encoding.budget.
require_fits`): built anyway, the SAT solver's C++ would abort the process (``std::bad_alloc``)
or Python would raise MemoryError halfway.

>>> ceiling = memory_ceiling()
>>> ceiling is None or (ceiling.bytes >= 0 and bool(ceiling.what))
True
"""

from __future__ import annotations

import resource
from dataclasses import dataclass
from pathlib import Path

#: Limits from this value on mean "no limit" (cgroup v1 writes 2^63 less a page).
_UNLIMITED = 1 << 60
_CGROUP_ROOT = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class Ceiling:
    """``bytes`` this process can still allocate; ``what`` sets that number, and its
    ``limit`` (None for the memory available) of which ``bytes`` is what is left."""

    bytes: int
    what: str
    limit: int | None = None


def memory_ceiling() -> Ceiling | None:
    """The tightest of the address-space limit, the cgroup limit and the memory available
    (see the module's text); None when none of them is known."""
    found = [c for c in (_address_space(), _cgroup(), _available()) if c is not None]
    return min(found, key=lambda c: c.bytes) if found else None


def _address_space() -> Ceiling | None:
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft >= _UNLIMITED:
        return None
    mapped = _status_kib("VmSize") * 1024
    return Ceiling(max(0, soft - mapped), "the address-space limit (ulimit -v)", soft)


def _cgroup() -> Ceiling | None:
    """The limit of this process's control group (v2, else v1), less its usage."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "":  # v2: one hierarchy
            pair = ("memory.max", "memory.current")
            folders = [_CGROUP_ROOT / path.lstrip("/"), _CGROUP_ROOT]
        elif "memory" in controllers.split(","):
            pair = ("memory.limit_in_bytes", "memory.usage_in_bytes")
            folders = [_CGROUP_ROOT / "memory" / path.lstrip("/"), _CGROUP_ROOT / "memory"]
        else:
            continue
        for folder in folders:
            limit, used = _number(folder / pair[0]), _number(folder / pair[1])
            if limit is not None and limit < _UNLIMITED:
                return Ceiling(max(0, limit - (used or 0)),
                               "the memory limit of this control group", limit)
            if limit is not None:
                break  # (known, and unlimited)
    return None


def _available() -> Ceiling | None:
    try:
        text = Path("/proc/meminfo").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("MemAvailable:"):
            return Ceiling(int(line.split()[1]) * 1024, "the memory available on this machine")
    return None


def _status_kib(key: str) -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _number(path: Path) -> int | None:
    try:
        text = path.read_text().strip()
    except OSError:
        return None
    return _UNLIMITED if text == "max" else int(text) if text.isdigit() else None


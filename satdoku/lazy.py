"""Names resolved on first use from static tables of ``"module:attr"`` strings.

Every registry of satdoku — the API's names, the global rules, the per-puzzle constraint keys,
the commands — is a plain dict of ``name → "module:attr"`` that can be read (listed, searched,
turned into help text) without importing anything; :func:`resolve` imports one entry when it is
used, :class:`LazyTable` is such a table as a read-only mapping of resolved objects,
:class:`Registry` one whose targets are families (a module's mapping of several entries,
such as its rules), with entries added at run time after them, and :func:`module_face` gives a
package the ``__getattr__``/``__dir__`` that import its names on first use (so that ``import
satdoku`` stays cheap).

>>> table = LazyTable({"sqrt": "math:sqrt", "pi": "math:pi"})
>>> list(table), table["sqrt"](16.0)
(['sqrt', 'pi'], 4.0)
>>> resolve("os.path:join") is __import__("os").path.join
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def resolve(target: str) -> Any:
    """The object named by ``"module:attr"`` (the module imported if need be)."""
    module, _, attr = target.partition(":")
    value: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        value = getattr(value, part)
    return value


class LazyTable(Mapping[str, T], Generic[T]):
    """A read-only mapping over a ``{name: "module:attr"}`` table: iterating lists the names
    in the table's order (no import), looking one up imports its module once."""

    def __init__(self, targets: Mapping[str, str]) -> None:
        self.targets = dict(targets)
        self._resolved: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        if name not in self._resolved:
            self._resolved[name] = resolve(self.targets[name])
        return self._resolved[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.targets)

    def __len__(self) -> int:
        return len(self.targets)

    def __contains__(self, name: object) -> bool:
        return name in self.targets


class Registry(Mapping[str, T], Generic[T]):
    """Entries by name from a ``{name: "module:attr"}`` table whose targets are *families*:
    ``index(resolve(target))`` maps names to entries (one module defines several). Listing
    reads the table only; looking a name up imports its family once. :meth:`add` appends
    entries defined elsewhere (after the table's, which it may not replace).

    >>> import math
    >>> registry = Registry({"pi": "math:__dict__", "e": "math:__dict__"})
    >>> registry["e"] == math.e, list(registry)
    (True, ['pi', 'e'])
    """

    def __init__(self, table: Mapping[str, str],
                 index: Callable[[Any], Mapping[str, T]] = lambda family: family) -> None:
        self.table = dict(table)
        self.index = index
        self._found: dict[str, T] = {}
        self._added: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        if name in self._added:
            return self._added[name]
        if name not in self._found:
            family = self.index(resolve(self.table[name]))
            self._found.update((key, entry) for key, entry in family.items()
                               if self.table.get(key) == self.table[name])
        return self._found[name]

    def __iter__(self) -> Iterator[str]:
        yield from self.table
        yield from self._added

    def __len__(self) -> int:
        return len(self.table) + len(self._added)

    def __contains__(self, name: object) -> bool:
        return name in self.table or name in self._added

    def add(self, name: str, entry: T) -> None:
        """Register ``entry`` as ``name`` (ValueError when the name is taken)."""
        if name in self:
            raise ValueError(f"{name!r} is registered twice")
        self._added[name] = entry


def module_face(module: str, targets: Mapping[str, str]
                ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for package ``module`` whose names ``targets`` maps to
    where they live: each is imported on first use and kept in the package's namespace."""
    import sys

    def __getattr__(name: str) -> Any:
        if name not in targets:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = resolve(targets[name])
        setattr(sys.modules[module], name, value)  # later look-ups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[module]), *targets})

    return __getattr__, __dir__

"""Per-puzzle constraints by JSON key: the registry that every format and command reads.

A *data rule* is a constraint that needs data of each puzzle (killer cages, thermometers,
dots, clues outside the grid …), as opposed to a global rule that a name alone selects
(``--rules anti-knight``). Each constraint type registers one :class:`DataKey`: its JSON key,
a one-line summary (``satdoku rules``), the JSON schema of its value, a reader (JSON value →
rule) and a writer (rule → JSON value). The rule object it reads owns encoding, checking and
markings. Adding a constraint therefore touches one module: define the rule, register its key.

The JSON reader, the JSON writer, ``satdoku rules``, the schema
(``scripts/make_schema.py``) and the f-puzzles converter all take their keys from
:data:`DATA_KEYS`, in registration order.

>>> DATA_KEYS["cages"].summary.split(":")[0]
'killer cages'
>>> lookup("killer").key
'cages'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from satdoku.board import Board
from satdoku.rules.base import Rule

#: A reader: (board, the key's JSON value, its JSON path, the whole puzzle object) → rule.
#: The whole object is there for constraints that depend on others (the negative
#: constraint of kropki dots needs to know which pairs carry a dot).
Reader = Callable[[Board, Any, str, Mapping[str, Any]], Rule]
#: A writer: (board, rule) → the key's JSON value (a list: values of several rules of the
#: same key are concatenated).
Writer = Callable[[Board, Any], list]


@dataclass(frozen=True)
class DataKey:
    """One per-puzzle constraint type, by its JSON key."""

    key: str
    summary: str
    rule_type: type[Rule]
    read: Reader
    write: Writer
    schema: dict[str, Any]
    #: Other names people try with ``--rules`` (``killer`` for ``cages``).
    aliases: tuple[str, ...] = ()
    #: Which rules of ``rule_type`` this key writes (several keys may share a type).
    owns: Callable[[Rule], bool] = field(default=lambda rule: True)


#: The modules of this package that register data keys, in the order of ``satdoku rules``,
#: the schema and the JSON reader. They are imported on the first look-up in
#: :data:`DATA_KEYS` (a plain puzzle needs none of them). A new family goes here.
FAMILIES = ("cages", "parity", "regions", "thermo", "lines_order", "compare", "arrows", "dots",
            "lines_set", "quadruples", "outside")


class _Registry(Mapping[str, DataKey]):
    """The data keys, by JSON key; every family of :data:`FAMILIES` is imported on first use.

    Keys are listed family by family in :data:`FAMILIES` order (registration order within
    a family), whichever family happened to be imported first.
    """

    def __init__(self) -> None:
        self._entries: dict[str, DataKey] = {}
        self._loaded = False

    def _all(self) -> dict[str, DataKey]:
        if not self._loaded:
            self._loaded = True
            for family in FAMILIES:
                importlib.import_module(f"{__package__}.{family}")
            rank = {f"{__package__}.{family}": k for k, family in enumerate(FAMILIES)}
            order = sorted(self._entries.values(),  # stable: keeps the order inside a family
                           key=lambda e: rank.get(e.rule_type.__module__, len(rank)))
            self._entries = {entry.key: entry for entry in order}
        return self._entries

    def add(self, entry: DataKey) -> None:
        if entry.key in self._entries:
            raise ValueError(f"JSON key {entry.key!r} is registered twice")
        self._entries[entry.key] = entry

    def __getitem__(self, key: str) -> DataKey:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: Every per-puzzle constraint, by JSON key, in :data:`FAMILIES` order (a read-only mapping).
DATA_KEYS = _Registry()


def register_data_key(entry: DataKey) -> DataKey:
    """Make ``entry.key`` a key of JSON puzzles (and of every format built on them)."""
    DATA_KEYS.add(entry)
    return entry


def lookup(name: str) -> DataKey | None:
    """The data key called ``name`` or known by it as an alias."""
    if name in DATA_KEYS:
        return DATA_KEYS[name]
    return next((e for e in DATA_KEYS.values() if name in e.aliases), None)


def writer_for(rule: Rule) -> DataKey | None:
    """The data key that writes ``rule`` (None for global and classic rules)."""
    return next((e for e in DATA_KEYS.values()
                 if type(rule) is e.rule_type and e.owns(rule)), None)


def cells_schema(least: int = 0, description: str = "") -> dict[str, Any]:
    """The schema of a list of distinct cells (``"r1c1"`` …), at least ``least`` of them."""
    schema: dict[str, Any] = {"$ref": "#/$defs/cells"} if not least else {
        "allOf": [{"$ref": "#/$defs/cells"}, {"minItems": least}]}
    if description:
        schema = {"description": description, **schema}
    return schema


def list_schema(items: dict[str, Any], description: str) -> dict[str, Any]:
    """The schema of a list of ``items``, described."""
    return {"description": description, "type": "array", "items": items}

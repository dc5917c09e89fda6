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

from collections.abc import Callable, Mapping
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


#: Every per-puzzle constraint, by JSON key, in registration (and reading) order.
DATA_KEYS: dict[str, DataKey] = {}


def register_data_key(entry: DataKey) -> DataKey:
    """Make ``entry.key`` a key of JSON puzzles (and of every format built on them)."""
    if entry.key in DATA_KEYS:
        raise ValueError(f"JSON key {entry.key!r} is registered twice")
    DATA_KEYS[entry.key] = entry
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

"""Per-puzzle constraints by JSON key: the registry that every format and command reads.

A *data rule* is a constraint that needs data of each puzzle (killer cages, thermometers,
dots, clues outside the grid …), as opposed to a global rule that a name alone selects
(``--rules anti-knight``). Each constraint type defines one :class:`DataKey` (in its module's
``KEYS`` list): its JSON key, a one-line summary (``satdoku rules``), the JSON schema of its
value, a reader (JSON value → rule) and a writer (rule → JSON value). The rule object it reads
owns encoding, checking and markings. Adding a constraint therefore touches its module and
one row of :data:`DATA_KEY_TABLE` (rules/TEMPLATE.py shows the whole recipe).

The JSON reader, the JSON writer, ``satdoku rules``, the schema
(``scripts/make_schema.py``) and the f-puzzles converter all take their keys from
:data:`DATA_KEYS`, in the table's order.

>>> DATA_KEYS["cages"].summary.split(":")[0]
'killer cages'
>>> lookup("killer").key
'cages'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from satdoku.board import Board
from satdoku.lazy import Registry
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


#: Every per-puzzle constraint's JSON key → the list of :class:`DataKey` that defines it (a
#: family module's ``KEYS``), in the order of ``satdoku rules``, the schema and the JSON
#: reader. Read without importing anything; a family's module is imported on the first look-up
#: of one of its keys (a plain puzzle needs none of them). A new constraint adds its row here.
DATA_KEY_TABLE: dict[str, str] = {
    **dict.fromkeys(("cages",), "satdoku.rules.cages:KEYS"),
    **dict.fromkeys(("even", "odd"), "satdoku.rules.parity:KEYS"),
    **dict.fromkeys(("extra_regions",), "satdoku.rules.regions:KEYS"),
    **dict.fromkeys(("thermos", "slow_thermos"), "satdoku.rules.thermo:KEYS"),
    **dict.fromkeys(("whispers", "between_lines"), "satdoku.rules.lines_order:KEYS"),
    **dict.fromkeys(("greater_than", "minimum", "maximum"), "satdoku.rules.compare:KEYS"),
    **dict.fromkeys(("arrows", "region_sum_lines", "zipper_lines"), "satdoku.rules.arrows:KEYS"),
    **dict.fromkeys(("white_dots", "black_dots", "xv", "negative"), "satdoku.rules.dots:KEYS"),
    **dict.fromkeys(("renban", "palindromes", "entropic_lines", "modular_lines", "clones"),
                    "satdoku.rules.lines_set:KEYS"),
    **dict.fromkeys(("quadruples",), "satdoku.rules.quadruples:KEYS"),
    **dict.fromkeys(("little_killers", "sandwiches", "x_sums", "skyscrapers"),
                    "satdoku.rules.outside:KEYS"),
    **dict.fromkeys(("row_indexers", "column_indexers", "box_indexers"),
                    "satdoku.rules.indexers:KEYS"),
    **dict.fromkeys(("chess", "taxicab"), "satdoku.rules.chess:KEYS"),
    **dict.fromkeys(("double_arrows",), "satdoku.rules.double_arrows:KEYS"),
    **dict.fromkeys(("nabner", "parity_lines"), "satdoku.rules.lines_pairwise:KEYS"),
    **dict.fromkeys(("multisum_cages",), "satdoku.rules.multisum:KEYS"),
    **dict.fromkeys(("sum_dots", "product_dots"), "satdoku.rules.sum_dots:KEYS"),
    **dict.fromkeys(("vudoku",), "satdoku.rules.vudoku:KEYS"),
    **dict.fromkeys(("frames",), "satdoku.rules.frames:KEYS"),
    **dict.fromkeys(("rossini",), "satdoku.rules.rossini:KEYS"),
    **dict.fromkeys(("low", "middle", "high"), "satdoku.rules.ranks:KEYS"),
    **dict.fromkeys(("counting_circles",), "satdoku.rules.counting:KEYS"),
}


@dataclass(frozen=True)
class FpuzzlesKey:
    """One f-puzzles key ``fkey`` and the satdoku key ``skey`` it becomes (read and written by
    :mod:`satdoku.formats.fpuzzles_keys`; the *kind* of entry is described there)."""

    fkey: str
    skey: str
    kind: str
    #: The satdoku field that holds the entry's value ("sum", "value", …), if any.
    field: str | None = None
    #: The value a plain item stands for (kropki: difference 1, ratio 2).
    default: int | None = None
    #: Whether satdoku has a plain item (bare cells or line) for the default value.
    plain: bool = True
    #: Letters standing for values (XV), read case-insensitively.
    letters: Mapping[str, int] = dataclasses.field(default_factory=dict)  # (`field` is taken)
    #: An entry without a value is no clue at all (an empty sandwich box): skipped.
    needs_value: bool = False
    #: f-puzzles writes the value as a string ("12") rather than a number.
    text: bool = True
    #: Text written before the value (a digital-root cage's label: "DR5").
    prefix: str = ""
    #: Read only through ``route`` (satdoku.formats.fpuzzles_keys): its f-puzzles key is
    #: another row's, whose entries with this ``prefix`` come here.
    routed: bool = False


#: The f-puzzles keys that satdoku reads and writes, each with its JSON key (in the order
#: f-puzzles JSON is written). A constraint f-puzzles can draw adds its row here.
FPUZZLES_KEYS = (
    FpuzzlesKey("killercage", "cages", "cells", "sum", plain=False),
    FpuzzlesKey("extraregion", "extra_regions", "cells"),
    FpuzzlesKey("even", "even", "cell"),
    FpuzzlesKey("odd", "odd", "cell"),
    FpuzzlesKey("minimum", "minimum", "cell"),
    FpuzzlesKey("maximum", "maximum", "cell"),
    FpuzzlesKey("thermometer", "thermos", "lines"),
    FpuzzlesKey("palindrome", "palindromes", "lines"),
    FpuzzlesKey("renban", "renban", "lines"),
    FpuzzlesKey("betweenline", "between_lines", "lines"),
    FpuzzlesKey("regionsumline", "region_sum_lines", "lines"),
    FpuzzlesKey("entropicline", "entropic_lines", "lines"),
    FpuzzlesKey("modularline", "modular_lines", "lines"),
    FpuzzlesKey("zipperline", "zipper_lines", "lines"),
    FpuzzlesKey("whispers", "whispers", "lines", "difference", text=False),
    FpuzzlesKey("difference", "white_dots", "cells", "value", default=1),
    FpuzzlesKey("ratio", "black_dots", "cells", "value", default=2),
    FpuzzlesKey("xv", "xv", "cells", "sum", plain=False, letters={"X": 10, "V": 5},
                needs_value=True),
    FpuzzlesKey("quadruple", "quadruples", "cells", "digits", plain=False, text=False),
    FpuzzlesKey("littlekillersum", "little_killers", "outside", "sum", needs_value=True),
    FpuzzlesKey("sandwichsum", "sandwiches", "outside", "sum", needs_value=True),
    FpuzzlesKey("xsum", "x_sums", "outside", "sum", needs_value=True),
    FpuzzlesKey("skyscraper", "skyscrapers", "outside", "count", needs_value=True),
    FpuzzlesKey("arrow", "arrows", "arrow"),
    FpuzzlesKey("clone", "clones", "clone"),
    FpuzzlesKey("rowindexer", "row_indexers", "cells"),
    FpuzzlesKey("columnindexer", "column_indexers", "cells"),
    FpuzzlesKey("boxindexer", "box_indexers", "cells"),
    FpuzzlesKey("doublearrow", "double_arrows", "lines"),
    FpuzzlesKey("nabner", "nabner", "lines"),
    FpuzzlesKey("killercage", "multisum_cages", "cells", "digital_root", plain=False,
                prefix="DR", routed=True),
)

#: Every per-puzzle constraint, by JSON key, in :data:`DATA_KEY_TABLE` order (read-only).
DATA_KEYS: Registry[DataKey] = Registry(
    DATA_KEY_TABLE, lambda keys: {entry.key: entry for entry in keys})


def register_data_key(entry: DataKey) -> DataKey:
    """Make ``entry.key`` a key of JSON puzzles (and of every format built on them), after
    the built-in ones: for constraints defined outside satdoku."""
    try:
        DATA_KEYS.add(entry.key, entry)
    except ValueError:
        raise ValueError(f"JSON key {entry.key!r} is registered twice") from None
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

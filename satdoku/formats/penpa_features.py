"""Penpa+ layers read one by one: numbers, killer cages, thermometers and arrows, symbols.

Part of :mod:`satdoku.formats.penpa_read` (which says what is recognised): each reader adds
satdoku JSON items to ``out`` and names what it does not recognise in ``refused``.
"""

from __future__ import annotations

from typing import Any

from satdoku.formats.scl_rules_text import RulesText

WHITE = {1, 8, 10}  # circle styles: white with a black rim
BLACK = {2}
GREY = {3, 5, 9}


class Features:
    """Penpa+ layers read into satdoku JSON items (``out``), the rest named in ``refused``."""

    def __init__(self, geo: Any, text: RulesText, refused: list[str]) -> None:
        self.geo, self.text, self.refused = geo, text, refused
        self.out: dict[str, list[Any]] = {}

    def _add(self, key: str, item: Any) -> None:
        self.out.setdefault(key, []).append(item)

    def numbers(self, numbers: dict[str, Any], givens: list[int]) -> None:
        geo = self.geo
        for key, entry in numbers.items():
            k = int(key.rstrip("E")) if key.rstrip("E").isdigit() else -1
            value = str(entry[0]).strip() if isinstance(entry, list) and entry else ""
            cell, pair = geo.cell(k), geo.edge(k)
            if cell is not None and value.isdigit() and 1 <= int(value) <= geo.n and \
                    entry[1:3] == [1, "1"]:
                givens[cell] = int(value)
            elif pair is not None and value.upper() in ("X", "V"):
                self._add("xv", {"cells": [geo.name(i) for i in pair],
                                 "sum": 10 if value.upper() == "X" else 5})
            else:
                style = entry[1:3] if isinstance(entry, list) else entry
                self.refused.append(f"the number {value!r} (style {style}) "
                                    f"{geo.point_name(key)}")

    def cages(self, cages: list[Any], small: dict[str, Any]) -> None:
        geo, sums = self.geo, {}
        for key, entry in small.items():
            cell = geo.quarter(int(key)) if key.isdigit() else None
            value = str(entry[0]).strip() if isinstance(entry, list) and entry else ""
            if cell is None or not value.isdigit():
                self.refused.append(f"the small number {value!r} {geo.point_name(key)}")
            else:
                sums[cell] = int(value)
        for k, points in enumerate(cages):
            cells = [geo.cell(p) for p in points if isinstance(p, int)]
            if not cells or None in cells:
                self.refused.append(f"a killer cage outside the board (killercages[{k}])")
                continue
            total = [sums.pop(c) for c in cells if c in sums]  # type: ignore[misc]
            cage: dict[str, Any] = {"cells": [geo.name(c) for c in cells]}  # type: ignore[arg-type]
            if len(total) > 1:
                self.refused.append(f"a killer cage with {len(total)} sums at {cage['cells'][0]}")
                continue
            self._add("cages", {**cage, "sum": total[0]} if total else cage)
        self.refused += [f"the small number {v} in {geo.name(c)}, in no killer cage"
                         for c, v in sums.items()]

    def paths(self, paths: list[Any], key: str) -> None:
        geo = self.geo
        for k, points in enumerate(paths):
            cells = [geo.cell(p) for p in points if isinstance(p, int)]
            if len(cells) < 2 or None in cells:
                if points:
                    self.refused.append(f"a {key[:-1]} outside the board ({key}[{k}])")
                continue
            names = [geo.name(c) for c in cells]  # type: ignore[arg-type]
            self._add(key, names if key == "thermos" else {"circle": names[:1],
                                                           "line": names[1:]})

    def symbols(self, symbols: dict[str, Any], parity_named: bool = False) -> None:
        """Kropki dots, and grey circles (odd) and squares (even) where the rules text or the
        link's variants (``parity_named``) name them."""
        geo, text = self.geo, self.text
        odd, even = (parity_named or text.mentions(w) for w in ("odd", "even"))
        for key, entry in symbols.items():
            k = int(key.rstrip("E")) if key.rstrip("E").isdigit() else -1
            style, name = (entry[0], entry[1]) if isinstance(entry, list) and len(entry) > 1 \
                else (None, str(entry))
            pair, cell = geo.edge(k), geo.cell(k)
            if pair is not None and name in ("circle_SS", "circle_S") and \
                    style in WHITE | BLACK:
                self._add("white_dots" if style in WHITE else "black_dots",
                          [geo.name(i) for i in pair])
            elif cell is not None and style in GREY and name in ("circle_L", "circle_M") \
                    and odd:
                self._add("odd", geo.name(cell))
            elif cell is not None and style in GREY and name in ("square_L", "square_M") \
                    and even:
                self._add("even", geo.name(cell))
            else:
                article = "an" if name[:1].lower() in tuple("aeiou") else "a"
                self.refused.append(f"{article} {name} symbol of style {style} "
                                    f"{geo.point_name(key)}")

"""SudokuPad's compact classic format (``scf`` links): a 9x9 classic puzzle in a few characters.

Glossary: an *scf* payload codes the 81 cells left to right, top to bottom, one character
per given and the blanks after it: a character's value v (``0``–``9`` = 0–9, ``A``–``Z`` =
10–35, ``a``–``z`` = 36–61) stands for the digit v mod 10 (0: a blank) followed by v div 10
blanks. After the characters that code the 81 cells come rule letters: ``w`` windoku,
``x`` X-Sudoku (both diagonals). SudokuPad reads only 9x9 scf puzzles.

Written from the format's description (SudokuPad's public puzzle tools); no code copied.

>>> givens, rules = read_scf("scf" + write_scf((5, 3) + (0,) * 79, ("diagonal",)))
>>> givens[:4], rules
((5, 3, 0, 0), ('diagonal',))
>>> write_scf((0,) * 81)  # a blank and 5 more (o = 50), 13 times; a blank and 2 more (K = 20)
'oooooooooooooK'
"""

from __future__ import annotations

from satdoku.errors import ParseError

_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
RULES = {"w": "windoku", "x": "diagonal"}
_LETTER = {rule: letter for letter, rule in RULES.items()}


def _value(ch: str) -> int:
    if ch not in _DIGITS:
        raise ParseError(f"the scf link holds {ch!r}, which codes no cells")
    return _DIGITS.index(ch)


def read_scf(text: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """(the 81 givens, 0 blank; the rules) of an scf payload (with or without ``scf``).

    A payload that codes fewer than 81 cells, or more, is a ParseError naming what it holds.
    """
    data = text.removeprefix("scf").removesuffix(".scf")
    cells: list[int] = []
    k = 0
    while k < len(data) and len(cells) < 81:
        v = _value(data[k])
        cells += [v % 10] + [0] * (v // 10)
        k += 1
    if len(cells) < 81:
        raise ParseError(f"the scf link codes {len(cells)} cells; a 9x9 puzzle has 81 "
                         "(cut short?)")
    if len(cells) > 81 and any(cells[81:]):
        raise ParseError("the scf link codes more than 81 cells")
    rules = []
    for ch in data[k:]:
        if ch not in RULES:
            raise ParseError(f"the scf link ends with {data[k:]!r}: rule letter {ch!r} is "
                             "none satdoku knows (w windoku, x diagonals)")
        rules.append(RULES[ch])
    return tuple(cells[:81]), tuple(dict.fromkeys(rules))


def write_scf(givens: tuple[int, ...], rules: tuple[str, ...] = ()) -> str:
    """The scf payload (without ``scf``) of 81 givens (0 blank) and rules of
    :data:`RULES`; ValueError for other sizes, digits or rules."""
    if len(givens) != 81 or not all(0 <= d <= 9 for d in givens):
        raise ValueError("scf holds 9x9 puzzles only")
    out, k = [], 0
    while k < 81:
        digit, blanks = givens[k], 0
        k += 1
        while k < 81 and givens[k] == 0 and blanks < 5:
            blanks, k = blanks + 1, k + 1
        out.append(_DIGITS[digit + 10 * blanks])
    unknown = [r for r in rules if r not in _LETTER]
    if unknown:
        raise ValueError(f"scf cannot express {', '.join(unknown)}")
    return "".join(out) + "".join(_LETTER[r] for r in rules)

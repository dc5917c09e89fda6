"""What a puzzle's rules text says about its coloured lines, read only where it is plain.

A SudokuPad line is a drawing: a green line may be a German whisper in one puzzle and a
renban in the next. satdoku reads a line's type from the rules text only when the text names
it for that colour ("green lines are German whispers": a sentence that names the colour, a
line, and exactly one line type), or when the puzzle's lines have a single colour and the
text names a single line type. Otherwise the line is refused, with the reason.

The text is also checked for global constraints it names that the puzzle's data does not
carry (a knight's move, a king's move): satdoku does not read rules from prose, so such a
puzzle is refused rather than answered without them.

>>> t = RulesText("Normal sudoku rules apply. Digits along a green line are German whispers: "
...               "adjacent digits differ by at least 5. Purple lines are renbans.")
>>> t.line_type("green"), t.line_type("purple")
(('whispers', {}), ('renban', {}))
>>> t.line_type("red")
'the rules text names no line type for red lines'
>>> RulesText("Green lines are not German whispers.").line_type("green")
'the rules text says green lines are not whispers: satdoku does not guess what they are'
>>> RulesText("Purple lines are German whispers.").line_type("green", alone=True)
'the rules text names no line type for green lines'
>>> RulesText("Lines are German whispers.").line_type("green", alone=True)
('whispers', {})
"""

from __future__ import annotations

import re
from typing import Any

#: Line types satdoku has, by the words setters name them with: (JSON key, extra fields).
LINE_TYPES: tuple[tuple[str, tuple[str, ...], dict[str, Any]], ...] = (
    ("whispers", ("dutch whisper",), {"difference": 4}),
    ("whispers", ("german whisper", "whisper"), {}),
    ("renban", ("renban",), {}),
    ("palindromes", ("palindrome",), {}),
    ("region_sum_lines", ("region sum",), {}),
    ("entropic_lines", ("entropic",), {}),
    ("modular_lines", ("modular",), {}),
    ("zipper_lines", ("zipper",), {}),
)
#: Line types setters use that satdoku has no rule for (named when a line is refused).
OTHER_TYPES = ("parity", "nabner", "lockout", "between", "equal sum", "arithmetic",
               "10 line", "ten line", "double arrow", "indexing", "fuzzy", "slow thermo",
               "thermo", "shaded", "rat")
COLOURS = {"green": ("green",), "red": ("red",), "blue": ("blue", "cyan", "turquoise", "teal"),
           "purple": ("purple", "violet", "lavender", "lilac"), "pink": ("pink", "magenta"),
           "orange": ("orange",), "yellow": ("yellow", "gold"), "grey": ("grey", "gray"),
           "black": ("black",), "white": ("white",)}
#: Global constraints a rules text may name: (pattern, the rule name satdoku reads it as).
#: "All (possible) … are given": the negative constraint of those signs, by the words naming
#: them (a "not all …" is no such sentence).
NEGATIVE = ((r"(?:kropki )?dots", ("white", "black")), (r"white (?:kropki )?dots", ("white",)),
            (r"black (?:kropki )?dots", ("black",)),
            (r"(?:xs and vs|x and v (?:clues|signs)|xv (?:clues|signs)|xvs)", ("x", "v")))
GLOBALS = ((re.compile(r"knight'?s?[\s-]+move|anti-?knight"), "anti-knight"),
           (re.compile(r"king'?s?[\s-]+move|anti-?king"), "anti-king"))


def _has(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}", text) is not None


def _denies(text: str, word: str) -> bool:
    """Whether ``text`` says something is not ``word`` ("green lines are not German
    whispers", "no renban"): a negation at most two words before it."""
    return re.search(rf"\b(?:not|no|never|n't)\s+(?:\w+\s+){{0,2}}{re.escape(word)}",
                     text.replace("n't", " n't")) is not None


class RulesText:
    """A puzzle's rules text, split into sentences, lower case."""

    def __init__(self, text: str) -> None:
        self.text = text.lower()
        self.sentences = [s for s in re.split(r"[.;!\n]+", self.text) if s.strip()]
        self.line_sentences = [s for s in self.sentences if _has(s, "line")]

    def mentions(self, word: str) -> bool:
        return _has(self.text, word)

    def _types(self, sentences: list[str]) -> tuple[list[tuple[str, dict]], list[str]]:
        found: list[tuple[str, dict]] = []
        other: list[str] = []
        for sentence in sentences:
            taken = sentence
            for key, words, extra in LINE_TYPES:
                if any(_denies(taken, w) for w in words):  # (what a line is not: unread)
                    other.append(f"'not {key}'")
                    for w in words:
                        taken = taken.replace(w, " ")
                elif any(_has(taken, w) for w in words):
                    if (key, extra) not in found:
                        found.append((key, extra))
                    for w in words:
                        taken = taken.replace(w, " ")
            other += [w for w in OTHER_TYPES if _has(taken, w) and w not in other]
        return found, other

    def line_type(self, colour: str, alone: bool = False) -> tuple[str, dict[str, Any]] | str:
        """(JSON key, extra fields) of the lines of ``colour`` (a colour word), or why not;
        ``alone``: the puzzle's only colour of line, so a text that names one line type
        (whatever the colour) names it."""
        words = COLOURS.get(colour, (colour,))
        coloured = [s for s in self.line_sentences if any(_has(s, w) for w in words)]
        found, other = self._types(coloured)
        if len(found) == 1 and not other:
            return found[0]
        if not found and not other and alone and (single := self.single_type()) is not None \
                and not self._other_colour(words):
            return single
        denied = [w[5:-1] for w in other if w.startswith("'not ")]
        if denied:
            return (f"the rules text says {colour} lines are not {' or '.join(denied)}: satdoku "
                    "does not guess what they are")
        if found or other:
            names = [k for k, _ in found] + [f"{w} lines" for w in other]
            return (f"the rules text names {' and '.join(names)} for {colour} lines"
                    + (", which satdoku has no rule for" if not found else ""))
        return f"the rules text names no line type for {colour} lines"

    def _other_colour(self, words: tuple[str, ...]) -> bool:
        """Whether a sentence on lines names a colour other than ``words`` (then the text's
        one line type is that colour's, not the puzzle's only line's)."""
        others = [w for ws in COLOURS.values() for w in ws if w not in words]
        return any(_has(s, w) for s in self.line_sentences for w in others)

    def single_type(self) -> tuple[str, dict[str, Any]] | None:
        """The one line type the whole text names, if it names exactly one."""
        found, other = self._types(self.line_sentences)
        return found[0] if len(found) == 1 and not other else None

    def parity(self, colour: str, shape: str) -> str | None:
        """"odd" or "even" when a sentence names ``colour`` (a colour word), ``shape``
        ("circle", "square") and one of the two alone; else None.

        >>> t = RulesText("The yellow circles contain odd digits. Yellow squares are even.")
        >>> t.parity("yellow", "circle"), t.parity("yellow", "square"), t.parity("red", "circle")
        ('odd', 'even', None)
        >>> RulesText("Yellow circles are odd or even.").parity("yellow", "circle") is None
        True
        """
        words = COLOURS.get(colour, (colour,))
        said = {p for s in self.sentences
                if any(_has(s, w) for w in words) and _has(s, shape)
                for p in ("odd", "even") if _has(s, p)}
        return said.pop() if len(said) == 1 else None

    def negatives(self) -> list[str]:
        """The signs the text says are all given (satdoku's ``negative`` names).

        >>> RulesText("Black dots: ratio 1:2. All possible black dots are given.").negatives()
        ['black']
        >>> RulesText("Not all dots are given.").negatives()
        []
        """
        found: list[str] = []
        for words, names in NEGATIVE:
            pattern = rf"(?<!not )\ball (?:the )?(?:possible )?{words} (?:are )?(?:given|shown)"
            if re.search(pattern, self.text):
                found += [name for name in names if name not in found]
        return found

    def unread_globals(self, read: list[str]) -> list[str]:
        """Global constraints the text names that are not among the rules ``read``."""
        return [name for pattern, name in GLOBALS
                if pattern.search(self.text) and name not in read]

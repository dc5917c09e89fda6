"""Hypothesis strategies for every input satdoku reads, and for its command lines.

Shared by ``tests/test_fuzz.py`` (a few examples each, in the suite) and ``scripts/fuzz.py``
(at volume). Each input is made by a generator — a plain function of a ``random.Random``
(:data:`GENERATORS`) — that draws mostly well-formed input of its format, so that the solver
and the checkers are reached, then often damages it (:func:`damage`): characters cut,
inserted or replaced, lines doubled, and the hostile values of issue 18 (numbers of
thousands of digits, JSON nested thousands deep, link payloads that decode to gigabytes).
:data:`INPUTS` wraps each generator as a hypothesis strategy (``st.randoms().map(...)``);
the script calls the generators directly with ``Random(f"{seed}:{k}")``, which makes input k
of a seed reproducible and costs a fraction of hypothesis's ~5–15 ms per example.

Formats: ``text`` (81-character lines, multi-line grids with separators), ``numbers``
(white-space separated numbers for boards of 10–16), ``sukaku`` (pencil marks), ``json``
(satdoku JSON with every key of :data:`satdoku.rules.data.DATA_KEYS`, drawn from its schema),
``fpuzzles`` and ``links`` (f-puzzles JSON and links, made by satdoku's own writer then
damaged), ``drawn`` (the public SudokuPad and Penpa+ links and ipuz file of tests/data,
damaged), ``dimacs`` (a 4x4 puzzle and a solver's output for ``decode``, joined by a NUL),
and :func:`cli_case` (a command, options with good and bad values, and where the puzzle
comes from).

>>> import random
>>> text = GENERATORS["text"](random.Random("1:0"))
>>> isinstance(text, str)
True
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from satdoku.board import ALPHABET
from satdoku.formats.lzstring import ALPHABET as BASE64
from satdoku.formats.lzstring import _BitWriter
from satdoku.rules import CATALOGUE

#: Boards small enough to solve and brute-force; 9x9 to reach the usual sizes.
SMALL_SIZES = (1, 2, 4, 4, 6, 9, 9)
#: What hostile text is made of: cells, separators, line breaks, comments, odd characters.
JUNK_CHARS = "123456789.0ABZaz |-+=:,;#\n\r\t\x0b\x00\ufeff{}[]\"é💡"
HOSTILE = ("9" * 5000, "[" * 3000 + "]" * 3000, '{"a":' * 3000 + "1" + "}" * 3000, "-1",
           "1e400", "NaN", "Infinity", "0" * 300 + "1")


def digits(rng: random.Random, n: int, count: int) -> list[int]:
    """``count`` digits of an n×n board (0: blank), from nearly empty to nearly full: half
    the time cells of a solved grid (digits relabelled at random), else random digits (which
    may clash: that is input too)."""
    blanks = rng.choice([0.2, 0.5, 0.7, 0.9, 0.98])
    if count == n * n and rng.random() < 0.5:
        relabel = [0, *rng.sample(range(1, n + 1), n)]
        return [0 if rng.random() < blanks else relabel[d] for d in solved_grid(n)]
    return [0 if rng.random() < blanks else rng.randint(1, n) for _ in range(count)]


@functools.cache
def solved_grid(n: int) -> tuple[int, ...]:
    """A solution of the empty n×n board (its boxes as satdoku chooses them)."""
    from satdoku import parse_puzzle, solve

    return solve(parse_puzzle("." * (n * n) if n < 10 else " ".join(["."] * n * n))).solutions[0]


def damage(rng: random.Random, text: str, chance: float = 0.5) -> str:
    """``text``, or (with ``chance``) text with one to three edits: a slice cut, characters
    inserted or replaced, the text doubled, a byte-order mark, or a hostile value put in."""
    if rng.random() >= chance:
        return text
    for _ in range(rng.randint(1, 3)):
        k = rng.randint(0, len(text))
        edit = rng.choice(["cut", "insert", "replace", "double", "bom", "hostile"])
        if edit == "cut":
            text = text[:k] + text[k + rng.randint(1, 20):]
        elif edit == "insert":
            text = text[:k] + "".join(rng.choices(JUNK_CHARS, k=rng.randint(1, 5))) + text[k:]
        elif edit == "replace":
            text = text[:k] + rng.choice(JUNK_CHARS) + text[k + 1:]
        elif edit == "double":
            text = text + "\n" + text
        elif edit == "bom":
            text = "\ufeff" + text
        else:
            text = text[:k] + rng.choice(HOSTILE) + text[k:]
    return text


# -- text formats ---------------------------------------------------------------------------
def gen_text(rng: random.Random) -> str:
    """An n²-character line, or a multi-line grid with separators, maybe damaged."""
    n = rng.choice(SMALL_SIZES)
    blank = rng.choice(".0")
    cells = [ALPHABET[d - 1] if d else blank for d in digits(rng, n, n * n)]
    if n < 2 or rng.random() < 0.5:
        text = "".join(cells)
    else:
        separator = rng.choice([" ", "", " | ", ","])
        text = "\n".join(separator.join(cells[r * n:(r + 1) * n]) for r in range(n))
    return damage(rng, text)


def gen_numbers(rng: random.Random) -> str:
    """White-space separated numbers (``.`` blank) for boards of 10 to 16, maybe damaged."""
    n = rng.choice([10, 12, 16])
    tokens = [str(d) if d else "." for d in digits(rng, n, n * n)]
    text = "\n".join(" ".join(tokens[r * n:(r + 1) * n]) for r in range(n)) \
        if rng.random() < 0.5 else " ".join(tokens)
    return damage(rng, text, 0.4)


def gen_sukaku(rng: random.Random) -> str:
    """A pencilmark line: n characters per cell, the k-th ``k`` when k is a candidate."""
    n = rng.choice([2, 4, 9])
    keep = rng.choice([0.3, 0.6, 0.9])
    text = "".join(ALPHABET[k] if rng.random() < keep else "."
                   for _ in range(n * n) for k in range(n))
    return damage(rng, text, 0.3)


# -- satdoku JSON ---------------------------------------------------------------------------
def cell_names(rng: random.Random, n: int, count: int, outside: bool = False) -> list[str]:
    """``count`` cells as names, mostly a king's-move walk (a valid line); outside: clue
    cells in row or column 0 or n+1; now and then a name off the board or malformed."""
    r, c = rng.randint(1, n), rng.randint(1, n)
    names = []
    for _ in range(count):
        if outside:
            r, c = rng.choice([(0, c), (n + 1, c), (r, 0), (r, n + 1)])
        names.append(rng.choice([f"r{r}c{c}"] * 12 + [f"R{r}C{c}", f"r{r + n}c{c}", "r1",
                                                      "x", f"r-{r}c{c}"]))
        r = min(max(r + rng.randint(-1, 1), 1), n)
        c = min(max(c + rng.randint(-1, 1), 1), n)
    return names


def from_schema(rng: random.Random, schema: dict, n: int, depth: int = 0) -> Any:
    """A value for the subset of JSON schema that :data:`DATA_KEYS` uses (cells, arrays,
    objects, integers, enums), near the board's size; junk for anything else."""
    ref = schema.get("$ref", "")
    if ref.endswith("/cells"):
        return cell_names(rng, n, rng.randint(1, 5))
    if ref.endswith("/cell"):
        return cell_names(rng, n, 1, "outside" in schema.get("description", ""))[0]
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return from_schema(rng, rng.choice(schema[key]), n, depth)
    if "allOf" in schema:
        merged = {k: v for part in schema["allOf"][1:] for k, v in part.items()}
        return from_schema(rng, {**schema["allOf"][0], **merged}, n, depth)
    if "enum" in schema:
        return rng.choice(schema["enum"])
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "integer":
        return rng.randint(0, 3 * n) if rng.random() < 0.9 else rng.randint(-3, 10 * n * n)
    if kind == "array" and depth < 4:
        low = schema.get("minItems", 0)
        size = rng.randint(low, max(low, min(schema.get("maxItems", 4), 4)))
        return [from_schema(rng, schema.get("items", {}), n, depth + 1) for _ in range(size)]
    if kind == "object" and depth < 4:
        props, required = schema.get("properties", {}), schema.get("required", [])
        return {k: from_schema(rng, v, n, depth + 1) for k, v in props.items()
                if k in required or rng.random() < 0.5}
    return junk(rng)


def junk(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value, small."""
    kind = rng.randrange(8 if depth < 2 else 6)
    if kind == 6:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if kind == 7:
        return {rng.choice("abc"): junk(rng, depth + 1) for _ in range(rng.randint(0, 2))}
    return (None, True, rng.randint(-10**6, 10**6), rng.random() * 100,
            "x" * rng.randint(0, 3), rng.choice(["", "r1c1", "3", "nan"]))[kind]


def satdoku_object(rng: random.Random) -> dict:
    """A satdoku JSON puzzle object: size, givens, global rules and some per-puzzle keys."""
    from satdoku.rules.data import DATA_KEYS

    n = rng.choice([4, 4, 6, 9])
    obj: dict = {"size": n}
    if rng.random() < 0.5:
        obj["givens"] = "".join(ALPHABET[d - 1] if d else "." for d in digits(rng, n, n * n))
    if rng.random() < 0.25:
        obj["rules"] = rng.sample([*sorted(CATALOGUE), "bogus"], rng.randint(0, 2))
    for key in rng.sample(sorted(DATA_KEYS), rng.randint(0, 2)):
        obj[key] = from_schema(rng, DATA_KEYS[key].schema, n)
    if rng.random() < 0.1:
        obj[rng.choice(["size", "box", "givens", "cages", "x"])] = junk(rng)
    return obj


def gen_json(rng: random.Random) -> str:
    """A satdoku JSON puzzle (or an array, or JSON Lines of them), maybe damaged."""
    objects = [satdoku_object(rng) for _ in range(rng.choice([1, 1, 2]))]
    shape = rng.choice(["one", "array", "lines"])
    text = (json.dumps(objects[0]) if shape == "one" else json.dumps(objects)
            if shape == "array" else "\n".join(map(json.dumps, objects)))
    return damage(rng, text, 0.3)


# -- f-puzzles --------------------------------------------------------------------------------
def fpuzzles_object(rng: random.Random) -> dict:
    """f-puzzles JSON made by satdoku's own writer from a drawn puzzle (so that it uses every
    f-puzzles key satdoku knows), or a bare grid with junk where that fails."""
    from satdoku.errors import SatdokuError
    from satdoku.formats.fpuzzles_write import to_fpuzzles
    from satdoku.formats.puzzle_json import puzzle_from_json

    obj = satdoku_object(rng)
    try:
        return to_fpuzzles(puzzle_from_json(obj))
    except SatdokuError:
        n = obj["size"] if isinstance(obj.get("size"), int) and 1 <= obj["size"] <= 16 else 4
        fobj = {"size": n, "grid": [[_fcell(rng, n) for _ in range(n)] for _ in range(n)]}
        if rng.random() < 0.5:
            fobj[rng.choice(["killercage", "thermometer", "arrow", "antiknight", "littlekiller",
                             "size", "grid"])] = junk(rng)
        return fobj


def _fcell(rng: random.Random, n: int) -> dict:
    """An f-puzzles cell: mostly empty, else a value (given or not) and pencil marks."""
    cell: dict = {}
    if rng.random() < 0.3:
        cell["value"] = rng.randint(1, n) if rng.random() < 0.9 else rng.randint(-1, n + 1)
        cell["given"] = rng.random() < 0.8
    if rng.random() < 0.1:
        cell["centerPencilMarks"] = rng.sample(range(1, n + 1), min(n, 2))
    return cell


def gen_fpuzzles(rng: random.Random) -> str:
    """f-puzzles JSON text, maybe damaged."""
    return damage(rng, json.dumps(fpuzzles_object(rng)), 0.3)


def lz_bomb(codes: int) -> str:
    """An lz-string payload of ``codes`` codes that decodes to ~codes²/2 characters (each
    code names the entry made just before it, one character longer than the last)."""
    writer = _BitWriter(6, BASE64.__getitem__)
    writer.bits(0, 2)
    writer.bits(ord("a"), 8)
    size, bits, enlarge = 4, 3, 4
    for _ in range(codes):
        writer.bits(size, bits)
        size, enlarge = size + 1, enlarge - 1
        if enlarge == 0:
            enlarge, bits = 1 << bits, bits + 1
    writer.bits(2, bits)
    out = writer.flush()
    return out + "=" * (-len(out) % 4)


def gen_link(rng: random.Random) -> str:
    """An f-puzzles or SudokuPad link, maybe damaged, or (1 in 50) a decompression bomb."""
    from satdoku.formats.fpuzzles_links import to_link

    if rng.random() < 0.02:
        return "https://f-puzzles.com/?load=" + lz_bomb(rng.randint(6000, 9000))
    link = to_link(fpuzzles_object(rng), rng.choice(["fpuzzles", "sudokupad"]))
    return damage(rng, link, 0.4)


@functools.cache
def _public_drawn() -> tuple[str, ...]:
    """The public SudokuPad and Penpa+ links and the ipuz file of tests/data."""
    from pathlib import Path

    data = Path(__file__).resolve().parent / "data"
    found: list[str] = []
    for name in ("sudokupad/public.json", "penpa/public.json"):
        doc = json.loads((data / name).read_text(encoding="utf-8"))
        entries = doc if isinstance(doc, list) else next(
            (v for v in doc.values() if isinstance(v, list)), [])
        found += [e["link"] for e in entries if isinstance(e, dict) and e.get("link")]
    return (*found, (data / "ipuz" / "sample.ipuz").read_text(encoding="utf-8"))


def gen_drawn(rng: random.Random) -> str:
    """A public SudokuPad (scl/ctc/fpuz) or Penpa+ link or ipuz file, damaged; or three
    links in one file (each line read on its own)."""
    public = _public_drawn()
    if rng.random() < 0.1:
        return "\n".join(rng.sample(public, 3))
    return damage(rng, rng.choice(public), 0.9)


# -- DIMACS models -----------------------------------------------------------------------------
def dimacs_pair(rng: random.Random) -> tuple[str, str]:
    """(a 4x4 puzzle, a solver's output for it): a model built from the givens and random
    digits in competition or MiniSat format, a status line alone, or junk; maybe damaged."""
    from bruteforce import brute_solutions
    from satdoku.formats import parse_puzzle

    n = 4
    givens = digits(rng, n, n * n)
    puzzle = "".join(ALPHABET[d - 1] if d else "." for d in givens)
    model = [d or rng.randint(1, n) for d in givens]
    if rng.random() < 0.5:  # a true solution, when there is one
        model = list(next(brute_solutions(parse_puzzle(puzzle), 1), model))
    lits = [(cell * n + d + 1) * (1 if d + 1 == model[cell] else -1)  # v(r, c, d)
            for cell in range(n * n) for d in range(n)]
    body = " ".join(map(str, lits))
    text = rng.choice([f"s SATISFIABLE\nv {body} 0\n", f"SAT\n{body} 0\n", "s UNSATISFIABLE\n",
                       "s UNKNOWN\n", "", "c nothing\n"])
    return puzzle, damage(rng, text, 0.4)


def gen_dimacs(rng: random.Random) -> str:
    """:func:`dimacs_pair` as one text: the puzzle, a NUL, the solver's output."""
    return "\0".join(dimacs_pair(rng))


# -- command lines ----------------------------------------------------------------------------
#: Option values, good then (after the None) bad, for the options the commands share.
OPTION_VALUES = {
    "--box": ["auto", "2x2", "2x3", "3x3", "none", "1x4", None, "0x0", "axb", "99x99"],
    "--rules": ["", "anti-knight", "diagonal,anti-king", "nonconsecutive", "windoku", None,
                "bogus"],
    "--time-limit": ["0.5", "2", "0", None, "nan", "inf", "-1", "1e12", "abc"],
    "--limit": ["1", "3", "100", None, "0", "-5", "99999999999999999999"],
    "-f": ["grid", "line", "json", None, "bogus"],
    "--encoding": ["minimal", "efficient", "extended", "augmented", None, "bogus"],
    "--amo": ["pairwise", "sequential", "ladder", "bitwise", "commander", "product",
              "bimander", "totalizer", "native", None, "bogus"],
    "--backend": ["cadical195", "minisat22", "glucose4", None, "lingeling", "nosuch"],
    "--memory-budget": ["8G", "512M", "1T", "100G", None, "0", "-1G", "1e30", "abc", "1K"],
}


def option_value(rng: random.Random, option: str) -> str:
    """A value for ``option``: a bad one a fifth of the time."""
    values = OPTION_VALUES[option]
    cut = values.index(None)
    return rng.choice(values[cut + 1:] if rng.random() < 0.2 else values[:cut])


#: The options each command is fuzzed with (a flag has no values).
COMMANDS = {
    "solve": ["--box", "--rules", "--time-limit", "--limit", "-f", "--encoding", "--amo",
              "--backend", "--memory-budget", "--all", "-q"],
    "check": ["--box", "--rules", "--time-limit", "-f", "--encoding", "--backend",
              "--memory-budget"],
    "count": ["--box", "--rules", "--time-limit", "--limit", "-f", "--amo", "--memory-budget"],
    "candidates": ["--box", "--rules", "-f"],
    "convert": ["--box", "--rules"],
    "export": ["--box", "--rules", "--encoding", "--amo"],
    "render": ["--box", "--rules"],
    "hint": ["--box", "--rules"],
}
#: Formats small enough for any command to be quick on them.
CLI_FORMATS = ("text", "sukaku", "json", "fpuzzles", "links")


@dataclass
class CliCase:
    """A command line; ``{file}`` in ``argv`` stands for a file holding ``file_text``."""

    argv: list[str]
    stdin: str | None = None
    file_text: str | None = None


def cli_case(rng: random.Random) -> CliCase:
    """A command, some of its options with good or bad values, and the puzzle as an
    argument, on standard input or in a file (or ``decode`` with a model file)."""
    command = rng.choice([*sorted(COMMANDS), "decode"])
    if command == "decode":
        puzzle, model = dimacs_pair(rng)
        return CliCase(["decode", puzzle, "{file}"], file_text=model)
    argv = [command]
    options = COMMANDS[command]
    for option in rng.sample(options, rng.randint(0, min(3, len(options)))):
        argv += [option, option_value(rng, option)] if option in OPTION_VALUES else [option]
    if rng.random() < 0.05:  # a mistyped or misplaced option
        argv.insert(rng.randint(1, len(argv)), damage(rng, rng.choice(options), 1.0))
    if command in ("solve", "check") and "-f" not in argv and rng.random() < 0.5:
        argv += ["-f", "json"]  # (so that every solution printed can be checked)
    if command in ("solve", "count") and "--time-limit" not in argv:
        argv += ["--time-limit", "3"]  # (an empty 9x9 has 6.7e21 solutions to list)
    if command == "render":
        argv += ["-o", "-"]
    if command == "convert":
        argv += ["-t", rng.choice(["json", "line", "grid", "fpuzzles", "bogus"])]
    text = GENERATORS[rng.choice(CLI_FORMATS)](rng)
    where = rng.choice(["argument", "stdin", "file"])
    if where == "argument" and text.strip() and "\x00" not in text:
        return CliCase([*argv, text])
    if where == "stdin":
        return CliCase([*argv, "-"], stdin=text)
    return CliCase([*argv, "{file}"], file_text=text)


#: Input generators by format name (scripts/fuzz.py --formats).
GENERATORS = {"text": gen_text, "numbers": gen_numbers, "sukaku": gen_sukaku,
              "json": gen_json, "fpuzzles": gen_fpuzzles, "links": gen_link,
              "drawn": gen_drawn, "dimacs": gen_dimacs}
#: The same as hypothesis strategies (for ``@given``).
INPUTS = {name: st.randoms(use_true_random=True).map(gen) for name, gen in GENERATORS.items()}
CLI_CASES = st.randoms(use_true_random=True).map(cli_case)

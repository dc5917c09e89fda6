"""No input under the documented caps drives a command's peak memory over its bound.

The class test of issue 27: for each kind of input, the worst we know of at its cap, run as
a user would (``python -m satdoku``, a child process), its peak RSS read from ``wait4``. The
bounds are those of docs/robustness.md ("Memory"); each child also runs under an address-space
limit, so that a regression fails here instead of taking the machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz_strategies import lz_bomb

from satdoku.formats.limits import MAX_DECODED, MAX_JSON_BYTES, MAX_LINE

MiB = 1024 * 1024
DATA = Path(__file__).parent / "data" / "memory"
P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: Peak RSS allowed per kind of input (docs/robustness.md, "Memory").
BOUNDS = {"link": 200 * MiB, "long line": 100 * MiB, "json": 300 * MiB, "text file": 300 * MiB}


#: Runs ``python -m satdoku ARGV`` as its own child, under an address-space limit of 3 GiB,
#: and prints the child's exit code and peak RSS (bytes) on its last stderr line. A launcher
#: of its own, because a child's ru_maxrss starts from its parent's resident size at the
#: fork (or, after vfork, at the exec): measured straight from pytest, it was pytest's size
#: once earlier tests had grown it (135 MB after test_fpuzzles, the bound being 100).
LAUNCHER = """
import os, resource, sys
pid = os.fork()
if pid == 0:
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
    os.execv(sys.executable, [sys.executable, "-m", "satdoku", *sys.argv[1:]])
_, status, usage = os.wait4(pid, 0)
print(f"\\n{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss * 1024}", file=sys.stderr)
"""


def peak_rss(*argv: str, stdin: Path | None = None) -> tuple[int, str, int]:
    """(exit code, stderr, peak RSS in bytes) of ``python -m satdoku ARGV`` (see
    :data:`LAUNCHER`)."""
    with open(stdin or os.devnull, "rb") as given:
        run = subprocess.run([sys.executable, "-c", LAUNCHER, *argv], stdin=given,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    err, _, last = run.stderr.decode().rstrip("\n").rpartition("\n")
    code, rss = map(int, last.split())
    return code, err, rss


def one_error(err: str, *words: str) -> bool:
    lines = err.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith("satdoku: error:") and all(
        w in lines[0] for w in words)


def test_a_link_decoding_to_the_cap_as_two_million_objects():
    code, err, rss = peak_rss("solve", str(DATA / "fpuzzles-4mib.txt"))
    assert code == 2 and one_error(err, "more than a 9x9 puzzle can hold"), err
    assert rss < BOUNDS["link"], rss


def test_a_link_that_would_decode_past_the_cap(tmp_path):
    path = tmp_path / "bomb.txt"
    path.write_text("https://f-puzzles.com/?load=" + lz_bomb(3000) + "\n")  # 4.5 M characters
    code, err, rss = peak_rss("solve", str(path))
    assert code == 2 and one_error(err, f"more than {MAX_DECODED:,} characters"), err
    assert rss < BOUNDS["link"], rss


def test_a_line_of_64_mib_in_a_big_file(tmp_path):
    path = tmp_path / "long.txt"
    with path.open("w") as stream:
        stream.write(P + "\n" + "1." * (32 * MiB) + "\n" + P + "\n")
    code, err, rss = peak_rss("solve", str(path), "-f", "line")
    assert code == 2 and f"line 2: a line of more than {MAX_LINE:,} characters" in err, err
    assert rss < BOUNDS["long line"], rss


def test_a_json_document_at_the_cap_of_empty_objects(tmp_path):
    path = tmp_path / "empties.json"
    path.write_text("[" + ",".join(["{}"] * ((MAX_JSON_BYTES - 2) // 3)) + "]")
    code, err, rss = peak_rss("solve", str(path))
    assert code == 2 and one_error(err, "more than 100,000 puzzles in one JSON document"), err
    assert rss < BOUNDS["json"], rss


def test_a_json_document_past_the_cap_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    path.write_text("[" + " " * MAX_JSON_BYTES + "]")
    code, err, rss = peak_rss("solve", str(path))
    assert code == 2 and one_error(err, f"more than the limit of {MAX_JSON_BYTES:,}"), err
    assert rss < BOUNDS["json"], rss


@pytest.mark.parametrize("where", ["file", "stdin"])
def test_a_text_file_read_whole_at_the_size_where_indexing_starts(tmp_path, where):
    """63 MiB of text (a puzzle, then comments): the biggest file that is read whole."""
    path = tmp_path / "p.txt"
    comment = "# " + "x" * (64 * 1024 - 3) + "\n"
    path.write_text(P + "\n" + comment * 1008)
    argv = ("solve", str(path) if where == "file" else "-", "-f", "line")
    code, err, rss = peak_rss(*argv, stdin=path if where == "stdin" else None)
    assert code == 0 and err == "", err
    assert rss < BOUNDS["text file"], rss

"""docs/serve.md, "Talking to it yourself", runs as written: its requests, sent to a real
server on loopback, get the answers it shows, their ``data`` is what its ``satdoku convert``
line prints, and its Python client, saved and run, prints the same answers."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("websockets")

from serve_client import Client, serving, wait_no_children

from conftest import ROOT, run_cli
from satdoku.runtime.forked import can_fork

pytestmark = pytest.mark.skipif(not can_fork(), reason="serve forks its jobs")


def section() -> str:
    text = (ROOT / "docs" / "serve.md").read_text(encoding="utf-8")
    start = text.index("## Talking to it yourself")
    return text[start:text.index("\n## ", start + 1)]


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", section(), flags=re.S)


def exchanges() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The (request, answer) pairs the section shows, in order."""
    shown = [json.loads(block) for block in blocks("json")]
    assert shown and len(shown) % 2 == 0, "the section shows requests and answers in pairs"
    return list(zip(shown[::2], shown[1::2], strict=True))


def test_the_requests_data_is_what_satdoku_convert_prints():
    (console,) = blocks("console")
    command, link = console.splitlines()[:2]
    puzzle = re.fullmatch(r'\$ satdoku convert "(.*)"', command)
    assert puzzle is not None, command
    assert run_cli("convert", puzzle[1]).out.strip() == link
    for request, _ in exchanges():
        assert request["data"] == link.split("load=", 1)[1]


def test_the_requests_get_the_answers_shown_and_so_does_the_client(tmp_path):
    (client,) = blocks("python")
    script = tmp_path / "ask.py"
    script.write_text(client, encoding="utf-8")
    with serving() as (port, _), Client(port) as c:
        for request, answer in exchanges():
            c.ws.send(json.dumps(request))
            assert c.final(request["nonce"], 60) == answer, request["command"]
            run = subprocess.run([sys.executable, str(script), request["command"],
                                  request["data"], str(port)],
                                 capture_output=True, text=True, timeout=60)
            assert run.returncode == 0 and run.stderr == "", run.stderr
            printed = [json.loads(line) for line in run.stdout.splitlines()]
            assert printed[-1] == {**answer, "nonce": 1}, request["command"]
    assert wait_no_children() == []

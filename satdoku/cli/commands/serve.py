"""``satdoku serve``: the f-puzzles editor's live solver, on a websocket on this machine."""

from __future__ import annotations

import re
from typing import Annotated

import typer

from satdoku.cli.app import app, fail
from satdoku.cli.options import (
    GLOBAL_RULES,
    memory_size,
    positive_seconds,
)
from satdoku.rules import parse_rules

Port = Annotated[int, typer.Option("--port", min=0, max=65535,
                                   help="The port (the editor's userscript uses 4545).")]
def origins(values: list[str] | None) -> list[str] | None:
    """Each ``--allow-origin`` as a browser sends it: scheme://host[:port], no path."""
    for value in values or ():
        if re.fullmatch(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?", value) is None:
            raise typer.BadParameter(f"{value!r} is not an origin: give it as a browser sends "
                                     "it, scheme://host[:port] (e.g. https://example.org), "
                                     "without a path or a trailing '/'")
    return values


AllowOrigin = Annotated[list[str] | None, typer.Option(
    "--allow-origin", metavar="ORIGIN", callback=origins,
    help="Also accept websockets from pages of ORIGIN (e.g. https://example.org; repeat for "
         "several). Default: f-puzzles.com only (programs that send no Origin are accepted).")]
JobTime = Annotated[float | None, typer.Option(
    "--time-limit", callback=positive_seconds,
    help="Seconds each job may run (a count, a solving path …); past it the job is stopped "
         "and the editor is told (a solving path comes with the steps found so far). "
         "Default: no limit (Cancel stops any job).")]
JobMemory = Annotated[str | None, typer.Option(
    "--memory-budget", metavar="SIZE", callback=memory_size,
    help="Memory each job may take beyond the server's own, e.g. 2G or 512M (its solver's "
         "CNF is also checked against it before it is built); past it the job stops and the "
         "editor is told. Default: no limit beyond the CNF check (8G).")]
ServeRules = Annotated[str, typer.Option(
    "--rules", help=f"Extra rules, comma-separated: {GLOBAL_RULES}; they add to the "
                    "constraints of every puzzle the editor sends. 'satdoku rules' describes "
                    "them.")]
ServeIgnore = Annotated[bool, typer.Option(
    "--ignore-unsupported", help="Answer puzzles with constraints satdoku cannot express as "
                                 "if those were not there (the editor is not told which "
                                 "were left out) instead of naming them and refusing.")]
MaxSize = Annotated[int, typer.Option("--max-size", min=1, max=64,
                                      help="The largest board answered (N for NxN).")]


@app.command(name="serve")
def serve_command(port: Port = 4545, allow_origin: AllowOrigin = None,
                  time_limit: JobTime = None, memory_budget: JobMemory = None,
                  rules: ServeRules = "",
                  ignore_unsupported: ServeIgnore = False, max_size: MaxSize = 16) -> None:
    """Answer the f-puzzles editor's solver buttons: a websocket on localhost (Ctrl-C stops).

    Listens on ws://localhost:4545 (127.0.0.1 and ::1 only) for the editor's solver
    userscript: Check, Solution Count, Solve, True Candidates (coloured by solution count),
    Step and Solution Path, answered by satdoku; each job runs in its own process and any
    newer request, Cancel or a closed tab stops it at once. The protocol, with a request
    and its answers worked through: docs/serve.md in the source repository.
    Examples: satdoku serve  ·  satdoku serve --port 4546 --time-limit 60 --allow-origin
    https://example.org
    """
    try:
        import websockets  # noqa: F401
    except ImportError:
        raise fail("satdoku serve needs the websockets package: pip install 'satdoku[serve]'"
                   ) from None
    from satdoku.serve.server import Settings, main
    main(Settings(port=port, allow_origins=tuple(allow_origin or ()), time_limit=time_limit,
                  memory_budget=memory_budget, rules=parse_rules(rules),  # type: ignore[arg-type]
                  ignore_unsupported=ignore_unsupported, max_size=max_size))

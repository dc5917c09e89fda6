"""``satdoku serve``: satdoku as the f-puzzles editor's live solver (a websocket on localhost).

Modules: :mod:`.reading` (a request's puzzle, read as each command reads it),
:mod:`.jobs` (what a forked child computes per command), :mod:`.logic` (step and solvepath
from :mod:`satdoku.explain`), :mod:`.cache` (answers, solutions and impossible candidates
kept between requests), :mod:`.warm` (solvers built once per board and rules),
:mod:`.client` (one websocket: its messages, its one job), :mod:`.server` (the event
loop: sockets, origins, children, limits). The protocol is described in
docs/serve.md.
"""

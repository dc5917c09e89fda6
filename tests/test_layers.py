"""The house's plan, checked from the imports (parsed, never run): arrows only downwards.

- ``cnf`` imports nothing of satdoku (someone solving n-queens can use it alone);
- nothing outside ``satdoku.cli`` imports the command line;
- ``satdoku.runtime`` (processes, signals, files) imports only ``satdoku.errors``;
- the lower layers (cnf, the nouns, rules, encoding) never reach up to a verb (solving,
  formats, batch, render, analyse, explain, generating, serve, cli);
- no import circle between modules but rules/base ↔ rules/checker (the checker's grid is
  the base's; harmless).

Every import counts, at the top or inside a function (a lazy import is still a dependency),
and so does every ``"module:attr"`` string of a registry table, and every import made for the
type checker only — for the layers. For the circles only imports that run count: a table
entry is resolved after both modules are loaded, and a ``TYPE_CHECKING`` import never runs, so
neither can close an import cycle.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOW = ("cnf", "satdoku.errors", "satdoku.lazy", "satdoku.board", "satdoku.symmetry",
       "satdoku.puzzle", "satdoku.rules", "satdoku.encoding")
VERBS = ("satdoku.solving", "satdoku.formats", "satdoku.batch", "satdoku.render",
         "satdoku.analyse", "satdoku.explain", "satdoku.generating", "satdoku.serve",
         "satdoku.cli")
ALLOWED_CIRCLES = [{"satdoku.rules.base", "satdoku.rules.checker"}]


def _modules() -> dict[str, Path]:
    found = {}
    for path in [*ROOT.glob("satdoku/**/*.py"), *ROOT.glob("cnf/**/*.py")]:
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _nodes(tree: ast.AST, typing_too: bool) -> list[ast.AST]:
    """Every node of ``tree``, without the ``if TYPE_CHECKING:`` blocks unless ``typing_too``."""
    if typing_too:
        return list(ast.walk(tree))
    skipped = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
               and "TYPE_CHECKING" in ast.unparse(block.test)
               for n in ast.walk(block)}
    return [n for n in ast.walk(tree) if id(n) not in skipped]


def _edges(strings: bool) -> dict[str, set[str]]:
    """Module → the modules it imports; with ``strings``, also the names in registry tables
    and the imports for the type checker only."""
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in MODULES.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _nodes(ast.parse(path.read_text(encoding="utf-8")), typing_too=strings):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                submodules = [f"{base}.{a.name}" for a in node.names
                              if f"{base}.{a.name}" in MODULES]
                targets = submodules or [base]  # (from a package, a submodule: not the face)
            elif (strings and isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and re.fullmatch(r"[\w.]+:\w+", node.value)):  # ("module:attr", not prose)
                targets = [node.value.partition(":")[0]]
            graph[name].update(t for t in targets if t in MODULES and t != name)
    return graph


def _under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _arrows(rule) -> list[str]:
    return [f"{a} -> {b}" for a, targets in sorted(_edges(strings=True).items())
            for b in sorted(targets) if rule(a, b)]


def test_the_modules_are_found():
    assert {"cnf.session", "satdoku.solving.solver", "satdoku.cli.app"} <= set(MODULES)


def test_cnf_knows_nothing_of_satdoku():
    assert _arrows(lambda a, b: a.startswith("cnf") and b.startswith("satdoku")) == []


def test_only_the_command_line_imports_the_command_line():
    assert _arrows(lambda a, b: _under(b, ("satdoku.cli",))
                   and not _under(a, ("satdoku.cli", "satdoku.__main__"))) == []


def test_runtime_imports_only_errors():
    assert _arrows(lambda a, b: _under(a, ("satdoku.runtime",))
                   and not _under(b, ("satdoku.runtime", "satdoku.errors"))) == []


def test_no_lower_layer_reaches_up_to_a_verb():
    assert _arrows(lambda a, b: _under(a, LOW) and _under(b, VERBS)) == []


def test_no_import_circle_but_the_checker_s():
    graph = _edges(strings=False)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[set[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = {stack.pop()}
            while v not in part:
                part.add(stack.pop())
            if len(part) > 1:
                circles.append(part)

    for module in sorted(MODULES):
        if module not in index:
            visit(module)
    assert [c for c in circles if c not in ALLOWED_CIRCLES] == []
    assert ALLOWED_CIRCLES[0] in circles  # (still there: the test sees circles)

"""Option groups: a bundle of options declared once and taken whole by every command.

A command declares one parameter of a group's type (``solver: SolverOptions``);
:func:`grouped` puts the group's options in its place in the signature typer reads, and calls
the command with the bundle built from their values. A group is its options (typer
parameters) and the function that builds the bundle from them (:class:`Group`, registered in
:data:`GROUPS` by :func:`group`).
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Group:
    """The options of a bundle and how the bundle is built from their values."""

    options: tuple[inspect.Parameter, ...]
    build: Callable[..., Any]


#: Bundle type → its group.
GROUPS: dict[Any, Group] = {}


def group(kind: Any, build: Callable[..., Any] | None = None,
          **options: tuple[Any, Any]) -> None:
    """Register the group of bundle type ``kind``: ``options`` name → (annotation, default),
    in the order they are shown; ``build(**values)`` (default: ``kind`` itself) makes the
    bundle."""
    params = tuple(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                     annotation=annotation)
                   for name, (annotation, default) in options.items())
    GROUPS[kind] = Group(params, build or kind)


def grouped(func: F) -> F:
    """``func`` with each parameter of a group's type replaced by the group's options."""
    hints = typing.get_type_hints(func, include_extras=True)
    params: list[inspect.Parameter] = []
    bundles: dict[str, Group] = {}
    for param in inspect.signature(func).parameters.values():
        hint = hints.get(param.name, param.annotation)
        if hint in GROUPS:
            bundles[param.name] = GROUPS[hint]
            params.extend(GROUPS[hint].options)
        else:
            params.append(param.replace(annotation=hint, kind=inspect.Parameter.KEYWORD_ONLY))

    @functools.wraps(func)
    def command(**values: Any) -> Any:
        for name, found in bundles.items():
            values[name] = found.build(**{o.name: values.pop(o.name) for o in found.options})
        return func(**values)

    del command.__wrapped__  # (typer reads the signature below, not func's)
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    return command  # type: ignore[return-value]

"""Start-up cost: a command group that imports a command only when it runs, and cheap options.

Two things made ``satdoku check PUZZLE`` spend 0.3 s of CPU before solving anything:

- Typer builds the whole command tree at start-up, which imports every command module (the
  generator, the analyser, the renderer, external solvers …). :class:`LazyGroup` knows the
  commands by name from :data:`satdoku.cli.commands.COMMANDS` and imports a command's module
  only when that command is looked up; ``satdoku --help`` lists the commands from the same
  table, importing none of them (their help lines are read from the modules' source).
- Recent typer (0.29 here) turns every option value into its Python type through a pydantic
  ``TypeAdapter``, built on first use: importing pydantic and building a dozen adapters costs
  ~0.1 s per run. :func:`fast_options` gives each plain option (``str``, ``int``, ``float``,
  ``bool``, an ``Enum``) a converter that accepts only what is unambiguous — a value already
  of its type, an exact choice, digits — and hands anything else to typer's own converter,
  so a bad value gets typer's error message exactly as before. Typer versions without
  these runtime converters are left alone.

Help is click's plain text: typer's rich help imports rich (~0.08 s) on every ``--help``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from enum import Enum
from typing import Any

import typer
import typer.main
from typer.core import TyperGroup

from satdoku.cli.commands import COMMANDS, help_line, load_command_module
from satdoku.cli.paths import checked

_NUMBER = re.compile(r"[0-9]+(\.[0-9]+)?")


class LazyCommands(Mapping):
    """Command name → click command, each converted from ``app`` on first look-up."""

    def __init__(self, app: typer.Typer) -> None:
        self.app = app
        self.loaded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self.loaded:
            if name not in COMMANDS:
                raise KeyError(name)
            load_command_module(name)
            command = fast_options(_convert(self.app, name))
            command.callback = checked(command.callback)  # (no output over an input)
            self.loaded[name] = command
        return self.loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


def _convert(app: typer.Typer, name: str) -> Any:
    """The click command of ``app``'s registered command ``name``."""
    for info in app.registered_commands:
        callback = info.callback
        if callback is not None and (info.name or typer.main.get_command_name(
                callback.__name__)) == name:
            return typer.main.get_command_from_info(
                info, pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode)
    raise LookupError(f"command {name!r} is listed in satdoku.cli.commands.COMMANDS "
                      f"but its module registers no such command")


class LazyGroup(TyperGroup):
    """A typer group over :class:`LazyCommands`: the listing comes from the table."""

    def __init__(self, app: typer.Typer, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = LazyCommands(app)  # type: ignore[assignment]

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            typer.echo(ctx.get_help())  # a bare 'satdoku': the help, exit code 2
            ctx.exit(2)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # (typer would end with 130 silently: run() says it)
            raise typer.Abort() from None

    def get_help_option(self, ctx: Any) -> Any:
        return _fast_param(super().get_help_option(ctx))

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The command list with each one-line help from the table (no import needed)."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, help_line(name)) for name in COMMANDS])


# -- option values without pydantic ---------------------------------------------------------
_SIMPLE = (str, int, float, bool)


def fast_options(command: Any) -> Any:
    """Give ``command``'s plain options (and its help option, made on demand) a converter for
    unambiguous values (see the module text); return ``command``."""
    for param in command.params:
        _fast_param(param)
    help_option = command.get_help_option
    command.get_help_option = lambda ctx: _fast_param(help_option(ctx))
    return command


def _fast_param(param: Any) -> Any:
    if param is not None and getattr(param, "_runtime_param", False) is None and _simple(param):
        param._runtime_param = _FastValue(param)
    return param


def _simple(param: Any) -> bool:
    descriptor = getattr(param, "type_descriptor", None)
    info = getattr(descriptor, "parameter_info", None)
    if descriptor is None or info is None or param.multiple or param.nargs != 1:
        return False
    if (descriptor.file_annotation is not None or getattr(info, "parser", None) is not None
            or getattr(info, "clamp", False)):
        return False
    annotation = descriptor.annotation
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        folded = [str(m.value).casefold() for m in annotation]
        return len(set(folded)) == len(folded)
    return annotation in _SIMPLE and not descriptor.is_path


class _FastValue:
    """Typer's runtime converter for one option, minus pydantic for unambiguous values."""

    def __init__(self, param: Any) -> None:
        self.param = param
        info = param.type_descriptor.parameter_info
        self.annotation = param.type_descriptor.annotation
        self.low, self.high = info.min, info.max
        self.choices = ({str(m.value): m for m in self.annotation}
                        if issubclass(self.annotation, Enum) else None)
        self._typer: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:
            return None
        fast = self._fast(value, ctx)
        if fast is not None:
            return fast
        if self._typer is None:  # typer's own converter: its result, its error message
            from typer._coercion import build_runtime_param
            self._typer = build_runtime_param(self.param.type_descriptor)
        return self._typer.coerce(value, param=param, ctx=ctx)

    def _fast(self, value: Any, ctx: Any) -> Any:
        """The converted value, or None to let typer decide."""
        kind = self.annotation
        if self.choices is not None:
            if isinstance(value, kind):
                return value
            if type(value) is str and getattr(ctx, "token_normalize_func", None) is None:
                return self.choices.get(value)
            return None
        of_kind = type(value) is kind or (kind is float and type(value) is int)
        digits = (type(value) is str and kind in (int, float) and value.isascii()
                  and (value.isdigit() if kind is int else bool(_NUMBER.fullmatch(value))))
        if not (of_kind or digits):
            return None
        try:
            number = kind(value)
        except ValueError:  # (over Python's 4,300 digits: typer's message)
            return None
        if kind in (int, float) and ((self.low is not None and number < self.low)
                                     or (self.high is not None and number > self.high)):
            return None
        return number

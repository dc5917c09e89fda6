"""One module per command (or family of commands); each registers itself on ``app``.

Every module in this package is imported by :func:`load_commands`, so adding a command is
adding a file here.
"""

from __future__ import annotations

import importlib
import pkgutil


def load_commands() -> None:
    """Import every command module of this package (registering its commands)."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")

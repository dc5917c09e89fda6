"""The errors of :mod:`cnf` (importable without loading PySAT)."""

from __future__ import annotations


class CapabilityError(RuntimeError):
    """The chosen back-end lacks a capability the caller asked for."""


class DimacsError(ValueError):
    """Malformed DIMACS or solver output; ``line`` is 1-based."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


def native_interrupt(err: BaseException) -> bool:
    """Whether ``err`` is PySAT's error for SIGINT inside a native call (``pysolvers.error:
    Caught keyboard interrupt``): Ctrl-C, to be taken as KeyboardInterrupt.

    >>> native_interrupt(ValueError("Caught keyboard interrupt"))
    False
    """
    return type(err).__module__ == "pysolvers" and "interrupt" in str(err)

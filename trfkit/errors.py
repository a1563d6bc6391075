"""The exceptions trfkit raises: only for "cannot continue", never for discrepancies."""

from __future__ import annotations

import attrs

from trfkit.diagnostics import Diagnostic


class TrfError(Exception):
    """Base of every trfkit exception."""


@attrs.define(auto_exc=True, str=False)
class TrfSyntaxError(TrfError, ValueError):
    """Raised in strict mode: carries every diagnostic the reader gathered."""

    diagnostics: tuple[Diagnostic, ...]

    def __str__(self) -> str:
        """Summarise: how many problems, and the first one."""
        if not self.diagnostics:
            return "the file could not be read"
        first = self.diagnostics[0]
        where = f"line {first.line}: " if first.line is not None else ""
        count = len(self.diagnostics)
        noun = "problem" if count == 1 else "problems"
        return f"{count} {noun}, first: {where}{first.code} {first.message}"


@attrs.define(auto_exc=True, str=False)
class WriteError(TrfError, ValueError):
    """A model cannot be written: a value does not fit its columns, or the encoding."""

    message: str

    def __str__(self) -> str:
        """The message."""
        return self.message

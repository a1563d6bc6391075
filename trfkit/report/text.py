"""Check results for people: one ``path:line:col: CODE message`` line each, a summary, exit codes.

Pure formatting: these functions build strings and never print.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from trfkit.audit import FileReport
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.untrusted import printable
from trfkit.values import Value

EXIT_OK = 0
"""No error diagnostics (warnings allowed unless ``--strict``)."""
EXIT_DISCREPANCY = 1
"""At least one error, or a warning under ``--strict``."""
EXIT_USAGE = 2
"""Bad arguments, or a named input that cannot be read."""


def format_text(d: Diagnostic, path: str, code: str | None = None) -> str:
    """``path:line:col: CODE message`` (line and column omitted when unknown).

    The path and the message are :func:`~trfkit.untrusted.printable`: a file name or a
    player's name with a line break cannot add a line of its own. *code* is the code as
    shown (:func:`format_coloured` gives it coloured), else the diagnostic's.
    """
    where = printable(path)
    if d.line is not None:
        where += f":{d.line}"
        if d.column is not None:
            where += f":{d.column}"
    return f"{where}: {d.code if code is None else code} {printable(d.message)}"


_COLOURS = {Severity.ERROR: "\x1b[31m", Severity.WARNING: "\x1b[33m", Severity.INFO: "\x1b[36m"}
_RESET = "\x1b[0m"


def format_coloured(d: Diagnostic, path: str) -> str:
    """:func:`format_text` with the code coloured by severity (red, yellow, cyan; ``--color``).

    Only the code is coloured: the path and the message stay as :func:`format_text` makes
    them printable, so nothing from a file adds a control sequence.
    """
    return format_text(d, path, f"{_COLOURS[d.severity]}{d.code}{_RESET}")


def statistics(summary: Summary) -> str:
    """``--statistics``: how many findings each code has, most first (as ruff prints them)."""
    lines = []
    for code, count in sorted(summary.codes.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"{count:>6}  {code}  {printable(summary.names.get(code, ''))}".rstrip())
    return "".join(line + "\n" for line in lines)


@attrs.define(repr=False)
class Summary(Value):
    """Running totals over a batch."""

    files: int = 0
    clean: int = 0
    with_errors: int = 0
    with_warnings: int = 0
    unreadable: int = 0
    codes: Counter[str] = attrs.field(factory=Counter)
    names: dict[str, str] = attrs.field(factory=dict)
    """Code → its name, as the findings counted give it (``--statistics``)."""
    settings: list[str] = attrs.field(factory=list)
    """The settings files applied (paths): an audit says what configured it."""
    warnings: list[str] = attrs.field(factory=list)
    """Warnings about the run itself (a settings file inside a checked folder, a plugin)."""

    def add(self, report: FileReport, shown: Sequence[Diagnostic]) -> None:
        """Count one file (*shown* is what passed the severity filter)."""
        self.files += 1
        severities = {d.severity for d in shown}
        if Severity.ERROR in severities:
            self.with_errors += 1
        elif Severity.WARNING in severities:
            self.with_warnings += 1
        else:
            self.clean += 1
        if not report.readable:
            self.unreadable += 1
        self.codes.update(d.code for d in shown)
        for d in shown:
            self.names.setdefault(d.code, d.name)

    def as_json(self) -> dict[str, Any]:
        """The ``summary`` object."""
        return {
            "files": self.files,
            "clean": self.clean,
            "with_errors": self.with_errors,
            "with_warnings": self.with_warnings,
            "unreadable": self.unreadable,
            "codes": dict(sorted(self.codes.items())),
            "settings": list(self.settings),
            "warnings": list(self.warnings),
        }

    def as_text(self) -> str:
        """One line for people."""
        codes = ", ".join(f"{c}×{n}" for c, n in sorted(self.codes.items()))
        noun = "file" if self.files == 1 else "files"
        text = (
            f"{self.files} {noun} checked: {self.clean} clean, {self.with_errors} with errors, "
            f"{self.with_warnings} with warnings only"
        )
        text += f" ({codes})" if codes else ""
        return text + (f"; settings: {', '.join(self.settings)}" if self.settings else "")


def exit_code(reports: Iterable[Sequence[Diagnostic]], *, strict: bool) -> int:
    """``EXIT_DISCREPANCY`` when any error (or, with *strict*, any warning) was found."""
    threshold = Severity.WARNING if strict else Severity.ERROR
    for shown in reports:
        if any(d.severity >= threshold for d in shown):
            return EXIT_DISCREPANCY
    return EXIT_OK

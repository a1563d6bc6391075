"""Formatting check results: text, JSON and GitHub workflow annotations.

Pure formatting: these functions build strings and never print.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from trfkit.audit import FileReport
from trfkit.diagnostics import Diagnostic, Severity

EXIT_OK = 0
"""No error diagnostics (warnings allowed unless ``--strict``)."""
EXIT_DISCREPANCY = 1
"""At least one error, or a warning under ``--strict``."""
EXIT_USAGE = 2
"""Bad arguments, or a named input that cannot be read."""


def format_text(d: Diagnostic, path: str) -> str:
    """``path:line:col: CODE message`` (line and column omitted when unknown)."""
    where = path
    if d.line is not None:
        where += f":{d.line}"
        if d.column is not None:
            where += f":{d.column}"
    return f"{where}: {d.code} {d.message}"


def format_github(d: Diagnostic, path: str) -> str:
    """A GitHub Actions workflow command that annotates the file."""
    level = {Severity.ERROR: "error", Severity.WARNING: "warning"}.get(d.severity, "notice")
    parts = [f"file={_gh_escape(path, True)}"]
    if d.line is not None:
        parts.append(f"line={d.line}")
        if d.column is not None:
            parts.append(f"col={d.column}")
    parts.append(f"title={d.code} {d.name}")
    return f"::{level} {','.join(parts)}::{_gh_escape(d.message, False)}"


def _gh_escape(text: str, property_value: bool) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    """One diagnostic as the JSON object of the ``--format json`` schema."""
    return {
        "code": d.code,
        "name": d.name,
        "severity": d.severity.label,
        "line": d.line,
        "column": d.column,
        "message": d.message,
        "round": d.round,
        "players": list(d.players),
    }


def file_json(report: FileReport) -> dict[str, Any]:
    """One file's entry of the ``files`` list."""
    return {
        "path": report.path,
        "encoding": report.encoding,
        "diagnostics": [diagnostic_json(d) for d in report.diagnostics],
    }


@attrs.define
class Summary:
    """Running totals over a batch."""

    files: int = 0
    clean: int = 0
    with_errors: int = 0
    with_warnings: int = 0
    unreadable: int = 0
    codes: Counter[str] = attrs.field(factory=Counter)

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

    def as_json(self) -> dict[str, Any]:
        """The ``summary`` object."""
        return {
            "files": self.files,
            "clean": self.clean,
            "with_errors": self.with_errors,
            "with_warnings": self.with_warnings,
            "unreadable": self.unreadable,
            "codes": dict(sorted(self.codes.items())),
        }

    def as_text(self) -> str:
        """One line for people."""
        codes = ", ".join(f"{c}×{n}" for c, n in sorted(self.codes.items()))
        noun = "file" if self.files == 1 else "files"
        text = (
            f"{self.files} {noun} checked: {self.clean} clean, {self.with_errors} with errors, "
            f"{self.with_warnings} with warnings only"
        )
        return text + (f" ({codes})" if codes else "")


def dumps_json(payload: Any) -> str:
    """JSON with stable key order and non-ASCII kept readable."""
    return json.dumps(payload, ensure_ascii=False, indent=2)


class JsonWriter:
    """Writes the ``--format json`` document one file at a time.

    The output is exactly ``dumps_json({"files": [...], "summary": {...}})``, but
    no file entry is kept after it is written, so memory does not grow with
    the number of files.

    Args:
        write: Where the text goes (e.g. ``sys.stdout.write``).
    """

    def __init__(self, write: Callable[[str], object]) -> None:
        self._write = write
        self._count = 0

    def add(self, entry: dict[str, Any]) -> None:
        """Write one entry of the ``files`` list."""
        text = textwrap.indent(dumps_json(entry), "    ")
        self._write(('{\n  "files": [\n' if self._count == 0 else ",\n") + text)
        self._count += 1

    def close(self, summary: dict[str, Any]) -> None:
        """Write the ``summary`` object and end the document."""
        text = textwrap.indent(dumps_json(summary), "  ").lstrip()
        if self._count == 0:
            self._write('{\n  "files": [],\n  "summary": ' + text + "\n}\n")
        else:
            self._write('\n  ],\n  "summary": ' + text + "\n}\n")


def exit_code(reports: Iterable[Sequence[Diagnostic]], *, strict: bool) -> int:
    """``EXIT_DISCREPANCY`` when any error (or, with *strict*, any warning) was found."""
    threshold = Severity.WARNING if strict else Severity.ERROR
    for shown in reports:
        if any(d.severity >= threshold for d in shown):
            return EXIT_DISCREPANCY
    return EXIT_OK

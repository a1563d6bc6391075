"""Check results as the ``--format json`` document, written one file at a time."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from typing import Any

from trfkit.audit import FileReport
from trfkit.diagnostics import Diagnostic
from trfkit.untrusted import escape_json


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


def dumps_json(payload: Any) -> str:
    """JSON with stable key order and non-ASCII kept readable.

    Non-ASCII stays as it is but for the characters :func:`~trfkit.untrusted.escape_json`
    escapes (DEL, C1, U+2028/U+2029, bidi controls, lone surrogates; :mod:`json` escapes
    C0): nothing raw reaches a terminal, and the values read back the same.
    """
    return escape_json(json.dumps(payload, ensure_ascii=False, indent=2))


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

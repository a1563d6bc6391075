"""Output formats: the streamed JSON document, GitHub annotations and the summary."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from trfkit.audit import FileReport
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.report.github import format_github
from trfkit.report.json import JsonWriter
from trfkit.report.text import Summary, format_text


def diag(severity: Severity, code: str = "E001", **where: Any) -> Diagnostic:
    """A diagnostic for formatting."""
    return Diagnostic(code=code, name="some-name", severity=severity, message="m", **where)


@pytest.mark.parametrize(
    "entries",
    [
        [],
        [{"path": "a.trf", "diagnostics": []}],
        [{"path": "é.trf", "diagnostics": [{"code": "E001", "players": [1, 2]}]}, {"x": None}],
    ],
)
def test_streamed_json_equals_the_json_module(entries: list[dict[str, Any]]) -> None:
    """Entry by entry, the writer prints what json.dumps(indent=2) prints for the whole."""
    out = io.StringIO()
    writer = JsonWriter(out.write)
    for entry in entries:
        writer.add(entry)
    summary = {"files": len(entries), "codes": {"E001": 1}}
    writer.close(summary)
    whole = {"files": entries, "summary": summary}
    assert out.getvalue() == json.dumps(whole, ensure_ascii=False, indent=2) + "\n"


def test_text_line() -> None:
    """``path:line:col: CODE message``, leaving out what is unknown."""
    assert format_text(diag(Severity.ERROR, line=3, column=92), "a.trf") == "a.trf:3:92: E001 m"
    assert format_text(diag(Severity.ERROR, line=3), "a.trf") == "a.trf:3: E001 m"
    assert format_text(diag(Severity.ERROR), "a.trf") == "a.trf: E001 m"


def test_github_levels_and_escaping() -> None:
    """Error/warning/notice levels; ':' and ',' escaped in properties, newlines in messages."""
    d = Diagnostic(
        code="S003", name="n", severity=Severity.WARNING, message="a%b\nc", line=2, column=5
    )
    assert format_github(d, "C:/x,y.trf") == (
        "::warning file=C%3A/x%2Cy.trf,line=2,col=5,title=S003 n::a%25b%0Ac"
    )
    assert format_github(diag(Severity.ERROR), "a").startswith("::error file=a,title=")
    assert format_github(diag(Severity.INFO), "a").startswith("::notice ")


def test_summary_counts_files_by_worst_shown_severity() -> None:
    """A file with an error, one with a warning, a clean one and an unreadable one."""
    summary = Summary()
    error = [diag(Severity.ERROR, "S003"), diag(Severity.WARNING, "E001")]
    summary.add(FileReport("a", "utf-8", tuple(error)), error)
    summary.add(FileReport("b", "utf-8", ()), [diag(Severity.WARNING, "E001")])
    summary.add(FileReport("c", "utf-8", ()), [])
    unreadable = [diag(Severity.ERROR, "P001")]
    summary.add(FileReport("d", None, tuple(unreadable), readable=False), unreadable)
    assert summary.as_json() == {
        "files": 4,
        "clean": 1,
        "with_errors": 2,
        "with_warnings": 1,
        "unreadable": 1,
        "codes": {"E001": 2, "P001": 1, "S003": 1},
        "settings": [],
        "warnings": [],
    }
    assert summary.as_text() == (
        "4 files checked: 1 clean, 2 with errors, 1 with warnings only (E001×2, P001×1, S003×1)"
    )

"""Check results as GitHub Actions workflow commands (annotations on the file's lines)."""

from __future__ import annotations

from trfkit.diagnostics import Diagnostic, Severity
from trfkit.untrusted import printable


def format_github(d: Diagnostic, path: str) -> str:
    """A GitHub Actions workflow command that annotates the file.

    Every value is escaped by GitHub's rules (``%25``, ``%0D``, ``%0A``; in properties also
    ``%3A`` and ``%2C``), so nothing from a file can end the command or start another, and
    made :func:`~trfkit.untrusted.printable` (no other control or bidi character stands raw).
    """
    level = {Severity.ERROR: "error", Severity.WARNING: "warning"}.get(d.severity, "notice")
    parts = [f"file={_gh_escape(path, True)}"]
    if d.line is not None:
        parts.append(f"line={d.line}")
        if d.column is not None:
            parts.append(f"col={d.column}")
    parts.append(f"title={_gh_escape(f'{d.code} {d.name}', True)}")
    return f"::{level} {','.join(parts)}::{_gh_escape(d.message, False)}"


def _gh_escape(text: str, property_value: bool) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    text = printable(text)  # the other controls, which GitHub's escapes leave raw
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text

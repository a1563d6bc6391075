"""Check results as JUnit XML (``check --format junit``), for CI systems that show test reports.

One ``<testcase>`` per file checked: it fails (``<failure>``) when the file has a finding that
fails the run (an error, or a warning under ``--strict``), with every shown finding as a line
of the failure's text; the others pass. Written as the files are checked, closed with the
counts. Every text is :func:`~trfkit.untrusted.printable` and escaped, so nothing from a
file can end an element or put a character XML 1.0 forbids into the document.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape, quoteattr

from trfkit.audit import FileReport
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.report.text import format_text
from trfkit.untrusted import printable

SUITE = "trfkit check"


class JunitWriter:
    """Writes one test case per file through *write*, and the suite around them."""

    def __init__(self, write: Callable[[str], object], threshold: Severity) -> None:
        self.write = write
        self.threshold = threshold
        self.cases: list[str] = []
        self.tests = self.failures = 0

    def add(self, report: FileReport, shown: Sequence[Diagnostic]) -> None:
        """One file's test case."""
        self.tests += 1
        name = quoteattr(printable(report.path))
        failing = [d for d in shown if d.severity >= self.threshold]
        if not failing:
            self.cases.append(f'    <testcase classname="trfkit" name={name} file={name}/>\n')
            return
        self.failures += 1
        first = failing[0]
        message = quoteattr(printable(f"{first.code} {first.message}"))
        kind = quoteattr(first.code)
        body = escape("\n".join(format_text(d, report.path) for d in shown))
        self.cases.append(
            f'    <testcase classname="trfkit" name={name} file={name}>\n'
            f"      <failure type={kind} message={message}>{body}</failure>\n"
            "    </testcase>\n"
        )

    def close(self) -> None:
        """Write the document: the suite's counts, then its cases."""
        counts = f'tests="{self.tests}" failures="{self.failures}" errors="0"'
        self.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        self.write(f'<testsuites name="{SUITE}" {counts}>\n')
        self.write(f'  <testsuite name="{SUITE}" {counts}>\n')
        for case in self.cases:
            self.write(case)
        self.write("  </testsuite>\n</testsuites>\n")

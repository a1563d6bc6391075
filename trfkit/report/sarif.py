"""Check results as a SARIF 2.1.0 log (``check --format sarif``), for code-scanning dashboards.

One log, one run. ``tool.driver.rules`` holds a reporting descriptor for each code found,
sorted by code; each shown finding is a result that names its rule by ``ruleId`` and
``ruleIndex``, with its file and, when the finding has a line, its 1-based line and column
(``columnKind`` says columns count code points, as trfkit's do). A finding about a whole
file (one not read, or not TRF) has the file and no region. A root cause (a ``C`` code)
lists the findings it stands for as ``relatedLocations``; with ``--show-all`` each is also
a result of its own, after the cause, as the text format prints them.

A path is a relative URI reference (forward slashes, percent-encoded) as given, an absolute
path a ``file://`` URI. Messages, names and summaries are :func:`~trfkit.untrusted.printable`;
the log is written as :func:`~trfkit.report.json.dumps_json` writes JSON, once every file is
checked (as the JUnit document is: the rules come first, and are known only at the end).
"""

from __future__ import annotations

import os
import pathlib
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from trfkit import __version__
from trfkit.audit import FileReport
from trfkit.diagnostics import Diagnostic, Rule, Severity
from trfkit.report.json import dumps_json
from trfkit.untrusted import printable, printable_lines

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
VERSION = "2.1.0"

LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
"""A severity's SARIF ``level``."""


def artifact_uri(path: str) -> str:
    """*path* as a SARIF ``artifactLocation.uri``: a relative URI reference, or a file URI.

    Leading ``./`` and doubled separators go (a dashboard matches the path against the
    repository's files); bytes a URI may not hold raw are percent-encoded, as is a ``:``,
    which would make the first segment read as a scheme.
    """
    where = pathlib.Path(path)
    if where.is_absolute():
        return where.as_uri()
    # the bytes, not the text: a name that is not UTF-8 is kept as the bytes it is
    return urllib.parse.quote(os.fsencode(where.as_posix()), safe="/")


class SarifWriter:
    """Keeps each file's results through :meth:`add`; :meth:`close` writes the log.

    Args:
        write: Where the text goes (e.g. ``sys.stdout.write``).
        rules: Code → its rule (name, summary, default severity), for the descriptors;
            the report layer does not know the checks, so the command passes them in.
        show_all: Also make a result of each finding a root cause stands for.
    """

    def __init__(
        self, write: Callable[[str], object], rules: Mapping[str, Rule], show_all: bool
    ) -> None:
        self.write = write
        self.rules = rules
        self.show_all = show_all
        self.results: list[tuple[str, dict[str, Any]]] = []
        self.found: dict[str, Diagnostic] = {}  # code → a finding of it, for an unknown rule

    def add(self, report: FileReport, shown: Sequence[Diagnostic]) -> None:
        """One file's results: *shown* (what passed the severity filter), in order."""
        uri = artifact_uri(report.path)
        for d in shown:
            self._add(d, uri, related=d.instances)
            if self.show_all:
                for instance in d.instances:
                    self._add(instance, uri, related=())

    def _add(self, d: Diagnostic, uri: str, related: Sequence[Diagnostic]) -> None:
        self.found.setdefault(d.code, d)
        result: dict[str, Any] = {
            "level": LEVELS[d.severity],
            "message": {"text": printable(d.message)},
            "locations": [{"physicalLocation": _physical(d, uri)}],
        }
        if related:
            result["relatedLocations"] = [
                {
                    "id": number,
                    "physicalLocation": _physical(i, uri),
                    "message": {"text": printable(f"{i.code} {i.message}")},
                }
                for number, i in enumerate(related, 1)
            ]
        self.results.append((d.code, result))

    def close(self) -> None:
        """Write the log: the tool and its rules, then the results in the order added."""
        codes = sorted(self.found)
        index = {code: number for number, code in enumerate(codes)}
        log = {
            "$schema": SCHEMA,
            "version": VERSION,
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "trfkit",
                            "version": __version__,
                            "rules": [self._descriptor(code) for code in codes],
                        }
                    },
                    "columnKind": "unicodeCodePoints",
                    "results": [
                        {"ruleId": code, "ruleIndex": index[code], **result}
                        for code, result in self.results
                    ],
                }
            ],
        }
        self.write(dumps_json(log) + "\n")

    def _descriptor(self, code: str) -> dict[str, Any]:
        """The reporting descriptor of *code*: its rule's, or its findings' for an unknown one."""
        rule = self.rules.get(code)
        found = self.found[code]
        name = printable(rule.name if rule is not None else found.name)
        descriptor: dict[str, Any] = {
            "id": code,
            "name": name,
            # a plugin's summary is text from outside trfkit, as a message is
            "shortDescription": {"text": printable(rule.summary) if rule is not None else name},
        }
        if rule is not None and rule.doc:
            # what `trfkit explain CODE` prints; dashboards show it beside each alert
            descriptor["help"] = {"text": printable_lines(rule.doc)}
        descriptor["defaultConfiguration"] = {
            "level": LEVELS[rule.severity if rule is not None else found.severity]
        }
        return descriptor


def _physical(d: Diagnostic, uri: str) -> dict[str, Any]:
    """*d*'s ``physicalLocation``: the file, and its line and column when it has them."""
    where: dict[str, Any] = {"artifactLocation": {"uri": uri}}
    if d.line is not None:
        region = {"startLine": d.line}
        if d.column is not None:
            region["startColumn"] = d.column
        where["region"] = region
    return where

"""List every diagnostic code: the reader's, the built-in checks' and the plugins'.

One line per code: code, name, default severity and a one-line summary;
'trfkit explain CODE' prints the full documentation, and '--format markdown' every
code's documentation as one page (docs/reference/rules.md is that page). Plugins (entry-point group
trfkit.checks) are listed like built-in checks; a plugin that could not be
loaded is reported on stderr.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from trfkit.commands import common

if TYPE_CHECKING:
    from trfkit.diagnostics import Rule


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument(
        "--format",
        choices=("text", "json", "markdown"),
        default="text",
        help="output format (default: text; markdown: the full documentation as one page)",
    )
    parser.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="CODES",
        help="only these codes, prefixes or names (comma-separated, repeatable)",
    )


def run(args: argparse.Namespace) -> int:
    """Print the catalogue."""
    from trfkit.checks import all_rules, matches, plugin_problems, plugins
    from trfkit.report.json import dumps_json
    from trfkit.untrusted import printable

    for problem in plugin_problems():
        common.error("rules", f"plugin {problem.entry_point}: {problem.message}")
    patterns = common.split_codes(args.select)
    rules = [r for r in all_rules() if not patterns or matches(r.code, r.name, patterns)]
    plugin_codes = {c.code for c in plugins()}
    if args.format == "json":
        payload = [
            {
                "code": r.code,
                "name": r.name,
                "severity": r.severity.label,
                "summary": r.summary,
                "plugin": r.code in plugin_codes,
            }
            for r in rules
        ]
        sys.stdout.write(dumps_json(payload) + "\n")
        return 0
    if args.format == "markdown":
        sys.stdout.write(_markdown(rules, plugin_codes))
        return 0
    if not rules:
        return 0
    width = max(len(r.name) for r in rules)
    for r in rules:
        summary = printable(r.summary)  # a plugin's text
        sys.stdout.write(f"{r.code}  {r.name.ljust(width)}  {r.severity.label:<7}  {summary}\n")
    return 0


def _markdown(rules: list[Rule], plugin_codes: set[str]) -> str:
    """Every rule's documentation as a Markdown page, the text kept as written."""
    from trfkit.untrusted import printable, printable_lines

    fence = "`" * 3
    parts = [
        "# Diagnostic codes\n\n"
        "Every code trfkit reports, as `trfkit explain CODE` prints it. This page is made by\n"
        "`trfkit rules --format markdown`; a test keeps it equal to that output.\n"
    ]
    for r in rules:
        origin = ", from a plugin" if r.code in plugin_codes else ""
        # A fence keeps the documentation's own layout (examples, columns) as it is.
        body = printable_lines(r.doc or r.summary).replace(fence, "'''")
        parts.append(
            f"\n## {r.code} {printable(r.name)}\n\n"
            f"{r.severity.label}{origin}: {printable(r.summary)}\n\n"
            f"{fence}text\n{body}\n{fence}\n"
        )
    return "".join(parts)

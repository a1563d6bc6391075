"""List every diagnostic code: the reader's, the built-in checks' and the plugins'.

One line per code: code, name, default severity and a one-line summary;
'trfkit explain CODE' prints the full documentation. Plugins (entry-point group
trfkit.checks) are listed like built-in checks; a plugin that could not be
loaded is reported on stderr.
"""

from __future__ import annotations

import argparse
import sys

from trfkit.commands import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format (default: text)"
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
    patterns = [p.strip() for value in args.select for p in value.split(",") if p.strip()]
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
    if not rules:
        return 0
    width = max(len(r.name) for r in rules)
    for r in rules:
        summary = printable(r.summary)  # a plugin's text
        sys.stdout.write(f"{r.code}  {r.name.ljust(width)}  {r.severity.label:<7}  {summary}\n")
    return 0

"""Print the documentation of one diagnostic code (by code or by name).

The documentation says what the finding means, the FIDE rule or format text it
comes from, and a passing and a failing example.
"""

from __future__ import annotations

import argparse
import sys

from trfkit.commands import common


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("code", metavar="CODE", help="a code such as E001, or its name")


def run(args: argparse.Namespace) -> int:
    """Print one rule's documentation."""
    from trfkit.checks import get, plugins
    from trfkit.untrusted import printable_lines

    try:
        rule = get(args.code)
    except ValueError as exc:
        common.error("explain", str(exc))
        return 2
    origin = ", from a plugin" if rule.code in {c.code for c in plugins()} else ""
    body = printable_lines(rule.doc or rule.summary)  # a plugin's text
    sys.stdout.write(f"{rule.code} {rule.name} ({rule.severity.label}{origin})\n\n{body}\n")
    return 0

"""Print the documentation of one diagnostic code (by code or by name)."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("code", metavar="CODE", help="a code such as B001, or its name")


def run(args: argparse.Namespace) -> int:
    """Print one rule's documentation."""
    from trfkit.checks import get

    try:
        rule = get(args.code)
    except ValueError as exc:
        sys.stderr.write(f"trfkit explain: {exc}\n")
        return 2
    sys.stdout.write(
        f"{rule.code} {rule.name} ({rule.severity.label})\n\n{rule.doc or rule.summary}\n"
    )
    return 0

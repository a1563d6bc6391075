"""List every diagnostic code: the reader's, the built-in checks' and the plugins'."""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    """Print the catalogue."""
    from trfkit.checks import all_rules
    from trfkit.report import dumps_json

    rules = all_rules()
    if args.format == "json":
        payload = [
            {"code": r.code, "name": r.name, "severity": r.severity.label, "summary": r.summary}
            for r in rules
        ]
        sys.stdout.write(dumps_json(payload) + "\n")
        return 0
    width = max(len(r.name) for r in rules)
    for r in rules:
        sys.stdout.write(f"{r.code}  {r.name.ljust(width)}  {r.severity.label:<7}  {r.summary}\n")
    return 0

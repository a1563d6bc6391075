"""Read a register of audits that 'trfkit check --register FILE' wrote.

QUERY is one of:

  runs      every run: when, which trfkit, the paths, files checked and taken (default)
  errors    the files with errors: as each path was last audited, or in --run N
  history   PATH's audits: its first submission, each resubmission, each re-check,
            and what changed (findings added and removed, by code and count)
  codes     findings and files by code: as last audited, or in --run N
  programs  files by exporting program, as the files name it: as last audited, or in --run N

--format text (default), json or csv. The register is only read, never changed; a file
that is no trfkit register is refused (exit 2).

Exit codes: 0 done, 2 usage error, no such register, or a file that is no register.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from trfkit.commands import common

QUERIES = ("runs", "errors", "history", "codes", "programs")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("register", metavar="FILE", help="the register (an SQLite file)")
    parser.add_argument(
        "query", nargs="?", default="runs", choices=QUERIES, help="what to list (default: runs)"
    )
    parser.add_argument("path", nargs="?", metavar="PATH", help="the file of 'history'")
    parser.add_argument(
        "--run", dest="run_id", type=int, metavar="N", help="errors, codes, programs of run N only"
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "csv"),
        default="text",
        help="output format (default: text)",
    )


def _usage(message: str) -> int:
    common.error("register", message)
    return 2


def run(args: argparse.Namespace) -> int:
    """Print what the query asks of the register."""
    from trfkit.errors import RegisterError
    from trfkit.register import Register

    if args.query == "history" and not args.path:
        return _usage("history needs the PATH of a file, as check recorded it")
    if args.query != "history" and args.path:
        return _usage(f"{args.query} takes no PATH (only history does)")
    if args.run_id is not None and args.query not in ("errors", "codes", "programs"):
        return _usage(f"--run applies to errors, codes and programs, not {args.query}")
    try:
        with Register.open(args.register, create=False) as register:
            if args.run_id is not None and not any(
                r["run"] == args.run_id for r in register.runs()
            ):
                return _usage(f"{args.register}: there is no run {args.run_id}")
            rows = _query(register, args)
    except RegisterError as exc:
        return _usage(str(exc))
    if args.query == "history" and not rows:
        return _usage(f"{args.register}: no audit of {args.path} (paths as check recorded them)")
    sys.stdout.write(_render(args.query, rows, args.format))
    return 0


def _query(register: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    if args.query == "runs":
        return list(register.runs())
    if args.query == "history":
        return list(register.history(args.path))
    query = getattr(register, args.query)
    return list(query(args.run_id))


COLUMNS: dict[str, tuple[str, ...]] = {
    "runs": (
        "run", "started", "finished", "trfkit_version", "files", "checked", "replayed",
        "with_errors", "with_warnings", "strict", "paths", "options_key",
    ),
    "errors": ("path", "run", "errors", "warnings", "codes", "exporter", "sha256"),
    "history": (
        "run", "recorded_at", "event", "sha256", "size", "status", "errors", "warnings",
        "infos", "added", "removed", "trfkit_version", "options_key", "checked_at", "exporter",
        "codes",
    ),
    "codes": ("code", "name", "severity", "findings", "files"),
    "programs": ("program", "files", "with_errors", "with_warnings", "errors", "warnings"),
}  # fmt: skip
"""The columns of each query, in the order text and CSV show them."""


def _cell(value: Any) -> str:
    """A value as one text or CSV cell: lists joined by spaces, counts as ``CODE×N``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return " ".join(f"{k}×{v}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


def _render(query: str, rows: list[dict[str, Any]], form: str) -> str:
    columns = COLUMNS[query]
    if form == "json":
        from trfkit.report.json import dumps_json

        return dumps_json({query: [{c: row.get(c) for c in columns} for row in rows]}) + "\n"
    table = [[_cell(row.get(c)) for c in columns] for row in rows]
    if form == "csv":
        from trfkit.formats.csvform import csv_text, guard_formula

        return csv_text([list(columns), *([guard_formula(v) for v in line] for line in table)])
    from trfkit.untrusted import printable

    if not rows:
        return f"no {query} in the register\n" if query != "errors" else "no file with errors\n"
    short = {i for i, c in enumerate(columns) if c in ("sha256", "options_key")}
    shown = [[printable(v)[:12] if i in short else printable(v) for i, v in enumerate(line)]
             for line in table]  # fmt: skip
    widths = [max(len(c), *(len(line[i]) for line in shown)) for i, c in enumerate(columns)]
    lines = [list(columns), *shown]
    return "".join(
        "  ".join(v.ljust(w) for v, w in zip(line, widths, strict=True)).rstrip() + "\n"
        for line in lines
    )

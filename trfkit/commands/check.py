"""Check TRF files and report every discrepancy with its place in the file.

PATH is a file or a directory (searched for *.trf, *.trfx and TRF-looking *.txt
files; --glob changes that). Text output is one line per finding:

    path:line:col: CODE message

Exit codes: 0 no error, 1 errors (or warnings with --strict), 2 usage error or a
named file that cannot be read. Inside a directory, an unreadable file is an
error of that file (exit 1) and the rest of the batch is still checked.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from trfkit.commands import common

if TYPE_CHECKING:
    from trfkit.audit import FileReport


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument(
        "paths", nargs="+", metavar="PATH", help="files or directories ('-' for stdin)"
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "github"),
        default="text",
        help="output format (default: text)",
    )
    parser.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="CODES",
        help="only these codes, prefixes or names (comma-separated, repeatable)",
    )
    parser.add_argument(
        "--ignore",
        action="append",
        default=[],
        metavar="CODES",
        help="drop these codes, prefixes or names (comma-separated, repeatable)",
    )
    parser.add_argument("--strict", action="store_true", help="warnings fail too (exit 1)")
    parser.add_argument(
        "--show-info", action="store_true", help="also print info diagnostics in text output"
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=0,
        metavar="N",
        help="worker processes for a batch (default: all cores)",
    )
    parser.add_argument(
        "--glob",
        action="append",
        default=None,
        metavar="PATTERN",
        help="file patterns for directories (repeatable; default: *.trf *.trfx *.txt)",
    )
    common.add_reading_options(parser)
    common.add_tiebreak_options(parser)
    parser.add_argument(
        "--standings",
        metavar="FILE",
        help="reported tie-break values to verify (CSV or JSON, one row per start rank)",
    )
    parser.add_argument("--report", metavar="FILE.html", help="also write an HTML report")
    parser.add_argument("--no-progress", action="store_true", help="never show a progress bar")


def _split(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(v.strip() for value in values for v in value.split(",") if v.strip())


def run(args: argparse.Namespace) -> int:
    """Check every path and print the findings."""
    from trfkit import report
    from trfkit.audit import DEFAULT_GLOBS, CheckRequest, check_bytes, check_many, discover
    from trfkit.config import load_settings

    settings = load_settings(args.paths[0] if args.paths[0] != "-" else os.getcwd())
    select = _split(args.select) or settings.select
    ignore = _split(args.ignore) or settings.ignore
    strict = args.strict or settings.strict
    try:
        options = common.check_options(args)
    except common.UsageError as exc:
        sys.stderr.write(f"trfkit check: {exc}\n")
        return report.EXIT_USAGE
    request = CheckRequest(
        options=options,
        select=select,
        ignore=ignore,
        encoding=args.encoding,
        limits=common.limits(args),
    )
    named: dict[str, bool] = {}
    files: list[str] = []
    stdin_report = None
    for path in args.paths:
        if path == "-":
            stdin_report = check_bytes("<stdin>", sys.stdin.buffer.read(), request)
            continue
        if not os.path.lexists(path):
            sys.stderr.write(f"trfkit check: {path}: no such file or directory\n")
            return report.EXIT_USAGE
    globs = tuple(args.glob) if args.glob else DEFAULT_GLOBS
    for path, is_named in discover([p for p in args.paths if p != "-"], globs):
        named[path] = is_named
        files.append(path)
    if not files and stdin_report is None:
        patterns = " ".join(globs)
        sys.stderr.write(
            f"trfkit check: no TRF files found in {', '.join(args.paths)} (looked for {patterns})\n"
        )
        return report.EXIT_USAGE
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    show_progress = (
        args.format == "text" and not args.no_progress and sys.stderr.isatty() and len(files) > 1
    )
    summary = report.Summary()
    results = []
    usage_failure = False
    json_files = []
    reports = check_many(files, request, jobs)
    if stdin_report is not None:
        reports = _chain([stdin_report], reports)
    html_reports = []
    for index, file_report in enumerate(reports, 1):
        shown = [
            d
            for d in file_report.diagnostics
            if d.severity.value > 0 or args.show_info or args.format != "text"
        ]
        if not file_report.readable and named.get(file_report.path, False):
            usage_failure = True
            message = file_report.diagnostics[0].message if file_report.diagnostics else ""
            sys.stderr.write(f"trfkit check: {file_report.path}: {message}\n")
        summary.add(file_report, shown)
        results.append(shown)
        if args.report:
            html_reports.append(file_report)
        if args.format == "json":
            entry = report.file_json(file_report)
            entry["diagnostics"] = [report.diagnostic_json(d) for d in shown]
            json_files.append(entry)
        else:
            formatter = report.format_github if args.format == "github" else report.format_text
            lines = [formatter(d, file_report.path) for d in shown]
            if lines:
                if show_progress:
                    sys.stderr.write("\r\x1b[K")
                sys.stdout.write("\n".join(lines) + "\n")
        if show_progress:
            sys.stderr.write(f"\r[{index}/{len(files)}] {file_report.path[-60:]}")
            sys.stderr.flush()
    if show_progress:
        sys.stderr.write("\r\x1b[K")
    if args.format == "json":
        sys.stdout.write(
            report.dumps_json({"files": json_files, "summary": summary.as_json()}) + "\n"
        )
    elif args.format == "text" and summary.files > 1:
        sys.stdout.write(summary.as_text() + "\n")
    if args.report:
        from trfkit.html import write_report

        write_report(args.report, html_reports, request)
    if usage_failure:
        return report.EXIT_USAGE
    return report.exit_code(results, strict=strict)


def _chain(first: Iterable[FileReport], rest: Iterable[FileReport]) -> Iterator[FileReport]:
    yield from first
    yield from rest

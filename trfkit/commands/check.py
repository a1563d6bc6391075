"""Check TRF files and report every discrepancy with its place in the file.

PATH is a file or a directory (searched for *.trf, *.trfx and TRF-looking *.txt
files; --glob changes that). Text output is one line per finding:

    path:line:col: CODE message

and, for several files, a summary line. --format json prints one document
({"files": [...], "summary": {...}}); --format github prints workflow
annotations; --format junit a JUnit XML test case per file; --format sarif one
SARIF 2.1.0 log for code-scanning dashboards (GitHub code scanning). --report
FILE.html also writes a self-contained HTML report (--report DIR/: a folder,
index.html and a page per file), written as the files are checked.

--select and --ignore take codes (E001), prefixes (E, E0) or names
(url-in-header), comma-separated or repeated. They, --strict and every choice
that decides a result (tie-breaks, edition, readings, round order, ...) can
also be set in [tool.trfkit] of a pyproject.toml or in a trfkit.toml, found in
the first PATH's folder or above, or in a rule profile (--profile FILE); the
command line wins, then the profile, then the settings file. The files applied
are named in the summary (text; JSON: "settings"; HTML: the header). When a
settings file lies inside a checked folder and sets a key in force, check warns
(stderr, JSON "warnings", the HTML header): whoever submitted the folder may
have put it there. --isolated reads no settings file; use it to audit folders
that others can write to.

A symbolic link found in a folder is followed only when it leads to a place inside
that folder: a link out (innocent.trf -> ../private/other.trf, a folder, /) is one
P013 error at the link, and nothing of its target is read; --follow-links follows
them (a tree you trust). A path named on the command line is always followed. Files
are checked as the walk finds them; the walk looks at --max-files files and folders
at most (P014, exit 2). The checks of one file run --check-timeout seconds at most
(in a worker process, killed past it: one S999 for that file, the batch goes on);
what a check writes to file descriptor 1 goes to stderr, never into the output.

Exit codes: 0 no error, 1 errors (or warnings with --strict), 2 usage error, a
named file that cannot be read, or a walk stopped by --max-files. Inside a directory,
an unreadable file is an error of that file (exit 1) and the rest of the batch is still
checked.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO

from trfkit.commands import common
from trfkit.errors import UsageError

if TYPE_CHECKING:
    from trfkit.audit import Discovery, FileReport
    from trfkit.config import Choice, Settings
    from trfkit.diagnostics import Diagnostic
    from trfkit.readers import Reader
    from trfkit.report.junit import JunitWriter
    from trfkit.report.sarif import SarifWriter


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument(
        "paths", nargs="*", metavar="PATH",
        help="files or directories ('-' for stdin; none: the current folder)",
    )  # fmt: skip
    parser.add_argument(
        "--format",
        choices=("text", "json", "github", "junit", "sarif"),
        default="text",
        help="output format (default: text; junit: a JUnit XML test case per file; "
        "sarif: a SARIF 2.1.0 log for code scanning)",
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
        "--exit-zero", action="store_true",
        help="exit 0 even when findings fail the run (a usage error still exits 2)",
    )  # fmt: skip
    parser.add_argument(
        "-q", "--quiet", action="store_true",
        help="print the findings only: no summary, no progress, no warnings about the run",
    )  # fmt: skip
    parser.add_argument(
        "--statistics", action="store_true",
        help="print how many findings each code has, instead of the findings (text)",
    )  # fmt: skip
    parser.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto",
        help="colour the codes by severity in text output: auto (a terminal, unless "
        "NO_COLOR is set), always, never",
    )  # fmt: skip
    parser.add_argument(
        "--isolated",
        action="store_true",
        help="ignore every settings file (trfkit.toml, [tool.trfkit]); "
        "for auditing folders that others can write to",
    )
    parser.add_argument(
        "--show-info",
        action="store_true",
        help="also print info diagnostics in text, github and sarif output",
    )
    parser.add_argument(
        "--show-all",
        action="store_true",
        help="under a root cause (a C code), also print each finding it stands for "
        "(JSON always lists them as \"instances\", SARIF as related locations)",
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
    from trfkit.limits import CHECK_TIMEOUT, MAX_FILES

    parser.add_argument(
        "--follow-links",
        action="store_true",
        help="also follow symbolic links that lead out of a checked folder (a tree you "
        "trust); by default each is reported (P013) and nothing of it is read",
    )
    parser.add_argument(
        "--max-files",
        type=_positive,
        default=MAX_FILES,
        metavar="N",
        help=f"most files and folders a folder walk looks at, of any name, over all the "
        f"folders (default {MAX_FILES:,}); past it discovery stops (P014, exit 2)",
    )
    parser.add_argument(
        "--check-timeout",
        type=_seconds,
        default=CHECK_TIMEOUT,
        metavar="SECONDS",
        help=f"stop the checks of a file that run longer: one S999 for it, and the batch "
        f"goes on (default {CHECK_TIMEOUT:g}; 0: no limit)",
    )
    common.add_reading_options(parser)
    common.add_tiebreak_options(parser)
    common.add_schedule_options(parser)
    parser.add_argument(
        "--standings",
        metavar="FILE",
        help="reported tie-break values to verify (CSV or JSON, one row per start rank)",
    )
    parser.add_argument(
        "--readers",
        type=readers_option,
        default=frozenset(),
        metavar="NAMES",
        help="also report what these programs will refuse (R codes): bbppairings, gacrux "
        "(comma-separated)",
    )
    parser.add_argument(
        "--report",
        metavar="FILE.html|DIR/",
        help="also write an HTML report, as the files are checked: one page, or a folder "
        "(DIR/: index.html and a page per file)",
    )
    parser.add_argument(
        "--register",
        metavar="FILE",
        help="record every file and finding in this SQLite register of audits (made if "
        "missing); files unchanged since an audit with the same trfkit and settings are "
        "taken from it, not checked again ('trfkit register FILE' reads it)",
    )
    parser.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    common.add_profile_option(parser, isolated=False)  # last: it reads the options above


def readers_option(value: str) -> frozenset[Reader]:
    """``--readers``'s value, refused by argparse (a usage error) when it names no known reader."""
    from trfkit.errors import UsageError
    from trfkit.readers import readers_of

    try:
        return readers_of(value)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(value: str) -> int:
    """``--max-files``'s value: a whole number of at least 1 (argparse refuses others)."""
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {value!r}")
    return number


def _seconds(value: str) -> float | None:
    """``--check-timeout``'s value: seconds, 0 (or ``inf``) for no limit; ``None`` then."""
    import math

    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if math.isnan(seconds) or seconds < 0:
        raise argparse.ArgumentTypeError(f"expected seconds (0 for no limit), not {value!r}")
    return seconds if 0 < seconds < math.inf else None


class _Progress:
    """A one-line progress bar on stderr, redrawn in place; silent when not wanted.

    While the files are still being found (discovery streams) the total is not known:
    the count done is shown alone, the bar once *total* (asked at each redraw) knows it.
    """

    WIDTH = 24

    def __init__(self, stream: TextIO, total: Callable[[], int | None], enabled: bool) -> None:
        self.stream = stream
        self.total = total
        self.enabled = enabled
        self.shown = False

    def clear(self) -> None:
        """Erase the bar (before other output, and at the end)."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False

    def update(self, done: int, path: str) -> None:
        """Draw the bar after *done* files."""
        if not self.enabled:
            return
        from trfkit.untrusted import printable

        shown = printable(path)[-50:]  # the bar's own controls only
        total = self.total()
        if total is None:
            self.stream.write(f"\r\x1b[K{done} checked, still finding files {shown}")
        else:
            filled = self.WIDTH * done // max(total, 1)
            bar = "#" * filled + "." * (self.WIDTH - filled)
            self.stream.write(f"\r\x1b[K[{bar}] {done}/{total} {shown}")
        self.stream.flush()
        self.shown = True


def _coloured(choice: str, stream: TextIO) -> bool:
    """``--color``: always, never, or auto: a terminal, unless NO_COLOR is set (no-color.org)."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _usage(message: str) -> int:
    from trfkit.report.text import EXIT_USAGE

    common.error("check", message)
    return EXIT_USAGE


def run(args: argparse.Namespace) -> int:
    """Check every path and print the findings."""
    from trfkit.audit import (
        DEFAULT_GLOBS,
        CheckRequest,
        Discovery,
        check_data,
        check_many,
        read_stdin,
        refused,
    )
    from trfkit.checks import plugin_problems, unknown_patterns
    from trfkit.diagnostics import FATAL_CODES, Severity
    from trfkit.errors import ConfigError
    from trfkit.report import github, text

    if not args.paths:
        args.paths = ["."]  # as ruff and flake8: the current folder
    try:  # the command line, then --profile, then the settings file, then the defaults
        start = args.paths[0] if args.paths[0] != "-" else os.getcwd()
        profile, settings, applied = common.load_settings_layers(args, start)
    except ConfigError as exc:
        return _usage(str(exc))
    select = common.split_codes(args.select) or profile.select or settings.select
    ignore = common.split_codes(args.ignore) or profile.ignore or settings.ignore
    strict = args.strict or profile.strict or settings.strict
    unknown = unknown_patterns(select + ignore)
    if unknown:
        from_file = (profile.path or settings.path) and not (args.select or args.ignore)
        source = profile.path if profile.select or profile.ignore else settings.path
        where = f" (from {source})" if from_file else ""
        return _usage(
            f"unknown code, prefix or name {', '.join(map(repr, unknown))}{where}; "
            "'trfkit rules' lists them"
        )
    if args.jobs < 0:
        return _usage(f"--jobs must be 0 (all cores) or more, not {args.jobs}")
    warnings = _settings_warnings(args, settings, profile, applied)
    warnings += [f"plugin {p.entry_point}: {p.message}" for p in plugin_problems()]
    for warning in [] if args.quiet else warnings:
        sys.stderr.write(f"trfkit check: warning: {warning}\n")
    if args.report:
        from trfkit.report.html import report_problem

        problem = report_problem(args.report)  # before the batch, not after it
        if problem is not None:
            return _usage(f"--report {args.report}: {problem}")
    try:
        options = common.check_options(args)
    except UsageError as exc:
        return _usage(str(exc))
    request = CheckRequest(
        options=options,
        select=select,
        ignore=ignore,
        encoding=args.encoding,
        limits=common.limits(args),
        tables=bool(args.report),
        teams=args.format == "json",  # a team event's entry carries its standings
        timeout=args.check_timeout,
    )
    for path in args.paths:
        if path != "-" and not os.path.lexists(path):
            return _usage(f"{path}: no such file or directory")
    stdin_report = None
    named: set[str] = set()
    if "-" in args.paths:
        data = read_stdin(request.limits)
        if isinstance(data, str):  # over the limit: a usage error, as for a named file
            stdin_report = refused("<stdin>", data, request)
            named.add("<stdin>")
        else:
            stdin_report = check_data("<stdin>", data, request)  # contained as a file is
    globs = tuple(args.glob) if args.glob else DEFAULT_GLOBS
    walk = Discovery(
        [p for p in args.paths if p != "-"],
        globs,
        follow_links=args.follow_links,
        max_files=args.max_files,
    )
    # Files are checked as the walk finds them; the first two are looked for first: is
    # there anything to check, and is it a batch (for the progress bar)?
    found = _found(walk, named)
    ahead = list(itertools.islice(found, 2))
    if not walk.found and stdin_report is None:
        patterns = " ".join(globs)
        return _usage(f"no TRF files found in {', '.join(args.paths)} (looked for {patterns})")
    files = itertools.chain(ahead, found)
    extra = stdin_report is not None

    def known() -> int | None:
        return walk.found + extra if walk.done else None

    total = known()  # None while the walk goes on
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    progress = _Progress(
        sys.stderr,
        known,
        args.format == "text"
        and not args.no_progress
        and not args.quiet
        and sys.stderr.isatty()
        and (total is None or total > 1),
    )
    registered = None
    if args.register:  # a file that is no register is refused here, unchanged (exit 2)
        from trfkit.register import checked

        registered = checked(files, request, jobs, args.register, strict=strict, paths=args.paths)
    html = None
    if args.report:
        from trfkit.report.html import open_report

        try:  # written as the files are checked: a FIFO without a reader is refused now
            named_files = common.applied_files(profile, settings)
            html = open_report(args.report, total, named_files, warnings)
        except OSError as exc:
            return _usage(f"--report {args.report}: {exc.strerror or exc}")
    json_out = None
    if args.format == "json":  # not imported for the other formats (nor json with it)
        from trfkit.report.json import JsonWriter

        json_out = JsonWriter(sys.stdout.write)
    document: JunitWriter | SarifWriter | None = None  # one document, written at the end
    if args.format == "junit":
        from trfkit.report.junit import JunitWriter

        document = JunitWriter(sys.stdout.write, Severity.WARNING if strict else Severity.ERROR)
    elif args.format == "sarif":
        from trfkit.checks import all_rules
        from trfkit.report.sarif import SarifWriter

        rules = {rule.code: rule for rule in all_rules()}
        document = SarifWriter(sys.stdout.write, rules, show_all=args.show_all)
    formatter = github.format_github if args.format == "github" else text.format_text
    if args.format == "text" and _coloured(args.color, sys.stdout):
        formatter = text.format_coloured
    statistics = args.statistics and args.format == "text"
    threshold = Severity.WARNING if strict else Severity.ERROR
    # --show-all: a root cause's instances under it, indented in text (an annotation each on GitHub)
    indent = ("" if args.format == "github" else "    ") if args.show_all else None
    summary = text.Summary(settings=common.applied_files(profile, settings), warnings=warnings)
    failed = usage_failure = False
    reports: Iterable[FileReport] = walk.reports(  # with the links not followed, in place
        registered if registered is not None else check_many(files, request, jobs), request
    )
    if stdin_report is not None:
        reports = _chain([stdin_report], reports)
    for index, file_report in enumerate(reports, 1):
        shown = [
            d
            for d in file_report.diagnostics
            if d.severity > Severity.INFO or args.show_info or json_out is not None
        ]
        if not file_report.readable and file_report.path in named:
            usage_failure = True
            # the reason it was not read, not the encoding note that may come first
            fatal = [d for d in file_report.diagnostics if d.code in FATAL_CODES]
            first = fatal or list(file_report.diagnostics)
            message = first[0].message if first else ""
            progress.clear()
            common.error("check", f"{file_report.path}: {message}")
        summary.add(file_report, shown)
        failed = failed or any(d.severity >= threshold for d in shown)
        if html is not None:
            html.add(file_report)
        if json_out is not None:
            json_out.add_report(file_report, shown)
        elif document is not None:
            document.add(file_report, shown)
        elif shown and not statistics:
            progress.clear()
            sys.stdout.write(
                "".join(_lines(formatter, d, file_report.path, indent) for d in shown)
            )
        progress.update(index, file_report.path)
    progress.clear()
    if document is not None:
        document.close()
    elif json_out is not None:
        summary_json = summary.as_json()
        if registered is not None:
            summary_json["register"] = registered.summary_json()
        json_out.close(summary_json)
    else:
        if statistics:
            sys.stdout.write(text.statistics(summary))
        if (summary.files > 1 or summary.settings) and not args.quiet:
            # Printed for one file too when a settings file applied: it may have silenced codes.
            sys.stdout.write(summary.as_text() + "\n")
    if registered is not None and json_out is None and not args.quiet:
        out = sys.stdout if args.format == "text" else sys.stderr
        out.write(registered.summary + "\n")
    if html is not None:
        try:
            for removed in html.close():  # the summary and index, then put in place
                stale = "a temporary file left by an interrupted run"
                common.error("check", f"removed {removed}, {stale}")
        except OSError as exc:
            return _usage(f"--report {args.report}: {exc.strerror or exc}")
    if usage_failure:
        return text.EXIT_USAGE
    return text.EXIT_DISCREPANCY if failed and not args.exit_zero else text.EXIT_OK


def _lines(
    formatter: Callable[[Diagnostic, str], str], d: Diagnostic, path: str, indent: str | None
) -> str:
    """*d*'s line, and a root cause's instances under it after *indent*.

    *indent* is ``None`` without ``--show-all``: the instances are not shown.
    """
    out = formatter(d, path) + "\n"
    if indent is not None and d.instances:
        out += "".join(indent + formatter(i, path) + "\n" for i in d.instances)
    return out


def _settings_warnings(
    args: argparse.Namespace,
    settings: Settings,
    profile: Settings | None = None,
    applied: Sequence[tuple[Choice, Settings]] = (),
) -> list[str]:
    """A warning when a settings file inside a checked folder decides findings.

    It decides them through select and ignore (which codes run) and through every
    result-deciding key it sets (the tie-break list, the withdrawal rule, ...: *applied*,
    what :func:`~trfkit.commands.common.apply_settings` took from it), each only when
    neither the command line nor ``--profile`` replaced it.
    """
    from trfkit.config import inside

    if settings.path is None:
        return []
    folder = inside(settings.path, [p for p in args.paths if p != "-"])
    # strict only adds failures: it cannot hide a finding
    given = profile or settings.__class__()
    in_force = [
        f"{key} = {', '.join(values)}"
        for key, values, replaced in (
            ("select", settings.select, args.select or given.select),
            ("ignore", settings.ignore, args.ignore or given.ignore),
        )
        if values and not replaced
    ]
    in_force += [
        f"{choice.key} = {_shown(choice.value)}" for choice, layer in applied if layer is settings
    ]
    if folder is None or not in_force:
        return []
    return [
        f"the settings file {settings.path} lies inside the checked folder {folder} and "
        f"changes which codes run or how results are computed ({'; '.join(in_force)}); "
        "whoever can write there can silence the audit: --isolated ignores settings files"
    ]


def _shown(value: object) -> str:
    """A settings value as the warning quotes it, made printable (the file may be hostile)."""
    from trfkit.untrusted import printable

    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return printable(", ".join(value))
    return printable(str(value))


def _found(walk: Discovery, named: set[str]) -> Iterator[str]:
    """The paths *walk* finds, as it finds them.

    A path given, and the folder where the walk stopped at ``--max-files``, go into
    *named*: their failure is a usage error (exit 2).
    """
    for path, is_named in walk:
        if is_named:
            named.add(path)
        yield path
    if walk.stopped_at is not None:
        named.add(walk.stopped_at)


def _chain(first: Iterable[FileReport], rest: Iterable[FileReport]) -> Iterator[FileReport]:
    yield from first
    yield from rest

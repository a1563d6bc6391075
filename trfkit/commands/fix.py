"""Write a corrected TRF file: the derived and cosmetic values, never a game.

trfkit fix FILE lists what it would change (nothing is written); -o OUT writes the
fixed file there ('-': stdout), --in-place replaces FILE (keeping FILE.bak, as
convert --in-place does), --diff prints a unified diff that `patch` applies.

What is fixed, each change answering a finding's code: the points column from the round
results (T001); the rank column from the recomputed standings (T006, T012: the
tie-break list and rule edition are said); tie-break values appended to the player lines
(T008); 152 written W or B (P007); a bye's opponent written 0000 (E019); dates in the
standard form when the file's dates read one way (E013); 142/XXR raised to the rounds
played (E011); the 062 and 072 counts (E008, E009). --select and --ignore choose among
those codes.

Never changed: a result, an opponent or a colour of a game. What needs a judgement
(which side of a game is wrong, a schedule off its Berger table, points that add up a
disputed result, dates that read two ways) is listed as not fixed, for the arbiter. The
fixed file is the original byte for byte outside the changed fields.

A file with reading errors that lose data (P001, P005, P006, P010, P012) is refused, and
so is an output that is the input without --in-place.

Exit codes: 0 nothing left that needs the arbiter (warnings allowed unless --strict) and,
with --diff or without an output, nothing to fix; 1 errors left (or warnings with
--strict), or fixes not yet written; 2 usage error or a refused file.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from trfkit.commands import common

if TYPE_CHECKING:
    from trfkit.fixes import FixReport


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``trfkit fix``."""
    parser.add_argument("file", metavar="FILE", help="the TRF file ('-' for stdin)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "-o", "--output", metavar="OUT",
        help="write the fixed file to OUT ('-': stdout, the list then goes to stderr)",
    )  # fmt: skip
    where.add_argument(
        "--in-place", action="store_true",
        help="replace FILE with the fixed file (FILE.bak keeps the original)",
    )  # fmt: skip
    where.add_argument(
        "--diff", action="store_true",
        help="print a unified diff of the fixes (patch applies it); nothing is written",
    )  # fmt: skip
    parser.add_argument(
        "--select", action="append", default=[], metavar="CODES",
        help="fix only these codes (comma-separated, repeatable; default: every code fix "
        "answers)",
    )  # fmt: skip
    parser.add_argument(
        "--ignore", action="append", default=[], metavar="CODES",
        help="do not fix these codes (comma-separated, repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--format", choices=("text", "json"), default="text",
        help="how the fixes are listed (default: text)",
    )  # fmt: skip
    parser.add_argument("--strict", action="store_true", help="warnings left fail too (exit 1)")
    common.add_reading_options(parser)
    common.add_tiebreak_options(parser)
    common.add_schedule_options(parser)
    common.add_profile_option(parser)  # last: it reads the options above


def run(args: argparse.Namespace) -> int:
    """Fix one file as the options say."""
    from trfkit.audit import read_bytes, read_stdin
    from trfkit.errors import ConfigError, FixError, TrfError, UsageError
    from trfkit.fixes import fix_report
    from trfkit.report import text as report
    from trfkit.trf.reader import parse

    select, ignore = common.split_codes(args.select), common.split_codes(args.ignore)
    try:
        _check_codes([*select, *ignore])
        target = _target(args)
        start = args.file if args.file != "-" else os.getcwd()
        common.load_settings_layers(args, start)
        options = common.check_options(args)
    except (UsageError, ConfigError) as exc:
        common.error("fix", str(exc))
        return report.EXIT_USAGE
    limits = common.limits(args)
    data = read_stdin(limits) if args.file == "-" else read_bytes(args.file, limits)
    shown = "<stdin>" if args.file == "-" else args.file
    if isinstance(data, str):
        common.error("fix", data)
        return report.EXIT_USAGE
    result = parse(data, encoding=args.encoding, limits=limits)
    if result.fatal is not None:
        common.error("fix", f"{shown}: {result.fatal.message}")
        return report.EXIT_USAGE
    try:
        fixed = fix_report(
            result.tournament, select=select or None, ignore=ignore or None, options=options,
            diagnostics=result.diagnostics,
        )  # fmt: skip
    except FixError as exc:
        common.error("fix", f"{shown}: not fixed: {exc}")
        return report.EXIT_USAGE
    except Exception as exc:  # never a traceback: the file is not fixed, and says why
        common.error("fix", f"{shown}: not fixed: trfkit failed: {type(exc).__name__}: {exc}")
        return report.EXIT_USAGE
    from trfkit.trf.writer import dump_bytes, dumps

    try:
        out = dump_bytes(fixed.tournament)
    except TrfError as exc:
        common.error("fix", f"{shown}: the fixed file cannot be written: {exc}")
        return report.EXIT_USAGE
    diff = None
    if args.diff:
        from trfkit.report.diff import unified

        diff = unified(dumps(result.tournament), fixed.text, shown)
    to_stdout = target == "-" or args.diff
    stream = sys.stderr if to_stdout and args.format == "text" else sys.stdout
    try:
        if args.in_place:
            if fixed.fixes:  # an unchanged file is left alone, and gets no .bak
                common.backup_input("fix", args.file, data)
                common.emit("fix", str(target), out)
        elif target is not None:
            common.emit("fix", target, out)  # -o: the output asked for, fixed or not
    except (OSError, TrfError) as exc:
        if target == "-" and isinstance(exc, OSError):
            raise  # standard output's failures are the command line's (a closed pipe is quiet)
        common.error("fix", f"cannot write {target}: {getattr(exc, 'strerror', None) or exc}")
        return report.EXIT_USAGE
    if diff is not None and args.format == "text":
        sys.stdout.buffer.write(diff.encode(fixed.tournament.encoding.codec, "replace"))
        sys.stdout.buffer.flush()
    if args.format == "json":
        from trfkit.report.json import dumps_json

        stream.write(dumps_json(_as_json(shown, target, fixed, diff)) + "\n")
    else:
        stream.write(_as_text(shown, target, fixed, args))
    stream.flush()
    threshold = 1 if args.strict else 2
    failed = any(int(d.severity) >= threshold for d in fixed.not_fixed)
    pending = bool(fixed.fixes) and (args.diff or target is None)  # as ruff --diff: 1
    return report.EXIT_DISCREPANCY if failed or pending else report.EXIT_OK


def _check_codes(codes: list[str]) -> None:
    from trfkit.checks import get as rule
    from trfkit.checks import matches, unknown_patterns, widened
    from trfkit.errors import UsageError
    from trfkit.fixes import FIXABLE

    unknown = unknown_patterns(codes)
    if unknown:
        raise UsageError(f"unknown codes: {', '.join(unknown)} ('trfkit rules' lists them)")
    for code in codes:
        answered = widened([code]) or ()
        if not any(matches(rule(c).code, rule(c).name, answered) for c in FIXABLE):
            raise UsageError(
                f"{code}: fix answers none of these codes; it fixes {', '.join(FIXABLE)}"
            )


def _target(args: argparse.Namespace) -> str | None:
    """Where the fixed file goes (``None``: nowhere); refuses the input as the output."""
    from trfkit.errors import UsageError
    from trfkit.fileio import same_file

    if args.in_place:
        if args.file == "-":
            raise UsageError("--in-place needs a file, not stdin")
        return str(args.file)
    output: str | None = args.output
    if output is None or output == "-":
        return output
    if args.file != "-" and same_file(args.file, output):
        raise UsageError(
            f"{output} is the input file; trfkit never writes over its input (--in-place "
            "replaces it and keeps FILE.bak)"
        )
    problem = common.unwritable(output)
    if problem is not None:
        raise UsageError(f"cannot write {output}: {problem}")
    return str(output)


def _as_text(path: str, target: str | None, fixed: FixReport, args: argparse.Namespace) -> str:
    from trfkit.fixes import fixed_codes
    from trfkit.report.text import format_text
    from trfkit.untrusted import printable

    where = printable(path)
    lines = [f"{where}:{f.line}:{f.column}: {f.code} {printable(f.message)}" for f in fixed.fixes]
    if fixed.standings:
        lines.append(f"{where}: ranks from {printable(fixed.standings)}")
    counts = ", ".join(f"{code} ×{n}" for code, n in fixed_codes(fixed.fixes).items())
    if fixed.fixes:
        done = f"{len(fixed.fixes)} fix{'es' if len(fixed.fixes) > 1 else ''} ({counts})"
    else:
        done = "nothing to fix"
    if not fixed.fixes:
        written = ""
    elif args.diff:
        written = "; the diff is on stdout, nothing was written"
    elif target is None:
        written = "; nothing was written (-o OUT, --in-place or --diff)"
    elif target == "-":
        written = "; the fixed file is on stdout"
    else:
        written = f"; written to {printable(target)}"
    lines.append(f"{where}: {done}{written}")
    if fixed.not_fixed:
        n = len(fixed.not_fixed)
        lines.append(
            f"{where}: {n} finding{'s' if n > 1 else ''} not fixed, "
            f"need{'s' if n == 1 else ''} the arbiter:"
        )
        lines.extend("    " + format_text(d, path) for d in fixed.not_fixed)
    return "".join(line + "\n" for line in lines)


def _as_json(path: str, target: str | None, fixed: FixReport, diff: str | None) -> dict[str, Any]:
    from trfkit.report.json import diagnostic_json

    found: dict[str, Any] = {
        "path": path,
        "output": target,
        "fixes": [
            {
                "code": f.code, "line": f.line, "column": f.column, "field": f.field,
                "old": f.old, "new": f.new, "message": f.message, "players": list(f.players),
            }
            for f in fixed.fixes
        ],
        "standings": fixed.standings or None,
        "not_fixed": [diagnostic_json(d) for d in fixed.not_fixed],
    }  # fmt: skip
    if diff is not None:
        found["diff"] = diff
    return found

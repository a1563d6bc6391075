"""Write a TRF file back, or convert it: TRF16, TRF-2026, JSON or a CSV crosstable.

Without --to the input is written back losslessly: byte for byte as read (a JSON
input is written back as JSON). With --to trf16 or --to trf26 the records are
converted (013 <-> 310, XXR <-> 142, XXC <-> 152, XXS <-> 162, 092 -> 192, TRF06
titles -> GM IM ...); untouched lines keep their bytes unless --canonical asks for
every line in the standard columns. Output encoding: the input's for a plain write
back, else UTF-8 (--output-encoding changes it).

--to csv writes one row per player: every field of record 001, the team, and opponent,
colour and result per round; every other record is listed as dropped. With --teams (a
team event) it writes one row per team instead: reported and recomputed match and game
points and rank, the team tie-breaks, and per round the opponent team, side, result, game
points and match points.

Every adjustment (a field moved, a code rewritten, a value dropped) is listed with
--report-adjustments, always in --format json output, and in the file itself as
### comment lines with --comments. The report goes to stdout, or to stderr when the
converted data does. Several inputs need -o DIR; each output is named after its
input with the extension of the target (.trf, .json, .csv).

A JSON input has the limits of the TRF it stands for (--max-players, --max-rounds,
--max-line-length of each record's TRF line) and may be larger than --max-bytes by
512 bytes per player and 128 per round of them; JSON output is refused (exit 2) when
it would not be read back with the same options. A refusal names the limit and the
value (records[1]: player 1 has 500 rounds, more than the limit of 99 (--max-rounds)).

Outputs are written to a temporary file and renamed, and the command never writes
over one of its inputs. An output that is a FIFO or a character device (/dev/null)
is written to, never replaced; a symbolic link is resolved (--in-place converts the
file it names, keeps the link and puts INPUT.bak beside that file); a block device,
a socket, a link to nothing or a FIFO no process reads is refused. A replaced file
keeps its mode, owner and group, and INPUT.bak gets the original's (a 0600 report
stays 0600); an INPUT.bak that is not a regular file is not replaced.

Exit codes: 0 written, 2 usage error, an input that is unreadable, over a limit or
not TRF at all (P012: no line is a TRF record), or an output that cannot be written
(the other inputs are still converted).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from trfkit.commands import common
from trfkit.errors import ConversionFailed, UsageError
from trfkit.values import Value

if TYPE_CHECKING:
    from trfkit.formats import Adjustment
    from trfkit.limits import Limits

TARGETS = ("trf", "trf16", "trf26", "json", "csv")
"""The ``--to`` choices."""
_EXTENSIONS = {"json": ".json", "csv": ".csv"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument(
        "inputs", nargs="+", metavar="INPUT", help="TRF or JSON files ('-' for stdin)"
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUTPUT",
        default="-",
        help="file or existing directory to write to ('-' for stdout, the default)",
    )
    parser.add_argument(
        "--to",
        choices=TARGETS,
        help="trf: the same TRF version; trf16, trf26: convert; json: the JSON form; "
        "csv: a crosstable (default: write the input back as it is)",
    )
    parser.add_argument(
        "--from",
        dest="source",
        choices=("trf", "json"),
        help="what the input is (default: JSON for *.json or text starting with '{')",
    )
    parser.add_argument(
        "--canonical",
        action="store_true",
        help="write every TRF line in the standard columns (no trailing blanks)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="refuse (exit 2) a conversion whose output, read back, means something else: "
        "another regime, other points, ranks or tie-breaks, or new errors",
    )
    parser.add_argument(
        "--for",
        dest="for_reader",
        choices=("bbppairings", "gacrux"),
        help="TRF output that this program reads: every line in the standard columns, UTF-8; "
        "refused (exit 2, not written) with the lines it would still refuse",
    )
    parser.add_argument(
        "--output-encoding",
        type=common.codec_option,
        metavar="E",
        help="write with this codec (default: the input's for a plain write back, else "
        "UTF-8; UTF-8 with BOM for CSV)",
    )
    parser.add_argument(
        "--newline",
        choices=("lf", "crlf", "cr"),
        help="line endings (default: the input's; LF with --canonical; CRLF for CSV)",
    )
    parser.add_argument(
        "--report-adjustments",
        action="store_true",
        help="list every adjustment the conversion made",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="format of the adjustment report (json always lists the adjustments)",
    )
    parser.add_argument(
        "--comments",
        action="store_true",
        help="also write the adjustment report into the TRF as ### comment lines (TRF-2026 "
        "comments; a TRF16 reader may not know them)",
    )
    parser.add_argument(
        "--keep-unsupported",
        action="store_true",
        help="--to trf16: keep records TRF16 does not define instead of dropping them",
    )
    common.add_round_order_option(
        parser, default="any",
        help_text="--to trf26: the round order of a round robin, tried first when its 192 "
        "code is read from the schedule, and deciding what the schedule cannot show yet "
        "(a double round robin whose rounds do not show whether cycle 1's last two are "
        "swapped, or a 092 text that names one): any (default; FIDE_DOUBLEROUNDROBIN, as FIDE "
        "recommends), fide-swap (the same), table (BERGER_DOUBLEROUNDROBIN), rotate-K "
        "(CUSTOM_ROUNDROBIN)",
    )  # fmt: skip
    common.add_deprecated_round_order(
        parser, "--double-round-robin", {"swapped": "fide-swap", "berger": "table"}
    )
    parser.add_argument(
        "--type-codes",
        choices=("accepted", "all", "none"),
        default="accepted",
        help="--to trf26: the 192 code for a system 092 names: accepted (only codes "
        "bbpPairings and gacrux both read; default), all (any code of the 192 table), none",
    )
    parser.add_argument(
        "--in-place",
        action="store_true",
        help="replace each input with its conversion, keeping the original as INPUT.bak "
        "(both written atomically); without it trfkit never writes over an input",
    )
    parser.add_argument(
        "--delimiter",
        default="comma",
        metavar="D",
        help="--to csv: comma (default), semicolon, tab, locale (the locale's list "
        "separator and decimal mark) or one character",
    )
    parser.add_argument(
        "--teams",
        action="store_true",
        help="--to csv: one row per team of a team event (the team crosstable and "
        "standings) instead of one per player",
    )
    common.add_reading_options(parser)


@attrs.frozen(repr=False)
class _Output(Value):
    """One converted input, and what its output, read back, says differently."""

    data: bytes
    adjustments: tuple[Adjustment, ...]
    source_kind: str
    source_format: str | None
    target: str
    changes: tuple[str, ...] = ()




def run(args: argparse.Namespace) -> int:
    """Convert every input and report what changed."""
    inputs: list[str] = list(args.inputs)
    try:
        _check_usage(args, inputs)
        targets = _targets(args, inputs)
    except UsageError as exc:
        common.error("convert", str(exc))
        return 2
    status = 0
    to_stdout = any(t == "-" for t in targets)
    stream = sys.stderr if to_stdout else sys.stdout
    reports: list[dict[str, Any]] = []
    for path, target in zip(inputs, targets, strict=True):
        try:
            data = _read(path, args)
            out = _convert(path, data, args)
            shown = "<stdin>" if path == "-" else path
            _say_changes(shown, out.changes)
            _refused_by_reader(shown, out, args)
            if out.changes and args.strict:
                raise ConversionFailed(
                    f"{shown}: not written (--strict): the converted report means something "
                    "else, as listed above"
                )
            if args.in_place:
                _backup(path, data)
            _write(target, out.data)
        except ConversionFailed as exc:
            common.error("convert", str(exc))
            status = 2
            continue
        reports.append(_report_json(shown, target, out))
        if args.format == "text":
            _report_text(shown, out.adjustments, args, stream)
    if args.format == "json":
        from trfkit.report.json import dumps_json

        stream.write(dumps_json({"files": reports}) + "\n")
    stream.flush()
    return status


def _check_usage(args: argparse.Namespace, inputs: list[str]) -> None:
    if "-" in inputs and len(inputs) > 1:
        raise UsageError("'-' (stdin) cannot be mixed with other inputs")
    if args.to in ("json", "csv") and args.comments:
        raise UsageError("--comments writes ### lines into TRF output only")
    if args.to == "json" and args.output_encoding:
        from trfkit.formats import codec_name

        if codec_name(args.output_encoding) != "utf-8":
            raise UsageError("JSON is always written in UTF-8")
    if args.to is not None and args.to != "csv" and args.delimiter != "comma":
        raise UsageError("--delimiter applies to --to csv only")
    if args.teams and args.to != "csv":
        raise UsageError("--teams applies to --to csv only")
    if args.for_reader and args.to in ("json", "csv"):
        raise UsageError(f"--for writes TRF for {args.for_reader}; not --to {args.to}")


def _targets(args: argparse.Namespace, inputs: list[str]) -> list[str]:
    """Where each input goes; checks the never-overwrite rule before anything is written."""
    from trfkit.fileio import same_file

    output = args.output
    if args.in_place:
        if "-" in inputs:
            raise UsageError("--in-place needs files, not stdin")
        if output != "-":
            raise UsageError("--in-place and -o exclude each other")
        return list(inputs)
    folder = output != "-" and os.path.isdir(output)
    if len(inputs) > 1 and not folder:
        raise UsageError("several inputs need -o DIR, an existing directory")
    if not folder:
        targets = [output]
    else:
        if "-" in inputs:
            raise UsageError("stdin has no name to give its output in a directory")
        suffix = _EXTENSIONS.get(args.to or "", ".trf")
        if args.to is None and args.source == "json":
            suffix = ".json"
        targets = []
        for path in inputs:
            own = suffix
            if args.to is None and args.source is None and path.lower().endswith(".json"):
                own = ".json"
            targets.append(str(Path(output) / (Path(path).stem + own)))
        seen: dict[str, str] = {}
        for path, target in zip(inputs, targets, strict=True):
            if target in seen:
                raise UsageError(
                    f"{seen[target]} and {path} would both be written to {target}"
                )
            seen[target] = path
    for target in targets:
        if target == "-":
            continue
        problem = common.unwritable(target)  # refused before any input is converted
        if problem is not None:
            raise UsageError(f"cannot write {target}: {problem}")
        for path in inputs:
            if path != "-" and same_file(path, target):
                raise UsageError(
                    f"{target} is the input file; trfkit never writes over its input"
                )
    return targets


def _read(path: str, args: argparse.Namespace) -> bytes:
    """The input's bytes, up to the JSON form's size limit unless it can only be TRF.

    A JSON form is about 11 times the size of its TRF (``Limits.max_json_bytes``); a TRF
    input read that far is still refused by the reader past ``--max-bytes``, with the
    same message.
    """
    from trfkit.audit import read_bytes

    limits = common.limits(args)
    if path == "-":
        return _read_stdin(limits, args)
    if args.source != "trf":
        try:
            size = os.stat(path).st_size
        except OSError:
            size = 0  # read_bytes says why it cannot be read
        too_big = limits.json_too_big(size)
        if too_big is None:
            limits = attrs.evolve(limits, max_bytes=limits.max_json_bytes)
        elif args.source == "json" or path.lower().endswith(".json"):
            raise ConversionFailed(f"{path}: the JSON has {too_big}; it was not read")
        # else over both limits: read_bytes refuses it with the TRF limit's message
    data = read_bytes(path, limits)
    if isinstance(data, str):
        raise ConversionFailed(data)
    return data


def _read_stdin(limits: Limits, args: argparse.Namespace) -> bytes:
    """Stdin up to --max-bytes, or to the JSON form's limit when it is JSON."""
    from trfkit.audit import read_stdin

    data = read_stdin(limits, {"trf": "trf", "json": "json"}.get(args.source, "either"))
    if isinstance(data, str):
        raise ConversionFailed(data)
    return data


def _is_json(path: str, data: bytes, args: argparse.Namespace) -> bool:
    if args.source is not None:
        return bool(args.source == "json")
    if path.lower().endswith(".json"):
        return True
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{"


def _convert(path: str, data: bytes, args: argparse.Namespace) -> _Output:
    """Produce one input's output bytes and adjustments from the bytes read."""
    from trfkit import formats as cv
    from trfkit.errors import JsonFormError, WriteError
    from trfkit.formats.jsonform import loads as json_loads
    from trfkit.model import Encoding
    from trfkit.trf.reader import parse
    from trfkit.trf.writer import dump_bytes

    name = "<stdin>" if path == "-" else path
    diagnostics: tuple[Any, ...] = ()
    if _is_json(path, data, args):
        kind = "json"
        try:
            tournament = json_loads(data, limits=common.limits(args))
        except JsonFormError as exc:
            raise ConversionFailed(f"{name}: {exc}") from None
        if not tournament.has_trf_records:  # the rule of a TRF input (P012), for its JSON form
            raise ConversionFailed(
                f"{name}: records: no record is a TRF record (only comment, blank, ruler or "
                "unknown lines, or none): there is no tournament in it"
            )
        tournament = attrs.evolve(tournament, encoding=Encoding())
    else:
        kind = "trf"
        result = parse(data, encoding=args.encoding, limits=common.limits(args))
        fatal = result.fatal  # unreadable, over a limit, or not TRF at all
        if fatal is not None:
            where = f"{name}:{fatal.line}" if fatal.line is not None else name
            raise ConversionFailed(f"{where}: {fatal.message}")
        tournament, diagnostics = result.tournament, result.diagnostics
    source_format = tournament.file_format.value
    target = args.to or kind
    plain = (
        kind == "trf"
        and target == "trf"
        and not (args.canonical or args.newline or args.comments or args.for_reader)
    )
    try:
        if plain:  # the input's bytes again: it means what it meant
            written = dump_bytes(tournament, encoding=args.output_encoding)
            codec = args.output_encoding or tournament.encoding.codec
            found = cv.encoding_adjustments(
                tournament.encoding, codec, bom=tournament.encoding.bom and _is_utf8(codec)
            )
            return _Output(written, tuple(found), kind, source_format, target)
        if target == "csv":
            return _to_csv(tournament, args, kind, source_format)
        if target == "json":
            out = _to_json(tournament, args, kind, source_format)
        else:
            out = _to_trf(tournament, args, kind, source_format, target, diagnostics)
    except (WriteError, ConversionFailed) as exc:
        raise ConversionFailed(f"{name}: {exc}") from None
    return attrs.evolve(out, changes=_changes(tournament, diagnostics, out, args))


def _changes(
    tournament: Any, diagnostics: tuple[Any, ...], out: _Output, args: argparse.Namespace
) -> tuple[str, ...]:
    """What *out*, read back, says differently from *tournament* (:mod:`trfkit.meaning`)."""
    from trfkit.formats.jsonform import loads as json_loads
    from trfkit.meaning import changes, meaning_of
    from trfkit.trf.reader import parse

    read: tuple[Any, ...] = ()
    if out.target == "json":
        converted = json_loads(out.data, limits=common.limits(args))
    else:
        result = parse(out.data, limits=common.limits(args))
        if result.fatal is not None:
            return (f"it cannot be read back: {result.fatal.message}",)
        converted, read = result.tournament, result.diagnostics
    before = meaning_of(tournament, diagnostics)
    after = meaning_of(converted, read, like=before)
    return tuple(c.message for c in changes(before, after))


def _refused_by_reader(shown: str, out: _Output, args: argparse.Namespace) -> None:
    """Raise :class:`ConversionFailed` when the reader ``--for`` names would refuse *out*."""
    if not args.for_reader:
        return
    from trfkit.readers import Reader
    from trfkit.trf import foreign
    from trfkit.trf.reader import parse
    from trfkit.untrusted import printable

    reader = Reader(args.for_reader)
    result = parse(out.data, limits=common.limits(args))
    if result.fatal is not None:
        return  # _changes already says it cannot be read back
    found = foreign.refusals(result.tournament, reader)
    if not found:
        return
    for finding in found:
        where = f" (converted line {finding.line})" if finding.line is not None else ""
        sys.stderr.write(
            f"trfkit convert: {printable(shown)}{where}: {printable(finding.message)}\n"
        )
    raise ConversionFailed(
        f"{shown}: not written (--for {args.for_reader}): {reader.label} would refuse the "
        f"converted file, for the {len(found)} reason{'s' if len(found) > 1 else ''} above"
    )


def _is_utf8(codec: str) -> bool:
    from trfkit.formats import codec_name

    return codec_name(codec) == "utf-8"


def _newline(args: argparse.Namespace, default: str | None) -> str | None:
    from trfkit.formats.render import NEWLINES

    return NEWLINES[args.newline] if args.newline else default


def _to_trf(
    tournament: Any,
    args: argparse.Namespace,
    kind: str,
    source_format: str,
    target: str,
    diagnostics: tuple[Any, ...],
) -> _Output:
    from trfkit import formats as cv
    from trfkit.trf.writer import encode

    options = cv.ConvertOptions(
        keep_unsupported=args.keep_unsupported,
        round_order=args.round_order,
        type_codes=args.type_codes,
        reader=args.for_reader,
    )
    version = {"trf16": "trf16", "trf26": "trf26"}.get(target)
    conversion = cv.convert(tournament, version, options=options)
    # a program's reader takes the standard columns (w and b, 0000), not every spelling
    canonical = args.canonical or kind == "json" or bool(args.for_reader)
    repair = cv.lines_to_repair(diagnostics) if version else frozenset()
    rendered = cv.render_trf(
        conversion,
        canonical=canonical,
        newline=_newline(args, None),
        comments=args.comments,
        repair=repair,
    )
    rewrites = canonical or version is not None or args.comments
    codec = args.output_encoding or ("utf-8" if rewrites else tournament.encoding.codec)
    bom = tournament.encoding.bom and not rewrites and _is_utf8(codec)
    data = encode(("\ufeff" if bom else "") + rendered.text, codec)
    found = [*rendered.adjustments, *cv.encoding_adjustments(tournament.encoding, codec, bom=bom)]
    return _Output(data, tuple(found), kind, source_format, target)


def _to_json(tournament: Any, args: argparse.Namespace, kind: str, source_format: str) -> _Output:
    from trfkit import formats as cv
    from trfkit.formats.jsonform import dumps

    text = dumps(tournament, limits=common.limits(args))  # refuses what would not read back
    newline = _newline(args, "\n")
    if newline and newline != "\n":
        text = text.replace("\n", newline)
    found = cv.value_adjustments(tournament, "the JSON form") if kind == "trf" else []
    found.extend(cv.encoding_adjustments(tournament.encoding, "utf-8", bom=False))
    return _Output(text.encode("utf-8"), tuple(found), kind, source_format, "json")


def _to_csv(tournament: Any, args: argparse.Namespace, kind: str, source_format: str) -> _Output:
    from trfkit.formats import csvform

    delimiter = args.delimiter
    if delimiter == "locale":
        options = csvform.locale_options()
    else:
        try:
            options = csvform.CsvOptions(delimiter=csvform.DELIMITERS.get(delimiter, delimiter))
        except ValueError as exc:
            raise ConversionFailed(f"--delimiter: {exc}") from None
    codec = args.output_encoding or "utf-8-sig"
    newline = _newline(args, "\r\n") or "\r\n"
    data = csvform.dump_bytes(
        tournament, options, encoding=codec, newline=newline, teams=args.teams
    )
    # every record the CSV has no column for is listed, one adjustment each
    adjust = csvform.team_adjustments if args.teams else csvform.adjustments
    found = adjust(tournament, options)
    return _Output(data, found, kind, source_format, "csv")


def _backup(path: str, data: bytes) -> None:
    """Keep the input as ``.bak`` before ``--in-place`` replaces it (``common.backup_input``)."""
    from trfkit.errors import WriteError

    try:
        common.backup_input("convert", path, data)
    except WriteError as exc:
        raise ConversionFailed(str(exc)) from None


def _write(target: str, data: bytes) -> None:
    try:
        common.emit("convert", target, data)
    except OSError as exc:
        if target == "-":
            raise  # standard output's failures are the command line's (a closed pipe is quiet)
        raise ConversionFailed(f"cannot write {target}: {exc.strerror or exc}") from None


def _report_json(path: str, target: str, out: _Output) -> dict[str, Any]:
    from trfkit.formats import summary

    return {
        "input": path,
        "output": target,
        "from": out.source_kind,
        "source_format": out.source_format,
        "to": out.target,
        "summary": summary(out.adjustments),
        "adjustments": [a.as_json() for a in out.adjustments],
        "changes": list(out.changes),
    }


def _say_changes(path: str, changes: tuple[str, ...]) -> None:
    """On stderr: what the converted report, read back, says differently (one line each)."""
    from trfkit.untrusted import printable

    for change in changes:
        sys.stderr.write(printable(f"trfkit convert: {path}: converted, {change}") + "\n")
    sys.stderr.flush()


def _report_text(
    path: str, adjustments: tuple[Adjustment, ...], args: argparse.Namespace, stream: Any
) -> None:
    from trfkit.formats import Action, summary
    from trfkit.untrusted import printable

    if args.report_adjustments:
        for a in adjustments:
            where = f"{path}:{a.line}" if a.line is not None else path
            stream.write(printable(f"{where}: {a.message}") + "\n")
        counts = summary(adjustments)
        listed = ", ".join(f"{n} {action}" for action, n in counts.items()) or "none"
        stream.write(printable(f"{path}: {len(adjustments)} adjustments ({listed})") + "\n")
        return
    dropped = sum(1 for a in adjustments if a.action is Action.DROPPED)
    if dropped:
        noun = "adjustment drops" if dropped == 1 else "adjustments drop"
        common.error(
            "convert", f"{path}: {dropped} {noun} information; --report-adjustments lists them"
        )

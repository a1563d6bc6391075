r"""The public API: reading and writing in the style of :mod:`json`, checking and computing.

>>> import trfkit
>>> result = trfkit.parse("012 Club Open\n001    1 m    Doe, Jane\n")
>>> result.tournament.players[0].name
'Doe, Jane'
>>> trfkit.dumps(result.tournament)
'012 Club Open\n001    1 m    Doe, Jane\n'
"""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, ParamSpec, TypeVar

import attrs

from trfkit import TYPE_CHECKING
from trfkit.diagnostics import Diagnostic, parse_rule
from trfkit.errors import (
    ArgumentTypeError,
    CodecError,
    DecodeError,
    ResourceError,
    UsageError,
    WriteError,
)
from trfkit.limits import Limits
from trfkit.model import FileFormat, Record, Tournament
from trfkit.trf import reader, writer
from trfkit.trf.decode import check_characters
from trfkit.trf.reader import ParseResult

if TYPE_CHECKING:
    from trfkit.checks import CheckOptions
    from trfkit.compute.standings import Standings
    from trfkit.compute.tiebreaks import TieBreakOptions
    from trfkit.fixes import Fix
    from trfkit.formats import Adjustment, ConvertOptions

__all__ = [
    "ParseResult", "check", "convert", "dump", "dump_bytes", "dumps", "fix", "load", "loads",
    "parse", "standings",
]  # fmt: skip

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _guarded(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """*function*, raising a :class:`~trfkit.errors.TrfError` where Python's own errors would.

    The API's promise: a caller that catches ``TrfError`` catches every failure of trfkit.
    Memory and recursion running out become :class:`~trfkit.errors.ResourceError`; a codec
    failing in a way the readers and writers did not foresee, :class:`CodecError`.
    """

    @functools.wraps(function)
    def guarded(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return function(*args, **kwargs)
        except MemoryError:
            # "from None": the traceback of the failed allocation holds what filled memory
            raise ResourceError("the input needs more memory than the process may use") from None
        except RecursionError:
            raise ResourceError(
                "the input nests deeper than the interpreter's recursion limit"
            ) from None
        except UnicodeError as exc:
            raise CodecError(f"a codec failed: {exc}") from None
        except LookupError as exc:
            if type(exc) is not LookupError:  # KeyError and IndexError are bugs, not input
                raise
            raise CodecError(str(exc)) from None

    return guarded


# --- the door: every argument's type checked before any work (isinstance only) -------------

_DATA = "str or bytes (a TRF file's text or bytes)"
_NEWLINES = ("\n", "\r\n", "\r")


def _data(function: str, data: object, argument: str = "data") -> str | bytes:
    if isinstance(data, (str, bytes)):
        return data
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    raise ArgumentTypeError.naming(function, argument, _DATA, data)


def _reading(function: str, encoding: object, strict: object, limits: object) -> None:
    _codec(function, encoding)
    _flag(function, "strict", strict)
    if limits is not None and not isinstance(limits, Limits):
        raise ArgumentTypeError.naming(function, "limits", "a trfkit.limits.Limits or None", limits)


def _codec(function: str, encoding: object) -> None:
    if encoding is not None and not isinstance(encoding, str):
        raise ArgumentTypeError.naming(
            function, "encoding", "a codec name (str, 'cp1252') or None", encoding
        )


def _flag(function: str, argument: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ArgumentTypeError.naming(function, argument, "True or False", value)


def _tournament(function: str, tournament: object) -> Tournament:
    if isinstance(tournament, Tournament):
        return tournament
    expected = "a trfkit.Tournament"
    if isinstance(tournament, ParseResult):
        expected += " (a ParseResult's .tournament)"
    elif isinstance(tournament, (str, bytes)):
        expected += " (trfkit.loads reads one from text)"
    raise ArgumentTypeError.naming(function, "tournament", expected, tournament)


def _writing(function: str, canonical: object, newline: object) -> None:
    _flag(function, "canonical", canonical)
    if not isinstance(newline, str):
        raise ArgumentTypeError.naming(function, "newline", "'\\n', '\\r\\n' or '\\r'", newline)
    if newline not in _NEWLINES:
        raise WriteError(f"{function}(): newline must be '\\n', '\\r\\n' or '\\r', not {newline!r}")


def _stream(function: str, fp: object, method: str) -> None:
    """*fp* is a binary file object with *method* (``read``, ``write``), not a path."""
    opened = f"open(path, '{'rb' if method == 'read' else 'wb'}')"
    if isinstance(fp, (str, bytes, os.PathLike)):
        given = ArgumentTypeError.given(fp)
        raise ArgumentTypeError(
            f"{function}(): fp must be a binary file object, not {given}: {function} takes "
            f"no path; pass {opened}"
        )
    if not callable(getattr(fp, method, None)):
        expected = f"a binary file object with {method}() ({opened})"
        raise ArgumentTypeError.naming(function, "fp", expected, fp)
    if method == "write" and isinstance(fp, io.TextIOBase):
        expected = f"a binary file object ({opened}), not a text stream"
        raise ArgumentTypeError.naming(function, "fp", expected, fp)


@_guarded
def parse(
    data: str | bytes,
    *,
    encoding: str | None = None,
    strict: bool = False,
    limits: Limits | None = None,
) -> ParseResult:
    """Read a TRF file's text or bytes leniently.

    Every problem becomes a diagnostic and reading goes on; nothing raises
    except in *strict* mode, where one :class:`~trfkit.errors.TrfSyntaxError`
    carries every warning and error. Input in which no line is a TRF record
    (empty, a README, random bytes) is one ``P012`` error, not a ``P003`` per line.

    Args:
        data: The file's bytes (the encoding is detected) or text.
        encoding: Force this codec for bytes instead of detecting it.
        strict: Raise when any diagnostic is a warning or an error.
        limits: Size limits (the defaults of :class:`~trfkit.limits.Limits` when omitted).

    Raises:
        ArgumentTypeError: An argument of the wrong type (a :class:`TypeError` and a
            :class:`~trfkit.errors.TrfError`), before anything is read.
    """
    _reading("parse", encoding, strict, limits)
    return reader.parse(_data("parse", data), encoding=encoding, strict=strict, limits=limits)


@_guarded
def loads(
    data: str | bytes,
    *,
    encoding: str | None = None,
    strict: bool = False,
    limits: Limits | None = None,
) -> Tournament:
    """The tournament in *data*, a TRF file's text or bytes; see :func:`parse` for the options.

    Raises:
        ArgumentTypeError: An argument of the wrong type (a :class:`TypeError` and a
            :class:`~trfkit.errors.TrfError`), before anything is read.
    """
    _reading("loads", encoding, strict, limits)
    return reader.loads(_data("loads", data), encoding=encoding, strict=strict, limits=limits)


@_guarded
def load(
    fp: IO[bytes],
    *,
    encoding: str | None = None,
    strict: bool = False,
    limits: Limits | None = None,
) -> Tournament:
    """The tournament read from a binary file object; see :func:`parse` for the options.

    At most ``limits.max_bytes`` and one byte more are read (64 MiB by default): a longer
    stream, or one without an end (``/dev/zero``), is refused unread with
    :class:`~trfkit.errors.LimitExceeded` (a :class:`~trfkit.errors.ResourceError`),
    which names the limit. A path is no file object: ``load(open(path, "rb"))``.

    Raises:
        ArgumentTypeError: An argument of the wrong type (a :class:`TypeError` and a
            :class:`~trfkit.errors.TrfError`), before anything is read.
    """
    _stream("load", fp, "read")
    _reading("load", encoding, strict, limits)
    return reader.load(fp, encoding=encoding, strict=strict, limits=limits)


@_guarded
def dumps(tournament: Tournament, *, canonical: bool = False, newline: str = "\n") -> str:
    r"""The tournament as text: lossless by default, standard columns with *canonical*.

    *newline* (``"\n"``, ``"\r\n"`` or ``"\r"``) ends every line of the canonical text.

    Raises:
        ArgumentTypeError: An argument of the wrong type (a :class:`TypeError` and a
            :class:`~trfkit.errors.TrfError`).
        WriteError: A *newline* that is no line ending, or a value that cannot be written.
    """
    _writing("dumps", canonical, newline)
    return writer.dumps(_tournament("dumps", tournament), canonical=canonical, newline=newline)


@_guarded
def dump_bytes(
    tournament: Tournament,
    *,
    canonical: bool = False,
    encoding: str | None = None,
    newline: str = "\n",
) -> bytes:
    """The tournament as bytes, in its own encoding unless *encoding* is given.

    Raises:
        ArgumentTypeError: An argument of the wrong type (a :class:`TypeError` and a
            :class:`~trfkit.errors.TrfError`).
        WriteError: A character the encoding cannot write, or a *newline* that is no
            line ending.
    """
    _writing("dump_bytes", canonical, newline)
    _codec("dump_bytes", encoding)
    return writer.dump_bytes(
        _tournament("dump_bytes", tournament),
        canonical=canonical,
        encoding=encoding,
        newline=newline,
    )


@_guarded
def dump(
    tournament: Tournament,
    fp: IO[bytes],
    *,
    canonical: bool = False,
    encoding: str | None = None,
    newline: str = "\n",
) -> None:
    """Write the tournament to a binary file object; options as :func:`dump_bytes`.

    Raises:
        ArgumentTypeError: An argument of the wrong type (a path or a text stream for
            *fp*: open a file with ``open(path, "wb")``).
        WriteError: As :func:`dump_bytes`.
    """
    _tournament("dump", tournament)
    _stream("dump", fp, "write")
    fp.write(dump_bytes(tournament, canonical=canonical, encoding=encoding, newline=newline))


@_guarded
def check(
    source: str | bytes | os.PathLike[str],
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    options: CheckOptions | None = None,
    encoding: str | None = None,
) -> list[Diagnostic]:
    r"""Read and check a TRF file in-process, as ``trfkit check`` does.

    >>> import trfkit
    >>> [d.code for d in trfkit.check("012 A\n001    1\n001    1\n", select=["S001"])]
    ['S001']

    Args:
        source: A path (:class:`os.PathLike`, or a one-line string naming an
            existing file or ending in ``.trf``, ``.trfx`` or ``.txt``), the
            file's bytes, or its text.
        select: Codes, prefixes or names to keep (all when omitted): a list, or one
            string of them separated by commas (``"B,T"``, as ``--select``).
        ignore: Codes, prefixes or names to drop (as *select*).
        options: Settings for the checks.
        encoding: Force a codec instead of detecting it.

    Returns:
        The reader's and the checks' diagnostics, sorted by position. A file
        that cannot be read is a ``P001`` diagnostic, never an exception, and
        a check that fails is an ``S999`` diagnostic.

    Raises:
        ArgumentTypeError: An argument of the wrong type (a :class:`TypeError` and a
            :class:`~trfkit.errors.TrfError`), before anything is read.
    """
    # the checks are imported when first asked for: reading and writing do not need them
    from trfkit.audit import CheckRequest, check_bytes, check_file
    from trfkit.checks import INTERNAL, CheckOptions, selected

    if not isinstance(source, (str, bytes, bytearray, memoryview, os.PathLike)):
        raise ArgumentTypeError.naming(
            "check", "source", "a path (str or os.PathLike), or a TRF file's bytes or text", source
        )
    if options is not None and not isinstance(options, CheckOptions):
        expected = "a trfkit.checks.CheckOptions or None"
        if type(options).__name__ == "TieBreakOptions":
            expected += " (tie-break options go in CheckOptions(tiebreak=...))"
        raise ArgumentTypeError.naming("check", "options", expected, options)
    _codec("check", encoding)
    request = CheckRequest(
        options=options or CheckOptions(),
        select=_codes("check", "select", select),
        ignore=_codes("check", "ignore", ignore),
        encoding=encoding,
    )
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _names_a_file(source)):
        return list(check_file(os.fspath(source), request).diagnostics)
    if isinstance(source, str):
        try:  # before encoding: a lone surrogate cannot be encoded, and is no character
            check_characters(source)
        except DecodeError as exc:
            unreadable = parse_rule("P001").diagnostic(str(exc))
            ignored = request.ignore and not selected(unreadable, None, request.ignore)
            return [] if ignored else [unreadable]
    data = source.encode("utf-8") if isinstance(source, str) else bytes(source)
    try:
        return list(check_bytes("<text>", data, request).diagnostics)
    except Exception as exc:  # the API reports, it does not raise
        message = f"trfkit failed on this input: {type(exc).__name__}: {exc}"
        return [INTERNAL.rule.diagnostic(message)]


@_guarded
def fix(
    tournament: Tournament,
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    options: CheckOptions | None = None,
) -> tuple[Tournament, list[Fix]]:
    r"""The tournament with its derived and cosmetic values fixed, and each fix.

    What ``trfkit fix`` does (:mod:`trfkit.fixes` lists every code it answers): the points
    column from the results, the ranks from the recomputed standings, appended tie-break
    values, 152 ``W``/``B``, ``0000`` byes, dates in the standard form, the 142/XXR,
    062 and 072 counts. A result, an opponent or a colour is never changed; the fixed
    tournament's text (:func:`dumps`) is the original's outside the changed fields.

    >>> import trfkit
    >>> t = trfkit.loads("012 A\n062 5\n001    1 m    Doe, Jane\n")
    >>> fixed, fixes = trfkit.fix(t)
    >>> [(f.code, f.old, f.new) for f in fixes]
    [('E008', '5', '1')]
    >>> trfkit.dumps(fixed)
    '012 A\n062 1\n001    1 m    Doe, Jane\n'

    Args:
        tournament: The report (:func:`loads`, :func:`load`, or built in code).
        select: The codes to fix (all that ``fix`` answers when omitted), as for :func:`check`.
        ignore: The codes not to fix.
        options: Settings for the checks (the tie-break list and rules the ranks follow).

    Returns:
        The fixed tournament and the fixes (:class:`trfkit.fixes.Fix`: code, line, column,
        field, old and new value, message), in line order.

    Raises:
        ArgumentTypeError: An argument of the wrong type.
        FixError: A tournament whose text has reading errors that lose data (P005, P006),
            or no player.
    """
    from trfkit.checks import CheckOptions
    from trfkit.fixes import fix_report

    tournament = _tournament("fix", tournament)
    if options is not None and not isinstance(options, CheckOptions):
        raise ArgumentTypeError.naming(
            "fix", "options", "a trfkit.checks.CheckOptions or None", options
        )
    report = fix_report(
        tournament,
        select=_codes("fix", "select", select) or None,
        ignore=_codes("fix", "ignore", ignore) or None,
        options=options,
    )
    return report.tournament, list(report.fixes)


@_guarded
def standings(
    tournament: Tournament,
    tiebreaks: Sequence[str] | str | None = None,
    *,
    options: TieBreakOptions | None = None,
) -> Standings:
    r"""The recomputed standings of *tournament*, as ``trfkit standings`` prints them.

    >>> import trfkit
    >>> ann = "001    1      Ann" + " " * 64 + "1.0    1     2 w 1"
    >>> bob = "001    2      Bob" + " " * 64 + "0.0    2     1 b 0"
    >>> t = trfkit.loads(f"012 A\n{ann}\n{bob}\n")
    >>> [(row.rank, row.start_rank, str(row.values[0])) for row in trfkit.standings(t).rows]
    [(1, 1, '1'), (2, 2, '0')]

    Args:
        tournament: The report (:func:`loads`, :func:`load`, or built in code).
        tiebreaks: The tie-break list (``["SB", "KS"]`` or ``"SB,KS"``, as ``--tiebreaks``);
            the report's 212/202, else the default for its regime, when omitted.
        options: Every other tie-break choice (:class:`~trfkit.compute.tiebreaks.TieBreakOptions`:
            the rule edition, the uncertain readings); its list is replaced by *tiebreaks*.

    Returns:
        :class:`~trfkit.compute.standings.Standings`: the rows in rank order with exact
        values, the list, the rule edition and the regime applied, and why.

    Raises:
        ArgumentTypeError: An argument of the wrong type.
        TieBreakError: A code of *tiebreaks* that is no tie-break.
    """
    from trfkit.compute.standings import compute_standings
    from trfkit.compute.tiebreaks import TieBreakOptions

    tournament = _tournament("standings", tournament)
    if options is not None and not isinstance(options, TieBreakOptions):
        raise ArgumentTypeError.naming(
            "standings", "options", "a trfkit.compute.tiebreaks.TieBreakOptions or None", options
        )
    codes = _codes("standings", "tiebreaks", tiebreaks)
    options = options or TieBreakOptions()
    if codes:
        options = attrs.evolve(options, tiebreaks=codes)
    return compute_standings(tournament, options)


@_guarded
def convert(
    tournament: Tournament,
    target: FileFormat | str,
    *,
    options: ConvertOptions | None = None,
) -> tuple[Tournament, list[Adjustment]]:
    r"""The tournament in another version of the format, and everything that changed.

    What ``trfkit convert --to trf26`` (or ``trf16``) writes, as a model: TRF16 ↔ TRF-2026
    (:mod:`trfkit.formats.versions` lists the records each way). Write the result with
    :func:`dumps`, :func:`dump_bytes` or :func:`dump`: the lines the conversion did not
    touch are the input's, and the bytes are UTF-8 without a byte-order mark, as the
    command writes them. A line the reader warned about when reading that text (a field
    standing off its columns, a result ``*``) is written in the standard columns, as the
    command writes it. A tournament edited since it was read (or built in code) is
    converted as its text (:func:`dumps`) reads, and the adjustments name that text's
    lines: each is the conversion's, never an edit's.

    >>> import trfkit
    >>> t = trfkit.loads("012 Open\nXXR 5\n001    1 m    Doe, Jane\n")
    >>> converted, changes = trfkit.convert(t, "trf26")
    >>> trfkit.dumps(converted)
    '012 Open\n142 5\n001    1 m    Doe, Jane\n'
    >>> [(a.line, str(a.action), a.before, a.after) for a in changes]
    [(2, 'rewritten', 'XXR 5', '142 5')]

    Args:
        tournament: The report (:func:`loads`, :func:`load`, or built in code).
        target: ``"trf16"``, ``"trf26"`` or a :class:`~trfkit.model.FileFormat`.
        options: Conversion choices (:class:`trfkit.formats.ConvertOptions`: records
            TRF16 has no place for kept, the 192 codes written, the round order, the
            program the output is for).

    Returns:
        The converted tournament, and every adjustment (:class:`trfkit.formats.Adjustment`:
        ``action``, ``line``, ``record``, ``field``, ``before``, ``after``, ``why`` and
        ``message``), those of the whole file (the encoding, the line endings) first, then
        in line order: what was rewritten, moved or added, merged with a duplicate, kept
        although the target does not define it, and dropped (``action``
        :attr:`~trfkit.formats.Action.DROPPED`: what the target version cannot hold).

    Raises:
        ArgumentTypeError: An argument of the wrong type.
        UsageError: A *target* that is no version of the format.
        ConversionFailed: A record to be rewritten whose line holds text no field took
            (writing it anew would cut that text).
        WriteError: An edited value that cannot be written (wider than its columns).
    """
    from trfkit import formats as cv

    tournament = _tournament("convert", tournament)
    version = _version(target)
    if options is not None and not isinstance(options, cv.ConvertOptions):
        raise ArgumentTypeError.naming(
            "convert", "options", "a trfkit.formats.ConvertOptions or None", options
        )
    original = tournament.encoding
    # the text read again, as the command reads the file: its warnings name the lines the
    # command writes anew; an edited tournament (or one built in code) is converted as
    # that text reads, so every adjustment is the conversion's and names a line of it
    read = reader.parse(writer.dumps(tournament))
    if not all(r.source is not None and writer.unchanged(r) for r in tournament.records):
        tournament = read.tournament
    conversion = cv.convert(tournament, version, options=options)
    # the text's own adjustments (a field re-aligned), as the command lists them; and the
    # refusal of a line whose stray text the rewriting would cut
    # a text over the default limits (read with larger ones) names no line to repair
    repair = cv.lines_to_repair(read.diagnostics) if read.fatal is None else frozenset()
    rendered = cv.render_trf(conversion, repair=repair)
    encoding = attrs.evolve(original, codec="utf-8", bom=False)
    found = [
        *rendered.adjustments,
        *cv.encoding_adjustments(original, encoding.codec, bom=False),
    ]
    found.sort(key=lambda a: a.line or 0)  # the file's own (encoding, line endings) first
    records = tuple(_rewritten(r, repair) for r in conversion.tournament.records)
    return attrs.evolve(conversion.tournament, records=records, encoding=encoding), found


def _rewritten(record: Record, repair: frozenset[int]) -> Record:
    """*record*, marked to be written in the standard columns when its line is in *repair*.

    A source without what its line was read as makes :func:`dumps` render the record, as
    the command writes a line the reader had to repair; a line with text no field took
    is kept as written.
    """
    source = record.source
    if source is None or source.line not in repair or source.unplaced:
        return record
    return attrs.evolve(record, source=attrs.evolve(source, as_read=None))


def _version(target: object) -> FileFormat:
    """*target* of :func:`convert`: a :class:`FileFormat`, its value or its name, any case."""
    if isinstance(target, FileFormat):
        return target
    if not isinstance(target, str):
        expected = "'trf16', 'trf26' or a trfkit.model.FileFormat"
        raise ArgumentTypeError.naming("convert", "target", expected, target)
    for version in FileFormat:
        if target.strip().casefold() in (version.value, str(version).casefold()):
            return version
    raise UsageError(f"convert(): target must be 'trf16' or 'trf26', not {target!r}")


def _codes(function: str, argument: str, codes: object) -> tuple[str, ...]:
    """*select* or *ignore*: ``None``, codes in a list, or one string (``"B,T"``, as the CLI)."""
    if codes is None:
        return ()
    expected = "codes, prefixes or names in a list (['S001', 'B']), a string or None"
    if isinstance(codes, str):
        return tuple(c.strip() for c in codes.split(",") if c.strip())
    if isinstance(codes, (bytes, bytearray)) or not isinstance(codes, Iterable):
        raise ArgumentTypeError.naming(function, argument, expected, codes)
    found = tuple(codes)
    for index, code in enumerate(found):
        if not isinstance(code, str):
            raise ArgumentTypeError.naming(function, f"{argument}[{index}]", "a str", code)
    return found


TRF_SUFFIXES = (".trf", ".trfx", ".txt")


def _names_a_file(text: str) -> bool:
    """A one-line string naming an existing file, or a missing one with a TRF suffix.

    TRF text always has a line break, so a one-line string is a path when such a
    file exists, or when it ends like a TRF file name (then its absence is a
    ``P001`` diagnostic rather than a parse of the name as TRF).
    """
    if "\n" in text or "\r" in text or len(text) > 4096:
        return False
    if text.strip().lower().endswith(TRF_SUFFIXES):
        return True
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False

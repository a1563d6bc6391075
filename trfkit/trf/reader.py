"""Lines to records: the line lexer and the Lark parser with the transformer inside.

:mod:`trfkit.trf.decode` turns bytes into lines; here the Lark LALR parser reads
them, one token per line (:class:`LineLexer`, driven by the terminal patterns of
``grammars/trf.lark``), and calls :mod:`trfkit.trf.transformer` as it reduces
each record's rule, so no tree is built. The parser's tables are made when the wheel is
built (:data:`TABLES`), not in every process.
"""

from __future__ import annotations

import functools
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import attrs

from trfkit import columns as C
from trfkit.diagnostics import FATAL_CODES, REPEATS, Diagnostic, Severity, parse_rule
from trfkit.errors import DecodeError, LimitExceeded, TrfSyntaxError
from trfkit.limits import Limits, check_size
from trfkit.model import (
    Colour,
    Encoding,
    Player,
    RawRecord,
    Record,
    RoundCount,
    RoundResult,
    Source,
    Tournament,
    holds_trf_records,
    record_value,
)
from trfkit.trf import decode
from trfkit.trf.transformer import LineToken, RecordReader
from trfkit.values import Value

KEY_WIDTH = 4
"""The lexer classifies a line by its first four characters (code and column 4)."""

_LITERAL_CODE = re.compile(r"([0-9A-Z#]{3})\(\ \.\*\)\?")
"""A terminal pattern that is a plain record code, ``012( .*)?``: compared, never compiled."""


@functools.cache
def _compiled(regexp: str) -> re.Pattern[str]:
    return re.compile(regexp)


class LineLexer:
    """One token per line, typed by the grammar's terminal patterns.

    Each pattern of ``grammars/trf.lark`` is matched (``fullmatch``) against a
    line's first four characters; the highest priority wins. A pattern that is
    a plain record code (``012( .*)?``) is compared as text, the others are
    compiled when first needed (start-up pays for a few small patterns). The
    answer is cached per four-character key, so a file costs one dict look-up
    per line. Lark's own lexer is not used: the parser is fed these tokens.
    """

    def __init__(self, terminals: Iterable[Any]) -> None:
        ordered = sorted(terminals, key=lambda t: -t.priority)
        self._tests: list[tuple[str, tuple[str, str] | None, str]] = []
        for t in ordered:
            if t.name in ("BLANK", "UNKNOWN"):
                continue
            regexp = t.pattern.to_regexp()
            literal = _LITERAL_CODE.fullmatch(regexp)
            codes = (literal.group(1), literal.group(1) + " ") if literal else None
            self._tests.append((t.name, codes, regexp))
        self._cache: dict[str, str] = {}

    def classify(self, line: str) -> str:
        """The terminal name of *line*."""
        key = line[:KEY_WIDTH]
        kind = self._cache.get(key)
        if kind is None:
            kind = "UNKNOWN"
            for name, codes, regexp in self._tests:
                if (key in codes) if codes is not None else _compiled(regexp).fullmatch(key):
                    kind = name
                    break
            if len(self._cache) < 100_000:
                self._cache[key] = kind
        if kind == "UNKNOWN" and not line.strip():
            return "BLANK"
        return kind

    def lex(self, data: Iterable[str]) -> Iterator[LineToken]:
        """The tokens of *data* (a list of lines), one per line.

        A byte-order mark at the start of a line (P009) is left out of the
        token, so that it does not hide the record code.
        """
        classify = self.classify
        for number, line in enumerate(data, 1):
            if line.startswith("\ufeff"):
                line = line.lstrip("\ufeff")
            token = LineToken(line)
            token.type = classify(line)
            token.line = number
            yield token


@functools.cache
def grammar_text() -> str:
    """The grammar, from the installed package or else the source checkout."""
    # os.path, not pathlib: a check of one file imports no pathlib (nor the urllib it loads)
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    packaged = os.path.join(package, "grammars", "trf.lark")  # an installed wheel
    if not os.path.isfile(packaged):
        packaged = os.path.join(os.path.dirname(package), "grammars", "trf.lark")  # a checkout
    with open(packaged, encoding="utf-8") as grammar:
        return grammar.read()


class _Appending:
    """Lark's callbacks: every alternative of ``start`` appends the record of its line.

    ``start`` is the records so far and one more line (left-recursive, one reduction a
    line); the callback of each alternative is named by its alias, and calls the
    :class:`RecordReader` method of that name. (Lark asks a transformer for a method
    per rule by name, nothing else.)
    """

    def __init__(self, reader: RecordReader, kinds: Iterable[str]) -> None:
        for kind in kinds:
            setattr(self, kind, _appender(getattr(reader, kind)))

    def start(self, children: list[Any]) -> list[Record]:
        """No record yet (the one alternative without an alias)."""
        return []


def _appender(read: Callable[[LineToken], Record]) -> Callable[[list[Any]], list[Record]]:
    def append(children: list[Any]) -> list[Record]:
        records: list[Record] = children[0]
        records.append(read(children[1]))
        return records

    return append


_ALIAS = re.compile(r"->\s*(\w+)")

TABLES = "trfkit.trf.parser_tables"
"""The parser made when the wheel is built (``hatch_build.py``): Lark's standalone module of
``grammars/trf.lark``, its tables as Python data, so no process builds the parser again.

A source checkout has none, and a module whose ``GRAMMAR`` (the text it was made from) is
not the grammar's is not used: the parser is then built from the grammar with Lark.
"""

_END = LineToken("")
_END.type = "$END"
_END.line = 0


def _tables(text: str) -> Any | None:
    """The packaged parser module, when it was made from this very grammar text."""
    try:
        from trfkit.trf import parser_tables  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None
    return parser_tables if getattr(parser_tables, "GRAMMAR", None) == text else None


@functools.cache
def _parser() -> tuple[Any, RecordReader, LineLexer]:
    """The LALR parser with the record readers inline, once per process.

    From the packaged tables (:data:`TABLES`) when they are this grammar's, else built
    by Lark from the grammar. The reader keeps the file being read per thread, so
    threads share this one parser (a parse's state is the interactive parser's).
    """
    reader = RecordReader()
    text = grammar_text()
    callbacks = _Appending(reader, set(_ALIAS.findall(text)))
    tables = _tables(text)
    if tables is not None:
        inline = tables.Lark_StandAlone(transformer=callbacks)
    else:
        import lark

        inline = lark.Lark(text, parser="lalr", lexer="basic", transformer=callbacks)
    return inline, reader, LineLexer(inline.terminals)


def parse_records(
    lines: list[str], newlines: list[str], repeats: int = REPEATS
) -> tuple[list[Record], list[Diagnostic]]:
    """The records of *lines* (terminators in *newlines*) and the diagnostics of reading them.

    At most *repeats* diagnostics of a code are kept, and one more counts the rest.
    """
    inline, reader, lexer = _parser()
    with reader.reading(lines, newlines, repeats) as diagnostics:
        parsing = inline.parse_interactive()
        feed = parsing.feed_token
        for token in lexer.lex(lines):
            feed(token)
        records: list[Record] = feed(_END)
    appended = _appended_columns(records)
    lines_of: dict[int | None, int] = {}
    if appended:
        lines_of = {appended[key].line: C.round_block_start(len(appended[key].rounds) + 1)
                    for key in appended}  # fmt: skip
        # past the repeat cap the numbers' complaints were only counted: forget the count
        diagnostics.forget("P006", {line for line in lines_of if line is not None})
    found = diagnostics.diagnostics()
    if appended:
        records = [appended.get(id(r), r) for r in records]
        # the numbers were read as round blocks first: their complaints go with them
        found = [
            d for d in found
            if d.line not in lines_of or d.column is None or d.column < lines_of[d.line]
        ]  # fmt: skip
    return records, found


_APPENDED_VALUE = re.compile(r"^-?\d*(?:[.,]\d+)?[¼½¾]?$", re.ASCII)


def _appended_columns(records: list[Record]) -> dict[int, Player]:
    """The players of a report that declares its rounds, with the numbers after the last round.

    Some exporters append tie-break values to the 001 lines after the last round's block.
    When record 142 (else ``XXR``) declares the rounds and every player line holds only
    numbers after that round's block, those are no blocks: each such player is read again
    with its blocks up to that round and the numbers in :attr:`Player.appended`.

    Returns:
        ``id`` of a player record read again → the record read again.
    """
    counts = {r.code: r.rounds for r in records if isinstance(r, RoundCount)}
    rounds = counts.get("142") or counts.get("XXR")
    if not rounds:
        return {}
    start = C.round_block_start(rounds + 1) - 1
    extra: list[tuple[Player, tuple[str, ...]]] = []
    for p in records:
        if not isinstance(p, Player) or p.source is None:
            continue
        values = tuple(p.source.text[start:].split())
        if not values:
            continue
        if not all(_APPENDED_VALUE.match(v) and any(c.isdigit() or c in "¼½¾" for c in v)
                   for v in values):  # fmt: skip
            return {}
        extra.append((p, values))
    out: dict[int, Player] = {}
    for p, values in extra:
        blocks = p.rounds[:rounds]
        padding = tuple(
            RoundResult(n, None, Colour.NONE, None) for n in range(len(blocks) + 1, rounds + 1)
        )
        again = attrs.evolve(p, rounds=blocks + padding, appended=values)
        source = p.source
        assert source is not None
        kept = Source(source.line, source.text, source.newline, record_value(again),
                      source.unplaced)  # fmt: skip
        out[id(p)] = attrs.evolve(again, source=kept)
    return out


# --- the whole reading: bytes or text to the model and every diagnostic ----------------


@attrs.frozen(repr=False)
class ParseResult(Value):
    """What :func:`parse` returns: the model and everything the reader noticed.

    Attributes:
        tournament: The model (empty when the input could not be decoded).
        diagnostics: Located findings, sorted by line and column.
        encoding: How the input was stored (codec, BOM, line ending).
    """

    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...]
    encoding: Encoding

    @property
    def ok(self) -> bool:
        """True when no diagnostic is an error."""
        return all(d.severity < Severity.ERROR for d in self.diagnostics)

    @property
    def fatal(self) -> Diagnostic | None:
        """The diagnostic that leaves no tournament to work on, or ``None``.

        The input was unreadable, over a limit or not TRF
        (:data:`~trfkit.diagnostics.FATAL_CODES`).
        """
        return next((d for d in self.diagnostics if d.code in FATAL_CODES), None)


def parse(
    data: str | bytes,
    *,
    encoding: str | None = None,
    strict: bool = False,
    limits: Limits | None = None,
) -> ParseResult:
    """Read a TRF file's text or bytes leniently: :func:`trfkit.parse`, documented there."""
    limits = limits or _DEFAULT_LIMITS
    found: list[Diagnostic] = []
    if isinstance(data, bytes):
        problem = check_size(data, limits)
        if problem is not None:
            return _finish(Tournament(), [problem], Encoding(), strict)
        try:
            decoded = decode.decode(data, encoding)
        except DecodeError as exc:
            return _finish(
                Tournament(), [parse_rule("P001").diagnostic(str(exc))], Encoding(), strict
            )
        text, enc = decoded.text, decoded.encoding
        found.append(_read_as(enc.codec, enc.bom, enc.newline))
    else:
        text = data
        try:
            decode.check_characters(text)
        except DecodeError as exc:
            unreadable = parse_rule("P001").diagnostic(str(exc))
            return _finish(Tournament(), [unreadable], Encoding(), strict)
        bom = text.startswith("\ufeff")
        if bom:
            text = text[1:]
        enc = decode.layout(text, "utf-8", bom)
        problem = check_size(text, limits)
        if problem is not None:
            return _finish(Tournament(), [problem], enc, strict)
    if not text:
        return _finish(Tournament(encoding=enc), [*found, not_trf(Tournament())], enc, strict)
    problem = limits.check_line_count(text)
    if problem is not None:
        return _finish(Tournament(encoding=enc), [*found, problem], enc, strict)
    lines, newlines = decode.split_lines(text)
    problem = (
        limits.check_lines(lines)
        or decode.long_number(text, limits.max_line_length)
        or limits.check_players(lines)
    )
    if problem is not None:
        return _finish(Tournament(encoding=enc), [*found, problem], enc, strict)
    records, diagnostics = parse_records(lines, newlines, limits.max_repeats)
    tournament = Tournament(tuple(records), encoding=enc)
    if not holds_trf_records(records):
        # decided once for the file: one error says what a P003 on every line would not
        return _finish(tournament, [*found, not_trf(tournament)], enc, strict)
    found.extend(decode.line_diagnostics(lines, newlines, limits.max_repeats))
    found.extend(diagnostics)
    problem = limits.check_tournament(tournament)
    if problem is not None:
        found.append(problem)
    return _finish(tournament, found, enc, strict)


def not_trf(tournament: Tournament) -> Diagnostic:
    """The P012 error of a file in which no line is a TRF record, saying what its lines are."""
    records = tournament.records
    if not records:
        return parse_rule("P012").diagnostic("the file is empty: there is no tournament in it")
    kinds = Counter(r.kind for r in records if isinstance(r, RawRecord))
    labels = {"unknown": ("unknown", "unknown"), "blank": ("blank", "blank"),
              "ruler": ("ruler", "rulers"), "comment": ("### comment", "### comments")}  # fmt: skip
    held = ", ".join(
        f"{kinds[k]:,} {one if kinds[k] == 1 else many}"
        for k, (one, many) in labels.items()
        if kinds[k]
    )
    count = len(records)
    lines = "its only line is not" if count == 1 else f"none of its {count:,} lines is"
    message = (
        f"not a TRF file: {lines} a TRF record ({held}); "
        "TRF lines start with a record code such as 012 or 001"
    )
    texts = (r.text.lstrip() for r in records if isinstance(r, RawRecord))
    first = next((text for text in texts if text), "")
    if first[:1] in ("{", "["):
        message += "; this looks like JSON, which 'trfkit convert' reads"
    return parse_rule("P012").diagnostic(message)


_DEFAULT_LIMITS = Limits()
"""The limits of a reading that names none (frozen, so one value serves every reading)."""


@functools.lru_cache(maxsize=64)
def _read_as(codec: str, bom: bool, newline: str) -> Diagnostic:
    """The P002 note for an encoding: made once per encoding, as diagnostics are frozen values.

    Keyed by the three fields, which hash in C (an :class:`Encoding` hashes in Python).
    """
    names = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}
    marked = " with BOM" if bom else ""
    return parse_rule("P002").diagnostic(f"read as {codec}{marked}, {names[newline]} line endings")


def _finish(
    tournament: Tournament, found: list[Diagnostic], enc: Encoding, strict: bool
) -> ParseResult:
    diagnostics = tuple(sorted(found, key=lambda d: d.sort_key))
    if strict:
        serious = tuple(d for d in diagnostics if d.severity >= Severity.WARNING)
        if serious:
            raise TrfSyntaxError(serious)
    return ParseResult(tournament, diagnostics, enc)


def loads(
    data: str | bytes,
    *,
    encoding: str | None = None,
    strict: bool = False,
    limits: Limits | None = None,
) -> Tournament:
    """The tournament in *data*; see :func:`parse` for the options."""
    return parse(data, encoding=encoding, strict=strict, limits=limits).tournament


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
    :class:`~trfkit.errors.LimitExceeded`, which names the limit.
    """
    from trfkit.fileio import read_upto

    limits = limits or _DEFAULT_LIMITS
    data = read_upto(fp, limits.max_bytes, name="load(): fp")
    if len(data) > limits.max_bytes:
        raise LimitExceeded(
            f"load(): the stream holds more than the limit of {limits.max_bytes:,} bytes "
            "(Limits.max_bytes); it was not read"
        )
    return loads(data, encoding=encoding, strict=strict, limits=limits)

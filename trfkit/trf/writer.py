"""Model → TRF text, with the column table the reader slices with.

Two modes:

- **lossless** (the default): a record that still equals what was read from its
  line is written as that line, byte for byte, terminator included; an edited player
  keeps its line but for the fields and round blocks that changed, written into their
  columns (:func:`changed_line`); any other edited or new record is rendered in the
  standard columns. An unmodified parse therefore writes back the input exactly.
- **canonical**: every record is rendered in the standard columns, with one line
  ending and no trailing blanks (:func:`render_canonical`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import IO, Any

from trfkit import columns as C
from trfkit.errors import CodecError, FieldOverflow, WriteError
from trfkit.model import (
    AbnormalPoints,
    Acceleration,
    Acceleration16,
    BbpScore,
    Byes,
    DataLine,
    ForfeitedMatch,
    InitialColour,
    NationalRecord,
    Player,
    ProhibitedPairing,
    RawRecord,
    Record,
    RoundCount,
    RoundDates,
    RoundResult,
    Scoring,
    Source,
    Team,
    TeamLineup,
    TeamPairingByes,
    TeamResults,
    TextRecord,
    TieBreakList,
    Tokens,
    Tournament,
    record_value,
)
from trfkit.numbers import format_number
from trfkit.untrusted import text_codec


def _put(
    buffer: list[str],
    field: C.Field,
    value: object,
    member: str | None = None,
    *,
    narrow: bool = True,
) -> None:
    """Write *value* at *field*; *member* names it in the error (the field's name by default).

    With *narrow*, points too wide as trfkit writes them take a shorter exact form.
    """
    C.place(buffer, field, _field_text(field, value, member, narrow=narrow))


def _field_text(
    field: C.Field, value: object, member: str | None = None, *, narrow: bool = True
) -> str:
    """*value* padded to *field*'s columns, as :func:`_put` writes it."""
    try:
        text = C.format_field(value, field)  # type: ignore[arg-type]
    except FieldOverflow as exc:
        shorter = _narrow_points(value, field) if narrow else None
        if shorter is None:
            raise WriteError(str(exc), member=member or field.name) from None
        return shorter
    if not isinstance(value, Fraction) or value.denominator == 1 or field.kind is not C.Kind.POINTS:
        return text  # only a fraction can be rounded to fit (the number writer rounds 1/3)
    read = C.parse_points(text)
    if read != value:
        raise WriteError(
            f"{field.name} {value} cannot be written exactly: {text.strip()!r} reads back "
            f"as {read}",
            member=member or field.name,
        )
    return text


def _narrow_points(value: object, field: C.Field) -> str | None:
    """Points wider than their field as trfkit writes them (``100.0``) in a shorter exact form.

    The reader takes ``100`` or ``-.25`` from four columns, so a file that held them must
    be written back in them (TRF -> JSON -> TRF comes back). ``None`` when no exact form fits.
    """
    if field.kind is not C.Kind.POINTS or not isinstance(value, Fraction):
        return None
    text = format_number(value, decimals=0)
    if text.startswith(("0.", "-0.")):
        text = text.replace("0.", ".", 1)
    if len(text) > field.width or C.parse_points(text) != value:
        return None
    return text.rjust(field.width) if field.align is C.Align.RIGHT else text.ljust(field.width)


def _layout(code: str, layout: C.Layout, values: dict[str, object]) -> str:
    buffer = list(code.ljust(4))
    for field in layout.fields:
        _put(buffer, field, values[field.name])
    if layout.repeat is not None:
        name = layout.repeat.name
        items = values[name]
        assert isinstance(items, tuple)
        for index, item in enumerate(items):
            _put(buffer, layout.repeat.item(index), item, f"{name}[{index}]")
    return "".join(buffer).rstrip()


def _block(r: RoundResult, last: bool = False) -> str:
    """A round block without its separator (an empty last block is ``0000 -``: kept).

    Raises:
        WriteError: An opponent wider than its four columns (it would shift the line).
    """
    if r.is_blank and not last:
        return " " * 8
    opponent = "0000" if r.opponent is None else str(r.opponent).rjust(4)
    if len(opponent) > 4:
        start = C.round_block_start(r.round)
        raise WriteError(
            f"round {r.round}: opponent {opponent!r} does not fit columns {start}-{start + 3}",
            member=f"rounds[{r.round - 1}].opponent",
        )
    result = " " if r.result is None else r.result.value
    return f"{opponent} {r.colour.value} {result}"


_APPENDED_WIDTH = C.ROUND_STRIDE - 2
"""An appended value is written right-aligned where a block's opponent to result stand."""


def render_player(p: Player) -> str:
    """Record 001 in the standard columns."""
    head = _layout("001", C.PLAYER, _player_fields(p)).ljust(C.ROUND_START - 1)
    texts = _player_blocks(p)
    texts.extend(value.rjust(_APPENDED_WIDTH) for value in p.appended)
    return (head + "  ".join(texts)).rstrip()


def _player_fields(p: Player) -> dict[str, object]:
    """The values of record 001's fields (columns 1-89), by field name."""
    return {
        "start_rank": p.start_rank,
        "sex": p.sex.value if p.sex else p.written("sex"),
        "title": p.title.value if p.title else p.written("title"),
        "name": p.name,
        "rating": p.rating,
        "federation": p.federation,
        "fide_id": p.fide_id,
        "birth_date": p.birth_date,
        "points": p.points,
        "rank": p.rank,
    }


def _player_blocks(p: Player) -> list[str]:
    """The text of each round block of record 001, without the separators."""
    rounds = p.rounds
    written = len(rounds)
    while written and rounds[written - 1].is_blank and not p.appended:
        written -= 1  # empty blocks the line ends with: written, or the line would lose them
    return [_block(r, n >= written) for n, r in enumerate(rounds)]


def _edited_player(p: Player, source: Source) -> str | None:
    """*p*'s line as read, with only the fields and round blocks that changed written anew.

    A field is written into its own columns only where the line holds the old value there
    as trfkit writes it, so text elsewhere on the line (even text no field took) stays;
    otherwise (a field read off its columns, a block added after appended values) the
    answer is ``None`` and the record is rendered.
    """
    read = source.as_read
    if read is None or read[0] is not Player:
        return None
    fields: tuple[Any, ...] = read[1:]  # record_value's order is the constructor's
    before = Player(*fields)  # the player as read, to compare with field by field
    if before.appended != p.appended or len(p.rounds) < len(before.rounds):
        return None
    edits: list[tuple[C.Field, str, str]] = []  # columns, the text they hold, the new text
    old, new = _player_fields(before), _player_fields(p)
    for field in C.PLAYER.fields:
        was, now = old[field.name], new[field.name]
        if was != now:
            try:
                held = _field_text(field, was)
            except WriteError:
                return None  # trfkit cannot write the old value (100.5): not held as it writes
            edits.append((field, held, _field_text(field, now)))
    old_blocks, new_blocks = _player_blocks(before), _player_blocks(p)
    for index, block in enumerate(p.rounds):
        if index < len(before.rounds) and before.rounds[index] == block:
            continue
        if index >= len(before.rounds) and p.appended:
            return None
        start = C.round_block_start(index + 1)
        held = old_blocks[index] if index < len(before.rounds) else " " * len(new_blocks[index])
        edits.append((C.Field(f"rounds[{index}]", start, start + 7), held, new_blocks[index]))
    line = source.text.ljust(max((f.end for f, _, _ in edits), default=0) + 1)
    if any(line[f.start - 1 : f.end] != held or not _apart(line, f) for f, held, _ in edits):
        return None
    buffer = list(line)
    for field, _, text in edits:
        C.place(buffer, field, text)
    text = "".join(buffer)
    return text if len(text) == len(source.text) else text.rstrip()


def _national(r: NationalRecord) -> str:
    values = {f.name: getattr(r, f.name) for f in C.NATIONAL.fields}
    text = _layout(r.code, C.NATIONAL, values)
    if r.rest:
        text = text.ljust(89) + r.rest
    return text


def _team(t: Team) -> str:
    if t.code == "013":
        return _layout("013", C.TEAM16, {"name": t.name, "members": t.members})
    values = {f.name: getattr(t, f.name) for f in C.TEAM26.fields}
    values["members"] = t.members
    return _layout("310", C.TEAM26, values)


def _fixed(layout: C.Layout, code: str) -> Callable[[Record], str]:
    def render(r: Record) -> str:
        names = [f.name for f in layout.fields]
        if layout.repeat is not None:
            names.append(layout.repeat.name)
        return _layout(code, layout, {n: getattr(r, n) for n in names})

    return render


def _scoring(r: Scoring) -> str:
    if r.code == "XXS":
        pairs = " ".join(f"{s}={format_number(v)}" for s, v in r.values)
        return f"XXS {pairs}".rstrip()
    buffer = list(r.code + " ")
    try:
        for index, (symbol, value) in enumerate(r.values):
            base = C.SCORING_SYMBOL_START + index * C.SCORING_STRIDE
            _put(buffer, C.Field("symbol", base - 1, base, align=C.Align.RIGHT), symbol)
            points = C.Field("points", base + 1, base + 4, C.Kind.POINTS, C.Align.RIGHT)
            _put(buffer, points, value, narrow=False)  # the reader wants a digit before '.'
    except WriteError:
        # The reader takes 162/362 pairs wherever they stand (``WWW 1.0``, ``W 100.25``);
        # those that do not fit the columns are written as the pairs it read them from.
        pairs = " ".join(f"{s} {format_number(v)}" for s, v in r.values)
        return f"{r.code} {pairs}".rstrip()
    return "".join(buffer).rstrip()


def _round_dates(r: RoundDates) -> str:
    buffer = list("132 ")
    if r.prefix:
        _put(buffer, C.Field("prefix", 5, C.ROUND_START - 1), r.prefix)
    for index, date in enumerate(r.dates):
        _put(buffer, C.ROUND_DATES.item(index), date, f"dates[{index}]")
    return "".join(buffer).rstrip()


def _xxa(r: Acceleration16) -> str:
    buffer = list("XXA ")
    _put(buffer, C.Field("start_rank", 5, 8, C.Kind.INT, C.Align.RIGHT), r.start_rank)
    repeat = C.Repeat("points", 10, 4, 5, C.Kind.POINTS)
    for index, value in enumerate(r.points):
        _put(buffer, repeat.item(index), value, f"points[{index}]")
    return "".join(buffer).rstrip()


def _joined(code: str, *parts: str) -> str:
    return " ".join((code, *parts)).rstrip()


def _text(r: TextRecord) -> str:
    return _joined(r.code, r.value)


def _round_count(r: RoundCount) -> str:
    return _joined(r.code, "" if r.rounds is None else str(r.rounds))


def _initial_colour(r: InitialColour) -> str:
    return _joined("152", r.colour)


def _bbp(r: BbpScore) -> str:
    return _joined(r.code, "" if r.points is None else format_number(r.points))


def _tiebreaks(r: TieBreakList) -> str:
    return _joined(r.code, ",".join(r.tiebreaks))


def _tokens(r: Tokens) -> str:
    return _joined(r.code, *r.tokens)


def _data_line(r: DataLine) -> str:
    rank = "" if r.start_rank is None else str(r.start_rank)
    return _joined("DAT", rank, r.type_id, r.data)


def _raw(r: RawRecord) -> str:
    return r.text.rstrip() if r.kind == "blank" else r.text


_RENDERERS: dict[type[Record], Callable[[Any], str]] = {
    TextRecord: _text,
    RoundDates: _round_dates,
    RoundCount: _round_count,
    InitialColour: _initial_colour,
    Scoring: _scoring,
    BbpScore: _bbp,
    TieBreakList: _tiebreaks,
    Tokens: _tokens,
    Player: render_player,
    NationalRecord: _national,
    Team: _team,
    Byes: _fixed(C.BYES, "240"),
    Acceleration: _fixed(C.ACCELERATION, "250"),
    ProhibitedPairing: _fixed(C.PROHIBITED, "260"),
    AbnormalPoints: _fixed(C.ABNORMAL, "299"),
    TeamLineup: _fixed(C.LINEUP, "300"),
    TeamPairingByes: _fixed(C.TEAM_PAB, "320"),
    ForfeitedMatch: _fixed(C.FORFEITED_MATCH, "330"),
    Acceleration16: _xxa,
    DataLine: _data_line,
    RawRecord: _raw,
    TeamResults: _raw,
}
"""One renderer per record class, all writing through the column table."""


def render_record(record: Record) -> str:
    """One record in the standard columns, without a line terminator.

    A value that does not fit its columns raises :class:`WriteError`, naming the line the
    record was read from when it was read.
    """
    try:
        renderer = _RENDERERS[type(record)]
    except KeyError:
        raise WriteError(f"no writer for {type(record).__name__}") from None
    try:
        return renderer(record)
    except WriteError as exc:
        if record.source is None:
            raise
        raise WriteError(f"line {record.source.line}: {exc}") from None


_PLAYER_COLUMNS = frozenset(c for f in C.PLAYER.fields for c in range(f.start, f.end + 1))
"""The columns of record 001's fields; the others (4, 9, 14, …, 80, 85, 90-91) separate them."""


def _apart(line: str, field: C.Field) -> bool:
    """Whether the separating columns either side of *field* are blank in *line*.

    The field's text then stands alone, so the reader reads whatever it holds there and
    nothing of a neighbour read off its own columns (a birth date in 71-80) runs into it.
    """
    return all(
        column in _PLAYER_COLUMNS or line[column - 1] == " "
        for column in (field.start - 1, field.end + 1)
    )


def changed_line(record: Record) -> str:
    """The line of a record that no longer says what its line was read as (or was never read).

    A player keeps its line but for the fields and round blocks that changed
    (:func:`_edited_player`), so an exporter's spacing and spellings elsewhere on it stay;
    any other record is rendered in the standard columns (:func:`render_record`).
    """
    source = record.source
    if isinstance(record, Player) and source is not None:
        try:
            line = _edited_player(record, source)
        except WriteError as exc:
            raise WriteError(f"line {source.line}: {exc}", member=exc.member) from None
        if line is not None:
            return line
    return render_record(record)


def unchanged(record: Record) -> bool:
    """Whether *record* still says what its source line was read as (its text may be reused)."""
    source = record.source
    return (
        source is not None and source.as_read is not None and source.as_read == record_value(record)
    )


def render_lines(records: Iterable[Record], *, newline: str) -> str:
    """Lossless text: untouched records keep their bytes, others are rendered."""
    parts: list[str] = []
    items = list(records)
    last = len(items) - 1
    for index, record in enumerate(items):
        source = record.source
        if source is not None and unchanged(record):
            parts.append(source.text)
        else:
            parts.append(changed_line(record))
        ending = source.newline if source is not None else newline
        if not ending and index != last:
            # The file's last line had no terminator and records now follow it.
            ending = newline
        parts.append(ending)
    return "".join(parts)


def render(tournament: Tournament) -> str:
    """The tournament as text, lossless for every untouched record."""
    enc = tournament.encoding
    text = render_lines(tournament.records, newline=enc.newline)
    if enc.bom:
        text = "\ufeff" + text
    return text


def render_canonical(tournament: Tournament, *, newline: str = "\n") -> str:
    """The tournament in the standard columns, one line ending, no trailing blanks."""
    lines = [render_record(r).rstrip() for r in tournament.records]
    return "".join(line + newline for line in lines)


def encode(text: str, codec: str) -> bytes:
    """Encode *text*; raises :class:`WriteError` naming the first character that does not fit."""
    try:
        standard = text_codec(codec)
    except CodecError as exc:
        raise WriteError(str(exc)) from None
    try:
        return text.encode(standard)
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        raise WriteError(
            f"line {line}: {text[exc.start]!r} cannot be written in {codec}; "
            "choose another --output-encoding"
        ) from None
    except UnicodeError as exc:  # a codec's own failure, with no position
        raise WriteError(f"cannot be written in {codec}: {exc}") from None


# --- the whole writing: the model to text or bytes ---------------------------------------


def dumps(tournament: Tournament, *, canonical: bool = False, newline: str = "\n") -> str:
    """The tournament as text: lossless by default, standard columns with *canonical*."""
    if canonical:
        return render_canonical(tournament, newline=newline)
    return render(tournament)


def dump_bytes(
    tournament: Tournament,
    *,
    canonical: bool = False,
    encoding: str | None = None,
    newline: str = "\n",
) -> bytes:
    """The tournament as bytes, in its own encoding unless *encoding* is given."""
    text = dumps(tournament, canonical=canonical, newline=newline)
    codec = encoding or tournament.encoding.codec
    if text.startswith("\ufeff") and not codec.replace("_", "-").lower().startswith("utf"):
        text = text[1:]
    return encode(text, codec)


def dump(tournament: Tournament, fp: IO[bytes], **options: object) -> None:
    """Write the tournament to a binary file object; options as :func:`dump_bytes`."""
    fp.write(dump_bytes(tournament, **options))  # type: ignore[arg-type]

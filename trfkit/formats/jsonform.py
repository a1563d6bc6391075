"""The versioned JSON form of a tournament, and its JSON Schema.

The JSON form holds the records of a tournament in file order, every record as an
object whose ``"type"`` names its kind, with the model's fields as members::

    {
      "format": "trfkit",
      "version": 1,
      "trf_version": "trf16",
      "records": [
        {"type": "header", "code": "012", "value": "Club Open"},
        {"type": "player", "start_rank": 1, "sex": "m", "title": "GM",
         "name": "Alpha, Ann", "rating": 2500, "federation": "NOR",
         "fide_id": "1503014", "birth_date": "1990/11/30", "points": "1.5",
         "rank": 1, "rounds": [
           {"round": 1, "opponent": 2, "colour": "w", "result": "1"},
           {"round": 2, "opponent": null, "colour": "-", "result": "H"}]}
      ]
    }

Rules of the form (schema ``trfkit/formats/schema/trfkit-tournament-v1.schema.json``):

- Points are **strings** holding the exact value: a decimal with a point (``"1.5"``,
  ``"5.25"``, ``"-2.0"``) or, for values with no finite decimal, a fraction (``"1/3"``).
  Numbers in JSON are binary floats in most readers; strings keep scores exact.
- Start ranks, ratings, ranks and round numbers are integers; a blank field is ``null``.
- Text fields hold the field's characters without the padding of the columns.
- ``trf_version`` says which edition the records follow (``"trf16"`` or ``"trf26"``);
  it is informative and recomputed when the form is written.

TRF → JSON → TRF gives the canonical TRF (:func:`trfkit.trf.writer.render_canonical`), and
JSON → TRF → JSON gives the same JSON: :func:`loads` rejects a document whose records
would not read back from TRF as themselves (a name longer than its 33 columns, a
header code that is no header record, a comment that does not start with ``###``),
naming the member (``records[1].points``) when a value is wider than its columns.

The form stands for a TRF file, so it has the TRF limits (:class:`~trfkit.limits.Limits`:
players, rounds, team members, the length of each record's TRF line and the size of the
TRF) and a size limit that follows them (``Limits.max_json_bytes``); :func:`loads` names
the limit and the value it exceeds. :func:`dumps` refuses what :func:`loads` would refuse
under the same limits, so whatever trfkit writes it reads back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from trfkit.errors import ArgumentTypeError, JsonFormError, ModelError, WriteError
from trfkit.limits import Limits
from trfkit.model import (
    TEXT_HEADERS,
    UNREAD_FIELDS,
    AbnormalPoints,
    Acceleration,
    Acceleration16,
    BbpScore,
    Byes,
    Colour,
    DataLine,
    ForfeitedMatch,
    InitialColour,
    NationalRecord,
    Player,
    ProhibitedPairing,
    RawRecord,
    Record,
    Result,
    RoundCount,
    RoundDates,
    RoundResult,
    Scoring,
    Sex,
    Source,
    Team,
    TeamLineup,
    TeamPairingByes,
    TeamResults,
    TextRecord,
    TieBreakList,
    Title,
    Tokens,
    Tournament,
    record_value,
)
from trfkit.numbers import exact_text
from trfkit.trf.team_rows import team_results
from trfkit.untrusted import escape_json, load_json, shown
from trfkit.values import Value

FORMAT = "trfkit"
"""The value of the ``"format"`` member."""
VERSION = 1
"""The version of the JSON form this module writes and reads."""
SCHEMA_FILE = "trfkit-tournament-v1.schema.json"
"""The schema's file name inside ``trfkit/formats/schema/``."""
SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / SCHEMA_FILE
"""Where the schema of version 1 is installed."""




# --- values -------------------------------------------------------------------------------

_POINTS = re.compile(r"-?[0-9]+(\.[0-9]+)?|-?[0-9]+/[1-9][0-9]*")


def read_points(text: object, path: str) -> Fraction:
    """The exact value of a points string; raises :class:`JsonFormError` otherwise."""
    if not isinstance(text, str) or not _POINTS.fullmatch(text):
        raise JsonFormError(path, f"expected points such as \"1.5\", found {shown(text)}")
    return Fraction(text)


def _check_int(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise JsonFormError(path, f"expected an integer, found {shown(value)}")
    if not -_WIDEST < value < _WIDEST:  # refused here, where a message can be short
        raise JsonFormError(path, f"expected an integer a TRF field can hold, found {shown(value)}")
    return value


_WIDEST = 10**18
"""No TRF field holds an integer this wide (the widest number field has 11 columns)."""


def _check_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise JsonFormError(path, f"expected a string, found {shown(value)}")
    if "\n" in value or "\r" in value:
        raise JsonFormError(path, "a TRF field cannot hold a line break")
    if not value.isascii():
        surrogate = _SURROGATE.search(value)
        if surrogate is not None:  # "\ud800" in JSON: no encoding can write it
            code = ord(surrogate.group())
            raise JsonFormError(path, f"a lone surrogate (U+{code:04X}) is not a character")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise JsonFormError(path, f"expected an array, found {shown(value)}")
    return value


@attrs.frozen(repr=False)
class _Kind(Value):
    """How one model field is written in JSON and read back."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any, str], Any]


def _optional(kind: _Kind) -> _Kind:
    return _Kind(
        lambda v: None if v is None else kind.encode(v),
        lambda v, p: None if v is None else kind.decode(v, p),
    )


def _items(kind: _Kind) -> _Kind:
    def decode(value: object, path: str) -> tuple[Any, ...]:
        items = _check_list(value, path)
        return tuple(kind.decode(item, f"{path}[{i}]") for i, item in enumerate(items))

    return _Kind(lambda v: [kind.encode(item) for item in v], decode)


def _enum(values: dict[str, Any], label: str) -> _Kind:
    reverse = {member: text for text, member in values.items()}

    def decode(value: object, path: str) -> Any:
        if not isinstance(value, str) or value not in values:
            allowed = ", ".join(repr(v) for v in values)
            raise JsonFormError(path, f"expected a {label} ({allowed}), found {shown(value)}")
        return values[value]

    return _Kind(lambda v: reverse[v], decode)


def _choice(values: tuple[str, ...], label: str) -> _Kind:
    return _enum({v: v for v in values}, label)


STR = _Kind(lambda v: v, _check_str)
INT = _Kind(lambda v: v, _check_int)
OPT_INT = _optional(INT)
POINTS = _Kind(exact_text, read_points)
OPT_POINTS = _optional(POINTS)
OPT_INTS = _items(OPT_INT)
OPT_POINTS_LIST = _items(OPT_POINTS)
STRS = _items(STR)
def _decode_unread(value: object, path: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise JsonFormError(path, f"expected an object, found {shown(value)}")
    found = []
    for field in sorted(UNREAD_FIELDS, key=("sex", "title").index):
        if field in value:
            text = _check_str(value[field], f"{path}.{field}")
            if not text:
                raise JsonFormError(f"{path}.{field}", "expected the text as written, found \"\"")
            found.append((field, text))
    extra = sorted(set(value) - UNREAD_FIELDS)
    if extra:
        raise JsonFormError(path, f"unknown member {shown(extra[0])}")
    return tuple(found)


UNREAD = _Kind(lambda v: dict(v), _decode_unread)
"""A player's fields kept as written: ``{"sex": "u"}``."""
SEX = _optional(_enum({s.value: s for s in Sex}, "sex"))
TITLE = _optional(_enum({t.value: t for t in Title}, "title"))
COLOUR = _enum({c.value: c for c in Colour}, "colour")
RESULT = _optional(_enum({r.value: r for r in Result}, "result code"))


def _encode_rounds(rounds: tuple[RoundResult, ...]) -> list[dict[str, Any]]:
    return [
        {
            "round": r.round,
            "opponent": r.opponent,
            "colour": r.colour.value,
            "result": None if r.result is None else r.result.value,
        }
        for r in rounds
    ]


def _decode_rounds(value: object, path: str) -> tuple[RoundResult, ...]:
    rounds: list[RoundResult] = []
    for index, item in enumerate(_check_list(value, path)):
        where = f"{path}[{index}]"
        if not isinstance(item, dict):
            raise JsonFormError(where, f"expected a round object, found {shown(item)}")
        _exact_keys(item, ("round", "opponent", "colour", "result"), where)
        number = _check_int(item["round"], f"{where}.round")
        if number != index + 1:
            raise JsonFormError(
                f"{where}.round", f"expected round {index + 1} (rounds are listed in order)"
            )
        opponent = OPT_INT.decode(item["opponent"], f"{where}.opponent")
        # what four TRF columns hold: a start rank, or a negative number a file had there
        if opponent is not None and not (1 <= opponent <= 9999 or -999 <= opponent <= -1):
            raise JsonFormError(
                f"{where}.opponent",
                f"expected 1..9999 (or -999..-1) or null, found {shown(opponent)}",
            )
        rounds.append(
            RoundResult(
                number,
                opponent,
                COLOUR.decode(item["colour"], f"{where}.colour"),
                RESULT.decode(item["result"], f"{where}.result"),
            )
        )
    return tuple(rounds)


def _encode_scoring(values: tuple[tuple[str, Fraction], ...]) -> list[dict[str, str]]:
    return [{"symbol": symbol, "points": exact_text(points)} for symbol, points in values]


def _decode_scoring(value: object, path: str) -> tuple[tuple[str, Fraction], ...]:
    pairs: list[tuple[str, Fraction]] = []
    for index, item in enumerate(_check_list(value, path)):
        where = f"{path}[{index}]"
        if not isinstance(item, dict):
            raise JsonFormError(where, f"expected a scoring object, found {shown(item)}")
        _exact_keys(item, ("symbol", "points"), where)
        symbol = _check_str(item["symbol"], f"{where}.symbol")
        if not re.fullmatch(r"[A-Za-z]{1,3}", symbol):
            raise JsonFormError(
                f"{where}.symbol", f"expected 1 to 3 letters, found {shown(symbol)}"
            )
        pairs.append((symbol, read_points(item["points"], f"{where}.points")))
    return tuple(pairs)


ROUNDS = _Kind(_encode_rounds, _decode_rounds)
SCORING_VALUES = _Kind(_encode_scoring, _decode_scoring)

HEADER_CODES = TEXT_HEADERS
"""The free-text header records (TRF16 §1.2 and TRF-2026 §4.2): the model's list."""
RAW_KINDS = ("801", "802", "comment", "blank", "ruler", "unknown")
"""The kinds of lines kept as text."""

# --- the record table -----------------------------------------------------------------------

_Spec = tuple[str, type[Record], tuple[tuple[str, _Kind], ...]]

RECORD_TYPES: tuple[_Spec, ...] = (
    ("header", TextRecord, (("code", _choice(HEADER_CODES, "header code")), ("value", STR))),
    ("round_dates", RoundDates, (("dates", STRS), ("prefix", STR))),
    ("round_count", RoundCount, (("code", _choice(("142", "XXR"), "code")), ("rounds", OPT_INT))),
    ("initial_colour", InitialColour, (("colour", STR),)),
    (
        "scoring",
        Scoring,
        (("code", _choice(("162", "362", "XXS"), "code")), ("values", SCORING_VALUES)),
    ),
    (
        "bbp_points",
        BbpScore,
        (
            ("code", _choice(("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"), "code")),
            ("points", OPT_POINTS),
        ),
    ),
    ("tiebreaks", TieBreakList, (("code", _choice(("202", "212"), "code")), ("tiebreaks", STRS))),
    ("tokens", Tokens, (("code", _choice(("XXC", "XXZ", "XXP"), "code")), ("tokens", STRS))),
    (
        "player",
        Player,
        (
            ("start_rank", INT),
            ("sex", SEX),
            ("title", TITLE),
            ("name", STR),
            ("rating", OPT_INT),
            ("federation", STR),
            ("fide_id", STR),
            ("birth_date", STR),
            ("points", OPT_POINTS),
            ("rank", OPT_INT),
            ("rounds", ROUNDS),
            ("appended", STRS),
            ("unread", UNREAD),
        ),
    ),
    (
        "national_rating",
        NationalRecord,
        (
            ("code", STR),
            ("start_rank", INT),
            ("sex", STR),
            ("classification", STR),
            ("name", STR),
            ("rating", OPT_INT),
            ("origin", STR),
            ("national_id", STR),
            ("birth_date", STR),
            ("rest", STR),
        ),
    ),
    (
        "team",
        Team,
        (
            ("code", _choice(("013", "310"), "team code")),
            ("name", STR),
            ("members", OPT_INTS),
            ("number", OPT_INT),
            ("nickname", STR),
            ("strength", STR),
            ("match_points", OPT_POINTS),
            ("game_points", OPT_POINTS),
            ("rank", OPT_INT),
        ),
    ),
    ("byes", Byes, (("kind", STR), ("round", OPT_INT), ("ids", OPT_INTS))),
    (
        "acceleration",
        Acceleration,
        (
            ("match_points", OPT_POINTS),
            ("game_points", OPT_POINTS),
            ("first_round", OPT_INT),
            ("last_round", OPT_INT),
            ("first_id", OPT_INT),
            ("last_id", OPT_INT),
        ),
    ),
    (
        "prohibited_pairing",
        ProhibitedPairing,
        (("first_round", OPT_INT), ("last_round", OPT_INT), ("ids", OPT_INTS)),
    ),
    (
        "abnormal_points",
        AbnormalPoints,
        (
            ("kind", STR),
            ("match_points", OPT_POINTS),
            ("points", OPT_POINTS),
            ("round", OPT_INT),
            ("ids", OPT_INTS),
        ),
    ),
    (
        "team_lineup",
        TeamLineup,
        (("round", OPT_INT), ("team", OPT_INT), ("opponent", OPT_INT), ("boards", OPT_INTS)),
    ),
    (
        "team_byes",
        TeamPairingByes,
        (("match_points", OPT_POINTS), ("game_points", OPT_POINTS), ("teams", OPT_INTS)),
    ),
    (
        "forfeited_match",
        ForfeitedMatch,
        (("kind", STR), ("round", OPT_INT), ("white", OPT_INT), ("black", OPT_INT)),
    ),
    ("xx_acceleration", Acceleration16, (("start_rank", OPT_INT), ("points", OPT_POINTS_LIST))),
    ("data_line", DataLine, (("start_rank", OPT_INT), ("type_id", STR), ("data", STR))),
    ("line", RawRecord, (("kind", _choice(RAW_KINDS, "line kind")), ("text", STR))),
)
"""Every record type of the JSON form: its ``"type"`` name, model class and fields."""

_BY_TYPE = {name: (cls, fields) for name, cls, fields in RECORD_TYPES}
_BY_CLASS = {cls: (name, fields) for name, cls, fields in RECORD_TYPES}
_BY_CLASS[TeamResults] = _BY_CLASS[RawRecord]  # 801/802: the line as written, as JSON holds it
OPTIONAL_MEMBERS: dict[str, dict[str, Any]] = {"player": {"appended": (), "unread": ()}}
"""Members a record's object may leave out, with the value that stands for them (written
only when they hold another: version 1 documents before them read as they did)."""


def _exact_keys(obj: dict[str, Any], keys: tuple[str, ...], path: str) -> None:
    missing = [k for k in keys if k not in obj]
    if missing:
        raise JsonFormError(path, f"missing member {shown(missing[0])}")
    extra = sorted(set(obj) - set(keys))
    if extra:
        raise JsonFormError(path, f"unknown member {shown(extra[0])}")


# --- model → JSON -----------------------------------------------------------------------------


def canonical_record(record: Record) -> Record:
    """The record as canonical TRF, and so the JSON form, holds it.

    Lines kept as text lose their trailing blanks, as
    :func:`trfkit.trf.writer.render_canonical` writes them.
    """
    if isinstance(record, RawRecord):
        text = record.text.rstrip()
        return record if text == record.text else attrs.evolve(record, text=text)
    return record


def record_data(record: Record) -> dict[str, Any]:
    """One record as its JSON object, as canonical TRF holds it (:func:`canonical_record`)."""
    try:
        name, fields = _BY_CLASS[type(record)]
    except KeyError:
        raise JsonFormError("", f"no JSON form for {type(record).__name__}") from None
    record = canonical_record(record)
    data: dict[str, Any] = {"type": name}
    optional = OPTIONAL_MEMBERS.get(name, {})
    for field, kind in fields:
        value = getattr(record, field)
        if field not in optional or value != optional[field]:
            data[field] = kind.encode(value)
    return data


def to_data(tournament: Tournament) -> dict[str, Any]:
    """The tournament as the JSON form's object (``format``, ``version``, ``records``)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "trf_version": tournament.file_format.value,
        "records": [record_data(r) for r in tournament.records],
    }


def dumps(tournament: Tournament, *, indent: int | None = 2, limits: Limits | None = None) -> str:
    """The tournament as JSON text (UTF-8 characters kept, a final newline).

    What trfkit writes it reads back: a tournament that :func:`loads` would refuse
    under the same *limits* (the defaults when omitted) raises
    :class:`~trfkit.errors.WriteError` with the place and the reason (a limit, a value
    wider than its TRF columns, a record that would not read back, the JSON's size).
    """
    if not isinstance(tournament, Tournament):
        expected = "a trfkit.Tournament (trfkit.loads reads one)"
        raise ArgumentTypeError.naming("jsonform.dumps", "tournament", expected, tournament)
    _door_limits("jsonform.dumps", limits)
    limits = limits or _DEFAULT_LIMITS
    written = Tournament(tuple(map(canonical_record, tournament.records)))
    try:  # the checks of loads, on the records as the JSON form holds them
        _check_limits(written, limits)
        _check_round_trip(written, limits)
    except JsonFormError as exc:
        raise WriteError(f"cannot be written as the JSON form: {exc}") from None
    # escape_json: no control, separator or bidi character stands raw in the file
    text = escape_json(_json_text(written, indent)) + "\n"
    size = len(text) if text.isascii() else len(text.encode("utf-8"))
    too_big = limits.json_too_big(size)
    if too_big is not None:
        raise WriteError(
            f"the JSON form would have {too_big}, so it would not be read back; "
            "raise the limits"
        )
    return text


def _json_text(tournament: Tournament, indent: int | None) -> str:
    """``json.dumps(to_data(tournament), ensure_ascii=False, indent=indent)``, record by record.

    With an indent, :func:`json.dumps` of the whole document holds every record's object
    and a list of every token at once: 10 times the text, 120 times a TRF of 99 rounds.
    Each record is encoded alone and its lines indented under ``records``.
    """
    head = {**to_data(Tournament()), "trf_version": tournament.file_format.value}
    opening = json.dumps(head, ensure_ascii=False, indent=indent)
    if not tournament.records:
        return opening
    assert opening.endswith("[]" + ("\n}" if indent is not None else "}"))
    if indent is None:
        items = (json.dumps(record_data(r), ensure_ascii=False) for r in tournament.records)
        return opening[:-2] + ", ".join(items) + "]}"
    inner = "\n" + " " * (2 * indent)  # a record stands two levels in: document, records
    outer = "\n" + " " * indent
    items = (
        json.dumps(record_data(r), ensure_ascii=False, indent=indent).replace("\n", inner)
        for r in tournament.records
    )
    return opening[:-4] + "[" + inner + ("," + inner).join(items) + outer + "]\n}"


# --- JSON → model -----------------------------------------------------------------------------


def record_from_data(data: object, path: str = "record") -> Record:
    """The record an object of the JSON form describes; raises :class:`JsonFormError`."""
    if not isinstance(data, dict):
        raise JsonFormError(path, f"expected a record object, found {shown(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _BY_TYPE:
        raise JsonFormError(f"{path}.type", f"unknown record type {shown(kind)}")
    cls, fields = _BY_TYPE[kind]
    optional = OPTIONAL_MEMBERS.get(kind, {})
    present = {**{f: None for f in optional}, **data}
    _exact_keys(present, ("type", *(f for f, _ in fields)), path)
    values = {
        field: k.decode(data[field], f"{path}.{field}") if field in data else optional[field]
        for field, k in fields
    }
    if cls is RawRecord and values["kind"] in ("801", "802"):
        return team_results(values["kind"], values["text"])  # read by tokens, as the reader
    try:
        return cls(**values)
    except ModelError as exc:  # a value no TRF file can hold (a start rank of 0)
        raise JsonFormError(path, str(exc)) from None


def from_data(data: object, *, check: bool = True, limits: Limits | None = None) -> Tournament:
    """The tournament of a JSON form object.

    Each record gets a :class:`~trfkit.model.Source` whose line is its place in the
    canonical TRF (record *i* is line *i* + 1), so that diagnostics and adjustment
    reports about a JSON input point at a place.

    Args:
        data: The decoded JSON document.
        check: Verify that every record reads back from TRF as itself, so that
            JSON → TRF → JSON is the identity (raises :class:`JsonFormError` otherwise).
        limits: The limits of the TRF the document stands for (the defaults when
            omitted): players, rounds and team members, and with *check* the length
            of each TRF line and the size of the TRF; a refusal names the limit.
    """
    limits = limits or _DEFAULT_LIMITS
    if not isinstance(data, dict):
        raise JsonFormError("", "expected a JSON object")
    if data.get("format") != FORMAT:
        raise JsonFormError("format", f"expected {FORMAT!r}, found {shown(data.get('format'))}")
    version = data.get("version")
    if version != VERSION:
        raise JsonFormError(
            "version",
            f"this trfkit reads version {VERSION} of the JSON form, found {shown(version)}",
        )
    _exact_keys(data, ("format", "version", "trf_version", "records"), "")
    if data["trf_version"] not in ("trf16", "trf26"):
        found = data["trf_version"]
        raise JsonFormError("trf_version", f"expected 'trf16' or 'trf26', found {shown(found)}")
    items = _check_list(data["records"], "records")
    records = [record_from_data(item, f"records[{i}]") for i, item in enumerate(items)]
    tournament = Tournament(tuple(records))
    _check_limits(tournament, limits)
    if check:
        _check_round_trip(tournament, limits)
    return _with_sources(tournament)


def loads(text: str | bytes, *, limits: Limits | None = None) -> Tournament:
    """The tournament in a JSON form document (text or UTF-8 bytes).

    A document larger than ``limits.max_json_bytes`` (characters, for text) is refused
    before it is decoded; then :func:`from_data` applies the other limits.
    """
    if not isinstance(text, (str, bytes)):
        expected = "str or bytes (a JSON form document)"
        raise ArgumentTypeError.naming("jsonform.loads", "text", expected, text)
    _door_limits("jsonform.loads", limits)
    limits = limits or _DEFAULT_LIMITS
    too_big = limits.json_too_big(len(text))
    if too_big is not None:
        raise JsonFormError("", f"the JSON has {too_big}; it was not read")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise JsonFormError("", f"the JSON is not UTF-8 (byte {exc.start})") from None
    try:
        data = load_json(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise JsonFormError("", f"not JSON: {exc.msg} at {where}") from None
    return from_data(data, limits=limits)


_DEFAULT_LIMITS = Limits()


def _door_limits(function: str, limits: object) -> None:
    if limits is not None and not isinstance(limits, Limits):
        raise ArgumentTypeError.naming(function, "limits", "a trfkit.limits.Limits or None", limits)


def _check_limits(tournament: Tournament, limits: Limits) -> None:
    """The TRF reader's limits on players, rounds and team members, at the record that goes over."""
    found = limits.excess(tournament)
    if found is not None:
        message, record = found
        index = next(i for i, r in enumerate(tournament.records) if r is record)
        raise JsonFormError(f"records[{index}]", message)


def _check_round_trip(tournament: Tournament, limits: Limits) -> None:
    """Every record written as TRF within the limits, and read back from it as itself."""
    from trfkit.trf.reader import parse
    from trfkit.trf.writer import render_record

    lines = []
    for index, record in enumerate(tournament.records):
        try:
            line = render_record(record).rstrip()
        except WriteError as exc:
            where = f"records[{index}]" + (f".{exc.member}" if exc.member else "")
            raise JsonFormError(where, f"cannot be written as TRF: {exc}") from None
        too_long = limits.line_too_long(len(line))
        if too_long is not None:
            raise JsonFormError(f"records[{index}]", f"its TRF line would have {too_long}")
        lines.append(line + "\n")
    result = parse("".join(lines), limits=limits)
    # P010: the size of the TRF (the other limits were met above); P001: a lone surrogate
    refused = next((d for d in result.diagnostics if d.code in ("P001", "P010")), None)
    if refused is not None:
        raise JsonFormError("records", f"the TRF would not be read back: {refused.message}")
    back = result.tournament.records
    for index, (mine, theirs) in enumerate(zip(tournament.records, back, strict=False)):
        if mine != theirs:
            raise JsonFormError(
                f"records[{index}]",
                "would not read back from TRF as the same record "
                f"(it reads as {record_data(theirs)!r}); padding blanks, values wider than "
                "their columns and text that starts like another record cannot be kept",
            )
    if len(back) != len(tournament.records):  # pragma: no cover - one line per record
        raise JsonFormError("records", "the records do not read back one line each")


def _with_sources(tournament: Tournament) -> Tournament:
    from trfkit.trf.writer import render_record

    records = []
    for index, record in enumerate(tournament.records):
        try:
            text = render_record(record).rstrip()
        except WriteError:
            records.append(record)
            continue
        source = Source(index + 1, text, "\n", record_value(record))
        records.append(attrs.evolve(record, source=source))
    return Tournament(tuple(records))


# --- the schema -------------------------------------------------------------------------------


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of version 1 of the JSON form."""
    data: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return data


__all__ = [
    "FORMAT",
    "RECORD_TYPES",
    "SCHEMA_PATH",
    "VERSION",
    "JsonFormError",
    "canonical_record",
    "dumps",
    "from_data",
    "loads",
    "read_points",
    "record_data",
    "record_from_data",
    "schema",
    "to_data",
]

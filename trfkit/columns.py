"""The fixed-column layout of every TRF record, shared by the reader and the writer.

Column numbers are 1-based and inclusive, as in the FIDE TRF16 and TRF-2026
descriptions (``81-84`` is the four characters at positions 81..84, the Python
slice ``line[80:84]``). The reader slices with :func:`read_field` and the writer
formats with :func:`format_field`; both take the same :class:`Field`, so the two
directions cannot drift apart.

Columns are counted in characters, never bytes: a UTF-8 name does not shift the
round blocks that follow it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

import attrs

from trfkit.dates import readings
from trfkit.errors import FieldError, FieldOverflow
from trfkit.numbers import format_number
from trfkit.values import Value, WordEnum


class Kind(WordEnum):
    """How a field's characters are interpreted."""

    TEXT = "text"
    """Free text, stored without its padding."""
    INT = "int"
    """A whole number; blank is ``None``."""
    POINTS = "points"
    """A score such as ``11.5`` or ``-2.0``; blank is ``None``."""
    CODE = "code"
    """Text without blanks inside (a federation, a FIDE id, a title); stored without padding."""
    DATE = "date"
    """A date as text (``1990/01/01``, ``25/09/13``); stored without padding."""


_TEXT_KINDS = frozenset({Kind.TEXT, Kind.CODE, Kind.DATE})
"""The kinds whose value is their text without padding."""


class Align(WordEnum):
    """Where a value sits inside its columns when written."""

    LEFT = "left"
    RIGHT = "right"


@attrs.frozen(repr=False)
class Field(Value):
    """One fixed-column field of a record.

    Attributes:
        name: The model attribute the field fills.
        start: First column (1-based).
        end: Last column (1-based, inclusive).
        kind: How the text is interpreted.
        align: How the writer pads the value.
    """

    name: str
    start: int
    end: int
    kind: Kind = Kind.TEXT
    align: Align = Align.LEFT

    @property
    def width(self) -> int:
        """Number of columns the field occupies."""
        return self.end - self.start + 1

    @property
    def slice(self) -> slice:
        """The Python slice of a line that holds this field."""
        return slice(self.start - 1, self.end)


class Repeat(NamedTuple):
    """A group of equal fields that repeats to the end of the line.

    Item ``i`` (0-based) starts at column ``start + i * stride`` and is
    ``width`` characters wide; e.g. the team members of record 013 start at
    column 37, every 5 columns, 4 characters each.
    """

    name: str
    start: int
    width: int
    stride: int
    kind: Kind = Kind.INT
    align: Align = Align.RIGHT

    def item(self, index: int) -> Field:
        """The field of item *index* (0-based)."""
        start = self.start + index * self.stride
        return Field(self.name, start, start + self.width - 1, self.kind, self.align)


class Layout(NamedTuple):
    """The fields of one record kind, in column order, plus an optional repeat group."""

    fields: tuple[Field, ...]
    repeat: Repeat | None = None

    def field(self, name: str) -> Field:
        """The field called *name*; raises ``KeyError`` when there is none."""
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


# --- TRF16 player record 001 (and the TRF-2026 national rating records) ---------------------

PLAYER = Layout(
    (
        Field("start_rank", 5, 8, Kind.INT, Align.RIGHT),
        Field("sex", 10, 10, Kind.CODE),
        Field("title", 11, 13, Kind.CODE, Align.RIGHT),
        Field("name", 15, 47),
        Field("rating", 49, 52, Kind.INT, Align.RIGHT),
        Field("federation", 54, 56, Kind.CODE),
        Field("fide_id", 58, 68, Kind.CODE, Align.RIGHT),
        Field("birth_date", 70, 79, Kind.DATE),
        Field("points", 81, 84, Kind.POINTS, Align.RIGHT),
        Field("rank", 86, 89, Kind.INT, Align.RIGHT),
    )
)
"""Record 001, columns 1-89 (TRF16 §"Player section", unchanged in TRF-2026)."""

NATIONAL = Layout(
    (
        Field("start_rank", 5, 8, Kind.INT, Align.RIGHT),
        Field("sex", 10, 10, Kind.CODE),
        Field("classification", 11, 13, Kind.CODE, Align.RIGHT),
        Field("name", 15, 47),
        Field("rating", 49, 52, Kind.INT, Align.RIGHT),
        Field("origin", 54, 56, Kind.CODE),
        Field("national_id", 58, 68, Kind.CODE, Align.RIGHT),
        Field("birth_date", 70, 79, Kind.DATE),
    )
)
"""National rating records (TRF-2026 NRS): the 001 layout with a federation as DIN."""

ROUND_START = 92
"""Column of round 1's block in records 001 and 132."""
ROUND_STRIDE = 10
"""Width of a round block, separator included."""

ROUND_OPPONENT = Field("opponent", 1, 4, Kind.INT, Align.RIGHT)
"""Opponent's start rank, relative to the block start (0-based offsets 0..3)."""
ROUND_COLOUR = Field("colour", 6, 6)
ROUND_RESULT = Field("result", 8, 8)

ROUND_DATES = Repeat("dates", ROUND_START, 8, ROUND_STRIDE, Kind.DATE, Align.LEFT)
"""Record 132: round r's date in columns ``92+10(r-1)`` .. ``99+10(r-1)``."""


def round_block_start(round_number: int) -> int:
    """First column (1-based) of round *round_number*'s block in record 001."""
    return ROUND_START + ROUND_STRIDE * (round_number - 1)


def round_block(round_number: int) -> slice:
    """The Python slice of a 001 line that holds round *round_number*'s block and separator."""
    start = round_block_start(round_number) - 1
    return slice(start, start + ROUND_STRIDE)


def round_field(round_number: int, part: Field) -> Field:
    """*part* of a round block (:data:`ROUND_OPPONENT`, …) in the columns of *round_number*."""
    shift = round_block_start(round_number) - 1
    return attrs.evolve(part, start=part.start + shift, end=part.end + shift)


def round_of_column(column: int) -> int | None:
    """The round whose block holds *column* of a 001 line (``None`` before round 1)."""
    return (column - ROUND_START) // ROUND_STRIDE + 1 if column >= ROUND_START else None


POINTS = PLAYER.field("points")
"""The points column of record 001 (81-84)."""
RANK = PLAYER.field("rank")
"""The rank column of record 001 (86-89)."""


# --- team records -------------------------------------------------------------------------

TEAM16 = Layout((Field("name", 5, 36),), Repeat("members", 37, 4, 5))
"""Record 013: team name in 5-36, member start ranks every 5 columns from 37."""

TEAM26 = Layout(
    (
        Field("number", 5, 7, Kind.INT, Align.RIGHT),
        Field("name", 9, 40),
        Field("nickname", 42, 46),
        Field("strength", 48, 53, Kind.CODE, Align.RIGHT),
        Field("match_points", 55, 60, Kind.POINTS, Align.RIGHT),
        Field("game_points", 62, 67, Kind.POINTS, Align.RIGHT),
        Field("rank", 69, 71, Kind.INT, Align.RIGHT),
    ),
    Repeat("members", 74, 4, 5),
)
"""Record 310 (TRF-2026 team record)."""

# --- other TRF-2026 records ---------------------------------------------------------------

BYES = Layout(
    (Field("kind", 5, 5, Kind.CODE), Field("round", 7, 9, Kind.INT, Align.RIGHT)),
    Repeat("ids", 11, 4, 5),
)
"""Record 240: byes that bring points (F, H or Z), one round, several ids."""

ACCELERATION = Layout(
    (
        Field("match_points", 5, 8, Kind.POINTS, Align.RIGHT),
        Field("game_points", 10, 13, Kind.POINTS, Align.RIGHT),
        Field("first_round", 15, 17, Kind.INT, Align.RIGHT),
        Field("last_round", 19, 21, Kind.INT, Align.RIGHT),
        Field("first_id", 23, 26, Kind.INT, Align.RIGHT),
        Field("last_id", 28, 31, Kind.INT, Align.RIGHT),
    )
)
"""Record 250: accelerated rounds."""

PROHIBITED = Layout(
    (
        Field("first_round", 5, 7, Kind.INT, Align.RIGHT),
        Field("last_round", 9, 11, Kind.INT, Align.RIGHT),
    ),
    Repeat("ids", 13, 4, 5),
)
"""Record 260: prohibited pairings."""

ABNORMAL = Layout(
    (
        Field("kind", 5, 5, Kind.CODE),
        Field("match_points", 8, 11, Kind.POINTS, Align.RIGHT),
        Field("points", 14, 17, Kind.POINTS, Align.RIGHT),
        Field("round", 20, 22, Kind.INT, Align.RIGHT),
    ),
    Repeat("ids", 24, 4, 5),
)
"""Record 299: abnormal points assignment (penalties, bonuses)."""

LINEUP = Layout(
    (
        Field("round", 5, 7, Kind.INT, Align.RIGHT),
        Field("team", 9, 11, Kind.INT, Align.RIGHT),
        Field("opponent", 13, 15, Kind.INT, Align.RIGHT),
    ),
    Repeat("boards", 17, 4, 5),
)
"""Record 300: an out-of-order team line-up for one match."""

TEAM_PAB = Layout(
    (
        Field("match_points", 5, 8, Kind.POINTS, Align.RIGHT),
        Field("game_points", 10, 13, Kind.POINTS, Align.RIGHT),
    ),
    Repeat("teams", 15, 3, 4),
)
"""Record 320: team pairing-allocated byes, one team number per round."""

FORFEITED_MATCH = Layout(
    (
        Field("kind", 5, 6, Kind.CODE),
        Field("round", 8, 10, Kind.INT, Align.RIGHT),
        Field("white", 12, 14, Kind.INT, Align.RIGHT),
        Field("black", 16, 18, Kind.INT, Align.RIGHT),
    )
)
"""Record 330: forfeited team matches."""

SCORING_SYMBOL_START = 6
"""Record 162/362: the first symbol's column; pairs repeat every 9 columns."""
SCORING_STRIDE = 9


# --- reading and writing single fields ----------------------------------------------------


def read_text(line: str, field: Field) -> str:
    """The field's characters without padding (``""`` when the line is shorter)."""
    return line[field.slice].strip()


VALUE_START = 5
"""Column where the value of a coded record (``012``, ``142``, …) starts."""


def value_text(line: str) -> str:
    """Everything after a coded record's code, without padding."""
    return line[VALUE_START - 1 :].strip()


def reaches(line: str, column: int) -> bool:
    """True when *line* is long enough for *column* to start on it."""
    return column <= len(line) + 1


def parse_int(text: str) -> int | None:
    """``None`` for blank text, else the whole number; raises ``ValueError`` on junk.

    No whole-number field of a TRF record is negative (ids, ranks, ratings, rounds), so a
    sign is junk too.
    """
    text = text.strip()
    if not text:
        return None
    if not (text.isdigit() and text.isascii()):
        raise FieldError(text, text)
    return int(text)


def parse_points(text: str) -> Fraction | None:
    """``None`` for blank text, else the exact score (``.`` or ``,`` as decimal mark)."""
    text = text.strip()
    if not text:
        return None
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-").replace(",", ".")
    whole, _, frac = body.partition(".")
    if (
        not (whole or frac)
        or not (whole.isdigit() or whole == "")
        or not (frac.isdigit() or frac == "")
    ):
        raise FieldError(text, text)
    if not (whole + frac).isascii():
        raise FieldError(text, text)
    value = Fraction(int(whole or "0")) + (
        Fraction(int(frac), 10 ** len(frac)) if frac else Fraction(0)
    )
    return sign * value


def read_field(line: str, field: Field) -> str | int | Fraction | None:
    """Slice *field* out of *line* and interpret it; raises :class:`FieldError` on junk."""
    return read_value(line[field.slice], field)


def read_value(text: str, field: Field) -> str | int | Fraction | None:
    """Interpret *text* as a value of *field*; raises :class:`FieldError` on junk."""
    if field.kind in _TEXT_KINDS:
        return text.strip()
    try:
        if field.kind is Kind.INT:
            return parse_int(text)
        return parse_points(text)
    except ValueError:
        raise FieldError(_not_valid(field, text), text) from None


def format_value(value: str | int | Fraction | None, kind: Kind) -> str:
    """The text of *value* before padding."""
    if value is None:
        return ""
    if kind is Kind.POINTS:
        assert isinstance(value, Fraction)
        return format_number(value)
    return str(value)


def _not_valid(field: Field, text: str) -> str:
    return f"{field.name} {text.strip()!r} is not a valid {field.kind.value}"


def _too_wide(field: Field, text: str) -> str:
    return f"{field.name} {text!r} does not fit columns {field.start}-{field.end}"


def format_field(value: str | int | Fraction | None, field: Field) -> str:
    """Pad *value* to the field's width; raises :class:`FieldOverflow` when it is wider."""
    text = format_value(value, field.kind)
    if len(text) > field.width:
        raise FieldOverflow(_too_wide(field, text), text)
    if field.align is Align.RIGHT:
        return text.rjust(field.width)
    return text.ljust(field.width)


def place(buffer: list[str], field: Field, text: str) -> None:
    """Write *text* (already padded) into *buffer*, a list of characters, at the field."""
    needed = field.end
    if len(buffer) < needed:
        buffer.extend(" " * (needed - len(buffer)))
    buffer[field.start - 1 : field.end] = list(text)


def columns_text(first: int, last: int) -> str:
    """``"column 19"`` or ``"columns 13-15"``: a span of columns in a message."""
    return f"column {first}" if first == last else f"columns {first}-{last}"


# --- fields that stand off their columns ---------------------------------------------------

_TOKEN = re.compile(r"[^ \t]+")
_REACH = 2
"""How far (in columns) text outside every field may stand from the field it is read into."""


class Placed(NamedTuple):
    """A field's text as it stands in one line.

    Attributes:
        field: The field.
        text: Its text without padding.
        start: The first column the text occupies (the field's own when it is blank).
        end: The last column the text occupies.
    """

    field: Field
    text: str
    start: int
    end: int

    @property
    def shifted(self) -> bool:
        """Whether the text stands (partly) outside the field's columns."""
        return bool(self.text) and (self.start < self.field.start or self.end > self.field.end)


class Placement(NamedTuple):
    """Where the text of one line stands, field by field (:func:`locate`).

    Attributes:
        fields: One :class:`Placed` per field, in column order.
        stray: The spans ``(first, last)`` of text that no single field can take
            (across two fields, between two empty ones, or no valid value where it
            stands): those fields keep the text of their own columns.
    """

    fields: tuple[Placed, ...]
    stray: tuple[tuple[int, int], ...] = ()

    def values(self) -> dict[str, str]:
        """Field name → text, for the layout's single fields (a repeat's items are left out)."""
        return {p.field.name: p.text for p in self.fields}


def fields_of(layout: Layout, width: int) -> list[Field]:
    """The layout's fields, its repeat items included as far as a line of *width* reaches.

    An item starting just past the line's end is included too: text in the separating
    column before it is as near to it as to the item before.
    """
    fields = list(layout.fields)
    repeat = layout.repeat
    if repeat is not None:
        index = 0
        while repeat.start + index * repeat.stride <= width + _REACH:
            fields.append(repeat.item(index))
            index += 1
    return fields


def _valid(text: str, field: Field) -> bool:
    """Whether *text* is a value of *field* (a number field's number, a date field's date)."""
    if field.kind is Kind.INT:
        try:
            parse_int(text)
        except ValueError:
            return False
    elif field.kind is Kind.POINTS:
        try:
            parse_points(text)
        except ValueError:
            return False
    elif field.kind is Kind.DATE:
        return bool(readings(text))
    elif field.kind is Kind.CODE:
        return " " not in text and "\t" not in text
    return True


class Plan:
    """The fields of one layout for lines of one width, with what reading by text needs.

    Built once per layout and width (:func:`plan_of`) and shared by every line read
    with it: which field owns each column, the separating columns, and the columns
    where two fields meet without a blank between them.
    """

    __slots__ = ("extra", "fields", "gaps", "joins", "layout", "owner")

    def __init__(
        self, fields: Sequence[Field], layout: Layout | None = None, extra: object = None
    ) -> None:
        self.fields = tuple(fields)
        self.layout = layout
        self.extra = extra
        last = max((f.end for f in self.fields), default=0)
        owner: list[int | None] = [None] * (last + 2)
        for index, f in enumerate(self.fields):
            for column in range(f.start, f.end + 1):
                owner[column] = index
        self.owner = owner
        self.gaps = tuple(c - 1 for c in range(4, last + 1) if owner[c] is None)
        """0-based indices of the columns between the fields (from column 4)."""
        self.joins = tuple(
            f.end - 1 for f in self.fields if f.end + 1 <= last and owner[f.end + 1] is not None
        )
        """0-based index of each field's last column where the next field follows at once."""

    def in_columns(self, line: str) -> bool:
        """Whether every piece of *line*'s text stands inside one field (the usual line).

        Such a line reads the same by its columns as by :meth:`locate`.
        """
        width = len(line)
        for index in self.gaps:
            if index >= width:
                break
            if line[index] not in " \t":
                return False
        for index in self.joins:
            if index + 1 < width and line[index] not in " \t" and line[index + 1] not in " \t":
                return False
        last = len(self.owner) - 2
        return width <= last or not line[last:].strip()

    def locate(self, line: str, *, until: int | None = None) -> Placement:
        """Read every field of *line* by where its text stands, not only by its columns.

        Exporters shift a field by a column or two (a date starting in column 93, a score
        written over the separating blank). Reading such a field by its columns cuts it
        (``25/09/13`` becomes ``25/09/1``); this reads the blank-separated pieces of text
        instead and gives each to the one field it belongs to:

        - a piece inside one field's columns, or across adjacent fields without a blank
          between them (sex and title of 001) that it splits into their values, is read
          in those columns, as always;
        - a piece that overlaps one field and otherwise only separating blanks belongs to
          that field;
        - a piece that overlaps no field belongs to the nearest field within two columns,
          when that field holds nothing else and no other field is as near;
        - a piece across two fields belongs to the one it overlaps most, when that one is a
          number, date or code field that holds nothing else and the piece is its value.

        A shifted field is read whole only when its text is a valid value (a number for a
        number field, a date for a date field, no blank inside a code); anything else is
        *stray*, and the fields around it keep the text of their own columns.

        Args:
            line: The record's line.
            until: The last column to look at (``None``: the whole line); text that runs on
                past it is stray.
        """
        fields = self.fields
        width = len(line) if until is None else min(len(line), until)
        owner = self.owner
        if width + 2 > len(owner):
            owner = owner + [None] * (width + 2 - len(owner))
        spans: list[list[tuple[int, int]]] = [[] for _ in fields]
        outside: list[bool] = [False] * len(fields)
        orphans: list[tuple[int, int]] = []
        contested: list[tuple[int, int, set[int]]] = []
        stray: list[tuple[int, int]] = []
        for match in _TOKEN.finditer(line, 3):
            start, end = match.start() + 1, match.end()
            if start > width:
                break
            if end > width:  # text running on past the last column looked at
                stray.append((start, end))
                continue
            owners = set(owner[start : end + 1])
            inside: set[int] = owners - {None}  # type: ignore[assignment]  # None is gone
            if None not in owners:
                parts = [
                    (index, max(start, fields[index].start), min(end, fields[index].end))
                    for index in inside
                ]
                if len(parts) > 1 and not all(
                    _valid(line[lo - 1 : hi], fields[index]) for index, lo, hi in parts
                ):  # adjacent fields that the text does not split into values
                    stray.append((start, end))
                    continue
                for index, lo, hi in parts:
                    spans[index].append((lo, hi))
            elif len(inside) == 1:
                (index,) = inside
                spans[index].append((start, end))
                outside[index] = True
            elif not inside:
                orphans.append((start, end))
            else:
                contested.append((start, end, inside))
        for start, end, inside in contested:
            best = _widest(fields, inside, start, end)
            if best is None or spans[best] or fields[best].kind is Kind.TEXT:
                stray.append((start, end))
            else:
                spans[best].append((start, end))
                outside[best] = True
        for start, end in orphans:
            near = [
                (min(abs(f.start - end), abs(start - f.end)), index)
                for index, f in enumerate(fields)
                if not spans[index] and (0 < f.start - end <= _REACH or 0 < start - f.end <= _REACH)
            ]
            near.sort()
            if near and (len(near) == 1 or near[0][0] < near[1][0]):
                index = near[0][1]
                spans[index].append((start, end))
                outside[index] = True
            else:
                stray.append((start, end))
        placed: list[Placed | None] = [None] * len(fields)
        foreign: list[list[tuple[int, int]]] = [[] for _ in fields]
        for index, f in enumerate(fields):
            if not outside[index]:
                continue
            start = min(s for s, _ in spans[index])
            end = max(e for _, e in spans[index])
            text = line[start - 1 : end].strip()
            if _valid(text, f):
                placed[index] = Placed(f, text, start, end)
                for other, g in enumerate(fields):  # a neighbour loses what this field took
                    if other != index and g.start <= end and start <= g.end:
                        foreign[other].append((start, end))
            else:
                stray.extend(s for s in spans[index] if s[0] < f.start or s[1] > f.end)
        result: list[Placed] = []
        for index, f in enumerate(fields):
            found = placed[index]
            if found is None:
                own = line[f.slice]
                for start, end in foreign[index]:
                    lo, hi = max(start, f.start) - f.start, min(end, f.end) - f.start + 1
                    own = own[:lo] + " " * (hi - lo) + own[hi:]
                found = Placed(f, own.strip(), f.start, f.end)
            result.append(found)
        return Placement(tuple(result), tuple(sorted(stray)))



_PLANS: dict[tuple[int, int, int], Plan] = {}
_PLAN_LIMIT = 4096
"""Most plans kept (a layout has one per count of repeat items, 99 rounds at most in 132)."""


def plan_of(layout: Layout, width: int, extra: tuple[Field, ...] = ()) -> Plan:
    """The :class:`Plan` of *layout* (after the fields *extra*) for lines of *width*.

    Kept by the identity of *layout* and *extra* (the reader's are module constants);
    a kept plan is checked to be theirs before it is used.
    """
    repeat = layout.repeat
    items = 0
    if repeat is not None and width + _REACH >= repeat.start:
        items = (width + _REACH - repeat.start) // repeat.stride + 1
    key = (id(layout), id(extra), items)  # lines with as many repeat items share a plan
    found = _PLANS.get(key)
    if found is None or found.layout is not layout or found.extra is not extra:
        found = Plan((*extra, *fields_of(layout, width)), layout, extra)
        if len(_PLANS) < _PLAN_LIMIT:
            _PLANS[key] = found
    return found


def locate(line: str, fields: Sequence[Field], *, until: int | None = None) -> Placement:
    """:meth:`Plan.locate` with the plan of *fields*."""
    return Plan(fields).locate(line, until=until)

def _widest(fields: Sequence[Field], inside: set[int], start: int, end: int) -> int | None:
    """The field of *inside* that the text in *start*-*end* overlaps most, if just one does."""
    overlaps = sorted(
        (min(end, fields[i].end) - max(start, fields[i].start) + 1, i) for i in inside
    )
    if overlaps[-1][0] == overlaps[-2][0]:
        return None
    return overlaps[-1][1]

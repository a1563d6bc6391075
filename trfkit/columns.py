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

import enum
from fractions import Fraction

import attrs

from trfkit.errors import FieldError, FieldOverflow
from trfkit.numbers import format_number


class Kind(enum.Enum):
    """How a field's characters are interpreted."""

    TEXT = "text"
    """Free text, stored without its padding."""
    INT = "int"
    """A whole number; blank is ``None``."""
    POINTS = "points"
    """A score such as ``11.5`` or ``-2.0``; blank is ``None``."""


class Align(enum.Enum):
    """Where a value sits inside its columns when written."""

    LEFT = "left"
    RIGHT = "right"


@attrs.frozen
class Field:
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


@attrs.frozen
class Repeat:
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


@attrs.frozen
class Layout:
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
        Field("sex", 10, 10),
        Field("title", 11, 13, Kind.TEXT, Align.RIGHT),
        Field("name", 15, 47),
        Field("rating", 49, 52, Kind.INT, Align.RIGHT),
        Field("federation", 54, 56),
        Field("fide_id", 58, 68, Kind.TEXT, Align.RIGHT),
        Field("birth_date", 70, 79),
        Field("points", 81, 84, Kind.POINTS, Align.RIGHT),
        Field("rank", 86, 89, Kind.INT, Align.RIGHT),
    )
)
"""Record 001, columns 1-89 (TRF16 §"Player section", unchanged in TRF-2026)."""

NATIONAL = Layout(
    (
        Field("start_rank", 5, 8, Kind.INT, Align.RIGHT),
        Field("sex", 10, 10),
        Field("classification", 11, 13, Kind.TEXT, Align.RIGHT),
        Field("name", 15, 47),
        Field("rating", 49, 52, Kind.INT, Align.RIGHT),
        Field("origin", 54, 56),
        Field("national_id", 58, 68, Kind.TEXT, Align.RIGHT),
        Field("birth_date", 70, 79),
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

ROUND_DATES = Repeat("dates", ROUND_START, 8, ROUND_STRIDE, Kind.TEXT, Align.LEFT)
"""Record 132: round r's date in columns ``92+10(r-1)`` .. ``99+10(r-1)``."""


def round_block_start(round_number: int) -> int:
    """First column (1-based) of round *round_number*'s block in record 001."""
    return ROUND_START + ROUND_STRIDE * (round_number - 1)


def round_block(round_number: int) -> slice:
    """The Python slice of a 001 line that holds round *round_number*'s block and separator."""
    start = round_block_start(round_number) - 1
    return slice(start, start + ROUND_STRIDE)


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
        Field("strength", 48, 53, Kind.TEXT, Align.RIGHT),
        Field("match_points", 55, 60, Kind.POINTS, Align.RIGHT),
        Field("game_points", 62, 67, Kind.POINTS, Align.RIGHT),
        Field("rank", 69, 71, Kind.INT, Align.RIGHT),
    ),
    Repeat("members", 74, 4, 5),
)
"""Record 310 (TRF-2026 team record)."""

# --- other TRF-2026 records ---------------------------------------------------------------

BYES = Layout(
    (Field("kind", 5, 5), Field("round", 7, 9, Kind.INT, Align.RIGHT)),
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
        Field("kind", 5, 5),
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
        Field("kind", 5, 6),
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


def parse_int(text: str) -> int | None:
    """``None`` for blank text, else the integer; raises ``ValueError`` on junk."""
    text = text.strip()
    if not text:
        return None
    if not (text.isdigit() and text.isascii()):
        if text[0] == "-" and text[1:].isdigit() and text[1:].isascii():
            return int(text)
        raise ValueError(text)
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
        raise ValueError(text)
    if not (whole + frac).isascii():
        raise ValueError(text)
    value = Fraction(int(whole or "0")) + (
        Fraction(int(frac), 10 ** len(frac)) if frac else Fraction(0)
    )
    return sign * value


def read_field(line: str, field: Field) -> str | int | Fraction | None:
    """Slice *field* out of *line* and interpret it; raises :class:`FieldError` on junk."""
    text = line[field.slice]
    if field.kind is Kind.TEXT:
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

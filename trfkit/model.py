"""The tournament model: frozen attrs values, one class per TRF record kind.

A :class:`Tournament` is the ordered tuple of its records, exactly as they
stand in the file (header records, players, teams, comments, blank and unknown
lines alike), so that writing an unmodified parse reproduces the input. Every
record keeps the line it came from in :attr:`Record.source`, which takes no part
in equality: two files that say the same thing give equal models.

Scores are :class:`fractions.Fraction`, never floats.
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, Literal, TypeVar

import attrs

from trfkit.errors import ArgumentTypeError, EditError, ModelError
from trfkit.values import Value, WordEnum

# --- vocabularies -------------------------------------------------------------------------


class Colour(WordEnum):
    """The colour column of a round block (TRF16 §001, column 97 for round 1).

    The value is the letter a file holds (``"w"``); ``str()`` gives the word (``"white"``).
    """

    WHITE = "w"
    BLACK = "b"
    NONE = "-"
    """Bye, absence or not paired; a blank colour means the same."""

    # Members are singletons compared by identity: hashing by identity (a C slot)
    # instead of Enum's hash of the name makes the per-block set lookups cheaper.
    __hash__ = object.__hash__

    @property
    def opposite(self) -> Colour:
        """White for Black and Black for White; ``NONE`` stays ``NONE``."""
        return {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}.get(self, self)

    def __str__(self) -> str:
        """``"white"``, ``"black"`` or ``"none"``."""
        return self.name.lower()


class Result(WordEnum):
    """The result code of a round block (TRF16 table of result codes).

    Letter codes are read case-insensitively and written upper-case. The value is the
    code a file holds (``"+"``); ``str()`` gives the words (``"forfeit win"``).
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    WIN_UNRATED = "W"
    """Win in a game that lasted less than one move: paired, not rated."""
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    HALF_BYE = "H"
    FULL_BYE = "F"
    PAIRING_BYE = "U"
    """Pairing-allocated bye (PAB), at most one per round."""
    ZERO_BYE = "Z"
    UNKNOWN = "X"
    """Unknown result, e.g. an adjourned game (accepted by FIDE's checker, not TRF16)."""

    __hash__ = object.__hash__  # as for Colour: identity, the cheap way

    @property
    def is_bye(self) -> bool:
        """True for the codes that never have an opponent (H, F, U, Z)."""
        return self in _BYES

    @property
    def is_forfeit(self) -> bool:
        """True for ``+`` and ``-``."""
        return self in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)

    @property
    def is_played(self) -> bool:
        """True when a game took place over the board (1 = 0 W D L)."""
        return self in _PLAYED

    @property
    def is_rated(self) -> bool:
        """True for the codes of rated games (1 = 0)."""
        return self in (Result.WIN, Result.DRAW, Result.LOSS)

    @property
    def complement(self) -> Result | None:
        """The result the opponent must show for the same game, or ``None`` for byes."""
        return _COMPLEMENT.get(self)

    @property
    def default_points(self) -> Fraction:
        """Points under the standard 1 / ½ / 0 scoring (PAB worth a win)."""
        return _DEFAULT_POINTS[self]

    def __str__(self) -> str:
        """The result in words: ``"win"``, ``"forfeit loss"``, ``"half-point bye"``."""
        return _RESULT_WORDS[self]


_BYES = frozenset({Result.HALF_BYE, Result.FULL_BYE, Result.PAIRING_BYE, Result.ZERO_BYE})
_PLAYED = frozenset(
    {
        Result.WIN,
        Result.DRAW,
        Result.LOSS,
        Result.WIN_UNRATED,
        Result.DRAW_UNRATED,
        Result.LOSS_UNRATED,
    }
)
_COMPLEMENT = {
    Result.WIN: Result.LOSS,
    Result.LOSS: Result.WIN,
    Result.DRAW: Result.DRAW,
    Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
    Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
    Result.WIN_UNRATED: Result.LOSS_UNRATED,
    Result.LOSS_UNRATED: Result.WIN_UNRATED,
    Result.DRAW_UNRATED: Result.DRAW_UNRATED,
    Result.UNKNOWN: Result.UNKNOWN,
}
_RESULT_WORDS = {
    Result.WIN: "win",
    Result.DRAW: "draw",
    Result.LOSS: "loss",
    Result.FORFEIT_WIN: "forfeit win",
    Result.FORFEIT_LOSS: "forfeit loss",
    Result.WIN_UNRATED: "unrated win",
    Result.DRAW_UNRATED: "unrated draw",
    Result.LOSS_UNRATED: "unrated loss",
    Result.HALF_BYE: "half-point bye",
    Result.FULL_BYE: "full-point bye",
    Result.PAIRING_BYE: "pairing-allocated bye",
    Result.ZERO_BYE: "zero-point bye",
    Result.UNKNOWN: "unknown",
}
_HALF = Fraction(1, 2)
_DEFAULT_POINTS = {
    Result.WIN: Fraction(1),
    Result.DRAW: _HALF,
    Result.LOSS: Fraction(0),
    Result.FORFEIT_WIN: Fraction(1),
    Result.FORFEIT_LOSS: Fraction(0),
    Result.WIN_UNRATED: Fraction(1),
    Result.DRAW_UNRATED: _HALF,
    Result.LOSS_UNRATED: Fraction(0),
    Result.HALF_BYE: _HALF,
    Result.FULL_BYE: Fraction(1),
    Result.PAIRING_BYE: Fraction(1),
    Result.ZERO_BYE: Fraction(0),
    Result.UNKNOWN: _HALF,
}


class Sex(WordEnum):
    """Column 10 of record 001: ``m`` or ``w`` (``f`` is read as ``w``); ``str()``: ``"male"``."""

    MALE = "m"
    FEMALE = "w"

    def __str__(self) -> str:
        """``"male"`` or ``"female"``."""
        return self.name.lower()


class Title(WordEnum):
    """FIDE titles (columns 11-13 of record 001); ``str()`` gives the title (``"GM"``)."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    FM = "FM"
    WIM = "WIM"
    CM = "CM"
    WFM = "WFM"
    WCM = "WCM"


OLD_TITLES = {
    "g": Title.GM,
    "m": Title.IM,
    "f": Title.FM,
    "c": Title.CM,
    "wg": Title.WGM,
    "wm": Title.WIM,
    "wf": Title.WFM,
    "wc": Title.WCM,
}
"""The single- and double-letter title codes of TRF06-era files."""


# --- the rules of the fields ---------------------------------------------------------------
# Every record is built through its constructor, the reader's included, so these run on every
# value: they check only what a file cannot say otherwise (a type, a sign), in one call each.


_Validator = Callable[[Any, Any, Any], None]


def _number_at_least(low: int, optional: bool) -> _Validator:
    def check(instance: object, attribute: Any, value: Any) -> None:
        if value is None and optional:
            return
        if type(value) is not int or value < low:  # bool is no start rank either
            raise ModelError(
                f"{type(instance).__name__}.{attribute.name} must be "
                f"{'None or ' if optional else ''}a whole number of at least {low}, "
                f"not {value!r}"
            )

    return check


def _member_of(kind: type[enum.Enum], optional: bool) -> _Validator:
    def check(instance: object, attribute: Any, value: Any) -> None:
        if (value is None and optional) or type(value) is kind:
            return
        names = ", ".join(f"{kind.__name__}.{m.name}" for m in kind)
        raise ModelError(
            f"{type(instance).__name__}.{attribute.name} must be one of {names}"
            f"{' or None' if optional else ''}, not {value!r}"
        )

    return check


def _numbers_at_least(low: int) -> _Validator:
    """A tuple of ids: each ``None`` (an empty place) or a whole number of at least *low*."""

    def check(instance: object, attribute: Any, value: Any) -> None:
        if type(value) is not tuple:
            raise ModelError(
                f"{type(instance).__name__}.{attribute.name} must be a tuple, not {value!r}"
            )
        for item in value:
            if item is not None and (type(item) is not int or item < low):
                raise ModelError(
                    f"{type(instance).__name__}.{attribute.name} holds {item!r}: each must be "
                    f"None or a whole number of at least {low}"
                )

    return check


_START_RANK = _number_at_least(1, False)
_OPTIONAL_COUNT = _number_at_least(0, True)
_COUNTS = _numbers_at_least(0)

LARGEST_ID = 9999
"""The largest start rank four columns hold (columns 5-8 of record 001, a block's opponent)."""

MOST_ROUNDS = 99
"""The most round blocks an edit gives a player line, unless the line already holds more:
the reader's limit by default (``trfkit.limits.Limits().max_rounds`` is this value)."""

DECIMALS = 6
"""The most decimals of points an edit takes: what ``trfkit.numbers.format_number``, the
one number writer, writes exactly (``numbers.DECIMALS``; it rounds longer ones)."""


def _opponent(instance: object, attribute: Any, value: Any) -> None:
    # four columns: a wider number would push the rest of the line to the right
    if value is not None and (type(value) is not int or not 1 <= value <= LARGEST_ID):
        raise ModelError(
            f"{type(instance).__name__}.{attribute.name} must be None or a start rank from 1 "
            f"to {LARGEST_ID} (four columns), not {value!r}"
        )


def _fraction_or_none(instance: object, attribute: Any, value: Any) -> None:
    if value is not None and type(value) is not Fraction:
        raise ModelError(
            f"{type(instance).__name__}.{attribute.name} must be a Fraction or None "
            f"(exact points), not {value!r}"
        )


def _one_line(text: str) -> bool:
    r"""Whether *text* holds no line break the reader splits lines on (``\n``, ``\r``).

    Every other character is kept: files hold odd ones, and they must be written back.
    """
    return "\n" not in text and "\r" not in text


def _text(instance: object, attribute: Any, value: Any) -> None:
    if type(value) is not str or not _one_line(value):
        raise ModelError(
            f"{type(instance).__name__}.{attribute.name} must be text on one line (no line "
            f"break), not {value!r}"
        )


def _texts(instance: object, attribute: Any, value: Any) -> None:
    if type(value) is not tuple or any(
        type(item) is not str or not _one_line(item) for item in value
    ):
        raise ModelError(
            f"{type(instance).__name__}.{attribute.name} must be a tuple of texts on one line "
            f"(no line break), not {value!r}"
        )


def _blocks_in_order(instance: object, attribute: Any, value: Any) -> None:
    """The round blocks: RoundResult values numbered 1, 2, 3, … in order."""
    if type(value) is not tuple:
        raise ModelError(f"Player.rounds must be a tuple of RoundResult, not {value!r}")
    for number, block in enumerate(value, 1):
        if type(block) is not RoundResult or block.round != number:
            raise ModelError(
                f"Player.rounds[{number - 1}] must be the RoundResult of round {number}, "
                f"not {block!r}"
            )


UNREAD_FIELDS = frozenset({"sex", "title"})
"""The fields of record 001 whose text the model keeps when it is no value of its set."""


def _as_written(instance: object, attribute: Any, value: Any) -> None:
    if type(value) is not tuple or any(
        type(item) is not tuple or len(item) != 2 or item[0] not in UNREAD_FIELDS
        or type(item[1]) is not str or not item[1]
        for item in value
    ):  # fmt: skip
        raise ModelError(
            f"{type(instance).__name__}.{attribute.name} must be a tuple of (field, text) with "
            f"the field one of {', '.join(sorted(UNREAD_FIELDS))} and the text not empty, "
            f"not {value!r}"
        )


# --- records ------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class Source(Value):
    """Where a record came from: its line number, its text and its line terminator.

    ``as_read`` is what the reader read ``text`` as, kept as a value: the
    record's class and field values (:func:`record_value`), not the record
    itself. The writer reuses ``text`` unchanged only while the record's value
    still equals it, so an edited record (``attrs.evolve(record, name=...)``)
    is rendered anew and an untouched one keeps its bytes. Without it (a source
    made by hand, or by a conversion that wants the line rewritten) the record
    is always rendered.
    """

    line: int
    text: str
    newline: str = "\n"
    as_read: tuple[object, ...] | None = attrs.field(default=None, repr=False)
    unplaced: str = attrs.field(default="", repr=False)
    """Why some text of the line belongs to no one field (the reader kept those fields as
    their columns hold them); a conversion then writes the line as it stands."""


@attrs.frozen(repr=False)
class Record(Value):
    """Base of every record; ``source`` is kept outside equality."""

    source: Source | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)

    @property
    def line(self) -> int | None:
        """The 1-based line the record was read from, if it was read."""
        return self.source.line if self.source is not None else None


def record_value(record: Record) -> tuple[object, ...]:
    """What *record* says, as one value: its class, then its fields in order (not its source).

    Two records have equal values exactly when they are equal; a record read
    from a line has the value its :attr:`Source.as_read` keeps.
    """
    cls = type(record)
    get = _VALUE_GETTERS.get(cls)
    if get is None:
        get = _VALUE_GETTERS[cls] = _value_getter(cls)
    return get(record)


_VALUE_GETTERS: dict[type[Record], Callable[[Record], tuple[object, ...]]] = {}


def _value_getter(cls: type[Record]) -> Callable[[Record], tuple[object, ...]]:
    names = [a.name for a in attrs.fields(cls) if a.name != "source"]
    if len(names) < 2:  # attrgetter of one name gives the value itself, not a tuple
        return lambda record: (cls, *(getattr(record, name) for name in names))
    get = operator.attrgetter(*names)
    return lambda record: (cls, *get(record))


@attrs.frozen(repr=False)
class TextRecord(Record):
    """A header record whose value is free text (012 name, 022 city, 092 type, …).

    Attributes:
        code: The record code (``"012"``).
        value: Everything after column 4, without trailing blanks.
    """

    code: str
    value: str


@attrs.frozen(repr=False)
class RoundDates(Record):
    """Record 132: round r's date in columns ``92+10(r-1)``..``99+10(r-1)``."""

    dates: tuple[str, ...]
    prefix: str = ""
    """Text in columns 5-91 (normally blank)."""


@attrs.frozen(repr=False)
class RoundCount(Record):
    """The number of rounds: TRF-2026 record 142 or JaVaFo's ``XXR``."""

    code: str
    rounds: int | None


@attrs.frozen(repr=False)
class InitialColour(Record):
    """Record 152: the colour of the top-ranked participant in round 1 (``W``/``B``)."""

    colour: str


@attrs.frozen(repr=False)
class Scoring(Record):
    """Point values: record 162 (games), 362 (team matches) or JaVaFo ``XXS``.

    Attributes:
        code: ``"162"``, ``"362"`` or ``"XXS"``.
        values: ``(symbol, points)`` pairs in file order, e.g. ``("W", 1)``.
    """

    code: str
    values: tuple[tuple[str, Fraction], ...]


@attrs.frozen(repr=False)
class BbpScore(Record):
    """bbpPairings' ``BBW BBD BBL BBZ BBF BBU`` records: one point value each."""

    code: str
    points: Fraction | None


@attrs.frozen(repr=False)
class TieBreakList(Record):
    """Records 202 (tie-breaks) and 212 (standings definition): FIDE codes in order."""

    code: str
    tiebreaks: tuple[str, ...]


@attrs.frozen(repr=False)
class Tokens(Record):
    """Records made of blank-separated tokens: ``XXC`` options, ``XXZ`` and ``XXP`` ids."""

    code: str
    tokens: tuple[str, ...]


_BLOCK_RULES: Mapping[str, _Validator] = {
    "round": _START_RANK,
    "opponent": _opponent,
    "colour": _member_of(Colour, False),
    "result": _member_of(Result, True),
}
"""The rule of each field of :class:`RoundResult`."""


@attrs.frozen(repr=False)
class RoundResult(Value):
    """One 10-column round block of record 001.

    Attributes:
        round: The round number (1-based).
        opponent: The opponent's start rank (1 to 9999, its four columns); ``None`` for
            ``0000`` or blank.
        colour: The scheduled colour.
        result: The result code; ``None`` when the column is blank (read as ``Z``).
    """

    round: int
    opponent: int | None
    colour: Colour
    result: Result | None

    def __attrs_post_init__(self) -> None:
        # A file of a thousand players builds ten thousand blocks: the rules of the four
        # fields are one test here, and the field's own rule names what is wrong.
        r, o = self.round, self.opponent
        if (
            type(r) is int and r >= 1
            and (o is None or (type(o) is int and 1 <= o <= LARGEST_ID))
            and type(self.colour) is Colour
            and (self.result is None or type(self.result) is Result)
        ):  # fmt: skip
            return
        for field in attrs.fields(RoundResult):
            _BLOCK_RULES[field.name](self, field, getattr(self, field.name))

    @property
    def effective_result(self) -> Result:
        """The result with a blank read as ``Z``, as TRF16 prescribes."""
        return Result.ZERO_BYE if self.result is None else self.result

    @property
    def is_game(self) -> bool:
        """True when the block names an opponent (a game, played or forfeited)."""
        return self.opponent is not None and self.opponent != 0

    @property
    def is_blank(self) -> bool:
        """True for a block that says nothing (not paired)."""
        return self.opponent is None and self.colour is Colour.NONE and self.result is None


@attrs.frozen(repr=False)
class Player(Record):
    """Record 001: one participant and their round blocks.

    Attributes:
        start_rank: Columns 5-8, the pairing number (1..9999).
        sex: Column 10.
        title: Columns 11-13.
        name: Columns 15-47.
        rating: Columns 49-52 (``None`` when blank).
        federation: Columns 54-56.
        fide_id: Columns 58-68, kept as text (national ids occur).
        birth_date: Columns 70-79, kept as text (many formats occur).
        points: Columns 81-84.
        rank: Columns 86-89.
        rounds: The round blocks from column 92, as far as the line writes them: a last
            block whose columns are blank is no block, one that holds only ``-`` or
            ``0000`` is one (with no opponent, no colour and no result).
    """

    start_rank: int = attrs.field(validator=_START_RANK)
    name: str = attrs.field(default="", validator=_text)
    sex: Sex | None = attrs.field(default=None, validator=_member_of(Sex, True))
    title: Title | None = attrs.field(default=None, validator=_member_of(Title, True))
    rating: int | None = attrs.field(default=None, validator=_OPTIONAL_COUNT)
    federation: str = attrs.field(default="", validator=_text)
    fide_id: str = attrs.field(default="", validator=_text)
    birth_date: str = attrs.field(default="", validator=_text)
    points: Fraction | None = attrs.field(default=None, validator=_fraction_or_none)
    rank: int | None = attrs.field(default=None, validator=_OPTIONAL_COUNT)
    """``0`` is how some exporters mark a player not ranked (withdrawn)."""
    rounds: tuple[RoundResult, ...] = attrs.field(default=(), validator=_blocks_in_order)
    appended: tuple[str, ...] = attrs.field(default=(), validator=_texts)
    """Numbers an exporter wrote after the last round's block (tie-break columns), as written.

    Read when the report declares its rounds (142 or ``XXR``) and every player line holds
    only numbers after that round's block; the blocks then end with that round."""
    unread: tuple[tuple[str, str], ...] = attrs.field(default=(), validator=_as_written)
    """``(field, text)``: a field whose text is no value of its set, as written (``("sex",
    "u")``, ``("title", "XY")``); the field's value is then ``None``, and every writer
    writes the text back."""

    def written(self, field: str) -> str:
        """The text of *field* as :attr:`unread` keeps it (``""`` for none)."""
        for name, text in self.unread:
            if name == field:
                return text
        return ""

    def round(self, number: int) -> RoundResult | None:
        """The block of round *number*, or ``None`` when the line has none."""
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        return None

    # --- edits: each a new Player made through the constructor, so every rule runs ---------

    def with_points(self, points: Fraction | int | str | None) -> Player:
        """This player with *points* in the points column (columns 81-84).

        Nothing else changes: the results stay as they are (:func:`trfkit.fix` writes the
        points the results give).

        Args:
            points: Exact points: a :class:`~fractions.Fraction`, a whole number, a text
                such as ``"5.5"`` or ``"11/2"``, or ``None`` for a blank column.

        Raises:
            EditError: Points a file cannot hold: no decimal of at most :data:`DECIMALS`
                places (``"1/3"`` would be written ``0.33`` and read back as 33/100).
                Points too wide for the column are refused when written
                (:class:`~trfkit.errors.WriteError`).
            ModelError: *points* is no exact number (a float, ``True``, ``"five"``).
        """
        value = _exact_points(points)
        if value is not None and (value * 10**DECIMALS).denominator != 1:
            raise EditError(
                f"points {value} have no decimal form a file holds (at most {DECIMALS} "
                "decimals): written rounded, they would read back as other points"
            )
        return attrs.evolve(self, points=value)

    def with_round(self, block: RoundResult) -> Player:
        """This player with *block* as the block of its round (``block.round``).

        A round past the end of the line is added, with empty blocks (not paired) for the
        rounds between. Only this player changes: the opponent's block of the same game is
        :meth:`Tournament.with_result`'s to keep in step.

        Raises:
            EditError: A round past :data:`MOST_ROUNDS` (and past the line's own blocks):
                the reader would refuse the line.
            ModelError: *block* is no :class:`RoundResult`.
        """
        if type(block) is not RoundResult:
            raise ModelError(f"Player.with_round takes a RoundResult, not {block!r}")
        if block.round > max(MOST_ROUNDS, len(self.rounds)):
            raise EditError(_too_many_rounds(block.round))
        rounds = list(self.rounds)
        rounds.extend(_empty_block(n) for n in range(len(rounds) + 1, block.round + 1))
        rounds[block.round - 1] = block
        return attrs.evolve(self, rounds=tuple(rounds))


def _too_many_rounds(number: int) -> str:
    """Why round *number* is refused: the reader would refuse the line (P010)."""
    return (
        f"round {number}: a player line holds at most {MOST_ROUNDS} rounds (the reader's "
        "limit, Limits.max_rounds); the reader would refuse the line"
    )


def _empty_block(number: int) -> RoundResult:
    """An empty block: not paired, no result (blank columns, as a file writes it)."""
    return RoundResult(number, None, Colour.NONE, None)


def _exact_points(value: object) -> Fraction | None:
    """*value* as exact points: a Fraction, a whole number or a decimal text; ``None`` stays."""
    if value is None or type(value) is Fraction:
        return value
    if type(value) is int:
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            pass
    raise ModelError(
        "points must be a Fraction, a whole number, a text such as '5.5' or None "
        f"(exact points), not {value!r}"
    )


@attrs.frozen(repr=False)
class NationalRecord(Record):
    """A TRF-2026 national rating record: the 001 layout with a federation as code."""

    code: str
    start_rank: int
    sex: str = ""
    classification: str = ""
    name: str = ""
    rating: int | None = None
    origin: str = ""
    national_id: str = ""
    birth_date: str = ""
    rest: str = ""
    """Anything after column 89, kept verbatim."""


@attrs.frozen(repr=False)
class Team(Record):
    """A team: TRF16 record 013 or TRF-2026 record 310.

    Attributes:
        code: ``"013"`` or ``"310"``.
        name: The team name.
        members: Start ranks of the team's players in board order.
        number: 310 only: the team pairing number.
        nickname: 310 only.
        strength: 310 only: the strength factor, kept as text.
        match_points: 310 only.
        game_points: 310 only.
        rank: 310 only.
    """

    code: str
    name: str
    members: tuple[int | None, ...] = attrs.field(default=(), validator=_COUNTS)
    number: int | None = attrs.field(default=None, validator=_OPTIONAL_COUNT)
    nickname: str = ""
    strength: str = ""
    match_points: Fraction | None = attrs.field(default=None, validator=_fraction_or_none)
    game_points: Fraction | None = attrs.field(default=None, validator=_fraction_or_none)
    rank: int | None = attrs.field(default=None, validator=_OPTIONAL_COUNT)


@attrs.frozen(repr=False)
class Byes(Record):
    """Record 240: byes that bring points (``F``, ``H`` or ``Z``) in one round."""

    kind: str
    round: int | None = attrs.field(validator=_OPTIONAL_COUNT)
    ids: tuple[int | None, ...] = attrs.field(default=(), validator=_COUNTS)


@attrs.frozen(repr=False)
class Acceleration(Record):
    """Record 250: fictitious points for a range of rounds and ids."""

    match_points: Fraction | None
    game_points: Fraction | None
    first_round: int | None
    last_round: int | None
    first_id: int | None
    last_id: int | None


@attrs.frozen(repr=False)
class ProhibitedPairing(Record):
    """Record 260: players who must not meet in a range of rounds."""

    first_round: int | None
    last_round: int | None
    ids: tuple[int | None, ...] = ()


@attrs.frozen(repr=False)
class AbnormalPoints(Record):
    """Record 299: points given or taken outside the games (penalties, bonuses).

    Attributes:
        kind: A result symbol (``W D L F H Z + -``) or ``""`` for a plain bonus/penalty.
        match_points: Team match points.
        points: Points (game points for teams).
        round: The round, ``None`` or 0 for the whole event.
        ids: The players or teams concerned; empty means everybody.
    """

    kind: str
    match_points: Fraction | None = attrs.field(validator=_fraction_or_none)
    points: Fraction | None = attrs.field(validator=_fraction_or_none)
    round: int | None = attrs.field(validator=_OPTIONAL_COUNT)
    ids: tuple[int | None, ...] = attrs.field(default=(), validator=_COUNTS)


@attrs.frozen(repr=False)
class TeamLineup(Record):
    """Record 300: a team's board order for one match."""

    round: int | None = attrs.field(validator=_OPTIONAL_COUNT)
    team: int | None = attrs.field(validator=_OPTIONAL_COUNT)
    opponent: int | None = attrs.field(validator=_OPTIONAL_COUNT)
    boards: tuple[int | None, ...] = attrs.field(default=(), validator=_COUNTS)


@attrs.frozen(repr=False)
class TeamPairingByes(Record):
    """Record 320: team pairing-allocated byes, one team number per round."""

    match_points: Fraction | None = attrs.field(validator=_fraction_or_none)
    game_points: Fraction | None = attrs.field(validator=_fraction_or_none)
    teams: tuple[int | None, ...] = attrs.field(default=(), validator=_COUNTS)


@attrs.frozen(repr=False)
class ForfeitedMatch(Record):
    """Record 330: a forfeited team match (``+-``, ``-+`` or ``--``)."""

    kind: str
    round: int | None = attrs.field(validator=_OPTIONAL_COUNT)
    white: int | None = attrs.field(validator=_OPTIONAL_COUNT)
    black: int | None = attrs.field(validator=_OPTIONAL_COUNT)


@attrs.frozen(repr=False)
class Acceleration16(Record):
    """JaVaFo ``XXA``: a player's fictitious points, one value per round."""

    start_rank: int | None
    points: tuple[Fraction | None, ...]


@attrs.frozen(repr=False)
class DataLine(Record):
    """Tornelo's ``DAT`` lines: ``DAT <start rank> <type id> <data>``."""

    start_rank: int | None
    type_id: str
    data: str


@attrs.frozen(repr=False)
class RawRecord(Record):
    """A line kept as text.

    Comments, blank lines, ruler lines and unknown records are kept verbatim, and so are
    the informative team rows (801, 802: :class:`TeamResults`, which also reads them).

    Attributes:
        kind: ``"comment"``, ``"blank"``, ``"ruler"`` or ``"unknown"`` (``"801"``/``"802"``
            for :class:`TeamResults`).
        text: The whole line without its terminator.
    """

    kind: str = attrs.field()
    text: str = attrs.field(validator=_text)

    @kind.validator
    def _kind_of_line(self, attribute: Any, value: Any) -> None:
        kinds = _TEAM_ROW_KINDS if isinstance(self, TeamResults) else _LINE_KINDS
        if value not in kinds:
            names = ", ".join(sorted(kinds))
            raise ModelError(
                f"{type(self).__name__}.kind must be one of {names}, not {value!r}"
                + ("; 801 and 802 rows are TeamResults" if value in _TEAM_ROW_KINDS else "")
            )


_LINE_KINDS = frozenset({"comment", "blank", "ruler", "unknown"})
_TEAM_ROW_KINDS = frozenset({"801", "802"})


@attrs.frozen(repr=False)
class RowRound(Value):
    """One round of an informative team row (801 or 802), as the row writes it.

    Attributes:
        round: The round (counted along the row).
        column: The 1-based column of its first token.
        opponent: The opponent team, ``None`` for a bye word.
        colour: The colour written after the opponent.
        text: The bye word, or 801's board results (``=0=1``) or 802's game points.
        points: 802's game points (a number after the colour, or after a bye word).
        order: 801's board-order string after the results (``1534``: the team's 1st,
            5th, 3rd and 4th listed players on boards 1-4; ``0`` an empty board), or ``""``.
        order_column: The 1-based column of the board-order string.
    """

    round: int
    column: int
    opponent: int | None
    colour: Colour
    text: str
    points: Fraction | None = None
    order: str = ""
    order_column: int | None = None


@attrs.frozen(repr=False)
class TeamResults(RawRecord):
    """An informative team row: record 801 (long: board results) or 802 (short: game points).

    The line is kept as written (``text``; its layout differs between programs, spec §4.4,
    UNCERTAIN) and read by tokens: after the team number come the nickname, match points and
    game points (the two numbers before the first round); then every number followed by
    ``w`` or ``b`` starts a round, and a bye word (``FFFF``, ``ZPB`` …) is a round without an
    opponent.

    Attributes:
        team: The team number (the second token), ``None`` when it is no number.
        match_points: The row's match points; ``mp_column`` its column.
        game_points: The row's game points; ``gp_column`` its column.
        rounds: The rounds in row order.
    """

    team: int | None = None
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    mp_column: int | None = None
    gp_column: int | None = None
    rounds: tuple[RowRound, ...] = ()


TEXT_KINDS = _LINE_KINDS
"""The kinds of :class:`RawRecord` that are no TRF record (801 and 802 are records)."""


def holds_trf_records(records: Iterable[Record]) -> bool:
    """Whether any of *records* is a TRF record, not a comment, blank, ruler or unknown line.

    A file without one is no TRF file (P012). The first record of a real file is one,
    so the answer usually costs one look.
    """
    return any(not isinstance(r, RawRecord) or r.kind not in TEXT_KINDS for r in records)


R = TypeVar("R", bound=Record)


class FileFormat(WordEnum):
    """Which edition of the format a file follows; ``str()`` gives its name (``"TRF-2026"``)."""

    TRF16 = "trf16"
    TRF26 = "trf26"

    def __str__(self) -> str:
        """``"TRF16"`` or ``"TRF-2026"``, as FIDE names them."""
        return "TRF16" if self is FileFormat.TRF16 else "TRF-2026"


@attrs.frozen(repr=False)
class Encoding(Value):
    """How a file was stored: codec, byte-order mark and dominant line ending."""

    codec: str = "utf-8"
    bom: bool = False
    newline: str = "\n"
    final_newline: bool = True


@attrs.frozen(repr=False)
class Tournament(Value):
    """A whole report: its records in file order.

    Attributes:
        records: Every record, including comments, blank and unknown lines.
        encoding: How the file was stored (outside equality).
    """

    records: tuple[Record, ...] = ()
    encoding: Encoding = attrs.field(factory=Encoding, eq=False, repr=False)

    def of_type(self, kind: type[R]) -> Iterator[R]:
        """The records of class *kind*, in file order."""
        found = self._by_kind.get(kind)
        if found is None:
            classes, present = self._classes
            matching = [c for c in present if issubclass(c, kind)]
            if not matching:
                found = ()
            elif len(matching) == 1:  # one class: picked out by identity, in C
                same = map(operator.is_, classes, itertools.repeat(matching[0]))
                found = tuple(itertools.compress(self.records, same))
            else:
                found = tuple(r for r in self.records if isinstance(r, kind))
            self._by_kind[kind] = found
        return iter(found)  # type: ignore[arg-type]

    @functools.cached_property
    def _by_kind(self) -> dict[type, tuple[Record, ...]]:
        """What :meth:`of_type` found so far, by class (the checks ask for the same ones)."""
        return {}

    @functools.cached_property
    def _classes(self) -> tuple[list[type], set[type]]:
        """The class of each record, in file order, and the set of them."""
        classes = list(map(type, self.records))
        return classes, set(classes)

    @functools.cached_property
    def _header_values(self) -> dict[str, str]:
        """The value of the first free-text record of each code."""
        values: dict[str, str] = {}
        for r in self.records:
            if isinstance(r, TextRecord):
                values.setdefault(r.code, r.value)
        return values

    @property
    def has_trf_records(self) -> bool:
        """Whether any record is a TRF record (:func:`holds_trf_records`)."""
        return holds_trf_records(self.records)

    @functools.cached_property
    def players(self) -> tuple[Player, ...]:
        """The 001 records in file order."""
        return tuple(self.of_type(Player))

    @functools.cached_property
    def players_by_start_rank(self) -> dict[int, Player]:
        """The players by start rank (the pairing number, columns 5-8), in file order.

        The first line wins where a start rank repeats. The rank column (the final place,
        columns 86-89) is :attr:`Player.rank`.
        """
        index: dict[int, Player] = {}
        for p in self.players:
            index.setdefault(p.start_rank, p)
        return index

    @property
    def players_by_rank(self) -> dict[int, Player]:
        """Deprecated: :attr:`players_by_start_rank`, the old name (it was never the rank)."""
        return self.players_by_start_rank

    def player(self, start_rank: int) -> Player:
        """The player of *start_rank*.

        Raises:
            EditError: No player has that start rank, or several lines do (which one is
                meant cannot be told: pick it from :attr:`players`). A
                :class:`~trfkit.errors.TrfError`.
        """
        found = self.players_by_start_rank.get(start_rank) if type(start_rank) is int else None
        if found is None:
            ranks = sorted(self.players_by_start_rank)
            held = f"the start ranks are {ranks[0]} to {ranks[-1]}" if ranks else "no player"
            raise EditError(f"no player has start rank {start_rank!r} ({held})")
        repeated = self._repeated_ranks.get(start_rank)
        if repeated is not None:
            raise EditError(
                f"start rank {start_rank} is held by {_lines_of(repeated)}, and which one is "
                "meant cannot be told; pick the player from Tournament.players"
            )
        return found

    @functools.cached_property
    def _repeated_ranks(self) -> dict[int, tuple[Player, ...]]:
        """The players of each start rank that more than one line holds."""
        holders: dict[int, list[Player]] = {}
        for p in self.players:
            holders.setdefault(p.start_rank, []).append(p)
        return {rank: tuple(held) for rank, held in holders.items() if len(held) > 1}

    @functools.cached_property
    def teams(self) -> tuple[Team, ...]:
        """The team records (013 and 310) in file order."""
        return tuple(self.of_type(Team))

    def header(self, code: str) -> str | None:
        """The value of the first free-text header record *code* (e.g. ``"012"``)."""
        return self._header_values.get(code)

    @property
    def name(self) -> str | None:
        """Record 012."""
        return self.header("012")

    @functools.cached_property
    def declared_rounds(self) -> int | None:
        """The number of rounds from record 142, else ``XXR``."""
        counts = {r.code: r.rounds for r in self.of_type(RoundCount)}
        return counts.get("142") or counts.get("XXR")

    @functools.cached_property
    def rounds_played(self) -> int:
        """The highest round with a block that says something in any player line.

        A last block written ``0000 -`` or ``-`` is kept in the model (so it is written
        back) but pairs nobody and scores nothing: it adds no round.
        """
        last = 0
        for p in self.players:
            n = len(p.rounds)
            while n > last and p.rounds[n - 1].is_blank:
                n -= 1
            if n > last:
                last = n
        return last

    @property
    def round_count(self) -> int:
        """The number of rounds: the declared count, or the blocks present if more."""
        return max(self.declared_rounds or 0, self.rounds_played)

    @functools.cached_property
    def tiebreak_list(self) -> TieBreakList | None:
        """The tie-break list the report declares: record 212 (with ``PTS``), else 202.

        A record without codes declares none.
        """
        lists = {r.code: r for r in self.of_type(TieBreakList) if r.tiebreaks}
        return lists.get("212") or lists.get("202")

    @property
    def tiebreak_codes(self) -> tuple[str, ...] | None:
        """The codes of :attr:`tiebreak_list`."""
        record = self.tiebreak_list
        return record.tiebreaks if record is not None else None

    @property
    def file_format(self) -> FileFormat:
        """TRF26 when any record exists only in TRF-2026, else TRF16."""
        for r in self.records:
            code = getattr(r, "code", None)
            if isinstance(r, (RoundCount, Scoring, TieBreakList)) and code in (
                "142",
                "162",
                "362",
                "202",
                "212",
            ):
                return FileFormat.TRF26
            if isinstance(r, Team) and code == "310":
                return FileFormat.TRF26
            if isinstance(
                r,
                (
                    InitialColour,
                    NationalRecord,
                    Byes,
                    Acceleration,
                    ProhibitedPairing,
                    AbnormalPoints,
                    TeamLineup,
                    TeamPairingByes,
                    ForfeitedMatch,
                ),
            ):
                return FileFormat.TRF26
            if isinstance(r, TextRecord) and r.code in ("172", "182", "192", "222", "352"):
                return FileFormat.TRF26
            if isinstance(r, RawRecord) and r.kind in ("comment", "801", "802"):
                return FileFormat.TRF26
        return FileFormat.TRF16

    # --- edits: a new Tournament, every record untouched but those edited ------------------
    # A replaced record keeps the Source of the one it replaces, so the writer writes the
    # line as it was read but for the fields that changed (trfkit.trf.writer).

    def with_player(self, player: Player) -> Tournament:
        """This tournament with *player* in place of the player record it came from.

        A player of this tournament (``attrs.evolve(t.players[5], name=...)``, or made with
        :meth:`Player.with_points`) replaces the record whose line it was read from, even
        where a start rank repeats; one built in code replaces the player of the same start
        rank. The record keeps its place among :attr:`records` and its line:
        :func:`trfkit.dumps` writes the line as read but for the fields that changed.

        >>> t = Tournament((Player(1, "Ann"), Player(2, "Bob")))
        >>> [p.name for p in t.with_player(Player(2, "Bea")).players]
        ['Ann', 'Bea']

        Raises:
            EditError: No player has the start rank of *player*; several lines have it and
                *player* was read from none of them; a new start rank another line holds
                or wider than its four columns; or a round block past the rounds the
                report declares (142 or ``XXR``; see :meth:`with_result`).
            ModelError: *player* is no :class:`Player`.
        """
        if not isinstance(player, Player):
            raise ModelError(f"Tournament.with_player takes a Player, not {player!r}")
        old = self._record_of(player)
        if len(player.rounds) > len(old.rounds):
            self._check_round(player.start_rank, len(player.rounds))
        return self._replacing({id(old): attrs.evolve(player, source=old.source)})

    def _record_of(self, player: Player) -> Player:
        """The player record *player* replaces in :meth:`with_player`."""
        rank, source = player.start_rank, player.source
        mine = None
        if source is not None:  # the same Source object, else an equal one (another read)
            mine = next((p for p in self.players if p.source is source), None)
            if mine is None:
                mine = next((p for p in self.players if p.source == source), None)
        if mine is None:
            repeated = self._repeated_ranks.get(rank)
            if repeated is not None:
                raise EditError(
                    f"start rank {rank} is held by {_lines_of(repeated)}, and the player was "
                    "read from none of them; edit the one meant (a player of "
                    "Tournament.players, changed with attrs.evolve)"
                )
            return self.player(rank)
        if mine.start_rank != rank:  # renumbered: start ranks must still name one player each
            if rank > LARGEST_ID:
                raise EditError(
                    f"start rank {rank} does not fit its four columns (1 to {LARGEST_ID})"
                )
            held = [p for p in self.players if p.start_rank == rank and p is not mine]
            if held:
                raise EditError(
                    f"start rank {rank} is already held by {_lines_of(held)}; a start rank "
                    "names one player"
                )
        return mine

    def with_result(
        self,
        start_rank: int,
        round: int,
        result: Result | str,
        *,
        opponent: int | Literal["keep"] | None = "keep",
        colour: Colour | str = "keep",
        both_sides: bool = True,
    ) -> Tournament:
        """This tournament with *result* in round *round* of player *start_rank*.

        The opponent and the colour stay as the block has them unless given. A bye (``H``,
        ``F``, ``U``, ``Z``) has neither. With *both_sides* (the default), the opponent's
        block of that round is made the other side of the same game: this player as its
        opponent, the opposite colour, the complementary result (``1`` and ``0``, ``=`` and
        ``=``, ``+`` and ``-``), so the two lines agree. The points columns are left as
        they are: :meth:`Player.with_points` sets one, :func:`trfkit.fix` writes them all.

        A change of opponent that would leave a third line naming this player, or this
        player's new opponent paired with someone else, or given a bye or any other result
        in that round (a block that is not blank and no game against this player), is
        refused: make each side with ``both_sides=False``.

        A round past the rounds the report declares (record 142 or ``XXR``) is refused:
        some exporters append values after the last round's block, read as such only while
        every line ends its blocks there, so one line's new block would turn every other
        line's values into rounds. So is a round past :data:`MOST_ROUNDS`, which the
        reader would refuse (a line already holding more blocks may be edited).

        Args:
            start_rank: The player's start rank.
            round: The round (1-based); a round past the end of the line is added.
            result: A :class:`Result`, its code (``"1"``, ``"="``, ``"+"``, ``"H"``, any
                case) or its words (``"forfeit win"``).
            opponent: The opponent's start rank, ``None`` for none, or ``"keep"``.
            colour: A :class:`Colour`, ``"w"``, ``"b"``, ``"-"`` (or ``"white"``,
                ``"black"``, ``"none"``), or ``"keep"``.
            both_sides: Make the opponent's block the other side of the game (``True`` or
                ``False``).

        Raises:
            EditError: An unknown (or repeated) start rank, an opponent for a bye, a game
                result without an opponent, a played game without a colour, a pairing the
                other lines contradict, or a round past the declared rounds.
            ModelError: A value of the wrong kind (a round of 0, a result ``"Q"``).
            ArgumentTypeError: *both_sides* is not ``True`` or ``False``.
        """
        if type(both_sides) is not bool:
            raise ArgumentTypeError.naming(
                "Tournament.with_result", "both_sides", "True or False", both_sides
            )
        player = self.player(start_rank)
        if type(round) is not int or round < 1:
            raise ModelError(f"round must be a whole number of at least 1, not {round!r}")
        self._check_round(start_rank, round)
        code = _member(Result, result, "result")
        old = player.round(round)
        block = self._block(start_rank, round, code, old, opponent, colour)
        changes: dict[int, Record] = {id(player): player.with_round(block)}
        if both_sides:
            was = old.opponent if old is not None else None
            if was is not None and was != block.opponent:
                former = self.players_by_start_rank.get(was)
                theirs = former.round(round) if former is not None else None
                if theirs is not None and theirs.opponent == start_rank:
                    raise EditError(
                        f"round {round}: player {was} is paired with player {start_rank}, "
                        "and changing the pairing would leave that line wrong; edit both "
                        "lines with both_sides=False"
                    )
            if block.opponent is not None:
                other = self.player(block.opponent)
                theirs = other.round(round)
                if theirs is not None and theirs.opponent not in (None, start_rank):
                    raise EditError(
                        f"round {round}: player {block.opponent} is paired with player "
                        f"{theirs.opponent}; edit both lines with both_sides=False"
                    )
                if theirs is not None and theirs.opponent is None and not theirs.is_blank:
                    # a bye or an unpaired result there is the file's word, not this edit's
                    raise EditError(
                        f"round {round}: player {block.opponent} has a "
                        f"{theirs.effective_result} there, not a game with player "
                        f"{start_rank}; edit both lines with both_sides=False"
                    )
                side = RoundResult(round, start_rank, block.colour.opposite, code.complement)
                changes[id(other)] = other.with_round(side)
        return self._replacing(changes)

    def _check_round(self, start_rank: int, round: int) -> None:
        """Refuse a block of *round* past the declared rounds, or past what the reader reads.

        A round some line already holds a block of is never refused.
        """
        if round <= max((len(p.rounds) for p in self.players), default=0):
            return
        declared = self.declared_rounds
        if declared is not None and round > declared:
            record = next(
                r for r in self.of_type(RoundCount) if r.rounds == declared and r.code in (
                    "142", "XXR")
            )  # fmt: skip
            where = f", line {record.line}" if record.line is not None else ""
            raise EditError(
                f"round {round} of player {start_rank}: the report declares {declared} rounds "
                f"({record.code} {declared}{where}); values some exporters append after the "
                "last round's block would read as rounds once a line has a block past it: "
                f"declare more rounds first (edit the {record.code} record)"
            )
        if round > MOST_ROUNDS:
            raise EditError(_too_many_rounds(round))

    def _block(
        self,
        start_rank: int,
        round: int,
        result: Result,
        old: RoundResult | None,
        opponent: object,
        colour: object,
    ) -> RoundResult:
        """The new block of :meth:`with_result`, its opponent and colour checked."""
        where = f"round {round} of player {start_rank}"
        if result.is_bye:
            if opponent not in ("keep", None):
                raise EditError(f"{where}: a {result} has no opponent, not {opponent!r}")
            if colour != "keep" and _member(Colour, colour, "colour") is not Colour.NONE:
                raise EditError(f"{where}: a {result} has no colour, not {colour!r}")
            return RoundResult(round, None, Colour.NONE, result)
        if opponent == "keep":
            opponent = old.opponent if old is not None else None
        elif opponent is not None and (type(opponent) is not int or opponent < 1):
            raise ModelError(f"opponent must be a start rank, None or 'keep', not {opponent!r}")
        if colour == "keep":
            side = old.colour if old is not None else Colour.NONE
        else:
            side = _member(Colour, colour, "colour")
        if opponent is None:
            if result.is_played:
                raise EditError(f"{where}: a {result} needs an opponent (opponent=...)")
            return RoundResult(round, None, side, result)
        assert type(opponent) is int  # checked above: a start rank
        if opponent == start_rank:
            raise EditError(f"{where}: a player cannot be their own opponent")
        if opponent not in self.players_by_start_rank:
            raise EditError(f"{where}: no player has start rank {opponent} (the opponent)")
        if result.is_played and side is Colour.NONE:
            raise EditError(f"{where}: a game needs a colour (colour='w' or 'b')")
        return RoundResult(round, opponent, side, result)

    def with_header(self, code: str, value: str) -> Tournament:
        """This tournament with the free-text header record *code* holding *value*.

        The first record of *code* (the one :meth:`header` reads) takes the value in its
        place. When there is none, one is added where the standard order puts it: after
        the header records of lower codes, before those of higher codes and the players.
        A record only TRF-2026 defines (172, 182, 192, 222, 352) makes a TRF16 tournament
        a TRF-2026 one (:attr:`file_format`).

        >>> t = Tournament((TextRecord("012", "Open"), Player(1)))
        >>> t2 = t.with_header("042", "2024/05/01")
        >>> [getattr(r, "code", "001") for r in t2.records], t2.header("042")
        (['012', '042', '001'], '2024/05/01')

        Args:
            code: One of :data:`TEXT_HEADERS` (``"012"`` the name, ``"042"`` and ``"052"``
                the dates, ``"092"`` the type, ``"102"`` the chief arbiter, …).
            value: The text; trailing blanks are dropped, as the reader drops them.

        Raises:
            EditError: A code that is no free-text header record.
            ModelError: A value that is no text, or holds a line break or a control
                character (which would end the line or the file).
        """
        import unicodedata  # an edit's own: not loaded by every check

        if code not in TEXT_HEADERS:
            raise EditError(
                f"{code!r} is no free-text header record; with_header sets "
                f"{', '.join(TEXT_HEADERS)}"
            )
        if type(value) is not str or any(
            unicodedata.category(c) in ("Cc", "Zl", "Zp") and c != "\t" for c in value
        ):
            raise ModelError(f"a header value must be text on one line, not {value!r}")
        value = value.rstrip()
        for record in self.records:
            if isinstance(record, TextRecord) and record.code == code:
                return self._replacing({id(record): attrs.evolve(record, value=value)})
        records = list(self.records)
        records.insert(_header_place(records, int(code)), TextRecord(code, value))
        return attrs.evolve(self, records=tuple(records))

    def _replacing(self, changes: Mapping[int, Record]) -> Tournament:
        """This tournament with the records of the ids in *changes* replaced, in place."""
        records = tuple(changes.get(id(r), r) for r in self.records)
        return attrs.evolve(self, records=records)


def _lines_of(players: Iterable[Player]) -> str:
    """``"the players of lines 5 and 9"`` (``"a player built in code"`` for one never read)."""
    lines = [p.line for p in players]
    read = [str(n) for n in lines if n is not None]
    built = len(lines) - len(read)
    parts = []
    if read:
        parts.append(
            f"the player of line {read[0]}" if len(read) == 1
            else f"the players of lines {', '.join(read[:-1])} and {read[-1]}"
        )  # fmt: skip
    if built:
        parts.append(f"{built} player{'s' if built > 1 else ''} built in code")
    return " and ".join(parts)


TEXT_HEADERS = (
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
    "172", "182", "192", "222", "352",
)  # fmt: skip
"""The header records that hold free text (:class:`TextRecord`), in the standard order."""

_E = TypeVar("_E", bound=WordEnum)


def _member(kind: type[_E], value: object, argument: str) -> _E:
    """*value* as a member of *kind*: a member, its value (any case) or its word."""
    if type(value) is kind:
        return value
    if isinstance(value, str):
        wanted = value.strip().casefold()
        for member in kind:
            if wanted in (str(member.value).casefold(), str(member).casefold()):
                return member
    names = ", ".join(repr(m.value) for m in kind)
    raise ModelError(f"{argument} must be a {kind.__name__} or one of {names}, not {value!r}")


def _header_number(record: Record) -> int | None:
    """The number of a header record's code (``132``), ``None`` for any other record."""
    if isinstance(record, RoundDates):
        return 132
    if isinstance(record, InitialColour):
        return 152
    if isinstance(record, (TextRecord, RoundCount, Scoring, TieBreakList)):
        return int(record.code) if record.code.isdigit() else None
    return None


def _header_place(records: list[Record], number: int) -> int:
    """Where a header record of code *number* goes: after the lower codes, before the rest.

    The header ends at the first player, team or national record; comments and the
    extension records (``XXR``) are passed over.
    """
    place: int | None = None
    for index, record in enumerate(records):
        other = _header_number(record)
        if isinstance(record, (Player, Team, NationalRecord)) or (
            other is not None and other > number
        ):
            return index if place is None else place
        if other is not None:
            place = index + 1
    return len(records) if place is None else place

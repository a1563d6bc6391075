"""The programs that read TRF files besides trfkit, and what one of them says of a line.

``check --readers`` asks, for each named reader, what that program will refuse in a
file or read differently from the specification; ``convert --for`` writes what one of
them accepts. Each reader's rules live in a module of :mod:`trfkit.trf` written from
that program's source (``trf/bbppairings``, ``trf/gacrux``); this module names the
readers and holds the value their rules return.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from trfkit.errors import UsageError
from trfkit.values import Value, WordEnum

__all__ = ["BbpRule", "Finding", "GacruxRule", "Reader", "readers_of"]


class Reader(WordEnum):
    """A program that reads TRF files, whose reading trfkit models."""

    BBPPAIRINGS = "bbppairings"
    """bbpPairings, the FIDE-endorsed Dutch and Burstein pairing engine (its ``-c`` check)."""
    GACRUX = "gacrux"
    """gacrux, FIDE's tie-break checker (PyPI ``gacrux``)."""

    @property
    def label(self) -> str:
        """The program's own spelling of its name."""
        return _LABELS[self]

    def __str__(self) -> str:
        """The :attr:`label` (``"bbpPairings"``)."""
        return self.label


_LABELS = {Reader.BBPPAIRINGS: "bbpPairings", Reader.GACRUX: "gacrux"}


class BbpRule(enum.StrEnum):
    """The rules of bbpPairings' reader (``trf/bbppairings``), in the order it applies them.

    Each is one ``R1..`` check of ``check --readers bbppairings``, whose docstring says it;
    all but :attr:`NEXT_ROUND` are refusals.
    """

    ENCODING = "bbp-encoding"
    TEAM_RECORD = "bbp-team-record"
    TYPE_CODE = "bbp-type-code"
    INITIAL_COLOUR = "bbp-initial-colour"
    SCORING = "bbp-scoring-record"
    BONUS = "bbp-bonus-record"
    ROUND_COUNT = "bbp-rounds-record"
    PLAYER_LINE = "bbp-player-line"
    OPPONENT_ZERO = "bbp-opponent-zero"
    ROUND_BLOCK = "bbp-round-block"
    OTHER_RECORD = "bbp-other-record"
    START_RANKS = "bbp-start-ranks"
    TOO_MANY_ROUNDS = "bbp-too-many-rounds"
    PAIRING = "bbp-pairing"
    POINTS = "bbp-points"
    BAKU = "bbp-baku-scoring"
    NEXT_ROUND = "bbp-next-round"


class GacruxRule(enum.StrEnum):
    """The rules of gacrux's reader (``trf/gacrux``): its refusals, then its other readings.

    Each is one ``R2..`` check of ``check --readers gacrux``.
    """

    NUMERIC_FIELD = "gacrux-numeric-field"
    """A field gacrux converts to a number holds something else (001 start number, rating, FIDE
    id, points, rank, opponent; the numbers of 013, 240, 250, 260, 299, 300, 310, 320, 330,
    XXZ): the line is refused."""
    TRAILING_TEXT = "gacrux-trailing-text"
    """Text after the last round block of a 001 line reaches a result column: gacrux reads it
    as a block and refuses the line."""
    HEADER_NUMBER = "gacrux-header-number"
    """142/XXR is not a whole number, or a 9-column period of 162/362 holds no number."""
    START_NUMBER_1 = "gacrux-start-number-1"
    """No competitor numbered 1 (or no 001 line at all): gacrux fails."""
    UNKNOWN_NUMBER = "gacrux-unknown-number"
    """A record names a player (a team, in a team event) the file does not have; a blank field
    between numbers reads as 0."""
    COLOUR_LETTERS = "gacrux-colour-letters"
    """The first lower-case ``w`` or ``b`` after column 86 of a 001 line is off a colour column
    (a shifted line, or a result ``w``)."""
    POINTS = "gacrux-points"
    """The points column does not add up under the score system gacrux reads or infers, or the
    system it infers lacks a value it needs."""
    BYES = "gacrux-byes"
    """A 240 record of a type gacrux does not read, or for a round whose block holds another
    result."""
    BONUS_RECORD = "gacrux-bonus-record"
    """A 299 record gacrux cannot apply."""
    NRS = "gacrux-nrs"
    """172 names a rating method gacrux does not know, ``OTHER``, or a national rating record
    names no player."""
    TEAM_RECORDS = "gacrux-team-records"
    """Team records: 320/352 in an individual event, a team code without team section, 310
    columns 72-73, team numbers, players on no team, boards of a match, 300, repeated 320/352,
    the 330 type."""
    BLACK_RESULT = "gacrux-black-result"
    """A game whose black player has no block with colour ``b`` naming the white one."""
    TIEBREAK_LIST = "gacrux-tiebreak-list"
    """A tie-break of 212/202 gacrux cannot parse."""
    ENCODING = "gacrux-encoding"
    """A UTF-8 file with non-ASCII text: run without ``-b utf-8-sig``, gacrux refuses it or
    reads shifted columns."""
    RESULT_CODES = "gacrux-result-codes"
    """A result code gacrux scores otherwise: a game result without opponent is a game played
    against nobody (``0000 - =`` a played draw), an unknown code an absence."""
    ABSENCE_VALUE = "gacrux-absence-value"
    """162 values ``A`` other than 0: gacrux gives it to every round without a game, and to
    every player once more."""
    SCORE_SYSTEM = "gacrux-score-system"
    """Without 162, points columns that do not add up under 1 / ½ / 0 make gacrux score every
    game by a system it infers from them."""
    ROUNDS = "gacrux-rounds"
    """Rounds written after the last one gacrux scores (142/XXR, or else the last round with a
    game played over the board) are dropped."""
    RULE_EDITION = "gacrux-rule-edition"
    """The start date of 042 as gacrux reads it chooses the other edition of the tie-break rules
    (``DD/MM/YYYY`` is misread; no date gives the 2026 rules)."""
    BONUS_READING = "gacrux-bonus-reading"
    """What gacrux keeps of a 299 in an individual event: the letter, not the points; columns
    14-17, not 8-11; nothing of one without round."""
    TIEBREAK_NAMES = "gacrux-tiebreak-names"
    """212/202 names a tie-break gacrux does not know (an empty one between two blanks
    included): a column of zeros."""


def readers_of(value: str | Iterable[str | Reader] | None) -> frozenset[Reader]:
    """The readers a comma-separated list (or an iterable) names; ``UsageError`` if unknown."""
    if value is None:
        return frozenset()
    items = value.split(",") if isinstance(value, str) else value
    found: set[Reader] = set()
    for item in items:
        if isinstance(item, Reader):
            found.add(item)
            continue
        name = item.strip().lower()
        if not name:
            continue
        try:
            found.add(Reader(name))
        except ValueError:
            known = ", ".join(r.value for r in Reader)
            raise UsageError(f"unknown reader {item.strip()!r}; known: {known}") from None
    return frozenset(found)


@attrs.frozen(kw_only=True, repr=False)
class Finding(Value):
    """What a reader will do with one place of a file, by one of its rules.

    Attributes:
        rule: The rule's name (the name of the check that reports it).
        message: What the reader does there and what to write instead.
        line: The 1-based line, ``None`` for the file as a whole.
        column: The 1-based column of the text concerned, if any.
        players: The start ranks concerned, if any.
    """

    rule: str
    message: str
    line: int | None = None
    column: int | None = None
    players: tuple[int, ...] = ()

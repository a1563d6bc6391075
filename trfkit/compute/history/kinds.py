"""What a round was: the kinds of round, and how a round block's spelling reads as one.

This module is where a block's result code is given its meaning (with
:mod:`~trfkit.compute.history.players` and :mod:`~trfkit.compute.history.teams`,
which read the blocks through it). Every spelling exporters use reaches it already
normalised by the reader (``0000``, blank and ``0`` opponents are ``None``; ``-`` and
blank colours are :attr:`~trfkit.model.Colour.NONE`; a blank result is ``None``).
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from typing import Final, NamedTuple

import attrs

from trfkit.compute.history.points import PointSystem
from trfkit.model import Byes, Colour, Player, Result, RoundResult, Tournament
from trfkit.values import Value, WordEnum


class RoundKind(WordEnum):
    """What one round was for a participant: a player, or a team in a team event."""

    GAME = "game"
    """A game (a match, for a team) played: 1 = 0 W D L X with an opponent."""
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    DOUBLE_FORFEIT = "double forfeit"
    """Both sides lost by forfeit (each block a ``-`` naming the other; 330 ``--``)."""
    PAIRING_BYE = "pairing-allocated bye"
    FULL_BYE = "full-point bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye"
    ABSENT = "not paired"
    """No block, or an empty one."""
    NOT_PLAYED = "not played yet"
    """Paired, and no result yet (a report written during a round): no points yet, no
    element of the opponents' tie-breaks (BH, SB, FB, AOB, KS), no dummy, no draw for the
    opponents (16.3) and no evidence of a withdrawal; REP counts it as a round the player
    chose to play."""
    ANNULLED = "annulled (withdrawal)"
    """A game the withdrawal rule takes out of the standings (C.05: under half played)."""

    # Members are singletons compared by identity: the per-round set look-ups hash by
    # identity (a C slot) instead of Enum's hash of the name.
    __hash__ = object.__hash__

    @property
    def paired(self) -> bool:
        """A game or a forfeit: the round had an opponent (C.07 15.2 counts these)."""
        return self in GAMES

    @property
    def forfeit(self) -> bool:
        """A game scheduled and not played: forfeit won, lost, or lost by both."""
        return self in FORFEITS

    @property
    def voluntary(self) -> bool:
        """A voluntary unplayed round (C.07 16.2.5): what the VUR exception of 16.5 cuts."""
        return self in VUR


GAME: Final = RoundKind.GAME
FORFEIT_WIN: Final = RoundKind.FORFEIT_WIN
FORFEIT_LOSS: Final = RoundKind.FORFEIT_LOSS
DOUBLE_FORFEIT: Final = RoundKind.DOUBLE_FORFEIT
PAIRING_BYE: Final = RoundKind.PAIRING_BYE
FULL_BYE: Final = RoundKind.FULL_BYE
HALF_BYE: Final = RoundKind.HALF_BYE
ZERO_BYE: Final = RoundKind.ZERO_BYE
ABSENT: Final = RoundKind.ABSENT
NOT_PLAYED: Final = RoundKind.NOT_PLAYED
ANNULLED: Final = RoundKind.ANNULLED

FORFEITS: Final = frozenset({FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT})
"""Games scheduled and not played."""
GAMES: Final = frozenset({GAME, *FORFEITS})
"""Rounds with an opponent: a game or a forfeit."""
VUR: Final = frozenset({FORFEIT_LOSS, DOUBLE_FORFEIT, HALF_BYE, ZERO_BYE, ABSENT})
"""Voluntary unplayed rounds (C.07 16.2.5): the player chose not to play."""
REQUESTED: Final = frozenset({HALF_BYE, ZERO_BYE, ABSENT})
"""Byes a player asked for or absences: a final run of them is seen as draws (C.07 16.3)."""
UNPLAYED: Final = frozenset({FORFEIT_LOSS, DOUBLE_FORFEIT, ZERO_BYE, ABSENT})
"""A round without a game and without points: what a withdrawal leaves."""


class Round(NamedTuple):
    """One round of one participant, as the history reads it.

    Attributes:
        round: The round (1-based).
        kind: What it was.
        opponent: The opponent (a start rank; a team number for a team), if any.
        colour: The colour written (a team: White for the first-named team).
        points: The points it scored (a team: game points).
        counted: The points the standings and tie-breaks count: ``None`` when the
            withdrawal rule annuls the round.
        written: The result code as written (``""`` for none).
    """

    round: int
    kind: RoundKind
    opponent: int | None
    colour: Colour
    points: Fraction
    counted: Fraction | None
    written: str = ""


# --- reading a block -----------------------------------------------------------------------

BlockReading = tuple[RoundKind, RoundKind, int, int, int]
"""What a result code reads as: (kind with an opponent, kind without one, outcome
(1 won, -1 lost, 0 neither), points with White in units, points with Black)."""

_WINS: Final = frozenset({Result.WIN, Result.WIN_UNRATED})
_LOSSES: Final = frozenset({Result.LOSS, Result.LOSS_UNRATED})
_BYE_KINDS: Final = {
    Result.HALF_BYE: HALF_BYE,
    Result.FULL_BYE: FULL_BYE,
    Result.PAIRING_BYE: PAIRING_BYE,
    Result.ZERO_BYE: ZERO_BYE,
}


def _kinds(team_event: bool) -> dict[Result, tuple[RoundKind, RoundKind, int]]:
    """Per result code: the kind with an opponent, the kind without one, the outcome.

    A bye code is a bye whatever opponent is written (S004 reports it). A game result
    without an opponent (S004, S007) is a bye of its value: ``0000 - =`` a half-point
    bye, ``0000 - +`` a full-point bye (in a team event a board won by forfeit: the
    other team fielded nobody), ``0000 - -`` an absence (a zero-point bye).
    """
    kinds: dict[Result, tuple[RoundKind, RoundKind, int]] = {}
    for res in Result:
        outcome = 1 if res in _WINS else -1 if res in _LOSSES else 0
        if res in _BYE_KINDS:
            kinds[res] = (_BYE_KINDS[res], _BYE_KINDS[res], 0)
        elif res is Result.FORFEIT_WIN:
            kinds[res] = (FORFEIT_WIN, FORFEIT_WIN if team_event else FULL_BYE, 1)
        elif res is Result.FORFEIT_LOSS:
            kinds[res] = (FORFEIT_LOSS, ZERO_BYE, -1)
        else:
            without = FULL_BYE if res in _WINS else ZERO_BYE if res in _LOSSES else HALF_BYE
            kinds[res] = (GAME, without, outcome)
    return kinds


_KINDS: Final = {False: _kinds(False), True: _kinds(True)}
""":func:`_kinds` of an individual event (``False``) and of a team event."""


@functools.lru_cache(maxsize=64)
def block_readings(
    points: PointSystem, unit: int, team_event: bool
) -> tuple[dict[Result, BlockReading], dict[tuple[Result | None, bool], int]]:
    """Per result code, what a block reads as, with its points: once per point system.

    Returns:
        Result → :data:`BlockReading`; and (result, with Black) → points in units
        (a blank result is ``Z``).
    """
    table: dict[tuple[Result | None, bool], int] = {}
    for res in [*Result, None]:
        for with_black in (False, True):
            colour = Colour.BLACK if with_black else Colour.WHITE
            table[(res, with_black)] = int(points.points(res, colour) * unit)
    readings = {
        res: (with_opponent, without, outcome, table[(res, False)], table[(res, True)])
        for res, (with_opponent, without, outcome) in _KINDS[team_event].items()
    }
    return readings, table


def kind_of_block(block: RoundResult, team_event: bool = False) -> RoundKind:
    """What *block* says on its own, as the history reads it (no other block looked at).

    The players' history reads the same, and knows more: a block whose opponent is no
    player of the file (S002) reads there as one without an opponent, and two forfeit
    losses naming each other are a ``DOUBLE_FORFEIT``.

    An empty block is ``ABSENT``; a blank result without an opponent a zero-point bye
    (TRF16: blank is ``Z``); a game without a result yet ``NOT_PLAYED``. *team_event*: a
    ``+`` without an opponent is a board won by forfeit.
    """
    result = block.result
    if result is None:
        if block.opponent is not None:
            return NOT_PLAYED
        return ABSENT if block.colour is Colour.NONE else ZERO_BYE
    with_opponent, without, _ = _KINDS[team_event][result]
    return with_opponent if block.opponent is not None else without


_BYE_RECORDS: Final = {"F": FULL_BYE, "H": HALF_BYE, "Z": ZERO_BYE}


def bye_of_record(record: Byes) -> RoundKind | None:
    """The bye a TRF-2026 240 record gives (``F``, ``H``, ``Z``), ``None`` for another letter."""
    return _BYE_RECORDS.get(record.kind.strip().upper())


def last_bye_round(tournament: Tournament) -> int:
    """The last round a player's 240 bye can be of.

    The event's last round (142/``XXR``), else the round after the last one written (a
    bye entered for the round to be paired).
    """
    return tournament.declared_rounds or tournament.rounds_played + 1


def leaves_out_a_bye(block: RoundResult | None) -> bool:
    """Whether *block* says nothing a 240 bye of its round would contradict.

    No block, an empty one, or no opponent with a blank result or ``-`` (an absence):
    the bye a 240 record lists for the round is then the round's.
    """
    if block is None:
        return True
    return block.opponent is None and block.result in (None, Result.FORFEIT_LOSS)


def kind_on_board(block: RoundResult) -> RoundKind:
    """What a team player's *block* says of his board in a match, the board's other side known.

    The board pairs him with the other team's player (or nobody, when that team fielded
    nobody), so the code is read as a game's whatever opponent the block writes: ``-`` is
    a board lost by forfeit even as ``0000 - -``, a blank result a board not played yet.
    """
    result = block.result
    return NOT_PLAYED if result is None else _KINDS[True][result][0]


class Spelling(WordEnum):
    """How a round block is written, against the TRF16 round-block rules (:func:`spelling_of`).

    A round block is an opponent (``0000`` or blank: none), a colour (``w``, ``b``; ``-`` or
    blank: none) and a result code. The rules: a game or forfeit names its opponent and
    colour, a bye names neither.
    """

    EMPTY = "empty"
    """Nothing written: ``0000 -`` and a blank result (not paired)."""
    GAME = "game"
    """An opponent and a game's result (``1 = 0 W D L X + -``), with a colour (``X``: any)."""
    PAIRED = "paired, no result"
    """An opponent and no result yet."""
    WITHOUT_COLOUR = "game without a colour"
    """An opponent, a result of a game played (``1 = 0 W D L``) and no colour."""
    FORFEIT_WITHOUT_COLOUR = "forfeit without a colour"
    """An opponent, ``+`` or ``-`` and no colour (a forfeit keeps the scheduled colour)."""
    BYE = "bye"
    """No opponent and a bye code (``H F U Z``)."""
    BYE_WITH_OPPONENT = "bye with an opponent"
    """A bye code (``H F U Z``) with an opponent."""
    BYE_AS_GAME = "bye written as a game"
    """``=`` or ``+`` without an opponent (read as ``H`` and ``F``; a team's board won by
    forfeit)."""
    ABSENCE = "absence"
    """No opponent and a blank result, with a colour: ``Z``."""
    FORFEIT_WITHOUT_OPPONENT = "forfeit loss without an opponent"
    """``0000 - -``: an absence, read as a zero-point bye."""
    RESULT_WITHOUT_OPPONENT = "result without an opponent"
    """``1 0 W D L X`` without an opponent."""

    __hash__ = object.__hash__


_PLAYED_CODES: Final = frozenset(r for r in Result if r.is_played)
_FORFEIT_CODES: Final = frozenset({Result.FORFEIT_WIN, Result.FORFEIT_LOSS})
_BYE_CODES: Final = frozenset(_BYE_KINDS)
_BYE_AS_GAME: Final = frozenset({Result.DRAW, Result.FORFEIT_WIN})


def spelling_of(block: RoundResult) -> Spelling:
    """How *block* is written (see :class:`Spelling`)."""
    result = block.result
    if block.opponent is None:
        if result is None:
            return Spelling.EMPTY if block.colour is Colour.NONE else Spelling.ABSENCE
        if result in _BYE_CODES:
            return Spelling.BYE
        if result in _BYE_AS_GAME:
            return Spelling.BYE_AS_GAME
        if result is Result.FORFEIT_LOSS:
            return Spelling.FORFEIT_WITHOUT_OPPONENT
        return Spelling.RESULT_WITHOUT_OPPONENT
    if result is None:
        return Spelling.PAIRED
    if result in _BYE_CODES:
        return Spelling.BYE_WITH_OPPONENT
    if block.colour is Colour.NONE:
        if result in _PLAYED_CODES:
            return Spelling.WITHOUT_COLOUR
        if result in _FORFEIT_CODES:
            return Spelling.FORFEIT_WITHOUT_COLOUR
    return Spelling.GAME


def written(block: RoundResult) -> str:
    """The block's result code as written, upper case (``""`` for a blank result)."""
    return "" if block.result is None else block.result.value


COMPLEMENTS: Final = {r: r.complement for r in Result if r.complement is not None}
"""The result the other side of a game must show (byes have none)."""


def complementary(block: RoundResult, other: RoundResult) -> bool:
    """Whether two blocks' results tell the same game.

    ``1``/``0``, ``=``/``=``, ``+``/``-``, ``W``/``L``, ``D``/``D``, ``X``/``X``, or a forfeit
    lost by both (``-``/``-``). Byes and blank results complement nothing.
    """
    result, theirs = block.result, other.result
    if result is None or theirs is None:
        return False
    return COMPLEMENTS.get(result) is theirs or result is theirs is Result.FORFEIT_LOSS


@attrs.define(repr=False)
class Rows(Value):
    """The rows of a reading still being made (see :class:`~trfkit.compute.history.PlayerHistory`).

    The withdrawal rule may still change them; the history, once made, never does.
    """

    players: tuple[Player, ...]
    index: dict[int, int]
    rounds: int
    kinds: list[list[RoundKind]]
    opponents: list[list[int]]
    points: list[list[int]]
    outcome: list[list[int]]
    blank_byes: list[list[int]]


# --- what a file's blocks say, asked before any history is built ---------------------------

BYE_NAMES: Final = re.compile(
    r"^\W*(bye|spielfrei|frei|freilos|free|wo|walk[\s-]*over|pab|dummy|exempt|libre)\W*$",
    re.IGNORECASE,
)
"""Names of pseudo-players that some programs add to carry the bye of an odd field."""


def is_bye_player(player: Player) -> bool:
    """True for a pseudo-player that only carries byes ("spielfrei", "BYE", …).

    Its name must be a bye word and it must have played no game over the board.
    """
    return bool(BYE_NAMES.match(player.name or "")) and not played_over_the_board(player)



def played_over_the_board(player: Player) -> bool:
    """Whether *player* has any game played over the board (1 = 0 W D L)."""
    return any(b.result is not None and b.result.is_played for b in player.rounds)


def has_pairing_bye(tournament: Tournament) -> bool:
    """Whether any player has a pairing-allocated bye (``U``), a Swiss pairing's mark."""
    bye = Result.PAIRING_BYE
    return any(b.result is bye for p in tournament.players for b in p.rounds)

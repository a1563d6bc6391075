"""Play-offs between players tied for a place (the Norwegian rules §5, C.05 practice).

Pure computation: names and a seed in, the schedule out.

- **Two players**: an even number of games (2, 4, …) so that the colours are equal; the
  colour of the first game is drawn (:mod:`trfkit.compute.lots`: a number below 2 from the
  seed's stream, 0 giving the first-named player White), then the colours alternate. If
  still level: single games with alternating colours until the first decisive game.
  UNCERTAIN (:class:`SuddenDeath`): the Norwegian text draws the colours of the single
  games anew (the default, the next number below 2 from the same stream); ``CONTINUE``
  goes on alternating from the last game of the match.
- **Two players, level after the match** (:class:`IfLevel`): ``SUDDEN_DEATH`` (the
  default) plays the single games above; ``TIEBREAKS`` lets the event's tie-breaks decide
  instead, as the Norwegian rules §5 allow ("kvalitet og deretter innbyrdes oppgjer": SB,
  then direct encounter, or whatever list the event applies), then lots: the player ranked
  higher by the standings' hierarchy is ahead (:func:`decide_level`); if the whole list
  leaves them level, the lot decides. The lot is drawn with the colours, from the same
  stream: after the number below 2 that gives the first colour, the next number below 2;
  0 puts the first-named player ahead. It is drawn, and printed, before the games.
- **More than two**: a round robin of those concerned, double by default (the fairest
  in colours), with start numbers drawn by lot in the order given and, in a double round
  robin, FIDE's swap of the last two rounds of the first cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from trfkit.compute.berger import (
    Plan,
    RoundOrderChoice,
    RoundOrderKind,
    Schedule,
    limited_plan,
    limited_schedule,
)
from trfkit.compute.lots import Draw, DrawOrder, Stream, draw_start_numbers
from trfkit.errors import ScheduleError
from trfkit.values import Value, WordEnum

if TYPE_CHECKING:
    from fractions import Fraction

    from trfkit.compute.standings import Standings

__all__ = [
    "Compared",
    "Decision",
    "Game",
    "IfLevel",
    "Match",
    "SuddenDeath",
    "decide_level",
    "match",
    "round_robin",
]


class SuddenDeath(WordEnum):
    """The colours of the single games after a level match (UNCERTAIN; default ``REDRAW``)."""

    REDRAW = "redraw"
    """Drawn anew for the first single game, then alternating."""
    CONTINUE = "continue"
    """Alternating on from the last game of the match."""


class IfLevel(WordEnum):
    """What decides a two-player play-off still level after its games (default ``SUDDEN_DEATH``)."""

    SUDDEN_DEATH = "sudden-death"
    """Single games until the first decisive one."""
    TIEBREAKS = "tiebreaks"
    """The event's tie-breaks, in their order, then the lot drawn with the colours."""


@attrs.frozen(repr=False)
class Game(Value):
    """One game of a match: its number and who has White and Black."""

    number: int
    white: str
    black: str


@attrs.frozen(repr=False)
class Match(Value):
    """A two-player play-off.

    Attributes:
        players: The two names, as given.
        seed: The seed of the colour drawing.
        games: The games of the match.
        sudden_death: The first single games after a level match (they go on, alternating,
            until the first decisive game).
        rule: How the single games' first colour was found.
        if_level: What decides a level match; with ``TIEBREAKS`` there are no single games.
        lot: With ``TIEBREAKS``: the player the lot puts ahead if the tie-breaks leave the
            two level.
    """

    players: tuple[str, str]
    seed: str
    games: tuple[Game, ...]
    sudden_death: tuple[Game, ...]
    rule: SuddenDeath
    if_level: IfLevel = IfLevel.SUDDEN_DEATH
    lot: str | None = None


def _alternating(first: str, second: str, start: int, count: int) -> tuple[Game, ...]:
    """*count* games numbered from *start*, *first* White in the first, then alternating."""
    pair = (first, second)
    return tuple(Game(start + i, pair[i % 2], pair[1 - i % 2]) for i in range(count))


def match(
    players: Sequence[str],
    games: int,
    seed: str,
    rule: SuddenDeath = SuddenDeath.REDRAW,
    shown: int = 4,
    if_level: IfLevel = IfLevel.SUDDEN_DEATH,
) -> Match:
    """The schedule of a two-player play-off of *games* games and *shown* single games.

    Raises:
        ScheduleError: When there are not two players or *games* is not even and positive.
    """
    if len(players) != 2:
        raise ScheduleError(f"a play-off match is between 2 players, not {len(players)}")
    if games < 2 or games % 2:
        raise ScheduleError(
            f"a play-off match has an even number of games (2, 4, ...), not {games}"
        )
    a, b = players
    stream = Stream(seed)
    first, second = (a, b) if stream.below(2) == 0 else (b, a)
    regular = _alternating(first, second, 1, games)
    if if_level is IfLevel.TIEBREAKS:  # the lot, drawn now: 0 puts the first-named ahead
        ahead = a if stream.below(2) == 0 else b
        return Match((a, b), seed, regular, (), rule, if_level, ahead)
    if rule is SuddenDeath.REDRAW:
        first, second = (a, b) if stream.below(2) == 0 else (b, a)
    else:  # whoever had Black in the last game has White in the next
        first, second = regular[-1].black, regular[-1].white
    extra = _alternating(first, second, games + 1, shown)
    return Match((a, b), seed, regular, extra, rule)


def round_robin(
    players: Sequence[str],
    seed: str,
    max_rounds: int,
    double: bool = True,
    order: RoundOrderChoice | None = None,
) -> tuple[Draw, Schedule]:
    """The start numbers and the Berger schedule of a play-off round robin.

    The three or more *players* draw their numbers in the order given; the schedule has at
    most *max_rounds* rounds (:func:`~trfkit.compute.berger.limited_schedule`), in *order*
    (``None`` or ``any``: C.05's, the FIDE swap in a double round robin, the table order
    in a single one).

    Raises:
        ScheduleError: For fewer than three players, a schedule over the limits, or an
            order the schedule cannot take (``fide-swap`` of a single round robin).
    """
    if len(players) < 3:
        raise ScheduleError(f"a play-off round robin needs at least 3 players, not {len(players)}")
    cycles = 2 if double else 1
    if order is None or order.kind is RoundOrderKind.ANY:
        table = limited_schedule(len(players), cycles, max_rounds, swap_last_two=double)
    else:
        size = limited_plan(len(players), cycles, max_rounds).size
        table = Plan(len(players), cycles, order.order(size - 1, cycles)).schedule()
    return draw_start_numbers(players, seed, DrawOrder.AS_GIVEN), table


@attrs.frozen(repr=False)
class Compared(Value):
    """One criterion of the list compared for the two players (``None``: no value)."""

    code: str
    first: Fraction | None
    second: Fraction | None


@attrs.frozen(repr=False)
class Decision(Value):
    """How the event's tie-breaks decide a level two-player play-off (:func:`decide_level`).

    Attributes:
        ahead: The player ahead.
        by: The code of the tie-break that separated them, or ``"lot"``.
        compared: The criteria compared, in the list's order, up to the deciding one.
    """

    ahead: str
    by: str
    compared: tuple[Compared, ...]


def decide_level(standings: Standings, ranks: tuple[int, int], m: Match) -> Decision:
    """Who of the match *m* is ahead by the tie-breaks of *standings*, then by *m*'s lot.

    *ranks* are the start ranks of ``m.players``, in the same order. The standings'
    hierarchy decides (the tie-break list after the points, direct encounter among those
    still tied where the list has DE): the player ranked higher is ahead, by the first
    criterion whose values differ; players sharing their rank after the whole list are
    decided by the lot.

    Raises:
        ScheduleError: A player not ranked (annulled by the withdrawal rule), the two not
            level on points, or a match without its lot.
    """
    rows = {row.start_rank: row for row in standings.rows}
    first, second = rows[ranks[0]], rows[ranks[1]]
    for row in (first, second):
        if row.rank is None:
            raise ScheduleError(f"player {row.start_rank} is not ranked (withdrawn)")
    one_rank, other_rank = first.rank, second.rank
    assert one_rank is not None and other_rank is not None

    def ahead() -> str:
        return m.players[0] if one_rank < other_rank else m.players[1]

    compared = []
    for tb, one, other in zip(standings.tiebreaks, first.values, second.values, strict=True):
        if tb.name == "PTS" and one != other:
            raise ScheduleError(
                f"players {ranks[0]} and {ranks[1]} are not level on points: a play-off "
                "is between players tied for a place"
            )
        if tb.name == "PTS":
            continue
        compared.append(Compared(tb.text, one, other))
        if one != other and first.rank != second.rank:
            return Decision(ahead(), tb.text, tuple(compared))
    if first.rank != second.rank:  # the hierarchy separated them with equal values shown
        return Decision(ahead(), compared[-1].code if compared else "PTS", tuple(compared))
    if m.lot is None:
        raise ScheduleError("the match has no lot: it was made for sudden death")
    return Decision(m.lot, "lot", tuple(compared))

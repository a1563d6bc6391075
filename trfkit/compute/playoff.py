"""Play-offs between players tied for a place (the Norwegian rules §5, C.05 practice).

Pure computation: names and a seed in, the schedule out.

- **Two players**: an even number of games (2, 4, …) so that the colours are equal; the
  colour of the first game is drawn (:mod:`trfkit.compute.lots`: a number below 2 from the
  seed's stream, 0 giving the first-named player White), then the colours alternate. If
  still level: single games with alternating colours until the first decisive game.
  UNCERTAIN (:class:`SuddenDeath`): the Norwegian text draws the colours of the single
  games anew (the default, the next number below 2 from the same stream); ``CONTINUE``
  goes on alternating from the last game of the match.
- **More than two**: a round robin of those concerned, double by default (the fairest
  in colours), with start numbers drawn by lot in the order given and, in a double round
  robin, FIDE's swap of the last two rounds of the first cycle.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from trfkit.compute.berger import Schedule, limited_schedule
from trfkit.compute.lots import Draw, DrawOrder, Stream, draw_start_numbers
from trfkit.errors import ScheduleError
from trfkit.values import Value

__all__ = ["Game", "Match", "SuddenDeath", "match", "round_robin"]


class SuddenDeath(enum.Enum):
    """The colours of the single games after a level match (UNCERTAIN; default ``REDRAW``)."""

    REDRAW = "redraw"
    """Drawn anew for the first single game, then alternating."""
    CONTINUE = "continue"
    """Alternating on from the last game of the match."""


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
    """

    players: tuple[str, str]
    seed: str
    games: tuple[Game, ...]
    sudden_death: tuple[Game, ...]
    rule: SuddenDeath


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
    if rule is SuddenDeath.REDRAW:
        first, second = (a, b) if stream.below(2) == 0 else (b, a)
    else:  # whoever had Black in the last game has White in the next
        first, second = regular[-1].black, regular[-1].white
    extra = _alternating(first, second, games + 1, shown)
    return Match((a, b), seed, regular, extra, rule)


def round_robin(
    players: Sequence[str], seed: str, max_rounds: int, double: bool = True
) -> tuple[Draw, Schedule]:
    """The start numbers and the Berger schedule of a play-off round robin.

    The three or more *players* draw their numbers in the order given; the schedule has at
    most *max_rounds* rounds (:func:`~trfkit.compute.berger.limited_schedule`).

    Raises:
        ScheduleError: For fewer than three players or a schedule over the limits.
    """
    if len(players) < 3:
        raise ScheduleError(f"a play-off round robin needs at least 3 players, not {len(players)}")
    cycles = 2 if double else 1
    table = limited_schedule(len(players), cycles, max_rounds, swap_last_two=double)
    return draw_start_numbers(players, seed, DrawOrder.AS_GIVEN), table

"""Colour runs of a Berger schedule: which round order is fairest in colours.

Pure computation on a :class:`~trfkit.compute.berger.Schedule`; ``trfkit berger
--analyse`` formats it.

**The figures**, per player, over the colour string of the whole event (every cycle,
read across the cycle boundaries):

- ``same_twice``: the runs of exactly two games with one colour (``WW`` or ``BB``
  between other colours);
- ``same_thrice``: the runs of three or more games with one colour (a run of four
  counts once);
- ``across_cycles``: the runs of two or more that span a cycle boundary;
- ``four_of_five``: whether some five consecutive games hold one colour four or five
  times.

An event's figures are the sums over its players (``four_of_five``: how many players).
These are the counts of Vega's analyses of the double round robin of 10 players
(rotated Berger tables), whose tables show the players ``X`` and ``X + 5`` on one line
because their colours are mirror images: the counts here are per player, so twice
Vega's (table: 10 → 20 runs of two, 1 → 2 runs of three).

UNCERTAIN reading (:class:`ByeRule`): with an odd field, whether a bye breaks a run.
The default skips it (the colours of the games played, as the colour rules count
them, so ``W - W`` is two Whites in a row); ``BREAK`` counts a bye as the end of a run.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from trfkit.compute.berger import Schedule, schedule, table_size
from trfkit.model import Colour

__all__ = [
    "ByeRule",
    "ColourAnalysis",
    "PlayerColours",
    "analyse",
    "best",
    "compare",
]


class ByeRule(enum.Enum):
    """How a bye counts in a colour run (UNCERTAIN; the default is ``SKIP``)."""

    SKIP = "skip"
    """A bye is left out: the runs are those of the games played."""
    BREAK = "break"
    """A bye ends a run."""


@attrs.frozen
class PlayerColours:
    """One player's colours and runs.

    Attributes:
        player: The start number.
        colours: One letter per round: ``W``, ``B`` or ``-`` (bye).
        white: Games with White.
        black: Games with Black.
        same_twice: Runs of exactly two equal colours.
        same_thrice: Runs of three or more.
        across_cycles: Runs of two or more spanning a cycle boundary.
        four_of_five: Whether five consecutive games hold one colour four times or more.
    """

    player: int
    colours: str
    white: int
    black: int
    same_twice: int
    same_thrice: int
    across_cycles: int
    four_of_five: bool


@attrs.frozen
class ColourAnalysis:
    """The colour figures of one schedule.

    Attributes:
        name: The round order's name (``table``, ``fide-swap``, ``rotate-6``, …).
        description: The round order in words, with its table rounds.
        rounds_per_cycle: The rounds of one cycle.
        players: Every player's figures, by start number.
    """

    name: str
    description: str
    rounds_per_cycle: int
    players: tuple[PlayerColours, ...]

    @property
    def same_twice(self) -> int:
        """Runs of exactly two, summed over the players."""
        return sum(p.same_twice for p in self.players)

    @property
    def same_thrice(self) -> int:
        """Runs of three or more, summed over the players."""
        return sum(p.same_thrice for p in self.players)

    @property
    def across_cycles(self) -> int:
        """Runs spanning a cycle boundary, summed over the players."""
        return sum(p.across_cycles for p in self.players)

    @property
    def four_of_five(self) -> int:
        """How many players get one colour in four of five consecutive games."""
        return sum(p.four_of_five for p in self.players)


_LETTER = {Colour.WHITE: "W", Colour.BLACK: "B"}


def _runs(colours: str, m: int, bye: ByeRule) -> list[tuple[int, int]]:
    """The runs as ``(length, cycles spanned)``; *m* rounds per cycle."""
    runs: list[tuple[int, int]] = []
    letter, length, first, last = "", 0, 0, 0
    for index, c in enumerate(colours):
        if c == "-":
            if bye is ByeRule.BREAK:
                letter = ""
            continue
        if c == letter:
            length += 1
            last = index
            continue
        if length:
            runs.append((length, last // m - first // m + 1))
        letter, length, first, last = c, 1, index, index
    if length:
        runs.append((length, last // m - first // m + 1))
    return runs


def _four_of_five(colours: str, bye: ByeRule) -> bool:
    seen = colours.replace("-", "") if bye is ByeRule.SKIP else colours
    return any(
        max(seen.count("W", i, i + 5), seen.count("B", i, i + 5)) >= 4
        for i in range(len(seen) - 4)
    )


def analyse(table: Schedule, bye: ByeRule = ByeRule.SKIP) -> ColourAnalysis:
    """The colour figures of *table*."""
    m = table.size - 1
    players = []
    for player in range(1, table.players + 1):
        colours = "".join(_LETTER.get(c, "-") for _, c in table.player_schedule(player))
        runs = _runs(colours, m, bye)
        players.append(
            PlayerColours(
                player,
                colours,
                colours.count("W"),
                colours.count("B"),
                sum(1 for length, _ in runs if length == 2),
                sum(1 for length, _ in runs if length >= 3),
                sum(1 for length, spanned in runs if length >= 2 and spanned > 1),
                _four_of_five(colours, bye),
            )
        )
    return ColourAnalysis(table.order.name, table.order.describe(m), m, tuple(players))


def compare(
    players: int, cycles: int = 2, bye: ByeRule = ByeRule.SKIP
) -> tuple[ColourAnalysis, ...]:
    """The figures of the table order, the FIDE swap and every Rotate-k, in that order.

    Raises:
        ValueError: When *players* or *cycles* is out of range.
    """
    m = table_size(players) - 1
    tables = [schedule(players, cycles), schedule(players, cycles, swap_last_two=True)]
    tables += [schedule(players, cycles, rotate=k) for k in range(2, m + 1)]
    return tuple(analyse(t, bye) for t in tables)


def best(analyses: Sequence[ColourAnalysis]) -> ColourAnalysis:
    """The variant with the fewest long runs.

    Fewest runs of three, then players with four of five, then runs of two; the first of
    equals (the table order before its variants).
    """
    return min(analyses, key=lambda a: (a.same_thrice, a.four_of_five, a.same_twice))

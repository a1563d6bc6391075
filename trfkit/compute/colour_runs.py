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
  times;
- ``same_start``: whether the first two games have one colour (Rotate-k's purpose: nobody
  starts ``WW`` or ``BB``).

An event's figures are the sums over its players (``four_of_five``, ``same_start``: how
many players).
These are the counts of Vega's analyses of the double round robin of 10 players
(rotated Berger tables), whose tables show the players ``X`` and ``X + 5`` on one line
because their colours are mirror images: the counts here are per player, so twice
Vega's (table: 10 → 20 runs of two, 1 → 2 runs of three).

UNCERTAIN reading (:class:`ByeRule`): with an odd field, whether a bye breaks a run.
The default skips it (the colours of the games played, as the colour rules count
them, so ``W - W`` is two Whites in a row); ``BREAK`` counts a bye as the end of a run.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from trfkit.compute.berger import Schedule, schedule, table_size
from trfkit.errors import ScheduleError
from trfkit.values import Value, WordEnum

__all__ = [
    "ByeRule",
    "ColourAnalysis",
    "PlayerColours",
    "analyse",
    "best",
    "compare",
    "recommended",
]


class ByeRule(WordEnum):
    """How a bye counts in a colour run (UNCERTAIN; the default is ``SKIP``)."""

    SKIP = "skip"
    """A bye is left out: the runs are those of the games played."""
    BREAK = "break"
    """A bye ends a run."""


@attrs.frozen(repr=False)
class PlayerColours(Value):
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
        same_start: Whether the first two games have one colour.
    """

    player: int
    colours: str
    white: int
    black: int
    same_twice: int
    same_thrice: int
    across_cycles: int
    four_of_five: bool
    same_start: bool = False


@attrs.frozen(repr=False)
class ColourAnalysis(Value):
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

    @property
    def same_start(self) -> int:
        """How many players play their first two games with one colour."""
        return sum(p.same_start for p in self.players)


_RUN = {
    # a bye skipped: a run goes on over any byes to the next game of its colour
    ByeRule.SKIP: re.compile(r"W(?:-*W)+|B(?:-*B)+"),
    ByeRule.BREAK: re.compile(r"WW+|BB+"),
}
"""The runs of two or more games: every figure counts those only."""
_FOUR_OF_FIVE = re.compile(r"WWWW|W.WWW|WW.WW|WWW.W|BBBB|B.BBB|BB.BB|BBB.B")
"""Four of one colour in five consecutive games: four in a row (the fifth on either side),
or one other game among them."""


def _runs(colours: str, m: int, bye: ByeRule) -> list[tuple[int, int]]:
    """The runs of two or more games as ``(length, cycles spanned)``; *m* rounds per cycle.

    Regular expressions, not a loop per round: ``--compare`` reads thousands of strings, most
    of whose games alternate.
    """
    return [
        (
            run.end() - run.start() - run.group().count("-"),
            (run.end() - 1) // m - run.start() // m + 1,
        )
        for run in _RUN[bye].finditer(colours)
    ]


def _four_of_five(colours: str, bye: ByeRule) -> bool:
    seen = colours.replace("-", "") if bye is ByeRule.SKIP else colours
    # a match of four needs a fifth game beside it: the string must hold five
    return len(seen) >= 5 and _FOUR_OF_FIVE.search(seen) is not None


def _same_start(colours: str, bye: ByeRule) -> bool:
    """The first two games have one colour (a bye skipped, or breaking the pair)."""
    seen = colours.replace("-", "") if bye is ByeRule.SKIP else colours
    return len(seen) >= 2 and seen[0] == seen[1] != "-"


def colour_strings(table: Schedule) -> tuple[str, ...]:
    """Every player's colours (``W``, ``B``, ``-`` for the bye), by start number.

    One pass over the rounds' boards (not a search of every round per player), so that an
    analysis costs rounds × players.
    """
    letters = [["-"] * len(table.rounds) for _ in range(table.players)]
    for index, rnd in enumerate(table.rounds):
        for white, black in rnd.pairings:
            letters[white - 1][index] = "W"
            letters[black - 1][index] = "B"
    return tuple("".join(row) for row in letters)


def analyse(table: Schedule, bye: ByeRule = ByeRule.SKIP) -> ColourAnalysis:
    """The colour figures of *table*."""
    m = table.size - 1
    players = []
    for player, colours in enumerate(colour_strings(table), start=1):
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
                _same_start(colours, bye),
            )
        )
    return ColourAnalysis(table.order.name, table.order.describe(m), m, tuple(players))


COMPARE_BUDGET = 16_000_000
"""The most colours :func:`compare` reads (variants × rounds × players): 200 players in a
double round robin (200 × 398 × 200), a few seconds."""


def compare(
    players: int, cycles: int = 2, bye: ByeRule = ByeRule.SKIP
) -> tuple[ColourAnalysis, ...]:
    """The figures of the table order, the FIDE swap and every Rotate-k, in that order.

    A single round robin has no swap (it swaps the last two rounds of a double round
    robin's first cycle): there the table order and every Rotate-k.

    The cost is variants × rounds × players (about ``cycles * players**3``), refused beyond
    :data:`COMPARE_BUDGET`.

    Raises:
        ScheduleError: When *players* or *cycles* is out of range or the comparison too large.
    """
    m = table_size(players) - 1
    swaps = [(True, 1)] if cycles >= 2 else []
    cost = (m + len(swaps)) * m * cycles * players  # m - 1 rotations, the table, the swap
    if cost > COMPARE_BUDGET:
        raise ScheduleError(
            f"--compare of {players:,} players and {cycles:,} cycle{'s' * (cycles > 1)} "
            f"reads {cost:,} colours, more than its budget of {COMPARE_BUDGET:,} "
            "(variants x rounds x players; 200 players in a double round robin fit)"
        )
    # (swap, rotate) of each variant; one schedule at a time, analysed and dropped
    orders = [(False, 1), *swaps, *((False, k) for k in range(2, m + 1))]
    return tuple(
        analyse(schedule(players, cycles, swap_last_two=swap, rotate=k), bye)
        for swap, k in orders
    )


def best(analyses: Sequence[ColourAnalysis]) -> ColourAnalysis:
    """The variant with the fewest long runs.

    Fewest runs of three, then players with four of five, then runs of two; the first of
    equals (the table order before its variants).
    """
    return min(analyses, key=lambda a: (a.same_thrice, a.four_of_five, a.same_twice))


def recommended(analyses: Sequence[ColourAnalysis], cycles: int) -> ColourAnalysis:
    """The variant C.05 Annex 1 recommends.

    The FIDE swap of a double round robin, else the table order.
    """
    name = "fide-swap" if cycles == 2 else "table"
    return next(a for a in analyses if a.name == name)

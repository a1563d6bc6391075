"""Berger tables (FIDE C.05 Annex 1): the rounds, cycles and round orders of a round robin.

Pure computation, no judgement: the checks in :mod:`trfkit.checks.schedule`
decide what is worth reporting.

**The table.** For an even table size ``n`` with ``m = n - 1`` rounds, round
``r`` pairs the fixed player ``n`` with ``p`` where ``p = (r + 1) / 2`` for odd
``r`` and ``p = n/2 + r/2`` for even ``r``; ``p`` has White in odd rounds and
``n`` in even rounds (board 1). Board ``d + 1`` (``d = 1 … n/2 - 1``) is
``p + d`` with White against ``p - d``, counted modulo ``m`` on ``1 … m``. This
closed form reproduces the seven published FIDE tables (3/4 … 15/16) board for
board, colours and board order included. An odd field of ``k`` players uses the
table for ``k + 1``; whoever is drawn against ``k + 1`` has the bye.

**Cycles and round orders.** Every further cycle repeats the pairings with the
colours reversed and in the same order. FIDE recommends swapping the *order* of
the last two rounds of the first cycle in a double round robin (their colours
stay); Rotate-k starts each cycle at table round ``k`` and wraps around.

Which table a file's schedule follows is :mod:`trfkit.compute.recognition`'s
business; whether a file is a round robin at all, :mod:`trfkit.compute.regime`'s.

UNCERTAIN reading: the second cycle follows the table order even when the first
cycle swapped its last two rounds (Vega, Milvang, chesspairing, Ainalrami).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from typing import NamedTuple

import attrs

from trfkit.errors import ScheduleError
from trfkit.model import LARGEST_ID, Colour
from trfkit.values import Value, WordEnum

Pair = tuple[int, int]
"""A pairing as ``(white, black)``."""

BYE = 0
"""The label the observed schedule of an odd field gives the missing number."""


# --- the table ----------------------------------------------------------------------------


def table_size(players: int) -> int:
    """The even table size for *players* (an odd field uses the next even table).

    Raises:
        ScheduleError: When there are fewer than 3 players.
    """
    if players < 3:
        raise ScheduleError(f"a Berger table needs at least 3 players, not {players}")
    return players + players % 2


@functools.lru_cache(maxsize=4096, typed=True)
def table_round(size: int, number: int) -> tuple[Pair, ...]:
    """Round *number* (1-based) of the single-cycle table for an even *size*, board order.

    Board 1 is the game of the fixed player *size*; every pair is ``(white, black)``.
    The rounds are kept once made (a batch meets the same sizes again and again); a table
    printed once (``berger``, ``draw``) makes them with :func:`make_round`, kept by nobody.

    Raises:
        ScheduleError: When *size* is odd or below 4, or *number* is not a round of the table.
    """
    return make_round(size, number)


def make_round(size: int, number: int) -> tuple[Pair, ...]:
    """:func:`table_round`, made anew and not kept: memory for one round at a time."""
    if size < 4 or size % 2:
        raise ScheduleError(f"table size must be even and at least 4, not {size}")
    m = size - 1
    if not 1 <= number <= m:
        raise ScheduleError(f"the table for {size} has rounds 1 to {m}, not {number}")
    p = (number + 1) // 2 if number % 2 else size // 2 + number // 2
    boards: list[Pair] = [(p, size) if number % 2 else (size, p)]
    for d in range(1, size // 2):
        boards.append(((p + d - 1) % m + 1, (p - d - 1) % m + 1))
    return tuple(boards)


def meet_round(size: int, a: int, b: int) -> int | None:
    """The table round in which *a* and *b* meet in the table for an even *size*, or ``None``.

    Closed form of :func:`table_round`: board ``d + 1`` pairs ``p ± d`` (mod ``m``), so two
    numbers below *size* meet where ``a + b ≡ r + 1``, and *size* meets ``p`` where
    ``2p ≡ r + 1`` (mod ``m``). Without a table: a field of thousands costs nothing.
    """
    m = size - 1
    low, high = (a, b) if a < b else (b, a)
    if low < 1 or high > size or low == high:
        return None
    if high == size:
        return (2 * low - 2) % m + 1
    return (low + high - 2) % m + 1


def table_game(size: int, number: int, player: int) -> tuple[int, bool]:
    """*player*'s opponent in table round *number* for an even *size*, and whether it has White.

    One board of :func:`table_round`, without making the round.
    Closed form of the table: round ``r`` pairs ``size`` with ``p`` (``2p ≡ r + 1`` mod ``m``;
    ``p`` has White in odd rounds) and ``p + d`` (White) with ``p - d`` for ``d = 1 …
    size/2 - 1``, so a player's opponent is ``r + 1 - player`` (mod ``m``) and its colour
    says on which side of ``p`` it stands.
    """
    m = size - 1
    p = (number + 1) // 2 if number % 2 else size // 2 + number // 2
    if player == size:
        return p, number % 2 == 0
    if player == p:
        return size, number % 2 == 1
    k = (player - p) % m  # player = p + k: White when k <= m // 2 (k = d), else p - (m - k)
    return (number - player) % m + 1, k <= m // 2


def table(players: int) -> tuple[tuple[Pair, ...], ...]:
    """The single-cycle FIDE table for *players* (odd: including the bye number), by round."""
    size = table_size(players)
    return tuple(table_round(size, r) for r in range(1, size))


class RoundOrder(NamedTuple):
    """Which table round each round of an event plays, and whether its colours are reversed.

    Attributes:
        name: ``"table"``, ``"fide-swap"``, ``"rotate-K"``, ``"reversed"`` or ``"custom"``
            (combinations are joined with ``+``).
        plan: For round ``t`` (index ``t - 1``): the table round and ``True`` when the
            colours are reversed.
    """

    name: str
    plan: tuple[tuple[int, bool], ...]

    def cycle_rounds(self, rounds_per_cycle: int) -> tuple[int, ...]:
        """The table rounds of the first cycle, in playing order."""
        return tuple(r for r, _ in self.plan[:rounds_per_cycle])

    def describe(self, rounds_per_cycle: int) -> str:
        """A phrase for messages, e.g. ``Rotate-4 (table rounds 4, 5, 1, 2, 3)``."""
        shown = ", ".join(str(r) for r in self.cycle_rounds(rounds_per_cycle))
        label = {
            "table": "the table order",
            "fide-swap": "the table order with the last two rounds of cycle 1 swapped",
            "reversed": "the reversed table order",
            "custom": "an order of its own",
        }.get(self.name)
        if label is None:
            label = self.name.replace("rotate-", "Rotate-").replace("+fide-swap", " with the swap")
        return f"{label} (table rounds {shown})"


def round_order(
    rounds_per_cycle: int,
    cycles: int = 1,
    *,
    swap_last_two: bool = False,
    rotate: int = 1,
    reverse: bool = False,
) -> RoundOrder:
    """The order of table rounds for a whole event.

    Args:
        rounds_per_cycle: ``m``, the rounds of one cycle (table size − 1).
        cycles: How many times every pair meets; each further cycle reverses the colours.
        swap_last_two: Play the last two rounds of the first cycle in reverse order.
        rotate: Start every cycle at this table round and wrap around (Rotate-k).
        reverse: Play every cycle's rounds in reverse order.

    Raises:
        ScheduleError: When a count is out of range.
    """
    m = rounds_per_cycle
    if m < 1 or cycles < 1:
        raise ScheduleError("rounds per cycle and cycles must be positive")
    if not 1 <= rotate <= m:
        raise ScheduleError(f"rotate must be between 1 and {m}, not {rotate}")
    base = list(range(1, m + 1))
    if reverse:
        base.reverse()
    base = base[rotate - 1 :] + base[: rotate - 1]
    plan: list[tuple[int, bool]] = []
    for cycle in range(1, cycles + 1):
        rounds = list(base)
        if cycle == 1 and swap_last_two and m >= 2:
            rounds[-2], rounds[-1] = rounds[-1], rounds[-2]
        plan.extend((r, cycle % 2 == 0) for r in rounds)
    parts = []
    if reverse:
        parts.append("reversed")
    if rotate != 1:
        parts.append(f"rotate-{rotate}")
    if swap_last_two:
        parts.append("fide-swap")
    return RoundOrder("+".join(parts) or "table", tuple(plan))


class RoundOrderKind(WordEnum):
    """The round orders an organiser chooses (``--round-order``)."""

    TABLE = "table"
    """The table order, every cycle."""
    FIDE_SWAP = "fide-swap"
    """A double round robin with the last two rounds of cycle 1 in reverse order (C.05)."""
    ROTATE = "rotate"
    """Rotate-k: every cycle starts at table round k and wraps around (Vega)."""
    ANY = "any"
    """Any of the others (a check accepts each and says which it found)."""


ROUND_ORDER_SPELLINGS = "table|fide-swap|rotate-K|any"
"""How ``--round-order`` is written, for help texts and messages."""


@attrs.frozen(repr=False)
class RoundOrderChoice(Value):
    """A round order as chosen: ``table``, ``fide-swap``, ``rotate-K`` or ``any``.

    Attributes:
        kind: Which order.
        rotate: ``k`` of ``rotate-K`` (at least 2: Rotate-1 is the table order); 1 otherwise.
    """

    kind: RoundOrderKind = attrs.field(default=RoundOrderKind.ANY, converter=RoundOrderKind)
    rotate: int = 1

    def __attrs_post_init__(self) -> None:
        if self.kind is RoundOrderKind.ROTATE and self.rotate < 2:
            raise ScheduleError(f"rotate-K needs K of at least 2, not {self.rotate}")
        if self.kind is not RoundOrderKind.ROTATE and self.rotate != 1:
            raise ScheduleError(f"{self.kind.value} takes no K")

    @classmethod
    def parse(cls, text: str) -> RoundOrderChoice:
        """The choice *text* spells (``rotate-1`` is ``table``).

        Raises:
            ScheduleError: When *text* is none of ``table|fide-swap|rotate-K|any``.
        """
        spelled = text.strip().lower()
        if spelled.startswith("rotate-"):
            number = spelled[len("rotate-") :]
            if not number.isdigit() or len(number) > 5:
                raise ScheduleError(f"{text!r}: rotate-K needs a whole number K, e.g. rotate-6")
            k = int(number)
            if k < 1:
                raise ScheduleError(f"{text!r}: K of rotate-K is a table round, at least 1")
            return cls(RoundOrderKind.TABLE) if k == 1 else cls(RoundOrderKind.ROTATE, k)
        kinds = {kind.value: kind for kind in RoundOrderKind if kind is not RoundOrderKind.ROTATE}
        if spelled not in kinds:
            raise ScheduleError(f"{text!r} is no round order: {ROUND_ORDER_SPELLINGS}")
        return cls(kinds[spelled])

    def __str__(self) -> str:
        """The spelling :meth:`parse` reads back."""
        if self.kind is RoundOrderKind.ROTATE:
            return f"rotate-{self.rotate}"
        return str(self.kind.value)

    def accepted(self, rounds_per_cycle: int, cycles: int) -> tuple[str, ...]:
        """The names of the :class:`RoundOrder` s this choice accepts, the first preferred.

        ``any`` accepts the table order, the FIDE swap (a double round robin or more) and
        every Rotate-k; a single round robin has no swap, so there ``fide-swap`` expects the
        table order; a Rotate-k the table has not (``k`` above its rounds) accepts nothing.
        """
        m = rounds_per_cycle
        if self.kind is RoundOrderKind.TABLE:
            return ("table",)
        if self.kind is RoundOrderKind.FIDE_SWAP:
            return ("fide-swap",) if cycles >= 2 else ("table",)
        if self.kind is RoundOrderKind.ROTATE:
            return (f"rotate-{self.rotate}",) if self.rotate <= m else ()
        swap = ("fide-swap",) if cycles >= 2 else ()
        return ("table", *swap, *(f"rotate-{k}" for k in range(2, m + 1)))

    def order(self, rounds_per_cycle: int, cycles: int) -> RoundOrder:
        """The order this choice makes (``any`` makes the table order).

        Raises:
            ScheduleError: For ``fide-swap`` of a single round robin (it swaps the last two
                rounds of a double round robin's first cycle) or a Rotate-k the table has not.
        """
        if self.kind is RoundOrderKind.FIDE_SWAP and cycles < 2:
            raise ScheduleError(
                "fide-swap swaps the last two rounds of a double round robin's first cycle; "
                "a single round robin plays the table order (use --double or --cycles)"
            )
        if self.kind is RoundOrderKind.ROTATE and self.rotate > rounds_per_cycle:
            raise ScheduleError(
                f"rotate-{self.rotate}: the table has rounds 1 to {rounds_per_cycle} a cycle"
            )
        return round_order(
            rounds_per_cycle,
            cycles,
            swap_last_two=self.kind is RoundOrderKind.FIDE_SWAP,
            rotate=self.rotate,
        )


ANY_ORDER = RoundOrderChoice(RoundOrderKind.ANY)
"""``--round-order any``."""


def round_order_of(value: RoundOrderChoice | str) -> RoundOrderChoice:
    """*value* as a :class:`RoundOrderChoice` (a spelling is parsed).

    Raises:
        ScheduleError: When a spelling names no round order.
    """
    if isinstance(value, RoundOrderChoice):
        return value
    if isinstance(value, str):
        return RoundOrderChoice.parse(value)
    raise ScheduleError(f"a round order is {ROUND_ORDER_SPELLINGS}, not {value!r}")


def order_named(name: str, rounds_per_cycle: int, cycles: int) -> RoundOrder:
    """The :class:`RoundOrder` called *name* (``table``, ``fide-swap``, ``rotate-K``, ``reversed``).

    Raises:
        ScheduleError: When *name* names none of them.
    """
    if name == "reversed":
        return round_order(rounds_per_cycle, cycles, reverse=True)
    if name == "fide-swap":
        return round_order(rounds_per_cycle, cycles, swap_last_two=True)
    choice = RoundOrderChoice.parse(name)
    if choice.kind is RoundOrderKind.ANY:
        raise ScheduleError("'any' names no one order")
    return choice.order(rounds_per_cycle, cycles)


class BergerRound(NamedTuple):
    """One round of a Berger schedule.

    Attributes:
        number: The round of the event (1-based).
        table_round: The single-cycle table round it plays.
        cycle: The cycle it belongs to (1-based).
        pairings: ``(white, black)`` pairs in FIDE board order, the bye left out.
        bye: The player without a game (odd fields), else ``None``.
    """

    number: int
    table_round: int
    cycle: int
    pairings: tuple[Pair, ...]
    bye: int | None


class Schedule(NamedTuple):
    """A whole Berger schedule: players, cycles, round order and every round.

    Attributes:
        players: Number of players (odd: the table of ``players + 1``).
        cycles: Number of cycles.
        order: The round order used.
        rounds: Every round, in playing order.
    """

    players: int
    cycles: int
    order: RoundOrder
    rounds: tuple[BergerRound, ...]

    @property
    def size(self) -> int:
        """The even table size."""
        return table_size(self.players)

    def opponent(self, player: int, number: int) -> tuple[int | None, Colour]:
        """*player*'s opponent and colour in round *number* (``(None, NONE)`` for the bye)."""
        rnd = self.rounds[number - 1]
        for white, black in rnd.pairings:
            if white == player:
                return black, Colour.WHITE
            if black == player:
                return white, Colour.BLACK
        return None, Colour.NONE

    @property
    def round_count(self) -> int:
        """The rounds of the schedule."""
        return len(self.rounds)

    def iter_rounds(self) -> Iterator[BergerRound]:
        """Every round in playing order (as :meth:`Plan.iter_rounds`)."""
        return iter(self.rounds)

    def player_schedule(self, player: int) -> tuple[tuple[int | None, Colour], ...]:
        """*player*'s opponent and colour in every round."""
        return tuple(self.opponent(player, r.number) for r in self.rounds)


class Plan(NamedTuple):
    """A Berger schedule described, not made: its rounds and games are made when asked for.

    What a printed table needs (``trfkit berger``, ``draw --format trf``) in memory that
    follows one round or one player, not the whole table: :meth:`iter_rounds` makes one
    round at a time (kept by nobody) and :meth:`player_schedule` reads a player's games from
    the table's closed form (:func:`table_game`), without a round. :meth:`schedule` makes the
    whole :class:`Schedule`, the same rounds.

    Attributes:
        players: Number of players (odd: the table of ``players + 1``).
        cycles: Number of cycles.
        order: The round order used.
    """

    players: int
    cycles: int
    order: RoundOrder

    @property
    def size(self) -> int:
        """The even table size."""
        return table_size(self.players)

    @property
    def round_count(self) -> int:
        """The rounds of the schedule."""
        return len(self.order.plan)

    def round(self, index: int) -> BergerRound:
        """Round *index* (1-based) of the schedule, made now (with :func:`make_round`)."""
        size, players = self.size, self.players
        number, flipped = self.order.plan[index - 1]
        boards = make_round(size, number)
        if flipped:
            boards = tuple((b, w) for w, b in boards)
        bye = None
        if players % 2:
            white, black = boards[0]
            bye = black if white == size else white
            boards = boards[1:]
        return BergerRound(index, number, (index - 1) // (size - 1) + 1, boards, bye)

    def iter_rounds(self) -> Iterator[BergerRound]:
        """Every round in playing order, each made when reached."""
        return (self.round(index) for index in range(1, self.round_count + 1))

    def player_schedule(self, player: int) -> tuple[tuple[int | None, Colour], ...]:
        """*player*'s opponent and colour in every round (``(None, NONE)`` for the bye)."""
        size, vacant = self.size, self.players % 2 == 1
        bye = (None, Colour.NONE)
        if not 1 <= player <= self.players:  # no player of the schedule: no game
            return (bye,) * self.round_count
        # table_game inlined: a printed table of 9,999 players asks this 10**8 times
        m, half, middle = size - 1, (size - 1) // 2, size // 2
        colours = ((Colour.BLACK, Colour.WHITE), (Colour.WHITE, Colour.BLACK))
        games: list[tuple[int | None, Colour]] = []
        append = games.append
        for number, flipped in self.order.plan:
            p = (number + 1) // 2 if number % 2 else middle + number // 2
            if player == size:  # the fixed player: White in even rounds
                append((p, colours[flipped][1 - number % 2]))
            elif player == p:  # against the fixed player (the bye of an odd field)
                append(bye if vacant else (size, colours[flipped][number % 2]))
            else:
                white = (player - p) % m <= half
                append(((number - player) % m + 1, colours[flipped][white]))
        return tuple(games)

    def schedule(self) -> Schedule:
        """The whole schedule, every round made and kept."""
        return Schedule(self.players, self.cycles, self.order, tuple(self.iter_rounds()))


def plan(
    players: int,
    cycles: int = 1,
    *,
    swap_last_two: bool = False,
    rotate: int = 1,
    reverse: bool = False,
) -> Plan:
    """The FIDE Berger schedule for *players*, described (see :func:`round_order`).

    Raises:
        ScheduleError: When *players* is below 3 or an option is out of range.
    """
    size = table_size(players)
    order = round_order(
        size - 1, cycles, swap_last_two=swap_last_two, rotate=rotate, reverse=reverse
    )
    return Plan(players, cycles, order)


def schedule(
    players: int,
    cycles: int = 1,
    *,
    swap_last_two: bool = False,
    rotate: int = 1,
    reverse: bool = False,
) -> Schedule:
    """The FIDE Berger schedule for *players* (see :func:`round_order` for the options).

    Raises:
        ScheduleError: When *players* is below 3 or an option is out of range.
    """
    described = plan(players, cycles, swap_last_two=swap_last_two, rotate=rotate, reverse=reverse)
    return described.schedule()


MAX_PLAYERS = LARGEST_ID
"""The most players of a table: TRF start ranks have four digits."""


def limited_plan(
    players: int,
    cycles: int,
    max_rounds: int,
    *,
    swap_last_two: bool = False,
    rotate: int = 1,
) -> Plan:
    """:func:`plan`, refused when the schedule would exceed the limits.

    The one check of a schedule's size, for ``berger``, ``draw`` and ``playoff``: at most
    :data:`MAX_PLAYERS` players and *max_rounds* rounds (``--max-rounds``). Nothing of the
    size of the table is made: the check costs the same for 5 players and for 9,999.

    Raises:
        ScheduleError: With the message to show when the schedule is out of range or too large.
    """
    if players > MAX_PLAYERS:
        raise ScheduleError(f"start ranks have four digits: at most {MAX_PLAYERS} players")
    if cycles < 1:
        raise ScheduleError(f"--cycles must be at least 1, not {cycles}")
    # the size of the table is known before it is made: refuse it then, not after
    rounds = (table_size(players) - 1) * cycles
    if rounds > max_rounds:
        raise ScheduleError(
            f"{players:,} players and {cycles:,} cycle{'s' * (cycles > 1)} make "
            f"{rounds:,} rounds, more than the limit of {max_rounds:,} (--max-rounds)"
        )
    return plan(players, cycles, swap_last_two=swap_last_two, rotate=rotate)


def limited_schedule(
    players: int,
    cycles: int,
    max_rounds: int,
    *,
    swap_last_two: bool = False,
    rotate: int = 1,
) -> Schedule:
    """:func:`schedule`, refused before it is made when it would exceed the limits.

    See :func:`limited_plan`, the one check of a schedule's size.

    Raises:
        ScheduleError: With the message to show when the schedule is out of range or too large.
    """
    described = limited_plan(
        players, cycles, max_rounds, swap_last_two=swap_last_two, rotate=rotate
    )
    return described.schedule()


# --- the partner tables used by recognition ------------------------------------------------


class Partners(NamedTuple):
    """Per table round: every number's partner and whether it has White (round not reversed)."""

    size: int
    partner: tuple[tuple[int, ...], ...]
    white: tuple[tuple[bool, ...], ...]
    meet_round: Mapping[tuple[int, int], int]

    @classmethod
    def make(cls, size: int) -> Partners:
        """Make the partner tables for *size*."""
        partner: list[tuple[int, ...]] = [()]
        white: list[tuple[bool, ...]] = [()]
        meet: dict[tuple[int, int], int] = {}
        for r in range(1, size):
            p = [0] * (size + 1)
            w = [False] * (size + 1)
            for a, b in table_round(size, r):
                p[a], p[b] = b, a
                w[a] = True
                meet[(min(a, b), max(a, b))] = r
            partner.append(tuple(p))
            white.append(tuple(w))
        return cls(size, tuple(partner), tuple(white), meet)


@functools.lru_cache(maxsize=64)
def partner_tables(size: int) -> Partners:
    """The partner tables for *size* (made once per size and shared: never change them)."""
    return Partners.make(size)

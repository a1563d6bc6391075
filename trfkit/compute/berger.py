"""Berger tables (FIDE C.05 Annex 1) and the recognition of round-robin schedules.

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

**Recognition** (spec §1.8) works on an :class:`Observed` schedule, the games a
file shows round by round. :func:`explain` looks for the Berger table that fits
it best: first under the file's own numbering in the table order or a named
variant (FIDE swap, Rotate-k, reversed order) or any other order of table
rounds; then under a renumbering of the start ranks. A renumbering is found by
anchoring: assume participant ``X`` holds the fixed number ``n`` (in an odd
field the missing number is the anchor, so nothing is guessed), then every
game propagates the numbers along the table — ``n`` candidates per round order,
each checked in ``O(n²)``, instead of ``n!`` permutations.

UNCERTAIN readings, each with its default:

- TRF-2026 192 codes (spec §1.5, taken from an implementation's summary of the
  TEC table): ``FIDE_DOUBLEROUNDROBIN`` means with the swap,
  ``BERGER_DOUBLEROUNDROBIN`` and ``BERGER_ROUNDROBIN_G2`` without it. Without a
  192 code both double-round-robin variants are expected equally.
- The second cycle follows the table order even when the first cycle swapped
  its last two rounds (Vega, Milvang, chesspairing, Ainalrami).
- Round-robin recognition from 092 free text uses a list of words
  (:data:`RR_WORDS`); the spec warns not to rely on 092 alone, so the text only
  makes trfkit *try* the schedule checks.
- Team colours: which team is "first-named" is read from the top board the
  teams fielded in the match (the team whose top player has White there). This
  is off by default (:attr:`~trfkit.checks.base.CheckOptions.berger_team_colours`).
"""

from __future__ import annotations

import functools
import operator
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import attrs

from trfkit.model import Colour, Player, RawRecord, Result, TextRecord, Tournament

Pair = tuple[int, int]
"""A pairing as ``(white, black)``."""

BYE = 0
"""The label the observed schedule of an odd field gives the missing number."""


# --- the table ----------------------------------------------------------------------------


def table_size(players: int) -> int:
    """The even table size for *players* (an odd field uses the next even table).

    Raises:
        ValueError: When there are fewer than 3 players.
    """
    if players < 3:
        raise ValueError(f"a Berger table needs at least 3 players, not {players}")
    return players + players % 2


@functools.lru_cache(maxsize=4096, typed=True)
def table_round(size: int, number: int) -> tuple[Pair, ...]:
    """Round *number* (1-based) of the single-cycle table for an even *size*, board order.

    Board 1 is the game of the fixed player *size*; every pair is ``(white, black)``.
    The rounds are kept once made (a batch meets the same sizes again and again).

    Raises:
        ValueError: When *size* is odd or below 4, or *number* is not a round of the table.
    """
    if size < 4 or size % 2:
        raise ValueError(f"table size must be even and at least 4, not {size}")
    m = size - 1
    if not 1 <= number <= m:
        raise ValueError(f"the table for {size} has rounds 1 to {m}, not {number}")
    p = (number + 1) // 2 if number % 2 else size // 2 + number // 2
    boards: list[Pair] = [(p, size) if number % 2 else (size, p)]
    for d in range(1, size // 2):
        boards.append(((p + d - 1) % m + 1, (p - d - 1) % m + 1))
    return tuple(boards)


def table(players: int) -> tuple[tuple[Pair, ...], ...]:
    """The single-cycle FIDE table for *players* (odd: including the bye number), by round."""
    size = table_size(players)
    return tuple(table_round(size, r) for r in range(1, size))


@attrs.frozen
class RoundOrder:
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
        ValueError: When a count is out of range.
    """
    m = rounds_per_cycle
    if m < 1 or cycles < 1:
        raise ValueError("rounds per cycle and cycles must be positive")
    if not 1 <= rotate <= m:
        raise ValueError(f"rotate must be between 1 and {m}, not {rotate}")
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


@attrs.frozen
class BergerRound:
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


@attrs.frozen
class Schedule:
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

    def player_schedule(self, player: int) -> tuple[tuple[int | None, Colour], ...]:
        """*player*'s opponent and colour in every round."""
        return tuple(self.opponent(player, r.number) for r in self.rounds)


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
        ValueError: When *players* is below 3 or an option is out of range.
    """
    size = table_size(players)
    single = table(players)
    order = round_order(
        size - 1, cycles, swap_last_two=swap_last_two, rotate=rotate, reverse=reverse
    )
    rounds = []
    for index, (number, flipped) in enumerate(order.plan):
        boards = single[number - 1]
        if flipped:
            boards = tuple((b, w) for w, b in boards)
        bye = None
        if players % 2:
            white, black = boards[0]
            bye = black if white == size else white
            boards = boards[1:]
        rounds.append(
            BergerRound(index + 1, number, index // (size - 1) + 1, boards, bye)
        )
    return Schedule(players, cycles, order, tuple(rounds))


# --- the partner tables used by recognition ------------------------------------------------


@attrs.frozen
class _Partners:
    """Per table round: every number's partner and whether it has White (round not reversed)."""

    size: int
    partner: tuple[tuple[int, ...], ...]
    white: tuple[tuple[bool, ...], ...]
    meet_round: Mapping[tuple[int, int], int]

    @classmethod
    def build(cls, size: int) -> _Partners:
        """The partner tables for *size* (made once per size and shared: never change them)."""
        return _partners(size)

    @classmethod
    def make(cls, size: int) -> _Partners:
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
def _partners(size: int) -> _Partners:
    return _Partners.make(size)


# --- observed schedules ---------------------------------------------------------------------


@attrs.frozen
class Meeting:
    """Two participants who met (or were paired, forfeits included) in a round.

    Attributes:
        round: The round (1-based).
        first: The lower label.
        second: The higher label.
        white: The label with White, ``None`` when the file does not tell
            (``BYE`` meetings have none).
    """

    round: int
    first: int
    second: int
    white: int | None = None

    def other(self, label: int) -> int:
        """The participant *label* met."""
        return self.second if label == self.first else self.first

    def shown(self) -> str:
        """``white–black`` when the colours are known, else ``first–second``."""
        if self.white is None:
            return f"{self.first}–{self.second}"
        return f"{self.white}–{self.other(self.white)}"


@attrs.frozen
class Observed:
    """The schedule a file shows, as participants and the meetings both sides agree on.

    Attributes:
        labels: The participants (start ranks, or team numbers), sorted.
        rounds: The number of rounds shown.
        meetings: Games both sides list (forfeits included), plus, in an odd field,
            a meeting with :data:`BYE` for the one participant without a game.
        claims: Every ``(round, low, high)`` that at least one side lists.
        idle: Per round (index ``round - 1``), the participants without an agreed game.
    """

    labels: tuple[int, ...]
    rounds: int
    meetings: tuple[Meeting, ...]
    claims: frozenset[tuple[int, int, int]] = frozenset()
    idle: tuple[frozenset[int], ...] = ()

    @property
    def odd(self) -> bool:
        """True for an odd number of participants."""
        return len(self.labels) % 2 == 1

    def by_round(self) -> tuple[tuple[Meeting, ...], ...]:
        """The meetings of each round (index ``round - 1``), grouped once per schedule."""
        return self._by_round

    @functools.cached_property
    def _by_round(self) -> tuple[tuple[Meeting, ...], ...]:
        out: list[list[Meeting]] = [[] for _ in range(self.rounds)]
        for m in self.meetings:
            out[m.round - 1].append(m)
        return tuple(tuple(x) for x in out)


_MEETING_ORDER = operator.attrgetter("round", "first", "second")


def observed_from_games(
    labels: Iterable[int],
    rounds: int,
    games: Iterable[tuple[int, int, int, Colour]],
) -> Observed:
    """Build an :class:`Observed` from one-sided claims ``(round, label, opponent, colour)``.

    A meeting needs both sides; its White is known when one side says ``w`` and the
    other ``b``. In an odd field, a round with exactly one participant without a
    meeting gives that participant a meeting with :data:`BYE`.
    """
    label_set = frozenset(labels)
    # per round (index round - 1): label → the first (opponent, colour) it claims
    claim: list[dict[int, tuple[int, Colour]]] = [{} for _ in range(rounds)]
    claims: set[tuple[int, int, int]] = set()
    for rnd, a, b, colour in games:
        if a not in label_set or b not in label_set or a == b or not 1 <= rnd <= rounds:
            continue
        claim[rnd - 1].setdefault(a, (b, colour))
        claims.add((rnd, a, b) if a < b else (rnd, b, a))
    meetings: list[Meeting] = []
    busy: list[set[int]] = [set() for _ in range(rounds)]
    for rnd, said in enumerate(claim, start=1):  # by round, then label: sorted claims
        taken = busy[rnd - 1]
        for a in sorted(said):
            b, colour = said[a]
            if a > b:
                continue
            back = said.get(b)
            if back is None or back[0] != a:
                continue
            if a in taken or b in taken:
                continue
            white: int | None = None
            if colour is Colour.WHITE and back[1] is Colour.BLACK:
                white = a
            elif colour is Colour.BLACK and back[1] is Colour.WHITE:
                white = b
            meetings.append(Meeting(rnd, a, b, white))
            taken.update((a, b))
    idle = tuple(frozenset(label_set - busy[r]) for r in range(rounds))
    if len(label_set) % 2 == 1:
        for r in range(rounds):
            if len(idle[r]) == 1:
                (only,) = idle[r]
                meetings.append(Meeting(r + 1, BYE, only))
    meetings.sort(key=_MEETING_ORDER)
    return Observed(tuple(sorted(label_set)), rounds, tuple(meetings), frozenset(claims), idle)


# --- explanations ---------------------------------------------------------------------------


@attrs.frozen
class Explanation:
    """The Berger table that fits an observed schedule best, and how well.

    Attributes:
        players: Number of participants.
        cycles: Number of cycles assumed.
        numbering: Label → Berger number (the odd field's :data:`BYE` → the top number).
        order: The round order.
        pairs_matched: Meetings (bye meetings included) that the table has in that round.
        pairs_total: All meetings.
        colours_matched: Meetings with known colours that agree with the table.
        colours_compared: Meetings with known colours among the matched ones.
        rounds_matched: Rounds whose every meeting the table has.
    """

    players: int
    cycles: int
    numbering: Mapping[int, int]
    order: RoundOrder
    pairs_matched: int
    pairs_total: int
    colours_matched: int
    colours_compared: int
    rounds_matched: int

    @property
    def size(self) -> int:
        """The even table size."""
        return table_size(self.players)

    @property
    def rounds_per_cycle(self) -> int:
        """``m``, the rounds of one cycle."""
        return self.size - 1

    @property
    def renumbered(self) -> bool:
        """True when a participant's Berger number is not its place among the sorted labels."""
        return _moved(self.numbering) > 0

    @property
    def all_pairs(self) -> bool:
        """True when every meeting is in the table."""
        return self.pairs_matched == self.pairs_total

    @property
    def colour_mismatches(self) -> int:
        """Matched meetings whose colours differ from the table."""
        return self.colours_compared - self.colours_matched

    def label_of(self) -> dict[int, int]:
        """Berger number → label."""
        return {number: label for label, number in self.numbering.items()}

    def expected(self, round_number: int) -> tuple[tuple[int, int], ...]:
        """The table's ``(white, black)`` Berger numbers in board order for *round_number*."""
        table_number, flipped = self.order.plan[round_number - 1]
        return _boards(self.size, table_number, flipped)


@functools.lru_cache(maxsize=4096)
def _boards(size: int, table_number: int, flipped: bool) -> tuple[tuple[int, int], ...]:
    """Table round *table_number* for *size*, with the colours reversed when *flipped*."""
    boards = table_round(size, table_number)
    if flipped:
        boards = tuple((b, w) for w, b in boards)
    return boards


def identity_numbering(labels: Sequence[int], odd: bool) -> dict[int, int]:
    """Labels in ascending order → 1, 2, …; an odd field's :data:`BYE` → the top number."""
    numbering = {label: index for index, label in enumerate(sorted(labels), start=1)}
    if odd:
        numbering[BYE] = len(labels) + 1
    return numbering


def _score(
    observed_rounds: Sequence[Sequence[Meeting]],
    partners: _Partners,
    numbering: Mapping[int, int],
    order: RoundOrder,
) -> tuple[int, int, int, int, int]:
    pairs = colours_ok = compared = rounds_ok = 0
    for index, meetings in enumerate(observed_rounds):
        if index >= len(order.plan):
            break
        number, flipped = order.plan[index]
        partner = partners.partner[number]
        white = partners.white[number]
        whole = True
        for m in meetings:
            a = numbering.get(m.first)
            b = numbering.get(m.second)
            if a is None or b is None or partner[a] != b:
                whole = False
                continue
            pairs += 1
            if m.white is not None:
                compared += 1
                first_white = white[a] != flipped
                if (m.white == m.first) == first_white:
                    colours_ok += 1
        if whole:
            rounds_ok += 1
    return pairs, colours_ok, compared, rounds_ok, sum(len(m) for m in observed_rounds)


def _make(
    observed: Observed,
    cycles: int,
    numbering: Mapping[int, int],
    order: RoundOrder,
    score: tuple[int, int, int, int, int],
) -> Explanation:
    pairs, colours_ok, compared, rounds_ok, total = score
    return Explanation(
        players=len(observed.labels),
        cycles=cycles,
        numbering=dict(numbering),
        order=order,
        pairs_matched=pairs,
        pairs_total=total,
        colours_matched=colours_ok,
        colours_compared=compared,
        rounds_matched=rounds_ok,
    )


def named_orders(
    rounds_per_cycle: int, cycles: int, preferred: Sequence[bool] = (False, True)
) -> list[RoundOrder]:
    """The named round orders, the expected ones (table, FIDE swap) first.

    *preferred* lists the swap settings to try first, in order.
    """
    return list(_named_orders(rounds_per_cycle, cycles, tuple(preferred)))


@functools.lru_cache(maxsize=64)
def _named_orders(
    rounds_per_cycle: int, cycles: int, preferred: tuple[bool, ...]
) -> tuple[RoundOrder, ...]:
    """:func:`named_orders`, made once per size, cycle count and preference."""
    m = rounds_per_cycle
    orders = [round_order(m, cycles, swap_last_two=s) for s in preferred]
    for swap in (False, True):
        if swap not in preferred:
            orders.append(round_order(m, cycles, swap_last_two=swap))
    orders.extend(round_order(m, cycles, rotate=k) for k in range(2, m + 1))
    orders.append(round_order(m, cycles, reverse=True))
    return tuple(orders)


def _custom_order(
    observed_rounds: Sequence[Sequence[Meeting]],
    partners: _Partners,
    numbering: Mapping[int, int],
    rounds_per_cycle: int,
    cycles: int,
) -> RoundOrder | None:
    """The order of table rounds the observed rounds play under *numbering*, if each is one."""
    numbers: list[int] = []
    lean: list[int] = []  # colour votes for reversing each round (disagreements − agreements)
    for meetings in observed_rounds:
        found_rounds = set()
        for m in meetings:
            a, b = numbering.get(m.first), numbering.get(m.second)
            if a is None or b is None:
                return None
            found = partners.meet_round.get((min(a, b), max(a, b)))
            if found is None:
                return None
            found_rounds.add(found)
        if len(found_rounds) != 1:
            return None
        (number,) = found_rounds
        votes = 0
        for m in meetings:
            if m.white is not None:
                agrees = (m.white == m.first) == partners.white[number][numbering[m.first]]
                votes += -1 if agrees else 1
        numbers.append(number)
        lean.append(votes)
    used = Counter(numbers)
    if not numbers or any(count > cycles for count in used.values()):
        return None
    # Every second meeting of a pair reverses the colours: of the rounds that play the
    # same table round, the half that leans most towards reversed colours is reversed.
    flipped = [False] * len(numbers)
    for number, count in used.items():
        places = [i for i, n in enumerate(numbers) if n == number]
        places.sort(key=lambda i: (-lean[i], -i))
        for i in places[: count // 2]:
            flipped[i] = True
    plan = list(zip(numbers, flipped, strict=True))
    total = rounds_per_cycle * cycles
    if len(plan) < total:
        plan.extend(round_order(rounds_per_cycle, cycles).plan[len(plan) :])
    return RoundOrder("custom", tuple(plan))


def _propagate(
    observed: Observed,
    adjacency: Mapping[int, Sequence[tuple[int, int]]],
    partners: _Partners,
    order: RoundOrder,
    anchor: int,
    exact: bool,
) -> dict[int, int] | None:
    """The numbering that follows from *anchor* holding the top number, or ``None``.

    With *exact*, the first contradiction rejects the candidate; otherwise
    contradictions are skipped and the unreached labels get the numbers left over.
    """
    size = partners.size
    numbering = {anchor: size}
    taken = {size: anchor}
    queue = [anchor]
    plan = order.plan
    while queue:
        a = queue.pop()
        va = numbering[a]
        for rnd, b in adjacency.get(a, ()):
            if rnd > len(plan):
                continue
            vb = partners.partner[plan[rnd - 1][0]][va]
            known = numbering.get(b)
            if known is not None:
                if known != vb and exact:
                    return None
                continue
            if vb in taken:
                if exact:
                    return None
                continue
            numbering[b] = vb
            taken[vb] = b
            queue.append(b)
    labels = list(observed.labels) + ([BYE] if observed.odd else [])
    missing = [label for label in labels if label not in numbering]
    if missing:
        if exact:
            return None
        free = [n for n in range(1, size + 1) if n not in taken]
        for label, number in zip(sorted(missing), free, strict=False):
            numbering[label] = number
    return numbering


def explain(
    observed: Observed,
    cycles: int = 1,
    *,
    preferred: Sequence[bool] = (False, True),
    renumber: bool = True,
) -> Explanation | None:
    """The Berger table (numbering and round order) that best fits *observed*.

    The search prefers, in this order: more meetings in the table; fewer changes
    from the table (each game with reversed colours is one, a renumbering is one,
    however many participants it moves, and so is a round order other than the
    expected ones); no colour difference at all; the file's own numbering; the
    expected round orders (*preferred* swap settings, then the other named orders,
    then a custom order); fewer colour differences; fewer renumbered participants.
    So one reversed game stays a colour error even where a renumbering with other
    rounds would explain it (a 4-player table has such explanations). Without a
    perfect fit it returns the closest candidate, so that the checks can point at
    the rounds that differ.

    Args:
        observed: The schedule the file shows.
        cycles: How many cycles the event has.
        preferred: Swap settings of the expected order(s), tried first.
        renumber: Also search numberings other than the file's own.

    Returns:
        ``None`` when there are fewer than 3 participants.
    """
    k = len(observed.labels)
    if k < 3:
        return None
    size = table_size(k)
    m = size - 1
    partners = _Partners.build(size)
    rounds = observed.by_round()
    orders = named_orders(m, cycles, preferred)
    rank_of = {id(order): index for index, order in enumerate(orders)}

    def key(e: Explanation, own: bool) -> tuple[int, ...]:
        rank = rank_of.get(id(e.order), len(orders))
        changes = e.colour_mismatches + (0 if own else 1) + (0 if rank < len(preferred) else 1)
        return (
            -e.pairs_matched,
            changes,
            1 if e.colour_mismatches else 0,
            0 if own else 1,
            rank,
            e.colour_mismatches,
            _moved(e.numbering),
        )

    own = identity_numbering(observed.labels, observed.odd)
    candidates: list[tuple[tuple[int, ...], Explanation]] = []

    def consider(e: Explanation, is_own: bool) -> None:
        candidates.append((key(e, is_own), e))

    first = _make(observed, cycles, own, orders[0], _score(rounds, partners, own, orders[0]))
    if first.all_pairs and not first.colour_mismatches:
        return first  # the file's numbering in the first expected order: nothing ranks higher
    likely = _likely_rounds(rounds, partners, own)
    for index, order in enumerate(orders):
        if index == 0:
            consider(first, True)
            continue
        agree = sum(
            1 for t, r in enumerate(likely) if t < len(order.plan) and order.plan[t][0] == r
        )
        if index >= len(preferred) and 2 * agree < sum(1 for r in likely if r is not None):
            continue  # fewer than half of the rounds can fit this order: not worth scoring
        consider(_make(observed, cycles, own, order, _score(rounds, partners, own, order)), True)
    custom = _custom_order(rounds, partners, own, m, cycles)
    if custom is not None:
        consider(_make(observed, cycles, own, custom, _score(rounds, partners, own, custom)), True)
    perfect = any(e.all_pairs and not e.colour_mismatches for _, e in candidates)
    if renumber and not perfect:
        adjacency: dict[int, list[tuple[int, int]]] = {}
        for meeting in observed.meetings:
            adjacency.setdefault(meeting.first, []).append((meeting.round, meeting.second))
            adjacency.setdefault(meeting.second, []).append((meeting.round, meeting.first))
        anchors = [BYE] if observed.odd else list(observed.labels)
        search = orders if k <= LARGE_FIELD else orders[: len(preferred) + 2]
        for order in search:
            for anchor in anchors:
                numbering = _propagate(observed, adjacency, partners, order, anchor, exact=True)
                if numbering is None or _moved(numbering) == 0:
                    continue
                score = _score(rounds, partners, numbering, order)
                consider(_make(observed, cycles, numbering, order, score), False)
            if any(e.all_pairs and not e.colour_mismatches for _, e in candidates):
                break  # later orders rank below a perfect fit in this one
        if not any(e.all_pairs for _, e in candidates):
            # No exact fit: the closest renumbering in the expected orders, for diagnosis.
            for order in orders[: len(preferred)]:
                for anchor in anchors:
                    numbering = _propagate(
                        observed, adjacency, partners, order, anchor, exact=False
                    )
                    if numbering is None or _moved(numbering) == 0:
                        continue
                    score = _score(rounds, partners, numbering, order)
                    consider(_make(observed, cycles, numbering, order, score), False)
    return min(candidates, key=lambda item: item[0])[1]


LARGE_FIELD = 40
"""Above this many participants a renumbering is searched in the expected orders only."""


def _likely_rounds(
    observed_rounds: Sequence[Sequence[Meeting]],
    partners: _Partners,
    numbering: Mapping[int, int],
) -> list[int | None]:
    """For each observed round, the table round most of its meetings belong to."""
    out: list[int | None] = []
    for meetings in observed_rounds:
        votes: Counter[int] = Counter()
        for m in meetings:
            a, b = numbering.get(m.first), numbering.get(m.second)
            if a is not None and b is not None:
                found = partners.meet_round.get((min(a, b), max(a, b)))
                if found is not None:
                    votes[found] += 1
        out.append(votes.most_common(1)[0][0] if votes else None)
    return out


def _moved(numbering: Mapping[int, int]) -> int:
    ordered = sorted(label for label in numbering if label != BYE)
    return sum(1 for index, label in enumerate(ordered, 1) if numbering[label] != index)


# --- round-robin recognition from a tournament ---------------------------------------------

RR_WORDS = re.compile(
    r"round[\s_-]*robin|all[\s_-]*play[\s_-]*all|berger|rundenturnier|vollrundig|"
    r"jeder\s+gegen\s+jeden|tous\s+contre\s+tous|toutes\s+rondes|todos\s+contra\s+todos|"
    r"girone\s+all|\bRR\b",
    re.IGNORECASE,
)
"""092 texts that name a round robin (UNCERTAIN: 092 is free text)."""

DOUBLE_WORDS = re.compile(r"double|doppel|\bdoble|doppio|dvoukrul", re.IGNORECASE)
"""092 texts that name a double round robin."""

SWISS_WORDS = re.compile(
    r"swiss|schweiz|suisse|suizo|svizzero|dutch|burstein|dubov|monrad|\blim\b", re.IGNORECASE
)
"""092 texts and 192 codes that name a Swiss system: such files are never round robins."""

BYE_NAMES = re.compile(
    r"^\W*(bye|spielfrei|frei|freilos|free|wo|walk[\s-]*over|pab|dummy|exempt|libre)\W*$",
    re.IGNORECASE,
)
"""Names of pseudo-players that some programs add to carry the bye of an odd field."""


@attrs.frozen
class TypeCode:
    """What a TRF-2026 192 code or a 092 text says about a round robin.

    Attributes:
        round_robin: True when it names a round robin.
        team: True for a team round robin.
        cycles: The number of cycles it names, if any.
        swap_last_two: True for the FIDE double round robin (swap), False for a Berger
            double round robin without it, ``None`` when it does not say.
        custom: True for ``CUSTOM_ROUNDROBIN`` (the organiser's own schedule).
        text: The code or text itself.
    """

    round_robin: bool
    team: bool = False
    cycles: int | None = None
    swap_last_two: bool | None = None
    custom: bool = False
    text: str = ""


def read_192(code: str | None) -> TypeCode | None:
    """Interpret a 192 tournament type code (``None`` when there is none)."""
    if not code or not code.strip():
        return None
    text = code.strip()
    upper = text.upper().replace("-", "_").replace(" ", "_")
    if "ROUNDROBIN" not in upper.replace("_", "") or SWISS_WORDS.search(text):
        return TypeCode(False, text=text)
    squeezed = upper.replace("ROUND_ROBIN", "ROUNDROBIN")
    cycles: int | None = None
    match = re.search(r"_G(\d+)\b", squeezed)
    if match:
        cycles = int(match.group(1))
    double = "DOUBLE" in squeezed
    if double:
        cycles = 2
    elif cycles is None:
        cycles = 1
    swap: bool | None = None
    if cycles and cycles >= 2:
        if squeezed.startswith("FIDE"):
            swap = True
        elif squeezed.startswith("BERGER"):
            swap = False
    return TypeCode(
        True,
        team="TEAM" in squeezed,
        cycles=cycles,
        swap_last_two=swap,
        custom=squeezed.startswith("CUSTOM"),
        text=text,
    )


def read_092(text: str | None) -> TypeCode | None:
    """Interpret the free-text 092 tournament type (``None`` when there is none)."""
    if not text or not text.strip():
        return None
    if SWISS_WORDS.search(text):
        return TypeCode(False, text=text.strip())
    if not RR_WORDS.search(text):
        return TypeCode(False, text=text.strip())
    cycles = 2 if DOUBLE_WORDS.search(text) else None
    return TypeCode(True, team=bool(re.search(r"team", text, re.IGNORECASE)), cycles=cycles,
                    text=text.strip())


def is_bye_player(player: Player) -> bool:
    """True for a pseudo-player that only carries byes ("spielfrei", "BYE", …).

    Its name must be a bye word and it must have played no game over the board.
    """
    if not BYE_NAMES.match(player.name or ""):
        return False
    return not any(b.result is not None and b.result.is_played for b in player.rounds)


@attrs.frozen
class RoundRobin:
    """A recognised round robin and its observed schedule.

    Attributes:
        source: ``"option"``, ``"192"``, ``"092"`` or ``"structure"``.
        detail: The 192 code or 092 text when that was the source.
        team: True when the schedule is between teams.
        cycles: The number of cycles.
        rounds: The rounds the event has (declared or shown).
        swap_last_two: The double-round-robin variant the file declares, if any.
        custom: True for ``192 CUSTOM_ROUNDROBIN``.
        observed: The schedule the file shows.
        bye_players: Pseudo-players that carry the byes of an odd field.
        team_names: Team label → name (team events).
    """

    source: str
    detail: str
    team: bool
    cycles: int
    rounds: int
    swap_last_two: bool | None
    custom: bool
    observed: Observed
    bye_players: tuple[Player, ...] = ()
    team_names: Mapping[int, str] = attrs.field(factory=dict)

    @property
    def players(self) -> int:
        """The number of participants."""
        return len(self.observed.labels)

    @property
    def rounds_per_cycle(self) -> int:
        """``m``: the rounds of one cycle."""
        return table_size(self.players) - 1


def _individual_games(
    tournament: Tournament, skip: frozenset[int]
) -> list[tuple[int, int, int, Colour]]:
    games = []
    for p in tournament.players:
        if p.start_rank in skip:
            continue
        for b in p.rounds:
            if b.opponent and b.opponent != p.start_rank and b.opponent not in skip:
                games.append((b.round, p.start_rank, b.opponent, b.colour))
    return games


def team_members(tournament: Tournament) -> tuple[dict[int, int], dict[int, str], dict[int, int]]:
    """Player start rank → team label, team label → name, player → board index.

    Teams are labelled by their 310 pairing number; 013 teams (when there is no
    310) by their position in the file.
    """
    teams310 = [t for t in tournament.teams if t.code == "310"]
    teams = teams310 or [t for t in tournament.teams if t.code == "013"]
    member: dict[int, int] = {}
    names: dict[int, str] = {}
    board: dict[int, int] = {}
    for index, team in enumerate(teams, start=1):
        label = team.number if team.code == "310" and team.number else index
        names[label] = team.name
        for position, rank in enumerate(team.members):
            if rank:
                member.setdefault(rank, label)
                board.setdefault(rank, position)
    return member, names, board


def _team_games(
    tournament: Tournament, member: Mapping[int, int], board: Mapping[int, int]
) -> list[tuple[int, int, int, Colour]]:
    """Team-level claims: per round and team, the opponent team met on most boards."""
    votes: dict[tuple[int, int], Counter[int]] = {}
    top: dict[tuple[int, int, int], tuple[int, Colour]] = {}
    for p in tournament.players:
        team = member.get(p.start_rank)
        if team is None:
            continue
        for b in p.rounds:
            other = member.get(b.opponent or 0)
            if other is None or other == team:
                continue
            votes.setdefault((b.round, team), Counter())[other] += 1
            position = board.get(p.start_rank, 10**6)
            key = (b.round, team, other)
            if key not in top or position < top[key][0]:
                top[key] = (position, b.colour)
    games = []
    for (rnd, team), counter in votes.items():
        other = counter.most_common(1)[0][0]
        games.append((rnd, team, other, top[(rnd, team, other)][1]))
    return games


TEAM_BYE_WORDS = re.compile(r"^(?:[FHZU]{3,4}|PAB|FPB|HPB|ZPB|-{3,4})$", re.IGNORECASE)
"""Tokens of 801/802 rows that stand for a team bye (``FFFF``, ``PAB``, ``ZPB`` …)."""


def team_row_games(tournament: Tournament) -> list[tuple[int, int, int, Colour]]:
    """Team claims from the informative 801 (long) or 802 (short) rows.

    Their column widths differ between programs (spec §4.4: UNCERTAIN layout), so
    the rows are read by tokens: after the team number, every number followed by
    ``w`` or ``b`` is the opponent team of the next round, and a bye word
    (``FFFF``, ``ZPB`` …) is a round without an opponent. 801 rows win over 802 rows.
    """
    rows: dict[str, list[str]] = {"801": [], "802": []}
    for record in tournament.of_type(RawRecord):
        if record.kind in rows:
            rows[record.kind].append(record.text)
    texts = rows["801"] or rows["802"]
    games: list[tuple[int, int, int, Colour]] = []
    for text in texts:
        tokens = text.split()
        if len(tokens) < 2 or not (tokens[1].isdecimal() and tokens[1].isascii()):
            continue
        team = int(tokens[1])
        round_number = 0
        index = 2
        while index < len(tokens):
            token = tokens[index]
            following = tokens[index + 1] if index + 1 < len(tokens) else ""
            if token.isdecimal() and token.isascii() and following.lower() in ("w", "b"):
                round_number += 1
                colour = Colour.WHITE if following.lower() == "w" else Colour.BLACK
                games.append((round_number, team, int(token), colour))
                index += 2
                continue
            if index >= 3 and TEAM_BYE_WORDS.match(token) and tokens[index - 1] not in ("w", "b"):
                round_number += 1
            index += 1
    return games


def _is_team_event(tournament: Tournament, member: Mapping[int, int]) -> bool:
    if len({t for t in member.values()}) < 2:
        return False
    across = within = 0
    for p in tournament.players:
        team = member.get(p.start_rank)
        for b in p.rounds:
            if team is None or not b.opponent:
                continue
            other = member.get(b.opponent)
            if other is None:
                continue
            if other == team:
                within += 1
            else:
                across += 1
    return across > within


def _complete(observed: Observed) -> int:
    """The number of cycles when every pair is claimed equally often (≥ 1), else 0."""
    k = len(observed.labels)
    if k < 3:
        return 0
    counts: Counter[tuple[int, int]] = Counter((a, b) for _, a, b in observed.claims)
    if len(counts) != k * (k - 1) // 2:
        return 0
    values = set(counts.values())
    if len(values) != 1:
        return 0
    (cycles,) = values
    if observed.rounds < cycles * (table_size(k) - 1):
        return 0
    return cycles


def _first_headers(tournament: Tournament, codes: Sequence[str]) -> dict[str, str]:
    """The value of the first free-text record of each of *codes* present, in one pass.

    The same values as :meth:`~trfkit.model.Tournament.header` gives code by code.
    """
    found: dict[str, str] = {}
    for r in tournament.records:
        if isinstance(r, TextRecord) and r.code in codes and r.code not in found:
            found[r.code] = r.value
    return found


def recognise(
    tournament: Tournament, *, force: bool | None = None, team_colours: bool = False
) -> RoundRobin | None:
    """Whether *tournament* is a round robin, and its observed schedule.

    A round robin is recognised from the 192 code, else from the 092 text, else
    from the structure (every participant meets every other equally often).
    Team events (013/310 records whose players meet other teams) are looked at
    team by team.

    Args:
        tournament: The report.
        force: ``True`` treats the file as a round robin whatever it says,
            ``False`` never; ``None`` decides as above.
        team_colours: Read team colours from the top board of each match
            (UNCERTAIN); otherwise team meetings carry no colour.
    """
    if force is False or not tournament.players:
        return None
    headers = _first_headers(tournament, ("192", "092"))
    code = read_192(headers.get("192"))
    text = read_092(headers.get("092"))
    vetoed = any(
        t is not None and not t.round_robin and SWISS_WORDS.search(t.text)
        for t in (code, text)
    )
    # Unless the option, 192 or 092 says so, only a complete schedule makes a round
    # robin: a Swiss event is ruled out before its teams and games are looked at.
    by_structure_only = not force and not any(
        t is not None and t.round_robin for t in (code, text)
    )
    if by_structure_only and vetoed:
        return None
    member, names, board = team_members(tournament)
    rows = team_row_games(tournament) if names else []
    team = _is_team_event(tournament, member) or bool(rows)
    declared = tournament.declared_rounds
    rounds = max(tournament.rounds_played, declared or 0)
    bye_players: tuple[Player, ...] = ()
    if team:
        labels: Sequence[int] = sorted(names)
        games = _team_games(tournament, member, board) or rows
        if not team_colours:
            games = [(r, a, b, Colour.NONE) for r, a, b, _ in games]
    else:
        bye_players = tuple(p for p in tournament.players if is_bye_player(p))
        skip = frozenset(p.start_rank for p in bye_players)
        labels = sorted({p.start_rank for p in tournament.players if p.start_rank > 0} - skip)
        if len(labels) < 3:
            return None
        if by_structure_only and rounds < table_size(len(labels)) - 1:
            return None  # too few rounds for everybody to meet everybody (see _complete)
        games = _individual_games(tournament, skip)
    if len(labels) < 3:
        return None
    rounds = max(rounds, max((g[0] for g in games), default=0))
    if by_structure_only and rounds < table_size(len(labels)) - 1:
        return None
    observed = observed_from_games(labels, rounds, games)
    structure = _complete(observed)
    if force:
        source, detail = "option", ""
    elif code is not None and code.round_robin:
        source, detail = "192", code.text
    elif text is not None and text.round_robin:
        source, detail = "092", text.text
    elif structure and not vetoed:
        source, detail = "structure", ""
    else:
        return None
    m = table_size(len(observed.labels)) - 1
    cycles = max(1, -(-rounds // m))
    named = None
    if source == "192" and code is not None:
        named = code.cycles
    elif source == "092" and text is not None:
        named = text.cycles
    if named:
        cycles = max(cycles, named)
    if structure:
        cycles = max(cycles, structure)
    swap = code.swap_last_two if code is not None and code.round_robin else None
    custom = bool(code is not None and code.custom)
    return RoundRobin(
        source=source,
        detail=detail,
        team=team,
        cycles=cycles,
        rounds=rounds,
        swap_last_two=swap,
        custom=custom,
        observed=observed,
        bye_players=bye_players,
        team_names=names if team else {},
    )


def played_games(player: Player) -> int:
    """The games *player* played over the board."""
    return sum(1 for b in player.rounds if b.result is not None and b.result.is_played)


def forfeit_or_absent(result: Result | None) -> bool:
    """True for the codes of a round without a game for the player (forfeits, Z, blank)."""
    return result is None or result in (Result.FORFEIT_LOSS, Result.ZERO_BYE)

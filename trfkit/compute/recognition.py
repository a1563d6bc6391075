"""Which Berger table a round robin's schedule follows, and how it deviates (spec §1.8).

Pure computation, no judgement: the checks in :mod:`trfkit.checks.schedule`
decide what is worth reporting; whether the event is a round robin at all is
decided once by :func:`trfkit.compute.regime.decide`.

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
- Whether a file is a round robin at all (from 192, 092's words or the structure)
  is :mod:`trfkit.compute.regime`'s one answer; the schedule checks follow it.
- Team colours (:class:`TeamColours`): which team is "first-named" is read from the top
  board the teams fielded in the match, either as the team whose top player has White
  there (``top-board``) or, as leagues write it (the organiser's guide of the seeds: the
  first-named team at home, the visitors White on the odd boards), as the team whose top
  player has Black (``league``). Off by default
  (:attr:`~trfkit.checks.base.CheckOptions.berger_team_colours`).
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

import attrs

from trfkit.compute.berger import (
    BYE,
    Partners,
    RoundOrder,
    order_named,
    partner_tables,
    round_order,
    table_round,
    table_size,
)
from trfkit.compute.regime import DecidedBy, RegimeDecision, decide
from trfkit.model import Colour, Player, Tournament
from trfkit.values import Value, WordEnum


class TeamColours(WordEnum):
    """Whether and how a team round robin's colours are read (``--team-colours``).

    A member is true when colours are checked, so ``if options.berger_team_colours`` asks
    just that.
    """

    OFF = "off"
    """Team meetings carry no colour: the pairings and the home/away order are checked only."""
    TOP_BOARD = "top-board"
    """The first-named team of the table is the one with White on its top board."""
    LEAGUE = "league"
    """The first-named team is at home and the visitors have White on the odd boards, so
    the first-named team has Black on board 1."""

    def __bool__(self) -> bool:
        return self is not TeamColours.OFF


def team_colours_of(value: TeamColours | str | bool) -> TeamColours:
    """*value* as a :class:`TeamColours` (``True``: ``top-board``, ``False``: ``off``)."""
    if isinstance(value, bool):
        return TeamColours.TOP_BOARD if value else TeamColours.OFF
    return TeamColours(value)


# --- observed schedules ---------------------------------------------------------------------


class Meeting(NamedTuple):
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


@attrs.frozen(repr=False)
class Observed(Value):
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


_OTHER = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}

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


class TableFit(NamedTuple):
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
    partners: Partners,
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
) -> TableFit:
    pairs, colours_ok, compared, rounds_ok, total = score
    return TableFit(
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
    rounds_per_cycle: int, cycles: int, preferred: Sequence[bool | str] = (False, True)
) -> list[RoundOrder]:
    """The named round orders, the expected ones first.

    *preferred* lists the expected orders, in order: by name (``table``, ``fide-swap``,
    ``rotate-K``, ``reversed``) or as a swap setting (``False`` the table order, ``True``
    the FIDE swap).
    """
    return list(_named_orders(rounds_per_cycle, cycles, _names(preferred)))


def _names(preferred: Sequence[bool | str]) -> tuple[str, ...]:
    """*preferred* as order names, each once."""
    names = [("fide-swap" if p else "table") if isinstance(p, bool) else p for p in preferred]
    return tuple(dict.fromkeys(names))


@functools.lru_cache(maxsize=64)
def _named_orders(
    rounds_per_cycle: int, cycles: int, preferred: tuple[str, ...]
) -> tuple[RoundOrder, ...]:
    """:func:`named_orders`, made once per size, cycle count and preference."""
    m = rounds_per_cycle
    names = ["table", "fide-swap", *(f"rotate-{k}" for k in range(2, m + 1)), "reversed"]
    known = set(names)
    first = [name for name in preferred if name in known]
    return tuple(
        order_named(name, m, cycles)
        for name in [*first, *(n for n in names if n not in first)]
    )


def _custom_order(
    observed_rounds: Sequence[Sequence[Meeting]],
    partners: Partners,
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
    partners: Partners,
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
    preferred: Sequence[bool | str] = (False, True),
    renumber: bool = True,
) -> TableFit | None:
    """The Berger table (numbering and round order) that best fits *observed*.

    The search prefers, in this order: more meetings in the table; fewer changes
    from the table (each game with reversed colours is one, a renumbering is one,
    however many participants it moves, and so is a round order other than the
    expected ones); no colour difference at all; the file's own numbering; the
    expected round orders (*preferred*, then the other named orders,
    then a custom order); fewer colour differences; fewer renumbered participants.
    So one reversed game stays a colour error even where a renumbering with other
    rounds would explain it (a 4-player table has such explanations). Without a
    perfect fit it returns the closest candidate, so that the checks can point at
    the rounds that differ.

    Args:
        observed: The schedule the file shows.
        cycles: How many cycles the event has.
        preferred: The expected orders, tried first: names (``table``, ``fide-swap``,
            ``rotate-K``) or swap settings (see :func:`named_orders`).
        renumber: Also search numberings other than the file's own.

    Returns:
        ``None`` when there are fewer than 3 participants.
    """
    k = len(observed.labels)
    if k < 3:
        return None
    size = table_size(k)
    m = size - 1
    partners = partner_tables(size)
    rounds = observed.by_round()
    orders = named_orders(m, cycles, preferred)
    preferred = [o.name for o in orders if o.name in _names(preferred)]
    rank_of = {id(order): index for index, order in enumerate(orders)}

    def key(e: TableFit, own: bool) -> tuple[int, ...]:
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
    candidates: list[tuple[tuple[int, ...], TableFit]] = []

    def consider(e: TableFit, is_own: bool) -> None:
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


def vacant_number(
    observed: Observed,
    cycles: int = 1,
    *,
    preferred: Sequence[bool | str] = (False, True),
) -> TableFit | None:
    """An odd field's schedule as the table with another number than the highest left empty.

    The table is made for the next even number and only its highest number may stay empty
    (the organisers' guide of the seeds: every other player then loses one game of their
    "excess" colour). A field whose games fit the table, colours included, with number
    ``v`` empty instead (the participants keep their order around it) is this fit: its
    numbering maps :data:`BYE` to ``v``. ``None`` for an even field, a field above
    :data:`LARGE_FIELD`, or when no ``v`` fits every game.
    """
    k = len(observed.labels)
    if not observed.odd or k < 3 or k > LARGE_FIELD:
        return None
    size = k + 1
    m = size - 1
    partners = partner_tables(size)
    rounds = observed.by_round()
    ordered = sorted(observed.labels)
    for vacant in range(1, size):
        numbering = {
            label: index if index < vacant else index + 1
            for index, label in enumerate(ordered, start=1)
        }
        numbering[BYE] = vacant
        for order in named_orders(m, cycles, preferred):
            score = _score(rounds, partners, numbering, order)
            pairs, colours_ok, compared, _, total = score
            if pairs == total and colours_ok == compared:
                return _make(observed, cycles, numbering, order, score)
    return None


def _likely_rounds(
    observed_rounds: Sequence[Sequence[Meeting]],
    partners: Partners,
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


class RoundRobin(NamedTuple):
    """A recognised round robin and its observed schedule.

    Attributes:
        source: What decided that the event is a round robin.
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

    source: DecidedBy
    detail: str
    team: bool
    cycles: int
    rounds: int
    swap_last_two: bool | None
    custom: bool
    observed: Observed
    bye_players: tuple[Player, ...] = ()
    team_names: Mapping[int, str] = MappingProxyType({})

    @property
    def players(self) -> int:
        """The number of participants."""
        return len(self.observed.labels)

    @property
    def rounds_per_cycle(self) -> int:
        """``m``: the rounds of one cycle."""
        return table_size(self.players) - 1


def recognise(
    tournament: Tournament,
    decision: RegimeDecision | None = None,
    *,
    team_colours: TeamColours | bool = TeamColours.OFF,
) -> RoundRobin | None:
    """The observed schedule of *tournament* when *decision* says it is a round robin.

    Team events are looked at team by team.

    Args:
        tournament: The report.
        decision: The regime, decided once per file (:func:`trfkit.compute.regime.decide`,
            which runs here when it is not given).
        team_colours: How team colours are read from the top board of each match
            (:class:`TeamColours`, UNCERTAIN); ``off``: team meetings carry no colour.
    """
    if decision is None:
        decision = decide(tournament)
    if not decision.round_robin or not tournament.players:
        return None
    field = decision.entrants
    if len(field.labels) < 3:
        return None
    games: Iterable[tuple[int, int, int, Colour]] = field.games
    reading = team_colours_of(team_colours)
    if field.team and reading is TeamColours.OFF:
        games = [(r, a, b, Colour.NONE) for r, a, b, _ in field.games]
    elif field.team and reading is TeamColours.LEAGUE:
        games = [(r, a, b, _OTHER.get(c, c)) for r, a, b, c in field.games]
    rounds = field.rounds
    observed = observed_from_games(field.labels, rounds, games)
    code, text = decision.code, decision.text
    detail = {DecidedBy.CODE_192: code, DecidedBy.TEXT_092: text}.get(decision.source)
    declared = code if code is not None and code.round_robin else None
    return RoundRobin(
        source=decision.source,
        detail=detail.text if detail is not None else "",
        team=field.team,
        cycles=decision.cycles,
        rounds=rounds,
        swap_last_two=declared.swap_last_two if declared is not None else None,
        custom=bool(declared is not None and declared.custom),
        observed=observed,
        bye_players=field.bye_players,
        team_names=field.team_names if field.team else {},
    )

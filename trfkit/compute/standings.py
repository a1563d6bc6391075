"""Standings: the tie-break list applied as a hierarchy (FIDE C.07 art. 4.2).

The first criterion (normally ``PTS``) orders everybody; each further
tie-break is applied only inside the groups that are still tied, and direct
encounter (art. 6, a type A tie-break) is recomputed on each such group.
Players still tied after the last tie-break share their rank (``1, 2, 2, 4``).

Where the list comes from, in order: ``--tiebreaks``, record 212 (which lists
``PTS`` itself), record 202, else the default for the tournament type:

- round robins: ``DE, WIN, SB, KS`` (the order of the 2014 Candidates'
  regulations and a common arbiter choice; C.07 prescribes no default);
- Swiss events: ``BH/C1, BH, SB``.

``PTS`` is put first when a list does not name it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from trfkit.compute.history import PointSystem
from trfkit.compute.regime import Regime, RegimeDecision
from trfkit.compute.tiebreaks import (
    EditionChoice,
    ListPrecedence,
    TieBreak,
    TieBreakEngine,
    TieBreakOptions,
    Withdrawal,
    output_keys,
    parse_declared,
    parse_tiebreak,
    settings_from,
)
from trfkit.model import Tournament
from trfkit.values import Value

__all__ = [
    "DEFAULT_TIEBREAKS",
    "RANK_CANDIDATES",
    "Row",
    "Standings",
    "compute_standings",
    "order",
    "resolve_tiebreaks",
    "tie_groups",
]

DEFAULT_TIEBREAKS: dict[Regime, tuple[str, ...]] = {
    Regime.ROUND_ROBIN: ("DE", "WIN", "SB", "KS"),
    Regime.SWISS: ("BH/C1", "BH", "SB"),
}
"""The list used when neither records 212/202 nor ``--tiebreaks`` give one."""

RANK_CANDIDATES: dict[Regime, tuple[tuple[str, ...], ...]] = {
    Regime.ROUND_ROBIN: (
        ("DE", "WIN", "SB", "KS"),
        ("SB", "DE", "WIN", "KS"),
        ("DE", "SB", "KS"),
        ("SB", "KS", "DE"),
        ("SB", "WIN", "DE"),
        ("KS", "SB", "DE"),
        ("WIN", "SB", "KS"),
        ("DE", "KS", "SB"),
        ("TPN",),
    ),
    Regime.SWISS: (
        ("BH/C1", "BH", "SB"),
        ("BH", "SB"),
        ("BH/M1", "BH", "SB"),
        ("BH/C2", "BH/C1", "BH"),
        ("BH/C1", "BH", "SB", "PS"),
        ("SB", "BH"),
        ("DE", "BH/C1", "BH", "SB"),
        ("BH", "BH/C1", "SB"),
        ("PS", "BH", "SB"),
        ("ARO", "BH", "SB"),
        ("TPN",),
        ("RTNG", "TPN"),
    ),
}
"""Common lists tried when a report does not declare its own (to judge its rank column)."""


@attrs.frozen(repr=False)
class Row(Value):
    """One line of the standings.

    Attributes:
        start_rank: The player's start rank.
        name: The player's name.
        rank: The shared rank (``None`` for players removed by the withdrawal rule).
        last: The last place of the player's tie group (``rank`` when untied).
        values: The value of each tie-break of :attr:`Standings.tiebreaks`
            (``None`` where there is none, e.g. DE for a player who was not tied);
            ``()`` when the standings were computed without values.
        annulled: True for a round-robin player whose games were removed (C.05).
        by_lot: True when the place was drawn by lot (:func:`trfkit.compute.lots.settle_ties`);
            a player still tied after the whole list (``last > rank``) awaits that drawing.
    """

    start_rank: int
    name: str
    rank: int | None
    last: int | None
    values: tuple[Fraction | None, ...]
    annulled: bool = False
    by_lot: bool = False


@attrs.frozen(repr=False)
class Standings(Value):
    """The recomputed table.

    Attributes:
        tiebreaks: The criteria in order, ``PTS`` included.
        rows: One row per player, in rank order (annulled players last).
        edition: The rule edition applied and why.
        regime: Round robin or Swiss, and why.
        source: Where the tie-break list came from.
        problems: Codes of the declared list that could not be used, with the reason.
        engine: The engine that computed the values.
        lots: The seed of the drawing of lots that ordered the ties left, if one did.
        unavailable: Output key → why that tie-break has no value for anybody.
    """

    tiebreaks: tuple[TieBreak, ...]
    rows: tuple[Row, ...]
    edition: EditionChoice
    regime: RegimeDecision
    source: str
    problems: tuple[str, ...] = ()
    engine: TieBreakEngine | None = attrs.field(default=None, eq=False, repr=False)
    lots: str | None = None
    unavailable: Mapping[str, str] = attrs.field(factory=dict)

    @property
    def declared(self) -> bool:
        """Whether the list was declared: by the report (212/202) or by ``--tiebreaks``.

        A list named on the command line is declared even when the report names another
        (the source then says so: ``--tiebreaks (record 212 declares …)``).
        """
        return self.source.startswith(("record", "--tiebreaks"))

    @property
    def points(self) -> PointSystem | None:
        """The point system used."""
        return self.engine.point_system if self.engine else None

    @property
    def withdrawals(self) -> tuple[Withdrawal, ...]:
        """Round-robin players who withdrew (annulled or not)."""
        return tuple(self.engine.withdrawals.values()) if self.engine else ()

    def row(self, start_rank: int) -> Row | None:
        """The row of *start_rank*, if any."""
        for row in self.rows:
            if row.start_rank == start_rank:
                return row
        return None

    def as_dicts(self) -> list[dict[str, Any]]:
        """The rows as plain dicts: start_rank, name, rank, then each code's value."""
        out = []
        for row in self.rows:
            item: dict[str, Any] = {
                "start_rank": row.start_rank,
                "name": row.name,
                "rank": row.rank,
            }
            for key, value in zip(self.keys(), row.values, strict=True):
                item[key] = value
            out.append(item)
        return out

    def keys(self) -> tuple[str, ...]:
        """Output keys: the codes as written; a repeated code gets ``#2``, ``#3``."""
        return output_keys(tb.text for tb in self.tiebreaks)


def resolve_tiebreaks(
    tournament: Tournament,
    requested: Sequence[str] | None,
    regime: Regime,
    precedence: ListPrecedence = ListPrecedence.REQUESTED,
) -> tuple[tuple[TieBreak, ...], str, tuple[str, ...]]:
    """The tie-break list to apply, where it came from, and declared codes left out.

    Args:
        tournament: The report (records 212 and 202).
        requested: Codes from ``--tiebreaks``, or ``None``.
        regime: Chooses the default list.
        precedence: Whether *requested* or the report's 212/202 wins when both exist.

    Returns:
        The list with ``PTS`` first (unless the list places it), its source, and a
        message for each declared code that is unknown (those are skipped) or for a
        list that is not applied.

    Raises:
        TieBreakError: For an unknown code in *requested*.
    """
    problems: list[str] = []
    record = tournament.tiebreak_list
    asked = tuple(parse_tiebreak(c) for c in requested if c.strip()) if requested else ()
    if asked and (record is None or precedence is ListPrecedence.REQUESTED):
        codes = asked
        source = "--tiebreaks"
        if record is not None:
            source += f" (record {record.code} declares {', '.join(record.tiebreaks)})"
    elif record is not None:
        if asked:
            problems.append(
                f"--tiebreaks {','.join(tb.text for tb in asked)} not applied: the report "
                f"declares its own list in record {record.code}"
            )
        parsed, left_out = parse_declared(record.code, record.tiebreaks, parse_tiebreak)
        problems += left_out
        codes = tuple(parsed)
        source = f"record {record.code}"
    else:
        codes = tuple(parse_tiebreak(c) for c in DEFAULT_TIEBREAKS[regime])
        source = "the default for Swiss events"
        if regime is Regime.ROUND_ROBIN:
            source = "the default for round robins"
    if not any(tb.name == "PTS" for tb in codes):
        codes = (parse_tiebreak("PTS"), *codes)
    return codes, source, tuple(problems)


def compute_standings(
    tournament: Tournament,
    options: TieBreakOptions | None = None,
    *,
    regime: RegimeDecision | None = None,
    engine: TieBreakEngine | None = None,
    values: bool = True,
) -> Standings:
    """Recompute the standings of *tournament*.

    Args:
        tournament: The report.
        options: The tie-break options (the list for reports without 212/202, the
            edition, the uncertain rules); the defaults when not given.
        regime: The regime decided for *tournament* (:func:`trfkit.compute.regime.decide`,
            which runs here when it is not given).
        engine: An engine to reuse (its settings win over *options*).
        values: Give each row its values. Without them (``()``) the ranks cost
            only the tie-breaks that still have ties to break.

    Returns:
        The standings.

    Raises:
        TieBreakError: For an unknown code in the options' tie-break list.
    """
    settings, edition, regime = settings_from(tournament, options, regime)
    if engine is None:
        engine = TieBreakEngine(tournament, settings)
    codes, source, problems = resolve_tiebreaks(
        tournament, settings.options.tiebreaks, engine.settings.regime,
        settings.options.list_precedence,
    )
    rows = order(engine, codes, with_values=values)
    unavailable = {}
    reason = engine.unrated_reason
    if reason is not None:
        for key, tb in zip(output_keys(tb.text for tb in codes), codes, strict=True):
            if tb.name in RATING_TIEBREAKS:
                unavailable[key] = reason
    return Standings(codes, rows, edition, regime, source, problems, engine, None, unavailable)


def order(
    engine: TieBreakEngine, tiebreaks: Sequence[TieBreak], *, with_values: bool = True
) -> tuple[Row, ...]:
    """Apply *tiebreaks* as a hierarchy and return the rows in rank order (C.07 4.2).

    Each tie-break splits only the groups that are still tied, so a tie-break is
    computed only when some players are still tied when it comes. With
    *with_values* false the rows carry no values (``()``): enough to compare ranks.
    """
    players = engine.players
    n = len(players)
    encounter: dict[int, list[Fraction | None]] = {}
    groups = _tie_groups(engine, tiebreaks, encounter, some=not with_values)
    columns: list[Sequence[Fraction | None]] = []
    if with_values:
        for level, tb in enumerate(tiebreaks):
            if tb.name == "DE":
                columns.append(encounter.get(level) or [None] * n)
            else:
                columns.append(engine.fractions(tb))
    rows: list[Row] = []
    position = 1
    values: tuple[Fraction | None, ...] = ()
    for group in groups:
        last = position + len(group) - 1
        for i in group:
            if columns:
                values = tuple(col[i] for col in columns)
            player = players[i]
            rows.append(Row(player.start_rank, player.name, position, last, values))
        position = last + 1
    for i in sorted(engine.annulled, key=lambda i: players[i].start_rank):
        values = tuple(col[i] for col in columns)
        rows.append(Row(players[i].start_rank, players[i].name, None, None, values, True))
    return tuple(rows)


def tie_groups(
    engine: TieBreakEngine, tiebreaks: Sequence[TieBreak | str]
) -> list[list[int]]:
    """The start ranks in rank order, grouped where *tiebreaks* leave players tied.

    *tiebreaks* are parsed codes or their text (``["PTS", "DE", "SB"]``). Players
    removed by the withdrawal rule are left out. This is :func:`order` without the
    rows: what a comparison of ranks needs, at the least cost.

    Raises:
        TieBreakError: For an unknown code.
    """
    codes = [parse_tiebreak(tb) if isinstance(tb, str) else tb for tb in tiebreaks]
    players = engine.players
    return [[players[i].start_rank for i in g] for g in _tie_groups(engine, codes, {})]


def _tie_groups(
    engine: TieBreakEngine,
    tiebreaks: Sequence[TieBreak],
    encounter: dict[int, list[Fraction | None]],
    some: bool = True,
) -> list[list[int]]:
    """The players (indices) in rank order, in tie groups; DE scores go to *encounter*.

    The tie-breaks are applied one level at a time to every group still tied, so
    each level knows how many players it must separate. With *some*, a level that
    leaves out a tenth of the players or more works out the values of the tied
    ones alone (:meth:`TieBreakEngine.some_raw`); without it (the whole columns
    are wanted anyway), every level takes its whole column.
    """
    players = engine.players
    active = [i for i in range(len(players)) if i not in engine.annulled]
    if not active:
        return []
    active.sort(key=lambda i: players[i].start_rank)
    groups = [active]
    for level, tb in enumerate(tiebreaks):
        tied = [g for g in groups if len(g) > 1]
        if not tied:
            break
        keys: Sequence[int | float] | Mapping[int, int | float] = ()
        if tb.name == "DE":
            column = encounter.setdefault(level, [None] * len(players))
        else:
            members = tied[0] if len(tied) == 1 else list(itertools.chain.from_iterable(tied))
            values = engine.some_raw(tb, members) if some else None
            if values is None:
                keys = _sort_keys(engine.column(tb).raw, tb.higher_is_better)
            else:  # the tied players' values alone
                ranked = _sort_keys(values.values(), tb.higher_is_better)
                keys = dict(zip(values, ranked, strict=True))
        split: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
            elif tb.name == "DE":
                parts, scores = direct_encounter(engine, group, tb)
                for i, value in scores.items():
                    column[i] = value
                split.extend(parts)
            else:
                split.extend(_split(group, keys))
        groups = split
    return groups


RATING_TIEBREAKS: Final = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO"})
"""The tie-breaks of C.07 10, from the opponents' ratings."""

_LAST = math.inf
"""The sort key of a player without a value: after every number."""


def _sort_keys(raw: Iterable[int | None], higher_is_better: bool) -> list[int | float]:
    """The keys of values *raw*, best lowest: the value (negated when higher is better)."""
    if higher_is_better:
        return [_LAST if v is None else -v for v in raw]
    return [_LAST if v is None else v for v in raw]


def _split(
    group: list[int], keys: Sequence[int | float] | Mapping[int, int | float]
) -> list[list[int]]:
    """Split *group* by *keys* (by index), lowest key first; equal keys stay together in order.

    The keys rank the best lowest: negated values where higher is better.
    """
    ordered = sorted(group, key=keys.__getitem__)
    parts: list[list[int]] = []
    previous: int | float | None = None
    for i in ordered:
        key = keys[i]
        if key == previous:
            parts[-1].append(i)
        else:
            parts.append([i])
            previous = key
    return parts


def _de_scores(
    engine: TieBreakEngine, group: Iterable[int], tb: TieBreak
) -> tuple[dict[int, int], dict[int, int], int]:
    """Points against the rest of *group*, how many of them each player met, and the scale.

    A score is an integer: the points times the returned scale. Repeated games
    against one opponent count as their average (art. 6.1.2), so the scale is the
    engine's unit times every repetition count (one for a single round robin).
    """
    members = set(group)
    totals_of: dict[int, dict[int, list[int]]] = {}
    repeats: set[int] = set()
    for i in members:
        totals: dict[int, list[int]] = {}
        for o, p in engine.encounters(i, tb.pre_determined):
            if o in members:
                entry = totals.setdefault(o, [0, 0])
                entry[0] += p
                entry[1] += 1
        totals_of[i] = totals
        repeats.update(c for _, c in totals.values())
    common = math.lcm(*repeats) if repeats else 1
    scores = {i: sum(s * (common // c) for s, c in t.values()) for i, t in totals_of.items()}
    met = {i: len(t) for i, t in totals_of.items()}
    return scores, met, engine.unit * common


def direct_encounter(
    engine: TieBreakEngine, group: list[int], tb: TieBreak
) -> tuple[list[list[int]], dict[int, Fraction | None]]:
    """Art. 6 on a tied group: the sub-groups best first, and each member's DE score.

    When every member met every other, the sub-table orders them and ties inside
    it are settled by applying art. 6 again to the tied members. In Swiss events a
    member who would come first whatever the missing games' results is placed
    first (6.3), and the rest are considered again. Otherwise the group stays tied,
    and its members' DE is ``None`` (not applicable).
    """
    first = _de_scores(engine, group, tb)
    scores, met, scale = first
    parts = _de_split(engine, group, tb, first)
    if len(parts) == 1 and any(met[i] < len(group) - 1 for i in group):
        # not all of them met and nobody is placed whatever the missing games: art. 6
        # does not apply, which is no score at all (not the points of the games played)
        return parts, dict.fromkeys(group)
    values: dict[int, Fraction | None] = {i: Fraction(s, scale) for i, s in scores.items()}
    return parts, values


def _de_split(
    engine: TieBreakEngine,
    group: list[int],
    tb: TieBreak,
    first: tuple[dict[int, int], dict[int, int], int] | None = None,
) -> list[list[int]]:
    """The sub-groups of *group* by direct encounter, best first (see :func:`direct_encounter`).

    *first* is :func:`_de_scores` of the whole group when the caller has it already.
    """
    out: list[list[int]] = []
    rest = list(group)
    while len(rest) > 1:
        scores, met, scale = first or _de_scores(engine, rest, tb)
        first = None
        size = len(rest)
        if all(met[i] == size - 1 for i in rest):
            parts = _split(rest, {i: -scores[i] for i in rest})  # highest first
            if len(parts) == 1:
                break
            for part in parts:
                out.extend(_de_split(engine, part, tb) if len(part) > 1 else [part])
            return out
        if engine.settings.regime is not Regime.SWISS:
            break
        # 6.3: first whatever the missing games' results (each could be won by the other).
        win = engine.win_u * (scale // engine.unit)
        reach = {j: scores[j] + win * (size - 1 - met[j]) for j in rest}
        ranked = sorted(rest, key=lambda j: reach[j], reverse=True)
        top, second = ranked[0], ranked[1]
        best = next(
            (i for i in rest if scores[i] > reach[second if i == top else top]), None
        )
        if best is None:
            break
        out.append([best])
        rest = [i for i in rest if i != best]
    if rest:
        out.append(rest)
    return out

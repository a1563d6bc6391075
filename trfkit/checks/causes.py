"""Root causes: one finding for many that one cause explains (the ``C`` codes).

A report whose round 8 was added without updating the points gets one T001 per player;
the cause is one: the points are the totals after round 7. After the checks have run,
:func:`group` offers the findings to each cause of :data:`CAUSES`, in order. A cause that
explains a set of findings replaces them with one finding that says the cause, with the
evidence and a count; the findings it stands for stay underneath as its
:attr:`~trfkit.diagnostics.Diagnostic.instances` (``check --show-all``, ``"instances"`` in
JSON) and keep the worst severity among them (so an audit's verdict never changes).

A cause claims its findings only when it explains every one of them, and the rest of the
file agrees with it (every player's points, not only the wrong ones): a cause that fits
most of a file but not all is no cause, and the findings stay as they are. ``--ignore
C`` (or a cause's code) turns the grouping off. Each cause's docstring is its
documentation (``trfkit explain C001``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

import attrs

from trfkit.checks.base import Context
from trfkit.checks.lint import date_fields, is_standard
from trfkit.checks.scores import (
    ScoresState,
    rank_findings,
    rank_groups,
    rank_mismatches,
    reported_ranks,
    scores_state,
    unranked,
)
from trfkit.compute.history import (
    FORFEIT_WIN,
    FULL_BYE,
    GAME,
    HALF_BYE,
    PAIRING_BYE,
    PlayerHistory,
)
from trfkit.diagnostics import Diagnostic, Rule, Severity, documented_rule
from trfkit.model import Player, TextRecord, Tournament
from trfkit.numbers import format_number

MINIMUM = 2
"""The fewest findings a cause stands for: one finding is its own cause."""


class Explained(NamedTuple):
    """What a cause found: the sentence, and the findings it explains."""

    message: str
    instances: tuple[Diagnostic, ...]


Finder = Callable[[Context, Sequence[Diagnostic]], Iterable[Explained]]


class Cause(NamedTuple):
    """A registered root cause.

    Attributes:
        rule: Its code, name, severity (the usual one: a grouped finding takes the worst
            of its instances) and documentation.
        groups: The codes of the findings it may stand for.
        find: Given the file's findings of those codes, what it explains.
    """

    rule: Rule
    groups: frozenset[str]
    find: Finder

    @property
    def code(self) -> str:
        """The rule's code."""
        return self.rule.code

    @property
    def name(self) -> str:
        """The rule's kebab-case name."""
        return self.rule.name


def make_cause(
    code: str, name: str, severity: Severity, groups: Iterable[str], find: Finder
) -> Cause:
    """A cause whose documentation is *find*'s docstring (its first line is the summary)."""
    return Cause(documented_rule(code, name, severity, find), frozenset(groups), find)


def _players(found: Sequence[Diagnostic]) -> set[int]:
    return {s for d in found for s in d.players}


def _points_of(history: PlayerHistory) -> Iterator[tuple[int, Player, Fraction]]:
    """(index, player, points column) of every player whose points column is filled."""
    for i, p in enumerate(history.players):
        if p.points is not None and history.index.get(p.start_rank) == i:
            yield i, p, p.points


def _history(ctx: Context) -> tuple[ScoresState, PlayerHistory] | None:
    state = scores_state(ctx)
    if state is None or state.standings.engine is None:
        return None
    return state, state.standings.engine.history


def _points_flood(
    ctx: Context, found: Sequence[Diagnostic]
) -> tuple[list[Diagnostic], PlayerHistory, list[tuple[int, Player, Fraction]]] | None:
    """The T001 findings, the history and the filled points columns, for a points cause.

    ``None`` when the T001 findings are too few to be a flood, no history was made, or no
    player's points column is filled: no cause of the points can be told then.
    """
    points = [d for d in found if d.code == "T001"]
    got = _history(ctx)
    if len(points) < MINIMUM or got is None:
        return None
    _, history = got
    rows = list(_points_of(history))
    return (points, history, rows) if rows else None


# --- C001: the points (and ranks) of an earlier round -----------------------------------------


def _earlier_round(ctx: Context, found: Sequence[Diagnostic]) -> Iterator[Explained]:
    """The points column holds the totals after an earlier round: a round was added later.

    An exporter (or an arbiter) that adds a round's results without updating the points
    column leaves every player who scored in that round with the total of the rounds
    before it: one T001 per such player. When every filled points column equals the
    player's total after rounds 1 to *k* (with record 299 and byes entered in advance,
    as T001 counts them), and not after all the rounds, the T001 findings are one finding
    of this cause. When the rank column also fits the standings after round *k* (the
    same tie-break list, on the points of rounds 1 to *k*), the rank findings (T006, T007,
    T012, T013) are part of it too.

    ``trfkit fix`` writes the points (and the ranks) of every round.

    FOUND: a 51-player report of 8 rounds whose points column holds the totals after
    round 7 (32 T001). NOT FOUND: points wrong in ways no single earlier round explains.
    """
    flood = _points_flood(ctx, found)
    if flood is None:
        return
    points, history, rows = flood
    unit = history.unit
    added = history.added
    fits: int | None = None
    for k in range(history.rounds - 1, 0, -1):
        if all(reported * unit == sum(history.points[i][:k]) + added[i] for i, _, reported in rows):
            fits = k
            break
    if fits is None:
        return
    if not _players(points) <= {p.start_rank for _, p, _ in rows}:
        return
    # counted from the file, not from the findings: past the repeat cap they are counted only
    wrong = [p for i, p, reported in rows if reported * unit != history.score[i]]
    ranks = [d for d in found if d.code in ("T006", "T007", "T012", "T013")]
    ranks_fit = bool(ranks) and _ranks_fit_round(ctx, fits)
    instances = tuple(points) + (tuple(ranks) if ranks_fit else ())
    rounds = history.rounds
    what = "points and ranks" if ranks_fit else "points"
    late = f"round {rounds} was" if fits + 1 == rounds else f"rounds {fits + 1}-{rounds} were"
    yield Explained(
        f"the {what} are those after round {fits}, not after round {rounds}: every "
        f"player's points column is the total of rounds 1-{fits}, and {len(wrong)} "
        f"differ from the total of rounds 1-{rounds} ({late} added without updating the "
        f"{'points and ranks' if ranks_fit else 'points column'}; trfkit fix writes them)",
        instances,
    )


def truncated(tournament: Tournament, rounds: int) -> Tournament:
    """*tournament* with every player's rounds after *rounds* left out (blocks only)."""
    records = tuple(
        attrs.evolve(r, rounds=r.rounds[:rounds]) if isinstance(r, Player) else r
        for r in tournament.records
    )
    return Tournament(records=records, encoding=tournament.encoding)


def _ranks_fit_round(ctx: Context, rounds: int) -> bool:
    """Whether the rank column is right for the standings after *rounds* rounds.

    The rank checks' own judgement (:func:`rank_findings`: the declared list, or the
    common list closest to the column) on the report cut after that round.
    """
    earlier = Context(truncated(ctx.tournament, rounds), ctx.options, ctx.limits)
    try:
        found = rank_findings(earlier)
    except Exception:  # the evidence is optional: no grouping rather than a failure
        return False
    return bool(found.tiebreaks) and not (
        found.errors or found.warnings or found.placeholder or found.summary
    )


EARLIER_ROUND = make_cause("C001", "points-of-earlier-round", Severity.ERROR,
                           ("T001", "T006", "T007", "T012", "T013"), _earlier_round)  # fmt: skip


# --- C002: another scoring --------------------------------------------------------------------


class Scoring(NamedTuple):
    """A point system a points column may follow instead of the file's: points by kind."""

    name: str
    win: Fraction
    draw: Fraction
    pairing_bye: Fraction
    full_bye: Fraction
    half_bye: Fraction


_H = Fraction(1, 2)
OTHER_SCORINGS = (
    Scoring("3-1-0 (win 3, draw 1; byes as a win or a draw)", Fraction(3), Fraction(1),
            Fraction(3), Fraction(3), Fraction(1)),
    Scoring("2-1-0 (win 2, draw 1; byes as a win or a draw)", Fraction(2), Fraction(1),
            Fraction(2), Fraction(2), Fraction(1)),
    Scoring("1-½-0 with the pairing-allocated bye at ½", Fraction(1), _H, _H, Fraction(1), _H),
    Scoring("1-½-0 with the pairing-allocated bye at 1", Fraction(1), _H, Fraction(1),
            Fraction(1), _H),
    Scoring("1-½-0 with the pairing-allocated bye at 0", Fraction(1), _H, Fraction(0),
            Fraction(1), _H),
)  # fmt: skip
"""The scorings C002 tries, in order: the first that explains every points column wins."""


def _total(history: PlayerHistory, i: int, scoring: Scoring) -> Fraction:
    total = Fraction(history.added[i], history.unit)
    for kind, outcome in zip(history.kinds[i], history.outcome[i], strict=True):
        if kind is GAME:
            total += scoring.win if outcome > 0 else scoring.draw if outcome == 0 else 0
        elif kind is FORFEIT_WIN or kind is FULL_BYE:
            total += scoring.full_bye if kind is FULL_BYE else scoring.win
        elif kind is PAIRING_BYE:
            total += scoring.pairing_bye
        elif kind is HALF_BYE:
            total += scoring.half_bye
    return total


def _other_scoring(ctx: Context, found: Sequence[Diagnostic]) -> Iterator[Explained]:
    """The points column is the total under another scoring than the file's.

    Some programs write the points of a 3-1-0 (or 2-1-0) event without a record 162 that
    says so, or count the pairing-allocated bye otherwise than the file's point system
    (½ or 0 where TRF counts 1, or 1 where a 162 says ½). Each player then gets a T001.
    When every filled points column is the player's total under one of these scorings
    (and some are not under the file's), the T001 findings are one finding of this cause
    that names the scoring. A 3-1-0 event says so with record 162 (TRF-2026); a bye's
    value is the event's rule, which ``162`` declares.

    FOUND: points 9, 6, 3 for a win-win-win, a win and two losses, ... (3-1-0).
    NOT FOUND: points that no single scoring explains for every player.
    """
    flood = _points_flood(ctx, found)
    if flood is None:
        return
    points, history, rows = flood
    ps = history.point_system
    own = (ps.win, ps.draw)
    for scoring in OTHER_SCORINGS:
        if (scoring.win, scoring.draw) == own and scoring.pairing_bye == ps.pairing_bye:
            continue
        if all(reported == _total(history, i, scoring) for i, _, reported in rows):
            yield Explained(
                f"the points column is the total under another scoring, {scoring.name}: "
                f"every player's points fit it, and {len(_players(points))} differ from the "
                "file's own point system (declare it with record 162, or write the points "
                "of the file's system: trfkit fix)",
                tuple(points),
            )
            return


OTHER_SCORING = make_cause(
    "C002", "points-other-scoring", Severity.ERROR, ("T001",), _other_scoring
)


def _absences_counted(ctx: Context, found: Sequence[Diagnostic]) -> Iterator[Explained]:
    """The points column counts rounds written as absences, for many players (T003).

    The exporter writes byes (or boards won by default) as absences, ``0000 -`` with a
    blank result or ``-``, and counts them in the total: one T003 per player. Said once,
    with the values counted: write the byes as ``H`` (½) or ``F`` (1) and the blocks will
    say what the points column counts.

    FOUND: 12 players whose totals count absences as ½ or 1 (a heltour team Swiss).
    """
    blanks = [d for d in found if d.code == "T003"]
    got = _history(ctx)
    if len(blanks) < MINIMUM or got is None:
        return
    state, _ = got
    values: dict[Fraction, int] = {}
    for f in state.points:
        if f.kind == "blank-bye":
            for value in f.corrections.values():
                values[value] = values.get(value, 0) + 1
    counted = ", ".join(
        f"{n} as {format_number(v)}" for v, n in sorted(values.items(), reverse=True)
    )
    rounds = sum(values.values())
    yield Explained(
        f"{len(blanks)} players' points count {rounds} rounds written as absences "
        f"({counted}): the exporter writes byes as absences and counts them; write them "
        "as H (½) or F (1)",
        tuple(blanks),
    )


ABSENCES_COUNTED = make_cause(
    "C003", "absences-counted", Severity.WARNING, ("T003",), _absences_counted
)


# --- C004, C005: the rank column in another order ---------------------------------------------


class _Rank:
    """A rank to judge: what :func:`rank_mismatches` reads (``.rank``)."""

    __slots__ = ("rank",)

    def __init__(self, rank: int | None) -> None:
        self.rank = rank


def _fits(groups: list[list[int]], ranks: Mapping[int, int | None]) -> bool:
    return not rank_mismatches(groups, {s: _Rank(r) for s, r in ranks.items()})


_RANK_CODES = ("T006", "T007", "T013")


def _rank_order(ctx: Context, found: Sequence[Diagnostic]) -> Iterator[Explained]:
    """The rank column holds another order than the standings: the ratings', or another list's.

    Some programs write the strength order (the players by rating, highest first) into
    the rank column (FIDE's tournament generator among them), or rank by another
    tie-break list than the one the report declares. Each player out of place gets a
    T006 (or T007). When every filled rank is the player's place in the rating order,
    or in the standings under one other common list, the rank findings are one finding
    of this cause, which names the order. (Ranks that repeat the start ranks are T012.)
    Only a flood is read so (at least 3 players out of place, and a fifth of those
    ranked), and the rating order only where it orders the field (every player rated,
    nine ratings in ten distinct): a column of a few misplaced ranks keeps its findings.

    FOUND: ranks 1, 2, 3 … in descending rating order while player 5 finished first.
    NOT FOUND: ranks that follow no single order.
    """
    ranks = [d for d in found if d.code in _RANK_CODES]
    got = _history(ctx)
    if len(ranks) < MINIMUM or got is None:
        return
    state, _ = got
    ranked = {s: p.rank for s, p in reported_ranks(ctx, state).items()}
    if len(ranked) < MINIMUM or unranked(ctx, state):
        return
    if len(_players(ranks)) < max(FLOOD, len(ranked) // 5):
        return  # a few ranks out of place are their own findings, not an order
    ratings = {s: ctx.tournament.players_by_start_rank[s].rating or 0 for s in ranked}
    order = None
    if _discriminating(ratings.values()):
        by_rating = sorted(ranked, key=lambda s: -ratings[s])
        if _fits(rank_groups((s, ratings[s]) for s in by_rating), ranked):
            order = "the rating order (highest rating first)"
    if order is None and state.standings.declared:
        # an undeclared list is judged by the common list closest to the column already
        # (rank_findings): one that fits it leaves no rank finding to explain
        order = _other_list(ctx, state, ranked)
    if order is None:
        return
    yield Explained(
        f"the rank column holds {order}, not the final standings (tie-breaks "
        f"{', '.join(tb.text for tb in state.standings.tiebreaks)}): "
        f"{len(_players(ranks))} ranks differ; trfkit fix writes the final ranks",
        tuple(ranks),
    )


FLOOD = 3
"""The fewest players out of place for a rank column to be read as another order."""


def _discriminating(ratings: Iterable[int]) -> bool:
    """Whether *ratings* can order a field: every player rated, nine in ten distinct.

    A field of unrated players (or of a few ratings) is one tie group of the rating order,
    which any rank column fits: no evidence of that order.
    """
    found = list(ratings)
    return bool(found) and all(found) and len(set(found)) * 10 >= len(found) * 9


_OPPONENTS = frozenset({"BH", "FB", "AOB", "SB", "KS", "ARO", "TPR", "PTP", "APRO", "APPO"})


def _opponents_codes(codes: Sequence[str]) -> int:
    """How many codes of a list read the opponents' values (what ordering by it costs)."""
    return sum(1 for code in codes if code.split("/")[0] in _OPPONENTS)


def _other_list(ctx: Context, state: ScoresState, ranked: Mapping[int, int | None]) -> str | None:
    """``"the order of the list PTS, …"`` of the first common list the ranks fit."""
    from trfkit.compute.standings import RANK_CANDIDATES, tie_groups
    from trfkit.compute.tiebreaks import parse_tiebreak

    engine = state.standings.engine
    if engine is None:
        return None
    if not _fits(tie_groups(engine, (parse_tiebreak("PTS"),)), ranked):
        return None  # a rank outside its points group: no list that starts with PTS fits
    own = [tb.key for tb in state.standings.tiebreaks]
    # the lists of the player's own values first (TPN, ratings, wins): cheaper to order by
    # than the opponents' families, and the plainer explanation when both fit
    for codes in sorted(RANK_CANDIDATES[engine.settings.regime], key=_opponents_codes):
        listed = (parse_tiebreak("PTS"), *(parse_tiebreak(c) for c in codes))
        if [tb.key for tb in listed] == own:
            continue
        try:
            groups = tie_groups(engine, listed)
        except Exception:  # a list this event cannot compute is no explanation
            continue
        if _fits(groups, ranked):
            return "the order of the tie-break list " + ", ".join(tb.text for tb in listed)
    return None


RANK_ORDER = make_cause("C004", "rank-other-order", Severity.ERROR, _RANK_CODES, _rank_order)


def _rank_shifted(ctx: Context, found: Sequence[Diagnostic]) -> Iterator[Explained]:
    """Every rank is one more (or one less) than the player's place in the standings.

    An exporter that counts places from 0, or a header row counted as a player, shifts
    the whole rank column by one: every player gets a T006. When every filled rank minus
    one (or plus one) is the player's place, the findings are one finding of this cause.

    FOUND: ranks 2, 3, 4 … for the players placed 1, 2, 3 ….
    """
    ranks = [d for d in found if d.code in _RANK_CODES]
    got = _history(ctx)
    if len(ranks) < MINIMUM or got is None:
        return
    state, _ = got
    if unranked(ctx, state):
        return  # a counted player left unranked shifts the places below him: no evidence
    ranked = {s: p.rank for s, p in reported_ranks(ctx, state).items()}
    groups = rank_groups((r.start_rank, r.rank) for r in state.standings.rows)
    for shift in (1, -1):
        moved = {s: r - shift for s, r in ranked.items() if r is not None}
        if _fits(groups, moved):
            way = "one more" if shift > 0 else "one less"
            yield Explained(
                f"every rank is {way} than the player's place in the standings: the rank "
                f"column is shifted by one ({len(_players(ranks))} ranks differ; trfkit fix "
                "writes the places)",
                tuple(ranks),
            )
            return


RANK_SHIFTED = make_cause("C005", "rank-shifted", Severity.ERROR, _RANK_CODES, _rank_shifted)


# --- C006: dates in one form ------------------------------------------------------------------


_SHAPE = re.compile(r"\d")


def _date_form(ctx: Context, found: Sequence[Diagnostic]) -> Iterator[Explained]:
    """Every date of the file is written one non-standard way.

    E013 notes each record whose date is not written the TRF way (042 and 052
    ``YYYY/MM/DD``, the round dates of 132 ``YY/MM/DD`` in their round's columns). When
    every date of the file (each one read from its field, not from the notes) is written
    otherwise, and all in one form, a form for the full dates and one for the round dates
    (a program writing ``DD.MM.YYYY`` and ``DD.MM.YY``), the notes are one finding of this
    cause. A file with some dates written the TRF way has no such cause. ``trfkit fix``
    writes the dates in the standard form where the file's dates leave one reading.

    FOUND: ``042 05.01.2024``, ``052 07.01.2024`` and ``132 … 05.01.24 …``.
    """
    dates = [d for d in found if d.code == "E013"]
    fields = [f for f in date_fields(ctx) if f.readings]
    if len(dates) < MINIMUM or not fields or any(is_standard(f) for f in fields):
        return
    headers = {_SHAPE.sub("9", f.text) for f in fields if isinstance(f.record, TextRecord)}
    rounds = {_SHAPE.sub("9", f.text) for f in fields if not isinstance(f.record, TextRecord)}
    if len(headers) > 1 or len(rounds) > 1:
        return
    forms = " and ".join(repr(f) for f in sorted(headers | rounds, key=len, reverse=True))
    yield Explained(
        f"every date of the file is written one way ({forms}, 9 a digit), not the TRF "
        f"form (042/052 YYYY/MM/DD, 132 YY/MM/DD): {len(fields)} dates in "
        f"{len(dates)} records",
        tuple(dates),
    )


DATE_FORM = make_cause("C006", "dates-one-form", Severity.INFO, ("E013",), _date_form)


CAUSES: tuple[Cause, ...] = (
    EARLIER_ROUND,
    OTHER_SCORING,
    ABSENCES_COUNTED,
    RANK_ORDER,
    RANK_SHIFTED,
    DATE_FORM,
)
"""Every root cause, in the order they are offered the findings."""


def group(
    ctx: Context, found: Sequence[Diagnostic], causes: Sequence[Cause] = CAUSES
) -> list[Diagnostic]:
    """*found* with the findings each cause explains replaced by one finding of the cause.

    A cause that fails (an exception) explains nothing: the findings stay as they are.
    """
    remaining = list(found)
    grouped: list[Diagnostic] = []
    for cause in causes:
        pool = [d for d in remaining if d.code in cause.groups]
        if len(pool) < MINIMUM:
            continue
        try:
            explained = list(cause.find(ctx, pool))
        except Exception:  # a cause is a summary: never a reason to lose the findings
            continue
        for e in explained:
            taken = {id(d) for d in e.instances}
            if len(taken) < MINIMUM:
                continue
            remaining = [d for d in remaining if id(d) not in taken]
            grouped.append(
                Diagnostic(
                    code=cause.code,
                    name=cause.name,
                    severity=max(d.severity for d in e.instances),
                    message=e.message,
                    players=sorted(_players(e.instances)),
                    instances=tuple(sorted(e.instances, key=lambda d: d.sort_key)),
                )
            )
    return [*remaining, *grouped]

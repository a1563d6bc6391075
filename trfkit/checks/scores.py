"""Points, ranks and tie-break checks against the recomputed standings (C.07).

The standings are recomputed from the games (:mod:`trfkit.compute.standings`) under
the rule edition in force on the start date, the round-robin or Swiss regime
of the tournament and its declared scoring (162, ``XXS``, ``BB?``) and
abnormal points (299). The checks then compare what the report claims:

- the points column (001 cols 81-84), explaining withdrawals, record 299,
  blank-result byes and byes entered in advance instead of flagging them;
- the rank column (001 cols 86-89), ties allowed;
- tie-break values given with ``--standings FILE`` or appended by an exporter
  after the last round block.

Every mismatch names the player, the reported and the recomputed value; one
diagnostic per wrong value.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

import attrs

from trfkit import columns as C
from trfkit.checks.base import Check, Context, make_check
from trfkit.compute.history import PAIRING_BYE, PlayerHistory, Withdrawal
from trfkit.compute.regime import Regime
from trfkit.compute.standings import (
    RANK_CANDIDATES,
    Standings,
    compute_standings,
    order,
    tie_groups,
)
from trfkit.compute.tiebreaks import (
    Edition,
    KoyaThreshold,
    PerfectScorePtp,
    SbCut,
    TieBreak,
    TieBreakEngine,
    TieBreakSettings,
    parse_tiebreak,
)
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.errors import TieBreakError
from trfkit.model import Player, TieBreakList
from trfkit.numbers import format_number
from trfkit.values import Value

POINTS_COLUMN = C.POINTS.start
RANK_COLUMN = C.RANK.start


# --- shared state --------------------------------------------------------------------------


class PointsFinding(NamedTuple):
    """How one player's points column compares with the recomputation.

    Attributes:
        player: The player.
        kind: ``"mismatch"``, ``"annulled"``, ``"blank-bye"``, ``"pending"`` or ``"abnormal"``.
        reported: The points column.
        expected: The recomputed standings score.
        detail: Extra words for the message.
        corrections: For ``"blank-bye"``: round → points the blank-result bye was counted with.
        readings: For ``"mismatch"``: the totals of the accepted conventions.
    """

    player: Player
    kind: str
    reported: Fraction
    expected: Fraction
    detail: str = ""
    corrections: Mapping[int, Fraction] = MappingProxyType({})
    readings: frozenset[Fraction] = frozenset()
    """For a ``"mismatch"``: every total the results give under a convention the checks
    accept (byes entered in advance or not, a team's pairing-allocated bye, the games of a
    withdrawn player kept): ``fix`` writes the total only when there is one."""


class ScoresState(NamedTuple):
    """Everything the score checks share, computed once per file."""

    standings: Standings
    """The standings under the options (and the file's own conventions where explained).

    Their rows carry ranks but no values (see :func:`recomputed`): the checks
    compute a tie-break only where it decides a rank or a reported value needs it.
    """
    points: tuple[PointsFinding, ...]
    problems: tuple[str, ...]
    team: bool
    withdrawals: tuple[Withdrawal, ...] = ()
    """The round-robin withdrawals, under the options (annulled as the rule says)."""


def withdrawals(ctx: Context) -> tuple[Withdrawal, ...]:
    """The round-robin withdrawals of the file, found once (for B011 and the score checks)."""
    state = scores_state(ctx)
    return state.withdrawals if state is not None else ()


def withdrawal_games(ctx: Context) -> frozenset[tuple[int, int]]:
    """(start rank, round) of every unplayed table game of a withdrawn round-robin player.

    Whatever its block says (a pairing-allocated bye, a blank, a zero bye), such a round
    is the withdrawal's forfeit (or annulled game), not a pairing of its own.
    """
    state = scores_state(ctx)
    if state is None or not state.withdrawals or state.standings.engine is None:
        return frozenset()
    history = state.standings.engine.history
    gone = {history.index[w.start_rank] for w in state.withdrawals}
    found = set()
    for player, row in zip(history.players, history.opponents, strict=True):
        for r, o in enumerate(row, 1):
            if o in gone:
                block = player.round(r)
                if block is None or block.opponent is None:
                    found.add((player.start_rank, r))
    return frozenset(found)


def scores_state(ctx: Context) -> ScoresState | None:
    """What the score checks share (standings, points findings), once per file.

    ``None`` for a file without rounds. The root causes and ``fix`` read it too.
    """
    return ctx.cached("scores.state", lambda: _compute_state(ctx))  # type: ignore[no-any-return]


def _compute_state(ctx: Context) -> ScoresState | None:
    t = ctx.tournament
    if not t.players or not any(p.rounds for p in t.players):
        return None
    options = ctx.tiebreak_options
    problems: list[str] = []
    if options.tiebreaks:
        try:
            tuple(parse_tiebreak(c) for c in options.tiebreaks if c.strip())
        except TieBreakError as exc:
            problems.append(f"--tiebreaks: {exc}; the report's own list is used")
            options = attrs.evolve(options, tiebreaks=None)
    standings = ctx.standings(options)
    engine = standings.engine
    assert engine is not None
    findings = tuple(_points_findings(engine.history, ctx.regime.team))
    if ctx.regime.round_robin and any(f.kind == "mismatch" for f in findings):
        # In an event in progress a player who stopped is not read as withdrawn, unless
        # the report's own points column applies the rule to him: then it says so.
        declared = attrs.evolve(options, withdrawals_in_progress=True)
        again = compute_standings(t, declared, regime=ctx.regime, values=False)
        if again.withdrawals and again.engine is not None:
            found_again = tuple(_points_findings(again.engine.history, ctx.regime.team))
            if not any(f.kind == "mismatch" for f in found_again):
                options, standings, engine, findings = declared, again, again.engine, found_again
    final = standings
    annulled = [f for f in findings if f.kind == "annulled"]
    corrections = {f.player.start_rank: f.corrections for f in findings if f.corrections}
    if annulled and not any(
        f.kind == "mismatch" and f.player.start_rank in _affected(engine.history)
        for f in findings
    ):
        # The report keeps the games of annulled players: judge ranks on its terms.
        options = attrs.evolve(options, withdrawals=False)
        final = compute_standings(t, options, regime=ctx.regime, values=False)
    if corrections:
        corrected = TieBreakEngine(
            t, final.engine.settings if final.engine else None, corrections=corrections
        )
        final = compute_standings(t, options, regime=ctx.regime, engine=corrected, values=False)
    return ScoresState(final, findings, tuple(problems), ctx.regime.team, standings.withdrawals)


def _affected(history: PlayerHistory) -> set[int]:
    """Start ranks of players who met an annulled player."""
    out = set()
    for i, row in enumerate(history.opponents):
        if any(o in history.annulled for o in row if o >= 0):
            out.add(history.players[i].start_rank)
    return out


def _points_findings(history: PlayerHistory, team: bool) -> Iterator[PointsFinding]:
    """Compare every player's points column with the recomputed score (*team*: board players)."""
    unit = history.unit
    for i, p in enumerate(history.players):
        if p.points is None or history.index.get(p.start_rank) != i:
            continue
        reported = p.points
        annulled = i in history.annulled
        if (
            not annulled
            and reported.numerator * unit == history.score[i] * reported.denominator
            and not history.abnormal[i]
            and not history.pending[i]
        ):
            continue  # the common case, compared in whole units without building fractions
        score = Fraction(history.raw_score[i] if annulled else history.score[i], unit)
        raw = Fraction(history.raw_score[i], unit)
        pending = Fraction(history.pending[i], unit)
        bonus = Fraction(history.bonus[i], unit)
        team_pab = Fraction(0)
        if team:
            team_pab = Fraction(
                sum(pt for k, pt in zip(history.kinds[i], history.points[i], strict=True)
                    if k is PAIRING_BYE),
                unit,
            )  # fmt: skip
        accepted = {score, score - pending, score - team_pab}
        if reported in accepted or (annulled and reported == 0):
            if history.abnormal[i]:
                change = sum((Fraction(v, unit) for _, v in history.abnormal[i]), Fraction(0))
                lines = ", ".join(str(r.line) for r, _ in history.abnormal[i] if r.line)
                yield PointsFinding(
                    p, "abnormal", reported, score,
                    f"record 299 (line {lines}): {format_number(change)}",
                )  # fmt: skip
            if pending and reported == score - pending:
                yield PointsFinding(p, "pending", reported, score)
            continue
        if raw != score and reported in (raw, raw - pending):
            yield PointsFinding(p, "annulled", reported, score, _annulment_detail(history, i))
            continue
        corrections = _blank_bye_values(history, history.blank_byes[i], reported - score)
        if corrections is None and pending:
            corrections = _blank_bye_values(
                history, history.blank_byes[i], reported - score + pending
            )
        if corrections is not None:
            yield PointsFinding(p, "blank-bye", reported, score, "", corrections)
            continue
        detail = ""
        if bonus and reported == score - bonus:
            detail = f"; the file leaves out the {format_number(bonus)} of record 299"
        readings = accepted | ({raw, raw - pending} if raw != score else set())
        yield PointsFinding(p, "mismatch", reported, score, detail, readings=frozenset(readings))


def _annulment_detail(history: PlayerHistory, i: int) -> str:
    names = []
    for o in sorted({o for o in history.opponents[i] if o in history.annulled}):
        w = history.withdrawals[history.players[o].start_rank]
        names.append(
            f"player {w.start_rank} withdrew having completed {w.completed} of "
            f"{w.scheduled} games"
        )
    return "; ".join(names)


def _blank_bye_values(
    history: PlayerHistory, blanks: list[int], difference: Fraction
) -> dict[int, Fraction] | None:
    """Round → points for blank-result byes that explain *difference* (ICU total correction)."""
    if not blanks or difference <= 0:
        return None
    win = history.point_system.win
    draw = history.point_system.draw
    k = len(blanks)
    for wins in range(k + 1):
        for draws in range(k + 1 - wins):
            if wins + draws and wins * win + draws * draw == difference:
                values = [win] * wins + [draw] * draws
                return {blanks[n] + 1: v for n, v in enumerate(values)}
    return None


def _where(p: Player, column: int) -> dict[str, Any]:
    return {"line": p.line, "column": column, "players": (p.start_rank,)}


def _who(p: Player) -> str:
    return f"player {p.start_rank} ({p.name})" if p.name else f"player {p.start_rank}"


# --- points --------------------------------------------------------------------------------


def _points_mismatch(ctx: Context) -> Iterator[Diagnostic]:
    """The points column (001 columns 81-84) differs from the score of the round results.

    The score is recomputed from every round block with the report's point
    system: record 162 (TRF-2026), JaVaFo ``XXS`` or bbpPairings ``BB?``, else
    1 / ½ / 0 with a pairing-allocated bye worth a win (TRF16 result table), plus
    the bonuses and penalties of record 299. Differences that a rule explains are
    not errors: a round-robin withdrawal (T002), byes with a blank result counted
    in the total (T003), record 299 (T004), byes entered for the next round (T005).

    PASS: a win and ``0000 - H`` with ``1.5`` in columns 81-84.
    FAIL: the same round blocks with ``2.0`` (a win and a half-point bye make 1.5).
    """
    state = scores_state(ctx)
    if state is None:
        return
    for f in state.points:
        if f.kind == "mismatch":
            yield POINTS_MISMATCH.rule.diagnostic(
                f"{_who(f.player)}: points {format_number(f.reported)} in the file, "
                f"{format_number(f.expected)} recomputed from the round results{f.detail}",
                **_where(f.player, POINTS_COLUMN),
            )


POINTS_MISMATCH = make_check("T001", "points-mismatch", Severity.ERROR, _points_mismatch)


def _points_withdrawal(ctx: Context) -> Iterator[Diagnostic]:
    """The points column keeps games against a round-robin player who withdrew early.

    C.05 (and the Norwegian, US and Russian rules): when a player withdraws
    from a round robin having completed fewer than 50 % of their games, the
    results stay in the report for rating but are not counted in the standings;
    from 50 % on they count and the remaining games are forfeits. trfkit removes
    the annulled games from the standings; a report whose points still include
    them is told so here (for information), and its ranks are judged on its own
    terms. ``--no-withdrawal-rule`` keeps every game.

    PASS: player 4 played 1 of 3 games and withdrew; player 1 (a win against 4, a
    draw and a win) shows 1.5. INFO: player 1 shows 2.5.
    """
    state = scores_state(ctx)
    if state is None:
        return
    for f in state.points:
        if f.kind == "annulled":
            yield POINTS_WITHDRAWAL.rule.diagnostic(
                f"{_who(f.player)}: points {format_number(f.reported)} include games that "
                f"the withdrawal rule removes ({f.detail}); the standings count "
                f"{format_number(f.expected)}",
                **_where(f.player, POINTS_COLUMN),
            )


POINTS_WITHDRAWAL = make_check(
    "T002", "points-withdrawal-annulment", Severity.WARNING, _points_withdrawal
)


def _points_blank_bye(ctx: Context) -> Iterator[Diagnostic]:
    """Rounds written as absences are counted in the points column.

    TRF16: a blank result means ``Z``, a zero-point bye, and so does an empty
    round block; ``0000 - -`` is a forfeit loss without an opponent. Some
    programs write half-point and full-point byes that way and count them in the
    total anyway (the ICU's "automatic total correction"; team exporters writing
    ``0000 - -`` for boards won by default). The total is then right for the
    event but the round block says otherwise; write ``H`` or ``F``. One warning
    per player; ranks and tie-breaks are judged with those rounds counted as
    the total implies (a difference in multiples of a draw or a win only).

    PASS: ``0000 - H`` and 0.5 in the total. WARNING: ``0000 -  `` (blank result)
    and 0.5 in the total.
    """
    state = scores_state(ctx)
    if state is None:
        return
    for f in state.points:
        if f.kind == "blank-bye":
            rounds = ", ".join(
                f"round {r} as {format_number(v)}" for r, v in sorted(f.corrections.items())
            )
            yield POINTS_BLANK_BYE.rule.diagnostic(
                f"{_who(f.player)}: points {format_number(f.reported)} count rounds written "
                f"as absences without points ({rounds}); TRF scores them 0, giving "
                f"{format_number(f.expected)}; write the byes as H or F",
                **_where(f.player, POINTS_COLUMN),
            )


POINTS_BLANK_BYE = make_check("T003", "points-blank-bye", Severity.WARNING, _points_blank_bye)


def _points_abnormal(ctx: Context) -> Iterator[Diagnostic]:
    """Record 299 (abnormal points) explains a difference between points and results.

    TRF-2026 record 299 gives bonuses or penalties (blank type) or sets the
    points of a round (a result type). The points column includes them, so the
    difference from the round results is expected; this is for information.

    PASS: ``299           2.0    1    4`` and player 4, who lost, shows 2.0.
    """
    state = scores_state(ctx)
    if state is None:
        return
    for f in state.points:
        if f.kind == "abnormal":
            yield POINTS_ABNORMAL.rule.diagnostic(
                f"{_who(f.player)}: points {format_number(f.reported)} include {f.detail}",
                **_where(f.player, POINTS_COLUMN),
            )


POINTS_ABNORMAL = make_check("T004", "points-abnormal-record", Severity.INFO, _points_abnormal)


def _points_pending(ctx: Context) -> Iterator[Diagnostic]:
    """A bye entered for a round not yet played is not counted in the points column.

    In a partial report (written to pair the next round) a player who will be
    absent may already have ``0000 - H`` or ``0000 - F`` in the next round's
    block. JaVaFo requires the points to include that bye; bbpPairings and some
    exporters leave it out. Both are consistent; this notes which convention the
    file follows. The standings count the bye (points are the sum of every result
    written); no tie-break counts its round before it is played.

    PASS: the points include the pending bye. INFO: they do not.
    """
    state = scores_state(ctx)
    if state is None:
        return
    for f in state.points:
        if f.kind == "pending":
            yield POINTS_PENDING.rule.diagnostic(
                f"{_who(f.player)}: points {format_number(f.reported)} leave out the bye "
                f"already entered for the next round ({format_number(f.expected)} with it)",
                **_where(f.player, POINTS_COLUMN),
            )


POINTS_PENDING = make_check("T005", "points-pending-bye", Severity.INFO, _points_pending)


# --- ranks ---------------------------------------------------------------------------------


def reported_ranks(ctx: Context, state: ScoresState) -> dict[int, Player]:
    """Players whose rank column is filled (not blank, not 0) and counts in the standings."""
    if state.team:
        return {}
    annulled = {r.start_rank for r in state.standings.rows if r.annulled}
    out = {}
    for p in ctx.tournament.players:
        if p.rank and p.start_rank not in annulled and p.start_rank not in out:
            out[p.start_rank] = p
    return out


def unranked(ctx: Context, state: ScoresState) -> set[int]:
    """Players who count in the standings but whose rank is blank or 0, beside ranked ones.

    T006 reads them as taking no place (a withdrawn player, a bye dummy); but a winner left
    unranked shifts every place below him the same way, so a rank column with such gaps
    says no order by itself: the root causes and ``fix`` leave it to the arbiter.
    """
    ranked = reported_ranks(ctx, state)
    if not ranked:
        return set()
    return {
        r.start_rank for r in state.standings.rows
        if r.rank is not None and not r.annulled and r.start_rank not in ranked
    }  # fmt: skip


class Ranked(Protocol):
    """What a reported rank is read from: a player (001) or a team record (310)."""

    @property
    def rank(self) -> int | None: ...


R = TypeVar("R", bound=Ranked)


class RankMismatch(NamedTuple, Generic[R]):
    """A reported rank outside the places its recomputed tie group shares."""

    key: int
    """The start rank, or the team number."""
    entry: R
    """The player or team record whose rank it is."""
    first: int
    last: int
    """The places shared by the entry's tie group, counting only ranked entries."""

    @property
    def places(self) -> str:
        """``"6"`` or ``"2-3 (tied)"``."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last} (tied)"


def rank_mismatches(
    groups: Iterable[Sequence[int]],
    ranked: Mapping[int, R],
    counted: Collection[int] = (),
) -> list[RankMismatch[R]]:
    """Ranks that differ, placing only the entries the report ranks (not 0 or blank).

    *groups* are the recomputed tie groups (start ranks, or team numbers), in rank order;
    a rank is right inside the places its group shares (T006, M002). *counted* are entries
    left unranked that count in the standings: a rank is also right inside the places its
    group shares when they take theirs (a winner left unranked is no reason to call the
    second's 2 wrong), so only a rank wrong under both readings is returned.
    """
    groups = [list(g) for g in groups]
    found = _misplaced(groups, ranked, ())
    if counted and found:
        also = {m.key for m in _misplaced(groups, ranked, counted)}
        found = [m for m in found if m.key in also]
    return found


def _misplaced(
    groups: Iterable[Sequence[int]], ranked: Mapping[int, R], counted: Collection[int]
) -> list[RankMismatch[R]]:
    found = []
    position = 1
    for group in groups:
        members = [(s, ranked[s]) for s in group if s in ranked]
        taking = len(members) + sum(1 for s in group if s in counted and s not in ranked)
        if members:
            first, last = position, position + taking - 1
            for key, p in members:
                assert p.rank is not None
                if not first <= p.rank <= last:
                    found.append(RankMismatch(key, p, first, last))
        position += taking
    return found


def rank_groups(rows: Iterable[tuple[int, object]]) -> list[list[int]]:
    """The tie groups of (key, rank or score) rows in rank order: runs of equal values.

    Rows without a value (``None``: an annulled player) are left out.
    """
    groups: list[list[int]] = []
    previous: object = None
    for key, rank in rows:
        if rank is None:
            continue
        if groups and rank == previous:
            groups[-1].append(key)
        else:
            groups.append([key])
        previous = rank
    return groups


class RankFindings(NamedTuple):
    errors: tuple[RankMismatch[Player], ...] = ()
    warnings: tuple[RankMismatch[Player], ...] = ()
    placeholder: bool = False
    """The rank column repeats the start ranks and disagrees with the standings."""
    summary: int = 0
    """How many ranks differ inside their points group when there are too many to list."""
    tiebreaks: tuple[TieBreak, ...] = ()
    """The list the ranks were judged by: declared, or the closest common one."""

    @property
    def names(self) -> str:
        """The list's codes as messages name it: ``PTS, BH, SB``."""
        return ", ".join(tb.text for tb in self.tiebreaks)


def rank_findings(ctx: Context) -> RankFindings:
    """What the rank column gets wrong, computed once per file."""

    def compute() -> RankFindings:
        state = scores_state(ctx)
        if state is None:
            return RankFindings()
        ranked = reported_ranks(ctx, state)
        if not ranked:
            return RankFindings()
        holes = unranked(ctx, state)
        st = state.standings
        engine = st.engine
        assert engine is not None
        declared = st.declared
        candidates: list[tuple[TieBreak, ...]] = [st.tiebreaks]
        by_points: list[RankMismatch[Player]] = []
        if not declared:  # a declared list is judged as it stands
            # ranks outside their points group: what an undeclared list is judged by
            by_points = rank_mismatches(
                tie_groups(engine, (parse_tiebreak("PTS"),)), ranked, holes
            )
            if len(by_points) <= len(ranked) // 2:  # the ranks are plausible at all
                for codes in RANK_CANDIDATES[engine.settings.regime]:
                    listed = (parse_tiebreak("PTS"), *(parse_tiebreak(c) for c in codes))
                    if [tb.key for tb in listed] != [tb.key for tb in st.tiebreaks]:
                        candidates.append(listed)
        best: list[RankMismatch[Player]] | None = None
        best_list = st.tiebreaks
        for listed in candidates:
            groups = (
                rank_groups((r.start_rank, r.rank) for r in st.rows)
                if listed is st.tiebreaks
                else tie_groups(engine, listed)
            )
            found = rank_mismatches(groups, ranked, holes)
            if best is None or len(found) < len(best):
                best, best_list = found, listed
            if not found:
                break
        assert best is not None
        if not best:
            return RankFindings(tiebreaks=best_list)
        if all(p.rank == p.start_rank for p in ranked.values()) and len(ranked) > 2:
            return RankFindings(placeholder=True, tiebreaks=best_list)
        if declared:
            return RankFindings(tuple(best), (), tiebreaks=best_list)
        outside = {m.entry.start_rank for m in by_points}
        errors = tuple(m for m in best if m.entry.start_rank in outside)
        warnings = tuple(m for m in best if m.entry.start_rank not in outside)
        if len(warnings) > max(3, len(ranked) // 10):
            return RankFindings(errors, (), False, len(warnings), best_list)
        return RankFindings(errors, warnings, tiebreaks=best_list)

    return ctx.cached("scores.ranks", compute)  # type: ignore[no-any-return]


def _rank_mismatch(ctx: Context) -> Iterator[Diagnostic]:
    """The rank column (001 columns 86-89) differs from the recomputed standings.

    The standings apply the tie-break list as a hierarchy (C.07 4.2): record
    212 or 202, ``--tiebreaks``, or the default for the tournament type. A
    reported rank is right when it falls inside the places its tie group shares
    (TRF-2026 allows equal ranks); players the report leaves unranked (rank blank
    or 0, e.g. withdrawn players or a bye dummy) take no place. When the report
    declares no list, only ranks that no tie-break can explain (outside the
    player's points group) are errors; see T007 for the others. A rank column
    that is blank or 0 throughout is not judged, and one that merely repeats the
    start ranks is reported once (T012).

    PASS: two players on 3.5 points tied on every tie-break, ranked 2 and 3 (or 2
    and 2). FAIL: the player on 1.5 points ranked above a player on 3.5 points.
    """
    state = scores_state(ctx)
    if state is None:
        return
    found = rank_findings(ctx)
    for m in found.errors:
        yield RANK_MISMATCH.rule.diagnostic(
            f"{_who(m.entry)}: rank {m.entry.rank} in the file, {m.places} recomputed "
            f"({format_number(_points(state, m.entry))} points; tie-breaks {found.names})",
            **_where(m.entry, RANK_COLUMN),
        )


RANK_MISMATCH = make_check("T006", "rank-mismatch", Severity.ERROR, _rank_mismatch)


def _rank_undeclared(ctx: Context) -> Iterator[Diagnostic]:
    """A rank differs inside its points group, and the report declares no tie-break list.

    Without record 212/202 (or ``--tiebreaks``) the order inside a points group
    depends on tie-breaks the report does not name. trfkit tries the default list
    and other common ones and keeps the one the rank column agrees with best;
    a rank that still differs is reported here as a warning (one warning for the
    file when many do). Declare the list to make them errors (T006).

    PASS: ranks that follow any common list. WARNING: two players on 3.5 points
    ranked in an order that no common list gives.
    """
    state = scores_state(ctx)
    if state is None:
        return
    found = rank_findings(ctx)
    for m in found.warnings:
        yield RANK_UNDECLARED.rule.diagnostic(
            f"{_who(m.entry)}: rank {m.entry.rank} in the file, {m.places} under the "
            f"tie-breaks {found.names} (the report declares no list)",
            **_where(m.entry, RANK_COLUMN),
        )


RANK_UNDECLARED = make_check(
    "T007", "rank-order-undeclared", Severity.WARNING, _rank_undeclared
)


def _rank_placeholder(ctx: Context) -> Iterator[Diagnostic]:
    """The rank column repeats the start ranks, and they are not the final order.

    Some exporters write the start rank into columns 86-89 when they do not
    compute the standings. The ranks are then not judged player by player.

    PASS: a rank column with the final standings. WARNING: ranks 1, 2, 3 … equal to
    the start ranks while player 2 finished first.
    """
    state = scores_state(ctx)
    if state is None:
        return
    found = rank_findings(ctx)
    if found.placeholder:
        yield RANK_PLACEHOLDER.rule.diagnostic(
            "the rank column (86-89) repeats the start ranks, which are not the final "
            f"order (tie-breaks {found.names}); the ranks were not checked one by one"
        )


RANK_PLACEHOLDER = make_check(
    "T012", "rank-column-start-ranks", Severity.WARNING, _rank_placeholder
)


def _rank_order_unknown(ctx: Context) -> Iterator[Diagnostic]:
    """The order inside points groups follows no common tie-break list; it was not checked.

    When the report declares no tie-break list and many ranks inside points groups
    disagree with every common list (T007), the report used criteria trfkit
    cannot guess (another edition of the rules, a national list, a median
    variant). Ranks outside their points group are still errors (T006).
    Declare the list with record 212/202 or ``--tiebreaks`` to check the order.

    INFO only.
    """
    state = scores_state(ctx)
    if state is None:
        return
    found = rank_findings(ctx)
    if found.summary:
        yield RANK_ORDER_UNKNOWN.rule.diagnostic(
            f"{found.summary} ranks differ inside their points groups under every common "
            f"tie-break list (closest: {found.names}); the report declares no list, so that "
            "order was not checked (declare it with record 212/202 or --tiebreaks)"
        )


RANK_ORDER_UNKNOWN = make_check(
    "T013", "rank-order-unknown", Severity.INFO, _rank_order_unknown
)


# --- tie-break values ----------------------------------------------------------------------


def close_enough(reported: Fraction, exact: Fraction) -> bool:
    """Equal, or equal after rounding to the decimals the report shows (two or more)."""
    if reported == exact:
        return True
    decimals: int | None = getattr(reported, "decimals", None)
    if decimals is None or decimals < 2:
        return False
    scale: int = 10**decimals
    if (exact * scale).denominator == 1:
        return False
    return abs(reported - exact) * scale * 2 <= 1


def _points(state: ScoresState, p: Player) -> Fraction | None:
    """The recomputed points of *p*."""
    engine = state.standings.engine
    assert engine is not None
    return engine.values("PTS").get(p.start_rank)


def recomputed(state: ScoresState, tb: TieBreak) -> dict[int, Fraction | None]:
    """Start rank → value of *tb* (DE from the standings' tie groups).

    What T008 and ``fix`` compare a reported value with.
    """
    st = state.standings
    engine = st.engine
    assert engine is not None
    for position, listed in enumerate(st.tiebreaks):
        if listed.key == tb.key and tb.name == "DE":
            rows = order(engine, st.tiebreaks[: position + 1])
            return {row.start_rank: row.values[position] for row in rows}
    if tb.name == "DE":
        rows = order(engine, (*st.tiebreaks[:1], tb))
        return {row.start_rank: row.values[1] for row in rows}
    return engine.values(tb)


def _variants(ctx: Context, state: ScoresState) -> list[tuple[str, TieBreakEngine]]:
    """Engines under the other editions and readings, built once per file when needed."""

    def build() -> list[tuple[str, TieBreakEngine]]:
        engine = state.standings.engine
        assert engine is not None
        t = engine.tournament
        settings = engine.settings
        options = settings.options

        def other(**change: Any) -> TieBreakSettings:
            return attrs.evolve(settings, options=attrs.evolve(options, **change))

        variants: list[tuple[str, TieBreakSettings]] = [
            (f"the {e.value} rules", attrs.evolve(settings, edition=e))
            for e in Edition
            if e is not settings.edition
        ]
        other_regime = Regime.SWISS if settings.regime is Regime.ROUND_ROBIN else Regime.ROUND_ROBIN
        variants.append(
            (f"the {other_regime.value} regime", attrs.evolve(settings, regime=other_regime))
        )
        if engine.annulled:
            variants.append(("the withdrawal rule off", other(withdrawals=False)))
        by_score = options.sb_cut is SbCut.OPPONENT_SCORE
        other_cut = SbCut.CONTRIBUTION if by_score else SbCut.OPPONENT_SCORE
        variants.append((f"the SB cut by {other_cut.value}", other(sb_cut=other_cut)))
        at_least = options.koya_threshold is KoyaThreshold.AT_LEAST
        other_ks = KoyaThreshold.MORE_THAN if at_least else KoyaThreshold.AT_LEAST
        variants.append((f"the Koya limit {other_ks.value} 50 %", other(koya_threshold=other_ks)))
        other_ptp = (
            PerfectScorePtp.PLUS_800
            if options.ptp_perfect_score is PerfectScorePtp.LOWEST_RATING
            else PerfectScorePtp.LOWEST_RATING
        )
        ptp_words = {PerfectScorePtp.PLUS_800: "the highest opponent + 800",
                     PerfectScorePtp.LOWEST_RATING: "the lowest rating expecting it"}  # fmt: skip
        variants.append(
            (f"a perfect score's PTP as {ptp_words[other_ptp]}", other(ptp_perfect_score=other_ptp))
        )
        variants.append(
            (
                "round-robin forfeit wins "
                + ("not counted" if options.rr_forfeit_wins_played else "counted")
                + " as games",
                other(rr_forfeit_wins_played=not options.rr_forfeit_wins_played),
            )
        )
        return [
            (words, TieBreakEngine(t, changed, engine.point_system, engine.corrections))
            for words, changed in variants
        ]

    return ctx.cached("scores.variants", build)  # type: ignore[no-any-return]


def _other_reading(
    ctx: Context, state: ScoresState, tb: TieBreak, start_rank: int, reported: Fraction
) -> str:
    """A hint when the reported value is what another edition or reading gives."""
    if tb.name == "DE":
        return ""
    for words, engine in _variants(ctx, state):
        value = engine.values(tb).get(start_rank)
        if value is not None and close_enough(reported, value):
            return f"; the reported value is what {words} give"
    return ""


@attrs.frozen(repr=False)
class AppendedValue(Value):
    """A tie-break value an exporter appended to a player line, named by the declared list."""

    player: Player
    index: int
    """Its place among the line's appended values (0-based)."""
    code: str
    text: str
    value: Fraction


def appended_values(ctx: Context, state: ScoresState) -> Iterator[AppendedValue]:
    """The values appended after the last round's block, each with the code it stands for.

    Only under a declared list (212/202): the values are its codes in order, ``PTS``
    included or left out. The first line of a repeated start rank wins. (T008 and ``fix``.)
    """
    if not state.standings.source.startswith("record"):
        return
    from trfkit.errors import StandingsFileError
    from trfkit.trf.standings_file import parse_value

    codes = [tb.text for tb in state.standings.tiebreaks]
    seen: set[int] = set()
    for p in ctx.tournament.players:
        texts = p.appended
        if not texts or p.start_rank in seen:
            continue
        seen.add(p.start_rank)
        if len(texts) == len(codes):
            names = codes
        elif len(texts) == len(codes) - 1 and codes[0].upper() == "PTS":
            names = codes[1:]
        else:
            continue
        for index, (code, text) in enumerate(zip(names, texts, strict=True)):
            try:
                value = parse_value(text)
            except StandingsFileError:
                continue
            if value is not None:
                yield AppendedValue(p, index, code, text, value)


def _reported_sources(ctx: Context, state: ScoresState) -> Iterator[tuple[str, int, str, Fraction]]:
    """(source, start rank, code, value) from the side file and appended columns."""
    side = ctx.options.standings or {}
    source = ctx.options.standings_source or "--standings"
    for start_rank, values in side.items():
        for code, value in values.items():
            yield source, start_rank, code, value
    for found in appended_values(ctx, state):
        yield "columns appended to the player line", found.player.start_rank, found.code, (
            found.value
        )


def _tiebreak_mismatch(ctx: Context) -> Iterator[Diagnostic]:
    """A reported tie-break value differs from the recomputed one.

    Values come from ``--standings FILE`` (CSV or JSON, one row per start rank,
    columns named by FIDE code: ``SB``, ``SB/C1``, ``BH/M1`` …) and from numbers
    an exporter appended to the 001 lines after the last round (named by record
    212/202). They are recomputed under the edition and regime in force (see
    T011); when another edition or reading gives the reported value, the message
    says so. A value shown with two or more decimals matches when it is the
    recomputed value rounded (``13.38`` for 13.375).

    PASS: ``start_rank,SB`` / ``1,9.25`` for a player whose SB is 9.25.
    FAIL: ``1,9.5``.
    """
    state = scores_state(ctx)
    if state is None or state.team:
        return
    players = ctx.tournament.players_by_start_rank
    cache: dict[str, dict[int, Fraction | None] | None] = {}
    for source, start_rank, code, value in _reported_sources(ctx, state):
        p = players.get(start_rank)
        if p is None:
            continue
        if code not in cache:
            try:
                tb = parse_tiebreak(code)
            except TieBreakError:
                cache[code] = None
            else:
                cache[code] = recomputed(state, tb)
        computed = cache[code]
        if computed is None or start_rank not in computed:
            continue
        exact = computed[start_rank]
        if exact is None:
            if value == 0:
                continue
            shown = "no value"
        elif close_enough(value, exact):
            continue
        else:
            shown = format_number(exact, integer=parse_tiebreak(code).is_integer)
        hint = _other_reading(ctx, state, parse_tiebreak(code), start_rank, value)
        yield TIEBREAK_MISMATCH.rule.diagnostic(
            f"{_who(p)}: {code} reported {format_number(value)} ({source}), "
            f"recomputed {shown}{hint}",
            line=p.line,
            column=None,
            players=(p.start_rank,),
        )


TIEBREAK_MISMATCH = make_check(
    "T008", "tiebreak-mismatch", Severity.ERROR, _tiebreak_mismatch
)


def _tiebreak_unknown(ctx: Context) -> Iterator[Diagnostic]:
    """A tie-break code that trfkit cannot compute, or a list that cannot be used.

    Codes are the FIDE acronyms of C.07 (PTS, DE, WIN, WON, BPG, BWG, PS, REP/GE,
    STD, TPN, BH, AOB, FB, SB, KS, ARO, TPR, PTP, APRO, APPO, RTNG) with the
    modifiers of TRF-2026 (``/C1``, ``/M1``, ``/L+1``, ``/P``, ``/R``, ``/F``).
    Team codes (MPvGP, EDE …) are not computed for individual standings. An
    unknown code in record 202/212 is left out of the list; an unknown column of
    a side file is not compared. The 2026 rules also forbid the Buchholz family
    in round robins.

    PASS: ``212 PTS,DE,SB,KS``. WARNING: ``212 PTS,XYZ``.
    """
    state = scores_state(ctx)
    if state is None:
        return
    for message in state.problems:
        yield TIEBREAK_UNKNOWN.rule.diagnostic(message)
    records = {r.code: r for r in ctx.tournament.of_type(TieBreakList)}
    for message in state.standings.problems:
        if state.team and "team tie-break" in message:
            continue
        code = message.split(":")[0].replace("record ", "")
        record = records.get(code)
        yield TIEBREAK_UNKNOWN.rule.diagnostic(
            message, line=record.line if record else None, column=5 if record else None
        )
    engine = state.standings.engine
    if (
        engine is not None
        and engine.settings.regime is Regime.ROUND_ROBIN
        and engine.settings.edition is Edition.FIDE_2026
        and not state.team
    ):
        for tb in state.standings.tiebreaks:
            if tb.name in ("BH", "FB", "AOB"):
                yield TIEBREAK_UNKNOWN.rule.diagnostic(
                    f"{tb.text} is listed, but C.07 (2026) art. 8 says the Buchholz family "
                    "must not be used in round robins"
                )
    side = ctx.options.standings or {}
    seen: set[str] = set()
    source = ctx.options.standings_source or "--standings"
    for values in side.values():
        for code in values:
            if code in seen:
                continue
            seen.add(code)
            try:
                parse_tiebreak(code)
            except TieBreakError as exc:
                yield TIEBREAK_UNKNOWN.rule.diagnostic(f"{source}: column {code!r}: {exc}")


TIEBREAK_UNKNOWN = make_check(
    "T009", "tiebreak-code-unknown", Severity.WARNING, _tiebreak_unknown
)


def _standings_unknown_player(ctx: Context) -> Iterator[Diagnostic]:
    """The side file of ``--standings`` has a row for a start rank the report lacks.

    PASS: every row's start rank has a 001 record. WARNING: a row for player 17
    in a report of 16 players.
    """
    side = ctx.options.standings or {}
    known = ctx.tournament.players_by_start_rank
    source = ctx.options.standings_source or "--standings"
    for start_rank in side:
        if start_rank not in known:
            yield STANDINGS_UNKNOWN_PLAYER.rule.diagnostic(
                f"{source}: start rank {start_rank} has no player record in the report"
            )


STANDINGS_UNKNOWN_PLAYER = make_check(
    "T010", "standings-unknown-player", Severity.WARNING, _standings_unknown_player
)


def _tiebreak_rules(ctx: Context) -> Iterator[Diagnostic]:
    """Which rules the standings were recomputed under, and why.

    Programs disagree silently about unplayed rounds and rule editions; trfkit
    says what it applied: the C.07 edition (from the start date in record 042,
    or ``--rules``), the regime (round robin: C.07 15.2; Swiss: art. 16), the
    tie-break list and where it came from, and the point system.

    INFO only.
    """
    state = scores_state(ctx)
    if state is None:
        return
    st = state.standings
    engine = st.engine
    assert engine is not None
    withdrawn = ""
    annulled = [w for w in st.withdrawals if w.annulled]
    if annulled:
        withdrawn = "; withdrawal rule: games of player(s) " + ", ".join(
            str(w.start_rank) for w in annulled
        ) + " removed"
    yield TIEBREAK_RULES.rule.diagnostic(
        f"standings under {engine.settings.edition.value} ({st.edition.reason}); "
        f"{engine.settings.regime.value} ({st.regime.reason}); tie-breaks "
        f"{', '.join(tb.text for tb in st.tiebreaks)} ({st.source}); "
        f"scoring {engine.point_system.source}{withdrawn}"
    )


TIEBREAK_RULES = make_check("T011", "tiebreak-rules", Severity.INFO, _tiebreak_rules)

CHECKS: tuple[Check, ...] = (
    POINTS_MISMATCH,
    POINTS_WITHDRAWAL,
    POINTS_BLANK_BYE,
    POINTS_ABNORMAL,
    POINTS_PENDING,
    RANK_MISMATCH,
    RANK_UNDECLARED,
    TIEBREAK_MISMATCH,
    TIEBREAK_UNKNOWN,
    STANDINGS_UNKNOWN_PLAYER,
    TIEBREAK_RULES,
    RANK_PLACEHOLDER,
    RANK_ORDER_UNKNOWN,
)
"""The score and tie-break checks, in code order."""

__all__ = ["CHECKS", "PointsFinding", "RankMismatch", "rank_groups", "rank_mismatches"]

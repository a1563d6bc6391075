"""Each player's rounds: what happened, against whom, and the points, read once per file.

:func:`history_of` reads every round block once (through
:func:`~trfkit.compute.history.kinds.block_readings`), applies the byes of record 240
that the blocks leave out, record 299, the blank-result byes a report counts (ICU's
"automatic total correction") and, in a round robin, the withdrawal rule
(:mod:`~trfkit.compute.history.withdrawals`), and returns a :class:`PlayerHistory`: per
player, per round counted, the kind, the opponent, the points. The tie-break engine, the
score checks and the explanations read it; none of them reads a round block's result again.

Rows are lists by player index (the order of the 001 lines) and round (0-based), with
points as integers in a common unit (``points[i][r] / unit``): the tie-break passes
are linear and exact without building a fraction per round.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Final, TypeVar

import attrs

from trfkit.compute.history.kinds import (
    ABSENT,
    ANNULLED,
    DOUBLE_FORFEIT,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    FULL_BYE,
    GAME,
    HALF_BYE,
    NOT_PLAYED,
    ZERO_BYE,
    Round,
    RoundKind,
    Rows,
    block_readings,
    bye_of_record,
    last_bye_round,
    leaves_out_a_bye,
    written,
)
from trfkit.compute.history.points import PointSystem
from trfkit.compute.history.withdrawals import Withdrawal, WithdrawalOptions, find_withdrawals
from trfkit.model import (
    AbnormalPoints,
    Byes,
    Colour,
    Player,
    Result,
    RoundResult,
    Tournament,
)
from trfkit.values import Value

__all__ = ["PlayerHistory", "completed_rounds", "history_of"]

_V = TypeVar("_V")


# --- which rounds count ----------------------------------------------------------------------

_BYES: Final = frozenset(r for r in Result if r.is_bye)
_SCORING_BYES: Final = frozenset({Result.HALF_BYE, Result.FULL_BYE, Result.PAIRING_BYE})
_PAIRED: Final = frozenset({Result.PAIRING_BYE, Result.FORFEIT_WIN})
"""Results only the pairing of a round gives: a pairing-allocated bye, a win by forfeit."""
_SCORING_WITHOUT_OPPONENT: Final = frozenset(
    {Result.DRAW, Result.DRAW_UNRATED, Result.WIN, Result.WIN_UNRATED, Result.FORFEIT_WIN}
)
"""Game results that, written without an opponent, are byes that score (``0000 - =``)."""


def completed_rounds(tournament: Tournament) -> int:
    """The last round in which any game (played or forfeited) has a result.

    Rounds after it hold only byes entered in advance (a partial TRF for the next
    pairing) and are left out of the standings, unless a round there was played
    without a game: every player has a block with a result in it and one of them
    is a bye that scores (``H``, or ``0000 - =`` as ICU writes a half-point bye;
    see :func:`_round_without_games`). A report without any game uses the highest
    round with a result.
    """
    last_game = 0
    last_any = 0
    byes = _BYES
    for p in tournament.players:
        # Blocks run in round order: from the end, the first result is the player's
        # last, and the first game ends the search.
        for b in reversed(p.rounds):
            result = b.result
            if result is None:
                continue
            if b.round > last_any:
                last_any = b.round
            if b.opponent is not None and result not in byes:
                if b.round > last_game:
                    last_game = b.round
                break
    limit = tournament.declared_rounds
    rounds = last_game or last_any
    if last_game and last_any > last_game:
        rounds = max(rounds, _round_without_games(tournament, last_game, last_any))
    if limit and any(p.appended for p in tournament.players):
        rounds = min(rounds, limit)
    return rounds


def _round_without_games(tournament: Tournament, after: int, last: int) -> int:
    """The last round after *after* (up to *last*) that was played although nobody played a game.

    Every player with round blocks has one with a result in that round (a bye or an
    absence: the round is written for the whole field, not only for the players who
    will be absent from the round to be paired), and a bye there scores; or a player
    has a pairing-allocated bye (``U``) or a win by forfeit (``+``) in it, which only the
    pairing of a round gives, and no game of it waits for its result (a round paired,
    not yet played).
    A round with only blank, ``Z`` or ``0000 - -`` blocks is a round not played yet.

    Returns:
        The round, or 0 when there is none.
    """
    players = [p.rounds for p in tournament.players if p.rounds]
    for number in range(last, after, -1):
        here = [b[number - 1] for b in players if len(b) >= number]
        if any(x.result in _PAIRED for x in here) and not any(x.is_game for x in here):
            return number  # only a pairing gives these; no game waits for a result
        scores = False
        for blocks in players:
            if len(blocks) < number:
                break
            block = blocks[number - 1]
            result = block.result
            if result is None:
                break
            if result in _SCORING_BYES or (
                result in _SCORING_WITHOUT_OPPONENT and not block.is_game
            ):
                scores = True
        else:
            if scores:
                return number
    return 0


# --- the history -----------------------------------------------------------------------------


@attrs.frozen(eq=False, slots=False, repr=False)
class PlayerHistory(Value):
    """What happened to every player in every round counted, read once per file.

    Rows are by player index (:attr:`players`' order) and 0-based round; points are
    integers over :attr:`unit`. Never change a row: the history is shared.

    Attributes:
        players: The 001 records in file order.
        index: Start rank → player index (the first line of a repeated rank).
        rounds: The rounds counted (:func:`completed_rounds`).
        unit: The common denominator of every point value.
        point_system: The point system the points follow.
        kinds: What each round was (a withdrawn player's unplayed games are the table's
            forfeits, whatever the block said).
        opponents: The opponent's index, ``-1`` for none.
        points: The points each round scored, in units (a typed 299 applied).
        outcome: 1 won, -1 lost, 0 neither (a game's or a forfeit's result).
        blank_byes: The rounds (0-based) written as absences without points (a blank
            result, ``0000 - -``): where a report may count a bye anyway.
        pending: Points of byes entered for rounds not yet counted (a partial report), in
            the blocks or in record 240.
        bonus: Record 299 bonuses and penalties without a type, in units.
        abnormal: Each player's 299 records and what each changed, in units.
        withdrawals: Start rank → the round-robin withdrawal found (C.05).
        annulled: The indices of withdrawn players whose games the rule removes.
        counted: :attr:`kinds` with every annulled game ``ANNULLED``, for the standings.
        score: Each player's standings score (annulled games left out), in units.
        raw_score: Each player's score counting every result written, in units.
        cycles: The cycles of a round robin (1 for a Swiss event).
    """

    players: tuple[Player, ...]
    index: Mapping[int, int]
    rounds: int
    unit: int
    point_system: PointSystem
    kinds: Sequence[list[RoundKind]]
    opponents: Sequence[list[int]]
    points: Sequence[list[int]]
    outcome: Sequence[list[int]]
    blank_byes: Sequence[list[int]]
    pending: Sequence[int]
    bonus: Sequence[int]
    abnormal: Sequence[list[tuple[AbnormalPoints, int]]]
    withdrawals: Mapping[int, Withdrawal]
    annulled: frozenset[int]
    counted: Sequence[list[RoundKind]]
    score: Sequence[int]
    raw_score: Sequence[int]
    cycles: int = 1

    @property
    def added(self) -> list[int]:
        """Points outside the rounds counted: 299 bonuses and byes entered in advance."""
        return [b + p for b, p in zip(self.bonus, self.pending, strict=True)]

    @functools.cached_property
    def black(self) -> list[list[bool]]:
        """Player by player, round by round: True where the player had Black in a result."""
        return self._by_round(lambda b: b.colour is Colour.BLACK, False)

    @functools.cached_property
    def codes(self) -> list[list[str]]:
        """Player by player, round by round: the result code as written (``""`` for none)."""
        return self._by_round(written, "")

    def _by_round(self, read: Callable[[RoundResult], _V], empty: _V) -> list[list[_V]]:
        """*read* of every block with a result in the rounds counted, else *empty*."""
        n = self.rounds
        return [
            [read(b) if b.result is not None else empty for b in p.rounds[:n]]
            + [empty] * (n - min(n, len(p.rounds)))
            for p in self.players
        ]

    def round(self, i: int, r: int) -> Round:
        """Player *i*'s round *r* (0-based), as one value."""
        unit = self.unit
        o = self.opponents[i][r]
        block = self.players[i].round(r + 1)
        counted = self.counted[i][r]
        return Round(
            r + 1,
            self.kinds[i][r],
            self.players[o].start_rank if o >= 0 else None,
            block.colour if block is not None else Colour.NONE,
            Fraction(self.points[i][r], unit),
            None if counted is ANNULLED else Fraction(self.points[i][r], unit),
            written(block) if block is not None else "",
        )

    def sequence(self, start_rank: int) -> tuple[Round, ...]:
        """The rounds counted of the player *start_rank* (empty when there is none)."""
        i = self.index.get(start_rank)
        if i is None:
            return ()
        return tuple(self.round(i, r) for r in range(self.rounds))


# --- reading ---------------------------------------------------------------------------------


def history_of(
    tournament: Tournament,
    *,
    points: PointSystem | None = None,
    team_event: bool = False,
    corrections: Mapping[int, Mapping[int, Fraction]] | None = None,
    round_robin: bool = False,
    cycles: int = 1,
    berger_numbers: bool = False,
    options: WithdrawalOptions | None = None,
) -> PlayerHistory:
    """Read what happened to every player of *tournament* in every round counted.

    The blocks, record 240's byes where they leave them out, record 299, *corrections*,
    then the withdrawal rule, in that order (see the module docstring).

    Args:
        tournament: The report.
        points: The point system (read from the report when omitted).
        team_event: The players are a team event's boards: a ``+`` without an opponent
            is a board won by forfeit, 299 names teams (no player's points change).
        corrections: Start rank → round → points of byes written as absences that the
            report counts anyway (ICU's "automatic total correction"); such a round
            becomes a half-point or full-point bye.
        round_robin: An individual round robin: the withdrawal rule applies.
        cycles: The round robin's cycles (:attr:`RegimeDecision.cycles`).
        berger_numbers: The games stand where the Berger table puts them, start ranks
            as its numbers (the table names a withdrawn player's unplayed opponents).
        options: The withdrawal rule's options (any object with the fields of
            :class:`~trfkit.compute.history.withdrawals.WithdrawalOptions`; the
            tie-break options are one); the defaults when omitted.
    """
    ps = points or PointSystem.from_tournament(tournament)
    values = [*ps.values()]
    values.extend(r.points for r in tournament.of_type(AbnormalPoints) if r.points is not None)
    unit = math.lcm(*(v.denominator for v in values)) if values else 1
    players = tournament.players
    index: dict[int, int] = {}
    for i, p in enumerate(players):
        index.setdefault(p.start_rank, i)
    rows, pending = _read(players, index, completed_rounds(tournament), ps, unit, team_event)
    if not team_event:  # a team event's 240 names teams (history/teams reads it)
        _apply_byes(tournament, rows, pending, ps, unit)
    n_rounds = rows.rounds
    for start_rank, by_round in (corrections or {}).items():
        i = index.get(start_rank, -1)
        for number, value in by_round.items():
            if i >= 0 and 1 <= number <= n_rounds and number - 1 in rows.blank_byes[i]:
                rows.points[i][number - 1] = int(value * unit)
                rows.kinds[i][number - 1] = (
                    FULL_BYE if value >= ps.win else HALF_BYE if value else ZERO_BYE
                )
    bonus = [0] * len(players)
    abnormal: list[list[tuple[AbnormalPoints, int]]] = [[] for _ in players]
    if not team_event:
        _apply_abnormal(tournament, rows, unit, bonus, abnormal)
    withdrawals: dict[int, Withdrawal] = {}
    # C.05's withdrawal rule is about players of an individual round robin; the board
    # players of a team round robin play only some rounds, by the captain's choice.
    if round_robin and not team_event:
        withdrawals = find_withdrawals(
            rows, tournament.declared_rounds, cycles, berger_numbers, options, ps, unit
        )
    added = [b + p for b, p in zip(bonus, pending, strict=True)]
    # after the withdrawals: their unplayed games may have become the table's forfeits
    raw_score = [sum(row) + a for row, a in zip(rows.points, added, strict=True)]
    annulled = frozenset(index[w.start_rank] for w in withdrawals.values() if w.annulled)
    counted = rows.kinds
    score = raw_score
    if annulled:
        counted = [
            [
                ANNULLED if i in annulled or (o >= 0 and o in annulled) else k
                for k, o in zip(krow, orow, strict=True)
            ]
            for i, (krow, orow) in enumerate(zip(rows.kinds, rows.opponents, strict=True))
        ]
        score = [
            sum(p for p, k in zip(prow, krow, strict=True) if k is not ANNULLED) + a
            if ANNULLED in krow else total
            for prow, krow, a, total in zip(rows.points, counted, added, raw_score, strict=True)
        ]  # fmt: skip
    return PlayerHistory(
        players, index, n_rounds, unit, ps, rows.kinds, rows.opponents, rows.points,
        rows.outcome, rows.blank_byes, pending, bonus, abnormal, withdrawals, annulled,
        counted, score, raw_score, cycles if round_robin else 1,
    )  # fmt: skip


def _read(
    players: tuple[Player, ...],
    index: dict[int, int],
    n_rounds: int,
    ps: PointSystem,
    unit: int,
    team_event: bool,
) -> tuple[Rows, list[int]]:
    """Every block of the rounds counted, once; and each player's points of later byes."""
    readings, table = block_readings(ps, unit, team_event)
    kinds_rows: list[list[RoundKind]] = []
    opps_rows: list[list[int]] = []
    pts_rows: list[list[int]] = []
    outcome_rows: list[list[int]] = []
    blank_rows: list[list[int]] = []
    pending_rows: list[int] = []
    black_colour = Colour.BLACK
    no_colour = Colour.NONE
    games = (GAME, FORFEIT_WIN, FORFEIT_LOSS)
    forfeit_loss = Result.FORFEIT_LOSS
    double = False
    for i, p in enumerate(players):
        kinds = [ABSENT] * n_rounds
        opps = [-1] * n_rounds
        pts = [0] * n_rounds
        outcome_row = [0] * n_rounds
        blanks: list[int] = []
        blocks = p.rounds
        for r, b in enumerate(blocks[:n_rounds] if len(blocks) > n_rounds else blocks):
            res = b.result
            opponent = b.opponent
            o = -1 if opponent is None else index.get(opponent, -1)
            if o == i:
                o = -1
            if res is None:
                if opponent is None and b.colour is no_colour:
                    blanks.append(r)  # an empty block
                elif o < 0:
                    kinds[r] = ZERO_BYE
                    blanks.append(r)
                else:  # paired, no result yet: no points, no element of a tie-break
                    kinds[r], opps[r] = NOT_PLAYED, o
                continue
            with_opponent, without, outcome, white_pts, black_pts = readings[res]
            if with_opponent in games:
                if o < 0:
                    with_opponent = without
                    if without is ZERO_BYE and res is forfeit_loss:
                        blanks.append(r)  # "0000 - -": an absence
                elif res is forfeit_loss:
                    double = True  # maybe both sides' (looked at once every row is read)
            else:
                o = -1
            kinds[r] = with_opponent
            opps[r] = o
            outcome_row[r] = outcome
            pts[r] = black_pts if b.colour is black_colour else white_pts
        pending = 0
        if len(blocks) > n_rounds:
            pending = sum(
                table[(b.result, b.colour is black_colour)]
                for b in blocks[n_rounds:]
                if b.result is not None and not b.is_game
            )
        kinds_rows.append(kinds)
        opps_rows.append(opps)
        pts_rows.append(pts)
        outcome_rows.append(outcome_row)
        blank_rows.append(blanks)
        pending_rows.append(pending)
    if double:
        _double_forfeits(kinds_rows, opps_rows)
    rows = Rows(players, index, n_rounds, kinds_rows, opps_rows, pts_rows, outcome_rows,
                blank_rows)  # fmt: skip
    return rows, pending_rows


def _double_forfeits(kinds: list[list[RoundKind]], opps: list[list[int]]) -> None:
    """Two players who each lost the same game by forfeit: a double forfeit for both."""
    for i, (krow, orow) in enumerate(zip(kinds, opps, strict=True)):
        for r, k in enumerate(krow):
            if k is FORFEIT_LOSS or k is DOUBLE_FORFEIT:
                o = orow[r]
                if o >= 0 and opps[o][r] == i and kinds[o][r] in (FORFEIT_LOSS, DOUBLE_FORFEIT):
                    krow[r] = DOUBLE_FORFEIT


_BYE_VALUE: Final = {FULL_BYE: "full_bye", HALF_BYE: "half_bye", ZERO_BYE: "zero_bye"}
"""The point system's value of each bye a 240 record gives."""


def _apply_byes(
    tournament: Tournament, rows: Rows, pending: list[int], ps: PointSystem, unit: int
) -> None:
    """Record 240: a player's bye of a round whose block says nothing of it.

    TRF-2026 lists the byes that bring points (``F``, ``H``, ``Z``) in 240 records; an
    exporter may leave the round block empty (or ``0000 - -``, or a blank result). The bye
    is then the round's: its kind and points (a round not counted yet: a bye entered in
    advance). A block that shows a game or another code keeps what it shows; a round
    beyond the event (:func:`~trfkit.compute.history.kinds.last_bye_round`) is none of its
    rounds.
    """
    done: set[tuple[int, int]] = set()  # a bye listed twice is one bye
    last = last_bye_round(tournament)
    for record in tournament.of_type(Byes):
        kind = bye_of_record(record)
        if kind is None or not record.round or record.round > last:
            continue
        value = int(getattr(ps, _BYE_VALUE[kind]) * unit)
        r = record.round - 1
        for rank in record.ids:
            i = rows.index.get(rank) if rank is not None else None
            if i is None or (i, r) in done:
                continue
            done.add((i, r))
            if not leaves_out_a_bye(rows.players[i].round(record.round)):
                continue  # the block shows the round: a game, a bye of its own, a Z
            if r < rows.rounds:
                rows.kinds[i][r], rows.points[i][r] = kind, value
                if r in rows.blank_byes[i]:
                    rows.blank_byes[i].remove(r)
            else:
                pending[i] += value


_TYPED_299: Final = {
    "F": FULL_BYE, "H": HALF_BYE, "Z": ZERO_BYE, "+": FORFEIT_WIN,
    "W": FULL_BYE, "D": HALF_BYE, "L": ZERO_BYE, "-": ZERO_BYE,
}  # fmt: skip
"""The kind a typed 299 gives a round without a block."""


def _apply_abnormal(
    tournament: Tournament,
    rows: Rows,
    unit: int,
    bonus: list[int],
    abnormal: list[list[tuple[AbnormalPoints, int]]],
) -> None:
    """Record 299: blank type adds a bonus or penalty; a typed record sets a round's points."""
    everybody = range(len(rows.players))
    for record in tournament.of_type(AbnormalPoints):
        if record.points is None:
            continue
        value = int(record.points * unit)
        ids = [rows.index[x] for x in record.ids if x is not None and x in rows.index]
        targets = ids if record.ids else everybody
        kind = record.kind.strip().upper()
        for i in targets:
            if not kind:
                bonus[i] += value
                abnormal[i].append((record, value))
            elif record.round and 1 <= record.round <= rows.rounds:
                r = record.round - 1
                before = rows.points[i][r]
                rows.points[i][r] = value
                if rows.kinds[i][r] in (ABSENT, NOT_PLAYED):  # the record decides the round
                    rows.kinds[i][r] = _TYPED_299.get(kind, ZERO_BYE)
                    rows.opponents[i][r] = -1
                abnormal[i].append((record, value - before))

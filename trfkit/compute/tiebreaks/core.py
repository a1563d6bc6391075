"""The tie-break engine's core: one pass over the round blocks; the views every family reads."""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, TypeVar

import attrs

from trfkit.compute.berger import partner_tables, table_size
from trfkit.compute.points import PointSystem
from trfkit.compute.regime import Regime, decide, is_bye_player
from trfkit.compute.rounds import completed_rounds
from trfkit.compute.tiebreaks.codes import TieBreak, parse_tiebreak
from trfkit.compute.tiebreaks.editions import Edition
from trfkit.compute.tiebreaks.options import (
    CompletedGames,
    SbCut,
    TieBreakSettings,
    WithdrawalBoundary,
)
from trfkit.model import (
    AbnormalPoints,
    Colour,
    Player,
    Result,
    Tournament,
)

# --- the engine ----------------------------------------------------------------------------

PLAYED, FORFEIT_WIN, FORFEIT_LOSS, PAIRING_BYE, FULL_BYE, HALF_BYE, ZERO_BYE, ABSENT, ANNULLED = (
    range(9)
)
"""Kinds of round the engine distinguishes (``ABSENT``: not paired or no block)."""

KIND_NAMES = {
    PLAYED: "game",
    FORFEIT_WIN: "forfeit win",
    FORFEIT_LOSS: "forfeit loss",
    PAIRING_BYE: "pairing-allocated bye",
    FULL_BYE: "full-point bye",
    HALF_BYE: "half-point bye",
    ZERO_BYE: "zero-point bye",
    ABSENT: "not paired",
    ANNULLED: "annulled (withdrawal)",
}
VUR = frozenset({FORFEIT_LOSS, HALF_BYE, ZERO_BYE, ABSENT})
_REQUESTED = frozenset({HALF_BYE, ZERO_BYE, ABSENT})
GAMES = frozenset({PLAYED, FORFEIT_WIN, FORFEIT_LOSS})
_FORFEITS = frozenset({FORFEIT_WIN, FORFEIT_LOSS})

# FIDE B.02 table 8.1(a): score fraction p (in hundredths, from 50) → rating difference dp.
_DP = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
# FIDE B.02 table 8.1(b): upper bounds of rating differences for expected scores .50 … .99.
_PD_BOUNDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def _expected_table() -> list[int]:
    """Expected score in hundredths for rating differences 0 … 736 (then always 100)."""
    table: list[int] = []
    step = 0
    for diff in range(_PD_BOUNDS[-1] + 2):
        while step < len(_PD_BOUNDS) and diff > _PD_BOUNDS[step]:
            step += 1
        table.append(50 + step)
    return table


_EXPECTED = _expected_table()


def expected_score(diff: int) -> int:
    """The expected score (hundredths) of a player rated *diff* points above the opponent."""
    if diff >= 0:
        return _EXPECTED[diff] if diff < len(_EXPECTED) else 100
    return 100 - (_EXPECTED[-diff] if -diff < len(_EXPECTED) else 100)


def rating_difference(score2: int, games: int) -> int:
    """FIDE's dp for a score of *score2* half points in *games* games (p rounded half up)."""
    hundredths = (score2 * 100 + games) // (2 * games)  # round half up of 100·p
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


_T = TypeVar("_T")


def cut_terms(
    terms: Sequence[_T],
    cut: int,
    median: int,
    *,
    value: Callable[[_T], Any],
    lsv_key: Callable[[_T], Any],
    is_vur: Callable[[_T], bool],
    vurs_first: bool,
) -> tuple[list[_T], list[_T]]:
    """``/Cn`` and ``/Mn`` on a Buchholz-family sum (C.07 14, the VUR exception of 16.5).

    The individual and the team engines cut alike: *value* is an element's value,
    *lsv_key* orders the least significant first, *is_vur* marks a voluntary unplayed
    round, cut first when *vurs_first* (a Swiss event under the dummy rules). Returns
    the elements kept and the elements cut.
    """
    kept = list(terms)
    removed: list[_T] = []
    for _ in range(cut):
        if not kept:
            break
        lsv = min(kept, key=lsv_key)
        chosen = lsv
        vurs = [t for t in kept if is_vur(t)] if vurs_first else []
        if vurs and not is_vur(lsv):
            # 16.5.1: the lowest VUR contribution goes unless it is below the least
            # significant value (when that value is itself a VUR, it is the one cut).
            lowest_vur = min(vurs, key=lambda t: (value(t), lsv_key(t)))
            if value(lowest_vur) >= value(lsv):
                chosen = lowest_vur
        kept.remove(chosen)
        removed.append(chosen)
    for _ in range(median):
        if not kept:
            break
        top = max(kept, key=lsv_key)
        kept.remove(top)
        removed.append(top)
    return kept, removed


@attrs.frozen
class Withdrawal:
    """A round-robin player who stopped playing.

    Attributes:
        start_rank: The player.
        from_round: The first round of the unplayed run that ends the record.
        completed: Games that count as completed.
        scheduled: Games the player was scheduled to play.
        annulled: True when the games are removed from the standings (under 50 %).
        missed: The rounds (1-based) without a game that show the withdrawal: the table's
            byes and games against players who had already gone are not among them.
    """

    start_rank: int
    from_round: int
    completed: int
    scheduled: int
    annulled: bool
    missed: tuple[int, ...] = ()
    under_half: bool = False


_UNPLAYED = frozenset({FORFEIT_LOSS, ZERO_BYE, ABSENT})
"""A round without a game and without points: what a withdrawal leaves."""


class _TableOpponents:
    """The Berger table's opponent of each player in each round (start ranks = numbers)."""

    def __init__(self, core: EngineCore) -> None:
        self.core = core
        self.tables = partner_tables(table_size(len(core.players)))
        self.m = self.tables.size - 1

    def partner(self, number: int, q: int) -> int:
        """Berger number *number*'s partner in table round *q* (above the field: the bye)."""
        return self.tables.partner[q][number]

    def bye(self, i: int, r: int) -> bool:
        """Whether the table gives player *i* the bye of an odd field in round *r*."""
        return self.partner(self.core.players[i].start_rank, r % self.m + 1) > len(
            self.core.players
        )

    def opponent(self, i: int, r: int) -> int | None:
        """Player *i*'s opponent in round *r* (0-based) by the table; ``None`` for the bye.

        In cycle 1 the last two rounds may be swapped (FIDE): the partner is taken from
        whichever of them leaves both without a game in *r*.
        """
        core = self.core
        q = r % self.m + 1
        choices = [q]
        if r < self.m and q >= self.m - 1:
            choices.append(2 * self.m - 1 - q)
        for table_q in choices:
            x = core.index.get(self.partner(core.players[i].start_rank, table_q))
            if x is None:
                if table_q == q:
                    return None
                continue
            if core.kinds[x][r] not in GAMES or core.opps[x][r] in (-1, i):
                return x
        return None


def _explained(
    core: EngineCore, table: _TableOpponents | None, gone: Mapping[int, int], i: int, r: int
) -> bool:
    """Whether player *i*'s round *r* without a game is the table's: a bye, or an opponent gone.

    Without the table only a written opponent who had withdrawn explains it.
    """
    o = core.opps[i][r]
    if o < 0 and table is not None:
        if table.bye(i, r):
            return True
        found = table.opponent(i, r)
        o = -1 if found is None else found
    # a double forfeit (each names the other) explains nothing: both stayed away
    return o >= 0 and o in gone and gone[o] < r and core.opps[o][r] != i


Term = tuple[int, int, int, int, bool, str]
"""One element of a Buchholz-family sum: (round, opponent index or -1 for a dummy,
the opponent's score in units as the player counts it, the player's points,
whether the round is a voluntary unplayed round, how the rules treat it)."""
TERM_ROUND: Final = 0
TERM_SCORE: Final = 2
TERM_POINTS: Final = 3
TERM_IS_VUR: Final = 4
TERM_HOW: Final = 5
SCORE_OF: Final = operator.itemgetter(TERM_SCORE)
IS_VUR_OF: Final = operator.itemgetter(TERM_IS_VUR)
RATING_OF: Final = operator.itemgetter(1)
_RESULT_OF: Final = operator.attrgetter("result")
_ROUNDS_OF: Final = operator.attrgetter("rounds")


_GAME = "game"
_NOT_VUR: Final = itertools.repeat(False)
_GAME_HOW: Final = itertools.repeat(_GAME)
_RR_FORFEIT = "forfeit counted as a game (C.07 15.2)"
_P_FORFEIT = "forfeit counted as a game (/P)"
_VIRTUAL = "virtual opponent (2009): score before the round, the opposite result, then draws"
_DUMMY = "dummy with the player's own score (16.4)"
_DUMMY_OPPONENT = "dummy capped at the scheduled opponent's score (16.4.1)"
_DUMMY_DRAWS = "dummy capped at a draw's points × rounds (16.4.2)"


class _View:
    """Per-player round kinds and points, with the scores derived from them."""

    def __init__(
        self,
        kinds: list[list[int]],
        pts: list[list[int]],
        bonus: list[int],
    ) -> None:
        self.kinds = kinds
        self.pts = pts
        self.score = [
            sum(row) + b
            if ANNULLED not in krow
            else sum(p for p, k in zip(row, krow, strict=True) if k != ANNULLED) + b
            for row, krow, b in zip(pts, kinds, bonus, strict=True)
        ]


@attrs.frozen
class Column:
    """One tie-break for every player, by index: player *i*'s value is ``raw[i] / scale``.

    Integers over one scale sort and compare far faster than fractions, and exactly.
    ``None`` means "no value".
    """

    raw: Sequence[int | None]
    scale: int


@functools.lru_cache(maxsize=64)
def _block_tables(
    ps: PointSystem, unit: int, team_event: bool
) -> tuple[dict[tuple[Result | None, bool], int], dict[Result, tuple[int, int, int, int, int]]]:
    """Per result, what the engine records: computed once per point system.

    Returns:
        (result, with Black) → points in units; and result → (kind with an
        opponent, kind without one, outcome, points with White, with Black).
    """
    table: dict[tuple[Result | None, bool], int] = {}
    for res in [*Result, None]:
        for with_black in (False, True):
            colour = Colour.BLACK if with_black else Colour.WHITE
            table[(res, with_black)] = int(ps.points(res, colour) * unit)
    wins = (Result.WIN, Result.WIN_UNRATED)
    losses = (Result.LOSS, Result.LOSS_UNRATED)
    by_result: dict[Result, tuple[int, int, int, int, int]] = {}
    for res in Result:
        outcome = 1 if res in wins else -1 if res in losses else 0
        if res.is_bye:
            with_opponent = without = {
                Result.HALF_BYE: HALF_BYE,
                Result.FULL_BYE: FULL_BYE,
                Result.PAIRING_BYE: PAIRING_BYE,
                Result.ZERO_BYE: ZERO_BYE,
            }[res]
            outcome = 0
        elif res is Result.FORFEIT_WIN:
            with_opponent, without, outcome = (
                FORFEIT_WIN, FORFEIT_WIN if team_event else FULL_BYE, 1
            )  # fmt: skip
        elif res is Result.FORFEIT_LOSS:
            with_opponent, without, outcome = FORFEIT_LOSS, ZERO_BYE, -1
        else:  # without an opponent (S004) a game result is a bye of that value
            with_opponent = PLAYED
            without = FULL_BYE if res in wins else ZERO_BYE if res in losses else HALF_BYE
        by_result[res] = (with_opponent, without, outcome, table[(res, False)], table[(res, True)])
    return table, by_result




class EngineCore:
    """What every tie-break family reads, built once per tournament (see ``TieBreakEngine``)."""

    def __init__(
        self,
        tournament: Tournament,
        settings: TieBreakSettings | None = None,
        points: PointSystem | None = None,
        corrections: Mapping[int, Mapping[int, Fraction]] | None = None,
    ) -> None:
        self.tournament = tournament
        self.settings = settings or TieBreakSettings()
        self.point_system = points or PointSystem.from_tournament(tournament)
        self.corrections = corrections or {}
        self.players: tuple[Player, ...] = tournament.players
        self.index: dict[int, int] = {}
        for i, p in enumerate(self.players):
            self.index.setdefault(p.start_rank, i)
        self.rounds = completed_rounds(tournament)
        ps = self.point_system
        values = [*ps.values()]
        for record in tournament.of_type(AbnormalPoints):
            if record.points is not None:
                values.append(record.points)
        self.unit = math.lcm(*(v.denominator for v in values)) if values else 1
        self._build()
        self._cache: dict[Any, Any] = {}

    def _u(self, value: Fraction) -> int:
        return int(value * self.unit)

    def _build(self) -> None:
        ps = self.point_system
        u = self._u
        table, by_result = _block_tables(ps, self.unit, self.settings.team)
        self.win_u = u(ps.win)
        self.draw_u = u(ps.draw)
        self.loss_u = u(ps.loss)
        n_rounds = self.rounds
        self.kinds: list[list[int]] = []
        self.opps: list[list[int]] = []
        self.raw_pts: list[list[int]] = []
        self.outcome: list[list[int]] = []
        self.blank_byes: list[list[int]] = []
        self.pending: list[int] = []
        index = self.index
        black_colour = Colour.BLACK
        no_colour = Colour.NONE
        games = (PLAYED, *_FORFEITS)
        for i, p in enumerate(self.players):
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
                    continue
                with_opponent, without, outcome, white_pts, black_pts = by_result[res]
                if with_opponent in games:
                    if o < 0:
                        with_opponent = without
                        if without == ZERO_BYE and res is Result.FORFEIT_LOSS:
                            blanks.append(r)  # "0000 - -": an absence
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
            self.kinds.append(kinds)
            self.opps.append(opps)
            self.raw_pts.append(pts)
            self.outcome.append(outcome_row)
            self.blank_byes.append(blanks)
            self.pending.append(pending)
        for start_rank, rounds in self.corrections.items():
            i = index.get(start_rank, -1)
            for number, value in rounds.items():
                if i >= 0 and 1 <= number <= n_rounds and number - 1 in self.blank_byes[i]:
                    self.raw_pts[i][number - 1] = u(value)
                    self.kinds[i][number - 1] = (
                        FULL_BYE if value >= ps.win else HALF_BYE if value else ZERO_BYE
                    )
        self.bonus = [0] * len(self.players)
        self.abnormal: list[list[tuple[AbnormalPoints, int]]] = [[] for _ in self.players]
        self._apply_abnormal()
        # Points are the sum of every result written: a bye already entered for a round
        # not yet played (record 299 aside) counts too, though no tie-break sees its round.
        self.added = [b + p for b, p in zip(self.bonus, self.pending, strict=True)]
        self.withdrawals: dict[int, Withdrawal] = {}
        self.cycles = self.settings.cycles or 1
        if self.settings.cycles is None and self.settings.regime is Regime.ROUND_ROBIN:
            self.cycles = decide(self.tournament, self.settings.regime).cycles
        # C.05's withdrawal rule is about players of an individual round robin; the board
        # players of a team round robin play only some rounds, by the captain's choice.
        if self.settings.regime is Regime.ROUND_ROBIN and not self.settings.team:
            self._round_robin_withdrawals()
        # after the withdrawals: their unplayed games may have become the table's forfeits
        self.raw_score = [sum(row) + b for row, b in zip(self.raw_pts, self.added, strict=True)]
        self.annulled = frozenset(
            self.index[w.start_rank] for w in self.withdrawals.values() if w.annulled
        )
        kinds_view = self.kinds
        if self.annulled:
            kinds_view = [
                [
                    ANNULLED if i in self.annulled or (o >= 0 and o in self.annulled) else k
                    for k, o in zip(krow, orow, strict=True)
                ]
                for i, (krow, orow) in enumerate(zip(self.kinds, self.opps, strict=True))
            ]
        self.base = _View(kinds_view, self.raw_pts, self.added)
        self.score = self.base.score

    def _apply_abnormal(self) -> None:
        """Record 299: blank type adds a bonus or penalty; a typed record sets a round's points.

        In a team event 299 names teams and their match and game points (TRF-2026 299),
        so it changes no board player's points.
        """
        if self.settings.team:
            return
        everybody = range(len(self.players))
        kind_of = {"F": FULL_BYE, "H": HALF_BYE, "Z": ZERO_BYE, "+": FORFEIT_WIN,
                   "W": FULL_BYE, "D": HALF_BYE, "L": ZERO_BYE, "-": ZERO_BYE}  # fmt: skip
        for record in self.tournament.of_type(AbnormalPoints):
            if record.points is None:
                continue
            value = self._u(record.points)
            ids = [self.index[x] for x in record.ids if x is not None and x in self.index]
            targets = ids if record.ids else everybody
            kind = record.kind.strip().upper()
            for i in targets:
                if not kind:
                    self.bonus[i] += value
                    self.abnormal[i].append((record, value))
                elif record.round and 1 <= record.round <= self.rounds:
                    r = record.round - 1
                    before = self.raw_pts[i][r]
                    self.raw_pts[i][r] = value
                    if self.kinds[i][r] == ABSENT:
                        self.kinds[i][r] = kind_of.get(kind, ZERO_BYE)
                    self.abnormal[i].append((record, value - before))

    def _round_robin_withdrawals(self) -> None:
        """C.05: find players whose record ends in unplayed rounds; annul those under 50 %.

        Read as fide-rules.md §3.3a says: only in a finished event (in one still in progress
        the rounds to come are no evidence); a round is no evidence either when the table
        gives the player its bye or an opponent who had already withdrawn. Each withdrawn
        player's unplayed games are then the table's games: a forfeit against him, or a
        game annulled with his, however the exporter wrote the opponent's block.
        """
        n = len(self.players)
        scheduled = (n - 1) * self.cycles
        declared = self.tournament.declared_rounds
        per_cycle = n - 1 if n % 2 == 0 else n
        if scheduled <= 0:
            return
        unfinished = (declared is not None and declared > self.rounds) or (
            self.rounds < self.cycles * per_cycle
        )
        if unfinished and not self.settings.options.withdrawals_in_progress:
            return  # rounds of the schedule are still to be played
        table = _TableOpponents(self) if self.settings.berger_numbers else None
        s = self.settings
        runs = []
        for i, krow in enumerate(self.kinds):
            start = len(krow)
            while start and krow[start - 1] in _UNPLAYED:
                start -= 1
            # a pseudo-player carrying an odd field's byes (B008) never took part
            if start < len(krow) and not is_bye_player(self.players[i]):
                runs.append((start, i))
        gone: dict[int, int] = {}  # player index → first round (0-based) without a game
        for start, i in sorted(runs):
            krow = self.kinds[i]
            unexplained = [
                r for r in range(start, len(krow))
                if not _explained(self, table, gone, i, r)
            ]  # fmt: skip
            if not unexplained or (
                len(unexplained) < 2
                and n % 2
                and table is None
                and not self._forfeited(i, unexplained[0])
            ):
                continue  # one round without a game in an odd field: maybe its bye
            gone[i] = unexplained[0]
            if s.options.withdrawal_completed is CompletedGames.SCHEDULED:
                completed = sum(1 for k in krow[:start] if k in GAMES)
            else:
                completed = sum(1 for k in krow if k == PLAYED)
            if s.options.withdrawal_boundary is WithdrawalBoundary.AT_MOST_HALF:
                annulled = 2 * completed <= scheduled
            else:
                annulled = 2 * completed < scheduled
            rank = self.players[i].start_rank
            self.withdrawals[rank] = Withdrawal(
                rank, start + 1, completed, scheduled,
                annulled and s.options.withdrawals, tuple(r + 1 for r in unexplained), annulled,
            )  # fmt: skip
        if table is not None:
            self._table_forfeits(table, gone)

    def _forfeited(self, i: int, r: int) -> bool:
        """Whether player *i* lost round *r* by forfeit.

        His block says so (with or without an opponent), or an opponent's block names him
        with a forfeit win.
        """
        if self.kinds[i][r] == FORFEIT_LOSS:
            return True
        block = self.players[i].round(r + 1)
        if block is not None and block.result is Result.FORFEIT_LOSS:
            return True
        return any(
            orow[r] == i and krow[r] == FORFEIT_WIN
            for krow, orow in zip(self.kinds, self.opps, strict=True)
        )

    def _table_forfeits(self, table: _TableOpponents, gone: Mapping[int, int]) -> None:
        """Give each unplayed game of a withdrawn player its table opponent (C.05 "-"/"+")."""
        win = self._u(self.point_system.forfeit_win)
        loss = self._u(self.point_system.forfeit_loss)
        for w, first in gone.items():
            for r in range(first, self.rounds):
                if self.kinds[w][r] not in _UNPLAYED or self.opps[w][r] >= 0:
                    continue
                x = table.opponent(w, r)
                if x is None or (x in gone and gone[x] <= r):
                    continue
                if self.kinds[x][r] in GAMES:
                    continue
                self.kinds[w][r], self.opps[w][r], self.raw_pts[w][r] = FORFEIT_LOSS, x, loss
                self.kinds[x][r], self.opps[x][r], self.raw_pts[x][r] = FORFEIT_WIN, w, win
                self.outcome[w][r], self.outcome[x][r] = -1, 1
                for i in (w, x):
                    if r in self.blank_byes[i]:
                        self.blank_byes[i].remove(r)

    @property
    def black(self) -> list[list[bool]]:
        """Player by player, round by round: True where the player had Black in a result."""
        black: list[list[bool]] = self._blocks_by_round(
            "black", lambda b: b.colour is Colour.BLACK, False
        )
        return black

    @property
    def codes(self) -> list[list[str]]:
        """Player by player, round by round: the result code as written (``""`` for none)."""
        codes: list[list[str]] = self._blocks_by_round("codes", lambda b: b.result.value, "")
        return codes

    def _blocks_by_round(self, key: str, read: Callable[[Any], Any], empty: Any) -> Any:
        """*read* of every block with a result in the counted rounds, else *empty* (cached)."""
        if key not in self._cache:
            n = self.rounds
            self._cache[key] = [
                [read(b) if b.result is not None else empty for b in p.rounds[:n]]
                + [empty] * (n - min(n, len(p.rounds)))
                for p in self.players
            ]
        return self._cache[key]

    def _cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def fore_view(self) -> _View:
        """The report as if every game of the final round had been drawn (Fore Buchholz).

        The final round is the tournament's last (record 142 or ``XXR``): in a report
        written before it no round played is the final one, and FB equals BH (as in
        FIDE's reference checker).
        """

        def build() -> _View:
            last = self.rounds - 1
            declared = self.tournament.declared_rounds
            if declared is not None and declared > self.rounds:
                return self.base  # unfinished: no game is treated as a draw
            kinds = [list(row) for row in self.base.kinds]
            pts = [list(row) for row in self.base.pts]
            if last >= 0:
                for i in range(len(kinds)):
                    if kinds[i][last] in GAMES and self.opps[i][last] >= 0:
                        kinds[i][last] = PLAYED
                        pts[i][last] = self.draw_u
            return _View(kinds, pts, self.added)

        return self._cached("fore", build)  # type: ignore[no-any-return]

    def _swiss(self, tb: TieBreak) -> bool:
        """True when art. 16 (or the virtual opponent) applies to *tb*.

        ``/P`` does not turn it off: it only makes forfeits count as played games,
        and byes keep their art. 16 treatment.
        """
        return self.settings.regime is Regime.SWISS

    def seen_scores(self, view: _View, swiss: bool, pre_determined: bool = False) -> list[int]:
        """Each player's score as their opponents count it (C.07 16.3; 2009: unplayed = draw).

        With *pre_determined* (``/P``) forfeits are games and keep their points.
        """

        def build() -> list[int]:
            if not swiss:
                return list(view.score)
            d = self.draw_u
            seen = list(view.score)
            dummy = self.settings.edition.uses_dummy
            for i, (krow, prow) in enumerate(zip(view.kinds, view.pts, strict=True)):
                adjust = 0
                only_vur_after = True
                for r in range(len(krow) - 1, -1, -1):
                    k = krow[r]
                    if pre_determined and k in _FORFEITS:
                        only_vur_after = False
                        continue
                    if dummy:
                        if k in _REQUESTED and only_vur_after:
                            adjust += d - prow[r]
                        only_vur_after = only_vur_after and k in VUR
                        if not only_vur_after:
                            break  # only the final run of unplayed rounds counts (16.3)
                    elif k != PLAYED and k != ANNULLED:
                        adjust += d - prow[r]
                seen[i] += adjust
            return seen

        key = ("seen", id(view), swiss, pre_determined)
        return self._cached(key, build)  # type: ignore[no-any-return]

    def terms(self, i: int, tb: TieBreak) -> list[Term]:
        """The Buchholz-family elements of player *i*: one per game (or unplayed round).

        Round robins (and ``/P``) count forfeits as games and skip byes; Swiss events
        give each unplayed round a dummy (art. 16.4, capped from 2026) or, before
        2023, a virtual opponent.
        """
        return self.all_terms(tb.fore, self._swiss(tb), tb.pre_determined)[i]

    def all_terms(self, fore: bool, swiss: bool, pre_determined: bool) -> list[list[Term]]:
        """:meth:`terms` for every player, computed once per view."""
        key = ("terms", fore, swiss, pre_determined)
        if key in self._cache:
            return self._cache[key]  # type: ignore[no-any-return]
        view, seen, irregular = self._term_parts(fore, swiss, pre_determined)
        seen_of = seen.__getitem__
        numbers = range(1, self.rounds + 1)
        result: list[list[Term]] = []
        for i, (pts, opps) in enumerate(zip(view.pts, self.opps, strict=True)):
            own = irregular.get(i)
            if own is not None:
                result.append(own)
                continue
            # a game in every round: (r, o, seen[o], p, False, _GAME) per round, the
            # tuples made by zip in C (not strict: the last two columns are endless repeats)
            terms = zip(numbers, opps, map(seen_of, opps), pts, _NOT_VUR, _GAME_HOW, strict=False)
            result.append(list(terms))
        self._cache[key] = result
        return result

    def _term_parts(
        self, fore: bool, swiss: bool, pre_determined: bool
    ) -> tuple[_View, list[int], dict[int, list[Term]]]:
        """The view, the scores opponents see, and the elements of players with an unplayed round.

        A player with a game in every round has one element per game, ``(r, o,
        seen[o], p, False, _GAME)``: the Buchholz family reads those rows straight
        from the opponents. The others (by index) are worked out here, once per view.
        """
        key = ("term parts", fore, swiss, pre_determined)
        if key in self._cache:
            return self._cache[key]  # type: ignore[no-any-return]
        view = self.fore_view() if fore else self.base
        seen = self.seen_scores(view, swiss, pre_determined)
        n = self.rounds
        edition = self.settings.edition
        dummy_rules = edition.uses_dummy
        capped = edition is Edition.FIDE_2026
        cap_rounds = self.draw_u * n
        win_u, draw_u, loss_u = self.win_u, self.draw_u, self.loss_u
        forfeit_how = _P_FORFEIT if pre_determined else _RR_FORFEIT
        irregular: dict[int, list[Term]] = {}
        for i, (kinds, pts, opps) in enumerate(zip(view.kinds, view.pts, self.opps, strict=True)):
            if kinds.count(PLAYED) == n:
                continue
            out: list[Term] = []
            own = view.score[i]
            running = 0
            for r in range(n):
                k, p, o = kinds[r], pts[r], opps[r]
                if k == ANNULLED:
                    continue
                if k == PLAYED:
                    out.append((r + 1, o, seen[o], p, False, _GAME))
                elif k in _FORFEITS and o >= 0 and (pre_determined or not swiss):
                    out.append((r + 1, o, seen[o], p, False, forfeit_how))
                elif not swiss:
                    pass  # byes contribute nothing in round robins
                elif not dummy_rules:
                    opposite = loss_u if p >= win_u else draw_u if p == draw_u else win_u
                    virtual = running + opposite + draw_u * (n - r - 1)
                    out.append((r + 1, -1, virtual, p, False, _VIRTUAL))
                else:
                    dummy, how = own, _DUMMY
                    if capped:
                        if k in _FORFEITS and o >= 0:
                            if seen[o] < dummy:
                                dummy, how = seen[o], _DUMMY_OPPONENT
                        elif cap_rounds < dummy:
                            dummy, how = cap_rounds, _DUMMY_DRAWS
                    out.append((r + 1, -1, dummy, p, k in VUR, how))
                running += p
            irregular[i] = out
        parts = self._cache[key] = (view, seen, irregular)
        return parts

    def _cut(
        self, terms: list[Term], tb: TieBreak, value: Callable[[Term], int], sb: bool
    ) -> tuple[list[Term], list[Term]]:
        """Apply ``/Cn`` and ``/Mn`` (C.07 14 and the VUR exception of 16.5).

        Returns:
            The elements kept and the elements cut.
        """
        swiss = self._swiss(tb)
        by_score = sb and self.settings.options.sb_cut is SbCut.OPPONENT_SCORE

        def lsv_key(t: Term) -> tuple[int, int]:
            return (t[TERM_SCORE], value(t)) if by_score else (value(t), t[TERM_ROUND])

        return cut_terms(
            terms, tb.cut, tb.median, value=value, lsv_key=lsv_key,
            is_vur=lambda t: t[TERM_IS_VUR], vurs_first=swiss and self.settings.edition.uses_dummy,
        )  # fmt: skip

    def values(self, tb: TieBreak | str) -> dict[int, Fraction | None]:
        """Start rank → value of *tb* for every player (annulled players included).

        ``DE`` depends on the tied group and is computed by :mod:`trfkit.compute.standings`;
        here it is ``None`` for everyone.
        """
        if isinstance(tb, str):
            tb = parse_tiebreak(tb)
        key = ("values", tb.key)
        if key not in self._cache:
            out: dict[int, Fraction | None] = {}
            for p, value in zip(self.players, self.fractions(tb), strict=True):
                if p.start_rank not in out:
                    out[p.start_rank] = value
            self._cache[key] = out
        return self._cache[key]  # type: ignore[no-any-return]

    def column(self, tb: TieBreak) -> Column:
        """*tb* for every player by index, as integers over one scale (for sorting)."""
        key = ("column", tb.key)
        if key not in self._cache:
            method = getattr(self, f"_tb_{tb.name.lower()}")
            self._cache[key] = method(tb)
        return self._cache[key]  # type: ignore[no-any-return]

    def fractions(self, tb: TieBreak) -> list[Fraction | None]:
        """*tb* for every player by index, as exact values; equal values share one Fraction."""
        key = ("fractions", tb.key)
        if key not in self._cache:
            col = self.column(tb)
            scale = col.scale
            made: dict[int | None, Fraction | None] = {None: None}
            out: list[Fraction | None] = []
            for v in col.raw:
                value = made.get(v, _MISSING)
                if value is _MISSING:
                    value = made[v] = Fraction(v, scale)  # type: ignore[arg-type]
                out.append(value)
            self._cache[key] = out
        return self._cache[key]  # type: ignore[no-any-return]

    def _tb_pts(self, tb: TieBreak) -> Column:
        return Column(self.score, self.unit)

    def _tb_de(self, tb: TieBreak) -> Column:
        return Column([None] * len(self.players), 1)

    def _indices(self, members: Iterable[int] | None) -> Iterable[int]:
        """The players to work out: *members* (by index), or everybody when ``None``."""
        return range(len(self.players)) if members is None else members

    def encounters(self, i: int, pre_determined: bool = False) -> Iterable[tuple[int, int]]:
        """(opponent index, points) of *i*'s games that count for direct encounter.

        Round robins count forfeits (C.07 15.2); Swiss events only games played over
        the board (6.1.1), unless ``/P``.
        """
        key = ("encounters", pre_determined)
        rows: dict[int, list[tuple[int, int]]] = self._cache.setdefault(key, {})
        row = rows.get(i)
        if row is None:  # made per player asked for: direct encounter asks for the tied ones
            with_forfeits = pre_determined or self.settings.regime is Regime.ROUND_ROBIN
            krow, orow, prow = self.base.kinds[i], self.opps[i], self.base.pts[i]
            row = rows[i] = [
                (o, p)
                for k, o, p in zip(krow, orow, prow, strict=True)
                if o >= 0 and (k == PLAYED or (with_forfeits and k in _FORFEITS))
            ]
        return row


_MISSING: Any = object()


"""The tie-break engine's core: the views of the players' history every family reads."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, TypeVar

import attrs

from trfkit.compute.history import (
    ANNULLED,
    FORFEITS,
    GAME,
    GAMES,
    REQUESTED,
    VUR,
    PlayerHistory,
    PointSystem,
    RoundKind,
    history_of,
)
from trfkit.compute.regime import Regime, decide
from trfkit.compute.tiebreaks.codes import TieBreak, parse_tiebreak
from trfkit.compute.tiebreaks.editions import Edition
from trfkit.compute.tiebreaks.options import SbCut, TieBreakSettings
from trfkit.model import Player, Tournament

# --- the engine ----------------------------------------------------------------------------

KIND_NAMES = {kind: kind.value for kind in RoundKind}
"""What each kind of round is called in an explanation."""
_FORFEITS = FORFEITS

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
        kinds: Sequence[list[RoundKind]],
        pts: Sequence[list[int]],
        bonus: Sequence[int],
        score: Sequence[int] | None = None,
    ) -> None:
        self.kinds = kinds
        self.pts = pts
        self.score = list(score) if score is not None else [
            sum(row) + b
            if ANNULLED not in krow
            else sum(p for p, k in zip(row, krow, strict=True) if k is not ANNULLED) + b
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


class EngineCore:
    """What every tie-break family reads, built once per tournament (see ``TieBreakEngine``)."""

    def __init__(
        self,
        tournament: Tournament,
        settings: TieBreakSettings | None = None,
        points: PointSystem | None = None,
        corrections: Mapping[int, Mapping[int, Fraction]] | None = None,
        history: PlayerHistory | None = None,
    ) -> None:
        self.tournament = tournament
        self.settings = s = settings or TieBreakSettings()
        self.corrections = corrections or {}
        if history is None:
            round_robin = s.regime is Regime.ROUND_ROBIN
            cycles = s.cycles
            if cycles is None:
                cycles = decide(tournament, s.regime).cycles if round_robin else 1
            history = history_of(
                tournament, points=points, team_event=s.team, corrections=corrections,
                round_robin=round_robin, cycles=cycles, berger_numbers=s.berger_numbers,
                options=s.options,
            )  # fmt: skip
        self.history = history
        self.point_system = ps = history.point_system
        self.players: tuple[Player, ...] = history.players
        self.index = history.index
        self.rounds = history.rounds
        self.unit = unit = history.unit
        self.win_u = int(ps.win * unit)
        self.draw_u = int(ps.draw * unit)
        self.loss_u = int(ps.loss * unit)
        # the rows every family reads: the history's, never changed
        self.kinds = history.kinds
        self.opps = history.opponents
        self.raw_pts = history.points
        self.outcome = history.outcome
        self.pending = history.pending
        self.added = history.added
        self.withdrawals = history.withdrawals
        self.annulled = history.annulled
        self.cycles = history.cycles
        self.raw_score = history.raw_score
        self.base = _View(history.counted, history.points, self.added, history.score)
        self.score = self.base.score
        self._cache: dict[Any, Any] = {}

    @property
    def black(self) -> list[list[bool]]:
        """Player by player, round by round: True where the player had Black in a result."""
        return self.history.black

    @property
    def codes(self) -> list[list[str]]:
        """Player by player, round by round: the result code as written (``""`` for none)."""
        return self.history.codes

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
                        kinds[i][last] = GAME
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
                        if k in REQUESTED and only_vur_after:
                            adjust += d - prow[r]
                        only_vur_after = only_vur_after and k in VUR
                        if not only_vur_after:
                            break  # only the final run of unplayed rounds counts (16.3)
                    elif k is not GAME and k is not ANNULLED:
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
            if kinds.count(GAME) == n:
                continue
            out: list[Term] = []
            own = view.score[i]
            running = 0
            for r in range(n):
                k, p, o = kinds[r], pts[r], opps[r]
                if k is ANNULLED:
                    continue
                if k is GAME:
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
                if o >= 0 and (k is GAME or (with_forfeits and k in _FORFEITS))
            ]
        return row


_MISSING: Any = object()


"""The tie-break engine's core: the views of the players' history every family reads."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final, NamedTuple

from trfkit.compute.history import (
    FORFEITS,
    GAME,
    PointSystem,
    RoundKind,
    history_of,
)
from trfkit.compute.regime import Regime, decide
from trfkit.compute.tiebreaks.codes import TieBreak, parse_tiebreak
from trfkit.compute.tiebreaks.options import SbCut, TieBreakSettings
from trfkit.compute.tiebreaks.unplayed import (
    PLAYER_WORDING,
    TERM_IS_VUR,
    TERM_SCORE,
    View,
    cut_elements,
    fore_view,
    regular_terms,
    seen_scores,
    unplayed_terms,
)
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


Term = tuple[int, int, int, int, bool, str]
"""A player's Buchholz-family element (:data:`~trfkit.compute.tiebreaks.unplayed.Term`):
scores and points are integers over the engine's unit."""
SCORE_OF: Final = operator.itemgetter(TERM_SCORE)
IS_VUR_OF: Final = operator.itemgetter(TERM_IS_VUR)
RATING_OF: Final = operator.itemgetter(1)


class Column(NamedTuple):
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
    ) -> None:
        self.tournament = tournament
        self.settings = s = settings or TieBreakSettings()
        self.corrections = corrections or {}
        round_robin = s.regime is Regime.ROUND_ROBIN
        cycles = s.cycles
        if cycles is None:
            cycles = decide(tournament, s.regime).cycles if round_robin else 1
        # what each round was, read once for this engine's options (the withdrawal rule's)
        self.history = history = history_of(
            tournament, points=points, team_event=s.team, corrections=corrections,
            round_robin=round_robin, cycles=cycles, berger_numbers=s.berger_numbers,
            options=s.options,
        )  # fmt: skip
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
        self.base = View(history.counted, history.points, self.added, history.score)
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

    def fore_view(self) -> View:
        """The report as if every game of the final round had been drawn (Fore Buchholz).

        The final round is the tournament's last (record 142 or ``XXR``): in a report
        written before it no round played is the final one, and FB equals BH (as in
        FIDE's reference checker).
        """

        def build() -> View:
            declared = self.tournament.declared_rounds
            if self.rounds == 0 or (declared is not None and declared > self.rounds):
                return self.base  # unfinished: no game is treated as a draw
            return fore_view(self.base, self.opps, self.added, self.draw_u)

        return self._cached("fore", build)  # type: ignore[no-any-return]

    def _swiss(self, tb: TieBreak) -> bool:
        """True when art. 16 (or the virtual opponent) applies to *tb*.

        ``/P`` does not turn it off: it only makes forfeits count as played games,
        and byes keep their art. 16 treatment.
        """
        return self.settings.regime is Regime.SWISS

    def seen_scores(self, view: View, swiss: bool, pre_determined: bool = False) -> list[int]:
        """Each player's score as their opponents count it (:func:`unplayed.seen_scores`)."""
        key = ("seen", id(view), swiss, pre_determined)
        return self._cached(  # type: ignore[no-any-return]
            key,
            lambda: seen_scores(
                view, swiss=swiss, dummy_rules=self.settings.edition.uses_dummy,
                pre_determined=pre_determined, draw=self.draw_u,
            ),
        )  # fmt: skip

    def terms(self, i: int, tb: TieBreak) -> list[Term]:
        """The Buchholz-family elements of player *i*: one per game (or unplayed round).

        Round robins (and ``/P``) count forfeits as games and skip byes; Swiss events
        give each unplayed round a dummy (art. 16.4, capped from 2026) or, before
        2023, a virtual opponent (:mod:`~trfkit.compute.tiebreaks.unplayed`).
        """
        return self.all_terms(tb.fore, self._swiss(tb), tb.pre_determined)[i]

    def all_terms(self, fore: bool, swiss: bool, pre_determined: bool) -> list[list[Term]]:
        """:meth:`terms` for every player, computed once per view."""
        key = ("terms", fore, swiss, pre_determined)
        if key in self._cache:
            return self._cache[key]  # type: ignore[no-any-return]
        view, seen, irregular = self._term_parts(fore, swiss, pre_determined)
        result = [
            irregular[i] if i in irregular else regular_terms(seen, opps, pts, PLAYER_WORDING)
            for i, (pts, opps) in enumerate(zip(view.pts, self.opps, strict=True))
        ]
        self._cache[key] = result
        return result

    def _term_parts(
        self, fore: bool, swiss: bool, pre_determined: bool
    ) -> tuple[View, list[int], dict[int, list[Term]]]:
        """The view, the scores opponents see, and the elements of players with an unplayed round.

        A player with a game in every round has one element per game, ``(r, o,
        seen[o], p, False, "game")``: the Buchholz family reads those rows straight
        from the opponents. The others (by index) are worked out once per view.
        """
        key = ("term parts", fore, swiss, pre_determined)
        if key in self._cache:
            return self._cache[key]  # type: ignore[no-any-return]
        view = self.fore_view() if fore else self.base
        seen = self.seen_scores(view, swiss, pre_determined)
        irregular = unplayed_terms(
            view, seen, self.opps, swiss=swiss, edition=self.settings.edition,
            pre_determined=pre_determined, points=(self.win_u, self.draw_u, self.loss_u),
            words=PLAYER_WORDING,
        )  # fmt: skip
        parts = self._cache[key] = (view, seen, irregular)
        return parts

    def _cut(self, terms: list[Term], tb: TieBreak, sb: bool) -> tuple[list[Term], list[Term]]:
        """Apply ``/Cn`` and ``/Mn`` (C.07 14 and the VUR exception of 16.5).

        Returns:
            The elements kept and the elements cut.
        """
        return cut_elements(
            terms, tb.cut, tb.median, sb=sb,
            by_score=self.settings.options.sb_cut is SbCut.OPPONENT_SCORE,
            vurs_first=self._swiss(tb) and self.settings.edition.uses_dummy,
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


"""A player's own results: WIN, WON, BPG, BWG, REP, PS, STD, TPN and RTNG (C.07 7, 11)."""

from __future__ import annotations

import operator
from collections.abc import Iterable

from trfkit.compute.history import (
    ANNULLED,
    FORFEIT_WIN,
    FULL_BYE,
    GAME,
    GAMES,
    PAIRING_BYE,
    VUR,
)
from trfkit.compute.regime import Regime
from trfkit.compute.tiebreaks.codes import TieBreak
from trfkit.compute.tiebreaks.core import (
    Column,
    EngineCore,
)


class OwnResults(EngineCore):
    """Tie-breaks counted or summed over the player's own rounds."""

    def _tb_win(self, tb: TieBreak) -> Column:
        return Column(self._win_raw(tb), 1)

    def _win_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Wins of *members* (by index; by default everybody)."""
        out = []
        n = self.rounds
        kinds, pts, outcome = self.base.kinds, self.base.pts, self.outcome
        for i in self._indices(members):
            krow, prow, outs = kinds[i], pts[i], outcome[i]
            if krow.count(GAME) == n:  # a game in every round: the wins are the count
                out.append(outs.count(1))
                continue
            count = 0
            for k, p, w in zip(krow, prow, outs, strict=True):
                if (
                    (k is GAME and w == 1)
                    or k is FORFEIT_WIN
                    or (k in (FULL_BYE, PAIRING_BYE) and p >= self.win_u)
                ):
                    count += 1
            out.append(count)
        return out

    def _forfeit_wins_count(self, tb: TieBreak) -> bool:
        if tb.pre_determined:
            return True
        return (
            self.settings.regime is Regime.ROUND_ROBIN
            and self.settings.options.rr_forfeit_wins_played
        )

    def _count(
        self,
        tb: TieBreak,
        black_only: bool,
        wins_only: bool,
        members: Iterable[int] | None = None,
    ) -> list[int]:
        """Games (with Black only, wins only) of *members* (by index; by default everybody)."""
        counted = {GAME, FORFEIT_WIN} if self._forfeit_wins_count(tb) else {GAME}
        kinds, black, outcome, opps = self.base.kinds, self.black, self.outcome, self.opps
        return [
            sum(
                1
                for k, b, w, o in zip(kinds[i], black[i], outcome[i], opps[i], strict=True)
                if k in counted and o >= 0 and (b or not black_only) and (w == 1 or not wins_only)
            )
            for i in self._indices(members)
        ]

    def _won_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        return self._count(tb, False, True, members)

    def _bpg_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        return self._count(tb, True, False, members)

    def _bwg_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        return self._count(tb, True, True, members)

    def _tb_won(self, tb: TieBreak) -> Column:
        return Column(self._won_raw(tb), 1)

    def _tb_bpg(self, tb: TieBreak) -> Column:
        return Column(self._bpg_raw(tb), 1)

    def _tb_bwg(self, tb: TieBreak) -> Column:
        return Column(self._bwg_raw(tb), 1)

    def _tb_rep(self, tb: TieBreak) -> Column:
        return Column(self._rep_raw(tb), 1)

    def _rep_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Rounds minus half-point byes, zero-point byes (blank blocks too) and forfeit losses."""
        skipped = VUR
        out = []
        kinds = self.base.kinds
        for i in self._indices(members):
            krow = kinds[i]
            rounds = sum(1 for k in krow if k is not ANNULLED)
            out.append(rounds - sum(1 for k in krow if k in skipped))
        return out

    def _tb_ps(self, tb: TieBreak) -> Column:
        return Column(self._ps_raw(tb), self.unit)

    def _ps_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Progressive scores of *members* (by index; by default everybody), in units."""
        out = []
        # Without cuts the sum of the running scores weighs round r's points by the
        # rounds left from it (n - r), the round itself included.
        weights = range(self.rounds, 0, -1)
        whole = not tb.cut and not tb.median
        kinds, pts = self.base.kinds, self.base.pts
        for i in self._indices(members):
            krow, prow = kinds[i], pts[i]
            if whole and ANNULLED not in krow:
                out.append(sum(map(operator.mul, prow, weights)))
                continue
            running = 0
            totals = []
            for k, p in zip(krow, prow, strict=True):
                running += p if k is not ANNULLED else 0
                totals.append(running)
            kept = totals[tb.cut : len(totals) - tb.median]
            out.append(sum(kept))
        return out

    def _tb_std(self, tb: TieBreak) -> Column:
        out = []
        d = self.draw_u
        pts, opps = self.base.pts, self.opps
        for i, (krow, prow) in enumerate(zip(self.base.kinds, pts, strict=True)):
            halves = 0
            for r, (k, p) in enumerate(zip(krow, prow, strict=True)):
                if k is ANNULLED:
                    continue
                o = opps[i][r]
                if k in GAMES and o >= 0:
                    other = pts[o][r] if opps[o][r] == i else self._opposite(p)
                else:
                    other = d
                halves += 2 if p > other else 1 if p == other else 0
            out.append(halves)
        return Column(out, 2)

    def _opposite(self, p: int) -> int:
        return self.loss_u if p >= self.win_u else self.draw_u if p == self.draw_u else self.win_u

    def _tb_tpn(self, tb: TieBreak) -> Column:
        return Column([p.start_rank for p in self.players], 1)

    def _tb_rtng(self, tb: TieBreak) -> Column:
        return Column([p.rating or None for p in self.players], 1)

"""The opponents' scores family: Buchholz (BH, FB, AOB), Sonneborn-Berger (SB) and Koya (KS)."""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable

from trfkit.compute.history import (
    GAME,
    GAMES,
)
from trfkit.compute.regime import Regime
from trfkit.compute.tiebreaks.codes import TieBreak
from trfkit.compute.tiebreaks.core import (
    IS_VUR_OF,
    SCORE_OF,
    Column,
    EngineCore,
    Term,
)
from trfkit.compute.tiebreaks.options import KoyaThreshold


def koya_games(round_robin: bool, entrants: int, rounds: int, cycles: int) -> int:
    """The most games an entrant can have had: Koya's maximum score is this × a win (9.2).

    A Swiss event: the rounds. A round robin: every other entrant once a cycle, and in an
    event still in progress the games of the rounds played so far (as FIDE's checker): an
    odd field sits each entrant out once every *entrants* rounds. The same for players and
    teams (C.07's KS, and ``KS:MP``/``KS:GP``).
    """
    if not round_robin:
        return rounds
    games = max(entrants - 1, 0) * cycles
    so_far = rounds - (rounds // entrants if entrants % 2 else 0) if entrants else 0
    return min(games, so_far)

class OpponentScores(EngineCore):
    """Tie-breaks summed over the opponents' scores (C.07 8, 9)."""

    def _buchholz_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """The Buchholz family's values of *members* (by index; by default everybody)."""
        swiss = self._swiss(tb)
        _, seen, irregular = self._term_parts(tb.fore, swiss, tb.pre_determined)
        seen_of = seen.__getitem__
        score_of = SCORE_OF
        cut, median = tb.cut, tb.median
        vur_rule = swiss and self.settings.edition.uses_dummy
        out = []
        every_opps = self.opps
        for i in self._indices(members):
            opps = every_opps[i]
            row = irregular.get(i)
            if row is None:  # a game in every round: the opponents' scores, no VUR element
                values = list(map(seen_of, opps))
            elif vur_rule and (cut or median) and any(map(IS_VUR_OF, row)):
                kept, _ = self._cut(row, tb, False)
                out.append(sum(map(score_of, kept)))
                continue
            else:
                values = list(map(score_of, row))
            if not cut and not median:
                out.append(sum(values))
            elif cut == 1 and not median and values:
                # Without a VUR element, /C1 drops the lowest value (which of two equal
                # ones goes does not change the sum).
                out.append(sum(values) - min(values))
            else:
                # Likewise /Cn and /Mn drop the n lowest and highest values.
                values.sort()
                out.append(sum(values[cut : max(cut, len(values) - median)]))
        return out

    def _tb_bh(self, tb: TieBreak) -> Column:
        return Column(self._buchholz_raw(tb), self.unit)

    _tb_fb = _tb_bh

    def _tb_sb(self, tb: TieBreak) -> Column:
        if tb.cut or tb.median:
            terms = self.all_terms(tb.fore, self._swiss(tb), tb.pre_determined)
            out = []
            for terms_row in terms:
                kept, _ = self._cut(terms_row, tb, True)
                out.append(sum(map(_sb_value, kept)))
            return Column(out, self.unit * self.unit)
        return Column(self._plain_sb(tb), self.unit * self.unit)

    def _plain_sb(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Sonneborn-Berger without cuts for *members* (by index; by default everybody)."""
        view, seen, irregular = self._term_parts(tb.fore, self._swiss(tb), tb.pre_determined)
        seen_of = seen.__getitem__
        every_pts, every_opps = view.pts, self.opps
        out = []
        for i in self._indices(members):
            row = irregular.get(i)
            if row is None:  # a game in every round: opponent's score times own points
                out.append(sum(map(operator.mul, map(seen_of, every_opps[i]), every_pts[i])))
            else:
                out.append(sum(map(_sb_value, row)))
        return out

    def _tb_aob(self, tb: TieBreak) -> Column:
        inner = TieBreak("FB" if tb.fore else "BH", "FB" if tb.fore else "BH", fore=tb.fore,
                         pre_determined=tb.pre_determined)  # fmt: skip
        bh = self._cached(("bhraw", inner.key, tb.pre_determined),
                          lambda: self._buchholz_raw(inner))  # fmt: skip
        sums: list[tuple[int, int] | None] = []
        for i in range(len(self.players)):
            opponents = [o for k, o in zip(self.base.kinds[i], self.opps[i], strict=True)
                         if k is GAME]  # fmt: skip
            sums.append((sum(bh[o] for o in opponents), len(opponents)) if opponents else None)
        # An average over n games is a multiple of 1/n: one scale for every count keeps it exact.
        common = math.lcm(*{s[1] for s in sums if s is not None})
        raw = [None if s is None else s[0] * (common // s[1]) for s in sums]
        return Column(raw, common * self.unit)

    def koya_threshold(self, tb: TieBreak) -> tuple[int, int]:
        """The Koya limit as (maximum possible score, limit) in units (C.07 9.2, 14.5)."""
        round_robin = self.settings.regime is Regime.ROUND_ROBIN
        k = len(self.players) - len(self.annulled)
        maximum = koya_games(round_robin, k, self.rounds, self.cycles) * self.win_u
        if tb.limit_percent is not None:
            return maximum, maximum * tb.limit_percent
        # /L±n moves the limit by n half points (C.07 14.5), whatever the scoring system:
        # half a point is unit/2 units, i.e. 50·unit in the hundredths used here.
        return maximum, maximum * 50 + (tb.limit or 0) * 50 * self.unit

    def _tb_ks(self, tb: TieBreak) -> Column:
        return Column(self._ks_raw(tb), self.unit)

    def _ks_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Koya of *members* (by index; by default everybody), in units."""
        _, limit = self.koya_threshold(tb)
        strict = self.settings.options.koya_threshold is KoyaThreshold.MORE_THAN
        score = self.score
        counted = [(s * 100 > limit) if strict else (s * 100 >= limit) for s in score]
        out = []
        kinds, pts, opps = self.base.kinds, self.base.pts, self.opps
        for i in self._indices(members):
            krow, prow, orow = kinds[i], pts[i], opps[i]
            total = 0
            for k, p, o in zip(krow, prow, orow, strict=True):
                if o >= 0 and k in GAMES and counted[o]:
                    total += p
            out.append(total)
        return out


def _sb_value(t: Term) -> int:
    return t[2] * t[3]

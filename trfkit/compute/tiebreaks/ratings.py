"""Rating-based tie-breaks (C.07 10): ARO, TPR, PTP, APRO and APPO, over rated games."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from trfkit.compute.history import (
    GAME,
)
from trfkit.compute.tiebreaks.codes import TieBreak
from trfkit.compute.tiebreaks.core import (
    RATING_OF,
    Column,
    EngineCore,
    expected_score,
    rating_difference,
)
from trfkit.compute.tiebreaks.options import PerfectScorePtp
from trfkit.numbers import mean_half_up


class RatingBased(EngineCore):
    """Tie-breaks from the ratings of the opponents met over the board."""

    def rated_games(self, i: int) -> list[tuple[int, int, int]]:
        """(opponent index, opponent rating, result in half points) of *i*'s rated games."""
        return self._all_rated_games()[i]

    def _all_rated_games(self) -> list[list[tuple[int, int, int]]]:
        if "rated" not in self._cache:
            ratings = self._ratings
            self._cache["rated"] = [
                [
                    (o, ratings[o], w + 1)
                    for k, o, w in zip(krow, orow, wrow, strict=True)
                    if k is GAME and ratings[o]
                ]
                for krow, orow, wrow in zip(self.base.kinds, self.opps, self.outcome, strict=True)
            ]
        return self._cache["rated"]  # type: ignore[no-any-return]

    def _tb_aro(self, tb: TieBreak) -> Column:
        dropped = self._dropped()
        if dropped is not None:
            return dropped
        trimmed = tb.cut or tb.median
        if not trimmed and "rated" not in self._cache:
            return Column(self._plain_aro(), 1)
        out: list[int | None] = []
        games = self._all_rated_games()
        for row in games:
            ratings = list(map(RATING_OF, row))
            if trimmed:
                ratings.sort()
                ratings = ratings[tb.cut : len(ratings) - tb.median]
            out.append(mean_half_up(sum(ratings), len(ratings)) if ratings else None)
        return Column(out, 1)

    def _plain_aro(self, members: Iterable[int] | None = None) -> list[int | None]:
        """ARO without cuts for *members* (by index; by default everybody).

        A row of rated games in every round is summed by ``map`` alone. Equal to the
        mean of :meth:`rated_games`' ratings; a row with another kind of round or an
        unrated opponent is taken game by game.
        """
        rating_of = self._ratings.__getitem__
        n = self.rounds
        every_kinds, every_opps = self.base.kinds, self.opps
        out: list[int | None] = []
        for i in self._indices(members):
            krow, orow = every_kinds[i], every_opps[i]
            if krow.count(GAME) == n:
                rated = list(map(rating_of, orow))
            else:
                rated = [rating_of(o) for k, o in zip(krow, orow, strict=True) if k is GAME]
            if 0 in rated:
                rated = [r for r in rated if r]
            out.append(mean_half_up(sum(rated), len(rated)) if rated else None)
        return out

    @functools.cached_property
    def _ratings(self) -> list[int]:
        """Each player's rating by index: 0 when unrated, unless the option gives one."""
        given = self.settings.options.unrated_rating or 0
        return [p.rating or given for p in self.players]

    @property
    def unrated_reason(self) -> str | None:
        """Why the rating tie-breaks have no value, or ``None`` when they have.

        C.07 10 drops them while unrated players take part, unless the regulations say
        how to rate them (the ``unrated_rating`` option).
        """
        if self.settings.options.unrated_rating is not None:
            return None
        unrated = [p.start_rank for p in self.players if not p.rating]
        if not unrated:
            return None
        shown = ", ".join(map(str, unrated[:5])) + (" …" if len(unrated) > 5 else "")
        return (
            f"unrated players take part (start ranks {shown}) and no rating is given them "
            "(C.07 10; --unrated-rating gives one)"
        )

    def _dropped(self) -> Column | None:
        """A column without values when :attr:`unrated_reason` applies."""
        if self.unrated_reason is None:
            return None
        return Column([None] * len(self.players), 1)

    def _tpr_raw(self) -> list[int | None]:
        def build() -> list[int | None]:
            out: list[int | None] = []
            for i in range(len(self.players)):
                games = self.rated_games(i)
                if not games:
                    out.append(None)
                    continue
                total = sum(r for _, r, _ in games)
                score2 = sum(s for _, _, s in games)
                count = len(games)
                out.append(
                    mean_half_up(total + rating_difference(score2, count) * count, count)
                )
            return out

        return self._cached("tpr", build)  # type: ignore[no-any-return]

    def _ptp_raw(self) -> list[int | None]:
        def build() -> list[int | None]:
            plus_800 = self.settings.options.ptp_perfect_score is PerfectScorePtp.PLUS_800
            out: list[int | None] = []
            for i in range(len(self.players)):
                games = self.rated_games(i)
                if plus_800 and games and all(s == 2 for _, _, s in games):
                    out.append(max(r for _, r, _ in games) + 800)
                    continue
                out.append(_perfect_performance(games))
            return out

        return self._cached("ptp", build)  # type: ignore[no-any-return]

    def _tb_tpr(self, tb: TieBreak) -> Column:
        dropped = self._dropped()
        if dropped is not None:
            return dropped
        return Column(self._tpr_raw(), 1)

    def _tb_ptp(self, tb: TieBreak) -> Column:
        dropped = self._dropped()
        if dropped is not None:
            return dropped
        return Column(self._ptp_raw(), 1)

    def _average_of_opponents(self, raw: list[int | None]) -> Column:
        out: list[int | None] = []
        for i in range(len(self.players)):
            values = [raw[o] for o, _, _ in self.rated_games(i)]
            present = [v for v in values if v is not None]
            out.append(mean_half_up(sum(present), len(present)) if present else None)
        return Column(out, 1)

    def _tb_apro(self, tb: TieBreak) -> Column:
        dropped = self._dropped()
        if dropped is not None:
            return dropped
        return self._average_of_opponents(self._tpr_raw())

    def _tb_appo(self, tb: TieBreak) -> Column:
        dropped = self._dropped()
        if dropped is not None:
            return dropped
        return self._average_of_opponents(self._ptp_raw())


_WIDE = 11_000
"""Rating differences covered by :func:`_expected_wide` (ratings have 4 digits, plus 800)."""


@functools.cache
def _expected_wide() -> list[int]:
    """Expected score (hundredths) by rating difference + ``_WIDE``, clamped at 0 and 100.

    Built on first use (PTP and APPO only): 22,001 entries would cost every start-up.
    """
    return [expected_score(d) for d in range(-_WIDE, _WIDE + 1)]


def _perfect_performance(games: Sequence[tuple[int, int, int]]) -> int | None:
    """C.07 10.3: the lowest rating whose expected score reaches the score (B.02 8.1.2).

    The sum of expected scores grows with the rating, so a binary search over
    [lowest opponent − 800, highest + 800] finds it; a zero score gives the lowest
    opponent's rating − 800 (C.07 10.3). A perfect score is found by the search too:
    the highest opponent's rating + 736, the lowest rating expecting 1.00 against
    every opponent (table 8.1(b): a difference above 735); the + 800 reading is
    :attr:`PerfectScorePtp.PLUS_800`, applied by the engine.
    """
    if not games:
        return None
    ratings = [r for _, r, _ in games]
    score = sum(s for _, _, s in games) * 50  # hundredths
    if score == 0:
        return min(ratings) - 800
    lookup = _expected_wide().__getitem__
    shifted = [_WIDE - r for r in ratings]
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:
        mid = (low + high) // 2
        if sum(map(lookup, map(mid.__add__, shifted))) >= score:
            high = mid
        else:
            low = mid + 1
    return low

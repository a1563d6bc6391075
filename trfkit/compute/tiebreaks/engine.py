"""The tie-break engine: every family of C.07 over one tournament, values computed on demand."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from trfkit.compute.tiebreaks.codes import TieBreak
from trfkit.compute.tiebreaks.explain import Explaining


class TieBreakEngine(Explaining):
    """The computed values of every tie-break for one tournament.

    Build it once per tournament and settings, then ask :meth:`values` for each
    code. Values are exact fractions; ``None`` means "no value" (for instance an
    average rating without any rated opponent).

    Args:
        tournament: The report.
        settings: Edition, regime and the options of the uncertain rules.
        points: The point system (read from the report when omitted).
        corrections: Start rank → round → points for byes written with a blank
            result that the report counts anyway (ICU "automatic total correction");
            such a round becomes a half-point or full-point bye.
    """

    def some_raw(self, tb: TieBreak, members: Sequence[int]) -> dict[int, int | None] | None:
        """*tb*'s integer values (:meth:`column`'s scale) of at least the players *members*.

        ``None`` when the column is known, nearly everybody is asked for, or *tb* is
        not of the families below: then :meth:`column` gives the values.

        Breaking a tie needs only the tied players' values, and in a usual event the
        lower tie-breaks are left with few ties to break: the Buchholz family, the
        counts and sums of a player's own rounds (WIN, WON, BPG, BWG, REP, PS, KS),
        plain Sonneborn-Berger and plain ARO are then worked out for those players
        alone (by index), and kept: a player's value is worked out once, however many
        tie-break lists ask for it. (A large field leaves more players tied for the
        lower levels; a whole column there costs the check time out of proportion.)
        """
        if ("column", tb.key) in self._cache or 10 * len(members) > 9 * len(self.players):
            return None
        some: Callable[[Sequence[int]], list[Any]]
        own_rounds = _OWN_ROUNDS.get(tb.name)
        if tb.name in ("BH", "FB"):
            some = functools.partial(self._buchholz_raw, tb)
        elif own_rounds is not None:
            some = functools.partial(own_rounds, self, tb)
        elif tb.cut or tb.median:
            return None
        elif tb.name == "SB":
            some = functools.partial(self._plain_sb, tb)
        elif tb.name == "ARO" and "rated" not in self._cache and self.unrated_reason is None:
            some = self._plain_aro
        else:
            return None
        known: dict[int, int | None] = self._cache.setdefault(("some", tb.key), {})
        missing = [i for i in members if i not in known]
        if missing:
            known.update(zip(missing, some(missing), strict=True))
        return known


_OWN_ROUNDS: dict[str, Callable[..., list[int]]] = {
    "WIN": TieBreakEngine._win_raw,
    "WON": TieBreakEngine._won_raw,
    "BPG": TieBreakEngine._bpg_raw,
    "BWG": TieBreakEngine._bwg_raw,
    "REP": TieBreakEngine._rep_raw,
    "PS": TieBreakEngine._ps_raw,
    "KS": TieBreakEngine._ks_raw,
}
"""The tie-breaks whose value of a player is worked out from that player's own rounds
(and the scores), by their raw methods: ``method(engine, tb, members)``."""

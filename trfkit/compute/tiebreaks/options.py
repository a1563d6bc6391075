"""The settings that change a computed tie-break value: edition, regime and the uncertain rules."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from trfkit.compute.regime import Regime, RegimeDecision, decide
from trfkit.compute.tiebreaks.editions import Edition, EditionChoice, choose_edition
from trfkit.model import (
    Tournament,
)

# --- settings ------------------------------------------------------------------------------


class PerfectScorePtp(enum.Enum):
    """How PTP (C.07 10.3) rates a 100 % score; UNCERTAIN, an option of the settings."""

    LOWEST_RATING = "lowest-rating"
    """The lowest rating whose expected score is the whole score: highest opponent + 736."""
    PLUS_800 = "plus-800"
    """The highest opponent's rating + 800, as a zero score gives the lowest − 800."""


def _perfect_score_reading(value: PerfectScorePtp | str) -> PerfectScorePtp:
    """The reading named by *value* (``"plus-800"`` as well as the member)."""
    return PerfectScorePtp(value)


@attrs.frozen
class TieBreakSettings:
    """Everything that changes a computed value.

    Attributes:
        edition: The rule edition.
        regime: Round robin (C.07 15.2) or Swiss (art. 16).
        team: A team event (its boards' blocks are read as team games).
        withdrawals: Apply the round-robin withdrawal rule (C.05): a player who
            withdrew having completed fewer than 50 % of their games has every game
            by and against them removed from the standings.
        withdrawal_boundary: ``"below-half"`` (annul when fewer than 50 % were
            completed, FIDE's wording) or ``"at-most-half"`` (also at exactly 50 %).
        withdrawal_completed: ``"played"`` (games played over the board count as
            completed) or ``"scheduled"`` (every round before the withdrawal counts).
        koya_threshold: ``"at-least"`` (FIDE: opponents with at least 50 %) or
            ``"more-than"`` (some national texts: more than 50 %). UNCERTAIN in the
            sources (fide-rules.md §2.7), hence the option.
        sb_cut: ``"opponent-score"`` (C.07 14.1.1.d: cut the product of the opponent
            with the lowest score, the lowest such product on a tie) or
            ``"contribution"`` (cut the smallest product). UNCERTAIN (§2.7).
        rr_forfeit_wins_played: Count round-robin forfeit wins as games for WON, BPG
            and BWG (the letter of 15.2) instead of only games played over the board
            (the reference implementation's reading, the default). UNCERTAIN (§2.7).
        ptp_perfect_score: PTP of a 100 % score: the lowest rating expecting it
            (C.07 10.3 literally and FIDE's reference checker: the highest opponent
            + 736, where table 8.1(b) reaches 1.00), or the highest opponent + 800
            (the mirror of the zero score's lowest opponent − 800).
    """

    edition: Edition = Edition.FIDE_2026
    regime: Regime = Regime.SWISS
    team: bool = False
    withdrawals: bool = True
    withdrawal_boundary: str = "below-half"
    withdrawal_completed: str = "played"
    koya_threshold: str = "at-least"
    sb_cut: str = "opponent-score"
    rr_forfeit_wins_played: bool = False
    ptp_perfect_score: PerfectScorePtp = attrs.field(
        default=PerfectScorePtp.LOWEST_RATING, converter=_perfect_score_reading
    )




def settings_from(
    tournament: Tournament,
    *,
    rules: str | None = None,
    regime: RegimeDecision | None = None,
    withdrawals: bool = True,
    **options: Any,
) -> tuple[TieBreakSettings, EditionChoice, RegimeDecision]:
    """The settings for *tournament*: edition and regime chosen, options applied.

    Args:
        tournament: The report.
        rules: A rule edition overriding the start date's.
        regime: The regime decided for *tournament* (decided here when not given).
        withdrawals: Apply the round-robin withdrawal rule.
        **options: Settings of the uncertain rules (see :class:`TieBreakSettings`).

    Raises:
        TieBreakError: For an unknown rule set.
    """
    edition = choose_edition(tournament, rules)
    if regime is None:
        regime = decide(tournament)
    known = {f.name for f in attrs.fields(TieBreakSettings)}
    extra = {k: v for k, v in options.items() if k in known and v is not None}
    settings = TieBreakSettings(
        edition=edition.edition,
        regime=regime.regime,
        team=regime.team,
        withdrawals=withdrawals,
        **extra,
    )
    return settings, edition, regime

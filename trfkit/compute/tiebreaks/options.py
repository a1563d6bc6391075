"""Tie-break options (the user's choices, closed choices as enums) and the engine's settings."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TypeVar

import attrs

# the withdrawal rule's choices are the history's; TieBreakOptions carries them
from trfkit.compute.history import CompletedGames as CompletedGames
from trfkit.compute.history import WithdrawalBoundary as WithdrawalBoundary
from trfkit.compute.regime import Regime, RegimeDecision, decide
from trfkit.compute.tiebreaks.editions import Edition, EditionChoice, choose_edition
from trfkit.errors import TieBreakError
from trfkit.model import (
    Tournament,
)
from trfkit.values import Value, WordEnum

_E = TypeVar("_E", bound=enum.Enum)


class KoyaThreshold(WordEnum):
    """Which opponents Koya (KS) counts; UNCERTAIN (fide-rules.md §2.7)."""

    AT_LEAST = "at-least"
    """Opponents with at least 50 % of the maximum (FIDE)."""
    MORE_THAN = "more-than"
    """Opponents with more than 50 % (some national texts)."""


class SbCut(WordEnum):
    """What SB/C1 cuts; UNCERTAIN (§2.7)."""

    OPPONENT_SCORE = "opponent-score"
    """The product of the opponent with the lowest score (C.07 14.1.1.d)."""
    CONTRIBUTION = "contribution"
    """The smallest product."""


class ListPrecedence(WordEnum):
    """Which tie-break list wins when ``tiebreaks`` is given and the report declares one.

    ``REQUESTED``: the list asked for is computed (``standings``: the user asked for it).
    ``DECLARED``: the report's 212/202 is applied, the asked list only for reports that
    declare none (``check``: the values are verified against the list the report uses).
    One precedence for individual and team events alike.
    """

    REQUESTED = "requested"
    DECLARED = "declared"


class PerfectScorePtp(WordEnum):
    """How PTP (C.07 10.3) rates a 100 % score; UNCERTAIN."""

    LOWEST_RATING = "lowest-rating"
    """The lowest rating whose expected score is the whole score: highest opponent + 736."""
    PLUS_800 = "plus-800"
    """The highest opponent's rating + 800, as a zero score gives the lowest − 800."""


def _edition(value: Edition | str | None) -> Edition | None:
    """The edition named by *value* (``"fide-2024"`` as well as the member)."""
    if value is None or isinstance(value, Edition):
        return value
    try:
        return Edition(value)
    except ValueError:
        names = ", ".join(e.value for e in Edition)
        raise TieBreakError(f"unknown rule set {value!r} (one of {names})") from None


def _choose(kind: type[_E], value: _E | str) -> _E:
    """*value* as a member of the closed choice *kind*; a bad one names the allowed values."""
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(str(member.value) for member in kind)
        raise TieBreakError(f"{value!r} is not one of {names}") from None


def _boundary(value: WithdrawalBoundary | str) -> WithdrawalBoundary:
    return _choose(WithdrawalBoundary, value)


def _completed(value: CompletedGames | str) -> CompletedGames:
    return _choose(CompletedGames, value)


def _koya(value: KoyaThreshold | str) -> KoyaThreshold:
    return _choose(KoyaThreshold, value)


def _sb_cut(value: SbCut | str) -> SbCut:
    return _choose(SbCut, value)


def _ptp(value: PerfectScorePtp | str) -> PerfectScorePtp:
    return _choose(PerfectScorePtp, value)


def _precedence(value: ListPrecedence | str) -> ListPrecedence:
    return _choose(ListPrecedence, value)


def _rating(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not 0 < value < 10_000):
        raise TieBreakError(f"{attribute.name} must be a rating from 1 to 9999, not {value!r}")


def _codes(value: Sequence[str] | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen(repr=False)
class TieBreakOptions(Value):
    """What a user chooses about tie-breaks: one object, passed unchanged to the engine.

    Every field has the common reading as its default (the README's "Uncertain rules");
    strings are accepted for the enum fields (``koya_threshold="more-than"``).

    Attributes:
        tiebreaks: Tie-break codes to apply instead of the default list for the
            tournament type; against a list the report declares (212/202) as
            ``list_precedence`` says.
        list_precedence: Whether ``tiebreaks`` or the report's declared list wins.
        rules: The C.07 edition; ``None`` picks the one in force on the start date.
        withdrawals: Apply the round-robin withdrawal rule (C.05): a player who
            withdrew having completed fewer than 50 % of their games has every game
            by and against them removed from the standings.
        withdrawals_in_progress: Read withdrawals in an event still in progress too (a
            player whose games stop before the last round played). Off by default: the
            rounds to come are no evidence (fide-rules.md §3.3a); the checks turn it on
            when a report's points column itself applies the rule.
        withdrawal_boundary: When a withdrawn player is annulled.
        withdrawal_completed: Which games before a withdrawal count as completed.
        koya_threshold: Which opponents Koya counts.
        sb_cut: What SB/C1 cuts.
        rr_forfeit_wins_played: Count round-robin forfeit wins as games for WON, BPG
            and BWG (the letter of 15.2) instead of only games played over the board
            (the reference implementation's reading, the default). UNCERTAIN (§2.7).
        ptp_perfect_score: PTP of a 100 % score.
        unrated_rating: The rating ARO, TPR, PTP, APRO and APPO give unrated players.
            ``None`` (the default, as FIDE's checker gacrux does; UNCERTAIN, C.07 10):
            with an unrated player in the field those tie-breaks have no value.
    """

    tiebreaks: tuple[str, ...] | None = attrs.field(default=None, converter=_codes)
    list_precedence: ListPrecedence = attrs.field(
        default=ListPrecedence.REQUESTED, converter=_precedence
    )
    rules: Edition | None = attrs.field(default=None, converter=_edition)
    withdrawals: bool = True
    withdrawals_in_progress: bool = False
    withdrawal_boundary: WithdrawalBoundary = attrs.field(
        default=WithdrawalBoundary.BELOW_HALF, converter=_boundary
    )
    withdrawal_completed: CompletedGames = attrs.field(
        default=CompletedGames.PLAYED, converter=_completed
    )
    koya_threshold: KoyaThreshold = attrs.field(
        default=KoyaThreshold.AT_LEAST, converter=_koya
    )
    sb_cut: SbCut = attrs.field(default=SbCut.OPPONENT_SCORE, converter=_sb_cut)
    rr_forfeit_wins_played: bool = False
    ptp_perfect_score: PerfectScorePtp = attrs.field(
        default=PerfectScorePtp.LOWEST_RATING, converter=_ptp
    )
    unrated_rating: int | None = attrs.field(default=None, validator=_rating)


@attrs.frozen(repr=False)
class TieBreakSettings(Value):
    """What the engine applies: the options, and what was decided for the tournament.

    Attributes:
        edition: The rule edition.
        regime: Round robin (C.07 15.2) or Swiss (art. 16).
        team: A team event (its boards' blocks are read as team games).
        options: The user's choices.
        berger_numbers: The games of a round robin stand where the Berger table puts them,
            start ranks as the table's numbers (so the table names a withdrawn player's
            unplayed opponents).
        cycles: The cycles of a round robin (:attr:`RegimeDecision.cycles`): how many
            games each player is scheduled (withdrawals, KS's maximum); ``None``: the
            engine asks the regime decision for the report.
    """

    edition: Edition = Edition.FIDE_2026
    regime: Regime = Regime.SWISS
    team: bool = False
    options: TieBreakOptions = attrs.field(factory=TieBreakOptions)
    berger_numbers: bool = False
    cycles: int | None = None


def settings_from(
    tournament: Tournament,
    options: TieBreakOptions | None = None,
    regime: RegimeDecision | None = None,
) -> tuple[TieBreakSettings, EditionChoice, RegimeDecision]:
    """The settings for *tournament*: edition and regime chosen, *options* kept as they are.

    Args:
        tournament: The report.
        options: The user's choices (the defaults when not given).
        regime: The regime decided for *tournament* (decided here when not given).
    """
    options = options or TieBreakOptions()
    edition = choose_edition(tournament, options.rules)
    if regime is None:
        regime = decide(tournament)
    settings = TieBreakSettings(
        edition.edition, regime.regime, regime.team, options, regime.berger_numbers(tournament),
        regime.cycles,
    )
    return settings, edition, regime

"""Why a tie-break has its value: each round's contribution, for ``standings --explain``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

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
from trfkit.compute.tiebreaks.core import KIND_NAMES, Term
from trfkit.compute.tiebreaks.opponents import OpponentScores
from trfkit.compute.tiebreaks.options import KoyaThreshold
from trfkit.compute.tiebreaks.own import OwnResults
from trfkit.compute.tiebreaks.ratings import RatingBased
from trfkit.compute.tiebreaks.unplayed import (
    TERM_HOW,
    TERM_POINTS,
    TERM_ROUND,
    TERM_SCORE,
)
from trfkit.numbers import format_number


class RoundLine(NamedTuple):
    """One round of an explanation (``trfkit standings --explain``).

    Attributes:
        round: The round.
        opponent: The opponent's start rank (``None`` for byes).
        code: The result code as written (``"1"``, ``"+"``, ``"H"``, blank as ``""``).
        points: The points the round brought to the player's score.
        kind: What the round is (game, forfeit win, half-point bye, …).
        opponent_score: The score the opponent (or dummy) counts with, if any.
        treatment: How the rules treat the round.
        contributions: Code → the round's contribution to that tie-break.
    """

    round: int
    opponent: int | None
    code: str
    points: Fraction
    kind: str
    opponent_score: Fraction | None
    treatment: str
    contributions: Mapping[str, Fraction | None]


class Explanation(NamedTuple):
    """Why a player's tie-breaks have their values.

    Attributes:
        start_rank: The player.
        name: The player's name.
        score: The standings score.
        rounds: One line per round.
        totals: Code → value.
        notes: Cuts, withdrawals, per-player tie-breaks that are not sums of rounds.
    """

    start_rank: int
    name: str
    score: Fraction
    rounds: tuple[RoundLine, ...]
    totals: Mapping[str, Fraction | None]
    notes: tuple[str, ...]


class Explaining(OpponentScores, OwnResults, RatingBased):
    """Round-by-round explanations of a player's tie-breaks."""

    def explain(self, start_rank: int, tiebreaks: Sequence[TieBreak]) -> Explanation:
        """Each round's contribution to every tie-break of *tiebreaks* for one player.

        Raises:
            KeyError: When no player has *start_rank*.
        """
        i = self.index[start_rank]
        player = self.players[i]
        unit = self.unit
        lines: dict[int, dict[str, Fraction | None]] = {r: {} for r in range(1, self.rounds + 1)}
        scores: dict[int, tuple[Fraction, str]] = {}
        notes: list[str] = []
        totals: dict[str, Fraction | None] = {}
        for tb in tiebreaks:
            totals[tb.text] = self.values(tb).get(start_rank)
            if tb.name in ("BH", "FB", "SB"):
                sb = tb.name == "SB"

                def weight(t: Term, sb: bool = sb) -> int:
                    return t[TERM_SCORE] * t[TERM_POINTS] if sb else t[TERM_SCORE]

                terms = self.terms(i, tb)
                _, removed = self._cut(terms, tb, sb)
                scale = unit * unit if sb else unit
                for t in terms:
                    lines[t[TERM_ROUND]][tb.text] = Fraction(weight(t), scale)
                    if not tb.fore:
                        seen = Fraction(t[TERM_SCORE], unit)
                        scores.setdefault(t[TERM_ROUND], (seen, t[TERM_HOW]))
                for t in removed:
                    notes.append(
                        f"{tb.text}: the cut removes round {t[TERM_ROUND]} "
                        f"({format_number(Fraction(weight(t), scale))})"
                    )
            elif tb.name == "KS":
                maximum, limit = self.koya_threshold(tb)
                notes.append(
                    f"{tb.text}: opponents count from {format_number(Fraction(limit, 100 * unit))} "
                    f"points (maximum {format_number(Fraction(maximum, unit))})"
                )
                for r, (k, p, o) in enumerate(
                    zip(self.base.kinds[i], self.base.pts[i], self.opps[i], strict=True)
                ):
                    if o >= 0 and k in GAMES:
                        ok = self.score[o] * 100 >= limit
                        if self.settings.options.koya_threshold is KoyaThreshold.MORE_THAN:
                            ok = self.score[o] * 100 > limit
                        lines[r + 1][tb.text] = Fraction(p, unit) if ok else Fraction(0)
            elif tb.name in ("WIN", "WON", "BPG", "BWG", "REP", "PS", "PTS", "STD"):
                self._explain_own(i, tb, lines)
            elif tb.name in ("ARO", "TPR", "PTP", "APRO", "APPO"):
                rated = ", ".join(
                    f"{self.players[o].start_rank} ({r})" for o, r, _ in self.rated_games(i)
                )
                notes.append(f"{tb.text}: rated games over the board against {rated or 'nobody'}")
        for w in self.withdrawals.values():
            what = "annulled" if w.annulled else "kept; the rest count as forfeits"
            notes.append(
                f"player {w.start_rank} withdrew from round {w.from_round} having completed "
                f"{w.completed} of {w.scheduled} games: {what} (C.05)"
            )
        rows = []
        for r in range(1, self.rounds + 1):
            k = self.base.kinds[i][r - 1]
            o = self.opps[i][r - 1]
            score, treatment = scores.get(r, (None, ""))
            if not treatment:
                treatment = (
                    "removed from the standings (withdrawal under 50 %)" if k is ANNULLED
                    else "not a game: contributes nothing" if k not in GAMES
                    or (self.settings.regime is Regime.ROUND_ROBIN and o < 0)
                    else ""
                )  # fmt: skip
            if score is None and o >= 0 and k is not ANNULLED:
                score = Fraction(self.score[o], unit)
            rows.append(
                RoundLine(
                    r,
                    self.players[o].start_rank if o >= 0 else None,
                    self.codes[i][r - 1],
                    Fraction(self.raw_pts[i][r - 1], unit),
                    KIND_NAMES[k],
                    score,
                    treatment,
                    lines[r],
                )
            )
        for record, value in self.history.abnormal[i]:
            notes.append(
                f"record 299 (line {record.line}) changes the points by "
                f"{format_number(Fraction(value, unit))}"
            )
        return Explanation(
            start_rank,
            player.name,
            Fraction(self.score[i], unit),
            tuple(rows),
            totals,
            tuple(notes),
        )

    def _explain_own(
        self, i: int, tb: TieBreak, lines: dict[int, dict[str, Fraction | None]]
    ) -> None:
        """Per-round contributions of the own-record tie-breaks."""
        unit = self.unit
        forfeits = self._forfeit_wins_count(tb)
        running = 0
        for r in range(self.rounds):
            k, p = self.base.kinds[i][r], self.base.pts[i][r]
            w, b, o = self.outcome[i][r], self.black[i][r], self.opps[i][r]
            value: Fraction | None
            if k is ANNULLED:
                value = None
            elif tb.name == "PTS":
                value = Fraction(p, unit)
            elif tb.name == "PS":
                running += p
                value = Fraction(running, unit)
            elif tb.name == "WIN":
                won = (k is GAME and w == 1) or k is FORFEIT_WIN
                value = Fraction(int(won or (k in (FULL_BYE, PAIRING_BYE) and p >= self.win_u)))
            elif tb.name == "REP":
                value = Fraction(int(k not in VUR))
            elif tb.name == "STD":
                value = None
            else:
                game = k is GAME or (forfeits and k is FORFEIT_WIN and o >= 0)
                ok = game and (tb.name == "WON" or b) and (tb.name == "BPG" or w == 1)
                value = Fraction(int(ok))
            lines[r + 1][tb.text] = value

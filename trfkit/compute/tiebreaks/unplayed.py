"""C.07's rules for rounds not played over the board, once, for players and for teams.

A *field* is the players of an individual event, or the teams of a team event on one
score (match points or game points). Its :class:`View` holds, by participant index and
0-based round, what each round was (:class:`~trfkit.compute.history.RoundKind`, from the
history) and the points it brought, and each participant's score. The rules read only
that, so the individual engine (:mod:`~trfkit.compute.tiebreaks.core`, points in integer
units) and the team tie-breaks (:mod:`~trfkit.compute.tiebreaks.team`, fractions) apply
the same text:

- round robins (C.07 15.2) count a forfeit as a game and a bye as nothing;
- Swiss events give each unplayed round a dummy opponent with the participant's own
  score (16.4), capped from 2026 at the scheduled opponent's score for a forfeit (16.4.1)
  and at a draw in every round otherwise (16.4.2); before 2023 a virtual opponent (the
  score before the round, the opposite result, then draws);
- opponents see a final run of requested byes and absences as draws (16.3; before 2023
  every unplayed round as a draw); ``/P`` makes forfeits games that keep their points;
- the Fore Buchholz view (8.2) counts every game of the final round as a draw;
- ``/Cn`` and ``/Mn`` cut the least and most significant values, a voluntary unplayed
  round first under the dummy rules (16.5);
- a round paired and not played yet (``NOT_PLAYED``) and a game the withdrawal rule
  annulled are no round of any tie-break.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final, NamedTuple, TypeVar

from trfkit.compute.history import (
    ANNULLED,
    FORFEITS,
    GAME,
    GAMES,
    NOT_PLAYED,
    REQUESTED,
    VUR,
    RoundKind,
)
from trfkit.compute.tiebreaks.editions import Edition

__all__ = [
    "PLAYER_WORDING",
    "TEAM_WORDING",
    "Term",
    "View",
    "Wording",
    "cut_elements",
    "cut_terms",
    "fore_view",
    "regular_terms",
    "seen_scores",
    "unplayed_terms",
]

N = TypeVar("N", int, Fraction)
"""Points: integers over a common unit (players) or fractions (teams)."""

Term = tuple[int, int, Any, Any, bool, str]
"""One element of a Buchholz-family sum: (round, opponent index or -1 for a dummy, the
opponent's score as the participant counts it, the participant's own result, whether the
round is a voluntary unplayed round, how the rules treat it)."""

TERM_ROUND: Final = 0
TERM_SCORE: Final = 2
TERM_POINTS: Final = 3
TERM_IS_VUR: Final = 4
TERM_HOW: Final = 5


class View:
    """One score of a field: each participant's rounds, their points, and the score.

    Attributes:
        kinds: What each round was, by participant index and 0-based round.
        pts: The points each round brought.
        score: Each participant's score: the rounds' points (an annulled game left out)
            and *bonus* (points outside the rounds: 299, byes entered in advance).
    """

    __slots__ = ("kinds", "pts", "score")

    def __init__(
        self,
        kinds: Sequence[list[RoundKind]],
        pts: Sequence[list[Any]],
        bonus: Sequence[Any],
        score: Sequence[Any] | None = None,
    ) -> None:
        self.kinds = kinds
        self.pts = pts
        self.score = list(score) if score is not None else [
            sum(row, b)
            if ANNULLED not in krow
            else sum((p for p, k in zip(row, krow, strict=True) if k is not ANNULLED), b)
            for row, krow, b in zip(pts, kinds, bonus, strict=True)
        ]


def fore_view(view: View, opponents: Sequence[list[int]], bonus: Sequence[Any], draw: Any) -> View:
    """The field as if every game of its last round had been drawn (Fore Buchholz, C.07 8.2).

    A game or forfeit of the last round (with an opponent) becomes a game drawn; the
    caller asks only when that round is the event's final one.
    """
    kinds = [list(row) for row in view.kinds]
    pts = [list(row) for row in view.pts]
    for krow, prow, orow in zip(kinds, pts, opponents, strict=True):
        if krow and krow[-1] in GAMES and orow[-1] >= 0:
            krow[-1] = GAME
            prow[-1] = draw
    return View(kinds, pts, bonus)


def seen_scores(
    view: View, *, swiss: bool, dummy_rules: bool, pre_determined: bool, draw: Any
) -> list[Any]:
    """Each participant's score as the opponents count it (C.07 16.3; 2009: unplayed = draw).

    Round robins count the score as it is. Under the dummy rules a final run of
    requested byes and absences counts as draws; before 2023 every round not played over
    the board does. With *pre_determined* (``/P``) forfeits are games and keep their points.
    """
    seen = list(view.score)
    if not swiss:
        return seen
    for i, (krow, prow) in enumerate(zip(view.kinds, view.pts, strict=True)):
        adjust = 0 * draw
        only_vur_after = True
        for r in range(len(krow) - 1, -1, -1):
            k = krow[r]
            if k is NOT_PLAYED:
                continue  # paired without a result yet: no round for anybody
            if pre_determined and k in FORFEITS:
                only_vur_after = False
                continue
            if dummy_rules:
                if k in REQUESTED and only_vur_after:
                    adjust += draw - prow[r]
                only_vur_after = only_vur_after and k in VUR
                if not only_vur_after:
                    break  # only the final run of unplayed rounds counts (16.3)
            elif k is not GAME and k is not ANNULLED:
                adjust += draw - prow[r]
        seen[i] += adjust
    return seen


class Wording(NamedTuple):
    """How an explanation names the treatment of each kind of element."""

    game: str
    forfeit: str
    forfeit_pre_determined: str
    virtual: str
    dummy: str
    dummy_opponent: str
    dummy_draws: str


PLAYER_WORDING: Final = Wording(
    "game",
    "forfeit counted as a game (C.07 15.2)",
    "forfeit counted as a game (/P)",
    "virtual opponent (2009): score before the round, the opposite result, then draws",
    "dummy with the player's own score (16.4)",
    "dummy capped at the scheduled opponent's score (16.4.1)",
    "dummy capped at a draw's points × rounds (16.4.2)",
)
TEAM_WORDING: Final = Wording(
    "match",
    "forfeit counted as a match",
    "forfeit counted as a match",
    "virtual opponent",
    "dummy (own score)",
    "dummy (scheduled opponent's score)",
    "dummy (draws in every round)",
)


def unplayed_terms(
    view: View,
    seen: Sequence[Any],
    opponents: Sequence[list[int]],
    *,
    swiss: bool,
    edition: Edition,
    pre_determined: bool,
    points: tuple[Any, Any, Any],
    words: Wording,
    own: Sequence[list[Any]] | None = None,
) -> dict[int, list[Term]]:
    """The Buchholz-family elements of the participants with a round not played over the board.

    A participant with a game in every round has one element per game, ``(r, o, seen[o],
    p, False, words.game)`` (:func:`regular_terms`); the others (by index) are worked out
    here: a game, a forfeit counted as a game (round robins, ``/P``), nothing for a bye of
    a round robin, a dummy or a virtual opponent in a Swiss event.

    Args:
        view: The field on the score the opponents are counted by.
        seen: Each participant's score as the opponents count it (:func:`seen_scores`).
        opponents: The opponent's index of each round, ``-1`` for none.
        swiss: Art. 16 applies (else the round-robin rules of 15.2).
        edition: The rule edition (the dummy from 2023, capped in 2026).
        pre_determined: ``/P``: forfeits count as games.
        points: A win's, a draw's and a loss's points on the view's score.
        words: How the elements are named.
        own: The participant's own result of each round when it is counted on another
            score than the opponents' (a team's ``EMGSB``); the view's points by default.
    """
    n = len(view.kinds[0]) if view.kinds else 0
    dummy_rules = edition.uses_dummy
    capped = edition is Edition.FIDE_2026
    win, draw, loss = points
    cap_rounds = draw * n
    forfeit_how = words.forfeit_pre_determined if pre_determined else words.forfeit
    own_rows = own if own is not None else view.pts
    irregular: dict[int, list[Term]] = {}
    for i, (kinds, pts, opps) in enumerate(zip(view.kinds, view.pts, opponents, strict=True)):
        if kinds.count(GAME) == n:
            continue
        mine = own_rows[i]
        out: list[Term] = []
        total = view.score[i]
        running = 0 * draw
        for r in range(n):
            k, p, o = kinds[r], pts[r], opps[r]
            if k is ANNULLED or k is NOT_PLAYED:
                continue
            if k is GAME and o >= 0:
                out.append((r + 1, o, seen[o], mine[r], False, words.game))
            elif k in FORFEITS and o >= 0 and (pre_determined or not swiss):
                out.append((r + 1, o, seen[o], mine[r], False, forfeit_how))
            elif not swiss:
                pass  # byes contribute nothing in round robins
            elif not dummy_rules:
                opposite = loss if p >= win else draw if p == draw else win
                virtual = running + opposite + draw * (n - r - 1)
                out.append((r + 1, -1, virtual, mine[r], False, words.virtual))
            else:
                dummy, how = total, words.dummy
                if capped:
                    if k in FORFEITS and o >= 0:
                        if seen[o] < dummy:
                            dummy, how = seen[o], words.dummy_opponent
                    elif cap_rounds < dummy:
                        dummy, how = cap_rounds, words.dummy_draws
                out.append((r + 1, -1, dummy, mine[r], k in VUR, how))
            running += p
        irregular[i] = out
    return irregular


_NOT_VUR: Final = itertools.repeat(False)


def regular_terms(
    seen: Sequence[Any], opponents: list[int], own: list[Any], words: Wording
) -> list[Term]:
    """The elements of a participant with a game in every round: one per game."""
    # (r, o, seen[o], p, False, how) per round, the tuples made by zip in C (not strict:
    # the last two columns are endless repeats)
    return list(
        zip(
            range(1, len(opponents) + 1), opponents, map(seen.__getitem__, opponents), own,
            _NOT_VUR, itertools.repeat(words.game), strict=False,
        )
    )  # fmt: skip


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

    *value* is an element's value, *lsv_key* orders the least significant first, *is_vur*
    marks a voluntary unplayed round, cut first when *vurs_first* (a Swiss event under the
    dummy rules). Returns the elements kept and the elements cut.
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


def cut_elements(
    terms: Sequence[Term], cut: int, median: int, *, sb: bool, by_score: bool, vurs_first: bool
) -> tuple[list[Term], list[Term]]:
    """:func:`cut_terms` on Buchholz-family elements (``SB``: score × own result).

    *by_score*: ``SB/C1`` cuts the element of the opponent with the lowest score
    (:class:`~trfkit.compute.tiebreaks.options.SbCut`), else the smallest value.
    """

    def value(t: Term) -> Any:
        return t[TERM_SCORE] * t[TERM_POINTS] if sb else t[TERM_SCORE]

    def lsv_key(t: Term) -> tuple[Any, Any]:
        return (t[TERM_SCORE], value(t)) if sb and by_score else (value(t), t[TERM_ROUND])

    return cut_terms(
        terms, cut, median, value=value, lsv_key=lsv_key, is_vur=_is_vur, vurs_first=vurs_first
    )


def _is_vur(t: Term) -> bool:
    return bool(t[TERM_IS_VUR])

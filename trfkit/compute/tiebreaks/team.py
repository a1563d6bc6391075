"""The team tie-breaks (C.07 for teams): the codes, and their values for every team.

A family module like the individual ones: the general tie-breaks (``BH``, ``FB``, ``AOB``,
``SB``, ``WIN``, ``WON``, ``PS``) on either score, with the rules for unplayed rounds of
:mod:`~trfkit.compute.tiebreaks.unplayed` (written once, for players and teams), and what
is the teams' own: the two scores (``MP``, ``GP``, ``MPvGP``), the extended
Sonneborn-Berger letters (``EMMSB`` … ``EGGSB``), ``BC``, ``TBR``/``BBE`` steps and
``SSSC``. The ranking (direct encounter, ``EDE``, the hierarchy) is
:mod:`~trfkit.compute.team_standings`'s.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from trfkit.compute.history import GAMES, RoundKind
from trfkit.compute.history.teams import TeamEvent, TeamRound
from trfkit.compute.tiebreaks.codes import CODES, TEAM_CODES, koya_limit, modifier_tokens
from trfkit.compute.tiebreaks.editions import Edition
from trfkit.compute.tiebreaks.opponents import koya_games
from trfkit.compute.tiebreaks.options import KoyaThreshold, SbCut
from trfkit.compute.tiebreaks.unplayed import (
    TEAM_WORDING,
    TERM_POINTS,
    TERM_SCORE,
    Term,
    View,
    cut_elements,
    fore_view,
    regular_terms,
    seen_scores,
    unplayed_terms,
)
from trfkit.errors import TieBreakError
from trfkit.values import Value

__all__ = [
    "COMPUTED",
    "EDE_BOARDS",
    "ESB",
    "TeamTieBreak",
    "TeamValues",
    "board_steps",
    "names_team_code",
    "parse_team_tiebreak",
]

COMPUTED = frozenset(
    {"PTS", "MP", "GP", "MPVGP", "DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "BH",
     "FB", "AOB", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC", "TBR", "BBE", "SSSC", "WIN",
     "WON", "PS", "KS"}
)  # fmt: skip
"""The team tie-breaks trfkit computes."""

_NAME = re.compile(r"([A-Z]+)(?::(MP|GP))?", re.IGNORECASE | re.ASCII)
_MODIFIER = re.compile(r"[/-](C\d+|M\d+|L[+-]?\d+|P|R|F|U\w*|V\d+|X)", re.IGNORECASE | re.ASCII)
_CUTTABLE = frozenset({"BH", "FB", "AOB", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "PS"})
EDE_BOARDS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}
"""The board criteria each EDE code applies, after EDE, to two teams still tied."""
_NOT_FOR_TEAMS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "BPG", "BWG"})
ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"),
        "EGGSB": ("GP", "GP")}  # fmt: skip
@attrs.frozen(repr=False)
class TeamTieBreak(Value):
    """One team tie-break of a list.

    Attributes:
        text: The code as written (output keys use it).
        name: The acronym in upper case (``MPVGP`` for ``MPvGP``).
        base: ``"MP"`` or ``"GP"`` from ``:MP``/``:GP``; ``None`` means the primary score.
        cut: Least significant values cut (``/Cn``; ``/Mn`` too).
        median: Most significant values cut (``/Mn``).
        pre_determined: ``/P``: forfeited matches count as played.
        limit: ``/Ln``: SSSC's divisor.
        shift: KS's ``/L+n``/``/L-n``: the Koya limit moved by n half points (14.5).
        percent: KS's ``/L40``: the Koya limit as a percentage of the maximum score.
    """

    text: str
    name: str
    base: str | None = None
    cut: int = 0
    median: int = 0
    pre_determined: bool = False
    limit: int | None = None
    shift: int = 0
    percent: int | None = None

    @property
    def higher_is_better(self) -> bool:
        """False for BC, where fewer weighted board points rank first."""
        return self.name != "BC"

    @property
    def computed(self) -> bool:
        """Whether trfkit computes this code for teams."""
        return self.name in COMPUTED

    @property
    def reason(self) -> str | None:
        """Why the value is ``None`` for every team, or ``None`` when it is computed."""
        if self.computed:
            return None
        if self.name in _NOT_FOR_TEAMS:
            return (f"{self.text}: {self.name} is not defined for teams (teams have no rating "
                    "or colour of their own)")
        if self.name in TEAM_CODES or self.name == "MPVGP":
            return f"{self.text}: the team tie-break {self.name} is not computed by trfkit yet"
        return f"{self.text}: {self.name} is not computed for teams by trfkit yet"


def parse_team_tiebreak(text: str) -> TeamTieBreak:
    """Read a team code: acronym, ``:MP``/``:GP``, modifiers (``BH:MP/C1``, ``EDET/P``).

    Raises:
        TieBreakError: For text that is no tie-break code, or a cut where none applies.
    """
    raw = text.strip().replace(" ", "")
    match = _NAME.match(raw)
    if not raw or match is None:
        raise TieBreakError(f"{text!r} is not a tie-break code")
    name = match.group(1).upper()
    name = "REP" if name == "GE" else name
    known = name in CODES or name in TEAM_CODES or name in COMPUTED or name == "MPVGP"
    if not known:
        raise TieBreakError(f"unknown tie-break {match.group(1)!r}")
    base = match.group(2).upper() if match.group(2) else None
    rest = raw[match.end() :]
    cut = median = shift = 0
    pre = False
    limit: int | None = None
    percent: int | None = None
    for token in modifier_tokens(text, rest, _MODIFIER):
        if token[0] == "C":
            cut = int(token[1:])
        elif token[0] == "M":
            cut = median = int(token[1:])
        elif token == "P":
            pre = True
        elif token[0] == "L" and token[1:].lstrip("+-").isdigit():
            if name == "KS":
                shift, percent = koya_limit(token[1:])
            else:
                limit = abs(int(token[1:]))
        # /L, /R, /F, /U, /V, /X: accepted; they change no value trfkit computes for teams
    if (cut or median) and name in COMPUTED and name not in _CUTTABLE:
        raise TieBreakError(f"{text!r}: {name} takes no cut or median modifier")
    return TeamTieBreak(raw, name, base, min(cut, 99), min(median, 99), pre, limit, shift, percent)


def names_team_code(texts: Sequence[str]) -> bool:
    """Whether a declared list is meant for teams: a team acronym or a ``:MP``/``:GP``."""
    for text in texts:
        match = _NAME.match(text.strip())
        if match is None:
            continue
        if match.group(1).upper() in TEAM_CODES | {"MPVGP"} or match.group(2):
            return True
    return False


# --- the values ------------------------------------------------------------------------------

class TeamValues:
    """The team tie-breaks of one event under one edition and regime, computed on demand.

    The teams are a field on two scores, match points and game points: one
    :class:`~trfkit.compute.tiebreaks.unplayed.View` each, read from the teams' rounds of
    the history (:class:`~trfkit.compute.history.TeamEvent`), so the rules for unplayed
    rounds are the individual ones (:mod:`~trfkit.compute.tiebreaks.unplayed`).

    Args:
        event: The team values.
        edition: The rule edition.
        swiss: A Swiss event (art. 16) rather than a round robin (15.2).
        sb_cut: What ``SB/C1`` cuts.
        final: The last round counted is the event's final round (Fore Buchholz draws
            it; in a report written before the final round FB equals BH).
        cycles: A round robin's cycles (``RegimeDecision.cycles``): Koya's maximum score.
        koya: Whether Koya counts opponents at (the default) or only above its limit.
    """

    def __init__(
        self,
        event: TeamEvent,
        edition: Edition,
        swiss: bool,
        sb_cut: SbCut,
        final: bool = True,
        cycles: int = 1,
        koya: KoyaThreshold = KoyaThreshold.AT_LEAST,
    ) -> None:
        self.event = event
        self.edition = edition
        self.swiss = swiss
        self.sb_cut = sb_cut
        self.final = final
        self.cycles = cycles
        self.koya_threshold = koya
        self.numbers = [t.number for t in event.teams]
        self.index = {n: i for i, n in enumerate(self.numbers)}
        mp, gp = event.match_points, event.game_points
        size = event.boards
        self.win = {"MP": mp.win, "GP": gp.win * size}
        self.draw = {"MP": mp.draw, "GP": gp.draw * size}
        self.loss = {"MP": mp.loss, "GP": gp.loss * size}
        rows = [event.results.get(n, ()) for n in self.numbers]
        kinds = [[r.kind for r in row] for row in rows]
        self.rows = rows
        self.kinds = kinds
        self.opps = [
            [-1 if r.opponent is None else self.index.get(r.opponent, -1) for r in row]
            for row in rows
        ]
        bonus = {"MP": [event.bonus(n)[0] for n in self.numbers],
                 "GP": [event.bonus(n)[1] for n in self.numbers]}  # fmt: skip
        self.views = {
            "MP": View(kinds, [[r.mp for r in row] for row in rows], bonus["MP"]),
            "GP": View(kinds, [[r.gp for r in row] for row in rows], bonus["GP"]),
        }
        self.bonus = bonus
        self.total: dict[str, dict[int, Fraction]] = {
            base: dict(zip(self.numbers, view.score, strict=True))
            for base, view in self.views.items()
        }
        self._cache: dict[tuple[object, ...], Any] = {}
        self._boards: dict[int, dict[int, Fraction]] | None = None

    def boards(self, team: int) -> dict[int, Fraction]:
        """Board number → the game points *team* scored on it in the matches it played."""
        if self._boards is None:
            per: dict[int, dict[int, Fraction]] = {n: {} for n in self.numbers}
            for match in self.event.matches:
                if match.forfeit:
                    continue  # a forfeited match (330) has no board played
                for b in match.boards:
                    for side, points in ((match.first, b.first_points),
                                         (match.second, b.second_points)):  # fmt: skip
                        row = per.setdefault(side, {})
                        row[b.board] = row.get(b.board, Fraction(0)) + points
            self._boards = per
        return self._boards.get(team, {})

    def view(self, base: str, fore: bool = False) -> View:
        """The field on *base* (``MP`` or ``GP``); *fore*: the final round's matches drawn (FB)."""
        if not fore or not self.final or not self.event.rounds:
            return self.views[base]
        key = ("fore", base)
        if key not in self._cache:
            self._cache[key] = fore_view(self.views[base], self.opps, self.bonus[base],
                                         self.draw[base])  # fmt: skip
        return self._cache[key]  # type: ignore[no-any-return]

    def seen(self, base: str, pre: bool, fore: bool = False) -> list[Fraction]:
        """Each team's score as its opponents count it (16.3; before 2023 unplayed = draw)."""
        key = ("seen", base, pre, fore)
        if key not in self._cache:
            self._cache[key] = seen_scores(
                self.view(base, fore), swiss=self.swiss, dummy_rules=self.edition.uses_dummy,
                pre_determined=pre, draw=self.draw[base],
            )  # fmt: skip
        return self._cache[key]  # type: ignore[no-any-return]

    def terms(self, team: int, opp_base: str, own_base: str, pre: bool,
              fore: bool = False) -> list[Term]:  # fmt: skip
        """One element per match (or unplayed round) of *team*, as for a player.

        The opponents are counted on *opp_base*, the team's own result on *own_base*;
        *fore* (FB): the final round's matches count as draws, a forfeit in it as a match.
        """
        key = ("terms", opp_base, own_base, pre, fore)
        if key not in self._cache:
            view = self.view(opp_base, fore)
            seen = self.seen(opp_base, pre, fore)
            own = self.views[own_base].pts
            irregular = unplayed_terms(
                view, seen, self.opps, swiss=self.swiss, edition=self.edition,
                pre_determined=pre, words=TEAM_WORDING, own=own,
                points=(self.win[opp_base], self.draw[opp_base], self.loss[opp_base]),
            )  # fmt: skip
            self._cache[key] = [
                irregular[i] if i in irregular else regular_terms(seen, opps, own[i], TEAM_WORDING)
                for i, opps in enumerate(self.opps)
            ]
        index = self.index.get(team)
        terms: list[Term] = [] if index is None else self._cache[key][index]
        return terms

    def cut(
        self, terms: list[Term], cut: int, median: int, sb: bool
    ) -> tuple[list[Term], list[Term]]:
        """``/Cn`` and ``/Mn`` with the VUR exception of 16.5 (as for a player)."""
        return cut_elements(
            terms, cut, median, sb=sb, by_score=self.sb_cut is SbCut.OPPONENT_SCORE,
            vurs_first=self.swiss and self.edition.uses_dummy,
        )  # fmt: skip

    @staticmethod
    def own(r: TeamRound, base: str) -> Fraction:
        """The round's match points or game points."""
        return r.mp if base == "MP" else r.gp

    def bases(self, tb: TeamTieBreak, primary: str) -> tuple[str, str, bool]:
        """(opponent's score, own result, Sonneborn-Berger?) of a BH/SB-family code."""
        if tb.name in ESB:
            opp, own = ESB[tb.name]
            return opp, own, True
        base = tb.base or primary
        return base, base, tb.name == "SB"

    def value(self, tb: TeamTieBreak, team: int, primary: str) -> Fraction | None:
        """The value of *tb* for *team* (``None`` for DE and codes not computed)."""
        name = tb.name
        if name == "PTS":
            return self.total[tb.base or primary][team]
        if name in ("MP", "GP"):
            return self.total[name][team]
        if name == "MPVGP":
            return self.total["GP" if (tb.base or primary) == "MP" else "MP"][team]
        if name == "SSSC":
            return self.sssc(tb, team, primary)
        if name == "BC":
            return sum((board * points for board, points in self.boards(team).items()),
                       Fraction(0))  # fmt: skip
        if name in ("BH", "FB", "SB") or name in ESB:
            opp, own, sb = self.bases(tb, primary)
            terms = self.terms(team, opp, own, tb.pre_determined, name == "FB")
            kept, _ = self.cut(terms, tb.cut, tb.median, sb)
            return sum(
                (t[TERM_SCORE] * t[TERM_POINTS] if sb else t[TERM_SCORE] for t in kept),
                Fraction(0),
            )
        if name == "AOB":
            return self.aob(tb, team, primary)
        if name == "KS":
            return sum((points for _, _, points, counted in self.koya(tb, team, primary)
                        if counted), Fraction(0))  # fmt: skip
        if name in ("WIN", "WON"):
            base = tb.base or primary
            return Fraction(sum(
                1 for r in self.event.results.get(team, ())
                if r.usual_mp == self.win["MP"] and (name == "WIN" or r.kind is RoundKind.GAME)
            )) if base == "MP" else self.board_wins(team, name == "WON")  # fmt: skip
        if name == "PS":
            running, total = Fraction(0), Fraction(0)
            for r in self.event.results.get(team, ())[tb.cut :]:
                running += self.own(r, tb.base or primary)
                total += running
            return total
        return None

    def koya_limit(self, tb: TeamTieBreak, primary: str) -> tuple[Fraction, Fraction]:
        """(maximum possible score, limit) of KS on its score (C.07 9.2, 14.5).

        The maximum is a win on that score (a match's match points; the boards' game
        points) in each game a team can have had (the players' rule,
        :func:`~trfkit.compute.tiebreaks.opponents.koya_games`, over the teams that met an
        opponent); the limit is half of it, moved by ``/L±n`` half points, or ``/L40``'s
        percentage of it.
        """
        base = tb.base or primary
        met = sum(1 for row in self.opps if any(o >= 0 for o in row))
        games = koya_games(not self.swiss, met, self.event.rounds, self.cycles)
        maximum = games * self.win[base]
        if tb.percent is not None:
            return maximum, maximum * tb.percent / 100
        return maximum, maximum / 2 + Fraction(tb.shift, 2)

    def koya(
        self, tb: TeamTieBreak, team: int, primary: str
    ) -> list[tuple[int, int, Fraction, bool]]:
        """KS's elements of *team*: (round, opponent, points on KS's score, counted).

        One for each match or forfeit against an opponent (a bye has none); counted when the
        opponent's score reaches the limit (:meth:`koya_limit`; above it under
        ``--koya-threshold more-than``).
        """
        base = tb.base or primary
        _, limit = self.koya_limit(tb, primary)
        strict = self.koya_threshold is KoyaThreshold.MORE_THAN
        total = self.total[base]
        i = self.index.get(team)
        if i is None:
            return []
        own = self.views[base].pts[i]
        out = []
        for row, kind, o, points in zip(self.rows[i], self.kinds[i], self.opps[i], own,
                                        strict=True):  # fmt: skip
            if o < 0 or kind not in GAMES:
                continue
            score = total[self.numbers[o]]
            counted = score > limit if strict else score >= limit
            out.append((row.round, self.numbers[o], points, counted))
        return out

    def aob(self, tb: TeamTieBreak, team: int, primary: str) -> Fraction | None:
        """AOB (8.3): the average of the Buchholz (cut as *tb*) of the teams *team* played."""
        bh = TeamTieBreak("BH", "BH", tb.base, tb.cut, tb.median, tb.pre_determined)
        met = [r.opponent for r in self.event.results.get(team, ())
               if r.kind is RoundKind.GAME and r.opponent is not None]  # fmt: skip
        if not met:
            return None
        values = [self.value(bh, o, primary) or Fraction(0) for o in met]
        return sum(values, Fraction(0)) / len(values)

    def board_wins(self, team: int, played_only: bool) -> Fraction:
        """WIN:GP / WON:GP: boards won (over the board only, for WON).

        A forfeited match or a bye brings its boards when its game points are a win on each.
        """
        win = self.event.game_points.win
        count = 0
        for match in self.event.matches_of(team):
            if match.forfeit:
                continue
            for b in match.boards:
                points = b.first_points if team == match.first else b.second_points
                kind = b.first_kind if team == match.first else b.second_kind
                forfeited = kind is not None and kind is not RoundKind.GAME
                count += points == win and not (played_only and forfeited)
        if not played_only:
            for r in self.event.results.get(team, ()):
                if r.kind is not RoundKind.GAME and r.gp == self.win["GP"]:
                    count += self.event.boards
        return Fraction(count)

    def sssc(self, tb: TeamTieBreak, team: int, primary: str) -> Fraction:
        """Secondary score + Buchholz on the primary score / the divisor (module docstring)."""
        base = tb.base or primary
        other = "GP" if base == "MP" else "MP"
        bh = TeamTieBreak("BH", "BH", base, tb.cut, tb.median, tb.pre_determined)
        dividend = self.value(bh, team, primary) or Fraction(0)
        board_win = self.event.game_points.win
        boards, rounds, match_win = max(self.event.boards, 1), self.event.rounds, self.win["MP"]
        if tb.limit:
            divisor = tb.limit
        elif base == "MP" and board_win:
            divisor = math.floor(match_win * rounds / (board_win * boards))
        elif match_win:
            divisor = math.floor(board_win * rounds * boards / match_win)
        else:
            divisor = 1
        # a short event (one round of four boards) gives 0: the Buchholz is then added whole
        return self.total[other][team] + dividend / max(divisor, 1)

    def encounter(
        self, group: Sequence[int], base: str, pre: bool
    ) -> tuple[dict[int, Fraction], dict[int, int]]:
        """Points of each team against the rest of *group* (repeats averaged), and how many met.

        Swiss events count played matches only, unless ``/P``.
        """
        members = set(group)
        scores: dict[int, Fraction] = {}
        met: dict[int, int] = {}
        for n in group:
            against: dict[int, list[Fraction]] = {}
            for r in self.event.results.get(n, ()):
                o = r.opponent
                counted = r.kind is RoundKind.GAME or (r.kind.forfeit and (pre or not self.swiss))
                if o in members and o != n and counted:
                    against.setdefault(o, []).append(self.own(r, base))
            scores[n] = sum((sum(v, Fraction(0)) / len(v) for v in against.values()), Fraction(0))
            met[n] = len(against)
        return scores, met


def board_steps(values: TeamValues, team: int, name: str) -> list[Fraction]:
    """The values TBR or BBE compares, step by step (see the module docstring)."""
    points = values.boards(team)
    boards = [points.get(b, Fraction(0)) for b in range(1, max(values.event.boards, 1) + 1)]
    if name == "TBR":
        return boards
    # bottom-board elimination: the last board is left out from the first step on (all
    # boards together are the game points, a tie-break of their own)
    return [sum(boards[:k], Fraction(0)) for k in range(len(boards) - 1, 0, -1)]



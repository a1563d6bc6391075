"""Team standings: the primary score, then the team tie-breaks as a hierarchy (C.07 4.2).

Pure computation on :class:`~trfkit.compute.history.teams.TeamEvent` values; exact
fractions throughout. The team checks (later) read the same values.

**Primary score.** Match points unless record 192 names game points first
(``FIDE_TEAM_…_GP_MP``, ``FIDE_TEAM_…_GP``) or the list's ``PTS`` carries ``:GP``.
``PTS`` is the primary score; ``MP`` and ``GP`` name either score directly.

**Where the list comes from.** Record 212 (else 202) when it names a team code
(a team acronym or a ``:MP``/``:GP`` modifier); else ``--tiebreaks``; else the
default (C.07 prescribes none): the secondary score, then ``BH/C1``, ``BH``, ``SB``
in a Swiss event, the secondary score, ``DE``, ``SB`` in a round robin.

**Computed:** ``PTS``, ``MP``, ``GP``, ``MPvGP`` (the score that is not primary: game
points after match points, match points after game points, as gacrux reads it), ``DE``
(between teams, on the primary score; repeated meetings count as their average), ``BH``
(``/Cn``, ``/Mn``), ``SB`` and ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` (``/Cn``). The
first letter after ``E`` is the opponent's score, the second the team's own result in
the match (Held's exercises 38-41): ``EMGSB`` = Σ opponent's match points × own game
points. ``SB:MP`` is read as ``EMMSB`` and ``SB:GP`` as ``EGGSB`` (trfkit's reading);
``BH``/``SB`` without ``:MP``/``:GP`` use the primary score. ``BC`` (board count) is Σ
board number × the game points the team scored on that board in the matches it played;
the lower ranks first (gacrux's reading; the regulation's text was not available:
UNCERTAIN). ``TBR`` (top board result) compares the board points of board 1, then of
board 2, …; ``BBE`` (bottom-board elimination) compares the board points without the
last board, then without the last two, …, down to board 1 (the points of all boards
are the game points, not a step of BBE); each shows the value
of the step that separated the team (the first step for a team not tied), as gacrux
applies them (UNCERTAIN as BC). ``SSSC`` (score and schedule strength combination) is
the secondary score plus the Buchholz on the primary score divided by ``floor(rounds ×
MP of a win / (boards × GP of a board win))`` on match points, ``floor(rounds × boards ×
GP of a board win / MP of a win)`` on game points, or by ``n`` of ``/Ln`` (at least 1);
it reproduces Held's exercise 49, whose divisor for 7 rounds of 4 boards is 3.

Unplayed rounds follow the individual rules with the team as the player: round
robins count forfeited matches as matches (C.07 15.2) and byes as nothing; Swiss
events give each unplayed round a dummy (art. 16; capped in 2026) or, before 2023, a
virtual opponent, and opponents see a final run of requested byes as draws (16.3).
The VUR exception to cuts (16.5) applies.

``EDE`` (extended direct encounter) applies direct encounter on the primary score, then
on the secondary, alternately, while either separates tied teams (gacrux's reading; it
reproduces Held's exercises 42-45).

The 2026 EDE family (``EDEC``, ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB``) applies EDE, then, to
two teams still tied, the board criteria of their own matches: ``C`` board count (lower
first), ``T`` board 1's points, board 2's, …, ``B`` the boards but the last, but the last
two, … (``EDEBT`` = C then T, ``EDEBB`` = C then B), as gacrux applies them (UNCERTAIN:
the 2026 text was not available).

General tie-breaks applied to teams (the team as the player, the score ``:MP``/``:GP``,
else the primary): ``FB`` (BH with every team's last round counted as a draw, 8.2), ``AOB``
(the average BH of the teams met over the board), ``WIN`` (matches won, played or not;
``:GP`` boards won), ``WON`` (matches won over the board), ``PS`` (Σ running scores; ``/Cn``
drops the first n rounds). They reproduce gacrux on generated events (compare/README.md).

**Not computed** (the value is ``None`` and the reason is given): ``ESB`` without its
letters and ``KS``; the rating and colour codes (ARO, TPR, PTP, APRO, APPO, RTNG, BPG, BWG)
have no team meaning.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from trfkit.compute.history.kinds import RoundKind
from trfkit.compute.history.teams import TEAM_WORDS, TeamEvent, TeamRound, team_event_of
from trfkit.compute.regime import Regime, RegimeDecision, decide, read_192
from trfkit.compute.tiebreaks import (
    CODES,
    TEAM_CODES,
    Edition,
    EditionChoice,
    ListPrecedence,
    SbCut,
    TieBreakOptions,
    choose_edition,
    output_keys,
    parse_declared,
)
from trfkit.compute.tiebreaks.codes import modifier_tokens
from trfkit.compute.tiebreaks.core import cut_terms
from trfkit.errors import TieBreakError
from trfkit.model import Tournament

__all__ = [
    "DEFAULT_TEAM_TIEBREAKS",
    "TeamExplanation",
    "TeamRow",
    "TeamStandings",
    "TeamTieBreak",
    "compute_team_standings",
    "explain_team",
    "parse_team_tiebreak",
]

COMPUTED = frozenset(
    {"PTS", "MP", "GP", "MPVGP", "DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "BH",
     "FB", "AOB", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC", "TBR", "BBE", "SSSC", "WIN",
     "WON", "PS"}
)  # fmt: skip
"""The team tie-breaks trfkit computes."""

DEFAULT_TEAM_TIEBREAKS: dict[Regime, tuple[str, ...]] = {
    Regime.SWISS: ("SECONDARY", "BH/C1", "BH", "SB"),
    Regime.ROUND_ROBIN: ("SECONDARY", "DE", "SB"),
}
"""The list used when neither 212/202 (with team codes) nor ``--tiebreaks`` give one;
``SECONDARY`` stands for the score that is not primary (GP after MP, MP after GP)."""

_NAME = re.compile(r"([A-Z]+)(?::(MP|GP))?", re.IGNORECASE | re.ASCII)
_MODIFIER = re.compile(r"[/-](C\d+|M\d+|L[+-]?\d+|P|R|F|U\w*|V\d+|X)", re.IGNORECASE | re.ASCII)
_CUTTABLE = frozenset({"BH", "FB", "AOB", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "PS"})
_EDE_BOARDS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}
"""The board criteria each EDE code applies, after EDE, to two teams still tied."""
_NOT_FOR_TEAMS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "BPG", "BWG", "KS"})
_ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"),
        "EGGSB": ("GP", "GP")}  # fmt: skip
_VUR = frozenset(
    {RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT, RoundKind.HALF_BYE,
     RoundKind.ZERO_BYE, RoundKind.ABSENT}
)  # fmt: skip
_REQUESTED = frozenset({RoundKind.HALF_BYE, RoundKind.ZERO_BYE, RoundKind.ABSENT})


@attrs.frozen
class TeamTieBreak:
    """One team tie-break of a list.

    Attributes:
        text: The code as written (output keys use it).
        name: The acronym in upper case (``MPVGP`` for ``MPvGP``).
        base: ``"MP"`` or ``"GP"`` from ``:MP``/``:GP``; ``None`` means the primary score.
        cut: Least significant values cut (``/Cn``; ``/Mn`` too).
        median: Most significant values cut (``/Mn``).
        pre_determined: ``/P``: forfeited matches count as played.
        limit: ``/Ln``: SSSC's divisor.
    """

    text: str
    name: str
    base: str | None = None
    cut: int = 0
    median: int = 0
    pre_determined: bool = False
    limit: int | None = None

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
                    "or colour of their own; KS is left out: UNCERTAIN)")
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
    cut = median = 0
    pre = False
    limit: int | None = None
    for token in modifier_tokens(text, rest, _MODIFIER):
        if token[0] == "C":
            cut = int(token[1:])
        elif token[0] == "M":
            cut = median = int(token[1:])
        elif token == "P":
            pre = True
        elif token[0] == "L" and token[1:].lstrip("+-").isdigit():
            limit = abs(int(token[1:]))
        # /L, /R, /F, /U, /V, /X: accepted; they change no value trfkit computes for teams
    if (cut or median) and name in COMPUTED and name not in _CUTTABLE:
        raise TieBreakError(f"{text!r}: {name} takes no cut or median modifier")
    return TeamTieBreak(raw, name, base, min(cut, 99), min(median, 99), pre, limit)


def _names_team_code(texts: Sequence[str]) -> bool:
    """Whether a declared list is meant for teams: a team acronym or a ``:MP``/``:GP``."""
    for text in texts:
        match = _NAME.match(text.strip())
        if match is None:
            continue
        if match.group(1).upper() in TEAM_CODES | {"MPVGP"} or match.group(2):
            return True
    return False


@attrs.frozen
class TeamRow:
    """One line of the team standings: rank, team, name, MP, GP and each tie-break's value."""

    team: int
    name: str
    rank: int
    last: int
    mp: Fraction
    gp: Fraction
    values: tuple[Fraction | None, ...]


@attrs.frozen
class TeamStandings:
    """The recomputed team table.

    Attributes:
        tiebreaks: The criteria in order (``PTS`` included).
        rows: One row per team, in rank order.
        primary: ``"MP"`` or ``"GP"``; ``primary_reason`` says why.
        edition: The rule edition applied and why.
        regime: Round robin or Swiss (teams as participants), and why.
        source: Where the tie-break list came from.
        problems: Codes of a declared list that could not be read.
        unavailable: Output key → why its values are ``None``.
        event: The team values the table was computed from.
    """

    tiebreaks: tuple[TeamTieBreak, ...]
    rows: tuple[TeamRow, ...]
    primary: str
    primary_reason: str
    edition: EditionChoice
    regime: RegimeDecision
    source: str
    problems: tuple[str, ...]
    unavailable: Mapping[str, str]
    event: TeamEvent = attrs.field(eq=False, repr=False)

    def keys(self) -> tuple[str, ...]:
        """Output keys: the codes as written; a repeated code gets ``#2``, ``#3``."""
        return output_keys(tb.text for tb in self.tiebreaks)

    def row(self, team: int) -> TeamRow | None:
        """The row of team *team*, if any."""
        return self._rows_by_team.get(team)

    @functools.cached_property
    def _rows_by_team(self) -> dict[int, TeamRow]:
        return {r.team: r for r in reversed(self.rows)}  # the first row of a team wins


# --- the values ------------------------------------------------------------------------------

Term = tuple[int, int | None, Fraction, Fraction, bool, str]
"""(round, opponent or None, opponent's score as counted, own result, VUR?, how)."""


class _Values:
    """The team tie-breaks of one event under one edition and regime, computed on demand."""

    def __init__(self, event: TeamEvent, edition: Edition, swiss: bool, sb_cut: SbCut) -> None:
        self.event = event
        self.edition = edition
        self.swiss = swiss
        self.sb_cut = sb_cut
        self.numbers = [t.number for t in event.teams]
        mp, gp = event.match_points, event.game_points
        size = event.boards
        self.win = {"MP": mp.win, "GP": gp.win * size}
        self.draw = {"MP": mp.draw, "GP": gp.draw * size}
        self.loss = {"MP": mp.loss, "GP": gp.loss * size}
        self.total = {
            "MP": {n: event.mp(n) for n in self.numbers},
            "GP": {n: event.gp(n) for n in self.numbers},
        }
        self._seen: dict[tuple[str, bool, bool], dict[int, Fraction]] = {}
        self._fore: dict[str, dict[int, Fraction]] = {}
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

    def _last(self, team: int) -> TeamRound | None:
        """*team*'s round of the event's last round when it had an opponent (FB), else None."""
        rounds = self.event.results.get(team, ())
        last = rounds[-1] if rounds else None
        if last is None or last.round != self.event.rounds or last.opponent is None:
            return None
        return None if last.kind is RoundKind.NOT_PLAYED else last

    def own(self, r: TeamRound, base: str) -> Fraction:
        return r.mp if base == "MP" else r.gp

    def fore_total(self, base: str) -> dict[int, Fraction]:
        """Each team's score with its last round, when it had an opponent, as a draw (FB)."""
        if base in self._fore:
            return self._fore[base]
        out = dict(self.total[base])
        for n in self.numbers:
            last = self._last(n)
            if last is not None:
                out[n] += self.draw[base] - self.own(last, base)
        self._fore[base] = out
        return out

    def seen(self, base: str, pre: bool, fore: bool = False) -> dict[int, Fraction]:
        """Each team's score as its opponents count it (16.3; before 2023 unplayed = draw).

        *fore* (FB, 8.2): a team paired in the last round counts that round as a draw.
        """
        key = (base, pre, fore)
        if key in self._seen:
            return self._seen[key]
        out = dict(self.fore_total(base) if fore else self.total[base])
        if self.swiss:
            draw = self.draw[base]
            dummy = self.edition.uses_dummy
            for n in self.numbers:
                adjust = Fraction(0)
                only_vur_after = True
                for r in reversed(self.event.results.get(n, ())):
                    k = r.kind
                    if k is RoundKind.NOT_PLAYED:
                        continue  # paired without a result yet: no round for anybody
                    if fore and r is self._last(n):
                        # FB's last round is a drawn match: no unplayed round, and the
                        # requested byes before it are not a final run (16.3)
                        only_vur_after = False
                        continue
                    if pre and k.forfeit:
                        only_vur_after = False
                        continue
                    if dummy:
                        if k in _REQUESTED and only_vur_after:
                            adjust += draw - self.own(r, base)
                        only_vur_after = only_vur_after and k in _VUR
                        if not only_vur_after:
                            break  # only the final run of unplayed rounds counts (16.3)
                    elif k is not RoundKind.GAME:
                        adjust += draw - self.own(r, base)
                out[n] += adjust
        self._seen[key] = out
        return out

    def terms(self, team: int, opp_base: str, own_base: str, pre: bool,
              fore: bool = False) -> list[Term]:  # fmt: skip
        """One element per match (or unplayed round) of *team*, as the individual engine.

        *fore* (FB): every team's last round counts as a draw, a forfeit in it as a match.
        """
        seen = self.seen(opp_base, pre, fore)
        rounds = self.event.results.get(team, ())
        n = self.event.rounds
        # the dummy has the team's own (FB: fore) score, not the one its opponents see (16.3)
        own_total = self.fore_total(opp_base)[team] if fore else self.total[opp_base][team]
        last = self._last(team) if fore else None
        capped = self.edition is Edition.FIDE_2026
        out: list[Term] = []
        running = Fraction(0)
        for index, r in enumerate(rounds):
            p = self.own(r, own_base)
            o = r.opponent
            if r.kind is RoundKind.NOT_PLAYED:
                continue  # paired without a result yet: not a round of the tie-breaks
            if r.kind is RoundKind.GAME and o is not None:
                out.append((r.round, o, seen[o], p, False, "match"))
            elif r.kind.forfeit and o is not None and (pre or not self.swiss or r is last):
                out.append((r.round, o, seen[o], p, False, "forfeit counted as a match"))
            elif not self.swiss:
                pass  # byes contribute nothing in round robins (15.2)
            elif not self.edition.uses_dummy:
                mine = self.own(r, opp_base)
                win, draw, loss = self.win[opp_base], self.draw[opp_base], self.loss[opp_base]
                opposite = loss if mine >= win else draw if mine == draw else win
                virtual = running + opposite + draw * (n - index - 1)
                out.append((r.round, None, virtual, p, False, "virtual opponent"))
            else:
                dummy, how = own_total, "dummy (own score)"
                if capped:
                    if r.kind.forfeit and o is not None:
                        if seen[o] < dummy:
                            dummy, how = seen[o], "dummy (scheduled opponent's score)"
                    elif self.draw[opp_base] * n < dummy:
                        dummy, how = self.draw[opp_base] * n, "dummy (draws in every round)"
                out.append((r.round, None, dummy, p, r.kind in _VUR, how))
            running += self.own(r, opp_base)
        return out

    def cut(
        self, terms: list[Term], cut: int, median: int, sb: bool
    ) -> tuple[list[Term], list[Term]]:
        """``/Cn`` and ``/Mn`` with the VUR exception of 16.5 (as the individual engine)."""
        by_score = sb and self.sb_cut is SbCut.OPPONENT_SCORE

        def value(t: Term) -> Fraction:
            return t[2] * t[3] if sb else t[2]

        def lsv_key(t: Term) -> tuple[Fraction, Fraction | int]:
            return (t[2], value(t)) if by_score else (value(t), t[0])

        return cut_terms(
            terms, cut, median, value=value, lsv_key=lsv_key, is_vur=lambda t: t[4],
            vurs_first=self.swiss and self.edition.uses_dummy,
        )  # fmt: skip

    def bases(self, tb: TeamTieBreak, primary: str) -> tuple[str, str, bool]:
        """(opponent's score, own result, Sonneborn-Berger?) of a BH/SB-family code."""
        if tb.name in _ESB:
            opp, own = _ESB[tb.name]
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
        if name in ("BH", "FB", "SB") or name in _ESB:
            opp, own, sb = self.bases(tb, primary)
            terms = self.terms(team, opp, own, tb.pre_determined, name == "FB")
            kept, _ = self.cut(terms, tb.cut, tb.median, sb)
            return sum(((t[2] * t[3]) if sb else t[2] for t in kept), Fraction(0))
        if name == "AOB":
            return self.aob(tb, team, primary)
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


def _split(
    group: list[int], key: Mapping[int, Fraction | None], higher: bool = True
) -> list[list[int]]:
    """*group* split by *key*, best first; ``None`` keys (no value) stay together last."""
    sign = -1 if higher else 1
    ordered = sorted(group, key=lambda n: (key[n] is None, sign * (key[n] or 0)))
    parts: list[list[int]] = []
    previous: object = object()
    for n in ordered:
        if parts and key[n] == previous:
            parts[-1].append(n)
        else:
            parts.append([n])
            previous = key[n]
    return parts


def _board_steps(values: _Values, team: int, name: str) -> list[Fraction]:
    """The values TBR or BBE compares, step by step (see the module docstring)."""
    points = values.boards(team)
    boards = [points.get(b, Fraction(0)) for b in range(1, max(values.event.boards, 1) + 1)]
    if name == "TBR":
        return boards
    # bottom-board elimination: the last board is left out from the first step on (all
    # boards together are the game points, a tie-break of their own)
    return [sum(boards[:k], Fraction(0)) for k in range(len(boards) - 1, 0, -1)]


def _stepwise(group: list[int], steps: Mapping[int, list[Fraction]], level: int = 0,
              shown: dict[int, Fraction] | None = None) -> tuple[list[list[int]],
                                                                 dict[int, Fraction]]:  # fmt: skip
    """*group* split step by step, best first, and the value of the step that separated each."""
    shown = {} if shown is None else shown
    depth = min(len(steps[n]) for n in group)
    if level >= depth:
        for n in group:
            shown.setdefault(n, steps[n][depth - 1] if depth else Fraction(0))
        return [group], shown
    out: list[list[int]] = []
    for part in _split(group, {n: steps[n][level] for n in group}):
        if len(part) == 1:
            shown[part[0]] = steps[part[0]][level]
            out.append(part)
        else:
            out.extend(_stepwise(part, steps, level + 1, shown)[0])
    return out, shown


def _direct_encounter(values: _Values, group: list[int], base: str,
                      pre: bool) -> tuple[list[list[int]], dict[int, Fraction]]:  # fmt: skip
    """Art. 6 on a tied group of teams: the sub-groups best first, and each team's DE score.

    When every team met every other, the sub-table orders them and ties inside it are
    settled by applying it again to the tied teams. In a Swiss event a team that comes
    first whatever the missing matches' results (each won by the other team) is placed
    first and the rest considered again (6.3). Otherwise the group stays tied.
    """
    first, met = values.encounter(group, base, pre)
    scores: dict[int, Fraction] | None = first
    out: list[list[int]] = []
    rest = list(group)
    while len(rest) > 1:
        if scores is None:
            scores, met = values.encounter(rest, base, pre)
        size = len(rest)
        if all(met[n] == size - 1 for n in rest):
            parts = _split(rest, dict(scores))
            if len(parts) == 1:
                break
            for part in parts:
                out.extend(_direct_encounter(values, part, base, pre)[0] if len(part) > 1
                           else [part])  # fmt: skip
            return out, first
        if not values.swiss:
            break
        win = values.win[base]
        known = scores
        reach = {n: known[n] + win * (size - 1 - met[n]) for n in rest}
        best = next((n for n in sorted(rest, key=lambda n: -known[n])
                     if all(known[n] > reach[m] for m in rest if m != n)), None)  # fmt: skip
        if best is None:
            break
        out.append([best])
        rest.remove(best)
        scores = None
    if rest:
        out.append(rest)
    return out, first


def _extended_encounter(values: _Values, group: list[int], primary: str, pre: bool,
                        criteria: str = "") -> tuple[list[list[int]],
                                                     dict[int, Fraction]]:  # fmt: skip
    """EDE: direct encounter on the primary score, then on the secondary, alternately.

    A score is applied to every group still tied while it separates some; when it
    separates none the other score is tried; two passes in a row without a change end
    it (as gacrux applies EDE). The values shown are the primary-score DE of the group.
    *criteria* (``C``, ``T``, ``B``; :data:`_EDE_BOARDS`) then go on with two teams
    still tied (:func:`_encounter_boards`).
    """
    secondary = "GP" if primary == "MP" else "MP"
    first = values.encounter(group, primary, pre)[0]
    groups, current, idle = [group], primary, 0
    while idle < 2 and any(len(g) > 1 for g in groups):
        changed = False
        split: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                split.append(g)
                continue
            parts = _direct_encounter(values, g, current, pre)[0]
            changed = changed or len(parts) > 1
            split.extend(parts)
        groups = split
        if changed:
            idle = 0
        else:
            idle += 1
            current = secondary if current == primary else primary
    if criteria:
        groups = [part for g in groups
                  for part in (_encounter_boards(values, g, criteria) if len(g) == 2 else [g])]
    return groups, first


def _encounter_boards(values: _Values, pair: list[int], criteria: str) -> list[list[int]]:
    """EDEC/EDET/EDEB/EDEBT/EDEBB on two teams still tied: their matches' boards.

    ``C``: board count of the boards of their matches (the lower first); ``T``: board 1's
    points, then board 2's, …; ``B``: the boards but the last, but the last two, …
    (gacrux's reading: the 2026 text was not available; UNCERTAIN).
    """
    a, b = pair
    points: dict[int, dict[int, Fraction]] = {a: {}, b: {}}
    for match in values.event.matches:
        if match.forfeit or {match.first, match.second} != {a, b}:
            continue
        for board in match.boards:
            for side, got in ((match.first, board.first_points),
                              (match.second, board.second_points)):  # fmt: skip
                points[side][board.board] = points[side].get(board.board, Fraction(0)) + got
    size = max(values.event.boards, 1)
    steps: dict[int, list[Fraction]] = {a: [], b: []}
    for team in pair:
        row = [points[team].get(k, Fraction(0)) for k in range(1, size + 1)]
        for criterion in criteria:
            if criterion == "C":  # lower is better: negated so that the higher ranks first
                steps[team].append(-sum((k * v for k, v in enumerate(row, 1)), Fraction(0)))
            elif criterion == "T":
                steps[team].extend(row)
            else:
                steps[team].extend(sum(row[:k], Fraction(0)) for k in range(size - 1, 0, -1))
    return _stepwise(pair, steps)[0]


def _primary(tournament: Tournament, codes: Sequence[TeamTieBreak]) -> tuple[str, str]:
    """``"MP"`` or ``"GP"``, and why."""
    for tb in codes:
        if tb.name == "PTS" and tb.base:
            return tb.base, f"the list's {tb.text}"
    code = read_192(tournament.header("192"))
    text = code.text.upper() if code is not None else ""
    found = re.search(r"FIDE_TEAM_(?:TYPE[AB]_)?(MP|GP)", text)
    if found:  # the first of the two names the primary score (FIDE_TEAM_MP_GP: MP)
        return found.group(1), f"record 192 is {text}"
    return "MP", "match points, the regulations' usual primary score (no 192 code names one)"


def _resolve(
    tournament: Tournament,
    requested: Sequence[str] | None,
    regime: Regime,
    precedence: ListPrecedence = ListPrecedence.REQUESTED,
) -> tuple[list[TeamTieBreak], str, list[str]]:
    """The list, its source and the problems (see the module docstring).

    The precedence between *requested* and a declared team list is the individual one
    (:class:`~trfkit.compute.tiebreaks.options.ListPrecedence`).
    """
    problems: list[str] = []
    record = tournament.tiebreak_list
    declared = record is not None and _names_team_code(record.tiebreaks)
    asked = [parse_team_tiebreak(c) for c in requested if c.strip()] if requested else []
    codes: list[TeamTieBreak] = []
    if asked and (not declared or precedence is ListPrecedence.REQUESTED):
        codes = asked
        source = "--tiebreaks"
        if record is not None:
            named = "declares " + ", ".join(record.tiebreaks) if declared else "names no team code"
            source += f" (record {record.code} {named})"
    elif record is not None and declared:
        codes, problems = parse_declared(record.code, record.tiebreaks, parse_team_tiebreak)
        source = f"record {record.code} (it names team codes)"
        if asked:
            problems.append(
                f"--tiebreaks {','.join(requested or ())} not applied: the report declares "
                f"its own team list in record {record.code}"
            )
    else:
        codes = [TeamTieBreak("SECONDARY", "SECONDARY")]
        codes += [parse_team_tiebreak(c) for c in DEFAULT_TEAM_TIEBREAKS[regime][1:]]
        kind = "round robins" if regime is Regime.ROUND_ROBIN else "Swiss events"
        source = f"trfkit's default for team {kind} (C.07 prescribes none)"
        if record is not None:
            source += f"; record {record.code} names no team code"
    return codes, source, problems


def compute_team_standings(
    tournament: Tournament,
    options: TieBreakOptions | None = None,
    *,
    regime: RegimeDecision | None = None,
    event: TeamEvent | None = None,
) -> TeamStandings:
    """The team standings of a team event (the caller has asked :func:`team_event`).

    Args:
        tournament: The report.
        options: ``tiebreaks`` (used when 212/202 name no team code), ``rules`` (the
            C.07 edition) and ``sb_cut``; the defaults when not given.
        regime: The decision of :func:`~trfkit.compute.regime.decide` (made here if not given).
        event: The team values (:func:`~trfkit.compute.history.team_event_of`), if built
            already.

    Raises:
        TieBreakError: For an unknown code in ``options.tiebreaks``, or an individual event
            (the regime's answer is the one that counts, not the records present).
    """
    options = options or TieBreakOptions()
    regime = regime or decide(tournament)
    if not regime.team:
        raise TieBreakError("team standings need a team event; this one is individual")
    event = event or team_event_of(tournament)
    edition = choose_edition(tournament, options.rules)
    codes, source, problems = _resolve(
        tournament, options.tiebreaks, regime.regime, options.list_precedence
    )
    primary, why = _primary(tournament, codes)
    secondary = "GP" if primary == "MP" else "MP"
    codes = [TeamTieBreak(secondary, secondary) if tb.name == "SECONDARY" else tb for tb in codes]
    if not any(tb.name == "PTS" for tb in codes):
        codes.insert(0, TeamTieBreak("PTS", "PTS"))
    values = _Values(event, edition.edition, regime.regime is Regime.SWISS, options.sb_cut)
    numbers = values.numbers
    columns: list[dict[int, Fraction | None]] = []
    unavailable: dict[str, str] = {}
    groups = [sorted(numbers)]
    keys = TeamStandings(tuple(codes), (), primary, why, edition, regime, source, (), {},
                         event).keys()  # fmt: skip
    for key, tb in zip(keys, codes, strict=True):
        column: dict[int, Fraction | None] = dict.fromkeys(numbers)
        if tb.name == "DE" or tb.name in _EDE_BOARDS:
            split: list[list[int]] = []
            for group in groups:
                if len(group) == 1:
                    split.append(group)
                    continue
                base = tb.base or primary
                if tb.name == "DE":
                    parts, scores = _direct_encounter(values, group, base, tb.pre_determined)
                else:
                    parts, scores = _extended_encounter(values, group, base, tb.pre_determined,
                                                        _EDE_BOARDS[tb.name])  # fmt: skip
                column.update(scores)
                split.extend(parts)
            groups = split
        elif tb.name in ("TBR", "BBE"):
            steps = {n: _board_steps(values, n, tb.name) for n in numbers}
            column.update({n: steps[n][0] if steps[n] else Fraction(0) for n in numbers})
            split = []
            for group in groups:
                if len(group) == 1:
                    split.append(group)
                    continue
                parts, shown = _stepwise(group, steps)
                column.update(shown)
                split.extend(parts)
            groups = split
        elif not tb.computed:
            unavailable[key] = tb.reason or ""
        else:
            column = {n: values.value(tb, n, primary) for n in numbers}
            better = tb.higher_is_better
            groups = [part for g in groups
                      for part in (_split(g, column, better) if len(g) > 1 else [g])]  # fmt: skip
        columns.append(column)
    rows: list[TeamRow] = []
    position = 1
    for group in groups:
        last = position + len(group) - 1
        for n in group:
            info = event.team(n)
            name = info.name if info else ""
            mp, gp = values.total["MP"][n], values.total["GP"][n]
            rows.append(TeamRow(n, name, position, last, mp, gp, tuple(c[n] for c in columns)))
        position = last + 1
    return TeamStandings(tuple(codes), tuple(rows), primary, why, edition, regime, source,
                         tuple(problems), unavailable, event)  # fmt: skip


@attrs.frozen
class TeamExplanation:
    """``--explain TEAM``: each round of one team and what it brings to each tie-break.

    Attributes:
        team: The team number.
        rounds: One ``(round, opponent, kind, MP, GP, {key: (opponent score, contribution,
            how)})`` per round.
        cut: Key → the rounds a cut removed.
    """

    team: int
    rounds: tuple[tuple[int, int | None, str, Fraction, Fraction,
                        dict[str, tuple[Fraction, Fraction, str]]], ...]  # fmt: skip
    cut: Mapping[str, tuple[int, ...]]


def explain_team(
    st: TeamStandings, team: int, options: TieBreakOptions | None = None
) -> TeamExplanation:
    """The contributions of *team*'s rounds to the BH/SB-family codes of *st*."""
    options = options or TieBreakOptions()
    values = _Values(st.event, st.edition.edition, st.regime.regime is Regime.SWISS,
                     options.sb_cut)  # fmt: skip
    per_round: dict[int, dict[str, tuple[Fraction, Fraction, str]]] = {}
    cut: dict[str, tuple[int, ...]] = {}
    for key, tb in zip(st.keys(), st.tiebreaks, strict=True):
        if not (tb.name in ("BH", "SB") or tb.name in _ESB):
            continue
        opp, own, sb = values.bases(tb, st.primary)
        terms = values.terms(team, opp, own, tb.pre_determined)
        _, removed = values.cut(terms, tb.cut, tb.median, sb)
        cut[key] = tuple(t[0] for t in removed)
        for t in terms:
            per_round.setdefault(t[0], {})[key] = (t[2], t[2] * t[3] if sb else t[2], t[5])
    rounds = tuple(
        (r.round, r.opponent, TEAM_WORDS[r.kind], r.mp, r.gp, per_round.get(r.round, {}))
        for r in st.event.results.get(team, ())
    )
    return TeamExplanation(team, rounds, cut)


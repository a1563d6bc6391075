"""A reference model of FIDE points, round-robin withdrawals and the C.07 tie-breaks.

Written from the rule texts (``shared/spec/fide-rules.md`` §2.3-§2.5, §3, §3.3a, §4.5;
C.07 art. 15 and 16 as copied from the 2026 handbook text), for comparison with trfkit.
It imports nothing from trfkit and uses exact fractions only. Plain, not fast.

The input is an abstract event (:class:`Event`): the players, the declared rounds, the rounds
played so far (games with their outcome, byes), the regime (round robin or Swiss) and, for a
team event, the teams and their matches. :func:`compute` gives every player's (or team's)
points and tie-breaks.

Readings the texts leave open (UNCERTAIN) follow the documented defaults of trfkit's
options (``trfkit/compute/tiebreaks/options.py``) and are marked ``UNCERTAIN`` below.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

ZERO = Fraction(0)
HALF = Fraction(1, 2)
ONE = Fraction(1)

EDITIONS = ("fide-pre-2023", "fide-2023", "fide-2024", "fide-2026")

INDIVIDUAL_CODES = ("DE", "WIN", "WON", "BPG", "BWG", "REP", "PS", "BH", "BH/C1", "BH/M1",
                    "SB", "SB/C1", "KS")  # fmt: skip
"""The tie-breaks the model computes for individual events (PTS is the score)."""
TEAM_CODES = ("BH:MP", "BH:MP/C1", "SB:MP")
"""The team tie-breaks computed (on match points; GP is the game points total)."""


# --- the abstract event ----------------------------------------------------------------------


class Outcome(enum.Enum):
    """The outcome of a pairing, White first."""

    WHITE_WINS = "1-0"
    DRAW = "½-½"
    BLACK_WINS = "0-1"
    WHITE_FORFEIT_WIN = "+-"
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"


class Bye(enum.Enum):
    """A round without a pairing, as the TRF result codes name it (trf-format.md §1.4)."""

    PAB = "U"
    FULL = "F"
    HALF = "H"
    ZERO = "Z"
    ABSENT = "absent"  # not paired, written as a blank block; scores as Z


@dataclass(frozen=True)
class Scoring:
    """Points of an individual game (TRF-2026 record 162); ``pab`` ``None`` means a win."""

    win: Fraction = ONE
    draw: Fraction = HALF
    loss: Fraction = ZERO
    absent: Fraction = ZERO  # zero-point bye, absence, forfeit loss
    pab: Fraction | None = None

    @property
    def pab_points(self) -> Fraction:
        """What a pairing-allocated bye is worth."""
        return self.win if self.pab is None else self.pab


@dataclass(frozen=True)
class TeamScoring:
    """Match points (record 362; default 2/1/0)."""

    win: Fraction = Fraction(2)
    draw: Fraction = ONE
    loss: Fraction = ZERO


@dataclass(frozen=True)
class Player:
    """A participant: start rank, rating (``None`` = unrated), team number (or ``None``)."""

    start_rank: int
    rating: int | None = None
    team: int | None = None


@dataclass(frozen=True)
class Game:
    """A pairing of one round with its outcome."""

    white: int
    black: int
    outcome: Outcome


@dataclass(frozen=True)
class Team:
    """A team: its number and its players' start ranks in board order."""

    number: int
    members: tuple[int, ...]


@dataclass(frozen=True)
class Match:
    """A team match: the first-named (white) team, the other, and a 330 forfeit if any."""

    white: int
    black: int
    forfeit: str | None = None  # "+-", "-+" or "--" (record 330)


@dataclass(frozen=True)
class Round:
    """One round: the games (boards of matches too), the byes, the matches and team PAB."""

    games: tuple[Game, ...] = ()
    byes: tuple[tuple[int, Bye], ...] = ()
    matches: tuple[Match, ...] = ()
    team_pab: int | None = None


@dataclass(frozen=True)
class Event:
    """An abstract event.

    Attributes:
        players: The players.
        rounds: The number of rounds of the event (declared, record 142).
        played: The rounds with results so far (``len(played) <= rounds``).
        round_robin: Pre-determined pairings (C.07 15.2) rather than a Swiss (art. 16).
        cycles: Cycles of a round robin.
        swap_last_two: Double round robin with the last two rounds of cycle 1 swapped.
        scoring: Individual (and game) points.
        edition: One of :data:`EDITIONS`.
        withdrawn: Player → first round missed, as the generator planned it (informative;
            the model reads withdrawals from the rounds, as a reader of the file must).
        teams: The teams of a team event (empty for an individual event).
        team_scoring: Match points.
        board_colours: Record 352: colours of the first-named team's boards.
        team_pab_values: Record 320's match and game points of a team PAB (``None``: none).
    """

    players: tuple[Player, ...]
    rounds: int
    played: tuple[Round, ...]
    round_robin: bool = False
    cycles: int = 1
    swap_last_two: bool = False
    scoring: Scoring = field(default_factory=Scoring)
    edition: str = "fide-2024"
    withdrawn: Mapping[int, int] = field(default_factory=dict)
    teams: tuple[Team, ...] = ()
    team_scoring: TeamScoring = field(default_factory=TeamScoring)
    board_colours: str = ""
    team_pab_values: tuple[Fraction, Fraction] | None = None

    @property
    def finished(self) -> bool:
        """Every declared round has results."""
        return len(self.played) >= self.rounds

    @property
    def boards(self) -> int:
        """Boards per team match."""
        return len(self.teams[0].members) if self.teams else 0


# --- what a round means for a participant ----------------------------------------------------

GAME = "game"
FORFEIT_WIN = "forfeit win"
FORFEIT_LOSS = "forfeit loss"
DOUBLE_FORFEIT = "double forfeit"
PAB = "pairing-allocated bye"
FULL_BYE = "full-point bye"
HALF_BYE = "half-point bye"
ZERO_BYE = "zero-point bye"
NOT_PAIRED = "not paired"
REMOVED = "removed"  # a game against an annulled round-robin player
FORFEITS = (FORFEIT_WIN, FORFEIT_LOSS, DOUBLE_FORFEIT)
MET = (GAME, *FORFEITS)
"""The kinds with a scheduled opponent: regular games in a round robin (C.07 15.2)."""
REQUESTED = (HALF_BYE, ZERO_BYE, NOT_PAIRED)
"""Requested byes (16.1.1): every absence, and every round after a withdrawal, is one."""


@dataclass(frozen=True)
class Entry:
    """One round of one participant (a player, or a team on match points)."""

    kind: str
    points: Fraction
    opponent: int | None = None
    colour: str | None = None  # "w" / "b" for individual games
    won: bool = False  # won over the board
    game_points: Fraction = ZERO  # teams


def round_entries(scoring: Scoring, rnd: Round) -> dict[int, Entry]:
    """What one round gives each player named in it (games and byes)."""
    s = scoring
    here: dict[int, Entry] = {}
    for g in rnd.games:
        w, b = g.white, g.black
        if g.outcome is Outcome.WHITE_WINS:
            here[w] = Entry(GAME, s.win, b, "w", won=True)
            here[b] = Entry(GAME, s.loss, w, "b")
        elif g.outcome is Outcome.DRAW:
            here[w] = Entry(GAME, s.draw, b, "w")
            here[b] = Entry(GAME, s.draw, w, "b")
        elif g.outcome is Outcome.BLACK_WINS:
            here[w] = Entry(GAME, s.loss, b, "w")
            here[b] = Entry(GAME, s.win, w, "b", won=True)
        elif g.outcome is Outcome.WHITE_FORFEIT_WIN:
            here[w] = Entry(FORFEIT_WIN, s.win, b, "w")
            here[b] = Entry(FORFEIT_LOSS, s.absent, w, "b")
        elif g.outcome is Outcome.BLACK_FORFEIT_WIN:
            here[w] = Entry(FORFEIT_LOSS, s.absent, b, "w")
            here[b] = Entry(FORFEIT_WIN, s.win, w, "b")
        else:  # neither came: the forfeit-loss value for both (fide-rules.md §2.5)
            here[w] = Entry(DOUBLE_FORFEIT, s.absent, b, "w")
            here[b] = Entry(DOUBLE_FORFEIT, s.absent, w, "b")
    bye_entry = {
        Bye.PAB: Entry(PAB, s.pab_points),
        Bye.FULL: Entry(FULL_BYE, s.win),
        Bye.HALF: Entry(HALF_BYE, s.draw),
        Bye.ZERO: Entry(ZERO_BYE, s.absent),
        Bye.ABSENT: Entry(NOT_PAIRED, s.absent),
    }
    for player, bye in rnd.byes:
        here[player] = bye_entry[bye]
    return here


def individual_entries(event: Event) -> dict[int, list[Entry]]:
    """Every player's rounds as :class:`Entry` (not paired where nothing is recorded)."""
    out: dict[int, list[Entry]] = {p.start_rank: [] for p in event.players}
    absent = Entry(NOT_PAIRED, event.scoring.absent)
    for rnd in event.played:
        here = round_entries(event.scoring, rnd)
        for player, rounds in out.items():
            rounds.append(here.get(player, absent))
    return out


def team_entries(event: Event) -> dict[int, list[Entry]]:
    """Every team's rounds on match points, with the game points alongside.

    A 330 forfeit gives the winner every board at the forfeit-win value and the match; a
    330 ``--`` is a double forfeit (0 MP, 0 GP each). A match without 330 is scored from its
    boards (more game points win the match); one in which no game was played over the board
    is an unplayed round (C.07 15.1): boards all forfeited by one side make a forfeit win
    and loss, boards all forfeited by both a double forfeit (0 MP each). A team PAB scores
    record 320's values; without them a draw's match points and the points of its boards'
    byes (``U`` blocks), else half the boards (UNCERTAIN: trfkit's documented reading).
    """
    s, ts, boards = event.scoring, event.team_scoring, event.boards
    team_of = {p.start_rank: p.team for p in event.players}
    out: dict[int, list[Entry]] = {t.number: [] for t in event.teams}
    for rnd in event.played:
        here: dict[int, Entry] = {}
        board_points: dict[int, Fraction] = {}
        kinds: dict[int, list[str]] = {}  # the kinds of a team's boards
        for player, e in round_entries(s, rnd).items():
            team = team_of[player]
            if team is None or e.opponent is None:
                continue
            board_points[team] = board_points.get(team, ZERO) + e.points
            kinds.setdefault(team, []).append(e.kind)
        for m in rnd.matches:
            if m.forfeit == "--":
                here[m.white] = Entry(DOUBLE_FORFEIT, ts.loss, m.black)
                here[m.black] = Entry(DOUBLE_FORFEIT, ts.loss, m.white)
                continue
            if m.forfeit is not None:
                winner, loser = (m.white, m.black) if m.forfeit == "+-" else (m.black, m.white)
                here[winner] = Entry(FORFEIT_WIN, ts.win, loser, game_points=boards * s.win)
                here[loser] = Entry(FORFEIT_LOSS, ts.loss, winner)
                continue
            white_kinds = kinds.get(m.white, [])
            if white_kinds and all(k == DOUBLE_FORFEIT for k in white_kinds):
                here[m.white] = Entry(DOUBLE_FORFEIT, ts.loss, m.black)
                here[m.black] = Entry(DOUBLE_FORFEIT, ts.loss, m.white)
                continue
            gw, gb = board_points.get(m.white, ZERO), board_points.get(m.black, ZERO)
            mw = ts.win if gw > gb else ts.draw if gw == gb else ts.loss
            mb = ts.win if gb > gw else ts.draw if gw == gb else ts.loss
            if GAME in white_kinds:
                kind_w = kind_b = GAME
            else:  # no game over the board: a forfeited match
                kind_w = FORFEIT_WIN if gw > gb else FORFEIT_LOSS
                kind_b = FORFEIT_WIN if gb > gw else FORFEIT_LOSS
            here[m.white] = Entry(kind_w, mw, m.black, game_points=gw)
            here[m.black] = Entry(kind_b, mb, m.white, game_points=gb)
        if rnd.team_pab is not None:
            members = set(event.teams[rnd.team_pab - 1].members)
            on_boards = [e for p, e in round_entries(s, rnd).items() if p in members]
            on_boards = [e for e in on_boards if e.kind != NOT_PAIRED]
            if event.team_pab_values is not None:
                mp, gp = event.team_pab_values
            elif on_boards:  # the boards' U blocks
                mp, gp = ts.draw, sum((e.points for e in on_boards), ZERO)
            else:
                mp, gp = ts.draw, boards * s.draw
            here[rnd.team_pab] = Entry(PAB, mp, game_points=gp)
        for team, rounds in out.items():
            rounds.append(here.get(team, Entry(NOT_PAIRED, ts.loss)))
    return out


# --- withdrawals (C.05, round robins only) ---------------------------------------------------


@dataclass(frozen=True)
class Withdrawal:
    """A round-robin player who stopped playing (fide-rules.md §3.1, §3.3a)."""

    start_rank: int
    from_round: int  # first round of the unplayed run that ends the record
    completed: int  # games played over the board
    scheduled: int  # games scheduled over all cycles
    annulled: bool  # completed < 50 % of scheduled


def withdrawals(event: Event, entries: Mapping[int, list[Entry]]) -> dict[int, Withdrawal]:
    """Round-robin withdrawals as a reader of the file finds them (§3.3a).

    Only in a finished event: a player whose record ends in rounds without a game (forfeit
    losses, double forfeits, the table's byes), at least one of them forfeited, withdrew
    after the last game played; a forfeit followed by a game is a forfeit. In an event still
    in progress a trailing run of forfeits is no withdrawal. "Completed" means games played
    over the board (UNCERTAIN; trfkit's default ``withdrawal_completed=played``); annulment
    below 50 % of the games scheduled over all cycles (``withdrawal_boundary=below-half``).
    """
    if not event.round_robin or not event.finished or event.teams:
        return {}  # the players of a team event are not its participants
    scheduled = (len(event.players) - 1) * event.cycles
    out = {}
    for player, rounds in entries.items():
        start = len(rounds)
        while start > 0 and rounds[start - 1].kind in (FORFEIT_LOSS, DOUBLE_FORFEIT, NOT_PAIRED):
            start -= 1
        if not any(e.kind in (FORFEIT_LOSS, DOUBLE_FORFEIT) for e in rounds[start:]):
            continue
        completed = sum(1 for e in rounds if e.kind == GAME)
        out[player] = Withdrawal(player, start + 1, completed, scheduled, 2 * completed < scheduled)
    return out


# --- the tie-breaks --------------------------------------------------------------------------


@dataclass(frozen=True)
class Element:
    """One element of a Buchholz or Sonneborn-Berger sum."""

    opponent_score: Fraction
    points: Fraction
    vur: bool = False  # a voluntary unplayed round (16.1.2), for the 16.5 cut exception

    @property
    def product(self) -> Fraction:
        """The Sonneborn-Berger contribution."""
        return self.points * self.opponent_score


class TieBreaks:
    """The tie-breaks of participants given their rounds (annulled games already removed).

    Args:
        entries: Participant → rounds (all participants in the standings).
        round_robin: C.07 15.2 (forfeits are games; byes count nothing) or art. 16 (Swiss).
        edition: One of :data:`EDITIONS`.
        win: Points of a win (a match win for teams).
        draw: Points of a draw.
        loss: Points of a loss.
        cycles: Cycles of a round robin (for the Koya maximum).
        sb_cut: ``"opponent-score"`` (C.07 14.1.1.d, the default) or ``"contribution"``.
    """

    def __init__(
        self,
        entries: Mapping[int, Sequence[Entry]],
        *,
        round_robin: bool,
        edition: str,
        win: Fraction,
        draw: Fraction,
        loss: Fraction = ZERO,
        cycles: int = 1,
        sb_cut: str = "opponent-score",
    ) -> None:
        self.entries = entries
        self.round_robin = round_robin
        self.edition = edition
        self.win, self.draw, self.loss = win, draw, loss
        self.cycles = cycles
        self.sb_cut = sb_cut
        self.rounds = max((len(e) for e in entries.values()), default=0)
        self.scores = {p: sum((e.points for e in rounds), ZERO) for p, rounds in entries.items()}
        self._adjusted: dict[int, Fraction] = {}

    # -- Swiss: categories of unplayed rounds and the adjusted scores (art. 16) --

    def category(self, p: int, r: int) -> int | None:
        """The 16.2 category of round *r* (0-based) of *p*; ``None`` for a game played."""
        rounds = self.entries[p]
        kind = rounds[r].kind
        if kind in (PAB, FULL_BYE):
            return 1
        if kind == FORFEIT_WIN:
            return 2
        if kind in (FORFEIT_LOSS, DOUBLE_FORFEIT):
            return 4
        if kind in REQUESTED:
            # followed only by VURs, or in the last round (of the rounds played so far:
            # an event in progress is scored as if it ended there; UNCERTAIN)
            later = rounds[r + 1 :]
            only_vurs = all(e.kind in REQUESTED or e.kind in (FORFEIT_LOSS, DOUBLE_FORFEIT)
                            for e in later)  # fmt: skip
            return 5 if only_vurs else 3
        return None

    def adjusted(self, p: int) -> Fraction:
        """*p*'s score as its opponents' tie-breaks count it (Swiss).

        2023 onwards (16.3): requested byes of category 16.2.5 count as draws. Pre-2023
        (the 2009 rule, fide-rules.md §2.4 c): every unplayed round of *p* counts as a draw
        (PAB and full-point byes included: "all unplayed games"; UNCERTAIN).
        """
        if p in self._adjusted:
            return self._adjusted[p]
        total = self.scores[p]
        for r, e in enumerate(self.entries[p]):
            if self.edition == "fide-pre-2023":
                if e.kind != GAME:
                    total += self.draw - e.points
            elif self.category(p, r) == 5:
                total += self.draw - e.points
        self._adjusted[p] = total
        return total

    def dummy(self, p: int, r: int) -> Fraction:
        """The opponent's score in *p*'s own BH/SB for the unplayed round *r* (0-based)."""
        e = self.entries[p][r]
        if self.edition == "fide-pre-2023":
            # the virtual opponent: p's score before the round, the opposite result in it,
            # then a draw in each remaining round (of the rounds played so far)
            before = sum((x.points for x in self.entries[p][:r]), ZERO)
            return before + self.opposite(e.points) + self.draw * (self.rounds - r - 1)
        own = self.scores[p]
        if self.edition != "fide-2026":
            return own  # 16.4: the participant's own score
        if e.kind in FORFEITS and e.opponent is not None:
            return min(own, self.adjusted(e.opponent))  # 16.4.1
        # 16.4.2: a draw's points times the rounds of the tournament; for an event in
        # progress the rounds played so far (UNCERTAIN)
        return min(own, self.draw * self.rounds)

    def opposite(self, points: Fraction) -> Fraction:
        """The virtual opponent's points in a round where the player scored *points*."""
        if points == self.win:
            return self.loss
        if points == self.draw:
            return self.draw
        if points == self.loss:
            return self.win
        return self.win - points

    def elements(self, p: int) -> list[Element]:
        """The elements of *p*'s Buchholz and Sonneborn-Berger sums."""
        out = []
        for r, e in enumerate(self.entries[p]):
            if self.round_robin:
                # 15.2: forfeits are regular games; byes and removed games count nothing
                if e.kind in MET and e.opponent is not None:
                    out.append(Element(self.scores[e.opponent], e.points))
            elif e.kind == GAME and e.opponent is not None:
                out.append(Element(self.adjusted(e.opponent), e.points))
            else:
                vur = e.kind in REQUESTED or e.kind in (FORFEIT_LOSS, DOUBLE_FORFEIT)
                out.append(Element(self.dummy(p, r), e.points, vur))
        return out

    def cut(self, elements: list[Element], sb: bool, low: int, high: int) -> list[Element]:
        """The elements left after cutting *low* least and *high* most significant values.

        Least significant (14.1): for BH the lowest opponent's score; for SB the product of
        the lowest-scored opponent (the lowest product among several), or the lowest product
        with ``sb_cut="contribution"``. Swiss events under the 2023 and later texts apply the
        16.5 exception to the low cuts: a VUR's contribution is cut first (for SB the higher
        of the lowest VUR product and the least significant value).
        """
        kept = list(elements)
        exception = not self.round_robin and self.edition != "fide-pre-2023"
        for _ in range(low):
            if not kept:
                break
            least = self.least_significant(kept, sb)
            vurs = [x for x in kept if x.vur]
            if exception and vurs:
                if sb:
                    v = min(vurs, key=lambda x: x.product)
                    least = v if v.product >= least.product else least
                else:
                    least = min(vurs, key=lambda x: x.opponent_score)
            kept.remove(least)
        for _ in range(high):
            if not kept:
                break
            if sb:
                kept.remove(max(kept, key=lambda x: (x.opponent_score, x.product)))
            else:
                kept.remove(max(kept, key=lambda x: x.opponent_score))
        return kept

    def least_significant(self, elements: list[Element], sb: bool) -> Element:
        """The least significant element (14.1.1)."""
        if not sb:
            return min(elements, key=lambda x: x.opponent_score)
        if self.sb_cut == "contribution":
            return min(elements, key=lambda x: x.product)
        lowest = min(x.opponent_score for x in elements)
        return min((x for x in elements if x.opponent_score == lowest), key=lambda x: x.product)

    def buchholz(self, p: int, low: int = 0, high: int = 0) -> Fraction:
        """BH (8.1) with *low*/*high* cuts."""
        kept = self.cut(self.elements(p), False, low, high)
        return sum((x.opponent_score for x in kept), ZERO)

    def sonneborn_berger(self, p: int, low: int = 0) -> Fraction:
        """SB (9.1) with *low* cuts."""
        kept = self.cut(self.elements(p), True, low, 0)
        return sum((x.product for x in kept), ZERO)

    def koya(self, p: int) -> Fraction:
        """KS (9.2): points against opponents with at least 50 % of the maximum possible.

        Maximum = the games a player can have over all cycles (the others in the standings,
        annulled players left out) × a win's points; in an event still in progress, the
        games the rounds with results allow (FIDE's checker reads it so): a player of an odd
        field sits out one round in every k, k the players in the standings.
        """
        k = len(self.entries)
        possible = self.rounds - self.rounds // k if k % 2 else self.rounds
        maximum = min((k - 1) * self.cycles, possible) * self.win
        total = ZERO
        for e in self.entries[p]:
            strong = e.opponent is not None and 2 * self.scores[e.opponent] >= maximum
            if e.kind in MET and strong:
                total += e.points
        return total

    def wins(self, p: int) -> int:
        """WIN (7.1): rounds with a win's points, with or without playing."""
        return sum(1 for e in self.entries[p] if e.kind != REMOVED and e.points == self.win)

    def won(self, p: int) -> int:
        """WON (7.2): games won over the board.

        A round-robin forfeit win is not one: the reference checker's reading, trfkit's
        default ``rr_forfeit_wins_played=False`` (UNCERTAIN, fide-rules.md §2.7).
        """
        return sum(1 for e in self.entries[p] if e.kind == GAME and e.won)

    def black(self, p: int, won: bool = False) -> int:
        """BPG (7.3) or BWG (7.4): games played (won) over the board with Black."""
        return sum(1 for e in self.entries[p]
                   if e.kind == GAME and e.colour == "b" and (e.won or not won))  # fmt: skip

    def rep(self, p: int) -> int:
        """REP (7.6): rounds minus half-point byes, zero-point byes and forfeit losses.

        In a round robin the rounds are the player's scheduled games against players in the
        standings (the table's bye is not paired, a game against an annulled player is as if
        it had never been scheduled; UNCERTAIN).
        """
        rounds = self.entries[p]
        if self.round_robin:
            return sum(1 for e in rounds if e.kind in (GAME, FORFEIT_WIN))
        return sum(1 for e in rounds if e.kind not in (*REQUESTED, FORFEIT_LOSS, DOUBLE_FORFEIT))

    def progressive(self, p: int) -> Fraction:
        """PS (7.5): the sum of the running scores after each round."""
        total = running = ZERO
        for e in self.entries[p]:
            running += e.points
            total += running
        return total

    def direct_encounter(self, group: Iterable[int]) -> dict[int, Fraction] | None:
        """DE (6) among *group*: points among them, the average where two met more than once.

        ``None`` when the case is not simple: not all met, or a double forfeit between them.
        """
        group = list(group)
        values = {}
        for p in group:
            total = ZERO
            for q in group:
                if q == p:
                    continue
                met = [e for e in self.entries[p] if e.opponent == q and e.kind in MET]
                if not met or any(e.kind == DOUBLE_FORFEIT for e in met):
                    return None
                total += sum((e.points for e in met), ZERO) / len(met)
            values[p] = total
        return values


# --- the results -----------------------------------------------------------------------------


@dataclass
class ParticipantResult:
    """A player's (or team's) points, annulment, values (code → value) and rank."""

    number: int
    points: Fraction
    annulled: bool = False
    values: dict[str, Fraction | None] = field(default_factory=dict)
    game_points: Fraction = ZERO
    rank: int | None = None


@dataclass
class Result:
    """What :func:`compute` gives."""

    players: dict[int, ParticipantResult]
    withdrawals: dict[int, Withdrawal]
    teams: dict[int, ParticipantResult] = field(default_factory=dict)


def compute(event: Event, sb_cut: str = "opponent-score") -> Result:
    """Points, withdrawals and tie-breaks of *event* (team values too for a team event)."""
    entries = individual_entries(event)
    wd = withdrawals(event, entries)
    annulled = {p for p, w in wd.items() if w.annulled}
    standing = {}
    for p, rounds in entries.items():
        if p in annulled:
            continue
        standing[p] = [Entry(REMOVED, ZERO) if e.opponent in annulled else e for e in rounds]
    s = event.scoring
    tb = TieBreaks(
        standing,
        round_robin=event.round_robin,
        edition=event.edition,
        win=s.win,
        draw=s.draw,
        loss=s.loss,
        cycles=event.cycles,
        sb_cut=sb_cut,
    )
    players = {}
    for p, rounds in entries.items():
        if p in annulled:
            # the player's own results stay for rating and history; no place in the standings
            players[p] = ParticipantResult(p, sum((e.points for e in rounds), ZERO), True)
            continue
        values: dict[str, Fraction | None] = {
            "WIN": Fraction(tb.wins(p)),
            "WON": Fraction(tb.won(p)),
            "BPG": Fraction(tb.black(p)),
            "BWG": Fraction(tb.black(p, won=True)),
            "REP": Fraction(tb.rep(p)),
            "PS": tb.progressive(p),
            "BH": tb.buchholz(p),
            "BH/C1": tb.buchholz(p, 1),
            "BH/M1": tb.buchholz(p, 1, 1),
            "SB": tb.sonneborn_berger(p),
            "SB/C1": tb.sonneborn_berger(p, 1),
        }
        if event.round_robin:
            values["KS"] = tb.koya(p)
        players[p] = ParticipantResult(p, tb.scores[p], False, values)
    if event.round_robin and not event.teams:
        _direct_encounters(tb, players)
    result = Result(players, wd)
    if event.teams:
        result.teams = _teams(event, sb_cut)
    return result


def _direct_encounters(tb: TieBreaks, players: dict[int, ParticipantResult]) -> None:
    """DE right after PTS, where simple.

    ``None`` for a player not tied; left out (not to be compared) where the tied players
    have not all met, or where DE leaves some of them tied and art. 6 would be applied again
    to that smaller group.
    """
    groups: dict[Fraction, list[int]] = {}
    for p, row in players.items():
        if not row.annulled:
            groups.setdefault(row.points, []).append(p)
    for group in groups.values():
        if len(group) == 1:
            players[group[0]].values["DE"] = None
            continue
        de = tb.direct_encounter(group)
        if de is None:
            continue
        parts = {v: [p for p in group if de[p] == v] for v in de.values()}
        if len(parts) > 1 and any(len(part) > 1 for part in parts.values()):
            continue
        for p in group:
            players[p].values["DE"] = de[p]


def _teams(event: Event, sb_cut: str) -> dict[int, ParticipantResult]:
    """Team match points, game points, BH and SB on match points."""
    entries = team_entries(event)
    ts = event.team_scoring
    tb = TieBreaks(
        entries,
        round_robin=event.round_robin,
        edition=event.edition,
        win=ts.win,
        draw=ts.draw,
        loss=ts.loss,
        cycles=event.cycles,
        sb_cut=sb_cut,
    )
    out = {}
    for team, rounds in entries.items():
        values: dict[str, Fraction | None] = {
            "BH:MP": tb.buchholz(team),
            "BH:MP/C1": tb.buchholz(team, 1),
            "SB:MP": tb.sonneborn_berger(team),
        }
        gp = sum((e.game_points for e in rounds), ZERO)
        out[team] = ParticipantResult(team, tb.scores[team], False, values, gp)
    return out


def assign_ranks(rows: Iterable[ParticipantResult], keys: Sequence[str]) -> None:
    """Give every row not annulled its rank by *keys* in order, higher first.

    A key is ``PTS``, ``GP`` or a code of the values; rows equal on every key share the best
    place.
    """
    rows = [r for r in rows if not r.annulled]

    def key(row: ParticipantResult) -> tuple[Fraction, ...]:
        out = []
        for k in keys:
            value = row.points if k == "PTS" else row.game_points if k == "GP" else row.values[k]
            out.append(value if value is not None else ZERO)
        return tuple(out)

    for row in rows:
        row.rank = 1 + sum(1 for other in rows if key(other) > key(row))

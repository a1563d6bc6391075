"""Team events: the teams, and each round's team matches rebuilt from the board games.

Pure computation: a :class:`~trfkit.model.Tournament` in, frozen values out, never a
judgement. The team checks (:mod:`trfkit.checks.teams`) compare these values with what
a report declares; the team standings (:mod:`trfkit.compute.team_standings`) rank them.
Whether an event is a team event at all is :func:`trfkit.compute.regime.team_event`'s
answer, asked by the caller; :func:`team_event_of` builds the values once, in one pass
over the blocks.

How a round is read, for each team:

1. a forfeited match of record 330 (``+-``, ``-+``, ``--``) wins over everything;
2. else the boards: the team's players whose block names a player of another team
   (the team met on most boards is the opponent), with the boards a player won or lost
   by forfeit without an opponent (``0000 - +``) counted in that match;
3. else a team pairing-allocated bye (320, or every fielded board ``U``), a bye of
   record 240 (``F``/``H``/``Z``, ids read as team numbers), a full- or half-point bye
   shown on the boards, else an absence.

Game points follow record 162 (:class:`~trfkit.compute.history.points.PointSystem`), match
points record 362 (``TW``/``TD``/``TL``, default 2/1/0). A match is won by the team
with more game points. Readings where the texts leave room (each one a choice that
the team checks and the gacrux comparison will test):

- a team PAB brings the draw's match points and, without 320's game points, the
  points of its boards' ``U`` blocks, else half the boards (gacrux's default, and
  Held's team exercises);
- a forfeited match (330) gives the winner every board at the forfeit-win value, the
  loser nothing; a double forfeit is a loss for both;
- a 240 bye brings the match points of a win, draw or loss (F, H, Z) and the game
  points of every board at the win, draw or zero-bye value;
- a 299 without a type adds its match and game points to the teams it names (all,
  when none) outside the rounds; a typed one (``W D L F H Z + -``, the "type of
  abnormal assignment") gives the rounds of its kind its points in place of the usual
  ones: in its round, or in every round of that kind when it names none;
- a team whose boards were all won by forfeit, without a 330 or a 240, won a match by
  forfeit against a team the file does not name (all lost by forfeit, ``0000 - -``, is
  an absence, as exporters write it);
- a 330, 320 or 240 round beyond the event (142, else the player blocks) is left out,
  as an individual event's rounds come from 142 and the blocks only;
- a round in which no board of any match has a result yet is not counted, and a match
  none of whose boards has a result (an in-progress report) brings no points and counts
  for no tie-break.
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

import attrs

from trfkit.compute.history.kinds import RoundKind, bye_of_record, kind_on_board
from trfkit.compute.history.points import PointSystem
from trfkit.model import (
    AbnormalPoints,
    Byes,
    Colour,
    ForfeitedMatch,
    Player,
    Result,
    RowRound,
    Scoring,
    Team,
    TeamLineup,
    TeamPairingByes,
    TeamResults,
    Tournament,
)
from trfkit.values import Value

__all__ = [
    "TEAM_WORDS",
    "Board",
    "MatchPoints",
    "ResultRow",
    "RowKind",
    "TeamEvent",
    "TeamInfo",
    "TeamMatch",
    "TeamRound",
    "board_colour",
    "board_colours",
    "home_away",
    "result_rows",
    "row_bye",
    "team_event_of",
    "team_members",
]

_ZERO = Fraction(0)


@attrs.frozen(repr=False)
class MatchPoints(Value):
    """Team match points of a win, a draw and a loss (record 362; default 2/1/0)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = _ZERO
    source: str = "default"

    @classmethod
    def from_tournament(cls, tournament: Tournament) -> MatchPoints:
        """The values of the first 362 record (its ``TW``, ``TD``, ``TL``), else the defaults."""
        for record in tournament.of_type(Scoring):
            if record.code != "362":
                continue
            values = {symbol.upper(): points for symbol, points in record.values}
            return cls(
                values.get("TW", Fraction(2)),
                values.get("TD", Fraction(1)),
                values.get("TL", _ZERO),
                "record 362",
            )
        return cls()

    def of(self, own: Fraction, other: Fraction) -> Fraction:
        """The match points of a team that scored *own* game points against *other*."""
        return self.win if own > other else self.draw if own == other else self.loss


TEAM_WORDS: Mapping[RoundKind, str] = {
    RoundKind.GAME: "played",
    RoundKind.FORFEIT_WIN: "forfeit win",
    RoundKind.FORFEIT_LOSS: "forfeit loss",
    RoundKind.DOUBLE_FORFEIT: "double forfeit",
    RoundKind.NOT_PLAYED: "paired, no result yet",
    RoundKind.PAIRING_BYE: "PAB",
    RoundKind.FULL_BYE: "FPB",
    RoundKind.HALF_BYE: "HPB",
    RoundKind.ZERO_BYE: "ZPB",
    RoundKind.ABSENT: "absent",
}
"""How a team's round is named in the team outputs (the crosstable's CSV, ``--explain``)."""


@attrs.frozen(repr=False)
class TeamInfo(Value):
    """A team: its number (310 pairing number; 013 position in the file), name, board order."""

    number: int
    name: str
    members: tuple[int, ...]
    record: Team = attrs.field(eq=False, repr=False)


@attrs.frozen(repr=False)
class Board(Value):
    """One board of a match: the first-named team's player against the second's.

    Attributes:
        board: The board number (1 = top), in the line-up order (300, else the team's).
        first: The first-named team's player (start rank), ``None`` when absent.
        second: The second-named team's player, ``None`` when absent.
        colour: The first player's colour.
        first_points: Game points of the first player's block.
        second_points: Game points of the second player's block.
        first_kind: What the board was for the first player (:func:`kind_on_board`;
            ``None``: nobody there).
        second_kind: What it was for the second player.
    """

    board: int
    first: int | None
    second: int | None
    colour: Colour
    first_points: Fraction
    second_points: Fraction
    first_kind: RoundKind | None
    second_kind: RoundKind | None


@attrs.frozen(repr=False)
class TeamMatch(Value):
    """One team match of one round.

    Attributes:
        round: The round.
        first: The first-named team (the one whose top board has 352's first colour).
        second: The other team.
        boards: The boards, top first (empty for a 330 forfeit without board data).
        first_gp: The first team's game points; ``second_gp`` the second's.
        first_mp: The first team's match points; ``second_mp`` the second's.
        forfeit: ``""`` for a played match, else 330's ``+-``, ``-+`` or ``--``.
        line: The 330 record's line for a forfeited match (where a check points).
        pending: Paired, and no board has a result yet (it brings no points).
    """

    round: int
    first: int
    second: int
    boards: tuple[Board, ...]
    first_gp: Fraction
    second_gp: Fraction
    first_mp: Fraction
    second_mp: Fraction
    forfeit: str = ""
    line: int | None = None
    pending: bool = False


@attrs.frozen(repr=False)
class TeamRound(Value):
    """One team's round: what it was, against whom, and the points it brought."""

    round: int
    team: int
    kind: RoundKind
    mp: Fraction
    gp: Fraction
    opponent: int | None = None
    first: bool = False
    """True when the team was first-named in its match (the "white" team)."""
    line: int | None = None
    """The line of the 320, 240 or 330 record the round was read from, if any."""
    usual: tuple[Fraction, Fraction] | None = None
    """The match and game points the round brought before a typed 299 assigned others."""

    @property
    def usual_mp(self) -> Fraction:
        """The match points of the round's result (won, drawn, lost), whatever 299 assigned."""
        return self.usual[0] if self.usual is not None else self.mp


@attrs.frozen(repr=False)
class TeamEvent(Value):
    """Every team value of a tournament, built once.

    Attributes:
        teams: The teams in number order.
        rounds: The rounds counted (a round without any result yet is left out).
        matches: The matches in round order.
        results: Team number → its rounds 1..``rounds``.
        match_points: The match point system (362).
        game_points: The game point system (162).
        boards: The number of boards of a match (352, else the most boards seen).
        adjustments: The 299 records applied (a typed one in the rounds, see ``assigned``;
            one without a type added to the totals).
        assigned: Team → the match and game points its typed 299s changed its rounds by.
        assigned_by: For each of ``adjustments``, the teams whose rounds it changed.
        notes: What was read in a way worth saying (a located line each).
        member_of: Player start rank → his team (:func:`team_members`).
        opponents: (round, team) → (other team, boards against it) for every team its
            players meet that round, most boards first (the first is the opponent).
    """

    teams: tuple[TeamInfo, ...]
    rounds: int
    matches: tuple[TeamMatch, ...]
    results: Mapping[int, tuple[TeamRound, ...]]
    match_points: MatchPoints
    game_points: PointSystem
    boards: int
    adjustments: tuple[AbnormalPoints, ...] = ()
    notes: tuple[str, ...] = ()
    member_of: Mapping[int, int] = attrs.field(factory=dict)
    opponents: Mapping[tuple[int, int], tuple[tuple[int, int], ...]] = attrs.field(
        factory=dict
    )
    assigned: Mapping[int, tuple[Fraction, Fraction]] = attrs.field(factory=dict)
    assigned_by: tuple[frozenset[int], ...] = ()
    """For each of ``adjustments``, the teams whose rounds it assigned points to (typed)."""
    rows: tuple[ResultRow, ...] = ()
    """The informative 801/802 rows (:func:`result_rows`), read once for every reader."""

    @property
    def pending_rounds(self) -> tuple[int, ...]:
        """The rounds with a match paired and no result yet (a report in progress)."""
        return tuple(sorted({m.round for m in self.matches if m.pending}))

    @property
    def pending_teams(self) -> frozenset[int]:
        """The teams of a match paired and without a result yet (their totals may change)."""
        return frozenset(n for m in self.matches if m.pending for n in (m.first, m.second))

    def team(self, number: int) -> TeamInfo | None:
        """The team numbered *number*, if any."""
        return self._by_number.get(number)

    def match_of(self, rnd: int, number: int) -> TeamMatch | None:
        """The match team *number* played in round *rnd* (the first, if the file gives two)."""
        return self._by_round.get((rnd, number))

    def matches_of(self, number: int) -> tuple[TeamMatch, ...]:
        """Every match of team *number*, in round order."""
        return self._by_team.get(number, ())

    @functools.cached_property
    def _by_number(self) -> dict[int, TeamInfo]:
        return {t.number: t for t in reversed(self.teams)}  # the first of a number wins

    @functools.cached_property
    def _by_team(self) -> dict[int, tuple[TeamMatch, ...]]:
        index: dict[int, list[TeamMatch]] = {}
        for m in self.matches:
            index.setdefault(m.first, []).append(m)
            if m.second != m.first:
                index.setdefault(m.second, []).append(m)
        return {n: tuple(ms) for n, ms in index.items()}

    @functools.cached_property
    def _by_round(self) -> dict[tuple[int, int], TeamMatch]:
        index: dict[tuple[int, int], TeamMatch] = {}
        for m in self.matches:
            index.setdefault((m.round, m.first), m)
            index.setdefault((m.round, m.second), m)
        return index

    def mp(self, number: int) -> Fraction:
        """The team's match points: its rounds plus 299's match points."""
        return sum((r.mp for r in self.results.get(number, ())), _ZERO) + self.bonus(number)[0]

    def gp(self, number: int) -> Fraction:
        """The team's game points: its rounds plus 299's game points."""
        return sum((r.gp for r in self.results.get(number, ())), _ZERO) + self.bonus(number)[1]

    def adjustment(self, number: int) -> tuple[Fraction, Fraction]:
        """The match and game points 299 changes the team's totals by (typed or not)."""
        mp, gp = self.bonus(number)
        typed_mp, typed_gp = self.assigned.get(number, (_ZERO, _ZERO))
        return mp + typed_mp, gp + typed_gp

    def bonus(self, number: int) -> tuple[Fraction, Fraction]:
        """The match and game points 299 records without a type add to the team's totals."""
        mp = gp = _ZERO
        for record in self.adjustments:
            if record.kind.strip():
                continue  # a typed 299 changed the rounds themselves (``assigned``)
            ids = [i for i in record.ids if i]
            if ids and number not in ids:
                continue
            mp += record.match_points or _ZERO
            gp += record.points or _ZERO
        return mp, gp


def _teams(tournament: Tournament) -> tuple[tuple[TeamInfo, ...], dict[int, int]]:
    """The teams (310, else 013) in number order, and each player's team.

    A team is numbered by its 310, else its 013's position; a player listed in two
    teams belongs to the first in the file.
    """
    teams310 = [t for t in tournament.teams if t.code == "310"]
    records = teams310 or [t for t in tournament.teams if t.code == "013"]
    out: dict[int, TeamInfo] = {}
    member: dict[int, int] = {}
    for index, team in enumerate(records, start=1):
        number = team.number if team.code == "310" and team.number else index
        if number in out:  # a repeated number: the first record stands
            continue
        seen: set[int] = set()
        members = []
        for rank in team.members:
            if rank and rank not in seen:
                seen.add(rank)
                members.append(rank)
                member.setdefault(rank, number)
        out[number] = TeamInfo(number, team.name, tuple(members), team)
    return tuple(out[n] for n in sorted(out)), member


def team_members(tournament: Tournament) -> tuple[dict[int, int], dict[int, str], dict[int, int]]:
    """Player start rank → team label, team label → name, player → board index (0 = top).

    Teams are labelled by their 310 pairing number; 013 teams (when there is no
    310) by their position in the file. The one answer, for :func:`team_event_of`
    (:attr:`TeamEvent.member_of`) and for the regime, before it knows the event is one
    of teams.
    """
    teams, member = _teams(tournament)
    return member, {t.number: t.name for t in teams}, _boards(teams, member)


def _boards(teams: tuple[TeamInfo, ...], member: Mapping[int, int]) -> dict[int, int]:
    """Player → his place in his team's list (0 = top board)."""
    return {
        rank: index
        for t in teams
        for index, rank in enumerate(t.members)
        if member.get(rank) == t.number
    }


def board_colour(pattern: str, board: int) -> Colour | None:
    """The first-named team's colour on *board* (1 = top) under record 352's *pattern*.

    Without 352, colours alternate from White on board 1; a board beyond a 352
    pattern has no colour it fixes (``None``).
    """
    if not pattern:
        return Colour.WHITE if board % 2 else Colour.BLACK
    if board > len(pattern):
        return None
    return Colour.WHITE if pattern[board - 1] == "W" else Colour.BLACK


def board_colours(tournament: Tournament) -> str:
    """Record 352's board colours (``WBWB``), upper case; ``""`` when absent."""
    text = tournament.header("352") or ""
    return "".join(c for c in text.upper() if c in "WB")


def team_event_of(tournament: Tournament) -> TeamEvent:
    """The team values of *tournament* (call it for a team event: ``team_event`` says which).

    Linear in the blocks: every player's block is looked at once per round.
    """
    teams, member = _teams(tournament)
    position = _boards(teams, member)
    numbers = {t.number for t in teams}
    players = tournament.players_by_start_rank
    game = PointSystem.from_tournament(tournament)
    mps = MatchPoints.from_tournament(tournament)
    notes: list[str] = []
    lineups: dict[tuple[int, int], dict[int, int]] = {}
    for lineup in tournament.of_type(TeamLineup):
        if lineup.round and lineup.team:
            order = {rank: i for i, rank in enumerate(lineup.boards) if rank}
            lineups.setdefault((lineup.round, lineup.team), order)

    # one pass over the blocks: per (round, team), the boards and who they met
    votes: dict[tuple[int, int], Counter[int]] = {}
    blocks: dict[tuple[int, int], list[tuple[Player, int]]] = {}
    for rank, team in member.items():
        player = players.get(rank)
        if player is None:
            continue
        for index, block in enumerate(player.rounds):
            rnd = index + 1
            blocks.setdefault((rnd, team), []).append((player, index))
            other = member.get(block.opponent or 0)
            if other is not None and other != team:
                votes.setdefault((rnd, team), Counter())[other] += 1

    forfeits: dict[tuple[int, int], tuple[str, int, int, int | None]] = {}
    for forfeit in tournament.of_type(ForfeitedMatch):
        white, black = forfeit.white, forfeit.black
        if forfeit.round and white in numbers and black in numbers:
            assert white is not None and black is not None
            kind = forfeit.kind.strip()
            if kind in ("+-", "-+", "--"):
                for side in (white, black):
                    forfeits.setdefault((forfeit.round, side), (kind, white, black, forfeit.line))
    pabs: dict[tuple[int, int], TeamPairingByes] = {}
    for pab in tournament.of_type(TeamPairingByes):
        for index, number in enumerate(pab.teams):
            if number:
                pabs.setdefault((index + 1, number), pab)
    byes240: dict[tuple[int, int], tuple[RoundKind | None, int | None]] = {}
    for bye in tournament.of_type(Byes):
        if bye.round:
            for number in bye.ids:
                if number in numbers:
                    byes240.setdefault((bye.round, number), (bye_of_record(bye), bye.line))

    colours = board_colours(tournament)
    # 352 gives the boards of a match; a shorter 352 than the boards fielded is a
    # file's mistake (M013 says so), not fewer boards
    size = max(
        [len(colours), *(len(c) for c in (_fielded(blocks, r, t) for (r, t) in blocks))]
    )
    size = size or max([0, *(len(t.members) for t in teams)])

    # a 330/320/240 round beyond the event (142, else the blocks) is no round of it, as
    # an individual event's rounds come from 142 and the blocks only (M011 reports it)
    limit = tournament.round_count
    last = max(
        [0, *(r for (r, _) in [*forfeits, *pabs, *byes240] if r <= limit)]
    )
    # the last round with a result on some board (pairings without results are not counted)
    for (rnd, _team), entries in blocks.items():
        if rnd > last and any(p.rounds[i].result is not None for p, i in entries):
            last = rnd
    rounds = last

    matches: list[TeamMatch] = []
    results: dict[int, list[TeamRound]] = {t.number: [] for t in teams}
    done: set[tuple[int, int]] = set()
    for rnd in range(1, rounds + 1):
        for t in teams:
            key = (rnd, t.number)
            if key in done:
                continue
            if key in forfeits:
                kind, white, black, line = forfeits[key]
                match = _forfeited(rnd, kind, white, black, size, game, mps, line)
            elif key in votes:
                other = votes[key].most_common(1)[0][0]
                match = _played(rnd, t.number, other, blocks, member, position, lineups, game,
                                mps, colours)  # fmt: skip
            else:
                results[t.number].append(
                    _bye(rnd, t.number, blocks.get(key, []), pabs, byes240, size, game, mps)
                )
                done.add(key)
                continue
            matches.append(match)
            for own, opp, first in ((match.first, match.second, True),
                                    (match.second, match.first, False)):  # fmt: skip
                if (rnd, own) in done:
                    notes.append(f"round {rnd}: team {own} is in two matches; the first is kept")
                    continue
                done.add((rnd, own))
                results[own].append(_round_of(match, own, opp, first))
    # a typed 299 assigns its values, 0 included; one without a type adds them
    adjustments = tuple(
        r for r in tournament.of_type(AbnormalPoints)
        if ((r.match_points is not None or r.points is not None) if r.kind.strip()
            else (r.match_points or r.points))
    )  # fmt: skip
    assigned, changed, assigned_by = _assign(adjustments, results, rounds, numbers, mps)
    return TeamEvent(
        teams,
        rounds,
        tuple(matches),
        {n: tuple(sorted(rs, key=lambda r: r.round)) for n, rs in assigned.items()},
        mps,
        game,
        size,
        adjustments,
        tuple(notes),
        member,
        {key: tuple(counter.most_common()) for key, counter in votes.items()},
        {n: delta for n, delta in changed.items() if any(delta)},
        assigned_by,
        result_rows(tournament, game),
    )


_ASSIGNED_KINDS = {
    "+": (RoundKind.FORFEIT_WIN,),
    "-": (RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT),
    "F": (RoundKind.FULL_BYE,),
    "H": (RoundKind.HALF_BYE,),
    "Z": (RoundKind.ZERO_BYE, RoundKind.ABSENT),
}
"""The rounds a typed 299 of every round applies to (``W``/``D``/``L``: played matches)."""


def _assign(
    records: tuple[AbnormalPoints, ...],
    results: Mapping[int, list[TeamRound]],
    rounds: int,
    numbers: set[int],
    mps: MatchPoints,
) -> tuple[
    dict[int, list[TeamRound]], dict[int, tuple[Fraction, Fraction]], tuple[frozenset[int], ...]
]:
    """The rounds with record 299's abnormal assignments (a typed 299) in place.

    A typed 299 (TRF-2026: the "type of abnormal assignment") gives the rounds of its
    kind the match and game points it names, in place of the usual ones (a blank field
    keeps them): in its round, whatever the round was (as for individual events); in
    every round (round blank or 0), only in the rounds of its kind. A blank type is a
    penalty or bonus, added outside the rounds (:attr:`TeamEvent.adjustments`). Also
    returned: what the assignments changed each team's totals by, and for each record
    the teams whose totals it changed.
    """
    out = {n: list(rs) for n, rs in results.items()}
    changed: dict[int, tuple[Fraction, Fraction]] = {}
    by: list[frozenset[int]] = []
    for record in records:
        kind = record.kind.strip().upper()
        touched: set[int] = set()
        by.append(frozenset())
        if not kind:
            continue
        ids = [i for i in record.ids if i]
        for number in ids or sorted(numbers):
            for index, r in enumerate(out.get(number, ())):
                if record.round and (r.round != record.round or r.round > rounds):
                    continue
                # named teams' round: whatever it was (as for individual events); else
                # (every team, or every round) only the rounds of the record's kind
                if not (record.round and ids) and not _of_kind(kind, r, mps):
                    continue
                mp = r.mp if record.match_points is None else record.match_points
                gp = r.gp if record.points is None else record.points
                before_mp, before_gp = changed.get(number, (_ZERO, _ZERO))
                changed[number] = (before_mp + mp - r.mp, before_gp + gp - r.gp)
                usual = r.usual or (r.mp, r.gp)
                out[number][index] = attrs.evolve(r, mp=mp, gp=gp, usual=usual)
                if (mp, gp) != (r.mp, r.gp):
                    touched.add(number)
        by[-1] = frozenset(touched)
    return out, changed, tuple(by)


def _of_kind(kind: str, r: TeamRound, mps: MatchPoints) -> bool:
    """Whether the team's round is of a 299 type (``W``/``D``/``L``: a match won, drawn, lost)."""
    if kind in _ASSIGNED_KINDS:
        return r.kind in _ASSIGNED_KINDS[kind]
    played = {"W": mps.win, "D": mps.draw, "L": mps.loss}
    return r.kind is RoundKind.GAME and kind in played and r.usual_mp == played[kind]


_BOARD_FORFEITS = (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS)
_NO_RESULT = (None, RoundKind.NOT_PLAYED)
"""A board side without a result: nobody there, or a game paired and not played yet."""


def _fielded(blocks: Mapping[tuple[int, int], list[tuple[Player, int]]], rnd: int,
             team: int) -> list[Player]:  # fmt: skip
    """The team's players with a game or a board won by forfeit in round *rnd*."""
    out = []
    for player, index in blocks.get((rnd, team), []):
        block = player.rounds[index]
        if block.is_game or block.result is Result.FORFEIT_WIN:
            out.append(player)
    return out


def _points(game: PointSystem, player: Player | None, index: int) -> Fraction:
    if player is None:
        return _ZERO
    block = player.rounds[index]
    return game.points(block.effective_result, block.colour)


def _played(
    rnd: int,
    team: int,
    other: int,
    blocks: Mapping[tuple[int, int], list[tuple[Player, int]]],
    member: Mapping[int, int],
    position: Mapping[int, int],
    lineups: Mapping[tuple[int, int], Mapping[int, int]],
    game: PointSystem,
    mps: MatchPoints,
    colours: str,
) -> TeamMatch:
    """The match of *team* and *other* in round *rnd*, from the boards of both."""
    index = rnd - 1
    pairs: list[tuple[Player | None, Player | None]] = []
    paired: set[int] = set()
    own = blocks.get((rnd, team), [])
    theirs = {p.start_rank: p for p, _ in blocks.get((rnd, other), [])}
    for player, _ in own:
        block = player.rounds[index]
        opponent = block.opponent or 0
        if member.get(opponent) == other:
            pairs.append((player, theirs.get(opponent)))
            paired.add(opponent)
        elif not block.is_game and block.result is Result.FORFEIT_WIN:
            pairs.append((player, None))
    # a board won by forfeit without an opponent (``0000 - +``) is a board of the match; a
    # ``0000 - -`` is not: exporters write it for players not fielded (spec §5)
    for rank, player in theirs.items():
        block = player.rounds[index]
        if rank not in paired and not block.is_game and block.result is Result.FORFEIT_WIN:
            pairs.append((None, player))

    def order(side: int, player: Player | None) -> int:
        if player is None:
            return 10**6
        lineup = lineups.get((rnd, side))
        if lineup and player.start_rank in lineup:
            return lineup[player.start_rank]
        return position.get(player.start_rank, 10**6)

    pairs.sort(key=lambda pq: min(order(team, pq[0]), order(other, pq[1])))
    # first-named: the team whose top game holds 352's colour of its board (alternating
    # from White without 352); the top game need not be on board 1 (a forfeited board)
    top = next(
        ((i + 1, p) for i, (p, q) in enumerate(pairs)
         if p is not None and q is not None and p.rounds[index].colour is not Colour.NONE
         and board_colour(colours, i + 1) is not None),
        None,
    )  # fmt: skip
    if top is not None:
        board, player = top
        swap = player.rounds[index].colour is not board_colour(colours, board)
    else:
        swap = team > other
    if swap:
        team, other = other, team
        pairs = [(q, p) for p, q in pairs]
    boards = []
    for number, (p, q) in enumerate(pairs, start=1):
        pb = p.rounds[index] if p is not None else None
        qb = q.rounds[index] if q is not None else None
        colour = pb.colour if pb is not None else (qb.colour.opposite if qb else Colour.NONE)
        boards.append(
            Board(
                number,
                p.start_rank if p else None,
                q.start_rank if q else None,
                colour,
                _points(game, p, index),
                _points(game, q, index),
                kind_on_board(pb) if pb else None,
                kind_on_board(qb) if qb else None,
            )
        )
    if all(b.first_kind in _NO_RESULT and b.second_kind in _NO_RESULT for b in boards):
        # an in-progress report pairs the round before its results: no points yet
        return TeamMatch(rnd, team, other, tuple(boards), _ZERO, _ZERO, _ZERO, _ZERO,
                         pending=True)  # fmt: skip
    first_gp = sum((b.first_points for b in boards), _ZERO)
    second_gp = sum((b.second_points for b in boards), _ZERO)
    lost = RoundKind.FORFEIT_LOSS
    if all(b.first_kind is lost and b.second_kind is lost for b in boards):
        # every board forfeited by both sides, no 330: a double forfeit, a loss for both
        return TeamMatch(rnd, team, other, tuple(boards), first_gp, second_gp,
                         mps.loss, mps.loss)  # fmt: skip
    return TeamMatch(rnd, team, other, tuple(boards), first_gp, second_gp,
                     mps.of(first_gp, second_gp), mps.of(second_gp, first_gp))  # fmt: skip


def _forfeited(
    rnd: int,
    kind: str,
    white: int,
    black: int,
    size: int,
    game: PointSystem,
    mps: MatchPoints,
    line: int | None,
) -> TeamMatch:
    """A 330 forfeited match: every board to the winner at the forfeit value (none for ``--``)."""
    win_gp = game.forfeit_win * size
    lose_gp = game.forfeit_loss * size
    if kind == "+-":
        gps, mpts = (win_gp, lose_gp), (mps.win, mps.loss)
    elif kind == "-+":
        gps, mpts = (lose_gp, win_gp), (mps.loss, mps.win)
    else:
        gps, mpts = (lose_gp, lose_gp), (mps.loss, mps.loss)
    return TeamMatch(rnd, white, black, (), gps[0], gps[1], mpts[0], mpts[1], kind, line)


def _round_of(match: TeamMatch, team: int, opponent: int, first: bool) -> TeamRound:
    mp = match.first_mp if first else match.second_mp
    gp = match.first_gp if first else match.second_gp
    kind = RoundKind.GAME
    if match.pending:
        kind = RoundKind.NOT_PLAYED
    elif match.forfeit == "--":
        kind = RoundKind.DOUBLE_FORFEIT
    elif match.forfeit:
        won = (match.forfeit == "+-") == first
        kind = RoundKind.FORFEIT_WIN if won else RoundKind.FORFEIT_LOSS
    elif match.boards and all(
        (b.first_kind if first else b.second_kind) in _BOARD_FORFEITS for b in match.boards
    ):
        # every board forfeited: the match was not played (C.07 treats it as a forfeit)
        other_mp = match.second_mp if first else match.first_mp
        if mp > other_mp:
            kind = RoundKind.FORFEIT_WIN
        elif mp < other_mp:
            kind = RoundKind.FORFEIT_LOSS
        else:
            kind = RoundKind.DOUBLE_FORFEIT
    return TeamRound(match.round, team, kind, mp, gp, opponent, first, match.line)


def _bye(
    rnd: int,
    team: int,
    entries: list[tuple[Player, int]],
    pabs: Mapping[tuple[int, int], TeamPairingByes],
    byes240: Mapping[tuple[int, int], tuple[RoundKind | None, int | None]],
    size: int,
    game: PointSystem,
    mps: MatchPoints,
) -> TeamRound:
    """A round without a match: a PAB (320 or ``U`` boards), a 240 bye, a board bye or absence."""
    results = [p.rounds[i].result for p, i in entries]
    pab = pabs.get((rnd, team))
    if pab is not None or Result.PAIRING_BYE in results:
        mp = pab.match_points if pab is not None and pab.match_points is not None else mps.draw
        if pab is not None and pab.game_points is not None:
            gp = pab.game_points
        elif Result.PAIRING_BYE in results:
            gp = sum((_points(game, p, i) for p, i in entries
                      if p.rounds[i].result is Result.PAIRING_BYE), _ZERO)  # fmt: skip
        else:
            gp = game.draw * size
        line = pab.line if pab is not None else None
        return TeamRound(rnd, team, RoundKind.PAIRING_BYE, mp, gp, line=line)
    kind, line = byes240.get((rnd, team), (None, None))
    if kind is None and Result.FULL_BYE in results:
        kind = RoundKind.FULL_BYE
    elif kind is None and Result.HALF_BYE in results:
        kind = RoundKind.HALF_BYE
    if kind is None and {r for r in results if r is not None} == {Result.FORFEIT_WIN}:
        # every board won by forfeit and no 330: a match forfeited to the team by one the
        # file does not name (gacrux reads it so too); boards lost by forfeit without an
        # opponent (0000 - -) are how exporters write an absence
        gp = sum((_points(game, p, i) for p, i in entries), _ZERO)
        return TeamRound(rnd, team, RoundKind.FORFEIT_WIN, mps.win, gp)
    if kind is RoundKind.FULL_BYE:
        return TeamRound(rnd, team, RoundKind.FULL_BYE, mps.win, game.full_bye * size, line=line)
    if kind is RoundKind.HALF_BYE:
        return TeamRound(rnd, team, RoundKind.HALF_BYE, mps.draw, game.half_bye * size, line=line)
    if kind is RoundKind.ZERO_BYE:
        return TeamRound(rnd, team, RoundKind.ZERO_BYE, mps.loss, game.zero_bye * size, line=line)
    return TeamRound(rnd, team, RoundKind.ABSENT, mps.loss, _ZERO)


# --- what the team checks compare: home/away counts and the 801/802 rows -------------------


def home_away(event: TeamEvent, rounds: range | None = None) -> dict[int, tuple[int, int]]:
    """Team number → (home, away) matches: home is the first-named team (White on board 1).

    Forfeited matches count as 330 names them (White team first); pending ones too.
    """
    counts = {t.number: [0, 0] for t in event.teams}
    for match in event.matches:
        if rounds is not None and match.round not in rounds:
            continue
        counts.setdefault(match.first, [0, 0])[0] += 1
        counts.setdefault(match.second, [0, 0])[1] += 1
    return {n: (h, a) for n, (h, a) in counts.items()}


_ROW_RESULT = {"1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS,
               "+": Result.FORFEIT_WIN, "-": Result.FORFEIT_LOSS}  # fmt: skip
"""801's board result characters and the results they stand for."""


_ROW_BYES: Mapping[str, RoundKind] = {
    "F": RoundKind.FULL_BYE, "H": RoundKind.HALF_BYE, "Z": RoundKind.ZERO_BYE,
    "U": RoundKind.PAIRING_BYE, "P": RoundKind.PAIRING_BYE,
}  # fmt: skip
"""The first letter of an 801/802 bye word (``HHHH``, ``HPB``, ``PAB`` …) and its round."""


def row_bye(entry: RowRound) -> RoundKind | None:
    """The bye an 801/802 round without an opponent gives (``None``: a word it does not name)."""
    return _ROW_BYES.get(entry.text[:1].upper()) if entry.opponent is None else None


class RowKind(enum.StrEnum):
    """Which informative team row: 801 (long: board results) or 802 (short: game points)."""

    LONG = "801"
    SHORT = "802"


@attrs.frozen(repr=False)
class ResultRow(Value):
    """An informative 801 (long) or 802 (short) team row, read by tokens.

    Its column widths differ between programs (spec §4.4: UNCERTAIN layout): after the
    team number come the nickname, match points and game points (the two numbers before
    the first round); then every number followed by ``w`` or ``b`` starts a round (801:
    then the board results and the board order; 802: the game points and a forfeit
    flag), and a bye word (``FFFF``, ``ZPB`` …) is a round without an opponent.
    """

    kind: RowKind
    line: int | None
    team: int
    match_points: Fraction | None
    game_points: Fraction | None
    mp_column: int | None
    gp_column: int | None
    rounds: tuple[RowRound, ...]
    """The row's rounds; an 801 round's ``points`` are its board results at 162's values."""


def result_rows(tournament: Tournament, game: PointSystem | None = None) -> tuple[ResultRow, ...]:
    """The 801 and 802 rows of *tournament* (a row without a team number is left out).

    An 801 round's game points are its board results at record 162's values.
    """
    game = game or PointSystem.from_tournament(tournament)
    out = []
    for record in tournament.of_type(TeamResults):
        if record.team is None:
            continue
        kind = RowKind(record.kind)
        entries = []
        for r in record.rounds:
            if kind is RowKind.LONG and r.opponent is not None:
                points = None
                if r.text and all(c in _ROW_RESULT for c in r.text):
                    points = sum((game.points(_ROW_RESULT[c]) for c in r.text), _ZERO)
                r = attrs.evolve(r, points=points)
            entries.append(r)
        out.append(
            ResultRow(
                kind, record.line, record.team, record.match_points, record.game_points,
                record.mp_column, record.gp_column, tuple(entries),
            )
        )  # fmt: skip
    return tuple(out)

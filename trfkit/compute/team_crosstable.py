"""The compact, picklable team crosstable of a team event, for reports.

Built once per file from :class:`~trfkit.compute.history.teams.TeamEvent` (the one reading of
the team matches) and the team standings, it keeps one row per team: its number and
name, the totals its 310 record reports, the recomputed match and game points and
rank, and one :class:`TeamCell` per round. :func:`locate` maps a diagnostic to the
cells it is about, from the line and column it names; nothing here judges a file.

Where a diagnostic points:

- a player's line (001), in a round block: that player's team, that round;
- a 330, 320, 240 or 300 line: the team(s) and round(s) it names (only the team at
  the column, when the column is one of its team numbers);
- a 310 or 013 line: the team's row, or its reported match points, game points or
  rank when the column is that field (and the cell of the diagnostic's round, when it
  names one);
- an 801 or 802 line: the team's row, or the round cell the column falls in (the rows
  are read by tokens, as :attr:`~trfkit.compute.history.teams.TeamEvent.rows` holds them).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction

import attrs

from trfkit import columns as C
from trfkit.compute.history import RoundKind
from trfkit.compute.history.teams import TeamEvent
from trfkit.compute.regime import RegimeDecision
from trfkit.compute.team_standings import TeamRow, TeamStandings, compute_team_standings
from trfkit.compute.tiebreaks import TieBreakOptions
from trfkit.diagnostics import Diagnostic
from trfkit.errors import TieBreakError
from trfkit.model import (
    Byes,
    ForfeitedMatch,
    TeamLineup,
    TeamPairingByes,
    Tournament,
)
from trfkit.numbers import format_halves
from trfkit.values import Value

__all__ = [
    "SCORES",
    "TeamCell",
    "TeamCrossTable",
    "TeamField",
    "TeamLine",
    "TeamSpot",
    "TeamStandingTable",
    "build",
    "locate",
    "shown_columns",
    "standing_table",
]

SCORES = ("PTS", "MP", "GP")
"""The scores every team table shows anyway; the other codes are tie-break columns."""

_BYE_TEXT = {
    RoundKind.PAIRING_BYE: "PAB",
    RoundKind.FULL_BYE: "FPB",
    RoundKind.HALF_BYE: "HPB",
    RoundKind.ZERO_BYE: "ZPB",
    RoundKind.ABSENT: "",
}
_FORFEIT_TEXT = {
    RoundKind.FORFEIT_WIN: "+",
    RoundKind.FORFEIT_LOSS: "-",
    RoundKind.DOUBLE_FORFEIT: "--",
}


@attrs.frozen(repr=False)
class TeamCell(Value):
    """One team's round as the team crosstable shows it.

    Attributes:
        round: The round number.
        kind: What the round was.
        opponent: The opponent team's number, or ``None``.
        first: The team was first-named in its match (``w``; the other one ``b``).
        gp: The team's game points of the round.
        opponent_gp: The opponent's game points, ``None`` without a match.
        mp: The team's match points of the round.
    """

    round: int
    kind: RoundKind
    opponent: int | None
    first: bool
    gp: Fraction
    opponent_gp: Fraction | None
    mp: Fraction

    @property
    def side(self) -> str:
        """``w`` for the first-named team of a match, ``b`` for the other, ``""`` for none."""
        if self.opponent is None:
            return ""
        return "w" if self.first else "b"

    @property
    def score(self) -> str:
        """``2½-1½`` for a played match, ``+``/``-``/``--`` for a forfeit, ``PAB`` for a bye."""
        if self.kind in _BYE_TEXT:
            return _BYE_TEXT[self.kind]
        if self.kind in _FORFEIT_TEXT:
            return _FORFEIT_TEXT[self.kind]
        if self.kind is RoundKind.NOT_PLAYED or self.opponent_gp is None:
            return ""
        return f"{format_halves(self.gp)}-{format_halves(self.opponent_gp)}"

    @property
    def text(self) -> str:
        """``3w 2½-1½`` (against team 3, first-named), ``5b +``, ``PAB``, ``""`` for nothing."""
        if self.opponent is None:
            return self.score
        return f"{self.opponent}{self.side} {self.score}".rstrip()


@attrs.frozen(repr=False)
class TeamLine(Value):
    """One team: identity, reported and recomputed totals, and the round cells.

    Attributes:
        team: The team number (310 pairing number; 013 position in the file).
        name: The team name.
        line: The line of its 310/013 record.
        code: ``"310"`` or ``"013"``.
        reported_mp: 310's match points (``None`` for 013 or a blank field);
            ``reported_gp`` and ``reported_rank`` its game points and rank.
        mp: The recomputed match points; ``gp`` the game points.
        rank: The recomputed rank (``None`` when the standings could not be computed).
        cells: Rounds 1..``rounds``.
    """

    team: int
    name: str
    line: int | None
    code: str
    reported_mp: Fraction | None
    reported_gp: Fraction | None
    reported_rank: int | None
    mp: Fraction
    gp: Fraction
    rank: int | None
    cells: tuple[TeamCell, ...]

    def cell(self, number: int) -> TeamCell | None:
        """The cell of round *number*, if any."""
        if 1 <= number <= len(self.cells):
            return self.cells[number - 1]
        return None


@attrs.frozen(repr=False)
class TeamStandingTable(Value):
    """The team standings as the reports give them: rank order, the tie-break columns.

    Attributes:
        keys: The tie-break columns besides MP and GP (``"MPvGP"``, ``"DE"`` …).
        rows: The rows in rank order; each row's ``values`` follow *keys*.
        unavailable: Key → why its values are ``None`` (not computed yet).
    """

    keys: tuple[str, ...]
    rows: tuple[TeamRow, ...]
    unavailable: Mapping[str, str] = attrs.field(factory=dict, eq=False)


@attrs.frozen(repr=False)
class TeamCrossTable(Value):
    """What a report shows of a team event.

    Attributes:
        rounds: The number of round columns.
        round_robin: Whether to draw it teams × teams.
        boards: The boards of a match.
        rows: The teams in number order.
        standings: The recomputed team standings, when available.
        standings_note: Where they came from, or why there are none.
        members: Player start rank → team number (where a player's diagnostic points).
        player_lines: Line → start rank of a player record.
        record_spots: Line of a 330/320/240/300 record → the (team, round, first column,
            last column) pairs it names; the columns of the team number in the line, or
            ``None`` for the whole line.
        row_lines: Line of an 801/802 row → (team, the first column of each round).
    """

    rounds: int
    round_robin: bool
    boards: int
    rows: tuple[TeamLine, ...]
    standings: TeamStandingTable | None = None
    standings_note: str = ""
    members: Mapping[int, int] = attrs.field(factory=dict, eq=False)
    player_lines: Mapping[int, int] = attrs.field(factory=dict, eq=False)
    record_spots: Mapping[int, tuple[tuple[int, int, int | None, int | None], ...]] = attrs.field(
        factory=dict, eq=False
    )
    row_lines: Mapping[int, tuple[int, tuple[int, ...]]] = attrs.field(factory=dict, eq=False)

    def row(self, team: int) -> TeamLine | None:
        """The row of team *team*."""
        return next((r for r in self.rows if r.team == team), None)


def shown_columns(st: TeamStandings) -> list[tuple[str, int]]:
    """The tie-break columns a team table shows besides MP and GP: (key, index) of each code."""
    return [(key, i) for i, (key, tb) in enumerate(zip(st.keys(), st.tiebreaks, strict=True))
            if tb.name not in SCORES]  # fmt: skip


def standing_table(st: TeamStandings) -> TeamStandingTable:
    """The standings *st* as the reports give them (:func:`shown_columns`)."""
    columns = shown_columns(st)
    rows = tuple(
        attrs.evolve(row, values=tuple(row.values[i] for _, i in columns)) for row in st.rows
    )
    keys = tuple(key for key, _ in columns)
    return TeamStandingTable(keys, rows, {k: v for k, v in st.unavailable.items() if k in keys})


def build(
    tournament: Tournament,
    event: TeamEvent,
    options: TieBreakOptions | None = None,
    *,
    regime: RegimeDecision,
    computed: TeamStandings | None = None,
) -> TeamCrossTable:
    """The compact team crosstable of *tournament* (a team event: *event* its team values).

    *computed*: the file's team standings when the caller has them (computed once per file).
    """
    standings: TeamStandingTable | None = None
    try:
        st = computed or compute_team_standings(tournament, options, regime=regime, event=event)
    except TieBreakError as exc:
        note = f"not recomputed ({exc})"
    else:
        standings = standing_table(st)
        note = "by trfkit.compute.team_standings.compute_team_standings"
    ranks = {row.team: row.rank for row in standings.rows} if standings else {}
    rows = []
    for info in event.teams:
        own = event.results.get(info.number, ())
        cells = []
        for r in own:
            other = None
            if r.opponent is not None:
                theirs = event.results.get(r.opponent, ())
                mirror = theirs[r.round - 1] if r.round <= len(theirs) else None
                if mirror is not None and mirror.opponent == info.number:
                    other = mirror.gp
            cells.append(TeamCell(r.round, r.kind, r.opponent, r.first, r.gp, other, r.mp))
        record = info.record
        reported = record.code == "310"
        rows.append(
            TeamLine(
                info.number,
                info.name,
                record.line,
                record.code,
                record.match_points if reported else None,
                record.game_points if reported else None,
                record.rank if reported else None,
                event.mp(info.number),
                event.gp(info.number),
                ranks.get(info.number),
                tuple(cells),
            )
        )
    players = {p.line: p.start_rank for p in tournament.players if p.line is not None}
    return TeamCrossTable(
        event.rounds,
        regime.round_robin and len(rows) <= 40,
        event.boards,
        tuple(rows),
        standings,
        note,
        event.member_of,
        players,
        _record_spots(tournament, {t.number for t in event.teams}),
        _row_lines(event),
    )


Spots = tuple[tuple[int, int, int | None, int | None], ...]


def _record_spots(tournament: Tournament, numbers: set[int]) -> dict[int, Spots]:
    """Line → the (team, round, first, last column) of each team a 330/320/240/300 names."""
    found: dict[int, Spots] = {}

    def columns(layout: C.Layout, name: str | None, index: int = 0) -> tuple[int, int]:
        if name is None:
            assert layout.repeat is not None
            item = layout.repeat.item(index)
        else:
            item = layout.field(name)
        return item.start, item.end

    for record in tournament.records:
        if record.line is None:
            continue
        spots: list[tuple[int, int, int | None, int | None]] = []
        if isinstance(record, ForfeitedMatch) and record.round:
            for name in ("white", "black"):
                team = getattr(record, name)
                if team in numbers:
                    spots.append((team, record.round, *columns(C.FORFEITED_MATCH, name)))
        elif isinstance(record, TeamPairingByes):
            for index, team in enumerate(record.teams):
                if team in numbers:
                    spots.append((team, index + 1, *columns(C.TEAM_PAB, None, index)))
        elif isinstance(record, Byes) and record.round:
            for index, team in enumerate(record.ids):
                if team in numbers:
                    spots.append((team, record.round, *columns(C.BYES, None, index)))
        elif isinstance(record, TeamLineup) and record.round and record.team in numbers:
            spots.append((record.team, record.round, None, None))
        if spots:
            found[record.line] = tuple(spots)
    return found


def _row_lines(event: TeamEvent) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Line of an 801/802 row → its team and the first column of each round it shows."""
    return {
        row.line: (row.team, tuple(entry.column for entry in row.rounds))
        for row in event.rows
        if row.line is not None
    }


# --- where a diagnostic points ---------------------------------------------------------------


class TeamField(enum.StrEnum):
    """A reported value of the team record (310) that a finding can point at."""

    MP = "mp"
    GP = "gp"
    RANK = "rank"


@attrs.frozen(repr=False)
class TeamSpot(Value):
    """A place in the team crosstable: a team's round cell, a reported total, or its row.

    Attributes:
        team: The team number.
        round: The round of a cell, or ``None``.
        field: The 310 value (match points, game points, rank), ``None`` otherwise;
            a spot with neither a round nor a field is the team's row.
    """

    team: int
    round: int | None = None
    field: TeamField | None = None


_REPORTED = (
    ("match_points", TeamField.MP), ("game_points", TeamField.GP), ("rank", TeamField.RANK)
)


def locate(diagnostic: Diagnostic, table: TeamCrossTable) -> tuple[TeamSpot, ...]:
    """The team cells (or rows) *diagnostic* is about; empty when it names no team's line.

    The module docstring lists the lines read. A diagnostic without a line but with
    a round and players marks the cells of those players' teams.
    """
    line, column = diagnostic.line, diagnostic.column
    number = diagnostic.round if diagnostic.round is not None and diagnostic.round >= 1 else None
    known = {row.team for row in table.rows}
    if line is None:
        if number is None:
            return ()
        teams = dict.fromkeys(table.members[p] for p in diagnostic.players if p in table.members)
        return tuple(TeamSpot(t, number) for t in teams if t in known)
    if line in table.player_lines:
        team = table.members.get(table.player_lines[line])
        rnd = C.round_of_column(column) if column is not None else None
        rnd = rnd or number
        if team is None or rnd is None or team not in known:
            return ()
        return (TeamSpot(team, rnd),)
    if line in table.record_spots:
        return _on_record(table.record_spots[line], column, number, known)
    if line in table.row_lines:
        team, starts = table.row_lines[line]
        if team not in known:
            return ()
        after = [n for n, start in enumerate(starts, start=1) if column and column >= start]
        return (TeamSpot(team, after[-1] if after else number),)
    for row in table.rows:
        if row.line == line:
            return (_on_team_record(row, column, number),)
    return ()


def _on_record(
    spots: Spots, column: int | None, number: int | None, known: set[int]
) -> tuple[TeamSpot, ...]:
    """A 330/320/240/300 line: the team at the column (else all it names), in the round."""
    if column is not None:
        spots = tuple(s for s in spots if s[2] and s[3] and s[2] <= column <= s[3]) or spots
    if number is not None:
        spots = tuple(s for s in spots if s[1] == number) or spots
    return tuple(dict.fromkeys(TeamSpot(t, rnd) for t, rnd, _, _ in spots if t in known))


def _on_team_record(row: TeamLine, column: int | None, number: int | None) -> TeamSpot:
    if number is not None:
        return TeamSpot(row.team, number)
    if column is not None and row.code == "310":
        for name, field in _REPORTED:
            spec = C.TEAM26.field(name)
            if spec.start <= column <= spec.end:
                return TeamSpot(row.team, None, field)
    return TeamSpot(row.team)

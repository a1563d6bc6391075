"""A compact, picklable crosstable of one file, for reports.

A batch worker builds a :class:`CrossTable` next to the diagnostics, so the
HTML report never needs the whole tournament model: each row keeps the
player's identity, reported score and rank, and one small :class:`Cell` per
round. :func:`locate` maps a diagnostic to the cells it is about. Nothing here
judges a file.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from trfkit import columns as C
from trfkit.compute.history import written
from trfkit.compute.regime import RegimeDecision, decide
from trfkit.compute.standings import Standings, compute_standings
from trfkit.compute.tiebreaks import TieBreakOptions
from trfkit.diagnostics import Diagnostic
from trfkit.errors import TieBreakError
from trfkit.model import Tournament
from trfkit.values import Value


@attrs.frozen(repr=False)
class Cell(Value):
    """One round block as the crosstable shows it.

    Attributes:
        round: The round number.
        opponent: The opponent's start rank, or ``None``.
        colour: ``w``, ``b`` or ``-``.
        code: The result code as written, ``""`` for a blank one.
    """

    round: int
    opponent: int | None
    colour: str
    code: str

    @property
    def text(self) -> str:
        """``12w1`` for a game, ``H`` for a bye, ``""`` for nothing."""
        if self.opponent is None:
            return self.code
        colour = self.colour if self.colour != "-" else ""
        return f"{self.opponent}{colour}{self.code}"


@attrs.frozen(repr=False)
class CrossTableRow(Value):
    """One player: identity, reported score and rank, and the round cells."""

    start_rank: int
    line: int | None
    name: str
    title: str
    rating: int | None
    federation: str
    points: Fraction | None
    rank: int | None
    cells: tuple[Cell, ...]

    def cell(self, number: int) -> Cell | None:
        """The cell of round *number*, if the line has one."""
        if 1 <= number <= len(self.cells):
            return self.cells[number - 1]
        return None


@attrs.frozen(repr=False)
class Standing(Value):
    """One player's recomputed points and rank.

    *lot*: still tied after the whole tie-break list, the place to be decided by lot.
    """

    start_rank: int
    points: Fraction | None
    rank: int | None
    lot: bool = False


@attrs.frozen(repr=False)
class CrossTable(Value):
    """What a report shows of one file.

    Attributes:
        name: Record 012.
        rounds: The number of round columns.
        round_robin: Whether to draw it players × players.
        rows: The players in start-rank order.
        recomputed: The recomputed standings, when available.
        standings_note: Where the recomputed standings came from, or why there are none.
    """

    name: str
    rounds: int
    round_robin: bool
    rows: tuple[CrossTableRow, ...]
    recomputed: tuple[Standing, ...] | None = None
    standings_note: str = ""

    def row(self, start_rank: int) -> CrossTableRow | None:
        """The row of *start_rank* (the first one where ranks repeat)."""
        for row in self.rows:
            if row.start_rank == start_rank:
                return row
        return None


def build(
    tournament: Tournament,
    options: TieBreakOptions | None = None,
    *,
    regime: RegimeDecision | None = None,
    computed: Standings | None = None,
) -> CrossTable:
    """The compact crosstable of *tournament*, with its standings recomputed.

    Args:
        tournament: The report.
        options: The tie-break options of the recomputation.
        regime: The regime decided for it (decided here when not given).
        computed: The standings already recomputed under *options* (a check's), if any.
    """
    if regime is None:
        regime = decide(tournament)
    rows = []
    for p in sorted(tournament.players, key=lambda p: p.start_rank):
        cells = tuple(
            Cell(b.round, b.opponent, b.colour.value, written(b))
            for b in p.rounds
        )
        rows.append(
            CrossTableRow(
                p.start_rank,
                p.line,
                p.name,
                p.title.value if p.title else "",
                p.rating,
                p.federation,
                p.points,
                p.rank,
                cells,
            )
        )
    recomputed: tuple[Standing, ...] | None = None
    try:
        # the ranks and the points alone: every tie-break's values would cost ten times more
        standings = computed or compute_standings(tournament, options, regime=regime, values=False)
    except TieBreakError as exc:
        note = f"not recomputed ({exc})"
    else:
        pts = next((tb for tb in standings.tiebreaks if tb.name == "PTS"), None)
        engine = standings.engine
        points = engine.values(pts) if pts is not None and engine is not None else {}
        recomputed = tuple(
            Standing(
                row.start_rank,
                points.get(row.start_rank),
                row.rank,
                row.rank is not None and row.last != row.rank,
            )
            for row in standings.rows
        )
        note = "by trfkit.compute.standings.compute_standings"
    return CrossTable(
        tournament.name or "",
        tournament.round_count,
        regime.round_robin and len(rows) <= 40,
        tuple(rows),
        recomputed,
        note,
    )


# --- where a diagnostic points ---------------------------------------------------------------


@attrs.frozen(repr=False)
class Spot(Value):
    """A place in the crosstable: a player's round cell, points, rank, or the whole row.

    Attributes:
        player: The start rank.
        round: The round of a cell, or ``None``.
        field: ``"points"`` or ``"rank"`` for those columns, ``None`` otherwise; a spot
            with neither a round nor a field is the player's row.
    """

    player: int
    round: int | None = None
    field: str | None = None




def locate(diagnostic: Diagnostic, table: CrossTable) -> tuple[Spot, ...]:
    """The cells (or rows) *diagnostic* is about; empty for file-level findings.

    A diagnostic with a round and players marks each player's cell of that
    round. Otherwise the players are those of the diagnostic, or the player on
    the diagnostic's line; the column then says which cell: a round block (from
    column 92), the points (81-84), the rank (86-89), or else the whole row.
    """
    known = {row.start_rank for row in table.rows}
    players = [p for p in diagnostic.players if p in known]
    number = diagnostic.round
    column = diagnostic.column
    if not players and diagnostic.line is not None:
        for row in table.rows:
            if row.line == diagnostic.line:
                players = [row.start_rank]
                break
        else:
            column = None
    if number is not None and number < 1:
        number = None
    if number is None and column is not None:
        number = C.round_of_column(column)
    if number is not None:
        return tuple(Spot(p, number) for p in players)
    field = None
    if column is not None:
        field = "points" if C.POINTS.start <= column <= C.POINTS.end else None
        field = "rank" if C.RANK.start <= column <= C.RANK.end else field
    return tuple(Spot(p, None, field) for p in players)

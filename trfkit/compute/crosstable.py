"""A compact, picklable crosstable of one file, for reports.

A batch worker builds a :class:`CrossTable` next to the diagnostics, so the
HTML report never needs the whole tournament model: each row keeps the
player's identity, reported score and rank, and one small :class:`Cell` per
round. :func:`locate` maps a diagnostic to the cells it is about. Nothing here
judges a file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from trfkit.checks.base import CheckOptions
from trfkit.diagnostics import Diagnostic
from trfkit.model import Tournament

ROUND_START = 92
ROUND_STRIDE = 10


@attrs.frozen
class Cell:
    """One round block as the crosstable shows it.

    Attributes:
        round: The round number.
        opponent: The opponent's start rank, or ``None``.
        colour: ``w``, ``b`` or ``-``.
        result: The result code, ``""`` for a blank one.
    """

    round: int
    opponent: int | None
    colour: str
    result: str

    @property
    def text(self) -> str:
        """``12w1`` for a game, ``H`` for a bye, ``""`` for nothing."""
        if self.opponent is None:
            return self.result
        colour = self.colour if self.colour != "-" else ""
        return f"{self.opponent}{colour}{self.result}"


@attrs.frozen
class Row:
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


@attrs.frozen
class Standing:
    """One player's recomputed points and rank."""

    start_rank: int
    points: Fraction | None
    rank: int | None


@attrs.frozen
class CrossTable:
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
    rows: tuple[Row, ...]
    recomputed: tuple[Standing, ...] | None = None
    standings_note: str = ""

    def row(self, start_rank: int) -> Row | None:
        """The row of *start_rank* (the first one where ranks repeat)."""
        for row in self.rows:
            if row.start_rank == start_rank:
                return row
        return None


def build(tournament: Tournament, options: CheckOptions | None = None) -> CrossTable:
    """The compact crosstable of *tournament*, with the standings recomputed under *options*."""
    from trfkit.checks.lint import looks_round_robin

    rows = []
    for p in sorted(tournament.players, key=lambda p: p.start_rank):
        cells = tuple(
            Cell(b.round, b.opponent, b.colour.value, b.result.value if b.result else "")
            for b in p.rounds
        )
        rows.append(
            Row(
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
    recomputed, note = recompute_standings(tournament, options)
    return CrossTable(
        tournament.name or "",
        tournament.round_count,
        looks_round_robin(tournament) and len(rows) <= 40,
        tuple(rows),
        recomputed,
        note,
    )


# --- HOOK: the recomputed standings ----------------------------------------------------------
#
# The standings are recomputed by trfkit.compute.standings (compute_standings, built on the
# tie-break engine of trfkit.compute.tiebreaks). The report reaches it only through
# recompute_standings below, which adapts its rows (start_rank, rank, and the value
# of the PTS criterion, or a plain ``points`` attribute) and turns every failure
# into a note, so a problem there never costs the report more than one column.

STANDINGS_SOURCES = (
    ("trfkit.compute.standings", "compute_standings"),
    ("trfkit.compute.tiebreaks", "standings"),
)
"""Where the recomputed standings are looked for, in order."""


def recompute_standings(
    tournament: Tournament, options: CheckOptions | None = None
) -> tuple[tuple[Standing, ...] | None, str]:
    """The recomputed standings and a note on their source; never raises."""
    import importlib

    for module_name, function_name in STANDINGS_SOURCES:
        try:
            module = importlib.import_module(module_name)
        except Exception:  # a missing or broken engine only hides a column
            continue
        function = getattr(module, function_name, None)
        if not callable(function):
            continue
        where = f"{module_name}.{function_name}"
        try:
            result = _call(function, tournament, options)
            adapted = _adapt(result)
        except Exception as exc:  # the report must still be written
            return None, f"{where} failed ({type(exc).__name__}: {exc})"
        if adapted is None:
            return None, f"{where} returned rows of an unknown shape"
        return adapted, f"by {where}"
    return None, "not available (no standings function found)"


def _call(function: Any, tournament: Tournament, options: CheckOptions | None) -> Any:
    if options is None:
        return function(tournament)
    try:
        return function(
            tournament,
            options.tiebreaks,
            rules=options.rules,
            withdrawals=options.withdrawals,
        )
    except TypeError:
        return function(tournament)


def _value(item: Any, *names: str) -> Any:
    for name in names:
        if isinstance(item, Mapping) and name in item:
            return item[name]
        if hasattr(item, name):
            return getattr(item, name)
    return None


def _fraction(value: Any) -> Fraction | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value)
        except ValueError:
            return None
    return None


def _points_index(result: Any) -> int | None:
    """The position of ``PTS`` among the criteria of a standings object, if any."""
    criteria = _value(result, "tiebreaks")
    if not isinstance(criteria, (list, tuple)):
        return None
    for index, criterion in enumerate(criteria):
        if str(_value(criterion, "name") or criterion).upper() == "PTS":
            return index
    return None


def _adapt(result: Any) -> tuple[Standing, ...] | None:
    rows = _value(result, "rows", "standings")
    items: Iterable[Any] = rows if rows is not None else result
    if isinstance(items, Mapping):
        items = items.values()
    points_at = _points_index(result)
    found: list[Standing] = []
    for item in items:
        player = _value(item, "start_rank", "player")
        start_rank = player if isinstance(player, int) else _value(player, "start_rank")
        if not isinstance(start_rank, int):
            return None
        points = _value(item, "points", "score")
        values = _value(item, "values")
        if points is None and points_at is not None and isinstance(values, (list, tuple)):
            points = values[points_at] if points_at < len(values) else None
        rank = _value(item, "rank")
        found.append(
            Standing(start_rank, _fraction(points), rank if isinstance(rank, int) else None)
        )
    return tuple(found)


# --- where a diagnostic points ---------------------------------------------------------------


@attrs.frozen
class Spot:
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


POINTS_COLUMNS = range(81, 85)
RANK_COLUMNS = range(86, 90)


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
    if number is None and column is not None and column >= ROUND_START:
        number = (column - ROUND_START) // ROUND_STRIDE + 1
    if number is not None:
        return tuple(Spot(p, number) for p in players)
    field = "points" if column in POINTS_COLUMNS else "rank" if column in RANK_COLUMNS else None
    return tuple(Spot(p, None, field) for p in players)

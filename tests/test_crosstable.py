"""The report's compact crosstable: rows, cells, and where a diagnostic points."""

from __future__ import annotations

from fractions import Fraction

import trfkit
from trfkit.compute.crosstable import CrossTable, Spot, build, locate
from trfkit.diagnostics import Diagnostic, Severity

# Columns: start rank 5-8, name 15-47, points 81-84, rank 86-89, round r's block at 92+10(r-1).
TEXT = (
    "012 Club Open\n"
    "001    1 m    Alpha, Ann                                                         1.5    1"
    "     2 w 1  0000 - H\n"
    "001    2 m    Beta, Bob                                                          0.0    2"
    "     1 b 0\n"
)


def diag(**where: object) -> Diagnostic:
    """A diagnostic placed by *where* (line, column, round, players)."""
    return Diagnostic(
        code="X999",
        name="test",
        severity=Severity.WARNING,
        message="m",
        **where,  # type: ignore[arg-type]
    )


def table() -> CrossTable:
    """The crosstable of TEXT."""
    return build(trfkit.loads(TEXT))


def test_rows_keep_identity_score_and_cells() -> None:
    """Player 1: 1.5 points, rank 1, ``2w1`` in round 1 and ``H`` in round 2."""
    first = table().rows[0]
    assert (first.start_rank, first.name, first.points, first.rank) == (
        1,
        "Alpha, Ann",
        Fraction(3, 2),
        1,
    )
    assert [c.text for c in first.cells] == ["2w1", "H"]
    assert first.line == 2


def test_round_and_players_mark_cells() -> None:
    """Round 1 and players (1, 2) mark both players' round-1 cells."""
    assert locate(diag(round=1, players=(1, 2)), table()) == (Spot(1, 1), Spot(2, 1))


def test_line_and_round_column_mark_a_cell() -> None:
    """Line 3 (player 2), column 102 (round 2's block) marks player 2's round-2 cell."""
    assert locate(diag(line=3, column=102), table()) == (Spot(2, 2),)


def test_points_and_rank_columns() -> None:
    """Columns 81 and 86 of a player line mark the points and the rank cells."""
    assert locate(diag(line=2, column=81), table()) == (Spot(1, None, "points"),)
    assert locate(diag(line=2, column=86, players=(1,)), table()) == (Spot(1, None, "rank"),)


def test_player_without_round_marks_the_row() -> None:
    """Players without a round or a column mark whole rows."""
    assert locate(diag(players=(2,)), table()) == (Spot(2),)


def test_header_lines_and_unknown_players_mark_nothing() -> None:
    """A finding on line 1 (012) or about player 9 (absent) is file-level."""
    assert locate(diag(line=1, column=5), table()) == ()
    assert locate(diag(players=(9,), round=1), table()) == ()

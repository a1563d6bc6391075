"""The report's compact crosstable: rows, cells, and where a diagnostic points."""

from __future__ import annotations

import pickle
from fractions import Fraction
from pathlib import Path

import pytest

import trfkit
from trfkit.compute import team_crosstable
from trfkit.compute.crosstable import CrossTable, Spot, build, locate
from trfkit.compute.history import RoundKind
from trfkit.compute.history.teams import team_event_of
from trfkit.compute.regime import decide
from trfkit.compute.team_crosstable import TeamCrossTable, TeamField, TeamSpot
from trfkit.diagnostics import Diagnostic, Severity

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "real"

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


# --- the team crosstable ---------------------------------------------------------------------


def p001(start: int, points: str, blocks: list[str]) -> str:
    """A 001 line: start rank 5-8, name 15-47, points 81-84, rank 86-89, blocks from 92."""
    head = f"001 {start:>4}      {'P' + str(start):<33}".ljust(80) + f"{points:>4} {start:>4}"
    return (head.ljust(91) + "".join(f"{b:<10}" for b in blocks)).rstrip()


def p310(number: int, name: str, mp: str, gp: str, members: str) -> str:
    """A 310 line: number 5-7, name 9-40, MP 55-60, GP 62-67, rank 69-71, members from 74."""
    return f"310 {number:>3} {name:<32} {'':<5} {'':>6} {mp:>6} {gp:>6} {number:>3}  {members}"


# Three one-board teams, two rounds. Round 1: 330 gives 1-2 to team 1 (+-), 320 gives
# team 3 the PAB (1 MP, 0.5 GP). Round 2: 1-3 played on the board, 1-0 to team 1 (white);
# 240 gives team 2 a half-point bye. Lines: 4 = 330, 5 = 320, 6 = 240, 7-9 = players 1-3,
# 10-12 = teams 1-3, 13 = an 802 row of team 1 (its round 1 from column 27, round 2 from 38).
TEAMS = "\n".join(
    [
        "012 Three teams",
        "142 2",
        "192 FIDE_TEAM_TYPEA_MP_GP",
        "330 +-   1   1   2",
        "320  1.0  0.5   3 000",
        "240 H   2    2",
        p001(1, "2.0", ["0000 - +", "   3 w 1"]),
        p001(2, "0.5", ["0000 - -", "0000 - H"]),
        p001(3, "0.5", ["0000 - U", "   1 b 0"]),
        p310(1, "Alpha", "4.0", "2.0", "   1"),
        p310(2, "Bravo", "1.0", "0.5", "   2"),
        p310(3, "Charlie", "1.0", "0.5", "   3"),
        "802   1 Alpha   4.0  2.0   2 w  1.0f   3 w  1.0",
    ]
)


def teams() -> TeamCrossTable:
    """The team crosstable of TEAMS."""
    t = trfkit.loads(TEAMS)
    return team_crosstable.build(t, team_event_of(t), regime=decide(t))


def test_team_rows_hold_the_rounds_totals_and_reported_values() -> None:
    """Team 1: forfeit win over 2 (+), then 1-0 as first-named against 3; 4 MP, 2 GP."""
    table = teams()
    one, two, three = table.rows
    assert [c.text for c in one.cells] == ["2w +", "3w 1-0"]
    assert [c.text for c in two.cells] == ["1b -", "HPB"]
    assert [c.text for c in three.cells] == ["PAB", "1b 0-1"]
    # 2 MP for the forfeit win and 2 for the win; 1 GP (a one-board forfeit) and 1 GP
    assert (one.mp, one.gp, one.rank) == (Fraction(4), Fraction(2), 1)
    assert (one.reported_mp, one.reported_gp, one.reported_rank) == (4, 2, 1)
    # team 3: the 320 PAB (1 MP, 0.5 GP), then a loss
    assert (three.mp, three.gp) == (Fraction(1), Fraction(1, 2))
    assert three.cells[0].kind is RoundKind.PAIRING_BYE


def test_team_table_survives_pickling() -> None:
    """A batch worker sends the table through a pipe: it pickles and compares equal."""
    table = teams()
    assert pickle.loads(pickle.dumps(table)) == table


def test_a_player_round_block_marks_the_team_cell() -> None:
    """Line 7 (player 1, team 1), column 102 (round 2's block) marks team 1's round 2."""
    assert team_crosstable.locate(diag(line=7, column=102), teams()) == (TeamSpot(1, 2),)
    # the name column of a player line is no team cell
    assert team_crosstable.locate(diag(line=7, column=20), teams()) == ()


def test_team_records_mark_their_teams_and_rounds() -> None:
    """330 marks both teams' round 1 (or the team at the column); 320 and 240 their team."""
    table = teams()
    assert team_crosstable.locate(diag(line=4, column=1), table) == (
        TeamSpot(1, 1),
        TeamSpot(2, 1),
    )
    assert team_crosstable.locate(diag(line=4, column=16), table) == (TeamSpot(2, 1),)
    assert team_crosstable.locate(diag(line=5, column=15), table) == (TeamSpot(3, 1),)
    assert team_crosstable.locate(diag(line=6), table) == (TeamSpot(2, 2),)


def test_team_lines_mark_rows_fields_and_802_rounds() -> None:
    """310's MP (55) and rank (69) columns mark those cells; its name the row; 802 a round."""
    table = teams()
    (mp,) = team_crosstable.locate(diag(line=10, column=55), table)
    assert mp == TeamSpot(1, None, TeamField.MP) and mp.field is TeamField.MP  # an enum
    assert team_crosstable.locate(diag(line=12, column=69), table) == (
        TeamSpot(3, None, TeamField.RANK),
    )
    assert team_crosstable.locate(diag(line=11, column=9), table) == (TeamSpot(2),)
    assert team_crosstable.locate(diag(line=11, round=2), table) == (TeamSpot(2, 2),)
    assert team_crosstable.locate(diag(line=13, column=30), table) == (TeamSpot(1, 1),)
    assert team_crosstable.locate(diag(line=13, column=40), table) == (TeamSpot(1, 2),)
    assert team_crosstable.locate(diag(line=13, column=5), table) == (TeamSpot(1),)


def test_header_lines_mark_no_team() -> None:
    """Line 1 (012) and a file-level finding are about no team."""
    assert team_crosstable.locate(diag(line=1, column=5), teams()) == ()
    assert team_crosstable.locate(diag(), teams()) == ()


ROUND_ROBIN_4 = CORPUS / "markdechamps_team_tie_breaks_round_robin_4teams.trf"


@pytest.mark.skipif(not ROUND_ROBIN_4.exists(), reason="corpus not available")
def test_four_team_round_robin_cells_by_hand() -> None:
    """Every match of the 4-team round robin, worked out from its boards.

    Teams: 1 = players 1-4, 2 = 5-8, 3 = 9-12, 4 = 13-16; the first-named team is
    the one whose board 1 has White. Scores (first team's board points):
    R1 1-2: 1 + 1 + 0 + ½ = 2½-1½; 3-4: 1 + 0 + ½ + ½ = 2-2.
    R2 1-3: 0 + ½ + ½ + 1 = 2-2; 2-4: 1 + 1 + 1 + 0 = 3-1.
    R3 1-4: ½ + 0 + 0 + 1 = 1½-2½; 2-3: 0 + 1 + ½ + ½ = 2-2.
    Match points (2/1/0): every team W+D+L or D+D+D = 3; game points 6, 6½, 6, 5½.
    """
    t = trfkit.loads(ROUND_ROBIN_4.read_bytes())
    table = team_crosstable.build(t, team_event_of(t), regime=decide(t))
    cells = {row.team: [c.text for c in row.cells] for row in table.rows}
    assert cells == {
        1: ["2w 2½-1½", "3w 2-2", "4w 1½-2½"],
        2: ["1b 1½-2½", "4w 3-1", "3w 2-2"],
        3: ["4w 2-2", "1b 2-2", "2b 2-2"],
        4: ["3b 2-2", "2b 1-3", "1b 2½-1½"],
    }
    assert [(r.mp, r.gp) for r in table.rows] == [
        (3, 6),
        (3, Fraction(13, 2)),
        (3, 6),
        (3, Fraction(11, 2)),
    ]
    assert [r.name for r in table.rows] == ["Team 1", "Team 2", "Team 3", "Team 4"]


TEAM_FILES = sorted(
    p
    for pattern in (
        "*team*.trf",
        "heltour_crete_*.trf",
        "icu_leinster_armstrong_cup_*.trf",
    )
    for p in (CORPUS.glob(pattern) if CORPUS.exists() else ())
)


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.name)
def test_corpus_team_files_build_a_team_table(path: Path) -> None:
    """Each team file of the corpus gets a row per team and a cell per counted round."""
    t = trfkit.loads(path.read_bytes())
    regime = decide(t)
    if not regime.team:
        pytest.skip("not a team event")
    event = team_event_of(t)
    table = team_crosstable.build(t, event, regime=regime)
    assert [r.team for r in table.rows] == [i.number for i in event.teams]
    assert all(len(r.cells) == event.rounds for r in table.rows)
    assert pickle.loads(pickle.dumps(table)) == table

"""Team events: team matches from the boards, team standings and the team tie-breaks.

Expected values come from published examples (IA Mario Held, "Exercises in
Tie-Breaking", C.07-2023, team exercises 34-41, as transcribed in
OttoMilvang/TieBreakServer's public tests), from values read by hand from corpus files
(the lines are quoted), or from hand calculations written out next to each assertion.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest
from locations import CORPUS

from trfkit.compute import team_crosstable
from trfkit.compute.history import RoundKind
from trfkit.compute.history.teams import RowKind, TeamEvent, result_rows, team_event_of
from trfkit.compute.regime import decide, team_event, team_members
from trfkit.compute.team_standings import compute_team_standings, explain_team
from trfkit.compute.tiebreaks import TieBreakError, TieBreakOptions
from trfkit.compute.tiebreaks.team import parse_team_tiebreak
from trfkit.model import Tournament
from trfkit.trf.reader import loads

OTTO_TEAMS = CORPUS / "otto_fideteam_nocolor_team_swiss_9teams.trf"
FORFEIT_330 = CORPUS / "trf26_record330_team_forfeit_sharly-bbp.trf"
MARKDECHAMPS = CORPUS / "markdechamps_team_tie_breaks_round_robin_4teams.trf"
GRANDMOMMY = CORPUS / "trf26_team_grandmommys_cup_echecsjs.trf"
needs_corpus = pytest.mark.skipif(
    not OTTO_TEAMS.is_file(), reason="../shared/corpus/real is absent"
)


def read(path: object) -> Tournament:
    """The tournament of a corpus file."""
    with open(str(path), "rb") as fh:
        return loads(fh.read())


# --- building TRF text for hand-made events ---------------------------------------------------


def player_line(rank: int, name: str, blocks: list[tuple[int, str, str]]) -> str:
    """A 001 line: start rank, name, rating, and 10-column round blocks from column 92."""
    line = "001 " + f"{rank:>4}" + " " * 6 + name.ljust(33) + " 2000" + " " * 28 + " " * 9
    for opponent, colour, result in blocks:
        line += "  " + f"{opponent:>4}" + " " + colour + " " + result
    return line


def team_line(number: int, name: str, members: list[int]) -> str:
    """A 310 line: number in 5-7, name in 9-40, members from column 74, every 5 columns."""
    return f"310 {number:>3} " + name.ljust(32) + " " * 33 + " ".join(f"{m:>4}" for m in members)


def event(lines: list[str], boards: dict[int, list[tuple[int, str, str]]],
          teams: dict[int, list[int]]) -> Tournament:  # fmt: skip
    """A tournament from header *lines*, player blocks and team members."""
    text = [*lines]
    text += [player_line(rank, f"P{rank}", blocks) for rank, blocks in sorted(boards.items())]
    text += [team_line(n, f"Team {n}", members) for n, members in sorted(teams.items())]
    return loads("\n".join(text) + "\n")


# Held's compact team crosstable (page 6 of the exercise paper): opponent, team colour and
# game points per round, 14 teams of 4 boards, 7 rounds; +F/-F is the forfeited match of
# teams 1 and 6 in round 6, PAB = 1 MP and 2 GP, HPB = 1 MP and 2 GP, ZPB = nothing.
HELD_ROWS = {
    1: ["8w2.5", "4b1.5", "7w3", "2b2.5", "5w1.5", "+F", "3b2.5"],
    2: ["9b3", "3w4", "5b0", "1w1.5", "13w3", "4b2.5", "10b3"],
    3: ["10w2.5", "2b0", "9w3", "6b2.5", "4w3", "5b3.5", "1w1.5"],
    4: ["11b3", "1w2.5", "13b3", "5w3.5", "3b1", "2w1.5", "9b2.5"],
    5: ["12w4", "6b3", "2w4", "4b0.5", "1b2.5", "3w0.5", "13b3.5"],
    6: ["13b2", "5w1", "8b3", "3w1.5", "11b2.5", "-F", "12w2.5"],
    7: ["14w2", "8b2", "1b1", "10w2.5", "9b2", "13w2", "ZPB"],
    8: ["1b1.5", "7w2", "6w1", "12b3.5", "10b2", "9w2", "11w3"],
    9: ["2w1", "12b4", "3b1", "14w3", "7w2", "8b2", "4w1.5"],
    10: ["3b1.5", "11w1.5", "12b2.5", "7b1.5", "8w2", "14b3", "2w1"],
    11: ["4w1", "10b2.5", "14w2", "13b1.5", "6w1.5", "12w2", "8b1"],
    12: ["5b0", "9w0", "10w1.5", "8w0.5", "PAB", "11b2", "6b1.5"],
    13: ["6w2", "14b2.5", "4w1", "11w2.5", "2b1", "7b2", "5w0.5"],
    14: ["7b2", "13w1.5", "11b2", "9b1", "HPB", "10w1", "PAB"],
}
_REVERSE = {"1": "0", "0": "1", "=": "="}


def _board_results(points: F) -> list[str]:
    """Board results of the white team: wins first, then a draw, then losses (4 boards)."""
    out = ["1"] * int(points) + (["="] if points % 1 else [])
    return out + ["0"] * (4 - len(out))


def held_event(date: str = "2024-09-01") -> Tournament:
    """Held's team Swiss as a TRF-2026 file (start rank = 4 × (team − 1) + board)."""
    blocks: dict[int, list[tuple[int, str, str]]] = {r: [] for r in range(1, 57)}
    for rnd in range(7):
        for team, row in HELD_ROWS.items():
            entry = row[rnd]
            if entry[-1].isdigit():
                colour = "w" if "w" in entry else "b"
                opponent, points = entry.split(colour, 1)
                if colour != "w":
                    continue  # each match from its white team's row
                results = _board_results(F(points))
                if (team, int(opponent)) == (11, 14):
                    results = ["1", "=", "=", "0"]  # Held's one match with two draws
                for board, result in enumerate(results, start=1):
                    me, them = 4 * (team - 1) + board, 4 * (int(opponent) - 1) + board
                    mine = "w" if board % 2 else "b"  # 352 WBWB
                    blocks[me].append((them, mine, result))
                    blocks[them].append((me, "b" if mine == "w" else "w", _REVERSE[result]))
            else:
                code = {"+F": "+", "-F": "-", "ZPB": "Z", "PAB": "U", "HPB": "H"}[entry]
                for board in range(1, 5):
                    blocks[4 * (team - 1) + board].append((0, "-", code))
    header = ["012 Held team exercises", f"042 {date}", "142 7", "192 FIDE_TEAM_MP_GP",
              "352 WBWB", "362 TW 2.0   TD 1.0   TL 0.0",
              "320  1.0  2.0 000 000 000 000 012 000 014", "330 +-   6   1   6",
              "240 H   5   14", "240 Z   7    7"]  # fmt: skip
    teams = {t: [4 * (t - 1) + b for b in range(1, 5)] for t in HELD_ROWS}
    return event(header, blocks, teams)


def held_values(codes: list[str], rules: str = "fide-2024") -> dict[str, dict[int, F | None]]:
    """Code → team → value for Held's event."""
    st = compute_team_standings(held_event(), TieBreakOptions(tiebreaks=codes, rules=rules))
    return {key: {row.team: row.values[i] for row in st.rows} for i, key in enumerate(st.keys())}


def as_fractions(values: dict[int, str]) -> dict[int, F]:
    """Held's printed values as fractions."""
    return {team: F(value) for team, value in values.items()}


# --- team matches from the file ----------------------------------------------------------------


def test_held_event_is_a_team_event_with_its_matches() -> None:
    """The Held event is a team event with 7 rounds, 4 boards and 6 or 7 matches a round."""
    t = held_event()
    assert team_event(t)
    ev = team_event_of(t)
    assert (ev.rounds, ev.boards) == (7, 4)
    # 14 teams: 7 matches a round, one fewer in rounds 5 and 7 (a PAB and a bye each)
    per_round = [sum(1 for m in ev.matches if m.round == r) for r in range(1, 8)]
    assert per_round == [7, 7, 7, 7, 6, 7, 6]


def test_held_match_points_and_game_points() -> None:
    """MP and GP of the 14 teams are Held's (exercise 34's table)."""
    values = held_values(["MP", "GP"])
    mp = {1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 7, 7: 6, 8: 7, 9: 6, 10: 5, 11: 4, 12: 2,
          13: 6, 14: 4}  # fmt: skip
    gp = {1: "17.5", 2: "17", 3: "16", 4: "17", 5: "18", 6: "12.5", 7: "11.5", 8: "15",
          9: "14.5", 10: "13", 11: "11.5", 12: "7.5", 13: "11.5", 14: "11.5"}  # fmt: skip
    assert values["MP"] == {t: F(v) for t, v in mp.items()}
    assert values["GP"] == as_fractions(gp)


def test_held_unplayed_rounds_are_read_from_320_330_240() -> None:
    """The forfeited match (330), the PABs (320) and the 240 byes give Held's round kinds."""
    ev = team_event_of(held_event())
    assert ev.results[1][5].kind is RoundKind.FORFEIT_WIN  # 330 +- round 6: team 1 over 6
    assert (ev.results[1][5].mp, ev.results[1][5].gp) == (2, 4)  # four boards at 1
    assert ev.results[6][5].kind is RoundKind.FORFEIT_LOSS
    assert ev.results[12][4].kind is RoundKind.PAIRING_BYE  # 320: team 12 in round 5
    assert (ev.results[12][4].mp, ev.results[12][4].gp) == (1, 2)  # 320's 1.0 and 2.0
    assert ev.results[14][4].kind is RoundKind.HALF_BYE  # 240 H round 5: 1 MP, 4 × ½ GP
    assert (ev.results[14][4].mp, ev.results[14][4].gp) == (1, 2)
    assert ev.results[7][6].kind is RoundKind.ZERO_BYE  # 240 Z round 7
    assert (ev.results[7][6].mp, ev.results[7][6].gp) == (0, 0)


def test_held_board_colours_and_first_named_team() -> None:
    """Round 1, team 1 (white) against team 8: board 1 White, board 2 Black (352 WBWB)."""
    ev = team_event_of(held_event())
    match = next(m for m in ev.matches if m.round == 1 and 1 in (m.first, m.second))
    assert (match.first, match.second) == (1, 8)
    # 2.5 game points for team 1: boards 1, 2 won, board 3 drawn, board 4 lost
    assert [b.colour.value for b in match.boards] == ["w", "b", "w", "b"]
    assert [b.first_points for b in match.boards] == [1, 1, F(1, 2), 0]
    assert (match.first_gp, match.second_gp, match.first_mp, match.second_mp) == (
        F(5, 2), F(3, 2), 2, 0)  # fmt: skip


@needs_corpus
def test_otto_team_swiss_matches_read_by_hand() -> None:
    """The 9-team Swiss: round 1 and the team PABs as the lines say, totals as 310 declares."""
    t = read(OTTO_TEAMS)
    ev = team_event_of(t)
    # 001    1 ... T1B1 ...     9 w 1   and   001    2 ... T1B2 ...    10 b 1
    # 310   1 Team 1 (players 1 2), 310   5 Team 5 (players 9 10): team 1 beat team 5 2-0
    match = next(m for m in ev.matches if m.round == 1 and m.first == 1)
    assert match.second == 5
    assert [(b.board, b.first, b.second, b.colour.value) for b in match.boards] == [
        (1, 1, 9, "w"), (2, 2, 10, "b")]  # fmt: skip
    assert (match.first_gp, match.second_gp, match.first_mp, match.second_mp) == (2, 0, 2, 0)
    # 001   17 ... T9B1 ...  0000 - U   and   001   18 ... T9B2 ...  0000 - U (round 1):
    # a team PAB without 320: the draw's match points (1) and the boards' U points (2 × 1)
    pab = ev.results[9][0]
    assert (pab.kind, pab.mp, pab.gp) == (RoundKind.PAIRING_BYE, 1, 2)
    # 310   1 Team 1 ... 14.0   13.5 ... 310   9 Team 9 ... 1.0    2.0
    declared = {team.number: (team.record.match_points, team.record.game_points)
                for team in ev.teams}  # fmt: skip
    assert {n: (ev.mp(n), ev.gp(n)) for n in declared} == declared


@needs_corpus
def test_in_progress_round_brings_no_points() -> None:
    """Sharly's in-progress file: round 2 paired without results (``     2 w``) counts nothing."""
    ev = team_event_of(read(CORPUS / "trf26_team_import_test_in_progress_sharly.trf"))
    # 001    1 ... 0000 - U     2 w ... : round 2 of team 1 is paired, no result yet
    pending = [r for rs in ev.results.values() for r in rs if r.kind is RoundKind.NOT_PLAYED]
    assert {r.team for r in pending} == {1, 2, 4, 5} and all(r.mp == r.gp == 0 for r in pending)
    st = compute_team_standings(read(CORPUS / "trf26_team_import_test_in_progress_sharly.trf"))
    assert all(v is not None for row in st.rows for v in row.values)


@needs_corpus
def test_forfeited_match_of_record_330() -> None:
    """``330 +-   1   1   2``: team 1 wins its one-board match by forfeit, 2 MP and 1 GP."""
    ev = team_event_of(read(FORFEIT_330))
    first = ev.results[1][0]
    assert (first.kind, first.opponent, first.mp, first.gp) == (RoundKind.FORFEIT_WIN, 2, 2, 1)
    second = ev.results[2][0]
    assert (second.kind, second.mp, second.gp) == (RoundKind.FORFEIT_LOSS, 0, 0)
    assert first.line == second.line == 6  # where a team check will point: the 330 line
    # 001    3 ... C ...     4 w 1: teams 3 and 4 played, 1-0
    assert (ev.results[3][0].kind, ev.results[3][0].mp) == (RoundKind.GAME, 2)


@needs_corpus
def test_grandmommy_totals_agree_with_its_310_records() -> None:
    """The TEC Grandmommy's Cup (echecsjs copy): every team's MP and GP equal its 310 columns."""
    ev = team_event_of(read(GRANDMOMMY))
    assert (len(ev.teams), ev.rounds, ev.boards) == (50, 14, 4)
    for team in ev.teams:
        record = team.record
        assert (ev.mp(team.number), ev.gp(team.number)) == (record.match_points,
                                                            record.game_points), team.name


# --- a hand-made team round robin --------------------------------------------------------------

# Teams 1 (players 1, 2), 2 (3, 4), 3 (5, 6), 4 (7, 8); 352 WB: board 1 White for the first team.
# R1: 1-2: 1 v 3 1-0, 2 v 4 ½-½ -> 1.5-0.5 (MP 2-0);  3-4: 5 v 7 0-1, 6 v 8 1-0 -> 1-1 (1-1)
# R2: 1-3: 1 v 5 ½-½, 2 v 6 0-1 -> 0.5-1.5 (0-2);    2-4: 3 v 7 1-0, 4 v 8 ½-½ -> 1.5-0.5 (2-0)
# R3: 1-4: 1 v 7 1-0, 2 v 8 1-0 -> 2-0 (2-0);         2-3: 3 v 5 0-1, 4 v 6 1-0 -> 1-1 (1-1)
RR_BOARDS = {
    1: [(3, "w", "1"), (5, "w", "="), (7, "w", "1")],
    2: [(4, "b", "="), (6, "b", "0"), (8, "b", "1")],
    3: [(1, "b", "0"), (7, "w", "1"), (5, "w", "0")],
    4: [(2, "w", "="), (8, "b", "="), (6, "b", "1")],
    5: [(7, "w", "0"), (1, "b", "="), (3, "b", "1")],
    6: [(8, "b", "1"), (2, "w", "1"), (4, "w", "0")],
    7: [(5, "b", "1"), (3, "b", "0"), (1, "b", "0")],
    8: [(6, "w", "0"), (4, "w", "="), (2, "w", "0")],
}
RR_TEAMS = {1: [1, 2], 2: [3, 4], 3: [5, 6], 4: [7, 8]}


def rr_event(*extra: str) -> Tournament:
    """The hand-made 4-team round robin (192 FIDE_TEAM_ROUNDROBIN), with *extra* records."""
    header = ["012 Four teams", "042 2024-09-01", "142 3", "192 FIDE_TEAM_ROUNDROBIN",
              "352 WB", *extra]  # fmt: skip
    return event(header, RR_BOARDS, RR_TEAMS)


def rr_values(codes: list[str], *extra: str) -> tuple[dict[str, dict[int, F | None]], list[int]]:
    """Code → team → value, and the teams in rank order."""
    st = compute_team_standings(rr_event(*extra), TieBreakOptions(tiebreaks=codes))
    values = {key: {row.team: row.values[i] for row in st.rows} for i, key in enumerate(st.keys())}
    return values, [row.team for row in st.rows]


def test_round_robin_match_points_and_game_points_by_hand() -> None:
    """MP 2/1/0: team 1 2+0+2 = 4, team 2 0+2+1 = 3, team 3 1+2+1 = 4, team 4 1+0+0 = 1."""
    values, _ = rr_values(["MP", "GP"])
    assert values["MP"] == {1: 4, 2: 3, 3: 4, 4: 1}
    # GP: team 1 1.5+0.5+2 = 4, team 2 0.5+1.5+1 = 3, team 3 1+1.5+1 = 3.5, team 4 1+0.5+0 = 1.5
    assert values["GP"] == {1: 4, 2: 3, 3: F(7, 2), 4: F(3, 2)}


def test_round_robin_match_points_under_362() -> None:
    """362 TW 3 TD 1 TL 0: team 1 3+0+3 = 6, team 2 0+3+1 = 4, team 3 1+3+1 = 5, team 4 1."""
    values, _ = rr_values(["MP"], "362 TW 3.0   TD 1.0   TL 0.0")
    assert values["MP"] == {1: 6, 2: 4, 3: 5, 4: 1}


def test_round_robin_is_decided_once_and_read_as_round_robin() -> None:
    """192 FIDE_TEAM_ROUNDROBIN: a team round robin, primary score match points."""
    st = compute_team_standings(rr_event())
    assert st.regime.team and st.regime.round_robin
    assert st.primary == "MP"
    assert st.source.startswith("trfkit's default for team round robins")
    assert [tb.text for tb in st.tiebreaks] == ["PTS", "GP", "DE", "SB"]


def test_direct_encounter_between_teams() -> None:
    """Teams 1 and 3 tie on 4 MP; in round 2 team 3 beat team 1 (MP 2-0): DE puts 3 first."""
    values, order = rr_values(["DE"])
    assert order == [3, 1, 2, 4]
    assert (values["DE"][3], values["DE"][1]) == (2, 0)
    assert values["DE"][2] is None  # not tied when DE was applied


# Eight one-board teams, four Swiss rounds (white first, the winner's result shown):
# R1: 1-2 1-0, 3-8 1-0, 4-5 0-1, 6-7 0-1     R2: 1-3 1-0, 2-6 1-0, 4-7 =, 5-8 =
# R3: 1-4 0-1, 2-7 1-0, 3-5 1-0, 6-8 0-1     R4: 1-5 0-1, 2-4 0-1, 3-6 0-1, 7-8 0-1
SWISS_MATCHES = [
    [(1, 2, "1"), (3, 8, "1"), (4, 5, "0"), (6, 7, "0")],
    [(1, 3, "1"), (2, 6, "1"), (4, 7, "="), (5, 8, "=")],
    [(1, 4, "0"), (2, 7, "1"), (3, 5, "1"), (6, 8, "0")],
    [(1, 5, "0"), (2, 4, "0"), (3, 6, "0"), (7, 8, "0")],
]


def test_direct_encounter_swiss_clause_6_3() -> None:
    """Swiss DE: a team first whatever the missing matches' results is placed first (6.3)."""
    boards: dict[int, list[tuple[int, str, str]]] = {n: [] for n in range(1, 9)}
    for matches in SWISS_MATCHES:
        for white, black, result in matches:
            boards[white].append((black, "w", result))
            boards[black].append((white, "b", _REVERSE[result]))
    t = event(["012 Swiss", "042 2024-09-01", "192 FIDE_TEAM_MP_GP"], boards,
              {n: [n] for n in range(1, 9)})  # fmt: skip
    st = compute_team_standings(t, TieBreakOptions(tiebreaks=["DE"]))
    rank = {row.team: row.rank for row in st.rows}
    # MP: 1 2+2+0+0 = 4, 2 0+2+2+0 = 4, 3 2+0+2+0 = 4; 4 0+1+2+2 = 5, 5 2+1+0+2 = 5,
    # 8 0+1+2+2 = 5; 6 0+0+0+2 = 2, 7 2+1+0+0 = 3
    # {1, 2, 3}: 1 beat 2 and 3 (DE 4); 2 and 3 met only 1 (DE 0) and could reach 0 + 2:
    # 4 > 2, so 1 is first; 2 and 3 never met: tied
    assert rank[1] < rank[2] == rank[3]
    # {4, 5, 8}: 5 beat 4 and drew with 8 (DE 3); 8 (1) could reach 1 + 2 = 3: not above, tied
    assert rank[4] == rank[5] == rank[8]
    de = {row.team: row.values[1] for row in st.rows}
    assert (de[1], de[2], de[5], de[8]) == (4, 0, 3, 1)


def test_game_points_as_secondary_score() -> None:
    """With GP second, team 1 (4 GP) comes before team 3 (3.5 GP)."""
    _, order = rr_values(["GP", "DE"])
    assert order == [1, 3, 2, 4]


def test_buchholz_on_match_points_by_hand() -> None:
    """BH:MP = the opponents' MP: team 1 3+4+1 = 8, 2: 4+1+4 = 9, 3: 1+4+3 = 8, 4: 4+3+4 = 11."""
    values, _ = rr_values(["BH:MP", "BH:GP"])
    assert values["BH:MP"] == {1: 8, 2: 9, 3: 8, 4: 11}
    # BH:GP: team 1 3+3.5+1.5 = 8, team 4 3.5+3+4 = 10.5
    assert (values["BH:GP"][1], values["BH:GP"][4]) == (8, F(21, 2))


def test_sonneborn_berger_family_by_hand() -> None:
    """SB:MP (= EMMSB) and EMGSB of the round robin, the products written out."""
    values, _ = rr_values(["SB:MP", "EMMSB", "EMGSB", "EGMSB", "EGGSB"])
    # team 1: opponent MP × own MP = 2:3×2 + 3:4×0 + 4:1×2 = 8; team 3: 4:1×1 + 1:4×2 + 2:3×1 = 12
    # team 2: 1:4×0 + 4:1×2 + 3:4×1 = 6; team 4: 3:4×1 + 2:3×0 + 1:4×0 = 4
    assert values["SB:MP"] == values["EMMSB"] == {1: 8, 2: 6, 3: 12, 4: 4}
    # EMGSB team 1: opponent MP × own GP = 3×1.5 + 4×0.5 + 1×2 = 4.5 + 2 + 2 = 8.5
    assert values["EMGSB"][1] == F(17, 2)
    # EGMSB team 1: opponent GP × own MP = 3×2 + 3.5×0 + 1.5×2 = 9
    assert values["EGMSB"][1] == 9
    # EGGSB team 1: opponent GP × own GP = 3×1.5 + 3.5×0.5 + 1.5×2 = 4.5 + 1.75 + 3 = 9.25
    assert values["EGGSB"][1] == F(37, 4)


def test_round_robin_forfeited_match_counts_as_a_match() -> None:
    """A 330 forfeit in a team round robin is a match for SB (C.07 15.2), not a dummy."""
    # 330 +- round 3, team 2 over team 3 (the boards of that match give way to the record):
    # team 2: MP 0 + 2 + 2 = 4, GP 0.5 + 1.5 + 2 (two boards at the forfeit value) = 4
    # team 3: MP 1 + 2 + 0 = 3, GP 1 + 1.5 + 0 = 2.5
    values, order = rr_values(["MP", "GP", "DE", "SB:MP"], "330 +-   3   2   3")
    assert (values["MP"][2], values["GP"][2], values["MP"][3], values["GP"][3]) == (
        4, 4, 3, F(5, 2))  # fmt: skip
    # SB:MP team 2: 1 (4 MP) × 0 + 4 (1) × 2 + 3 (3) × 2, the forfeit win as a win = 8
    # team 3: 4 (1) × 1 + 1 (4) × 2 + 2 (4) × 0 = 9
    assert (values["SB:MP"][2], values["SB:MP"][3]) == (8, 9)
    # team 1: 2 (4) × 2 + 3 (3) × 0 + 4 (1) × 2 = 10
    assert values["SB:MP"][1] == 10
    # teams 1 and 2 on 4 MP and 4 GP; DE: team 1 beat team 2 in round 1 (MP 2-0)
    assert order[:2] == [1, 2] and (values["DE"][1], values["DE"][2]) == (2, 0)


def test_double_forfeit_is_a_loss_for_both() -> None:
    """``330 --`` in round 3: teams 2 and 3 both lose it, no match or game points."""
    ev = team_event_of(rr_event("330 --   3   2   3"))
    assert {ev.results[2][2].kind, ev.results[3][2].kind} == {RoundKind.DOUBLE_FORFEIT}
    # team 2: MP 0 + 2 + 0 = 2, GP 0.5 + 1.5 + 0 = 2; team 3: MP 1 + 2 + 0 = 3, GP 2.5
    assert (ev.mp(2), ev.gp(2), ev.mp(3), ev.gp(3)) == (2, 2, 3, F(5, 2))


def test_pre_2023_virtual_opponent_for_a_team() -> None:
    """fide-pre-2023: team 1's round-6 forfeit win is a virtual opponent of 6 + 0 + 1 = 7 MP."""
    # opponents' scores, unplayed rounds seen as draws (2009): 8: 7, 4: 10, 7: 6 + 1 (ZPB),
    # 2: 10, 5: 10, 3: 10; the virtual opponent of round 6: team 1's 6 MP after round 5,
    # plus the opposite of its win (0), plus a draw (1) for the one round left: 7.
    # 7 + 10 + 7 + 10 + 10 + 10 + 7 = 61
    assert held_values(["BH"], rules="fide-pre-2023")["BH"][1] == 61


# --- Held's published team exercises -----------------------------------------------------------


def test_held_exercise_35_36_buchholz_on_match_points() -> None:
    """Exercises 35 and 36: BH and BH/C1 on match points (2023 rules, dummy for unplayed)."""
    values = held_values(["BH", "BH/C1"])
    bh = {1: 64, 2: 57, 3: 58, 4: 56, 5: 55, 6: 46, 7: 44, 8: 41, 9: 50, 10: 44, 11: 41,
          12: 41, 13: 52, 14: 36}  # fmt: skip
    bh_c1 = {1: 57, 2: 52, 3: 53, 4: 52, 5: 53, 6: 39, 7: 38, 8: 39, 9: 48, 10: 42, 11: 39,
             12: 39, 13: 48, 14: 32}  # fmt: skip
    assert values["BH"] == {t: F(v) for t, v in bh.items()}
    # team 7 (ZPB in the last round, a VUR): 44 minus the dummy's 6, not the lowest value 4 (16.5)
    assert values["BH/C1"] == {t: F(v) for t, v in bh_c1.items()}


def test_held_exercise_37_buchholz_on_game_points() -> None:
    """Exercise 37: BH:GP and BH:GP/C1."""
    values = held_values(["BH:GP", "BH:GP/C1"])
    bh = {1: "114", 2: "107.5", 3: "109.5", 4: "106", 5: "99", 6: "92", 7: "94.5", 8: "90",
          9: "97.5", 10: "92", 11: "88", 12: "92", 13: "101", 14: "87"}  # fmt: skip
    bh_c1 = {1: "100.5", 2: "96", 3: "97", 4: "94.5", 5: "91.5", 6: "79.5", 7: "83",
             8: "82.5", 9: "90", 10: "84.5", 11: "80.5", 12: "84.5", 13: "89.5",
             14: "75.5"}  # fmt: skip
    assert values["BH:GP"] == as_fractions(bh)
    assert values["BH:GP/C1"] == as_fractions(bh_c1)


def test_held_exercises_38_to_41_extended_sonneborn_berger() -> None:
    """Exercises 38-41: EMMSB/C1, EGMSB, EMGSB, EGGSB for the teams Held computes."""
    values = held_values(["EMMSB/C1", "EGMSB", "EMGSB", "EGGSB"])
    picked = {k: {t: values[k][t] for t in teams} for k, teams in
              {"EMMSB/C1": [1, 2, 3, 4, 5], "EGMSB": [1, 2, 3, 4, 5], "EMGSB": [7, 9, 13],
               "EGGSB": [6, 8]}.items()}  # fmt: skip
    assert picked == {
        "EMMSB/C1": {1: 74, 2: 64, 3: 66, 4: 64, 5: 66},
        "EGMSB": {1: 158, 2: 144, 3: 150, 4: 146, 5: 132},
        "EMGSB": as_fractions({7: "68.5", 9: "83", 13: "73"}),
        "EGGSB": as_fractions({6: "157.5", 8: "181.5"}),
    }


def test_held_exercise_49_score_and_schedule_strength_combination() -> None:
    """Exercise 49: SSSC = GP + BH:MP / 3 (floor(7 rounds × 2 MP / (4 boards × 1)) = 3)."""
    values = held_values(["SSSC"])["SSSC"]
    # Held's SSSC, printed to two decimals (38.83 = 17.5 + 64/3 for team 1, …)
    published = {1: "38.83", 2: "36.00", 3: "35.33", 4: "35.67", 5: "36.33", 6: "27.83",
                 7: "26.17", 8: "28.67", 9: "31.17", 10: "27.67", 11: "25.17", 12: "21.17",
                 13: "28.83", 14: "23.50"}  # fmt: skip
    for team, text in published.items():
        value = values[team]
        assert value is not None and abs(value - F(text)) < F(1, 200), team
    assert values[1] == F(35, 2) + F(64, 3)  # exact: GP 17.5 + BH 64 / 3
    # /L2 sets the divisor: 17.5 + 64 / 2 = 49.5
    assert held_values(["SSSC/L2"])["SSSC/L2"][1] == F(99, 2)


def test_held_exercises_42_to_45_extended_direct_encounter() -> None:
    """Exercises 42-45: EDE keeps 11 = 14 and 7 = 9 = 13, puts 6 before 8, then 4, 2, 1, 3, 5."""
    st = compute_team_standings(held_event(), TieBreakOptions(tiebreaks=["EDE"]))
    rank = {row.team: row.rank for row in st.rows}
    assert rank[11] == rank[14]  # 42: their match was drawn 2-2 (MP and GP)
    assert rank[7] == rank[9] == rank[13]  # 44: 9 and 13 never met, nobody is first for sure
    assert rank[6] < rank[8]  # 43: team 6 beat team 8 3-1 in round 3
    # 45: the five on 10 MP all met and all have 4 MP among them; on game points 4 has 8.5,
    # 1, 2, 3 have 8, 5 has 7.5; then among 1, 2, 3 game points again: 2 5.5, 1 5, 3 1.5
    assert sorted(range(1, 6), key=rank.__getitem__) == [4, 2, 1, 3, 5]


def test_held_team_1_egmsb_by_hand() -> None:
    """EGMSB of team 1 = Σ opponent's GP × own MP, with team 7's last-round ZPB seen as a draw."""
    # R1 8: 15×2 = 30; R2 4: 17×0; R3 7: (11.5 + 2, its ZPB counted as a drawn match) × 2 = 27;
    # R4 2: 17×2 = 34; R5 5: 18×0; R6 forfeit win: dummy with team 1's own 17.5 × 2 = 35;
    # R7 3: 16×2 = 32.  30 + 27 + 34 + 35 + 32 = 158
    assert held_values(["EGMSB"])["EGMSB"][1] == 158


def test_2026_caps_the_dummy_of_a_forfeit_win() -> None:
    """fide-2026: team 1's forfeit-win dummy counts team 6's 7 MP instead of its own 10."""
    values = held_values(["BH", "EMMSB/C1"], rules="fide-2026")
    # BH: 64 − 10 + 7 = 61; EMMSB/C1: 74 − 10×2 + 7×2 = 68 (the cut still drops 8's or 7's 14)
    assert (values["BH"][1], values["EMMSB/C1"][1]) == (61, 68)
    assert values["BH"][2] == 57  # team 2 played every round: unchanged


def test_fore_buchholz_dummy_has_the_team_s_own_score() -> None:
    """FB of Held's team 7: its last-round ZPB's dummy has its own 6 MP, not the 7 others see."""
    # opponents' MP, each paired team's round 7 as a draw (1 MP): 14: 1+0+1+0+1(HPB)+0+1(PAB)
    # = 4 (no opponent in round 7: unchanged); 8: 7 − 2 + 1 = 6; 1: 10 − 2 + 1 = 9;
    # 10: 5 − 0 + 1 = 6; 9: 6 − 0 + 1 = 7; 13: 6 − 0 + 1 = 7; sum 39.
    # team 7: 1 + 1 + 0 + 2 + 1 + 1 + ZPB 0 = 6; the dummy of its ZPB has that score (art.
    # 16.4), not the 7 its opponents see (16.3: a final requested bye seen as a draw): 45
    assert held_values(["FB"])["FB"][7] == 45


def test_fore_buchholz_last_match_ends_a_final_run_of_byes() -> None:
    """FB: a ZPB before a last-round match is no final bye (16.3): team 4 is seen with 1 MP."""
    # one board; R1 1-2 1-0, 3-4 1-0; R2 1-3 1-0, team 2 HPB, team 4 ZPB; R3 1-4 ½, 2-3 1-0
    # FB (each paired team's round 3 a draw): team 2 0 + 1 + 1 = 2; team 3 2 + 0 + 1 = 3;
    # team 4 0 + 0 + 1 = 1: under FB its round 3 is a drawn match, so the ZPB is followed by a
    # round played and counts at its 0 (were it final, it would be seen as a draw: 2).
    # FB of team 1 = 2 + 3 + 1 = 6
    boards = {1: [(2, "w", "1"), (3, "b", "1"), (4, "w", "=")],
              2: [(1, "b", "0"), (0, "-", "H"), (3, "w", "1")],
              3: [(4, "w", "1"), (1, "w", "0"), (2, "b", "0")],
              4: [(3, "b", "0"), (0, "-", "Z"), (1, "b", "=")]}  # fmt: skip
    t = event(["012 Byes", "042 2024-09-01", "142 3", "192 FIDE_TEAM_MP_GP"], boards,
              {n: [n] for n in range(1, 5)})  # fmt: skip
    st = compute_team_standings(t, TieBreakOptions(tiebreaks=["FB", "FB:GP"]))
    fb = {row.team: (row.values[1], row.values[2]) for row in st.rows}  # after PTS
    # game points the same way: team 2 0 + ½ + ½ = 1, team 3 1 + 0 + ½ = 1.5, team 4 ½: 3
    assert fb[1] == (6, 3)


def test_2026_caps_the_dummy_of_a_forfeit_win_on_game_points() -> None:
    """fide-2026, BH:GP of team 1: the forfeit-win dummy is team 6's 12.5 GP, not its own 17.5."""
    # opponents' GP: 8 15, 4 17, 7 11.5 + 2 (last-round ZPB seen as a draw), 2 17, 5 18, 3 16
    # = 96.5; 2024: + own 17.5 = 114; 2026: + min(17.5, team 6's 2+1+3+1.5+2.5+0+2.5 = 12.5) = 109
    # (capped at 2 GP × 7 rounds = 14, as for a round without a scheduled opponent, it would
    # be 110.5: what gacrux computes when the file has no 330 record for the match)
    assert held_values(["BH:GP"])["BH:GP"][1] == 114
    assert held_values(["BH:GP"], rules="fide-2026")["BH:GP"][1] == 109


def test_codes_not_computed_are_none_with_a_reason() -> None:
    """ESB (no letters) and the rating codes are None for every team, with the reason."""
    st = compute_team_standings(held_event(), TieBreakOptions(tiebreaks=["ESB", "ARO"]))
    assert set(st.unavailable) == {"ESB", "ARO"}
    assert "not computed by trfkit yet" in st.unavailable["ESB"]
    assert all(v is None for row in st.rows for v in row.values[1:])


def test_primary_score_follows_192() -> None:
    """FIDE_TEAM_GP_MP makes game points the primary score; FIDE_TEAM_MP_GP match points."""
    text = "012 x\n192 FIDE_TEAM_GP_MP\n" + "\n".join(
        [player_line(1, "A", [(2, "w", "1")]), player_line(2, "B", [(1, "b", "0")]),
         team_line(1, "One", [1]), team_line(2, "Two", [2])]) + "\n"  # fmt: skip
    st = compute_team_standings(loads(text))
    assert st.primary == "GP" and "FIDE_TEAM_GP_MP" in st.primary_reason
    assert [tb.text for tb in st.tiebreaks][:2] == ["PTS", "MP"]  # the default's secondary
    st = compute_team_standings(held_event())
    assert st.primary == "MP"


def test_declared_list_with_team_codes_wins() -> None:
    """Checking, a 212 naming team codes is the list; --tiebreaks is reported as not applied."""
    t = rr_event("212 PTS,BH:MP,EDET")
    st = compute_team_standings(t, TieBreakOptions(tiebreaks=["GP"], list_precedence="declared"))
    assert st.source == "record 212 (it names team codes)"
    assert [tb.text for tb in st.tiebreaks] == ["PTS", "BH:MP", "EDET"]
    assert any("not applied" in p for p in st.problems)
    # a 212 without team codes (an individual list) gives way to --tiebreaks
    st = compute_team_standings(rr_event("212 PTS,WIN,BH"), TieBreakOptions(tiebreaks=["GP"]))
    assert st.source.startswith("--tiebreaks")
    # computing standings (the default precedence), the list asked for wins
    st = compute_team_standings(t, TieBreakOptions(tiebreaks=["GP"]))
    assert [tb.text for tb in st.tiebreaks] == ["PTS", "GP"]


def test_individual_event_is_refused_by_the_api() -> None:
    """compute_team_standings on an individual event raises TieBreakError (a TrfError)."""
    text = "012 x\n" + player_line(1, "A", [(2, "w", "1")]) + "\n" + player_line(
        2, "B", [(1, "b", "0")]) + "\n"  # fmt: skip
    with pytest.raises(TieBreakError, match="need a team event"):
        compute_team_standings(loads(text))


def test_parse_team_tiebreak() -> None:
    """Codes with :MP/:GP and modifiers are read; an unknown acronym is refused."""
    tb = parse_team_tiebreak("BH:MP/C1/P")
    assert (tb.name, tb.base, tb.cut, tb.pre_determined) == ("BH", "MP", 1, True)
    assert parse_team_tiebreak("mpvgp").name == "MPVGP"
    with pytest.raises(TieBreakError):
        parse_team_tiebreak("NOPE")


def test_explain_team_lists_each_round() -> None:
    """--explain's values: team 1's round-6 forfeit win is a dummy with its own 10 MP."""
    st = compute_team_standings(held_event(), TieBreakOptions(tiebreaks=["BH"]))
    ex = explain_team(st, 1)
    assert len(ex.rounds) == 7
    round6 = ex.rounds[5]
    assert round6[2] == "forfeit win"
    assert round6[5]["BH"] == (10, 10, "dummy (own score)")


def test_mpvgp_is_the_secondary_score() -> None:
    """MPvGP after match points is game points: team 1 4, team 3 3.5 (see the MP/GP test)."""
    values, order = rr_values(["MPvGP"])
    assert values["MPvGP"] == {1: 4, 2: 3, 3: F(7, 2), 4: F(3, 2)}
    assert order == [1, 3, 2, 4]


@needs_corpus
def test_board_count_by_hand() -> None:
    """BC = Σ board × board points in played matches; lower first. Teams 3 and 5 of the Swiss."""
    # 310   3 Team 3 (players 5, 6); 310   5 Team 5 (players 9, 10); both on 7 MP.
    # 001    5 T3B1: 13 w 1, 1 w 0, 11 b 0, 7 b 0, 0000 - U, 3 b 0, 17 w 1 -> board 1: 2
    # 001    6 T3B2: 14 b 1, 2 b 0, 12 w 1, 8 w 1, 0000 - U, 4 w 0, 18 b 1 -> board 2: 4
    #   team 3: 1×2 + 2×4 = 10 (the round-5 PAB has no board played)
    # 001    9 T5B1: 1 b 0, 17 w 1, 3 w 0, 0000 - U, 7 b 0, 13 w 1, 15 b 1 -> board 1: 3
    # 001   10 T5B2: 2 w 0, 18 b 1, 4 b 0, 0000 - U, 8 w =, 14 b 1, 16 w 1 -> board 2: 3.5
    #   team 5: 1×3 + 2×3.5 = 10: a tie, which 212's next code (BBE) would break
    # 001    1 T1B1: seven wins -> 7; 001    2 T1B2: six wins, a draw -> 6.5; 1×7 + 2×6.5 = 20
    st = compute_team_standings(read(OTTO_TEAMS))
    assert [tb.text for tb in st.tiebreaks] == ["PTS", "BC", "BBE"]
    bc = {row.team: row.values[1] for row in st.rows}
    assert (bc[3], bc[5], bc[1]) == (10, 10, 20)
    # lower first: with PTS,BC on two teams of equal MP the lower BC ranks higher
    values, order = rr_values(["BC"])
    # team 1 (boards 1: 1+½+1 = 2.5, 2: ½+0+1 = 1.5): 2.5 + 3 = 5.5;
    # team 3 (boards 1: 0+½+1 = 1.5, 2: 1+1+0 = 2): 1.5 + 4 = 5.5 -> still tied, number order
    assert (values["BC"][1], values["BC"][3]) == (F(11, 2), F(11, 2))
    assert order[:2] == [1, 3]


@needs_corpus
def test_board_by_board_elimination_and_the_declared_ranks() -> None:
    """BBE breaks the BC tie of teams 3 and 5: board 2 left out, board 1's points 2 against 3."""
    # team 3: board 1 2 (its round-5 PAB brought 2 GP but no board); team 5: board 1 3
    st = compute_team_standings(read(OTTO_TEAMS))
    bbe = {row.team: row.values[2] for row in st.rows}
    assert (bbe[3], bbe[5]) == (2, 3)
    # the ranks then equal the 310 rank columns: 310   1 … 1, 310   2 … 3, 310   3 … 5, …
    declared = {team.number: team.record.rank for team in st.event.teams}
    assert {row.team: row.rank for row in st.rows} == declared


def test_top_board_result_and_bbe_by_hand() -> None:
    """TBR: board 1 first (team 1 2.5 against team 3 1.5); BBE: board 2 left out (2.5, 1.5)."""
    # team 1 board 1: R1 1, R2 ½, R3 1 = 2.5; board 2: ½ + 0 + 1 = 1.5
    # team 3 board 1: R1 0, R2 ½, R3 1 = 1.5; board 2: 1 + 1 + 0 = 2
    values, order = rr_values(["TBR"])
    assert (values["TBR"][1], values["TBR"][3]) == (F(5, 2), F(3, 2))
    assert order[:2] == [1, 3]
    values, order = rr_values(["BBE"])
    assert (values["BBE"][1], values["BBE"][3]) == (F(5, 2), F(3, 2))
    assert order[:2] == [1, 3]


# The round robin above with two matches of round 1 changed, the match results unchanged:
# 1-2: 1 v 3 ½-½, 2 v 4 1-0 (1.5-0.5);  3-4: 5 v 7 1-0, 6 v 8 0-1 (1-1).
RR_BBE_BOARDS = {
    1: [(3, "w", "="), (5, "w", "="), (7, "w", "1")],
    2: [(4, "b", "1"), (6, "b", "0"), (8, "b", "1")],
    3: [(1, "b", "="), (7, "w", "1"), (5, "w", "0")],
    4: [(2, "w", "0"), (8, "b", "="), (6, "b", "1")],
    5: [(7, "w", "1"), (1, "b", "="), (3, "b", "1")],
    6: [(8, "b", "0"), (2, "w", "1"), (4, "w", "0")],
    7: [(5, "b", "0"), (3, "b", "0"), (1, "b", "0")],
    8: [(6, "w", "1"), (4, "w", "="), (2, "w", "0")],
}


def test_bbe_leaves_the_last_board_out_from_its_first_step() -> None:
    """BBE starts without the bottom board: team 3 (board 1: 2.5) before team 1 (2), GP 4 > 3.5."""
    # team 1: board 1 R1 ½ + R2 ½ + R3 1 = 2; board 2 1 + 0 + 1 = 2; GP 4, MP 2 + 0 + 2 = 4
    # team 3: board 1 R1 1 + R2 ½ + R3 1 = 2.5; board 2 0 + 1 + 0 = 1; GP 3.5, MP 1 + 2 + 1 = 4
    # Bottom-board elimination removes board 2 first: 2 against 2.5, team 3 first (comparing
    # every board first, the game points 4 against 3.5, would put team 1 first).
    header = ["012 Four teams", "042 2024-09-01", "142 3", "192 FIDE_TEAM_ROUNDROBIN", "352 WB"]
    st = compute_team_standings(event(header, RR_BBE_BOARDS, RR_TEAMS),
                                TieBreakOptions(tiebreaks=["PTS", "BBE"]))  # fmt: skip
    assert [(row.team, row.values[0]) for row in st.rows][:2] == [(3, 4), (1, 4)]
    assert {row.team: row.values[1] for row in st.rows if row.team in (1, 3)} == {
        1: 2, 3: F(5, 2)}  # fmt: skip


def test_held_exercise_34_orders() -> None:
    """Exercise 34: ranked by MP then GP, and by GP then MP (``PTS:GP`` makes GP primary)."""
    st = compute_team_standings(held_event(), TieBreakOptions(tiebreaks=["PTS", "GP"]))
    assert [r.team for r in st.rows] == [5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12]
    st = compute_team_standings(held_event(), TieBreakOptions(tiebreaks=["PTS:GP", "MP"]))
    assert st.primary == "GP"
    assert [r.team for r in st.rows] == [5, 1, 2, 4, 3, 8, 9, 10, 6, 7, 13, 11, 14, 12]


# --- the command line --------------------------------------------------------------------------


def cli(capsys: pytest.CaptureFixture[str], tmp_path: object, text: str,
        *argv: str) -> tuple[int, str, str]:  # fmt: skip
    """Exit code, stdout and stderr of ``trfkit standings FILE …`` on *text*."""
    from pathlib import Path

    from trfkit.cli import main

    path = Path(str(tmp_path)) / "event.trf"
    path.write_text(text, encoding="utf-8")
    code = main(["standings", str(path), *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def held_text() -> str:
    """Held's event as TRF text."""
    from trfkit.trf.writer import dumps

    return dumps(held_event())


def test_cli_json_shape_and_rules(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    """``--teams --format json``: teams with rank, team, name, MP, GP and each code; the rules."""
    import json

    code, out, _ = cli(capsys, tmp_path, held_text(), "--teams", "--format", "json",
                       "--tiebreaks", "GP,BH,ESB")  # fmt: skip
    assert code == 0
    doc = json.loads(out)
    first = doc["teams"][0]
    assert list(first) == ["rank", "team", "name", "MP", "GP", "BH", "ESB"]
    assert (first["team"], first["MP"], first["GP"], first["ESB"]) == (5, 10, 18, None)
    rules = doc["rules"]
    assert rules["tiebreaks_from"] == "--tiebreaks"
    assert rules["primary"] == "MP" and rules["edition"] == "fide-2024"
    assert "not computed" in rules["not_computed"]["ESB"]


def test_cli_text_csv_and_explain(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    """Text says where the list came from and shows n/a; CSV has the columns; --explain a team."""
    text = held_text()
    code, out, _ = cli(capsys, tmp_path, text, "--teams", "--tiebreaks", "BH/C1,ESB")
    assert code == 0
    assert "Tie-breaks: PTS, BH/C1, ESB (--tiebreaks)" in out
    assert "n/a" in out and "Not computed: ESB" in out
    code, out, _ = cli(capsys, tmp_path, text, "--teams", "--format", "csv")
    assert out.removeprefix("\ufeff").splitlines()[0] == "Rank,Team,Name,MP,GP,BH/C1,BH,SB"
    assert out.splitlines()[1] == "1,5,Team 5,10.0,18.0,53.0,55.0,70.0"
    code, out, _ = cli(capsys, tmp_path, text, "--teams", "--tiebreaks", "BH/C1", "--explain", "7")
    assert code == 0
    assert "Team 7 Team 7: 6.0 MP, 11.5 GP" in out
    assert "BH/C1: 38.0" in out  # Held's exercise 36
    code, _, err = cli(capsys, tmp_path, text, "--teams", "--explain", "99")
    assert code == 2 and "no team numbered 99" in err


def test_cli_teams_on_an_individual_event_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    """``--teams`` on an individual event: exit 2 and a reason."""
    text = "012 x\n" + player_line(1, "A", [(2, "w", "1")]) + "\n" + player_line(
        2, "B", [(1, "b", "0")]) + "\n"  # fmt: skip
    code, out, err = cli(capsys, tmp_path, text, "--teams")
    assert (code, out) == (2, "")
    assert "--teams needs a team event" in err


def test_cli_bad_team_code_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    """An unknown code in --tiebreaks with --teams: exit 2, no traceback."""
    code, _, err = cli(capsys, tmp_path, held_text(), "--teams", "--tiebreaks", "XYZ")
    assert code == 2 and "unknown tie-break" in err


@needs_corpus
def test_cli_every_corpus_team_file_gets_team_standings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every team file of the corpus gives team standings in JSON, one row per team."""
    import json

    from trfkit.cli import main

    for path in sorted(CORPUS.glob("*.trf")):
        t = read(path)
        if not team_event(t):
            continue
        assert main(["standings", str(path), "--teams", "--format", "json"]) == 0, path.name
        doc = json.loads(capsys.readouterr().out)
        assert len(doc["teams"]) == len(team_event_of(t).teams), path.name


# --- the general tie-breaks applied to teams, and the 2026 EDE family ---------------------------


def test_win_won_and_progressive_scores_of_teams_by_hand() -> None:
    """WIN/WON: matches won (1: R1, R3 = 2; 2: R2 = 1; 3: R2 = 1; 4: 0); PS = Σ running MP."""
    values, _ = rr_values(["WIN", "WON", "PS", "PS:GP", "WIN:GP"])
    assert values["WIN"] == values["WON"] == {1: 2, 2: 1, 3: 1, 4: 0}
    # running MP: team 1 2, 2, 4 -> 8; team 2 0, 2, 3 -> 5; team 3 1, 3, 4 -> 8; team 4 1, 1, 1 -> 3
    assert values["PS"] == {1: 8, 2: 5, 3: 8, 4: 3}
    # running GP of team 1: 1.5, 2, 4 -> 7.5
    assert values["PS:GP"][1] == F(15, 2)
    # boards won: team 1 R1 board 1, R3 both = 3; team 2 R2 board 1 (3 beat 7), R3 board 2 = 2
    assert (values["WIN:GP"][1], values["WIN:GP"][2]) == (3, 2)


def test_fore_buchholz_and_average_of_buchholz_of_teams_by_hand() -> None:
    """FB: every team's round 3 counts as a draw; AOB: the average BH of the teams met."""
    values, _ = rr_values(["FB", "AOB"])
    # MP with round 3 drawn: team 1 4-2+1 = 3, team 2 3-1+1 = 3, team 3 4-1+1 = 4, team 4 1-0+1 = 2
    # FB team 1 = 3 + 4 + 2 = 9; team 4 = 3 + 3 + 4 = 10
    assert (values["FB"][1], values["FB"][4]) == (9, 10)
    # BH (opponents' MP): 1 8, 2 9, 3 8, 4 11; AOB team 1 (9+8+11)/3, team 4 (8+9+8)/3
    assert (values["AOB"][1], values["AOB"][4]) == (F(28, 3), F(25, 3))


def test_rating_tie_breaks_are_not_computed_for_teams() -> None:
    """ARO has no team meaning: its values are None and the reason says so."""
    st = compute_team_standings(rr_event(), TieBreakOptions(tiebreaks=["ARO"]))
    assert all(row.values[1] is None for row in st.rows)
    assert "not defined for teams" in st.unavailable["ARO"]


def _drawn_pair(codes: list[str]) -> list[int]:
    """Teams 1 (players 1-4) and 2 (5-8) draw 2-2: board results 1, 0, 0, 1 for team 1."""
    boards: dict[int, list[tuple[int, str, str]]] = {}
    for board, result in enumerate("1001", start=1):
        colour = "w" if board % 2 else "b"
        boards[board] = [(4 + board, colour, result)]
        boards[4 + board] = [(board, "b" if colour == "w" else "w", _REVERSE[result])]
    t = event(["012 Pair", "042 2026-05-01", "192 FIDE_TEAM_MP_GP", "352 WBWB"], boards,
              {1: [1, 2, 3, 4], 2: [5, 6, 7, 8]})  # fmt: skip
    st = compute_team_standings(t, TieBreakOptions(tiebreaks=codes))
    return [row.rank for row in sorted(st.rows, key=lambda r: r.team)]


def test_extended_direct_encounter_with_board_criteria_by_hand() -> None:
    """Tied on MP and GP in their match: the board criteria of the EDE family decide.

    Board count: team 1 1 + 4 = 5, team 2 2 + 3 = 5 (tied); top board: team 1 (1 to 0);
    boards without the last: 1-3 team 1 1, team 2 2 (team 2 first).
    """
    assert _drawn_pair(["EDE"]) == [1, 1]
    assert _drawn_pair(["EDEC"]) == [1, 1]
    assert _drawn_pair(["EDET"]) == [1, 2]
    assert _drawn_pair(["EDEB"]) == [2, 1]
    assert _drawn_pair(["EDEBT"]) == [1, 2]
    assert _drawn_pair(["EDEBB"]) == [2, 1]


def test_a_player_in_two_teams_has_one_team_everywhere() -> None:
    """Player 1 listed by team 3 (first in the file) and team 1: team 3's, for every reader."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "teams" / "team_rr_4.trf"
    lines = fixture.read_bytes().decode("utf-8").split("\n")
    alpha, charlie = lines[17], lines[19] + "    1"
    lines[17], lines[19] = charlie, alpha  # team 3's 310 now comes before team 1's
    t = loads("\n".join(lines))
    event = team_event_of(t)
    # by hand: the first record listing player 1 is team 3's (line 18); player 2 stays team 1's
    assert (event.member_of[1], event.member_of[2]) == (3, 1)
    assert team_members(t)[0] == event.member_of
    table = team_crosstable.build(t, event, regime=decide(t))
    assert table.members[1] == 3


def test_the_801_and_802_rows_say_which_they_are_by_an_enum() -> None:
    """The fixture's four 801 rows are RowKind.LONG; an 802 row is RowKind.SHORT."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "teams" / "team_rr_4.trf"
    source = fixture.read_bytes().decode("utf-8") + "802  1 ALP    5  4.5   4 w 1.5\n"
    rows = result_rows(loads(source))
    assert [r.kind for r in rows] == [RowKind.LONG] * 4 + [RowKind.SHORT]
    assert all(isinstance(r.kind, RowKind) for r in rows)
    assert rows[-1].rounds[0].points == F(3, 2)  # 802: the game points as written


# --- record 299 with a type, and boards won by forfeit without a 330 ----------------------------

TEAM_RR_4 = Path(__file__).resolve().parent.parent / "fixtures" / "teams" / "team_rr_4.trf"


def _team_rr_4(*changes: tuple[str, str], extra: str = "") -> TeamEvent:
    text = TEAM_RR_4.read_bytes().decode("utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    return team_event_of(loads(text + extra))


def test_a_typed_299_of_every_round_changes_the_rounds_of_its_kind() -> None:
    """299 L (no round, no team): every lost match brings 0.5 MP; game points kept.

    By hand from the fixture: lost matches are Delta's rounds 1 and 3 (0.5-1.5, 0.5-1.5)
    and Bravo's rounds 1 and 2 (0.5-1.5, 0-2): Bravo 2 -> 3 MP, Delta 1 -> 2 MP.
    """
    event = _team_rr_4(extra="299 L   0.5\n")
    assert [event.mp(n) for n in (1, 2, 3, 4)] == [5, 3, 4, 2]
    assert [event.gp(n) for n in (1, 2, 3, 4)] == [F(9, 2), 2, F(7, 2), 2]
    assert event.assigned == {2: (1, 0), 4: (1, 0)}
    assert event.results[4][0].usual == (0, F(1, 2))


def test_a_299_without_a_type_is_added_outside_the_rounds() -> None:
    """299 (blank type) of 1 MP for team 3 in round 2: its rounds unchanged, total 4 -> 5."""
    event = _team_rr_4(extra="299    1.0  0.0   2    3\n")
    assert [r.mp for r in event.results[3]] == [2, 1, 1]
    assert event.mp(3) == 5 and event.adjustment(3) == (1, 0)


def test_boards_all_won_by_forfeit_without_330_are_a_forfeit_win() -> None:
    """Round 3, Bravo-Delta unpaired: Delta's 0000 - + boards win by forfeit, Bravo's - - absent.

    By hand: Delta 0 + 1 + 2 = 3 MP and 0.5 + 1 + 2 (two forfeit wins) = 3.5 GP; Bravo
    0 + 0 + 0 = 0 MP and 0.5 + 0 + 0 = 0.5 GP.
    """
    event = _team_rr_4(
        ("1503 NOR     2000003 2000/01/01  1.5          5 w =     1 b 0     7 w 1",
         "1503 NOR     2000003 2000/01/01  1.5          5 w =     1 b 0  0000 - -"),
        ("1504 NOR     2000004 2000/01/01  0.5          6 b 0     2 w 0     8 b =",
         "1504 NOR     2000004 2000/01/01  0.5          6 b 0     2 w 0  0000 - -"),
        ("1507 NOR     2000007 2000/01/01  0.0          1 b 0     5 w 0     3 b 0",
         "1507 NOR     2000007 2000/01/01  0.0          1 b 0     5 w 0  0000 - +"),
        ("1508 NOR     2000008 2000/01/01  2.0          2 w =     6 b 1     4 w =",
         "1508 NOR     2000008 2000/01/01  2.0          2 w =     6 b 1  0000 - +"),
    )
    delta, bravo = event.results[4][2], event.results[2][2]
    assert (delta.kind, delta.opponent, delta.mp, delta.gp) == (RoundKind.FORFEIT_WIN, None, 2, 2)
    assert (bravo.kind, bravo.mp, bravo.gp) == (RoundKind.ABSENT, 0, 0)
    assert (event.mp(4), event.gp(4), event.mp(2), event.gp(2)) == (3, F(7, 2), 0, F(1, 2))


def test_the_first_named_team_follows_352_when_board_1_has_no_game() -> None:
    """Round 1, board 1 unplayed (0000 - + / - -): Alpha, Black on board 2 under 352 WB, is first.

    By hand: 352 WB gives the first-named team Black on board 2; Alpha's player 2 has
    Black there (8 b =), so Alpha (team 1) is first-named, as with board 1 played.
    """
    event = _team_rr_4(
        ("1501 NOR     2000001 2000/01/01  2.5          7 w 1",
         "1501 NOR     2000001 2000/01/01  2.5       0000 - +"),
        ("1507 NOR     2000007 2000/01/01  0.0          1 b 0",
         "1507 NOR     2000007 2000/01/01  0.0       0000 - -"),
    )
    match = next(m for m in event.matches if m.round == 1 and 1 in (m.first, m.second))
    assert (match.first, match.second) == (1, 4)
    assert event.results[1][0].first is True


def test_a_typed_299_of_nothing_takes_the_points_away() -> None:
    """299 W 0.0 0.0 in round 1 for Alpha: its win (2 MP, 1.5 GP) brings nothing: 3 MP, 3 GP."""
    event = _team_rr_4(extra="299 W   0.0   0.0    1    1\n")
    assert (event.mp(1), event.gp(1)) == (3, 3)


def test_games_won_count_the_results_not_the_assigned_points() -> None:
    """299 W 3.0 (every won match brings 3 MP): WIN stays 2, 1, 1, 0; MP 7, 3, 5, 1.

    By hand: Alpha beat Delta (R1) and Bravo (R2); Charlie beat Bravo (R1); Bravo beat
    Delta (R3); the rest were drawn.
    """
    t = loads(TEAM_RR_4.read_bytes().decode("utf-8") + "299 W   3.0\n")
    st = compute_team_standings(t, TieBreakOptions(tiebreaks=["WIN"]))
    by_team = {row.team: row for row in st.rows}
    assert [by_team[n].values[1] for n in (1, 2, 3, 4)] == [2, 1, 1, 0]
    assert [st.event.mp(n) for n in (1, 2, 3, 4)] == [7, 3, 5, 1]


def test_two_typed_299s_do_not_depend_on_their_order() -> None:
    """299 L 1.0 and 299 D 1.5 in either order: MP 5.5, 4, 5, 3.5.

    By hand: lost are Delta R1, R3 and Bravo R1, R2; drawn Charlie R2, R3, Delta R2,
    Alpha R3: Alpha 2 + 2 + 1.5, Bravo 1 + 1 + 2, Charlie 2 + 1.5 + 1.5, Delta 1 + 1.5 + 1.
    """
    for extra in ("299 L   1.0\n299 D   1.5\n", "299 D   1.5\n299 L   1.0\n"):
        event = _team_rr_4(extra=extra)
        assert [event.mp(n) for n in (1, 2, 3, 4)] == [F(11, 2), 4, 5, F(7, 2)], extra


def test_a_typed_299_of_a_round_without_teams_keeps_to_its_kind() -> None:
    """299 W 3.0 2.0 for round 2, no teams: only round 2's won match (Alpha's) is changed."""
    event = _team_rr_4(extra="299 W   3.0   2.0    2\n")
    assert [r.mp for r in event.results[1]] == [2, 3, 1]
    assert [r.mp for r in event.results[2]] == [0, 0, 2]


def test_boards_won_by_forfeit_against_absences_are_a_forfeited_match() -> None:
    """Round 3, Bravo's boards ``+`` against Delta's players, who write ``0000 - -``.

    By hand: the boards name Delta's players, so ``0000 - -`` is a board lost by forfeit:
    Bravo wins the match by forfeit, 2 MP and 1 + 1 = 2 GP; Delta loses it, 0 MP, 0 GP.
    """
    event = _team_rr_4(
        ("1503 NOR     2000003 2000/01/01  1.5          5 w =     1 b 0     7 w 1",
         "1503 NOR     2000003 2000/01/01  1.5          5 w =     1 b 0     7 w +"),
        ("1504 NOR     2000004 2000/01/01  0.5          6 b 0     2 w 0     8 b =",
         "1504 NOR     2000004 2000/01/01  0.5          6 b 0     2 w 0     8 b +"),
        ("1507 NOR     2000007 2000/01/01  0.0          1 b 0     5 w 0     3 b 0",
         "1507 NOR     2000007 2000/01/01  0.0          1 b 0     5 w 0  0000 - -"),
        ("1508 NOR     2000008 2000/01/01  2.0          2 w =     6 b 1     4 w =",
         "1508 NOR     2000008 2000/01/01  2.0          2 w =     6 b 1  0000 - -"),
    )
    bravo, delta = event.results[2][2], event.results[4][2]
    assert (bravo.kind, bravo.opponent, bravo.mp, bravo.gp) == (RoundKind.FORFEIT_WIN, 4, 2, 2)
    assert (delta.kind, delta.opponent, delta.mp, delta.gp) == (RoundKind.FORFEIT_LOSS, 2, 0, 0)


def test_a_match_paired_without_results_on_either_side_brings_nothing() -> None:
    """Round 3, Bravo's boards name Delta's players without a result, Delta's blocks ``0000 w``.

    No board of the match has a result: it is paired and not played yet, 0 MP and 0 GP
    for both, while Alpha-Charlie's round 3 counts.
    """
    event = _team_rr_4(
        ("1503 NOR     2000003 2000/01/01  1.5          5 w =     1 b 0     7 w 1",
         "1503 NOR     2000003 2000/01/01  1.5          5 w =     1 b 0     7 w  "),
        ("1504 NOR     2000004 2000/01/01  0.5          6 b 0     2 w 0     8 b =",
         "1504 NOR     2000004 2000/01/01  0.5          6 b 0     2 w 0     8 b  "),
        ("1507 NOR     2000007 2000/01/01  0.0          1 b 0     5 w 0     3 b 0",
         "1507 NOR     2000007 2000/01/01  0.0          1 b 0     5 w 0  0000 w  "),
        ("1508 NOR     2000008 2000/01/01  2.0          2 w =     6 b 1     4 w =",
         "1508 NOR     2000008 2000/01/01  2.0          2 w =     6 b 1  0000 b  "),
    )
    bravo, delta = event.results[2][2], event.results[4][2]
    assert (bravo.kind, bravo.mp, bravo.gp) == (RoundKind.NOT_PLAYED, 0, 0)
    assert (delta.kind, delta.mp, delta.gp) == (RoundKind.NOT_PLAYED, 0, 0)
    assert event.results[1][2].kind is RoundKind.GAME and event.rounds == 3


# --- Koya for teams (KS, KS:MP, KS:GP, /L±n) --------------------------------------------------
#
# Team round robins of two-board teams built here, results chosen per pair (team i's board
# points first; match points 2/1/0, game points 1/½/0 by default), paired by the FIDE
# Berger table. Expected values are hand calculations, written out next to each test.


def _koya_file(
    teams: int,
    results: dict[tuple[int, int], tuple[str, str]],
    *,
    cycles: int = 1,
    forfeits: frozenset[tuple[int, int]] = frozenset(),
) -> str:
    """A team round robin of *teams* two-board teams, paired by the Berger table.

    *results*: (i, j) with i < j → the two boards' results of team i (``"1"``, ``"="``,
    ``"0"``); *forfeits*: (round, team) pairs where *team* loses its match by forfeit
    (every board ``-``, the opponents' ``+``).
    """
    import rr_generator

    size = teams + teams % 2
    flip = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}
    grid: dict[int, list[str]] = {p: [] for p in range(1, 2 * teams + 1)}
    round_number = 0
    for cycle in range(cycles):
        for table_round in range(1, size):
            round_number += 1
            for w, b in rr_generator.fide_round(size, table_round):
                if size in (w, b) and teams % 2:
                    continue
                first, second = (w, b) if cycle % 2 == 0 else (b, w)
                low, high = min(first, second), max(first, second)
                boards = results[(low, high)]
                for board in (1, 2):
                    result = boards[board - 1] if first == low else flip[boards[board - 1]]
                    if (round_number, first) in forfeits:
                        result = "-"
                    elif (round_number, second) in forfeits:
                        result = "+"
                    x, y = 2 * (first - 1) + board, 2 * (second - 1) + board
                    colour = "w" if board == 1 else "b"
                    other = "b" if board == 1 else "w"
                    grid[x].append(f"{y:>4} {colour} {result}")
                    grid[y].append(f"{x:>4} {other} {flip[result]}")
    lines = ["012 Koya for teams (hand-made)", "092 Team Round Robin",
             f"XXR {round_number}"]  # fmt: skip
    for t in range(1, teams + 1):
        lines.append(f"013 {'Team ' + chr(64 + t):<32}{2 * t - 1:>4} {2 * t:>4}")
    for p in range(1, 2 * teams + 1):
        head = f"001 {p:>4} m    {'Player ' + str(p):<33} {2000 - p:>4}"
        lines.append(head.ljust(89) + "  " + "  ".join(grid[p]))
    return "\n".join(lines) + "\n"


# Four teams A-D: A-B 1½-½, A-C 1-1, A-D 2-0, B-C 2-0, B-D 1-1, C-D 1½-½.
FOUR = {(1, 2): ("1", "="), (1, 3): ("1", "0"), (1, 4): ("1", "1"),
        (2, 3): ("1", "1"), (2, 4): ("1", "0"), (3, 4): ("1", "=")}  # fmt: skip


def _koya(text: str, codes: tuple[str, ...]) -> dict[str, dict[int, F | None]]:
    tournament = loads(text)
    options = TieBreakOptions(tiebreaks=("PTS", *codes))
    st = compute_team_standings(tournament, options, regime=decide(tournament))
    keys = st.keys()
    return {key: {row.team: row.values[i] for row in st.rows}
            for i, key in enumerate(keys) if key != "PTS"}  # fmt: skip


def test_koya_four_teams_single_round_robin() -> None:
    """KS:MP, KS:GP and the limits on four teams, one cycle.

    Match points: A W D W = 5, B L W D = 3, C D L W = 3, D L D L = 1. Game points: A 4.5,
    B 3.5, C 2.5, D 1.5. The maximum is 3 games × a win: 6 MP (limit 3) and 6 GP (two
    boards, limit 3). KS:MP counts A, B and C (3 MP or more): A 2 (B) + 1 (C) = 3; B 0 +
    2 = 2; C 1 + 0 = 1; D 0 + 1 + 0 = 1. KS:GP counts A and B (3 GP or more): A 1.5 (B);
    B 0.5 (A); C 1 + 0 = 1; D 0 + 1 = 1. /L-1 moves the limit down half a point: MP 2.5
    (the same teams); GP 2.5 (C too): A 1.5 + 1 = 2.5, B 0.5 + 2 = 2.5, C 1 + 0 = 1,
    D 0 + 1 + ½ = 1.5. /L+2 moves the MP limit to 4: only A counts: A 0, B 0, C 1, D 0.
    """
    found = _koya(_koya_file(4, FOUR),
                  ("KS:MP", "KS:GP", "KS:MP/L-1", "KS:GP/L-1", "KS:MP/L+2"))  # fmt: skip
    assert found["KS:MP"] == {1: 3, 2: 2, 3: 1, 4: 1}
    assert found["KS:GP"] == {1: F(3, 2), 2: F(1, 2), 3: 1, 4: 1}
    assert found["KS:MP/L-1"] == {1: 3, 2: 2, 3: 1, 4: 1}
    assert found["KS:GP/L-1"] == {1: F(5, 2), 2: F(5, 2), 3: 1, 4: F(3, 2)}
    assert found["KS:MP/L+2"] == {1: 0, 2: 0, 3: 1, 4: 0}


def test_koya_four_teams_double_round_robin() -> None:
    """The same results twice: the maximum is 6 games × a win (12), the limit 6.

    MP: A 10, B 6, C 6, D 2: A, B and C count. KS:MP: A 2·(2 + 1) = 6, B 2·2 = 4,
    C 2·1 = 2, D 2·1 = 2. GP: A 9, B 7, C 5, D 3: A and B count. KS:GP: A 2·1.5 = 3,
    B 2·0.5 = 1, C 2·1 = 2, D 2·1 = 2.
    """
    found = _koya(_koya_file(4, FOUR, cycles=2), ("KS:MP", "KS:GP"))
    assert found["KS:MP"] == {1: 6, 2: 4, 3: 2, 4: 2}
    assert found["KS:GP"] == {1: 3, 2: 1, 3: 2, 4: 2}


def test_koya_six_teams_single_round_robin() -> None:
    """Six teams: neighbours (j = i + 1) draw 1-1, otherwise the lower number wins 1½-½.

    MP: T1 9, T2 8, T3 6, T4 4, T5 2, T6 1; GP: 7, 6.5, 5.5, 4.5, 3.5, 3. The maximum is
    5 games × a win = 10 (limit 5) on either score: T1, T2 and T3 count on both.
    KS:MP: T1 1 (T2) + 2 (T3) = 3; T2 1 + 1 = 2; T3 0 + 1 = 1; T4 0 + 0 + 1 = 1; T5 0;
    T6 0. KS:GP: T1 1 + 1.5 = 2.5; T2 1 + 1 = 2; T3 ½ + 1 = 1.5; T4 ½ + ½ + 1 = 2;
    T5 3·½ = 1.5; T6 1.5. /L+3: limit 6.5, T1 and T2 count: T1 1, T2 1, T3 1, the rest 0.
    """
    results = {(i, j): ("1", "0") if j == i + 1 else ("1", "=")
               for i in range(1, 7) for j in range(i + 1, 7)}  # fmt: skip
    found = _koya(_koya_file(6, results), ("KS:MP", "KS:GP", "KS:MP/L+3"))
    assert found["KS:MP"] == {1: 3, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}
    assert found["KS:GP"] == {1: F(5, 2), 2: 2, 3: F(3, 2), 4: 2, 5: F(3, 2), 6: F(3, 2)}
    assert found["KS:MP/L+3"] == {1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0}


def test_koya_six_teams_double_round_robin() -> None:
    """Twice the six-team results: every value doubles.

    The scores double and so does the limit (10 games, limit 10): the same teams count.
    """
    results = {(i, j): ("1", "0") if j == i + 1 else ("1", "=")
               for i in range(1, 7) for j in range(i + 1, 7)}  # fmt: skip
    found = _koya(_koya_file(6, results, cycles=2), ("KS:MP", "KS:GP"))
    assert found["KS:MP"] == {1: 6, 2: 4, 3: 2, 4: 2, 5: 0, 6: 0}
    assert found["KS:GP"] == {1: 5, 2: 4, 3: 3, 4: 4, 5: 3, 6: 3}


def test_koya_with_a_forfeited_match_and_a_team_that_withdrew() -> None:
    """Team D withdraws after round 1: it loses rounds 2 and 3 by forfeit (2-0 on the boards).

    Pairings (Berger, four teams): round 1 A-D, B-C; round 2 D-C, A-B; round 3 B-D, C-A.
    MP: A 2 + 2 + 1 = 5, B 2 + 0 + 2 = 4, C 0 + 2 + 1 = 3, D 0. GP: A 2 + 1.5 + 1 = 4.5,
    B 2 + 0.5 + 2 = 4.5, C 0 + 2 + 1 = 3, D 0. Forfeits count as matches in a round robin
    (15.2); every team met an opponent, so the maximum stays 3 × 2 = 6 (limit 3).
    KS:MP counts A, B, C: A 2 (B) + 1 (C) = 3, B 2 (C) + 0 (A) = 2, C 0 + 1 = 1, D 0.
    KS:GP counts A, B, C: A 1.5 + 1 = 2.5, B 2 + 0.5 = 2.5, C 0 + 1 = 1, D 0.
    """
    results = dict(FOUR)
    text = _koya_file(4, results, forfeits=frozenset({(2, 4), (3, 4)}))
    found = _koya(text, ("KS:MP", "KS:GP"))
    assert found["KS:MP"] == {1: 3, 2: 2, 3: 1, 4: 0}
    assert found["KS:GP"] == {1: F(5, 2), 2: F(5, 2), 3: 1, 4: 0}


def test_koya_explain_lists_each_opponent() -> None:
    """``--explain`` shows each round's opponent score and what KS counts, the rest marked."""
    tournament = loads(_koya_file(4, FOUR))
    options = TieBreakOptions(tiebreaks=("PTS", "KS:MP"))
    st = compute_team_standings(tournament, options, regime=decide(tournament))
    explanation = explain_team(st, 4, options)
    counted = {r: parts["KS:MP"] for r, _, _, _, _, parts in explanation.rounds if parts}
    # team D: round 1 A (5 MP, D 0 counted), round 2 C (3 MP: D 0), round 3 B (3 MP: D 1)
    assert sorted((v[0], v[1], v[2]) for v in counted.values()) == [
        (3, 0, "counted"), (3, 1, "counted"), (5, 0, "counted")]
    assert explanation.cut["KS:MP"] == ()
    explained_a = explain_team(st, 1, options)
    assert len(explained_a.cut["KS:MP"]) == 1  # D (1 MP) is below the limit of 3


def test_check_judges_team_ranks_under_a_declared_koya() -> None:
    """A declared ``212 PTS,KS:MP`` orders B above C: M002 when C is ranked first.

    The four teams of :data:`FOUR` (B and C on 3 MP each; KS 2 against 1); ranks in 310
    columns 69-71. Before KS was computed for teams the list was not applied, and the
    ranks were judged by match points alone.
    """
    from trfkit.api import check

    def with_ranks(ranks: tuple[int, int, int, int]) -> str:
        lines = []
        for line in _koya_file(4, FOUR).split("\n"):
            if line.startswith("013"):
                n = ord(line[9]) - 64  # "013 Team A": team 1
                members = (2 * n - 1, 2 * n)
                head = f"310 {n:>3} {'Team ' + chr(64 + n):<32}".ljust(68)
                line = head + f"{ranks[n - 1]:>3}  " + " ".join(f"{m:>4}" for m in members)
            lines.append(line)
        declared = "092 Team Round Robin\n212 PTS,KS:MP"
        return "\n".join(lines).replace("092 Team Round Robin", declared)

    right = [d for d in check(with_ranks((1, 2, 3, 4))) if d.code == "M002"]
    wrong = [d for d in check(with_ranks((1, 3, 2, 4))) if d.code == "M002"]
    assert right == []
    assert sorted(d.message.split(":")[0] for d in wrong) == ["team 2 (Team B)", "team 3 (Team C)"]


def test_cli_explain_shows_each_opponent_koya_counts(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    """``standings --teams --tiebreaks KS,KS:GP,KS/L-1 --explain 1`` shows each opponent.

    Each round's points, the rounds KS leaves out marked, and the limit (the hand values of
    the four-team test).
    """
    code, out, _ = cli(capsys, tmp_path, _koya_file(4, FOUR), "--teams", "--tiebreaks",
                       "KS,KS:GP,KS/L-1", "--explain", "1")  # fmt: skip
    assert code == 0
    rows = [line for line in out.splitlines() if line[:3].strip().isdigit()]
    # team A: round 1 against D (1 MP, below 3: not counted), 2 against B, 3 against C
    assert [line.split()[1] for line in rows] == ["4", "2", "3"]
    assert rows[0].rstrip().endswith("opponent below 3.0") and "*" in rows[0]
    assert "KS: 3.0 (the points against the teams at or above 3.0 MP" in out
    assert "KS:GP: 1.5" in out
    assert "KS/L-1: 3.0 (the points against the teams at or above 2.5 MP" in out

"""The score checks (T001-T013): points, ranks and reported tie-break values.

Acceptance: a report whose points, ranks or tie-break values were altered gets
exactly one diagnostic per altered value, naming the player and both values; an
unaltered report gets none. Expected values come from the published examples
(../shared/spec/fide-rules.md §4, the corpus SOURCES.md) or hand calculations
written out in each test.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import attrs
import pytest

import trfkit
from trfkit.checks import CheckOptions, Context, run_checks
from trfkit.checks import scores as T
from trfkit.compute.tiebreaks import TieBreakOptions
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.trf.standings_file import load_reported

HERE = Path(__file__).resolve()
FIXTURES = HERE.parents[2] / "fixtures" / "scores"
CORPUS = HERE.parents[3] / "shared" / "corpus" / "real"
ROUND_ROBIN_6 = CORPUS / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"
needs_corpus = pytest.mark.skipif(not ROUND_ROBIN_6.is_file(), reason="corpus absent")

JUDGING = ("T001", "T003", "T006", "T007", "T008", "T009", "T010", "T012")
"""Codes that say something is wrong (the rest only inform)."""


def check_text(text: str, options: CheckOptions | None = None) -> list[Diagnostic]:
    """The T diagnostics of a report given as text."""
    result = trfkit.parse(text)
    found = run_checks(Context(result.tournament, options), select=["T"])
    return sorted(found, key=lambda d: d.sort_key)


def judging(found: list[Diagnostic]) -> list[Diagnostic]:
    """Only the diagnostics that find fault."""
    return [d for d in found if d.code in JUDGING]


def fixture(name: str) -> str:
    """A fixture's text."""
    return (FIXTURES / name).read_text(encoding="utf-8")


def set_field(text: str, start_rank: int, column: int, value: str) -> str:
    """*text* with the 001 line of *start_rank* changed at 1-based *column*."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if line.startswith("001 ") and int(line[4:8]) == start_rank:
            lines[n] = line[: column - 1] + value + line[column - 1 + len(value) :]
    return "\n".join(lines) + "\n"


ALL_FIXTURES = sorted(p.name for p in FIXTURES.glob("*.trf"))


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_unaltered_fixtures_get_no_finding(name: str) -> None:
    """The published examples, written as reports, have consistent points and ranks."""
    found = check_text(fixture(name))
    assert judging(found) == []
    assert [d.code for d in found].count("T011") == 1


@needs_corpus
def test_unaltered_held_round_robin_gets_no_finding() -> None:
    """The C.07 round-robin exercise's points and ranks agree with a common list (SB first)."""
    found = check_text(ROUND_ROBIN_6.read_text(encoding="utf-8"))
    assert judging(found) == []


# --- points --------------------------------------------------------------------------------


def test_altered_points_get_one_error_each() -> None:
    """Two altered points columns (Anand 8.5 → 9.0, Topalov 6.0 → 5.5) give two T001 errors."""
    text = fixture("candidates_2014_double_round_robin.trf")
    text = set_field(set_field(text, 1, 81, " 9.0"), 8, 81, " 5.5")
    found = judging(check_text(text))
    points = [d for d in found if d.code == "T001"]
    assert len(points) == 2
    assert "player 1 (Anand, Viswanathan): points 9.0 in the file, 8.5 recomputed" in (
        points[0].message
    )
    assert "player 8 (Topalov, Veselin): points 5.5 in the file, 6.0 recomputed" in (
        points[1].message
    )
    assert (points[0].line, points[0].column) == (9, 81)
    assert points[0].players == (1,)


def test_withdrawal_annulment_explains_raw_totals() -> None:
    """[SPEC §4.5 b] A report keeping the annulled games (2.5 / 2.0 / 1.5) gets T002 warnings.

    Hand calculation: with player 4's games player 1 has 1 + ½ + 1 = 2.5, player 2
    ½ + ½ + 1 = 2.0, player 3 ½ + 1 + 0 = 1.5; the standings count 1.5, 1.0, 0.5.
    """
    text = fixture("withdrawal_after_one_of_three_games.trf")
    for rank, points in ((1, " 2.5"), (2, " 2.0"), (3, " 1.5")):
        text = set_field(text, rank, 81, points)
    found = check_text(text)
    assert judging(found) == []
    info = [d for d in found if d.code == "T002"]
    assert [d.players for d in info] == [(1,), (2,), (3,)]
    # the reading: keeping games the rule removes is at least a warning
    assert {d.severity for d in info} == {Severity.WARNING}
    assert "completed 1 of 3 games" in info[0].message
    assert "standings count 1.5" in info[0].message


BLANK_BYE = """\
012 Blank-result byes counted in the total (ICU style, hand-made)
XXR 2
001    1      A                                                                  1.5    0     2 w 1       -
001    2      B                                                                  0.5    0     1 b 0  0000 -
001    3      C                                                                  1.0    0  0000 - F     4 w 0
001    4      D                                                                  1.0    0  0000 - Z     3 b 1
"""  # noqa: E501


def test_byes_with_blank_results_counted_in_the_total_are_warnings() -> None:
    """A and B count ½ for a round-2 bye written without a result: one T003 each, no error.

    Hand calculation: A 1 (win) + ½ = 1.5, B 0 + ½ = 0.5; TRF reads the blank as Z.
    """
    found = check_text(BLANK_BYE)
    assert [d.code for d in judging(found)] == ["T003", "T003"]
    first = judging(found)[0]
    assert "points 1.5" in first.message and "round 2 as 0.5" in first.message
    assert "giving 1.0" in first.message


@pytest.mark.skipif(not CORPUS.is_dir(), reason="corpus absent")
def test_record_299_explains_the_points() -> None:
    """SOURCES.md #38: player 4 lost but shows 2.0 thanks to a 299 bonus: T004 info, no T001."""
    text = (CORPUS / "trf26_record299_individual_bonus_sharly-bbp.trf").read_text("utf-8")
    found = check_text(text)
    assert [d.code for d in found if d.code in ("T001", "T004")] == ["T004"]


PENDING = """\
012 Partial report with a bye entered for round 3 (hand-made)
XXR 5
001    1      A                                                                  1.0    0     2 w 1     3 b 0  0000 - H
001    2      B                                                                  1.5    0     1 b 0     4 w 1  0000 - H
001    3      C                                                                  1.0    0     4 w 0     1 w 1
001    4      D                                                                  1.0    0     3 b 1     2 b 0
"""  # noqa: E501


def test_bye_entered_for_the_next_round_is_accepted_either_way() -> None:
    """A leaves the pending ½ out (1.0, T005 info); B includes it (1.5, JaVaFo's rule): no error."""
    found = check_text(PENDING)
    assert judging(found) == []
    assert [d.players for d in found if d.code == "T005"] == [(1,)]


NOBODY_PLAYED = """\
012 Round 2 without a game, a block for everybody (ICU style, hand-made)
XXR 2
001    1      A                                                                  1.5    0     2 w 1  0000 - =
001    2      B                                                                  0.5    0     1 b 0  0000 - =
001    3      C                                                                  1.0    0     4 w =  0000 - H
001    4      D                                                                  0.5    0     3 b =  0000 - -
"""  # noqa: E501


def test_half_point_byes_of_a_round_nobody_played_are_points() -> None:
    """Round 2 was played by nobody: its byes count, it is no round entered in advance.

    Hand calculation: A 1 + ½ = 1.5, B 0 + ½ = 0.5, C ½ + ½ = 1.0, D ½ + 0 = 0.5 (the
    points column as written). B written 0.0 is one T001 with 0.5 recomputed.
    """
    assert [d.code for d in check_text(NOBODY_PLAYED) if d.code in ("T001", "T005")] == []
    found = judging(check_text(set_field(NOBODY_PLAYED, 2, 81, " 0.0")))
    assert [(d.code, d.players) for d in found] == [("T001", (2,))]
    assert "points 0.0 in the file, 0.5 recomputed" in found[0].message


# --- ranks ---------------------------------------------------------------------------------


def test_altered_ranks_with_a_declared_list_get_one_error_each() -> None:
    """Koya example (202 KS): swapping Sidorov (3) and Kuznetsov (4) gives two T006 errors.

    [SPEC §4.2] Koya puts Sidorov third (KS 1.5 against Kuznetsov's 1).
    """
    text = fixture("koya_7_players_round_robin.trf")
    text = set_field(set_field(text, 3, 86, "   4"), 4, 86, "   3")
    found = judging(check_text(text))
    assert [d.code for d in found] == ["T006", "T006"]
    assert "player 3 (Sidorov): rank 4 in the file, 3 recomputed" in found[0].message
    assert "player 4 (Kuznetsov): rank 3 in the file, 4 recomputed" in found[1].message


def test_tied_players_may_share_or_split_their_places() -> None:
    """ChessKid with ``202 PTS`` only: Mary and John (1.5 each) may be 2 and 3, or 2 and 2."""
    text = fixture("chesskid_3_players_double_round_robin.trf").replace("202 SB", "202 PTS")
    assert judging(check_text(text)) == []
    assert judging(check_text(set_field(text, 3, 86, "   2"))) == []
    wrong = judging(check_text(set_field(text, 1, 86, "   2")))
    assert [d.code for d in wrong] == ["T006"]


def test_rank_outside_its_points_group_is_an_error_even_without_a_list() -> None:
    """Candidates (no list declared): Topalov (6 points, last) ranked 1st is T006."""
    text = set_field(fixture("candidates_2014_double_round_robin.trf"), 8, 86, "   1")
    found = judging(check_text(text))
    assert [d.code for d in found] == ["T006"]
    assert "rank 1 in the file, 8 recomputed" in found[0].message


def test_rank_inside_its_points_group_without_a_list_is_a_warning() -> None:
    """Candidates: Kramnik and Andreikin (7 points each) swapped, no list declared: two T007.

    Every common list puts Kramnik 3rd (DE 1.25) and Andreikin 5th; the swap is
    inside the 7-point group (places 3-5), so only a warning.
    """
    text = fixture("candidates_2014_double_round_robin.trf")
    text = set_field(set_field(text, 3, 86, "   5"), 5, 86, "   3")
    found = judging(check_text(text))
    assert [d.code for d in found] == ["T007", "T007"]


def test_unranked_players_take_no_place() -> None:
    """A rank column of 0 for one player is not judged, and the others are placed without it."""
    text = set_field(fixture("sensei_4_players_double_round_robin.trf"), 2, 86, "   0")
    text = set_field(text, 3, 86, "   2")
    text = set_field(text, 4, 86, "   3")
    assert judging(check_text(text)) == []


def player(start: int, points: str, rank: int, blocks: list[str]) -> str:
    """A 001 line: start rank, points (cols 81-84), rank (86-89), round blocks from col 92."""
    head = f"001 {start:4d}      {'P' + str(start):<33}" + " " * 33 + f"{points:>4} {rank:4d}"
    return head + "  " + "  ".join(blocks)


def test_rank_column_copying_start_ranks_is_reported_once() -> None:
    """Ranks equal to the start ranks that contradict the points give one T012, nothing per player.

    Hand-made 4-player round robin (FIDE 3/4 table) that player 4 wins with 3 points;
    player 1 has 2, player 2 has 1, player 3 has 0; the rank column says 1, 2, 3, 4.
    """
    text = "\n".join(
        [
            "012 Rank column = start ranks (hand-made)",
            "XXR 3",
            player(1, "2.0", 1, ["   4 w 0", "   2 w 1", "   3 b 1"]),
            player(2, "1.0", 2, ["   3 w 1", "   1 b 0", "   4 w 0"]),
            player(3, "0.0", 3, ["   2 b 0", "   4 b 0", "   1 w 0"]),
            player(4, "3.0", 4, ["   1 b 1", "   3 w 1", "   2 b 1"]),
        ]
    )
    found = judging(check_text(text + "\n"))
    assert [d.code for d in found] == ["T012"]
    fixed = text.replace("   3.0    4", "   3.0    1")
    fixed = fixed.replace("   2.0    1", "   2.0    2").replace("   1.0    2", "   1.0    3")
    fixed = fixed.replace("   0.0    3", "   0.0    4")
    assert judging(check_text(fixed + "\n")) == []


# --- reported tie-break values -------------------------------------------------------------


def write_standings(tmp_path: Path, rows: list[str]) -> Path:
    """A CSV side file with *rows* (header first)."""
    path = tmp_path / "standings.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_reported_values_that_agree_give_nothing(tmp_path: Path) -> None:
    """[SPEC §4.1] The Candidates' SB (57¼ written three ways) and KS as published: no finding."""
    path = write_standings(
        tmp_path,
        [
            "SNo;Name;SB;KS;WIN",
            "1;Anand;57¼;4,5;3",
            "2;Karjakin;51.75;4;3",
            "3;Kramnik;49,25;4.5;3",
            "8;Topalov;42.25;4;2",
        ],
    )
    options = CheckOptions(standings=load_reported(str(path)), standings_source=str(path))
    found = check_text(fixture("candidates_2014_double_round_robin.trf"), options)
    assert judging(found) == []


def test_altered_reported_values_get_one_error_each(tmp_path: Path) -> None:
    """Two altered values (Anand SB 57.5, Kramnik KS 4.0) give two T008 with both values."""
    path = write_standings(
        tmp_path,
        ["start_rank,SB,KS", "1,57.5,4.5", "2,51.75,4.0", "3,49.25,4.0", "8,42.25,4.0"],
    )
    options = CheckOptions(standings=load_reported(str(path)), standings_source="side.csv")
    found = judging(check_text(fixture("candidates_2014_double_round_robin.trf"), options))
    assert [d.code for d in found] == ["T008", "T008"]
    messages = sorted(d.message for d in found)
    assert "player 1 (Anand, Viswanathan): SB reported 57.5 (side.csv), recomputed 57.25" in (
        messages[0]
    )
    assert "player 3 (Kramnik, Vladimir): KS reported 4.0 (side.csv), recomputed 4.5" in (
        messages[1]
    )


@pytest.mark.skipif(not CORPUS.is_dir(), reason="corpus absent")
def test_reported_value_of_another_edition_is_named(tmp_path: Path) -> None:
    """Held's 2024 BH for David (15.0) checked under --rules fide-2026 (14.0) names fide-2024."""
    swiss5 = CORPUS / "otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf"
    path = write_standings(tmp_path, ["start_rank,BH", "4,15.0"])
    options = CheckOptions(
        tiebreak=TieBreakOptions(rules="fide-2026"), standings=load_reported(str(path))
    )
    found = judging(check_text(swiss5.read_text("utf-8"), options))
    mismatch = [d for d in found if d.code == "T008"]
    assert len(mismatch) == 1
    assert "BH reported 15.0" in mismatch[0].message and "recomputed 14.0" in mismatch[0].message
    assert "fide-2024" in mismatch[0].message


def test_reported_ptp_of_a_perfect_score_plus_800_is_named(tmp_path: Path) -> None:
    """Player 1 beat 1900, 1800 and 1700: PTP 2636 (1900 + 736, table 8.1(b) 1.00 from 736).

    A side file with 2700 (1900 + 800) gets one T008 naming the + 800 reading.
    """
    rows = [(1, 2000, "3.0", ["   2 w 1", "   3 b 1", "   4 w 1"]),
            (2, 1900, "0.0", ["   1 b 0"]),
            (3, 1800, "0.0", ["        ", "   1 w 0"]),
            (4, 1700, "0.0", ["        ", "        ", "   1 b 0"])]  # fmt: skip
    lines = ["012 A perfect score (hand-made)", "042 2026/05/10", "XXR 3", "202 PTP"]
    for start, rating, points, blocks in rows:
        line = player(start, points, 0, blocks)
        lines.append(line[:48] + f"{rating:4d}" + line[52:])  # rating: columns 49-52
    path = write_standings(tmp_path, ["start_rank,PTP", "1,2700"])
    options = CheckOptions(standings=load_reported(str(path)))
    found = [d for d in check_text("\n".join(lines) + "\n", options) if d.code == "T008"]
    assert len(found) == 1
    assert "PTP reported 2700" in found[0].message and "recomputed 2636" in found[0].message
    assert "a perfect score's PTP as the highest opponent + 800" in found[0].message


def test_two_decimal_values_may_be_rounded() -> None:
    """AOB 13.375 is accepted as 13.38 or 13.37 (two decimals), not as 13.4 or 13.0."""
    from trfkit.trf.standings_file import parse_value

    exact = Fraction(107, 8)
    for text, ok in (("13.38", True), ("13.37", True), ("13.375", True), ("13.4", False)):
        value = parse_value(text)
        assert value is not None
        assert T.close_enough(value, exact) is ok, text
    thirteen = parse_value("13.0")
    assert thirteen is not None
    assert T.close_enough(thirteen, Fraction(27, 2)) is False


def test_our_own_json_output_reads_back_without_findings(tmp_path: Path) -> None:
    """``trfkit standings --format json`` is a valid side file and agrees with itself."""
    from trfkit.commands.standings import render_json
    from trfkit.compute.standings import compute_standings

    text = fixture("koya_7_players_round_robin.trf")
    codes = ["KS", "SB", "WIN", "DE", "PS"]
    st = compute_standings(trfkit.loads(text), TieBreakOptions(tiebreaks=codes))
    path = tmp_path / "standings.json"
    path.write_text(json.dumps(render_json(st)), encoding="utf-8")
    options = CheckOptions(standings=load_reported(str(path)))
    assert judging(check_text(text, options)) == []


def test_unknown_side_file_player_and_code_are_warnings(tmp_path: Path) -> None:
    """A row for start rank 99 gives T010; a column 'XYZ' gives T009 once."""
    path = write_standings(tmp_path, ["start_rank,SB,XYZ", "1,4.5,1", "99,1.0,2"])
    options = CheckOptions(standings=load_reported(str(path)), standings_source="s.csv")
    found = judging(check_text(fixture("chesskid_3_players_double_round_robin.trf"), options))
    assert sorted(d.code for d in found) == ["T009", "T010"]


APPENDED = """\
012 Values appended after the last round (hand-made)
XXR 2
202 SB
001    1      A                                                                  2.0    0     2 w 1     3 b 1     1.0
001    2      B                                                                  1.0    0     1 b 0     3 w 1     0.0
001    3      C                                                                  0.0    0  0000 - Z     1 w 0     0.0
001    4      D                                                                  1.0    0  0000 - U  0000 - Z     1.0
"""  # noqa: E501


def test_appended_tiebreak_columns_are_checked() -> None:
    """Appended SB values (named by ``202 SB``) are compared; one altered value, one T008.

    Hand calculation (Swiss, fide-2026, no start date): SB(A) = 1 × B's 1.0 + 1 × C's
    0.0 = 1.0; SB(B) = 1 × C's 0 = 0; SB(D) = 1 × the dummy of his pairing-allocated
    bye, his own 1.0 (not above ½ × 2 rounds), + 0 for the zero-point bye = 1.0.
    Changing A's 1.0 to 2.0 gives one T008.
    """
    assert judging(check_text(APPENDED)) == []
    altered = APPENDED.replace("3 b 1     1.0", "3 b 1     2.0")
    found = judging(check_text(altered))
    assert [d.code for d in found] == ["T008"]
    assert "SB reported 2.0 (columns appended to the player line), recomputed 1.0" in (
        found[0].message
    )


# --- lists and rules -----------------------------------------------------------------------


def test_unknown_code_in_record_212_is_a_warning_and_left_out() -> None:
    """``212 PTS,XYZ,SB`` warns about XYZ (T009) and still ranks by PTS, SB."""
    text = fixture("sensei_4_players_double_round_robin.trf").replace("202 SB", "212 PTS,XYZ,SB")
    found = check_text(text)
    assert [d.code for d in judging(found)] == ["T009"]
    assert "XYZ" in judging(found)[0].message
    assert "tie-breaks PTS, SB (record 212)" in next(d for d in found if d.code == "T011").message


def test_rules_info_names_edition_regime_list_and_scoring() -> None:
    """T011 says which edition, regime, list and scoring the standings were computed with."""
    found = check_text(fixture("withdrawal_after_one_of_three_games.trf"))
    info = next(d for d in found if d.code == "T011")
    assert "fide-2024" in info.message and "2025-01-01" in info.message
    assert "round-robin" in info.message
    assert "PTS, DE, WIN, SB, KS (the default for round robins)" in info.message
    assert "player(s) 4 removed" in info.message


def test_buchholz_in_a_2026_round_robin_is_a_warning() -> None:
    """C.07 (2026) art. 8: BH must not be used in round robins; a 212 listing it gets T009."""
    text = fixture("sensei_4_players_double_round_robin.trf").replace(
        "042 2005/09/14", "042 2026/04/01"
    ).replace("202 SB", "212 PTS,BH")
    assert [d.code for d in judging(check_text(text))] == ["T009"]


# --- the corpus ----------------------------------------------------------------------------

DESERVED = {
    # A synthetic team file whose player 8 drew both games (½ + ½) but shows 0.5.
    ("chesspairing_trf2026_team_synthetic.trf", "T001", (8,)),
}


@pytest.mark.skipif(not CORPUS.is_dir(), reason="corpus absent")
def test_real_files_get_no_undeserved_errors() -> None:
    """Across the real corpus, the only T error is the one the file deserves."""
    errors = set()
    for path in sorted(CORPUS.glob("*.trf")):
        result = trfkit.parse(path.read_bytes())
        for d in run_checks(Context(result.tournament), select=["T"]):
            if d.severity.label == "error":
                errors.add((path.name, d.code, d.players))
    assert errors == DESERVED


def test_rank_groups_and_mismatches_are_shared_by_players_and_teams() -> None:
    """Ranks 1, 2, 2, 4 with a tie of keys 20 and 30: 30 ranked 4 is outside places 2-3."""
    @attrs.frozen
    class Entry:
        rank: int | None

    groups = T.rank_groups([(10, 1), (20, 2), (30, 2), (40, None), (50, 4)])
    assert groups == [[10], [20, 30], [50]]  # 40 has no rank: left out
    # by hand: 10 → place 1, 20 and 30 share places 2-3, 50 → place 4 (40 is unranked)
    ranked = {10: Entry(1), 20: Entry(2), 30: Entry(4), 50: Entry(3)}
    found = T.rank_mismatches(groups, ranked)
    assert [(m.key, m.places) for m in found] == [(30, "2-3 (tied)"), (50, "4")]

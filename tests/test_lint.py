"""Exporter lint (E001-E018): each check's passing and failing case, and the real corpus."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from locations import CORPUS, needs_corpus

import trfkit
from trfkit.checks import CheckOptions, Context, lint
from trfkit.compute.regime import Regime
from trfkit.diagnostics import Diagnostic

Block = tuple[int, str, str]
"""(opponent or 0, colour, result) of one round block."""


def player(
    start: int,
    name: str = "",
    *,
    rating: int | None = None,
    fed: str = "",
    fide_id: str = "",
    birth: str = "",
    points: str = "",
    rank: str = "",
    rounds: Sequence[Block] = (),
) -> str:
    """A 001 line in the TRF16 columns (start rank 5-8, name 15-47, rating 49-52, …)."""
    line = (
        f"001 {start:>4} m    {name:<33} {rating or '':>4} {fed:<3} {fide_id:>11} "
        f"{birth:<10} {points:>4} {rank:>4}  "
    )
    for opponent, colour, result in rounds:
        line += f"{opponent:>4} {colour} {result}  "
    return line.rstrip()


def four_players(ranks: Sequence[str] = ("1", "2", "3", "4")) -> list[str]:
    """Four players, two rounds: 1-2 and 3-4 then 1-3 and 2-4, all won by White."""
    return [
        player(1, "Alpha, A", points="2.0", rank=ranks[0], rounds=[(2, "w", "1"), (3, "w", "1")]),
        player(2, "Beta, B", points="1.0", rank=ranks[1], rounds=[(1, "b", "0"), (4, "w", "1")]),
        player(3, "Gamma, C", points="1.0", rank=ranks[2], rounds=[(4, "w", "1"), (1, "b", "0")]),
        player(4, "Delta, D", points="0.0", rank=ranks[3], rounds=[(3, "b", "0"), (2, "b", "0")]),
    ]


def run(lines: Sequence[str], code: str, **options: object) -> list[Diagnostic]:
    """The diagnostics of one lint code for the file made of *lines*."""
    text = "\n".join(lines) + "\n"
    return trfkit.check(text, select=[code], options=CheckOptions(**options))  # type: ignore[arg-type]


def where(found: Sequence[Diagnostic]) -> list[tuple[int | None, int | None]]:
    """(line, column) of each diagnostic."""
    return [(d.line, d.column) for d in found]


# --- E001-E003 ------------------------------------------------------------------------------


def test_url_in_city_and_arbiter_is_reported_at_the_value() -> None:
    """022 and 102 holding URLs give E001 at column 5 of lines 2 and 3."""
    lines = ["012 Open", "022 https://lichess.org/swiss/abc", "102 https://lichess.org/swiss"]
    found = run(lines + four_players(), "E001")
    assert where(found) == [(2, 5), (3, 5)]
    assert "'https://lichess.org/swiss/abc'" in found[0].message


def test_city_and_arbiter_names_pass() -> None:
    """A real city and a real arbiter name give no E001 or E002."""
    lines = ["012 Open", "022 Heraklion", "032 GRE", "102 FA Stefanatos Charalampos"]
    assert run(lines + four_players(), "E001") == []
    assert run(lines + four_players(), "E002") == []


def test_platform_as_federation() -> None:
    """``032 Lichess`` gives E002 (and no E003 for the same value)."""
    lines = ["012 Open", "032 Lichess", *four_players()]
    assert where(run(lines, "E002")) == [(2, 5)]
    assert run(lines, "E003") == []


@pytest.mark.parametrize("value", ["Ireland", "irl", "FIDE"])
def test_federation_that_is_not_a_code(value: str) -> None:
    """032 must be three capital letters: Ireland, irl and FIDE are reported."""
    assert where(run(["012 Open", f"032 {value}", *four_players()], "E003")) == [(2, 5)]


@pytest.mark.parametrize("value", ["IRL", ""])
def test_federation_code_or_blank_passes(value: str) -> None:
    """A three-letter code, or a blank 032, gives no E003."""
    assert run(["012 Open", f"032 {value}", *four_players()], "E003") == []


# --- E004 -----------------------------------------------------------------------------------


def test_rank_column_empty_for_everybody() -> None:
    """A finished individual event with no ranks at all: one E004 at line 2, column 86."""
    found = run(["012 Open", *four_players(("", "", "", ""))], "E004")
    assert where(found) == [(2, 86)]
    assert "empty for all 4 players" in found[0].message


def test_rank_column_all_zero() -> None:
    """Ranks written as 0 for everybody are reported too."""
    assert len(run(["012 Open", *four_players(("0", "0", "0", "0"))], "E004")) == 1


def test_rank_zero_for_some_players_is_legitimate() -> None:
    """A 0 rank for a withdrawn player (as in FIDE's example file) is not reported."""
    assert run(["012 Open", *four_players(("1", "2", "3", "0"))], "E004") == []


def test_rank_column_not_checked_before_play() -> None:
    """A schedule made before play (pairings, no result yet) has nothing to rank: no E004."""
    skeleton = [
        player(1, "Alpha, A", points="0.0", rank="", rounds=[(2, "w", " "), (3, "w", " ")]),
        player(2, "Beta, B", points="0.0", rank="", rounds=[(1, "b", " "), (4, "w", " ")]),
        player(3, "Gamma, C", points="0.0", rank="", rounds=[(4, "w", " "), (1, "b", " ")]),
        player(4, "Delta, D", points="0.0", rank="", rounds=[(3, "b", " "), (2, "b", " ")]),
    ]
    assert run(["012 Open", *skeleton], "E004") == []


def test_rank_column_not_checked_in_progress() -> None:
    """With XXR 5 and two rounds used, the tournament is in progress: no E004."""
    assert run(["012 Open", "XXR 5", *four_players(("", "", "", ""))], "E004") == []


# --- E005 -----------------------------------------------------------------------------------


def _with_third_round(block: Block, who: Sequence[int]) -> list[str]:
    lines = four_players()
    for index in who:
        opponent, colour, result = block
        lines[index - 1] += f"  {opponent:>4} {colour} {result}"
    return lines


def test_phantom_round_beyond_the_declared_rounds() -> None:
    """XXR 2 and a third block ``0000 - Z`` for players 1 and 2: E005 in round 3."""
    lines = ["012 Open", "XXR 2", *_with_third_round((0, "-", "Z"), [1, 2])]
    (found,) = run(lines, "E005")
    assert (found.line, found.column, found.round, found.players) == (3, 112, 3, (1, 2))


def test_phantom_round_of_forfeit_losses_without_opponent() -> None:
    """Without XXR, a last round of ``0000 - -`` blocks (lichess) is a phantom round."""
    lines = ["012 Open", *_with_third_round((0, "-", "-"), [3])]
    (found,) = run(lines, "E005")
    assert (found.round, found.players) == (3, (3,))


def test_announced_absence_is_not_a_phantom_round() -> None:
    """JaVaFo's ``0000 - Z`` for the round to be paired (XXR 3) is not reported."""
    lines = ["012 Open", "XXR 3", *_with_third_round((0, "-", "Z"), [4])]
    assert run(lines, "E005") == []


# --- E006-E007 ------------------------------------------------------------------------------


def _five_players(byes: dict[int, str]) -> list[str]:
    """Five players, two rounds; player k of *byes* sits out round r with the given code."""
    # Round 1: 1-2, 3-4, 5 bye.  Round 2: 1-3, 2-5, 4 bye.
    return [
        player(1, "A", rounds=[(2, "w", "1"), (3, "w", "1")]),
        player(2, "B", rounds=[(1, "b", "0"), (5, "w", "1")]),
        player(3, "C", rounds=[(4, "w", "1"), (1, "b", "0")]),
        player(4, "D", rounds=[(3, "b", "0"), (0, "-", byes[2])]),
        player(5, "E", rounds=[(0, "-", byes[1]), (2, "b", "0")]),
    ]


def test_pairing_byes_written_as_full_point_byes() -> None:
    """F in rounds 1 and 2, once each, and no U anywhere: E006 on both byes."""
    found = run(["012 Open", *_five_players({1: "F", 2: "F"})], "E006")
    assert {(d.round, d.players, d.column) for d in found} == {(1, (5,), 92), (2, (4,), 102)}


def test_full_point_bye_next_to_a_pairing_bye_passes() -> None:
    """A file that uses U knows the difference: its F is a real full-point bye."""
    assert run(["012 Open", *_five_players({1: "U", 2: "F"})], "E006") == []


def test_full_point_bye_confirmed_by_record_240_passes() -> None:
    """A TRF-2026 240 F record for the same round and player confirms the bye."""
    records = ["240 F   1    5", "240 F   2    4"]
    assert run(["012 Open", *records, *_five_players({1: "F", 2: "F"})], "E006") == []


def test_second_pairing_bye_for_the_same_player() -> None:
    """Player 5 with U in rounds 1 and 3: E007 at the round-3 block (column 112)."""
    lines = _five_players({1: "U", 2: "U"})
    lines[4] += "  0000 - U"
    (found,) = run(["012 Open", *lines], "E007")
    assert (found.round, found.players, found.column) == (3, (5,), 112)
    assert "first in round 1" in found.message


def test_one_pairing_bye_each_passes() -> None:
    """Players 5 and 4 each have one U: no E007."""
    assert run(["012 Open", *_five_players({1: "U", 2: "U"})], "E007") == []


# --- E008-E011 ------------------------------------------------------------------------------


def test_player_count_mismatch() -> None:
    """062 5 with four 001 lines: E008 at the 062 line."""
    found = run(["012 Open", "062 5", *four_players()], "E008")
    assert where(found) == [(2, 5)]
    assert "062 declares 5 players; the file has 4" in found[0].message


@pytest.mark.parametrize("value", ["4", "4 (3)", ""])
def test_player_count_matches(value: str) -> None:
    """062 4, Swiss-Manager's ``4 (3)`` and a blank 062 give no E008."""
    assert run(["012 Open", f"062 {value}", *four_players()], "E008") == []


def test_player_count_that_is_no_number() -> None:
    """062 holding text is reported as not a number."""
    (found,) = run(["012 Open", "062 many", *four_players()], "E008")
    assert "expected a number" in found.message


def _rated(ratings: Sequence[int | None], ids: Sequence[str]) -> list[str]:
    return [
        player(i, f"P{i}", rating=r, fide_id=fid)
        for i, (r, fid) in enumerate(zip(ratings, ids, strict=True), 1)
    ]


def test_rated_count_fits_neither_reading() -> None:
    """Two ratings and three FIDE ids: 072 4 fits neither count."""
    lines = _rated([2100, 1900, None, None], ["100", "200", "300", ""])
    (found,) = run(["012 Open", "072 4", *lines], "E009")
    assert "2 players with a rating and 3 with a FIDE id" in found.message


@pytest.mark.parametrize("value", ["2", "3"])
def test_rated_count_either_reading_passes(value: str) -> None:
    """072 may count the rated players (2) or the players with a FIDE id (3)."""
    lines = _rated([2100, 1900, None, None], ["100", "200", "300", ""])
    assert run(["012 Open", f"072 {value}", *lines], "E009") == []


def test_team_count_mismatch() -> None:
    """082 3 with two 013 team records: E010."""
    teams = [f"013 {'Team A':<32}   1    2", f"013 {'Team B':<32}   3    4"]
    assert where(run(["012 Open", "082 3", *four_players(), *teams], "E010")) == [(2, 5)]
    assert run(["012 Open", "082 2", *four_players(), *teams], "E010") == []


def test_individual_event_with_zero_teams_passes() -> None:
    """``082 0`` without team records is right."""
    assert run(["012 Open", "082 0", *four_players()], "E010") == []


def test_blocks_beyond_the_declared_rounds() -> None:
    """XXR 1 while every player has two rounds of games: E011 (an error) at the XXR line."""
    (found,) = run(["012 Open", "XXR 1", *four_players()], "E011")
    assert (found.line, found.severity.label, found.round, found.players) == (2, "error", 2, (1,))


def test_142_and_xxr_disagree() -> None:
    """142 2 and XXR 3 in one file: E011 at the XXR line."""
    found = run(["012 Open", "142 2", "XXR 3", *four_players()], "E011")
    assert where(found) == [(3, 5)]
    assert "XXR declares 3 rounds but 142 declares 2" in found[0].message


def test_declared_rounds_not_yet_played_pass() -> None:
    """XXR 7 with two rounds used is a tournament in progress: no E011."""
    assert run(["012 Open", "XXR 7", *four_players()], "E011") == []


# --- E012-E014 ------------------------------------------------------------------------------


def round_dates(*dates: str, shift: int = 0) -> str:
    """A 132 line with round r's date at columns 92+10(r-1) (moved by *shift*)."""
    line = "132" + " " * (88 + shift)
    for date in dates:
        line += f"{date:<8}  "
    return line.rstrip()


@pytest.mark.parametrize("value", ["2024/13/45", "next Sunday", "00/00/00"])
def test_start_date_that_is_no_date(value: str) -> None:
    """042 values that are no valid date give E012 at column 5."""
    assert where(run(["012 Open", f"042 {value}", *four_players()], "E012")) == [(2, 5)]


def test_round_date_that_is_no_date() -> None:
    """A 132 cell that holds text: E012 at that round's column (102 for round 2)."""
    (found,) = run(["012 Open", round_dates("24/11/23", "soon"), *four_players()], "E012")
    assert (found.line, found.column, found.round) == (2, 102, 2)


def test_round_dates_shifted_one_column_are_no_bad_dates() -> None:
    """Dates starting in column 93 (a Sharly-Chess test file) are read whole: no E012."""
    line = round_dates("25/09/13", "25/09/14", shift=1)
    assert run(["012 Open", line, *four_players()], "E012") == []


def test_readable_dates_in_other_formats_are_info() -> None:
    """``May 29, 2020`` in 042 is read but noted (E013, info) with its reading."""
    (found,) = run(["012 Open", "042 May 29, 2020", *four_players()], "E013")
    assert found.severity.label == "info"
    assert "2020-05-29" in found.message


def test_standard_dates_pass() -> None:
    """042 2020/05/29 and round dates ``20/05/29`` are the TRF formats: no E012, E013."""
    lines = ["012 Open", "042 2020/05/29", round_dates("20/05/29", "20/05/30"), *four_players()]
    assert run(lines, "E012") == []
    assert run(lines, "E013") == []


def test_end_before_start() -> None:
    """052 2024/11/23 before 042 2024/11/24: E014 at the 052 line."""
    lines = ["012 Open", "042 2024/11/24", "052 2024/11/23", *four_players()]
    assert where(run(lines, "E014")) == [(3, 5)]


def test_round_dates_going_back() -> None:
    """Round 2 dated the day before round 1: E014 at round 2's column."""
    (found,) = run(["012 Open", round_dates("24/11/24", "24/11/23"), *four_players()], "E014")
    assert (found.column, found.round) == (102, 2)


def test_round_date_after_the_end_date() -> None:
    """A last round two days after 052: E014 names round 2 and 052."""
    lines = [
        "012 Open",
        "042 2024/11/23",
        "052 2024/11/24",
        round_dates("24/11/23", "24/11/26"),
        *four_players(),
    ]
    (found,) = run(lines, "E014")
    assert found.round == 2 and "after 052" in found.message


def test_day_first_dates_in_order_pass() -> None:
    """08/04/2018 to 10/06/2018 with 132 in YY/MM/DD (a Spanish export) are in order."""
    lines = [
        "012 Open",
        "042 08/04/2018",
        "052 10/06/2018",
        round_dates("18/04/08", "18/04/15"),
        *four_players(),
    ]
    assert run(lines, "E014") == []


def test_year_day_month_round_dates_fit_the_event() -> None:
    """Bunratty's 132 ``11.25.02`` (YY.DD.MM) lies within 25.02.2011-27.02.2011."""
    lines = [
        "012 Open",
        "042 25.02.2011",
        "052 27.02.2011",
        round_dates("11.25.02", "11.26.02"),
        *four_players(),
    ]
    assert run(lines, "E014") == []


# --- E015-E016 ------------------------------------------------------------------------------


def test_header_record_twice() -> None:
    """Two 142 lines with different values: E015 at the second, naming both values."""
    (found,) = run(["012 Open", "142 9", "142 7", *four_players()], "E015")
    assert (found.line, found.column) == (3, 1)
    assert "'9' there, '7' here" in found.message


def test_repeatable_records_pass() -> None:
    """112 (one line per deputy arbiter) and 132 may repeat."""
    lines = ["012 Open", "112 A. Deputy", "112 B. Deputy", *four_players()]
    assert run(lines, "E015") == []


def test_team_listed_twice() -> None:
    """Two 013 lines for the same team name: E015 at the second."""
    teams = [f"013 {'Team A':<32}   1    2", f"013 {'Team A':<32}   3    4"]
    assert where(run(["012 Open", *four_players(), *teams], "E015")) == [(7, 1)]


def test_player_entered_twice() -> None:
    """The same name under start ranks 1 and 3, one of them without a FIDE id: E016."""
    lines = [
        player(1, "Doe, Jane", fide_id="1503014", birth="1990/11/30"),
        player(2, "Roe, Rick"),
        player(3, "doe,  jane"),
    ]
    (found,) = run(["012 Open", *lines], "E016")
    assert (found.line, found.players) == (4, (1, 3))


def test_player_entered_twice_in_other_spellings() -> None:
    """Comma spacing, letter case (ß, SS) and a tab do not hide a second entry (E016)."""
    for first, second in (("Doe,Jane", "Doe, Jane"), ("Straße, Jo", "STRASSE, JO")):
        lines = [player(1, first), player(2, "Roe, Rick"), player(3, second)]
        (found,) = run(["012 Open", *lines], "E016")
        assert found.players == (1, 3)
    with_tab = trfkit.loads(player(1, "Doe, Jane") + "\n" + player(2, "Roe, Rick") + "\n")
    twice = attrs.evolve(with_tab.players[0], start_rank=3, name="Doe,\tJane")
    tournament = attrs.evolve(with_tab, records=(*with_tab.records, twice))
    found = list(lint.DUPLICATE_PLAYER.run(Context(tournament)))
    assert [d.players for d in found] == [(1, 3)]


def test_namesakes_with_different_birth_dates_pass() -> None:
    """Same name, different birth dates: two people, no E016."""
    lines = [player(1, "Doe, Jane", birth="1990/11/30"), player(2, "Doe, Jane", birth="2004/01/02")]
    assert run(["012 Open", *lines], "E016") == []


# --- E017 -----------------------------------------------------------------------------------


def test_vega_tdf_codes_are_reported_not_interpreted() -> None:
    """Vega's 142/152/162/172/192 values (manual appendix P) each give one E017."""
    lines = [
        "012 Torneo km zero",
        "142 1.0 0.5",
        "152 4",
        "162 9",
        "172 BH;SB",
        "192 Vega 6.0.1",
        *four_players(),
    ]
    found = run(lines, "E017")
    assert [d.line for d in found] == [2, 3, 4, 5, 6]
    assert "current round" in found[1].message and "initial colour" in found[1].message


def test_trf2026_meanings_pass() -> None:
    """TRF-2026 values of the same codes give no E017."""
    lines = [
        "012 Open",
        "142 9",
        "152 W",
        "162  W 1.0    D 0.5    L 0.0",
        "172 IND FIDE",
        "192 FIDE_DUTCH_2025",
        *four_players(),
    ]
    assert run(lines, "E017") == []


def test_vega_round_dates_separated_by_semicolons() -> None:
    """A 132 whose dates are separated by ';' (Vega .tdf) gives one E017; dates in columns none."""
    found = run(["012 Open", "132 24/04/01;24/04/02;24/04/03", *four_players()], "E017")
    assert [d.line for d in found] == [2]
    columns = "132" + " " * 88 + "24/04/01  24/04/02  24/04/03"  # round 1 from column 92
    assert run(["012 Open", columns, *four_players()], "E017") == []


def test_pipe_delimited_player_line() -> None:
    """A Vega .tdf player line (fields separated by '|') is named as such."""
    found = run(["012 Open", "001 1|m|GM|Rossi Mario|2450|ITA|123|0|0|1980/01/01|0.0|1"], "E017")
    assert [d.line for d in found] == [2]


# --- E018 -----------------------------------------------------------------------------------


def team_line(name: str, members: Sequence[int]) -> str:
    """A TRF16 013 line: the name in columns 5-36, the members in 37-40, 42-45 and on."""
    return f"013 {name:<32}" + " ".join(f"{m:>4}" for m in members)


def test_club_groups_of_an_individual_event() -> None:
    """Two one-player 013 "clubs" among four players: one E018 at the first 013 line."""
    found = run(["012 Open", *four_players(), team_line("Club A", [1]), team_line("Club B", [2])],
                "E018")  # fmt: skip
    assert where(found) == [(6, 1)]


def test_teams_that_play_as_teams_are_no_club_groups() -> None:
    """013 teams {1, 4} and {2, 3}: each round their boards meet the other team; no E018."""
    # R1 1-2 and 3-4, R2 1-3 and 2-4: every game is team 1 against team 2
    lines = ["012 Match", *four_players(), team_line("One", [1, 4]), team_line("Two", [2, 3])]
    assert run(lines, "E018") == []
    # 013 records that name nobody group nothing: no E018 either
    assert run(["012 Open", *four_players(), "013 One", "013 Two"], "E018") == []


# --- helpers and options --------------------------------------------------------------------


def test_round_robin_option_skips_the_repeated_bye_check() -> None:
    """With --type round-robin (a double round robin's two byes) E007 stays silent."""
    lines = _five_players({1: "U", 2: "U"})
    lines[4] += "  0000 - U"
    text = "\n".join(["012 Open", *lines]) + "\n"
    options = CheckOptions(event_type=Regime.ROUND_ROBIN)
    assert trfkit.check(text, select=["E007"], options=options) == []


def test_phantom_round_helper_on_a_clean_file() -> None:
    """The helper finds no phantom round in a file whose last round has games."""
    assert lint.phantom_round(trfkit.loads("\n".join(four_players()) + "\n")) is None


# --- the real corpus ------------------------------------------------------------------------


def corpus_findings(name: str) -> list[Diagnostic]:
    """The E diagnostics of one corpus file."""
    return trfkit.check(CORPUS / name, select=["E"])


@needs_corpus
@pytest.mark.parametrize(
    "name",
    [
        "lichess_swiss_2020-05_mai5plus0_13p.trf",
        "lichess_swiss_2020-06_juni_blitz_9p.trf",
        "lichess_swiss_2020-05_zulfikar_bullet_112p_21r.trf",
    ],
)
def test_lichess_exports_get_their_known_defects(name: str) -> None:
    """lila#7696: a URL in 022 and 102 (E001) and 'Lichess' in 032 (E002)."""
    text = (CORPUS / name).read_text(encoding="utf-8").splitlines()
    line_of = {line[:3]: number for number, line in enumerate(text, 1)}
    found = corpus_findings(name)
    assert {(d.code, d.line) for d in found if d.code in ("E001", "E002")} == {
        ("E001", line_of["022"]),
        ("E001", line_of["102"]),
        ("E002", line_of["032"]),
    }


@needs_corpus
def test_lichess_second_pairing_bye() -> None:
    """Player 108 of the 112-player lichess file has U in rounds 6 and 8 (lila#6669)."""
    found = [
        d
        for d in corpus_findings("lichess_swiss_2020-05_zulfikar_bullet_112p_21r.trf")
        if d.code == "E007"
    ]
    assert [(d.players, d.round) for d in found] == [((108,), 8)]


@needs_corpus
def test_fide_example_zero_ranks_are_legitimate() -> None:
    """FIDE example 1 ranks withdrawn players 0: no E004."""
    found = corpus_findings("fide_example1_karl-mala-gedenkturnier_2005_swiss.trf")
    assert not [d for d in found if d.code == "E004"]


@needs_corpus
def test_swiss_manager_player_count_with_parentheses() -> None:
    """``062 15 (12)`` with 15 players is right: no E008."""
    found = corpus_findings("otto_swiss_with_many_unplayed_rounds_15p.trf")
    assert not [d for d in found if d.code == "E008"]


@needs_corpus
def test_no_corpus_file_gets_an_exporter_error() -> None:
    """No real file has an E error: the counts and round numbers of the corpus agree."""
    for path in sorted(CORPUS.glob("*.trf")):
        errors = [d for d in trfkit.check(path, select=["E"]) if d.severity.label == "error"]
        assert errors == [], path.name


# --- E019 -----------------------------------------------------------------------------------


def test_byes_written_with_opponent_0_are_one_warning_with_their_lines() -> None:
    """Three rounds ``   0 - H`` (lines 2, 3, 5): one E019 at line 2, round 2 (column 102)."""
    lines = [
        "012 X",
        player(1, "Alpha, A", points="1.5", rounds=[(2, "w", "1"), (0, "-", "H")]),
        player(2, "Beta, B", points="0.5", rounds=[(1, "b", "0"), (0, "-", "H")]),
        player(3, "Gamma, C", points="0.5", rounds=[("0000", "-", "Z"), (4, "w", "=")]),
        player(4, "Delta, D", points="1.0", rounds=[(0, "-", "H"), (3, "b", "=")]),
    ]
    found = run(lines, "E019")
    assert where(found) == [(2, 102)]
    assert "(3 rounds: lines 2-3, 5)" in found[0].message


def test_byes_written_0000_or_blank_pass() -> None:
    """``0000 - H`` and a blank opponent are the format's spellings: no E019."""
    lines = [
        "012 X",
        player(1, "Alpha, A", points="1.5", rounds=[(2, "w", "1"), ("0000", "-", "H")]),
        player(2, "Beta, B", points="0.5", rounds=[(1, "b", "0"), ("", "-", "H")]),
    ]
    assert run(lines, "E019") == []

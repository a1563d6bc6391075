"""The tie-break engine against published values and hand calculations.

Sources of the expected values, each repeated where it is used:

- [HELD] IA Mario Held, *Exercises in Tie-Breaking*, C.07-2023 (FIDE TEC, March
  2024), as asserted in OttoMilvang/TieBreakServer
  ``tests/test_fide_held_individual_exercises.py`` (the corpus files
  ``otto_fide_c07_2023_tiebreak_exercises_*.trf``; ../shared/corpus/real/SOURCES.md).
- [GACRUX-2026] the same test file's ``POST_2026`` table: the reference
  implementation's answers to Held's Swiss exercise under the 2026 dummy caps.
- [SPEC] ../shared/spec/fide-rules.md §4: Candidates 2014 (§4.1), Koya (§4.2),
  ChessKid and Sensei's Library (§4.3), the withdrawal example (§4.5), and the
  2009 virtual-opponent examples (§2.4 c).
"""

from __future__ import annotations

import datetime
from fractions import Fraction
from pathlib import Path

import pytest
from locations import CORPUS, ROOT

import trfkit
from trfkit.compute.history import PointSystem
from trfkit.compute.regime import Regime, decide
from trfkit.compute.standings import compute_standings, tie_groups
from trfkit.compute.tiebreaks import (
    Edition,
    KoyaThreshold,
    PerfectScorePtp,
    TieBreakEngine,
    TieBreakOptions,
    TieBreakSettings,
    WithdrawalBoundary,
    choose_edition,
    parse_date,
    parse_tiebreak,
    settings_from,
)
from trfkit.errors import TieBreakError
from trfkit.model import Tournament

FIXTURES = ROOT / "fixtures" / "scores"
SWISS_5 = CORPUS / "otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf"
SWISS_9 = CORPUS / "otto_fide_c07_2023_tiebreak_exercises_swiss_9r.trf"
ROUND_ROBIN_6 = CORPUS / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"
needs_corpus = pytest.mark.skipif(not SWISS_5.is_file(), reason="../shared/corpus/real is absent")

F = Fraction


def load(path: Path) -> Tournament:
    """Read a TRF file into its model."""
    return trfkit.parse(path.read_bytes()).tournament


def values(
    path: Path,
    code: str,
    edition: Edition = Edition.FIDE_2024,
    regime: Regime = Regime.SWISS,
    **options: object,
) -> dict[int, Fraction | None]:
    """Start rank → value of *code* in the file at *path*."""
    chosen = TieBreakOptions(**options)  # type: ignore[arg-type]
    settings = TieBreakSettings(edition=edition, regime=regime, options=chosen)
    return TieBreakEngine(load(path), settings).values(code)


def decimals(table: dict[int, str]) -> dict[int, Fraction]:
    """The published table with its values as exact fractions."""
    return {k: Fraction(v) for k, v in table.items()}


# --- codes ---------------------------------------------------------------------------------


def test_codes_with_modifiers_are_parsed_case_insensitively() -> None:
    """``sb/c1``, ``BH-M1``, ``KS/L+1``, ``KS/L-2``, ``/P`` and ``/R`` give their modifiers."""
    sb = parse_tiebreak("sb/c1")
    assert (sb.name, sb.cut, sb.median, sb.text) == ("SB", 1, 0, "sb/c1")
    bh = parse_tiebreak("BH-M1")
    assert (bh.name, bh.cut, bh.median) == ("BH", 1, 1)
    assert parse_tiebreak("KS/L+1").limit == 1
    assert parse_tiebreak("KS/L-2").limit == -2
    assert parse_tiebreak("KS/L40").limit_percent == 40
    assert parse_tiebreak("DE/P").pre_determined
    assert parse_tiebreak("RTNG/R").reverse and not parse_tiebreak("RTNG/R").higher_is_better
    assert not parse_tiebreak("TPN").higher_is_better
    assert parse_tiebreak("TPN/R").higher_is_better


def test_ge_is_the_old_name_of_rep() -> None:
    """GE (before August 2024) and REP name the same tie-break."""
    assert parse_tiebreak("GE").name == "REP"
    assert parse_tiebreak("ge").text == "ge"


@pytest.mark.parametrize("code", ["XYZ", "WIN/C1", "SB/L1", "SB/Q", "", "EDET"])
def test_unknown_codes_and_misplaced_modifiers_are_refused(code: str) -> None:
    """An unknown acronym, a team code or a modifier that does not apply raises TieBreakError."""
    with pytest.raises(TieBreakError):
        parse_tiebreak(code)


# --- dates and editions --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024/11/23", datetime.date(2024, 11, 23)),
        ("2024-08-01", datetime.date(2024, 8, 1)),
        ("24/09/2010", datetime.date(2010, 9, 24)),
        ("08/04/2018", datetime.date(2018, 4, 8)),
        ("28. 07. 2005", datetime.date(2005, 7, 28)),
        ("25.02.2011", datetime.date(2011, 2, 25)),
        ("10.09.13", datetime.date(2010, 9, 13)),
        ("11.25.02", datetime.date(2011, 2, 25)),
        ("May 29, 2020", datetime.date(2020, 5, 29)),
        ("2008.06.07", datetime.date(2008, 6, 7)),
        ("2026-02-28 10:00", datetime.date(2026, 2, 28)),
    ],
)
def test_start_dates_in_the_formats_real_files_use(text: str, expected: datetime.date) -> None:
    """Every date format of trf-format.md §5.3 is read (day before month when ambiguous)."""
    assert parse_date(text)[0] == expected


def _dated(date: str | None) -> Tournament:
    lines = ["012 Dated"] + ([f"042 {date}"] if date is not None else [])
    return trfkit.loads("\n".join(lines) + "\n")


@pytest.mark.parametrize(
    ("date", "edition"),
    [
        ("2024/03/31", Edition.PRE_2023),
        ("2024/04/01", Edition.FIDE_2023),
        ("2024/07/31", Edition.FIDE_2023),
        ("2024/08/01", Edition.FIDE_2024),
        ("2026/02/28", Edition.FIDE_2024),
        ("2026/03/01", Edition.FIDE_2026),
        ("2005-07-28", Edition.PRE_2023),
    ],
)
def test_the_edition_in_force_on_the_start_date_is_chosen(date: str, edition: Edition) -> None:
    """C.07 2023 for all rated events from 1 April 2024, 2024 from 1 August, 2026 from 1 March."""
    choice = choose_edition(_dated(date))
    assert choice.edition is edition
    assert date.replace("/", "-") in choice.reason or "2005" in choice.reason


def test_a_missing_or_unreadable_date_gives_the_newest_rules_and_says_so() -> None:
    """No 042 (or an unreadable one) applies fide-2026 with the reason written out."""
    for tournament in (_dated(None), _dated("sometime")):
        choice = choose_edition(tournament)
        assert choice.edition is Edition.FIDE_2026
        assert "newest" in choice.reason


def test_rules_option_overrides_the_date_and_says_so() -> None:
    """``--rules`` wins over the start date and the reason names it."""
    choice = choose_edition(_dated("2026/05/01"), TieBreakOptions(rules="fide-pre-2023").rules)
    assert choice.edition is Edition.PRE_2023 and choice.overridden
    assert "--rules" in choice.reason
    with pytest.raises(TieBreakError):
        TieBreakOptions(rules="fide-1999")


# --- regimes -------------------------------------------------------------------------------


@needs_corpus
def test_regime_is_detected_from_the_schedule() -> None:
    """The complete 6-player round robin is a round robin; the Swiss exercises are Swiss."""
    assert decide(load(ROUND_ROBIN_6)).regime is Regime.ROUND_ROBIN
    assert decide(load(SWISS_5)).regime is Regime.SWISS
    assert decide(load(SWISS_5), Regime.ROUND_ROBIN).regime is Regime.ROUND_ROBIN


def test_record_192_decides_the_regime() -> None:
    """A TRF-2026 type code names the regime whatever the schedule looks like."""
    text = "012 T\n192 FIDE_ROUNDROBIN\n"
    assert decide(trfkit.loads(text)).regime is Regime.ROUND_ROBIN
    assert decide(trfkit.loads("012 T\n192 FIDE_DUTCH_2025\n")).regime is Regime.SWISS


# --- Held's Swiss exercise (fide-2023/2024 dummy rules) -----------------------------------

# [HELD] exercises 1-33, 16 players, 5 rounds.
HELD_BH = {1: "12.5", 2: "13.0", 3: "15.5", 4: "15.0", 5: "8.5", 6: "12.0", 7: "14.5",
           8: "13.5", 9: "9.0", 10: "13.0", 11: "13.5", 12: "11.5", 13: "14.0", 14: "11.0",
           15: "12.0", 16: "12.5"}  # fmt: skip
HELD_BH_C1 = {1: "11.0", 2: "12.0", 3: "13.0", 4: "11.5", 5: "7.5", 6: "11.0", 7: "12.5",
              8: "12.0", 9: "7.5", 10: "11.5", 11: "12.0", 12: "9.5", 13: "12.0", 14: "9.0",
              15: "11.0", 16: "11.0"}  # fmt: skip
HELD_FB = {1: "13.5", 2: "13.5", 3: "15.0", 4: "15.5", 5: "10.0", 6: "12.0", 7: "13.5",
           8: "12.5", 9: "9.5", 10: "12.5", 11: "12.5", 12: "11.5", 13: "13.5", 14: "10.5",
           15: "12.0", 16: "13.5"}  # fmt: skip
HELD_SB = {1: "8.00", 2: "9.50", 3: "10.50", 4: "9.75", 5: "4.25", 6: "6.50", 7: "3.25",
           8: "5.25", 9: "2.25", 10: "1.50", 11: "5.75", 12: "4.00", 13: "4.25", 14: "4.50",
           15: "3.50", 16: "7.25"}  # fmt: skip
HELD_SB_C1 = {1: "7.25", 2: "8.50", 3: "9.25", 4: "8.00", 5: "3.25", 6: "5.50", 7: "1.25",
              8: "3.75", 9: "2.25", 10: "0.00", 11: "4.25", 12: "4.00", 13: "4.25", 14: "3.00",
              15: "2.50", 16: "5.75"}  # fmt: skip
HELD_ARO = {1: "1820", 2: "1880", 3: "1940", 4: "1888", 5: "1690", 6: "1813", 7: "1760",
            8: "1730", 9: "1975", 10: "1880", 11: "1863", 12: "2050", 13: "1930", 14: "1800",
            15: "1860", 16: "1820"}  # fmt: skip
HELD_ARO_C1 = {1: "1900", 2: "1988", 3: "2000", 4: "1983", 5: "1738", 6: "1900", 7: "1838",
               8: "1800", 9: "2200", 10: "1975", 11: "2000", 13: "2025", 14: "1900",
               15: "1963", 16: "1900"}  # fmt: skip
HELD_TPR = {1: "1969", 2: "2120", 3: "2089", 4: "2081", 5: "1690", 6: "1813", 7: "1611",
            8: "1730", 9: "1175", 10: "1640", 11: "1776", 12: "1250", 13: "1781", 14: "1925",
            15: "1788", 16: "1969"}  # fmt: skip
HELD_WIN = {1: "2", 2: "3", 3: "2", 4: "2", 5: "2", 6: "3", 7: "1", 8: "2", 9: "1", 10: "1",
            11: "2", 12: "2", 13: "1", 14: "2", 15: "2", 16: "3"}  # fmt: skip
HELD_WON = {1: "2", 2: "3", 3: "2", 4: "2", 5: "2", 6: "2", 7: "1", 8: "2", 9: "0", 10: "1",
            11: "1", 12: "0", 13: "1", 14: "2", 15: "2", 16: "3"}  # fmt: skip
HELD_BPG = {1: "2", 2: "3", 3: "2", 4: "2", 5: "2", 6: "2", 7: "3", 8: "2", 9: "1", 10: "3",
            11: "2", 12: "0", 13: "3", 14: "2", 15: "3", 16: "2"}  # fmt: skip
HELD_BWG = {1: "1", 2: "1", 3: "1", 4: "1", 5: "0", 6: "1", 7: "0", 8: "0", 9: "0", 10: "1",
            11: "0", 12: "0", 13: "1", 14: "1", 15: "1", 16: "1"}  # fmt: skip
HELD_GE = {1: "5", 2: "5", 3: "5", 4: "4", 5: "5", 6: "5", 7: "5", 8: "5", 9: "3", 10: "5",
           11: "5", 12: "3", 13: "5", 14: "3", 15: "5", 16: "5"}  # fmt: skip
HELD_PS = {1: "11.0", 2: "13.0", 3: "11.0", 4: "11.5", 5: "5.0", 6: "6.0", 7: "6.0", 8: "8.5",
           9: "2.5", 10: "4.0", 11: "5.5", 12: "7.0", 13: "7.0", 14: "6.0", 15: "7.0",
           16: "10.5"}  # fmt: skip
HELD_PS_C1 = {1: "10.0", 2: "12.0", 3: "10.5", 4: "10.5", 5: "5.0", 6: "6.0", 7: "5.0",
              8: "8.0", 9: "2.5", 10: "4.0", 11: "5.0", 12: "7.0", 13: "6.0", 14: "5.0",
              15: "7.0", 16: "10.0"}  # fmt: skip


HELD_TABLES = [
    ("BH", HELD_BH),
    ("BH/C1", HELD_BH_C1),
    ("FB", HELD_FB),
    ("SB", HELD_SB),
    ("SB/C1", HELD_SB_C1),
    ("ARO", HELD_ARO),
    ("ARO/C1", HELD_ARO_C1),
    ("TPR", HELD_TPR),
    ("WIN", HELD_WIN),
    ("WON", HELD_WON),
    ("BPG", HELD_BPG),
    ("BWG", HELD_BWG),
    ("GE", HELD_GE),
    ("REP", HELD_GE),
    ("PS", HELD_PS),
    ("PS/C1", HELD_PS_C1),
]
"""Every published [HELD] table of the 5-round Swiss exercise, by code."""


@needs_corpus
@pytest.mark.parametrize("edition", [Edition.FIDE_2023, Edition.FIDE_2024])
@pytest.mark.parametrize(("code", "table"), HELD_TABLES)
def test_held_swiss_exercise(code: str, table: dict[int, str], edition: Edition) -> None:
    """[HELD] exercises 1-20 and 27-33: every player's value is reproduced exactly."""
    got = values(SWISS_5, code, edition)
    assert {k: got[k] for k in table} == decimals(table)


@needs_corpus
def test_held_aro_with_a_cut_has_no_value_for_a_single_opponent() -> None:
    """[HELD] exercise 18: Nick (12) played one rated game, so ARO/C1 has no value."""
    assert values(SWISS_5, "ARO/C1")[12] is None


@needs_corpus
def test_held_average_of_opponents_buchholz() -> None:
    """[HELD] exercise 9, published to two decimals; exact values round to them.

    David (4) met 12, 13, 3 and 1 over the board, whose BH are 11.5, 14.0, 15.5 and
    12.5 (exercise 1-4): (11.5 + 14 + 15.5 + 12.5) / 4 = 13.375, published 13.38.
    """
    published = {1: "12.60", 2: "13.60", 3: "13.40", 4: "13.38", 5: "13.40", 6: "13.25",
                 7: "11.90", 8: "13.00", 9: "12.75", 10: "10.90", 11: "12.75", 12: "15.00",
                 13: "12.10", 14: "13.17", 15: "12.20", 16: "13.30"}  # fmt: skip
    got = values(SWISS_5, "AOB")
    assert got[4] == Fraction(107, 8)
    for player, text in published.items():
        value = got[player]
        assert value is not None
        assert abs(value - Fraction(text)) <= Fraction(1, 200), player


@needs_corpus
def test_held_performance_ratings_of_opponents() -> None:
    """[HELD] exercises 21 (APRO) and 22 (PTP)."""
    assert {k: values(SWISS_5, "APRO")[k] for k in (1, 3, 4, 16)} == {
        1: 1789,
        3: 1904,
        4: 1772,
        16: 1805,
    }
    assert values(SWISS_5, "PTP")[3] == 2112


@needs_corpus
def test_held_direct_encounter_ranks() -> None:
    """[HELD] exercises 23-25: ranks by PTS then DE (Swiss: not all tied players met)."""
    five = {
        r.start_rank: r.rank
        for r in compute_standings(load(SWISS_5), TieBreakOptions(tiebreaks=["PTS", "DE"])).rows
    }
    assert {k: five[k] for k in (1, 3, 4, 16, 5, 8, 11)} == {
        1: 2,
        3: 2,
        4: 2,
        16: 2,
        5: 7,
        8: 7,
        11: 7,
    }
    nine = {
        r.start_rank: r.rank
        for r in compute_standings(load(SWISS_9), TieBreakOptions(tiebreaks=["PTS", "DE"])).rows
    }
    assert nine == {1: 3, 2: 5, 3: 1, 4: 3, 5: 9, 6: 2, 7: 6, 8: 6, 9: 14, 10: 9, 11: 13,
                    12: 14, 13: 16, 14: 9, 15: 9, 16: 6}  # fmt: skip


# --- the 2026 caps -------------------------------------------------------------------------


@needs_corpus
def test_2026_dummy_is_capped_at_half_the_rounds_for_a_bye() -> None:
    """[GACRUX-2026] exercise 4: David's BH falls from 15.0 to 14.0.

    Hand calculation: his round-2 half-point bye's dummy scored his own 3.5 under
    the 2023 rules; from 2026 it may not exceed a draw's points × rounds = 0.5 × 5 =
    2.5 (16.4.2). 3.0 + 1.5 + 3.5 + 3.5 + 2.5 = 14.0.
    """
    assert values(SWISS_5, "BH", Edition.FIDE_2026)[4] == 14
    assert values(SWISS_5, "BH", Edition.FIDE_2024)[4] == 15


@needs_corpus
def test_2026_forfeit_dummy_is_capped_at_the_scheduled_opponents_score() -> None:
    """[GACRUX-2026] exercise 3: Maria's BH falls from 13.5 to 12.5.

    Hand calculation: her round-4 forfeit win against Jessica (9) gets a dummy of
    at most Jessica's adjusted score, 1.5 (0 + 0 + ½ + 0 + 1), not Maria's 2.5
    (16.4.1). 3.5 + 3.5 + 2.5 + 1.5 + 1.5 = 12.5.
    """
    assert values(SWISS_5, "BH", Edition.FIDE_2026)[11] == F(25, 2)


@needs_corpus
@pytest.mark.parametrize(
    ("code", "changed"),
    [
        ("SB", {4: "9.25", 6: "6.00", 11: "4.75"}),
        ("SB/C1", {4: "7.75", 6: "5.00", 11: "3.25"}),
        ("FB", {4: "14.5", 11: "12.0", 12: "11.0"}),
    ],
)
def test_2026_values_of_the_reference_implementation(code: str, changed: dict[int, str]) -> None:
    """[GACRUX-2026] exercises 10, 12 and 13: only the listed players change from 2024."""
    table = {"SB": HELD_SB, "SB/C1": HELD_SB_C1, "FB": HELD_FB}[code]
    expected = decimals({**table, **changed})
    assert values(SWISS_5, code, Edition.FIDE_2026) == expected


@needs_corpus
def test_2026_average_of_opponents_buchholz() -> None:
    """[GACRUX-2026] exercise 9 under 2026, rounded to two decimals as published."""
    published = {1: "12.40", 3: "12.90", 5: "13.20", 7: "11.70", 8: "12.90", 10: "10.80",
                 12: "14.00", 13: "11.90", 14: "13.00", 16: "13.10"}  # fmt: skip
    got = values(SWISS_5, "AOB", Edition.FIDE_2026)
    for player, text in published.items():
        value = got[player]
        assert value is not None
        assert abs(value - Fraction(text)) <= Fraction(1, 200), player


@needs_corpus
def test_cut_removes_a_voluntary_unplayed_round_first() -> None:
    """C.07 16.5: David's BH/C1 cuts his bye's 3.5, not Opal's 1.5 ([HELD] exercise 7: 11.5).

    Under the 2009 rules there is no such exception: the lowest value, 1.5, goes.
    Hand calculation (virtual opponent for the round-2 bye: 1 point before it, the
    opposite of a half-point bye is a draw, then 3 draws: 1 + 0.5 + 1.5 = 3.0; the
    others count their unplayed rounds as draws: Nick 0 + 0.5 + 0.5 + 0.5 + 0.5 = 2.0,
    Charline 3.5, Alyx 3.5, Opal 1.5): BH = 2.0 + 3.0 + 1.5 + 3.5 + 3.5 = 13.5, cut 1.5.
    """
    assert values(SWISS_5, "BH/C1", Edition.FIDE_2024)[4] == F(23, 2)
    assert values(SWISS_5, "BH", Edition.PRE_2023)[4] == F(27, 2)
    assert values(SWISS_5, "BH/C1", Edition.PRE_2023)[4] == 12


# --- round robins --------------------------------------------------------------------------


@needs_corpus
def test_held_round_robin_exercise() -> None:
    """[HELD] exercises 14-16 and 26 (SOURCES.md #1): SB, SB/C1, KS and ranks by PTS, DE.

    The file has a forfeit (round 4: Franck -, Helene +), which counts as a game in a
    round robin (C.07 15.2).
    """
    t = load(ROUND_ROBIN_6)
    rr = {"regime": Regime.ROUND_ROBIN}
    assert values(ROUND_ROBIN_6, "SB", **rr) == decimals(  # type: ignore[arg-type]
        {1: "9.25", 2: "6.25", 3: "6.25", 4: "4.25", 5: "3.25", 6: "2.25"}
    )
    assert values(ROUND_ROBIN_6, "SB/C1", **rr) == decimals(  # type: ignore[arg-type]
        {1: "9.25", 2: "4.75", 3: "4.75", 4: "4.25", 5: "3.25", 6: "1.50"}
    )
    assert values(ROUND_ROBIN_6, "KS", **rr) == decimals(  # type: ignore[arg-type]
        {1: "2.0", 2: "0.5", 3: "0.5", 4: "1.0", 5: "0.5", 6: "0.0"}
    )
    ranks = {
        r.start_rank: r.rank
        for r in compute_standings(t, TieBreakOptions(tiebreaks=["PTS", "DE"])).rows
    }
    assert ranks == {1: 1, 2: 2, 3: 2, 4: 6, 5: 5, 6: 4}


def test_candidates_2014() -> None:
    """[SPEC §4.1] Anand's published SB 57.25; the other rows, DE, KS and the final order.

    SB(Anand) = 1·7.5 + 1·7 + 1.5·7 + 1·7 + 1.5·6.5 + 1·6.5 + 1.5·6 = 57.25.
    DE among Kramnik, Mamedyarov and Andreikin (7 points each) is the average per
    opponent of their two games: Kramnik (1½ vs Mamedyarov → 0.75, ½½ vs Andreikin →
    0.5) = 1.25; Mamedyarov 0.25 + 0.75 = 1.0; Andreikin 0.5 + 0.25 = 0.75.
    """
    st = compute_standings(load(FIXTURES / "candidates_2014_double_round_robin.trf"))
    assert st.engine is not None and st.engine.settings.regime is Regime.ROUND_ROBIN
    assert [tb.text for tb in st.tiebreaks] == ["PTS", "DE", "WIN", "SB", "KS"]
    sb = st.engine.values("SB")
    assert sb == decimals({1: "57.25", 2: "51.75", 3: "49.25", 4: "48.00", 5: "48.50",
                           6: "45.00", 7: "46.00", 8: "42.25"})  # fmt: skip
    assert st.engine.values("KS") == decimals({1: "4.5", 2: "4.0", 3: "4.5", 4: "3.5",
                                               5: "3.5", 6: "4.0", 7: "5.0", 8: "4.0"})  # fmt: skip
    assert st.engine.values("WIN") == {1: 3, 2: 3, 3: 3, 4: 3, 5: 2, 6: 3, 7: 3, 8: 2}
    de = {r.start_rank: r.values[1] for r in st.rows}
    assert {k: de[k] for k in (3, 4, 5, 6, 7)} == decimals(
        {3: "1.25", 4: "1.0", 5: "0.75", 6: "0.75", 7: "0.25"}
    )
    assert [r.start_rank for r in st.rows] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [r.rank for r in st.rows] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_candidates_2014_tie_groups_by_points_and_by_direct_encounter() -> None:
    """[SPEC §4.1] The published points: 8.5, 7.5, three on 7 (3-5), two on 6.5 (6-7), 6.

    Direct encounter then separates all three players on 7 (DE 1.25, 1.0, 0.75) and
    the two on 6.5 (DE 0.75 and 0.25), as the published final order shows.
    """
    st = compute_standings(load(FIXTURES / "candidates_2014_double_round_robin.trf"))
    assert st.engine is not None
    pts = (parse_tiebreak("PTS"),)
    assert tie_groups(st.engine, pts) == [[1], [2], [3, 4, 5], [6, 7], [8]]
    assert tie_groups(st.engine, (*pts, parse_tiebreak("DE"))) == [[r] for r in range(1, 9)]
    assert tie_groups(st.engine, ["PTS", "DE"]) == [[r] for r in range(1, 9)]


def test_standings_without_values_keep_the_ranks() -> None:
    """Ranks computed for a comparison only (no values) are the ranks of the full table."""
    t = load(FIXTURES / "candidates_2014_double_round_robin.trf")
    full = compute_standings(t)
    bare = compute_standings(t, values=False)
    assert [(r.start_rank, r.rank, r.last) for r in bare.rows] == [
        (r.start_rank, r.rank, r.last) for r in full.rows
    ]
    assert all(r.values == () for r in bare.rows)
    assert all(len(r.values) == 5 for r in full.rows)


HELD_SWISS_5 = ROOT / "fixtures" / "real" / "otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf"
HELD_SWISS_9 = ROOT / "fixtures" / "real" / "otto_fide_c07_2023_tiebreak_exercises_swiss_9r.trf"


@pytest.mark.parametrize(
    ("code", "table"),
    # SB/C1, ARO/C1 and TPR always take the whole column; REP is GE by another name
    [(code, table) for code, table in HELD_TABLES if code not in ("SB/C1", "ARO/C1", "TPR", "REP")],
)
def test_values_of_some_players_alone_are_the_published_ones(
    code: str, table: dict[int, str]
) -> None:
    """[HELD] exercises 1-4, 11, 17 and 27-33: values worked out for a few tied players alone."""
    engine = TieBreakEngine(
        load(HELD_SWISS_5), TieBreakSettings(edition=Edition.FIDE_2024, regime=Regime.SWISS)
    )
    tb = parse_tiebreak(code)
    first = engine.some_raw(tb, [engine.index[rank] for rank in (4, 7, 12)])
    assert first is not None
    assert sorted(engine.players[i].start_rank for i in first) == [4, 7, 12]
    kept = engine.some_raw(tb, [engine.index[rank] for rank in (7, 16)])  # 7 is known
    assert kept is not None
    scale = engine.column(tb).scale
    assert {engine.players[i].start_rank: F(v, scale) for i, v in kept.items()} == {
        rank: F(table[rank]) for rank in (4, 7, 12, 16)
    }
    assert engine.some_raw(tb, [0, 1]) is None  # the column is known now: it is used


def test_values_of_nearly_everybody_or_of_other_codes_come_from_the_column() -> None:
    """Nearly the whole field, or a code of another family, gets the column's values."""
    engine = TieBreakEngine(load(HELD_SWISS_5))
    everybody = list(range(len(engine.players)))
    assert engine.some_raw(parse_tiebreak("BH"), everybody) is None
    assert engine.some_raw(parse_tiebreak("SB/C1"), [0, 1]) is None
    assert engine.some_raw(parse_tiebreak("TPR"), [0, 1]) is None
    assert engine.some_raw(parse_tiebreak("AOB"), [0, 1]) is None


def test_koya_of_some_players_alone_is_the_published_one() -> None:
    """[SPEC §4.2] KS of Petrov (1.5) and of player 5 (0.5) worked out for the two alone."""
    t = load(FIXTURES / "koya_7_players_round_robin.trf")
    engine = TieBreakEngine(t, settings_from(t)[0])  # no column worked out yet
    tb = parse_tiebreak("KS")
    some = engine.some_raw(tb, [engine.index[2], engine.index[5]])
    assert some is not None
    assert sorted(engine.players[i].start_rank for i in some) == [2, 5]
    scale = engine.column(tb).scale
    assert {engine.players[i].start_rank: F(v, scale) for i, v in some.items()} == {
        2: F(3, 2),
        5: F(1, 2),
    }


@pytest.mark.parametrize("path", [HELD_SWISS_5, HELD_SWISS_9])
@pytest.mark.parametrize(
    "codes",
    [
        ["PTS", "BH/C1", "BH", "SB", "ARO", "WIN"],
        ["PTS", "SB", "ARO", "FB", "DE", "BH"],
        ["PTS", "PS", "KS", "BPG", "WON", "REP", "BH"],
    ],
)
def test_ranks_from_the_tied_players_values_are_the_full_tables_ranks(
    path: Path, codes: list[str]
) -> None:
    """Ranks from the tied players' values alone are the ranks of the full table."""
    t = load(path)
    full = compute_standings(t, TieBreakOptions(tiebreaks=codes))
    bare = compute_standings(t, TieBreakOptions(tiebreaks=codes), values=False)
    assert [(r.start_rank, r.rank, r.last) for r in bare.rows] == [
        (r.start_rank, r.rank, r.last) for r in full.rows
    ]
    assert len({r.rank for r in full.rows}) > 8  # the lower levels do break ties here


def test_candidates_order_changes_when_sb_comes_before_de() -> None:
    """[SPEC §4.1] SB would put Andreikin (48.5) above Mamedyarov (48.0), Svidler above Aronian."""
    st = compute_standings(
        load(FIXTURES / "candidates_2014_double_round_robin.trf"), TieBreakOptions(tiebreaks=["SB"])
    )
    order = [r.start_rank for r in st.rows]
    assert order.index(5) < order.index(4)
    assert order.index(7) < order.index(6)


def test_koya_published_arithmetic() -> None:
    """[SPEC §4.2] KS 2, 1.5, 1.5, 1, 0.5, 0, 0 with the 50 % limit of 3 points; SB and wins.

    KS(Sidorov) = ½ (Ivanov) + ½ (Petrov) + ½ (Kuznetsov) = 1.5, KS(Kuznetsov) = 0 + ½ + ½ = 1.
    """
    engine = compute_standings(load(FIXTURES / "koya_7_players_round_robin.trf")).engine
    assert engine is not None
    assert engine.values("KS") == decimals(
        {1: "2", 2: "1.5", 3: "1.5", 4: "1", 5: "0.5", 6: "0", 7: "0"}
    )
    assert engine.values("SB") == decimals(
        {1: "11.75", 2: "10", 3: "9", 4: "7.75", 5: "3", 6: "0", 7: "0"}
    )
    assert engine.values("WIN") == {1: 4, 2: 3, 3: 2, 4: 3, 5: 2, 6: 1, 7: 0}
    # REP: 7 rounds minus the round each player sits out (a blank block, i.e. Z) = 6.
    assert set(engine.values("REP").values()) == {6}


def test_koya_with_the_limit_raised_by_one_half_point() -> None:
    """KS/L+1: the limit 3 becomes 3.5, so nobody changes (no one scored exactly 3).

    KS/L+3 (limit 4.5): only Ivanov (5) and Petrov (4.5) count. Hand calculation:
    Sidorov ½ + ½ = 1.0, Kuznetsov 0 + ½ = 0.5, Ivanov ½ (Petrov) = 0.5.
    """
    engine = compute_standings(load(FIXTURES / "koya_7_players_round_robin.trf")).engine
    assert engine is not None
    assert engine.values("KS/L+1") == engine.values("KS")
    raised = engine.values("KS/L+3")
    assert (raised[1], raised[3], raised[4]) == (F(1, 2), F(1), F(1, 2))


def test_chesskid_and_sensei_sonneborn_berger() -> None:
    """[SPEC §4.3] ChessKid SB 4.5 / 3.75 / 2.25; Sensei's Library SB 11 / 9 / 6 / 4."""
    kid = compute_standings(load(FIXTURES / "chesskid_3_players_double_round_robin.trf"))
    assert kid.engine is not None
    assert kid.engine.values("SB") == decimals({1: "4.5", 2: "3.75", 3: "2.25"})
    assert [r.rank for r in kid.rows] == [1, 2, 3]
    sensei = compute_standings(load(FIXTURES / "sensei_4_players_double_round_robin.trf"))
    assert sensei.engine is not None
    assert sensei.engine.values("SB") == {1: 11, 2: 9, 3: 6, 4: 4}
    assert sensei.engine.values("PTS") == {1: 4, 2: 4, 3: 3, 4: 1}


def test_withdrawal_after_half_the_games_keeps_them() -> None:
    """[SPEC §4.5 a] Player 4 played 2 of 3: scores 2.5 / 2 / 1.5 / 0, SB, KS, WIN, WON.

    The round-3 forfeit counts as a game (C.07 15.2): player 2 scores 1 × 0 in SB.
    """
    st = compute_standings(load(FIXTURES / "withdrawal_after_two_of_three_games.trf"))
    engine = st.engine
    assert engine is not None
    assert not engine.annulled
    assert engine.values("PTS") == decimals({1: "2.5", 2: "2", 3: "1.5", 4: "0"})
    assert engine.values("SB") == decimals({1: "2.5", 2: "2", 3: "1", 4: "0"})
    assert engine.values("KS") == decimals({1: "1.5", 2: "1", 3: "0.5", 4: "0"})
    assert engine.values("WIN") == {1: 2, 2: 1, 3: 1, 4: 0}
    assert engine.values("WON") == {1: 2, 2: 0, 3: 1, 4: 0}


def test_won_with_round_robin_forfeit_wins_counted() -> None:
    """UNCERTAIN §2.7 #2, the literal reading of 15.2: player 2's forfeit win counts for WON."""
    t = load(FIXTURES / "withdrawal_after_two_of_three_games.trf")
    settings = TieBreakSettings(
        regime=Regime.ROUND_ROBIN, options=TieBreakOptions(rr_forfeit_wins_played=True)
    )
    engine = TieBreakEngine(t, settings)
    assert engine.values("WON") == {1: 2, 2: 1, 3: 1, 4: 0}
    assert engine.values("BPG") == TieBreakEngine(t, TieBreakSettings(
        regime=Regime.ROUND_ROBIN)).values("BPG")  # fmt: skip


def test_withdrawal_before_half_the_games_annuls_them() -> None:
    """[SPEC §4.5 b] Player 4 played 1 of 3: standings 1.5 / 1 / 0.5, SB 1 / 1 / 0.5, KS ½ each.

    The Koya maximum drops to 2 games (limit 1).
    """
    st = compute_standings(load(FIXTURES / "withdrawal_after_one_of_three_games.trf"))
    engine = st.engine
    assert engine is not None
    assert [w.annulled for w in st.withdrawals] == [True]
    pts, sb, ks = engine.values("PTS"), engine.values("SB"), engine.values("KS")
    assert (pts[1], pts[2], pts[3]) == (F(3, 2), F(1), F(1, 2))
    assert (sb[1], sb[2], sb[3]) == (F(1), F(1), F(1, 2))
    assert (ks[1], ks[2], ks[3]) == (F(1, 2), F(1, 2), F(1, 2))
    assert [(r.start_rank, r.rank) for r in st.rows] == [(1, 1), (2, 2), (3, 3), (4, None)]


def test_withdrawal_rule_can_be_switched_off() -> None:
    """With the rule off, the games against player 4 count: 2.5 / 2 / 1.5 as the file's raw scores.

    Hand calculation: player 1 beat 4 (1) + ½ + 1 = 2.5; player 2 ½ + ½ + 1 (forfeit) =
    2; player 3 ½ + 1 (forfeit) + 0 = 1.5.
    """
    st = compute_standings(
        load(FIXTURES / "withdrawal_after_one_of_three_games.trf"),
        TieBreakOptions(withdrawals=False),
    )
    assert st.engine is not None
    assert st.engine.values("PTS") == decimals({1: "2.5", 2: "2", 3: "1.5", 4: "0"})


def test_withdrawal_boundary_at_exactly_half() -> None:
    """UNCERTAIN wording: E played 2 of 4 games, then lost the rest by forfeit.

    Hand-made 5-player round robin on the FIDE 5/6 Berger table (number 6 is the
    bye): R1 2-5 1-0, 3-4 ½; R2 5-3 1-0, 1-2 ½; R3 3-1 0-1, 4-5 +/-; R4 1-4 1-0,
    2-3 ½; R5 4-2 ½, 5-1 -/+. "Fewer than 50 %" keeps E's games (2 of 4 is not
    fewer); "at most 50 %" annuls them.
    """
    blank = "        "
    t = trfkit.loads(
        "\n".join(
            [
                "012 Withdrawal at exactly half (hand-made)",
                "092 Round robin",
                "XXR 5",
                _line(1, "3.5", [blank, "   2 w =", "   3 b 1", "   4 w 1", "   5 b +"]),
                _line(2, "2.5", ["   5 w 1", "   1 b =", blank, "   3 w =", "   4 b ="]),
                _line(3, "1.0", ["   4 w =", "   5 b 0", "   1 w 0", "   2 b =", blank]),
                _line(4, "2.0", ["   3 b =", blank, "   5 w +", "   1 b 0", "   2 w ="]),
                _line(5, "1.0", ["   2 b 0", "   3 w 1", "   4 b -", blank, "   1 w -"]),
            ]
        )
        + "\n"
    )
    keep = TieBreakEngine(t, TieBreakSettings(regime=Regime.ROUND_ROBIN))
    annul = TieBreakEngine(
        t,
        TieBreakSettings(
            regime=Regime.ROUND_ROBIN,
            options=TieBreakOptions(withdrawal_boundary=WithdrawalBoundary.AT_MOST_HALF),
        ),
    )
    assert (keep.withdrawals[5].completed, keep.withdrawals[5].scheduled) == (2, 4)
    assert keep.withdrawals[5].from_round == 3
    assert not keep.annulled
    assert annul.annulled == {4}
    assert keep.values("PTS") == {1: F(7, 2), 2: F(5, 2), 3: 1, 4: 2, 5: 1}
    # Without E's games: 1 = ½ + 1 + 1 = 2.5; 2 = 0 + ½ + ½ + ½ = 1.5; 4 = ½ + 0 + ½ = 1.
    annulled = annul.values("PTS")
    assert (annulled[1], annulled[2], annulled[3], annulled[4]) == (F(5, 2), F(3, 2), F(1), F(1))


# --- the 2009 virtual opponent -------------------------------------------------------------


def _line(start: int, points: str, blocks: list[str]) -> str:
    # cols 1-3 DIN, 5-8 start rank, 15-47 name, 81-84 points, 86-89 rank, blocks from 92.
    head = f"001 {start:4d}      {'P' + str(start):<33}" + " " * 33 + f"{points:>4} {0:4d}"
    return head + "  " + "  ".join(blocks)


def _virtual_example() -> Tournament:
    """A: 2 points after round 2, a default win in round 3, 6 points in 9 rounds.

    B: 4 points after round 6, absent in round 7, 6 points in all. Their opponents
    (players 3-18) played only against them.
    """
    a = ["   3 w 1", "   4 b 1", "   5 w +", "   6 b 1", "   7 w 1", "   8 b 1",
         "   9 w 0", "  10 b 0", "  11 w 0"]  # fmt: skip
    b = ["  12 w 1", "  13 b 1", "  14 w 1", "  15 b 0", "  16 w 1", "  17 b 0",
         "0000 - Z", "  18 w 1", "  19 b 1"]  # fmt: skip
    lines = ["012 Virtual opponent (FIDE 2009 examples)", "042 2010/01/01", "XXR 9",
             _line(1, "6.0", a), _line(2, "6.0", b)]  # fmt: skip
    for r, block in enumerate(a):
        opponent = int(block[:4])
        mine = {"1": "0", "0": "1", "+": "-"}[block[-1]]
        colour = "b" if block[5] == "w" else "w"
        blocks = ["        "] * r + [f"   1 {colour} {mine}"]
        lines.append(_line(opponent, "0.0", blocks))
    for r, block in enumerate(b):
        if block.startswith("0000"):
            continue
        opponent = int(block[:4])
        mine = {"1": "0", "0": "1"}[block[-1]]
        colour = "b" if block[5] == "w" else "w"
        lines.append(_line(opponent, "0.0", ["        "] * r + [f"   2 {colour} {mine}"]))
    return trfkit.loads("\n".join(lines) + "\n")


def test_virtual_opponent_of_the_2009_rules() -> None:
    """[SPEC §2.4 c] The virtual opponents of the FIDE 2009 examples (9 rounds).

    A's round-3 contribution is 2 + 0 + 6 × ½ = 5; B's round-7 one 4 + 1 + 2 × ½ = 6.
    Seen by their opponents, A counts 6 − 1 + ½ = 5.5 and B 6 − 0 + ½ = 6.5.
    """
    t = _virtual_example()
    engine = TieBreakEngine(t, TieBreakSettings(edition=Edition.PRE_2023, regime=Regime.SWISS))
    bh = parse_tiebreak("BH")
    a_terms = {term[0]: term[2] for term in engine.terms(engine.index[1], bh)}
    b_terms = {term[0]: term[2] for term in engine.terms(engine.index[2], bh)}
    unit = engine.unit
    assert Fraction(a_terms[3], unit) == 5
    assert Fraction(b_terms[7], unit) == 6
    opponent_of_a = engine.terms(engine.index[3], bh)
    assert Fraction(opponent_of_a[0][2], unit) == F(11, 2)
    opponent_of_b = engine.terms(engine.index[12], bh)
    assert Fraction(opponent_of_b[0][2], unit) == F(13, 2)


# --- scoring, 299, appended values ----------------------------------------------------------


def test_scoring_from_record_162() -> None:
    """3/1/0 scoring (record 162): points, SB and WIN follow the declared values.

    A beat B and drew with C: 3 + 1 = 4. B lost, then had a full-point bye worth a
    win: 0 + 3. C had a zero-point bye and drew: 1. SB(A) = 3 × 3 (B) + 1 × 1 (C) = 10.
    """
    t = trfkit.loads(
        "\n".join(
            [
                "012 Three points for a win (hand-made)",
                "162  W 3.0    D 1.0    L 0.0",
                "XXR 2",
                _line(1, "4.0", ["   2 w 1", "   3 b ="]),
                _line(2, "3.0", ["   1 b 0", "0000 - F"]),
                _line(3, "1.0", ["0000 - Z", "   1 w ="]),
            ]
        )
        + "\n"
    )
    assert PointSystem.from_tournament(t).win == 3
    engine = TieBreakEngine(t, TieBreakSettings(regime=Regime.SWISS, edition=Edition.FIDE_2026))
    assert engine.values("PTS") == {1: 4, 2: 3, 3: 1}
    assert engine.values("WIN") == {1: 1, 2: 1, 3: 0}
    rr = TieBreakEngine(t, TieBreakSettings(regime=Regime.ROUND_ROBIN))
    assert rr.values("SB")[1] == 10


def test_javafo_xxs_scoring_by_colour() -> None:
    """``XXS BW=1.5`` gives a win with Black 1.5: A beat B with Black → 1.5."""
    t = trfkit.loads(
        "\n".join(
            ["012 XXS", "XXS BW=1.5", "XXR 1",
             _line(1, "1.5", ["   2 b 1"]), _line(2, "0.0", ["   1 w 0"])]
        ) + "\n"
    )  # fmt: skip
    engine = TieBreakEngine(t)
    assert engine.values("PTS") == {1: F(3, 2), 2: 0}


def _bye_round(second: dict[int, str]) -> Tournament:
    """Round 1: 1 beat 2, 3 drew 4; round 2: the blocks of *second* (start rank → block)."""
    first = {1: "   2 w 1", 2: "   1 b 0", 3: "   4 w =", 4: "   3 b ="}
    lines = ["012 A round in which nobody played (hand-made)", "XXR 2"]
    for n in range(1, 5):
        lines.append(_line(n, "0.0", [first[n], *([second[n]] if n in second else [])]))
    return trfkit.loads("\n".join(lines) + "\n")


def test_a_round_of_byes_for_the_whole_field_is_scored() -> None:
    """Round 2 has no game but a block for everybody (ICU): its half-point byes count.

    1: 1 + ½ (``0000 - =``) = 1.5; 2: 0 + ½ (``0000 - =``) = 0.5; 3: ½ + ½ (``H``) = 1.0;
    4: ½ + 0 (``0000 - -``, absent) = 0.5.
    """
    whole_field = {1: "0000 - =", 2: "0000 - =", 3: "0000 - H", 4: "0000 - -"}
    engine = TieBreakEngine(_bye_round(whole_field))
    assert engine.rounds == 2
    assert engine.values("PTS") == {1: F(3, 2), 2: F(1, 2), 3: 1, 4: F(1, 2)}


def test_a_round_with_a_pairing_allocated_bye_was_paired() -> None:
    """Round 2: 2 has ``U``, 3 and 4 are absent, 1's line ends: the round was paired.

    A U is given only when a round is paired, so round 2 is a round of the tie-breaks
    although player 1 has no block in it: 1: 1 + 0 = 1, 2: 0 + 1 (U) = 1, 3: ½ + 0 = ½,
    4: ½ + 0 = ½.
    """
    t = _bye_round({2: "0000 - U", 3: "0000 - Z", 4: "0000 - Z"})
    engine = TieBreakEngine(t)
    assert engine.rounds == 2
    assert engine.values("PTS") == {1: 1, 2: 1, 3: F(1, 2), 4: F(1, 2)}


def test_byes_entered_for_the_round_to_be_paired_are_not_a_played_round() -> None:
    """A partial report (``H`` for player 3 alone) or a round of absences only is not a round.

    Both times only round 1 is a round of the tie-breaks, but points are the sum of every
    result written (issue 26): 1: 1, 2: 0, 3: ½ + the ½ of the bye entered = 1, 4: ½; the
    absences score 0: 1: 1, 2: 0, 3: ½, 4: ½.
    """
    partial = _bye_round({3: "0000 - H"})
    absences = _bye_round({1: "0000 - Z", 2: "0000 - -", 3: "0000 - Z", 4: "0000 - -"})
    for t, third in ((partial, F(1)), (absences, F(1, 2))):
        engine = TieBreakEngine(t)
        assert engine.rounds == 1
        assert engine.values("PTS") == {1: 1, 2: 0, 3: third, 4: F(1, 2)}


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus/real is absent")
def test_record_299_bonus_is_part_of_the_score() -> None:
    """SOURCES.md #38: ``299`` gives player 4, who lost, a bonus of 2.0 (points column 2.0)."""
    t = load(CORPUS / "trf26_record299_individual_bonus_sharly-bbp.trf")
    assert TieBreakEngine(t).values("PTS")[4] == 2


def test_values_appended_after_the_last_round_are_found() -> None:
    """Numbers after the declared last round's block are read as appended columns."""
    t = trfkit.loads(
        "\n".join(
            ["012 Appended", "XXR 1", "202 SB",
             _line(1, "1.0", ["   2 w 1", "  0.0"]), _line(2, "0.0", ["   1 b 0", "  0,0"])]
        ) + "\n"
    )  # fmt: skip
    assert [p.appended for p in t.players] == [("0.0",), ("0,0",)]


@needs_corpus
def test_sb_cut_by_smallest_contribution_is_an_option() -> None:
    """UNCERTAIN §2.7 #1: Lais (10) beat only Jessica (the lowest-scored opponent, 1.5).

    Cutting the lowest-scored opponent's product gives 0 ([HELD] exercise 13);
    cutting the smallest product (a 0 from a loss) leaves 1.5.
    """
    assert values(SWISS_5, "SB/C1")[10] == 0
    assert values(SWISS_5, "SB/C1", sb_cut="contribution")[10] == F(3, 2)


def test_koya_threshold_more_than_half_is_an_option() -> None:
    """UNCERTAIN §2.7 #3: in the Candidates three players have exactly 7 of 14 points.

    "More than 50 %" counts only Anand (8.5) and Karjakin (7.5). Hand calculation:
    KS(Anand) = ½ + ½ against Karjakin = 1; KS(Kramnik) = ½ + ½ (Anand) + 1 + 0
    (Karjakin) = 2.
    """
    t = load(FIXTURES / "candidates_2014_double_round_robin.trf")
    settings = TieBreakSettings(
        regime=Regime.ROUND_ROBIN, options=TieBreakOptions(koya_threshold=KoyaThreshold.MORE_THAN)
    )
    ks = TieBreakEngine(t, settings).values("KS")
    assert (ks[1], ks[3]) == (F(1), F(2))


@needs_corpus
def test_explanation_shows_each_round_and_the_cut() -> None:
    """David's explanation: the bye's dummy, the opponents' scores and what BH/C1 removes."""
    engine = TieBreakEngine(load(SWISS_5), TieBreakSettings(edition=Edition.FIDE_2024))
    codes = [parse_tiebreak(c) for c in ("BH", "BH/C1", "SB")]
    explanation = engine.explain(4, codes)
    by_round = {line.round: line for line in explanation.rounds}
    assert by_round[2].kind == "half-point bye"
    assert "dummy" in by_round[2].treatment
    assert by_round[1].opponent == 12 and by_round[1].opponent_score == 3
    assert by_round[2].contributions["SB"] == F(7, 4)
    assert explanation.totals["BH/C1"] == F(23, 2)
    assert any("BH/C1: the cut removes round 2" in note for note in explanation.notes)


# --- a Swiss with many unplayed rounds ------------------------------------------------------

UNPLAYED = CORPUS / "otto_swiss_with_many_unplayed_rounds_15p.trf"

# [GACRUX-UNPLAYED] OttoMilvang/TieBreakServer tests/fixtures/
# swiss_with_many_unplayed_rounds.2026-02-28.all.txt and .2026-03-01.all.txt: the
# reference implementation's values for SOURCES.md #7 (players 1-15 in order) under
# the rules in force on 28 February 2026 (fide-2024) and on 1 March 2026 (fide-2026).
UNPLAYED_2024 = {
    "KS": "2.5 2.0 2.0 0.0 3.5 0.5 0.5 0.5 2.5 1.0 1.5 1.0 0.5 0.0 1.0",
    "BH/C2": "22.0 21.0 19.5 12.0 22.0 18.5 20.0 13.5 20.0 14.5 19.5 19.5 17.5 17.0 17.5",
    "BH/M2": "12.5 11.5 11.0 7.0 12.5 10.0 10.5 6.0 10.5 6.5 10.0 11.5 8.0 9.0 9.0",
    "FB": "27.0 26.5 27.5 17.0 26.5 23.5 24.0 19.0 29.0 21.5 25.0 27.0 21.0 22.5 22.0",
    "SB/C1": "13.50 11.50 12.25 5.00 17.00 5.75 8.00 3.25 15.25 8.50 13.00 12.00 3.25 7.75 3.75",
    "SB/C2": "11.00 8.50 12.25 5.00 15.50 3.25 5.50 3.25 13.00 6.00 10.50 12.00 1.75 6.50 2.50",
    "SB/M1": "11.00 11.50 10.00 2.50 12.00 5.75 5.50 1.25 12.75 8.50 10.50 8.00 3.25 7.75 3.75",
    "SB/M2": "6.25 4.00 6.00 1.25 8.25 3.25 3.00 1.25 8.25 2.50 3.50 4.00 1.75 3.00 2.50",
}
UNPLAYED_2026 = {
    "KS": "2.5 2.0 2.0 0.0 3.5 0.5 0.5 0.5 2.5 1.0 1.5 1.0 0.5 0.0 1.0",
    "BH/C2": "21.5 21.0 18.5 12.0 21.0 18.5 20.0 13.5 20.0 14.5 18.5 17.5 17.5 15.5 17.5",
    "BH/M2": "12.0 11.5 10.0 7.0 12.0 10.0 10.5 6.0 10.5 6.5 9.5 10.5 8.0 7.5 9.0",
    "FB": "26.0 26.5 26.0 16.5 26.5 23.5 24.0 19.0 27.0 19.5 23.0 24.0 21.0 22.0 22.0",
    "SB/C1": "13.00 11.50 11.25 6.00 16.00 5.75 8.00 3.25 14.25 8.50 12.00 14.00 3.25 6.25 3.75",
    "SB/C2": "10.50 8.50 11.25 5.00 14.50 3.25 5.50 3.25 12.50 8.50 12.00 14.00 1.75 4.25 2.50",
    "SB/M1": "10.50 11.50 9.00 3.50 13.75 5.75 5.50 1.25 11.75 8.50 9.50 10.50 3.25 6.25 3.75",
    "SB/M2": "5.75 4.00 7.00 1.25 10.00 3.25 3.00 1.25 7.75 5.00 9.50 7.00 1.75 4.25 2.50",
}


@pytest.mark.skipif(not UNPLAYED.is_file(), reason="../shared/corpus/real is absent")
@pytest.mark.parametrize(
    ("edition", "table"),
    [(Edition.FIDE_2024, UNPLAYED_2024), (Edition.FIDE_2026, UNPLAYED_2026)],
    ids=["fide-2024", "fide-2026"],
)
def test_swiss_with_many_unplayed_rounds(edition: Edition, table: dict[str, str]) -> None:
    """[GACRUX-UNPLAYED] Byes of every kind, forfeits and a double forfeit: cuts and medians.

    Covers the dummy (16.4) with and without the 2026 caps, the VUR cut exception
    (16.5, also when the least significant value is itself a VUR), the medians of
    SB (the product of the highest-scored opponent is the most significant value)
    and Koya in a Swiss (forfeits against qualifying opponents count).
    """
    for code, text in table.items():
        expected = {n: Fraction(v) for n, v in enumerate(text.split(), 1)}
        assert values(UNPLAYED, code, edition) == expected, code


# --- regressions found by the comparison with gacrux (compare/README.md) --------------------


def test_ptp_uses_the_full_fide_table_8_1_b() -> None:
    """PTP reads 457-484 as .95 and 485-517 as .96 (FIDE B.02 table 8.1(b)).

    Player 1 (1.5 points) beat 1654 and drew 1200. At R = 1685: against 1654 the
    difference is 31 (.54), against 1200 it is 485 (.96): .54 + .96 = 1.50 ≥ 1.5.
    At R = 1684 the second difference is 484 (.95): 1.49 < 1.5. So PTP = 1685.
    """
    ptp = values(FIXTURES / "ptp_table_and_p_modifier.trf", "PTP", Edition.FIDE_2026)
    assert ptp[1] == 1685


def _perfect_score_event() -> Tournament:
    """Player 1 (2000) beat 2 (1900), 3 (1800) and 4 (1700), who played nobody else."""
    lines = ["012 A perfect score (hand-made)", "042 2026/05/10", "XXR 3"]
    rows = [(1, 2000, "3.0", ["   2 w 1", "   3 b 1", "   4 w 1"]),
            (2, 1900, "0.0", ["   1 b 0"]),
            (3, 1800, "0.0", ["        ", "   1 w 0"]),
            (4, 1700, "0.0", ["        ", "        ", "   1 b 0"])]  # fmt: skip
    for start, rating, points, blocks in rows:
        line = _line(start, points, blocks)
        lines.append(line[:48] + f"{rating:4d}" + line[52:])  # rating: columns 49-52
    return trfkit.loads("\n".join(lines) + "\n")


def test_ptp_of_a_perfect_score_is_the_lowest_rating_expecting_it() -> None:
    """C.07 10.3 literally (FIDE's gacrux): 3/3 against 1900, 1800, 1700 gives 2636.

    At R = 2636 the differences are 736, 836 and 936: table 8.1(b) gives 1.00 above
    735, so 1.00 + 1.00 + 1.00 = 3 ≥ 3. At R = 2635 the first difference is 735 (.99):
    2.99 < 3. So PTP = 1900 + 736 = 2636; the + 800 reading gives 1900 + 800 = 2700.
    A zero score is the lowest opponent − 800 in both readings (C.07 10.3): player 4
    lost to 2000 alone, 2000 − 800 = 1200.
    """
    t = _perfect_score_event()
    literal = TieBreakEngine(t, TieBreakSettings(edition=Edition.FIDE_2026)).values("PTP")
    plus_800 = TieBreakEngine(
        t,
        TieBreakSettings(
            edition=Edition.FIDE_2026,
            options=TieBreakOptions(ptp_perfect_score=PerfectScorePtp.PLUS_800),
        ),
    ).values("PTP")
    assert (literal[1], literal[4]) == (2636, 1200)
    assert (plus_800[1], plus_800[4]) == (2700, 1200)
    assert TieBreakOptions().ptp_perfect_score is PerfectScorePtp.LOWEST_RATING
    assert TieBreakOptions(ptp_perfect_score="plus-800") == TieBreakOptions(
        ptp_perfect_score=PerfectScorePtp.PLUS_800
    )


def _fore_event(declared: int) -> Tournament:
    """Round 1: 1 beat 2, 3 beat 4; round 2: 1 beat 3, 4 beat 2; *declared* rounds (XXR)."""
    rows = [_line(1, "2.0", ["   2 w 1", "   3 w 1"]),
            _line(2, "0.0", ["   1 b 0", "   4 w 0"]),
            _line(3, "1.0", ["   4 w 1", "   1 b 0"]),
            _line(4, "1.0", ["   3 b 0", "   2 b 1"])]  # fmt: skip
    lines = ["012 Fore Buchholz (hand-made)", "042 2025/01/01", f"XXR {declared}", *rows]
    return trfkit.loads("\n".join(lines) + "\n")


def test_fore_buchholz_draws_only_the_tournaments_last_round() -> None:
    """FB treats the final round (XXR) as drawn; before it is played, FB = BH (gacrux -n 2).

    Scores 1: 2, 2: 0, 3: 1, 4: 1. BH: 1 = 0 + 1 = 1; 2 = 2 + 1 = 3; 3 = 1 + 2 = 3;
    4 = 1 + 0 = 1. With round 2 the last (XXR 2) and drawn, the scores are 1: 1.5,
    2: 0.5, 3: 1.5, 4: 0.5, and FB = 1: 0.5 + 1.5; 2: 1.5 + 0.5; 3: 0.5 + 1.5;
    4: 1.5 + 0.5 = 2 each. With XXR 3 no round played is the last: FB = BH.
    """
    settings = TieBreakSettings(edition=Edition.FIDE_2024, regime=Regime.SWISS)
    bh = {1: F(1), 2: F(3), 3: F(3), 4: F(1)}
    finished = TieBreakEngine(_fore_event(2), settings)
    assert finished.values("BH") == bh
    assert finished.values("FB") == {1: F(2), 2: F(2), 3: F(2), 4: F(2)}
    unfinished = TieBreakEngine(_fore_event(3), settings)
    assert unfinished.values("BH") == bh
    assert unfinished.values("FB") == bh


def test_p_modifier_keeps_the_swiss_bye_rules() -> None:
    """``/P`` only makes forfeits games: in a file without forfeits SB/P = SB and BH/P = BH.

    Player 3 had a PAB in round 1 (dummy = own score 1.5 under 2026 art. 16.4, capped at
    ½ × 2 rounds = 1.0) and drew player 1 (1.5 points): BH = 1.0 + 1.5 = 2.5,
    SB = 1.0 × 1 + 1.5 × ½ = 1.75.
    """
    path = FIXTURES / "ptp_table_and_p_modifier.trf"
    for code, expected in (("SB", Fraction(7, 4)), ("BH", Fraction(5, 2))):
        plain = values(path, code, Edition.FIDE_2026)
        with_p = values(path, code + "/P", Edition.FIDE_2026)
        assert plain[3] == expected
        assert with_p == plain


def test_koya_limit_moves_by_half_points_under_3_1_0() -> None:
    """``KS/L+1`` raises the Koya limit by half a point, whatever the scoring.

    Four players, 3 rounds, 3/1/0: the maximum is 9, the limit 4.5 and with /L+1 5.0.
    Player 2 has 5 points, so still counts: player 1 drew player 2 (1 point) and
    player 4 drew player 2 (1 point). Moving by a draw's worth (1 point, to 5.5) would
    wrongly drop player 2 and give 0.
    """
    ks = values(FIXTURES / "koya_limit_3_1_0.trf", "KS/L+1", Edition.FIDE_2026, Regime.ROUND_ROBIN)
    assert ks[1] == 1 and ks[4] == 1


@pytest.mark.parametrize(
    "path",
    [*sorted((ROOT / "fixtures").rglob("*.trf")), *sorted(CORPUS.glob("*.trf"))],
    ids=lambda p: p.name,
)
def test_aro_is_the_mean_of_the_rated_games_on_every_file(path: Path) -> None:
    """ARO (no cut) equals the rounded mean of each player's rated games, as C.07 defines it.

    With an unrated player in the field and no rating given them, C.07 10 drops it: None.
    """
    t = load(path)
    if not t.players:
        pytest.skip("no players")
    engine = TieBreakEngine(t, TieBreakSettings())
    aro = engine.column(parse_tiebreak("ARO")).raw
    unrated = any(not p.rating for p in t.players)
    for i in range(len(t.players)):
        ratings = [rating for _, rating, _ in engine.rated_games(i)]
        expected = None
        if ratings and not unrated:  # round half up: the mean's fraction of .5 goes up
            whole, rest = divmod(Fraction(sum(ratings), len(ratings)), 1)
            expected = int(whole) + (rest >= Fraction(1, 2))
        assert aro[i] == expected, (path.name, t.players[i].start_rank)


def test_a_list_named_on_the_command_line_is_declared_beside_the_reports() -> None:
    """``--tiebreaks`` declares its list even when 212 names another (T006, not T007).

    By the rule: a list the user names is the list the ranks are judged by; the report's
    own 212 only says which one was overridden.
    """
    path = ROOT / "fixtures" / "real" / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"
    lines = path.read_text(encoding="utf-8").split("\n")
    report = trfkit.loads("\n".join([lines[0], "212 PTS,SB", *lines[1:]]))
    own = compute_standings(report, TieBreakOptions())
    named = compute_standings(report, TieBreakOptions(tiebreaks=["PTS", "DE"]))
    alone = compute_standings(trfkit.loads(path.read_text(encoding="utf-8")),
                              TieBreakOptions(tiebreaks=["PTS", "DE"]))  # fmt: skip
    assert (own.source, own.declared) == ("record 212", True)
    assert named.source == "--tiebreaks (record 212 declares PTS, SB)" and named.declared
    assert (alone.source, alone.declared) == ("--tiebreaks", True)
    default = compute_standings(trfkit.loads(path.read_text(encoding="utf-8")), TieBreakOptions())
    assert not default.declared

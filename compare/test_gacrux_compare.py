"""Tests of the gacrux comparison: the generator, the value comparison and the explanations.

Run with ``PYTHONPATH=. python -m pytest -q compare/`` (the suite's ``testpaths`` is
``tests/``, so ``tox`` does not collect these). The last three tests need gacrux; they
are skipped when gacrux is not installed. Expected values are worked out by hand in the
tests, from the TRF16 result codes and the FIDE tables.
"""

from __future__ import annotations

import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gacrux_events as events  # noqa: E402
import gacrux_explanations as explanations  # noqa: E402
from gacrux_compare import same  # noqa: E402
from gacrux_tools import Outcome, run_gacrux, run_trfkit, trfkit_standings  # noqa: E402

import trfkit  # noqa: E402

REPRODUCERS = HERE / "reproducers"

# TRF16 result codes and their points under 1 / ½ / 0 scoring (trf-format.md §4).
HALF = Fraction(1, 2)
ONE, ZERO = Fraction(1), Fraction(0)
STANDARD = {"1": ONE, "=": HALF, "0": ZERO, "+": ONE, "-": ZERO, "H": HALF, "F": ONE, "U": ONE,
            "Z": ZERO, " ": ZERO}  # fmt: skip
OPPOSITE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _blocks(line: str) -> list[str]:
    """The 8-character round blocks of a 001 line (column 92 on, every 10 columns)."""
    return [line[i : i + 8] for i in range(91, len(line), 10)]


def _player_lines(text: str) -> dict[int, str]:
    return {int(line[4:8]): line for line in text.splitlines() if line.startswith("001 ")}


def _values(path: Path, codes: list[str]) -> dict[int, tuple[object, ...]]:
    """Start rank → trfkit's values of *codes* for the file at *path*."""
    table = trfkit_standings(trfkit.loads(path.read_bytes()), codes)
    return {row.start_rank: row.values for row in table.rows}


@pytest.mark.parametrize("seed", range(1, 41))
def test_generated_games_appear_on_both_lines(seed: int) -> None:
    """Every game is on both players' lines with opposite colours and complementary results."""
    lines = _player_lines(events.generate(seed).text())
    for rank, line in lines.items():
        for r, block in enumerate(_blocks(line)):
            opponent = block[:4].strip()
            if not opponent or opponent == "0000":
                continue
            other = _blocks(lines[int(opponent)])[r]
            assert int(other[:4]) == rank
            assert {block[5], other[5]} == {"w", "b"}
            double_forfeit = block[7] == other[7] == "-"
            assert double_forfeit or OPPOSITE[block[7]] == other[7]


@pytest.mark.parametrize("seed", range(1, 41))
def test_generated_points_column_is_the_sum_of_the_results(seed: int) -> None:
    """Columns 81-84 hold the plain sum of the round codes (1/½/0, or 3/1/0 with 162)."""
    text = events.generate(seed).text()
    football = any(line.startswith("162 ") for line in text.splitlines())
    for line in _player_lines(text).values():
        total = sum((STANDARD[b[7]] for b in _blocks(line)), Fraction(0))
        if football:  # 3 for a win's worth, 1 for a draw's worth
            total = sum(
                (3 * STANDARD[b[7]] if STANDARD[b[7]] == 1 else 2 * STANDARD[b[7]]
                 for b in _blocks(line)),
                Fraction(0),
            )  # fmt: skip
        assert Fraction(line[80:84].strip()) == total


def test_generation_is_reproducible() -> None:
    """The same seed gives the same TRF text."""
    assert events.generate(7).text() == events.generate(7).text()


def test_aob_agrees_at_gacruxs_decimals_only_when_rounding_matches() -> None:
    """101/6 = 16.8333… agrees with 16.83; 17.875 rounds half up to 17.88, not 17.87."""
    key = ("value", "AOB", 1)
    assert same(key, Fraction(101, 6), Fraction(Decimal("16.83"))) == (True, True)
    assert same(key, Fraction(143, 8), Fraction(Decimal("17.88"))) == (True, True)
    assert same(key, Fraction(143, 8), Fraction(Decimal("17.87"))) == (False, False)
    assert same(("value", "SB", 1), Fraction(101, 6), Fraction(Decimal("16.83")))[0] is False


def test_in_progress_tells_gacrux_the_rounds_trfkit_scored() -> None:
    """The in-progress counterfactual keeps the file (XXR included) and sets gacrux's -n."""
    explanation = next(e for e in explanations.EXPLANATIONS if e.name == "in-progress")
    assert explanation.for_gacrux is None and explanation.for_both is None
    assert explanation.current_round is not None
    event = events.Event("swiss", 0, {1: 2000}, {1: [events.Block(None, "-", "U")] * 6})
    event.header["XXR"] = "7"
    case = explanations.Case(event, Outcome(rounds=6))
    assert explanation.applies(case)
    assert explanation.current_round(case) == 6


def test_rate_everybody_fills_only_blank_ratings() -> None:
    """A blank rating (columns 49-52) becomes 1000; a rating stays as it was."""
    rated = "001    1 m    Player 001                        2000 NOR"
    unrated = "001    2 m    Player 002                             NOR"
    out = explanations.rate_everybody(f"{rated}\n{unrated}\n").splitlines()
    assert out[0] == rated
    assert out[1][48:52] == "1000"


def test_double_forfeits_are_counted_per_player() -> None:
    """Two players who both forfeited their game to each other have one double forfeit."""
    event = events.Event(
        "round-robin",
        0,
        {1: 2000, 2: 1900},
        {1: [events.Block(2, "w", "-")], 2: [events.Block(1, "b", "-")]},
    )
    assert explanations.double_forfeits(event, 1, 1) == 1
    assert explanations.double_forfeits(event, 2, 0) == 0


def test_fixed_table_gives_the_fide_ptp() -> None:
    """PTP of player 1 (won vs 1654, drew vs 1200: 1.5) is 1685 with table 8.1(b)."""
    # At 1685: 31 points above 1654 expect .54, 485 above 1200 expect .96 → 1.50.
    # At 1684: .54 + .95 (484 is in 457-484) = 1.49, short of 1.5.
    path = REPRODUCERS / "pd_table_and_p_modifier.trf"
    with explanations.expected_score_table_fixed():
        inside = _values(path, ["PTS", "PTP"])
    assert inside[1][1] == 1685


def test_koya_limit_in_half_points_under_3_1_0() -> None:
    """KS/L+1 under 3/1/0 moves the limit from 4.5 to 5, so player 2 (5 points) counts."""
    # Maximum 3 games × 3 = 9, limit 4.5 + 0.5 = 5: players 1 (7) and 2 (5) count.
    # Player 1 drew with 2 (1 point); player 4 lost to 1 (0) and drew with 2 (1).
    path = REPRODUCERS / "koya_limit_3_1_0.trf"
    with explanations.koya_limit_in_points():
        inside = _values(path, ["PTS", "KS/L+1"])
    assert inside[1][1] == 1
    assert inside[4][1] == 1


def test_p_modifier_without_forfeits_changes_nothing_as_gacrux_reads_it() -> None:
    """No forfeit in the file: with /P read as gacrux reads it, SB/P equals SB for all."""
    path = REPRODUCERS / "pd_table_and_p_modifier.trf"
    with explanations.played_forfeits_as_gacrux():
        values = _values(path, ["PTS", "SB", "SB/P", "BH", "BH/P"])
    for row in values.values():
        assert row[1] == row[2]
        assert row[3] == row[4]


def test_patches_restore_trfkit() -> None:
    """After each patch, trfkit's functions are the original ones again."""
    import trfkit.compute.standings as standings
    import trfkit.compute.tiebreaks as tiebreaks

    engine = tiebreaks.TieBreakEngine
    core = explanations.home("_PD_BOUNDS", explanations._CORE)
    ratings = explanations.home("_expected_wide", explanations._RATINGS)
    before = (
        engine.koya_threshold, engine.all_terms, engine._swiss, standings._de_split,
        core._PD_BOUNDS, core._EXPECTED, ratings._expected_wide,
    )  # fmt: skip
    for patch in (
        explanations.koya_maximum_as_gacrux,
        explanations.koya_limit_in_points,
        explanations.direct_encounter_as_gacrux,
        explanations.expected_score_table_fixed,
        explanations.played_forfeits_as_gacrux,
    ):
        with patch():
            pass
    after = (
        engine.koya_threshold, engine.all_terms, engine._swiss, standings._de_split,
        core._PD_BOUNDS, core._EXPECTED, ratings._expected_wide,
    )  # fmt: skip
    assert all(a is b for a, b in zip(before, after, strict=True))


def _fb_and_bh(outcome: Outcome) -> dict[int, tuple[object, object]]:
    """Start rank → (FB, BH) of an outcome."""
    ranks = {k[2] for k in outcome.values if k[:2] == ("value", "FB")}
    return {
        r: (outcome.values[("value", "FB", r)], outcome.values[("value", "BH", r)])
        for r in sorted(ranks)
    }


def test_in_progress_fore_buchholz_agrees_when_gacrux_is_told_the_round(
    tmp_path: Path,
) -> None:
    """4-player Swiss, 2 of XXR 3 rounds played: FB = BH in both tools with ``-n 2``.

    Scores after round 2: 2, ½, 1, ½; BH = 1.5, 2.5, 2.5, 1.5 (player 1 met 2 and 3,
    player 2 met 1 and 4, …). The final round (3) is not played, so no game is drawn
    for FB. Without ``-n`` gacrux scores round 3 as an absence for everybody (own
    dummies: player 1's BH 4.0); with XXR 2, round 2 is final and every FB is 2.
    """
    pytest.importorskip("gacrux")
    text = (REPRODUCERS / "in_progress_fore_buchholz.trf").read_text(encoding="latin-1")
    ours = run_trfkit(text)
    assert not ours.error and ours.rounds == 2
    half = Fraction(1, 2)
    expected = {1: (3 * half, 3 * half), 2: (5 * half, 5 * half),
                3: (5 * half, 5 * half), 4: (3 * half, 3 * half)}  # fmt: skip
    assert _fb_and_bh(ours) == expected
    told = run_gacrux(text, ours.regime, tmp_path, current_round=2)
    assert not told.error
    assert _fb_and_bh(told) == expected
    untold = run_gacrux(text, ours.regime, tmp_path)
    assert _fb_and_bh(untold)[1] == (Fraction(4), Fraction(4))
    finished = text.replace("XXR 3", "XXR 2")
    for outcome in (run_trfkit(finished), run_gacrux(finished, ours.regime, tmp_path)):
        assert {fb for fb, _ in _fb_and_bh(outcome).values()} == {Fraction(2)}


def test_perfect_score_ptp_is_highest_opponent_plus_736_in_both(tmp_path: Path) -> None:
    """Player 1 beat 1900, 1800 and 1700: expected 1.00 each needs 736 above 1900 → 2636."""
    pytest.importorskip("gacrux")
    text = (REPRODUCERS / "std_double_forfeit_and_perfect_ptp.trf").read_text(encoding="latin-1")
    ours = run_trfkit(text)
    theirs = run_gacrux(text, ours.regime, tmp_path)
    assert not ours.error and not theirs.error
    assert ours.values[("value", "PTP", 1)] == theirs.values[("value", "PTP", 1)] == 2636


def test_generated_events_have_no_unexplained_difference(tmp_path: Path) -> None:
    """With gacrux installed: ten generated events, every difference has a known cause."""
    pytest.importorskip("gacrux")
    from gacrux_compare import UNEXPLAINED, compare_event

    for seed in range(1, 11):
        verdict = compare_event(events.generate(seed), tmp_path)
        assert not verdict.error
        assert verdict.compared > 0
        assert UNEXPLAINED not in verdict.causes, sorted(verdict.causes[UNEXPLAINED])[:5]

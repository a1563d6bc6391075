"""Colour runs of Berger schedules (compute.colour_runs) and ``trfkit berger --analyse``.

The expected colour strings are written by hand from the 9/10 and 5/6 Berger tables of
../shared/spec/fide-rules.md §1.2 (the first-named player of a pair has White), and every
count is counted by hand below. Vega's analyses (../shared/spec/seeds/rotated-berger-tables.txt)
show players X and X+5 on one line (their colours are mirror images), so their counts
are half of the per-player counts here.
"""

from __future__ import annotations

import json
import re

import pytest

from trfkit.cli import main
from trfkit.compute import berger
from trfkit.compute.colour_runs import ByeRule, _four_of_five, _runs, analyse, best, compare

# Single cycle, 10 players, table rounds 1-9, read off §1.2 (W = first-named):
TABLE_10 = {
    1: "WWBWBWBWB",
    2: "WBWWBWBWB",
    3: "WBWBWWBWB",
    4: "WBWBWBWWB",
    5: "WBWBWBWBW",
    6: "BBWBWBWBW",
    7: "BWBBWBWBW",
    8: "BWBWBBWBW",
    9: "BWBWBWBBW",
    10: "BWBWBWBWB",
}

# Double round robins: cycle 2 is cycle 1 with the colours reversed, in table order.
# Per player: (colours, runs of exactly two, runs of three+, runs across the boundary,
# four of five consecutive games with one colour).
DOUBLE_TABLE_10 = {
    # WW at 1-2; R9 B then R10-11 BB: BBB across; R7-11 B W B B B: 4 of 5
    1: ("WWBWBWBWB" "BBWBWBWBW", 1, 1, 1, True),
    # WW 3-4; B|B 9-10; BB 12-13; R9-13 B B W B B
    2: ("WBWWBWBWB" "BWBBWBWBW", 3, 0, 1, True),
    # WW 5-6; B|B 9-10; BB 14-15; no window of five with four
    3: ("WBWBWWBWB" "BWBWBBWBW", 3, 0, 1, False),
    # WW 7-8; B|B 9-10; BB 16-17
    4: ("WBWBWBWWB" "BWBWBWBBW", 3, 0, 1, False),
    # W|B at the boundary: perfect alternation
    5: ("WBWBWBWBW" "BWBWBWBWB", 0, 0, 0, False),
    6: ("BBWBWBWBW" "WWBWBWBWB", 1, 1, 1, True),
    7: ("BWBBWBWBW" "WBWWBWBWB", 3, 0, 1, True),
    8: ("BWBWBBWBW" "WBWBWWBWB", 3, 0, 1, False),
    9: ("BWBWBWBBW" "WBWBWBWWB", 3, 0, 1, False),
    10: ("BWBWBWBWB" "WBWBWBWBW", 0, 0, 0, False),
}
# totals: twice 2*(1+3+3+3+0) = 20, thrice 2, across 8, four of five 4 (players 1, 2, 6, 7):
# Vega: "10 times ... twice in a row, once ... thrice", #1/#6 and #2/#7 four in five.

# FIDE swap: fide-rules.md §1.5 swaps rounds n-2 and n-1 = 8 and 9 of cycle 1, so cycle 1
# plays table rounds 1-7, 9, 8 (colours kept) and cycle 2 the table order reversed.
DOUBLE_SWAP_10 = {
    # WW 1-2, BB 7-8 (R7 B, table R9 B), W|B at the boundary, BB 10-11; R7-11 B B W B B
    1: ("WWBWBWBBW" "BBWBWBWBW", 3, 0, 0, True),
    # WW 3-4, BB 7-8, BB 12-13
    2: ("WBWWBWBBW" "BWBBWBWBW", 3, 0, 0, False),
    # WW 5-6, BB 7-8, BB 14-15
    3: ("WBWBWWBBW" "BWBWBBWBW", 3, 0, 0, False),
    # only BB 16-17
    4: ("WBWBWBWBW" "BWBWBWBBW", 1, 0, 0, False),
    # WW 7-8 (R7 W, table R9 W), B|B 9-10 across
    5: ("WBWBWBWWB" "BWBWBWBWB", 2, 0, 1, False),
    6: ("BBWBWBWWB" "WWBWBWBWB", 3, 0, 0, True),
    7: ("BWBBWBWWB" "WBWWBWBWB", 3, 0, 0, False),
    8: ("BWBWBBWWB" "WBWBWWBWB", 3, 0, 0, False),
    9: ("BWBWBWBWB" "WBWBWBWWB", 1, 0, 0, False),
    10: ("BWBWBWBBW" "WBWBWBWBW", 2, 0, 1, False),
}
# totals: twice 2*(3+3+3+1+2) = 24 (Vega: 12), thrice 0, across 2, four of five 2 (1 and 6;
# Vega prints "#1/#4", which is no line of its table: its lines are #1/#6 … #5/#10).

# Rotate-6: each cycle plays table rounds 6, 7, 8, 9, 1, 2, 3, 4, 5.
DOUBLE_ROTATE6_10 = {
    # table W W B W B W B W B -> R6..R9 W B W B, R1..R5 W W B W B; WW 5-6, B|B, BB 14-15
    1: ("WBWBWWBWB" "BWBWBBWBW", 3, 0, 1, False),
    # WW 7-8, B|B 9-10, BB 16-17
    2: ("WBWBWBWWB" "BWBWBWBBW", 3, 0, 1, False),
    3: ("WBWBWBWBW" "BWBWBWBWB", 0, 0, 0, False),
    # WW 2-3, W|W 9-10, BB 11-12
    4: ("BWWBWBWBW" "WBBWBWBWB", 3, 0, 1, False),
    # WW 4-5, W|W 9-10, BB 13-14
    5: ("BWBWWBWBW" "WBWBBWBWB", 3, 0, 1, False),
    6: ("BWBWBBWBW" "WBWBWWBWB", 3, 0, 1, False),
    7: ("BWBWBWBBW" "WBWBWBWWB", 3, 0, 1, False),
    8: ("BWBWBWBWB" "WBWBWBWBW", 0, 0, 0, False),
    9: ("WBBWBWBWB" "BWWBWBWBW", 3, 0, 1, False),
    10: ("WBWBBWBWB" "BWBWWBWBW", 3, 0, 1, False),
}
# totals: twice 24 (Vega: 12), thrice 0, across 8, four of five 0 (Vega: nobody).

# 6 players, table 5/6 of §1.2: 1 WWBWB, 2 WBWWB, 3 WBWBW, 4 BBWBW, 5 BWBBW, 6 BWBWB.
# Rotate-4 plays table rounds 4, 5, 1, 2, 3 in each cycle.
DOUBLE_ROTATE4_6 = {
    # W B W W B | B W B B W: WW 3-4, B|B 5-6, BB 8-9; games 5-9 B B W B B
    1: ("WBWWB" "BWBBW", 3, 0, 1, True),
    2: ("WBWBW" "BWBWB", 0, 0, 0, False),
    # B W W B W | W B B W B: WW 2-3, W|W 5-6, BB 7-8; games 2-6 W W B W W
    3: ("BWWBW" "WBBWB", 3, 0, 1, True),
    # B W B B W | W B W W B: BB 3-4, W|W, WW 8-9; games 5-9 W W B W W
    4: ("BWBBW" "WBWWB", 3, 0, 1, True),
    5: ("BWBWB" "WBWBW", 0, 0, 0, False),
    # W B B W B | B W W B W: BB 2-3, B|B, WW 7-8; games 2-6 B B W B B
    6: ("WBBWB" "BWWBW", 3, 0, 1, True),
}
# totals: twice 12, thrice 0, across 4, four of five 4.

CASES = [
    ("table", 10, {}, DOUBLE_TABLE_10, (20, 2, 8, 4)),
    ("fide-swap", 10, {"swap_last_two": True}, DOUBLE_SWAP_10, (24, 0, 2, 2)),
    ("rotate-6", 10, {"rotate": 6}, DOUBLE_ROTATE6_10, (24, 0, 8, 0)),
    ("rotate-4", 6, {"rotate": 4}, DOUBLE_ROTATE4_6, (12, 0, 4, 4)),
]


def test_single_table_colours_by_hand() -> None:
    """A single cycle of 10 gives each player the colours read off the published table."""
    result = analyse(berger.schedule(10))
    assert {p.player: p.colours for p in result.players} == TABLE_10


@pytest.mark.parametrize(("name", "players", "options", "expected", "totals"), CASES)
def test_double_round_robin_figures(
    name: str,
    players: int,
    options: dict[str, object],
    expected: dict[int, tuple[str, int, int, int, bool]],
    totals: tuple[int, int, int, int],
) -> None:
    """Every player's colours and runs, and the totals, equal the hand count."""
    result = analyse(berger.schedule(players, 2, **options))  # type: ignore[arg-type]
    assert result.name == name
    got = {
        p.player: (p.colours, p.same_twice, p.same_thrice, p.across_cycles, p.four_of_five)
        for p in result.players
    }
    assert got == expected
    assert (
        result.same_twice, result.same_thrice, result.across_cycles, result.four_of_five
    ) == totals
    half = players - 1
    assert all((p.white, p.black) == (half, half) for p in result.players)


def test_compare_picks_rotate6_for_ten() -> None:
    """Of the table, the swap and every Rotate-k for 10, Rotate-6 alone has no long runs."""
    variants = compare(10, 2)
    assert [v.name for v in variants] == ["table", "fide-swap"] + [
        f"rotate-{k}" for k in range(2, 10)
    ]
    assert best(variants).name == "rotate-6"
    assert [v.name for v in variants if v.same_thrice == 0 and v.four_of_five == 0] == [
        "rotate-6"
    ]


def test_rotate4_is_the_only_clean_rotation_for_six() -> None:
    """For 6 players Rotate-4 is the one rotation without a run of three (Vega)."""
    rotations = [v for v in compare(6, 2) if v.name.startswith("rotate-")]
    assert [v.name for v in rotations if v.same_thrice == 0] == ["rotate-4"]


def test_bye_rule() -> None:
    """5 players, double: player 1's byes in rounds 1 and 6 are skipped or break the run."""
    # table 5/6: player 1 meets 6 (the bye) in R1, then W B W B; cycle 2: bye, B W B W.
    table = berger.schedule(5, 2)
    skip = analyse(table, ByeRule.SKIP).players[0]
    assert skip.colours == "-WBWB-BWBW"
    assert (skip.same_twice, skip.across_cycles) == (1, 1)  # W B W B B W B W: BB across
    broken = analyse(table, ByeRule.BREAK).players[0]
    assert (broken.same_twice, broken.across_cycles) == (0, 0)


_ROW = re.compile(r"^(\S+)\s+(?:\d+ )*\d+\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$")


def test_cli_compare_text_equals_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``berger 10 --double --analyse --compare``: the text's figures equal the JSON's."""
    assert main(["berger", "10", "--double", "--analyse", "--compare"]) == 0
    text = capsys.readouterr().out
    matches = [m for m in map(_ROW.match, text.splitlines()) if m]
    rows = {m[1]: tuple(int(x) for x in m.groups()[1:]) for m in matches}
    assert "Fewest long colour runs: rotate-6" in text
    assert main(["berger", "10", "--double", "--analyse", "--compare", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["best"] == "rotate-6"
    from_json = {
        v["name"]: (
            v["same_twice"], v["same_thrice"], v["across_cycles"], v["four_of_five"],
            v["same_start"],
        )
        for v in doc["variants"]
    }
    assert rows == from_json
    assert from_json["table"] == (20, 2, 8, 4, 2)
    assert doc["variants"][0]["players"]["1"]["colours"] == DOUBLE_TABLE_10[1][0]


def test_cli_analyse_one_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    """``--analyse`` of Rotate-6 prints every player's colours, cycles split by ``|``."""
    assert main(["berger", "10", "--double", "--round-order", "rotate-6", "--analyse"]) == 0
    out = capsys.readouterr().out
    assert "     1  WBWBWWBWB|BWBWBBWBW   9   9      3        0       1" in out
    assert "three or more times in a row: 0 times" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["berger", "2", "--analyse"],
        ["berger", "10000", "--analyse"],
        ["berger", "10", "--round-order", "rotate-12", "--analyse"],
        ["berger", "10", "--analyse", "--format", "trf"],
    ],
)
def test_cli_bad_input_is_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """N out of range, a bad rotation or --format trf: one line on stderr, exit 2."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("trfkit berger: ")


@pytest.mark.parametrize(
    ("colours", "bye", "runs"),
    [
        # W - W skipped: one run of two (rounds 1-3, cycle 1); BBB in cycle 2; then singles
        ("W-WBBBWBW", ByeRule.SKIP, [(2, 1), (3, 1)]),
        # the bye ends the run: two single Whites, then BBB
        ("W-WBBBWBW", ByeRule.BREAK, [(3, 1)]),
        # WW in rounds 3-4 spans cycles 1-2; BBB in rounds 5-7 spans cycles 2-3
        ("WBWWBBBW", ByeRule.SKIP, [(2, 2), (3, 2)]),
        ("WBWBW", ByeRule.SKIP, []),
    ],
)
def test_runs_by_hand(colours: str, bye: ByeRule, runs: list[tuple[int, int]]) -> None:
    """The runs of two or more (length, cycles spanned), 3 rounds a cycle, by hand."""
    assert _runs(colours, 3, bye) == runs


@pytest.mark.parametrize(
    ("colours", "bye", "expected"),
    [
        ("WBWWW", ByeRule.SKIP, True),  # W W W W in five
        ("WBWBW", ByeRule.SKIP, False),  # three Whites at most
        ("WW-WBW", ByeRule.SKIP, True),  # games WWWBW: four Whites
        ("WW-WBW", ByeRule.BREAK, False),  # windows WW-WB and W-WBW: three each
        ("BBBB", ByeRule.SKIP, False),  # four games: no five consecutive
        ("WBBBBW", ByeRule.SKIP, True),  # BBBBW
    ],
)
def test_four_of_five_by_hand(colours: str, bye: ByeRule, expected: bool) -> None:
    """One colour four times in five consecutive games, counted by hand."""
    assert _four_of_five(colours, bye) is expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["10", "--compare", "--round-order", "rotate-3"], "leave out --round-order"),
        (["10", "--double", "--compare", "--round-order", "fide-swap"], "leave out --round-order"),
        (["10", "--round-order", "fide-swap", "--analyse"], "a single round robin plays the table"),
        # 202 players, double: 202 variants (table, swap, Rotate-2 ... Rotate-201) x 402
        # rounds x 202 players = 202 * 402 * 202 = 16,403,208 colours
        (["202", "--double", "--compare", "--max-rounds", "1000"], "reads 16,403,208 colours"),
    ],
)
def test_cli_compare_refuses(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--compare with a round order of its own, or beyond its budget: one line, exit 2."""
    assert main(["berger", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


@pytest.mark.slow
def test_cli_compare_at_the_budget_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """200 players, double: 200 * 398 * 200 = 15,920,000 colours, within the budget."""
    argv = ["berger", "200", "--double", "--compare", "--max-rounds", "1000"]
    assert main(argv) == 0
    assert "Fewest long colour runs:" in capsys.readouterr().out

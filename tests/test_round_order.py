"""One round-order choice (``--round-order``), ``berger --compare`` as advice, league colours.

Issue 29, items 1, 5 and 8. The expected tables and counts are written by hand from the
10-player Berger table (../shared/spec/fide-rules.md §1.2: round 1 is 1–10, 2–9, 3–8, 4–7,
5–6; round 2 is 10–6, 7–5, 8–4, 9–3, 1–2), Vega's Rotate-k
(../shared/spec/seeds/rotated-berger-tables.txt: Rotate-6 for 10 plays table rounds 6, 7,
8, 9, 1, 2, 3, 4, 5) and the organisers' guide (seeds/berger-tables-guide.txt: the visitors
have White on the odd boards; only the highest number may stay empty).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from trfkit.api import check
from trfkit.checks.base import CheckOptions
from trfkit.cli import main
from trfkit.compute.berger import RoundOrderChoice, RoundOrderKind
from trfkit.compute.recognition import TeamColours
from trfkit.diagnostics import Diagnostic
from trfkit.errors import ScheduleError

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
from rr_generator import Block, RoundRobinFile, TeamRoundRobin  # noqa: E402

ROTATE6 = "6 7 8 9 1 2 3 4 5"
"""Rotate-6 of 10 players: the table rounds of each cycle (Vega)."""


def b_codes(found: list[Diagnostic]) -> Counter[str]:
    """The B codes above info, counted."""
    return Counter(d.code for d in found if d.code.startswith("B") and d.severity.label != "info")


def _berger(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["berger", *argv]) == 0
    return capsys.readouterr().out


# --- the value type ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "k"),
    [
        ("table", RoundOrderKind.TABLE, 1),
        ("fide-swap", RoundOrderKind.FIDE_SWAP, 1),
        ("any", RoundOrderKind.ANY, 1),
        ("rotate-6", RoundOrderKind.ROTATE, 6),
        ("Rotate-4", RoundOrderKind.ROTATE, 4),
        ("rotate-1", RoundOrderKind.TABLE, 1),  # Rotate-1 starts at table round 1
    ],
)
def test_round_order_spellings(text: str, kind: RoundOrderKind, k: int) -> None:
    """Each spelling of ``table|fide-swap|rotate-K|any`` is one kind (and K for Rotate-K)."""
    choice = RoundOrderChoice.parse(text)
    assert (choice.kind, choice.rotate) == (kind, k)


@pytest.mark.parametrize("text", ["swapped", "rotate-", "rotate-x", "rotate-0", "berger", ""])
def test_round_order_refuses_other_spellings(text: str) -> None:
    """A spelling of no round order is refused."""
    with pytest.raises(ScheduleError):
        RoundOrderChoice.parse(text)


def test_any_accepts_the_table_the_swap_and_every_rotation() -> None:
    """any: 10 players double (9 rounds a cycle) accepts table, fide-swap, rotate-2 … rotate-9."""
    accepted = RoundOrderChoice.parse("any").accepted(9, 2)
    assert accepted == ("table", "fide-swap", *(f"rotate-{k}" for k in range(2, 10)))
    # a single round robin has no swap
    assert "fide-swap" not in RoundOrderChoice.parse("any").accepted(9, 1)


def test_fide_swap_is_refused_for_a_single_round_robin() -> None:
    """The swap is of a double round robin's first cycle: a single one cannot make it."""
    with pytest.raises(ScheduleError, match="single round robin"):
        RoundOrderChoice.parse("fide-swap").order(9, 1)
    swapped = RoundOrderChoice.parse("fide-swap").order(9, 2)
    assert swapped.cycle_rounds(9) == (1, 2, 3, 4, 5, 6, 7, 9, 8)


# --- berger ------------------------------------------------------------------------------------


def test_berger_round_order_rotate6(capsys: pytest.CaptureFixture[str]) -> None:
    """Rotate-6 of 10, double: round 1 is table round 6, round 10 the same reversed."""
    doc = json.loads(_berger(capsys, "10", "--double", "--round-order", "rotate-6", "--format",
                             "json"))  # fmt: skip
    # table round 6 of 10 (p = 5 + 3 = 8; even round: 10 White against 8): 10–8, 9–7, 1–6, 2–5,
    # 3–4 (board d + 1: p + d White against p - d, mod 9)
    assert doc["rounds"][0]["pairings"] == [[10, 8], [9, 7], [1, 6], [2, 5], [3, 4]]
    assert doc["rounds"][9]["pairings"] == [[8, 10], [7, 9], [6, 1], [5, 2], [4, 3]]
    # round 5 is table round 1: 1–10, 2–9, 3–8, 4–7, 5–6
    assert doc["rounds"][4]["pairings"] == [[1, 10], [2, 9], [3, 8], [4, 7], [5, 6]]


def test_berger_single_round_robin_refuses_fide_swap(capsys: pytest.CaptureFixture[str]) -> None:
    """A single round robin of 10 with fide-swap (or --swap-last-two): one line, exit 2."""
    assert main(["berger", "10", "--round-order", "fide-swap"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "single round robin" in err
    assert main(["berger", "10", "--swap-last-two"]) == 2
    err = capsys.readouterr().err
    assert "deprecated" in err and "single round robin" in err


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (["--double", "--swap-last-two"], ["--double", "--round-order", "fide-swap"]),
        (["--rotate", "4"], ["--round-order", "rotate-4"]),
    ],
)
def test_berger_old_spellings_warn_and_make_the_same_table(
    old: list[str], new: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """--swap-last-two and --rotate K still work one release: same table, a warning on stderr."""
    assert main(["berger", "8", *old]) == 0
    was = capsys.readouterr()
    assert main(["berger", "8", *new]) == 0
    now = capsys.readouterr()
    assert was.out == now.out
    assert "is deprecated" in was.err and " ".join(new[-2:]) in was.err
    assert now.err == ""


# --- berger --compare as advice ----------------------------------------------------------------


def test_compare_names_the_fide_swap_and_rotate6_with_costs_and_commands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """For 10, double, --compare names the swap C.05 recommends and Rotate-6, costs, commands.

    Counts per player (Vega's are per pair of mirrored players, so half): the swap 24 runs
    of two, none of three, 2 players with four of five (Vega: "players #1/#4") and 2 who
    start with two equal colours (1: W W, 6: B B in table rounds 1, 2); Rotate-6 24, 0, 0
    and 0 (rounds 6 and 7 alternate for everyone).
    """
    out = _berger(capsys, "10", "--double", "--compare")
    lines = out.splitlines()
    advised = next(i for i, line in enumerate(lines) if line.startswith("FIDE recommends"))
    assert "fide-swap" in lines[advised]
    assert "24 runs of two, 0 of three or more, 2 players with one colour in four of five " \
           "games, 2 starting with two games of one colour" in lines[advised]  # fmt: skip
    assert lines[advised + 1].strip() == "trfkit berger 10 --double --round-order fide-swap"
    fewest = next(i for i, line in enumerate(lines) if line.startswith("Fewest long colour runs"))
    assert f"rotate-6, Rotate-6 (table rounds {ROTATE6.replace(' ', ', ')})" in lines[fewest]
    assert "24 runs of two, 0 of three or more, 0 players with one colour in four of five " \
           "games, 0 starting with two games of one colour" in lines[fewest]  # fmt: skip
    assert lines[fewest + 1].strip() == "trfkit berger 10 --double --round-order rotate-6"


def test_compare_json_names_both_with_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON form: best rotate-6, recommended fide-swap, each variant's command."""
    doc = json.loads(_berger(capsys, "10", "--double", "--compare", "--format", "json"))
    assert (doc["best"], doc["recommended"]) == ("rotate-6", "fide-swap")
    by_name = {v["name"]: v for v in doc["variants"]}
    assert by_name["rotate-6"]["command"] == "trfkit berger 10 --double --round-order rotate-6"
    assert (by_name["table"]["same_start"], by_name["rotate-6"]["same_start"]) == (2, 0)


def test_compare_of_a_single_round_robin_lists_no_swap(capsys: pytest.CaptureFixture[str]) -> None:
    """A single round robin has no FIDE swap: --compare lists the table and Rotate-2 … Rotate-9."""
    out = _berger(capsys, "10", "--compare")
    names = [m[1] for m in map(re.compile(r"^(table|fide-swap|rotate-\d+) ").match,
                                out.splitlines()) if m]  # fmt: skip
    assert names == ["table", *(f"rotate-{k}" for k in range(2, 10))]
    assert "C.05 Annex 1 plays: table" in out


def test_compare_keeps_the_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    """--analyse --compare prints the chosen order's analysis and the comparison, both."""
    out = _berger(capsys, "10", "--double", "--analyse", "--compare", "--round-order", "rotate-6")
    # Rotate-6, player 1: table colours W W B W B W B W B played from round 6 on
    assert "     1  WBWBWWBWB|BWBWBBWBW" in out
    assert "Colour runs of the Berger schedules" in out
    assert "Fewest long colour runs: rotate-6" in out
    doc = json.loads(_berger(capsys, "10", "--double", "--analyse", "--compare", "--format",
                             "json"))  # fmt: skip
    assert doc["analysed"]["name"] == "table" and len(doc["variants"]) == 10


# --- check --round-order -----------------------------------------------------------------------


@pytest.fixture
def rotate6_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The file ``berger 10 --double --round-order rotate-6 --format trf`` makes."""
    path = tmp_path / "rotate6.trf"
    path.write_text(_berger(capsys, "10", "--double", "--round-order", "rotate-6", "--format",
                            "trf"), encoding="utf-8")  # fmt: skip
    return path


def _check(path: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["check", "--strict", *argv, str(path)])
    return code, capsys.readouterr().out


def test_rotate6_file_is_clean_when_declared(
    rotate6_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Acceptance: the Rotate-6 table checks clean under --strict --round-order rotate-6."""
    assert _check(rotate6_file, capsys, "--round-order", "rotate-6") == (0, "")


def test_rotate6_file_is_b004_under_fide_swap(
    rotate6_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Acceptance: the same file under --round-order fide-swap is B004, and --strict fails."""
    code, out = _check(rotate6_file, capsys, "--round-order", "fide-swap")
    assert code == 1
    (line,) = out.splitlines()
    assert "B004" in line and "Rotate-6 (table rounds 6, 7, 8, 9, 1, 2, 3, 4, 5)" in line
    assert "expected the table order with the last two rounds of cycle 1 swapped" in line


def test_any_is_the_default_and_says_which_order(
    rotate6_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --round-order (any) the file is clean and B001 (info) names Rotate-6."""
    assert _check(rotate6_file, capsys) == (0, "")
    found = check(rotate6_file.read_bytes())
    (b001,) = [d for d in found if d.code == "B001"]
    assert "in Rotate-6 (table rounds 6, 7, 8, 9, 1, 2, 3, 4, 5)" in b001.message


def test_old_berger_swap_spelling_warns_and_maps(
    rotate6_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The old check --berger-swap is --round-order fide-swap, with a warning on stderr."""
    code = main(["check", "--strict", "--berger-swap", str(rotate6_file)])
    captured = capsys.readouterr()
    assert code == 1 and "B004" in captured.out
    assert "--berger-swap is deprecated" in captured.err
    assert "--round-order fide-swap" in captured.err


def test_declared_order_counts_in_a_generated_single_round_robin() -> None:
    """A single Rotate-3 of 8: clean under any and rotate-3, B004 under table and rotate-4."""
    text = RoundRobinFile.berger(8, rotate=3, seed=4).text()
    for order, expected in (
        ("any", Counter()),
        ("rotate-3", Counter()),
        ("table", Counter({"B004": 1})),
        ("rotate-4", Counter({"B004": 1})),
        ("fide-swap", Counter({"B004": 1})),  # a single round robin: the table order expected
    ):
        assert b_codes(check(text, options=CheckOptions(round_order=order))) == expected, order


# --- team colours as leagues write them --------------------------------------------------------


def _league(teams: int) -> str:
    """A team round robin in the seeds' convention: the visitors White on the odd boards."""
    event = TeamRoundRobin.berger(teams, boards=3, seed=5)
    # the generator gives the first-named team White on the odd boards; naming the visitors
    # first writes the home team (the table's first-named) Black on board 1 instead
    event.matches = [[(away, home) for home, away in games] for games in event.matches]
    return event.text()


def test_league_colours_check_clean() -> None:
    """--team-colours league: the convention of the seeds checks clean; top-board does not."""
    text = _league(6)
    league = check(text, options=CheckOptions(berger_team_colours="league"))
    assert b_codes(league) == Counter()
    top = check(text, options=CheckOptions(berger_team_colours="top-board"))
    assert b_codes(top) != Counter()


def test_league_reading_reports_a_reversed_match() -> None:
    """Under league, a match with the home team White on board 1 is one B003."""
    event = TeamRoundRobin.berger(6, boards=3, seed=5)
    games = [[(away, home) for home, away in g] for g in event.matches]
    first, *rest = games[0]  # round 1, table 1–6: written visitors first as (6, 1)
    games[0] = [(first[1], first[0]), *rest]  # now team 1 (home) has White on board 1
    event.matches = games
    found = check(event.text(), options=CheckOptions(berger_team_colours="league"))
    assert b_codes(found) == Counter({"B003": 1})


def test_team_colours_option_spellings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--team-colours league on the command line; the bare flag is top-board; default off."""
    path = tmp_path / "league.trf"
    path.write_text(_league(6), encoding="utf-8")
    assert main(["check", "--select", "B", "--team-colours", "league", str(path)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["check", "--select", "B", str(path), "--team-colours"]) == 0
    assert "B00" in capsys.readouterr().out
    assert CheckOptions().berger_team_colours is TeamColours.OFF
    assert not TeamColours.OFF and TeamColours.LEAGUE


# --- the empty number ---------------------------------------------------------------------------


def _five_of_six(vacant: int) -> str:
    """The table for 6 with number *vacant* empty, its five players numbered 1 … 5 in order."""
    event = RoundRobinFile.berger(6, seed=7)
    for r in range(event.rounds):  # whoever meets the empty number sits out
        opponent = event.grid[vacant][r].opponent
        assert opponent is not None
        event.grid[opponent][r] = Block(None, "-", " ")
    del event.grid[vacant]
    rank = {n: n if n < vacant else n - 1 for n in event.grid}
    for blocks in event.grid.values():
        for block in blocks:
            if block.opponent is not None:
                block.opponent = rank[block.opponent]
    event.grid = {rank[n]: blocks for n, blocks in event.grid.items()}
    event.players = 5
    event.header["062"] = "5"
    return event.text()


def test_an_empty_number_not_the_highest_is_named() -> None:
    """Number 3 of the table for 6 left empty: one B006 saying so, no error per round."""
    found = check(_five_of_six(3))
    assert b_codes(found) == Counter({"B006": 1})
    (d,) = [d for d in found if d.code == "B006"]
    assert "the Berger table for 6 with number 3 left empty, not the highest number 6" in d.message
    # start ranks 3, 4, 5 are the table's 4, 5, 6
    assert "start ranks 3, 4, 5 hold the Berger numbers one higher" in d.message


def test_the_highest_number_empty_is_clean() -> None:
    """Number 6 left empty is the table's own odd field: nothing to report."""
    assert b_codes(check(_five_of_six(6))) == Counter()


@pytest.mark.parametrize("colours", ["off", "top-board"])
def test_a_team_league_with_an_empty_number_not_the_highest(colours: str) -> None:
    """5 teams on the table for 6 with number 3 empty: B006 names number 3, colours or not."""
    event = TeamRoundRobin.berger(6, boards=2, seed=3)
    number = {n: n if n < 3 else n - 1 for n in range(1, 7) if n != 3}
    event.matches = [
        [(number[home], number[away]) for home, away in games if 3 not in (home, away)]
        for games in event.matches
    ]
    event.teams = 5
    found = check(event.text(), options=CheckOptions(berger_team_colours=colours))
    assert b_codes(found) == Counter({"B006": 1})
    (d,) = [d for d in found if d.code == "B006"]
    assert "with number 3 left empty, not the highest number 6" in d.message
    assert "team numbers 3, 4, 5 hold the Berger numbers one higher" in d.message


@pytest.mark.parametrize(
    ("swap", "rotate", "code"),
    [
        (False, 1, "BERGER_DOUBLEROUNDROBIN"),
        (True, 1, "FIDE_DOUBLEROUNDROBIN"),
        (False, 4, "CUSTOM_ROUNDROBIN"),  # no 192 code names a Rotate-k
    ],
)
def test_a_conversion_writes_the_code_of_the_recognised_order(
    swap: bool, rotate: int, code: str
) -> None:
    """A double round robin of 6 converted to TRF-2026: the 192 of the order its games follow."""
    import trfkit
    from trfkit import formats as cv

    event = RoundRobinFile.berger(6, cycles=2, swap_last_two=swap, rotate=rotate, seed=9,
                                  header092="Double Round Robin")  # fmt: skip
    for order in ("any", "table", "fide-swap"):  # the games decide, whatever the option
        options = cv.ConvertOptions(type_codes=cv.TypeCodes.ALL, round_order=order)
        converted = cv.to_trf26(trfkit.loads(event.text()), options=options)
        written = [r.value for r in converted.tournament.records if getattr(r, "code", "") == "192"]
        assert written == [code], order

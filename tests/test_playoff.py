"""Play-off schedules (compute.playoff) and ``trfkit playoff``."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from trfkit.cli import main
from trfkit.compute.playoff import IfLevel, SuddenDeath, match, round_robin

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RR6 = FIXTURES / "real" / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"


def _colours(games: object, name: str) -> str:
    return "".join("W" if g.white == name else "B" for g in games)  # type: ignore[attr-defined]


def test_match_colours_alternate_from_the_drawn_first() -> None:
    """4 games: the drawn first colour, then W/B alternating; each player 2 Whites."""
    # seed 2026: first number below 2 = 3487696636 mod 2 = 0 -> the first-named has White
    m = match(["Anand", "Gelfand"], 4, "2026")
    assert _colours(m.games, "Anand") == "WBWB"
    assert _colours(m.games, "Gelfand") == "BWBW"
    assert [g.number for g in m.games] == [1, 2, 3, 4]


def test_match_other_seed_can_give_black_first() -> None:
    """Some seed gives the first-named player Black in game 1 (the colour is drawn)."""
    firsts = {match(["A", "B"], 2, str(s)).games[0].white for s in range(20)}
    assert firsts == {"A", "B"}


def test_sudden_death_alternates() -> None:
    """The single games after the match alternate; CONTINUE follows on from game 2."""
    m = match(["A", "B"], 2, "2026", SuddenDeath.CONTINUE, shown=4)
    # games 1-2: A W, B W; then B had Black last... A had Black in game 2 -> A White in 3
    assert _colours(m.games + m.sudden_death, "A") == "WB" + "WBWB"
    assert [g.number for g in m.sudden_death] == [3, 4, 5, 6]
    redraw = match(["A", "B"], 2, "2026").sudden_death
    assert _colours(redraw, "A") in ("WBWB", "BWBW")


@pytest.mark.parametrize("games", [0, 1, 3, -2])
def test_odd_number_of_games_is_refused(games: int) -> None:
    """A match has an even number of games."""
    with pytest.raises(ValueError, match="even number"):
        match(["A", "B"], games, "s")


def test_four_player_round_robin_is_double_with_the_swap() -> None:
    """4 players: a double round robin, 3 Whites and 3 Blacks each, no colour thrice."""
    drawn, table = round_robin(["A", "B", "C", "D"], "2026", 9999)
    assert table.cycles == 2 and table.order.name == "fide-swap"
    assert sorted(drawn.numbers) == [1, 2, 3, 4]
    # table 3/4 (§1.2): 1-4 2-3 | 4-3 1-2 | 2-4 3-1; played 1, 3, 2, then reversed 1, 2, 3.
    # player 1: W (1-4), B (3-1), W (1-2) | B, B, W
    colours = "".join(c.value for _, c in table.player_schedule(1))
    assert colours.upper() == "WBWBBW"
    for player in range(1, 5):
        c = "".join(col.value for _, col in table.player_schedule(player))
        assert c.count("w") == 3 and "www" not in c and "bbb" not in c


def test_cli_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    """``playoff --games 2 --seed 2026 A B`` prints the games and the sudden death."""
    assert main(["playoff", "--seed", "2026", "--format", "json", "Anand", "Gelfand"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(g["white"], g["black"]) for g in doc["games"]] == [
        ("Anand", "Gelfand"), ("Gelfand", "Anand")
    ]
    sudden = [g["white"] for g in doc["sudden_death"]["games"]]
    assert all(a != b for a, b in itertools.pairwise(sudden))
    assert doc["sudden_death"]["until"] == "until the first decisive game"
    assert doc["seed"] == "2026"
    assert main(["playoff", "--seed", "2026", "Anand", "Gelfand"]) == 0
    assert "until the first decisive game" in capsys.readouterr().out


def test_cli_four_players_trf(capsys: pytest.CaptureFixture[str]) -> None:
    """4 players from a report's start ranks: a 6-round TRF skeleton with their names."""
    argv = ["playoff", "--from", str(RR6), "--players", "1,2,3,4", "--seed", "3", "--format", "trf"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "142 6" in out and "192 FIDE_DOUBLEROUNDROBIN" in out
    assert "012 Play-off: double round robin of 4 players\n" in out
    assert "092 Individual: Play-off (round robin)\n" in out
    names = {line[14:47].strip() for line in out.splitlines() if line.startswith("001")}
    assert names == {"Alyx", "Bruno", "Charline", "David"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "3", "A", "B"], "even number of games"),
        (["A"], "at least 2 players"),
        ([], "no names given"),
        (["A", "A"], "named twice"),
        (["A", "B\x07"], "control characters"),
        (["--games", "2", "A", "B", "C"], "--games is for a match"),
        (["--from", "/nonexistent/x.trf", "--players", "1,2"], "x.trf"),
        (["--from", str(RR6), "--players", "1,9"], "no player with start rank 9"),
        (["--from", str(RR6), "--players", "1,x"], "start ranks separated by commas"),
        (["--games", "1000000000", "A", "B"], "--games 1,000,000,000: more than the limit"),
        (["--games", "12", "--max-rounds", "10", "A", "B"], "limit of 10 rounds"),
        (["--max-players", "3", "A", "B", "C", "D"], "4 names, more than the limit of 3"),
        # 5 players, double: the table of 6 has 5 rounds, twice 10
        (["--max-rounds", "9", "A", "B", "C", "D", "E"], "make 10 rounds, more than the limit"),
        (["--from", str(RR6), "--players", "1,2,3", "--max-rounds", "5"], "make 6 rounds"),
    ],
)
def test_cli_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: one line on stderr, exit 2, never a traceback."""
    assert main(["playoff", "--seed", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "\x07" not in err


def _skeleton(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """``playoff --format trf`` of *argv*, after asserting that check finds no error in it."""
    assert main(["playoff", "--format", "trf", *argv]) == 0
    out = capsys.readouterr().out
    path = tmp_path / "playoff.trf"
    path.write_text(out, encoding="utf-8")
    main(["check", "--format", "json", str(path)])
    doc = json.loads(capsys.readouterr().out)
    errors = [d for f in doc["files"] for d in f["diagnostics"] if d["severity"] == "error"]
    assert errors == []
    return out


def _rounds(trf: str) -> dict[int, list[tuple[int, str]]]:
    """Every 001 line's (opponent, colour) per round, by start number."""
    out = {}
    for line in trf.splitlines():
        if line.startswith("001"):
            blocks = line[91:]
            cells = [blocks[i : i + 10] for i in range(0, len(blocks), 10)]
            out[int(line[4:8])] = [(int(c[:4]), c[5]) for c in cells]
    return out


def test_cli_two_players_trf_pairs_the_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 4-game match as TRF: 1 meets 2 every round, colours alternating; check finds no error."""
    out = _skeleton(["--seed", "2026", "--games", "4", "A", "B"], tmp_path, capsys)
    # seed 2026: the first number below 2 is 0 (see above) -> A (number 1) White in game 1
    assert _rounds(out) == {
        1: [(2, "w"), (2, "b"), (2, "w"), (2, "b")],
        2: [(1, "b"), (1, "w"), (1, "b"), (1, "w")],
    }


def test_cli_four_players_trf_passes_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """4 players as TRF: the table 3/4 with the swap, round by round; check finds no error."""
    out = _skeleton(["--seed", "3", "A", "B", "C", "D"], tmp_path, capsys)
    # table 3/4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1; cycle 1 plays 1, 3, 2 (the swap),
    # cycle 2 plays 1, 2, 3 with the colours reversed
    assert _rounds(out) == {
        1: [(4, "w"), (3, "b"), (2, "w"), (4, "b"), (2, "b"), (3, "w")],
        2: [(3, "w"), (4, "w"), (1, "b"), (3, "b"), (1, "w"), (4, "b")],
        3: [(2, "b"), (1, "w"), (4, "b"), (2, "w"), (4, "w"), (1, "b")],
        4: [(1, "b"), (2, "b"), (3, "w"), (1, "w"), (3, "b"), (2, "w")],
    }


def test_closed_choices_are_the_enums_values() -> None:
    """--order, --sudden-death and --bye-runs offer exactly their enums' values."""
    import argparse

    from trfkit.commands import berger, draw, playoff
    from trfkit.compute.colour_runs import ByeRule
    from trfkit.compute.lots import DrawOrder

    for command, option, choice in (
        (draw, "--order", DrawOrder),
        (playoff, "--sudden-death", SuddenDeath),
        (berger, "--bye-runs", ByeRule),
    ):
        parser = argparse.ArgumentParser()
        command.add_arguments(parser)
        (action,) = [a for a in parser._actions if option in a.option_strings]
        assert list(action.choices or ()) == [m.value for m in choice]
        assert choice(action.default) is next(iter(choice))


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["a\u200bb", "ab"], "name 1: the name a"),  # a zero-width space (Cf) between a and b
        (["x", "a\u200bb"], "(U+200B)"),
        (["\u00c4", "A\u0308"], "name 2: \u00c4 is named twice (also name 1)"),  # NFC equal
    ],
)
def test_cli_names_that_look_alike(
    names: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A format character is refused and NFC-equal names are one name: one line, exit 2."""
    assert main(["playoff", "--seed", "1", *names]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_cli_names_are_printed_in_nfc(capsys: pytest.CaptureFixture[str]) -> None:
    """A decomposed A + combining diaeresis is printed as the one character U+00C4."""
    assert main(["playoff", "--seed", "1", "--format", "json", "A\u0308", "B"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["\u00c4", "B"]


# --- a level match decided by the tie-breaks (--if-level tiebreaks) -------------------------
# The lot of trfkit-lots-1 by hand: block 0 is SHA-256(seed || 8 zero bytes); the first 4
# bytes give the first colour (even: the first-named White), the next 4 the lot (even: the
# first-named ahead). "nsf-example-3": db7e1b9c 820c1d73 ...: 0xdb7e1b9c is even (the first
# named has White in game 1), 0x820c1d73 is odd (the lot puts the second-named ahead).


def _block(seed: str) -> tuple[int, int]:
    import hashlib

    block = hashlib.sha256(seed.encode("utf-8") + bytes(8)).digest()
    return int.from_bytes(block[:4], "big"), int.from_bytes(block[4:8], "big")


def test_the_lot_is_the_next_number_below_two_after_the_colour() -> None:
    """Seed nsf-example-3: A White first (0xdb7e1b9c even), the lot puts B ahead (odd)."""
    assert _block("nsf-example-3") == (0xDB7E1B9C, 0x820C1D73)
    m = match(["A", "B"], 2, "nsf-example-3", if_level=IfLevel.TIEBREAKS)
    assert [(g.white, g.black) for g in m.games] == [("A", "B"), ("B", "A")]
    assert m.lot == "B" and m.sudden_death == ()
    assert match(["A", "B"], 2, "nsf-example-3").lot is None  # sudden death: no lot


def test_cli_tiebreaks_without_a_report_prints_the_rule_and_the_lot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """No --from: no values to compare; the JSON says the rule and the lot, no single games."""
    argv = ["playoff", "--if-level", "tiebreaks", "--seed", "nsf-example-3", "A", "B"]
    assert main([*argv, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["if_level"] == "tiebreaks" and "sudden_death" not in doc
    assert doc["tiebreaks"] == {"list": None, "lot": "B", "ahead": None, "by": None}
    assert main([*argv, "--tiebreaks", "SB,DE"]) == 0
    out = capsys.readouterr().out
    assert "If still level: decided by the tie-breaks (SB, DE), then by lot." in out
    assert "the lot puts B ahead" in out and "Game  3" not in out


def test_cli_sudden_death_stays_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --if-level the JSON says sudden-death and lists the single games."""
    assert main(["playoff", "--seed", "s", "--format", "json", "A", "B"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["if_level"] == "sudden-death" and "tiebreaks" not in doc
    assert len(doc["sudden_death"]["games"]) == 4


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """The hand-made round robin of tests/test_profiles.py (its results and values there)."""
    from test_profiles import event_text

    path = tmp_path / "event.trf"
    path.write_text(event_text(), encoding="utf-8")
    return path


def _decided(capsys: pytest.CaptureFixture[str], event: Path, *argv: str) -> dict[str, object]:
    code = main(["playoff", "--from", str(event), "--if-level", "tiebreaks", "--tiebreaks",
                 "SB,DE", "--format", "json", *argv])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)["tiebreaks"]


def test_cli_direct_encounter_decides_after_equal_sb(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Aas and Berg: SB 6.25 each (by hand in test_profiles); Aas beat Berg: DE 1 to 0."""
    decided = _decided(capsys, event, "--players", "2,1", "--seed", "s")
    assert decided["ahead"] == "Aas, Per" and decided["by"] == "DE"
    assert decided["compared"] == [
        {"code": "SB", "first": 6.25, "second": 6.25},
        {"code": "DE", "first": 0, "second": 1},
    ]


def test_cli_level_on_every_tiebreak_goes_to_the_lot(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dahl and Eide: SB 3.25 each, their game drawn (DE ½ each): the lot, second-named ahead."""
    decided = _decided(capsys, event, "--players", "3,4", "--seed", "nsf-example-3")
    assert decided["ahead"] == "Eide, Lise" and decided["by"] == "lot"
    assert [c["first"] == c["second"] for c in decided["compared"]] == [True, True]
    decided = _decided(capsys, event, "--players", "4,3", "--seed", "nsf-example-3")
    assert decided["ahead"] == "Dahl, Kari"


def test_cli_players_not_level_on_points_are_refused(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Aas 2.5 and Dahl 1.5 are not tied: deciding their play-off by tie-breaks is exit 2."""
    code = main(["playoff", "--from", str(event), "--players", "1,3", "--if-level", "tiebreaks"])
    assert code == 2 and "not level on points" in capsys.readouterr().err


def test_a_profile_sets_the_playoff_rules_and_the_command_line_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """playoff_games = 4 and playoff_if_level = "tiebreaks"; --if-level sudden-death beats it."""
    profile = tmp_path / "p.toml"
    profile.write_text('playoff_games = 4\nplayoff_if_level = "tiebreaks"\n', encoding="utf-8")
    base = ["playoff", "--profile", str(profile), "--seed", "s", "--format", "json"]
    assert main([*base, "A", "B"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["games"]) == 4 and doc["if_level"] == "tiebreaks"
    assert doc["profile"] == str(profile)
    assert main([*base, "--if-level", "sudden-death", "A", "B"]) == 0
    assert json.loads(capsys.readouterr().out)["if_level"] == "sudden-death"
    assert main([*base, "A", "B", "C"]) == 0  # the profile's games are for two players only
    assert len(json.loads(capsys.readouterr().out)["players"]) == 3


# The Berger table for 4 players (C.05 Annex 1): round 1 1-4 2-3, round 2 4-3 1-2,
# round 3 2-4 3-1; a double round robin repeats it with the colours reversed.
TABLE_4 = [[[1, 4], [2, 3]], [[4, 3], [1, 2]], [[2, 4], [3, 1]]]


def _pairings(capsys: pytest.CaptureFixture[str], *options: str) -> list[list[list[int]]]:
    assert main(["playoff", "A", "B", "C", "D", "--seed", "1", "--format", "json", *options]) == 0
    return [r["pairings"] for r in json.loads(capsys.readouterr().out)["schedule"]["rounds"]]


def test_a_round_robin_play_off_takes_the_round_order(capsys: pytest.CaptureFixture[str]) -> None:
    """--round-order table keeps the table's rounds; the default swaps cycle 1's last two."""
    assert _pairings(capsys, "--round-order", "table")[:3] == TABLE_4
    assert _pairings(capsys)[:3] == [TABLE_4[0], TABLE_4[2], TABLE_4[1]]
    assert _pairings(capsys, "--single", "--round-order", "rotate-2") == [
        TABLE_4[1], TABLE_4[2], TABLE_4[0]
    ]


def test_a_single_round_robin_play_off_refuses_the_fide_swap(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The FIDE swap belongs to a double round robin: exit 2 with the reason."""
    argv = ["A", "B", "C", "--seed", "1", "--single", "--round-order", "fide-swap"]
    assert main(["playoff", *argv]) == 2
    assert "fide-swap" in capsys.readouterr().err

"""Play-off schedules (compute.playoff) and ``trfkit playoff``."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from trfkit.cli import main
from trfkit.compute.playoff import SuddenDeath, match, round_robin

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

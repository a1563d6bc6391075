"""Self-tests of the planting helper (tests/planting.py), checked by hand calculation."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import planting
import pytest

HAND = {
    1: [(2, "w", "1"), (3, "b", "="), (0, "-", "U")],
    2: [(1, "b", "0"), (0, "-", "U"), (3, "w", "+")],
    3: [(0, "-", "U"), (1, "w", "="), (2, "b", "-")],
}


def _ranked(event: planting.Event) -> planting.Event:
    return planting.with_ranks(event, planting.ranks_from_groups(planting.ranks_by_points(event)))


def test_hand_made_points_and_columns() -> None:
    """A 3-player, 3-round event: totals 2.5 / 2.0 / 1.5 and every field at its columns."""
    event = planting.event_from_rounds(HAND)
    assert {sr: p["points"] for sr, p in event.players.items()} == {
        1: Fraction(5, 2),
        2: Fraction(2),
        3: Fraction(3, 2),
    }
    assert event.points_after(1) == {1: 1, 2: 0, 3: 1}
    assert event.points_after(2) == {1: Fraction(3, 2), 2: 1, 3: Fraction(3, 2)}
    pieces = [
        ("001", 3), (" ", 1), ("   1", 4), (" ", 1), ("m", 1), ("   ", 3), (" ", 1),
        ("Player, Name0001".ljust(33), 33), (" ", 1), ("2700", 4), (" ", 1), ("NOR", 3),
        (" ", 1), ("   10000001", 11), (" ", 1), ("1990/01/01", 10), (" ", 1), (" 2.5", 4),
        (" ", 1), ("    ", 4), ("  ", 2), ("   2 w 1  ", 10), ("   3 b =  ", 10),
        ("0000 - U", 8),
    ]  # fmt: skip
    assert all(len(text) == width for text, width in pieces)
    expected = "".join(text for text, _ in pieces)
    line = event.text.splitlines()[event.line_of(1) - 1]
    assert line == expected
    assert line[80:84] == " 2.5" and line[91:99] == "   2 w 1"
    assert planting.columns_ok(event.text)
    assert event.text.endswith("\n") and "\r" not in event.text


def test_header_records() -> None:
    """Header values and the 132 dates at columns 92, 102, ... of a 3-round event."""
    event = planting.event_from_rounds(HAND)
    lines = event.text.splitlines()
    assert "042 2024/03/02" in lines and "052 2024/03/04" in lines
    assert "062 3" in lines and "072 3" in lines and "142 3" in lines and "152 W" in lines
    dates = next(line for line in lines if line.startswith("132"))
    assert dates[3:91].strip() == ""
    assert [dates[91:99], dates[101:109], dates[111:119]] == ["24/03/02", "24/03/03", "24/03/04"]


def test_games_reads_back_and_columns_fail_when_shifted() -> None:
    """games() reads the blocks written; columns_ok fails on a line shifted by one column."""
    event = planting.event_from_rounds(HAND)
    assert planting.games(event.text) == event.games()
    assert planting.games(event.text)[(3, 3)] == (2, "b", "-")
    lines = event.text.splitlines(keepends=True)
    i = event.line_of(2) - 1
    lines[i] = lines[i][:4] + "X" + lines[i][4:]
    with pytest.raises(AssertionError):
        planting.columns_ok("".join(lines))


def test_changed_spans_known_pair() -> None:
    """Runs of differing characters, ignoring trailing blanks and line endings."""
    before = "001 abcdef\r\nxyz\nsame\n"
    after = "001 aXcdYZ\nxyz   \nsame\nnew\n"
    assert planting.changed_spans(before, after) == [(1, 6, 6), (1, 9, 10), (4, 1, 3)]
    assert planting.changed_spans(before, before) == []


def test_swiss_is_consistent() -> None:
    """No rematches, both sides agree, one U bye per round with 9 players, totals written."""
    event = planting.swiss(9, 5, seed=4)
    assert planting.columns_ok(event.text)
    games = planting.games(event.text)
    assert games == event.games()
    for r in range(1, 6):
        byes = [sr for sr in range(1, 10) if games[(sr, r)] == (0, "-", "U")]
        assert len(byes) == 1
    for sr in range(1, 10):
        opponents = [games[(sr, r)][0] for r in range(1, 6) if games[(sr, r)][0]]
        assert len(opponents) == len(set(opponents))
        for r in range(1, 6):
            opponent, colour, result = games[(sr, r)]
            if opponent:
                back = games[(opponent, r)]
                assert back == (sr, "b" if colour == "w" else "w", planting.COMPLEMENT[result])
        assert event.players[sr]["written"] == event.players[sr]["points"]
    ratings = [event.players[sr]["rating"] for sr in range(1, 10)]
    assert ratings == sorted(ratings, reverse=True) and len(set(ratings)) == 9


def test_round_robin_meets_everybody() -> None:
    """A double round robin of 5: every pair meets twice, once with each colour."""
    event = planting.round_robin(5, seed=1, double=True)
    games = planting.games(event.text)
    assert event.rounds == 10 and games == event.games()
    meetings = Counter(
        (sr, opponent, colour) for (sr, _), (opponent, colour, _) in games.items() if opponent
    )
    for a in range(1, 6):
        for b in range(1, 6):
            if a != b:
                assert meetings[(a, b, "w")] + meetings[(a, b, "b")] == 2
                assert meetings[(a, b, "w")] == meetings[(b, a, "b")]
    assert sum(1 for block in games.values() if block == planting.BLANK_BLOCK) == 10


def test_round_added_without_points() -> None:
    """The points column holds the totals after 7 of the 8 rounds."""
    event = planting.round_added_without_points()
    after7 = event.points_after(7)
    differ = 0
    for sr, p in event.players.items():
        assert p["written"] == after7[sr]
        last = planting.result_points(p["rounds"][7][2])
        assert (p["written"] == p["points"]) == (last == 0)
        differ += p["written"] != p["points"]
    assert differ > 10 and len(event.players) == 51


def test_other_scoring_by_hand() -> None:
    """3-1-0 written totals equal 3 x (wins, forfeit wins, U) + draws, counted here."""
    event = planting.other_scoring("3-1-0")
    for p in event.players.values():
        codes = Counter(result for _, _, result in p["rounds"])
        assert p["written"] == 3 * (codes["1"] + codes["+"] + codes["U"]) + codes["="]
    half = planting.other_scoring("absent-half")
    absences = 0
    for p in half.players.values():
        blank = sum(1 for block in p["rounds"] if block == (0, "-", " "))
        absences += blank
        assert p["written"] == p["points"] + Fraction(blank, 2)
    assert absences >= 1


def test_rank_patterns() -> None:
    """Rank column = rating order (not start rank); shifted ranks are right order plus one."""
    event = planting.generator_rank_column()
    by_rating = sorted(event.players, key=lambda sr: -event.players[sr]["rating"])
    assert [event.players[sr]["rank"] for sr in by_rating] == list(range(1, 21))
    assert any(event.players[sr]["rank"] != sr for sr in event.players)
    shifted = planting.ranks_shifted()
    right = planting.ranks_from_groups(planting.ranks_by_points(shifted))
    assert {sr: p["rank"] for sr, p in shifted.players.items()} == {
        sr: r + 1 for sr, r in right.items()
    }


def test_same_date_form() -> None:
    """042/052 as DD.MM.YYYY and every 132 date as DD.MM.YY."""
    event = planting.same_date_form(rounds=3)
    lines = event.text.splitlines()
    assert "042 16.03.2024" in lines and "052 18.03.2024" in lines
    dates = next(line for line in lines if line.startswith("132"))
    assert [dates[91:99], dates[101:109], dates[111:119]] == ["16.03.24", "17.03.24", "18.03.24"]


PLANTERS = [
    ("points", lambda t, rng: planting.plant_points(t, rng, 3), "T001"),
    ("rank", lambda t, rng: planting.plant_rank(t, rng, 2), "T006"),
    ("count", planting.plant_count, None),
    ("colour-case", lambda t, rng: planting.plant_colour_case(t), "P007"),
    ("date-form", lambda t, rng: planting.plant_date_form(t), "E013"),
    ("bye-zero", planting.plant_bye_zero, "E019"),
    ("rounds", lambda t, rng: planting.plant_rounds(t), "E011"),
    ("one-sided", planting.plant_one_sided_result, "S003"),
    ("colour-clash", planting.plant_colour_clash, "S003"),
]


@pytest.mark.parametrize("crlf", [False, True])
@pytest.mark.parametrize(("name", "plant", "code"), PLANTERS, ids=[p[0] for p in PLANTERS])
def test_planting_changes_only_its_spans(name, plant, code, crlf) -> None:
    """Each planting changes only the fields it reports, keeps line endings and columns."""
    text = _ranked(planting.swiss(11, 5, seed=9)).text
    if crlf:
        text = planting.with_crlf(text)
    after, planted = plant(text, random.Random(1))
    assert planted and after != text
    assert planting.uncovered(text, after, planted) == []
    for p in planted:
        assert any(
            line == p.line and p.first_column <= first and last <= p.last_column
            for line, first, last in planting.changed_spans(text, after)
        )
        body = after.splitlines()[p.line - 1].ljust(p.last_column)
        assert body[p.first_column - 1 : p.last_column] == p.new
        assert code is None or p.code == code
    assert after.count("\r\n") == text.count("\r\n") and after.count("\n") == text.count("\n")
    assert planting.columns_ok(after)
    before_games, after_games = planting.games(text), planting.games(after)
    changed = [k for k in before_games if before_games[k] != after_games[k]]
    if planted[0].judgement:
        assert len(changed) == 1
    else:
        assert changed == []


def test_plantings_by_hand() -> None:
    """Known outcomes: 142 5 → 4, 152 W → w, 042 date rewritten, rank needs a filled column."""
    text = planting.swiss(11, 5, seed=9).text
    after, [p] = planting.plant_rounds(text)
    assert "142 4" in after.splitlines() and (p.old, p.new) == ("5", "4")
    after, [p] = planting.plant_colour_case(text)
    assert "152 w" in after.splitlines() and (p.line, p.first_column) == (12, 5)
    after, planted = planting.plant_date_form(text)
    assert "042 02.03.2024" in after.splitlines() and len(planted) == 2
    with pytest.raises(ValueError):
        planting.plant_rank(text, random.Random(0))


def test_helper_imports_nothing_from_trfkit() -> None:
    """planting.py is written from the specification: it never imports trfkit."""
    source = (Path(__file__).parent / "planting.py").read_text(encoding="utf-8")
    assert "import trfkit" not in source and "from trfkit" not in source

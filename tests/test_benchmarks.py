"""The benchmark's own parts: its inputs are valid reports and its reference reader is right.

Only small inputs are made here (the benchmark itself makes the large ones);
no time is measured.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

import trfkit
from trfkit.compute import recognition

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import fresh  # type: ignore[import-not-found,unused-ignore]  # noqa: E402
import generate  # type: ignore[import-not-found,unused-ignore]  # noqa: E402
import minimal  # type: ignore[import-not-found,unused-ignore]  # noqa: E402
import run  # type: ignore[import-not-found,unused-ignore]  # noqa: E402


def _problems(text: str) -> list[str]:
    """Errors but ranks (T006): the generator ranks by points, the benchmark rewrites them."""
    found = trfkit.check(text, ignore=["T006"])
    return [f"{d.code} {d.message}" for d in found if d.severity >= 2]


def test_the_berger_rounds_of_the_generator_are_the_published_table() -> None:
    """6 players: the FIDE table of fide-rules.md §1.2, round by round, White first."""
    published = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    assert [generate.berger_round(6, r) for r in range(1, 6)] == published


@pytest.mark.parametrize(("players", "double"), [(6, False), (7, False), (4, True), (5, True)])
def test_generated_round_robins_are_berger_tables(players: int, double: bool) -> None:
    """Single and double, odd and even: a Berger round robin with no error."""
    text = generate.round_robin(players, double=double)
    rr = recognition.recognise(trfkit.loads(text))
    assert rr is not None and rr.cycles == (2 if double else 1)
    assert _problems(text) == []


def test_a_generated_swiss_event_has_consistent_games_and_points() -> None:
    """40 players × 7 rounds: games agree on both sides, points add up, one bye per round."""
    text = generate.swiss(40, 7, seed=3)
    tournament = trfkit.loads(text)
    assert len(tournament.players) == 40
    assert all(len(p.rounds) == 7 for p in tournament.players)
    codes = {d.code for d in trfkit.check(text) if d.severity >= 2}
    assert not {c for c in codes if c[0] in "SPB"}  # structure, reading, schedule
    assert "T001" not in codes  # the points column adds up


def test_typical_files_vary_and_repeat() -> None:
    """The batch files differ from one another and the same index gives the same file."""
    assert generate.typical(5) == generate.typical(5)
    assert len({generate.typical(i) for i in range(6)}) == 6


def test_the_fixed_column_reader_reads_a_hand_written_line() -> None:
    """Every field of a 001 line, worked out from the TRF16 column table by hand."""
    line = (
        "001   12 wWGM Doe, Jane                         2251 NOR     1503014 1990/02/03"
        "  5.5    3     7 w 1  0000 - H     4 b =  "
    )
    header, players = minimal.read(("012 Open\n" + line + "\n").encode())
    assert header == {"012": ["Open"]}
    assert players == [
        (
            12,
            "w",
            "WGM",
            "Doe, Jane",
            2251,
            "NOR",
            "1503014",
            "1990/02/03",
            Fraction(11, 2),
            3,
            ((7, "white", "1"), (None, None, "H"), (4, "black", "=")),
        )
    ]


def test_a_fresh_variant_reads_as_the_input_with_new_text_on_every_player_line() -> None:
    """Same players and rounds for trfkit and the fixed-column reader; every 001 line differs.

    The variant also differs from another variant on every player line, keeps every
    other line and every field but the name and the rating, and finds what the input finds.
    """
    text = run._fill_ranks(generate.swiss(24, 5, seed=2))
    data = text.encode()
    first, second = fresh.variant(data, 1), fresh.variant(data, 2)
    for version in (data, first, second):
        players = trfkit.loads(version.decode()).players
        assert (len(players), max(len(p.rounds) for p in players)) == (24, 5)
        assert fresh.shape("minimal", minimal.read(version)) == (24, 5)
    lines, ones, twos = (v.decode().splitlines() for v in (data, first, second))
    assert len(lines) == len(ones) == len(twos)
    for line, one, two in zip(lines, ones, twos, strict=True):
        if line.startswith("001"):
            assert line != one and one != two and len(one) == len(line)
            assert (line[:14], line[52:]) == (one[:14], one[52:])
            assert one[14:47].rstrip().endswith(" v1")
            assert int(one[48:52]) == int(line[48:52]) + 2
        else:
            assert line == one == two
    codes = {d.code for d in trfkit.check(text)}
    assert {d.code for d in trfkit.check(first.decode())} == codes


def test_a_fresh_variant_keeps_the_encoding_and_line_endings() -> None:
    """A Latin-1 file with CRLF endings stays Latin-1 with CRLF, names cut to fit."""
    name = "Ødegård-Sæther, Åse Bjørg Kristin"  # 33 characters: the whole field
    line = f"001    1 m    {name:<33s} 2100 NOR     1503014 1990/02/03  1.0    1     2 w 1"
    data = ("012 Open\r\n" + line + "\r\n").encode("latin-1")
    out = fresh.variant(data, 7).decode("latin-1")
    assert out.endswith("\r\n") and out.count("\r\n") == 2
    read = out.splitlines()[1]
    assert len(read) == len(line) and read[14:47] == "Ødegård-Sæther, Åse Bjørg Kris v7"
    assert read[48:52] == "2108" and read[52:] == line[52:]

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

import generate  # type: ignore[import-not-found,unused-ignore]  # noqa: E402
import minimal  # type: ignore[import-not-found,unused-ignore]  # noqa: E402


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

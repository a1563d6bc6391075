"""What a conversion changes of what a report means: found by reading the output back.

Every expected value is worked out by hand next to its file. The property at the end
converts every bundled and corpus file each way and holds the changes to what the target
cannot carry.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import conventions as events
import pytest
from locations import CORPUS_FILES, FIXTURES

import trfkit
from trfkit import formats as cv
from trfkit.cli import main
from trfkit.formats import Action
from trfkit.meaning import changes, meaning_of
from trfkit.trf.reader import parse


def _player(rank: int, name: str, points: str, rounds: str) -> str:
    """A 001 line: start rank 5-8, name 15-47, points 81-84, blocks from 92."""
    return (f"001 {rank:>4}      {name:<33}".ljust(80) + points.rjust(4)).ljust(91) + rounds


# Two players, one round: 1 beats 2 (1.0 and 0.0); a TRF-2026 299 gives player 2 a bonus
# of 2.0 (299: kind blank, 2.0 in 14-17, ids from 24), so the points are 1.0 and 2.0 and
# player 2 ranks first. TRF16 has no 299: converted, player 2's results give 0.0, the
# points column still says 2.0 (T001), and player 1 ranks first.
BONUS = "\n".join(
    [
        "012 Bonus",
        "142 1",
        "299           2.0         2",
        _player(1, "Alpha", "1.0", "   2 w 1"),
        _player(2, "Beta", "2.0", "   1 b 0"),
        "",
    ]
)


def _converted_changes(text: str, convert: object, *, canonical: bool = False) -> list[str]:
    result = parse(text.encode())
    out = cv.render_trf(convert(result.tournament), canonical=canonical).text  # type: ignore[operator]
    again = parse(out.encode())
    before = meaning_of(result.tournament, result.diagnostics)
    after = meaning_of(again.tournament, again.diagnostics, like=before)
    return [c.message for c in changes(before, after)]


def test_a_299_lost_in_trf16_is_a_change_of_points_ranks_and_errors() -> None:
    """BONUS to TRF16: player 2's PTS 2.0 -> 0.0, the ranks swap, one T001 appears."""
    found = _converted_changes(BONUS, cv.to_trf16)
    assert "player 2 (Beta): PTS 2.0 in the original, 0.0 converted" in found
    assert "player 1 (Alpha): rank 2 in the original, 1 converted" in found
    assert "player 2 (Beta): rank 1 in the original, 2 converted" in found
    assert "T001: 1 more error" in found


def test_a_conversion_that_keeps_the_meaning_changes_nothing() -> None:
    """BONUS to TRF-2026 and canonical: the 299 stays, nothing reads differently."""
    assert _converted_changes(BONUS, cv.to_trf26) == []
    assert _converted_changes(BONUS, lambda t: t) == []


def test_strict_refuses_a_conversion_that_changes_the_meaning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--strict: exit 2 and nothing written; without it, written and the changes on stderr."""
    source = tmp_path / "bonus.trf"
    source.write_text(BONUS, encoding="utf-8")
    refused, written = tmp_path / "refused.trf", tmp_path / "written.trf"
    assert main(["convert", str(source), "--to", "trf16", "-o", str(refused), "--strict"]) == 2
    assert not refused.exists()
    assert "not written (--strict)" in capsys.readouterr().err
    assert main(["convert", str(source), "--to", "trf16", "-o", str(written)]) == 0
    err = capsys.readouterr().err
    assert written.exists() and "converted, player 2 (Beta): PTS 2.0" in err
    assert main(["convert", str(source), "--to", "trf16", "-o", str(written), "--format",
                 "json"]) == 0  # fmt: skip
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert "T001: 1 more error" in report["changes"]


def test_the_tiebreak_list_lost_is_one_change() -> None:
    """A 202 list to TRF16 (which has none): one change, the values compared under it."""
    text = BONUS.replace("299           2.0         2\n", "202 SB\n")
    text = text.replace("2.0          1 b 0", "0.0          1 b 0")  # Beta: the loss alone
    found = _converted_changes(text, cv.to_trf16)
    assert found == ["the declared tie-break list is none (a reader applies its default), not SB"]


# --- the property: every file, each conversion ------------------------------------------------

FILES = sorted((FIXTURES / "real").glob("*.trf")) + CORPUS_FILES
CARRIED = {"canonical": lambda t: t, "trf26": cv.to_trf26}


def _json_round_trip(tournament: trfkit.Tournament) -> trfkit.Tournament:
    from trfkit.formats.jsonform import dumps, loads

    return loads(dumps(tournament))


# Three players, two rounds: 1 beats 2, then 1 draws 3; player 2 sits out round 2 and the
# exporter wrote that block "     -    " (no opponent, colour '-', no result) at the end of
# the line. Points by hand: 1.5, 0.0, 0.5; ranks 1, 3, 2. The block means "absent, no points"
# and must stay a block: left out at the end of the line it would be a round not played yet.
ABSENT_LAST = "\n".join(
    [
        "012 Absent last",
        "XXR 2",
        # 001, start rank 5-8, name 15-47, points 81-84, rank 86-89, blocks of 10 from 92
        "001    1      Alpha".ljust(80) + " 1.5    1     2 w 1     3 b =",
        "001    2      Beta".ljust(80) + " 0.0    3     1 b 0       -    ",
        "001    3      Gamma".ljust(80) + " 0.5    2  0000 -       1 w =",
        "",
    ]
)


@pytest.mark.parametrize("canonical", [True, False], ids=["canonical", "as-written"])
@pytest.mark.parametrize("target", ["trf", "trf26", "trf16"])
def test_a_dash_block_at_the_end_of_a_line_keeps_its_meaning(target: str, canonical: bool) -> None:
    """'     -    ' last on a line stays an absence (0000 - canonical); nothing else changes."""
    convert = {"trf": lambda t: t, "trf26": cv.to_trf26, "trf16": cv.to_trf16}[target]
    assert _converted_changes(ABSENT_LAST, convert, canonical=canonical) == []
    result = parse(ABSENT_LAST.encode())
    out = cv.render_trf(convert(result.tournament), canonical=canonical).text.splitlines()
    beta = next(line for line in out if line.startswith("001    2"))
    assert beta[101:107] == ("0000 -" if canonical else "     -")


def _assert_kept(data: bytes, label: str) -> None:
    """Canonical, TRF-2026 and JSON change nothing *data* means; TRF16 only what it drops.

    TRF16 drops what it has no line for (299, 202/212, the team records); a change must
    come with such a record dropped.
    """
    result = parse(data)
    if result.fatal is not None:
        pytest.skip("not read")
    before = meaning_of(result.tournament, result.diagnostics)
    for name, convert in [*CARRIED.items(), ("json", _json_round_trip)]:
        for canonical in (True, False):
            out = cv.render_trf(convert(result.tournament), canonical=canonical).text  # type: ignore[operator]
            again = parse(out.encode())
            after = meaning_of(again.tournament, again.diagnostics, like=before)
            assert [c.message for c in changes(before, after)] == [], (label, name, canonical)
    conversion = cv.to_trf16(result.tournament)
    again = parse(cv.render_trf(conversion, canonical=True).text.encode())
    found = list(changes(before, meaning_of(again.tournament, again.diagnostics, like=before)))
    if found:
        dropped = {a.record for a in conversion.adjustments if a.action is Action.DROPPED}
        assert dropped & {"299", "202", "212", "320", "330", "240", "352", "362", "300", "801",
                          "802", "192"}, (label, [c.message for c in found])  # fmt: skip


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_conversions_keep_what_a_file_means(path: Path) -> None:
    """Every bundled and corpus file: each conversion keeps its meaning or lists the loss."""
    _assert_kept(path.read_bytes(), path.name)


GENERATED = [
    pytest.param(event, convention, id=f"{event.label}|{convention.name}")
    for event in events.catalogue(2026)
    for convention in events.CONVENTIONS
    if convention.applies(event)
]
"""Each generated event (tests/conventions.py) written in each exporter convention."""


@pytest.mark.parametrize("event, convention", GENERATED[::4])
def test_conversions_keep_what_a_generated_event_means(
    event: events.Event, convention: events.Convention
) -> None:
    """A generated event in one exporter's convention: each conversion keeps its meaning."""
    _assert_kept(events.render(event, [convention]).data, f"{event.label}|{convention.name}")


@pytest.mark.slow
@pytest.mark.parametrize("event, convention", [c for i, c in enumerate(GENERATED) if i % 4])
def test_conversions_keep_what_every_generated_event_means(
    event: events.Event, convention: events.Convention
) -> None:
    """The other three quarters of the generated events and conventions (slow)."""
    _assert_kept(events.render(event, [convention]).data, f"{event.label}|{convention.name}")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_conversions_keep_what_random_events_mean(seed: int) -> None:
    """A random event written in a random mix of conventions keeps its meaning (slow)."""
    event = events.random_event(seed)
    chosen = events.random_conventions(random.Random(seed), event)
    _assert_kept(events.render(event, chosen).data, f"seed {seed}")


def test_the_property_can_fail() -> None:
    """A converter that dropped every 299 without a word would be caught: BONUS changes."""
    result = parse(BONUS.encode())
    before = meaning_of(result.tournament, result.diagnostics)
    text = BONUS.replace("299           2.0         2\n", "")
    again = parse(text.encode())
    assert list(changes(before, meaning_of(again.tournament, again.diagnostics, like=before)))
    assert Fraction(2) in before.values.values()

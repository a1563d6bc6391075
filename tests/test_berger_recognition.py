"""Recognising a round robin: Swiss events are ruled out early, the rest is unchanged."""

from __future__ import annotations

import sys
from pathlib import Path

from trfkit.api import loads
from trfkit.compute import recognition
from trfkit.compute.regime import Regime, decide

SCHEDULE = Path(__file__).resolve().parent.parent / "fixtures" / "schedule"
sys.path.insert(0, str(Path(__file__).resolve().parent))
import rr_generator  # noqa: E402


def _without(text: str, code: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(code))


def test_a_complete_schedule_without_a_type_is_a_round_robin_by_structure() -> None:
    """valid_6_single.trf without its 092 record: every pair meets once, so a round robin."""
    text = _without((SCHEDULE / "valid_6_single.trf").read_text(encoding="utf-8"), "092")
    rr = recognition.recognise(loads(text))
    assert rr is not None and rr.source.value == "structure"
    assert (rr.players, rr.cycles, rr.rounds) == (6, 1, 5)


def test_a_file_that_says_swiss_is_never_a_round_robin_by_structure() -> None:
    """The same complete schedule with 092 "Swiss-System" is not read as a round robin."""
    text = _without((SCHEDULE / "valid_6_single.trf").read_text(encoding="utf-8"), "092")
    assert recognition.recognise(loads("092 Individual: Swiss-System\n" + text)) is None


def _first_rounds(text: str, rounds: int) -> str:
    """*text* without 092 and XXR, its player lines cut after *rounds* round blocks."""
    return "".join(
        line[: 91 + 10 * rounds].rstrip() + "\n" if line.startswith("001") else line
        for line in _without(_without(text, "092"), "XXR").splitlines(keepends=True)
    )


def test_an_unfinished_schedule_on_the_berger_table_is_a_round_robin() -> None:
    """Three of six players' five rounds, no 092, no XXR: the games follow the table."""
    cut = _first_rounds((SCHEDULE / "valid_6_single.trf").read_text(encoding="utf-8"), 3)
    rr = recognition.recognise(loads(cut))
    assert rr is not None and rr.source.value == "structure" and rr.observed.rounds == 3
    forced = recognition.recognise(loads(cut), decide(loads(cut), Regime.ROUND_ROBIN))
    assert forced is not None and forced.source.value == "option"


def test_an_unfinished_schedule_off_the_table_is_no_round_robin() -> None:
    """The same three rounds with start ranks 1 and 2 exchanged leave the table: Swiss."""
    swapped = rr_generator.RoundRobinFile.berger(
        6, numbering=rr_generator.swap_numbers(6, [(1, 2)]), header092=None
    )
    cut = _first_rounds(swapped.text(), 3)
    assert recognition.recognise(loads(cut)) is None
    assert decide(loads(cut)).regime is Regime.SWISS


def test_meetings_are_grouped_by_round_once() -> None:
    """``by_round()``: five rounds of three games for six players, the same tuple each call."""
    rr = recognition.recognise(loads((SCHEDULE / "valid_6_single.trf").read_bytes()))
    assert rr is not None
    rounds = rr.observed.by_round()
    assert [len(games) for games in rounds] == [3, 3, 3, 3, 3]
    assert all(m.round == number for number, ms in enumerate(rounds, 1) for m in ms)
    assert rr.observed.by_round() is rounds

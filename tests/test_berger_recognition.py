"""Recognising a round robin: Swiss events are ruled out early, the rest is unchanged."""

from __future__ import annotations

from pathlib import Path

from trfkit.api import loads
from trfkit.compute import berger

SCHEDULE = Path(__file__).resolve().parent.parent / "fixtures" / "schedule"


def _without(text: str, code: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(code))


def test_a_complete_schedule_without_a_type_is_a_round_robin_by_structure() -> None:
    """valid_6_single.trf without its 092 record: every pair meets once, so a round robin."""
    text = _without((SCHEDULE / "valid_6_single.trf").read_text(encoding="utf-8"), "092")
    rr = berger.recognise(loads(text))
    assert rr is not None and rr.source == "structure"
    assert (rr.players, rr.cycles, rr.rounds) == (6, 1, 5)


def test_a_file_that_says_swiss_is_never_a_round_robin_by_structure() -> None:
    """The same complete schedule with 092 "Swiss-System" is not read as a round robin."""
    text = _without((SCHEDULE / "valid_6_single.trf").read_text(encoding="utf-8"), "092")
    assert berger.recognise(loads("092 Individual: Swiss-System\n" + text)) is None


def test_too_few_rounds_for_everybody_to_meet_is_no_round_robin() -> None:
    """Six players need five rounds; the first three rounds of the table are not enough."""
    text = _without((SCHEDULE / "valid_6_single.trf").read_text(encoding="utf-8"), "092")
    cut = "".join(
        line[: 91 + 30].rstrip() + "\n" if line.startswith("001") else line
        for line in _without(text, "XXR").splitlines(keepends=True)
    )
    assert berger.recognise(loads(cut)) is None
    forced = berger.recognise(loads(cut), force=True)
    assert forced is not None and forced.source == "option" and forced.observed.rounds == 3


def test_meetings_are_grouped_by_round_once() -> None:
    """``by_round()``: five rounds of three games for six players, the same tuple each call."""
    rr = berger.recognise(loads((SCHEDULE / "valid_6_single.trf").read_bytes()))
    assert rr is not None
    rounds = rr.observed.by_round()
    assert [len(games) for games in rounds] == [3, 3, 3, 3, 3]
    assert all(m.round == number for number, ms in enumerate(rounds, 1) for m in ms)
    assert rr.observed.by_round() is rounds

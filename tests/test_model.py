"""The model's look-ups: records by class, in file order."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest

import trfkit
from trfkit.errors import ModelError, TrfError
from trfkit.model import (
    AbnormalPoints,
    Colour,
    ForfeitedMatch,
    Player,
    Result,
    RoundCount,
    RoundResult,
    Scoring,
    Team,
    TextRecord,
    Tournament,
)


@attrs.frozen
class _Remark(TextRecord):
    """A subclass of a record class, as a program built on trfkit might define one."""


def _tournament() -> Tournament:
    return Tournament(
        (
            TextRecord("012", "Club Open"),
            RoundCount("142", 5),
            _Remark("###", "first remark"),
            TextRecord("022", "Oslo"),
            _Remark("###", "second remark"),
        )
    )


def test_of_type_gives_one_class_in_file_order() -> None:
    """The records of a class with no subclass present come in file order, nothing else."""
    t = _tournament()
    assert [r.value for r in t.of_type(_Remark)] == ["first remark", "second remark"]
    assert [r.rounds for r in t.of_type(RoundCount)] == [5]


def test_of_type_includes_subclasses_in_file_order() -> None:
    """A base class takes its subclasses' records too, interleaved as the file has them."""
    t = _tournament()
    values = [r.value for r in t.of_type(TextRecord)]
    assert values == ["Club Open", "first remark", "Oslo", "second remark"]


def test_of_type_of_an_absent_class_is_empty() -> None:
    """A class without records gives nothing, asked once or twice (the answer is kept)."""
    t = _tournament()
    assert list(t.of_type(Scoring)) == []
    assert list(t.of_type(Player)) == []
    assert list(t.of_type(Scoring)) == []


def test_of_type_asked_again_gives_the_same_records() -> None:
    """A second question about the same class gives the same records (the same objects)."""
    t = _tournament()
    first = list(t.of_type(TextRecord))
    second = list(t.of_type(TextRecord))
    assert len(first) == 4
    assert all(a is b for a, b in zip(first, second, strict=True))


def test_players_by_rank_keeps_the_first_record_of_a_repeated_rank() -> None:
    """Ranks map to their first record, in file order; a later record of a rank is not kept."""
    first, other, again = (Player(rank, name) for rank, name in ((3, "A"), (1, "B"), (3, "C")))
    t = Tournament((first, other, again))
    assert list(t.players_by_rank.items()) == [(3, first), (1, other)]
    unique = Tournament((first, other))
    assert list(unique.players_by_rank.items()) == [(3, first), (1, other)]


# --- the model guards itself --------------------------------------------------------------


@pytest.mark.parametrize(
    "build",
    [
        lambda: Player(-5),
        lambda: Player(0),
        lambda: Player(True),
        lambda: Player(1, rating=-1),
        lambda: Player(1, points=1.5),  # a float: scores are exact
        lambda: Player(1, rounds=(RoundResult(2, None, Colour.NONE, None),)),
        lambda: Player(1, rounds=((1, None, "-", None),)),
        lambda: RoundResult(0, None, Colour.NONE, None),
        lambda: RoundResult(1, 0, Colour.WHITE, Result.WIN),
        lambda: RoundResult(1, 3, "w", Result.WIN),
        lambda: RoundResult(1, 3, Colour.WHITE, "1"),
        lambda: Team("310", "T", members=(1, -2)),  # 0 is an empty place, as files write it
        lambda: ForfeitedMatch("+-", -1, 1, 2),
        lambda: AbnormalPoints("", None, 0.5, 1),
    ],
)
def test_a_model_built_in_code_refuses_values_no_file_can_hold(build: Callable[[], object]) -> None:
    """A start rank of -5, an opponent 0, a colour given as text: ModelError, a TrfError."""
    with pytest.raises(ModelError) as info:
        build()
    assert isinstance(info.value, TrfError)


def test_a_model_built_in_code_takes_the_values_a_file_holds() -> None:
    """Start rank 1, byes without an opponent, rank 0 (not ranked), blocks numbered in order."""
    blocks = (
        RoundResult(1, None, Colour.NONE, Result.HALF_BYE),
        RoundResult(2, 7, Colour.BLACK, Result.WIN),
    )
    player = Player(1, rank=0, points=Fraction(3, 2), rounds=blocks)
    assert player.round(2) == blocks[1]


def test_the_reader_reports_values_the_model_refuses() -> None:
    """A start rank 0 or -7 and an opponent -1 are located findings, never a ModelError."""
    text = "012 X\n001    0\n001   -7\n" + "001    1".ljust(91) + "  -1 b 1\n"
    result = trfkit.parse(text)
    codes = [(d.code, d.line) for d in result.diagnostics]
    assert ("P005", 2) in codes
    assert ("P005", 3) in codes
    assert ("P006", 4) in codes
    assert [p.start_rank for p in result.tournament.players] == [1]

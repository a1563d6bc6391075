"""The model's look-ups: records by class, in file order."""

from __future__ import annotations

import attrs

from trfkit.model import Player, RoundCount, Scoring, TextRecord, Tournament


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

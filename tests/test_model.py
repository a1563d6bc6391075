"""The model: its look-ups, the rules it keeps, its edits and how its enums print."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest

import trfkit
from trfkit.errors import ArgumentTypeError, EditError, ModelError, TrfError, WriteError
from trfkit.model import (
    AbnormalPoints,
    Colour,
    FileFormat,
    ForfeitedMatch,
    Player,
    RawRecord,
    Result,
    RoundCount,
    RoundResult,
    Scoring,
    Sex,
    Team,
    TextRecord,
    Title,
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


def test_players_by_start_rank_keeps_the_first_record_of_a_repeated_rank() -> None:
    """Ranks map to their first record, in file order; a later record of a rank is not kept."""
    first, other, again = (Player(rank, name) for rank, name in ((3, "A"), (1, "B"), (3, "C")))
    t = Tournament((first, other, again))
    assert list(t.players_by_start_rank.items()) == [(3, first), (1, other)]
    unique = Tournament((first, other))
    assert list(unique.players_by_start_rank.items()) == [(3, first), (1, other)]


def test_players_by_start_rank_is_keyed_by_start_rank_not_by_the_rank_column() -> None:
    """Start rank 1 finished 2nd: it is key 1; the old name players_by_rank is the same dict."""
    ann, bob = Player(1, "Ann", rank=2), Player(2, "Bob", rank=1)
    t = Tournament((ann, bob))
    assert t.players_by_start_rank == {1: ann, 2: bob}
    assert t.players_by_rank is t.players_by_start_rank
    assert t.player(2) is bob


def test_player_of_an_unknown_start_rank_is_an_edit_error() -> None:
    """t.player(9) in a file of start ranks 1 and 2: EditError (a TrfError) saying so."""
    t = Tournament((Player(1), Player(2)))
    with pytest.raises(
        EditError, match=r"^no player has start rank 9 \(the start ranks are 1 to 2\)$"
    ):
        t.player(9)
    with pytest.raises(TrfError, match="no player has start rank '1'"):
        t.player("1")  # type: ignore[arg-type]
    with pytest.raises(EditError, match=r"start rank 1 \(no player\)"):
        Tournament().player(1)


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
        lambda: RoundResult(1, 10000, Colour.WHITE, Result.WIN),  # four columns end at 9999
        lambda: Player(1, name="Alpha\n012 Hijack"),  # a line break would start a record
        lambda: Player(1, federation="GER\r"),
        lambda: Player(1, appended=("12.5\n",)),
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


# --- edits: new values through the constructors -------------------------------------------

WHITE, BLACK, NONE = Colour.WHITE, Colour.BLACK, Colour.NONE


def _event() -> Tournament:
    """Ann (1) beat Bob (2) with White in round 1; Cid (3) had a half-point bye."""
    return Tournament(
        (
            TextRecord("012", "Club Open"),
            Player(1, "Ann", points=Fraction(1), rounds=(RoundResult(1, 2, WHITE, Result.WIN),)),
            Player(2, "Bob", points=Fraction(0), rounds=(RoundResult(1, 1, BLACK, Result.LOSS),)),
            Player(3, "Cid", rounds=(RoundResult(1, None, NONE, Result.HALF_BYE),)),
        )
    )


def test_with_points_takes_exact_numbers() -> None:
    """A Fraction, a whole number, '2.5', ' 5/2 ' and None; the other fields stay."""
    ann = Player(1, "Ann", rating=2100)
    assert ann.with_points(Fraction(5, 2)).points == Fraction(5, 2)
    assert ann.with_points(3).points == Fraction(3)
    assert ann.with_points("2.5").points == Fraction(5, 2)
    assert ann.with_points(" 5/2 ").points == Fraction(5, 2)
    assert ann.with_points("2.5").with_points(None).points is None
    assert ann.with_points("1") == Player(1, "Ann", rating=2100, points=Fraction(1))


@pytest.mark.parametrize("value", [2.5, True, "five", "1/0", b"2"])
def test_with_points_refuses_what_is_no_exact_number(value: object) -> None:
    """A float, a bool, a word, a division by zero, bytes: ModelError, naming exact points."""
    with pytest.raises(ModelError, match="exact points"):
        Player(1).with_points(value)  # type: ignore[arg-type]


def test_with_result_makes_both_sides_of_the_game() -> None:
    """Round 1 becomes a draw: Ann '2 w =', Bob '1 b ='; Cid and the points stay as they were."""
    t = _event().with_result(1, 1, "=")
    assert t.player(1).rounds == (RoundResult(1, 2, WHITE, Result.DRAW),)
    assert t.player(2).rounds == (RoundResult(1, 1, BLACK, Result.DRAW),)
    assert t.player(3) == _event().player(3)
    assert (t.player(1).points, t.player(2).points) == (Fraction(1), Fraction(0))


def test_with_result_from_the_other_side_gives_the_complement() -> None:
    """Bob's round 1 a forfeit win: Bob '1 b +', and Ann '2 w -' (forfeit loss, white)."""
    t = _event().with_result(2, 1, Result.FORFEIT_WIN)
    assert t.player(2).round(1) == RoundResult(1, 1, BLACK, Result.FORFEIT_WIN)
    assert t.player(1).round(1) == RoundResult(1, 2, WHITE, Result.FORFEIT_LOSS)


def test_with_result_pairs_a_new_game() -> None:
    """Round 2: Ann loses to Cid with Black; Cid gets '1 w 1'; Bob's line has no round 2."""
    t = _event().with_result(1, 2, "0", opponent=3, colour="b")
    assert t.player(1).round(2) == RoundResult(2, 3, BLACK, Result.LOSS)
    assert t.player(3).round(2) == RoundResult(2, 1, WHITE, Result.WIN)
    assert t.player(2).round(2) is None


def test_with_result_reads_words_and_any_case() -> None:
    """'forfeit win' and 'WHITE' as words, 'w' as a result code (an unrated win)."""
    t = _event().with_result(3, 2, "forfeit win", opponent=2, colour="WHITE")
    assert t.player(3).round(2) == RoundResult(2, 2, WHITE, Result.FORFEIT_WIN)
    assert t.player(2).round(2) == RoundResult(2, 3, BLACK, Result.FORFEIT_LOSS)
    assert _event().with_result(1, 1, "w").player(2).round(1) == RoundResult(
        1, 1, BLACK, Result.LOSS_UNRATED
    )


def test_with_result_adds_empty_blocks_before_a_later_round() -> None:
    """Bob's round 3 a full-point bye: round 2 becomes an empty block (not paired)."""
    t = _event().with_result(2, 3, "F")
    assert t.player(2).rounds[1:] == (
        RoundResult(2, None, NONE, None),
        RoundResult(3, None, NONE, Result.FULL_BYE),
    )


def test_with_result_on_one_side_only() -> None:
    """both_sides=False: Ann's block becomes a loss; Bob's still says he lost."""
    t = _event().with_result(1, 1, "0", both_sides=False)
    assert t.player(1).round(1) == RoundResult(1, 2, WHITE, Result.LOSS)
    assert t.player(2).round(1) == RoundResult(1, 1, BLACK, Result.LOSS)


def test_an_edit_keeps_the_records_in_their_places() -> None:
    """The 012 stays first and the players keep their order; the original is unchanged."""
    before = _event()
    t = before.with_result(1, 1, "=").with_player(Player(3, "Cy"))
    assert [type(r).__name__ for r in t.records] == ["TextRecord", "Player", "Player", "Player"]
    assert [p.name for p in t.players] == ["Ann", "Bob", "Cy"]
    assert before.player(1).round(1) == RoundResult(1, 2, WHITE, Result.WIN)


EDIT, MODEL = EditError, ModelError


@pytest.mark.parametrize(
    ("edit", "error", "message"),
    [
        (
            lambda t: t.with_result(9, 1, "1"),
            EDIT,
            "no player has start rank 9 (the start ranks are 1 to 3)",
        ),
        (
            lambda t: t.with_result(3, 1, "H", opponent=2),
            EDIT,
            "a half-point bye has no opponent, not 2",
        ),
        (lambda t: t.with_result(3, 1, "H", colour="w"), EDIT, "a half-point bye has no colour"),
        (lambda t: t.with_result(3, 1, "1"), EDIT, "a win needs an opponent"),
        (lambda t: t.with_result(1, 1, "1", opponent=1), EDIT, "cannot be their own opponent"),
        (lambda t: t.with_result(1, 1, "1", opponent=7), EDIT, "no player has start rank 7"),
        (lambda t: t.with_result(1, 2, "1", opponent=3), EDIT, "a game needs a colour"),
        (lambda t: t.with_result(1, 1, "1", opponent=3), EDIT, "player 2 is paired with player 1"),
        (lambda t: t.with_result(1, 1, "H"), EDIT, "player 2 is paired with player 1"),
        (
            lambda t: t.with_result(3, 1, "1", opponent=1, colour="w"),
            EDIT,
            "player 1 is paired with player 2",
        ),
        (lambda t: t.with_result(1, 1, "Q"), MODEL, "result must be a Result or one of '1', '='"),
        (lambda t: t.with_result(1, 0, "1"), MODEL, "round must be a whole number of at least 1"),
        (lambda t: t.with_result(1, 1, "1", colour="green"), MODEL, "colour must be a Colour"),
        (lambda t: t.with_result(1, 1, "1", opponent="2"), MODEL, "opponent must be a start rank"),
        (
            lambda t: t.with_result(3, 2, "H").with_result(1, 2, "1", opponent=3, colour="w"),
            EDIT,
            "round 2: player 3 has a half-point bye there, not a game with player 1; edit both "
            "lines with both_sides=False",
        ),
        (
            lambda t: t.with_result(1, 1, "1", opponent=10000, colour="w", both_sides=False),
            EDIT,
            "no player has start rank 10000 (the opponent)",
        ),
        (
            lambda t: t.with_result(1, 100, "H"),
            EDIT,
            "round 100: a player line holds at most 99 rounds",
        ),
        (
            lambda t: t.player(1).with_round(RoundResult(10000, None, NONE, None)),
            EDIT,
            "round 10000: a player line holds at most 99 rounds",
        ),
        (lambda t: t.player(1).with_points("1/3"), EDIT, "points 1/3 have no decimal form"),
        (lambda t: t.player(1).with_points(Fraction(1, 128)), EDIT, "at most 6 decimals"),
        (lambda t: t.with_player("Ann"), MODEL, "with_player takes a Player"),
        (lambda t: t.player(1).with_round((1, 2, "w", "1")), MODEL, "takes a RoundResult"),
    ],
)
def test_an_edit_refuses_what_would_leave_the_model_wrong(
    edit: Callable[[Tournament], object], error: type[ModelError], message: str
) -> None:
    """A game another line contradicts is an EditError, a result 'Q' a ModelError; both say why."""
    with pytest.raises(ModelError) as info:
        edit(_event())
    assert type(info.value) is error
    assert message in str(info.value)


def test_with_player_replaces_the_player_of_its_start_rank_keeping_its_line() -> None:
    """Bob (line 3) becomes Bea: same place, same source; an unknown start rank is refused."""
    t = trfkit.loads("012 Open\n001    1      Ann\n001    2      Bob\n")
    bea = t.with_player(Player(2, "Bea"))
    assert [p.name for p in bea.players] == ["Ann", "Bea"]
    assert bea.player(2).source is t.player(2).source
    assert bea.player(2).line == 3
    with pytest.raises(EditError, match="no player has start rank 5"):
        t.with_player(Player(5, "Eve"))


DUPLICATE = (
    "012 Open\n"
    "001    1      Ann\n"
    "001    3      Cid\n"
    "001    3      Dora\n"
)


def test_with_player_replaces_the_line_its_player_was_read_from_where_a_rank_repeats() -> None:
    """Dora (line 4, start rank 3 as Cid on line 3) renamed: line 4 changes, Cid stays."""
    t = trfkit.loads(DUPLICATE)
    dora = t.players[2]
    edited = t.with_player(attrs.evolve(dora, name="Dorothea"))
    assert [p.name for p in edited.players] == ["Ann", "Cid", "Dorothea"]
    assert trfkit.dumps(edited) == (
        "012 Open\n001    1      Ann\n001    3      Cid\n001    3      Dorothea\n"
    )


def test_a_repeated_start_rank_names_no_one_player() -> None:
    """player(3) and with_player(Player(3)) with start rank 3 on lines 3 and 4: EditError."""
    t = trfkit.loads(DUPLICATE)
    with pytest.raises(
        EditError, match=r"^start rank 3 is held by the players of lines 3 and 4, and which one"
    ):
        t.player(3)
    with pytest.raises(EditError, match="lines 3 and 4, and the player was read from none"):
        t.with_player(Player(3, "Eve"))
    with pytest.raises(EditError, match="lines 3 and 4"):
        t.with_result(3, 1, "H")
    assert t.player(1).name == "Ann"


def test_with_player_renumbers_only_to_a_free_start_rank_that_fits() -> None:
    """Ann read as 1 becomes 2 on her line; 3 is Cid's and 10000 needs five columns: refused."""
    t = trfkit.loads("012 Open\n001    1      Ann\n001    3      Cid\n")
    ann = t.player(1)
    assert trfkit.dumps(t.with_player(attrs.evolve(ann, start_rank=2))).splitlines()[1] == (
        "001    2      Ann"
    )
    with pytest.raises(EditError, match="start rank 3 is already held by the player of line 3"):
        t.with_player(attrs.evolve(ann, start_rank=3))
    with pytest.raises(EditError, match="start rank 10000 does not fit its four columns"):
        t.with_player(attrs.evolve(ann, start_rank=10000))


APPENDED = (
    "012 Open\n"
    "XXR 2\n"
    + "001    1      Ann".ljust(91) + "   2 w 1     3 b 1      12.5\n"
    + "001    2      Bob".ljust(91) + "   1 b 0  0000 - H       7.0\n"
    + "001    3      Cid".ljust(91) + "0000 - H     1 w 0       4.5\n"
)
"""Two declared rounds, and a tie-break value an exporter appended after them."""


def test_a_round_past_the_declared_rounds_is_refused() -> None:
    """XXR 2 and values after round 2: a round 3 would make every line's values rounds."""
    t = trfkit.loads(APPENDED)
    assert trfkit.parse(APPENDED).diagnostics == ()
    assert [p.appended for p in t.players] == [("12.5",), ("7.0",), ("4.5",)]
    why = r"round 3 of player 2: the report declares 2 rounds \(XXR 2, line 2\)"
    with pytest.raises(EditError, match=why):
        t.with_result(2, 3, "1", opponent=3, colour="w")
    bob = t.player(2).with_round(RoundResult(3, None, NONE, Result.HALF_BYE))
    with pytest.raises(EditError, match=why):
        t.with_player(bob)
    within = t.with_result(2, 2, "F")  # a declared round is edited in place
    back = trfkit.loads(trfkit.dumps(within))
    assert [p.appended for p in back.players] == [("12.5",), ("7.0",), ("4.5",)]
    assert back.player(2).round(2) == RoundResult(2, None, NONE, Result.FULL_BYE)


def test_the_model_bounds_follow_the_reader_and_the_number_writer() -> None:
    """MOST_ROUNDS is the reader's default limit, DECIMALS what format_number writes exactly."""
    from trfkit import model, numbers
    from trfkit.limits import Limits

    assert model.MOST_ROUNDS == Limits().max_rounds == 99
    assert model.DECIMALS == numbers.DECIMALS == 6


def test_with_result_takes_both_sides_as_true_or_false_only() -> None:
    """both_sides=1 is no flag: ArgumentTypeError, a TypeError and a TrfError."""
    with pytest.raises(
        ArgumentTypeError,
        match=r"^Tournament.with_result\(\): both_sides must be True or False, not int$",
    ):
        _event().with_result(1, 1, "=", both_sides=1)  # type: ignore[arg-type]


def test_the_writer_refuses_what_would_shift_a_line_or_read_back_otherwise() -> None:
    """An opponent of five digits, points 1/3 and a start rank 12345: WriteError, not a line."""
    block = RoundResult(1, 2, WHITE, Result.WIN)
    object.__setattr__(block, "opponent", 20000)  # past the model's rule, as a bug might
    with pytest.raises(WriteError, match=r"round 1: opponent '20000' does not fit columns 92-95"):
        trfkit.dumps(Tournament((Player(1, rounds=(block,)),)))
    third = attrs.evolve(Player(1), points=Fraction(1, 3))
    with pytest.raises(WriteError, match=r"points 1/3 cannot be written exactly: '0.33' reads"):
        trfkit.dumps(Tournament((third,)))
    wide = trfkit.loads("012 X\n001 12345 m    Alpha\n")  # read where its text stands
    assert wide.players[0].start_rank == 12345
    renamed = wide.with_player(attrs.evolve(wide.players[0], name="Beta"))
    with pytest.raises(WriteError, match="line 2: start_rank '12345' does not fit columns 5-8"):
        trfkit.dumps(renamed)


def test_an_old_value_trfkit_cannot_write_is_replaced_by_writing_the_line_anew() -> None:
    """Points 100.5 read from columns 80-84 become 2.0: the whole line in standard columns."""
    line = "001    1 m    Alpha, Anna                       2100 GER     1234567 1990/01/01"
    t = trfkit.loads(f"012 X\n{line} 100.5   1     2 w 1\n")
    edited = t.with_player(t.player(1).with_points(2))
    assert trfkit.dumps(edited) == f"012 X\n{line}  2.0    1     2 w 1\n"


def test_a_line_break_in_a_text_field_is_refused_and_odd_characters_are_kept() -> None:
    """A name with a line break is refused; a form feed or U+2028 in one is written back."""
    t = trfkit.loads("012 X\n001    1      Ann\n")
    with pytest.raises(ModelError, match=r"^Player\.name must be text on one line"):
        t.with_player(attrs.evolve(t.player(1), name="Ann\n012 Hijack"))
    odd = "012 X\n001    1      A\x0cn\u2028n\n"
    assert trfkit.dumps(trfkit.loads(odd)) == odd
    renamed = trfkit.loads(odd).with_player(Player(1, "B\x0cb"))
    assert trfkit.dumps(renamed) == "012 X\n001    1      B\x0cb\n"


def _codes(t: Tournament) -> list[str]:
    return [getattr(r, "code", "001" if isinstance(r, Player) else "###") for r in t.records]


def test_with_header_sets_the_first_record_of_its_code_in_place() -> None:
    """012 renamed where it stands; a second 022 is left as it is; trailing blanks dropped."""
    t = Tournament((TextRecord("022", "Oslo"), TextRecord("012", "Open"), TextRecord("022", "X")))
    edited = t.with_header("012", "Club Open  ").with_header("022", "Bergen")
    assert [r.value for r in edited.of_type(TextRecord)] == ["Bergen", "Club Open", "X"]
    assert edited.name == "Club Open"


def test_with_header_adds_a_missing_record_in_the_standard_order() -> None:
    """042 goes between 012 and 062; 122 before the players; 012 after a leading comment."""
    t = Tournament((TextRecord("012", "Open"), TextRecord("062", "2"), Player(1), Player(2)))
    assert _codes(t.with_header("042", "2024/05/01")) == ["012", "042", "062", "001", "001"]
    assert _codes(t.with_header("122", "90 min")) == ["012", "062", "122", "001", "001"]
    remark = Tournament((RawRecord("comment", "### exported"), TextRecord("022", "Oslo")))
    assert _codes(remark.with_header("012", "Open")) == ["###", "012", "022"]
    assert Tournament().with_header("012", "Open").records == (TextRecord("012", "Open"),)


@pytest.mark.parametrize(
    ("code", "value", "error", "message"),
    [
        ("142", "5", EditError, "'142' is no free-text header record"),
        ("12", "Open", EditError, "with_header sets 012, 022"),
        ("012", "Open\n001    1", ModelError, "text on one line"),
        ("012", "Open\x00", ModelError, "text on one line"),
        ("012", 5, ModelError, "text on one line, not 5"),
    ],
)
def test_with_header_refuses_other_records_and_line_breaks(
    code: str, value: object, error: type[Exception], message: str
) -> None:
    """142 (a count) and '12' are no free-text headers; a value must stay on its line."""
    with pytest.raises(error, match=message):
        Tournament((TextRecord("012", "Open"),)).with_header(code, value)  # type: ignore[arg-type]


# --- enums print as words -------------------------------------------------------------------


def test_the_model_enums_print_as_words_and_keep_their_codes() -> None:
    """str() and f-strings give words; .value stays the code a file holds."""
    assert [str(c) for c in Colour] == ["white", "black", "none"]
    assert [c.value for c in Colour] == ["w", "b", "-"]
    assert [f"{r}" for r in (Result.WIN, Result.DRAW, Result.FORFEIT_LOSS, Result.HALF_BYE)] == [
        "win",
        "draw",
        "forfeit loss",
        "half-point bye",
    ]
    assert (str(Result.WIN_UNRATED), Result.WIN_UNRATED.value) == ("unrated win", "W")
    assert (str(Result.PAIRING_BYE), str(Result.UNKNOWN)) == ("pairing-allocated bye", "unknown")
    assert [str(s) for s in Sex] == ["male", "female"]
    assert (str(Title.WGM), f"{Title.GM:>4}") == ("WGM", "  GM")
    assert [str(f) for f in FileFormat] == ["TRF16", "TRF-2026"]
    assert [f.value for f in FileFormat] == ["trf16", "trf26"]


def test_the_other_public_enums_print_as_words() -> None:
    """The regime, what decided it, an adjustment's action, a reader, a severity."""
    from trfkit.compute.history import RoundKind
    from trfkit.compute.regime import DecidedBy, Regime
    from trfkit.compute.tiebreaks import KoyaThreshold
    from trfkit.diagnostics import Severity
    from trfkit.formats import Action
    from trfkit.readers import Reader

    assert [str(r) for r in Regime] == ["round-robin", "swiss"]
    assert (str(DecidedBy.CODE_192), str(DecidedBy.STRUCTURE)) == ("record 192", "structure")
    assert (str(RoundKind.HALF_BYE), str(KoyaThreshold.AT_LEAST)) == ("half-point bye", "at-least")
    assert (str(Action.DROPPED), str(Reader.BBPPAIRINGS)) == ("dropped", "bbpPairings")
    assert str(Severity.ERROR) == "error"

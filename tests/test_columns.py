"""The one column table: where each field of a record stands."""

from __future__ import annotations

from trfkit import columns as C


def test_round_blocks_stand_every_ten_columns_from_92() -> None:
    """Round 1's block is columns 92-101 (with its separator), round 2's 102-111."""
    line = "001    1".ljust(91) + "   2 w 1    3 b 0  "
    assert line[C.round_block(1)] == "   2 w 1  "
    assert line[C.round_block(2)].strip() == "3 b 0"
    assert (C.round_block_start(1), C.round_block_start(3)) == (92, 112)


def test_a_column_names_its_round() -> None:
    """Columns 92 and 101 are round 1, 102 round 2; 91 and the points are no round."""
    assert [C.round_of_column(c) for c in (91, 92, 101, 102)] == [None, 1, 1, 2]
    assert (C.POINTS.start, C.POINTS.end, C.RANK.start, C.RANK.end) == (81, 84, 86, 89)


# --- fields that stand off their columns (locate) -------------------------------------------


def _player_line(birth: str = "1990/01/01", shift: int = 0, rating: str = "2100") -> str:
    """A 001 line written by hand, its birth date *shift* columns right of column 70."""
    head = f"001 {1:>4} m GM {'Smith, John':<33} {rating:>4} ENG {12345678:>11} "
    return head + " " * shift + f"{birth:<10}" + " " * (1 - shift) + f"{'2.5':>4} {3:>4}"


def _texts(line: str, layout: C.Layout, **kw: int) -> dict[str, tuple[str, int, int]]:
    placement = C.locate(line, C.fields_of(layout, len(line)), **kw)
    return {f"{p.field.name}@{p.field.start}": (p.text, p.start, p.end) for p in placement.fields}


def test_a_score_over_the_separating_blank_is_read_whole() -> None:
    """299 ``2.5`` in columns 13-15 is the game points (14-17), ``1`` in 19 the round (20-22)."""
    line = "299 +  2.0  2.5   1    1"
    found = _texts(line, C.ABNORMAL)
    assert found["points@14"] == ("2.5", 13, 15)
    assert found["round@20"] == ("1", 19, 19)
    assert found["match_points@8"] == ("2.0", 8, 11)
    assert found["ids@24"] == ("1", 24, 27)


def test_round_dates_one_column_right_are_read_whole() -> None:
    """132 dates starting in column 93 are ``25/09/13`` and ``25/09/14``, not ``25/09/1``."""
    line = "132" + " " * 89 + "25/09/13  25/09/14"
    found = _texts(line, C.Layout((), C.ROUND_DATES))
    assert found["dates@92"] == ("25/09/13", 93, 100)
    assert found["dates@102"] == ("25/09/14", 103, 110)


def test_a_birth_date_one_column_right_keeps_its_last_digit() -> None:
    """A 001 birth date in columns 71-80 reads ``1990/01/01``; the fields around it stay."""
    line = _player_line(shift=1)
    assert line[70:80] == "1990/01/01"  # columns 71-80, as built
    found = _texts(line, C.PLAYER)
    assert found["birth_date@70"] == ("1990/01/01", 71, 80)
    assert found["points@81"] == ("2.5", 81, 84)
    assert found["rank@86"] == ("3", 86, 89)


def test_a_date_two_columns_right_goes_to_the_field_it_overlaps_most() -> None:
    """A birth date in 72-81 overlaps the points (81-84) by one column: it is still the date."""
    head = f"001 {1:>4} m    {'Smith, John':<33} {2100:>4} ENG {12345678:>11}   "
    line = head + "1990/01/01" + " 2.5 " + f"{3:>4}"
    assert (line[71:81], line[82:85], line[89]) == ("1990/01/01", "2.5", "3")
    found = _texts(line, C.PLAYER)
    assert found["birth_date@70"] == ("1990/01/01", 72, 81)
    assert found["points@81"] == ("2.5", 83, 85)
    assert found["rank@86"] == ("3", 90, 90)


def test_sex_and_title_side_by_side_are_in_their_columns() -> None:
    """``wWGM`` in columns 10-13 is sex ``w`` and title ``WGM``: adjacent fields, no shift."""
    line = f"001 {1:>4} wWGM {'Polgar, Judit':<33} {2700:>4}"
    placement = C.locate(line, C.PLAYER.fields)
    by_name = {p.field.name: p for p in placement.fields}
    assert (by_name["sex"].text, by_name["title"].text) == ("w", "WGM")
    assert not any(p.shifted for p in placement.fields)
    assert placement.stray == ()


def test_a_name_running_into_the_rating_is_stray() -> None:
    """A 34-character name touching the rating is ambiguous: both keep their own columns."""
    name = "Abcdefghij Klmnopqrstuvwxyzabcdefg"  # 34 characters: columns 15-48
    line = f"001 {1:>4} m    {name}2100 ENG"
    placement = C.locate(line, C.PLAYER.fields)
    by_name = {p.field.name: p for p in placement.fields}
    assert placement.stray == ((26, 52),)
    assert by_name["name"].text == name[:33]
    assert by_name["rating"].text == "2100"


def test_text_between_two_empty_fields_at_equal_distance_is_stray() -> None:
    """A 260 id in column 17, one column from both empty id fields (13-16, 18-21), is stray."""
    line = "260   1   3" + " " * 5 + "9"
    assert line[16] == "9"
    placement = C.locate(line, C.fields_of(C.PROHIBITED, len(line)))
    assert placement.stray == ((17, 17),)


def test_text_next_to_one_empty_field_goes_to_the_nearer() -> None:
    """299 ``7`` in column 18: one column from the points (14-17), two from the round."""
    line = "299 +  2.0       7"
    placement = C.locate(line, C.fields_of(C.ABNORMAL, len(line)))
    assert {p.field.name: p.text for p in placement.fields}["points"] == "7"
    assert placement.stray == ()


def test_a_shifted_number_that_is_no_number_is_stray() -> None:
    """``2.5x`` over the separating blank is no score: stray, the field keeps its own columns."""
    line = "299 +  2.0  2.5x  1    1"
    placement = C.locate(line, C.fields_of(C.ABNORMAL, len(line)))
    assert (13, 16) in placement.stray
    assert {p.field.name: p.text for p in placement.fields}["points"] == ".5x"


def test_text_running_past_the_last_column_looked_at_is_stray() -> None:
    """A 001 rank whose text runs on into round 1's block (column 92) is not cut there."""
    line = _player_line()[:85] + "    123" + "  w 1"
    assert line[89:92] == "123"
    placement = C.locate(line, C.PLAYER.fields, until=91)
    assert placement.stray == ((90, 92),)

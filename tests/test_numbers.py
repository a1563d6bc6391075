"""Exact numbers as trfkit writes them everywhere: columns, reports and messages."""

from __future__ import annotations

from fractions import Fraction as F

from trfkit.numbers import format_number, mean_half_up, round_half_up


def test_format_number_writes_exact_decimals() -> None:
    """5.25, 4.0, 3 for integer codes, thirds to two decimals, nothing for None."""
    assert format_number(F(21, 4)) == "5.25"
    assert format_number(F(4)) == "4.0"
    assert format_number(F(3), integer=True) == "3"
    assert format_number(F(37, 3)) == "12.33"
    assert format_number(F(-1, 2)) == "-0.5"
    assert format_number(None) == ""


def test_format_number_keeps_every_digit_a_value_has() -> None:
    """1/32 = 0.03125 is written out (the TRF column writer once cut it to 0.03)."""
    assert format_number(F(1, 32)) == "0.03125"
    assert format_number(F(5), decimals=0) == "5"


def test_rounding_is_half_up() -> None:
    """2.5 → 3 and 1/3 of 100 → 33 (FIDE rounds averages half up, not to even)."""
    assert round_half_up(F(5, 2)) == 3
    assert round_half_up(F(-5, 2)) == -2
    assert mean_half_up(5, 2) == 3
    assert mean_half_up(100, 3) == 33


def test_json_numbers_are_what_the_text_shows_and_the_exact_value_stands_beside() -> None:
    """79/6 = 13.1666… is 13.17 as the text shows it, "79/6" exactly; 27/2 is 13.5 alone."""
    from trfkit.numbers import exact_text, json_exact, json_number

    assert (json_number(F(79, 6)), json_exact(F(79, 6))) == (13.17, "79/6")
    assert (json_number(F(27, 2)), json_exact(F(27, 2))) == (13.5, None)
    assert (json_number(F(1, 32)), json_exact(F(1, 32))) == (0.03125, None)  # 5 decimals: exact
    assert (json_number(F(3), integer=True), json_number(None), json_exact(None)) == (3, None, None)
    assert [exact_text(v) for v in (F(3, 2), F(2), F(21, 4), F(1, 3), F(-1, 2))] == [
        "1.5", "2.0", "5.25", "1/3", "-0.5"
    ]

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

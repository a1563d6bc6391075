"""Date readings: every way a TRF date text can be read, worked out by hand."""

from __future__ import annotations

import datetime

import pytest

from trfkit.dates import is_standard_full, is_standard_round, readings


def read(text: str) -> list[tuple[str, str]]:
    """(order, ISO date) pairs of *text*."""
    return [(r.order, r.date.isoformat()) for r in readings(text)]


def test_iso_year_first() -> None:
    """2024/11/23, 2024-08-01 and 2008.06.07 have the single reading year-month-day."""
    assert read("2024/11/23") == [("YMD", "2024-11-23")]
    assert read("2024-08-01") == [("YMD", "2024-08-01")]
    assert read("2008.06.07") == [("YMD", "2008-06-07")]


def test_day_first_four_digit_year_is_ambiguous() -> None:
    """08/04/2018 is 8 April (day first) or 4 August (month first); both are listed."""
    assert read("08/04/2018") == [("DMY", "2018-04-08"), ("MDY", "2018-08-04")]


def test_day_above_twelve_has_one_reading() -> None:
    """24/09/2010 can only be 24 September (there is no month 24)."""
    assert read("24/09/2010") == [("DMY", "2010-09-24")]


def test_spaced_german_date() -> None:
    """FIDE example 1's ``28. 07. 2005`` is 28 July 2005."""
    assert read("28. 07. 2005") == [("DMY", "2005-07-28")]


def test_two_digit_year_orders() -> None:
    """Bunratty's 11.25.02: not YY.MM.DD (month 25); MM.DD.YY 2002-11-25 or YY.DD.MM 2011-02-25."""
    assert read("11.25.02") == [("MDy", "2002-11-25"), ("yDM", "2011-02-25")]


def test_two_digit_years_pivot() -> None:
    """Years 00-69 are 20xx and 70-99 are 19xx: 85/03/02 is 1985-03-02 first."""
    assert read("85/03/02")[0] == ("yMD", "1985-03-02")


def test_month_names() -> None:
    """Lichess' ``May 29, 2020`` and ``Jun 26, 2020``, and ``3 March 2024``."""
    assert read("May 29, 2020") == [("name", "2020-05-29")]
    assert read("Jun 26, 2020") == [("name", "2020-06-26")]
    assert read("3 March 2024") == [("name", "2024-03-03")]


@pytest.mark.parametrize(
    "text",
    ["", "   ", "2024/13/45", "00/00/00", "next Sunday", "25/09/1", "2024/02/30", "Foo 3, 2020"],
)
def test_no_date(text: str) -> None:
    """Blank, impossible, truncated and non-date texts have no reading."""
    assert readings(text) == ()


def test_reading_values_are_dates() -> None:
    """Each reading carries a real :class:`datetime.date`."""
    (reading,) = readings("2024/02/29")
    assert reading.date == datetime.date(2024, 2, 29)


def test_standard_formats() -> None:
    """YYYY/MM/DD for 042/052 and YY/MM/DD for 132; other separators are not standard."""
    assert is_standard_full("2024/11/23")
    assert not is_standard_full("2024-11-23")
    assert not is_standard_full("2024/13/01")
    assert is_standard_round("24/11/23")
    assert not is_standard_round("11.25.02")
    assert not is_standard_round("2024/11/23")

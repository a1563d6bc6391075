"""The readings of a date as real TRF files write it.

TRF-2026 writes 042/052 as ``YYYY/MM/DD`` and the round dates of 132 as
``YY/MM/DD``, but files in the wild use every order and separator:
``28. 07. 2005``, ``08/04/2018`` (day first), ``11.25.02`` (``YY.DD.MM``),
``May 29, 2020``. A text such as ``08/04/2018`` has two readings (8 April or
4 August); this module lists them all and leaves the choice to the caller, who
can use the other dates of the file to pick a consistent one. Nothing here
judges a file.

>>> [(r.order, r.date.isoformat()) for r in readings("08/04/2018")]
[('DMY', '2018-04-08'), ('MDY', '2018-08-04')]
"""

from __future__ import annotations

import datetime
import re
from typing import NamedTuple

_NUMERIC = re.compile(r"(\d{1,4})\s*([./-])\s*(\d{1,2})\s*\2\s*(\d{1,4})\.?", re.ASCII)
# Dates with month names are rare: compiled (by re, once) when first used, not at import.
_MONTH_FIRST = r"(?a)([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})"
_DAY_FIRST = r"(?a)(\d{1,2})\.?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})"
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        1,
    )
    for name in names
}
_FULL_STANDARD = re.compile(r"\d{4}/\d{2}/\d{2}", re.ASCII)
_ROUND_STANDARD = r"(?a)\d{2}/\d{2}/\d{2}"  # compiled when first used; (?a): ASCII digits
PIVOT = 70
"""Two-digit years below this are 20xx, the others 19xx."""


class Reading(NamedTuple):
    """One way to read a date text.

    Attributes:
        order: The field order that gives this reading: ``YMD``, ``DMY``, ``MDY``
            (four-digit years), ``yMD``, ``DMy``, ``MDy``, ``yDM`` (two-digit
            years, lower-case ``y``) or ``name`` (a month written as a word).
        date: The calendar date.
    """

    order: str
    date: datetime.date


def _date(year: int, month: int, day: int) -> datetime.date | None:
    if not 1900 <= year <= 2199:
        return None
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def _year(text: str) -> int:
    value = int(text)
    if len(text) <= 2:
        return 2000 + value if value < PIVOT else 1900 + value
    return value


def readings(text: str) -> tuple[Reading, ...]:
    """Every valid date *text* can stand for, in a fixed order of field orders.

    Returns an empty tuple for a text that is no date (``00/00/00``, ``2024/13/45``,
    a name) and for a blank one.
    """
    text = text.strip()
    found: list[Reading] = []
    numeric = _NUMERIC.fullmatch(text)
    if numeric:
        a, _, b, c = numeric.groups()
        if len(a) == 4 and len(c) <= 2:
            orders = [("YMD", (a, b, c))]
        elif len(c) == 4 and len(a) <= 2:
            orders = [("DMY", (c, b, a)), ("MDY", (c, a, b))]
        elif len(a) == len(b) == len(c) == 2:
            orders = [
                ("yMD", (a, b, c)),
                ("DMy", (c, b, a)),
                ("MDy", (c, a, b)),
                ("yDM", (a, c, b)),
            ]
        else:
            orders = []
        for order, (year, month, day) in orders:
            date = _date(_year(year), int(month), int(day))
            if date is not None:
                found.append(Reading(order, date))
        return tuple(found)
    for pattern, month_group, day_group in ((_MONTH_FIRST, 1, 2), (_DAY_FIRST, 2, 1)):
        named = re.fullmatch(pattern, text)
        if named:
            month = _MONTHS.get(named.group(month_group).lower())
            if month is not None:
                date = _date(int(named.group(3)), month, int(named.group(day_group)))
                if date is not None:
                    found.append(Reading("name", date))
    return tuple(found)


def is_standard_full(text: str) -> bool:
    """True for a valid date written ``YYYY/MM/DD`` (TRF-2026 042 and 052)."""
    text = text.strip()
    return bool(_FULL_STANDARD.fullmatch(text)) and any(r.order == "YMD" for r in readings(text))


def is_standard_round(text: str) -> bool:
    """True for a valid date written ``YY/MM/DD`` (the round dates of 132)."""
    text = text.strip()
    standard = re.fullmatch(_ROUND_STANDARD, text)
    return bool(standard) and any(r.order == "yMD" for r in readings(text))

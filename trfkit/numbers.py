"""Exact numbers as people read them: rounding half up, and ``5.25``, never ``5.2500000001``.

The one way trfkit writes a score or a tie-break value, in a TRF column, a report, a
message, a CSV or a JSON document: :func:`format_number` for people, :func:`exact_text`
for the exact value as text, :func:`json_number` and :func:`json_exact` for JSON.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves rounded up (FIDE's rule for averages of ratings)."""
    return math.floor(value + Fraction(1, 2))


def mean_half_up(total: int, count: int) -> int:
    """``round_half_up(total / count)`` in integers."""
    return (2 * total + count) // (2 * count)


def format_number(
    value: Fraction | int | None, *, integer: bool = False, decimals: int = 1
) -> str:
    """Write a value the way arbiters read it: ``5.25``, ``4.0``, ``3``; ``""`` for none.

    Args:
        value: The exact value.
        integer: Write whole numbers without decimals (counts, ratings).
        decimals: The fewest decimals to write (unless *integer*).

    Returns:
        The shortest exact decimal with at least *decimals* decimals (up to six);
        values with no such decimal form are rounded half up to two decimals.
    """
    if value is None:
        return ""
    value = Fraction(value)
    if integer and value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    value = abs(value)
    for places in range(decimals, 7):
        scaled = value * 10**places
        if scaled.denominator == 1:
            break
    else:
        places = 2
        scaled = Fraction(round_half_up(value * 100))
    digits = str(scaled.numerator).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def format_halves(value: Fraction | int | None) -> str:
    """A match score's game points as crosstables write them: ``2½``, ``½``, ``3``.

    A value that is no whole number or half is written by :func:`format_number`.

    >>> format_halves(Fraction(5, 2)), format_halves(Fraction(1, 2)), format_halves(3)
    ('2½', '½', '3')
    """
    if value is None:
        return ""
    value = Fraction(value)
    if value >= 0 and value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole or ''}½"
    return format_number(value, integer=True)


DECIMALS: Final = 6
"""The most decimals :func:`format_number` writes exactly (then it rounds to two)."""


def is_decimal(value: Fraction | int) -> bool:
    """Whether :func:`format_number` writes *value* exactly (at most :data:`DECIMALS` decimals)."""
    return (Fraction(value) * 10**DECIMALS).denominator == 1


def exact_text(value: Fraction | int) -> str:
    """The exact value as text: ``"1.5"``, ``"2.0"``, ``"5.25"``, else ``"79/6"``.

    The JSON form's points, and the exact companion of a JSON number that had to round.
    """
    value = Fraction(value)
    for places in range(1, 10):
        scaled = value * 10**places
        if scaled.denominator == 1:
            digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
            text = f"{digits[:-places]}.{digits[-places:]}"
            trimmed = text.rstrip("0")
            text = trimmed + "0" if trimmed.endswith(".") else trimmed
            return ("-" if value < 0 else "") + text
    return f"{value.numerator}/{value.denominator}"


def json_number(value: Fraction | int | None, integer: bool = False) -> int | float | None:
    """A value as a JSON number: what :func:`format_number` writes, as a number.

    A whole count or rating is an int; a value with an exact decimal is that decimal; any
    other is rounded as the text shows it (``13.17`` for 79/6), and :func:`json_exact`
    gives its exact value.
    """
    if value is None:
        return None
    value = Fraction(value)
    if integer and value.denominator == 1:
        return value.numerator
    return float(format_number(value))


def json_exact(value: Fraction | int | None) -> str | None:
    """The exact value of a JSON number that had to round (``"79/6"``), else ``None``."""
    if value is None or is_decimal(value):
        return None
    return exact_text(value)

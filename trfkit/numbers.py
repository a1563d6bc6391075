"""Exact numbers as people read them: rounding half up, and ``5.25``, never ``5.2500000001``.

The one way trfkit writes a score or a tie-break value, in a TRF column, a report
or a message.
"""

from __future__ import annotations

import math
from fractions import Fraction


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

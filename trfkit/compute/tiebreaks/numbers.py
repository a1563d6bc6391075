"""Rounding and printing tie-break values exactly (``5.25``, never ``5.2500000001``)."""

from __future__ import annotations

import math
from fractions import Fraction

# --- numbers -------------------------------------------------------------------------------


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves rounded up (FIDE's rule for averages of ratings)."""
    return math.floor(value + Fraction(1, 2))


def mean_half_up(total: int, count: int) -> int:
    """``round_half_up(total / count)`` in integers."""
    return (2 * total + count) // (2 * count)


def format_number(value: Fraction | int | None, *, integer: bool = False) -> str:
    """Write a value the way arbiters read it: ``5.25``, ``4.0``, ``3``; ``""`` for none.

    Args:
        value: The exact value.
        integer: Write whole numbers without decimals (counts, ratings).

    Returns:
        The shortest exact decimal with at least one decimal (unless *integer*);
        values with no finite decimal form are rounded to two decimals.
    """
    if value is None:
        return ""
    value = Fraction(value)
    if integer and value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    value = abs(value)
    for places in range(1, 7):
        scaled = value * 10**places
        if scaled.denominator == 1:
            break
    else:
        places = 2
        scaled = Fraction(round_half_up(value * 100))
    digits = str(scaled.numerator).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"

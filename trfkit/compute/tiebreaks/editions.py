"""The C.07 editions and which one was in force on a tournament's start date."""

from __future__ import annotations

import datetime
from typing import NamedTuple

from trfkit.dates import readings
from trfkit.model import (
    Tournament,
)
from trfkit.values import WordEnum

# --- rule editions -------------------------------------------------------------------------


class Edition(WordEnum):
    """A text of the FIDE tie-break regulations (C.07)."""

    FIDE_2026 = "fide-2026"
    FIDE_2024 = "fide-2024"
    FIDE_2023 = "fide-2023"
    PRE_2023 = "fide-pre-2023"

    @property
    def uses_dummy(self) -> bool:
        """True for the editions with art. 16's dummy opponent (2023 onwards)."""
        return self is not Edition.PRE_2023


_EDITION_STARTS: tuple[tuple[datetime.date, Edition, str], ...] = (
    (datetime.date(2026, 3, 1), Edition.FIDE_2026, "C.07 in force from 1 March 2026"),
    (
        datetime.date(2024, 8, 1),
        Edition.FIDE_2024,
        "C.07 in force from 1 August 2024 to 28 February 2026",
    ),
    (
        datetime.date(2024, 4, 1),
        Edition.FIDE_2023,
        "the 2023 C.07 (dummy opponent), mandatory for every FIDE-rated event from "
        "1 April 2024 (FIDE's own events used it from 1 September 2023)",
    ),
)
_NEWEST = Edition.FIDE_2026


class EditionChoice(NamedTuple):
    """Which rule edition applies, and why.

    Attributes:
        edition: The edition applied.
        reason: A sentence for people (shown by every output).
        start_date: The start date read from record 042, if any.
        overridden: True when ``--rules`` chose the edition.
    """

    edition: Edition
    reason: str
    start_date: datetime.date | None = None
    overridden: bool = False


_PREFERENCE = ("YMD", "name", "yMD", "yDM", "DMY", "MDY", "DMy", "MDy")
"""Which reading of an ambiguous date wins: the TRF orders first, then day before month."""
_ORDER_WORDS = {
    "DMY": "day/month/year",
    "MDY": "month/day/year",
    "yMD": "year/month/day (the TRF order)",
    "yDM": "year.day.month",
    "DMy": "day/month/year",
    "MDy": "month/day/year",
}


def parse_date(text: str | None) -> tuple[datetime.date | None, str]:
    """Read a start date in any of the formats real files use (trf-format.md §5.3).

    The readings come from :func:`trfkit.dates.readings`; when a text has
    several (``08/04/2018``), the TRF orders win (year first), then day before month.

    Args:
        text: The value of record 042, or ``None``.

    Returns:
        The date (``None`` when unreadable) and a note on how an ambiguous text was
        read (``""`` when there was only one reading).
    """
    if not text or not text.strip():
        return None, "no start date"
    text = text.strip()
    found = readings(text)
    if not found:
        head = text.split()[0] if text.split() else text
        found = readings(head)
    if not found:
        return None, f"start date {text!r} is not readable"
    best = min(found, key=lambda r: _PREFERENCE.index(r.order) if r.order in _PREFERENCE else 99)
    dates = {r.date for r in found}
    if len(dates) == 1:
        return best.date, ""
    return best.date, f"{text!r} read as {_ORDER_WORDS.get(best.order, best.order)}"


def choose_edition(tournament: Tournament, override: Edition | None = None) -> EditionChoice:
    """The edition applied to *tournament*, with the reason.

    Args:
        tournament: The report; its record 042 gives the start date.
        override: An edition chosen with ``--rules``, which wins.

    Returns:
        The edition in force on the start date (FIDE applies the rules by the
        event's start), or the newest edition when the date is missing or unreadable.
    """
    start, note = parse_date(tournament.header("042"))
    if override is not None:
        return EditionChoice(override, f"{override.value} chosen with --rules", start, True)
    if start is None:
        return EditionChoice(
            _NEWEST, f"{note} (record 042); the newest rules, {_NEWEST.value}, are applied", None
        )
    suffix = f"; {note}" if note else ""
    for begins, edition, text in _EDITION_STARTS:
        if start >= begins:
            return EditionChoice(
                edition, f"start date {start.isoformat()} (record 042): {text}{suffix}", start
            )
    return EditionChoice(
        Edition.PRE_2023,
        f"start date {start.isoformat()} (record 042) is before 1 April 2024, when the "
        f"2023 C.07 became mandatory for rated events: the 2009 virtual-opponent rules "
        f"apply{suffix}",
        start,
    )

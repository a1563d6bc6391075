"""Reported tie-break values from a side file (``trfkit check --standings FILE``)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction


class ReportedError(ValueError):
    """The side file cannot be read; the message says why."""


def load_reported(path: str) -> Mapping[int, Mapping[str, Fraction]]:
    """Start rank → FIDE code → reported value (not built yet)."""
    raise ReportedError("reading reported standings is not built yet")

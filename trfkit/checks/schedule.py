"""Round-robin schedule checks against the FIDE Berger tables (C.05 Annex 1)."""

from __future__ import annotations

from trfkit.checks.base import Check

CHECKS: tuple[Check, ...] = ()
"""The schedule checks, in code order."""

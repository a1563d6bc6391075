"""Points, ranks and tie-break checks against the recomputed standings (C.07)."""

from __future__ import annotations

from trfkit.checks.base import Check

CHECKS: tuple[Check, ...] = ()
"""The score and tie-break checks, in code order."""

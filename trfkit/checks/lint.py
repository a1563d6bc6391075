"""Exporter lint: the defects that real exporters are known for."""

from __future__ import annotations

from trfkit.checks.base import Check

CHECKS: tuple[Check, ...] = ()
"""The exporter checks, in code order."""

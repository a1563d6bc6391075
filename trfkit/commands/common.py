"""Options shared by several sub-commands, and their conversion to settings."""

from __future__ import annotations

import argparse

from trfkit.checks.base import CheckOptions
from trfkit.limits import Limits

RULE_SETS = ("fide-2026", "fide-2024", "fide-2023", "fide-pre-2023")
"""The tie-break rule sets ``--rules`` accepts."""


class UsageError(ValueError):
    """An option value that cannot be used; the message says why."""


def add_reading_options(parser: argparse.ArgumentParser) -> None:
    """``--encoding`` and the size limits."""
    parser.add_argument(
        "--encoding", metavar="E", help="read with this codec instead of detecting it"
    )
    defaults = Limits()
    group = parser.add_argument_group("limits")
    group.add_argument(
        "--max-bytes",
        type=int,
        default=defaults.max_bytes,
        metavar="N",
        help=f"largest file read (default {defaults.max_bytes:,})",
    )
    group.add_argument(
        "--max-line-length",
        type=int,
        default=defaults.max_line_length,
        metavar="N",
        help=f"longest line read (default {defaults.max_line_length:,})",
    )
    group.add_argument(
        "--max-players",
        type=int,
        default=defaults.max_players,
        metavar="N",
        help=f"most player records (default {defaults.max_players:,})",
    )
    group.add_argument(
        "--max-rounds",
        type=int,
        default=defaults.max_rounds,
        metavar="N",
        help=f"most rounds (default {defaults.max_rounds})",
    )


def limits(args: argparse.Namespace) -> Limits:
    """The limits the options ask for."""
    return Limits(
        max_bytes=args.max_bytes,
        max_line_length=args.max_line_length,
        max_players=args.max_players,
        max_rounds=args.max_rounds,
    )


def add_tiebreak_options(parser: argparse.ArgumentParser) -> None:
    """``--tiebreaks``, ``--rules`` and ``--no-withdrawal-rule``."""
    parser.add_argument(
        "--tiebreaks",
        metavar="LIST",
        help="comma-separated FIDE tie-break codes, e.g. DE,WIN,SB,KS (default: record "
        "212/202, else the default for the tournament type)",
    )
    parser.add_argument(
        "--rules",
        choices=RULE_SETS,
        help="tie-break rule set (default: the edition in force on the start date)",
    )
    parser.add_argument(
        "--no-withdrawal-rule",
        action="store_true",
        help="keep the games of round-robin players who completed fewer than 50%% of them",
    )


def check_options(args: argparse.Namespace) -> CheckOptions:
    """The :class:`CheckOptions` the command line asks for."""
    tiebreaks = None
    if getattr(args, "tiebreaks", None):
        tiebreaks = tuple(c.strip() for c in args.tiebreaks.split(",") if c.strip())
    standings = None
    source = getattr(args, "standings", None)
    if source:
        from trfkit.reported import ReportedError, load_reported

        try:
            standings = load_reported(source)
        except ReportedError as exc:
            raise UsageError(f"--standings {source}: {exc}") from None
    return CheckOptions(
        rules=getattr(args, "rules", None),
        tiebreaks=tiebreaks,
        standings=standings,
        standings_source=source,
        withdrawals=not getattr(args, "no_withdrawal_rule", False),
    )

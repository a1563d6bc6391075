"""Options shared by several sub-commands, and their conversion to settings."""

from __future__ import annotations

import argparse
import enum
import sys
from typing import TYPE_CHECKING

from trfkit.errors import UsageError

if TYPE_CHECKING:
    from trfkit.checks.base import CheckOptions
    from trfkit.compute.regime import Regime
    from trfkit.compute.tiebreaks.options import TieBreakOptions
    from trfkit.limits import Limits





def error(command: str, message: str) -> None:
    """Write ``trfkit COMMAND: MESSAGE`` to stderr: the one way a command reports a failure.

    The message is :func:`~trfkit.untrusted.printable`: a path or a name in it cannot start
    a line of its own (a forged finding or ``::error`` command) or steer the terminal.
    """
    from trfkit.untrusted import printable

    sys.stderr.write(f"trfkit {command}: {printable(message)}\n")


def add_reading_options(parser: argparse.ArgumentParser) -> None:
    """``--encoding`` and the size limits."""
    from trfkit.limits import Limits

    parser.add_argument(
        "--encoding",
        type=codec_option,
        metavar="E",
        help="read with this codec instead of detecting it (a text encoding)",
    )
    defaults = Limits()
    group = parser.add_argument_group("limits")
    group.add_argument(
        "--max-bytes",
        type=int,
        default=defaults.max_bytes,
        metavar="N",
        help=f"largest TRF file read (default {defaults.max_bytes:,}; a JSON form may "
        "also hold 512 bytes per player and 128 per round of the limits below)",
    )
    group.add_argument(
        "--max-line-length",
        type=int,
        default=defaults.max_line_length,
        metavar="N",
        help=f"longest line read (default {defaults.max_line_length:,})",
    )
    group.add_argument(
        "--max-lines",
        type=int,
        default=defaults.max_lines,
        metavar="N",
        help=f"most lines (default {defaults.max_lines:,})",
    )
    group.add_argument(
        "--max-repeats",
        type=int,
        default=defaults.max_repeats,
        metavar="N",
        help=f"most diagnostics of one code listed per file; one more counts the rest "
        f"(default {defaults.max_repeats})",
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


def codec_option(value: str) -> str:
    """A codec option's value, refused by argparse (a usage error) unless it is a text encoding."""
    from trfkit.errors import CodecError
    from trfkit.untrusted import text_codec

    try:
        text_codec(value)
    except CodecError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return value


def limits(args: argparse.Namespace) -> Limits:
    """The limits the options ask for."""
    from trfkit.limits import Limits

    return Limits(
        max_bytes=args.max_bytes,
        max_line_length=args.max_line_length,
        max_lines=args.max_lines,
        max_players=args.max_players,
        max_rounds=args.max_rounds,
        max_repeats=args.max_repeats,
    )


def add_tiebreak_options(parser: argparse.ArgumentParser) -> None:
    """``--type``, ``--tiebreaks``, ``--rules``, ``--no-withdrawal-rule``, the uncertain rules."""
    from trfkit.compute.regime import Regime
    from trfkit.compute.tiebreaks import options as tb
    from trfkit.compute.tiebreaks.editions import Edition

    parser.add_argument(
        "--type",
        choices=_values(Regime),
        dest="event_type",
        help="treat the file as a round robin (schedule checks, C.07 15.2) or a Swiss "
        "(art. 16) instead of deciding from 192, 092 and the schedule",
    )
    parser.add_argument(
        "--tiebreaks",
        metavar="LIST",
        help="comma-separated FIDE tie-break codes, e.g. DE,WIN,SB,KS: standings computes "
        "this list, even for a report declaring one in record 212/202; check applies it to "
        "reports that declare none (default: the list for the tournament type)",
    )
    parser.add_argument(
        "--rules",
        choices=_values(Edition),
        help="tie-break rule set (default: the edition in force on the start date)",
    )
    parser.add_argument(
        "--no-withdrawal-rule",
        action="store_true",
        help="keep the games of round-robin players who completed fewer than 50%% of them",
    )
    uncertain = parser.add_argument_group(
        "uncertain tie-break rules (the defaults are the common readings; see the README)"
    )
    uncertain.add_argument(
        "--koya-threshold", choices=_values(tb.KoyaThreshold),
        default=tb.KoyaThreshold.AT_LEAST.value,
        help="KS counts opponents with at least (FIDE) or more than 50%% of the maximum",
    )
    uncertain.add_argument(
        "--sb-cut", choices=_values(tb.SbCut), default=tb.SbCut.OPPONENT_SCORE.value,
        help="SB/C1 cuts the lowest-scored opponent's product (C.07 14.1.1) or the "
        "smallest product",
    )
    uncertain.add_argument(
        "--rr-forfeit-wins-played", action="store_true",
        help="count round-robin forfeit wins as games for WON, BPG and BWG",
    )
    uncertain.add_argument(
        "--withdrawal-boundary", choices=_values(tb.WithdrawalBoundary),
        default=tb.WithdrawalBoundary.BELOW_HALF.value,
        help="annul a withdrawn round-robin player below 50%% completed, or also at 50%%",
    )
    uncertain.add_argument(
        "--withdrawal-counts-forfeits", action="store_true",
        help="a withdrawn player's completed games include forfeits before the withdrawal "
        "(default: games played over the board)",
    )
    uncertain.add_argument(
        "--ptp-perfect-score", choices=_values(tb.PerfectScorePtp),
        default=tb.PerfectScorePtp.LOWEST_RATING.value,
        help="PTP of a 100%% score: the lowest rating expecting it (highest opponent + 736, "
        "C.07 10.3 and FIDE's checker) or the highest opponent + 800",
    )
    uncertain.add_argument(
        "--unrated-rating", type=int, metavar="RATING", default=None,
        help="the rating ARO, TPR, PTP, APRO and APPO give unrated players (default: none, "
        "as FIDE's checker: with unrated players in the field those tie-breaks have no value)",
    )


def _values(choice: type[enum.Enum]) -> list[str]:
    """The command-line spellings of a closed choice: its members' values."""
    return [member.value for member in choice]


def add_schedule_options(parser: argparse.ArgumentParser) -> None:
    """Options of the round-robin schedule checks (their UNCERTAIN readings)."""
    group = parser.add_argument_group("round-robin schedule")
    _add_either(
        group, "berger_swap",
        ("--berger-swap",
         "double round robins swap the last two rounds of cycle 1 (default: either)"),
        ("--no-berger-swap", "double round robins do not swap the last two rounds of cycle 1"),
    )  # fmt: skip
    group.add_argument(
        "--team-colours", action="store_true",
        help="also check team colours in team round robins (off by default: UNCERTAIN)",
    )
    from trfkit.checks.base import BoardOrder

    group.add_argument(
        "--team-board-order", choices=_values(BoardOrder), default=BoardOrder.PAIRING.value,
        help="team board order (M006): pairing (default: boards that cross, in files with "
        "300 line-ups), fixed (also line-ups out of the team record's order), off",
    )  # fmt: skip


def event_type(args: argparse.Namespace) -> Regime | None:
    """The regime ``--type`` forces, if any."""
    from trfkit.compute.regime import Regime

    return Regime(args.event_type) if args.event_type else None


def check_options(args: argparse.Namespace) -> CheckOptions:
    """The :class:`CheckOptions` the command line asks for."""
    from trfkit.checks.base import CheckOptions

    standings = None
    source = args.standings
    if source:
        from trfkit.errors import StandingsFileError
        from trfkit.fileio import irregular
        from trfkit.trf.standings_file import load_reported

        kind = irregular(source)  # a FIFO or /dev/zero would be read forever
        if kind is not None:
            raise UsageError(f"--standings {source}: it is {kind}, not a regular file")
        try:
            standings = load_reported(source)
        except StandingsFileError as exc:
            raise UsageError(f"--standings {source}: {exc}") from None
    return CheckOptions(
        tiebreak=tiebreak_options(args),
        event_type=event_type(args),
        standings=standings,
        standings_source=source,
        berger_swap=args.berger_swap,
        berger_team_colours=args.team_colours,
        team_board_order=args.team_board_order,
        readers=getattr(args, "readers", frozenset()),
    )


def tiebreak_options(args: argparse.Namespace) -> TieBreakOptions:
    """The :class:`~trfkit.compute.tiebreaks.TieBreakOptions` the command line asks for."""
    from trfkit.compute.tiebreaks import options as tb

    tiebreaks = None
    if args.tiebreaks:
        tiebreaks = tuple(c.strip() for c in args.tiebreaks.split(",") if c.strip())
    completed = tb.CompletedGames.PLAYED
    if args.withdrawal_counts_forfeits:
        completed = tb.CompletedGames.SCHEDULED
    # argparse gives the enums' values (its choices and defaults are made from the enums)
    return tb.TieBreakOptions(
        tiebreaks=tiebreaks,
        rules=args.rules,
        withdrawals=not args.no_withdrawal_rule,
        withdrawal_boundary=args.withdrawal_boundary,
        withdrawal_completed=completed,
        koya_threshold=args.koya_threshold,
        sb_cut=args.sb_cut,
        rr_forfeit_wins_played=args.rr_forfeit_wins_played,
        ptp_perfect_score=args.ptp_perfect_score,
        unrated_rating=args.unrated_rating,
    )


def _add_either(
    group: argparse._ArgumentGroup, dest: str, yes: tuple[str, str], no: tuple[str, str]
) -> None:
    """Two exclusive flags setting *dest* to True or False (``None`` when neither is given).

    *yes* and *no* are (flag, help) pairs.
    """
    either = group.add_mutually_exclusive_group()
    either.add_argument(yes[0], dest=dest, action="store_const", const=True, default=None,
                        help=yes[1])  # fmt: skip
    either.add_argument(no[0], dest=dest, action="store_const", const=False, help=no[1])


def write_output(command: str, path: str, data: bytes) -> None:
    """Write a file a command produces (``convert -o``, ``--in-place``, ``check --report``).

    Through :func:`trfkit.fileio.write_atomic`, the one writer: a regular file is
    replaced atomically, a FIFO or character device is written to, a symbolic link is
    resolved. A stale temporary file of trfkit's removed on the way is mentioned on
    stderr. Raises :class:`OSError` when the target cannot be written.
    """
    from trfkit.fileio import write_atomic

    for removed in write_atomic(path, data):
        error(command, f"removed {removed}, a temporary file left by an interrupted run")


def unwritable(path: str) -> str | None:
    """Why :func:`write_output` would refuse *path* whatever it wrote (checked up front)."""
    from trfkit.fileio import unwritable as why

    return why(path)

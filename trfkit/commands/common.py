"""Options shared by several sub-commands, and their conversion to settings."""

from __future__ import annotations

import argparse
import enum
import os
import sys
from typing import TYPE_CHECKING

from trfkit.errors import UsageError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from trfkit.checks.base import CheckOptions
    from trfkit.compute.berger import RoundOrderChoice
    from trfkit.compute.regime import Regime
    from trfkit.compute.tiebreaks.options import TieBreakOptions
    from trfkit.config import Choice, Settings
    from trfkit.limits import Limits





def error(command: str, message: str) -> None:
    """Write ``trfkit COMMAND: MESSAGE`` to stderr: the one way a command reports a failure.

    The message is :func:`~trfkit.untrusted.printable`: a path or a name in it cannot start
    a line of its own (a forged finding or ``::error`` command) or steer the terminal.
    """
    from trfkit.untrusted import printable

    sys.stderr.write(f"trfkit {command}: {printable(message)}\n")


def split_codes(values: Sequence[str]) -> tuple[str, ...]:
    """The codes of repeated ``--select``/``--ignore`` options, each comma-separated."""
    return tuple(v.strip() for value in values for v in value.split(",") if v.strip())


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


# --- the round order ------------------------------------------------------------------------


def round_order_value(text: str) -> RoundOrderChoice:
    """``--round-order``'s type: *text* as a :class:`~trfkit.compute.berger.RoundOrderChoice`.

    The one parser of the spelling ``table|fide-swap|rotate-K|any`` on the command line (and
    in a settings file or profile, read through the option).

    Raises:
        argparse.ArgumentTypeError: With argparse's message for a spelling of no round order.
    """
    from trfkit.compute.berger import RoundOrderChoice
    from trfkit.errors import ScheduleError

    try:
        return RoundOrderChoice.parse(text)
    except ScheduleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_round_order_option(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    *,
    default: RoundOrderChoice | str,
    help_text: str | None = None,
) -> None:
    """``--round-order table|fide-swap|rotate-K|any`` (``args.round_order``, parsed).

    *default* is each command's own (``check`` and ``convert``: ``any``; ``berger``, ``draw``:
    ``table``). Add it before any :func:`add_deprecated_round_order` alias of the same parser.
    """
    from trfkit.compute.berger import ROUND_ORDER_SPELLINGS, round_order_of

    chosen = round_order_of(default)
    parser.add_argument(
        "--round-order", type=round_order_value, default=chosen, dest="round_order",
        metavar=ROUND_ORDER_SPELLINGS,
        help=help_text or (
            "the round order of a round robin: table (the Berger table's), fide-swap (a "
            "double round robin with cycle 1's last two rounds swapped, as C.05 recommends; "
            "refused for a single round robin), rotate-K (every cycle starts at table round K, "
            "Vega's Rotate-K), any (every one of those) "
            f"(default: {chosen})"
        ),
    )  # fmt: skip


class _DeprecatedRoundOrder(argparse.Action):
    """An old spelling of ``--round-order``: warns on stderr and sets the round order."""

    def __init__(
        self,
        option_strings: list[str],
        dest: str,
        *,
        values: dict[str | None, str],
        **kwargs: object,
    ) -> None:
        self.values = values
        super().__init__(option_strings, dest, **kwargs)  # type: ignore[arg-type]

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        value: object,
        option_string: str | None = None,
    ) -> None:
        if not isinstance(value, str):  # a flag
            spelling = self.values[None]
        elif None in self.values:  # --rotate K
            spelling = f"rotate-{value}"
        else:
            spelling = self.values[value]
        written = f"{option_string} {value}" if isinstance(value, str) else option_string
        sys.stderr.write(
            f"{parser.prog}: warning: {written} is deprecated and will go in a later "
            f"release; write --round-order {spelling}\n"
        )
        try:
            setattr(namespace, self.dest, round_order_value(spelling))
        except argparse.ArgumentTypeError as exc:
            parser.error(f"argument {option_string}: {exc}")


def add_deprecated_round_order(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    option: str,
    values: dict[str | None, str],
    *,
    metavar: str | None = None,
) -> None:
    """*option*, an old spelling kept one release: it warns and sets ``args.round_order``.

    *values* maps the option's value to the ``--round-order`` spelling (``None``: a flag
    without a value; ``{None: ""}`` with *metavar*: a number K, ``rotate-K``).
    """
    flag = list(values) == [None] and metavar is None
    parser.add_argument(
        option, dest="round_order", action=_DeprecatedRoundOrder, values=values,
        nargs=0 if flag else None, default=argparse.SUPPRESS, metavar=metavar,
        choices=None if flag or metavar else [v for v in values if v is not None],
        help="deprecated: " + (
            f"--round-order {values[None]}" if flag else
            "--round-order rotate-K" if metavar else
            ", ".join(f"{v}: --round-order {o}" for v, o in values.items())
        ),
    )  # fmt: skip


def add_schedule_options(parser: argparse.ArgumentParser) -> None:
    """Options of the round-robin schedule checks (their UNCERTAIN readings)."""
    group = parser.add_argument_group("round-robin schedule")
    add_round_order_option(
        group, default="any",
        help_text="the round order round robins are expected to follow: table, fide-swap "
        "(a double round robin's cycle 1 ends with its last two rounds swapped, C.05), "
        "rotate-K (Rotate-K), or any (default: each of those, or the variant a 192 code "
        "names; B001 says which one a file follows); a declared order is expected whatever "
        "192 says (B004)",
    )  # fmt: skip
    add_deprecated_round_order(group, "--berger-swap", {None: "fide-swap"})
    add_deprecated_round_order(group, "--no-berger-swap", {None: "table"})
    from trfkit.compute.recognition import TeamColours

    group.add_argument(
        "--team-colours", nargs="?", choices=_values(TeamColours),
        const=TeamColours.TOP_BOARD.value, default=TeamColours.OFF.value,
        help="team colours in team round robins (UNCERTAIN): off (default: not checked), "
        "top-board (the first-named team has White on board 1; the option alone), league "
        "(the first-named team at home, the visitors White on the odd boards)",
    )  # fmt: skip
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
    source = getattr(args, "standings", None)  # check's option only
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
        round_order=args.round_order,
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


def emit(command: str, target: str, data: bytes) -> None:
    """Write what a command produces to *target*: ``-`` is standard output, else a file.

    A file goes through :func:`write_output`; raises :class:`OSError` when it cannot be
    written.
    """
    if target == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    write_output(command, target, data)


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


def backup_input(command: str, path: str, data: bytes) -> None:
    """Keep the input as ``.bak`` before ``--in-place`` replaces it.

    The bytes kept are the ones read; a symbolic link is resolved, so the
    ``.bak`` goes beside the real file, which is the one replaced. The backup is as
    private as the original: it gets the original's mode, owner and group (where the
    process may give them), never the umask's. A ``.bak`` already there is replaced only
    when it is a regular file: a symbolic link (or a FIFO, a device) is not followed.
    """
    import stat

    from trfkit.errors import WriteError
    from trfkit.fileio import describe, write_atomic

    real = os.path.realpath(path)
    backup = real + ".bak"
    try:
        there = os.lstat(backup).st_mode
    except FileNotFoundError:
        there = None
    except OSError as exc:
        raise WriteError(f"cannot keep a backup of {path}: {exc.strerror or exc}") from None
    if there is not None and not stat.S_ISREG(there):
        kind = "a symbolic link" if stat.S_ISLNK(there) else describe(there)
        raise WriteError(
            f"cannot keep a backup of {path}: {backup} is {kind}, which --in-place does not "
            "replace (remove it, or write with -o)"
        )
    try:
        for removed in write_atomic(backup, data, like=real):
            error(command, f"removed {removed}, a temporary file left by an interrupted run")
    except OSError as exc:
        raise WriteError(f"cannot keep a backup of {path}: {exc.strerror or exc}") from None


def unwritable(path: str) -> str | None:
    """Why :func:`write_output` would refuse *path* whatever it wrote (checked up front)."""
    from trfkit.fileio import unwritable as why

    return why(path)


# --- settings files and profiles: option defaults --------------------------------------------

_OPTION_OF = {
    "withdrawal_rule": "--no-withdrawal-rule",  # the key says what holds; the flag turns it off
    "playoff_games": "--games",
    "playoff_single": "--single",
    "playoff_sudden_death": "--sudden-death",
    "playoff_if_level": "--if-level",
}
"""The option of a settings key whose name is not the key with ``-`` for ``_``."""

_INVERTED = frozenset({"withdrawal_rule"})
"""Keys whose ``true`` is the default and ``false`` the flag."""


def _option_of(key: str) -> str:
    return _OPTION_OF.get(key, "--" + key.replace("_", "-"))


def add_profile_option(parser: argparse.ArgumentParser, isolated: bool = True) -> None:
    """``--profile FILE`` (and ``--isolated`` when *isolated*); call it after every other option.

    The options a settings file or profile can set (:data:`trfkit.config.CHOICES`) keep
    their defaults, a text default copied into a :class:`_Default` of its own, so that
    :func:`apply_settings` tells an option left alone (its value *is* the default object)
    from one given on the command line (which wins), and puts the plain default back.
    """
    from trfkit.config import CHOICES

    parser.add_argument(
        "--profile", metavar="FILE",
        help="rules from this TOML file (the keys of a settings file, e.g. "
        "examples/profiles/norway.toml); the command line wins over it, it wins over a "
        "settings file",
    )  # fmt: skip
    if isolated:
        parser.add_argument(
            "--isolated", action="store_true",
            help="ignore every settings file (trfkit.toml, [tool.trfkit]); a --profile is "
            "still read",
        )  # fmt: skip
    parser.add_argument(
        "--config", metavar="FILE",
        help="the settings file to use (a trfkit.toml, or a pyproject.toml with "
        "[tool.trfkit]) instead of the one found above the checked path",
    )  # fmt: skip
    actions = {o: a for a in parser._actions for o in a.option_strings}
    defaults = {}
    for key in CHOICES:
        action = actions.get(_option_of(key))
        if action is not None:
            original = action.default
            marker = _Default(original) if isinstance(original, str) else original
            defaults[action.dest] = (marker, original)
            action.default = marker
    parser.set_defaults(settings_parser=(parser, defaults))


class _Default(str):
    """A text default, a distinct object: a value given on the command line never *is* it."""

    __slots__ = ()


def _parse(action: argparse.Action, key: str, value: object, default: object) -> object:
    """*value* of *key* read by *action*'s own parser, as if given on the command line.

    Raises:
        UsageError: With the reason, for a value the option refuses (a ValueError).
    """
    if action.nargs == 0:  # a flag: true gives it (false for an inverted key)
        if not isinstance(value, bool):
            raise UsageError(f"{key} must be true or false, not {value!r}")
        return action.const if value is not (key in _INVERTED) else default
    if isinstance(value, bool):
        raise UsageError(f"{key} takes a value, not {str(value).lower()}")
    text = ",".join(value) if isinstance(value, tuple) else str(value)
    parsed: object = text
    if action.type is not None and callable(action.type):
        try:
            parsed = action.type(text)
        except (argparse.ArgumentTypeError, TypeError, ValueError) as exc:
            why = str(exc) or "invalid value"
            quoted = "" if text in why else f" ({text!r})"
            raise UsageError(f"{key}: {why}{quoted}") from None
    if action.choices is not None and parsed not in action.choices:
        choices = ", ".join(map(str, action.choices))
        raise UsageError(f"{key}: {text!r} is not one of {choices}")
    return parsed


def _check_value(key: str, value: object) -> None:
    """A check a value meets later, made now so that a bad one is located in its file.

    A seed the drawing refuses. (A tie-break list is checked when it is computed: whether a
    code applies depends on the event, a team code on a team event.)

    Raises:
        UsageError: With the reason (a ValueError).
    """
    from trfkit.errors import TrfError

    try:
        if key == "lots" and isinstance(value, str):
            from trfkit.compute.lots import check_seed

            check_seed(value)
    except TrfError as exc:
        raise UsageError(f"{key}: {exc}") from None


def apply_settings(args: argparse.Namespace, *layers: Settings) -> list[tuple[Choice, Settings]]:
    """Fill the options not given on the command line from *layers*, first one first.

    *layers* are the profile, then the settings file found (precedence: the command line,
    then the profile, then the settings file, then trfkit's defaults). Each value is read by
    the parser of its option; a key this command has no option for is passed over. Returns
    what each layer set, with the layer.

    Raises:
        ConfigError: A value the option refuses, located in its file.
    """
    from trfkit.config import CHOICES
    from trfkit.errors import ConfigError

    parser, defaults = args.settings_parser
    actions = {o: a for a in parser._actions for o in a.option_strings}
    applied: list[tuple[Choice, Settings]] = []
    for layer in layers:
        for choice in layer.choices:
            if choice.key == "lots_algorithm":
                from trfkit.compute.lots import ALGORITHM

                if choice.value != ALGORITHM:
                    raise ConfigError(
                        f"{layer.where(choice.key)}: lots_algorithm must be {ALGORITHM!r} "
                        f"(the one trfkit draws with), not {choice.value!r}"
                    )
    for key in CHOICES:
        action = actions.get(_option_of(key))
        if action is None or action.dest not in defaults:
            continue  # not an option of this command (or one added after add_profile_option)
        marker, default = defaults[action.dest]
        value = getattr(args, action.dest, None)
        if value is not None and value is not marker:
            continue  # given on the command line (None: an option with no default, not given)
        value = default
        for layer in layers:
            found = next((c for c in layer.choices if c.key == key), None)
            if found is not None:
                try:
                    value = _parse(action, key, found.value, default)
                    _check_value(key, value)
                except ValueError as exc:
                    raise ConfigError(f"{layer.where(key)}: {exc}") from None
                applied.append((found, layer))
                break
        setattr(args, action.dest, value)
    return applied


def load_settings_layers(
    args: argparse.Namespace, start: str
) -> tuple[Settings, Settings, list[tuple[Choice, Settings]]]:
    """The profile (``--profile``) and the settings file for *start*, applied to *args*.

    ``--isolated`` reads no settings file. Returns both (empty :class:`Settings` for one
    not used) and what :func:`apply_settings` set from them.

    Raises:
        ConfigError: A file that cannot be read, an unknown key or a bad value.
    """
    from trfkit.config import Settings, load_profile, load_settings, load_settings_file

    profile = load_profile(args.profile) if args.profile else Settings()
    config = getattr(args, "config", None)
    if config:
        if getattr(args, "isolated", False):
            from trfkit.errors import ConfigError

            raise ConfigError("--config names a settings file; --isolated reads none")
        found = load_settings_file(config)
    else:
        found = Settings() if getattr(args, "isolated", False) else load_settings(start)
    return profile, found, apply_settings(args, profile, found)


def applied_files(*layers: Settings) -> list[str]:
    """The paths of the profile and settings file applied, profile first, each once."""
    return list(dict.fromkeys(layer.path for layer in layers if layer.path is not None))

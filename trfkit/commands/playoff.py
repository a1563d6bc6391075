"""The schedule of a play-off between players tied for a place.

Two players play an even number of games (--games, default 2): the colour of the first
game is drawn from the seed, then the colours alternate; if still level, single games
with alternating colours until the first decisive game (their first colour drawn anew,
as the Norwegian rules have it, or --sudden-death continue: alternating on from the
match). More than two play a round robin of those concerned, double by default (--single
for one cycle), with start numbers drawn in the order given and FIDE's swap of the last
two rounds of the first cycle.

--if-level tiebreaks decides a level two-player match by the event's tie-breaks instead
of single games (the Norwegian rules §5 allow "SB, then direct encounter"): with --from,
the standings of the report under --tiebreaks (or its 212/202, or the default list) and
the other tie-break options rank the two; if the whole list leaves them level, a lot
drawn with the colours decides, and it is printed before the games. Without --from the
rule is printed with the lot. The default, sudden-death, is the single games above.
These choices, and the tie-break options, can come from --profile FILE or a settings
file (trfkit.toml, [tool.trfkit]) found in the --from file's folder or above (the
current folder without --from); the command line wins, --isolated reads no settings
file, and the output names the files applied.

The drawings use trfkit-lots-1 (trfkit.compute.lots);
without --seed a fresh seed is made, and the seed is printed in every output. The games
of a match and the rounds of a round robin are bounded by --max-rounds, the players by
--max-players (a usage error, exit 2, beyond them).

    trfkit playoff --games 2 --seed 2026 Carlsen Caruana
    trfkit playoff --seed 7 --format json Anand Gelfand Kramnik Topalov
    trfkit playoff --from final.trf --players 2,5,7 --format trf

--format json prints {"seed", "algorithm", "players", "games": [{"game", "white",
"black"}], "if_level", "sudden_death": {"colours", "games", "until"}} for two players
("if_level": "tiebreaks": "tiebreaks": {"list", "lot", "ahead", "by", "compared"} in
place of "sudden_death"), {"seed",
"algorithm", "players", "start_numbers", "schedule": (as berger --format json)} for more;
--format trf the TRF skeleton of the schedule.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from trfkit.commands import berger, common, draw
from trfkit.errors import UsageError

if TYPE_CHECKING:
    from trfkit.compute.berger import Schedule
    from trfkit.compute.lots import Draw
    from trfkit.compute.playoff import Decision, Match
    from trfkit.model import Tournament

UNTIL = "until the first decisive game"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("names", nargs="*", metavar="NAME", help="the tied players")
    parser.add_argument(
        "--from", dest="source", metavar="FILE",
        help="take the players from this TRF file ('-': stdin), with --players",
    )
    parser.add_argument(
        "--players", metavar="LIST", help="with --from: the start ranks, e.g. 2,5,7"
    )
    parser.add_argument(
        "--games", type=int, metavar="N",
        help="games of a two-player match (even; default 2)",
    )
    parser.add_argument(
        "--single", action="store_true",
        help="more than two players: a single round robin (default: a double one)",
    )
    common.add_round_order_option(
        parser, default="any",
        help_text="more than two players: the round order, table, fide-swap (refused with "
        "--single) or rotate-K; any (default): C.05's, the FIDE swap in a double round robin, "
        "the table order in a single one",
    )  # fmt: skip
    from trfkit.compute.playoff import SuddenDeath

    parser.add_argument(
        "--sudden-death", choices=common._values(SuddenDeath), default=SuddenDeath.REDRAW.value,
        help="two players, still level: draw the first single game's colour anew "
        "(default) or go on alternating",
    )
    from trfkit.compute.playoff import IfLevel

    parser.add_argument(
        "--if-level", choices=common._values(IfLevel), default=IfLevel.SUDDEN_DEATH.value,
        help="two players, still level: single games until the first decisive one "
        "(default), or the event's tie-breaks (--from, --tiebreaks), then the lot",
    )
    draw.add_seed_argument(parser)
    parser.add_argument(
        "--format", choices=("text", "json", "trf"), default="text",
        help="output format (default: text)",
    )
    common.add_reading_options(parser)
    common.add_tiebreak_options(parser)
    common.add_profile_option(parser)  # last: it reads the options above


def _names(args: argparse.Namespace) -> list[str]:
    """The players, from the command line or the report.

    Raises:
        UsageError: For a wrong combination of options or an unusable name.
    """
    if args.source is None:
        if args.players is not None:
            raise UsageError("--players takes start ranks of a report: give --from FILE")
        given = [(f"name {n}", name) for n, name in enumerate(args.names, 1)]
        return draw.check_names(given, args.max_players)
    if args.names or args.players is None:
        raise UsageError("--from FILE takes the players as start ranks: --players 2,5,7")
    try:
        ranks = [int(part) for part in args.players.split(",")]
    except ValueError:
        raise UsageError("--players must be start ranks separated by commas, e.g. 2,5,7") from None
    by_rank = {p.start_rank: p for p in _tournament(args).players}
    picked = []
    for rank in ranks:
        if rank not in by_rank:
            raise UsageError(f"{args.source}: no player with start rank {rank}")
        picked.append((f"player {rank}", by_rank[rank].name.strip()))
    return draw.check_names(picked, args.max_players)


def _tournament(args: argparse.Namespace) -> Tournament:
    """The report of ``--from``, read once.

    Raises:
        UsageError: When it cannot be read or holds no players.
    """
    cached = getattr(args, "tournament", None)
    if cached is None:
        from trfkit.audit import read_bytes, read_stdin
        from trfkit.errors import UsageError
        from trfkit.trf.reader import parse

        limits = common.limits(args)
        data = read_stdin(limits) if args.source == "-" else read_bytes(args.source, limits)
        if isinstance(data, str):
            raise UsageError(data)
        result = parse(data, encoding=args.encoding, limits=limits)
        if result.fatal is not None:
            raise UsageError(f"{args.source}: {result.fatal.message}")
        if not result.tournament.players:
            raise UsageError(f"{args.source}: no player records")
        cached = args.tournament = result.tournament
    return cached


def _decision(args: argparse.Namespace, m: Match) -> Decision | None:
    """With --from: how the event's tie-breaks decide the level match *m* (else ``None``).

    Raises:
        UsageError: The tie-break options cannot be applied, or the two are not level.
    """
    from trfkit.compute.playoff import decide_level
    from trfkit.compute.regime import decide
    from trfkit.compute.standings import compute_standings
    from trfkit.compute.tiebreaks import TieBreakError

    if args.source is None:
        return None
    tournament = _tournament(args)
    ranks = [int(part) for part in args.players.split(",")]
    try:
        st = compute_standings(
            tournament,
            common.tiebreak_options(args),
            regime=decide(tournament, common.event_type(args)),
        )
    except TieBreakError as exc:  # a code of --tiebreaks: the option's fault, exit 2
        raise UsageError(str(exc)) from None
    return decide_level(st, (ranks[0], ranks[1]), m)


def run(args: argparse.Namespace) -> int:
    """Print the play-off's schedule; exit 2 for unusable input."""
    import os

    from trfkit.compute import playoff
    from trfkit.errors import ConfigError

    try:  # the command line, then --profile, then the settings file, then the defaults
        start = args.source if args.source not in (None, "-") else os.getcwd()
        profile, found, applied = common.load_settings_layers(args, start)
    except ConfigError as exc:
        common.error("playoff", str(exc))
        return 2
    files = {"profile": profile.path, "settings": found.path}
    games_set = any(choice.key == "playoff_games" for choice, _ in applied)
    decision = None
    try:
        seed = draw.seed_of(args)
        names = _names(args)
        if len(names) < 2:
            raise UsageError(f"a play-off needs at least 2 players, not {len(names)}")
        if len(names) == 2:
            games = 2 if args.games is None else args.games
            if games > args.max_rounds:  # a game is a round of the skeleton: the same limit
                raise UsageError(
                    f"--games {games:,}: more than the limit of {args.max_rounds:,} "
                    "rounds (--max-rounds)"
                )
            level = playoff.IfLevel(args.if_level)
            made = playoff.match(
                names, games, seed, playoff.SuddenDeath(args.sudden_death), if_level=level
            )
            if level is playoff.IfLevel.TIEBREAKS:
                decision = _decision(args, made)
            result: Match | tuple[Draw, Schedule] = made
        elif args.games is not None and not games_set:  # a profile's is for two players
            raise UsageError("--games is for a match of two players; more play a round robin")
        else:
            result = playoff.round_robin(
                names, seed, args.max_rounds, double=not args.single, order=args.round_order
            )
        if args.format == "trf":
            draw.check_width(names)
    except ValueError as exc:
        common.error("playoff", str(exc))
        return 2
    if isinstance(result, tuple):
        out = _round_robin(args.format, *result, files=files)
    else:
        out = _match(args.format, result, decision, _listed(args), files)
    sys.stdout.write(out)
    return 0


def _listed(args: argparse.Namespace) -> list[str] | None:
    """The tie-break list asked for (``--tiebreaks`` or a profile's), if any."""
    if not args.tiebreaks:
        return None
    return [code.strip() for code in args.tiebreaks.split(",") if code.strip()]


def _applied(files: dict[str, str | None]) -> list[str]:
    """``Profile:   PATH`` lines for the profile and settings file applied."""
    return [f"{key.title() + ':':<10} {path}" for key, path in files.items() if path]


def _dump(doc: dict[str, Any]) -> str:
    from trfkit.report.json import dumps_json

    return dumps_json(doc) + "\n"


def _tiebreaks_text(m: Match, decision: Decision | None, listed: list[str] | None) -> list[str]:
    """The lines saying how the tie-breaks, then the lot, decide a level match."""
    from trfkit.numbers import format_number

    codes = ", ".join(listed) if listed else "the event's list"
    lines = [f"If still level: decided by the tie-breaks ({codes}), then by lot."]
    if decision is None:
        lines.append(f"If the tie-breaks leave them level, the lot puts {m.lot} ahead.")
        return lines
    for c in decision.compared:
        lines.append(
            f"  {c.code}: {m.players[0]} {format_number(c.first) or '-'}, "
            f"{m.players[1]} {format_number(c.second) or '-'}"
        )
    if decision.by == "lot":
        lines.append(f"Level on every tie-break: the lot puts {decision.ahead} ahead.")
    else:
        lines.append(f"{decision.ahead} is ahead by {decision.by}.")
    return lines


def _tiebreaks_json(
    m: Match, decision: Decision | None, listed: list[str] | None
) -> dict[str, Any]:
    from trfkit.report.json import add_number

    doc: dict[str, Any] = {"list": listed, "lot": m.lot, "ahead": None, "by": None}
    if decision is not None:
        doc["ahead"], doc["by"] = decision.ahead, decision.by
        compared = []
        for c in decision.compared:
            item: dict[str, Any] = {"code": c.code}
            add_number(item, "first", c.first, False)
            add_number(item, "second", c.second, False)
            compared.append(item)
        doc["compared"] = compared
    return doc


def _match(
    form: str,
    m: Match,
    decision: Decision | None = None,
    listed: list[str] | None = None,
    files: dict[str, str | None] | None = None,
) -> str:
    from trfkit.compute.lots import ALGORITHM
    from trfkit.compute.playoff import IfLevel, SuddenDeath
    from trfkit.model import Colour
    from trfkit.untrusted import printable_lines

    files = files or {}
    how = "drawn anew" if m.rule is SuddenDeath.REDRAW else "alternating on from the match"
    by_tiebreaks = m.if_level is IfLevel.TIEBREAKS
    if form == "json":
        doc: dict[str, Any] = {
            "seed": m.seed,
            "algorithm": ALGORITHM,
            "players": list(m.players),
            "games": [{"game": g.number, "white": g.white, "black": g.black} for g in m.games],
            "if_level": m.if_level.value,
        }
        if by_tiebreaks:
            doc["tiebreaks"] = _tiebreaks_json(m, decision, listed)
        else:
            doc["sudden_death"] = {
                "colours": m.rule.value,
                "games": [
                    {"game": g.number, "white": g.white, "black": g.black}
                    for g in m.sudden_death
                ],
                "until": UNTIL,
            }
        doc.update({key: path for key, path in files.items() if path})
        return _dump(doc)
    if form == "trf":
        a, b = m.players
        # start numbers 1 and 2: each meets the other, with White where the game says so
        own = {
            name: [(other, Colour.WHITE if g.white == name else Colour.BLACK) for g in m.games]
            for name, other in ((a, 2), (b, 1))
        }  # fmt: skip
        return berger.skeleton(
            f"Play-off: {a} - {b}", "Individual: Play-off match", "CUSTOM_ROUNDROBIN",
            len(m.games), [(a, own[a]), (b, own[b])],
        )  # fmt: skip
    width = max(len(n) for n in m.players)
    lines = [
        *_applied(files),
        f"Play-off between {m.players[0]} and {m.players[1]}: {len(m.games)} games, the "
        "first colour drawn, then alternating",
        draw.seed_line(m.seed),
        "",
        *(f"Game {g.number:>2}: {g.white:<{width}} (White) - {g.black} (Black)" for g in m.games),
        "",
    ]
    if by_tiebreaks:
        lines += _tiebreaks_text(m, decision, listed)
    else:
        lines += [
            f"If still level: single games, the first colour {how}, then alternating, {UNTIL}:",
            *(f"Game {g.number:>2}: {g.white:<{width}} (White) - {g.black} (Black)"
              for g in m.sudden_death),
            f"... and so on, alternating, {UNTIL}.",
        ]  # fmt: skip
    return printable_lines("\n".join(lines) + "\n")


def _round_robin(
    form: str, drawn: Draw, table: Schedule, files: dict[str, str | None] | None = None
) -> str:
    from trfkit.compute.lots import ALGORITHM
    from trfkit.untrusted import printable_lines

    files = files or {}
    names = drawn.by_number
    if form == "json":
        doc = {
            "seed": drawn.seed,
            "algorithm": ALGORITHM,
            "players": list(drawn.drawing),
            "start_numbers": [{"number": n, "name": name} for n, name in enumerate(names, 1)],
            "schedule": berger.as_json(table),
        }
        doc.update({key: path for key, path in files.items() if path})
        return _dump(doc)
    if form == "trf":
        cycles = "double" if table.cycles == 2 else "single"
        return berger.as_trf(table, names, (
            f"Play-off: {cycles} round robin of {len(names)} players",
            "Individual: Play-off (round robin)",
        ))  # fmt: skip
    lines = [
        *_applied(files),
        f"Play-off round robin of {len(names)} players (start numbers drawn in the order given)",
        draw.seed_line(drawn.seed),
        "",
        "Start numbers:",
        *(f"{n:>4}  {name}" for n, name in enumerate(names, 1)),
        "",
    ]
    return printable_lines("\n".join(lines) + "\n" + berger.as_text(table))

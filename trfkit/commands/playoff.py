"""The schedule of a play-off between players tied for a place.

Two players play an even number of games (--games, default 2): the colour of the first
game is drawn from the seed, then the colours alternate; if still level, single games
with alternating colours until the first decisive game (their first colour drawn anew,
as the Norwegian rules have it, or --sudden-death continue: alternating on from the
match). More than two play a round robin of those concerned, double by default (--single
for one cycle), with start numbers drawn in the order given and FIDE's swap of the last
two rounds of the first cycle. The drawings use trfkit-lots-1 (trfkit.compute.lots);
without --seed a fresh seed is made, and the seed is printed in every output. The games
of a match and the rounds of a round robin are bounded by --max-rounds, the players by
--max-players (a usage error, exit 2, beyond them).

    trfkit playoff --games 2 --seed 2026 Carlsen Caruana
    trfkit playoff --seed 7 --format json Anand Gelfand Kramnik Topalov
    trfkit playoff --from final.trf --players 2,5,7 --format trf

--format json prints {"seed", "algorithm", "players", "games": [{"game", "white",
"black"}], "sudden_death": {"colours", "games", "until"}} for two players and {"seed",
"algorithm", "players", "start_numbers", "schedule": (as berger --format json)} for more;
--format trf the TRF skeleton of the schedule.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from trfkit.commands import berger, common, draw

if TYPE_CHECKING:
    from trfkit.compute.berger import Schedule
    from trfkit.compute.lots import Draw
    from trfkit.compute.playoff import Match

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
    from trfkit.compute.playoff import SuddenDeath

    parser.add_argument(
        "--sudden-death", choices=common._values(SuddenDeath), default=SuddenDeath.REDRAW.value,
        help="two players, still level: draw the first single game's colour anew "
        "(default) or go on alternating",
    )
    draw.add_seed_argument(parser)
    parser.add_argument(
        "--format", choices=("text", "json", "trf"), default="text",
        help="output format (default: text)",
    )
    common.add_reading_options(parser)


def _names(args: argparse.Namespace) -> list[str]:
    """The players, from the command line or the report.

    Raises:
        ValueError: For a wrong combination of options or an unusable name.
    """
    if args.source is None:
        if args.players is not None:
            raise ValueError("--players takes start ranks of a report: give --from FILE")
        given = [(f"name {n}", name) for n, name in enumerate(args.names, 1)]
        return draw.check_names(given, args.max_players)
    if args.names or args.players is None:
        raise ValueError("--from FILE takes the players as start ranks: --players 2,5,7")
    try:
        ranks = [int(part) for part in args.players.split(",")]
    except ValueError:
        raise ValueError("--players must be start ranks separated by commas, e.g. 2,5,7") from None
    by_rank = {p.start_rank: p for p in draw.read_players(args, args.source)}
    picked = []
    for rank in ranks:
        if rank not in by_rank:
            raise ValueError(f"{args.source}: no player with start rank {rank}")
        picked.append((f"player {rank}", by_rank[rank].name.strip()))
    return draw.check_names(picked, args.max_players)


def run(args: argparse.Namespace) -> int:
    """Print the play-off's schedule; exit 2 for unusable input."""
    from trfkit.compute import playoff

    try:
        seed = draw.seed_of(args)
        names = _names(args)
        if len(names) < 2:
            raise ValueError(f"a play-off needs at least 2 players, not {len(names)}")
        if len(names) == 2:
            games = 2 if args.games is None else args.games
            if games > args.max_rounds:  # a game is a round of the skeleton: the same limit
                raise ValueError(
                    f"--games {games:,}: more than the limit of {args.max_rounds:,} "
                    "rounds (--max-rounds)"
                )
            result: Match | tuple[Draw, Schedule] = playoff.match(
                names, games, seed, playoff.SuddenDeath(args.sudden_death)
            )
        elif args.games is not None:
            raise ValueError("--games is for a match of two players; more play a round robin")
        else:
            result = playoff.round_robin(names, seed, args.max_rounds, double=not args.single)
        if args.format == "trf":
            draw.check_width(names)
    except ValueError as exc:
        common.error("playoff", str(exc))
        return 2
    if isinstance(result, tuple):
        out = _round_robin(args.format, *result)
    else:
        out = _match(args.format, result)
    sys.stdout.write(out)
    return 0


def _dump(doc: dict[str, Any]) -> str:
    from trfkit.report.json import dumps_json

    return dumps_json(doc) + "\n"


def _match(form: str, m: Match) -> str:
    from trfkit.compute.lots import ALGORITHM
    from trfkit.compute.playoff import SuddenDeath
    from trfkit.model import Colour
    from trfkit.untrusted import printable_lines

    how = "drawn anew" if m.rule is SuddenDeath.REDRAW else "alternating on from the match"
    if form == "json":
        return _dump({
            "seed": m.seed,
            "algorithm": ALGORITHM,
            "players": list(m.players),
            "games": [{"game": g.number, "white": g.white, "black": g.black} for g in m.games],
            "sudden_death": {
                "colours": m.rule.value,
                "games": [
                    {"game": g.number, "white": g.white, "black": g.black}
                    for g in m.sudden_death
                ],
                "until": UNTIL,
            },
        })  # fmt: skip
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
        f"Play-off between {m.players[0]} and {m.players[1]}: {len(m.games)} games, the "
        "first colour drawn, then alternating",
        draw.seed_line(m.seed),
        "",
        *(f"Game {g.number:>2}: {g.white:<{width}} (White) - {g.black} (Black)" for g in m.games),
        "",
        f"If still level: single games, the first colour {how}, then alternating, {UNTIL}:",
        *(f"Game {g.number:>2}: {g.white:<{width}} (White) - {g.black} (Black)"
          for g in m.sudden_death),
        f"... and so on, alternating, {UNTIL}.",
    ]
    return printable_lines("\n".join(lines) + "\n")


def _round_robin(form: str, drawn: Draw, table: Schedule) -> str:
    from trfkit.compute.lots import ALGORITHM
    from trfkit.untrusted import printable_lines

    names = drawn.by_number
    if form == "json":
        return _dump({
            "seed": drawn.seed,
            "algorithm": ALGORITHM,
            "players": list(drawn.drawing),
            "start_numbers": [{"number": n, "name": name} for n, name in enumerate(names, 1)],
            "schedule": berger.as_json(table),
        })  # fmt: skip
    if form == "trf":
        cycles = "double" if table.cycles == 2 else "single"
        return berger.as_trf(table, names, (
            f"Play-off: {cycles} round robin of {len(names)} players",
            "Individual: Play-off (round robin)",
        ))  # fmt: skip
    lines = [
        f"Play-off round robin of {len(names)} players (start numbers drawn in the order given)",
        draw.seed_line(drawn.seed),
        "",
        "Start numbers:",
        *(f"{n:>4}  {name}" for n, name in enumerate(names, 1)),
        "",
    ]
    return printable_lines("\n".join(lines) + "\n" + berger.as_text(table))

"""Print the FIDE Berger table (C.05 Annex 1) for N players.

Two views, as arbiters use them: the round table (pairings per round in FIDE
board order, White first, the bye shown for an odd field) and every player's
schedule (opponent and colour per round).

    trfkit berger 6
    trfkit berger 10 --double --swap-last-two
    trfkit berger 7 --rotate 4 --format json
    trfkit berger 8 --format trf > skeleton.trf

--format json prints {"players": N, "cycles": C, "rounds": [{"round": 1,
"pairings": [[white, black], ...], "bye": null}, ...]}; --format trf prints a
TRF skeleton (players 1..N, scheduled opponents and colours, no results).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from trfkit.commands import common

if TYPE_CHECKING:
    from trfkit.compute.berger import Schedule


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("players", type=int, metavar="N", help="number of players (at least 3)")
    cycles = parser.add_mutually_exclusive_group()
    cycles.add_argument(
        "--cycles", type=int, default=1, metavar="C",
        help="how often every pair meets (default 1); each further cycle reverses the colours",
    )
    cycles.add_argument("--double", action="store_true", help="a double round robin (--cycles 2)")
    parser.add_argument(
        "--swap-last-two", action="store_true",
        help="play the last two rounds of the first cycle in reverse order (FIDE's "
        "recommendation for a double round robin)",
    )
    parser.add_argument(
        "--rotate", type=int, default=1, metavar="K",
        help="start every cycle at table round K and wrap around (Rotate-K; default 1)",
    )
    parser.add_argument(
        "--format", choices=("text", "json", "trf"), default="text",
        help="output format (default: text)",
    )
    from trfkit.limits import Limits

    default = Limits().max_rounds
    parser.add_argument(
        "--max-rounds", type=int, default=default, metavar="N",
        help=f"most rounds of the table (default {default}, the rounds a TRF file may hold)",
    )


def run(args: argparse.Namespace) -> int:
    """Print the table; exit 2 when the options cannot make one."""
    from trfkit.compute import berger

    cycles = 2 if args.double else args.cycles
    try:
        if args.players > 9999:
            raise ValueError("start ranks have four digits: at most 9999 players")
        if cycles < 1:
            raise ValueError(f"--cycles must be at least 1, not {cycles}")
        # the size of the table is known before it is made: refuse it then, not after
        rounds = (berger.table_size(args.players) - 1) * cycles
        if rounds > args.max_rounds:
            raise ValueError(
                f"{args.players:,} players and {cycles:,} cycle{'s' * (cycles > 1)} make "
                f"{rounds:,} rounds, "
                f"more than the limit of {args.max_rounds:,} (--max-rounds)"
            )
        table = berger.schedule(
            args.players, cycles, swap_last_two=args.swap_last_two, rotate=args.rotate
        )
    except ValueError as exc:
        common.error("berger", str(exc))
        return 2
    if args.format == "json":
        sys.stdout.write(json.dumps(as_json(table)) + "\n")
    elif args.format == "trf":
        sys.stdout.write(as_trf(table))
    else:
        sys.stdout.write(as_text(table))
    return 0


def as_json(table: Schedule) -> dict[str, object]:
    """The JSON document: players, cycles and every round's pairings and bye."""
    return {
        "players": table.players,
        "cycles": table.cycles,
        "rounds": [
            {
                "round": r.number,
                "pairings": [[white, black] for white, black in r.pairings],
                "bye": r.bye,
            }
            for r in table.rounds
        ],
    }


def _title(table: Schedule) -> str:
    cycles = {1: "single", 2: "double"}.get(table.cycles, f"{table.cycles}-cycle")
    m = table.size - 1
    return (
        f"Berger table (FIDE C.05 Annex 1) for {table.players} players: {cycles} round robin, "
        f"{len(table.rounds)} rounds, {table.order.describe(m)}"
    )


def as_text(table: Schedule) -> str:
    """The round table followed by every player's schedule."""
    width = len(str(table.size))
    lines = [_title(table), "", "Rounds (White–Black, board order):"]
    label_width = max(len(f"Round {len(table.rounds)}"), len(f"Player {table.players}"))
    for r in table.rounds:
        games = "  ".join(f"{w:>{width}}–{b:<{width}}" for w, b in r.pairings)
        bye = f"  bye: {r.bye}" if r.bye is not None else ""
        lines.append(f"{'Round ' + str(r.number):<{label_width}}  {games}{bye}".rstrip())
    lines += ["", "Players (opponent and colour per round; - = bye):"]
    cell = width + 2
    head = " " * (label_width + 2) + " ".join(
        f"{'R' + str(r.number):>{cell}}" for r in table.rounds
    )
    lines.append(head.rstrip())
    for player in range(1, table.players + 1):
        cells = []
        for opponent, colour in table.player_schedule(player):
            text = "-" if opponent is None else f"{opponent}{colour.value}"
            cells.append(f"{text:>{cell}}")
        lines.append(f"{'Player ' + str(player):<{label_width}}  " + " ".join(cells))
    return "\n".join(lines) + "\n"


def _type_code(table: Schedule) -> str:
    if table.order.name not in ("table", "fide-swap"):
        return "CUSTOM_ROUNDROBIN"
    if table.cycles == 1:
        return "FIDE_ROUNDROBIN" if table.order.name == "table" else "CUSTOM_ROUNDROBIN"
    if table.cycles == 2:
        swapped = table.order.name == "fide-swap"
        return "FIDE_DOUBLEROUNDROBIN" if swapped else "BERGER_DOUBLEROUNDROBIN"
    if table.order.name == "fide-swap":
        return "CUSTOM_ROUNDROBIN"
    return f"BERGER_ROUNDROBIN_G{table.cycles}"


def as_trf(table: Schedule) -> str:
    """A TRF-2026 skeleton: players 1…N with their scheduled opponents and colours."""
    from trfkit.model import Colour, Player, RoundCount, RoundResult, TextRecord, Tournament
    from trfkit.trf.writer import render_canonical

    records: list[object] = [
        TextRecord("012", f"Berger table for {table.players} players"),
        TextRecord("062", str(table.players)),
        TextRecord("092", "Individual: Round robin (Berger table)"),
        RoundCount("142", len(table.rounds)),
        TextRecord("192", _type_code(table)),
    ]
    for player in range(1, table.players + 1):
        blocks = []
        for number, (opponent, colour) in enumerate(table.player_schedule(player), start=1):
            if opponent is None:
                blocks.append(RoundResult(number, None, Colour.NONE, None))
            else:
                blocks.append(RoundResult(number, opponent, colour, None))
        records.append(Player(player, name=f"Player {player}", rounds=tuple(blocks)))
    tournament = Tournament(tuple(records))  # type: ignore[arg-type]
    return render_canonical(tournament)

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
TRF skeleton (players 1..N, scheduled opponents and colours, no results). Every
format is printed as it is made, a round or a player at a time: memory stays that of
one line however large the table (berger 9999 --max-rounds 9999 prints 1.6 GB of text
in about 25 MiB).

--analyse prints every player's colour string and the colour runs of the chosen
schedule: runs of exactly two equal colours, of three or more, the runs across a
cycle boundary, the players with one colour in four of five consecutive games, and
the Whites and Blacks (trfkit.compute.colour_runs). --compare prints those figures
for the table order, the FIDE swap and every Rotate-k side by side and names the
variant with the fewest long runs (it makes every order itself: --rotate and
--swap-last-two are refused; it reads variants x rounds x players colours, at most
16,000,000: 200 players in a double round robin); with --format json: {"players": N, "cycles": C,
"best": NAME, "variants": [{"name", "description", "same_twice", "same_thrice",
"across_cycles", "four_of_five", "players": {"1": {"colours", "white", "black",
...}}}]}. --bye-runs says whether a bye breaks a run (UNCERTAIN; default: it is
skipped).

    trfkit berger 10 --double --analyse --compare
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from trfkit.commands import common
from trfkit.errors import UsageError

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from trfkit.compute.berger import BergerRound, Plan, Schedule
    from trfkit.compute.colour_runs import ColourAnalysis
    from trfkit.model import Colour


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("players", type=int, metavar="N", help="number of players (at least 3)")
    add_schedule_arguments(parser)
    parser.add_argument(
        "--format", choices=("text", "json", "trf"), default="text",
        help="output format (default: text)",
    )
    parser.add_argument(
        "--analyse", action="store_true",
        help="print every player's colours and the colour runs of the schedule",
    )
    parser.add_argument(
        "--compare", action="store_true",
        help="the colour figures of the table order, the FIDE swap and every Rotate-k side "
        "by side (alone or with --analyse; it makes every order, so --rotate and "
        "--swap-last-two are refused; at most 200 players in a double round robin)",
    )
    from trfkit.compute.colour_runs import ByeRule

    parser.add_argument(
        "--bye-runs", choices=common._values(ByeRule), default=ByeRule.SKIP.value,
        help="with --analyse or --compare: whether a bye is skipped in a colour run or "
        "ends it (default: skip)",
    )


def add_schedule_arguments(parser: argparse.ArgumentParser, *, max_rounds: bool = True) -> None:
    """The options of a schedule: cycles, the swap, Rotate-K and the rounds limit.

    *max_rounds* false leaves ``--max-rounds`` to the reading options, which declare it too.
    """
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
    if not max_rounds:
        return
    from trfkit.limits import Limits

    default = Limits().max_rounds
    parser.add_argument(
        "--max-rounds", type=int, default=default, metavar="N",
        help=f"most rounds of the table (default {default}, the rounds a TRF file may hold)",
    )


def run(args: argparse.Namespace) -> int:
    """Print the table; exit 2 when the options cannot make one."""
    try:
        if args.format == "trf" and (args.analyse or args.compare):
            raise UsageError("--analyse and --compare print text or json, not trf")
        if args.compare and (args.rotate != 1 or args.swap_last_two):
            raise UsageError(
                "--compare makes every round order itself: leave out --rotate and "
                "--swap-last-two"
            )
        table = plan_of(args, args.players)
    except ValueError as exc:
        common.error("berger", str(exc))
        return 2
    if args.analyse or args.compare:
        return _analyse(args, table.schedule())
    if args.format == "json":
        lines = json_lines(table)
    elif args.format == "trf":
        lines = trf_lines(table)
    else:
        lines = text_lines(table)
    write = sys.stdout.write
    for line in lines:  # written as made: memory follows a round or a player, not the table
        write(line)
    return 0


def plan_of(args: argparse.Namespace, players: int) -> Plan:
    """The schedule the options of :func:`add_schedule_arguments` ask for, described.

    Checked against the limits without making a round (:func:`trfkit.compute.berger.limited_plan`).

    Raises:
        UsageError: With the message to show when the options cannot make one.
    """
    from trfkit.compute import berger

    cycles = 2 if args.double else args.cycles
    return berger.limited_plan(
        players, cycles, args.max_rounds, swap_last_two=args.swap_last_two, rotate=args.rotate
    )


def schedule_of(args: argparse.Namespace, players: int) -> Schedule:
    """The schedule the options of :func:`add_schedule_arguments` ask for, made.

    Raises:
        UsageError: With the message to show when the options cannot make one.
    """
    return plan_of(args, players).schedule()


def _round_json(r: BergerRound) -> dict[str, object]:
    return {"round": r.number, "pairings": [[white, black] for white, black in r.pairings],
            "bye": r.bye}  # fmt: skip


def as_json(table: Schedule | Plan) -> dict[str, object]:
    """The JSON document: players, cycles and every round's pairings and bye."""
    return {
        "players": table.players,
        "cycles": table.cycles,
        "rounds": [_round_json(r) for r in table.iter_rounds()],
    }


def json_lines(table: Schedule | Plan) -> Iterator[str]:
    """``json.dumps(as_json(table))`` and a newline, in pieces: one round at a time."""
    head = json.dumps({"players": table.players, "cycles": table.cycles, "rounds": []})
    yield head[: -len("]}")]
    for index, r in enumerate(table.iter_rounds()):
        yield (", " if index else "") + json.dumps(_round_json(r))
    yield "]}\n"


def _title(table: Schedule | Plan) -> str:
    cycles = {1: "single", 2: "double"}.get(table.cycles, f"{table.cycles}-cycle")
    m = table.size - 1
    return (
        f"Berger table (FIDE C.05 Annex 1) for {table.players} players: {cycles} round robin, "
        f"{table.round_count} rounds, {table.order.describe(m)}"
    )


def as_text(table: Schedule | Plan) -> str:
    """The round table followed by every player's schedule."""
    return "".join(text_lines(table))


def text_lines(table: Schedule | Plan) -> Iterator[str]:
    """The lines of :func:`as_text`, each with its newline, made one at a time."""
    from trfkit.model import Colour

    width = len(str(table.size))
    yield from (_title(table) + "\n", "\n", "Rounds (White–Black, board order):\n")
    label_width = max(len(f"Round {table.round_count}"), len(f"Player {table.players}"))
    # every number's text on either side of a game, made once
    left = [f"{n:>{width}}" for n in range(table.size + 1)]
    right = [f"{n:<{width}}" for n in range(table.size + 1)]
    for r in table.iter_rounds():
        games = "  ".join(left[w] + "–" + right[b] for w, b in r.pairings)
        bye = f"  bye: {r.bye}" if r.bye is not None else ""
        yield f"{'Round ' + str(r.number):<{label_width}}  {games}{bye}".rstrip() + "\n"
    yield from ("\n", "Players (opponent and colour per round; - = bye):\n")
    cell = width + 2
    head = " " * (label_width + 2) + " ".join(
        f"{'R' + str(number):>{cell}}" for number in range(1, table.round_count + 1)
    )
    yield head.rstrip() + "\n"
    cells = {
        colour: [f"{str(n) + colour.value:>{cell}}" for n in range(table.size + 1)]
        for colour in (Colour.WHITE, Colour.BLACK)
    }
    bye_cell = f"{'-':>{cell}}"
    for player in range(1, table.players + 1):
        line = " ".join(
            bye_cell if opponent is None else cells[colour][opponent]
            for opponent, colour in table.player_schedule(player)
        )
        yield f"{'Player ' + str(player):<{label_width}}  " + line + "\n"


def _type_code(table: Schedule | Plan) -> str:
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


def as_trf(
    table: Schedule | Plan,
    names: Sequence[str] | None = None,
    title: tuple[str, str] | None = None,
) -> str:
    """A TRF-2026 skeleton: players 1…N with their scheduled opponents and colours.

    *names* are the players' names by start number (``Player N`` without them); *title*
    the 012 and 092 texts (default: a Berger table's).
    """
    return "".join(trf_lines(table, names, title))


def trf_lines(
    table: Schedule | Plan,
    names: Sequence[str] | None = None,
    title: tuple[str, str] | None = None,
) -> Iterator[str]:
    """The lines of :func:`as_trf`, each player's made when reached."""
    event, kind = title or (
        f"Berger table for {table.players} players", "Individual: Round robin (Berger table)"
    )
    players = (
        (names[player - 1] if names else f"Player {player}", table.player_schedule(player))
        for player in range(1, table.players + 1)
    )
    return skeleton_lines(
        event, kind, _type_code(table), table.round_count, table.players, players
    )


def skeleton(
    title: str,
    kind: str,
    type_code: str,
    rounds: int,
    players: Sequence[tuple[str, Sequence[tuple[int | None, Colour]]]],
) -> str:
    """The one writer of a TRF-2026 schedule without results.

    Records 012, 062, 092, 142, 192, then one 001 line per player (start numbers 1…) with
    its opponent and colour per round (``None``: no game).
    """
    return "".join(skeleton_lines(title, kind, type_code, rounds, len(players), players))


def skeleton_lines(
    title: str,
    kind: str,
    type_code: str,
    rounds: int,
    count: int,
    players: Iterable[tuple[str, Sequence[tuple[int | None, Colour]]]],
) -> Iterator[str]:
    """The lines of :func:`skeleton` for *count* players, each 001 line made when reached.

    Each record is written as the canonical writer writes it (its line without trailing
    blanks, then a newline), so the text is the one of the tournament made whole.
    """
    from trfkit.model import Colour, Player, RoundCount, RoundResult, TextRecord
    from trfkit.trf.writer import render_record

    header = (
        TextRecord("012", title),
        TextRecord("062", str(count)),
        TextRecord("092", kind),
        RoundCount("142", rounds),
        TextRecord("192", type_code),
    )
    for record in header:
        yield render_record(record).rstrip() + "\n"
    for number, (name, games) in enumerate(players, start=1):
        blocks = [
            RoundResult(r, None, Colour.NONE, None)
            if opponent is None
            else RoundResult(r, opponent, colour, None)
            for r, (opponent, colour) in enumerate(games, start=1)
        ]
        player = Player(number, name=name, rounds=tuple(blocks))
        yield render_record(player).rstrip() + "\n"


def _analyse(args: argparse.Namespace, table: Schedule) -> int:
    """``--analyse`` and ``--compare``: the colour figures, as text or JSON."""
    from trfkit.compute import colour_runs

    bye = colour_runs.ByeRule(args.bye_runs)
    if args.compare:
        try:
            variants = colour_runs.compare(table.players, table.cycles, bye)
        except ValueError as exc:
            common.error("berger", str(exc))
            return 2
    else:
        variants = (colour_runs.analyse(table, bye),)
    if args.format == "json":
        sys.stdout.write(json.dumps(analysis_json(table, variants, args.compare)) + "\n")
    elif args.compare:
        sys.stdout.write(comparison_text(table, variants))
    else:
        sys.stdout.write(analysis_text(table, variants[0]))
    return 0


_FIGURES = ("same_twice", "same_thrice", "across_cycles", "four_of_five")
_HEADS = ("twice", "thrice+", "across", "4 of 5")
_ORDER = "Table rounds of cycle 1"


def analysis_json(
    table: Schedule, variants: Sequence[ColourAnalysis], compared: bool
) -> dict[str, object]:
    """The ``--analyse --format json`` document (the module docstring gives its shape)."""
    from trfkit.compute.colour_runs import best

    doc: dict[str, object] = {"players": table.players, "cycles": table.cycles}
    if compared:
        doc["best"] = best(variants).name
    doc["variants"] = [
        {
            "name": v.name,
            "description": v.description,
            **{f: getattr(v, f) for f in _FIGURES},
            "players": {
                str(p.player): {
                    "colours": p.colours,
                    "white": p.white,
                    "black": p.black,
                    **{f: getattr(p, f) for f in _FIGURES},
                }
                for p in v.players
            },
        }
        for v in variants
    ]
    return doc


def _cycles_text(table: Schedule) -> str:
    cycles = {1: "single", 2: "double"}.get(table.cycles, f"{table.cycles}-cycle")
    return f"{table.players} players, {cycles} round robin, {table.round_count} rounds"


def analysis_text(table: Schedule, analysis: ColourAnalysis) -> str:
    """Every player's colours (``|`` between cycles) and runs, then the totals."""
    m = analysis.rounds_per_cycle
    lines = [
        f"Colours of the Berger table for {_cycles_text(table)}, {analysis.description}",
        "",
        f"{'Player':>6}  {'Colours':<{len(table.rounds) + table.cycles - 1}}   W   B  "
        + "  ".join(_HEADS),
    ]
    for p in analysis.players:
        colours = "|".join(p.colours[i : i + m] for i in range(0, len(p.colours), m))
        figures = [p.same_twice, p.same_thrice, p.across_cycles, "yes" if p.four_of_five else ""]
        lines.append(
            (
                f"{p.player:>6}  {colours}  {p.white:>2}  {p.black:>2}  "
                + "  ".join(f"{f:>{len(h)}}" for f, h in zip(figures, _HEADS, strict=True))
            ).rstrip()
        )
    lines += ["", *_totals(analysis)]
    return "\n".join(lines) + "\n"


def _totals(a: ColourAnalysis) -> list[str]:
    return [
        f"One colour twice in a row: {a.same_twice} times; three or more times in a row: "
        f"{a.same_thrice} times; runs across a cycle boundary: {a.across_cycles}.",
        f"Players with one colour in four of five consecutive games: {a.four_of_five}.",
    ]


def comparison_text(table: Schedule, variants: Sequence[ColourAnalysis]) -> str:
    """One line of figures per variant, and the variant with the fewest long runs."""
    from trfkit.compute.colour_runs import best

    m = variants[0].rounds_per_cycle
    width = max(len(v.name) for v in variants)
    order_width = max(len(" ".join(str(r) for r in range(1, m + 1))), len(_ORDER))
    lines = [
        f"Colour runs of the Berger schedules for {_cycles_text(table)}",
        "",
        f"{'Variant':<{width}}  {_ORDER:<{order_width}}  "
        + "  ".join(_HEADS),
    ]
    for v in variants:
        first = v.description.rsplit("(table rounds ", 1)[-1].rstrip(")").replace(",", "")
        lines.append(
            f"{v.name:<{width}}  {first:<{order_width}}  "
            + "  ".join(f"{getattr(v, f):>{len(h)}}" for f, h in zip(_FIGURES, _HEADS, strict=True))
        )
    chosen = best(variants)
    lines += [
        "",
        "twice: runs of exactly two equal colours; thrice+: runs of three or more;",
        "across: runs across a cycle boundary; 4 of 5: players with one colour in four of",
        "five consecutive games (all counted over the players).",
        f"Fewest long colour runs: {chosen.name}, {chosen.description}.",
        *_totals(chosen),
    ]
    return "\n".join(lines) + "\n"

"""Print the FIDE Berger table (C.05 Annex 1) for N players.

Two views, as arbiters use them: the round table (pairings per round in FIDE
board order, White first, the bye shown for an odd field) and every player's
schedule (opponent and colour per round).

    trfkit berger 6
    trfkit berger 10 --double --round-order fide-swap
    trfkit berger 7 --round-order rotate-4 --format json
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
the Whites and Blacks (trfkit.compute.colour_runs). --compare is advice: it prints those
figures for the table order, the FIDE swap (a double round robin only) and every Rotate-k
side by side, names the variant C.05 recommends (the FIDE swap of a double round robin)
and the one with the fewest long runs, what each costs (runs of two and of three, players
with one colour in four of five games, players whose first two games have one colour) and
the command that makes each (it makes every order itself; with --analyse, the analysis of
the --round-order chosen is printed first; it reads variants x rounds x players colours, at
most 16,000,000: 200 players in a double round robin); with --format json: {"players": N,
"cycles": C, "best": NAME, "recommended": NAME, "variants": [{"name", "description",
"command", "same_twice", "same_thrice", "across_cycles", "four_of_five", "same_start",
"players": {"1": {"colours", "white", "black", ...}}}], "analysed": VARIANT (with
--analyse)}. --bye-runs says whether a bye breaks a run (UNCERTAIN; default: it is
skipped).

--round-order table|fide-swap|rotate-K chooses the round order (default table); fide-swap
is refused for a single round robin. The old spellings --swap-last-two and --rotate K
still work for one release and warn.

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
        help="advice: the colour figures of the table order, the FIDE swap and every Rotate-k "
        "side by side, the variant C.05 recommends and the one with the fewest runs, with "
        "the command that makes each (alone or with --analyse, which analyses the "
        "--round-order chosen; at most 200 players in a double round robin)",
    )
    from trfkit.compute.colour_runs import ByeRule

    parser.add_argument(
        "--bye-runs", choices=common._values(ByeRule), default=ByeRule.SKIP.value,
        help="with --analyse or --compare: whether a bye is skipped in a colour run or "
        "ends it (default: skip)",
    )
    common.add_profile_option(parser)  # last: it reads the options above


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
    common.add_round_order_option(
        parser, default="table",
        help_text="the round order: table (default), fide-swap (a double round robin's "
        "cycle 1 plays its last two rounds in reverse order, FIDE's recommendation; refused "
        "for a single round robin) or rotate-K (every cycle starts at table round K and wraps "
        "around, Vega's Rotate-K)",
    )  # fmt: skip
    common.add_deprecated_round_order(parser, "--swap-last-two", {None: "fide-swap"})
    common.add_deprecated_round_order(parser, "--rotate", {None: ""}, metavar="K")
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
    import os

    from trfkit.compute.berger import RoundOrderKind
    from trfkit.errors import ConfigError

    try:  # the command line, then --profile, then the settings file (its round order)
        common.load_settings_layers(args, os.getcwd())
    except ConfigError as exc:
        common.error("berger", str(exc))
        return 2
    try:
        if args.format == "trf" and (args.analyse or args.compare):
            raise UsageError("--analyse and --compare print text or json, not trf")
        if args.compare and not args.analyse and args.round_order.kind is not RoundOrderKind.TABLE:
            raise UsageError(
                "--compare makes every round order itself: leave out --round-order (with "
                "--analyse it chooses the order analysed)"
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

    Checked against the limits without making a round (:func:`trfkit.compute.berger.limited_plan`);
    the round order is ``args.round_order`` (``any`` names none and is refused, as is
    ``fide-swap`` for a single round robin).

    Raises:
        UsageError: With the message to show when the options cannot make one.
    """
    from trfkit.compute import berger

    cycles = 2 if args.double else args.cycles
    choice = args.round_order
    if choice.kind is berger.RoundOrderKind.ANY:
        raise UsageError("--round-order any names no one order: table, fide-swap or rotate-K")
    table = berger.limited_plan(players, cycles, args.max_rounds)
    return berger.Plan(players, cycles, choice.order(table.size - 1, cycles))


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
    analysed = colour_runs.analyse(table, bye) if args.analyse else None
    variants: tuple[ColourAnalysis, ...] = ()
    if args.compare:
        try:
            variants = colour_runs.compare(table.players, table.cycles, bye)
        except ValueError as exc:
            common.error("berger", str(exc))
            return 2
    if args.format == "json":
        shown = variants or ((analysed,) if analysed is not None else ())
        doc = analysis_json(table, shown, bool(args.compare))
        if args.compare and analysed is not None:
            doc["analysed"] = _variant_json(table, analysed)
        sys.stdout.write(json.dumps(doc) + "\n")
        return 0
    parts = []
    if analysed is not None:
        parts.append(analysis_text(table, analysed))
    if args.compare:
        parts.append(comparison_text(table, variants))
    sys.stdout.write("\n".join(parts))
    return 0


_FIGURES = ("same_twice", "same_thrice", "across_cycles", "four_of_five", "same_start")
_HEADS = ("twice", "thrice+", "across", "4 of 5", "start")
_ORDER = "Table rounds of cycle 1"


def command_for(table: Schedule, name: str) -> str:
    """The command that prints the table of *table*'s size and cycles in the order *name*."""
    cycles = {1: "", 2: " --double"}.get(table.cycles, f" --cycles {table.cycles}")
    return f"trfkit berger {table.players}{cycles} --round-order {name}"


def _variant_json(table: Schedule, v: ColourAnalysis) -> dict[str, object]:
    return {
        "name": v.name,
        "description": v.description,
        "command": command_for(table, v.name),
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


def analysis_json(
    table: Schedule, variants: Sequence[ColourAnalysis], compared: bool
) -> dict[str, object]:
    """The ``--analyse --format json`` document (the module docstring gives its shape)."""
    from trfkit.compute.colour_runs import best, recommended

    doc: dict[str, object] = {"players": table.players, "cycles": table.cycles}
    if compared:
        doc["best"] = best(variants).name
        doc["recommended"] = recommended(variants, table.cycles).name
    doc["variants"] = [_variant_json(table, v) for v in variants]
    return doc


def _cycles_text(table: Schedule) -> str:
    cycles = {1: "single", 2: "double"}.get(table.cycles, f"{table.cycles}-cycle")
    return f"{table.players} players, {cycles} round robin, {table.round_count} rounds"


def analysis_text(table: Schedule, analysis: ColourAnalysis) -> str:
    """Every player's colours (``|`` between cycles) and runs, then the totals."""
    m = analysis.rounds_per_cycle
    heads = _HEADS[:4]
    lines = [
        f"Colours of the Berger table for {_cycles_text(table)}, {analysis.description}",
        "",
        f"{'Player':>6}  {'Colours':<{len(table.rounds) + table.cycles - 1}}   W   B  "
        + "  ".join(heads),
    ]
    for p in analysis.players:
        colours = "|".join(p.colours[i : i + m] for i in range(0, len(p.colours), m))
        figures = [p.same_twice, p.same_thrice, p.across_cycles, "yes" if p.four_of_five else ""]
        lines.append(
            (
                f"{p.player:>6}  {colours}  {p.white:>2}  {p.black:>2}  "
                + "  ".join(f"{f:>{len(h)}}" for f, h in zip(figures, heads, strict=True))
            ).rstrip()
        )
    lines += ["", *_totals(analysis)]
    return "\n".join(lines) + "\n"


def _totals(a: ColourAnalysis) -> list[str]:
    return [
        f"One colour twice in a row: {a.same_twice} times; three or more times in a row: "
        f"{a.same_thrice} times; runs across a cycle boundary: {a.across_cycles}.",
        f"Players with one colour in four of five consecutive games: {a.four_of_five}.",
        f"Players whose first two games have one colour: {a.same_start}.",
    ]


def _costs(a: ColourAnalysis) -> str:
    """What a variant costs in colours, in words."""
    return (
        f"{a.same_twice} runs of two, {a.same_thrice} of three or more, "
        f"{a.four_of_five} players with one colour in four of five games, "
        f"{a.same_start} starting with two games of one colour"
    )


def comparison_text(table: Schedule, variants: Sequence[ColourAnalysis]) -> str:
    """One line of figures per variant, then the advice.

    The variant C.05 recommends and the one with the fewest long runs, what each costs and
    the command that makes each.
    """
    from trfkit.compute.colour_runs import best, recommended

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
    advised = recommended(variants, table.cycles)
    why = (
        "FIDE recommends (C.05 Annex 1: a double round robin swaps the last two rounds of "
        "cycle 1)"
        if advised.name == "fide-swap"
        else "C.05 Annex 1 plays"
    )
    lines += [
        "",
        "twice: runs of exactly two equal colours; thrice+: runs of three or more;",
        "across: runs across a cycle boundary; 4 of 5: players with one colour in four of",
        "five consecutive games; start: players whose first two games have one colour",
        "(all counted over the players).",
        "",
        f"{why}: {advised.name}, {advised.description}: {_costs(advised)}.",
        f"    {command_for(table, advised.name)}",
        f"Fewest long colour runs: {chosen.name}, {chosen.description}: {_costs(chosen)}.",
        f"    {command_for(table, chosen.name)}",
    ]
    if chosen.name != advised.name and chosen.name != "table" and advised.name != "table":
        lines.append(
            f"A file in {chosen.name} checks clean under: trfkit check --round-order "
            f"{chosen.name} (or the default --round-order any)."
        )
    return "\n".join(lines) + "\n"

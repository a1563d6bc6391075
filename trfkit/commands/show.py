"""Print a TRF file readably: the header, the players and a crosstable.

Each crosstable cell is opponent, colour and result as in the file, e.g. ``12w1``
(beat player 12 with White), ``5b=`` (draw with Black), ``-H`` (half-point bye).

A team event first gets the team crosstable, one row per team with its recomputed
match and game points and rank and a cell per round: opponent team, ``w`` for the
first-named team (``b`` the other), the game points (``3w 2½-1½``), ``+``/``-``/``--``
for a forfeited match, ``PAB``/``FPB``/``HPB``/``ZPB`` for a bye.
"""

from __future__ import annotations

import argparse
import sys

from trfkit.commands import common

HEADER_NAMES = {
    "012": "Tournament",
    "022": "City",
    "032": "Federation",
    "042": "Start date",
    "052": "End date",
    "062": "Players",
    "072": "Rated players",
    "082": "Teams",
    "092": "Type",
    "102": "Chief arbiter",
    "112": "Deputy arbiter",
    "122": "Rate of play",
    "172": "Starting-rank method",
    "182": "Pairing controller",
    "192": "Tournament code",
    "222": "Time control",
    "352": "Board colours",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument("file", metavar="FILE", help="the TRF file ('-' for stdin)")
    common.add_reading_options(parser)


def cell(block: object) -> str:
    """A crosstable cell for a round block."""
    from trfkit.compute.history import written
    from trfkit.model import RoundResult

    assert isinstance(block, RoundResult)
    if block.is_blank:
        return "."
    result = written(block) or " "
    if block.opponent is None:
        return f"-{result}".strip()
    colour = "" if block.colour.value == "-" else block.colour.value
    return f"{block.opponent}{colour}{result}".strip()


def render(tournament: object) -> str:
    """The whole text shown for a tournament."""
    from trfkit.model import RoundCount, TextRecord, Tournament
    from trfkit.numbers import format_number

    assert isinstance(tournament, Tournament)
    out: list[str] = []
    for record in tournament.records:
        if isinstance(record, TextRecord) and record.value and record.code in HEADER_NAMES:
            out.append(f"{HEADER_NAMES[record.code] + ':':<22}{record.value}")
        elif isinstance(record, RoundCount) and record.rounds is not None:
            out.append(f"{'Rounds:':<22}{record.rounds}")
    out.extend(team_lines(tournament))
    players = sorted(tournament.players, key=lambda p: p.start_rank)
    rounds = tournament.rounds_played
    name_width = min(33, max((len(p.name) for p in players), default=4))
    cells = [[cell(b) for b in p.rounds] + [""] * (rounds - len(p.rounds)) for p in players]
    width = max([4] + [len(c) for row in cells for c in row])
    head = (
        f"{'No':>4}  {'Name':<{name_width}}  {'Tit':<3} {'Fed':<3} {'Rtg':>4} {'Pts':>5} {'Rk':>4}"
    )
    head += "".join(f"  {'R' + str(r):>{width}}" for r in range(1, rounds + 1))
    out.append("")
    out.append(head)
    out.append("-" * len(head))
    for p, row in zip(players, cells, strict=True):
        points = format_number(p.points) if p.points is not None else ""
        line = (
            f"{p.start_rank:>4}  {p.name[:name_width]:<{name_width}}  "
            f"{p.title.value if p.title else '':<3} {p.federation:<3} "
            f"{p.rating if p.rating is not None else '':>4} {points:>5} "
            f"{p.rank if p.rank is not None else '':>4}"
        )
        line += "".join(f"  {c:>{width}}" for c in row)
        out.append(line.rstrip())
    for team in tournament.teams:
        members = " ".join(str(m) for m in team.members if m)
        out.append(f"Team {team.name}: {members}")
    return "\n".join(out) + "\n"


def team_lines(tournament: object) -> list[str]:
    """The team crosstable of a team event (no line for an individual one)."""
    from trfkit.compute.history.teams import team_event_of
    from trfkit.compute.regime import decide
    from trfkit.compute.team_crosstable import build
    from trfkit.model import Tournament
    from trfkit.numbers import format_halves

    assert isinstance(tournament, Tournament)
    regime = decide(tournament)
    if not regime.team:
        return []
    table = build(tournament, team_event_of(tournament), regime=regime)
    rounds = table.rounds
    cells = [[c.text for c in row.cells] + [""] * (rounds - len(row.cells)) for row in table.rows]
    width = max([5] + [len(c) for row in cells for c in row])
    name_width = min(33, max((len(row.name) for row in table.rows), default=4))
    head = f"{'No':>4}  {'Team':<{name_width}} {'MP':>5} {'GP':>6} {'Rk':>4}"
    head += "".join(f"  {'R' + str(r):>{width}}" for r in range(1, rounds + 1))
    out = ["", "Teams (match and game points and ranks recomputed from the boards)", head]
    out.append("-" * len(head))
    for row, texts in zip(table.rows, cells, strict=True):
        line = (
            f"{row.team:>4}  {row.name[:name_width]:<{name_width}} {format_halves(row.mp):>5} "
            f"{format_halves(row.gp):>6} {row.rank if row.rank is not None else '':>4}"
        )
        line += "".join(f"  {c:>{width}}" for c in texts)
        out.append(line.rstrip())
    return out


def run(args: argparse.Namespace) -> int:
    """Print the file."""
    from trfkit.audit import read_bytes, read_stdin
    from trfkit.trf.reader import parse
    from trfkit.untrusted import printable_lines

    limits = common.limits(args)
    data = read_stdin(limits) if args.file == "-" else read_bytes(args.file, limits)
    if isinstance(data, str):
        common.error("show", data)
        return 2
    result = parse(data, encoding=args.encoding, limits=common.limits(args))
    fatal = result.fatal
    if fatal is not None:
        common.error("show", f"{args.file}: {fatal.message}")
        return 2
    sys.stdout.write(printable_lines(render(result.tournament)))  # names may hold controls
    return 0

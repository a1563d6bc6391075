"""Draw the start numbers of a round robin by lot, reproducibly from a published seed.

FILE is a text file with one name a line (blank lines are skipped), or a TRF file,
whose 001 names are drawn; '-' reads stdin. --input auto (the default) reads a file
holding a player record (a line starting "001") as TRF, every other one as names (a
name such as "100 Smith" stays a name); --input names or trf decides it. The players
draw in the --order given (alphabetical, the default and the most practical; random;
as-given, the list's order fixed beforehand), never in an order the organiser chooses.
With an odd field the highest number of the table stays vacant: whoever meets it has
the bye.

The drawing is the documented algorithm trfkit-lots-1 (SHA-256 counter-mode stream,
rejection sampling, Fisher-Yates; described exactly in trfkit.compute.lots and the
README): the same seed and list give the same numbers on every machine. Without
--seed a seed is made from the operating system's secure source; it is printed in
every output.

    trfkit draw players.txt --seed 2026
    trfkit draw players.txt --seed 2026 --format json
    trfkit draw players.txt --seed 2026 --format trf --double --swap-last-two

--format json prints {"seed", "algorithm", "order", "players", "vacant", "drawing":
[{"draw", "name", "number"}], "start_numbers": [{"number", "name"}]}; --format trf
the TRF skeleton of the schedule (as berger --format trf) with the drawn names.

The Varma tables (C.05 Annex 2: contingents kept apart in the last rounds) are not
offered: how an envelope is chosen, what a contingent larger than every group does,
and the 11/12 table's group C (6 and 12 meet in the last round) are not settled by the
texts trfkit follows.
"""

from __future__ import annotations

import argparse
import enum
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from trfkit.commands import berger, common
from trfkit.errors import UsageError

if TYPE_CHECKING:
    from trfkit.compute.lots import Draw
    from trfkit.model import Player

NAME_WIDTH = 33
"""The width of a 001 name (columns 15-47): the longest name a TRF skeleton holds."""

_PLAYER_LINE = re.compile(r"^\ufeff?001(?: |\r?$)", re.MULTILINE)
"""A 001 player record, as the lexer reads one: what makes ``--input auto`` read TRF."""


class InputKind(enum.Enum):
    """How ``draw`` reads FILE."""

    AUTO = "auto"
    """TRF when it holds a 001 player record, else names."""
    NAMES = "names"
    TRF = "trf"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument(
        "file", metavar="FILE", help="names, one a line, or a TRF file ('-': stdin)"
    )
    from trfkit.compute.lots import DrawOrder

    parser.add_argument(
        "--order", choices=common._values(DrawOrder), default=DrawOrder.ALPHABETICAL.value,
        help="the order in which the players draw (default: alphabetical)",
    )
    parser.add_argument(
        "--input", choices=common._values(InputKind), default=InputKind.AUTO.value,
        help="read FILE as names or as TRF (default auto: TRF when it holds a 001 line)",
    )
    add_seed_argument(parser)
    parser.add_argument(
        "--format", choices=("text", "json", "trf"), default="text",
        help="output format (default: text); trf: the schedule's skeleton with the names",
    )
    berger.add_schedule_arguments(parser, max_rounds=False)
    common.add_reading_options(parser)


def add_seed_argument(parser: argparse.ArgumentParser) -> None:
    """``--seed S``."""
    parser.add_argument(
        "--seed", metavar="S",
        help="the seed of the drawing (default: a fresh one from the secure source, printed)",
    )


def seed_of(args: argparse.Namespace) -> str:
    """The seed given, or a fresh one.

    Raises:
        UsageError: For an empty seed or one with control characters.
    """
    from trfkit.compute.lots import check_seed, new_seed

    if args.seed is None:
        return new_seed()
    return check_seed(str(args.seed))


def check_names(names: Sequence[tuple[str, str]], max_players: int) -> list[str]:
    """The names (each given with where it stands, e.g. ``line 3``), checked, in NFC.

    Names are compared after Unicode normalisation (NFC: a precomposed ``Ä`` equals ``A``
    and a combining diaeresis), case-sensitively; a name holding an invisible format
    character (category Cf, e.g. a zero-width space) or a control character is refused, so
    that two names that look the same never get two numbers.

    Raises:
        UsageError: For no names or more than *max_players*, an empty or duplicate name or
            one with control or format characters.
    """
    import unicodedata

    from trfkit.untrusted import printable

    if not names:
        raise UsageError("no names given")
    if len(names) > max_players:
        raise UsageError(
            f"{len(names):,} names, more than the limit of {max_players:,} (--max-players)"
        )
    seen: dict[str, str] = {}
    for where, given in names:
        if not given:
            raise UsageError(f"{where}: an empty name")
        hidden = [c for c in given if unicodedata.category(c) in ("Cc", "Cf")]
        if hidden or printable(given) != given:
            codes = ", ".join(f"U+{ord(c):04X}" for c in hidden)
            raise UsageError(
                f"{where}: the name {printable(given)} holds control characters"
                + (f" ({codes})" if codes else "")
            )
        name = unicodedata.normalize("NFC", given)
        if name in seen:
            raise UsageError(f"{where}: {name} is named twice (also {seen[name]})")
        seen[name] = where
    return list(seen)


def read_names(args: argparse.Namespace, path: str) -> list[tuple[str, str]]:
    """The names of *path*: the 001 names of a TRF file, else one name a line (``--input``).

    Raises:
        UsageError: When the file cannot be read.
    """
    from trfkit.audit import read_bytes, read_stdin
    from trfkit.errors import DecodeError, UsageError
    from trfkit.trf.decode import decode

    limits = common.limits(args)
    data = read_stdin(limits) if path == "-" else read_bytes(path, limits)
    if isinstance(data, str):
        raise UsageError(data)
    try:
        text = decode(data, args.encoding).text
    except DecodeError as exc:
        raise UsageError(f"{path}: {exc}") from None
    kind = InputKind(args.input)
    if kind is InputKind.TRF or (kind is InputKind.AUTO and _PLAYER_LINE.search(text)):
        return [(f"player {p.start_rank}", p.name.strip()) for p in read_players(args, path, data)]
    lines = text.splitlines()
    if len(lines) > limits.max_lines:
        raise UsageError(f"{path}: more than {limits.max_lines:,} lines (--max-lines)")
    return [(f"{path}: line {n}", line.strip()) for n, line in enumerate(lines, 1) if line.strip()]


def read_players(args: argparse.Namespace, path: str, data: bytes | None = None) -> list[Player]:
    """The 001 players of the TRF file *path*, by start rank (*data*: its bytes, when read).

    Raises:
        UsageError: When the file cannot be read or holds no players.
    """
    from trfkit.audit import read_bytes, read_stdin
    from trfkit.trf.reader import parse

    limits = common.limits(args)
    if data is None:
        read = read_stdin(limits) if path == "-" else read_bytes(path, limits)
        if isinstance(read, str):
            raise UsageError(read)
        data = read
    result = parse(data, encoding=args.encoding, limits=limits)
    if result.fatal is not None:
        raise UsageError(f"{path}: {result.fatal.message}")
    players = sorted(result.tournament.players, key=lambda p: p.start_rank)
    if not players:
        raise UsageError(f"{path}: no player records")
    return list(players)


def run(args: argparse.Namespace) -> int:
    """Draw and print; exit 2 for unreadable or unusable input."""
    from trfkit.compute.lots import DrawOrder, draw_start_numbers

    try:
        seed = seed_of(args)
        names = check_names(read_names(args, args.file), args.max_players)
        if len(names) < 3:
            raise UsageError(f"a round robin needs at least 3 players, not {len(names)}")
        # checked against the limits, not made: only --format trf prints it, a player at a time
        table = berger.plan_of(args, len(names))
        if args.format == "trf":
            check_width(names)
    except ValueError as exc:
        common.error("draw", str(exc))
        return 2
    drawn = draw_start_numbers(names, seed, DrawOrder(args.order))
    if args.format == "json":
        from trfkit.report.json import dumps_json

        sys.stdout.write(dumps_json(as_json(drawn)) + "\n")
    elif args.format == "trf":
        write = sys.stdout.write
        for line in berger.trf_lines(table, drawn.by_number):
            write(line)
    else:
        from trfkit.untrusted import printable_lines

        sys.stdout.write(printable_lines(as_text(drawn)))
    return 0


def check_width(names: Sequence[str]) -> None:
    """Refuse a name too long for the 001 name field.

    Raises:
        UsageError: For the first name longer than :data:`NAME_WIDTH`.
    """
    for name in names:
        if len(name) > NAME_WIDTH:
            raise UsageError(
                f"{name} has {len(name)} characters: a TRF name holds {NAME_WIDTH}"
            )


def as_json(drawn: Draw) -> dict[str, object]:
    """The ``--format json`` document (the module docstring gives its shape)."""
    from trfkit.compute.lots import ALGORITHM

    return {
        "seed": drawn.seed,
        "algorithm": ALGORITHM,
        "order": drawn.order.value,
        "players": len(drawn.drawing),
        "vacant": drawn.vacant,
        "drawing": [
            {"draw": n, "name": name, "number": number}
            for n, (name, number) in enumerate(zip(drawn.drawing, drawn.numbers, strict=True), 1)
        ],
        "start_numbers": [
            {"number": n, "name": name} for n, name in enumerate(drawn.by_number, 1)
        ],
    }


def seed_line(seed: str) -> str:
    """The line naming the seed and the algorithm."""
    from trfkit.compute.lots import ALGORITHM

    return f"Seed: {seed} (drawn with {ALGORITHM}, documented in trfkit.compute.lots)"


def as_text(drawn: Draw) -> str:
    """The drawing in its order, then the start numbers."""
    width = max(len(n) for n in drawn.drawing)
    lines = [
        f"Drawing of start numbers for {len(drawn.drawing)} players",
        seed_line(drawn.seed),
        f"Order of drawing: {drawn.order.value}",
    ]
    if drawn.vacant is not None:
        lines.append(f"Number {drawn.vacant} is vacant: whoever meets it has the bye.")
    lines += ["", f"{'Draw':>4}  {'Name':<{width}}  Number"]
    for n, (name, number) in enumerate(zip(drawn.drawing, drawn.numbers, strict=True), 1):
        lines.append(f"{n:>4}  {name:<{width}}  {number:>6}")
    lines += ["", "Start numbers:"]
    lines += [f"{n:>4}  {name}" for n, name in enumerate(drawn.by_number, 1)]
    if drawn.vacant is not None:
        lines.append(f"{drawn.vacant:>4}  (vacant: bye)")
    return "\n".join(lines) + "\n"

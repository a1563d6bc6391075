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

A drawing anyone can verify (commit, then reveal): ``draw --commit`` makes a seed and
prints its commitment (the SHA-256 of ``trfkit-lots-1 commitment:`` and the seed), to be
published before the names are final; ``draw FILE --seed S --commitment H`` refuses a seed
whose commitment is not H. The JSON output is the record of the drawing: with it anyone
repeats the drawing (``draw --verify RECORD.json``: exit 0 when it matches, 1 when not, 2
for a record that cannot be read).

--collation (nb, sv, da, de, root; codepoint: the order before collations) is the
alphabetical order (trfkit.compute.collation). --fix NAME=N pins a player or team to a
number before the others draw. --schedule prints every round's games with the names
(text, json; --format html: a printable page, one round a page; --format trf always
prints the schedule's skeleton), in the --round-order chosen (table, the default;
fide-swap; rotate-K; --swap-last-two and --rotate K are deprecated spellings that warn).

    trfkit draw --commit
    trfkit draw players.txt --seed 2026 --commitment H --format json -o record.json
    trfkit draw --verify record.json
    trfkit draw players.txt --seed 2026 --collation nb --fix "Venue Club=1"
    trfkit draw players.txt --seed 2026 --schedule --double --format html -o rounds.html
    trfkit draw players.txt --seed 2026 --format trf --double --round-order fide-swap

--format json prints {"record": "trfkit-draw", "version": 1, "seed", "commitment",
"commitment_checked", "algorithm", "order", "collation", "names", "names_sha256",
"fixed": [{"name", "number"}], "players", "vacant", "drawing": [{"draw", "name",
"number"}], "start_numbers": [{"number", "name"}]}, with --schedule also "schedule":
{"players", "cycles", "round_order", "rounds": [{"round", "cycle", "table_round",
"games": [{"board", "white": {"number", "name"}, "black": {…}}], "bye"}]}; --format trf
the TRF skeleton of the schedule (as berger --format trf) with the drawn names.

The Varma tables (C.05 Annex 2: contingents kept apart in the last rounds) are not
offered: how an envelope is chosen, what a contingent larger than every group does,
and the 11/12 table's group C (6 and 12 meet in the last round) are not settled by the
texts trfkit follows.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from trfkit.commands import berger, common
from trfkit.errors import UsageError
from trfkit.values import WordEnum

if TYPE_CHECKING:
    from trfkit.compute.lots import Draw
    from trfkit.model import Player

NAME_WIDTH = 33
"""The width of a 001 name (columns 15-47): the longest name a TRF skeleton holds."""

_PLAYER_LINE = re.compile(r"^\ufeff?001(?: |\r?$)", re.MULTILINE)
"""A 001 player record, as the lexer reads one: what makes ``--input auto`` read TRF."""


class InputKind(WordEnum):
    """How ``draw`` reads FILE."""

    AUTO = "auto"
    """TRF when it holds a 001 player record, else names."""
    NAMES = "names"
    TRF = "trf"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's options."""
    parser.add_argument(
        "file", metavar="FILE", nargs="?",
        help="names, one a line, or a TRF file ('-': stdin)",
    )
    from trfkit.compute.collation import Collation
    from trfkit.compute.lots import DrawOrder

    parser.add_argument(
        "--order", choices=common._values(DrawOrder), default=DrawOrder.ALPHABETICAL.value,
        help="the order in which the players draw (default: alphabetical)",
    )
    parser.add_argument(
        "--collation", choices=common._values(Collation), default=Collation.ROOT.value,
        help="the alphabetical order: nb, da (... X Y Z Æ Ø Å), sv (... X Y Z Å Ä Ö), de "
        "(Ä with A), root (default: base letters, then accents, then case), codepoint "
        "(the order of trfkit before collations)",
    )
    parser.add_argument(
        "--fix", action="append", default=[], metavar="NAME=N",
        help="pin NAME to number N before the others draw (repeatable)",
    )
    parser.add_argument(
        "--commit", action="store_true",
        help="make a seed (or take --seed) and print its SHA-256 commitment, to publish "
        "before the names are final",
    )
    parser.add_argument(
        "--commitment", metavar="H",
        help="the commitment published for --seed: a seed that does not match is refused",
    )
    parser.add_argument(
        "--verify", metavar="RECORD",
        help="repeat the drawing of a JSON record (draw --format json) and say whether it "
        "matches (exit 0; 1 when not; 2 for an unreadable record)",
    )
    parser.add_argument(
        "--schedule", action="store_true",
        help="also print every round's games with the names (text, json, html)",
    )
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="write the output to OUT instead of stdout"
    )
    parser.add_argument(
        "--input", choices=common._values(InputKind), default=InputKind.AUTO.value,
        help="read FILE as names or as TRF (default auto: TRF when it holds a 001 line)",
    )
    add_seed_argument(parser)
    parser.add_argument(
        "--format", choices=("text", "json", "trf", "html"), default="text",
        help="output format (default: text); trf: the schedule's skeleton with the names; "
        "html: the round list (with --schedule), one printed page a round",
    )
    berger.add_schedule_arguments(parser, max_rounds=False)
    common.add_reading_options(parser)
    common.add_profile_option(parser)  # last: it reads the options above


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
    """Draw and print; exit 2 for unreadable or unusable input (``--verify``: 1 on a mismatch)."""
    import os

    from trfkit.compute.collation import Collation
    from trfkit.compute.lots import DrawOrder, draw_start_numbers
    from trfkit.errors import ConfigError

    try:  # the command line, then --profile, then the settings file (its round order)
        named = args.file not in (None, "-")
        start = os.path.dirname(os.path.abspath(args.file)) if named else os.getcwd()
        common.load_settings_layers(args, start)
    except ConfigError as exc:
        common.error("draw", str(exc))
        return 2
    try:
        if args.verify is not None:
            if args.file is not None or args.commit:
                raise UsageError("--verify takes a record, not FILE or --commit")
            return verify(args)
        if args.commit:
            if args.file is not None or args.commitment is not None:
                raise UsageError("--commit makes a seed to publish: give no FILE or --commitment")
            return _commit(args)
        if args.file is None:
            raise UsageError("give FILE (the names), or --commit, or --verify RECORD")
        if args.format == "html" and not args.schedule:
            raise UsageError("--format html prints the round list: add --schedule")
        seed = checked_seed(args)
        names = check_names(read_names(args, args.file), args.max_players)
        if len(names) < 3:
            raise UsageError(f"a round robin needs at least 3 players, not {len(names)}")
        fixed = parse_fixes(args.fix)
        # checked against the limits, not made: only --format trf prints it, a player at a time
        table = berger.plan_of(args, len(names))
        if args.format == "trf":
            check_width(names)
        drawn = draw_start_numbers(
            names, seed, DrawOrder(args.order), collation=Collation(args.collation), fixed=fixed
        )
        if args.output is not None:
            why = common.unwritable(args.output)
            if why is not None:
                raise UsageError(f"-o {args.output}: {why}")
    except ValueError as exc:
        common.error("draw", str(exc))
        return 2
    checked = args.commitment is not None
    if args.format == "json":
        from trfkit.report.json import dumps_json

        doc = as_json(drawn, names, checked=checked)
        if args.schedule:
            from trfkit.report import roundlist

            doc["schedule"] = roundlist.as_json(table, drawn.by_number)
        pieces: Iterable[str] = (dumps_json(doc) + "\n",)
    elif args.format == "trf":
        pieces = berger.trf_lines(table, drawn.by_number)
    elif args.format == "html":
        from trfkit.report import roundlist

        pieces = (roundlist.html_page(table, drawn.by_number),)
    else:
        from trfkit.untrusted import printable_lines

        text = as_text(drawn, names, checked=checked)
        if args.schedule:
            from trfkit.report import roundlist

            text += "\n" + "".join(roundlist.text_lines(table, drawn.by_number))
        pieces = (printable_lines(text),)
    return _emit(args, pieces)


def _emit(args: argparse.Namespace, pieces: Iterable[str]) -> int:
    """Write *pieces* to stdout, or to ``-o OUT`` through :func:`common.write_output`."""
    if args.output is None:
        write = sys.stdout.write
        for piece in pieces:
            write(piece)
        return 0
    try:
        common.write_output("draw", args.output, "".join(pieces).encode("utf-8"))
    except OSError as exc:
        common.error("draw", f"-o {args.output}: {exc.strerror or exc}")
        return 2
    return 0


def checked_seed(args: argparse.Namespace) -> str:
    """The seed, checked against ``--commitment`` when one is given.

    Raises:
        UsageError: For ``--commitment`` without ``--seed``, or a seed that does not match.
    """
    from trfkit.compute.lots import commitment

    seed = seed_of(args)
    if args.commitment is None:
        return seed
    if args.seed is None:
        raise UsageError("--commitment needs the --seed it commits to")
    expected = str(args.commitment).strip().lower()
    actual = commitment(seed)
    if actual != expected:
        raise UsageError(
            f"the seed does not match the commitment {expected}: its commitment is {actual}"
        )
    return seed


def parse_fixes(values: Sequence[str]) -> list[tuple[str, int]]:
    """The ``--fix NAME=N`` pins as (name in NFC, number).

    Raises:
        UsageError: For a pin without ``=`` or whose number is not a whole number.
    """
    import unicodedata

    pins = []
    for value in values:
        name, sep, number = value.rpartition("=")
        name = unicodedata.normalize("NFC", name.strip())
        if not sep or not name or not number.strip().isdecimal():
            raise UsageError(f"--fix {value}: write NAME=N, N a start number")
        pins.append((name, int(number.strip())))
    return pins


def _commit(args: argparse.Namespace) -> int:
    """``--commit``: a seed (fresh, 128 bits, or ``--seed``) and its commitment."""
    from trfkit.compute.lots import ALGORITHM, COMMITMENT_PREFIX, commitment, new_commit_seed

    seed = new_commit_seed() if args.seed is None else seed_of(args)
    digest = commitment(seed)
    if args.format == "json":
        from trfkit.report.json import dumps_json

        doc = {"seed": seed, "commitment": digest, "algorithm": ALGORITHM,
               "hashed": f"SHA-256 of the UTF-8 of {COMMITMENT_PREFIX!r} + seed"}  # fmt: skip
        return _emit(args, (dumps_json(doc) + "\n",))
    from trfkit.untrusted import printable_lines

    text = (
        f"Commitment: {digest}\n"
        f"Seed:       {seed}\n\n"
        "Publish the commitment now, before the names are final; keep the seed private.\n"
        "After the names are final, draw with both and publish the record:\n"
        "  trfkit draw NAMES --seed SEED --commitment COMMITMENT --format json\n"
        f"(the commitment is the SHA-256 of the UTF-8 of '{COMMITMENT_PREFIX}' and the seed, "
        f"{ALGORITHM})\n"
    )
    return _emit(args, (printable_lines(text),))


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


def as_json(drawn: Draw, names: Sequence[str], *, checked: bool = False) -> dict[str, object]:
    """The ``--format json`` record (the module docstring gives its shape).

    *names* are the names in the order of the list; *checked* says whether the seed was
    checked against a published ``--commitment``.
    """
    from trfkit.compute.lots import ALGORITHM, commitment, names_digest

    return {
        "record": "trfkit-draw",
        "version": 1,
        "seed": drawn.seed,
        "commitment": commitment(drawn.seed),
        "commitment_checked": checked,
        "algorithm": ALGORITHM,
        "order": drawn.order.value,
        "collation": drawn.collation.value,
        "names": list(names),
        "names_sha256": names_digest(names),
        "fixed": [{"name": name, "number": number} for name, number in drawn.fixed],
        "players": len(names),
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


def as_text(drawn: Draw, names: Sequence[str] | None = None, *, checked: bool = False) -> str:
    """The drawing in its order, then the start numbers."""
    from trfkit.compute.collation import describe
    from trfkit.compute.lots import commitment, names_digest

    listed = list(names) if names is not None else list(drawn.by_number)
    width = max([len(n) for n in listed] + [4])
    lines = [
        f"Drawing of start numbers for {len(listed)} players",
        seed_line(drawn.seed),
        f"Commitment: {commitment(drawn.seed)}"
        + (" (matches the one given)" if checked else ""),
        f"Names digest (SHA-256): {names_digest(listed)}",
        f"Order of drawing: {drawn.order.value}; collation: {describe(drawn.collation)}",
    ]
    if drawn.fixed:
        pins = "; ".join(f"{name} = {number}" for name, number in drawn.fixed)
        lines.append(f"Pinned before the drawing: {pins}")
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


# --- --verify ---------------------------------------------------------------------------------


def verify(args: argparse.Namespace) -> int:
    """``--verify RECORD``: repeat the drawing of a record; 0 matches, 1 not, 2 unreadable."""
    from trfkit.untrusted import printable_lines

    try:
        record = _read_record(args, args.verify)
        problems, summary = _compare(record, args.max_players, args.max_rounds)
    except ValueError as exc:
        common.error("draw", f"--verify {args.verify}: {exc}")
        return 2
    lines = [f"Record {args.verify}: {summary}"]
    if problems:
        lines += [f"  does not match: {p}" for p in problems]
        lines.append("The drawing does NOT repeat from the record.")
    else:
        lines.append("The drawing repeats from the record: it matches.")
    _emit(args, (printable_lines("\n".join(lines) + "\n"),))
    return 1 if problems else 0


def _read_record(args: argparse.Namespace, path: str) -> dict[str, object]:
    """The JSON object of *path*.

    Raises:
        UsageError: When it cannot be read or is not a JSON object.
    """
    from trfkit.audit import read_bytes, read_stdin
    from trfkit.untrusted import load_json

    limits = common.limits(args)
    data = read_stdin(limits) if path == "-" else read_bytes(path, limits)
    if isinstance(data, str):
        raise UsageError(data)
    try:
        doc = load_json(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise UsageError(f"not a JSON record ({exc})") from None
    if not isinstance(doc, dict):
        raise UsageError("not a JSON record (no object)")
    return doc


def _field(record: dict[str, object], key: str, kind: type, default: object = ...) -> object:
    value = record.get(key, default)
    if value is ...:
        raise UsageError(f"the record has no {key!r}")
    if not isinstance(value, kind) or isinstance(value, bool) != (kind is bool):
        raise UsageError(f"the record's {key!r} is not {kind.__name__}")
    return value


def _compare(
    record: dict[str, object], max_players: int, max_rounds: int
) -> tuple[list[str], str]:
    """What differs between *record* and the drawing repeated from it, and a summary.

    Raises:
        UsageError: When the record lacks what a drawing needs or names another algorithm.
    """
    from trfkit.compute.collation import Collation
    from trfkit.compute.lots import (
        ALGORITHM,
        DrawOrder,
        check_seed,
        commitment,
        draw_start_numbers,
        names_digest,
    )

    algorithm = _field(record, "algorithm", str)
    if algorithm != ALGORITHM:
        raise UsageError(f"the record names the algorithm {algorithm}, not {ALGORITHM}")
    seed = check_seed(str(_field(record, "seed", str)))
    given = _field(record, "names", list)
    assert isinstance(given, list)
    if not all(isinstance(n, str) for n in given):
        raise UsageError("the record's 'names' are not all text")
    names = check_names([(f"name {i}", n) for i, n in enumerate(given, 1)], max_players)
    try:
        order = DrawOrder(_field(record, "order", str))
        collation = Collation(_field(record, "collation", str, Collation.CODEPOINT.value))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    pins = _field(record, "fixed", list, [])
    assert isinstance(pins, list)
    fixed = []
    for pin in pins:
        if not isinstance(pin, dict):
            raise UsageError("the record's 'fixed' holds no objects")
        fixed.append((str(_field(pin, "name", str)), int(str(_field(pin, "number", int)))))
    drawn = draw_start_numbers(names, seed, order, collation=collation, fixed=fixed)
    repeated = as_json(drawn, names)
    problems = []
    if "commitment" in record and record["commitment"] != commitment(seed):
        problems.append(
            f"the commitment {record['commitment']} is not the seed's ({commitment(seed)})"
        )
    if "names_sha256" in record and record["names_sha256"] != names_digest(names):
        problems.append(
            f"the names' digest {record['names_sha256']} is not theirs ({names_digest(names)})"
        )
    for key in ("start_numbers", "drawing", "vacant"):
        if key in record and record[key] != repeated[key]:
            problems.append(f"{key}: the record's differ from the drawing repeated")
    if "start_numbers" not in record:
        raise UsageError("the record has no 'start_numbers' to compare")
    made = _schedule_of(record, drawn.by_number, max_rounds) if "schedule" in record else None
    if made is not None and made != record["schedule"]:
        problems.append("schedule: the record's rounds differ from the table's")
    summary = (
        f"seed {seed}, {len(names)} names, {ALGORITHM}, order {order.value}, "
        f"collation {collation.value}" + (f", {len(fixed)} pinned" if fixed else "")
        + (", round list" if "schedule" in record else "")
    )
    return problems, summary


def _schedule_of(
    record: dict[str, object], by_number: Sequence[str], max_rounds: int
) -> dict[str, object]:
    """The round list (``"schedule"``) the record's cycles and round order make, anew.

    Raises:
        UsageError: When the record's schedule names no cycles or round order trfkit makes.
    """
    from trfkit.compute import berger
    from trfkit.report import roundlist

    schedule = record["schedule"]
    if not isinstance(schedule, dict):
        raise UsageError("the record's 'schedule' is not an object")
    cycles = _field(schedule, "cycles", int)
    name = _field(schedule, "round_order", str)
    assert isinstance(cycles, int) and isinstance(name, str)
    table = berger.limited_plan(len(by_number), cycles, max_rounds)
    order = berger.order_named(name, table.size - 1, cycles)
    return roundlist.as_json(berger.Plan(table.players, cycles, order), by_number)

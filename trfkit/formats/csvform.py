"""A crosstable as CSV: one row per player, for spreadsheets.

Columns: every field of record 001 (start rank, name, title, rating, federation,
FIDE id, sex, birth date, points, rank), then the team when the file has teams (the
team of 013/310 that lists the player, as :func:`~trfkit.compute.regime.team_members`
answers it), then three per round: opponent, colour and result, exactly as the round
block holds them (``w``/``b``/``-`` and the TRF result code; empty cells for a blank
block). Rows follow the start ranks. Every other record (the header, 132, 299, the
team records themselves, comments) has no column: :func:`adjustments` lists each one.

Spreadsheets open the file correctly when it is UTF-8 **with** a byte-order mark
(Excel needs the mark to recognise UTF-8), which is the default; another encoding can be
chosen. Where the decimal mark is a comma, spreadsheets expect ``;`` between fields:
:func:`locale_options` reads both from the user's locale. Text that a spreadsheet would
run as a formula is written with a leading apostrophe (:func:`guard_formula`, the one
guard of every CSV trfkit writes) unless ``formula_guard`` is off.

The team form (``teams=True``, ``convert --to csv --teams``) is one row per team of a
team event instead, in team-number order: ``Team`` (310's number, else the 013's
position), ``Name``, the ``Reported MP``, ``Reported GP`` and ``Reported rank`` of
record 310 (empty for 013), the recomputed ``MP``, ``GP`` and ``Rank`` and each team
tie-break of the standings (``standings --teams``), then six per round: ``opponent``
(team number), ``side`` (``w`` for the first-named team of the match, ``b`` the other),
``result`` (``played``, ``forfeit win``, ``PAB`` … as
:data:`~trfkit.compute.history.teams.TEAM_WORDS` names them), ``GP``, ``opponent GP`` and
``MP``. The numbers are those of :mod:`trfkit.compute.team_crosstable`, the one reading of the team
matches that the HTML report and ``show`` draw too.
"""

from __future__ import annotations

import csv
import io
import locale
import re
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction

import attrs

from trfkit import columns as C
from trfkit.compute.history import written
from trfkit.compute.history.teams import TEAM_WORDS, team_event_of
from trfkit.compute.regime import decide, team_members
from trfkit.compute.team_crosstable import TeamCrossTable, build
from trfkit.errors import ArgumentTypeError, ConversionFailed, UsageError
from trfkit.formats.adjustments import Action, Adjustment
from trfkit.formats.render import describe_line
from trfkit.formats.versions import record_code
from trfkit.model import Player, RawRecord, Record, Team, Tournament
from trfkit.numbers import format_number
from trfkit.trf.writer import encode, render_record
from trfkit.values import Value

DELIMITERS = {"comma": ",", "semicolon": ";", "tab": "\t"}
"""Names the command line accepts for ``--delimiter`` (besides a single character)."""

PLAYER_COLUMNS = (
    "Start rank",
    "Name",
    "Title",
    "Rating",
    "Federation",
    "FIDE id",
    "Sex",
    "Birth date",
    "Points",
    "Rank",
)
"""The titles of the columns of record 001's fields, in the order written."""

_TEXT_FIELDS = (
    ("name", "name"),
    ("federation", "federation"),
    ("fide_id", "FIDE id"),
    ("birth_date", "birth date"),
)
"""The free-text fields of record 001 (attribute, label): the cells the guard looks at."""

_FORMULA_STARTS = frozenset("=+-@\t\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")
_GUARD_WHY = "a leading apostrophe keeps a spreadsheet from running the text as a formula"


def guard_formula(text: str) -> str:
    """*text* with a leading ``'`` when a spreadsheet would run it as a formula.

    A cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a
    formula to Excel and LibreOffice (CSV injection). A lone character (the result code
    ``=``, the colour ``-``) and a plain number such as ``-1`` or ``+0,5`` run nothing,
    so they are left as they are.
    """
    if len(text) > 1 and text[0] in _FORMULA_STARTS and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


@attrs.frozen(repr=False)
class CsvOptions(Value):
    """How the CSV is written.

    Attributes:
        delimiter: The field separator.
        decimal_mark: The decimal mark of the points column.
        formula_guard: Prefix text cells a spreadsheet would run with ``'``
            (:func:`guard_formula`).
    """

    delimiter: str = attrs.field(default=",")
    decimal_mark: str = "."
    formula_guard: bool = True

    @delimiter.validator
    def _one_character(self, attribute: attrs.Attribute[str], value: str) -> None:
        if len(value) != 1 or value in "\r\n\"":
            raise UsageError(f"the delimiter must be one character, not a quote: {value!r}")


def locale_options() -> CsvOptions:
    """The delimiter and decimal mark of the user's locale (``LC_NUMERIC`` from the environment).

    Where the decimal mark is a comma the delimiter is ``;``, as spreadsheets in those
    locales expect; otherwise ``,``. The process's locale is restored afterwards.
    """
    previous = locale.setlocale(locale.LC_NUMERIC)
    try:
        locale.setlocale(locale.LC_NUMERIC, "")
        mark = str(locale.localeconv()["decimal_point"]) or "."
    except locale.Error:
        mark = "."
    finally:
        locale.setlocale(locale.LC_NUMERIC, previous)
    return CsvOptions(delimiter=";" if mark == "," else ",", decimal_mark=mark)


def header(tournament: Tournament) -> list[str]:
    """The column titles."""
    titles = list(PLAYER_COLUMNS)
    if tournament.teams:
        titles.append("Team")
    for number in range(1, tournament.round_count + 1):
        titles.extend((f"R{number} opponent", f"R{number} colour", f"R{number} result"))
    return titles


def _guard(text: str, options: CsvOptions) -> str:
    return guard_formula(text) if options.formula_guard else text


def _points(value: Fraction | None, options: CsvOptions) -> str:
    if value is None:
        return ""
    return format_number(value).replace(".", options.decimal_mark)


def _team_names(tournament: Tournament) -> dict[int, str]:
    """Start rank → the name of the player's team (the regime's reading of 013/310)."""
    member, names, _ = team_members(tournament)
    return {rank: names[label] for rank, label in member.items()}


def rows(tournament: Tournament, options: CsvOptions | None = None) -> Iterator[list[str]]:
    """The header row, then one row per player in start-rank order."""
    options = options or CsvOptions()
    yield header(tournament)
    rounds = tournament.round_count
    teams = _team_names(tournament) if tournament.teams else None
    players: list[Player] = sorted(tournament.players, key=lambda p: p.start_rank)
    for p in players:
        row = [
            str(p.start_rank),
            _guard(p.name, options),
            p.title.value if p.title else _guard(p.written("title"), options),
            "" if p.rating is None else str(p.rating),
            _guard(p.federation, options),
            _guard(p.fide_id, options),
            p.sex.value if p.sex else _guard(p.written("sex"), options),
            _guard(p.birth_date, options),
            _points(p.points, options),
            "" if p.rank is None else str(p.rank),
        ]
        if teams is not None:
            row.append(_guard(teams.get(p.start_rank, ""), options))
        for number in range(1, rounds + 1):
            block = p.round(number)
            if block is None or block.is_blank:
                row.extend(("", "", ""))
                continue
            row.extend(
                (
                    "" if block.opponent is None else str(block.opponent),
                    block.colour.value,
                    written(block),
                )
            )
        yield row


def team_table(tournament: Tournament) -> TeamCrossTable:
    """The team crosstable of a team event; :class:`ConversionFailed` for an individual one."""
    regime = decide(tournament)
    if not regime.team:
        raise ConversionFailed("--teams needs a team event; this one is individual")
    return build(tournament, team_event_of(tournament), regime=regime)


def team_header(table: TeamCrossTable) -> list[str]:
    """The column titles of the team form."""
    keys = table.standings.keys if table.standings else ()
    titles = ["Team", "Name", "Reported MP", "Reported GP", "Reported rank", "MP", "GP", "Rank"]
    titles.extend(keys)
    for n in range(1, table.rounds + 1):
        titles.extend(f"R{n} {what}" for what in ("opponent", "side", "result", "GP",
                                                   "opponent GP", "MP"))  # fmt: skip
    return titles


def team_rows(tournament: Tournament, options: CsvOptions | None = None) -> Iterator[list[str]]:
    """The team form: the header row, then one row per team in team-number order."""
    options = options or CsvOptions()
    table = team_table(tournament)
    yield [_guard(title, options) for title in team_header(table)]  # 212's codes are text
    standings = table.standings
    values = {row.team: row.values for row in standings.rows} if standings else {}
    width = len(standings.keys) if standings else 0
    for line in table.rows:
        row = [
            str(line.team),
            _guard(line.name, options),
            _points(line.reported_mp, options),
            _points(line.reported_gp, options),
            "" if line.reported_rank is None else str(line.reported_rank),
            _points(line.mp, options),
            _points(line.gp, options),
            "" if line.rank is None else str(line.rank),
            *(_points(v, options) for v in values.get(line.team, (None,) * width)),
        ]
        for n in range(1, table.rounds + 1):
            cell = line.cell(n)
            if cell is None:
                row.extend([""] * 6)
                continue
            row.extend(
                (
                    "" if cell.opponent is None else str(cell.opponent),
                    cell.side,
                    TEAM_WORDS[cell.kind],
                    _points(cell.gp, options),
                    _points(cell.opponent_gp, options),
                    _points(cell.mp, options),
                )
            )
        yield row


def team_adjustments(
    tournament: Tournament, options: CsvOptions | None = None
) -> tuple[Adjustment, ...]:
    """What the team form does not hold as the file has it: one note, and each guarded name."""
    options = options or CsvOptions()
    found = [
        Adjustment(
            action=Action.DROPPED,
            line=None,
            why="the team CSV holds the team matches and standings computed from the boards; "
            "the player records and every other record have no column (--to csv without "
            "--teams writes the players)",
        )
    ]
    for info in team_table(tournament).rows:
        name = _guard(info.name, options)
        record = next(
            (t for t in tournament.teams if t.line == info.line and t.line is not None), None
        )
        if record is not None and name != info.name:
            layout = C.TEAM26 if record.code == "310" else C.TEAM16
            column = layout.field("name").start
            found.append(_rewrite(record, "name", column, info.name, name, _GUARD_WHY))
    return tuple(found)


def adjustments(
    tournament: Tournament, options: CsvOptions | None = None
) -> tuple[Adjustment, ...]:
    """What the CSV of *tournament* does not hold as the file has it, in file order.

    Every record but the players (and blank lines) is dropped: the CSV has columns for
    record 001 alone. Of a player's line, what the reader could not keep (a result code
    TRF does not have) is dropped; a text cell the formula guard changed, and points with
    no exact decimal (a JSON input's third), are rewritten.
    """
    options = options or CsvOptions()
    used = set(_team_names(tournament).values()) if tournament.teams else set()
    found: list[Adjustment] = []
    for record in tournament.records:
        if isinstance(record, Player):
            found.extend(_player_changes(record, options))
            continue
        if isinstance(record, RawRecord) and record.kind == "blank":
            continue  # an empty line holds nothing to lose
        why = "the CSV has columns for the player records (001) only"
        if isinstance(record, Team) and record.name in used:
            name = _guard(record.name, options)
            if name != record.name:
                layout = C.TEAM26 if record.code == "310" else C.TEAM16
                column = layout.field("name").start
                found.append(_rewrite(record, "name", column, record.name, name, _GUARD_WHY))
            why = (
                "the CSV keeps a team's name in its members' Team cells only; the rest of "
                "the record (board order, and 310's number and points) has no column"
            )
        elif isinstance(record, Team):
            # team_members reads the 310s alone where a file has both: this team names no one
            why = "the CSV has no column for it and no player's Team cell names this team"
        found.append(
            Adjustment(
                action=Action.DROPPED,
                line=record.line,
                record=record_code(record),
                before=_text_of(record),
                why=why,
            )
        )
    return tuple(found)


def _player_changes(player: Player, options: CsvOptions) -> Iterator[Adjustment]:
    if player.source is not None:
        # what the reader could not keep from the line (a '*' result) is in no cell either
        for change in describe_line(player, player.source, render_record(player)):
            if change.action is Action.DROPPED:
                yield change
    for name, label in _TEXT_FIELDS:
        text: str = getattr(player, name)
        cell = _guard(text, options)
        if cell != text:
            yield _rewrite(player, label, C.PLAYER.field(name).start, text, cell, _GUARD_WHY)
    points = player.points
    if points is not None:
        cell = format_number(points)
        if Fraction(cell) != points:
            why = "the points have no exact decimal; rounded half up to two decimals"
            yield _rewrite(player, "points", C.POINTS.start, str(points), cell, why)


def _rewrite(
    record: Record, field: str, column: int | None, before: str, after: str, why: str
) -> Adjustment:
    return Adjustment(
        action=Action.REWRITTEN,
        line=record.line,
        record=record_code(record),
        field=field,
        column=column,
        before=before,
        after=after,
        why=why,
    )


def _text_of(record: Record) -> str:
    """The line *record* was read from; a record built in code (or from JSON) is rendered."""
    return record.source.text if record.source is not None else render_record(record).rstrip()


CSV_NEWLINE = "\r\n"
"""The line end of every CSV trfkit writes (RFC 4180)."""
CSV_ENCODING = "utf-8-sig"
"""The encoding of every CSV trfkit writes: UTF-8 with a byte-order mark, which
spreadsheets need to read it as UTF-8 (without it, "Örr" is read as Latin-1)."""


def csv_text(
    table: Iterable[Sequence[object]], delimiter: str = ",", newline: str = CSV_NEWLINE
) -> str:
    """*table* as CSV text: RFC 4180 quoting, CRLF line ends (the one dialect of trfkit)."""
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter, lineterminator=newline).writerows(table)
    return buffer.getvalue()


def csv_bytes(table: Iterable[Sequence[object]], delimiter: str = ",") -> bytes:
    """*table* as the CSV bytes trfkit writes: :func:`csv_text` in :data:`CSV_ENCODING`."""
    return encode(csv_text(table, delimiter), CSV_ENCODING)


def dumps(
    tournament: Tournament,
    options: CsvOptions | None = None,
    *,
    newline: str = CSV_NEWLINE,
    teams: bool = False,
) -> str:
    """The crosstable as CSV text (RFC 4180 quoting; CRLF line ends unless *newline*).

    *teams* writes the team form (:func:`team_rows`) instead of the players.
    """
    _door("csvform.dumps", tournament, options, teams)
    options = options or CsvOptions()
    table = team_rows(tournament, options) if teams else rows(tournament, options)
    return csv_text(table, options.delimiter, newline)


def dump_bytes(
    tournament: Tournament,
    options: CsvOptions | None = None,
    *,
    encoding: str = CSV_ENCODING,
    newline: str = CSV_NEWLINE,
    teams: bool = False,
) -> bytes:
    """The crosstable as CSV bytes: UTF-8 with a byte-order mark unless *encoding* says otherwise.

    Raises :class:`~trfkit.errors.WriteError` when a character does not exist in *encoding*.
    """
    _door("csvform.dump_bytes", tournament, options, teams)
    if not isinstance(encoding, str):
        expected = "a codec name (str, 'utf-8-sig')"
        raise ArgumentTypeError.naming("csvform.dump_bytes", "encoding", expected, encoding)
    return encode(dumps(tournament, options, newline=newline, teams=teams), encoding)


def _door(function: str, tournament: object, options: object, teams: object) -> None:
    """The types of a CSV writer's arguments, checked at the door."""
    if not isinstance(tournament, Tournament):
        expected = "a trfkit.Tournament (trfkit.loads reads one)"
        raise ArgumentTypeError.naming(function, "tournament", expected, tournament)
    if options is not None and not isinstance(options, CsvOptions):
        expected = "a trfkit.formats.csvform.CsvOptions or None"
        raise ArgumentTypeError.naming(function, "options", expected, options)
    if not isinstance(teams, bool):
        raise ArgumentTypeError.naming(function, "teams", "True or False", teams)


__all__ = [
    "CSV_ENCODING",
    "CSV_NEWLINE",
    "DELIMITERS",
    "PLAYER_COLUMNS",
    "CsvOptions",
    "adjustments",
    "csv_bytes",
    "csv_text",
    "dump_bytes",
    "dumps",
    "guard_formula",
    "header",
    "locale_options",
    "rows",
    "team_adjustments",
    "team_header",
    "team_rows",
    "team_table",
]

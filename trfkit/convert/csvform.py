"""A crosstable as CSV: one row per player, for spreadsheets.

Columns: start rank, name, title, rating, federation, FIDE id, points, rank (and the
team when the file has teams), then three per round: opponent, colour and result,
exactly as the round block holds them (``w``/``b``/``-`` and the TRF result code;
empty cells for a blank block). Rows follow the start ranks.

Spreadsheets open the file correctly when it is UTF-8 **with** a byte-order mark
(Excel needs the mark to recognise UTF-8), which is the default; another encoding can be
chosen. Where the decimal mark is a comma, spreadsheets expect ``;`` between fields:
:func:`locale_options` reads both from the user's locale. Text that a spreadsheet would
run as a formula (a name starting with ``=``, ``+``, ``-`` or ``@``) is written with a
leading apostrophe unless ``formula_guard`` is off; result codes such as ``=`` are
not touched, since a lone sign is no formula.
"""

from __future__ import annotations

import csv
import io
import locale
from collections.abc import Iterator
from fractions import Fraction

import attrs

from trfkit.model import Player, Tournament
from trfkit.numbers import format_number
from trfkit.trf.writer import encode

DELIMITERS = {"comma": ",", "semicolon": ";", "tab": "\t"}
"""Names the command line accepts for ``--delimiter`` (besides a single character)."""


@attrs.frozen
class CsvOptions:
    """How the CSV is written.

    Attributes:
        delimiter: The field separator.
        decimal_mark: The decimal mark of the points column.
        formula_guard: Prefix text cells that start with ``= + - @`` with ``'``.
    """

    delimiter: str = attrs.field(default=",")
    decimal_mark: str = "."
    formula_guard: bool = True

    @delimiter.validator
    def _one_character(self, attribute: attrs.Attribute[str], value: str) -> None:
        if len(value) != 1 or value in "\r\n\"":
            raise ValueError(f"the delimiter must be one character, not a quote: {value!r}")


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
    titles = ["Start rank", "Name", "Title", "Rating", "Federation", "FIDE id", "Points", "Rank"]
    if tournament.teams:
        titles.append("Team")
    for number in range(1, tournament.round_count + 1):
        titles.extend((f"R{number} opponent", f"R{number} colour", f"R{number} result"))
    return titles


def _guard(text: str, options: CsvOptions) -> str:
    if options.formula_guard and text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def _points(value: Fraction | None, options: CsvOptions) -> str:
    if value is None:
        return ""
    return format_number(value).replace(".", options.decimal_mark)


def _team_names(tournament: Tournament) -> dict[int, str]:
    names: dict[int, str] = {}
    for team in tournament.teams:
        for member in team.members:
            if member is not None:
                names.setdefault(member, team.name)
    return names


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
            p.title.value if p.title else "",
            "" if p.rating is None else str(p.rating),
            _guard(p.federation, options),
            _guard(p.fide_id, options),
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
                    "" if block.result is None else block.result.value,
                )
            )
        yield row


def dumps(
    tournament: Tournament, options: CsvOptions | None = None, *, newline: str = "\r\n"
) -> str:
    """The crosstable as CSV text (RFC 4180 quoting; CRLF line ends unless *newline*)."""
    options = options or CsvOptions()
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=options.delimiter, lineterminator=newline)
    writer.writerows(rows(tournament, options))
    return buffer.getvalue()


def dump_bytes(
    tournament: Tournament,
    options: CsvOptions | None = None,
    *,
    encoding: str = "utf-8-sig",
    newline: str = "\r\n",
) -> bytes:
    """The crosstable as CSV bytes: UTF-8 with a byte-order mark unless *encoding* says otherwise.

    Raises :class:`~trfkit.errors.WriteError` when a character does not exist in *encoding*.
    """
    return encode(dumps(tournament, options, newline=newline), encoding)


__all__ = ["DELIMITERS", "CsvOptions", "dump_bytes", "dumps", "header", "locale_options", "rows"]

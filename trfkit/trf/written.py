"""How a line was written, for the stages that report or rewrite its spelling.

The reader reads every field's value into the model; a check that quotes a value as
written, or a conversion that must know whether the writer would spell a field
otherwise, asks here, so that no stage outside ``trf/`` slices a record's line. Each
answer is read from :attr:`~trfkit.model.Record.source` through the one column table
(:mod:`trfkit.columns`); a record built in code (no source) was written as the writer
writes it.
"""

from __future__ import annotations

import re

from trfkit import columns as C
from trfkit.model import Player, RawRecord, Record, RoundDates, Tournament
from trfkit.trf.writer import render_record

__all__ = [
    "bye_opponents",
    "code_of_line",
    "leading_number",
    "lines_of",
    "piped_player",
    "prefix_column",
    "reaches",
    "title_as_written",
    "value_as_written",
]

_TITLE = C.PLAYER.field("title")

LEADING_NUMBER = re.compile(r"\s*([0-9]+)")
"""The first number of a header record's value (``062 15 (12)``: the 15), as the checks
read it and the fixes rewrite it: ASCII digits (those of other scripts are no count a file
states) after any blanks (``str.strip``'s, which the reader takes off a 142 too)."""


def leading_number(value: str) -> int | None:
    """The first number of a header record's *value* (:data:`LEADING_NUMBER`), if any."""
    match = LEADING_NUMBER.match(value)
    return int(match.group(1)) if match else None


def value_as_written(record: Record) -> str:
    """Everything after a coded record's code, as its line writes it (``""`` without one)."""
    return C.value_text(record.source.text) if record.source is not None else ""


def prefix_column(record: RoundDates) -> int | None:
    """The 1-based column where the text of a 132's columns 5-91 starts (``None``: none)."""
    if record.source is None or not record.prefix:
        return None
    found = record.source.text.find(record.prefix)
    return found + 1 if found >= 0 else None


def title_as_written(player: Player) -> str | None:
    """The title's columns 11-13 as written (``None``: no line), without padding."""
    return C.read_text(player.source.text, _TITLE) if player.source is not None else None


def bye_opponents(player: Player) -> dict[int, str]:
    """Round → the opponent columns of each block without an opponent, as written.

    Only those holding something other than ``0000`` or blanks (``   0``, ``  00``: how
    some exporters write a bye).
    """
    if player.source is None:
        return {}
    text = player.source.text
    found = {}
    for block in player.rounds:
        if block.opponent is not None or block.is_blank:
            continue
        written = C.read_text(text, C.round_field(block.round, C.ROUND_OPPONENT))
        if written not in ("0000", ""):
            found[block.round] = written
    return found


def reaches(record: Record, column: int) -> bool:
    """Whether the record's line is long enough for *column* to start on it (no line: yes)."""
    return record.source is None or C.reaches(record.source.text, column)


def line_widths(tournament: Tournament) -> dict[int, int]:
    """Each read record's line number and the length of its line, as read."""
    return {r.source.line: len(r.source.text) for r in tournament.records if r.source}


def code_of_line(record: RawRecord) -> str:
    """The first three characters of a line kept as text (an unknown record's code)."""
    return record.text[:3]


def piped_player(record: RawRecord) -> bool:
    """Whether a line kept as text is a player line with ``|`` between fields (Vega's TDF)."""
    return record.text.startswith("001 ") and record.text.count("|") >= 3


def lines_of(tournament: Tournament) -> list[tuple[int, str]]:
    """(line number, text) of every record: as read, or as the writer writes one built in code.

    What another program's reader sees (``trf/bbppairings``, ``trf/gacrux``).
    """
    out = []
    for index, record in enumerate(tournament.records, 1):
        source = record.source
        if source is not None:
            out.append((source.line, source.text))
        else:
            out.append((index, render_record(record)))
    return out

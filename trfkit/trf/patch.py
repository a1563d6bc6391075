"""Edits of a report's text in place, field by field, every other character kept.

``trfkit fix`` changes derived values (a points column, a rank, a count, a date) and
nothing else: each change is an :class:`Edit` of the columns a field holds on one line,
and :func:`apply` makes them on the lossless text of the report, so the fixed file is the
original byte for byte outside the changed fields. Where a field lies is the column
table's (:mod:`trfkit.columns`) or the reader's (:mod:`trfkit.trf.written`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import attrs

from trfkit import columns as C
from trfkit.errors import ModelError, TrfError
from trfkit.model import Player, Record
from trfkit.trf.decode import split_lines
from trfkit.trf.written import LEADING_NUMBER
from trfkit.values import Value


@attrs.frozen(repr=False)
class Edit(Value):
    """Columns *start* to *end* (1-based, inclusive) of line *line* replaced by *text*.

    *text* may be shorter or longer than the span only at the end of a line's content
    (a header record's value); inside a line it has the span's width.
    """

    line: int
    start: int
    end: int
    text: str

    def __attrs_post_init__(self) -> None:
        if self.line < 1 or self.start < 1 or self.end < self.start - 1:
            raise ModelError(
                f"Edit: no such place: line {self.line}, columns {self.start} to {self.end}"
            )


def field_edit(record: Record, field: C.Field, value: str | int | object) -> Edit:
    """The edit that writes *value* into *field* of *record*'s line, padded as the table says."""
    assert record.line is not None
    return Edit(record.line, field.start, field.end, C.format_field(value, field))  # type: ignore[arg-type]


def value_span(record: Record) -> tuple[int, int] | None:
    """Columns of a header record's value as written (first to last non-blank), if any."""
    source = record.source
    if source is None:
        return None
    text = source.text
    found = re.search(r"\S(?:.*\S)?", text[C.VALUE_START - 1 :])
    if found is None:
        return None
    return C.VALUE_START + found.start(), C.VALUE_START + found.end() - 1


def leading_number_span(record: Record) -> tuple[int, int] | None:
    """Columns of the first number of a header record's value (``062 15 (12)``: the 15)."""
    source = record.source
    if source is None:
        return None
    found = LEADING_NUMBER.match(source.text, C.VALUE_START - 1)
    if found is None:
        return None
    return found.start(1) + 1, found.end(1)


def text_at(record: Record, span: tuple[int, int]) -> str:
    """The text of columns *span* (1-based, inclusive) of *record*'s line as written."""
    source = record.source
    return "" if source is None else source.text[span[0] - 1 : span[1]]


def appended_spans(player: Player) -> list[tuple[int, int]]:
    """Columns of each value an exporter appended after the last round's block (in order)."""
    source = player.source
    if source is None or not player.appended:
        return []
    start = C.round_block_start(len(player.rounds) + 1) - 1
    spans = [(m.start() + 1, m.end()) for m in re.finditer(r"\S+", source.text[start:])]
    spans = [(a + start, b + start) for a, b in spans]
    return spans if len(spans) == len(player.appended) else []


def apply(text: str, edits: Iterable[Edit]) -> str:
    """*text* with *edits* made; line endings and every other character kept.

    Lines are the reader's (:func:`~trfkit.trf.decode.split_lines`: a line feed, CR LF or
    a lone CR ends one), so a line number is the one a finding gives.

    Raises:
        TrfError: Two edits of one line overlap, or an edit names a line the text lacks.
    """
    contents, endings = split_lines(text)
    by_line: dict[int, list[Edit]] = {}
    for edit in edits:
        by_line.setdefault(edit.line, []).append(edit)
    for number, found in by_line.items():
        if number > len(contents):
            raise TrfError(f"cannot edit line {number}: the text has {len(contents)} lines")
        contents[number - 1] = _edited(
            contents[number - 1], sorted(found, key=lambda e: e.start), number
        )
    return "".join(c + e for c, e in zip(contents, endings, strict=True))


def _edited(content: str, edits: list[Edit], number: int) -> str:
    previous = 0
    for edit in edits:
        if edit.start <= previous:
            raise TrfError(f"line {number}: two edits overlap at column {edit.start}")
        previous = edit.end
    # right to left, so that a value at the end of the line may change its length
    for edit in reversed(edits):
        if len(content) < edit.start - 1:
            content = content.ljust(edit.start - 1)
        content = content[: edit.start - 1] + edit.text + content[edit.end :]
    return content

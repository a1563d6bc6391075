"""What a conversion changed: every adjustment, located in the original file, and its report."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

import attrs

from trfkit import __version__
from trfkit.model import (
    FileFormat,
    RawRecord,
    Tournament,
)
from trfkit.values import Value, WordEnum


class Action(WordEnum):
    """What an adjustment did."""

    REWRITTEN = "rewritten"
    """Same meaning, other text: another record code, a standard code, a number format."""
    MOVED = "moved"
    """A value now stands elsewhere: re-aligned in its columns, or in another record."""
    DROPPED = "dropped"
    """Information the output does not hold any more."""
    ADDED = "added"
    """A record or value the input did not have."""
    MERGED = "merged"
    """Left out because the output holds the same information elsewhere (a duplicate)."""
    KEPT = "kept"
    """Kept as it is although the target version does not define it (a note)."""
    TRIMMED = "trimmed"
    """Trailing blanks removed."""


@attrs.frozen(kw_only=True, repr=False)
class Adjustment(Value):
    """One change a conversion or a rewrite made, located in the original file.

    Attributes:
        action: What was done.
        line: The 1-based line of the input it concerns; ``None`` for the file as a whole.
        record: The record code of that line (``"013"``, ``"001"``, ``"XXR"``), or ``""``.
        field: The field concerned (``"title"``, ``"round 3"``), ``""`` for the whole record.
        column: The field's first column in the input, when it has one.
        before: The text as it was (the line, or the field's characters).
        after: The text as written, ``None`` when nothing replaces it.
        why: The reason, citing the rule or the limitation of the target.
    """

    action: Action
    line: int | None
    record: str = ""
    field: str = ""
    column: int | None = None
    before: str | None = None
    after: str | None = None
    why: str = ""

    @property
    def subject(self) -> str:
        """The record and field in a few words (``"001 title"``)."""
        return " ".join(part for part in (self.record, self.field) if part) or "file"

    @property
    def message(self) -> str:
        """One sentence for people: what became of which text, and why."""
        what = f"{self.subject} {self.action.value}"
        if self.action is Action.TRIMMED:
            what = f"{self.subject}: trailing blanks removed"
        elif self.before is not None and self.after is not None and self.before != self.after:
            what += f": {self.before!r} -> {self.after!r}"
        elif self.before is not None:
            what += f": {self.before!r}"
        elif self.after is not None:
            what += f": {self.after!r}"
        return f"{what} ({self.why})" if self.why else what

    def as_json(self) -> dict[str, object]:
        """The adjustment as a JSON object (the ``--format json`` schema)."""
        return {
            "action": self.action.value,
            "line": self.line,
            "record": self.record,
            "field": self.field,
            "column": self.column,
            "before": self.before,
            "after": self.after,
            "why": self.why,
            "message": self.message,
        }


@attrs.frozen(repr=False)
class Conversion(Value):
    """What a conversion returns.

    Attributes:
        tournament: The converted tournament. Records that came from an input line keep
            its :class:`~trfkit.model.Source`, so a lossless write re-renders only the
            records that changed.
        adjustments: Everything the conversion changed, in the order of the input.
        target: The version converted to, ``None`` when the version was kept.
    """

    tournament: Tournament
    adjustments: tuple[Adjustment, ...] = ()
    target: FileFormat | None = None


def summary(adjustments: Sequence[Adjustment]) -> dict[str, int]:
    """How many adjustments of each action (for one-line summaries)."""
    counts: dict[str, int] = {}
    for a in adjustments:
        counts[a.action.value] = counts.get(a.action.value, 0) + 1
    return counts


def report_comments(
    adjustments: Sequence[Adjustment], target: FileFormat | None = None
) -> list[RawRecord]:
    """The adjustment report as ``###`` comment records (TRF-2026 remark 1).

    Adjustments that differ only in their line (the same title rewritten on 40 lines)
    are grouped into one comment that lists the lines.
    """
    head = f"### trfkit {__version__}: "
    head += f"converted to {target}, " if target else ""  # FileFormat prints as "TRF-2026"
    head += f"{len(adjustments)} adjustment{'s' if len(adjustments) != 1 else ''}"
    out = [RawRecord("comment", head)]
    groups: dict[tuple[str, str, str, str], list[Adjustment]] = {}
    for a in adjustments:
        key = (a.action.value, a.record, re.sub(r"\d+", "#", a.field), a.why)
        groups.setdefault(key, []).append(a)
    for items in groups.values():
        first = items[0]
        if len(items) == 1:
            where = f"line {first.line}: " if first.line is not None else ""
            text = where + first.message
        else:
            lines = sorted({a.line for a in items if a.line is not None})
            text = (
                f"{len(items)} x {first.subject} {first.action.value} on lines "
                f"{_ranges(lines)} ({first.why})"
            )
        out.append(RawRecord("comment", _clip("### " + text.replace("\t", " "))))
    return out


def _clip(text: str, width: int = 240) -> str:
    text = " ".join(text.splitlines())
    return text if len(text) <= width else text[: width - 3] + "..."


def _ranges(numbers: Sequence[int]) -> str:
    parts: list[str] = []
    for start, end in runs(numbers):
        parts.append(str(start) if start == end else f"{start}-{end}")
    return ", ".join(parts) or "-"


def runs(columns: Iterable[int]) -> Iterator[tuple[int, int]]:
    """The runs of consecutive numbers in *columns* (sorted), as ``(first, last)`` pairs."""
    start = end = None
    for c in columns:
        if end is not None and c == end + 1:
            end = c
            continue
        if start is not None and end is not None:
            yield start, end
        start = end = c
    if start is not None and end is not None:
        yield start, end

"""Writing a converted model as text, and describing every line that differs from the input."""

from __future__ import annotations

import codecs
from collections.abc import Collection, Iterable, Iterator, Sequence

import attrs

from trfkit import columns as C
from trfkit.diagnostics import Diagnostic, Severity
from trfkit.errors import ArgumentTypeError, ConversionFailed
from trfkit.formats.adjustments import Action, Adjustment, Conversion, report_comments, runs
from trfkit.formats.versions import record_code
from trfkit.model import (
    OLD_TITLES,
    AbnormalPoints,
    Acceleration,
    Acceleration16,
    BbpScore,
    Byes,
    Encoding,
    ForfeitedMatch,
    NationalRecord,
    Player,
    ProhibitedPairing,
    Record,
    Result,
    RoundCount,
    RoundDates,
    Scoring,
    Source,
    Team,
    TeamLineup,
    TeamPairingByes,
    TextRecord,
    TieBreakList,
    Tournament,
)
from trfkit.trf.writer import changed_line, render_record, unchanged
from trfkit.values import Value

# --- rendering, with the adjustments of the text ------------------------------------------------


@attrs.frozen(repr=False)
class Rendered(Value):
    """TRF text and the complete list of adjustments that lead to it.

    Attributes:
        text: The text (no byte-order mark; :func:`encode_trf` adds one when asked).
        adjustments: Conversion adjustments, then those of the text, sorted by line.
        tournament: The tournament written (with the ``###`` report lines, if asked).
    """

    text: str
    adjustments: tuple[Adjustment, ...]
    tournament: Tournament


NEWLINES = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}
"""The ``--newline`` choices."""
_NEWLINE_NAMES = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}


def output_line(record: Record, *, canonical: bool, repair: bool = False) -> str:
    """The line written for *record*.

    In lossless mode an unchanged record keeps its source text and a changed one is
    written as :func:`trfkit.dumps` writes it (:func:`~trfkit.trf.writer.changed_line`);
    everything else is rendered in the standard columns (without trailing blanks in
    canonical mode). A line with text the reader could not place in a field
    (:attr:`Source.unplaced`) is kept as written in every mode, and a conversion that
    changed its record is refused (:class:`~trfkit.errors.ConversionFailed`): rendering
    it would cut that text.
    """
    source = record.source
    if source is not None and unchanged(record):
        if source.unplaced or (not canonical and not repair):
            return source.text  # text no field can take is never cut by re-rendering
    elif source is not None and source.unplaced:
        raise ConversionFailed(
            f"line {source.line}: {source.unplaced}, and the record must be written anew "
            "for this output, which would cut that text; correct the line and convert again"
        )
    if not canonical and not repair:
        return changed_line(record)
    text = render_record(record)
    return text.rstrip() if canonical else text


def render_trf(
    conversion: Conversion | Tournament,
    *,
    canonical: bool = False,
    newline: str | None = None,
    comments: bool = False,
    repair: Collection[int] = (),
) -> Rendered:
    r"""Write a (converted) tournament as TRF text and list every adjustment.

    Lossless mode keeps the line of every record the conversion did not touch; canonical
    mode writes every record in the standard columns. Either way the adjustments name
    every line of the output that differs from the input: the conversion's, plus one per
    re-written field (alignment, number format, codes), trailing blanks, the line ending
    and the final newline.

    Args:
        conversion: A :class:`Conversion`, or a tournament to write without converting.
        canonical: Write every record in the standard columns.
        newline: The line terminator (``"\n"``, ``"\r\n"`` or ``"\r"``); ``None`` keeps
            each line's own in lossless mode and writes ``"\n"`` in canonical mode.
        comments: Also write the adjustments as ``###`` comment lines at the top.
        repair: Input lines to write in the standard columns even in lossless mode:
            the lines the reader could not read cleanly (see :func:`lines_to_repair`),
            so that the output reads without warnings.
    """
    if isinstance(conversion, Tournament):
        conversion = Conversion(conversion)
    elif not isinstance(conversion, Conversion):
        expected = "a trfkit.formats.Conversion or a trfkit.Tournament"
        raise ArgumentTypeError.naming("render_trf", "conversion", expected, conversion)
    if not isinstance(canonical, bool) or not isinstance(comments, bool):
        flag, value = ("canonical", canonical) if not isinstance(canonical, bool) else (
            "comments", comments)  # fmt: skip
        raise ArgumentTypeError.naming("render_trf", flag, "True or False", value)
    if newline is not None and newline not in ("\n", "\r\n", "\r"):
        expected = "'\\n', '\\r\\n', '\\r' or None"
        raise ArgumentTypeError.naming("render_trf", "newline", expected, newline)
    tournament = conversion.tournament
    records = list(tournament.records)
    lines = [
        output_line(
            r, canonical=canonical, repair=r.source is not None and r.source.line in repair
        )
        for r in records
    ]
    adjustments = list(conversion.adjustments)
    explained = {(a.line, a.field) for a in adjustments if a.line is not None}
    for record, line in zip(records, lines, strict=True):
        source = record.source
        if source is not None and source.unplaced and (canonical or source.line in repair):
            adjustments.append(_kept_as_written(record, source))
            continue
        if source is None or line == source.text or (source.line, "") in explained:
            continue
        adjustments.extend(
            a for a in describe_line(record, source, line) if (a.line, a.field) not in explained
        )
    default = newline or ("\n" if canonical else tournament.encoding.newline)
    endings = _endings(records, canonical=canonical, newline=newline, default=default)
    adjustments.extend(_ending_adjustments(tournament, records, endings, canonical=canonical))
    adjustments.sort(key=lambda a: (a.line if a.line is not None else 0))
    if comments:
        comment_records = report_comments(adjustments, conversion.target)
        note = Adjustment(
            action=Action.ADDED,
            line=None,
            record="###",
            after=f"{len(comment_records)} comment lines",
            why="the adjustment report, written into the file as asked",
        )
        adjustments.insert(0, note)
        records = [*comment_records, *records]
        lines = [r.text for r in comment_records] + lines
        endings = [default] * len(comment_records) + endings
    text = "".join(line + ending for line, ending in zip(lines, endings, strict=True))
    written = Tournament(tuple(records), encoding=tournament.encoding)
    return Rendered(text, tuple(adjustments), written)


def value_adjustments(tournament: Tournament, form: str) -> list[Adjustment]:
    """What writing *tournament*'s values in another *form* (``"the JSON form"``) changes.

    The adjustments of the canonical TRF text, except that a line with text no field
    could take is not kept as written: *form* holds the fields as their columns read
    them, and that text is listed as dropped.
    """
    rendered = render_trf(tournament, canonical=True)
    unplaced = {
        r.source.line: r for r in tournament.records if r.source is not None and r.source.unplaced
    }
    found = [
        a for a in rendered.adjustments if not (a.action is Action.KEPT and a.line in unplaced)
    ]
    for line, record in unplaced.items():
        assert record.source is not None
        found.append(
            Adjustment(
                action=Action.DROPPED,
                line=line,
                record=record_code(record),
                field="text no field can take",
                why=f"{record.source.unplaced}; {form} holds the fields as their own columns "
                "read them",
            )
        )
    found.sort(key=lambda a: a.line if a.line is not None else 0)
    return found


def _kept_as_written(record: Record, source: Source) -> Adjustment:
    return Adjustment(
        action=Action.KEPT,
        line=source.line,
        record=record_code(record),
        why=f"the line is kept as written: {source.unplaced}, and trfkit cannot tell "
        "where one field ends and the next begins",
    )


def lines_to_repair(diagnostics: Iterable[Diagnostic]) -> frozenset[int]:
    """The lines with a reader warning or error: a conversion writes them anew.

    A record the reader had to repair (a result ``*``, a shifted field, a bad code) is
    written in the standard columns, so that the converted file reads cleanly; what
    the repair changes is reported like any other adjustment.
    """
    return frozenset(
        d.line for d in diagnostics if d.line is not None and d.severity >= Severity.WARNING
    )


def _endings(
    records: Sequence[Record], *, canonical: bool, newline: str | None, default: str
) -> list[str]:
    endings: list[str] = []
    last = len(records) - 1
    for index, record in enumerate(records):
        source = record.source
        if canonical or source is None:
            ending = default
        elif newline is not None and source.newline:
            ending = newline
        else:
            ending = source.newline
        if not ending and index != last:
            ending = default
        endings.append(ending)
    return endings


def _ending_adjustments(
    tournament: Tournament, records: Sequence[Record], endings: Sequence[str], *, canonical: bool
) -> list[Adjustment]:
    found: list[Adjustment] = []
    changed: dict[tuple[str, str], list[int]] = {}
    for record, ending in zip(records, endings, strict=True):
        source = record.source
        if source is None or not source.newline or source.newline == ending:
            continue
        changed.setdefault((source.newline, ending), []).append(source.line)
    for (old, new), numbers in changed.items():
        found.append(
            Adjustment(
                action=Action.REWRITTEN,
                line=None,
                field="line endings",
                before=_NEWLINE_NAMES.get(old, repr(old)),
                after=_NEWLINE_NAMES.get(new, repr(new)),
                why=f"{len(numbers)} lines; "
                + ("canonical output uses one line ending" if canonical else "as asked"),
            )
        )
    if records and endings and endings[-1] and not tournament.encoding.final_newline:
        last = records[-1].source
        if last is not None and not last.newline:
            found.append(
                Adjustment(
                    action=Action.ADDED,
                    line=last.line,
                    field="line ending",
                    after=_NEWLINE_NAMES.get(endings[-1], repr(endings[-1])),
                    why="the last line had no line ending",
                )
            )
    return found


# --- describing how a line was re-written ---------------------------------------------------------

_FIXED_LAYOUTS: dict[type[Record], C.Layout] = {
    Byes: C.BYES,
    Acceleration: C.ACCELERATION,
    ProhibitedPairing: C.PROHIBITED,
    AbnormalPoints: C.ABNORMAL,
    TeamLineup: C.LINEUP,
    TeamPairingByes: C.TEAM_PAB,
    ForfeitedMatch: C.FORFEITED_MATCH,
}
_XXA = C.Layout(
    (C.Field("start_rank", 5, 8, C.Kind.INT, C.Align.RIGHT),),
    C.Repeat("points", 10, 4, 5, C.Kind.POINTS),
)
_ROUND_DATES = C.Layout((C.Field("prefix", 5, C.ROUND_START - 1),), C.ROUND_DATES)
_NATIONAL_REST = C.Field("rest", 90, 4096)


def _layout_of(record: Record) -> C.Layout | None:
    if isinstance(record, Player):
        return C.PLAYER
    if isinstance(record, NationalRecord):
        return C.Layout((*C.NATIONAL.fields, _NATIONAL_REST))
    if isinstance(record, Team):
        return C.TEAM16 if record.code == "013" else C.TEAM26
    if isinstance(record, RoundDates):
        return _ROUND_DATES
    if isinstance(record, Acceleration16):
        return _XXA
    return _FIXED_LAYOUTS.get(type(record))


def describe_line(record: Record, source: Source, line: str) -> list[Adjustment]:
    """The adjustments that turn *source*'s text into *line*, field by field.

    Args:
        record: The record written.
        source: Where it was read from (its text is the original line).
        line: The line written for it.
    """
    before = source.text.lstrip("\ufeff")
    code = record_code(record)
    found: list[Adjustment] = []
    layout = _layout_of(record)
    if before != line and layout is not None and before[:3] == line[:3]:
        found.extend(_compare_layout(record, layout, source.line, code, before, line))
    elif before.rstrip() != line.rstrip():
        found.append(_compare_free(record, source.line, code, before, line))
    if before != before.rstrip() and line == line.rstrip():
        found.append(Adjustment(action=Action.TRIMMED, line=source.line, record=code))
    if not found and before != line:
        found.append(
            Adjustment(
                action=Action.REWRITTEN,
                line=source.line,
                record=code,
                before=before,
                after=line,
                why="written in the standard layout",
            )
        )
    return found


def _fields(layout: C.Layout, width: int) -> Iterator[C.Field]:
    yield from layout.fields
    if layout.repeat is not None:
        index = 0
        while True:
            field = layout.repeat.item(index)
            if field.start > width:
                break
            yield field
            index += 1


def _compare_layout(
    record: Record, layout: C.Layout, number: int, code: str, before: str, after: str
) -> list[Adjustment]:
    width = max(len(before), len(after))
    found: list[Adjustment] = []
    covered = set(range(1, 4))
    until = C.ROUND_START - 1 if isinstance(record, Player) else None
    placement = C.plan_of(layout, len(before.rstrip())).locate(before, until=until)
    placed = {p.field: p for p in placement.fields}
    for field in _fields(layout, width):
        covered.update(range(field.start, field.end + 1))
        was = placed.get(field)
        if was is not None and was.shifted:
            covered.update(range(was.start, was.end + 1))
        old = before[field.slice].ljust(field.width)
        new = after[field.slice].ljust(field.width)
        if old.rstrip() == new.rstrip() and (was is None or not was.shifted):
            continue
        found.append(
            _field_change(field, layout, was, (number, code), old.strip(), new.strip())
        )
    if isinstance(record, Player):
        found.extend(_compare_blocks(number, before, after))
        covered.update(range(C.ROUND_START, width + 1))
    for start, end in runs(c for c in range(1, width + 1) if c not in covered):
        old = before[start - 1 : end]
        new = after[start - 1 : end]
        if old.strip() == new.strip():
            continue
        found.append(
            Adjustment(
                action=Action.DROPPED if old.strip() and not new.strip() else Action.REWRITTEN,
                line=number,
                record=code,
                field=C.columns_text(start, end),
                column=start,
                before=old,
                after=new,
                why="text where the layout has a separating blank",
            )
        )
    return found


_FIELD_LABELS = {"start_rank": "start rank", "fide_id": "FIDE id", "birth_date": "birth date"}



def _field_change(
    field: C.Field,
    layout: C.Layout,
    was: C.Placed | None,
    where: tuple[int, str],
    old: str,
    new: str,
) -> Adjustment:
    number, code = where
    label = _label(field, layout)
    column = field.start
    if was is not None and was.shifted:
        old, column = was.text, was.start
    if old == new:
        action = Action.MOVED
        side = "right" if field.align is C.Align.RIGHT else "left"
        why = f"{side}-aligned in columns {field.start}-{field.end}, as the layout has it"
        if was is not None and was.shifted:
            why = f"it stood in {C.columns_text(was.start, was.end)}; written {why}"
    elif not new:
        action = Action.DROPPED
        why = f"not a valid {field.kind.value}; the reader could not keep it"
    else:
        action = Action.REWRITTEN
        why = _why(field, old, new)
    return Adjustment(
        action=action,
        line=number,
        record=code,
        field=label,
        column=column,
        before=old,
        after=new,
        why=why,
    )


_REPEAT_LABELS = {"dates": "round {} date", "members": "member {}", "ids": "id {}"}


def _label(field: C.Field, layout: C.Layout) -> str:
    """A field's name for people; a repeat item's with its number (``round 2 date``)."""
    label = _FIELD_LABELS.get(field.name, field.name.replace("_", " "))
    repeat = layout.repeat
    if repeat is not None and field.name == repeat.name and field not in layout.fields:
        index = (field.start - repeat.start) // repeat.stride + 1
        pattern = _REPEAT_LABELS.get(field.name)
        return pattern.format(index) if pattern else f"{label} {index}"
    return label


def _why(field: C.Field, old: str, new: str) -> str:
    if field.name == "title":
        if old.lower() in OLD_TITLES and old.islower():
            return "TRF06 title code; TRF16 and TRF-2026 write GM IM WGM FM WIM CM WFM WCM"
        return "titles are written in capitals"
    if field.name == "sex":
        return "TRF16 codes sex as m (man) or w (woman)"
    if field.kind is C.Kind.POINTS:
        return "points are written with a decimal point and one decimal at least (format 11.5)"
    if field.kind is C.Kind.INT:
        try:
            same = int(old) == int(new)
        except ValueError:
            same = False
        if same:
            return "numbers are written without leading zeros"
    return "written in the standard form"


def _compare_blocks(number: int, before: str, after: str) -> list[Adjustment]:
    found: list[Adjustment] = []
    width = max(len(before), len(after))
    round_number = 0
    for start in range(C.ROUND_START - 1, width, C.ROUND_STRIDE):
        round_number += 1
        old = before[start : start + C.ROUND_STRIDE].ljust(C.ROUND_STRIDE)
        new = after[start : start + C.ROUND_STRIDE].ljust(C.ROUND_STRIDE)
        if old == new:
            continue
        action, why = _block_change(old, new, at_end=start >= len(after))
        found.append(
            Adjustment(
                action=action,
                line=number,
                record="001",
                field=f"round {round_number}",
                column=start + 1,
                before=old.rstrip(),
                after=new.rstrip(),
                why=why,
            )
        )
    return found


_RESULT_CODES = frozenset(r.value for r in Result) | {
    r.value.lower() for r in Result if r.value.isalpha()
}


def _block_change(old: str, new: str, *, at_end: bool) -> tuple[Action, str]:
    """How a 10-column round block was re-written, and why (TRF16 round block layout)."""
    if not new.strip():
        if old[7] != " " and old[7] not in _RESULT_CODES:
            return (
                Action.DROPPED,
                f"result {old[7]!r} is no TRF result code; without it the block says nothing",
            )
        where = "; at the end of the line it is left out" if at_end else ""
        return (
            Action.REWRITTEN,
            "a block without opponent, colour or result is written blank (TRF16: blank "
            f"means 0000, - and Z){where}",
        )
    reasons: list[str] = []
    lost = False
    if old[7] != new[7]:
        if new[7] == " ":
            lost = True
            reasons.append(f"result {old[7]!r} is no TRF result code")
        else:
            reasons.append("result letters are written upper-case")
    op_old, op_new = old[:4].strip(), new[:4].strip()
    if op_old != op_new:
        if op_new == "0000":
            reasons.append("a round without opponent is written 0000")
        elif op_old.lstrip("0") == op_new:
            reasons.append("start ranks are written without leading zeros")
        else:
            lost = True
            reasons.append(f"opponent {op_old!r} is not a start rank")
    elif old[:4] != new[:4]:
        reasons.append("the opponent is right-aligned in the block's first 4 columns")
    if old[5] != new[5]:
        if old[5] in " \t" and new[5] == "-":
            reasons.append("a blank colour means '-'")
        elif old[5].lower() == new[5]:
            reasons.append("colours are written w and b")
        else:
            lost = True
            reasons.append(f"colour {old[5]!r} is not w, b or -")
    separators_old = old[4] + old[6] + old[8:]
    if separators_old != new[4] + new[6] + new[8:]:
        lost = lost or bool(separators_old.strip())
        reasons.append("text in the block's separating blanks")
    if lost:
        action = Action.DROPPED
    elif old.strip() == new.strip():
        action = Action.MOVED
    else:
        action = Action.REWRITTEN
    return action, "; ".join(reasons) or "written in the standard block layout"


def _compare_free(record: Record, number: int, code: str, before: str, after: str) -> Adjustment:
    if " ".join(before.split()) == " ".join(after.split()):
        return Adjustment(
            action=Action.MOVED,
            line=number,
            record=code,
            before=before.rstrip(),
            after=after,
            why="blanks between the values as the standard layout writes them",
        )
    lost = isinstance(record, RoundCount) and record.rounds is None
    lost = lost or (isinstance(record, BbpScore) and record.points is None)
    why = "written in the standard form"
    if lost:
        why = "the value is not a number; the reader could not keep it"
    elif isinstance(record, Scoring):
        why = "symbols and points written in the standard columns"
    elif isinstance(record, TieBreakList):
        why = "tie-break codes written comma-separated without blanks"
    elif isinstance(record, TextRecord):
        why = "the value starts in column 5"
    return Adjustment(
        action=Action.DROPPED if lost else Action.REWRITTEN,
        line=number,
        record=code,
        before=before.rstrip(),
        after=after,
        why=why,
    )


def encoding_adjustments(original: Encoding, codec: str, *, bom: bool) -> list[Adjustment]:
    """File-level adjustments of writing *original*'s text with *codec* (and a BOM or not)."""
    found: list[Adjustment] = []
    old = codec_name(original.codec)
    new = codec_name(codec)
    if old != new:
        found.append(
            Adjustment(
                action=Action.REWRITTEN,
                line=None,
                field="encoding",
                before=old,
                after=new,
                why="the characters are the same; their bytes differ",
            )
        )
    if original.bom and not bom:
        found.append(
            Adjustment(
                action=Action.DROPPED,
                line=None,
                field="byte-order mark",
                before="BOM",
                why="TRF readers do not expect one",
            )
        )
    elif bom and not original.bom:
        found.append(
            Adjustment(
                action=Action.ADDED,
                line=None,
                field="byte-order mark",
                after="BOM",
                why="as asked",
            )
        )
    return found


def codec_name(codec: str) -> str:
    """The standard name of a codec (``"latin-1"`` → ``"iso8859-1"``), or *codec* if unknown."""
    try:
        return codecs.lookup(codec).name
    except LookupError:
        return codec

"""Lark tree → model: one method per grammar rule, fields sliced by the column table.

The transformer maps and reports what it cannot read; it does not judge the
tournament (that is :mod:`trfkit.checks`). Every record is made by its class's
constructor (so the model's validators run) and keeps its
:class:`~trfkit.model.Source`, so that the writer can reproduce it byte for
byte.
"""

from __future__ import annotations

import contextlib
import operator
import re
import threading
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import attrs

from trfkit import columns as C
from trfkit.diagnostics import REPEATS, Repeats, line_ranges, parse_rule
from trfkit.errors import FieldError
from trfkit.model import (
    OLD_TITLES,
    AbnormalPoints,
    Acceleration,
    Acceleration16,
    BbpScore,
    Byes,
    Colour,
    DataLine,
    ForfeitedMatch,
    InitialColour,
    NationalRecord,
    Player,
    ProhibitedPairing,
    RawRecord,
    Record,
    Result,
    RoundCount,
    RoundDates,
    RoundResult,
    Scoring,
    Sex,
    Source,
    Team,
    TeamLineup,
    TeamPairingByes,
    TeamResults,
    TextRecord,
    TieBreakList,
    Title,
    Tokens,
    record_value,
)

_SEX = {
    "m": Sex.MALE,
    "M": Sex.MALE,
    "w": Sex.FEMALE,
    "W": Sex.FEMALE,
    "f": Sex.FEMALE,
    "F": Sex.FEMALE,
}
_COLOUR = {
    "w": Colour.WHITE,
    "W": Colour.WHITE,
    "b": Colour.BLACK,
    "B": Colour.BLACK,
    "-": Colour.NONE,
    " ": Colour.NONE,
}
_RESULT = {r.value: r for r in Result} | {r.value.lower(): r for r in Result if r.value.isalpha()}
_RESULT_OR_BLANK: dict[str, Result | None] = {" ": None, **_RESULT}
_TEXT_KINDS = frozenset({C.Kind.TEXT, C.Kind.CODE, C.Kind.DATE})
_DATE_LAYOUT = C.Layout((), C.ROUND_DATES)
_DATE_PREFIX = (C.Field("prefix", 5, C.ROUND_START - 1),)
"""What stands before round 1's date in a 132 (Vega writes its dates there)."""
_SHOWN = 3
"""How many shifted fields one P008 names."""
_REST = (C.Field("rest", 90, 4096),)
"""What a national rating record holds after the 001 fields."""
_XXA = C.Layout(
    (C.Field("start_rank", 5, 8, C.Kind.INT, C.Align.RIGHT),),
    C.Repeat("points", 10, 4, 5, C.Kind.POINTS),
)
"""JaVaFo ``XXA``: id in 5-8, then ``pp.p`` every 5 columns from 10."""
_TITLES = {t.value: t for t in Title} | OLD_TITLES
_SEPARATORS_001 = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
"""The columns of a 001 line that stand between its fields and must be blank."""
_SEPARATORS_AT = operator.itemgetter(*(col - 1 for col in _SEPARATORS_001))
_ALL_BLANK = (" ",) * len(_SEPARATORS_001)
_MISSING = object()

_P_START_RANK = C.PLAYER.field("start_rank")
_P_TITLE = C.PLAYER.field("title").slice
_P_NAME = C.PLAYER.field("name").slice
_P_FEDERATION = C.PLAYER.field("federation").slice
_P_FIDE_ID = C.PLAYER.field("fide_id").slice
_P_BIRTH = C.PLAYER.field("birth_date").slice
_P_RATING = C.PLAYER.field("rating")
_P_POINTS = C.PLAYER.field("points")
_P_RANK = C.PLAYER.field("rank")
_PLAYER_PLAN = C.Plan(C.PLAYER.fields)
_AT_START_RANK, _AT_RATING, _AT_POINTS, _AT_RANK = (
    f.slice for f in (_P_START_RANK, _P_RATING, _P_POINTS, _P_RANK)
)
_ROUNDS_FROM = C.ROUND_START - 1
"""Where a 001 line's round blocks start (0-based)."""
_COLOURS = frozenset(_COLOUR)
_RESULTS = frozenset(_RESULT_OR_BLANK)


class _Opponents(dict[str, "int | None"]):
    """A block's four opponent columns → start rank (``None`` for blanks and ``0000``).

    A clean text is blank or a right-aligned plain number (11,111 texts), kept as it is met;
    any other text is ``_MISSING`` and not kept, so junk cannot grow the table.
    """

    def __missing__(self, text: str) -> Any:
        digits = text.lstrip(" ")
        if not digits:
            value = None
        elif digits.isdigit() and digits.isascii():
            value = int(digits) or None
        else:
            return _MISSING
        self[text] = value
        return value


_OPPONENT = _Opponents()


_SLICES: dict[int, tuple[slice, ...]] = {}
"""Width → the first *width* columns of each block of a round section, as many as the
longest section read so far holds (one tuple per width, so memory grows with the line)."""


def _slices(count: int, width: int) -> tuple[slice, ...]:
    """The first *width* columns of each of the first *count* blocks of a round section."""
    known = _SLICES.get(width, ())
    if len(known) < count:
        stride = C.ROUND_STRIDE
        # a whole new tuple, set at once: a thread reading the old one still reads it right
        known = _SLICES[width] = tuple(
            slice(at, at + width) for at in range(0, count * stride, stride)
        )
    return known[:count]


_BLOCKS: list[dict[str, RoundResult]] = []
"""Clean round blocks read before, round by round, by their eight columns: a block is a
frozen value of its round, opponent, colour and result. Kept from files of at most
:data:`_RECURRING_LINES` lines and lines of at most :data:`_RECURRING_ROUNDS` blocks: a
small event's blocks recur from file to file of a batch, where a look-up is a fraction of
making the block; those of many players or many rounds rarely do, and keeping them costs a
first read more than it saves (``benchmarks/RESULTS.md``)."""
_RECURRING_LINES = 500
"""The longest file whose round blocks are kept in :data:`_BLOCKS`."""
_RECURRING_ROUNDS = 20
"""The most blocks a line may hold for its blocks to be kept in :data:`_BLOCKS`."""
_BLOCK_LIMIT = 10_000
"""Most blocks kept per round."""


_CACHE_LIMIT = 50_000
"""Most entries a reading cache keeps; past it, new texts are read without being kept."""
_START_RANKS: dict[str, Any] = {}
_RATINGS: dict[str, Any] = {}
_POINTS: dict[str, Any] = {}
_RANKS: dict[str, Any] = {}
"""Per 001 number field: a text read cleanly before → its value.

Numbers repeat from line to line (ratings, points), and reading ``11.5`` as a
:class:`~fractions.Fraction` costs far more than a look-up. The values are
immutable, so sharing them is safe; only texts that read without a problem
are kept, so every other text is read (and reported) each time."""


def read_title(text: str) -> Title | None:
    """A title from columns 11-13: standard (any case) or a TRF06 letter code."""
    if text in _TITLES:
        return _TITLES[text]
    return _TITLES.get(text.upper())


_SCORING_PAIR = re.compile(r"([A-Za-z]{1,3})\s*=?\s*([-+]?\d+(?:[.,]\d+)?)", re.ASCII)
_RULER = re.compile(r"[\d\s.]+|([A-Z])\1*(\s+([A-Z])\3*)*(\s.*)?")


def _in_order(cls: type[Record], **values: Any) -> tuple[Any, ...]:
    """The fields of a *cls* record with *values*, in the order of its constructor.

    A field not in *values* takes its default.
    """
    fields: list[Any] = []
    for a in attrs.fields(cls):
        if a.name == "source":
            continue
        value = values.get(a.name, a.default)
        if value is attrs.NOTHING:
            raise TypeError(f"{cls.__name__} needs a value for {a.name!r}")
        if isinstance(value, attrs.Factory):  # type: ignore[arg-type]  # Factory is a class
            value = value.factory()
        fields.append(value)
    return tuple(fields)


_KNOWN_VALUES = {"sex": "neither m nor w", "title": "not a FIDE title"}
"""What a sex or a title text that is no value of its set is not, for P007."""


def _unread(
    sex: Sex | None, sex_text: str, title: Title | None, title_text: str
) -> tuple[tuple[str, str], ...]:
    """The sex and title texts a player line holds that are no value of their set."""
    if (sex is not None or not sex_text) and (title is not None or not title_text):
        return ()  # the usual line: both read, or blank
    found = []
    if sex is None and sex_text:
        found.append(("sex", sex_text))
    if title is None and title_text:
        found.append(("title", title_text))
    return tuple(found)


class LineToken(str):
    """One line of a file as the parser hands it to a record reader.

    The string is the line's text; :attr:`type` is the grammar's terminal (all the parser
    reads) and :attr:`line` its 1-based number.
    """

    __slots__ = ("line", "type")
    type: str
    line: int


class RecordReader:
    """One reader per record kind: a line's token to its record, gathering diagnostics.

    Each record kind's reader is the method named by its alias in ``grammars/trf.lark``
    (:mod:`trfkit.trf.reader` hands Lark the callbacks that call them).

    The file being read (its lines, their terminators, the diagnostics so far)
    is kept per thread while :meth:`reading` is active, so one transformer (and
    the one parser it is inlined in) serves every thread.
    """

    def __init__(self) -> None:
        self._file = threading.local()

    @contextlib.contextmanager
    def reading(
        self, lines: list[str], newlines: list[str], repeats: int = REPEATS
    ) -> Iterator[Repeats]:
        """Read the file of *lines* and terminators *newlines*: yields its diagnostics.

        At most *repeats* of a code are made (:class:`~trfkit.diagnostics.Repeats`), so
        that a file of junk lines does not hold a diagnostic per line; a sex or a title
        that is no value of its set is one diagnostic a file however many players have it
        (:meth:`_unknown_values`).
        """
        file = self._file
        diagnostics = Repeats(repeats)
        file.lines, file.newlines, file.diagnostics = lines, newlines, diagnostics
        file.unknown = {}
        file.recurring = len(lines) <= _RECURRING_LINES
        try:
            yield diagnostics
            self._unknown_values()
        finally:
            del file.lines, file.newlines, file.diagnostics, file.unknown, file.recurring

    def _unknown_values(self) -> None:
        """One P007 for each sex or title text that is no value of its set: its lines."""
        for (what, text), places in self._file.unknown.items():
            line, column = places[0]
            message = f"{what} {text!r} is {_KNOWN_VALUES[what]}"
            if len(places) > 1:
                lines = line_ranges(line for line, _ in places)
                message += f" ({len(places):,} players: lines {lines})"
            self._file.diagnostics.add(
                parse_rule("P007").diagnostic(message, line=line, column=column)
            )

    # --- plumbing -------------------------------------------------------------------------


    def _record(
        self, token: LineToken, cls: type[Record], fields: tuple[Any, ...], unplaced: str = ""
    ) -> Record:
        """``cls(*fields)`` with the source of *token*'s line, which keeps what it was read as."""
        line: int = token.line
        file = self._file
        source = Source(
            line, file.lines[line - 1], file.newlines[line - 1], (cls, *fields), unplaced
        )
        return cls(*fields, source=source)

    def _report(
        self, code: str, message: str, token: LineToken, column: int | None = None, **kw: Any
    ) -> None:
        found: Repeats = self._file.diagnostics
        if found.full(code, token.line):
            return  # counted only: a file of junk lines holds no diagnostic per line
        if column is not None:
            column = min(column, len(token) + 1)  # a missing field points past the line's end
        found.add(
            parse_rule(code).diagnostic(message, line=token.line, column=column, **kw)
        )

    def _value(self, token: LineToken, field: C.Field, text: str, column: int, record: str) -> Any:
        try:
            return C.read_value(text, field)
        except FieldError as exc:
            self._report(
                "P005",
                f"{record} {_label(field)} {exc.text.strip()!r} is not a number",
                token,
                column,
            )
            return None

    def _layout(
        self, token: LineToken, layout: C.Layout, record: str, *, extra: tuple[C.Field, ...] = ()
    ) -> tuple[dict[str, Any], str]:
        # *extra* is a module constant: plans are kept by its identity
        """The layout's values (its repeat as a tuple) and why text could not be placed.

        A line whose text stands inside its fields is read by its columns; any other
        is read where its text stands (:meth:`trfkit.columns.Plan.locate`): a shifted
        field is reported with the value read, and text that belongs to no one field is
        reported and makes the line one a conversion keeps as written.
        """
        line = str(token)
        plan = C.plan_of(layout, len(line.rstrip()), extra)
        unplaced = ""
        if plan.in_columns(line):
            texts = [(f, line[f.slice].strip(), f.start) for f in plan.fields]
        else:
            placement = plan.locate(line)
            unplaced = self._report_placement(token, placement, line[:3])
            texts = [(p.field, p.text, p.start) for p in placement.fields]
        values: dict[str, Any] = {}
        items: list[Any] = []
        repeat = layout.repeat.name if layout.repeat is not None else None
        for field, text, column in texts:
            if field.kind in _TEXT_KINDS:
                value: Any = text
            else:
                value = self._value(token, field, text, column, record)
            if field.name == repeat:
                items.append(value)
            else:
                values[field.name] = value
        if repeat is not None:
            while items and items[-1] in (None, ""):
                items.pop()
            values[repeat] = tuple(items)
        return values, unplaced

    def _report_placement(
        self, token: LineToken, placement: C.Placement, code: str, players: tuple[int, ...] = ()
    ) -> str:
        """Report the shifted fields and the stray text of *placement*; the stray text's why."""
        shifted = [p for p in placement.fields if p.shifted]
        if shifted:
            parts = [
                f"{_label(p.field)} {p.text!r} ({C.columns_text(p.start, p.end)}, not "
                f"{p.field.start}-{p.field.end})"
                for p in shifted[:_SHOWN]
            ]
            if len(shifted) > _SHOWN:
                parts.append(f"{len(shifted) - _SHOWN} more")
            verb = "stands" if len(shifted) == 1 else "stand"
            self._report(
                "P008",
                f"{code} {', '.join(parts)} {verb} off {'its' if len(shifted) == 1 else 'their'} "
                f"columns; read as {'it stands' if len(shifted) == 1 else 'they stand'}",
                token,
                shifted[0].start,
                players=players,
            )
        if not placement.stray:
            return ""
        line = str(token)
        pieces = ", ".join(
            f"{line[s - 1 : e]!r} in {C.columns_text(s, e)}" for s, e in placement.stray
        )
        why = f"{pieces} belong{'s' if len(placement.stray) == 1 else ''} to no one field"
        self._report(
            "P008",
            f"{code}: {why}; the fields around it are read from their own columns and "
            "a conversion keeps the line as written",
            token,
            placement.stray[0][0],
            players=players,
        )
        return why

    @staticmethod
    def _payload(token: LineToken) -> str:
        return str(token)[4:].strip()

    # --- header records -------------------------------------------------------------------

    def _text(self, token: LineToken) -> Record:
        text = str(token)
        return self._record(token, TextRecord, (text[:3], text[4:].rstrip()))

    tournament_name = city = federation = start_date = end_date = _text
    player_count = rated_count = team_count = tournament_type = _text
    chief_arbiter = deputy_arbiter = time_control = _text
    starting_rank_method = pairing_controller = tournament_code = _text
    encoded_time_control = board_colours = _text

    def round_dates(self, token: LineToken) -> Record:
        """Record 132: one date per round block column."""
        values, unplaced = self._layout(token, _DATE_LAYOUT, "132", extra=_DATE_PREFIX)
        return self._record(token, RoundDates, (values["dates"], values["prefix"]), unplaced)

    def _round_count(self, token: LineToken) -> Record:
        payload = self._payload(token)
        rounds: int | None = None
        if payload:
            try:
                rounds = C.parse_int(payload)
            except ValueError:
                self._report("P005", f"number of rounds {payload!r} is not a number", token, 5)
        return self._record(token, RoundCount, (str(token)[:3], rounds))

    round_count = xx_rounds = _round_count

    def initial_colour(self, token: LineToken) -> Record:
        """Record 152: ``W`` or ``B``."""
        payload = self._payload(token)
        if payload.upper() not in ("W", "B"):
            self._report("P007", f"initial colour {payload!r} is neither W nor B", token, 5)
        elif payload not in ("W", "B"):
            # read as meant, but bbpPairings refuses it; --to trf26 writes it upper-case
            why = f"initial colour {payload!r} is written in lower case; 152 is W or B"
            self._report("P007", why, token, 5)
        return self._record(token, InitialColour, (payload,))

    def _scoring(self, token: LineToken) -> Record:
        payload = str(token)[4:]
        values: list[tuple[str, Fraction]] = []
        rest = _SCORING_PAIR.sub(lambda m: values.append(_pair(m)) or "", payload)  # type: ignore[func-returns-value]
        if rest.strip():
            self._report("P007", f"scoring entries not understood: {rest.strip()!r}", token, 5)
        return self._record(token, Scoring, (str(token)[:3], tuple(values)))

    scoring = team_scoring = xx_scoring = _scoring

    def _tiebreak_list(self, token: LineToken) -> Record:
        payload = self._payload(token)
        codes = tuple(map(str.strip, payload.split(","))) if payload else ()
        return self._record(token, TieBreakList, (str(token)[:3], codes))

    tiebreaks = standings_definition = _tiebreak_list

    # --- players and teams ----------------------------------------------------------------

    def player(self, token: LineToken) -> Record:
        """Record 001: the player's fields (cols 1-89) and round blocks (from col 92).

        Every field is read and every problem reported; a line without a
        readable start rank is kept as an unknown line. A line whose separating
        columns are blank is read by its columns; any other is read where its
        text stands (:meth:`_placed_player`).
        """
        line = str(token)
        if len(line) < _ROUNDS_FROM:
            if any(line[col - 1] not in " \t" for col in _SEPARATORS_001 if col <= len(line)):
                return self._placed_player(token, line)
        elif _SEPARATORS_AT(line) != _ALL_BLANK:
            return self._placed_player(token, line)
        # a number read before is one look-up (_number keeps what it reads cleanly, never None)
        text = line[_AT_START_RANK]
        start_rank = _START_RANKS.get(text)
        if start_rank is None:
            start_rank = self._number(token, text, _P_START_RANK, _START_RANKS)
        if not isinstance(start_rank, int) or not start_rank:
            return self._no_start_rank(token, line, start_rank)
        text = line[_AT_RATING]
        rating = _RATINGS.get(text)
        if rating is None:
            rating = self._number(token, text, _P_RATING, _RATINGS)
        text = line[_AT_POINTS]
        points = _POINTS.get(text)
        if points is None:
            points = self._number(token, text, _P_POINTS, _POINTS)
        text = line[_AT_RANK]
        rank = _RANKS.get(text)
        if rank is None:
            rank = self._number(token, text, _P_RANK, _RANKS)
        sex_text = line[9:10]
        sex = self._sex(token, sex_text, 10) if sex_text.strip() else None
        title_text = line[_P_TITLE].strip()
        title = self._title(token, title_text, 11) if title_text else None
        unread = _unread(sex, sex_text.strip(), title, title_text)
        rounds = self._rounds(token, line, start_rank) if len(line) > _ROUNDS_FROM else ()
        return self._record(
            token,
            Player,
            (
                start_rank,
                line[_P_NAME].strip(),
                sex,
                title,
                rating,
                line[_P_FEDERATION].strip(),
                line[_P_FIDE_ID].strip(),
                line[_P_BIRTH].strip(),
                points,
                rank,
                rounds,
                (),
                unread,
            ),
        )

    def _placed_player(self, token: LineToken, line: str) -> Record:
        """A 001 line with text in a separating column: its fields read where they stand."""
        placement = _PLAYER_PLAN.locate(line, until=_ROUNDS_FROM)
        at = {p.field.name: p for p in placement.fields}
        start = at["start_rank"]
        start_rank = self._number(token, start.text, _P_START_RANK, {}, column=start.start)
        if not isinstance(start_rank, int) or not start_rank:
            return self._no_start_rank(token, line, start_rank)
        unplaced = self._report_placement(token, placement, "001", players=(start_rank,))
        numbers = {
            name: self._number(token, at[name].text, at[name].field, {}, column=at[name].start)
            for name in ("rating", "points", "rank")
        }
        sex = title = None
        if at["sex"].text:
            sex = self._sex(token, at["sex"].text, at["sex"].start)
        if at["title"].text:
            title = self._title(token, at["title"].text, at["title"].start)
        unread = _unread(sex, at["sex"].text, title, at["title"].text)
        rounds = self._rounds(token, line, start_rank) if len(line) > _ROUNDS_FROM else ()
        fields = (
            start_rank,
            at["name"].text,
            sex,
            title,
            numbers["rating"],
            at["federation"].text,
            at["fide_id"].text,
            at["birth_date"].text,
            numbers["points"],
            numbers["rank"],
            rounds,
            (),
            unread,
        )
        return self._record(token, Player, fields, unplaced)

    def _no_start_rank(self, token: LineToken, line: str, start_rank: Any) -> Record:
        if start_rank is None:
            self._report("P011", "player record without a start rank (columns 5-8)", token, 5)
        elif start_rank == 0:
            self._report(
                "P005", "start rank 0 is no start rank (they run from 1); the line is kept unread",
                token, 5,
            )  # fmt: skip
        return self._record(token, RawRecord, ("unknown", line))

    def _sex(self, token: LineToken, text: str, column: int) -> Sex | None:
        sex = _SEX.get(text)
        if sex is None:
            self._file.unknown.setdefault(("sex", text), []).append((token.line, column))
        return sex

    def _title(self, token: LineToken, text: str, column: int) -> Title | None:
        title = read_title(text)
        if title is None:
            self._file.unknown.setdefault(("title", text), []).append((token.line, column))
        return title

    def _number(
        self,
        token: LineToken,
        text: str,
        field: C.Field,
        known: dict[str, Any],
        *,
        column: int | None = None,
    ) -> Any:
        """A number field of a 001 line not read before (*text*, its columns, not in *known*).

        Its value, ``None`` when blank, ``_MISSING`` for junk. Junk is reported at
        *column* (the field's own by default): P005 for the start rank (the line is
        then kept unread), P005 and ``None`` for the others. A value read cleanly is
        kept in *known*.
        """
        value: Any
        digits = text.lstrip(" ")
        if field.kind is C.Kind.INT and digits.isdigit() and digits.isascii():
            value = int(digits)  # a plain number, read as read_value reads it
        else:
            try:
                value = C.read_value(text, field)
            except FieldError as exc:
                where = field.start if column is None else column
                if field is _P_START_RANK:
                    self._report(
                        "P005",
                        f"start rank {exc.text.strip()!r} is not a number; the line is kept unread",
                        token,
                        where,
                    )
                    return _MISSING
                self._report(
                    "P005",
                    f"player {_label(field)} {exc.text.strip()!r} is not a number",
                    token,
                    where,
                )
                return None
        if value is not None and len(known) < _CACHE_LIMIT:
            known[text] = value
        return value

    def _rounds(self, token: LineToken, line: str, start_rank: int) -> tuple[RoundResult, ...]:
        """The round blocks from column 92, trailing blank blocks dropped.

        A block is clean when its separators are blank, its opponent is blank or
        a right-aligned plain number, and its colour and result are known (or
        blank). A line whose blocks are all clean is read at once: its colours,
        results and separators are each one slice of the line (every tenth
        character), tested as a whole, and the blocks are made by ``map``, or
        looked up when each was read before (:data:`_BLOCKS`). Otherwise the
        blocks are read one by one, and :meth:`_block` reads and reports each
        block that is not clean.
        """
        section = line[_ROUNDS_FROM:]
        stride = C.ROUND_STRIDE
        short = len(section) % stride
        if short:
            section += " " * (stride - short)
        count = len(section) // stride
        blank = " " * count
        if section[8::stride] == blank and section[9::stride] == blank:
            # the blocks up to the last that writes anything (the separators are blank)
            written = -(-len(section.rstrip(" ")) // stride)
            recurring: bool = count <= _RECURRING_ROUNDS and self._file.recurring
            if recurring:
                texts = list(map(section.__getitem__, _slices(count, 8)))
                while len(_BLOCKS) < count:
                    _BLOCKS.append({})
                known = list(map(dict.get, _BLOCKS, texts))
                if all(known):  # every block read before
                    return tuple(known[:written])  # type: ignore[arg-type]  # none is None
            colours, results = section[5::stride], section[7::stride]
            opponent_texts = map(section.__getitem__, _slices(count, 4))
            opponents = list(map(_OPPONENT.__getitem__, opponent_texts))
            if (
                section[4::stride] == blank
                and section[6::stride] == blank
                and _COLOURS.issuperset(colours)
                and _RESULTS.issuperset(results)
                and _MISSING not in opponents
            ):
                blocks = tuple(
                    map(
                        RoundResult,
                        range(1, count + 1),
                        opponents,
                        map(_COLOUR.__getitem__, colours),
                        map(_RESULT_OR_BLANK.__getitem__, results),
                    )
                )
                if recurring and max(map(len, _BLOCKS[:count])) < _BLOCK_LIMIT:
                    list(map(dict.setdefault, _BLOCKS, texts, blocks))
                return blocks[:written]
        return self._blocks(token, line, start_rank)

    def _blocks(self, token: LineToken, line: str, start_rank: int) -> tuple[RoundResult, ...]:
        """The round blocks one by one: clean ones read here, the others by :meth:`_block`."""
        rounds: list[RoundResult] = []
        last_filled = 0
        stride = C.ROUND_STRIDE
        for number, start in enumerate(range(_ROUNDS_FROM, len(line), stride), 1):
            block = line[start : start + stride]
            if len(block) < stride:
                block = block.ljust(stride)
            opponent = _OPPONENT[block[:4]]
            colour = _COLOUR.get(block[5])
            result = _RESULT_OR_BLANK.get(block[7], _MISSING)
            if (
                colour is not None
                and result is not _MISSING
                and opponent is not _MISSING
                and block[4] == " "
                and block[6] == " "
                and block[8:] == "  "
            ):
                rounds.append(RoundResult(number, opponent, colour, result))  # type: ignore[arg-type]
                if block.strip():
                    last_filled = number  # ``0000 -`` and a lone ``-`` are blocks too
            elif block.strip():
                rounds.append(self._block(token, block, number, start + 1, start_rank))
                last_filled = number
            else:
                rounds.append(RoundResult(number, None, Colour.NONE, None))
        return tuple(rounds[:last_filled])

    def _block(
        self, token: LineToken, block: str, number: int, start: int, rank: int
    ) -> RoundResult:
        block = block.ljust(10)
        opponent: int | None = None
        try:
            opponent = C.parse_int(block[0:4])
        except ValueError:
            self._report(
                "P006",
                f"round {number}: opponent {block[0:4].strip()!r} is not a start rank",
                token,
                start,
                round=number,
                players=(rank,),
            )
        if opponent == 0:
            opponent = None
        colour = _COLOUR.get(block[5])
        if colour is None:
            self._report(
                "P006",
                f"round {number}: colour {block[5]!r} is not w, b or -",
                token,
                start + 5,
                round=number,
                players=(rank,),
            )
            colour = Colour.NONE
        result = None
        if block[7] != " ":
            result = _RESULT.get(block[7])
            if block[7] == "*":
                self._report(
                    "P007",
                    f"round {number}: result '*' (game not finished) is no TRF code; "
                    "read as no result",
                    token,
                    start + 7,
                    round=number,
                    players=(rank,),
                )
            elif result is None:
                self._report(
                    "P006",
                    f"round {number}: result {block[7]!r} is not a TRF result code",
                    token,
                    start + 7,
                    round=number,
                    players=(rank,),
                )
        for offset in (4, 6, 8, 9):
            if block[offset] not in " \t":
                self._report(
                    "P006",
                    f"round {number}: column {start + offset} should be blank but holds "
                    f"{block[offset]!r}",
                    token,
                    start + offset,
                    round=number,
                    players=(rank,),
                )
                break
        return RoundResult(number, opponent, colour, result)

    def team16(self, token: LineToken) -> Record:
        """Record 013: team name and member start ranks."""
        values, unplaced = self._layout(token, C.TEAM16, "team")
        fields = _in_order(Team, code="013", name=values["name"], members=values["members"])
        return self._record(token, Team, fields, unplaced)

    def team26(self, token: LineToken) -> Record:
        """Record 310: the TRF-2026 team record."""
        values, unplaced = self._layout(token, C.TEAM26, "team")
        return self._record(token, Team, _in_order(Team, code="310", **values), unplaced)

    def national_rating(self, token: LineToken) -> Record:
        """A national rating record; a letter mask that is no such record is a ruler."""
        line = str(token)
        try:
            start_rank = C.read_field(line, C.NATIONAL.field("start_rank"))
        except FieldError:
            start_rank = None
        if not isinstance(start_rank, int):
            return self.unknown(token)
        values, unplaced = self._layout(token, C.NATIONAL, "national rating", extra=_REST)
        values["start_rank"] = start_rank
        del values["rest"]
        fields = _in_order(NationalRecord, code=line[:3], **values, rest=line[89:].rstrip())
        return self._record(token, NationalRecord, fields, unplaced)

    # --- TRF-2026 records with fixed layouts ---------------------------------------------

    def _fixed(
        self, token: LineToken, cls: type[Record], layout: C.Layout, label: str
    ) -> Record:
        values, unplaced = self._layout(token, layout, label)
        return self._record(token, cls, _in_order(cls, **values), unplaced)

    def byes(self, token: LineToken) -> Record:
        """Record 240."""
        return self._fixed(token, Byes, C.BYES, "bye record")

    def acceleration(self, token: LineToken) -> Record:
        """Record 250."""
        return self._fixed(token, Acceleration, C.ACCELERATION, "acceleration")

    def prohibited_pairing(self, token: LineToken) -> Record:
        """Record 260."""
        return self._fixed(token, ProhibitedPairing, C.PROHIBITED, "prohibited pairing")

    def abnormal_points(self, token: LineToken) -> Record:
        """Record 299."""
        return self._fixed(token, AbnormalPoints, C.ABNORMAL, "abnormal points")

    def team_lineup(self, token: LineToken) -> Record:
        """Record 300."""
        return self._fixed(token, TeamLineup, C.LINEUP, "team line-up")

    def team_pab(self, token: LineToken) -> Record:
        """Record 320."""
        return self._fixed(token, TeamPairingByes, C.TEAM_PAB, "team bye")

    def forfeited_match(self, token: LineToken) -> Record:
        """Record 330."""
        return self._fixed(token, ForfeitedMatch, C.FORFEITED_MATCH, "forfeited match")

    # --- extensions -----------------------------------------------------------------------

    def _tokens(self, token: LineToken) -> Record:
        return self._record(token, Tokens, (str(token)[:3], tuple(self._payload(token).split())))

    xx_colour = xx_absent = xx_forbidden = _tokens

    def xx_acceleration(self, token: LineToken) -> Record:
        """JaVaFo ``XXA``: id in 5-8, then ``pp.p`` every 5 columns from 10."""
        values, unplaced = self._layout(token, _XXA, "XXA")
        return self._record(
            token, Acceleration16, (values["start_rank"], values["points"]), unplaced
        )

    def bbp_points(self, token: LineToken) -> Record:
        """BbpPairings ``BB?``: one point value."""
        payload = self._payload(token)
        points: Fraction | None = None
        try:
            points = C.parse_points(payload)
        except ValueError:
            self._report("P005", f"points {payload!r} are not a number", token, 5)
        return self._record(token, BbpScore, (str(token)[:3], points))

    def data_line(self, token: LineToken) -> Record:
        """Tornelo ``DAT``: start rank, type id, data."""
        parts = [*self._payload(token).split(None, 2), "", "", ""]
        try:
            rank = C.parse_int(parts[0])
        except ValueError:
            self._report("P005", f"DAT start rank {parts[0]!r} is not a number", token, 5)
            rank = None
        return self._record(token, DataLine, (rank, parts[1], parts[2]))

    # --- lines kept as text ---------------------------------------------------------------

    def _raw(self, kind: str, token: LineToken) -> Record:
        return self._record(token, RawRecord, (kind, str(token)))

    def _team_results(self, kind: str, token: LineToken) -> Record:
        from trfkit.trf.team_rows import team_results  # 801/802 rows: team events only

        row = team_results(kind, str(token))
        return self._record(token, TeamResults, record_value(row)[1:])

    def team_results_long(self, token: LineToken) -> Record:
        """Record 801 (informative: kept as written, read by tokens)."""
        return self._team_results("801", token)

    def team_results_short(self, token: LineToken) -> Record:
        """Record 802 (informative: kept as written, read by tokens)."""
        return self._team_results("802", token)

    def comment(self, token: LineToken) -> Record:
        """A ``###`` comment."""
        return self._raw("comment", token)

    def blank(self, token: LineToken) -> Record:
        """An empty line or a line of blanks."""
        return self._raw("blank", token)

    def ruler(self, token: LineToken) -> Record:
        """A column ruler without ``###``."""
        self._report("P004", "column ruler without '###'; kept and ignored", token, 1)
        return self._raw("ruler", token)

    def unknown(self, token: LineToken) -> Record:
        """Any other line: a ruler-like mask, or an unknown record kept verbatim."""
        text = str(token)
        if _RULER.fullmatch(text.strip()):
            return self.ruler(token)
        code = text[:3]
        self._report("P003", f"unknown record {code!r}; the line is kept as it is", token, 1)
        return self._raw("unknown", token)


def _label(field: C.Field) -> str:
    return field.name.replace("_", " ")


def _pair(match: re.Match[str]) -> tuple[str, Fraction]:
    value = C.parse_points(match.group(2))
    assert value is not None
    return match.group(1), value

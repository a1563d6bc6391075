"""Lark tree → model: one method per grammar rule, fields sliced by the column table.

The transformer maps and reports what it cannot read; it does not judge the
tournament (that is :mod:`trfkit.checks`). Every record keeps its
:class:`~trfkit.model.Source` so that the writer can reproduce it byte for byte.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import operator
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from typing import Any, TypeVar

import attrs
import lark
from lark.lexer import Token

from trfkit.diagnostics import Diagnostic, parse_rule
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
    TextRecord,
    TieBreakList,
    Title,
    Tokens,
)
from trfkit.trf import columns as C

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
_TITLES = {t.value: t for t in Title} | OLD_TITLES
_SEPARATORS_001 = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
_RESULT_OR_BLANK: dict[str, Result | None] = {" ": None, **_RESULT}
_MISSING = object()
_REPEAT_MISSING = itertools.repeat(_MISSING)
_BULK_LINES = 16
"""From this many player lines on, reading them column by column pays for its set-up.

Fewer lines are read one at a time by ``_clean_player`` (the same caches and tests)."""
_P_START_RANK = C.PLAYER.field("start_rank").slice
_P_NAME = C.PLAYER.field("name").slice
_P_TITLE = C.PLAYER.field("title").slice
_P_FEDERATION = C.PLAYER.field("federation").slice
_P_FIDE_ID = C.PLAYER.field("fide_id").slice
_P_BIRTH = C.PLAYER.field("birth_date").slice
_P_NUMBERS = tuple(
    (name, C.PLAYER.field(name), C.PLAYER.field(name).slice)
    for name in ("rating", "points", "rank")
)
_BLANK_ROUNDS: list[RoundResult] = []
_NUMBER_CACHE: dict[str, dict[str, Any]] = {name: {} for name, _, _ in _P_NUMBERS}
"""Field name → field text → its reading (ints and Fractions are immutable: sharing is safe)."""
_CACHE_LIMIT = 50_000
"""Most entries a reading cache keeps; past it, new texts are read without being kept."""
_START_RANKS: dict[str, int] = {}
"""Columns 5-8 → start rank, for texts that are a plain number (others take the slow path)."""
_OPPONENTS: dict[str, object] = {}
"""A clean round block's opponent text → start rank (``_NO_OPPONENT`` for ``0000``, blanks)."""
_NO_OPPONENT = object()
_NOT_CLEAN = object()
_SEPARATORS_AT = operator.itemgetter(*(col - 1 for col in _SEPARATORS_001))
_ALL_BLANK = (" ",) * len(_SEPARATORS_001)
_CLEAN_BLOCKS = re.compile(
    f"(?:.... [{re.escape(''.join(_COLOUR))}] [{re.escape(''.join(_RESULT_OR_BLANK))}]  )*",
    re.DOTALL,
)
"""Round blocks the fast path may read: blank separators and known codes (opponents aside)."""
_OPPONENT_SLICES = tuple(slice(i, i + 4) for i in range(0, 10 * 1000, 10))
"""Where the opponents of the first 1,000 rounds stand in a line's round section."""


def _blank_round(number: int) -> RoundResult:
    """The shared value of an empty block in round *number* (values are immutable)."""
    while len(_BLANK_ROUNDS) < number:
        _BLANK_ROUNDS.append(RoundResult(len(_BLANK_ROUNDS) + 1, None, Colour.NONE, None))
    return _BLANK_ROUNDS[number - 1]


def _opponent(text: str) -> object:
    """A block's opponent: a start rank, ``None`` (``0000`` or blank) or ``_NOT_CLEAN``.

    Clean opponents are four blanks or a right-aligned number of ASCII digits;
    anything else sends the line to the block-by-block reading, which reports it.
    """
    cached = _OPPONENTS.get(text)
    if cached is None:
        digits = text.lstrip(" ")
        if digits and not (digits.isdigit() and digits.isascii()):
            return _NOT_CLEAN
        cached = (int(digits) or _NO_OPPONENT) if digits else _NO_OPPONENT
        if len(_OPPONENTS) < _CACHE_LIMIT:
            _OPPONENTS[text] = cached
    return None if cached is _NO_OPPONENT else cached


_NEW = object.__new__
_T = TypeVar("_T")
_SET_ROUND, _SET_OPPONENT, _SET_COLOUR, _SET_RESULT = (
    RoundResult.__dict__[name].__set__ for name in ("round", "opponent", "colour", "result")
)
_ROUND_NUMBERS = range(1, 1001)
_consume: Callable[[Iterable[Any]], None] = collections.deque(maxlen=0).extend


def make_round_results(
    count: int,
    opponents: Iterable[int | None],
    colours: Iterable[Colour],
    results: Iterable[Result | None],
    numbers: Iterable[int] = _ROUND_NUMBERS,
) -> list[RoundResult]:
    """*count* :class:`RoundResult` values, made column by column.

    Equal to ``[RoundResult(n, o, c, r) for n, o, c, r in zip(numbers, opponents,
    colours, results)]`` (rounds 1, 2, … by default), at a third of the cost:
    the instances are created and their slots filled by ``map`` (the slot
    descriptors are what the frozen class's own ``__init__`` writes through), so
    no Python frame runs per block.
    """
    return _made_by_columns(
        RoundResult,
        count,
        (_SET_ROUND, numbers),
        (_SET_OPPONENT, opponents),
        (_SET_COLOUR, colours),
        (_SET_RESULT, results),
    )


def _made_by_columns(
    cls: type[_T], count: int, *columns: tuple[Callable[[Any, Any], None], Iterable[Any]]
) -> list[_T]:
    """*count* instances of *cls*, made without ``__init__`` and filled a slot at a time.

    Each ``(setter, values)`` of *columns* writes one slot of every instance by one
    ``map`` (the setters are the class's slot descriptors, which its frozen
    ``__init__`` writes through), so no Python frame runs per instance.
    """
    made: list[_T] = list(map(_NEW, itertools.repeat(cls, count)))
    for setter, values in columns:
        _consume(map(setter, made, values))
    return made


def _separator_text(head: str) -> bool:
    """True when any separator column of a 001 line's first 91 columns holds text."""
    return any(col <= len(head) and head[col - 1] not in " \t" for col in _SEPARATORS_001)


_SCORING_PAIR = re.compile(r"([A-Za-z]{1,3})\s*=?\s*([-+]?\d+(?:[.,]\d+)?)")
_RULER = re.compile(r"[\d\s.]+|([A-Z])\1*(\s+([A-Z])\3*)*(\s.*)?")


def read_title(text: str) -> Title | None:
    """A title from columns 11-13: standard (any case) or a TRF06 letter code."""
    if text in _TITLES:
        return _TITLES[text]
    return _TITLES.get(text.upper())


_STRICT_BLOCKS = re.compile(
    "(?:(?: {4}| {3}[0-9]| {2}[0-9]{2}| [0-9]{3}|[0-9]{4}) "
    f"[{re.escape(''.join(_COLOUR))}] [{re.escape(''.join(_RESULT_OR_BLANK))}]  )*"
)
"""Clean round blocks, opponents included (blank, or a right-aligned ASCII number)."""
_SEX_READ: dict[str, Sex | None] = {" ": None, **_SEX}
_TITLE_READ: dict[str, Title | None] = {"   ": None}
"""Columns 11-13 as written → title (``None`` when blank); filled as texts are met."""
_OPPONENT_READ: dict[str, int | None] = {}
"""A clean block's opponent text → start rank or ``None``; filled as texts are met."""
_GET_START_RANK = operator.itemgetter(_P_START_RANK)
_GET_SEX = operator.itemgetter(9)
_GET_TITLE = operator.itemgetter(_P_TITLE)
_GET_NAME = operator.itemgetter(_P_NAME)
_GET_FEDERATION = operator.itemgetter(_P_FEDERATION)
_GET_FIDE_ID = operator.itemgetter(_P_FIDE_ID)
_GET_BIRTH = operator.itemgetter(_P_BIRTH)
_GET_NUMBERS = tuple((name, operator.itemgetter(where)) for name, _, where in _P_NUMBERS)
_GET_SECTION = operator.itemgetter(slice(C.ROUND_START - 1, None))
_GET_RESULTS = operator.itemgetter(slice(7, None, C.ROUND_STRIDE))
_GET_LINE = operator.attrgetter("line")
_SET_SOURCE = Record.__dict__["source"].__set__
_SET_ORIGIN = Source.__dict__["origin"].__set__
_PLAYER_FIELDS = (
    "start_rank", "name", "sex", "title", "rating", "federation", "fide_id", "birth_date",
    "points", "rank", "rounds",
)  # fmt: skip


def _slot_setters(cls: type, names: tuple[str, ...], before: tuple[str, ...]) -> list[Any] | None:
    """The slot setters of *names*, in order, or ``None`` when the model changed.

    *cls*'s attrs fields must be exactly *before* + *names* (+ ``origin`` for
    :class:`Source`); otherwise the caller uses the class's ``__init__``.
    """
    fields = tuple(a.name for a in attrs.fields(cls))
    if fields not in ((*before, *names), (*before, *names, "origin")):
        return None  # pragma: no cover - a changed model
    try:
        return [cls.__dict__[name].__set__ for name in names]
    except (KeyError, AttributeError):  # pragma: no cover - a class without slots
        return None


_SET_PLAYER = _slot_setters(Player, _PLAYER_FIELDS, ("source",))
_SET_TEXT_RECORD = _slot_setters(TextRecord, ("code", "value"), ("source",))


def make_text_record(code: str, value: str, source: Source) -> TextRecord:
    """``TextRecord(code, value, source=source)``, its three slots written directly.

    The frozen class's ``__init__`` writes each slot through a bound
    ``object.__setattr__``, which costs three times as much as the slot
    descriptors do; the value is equal, and as frozen. Once per header line.
    """
    if _SET_TEXT_RECORD is None:  # pragma: no cover - a changed model
        return TextRecord(code, value, source=source)
    record: TextRecord = _NEW(TextRecord)
    set_code, set_value = _SET_TEXT_RECORD
    set_code(record, code)
    set_value(record, value)
    _SET_SOURCE(record, source)
    return record


def make_players(*columns: list[Any]) -> list[Player]:
    """``list(map(Player, *columns))`` (source not set), made column by column.

    The frozen class's ``__init__`` writes each of the twelve slots through a
    bound ``object.__setattr__``; here ``map`` creates the instances and fills
    one slot of every player per pass, which costs a third as much. The values
    are equal, and as frozen, to those of ``__init__``.
    """
    if _SET_PLAYER is None:  # pragma: no cover - a changed model
        return list(map(Player, *columns))
    return _made_by_columns(
        Player,
        len(columns[0]),
        (_SET_SOURCE, itertools.repeat(None)),
        *zip(_SET_PLAYER, columns, strict=True),
    )


def _column(
    values: list[Any],
    tokens: list[Token],
    text_of: Callable[[Token], str],
    fill: Callable[[str], Any],
    bad: set[int],
) -> None:
    """Fill each ``_MISSING`` in *values* with ``fill(text_of(token))``; ``_MISSING`` again is bad.

    The texts are sliced only for the entries that need them (none, usually).
    """
    if not _has_missing(values):
        return
    for index, value in enumerate(values):
        if value is _MISSING:
            value = values[index] = fill(text_of(tokens[index]))
            if value is _MISSING:
                bad.add(index)


def _has_missing(values: list[Any]) -> bool:
    """``_MISSING in values`` by identity (``in`` would call ``Fraction.__eq__`` on each)."""
    return True in map(operator.is_, values, _REPEAT_MISSING)


def _read_start_rank(text: str) -> Any:
    digits = text.lstrip(" ")
    if not (digits.isdigit() and digits.isascii()):
        return _MISSING
    if len(_START_RANKS) < _CACHE_LIMIT:
        _START_RANKS[text] = int(digits)
    return int(digits)


def _number_reader(name: str, field: C.Field) -> Callable[[str], Any]:
    cache = _NUMBER_CACHE[name]

    def read(text: str) -> Any:
        try:
            value = C.read_field(text, C.Field(field.name, 1, len(text), field.kind))
        except C.FieldError:
            return _MISSING
        if len(cache) < _CACHE_LIMIT:
            cache[text] = value
        return value

    return read


_NUMBER_READERS = {name: _number_reader(name, field) for name, field, _ in _P_NUMBERS}
_RATING_READ, _POINTS_READ, _RANK_READ = (_NUMBER_CACHE[name] for name, _, _ in _P_NUMBERS)
_P_RATING, _P_POINTS, _P_RANK = (where for _, _, where in _P_NUMBERS)


def _read_title(text: str) -> Any:
    title = read_title(text.strip()) if text.strip() else None
    if title is None and text.strip():
        return _MISSING
    if len(_TITLE_READ) < _CACHE_LIMIT:
        _TITLE_READ[text] = title
    return title


def _read_opponent(text: str) -> int | None:
    opponent = int(text) or None if text.strip() else None
    if len(_OPPONENT_READ) < _CACHE_LIMIT:
        _OPPONENT_READ[text] = opponent
    return opponent


_BLOCK_TEXTS = re.compile(f".{{{C.ROUND_STRIDE}}}", re.DOTALL)
"""Consecutive round blocks: ``findall`` gives one text per block."""
_ROUND_TABLES: list[dict[str, RoundResult]] = []
"""Per round (index = round - 1): a clean block's text → its shared :class:`RoundResult`."""
_ROUND_TABLES_FILLED = [0]
"""How many values the round tables hold (one count for all, bounded by ``_CACHE_LIMIT``)."""
_BLOCK_SLICES = [slice(C.ROUND_STRIDE * k, C.ROUND_STRIDE * (k + 1)) for k in range(99)]
"""The blocks of one line's round section, up to 99 rounds (a line with more is read the
long way): slicing one line with these costs less than ``_BLOCK_TEXTS.findall``."""


_SHARED_BLOCKS_MAX = _CACHE_LIMIT // 4
"""Files with more round blocks than this make their own values instead of sharing them."""
_BLOCK_OPPONENT = operator.itemgetter(slice(0, 4))
_BLOCK_COLOUR = operator.itemgetter(5)
_BLOCK_RESULT = operator.itemgetter(7)


def _round_numbers(counts: list[int]) -> list[int]:
    """The round number of every block of lines with *counts* blocks (1, 2, … per line)."""
    return list(
        itertools.chain.from_iterable(map(range, itertools.repeat(1), [c + 1 for c in counts]))
    )


def _fresh_rounds(texts: list[str], numbers: list[int]) -> list[RoundResult]:
    """New values of the clean block *texts*, column by column in C (*numbers*: their rounds)."""
    opponent_texts = list(map(_BLOCK_OPPONENT, texts))
    opponents: list[Any] = list(map(_OPPONENT_READ.get, opponent_texts, _REPEAT_MISSING))
    if _has_missing(opponents):
        for k, value in enumerate(opponents):
            if value is _MISSING:
                opponents[k] = _read_opponent(opponent_texts[k])
    return make_round_results(
        len(texts),
        opponents,
        list(map(_COLOUR.__getitem__, map(_BLOCK_COLOUR, texts))),
        list(map(_RESULT_OR_BLANK.__getitem__, map(_BLOCK_RESULT, texts))),
        numbers,
    )


def _rounds_by_columns(
    everything: str, counts: list[int], known_only: bool = False, share: bool = True
) -> list[tuple[RoundResult, ...]] | None:
    """The round blocks of clean player lines, a tuple per line.

    *everything* is the lines' round sections joined (whole, clean blocks with a
    result each) and *counts* the blocks of each line. A block's value depends
    only on its text and its round, and values are immutable, so equal blocks
    share one value: the same opponent, colour and result in the same round
    recur across the files of a batch and across re-reads. Blocks met for the
    first time are made column by column and kept. With *known_only*, a block
    met for the first time gives ``None`` instead: the blocks of *everything*
    may then be unchecked, as every kept text was clean when it was kept. With
    *share* false every block gets a new value and nothing is kept (a file too
    large for the shared values).
    """
    blocks = _BLOCK_TEXTS.findall(everything)
    if share:
        deepest = max(counts)
        while len(_ROUND_TABLES) < deepest:
            _ROUND_TABLES.append({})
        tables = itertools.chain.from_iterable([_ROUND_TABLES[:count] for count in counts])
        made: list[Any] = list(map(dict.get, tables, blocks))
    else:
        made = _fresh_rounds(blocks, _round_numbers(counts))
    # a RoundResult is always true (no __bool__ or __len__): all() finds a None in C,
    # where ``None in made`` would call RoundResult.__eq__ on every block
    if not all(made):
        if known_only:
            return None
        missing = list(itertools.compress(itertools.count(), map(operator.not_, made)))
        texts = list(map(blocks.__getitem__, missing))
        numbers = _round_numbers(counts)
        fresh = _fresh_rounds(texts, list(map(numbers.__getitem__, missing)))
        _consume(map(made.__setitem__, missing, fresh))
        room = _CACHE_LIMIT - _ROUND_TABLES_FILLED[0]
        if room > 0:  # keep the new values while there is room
            for text, value in zip(texts, fresh, strict=True):
                table = _ROUND_TABLES[value.round - 1]
                if text not in table:
                    table[text] = value
                    room -= 1
                    if not room:
                        break
        _ROUND_TABLES_FILLED[0] = _CACHE_LIMIT - room
    ends = list(itertools.accumulate(counts))
    return list(map(tuple, map(made.__getitem__, map(slice, [0, *ends[:-1]], ends))))


class _Held:
    """The children of a rule Lark inlines into its parent (see ``__default__``)."""

    __slots__ = ("children",)

    def __init__(self, children: list[Any]) -> None:
        self.children = children


class TrfTransformer(lark.Transformer[Token, list[Record]]):
    """Builds the model's records from the tree, gathering diagnostics on the way.

    The file being read (its lines, their terminators, the diagnostics so far)
    is kept per thread while :meth:`reading` is active, so one transformer (and
    the one parser it is inlined in) serves every thread.
    """

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self._file = threading.local()

    @contextlib.contextmanager
    def reading(self, lines: list[str], newlines: list[str]) -> Iterator[list[Diagnostic]]:
        """Read the file of *lines* and terminators *newlines*: yields its diagnostics list."""
        file = self._file
        diagnostics: list[Diagnostic] = []
        file.lines, file.newlines, file.diagnostics = lines, newlines, diagnostics
        try:
            yield diagnostics
        finally:
            del file.lines, file.newlines, file.diagnostics

    @property
    def lines(self) -> list[str]:
        """The lines of the file being read (the source text of each record), by line - 1."""
        lines: list[str] = self._file.lines
        return lines

    @property
    def newlines(self) -> list[str]:
        """Each line's terminator, by line number - 1."""
        newlines: list[str] = self._file.newlines
        return newlines

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """What reading the file found so far."""
        diagnostics: list[Diagnostic] = self._file.diagnostics
        return diagnostics

    # --- plumbing -------------------------------------------------------------------------

    def start(self, children: list[Any]) -> list[Record]:
        """The records in file order, with the player lines left as tokens read now.

        From ``_BULK_LINES`` such lines on they are read in bulk (:meth:`_players`),
        fewer one at a time (:meth:`_clean_player`); a line that is not clean is read
        field by field by :meth:`_player`, which reports it.
        """
        pending = [i for i, c in enumerate(children) if c.__class__ is Token]
        if len(pending) >= _BULK_LINES:
            self._players(children, pending)
        else:
            for i in pending:
                token = children[i]
                children[i] = self._clean_player(token) or self._player(token)
        return children

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        """Rules without a method (Lark's helper rule for ``start``'s repetition) hold children.

        Lark folds an underscore rule's ``children`` into its parent; a bare holder
        does that as well as a :class:`lark.Tree` and costs less, once per line.
        """
        return _Held(children)

    def _source(self, token: Token) -> Source:
        line = token.line or 0
        return Source(line, self.lines[line - 1], self.newlines[line - 1])

    def _done(self, record: Record) -> Record:
        if record.source is not None:
            record.source.origin = record
        return record

    def _report(
        self, code: str, message: str, token: Token, column: int | None = None, **kw: Any
    ) -> None:
        if column is not None:
            column = min(column, len(token) + 1)  # a missing field points past the line's end
        self.diagnostics.append(
            parse_rule(code).diagnostic(message, line=token.line, column=column, **kw)
        )

    def _field(self, token: Token, field: C.Field, record: str) -> Any:
        try:
            return C.read_field(str(token), field)
        except C.FieldError as exc:
            self._report(
                "P005",
                f"{record} {field.name.replace('_', ' ')} {exc.text.strip()!r} is not a number",
                token,
                field.start,
            )
            return None

    def _layout(self, token: Token, layout: C.Layout, record: str) -> dict[str, Any]:
        values = {f.name: self._field(token, f, record) for f in layout.fields}
        if layout.repeat is not None:
            values[layout.repeat.name] = self._repeat(token, layout.repeat, record)
        return values

    def _repeat(self, token: Token, repeat: C.Repeat, record: str) -> tuple[Any, ...]:
        line = str(token).rstrip()
        items: list[Any] = []
        index = 0
        while repeat.start + index * repeat.stride <= len(line):
            items.append(self._field(token, repeat.item(index), record))
            index += 1
        while items and items[-1] in (None, ""):
            items.pop()
        return tuple(items)

    @staticmethod
    def _payload(token: Token) -> str:
        return str(token)[4:].strip()

    # --- header records -------------------------------------------------------------------

    def _text(self, children: list[Token]) -> Record:
        # the most common header record: ``_source`` and ``_done`` written out (once per line)
        (token,) = children
        text = str(token)
        line = token.line or 0
        source = Source(line, self.lines[line - 1], self.newlines[line - 1])
        record = make_text_record(text[:3], text[4:].rstrip(), source)
        source.origin = record
        return record

    tournament_name = city = federation = start_date = end_date = _text
    player_count = rated_count = team_count = tournament_type = _text
    chief_arbiter = deputy_arbiter = time_control = _text
    starting_rank_method = pairing_controller = tournament_code = _text
    encoded_time_control = board_colours = _text

    def round_dates(self, children: list[Token]) -> Record:
        """Record 132: one date per round block column."""
        (token,) = children
        text = str(token)
        dates = self._repeat(token, C.ROUND_DATES, "round date")
        prefix = text[4 : C.ROUND_START - 1].strip()
        return self._done(RoundDates(dates, prefix, source=self._source(token)))

    def _round_count(self, children: list[Token]) -> Record:
        (token,) = children
        payload = self._payload(token)
        rounds: int | None = None
        if payload:
            try:
                rounds = C.parse_int(payload)
            except ValueError:
                self._report("P005", f"number of rounds {payload!r} is not a number", token, 5)
        return self._done(RoundCount(str(token)[:3], rounds, source=self._source(token)))

    round_count = xx_rounds = _round_count

    def initial_colour(self, children: list[Token]) -> Record:
        """Record 152: ``W`` or ``B``."""
        (token,) = children
        payload = self._payload(token)
        if payload.upper() not in ("W", "B"):
            self._report("P007", f"initial colour {payload!r} is neither W nor B", token, 5)
        return self._done(InitialColour(payload, source=self._source(token)))

    def _scoring(self, children: list[Token]) -> Record:
        (token,) = children
        payload = str(token)[4:]
        values: list[tuple[str, Fraction]] = []
        rest = _SCORING_PAIR.sub(lambda m: values.append(_pair(m)) or "", payload)  # type: ignore[func-returns-value]
        if rest.strip():
            self._report("P007", f"scoring entries not understood: {rest.strip()!r}", token, 5)
        return self._done(Scoring(str(token)[:3], tuple(values), source=self._source(token)))

    scoring = team_scoring = xx_scoring = _scoring

    def _tiebreak_list(self, children: list[Token]) -> Record:
        (token,) = children
        payload = self._payload(token)
        codes = tuple(map(str.strip, payload.split(","))) if payload else ()
        return self._done(TieBreakList(str(token)[:3], codes, source=self._source(token)))

    tiebreaks = standings_definition = _tiebreak_list

    # --- players and teams ----------------------------------------------------------------

    def player(self, children: list[Token]) -> Record | Token:
        """Record 001: the player's fields (cols 1-89) and round blocks (from col 92).

        A line with round blocks is kept as its token and read together with the
        others by :meth:`start` when the file is complete; any other line now.
        """
        (token,) = children
        if len(token) > C.ROUND_START - 1:
            return token
        return self._player(token)

    def _players(self, children: list[Any], pending: list[int]) -> None:
        """Read the player lines at *pending* (tokens in *children*) column by column.

        Every field of every line is sliced, looked up and checked by ``map``
        over all the lines at once, and the round blocks of all lines are made
        in one pass; a line where anything is not clean (a field that is not a
        number, a shifted column, an unknown code, a blank result …) is read
        on its own by :meth:`_player`, which reports it. Both ways give equal
        records.
        """
        tokens: list[Token] = [children[i] for i in pending]
        bad: set[int] = set()
        ranks = list(map(_START_RANKS.get, map(_GET_START_RANK, tokens), _REPEAT_MISSING))
        _column(ranks, tokens, _GET_START_RANK, _read_start_rank, bad)
        numbers = []
        for name, text_of in _GET_NUMBERS:
            values = list(map(_NUMBER_CACHE[name].get, map(text_of, tokens), _REPEAT_MISSING))
            _column(values, tokens, text_of, _NUMBER_READERS[name], bad)
            numbers.append(values)
        sexes = list(map(_SEX_READ.get, map(_GET_SEX, tokens), _REPEAT_MISSING))
        if _has_missing(sexes):
            bad.update(i for i, sex in enumerate(sexes) if sex is _MISSING)
        titles = list(map(_TITLE_READ.get, map(_GET_TITLE, tokens), _REPEAT_MISSING))
        _column(titles, tokens, _GET_TITLE, _read_title, bad)
        blank = list(map(_ALL_BLANK.__eq__, map(_SEPARATORS_AT, tokens)))
        if False in blank:
            bad.update(i for i, ok in enumerate(blank) if not ok)
        sections = [s + " " * (-len(s) % C.ROUND_STRIDE) for s in map(_GET_SECTION, tokens)]
        counts = [len(s) // C.ROUND_STRIDE for s in sections]
        everything = "".join(sections)
        # Blocks all seen before were clean then; only new ones need the check. A file
        # with more blocks than the shared values may hold makes its own (looking them up
        # would mostly miss once the table is full, at twice the cost per block).
        share = len(everything) <= _SHARED_BLOCKS_MAX * C.ROUND_STRIDE
        rounds = _rounds_by_columns(everything, counts, known_only=True) if share else None
        if rounds is None and (
            _STRICT_BLOCKS.fullmatch(everything) is None or " " in everything[7 :: C.ROUND_STRIDE]
        ):
            # some line is not clean: find which (every section is whole blocks, so the
            # joined text is clean exactly when every section is)
            clean = list(map(_STRICT_BLOCKS.fullmatch, sections))
            if None in clean:
                bad.update(i for i, match in enumerate(clean) if match is None)
            results_text = list(map(_GET_RESULTS, sections))
            unplayed = list(map(str.__contains__, results_text, itertools.repeat(" ")))
            if True in unplayed:
                bad.update(i for i, blank_result in enumerate(unplayed) if blank_result)
        if bad:
            keep = [i not in bad for i in range(len(tokens))]
            for i in sorted(bad):
                children[pending[i]] = self._player(tokens[i])
            pending = list(itertools.compress(pending, keep))
            tokens = list(itertools.compress(tokens, keep))
            ranks = list(itertools.compress(ranks, keep))
            numbers = [list(itertools.compress(values, keep)) for values in numbers]
            sexes = list(itertools.compress(sexes, keep))
            titles = list(itertools.compress(titles, keep))
            if not tokens:
                return
            if rounds is not None:
                rounds = list(itertools.compress(rounds, keep))
            else:
                counts = list(itertools.compress(counts, keep))
                everything = "".join(itertools.compress(sections, keep))
        if rounds is None:
            rounds = _rounds_by_columns(everything, counts, share=share)
            assert rounds is not None
        ratings, points, rank_values = numbers
        players = make_players(
            ranks,
            list(map(str.strip, map(_GET_NAME, tokens))),
            sexes,
            titles,
            ratings,
            list(map(str.strip, map(_GET_FEDERATION, tokens))),
            list(map(str.strip, map(_GET_FIDE_ID, tokens))),
            list(map(str.strip, map(_GET_BIRTH, tokens))),
            points,
            rank_values,
            rounds,
        )
        numbers_of_lines = list(map(_GET_LINE, tokens))
        before = [n - 1 for n in numbers_of_lines]
        sources = list(
            map(
                Source,
                numbers_of_lines,
                list(map(self.lines.__getitem__, before)),
                list(map(self.newlines.__getitem__, before)),
            )
        )
        _consume(map(_SET_ORIGIN, sources, players))
        _consume(map(_SET_SOURCE, players, sources))
        _consume(map(children.__setitem__, pending, players))

    def _clean_player(self, token: Token) -> Player | None:
        """A player line read as :meth:`_players` reads it, or ``None`` when anything is not clean.

        The same caches and the same tests, one line at a time: for a few lines
        the bulk reading's set-up costs more than the lines. ``None`` sends the
        line to :meth:`_player`, which reads it field by field and reports.
        """
        start_rank: Any = _START_RANKS.get(token[_P_START_RANK], _MISSING)
        if start_rank is _MISSING:
            start_rank = _read_start_rank(token[_P_START_RANK])
            if start_rank is _MISSING:
                return None
        # the three number fields, unrolled: texts seen before are one look-up each
        rating = _RATING_READ.get(token[_P_RATING], _MISSING)
        points = _POINTS_READ.get(token[_P_POINTS], _MISSING)
        rank = _RANK_READ.get(token[_P_RANK], _MISSING)
        if rating is _MISSING or points is _MISSING or rank is _MISSING:
            numbers = [_NUMBER_READERS[name](text_of(token)) for name, text_of in _GET_NUMBERS]
            if _has_missing(numbers):
                return None
            rating, points, rank = numbers
        sex: Any = _SEX_READ.get(token[9], _MISSING)
        title: Any = _TITLE_READ.get(token[_P_TITLE], _MISSING)
        if title is _MISSING:
            title = _read_title(token[_P_TITLE])
        if sex is _MISSING or title is _MISSING or _SEPARATORS_AT(token) != _ALL_BLANK:
            return None
        section = token[C.ROUND_START - 1 :]
        section += " " * (-len(section) % C.ROUND_STRIDE)
        count = len(section) // C.ROUND_STRIDE
        # ``map`` stops at the shorter of the tables and the slices: a round (or a block)
        # not met before gives fewer values than *count*, or a None
        rounds: Any = tuple(
            map(dict.get, _ROUND_TABLES, map(section.__getitem__, _BLOCK_SLICES[:count]))
        )
        if len(rounds) < count or not all(rounds):  # a block (or a round) not met before
            if _STRICT_BLOCKS.fullmatch(section) is None or " " in section[7 :: C.ROUND_STRIDE]:
                return None
            made = _rounds_by_columns(section, [count])
            assert made is not None
            rounds = made[0]
        line = token.line or 0  # ``_source`` and ``_done`` written out, as in ``_text``
        source = Source(line, self.lines[line - 1], self.newlines[line - 1])
        player = Player(
            start_rank,
            token[_P_NAME].strip(),
            sex,
            title,
            rating,
            token[_P_FEDERATION].strip(),
            token[_P_FIDE_ID].strip(),
            token[_P_BIRTH].strip(),
            points,
            rank,
            rounds,
            source=source,
        )
        source.origin = player
        return player

    def _player(self, token: Token) -> Record:
        """Record 001, one line on its own: every problem is reported."""
        line = str(token)
        start_rank = _START_RANKS.get(line[_P_START_RANK])
        if start_rank is None:
            start_rank = self._start_rank(token, line)
            if start_rank is None:
                return self._done(RawRecord("unknown", line, source=self._source(token)))
        numbers: list[Any] = []
        for name, field, where in _P_NUMBERS:
            text = line[where]
            cache = _NUMBER_CACHE[name]
            value = cache.get(text, _MISSING)
            if value is _MISSING:
                if not text.strip():
                    value = None
                else:
                    value = self._field(token, field, "player")
                    if value is not None and len(cache) < _CACHE_LIMIT:
                        cache[text] = value
            numbers.append(value)
        rating, points, rank = numbers
        sex = None
        sex_text = line[9:10]
        if sex_text.strip():
            sex = _SEX.get(sex_text)
            if sex is None:
                self._report("P007", f"sex {sex_text!r} is neither m nor w", token, 10)
        title = None
        title_text = line[_P_TITLE].strip()
        if title_text:
            title = read_title(title_text)
            if title is None:
                self._report("P007", f"title {title_text!r} is not a FIDE title", token, 11)
        if (len(line) < 91 or _SEPARATORS_AT(line) != _ALL_BLANK) and _separator_text(line[:91]):
            for col in _SEPARATORS_001:
                if col <= len(line) and line[col - 1] not in " \t":
                    self._report(
                        "P008",
                        f"column {col} should be blank but holds {line[col - 1]!r}; "
                        "the fields around it may be shifted",
                        token,
                        col,
                        players=(start_rank,),
                    )
                    break
        rounds = self._rounds(token, line, start_rank) if len(line) > 91 else ()
        return self._done(
            Player(
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
                source=self._source(token),
            )
        )

    def _start_rank(self, token: Token, line: str) -> int | None:
        """Columns 5-8 when they are not a plain number: read, reported, or ``None``."""
        try:
            start_rank = C.read_field(line, C.PLAYER.field("start_rank"))
        except C.FieldError as exc:
            self._report(
                "P005",
                f"start rank {exc.text.strip()!r} is not a number; the line is kept unread",
                token,
                5,
            )
            return None
        if not isinstance(start_rank, int):
            self._report("P011", "player record without a start rank (columns 5-8)", token, 5)
            return None
        text = line[_P_START_RANK]
        if len(text) == 4 and text.lstrip(" ").isdigit() and len(_START_RANKS) < _CACHE_LIMIT:
            _START_RANKS[text] = start_rank
        return start_rank

    def _rounds(self, token: Token, line: str, start_rank: int) -> tuple[RoundResult, ...]:
        """The round blocks: clean ones column by column, any other line block by block.

        A line whose blocks are all clean (blank separators, known codes, no blank
        result) is read a column at a time: every colour is ``section[5::10]``,
        every result ``section[7::10]``, and the values are made by ``map``.
        """
        section = line[C.ROUND_START - 1 :]
        short = len(section) % C.ROUND_STRIDE
        if short:
            section += " " * (C.ROUND_STRIDE - short)
        if _CLEAN_BLOCKS.fullmatch(section) is None:
            return self._rounds_checked(token, line, start_rank)
        results = list(map(_RESULT_OR_BLANK.__getitem__, section[7 :: C.ROUND_STRIDE]))
        if None in results:  # a blank result: maybe blank blocks, which are shared and trimmed
            return self._rounds_checked(token, line, start_rank)
        count = len(results)
        if count > len(_OPPONENT_SLICES):  # more than 1,000 rounds
            return self._rounds_checked(token, line, start_rank)
        opponents: list[Any] = list(
            map(_OPPONENTS.get, map(section.__getitem__, _OPPONENT_SLICES[:count]))
        )
        if None in opponents or _NO_OPPONENT in opponents:  # a first sight, a bye or absence
            opponents = [_opponent(section[i : i + 4]) for i in range(0, len(section), 10)]
            if _NOT_CLEAN in opponents:
                return self._rounds_checked(token, line, start_rank)
        colours = list(map(_COLOUR.__getitem__, section[5 :: C.ROUND_STRIDE]))
        return tuple(make_round_results(count, opponents, colours, results))

    def _rounds_checked(self, token: Token, line: str, start_rank: int) -> tuple[RoundResult, ...]:
        """The round blocks one by one, reporting every block that is not clean."""
        rounds: list[RoundResult] = []
        last_filled = 0
        number = 0
        colours = _COLOUR
        results = _RESULT_OR_BLANK
        for start in range(C.ROUND_START - 1, len(line), C.ROUND_STRIDE):
            number += 1
            block = line[start : start + C.ROUND_STRIDE]
            if len(block) < C.ROUND_STRIDE:
                block = block.ljust(C.ROUND_STRIDE)
            opponent_text = block[:4].lstrip(" ")
            colour = colours.get(block[5])
            result = results.get(block[7], _MISSING)
            if (
                colour is not None
                and result is not _MISSING
                and block[4] == " "
                and block[6] == " "
                and block[8:] == "  "
                and (not opponent_text or (opponent_text.isdigit() and opponent_text.isascii()))
            ):
                opponent = int(opponent_text) if opponent_text else None
                if colour is Colour.NONE and result is None and not opponent:
                    rounds.append(_blank_round(number))
                    continue
                rounds.append(RoundResult(number, opponent or None, colour, result))  # type: ignore[arg-type]
                last_filled = number
            elif block.strip():
                rounds.append(self._block(token, block, number, start + 1, start_rank))
                last_filled = number
            else:
                rounds.append(_blank_round(number))
        return tuple(rounds[:last_filled])

    def _block(self, token: Token, block: str, number: int, start: int, rank: int) -> RoundResult:
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

    def team16(self, children: list[Token]) -> Record:
        """Record 013: team name and member start ranks."""
        (token,) = children
        values = self._layout(token, C.TEAM16, "team")
        return self._done(
            Team("013", values["name"], values["members"], source=self._source(token))
        )

    def team26(self, children: list[Token]) -> Record:
        """Record 310: the TRF-2026 team record."""
        (token,) = children
        values = self._layout(token, C.TEAM26, "team")
        return self._done(Team("310", **values, source=self._source(token)))

    def national_rating(self, children: list[Token]) -> Record:
        """A national rating record; a letter mask that is no such record is a ruler."""
        (token,) = children
        line = str(token)
        try:
            start_rank = C.read_field(line, C.NATIONAL.field("start_rank"))
        except C.FieldError:
            start_rank = None
        if not isinstance(start_rank, int):
            return self.unknown(children)
        values = self._layout(token, C.NATIONAL, "national rating")
        values["start_rank"] = start_rank
        return self._done(
            NationalRecord(line[:3], **values, rest=line[89:].rstrip(), source=self._source(token))
        )

    # --- TRF-2026 records with fixed layouts ---------------------------------------------

    def _fixed(
        self, factory: Callable[..., Record], layout: C.Layout, label: str
    ) -> Callable[..., Record]:
        def build(children: list[Token]) -> Record:
            (token,) = children
            values = self._layout(token, layout, label)
            return self._done(factory(**values, source=self._source(token)))

        return build

    def byes(self, children: list[Token]) -> Record:
        """Record 240."""
        return self._fixed(Byes, C.BYES, "bye record")(children)

    def acceleration(self, children: list[Token]) -> Record:
        """Record 250."""
        return self._fixed(Acceleration, C.ACCELERATION, "acceleration")(children)

    def prohibited_pairing(self, children: list[Token]) -> Record:
        """Record 260."""
        return self._fixed(ProhibitedPairing, C.PROHIBITED, "prohibited pairing")(children)

    def abnormal_points(self, children: list[Token]) -> Record:
        """Record 299."""
        return self._fixed(AbnormalPoints, C.ABNORMAL, "abnormal points")(children)

    def team_lineup(self, children: list[Token]) -> Record:
        """Record 300."""
        return self._fixed(TeamLineup, C.LINEUP, "team line-up")(children)

    def team_pab(self, children: list[Token]) -> Record:
        """Record 320."""
        return self._fixed(TeamPairingByes, C.TEAM_PAB, "team bye")(children)

    def forfeited_match(self, children: list[Token]) -> Record:
        """Record 330."""
        return self._fixed(ForfeitedMatch, C.FORFEITED_MATCH, "forfeited match")(children)

    # --- extensions -----------------------------------------------------------------------

    def _tokens(self, children: list[Token]) -> Record:
        (token,) = children
        return self._done(
            Tokens(str(token)[:3], tuple(self._payload(token).split()), source=self._source(token))
        )

    xx_colour = xx_absent = xx_forbidden = _tokens

    def xx_acceleration(self, children: list[Token]) -> Record:
        """JaVaFo ``XXA``: id in 5-8, then ``pp.p`` every 5 columns from 10."""
        (token,) = children
        rank = self._field(token, C.Field("start_rank", 5, 8, C.Kind.INT), "XXA")
        points = self._repeat(token, C.Repeat("points", 10, 4, 5, C.Kind.POINTS), "XXA")
        return self._done(Acceleration16(rank, points, source=self._source(token)))

    def bbp_points(self, children: list[Token]) -> Record:
        """BbpPairings ``BB?``: one point value."""
        (token,) = children
        payload = self._payload(token)
        points: Fraction | None = None
        try:
            points = C.parse_points(payload)
        except ValueError:
            self._report("P005", f"points {payload!r} are not a number", token, 5)
        return self._done(BbpScore(str(token)[:3], points, source=self._source(token)))

    def data_line(self, children: list[Token]) -> Record:
        """Tornelo ``DAT``: start rank, type id, data."""
        (token,) = children
        parts = [*self._payload(token).split(None, 2), "", "", ""]
        try:
            rank = C.parse_int(parts[0])
        except ValueError:
            self._report("P005", f"DAT start rank {parts[0]!r} is not a number", token, 5)
            rank = None
        return self._done(DataLine(rank, parts[1], parts[2], source=self._source(token)))

    # --- lines kept as text ---------------------------------------------------------------

    def _raw(self, kind: str, children: list[Token]) -> Record:
        (token,) = children
        return self._done(RawRecord(kind, str(token), source=self._source(token)))

    def team_results_long(self, children: list[Token]) -> Record:
        """Record 801 (informative, kept as text)."""
        return self._raw("801", children)

    def team_results_short(self, children: list[Token]) -> Record:
        """Record 802 (informative, kept as text)."""
        return self._raw("802", children)

    def comment(self, children: list[Token]) -> Record:
        """A ``###`` comment."""
        return self._raw("comment", children)

    def blank(self, children: list[Token]) -> Record:
        """An empty line or a line of blanks."""
        return self._raw("blank", children)

    def ruler(self, children: list[Token]) -> Record:
        """A column ruler without ``###``."""
        (token,) = children
        self._report("P004", "column ruler without '###'; kept and ignored", token, 1)
        return self._raw("ruler", children)

    def unknown(self, children: list[Token]) -> Record:
        """Any other line: a ruler-like mask, or an unknown record kept verbatim."""
        (token,) = children
        text = str(token)
        if _RULER.fullmatch(text.strip()):
            return self.ruler(children)
        code = text[:3]
        self._report("P003", f"unknown record {code!r}; the line is kept as it is", token, 1)
        return self._raw("unknown", children)


def _pair(match: re.Match[str]) -> tuple[str, Fraction]:
    value = C.parse_points(match.group(2))
    assert value is not None
    return match.group(1), value

"""How gacrux reads a TRF file: what it refuses, and what it reads otherwise than the spec.

Written from the reader of FIDE's tie-break checker gacrux 1.11.65 (PyPI ``gacrux``:
``trf2json.py``, ``scoresystem.py``, ``games2matches.py``, ``tiebreak.py``) and held to the
installed program by the interop tests. The model assumes gacrux is run the way trfkit's
comparison harness runs it:

- with the regime trfkit decides (``-p`` or ``-s``), so that 092 and 192 do not choose it;
- with ``-b utf-8-sig`` for a file stored as UTF-8, and with its default, Latin-1, for any
  other (one character a byte, so the columns are the file's);
- without ``-t``: the tie-breaks computed are the list of 212 (or ``PTS`` and 202), ``PTS``
  alone without either.

Run without ``-b utf-8-sig``, gacrux reads a UTF-8 file as Latin-1 and every extra byte of
a non-ASCII character moves the columns after it; :data:`ENCODING` says what that run
refuses, a warning since the invocation decides it. Refusals that trfkit's own reader or
the invocation decide are not modelled: an unreadable or empty file, bytes the codec of
``-b`` rejects, a byte-order mark kept under ``-b utf-8``.

How gacrux reads, in short:

- each line of 3 characters or more is filed under its first three, and the record types
  are read one after the other in a fixed order (``### 012 … 362``, ``001``, the national
  ratings, ``310 013 250 260 240 320 330 299 300 801 802 XXR XXZ``), not in file order;
  the first line it cannot read stops it; any other tag is skipped unread;
- every field is a fixed slice converted by Python's ``int()`` or ``Decimal()`` (blank is
  0, ``,`` a decimal point); a slice holding anything else refuses its line;
- a round block is read only if the line reaches its result column (99, 109 …); a game is
  kept once per round and white player, so the black side's result must come from a block
  with colour ``b`` naming the white player (``-`` on both lines of a forfeit is refused);
- the points column is only checked against the results under the score system (162, else
  1 / ½ / 0, else one it infers silently); every total is recomputed from the results;
- only the rounds up to 142/XXR, or else to the last round with a game played over the
  board, are scored; the start date of 042 chooses the 2024 or the 2026 tie-break rules.

:func:`findings` returns every place gacrux refuses (the rules of :data:`REFUSALS`) in the
order it meets them, the first being the one it reports, then every place it reads a value
otherwise than the specification (the other rules) in file order. After a line it cannot
read, the checks gacrux makes once the whole file is read are not reported: they depend on
what that line says.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal, InvalidOperation

import attrs

from trfkit.errors import ReaderStopped
from trfkit.model import Tournament
from trfkit.readers import Finding, GacruxRule
from trfkit.trf.written import lines_of
from trfkit.values import Value

__all__ = ["REFUSALS", "RULES", "SCORE_SYMBOLS", "TYPE_CODES", "findings"]

_INDIVIDUAL_CODES = (
    "FIDE_DUTCH", "FIDE_DUTCH_2026", "FIDE_DUTCH_2017", "FIDE_DUBOV", "FIDE_BURSTEIN",
    "FIDE_DUTCH_BAKU", "FIDE_DUTCH_2026_BAKU", "FIDE_DUTCH_2017_BAKU", "FIDE_DUBOV_BAKU",
    "FIDE_BURSTEIN_BAKU", "CUSTOM_SWISS", "FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_BAKU",
    "CUSTOM_DOUBLESWISS", "BERGER_ROUNDROBIN", "BERGER_DOUBLEROUNDROBIN", "FIDE_ROUNDROBIN",
    "FIDE_DOUBLEROUNDROBIN", "CUSTOM_ROUNDROBIN", "CUSTOM_KNOCKOUT",
)  # fmt: skip
_FIDE_TEAM_CODES = frozenset({
    "FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEA_GP_MP", "FIDE_TEAM_TYPEA_MP",
    "FIDE_TEAM_TYPEA_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_TYPEB_GP_MP",
    "FIDE_TEAM_TYPEB_MP", "FIDE_TEAM_TYPEB_GP", "FIDE_TEAM_MP_GP", "FIDE_TEAM_GP_MP",
    "FIDE_TEAM_MP", "FIDE_TEAM_GP", "FIDE_TEAM", "FIDE_TEAM_TYPEA_MP_GP_BAKU",
    "FIDE_TEAM_TYPEA_MP_BAKU", "FIDE_TEAM_TYPEB_MP_GP_BAKU", "FIDE_TEAM_TYPEB_MP_BAKU",
    "FIDE_TEAM_MP_GP_BAKU", "FIDE_TEAM_MP_BAKU", "FIDE_TEAM_BAKU",
})  # fmt: skip
"""The team codes gacrux pairs by its FIDE team system (C.04.6: teams numbered 1 to N)."""
_TEAM_CODES = _FIDE_TEAM_CODES | {
    "FIDE_SCHILLER", "CUSTOM_SCHILLER", "FIDE_SCHEVENINGEN", "FIDE_DOUBLESCHEVENINGEN",
    "CUSTOM_SCHEVENINGEN", "CUSTOM_TEAM_SWISS_MP", "CUSTOM_TEAM_SWISS_GP", "CUSTOM_TEAM_SWISS",
    "BERGER_TEAM_ROUNDROBIN", "BERGER_TEAM_DOUBLEROUNDROBIN", "FIDE_TEAM_ROUNDROBIN",
    "FIDE_TEAM_DOUBLEROUNDROBIN", "CUSTOM_TEAM_ROUNDROBIN", "CUSTOM_TEAM_KNOCKOUT",
}  # fmt: skip
"""The 192 codes that make a file a team event for gacrux."""

TYPE_CODES = frozenset(_INDIVIDUAL_CODES) | _TEAM_CODES
"""The 192 codes gacrux recognises, upper-cased and unstripped (``FIDE_TEAM_MP `` is not
one); any other is read and ignored."""

SCORE_SYMBOLS = frozenset("WDLPAX")
"""The 162 (and 362) symbols gacrux reads, in either case; any other it skips."""

_SYMBOL_KEYS = {"W": "W", "D": "D", "L": "L", "P": "P", "A": "Z", "X": "A"}
"""162 symbol → gacrux's result letter: ``A`` values an absence (``Z``), ``X`` the result X."""

_RESULTS = {
    "1": ("W", True),
    "=": ("D", True),
    "0": ("L", True),
    "U": ("P", True),
    "W": ("W", True),
    "D": ("D", True),
    "L": ("L", True),
    "X": ("A", True),
    "?": ("A", True),
    "+": ("W", False),
    "F": ("W", False),
    "H": ("D", False),
    "-": ("Z", False),
    "Z": ("Z", False),
    "A": ("Z", False),
    " ": ("Z", False),
}
"""Result character (upper-cased) → gacrux's letter, and whether it counts the game as
played; any other character it reads as a blank."""
_REVERSE = {"W": "L", "D": "D", "L": "W", "Z": "W", "P": "Z", "A": "A"}
"""The result gacrux gives a side whose own block it has not read, from the other side's."""
_KNOWN_LETTERS = frozenset("WDLZPAUFH")
"""The letters gacrux's score system values (``F`` and ``H`` only a typed 299 writes)."""

_ORDER = (
    "###", "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
    "132", "142", "152", "162", "172", "182", "192", "202", "212", "222", "352", "362", "001",
    "FID", "310", "013", "250", "260", "240", "320", "330", "299", "300", "801", "802", "XXR",
    "XXZ",
)  # fmt: skip
"""The order gacrux reads the record types in (``FID``: the national rating records, read
under the federation of 172)."""

_NRS_MODES = frozenset({"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"})
_FORFEIT_TYPES = frozenset({"10", "WL", "WZ", "+-", "00", "LL", "ZZ", "--", "01", "LW", "ZW", "-+"})
_BYE_TYPES = {" ": "Z", "Z": "Z", "H": "D", "F": "W"}
_POINT_TYPES = frozenset({"MP", "GP", "MM", "MG", "GM", "GG"})
_TIEBREAKS = frozenset(
    {
        "NUL", "PTS", "MPTS", "GPTS", "SNO", "TPN", "RANK", "WIN", "WON", "BPG", "BWG", "GE",
        "REP", "RIP", "VUR", "NUM", "XXCOP", "COD", "CSQ", "RTG", "MPVGP", "DE", "EDE",
        "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "PS", "KS", "BH", "FB", "SB", "ABH", "AFB",
        "AOB", "RTNG", "ARO", "TPR", "PTP", "RSES", "APRO", "APPO", "ESB", "EMMSB", "EMGSB",
        "EGMSB", "EGGSB", "BC", "TBR", "BBE", "SSSC", "STD", "ACC", "FLT", "FLTD", "FLTFT",
        "RFP", "TOP", "RND",
    }
)  # fmt: skip
"""The tie-break names gacrux computes; any other is a column of zeros."""
_NEEDS_FIRST = frozenset(
    {"PTS", "MPTS", "GPTS", "ACC", "TOP", "FLT", "FLTD", "FLTFT", "RTNG", "ARO", "TPR", "PTP",
     "RSES", "APRO", "APPO"}
)  # fmt: skip
"""The tie-breaks gacrux starts by looking at competitor number 1."""
_CUTOFF = datetime.date(2026, 3, 1)
"""The day FIDE's 2026 tie-break rules came into force; gacrux applies the 2024 ones before."""
_UTF8 = frozenset({"utf-8", "utf8", "utf-8-sig", "ascii", "us-ascii"})
_BY_COLUMNS = frozenset(
    {"001", "013", "142", "162", "240", "250", "260", "299", "300", "310", "320", "330", "362",
     "XXR", "XXZ"}
)  # fmt: skip
"""Records gacrux reads by columns (with the national rating records)."""

NUMERIC_FIELD = GacruxRule.NUMERIC_FIELD
TRAILING_TEXT = GacruxRule.TRAILING_TEXT
HEADER_NUMBER = GacruxRule.HEADER_NUMBER
START_NUMBER_1 = GacruxRule.START_NUMBER_1
UNKNOWN_NUMBER = GacruxRule.UNKNOWN_NUMBER
COLOUR_LETTERS = GacruxRule.COLOUR_LETTERS
POINTS = GacruxRule.POINTS
BYES = GacruxRule.BYES
BONUS_RECORD = GacruxRule.BONUS_RECORD
NRS = GacruxRule.NRS
TEAM_RECORDS = GacruxRule.TEAM_RECORDS
BLACK_RESULT = GacruxRule.BLACK_RESULT
TIEBREAK_LIST = GacruxRule.TIEBREAK_LIST
ENCODING = GacruxRule.ENCODING
RESULT_CODES = GacruxRule.RESULT_CODES
ABSENCE_VALUE = GacruxRule.ABSENCE_VALUE
SCORE_SYSTEM = GacruxRule.SCORE_SYSTEM
ROUNDS = GacruxRule.ROUNDS
RULE_EDITION = GacruxRule.RULE_EDITION
BONUS_READING = GacruxRule.BONUS_READING
TIEBREAK_NAMES = GacruxRule.TIEBREAK_NAMES

REFUSALS = frozenset(
    {
        NUMERIC_FIELD,
        TRAILING_TEXT,
        HEADER_NUMBER,
        START_NUMBER_1,
        UNKNOWN_NUMBER,
        COLOUR_LETTERS,
        POINTS,
        BYES,
        BONUS_RECORD,
        NRS,
        TEAM_RECORDS,
        BLACK_RESULT,
        TIEBREAK_LIST,
    }
)
"""The rules whose findings mean gacrux refuses the file (its exit status is not 0)."""

RULES = tuple(GacruxRule)
"""Every rule's name: the refusals (:data:`REFUSALS`), then the divergent readings."""


def _int(text: str) -> int | None:
    """A slice as gacrux converts it with ``int()``: blank is 0, ``None`` when refused."""
    text = text.strip()
    if not text:
        return 0
    try:
        return int(text)
    except ValueError:
        return None


def _plain_int(text: str) -> int | None:
    """``int()`` of the text as it is (no blank allowed), ``None`` when refused."""
    try:
        return int(text)
    except ValueError:
        return None


def _decimal(text: str) -> Decimal | None:
    """A slice as gacrux converts points (``,`` read as ``.``), ``None`` when refused."""
    text = text.strip()
    if not text:
        return Decimal("0.0")
    try:
        return Decimal(text.replace(",", "."))
    except (InvalidOperation, ValueError):
        return None


def _shown(value: Decimal) -> str:
    return format(value, "f") if value.is_finite() else str(value)


def _listed(numbers: Iterable[int]) -> str:
    shown = [str(n) for n in numbers]
    return ", ".join(shown[:8]) + (" …" if len(shown) > 8 else "")


def _found(
    rule: str, message: str, line: int | None, column: int | None, players: Iterable[int]
) -> Finding:
    return Finding(rule=rule, message=message, line=line, column=column, players=tuple(players))


@attrs.define(repr=False)
class _Game(Value):
    """A game record as gacrux keeps it: one per round and white player."""

    round: int
    white: int
    black: int
    """0: no black player (a bye, or an opponent written 0)."""
    white_result: str | None
    black_result: str | None
    played: bool
    line: int
    """The line of the block that made the record (a 001 line, or a 240 line)."""
    column: int
    id: int = 0


@attrs.define(repr=False)
class _Equation(Value):
    """A 001 line's points column, and how many of its blocks hold each result letter."""

    start: int
    line: int
    points: Decimal
    counts: dict[str, int]


@attrs.define(repr=False)
class _Team(Value):
    number: int
    members: list[int]


@attrs.define(repr=False)
class _Bye(Value):
    kind: str
    """The 240 type (upper-cased), ``P`` for a 320 record."""
    round: int
    competitor: int
    line: int


@attrs.define(repr=False)
class _Bonus(Value):
    """A 299 record: ``round`` -1 for one without round and start numbers."""

    kind: str
    match_points: Decimal
    points: Decimal
    round: int
    ids: list[int]
    line: int


@attrs.define(repr=False)
class _Order(Value):
    """A 300 record: the boards of a team in one round's match."""

    round: int
    team: int
    other: int
    players: list[int]
    line: int


class _Reading:
    """gacrux's reading of the lines, keeping every refusal and every divergent reading."""

    def __init__(self, lines: Sequence[tuple[int, str]]) -> None:
        self.refused: list[Finding] = []
        self.warned: list[Finding] = []
        self.by_code: dict[str, list[tuple[int, str]]] = {}
        for number, text in lines:
            if len(text) >= 3:
                self.by_code.setdefault(text[:3], []).append((number, text))
        # any 310 or 013 line makes a team event, until a 192 code says otherwise
        self.team = "310" in self.by_code or "013" in self.by_code
        self.team_code: str | None = None
        self.fide_team_pairing = True
        self.team_size = 0
        self.sequence = False
        self.rounds = 0
        """The number of rounds of 142 or XXR."""
        self.current_round = 0
        """The last round with a game played over the board."""
        self.declared: dict[str, Decimal] = {}
        self.absence_line: int | None = None
        self.federation = "FID"
        self.method = "FIDE"
        self.start_date: str | None = None
        self.start_line: int | None = None
        self.tiebreaks = ["PTS"]
        self.tiebreak_line: int | None = None
        self.players: dict[int, int] = {}
        """Start number → the line of its (last) 001 record."""
        self.lost_player = False
        """A 001 line whose start number gacrux cannot read."""
        self.equations: list[_Equation] = []
        self.games: list[_Game] = []
        self.written: list[tuple[int, int, int]] = []
        """(line, round, start number) of every round block gacrux reads."""
        self.codes: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
        """(kind, result character) → (line, column, start number) of each such block."""
        self.teams: list[_Team] = []
        self.old_teams = 0
        self.team_of: dict[int, int] = {}
        self.board_of: dict[int, int] = {}
        self.byes: list[_Bye] = []
        self.bonuses: list[_Bonus] = []
        self.forfeits: list[tuple[int, int, int]] = []
        self.orders: list[_Order] = []
        self.pab_line: str | None = None
        self.rating_zero = False
        self.inferred: dict[str, Decimal] | None = None
        """The score system gacrux infers from the points columns, if it does."""
        self.stopped = False
        """gacrux stops before the checks it makes once the file is read."""

    # --- keeping findings -------------------------------------------------------------------

    def refuse(
        self,
        rule: str,
        message: str,
        line: int | None = None,
        column: int | None = None,
        players: Iterable[int] = (),
    ) -> None:
        """Keep a refusal (a rule of :data:`REFUSALS`)."""
        self.refused.append(_found(rule, message, line, column, players))

    def warn(self, rule: str, message: str, line: int | None, column: int | None = None,
             players: Iterable[int] = ()) -> None:  # fmt: skip
        """Keep a reading otherwise than the specification."""
        self.warned.append(_found(rule, message, line, column, players))

    def stop(
        self, rule: str, number: int, column: int | None, why: str, *, quote: bool = True
    ) -> ReaderStopped:
        """Keep the refusal of a line gacrux cannot read; the caller raises what it returns."""
        said = " ('Error in trf-file, line N, …')" if quote else ""
        self.refuse(rule, f"gacrux refuses line {number}: {why}{said}", number, column)
        self.stopped = True
        return ReaderStopped()

    def number(
        self, number: int, text: str, start: int, end: int, what: str, rule: str = NUMERIC_FIELD
    ) -> int:
        """The ``int()`` of columns *start*-*end*; :class:`ReaderStopped` after its refusal."""
        value = _int(text[start - 1 : end])
        if value is None:
            raise self.stop(
                rule,
                number,
                start,
                f"{what} {text[start - 1 : end]!r} (columns {start}-{end}) is not a whole "
                "number to it; write digits, or leave the field blank",
            )
        return value

    def points(self, number: int, text: str, start: int, end: int, what: str) -> Decimal:
        """The ``Decimal()`` of columns *start*-*end*; :class:`ReaderStopped` after its refusal."""
        value = _decimal(text[start - 1 : end])
        if value is None:
            raise self.stop(
                NUMERIC_FIELD,
                number,
                start,
                f"{what} {text[start - 1 : end]!r} (columns {start}-{end}) is not a number to "
                "it; write a decimal such as 1.5 (a comma is read as the point)",
            )
        return value

    def named(self, code: str, number: int, column: int, value: int, player: bool) -> None:
        """Refuse a number a record names that is no competitor of the file.

        It names a team in a team event, unless *player*; nothing is checked before any
        such competitor is read.
        """
        if player or not self.team:
            known, what = set(self.players), "player"
        else:
            known, what = {t.number for t in self.teams}, "team"
        if not known or value in known:
            return
        zero = (
            "; a blank field between two numbers reads as 0: end the line after the last one"
            if value == 0
            else ""
        )
        raise self.stop(
            UNKNOWN_NUMBER,
            number,
            column,
            f"record {code} names {what} {value}, which the file does not have ('Record "
            f"{code} names {what} {value}, the tournament has {len(known)} {what}s "
            f"({min(known)} - {max(known)})'){zero}",
            quote=False,
        )

    def line_of(self, code: str) -> int | None:
        lines = self.by_code.get(code)
        return lines[-1][0] if lines else None

    # --- the records, in gacrux's order -----------------------------------------------------

    def run(self) -> None:
        for code in _ORDER:
            tag = self.federation if code == "FID" else code
            reader = _READERS.get(code)
            # 013 is not read at all when the file has 310 lines
            if reader is not None and not (code == "013" and "310" in self.by_code):
                for number, text in self.by_code.get(tag, ()):
                    try:
                        reader(self, number, text)
                    except ReaderStopped:
                        continue
            if code == "001":
                self.after_players()
            elif code == "013":
                self.after_teams()
        if "001" not in self.by_code and "092" not in self.by_code:
            self.refuse(
                START_NUMBER_1,
                "gacrux refuses a file without 001 and 092 records ('Error in trf, no 001 "
                "records')",
            )

    def start(self, number: int, text: str) -> None:
        self.start_date, self.start_line = text[4:], number

    def rounds_record(self, number: int, text: str) -> None:
        self.rounds = self.number(number, text, 5, len(text.rstrip()), "the rounds", HEADER_NUMBER)

    def scoring(self, number: int, text: str) -> None:
        for pos in range(5, len(text) - 1, 9):
            value = _decimal(text[pos + 1 : pos + 5])
            if value is None:
                raise self.stop(
                    HEADER_NUMBER,
                    number,
                    pos + 2,
                    f"{text[:3]} is read in periods of 9 columns (a symbol in column "
                    f"{pos + 1}, its value in {pos + 2}-{pos + 5}), and "
                    f"{text[pos + 1 : pos + 5]!r} is no number; write '{text[:3]}  W 1.0    "
                    "D 0.5    L 0.0' (symbols in columns 6, 15, 24 …)",
                )
            key = _SYMBOL_KEYS.get(text[pos].upper())
            if key is not None and text[:3] == "162":
                self.declared[key] = value
                if key == "Z":
                    self.absence_line = number

    def national_method(self, number: int, text: str) -> None:
        self.federation = text[4:7].strip()
        method = text[8:13].strip()
        if method in _NRS_MODES:
            self.method = method
            return
        self.refuse(
            NRS,
            f"gacrux refuses the national rating method {method!r} of 172 (columns 9-13) "
            f"('parse_trf_nationalsupport: {method} not matched'); write the federation in "
            f"columns 5-7, then one of {', '.join(sorted(_NRS_MODES - {'OTHER'}))}",
            number,
            9,
        )

    def type_code(self, number: int, text: str) -> None:
        code = text[4:].upper()
        if code in TYPE_CODES:
            self.team = code in _TEAM_CODES
            self.team_code = code
            self.fide_team_pairing = code in _FIDE_TEAM_CODES

    def tiebreak_list(self, number: int, text: str) -> None:
        # 202 lists the tie-breaks after the points; the split is at commas and each blank
        prefix = "" if text[:3] == "212" else "PTS "
        self.tiebreaks = (prefix + text[4:]).replace(",", " ").split(" ")
        self.tiebreak_line = number

    def colour_sequence(self, number: int, text: str) -> None:
        sequence = text[4:].strip().upper()
        if not self.team and self.team_size <= 1:
            why = "352 belongs to team events ('Record 352 is only valid in a team tournament')"
        elif self.sequence:
            why = "a second 352 ('Record 352 may occur only once in a tournament')"
        elif not sequence or any(c not in "WB" for c in sequence):
            why = (
                "its colours must be W and B only ('Record 352 must contain a non-empty "
                "colour sequence using only W and B')"
            )
        else:
            self.team_size, self.sequence = len(sequence), True
            return
        raise self.stop(TEAM_RECORDS, number, 5, why, quote=False)

    def player(self, number: int, text: str) -> None:
        failed = False
        for first, last, what in ((49, 52, "the rating"), (58, 68, "the FIDE id")):
            try:
                self.number(number, text, first, last, what)
            except ReaderStopped:
                failed = True
        start = _int(text[4:8])
        if start is None:
            self.lost_player = True
            self.number(number, text, 5, 8, "the start number")
            return
        # gacrux looks for misplaced colours: the first 'w' and 'b' from column 87 on
        found = text[86:]
        offset = max(0, found.find("w"), found.find("b"))
        if offset % 10:
            self.refuse(
                COLOUR_LETTERS,
                f"gacrux refuses player {start}: the first lower-case 'w' or 'b' after column "
                f"86 is in column {87 + offset}, not a colour column (97, 107 …) ('Player "
                f"{start} has misaligned data, may be bad character encoding'); put the blocks "
                "in their columns, and write a result w (a win in less than one move) as W",
                number,
                87 + offset,
                (start,),
            )
        try:
            points = self.points(number, text, 81, 84, "the points")
        except ReaderStopped:
            points, failed = Decimal(0), True
        try:
            self.number(number, text, 86, 89, "the rank")
        except ReaderStopped:
            failed = True
        counts = dict.fromkeys("WDLPAUZ", 0)
        last_paired = 0
        for end in range(99, len(text) + 1, 10):
            rnd = (end - 99) // 10 + 1
            block = text[end - 8 : end]
            if not block.strip():
                continue
            opponent = _int(block[:4])
            if opponent is None:
                failed = True
                self._bad_block(number, block, end - 7, rnd, start)
                continue
            colour = block[5].lower()
            letter, played = _RESULTS.get(block[7].upper(), _RESULTS[" "])
            counts[letter] += 1
            if colour == "b":
                game = _Game(rnd, opponent, start, None, letter, played, number, end - 7)
            else:
                game = _Game(rnd, start, opponent, letter, None, played, number, end - 7)
            self._keep(game)
            if played and game.white > 0 and game.black > 0:
                last_paired = rnd
            self.written.append((number, rnd, start))
            self._code(number, end, start, opponent, block[7])
        self.current_round = max(self.current_round, last_paired)
        self.equations.append(_Equation(start, number, points, counts))
        self.players[start] = number
        self.stopped = self.stopped or failed

    def _bad_block(self, number: int, block: str, column: int, rnd: int, start: int) -> None:
        if block[4] == " " and block[6] == " " and block[5] in "wbWB- ":
            rule = NUMERIC_FIELD
            why = (
                f"the opponent {block[:4]!r} of round {rnd} (columns {column}-{column + 3}) "
                "is not a start number ('Error in trf-file, line N, …')"
            )
        else:
            rule = TRAILING_TEXT
            why = (
                f"it reads columns {column}-{column + 7} as the block of round {rnd}, and "
                f"{block!r} is none ('Error in trf-file, line N, …'); nothing may follow the "
                "last round's block on a 001 line"
            )
        self.refuse(rule, f"gacrux refuses line {number}: {why}", number, column, (start,))

    def _keep(self, game: _Game) -> None:
        """A block fills the game of its round and white player if one is kept already."""
        for kept in self.games:
            if kept.round == game.round and kept.white == game.white:
                if kept.white_result is None and game.white_result is not None:
                    kept.white_result = game.white_result
                if kept.black_result is None and game.black_result is not None and kept.black:
                    kept.black_result = game.black_result
                return
        game.id = len(self.games) + 1
        self.games.append(game)

    def _code(self, number: int, end: int, start: int, opponent: int, raw: str) -> None:
        code = raw.upper()
        if code not in _RESULTS:
            self.codes.setdefault(("unknown", raw), []).append((number, end, start))
        elif opponent == 0 and code in "1=0WDL":
            self.codes.setdefault(("alone", raw), []).append((number, end, start))

    def after_players(self) -> None:
        """Check the numbers of the games kept, as gacrux does once every 001 line is read."""
        if self.lost_player:
            return  # the number of the line it could not read is not known
        for game in self.games:
            for cid in (game.white, game.black):
                if cid > 0:
                    try:
                        self.named("001", game.line, game.column, cid, True)
                    except ReaderStopped:
                        return

    def national(self, number: int, text: str) -> None:
        start = self.number(number, text, 5, 8, "the start number", NRS)
        self.number(number, text, 49, 52, "the rating", NRS)
        if start not in self.players:
            raise self.stop(
                NRS, number, 5, f"this national rating names start number {start}, no player"
            )
        # OTHER gives each player so rated the rating 0, on which the tie-breaks fail
        self.rating_zero = self.rating_zero or self.method == "OTHER"

    def team_line(self, number: int, text: str) -> None:
        current = text[:3] == "310"
        if current:
            team = self.number(number, text, 5, 7, "the team number")
            self.points(number, text, 55, 60, "the match points")
            self.points(number, text, 62, 67, "the game points")
            self.number(number, text, 69, 71, "the rank")
            if text[71:73].strip():
                self.refuse(
                    TEAM_RECORDS,
                    f"gacrux refuses team {team}: columns 72-73 of its 310 line are not blank "
                    f"('Team {team} has misaligned data, may be bad character encoding'); "
                    "the first member's start number goes in columns 74-77",
                    number,
                    72,
                )
        else:
            self.old_teams += 1
            team = self.old_teams
        self.team = True
        members = _Team(team, [])
        self.teams.append(members)
        first = 77 if current else 40
        for end in range(first, len(text) + 1, 5):
            pid = self.number(number, text, end - 3, end, "a member's start number")
            if pid == 0:
                continue
            self.named(text[:3], number, end - 3, pid, True)
            if not self.players:
                raise self.stop(NUMERIC_FIELD, number, end - 3, f"player {pid} has no 001 line")
            members.members.append(pid)
            self.team_of[pid] = team
            self.board_of[pid] = (end - first) // 5 + 1

    def after_teams(self) -> None:
        """The checks gacrux makes once the team section is read."""
        if self.team and self.players and not self.teams:
            code = self.team_code
            self.refuse(
                TEAM_RECORDS,
                "gacrux refuses a team event without team section ('Record 310 is missing: "
                + (f"record 192 declares {code}, a team tournament" if code else "…")
                + "'); write a 310 line for each team, or a 192 code for individuals",
                self.line_of("192"),
                5,
            )
            self.stopped = True
            return
        if not self.team or self.team_size:
            return
        # without 352 it counts the boards: the most games of a team in a round
        counts: dict[tuple[int, int], int] = {}
        for game in self.games:
            if game.white <= 0 or game.black <= 0:
                continue
            for cid in (game.white, game.black):
                team = self.team_of.get(cid)
                if team is None:
                    self.no_team(cid, game)
                    return
                if game.round > self.current_round:
                    self.refuse(
                        TEAM_RECORDS,
                        f"gacrux fails on round {game.round} of player {game.white}: it "
                        "counts the boards of the rounds up to the last one played over the "
                        f"board ({self.current_round}), and this game is later ('Error "
                        "reading file'); write 352, or play that round",
                        game.line,
                        game.column,
                        (game.white,),
                    )
                    self.stopped = True
                    return
                counts[game.round, team] = counts.get((game.round, team), 0) + 1
        self.team_size = max(counts.values(), default=0)

    def no_team(self, cid: int, game: _Game) -> None:
        self.refuse(
            TEAM_RECORDS,
            f"gacrux fails on player {cid}, who has a game in round {game.round} and is on "
            "no team line ('Error reading file'); list every player who plays on a 310 "
            "(or 013) line",
            game.line,
            game.column,
            (cid,),
        )
        self.stopped = True

    def acceleration(self, number: int, text: str) -> None:
        self.points(number, text, 5, 8, "the match points")
        self.points(number, text, 10, 13, "the game points")
        self.number(number, text, 15, 17, "the first round")
        self.number(number, text, 19, 21, "the last round")
        first = self.number(number, text, 23, 26, "the first start number")
        last = self.number(number, text, 28, 31, "the last start number")
        self.named("250", number, 23, first, False)
        self.named("250", number, 28, last if len(text) >= 31 and last else first, False)

    def prohibited(self, number: int, text: str) -> None:
        self.number(number, text, 5, 7, "the first round")
        self.number(number, text, 9, 11, "the last round")
        for end in range(16, len(text) + 1, 5):
            value = self.number(number, text, end - 3, end, "a start number")
            self.named("260", number, end - 3, value, False)

    def bye_record(self, number: int, text: str) -> None:
        kind = text[4].upper() if len(text) > 4 else None
        if kind is None or kind not in _BYE_TYPES:
            shown = repr(text[4]) if kind is not None else "missing"
            raise self.stop(
                BYES,
                number,
                5,
                f"its bye type (column 5) is {shown}; it reads F, H, Z or a blank only "
                "(a pairing-allocated bye is a U in the round block)",
            )
        rnd = self.number(number, text, 7, 9, "the round")
        for end in range(14, len(text) + 1, 5):
            value = self.number(number, text, end - 3, end, "a start number")
            if value > 0:
                self.named("240", number, end - 3, value, False)
                self.byes.append(_Bye(kind, rnd, value, number))

    def pab_record(self, number: int, text: str) -> None:
        if not self.team:
            why = (
                "320 belongs to team events ('Record 320 … is for team tournaments only'); "
                "write a player's pairing-allocated bye as U in his round block"
            )
            raise self.stop(TEAM_RECORDS, number, 1, why, quote=False)
        if self.pab_line is not None:
            why = (
                "a second 320 ('Record 320 may occur only once'); list every team's "
                "pairing-allocated bye on one 320 line"
            )
            raise self.stop(TEAM_RECORDS, number, 1, why, quote=False)
        self.pab_line = text
        self.points(number, text, 5, 8, "the match points")
        self.points(number, text, 10, 13, "the game points")
        # one 3-column team number a round, from column 15
        for rnd, end in enumerate(range(17, len(text) + 1, 4), 1):
            value = self.number(number, text, end - 2, end, "a team number")
            if value > 0:
                self.named("320", number, end - 2, value, False)
                self.byes.append(_Bye("P", rnd, value, number))

    def forfeited(self, number: int, text: str) -> None:
        rnd = self.number(number, text, 8, 10, "the round")
        white = self.number(number, text, 12, 14, "the white team")
        black = self.number(number, text, 16, 18, "the black team")
        for column, value in ((12, white), (16, black)):
            if value > 0:
                self.named("330", number, column, value, False)
        if text[4:6].upper() not in _FORFEIT_TYPES:
            raise self.stop(
                TEAM_RECORDS,
                number,
                5,
                f"the forfeit type {text[4:6]!r} (columns 5-6) is none of "
                f"{' '.join(sorted(_FORFEIT_TYPES))}",
            )
        self.forfeits.append((rnd, white, black))

    def bonus(self, number: int, text: str) -> None:
        if len(text) < 5:
            raise self.stop(BONUS_RECORD, number, 5, "the line ends before the type (column 5)")
        match_points = self.points(number, text, 8, 11, "the match points")
        points = self.points(number, text, 14, 17, "the points")
        rnd = self.number(number, text, 20, 22, "the round")
        ids = []
        for end in range(27, len(text) + 1, 5):
            value = self.number(number, text, end - 3, end, "a start number")
            ids.append(value)
            self.named("299", number, end - 3, value, False)
        if rnd == 0 and (not ids or ids[0] == 0):
            rnd = -1  # a default value, which it keeps for team events only
        self.bonuses.append(_Bonus(text[4], match_points, points, rnd, ids, number))

    def out_of_order(self, number: int, text: str) -> None:
        rnd = self.number(number, text, 5, 7, "the round")
        team = self.number(number, text, 9, 11, "the team")
        other = self.number(number, text, 13, 15, "the other team")
        self.named("300", number, 9, team, False)
        self.named("300", number, 13, other, False)
        players = []
        for end in range(20, len(text) + 1, 5):
            value = self.number(number, text, end - 3, end, "a start number")
            if value > 0:
                self.named("300", number, end - 3, value, True)
            players.append(value)
        self.orders.append(_Order(rnd, team, other, players, number))

    def absent(self, number: int, text: str) -> None:
        column = 5
        for token in re.split(r"([,/ ])", text[4:]):
            if token and token not in ",/ ":
                value = _int(token)
                if value is None:
                    raise self.stop(NUMERIC_FIELD, number, column, f"{token!r} is no start number")
                if value > 0:
                    self.named("XXZ", number, column, value, True)
            column += len(token)


_READERS: dict[str, Callable[[_Reading, int, str], None]] = {
    "042": _Reading.start,
    "142": _Reading.rounds_record,
    "162": _Reading.scoring,
    "172": _Reading.national_method,
    "192": _Reading.type_code,
    "202": _Reading.tiebreak_list,
    "212": _Reading.tiebreak_list,
    "352": _Reading.colour_sequence,
    "362": _Reading.scoring,
    "001": _Reading.player,
    "FID": _Reading.national,
    "310": _Reading.team_line,
    "013": _Reading.team_line,
    "250": _Reading.acceleration,
    "260": _Reading.prohibited,
    "240": _Reading.bye_record,
    "320": _Reading.pab_record,
    "330": _Reading.forfeited,
    "299": _Reading.bonus,
    "300": _Reading.out_of_order,
    "XXR": _Reading.rounds_record,
    "XXZ": _Reading.absent,
}
"""The record types gacrux reads something of that matters here (by their slot in _ORDER)."""


def findings(tournament: Tournament) -> tuple[Finding, ...]:
    """Every place gacrux refuses in *tournament*, in its order, then every divergent reading.

    The first refusal is the one gacrux reports: it reads the record types in a fixed order
    (every 001 line before any 240 line, whatever the file's order) and stops at the first
    line it cannot read. The readings that differ from the specification follow, by line.
    """
    lines = lines_of(tournament)
    codec = tournament.encoding.codec.lower().replace("_", "-")
    utf8 = codec in _UTF8
    reading = _read(lines if utf8 else _as_latin1(lines, codec))
    warned = reading.warned + (_latin1_warning(lines, reading) if utf8 else [])
    warned.sort(key=lambda f: (f.line or 0, f.column or 0))
    return (*reading.refused, *warned)


def _as_latin1(lines: Sequence[tuple[int, str]], codec: str) -> list[tuple[int, str]]:
    """The lines as gacrux's default codec, Latin-1, reads the bytes *codec* wrote."""
    out = []
    for number, text in lines:
        try:
            out.append((number, text.encode(codec).decode("latin-1")))
        except (UnicodeError, LookupError):
            out.append((number, text))
    return out


def _read(lines: Sequence[tuple[int, str]]) -> _Reading:
    """Every stage of gacrux's reading, then the tie-breaks' own demands."""
    reading = _Reading(lines)
    reading.run()
    _team_numbers(reading)
    system = _points(reading)
    if reading.team and reading.teams:
        _matches(reading)
        _inferred_letters(reading)
    else:
        _inferred_letters(reading)
        _byes(reading)
    _bonuses(reading)
    _tiebreak_stage(reading)
    _warnings(reading, system)
    return reading


def _latin1_warning(lines: Sequence[tuple[int, str]], reading: _Reading) -> list[Finding]:
    """What gacrux makes of a UTF-8 file when it reads it as Latin-1 (run without ``-b``)."""
    shifted = [(n, t) for n, t in lines if not t.isascii()]
    if not shifted:
        return []
    other = _read(_as_latin1(lines, "utf-8"))
    first = next(iter(other.refused), None)
    if first is None:
        tags = _BY_COLUMNS | {reading.federation}
        shifted = [(n, t) for n, t in shifted if t[:3] in tags]
        if not shifted:
            return []
        what = "reads the columns after it one place to the right for each extra byte"
    elif reading.refused:
        what = f"refuses the file at line {first.line}"
    else:
        what = f"refuses the file: {first.message}"
    number, text = shifted[0]
    column = next(i for i, c in enumerate(text, 1) if not c.isascii())
    return [
        Finding(
            rule=ENCODING,
            line=number,
            column=column,
            message=f"gacrux reads a file as Latin-1 unless run with -b utf-8-sig, and this "
            f"UTF-8 file has {text[column - 1]!r} here: read so, it {what}",
        )
    ]


def _team_numbers(reading: _Reading) -> None:
    """The 310 team numbers, checked once the whole file is read."""
    lines = reading.by_code.get("310")
    if not lines or reading.stopped:
        return
    numbers = sorted(_int(text[4:7]) or 0 for _, text in lines)
    if reading.fide_team_pairing:
        if numbers == list(range(1, len(numbers) + 1)):
            return
        why = f"1 to {len(numbers)} (its FIDE team pairing, C.04.6 art. 1.1.1)"
    else:
        if len(set(numbers)) == len(numbers) and all(n > 0 for n in numbers):
            return
        why = "different and above 0"
    reading.refuse(
        TEAM_RECORDS,
        f"gacrux refuses the 310 team numbers {', '.join(map(str, numbers))}: they must be "
        f"{why} ('Record 310 must give each team a different tournament pairing number …'); "
        "renumber the teams, or write the 192 code of another team system",
        lines[0][0],
        5,
    )
    reading.stopped = True


# --- the points column and the score system -------------------------------------------------

_DEFAULT_SCORE: dict[str, Decimal | str] = {
    "W": Decimal("1.0"),
    "D": Decimal("0.5"),
    "L": Decimal("0.0"),
    "F": "W",
    "H": "D",
    "Z": Decimal("0.0"),
    "P": "W",
    "A": "D",
    "U": "Z",
}
"""gacrux's default score system: a letter stands for that result's value."""
_LETTERS = "WDLZPAU"
"""The result letters whose counts the points check weighs."""
_NAMES = {"W": "win", "D": "draw", "L": "loss", "Z": "absence", "P": "PAB", "A": "X"}


def _system(declared: dict[str, Decimal]) -> dict[str, Decimal]:
    """The values gacrux scores with: 162's over its defaults.

    Every one is rounded to the decimals of the finest of win, draw and loss (a PAB of 0.5
    beside 3 / 1 / 0 is 0).
    """
    score: dict[str, Decimal | str] = {**_DEFAULT_SCORE, **declared}
    exponent = 0
    for key in "WDL":
        value = score[key]
        if isinstance(value, Decimal) and value.is_finite():
            exponent = min(exponent, int(value.as_tuple().exponent))
    quantum = Decimal(1).scaleb(exponent)
    for key, value in score.items():
        if isinstance(value, Decimal) and value.is_finite():
            score[key] = value.quantize(quantum)
    out = {}
    for key in score:
        value = score[key]
        while isinstance(value, str):
            value = score[value]
        out[key] = value
    return out


def _total(counts: dict[str, int], values: dict[str, Decimal]) -> Decimal:
    return sum((counts[k] * values[k] for k in _LETTERS if k in values), Decimal(0))


def _wrong(equation: _Equation, values: dict[str, Decimal]) -> bool:
    """Whether gacrux finds a line's points wrong under *values* (0 is never checked)."""
    points = equation.points
    if not points.is_finite():
        return True
    return bool(points != 0 and points != _total(equation.counts, values))


def _points(reading: _Reading) -> dict[str, Decimal]:
    """The points check (skipped when the file has a 299), and the system gacrux scores by."""
    system = _system(reading.declared)
    if "299" in reading.by_code or reading.stopped:
        return system
    bad = [e for e in reading.equations if _wrong(e, system)]
    if not bad:
        return system
    declared = "162" in reading.by_code or "222" in reading.by_code
    inferred = None if declared else _infer(reading.equations)
    if inferred is not None and not any(_wrong(e, inferred) for e in reading.equations):
        values = ", ".join(f"{_NAMES[k]} {_shown(v)}" for k, v in inferred.items() if k != "Z")
        reading.warn(
            SCORE_SYSTEM,
            f"gacrux finds the points of players {_listed(e.start for e in bad)} wrong under "
            f"1 / ½ / 0 and, without 162, scores every game by the system they fit instead "
            f"({values}); write the score system in a 162 record",
            bad[0].line,
            81,
            [e.start for e in bad],
        )
        reading.inferred = inferred
        return {**system, **inferred}
    byes = {b.competitor for b in reading.byes}
    stuck = (
        "with 162 or 222 in the file it tries no other system"
        if declared
        else "no other system it tries fits every player"
    )
    described = ", ".join(f"{_NAMES[k]} {_shown(system[k])}" for k in "WDLPZA")
    for e in bad:
        hint = "; it does not count a bye of a 240 record" if e.start in byes else ""
        reading.refuse(
            POINTS,
            f"gacrux refuses points {_shown(e.points)} of player {e.start}: the results of "
            f"the line add up to {_shown(_total(e.counts, system))} under {described}, and "
            f"{stuck} ('Incorrect score for player {e.start}'){hint}; correct the column, or "
            "write the score system in 162",
            e.line,
            81,
            (e.start,),
        )
    return system


def _infer(equations: Sequence[_Equation]) -> dict[str, Decimal] | None:
    """The score system gacrux infers without 162, ``None`` when none fits.

    The first of its grid under which every line adds up (a zero column too), a PAB taking
    one of the values it tries. The system holds only the results the file has.
    """
    used = {k for e in equations for k, n in e.counts.items() if n}
    half = Decimal("0.5")
    for pab in (("W",), ("D",), ("L",), ("W", "D"), ("D", "L"), ("W", "D", "L")):
        pab_value: Decimal | None = None
        for loss in (Decimal("0.0"), half, Decimal("1.0")):
            for draw in (loss + half, loss + 1, loss + 3 * half, loss + 2):
                base = draw + draw - loss
                for win in (base, base + 1, base + half, base + 1, base + 3 * half, base + 2):
                    values = {"W": win, "D": draw, "L": loss}
                    fits = True
                    for e in equations:
                        total = e.counts["W"] * win + e.counts["D"] * draw + e.counts["L"] * loss
                        if e.counts["P"] > 0:
                            matched = False
                            for letter in pab:
                                if total + e.counts["P"] * values[letter] == e.points:
                                    matched, pab_value = True, values[letter]
                            fits = fits and matched
                        else:
                            fits = fits and total == e.points
                    if fits:
                        found = {**values, "Z": Decimal("0.0")}
                        found = {k: v for k, v in found.items() if k in used}
                        if "P" in used and pab_value is not None:
                            found["P"] = pab_value
                        return found or None
    return None


def _missing(system: dict[str, Decimal], games: Iterable[_Game], derive: bool) -> list[str]:
    """The result letters of *games* the score system has no value for.

    A white result not read is 0, or the reverse of black's when *derive* (the tie-breaks).
    """
    values = {**system, "Z": system.get("Z", Decimal(0))}
    missing: list[str] = []
    for game in games:
        white = game.white_result
        if white is None and derive and game.black > 0:
            white = _REVERSE.get(game.black_result or "")
        sides = [white or "Z"]
        if game.black > 0 and game.black_result is not None:
            sides.append(game.black_result)
        for letter in sides:
            if letter == "L" and not game.played and "L" in values:
                letter = "Z"
            if letter not in values and letter not in missing:
                missing.append(letter)
    return missing


def _inferred_letters(reading: _Reading) -> None:
    """Refuse a result the inferred score system has no value for (``X``, left out).

    gacrux fails on it while still reading the file.
    """
    if reading.inferred is None or reading.stopped:
        return
    missing = _missing(reading.inferred, reading.games, derive=False)
    if missing:
        reading.refuse(
            POINTS,
            f"gacrux fails on the results {', '.join(missing)}: the score system it infers "
            "from the points (no 162) has no value for them ('Error reading file'); write "
            "the score system in a 162 record",
            reading.equations[0].line if reading.equations else None,
            81,
        )
        reading.stopped = True


# --- the checks once the file is read -------------------------------------------------------


def _byes(reading: _Reading) -> None:
    """Apply 240 in an individual event, refusing a bye its round's game contradicts.

    A round without a game gets the bye; a game's own result must be the bye's.
    """
    if reading.stopped:
        return
    for bye in reading.byes:
        score = _BYE_TYPES.get(bye.kind, "Z")
        game = next(
            (
                g
                for g in reading.games
                if g.round == bye.round and bye.competitor in (g.white, g.black)
            ),
            None,
        )
        if game is None:
            reading.games.append(
                _Game(bye.round, bye.competitor, 0, score, None, False, bye.line, 5)
            )
            continue
        mine, theirs = game.white_result, game.black_result
        if bye.competitor != game.white:
            mine, theirs = theirs, mine
        if mine is None and game.black > 0:
            mine = _REVERSE.get(theirs or "")
        if mine != score:
            reading.refuse(
                BYES,
                f"gacrux refuses the {bye.kind.strip() or 'blank'}-type bye of player "
                f"{bye.competitor} in round {bye.round}: his round block holds a result it "
                f"reads as {mine or 'none'} ('Error in bye score, competitor "
                f"{bye.competitor}'); list in 240 only byes whose blocks are blank or the "
                "same bye",
                bye.line,
                5,
                (bye.competitor,),
            )


def _bonuses(reading: _Reading) -> None:
    """The 299 records gacrux applies once the file is read."""
    if reading.stopped:
        return
    for bonus in reading.bonuses:
        kind = bonus.kind.upper()
        if bonus.round == -1 or (kind == " " and bonus.ids):
            continue
        if kind == " " or bonus.round <= 0 or not bonus.ids:
            reading.refuse(
                BONUS_RECORD,
                "gacrux refuses this 299: it reads a typed one with a round and start "
                f"numbers, or an untyped one with start numbers ('Error in 299 Abnormal, Att "
                f"= {bonus.kind}, round = {bonus.round}, …')",
                bonus.line,
                5,
            )
            reading.stopped = True
            return
        if reading.team:
            continue  # it changes a match of the match list: not modelled
        letter = {"-": "Z", "+": "W"}.get(kind, kind)
        for cid in bonus.ids:
            rnd = bonus.round
            white = [g for g in reading.games if g.round == rnd and g.white == cid]
            black = [g for g in reading.games if g.round == rnd and g.black == cid]
            if len(white) + len(black) != 1:
                reading.refuse(
                    BONUS_RECORD,
                    f"gacrux refuses this 299: player {cid} has {len(white) + len(black)} "
                    f"games in round {rnd}, and it changes the result of exactly one ('Error "
                    f"in 299 Abnormal, Round = {rnd}, player/team {cid}')",
                    bonus.line,
                    24,
                    (cid,),
                )
                reading.stopped = True
                return
            if white:
                white[0].white_result = letter
            else:
                black[0].black_result = letter


def _tiebreak_stage(reading: _Reading) -> None:
    """What fails once gacrux computes the tie-breaks, in its order."""
    if reading.rating_zero:
        reading.refuse(
            NRS,
            "gacrux fails on the national ratings under '172 … OTHER': the method gives each "
            "player so rated the rating 0, which it cannot use ('Program error'); write "
            "FIDE, NRO, FIDON, NIDOF, HBFN or LBFN in 172",
            reading.line_of("172"),
            9,
        )
    if not reading.team:
        for game in reading.games:
            if game.black > 0 and game.black_result is None:
                reading.refuse(
                    BLACK_RESULT,
                    f"gacrux refuses round {game.round} of player {game.white}: his block "
                    f"makes him white against {game.black}, and no block of {game.black} in "
                    f"that round names {game.white} with colour b ('No result for black in "
                    f"round {game.round}, white={game.white}, black={game.black}'); write "
                    "the game with colour w on one line and b on the other (a forfeit too, "
                    "not - on both)",
                    game.line,
                    game.column,
                    (game.white, game.black),
                )
                break
    _unvalued(reading)
    known = {t.number for t in reading.teams} if reading.team else set(reading.players)
    for entry in reading.tiebreaks:
        why = _unparsable(entry)
        if why is not None:
            reading.refuse(
                TIEBREAK_LIST,
                f"gacrux fails on the tie-break {entry!r} of its list: {why} ('Program "
                "error'); write the tie-breaks as FIDE's codes spell them (BH/C1, PTS:MP)",
                reading.tiebreak_line,
                5,
            )
            return
        name = _tiebreak_name(entry)
        if not known or (name in _NEEDS_FIRST and 1 not in known):
            what = "team" if reading.team else "player"
            reading.refuse(
                START_NUMBER_1,
                f"gacrux fails on a file without {what} 1: it computes {name or 'the list'} "
                f"from the competitor numbered 1 ('Program error'); number the {what}s from 1",
            )
            return


def _unvalued(reading: _Reading) -> None:
    """Refuse the results the score system has no value for, on which the tie-breaks fail.

    A 299 type gacrux does not know, and what an inferred system leaves out (a draw when
    nobody drew).
    """
    scored = max(reading.rounds, reading.current_round)
    games = [g for g in reading.games if g.round <= scored] if not reading.team else []
    if reading.inferred is None:
        letters = {g.white_result for g in games} | {g.black_result for g in games}
        unknown = sorted(k for k in letters if k is not None and k not in _KNOWN_LETTERS)
        if unknown:
            reading.refuse(
                BONUS_RECORD,
                f"gacrux fails on the result {unknown[0]!r} a 299 gives ('Program error'); "
                "type a 299 W, D, L, F, H, Z, + or -",
                next(b.line for b in reading.bonuses if b.kind.upper() in unknown),
                5,
            )
        return
    missing = [k for k in "DW" if k not in reading.inferred]
    missing += [k for k in _missing(reading.inferred, games, derive=True) if k not in missing]
    if missing:
        reading.refuse(
            POINTS,
            f"gacrux fails on the score system it infers from the points (no 162): it holds "
            f"values only for the results the file has, and needs one for "
            f"{', '.join(_NAMES.get(k, k) for k in missing)} ('Program error'); write the "
            "score system in a 162 record",
            reading.equations[0].line if reading.equations else None,
            81,
        )


def _tiebreak_name(entry: str) -> str:
    name = entry.upper().replace("!", "/").replace("#", "/").split("/")[0]
    return name.split(":")[0].split("@")[0]


def _unparsable(entry: str) -> str | None:
    """Why gacrux cannot parse one tie-break of its list; ``None`` when it can."""
    parts = entry.upper().replace("!", "/").replace("#", "/").split("/")
    name = parts[0].split(":")
    if _plain_int([*name[0].split("@"), "24"][1]) is None:
        return "the year after @ is not a number"
    if len(name) == 2 and name[1] not in _POINT_TYPES:
        return f"{name[1]!r} is none of the point types {', '.join(sorted(_POINT_TYPES))}"
    for modifier in parts[1:]:
        rest = modifier[1:]
        for letter in modifier:
            # every U (and a V with something after it) reads the rest as a number
            if letter in "UV" and (letter == "U" or rest) and _plain_int(rest) is None:
                return f"/{modifier} needs a whole number after its letter"
            if letter == "L" and len(modifier) < 2:
                return "/L needs a limit"
    return None


# --- team events: the boards of each match ----------------------------------------------------


@attrs.define(repr=False)
class _Match(Value):
    """A match as gacrux assembles it: the games of two teams in one round."""

    round: int
    high: int
    low: int
    """The teams' numbers, the higher first; ``low`` is 0 for a bye."""
    games: list[int] = attrs.Factory(list)
    black: str = "games"
    """How it came: ``games``, ``order`` (a 300 record), ``team`` (330), ``none`` (a bye)."""


def _match(matches: dict[tuple[int, int, int], _Match], rnd: int, a: int, b: int) -> _Match:
    """The match of teams *a* and *b* in round *rnd*, made if it is new."""
    high, low = max(a, b), min(a, b)
    return matches.setdefault((rnd, high, low), _Match(rnd, high, low))


def _matches(reading: _Reading) -> None:
    """Sort the games into matches, as gacrux does, and pair the boards of the two teams."""
    if reading.stopped:
        return
    team_of = {0: 0}
    for listed in reading.teams:
        for pid in listed.members:
            team_of[pid] = listed.number
    games = {g.id: g for g in reading.games}
    matches: dict[tuple[int, int, int], _Match] = {}
    byes: dict[tuple[int, int, int], _Match] = {}
    for game in sorted(reading.games, key=lambda g: g.round):
        for cid in (game.white, game.black):
            if cid not in team_of:
                reading.no_team(cid, game)
                return
        white, black = team_of[game.white], team_of[game.black]
        kept = matches if white > 0 and black > 0 else byes
        _match(kept, game.round, white, black).games.append(game.id)
    size = reading.team_size or max((len(m.games) for m in matches.values()), default=0)
    for bye in reading.byes:
        if bye.kind not in ("Z", "H", "F", "P"):
            reading.refuse(
                BYES,
                f"gacrux fails on the blank-type bye of team {bye.competitor} in a team event "
                "('Error reading file'); write its type F, H or Z in column 5",
                bye.line,
                5,
            )
            reading.stopped = True
            return
        _match(byes, bye.round, bye.competitor, 0).black = "none"
    for rnd, white, black in reading.forfeits:
        _match(matches, rnd, white, black).black = "team"
    for order in reading.orders:
        if (order.round, max(order.team, order.other), min(order.team, order.other)) not in matches:
            _match(matches, order.round, order.team, order.other).black = "order"
    # the games of each team without opponent join the team's match of the round
    for match in matches.values():
        for team in dict.fromkeys((match.high, match.low)):
            found = byes.pop((match.round, team, 0), None)
            if found is not None:
                match.games.extend(found.games)
    matches.update(byes)
    for match in matches.values():
        if match.black == "order" and not match.games:
            reading.refuse(
                TEAM_RECORDS,
                f"gacrux fails on a 300 record for teams {match.low} and {match.high} in "
                f"round {match.round}, who have no game there ('Error reading file'); write "
                "300 only for a match played",
                next(o.line for o in reading.orders if o.round == match.round),
                5,
            )
            reading.stopped = True
            return
    by_team: dict[tuple[int, int], list[int]] = {}
    for match in matches.values():
        if match.black == "none":
            continue
        for team in (match.high, match.low):
            if team > 0:
                # a team's later match in a round replaces its earlier one
                mine = [
                    gid
                    for gid in match.games
                    if team in (team_of.get(games[gid].white), team_of.get(games[gid].black))
                ]
                by_team[match.round, team] = _board_sorted(reading, mine, games, team, team_of)
    if _orders(reading, by_team, games, size):
        _boards(reading, matches, by_team, size, team_of)


def _board_sorted(
    reading: _Reading, ids: list[int], games: dict[int, _Game], team: int, team_of: dict[int, int]
) -> list[int]:
    """A team's games in a match in gacrux's order: byes with nothing last, then by board."""

    def order(gid: int) -> tuple[bool, int]:
        game = games[gid]
        empty = (game.black == 0 and (game.white_result or "Z") == "Z") or (
            game.white == 0 and (game.black_result or "Z") == "Z"
        )
        player = game.white if team_of.get(game.white) == team else game.black
        return empty, reading.board_of.get(player, 0)

    return sorted(ids, key=order)


def _orders(
    reading: _Reading,
    by_team: dict[tuple[int, int], list[int]],
    games: dict[int, _Game],
    size: int,
) -> bool:
    """Put the games of each 300 record on its boards; ``False`` after one gacrux refuses."""
    board_of = dict.fromkeys(games, 0)
    for order in reading.orders:
        key = (order.round, order.team)
        ids = by_team.get(key)
        why = None
        if ids is None:
            why = (
                f"team {order.team} has no match in round {order.round} ('Error in "
                f"Out-of-order record (300), round {order.round}, team "
                f"{order.team}-{order.other}, No such match found')"
            )
        else:
            for board in range(size):
                if board >= len(order.players):
                    why = (
                        f"it lists {len(order.players)} players for {size} boards ('Error in "
                        f"Out-of-order record (300), round {order.round}, …')"
                    )
                    break
                player = order.players[board]
                if player <= 0:
                    continue
                mine = [g for g in ids if g and player in (games[g].white, games[g].black)]
                if not mine:
                    why = (
                        f"player {player} has no game in that match ('Error in Out-of-order "
                        f"record (300), round {order.round}, team {order.team} has no player "
                        f"{player}')"
                    )
                    break
                board_of[mine[0]] = board + 1
        if ids is None or why is not None:
            reading.refuse(TEAM_RECORDS, f"gacrux refuses this 300: {why}", order.line, 5)
            reading.stopped = True
            return False
        slots: list[int | None] = [None] * size
        rest = []
        for gid in ids:
            board = board_of.get(gid, 0)
            if board > 0:
                slots[board - 1] = gid
            else:
                rest.append(gid)
        placed = [slot if slot is not None else (rest.pop(0) if rest else 0) for slot in slots]
        by_team[key] = [*placed, *rest]
    return True


def _boards(
    reading: _Reading,
    matches: dict[tuple[int, int, int], _Match],
    by_team: dict[tuple[int, int], list[int]],
    size: int,
    team_of: dict[int, int],
) -> None:
    """Pair each board of the higher team's games with one of the lower team's."""
    for match in matches.values():
        if match.black == "none" or match.low == 0:
            continue
        rnd, high, low = match.round, match.high, match.low
        first = by_team[rnd, high][:size]
        second = by_team[rnd, low][:size]
        where = _first_line(reading, rnd, (high, low), team_of)
        # a match of games takes its colours from the first board the lower team shares
        # with the higher one, looking at no more games than the lower team has
        if match.black != "team" and len(second) < size and not set(second) & set(first) - {0}:
            reading.refuse(
                TEAM_RECORDS,
                f"gacrux fails on the match {high}-{low} of round {rnd}: team {low} has "
                f"{len(second)} of its {size} boards there and none against team {high} ('Error "
                "reading file'); every board of a match needs a block on both players' lines",
                where,
            )
            reading.stopped = True
            return
        for filled in range(size):
            game = second.pop(0) if second else 0
            if game and game in first:
                first.remove(game)
                continue
            left = [g for g in first if g == 0 or g not in second]
            if not left:
                reading.refuse(
                    TEAM_RECORDS,
                    f"gacrux refuses the match {high}-{low} of round {rnd}: it finds {filled} "
                    f"of its {size} boards ('Error in teams, round {rnd}, {high}-{low} has only "
                    f"{filled} games, but teamSize is {size}. Add 300 Out-of-order records …'); "
                    "every board of a match needs a block on both players' lines (0000 - - for "
                    "a board not played, colours w and b for a forfeit), and every player of a "
                    "match a team line",
                    where,
                )
                reading.stopped = True
                return
            first.remove(left[0])


def _first_line(
    reading: _Reading, rnd: int, teams: tuple[int, ...], team_of: dict[int, int]
) -> int | None:
    lines = [
        g.line
        for g in reading.games
        if g.round == rnd and (team_of.get(g.white) in teams or team_of.get(g.black) in teams)
    ]
    return min(lines) if lines else None


# --- the readings that differ from the specification ----------------------------------------

_ALONE = {
    "1": "a win played against nobody (write U for a pairing-allocated bye, F for a "
    "full-point bye)",
    "=": "a draw played against nobody, which counts as a game played (write H for a "
    "half-point bye)",
    "0": "a loss played against nobody, which counts as a game played (write Z or - for a "
    "zero-point bye)",
}
_ALONE |= {"W": _ALONE["1"], "D": _ALONE["="], "L": _ALONE["0"]}


def _warnings(reading: _Reading, system: dict[str, Decimal]) -> None:
    """The values gacrux reads otherwise than the specification."""
    for (kind, raw), places in reading.codes.items():
        number, column, _ = places[0]
        count = f" ({len(places)} blocks)" if len(places) > 1 else ""
        if kind == "unknown":
            why = f"the result {raw!r} is no code it knows, so it scores an absence, 0 points"
        else:
            why = f"'{raw}' without an opponent is {_ALONE[raw.upper()]}"
        reading.warn(
            RESULT_CODES,
            f"gacrux reads a result otherwise: {why}{count}",
            number,
            column,
            sorted({p[2] for p in places}),
        )
    if system["Z"] != 0:
        reading.warn(
            ABSENCE_VALUE,
            f"gacrux gives the 162 value of A ({_shown(system['Z'])}) to every round without "
            "a game and once more to every player's total; leave A out of 162 (or write 0)",
            reading.absence_line,
            6,
        )
    _rounds_warning(reading)
    _edition_warning(reading)
    _bonus_warnings(reading, system)
    unknown = [t for t in reading.tiebreaks if _tiebreak_name(t) not in _TIEBREAKS]
    if unknown and reading.tiebreak_line is not None:
        reading.warn(
            TIEBREAK_NAMES,
            f"gacrux splits the tie-break list at commas and at every blank, and computes "
            f"{', '.join(repr(t) for t in unknown)} as a column of zeros: write the codes it "
            "knows, one blank between two",
            reading.tiebreak_line,
            5,
        )


def _rounds_warning(reading: _Reading) -> None:
    scored = max(reading.rounds, reading.current_round)
    later = [w for w in reading.written if w[1] > scored]
    if not reading.team:
        later += [(b.line, b.round, b.competitor) for b in reading.byes if b.round > scored]
    if not later:
        return
    later.sort()
    why = (
        f"142/XXR says {reading.rounds}"
        if reading.rounds >= reading.current_round
        else "without 142 or XXR it stops at the last round with a game played over the board"
    )
    reading.warn(
        ROUNDS,
        f"gacrux scores rounds 1-{scored} only ({why}), so it drops round "
        f"{_listed(sorted({w[1] for w in later}))}: write the number of rounds in 142 (XXR)",
        later[0][0],
        None,
        sorted({w[2] for w in later}),
    )


def _edition_warning(reading: _Reading) -> None:
    written = reading.start_date
    read = _gacrux_date(written) if written is not None else None
    actual = _actual_date(written) if written is not None else None
    edition = "2024" if read is not None and read < _CUTOFF else "2026"
    if actual is None:
        if read is None:
            said = (
                "finds no 042 record"
                if written is None
                else f"cannot read the start date {written.strip()!r}"
            )
            reading.warn(
                RULE_EDITION,
                f"gacrux {said} and scores under the 2026 tie-break rules, whenever the "
                "tournament started; write 042 as YYYY/MM/DD",
                reading.start_line,
                5,
            )
        return
    if edition != ("2024" if actual < _CUTOFF else "2026"):
        reading.warn(
            RULE_EDITION,
            f"gacrux reads the start date {(written or '').strip()!r} as "
            f"{read.isoformat() if read else 'no date'} and scores under the {edition} "
            f"tie-break rules, not those of {actual.isoformat()}; write 042 as YYYY/MM/DD",
            reading.start_line,
            5,
        )


def _gacrux_date(value: str) -> datetime.date | None:
    """The start date as gacrux reads 042, ``None`` when it reads none.

    The text before the first blank is split at dots (``YYYY.MM.DD`` or ``DD.MM.YYYY``) or
    else slashes (``YYYY/MM/DD``; any other is given a ``20`` in front: ``05/03/2026`` is
    2005-03-20), and its first 10 characters are read as ISO.
    """
    head, *time = value.split(" ", 1)
    text = value
    for mark in (".", "/"):
        parts = head.split(mark)
        if len(parts) != 3:
            continue
        if len(parts[0]) == 4:
            text = value.replace(mark, "-")
        elif mark == ".":
            text = "-".join(reversed(parts)) + (" " + time[0] if time else "")
        else:
            text = "20" + value.replace(mark, "-")
        break
    try:
        return datetime.datetime.strptime(text[:10], "%Y-%m-%d").date()
    except ValueError:
        return None


_DATE = re.compile(r"(\d{2,4})[/.-](\d{1,2})[/.-](\d{2,4})")


def _actual_date(value: str) -> datetime.date | None:
    """The start date as the spec writes it (YYYY/MM/DD, YY/MM/DD) or exporters do (DD.MM.YYYY)."""
    found = _DATE.fullmatch(value.strip())
    if found is None:
        return None
    first, month, last = found.groups()
    if len(first) == 4:
        year, day = int(first), int(last)
    elif len(last) == 4:
        year, day = int(last), int(first)
    else:
        year, day = 2000 + int(first), int(last)
    try:
        return datetime.date(year, int(month), day)
    except ValueError:
        return None


def _bonus_warnings(reading: _Reading, system: dict[str, Decimal]) -> None:
    """What gacrux keeps of a 299 in an individual event."""
    if reading.team:
        return
    for bonus in reading.bonuses:
        kind = bonus.kind.upper()
        if bonus.round == -1 and kind != " ":
            reading.warn(
                BONUS_READING,
                "gacrux ignores a 299 without round and start numbers in an individual "
                "event: a forfeit keeps its value",
                bonus.line,
                5,
            )
        elif kind != " " and bonus.round > 0:
            value = system.get({"-": "Z", "+": "W", "F": "W", "H": "D"}.get(kind, kind))
            if value is not None and bonus.points not in (0, value):
                reading.warn(
                    BONUS_READING,
                    f"gacrux gives the player the result {kind} (worth {_shown(value)}) and "
                    f"ignores the points {_shown(bonus.points)} of this 299",
                    bonus.line,
                    14,
                )
        elif kind == " " and bonus.match_points != 0 and bonus.points != bonus.match_points:
            reading.warn(
                BONUS_READING,
                f"gacrux adds the points of columns 14-17 ({_shown(bonus.points)}) to the "
                f"player's total, not those of columns 8-11 ({_shown(bonus.match_points)})",
                bonus.line,
                8,
            )

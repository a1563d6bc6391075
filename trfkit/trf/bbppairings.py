"""How bbpPairings reads a TRF file: what its ``-c`` check refuses, line by line.

Written from bbpPairings' reader (``src/fileformats/trf.cpp`` of the snapshot in
``../shared/tools``, commit 16a000f) and held to the built program by the interop tests.
Its reading differs from the specification's in ways that matter to anyone who hands it
a file:

- a line is cut by *characters* after UTF-8 decoding; a file that is not UTF-8 is refused,
  and a byte-order mark is kept as a character (a 001 line right after it is not read);
- only ``001 013 310 142 XXR 152 162 192 240 250 260 299 XXA XXC XXP`` and ``BB?`` lines are
  read; every other line is skipped unread (an unknown record, 202, XXS, XXZ, comments);
- a 001 line is read in columns 5-8 (start rank), 49-52 (rating), 81-84 (points) and each
  round block's opponent, colour and result; nothing else of it is looked at;
- a "single value" is one token between blanks (a TAB is not a blank), numbers are ASCII
  digits, points have at most one decimal (``1.0``, ``.5``, ``1``);
- ``0000`` or four blanks are "no opponent"; ``   0`` is a player numbered 0, refused;
- colours are ``w``, ``b``, ``-`` or blank (``W`` is refused); results are case-blind;
- the points column must equal the score recomputed under its own point system (162 and
  ``BB?``; JaVaFo's XXS is not read), a round missing at the end of a line or a blank
  block scoring as a zero-point bye, plus at most the next round's acceleration;
- the rounds played are those up to the last non-blank block of any line.

:func:`findings` returns every place the program will refuse, each with the rule that
names it (the names of the ``R1..`` checks), where bbpPairings stops at the first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import attrs

from trfkit.diagnostics import line_ranges
from trfkit.model import Tournament
from trfkit.readers import BbpRule, Finding
from trfkit.trf.written import lines_of
from trfkit.values import Value

__all__ = ["REFUSALS", "RULES", "SCORE_SYMBOLS", "TYPE_CODES", "findings"]

TYPE_CODES = frozenset(
    {
        "FIDE_DUTCH",
        "FIDE_DUTCH_2025",
        "FIDE_DUTCH_BAKU",
        "FIDE_DUTCH_2025_BAKU",
        "FIDE_BURSTEIN",
        "FIDE_BURSTEIN_BAKU",
    }
)
"""The 192 texts bbpPairings reads (exactly: case, blanks and all); any other is refused."""

BAKU_CODES = frozenset(c for c in TYPE_CODES if c.endswith("_BAKU"))

SCORE_SYMBOLS = frozenset("WDLZP")
"""The 162 symbols bbpPairings reads (upper case); ``X`` and any other are refused."""

_RESULTS = frozenset("10=+-WDLHFUZ ")
"""Result characters read (after upper-casing), blank included."""
_NOT_PLAYED = frozenset("+-HFUZ ")
"""Results that make a block a game not played over the board."""
_DIGITS = re.compile(r"[0-9]+")
_SCORE = re.compile(r"(?:[0-9]+(?:\.[0-9])?|\.[0-9])")

ENCODING = BbpRule.ENCODING
TEAM_RECORD = BbpRule.TEAM_RECORD
TYPE_CODE = BbpRule.TYPE_CODE
INITIAL_COLOUR = BbpRule.INITIAL_COLOUR
SCORING = BbpRule.SCORING
BONUS = BbpRule.BONUS
ROUND_COUNT = BbpRule.ROUND_COUNT
PLAYER_LINE = BbpRule.PLAYER_LINE
OPPONENT_ZERO = BbpRule.OPPONENT_ZERO
ROUND_BLOCK = BbpRule.ROUND_BLOCK
OTHER_RECORD = BbpRule.OTHER_RECORD
START_RANKS = BbpRule.START_RANKS
TOO_MANY_ROUNDS = BbpRule.TOO_MANY_ROUNDS
PAIRING = BbpRule.PAIRING
POINTS = BbpRule.POINTS
BAKU = BbpRule.BAKU
NEXT_ROUND = BbpRule.NEXT_ROUND

RULES = tuple(BbpRule)
"""Every rule's name, in the order bbpPairings applies them."""

REFUSALS = frozenset(RULES) - {NEXT_ROUND}
"""The rules whose findings mean bbpPairings refuses the file."""


def _single(text: str) -> str | None:
    """The one token between blanks (a TAB is no blank), or ``None`` for none or several."""
    tokens = [t for t in text.split(" ") if t]
    return tokens[0] if len(tokens) == 1 else None


def _number(text: str) -> int | None:
    """A single token of ASCII digits, as a number (``None`` when it is not one)."""
    token = _single(text)
    return int(token) if token is not None and _DIGITS.fullmatch(token) else None


def _tenths(text: str) -> int | None:
    """A single score token (``1.0``, ``.5``, ``1``) in tenths (``None`` when it is not one)."""
    token = _single(text)
    if token is None or not _SCORE.fullmatch(token):
        return None
    whole, _, tenth = token.partition(".")
    return int(whole or "0") * 10 + int(tenth or "0")


@attrs.frozen(repr=False)
class _Entry(Value):
    """One round block as bbpPairings keeps it."""

    opponent: int | None
    colour: str
    result: str
    played: bool
    paired: bool


_ZERO_BYE = _Entry(None, " ", " ", False, False)
_REFUSED = _Entry(None, "!", "!", False, False)
"""What :meth:`_Reading._block` returns for a block it refused (the refusal is kept)."""
"""What a blank block before a later entry, and a round missing at the end, are."""


@attrs.frozen(repr=False)
class _Player(Value):
    line: int
    start_rank: int
    points: int
    entries: tuple[_Entry | None, ...]
    """Blocks in round order; ``None`` for a blank block."""


class _Reading:
    """One pass over the lines, as bbpPairings reads them, keeping every refusal."""

    def __init__(self) -> None:
        self.found: list[Finding] = []
        self.players: dict[int, _Player] = {}
        self.referenced: set[int] = set()
        """Start ranks XXA and 250 make the player table reach."""
        self.accelerations: dict[int, list[int]] = {}
        self.manual_acceleration = False
        self.baku = False
        self.rounds: tuple[int, int] | None = None
        """(rounds, line) of the last 142 or XXR read."""
        self.by_rank = False
        self.initial_colour = False
        self.scoring = {"W": 10, "D": 5, "L": 0, "Z": 0, "F": 0, "P": 10}
        self.pab_set = False
        self.repeated: dict[tuple[str, str], list[Finding]] = {}
        """Block refusals of one cause (a spelling), reported once with their lines."""
        self.xxs_line: int | None = None
        self.bonus_line: int | None = None
        self.unread: set[int] = set()
        """Start ranks of 001 lines refused: no later rule is applied to them."""
        self.forbidden: list[tuple[int, int, int]] = []
        """(line, column, start rank) of each 260/XXP id."""

    def refuse(
        self, rule: str, line: int, column: int | None, message: str, players: tuple[int, ...] = ()
    ) -> None:
        self.found.append(
            Finding(rule=rule, message=message, line=line, column=column, players=players)
        )

    # --- the records -----------------------------------------------------------------------

    def read(self, number: int, text: str) -> None:
        if len(text) < 3:
            return
        code = text[:3]
        reader = _RECORDS.get(code)
        if reader is not None:
            reader(self, number, text)
        elif code in ("013", "310"):
            self.refuse(
                TEAM_RECORD,
                number,
                1,
                f"bbpPairings refuses every {code} line ('team tournaments are not "
                "supported'): it pairs individual events only",
            )
        elif code == "299":
            self.bonus_line = self.bonus_line or number
            self.refuse(
                BONUS,
                number,
                1,
                "bbpPairings refuses every 299 line ('abnormal assignment points are "
                "not yet supported')",
            )
        elif code.startswith("BB") and code[2] in "WDLZFU":
            self._bbx(number, text)
        elif code == "XXS":
            self.xxs_line = number

    def player(self, number: int, text: str) -> None:
        if len(text) < 84:
            self.refuse(
                PLAYER_LINE,
                number,
                len(text) + 1,
                f"bbpPairings refuses a 001 line shorter than 84 characters (this one "
                f"has {len(text)}): the points in columns 81-84 must be there",
            )
            return
        start_rank = _number(text[4:8])
        if start_rank is None or start_rank == 0:
            why = "0 ('player ID of 0')" if start_rank == 0 else f"{text[4:8]!r}, not one number"
            self.refuse(
                PLAYER_LINE,
                number,
                5,
                f"bbpPairings refuses this 001 line: its start rank (columns 5-8) is {why}",
            )
            return
        rating = text[48:52]
        if rating.strip(" ") and _number(rating) is None:
            self.refuse(
                PLAYER_LINE,
                number,
                49,
                f"bbpPairings refuses this 001 line: its rating {rating!r} (columns 49-52) "
                "is not one number of digits",
                (start_rank,),
            )
        points = _tenths(text[80:84])
        if points is None:
            self.refuse(
                PLAYER_LINE,
                number,
                81,
                f"bbpPairings refuses this 001 line: its points {text[80:84]!r} (columns "
                "81-84) are not a number with at most one decimal ('1.0', '.5')",
                (start_rank,),
            )
        entries = self._blocks(number, text, start_rank)
        if start_rank in self.players:
            self.refuse(
                START_RANKS,
                number,
                5,
                f"bbpPairings refuses a start rank given twice ('A pairing number is "
                f"repeated.'): {start_rank} is also on line "
                f"{self.players[start_rank].line}",
                (start_rank,),
            )
            return
        if entries is not None and points is not None:
            self.players[start_rank] = _Player(number, start_rank, points, entries)
        else:
            self.unread.add(start_rank)

    def _blocks(self, number: int, text: str, me: int) -> tuple[_Entry | None, ...] | None:
        """The round blocks of a 001 line, or ``None`` after a refusal."""
        entries: list[_Entry | None] = []
        start = 91
        ok = True
        while start + 8 <= len(text):
            rnd = (start - 91) // 10 + 1
            entry = self._block(number, text, start, rnd, me)
            if entry is _REFUSED:
                ok = False
            else:
                entries.append(entry)
            start += 10
        rest = text[start:]
        if rest.strip(" "):
            column = start + len(rest) - len(rest.lstrip(" ")) + 1
            self.refuse(
                ROUND_BLOCK,
                number,
                column,
                f"bbpPairings refuses text after the last whole round block: "
                f"{rest.strip()!r} (a block is 8 columns: opponent, blank, colour, "
                "blank, result)",
                (me,),
            )
            ok = False
        return tuple(entries) if ok else None

    def _block(self, number: int, text: str, start: int, rnd: int, me: int) -> _Entry | None:
        """One block: the entry, ``None`` for a blank one, :data:`_REFUSED` after a refusal."""

        def refuse(rule: str, offset: int, why: str, cause: str | None = None) -> _Entry:
            message = f"bbpPairings refuses round {rnd}'s block {text[start : start + 8]!r}: {why}"
            if cause is None:
                self.refuse(rule, number, start + offset + 1, message, (me,))
            else:  # an exporter's habit: one finding for all its places
                place = Finding(
                    rule=rule, message=message, line=number, column=start + offset + 1,
                    players=(me,),
                )  # fmt: skip
                self.repeated.setdefault((rule, cause), []).append(place)
            return _REFUSED

        written = text[start : start + 4]
        colour = text[start + 5]
        raw = text[start + 7]
        blank = written == "    "
        opponent: int | None = None
        if written not in ("    ", "0000"):
            opponent = _number(written)
            if opponent == 0:
                return refuse(
                    OPPONENT_ZERO,
                    0,
                    f"its opponent {written!r} reads as a player numbered 0 ('player "
                    "ID of 0'); write 0000 for no opponent",
                    written,
                )
            if opponent is None:
                return refuse(ROUND_BLOCK, 0, f"the opponent {written!r} is not a start rank")
            if opponent == me:
                return refuse(ROUND_BLOCK, 0, "the player is their own opponent")
        if colour not in "wb- ":
            hint = " (bbpPairings reads colours in lower case)" if colour in "WB" else ""
            return refuse(
                ROUND_BLOCK, 5, f"the colour {colour!r} is not w, b, - or blank{hint}", colour
            )
        if colour in "wb" and opponent is None:
            return refuse(ROUND_BLOCK, 5, f"colour {colour!r} without an opponent")
        if ord(raw) > 127 or raw.upper() not in _RESULTS:
            return refuse(ROUND_BLOCK, 7, f"the result {raw!r} is no result code it reads")
        result = raw.upper()
        if result in _NOT_PLAYED:
            if result not in "+-" and opponent is not None:
                return refuse(
                    ROUND_BLOCK,
                    7,
                    f"result {raw!r} is a bye or an absence, but the block names "
                    f"opponent {opponent}",
                )
        elif colour in "- " and (result != "=" or opponent is not None):
            return refuse(
                ROUND_BLOCK,
                5,
                f"a game result {raw!r} needs the colour w or b (only '0000 - =' is a "
                "half-point bye)",
            )
        if blank and colour == " " and result == " ":
            return None
        played = opponent is not None and colour in "wb" and result not in _NOT_PLAYED
        paired = opponent is not None or result in "U+"
        return _Entry(opponent, colour, result, played, paired)

    def rounds_record(self, number: int, text: str) -> None:
        rounds = _number(text[3:])
        if rounds is None or rounds < 1:
            self.refuse(
                ROUND_COUNT,
                number,
                4,
                f"bbpPairings refuses this {text[:3]}: it reads one whole number of "
                f"rounds of at least 1 after the code, not {text[3:].strip()!r}",
            )
            return
        self.rounds = (rounds, number)

    def initial_colour_record(self, number: int, text: str) -> None:
        if len(text) != 5 or text[4] not in "WB":
            self.refuse(
                INITIAL_COLOUR,
                number,
                5,
                f"bbpPairings refuses {text!r}: it reads only '152 W' or '152 B' "
                "(upper case, nothing after it)",
            )
            return
        self.initial_colour = True

    def xxc(self, number: int, text: str) -> None:
        tokens = text[3:].replace("\t", " ").split()
        self.by_rank = self.by_rank or "rank" in tokens
        self.initial_colour = self.initial_colour or bool({"white1", "black1"} & set(tokens))

    def type_code(self, number: int, text: str) -> None:
        if len(text) < 5:
            self.refuse(TYPE_CODE, number, 5, "bbpPairings refuses a 192 without a code")
            return
        code = text[4:]
        if code not in TYPE_CODES:
            self.refuse(
                TYPE_CODE,
                number,
                5,
                f"bbpPairings refuses 192 {code!r} ('unsupported tournament type'): it "
                f"reads only {', '.join(sorted(TYPE_CODES))}, written exactly",
            )
            return
        self.baku = code in BAKU_CODES

    def scoring_record(self, number: int, text: str) -> None:
        def refuse(column: int, why: str) -> None:
            self.refuse(SCORING, number, column, f"bbpPairings refuses this 162: {why}")

        if len(text) < 10:
            refuse(1, "it is shorter than one symbol and value (' W 1.0' from column 5)")
            return
        start = 5
        while start + 5 <= len(text):
            symbol, value = text[start], _tenths(text[start + 1 : start + 5])
            if value is None:
                why = f"the value {text[start + 1 : start + 5]!r} of {symbol!r} is not a number"
                return refuse(start + 2, why + " with one decimal")
            if symbol == "X":
                return refuse(start + 1, "symbol X ('symbol X not supported')")
            if symbol not in SCORE_SYMBOLS:
                return refuse(
                    start + 1,
                    f"symbol {symbol!r} is not one it reads (W, D, L, Z, P, upper "
                    "case, each 9 columns after the last, from column 6)",
                )
            self._score(symbol, value)
            start += 9
        if text[start:].strip(" "):
            refuse(start + 1, f"{text[start:].strip()!r} is not on its 9-column grid")
        return None

    def _score(self, symbol: str, value: int) -> None:
        if symbol == "W":
            self.scoring["W"] = value
            if not self.pab_set:
                self.scoring["P"] = value
        elif symbol == "Z":
            self.scoring["Z"] = self.scoring["F"] = value
        elif symbol == "P":
            self.scoring["P"] = value
            self.pab_set = True
        else:
            self.scoring[symbol] = value

    def _bbx(self, number: int, text: str) -> None:
        value = _tenths(text[4:12]) if len(text) >= 8 else None
        if value is None:
            self.refuse(
                SCORING,
                number,
                5,
                f"bbpPairings refuses this {text[:3]}: columns 5-12 must hold one "
                "number with at most one decimal",
            )
            return
        letter = text[2]
        if letter == "U":
            self.scoring["P"] = value
            self.pab_set = True
        elif letter == "F":
            self.scoring["F"] = value
        elif letter == "Z":
            self.scoring["Z"] = value
        else:
            self._score(letter, value)

    def _other(self, number: int, column: int, text: str, why: str) -> None:
        self.refuse(OTHER_RECORD, number, column, f"bbpPairings refuses this {text[:3]}: {why}")

    def ids(self, number: int, text: str, start: int) -> list[int] | None:
        """The 4-column ids from *start* every 5 columns, as 240, 260 read them."""
        found = []
        while start + 4 <= len(text):
            value = _number(text[start : start + 4])
            if value is None or value == 0:
                self._other(
                    number, start + 1, text, f"{text[start : start + 4]!r} is not a start rank"
                )
                return None
            found.append(value)
            start += 5
        if text[start:].strip(" "):
            self._other(number, start + 1, text, f"{text[start:].strip()!r} after the last id")
            return None
        return found

    def byes(self, number: int, text: str) -> None:
        if len(text) < 11:
            return self._other(number, 1, text, "it is shorter than 11 characters")
        rnd = _number(text[6:9])
        if not rnd:
            return self._other(number, 7, text, f"the round {text[6:9]!r} is not a round number")
        self.ids(number, text, 10)

    def forbidden_260(self, number: int, text: str) -> None:
        if len(text) < 18:
            return self._other(number, 1, text, "it is shorter than 18 characters")
        for column in (5, 9):
            if not _number(text[column - 1 : column + 2]):
                return self._other(
                    number, column, text, f"{text[column - 1 : column + 2]!r} is not a round number"
                )
        ids = self.ids(number, text, 12)
        for k, value in enumerate(ids or ()):
            self.forbidden.append((number, 13 + 5 * k, value))

    def forbidden_xxp(self, number: int, text: str) -> None:
        column = 4
        for token in re.split(r"([ \t]+)", text[3:]):
            if token and not token.isspace():
                value = _number(token)
                if not value:
                    return self._other(number, column, text, f"{token!r} is not a start rank")
                self.forbidden.append((number, column, value))
            column += len(token)

    def acceleration_xxa(self, number: int, text: str) -> None:
        self.manual_acceleration = True
        if len(text) < 8:
            return self._other(number, 1, text, "it is shorter than 8 characters")
        who = _number(text[4:8])
        if not who:
            return self._other(number, 5, text, f"the start rank {text[4:8]!r} is not one")
        self.referenced.add(who)
        values = self.accelerations.setdefault(who, [])
        start = 9
        while start + 4 <= len(text):
            # bbpPairings tests the whole rest of the line for blanks, not the field
            if text[start:] == "    ":
                values.append(0)
            else:
                value = _tenths(text[start : start + 4])
                if value is None:
                    return self._other(
                        number,
                        start + 1,
                        text,
                        f"{text[start : start + 4]!r} is not a number of points "
                        "(a blank field is read only as the line's last 4 "
                        "columns)",
                    )
                values.append(value)
            start += 5
        if text[start:].strip(" "):
            self._other(number, start + 1, text, f"{text[start:].strip()!r} after the last value")

    def acceleration_250(self, number: int, text: str) -> None:
        self.manual_acceleration = True
        if len(text) < 31:
            return self._other(number, 1, text, "it is shorter than 31 characters")
        match = text[4:8]
        if match != "    " and _tenths(match) != 0:
            return self._other(number, 5, text, "the match points must be empty")
        points = _tenths(text[9:13])
        if not points:
            return self._other(number, 10, text, "the game points must be a number other than 0")
        first, last = _number(text[14:17]), _number(text[18:21])
        low, high = _number(text[22:26]), _number(text[27:31])
        if not first or not last or first > last:
            return self._other(number, 15, text, "the rounds are not a range of round numbers")
        if not low or not high or low > high:
            return self._other(number, 23, text, "the players are not a range of start ranks")
        for who in range(low, high + 1):
            self.referenced.add(who)
            values = self.accelerations.setdefault(who, [])
            if len(values) < last:
                values.extend([points] * (last - len(values)))
            for index in range(first - 1, last):
                values[index] = points


_RECORDS = {
    "001": _Reading.player,
    "142": _Reading.rounds_record,
    "XXR": _Reading.rounds_record,
    "152": _Reading.initial_colour_record,
    "XXC": _Reading.xxc,
    "162": _Reading.scoring_record,
    "192": _Reading.type_code,
    "240": _Reading.byes,
    "250": _Reading.acceleration_250,
    "260": _Reading.forbidden_260,
    "XXA": _Reading.acceleration_xxa,
    "XXP": _Reading.forbidden_xxp,
}


def findings(tournament: Tournament) -> tuple[Finding, ...]:
    """Every place bbpPairings' ``-c`` check refuses in *tournament*, in file order."""
    reading = _Reading()
    lines = lines_of(tournament)
    _encoding(reading, tournament, lines)
    for number, text in lines:
        reading.read(number, text)
    after = list(_after_reading(reading))
    # bbpPairings decodes each line as it reads it: an encoding refusal takes its line's turn
    lines_found = sorted([*reading.found, *_grouped(reading)], key=lambda f: f.line or 0)
    return (*lines_found, *after)


def _grouped(reading: _Reading) -> Iterator[Finding]:
    """One finding per repeated cause, at its first place, with the count and the lines."""
    for places in reading.repeated.values():
        first = places[0]
        if len(places) > 1:
            lines = line_ranges(p.line for p in places if p.line is not None)
            more = f" ({len(places):,} blocks like it: lines {lines})"
            first = attrs.evolve(first, message=first.message + more)
        yield first


def _encoding(reading: _Reading, tournament: Tournament, lines: Sequence[tuple[int, str]]) -> None:
    """Refusals of a file that is not UTF-8, and of a 001 line right after a byte-order mark."""
    encoding = tournament.encoding
    codec = encoding.codec.lower().replace("_", "-")
    if codec not in ("utf-8", "utf8", "ascii", "us-ascii"):
        for number, text in lines:
            try:
                # bbpPairings' UTF-8 decoder lets surrogates through
                text.encode(codec).decode("utf-8", "surrogatepass")
            except UnicodeError:
                column = next((i for i, c in enumerate(text, 1) if ord(c) > 127), 1)
                reading.refuse(
                    ENCODING,
                    number,
                    column,
                    f"bbpPairings reads UTF-8 only; this file is {encoding.codec} "
                    f"({text[column - 1]!r} here): write it as UTF-8",
                )
                break
    if encoding.bom and lines and lines[0][1].startswith("001"):
        reading.refuse(
            ENCODING,
            lines[0][0],
            1,
            "bbpPairings keeps the byte-order mark as a character, so it does not "
            "read the 001 line right after it: write the file without the mark",
        )


def _after_reading(reading: _Reading) -> Iterator[Finding]:
    """The checks bbpPairings makes once every line is read, in its order."""
    players = reading.players
    if not players:
        return
    highest = max([*players, *reading.referenced])
    missing = sorted(set(range(1, highest + 1)) - set(players) - reading.unread)
    if missing and not reading.by_rank:
        shown = ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else "")
        yield Finding(
            rule=START_RANKS,
            message=f"bbpPairings refuses start ranks that are not 1 to {highest} "
            f"('A pairing number is missing.'): no 001 line for {shown}",
        )
    played = max(
        (len(p.entries) - _trailing_blanks(p.entries) for p in players.values()), default=0
    )
    if reading.rounds is not None and played > reading.rounds[0]:
        rounds, line = reading.rounds
        yield Finding(
            rule=TOO_MANY_ROUNDS,
            line=line,
            column=5,
            message=f"bbpPairings refuses {played} rounds played when the file says "
            f"{rounds} ('The number of rounds is larger than the reported number of "
            "rounds.'); a bye written after the last round counts as a round",
        )
    expected = reading.rounds[0] if reading.rounds is not None else played
    scoring = reading.scoring
    accelerations = dict(reading.accelerations)
    if reading.baku and not reading.manual_acceleration:
        if scoring["L"] or 2 * scoring["D"] != scoring["W"]:
            yield Finding(
                rule=BAKU,
                message="bbpPairings refuses a _BAKU 192 with a point system other "
                "than win 2 × draw, loss 0 ('Point system is inconsistent with Baku "
                "acceleration method.')",
            )
            return
        accelerations = _baku(reading, expected, played)
    histories = {rank: _history(p.entries, played) for rank, p in players.items()}
    yield from _pairings(players, histories, reading.unread)
    for rank in sorted(players):
        player = players[rank]
        values = accelerations.get(rank, [])
        if len(values) > expected:
            yield Finding(
                rule=OTHER_RECORD,
                players=(rank,),
                message=f"bbpPairings refuses player {rank}'s {len(values)} "
                f"acceleration entries for {expected} rounds",
            )
            continue
        score = sum(_points(e, scoring) for e in histories[rank])
        bonus = values[played] if played < len(values) else 0
        if player.points != score and player.points - bonus != score:
            yield Finding(
                rule=POINTS,
                line=player.line,
                column=81,
                players=(rank,),
                message=f"bbpPairings refuses points {_shown(player.points)} for "
                f"player {rank}: its reading of the results gives "
                f"{_shown(score)} ('The score for player {rank} does not match the "
                f"game results.'){_why(reading)}",
            )
    yield from _crashes(reading)
    if reading.rounds is None:
        yield Finding(
            rule=NEXT_ROUND,
            message="bbpPairings checks this file but cannot pair its next round "
            "(-p): without 142 (or XXR) it does not know the number of rounds",
        )


def _trailing_blanks(entries: Sequence[_Entry | None]) -> int:
    count = 0
    for entry in reversed(entries):
        if entry is not None:
            break
        count += 1
    return count


def _history(entries: Sequence[_Entry | None], rounds: int) -> list[_Entry]:
    """Rounds 1..*rounds*: a blank block or a missing round is a zero-point bye."""
    kept = [e if e is not None else _ZERO_BYE for e in entries[:rounds]]
    return kept + [_ZERO_BYE] * (rounds - len(kept))


def _points(entry: _Entry, scoring: dict[str, int]) -> int:
    result = entry.result
    if result in "DH=":
        return scoring["D"]
    if result in "+W1FU":
        return scoring["P"] if entry.opponent is None and entry.paired else scoring["W"]
    if not entry.paired:
        return scoring["Z"]
    return scoring["L"] if entry.played else scoring["F"]


def _shown(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def _why(reading: _Reading) -> str:
    """The usual causes: XXS, which it does not read, and byes it scores otherwise."""
    if reading.xxs_line is not None:
        return f"; it does not read the XXS of line {reading.xxs_line} (write 162 instead)"
    if reading.bonus_line is not None:
        return f"; it does not add the 299 of line {reading.bonus_line}"
    return (
        "; a block without a result is a zero-point bye to it, and a bye written after "
        "the last round a round played"
    )


def _pairings(
    players: dict[int, _Player], histories: dict[int, list[_Entry]], unread: set[int]
) -> Iterator[Finding]:
    for rank in sorted(players):
        for index, entry in enumerate(histories[rank]):
            if not entry.played or entry.opponent is None or entry.opponent in unread:
                continue
            other = histories.get(entry.opponent)
            theirs = other[index] if other is not None else None
            if (
                theirs is None
                or not theirs.played
                or theirs.colour == entry.colour
                or theirs.opponent != rank
            ):
                player = players[rank]
                yield Finding(
                    rule=PAIRING,
                    line=player.line,
                    column=92 + 10 * index,
                    players=(rank,),
                    message=f"bbpPairings refuses round {index + 1} of player {rank}: "
                    f"the game against {entry.opponent} is not on "
                    f"{entry.opponent}'s line with the other colour ('Match "
                    f"{index + 1} for player {rank} contradicts the entry for the "
                    "opponent.')",
                )
                return


def _baku(reading: _Reading, expected: int, played: int) -> dict[int, list[int]]:
    """The accelerations bbpPairings gives the top half for a _BAKU 192 (trf.cpp)."""
    order = (
        sorted(reading.players)
        if not reading.by_rank
        else [p.start_rank for p in sorted(reading.players.values(), key=lambda p: p.line)]
    )
    if not order or not expected:
        return {}
    last_rank = (len(order) - 1) // 2
    last_round = (expected - 1) // 2
    last_full = last_round // 2
    out = {}
    for rank in order[: last_rank + 1]:
        values = []
        for index in range(min(last_round, played) + 1):
            values.append(reading.scoring["W"] if index <= last_full else reading.scoring["D"])
        out[rank] = values
    return out


def _crashes(reading: _Reading) -> Iterator[Finding]:
    for line, column, value in reading.forbidden:
        if value not in reading.players:
            yield Finding(
                rule=OTHER_RECORD,
                line=line,
                column=column,
                message=f"bbpPairings crashes on a forbidden pair naming {value}, "
                "which has no 001 line",
            )

"""FIDE tie-breaks (C.07): codes, rule editions, unplayed-round regimes and the engine.

This module is pure computation: it reads a :class:`~trfkit.model.Tournament`
and returns exact values (:class:`fractions.Fraction`), never judging a file.
The standings hierarchy (C.07 art. 4.2, direct encounter) lives in
:mod:`trfkit.compute.standings`; the checks that compare reported values live in
:mod:`trfkit.checks.scores`.

**Codes.** Tie-breaks are named by their FIDE acronyms with the modifiers of
TRF-2026 records 202/212, case-insensitively: ``SB/C1`` (cut the least
significant value), ``BH/M1`` (median), ``KS/L+1`` (Koya limit moved by one
half point), ``/P`` (forfeits count as played), ``/R`` (reverse order), ``/F``
(Fore Buchholz for AOB). The handbook's hyphen form ``BH-C1`` is read too, and
``GE`` is the pre-2024 name of ``REP``.

**Editions.** ``fide-2026`` (C.07 from 1 March 2026), ``fide-2024`` (1 August
2024), ``fide-2023`` (the 2023 text with the dummy opponent, mandatory for
FIDE-rated events from 1 April 2024) and ``fide-pre-2023`` (the 2009 virtual
opponent). :func:`choose_edition` picks the one in force on the start date
(record 042) and records why. ``fide-2023`` and ``fide-2024`` compute the same
values (the 2024 text renamed GE to REP and reworded explanations); 2026 caps the
dummy's score (16.4.1, 16.4.2). The cut exception for voluntary unplayed rounds
(16.5) is applied as the 2026 text words it in both editions, which reproduces
the published 2023 exercises.

**Regimes.** Round robins follow C.07 art. 15.2: forfeits are regular games,
except that rating-based tie-breaks treat every forfeit, and own-record (type B)
tie-breaks every forfeit loss, as unplayed; byes contribute nothing. Swiss
events follow art. 16 (the dummy opponent, capped in 2026) or, before 2023, the
virtual opponent. :func:`detect_regime` tells which applies.

**Readings where the texts leave room** (each documented where it is applied):
Koya counts forfeit points against qualifying opponents (art. 16 covers only the
Buchholz and Sonneborn-Berger families); a report written before its last round
is judged on the rounds played so far, not with the remaining rounds as
absences; rating-based tie-breaks leave unrated opponents out; ``0000 - -`` and
a result ``-`` without an opponent are absences (zero-point byes), a ``+``
without an opponent a full-point bye (in team events a board won by forfeit);
the uncertain rules of fide-rules.md §2.7 are options of :class:`TieBreakSettings`.

**Scale.** Every pass is linear in players × rounds: opponents are found by
index, scores are integers in a common unit until the final division, and the
Fore Buchholz view is built once.
"""

from __future__ import annotations

import datetime
import enum
import functools
import itertools
import math
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from trfkit.dates import readings
from trfkit.model import (
    AbnormalPoints,
    BbpScore,
    Colour,
    Player,
    Result,
    Scoring,
    Tournament,
)

__all__ = [
    "CODES",
    "TEAM_CODES",
    "Column",
    "Edition",
    "EditionChoice",
    "Explanation",
    "PointSystem",
    "Regime",
    "RegimeChoice",
    "RoundLine",
    "TieBreak",
    "TieBreakEngine",
    "TieBreakError",
    "TieBreakSettings",
    "Withdrawal",
    "appended_columns",
    "choose_edition",
    "completed_rounds",
    "detect_regime",
    "format_number",
    "is_team_event",
    "parse_date",
    "parse_tiebreak",
    "parse_tiebreaks",
    "round_half_up",
    "settings_from",
]


# --- codes ---------------------------------------------------------------------------------


class TieBreakError(ValueError):
    """A tie-break code or modifier that trfkit does not know; the message says why."""


CODES: dict[str, str] = {
    "PTS": "points (the score itself)",
    "DE": "direct encounter (art. 6)",
    "WIN": "number of wins, with or without playing (7.1)",
    "WON": "number of games won over the board (7.2)",
    "BPG": "number of games played with Black (7.3)",
    "BWG": "number of games won with Black (7.4)",
    "PS": "progressive score (7.5)",
    "REP": "rounds one elected to play (7.6; GE before August 2024)",
    "STD": "standard points (7.7, 2026)",
    "TPN": "tournament pairing number (7.8, 2026; lower ranks first)",
    "BH": "Buchholz (8.1)",
    "AOB": "average of opponents' Buchholz (8.2)",
    "FB": "Fore Buchholz (8.3)",
    "SB": "Sonneborn-Berger (9.1)",
    "KS": "Koya system for round robins (9.2)",
    "ARO": "average rating of opponents (10.1)",
    "TPR": "tournament performance rating (10.2)",
    "PTP": "perfect tournament performance (10.3)",
    "APRO": "average performance rating of opponents (10.4)",
    "APPO": "average perfect performance of opponents (10.5)",
    "RTNG": "rating (10.6, 2026)",
}
"""Every tie-break the engine computes, by FIDE acronym, with its C.07 article."""

TEAM_CODES = frozenset(
    {"MPVGP", "EDE", "EDET", "EDEC", "EDEB", "EDEBT", "EDEBB", "ESB", "EMMSB", "EMGSB",
     "EGMSB", "EGGSB", "BC", "TBR", "BBE", "SSSC", "MP", "GP"}
)  # fmt: skip
"""Team tie-breaks (C.07 11-13): team standings, which trfkit does not compute."""

ALIASES = {"GE": "REP"}
"""Older acronyms and the code they stand for."""

_CUTTABLE = frozenset({"BH", "FB", "SB", "ARO", "PS"})
_INTEGER_CODES = frozenset(
    {"WIN", "WON", "BPG", "BWG", "REP", "TPN", "RTNG", "ARO", "TPR", "PTP", "APRO", "APPO"}
)
_MODIFIER = re.compile(r"[/-](C\d+|M\d+|L[+-]?\d+|P|R|F|U\w*)", re.IGNORECASE)
_NAME = re.compile(r"([A-Z]+)(:(MP|GP))?", re.IGNORECASE)


@attrs.frozen
class TieBreak:
    """One tie-break of a list, with its modifiers.

    Attributes:
        text: The code as written (``"sb/c1"``); output keys use it unchanged.
        name: The canonical acronym (``"SB"``; ``GE`` becomes ``REP``).
        cut: How many least significant values are cut (``/C1``, and ``/M1``).
        median: How many most significant values a median also cuts (``/M1``).
        limit: Koya limit shift in half points (``/L+1`` → 1), or ``None``.
        limit_percent: Koya limit as a percentage (``/L40``), or ``None``.
        pre_determined: ``/P``: forfeits count as played games.
        reverse: ``/R``: the order is reversed.
        fore: ``/F`` or ``FB``: Fore Buchholz instead of Buchholz.
    """

    text: str
    name: str
    cut: int = 0
    median: int = 0
    limit: int | None = None
    limit_percent: int | None = None
    pre_determined: bool = False
    reverse: bool = False
    fore: bool = False

    @property
    def key(self) -> str:
        """The code in upper case, as comparisons and side files use it."""
        return self.text.upper()

    @property
    def higher_is_better(self) -> bool:
        """False for TPN (the lower pairing number ranks first) and for ``/R``."""
        return (self.name != "TPN") != self.reverse

    @property
    def is_integer(self) -> bool:
        """True for counts and ratings, which are written without decimals."""
        return self.name in _INTEGER_CODES


@functools.lru_cache(maxsize=1024)
def parse_tiebreak(text: str) -> TieBreak:
    """Read one code with its modifiers, e.g. ``SB/C1``, ``bh-m1``, ``KS/L+1``, ``GE``.

    Args:
        text: The code as written in record 202/212, on the command line or in a side file.

    Returns:
        The parsed tie-break; ``text`` keeps the spelling given (without blanks).

    Raises:
        TieBreakError: For an unknown acronym or a modifier that does not apply.
    """
    raw = text.strip()
    match = _NAME.match(raw)
    if not raw or match is None:
        raise TieBreakError(f"{text!r} is not a tie-break code")
    name = match.group(1).upper()
    name = ALIASES.get(name, name)
    if name in TEAM_CODES:
        raise TieBreakError(f"team tie-break {match.group(1)!r} is not computed for players")
    if name not in CODES:
        raise TieBreakError(f"unknown tie-break {match.group(1)!r}")
    rest = raw[match.end() :]
    fields: dict[str, Any] = {}
    position = 0
    for item in _MODIFIER.finditer(rest):
        if item.start() != position:
            break
        position = item.end()
        token = item.group(1).upper()
        kind = token[0]
        if kind == "C":
            fields["cut"] = int(token[1:])
        elif kind == "M":
            fields["cut"] = fields["median"] = int(token[1:])
        elif kind == "L":
            number = token[1:]
            if number[0] in "+-" or int(number) < 10:
                fields["limit"] = int(number)
            else:
                fields["limit_percent"] = int(number)
        elif kind == "P":
            fields["pre_determined"] = True
        elif kind == "R":
            fields["reverse"] = True
        elif kind == "F":
            fields["fore"] = True
        # /U… (unrated handling) is accepted and ignored: unrated opponents never count.
    if position != len(rest):
        raise TieBreakError(f"{text!r}: modifier {rest[position:]!r} not understood")
    if (fields.get("cut") or fields.get("median")) and name not in _CUTTABLE:
        raise TieBreakError(f"{text!r}: {name} takes no cut or median modifier")
    if ("limit" in fields or "limit_percent" in fields) and name != "KS":
        raise TieBreakError(f"{text!r}: only KS takes a limit modifier")
    if name == "FB":
        fields["fore"] = True
    return TieBreak(raw.replace(" ", ""), name, **fields)


def parse_tiebreaks(texts: Iterable[str]) -> tuple[TieBreak, ...]:
    """Parse a list of codes (blank entries are skipped); raises :class:`TieBreakError`."""
    return tuple(parse_tiebreak(t) for t in texts if t.strip())


# --- numbers -------------------------------------------------------------------------------


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves rounded up (FIDE's rule for averages of ratings)."""
    return math.floor(value + Fraction(1, 2))


def _mean_half_up(total: int, count: int) -> int:
    """``round_half_up(total / count)`` in integers."""
    return (2 * total + count) // (2 * count)


def format_number(value: Fraction | int | None, *, integer: bool = False) -> str:
    """Write a value the way arbiters read it: ``5.25``, ``4.0``, ``3``; ``""`` for none.

    Args:
        value: The exact value.
        integer: Write whole numbers without decimals (counts, ratings).

    Returns:
        The shortest exact decimal with at least one decimal (unless *integer*);
        values with no finite decimal form are rounded to two decimals.
    """
    if value is None:
        return ""
    value = Fraction(value)
    if integer and value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    value = abs(value)
    for places in range(1, 7):
        scaled = value * 10**places
        if scaled.denominator == 1:
            break
    else:
        places = 2
        scaled = Fraction(round_half_up(value * 100))
    digits = str(scaled.numerator).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


# --- rule editions -------------------------------------------------------------------------


class Edition(enum.Enum):
    """A text of the FIDE tie-break regulations (C.07)."""

    FIDE_2026 = "fide-2026"
    FIDE_2024 = "fide-2024"
    FIDE_2023 = "fide-2023"
    PRE_2023 = "fide-pre-2023"

    @property
    def uses_dummy(self) -> bool:
        """True for the editions with art. 16's dummy opponent (2023 onwards)."""
        return self is not Edition.PRE_2023


_EDITION_STARTS: tuple[tuple[datetime.date, Edition, str], ...] = (
    (datetime.date(2026, 3, 1), Edition.FIDE_2026, "C.07 in force from 1 March 2026"),
    (
        datetime.date(2024, 8, 1),
        Edition.FIDE_2024,
        "C.07 in force from 1 August 2024 to 28 February 2026",
    ),
    (
        datetime.date(2024, 4, 1),
        Edition.FIDE_2023,
        "the 2023 C.07 (dummy opponent), mandatory for every FIDE-rated event from "
        "1 April 2024 (FIDE's own events used it from 1 September 2023)",
    ),
)
_NEWEST = Edition.FIDE_2026


@attrs.frozen
class EditionChoice:
    """Which rule edition applies, and why.

    Attributes:
        edition: The edition applied.
        reason: A sentence for people (shown by every output).
        start_date: The start date read from record 042, if any.
        overridden: True when ``--rules`` chose the edition.
    """

    edition: Edition
    reason: str
    start_date: datetime.date | None = None
    overridden: bool = False


_PREFERENCE = ("YMD", "name", "yMD", "yDM", "DMY", "MDY", "DMy", "MDy")
"""Which reading of an ambiguous date wins: the TRF orders first, then day before month."""
_ORDER_WORDS = {
    "DMY": "day/month/year",
    "MDY": "month/day/year",
    "yMD": "year/month/day (the TRF order)",
    "yDM": "year.day.month",
    "DMy": "day/month/year",
    "MDy": "month/day/year",
}


def parse_date(text: str | None) -> tuple[datetime.date | None, str]:
    """Read a start date in any of the formats real files use (trf-format.md §5.3).

    The readings come from :func:`trfkit.dates.readings`; when a text has
    several (``08/04/2018``), the TRF orders win (year first), then day before month.

    Args:
        text: The value of record 042, or ``None``.

    Returns:
        The date (``None`` when unreadable) and a note on how an ambiguous text was
        read (``""`` when there was only one reading).
    """
    if not text or not text.strip():
        return None, "no start date"
    text = text.strip()
    found = readings(text)
    if not found:
        head = text.split()[0] if text.split() else text
        found = readings(head)
    if not found:
        return None, f"start date {text!r} is not readable"
    best = min(found, key=lambda r: _PREFERENCE.index(r.order) if r.order in _PREFERENCE else 99)
    dates = {r.date for r in found}
    if len(dates) == 1:
        return best.date, ""
    return best.date, f"{text!r} read as {_ORDER_WORDS.get(best.order, best.order)}"


def choose_edition(tournament: Tournament, override: str | Edition | None = None) -> EditionChoice:
    """The edition applied to *tournament*, with the reason.

    Args:
        tournament: The report; its record 042 gives the start date.
        override: An edition named by ``--rules`` (``"fide-2024"``), which wins.

    Returns:
        The edition in force on the start date (FIDE applies the rules by the
        event's start), or the newest edition when the date is missing or unreadable.

    Raises:
        TieBreakError: For an unknown edition name.
    """
    start, note = parse_date(tournament.header("042"))
    if override is not None:
        try:
            edition = override if isinstance(override, Edition) else Edition(override)
        except ValueError:
            names = ", ".join(e.value for e in Edition)
            raise TieBreakError(f"unknown rule set {override!r} (one of {names})") from None
        return EditionChoice(edition, f"{edition.value} chosen with --rules", start, True)
    if start is None:
        return EditionChoice(
            _NEWEST, f"{note} (record 042); the newest rules, {_NEWEST.value}, are applied", None
        )
    suffix = f"; {note}" if note else ""
    for begins, edition, text in _EDITION_STARTS:
        if start >= begins:
            return EditionChoice(
                edition, f"start date {start.isoformat()} (record 042): {text}{suffix}", start
            )
    return EditionChoice(
        Edition.PRE_2023,
        f"start date {start.isoformat()} (record 042) is before 1 April 2024, when the "
        f"2023 C.07 became mandatory for rated events: the 2009 virtual-opponent rules "
        f"apply{suffix}",
        start,
    )


# --- regimes -------------------------------------------------------------------------------


class Regime(enum.Enum):
    """How unplayed rounds are treated."""

    ROUND_ROBIN = "round-robin"
    """Pre-determined pairings (C.07 15.2): forfeits are regular games."""
    SWISS = "swiss"
    """Art. 16 (dummy opponent), or the virtual opponent before 2023."""


@attrs.frozen
class RegimeChoice:
    """The regime applied and why."""

    regime: Regime
    reason: str


_RR_WORDS = (
    "round robin",
    "round-robin",
    "roundrobin",
    "all-play-all",
    "all play all",
    "berger",
    "rundenturnier",
    "rundeturnering",
    "girone all'italiana",
    "todos contra todos",
    "toutes rondes",
)


def detect_regime(tournament: Tournament, override: str | None = None) -> RegimeChoice:
    """Round robin or Swiss, from record 192, the schedule and record 092.

    Record 192 decides when present (``…ROUNDROBIN`` codes are round robins).
    Otherwise a schedule in which every pair of players met equally often is a
    round robin, and so is one that 092 calls a round robin when no pair met more
    often than the others; everything else is Swiss.

    Args:
        tournament: The report.
        override: ``"round-robin"`` or ``"swiss"`` to force the regime.

    Returns:
        The regime and the reason.
    """
    if override:
        return RegimeChoice(Regime(override), f"{override} chosen by option")
    code = (tournament.header("192") or "").upper()
    if code:
        if "ROUNDROBIN" in code or "ROUND_ROBIN" in code:
            return RegimeChoice(Regime.ROUND_ROBIN, f"record 192 is {code}")
        return RegimeChoice(Regime.SWISS, f"record 192 is {code}")
    players = tournament.players
    # n: the players with a result in some block (results are truthy, a blank is None)
    n = sum(1 for p in players if any(map(_RESULT_OF, p.rounds)))
    blocks = sum(map(len, map(_ROUNDS_OF, players)))
    kind = (tournament.header("092") or "").lower()
    named = any(word in kind for word in _RR_WORDS)
    # Every pair is counted from a block of its own, so with fewer blocks than pairs
    # (any Swiss event) the schedule cannot be complete: no need to count the pairs or
    # to look for pairing-allocated byes.
    short = n < 2 or blocks < n * (n - 1) // 2
    pab = Result.PAIRING_BYE
    pairing_byes = (named or not short) and any(pab in map(_RESULT_OF, p.rounds) for p in players)
    if not named and (short or pairing_byes):
        return RegimeChoice(Regime.SWISS, "the schedule is not a complete round robin")
    multiplicity = _pair_counts(tournament)
    if n >= 2 and multiplicity and not pairing_byes:
        counts = set(multiplicity.values())
        if len(multiplicity) == n * (n - 1) // 2 and len(counts) == 1:
            cycles = counts.pop()
            return RegimeChoice(
                Regime.ROUND_ROBIN,
                f"every pair of the {n} players met {'once' if cycles == 1 else f'{cycles} times'}",
            )
    if named:
        top = max(multiplicity.values(), default=1)
        if all(c == top for c in multiplicity.values()) or top == 1:
            return RegimeChoice(Regime.ROUND_ROBIN, f"record 092 says {kind.strip()!r}")
    return RegimeChoice(Regime.SWISS, "the schedule is not a complete round robin")


def _pair_counts(tournament: Tournament) -> dict[tuple[int, int], int]:
    """How often each pair of start ranks met (played or forfeited), counted once per game."""
    counts: dict[tuple[int, int], int] = {}
    known = tournament.players_by_rank
    not_games = _NOT_GAMES
    for p in tournament.players:
        me = p.start_rank
        for b in p.rounds:
            o = b.opponent
            if o is None or o <= me or o not in known or b.result in not_games:
                continue
            key = (me, o)
            counts[key] = counts.get(key, 0) + 1
    return counts


_BYE_RESULTS: Final = frozenset(r for r in Result if r.is_bye)
_NOT_GAMES: Final = frozenset({None, *_BYE_RESULTS})
"""Results that are no game (blank or a bye), whoever is written as the opponent."""


# --- scoring -------------------------------------------------------------------------------

_ONE, _HALF, _ZERO = Fraction(1), Fraction(1, 2), Fraction(0)


@attrs.frozen(cache_hash=True)  # a key of the per-system tables: hashed once, not per file
class PointSystem:
    """Points for each kind of round: record 162, JaVaFo ``XXS`` or bbpPairings ``BB?``.

    Attributes:
        win_white: A win over the board with White (``1``, ``W``).
        win_black: A win over the board with Black.
        draw_white: A draw with White (``=``, ``D``).
        draw_black: A draw with Black.
        loss_white: A loss with White (``0``, ``L``).
        loss_black: A loss with Black.
        forfeit_win: ``+``.
        forfeit_loss: ``-``.
        full_bye: ``F``.
        half_bye: ``H``.
        zero_bye: ``Z``, blank, absence.
        pairing_bye: ``U`` (the pairing-allocated bye).
        unknown: ``X`` (unknown result, e.g. adjourned).
        source: Which record set the values (``"default"``, ``"record 162"``, …).
    """

    win_white: Fraction = _ONE
    win_black: Fraction = _ONE
    draw_white: Fraction = _HALF
    draw_black: Fraction = _HALF
    loss_white: Fraction = _ZERO
    loss_black: Fraction = _ZERO
    forfeit_win: Fraction = _ONE
    forfeit_loss: Fraction = _ZERO
    full_bye: Fraction = _ONE
    half_bye: Fraction = _HALF
    zero_bye: Fraction = _ZERO
    pairing_bye: Fraction = _ONE
    unknown: Fraction = _HALF
    source: str = "default"

    @property
    def win(self) -> Fraction:
        """The points for a win (W); with colour-dependent values, White's."""
        return self.win_white

    @property
    def draw(self) -> Fraction:
        """The points for a draw (D)."""
        return self.draw_white

    @property
    def loss(self) -> Fraction:
        """The points for a loss (L)."""
        return self.loss_white

    def points(self, result: Result | None, colour: Colour = Colour.NONE) -> Fraction:
        """The points *result* brings; a blank result is ``Z``."""
        black = colour is Colour.BLACK
        if result is None:
            return self.zero_bye
        return {
            Result.WIN: self.win_black if black else self.win_white,
            Result.WIN_UNRATED: self.win_black if black else self.win_white,
            Result.DRAW: self.draw_black if black else self.draw_white,
            Result.DRAW_UNRATED: self.draw_black if black else self.draw_white,
            Result.LOSS: self.loss_black if black else self.loss_white,
            Result.LOSS_UNRATED: self.loss_black if black else self.loss_white,
            Result.FORFEIT_WIN: self.forfeit_win,
            Result.FORFEIT_LOSS: self.forfeit_loss,
            Result.FULL_BYE: self.full_bye,
            Result.HALF_BYE: self.half_bye,
            Result.ZERO_BYE: self.zero_bye,
            Result.PAIRING_BYE: self.pairing_bye,
            Result.UNKNOWN: self.unknown,
        }[result]

    def values(self) -> tuple[Fraction, ...]:
        """Every point value (to find a common denominator)."""
        return tuple(getattr(self, f.name) for f in attrs.fields(PointSystem) if f.name != "source")

    @classmethod
    def from_tournament(cls, tournament: Tournament) -> PointSystem:
        """The point system a report declares (bbp ``BB?``, then ``XXS``, then 162 win)."""
        values: dict[str, Fraction] = {}
        sources: list[str] = []
        pab_set = False
        bbp = {"BBW": ("win_white", "win_black", "forfeit_win", "full_bye"),
               "BBD": ("draw_white", "draw_black", "half_bye"),
               "BBL": ("loss_white", "loss_black"),
               "BBZ": ("zero_bye",),
               "BBF": ("forfeit_loss",),
               "BBU": ("pairing_bye",)}  # fmt: skip
        for bbp_record in tournament.of_type(BbpScore):
            if bbp_record.code in bbp and bbp_record.points is not None:
                for name in bbp[bbp_record.code]:
                    values[name] = bbp_record.points
                pab_set = pab_set or bbp_record.code == "BBU"
                sources.append(bbp_record.code)
        xxs = {"WW": ("win_white",), "BW": ("win_black",), "WD": ("draw_white",),
               "BD": ("draw_black",), "WL": ("loss_white",), "BL": ("loss_black",),
               "ZPB": ("zero_bye",), "HPB": ("half_bye",), "FPB": ("full_bye",),
               "PAB": ("pairing_bye",), "FW": ("forfeit_win",), "FL": ("forfeit_loss",),
               "W": ("win_white", "win_black", "forfeit_win", "full_bye"),
               "D": ("draw_white", "draw_black", "half_bye"),
               "L": ("loss_white", "loss_black")}  # fmt: skip
        trf26 = {"W": ("win_white", "win_black", "forfeit_win", "full_bye"),
                 "D": ("draw_white", "draw_black", "half_bye"),
                 "L": ("loss_white", "loss_black"),
                 "A": ("zero_bye", "forfeit_loss"), "Z": ("zero_bye", "forfeit_loss"),
                 "P": ("pairing_bye",), "U": ("pairing_bye",), "X": ("unknown",)}  # fmt: skip
        for code, table in (("XXS", xxs), ("162", trf26)):
            for record in tournament.of_type(Scoring):
                if record.code != code:
                    continue
                sources.append("record 162" if code == "162" else "XXS")
                for symbol, points in record.values:
                    names = table.get(symbol.upper())
                    if names:
                        for name in names:
                            values[name] = points
                        pab_set = pab_set or symbol.upper() in ("P", "U", "PAB")
        if not pab_set and ("win_white" in values):
            values["pairing_bye"] = values["win_white"]
        if not sources and cls is PointSystem:
            return _DEFAULT_SYSTEM  # most reports: one shared value, its tables made once
        source = ", ".join(dict.fromkeys(sources)) or "default"
        return cls(**values, source=source)


_DEFAULT_SYSTEM: Final = PointSystem()


# --- settings ------------------------------------------------------------------------------


@attrs.frozen
class TieBreakSettings:
    """Everything that changes a computed value.

    Attributes:
        edition: The rule edition.
        regime: Round robin (C.07 15.2) or Swiss (art. 16).
        withdrawals: Apply the round-robin withdrawal rule (C.05): a player who
            withdrew having completed fewer than 50 % of their games has every game
            by and against them removed from the standings.
        withdrawal_boundary: ``"below-half"`` (annul when fewer than 50 % were
            completed, FIDE's wording) or ``"at-most-half"`` (also at exactly 50 %).
        withdrawal_completed: ``"played"`` (games played over the board count as
            completed) or ``"scheduled"`` (every round before the withdrawal counts).
        koya_threshold: ``"at-least"`` (FIDE: opponents with at least 50 %) or
            ``"more-than"`` (some national texts: more than 50 %). UNCERTAIN in the
            sources (fide-rules.md §2.7), hence the option.
        sb_cut: ``"opponent-score"`` (C.07 14.1.1.d: cut the product of the opponent
            with the lowest score, the lowest such product on a tie) or
            ``"contribution"`` (cut the smallest product). UNCERTAIN (§2.7).
        rr_forfeit_wins_played: Count round-robin forfeit wins as games for WON, BPG
            and BWG (the letter of 15.2) instead of only games played over the board
            (the reference implementation's reading, the default). UNCERTAIN (§2.7).
    """

    edition: Edition = Edition.FIDE_2026
    regime: Regime = Regime.SWISS
    withdrawals: bool = True
    withdrawal_boundary: str = "below-half"
    withdrawal_completed: str = "played"
    koya_threshold: str = "at-least"
    sb_cut: str = "opponent-score"
    rr_forfeit_wins_played: bool = False


# --- the engine ----------------------------------------------------------------------------

PLAYED, FORFEIT_WIN, FORFEIT_LOSS, PAIRING_BYE, FULL_BYE, HALF_BYE, ZERO_BYE, ABSENT, ANNULLED = (
    range(9)
)
"""Kinds of round the engine distinguishes (``ABSENT``: not paired or no block)."""

_KIND_NAMES = {
    PLAYED: "game",
    FORFEIT_WIN: "forfeit win",
    FORFEIT_LOSS: "forfeit loss",
    PAIRING_BYE: "pairing-allocated bye",
    FULL_BYE: "full-point bye",
    HALF_BYE: "half-point bye",
    ZERO_BYE: "zero-point bye",
    ABSENT: "not paired",
    ANNULLED: "annulled (withdrawal)",
}
_VUR = frozenset({FORFEIT_LOSS, HALF_BYE, ZERO_BYE, ABSENT})
_REQUESTED = frozenset({HALF_BYE, ZERO_BYE, ABSENT})
_GAMES = frozenset({PLAYED, FORFEIT_WIN, FORFEIT_LOSS})
_FORFEITS = frozenset({FORFEIT_WIN, FORFEIT_LOSS})

# FIDE B.02 table 8.1(a): score fraction p (in hundredths, from 50) → rating difference dp.
_DP = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
# FIDE B.02 table 8.1(b): upper bounds of rating differences for expected scores .50 … .99.
_PD_BOUNDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip


def _expected_table() -> list[int]:
    """Expected score in hundredths for rating differences 0 … 736 (then always 100)."""
    table: list[int] = []
    step = 0
    for diff in range(_PD_BOUNDS[-1] + 2):
        while step < len(_PD_BOUNDS) and diff > _PD_BOUNDS[step]:
            step += 1
        table.append(50 + step)
    return table


_EXPECTED = _expected_table()


def _expected(diff: int) -> int:
    """The expected score (hundredths) of a player rated *diff* points above the opponent."""
    if diff >= 0:
        return _EXPECTED[diff] if diff < len(_EXPECTED) else 100
    return 100 - (_EXPECTED[-diff] if -diff < len(_EXPECTED) else 100)


def _dp(score2: int, games: int) -> int:
    """FIDE's dp for a score of *score2* half points in *games* games (p rounded half up)."""
    hundredths = (score2 * 100 + games) // (2 * games)  # round half up of 100·p
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


@attrs.frozen
class Withdrawal:
    """A round-robin player who stopped playing.

    Attributes:
        start_rank: The player.
        from_round: The first round of the unplayed run that ends the record.
        completed: Games that count as completed.
        scheduled: Games the player was scheduled to play.
        annulled: True when the games are removed from the standings (under 50 %).
    """

    start_rank: int
    from_round: int
    completed: int
    scheduled: int
    annulled: bool


@attrs.frozen
class RoundLine:
    """One round of an explanation (``trfkit standings --explain``).

    Attributes:
        round: The round.
        opponent: The opponent's start rank (``None`` for byes).
        result: The result code as written (``"1"``, ``"+"``, ``"H"``, blank as ``""``).
        points: The points the round brought to the player's score.
        kind: What the round is (game, forfeit win, half-point bye, …).
        opponent_score: The score the opponent (or dummy) counts with, if any.
        treatment: How the rules treat the round.
        contributions: Code → the round's contribution to that tie-break.
    """

    round: int
    opponent: int | None
    result: str
    points: Fraction
    kind: str
    opponent_score: Fraction | None
    treatment: str
    contributions: Mapping[str, Fraction | None]


@attrs.frozen
class Explanation:
    """Why a player's tie-breaks have their values.

    Attributes:
        start_rank: The player.
        name: The player's name.
        score: The standings score.
        rounds: One line per round.
        totals: Code → value.
        notes: Cuts, withdrawals, per-player tie-breaks that are not sums of rounds.
    """

    start_rank: int
    name: str
    score: Fraction
    rounds: tuple[RoundLine, ...]
    totals: Mapping[str, Fraction | None]
    notes: tuple[str, ...]


_Term = tuple[int, int, int, int, bool, str]
"""One element of a Buchholz-family sum: (round, opponent index or -1 for a dummy,
the opponent's score in units as the player counts it, the player's points,
whether the round is a voluntary unplayed round, how the rules treat it)."""
_ROUND: Final = 0
_SCORE: Final = 2
_POINTS: Final = 3
_IS_VUR: Final = 4
_HOW: Final = 5
_SCORE_OF: Final = operator.itemgetter(_SCORE)
_IS_VUR_OF: Final = operator.itemgetter(_IS_VUR)
_RATING_OF: Final = operator.itemgetter(1)
_RESULT_OF: Final = operator.attrgetter("result")
_ROUNDS_OF: Final = operator.attrgetter("rounds")


_GAME = "game"
_NOT_VUR: Final = itertools.repeat(False)
_GAME_HOW: Final = itertools.repeat(_GAME)
_RR_FORFEIT = "forfeit counted as a game (C.07 15.2)"
_P_FORFEIT = "forfeit counted as a game (/P)"
_VIRTUAL = "virtual opponent (2009): score before the round, the opposite result, then draws"
_DUMMY = "dummy with the player's own score (16.4)"
_DUMMY_OPPONENT = "dummy capped at the scheduled opponent's score (16.4.1)"
_DUMMY_DRAWS = "dummy capped at a draw's points × rounds (16.4.2)"


class _View:
    """Per-player round kinds and points, with the scores derived from them."""

    def __init__(
        self,
        kinds: list[list[int]],
        pts: list[list[int]],
        bonus: list[int],
    ) -> None:
        self.kinds = kinds
        self.pts = pts
        self.score = [
            sum(row) + b
            if ANNULLED not in krow
            else sum(p for p, k in zip(row, krow, strict=True) if k != ANNULLED) + b
            for row, krow, b in zip(pts, kinds, bonus, strict=True)
        ]


@attrs.frozen
class Column:
    """One tie-break for every player, by index: player *i*'s value is ``raw[i] / scale``.

    Integers over one scale sort and compare far faster than fractions, and exactly.
    ``None`` means "no value".
    """

    raw: Sequence[int | None]
    scale: int


@functools.lru_cache(maxsize=64)
def _block_tables(
    ps: PointSystem, unit: int, team_event: bool
) -> tuple[dict[tuple[Result | None, bool], int], dict[Result, tuple[int, int, int, int, int]]]:
    """Per result, what the engine records: computed once per point system.

    Returns:
        (result, with Black) → points in units; and result → (kind with an
        opponent, kind without one, outcome, points with White, with Black).
    """
    table: dict[tuple[Result | None, bool], int] = {}
    for res in [*Result, None]:
        for with_black in (False, True):
            colour = Colour.BLACK if with_black else Colour.WHITE
            table[(res, with_black)] = int(ps.points(res, colour) * unit)
    wins = (Result.WIN, Result.WIN_UNRATED)
    losses = (Result.LOSS, Result.LOSS_UNRATED)
    by_result: dict[Result, tuple[int, int, int, int, int]] = {}
    for res in Result:
        outcome = 1 if res in wins else -1 if res in losses else 0
        if res.is_bye:
            with_opponent = without = {
                Result.HALF_BYE: HALF_BYE,
                Result.FULL_BYE: FULL_BYE,
                Result.PAIRING_BYE: PAIRING_BYE,
                Result.ZERO_BYE: ZERO_BYE,
            }[res]
            outcome = 0
        elif res is Result.FORFEIT_WIN:
            with_opponent, without, outcome = (
                FORFEIT_WIN, FORFEIT_WIN if team_event else FULL_BYE, 1
            )  # fmt: skip
        elif res is Result.FORFEIT_LOSS:
            with_opponent, without, outcome = FORFEIT_LOSS, ZERO_BYE, -1
        else:  # without an opponent (S004) a game result is a bye of that value
            with_opponent = PLAYED
            without = FULL_BYE if res in wins else ZERO_BYE if res in losses else HALF_BYE
        by_result[res] = (with_opponent, without, outcome, table[(res, False)], table[(res, True)])
    return table, by_result


class TieBreakEngine:
    """The computed values of every tie-break for one tournament.

    Build it once per tournament and settings, then ask :meth:`values` for each
    code. Values are exact fractions; ``None`` means "no value" (for instance an
    average rating without any rated opponent).

    Args:
        tournament: The report.
        settings: Edition, regime and the options of the uncertain rules.
        points: The point system (read from the report when omitted).
        corrections: Start rank → round → points for byes written with a blank
            result that the report counts anyway (ICU "automatic total correction");
            such a round becomes a half-point or full-point bye.
    """

    def __init__(
        self,
        tournament: Tournament,
        settings: TieBreakSettings | None = None,
        points: PointSystem | None = None,
        corrections: Mapping[int, Mapping[int, Fraction]] | None = None,
    ) -> None:
        self.tournament = tournament
        self.settings = settings or TieBreakSettings()
        self.point_system = points or PointSystem.from_tournament(tournament)
        self.corrections = corrections or {}
        self.players: tuple[Player, ...] = tournament.players
        self.index: dict[int, int] = {}
        for i, p in enumerate(self.players):
            self.index.setdefault(p.start_rank, i)
        self.rounds = completed_rounds(tournament)
        ps = self.point_system
        values = [*ps.values()]
        for record in tournament.of_type(AbnormalPoints):
            if record.points is not None:
                values.append(record.points)
        self.unit = math.lcm(*(v.denominator for v in values)) if values else 1
        self._build()
        self._cache: dict[Any, Any] = {}

    # -- construction ------------------------------------------------------------------

    def _u(self, value: Fraction) -> int:
        return int(value * self.unit)

    def _build(self) -> None:
        ps = self.point_system
        u = self._u
        table, by_result = _block_tables(ps, self.unit, is_team_event(self.tournament))
        self.win_u = u(ps.win)
        self.draw_u = u(ps.draw)
        self.loss_u = u(ps.loss)
        n_rounds = self.rounds
        self.kinds: list[list[int]] = []
        self.opps: list[list[int]] = []
        self.raw_pts: list[list[int]] = []
        self.outcome: list[list[int]] = []
        self.blank_byes: list[list[int]] = []
        self.pending: list[int] = []
        index = self.index
        black_colour = Colour.BLACK
        no_colour = Colour.NONE
        games = (PLAYED, *_FORFEITS)
        for i, p in enumerate(self.players):
            kinds = [ABSENT] * n_rounds
            opps = [-1] * n_rounds
            pts = [0] * n_rounds
            outcome_row = [0] * n_rounds
            blanks: list[int] = []
            blocks = p.rounds
            for r, b in enumerate(blocks[:n_rounds] if len(blocks) > n_rounds else blocks):
                res = b.result
                opponent = b.opponent
                o = -1 if opponent is None else index.get(opponent, -1)
                if o == i:
                    o = -1
                if res is None:
                    if opponent is None and b.colour is no_colour:
                        blanks.append(r)  # an empty block
                    elif o < 0:
                        kinds[r] = ZERO_BYE
                        blanks.append(r)
                    continue
                with_opponent, without, outcome, white_pts, black_pts = by_result[res]
                if with_opponent in games:
                    if o < 0:
                        with_opponent = without
                        if without == ZERO_BYE and res is Result.FORFEIT_LOSS:
                            blanks.append(r)  # "0000 - -": an absence
                else:
                    o = -1
                kinds[r] = with_opponent
                opps[r] = o
                outcome_row[r] = outcome
                pts[r] = black_pts if b.colour is black_colour else white_pts
            pending = 0
            if len(blocks) > n_rounds:
                pending = sum(
                    table[(b.result, b.colour is black_colour)]
                    for b in blocks[n_rounds:]
                    if b.result is not None and not b.is_game
                )
            elif len(blocks) < n_rounds:
                text = p.source.text if p.source is not None else ""
                for r in range(len(blocks), n_rounds):
                    if text[91 + 10 * r : 101 + 10 * r].strip():
                        blanks.append(r)  # a trailing block with a bye mark but no result
            self.kinds.append(kinds)
            self.opps.append(opps)
            self.raw_pts.append(pts)
            self.outcome.append(outcome_row)
            self.blank_byes.append(blanks)
            self.pending.append(pending)
        for start_rank, rounds in self.corrections.items():
            i = index.get(start_rank, -1)
            for number, value in rounds.items():
                if i >= 0 and 1 <= number <= n_rounds and number - 1 in self.blank_byes[i]:
                    self.raw_pts[i][number - 1] = u(value)
                    self.kinds[i][number - 1] = (
                        FULL_BYE if value >= ps.win else HALF_BYE if value else ZERO_BYE
                    )
        self.bonus = [0] * len(self.players)
        self.abnormal: list[list[tuple[AbnormalPoints, int]]] = [[] for _ in self.players]
        self._apply_abnormal()
        self.raw_score = [sum(row) + b for row, b in zip(self.raw_pts, self.bonus, strict=True)]
        self.withdrawals: dict[int, Withdrawal] = {}
        self.cycles = 1
        if self.settings.regime is Regime.ROUND_ROBIN:
            self._round_robin_withdrawals()
        self.annulled = frozenset(
            self.index[w.start_rank] for w in self.withdrawals.values() if w.annulled
        )
        kinds_view = self.kinds
        if self.annulled:
            kinds_view = [
                [
                    ANNULLED if i in self.annulled or (o >= 0 and o in self.annulled) else k
                    for k, o in zip(krow, orow, strict=True)
                ]
                for i, (krow, orow) in enumerate(zip(self.kinds, self.opps, strict=True))
            ]
        self.base = _View(kinds_view, self.raw_pts, self.bonus)
        self.score = self.base.score

    def _apply_abnormal(self) -> None:
        """Record 299: blank type adds a bonus or penalty; a typed record sets a round's points."""
        everybody = range(len(self.players))
        kind_of = {"F": FULL_BYE, "H": HALF_BYE, "Z": ZERO_BYE, "+": FORFEIT_WIN,
                   "W": FULL_BYE, "D": HALF_BYE, "L": ZERO_BYE, "-": ZERO_BYE}  # fmt: skip
        for record in self.tournament.of_type(AbnormalPoints):
            if record.points is None:
                continue
            value = self._u(record.points)
            ids = [self.index[x] for x in record.ids if x is not None and x in self.index]
            targets = ids if record.ids else everybody
            kind = record.kind.strip().upper()
            for i in targets:
                if not kind:
                    self.bonus[i] += value
                    self.abnormal[i].append((record, value))
                elif record.round and 1 <= record.round <= self.rounds:
                    r = record.round - 1
                    before = self.raw_pts[i][r]
                    self.raw_pts[i][r] = value
                    if self.kinds[i][r] == ABSENT:
                        self.kinds[i][r] = kind_of.get(kind, ZERO_BYE)
                    self.abnormal[i].append((record, value - before))

    def _round_robin_withdrawals(self) -> None:
        """C.05: find players whose record ends in unplayed rounds; annul those under 50 %."""
        pairs: dict[tuple[int, int], int] = {}
        for i, (krow, orow) in enumerate(zip(self.kinds, self.opps, strict=True)):
            for k, o in zip(krow, orow, strict=True):
                if k in _GAMES and o > i:
                    pairs[(i, o)] = pairs.get((i, o), 0) + 1
        self.cycles = max(pairs.values(), default=1)
        scheduled = (len(self.players) - 1) * self.cycles
        if scheduled <= 0:
            return
        s = self.settings
        for i, krow in enumerate(self.kinds):
            run = 0
            forfeits = 0
            for k in reversed(krow):
                if k not in (FORFEIT_LOSS, ZERO_BYE, ABSENT):
                    break
                run += 1
                forfeits += k == FORFEIT_LOSS
            if run == 0 or (forfeits == 0 and run < 2):
                continue
            if s.withdrawal_completed == "scheduled":
                completed = sum(1 for k in krow[: len(krow) - run] if k in _GAMES)
            else:
                completed = sum(1 for k in krow if k == PLAYED)
            if s.withdrawal_boundary == "at-most-half":
                annulled = 2 * completed <= scheduled
            else:
                annulled = 2 * completed < scheduled
            rank = self.players[i].start_rank
            self.withdrawals[rank] = Withdrawal(
                rank, len(krow) - run + 1, completed, scheduled, annulled and s.withdrawals
            )

    # -- shared derived data -----------------------------------------------------------

    @property
    def black(self) -> list[list[bool]]:
        """Player by player, round by round: True where the player had Black in a result."""
        black: list[list[bool]] = self._blocks_by_round(
            "black", lambda b: b.colour is Colour.BLACK, False
        )
        return black

    @property
    def codes(self) -> list[list[str]]:
        """Player by player, round by round: the result code as written (``""`` for none)."""
        codes: list[list[str]] = self._blocks_by_round("codes", lambda b: b.result.value, "")
        return codes

    def _blocks_by_round(self, key: str, read: Callable[[Any], Any], empty: Any) -> Any:
        """*read* of every block with a result in the counted rounds, else *empty* (cached)."""
        if key not in self._cache:
            n = self.rounds
            self._cache[key] = [
                [read(b) if b.result is not None else empty for b in p.rounds[:n]]
                + [empty] * (n - min(n, len(p.rounds)))
                for p in self.players
            ]
        return self._cache[key]

    def _cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def fore_view(self) -> _View:
        """The report as if every game of the final round had been drawn (Fore Buchholz)."""

        def build() -> _View:
            last = self.rounds - 1
            kinds = [list(row) for row in self.base.kinds]
            pts = [list(row) for row in self.base.pts]
            if last >= 0:
                for i in range(len(kinds)):
                    if kinds[i][last] in _GAMES and self.opps[i][last] >= 0:
                        kinds[i][last] = PLAYED
                        pts[i][last] = self.draw_u
            return _View(kinds, pts, self.bonus)

        return self._cached("fore", build)  # type: ignore[no-any-return]

    def _swiss(self, tb: TieBreak) -> bool:
        """True when art. 16 (or the virtual opponent) applies to *tb*.

        ``/P`` does not turn it off: it only makes forfeits count as played games,
        and byes keep their art. 16 treatment.
        """
        return self.settings.regime is Regime.SWISS

    def seen_scores(self, view: _View, swiss: bool, pre_determined: bool = False) -> list[int]:
        """Each player's score as their opponents count it (C.07 16.3; 2009: unplayed = draw).

        With *pre_determined* (``/P``) forfeits are games and keep their points.
        """

        def build() -> list[int]:
            if not swiss:
                return list(view.score)
            d = self.draw_u
            seen = list(view.score)
            dummy = self.settings.edition.uses_dummy
            for i, (krow, prow) in enumerate(zip(view.kinds, view.pts, strict=True)):
                adjust = 0
                only_vur_after = True
                for r in range(len(krow) - 1, -1, -1):
                    k = krow[r]
                    if pre_determined and k in _FORFEITS:
                        only_vur_after = False
                        continue
                    if dummy:
                        if k in _REQUESTED and only_vur_after:
                            adjust += d - prow[r]
                        only_vur_after = only_vur_after and k in _VUR
                        if not only_vur_after:
                            break  # only the final run of unplayed rounds counts (16.3)
                    elif k != PLAYED and k != ANNULLED:
                        adjust += d - prow[r]
                seen[i] += adjust
            return seen

        key = ("seen", id(view), swiss, pre_determined)
        return self._cached(key, build)  # type: ignore[no-any-return]

    def terms(self, i: int, tb: TieBreak) -> list[_Term]:
        """The Buchholz-family elements of player *i*: one per game (or unplayed round).

        Round robins (and ``/P``) count forfeits as games and skip byes; Swiss events
        give each unplayed round a dummy (art. 16.4, capped from 2026) or, before
        2023, a virtual opponent.
        """
        return self.all_terms(tb.fore, self._swiss(tb), tb.pre_determined)[i]

    def all_terms(self, fore: bool, swiss: bool, pre_determined: bool) -> list[list[_Term]]:
        """:meth:`terms` for every player, computed once per view."""
        key = ("terms", fore, swiss, pre_determined)
        if key in self._cache:
            return self._cache[key]  # type: ignore[no-any-return]
        view, seen, irregular = self._term_parts(fore, swiss, pre_determined)
        seen_of = seen.__getitem__
        numbers = range(1, self.rounds + 1)
        result: list[list[_Term]] = []
        for i, (pts, opps) in enumerate(zip(view.pts, self.opps, strict=True)):
            own = irregular.get(i)
            if own is not None:
                result.append(own)
                continue
            # a game in every round: (r, o, seen[o], p, False, _GAME) per round, the
            # tuples made by zip in C (not strict: the last two columns are endless repeats)
            terms = zip(numbers, opps, map(seen_of, opps), pts, _NOT_VUR, _GAME_HOW, strict=False)
            result.append(list(terms))
        self._cache[key] = result
        return result

    def _term_parts(
        self, fore: bool, swiss: bool, pre_determined: bool
    ) -> tuple[_View, list[int], dict[int, list[_Term]]]:
        """The view, the scores opponents see, and the elements of players with an unplayed round.

        A player with a game in every round has one element per game, ``(r, o,
        seen[o], p, False, _GAME)``: the Buchholz family reads those rows straight
        from the opponents. The others (by index) are worked out here, once per view.
        """
        key = ("term parts", fore, swiss, pre_determined)
        if key in self._cache:
            return self._cache[key]  # type: ignore[no-any-return]
        view = self.fore_view() if fore else self.base
        seen = self.seen_scores(view, swiss, pre_determined)
        n = self.rounds
        edition = self.settings.edition
        dummy_rules = edition.uses_dummy
        capped = edition is Edition.FIDE_2026
        cap_rounds = self.draw_u * n
        win_u, draw_u, loss_u = self.win_u, self.draw_u, self.loss_u
        forfeit_how = _P_FORFEIT if pre_determined else _RR_FORFEIT
        irregular: dict[int, list[_Term]] = {}
        for i, (kinds, pts, opps) in enumerate(zip(view.kinds, view.pts, self.opps, strict=True)):
            if kinds.count(PLAYED) == n:
                continue
            out: list[_Term] = []
            own = view.score[i]
            running = 0
            for r in range(n):
                k, p, o = kinds[r], pts[r], opps[r]
                if k == ANNULLED:
                    continue
                if k == PLAYED:
                    out.append((r + 1, o, seen[o], p, False, _GAME))
                elif k in _FORFEITS and o >= 0 and (pre_determined or not swiss):
                    out.append((r + 1, o, seen[o], p, False, forfeit_how))
                elif not swiss:
                    pass  # byes contribute nothing in round robins
                elif not dummy_rules:
                    opposite = loss_u if p >= win_u else draw_u if p == draw_u else win_u
                    virtual = running + opposite + draw_u * (n - r - 1)
                    out.append((r + 1, -1, virtual, p, False, _VIRTUAL))
                else:
                    dummy, how = own, _DUMMY
                    if capped:
                        if k in _FORFEITS and o >= 0:
                            if seen[o] < dummy:
                                dummy, how = seen[o], _DUMMY_OPPONENT
                        elif cap_rounds < dummy:
                            dummy, how = cap_rounds, _DUMMY_DRAWS
                    out.append((r + 1, -1, dummy, p, k in _VUR, how))
                running += p
            irregular[i] = out
        parts = self._cache[key] = (view, seen, irregular)
        return parts

    # -- cuts ---------------------------------------------------------------------------

    def _cut(
        self, terms: list[_Term], tb: TieBreak, value: Callable[[_Term], int], sb: bool
    ) -> tuple[list[_Term], list[_Term]]:
        """Apply ``/Cn`` and ``/Mn`` (C.07 14 and the VUR exception of 16.5).

        Returns:
            The elements kept and the elements cut.
        """
        kept = list(terms)
        removed: list[_Term] = []
        swiss = self._swiss(tb)
        edition = self.settings.edition
        by_score = sb and self.settings.sb_cut == "opponent-score"

        def lsv_key(t: _Term) -> tuple[int, int]:
            return (t[_SCORE], value(t)) if by_score else (value(t), t[_ROUND])

        for _ in range(tb.cut):
            if not kept:
                break
            lsv = min(kept, key=lsv_key)
            chosen = lsv
            vurs = [t for t in kept if t[_IS_VUR]] if swiss and edition.uses_dummy else []
            if vurs and not lsv[_IS_VUR]:
                # 16.5.1: the lowest VUR contribution goes unless it is below the least
                # significant value (when that value is itself a VUR, it is the one cut).
                lowest_vur = min(vurs, key=lambda t: (value(t), lsv_key(t)))
                if value(lowest_vur) >= value(lsv):
                    chosen = lowest_vur
            kept.remove(chosen)
            removed.append(chosen)
        for _ in range(tb.median):
            if not kept:
                break
            top = max(kept, key=lsv_key)
            kept.remove(top)
            removed.append(top)
        return kept, removed

    # -- the tie-breaks -----------------------------------------------------------------

    def values(self, tb: TieBreak | str) -> dict[int, Fraction | None]:
        """Start rank → value of *tb* for every player (annulled players included).

        ``DE`` depends on the tied group and is computed by :mod:`trfkit.compute.standings`;
        here it is ``None`` for everyone.
        """
        if isinstance(tb, str):
            tb = parse_tiebreak(tb)
        key = ("values", tb.key)
        if key not in self._cache:
            out: dict[int, Fraction | None] = {}
            for p, value in zip(self.players, self.fractions(tb), strict=True):
                if p.start_rank not in out:
                    out[p.start_rank] = value
            self._cache[key] = out
        return self._cache[key]  # type: ignore[no-any-return]

    def column(self, tb: TieBreak) -> Column:
        """*tb* for every player by index, as integers over one scale (for sorting)."""
        key = ("column", tb.key)
        if key not in self._cache:
            method = getattr(self, f"_tb_{tb.name.lower()}")
            self._cache[key] = method(tb)
        return self._cache[key]  # type: ignore[no-any-return]

    def some_raw(self, tb: TieBreak, members: Sequence[int]) -> dict[int, int | None] | None:
        """*tb*'s integer values (:meth:`column`'s scale) of at least the players *members*.

        ``None`` when the column is known, nearly everybody is asked for, or *tb* is
        not of the families below: then :meth:`column` gives the values.

        Breaking a tie needs only the tied players' values, and in a usual event the
        lower tie-breaks are left with few ties to break: the Buchholz family, the
        counts and sums of a player's own rounds (WIN, WON, BPG, BWG, REP, PS, KS),
        plain Sonneborn-Berger and plain ARO are then worked out for those players
        alone (by index), and kept: a player's value is worked out once, however many
        tie-break lists ask for it. (A large field leaves more players tied for the
        lower levels; a whole column there costs the check time out of proportion.)
        """
        if ("column", tb.key) in self._cache or 10 * len(members) > 9 * len(self.players):
            return None
        some: Callable[[Sequence[int]], list[Any]]
        own_rounds = _OWN_ROUNDS.get(tb.name)
        if tb.name in ("BH", "FB"):
            some = functools.partial(self._buchholz_raw, tb)
        elif own_rounds is not None:
            some = functools.partial(own_rounds, self, tb)
        elif tb.cut or tb.median:
            return None
        elif tb.name == "SB":
            some = functools.partial(self._plain_sb, tb)
        elif tb.name == "ARO" and "rated" not in self._cache:
            some = self._plain_aro
        else:
            return None
        known: dict[int, int | None] = self._cache.setdefault(("some", tb.key), {})
        missing = [i for i in members if i not in known]
        if missing:
            known.update(zip(missing, some(missing), strict=True))
        return known

    def fractions(self, tb: TieBreak) -> list[Fraction | None]:
        """*tb* for every player by index, as exact values; equal values share one Fraction."""
        key = ("fractions", tb.key)
        if key not in self._cache:
            col = self.column(tb)
            scale = col.scale
            made: dict[int | None, Fraction | None] = {None: None}
            out: list[Fraction | None] = []
            for v in col.raw:
                value = made.get(v, _MISSING)
                if value is _MISSING:
                    value = made[v] = _make_fraction(v, scale)  # type: ignore[arg-type]
                out.append(value)
            self._cache[key] = out
        return self._cache[key]  # type: ignore[no-any-return]

    def _tb_pts(self, tb: TieBreak) -> Column:
        return Column(self.score, self.unit)

    def _tb_de(self, tb: TieBreak) -> Column:
        return Column([None] * len(self.players), 1)

    def _indices(self, members: Iterable[int] | None) -> Iterable[int]:
        """The players to work out: *members* (by index), or everybody when ``None``."""
        return range(len(self.players)) if members is None else members

    def _buchholz_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """The Buchholz family's values of *members* (by index; by default everybody)."""
        swiss = self._swiss(tb)
        _, seen, irregular = self._term_parts(tb.fore, swiss, tb.pre_determined)
        seen_of = seen.__getitem__
        score_of = _SCORE_OF
        cut, median = tb.cut, tb.median
        vur_rule = swiss and self.settings.edition.uses_dummy
        out = []
        every_opps = self.opps
        for i in self._indices(members):
            opps = every_opps[i]
            row = irregular.get(i)
            if row is None:  # a game in every round: the opponents' scores, no VUR element
                values = list(map(seen_of, opps))
            elif vur_rule and (cut or median) and any(map(_IS_VUR_OF, row)):
                kept, _ = self._cut(row, tb, score_of, False)
                out.append(sum(map(score_of, kept)))
                continue
            else:
                values = list(map(score_of, row))
            if not cut and not median:
                out.append(sum(values))
            elif cut == 1 and not median and values:
                # Without a VUR element, /C1 drops the lowest value (which of two equal
                # ones goes does not change the sum).
                out.append(sum(values) - min(values))
            else:
                # Likewise /Cn and /Mn drop the n lowest and highest values.
                values.sort()
                out.append(sum(values[cut : max(cut, len(values) - median)]))
        return out

    def _tb_bh(self, tb: TieBreak) -> Column:
        return Column(self._buchholz_raw(tb), self.unit)

    _tb_fb = _tb_bh

    def _tb_sb(self, tb: TieBreak) -> Column:
        if tb.cut or tb.median:
            terms = self.all_terms(tb.fore, self._swiss(tb), tb.pre_determined)
            out = []
            for terms_row in terms:
                kept, _ = self._cut(terms_row, tb, _sb_value, True)
                out.append(sum(map(_sb_value, kept)))
            return Column(out, self.unit * self.unit)
        return Column(self._plain_sb(tb), self.unit * self.unit)

    def _plain_sb(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Sonneborn-Berger without cuts for *members* (by index; by default everybody)."""
        view, seen, irregular = self._term_parts(tb.fore, self._swiss(tb), tb.pre_determined)
        seen_of = seen.__getitem__
        every_pts, every_opps = view.pts, self.opps
        out = []
        for i in self._indices(members):
            row = irregular.get(i)
            if row is None:  # a game in every round: opponent's score times own points
                out.append(sum(map(operator.mul, map(seen_of, every_opps[i]), every_pts[i])))
            else:
                out.append(sum(map(_sb_value, row)))
        return out

    def _tb_aob(self, tb: TieBreak) -> Column:
        inner = TieBreak("FB" if tb.fore else "BH", "FB" if tb.fore else "BH", fore=tb.fore,
                         pre_determined=tb.pre_determined)  # fmt: skip
        bh = self._cached(("bhraw", inner.key, tb.pre_determined),
                          lambda: self._buchholz_raw(inner))  # fmt: skip
        sums: list[tuple[int, int] | None] = []
        for i in range(len(self.players)):
            opponents = [o for k, o in zip(self.base.kinds[i], self.opps[i], strict=True)
                         if k == PLAYED]  # fmt: skip
            sums.append((sum(bh[o] for o in opponents), len(opponents)) if opponents else None)
        # An average over n games is a multiple of 1/n: one scale for every count keeps it exact.
        common = math.lcm(*{s[1] for s in sums if s is not None})
        raw = [None if s is None else s[0] * (common // s[1]) for s in sums]
        return Column(raw, common * self.unit)

    def koya_threshold(self, tb: TieBreak) -> tuple[int, int]:
        """The Koya limit as (maximum possible score, limit) in units (C.07 9.2, 14.5)."""
        if self.settings.regime is Regime.ROUND_ROBIN:
            in_standings = len(self.players) - len(self.annulled)
            maximum = max(in_standings - 1, 0) * self.cycles * self.win_u
        else:
            maximum = self.rounds * self.win_u
        if tb.limit_percent is not None:
            return maximum, maximum * tb.limit_percent
        # /L±n moves the limit by n half points (C.07 14.5), whatever the scoring system:
        # half a point is unit/2 units, i.e. 50·unit in the hundredths used here.
        return maximum, maximum * 50 + (tb.limit or 0) * 50 * self.unit

    def _tb_ks(self, tb: TieBreak) -> Column:
        return Column(self._ks_raw(tb), self.unit)

    def _ks_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Koya of *members* (by index; by default everybody), in units."""
        _, limit = self.koya_threshold(tb)
        strict = self.settings.koya_threshold == "more-than"
        score = self.score
        counted = [(s * 100 > limit) if strict else (s * 100 >= limit) for s in score]
        out = []
        kinds, pts, opps = self.base.kinds, self.base.pts, self.opps
        for i in self._indices(members):
            krow, prow, orow = kinds[i], pts[i], opps[i]
            total = 0
            for k, p, o in zip(krow, prow, orow, strict=True):
                if o >= 0 and k in _GAMES and counted[o]:
                    total += p
            out.append(total)
        return out

    def _tb_win(self, tb: TieBreak) -> Column:
        return Column(self._win_raw(tb), 1)

    def _win_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Wins of *members* (by index; by default everybody)."""
        out = []
        n = self.rounds
        kinds, pts, outcome = self.base.kinds, self.base.pts, self.outcome
        for i in self._indices(members):
            krow, prow, outs = kinds[i], pts[i], outcome[i]
            if krow.count(PLAYED) == n:  # a game in every round: the wins are the count
                out.append(outs.count(1))
                continue
            count = 0
            for k, p, w in zip(krow, prow, outs, strict=True):
                if (
                    (k == PLAYED and w == 1)
                    or k == FORFEIT_WIN
                    or (k in (FULL_BYE, PAIRING_BYE) and p >= self.win_u)
                ):
                    count += 1
            out.append(count)
        return out

    def _forfeit_wins_count(self, tb: TieBreak) -> bool:
        if tb.pre_determined:
            return True
        return self.settings.regime is Regime.ROUND_ROBIN and self.settings.rr_forfeit_wins_played

    def _count(
        self,
        tb: TieBreak,
        black_only: bool,
        wins_only: bool,
        members: Iterable[int] | None = None,
    ) -> list[int]:
        """Games (with Black only, wins only) of *members* (by index; by default everybody)."""
        counted = {PLAYED, FORFEIT_WIN} if self._forfeit_wins_count(tb) else {PLAYED}
        kinds, black, outcome, opps = self.base.kinds, self.black, self.outcome, self.opps
        return [
            sum(
                1
                for k, b, w, o in zip(kinds[i], black[i], outcome[i], opps[i], strict=True)
                if k in counted and o >= 0 and (b or not black_only) and (w == 1 or not wins_only)
            )
            for i in self._indices(members)
        ]

    def _won_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        return self._count(tb, False, True, members)

    def _bpg_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        return self._count(tb, True, False, members)

    def _bwg_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        return self._count(tb, True, True, members)

    def _tb_won(self, tb: TieBreak) -> Column:
        return Column(self._won_raw(tb), 1)

    def _tb_bpg(self, tb: TieBreak) -> Column:
        return Column(self._bpg_raw(tb), 1)

    def _tb_bwg(self, tb: TieBreak) -> Column:
        return Column(self._bwg_raw(tb), 1)

    def _tb_rep(self, tb: TieBreak) -> Column:
        return Column(self._rep_raw(tb), 1)

    def _rep_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Rounds minus half-point byes, zero-point byes (blank blocks too) and forfeit losses."""
        skipped = _VUR
        out = []
        kinds = self.base.kinds
        for i in self._indices(members):
            krow = kinds[i]
            rounds = sum(1 for k in krow if k != ANNULLED)
            out.append(rounds - sum(1 for k in krow if k in skipped))
        return out

    def _tb_ps(self, tb: TieBreak) -> Column:
        return Column(self._ps_raw(tb), self.unit)

    def _ps_raw(self, tb: TieBreak, members: Iterable[int] | None = None) -> list[int]:
        """Progressive scores of *members* (by index; by default everybody), in units."""
        out = []
        # Without cuts the sum of the running scores weighs round r's points by the
        # rounds left from it (n - r), the round itself included.
        weights = range(self.rounds, 0, -1)
        whole = not tb.cut and not tb.median
        kinds, pts = self.base.kinds, self.base.pts
        for i in self._indices(members):
            krow, prow = kinds[i], pts[i]
            if whole and ANNULLED not in krow:
                out.append(sum(map(operator.mul, prow, weights)))
                continue
            running = 0
            totals = []
            for k, p in zip(krow, prow, strict=True):
                running += p if k != ANNULLED else 0
                totals.append(running)
            kept = totals[tb.cut : len(totals) - tb.median]
            out.append(sum(kept))
        return out

    def _tb_std(self, tb: TieBreak) -> Column:
        out = []
        d = self.draw_u
        pts, opps = self.base.pts, self.opps
        for i, (krow, prow) in enumerate(zip(self.base.kinds, pts, strict=True)):
            halves = 0
            for r, (k, p) in enumerate(zip(krow, prow, strict=True)):
                if k == ANNULLED:
                    continue
                o = opps[i][r]
                if k in _GAMES and o >= 0:
                    other = pts[o][r] if opps[o][r] == i else self._opposite(p)
                else:
                    other = d
                halves += 2 if p > other else 1 if p == other else 0
            out.append(halves)
        return Column(out, 2)

    def _opposite(self, p: int) -> int:
        return self.loss_u if p >= self.win_u else self.draw_u if p == self.draw_u else self.win_u

    def _tb_tpn(self, tb: TieBreak) -> Column:
        return Column([p.start_rank for p in self.players], 1)

    def _tb_rtng(self, tb: TieBreak) -> Column:
        return Column([p.rating or None for p in self.players], 1)

    # -- rating-based (C.07 10): games played over the board against rated opponents -----

    def rated_games(self, i: int) -> list[tuple[int, int, int]]:
        """(opponent index, opponent rating, result in half points) of *i*'s rated games."""
        return self._all_rated_games()[i]

    def _all_rated_games(self) -> list[list[tuple[int, int, int]]]:
        if "rated" not in self._cache:
            ratings = self._ratings
            self._cache["rated"] = [
                [
                    (o, ratings[o], w + 1)
                    for k, o, w in zip(krow, orow, wrow, strict=True)
                    if k == PLAYED and ratings[o]
                ]
                for krow, orow, wrow in zip(self.base.kinds, self.opps, self.outcome, strict=True)
            ]
        return self._cache["rated"]  # type: ignore[no-any-return]

    def _tb_aro(self, tb: TieBreak) -> Column:
        trimmed = tb.cut or tb.median
        if not trimmed and "rated" not in self._cache:
            return Column(self._plain_aro(), 1)
        out: list[int | None] = []
        games = self._all_rated_games()
        for row in games:
            ratings = list(map(_RATING_OF, row))
            if trimmed:
                ratings.sort()
                ratings = ratings[tb.cut : len(ratings) - tb.median]
            out.append(_mean_half_up(sum(ratings), len(ratings)) if ratings else None)
        return Column(out, 1)

    def _plain_aro(self, members: Iterable[int] | None = None) -> list[int | None]:
        """ARO without cuts for *members* (by index; by default everybody).

        A row of rated games in every round is summed by ``map`` alone. Equal to the
        mean of :meth:`rated_games`' ratings; a row with another kind of round or an
        unrated opponent is taken game by game.
        """
        rating_of = self._ratings.__getitem__
        n = self.rounds
        every_kinds, every_opps = self.base.kinds, self.opps
        out: list[int | None] = []
        for i in self._indices(members):
            krow, orow = every_kinds[i], every_opps[i]
            if krow.count(PLAYED) == n:
                rated = list(map(rating_of, orow))
            else:
                rated = [rating_of(o) for k, o in zip(krow, orow, strict=True) if k == PLAYED]
            if 0 in rated:
                rated = [r for r in rated if r]
            out.append(_mean_half_up(sum(rated), len(rated)) if rated else None)
        return out

    @functools.cached_property
    def _ratings(self) -> list[int]:
        """Each player's rating by index, 0 when unrated."""
        return [p.rating or 0 for p in self.players]

    def _tpr_raw(self) -> list[int | None]:
        def build() -> list[int | None]:
            out: list[int | None] = []
            for i in range(len(self.players)):
                games = self.rated_games(i)
                if not games:
                    out.append(None)
                    continue
                total = sum(r for _, r, _ in games)
                score2 = sum(s for _, _, s in games)
                out.append(_mean_half_up(total + _dp(score2, len(games)) * len(games), len(games)))
            return out

        return self._cached("tpr", build)  # type: ignore[no-any-return]

    def _ptp_raw(self) -> list[int | None]:
        def build() -> list[int | None]:
            out: list[int | None] = []
            for i in range(len(self.players)):
                out.append(_perfect_performance(self.rated_games(i)))
            return out

        return self._cached("ptp", build)  # type: ignore[no-any-return]

    def _tb_tpr(self, tb: TieBreak) -> Column:
        return Column(self._tpr_raw(), 1)

    def _tb_ptp(self, tb: TieBreak) -> Column:
        return Column(self._ptp_raw(), 1)

    def _average_of_opponents(self, raw: list[int | None]) -> Column:
        out: list[int | None] = []
        for i in range(len(self.players)):
            values = [raw[o] for o, _, _ in self.rated_games(i)]
            present = [v for v in values if v is not None]
            out.append(_mean_half_up(sum(present), len(present)) if present else None)
        return Column(out, 1)

    def _tb_apro(self, tb: TieBreak) -> Column:
        return self._average_of_opponents(self._tpr_raw())

    def _tb_appo(self, tb: TieBreak) -> Column:
        return self._average_of_opponents(self._ptp_raw())

    # -- direct encounter (used by the standings) -----------------------------------------

    def encounters(self, i: int, pre_determined: bool = False) -> Iterable[tuple[int, int]]:
        """(opponent index, points) of *i*'s games that count for direct encounter.

        Round robins count forfeits (C.07 15.2); Swiss events only games played over
        the board (6.1.1), unless ``/P``.
        """
        key = ("encounters", pre_determined)
        if key not in self._cache:
            with_forfeits = pre_determined or self.settings.regime is Regime.ROUND_ROBIN
            self._cache[key] = [
                [
                    (o, p)
                    for k, o, p in zip(krow, orow, prow, strict=True)
                    if o >= 0 and (k == PLAYED or (with_forfeits and k in _FORFEITS))
                ]
                for krow, orow, prow in zip(self.base.kinds, self.opps, self.base.pts, strict=True)
            ]
        return self._cache[key][i]  # type: ignore[no-any-return]

    # -- explanation --------------------------------------------------------------------

    def explain(self, start_rank: int, tiebreaks: Sequence[TieBreak]) -> Explanation:
        """Each round's contribution to every tie-break of *tiebreaks* for one player.

        Raises:
            KeyError: When no player has *start_rank*.
        """
        i = self.index[start_rank]
        player = self.players[i]
        unit = self.unit
        lines: dict[int, dict[str, Fraction | None]] = {r: {} for r in range(1, self.rounds + 1)}
        scores: dict[int, tuple[Fraction, str]] = {}
        notes: list[str] = []
        totals: dict[str, Fraction | None] = {}
        for tb in tiebreaks:
            totals[tb.text] = self.values(tb).get(start_rank)
            if tb.name in ("BH", "FB", "SB"):
                sb = tb.name == "SB"

                def weight(t: _Term, sb: bool = sb) -> int:
                    return t[_SCORE] * t[_POINTS] if sb else t[_SCORE]

                terms = self.terms(i, tb)
                _, removed = self._cut(terms, tb, weight, sb)
                scale = unit * unit if sb else unit
                for t in terms:
                    lines[t[_ROUND]][tb.text] = Fraction(weight(t), scale)
                    if not tb.fore:
                        scores.setdefault(t[_ROUND], (Fraction(t[_SCORE], unit), t[_HOW]))
                for t in removed:
                    notes.append(
                        f"{tb.text}: the cut removes round {t[_ROUND]} "
                        f"({format_number(Fraction(weight(t), scale))})"
                    )
            elif tb.name == "KS":
                maximum, limit = self.koya_threshold(tb)
                notes.append(
                    f"{tb.text}: opponents count from {format_number(Fraction(limit, 100 * unit))} "
                    f"points (maximum {format_number(Fraction(maximum, unit))})"
                )
                for r, (k, p, o) in enumerate(
                    zip(self.base.kinds[i], self.base.pts[i], self.opps[i], strict=True)
                ):
                    if o >= 0 and k in _GAMES:
                        ok = self.score[o] * 100 >= limit
                        if self.settings.koya_threshold == "more-than":
                            ok = self.score[o] * 100 > limit
                        lines[r + 1][tb.text] = Fraction(p, unit) if ok else Fraction(0)
            elif tb.name in ("WIN", "WON", "BPG", "BWG", "REP", "PS", "PTS", "STD"):
                self._explain_own(i, tb, lines)
            elif tb.name in ("ARO", "TPR", "PTP", "APRO", "APPO"):
                rated = ", ".join(
                    f"{self.players[o].start_rank} ({r})" for o, r, _ in self.rated_games(i)
                )
                notes.append(f"{tb.text}: rated games over the board against {rated or 'nobody'}")
        for w in self.withdrawals.values():
            what = "annulled" if w.annulled else "kept; the rest count as forfeits"
            notes.append(
                f"player {w.start_rank} withdrew from round {w.from_round} having completed "
                f"{w.completed} of {w.scheduled} games: {what} (C.05)"
            )
        rows = []
        for r in range(1, self.rounds + 1):
            k = self.base.kinds[i][r - 1]
            o = self.opps[i][r - 1]
            score, treatment = scores.get(r, (None, ""))
            if not treatment:
                treatment = (
                    "removed from the standings (withdrawal under 50 %)" if k == ANNULLED
                    else "not a game: contributes nothing" if k not in _GAMES
                    or (self.settings.regime is Regime.ROUND_ROBIN and o < 0)
                    else ""
                )  # fmt: skip
            if score is None and o >= 0 and k != ANNULLED:
                score = Fraction(self.score[o], unit)
            rows.append(
                RoundLine(
                    r,
                    self.players[o].start_rank if o >= 0 else None,
                    self.codes[i][r - 1],
                    Fraction(self.raw_pts[i][r - 1], unit),
                    _KIND_NAMES[k],
                    score,
                    treatment,
                    lines[r],
                )
            )
        for record, value in self.abnormal[i]:
            notes.append(
                f"record 299 (line {record.line}) changes the points by "
                f"{format_number(Fraction(value, unit))}"
            )
        return Explanation(
            start_rank,
            player.name,
            Fraction(self.score[i], unit),
            tuple(rows),
            totals,
            tuple(notes),
        )

    def _explain_own(
        self, i: int, tb: TieBreak, lines: dict[int, dict[str, Fraction | None]]
    ) -> None:
        """Per-round contributions of the own-record tie-breaks."""
        unit = self.unit
        forfeits = self._forfeit_wins_count(tb)
        running = 0
        for r in range(self.rounds):
            k, p = self.base.kinds[i][r], self.base.pts[i][r]
            w, b, o = self.outcome[i][r], self.black[i][r], self.opps[i][r]
            value: Fraction | None
            if k == ANNULLED:
                value = None
            elif tb.name == "PTS":
                value = Fraction(p, unit)
            elif tb.name == "PS":
                running += p
                value = Fraction(running, unit)
            elif tb.name == "WIN":
                won = (k == PLAYED and w == 1) or k == FORFEIT_WIN
                value = Fraction(int(won or (k in (FULL_BYE, PAIRING_BYE) and p >= self.win_u)))
            elif tb.name == "REP":
                value = Fraction(int(k not in _VUR))
            elif tb.name == "STD":
                value = None
            else:
                game = k == PLAYED or (forfeits and k == FORFEIT_WIN and o >= 0)
                ok = game and (tb.name == "WON" or b) and (tb.name == "BPG" or w == 1)
                value = Fraction(int(ok))
            lines[r + 1][tb.text] = value


_OWN_ROUNDS: dict[str, Callable[..., list[int]]] = {
    "WIN": TieBreakEngine._win_raw,
    "WON": TieBreakEngine._won_raw,
    "BPG": TieBreakEngine._bpg_raw,
    "BWG": TieBreakEngine._bwg_raw,
    "REP": TieBreakEngine._rep_raw,
    "PS": TieBreakEngine._ps_raw,
    "KS": TieBreakEngine._ks_raw,
}
"""The tie-breaks whose value of a player is worked out from that player's own rounds
(and the scores), by their raw methods: ``method(engine, tb, members)``."""

_WIDE = 11_000
"""Rating differences covered by :func:`_expected_wide` (ratings have 4 digits, plus 800)."""


@functools.cache
def _expected_wide() -> list[int]:
    """Expected score (hundredths) by rating difference + ``_WIDE``, clamped at 0 and 100.

    Built on first use (PTP and APPO only): 22,001 entries would cost every start-up.
    """
    return [_expected(d) for d in range(-_WIDE, _WIDE + 1)]


def _perfect_performance(games: Sequence[tuple[int, int, int]]) -> int | None:
    """C.07 10.3: the lowest rating whose expected score reaches the score (B.02 8.1.2).

    The sum of expected scores grows with the rating, so a binary search over
    [lowest opponent − 800, highest + 800] finds it; a zero score gives the lowest
    opponent's rating − 800 and a perfect score the highest + 800.
    """
    if not games:
        return None
    ratings = [r for _, r, _ in games]
    score = sum(s for _, _, s in games) * 50  # hundredths
    if score == 0:
        return min(ratings) - 800
    if score == 100 * len(games):
        return max(ratings) + 800
    lookup = _expected_wide().__getitem__
    shifted = [_WIDE - r for r in ratings]
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:
        mid = (low + high) // 2
        if sum(map(lookup, map(mid.__add__, shifted))) >= score:
            high = mid
        else:
            low = mid + 1
    return low


_MISSING: Any = object()


def _make_fraction(numerator: int, denominator: int) -> Fraction:
    return Fraction(numerator, denominator)


def _sb_value(t: _Term) -> int:
    return t[2] * t[3]


# --- report-wide facts ---------------------------------------------------------------------


def completed_rounds(tournament: Tournament) -> int:
    """The last round in which any game (played or forfeited) has a result.

    Rounds after it hold only byes entered in advance (a partial TRF for the next
    pairing) and are left out of the standings. A report without any game uses
    the highest round with a result.
    """
    last_game = 0
    last_any = 0
    byes = _BYE_RESULTS
    for p in tournament.players:
        # Blocks run in round order: from the end, the first result is the player's
        # last, and the first game ends the search.
        for b in reversed(p.rounds):
            result = b.result
            if result is None:
                continue
            if b.round > last_any:
                last_any = b.round
            if b.opponent is not None and result not in byes:
                if b.round > last_game:
                    last_game = b.round
                break
    limit = tournament.declared_rounds
    rounds = last_game or last_any
    appended = appended_columns(tournament)
    if appended and limit:
        rounds = min(rounds, limit)
    return rounds


def is_team_event(tournament: Tournament) -> bool:
    """True for team tournaments: record 310, a team 192 code, or several team records."""
    code = (tournament.header("192") or "").upper()
    if "TEAM" in code:
        return True
    teams = tournament.teams
    return any(t.code == "310" for t in teams) or len(teams) >= 2


_NUMBER = re.compile(r"^-?\d*(?:[.,]\d+)?[¼½¾]?$")


def appended_columns(tournament: Tournament) -> dict[int, tuple[str, ...]]:
    """Tie-break values an exporter appended to the 001 lines after the last round.

    Needs the number of rounds (record 142 or ``XXR``): whatever follows that
    round's block on a player line is read as blank-separated numbers. A report
    where any line has text there that is not a number has no appended columns.

    Returns:
        Start rank → the values as written (empty when there are none).
    """
    rounds = tournament.declared_rounds
    if not rounds:
        return {}
    start = 91 + 10 * rounds
    found: dict[int, tuple[str, ...]] = {}
    for p in tournament.players:
        if p.source is None:
            continue
        extra = p.source.text[start:].split()
        if not extra:
            continue
        if not all(_NUMBER.match(x) and any(c.isdigit() or c in "¼½¾" for c in x) for x in extra):
            return {}
        found.setdefault(p.start_rank, tuple(extra))
    return found


def settings_from(
    tournament: Tournament,
    *,
    rules: str | None = None,
    tournament_type: str | None = None,
    withdrawals: bool = True,
    **options: Any,
) -> tuple[TieBreakSettings, EditionChoice, RegimeChoice]:
    """The settings for *tournament*: edition and regime chosen, options applied.

    Raises:
        TieBreakError: For an unknown rule set.
    """
    edition = choose_edition(tournament, rules)
    regime = detect_regime(tournament, tournament_type)
    known = {f.name for f in attrs.fields(TieBreakSettings)}
    extra = {k: v for k, v in options.items() if k in known and v is not None}
    settings = TieBreakSettings(
        edition=edition.edition, regime=regime.regime, withdrawals=withdrawals, **extra
    )
    return settings, edition, regime

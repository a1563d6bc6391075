"""Exporter lint: the defects that real exporters are known for.

Every check here has its own code (``E001``…) and names the exporter habit it
catches, with the public report where one exists (lichess issues lila#6669,
#6906, #7634, #7696; the Vega manual's ``.tdf`` appendix). Two items of the
same family live in the structure checks because they hold for every file:
duplicate start ranks (``S001``), duplicate FIDE ids (``S006``) and more than one
``U`` bye in a round (``S005``).

The checks never guess: a value that could mean two things (``08/04/2018``,
Vega's 152) is reported with what it could mean, and nothing is rewritten.
"""

from __future__ import annotations

import datetime
import functools
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from trfkit import columns as C
from trfkit import dates as date_readings
from trfkit.checks.base import Check, Context, make_check
from trfkit.checks.structure import blocks
from trfkit.compute.history import (
    FULL_BYE,
    PAIRING_BYE,
    ZERO_BYE,
    Spelling,
    bye_of_record,
    completed_rounds,
    kind_of_block,
    spelling_of,
)
from trfkit.compute.regime import clubs_not_teams
from trfkit.dates import Reading
from trfkit.diagnostics import Diagnostic, Severity, line_ranges
from trfkit.model import (
    BbpScore,
    Byes,
    InitialColour,
    Player,
    RawRecord,
    Record,
    RoundCount,
    RoundDates,
    RoundResult,
    Scoring,
    Team,
    TextRecord,
    TieBreakList,
    Tournament,
)
from trfkit.trf.written import (
    bye_opponents,
    leading_number,
    piped_player,
    prefix_column,
    value_as_written,
)

_R = TypeVar("_R", bound=Record)

VALUE_COLUMN = 5
"""Where the value of a header record starts (after the code and a blank)."""

_URL = r"(?i)(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)[^\s,;]+"
"""A URL: compiled (by re, once) for the first value that may hold one, not at import."""


def _find_url(value: str) -> re.Match[str] | None:
    """The first URL in *value* (:data:`_URL`), if there is one."""
    if "://" not in value and "www." not in value.lower():
        return None  # the pattern cannot match: most files never compile it
    return re.search(_URL, value)


PLATFORMS = frozenset(
    {
        "lichess",
        "lichess.org",
        "chess.com",
        "chess24",
        "chess24.com",
        "playchess",
        "playchess.com",
        "tornelo",
        "tornelo.com",
        "chesskid",
        "chesskid.com",
        "icc",
        "chessclub.com",
        "fics",
        "freechess.org",
    }
)
"""Online playing platforms whose names exporters write where a place or person belongs."""

_HEADER_MEANING = {
    "022": ("city", "the city where the tournament took place"),
    "032": ("federation", "the host federation's three-letter FIDE code"),
    "102": ("chief arbiter", "the chief arbiter's name"),
    "112": ("deputy arbiter", "a deputy arbiter's name"),
}

SINGLE_RECORDS = frozenset(
    {
        "012",
        "022",
        "032",
        "042",
        "052",
        "062",
        "072",
        "082",
        "092",
        "102",
        "122",
        "142",
        "152",
        "162",
        "182",
        "192",
        "202",
        "212",
        "222",
        "352",
        "362",
        "XXR",
        "BBW",
        "BBD",
        "BBL",
        "BBZ",
        "BBF",
        "BBU",
    }
)
"""Header records that hold one value for the whole file (112, 132, 172 and XXS may repeat)."""



# --- helpers ------------------------------------------------------------------------------


class _Headers:
    """The records other than the player records, gathered once per file.

    A file is mostly 001 lines; the header checks look at the dozen records
    around them, so they walk this short list instead of every record.

    Attributes:
        records: Every record that is not a player record, in file order.
        text: The free-text header records (:class:`TextRecord`), in file order.
        by_code: The free-text header records by code, each list in file order.
    """

    def __init__(self, t: Tournament) -> None:
        self.records = [r for r in t.records if not isinstance(r, Player)]
        self.text = [r for r in self.records if isinstance(r, TextRecord)]
        self.by_code: dict[str, list[TextRecord]] = {}
        for record in self.text:
            self.by_code.setdefault(record.code, []).append(record)


def _headers(ctx: Context) -> _Headers:
    found: _Headers = ctx.cached("lint.headers", lambda: _Headers(ctx.tournament))
    return found


def _text_records(ctx: Context, *codes: str) -> Sequence[TextRecord]:
    """The free-text header records with one of *codes*, in file order."""
    headers = _headers(ctx)
    if len(codes) == 1:
        return headers.by_code.get(codes[0], ())
    return [r for r in headers.text if r.code in codes]


def _of_type(ctx: Context, kind: type[_R]) -> Iterator[_R]:
    """The records of class *kind* (never player records), in file order."""
    return (r for r in _headers(ctx).records if isinstance(r, kind))


def _record_code(record: Record) -> str | None:
    if isinstance(record, InitialColour):
        return "152"
    if isinstance(record, (TextRecord, RoundCount, Scoring, TieBreakList, BbpScore)):
        return record.code
    return None


def last_used_round(t: Tournament) -> int:
    """The highest round with a block that says something (``0000 -`` blocks do not)."""
    return max(
        (b.round for p in t.players for b in p.rounds if not b.is_blank),
        default=0,
    )


def played_rounds(ctx: Context) -> int:
    """The last round with a block that says something, a phantom round (E005) left out."""
    last = blocks(ctx).last_used
    return last - 1 if last and _phantom_after(ctx.tournament, last) == last else last


def _in_progress(ctx: Context) -> bool:
    """True when a declared round count (142/XXR) is higher than the rounds used."""
    declared = ctx.tournament.declared_rounds
    return declared is not None and blocks(ctx).last_used < declared


def phantom_round(t: Tournament) -> int | None:
    """The last round when it holds no game and no points, only absences.

    A round counts as phantom when every block in it is an absence without an
    opponent (``Z``, ``-`` or a blank result) and either it lies beyond the
    declared round count, or its blocks are forfeit losses without an opponent
    (``0000 - -``, lichess' extra round). ``0000 - Z`` blocks within the declared
    rounds are JaVaFo's announced absences for the round to be paired.
    """
    return _phantom_after(t, last_used_round(t))


def _phantom_after(t: Tournament, last: int) -> int | None:
    """:func:`phantom_round` when *last* is the last used round."""
    if last == 0:
        return None
    forfeits = False
    for p in t.players:
        b = p.round(last)
        if b is None:
            continue
        spelling = spelling_of(b)
        if spelling is Spelling.FORFEIT_WITHOUT_OPPONENT:
            forfeits = True
        elif spelling not in _SCORELESS and not (
            spelling is Spelling.BYE and kind_of_block(b) is ZERO_BYE
        ):
            return None  # a game or points: usually the first player's block says so
    declared = t.declared_rounds
    if (declared is not None and last > declared) or forfeits:
        return last
    return None


_SCORELESS = frozenset({Spelling.EMPTY, Spelling.ABSENCE})
"""Blocks without an opponent and without points (with ``Z`` and ``0000 - -``)."""


def _cell(player: Player, block: RoundResult) -> dict[str, object]:
    return {
        "line": player.line,
        "column": C.round_block_start(block.round),
        "round": block.round,
        "players": (player.start_rank,),
    }


# --- E001-E003: header values that are not what their record holds -----------------------


def _url_in_header(ctx: Context) -> Iterator[Diagnostic]:
    """A URL stands where a city, a federation or an arbiter belongs.

    Records 022 (city), 032 (federation), 102 (chief arbiter) and 112 (deputy
    arbiters) hold a place, a code and names (TRF16 tournament section; 022,
    032 and 102 are mandatory for rating). The lichess Swiss export writes the
    tournament's address into 022 and ``https://lichess.org/swiss`` into 102
    (lichess issue lila#7696).

    PASS::

        022 Heraklion
        102 FA Stefanatos Charalampos

    FAIL::

        022 https://lichess.org/swiss/FaLp5fSD
        102 https://lichess.org/swiss
    """
    for record in _text_records(ctx, *_HEADER_MEANING):
        match = _find_url(record.value)
        if match:
            what, expected = _HEADER_MEANING[record.code]
            yield URL_IN_HEADER.rule.diagnostic(
                f"{record.code} ({what}) holds the URL {match.group()!r}; expected {expected}",
                line=record.line,
                column=VALUE_COLUMN,
            )


URL_IN_HEADER = make_check("E001", "url-in-header", Severity.WARNING, _url_in_header)


_WORD_BREAK = re.compile(r"[\s,;/]+")


def _platform_words(value: str) -> set[str]:
    return {w.strip(".()[]").lower() for w in _WORD_BREAK.split(value) if w}


def _platform_in_header(ctx: Context) -> Iterator[Diagnostic]:
    """An online platform's name stands where a city, a federation or an arbiter belongs.

    032 holds the host federation's FIDE code (``NOR``, ``GER``); 022 a city; 102
    and 112 the arbiters' names. lichess writes ``032 Lichess`` (lila#7696).
    Platforms recognised: lichess, chess.com, chess24, playchess, Tornelo,
    ChessKid, ICC and FICS. A value that is a URL is reported by E001 instead.

    PASS: ``032 NOR``. FAIL: ``032 Lichess``.
    """
    for record in _text_records(ctx, *_HEADER_MEANING):
        if _find_url(record.value):
            continue
        found = sorted(_platform_words(record.value) & PLATFORMS)
        if found:
            what, expected = _HEADER_MEANING[record.code]
            yield PLATFORM_IN_HEADER.rule.diagnostic(
                f"{record.code} ({what}) is {record.value.strip()!r}, the name of an online "
                f"platform; expected {expected}",
                line=record.line,
                column=VALUE_COLUMN,
            )


PLATFORM_IN_HEADER = make_check("E002", "platform-in-header", Severity.WARNING, _platform_in_header)


_FEDERATION_CODE = re.compile(r"[A-Z]{3}")


def _bad_federation_code(ctx: Context) -> Iterator[Diagnostic]:
    """Record 032 is not a three-letter federation code.

    TRF16: 032 is the host federation as a three-letter FIDE code (upper case).
    A blank 032 is not reported here; URLs and platform names are E001 and E002.

    PASS: ``032 IRL``. FAIL: ``032 Ireland``, ``032 irl``.
    """
    for record in _text_records(ctx, "032"):
        value = record.value.strip()
        if not value or _FEDERATION_CODE.fullmatch(value):
            continue
        if _find_url(value) or _platform_words(value) & PLATFORMS:
            continue
        yield BAD_FEDERATION_CODE.rule.diagnostic(
            f"032 (federation) is {value!r}; expected a three-letter FIDE code such as 'IRL'",
            line=record.line,
            column=VALUE_COLUMN,
        )


BAD_FEDERATION_CODE = make_check(
    "E003", "bad-federation-code", Severity.WARNING, _bad_federation_code
)


# --- E004-E007: the player records ---------------------------------------------------------


def _rank_column_empty(ctx: Context) -> Iterator[Diagnostic]:
    """The rank column (001, columns 86-89) is empty or 0 for every player.

    The rank is mandatory for rating reports (TRF16) and, from TRF-2026, for
    pairing too; lichess never fills it (lila#7634). A rank of 0 for some
    players is how withdrawn or unranked players are written (FIDE's own
    example file) and is not reported; only a column that is empty or 0 for
    everybody is. Team events (where a player's rank has no agreed meaning),
    files of a tournament in progress (fewer rounds used than 142/XXR declares)
    and schedules made before play (no round has a result: ``berger --format trf``)
    are not checked.

    PASS: ranks 1, 2, 3, 0 (a withdrawn player). FAIL: every 001 line blank in 86-89.
    """
    t = ctx.tournament
    players = t.players
    if not players or ctx.regime.team or _in_progress(ctx) or blocks(ctx).last_used == 0:
        return
    if completed_rounds(t) == 0:
        return  # nothing played yet, nothing to rank
    if all(not p.rank for p in players):
        empty = all(p.rank is None for p in players)
        what = "empty" if empty else "0 or empty"
        yield RANK_COLUMN_EMPTY.rule.diagnostic(
            f"the rank column ({C.RANK.start}-{C.RANK.end}) is {what} for all "
            f"{len(players)} players; expected each player's final rank",
            line=players[0].line,
            column=C.RANK.start,
        )


RANK_COLUMN_EMPTY = make_check("E004", "rank-column-empty", Severity.WARNING, _rank_column_empty)


def _phantom_round(ctx: Context) -> Iterator[Diagnostic]:
    """The last round holds no game and no points: an extra round that was never played.

    The lichess Swiss export once added a block ``0000   -`` for some players in
    a round after the last one played (lila#6906, lichess-org/api#42). A round is
    reported when all its blocks are absences without an opponent and either it
    lies beyond the round count of 142/XXR or its blocks are forfeit losses
    without an opponent. JaVaFo's ``0000 - Z`` (or ``H``/``F``) blocks that
    announce absences for the round about to be paired are not reported.

    PASS (round 5 announces an absence; XXR 9)::

        001   22 …  0000 - Z

    FAIL (XXR 15; a 16th block with nothing in it)::

        001   36 …    12 w 1    0000   -
    """
    t = ctx.tournament
    number = _phantom_after(t, blocks(ctx).last_used)
    if number is None:
        return
    players = [p for p in t.players if (b := p.round(number)) is not None and not b.is_blank]
    beyond = t.declared_rounds is not None and number > t.declared_rounds
    reason = (
        f"beyond the {t.declared_rounds} declared rounds"
        if beyond
        else "written as forfeit losses without an opponent"
    )
    ranks = tuple(p.start_rank for p in players)
    listed = ", ".join(map(str, ranks[:10])) + (", …" if len(ranks) > 10 else "")
    yield PHANTOM_ROUND.rule.diagnostic(
        f"round {number} has no game and no points, only {len(ranks)} absence block(s) "
        f"{reason} (players {listed}); expected no block for a round that was not played",
        line=players[0].line,
        column=C.round_block_start(number),
        round=number,
        players=ranks,
    )


PHANTOM_ROUND = make_check("E005", "phantom-round", Severity.WARNING, _phantom_round)


def _pab_coded_as_full_bye(ctx: Context) -> Iterator[Diagnostic]:
    """Pairing-allocated byes written as full-point byes (``F``) instead of ``U``.

    TRF16 result codes: ``U`` is the pairing-allocated bye (PAB), ``F`` a
    full-point bye the player was given on request. Pairing engines treat them
    differently: a player whose PAB was written ``F`` may get a second one
    (lila#6669). The signature of an exporter that writes every PAB as ``F``: the
    file has no ``U`` at all, yet ``F`` occurs in two or more rounds and never
    twice in one round. Byes confirmed by a TRF-2026 240 ``F`` record are not
    reported; nor are team events. Two ``U`` in one round are reported by S005.

    PASS: ``0000 - U`` for the player left over in rounds 1 and 3.
    FAIL: ``0000 - F`` for the player left over in rounds 1 and 3, and no ``U`` anywhere.
    """
    if ctx.regime.team:
        return
    full: dict[int, list[tuple[Player, RoundResult]]] = {}
    for p, b in blocks(ctx).notable:  # byes are never among the agreeing games left out
        kind = kind_of_block(b)
        if kind is PAIRING_BYE:
            return
        if kind is FULL_BYE and spelling_of(b) is Spelling.BYE:
            full.setdefault(b.round, []).append((p, b))
    if len(full) < 2 or any(len(v) > 1 for v in full.values()):
        return
    declared: set[tuple[int | None, int | None]] = {
        (r.round, i) for r in _of_type(ctx, Byes) if bye_of_record(r) is FULL_BYE for i in r.ids
    }
    for _, ((p, b),) in sorted(full.items()):
        if (b.round, p.start_rank) in declared:
            continue
        yield PAB_CODED_AS_FULL_BYE.rule.diagnostic(
            f"round {b.round}: player {p.start_rank} has a full-point bye (F), and the file "
            f"has no pairing-allocated bye (U) in any round; expected U if this was the "
            "bye of the player left unpaired",
            **_cell(p, b),  # type: ignore[arg-type]
        )


PAB_CODED_AS_FULL_BYE = make_check(
    "E006", "pab-coded-as-full-bye", Severity.WARNING, _pab_coded_as_full_bye
)


def _repeated_pairing_bye(ctx: Context) -> Iterator[Diagnostic]:
    """A player has the pairing-allocated bye (``U``) in more than one round.

    FIDE C.04.1 (basic rules for Swiss systems): a player who has already
    received a pairing-allocated bye shall not receive it again. A second PAB is
    the visible effect of an exporter that wrote the first one as ``F``
    (lila#6669). Round robins and team events (as :func:`trfkit.compute.regime.decide`
    reads them) are not checked.

    PASS: player 7 has ``0000 - U`` in round 3 only.
    FAIL: player 108 has ``0000 - U`` in rounds 6 and 8.
    """
    byes_of: dict[int, tuple[Player, list[RoundResult]]] = {}
    for p, b in blocks(ctx).notable:  # a U block is never among the agreeing games left out
        if kind_of_block(b) is PAIRING_BYE:
            byes_of.setdefault(id(p), (p, []))[1].append(b)
    repeated = [(p, byes) for p, byes in byes_of.values() if len(byes) > 1]
    if not repeated or ctx.regime.team or ctx.regime.round_robin:
        return  # the usual case: nobody has two, so whether it is a round robin does not matter
    for p, byes in repeated:
        for b in byes[1:]:
            yield REPEATED_PAIRING_BYE.rule.diagnostic(
                f"round {b.round}: player {p.start_rank} has a pairing-allocated bye (U) "
                f"again (first in round {byes[0].round}); expected at most one per player",
                **_cell(p, b),  # type: ignore[arg-type]
            )


REPEATED_PAIRING_BYE = make_check(
    "E007", "repeated-pairing-bye", Severity.WARNING, _repeated_pairing_bye
)


# --- E008-E011: declared counts ------------------------------------------------------------


def _player_count(ctx: Context) -> Iterator[Diagnostic]:
    """Record 062 (number of players) differs from the number of player records.

    Only the first number is compared: Swiss-Manager writes ``062 15 (12)``, and
    what the number in parentheses counts is not documented (the spec marks it
    UNCERTAIN), so it is neither compared nor reported.

    PASS: ``062 16`` with 16 lines 001. FAIL: ``062 18`` with 16 lines 001.
    """
    t = ctx.tournament
    for record in _text_records(ctx, "062"):
        value = record.value.strip()
        if not value:
            continue
        declared = leading_number(value)
        if declared is None:
            yield PLAYER_COUNT.rule.diagnostic(
                f"062 (number of players) is {value!r}; expected a number",
                line=record.line,
                column=VALUE_COLUMN,
            )
        elif declared != len(t.players):
            yield PLAYER_COUNT.rule.diagnostic(
                f"062 declares {declared} players; the file has {len(t.players)} player "
                "records (001)",
                line=record.line,
                column=VALUE_COLUMN,
            )


PLAYER_COUNT = make_check("E008", "player-count-mismatch", Severity.WARNING, _player_count)


def _rated_count(ctx: Context) -> Iterator[Diagnostic]:
    """Record 072 (number of rated players) fits neither count the file allows.

    TRF16: 072 is the number of FIDE-rated players. Exporters count either the
    players with a rating (columns 49-52, not 0) or those with a FIDE id
    (columns 58-68, not 0; JaVaFo's Capo d'Orso sample); either count is
    accepted.

    PASS: ``072 41`` with 41 rated players. FAIL: ``072 50`` with 41 rated players
    and 51 FIDE ids.
    """
    t = ctx.tournament
    rated: int | None = None  # players with a rating, counted once
    with_id: int | None = None  # players with a FIDE id, counted when the rated count differs
    for record in _text_records(ctx, "072"):
        value = record.value.strip()
        if not value:
            continue
        declared = leading_number(value)
        if declared is None:
            yield RATED_COUNT.rule.diagnostic(
                f"072 (number of rated players) is {value!r}; expected a number",
                line=record.line,
                column=VALUE_COLUMN,
            )
            continue
        if rated is None:
            rated = len([p for p in t.players if p.rating])
        if declared == rated:
            continue
        if with_id is None:
            with_id = len([p for p in t.players if p.fide_id.strip("0 ")])
        if declared != with_id:
            yield RATED_COUNT.rule.diagnostic(
                f"072 declares {declared} rated players; the file has {rated} players with a "
                f"rating and {with_id} with a FIDE id",
                line=record.line,
                column=VALUE_COLUMN,
            )

RATED_COUNT = make_check("E009", "rated-count-mismatch", Severity.WARNING, _rated_count)


def team_count(t: Tournament) -> int:
    """The number of teams: the 310 records if any, else the 013 records."""
    new = sum(1 for team in t.teams if team.code == "310")
    return new or sum(1 for team in t.teams if team.code == "013")


def _team_count(ctx: Context) -> Iterator[Diagnostic]:
    """Record 082 (number of teams) differs from the team records.

    The teams are the TRF-2026 310 records, or the TRF16 013 records in a file
    without 310 (files with both list each team twice). ``082 0`` in an
    individual event is correct.

    PASS: ``082 12`` with twelve 013 lines. FAIL: ``082 12`` with ten.
    """
    t = ctx.tournament
    teams = team_count(t)
    for record in _text_records(ctx, "082"):
        value = record.value.strip()
        if not value:
            continue
        declared = leading_number(value)
        if declared is None:
            yield TEAM_COUNT.rule.diagnostic(
                f"082 (number of teams) is {value!r}; expected a number",
                line=record.line,
                column=VALUE_COLUMN,
            )
        elif declared != teams:
            yield TEAM_COUNT.rule.diagnostic(
                f"082 declares {declared} teams; the file has {teams} team records",
                line=record.line,
                column=VALUE_COLUMN,
            )


TEAM_COUNT = make_check("E010", "team-count-mismatch", Severity.WARNING, _team_count)


def _round_count(ctx: Context) -> Iterator[Diagnostic]:
    """The number of rounds of 142 or XXR disagrees with the file.

    TRF-2026 142 (and JaVaFo's ``XXR`` before it) is the total number of rounds.
    It may exceed the rounds in the player records (a tournament in progress),
    but no player may have a block for a later round, and 142 and XXR must
    agree when both are present. A phantom round (E005) is left out.

    PASS: ``XXR 9`` and blocks for rounds 1-4. FAIL: ``142 5`` and a block for round 7.
    """
    t = ctx.tournament
    counts: dict[str, RoundCount] = {}
    for record in _of_type(ctx, RoundCount):
        if record.rounds is not None:
            counts.setdefault(record.code, record)
    if "142" in counts and "XXR" in counts and counts["142"].rounds != counts["XXR"].rounds:
        yield ROUND_COUNT.rule.diagnostic(
            f"XXR declares {counts['XXR'].rounds} rounds but 142 declares {counts['142'].rounds}",
            line=counts["XXR"].line,
            column=VALUE_COLUMN,
        )
    chosen = counts.get("142") or counts.get("XXR")
    if chosen is None or chosen.rounds is None:
        return
    declared = chosen.rounds
    last_used = blocks(ctx).last_used
    if last_used <= declared:
        return  # the usual case: no block after the declared rounds
    phantom = _phantom_after(t, last_used)
    for p in t.players:
        late = [b for b in p.rounds if b.round > declared and not b.is_blank and b.round != phantom]
        if late:
            last = late[-1]
            yield ROUND_COUNT.rule.diagnostic(
                f"{chosen.code} declares {declared} rounds; player {p.start_rank} (line "
                f"{p.line}) has a block for round {last.round}",
                line=chosen.line,
                column=VALUE_COLUMN,
                round=last.round,
                players=(p.start_rank,),
            )
            return


ROUND_COUNT = make_check("E011", "round-count-mismatch", Severity.ERROR, _round_count)


# --- E012-E014: dates -----------------------------------------------------------------------


# How a date text reads depends on the text alone; a batch of files repeats the same
# dates over and over, so each text is read once.
_readings = functools.lru_cache(maxsize=1024)(date_readings.readings)
_is_standard_full = functools.lru_cache(maxsize=1024)(date_readings.is_standard_full)
_is_standard_round = functools.lru_cache(maxsize=1024)(date_readings.is_standard_round)


class DateField:
    """One date in the file: where it stands and how it reads (``fix`` reads them too)."""

    def __init__(
        self, record: Record, text: str, column: int, round_number: int | None = None
    ) -> None:
        self.record = record
        self.text = text.strip()
        self.column = column
        self.round = round_number
        self.readings = _readings(self.text)

    def describe(self) -> str:
        """The text and every date it reads as, for a message."""
        return _describe(self.text, self.readings)


def _describe(text: str, found: Sequence[Reading]) -> str:
    dates = sorted({r.date.isoformat() for r in found})
    if not dates:
        return repr(text)
    return f"{text!r} (read as {' or '.join(dates)})"


def _header_date(ctx: Context, code: str) -> DateField | None:
    """The first non-blank *code* record (042, 052) as a date, read once per file."""
    found: DateField | None = ctx.cached(
        f"lint.date.{code}", lambda: _read_header_date(ctx, code)
    )
    return found


def _read_header_date(ctx: Context, code: str) -> DateField | None:
    for record in _text_records(ctx, code):
        if record.value.strip():
            return DateField(record, record.value, VALUE_COLUMN)
    return None


def _is_vega(record: RoundDates) -> bool:
    """Vega .tdf separates a 132's dates with ``;`` (the reader keeps them as written)."""
    return ";" in record.prefix or any(";" in d for d in record.dates)


def _round_date_fields(ctx: Context) -> list[DateField]:
    """The round dates of every 132 record, in round order (read once per file)."""
    found: list[DateField] = ctx.cached("lint.round_dates", lambda: _read_round_dates(ctx))
    return found


def _read_round_dates(ctx: Context) -> list[DateField]:
    fields: list[DateField] = []
    ordinal = 0
    for record in _of_type(ctx, RoundDates):
        if _is_vega(record) or record.source is None:
            continue
        if any(d.strip() for d in record.dates):
            for index, cell in enumerate(record.dates):
                if cell.strip():
                    fields.append(
                        DateField(record, cell, C.round_block_start(index + 1), index + 1)
                    )
        elif record.prefix:
            ordinal += 1
            column = prefix_column(record) or VALUE_COLUMN
            fields.append(DateField(record, record.prefix, column, ordinal))
    return fields


def _bad_date(ctx: Context) -> Iterator[Diagnostic]:
    """A date that is no date: 042, 052 or a round date of 132 that cannot be read.

    042 and 052 are the start and end dates (TRF-2026: ``YYYY/MM/DD``); 132 holds
    round r's date in columns 92+10(r-1) to 99+10(r-1) (``YY/MM/DD``). Dates in
    any common order and separator are accepted (``28. 07. 2005``, ``08/04/2018``,
    ``May 29, 2020``; E013 notes them); a value that is no valid date in any of
    them is reported (a date shifted out of its columns is read where it stands and
    reported by the reader, P008). Blank values are not reported.

    PASS: ``042 2024/11/23``. FAIL: ``042 2024/13/45``, ``042 next Sunday``.
    """
    for code, what in (("042", "start date"), ("052", "end date")):
        field = _header_date(ctx, code)
        if field is not None and not field.readings:
            yield BAD_DATE.rule.diagnostic(
                f"{code} ({what}) is {field.text!r}, which is no date; expected YYYY/MM/DD",
                line=field.record.line,
                column=field.column,
            )
    for field in _round_date_fields(ctx):
        if field.readings:
            continue
        yield BAD_DATE.rule.diagnostic(
            f"132: round {field.round}'s date {field.text!r} is no date; expected YY/MM/DD",
            line=field.record.line,
            column=field.column,
            round=field.round,
        )


BAD_DATE = make_check("E012", "bad-date", Severity.WARNING, _bad_date)


def _nonstandard_date(ctx: Context) -> Iterator[Diagnostic]:
    """A readable date in another format than the TRF one.

    TRF-2026 writes 042 and 052 as ``YYYY/MM/DD`` and round dates (132) as
    ``YY/MM/DD`` in the round columns. Other orders are read but can be
    ambiguous (``08/04/2018`` is 8 April or 4 August); the note says every
    reading. One note per record.

    PASS: ``042 2020/05/29``. FAIL (info): ``042 May 29, 2020``, ``132 … 11.25.02``.
    """
    for code in ("042", "052"):
        field = _header_date(ctx, code)
        if field is not None and field.readings and not _is_standard_full(field.text):
            yield NONSTANDARD_DATE.rule.diagnostic(
                f"{code} {field.describe()} is not written YYYY/MM/DD",
                line=field.record.line,
                column=field.column,
            )
    noted: set[int] = set()
    for field in _round_date_fields(ctx):
        if not field.readings or id(field.record) in noted:
            continue
        record = field.record
        in_columns = field.column == C.round_block_start(field.round or 1)
        if in_columns and _is_standard_round(field.text):
            continue
        noted.add(id(record))
        if not in_columns:
            message = (
                f"132 holds the date {field.describe()} in column {field.column}, outside "
                "the round columns (round r's date belongs in columns 92+10(r-1) to 99+10(r-1))"
            )
        else:
            message = f"132: round {field.round}'s date {field.describe()} is not written YY/MM/DD"
        yield NONSTANDARD_DATE.rule.diagnostic(
            message, line=record.line, column=field.column, round=field.round
        )


NONSTANDARD_DATE = make_check("E013", "nonstandard-date", Severity.INFO, _nonstandard_date)


def date_fields(ctx: Context) -> list[DateField]:
    """Every date of the file: 042, 052 (when filled), then the round dates of 132."""
    found = [_header_date(ctx, code) for code in ("042", "052")]
    return [f for f in found if f is not None] + _round_date_fields(ctx)


_FAMILY = {"YMD": "ymd", "yMD": "ymd", "DMY": "dmy", "DMy": "dmy", "MDY": "mdy", "MDy": "mdy",
           "yDM": "ydm"}  # fmt: skip
"""Field orders by the order of day and month (a header's four-digit year and a round
date's two-digit one read in the same family)."""


def is_standard(field: DateField) -> bool:
    """Whether *field* is written the TRF way.

    042/052 ``YYYY/MM/DD``; a 132 date ``YY/MM/DD`` in its round's columns.
    """
    if isinstance(field.record, TextRecord):
        return _is_standard_full(field.text)
    return field.column == C.round_block_start(field.round or 0) and _is_standard_round(field.text)


def date_plan(fields: Sequence[DateField]) -> dict[DateField, datetime.date]:
    """The non-standard dates to rewrite, each with the one date it stands for.

    A date with one reading is that date. Dates with two (``08/04/2018``) take the
    order of day and month under which the file's dates are in order (042 no later than
    the first round, the rounds in order, 052 no earlier than the last): when exactly one
    order does, the file says which; when both do, the one that puts 042 and 052 within
    a week of the first and last round dates. Otherwise they are left for the arbiter. A round
    date off its columns, or longer than them, is the reader's (P008) and left alone.
    """
    odd = [
        f for f in fields
        if f.readings and not is_standard(f)
        and (isinstance(f.record, TextRecord)
             or (f.column == C.round_block_start(f.round or 0) and len(f.text) <= 8))
    ]  # fmt: skip
    known: dict[DateField, datetime.date] = {}
    for f in fields:
        if f.readings and is_standard(f):
            known[f] = next(r.date for r in f.readings if r.order in ("YMD", "yMD"))
    plain = {f: f.readings[0].date for f in odd if len({r.date for r in f.readings}) == 1}
    doubtful = [f for f in odd if f not in plain]
    if not doubtful:
        return plain
    common: set[str] | None = None
    for f in doubtful:
        families = {_FAMILY[r.order] for r in f.readings if r.order in _FAMILY}
        common = families if common is None else common & families
    passing = []
    for family in sorted(common or ()):
        trial = {**known, **plain}
        for f in doubtful:
            trial[f] = next(r.date for r in f.readings if _FAMILY.get(r.order) == family)
        if _in_order(trial):
            passing.append(trial)
    if len(passing) > 1:  # the round dates decide: the start and end within a week of them
        passing = [trial for trial in passing if _close_to_rounds(trial)]
    if len(passing) != 1:
        return plain
    return {f: passing[0][f] for f in odd}


def _close_to_rounds(dates: dict[DateField, datetime.date]) -> bool:
    """Whether 042 and 052 lie within :data:`NEAR` of the first and the last round date."""
    rounds = sorted(d for f, d in dates.items() if not isinstance(f.record, TextRecord))
    if not rounds:
        return False
    for f, day in dates.items():
        if isinstance(f.record, TextRecord):
            near = rounds[0] if f.record.code == "042" else rounds[-1]
            if abs((day - near).days) > NEAR.days:
                return False
    return True


NEAR = datetime.timedelta(days=7)
"""How far a start or end date may lie from the first or last round date, when both
orders of day and month put the dates in order (``02.03.2024`` with round 1 on
2024/03/02: the 2nd of March, not the 3rd of February)."""


def _in_order(dates: dict[DateField, datetime.date]) -> bool:
    start = end = None
    rounds: list[tuple[int, datetime.date]] = []
    for f, day in dates.items():
        if isinstance(f.record, TextRecord):
            if f.record.code == "042":
                start = day
            else:
                end = day
        elif f.round is not None:
            rounds.append((f.round, day))
    days = [d for _, d in sorted(rounds, key=lambda item: item[0])]
    if any(b < a for a, b in itertools.pairwise(days)):
        return False
    first = days[0] if days else end
    last = days[-1] if days else start
    if start is not None and first is not None and start > first:
        return False
    return not (end is not None and last is not None and last > end)


def _orders(fields: Sequence[DateField]) -> list[str]:
    """The field orders that read every date of *fields*, standard order first."""
    if not fields:
        return []
    common = set.intersection(*({r.order for r in f.readings} for f in fields))
    preference = ("yMD", "YMD", "DMY", "DMy", "MDY", "MDy", "yDM", "name")
    return [o for o in preference if o in common]


def _date_in(field: DateField, order: str) -> Reading:
    return next(r for r in field.readings if r.order == order)


def _dates_out_of_order(ctx: Context) -> Iterator[Diagnostic]:
    """The dates are out of order: the end before the start, or round dates that go back.

    052 may not be before 042; the round dates of 132 may not decrease and must
    lie between 042 and 052. A date with several readings (``08/04/2018``) is
    reported only when none of its readings is in order, and all round dates
    are read the same way.

    PASS: ``042 2024/11/23``, ``052 2024/11/24``, 132 ``24/11/23  24/11/23  24/11/24``.
    FAIL: ``042 2024/11/24``, ``052 2024/11/23``; or 132 ``24/11/24  24/11/23``.
    """
    start = _header_date(ctx, "042")
    end = _header_date(ctx, "052")
    starts = start.readings if start is not None else ()
    ends = end.readings if end is not None else ()
    ordered = any(s.date <= e.date for s in starts for e in ends)
    if start is not None and end is not None and starts and ends and not ordered:
        yield DATES_OUT_OF_ORDER.rule.diagnostic(
            f"052 (end date) {end.describe()} is before 042 (start date) {start.describe()}",
            line=end.record.line,
            column=end.column,
        )
    rounds = [f for f in _round_date_fields(ctx) if f.readings]
    if not rounds or len(rounds) < len(_round_date_fields(ctx)):
        return
    orders = _orders(rounds)
    if not orders:
        return
    monotone = [
        o
        for o in orders
        if all(_date_in(a, o).date <= _date_in(b, o).date for a, b in itertools.pairwise(rounds))
    ]
    if not monotone:
        order = orders[0]
        for a, b in itertools.pairwise(rounds):
            if _date_in(b, order).date < _date_in(a, order).date:
                yield DATES_OUT_OF_ORDER.rule.diagnostic(
                    f"132: round {b.round}'s date {b.describe()} is before round {a.round}'s "
                    f"{a.describe()}",
                    line=b.record.line,
                    column=b.column,
                    round=b.round,
                )
                return
    first, last = rounds[0], rounds[-1]
    for order in monotone:
        begin, finish = _date_in(first, order).date, _date_in(last, order).date
        fits_start = not starts or any(s.date <= begin for s in starts)
        fits_end = not ends or any(finish <= e.date for e in ends)
        if fits_start and fits_end:
            return
    order = monotone[0]
    begin, finish = _date_in(first, order).date, _date_in(last, order).date
    if starts and not any(s.date <= begin for s in starts) and start is not None:
        yield DATES_OUT_OF_ORDER.rule.diagnostic(
            f"132: round {first.round}'s date {first.describe()} is before 042 (start date) "
            f"{start.describe()}",
            line=first.record.line,
            column=first.column,
            round=first.round,
        )
    elif end is not None:
        yield DATES_OUT_OF_ORDER.rule.diagnostic(
            f"132: round {last.round}'s date {last.describe()} is after 052 (end date) "
            f"{end.describe()}",
            line=last.record.line,
            column=last.column,
            round=last.round,
        )


DATES_OUT_OF_ORDER = make_check("E014", "dates-out-of-order", Severity.WARNING, _dates_out_of_order)


# --- E015-E016: duplicates -----------------------------------------------------------------


def _duplicate_record(ctx: Context) -> Iterator[Diagnostic]:
    """A record that holds one value for the file appears twice, or a team is listed twice.

    The tournament-section records (012 to 102, 122, the TRF-2026 records 142 to
    362 except 172, and the XXR/BB? extensions) hold one value each; a second line
    leaves readers to keep one of them, silently (TieBreakServer PR #6 asks for
    such files to be reported). 112, 132, 172 and XXS may repeat. Among team
    records, a repeated team number (310) or team name (013 or 310) is reported.

    PASS: one ``142 9``. FAIL: ``142 9`` and later ``142 7``.
    """
    t = ctx.tournament
    first: dict[str, Record] = {}
    for record in _headers(ctx).records:  # a player record has no header code
        code = _record_code(record)
        if code is None or code not in SINGLE_RECORDS:
            continue
        earlier = first.setdefault(code, record)
        if earlier is record:
            continue
        here, there = value_as_written(record), value_as_written(earlier)
        same = "the same value" if here == there else f"{there!r} there, {here!r} here"
        yield DUPLICATE_RECORD.rule.diagnostic(
            f"record {code} appears again (first on line {earlier.line}, {same}); "
            "expected one line",
            line=record.line,
            column=1,
        )
    seen: dict[tuple[str, str], Team] = {}
    for team in t.teams:
        keys = [(team.code, "name " + team.name.strip().casefold())] if team.name.strip() else []
        if team.code == "310" and team.number is not None:
            keys.append((team.code, f"number {team.number}"))
        for key in keys:
            earlier_team = seen.setdefault(key, team)
            if earlier_team is not team:
                yield DUPLICATE_RECORD.rule.diagnostic(
                    f"team record {team.code} repeats the team {key[1].split(' ', 1)[0]} "
                    f"{key[1].split(' ', 1)[1]!r} of line {earlier_team.line}; expected one "
                    "record per team",
                    line=team.line,
                    column=1,
                )
                break


DUPLICATE_RECORD = make_check("E015", "duplicate-record", Severity.WARNING, _duplicate_record)


def _normal_name(name: str) -> str:
    return " ".join(name.replace(",", ", ").casefold().split())


def _blank_date(text: str) -> bool:
    return not text.strip(" ./-0")


def _duplicate_player(ctx: Context) -> Iterator[Diagnostic]:
    """The same person appears under two start ranks.

    Two player records with the same name (ignoring case and spacing), whose
    birth dates do not differ, and of which at least one has no FIDE id: an
    exporter that entered a player twice. (Two records with the same FIDE id are
    reported by S006; the same start rank twice by S001.)

    PASS: ``Doe, Jane`` and ``Doe, John``. FAIL: ``Doe, Jane`` as players 4 and 17,
    one of them without a FIDE id.
    """
    t = ctx.tournament
    names = [p.name for p in t.players]
    if "".join(names).isprintable():
        # The only white space a printable name can hold is the blank, so two names with
        # the same _normal_name are equal once casefolded without blanks: when no two
        # are, no two players share a name (the usual case). Done on all names at once
        # (a printable name holds no line break to split them apart wrongly).
        folded = "\n".join(names).casefold().replace(" ", "").split("\n")
        folded = [key for key in folded if key]
        if len(set(folded)) == len(folded):
            return
    groups: dict[str, list[Player]] = {}
    for p in t.players:
        key = _normal_name(p.name)
        if key:
            groups.setdefault(key, []).append(p)
    for group in groups.values():
        for index, p in enumerate(group):
            for q in group[:index]:
                ids = (p.fide_id.strip("0 "), q.fide_id.strip("0 "))
                if all(ids):
                    continue
                births = (p.birth_date.strip(), q.birth_date.strip())
                if not any(_blank_date(b) for b in births) and births[0] != births[1]:
                    continue
                yield DUPLICATE_PLAYER.rule.diagnostic(
                    f"player {p.start_rank} ({p.name!r}) looks like player {q.start_rank} of "
                    f"line {q.line} entered again; expected one record per player",
                    line=p.line,
                    column=C.PLAYER.field("name").start,
                    players=(q.start_rank, p.start_rank),
                )
                break


DUPLICATE_PLAYER = make_check("E016", "duplicate-player", Severity.WARNING, _duplicate_player)


# --- E017: Vega .tdf ----------------------------------------------------------------------

_TDF_MEANINGS = {
    "142": ("the points for a win and a draw", "the number of rounds"),
    "152": ("the current round", "the initial colour (W or B)"),
    "162": ("the total number of rounds", "the scoring system (symbol and points pairs)"),
    "172": ("the tie-breaks, separated by ';'", "the starting-rank method"),
    "192": ("the pairing program's name", "the tournament type code"),
}


# Read only for files naming Vega: compiled (by re, once) when first used, not at import.
_VEGA_POINTS = r"\d+(?:[.,]\d+)?(?:\s+\d+(?:[.,]\d+)?)+"
_NUMBER = r"\d+"
_VERSION = r"\s\d+\.\d+"


def _vega_reading(code: str, value: str) -> bool:
    """True when *value* of record *code* fits Vega's .tdf meaning and not TRF-2026's."""
    if code == "142":
        return bool(re.fullmatch(_VEGA_POINTS, value))
    if code in ("152", "162"):
        return bool(re.fullmatch(_NUMBER, value))
    if code == "172":
        return ";" in value
    if code == "192":
        return "vega" in value.casefold() or bool(re.search(_VERSION, value))
    return False


def _vega_tdf_record(ctx: Context) -> Iterator[Diagnostic]:
    """A record written with the meaning Vega's ``.tdf`` gives its code, not TRF-2026's.

    Vega's "Generic Tournament Description File" reuses codes 142-192 (Vega
    manual 2016, appendix P): 142 the points for a win and a draw (``1.0 0.5``),
    152 the current round, 162 the number of rounds, 172 the tie-breaks
    separated by ``;``, 192 the program (``Vega 6.0.1``); its 132 separates dates
    with ``;`` and its 001 fields with ``|``. In TRF-2026 these codes mean the
    number of rounds, the initial colour, the scoring system, the starting-rank
    method and the tournament type. The values are reported and never
    reinterpreted. (182, free text in both, cannot be told apart.)

    PASS: ``142 9``, ``152 W``, ``162  W 1.0    D 0.5    L 0.0``.
    FAIL: ``142 1.0 0.5``, ``152 4``, ``162 9``, ``192 Vega 6.0.1``.
    """
    records = _headers(ctx).records  # a player record is neither coded nor a 132
    for record in records:
        code = _record_code(record)
        if code in _TDF_MEANINGS:
            value = value_as_written(record)
            if _vega_reading(code, value):
                vega, trf = _TDF_MEANINGS[code]
                yield VEGA_TDF_RECORD.rule.diagnostic(
                    f"{code} {value!r} looks like Vega .tdf's {vega}; in TRF-2026, {code} is "
                    f"{trf}; the value is not interpreted",
                    line=record.line,
                    column=VALUE_COLUMN,
                )
                continue
        if isinstance(record, RoundDates) and _is_vega(record):
            value = value_as_written(record)
            yield VEGA_TDF_RECORD.rule.diagnostic(
                f"132 separates its dates with ';' like Vega .tdf ({value[:40]!r}); TRF puts "
                "round r's date in columns 92+10(r-1) to 99+10(r-1)",
                line=record.line,
                column=VALUE_COLUMN,
            )
    piped = _first_piped_player(records)
    if piped is not None:
        yield VEGA_TDF_RECORD.rule.diagnostic(
            "the player line separates its fields with '|' like Vega .tdf; TRF player "
            "records have fixed columns, so the line was not read",
            line=piped.line,
            column=VALUE_COLUMN,
        )


def _first_piped_player(records: Iterable[Record]) -> RawRecord | None:
    for record in records:
        if isinstance(record, RawRecord) and record.kind == "unknown" and piped_player(record):
            return record
    return None


VEGA_TDF_RECORD = make_check("E017", "vega-tdf-record", Severity.WARNING, _vega_tdf_record)

# --- E018: club groups ----------------------------------------------------------------------


def _club_groups(ctx: Context) -> Iterator[Diagnostic]:
    """013 records group players who do not play as teams: the event is read as individual.

    A pairing engine's "do not pair club mates" convention writes each club as an 013
    record in an individual event: most players belong to no group, most groups have
    one member, or a group's players meet players of several groups in one round. Such
    groups describe no team event, so no team check runs on them (M004, M007); the
    records are kept as written. Once per file.

    PASS: 013 teams whose boards meet one other team each round.
    WARNING: three 013 clubs of one, one and two players in a Swiss of ten.
    """
    if ctx.regime.team or not clubs_not_teams(ctx.tournament):
        return
    teams = ctx.tournament.teams
    yield CLUB_GROUPS.rule.diagnostic(
        f"the {len(teams)} 013 records group players who do not play as teams (club "
        "mates of an individual event?): the event is read as individual, not as a team event",
        line=teams[0].line,
        column=1,
    )


CLUB_GROUPS = make_check("E018", "club-groups", Severity.WARNING, _club_groups)

# --- E019: a bye's opponent written 0 --------------------------------------------------------


def _bye_opponent_zero(ctx: Context) -> Iterator[Diagnostic]:
    """A round without opponent is written ``   0`` (or ``  00``) instead of ``0000``.

    TRF16 writes ``0000`` for no opponent (four blanks mean the same); FIDE's own C.07
    exercise files write a bye as ``   0 - H``. trfkit reads it as meant, but bbpPairings
    reads a player numbered 0 and refuses the file ("player ID of 0"); ``convert --to
    trf26`` writes ``0000``. One finding per spelling, at its first place, with the count
    and the lines.

    PASS: ``0000 - H``. WARNING: ``   0 - H``.
    """
    places: dict[str, list[tuple[int, int]]] = {}
    for player in ctx.tournament.players:
        if player.source is None:
            continue
        for rnd, written in bye_opponents(player).items():
            column = C.round_field(rnd, C.ROUND_OPPONENT).start
            places.setdefault(written, []).append((player.source.line, column))
    for written, found in places.items():
        line, column = found[0]
        more = f" ({len(found)} rounds: lines {line_ranges(p[0] for p in found)})"
        yield BYE_OPPONENT_ZERO.rule.diagnostic(
            f"a round without opponent is written {written!r}, not 0000; bbpPairings reads a "
            f"player numbered 0 and refuses it" + (more if len(found) > 1 else ""),
            line=line,
            column=column,
        )


BYE_OPPONENT_ZERO = make_check(
    "E019", "bye-opponent-zero", Severity.WARNING, _bye_opponent_zero
)

CHECKS: tuple[Check, ...] = (
    URL_IN_HEADER,
    PLATFORM_IN_HEADER,
    BAD_FEDERATION_CODE,
    RANK_COLUMN_EMPTY,
    PHANTOM_ROUND,
    PAB_CODED_AS_FULL_BYE,
    REPEATED_PAIRING_BYE,
    PLAYER_COUNT,
    RATED_COUNT,
    TEAM_COUNT,
    ROUND_COUNT,
    BAD_DATE,
    NONSTANDARD_DATE,
    DATES_OUT_OF_ORDER,
    DUPLICATE_RECORD,
    DUPLICATE_PLAYER,
    VEGA_TDF_RECORD,
    CLUB_GROUPS,
    BYE_OPPONENT_ZERO,
)
"""The exporter checks, in code order."""

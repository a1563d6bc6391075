"""The canonical writer: ``parse(canonical(t)) == t`` on generated tournaments, and its layout.

The strategies here build whole tournaments from the model (players 1-9999, rounds 0-99,
every result code, byes, forfeits, withdrawals, teams, national rating records and every
other record kind); ``test_convert.py`` and ``test_jsonform.py`` load them from this file.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from locations import CORPUS_FILES, needs_corpus

import trfkit
from trfkit.model import (
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
    Team,
    TeamLineup,
    TeamPairingByes,
    TextRecord,
    TieBreakList,
    Title,
    Tokens,
    Tournament,
)
from trfkit.trf.team_rows import team_results
from trfkit.trf.writer import render_canonical

PROPERTY = settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- strategies -----------------------------------------------------------------------------

_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.-'/()éüøßÅÖŁΩ"
HEADER_CODES = (
    "012", "022", "032", "042", "052", "062", "072", "082", "092",
    "102", "112", "122", "172", "182", "192", "222", "352",
)  # fmt: skip


def text(width: int) -> st.SearchStrategy[str]:
    """Text that fits *width* columns, without padding blanks (columns hold no padding)."""
    return st.text(st.sampled_from(_CHARS), max_size=width).map(str.strip)


def word(width: int) -> st.SearchStrategy[str]:
    """A non-empty token without blanks."""
    return st.text(st.sampled_from(_CHARS.replace(" ", "")), min_size=1, max_size=width)


def points(width: int = 4) -> st.SearchStrategy[Fraction]:
    """Scores that fit *width* columns: halves from -9.5 and quarters below 10."""
    top = 10 ** (width - 2) * 2 - 1  # 99.5 in 4 columns, 9999.5 in 6
    return st.one_of(
        st.integers(-19, top).map(lambda n: Fraction(n, 2)),
        st.integers(0, 39).map(lambda n: Fraction(n, 4)),
    )


def maybe(strategy: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """*strategy* or ``None`` (a blank field)."""
    return st.one_of(st.none(), strategy)


def ids(top: int, size: int = 8) -> st.SearchStrategy[tuple[object, ...]]:
    """Repeated id fields: blanks inside, never at the end (the reader drops those)."""
    return st.lists(maybe(st.integers(0, top)), max_size=size).map(_no_trailing_none)


def _no_trailing_none(items: list[object]) -> tuple[object, ...]:
    while items and items[-1] is None:
        items.pop()
    return tuple(items)


def _no_trailing_empty(items: list[str]) -> tuple[str, ...]:
    while items and not items[-1]:
        items.pop()
    return tuple(items)


def _no_trailing_blank(blocks: list[RoundResult]) -> tuple[RoundResult, ...]:
    while blocks and blocks[-1].is_blank:
        blocks.pop()
    return tuple(blocks)


_BLOCK_KINDS = [
    (opponent, colour, result)
    for opponent in (None, -1, -2, -3, -4, -5, -6, 9999)
    for colour in Colour
    for result in (None, *Result)
]
"""Every block a round can hold: no opponent (0000), the n-th player of the event (a
negative placeholder) or start rank 9999, any colour, any result code or blank."""
_BLOCK = st.sampled_from(_BLOCK_KINDS)


@st.composite
def round_blocks(draw: st.DrawFn, ranks: list[int], count: int) -> tuple[RoundResult, ...]:
    """A player's blocks: games, forfeits, byes, blanks; fewer than *count* after a withdrawal."""
    length = draw(st.integers(0, count))
    blocks = []
    for number in range(1, length + 1):
        opponent, colour, result = draw(_BLOCK)
        if opponent is not None and opponent < 0:
            opponent = ranks[opponent % len(ranks)]
        blocks.append(RoundResult(number, opponent, colour, result))
    return _no_trailing_blank(blocks)


_PLAYER = st.builds(
    Player,
    start_rank=st.just(1),
    name=text(33),
    sex=maybe(st.sampled_from(list(Sex))),
    title=maybe(st.sampled_from(list(Title))),
    rating=maybe(st.integers(0, 9999)),
    federation=text(3),
    fide_id=st.text(st.sampled_from("0123456789"), max_size=11),
    birth_date=text(10),
    points=maybe(points()),
    rank=maybe(st.integers(0, 9999)),
)


@st.composite
def players(draw: st.DrawFn, ranks: list[int], count: int) -> list[Player]:
    """One 001 record per start rank."""
    return [
        attrs.evolve(draw(_PLAYER), start_rank=rank, rounds=draw(round_blocks(ranks, count)))
        for rank in ranks
    ]


def scoring(code: str) -> st.SearchStrategy[Scoring]:
    """A 162, 362 or XXS record with up to six symbol/points pairs."""
    symbols = {
        "162": ("W", "D", "L", "A", "P", "X"),
        "362": ("TW", "TD", "TL"),
        "XXS": ("W", "D", "WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB"),
    }[code]
    pair = st.tuples(st.sampled_from(symbols), points())
    return st.lists(pair, max_size=6).map(lambda values: Scoring(code, tuple(values)))


_RAW = st.one_of(
    text(60).map(lambda t: RawRecord("comment", ("### " + t).rstrip())),
    st.just(RawRecord("blank", "")),
    text(40).map(lambda t: team_results("801", ("801 " + t).rstrip())),
    text(40).map(lambda t: team_results("802", ("802 " + t).rstrip())),
    st.builds(
        "801 {:>3} {:<5} {:>2}.0 {:>2}.5 {:>3} {} 1=0+".format,
        st.integers(1, 999), word(5), st.integers(0, 20), st.integers(0, 40),
        st.integers(1, 999), st.sampled_from("wb"),
    ).map(lambda t: team_results("801", t)),
    st.integers(1, 12).map(lambda n: RawRecord("ruler", "0123456789" * n)),
    text(20).map(lambda t: RawRecord("unknown", ("Q12 " + t).rstrip())),
)
_HEADER_VALUE = st.text(st.sampled_from(_CHARS), max_size=60).map(str.rstrip)
_ROUNDS_3 = maybe(st.integers(0, 999))
PLACEHOLDER = 1_000_000
"""Ids from here on stand for a player's start rank, resolved once the ranks are drawn
(valid ids to the model's validators, and never a start rank of four digits)."""
_SLOT = st.integers(PLACEHOLDER, PLACEHOLDER + 5)
"""A placeholder for the n-th player's start rank."""
_SLOTS = st.lists(_SLOT, max_size=8).map(tuple)

SINGLE_RECORDS: dict[str, st.SearchStrategy[Record]] = {
    "round_count": st.builds(
        RoundCount, st.sampled_from(("142", "XXR")), maybe(st.integers(0, 99))
    ),
    "initial_colour": st.builds(InitialColour, st.sampled_from(("W", "B"))),
    "scoring": st.sampled_from(("162", "362", "XXS")).flatmap(scoring),
    "xxc": st.builds(
        Tokens, st.just("XXC"), st.sampled_from(((), ("rank",), ("white1",), ("rank", "black1")))
    ),
}
"""Records that a file normally holds once (the conversion tests draw each at most once)."""

RECORDS: dict[str, st.SearchStrategy[Record]] = {
    "header": st.builds(TextRecord, st.sampled_from(HEADER_CODES), _HEADER_VALUE),
    "round_dates": st.builds(
        RoundDates, st.lists(text(8), max_size=12).map(_no_trailing_empty), text(30)
    ),
    "bbp": st.builds(
        BbpScore, st.sampled_from(("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")), maybe(points())
    ),
    "tiebreaks": st.builds(
        TieBreakList,
        st.sampled_from(("202", "212")),
        st.lists(
            st.sampled_from(("PTS", "BH", "BH/C1", "SB", "DE", "EDET/P", "MPvGP")), max_size=5
        ).map(tuple),
    ),
    "tokens": st.builds(Tokens, st.sampled_from(("XXZ", "XXP")), _SLOTS),
    "team013": st.builds(Team, st.just("013"), text(32), st.one_of(_SLOTS, ids(9999, 12))),
    "team310": st.builds(
        Team,
        st.just("310"),
        text(32),
        st.one_of(_SLOTS, ids(9999, 12)),
        number=maybe(st.integers(1, 999)),
        nickname=text(5),
        strength=st.text(st.sampled_from("0123456789."), max_size=6),
        match_points=maybe(points(6)),
        game_points=maybe(points(6)),
        rank=maybe(st.integers(0, 999)),
    ),
    "national": st.builds(
        NationalRecord,
        st.sampled_from(("FRA", "IND", "GER", "AAA")),
        _SLOT,
        sex=st.sampled_from(("", "M", "F")),
        classification=text(3),
        name=text(33),
        rating=maybe(st.integers(0, 9999)),
        origin=text(3),
        national_id=text(11),
        birth_date=text(10),
        rest=text(20),
    ),
    "byes": st.builds(Byes, st.sampled_from(("F", "H", "Z")), maybe(st.integers(1, 99)), _SLOTS),
    "acceleration": st.builds(
        Acceleration,
        maybe(points()),
        maybe(points()),
        _ROUNDS_3,
        _ROUNDS_3,
        maybe(st.integers(0, 9999)),
        maybe(st.integers(0, 9999)),
    ),
    "prohibited": st.builds(ProhibitedPairing, _ROUNDS_3, _ROUNDS_3, ids(9999)),
    "abnormal": st.builds(
        AbnormalPoints,
        st.sampled_from(("", "W", "D", "L", "F", "H", "Z", "+", "-")),
        maybe(points()),
        maybe(points()),
        _ROUNDS_3,
        ids(9999),
    ),
    "lineup": st.builds(TeamLineup, _ROUNDS_3, _ROUNDS_3, _ROUNDS_3, ids(9999)),
    "team_byes": st.builds(TeamPairingByes, maybe(points()), maybe(points()), ids(999)),
    "forfeited": st.builds(
        ForfeitedMatch, st.sampled_from(("+-", "-+", "--")), _ROUNDS_3, _ROUNDS_3, _ROUNDS_3
    ),
    "xxa": st.builds(
        Acceleration16, maybe(_SLOT), st.lists(maybe(points()), max_size=9).map(_no_trailing_none)
    ),
    "data": st.builds(
        DataLine, _SLOT, word(10), st.text(st.sampled_from(_CHARS), max_size=30).map(str.strip)
    ),
    "raw": _RAW,
}
"""One strategy per record kind (besides players)."""

_ANY_RECORDS = st.lists(st.one_of(*RECORDS.values(), *SINGLE_RECORDS.values()), max_size=12)


def resolve(record: Record, ranks: list[int]) -> Record:
    """Replace the player placeholders (ids from :data:`PLACEHOLDER`) of *record* by start ranks."""

    def one(value: int | None) -> int | None:
        if value is not None and value >= PLACEHOLDER:
            return ranks[(value - PLACEHOLDER) % len(ranks)]
        return value

    if isinstance(record, Tokens) and record.code in ("XXZ", "XXP"):
        return attrs.evolve(record, tokens=tuple(str(one(int(t))) for t in record.tokens))
    if isinstance(record, Team):
        return attrs.evolve(record, members=tuple(one(m) for m in record.members))
    if isinstance(record, Byes):
        return attrs.evolve(record, ids=tuple(one(i) for i in record.ids))
    if isinstance(record, NationalRecord):
        return attrs.evolve(record, start_rank=one(record.start_rank))
    if isinstance(record, (DataLine, Acceleration16)):
        return attrs.evolve(record, start_rank=one(record.start_rank))
    return record


@st.composite
def tournaments(
    draw: st.DrawFn, records: st.SearchStrategy[list[Record]] = _ANY_RECORDS
) -> Tournament:
    """A whole tournament: 1-6 players with start ranks in 1..9999, 0-99 rounds, any records."""
    ranks = draw(st.lists(st.integers(1, 9999), min_size=1, max_size=6, unique=True))
    count = draw(st.one_of(st.integers(0, 12), st.integers(0, 99)))
    others = [resolve(r, ranks) for r in draw(records)]
    everything: list[Record] = [*draw(players(ranks, count)), *others]
    return Tournament(tuple(draw(st.permutations(everything))))


# --- the property -----------------------------------------------------------------------------


@PROPERTY
@given(tournaments())
def test_canonical_text_reads_back_as_the_same_tournament(t: Tournament) -> None:
    """parse(canonical(t)) == t; one line per record, no trailing blanks, strict-clean."""
    text = render_canonical(t)
    assert trfkit.parse(text).tournament == t
    lines = text.split("\n")
    assert lines[-1] == ""
    assert len(lines) - 1 == len(t.records)
    assert all(line == line.rstrip() for line in lines)
    if not any(isinstance(r, RawRecord) and r.kind == "unknown" for r in t.records):
        trfkit.parse(text, strict=True)


# --- the layout, against the TRF16 column table -----------------------------------------------


def test_player_line_follows_the_trf16_columns() -> None:
    """A 001 record is written in the TRF16 columns, checked character by character."""
    p = Player(
        start_rank=7,
        name="Doe, Jane",
        sex=Sex.FEMALE,
        title=Title.WGM,
        rating=2312,
        federation="NOR",
        fide_id="1503014",
        birth_date="1990/11/30",
        points=Fraction(11, 2),
        rank=3,
        rounds=(
            RoundResult(1, 12, Colour.WHITE, Result.WIN),
            RoundResult(2, None, Colour.NONE, Result.HALF_BYE),
            RoundResult(3, None, Colour.NONE, None),
            RoundResult(4, 2, Colour.BLACK, Result.FORFEIT_LOSS),
        ),
    )
    line = render_canonical(Tournament((p,))).rstrip("\n")
    # TRF16 §001: 1-3 DIN, 5-8 start rank (right), 10 sex, 11-13 title (right),
    # 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id (right),
    # 70-79 birth date, 81-84 points, 86-89 rank, blocks from 92 every 10 columns.
    assert line[0:3] == "001"
    assert line[4:8] == "   7"
    assert line[9] == "w"
    assert line[10:13] == "WGM"
    assert line[14:47] == "Doe, Jane".ljust(33)
    assert line[48:52] == "2312"
    assert line[53:56] == "NOR"
    assert line[57:68] == "    1503014"
    assert line[69:79] == "1990/11/30"
    assert line[80:84] == " 5.5"
    assert line[85:89] == "   3"
    assert line[91:101] == "  12 w 1  "
    assert line[101:111] == "0000 - H  "
    assert line[111:121] == " " * 10  # a blank block in the middle stays blank
    assert line[121:] == "   2 b -"


def test_quarter_points_keep_their_digits() -> None:
    """Points such as 5.25 (3/1/0 or Armageddon scoring) are written exactly."""
    line = render_canonical(Tournament((Player(start_rank=1, points=Fraction(21, 4)),)))
    assert line[80:84] == "5.25"


def test_line_ending_is_chosen() -> None:
    """render_canonical writes the line ending it is given."""
    t = Tournament((TextRecord("012", "Open"), Player(start_rank=1)))
    assert render_canonical(t, newline="\r\n") == "012 Open\r\n001    1\r\n"


def test_team_record_310_columns() -> None:
    """A 310 record: number 5-7, name 9-40, nickname 42-46, strength 48-53, points, members."""
    team = Team(
        "310",
        "India",
        (1, 2),
        number=4,
        nickname="IND",
        strength="2390.0",
        match_points=Fraction(7),
        game_points=Fraction(25, 2),
        rank=2,
    )
    line = render_canonical(Tournament((team,))).rstrip("\n")
    assert line[4:7] == "  4"
    assert line[8:40] == "India".ljust(32)
    assert line[41:46] == "IND  "
    assert line[47:53] == "2390.0"
    assert line[54:60] == "   7.0"
    assert line[61:67] == "  12.5"
    assert line[68:71] == "  2"
    assert line[73:77] == "   1"
    assert line[78:82] == "   2"


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_canonical_text_is_a_fixed_point(path: Path) -> None:
    """Canonical text of every real file reads back and writes the same canonical text."""
    first = render_canonical(trfkit.parse(path.read_bytes()).tournament)
    again = trfkit.parse(first, strict=True).tournament
    assert render_canonical(again) == first

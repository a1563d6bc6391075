"""Conversions keep the values: what the converted output reads as is what the original reads as.

Compared, for every corpus file and for generated tournaments: the players (start rank,
name, sex, title, rating, federation, FIDE id, birth date, points, rank), their round
results (opponent, colour, result), the round dates of 132, the 042/052 dates, the
declared rounds, the 299 records and the teams (name and members; renumbering allowed).
Conversions: canonical, ``to_trf26``, ``to_trf16`` and TRF → JSON → TRF. Going to TRF16,
what TRF16 cannot hold (299, the extras of 310, a 240 bye left out of the blocks) is not
compared but must be named by a ``dropped`` adjustment of the conversion on its line.

Values are compared through the model's own representations (``Title.GM`` whether the
file wrote ``GM`` or TRF06's ``g``); a date whose text changed must still stand for the
same calendar day (:func:`trfkit.dates.readings`: the new text one day, among the
original's readings).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
import test_canonical as strategies
from conversions import trf_version
from fuzzing import inconsistent_tournament
from hypothesis import example, given, settings
from hypothesis import strategies as st
from locations import CORPUS_FILES, needs_corpus
from rr_generator import RoundRobinFile, TeamRoundRobin
from test_convert import CONVERTIBLE

import trfkit
from trfkit import formats as cv
from trfkit.dates import readings
from trfkit.formats import jsonform
from trfkit.model import (
    AbnormalPoints,
    Byes,
    Colour,
    Player,
    Result,
    RoundCount,
    RoundDates,
    RoundResult,
    Team,
    Title,
    Tournament,
)
from trfkit.trf.writer import render_canonical

CONVERSIONS = ("canonical", "trf26", "trf16", "json")
GENERATED = settings(strategies.PROPERTY, max_examples=25, derandomize=True, database=None)
"""Few examples, the same ones every run (a failure here is a finding, never a flake)."""
BYE_CODES = {"F": Result.FULL_BYE, "H": Result.HALF_BYE, "Z": Result.ZERO_BYE}
"""The 240 kinds and the block results TRF16 writes for them (``0000 - H``)."""


# --- the conversions, through the API -----------------------------------------------------------


@dataclass(frozen=True)
class Output:
    """An original, its conversion read back, and the conversion's adjustments."""

    original: Tournament
    read: Tournament
    adjustments: tuple[cv.Adjustment, ...]


def converted(data: bytes, conversion: str) -> Output:
    """*data* read, converted by *conversion* (one of :data:`CONVERSIONS`), written, read again."""
    result = trfkit.parse(data)
    original = result.tournament
    if conversion == "canonical":
        text, adjustments = cv.render_trf(original, canonical=True).text, ()
    elif conversion in ("trf26", "trf16"):
        change = cv.to_trf26(original) if conversion == "trf26" else cv.to_trf16(original)
        repair = cv.lines_to_repair(result.diagnostics)
        text, adjustments = cv.render_trf(change, repair=repair).text, change.adjustments
    else:  # TRF -> JSON -> TRF of the original's version, as ``trfkit convert`` does it
        back = jsonform.loads(jsonform.dumps(original))
        change = cv.convert(back, trf_version(data))
        text, adjustments = cv.render_trf(change, canonical=True).text, change.adjustments
    return Output(original, trfkit.parse(text.encode("utf-8")).tournament, adjustments)


# --- the values -------------------------------------------------------------------------------


def same_date(before: str, after: str) -> bool:
    """The same text, or a new text that is one certain day among the original's readings."""
    if before.strip() == after.strip():
        return True
    new = {r.date for r in readings(after)}
    return len(new) == 1 and new <= {r.date for r in readings(before)}


def is_blank(block: RoundResult | None) -> bool:
    """No block, or one that says nothing: no opponent, no colour, no result."""
    return block is None or (block.opponent, block.colour, block.result) == (
        None,
        Colour.NONE,
        None,
    )


def blocks(player: Player) -> list[RoundResult]:
    """The player's round blocks without the blank ones at the end (they say nothing)."""
    rounds = list(player.rounds)
    while rounds and is_blank(rounds[-1]):
        rounds.pop()
    return rounds


def block_text(block: RoundResult | None) -> str:
    """A block as ``opponent colour result`` (``-`` for no block), for messages."""
    if block is None:
        return "-"
    result = block.result.value if block.result else " "
    return f"{block.opponent or 0:04} {block.colour.value} {result}"


PLAYER_FIELDS = ("start_rank", "name", "sex", "title", "rating", "federation", "fide_id",
                 "points", "rank")  # fmt: skip


def team_key(team: Team) -> tuple[str, tuple[int, ...]]:
    """A team as name and members (an empty member slot says nothing)."""
    return team.name, tuple(m for m in team.members if m is not None)


def team_310(team: Team) -> tuple[object, ...]:
    """A 310 team with the values 013 has no place for (its number may change)."""
    extras = (team.nickname, team.strength, team.match_points, team.game_points, team.rank)
    return (*team_key(team), *extras)


def abnormal(record: AbnormalPoints) -> tuple[object, ...]:
    """A 299 record's values."""
    return record.kind, record.match_points, record.points, record.round, tuple(record.ids)


def merged_on(out: Output, line: int | None) -> bool:
    """The conversion says on input line *line* that the record went (merged or dropped)."""
    gone = (cv.Action.MERGED, cv.Action.DROPPED)
    return any(a.line == line and a.action in gone for a in out.adjustments)


def dropped_on(out: Output, line: int | None) -> bool:
    """The conversion has a ``dropped`` adjustment on input line *line*."""
    return any(a.line == line and a.action is cv.Action.DROPPED for a in out.adjustments)


def expected_byes(out: Output) -> dict[tuple[int, int], tuple[int | None, Result]]:
    """(start rank, round) → (240 line, bye) of the 240 entries of the original."""
    found: dict[tuple[int, int], tuple[int | None, Result]] = {}
    for record in out.original.of_type(Byes):
        code = BYE_CODES.get(record.kind.upper())
        if code is None or not record.round:
            continue
        for rank in record.ids:
            if rank is not None:
                found.setdefault((rank, record.round), (record.line, code))
    return found


def player_differences(out: Output, conversion: str) -> Iterator[str]:
    """Every player value the output reads differently."""
    before, after = out.original.players, out.read.players
    if len(before) != len(after):
        yield f"{len(before)} players became {len(after)}"
    byes = expected_byes(out) if conversion == "trf16" else {}
    for old, new in zip(before, after, strict=False):
        who = f"player {old.start_rank} (line {old.line})"
        for name in PLAYER_FIELDS:
            if getattr(old, name) != getattr(new, name):
                yield f"{who}: {name} {getattr(old, name)!r} -> {getattr(new, name)!r}"
        if not same_date(old.birth_date, new.birth_date):
            yield f"{who}: birth date {old.birth_date!r} -> {new.birth_date!r}"
        yield from round_differences(out, who, old, new, byes)


def round_differences(
    out: Output,
    who: str,
    old: Player,
    new: Player,
    byes: dict[tuple[int, int], tuple[int | None, Result]],
) -> Iterator[str]:
    """The round blocks that differ (going to TRF16, a 240 bye may fill an empty block)."""
    first, second = blocks(old), blocks(new)
    for number in range(1, max(len(first), len(second)) + 1):
        a = first[number - 1] if number <= len(first) else None
        b = second[number - 1] if number <= len(second) else None
        blank = is_blank(a)
        bye = byes.get((old.start_rank, number))
        if bye is not None and blank:
            line, code = bye
            if b is not None and (b.opponent, b.result) == (None, code):
                continue  # the 240 bye written into the block, as TRF16 shows byes
            if is_blank(b):
                if dropped_on(out, line):
                    continue  # left out, and said so
                yield f"{who}: round {number}: the 240 bye of line {line} is lost silently"
                continue
        if a != b and not (blank and is_blank(b)):
            yield f"{who}: round {number}: {block_text(a)!r} -> {block_text(b)!r}"


def date_differences(out: Output) -> Iterator[str]:
    """The 132 round dates and the 042/052 dates that changed."""
    old = [r.dates for r in out.original.of_type(RoundDates)]
    new = [r.dates for r in out.read.of_type(RoundDates)]
    if len(old) != len(new):
        yield f"{len(old)} 132 records became {len(new)}"
    for a, b in zip(old, new, strict=False):
        width = max(len(a), len(b))
        a, b = a + ("",) * (width - len(a)), b + ("",) * (width - len(b))
        for number, (x, y) in enumerate(zip(a, b, strict=True), start=1):
            if not same_date(x, y):
                yield f"132 round {number}: {x!r} -> {y!r}"
    for code in ("042", "052"):
        x, y = out.original.header(code), out.read.header(code)
        if (x is None) != (y is None) or (x is not None and y is not None and not same_date(x, y)):
            yield f"{code}: {x!r} -> {y!r}"


def declared_rounds(t: Tournament) -> int | None:
    """The rounds of 142, else XXR (the two hold the same value)."""
    counts = {r.code: r.rounds for r in t.of_type(RoundCount)}
    return counts.get("142", counts.get("XXR"))


def record_differences(out: Output, conversion: str) -> Iterator[str]:
    """The 299 records, the teams and the declared rounds that differ."""
    if declared_rounds(out.original) != declared_rounds(out.read):
        yield f"declared rounds {declared_rounds(out.original)} -> {declared_rounds(out.read)}"
    old_299 = list(out.original.of_type(AbnormalPoints))
    new_299 = [abnormal(r) for r in out.read.of_type(AbnormalPoints)]
    if conversion == "trf16":
        if new_299:
            yield f"TRF16 output has 299 records: {new_299}"
        for r in old_299:
            if not dropped_on(out, r.line):
                yield f"299 of line {r.line} {abnormal(r)} is lost silently"
    elif [abnormal(r) for r in old_299] != new_299:
        yield f"299: {[abnormal(r) for r in old_299]} -> {new_299}"
    yield from team_differences(out, conversion)


def team_differences(out: Output, conversion: str) -> Iterator[str]:
    """Teams: the same teams, none written twice with one code, 310 extras kept or dropped."""
    old, new = out.original.teams, out.read.teams
    keys_before = {team_key(t) for t in old if any(team_key(t))}  # an empty record says nothing
    keys_after = {team_key(t) for t in new if any(team_key(t))}
    # An 013 and a 310 of the same players are one team: the output may hold it once,
    # under the name of either, if the conversion says on the other's line that it went.
    # (A namesake that lists fewer players, none of them elsewhere, goes the same way.)
    def kept_in_output(name: str, members: tuple[int, ...]) -> bool:
        players = frozenset(members)
        return any(
            frozenset(m) == players or (n == name and players <= frozenset(m))
            for n, m in keys_after
        )

    merged = {
        team_key(t)
        for t in old
        if team_key(t) not in keys_after
        and kept_in_output(*team_key(t))
        and merged_on(out, t.line)
    }
    if keys_before - merged != keys_after:
        yield f"teams {sorted(keys_before)} -> {sorted(keys_after)}"
    # A team is its members: one code holding the same members more often than any code
    # of the original did is a team written twice (013 and 310 of one team, merged wrong).
    before = Counter((t.code, team_key(t)[1]) for t in old if team_key(t)[1])
    most = Counter[tuple[int, ...]]()
    for (_, members), n in before.items():
        most[members] = max(most[members], n)
    for (code, members), n in Counter((t.code, team_key(t)[1]) for t in new).items():
        if members and n > most[members]:
            yield f"the team of members {members} is written {n} times as {code}"
    if conversion == "trf16":
        if any(t.code == "310" for t in new):
            yield "TRF16 output has 310 records"
        for t in old:
            if t.code == "310" and any(team_310(t)[2:]) and not dropped_on(out, t.line):
                yield f"310 of line {t.line}: {team_310(t)[2:]} lost silently"
        return
    written = Counter(team_310(t) for t in new if t.code == "310")
    for t in old:
        if t.code == "310" and not written[team_310(t)]:
            yield f"310 team {t.name!r} (line {t.line}) {team_310(t)} not in the output"


def same_token(before: str, after: str) -> bool:
    """The same text, the same number (``2.0`` and ``2``, ``0005`` and ``5``) or the same date."""
    if before == after:
        return True
    try:
        return Fraction(before) == Fraction(after)
    except ValueError:
        return same_date(before, after)


def token_differences(out: Output, conversion: str) -> Iterator[str]:
    """What the lines of 132 and 299 say, token by token, is what the output's lines say.

    These records are numbers and dates separated by blanks, and real files do not always
    put them in the standard columns: comparing the words of the lines (not the reader's
    values) finds a value the reader cut or shifted and the conversion wrote that way.
    """
    for kind in (RoundDates, AbnormalPoints):
        if kind is AbnormalPoints and conversion == "trf16":
            continue  # TRF16 has no 299 (record_differences checks it was dropped aloud)
        old = [r.source.text for r in out.original.of_type(kind) if r.source is not None]
        new = [r.source.text for r in out.read.of_type(kind) if r.source is not None]
        for line, (a, b) in enumerate(zip(old, new, strict=False)):
            x, y = a[3:].split(), b[3:].split()
            if len(x) != len(y) or not all(map(same_token, x, y)):
                yield f"{a[:3]} #{line + 1}: the input says {x}, the output {y}"


def differences(out: Output, conversion: str) -> list[str]:
    """Every value that the converted output reads differently from the original."""
    return [
        *player_differences(out, conversion),
        *date_differences(out),
        *record_differences(out, conversion),
        *token_differences(out, conversion),
    ]


# --- the corpus -------------------------------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("conversion", CONVERSIONS)
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_corpus_conversion_keeps_the_values(path: Path, conversion: str) -> None:
    """A corpus file's conversion reads back with the same players, rounds, dates, 299s, teams."""
    found = differences(converted(path.read_bytes(), conversion), conversion)
    assert found == [], "\n".join(found[:30])


# --- generated tournaments ----------------------------------------------------------------------


@st.composite
def round_robins(draw: st.DrawFn) -> bytes:
    """A round robin of rr_generator, with forfeits and a withdrawal now and then."""
    players = draw(st.integers(3, 12))
    event = RoundRobinFile.berger(
        players,
        cycles=draw(st.integers(1, 2)),
        seed=draw(st.integers(0, 10**6)),
        bye=draw(st.sampled_from(("blank", "Z"))),
        header192=draw(st.sampled_from((None, "FIDE_ROUNDROBIN"))),
    )
    for _ in range(draw(st.integers(0, 2))):
        number = draw(st.integers(1, event.rounds))
        loser = draw(st.integers(1, players))
        if event.grid[loser][number - 1].opponent is not None:
            event.forfeit(number, loser)
    if draw(st.booleans()):
        event.withdraw(draw(st.integers(1, players)), draw(st.integers(0, event.rounds - 1)))
    return event.text(ranks=draw(st.booleans())).encode()


TEAM_ROUND_ROBINS = st.builds(
    lambda teams, boards, seed, record: TeamRoundRobin.berger(
        teams, boards, seed=seed, record=record
    ).text().encode(),
    st.integers(2, 6),
    st.integers(1, 4),
    st.integers(0, 10**6),
    st.sampled_from(("013", "310")),
)
INCONSISTENT = st.integers(0, 2**32).map(lambda seed: inconsistent_tournament(random.Random(seed)))
MODEL = CONVERTIBLE.map(lambda t: render_canonical(t).encode("utf-8"))
BLANK_TWINS = tuple(
    render_canonical(Tournament((Player(1), Team("013", "", first), Team("310", "", second))))
    .encode("utf-8")
    for first, second in (((1,), ()), ((), (1,)))
)
"""An 013 and a 310 team without names, one with a member: two teams, not one written twice."""


@GENERATED
@pytest.mark.parametrize("conversion", CONVERSIONS)
@given(data=round_robins())
def test_generated_round_robin_keeps_the_values(conversion: str, data: bytes) -> None:
    """A generated round robin (forfeits, withdrawals, byes) keeps its values in conversion."""
    found = differences(converted(data, conversion), conversion)
    assert found == [], "\n".join(found[:30])


@GENERATED
@pytest.mark.parametrize("conversion", CONVERSIONS)
@given(data=TEAM_ROUND_ROBINS)
def test_generated_team_round_robin_keeps_the_values(conversion: str, data: bytes) -> None:
    """A generated team round robin (013 or 310 teams) keeps its values in conversion."""
    found = differences(converted(data, conversion), conversion)
    assert found == [], "\n".join(found[:30])


@GENERATED
@pytest.mark.parametrize("conversion", CONVERSIONS)
@given(data=INCONSISTENT)
def test_generated_inconsistent_tournament_keeps_the_values(conversion: str, data: bytes) -> None:
    """A well-formed file whose games disagree (tests/fuzzing.py) keeps its values as written."""
    found = differences(converted(data, conversion), conversion)
    assert found == [], "\n".join(found[:30])


@GENERATED
@pytest.mark.parametrize("conversion", CONVERSIONS)
@given(data=MODEL)
@example(data=BLANK_TWINS[0])
@example(data=BLANK_TWINS[1])
def test_generated_model_tournament_keeps_the_values(conversion: str, data: bytes) -> None:
    """A tournament built from the model (every record kind, test_canonical) keeps its values."""
    found = differences(converted(data, conversion), conversion)
    assert found == [], "\n".join(found[:30])


# --- the comparison itself --------------------------------------------------------------------

RR6 = RoundRobinFile.berger(6, seed=3).text(ranks=True).encode()


def test_same_date_accepts_a_certain_rewrite_only() -> None:
    """'28.07.2005' may become 2005/07/28; '08/04/2018' may not become a third day; '25/09/1' ≠."""
    assert same_date("28.07.2005", "2005/07/28")
    assert same_date("08/04/2018", "2018/04/08")
    assert not same_date("08/04/2018", "2018/01/08")
    assert not same_date("25/09/13", "25/09/1")
    assert not same_date("2024/01/01", "")


def test_a_changed_value_is_found() -> None:
    """The comparison sees a changed result, name, 299 and team (so the property can fail)."""
    out = converted(RR6, "canonical")
    player = out.read.players[0]
    rounds = list(player.rounds)
    rounds[0] = RoundResult(1, rounds[0].opponent, rounds[0].colour, Result.FORFEIT_WIN)
    changed = Player(
        player.start_rank, name="Someone Else", rating=player.rating, rounds=tuple(rounds)
    )
    extra = (AbnormalPoints("", None, None, 1, (1,)), Team("013", "Club", (1, 2)))
    records = tuple(changed if r is player else r for r in out.read.records) + extra
    found = differences(Output(out.original, Tournament(records), ()), "canonical")
    text = "\n".join(found)
    assert "name 'Player 001' -> 'Someone Else'" in text
    assert "round 1:" in text
    assert "299: [] ->" in text
    assert "teams [] ->" in text


def test_a_dropped_299_needs_an_adjustment() -> None:
    """Going to TRF16 a 299 left out without a ``dropped`` adjustment is reported."""
    original = trfkit.parse(RR6 + b"299 +  2.0  2.5   1    1\n").tournament
    silent = Output(original, trfkit.parse(RR6).tournament, ())
    assert any("lost silently" in d for d in differences(silent, "trf16"))


def test_title_spellings_are_the_same_title() -> None:
    """TRF06's 'g' and TRF16's 'GM' both read as Title.GM: the comparison sees no change."""
    old = trfkit.loads("001    1 m  g Doe, Jane\n")
    new = trfkit.loads("001    1 m GM Doe, Jane\n")
    assert old.players[0].title is new.players[0].title is Title.GM
    assert differences(Output(old, new, ()), "trf26") == []

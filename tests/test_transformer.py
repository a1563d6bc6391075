"""The reader builds every record with its constructor, and the writer keeps untouched lines.

Every record is made by its class's constructor, so the model's validators
run; its :class:`~trfkit.model.Source` keeps the line and what the line was
read as (a value, not the record), and the lossless writer reuses the line
exactly while the record still says that. A player line whose round blocks
are all clean is read at once; the block-by-block reading, which reports the
blocks that are not clean, is the reference for it.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from locations import CORPUS, FIXTURES

import trfkit
from trfkit.api import parse
from trfkit.limits import Limits
from trfkit.model import (
    Colour,
    Player,
    RawRecord,
    Result,
    RoundResult,
    Sex,
    Source,
    TextRecord,
    Title,
    Tournament,
    record_value,
)
from trfkit.trf import transformer


def _files() -> list[Path]:
    found = sorted(FIXTURES.rglob("*.trf"))
    if CORPUS.is_dir():
        found += sorted(CORPUS.glob("*.trf"))
    return found


def _reading(data: bytes) -> tuple[list[object], list[tuple[object, ...]]]:
    """Records with their source (line, text, terminator) and the diagnostics, in order."""
    result = parse(data)
    records: list[object] = []
    for r in result.tournament.records:
        source = r.source
        assert source is not None and source.as_read == record_value(r)
        attrs.validate(r)
        records.append((type(r).__name__, r, source.line, source.text, source.newline))
    diagnostics: list[tuple[object, ...]] = [
        (d.sort_key, d.players, d.round, d.severity) for d in result.diagnostics
    ]
    return records, diagnostics


def _both_ways(data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """Clean round sections read at once, and every section block by block: the same."""
    at_once = _reading(data)
    with monkeypatch.context() as patch:
        patch.setattr(transformer.RecordReader, "_rounds", transformer.RecordReader._blocks)
        assert _reading(data) == at_once


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_fixture_and_corpus_files_read_alike_both_ways(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every bundled fixture (and corpus file, when present) reads alike both ways."""
    _both_ways(path.read_bytes(), monkeypatch)


_ALPHABET = " 0123456789wbWB-=+HFUZXLDl*\t.xé²٣\xa0"


def test_damaged_files_read_alike_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """300 seeded files mixing clean and damaged player lines read alike both ways."""
    rng = random.Random(20261130)
    lines = [
        line
        for path in sorted((FIXTURES / "real").glob("*.trf"))
        for line in path.read_bytes().decode("latin-1").splitlines()
        if line.startswith("001")
    ]
    assert len(lines) > 50
    for _ in range(300):
        chosen = []
        for _ in range(rng.randint(1, 14)):
            line = list(rng.choice(lines))
            if rng.random() < 0.4:
                for _ in range(rng.randint(1, 3)):
                    line[rng.randrange(len(line))] = rng.choice(_ALPHABET)
            text = "".join(line)
            if rng.random() < 0.3:
                text = text.rstrip()
            if rng.random() < 0.1:
                text = text[: rng.randint(0, len(text))]
            chosen.append(text)
        data = ("012 Damaged\n" + "\n".join(chosen) + "\n").encode("utf-8")
        _both_ways(data, monkeypatch)


_HEAD = "001 {:4d} wWGM {:<33s} 2251 NOR     1503014 1990/02/03  5.5 {:4d}  "
"""Cols 1-3 001, 5-8 start rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating,
54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank, then
one 10-column block per round from column 92: opponent, colour, result."""


def _event(players: int) -> str:
    lines = [
        _HEAD.format(n, f"Player {n}", n)
        + f"{n % players + 1:4d} w 1  {(n + 1) % players + 1:4d} b =  0000 - H"
        for n in range(1, players + 1)
    ]
    return f"012 Event of {players}\n" + "\n".join(lines) + "\n"


def test_a_clean_line_has_the_fields_written_in_it() -> None:
    """Columns of a hand-written 001 line come back as written."""
    result = parse(_event(8).encode("ascii"))
    assert [d.code for d in result.diagnostics] == ["P002"]
    first = result.tournament.players[0]
    assert (first.start_rank, first.sex, first.title) == (1, Sex.FEMALE, Title.WGM)
    assert (first.name, first.rating, first.federation, first.fide_id) == (
        "Player 1",
        2251,
        "NOR",
        "1503014",
    )
    assert (first.birth_date, first.points, first.rank) == ("1990/02/03", Fraction(11, 2), 1)
    assert first.rounds == (
        RoundResult(1, 2, Colour.WHITE, Result.WIN),
        RoundResult(2, 3, Colour.BLACK, Result.DRAW),
        RoundResult(3, None, Colour.NONE, Result.HALF_BYE),
    )
    assert first.line == 2


@pytest.mark.parametrize("players", [4, 40])
def test_players_are_made_by_the_constructor_and_pass_validation(players: int) -> None:
    """Small and large files alike: each player equals one built with ``Player(...)``.

    The reader makes every record with its class's constructor, so a validator
    on a model field is honoured by every reading (``attrs.validate`` re-runs
    them on the value read).
    """
    tournament = parse(_event(players)).tournament
    assert len(tournament.players) == players
    for n, player in enumerate(tournament.players, 1):
        expected = Player(
            n,
            f"Player {n}",
            Sex.FEMALE,
            Title.WGM,
            2251,
            "NOR",
            "1503014",
            "1990/02/03",
            Fraction(11, 2),
            n,
            (
                RoundResult(1, n % players + 1, Colour.WHITE, Result.WIN),
                RoundResult(2, (n + 1) % players + 1, Colour.BLACK, Result.DRAW),
                RoundResult(3, None, Colour.NONE, Result.HALF_BYE),
            ),
        )
        assert player == expected and type(player) is Player
        attrs.validate(player)
        for block in player.rounds:
            attrs.validate(block)
    for record in tournament.records:
        attrs.validate(record)


def test_a_damaged_block_is_reported_and_the_others_read() -> None:
    """A block with an unknown colour is reported where it stands; the line is still read."""
    head = "001 {:4d} m    {:<33s} 2000 NOR     1503014 1990/02/03  1.0 {:4d}  "
    blocks = "{0:4d} w 1  {0:4d} b =  "
    lines = [head.format(n, f"P {n}", n) + blocks.format(n % 8 + 1) for n in range(1, 9)]
    text = "012 Shared\n" + "\n".join(lines) + "\n"
    first = parse(text).tournament
    damaged = parse(text.replace("   5 b =", "   5 x =", 1))
    assert [(d.code, d.line, d.column) for d in damaged.diagnostics] == [("P006", 5, 107)]
    assert damaged.tournament.players[3].rounds[1] == RoundResult(2, 5, Colour.NONE, Result.DRAW)
    assert damaged.tournament.players[:3] == first.players[:3]


def test_players_are_frozen_and_keep_their_source() -> None:
    """A player is a frozen Player; its source keeps the line and what it was read as."""
    path = FIXTURES / "real" / "otto_fide_c07_2023_tiebreak_exercises_swiss_9r.trf"
    tournament = parse(path.read_bytes()).tournament
    assert len(tournament.players) >= 8
    player = tournament.players[3]
    assert isinstance(player, Player) and player.source is not None
    assert player.source.text.startswith("001")
    assert player.source.as_read == record_value(player)
    assert not any(value is player for value in player.source.as_read or ())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        player.name = "x"  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        player.source.text = "x"  # type: ignore[misc]
    assert attrs.evolve(player, name="x").name == "x"


# --- the lossless writer ---------------------------------------------------------------


def _with(tournament: Tournament, index: int, record: object) -> Tournament:
    records = list(tournament.records)
    records[index] = record  # type: ignore[call-overload]
    return attrs.evolve(tournament, records=tuple(records))


def test_an_edited_record_is_rendered_and_the_others_keep_their_bytes() -> None:
    """``attrs.evolve`` with a new value re-renders exactly that record; back again, its bytes."""
    path = FIXTURES / "real" / "otto_fide_c07_2023_tiebreak_exercises_swiss_9r.trf"
    data = path.read_bytes()
    tournament = parse(data).tournament
    assert trfkit.dump_bytes(tournament) == data
    index = next(i for i, r in enumerate(tournament.records) if isinstance(r, Player))
    player = tournament.records[index]
    assert isinstance(player, Player)
    before = trfkit.dumps(tournament).splitlines(keepends=True)
    renamed = trfkit.dumps(_with(tournament, index, attrs.evolve(player, name="Renamed, A")))
    after = renamed.splitlines(keepends=True)
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert changed == [index]
    assert "Renamed, A" in after[index]
    same = attrs.evolve(player)  # a new object that says the same: the line is kept
    assert trfkit.dump_bytes(_with(tournament, index, same)) == data
    back = attrs.evolve(attrs.evolve(player, name="x"), name=player.name)
    assert trfkit.dump_bytes(_with(tournament, index, back)) == data


def test_a_source_without_a_reading_is_always_rendered() -> None:
    """A source made by hand (no ``as_read``) keeps its line number but not its text."""
    text = "012 Club Open   \n"
    tournament = parse(text).tournament
    record = tournament.records[0]
    assert isinstance(record, TextRecord) and trfkit.dumps(tournament) == text
    assert record.source is not None
    hand = attrs.evolve(record, source=Source(1, record.source.text, "\n"))
    assert trfkit.dumps(_with(tournament, 0, hand)) == "012 Club Open\n"
    # a record of another class with the source of this line: rendered, not the old text
    other = RawRecord("unknown", "012 Club Open", source=record.source)
    assert trfkit.dumps(_with(tournament, 0, other)) == "012 Club Open\n"


def test_blocks_read_before_keep_their_round() -> None:
    """The same block text in rounds 1 and 2, in two files, reads as its own round each time."""
    line = "001    1 m    A".ljust(91) + "   2 w 1     2 w 1  "
    for _ in range(2):
        (player,) = trfkit.loads(line + "\n").players
        assert [(b.round, b.opponent, b.colour.value) for b in player.rounds] == [
            (1, 2, "w"),
            (2, 2, "w"),
        ]


# --- fields off their columns ------------------------------------------------------------------


def _one(line: str) -> tuple[object, list[object]]:
    result = parse(("012 Shifted\n" + line + "\n").encode())
    return result.tournament.records[1], list(result.diagnostics)


def test_a_shifted_birth_date_is_read_whole_and_reported() -> None:
    """A birth date in columns 71-80 is ``1990/01/01`` in the model, with one P008 at 71."""
    line = f"001 {1:>4} m GM {'Smith, John':<33} {2100:>4} ENG {12345678:>11}  1990/01/01 2.5    3"
    assert line[70:80] == "1990/01/01"
    player, found = _one(line)
    assert isinstance(player, Player)
    assert (player.birth_date, player.points, player.rank) == ("1990/01/01", Fraction(5, 2), 3)
    (p008,) = [d for d in found if d.code == "P008"]
    assert (p008.line, p008.column, p008.players) == (2, 71, (1,))
    assert "'1990/01/01'" in p008.message and "read as it stands" in p008.message
    assert player.source is not None and player.source.unplaced == ""


def test_a_shifted_299_keeps_its_game_points_and_round() -> None:
    """``299 +  2.0  2.5   1    1`` (a Sharly-Chess file) reads 2.0, 2.5, round 1, id 1."""
    record, found = _one("299 +  2.0  2.5   1    1")
    assert (record.kind, record.match_points, record.points) == ("+", Fraction(2), Fraction(5, 2))
    assert (record.round, record.ids) == (1, (1,))
    (p008,) = [d for d in found if d.code == "P008"]
    assert p008.column == 13
    assert "points '2.5' (columns 13-15, not 14-17)" in p008.message
    assert "round '1' (column 19, not 20-22)" in p008.message


def test_shifted_round_dates_are_read_whole() -> None:
    """132 dates one column right are ``25/09/13`` and ``25/09/14``: one P008 for the line."""
    record, found = _one("132" + " " * 89 + "25/09/13  25/09/14")
    assert record.dates == ("25/09/13", "25/09/14")
    assert [d.column for d in found if d.code == "P008"] == [93]


def test_text_no_field_can_take_marks_the_line_kept_as_written() -> None:
    """A name running into the rating: P008 at the piece, and the source says why."""
    name = "Abcdefghij Klmnopqrstuvwxyzabcdefg"  # 34 characters: columns 15-48
    player, found = _one(f"001 {1:>4} m    {name}2100 ENG")
    assert isinstance(player, Player) and player.rating == 2100
    (p008,) = [d for d in found if d.code == "P008"]
    assert p008.column == 26 and "no one field" in p008.message
    assert player.source is not None and "columns 26-52" in player.source.unplaced


@pytest.mark.parametrize(
    "line",
    [
        "162 W \u0661.\u0660 D \u0660.\u0665",  # Arabic-Indic digits in a scoring record
        "362 TW  \u0662.\u0660   TD  1.0",
        "001    \u0661 m    Foreign digits                    \u0662\u0665\u0660\u0660",
        "299 +  \uff12.\uff10  2.5   1    1",  # full-width digits
    ],
)
def test_digits_of_other_scripts_are_no_numbers(line: str) -> None:
    """Digits Python's int() would take (٢٥٠٠, full-width) are junk to TRF: reported, no crash."""
    result = parse(("012 Digits\n" + line + "\n").encode())
    assert any(d.code in ("P005", "P007", "P011", "P003") for d in result.diagnostics)


def test_an_unknown_sex_is_one_finding_a_file_with_its_lines() -> None:
    """Sex ``u`` on players 1-3 and 5 (lines 2-4 and 6): one P007 naming 4 players."""
    lines = ["012 Sexes"] + [
        f"001 {rank:>4} {sex}    Player {rank}" for rank, sex in enumerate("uuumu", start=1)
    ]
    found = [d for d in trfkit.parse("\n".join(lines) + "\n").diagnostics if d.code == "P007"]
    assert [(d.line, d.column, d.message) for d in found] == [
        (2, 10, "sex 'u' is neither m nor w (4 players: lines 2-4, 6)")
    ]


def test_an_unknown_sex_and_title_are_kept_as_written() -> None:
    """``u`` and ``xx`` are no values (None), kept in Player.unread for every writer."""
    p = trfkit.loads("001    1 u xx Alpha\n").players[0]
    assert (p.sex, p.title, p.unread) == (None, None, (("sex", "u"), ("title", "xx")))
    assert (p.written("sex"), p.written("title"), p.written("name")) == ("u", "xx", "")


def test_a_lower_case_initial_colour_is_read_and_reported() -> None:
    """``152 w`` (FIDE's generator) reads as white, with a P007 at column 5; ``152 W`` none."""
    from trfkit.trf.reader import parse

    lower = parse(b"012 X\n152 w\n")
    (found,) = [d for d in lower.diagnostics if d.code == "P007"]
    assert (found.line, found.column) == (2, 5)
    assert "lower case" in found.message
    assert [d for d in parse(b"012 X\n152 W\n").diagnostics if d.code == "P007"] == []


def test_lines_of_many_lengths_keep_one_table_of_block_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round sections of 1 to 450 blocks keep one column table per width, as long as the longest.

    The eight-column texts are cut only for lines of at most 20 blocks (the block cache's).
    """
    monkeypatch.setattr(transformer, "_SLICES", {})
    block = "   1 w 1  "
    lines = ["001    2 m    B".ljust(91) + block * count for count in range(1, 451)]
    data = "012 Long lines\n" + "\n".join(lines) + "\n"
    tournament = trfkit.loads(data, limits=Limits(max_line_length=5000, max_rounds=450))
    assert [len(p.rounds) for p in tournament.players] == list(range(1, 451))
    assert {width: len(table) for width, table in transformer._SLICES.items()} == {8: 20, 4: 450}


# --- round blocks against a reading written from the column rule -------------------------------

_REF_COLOURS = {"w": Colour.WHITE, "W": Colour.WHITE, "b": Colour.BLACK, "B": Colour.BLACK,
                "-": Colour.NONE, " ": Colour.NONE}  # fmt: skip
_REF_RESULTS = "+-wdl1=0hfuzWDLHFUZ "
"""The result codes of TRF16 and TRF-2026 (letters in either case, as exporters write them)."""


def _reference_block(number: int, text: str) -> RoundResult:
    """One block read by the rule: opponent (columns 1-4), colour (6), result (8).

    A blank opponent or ``0000`` is none; a blank result is none.
    """
    opponent = int(text[:4]) if text[:4].strip() else 0
    code = text[7]
    result = None if code == " " else next(r for r in Result if r.value == code.upper())
    return RoundResult(number, opponent or None, _REF_COLOURS[text[5]], result)


def _spelled_block(rng: random.Random, players: int) -> str:
    """A clean block as one exporter or another writes it: a game, a bye, or nothing."""
    kind = rng.random()
    if kind < 0.1:
        return " " * 10
    if kind < 0.25:  # a bye: 0000 or blank opponent, '-' or blank colour
        opponent = rng.choice(("0000", "    "))
        return f"{opponent} {rng.choice('- ')} {rng.choice('HFUZ-+hfuz ')}  "
    opponent = rng.randint(1, players)
    written = rng.choice((f"{opponent:>4}", f"{opponent:04d}"))
    return f"{written} {rng.choice('wbWB')} {rng.choice(_REF_RESULTS)}  "


@pytest.mark.parametrize(("players", "most_rounds"), [(40, 9), (40, 30), (600, 11)])
def test_clean_round_blocks_read_as_the_column_rule_says(players: int, most_rounds: int) -> None:
    """Every spelling of a clean block reads as a reading written from the rule says.

    Short files and long ones, lines of few and of many blocks (the reader keeps the blocks
    of small events from file to file), each file read twice; trailing blank blocks are no
    blocks, a last block may be cut short.
    """
    rng = random.Random(players * 100 + most_rounds)
    lines, expected = [], []
    for n in range(1, players + 1):
        blocks = [_spelled_block(rng, players) for _ in range(rng.randint(1, most_rounds))]
        section = "".join(blocks)
        if rng.random() < 0.5:
            section = section.rstrip()
        lines.append(f"001 {n:>4} m    Player {n}".ljust(91) + section)
        padded = section.ljust(-(-len(section) // 10) * 10)
        read = [
            _reference_block(r, padded[10 * (r - 1) : 10 * r])
            for r in range(1, 1 + len(padded) // 10)
        ]
        while read and not padded[10 * (len(read) - 1) : 10 * len(read) - 2].strip():
            read.pop()
        expected.append(tuple(read))
    data = "012 Spellings\n" + "\n".join(lines) + "\n"
    for _ in range(2):
        assert [p.rounds for p in trfkit.loads(data).players] == expected

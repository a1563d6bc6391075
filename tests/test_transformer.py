"""The reader's ways through player lines give the same records and diagnostics.

From sixteen player lines on, :class:`trfkit.trf.transformer.TrfTransformer` reads
clean lines column by column, all at once; in smaller files, clean lines are
read one at a time with the same caches and tests; any line with a problem is
read field by field. The field-by-field reading is the reference: these tests
read every fixture, the shared corpus, and seeded damaged files every way.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from locations import CORPUS, FIXTURES

from trfkit.api import parse
from trfkit.model import Colour, Player, Result, RoundResult, Source, TextRecord
from trfkit.trf import transformer


def _files() -> list[Path]:
    found = sorted(FIXTURES.rglob("*.trf"))
    if CORPUS.is_dir():
        found += sorted(CORPUS.glob("*.trf"))
    return found


def _reading(data: bytes) -> tuple[list[object], list[tuple[object, ...]]]:
    """Records with their source (text, line, terminator, origin) and sorted diagnostics."""
    result = parse(data)
    records: list[object] = []
    for r in result.tournament.records:
        source = r.source
        assert source is not None and source.origin is r
        records.append((type(r).__name__, r, source.line, source.text, source.newline))
    diagnostics: list[tuple[object, ...]] = [
        (d.sort_key, d.players, d.round, d.severity) for d in result.diagnostics
    ]
    return records, diagnostics


def _both_ways(data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """In bulk (shared block values or a file's own), line by line, and wholly field by field."""
    monkeypatch.setattr(transformer, "_BULK_LINES", 1)
    in_bulk = _reading(data)
    monkeypatch.setattr(transformer, "_SHARED_BLOCKS_MAX", 0)  # as a file too large to share
    assert _reading(data) == in_bulk
    monkeypatch.setattr(transformer, "_BULK_LINES", 10**9)
    line_by_line = _reading(data)
    assert in_bulk == line_by_line
    monkeypatch.setattr(transformer.TrfTransformer, "_clean_player", lambda self, token: None)
    assert _reading(data) == line_by_line


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_fixture_and_corpus_files_read_alike_both_ways(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every bundled fixture (and corpus file, when present) reads alike in bulk and by line."""
    _both_ways(path.read_bytes(), monkeypatch)


_ALPHABET = " 0123456789wbWB-=+HFUZXLDl*\t.xé"


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


@pytest.mark.parametrize("bulk_from", [1, 10**9], ids=["in-bulk", "line-by-line"])
def test_a_clean_line_read_in_bulk_has_the_fields_written_in_it(
    bulk_from: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Columns of a hand-written 001 line come back as written (read in bulk, and on its own)."""
    monkeypatch.setattr(transformer, "_BULK_LINES", bulk_from)
    # cols 1-3 001, 5-8 start rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating,
    # 54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank,
    # then one 10-column block per round from column 92: opponent, colour, result.
    head = "001 {:4d} wWGM {:<33s} 2251 NOR     1503014 1990/02/03  5.5 {:4d}  "
    lines = [
        head.format(n, f"Player {n}", n) + f"{n % 8 + 1:4d} w 1  {n % 8 + 1:4d} b =  0000 - H"
        for n in range(1, 9)
    ]
    result = parse(("012 Eight\n" + "\n".join(lines) + "\n").encode("ascii"))
    assert [d.code for d in result.diagnostics] == ["P002"]
    first = result.tournament.players[0]
    assert (first.start_rank, first.sex and first.sex.value, first.title and first.title.value) == (
        1,
        "w",
        "WGM",
    )
    assert (first.name, first.rating, first.federation, first.fide_id) == (
        "Player 1",
        2251,
        "NOR",
        "1503014",
    )
    assert (first.birth_date, first.points, first.rank) == ("1990/02/03", Fraction(11, 2), 1)
    assert first.rounds == (
        RoundResult(1, 2, Colour.WHITE, Result.WIN),
        RoundResult(2, 2, Colour.BLACK, Result.DRAW),
        RoundResult(3, None, Colour.NONE, Result.HALF_BYE),
    )
    assert first.line == 2


@pytest.mark.parametrize("bulk_from", [1, 10**9], ids=["in-bulk", "line-by-line"])
def test_blocks_seen_before_are_shared_and_new_ones_still_checked(
    bulk_from: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A block read before gives the same value again; a new, damaged block is still reported."""
    monkeypatch.setattr(transformer, "_BULK_LINES", bulk_from)
    head = "001 {:4d} m    {:<33s} 2000 NOR     1503014 1990/02/03  1.0 {:4d}  "
    blocks = "{0:4d} w 1  {0:4d} b =  "
    lines = [head.format(n, f"P {n}", n) + blocks.format(n % 8 + 1) for n in range(1, 9)]
    text = "012 Shared\n" + "\n".join(lines) + "\n"
    first, again = parse(text).tournament, parse(text).tournament
    assert first == again
    assert again.players[3].rounds[1] is first.players[3].rounds[1]
    damaged = parse(text.replace("   5 b =", "   5 x =", 1))
    assert [(d.code, d.line, d.column) for d in damaged.diagnostics] == [("P006", 5, 107)]
    assert damaged.tournament.players[3].rounds[1] == RoundResult(2, 5, Colour.NONE, Result.DRAW)
    assert damaged.tournament.players[:3] == first.players[:3]


def test_round_results_made_column_by_column_equal_constructed_ones() -> None:
    """``make_round_results`` gives equal, equally hashed, still frozen values."""
    made = transformer.make_round_results(
        3,
        [7, None, 12],
        [Colour.WHITE, Colour.NONE, Colour.BLACK],
        [Result.WIN, Result.PAIRING_BYE, None],
    )
    expected = [
        RoundResult(1, 7, Colour.WHITE, Result.WIN),
        RoundResult(2, None, Colour.NONE, Result.PAIRING_BYE),
        RoundResult(3, 12, Colour.BLACK, None),
    ]
    assert made == expected
    assert [hash(m) for m in made] == [hash(e) for e in expected]
    assert [repr(m) for m in made] == [repr(e) for e in expected]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made[0].opponent = 8  # type: ignore[misc]


def test_text_records_made_by_slots_equal_constructed_ones() -> None:
    """``make_text_record`` gives an equal, equally hashed, still frozen record with its source."""
    source = Source(3, "012 Club Open", "\n")
    made = transformer.make_text_record("012", "Club Open", source)
    expected = TextRecord("012", "Club Open", source=source)
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert made.source is source and made.line == 3
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.value = "x"  # type: ignore[misc]


@pytest.mark.parametrize("bulk_from", [1, 10**9], ids=["in-bulk", "line-by-line"])
def test_players_read_in_bulk_are_frozen_and_keep_their_source(
    bulk_from: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player read in bulk or on its own is a frozen Player whose source points back at it."""
    monkeypatch.setattr(transformer, "_BULK_LINES", bulk_from)
    path = FIXTURES / "real" / "otto_fide_c07_2023_tiebreak_exercises_swiss_9r.trf"
    tournament = parse(path.read_bytes()).tournament
    assert len(tournament.players) >= 8
    player = tournament.players[3]
    assert isinstance(player, Player) and player.source is not None
    assert player.source.origin is player
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        player.name = "x"  # type: ignore[misc]
    assert attrs.evolve(player, name="x").name == "x"

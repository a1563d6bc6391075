"""The JSON form: its schema, TRF -> JSON -> TRF and JSON -> TRF -> JSON, bad documents, limits."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped,unused-ignore]
import pytest
import test_canonical as strategies
from hypothesis import given, settings
from locations import CORPUS_FILES, ROOT, needs_corpus

import trfkit
from trfkit.cli import main
from trfkit.errors import WriteError
from trfkit.formats import jsonform
from trfkit.limits import Limits
from trfkit.model import Player, Tournament
from trfkit.numbers import exact_text
from trfkit.trf.writer import render_canonical

SCHEMA_FILE = ROOT / "trfkit" / "formats" / "schema" / "trfkit-tournament-v1.schema.json"


VALIDATOR = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))

SAMPLE = (
    "012 Club Open\n"
    # 001: 5-8 rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
    # 58-68 FIDE id, 70-79 birth, 81-84 points, 86-89 rank, blocks from column 92.
    "001    1 m GM Alpha, Ann                        2500 NOR     1503014 1990/11/30  1.5"
    "    1     2 w 1  0000 - H\n"
    "001    2 w    Beta, Bea                         2300 FRA                         0.0"
    "    2     1 b 0\n"
)


def test_schema_file_is_a_valid_draft_2020_12_schema() -> None:
    """The shipped schema is itself valid JSON Schema (draft 2020-12)."""
    jsonschema.Draft202012Validator.check_schema(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
    # The package ships the same file (from site-packages when tox tests the wheel).
    assert jsonform.SCHEMA_PATH.name == SCHEMA_FILE.name
    assert jsonform.SCHEMA_PATH.read_bytes() == SCHEMA_FILE.read_bytes()
    assert jsonform.schema()["$id"] == "urn:trfkit:schema:tournament:1"


def test_schema_names_every_record_type_the_writer_uses() -> None:
    """Each record type of the JSON form has a schema definition with the same members."""
    defs = jsonform.schema()["$defs"]
    for name, _cls, fields in jsonform.RECORD_TYPES:
        assert set(defs[name]["properties"]) == {"type", *(f for f, _ in fields)}, name
    names = {name for name, _, _ in jsonform.RECORD_TYPES}
    assert set(defs["record"]["properties"]["type"]["enum"]) == names
    chosen = {rule["then"]["$ref"].rsplit("/", 1)[1] for rule in defs["record"]["allOf"]}
    assert chosen == names


def test_sample_in_json_form() -> None:
    """The documented shape: versioned envelope, typed records, exact points as strings."""
    data = jsonform.to_data(trfkit.loads(SAMPLE))
    assert (data["format"], data["version"], data["trf_version"]) == ("trfkit", 1, "trf16")
    header, alpha, beta = data["records"]
    assert header == {"type": "header", "code": "012", "value": "Club Open"}
    assert alpha == {
        "type": "player",
        "start_rank": 1,
        "sex": "m",
        "title": "GM",
        "name": "Alpha, Ann",
        "rating": 2500,
        "federation": "NOR",
        "fide_id": "1503014",
        "birth_date": "1990/11/30",
        "points": "1.5",
        "rank": 1,
        "rounds": [
            {"round": 1, "opponent": 2, "colour": "w", "result": "1"},
            {"round": 2, "opponent": None, "colour": "-", "result": "H"},
        ],
    }
    assert beta["sex"] == "w" and beta["title"] is None and beta["fide_id"] == ""
    assert not list(VALIDATOR.iter_errors(data))


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(3, 2), "1.5"),
        (Fraction(2), "2.0"),
        (Fraction(21, 4), "5.25"),
        (Fraction(-1, 2), "-0.5"),
        (Fraction(17), "17.0"),
        (Fraction(1, 3), "1/3"),
    ],
)
def test_points_are_exact_strings(value: Fraction, text: str) -> None:
    """Points keep their exact value: decimals with a point, fractions where no decimal ends."""
    assert exact_text(value) == text
    assert jsonform.read_points(text, "p") == value


@settings(strategies.PROPERTY, max_examples=150)
@given(strategies.tournaments())
def test_generated_json_round_trips_and_matches_the_schema(t: Tournament) -> None:
    """Generated tournaments: schema-valid JSON, equal on reading, JSON->TRF->JSON identical."""
    text = jsonform.dumps(t)
    data = json.loads(text)
    assert not list(VALIDATOR.iter_errors(data))
    back = jsonform.loads(text)
    assert back == t
    trf = render_canonical(back)
    assert trf == render_canonical(t)
    assert jsonform.dumps(trfkit.loads(trf)) == text


@needs_corpus
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_corpus_trf_json_trf_gives_the_canonical_trf(path: Path) -> None:
    """TRF -> JSON -> TRF is the canonical TRF; JSON -> TRF -> JSON is identical; schema-valid."""
    t = trfkit.parse(path.read_bytes()).tournament
    text = jsonform.dumps(t)
    assert not list(VALIDATOR.iter_errors(json.loads(text)))
    trf = render_canonical(jsonform.loads(text))
    assert trf == render_canonical(t)
    assert jsonform.dumps(trfkit.loads(trf)) == text
    trfkit.parse(trf, strict=True)


def _doc(*records: dict[str, Any]) -> dict[str, Any]:
    return {"format": "trfkit", "version": 1, "trf_version": "trf16", "records": list(records)}


PLAYER = {
    "type": "player",
    "start_rank": 1,
    "sex": None,
    "title": None,
    "name": "A",
    "rating": None,
    "federation": "",
    "fide_id": "",
    "birth_date": "",
    "points": None,
    "rank": None,
    "rounds": [],
}


@pytest.mark.parametrize(
    ("document", "where", "schema_rejects"),
    [
        ({**_doc(), "version": 2}, "version", True),
        ({**_doc(), "format": "other"}, "format", True),
        (_doc({**PLAYER, "points": 1.5}), "records[0].points", True),
        (_doc({**PLAYER, "points": "1,5"}), "records[0].points", True),
        (_doc({**PLAYER, "title": "gm"}), "records[0].title", True),
        (_doc({**PLAYER, "extra": 1}), "records[0]", True),
        (_doc({**PLAYER, "name": "x" * 34}), "records[0].name", True),
        (_doc({**PLAYER, "name": "A\nB"}), "records[0].name", True),
        (
            _doc({**PLAYER, "rounds": [{"round": 2, "opponent": 3, "colour": "w", "result": "1"}]}),
            "records[0].rounds[0].round",
            False,
        ),
        (_doc({"type": "header", "code": "001", "value": "x"}), "records[0].code", True),
        (_doc({"type": "line", "kind": "comment", "text": "no hashes"}), "records[0]", False),
        (_doc({"type": "nothing"}), "records[0].type", True),
    ],
)
def test_bad_documents_are_refused_with_their_place(
    document: dict[str, Any], where: str, schema_rejects: bool
) -> None:
    """A document that is no trfkit tournament raises JsonFormError naming the member."""
    with pytest.raises(jsonform.JsonFormError) as info:
        jsonform.from_data(document)
    assert info.value.path == where
    assert bool(list(VALIDATOR.iter_errors(document))) is schema_rejects


def test_not_json_is_a_clear_error() -> None:
    """Text that is not JSON gives a JsonFormError with the position."""
    with pytest.raises(jsonform.JsonFormError, match=r"not JSON: .* line 1 column 2"):
        jsonform.loads("{x")


def test_records_from_json_point_at_canonical_lines() -> None:
    """A tournament read from JSON has line numbers: record i is canonical TRF line i + 1."""
    t = jsonform.loads(jsonform.dumps(trfkit.loads(SAMPLE)))
    assert [r.line for r in t.records] == [1, 2, 3]


# --- the JSON form and the TRF limits agree ---------------------------------------------------


def _event(players: int, rounds: int) -> str:
    """A 012 line and *players* 001 lines of *rounds* blocks: 1 beats 2, 3 beats 4, ... each round.

    Columns as SAMPLE: start rank 5-8, name 15-47, points 81-84, rank 86-89, blocks from 92.
    """
    lines = ["012 Limits Open"]
    for n in range(1, players + 1):
        other, won = (n + 1, True) if n % 2 else (n - 1, False)
        block = f"{other:4d} w 1" if won else f"{other:4d} b 0"
        if other > players:
            block = "0000 - U"
        head = f"001 {n:4d} m    {'Player ' + str(n):<33} 2000 NOR {1000000 + n:>11} 1990/01/01"
        points = f"{rounds if won or other > players else 0:.1f}"
        lines.append(f"{head} {points:>4} {n:4d}  " + "  ".join([block] * rounds))
    return "\n".join(lines) + "\n"


def test_the_json_byte_limit_follows_the_trf_limits() -> None:
    """max_bytes plus 512 bytes a player and 128 a round: 198,935,680 by default."""
    assert Limits().max_json_bytes == 67_108_864 + 9_999 * (512 + 99 * 128) == 198_935_680
    assert Limits(max_bytes=1_000, max_players=10, max_rounds=5).max_json_bytes == 12_520


def test_a_trf_at_every_limit_gives_json_that_reads_back_under_the_same_limits() -> None:
    """20 players x 9 rounds (179-character lines) at every limit: JSON 7x bigger, read back."""
    trf = _event(20, 9)
    limits = Limits(max_bytes=len(trf), max_line_length=179, max_players=20, max_rounds=9)
    result = trfkit.parse(trf, limits=limits)
    assert result.fatal is None
    text = jsonform.dumps(result.tournament, limits=limits)
    assert 7 * limits.max_bytes < len(text) <= limits.max_json_bytes
    back = jsonform.loads(text, limits=limits)
    assert render_canonical(back) == trf
    smaller = attrs.evolve(limits, max_rounds=8)
    with pytest.raises(jsonform.JsonFormError) as info:
        jsonform.loads(text, limits=smaller)
    assert str(info.value) == (
        "records[1]: player 1 has 9 rounds, more than the limit of 8 (--max-rounds)"
    )


def test_a_json_form_over_its_byte_limit_is_refused_before_decoding() -> None:
    """100 bytes + 1 player x 1 round allow 740 bytes; the refusal names both sizes."""
    text = jsonform.dumps(trfkit.loads(SAMPLE))
    limits = Limits(max_bytes=100, max_players=1, max_rounds=1)
    with pytest.raises(jsonform.JsonFormError) as info:
        jsonform.loads(text, limits=limits)
    assert str(info.value) == (
        f"the JSON has {len(text):,} bytes, more than the limit of 740 for the JSON form "
        "(--max-bytes plus 512 bytes per player and 128 per round for --max-players x "
        "--max-rounds); it was not read"
    )


def _rounds(count: int) -> list[dict[str, Any]]:
    """*count* half-point byes, as round objects."""
    bye = {"opponent": None, "colour": "-", "result": "H"}
    return [{"round": r, **bye} for r in range(1, count + 1)]


def test_a_500_round_json_names_the_limit_it_exceeds() -> None:
    """500 rounds: --max-rounds first; raised, the 5,089-character TRF line; both raised, read."""
    document = _doc({"type": "header", "code": "012", "value": "Long"},
                    {**PLAYER, "rounds": _rounds(500)})  # fmt: skip
    with pytest.raises(jsonform.JsonFormError) as info:
        jsonform.from_data(document)
    assert (info.value.path, str(info.value)) == (
        "records[1]",
        "records[1]: player 1 has 500 rounds, more than the limit of 99 (--max-rounds)",
    )
    with pytest.raises(jsonform.JsonFormError) as info:
        jsonform.from_data(document, limits=Limits(max_rounds=500))
    assert str(info.value) == (
        "records[1]: its TRF line would have 5,089 characters, more than the limit of 4,096 "
        "(--max-line-length)"
    )
    back = jsonform.from_data(document, limits=Limits(max_rounds=500, max_line_length=5089))
    assert len(back.players[0].rounds) == 500


def test_too_many_players_in_json_points_at_the_first_one_over() -> None:
    """4 players, a limit of 3: refused at records[4] (the fourth player, after the 012)."""
    t = trfkit.loads(_event(4, 1))
    with pytest.raises(jsonform.JsonFormError) as info:
        jsonform.loads(jsonform.dumps(t), limits=Limits(max_players=3))
    assert str(info.value) == (
        "records[4]: 4 player records, more than the limit of 3 (--max-players)"
    )


def test_dumps_refuses_what_loads_would_refuse() -> None:
    """Writing 4 players under a limit of 3, or points 12345.5, raises WriteError at the record."""
    t = trfkit.loads(_event(4, 1))
    with pytest.raises(WriteError) as info:
        jsonform.dumps(t, limits=Limits(max_players=3))
    assert str(info.value) == (
        "cannot be written as the JSON form: records[4]: 4 player records, more than the "
        "limit of 3 (--max-players)"
    )
    wide = Tournament((Player(start_rank=1, name="A", points=Fraction(24691, 2)),))
    with pytest.raises(WriteError, match=r"records\[0\]\.points: cannot be written as TRF: "
                       r"points '12345\.5' does not fit columns 81-84"):  # fmt: skip
        jsonform.dumps(wide)


@pytest.mark.parametrize(
    ("member", "value", "message"),
    [
        ("points", "12345.5", "points '12345.5' does not fit columns 81-84"),
        ("rating", 123456, "rating '123456' does not fit columns 49-52"),
        ("start_rank", 10000, "start_rank '10000' does not fit columns 5-8"),
    ],
)
def test_a_value_wider_than_its_trf_columns_is_refused_at_its_member(
    member: str, value: object, message: str
) -> None:
    """JSON -> TRF: a value that no TRF column holds is a JsonFormError naming field and value."""
    with pytest.raises(jsonform.JsonFormError) as info:
        jsonform.from_data(_doc({**PLAYER, member: value}))
    assert info.value.path == f"records[0].{member}"
    assert str(info.value) == f"records[0].{member}: cannot be written as TRF: {message}"


def test_a_team_member_too_wide_is_refused_at_its_index() -> None:
    """A 310 member 12345 (four columns each): the member's index is in the place."""
    team = {"type": "team", "code": "310", "name": "T", "members": [1, 2, 12345], "number": 1,
            "nickname": "", "strength": "", "match_points": None, "game_points": None,
            "rank": None}  # fmt: skip
    with pytest.raises(jsonform.JsonFormError) as info:
        jsonform.from_data(_doc(team))
    assert info.value.path == "records[0].members[2]"
    assert "members '12345' does not fit columns 84-87" in str(info.value)


@pytest.mark.parametrize(
    ("line", "canonical"),
    [
        # points that trfkit writes as 1234.0, 100.0, -0.25: four columns hold them as read
        ("001    1".ljust(80) + "1234", "001    1".ljust(80) + "1234"),
        ("001    1".ljust(80) + " 100", "001    1".ljust(80) + " 100"),
        ("001    1".ljust(80) + "-.25", "001    1".ljust(80) + "-.25"),
        ("250 1000  1.0   1   2    1    4", "250 1000  1.0   1   2    1    4"),
        ("XXA    1  100", "XXA    1  100"),
        # 162/362 pairs read from free text that its columns cannot hold
        ("162 WWW 1.0", "162 WWW 1.0"),
        ("162 W 100.25 D 0.5", "162 W 100.25 D 0.5"),
        ("362 TW  2.0   TL  0.0250", "362 TW 2.0 TL 0.025"),
    ],
)
def test_what_trfkit_reads_comes_back_through_json(line: str, canonical: str) -> None:
    """TRF -> JSON -> TRF for values too wide as trfkit writes them: the same values come back."""
    t = trfkit.loads(f"012 Wide\n{line}\n")
    back = jsonform.loads(jsonform.dumps(t))
    assert back == jsonform.from_data(jsonform.to_data(t))
    assert render_canonical(back) == f"012 Wide\n{canonical}\n"
    assert trfkit.loads(render_canonical(back)).records == back.records


@pytest.mark.slow
def test_9999_players_99_rounds_convert_to_json_and_back(tmp_path: Path) -> None:
    """The largest event the default limits allow: its 123 MB JSON form reads back as the TRF."""
    trf = _event(9999, 99)
    source = tmp_path / "big.trf"
    source.write_text(trf, encoding="utf-8")
    data, back = tmp_path / "big.json", tmp_path / "back.trf"
    assert main(["convert", str(source), "--to", "json", "-o", str(data)]) == 0
    assert data.stat().st_size > Limits().max_bytes
    assert main(["convert", str(data), "--to", "trf", "-o", str(back)]) == 0
    assert back.read_text(encoding="utf-8") == trf


@pytest.mark.parametrize("indent", [2, None, 0, 4])
def test_the_json_text_written_record_by_record_is_json_dumps_of_the_whole(
    indent: int | None,
) -> None:
    """The record-by-record JSON text is json.dumps of the whole document, for every fixture."""
    paths = sorted((ROOT / "fixtures").rglob("*.trf"))
    assert paths
    for path in paths:
        tournament = trfkit.loads(path.read_bytes())
        whole = json.dumps(jsonform.to_data(tournament), ensure_ascii=False, indent=indent)
        assert jsonform._json_text(tournament, indent) == whole, path
    empty = json.dumps(jsonform.to_data(Tournament()), ensure_ascii=False, indent=indent)
    assert jsonform._json_text(Tournament(), indent) == empty

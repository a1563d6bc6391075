"""The JSON form: its schema, TRF -> JSON -> TRF and JSON -> TRF -> JSON, and bad documents."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped,unused-ignore]
import pytest
import test_canonical as strategies
from hypothesis import given, settings
from locations import CORPUS_FILES, ROOT, needs_corpus

import trfkit
from trfkit.convert import jsonform
from trfkit.model import Tournament
from trfkit.trf.writer import render_canonical

SCHEMA_FILE = ROOT / "trfkit" / "convert" / "schema" / "trfkit-tournament-v1.schema.json"


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
    assert jsonform.points_text(value) == text
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
        (_doc({**PLAYER, "name": "x" * 34}), "records[0]", True),
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

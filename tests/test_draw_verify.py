"""A drawing anyone can verify: ``draw --commit``, ``--commitment`` and ``--verify``."""

from __future__ import annotations

import hashlib
import json
import unicodedata
from pathlib import Path

import pytest
from test_lots import reference_shuffle

from trfkit.cli import main

NAMES = ["Carlsen", "Caruana", "Nakamura", "Ding", "Giri", "So", "Aronian", "Firouzja",
         "Nepomniachtchi"]  # fmt: skip


def _commitment(seed: str) -> str:
    """The commitment as the README defines it, written out anew."""
    return hashlib.sha256(("trfkit-lots-1 commitment:" + seed).encode("utf-8")).hexdigest()


def _digest(names: list[str]) -> str:
    """The names' digest as the README defines it: NFC names, each and a line feed."""
    text = "".join(unicodedata.normalize("NFC", n) + "\n" for n in names)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_shuffle = reference_shuffle
"""trfkit-lots-1's shuffle from the README's text, written out anew (in test_lots)."""


@pytest.fixture
def names_file(tmp_path: Path) -> Path:
    """The nine names, one a line."""
    path = tmp_path / "names.txt"
    path.write_text("\n".join(NAMES) + "\n", encoding="utf-8")
    return path


def test_commit_prints_a_fresh_seed_and_its_commitment(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--commit --format json``: a 128-bit hex seed and SHA-256 of the prefix and the seed."""
    assert main(["draw", "--commit", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    seed = doc["seed"]
    assert len(seed) == 32 and int(seed, 16) >= 0
    assert doc["commitment"] == _commitment(seed)
    assert main(["draw", "--commit", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] != seed  # fresh every time


def test_commit_text_names_the_commitment_of_a_given_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--commit --seed S`` prints S's commitment and tells to keep the seed private."""
    assert main(["draw", "--commit", "--seed", "Open 2026"]) == 0
    out = capsys.readouterr().out
    assert f"Commitment: {_commitment('Open 2026')}" in out
    assert "keep the seed private" in out


def test_matching_seed_is_drawn_and_recorded(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seed matching its commitment draws; the record holds all that repeats the drawing."""
    h = _commitment("2026")
    argv = ["draw", str(names_file), "--seed", "2026", "--commitment", h, "--format", "json"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["seed"] == "2026" and doc["commitment"] == h and doc["commitment_checked"]
    assert doc["algorithm"] == "trfkit-lots-1" and doc["collation"] == "root"
    assert doc["names"] == NAMES and doc["names_sha256"] == _digest(NAMES)
    # repeat it from the record alone, by the README's algorithm: the players draw in
    # alphabetical order (ASCII names: plain letter order), the numbers 1-9 shuffled
    drawing = sorted(doc["names"])
    numbers = _shuffle(doc["seed"], list(range(1, 10)))
    assert [(d["name"], d["number"]) for d in doc["drawing"]] == list(
        zip(drawing, numbers, strict=True)
    )
    by_number = {n: name for name, n in zip(drawing, numbers, strict=True)}
    assert doc["start_numbers"] == [{"number": n, "name": by_number[n]} for n in range(1, 10)]


def test_text_output_names_commitment_and_digest(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The text output prints the commitment, that it matched, and the names' digest."""
    h = _commitment("x")
    assert main(["draw", str(names_file), "--seed", "x", "--commitment", h.upper()]) == 0
    out = capsys.readouterr().out
    assert f"Commitment: {h} (matches the one given)" in out
    assert f"Names digest (SHA-256): {_digest(NAMES)}" in out


def test_mismatched_seed_is_refused(names_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A seed whose commitment is not the one given: refused with one line, exit 2."""
    h = _commitment("2026")
    assert main(["draw", str(names_file), "--seed", "2027", "--commitment", h]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert f"does not match the commitment {h}" in captured.err


def test_commitment_without_seed_is_refused(
    names_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--commitment`` without ``--seed``: nothing to check, exit 2."""
    assert main(["draw", str(names_file), "--commitment", _commitment("1")]) == 2
    assert "--commitment needs the --seed" in capsys.readouterr().err


def _record(names_file: Path, tmp_path: Path, *argv: str) -> Path:
    out = tmp_path / "record.json"
    assert main(["draw", str(names_file), "--seed", "2026", "--format", "json",
                 "-o", str(out), *argv]) == 0  # fmt: skip
    return out


def test_verify_a_record_that_matches(
    names_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--verify`` of a record written by ``-o`` repeats the drawing: exit 0."""
    record = _record(names_file, tmp_path, "--collation", "nb", "--fix", "Ding=1")
    capsys.readouterr()
    assert main(["draw", "--verify", str(record)]) == 0
    out = capsys.readouterr().out
    assert "it matches" in out and "collation nb" in out and "1 pinned" in out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["start_numbers"].reverse(), "start_numbers"),
        (lambda d: d.update(seed="2027"), "commitment"),
        (lambda d: d["names"].append("Gukesh"), "names' digest"),
        (lambda d: d.update(order="as-given"), "drawing"),
    ],
)
def test_verify_a_tampered_record(
    change: object, message: str, names_file: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A record changed after the drawing does not repeat: exit 1, naming what differs."""
    record = _record(names_file, tmp_path)
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert callable(change)
    change(doc)
    record.write_text(json.dumps(doc), encoding="utf-8")
    capsys.readouterr()
    assert main(["draw", "--verify", str(record)]) == 1
    out = capsys.readouterr().out
    assert "does NOT repeat" in out and message in out


@pytest.mark.parametrize(
    "content",
    ["not json", "[1, 2]", json.dumps({"algorithm": "other-1", "seed": "1"}),
     json.dumps({"algorithm": "trfkit-lots-1", "seed": "1", "names": "A"})],
)  # fmt: skip
def test_verify_an_unreadable_record(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not JSON, not an object, another algorithm, names not a list: one line, exit 2."""
    record = tmp_path / "r.json"
    record.write_text(content, encoding="utf-8")
    assert main(["draw", "--verify", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("trfkit draw: --verify")


def test_verify_a_missing_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record that does not exist: exit 2."""
    assert main(["draw", "--verify", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.startswith("trfkit draw: ")


def test_no_file_and_no_mode_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """``draw`` alone says what to give: exit 2."""
    assert main(["draw"]) == 2
    assert "give FILE" in capsys.readouterr().err

"""Batch acceptance: 2,000+ generated files, valid and broken, audited in one command.

The folder is planted with known kinds of file; the JSON summary must count
exactly what was planted, the run exits 1, and one worker or two give the same
output byte for byte.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from trfkit.cli import main

SELECT = "P001,S003,E001,E002"
"""The codes the planted defects produce (other checks are left out of the counts)."""

# Columns: start rank 5-8, name 15-47, points 81-84, rank 86-89, round 1 block from 92.
CLEAN = (
    "012 Club Open\n"
    "001    1 m    Alpha, Ann                                                         1.0    1"
    "     2 w 1\n"
    "001    2 m    Beta, Bob                                                          0.0    2"
    "     1 b 0\n"
)
ASYMMETRIC = CLEAN.replace("1 b 0", "1 b 1")
"""Both players claim the win: one S003 error."""
WARNING_ONLY = CLEAN.replace("012 Club Open\n", "012 Club Open\n022 https://x.org\n032 Lichess\n")
"""A URL in 022 (E001) and a platform in 032 (E002): two warnings."""
TRUNCATED = CLEAN[: CLEAN.rindex("1 b 0") + 3]
"""Cut before player 2's result: player 1 won, player 2 shows no result (one S003)."""


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A folder of 2,000+ files and the summary expected from what was planted."""
    root = tmp_path_factory.mktemp("batch")
    kinds: Counter[str] = Counter()

    def put(relative: str, data: bytes, kind: str) -> None:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        kinds[kind] += 1

    for i in range(1200):
        put(f"clean/{i // 100:02d}/c{i:04d}.trf", CLEAN.encode(), "clean")
    for i in range(300):
        put(f"errors/a{i:04d}.trf", ASYMMETRIC.encode(), "error")
    for i in range(300):
        put(f"warnings/w{i:04d}.trfx", WARNING_ONLY.encode(), "warning")
    for i in range(60):
        put(f"broken/empty{i:03d}.trf", b"", "unreadable")
        put(f"broken/blank{i:03d}.trf", b"\n \n\t\n", "unreadable")
        put(f"broken/binary{i:03d}.trf", bytes(range(256)), "unreadable")
        put(f"broken/utf16_{i:03d}.trf", CLEAN.encode("utf-16"), "unreadable")
        put(f"broken/truncated{i:03d}.trf", TRUNCATED.encode(), "error")
    for i in range(20):
        put(f"mixed/looks_like_trf{i:02d}.txt", CLEAN.encode(), "clean")
        put(f"mixed/NOTES{i:02d}.txt", b"meeting notes, not a tournament\n", "skipped")
        put(f"mixed/upper{i:02d}.TRF", CLEAN.encode(), "clean")
        put(f"mixed/other{i:02d}.pdf", b"%PDF-1.4", "skipped")
        put(f"folder{i:02d}.trf/inside.trf", CLEAN.encode(), "clean")
    if hasattr(os, "symlink"):
        (root / "mixed" / "dangling.trf").symlink_to(root / "nowhere.trf")
        kinds["unreadable"] += 1
        (root / "clean" / "loop").symlink_to(root / "clean")
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        put("broken/locked.trf", CLEAN.encode(), "unreadable")
        (root / "broken" / "locked.trf").chmod(0)

    unreadable = kinds["unreadable"]
    files = kinds["clean"] + kinds["error"] + kinds["warning"] + unreadable
    expected = {
        "files": files,
        "clean": kinds["clean"],
        "with_errors": kinds["error"] + unreadable,
        "with_warnings": kinds["warning"],
        "unreadable": unreadable,
        "codes": {
            "E001": kinds["warning"],
            "E002": kinds["warning"],
            "P001": unreadable,
            "S003": kinds["error"],
        },
        "settings": [],
        "warnings": [],
    }
    assert files >= 2000
    return root, expected


def audit(root: Path, jobs: int, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run ``trfkit check ROOT --format json`` in-process; exit code and stdout."""
    code = main(["check", str(root), "--select", SELECT, "--format", "json", "--jobs", str(jobs)])
    return code, capsys.readouterr().out


def test_batch_summary_counts_what_was_planted(
    planted: tuple[Path, dict[str, object]], capsys: pytest.CaptureFixture[str]
) -> None:
    """2,000+ files with two workers: the summary equals the planted counts, exit 1."""
    root, expected = planted
    code, out = audit(root, 2, capsys)
    payload = json.loads(out)
    assert code == 1
    assert payload["summary"] == expected
    assert len(payload["files"]) == expected["files"]
    paths = [entry["path"] for entry in payload["files"]]
    assert not any(p.endswith((".pdf", "NOTES00.txt")) for p in paths)
    assert not any(Path(p).name.startswith("folder") for p in paths)
    broken = {Path(e["path"]).name: e["diagnostics"] for e in payload["files"]}
    assert "UTF-16" in broken["utf16_000.trf"][0]["message"]
    assert broken["empty000.trf"][0]["message"].startswith("the file is empty")


def test_one_worker_and_two_workers_give_identical_output(
    planted: tuple[Path, dict[str, object]], capsys: pytest.CaptureFixture[str]
) -> None:
    """The same 2,000+ files with ``--jobs 1`` and ``--jobs 2``: the same bytes and exit code."""
    root, _ = planted
    serial = audit(root, 1, capsys)
    parallel = audit(root, 2, capsys)
    assert serial == parallel

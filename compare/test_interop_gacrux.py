"""FIDE's checker gacrux computes the same tie-breaks from a corpus file and from its conversions.

For every corpus file gacrux reads, each conversion of ``tests/conversions.py`` (``--to
trf26``, ``--to trf16``, ``--canonical``, TRF → JSON → TRF) is read by gacrux too, and
every value of :data:`gacrux_tools.VALUE_CODES` and every rank under
:data:`gacrux_tools.RANK_LISTS` must be the one gacrux computed from the original. Both
runs use the regime trfkit decides for the original (gacrux's ``-p`` or ``-s``), so that
only what the files say can differ.

Optional, like the rest of this folder: ``tox -e interop``, or by hand where gacrux is
installed, ``PYTHONPATH=. python -m pytest -q compare/test_interop_gacrux.py``. The
module is skipped when gacrux cannot be imported.
"""

from __future__ import annotations

import functools
import sys
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in (HERE, HERE.parent / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

pytest.importorskip("gacrux", reason="gacrux is not installed (pip install gacrux)")

from conversions import CONVERSIONS, convert, trf_version  # noqa: E402
from gacrux_tools import Outcome, run_gacrux_file  # noqa: E402
from locations import CORPUS_FILES, needs_corpus  # noqa: E402

import trfkit  # noqa: E402
from trfkit.compute.regime import decide  # noqa: E402

pytestmark = [pytest.mark.interop, needs_corpus]


def gacrux_encoding(path: Path) -> str | None:
    """Gacrux's ``-b`` for *path*: UTF-8 (a BOM allowed) when it decodes so, else Latin-1."""
    try:
        path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None
    return "utf-8-sig"


@functools.cache
def regime(path: Path) -> str:
    """``"round-robin"`` or ``"swiss"``: trfkit's decision for the original."""
    return str(decide(trfkit.loads(path.read_bytes())).regime.value)


ALIGNED = {
    "trf26_team_grandmommys_cup_sharly.trf": (
        ("299 +  2.0  2.5   1    1", "299 +   2.0   2.5    1    1"),
        ("299 -  0.0  1.5", "299 -   0.0   1.5"),
    ),
}
"""Corpus lines whose fields stand off their columns, and the same values in their columns
(written by hand). gacrux reads a field by its columns alone (game points ``0.5``, no
round), trfkit's conversions write the values where they belong: gacrux is compared on
the original with these lines aligned."""


@functools.cache
def original(path: Path) -> Outcome:
    """What gacrux computes from the corpus file (computed once per file)."""
    lines = ALIGNED.get(path.name)
    if not lines:
        return run_gacrux_file(path, regime(path), encoding=gacrux_encoding(path))
    text = path.read_bytes()
    for shifted, aligned in lines:
        assert shifted.encode() in text, f"{path.name} has no line {shifted!r}"
        text = text.replace(shifted.encode(), aligned.encode())
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.name
        copy.write_bytes(text)
        return run_gacrux_file(copy, regime(path), encoding=gacrux_encoding(copy))


def changes(before: Outcome, after: Outcome) -> list[str]:
    """Every value or rank that differs, as ``value SB #3: 5.5 -> 6``."""
    found = []
    for key in sorted(set(before.values) | set(after.values), key=str):
        a, b = before.values.get(key, "missing"), after.values.get(key, "missing")
        if a != b:
            kind, code, cid = key
            found.append(f"{kind} {code} #{cid}: {a} -> {b}")
    return found


@pytest.mark.parametrize("conversion", CONVERSIONS)
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_gacrux_computes_the_same_tiebreaks(
    path: Path, conversion: str, tmp_path: Path
) -> None:
    """Gacrux reads the conversion of a file it reads, and computes the same values and ranks."""
    before = original(path)
    if before.error:
        pytest.skip(f"gacrux rejects the original: {before.error[:300]}")
    assert before.values, "gacrux computed nothing from the original"
    # TRF16 has no place for 299 bonuses, 240 byes of teams, 330 forfeits ...: asked to keep
    # them (--keep-unsupported), the TRF16 output still holds every value gacrux reads.
    keep = conversion == "trf16" and trf_version(path.read_bytes()) == "trf26"
    out = convert(path, conversion, tmp_path, ("--keep-unsupported",) if keep else ())
    assert out.status == 0, f"trfkit convert failed:\n{out.messages}"
    # gacrux picks its rule edition by the start date it can read, and trfkit writes
    # TRF-2026 dates it can read where the original's (May 29, 2020) it could not: the
    # conversion is computed under the edition the original was.
    after = run_gacrux_file(
        out.path,
        regime(path),
        encoding=gacrux_encoding(out.path),
        start_date=before.start_date,
    )
    said = f"\n(trfkit convert said: {out.messages.strip()})" if out.messages.strip() else ""
    assert not after.error, f"gacrux rejects the {conversion} output: {after.error[:500]}{said}"
    found = changes(before, after)
    assert found == [], f"{len(found)} values differ{said}:\n" + "\n".join(found[:25])


def test_changes_lists_a_changed_value() -> None:
    """The comparison reports a value that differs and one that is missing."""
    before = Outcome(values={("value", "SB", 1): 5, ("rank", "PTS", 2): 1})
    after = Outcome(values={("value", "SB", 1): 6})
    assert changes(before, after) == ["rank PTS #2: 1 -> missing", "value SB #1: 5 -> 6"]

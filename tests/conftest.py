"""Shared fixtures: where the bundled fixtures and the shared real-world corpus live."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
CORPUS = ROOT.parent / "shared" / "corpus" / "real"


def corpus_files() -> list[Path]:
    """The real TRF files of ../shared/corpus/real (empty when the folder is absent)."""
    if not CORPUS.is_dir():
        return []
    return sorted(CORPUS.glob("*.trf"))


@pytest.fixture
def fixtures() -> Path:
    """The bundled fixtures folder."""
    return FIXTURES


@pytest.fixture
def corpus() -> Path:
    """The shared corpus folder; skips the test when it is absent (a user's clone)."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus/real is not present")
    return CORPUS

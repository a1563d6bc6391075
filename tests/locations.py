"""Where the tests find the bundled fixtures and the shared real-world corpus.

The corpus (``../shared/corpus/real``, beside the repository) is present in CI and
absent from a user's clone: tests that read it are marked :data:`needs_corpus` and
skip cleanly without it. So are the third-party programs of ``../shared/tools``
(:data:`TOOLS`), which the interoperability tests build and run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
CORPUS = ROOT.parent / "shared" / "corpus" / "real"
CORPUS_FILES = sorted(CORPUS.glob("*.trf")) if CORPUS.is_dir() else []
needs_corpus = pytest.mark.skipif(not CORPUS_FILES, reason="../shared/corpus/real is absent")
TOOLS = ROOT.parent / "shared" / "tools"

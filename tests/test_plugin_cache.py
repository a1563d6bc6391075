"""The plugin discovery cache: a command reads entry points from it while nothing changed.

Each case runs ``trfkit.checks.plugins()`` in a new interpreter (one that has
not imported ``importlib.metadata``) with a private cache folder and a fake
installed distribution whose entry point names a check.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PLUGIN = '''
from trfkit.checks import make_check
from trfkit.diagnostics import Severity

def _never(ctx):
    """A check that finds nothing."""
    return ()

FIRST = make_check("X701", "cache-first", Severity.INFO, _never)
SECOND = make_check("X702", "cache-second", Severity.INFO, _never)
'''

PROBE = """
import json, sys
from trfkit.checks import plugins, plugin_problems
print(json.dumps({
    "codes": [c.code for c in plugins()],
    "problems": [p.message for p in plugin_problems()],
    "metadata": "importlib.metadata" in sys.modules,
}))
"""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder with the module ``cache_probe_plugin`` and its distribution's metadata."""
    return _make_site(tmp_path / "site")


def _make_site(folder: Path) -> Path:
    info = folder / "cache_probe_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (folder / "cache_probe_plugin.py").write_text(PLUGIN, encoding="utf-8")
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: cache-probe-plugin\nVersion: 0.1\n", encoding="utf-8"
    )
    _entry(folder, "FIRST")
    return folder


def _entry(folder: Path, attribute: str) -> None:
    path = folder / "cache_probe_plugin-0.1.dist-info" / "entry_points.txt"
    path.write_text(f"[trfkit.checks]\nprobe = cache_probe_plugin:{attribute}\n", encoding="utf-8")


def _probe(site: Path, cache: Path, **extra: str) -> dict[str, object]:
    path = os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {k: v for k, v in os.environ.items() if k != "TRFKIT_NO_CACHE"}
    # No bytecode: a new __pycache__ folder would change the site folder's stamp, which
    # (rightly) invalidates the cache; and a quiet working directory for the same reason.
    env.update(
        {"PYTHONPATH": path, "TRFKIT_CACHE_DIR": str(cache), "PYTHONDONTWRITEBYTECODE": "1"}
    )
    env.update(extra)
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=site,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_a_second_command_reads_the_entry_points_from_the_cache(
    site: Path, tmp_path: Path
) -> None:
    """The first run asks importlib.metadata and keeps the answer; the second only reads it."""
    cache = tmp_path / "cache"
    first = _probe(site, cache)
    assert first["codes"] == ["X701"] and first["metadata"] is True
    assert len(list(cache.glob("plugins-*.json"))) == 1
    second = _probe(site, cache)
    assert second == {"codes": ["X701"], "problems": [], "metadata": False}


def test_two_environments_sharing_the_cache_folder_keep_their_own_answers(
    site: Path, tmp_path: Path
) -> None:
    """Two import paths, one cache folder: each keeps its file, neither rereads the metadata."""
    cache = tmp_path / "cache"
    other = _make_site(tmp_path / "other-site")
    _entry(other, "SECOND")
    assert _probe(site, cache)["metadata"] is True
    assert _probe(other, cache)["metadata"] is True
    assert _probe(site, cache) == {"codes": ["X701"], "problems": [], "metadata": False}
    assert _probe(other, cache) == {"codes": ["X702"], "problems": [], "metadata": False}
    assert len(list(cache.glob("plugins-*.json"))) == 2


def test_an_edited_entry_point_is_seen_at_once(site: Path, tmp_path: Path) -> None:
    """Pointing the entry point elsewhere changes its file's stamp: the cache is not used."""
    cache = tmp_path / "cache"
    assert _probe(site, cache)["codes"] == ["X701"]
    time.sleep(0.01)
    _entry(site, "SECOND")
    assert _probe(site, cache)["codes"] == ["X702"]


def test_a_broken_entry_point_from_the_cache_is_a_problem_not_a_crash(
    site: Path, tmp_path: Path
) -> None:
    """A cached entry point whose attribute is gone is reported like any broken plugin."""
    cache = tmp_path / "cache"
    _entry(site, "MISSING")
    first = _probe(site, cache)
    second = _probe(site, cache)
    assert first["codes"] == second["codes"] == []
    assert second["metadata"] is False
    assert first["problems"] == second["problems"]
    assert str(first["problems"]).count("cannot be loaded: AttributeError") == 1


def test_a_damaged_cache_file_and_no_cache_fall_back_to_importlib_metadata(
    site: Path, tmp_path: Path
) -> None:
    """Garbage in the plugin cache file, or TRFKIT_NO_CACHE=1: the entry points are read again."""
    cache = tmp_path / "cache"
    assert _probe(site, cache)["codes"] == ["X701"]
    (kept,) = cache.glob("plugins-*.json")
    kept.write_text("{not json", encoding="utf-8")
    again = _probe(site, cache)
    assert again["codes"] == ["X701"] and again["metadata"] is True
    found = _probe(site, tmp_path / "unused", TRFKIT_NO_CACHE="1")
    assert found["codes"] == ["X701"] and found["metadata"] is True
    assert not (tmp_path / "unused").exists()


def test_byte_code_written_beside_the_plugin_keeps_the_cache(site: Path, tmp_path: Path) -> None:
    """A ``__pycache__`` folder appearing on the path is no new distribution: still cached."""
    cache = tmp_path / "cache"
    first = _probe(site, cache, PYTHONDONTWRITEBYTECODE="")
    assert (site / "__pycache__").is_dir()
    second = _probe(site, cache, PYTHONDONTWRITEBYTECODE="")
    assert first["codes"] == second["codes"] == ["X701"]
    assert first["metadata"] is True and second["metadata"] is False

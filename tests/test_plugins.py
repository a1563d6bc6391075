"""Plugins: the example package is really installed and its X001 shows up everywhere.

The example in ``examples/trfkit-plugin-example`` is installed with pip into a
temporary folder, which is then put on ``PYTHONPATH`` of a ``python -m trfkit``
subprocess (entry points are read once per process, so every run is a new
process). Its diagnostics must appear in text, JSON and HTML output, and its
rule in ``trfkit rules`` and ``trfkit explain``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import trfkit

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "trfkit-plugin-example"

# Player 2 is rated 1180: below the FIDE floor of 1400 (X001 at line 3, column 49).
# Columns: start rank 5-8, name 15-47, rating 49-52, round 1 block from 92.
TRF = (
    "012 Club Open\n"
    "001    1 m    Alpha, Ann                        2210                             1.0    1"
    "     2 w 1\n"
    "001    2 m    Beta, Bob                         1180                             0.0    2"
    "     1 b 0\n"
)


def _pip_install(source: Path, target: Path) -> subprocess.CompletedProcess[str]:
    base = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target)]
    base += ["--disable-pip-version-check", "--no-warn-script-location"]
    offline = subprocess.run(
        [*base, "--no-build-isolation", str(source)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        check=False,
    )
    if offline.returncode == 0:
        return offline
    return subprocess.run(
        [*base, str(source)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        check=False,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where pip installed the example plugin."""
    if importlib.util.find_spec("pip") is None:
        pytest.skip("pip is not available")
    work = tmp_path_factory.mktemp("plugin")
    source = work / "src"
    shutil.copytree(EXAMPLE, source)  # pip and setuptools write build files beside the source
    target = work / "site"
    done = _pip_install(source, target)
    if done.returncode != 0:
        network = ("No matching distribution", "Could not find a version", "Failed to establish")
        if any(text in done.stderr for text in network):
            pytest.skip("the plugin's build backend (setuptools) is not available offline")
        pytest.fail(f"pip could not install the example plugin:\n{done.stderr[-3000:]}")
    assert list(target.glob("trfkit_plugin_example-*.dist-info"))
    return target


def trfkit_cli(site: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m trfkit ARGUMENTS`` with the plugin folder first on PYTHONPATH."""
    package_root = Path(trfkit.__file__).resolve().parent.parent
    paths = [str(site), str(package_root), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    return subprocess.run(
        [sys.executable, "-m", "trfkit", *arguments],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A two-player file whose player 2 is rated below the floor."""
    path = tmp_path / "club.trf"
    path.write_text(TRF, encoding="utf-8")
    return path


def test_rules_and_explain_list_the_plugin(site: Path) -> None:
    """``trfkit rules`` lists X001 like a built-in rule; ``explain`` prints its docstring."""
    rules = trfkit_cli(site, "rules")
    assert rules.returncode == 0, rules.stderr
    line = next(x for x in rules.stdout.splitlines() if x.startswith("X001"))
    assert line.split()[:3] == ["X001", "rating-below-floor", "warning"]
    assert "trfkit rules: plugin" not in rules.stderr
    explained = trfkit_cli(site, "explain", "rating-below-floor")
    assert explained.stdout.startswith("X001 rating-below-floor (warning, from a plugin)")
    assert "PASS" in explained.stdout and "FAIL" in explained.stdout


def test_text_output(site: Path, sample: Path) -> None:
    """The plugin's finding is a normal text line: path:3:49: X001 …, exit 0 (a warning)."""
    done = trfkit_cli(site, "check", str(sample), "--select", "X")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"{sample}:3:49: X001 player 2 is rated 1180, below the FIDE rating floor of 1400; "
        "expected a FIDE rating or a blank column"
    ]


def test_json_output(site: Path, sample: Path) -> None:
    """In JSON the finding carries code, name, severity, place and player."""
    done = trfkit_cli(site, "check", str(sample), "--select", "X001", "--format", "json")
    payload = json.loads(done.stdout)
    (diagnostic,) = payload["files"][0]["diagnostics"]
    assert {k: diagnostic[k] for k in ("code", "name", "severity", "line", "column")} == {
        "code": "X001",
        "name": "rating-below-floor",
        "severity": "warning",
        "line": 3,
        "column": 49,
    }
    assert diagnostic["players"] == [2]
    assert payload["summary"]["codes"] == {"X001": 1}


def test_html_output(site: Path, sample: Path, tmp_path: Path) -> None:
    """In the HTML report player 2's row is highlighted with the X001 message."""
    out = tmp_path / "r.html"
    done = trfkit_cli(site, "check", str(sample), "--select", "X001", "--report", str(out))
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert '<th class="name" data-p="2" data-hl="warning" title="X001 rating-below-floor:' in page
    assert "<b>X001</b>" in page


def test_ignoring_the_plugin(site: Path, sample: Path) -> None:
    """``--ignore rating-below-floor`` silences it like any built-in rule."""
    done = trfkit_cli(
        site, "check", str(sample), "--select", "X,S", "--ignore", "rating-below-floor"
    )
    assert done.returncode == 0 and done.stdout == ""


def test_broken_plugin_is_reported_not_fatal(site: Path, sample: Path, tmp_path: Path) -> None:
    """An entry point that cannot be imported is named by ``trfkit rules``; checks still run."""
    broken = tmp_path / "broken"
    info = broken / "trfkit_broken_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: trfkit-broken-plugin\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[trfkit.checks]\nbroken = no_such_module:CHECKS\n", encoding="utf-8"
    )
    both = f"{broken}{os.pathsep}{site}"
    rules = trfkit_cli(Path(both), "rules")
    assert rules.returncode == 0
    assert "plugin broken = no_such_module:CHECKS: cannot be loaded" in rules.stderr
    assert any(x.startswith("X001") for x in rules.stdout.splitlines())
    done = trfkit_cli(Path(both), "check", str(sample), "--select", "X001")
    assert "X001" in done.stdout

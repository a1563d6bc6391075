"""Plugins: the example package is really installed and its X001 shows up everywhere.

The example in ``examples/trfkit-plugin-example`` is installed with pip into a
temporary folder, which is then put on ``PYTHONPATH`` of a ``python -m trfkit``
subprocess (entry points are read once per process, so every run is a new
process). Its diagnostics must appear in text, JSON and HTML output, and its
rule in ``trfkit rules`` and ``trfkit explain``.

Hostile plugins (a dist-info and a module written into ``tmp_path``) show that
a plugin is contained: a bad item, an exception, ``sys.exit``, ``print`` or a
position outside the file costs one S999 naming it, never the other findings.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import trfkit
from trfkit.checks import Check, make_check
from trfkit.diagnostics import Diagnostic, Severity

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


@pytest.mark.heavy
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


# --- containment: a plugin cannot take the audit down with it -------------------------------

# Player 1 won round 1 but the file gives him 0.0 points: one T001 (line 2, column 81).
WRONG_POINTS = (
    "012 Club Open\n"
    "001    1 m    Alpha, Ann                        2210                             0.0    1"
    "     2 w 1\n"
    "001    2 m    Beta, Bob                         1880                             0.0    2"
    "     1 b 0\n"
)

HOSTILE = '''
import sys

from trfkit.checks import make_check
from trfkit.diagnostics import Severity


def _run(ctx):
    """A hostile plugin of the tests."""
{body}


CHECKS = (make_check("X101", "hostile", Severity.WARNING, _run),)
'''
"""The module of a test plugin: one check, X101, whose generator is *body*."""

ENTRY = "hostile = trfkit_hostile:CHECKS"


def plugin_site(folder: Path, body: str, *, module: str | None = None) -> Path:
    """A folder holding a plugin distribution (dist-info and module), to put on PYTHONPATH."""
    info = folder / "trfkit_hostile-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: trfkit-hostile\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[trfkit.checks]\n{ENTRY}\n", encoding="utf-8")
    indented = textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
    source = module if module is not None else HOSTILE.format(body=indented)
    (folder / "trfkit_hostile.py").write_text(source, encoding="utf-8")
    return folder


def json_check(site: Path, *paths: Path, jobs: int = 1) -> tuple[int, dict[str, Any], str]:
    """``trfkit check PATHS --format json``: exit code, the parsed document, stderr."""
    done = trfkit_cli(
        site, "check", *map(str, paths), "--format", "json", "--jobs", str(jobs), "--isolated"
    )
    try:
        payload = json.loads(done.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"stdout is not one JSON document:\n{done.stdout[:2000]}\n{done.stderr}")
    return done.returncode, payload, done.stderr


def codes(entry: dict[str, Any]) -> list[str]:
    """The codes of one file's entry, errors and warnings only."""
    return [d["code"] for d in entry["diagnostics"] if d["severity"] != "info"]


@pytest.fixture
def wrong_points(tmp_path: Path) -> Path:
    """A two-player file whose player 1 has 0.0 points after a win (T001)."""
    path = tmp_path / "wrong.trf"
    path.write_text(WRONG_POINTS, encoding="utf-8")
    return path


def test_a_non_diagnostic_item_is_one_s999_and_the_rest_stays(
    tmp_path: Path, wrong_points: Path
) -> None:
    """Yielding 42 between two findings: both findings, one S999 naming the plugin, and T001."""
    site = plugin_site(
        tmp_path / "p",
        """
        yield CHECKS[0].rule.diagnostic("first", line=2, column=49, players=(1,))
        yield 42
        yield CHECKS[0].rule.diagnostic("second")
        """,
    )
    code, payload, _ = json_check(site, wrong_points)
    (entry,) = payload["files"]
    assert sorted(codes(entry)) == ["S999", "T001", "X101", "X101"]
    (internal,) = [d for d in entry["diagnostics"] if d["code"] == "S999"]
    assert ENTRY in internal["message"] and "X101" in internal["message"]
    assert "42 is not a trfkit Diagnostic" in internal["message"]
    assert code == 1


def test_an_exception_mid_iteration_keeps_what_came_before(
    tmp_path: Path, wrong_points: Path
) -> None:
    """A plugin raising after one finding: the finding, one S999 with the exception, and T001."""
    site = plugin_site(
        tmp_path / "p",
        """
        yield CHECKS[0].rule.diagnostic("first")
        raise ValueError("broken halfway")
        """,
    )
    _, payload, _ = json_check(site, wrong_points)
    (entry,) = payload["files"]
    assert sorted(codes(entry)) == ["S999", "T001", "X101"]
    (internal,) = [d for d in entry["diagnostics"] if d["code"] == "S999"]
    assert "ValueError: broken halfway" in internal["message"] and ENTRY in internal["message"]


def test_print_does_not_reach_the_json_document(tmp_path: Path, wrong_points: Path) -> None:
    """What a plugin prints, at import and while it runs, goes to stderr; stdout stays JSON."""
    body = 'print("hello from run")\nprint("{oops")\nreturn ()'
    indented = textwrap.indent(body, "    ")
    module = 'print("hello from import")\n' + HOSTILE.format(body=indented)
    site = plugin_site(tmp_path / "p", "", module=module)
    _, payload, stderr = json_check(site, wrong_points)
    assert codes(payload["files"][0]) == ["T001"]
    assert "hello from import" in stderr and "hello from run" in stderr


@pytest.mark.parametrize(
    ("raised", "jobs"),
    [("sys.exit(0)", 2), ("raise SystemExit(3)", 1), ("raise KeyboardInterrupt", 1)],
)
def test_sys_exit_in_a_plugin_does_not_end_the_batch(
    tmp_path: Path, raised: str, jobs: int
) -> None:
    """SystemExit or KeyboardInterrupt in run: every file still reported, one S999 each, exit 1."""
    files = []
    for n in range(5):  # a pool is used from four files on
        path = tmp_path / "batch" / f"t{n}.trf"
        path.parent.mkdir(exist_ok=True)
        path.write_text(WRONG_POINTS, encoding="utf-8")
        files.append(path)
    site = plugin_site(tmp_path / "p", f'yield CHECKS[0].rule.diagnostic("before")\n{raised}')
    code, payload, _ = json_check(site, tmp_path / "batch", jobs=jobs)
    assert code == 1
    assert [Path(e["path"]).name for e in payload["files"]] == [p.name for p in files]
    for entry in payload["files"]:
        assert sorted(codes(entry)) == ["S999", "T001", "X101"]
    assert {c: payload["summary"]["codes"][c] for c in ("S999", "T001", "X101")} == {
        "S999": 5,
        "T001": 5,
        "X101": 5,
    }


@pytest.mark.parametrize(
    ("module", "message"),
    [
        ("import no_such_module_anywhere\n", "ModuleNotFoundError"),
        ("import sys\nsys.exit(0)\n", "SystemExit"),
        ("CHECKS = 1 / 0\n", "ZeroDivisionError"),
    ],
)
@pytest.mark.heavy
def test_a_plugin_that_cannot_be_imported_is_a_warning_of_check(
    tmp_path: Path, wrong_points: Path, module: str, message: str
) -> None:
    """``trfkit check`` names the plugin on stderr and in the JSON warnings; checks still run."""
    site = plugin_site(tmp_path / "p", "", module=module)
    code, payload, stderr = json_check(site, wrong_points)
    expected = f"trfkit check: warning: plugin {ENTRY}: cannot be loaded: {message}"
    assert expected in stderr
    (warning,) = payload["summary"]["warnings"]
    assert warning.startswith(f"plugin {ENTRY}: cannot be loaded: {message}")
    assert codes(payload["files"][0]) == ["T001"] and code == 1
    rules = trfkit_cli(site, "rules")
    assert f"trfkit rules: plugin {ENTRY}: cannot be loaded: {message}" in rules.stderr


@pytest.mark.parametrize(
    ("position", "reason"),
    [
        ("line=-1, column=0", "line -1:0 is not a line of the file"),
        ("line=0", "line 0 is not a line of the file"),
        ("line=4", "line 4 is not a line of the file"),
        ("line=2, column=0", "column 2:0 is not a column of the file"),
        ("column=5", "column None:5 is not a column of the file"),
        ("round=0", "round 0 is not a round of the file"),
        ("round=2", "round 2 is not a round of the file"),
        ("players=(3,)", "player 3 is not a start rank of the file"),
        ("line=True", "line, column and round must be whole numbers"),
        ('line="2"', "line, column and round must be whole numbers"),
    ],
)
def test_a_position_outside_the_file_is_rejected(
    position: str, reason: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finding at -1:0, past the last line, round 0 or an unknown player becomes the S999."""
    check = make_check("X101", "hostile", Severity.WARNING, lambda ctx: ())
    found = _contained(monkeypatch, f"rule.diagnostic('outside', {position})", check)
    assert [d.code for d in found if d.code != "T001"] == ["S999"]
    assert reason in found[-1].message
    assert "hostile = trfkit_hostile_inline:CHECKS" in found[-1].message


def test_a_column_past_the_end_is_clamped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin's column 500 on a 99-character line points just after it, like a built-in's."""
    check = make_check("X101", "hostile", Severity.WARNING, lambda ctx: ())
    found = _contained(monkeypatch, "rule.diagnostic('wide', line=2, column=500)", check)
    assert len(WRONG_POINTS.splitlines()[1]) == 99
    assert [(d.code, d.line, d.column) for d in found if d.code != "T001"] == [("X101", 2, 100)]


def _contained(
    monkeypatch: pytest.MonkeyPatch, expression: str, check: Check
) -> list[Diagnostic]:
    """The diagnostics of WRONG_POINTS with a plugin yielding *expression* (run in-process).

    The plugin is an entry point of a module put in ``sys.modules``; the registry's
    kept list of plugins is emptied before and after, so no other test sees it.
    """
    from importlib.metadata import EntryPoint

    from trfkit.checks import Context, registry

    def run(ctx: Context) -> Iterator[Diagnostic]:
        yield eval(expression, {"rule": check.rule})

    module = types.ModuleType("trfkit_hostile_inline")
    module.CHECKS = (attrs.evolve(check, run=run),)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    entry = EntryPoint("hostile", f"{module.__name__}:CHECKS", "trfkit.checks")
    monkeypatch.setattr(registry, "plugin_entry_points", lambda: [entry])
    registry._plugin_checks.cache_clear()
    try:
        ctx = Context(trfkit.parse(WRONG_POINTS).tournament)
        return [d for d in registry.run_checks(ctx) if d.severity > Severity.INFO]
    finally:
        registry._plugin_checks.cache_clear()


def test_the_plugin_scan_finds_a_declared_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick scan sees a distribution whose entry_points.txt names ``[trfkit.checks]``.

    Then importlib.metadata reads it; without one, nothing is read.
    """
    from trfkit.checks.registry import plugins_declared

    site = tmp_path / "site"
    info = site / "example_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text("[console_scripts]\nx = y:z\n", encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(site)])
    assert plugins_declared() is False
    (info / "entry_points.txt").write_text("[trfkit.checks]\nrule = pkg:CHECK\n", encoding="utf-8")
    assert plugins_declared() is True
    monkeypatch.setattr(sys, "path", [str(tmp_path / "archive.zip")])
    (tmp_path / "archive.zip").write_bytes(b"PK")
    assert plugins_declared() is True  # a zip on the path: the scan cannot tell

"""Plugins contained (issue 28, item 4): file descriptor 1, a hang, a flood.

A plugin's ``os.write(1, …)`` or ``os.system`` goes to stderr, never into the JSON on
stdout; a check that runs past ``--check-timeout`` is stopped and becomes one S999 for
its file while the batch goes on; the repeat cap and the bound on a message apply to a
plugin built with ``Check(rule, run)`` as to one built with ``make_check``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_plugins import WRONG_POINTS, plugin_site, trfkit_cli

import trfkit
from trfkit.checks import Check, Context, make_check, registry
from trfkit.diagnostics import REPEATS, Diagnostic, Rule, Severity


def run_json(site: Path, *arguments: str, timeout: float = 60) -> tuple[int, dict[str, Any], str]:
    """``trfkit check ARGUMENTS --format json --isolated``: exit, document, stderr."""
    done = trfkit_cli(site, "check", *arguments, "--format", "json", "--isolated")
    try:
        payload = json.loads(done.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"stdout is not one JSON document:\n{done.stdout[:2000]}\n{done.stderr}")
    return done.returncode, payload, done.stderr


def batch(folder: Path, hang_at: int | None = None, count: int = 5) -> list[Path]:
    """*count* files of WRONG_POINTS (one T001 each); file *hang_at* is named 'Hang' in 012."""
    folder.mkdir(parents=True)
    files = []
    for n in range(count):
        path = folder / f"t{n}.trf"
        text = WRONG_POINTS.replace("Club Open", "Hang") if n == hang_at else WRONG_POINTS
        path.write_text(text, encoding="utf-8")
        files.append(path)
    return files


FD1 = """
import os
os.write(1, b"{fd1-garbage\\n")
os.system("echo from-system-call")
sys.__stdout__.write("{dunder-stdout\\n")
return ()
"""


@pytest.mark.parametrize(
    ("jobs", "count", "timeout"), [(1, 1, "60"), (1, 1, "0"), (2, 5, "60"), (1, 5, "0")]
)
def test_writes_to_fd1_go_to_stderr(tmp_path: Path, jobs: int, count: int, timeout: str) -> None:
    """os.write(1), os.system and sys.__stdout__ in a plugin: stdout stays one JSON document."""
    site = plugin_site(tmp_path / "p", FD1)
    files = batch(tmp_path / "b", count=count)
    target = files[0] if count == 1 else tmp_path / "b"
    code, payload, stderr = run_json(
        site, str(target), "--jobs", str(jobs), "--check-timeout", timeout
    )
    assert [e["path"] for e in payload["files"]] == list(map(str, files))
    assert "fd1-garbage" in stderr and "from-system-call" in stderr and "dunder-stdout" in stderr
    assert code == 1


HANGS = {
    "busy": "while True:\n    pass",
    "sleep": "time.sleep(3600)",
    "swallow": "while True:\n    try:\n        time.sleep(3600)\n    except BaseException:\n"
    "        pass",
}


@pytest.mark.heavy
@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("hang", sorted(HANGS))
def test_a_hung_check_is_stopped_and_the_batch_goes_on(
    tmp_path: Path, hang: str, jobs: int
) -> None:
    """A plugin hanging on one file: that file gets one S999, the others their T001, quickly."""
    body = 'import time\nif ctx.tournament.header("012") == "Hang":\n'
    body += "\n".join("    " + line for line in HANGS[hang].splitlines()) + "\nreturn ()"
    site = plugin_site(tmp_path / "p", body)
    files = batch(tmp_path / "b", hang_at=2)
    started = time.monotonic()
    code, payload, _ = run_json(
        site, str(tmp_path / "b"), "--jobs", str(jobs), "--check-timeout", "2"
    )
    assert time.monotonic() - started < 30
    assert [e["path"] for e in payload["files"]] == list(map(str, files))
    found = [
        [d["code"] for d in e["diagnostics"] if d["severity"] != "info"] for e in payload["files"]
    ]
    assert found == [["T001"], ["T001"], ["S999"], ["T001"], ["T001"]]
    message = payload["files"][2]["diagnostics"][0]["message"]
    assert "longer than 2 s" in message and "--check-timeout" in message
    assert code == 1


@pytest.mark.heavy
def test_a_hung_single_file(tmp_path: Path) -> None:
    """``trfkit check FILE`` with a hanging plugin ends after the timeout with one S999."""
    site = plugin_site(tmp_path / "p", "while True:\n    pass")
    (path,) = batch(tmp_path / "b", count=1)
    started = time.monotonic()
    done = trfkit_cli(site, "check", str(path), "--check-timeout", "1", "--isolated")
    assert time.monotonic() - started < 20
    assert "S999" in done.stdout and "longer than 1 s" in done.stdout and done.returncode == 1


def test_check_timeout_must_not_be_negative(tmp_path: Path) -> None:
    """``--check-timeout -1`` is a usage error."""
    (path,) = batch(tmp_path / "b", count=1)
    done = subprocess.run(
        [sys.executable, "-m", "trfkit", "check", str(path), "--check-timeout", "-1"],
        capture_output=True, text=True, encoding="utf-8", check=False, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "--check-timeout" in done.stderr


def _with_plugin(monkeypatch: pytest.MonkeyPatch, check: Check) -> list[Diagnostic]:
    """The findings of WRONG_POINTS with *check* installed as a plugin (in this process)."""
    from importlib.metadata import EntryPoint

    module = types.ModuleType("trfkit_flood_inline")
    module.CHECKS = (check,)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    entry = EntryPoint("flood", f"{module.__name__}:CHECKS", "trfkit.checks")
    monkeypatch.setattr(registry, "plugin_entry_points", lambda: [entry])
    registry._plugin_checks.cache_clear()
    try:
        ctx = Context(trfkit.parse(WRONG_POINTS).tournament)
        return registry.run_checks(ctx)
    finally:
        registry._plugin_checks.cache_clear()


RULE = Rule("X101", "flood", Severity.WARNING, "A flood of the tests.")


def test_a_flood_through_check_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Check(rule, run)`` yielding 30,000 findings of 10 kB: at most the cap and one summary."""

    def run(ctx: Context) -> Iterator[Diagnostic]:
        message = "x" * 10_000
        for _ in range(30_000):
            yield RULE.diagnostic(message, line=2)

    found = [d for d in _with_plugin(monkeypatch, Check(RULE, run)) if d.code == "X101"]
    assert len(found) == REPEATS + 1
    assert "29,900 more X101" in found[-1].message
    assert all(len(d.message) <= registry.PLUGIN_MESSAGE_LIMIT for d in found)
    assert found[0].message.endswith("…") and len(found[0].message) == registry.PLUGIN_MESSAGE_LIMIT


def test_a_capped_check_is_not_capped_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check of make_check gives through the registry exactly what it gives alone."""

    def run(ctx: Context) -> Iterator[Diagnostic]:
        """A plugin of the tests."""
        for n in range(150):
            yield RULE.diagnostic(f"finding {n}", line=2)

    check = make_check("X101", "flood", Severity.WARNING, run)
    alone = list(check.run(Context(trfkit.parse(WRONG_POINTS).tournament)))
    through = [d for d in _with_plugin(monkeypatch, check) if d.code == "X101"]
    assert through == alone and len(through) == REPEATS + 1
    assert "50 more X101" in through[-1].message


def test_a_short_message_is_kept_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin message within the bound is not touched."""

    def run(ctx: Context) -> Iterator[Diagnostic]:
        yield RULE.diagnostic("y" * registry.PLUGIN_MESSAGE_LIMIT, line=2)

    (found,) = [d for d in _with_plugin(monkeypatch, Check(RULE, run)) if d.code == "X101"]
    assert found.message == "y" * registry.PLUGIN_MESSAGE_LIMIT



@pytest.mark.heavy
@pytest.mark.parametrize("timeout", ["2", "0"])
def test_stdin_is_contained_too(tmp_path: Path, timeout: str) -> None:
    """``check -`` with a plugin writing to fd 1: the JSON holds; with a limit a hang ends."""
    import os

    body = FD1.replace("return ()", 'if ctx.tournament.header("012") == "Hang":\n')
    body += "    while True:\n        pass\nreturn ()" if timeout != "0" else "    pass\nreturn ()"
    site = plugin_site(tmp_path / "p", body)
    package_root = Path(trfkit.__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(package_root)])}
    done = subprocess.run(
        [sys.executable, "-m", "trfkit", "check", "-", "--format", "json", "--isolated",
         "--check-timeout", timeout],
        input=WRONG_POINTS.replace("Club Open", "Hang"), capture_output=True, text=True,
        encoding="utf-8", env=env, timeout=60, check=False,
    )  # fmt: skip
    payload = json.loads(done.stdout)
    (entry,) = payload["files"]
    assert "fd1-garbage" in done.stderr and "from-system-call" in done.stderr
    expected = ["S999"] if timeout != "0" else ["T001"]
    assert [d["code"] for d in entry["diagnostics"] if d["severity"] != "info"] == expected

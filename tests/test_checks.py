"""The in-process API ``trfkit.check`` and the plugin loader of the check registry."""

from __future__ import annotations

import sys
import types
from importlib import metadata
from pathlib import Path

import pytest

import trfkit
import trfkit.checks.registry as registry
from trfkit.checks import Check, CheckOptions, Context, make_check
from trfkit.diagnostics import Diagnostic, Severity

# Both players claim the win of round 1 (S003 at line 2, column 92);
# columns: start rank 5-8, name 15-47, round 1 block from 92.
TEXT = (
    "012 Club Open\n"
    "001    1 m    Alpha, Ann                                                         1.0    1"
    "     2 w 1\n"
    "001    2 m    Beta, Bob                                                          1.0    2"
    "     1 b 1\n"
)


def codes(found: list[Diagnostic]) -> list[str]:
    """The codes, in output order."""
    return [d.code for d in found]


def test_text_bytes_and_paths_give_the_same_findings(tmp_path: Path) -> None:
    """Text, bytes, a Path and a path string are all checked the same way."""
    path = tmp_path / "t.trf"
    path.write_text(TEXT, encoding="utf-8")
    expected = [("S003", 2, 92)]
    for source in (TEXT, TEXT.encode(), path, str(path)):
        found = trfkit.check(source, select=["S003"])
        assert [(d.code, d.line, d.column) for d in found] == expected, type(source)


def test_select_and_ignore() -> None:
    """``select`` keeps the S family; ``ignore`` then drops S003 by its name."""
    assert "S003" in codes(trfkit.check(TEXT, select=["S"]))
    assert trfkit.check(TEXT, select=["S"], ignore=["asymmetric-pairing"]) == []


def test_diagnostics_are_sorted_by_position() -> None:
    """The result is ordered by line, then column."""
    found = trfkit.check(TEXT)
    keys = [(d.line or 0, d.column or 0) for d in found]
    assert keys == sorted(keys)


def test_unreadable_input_is_a_diagnostic_not_an_exception(tmp_path: Path) -> None:
    """A missing file, an empty file and binary bytes each give one P001."""
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    for source in (tmp_path / "missing.trf", str(tmp_path / "missing.trf"), empty, b"\x00\x01"):
        assert codes(trfkit.check(source)) == ["P001"], source


def test_text_with_no_trf_record_is_p012_and_runs_no_check(tmp_path: Path) -> None:
    """trfkit.check of prose (text, bytes or a path): the P002 note and P012, no P003 or S008."""
    prose = "# Notes\n\nNo tournament here.\n"
    path = tmp_path / "notes.txt"
    path.write_text(prose, encoding="utf-8")
    for source in (prose, prose.encode(), path):
        assert codes(trfkit.check(source)) == ["P002", "P012"], source


def test_a_failing_check_becomes_s999(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check that raises is reported as S999; the other checks' findings remain."""

    def explode(ctx: Context) -> list[Diagnostic]:
        """Always fails."""
        raise RuntimeError("boom")

    crash = make_check("X900", "always-fails", Severity.WARNING, explode)
    monkeypatch.setattr(registry, "_plugin_checks", lambda: ((crash,), ()))
    found = trfkit.check(TEXT, select=["S003", "X900"])
    assert codes(found) == ["S999", "S003"]
    assert "X900 (always-fails) could not run: RuntimeError: boom" in found[0].message


def test_options_reach_the_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """``options`` is the CheckOptions the checks see (a plugin reads its ``extra``)."""
    seen: list[object] = []

    def spy(ctx: Context) -> list[Diagnostic]:
        """Records the option."""
        seen.append(ctx.options.extra.get("floor"))
        return []

    monkeypatch.setattr(
        registry, "_plugin_checks", lambda: ((make_check("X901", "spy", Severity.INFO, spy),), ())
    )
    trfkit.check(TEXT, select=["X901"], options=CheckOptions(extra={"floor": 1000}))
    assert seen == [1000]


# --- plugin loading ---------------------------------------------------------------------------


def _fine(ctx: Context) -> list[Diagnostic]:
    """A plugin check that finds nothing."""
    return []


@pytest.fixture
def fake_plugins(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """A module ``fake_trfkit_plugins`` with good and bad plugin objects."""
    module = types.ModuleType("fake_trfkit_plugins")
    module.GOOD = (make_check("X010", "good-one", Severity.WARNING, _fine),)  # type: ignore[attr-defined]
    module.TAKEN = make_check("E001", "mine-now", Severity.WARNING, _fine)  # type: ignore[attr-defined]
    module.BAD_CODE = make_check("XX1", "bad-code", Severity.WARNING, _fine)  # type: ignore[attr-defined]
    module.NOT_A_CHECK = "hello"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_trfkit_plugins", module)
    entries = [
        metadata.EntryPoint(name, f"fake_trfkit_plugins:{attr}", registry.ENTRY_POINT_GROUP)
        for name, attr in [
            ("a", "GOOD"),
            ("b", "TAKEN"),
            ("c", "BAD_CODE"),
            ("d", "NOT_A_CHECK"),
            ("e", "MISSING"),
            ("f", "GOOD"),
        ]
    ]
    monkeypatch.setattr(metadata, "entry_points", lambda group: entries)
    # the quick scan of sys.path finds no such distribution: say one is there
    monkeypatch.setattr(registry, "plugins_declared", lambda: True)
    return module


def test_plugin_loader_keeps_good_checks_and_explains_the_rest(
    fake_plugins: types.ModuleType,
) -> None:
    """One check loads; a taken or bad code, a non-check, an import error, a repeat are named."""
    checks, problems = registry._plugin_checks.__wrapped__()
    assert [c.code for c in checks] == ["X010"]
    reasons = {p.entry_point.split(" = ")[0]: p.message for p in problems}
    assert set(reasons) == {"b", "c", "d", "e", "f"}
    assert "already taken" in reasons["b"] and "already taken" in reasons["f"]
    assert "three digits" in reasons["c"]
    assert "not a trfkit.checks.Check" in reasons["d"]
    assert reasons["e"].startswith("cannot be loaded: AttributeError")


def test_plugin_checks_run_after_the_builtin_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """all_checks() is the built-in tuple followed by the plugins' checks."""
    extra: Check = make_check("X011", "extra", Severity.INFO, _fine)
    monkeypatch.setattr(registry, "_plugin_checks", lambda: ((extra,), ()))
    assert registry.all_checks() == (*registry.BUILTIN, extra)
    assert registry.get("X011").name == "extra"


def test_unknown_patterns() -> None:
    """Codes, prefixes and names that exist pass; others are returned."""
    assert registry.unknown_patterns(["E0", "S003", "phantom-round", "Q", "nope"]) == ["Q", "nope"]

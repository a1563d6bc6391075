"""trfkit's copy of Lark's parse table: the same records, and a quiet fallback.

Each reading runs in a new thread, which makes its own parser (and so loads
Lark's cache file and the copy) from the cache folder the test sets.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from trfkit import tablecache
from trfkit.trf import reader as parser

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "fixtures" / "schedule" / "valid_6_single.trf").read_text(encoding="utf-8")


def _read_in_new_thread() -> str:
    """The records and diagnostics of :data:`TEXT`, read by a new thread's parser."""
    found: list[str] = []

    def run() -> None:
        lines, newlines = parser.split_lines(TEXT)
        records, diagnostics = parser.parse_records(lines, newlines)
        found.append(repr((records, diagnostics)))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return found[0]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder, and the copy's reads counted."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TRFKIT_CACHE_DIR", str(folder))
    monkeypatch.delenv("TRFKIT_NO_CACHE", raising=False)
    return folder


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Records, for each parser made, whether it took its table from the copy."""
    used: list[bool] = []
    read = tablecache._read

    def spying(path: str, rules: Any) -> Any:
        found = read(path, rules)
        used.append(found is not None)
        return found

    monkeypatch.setattr(tablecache, "_read", spying)
    return used


def _copy(cache: Path) -> Path:
    (path,) = cache.glob("*.table")
    return path


def test_the_copy_is_written_then_read_and_the_records_are_the_same(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run 1 builds Lark's cache, run 2 writes the copy, run 3 reads it: same readings."""
    used = _spy(monkeypatch)
    expected = _read_in_new_thread()  # no Lark cache yet: built from the grammar
    assert not list(cache.glob("*.table")) and used == []
    assert _read_in_new_thread() == expected  # Lark's cache loaded; the copy written
    assert _copy(cache).stat().st_mode & 0o077 == 0
    assert _read_in_new_thread() == expected
    assert used == [False, True]


@pytest.mark.parametrize("damage", ["garbage", "truncated", "group-writable", "other-python"])
def test_a_damaged_or_foreign_copy_is_ignored(
    cache: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    """A copy that cannot be read, or should not be, leaves Lark's own table in use."""
    expected = _read_in_new_thread()
    _read_in_new_thread()
    path = _copy(cache)
    if damage == "garbage":
        path.write_bytes(b"not a pickle")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:-100])
    elif damage == "group-writable":
        path.chmod(0o664)
    else:
        monkeypatch.setattr(tablecache, "_stamp", lambda: ("another", "python", "lark"))
    used = _spy(monkeypatch)
    assert _read_in_new_thread() == expected
    assert used == [False]


def test_a_copy_naming_unknown_rules_is_ignored(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules that Lark did not load (another grammar under the same name): not used."""
    expected = _read_in_new_thread()
    _read_in_new_thread()
    key = tablecache._rule_key
    monkeypatch.setattr(tablecache, "_rule_key", lambda rule: ("renamed", *key(rule)[1:]))
    used = _spy(monkeypatch)
    assert _read_in_new_thread() == expected
    assert used == [False]


def test_no_cache_means_no_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``TRFKIT_NO_CACHE=1``: neither Lark's cache nor the copy is written or read."""
    monkeypatch.setenv("TRFKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("TRFKIT_NO_CACHE", "1")
    used = _spy(monkeypatch)
    _read_in_new_thread()
    _read_in_new_thread()
    assert used == [] and not (tmp_path / "cache").exists()


def test_an_unwritable_folder_means_no_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache folder that cannot be made: the parser is built from the grammar each time."""
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("TRFKIT_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.delenv("TRFKIT_NO_CACHE", raising=False)
    used = _spy(monkeypatch)
    expected = _read_in_new_thread()
    assert _read_in_new_thread() == expected and used == []

"""Settings files: where they are found and what they may hold."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from trfkit.config import Settings, find_settings_file, load_settings
from trfkit.errors import ConfigError


def test_no_file_gives_the_defaults(tmp_path: Path) -> None:
    """Without any settings file the defaults apply (nothing selected, not strict)."""
    folder = tmp_path / "a"
    folder.mkdir()
    assert load_settings(folder) == Settings()


def test_pyproject_without_table_is_passed_over(tmp_path: Path) -> None:
    """A pyproject.toml without [tool.trfkit] is skipped for the trfkit.toml above it."""
    (tmp_path / "trfkit.toml").write_text('ignore = "E013, E004"\n', encoding="utf-8")
    inner = tmp_path / "project"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert find_settings_file(inner / "t.trf") == tmp_path / "trfkit.toml"
    settings = load_settings(inner / "t.trf")
    assert settings.ignore == ("E013", "E004")
    assert settings.path == str(tmp_path / "trfkit.toml")


def test_broken_pyproject_belongs_to_another_tool(tmp_path: Path) -> None:
    """A pyproject.toml that is not TOML is passed over, not an error."""
    (tmp_path / "pyproject.toml").write_text("[project\n", encoding="utf-8")
    assert load_settings(tmp_path) == Settings()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('select = ["E"]\nstrcit = true\n', r"unknown key\(s\) strcit"),
        ("select = 3\n", "select must be a list"),
        ('strict = "yes"\n', "strict must be true or false"),
        ("select = [\n", "not valid TOML"),
    ],
)
def test_bad_trfkit_toml(tmp_path: Path, content: str, message: str) -> None:
    """A trfkit.toml with a typo, a wrong type or broken TOML raises ConfigError."""
    (tmp_path / "trfkit.toml").write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_settings(tmp_path)


@pytest.mark.parametrize(
    "content",
    [
        "[tool.trfkit]\nstrict = true\n",
        '[tool."trfkit"]\nstrict = true\n',
        "[tool]\ntrfkit = { strict = true }\n",
        "tool.trfkit.strict = true\n",
        '[project]\nname = "x"\n\n[tool.trfkit]\nstrict = true\n',
    ],
)
def test_every_way_of_writing_the_pyproject_table_is_read(tmp_path: Path, content: str) -> None:
    """[tool.trfkit] as a table, a quoted key, an inline table or a dotted key sets strict."""
    (tmp_path / "pyproject.toml").write_text(content, encoding="utf-8")
    assert load_settings(tmp_path).strict is True


def test_another_tools_pyproject_is_passed_over_without_a_toml_parser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pyproject.toml that never names trfkit is skipped before tomllib is imported."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    monkeypatch.setitem(sys.modules, "tomllib", None)  # importing it now raises ImportError
    assert load_settings(tmp_path) == Settings()

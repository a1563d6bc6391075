"""Settings from ``[tool.trfkit]`` in a ``pyproject.toml`` or from a ``trfkit.toml``.

The first such file found in the checked path's folder or any folder above it
wins (``trfkit.toml`` before ``pyproject.toml`` in the same folder). Keys:
``select``, ``ignore`` (lists of codes, prefixes or names) and ``strict``
(true/false). Command-line options take precedence.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs


@attrs.frozen
class Settings:
    """What a configuration file may set.

    Attributes:
        select: Codes, prefixes or names to keep.
        ignore: Codes, prefixes or names to drop.
        strict: Warnings fail too.
        path: The file the settings came from, if any.
    """

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool = False
    path: str | None = None


def _table(path: Path) -> dict[str, object] | None:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        table = tool.get("trfkit") if isinstance(tool, dict) else None
        return table if isinstance(table, dict) else None
    return data


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, list):
        return tuple(str(v).strip() for v in value if str(v).strip())
    return ()


def find_settings_file(start: str | Path) -> Path | None:
    """The nearest ``trfkit.toml`` or ``pyproject.toml`` with ``[tool.trfkit]``."""
    here = Path(start).resolve()
    if not here.is_dir():
        here = here.parent
    for folder in (here, *here.parents):
        for name in ("trfkit.toml", "pyproject.toml"):
            candidate = folder / name
            if candidate.is_file() and _table(candidate) is not None:
                return candidate
    return None


def load_settings(start: str | Path) -> Settings:
    """The settings that apply to *start* (defaults when no file is found)."""
    path = find_settings_file(start)
    if path is None:
        return Settings()
    table = _table(path) or {}
    return Settings(
        select=_strings(table.get("select")),
        ignore=_strings(table.get("ignore")),
        strict=bool(table.get("strict", False)),
        path=str(path),
    )

"""Settings from ``[tool.trfkit]`` in a ``pyproject.toml`` or from a ``trfkit.toml``.

The first such file found in the checked path's folder or any folder above it
wins (``trfkit.toml`` before ``pyproject.toml`` in the same folder; a
``pyproject.toml`` without a ``[tool.trfkit]`` table is passed over). Keys:

- ``select``, ``ignore``: lists of codes, code prefixes or names (a
  comma-separated string is accepted too);
- ``strict``: true makes warnings fail.

Command-line options take precedence. A settings file that cannot be read, or
that holds an unknown key or a value of the wrong type, raises
:class:`ConfigError` (``trfkit check`` turns it into a usage error); a
``pyproject.toml`` that is not valid TOML is passed over, since it belongs to
another tool.

Example ``trfkit.toml``::

    select = ["S", "E"]
    ignore = ["E013"]
    strict = true
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from trfkit.errors import ConfigError

KEYS = ("select", "ignore", "strict")
"""The keys a settings file may hold."""




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


def _table(path: Path) -> dict[str, Any] | None:
    """The trfkit table of *path*, or ``None`` when the file has none."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        if path.name == "pyproject.toml":
            return None
        raise ConfigError(f"{path}: cannot be read ({exc})") from None
    if path.name == "pyproject.toml" and "trfkit" not in text:
        # Every way of writing a [tool.trfkit] table spells out the name (short of
        # escapes in a quoted key), so another tool's pyproject.toml is passed over
        # without importing and running a TOML parser.
        return None
    import tomllib  # only when a file is found: a third of this module's import cost

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        if path.name == "pyproject.toml":
            return None
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        table = tool.get("trfkit") if isinstance(tool, dict) else None
        if table is not None and not isinstance(table, dict):
            raise ConfigError(f"{path}: [tool.trfkit] must be a table")
        return table
    return data


def _strings(value: object, key: str, path: Path) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(v.strip() for v in value if v.strip())
    raise ConfigError(f"{path}: {key} must be a list of codes, prefixes or names")


def find_settings_file(start: str | Path) -> Path | None:
    """The nearest ``trfkit.toml``, or ``pyproject.toml`` with ``[tool.trfkit]``, upward."""
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
    """The settings that apply to *start* (defaults when no file is found).

    Raises:
        ConfigError: The file found cannot be read or holds something unknown.
    """
    path = find_settings_file(start)
    if path is None:
        return Settings()
    table = _table(path) or {}
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(f"{path}: unknown key(s) {', '.join(unknown)}; known: {', '.join(KEYS)}")
    strict = table.get("strict", False)
    if not isinstance(strict, bool):
        raise ConfigError(f"{path}: strict must be true or false")
    return Settings(
        select=_strings(table.get("select", []), "select", path),
        ignore=_strings(table.get("ignore", []), "ignore", path),
        strict=strict,
        path=str(path),
    )

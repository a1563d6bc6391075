"""Settings from ``[tool.trfkit]`` in a ``pyproject.toml`` or from a ``trfkit.toml``.

The first such file found in the checked path's folder or any folder above it
wins (``trfkit.toml`` before ``pyproject.toml`` in the same folder; a
``pyproject.toml`` without a ``[tool.trfkit]`` table is passed over). Keys:

- ``select``, ``ignore``: lists of codes, code prefixes or names (a
  comma-separated string is accepted too);
- ``strict``: true makes warnings fail.

Command-line options take precedence. A settings file that cannot be read, or
that holds an unknown key or a value of the wrong type, raises
:class:`ConfigError` (``trfkit check`` turns it into a usage error); so does a
``trfkit.toml`` larger than :data:`MAX_BYTES` or nested too deeply for the TOML
reader. A ``pyproject.toml`` that cannot be read as TOML (broken, too large, too
deep) is passed over, since it belongs to another tool.

``trfkit check --isolated`` reads no settings file at all; every other run names
the file it applied in its output, and :func:`inside` tells the check command
when that file lies inside a checked folder (where whoever submits files could
have put it).

Example ``trfkit.toml``::

    select = ["S", "E"]
    ignore = ["E013"]
    strict = true
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from trfkit.errors import ConfigError
from trfkit.values import Value

KEYS = ("select", "ignore", "strict")
"""The keys a settings file may hold."""

MAX_BYTES = 1024 * 1024
"""The largest settings file read: a real one has a few lines; a hostile one stays small."""


@attrs.frozen(repr=False)
class Settings(Value):
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


def _read(path: Path) -> str:
    """The text of *path*, read only when it is a regular file of at most :data:`MAX_BYTES`.

    Raises:
        OSError, UnicodeDecodeError, ValueError: It cannot be read, or is too large.
    """
    # O_NONBLOCK: a FIFO put in place of the file after it was found must not block the open.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file")
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES:,} bytes")
    return data.decode("utf-8")


def _table(path: Path) -> dict[str, Any] | None:
    """The trfkit table of *path*, or ``None`` when the file has none."""
    try:
        text = _read(path)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
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
    except RecursionError:
        # tomllib reads nested arrays and inline tables recursively: a few hundred
        # levels exhaust the stack, which is the file's fault, not a crash.
        if path.name == "pyproject.toml":
            return None
        raise ConfigError(f"{path}: nested too deeply to be read as TOML") from None
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


def _find(start: str | Path) -> tuple[Path, dict[str, Any]] | None:
    here = Path(start).resolve()
    if not here.is_dir():
        here = here.parent
    for folder in (here, *here.parents):
        for name in ("trfkit.toml", "pyproject.toml"):
            candidate = folder / name
            if candidate.is_file():
                table = _table(candidate)
                if table is not None:
                    return candidate, table
    return None


def find_settings_file(start: str | Path) -> Path | None:
    """The nearest ``trfkit.toml``, or ``pyproject.toml`` with ``[tool.trfkit]``, upward."""
    found = _find(start)
    return found[0] if found is not None else None


def load_settings(start: str | Path) -> Settings:
    """The settings that apply to *start* (defaults when no file is found).

    Raises:
        ConfigError: The file found cannot be read or holds something unknown.
    """
    found = _find(start)
    if found is None:
        return Settings()
    path, table = found
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


def inside(settings_path: str | Path, checked: Iterable[str | Path]) -> str | None:
    """The first of the *checked* folders that holds *settings_path* (at any depth), if any.

    A file in a checked folder may have come with the files submitted for checking;
    one in a folder above every checked path was put there by whoever runs the check.
    Checked paths that are not folders are passed over (the folder of a checked file
    is above it). Paths are compared resolved, so a symbolic link does not hide it.
    """
    folder = Path(settings_path).resolve().parent
    for given in checked:
        root = Path(given)
        if root.is_dir() and folder.is_relative_to(root.resolve()):
            return str(given)
    return None
